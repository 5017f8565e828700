"""Brackets after the round robin: each game says its stage (a round of the round robin or
of open play, or a bracket game).

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("game") as batch:
        batch.add_column(sa.Column("stage", sa.String(20), nullable=False,
                                   server_default="round"))


def downgrade() -> None:
    with op.batch_alter_table("game") as batch:
        batch.drop_column("stage")
