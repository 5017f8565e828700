"""The club night's first tables: events, teams, tables, games, entries, the audit trail.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "setting",
        sa.Column("name", sa.String(40), primary_key=True),
        sa.Column("value", sa.String(200), nullable=False),
    )
    op.create_table(
        "event",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("rules", sa.String(40), nullable=False),
        sa.Column("options", sa.String(200), nullable=False),
        sa.Column("format", sa.String(20), nullable=False),
        sa.Column("public_token", sa.String(60), nullable=False, unique=True),
        sa.Column("created", sa.String(40), nullable=False),
    )
    op.create_table(
        "team",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("event_id", sa.Integer, sa.ForeignKey("event.id"), nullable=False, index=True),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("first", sa.String(200), nullable=False),
        sa.Column("second", sa.String(200), nullable=False),
    )
    op.create_table(
        "club_table",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("event_id", sa.Integer, sa.ForeignKey("event.id"), nullable=False, index=True),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("token", sa.String(60), nullable=False, unique=True),
    )
    op.create_table(
        "game",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("event_id", sa.Integer, sa.ForeignKey("event.id"), nullable=False, index=True),
        sa.Column("round", sa.Integer, nullable=False),
        sa.Column("table_id", sa.Integer, sa.ForeignKey("club_table.id"), nullable=True),
        sa.Column("ns_team_id", sa.Integer, sa.ForeignKey("team.id"), nullable=False),
        sa.Column("ew_team_id", sa.Integer, sa.ForeignKey("team.id"), nullable=True),
        sa.Column("finished", sa.Integer, nullable=False),
        sa.Column("outcome", sa.String(20), nullable=True),
        sa.Column("outcome_ns", sa.Integer, nullable=True),
        sa.Column("outcome_ew", sa.Integer, nullable=True),
    )
    op.create_table(
        "entry",
        sa.Column("game_id", sa.Integer, sa.ForeignKey("game.id"), primary_key=True),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("text", sa.String(80), nullable=False),
        sa.Column("at", sa.String(40), nullable=False),
    )
    op.create_table(
        "audit",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("event_id", sa.Integer, sa.ForeignKey("event.id"), nullable=False, index=True),
        sa.Column("game_id", sa.Integer, sa.ForeignKey("game.id"), nullable=True),
        sa.Column("at", sa.String(40), nullable=False),
        sa.Column("what", sa.String(500), nullable=False),
        sa.Column("reason", sa.String(500), nullable=False),
    )


def downgrade() -> None:
    for name in ("audit", "entry", "game", "club_table", "team", "event", "setting"):
        op.drop_table(name)
