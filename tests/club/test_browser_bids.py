"""A table's phone offers the bids that announce their contract (``2m-splash``,
``4m-plunge``: docs/rules.md, The other 42 programs) exactly as the table's rule set allows
them, in real headless Chromium at phone size (390×844) against a real ``t42 serve``: a
table playing texas with nello-min=2m, splash-bid=2m-or-3m and bid-out-of-turn=reshake
taps a Plunge announced with its bid, and the screen and the stored record show it.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from club_server import Server, csrf_of

try:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait
except ImportError:  # pragma: no cover - the test extra installs selenium
    pass

pytestmark = pytest.mark.usefixtures("browser_needed")

PHONE = (390, 844)
TEAMS = "Garcias, Lupe Garcia, Manny Garcia\nWeatherbys, Tom Weatherby, Jolene Weatherby"
OPTIONS = "nello-min=2m, splash-bid=2m-or-3m, bid-out-of-turn=reshake"


@pytest.fixture
def phone(start_chromium: Any) -> Iterator[Any]:
    browser = start_chromium(*PHONE)
    try:
        yield browser
    finally:
        browser.quit()


def _stored(browser: Any) -> int:
    return int(browser.execute_script(
        'return document.getElementById("state").getAttribute("data-stored")'))


def _after(browser: Any, before: int) -> None:
    WebDriverWait(browser, 30, poll_frequency=0.02).until(lambda b: _stored(b) > before)


def _tap(browser: Any, entry: str) -> None:
    before = _stored(browser)
    browser.find_element(By.CSS_SELECTOR, f'[data-entry="{entry}"]').click()
    _after(browser, before)


def _bid_buttons(browser: Any) -> list[str]:
    return list(browser.execute_script(
        "return Array.from(document.querySelectorAll('.buttons button[data-entry]'))"
        ".map(function (b) { return b.getAttribute('data-entry'); })"))


def _hand(browser: Any) -> str:
    return str(browser.find_element(By.CSS_SELECTOR, "#state .hand").text)


@pytest.mark.parametrize("database", ["sqlite"], indirect=True)
def test_a_phone_offers_and_stores_the_bids_that_announce_their_contract(
    server: Server, phone: Any
) -> None:
    director = server.director()
    answer = director.post("/director/events", data={
        "csrf": csrf_of(director.get("/director").text), "name": "Plunge night",
        "rules": "texas", "options": OPTIONS, "format": "round-robin", "teams": TEAMS,
    }, follow_redirects=True)
    assert answer.status_code == 200, answer.text
    event = str(answer.url)
    link = re.findall(r'href="(http://[^"]+/t/[A-Za-z0-9_-]+)" data-table', answer.text)[0]
    phone.get(link)
    phone.find_element(By.CSS_SELECTOR, 'input[name="mode"][value="score"]').click()
    before = _stored(phone)
    phone.find_element(By.ID, "start").click()  # North deals: East bids first
    _after(phone, before)
    offered = _bid_buttons(phone)
    # Nello from 2 marks (nello-min=2m), a Splash at 2 marks or a jump to 3, the Plunge's 4.
    assert [b for b in offered if "-" in b] == ["2m-nello", "2m-splash", "3m-splash",
                                                "4m-plunge"]
    assert "1m-nello" not in offered
    assert "1m" in offered
    assert phone.execute_script(
        "return document.documentElement.scrollWidth <= window.innerWidth")
    # A bid taken back (as a table does before it shakes again) leaves the same dealer.
    _tap(phone, "30")
    _tap(phone, "u")
    assert "E" in phone.find_element(By.CSS_SELECTOR, ".prompt b").text
    assert _bid_buttons(phone) == offered
    # East passes, South plunges, West and North pass: North, the partner, names trump.
    _tap(phone, "pass")
    _tap(phone, "4m-plunge")
    assert "S 4m-plunge" in _hand(phone)
    _tap(phone, "pass")
    _tap(phone, "pass")
    assert "N" in phone.find_element(By.CSS_SELECTOR, ".prompt b").text
    _tap(phone, "sixes")
    assert "S 4m-plunge" in _hand(phone)
    assert "trump N sixes" in _hand(phone)
    assert not phone.find_elements(By.CSS_SELECTOR, "#findings .finding")
    stored = director.get(f"{event}/files/round-1-table-1.t42").text
    assert "bid E pass S 4m-plunge W pass N pass\ntrump N sixes\n" in stored


@pytest.mark.parametrize("database", ["sqlite"], indirect=True)
def test_an_announced_bid_can_be_typed_on_the_phone(server: Server, phone: Any) -> None:
    director = server.director()
    answer = director.post("/director/events", data={
        "csrf": csrf_of(director.get("/director").text), "name": "Typed splash",
        "rules": "texas", "options": OPTIONS, "format": "round-robin", "teams": TEAMS,
    }, follow_redirects=True)
    link = re.findall(r'href="(http://[^"]+/t/[A-Za-z0-9_-]+)" data-table', answer.text)[0]
    phone.get(link)
    before = _stored(phone)
    phone.find_element(By.ID, "start").click()
    _after(phone, before)
    form = phone.find_element(By.CSS_SELECTOR, 'form[data-entry-form="{bid}"]')
    form.find_element(By.NAME, "bid").send_keys("2m-splash")
    before = _stored(phone)
    form.find_element(By.TAG_NAME, "button").click()
    _after(phone, before)
    assert "E 2m-splash" in _hand(phone)
