"""A club night in real headless Chromium (Debian's chromium and chromedriver), phone-sized.

The director creates an event of four teams in a round robin on the director's page; the
two tables of round 1 record their games at the same time in two browser windows, one
keeping the score only, the other every trick (with a bid the rules refuse and a renege);
the standings page then shows what the two records give, and the notation exported for each
game is read by ``t42 validate``, which reports exactly the findings the director's page
flagged. Against a real ``t42 serve`` process, on SQLite and on PostgreSQL. Screenshots of a
table's phone and of the standings are kept (under ``$T42_ARTEFACTS`` when set).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest

import notation

sys.path.insert(0, str(Path(__file__).parent))
from club_server import Server
from docs_screenshots import keep_for_the_docs

webdriver: Any
try:
    from selenium import webdriver
    from selenium.common.exceptions import TimeoutException
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select, WebDriverWait
except ImportError:  # pragma: no cover - the test extra installs selenium
    webdriver = None

pytestmark = pytest.mark.usefixtures("browser_needed")

PHONE = (390, 844)
TEAMS = [
    ("Garcias", "Lupe Garcia", "Manny Garcia"),
    ("Weatherbys", "Tom Weatherby", "Jolene Weatherby"),
    ("Nguyens", "Anh Nguyen", "Bao Nguyen"),
    ("O'Briens", "Siobhan O'Brien", "Pat O'Brien"),
]

# What each table taps. ("tap", entry) is a button; ("form", template, {field: value}) fills
# a form and sends it. Table 1 keeps every trick: in hand 1 West bids 29 (the rules refuse
# it; the table keeps it) and South reneges (0-0 on a lead of trumps, proven when 6-3 shows
# in trick 7); then North-South bid 3 marks over 2, twice, and are set on the first trick.
_RENEGE_HAND = [tile for trick in (
    "6-5 1-0 6-1 6-0", "6-4 2-1 0-0 6-6", "1-1 6-2 5-1 4-1", "5-5 5-3 5-2 5-0",
    "3-3 4-2 4-3 3-0", "5-4 2-2 2-0 3-1", "4-0 4-4 6-3 3-2",
) for tile in trick.split()]
_SET_AT_ONCE = ["sixes", "1-0", "6-1", "2-0", "3-0", "end set", "write", "write", "write"]
Step = tuple[Any, ...]
TRICKS: list[Step] = [
    ("start", "tricks", "E"),
    ("tap", "pass"), ("form", "{bid}", {"bid": "29"}), ("tap", "30"), ("tap", "pass"),
    ("tap", "sixes"), *(("tap", t) for t in _RENEGE_HAND),
    ("tap", "write"), ("tap", "write"), ("tap", "write"),
    *(("tap", e) for e in ["2m", "3m", "pass", "pass", *_SET_AT_ONCE]),
    *(("tap", e) for e in ["pass", "2m", "3m", "pass", *_SET_AT_ONCE]),
]


def _score_hand(bids: list[str], ns: int, ew: int) -> list[Step]:
    return [*(("tap", b) for b in bids), ("tap", "sixes"),
            ("form", "points {ns} {ew}", {"ns": str(ns), "ew": str(ew)}),
            ("tap", "write"), ("tap", "write")]


# Table 2 keeps the score only: who bid, the trump, the points each side took.
SCORE_ONLY: list[Step] = [
    ("start", "score", "N"),
    *_score_hand(["pass", "30", "pass", "pass"], 20, 22),
    *_score_hand(["pass", "2m", "pass", "pass"], 42, 0),
    *_score_hand(["pass", "2m", "pass", "pass"], 42, 0),
    *_score_hand(["pass", "2m", "pass", "pass"], 42, 0),
    *_score_hand(["pass", "30", "pass", "pass"], 35, 7),
]


# The findings the director's page flags for each table's game of round 1.
_FLAGS_SHOWN = """
var out = {};
document.querySelectorAll("#live li.game[data-game]").forEach(function (row) {
  if (row.getAttribute("data-round") !== "1") { return; }
  out[row.getAttribute("data-table")] = Array.from(row.querySelectorAll(".flag"))
    .map(function (p) { return p.getAttribute("data-code"); });
});
return out;
"""
# The standings as shown: each team and its won, lost, marks for, marks against.
_STANDINGS_SHOWN = """
return Array.from(document.querySelectorAll("#standings tbody tr")).map(function (row) {
  return [row.querySelector(".team").textContent,
          [".wins", ".losses", ".for", ".against"].map(function (c) {
            return row.querySelector(c).textContent; })];
});
"""


@pytest.fixture(scope="module")
def artefacts(tmp_path_factory: pytest.TempPathFactory) -> Path:
    chosen = os.environ.get("T42_ARTEFACTS")
    path = Path(chosen) if chosen else tmp_path_factory.mktemp("artefacts")
    path.mkdir(parents=True, exist_ok=True)
    return path


@pytest.fixture
def phones(start_chromium: Callable[[int, int], Any]) -> Iterator[tuple[Any, Any]]:
    """Two browser windows: two phones at two tables (the first is the director's too)."""
    first, second = start_chromium(*PHONE), start_chromium(*PHONE)
    try:
        yield first, second
    finally:
        first.quit()
        second.quit()


def _stored(browser: Any) -> int:
    # Read in one script: the screen is replaced under a reader holding an element.
    return int(browser.execute_script(
        'return document.getElementById("state").getAttribute("data-stored")'))


def _do(browser: Any, step: Step) -> None:
    """One entry at a table, then wait until the server's answer is on the screen."""
    before = _stored(browser)
    kind = step[0]
    if kind == "start":
        Select(browser.find_element(By.NAME, "dealer")).select_by_value(step[2])
        browser.find_element(By.CSS_SELECTOR, f'input[name="mode"][value="{step[1]}"]').click()
        browser.find_element(By.ID, "start").click()
    elif kind == "tap":
        browser.find_element(By.CSS_SELECTOR, f'[data-entry="{step[1]}"]').click()
    else:
        form = browser.find_element(By.CSS_SELECTOR, f'form[data-entry-form="{step[1]}"]')
        for name, value in step[2].items():
            field = form.find_element(By.NAME, name)
            field.clear()
            field.send_keys(value)
        form.find_element(By.TAG_NAME, "button").click()
    try:
        WebDriverWait(browser, 30, poll_frequency=0.02).until(lambda b: _stored(b) > before)
    except TimeoutException:
        screen = browser.execute_script("return document.body.innerText")
        raise AssertionError(f"no answer to {step}; the screen shows:\n{screen}") from None


def _said(browser: Any) -> str:
    text: str = browser.execute_script(
        'var s = document.getElementById("said"); return s ? s.textContent : ""')
    return text


def _findings(browser: Any) -> str:
    """The findings the table's screen lists (a flagged entry names its code; these say it)."""
    text: str = browser.execute_script(
        'var s = document.getElementById("findings"); return s ? s.textContent : ""')
    return text


def test_a_club_night_two_tables_at_once_then_the_standings_and_the_export(
    server: Server, phones: tuple[Any, Any], artefacts: Path, tmp_path: Path
) -> None:
    first, second = phones
    # The director creates the event on the director's page, from the address printed.
    first.get(f"{server.url}/director/login?key={server.secret}")
    first.find_element(By.NAME, "name").send_keys("Friday night at the hall")
    first.find_element(By.NAME, "teams").send_keys(
        "\n".join(", ".join(team) for team in TEAMS)
    )
    Select(first.find_element(By.NAME, "format")).select_by_value("round-robin")
    first.find_element(By.CSS_SELECTOR, "#new-event button").click()
    WebDriverWait(first, 30).until(lambda b: b.find_elements(By.CSS_SELECTOR, "a[data-table]"))
    event_url = first.current_url
    links = [a.get_attribute("href") for a in first.find_elements(By.CSS_SELECTOR,
                                                                   "a[data-table]")]
    assert len(links) == 2  # four teams: two tables a round
    first.get(links[0])
    second.get(links[1])
    # Round 1 of the circle: team 1 against team 4 at table 1, team 2 against team 3 at 2.
    assert "Lupe Garcia (N)" in first.find_element(By.ID, "state").text
    assert "Pat O'Brien (W)" in first.find_element(By.ID, "state").text
    assert "Tom Weatherby (N)" in second.find_element(By.ID, "state").text

    # Both tables record at once, each phone in its own thread.
    flagged: list[str] = []
    with ThreadPoolExecutor(max_workers=1) as other_table:
        def keep_score() -> None:
            for step in SCORE_ONLY:
                _do(second, step)

        scoring = other_table.submit(keep_score)
        for step in TRICKS:
            _do(first, step)
            if "flagged" in _said(first):
                flagged.append(f"{_said(first)} {_findings(first)}")
            if step == ("tap", "6-3"):  # the renege shown: the guide's screenshot
                keep_for_the_docs(first, artefacts, "club-table")
        scoring.result()
    # The refused bid and the renege were shown at the table the moment they were entered.
    assert len(flagged) == 2
    assert "29 is below the minimum bid of 30" in flagged[0]
    assert "S reneged in trick 2" in flagged[1]
    assert "E–W win the game, 7 marks to 0" in first.find_element(By.ID, "winner").text
    assert "N–S win the game, 7 marks to 1" in second.find_element(By.ID, "winner").text

    # The director's page: the standings and each game's findings, with their evidence.
    first.get(event_url)
    director = httpx.Client(base_url=server.url, timeout=30, follow_redirects=True)
    director.get(f"/director/login?key={server.secret}")
    records: dict[int, notation.Game] = {}
    validated: dict[int, list[str]] = {}
    for table in (1, 2):
        name = f"round-1-table-{table}.t42"
        text = director.get(f"{event_url}/files/{name}").text
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        records[table] = notation.loads(text)[0]
        check = subprocess.run([sys.executable, "-m", "t42", "validate", str(path)],
                               capture_output=True, text=True)
        validated[table] = re.findall(r"\[([a-z-]+)\]", check.stdout + check.stderr)
        assert check.returncode == (1 if validated[table] else 0), check.stdout + check.stderr
    assert validated == {1: ["bid-below-minimum", "renege"], 2: []}
    # The page refreshes itself (htmx): read it in one script, not element by element.
    shown = first.execute_script(_FLAGS_SHOWN)
    assert {int(k): v for k, v in shown.items()} == validated  # exactly what validate says
    evidence = first.execute_script(
        'return document.querySelector(\'.flag[data-code="renege"]\').textContent')
    assert evidence.startswith("Hand 1, trick 2, seat S: S reneged in trick 2")  # in words

    # The standings are what the two records give: wins, then marks for, then fewest against.
    expected = {name: [0, 0, 0, 0] for name, _, _ in TEAMS}
    seats = {1: (TEAMS[0][0], TEAMS[3][0]), 2: (TEAMS[1][0], TEAMS[2][0])}
    for table, record in records.items():
        report = notation.check_game(record)
        ns, ew = seats[table]
        assert report.winner is not None
        winner, loser = (ns, ew) if report.winner is notation.Team.NS else (ew, ns)
        marks = report.marks
        won, lost = sorted((marks[notation.Team.NS], marks[notation.Team.EW]), reverse=True)
        expected[winner][0] += 1
        expected[loser][1] += 1
        expected[winner][2:] = [expected[winner][2] + won, expected[winner][3] + lost]
        expected[loser][2:] = [expected[loser][2] + lost, expected[loser][3] + won]
    order = sorted(expected, key=lambda t: (-expected[t][0], -expected[t][2], expected[t][3],
                                            [n for n, _, _ in TEAMS].index(t)))
    read = [(team, [int(n) for n in numbers])
            for team, numbers in first.execute_script(_STANDINGS_SHOWN)]
    assert read == [(t, expected[t]) for t in order]
    assert read[0][0] == "O'Briens"  # 7–0 ranks above the Weatherbys' 7–1: fewer against
    public = first.find_element(By.PARTIAL_LINK_TEXT, "Public standings").get_attribute("href")
    first.get(public)
    keep_for_the_docs(first, artefacts, "club-standings")
    assert [team for team, _ in first.execute_script(_STANDINGS_SHOWN)] == order
    print(f"screenshots: {artefacts / 'club-table.png'}, {artefacts / 'club-standings.png'}")


@pytest.mark.parametrize("database", ["sqlite"], indirect=True)
def test_a_phone_off_the_wifi_keeps_its_entries_and_sends_them_when_back(
    server: Server, phones: tuple[Any, Any]
) -> None:
    phone = phones[0]
    director = httpx.Client(base_url=server.url, timeout=30, follow_redirects=True)
    director.get(f"/director/login?key={server.secret}")
    form = director.get("/director").text
    csrf = re.search(r'name="csrf" value="([^"]+)"', form)
    assert csrf
    created = director.post("/director/events", data={
        "csrf": csrf[1], "name": "Offline", "rules": "straight", "options": "",
        "format": "round-robin", "teams": "\n".join(", ".join(t) for t in TEAMS[:2])})
    event, page = str(created.url), created.text
    link = re.findall(r'href="(http://[^"]+/t/[A-Za-z0-9_-]+)" data-table', page)[0]
    phone.get(link)
    _do(phone, ("start", "tricks", "N"))
    _do(phone, ("tap", "pass"))
    phone.execute_cdp_cmd("Network.enable", {})
    phone.execute_cdp_cmd("Network.emulateNetworkConditions", {
        "offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
    for entry in ("30", "pass", "pass"):  # South bids, West and North pass, all off line
        phone.find_element(By.CSS_SELECTOR, f'[data-entry="{entry}"]').click()
    WebDriverWait(phone, 30, poll_frequency=0.05).until(
        lambda b: "3 entries wait" in b.find_element(By.ID, "queue").text)
    assert "No connection" in phone.find_element(By.ID, "queue").text
    kept = phone.execute_script(
        "return JSON.parse(localStorage.getItem('t42-entries-' + "
        "document.getElementById('table').getAttribute('data-token')))")
    assert [(e["number"], e["entry"]) for e in kept] == [(3, "30"), (4, "pass"), (5, "pass")]
    stored = director.get(f"{event}/files/round-1-table-1.t42").text
    assert "bid E pass\n" in stored  # the server has only what came before the drop
    phone.execute_cdp_cmd("Network.emulateNetworkConditions", {
        "offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
    WebDriverWait(phone, 30, poll_frequency=0.05).until(lambda b: _stored(b) == 5)
    assert phone.execute_script(
        'return document.getElementById("state").getAttribute("data-step")') == "trump"
    assert phone.find_element(By.ID, "queue").get_attribute("hidden") is not None
    stored = director.get(f"{event}/files/round-1-table-1.t42").text
    assert "bid E pass S 30 W pass N pass\n" in stored


def _event_of_two(director: httpx.Client, name: str) -> tuple[str, str]:
    """A round robin of the first two teams, made on the director's form: its address and
    the link of its one table."""
    form = director.get("/director").text
    csrf = re.search(r'name="csrf" value="([^"]+)"', form)
    assert csrf
    created = director.post("/director/events", data={
        "csrf": csrf[1], "name": name, "rules": "straight", "options": "",
        "format": "round-robin", "teams": "\n".join(", ".join(t) for t in TEAMS[:2])})
    links = re.findall(r'href="(http://[^"]+/t/[A-Za-z0-9_-]+)" data-table', created.text)
    return str(created.url), links[0]


def _type(browser: Any, template: str, name: str, text: str) -> None:
    """Type ``text`` into a form's field as a phone's keyboard does, and send the form. What
    chromedriver cannot type (beyond the Basic Multilingual Plane: an emoji) is put in as an
    emoji keyboard puts it, as inserted text."""
    before = _stored(browser)
    form = browser.find_element(By.CSS_SELECTOR, f'form[data-entry-form="{template}"]')
    field = form.find_element(By.NAME, name)
    field.clear()
    if all(ord(ch) < 0x10000 for ch in text):
        field.send_keys(text)
    else:
        field.click()
        browser.execute_cdp_cmd("Input.insertText", {"text": text})
    form.find_element(By.TAG_NAME, "button").click()
    try:
        WebDriverWait(browser, 30, poll_frequency=0.02).until(lambda b: _stored(b) > before)
    except TimeoutException:
        screen = browser.execute_script("return document.body.innerText")
        raise AssertionError(f"no answer to {text!r}; the screen shows:\n{screen}") from None


@pytest.mark.parametrize("database", ["sqlite"], indirect=True)
def test_entries_typed_with_an_emoji_keyboards_characters_never_freeze_the_game(
    server: Server, phones: tuple[Any, Any]
) -> None:
    phone = phones[0]
    director = httpx.Client(base_url=server.url, timeout=30, follow_redirects=True)
    director.get(f"/director/login?key={server.secret}")
    event, link = _event_of_two(director, "Emoji keyboards")
    phone.get(link)
    _do(phone, ("start", "score", "N"))
    # Hand 1, typed: a zero-width joiner, a no-break space, a shrug (an emoji sequence, no
    # bid: not recorded, and said), a byte order mark, a soft hyphen, a zero-width space.
    _type(phone, "{bid}", "bid", "p\u200d")
    _type(phone, "{bid}", "bid", "30\u00a0")
    _type(phone, "{bid}", "bid", "\U0001f937\u200d\u2642\ufe0f")
    assert _said(phone).startswith("not recorded:")
    assert "S 30" in phone.find_element(By.CSS_SELECTOR, "#state .hand").text
    _type(phone, "{bid}", "bid", "\ufeffpass")
    _type(phone, "{bid}", "bid", "pa\u00adss")
    _type(phone, "{trump}", "trump", "\u200bsixes\ufe0f")
    assert "trump S sixes" in phone.find_element(By.CSS_SELECTOR, "#state .hand").text
    for step in SCORE_ONLY[6:]:  # the points of hand 1, then hands 2 to 5 tapped
        _do(phone, step)
    assert "N–S win the game, 7 marks to 1" in phone.find_element(By.ID, "winner").text
    assert phone.find_element(By.ID, "queue").get_attribute("hidden") is not None
    # The standings and the exported record have every entry after the refused one.
    public = re.search(r'<a class="button-link" href="([^"]+)">Public standings</a>',
                       director.get(event).text)
    assert public
    phone.get(public[1])
    standings = {team: [int(n) for n in numbers]
                 for team, numbers in phone.execute_script(_STANDINGS_SHOWN)}
    assert standings == {"Garcias": [1, 0, 7, 1], "Weatherbys": [0, 1, 1, 7]}
    stored = director.get(f"{event}/files/round-1-table-1.t42").text
    assert "bid E pass S 30 W pass N pass\ntrump S sixes\npoints NS 20 EW 22\n" in stored


def _offline(browser: Any, offline: bool) -> None:
    browser.execute_cdp_cmd("Network.enable", {})
    browser.execute_cdp_cmd("Network.emulateNetworkConditions", {
        "offline": offline, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})


@pytest.mark.parametrize("database", ["sqlite"], indirect=True)
def test_two_phones_at_one_table_a_conflict_is_said_and_nothing_is_lost_unseen(
    server: Server, phones: tuple[Any, Any]
) -> None:
    first, second = phones
    director = httpx.Client(base_url=server.url, timeout=30, follow_redirects=True)
    director.get(f"/director/login?key={server.secret}")
    event, link = _event_of_two(director, "Two phones")
    first.get(link)
    _do(first, ("start", "tricks", "N"))
    _do(first, ("tap", "pass"))
    # The first phone loses the Wi-Fi and keeps what South and West bid; the table goes on
    # with the second phone (the first one's battery looked dead), where they bid otherwise.
    _offline(first, True)
    for entry in ("30", "pass"):
        first.find_element(By.CSS_SELECTOR, f'[data-entry="{entry}"]').click()
    WebDriverWait(first, 30, poll_frequency=0.05).until(
        lambda b: "2 entries wait" in b.find_element(By.ID, "queue").text)
    second.get(link)
    _do(second, ("tap", "pass"))
    _do(second, ("tap", "35"))
    # Back on line, the first phone's entry 3 meets the second phone's: a conflict, said.
    _offline(first, False)
    WebDriverWait(first, 30, poll_frequency=0.05).until(
        lambda b: b.find_elements(By.ID, "aside") and b.find_element(By.ID, "aside").text)
    said = first.find_element(By.ID, "aside").text
    assert 'Another phone at this table has recorded entry 3 as "pass"' in said
    assert '"30" was not recorded' in said
    assert "Not sent from this phone: \u201c30\u201d, \u201cpass\u201d." in said
    # It has caught up: its screen is what is recorded; its queue is empty.
    WebDriverWait(first, 30, poll_frequency=0.05).until(lambda b: _stored(b) == 4)
    assert "bids E pass S pass W 35" in first.find_element(By.CSS_SELECTOR, "#state .hand").text
    assert first.find_element(By.ID, "queue").get_attribute("hidden") is not None
    stored = director.get(f"{event}/files/round-1-table-1.t42").text
    assert "bid E pass S pass W 35\n" in stored
    # The players choose to enter them again: they go after what is recorded, numbered on.
    first.find_element(By.ID, "aside-again").click()
    WebDriverWait(first, 30, poll_frequency=0.05).until(lambda b: _stored(b) == 6)
    assert not first.find_element(By.ID, "aside").is_displayed()
    stored = director.get(f"{event}/files/round-1-table-1.t42").text
    assert "bid E pass S pass W 35 N 30" in stored
