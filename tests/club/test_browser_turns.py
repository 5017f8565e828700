"""A table's phone in real headless Chromium at phone size (390×844), against a real ``t42
serve``: after a forfeit lets table 2 finish its round early, its phone does not jump ahead
to a round whose team still plays at table 1: it says whom it waits for, moves on by itself
when they finish, and the game it then offers is the one its link may write. The director
sees which phone wrote each game.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

sys.path.insert(0, str(Path(__file__).parent))
from club_server import Server, create_event, csrf_of

try:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait
except ImportError:  # pragma: no cover - the test extra installs selenium
    pass

pytestmark = pytest.mark.usefixtures("browser_needed")

PHONE = (390, 844)
TEAMS = "Garcias, Lupe Garcia, Manny Garcia\nWeatherbys, Tom Weatherby, Jolene Weatherby\n" \
        "Nguyens, Anh Nguyen, Bao Nguyen\nO'Briens, Siobhan O'Brien, Pat O'Brien"


@pytest.fixture
def phone(start_chromium: Any) -> Iterator[Any]:
    browser = start_chromium(*PHONE)
    try:
        yield browser
    finally:
        browser.quit()


def _forfeit(director: httpx.Client, event_url: str, game: int) -> None:
    page = director.get(event_url).text
    team = re.search(rf'action="/director/g/{game}/outcome" class="forfeit".*?'
                     r'name="team" value="(\d+)"', page, re.S)
    assert team
    answer = director.post(f"/director/g/{game}/outcome", data={
        "csrf": csrf_of(page), "what": "forfeit", "team": team[1], "reason": "gone home"})
    assert answer.status_code == 200, answer.text


def _shown(browser: Any) -> str:
    text: str = browser.execute_script("return document.body.innerText")
    return text


def _fits(browser: Any) -> bool:
    return bool(browser.execute_script(
        "return document.documentElement.scrollWidth <= window.innerWidth"))


@pytest.mark.parametrize("database", ["sqlite"], indirect=True)
def test_a_phone_waits_for_a_team_still_playing_elsewhere_then_moves_on(
    server: Server, phone: Any
) -> None:
    director = server.director()
    event_url, links = create_event(director, TEAMS, name="Forfeit night")
    # Round 1: Garcias–O'Briens at table 1, Weatherbys–Nguyens at table 2; round 2:
    # Garcias–Nguyens at 1, O'Briens–Weatherbys at 2; round 3: Garcias–Weatherbys at 1,
    # Nguyens–O'Briens at 2.
    games = [int(g) for g in re.findall(r'<li class="game[^"]*" data-game="(\d+)"',
                                        director.get(event_url).text)]
    r1t1, r1t2, r2t1, r2t2, _, r3t2 = games
    phone.get(links[1])
    assert "Tom Weatherby (N)" in _shown(phone)
    _forfeit(director, event_url, r1t2)
    _forfeit(director, event_url, r2t2)  # the O'Briens' round-2 game, while they play round 1
    phone.get(links[1])
    said = _shown(phone)
    assert "round 3: this table is waiting for O'Briens to finish round 1 at table 1" in said
    assert "Confirm and start" not in said
    assert _fits(phone)
    # Table 1 finishes round 1: the phone moves on by itself, to wait for the Nguyens.
    _forfeit(director, event_url, r1t1)
    WebDriverWait(phone, 30, poll_frequency=0.2).until(
        lambda b: "waiting for Nguyens to finish round 2 at table 1" in _shown(b))
    _forfeit(director, event_url, r2t1)
    WebDriverWait(phone, 30, poll_frequency=0.2).until(
        lambda b: b.find_elements(By.ID, "start"))
    said = _shown(phone)
    assert "Anh Nguyen (N)" in said
    assert "Pat O'Brien (W)" in said
    assert _fits(phone)
    # The game it offers is the one its link may write: confirmed from the phone, stored.
    phone.find_element(By.ID, "start").click()
    WebDriverWait(phone, 30, poll_frequency=0.1).until(
        lambda b: b.execute_script(
            'return document.getElementById("state").getAttribute("data-stored")') == "1")
    row = re.search(rf'data-game-devices="{r3t2}">(.*?)</p>', director.get(event_url).text)
    assert row
    assert re.search(r'class="device">[0-9a-f]{16} \(1 entry\)', row[1]), row[1]
    assert "start" not in director.get(f"{event_url}/files/round-3-table-1.t42").text
