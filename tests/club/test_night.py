"""The club night as the pages see it: an entry and what follows from it (the game won, so
finished) are stored together or not at all."""

from __future__ import annotations

import random
from typing import Any

import pytest
from sqlalchemy import event
from sqlalchemy.exc import OperationalError

import notation
from club.night import Night
from club.store import Format, Store
from club.tables import TableGame, entries_of


def test_a_failure_marking_the_game_finished_leaves_its_last_entry_to_send_again(
    database: str,
) -> None:
    store = Store(database)
    try:
        night = Night(store)
        event_id = store.create_event("Failing disk", "straight", "", Format.ROUND_ROBIN,
                                      [("A", "a", "b"), ("B", "c", "d")])
        game = store.games(event_id)[0]
        entries = entries_of(notation.random_game(random.Random(94),
                                                  notation.rule_set("straight")))
        game_won = TableGame(())
        for won, entry in enumerate(entries, start=1):  # the entry that wins the game
            game_won = game_won.take(won, entry)
            if game_won.recording is not None and game_won.recording.winner is not None:
                break
        for number, entry in enumerate(entries[:won - 1], start=1):
            assert night.enter(game, number, entry)[0]
        assert not store.games(event_id)[0].finished

        failed: list[str] = []

        def fail_marking_finished(_c: Any, _cursor: Any, statement: str, *_: Any) -> None:
            if statement.lstrip().upper().startswith("UPDATE GAME") and not failed:
                failed.append(statement)
                raise OperationalError(statement, {}, OSError("the disk is full"))

        event.listen(store.engine, "before_cursor_execute", fail_marking_finished)
        with pytest.raises(OperationalError):
            night.enter(game, won, entries[won - 1])
        assert failed
        # The phone had no answer: it sends that entry again, and the game is over.
        new, state = night.enter(game, won, entries[won - 1])
        assert new
        assert state.recording is not None
        assert state.recording.winner is not None
        assert store.games(event_id)[0].finished
        assert [n for n, _ in store.entries(game.id)] == list(range(1, won + 1))
    finally:
        store.close()


def test_an_entry_far_ahead_of_the_game_is_refused_in_words_and_not_stored(
    database: str,
) -> None:
    store = Store(database)
    try:
        night = Night(store)
        event_id = store.create_event("Far ahead", "straight", "", Format.ROUND_ROBIN,
                                      [("A", "a", "b"), ("B", "c", "d")])
        game = store.games(event_id)[0]
        night.enter(game, 1, "start tricks N")
        # Entries wait ahead of a gap (replayed under the game's lock when it is filled):
        # how many may wait is bounded, so that no request holds the game for long.
        with pytest.raises(ValueError, match="entry 5001 is too far ahead of entry 1"):
            night.enter(game, 5001, "pass")
        assert store.entries(game.id) == [(1, "start tricks N")]
        assert night.enter(game, 301, "pass")[0]  # a phone's queue, sent out of order
        assert night.state(game).waiting == ((301, "pass"),)
    finally:
        store.close()


def test_a_page_of_every_game_asks_the_database_for_their_entries_once(
    database: str,
) -> None:
    # The director's live page comes back every 3 s: one question about every game's
    # entries for the page, not several for each game (7,140 games in a round robin of 120
    # teams took 2 s of the server's time a refresh).
    from club.app import create_app

    store = Store(database)
    try:
        site = create_app(store).state.site
        event_id = store.create_event("Many", "straight", "", Format.ROUND_ROBIN,
                                      [(f"T{i}", f"a{i}", f"b{i}") for i in range(16)])
        many = store.event(event_id)
        assert many is not None
        game = store.games(event_id)[0]
        assert site.night.enter(game, 1, "start tricks N")[0]
        asked: list[str] = []

        def count(_c: Any, _cursor: Any, statement: str, *_: Any) -> None:
            if "count(" in statement.lower():
                asked.append(statement)

        event.listen(store.engine, "before_cursor_execute", count)
        view = site.event_view(many, "http://127.0.0.1")
        assert len(asked) == 1
        shown = {row["game"].id: row["state"] for row in view["games"]}
        assert shown[game.id] is not None
        assert shown[game.id].through == 1
        # Another server on the database stores an entry: the next page shows it.
        Store(database).add_entry(game.id, 2, "pass")
        view = site.event_view(many, "http://127.0.0.1")
        assert {row["game"].id: row["state"] for row in view["games"]}[game.id].through == 2
    finally:
        store.close()
