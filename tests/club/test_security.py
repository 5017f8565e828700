"""Only who belongs: a table's token reads and writes that table's game only (the game it
plays now), and each entry names the phone that sent it; the director's pages need a
session, which ends at a logout, in time, or when the secret is changed, and is sent over
HTTPS only when served so; a form posted from another site is refused; a name written as
markup is shown as text on every page; requests are limited in size and rate; every bad
request is answered in words with a 4xx, a full disk with a 503; slow clients do not stop
the night; the server listens on 127.0.0.1 unless asked. Most run against a real ``t42
serve``, on SQLite and PostgreSQL."""

from __future__ import annotations

import re
import socket
import ssl
import subprocess
import sys
import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import sqlalchemy

from club.app import Settings, create_app
from club.guard import MAX_BODY, Buckets
from club.serve import hall_address
from club.store import Store

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

sys.path.insert(0, str(Path(__file__).parent))
from club_fixtures import DATABASES, Cluster
from club_server import (
    Server,
    SlowClients,
    create_event,
    csrf_of,
    free_port,
    game_of,
    send,
)

# Names and an event name that attack a page: markup, a script, an attribute that runs one.
HOSTILE = {
    "event": "<script>window.pwned=1</script> night",
    "team": "<img src=x onerror=\"window.pwned=1\">",
    "first": "<script>window.pwned=2</script>",
    "second": "Ann \"&' </td></tr></table><b>bold</b>",
}
RAW = ("<script>window.pwned", "<img src=x", "<b>bold</b>", "</td></tr></table><b>")


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    s = Store(f"sqlite:///{tmp_path / 'club.db'}")
    yield s
    _APPS.pop(id(s), None)
    s.close()


_APPS: dict[int, Any] = {}


def _client(store: Store, settings: Settings | None = None) -> TestClient:
    """A browser of its own (its own cookies) on the one app serving ``store``."""
    if settings is not None:
        return TestClient(create_app(store, settings), base_url="http://club.test")
    app = _APPS.setdefault(id(store), create_app(store))
    return TestClient(app, base_url="http://club.test")


def _director(store: Store) -> TestClient:
    client = _client(store)
    assert client.get(f"/director/login?key={store.secret()}").status_code == 200
    return client


def _csrf(client: TestClient) -> str:
    found = re.search(r'name="csrf" value="([^"]+)"', client.get("/director").text)
    assert found
    return found[1]


def _event(client: TestClient, teams: str, name: str = "Friday") -> str:
    answer = client.post("/director/events", data={
        "csrf": _csrf(client), "name": name, "rules": "straight", "options": "",
        "format": "round-robin", "teams": teams,
    })
    assert answer.status_code == 200, answer.text
    return str(answer.text)


def _tables(page: str) -> list[str]:
    return [str(t) for t in re.findall(r'/t/([A-Za-z0-9_-]+)" data-table', page)]


def _game_of(client: TestClient, token: str) -> int:
    found = re.search(r'data-game="(\d+)"', client.get(f"/t/{token}").text)
    assert found
    return int(found[1])


FOUR = "A, Ann, Al\nB, Bea, Bo\nC, Cy, Cal\nD, Di, Dot"


def test_a_table_token_reads_and_writes_only_its_own_table(store: Store) -> None:
    director = _director(store)
    first, second = _tables(_event(director, FOUR))
    phone = _client(store)  # a phone has the table's link only: no director's cookie
    mine, theirs = _game_of(phone, first), _game_of(phone, second)
    # Writing the other table's game with this table's token is refused, and stores nothing.
    answer = phone.post(f"/t/{first}/entries",
                        json={"game": theirs, "number": 1, "entry": "start tricks N"})
    assert answer.status_code == 403
    assert store.entries(theirs) == []
    assert phone.post(f"/t/{first}/entries",
                      json={"game": mine, "number": 1, "entry": "start tricks N"}
                      ).status_code == 200
    assert store.entries(mine) == [(1, "start tricks N")]
    # The table's page shows its own game, and nothing opens the director's pages.
    assert f'data-game="{mine}"' in phone.get(f"/t/{first}").text
    assert f'data-game="{theirs}"' not in phone.get(f"/t/{first}").text
    for path in ("/director", "/director/e/1", "/director/e/1/live",
                 "/director/e/1/export.zip", "/director/e/1/files/games.t42",
                 f"/director/login?key={first}"):
        assert phone.get(path).status_code == 403, path
    # A made-up or altered token opens nothing (altered for sure: its last letter changed).
    altered = first[:-1] + ("y" if first.endswith("x") else "x")
    assert phone.get(f"/t/{altered}").status_code == 404
    assert phone.post(f"/t/{altered}/entries",
                      json={"game": mine, "number": 2, "entry": "pass"}).status_code == 404
    assert store.entries(mine) == [(1, "start tricks N")]


def test_the_director_pages_refuse_a_request_without_the_secret(store: Store) -> None:
    director = _director(store)
    _event(director, FOUR)
    csrf = _csrf(director)
    stranger = _client(store)
    for path in ("/director", "/director/e/1", "/director/e/1/export.zip",
                 "/director/e/1/files/round-1-table-1.t42", "/director/login?key=guess"):
        assert stranger.get(path).status_code == 403, path
    # Even with the form's token, a post without the director's cookie does nothing.
    answer = stranger.post("/director/events", data={
        "csrf": csrf, "name": "Mine", "rules": "straight", "format": "open",
        "teams": "X, a, b\nY, c, d"})
    assert answer.status_code == 403
    assert stranger.post("/director/g/1/outcome", data={
        "csrf": csrf, "what": "forfeit", "team": "1", "reason": "r"}).status_code == 403
    stranger.cookies.set("t42_director", "0" * 64)
    assert stranger.get("/director").status_code == 403
    assert [e.name for e in store.events()] == ["Friday"]
    assert store.game(1) is not None
    assert store.game(1).outcome is None  # type: ignore[union-attr]


def test_a_cross_site_form_post_is_refused(store: Store) -> None:
    director = _director(store)
    csrf = _csrf(director)
    form = {"csrf": csrf, "name": "Evil", "rules": "straight", "format": "open",
            "teams": "X, a, b\nY, c, d"}
    for headers in ({"origin": "http://evil.example"},
                    {"referer": "http://evil.example/page"},
                    {"sec-fetch-site": "cross-site"}):
        answer = director.post("/director/events", data=form, headers=headers)
        assert answer.status_code == 403, headers
    # From this site but without the form's token (a form another page made up): refused.
    assert director.post("/director/events", data={**form, "csrf": ""}).status_code == 403
    assert store.events() == []
    # A table's entry must be JSON: a plain form (which another site could post) is refused.
    first = _tables(_event(director, FOUR))[0]
    game = _game_of(director, first)
    answer = director.post(f"/t/{first}/entries", data={"game": str(game), "number": "1",
                                                         "entry": "start tricks N"})
    assert answer.status_code == 415
    answer = director.post(f"/t/{first}/entries", headers={"origin": "http://evil.example"},
                           json={"game": game, "number": 1, "entry": "start tricks N"})
    assert answer.status_code == 403
    assert store.entries(game) == []


def test_a_player_named_script_is_inert_on_every_page(store: Store) -> None:
    director = _director(store)
    h = HOSTILE
    teams = f"B, Bea, Bo\n{h['team']}, {h['first']}, {h['second']}"  # one game: B against it
    page = _event(director, teams, name=h["event"])
    token = _tables(page)[0]
    game = _game_of(director, token)
    phone = _client(store)
    for number, entry in enumerate(["start tricks N", "pass", "30", "pass", "pass", "sixes",
                                    "6-6", "6-1"], start=1):
        answered = phone.post(f"/t/{token}/entries",
                              json={"game": game, "number": number, "entry": entry})
        assert answered.status_code == 200
        for raw in RAW:
            assert raw not in answered.json()["html"]
    public = re.search(r'href="(http://[^"]+/e/[A-Za-z0-9_-]+)"', page)
    assert public
    public_path = public[1].removeprefix("http://club.test")
    pages = {
        "director": director.get("/director"),
        "event": director.get("/director/e/1"),
        "live": director.get("/director/e/1/live"),
        "results": director.get("/director/e/1/files/results.html"),
        "replay file": director.get("/director/e/1/files/round-1-table-1.html"),
        "table": phone.get(f"/t/{token}"),
        "table state": phone.get(f"/t/{token}/state"),
        "public": phone.get(public_path),
        "standings": phone.get(f"{public_path}/standings"),
        "watch": phone.get(f"{public_path}/watch/{game}"),
        "watch part": phone.get(f"{public_path}/watch/{game}?part=1"),
        "replay": phone.get(f"{public_path}/replay/{game}"),
    }
    for name, answer in pages.items():
        assert answer.status_code == 200, name
        for raw in RAW:
            assert raw not in answer.text, (name, raw)
    # Shown as the text it is.
    assert "&lt;script&gt;window.pwned=2&lt;/script&gt;" in pages["table"].text
    assert "&lt;script&gt;window.pwned=1&lt;/script&gt; night" in pages["event"].text
    # The record keeps the names as written: the notation escapes nothing, it is text.
    record = director.get("/director/e/1/files/round-1-table-1.t42").text
    assert '[East "<script>window.pwned=2</script>"]' in record


def test_requests_are_limited_in_size_and_rate(store: Store) -> None:
    director = _director(store)
    token = _tables(_event(director, FOUR))[0]
    game = _game_of(director, token)
    big = {"game": game, "number": 1, "entry": "x" * (MAX_BODY + 1)}
    assert director.post(f"/t/{token}/entries", json=big).status_code == 413
    too_long = {"game": game, "number": 1, "entry": "pass " * 20}
    assert director.post(f"/t/{token}/entries", json=too_long).status_code == 400
    assert store.entries(game) == []
    # A table that sends more than its allowance is told to wait (its requests are its own:
    # another table is not held up).
    strict = _client(store, Settings(rate=0.001, burst=3))
    answers = [strict.post(f"/t/{token}/ping").status_code for _ in range(5)]
    assert answers == [200, 200, 200, 429, 429]
    # Made-up tokens do not buy an allowance each: they share their address's.
    made_up = [strict.get(f"/t/guess{n}").status_code for n in range(5)]
    assert made_up == [404, 404, 404, 429, 429]
    buckets = Buckets(rate=2, burst=2)
    assert [buckets.take("t", now=0) for _ in range(3)] == [True, True, False]
    assert buckets.take("t", now=0.5)  # one more a half second later, at 2 a second
    assert buckets.take("other", now=0.5)


@pytest.mark.parametrize("database", ["sqlite"], indirect=True)
def test_the_server_listens_on_this_machine_only_unless_asked(server: Server) -> None:
    assert hall_address("127.0.0.1") == "127.0.0.1"
    with socket.create_connection(("127.0.0.1", server.port), timeout=5):
        pass
    outside = hall_address("0.0.0.0")  # this machine's address on its network
    if outside.startswith("127."):
        pytest.fail("this machine has no network address to try the server from")
    with pytest.raises(ConnectionRefusedError), socket.create_connection(
        (outside, server.port), timeout=5
    ):
        pass


# -- against a running ``t42 serve`` (SQLite and PostgreSQL) --

HUGE = "9" * 23  # beyond any whole number a database keeps


def _night(server: Server, teams: str = FOUR) -> tuple[httpx.Client, str, list[str], str]:
    """The director's client, the event's address, its tables' tokens and public token."""
    director = server.director()
    event_url, links = create_event(director, teams)
    public = re.search(r'href="[^"]*/e/([A-Za-z0-9_-]+)"', director.get(event_url).text)
    assert public
    return director, event_url, [link.rsplit("/", 1)[1] for link in links], public[1]


def _in_words(answer: httpx.Response) -> bool:
    """A refusal a person can read: 4xx, with a sentence, never the bare server error."""
    return (400 <= answer.status_code < 500 and "Internal Server Error" not in answer.text
            and ("refused" in answer.text or "<p" in answer.text))


def test_every_bad_request_is_answered_in_words_with_a_4xx(server: Server) -> None:
    director, event_url, (token, _), public = _night(server)
    event = event_url.rsplit("/", 1)[1]
    _, game = game_of(director, f"{server.url}/t/{token}")
    stranger = httpx.Client(base_url=server.url, timeout=30, verify=False)
    # Every whole number in an address, too big, negative or not one at all.
    for number in (HUGE, "-" + HUGE, "-1", "0", "1e3", "0x10", "٣"):
        for path in (f"/e/{public}/watch/{number}", f"/e/x/watch/{number}",
                     f"/e/{public}/replay/{number}", f"/e/{public}/watch/{number}?part=1"):
            answer = stranger.get(path)
            assert _in_words(answer), (path, answer.status_code, answer.text[:200])
        for path in (f"/director/e/{number}", f"/director/e/{number}/live",
                     f"/director/e/{number}/export.zip",
                     f"/director/e/{number}/files/games.t42"):
            answer = director.get(path)
            assert _in_words(answer), (path, answer.status_code, answer.text[:200])
        if number in ("0", "٣"):
            continue  # marks of 0 (or 3, in Arabic-Indic digits) are a result
        csrf = csrf_of(director.get("/director").text)
        for path, form in (
            (f"/director/g/{number}/outcome", {"what": "restore", "reason": "r"}),
            (f"/director/e/{number}/games", {"ns": "1", "ew": "2", "table": "1"}),
            (f"/director/e/{number}/brackets", {}),
            (f"/director/e/{event}/games", {"ns": "1", "ew": "2", "table": "1",
                                             "round": number}),
            (f"/director/g/{game}/outcome", {"what": "correct", "ns": number, "ew": "1",
                                              "reason": "r"}),
            (f"/director/g/{game}/outcome", {"what": "forfeit", "team": number,
                                              "reason": "r"}),
        ):
            answer = director.post(path, data={"csrf": csrf, **form})
            assert _in_words(answer), (path, form, answer.status_code, answer.text[:200])
    # Every field of an entry: numbers that are no whole number, too big, not numbers.
    bad_numbers = ["1e300", "1.0", "Infinity", "-Infinity", "NaN", "true", "false", "null",
                   '"123456789012345678901234567890"', "123456789012345678901234567890",
                   '"1"', "[1]", "{}", "-1", "0"]
    bodies = [f'{{"game": {n}, "number": 1, "entry": "start tricks N"}}' for n in bad_numbers]
    bodies += [f'{{"game": {game}, "number": {n}, "entry": "start tricks N"}}'
               for n in bad_numbers]
    bodies += [f'{{"game": {game}, "number": 1, "entry": {e}}}'
               for e in ("1e300", "NaN", "true", "null", "[]", '{"a": 1}')]
    bodies += ["[" * 5000 + "]" * 5000, '{"game": ' + "[" * 5000 + "]" * 5000 + "}",
               '{"game": 1, "number": 1, "entry": "pass", "device": ' + "[" * 5000
               + "]" * 5000 + "}",
               "", "{", '"just text"', "[1, 2, 3]", "\xff\xfe", '{"game": 1}']
    for body in bodies:
        answer = stranger.post(f"/t/{token}/entries", content=body.encode("utf-8", "replace"),
                               headers={"content-type": "application/json"})
        assert _in_words(answer), (body[:80], answer.status_code, answer.text[:200])
    assert send(stranger, token, game, 1, "start tricks N").status_code == 200
    assert director.get(f"{event_url}/files/round-1-table-1.t42").status_code == 200


def test_a_full_disk_is_said_in_words_and_the_entry_waits_on_the_phone(store: Store) -> None:
    director = _director(store)
    token = _tables(_event(director, FOUR))[0]
    game = _game_of(director, token)
    phone = _client(store)
    assert phone.post(f"/t/{token}/entries", json={
        "game": game, "number": 1, "entry": "start tricks N"}).status_code == 200

    def no_room(connection: Any, _record: Any) -> None:  # the file may grow no more
        cursor = connection.cursor()
        pages = cursor.execute("PRAGMA page_count").fetchone()[0]
        cursor.execute(f"PRAGMA max_page_count={pages}")
        cursor.close()

    sqlalchemy.event.listen(store.engine, "connect", no_room)
    store.engine.dispose()
    answers = [phone.post(f"/t/{token}/entries", json={
        "game": game, "number": n, "entry": "pass " + "x" * 50}) for n in range(2, 200)]
    full = [a for a in answers if a.status_code != 200]
    assert full, "the database never filled up"
    assert full[0].status_code == 503  # the phone keeps it and sends it again
    assert full[0].json() == {"refused": "the club's computer is out of disk space: nothing "
                              "was stored; tell the director"}
    page = director.get(f"/t/{token}")
    assert page.status_code in (200, 503)
    assert "Internal Server Error" not in page.text


def _forfeit(director: httpx.Client, game: int, team_field: str = "0") -> None:
    """The director records a forfeit of ``game`` by its first (N–S) team."""
    page = director.get("/director").text
    form = re.search(rf'action="/director/g/{game}/outcome" class="forfeit".*?'
                     r'name="team" value="(\d+)"', director.get(_event_of(director)).text,
                     re.S)
    assert form, page[:200]
    answer = director.post(f"/director/g/{game}/outcome", data={
        "csrf": csrf_of(page), "what": "forfeit", "team": form[1], "reason": "gone home"})
    assert answer.status_code == 200, answer.text


def _event_of(director: httpx.Client) -> str:
    found = re.findall(r'href="(/director/e/\d+)"', director.get("/director").text)
    return str(found[-1])


def _stored_entries(director: httpx.Client, event_url: str, name: str) -> str:
    answer = director.get(f"{event_url}/files/{name}")
    return answer.text if answer.status_code == 200 else ""


def test_a_table_link_writes_only_the_game_its_table_plays_now(server: Server) -> None:
    # Four teams, two tables: table 1 plays 1–4, then 1–3, then 1–2; table 2 plays 2–3,
    # then 4–2, then 3–4 (games 1 to 6 of the event, in rounds of two).
    director, event_url, (first, second), _ = _night(server)
    phone = httpx.Client(base_url=server.url, timeout=30, verify=False)
    _, now = game_of(phone, f"{server.url}/t/{first}")
    _, theirs = game_of(phone, f"{server.url}/t/{second}")
    later = [now + 2, now + 4]  # rounds 2 and 3 at table 1
    for game in (*later, theirs, theirs + 2):
        answer = phone.post(f"/t/{first}/entries", json={
            "game": game, "number": 1, "entry": "start tricks E"})
        assert answer.status_code == 403, (game, answer.text)
        assert "this table" in answer.json()["refused"]
    for name in ("round-2-table-1.t42", "round-3-table-1.t42", "round-1-table-2.t42"):
        assert "start" not in _stored_entries(director, event_url, name)
        assert "Hand" not in _stored_entries(director, event_url, name)
    assert send(phone, first, now, 1, "start tricks E").status_code == 200
    # Round 1 over at both tables (forfeits): table 1 moves on to round 2, and its round 1
    # game, finished, is written no more (a resend of what it stored is answered as stored).
    _forfeit(director, now)
    _forfeit(director, theirs)
    _, then = game_of(phone, f"{server.url}/t/{first}")
    assert then == later[0]
    answer = phone.post(f"/t/{first}/entries", json={
        "game": now, "number": 2, "entry": "pass"})
    assert answer.status_code == 403
    assert "over" in answer.json()["refused"]
    answer = phone.post(f"/t/{first}/entries", json={
        "game": now, "number": 1, "entry": "start tricks E"})
    assert answer.status_code == 200
    # Round 2 played to its end (N–S bid 2 marks four times and take every point): the
    # score line its record still writes is taken, an undo that would open it again is not
    # (its teams may be at other tables by now).
    quick = ["start score N"] + 4 * ["pass", "2m", "pass", "pass", "sixes", "points 42 0",
                                     "write", "write"]
    for number, entry in enumerate(quick[:-2], start=1):
        assert send(phone, first, then, number, entry).status_code == 200
    assert send(phone, first, then, len(quick) - 1, "write").status_code == 200
    undos = [send(phone, first, then, len(quick) + n, "u") for n in range(4)]
    refused = [a for a in undos if a.status_code == 403]
    assert refused, "an undo opened a finished game again"
    assert "over" in refused[0].json()["refused"]
    # Round 3 at table 1 (1–2) waits for team 2, still playing round 2 at table 2.
    said = re.sub(r"<[^>]+>", "", phone.get(f"/t/{first}").text)
    assert "waiting for B to finish round 2 at table 2" in said, said


def test_each_entry_says_which_phone_sent_it_and_the_director_sees_two(
    server: Server
) -> None:
    director, event_url, (first, _), _ = _night(server)
    phone = httpx.Client(base_url=server.url, timeout=30, verify=False)
    _, game = game_of(phone, f"{server.url}/t/{first}")
    for number, entry, device in ((1, "start tricks N", "phoneA1"), (2, "pass", "phoneA1"),
                                  (3, "30", "phoneB2")):
        answer = phone.post(f"/t/{first}/entries", json={
            "game": game, "number": number, "entry": entry, "device": device})
        assert answer.status_code == 200, answer.text
    for not_id in ("", "x" * 41, "a b", "<b>", 7, ["a"]):
        answer = phone.post(f"/t/{first}/entries", json={
            "game": game, "number": 4, "entry": "pass", "device": not_id})
        assert answer.status_code == 400, not_id
    devices = re.search(rf'class="devices flagged" data-game-devices="{game}">(.*?)</p>',
                        director.get(event_url).text, re.S)
    assert devices
    text = re.sub(r"<[^>]+>", "", devices[1])
    assert "phoneA1 (2 entries)" in text
    assert "phoneB2 (1 entry)" in text
    assert "2 phones wrote this game" in text


def test_a_table_waits_while_a_team_of_its_next_game_plays_elsewhere(server: Server) -> None:
    # Round 1: 1–4 at table 1, 2–3 at table 2. Table 2's round 1 is over and its round 2
    # (4–2) is forfeited: its round 3 game (3–4) waits for team 4, still at table 1.
    director, _, (first, second), _ = _night(server)
    phone = httpx.Client(base_url=server.url, timeout=30, verify=False)
    _, table_1 = game_of(phone, f"{server.url}/t/{first}")
    _, table_2 = game_of(phone, f"{server.url}/t/{second}")
    _forfeit(director, table_2)
    _forfeit(director, table_2 + 2)
    page = phone.get(f"/t/{second}")
    assert page.status_code == 200
    assert 'data-game="' not in page.text
    said = re.sub(r"<[^>]+>", "", page.text)
    assert "waiting for D to finish round 1 at table 1" in said, said
    answer = phone.post(f"/t/{second}/entries", json={
        "game": table_2 + 4, "number": 1, "entry": "start tricks N"})
    assert answer.status_code == 403
    assert "waiting for D to finish round 1 at table 1" in answer.json()["refused"]
    _forfeit(director, table_1)  # team 4 is free; team 3 is now playing round 2 at table 1
    said = re.sub(r"<[^>]+>", "", phone.get(f"/t/{second}").text)
    assert "waiting for C to finish round 2 at table 1" in said, said
    _forfeit(director, table_1 + 2)
    _, now = game_of(phone, f"{server.url}/t/{second}")
    assert now == table_2 + 4


def _director_link(server: Server) -> str:
    return f"/director/login?key={server.secret}"


def _post_form(client: httpx.Client, action: str) -> httpx.Response:
    """Press the button of the director's form posting to ``action``."""
    page = client.get("/director").text
    assert f'action="{action}"' in page, f"the director's page has no form for {action}"
    return client.post(action, data={"csrf": csrf_of(page)})


def test_the_directors_access_ends_with_a_logout_and_in_time(server: Server) -> None:
    director = server.director()
    kept = director.cookies.get("t42_director")
    assert kept is not None
    assert kept not in (server.secret,)
    again = server.director()  # each login is a session of its own
    assert again.cookies.get("t42_director") != kept
    assert _post_form(director, "/director/logout").status_code == 200
    assert director.get("/director").status_code == 403
    # The cookie, kept by someone who saw it, opens nothing after the logout.
    thief = httpx.Client(base_url=server.url, timeout=30, verify=False,
                         cookies={"t42_director": kept})
    assert thief.get("/director").status_code == 403
    assert again.get("/director").status_code == 200  # another session goes on
    # A session ends by itself: the cookie says so, and so does the server.
    login = httpx.get(f"{server.url}{_director_link(server)}", verify=False)
    max_age = re.search(r"max-age=(\d+)", login.headers["set-cookie"], re.I)
    assert max_age
    assert 0 < int(max_age[1]) <= 24 * 3600
    store = Store(server.database)
    try:
        with store.engine.begin() as c:
            c.execute(sqlalchemy.text("UPDATE director_session SET expires = 1"))
    finally:
        store.close()
    assert again.get("/director").status_code == 403


def _own_database(database: str, tmp_path: Path, request: pytest.FixtureRequest) -> str:
    """A database of the same kind as ``database`` for this test alone (its secret changes)."""
    if database.startswith("sqlite"):
        return f"sqlite:///{tmp_path / 'own.db'}"
    cluster: Cluster = request.getfixturevalue("postgres_cluster")
    return cluster.new_database()


def test_a_new_secret_ends_every_old_link_and_cookie_at_once(
    database: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    log = tmp_path / "serve.log"
    server = Server(tmp_path / "night", _own_database(database, tmp_path, request),
                    free_port(), log=log)
    server.start()
    try:
        old_link = _director_link(server)
        director, other = server.director(), server.director()
        answer = _post_form(director, "/director/secret")
        assert answer.status_code == 200
        new = re.search(r"/director/login\?key=([A-Za-z0-9_-]+)", answer.text)
        assert new, answer.text[:500]
        assert new[1] != server.secret
        assert "<svg" in answer.text  # its QR code, to show the next director
        # The old link and every other session end at once; the director's own goes on.
        assert httpx.get(server.url + old_link, verify=False).status_code == 403
        assert other.get("/director").status_code == 403
        assert director.get("/director").status_code == 200
        fresh = httpx.Client(base_url=server.url, timeout=30, verify=False,
                             follow_redirects=True)
        assert fresh.get(f"/director/login?key={new[1]}").status_code == 200
        assert fresh.get("/director").status_code == 200
        # ``t42 serve`` says the new link where the old one was printed.
        for _ in range(100):
            if new[1] in log.read_text():
                break
            time.sleep(0.05)
        assert f"/director/login?key={new[1]}" in log.read_text()
    finally:
        server.stop()


@pytest.mark.parametrize("database", ["sqlite"], indirect=True)
def test_https_with_the_clubs_certificate_and_a_secure_cookie(
    database: str, tmp_path: Path
) -> None:
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
                    "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
                    "-keyout", str(key), "-out", str(cert)],
                   check=True, capture_output=True)
    log = tmp_path / "serve.log"
    server = Server(tmp_path / "night", database, free_port(), scheme="https", log=log,
                    args=("--certfile", str(cert), "--keyfile", str(key)))
    server.start()
    try:
        trusted = ssl.create_default_context(cafile=str(cert))
        login = httpx.get(f"{server.url}{_director_link(server)}", verify=trusted)
        assert login.status_code == 303
        cookie = login.headers["set-cookie"].lower()
        assert "; secure" in cookie
        assert "httponly" in cookie
        with pytest.raises(httpx.HTTPError):  # plain HTTP is not answered
            httpx.get(f"http://127.0.0.1:{server.port}/health", timeout=5)
    finally:
        server.stop()
    # A certificate it cannot use is said in words, before any address is printed.
    code = subprocess.run([sys.executable, "-m", "t42", "serve", str(tmp_path / "x"),
                           "--port", str(free_port()), "--certfile", str(key),
                           "--keyfile", str(key)], capture_output=True, text=True)
    assert code.returncode == 2
    assert "t42 serve:" in code.stderr + code.stdout
    assert "Director" not in code.stdout
    assert "Traceback" not in code.stderr


@pytest.mark.parametrize("database", DATABASES, indirect=True)
def test_slow_clients_do_not_stop_the_night(database: str, tmp_path: Path) -> None:
    # 1,100 connections that send their headers a line a second, against a server allowed
    # 1,024 open files: /health answers throughout, a table's entries are stored, and the
    # trouble is said once with a count, not once a connection.
    log = tmp_path / "serve.log"
    server = Server(tmp_path / "night", database, free_port(), nofile=1024, log=log)
    server.start()
    try:
        director, _, (token, _), _ = _night(server)
        _, game = game_of(director, f"{server.url}/t/{token}")
        waits: list[float] = []
        stored = 0
        with SlowClients(server.port, 1100) as slow:
            ends = time.monotonic() + 20
            while time.monotonic() < ends:
                started = time.monotonic()
                try:
                    answer = httpx.get(f"{server.url}/health", timeout=10)
                    assert answer.status_code == 200
                except httpx.HTTPError as e:
                    raise AssertionError(
                        f"/health: {e!r} after {time.monotonic() - started:.1f} s, "
                        f"{len(waits)} answers so far") from None
                waits.append(time.monotonic() - started)
                entry = ["start tricks N", "pass", "pass", "pass", "30"][stored % 5]
                if stored < 5:
                    phone = httpx.Client(base_url=server.url, timeout=10)
                    assert send(phone, token, game, stored + 1, entry).status_code == 200
                    stored += 1
                time.sleep(0.25)
            assert slow.opened >= 1100
        print(f"/health answered {len(waits)} times, slowest {max(waits):.2f} s; "
              f"{slow.opened} slow connections opened")
        assert max(waits) < 5, sorted(waits)[-5:]
        store = Store(database)
        try:
            assert [n for n, _ in store.entries(game)] == [1, 2, 3, 4, 5]
        finally:
            store.close()
    finally:
        server.stop()
    # What it said after the addresses and QR codes it prints at start (one per table).
    said = log.read_text().split("with their QR codes.\n", 1)[1]
    assert len(said.splitlines()) < 20, said[-3000:]
    assert "Too many open files" not in said or "more like it" in said


@pytest.mark.parametrize("database", ["sqlite"], indirect=True)
def test_a_request_sent_a_line_a_second_is_cut_off_in_time(server: Server) -> None:
    started = time.monotonic()
    with socket.create_connection(("127.0.0.1", server.port), timeout=30) as s:
        s.sendall(b"GET /health HTTP/1.1\r\n")
        line = 0
        closed = False
        while time.monotonic() - started < 30 and not closed:
            line += 1
            try:
                s.sendall(b"X-Slow-%d: a\r\n" % line)
                s.settimeout(1.0)
                closed = s.recv(1024) == b""
            except TimeoutError:
                continue
            except OSError:
                closed = True
    took = time.monotonic() - started
    assert closed, "the server waited 30 s for the rest of the request"
    assert 9 < took < 20, took  # the deadline is 10 s (club.connections.REQUEST_SECONDS)
    assert httpx.get(f"{server.url}/health", timeout=5).status_code == 200


def test_behind_the_clubs_proxy_the_cookie_is_sent_over_https_only(server: Server) -> None:
    # A proxy on this machine serves HTTPS and says so (X-Forwarded-Proto): the cookie is
    # Secure. Straight over HTTP (on the laptop itself) it cannot be.
    def login(headers: dict[str, str]) -> httpx.Response:
        while True:  # this module's tests share an address: wait when told to
            answer = httpx.get(f"{server.url}{_director_link(server)}", headers=headers)
            if answer.status_code != 429:
                return answer
            time.sleep(1)

    proxied = login({"x-forwarded-proto": "https"})
    assert proxied.status_code == 303
    assert "; secure" in proxied.headers["set-cookie"].lower()
    plain = login({})
    assert plain.status_code == 303
    assert "; secure" not in plain.headers["set-cookie"].lower()
