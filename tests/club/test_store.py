"""The club's database: made and brought up to date by the shipped migrations, on SQLite and
PostgreSQL; a database of an earlier version keeps its games through the upgrade."""

from __future__ import annotations

import random
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


def test_no_table_plays_a_game_whose_team_has_an_earlier_game_to_finish(tmp_path: Path) -> None:
    # Seven teams (a bye a round), three tables: games end in a random order, each as soon
    # as its table may play it; at every moment no team is asked to be at two tables, and
    # every game is played in the end (no table waits for ever).
    store = Store(f"sqlite:///{tmp_path / 'club.db'}")
    event = store.create_event("Night", "straight", "", Format.ROUND_ROBIN,
                               [(f"T{i}", "a", "b") for i in range(1, 8)])
    tables = store.tables(event)
    chance = random.Random(35)
    while True:
        games = store.games(event)
        turns = {t.id: store.table_turn(t.id) for t in tables}
        playing = [turn.now for turn in turns.values() if turn.now is not None]
        for game in playing:
            for other in games:
                shares = {game.ns_team_id, game.ew_team_id} & {other.ns_team_id,
                                                                other.ew_team_id}
                if other.id != game.id and shares - {None} and not other.finished:
                    assert other.round > game.round, (game, other)
        for turn in turns.values():
            if turn.now is None and turn.next is not None:
                assert turn.holdups
                assert all(not h.game.finished and h.game.round < turn.next.round
                           for h in turn.holdups)
        if not playing:
            break
        store.set_finished(chance.choice(playing).id, True)
    assert all(g.finished for g in store.games(event))
    assert all(store.table_turn(t.id).last is not None for t in tables)
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
