"""The club's database: made and brought up to date by the shipped migrations, on SQLite and
PostgreSQL; a database of an earlier version keeps its games through the upgrade."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import text

from club.store import MIGRATIONS, Format, Store, open_engine


def test_a_database_made_by_the_first_migration_is_brought_up_to_date(database: str) -> None:
    # A fresh database for this module: its rows are numbered from 1.
    engine = open_engine(database)
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0001")  # the first version's tables, and a game in them
        connection.execute(text(
            "INSERT INTO event (name, rules, options, format, public_token, created) "
            "VALUES ('Old', 'straight', '', 'round-robin', 'p', 'then')"))
        connection.execute(text(
            "INSERT INTO team (event_id, number, name, first, second) VALUES "
            "(1, 1, 'A', 'a', 'b'), (1, 2, 'B', 'c', 'd')"))
        connection.execute(text(
            "INSERT INTO game (event_id, round, table_id, ns_team_id, ew_team_id, "
            "finished) VALUES (1, 1, NULL, 1, 2, 0)"))
    engine.dispose()
    store = Store(database)  # upgrades to the newest version on opening
    try:
        game = store.game(1)
        assert game is not None
        assert game.stage == "round"
        assert not game.in_bracket
        with store.engine.connect() as c:
            assert c.execute(text("SELECT version_num FROM alembic_version")).scalar() == "0003"
        event = store.create_event("New", "texas", "", Format.BRACKETS,
                                   [("X", "x", "y"), ("Y", "z", "w")])
        assert [e.name for e in store.events()] == ["Old", "New"]
        assert store.games(event)[0].stage == "round"
        assert store.add_entry(1, 1, "start tricks N", "phoneA1", None)
        assert store.devices(1) == {1: [("phoneA1", 1)]}
    finally:
        store.close()


def test_a_directors_session_ends_in_time_at_logout_and_with_a_new_secret(
    tmp_path: Path,
) -> None:
    store = Store(f"sqlite:///{tmp_path / 'club.db'}")
    first, second = store.open_session(60, at=1000), store.open_session(60, at=1000)
    assert first != second
    assert store.is_session(first, at=1059)
    assert not store.is_session(first, at=1060)  # an hour's session ends in an hour
    assert not store.is_session(first[:-1] + "x", at=1001)
    assert not store.is_session("", at=1001)
    store.close_session(first)
    assert not store.is_session(first, at=1001)
    assert store.is_session(second, at=1001)
    old = store.secret()
    new = store.new_secret()
    assert new != old
    assert store.secret() == new
    assert not store.is_session(second, at=1001)
    with store.engine.connect() as c:  # the database keeps no cookie, only its hash
        kept = c.execute(text("SELECT id FROM director_session")).scalars().all()
    assert second not in kept
    store.close()
