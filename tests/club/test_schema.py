"""The club's schema is written once: the migrations are its history, and the tables they
make are the tables :mod:`club.schema` describes, to the column's type, default and index
(Alembic's autogenerate comparison finds no difference), on SQLite and PostgreSQL."""

from __future__ import annotations

from typing import Any

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from club.database import migrate, open_engine
from club.schema import metadata


def _differences(database: str) -> list[Any]:
    engine = open_engine(database)
    try:
        migrate(engine)
        with engine.connect() as connection:
            context = MigrationContext.configure(connection, opts={
                "compare_type": True, "compare_server_default": True})
            return list(compare_metadata(context, metadata))
    finally:
        engine.dispose()


def test_the_migrated_database_is_the_schema(database: str) -> None:
    # ``database``: an empty SQLite file, then an empty PostgreSQL database (club_fixtures).
    differences = _differences(database)
    assert differences == [], "\n".join(map(repr, differences))


def test_every_default_is_the_databases() -> None:
    # A default Python fills in (Column(default=...)) is not in the tables the migrations
    # make, and the comparison cannot see it: the schema would say one thing, the database
    # another. A default is written as server_default, and so migrated.
    python_only = [f"{table.name}.{column.name}" for table in metadata.sorted_tables
                   for column in table.columns if column.default is not None]
    assert python_only == []
