"""Which game a table plays now: never one whose team has an earlier game to finish, and
every game played in the end."""

from __future__ import annotations

import random
from pathlib import Path

from club.store import Format, GameRow, Store
from club.turns import table_turn


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
        turns = {t.id: table_turn(store, t.id) for t in tables}
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
    assert all(table_turn(store, t.id).last is not None for t in tables)
    store.close()


def test_a_table_plays_its_earliest_game_whose_teams_are_free_whatever_waits_before_it(
    tmp_path: Path,
) -> None:
    # The rule as it reads (club/turns.py), asked of every game of the event at every moment
    # of nights where games end in random orders (and forfeits let some end early): the
    # table's game now is its earliest unfinished one whose two teams have no unfinished
    # game in an earlier round, even when an earlier game of the table still waits.
    store = Store(f"sqlite:///{tmp_path / 'club.db'}")
    for seed in range(4):
        event = store.create_event("Night", "straight", "", Format.ROUND_ROBIN,
                                   [(f"T{i}", "a", "b") for i in range(1, 10)])
        tables = store.tables(event)
        chance = random.Random(seed)
        while True:
            games = store.games(event)
            unfinished = [g for g in games if not g.finished]

            def free(game: GameRow, unfinished: list[GameRow] = unfinished) -> bool:
                teams = {game.ns_team_id, game.ew_team_id} - {None}
                return not any(o.round < game.round and teams & {o.ns_team_id, o.ew_team_id}
                               for o in unfinished)

            for table in tables:
                mine = [g for g in unfinished if g.table_id == table.id]
                expected = next((g for g in mine if free(g)), None)
                now = table_turn(store, table.id).now
                assert (now.id if now else None) == (expected.id if expected else None)
            if not unfinished:
                break
            # Any unfinished game may end next (a forfeit ends one that waits, too).
            store.set_finished(chance.choice([g for g in unfinished if g.table_id]).id, True)
    store.close()
