"""Screens that tell the truth (issue 35, points 8, 9, 11, 12 and 13), read in real headless
Chromium at a phone's size (390×844), as a club member would read them: the hand now at a
table, the director's correction form, the director's and the public pages on a phone, a
score-only hand whose points cannot be a hand's, byes and a ruling in the standings, the
results page and the exports.

The entries that bring a game to the moment a test looks at are posted as a phone posts
them (JSON, numbered); what is asserted is what the page shows.
"""

from __future__ import annotations

import base64
import os
import re
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

sys.path.insert(0, str(Path(__file__).parent))
from club_server import Server
from docs_screenshots import keep_for_the_docs

webdriver: Any
try:
    from selenium import webdriver
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait
except ImportError:  # pragma: no cover - the test extra installs selenium
    webdriver = None

pytestmark = [
    pytest.mark.usefixtures("browser_needed"),
    pytest.mark.parametrize("database", ["sqlite"], indirect=True),
]

PHONE = (390, 844)
TEAMS = [
    ("Garcias", "Lupe Garcia", "Manny Garcia"),
    ("Weatherbys", "Tom Weatherby", "Jolene Weatherby"),
    ("Nguyens", "Anh Nguyen", "Bao Nguyen"),
    ("O'Briens", "Siobhan O'Brien", "Pat O'Brien"),
    ("Lees", "Dot Lee", "Earl Lee"),
]
# A hand kept by its score only: East bids 29 (below the minimum: flagged), South 30 and
# makes it, 35 to 7.
SCORED_HAND = ["29", "30", "pass", "pass", "sixes", "points 35 7", "write", "write"]


@pytest.fixture(scope="module")
def artefacts(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where the screenshots go: ``$T42_ARTEFACTS`` when set."""
    chosen = os.environ.get("T42_ARTEFACTS")
    path = Path(chosen) if chosen else tmp_path_factory.mktemp("artefacts")
    path.mkdir(parents=True, exist_ok=True)
    return path


@pytest.fixture
def phone(start_chromium: Callable[[int, int], Any]) -> Iterator[Any]:
    browser = start_chromium(*PHONE)
    try:
        yield browser
    finally:
        browser.quit()


def _director(server: Server) -> httpx.Client:
    client = httpx.Client(base_url=server.url, timeout=30, follow_redirects=True)
    client.get(f"/director/login?key={server.secret}")
    return client


def _csrf(page: str) -> str:
    found = re.search(r'name="csrf" value="([^"]+)"', page)
    assert found, page
    return found[1]


def _event(director: httpx.Client, name: str, teams: list[tuple[str, str, str]],
           fmt: str = "round-robin") -> tuple[str, list[str]]:
    """A new event: its director's page address and its tables' links."""
    created = director.post("/director/events", data={
        "csrf": _csrf(director.get("/director").text), "name": name, "rules": "straight",
        "options": "", "format": fmt, "teams": "\n".join(", ".join(t) for t in teams)})
    links = re.findall(r'href="(http://[^"]+/t/[A-Za-z0-9_-]+)" data-table', created.text)
    return str(created.url), links


def _enter(link: str, entries: list[str]) -> None:
    """Post ``entries`` to the table's game now, numbered after those it has."""
    page = httpx.get(link, timeout=30).text
    game = int(re.search(r'data-game="(\d+)"', page)[1])  # type: ignore[index]
    stored = int(re.search(r'data-stored="(\d+)"', page)[1])  # type: ignore[index]
    for number, entry in enumerate(entries, stored + 1):
        answer = httpx.post(f"{link}/entries", timeout=30,
                            json={"game": game, "number": number, "entry": entry})
        assert answer.status_code == 200, answer.text


def _text(browser: Any, selector: str) -> str:
    """What the page shows in the element (all of it, folded or not), spaces made one."""
    text = browser.execute_script(
        "var e = document.querySelector(arguments[0]); return e ? e.textContent : null",
        selector)
    assert text is not None, f"nothing on the page is {selector}"
    return " ".join(str(text).split())


# -- 8: the hand now --


def test_a_new_hand_is_shown_as_itself_and_earlier_findings_say_their_hand(
    server: Server, phone: Any
) -> None:
    director = _director(server)
    _, links = _event(director, "The hand now", TEAMS[:2])
    _enter(links[0], ["start score N", *SCORED_HAND])  # hand 1, its total written
    phone.get(links[0])
    # Hand 2: East deals, South bids first; nothing of hand 1's auction.
    assert _text(phone, ".hand") == "Hand 2 · E Tom Weatherby deals"
    assert _text(phone, ".prompt") == "S Manny Garcia to bid"
    # Hand 1's finding is still there, saying it is hand 1's, in words.
    assert _text(phone, "#earlier summary") == "1 finding in earlier hands"
    assert _text(phone, "#earlier li") == "Hand 1, seat E: 29 is below the minimum bid of 30"
    assert not phone.find_elements(By.ID, "findings")  # none of hand 2's own
    _enter(links[0], ["29"])  # South bids 29 in hand 2 (flagged)
    phone.get(links[0])
    assert _text(phone, ".hand") == "Hand 2 · E Tom Weatherby deals · bids S 29"
    assert _text(phone, "#findings li") == "Hand 2, seat S: 29 is below the minimum bid of 30"


# -- 9: the correction form --


def _audit(browser: Any) -> list[str]:
    lines = browser.execute_script(
        "return Array.from(document.querySelectorAll('#audit li'))"
        ".map(function (li) { return li.textContent; })")
    return [" ".join(str(line).split()) for line in lines]


def test_the_correction_form_records_what_it_says_and_nothing_by_default(
    server: Server, phone: Any
) -> None:
    director = _director(server)
    event_url, _ = _event(director, "Rulings", TEAMS[:2])
    phone.get(f"{server.url}/director/login?key={server.secret}")
    phone.get(event_url)
    phone.find_element(By.CSS_SELECTOR, "details summary").click()
    # The director types the marks of the score sheet, 7–3, and a reason, and presses.
    marks = phone.find_element(By.CSS_SELECTOR, 'input[name="ns"]')
    form = marks.find_element(By.XPATH, "./ancestor::form")
    marks.send_keys("7")
    form.find_element(By.NAME, "ew").send_keys("3")
    form.find_element(By.NAME, "reason").send_keys("the score sheet")
    if form.find_elements(By.CLASS_NAME, "will"):  # what the form says it will record
        assert _text(phone, "form.correct .will") == (
            "This records Garcias 7, Weatherbys 3: Garcias win, as corrected by the director.")
    form.find_element(By.CSS_SELECTOR, "button:not([disabled])").click()
    WebDriverWait(phone, 30).until(lambda b: len(_audit(b)) == 2)
    assert "Garcias 7, Weatherbys 3" in _audit(phone)[-1]
    assert "forfeit" not in _audit(phone)[-1]
    assert "Garcias won 7–3 (corrected)" in _text(phone, "details.ruling summary")

    # Nothing is chosen for the director in any of the forms.
    assert phone.execute_script(
        "return document.querySelectorAll('#rulings input:checked, #rulings option[selected]')"
        ".length") == 0
    # A reason typed in the forfeit form and Enter records nothing: a forfeit names its team.
    phone.find_element(By.CSS_SELECTOR, "details summary").click()
    reason = phone.find_element(By.CSS_SELECTOR, "form.forfeit input[name='reason']")
    reason.send_keys("no show\n")
    assert len(_audit(phone)) == 2
    buttons = [b.text for b in phone.find_elements(By.CSS_SELECTOR, "form.forfeit button")
               if b.is_displayed()]
    assert buttons == ["Garcias forfeit: Weatherbys win 7–0",
                       "Weatherbys forfeit: Garcias win 7–0"]
    # The server refuses, in words, a post that does not say what to record.
    game = int(phone.find_element(By.CSS_SELECTOR, "details.ruling").get_attribute(
        "data-game"))
    csrf = _csrf(director.get(event_url).text)
    for sent in ({"reason": "x"}, {"what": "forfeit", "reason": "x"},
                 {"what": "correct", "ns": "7", "reason": "x"}):
        refused = director.post(f"/director/g/{game}/outcome", data={"csrf": csrf, **sent})
        assert refused.status_code == 400
        assert "nothing was recorded" in refused.text
    phone.get(event_url)
    assert len(_audit(phone)) == 2
    # Those who watch the game see the ruling, which is its result.
    public = phone.find_element(By.PARTIAL_LINK_TEXT, "Public standings").get_attribute("href")
    phone.get(f"{public}/watch/{game}")
    assert _text(phone, "#ruling") == (
        "The director's ruling (corrected): Garcias 7, Weatherbys 3. It is the game's result.")


# -- 12: points that cannot be a hand's; byes; --


def _stored(browser: Any) -> int:
    return int(browser.execute_script(
        'return document.getElementById("state").getAttribute("data-stored")'))


def _send_form(browser: Any, selector: str, values: dict[str, str]) -> None:
    """Fill a form of the table's screen, send it, and wait for the server's answer."""
    before = _stored(browser)
    form = browser.find_element(By.CSS_SELECTOR, selector)
    for name, value in values.items():
        field = form.find_element(By.NAME, name)
        field.clear()
        field.send_keys(value)
    form.find_element(By.CSS_SELECTOR, "button").click()
    WebDriverWait(browser, 30, poll_frequency=0.05).until(lambda b: _stored(b) > before)


def test_points_that_cannot_be_a_hands_are_refused_in_words_with_a_way_on(
    server: Server, phone: Any
) -> None:
    director = _director(server)
    _, links = _event(director, "Score only", TEAMS[:2])
    _enter(links[0], ["start score N", "pass", "30", "pass", "pass", "sixes"])
    phone.get(links[0])
    _send_form(phone, "form#points", {"ns": "40", "ew": "4"})  # 44: no hand's points
    assert _text(phone, "#said") == (
        "not recorded: N–S 40 E–W 4: the points written add up to 44; a hand is worth 42. "
        "Write the points again")
    assert "flagged" in phone.find_element(By.ID, "said").get_attribute("class")
    assert not phone.find_elements(By.ID, "findings")  # nothing of it is in the record
    _send_form(phone, "form#points", {"ns": "35", "ew": "7"})  # asked again, and written
    assert _text(phone, ".prompt") == "Marks: N–S 1 E–W 0"
    assert phone.find_element(By.ID, "write").text == "Write marks N–S 1 E–W 0"
    # The table writes its own marks (2, where the hand gives 1): kept and flagged, and
    # the total the engine cannot settle is asked for with a button to press.
    _send_form(phone, "form.entry.other", {"ns": "2", "ew": "0"})
    assert "flagged" in _text(phone, "#said")
    assert phone.find_element(By.CSS_SELECTOR, "[data-step='score'] button.big").is_displayed()


def _games_listed(browser: Any) -> list[str]:
    return [" ".join(str(li).split()) for li in browser.execute_script(
        "return Array.from(document.querySelectorAll('#results li'))"
        ".map(function (li) { return li.textContent; })")]


def test_a_bye_counts_in_the_standings_when_the_list_of_games_says_it_does(
    server: Server, phone: Any
) -> None:
    director = _director(server)
    event_url, links = _event(director, "Five teams", TEAMS)  # a bye every round
    page = director.get(event_url).text
    public = re.search(r'href="(http://[^"]+/e/[A-Za-z0-9_-]+)"', page)
    assert public
    phone.get(public[1])
    byes = [line for line in _games_listed(phone) if "– bye" in line]
    assert len(byes) == 5
    assert all("won" not in line for line in byes)  # no round is under way
    assert all(n == "0" for n in phone.execute_script(
        "return Array.from(document.querySelectorAll('#standings .wins'))"
        ".map(function (c) { return c.textContent; })"))
    _enter(links[0], ["start score N"])  # round 1 is under way
    phone.get(public[1])
    byes = [line for line in _games_listed(phone) if "– bye" in line]
    assert [("won 7–4" in line) for line in byes] == [True, False, False, False, False]
    team = byes[0].split(": ")[1].split(" – ")[0]
    row = phone.find_element(By.CSS_SELECTOR, f'#standings tr[data-team="{team}"]')
    assert [row.find_element(By.CLASS_NAME, c).text for c in ("wins", "for", "against")] == [
        "1", "7", "4"]


# -- 11 and 13: every page fits a phone and every control can be tapped; the marks drawn --

# How wide the page is, and the controls shown less than 44 px tall (a radio or a check box
# is tapped by its label). Folded parts are opened first, so that their controls count too.
_FIT = """
document.querySelectorAll("details").forEach(function (d) { d.open = true; });
var small = [];
document.querySelectorAll(
  "a[href], button, input:not([type=hidden]), select, textarea, summary"
).forEach(function (e) {
  var target = (e.type === "radio" || e.type === "checkbox") ? e.closest("label") : e;
  var box = target.getBoundingClientRect();
  if (box.width === 0 && box.height === 0) { return; }  // not shown
  if (box.height < 44) { small.push(e.outerHTML.slice(0, 90) + " is " + box.height + " px"); }
});
return {width: document.documentElement.scrollWidth, small: small};
"""
LONG_NAME = "The-Longest-Team-Name-A-Club-Could-Type-Without-Any-Spaces-X"[:60]


def _fits(browser: Any, page: str, artefacts: Path) -> None:
    """The page fits the phone and its controls can be tapped (its screenshot is kept)."""
    whole = browser.execute_cdp_cmd("Page.captureScreenshot", {
        "format": "png", "captureBeyondViewport": True})  # the whole page, not the window
    name = f"screen-{re.sub(r'[^a-z]+', '-', page)}.png"
    (artefacts / name).write_bytes(base64.b64decode(whole["data"]))
    shown = browser.execute_script(_FIT)
    assert shown["width"] <= PHONE[0], f"{page} is {shown['width']} px wide"
    assert shown["small"] == [], f"{page}: controls too small to tap: {shown['small']}"


def _strokes(browser: Any, team: str) -> tuple[int, int]:
    """The strokes drawn for ``team`` on the table's screen: written, still to come."""
    counts = browser.execute_script(
        "var svg = document.querySelector('.side.' + arguments[0] + ' svg.strokes');"
        "if (!svg) { return null; }"
        "return [svg.querySelectorAll('line.stroke:not(.to-come)').length,"
        "        svg.querySelectorAll('line.to-come').length];", team)
    assert counts is not None, f"no strokes drawn for {team}"
    return counts[0], counts[1]


def test_the_marks_are_drawn_as_strokes_of_all(server: Server, phone: Any) -> None:
    director = _director(server)
    _, links = _event(director, "Strokes", TEAMS[:2])
    _enter(links[0], ["start score N", *SCORED_HAND, "pass", "pass", "pass", "2m", "sixes",
                      "points 0 42", "write", "write"])  # N-S 1 mark, then E-W 2
    phone.get(links[0])
    assert phone.execute_script(  # no marks written in characters
        "return Array.from(document.querySelectorAll('#state pre'))"
        ".map(function (p) { return p.textContent; })") == []
    assert _text(phone, ".side.ns .count") == "1"
    assert _text(phone, ".side.ew .count") == "2"
    assert _strokes(phone, "ns") == (1, 6)  # the A's left leg; the rest of ALL to come
    assert _strokes(phone, "ew") == (2, 5)
    assert not phone.find_elements(By.CSS_SELECTOR, ".scoreboard pre, .marks pre")
    label = phone.find_element(By.CSS_SELECTOR, ".side.ew svg.strokes").get_attribute(
        "aria-label")
    assert label == "2 marks"


def test_every_page_fits_a_phone_and_every_control_can_be_tapped(
    server: Server, phone: Any, artefacts: Path
) -> None:
    director = _director(server)
    teams = [(LONG_NAME, "Lupe Garcia", "Manny Garcia"), *TEAMS[1:],
             ("Patels", "Raj Patel", "Mina Patel")]  # three tables
    event_url, links = _event(director, "A night of many pages", teams)
    _enter(links[0], ["start tricks N", "pass", "29", "30", "pass", "sixes", "6-6"])
    _enter(links[1], ["start score E", "pass", "pass", "30", "pass", "sixes"])
    page = director.get(event_url).text
    game = int(re.findall(r'<details class="ruling" data-game="(\d+)"', page)[-1])
    director.post(f"/director/g/{game}/outcome", data={
        "csrf": _csrf(page), "what": "forfeit", "reason": "no show",
        "team": re.findall(rf'/director/g/{game}/outcome" class="forfeit">.*?'
                           r'name="team" value="(\d+)"', page, re.S)[0]})
    public = re.search(r'href="(http://[^"]+/e/[A-Za-z0-9_-]+)"', page)
    assert public
    phone.get(f"{server.url}/")
    _fits(phone, "the home page", artefacts)
    phone.get(f"{server.url}/director/login?key={server.secret}")
    _fits(phone, "the director's events", artefacts)
    phone.get(event_url)
    _fits(phone, "the director's event page", artefacts)
    keep_for_the_docs(phone, artefacts, "club-director", at="section:has(figure.table-link)")
    # The findings in words, with their hand and seat; the trail in names.
    assert "Hand 1, seat S: 29 is below the minimum bid of 30" in _text(phone, "li.game .flags")
    assert not phone.find_elements(By.CSS_SELECTOR, "#live pre")
    assert "forfeit" in _audit(phone)[-1]
    assert not re.search(r"\b(game|team) \d", _audit(phone)[-1])
    phone.get(f"{event_url}/files/results.html")
    _fits(phone, "the exported results page", artefacts)
    phone.get(public[1])
    _fits(phone, "the public standings", artefacts)
    watch = phone.find_element(By.PARTIAL_LINK_TEXT, "Watch").get_attribute("href")
    phone.get(watch)
    _fits(phone, "a spectator's view of a table", artefacts)
    for link, step in ((links[0], "play"), (links[1], "play"), (links[2], "confirm")):
        phone.get(link)
        assert phone.find_element(By.ID, "state").get_attribute("data-step") == step
        _fits(phone, f"a table's phone at its {step}", artefacts)
    _enter(links[1], ["points 30 12"])
    phone.get(links[1])
    _fits(phone, "a table's phone writing the score", artefacts)
    phone.get(f"{server.url}/t/no-such-table")
    _fits(phone, "a refusal", artefacts)
    phone.get(watch.replace("/watch/", "/replay/"))
    _fits(phone, "the replay of a game", artefacts)
    # A table at each step of a hand, and at the end of its game.
    _enter(links[2], ["start tricks S"])
    for step, entries in (("bid", []), ("trump", ["pass", "30", "pass", "pass"]),
                          ("play", ["sixes"])):
        _enter(links[2], entries)
        phone.get(links[2])
        assert phone.find_element(By.ID, "state").get_attribute("data-step") == step
        _fits(phone, f"a table's phone at its {step}", artefacts)
    _, quick = _event(director, "Quick", TEAMS[:2])
    _enter(quick[0], ["start score N", *4 * ["pass", "2m", "pass", "pass", "sixes",
                                              "points 42 0", "write", "write"]])
    phone.get(quick[0])
    assert phone.find_element(By.ID, "state").get_attribute("data-step") == "over"
    _fits(phone, "a table's phone when the game is won", artefacts)
    # The director's pages of the other formats: brackets, and open play.
    for fmt in ("round-robin+brackets", "open"):
        other, _ = _event(director, f"An event of {fmt}", TEAMS[:4], fmt)
        phone.get(other)
        _fits(phone, f"the director's page of {fmt}", artefacts)
