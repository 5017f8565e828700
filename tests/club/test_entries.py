"""Nothing lost: entries sent twice and out of order are stored once, in order; a server
killed with SIGKILL mid-game keeps every entry it acknowledged. On SQLite and PostgreSQL,
against a real ``t42 serve`` process over HTTP."""

from __future__ import annotations

import json
import random
import sys
import threading
from pathlib import Path

import httpx

import notation
from club.store import Store
from club.tables import entries_of

sys.path.insert(0, str(Path(__file__).parent))
import contextlib

from club_server import (
    Server,
    create_event,
    game_of,
    send,
    without_deals,
)

TEAMS = "Garcias, Lupe, Manny\nWeatherbys, Tom, Jolene\nSmiths, Al, Bea\nJoneses, Cy, Di"


def _game(seed: int) -> notation.Game:
    """A whole random game; the seeds used deal games of four hands (about 145 entries),
    which keeps these tests quick."""
    game = notation.random_game(random.Random(seed), notation.rule_set("straight"))
    assert len(game.hands) == 4
    return game


def _stored(database: str, game: int) -> list[tuple[int, str]]:
    store = Store(database)
    try:
        return store.entries(game)
    finally:
        store.close()


def _exported(client: httpx.Client, event: str) -> notation.Game:
    answer = client.get(f"{event}/files/round-1-table-1.t42")
    assert answer.status_code == 200, answer.text
    games = notation.loads(answer.text)
    assert len(games) == 1
    return games[0]


def test_entries_sent_twice_and_out_of_order_after_a_drop_are_stored_once_in_order(
    server: Server,
) -> None:
    director = server.director()
    event, links = create_event(director, TEAMS)
    phone = httpx.Client(base_url=server.url, timeout=30)
    token, game_id = game_of(phone, links[0])
    game = _game(94)
    entries = entries_of(game)
    online = len(entries) // 3
    for number, entry in enumerate(entries[:online], start=1):
        assert send(phone, token, game_id, number, entry).status_code == 200
    # The Wi-Fi drops: the phone kept the rest; back on line it sends them all, some twice
    # (an answer lost on the way back), in the order a flaky network delivers them.
    kept = list(enumerate(entries[online:], start=online + 1))
    delivered = kept + kept[::2] + kept[1::3]
    random.Random(1).shuffle(delivered)
    for number, entry in delivered:
        answer = send(phone, token, game_id, number, entry)
        assert answer.status_code == 200
        assert answer.json()["stored"] == number
    numbered = list(enumerate(entries, start=1))
    assert _stored(server.database, game_id) == numbered
    recorded = _exported(director, event)
    assert recorded.hands == without_deals(game)
    # Sending one again once the game is over changes nothing.
    assert send(phone, token, game_id, 3, entries[2]).status_code == 200
    assert _stored(server.database, game_id) == numbered


def test_a_server_killed_mid_game_keeps_every_acknowledged_entry(server: Server) -> None:
    director = server.director()
    event, links = create_event(director, TEAMS)
    phone = httpx.Client(base_url=server.url, timeout=30)
    token, game_id = game_of(phone, links[0])
    game = _game(219)
    entries = entries_of(game)
    middle = len(entries) // 2
    acknowledged = 0
    for number, entry in enumerate(entries[:middle], start=1):
        assert send(phone, token, game_id, number, entry).status_code == 200
        acknowledged = number

    # One more entry is on its way when the server is killed: it may be stored or not,
    # but everything acknowledged before it must be.
    def in_flight() -> None:
        with contextlib.suppress(httpx.HTTPError):
            send(phone, token, game_id, middle + 1, entries[middle])

    sender = threading.Thread(target=in_flight)
    sender.start()
    server.kill()
    sender.join()
    stored = _stored(server.database, game_id)
    assert stored[:acknowledged] == list(enumerate(entries[:acknowledged], start=1))
    assert len(stored) in (acknowledged, acknowledged + 1)

    server.start()
    phone = httpx.Client(base_url=server.url, timeout=30)
    page_after = phone.get(f"/t/{token}")
    assert f'data-stored="{len(stored)}"' in page_after.text
    # The phone resends what it has no answer for, and the game goes on to its end.
    for number, entry in enumerate(entries[acknowledged:], start=acknowledged + 1):
        assert send(phone, token, game_id, number, entry).status_code == 200
    assert _stored(server.database, game_id) == list(enumerate(entries, start=1))
    director = server.director()
    assert _exported(director, event).hands == without_deals(game)


def test_what_a_phone_keyboard_adds_never_leaves_a_gap_in_a_game(server: Server) -> None:
    director = server.director()
    event, links = create_event(director, TEAMS)
    phone = httpx.Client(base_url=server.url, timeout=30)
    token, game_id = game_of(phone, links[0])
    typed = ["start tricks N", "p\u200d", "30\u00a0", "\U0001f937\u200d\u2642\ufe0f",
             "\ufeffpass", "pass\ud83e", "pa\u00adss", "\u200bsixes\ufe0f"]
    for number, entry in enumerate(typed, start=1):
        # As a browser sends it: JSON escapes (the half of an emoji is one, \ud83e).
        answer = phone.post(f"/t/{token}/entries", headers={"content-type": "application/json"},
                            content=json.dumps({"game": game_id, "number": number,
                                                "entry": entry}))
        assert answer.status_code == 200, answer.text
        assert answer.json()["through"] == number  # nothing waits behind a gap
    # The emoji (no bid) and a pass when trump is to be named are kept as refusals, said to
    # the table; the rest counts.
    stored = _stored(server.database, game_id)
    assert [n for n, _ in stored] == list(range(1, len(typed) + 1))
    assert stored[1:3] == [(2, "p"), (3, "30")]
    recorded = _exported(director, event)
    auction = recorded.hands[0].auction
    assert auction is not None
    assert [str(c.bid) for c in auction.calls] == ["pass", "30", "pass", "pass"]
    assert recorded.hands[0].trump is not None
    assert str(recorded.hands[0].trump.trump) == "sixes"
    # Sent again (an answer lost on the way back), the same typing is the same entry.
    assert send(phone, token, game_id, 3, "30\u00a0").status_code == 200
    # What cannot be an entry at all is refused in words, and nothing is stored.
    for nothing, words in (("\u200d\u00a0", "nothing was typed"), ("x" * 61, "too long")):
        answer = send(phone, token, game_id, len(typed) + 1, nothing)
        assert answer.status_code == 400
        assert words in answer.json()["refused"]
    assert len(_stored(server.database, game_id)) == len(typed)


def test_an_entry_whose_number_holds_another_text_is_answered_as_a_conflict(
    server: Server,
) -> None:
    director = server.director()
    _, links = create_event(director, TEAMS)
    phone = httpx.Client(base_url=server.url, timeout=30)
    token, game_id = game_of(phone, links[0])
    assert send(phone, token, game_id, 1, "start tricks N").status_code == 200
    assert send(phone, token, game_id, 2, "30").status_code == 200
    # Another phone at the table numbered its entry 2 as well.
    answer = send(phone, token, game_id, 2, "pass")
    assert answer.status_code == 409, answer.text
    said = answer.json()
    assert said["number"] == 2
    assert said["stored_entry"] == "30"
    assert said["through"] == 2
    assert 'data-stored="2"' in said["html"]  # the screen as it is, to catch up
    assert "entry 2" in said["conflict"]
    assert '"30"' in said["conflict"]
    # An entry waiting ahead of a gap is taken as well: another text there is a conflict too.
    assert send(phone, token, game_id, 5, "pass").status_code == 200
    assert send(phone, token, game_id, 5, "35").status_code == 409
    # The same text again is the resend of an answer lost on the way: taken once, as before.
    assert send(phone, token, game_id, 2, "30").json()["stored"] == 2
    assert send(phone, token, game_id, 5, "pass").status_code == 200
    assert _stored(server.database, game_id) == [(1, "start tricks N"), (2, "30"), (5, "pass")]


def test_a_game_won_before_its_last_hand_is_played_out_takes_the_rest_of_that_hand(
    server: Server,
) -> None:
    # A game is won as soon as its last hand is decided (the bid set, or made, before the
    # seventh trick); a table plays the hand out, and writes its score lines, as the record
    # has them. Those entries are the game's, not refused as a game that is over.
    director = server.director()
    event, links = create_event(director, TEAMS)
    phone = httpx.Client(base_url=server.url, timeout=30)
    token, game_id = game_of(phone, links[0])
    game = notation.random_game(random.Random(1006), notation.rule_set("straight"))
    entries = entries_of(game)
    for number, entry in enumerate(entries, start=1):
        answer = send(phone, token, game_id, number, entry)
        assert answer.status_code == 200, (number, entry, answer.text)
    assert _stored(server.database, game_id) == list(enumerate(entries, start=1))
    assert _exported(director, event).hands == without_deals(game)
