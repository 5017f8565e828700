"""The club's tables as SQLAlchemy describes them, for :mod:`club.store` to read and write:
events, their teams, tables and games, each game's entries, the director's sessions and the
audit trail. The database gets them from the migrations in ``club/migrations``, which are
their history: ``tests/club/test_schema.py`` holds these tables equal to the tables the
migrations make (Alembic's comparison, on SQLite and PostgreSQL), so a change here is a new
migration there. A default is the database's (``server_default``), never Python's alone."""

from __future__ import annotations

from sqlalchemy import Column, ForeignKey, Integer, MetaData, String, Table

metadata = MetaData()

setting = Table(
    "setting", metadata,
    Column("name", String(40), primary_key=True),
    Column("value", String(200), nullable=False),
)
event_table = Table(
    "event", metadata,
    Column("id", Integer, primary_key=True),
    Column("name", String(200), nullable=False),
    Column("rules", String(40), nullable=False),
    Column("options", String(200), nullable=False),
    Column("format", String(20), nullable=False),
    Column("public_token", String(60), nullable=False, unique=True),
    Column("created", String(40), nullable=False),
)
team_table = Table(
    "team", metadata,
    Column("id", Integer, primary_key=True),
    Column("event_id", ForeignKey("event.id"), nullable=False, index=True),
    Column("number", Integer, nullable=False),
    Column("name", String(200), nullable=False),
    Column("first", String(200), nullable=False),
    Column("second", String(200), nullable=False),
)
table_table = Table(
    "club_table", metadata,
    Column("id", Integer, primary_key=True),
    Column("event_id", ForeignKey("event.id"), nullable=False, index=True),
    Column("number", Integer, nullable=False),
    Column("token", String(60), nullable=False, unique=True),
)
game_table = Table(
    "game", metadata,
    Column("id", Integer, primary_key=True),
    Column("event_id", ForeignKey("event.id"), nullable=False, index=True),
    Column("round", Integer, nullable=False),
    # None: a bye. Found by table and by team without reading them all (0003).
    Column("table_id", ForeignKey("club_table.id"), nullable=True, index=True),
    Column("ns_team_id", ForeignKey("team.id"), nullable=False, index=True),
    Column("ew_team_id", ForeignKey("team.id"), nullable=True, index=True),  # None: a bye
    # No default: every game is made saying whether it is finished (a bye is, at once).
    Column("finished", Integer, nullable=False),
    Column("outcome", String(20), nullable=True),  # forfeit or corrected
    Column("outcome_ns", Integer, nullable=True),
    Column("outcome_ew", Integer, nullable=True),
    Column("stage", String(20), nullable=False, server_default="round"),  # or bracket
)
entry_table = Table(
    "entry", metadata,
    Column("game_id", ForeignKey("game.id"), primary_key=True),
    Column("number", Integer, primary_key=True),
    Column("text", String(80), nullable=False),
    Column("at", String(40), nullable=False),
    Column("device", String(40), nullable=True),  # the phone that sent it (its own id)
    Column("table_id", Integer, nullable=True),  # the table whose link it came by
)
session_table = Table(
    "director_session", metadata,
    Column("id", String(64), primary_key=True),  # sha256 of the cookie's value
    Column("expires", Integer, nullable=False),  # seconds since 1970, UTC
)
audit_table = Table(
    "audit", metadata,
    Column("id", Integer, primary_key=True),
    Column("event_id", ForeignKey("event.id"), nullable=False, index=True),
    Column("game_id", ForeignKey("game.id"), nullable=True),
    Column("at", String(40), nullable=False),
    Column("what", String(500), nullable=False),
    Column("reason", String(500), nullable=False),
)
