"""The director's tools: byes, forfeits and corrections kept in the audit trail, open play,
and the export of an event (a notation file per game, one archive, JSON Lines, the HTML
replays, a results page)."""

from __future__ import annotations

import io
import re
import warnings
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

import notation
from club.app import create_app
from club.store import Store

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

FIVE = "A, Ann, Al\nB, Bea, Bo\nC, Cy, Cal\nD, Di, Dot\nE, Ed, Eve"


@pytest.fixture
def director(tmp_path: Path) -> Iterator[tuple[TestClient, Store]]:
    store = Store(f"sqlite:///{tmp_path / 'club.db'}")
    client = TestClient(create_app(store), base_url="http://club.test")
    assert client.get(f"/director/login?key={store.secret()}").status_code == 200
    yield client, store
    store.close()


def _csrf(client: TestClient) -> str:
    found = re.search(r'name="csrf" value="([^"]+)"', client.get("/director").text)
    assert found
    return found[1]


def _standings(page: str) -> list[tuple[str, list[int]]]:
    rows = re.findall(r'<tr data-team="([^"]*)">(.*?)</tr>', page, re.S)
    return [(team, [int(re.search(rf'class="{c}">(\d+)<', row)[1])  # type: ignore[index]
                    for c in ("wins", "losses", "for", "against")]) for team, row in rows]


def _event(client: TestClient, teams: str, fmt: str = "round-robin") -> str:
    answer = client.post("/director/events", data={
        "csrf": _csrf(client), "name": "Club", "rules": "straight", "options": "",
        "format": fmt, "teams": teams})
    assert answer.status_code == 200, answer.text
    return str(answer.text)


def _play(client: TestClient, store: Store, token: str, entries: list[str]) -> int:
    game = int(re.search(r'data-game="(\d+)"', client.get(f"/t/{token}").text)[1])  # type: ignore[index]
    for number, entry in enumerate(entries, start=1):
        assert client.post(f"/t/{token}/entries", json={
            "game": game, "number": number, "entry": entry}).status_code == 200
    return game


# N-S bid 2 marks four times and take every point (a score-only table): 8–0.
QUICK_WIN = ["start score N"] + 4 * ["pass", "2m", "pass", "pass", "sixes", "points 42 0",
                                      "write", "write"]


def test_byes_forfeits_and_corrections_with_their_reasons_in_the_audit_trail(
    director: tuple[TestClient, Store],
) -> None:
    client, store = director
    page = _event(client, FIVE)
    # Five teams: two tables a round, one team sits out; no bye counts before its round.
    assert _standings(page) == [(t, [0, 0, 0, 0]) for t in "ABCDE"]
    tokens = re.findall(r'/t/([A-Za-z0-9_-]+)" data-table', page)
    game = _play(client, store, tokens[0], QUICK_WIN)
    rounds = store.games(1)
    bye = next(g for g in rounds if g.round == 1 and g.ew_team_id is None)
    played = store.game(game)
    assert played is not None
    teams = {t.id: t.name for t in store.teams(1)}
    winner, loser = teams[played.ns_team_id], teams[played.ew_team_id or 0]
    lines = dict(_standings(client.get("/director/e/1").text))
    assert lines[winner] == [1, 0, 8, 0]
    assert lines[loser] == [0, 1, 0, 8]
    assert lines[teams[bye.ns_team_id]] == [1, 0, 7, 4]  # round 1 is under way: its bye counts

    # The other game of round 1: a forfeit, then a correction, then back to the record.
    other = next(g for g in rounds if g.round == 1 and g.ew_team_id and g.id != game)
    outcome = f"/director/g/{other.id}/outcome"
    csrf = _csrf(client)
    refused = client.post(outcome, data={"csrf": csrf, "what": "forfeit",
                                         "team": str(other.ns_team_id), "reason": ""})
    assert refused.status_code == 400  # a correction needs its reason
    client.post(outcome, data={"csrf": csrf, "what": "forfeit", "team": str(other.ns_team_id),
                               "reason": "North-South did not come back after the break"})
    lines = dict(_standings(client.get("/director/e/1").text))
    assert lines[teams[other.ew_team_id or 0]] == [1, 0, 7, 0]
    assert lines[teams[other.ns_team_id]] == [0, 1, 0, 7]
    client.post(outcome, data={"csrf": csrf, "what": "correct", "ns": "7", "ew": "5",
                               "reason": "they played it after all: score sheet"})
    lines = dict(_standings(client.get("/director/e/1").text))
    assert lines[teams[other.ns_team_id]] == [1, 0, 7, 5]
    client.post(outcome, data={"csrf": csrf, "what": "restore", "reason": "sheet lost"})
    lines = dict(_standings(client.get("/director/e/1").text))
    assert lines[teams[other.ns_team_id]] == [0, 0, 0, 0]
    trail = [(a.game_id, a.what, a.reason) for a in store.audit(1)]
    assert trail[1:] == [
        (other.id, f"game {other.id}: forfeit by team {other.ns_team_id}, 0-7",
         "North-South did not come back after the break"),
        (other.id, f"game {other.id}: result corrected to NS 7 EW 5",
         "they played it after all: score sheet"),
        (other.id, f"game {other.id}: result as recorded", "sheet lost"),
    ]
    assert "they played it after all: score sheet" in client.get("/director/e/1").text
    # The trail as the director reads it: rounds, tables and teams by name, never ids.
    shown = re.findall(r"<li><time[^>]*>[^<]*</time> ([^<]*)", client.get("/director/e/1").text)
    table = {t.id: t.number for t in store.tables(1)}[other.table_id or 0]
    ns, ew = teams[other.ns_team_id], teams[other.ew_team_id or 0]
    where = f"Round 1, table {table}, {ns} – {ew}"
    assert [line.strip() for line in shown[1:]] == [
        f"{where}: {ns} forfeit, {ew} win 7–0",
        f"{where}: result corrected to {ns} 7, {ew} 5",
        f"{where}: back to the result as recorded",
    ]


def test_open_play_games_are_set_by_the_director(director: tuple[TestClient, Store]) -> None:
    client, store = director
    page = _event(client, "A, Ann, Al\nB, Bea, Bo", fmt="open")
    token = re.findall(r'/t/([A-Za-z0-9_-]+)" data-table', page)[0]
    assert client.get(f"/t/{token}").status_code == 404  # no game set yet
    a, b = (t.id for t in store.teams(1))
    table = store.tables(1)[0].id
    answer = client.post("/director/e/1/games", data={
        "csrf": _csrf(client), "round": "1", "table": str(table), "ns": str(b), "ew": str(a)})
    assert answer.status_code == 200
    assert "Bea (N)" in client.get(f"/t/{token}").text
    assert client.post("/director/e/1/games", data={
        "csrf": _csrf(client), "table": str(table), "ns": str(a), "ew": str(a)},
    ).status_code == 400


def test_the_export_holds_every_game_in_every_form(director: tuple[TestClient, Store]) -> None:
    client, store = director
    tokens = re.findall(r'/t/([A-Za-z0-9_-]+)" data-table', _event(client, FIVE))
    _play(client, store, tokens[0], QUICK_WIN)
    _play(client, store, tokens[1], ["start tricks E", "pass", "29", "30", "pass", "sixes"])
    answer = client.get("/director/e/1/export.zip")
    assert answer.status_code == 200
    archive = zipfile.ZipFile(io.BytesIO(answer.content))
    files = {Path(n).name: archive.read(n).decode() for n in archive.namelist()}
    assert sorted(files) == sorted([
        "round-1-table-1.t42", "round-1-table-1.html", "round-1-table-2.t42",
        "round-1-table-2.html", "games.t42", "games.jsonl", "results.html"])
    one, two = (notation.loads(files[f"round-1-table-{n}.t42"])[0] for n in (1, 2))
    assert notation.check_game(one).winner is notation.Team.NS
    # A game still being played exports as it stands.
    assert [f.code for f in notation.check_game(two).findings] == ["bid-below-minimum"]
    assert two.hands[-1].trump is not None
    assert notation.loads(files["games.t42"]) == [one, two]
    assert notation.json_form.loads(files["games.jsonl"]) == [one, two]
    assert "<!DOCTYPE html>" in files["round-1-table-2.html"]
    assert "won 8–0" in files["results.html"]


def test_the_export_carries_the_directors_rulings_and_their_reasons(
    director: tuple[TestClient, Store],
) -> None:
    """Issue 35.12: a result corrected 8–0 to 7–3, and a forfeit before the game began, are
    in every exported record as the results page has them, with their reasons."""
    client, store = director
    tokens = re.findall(r'/t/([A-Za-z0-9_-]+)" data-table', _event(client, FIVE))
    played = _play(client, store, tokens[0], QUICK_WIN)  # N-S 8–0
    other = next(g for g in store.games(1) if g.round == 1 and g.ew_team_id and g.id != played)
    csrf = _csrf(client)
    client.post(f"/director/g/{played}/outcome", data={
        "csrf": csrf, "what": "correct", "ns": "7", "ew": "3",
        "reason": 'the score sheet says 7-3; "signed"'})
    client.post(f"/director/g/{other.id}/outcome", data={
        "csrf": csrf, "what": "forfeit", "team": str(other.ew_team_id), "reason": "no show"})
    names = {t.id: t.name for t in store.teams(1)}
    archive = zipfile.ZipFile(io.BytesIO(client.get("/director/e/1/export.zip").content))
    files = {Path(n).name: archive.read(n).decode() for n in archive.namelist()}
    one, two = (notation.loads(files[f"round-1-table-{n}.t42"])[0] for n in (1, 2))
    assert (one.tag("Result"), one.tag("Ruling")) == (
        "NS 7 EW 3", 'corrected by the director: the score sheet says 7-3; "signed"')
    assert len(one.hands) == 4  # the hands as they were played
    assert (two.tag("Result"), two.tag("Ruling")) == (
        "NS 7 EW 0", f"forfeit by {names[other.ew_team_id or 0]} (EW): no show")
    assert two.hands == ()
    assert notation.loads(files["games.t42"]) == [one, two]
    assert notation.json_form.loads(files["games.jsonl"]) == [one, two]
    assert "result by ruling: NS 7 EW 3 (corrected by the director" in files[
        "round-1-table-1.html"]
    assert "won 7–3 (corrected)" in files["results.html"]
    assert "won 7–0 (forfeit)" in files["results.html"]
    assert client.get("/director/e/1/files/games.t42").text == files["games.t42"]


def test_brackets_after_the_round_robin_the_best_four_then_the_winners(
    director: tuple[TestClient, Store],
) -> None:
    client, store = director
    page = _event(client, "A, Ann, Al\nB, Bea, Bo\nC, Cy, Cal\nD, Di, Dot",
                  fmt="round-robin+brackets")
    tokens = re.findall(r'/t/([A-Za-z0-9_-]+)" data-table', page)
    brackets = "/director/e/1/brackets"
    early = client.post(brackets, data={"csrf": _csrf(client)})
    assert early.status_code == 400
    assert "the round robin is not over yet" in early.text
    # Three rounds, two tables: each table plays its game of the round to 8–0 for N-S.
    for _ in range(3):
        for token in tokens:
            _play(client, store, token, QUICK_WIN)
    seeds = [team for team, _ in _standings(client.get("/director/e/1").text)]
    names = {t.id: t.name for t in store.teams(1)}
    assert client.post(brackets, data={"csrf": _csrf(client)}).status_code == 200
    semis = [g for g in store.games(1) if g.in_bracket]
    assert [(names[g.ns_team_id], names[g.ew_team_id or 0]) for g in semis] == [
        (seeds[0], seeds[3]), (seeds[1], seeds[2])]
    assert {g.round for g in semis} == {4}
    standings_before = _standings(client.get("/director/e/1").text)
    for token in tokens:
        _play(client, store, token, QUICK_WIN)  # N-S, the better seed, wins each semi
    assert _standings(client.get("/director/e/1").text) == standings_before  # RR only
    assert client.post(brackets, data={"csrf": _csrf(client)}).status_code == 200
    final = [g for g in store.games(1) if g.in_bracket and g.round == 5]
    assert [(names[g.ns_team_id], names[g.ew_team_id or 0]) for g in final] == [
        (seeds[0], seeds[1])]
    game = _play(client, store, tokens[0], QUICK_WIN)
    assert game == final[0].id
    page = client.get("/director/e/1").text
    assert f"{seeds[0]} win the event!" in page
    over = client.post(brackets, data={"csrf": _csrf(client)})
    assert over.status_code == 400
    assert "the bracket is over" in over.text
