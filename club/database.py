"""Opening the club's database: SQLite (a file, in WAL mode, every commit synced) or
PostgreSQL (``postgresql://…``, driven by psycopg 3), and bringing its tables up to date with
the Alembic migrations shipped in ``club/migrations``, one server at a time."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path
from typing import Any

from sqlalchemy import create_engine, event
from sqlalchemy.engine import Engine
from sqlalchemy.pool import ConnectionPoolEntry

MIGRATIONS = Path(__file__).parent / "migrations"


def database_url(folder: Path, database: str | None) -> str:
    """The database to use: ``database`` when given, else ``club.db`` in ``folder``."""
    return database or f"sqlite:///{folder / 'club.db'}"


def _sqlite_pragmas(dbapi_connection: Any, _record: ConnectionPoolEntry) -> None:
    # WAL lets the pages read while a table writes; synchronous=FULL syncs every commit,
    # so an acknowledged entry outlives a crash of the machine, not only of the server.
    # The wait for a lock is set first: turning WAL on takes one.
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA busy_timeout=30000")
    _turn_to_wal(cursor)
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA foreign_keys=ON")
    # The WAL is copied back into the database by Store's checkpointer thread, never by
    # the commit that happens to fill it (a sync of the whole file, while every table's entry
    # waits behind that commit).
    cursor.execute("PRAGMA wal_autocheckpoint=0")
    cursor.close()


# How long a server waits to turn a new database to WAL while another does the same.
WAL_WAIT = 30.0


def _turn_to_wal(cursor: Any) -> None:
    """Turn the database to WAL. A new database is not yet: turning it takes an exclusive
    lock, and SQLite answers "database is locked" at once, without the busy wait, to one of
    two connections asking at the same moment (waiting could deadlock them). That one asks
    again, until the other has turned it (then the switch takes no lock) or WAL_WAIT is up."""
    deadline = time.monotonic() + WAL_WAIT
    while True:
        try:
            cursor.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as e:
            if "locked" not in str(e) or time.monotonic() > deadline:
                raise
            time.sleep(0.01)


def open_engine(url: str) -> Engine:
    """An engine for ``url`` (``postgresql://`` is driven by psycopg 3). Raises
    ValueError for a database that is neither SQLite nor PostgreSQL."""
    if not url.startswith(("sqlite:///", "postgresql://", "postgresql+psycopg://")):
        raise ValueError(f"{url.split(':')[0]}: the database is sqlite:///FILE or "
                         "postgresql://USER@HOST/NAME")
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url.removeprefix("postgresql://")
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False})
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    return create_engine(url, pool_size=10, max_overflow=20)


# Taken by every server bringing a PostgreSQL database up to date (any number: the club's).
MIGRATION_LOCK = 4242_0035


def migrate(engine: Engine) -> None:
    """Bring the database's tables up to date with the shipped migrations.

    Servers started at the same moment on one database take turns: each migrates inside a
    lock (PostgreSQL: an advisory lock held for the transaction; SQLite: an exclusive
    transaction), so the second finds the tables made and up to date rather than making them
    again. (Not a lock on the SQLite file from outside: closing any other descriptor of it
    drops the locks SQLite holds on it in this process.)"""
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        if engine.dialect.name == "postgresql":
            connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock({MIGRATION_LOCK})")
        else:
            connection.exec_driver_sql("BEGIN EXCLUSIVE")
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
