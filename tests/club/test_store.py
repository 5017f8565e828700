"""The club's database: made and brought up to date by the shipped migrations, on SQLite and
PostgreSQL; a database of an earlier version keeps its games through the upgrade."""

from __future__ import annotations

import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from alembic import command
from alembic.config import Config
from alembic.script import ScriptDirectory
from sqlalchemy import text

from club.database import MIGRATIONS, open_engine
from club.store import CHECKPOINT_COMMITS, Format, Store

sys.path.insert(0, str(Path(__file__).parent))
from club_fixtures import DATABASES, Cluster
from club_server import Server, free_port


def _head() -> str:
    """The newest of the shipped migrations."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    head = ScriptDirectory.from_config(config).get_current_head()
    assert head is not None
    return head


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


@pytest.mark.parametrize("kind", DATABASES)
def test_two_servers_started_at_once_on_a_fresh_database_both_come_up(
    kind: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    for attempt in range(5):  # before the migrations took a lock, one died 3 times in 4
        folder = tmp_path / str(attempt)
        if kind == "sqlite":
            database = f"sqlite:///{folder / 'club.db'}"
        else:
            cluster: Cluster = request.getfixturevalue("postgres_cluster")
            database = cluster.new_database()
        servers = [Server(folder, database, free_port()) for _ in range(2)]
        try:
            with ThreadPoolExecutor(2) as starting:
                for started in [starting.submit(s.start) for s in servers]:
                    started.result()  # raises when that server stopped
            assert servers[0].secret == servers[1].secret  # one director's link for both
        finally:
            for s in servers:
                s.stop()
        store = Store(database)
        try:
            with store.engine.connect() as c:
                assert c.execute(text("SELECT version_num FROM alembic_version")).all() == [
                    (_head(),)]
        finally:
            store.close()


def test_entries_commits_leave_the_wal_to_the_checkpointer(tmp_path: Path) -> None:
    # A commit that copies the WAL back into the database syncs the whole file while every
    # table's entry waits behind it: the store's own thread does that, between commits.
    database = tmp_path / "club.db"
    store = Store(f"sqlite:///{database}")
    try:
        with store.engine.connect() as c:
            assert c.exec_driver_sql("PRAGMA wal_autocheckpoint").scalar() == 0
        event = store.create_event("Busy", "straight", "", Format.ROUND_ROBIN,
                                   [("A", "a", "b"), ("B", "c", "d")])
        game = store.games(event)[0]
        size = database.stat().st_size
        for number in range(1, 2 * CHECKPOINT_COMMITS + 1):
            assert store.add_entry(game.id, number, "pass")
        for _ in range(200):  # the checkpointer's turn comes soon after
            if database.stat().st_size > size:
                break
            time.sleep(0.05)
        assert database.stat().st_size > size
    finally:
        store.close()
