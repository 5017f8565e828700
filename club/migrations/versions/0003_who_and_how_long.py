"""Who wrote what, and how long the director's access lasts: each entry keeps the phone
that sent it (a random id the phone keeps) and the table whose link it came by; the
director's sessions are kept with their expiry (a cookie names one, by its hash); the
games are found by table and by team without reading them all.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("entry") as batch:
        batch.add_column(sa.Column("device", sa.String(40), nullable=True))
        batch.add_column(sa.Column("table_id", sa.Integer, nullable=True))
    op.create_table(
        "director_session",
        sa.Column("id", sa.String(64), primary_key=True),  # sha256 of the cookie's value
        sa.Column("expires", sa.Integer, nullable=False),  # seconds since 1970, UTC
    )
    op.create_index("ix_game_table_id", "game", ["table_id"])
    op.create_index("ix_game_ns_team_id", "game", ["ns_team_id"])
    op.create_index("ix_game_ew_team_id", "game", ["ew_team_id"])


def downgrade() -> None:
    for name in ("ix_game_ew_team_id", "ix_game_ns_team_id", "ix_game_table_id"):
        op.drop_index(name, "game")
    op.drop_table("director_session")
    with op.batch_alter_table("entry") as batch:
        batch.drop_column("table_id")
        batch.drop_column("device")
