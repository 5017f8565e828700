"""A shared hand opened in a real browser: one page written by ``t42 html`` for one game, its
address given ``#g=<share code>`` of another game, shows that other game — its tags, deal,
auction, trump, tricks, score lines and comments — decoded by the page's own script, with no
server (the page is opened from its file). Text from the record stays text: a comment that
looks like HTML shows as written and adds no element. A damaged code is said in words.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from notation.check.validate import check_game
from notation.formats import share
from notation.formats.text import loads
from replay.page import replay_page

SAMPLES = Path(__file__).parent.parent.parent / "samples"

try:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait
except ImportError:  # pragma: no cover - the test extra installs selenium
    pass

pytestmark = pytest.mark.usefixtures("browser_needed")

# A hand whose comments would be markup if spliced into the page.
HOSTILE = """[Event "Friday <b>club</b> & co"]
[Site "?"]
[Date "2026.11.20"]
[North "Ann <script>alert(1)</script>"]
[East "?"]
[South "?"]
[West "?"]
[Rules "straight"]

hand 1 dealer N
deal N 6-6 6-5 6-4 6-3 6-2 6-1 6-0
     E 5-5 5-4 5-3 5-2 5-1 5-0 4-4
     S 4-3 4-2 4-1 4-0 3-3 3-2 3-1
     W 3-0 2-2 2-1 2-0 1-1 1-0 0-0
bid E pass S pass W pass N 2m { <img src=x onerror=alert(2)> }
trump N sixes
1 N 6-6 5-5 4-3 3-0
"""


@pytest.fixture(scope="module")
def browser(start_chromium: Callable[[int, int], Any]) -> Iterator[Any]:
    driver = start_chromium(1280, 900)
    try:
        yield driver
    finally:
        driver.quit()


@pytest.fixture(scope="module")
def page(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A page written for one game (the nello sample): any copy opens any shared game."""
    game = loads((SAMPLES / "nello.t42").read_text(encoding="utf-8"))[0]
    path = tmp_path_factory.mktemp("share") / "page.html"
    path.write_text(replay_page([(1, game, check_game(game))], title="page.html"),
                    encoding="utf-8")
    return path.as_uri()


def _opened(browser: Any, url: str) -> str:
    browser.get("about:blank")
    browser.get(url)
    WebDriverWait(browser, 10).until(
        lambda b: b.find_element(By.TAG_NAME, "body").get_attribute("data-shared")
        in ("shown", "failed"))
    state: str = browser.find_element(By.TAG_NAME, "body").get_attribute("data-shared")
    return state


def test_the_page_shows_the_hand_its_address_names(browser: Any, page: str) -> None:
    game = loads((SAMPLES / "full-game.t42").read_text(encoding="utf-8"))[0]
    hand = share.one_hand(game, 3)
    assert _opened(browser, f"{page}#g={share.dumps(hand)}") == "shown"
    assert browser.find_element(By.ID, "heading").text == " · ".join(
        game.tag(name) or "" for name in ("Event", "Site", "Date"))
    assert not browser.find_element(By.ID, "replay").is_displayed()
    shown = browser.find_element(By.CSS_SELECTOR, ".shared-hand")
    record = hand.hands[0]
    assert shown.get_attribute("data-hand") == "3"
    for holding in record.deal:
        row = shown.find_element(By.CSS_SELECTOR, f'.holding[data-seat="{holding.seat}"]')
        tiles = [t.get_attribute("data-tile") for t in row.find_elements(By.CSS_SELECTOR, "svg")]
        assert tiles == [str(t) for t in sorted(holding.tiles, reverse=True)]
    assert record.auction is not None
    assert shown.find_element(By.CSS_SELECTOR, ".auction").text == " · ".join(
        f"{c.seat} {c.bid}" for c in record.auction.calls)
    for trick in record.tricks:
        row = shown.find_element(By.CSS_SELECTOR, f'.trick[data-trick="{trick.number}"]')
        assert row.text.startswith(f"{trick.number} · {trick.leader} leads")
        played = [t.get_attribute("data-tile") for t in row.find_elements(By.CSS_SELECTOR, "svg")]
        assert played == [str(p.tile) for p in trick.plays]
    points = next(s for s in record.scores if s.kind.value == "points")
    assert shown.find_element(By.CSS_SELECTOR, ".score-points").text == (
        f"points NS {points.ns} EW {points.ew}")


def test_record_text_stays_text(browser: Any, page: str) -> None:
    game = loads(HOSTILE)[0]
    assert _opened(browser, f"{page}#g={share.dumps(game)}") == "shown"
    assert browser.find_element(By.ID, "heading").text == "Friday <b>club</b> & co · 2026.11.20"
    body = browser.find_element(By.ID, "shared")
    assert "Ann <script>alert(1)</script>" in body.text
    assert "<img src=x onerror=alert(2)>" in body.text
    assert not body.find_elements(By.CSS_SELECTOR, "b, script, img")
    assert browser.execute_script("return document.querySelectorAll('script').length") == 2


def test_a_damaged_code_is_said_in_words(browser: Any, page: str) -> None:
    code = share.dumps(loads(HOSTILE)[0])
    assert _opened(browser, f"{page}#g={code[:-12]}") == "failed"
    assert "damaged" in browser.find_element(By.CSS_SELECTOR, ".share-error").text
    assert _opened(browser, f"{page}#g=9.{code[2:]}") == "failed"
    assert re.search(r"version 9", browser.find_element(By.CSS_SELECTOR, ".share-error").text)


def test_the_page_still_replays_its_own_game_without_a_code(browser: Any, page: str) -> None:
    browser.get("about:blank")
    browser.get(page)
    body = browser.find_element(By.TAG_NAME, "body")
    assert body.get_attribute("data-step") == "0"
    assert body.get_attribute("data-shared") is None
    assert not browser.find_element(By.ID, "shared").is_displayed()
