"""The one-file HTML replay in a real browser: headless Chromium driven through selenium.

The page is opened from its file, the arrow keys and buttons are pressed, and what the page
shows (the hands, the trick, the score, the findings) is read back and compared with the
engine's own account of the game. A screenshot of a chosen step is kept for people to look
at: under ``$T42_ARTEFACTS`` when set, else in the test's temporary directory; its path is
printed. Without chromium, chromedriver or selenium these tests skip, summed up loudly at the
end of the run with how to install them; under CI (``CI=true``) they fail instead.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from notation.check.validate import GameReport, check_game
from notation.formats.text import loads
from notation.model.game import Game
from notation.model.seats import SEATS, Team
from notation.views.steps import game_steps
from replay.page import audit_summaries, merge_summaries, replay_page, review_summaries

SAMPLES = Path(__file__).parent.parent.parent / "samples"

webdriver: Any
try:
    from selenium import webdriver
    from selenium.common.exceptions import NoAlertPresentException
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
except ImportError:  # pragma: no cover - the test extra installs selenium
    webdriver = None

pytestmark = pytest.mark.usefixtures("browser_needed")


@pytest.fixture(scope="module")
def browser(start_chromium: Callable[[int, int], Any]) -> Iterator[Any]:
    """One headless Chromium for the whole module."""
    driver = start_chromium(1280, 900)
    try:
        yield driver
    finally:
        driver.quit()


@pytest.fixture(scope="module")
def artefacts(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where screenshots are kept for people to look at."""
    chosen = os.environ.get("T42_ARTEFACTS")
    path = Path(chosen) if chosen else tmp_path_factory.mktemp("artefacts")
    path.mkdir(parents=True, exist_ok=True)
    return path


def _page(tmp_path: Path, name: str, game: Game, report: GameReport, *,
          audit: bool = False, review: bool = False) -> str:
    audits = audit_summaries(game, 1) if audit else None
    if review:
        audits = merge_summaries(audits or {}, review_summaries(game, 1, samples=2))
    page = tmp_path / f"{name}.html"
    page.write_text(replay_page([(1, game, report)], title=name, audits=audits),
                    encoding="utf-8")
    return page.as_uri()


def _open(browser: Any, url: str) -> None:
    browser.set_window_size(1280, 900)
    browser.get(url)
    assert browser.find_element(By.TAG_NAME, "body").get_attribute("data-step") == "0"


def _text(browser: Any, css: str) -> str:
    text: str = browser.find_element(By.CSS_SELECTOR, css).text
    return text


def _key(browser: Any, key: str, times: int = 1) -> None:
    body = browser.find_element(By.TAG_NAME, "body")
    for _ in range(times):
        body.send_keys(key)


def _at(browser: Any) -> int:
    return int(browser.find_element(By.TAG_NAME, "body").get_attribute("data-step"))


def _tiles(browser: Any, css: str) -> list[str]:
    found = browser.find_elements(By.CSS_SELECTOR, f"{css} svg[data-tile]")
    return [e.get_attribute("data-tile") for e in found]


# What a step shows, read in one call: the step, what happened, the trick's tiles and caption.
_READ = """
return {
  at: document.body.getAttribute("data-step"),
  what: document.getElementById("what").textContent,
  trick: Array.from(document.querySelectorAll("#centre svg[data-tile]"))
    .map(function (e) { return e.getAttribute("data-tile"); }),
  caption: document.getElementById("trick-caption").textContent
};
"""


def _sample(name: str) -> tuple[Game, GameReport]:
    game = loads((SAMPLES / name).read_text(encoding="utf-8"))[0]
    return game, check_game(game)


def test_stepping_through_a_whole_game_shows_each_trick_and_the_final_score(
    browser: Any, tmp_path: Path
) -> None:
    game, report = _sample("full-game.t42")
    steps = list(game_steps(game, report))
    _open(browser, _page(tmp_path, "full-game", game, report))
    hand = game.hands[0]
    assert _text(browser, "#where") == f"hand 1 · step 1/{sum(s.hand == 1 for s in steps)}"
    for seat in SEATS:
        assert sorted(_tiles(browser, f"#seat-{seat}")) == sorted(
            str(t) for t in hand.holding(seat).tiles  # type: ignore[union-attr]
        )
        assert _text(browser, f"#seat-{seat} .name").startswith(f"{game.seat_name(seat)} ({seat})")
    # Every step of the game, one right arrow at a time; check each trick as it is taken.
    hand_reports = {r.hand.number: r for r in report.hands}
    body = browser.find_element(By.TAG_NAME, "body")
    for at in range(1, len(steps)):
        body.send_keys(Keys.ARROW_RIGHT)
        shown = browser.execute_script(_READ)  # one round trip for what the step shows
        assert shown["at"] == str(at)
        step = steps[at]
        won = " · NS win 7–3" if at == len(steps) - 1 else ""  # the game's last step
        assert shown["what"] == step.text + won
        if step.trick is not None and step.trick.winner is not None:
            outcome = hand_reports[step.hand].tricks[step.trick.number - 1]
            assert sorted(shown["trick"]) == sorted(str(t) for t in outcome.tiles)
            assert shown["caption"] == (
                f"trick {outcome.number} · {outcome.winner} takes {outcome.points} point"
                + ("" if outcome.points == 1 else "s")
            )
    _key(browser, Keys.ARROW_RIGHT)  # the last step stays the last
    assert _at(browser) == len(steps) - 1
    last = report.hands[-1]
    assert _text(browser, "#score").startswith(
        f"NS {last.points[Team.NS]} points"
    )
    marks = _text(browser, "#marks")
    assert marks == f"NS {report.marks[Team.NS]} · EW {report.marks[Team.EW]} (after this hand)"
    # Each team's marks are drawn as strokes of ALL, one a mark: the winner's a whole ALL.
    drawn = browser.execute_script(
        "return Array.from(document.querySelectorAll('#strokes .team-strokes')).map("
        "function (row) { return [row.querySelector('.team').textContent,"
        " row.querySelectorAll('line.stroke:not(.to-come)').length]; })")
    assert drawn == [[t.value, report.marks[t]] for t in Team]
    assert max(report.marks.values()) >= 7
    _key(browser, Keys.HOME)
    assert _at(browser) == 0


def test_buttons_and_trick_keys_jump_through_the_game(browser: Any, tmp_path: Path) -> None:
    game, report = _sample("full-game.t42")
    _open(browser, _page(tmp_path, "jumps", game, report))
    browser.find_element(By.ID, "next_hand").click()
    assert _text(browser, "#where").startswith("hand 2 · step 1/")
    _key(browser, "2")
    outcome = report.hands[1].tricks[1]
    assert _text(browser, "#trick-caption").startswith(f"trick 2 · {outcome.winner} takes")
    browser.find_element(By.ID, "previous_play").click()
    assert _text(browser, "#what").startswith(f"{outcome.seats[-1]} plays {outcome.tiles[-1]}")
    _key(browser, Keys.ARROW_DOWN)
    assert _text(browser, "#trick-caption").startswith("trick 2 ·")
    _key(browser, Keys.PAGE_UP)
    assert _text(browser, "#where").startswith("hand 1 · step 1/")


def test_a_renege_is_shown_at_its_play_with_its_evidence(
    browser: Any, tmp_path: Path, artefacts: Path
) -> None:
    game, report = _sample("renege.t42")
    _open(browser, _page(tmp_path, "renege", game, report, audit=True))
    _key(browser, "3")  # trick 3 taken
    _key(browser, Keys.ARROW_LEFT)  # West's 2-2, the renege
    assert _text(browser, "#what") == "W plays 2-2"
    slot = browser.find_element(By.ID, "play-W")
    assert "renege" in slot.get_attribute("class")
    assert _tiles(browser, "#play-W") == ["2-2"]
    assert "W 2-2 ✗ renege" in slot.text
    findings = _text(browser, "#findings")
    assert "error renege: W reneged in trick 3: played 2-2 on a lead of fours" in findings
    assert "could follow 5-4, 4-2" in findings
    # West still holds the two tiles that could have followed.
    assert {"5-4", "4-2"} <= set(_tiles(browser, "#seat-W"))
    assert _text(browser, "#score") == "NS 12 points, 2 tricks · EW 0 points, 0 tricks"
    assert _text(browser, "#verdict").startswith("perfect play from the opening lead")
    shot = artefacts / "renege-trick-3.png"
    assert browser.save_screenshot(str(shot))
    print(f"screenshot of the renege: {shot}")
    assert shot.stat().st_size > 10_000


def test_the_fair_verdict_is_shown_beside_the_hindsight_at_its_play(
    browser: Any, tmp_path: Path
) -> None:
    game, report = _sample("laydown-refuted.t42")
    _open(browser, _page(tmp_path, "review", game, report, audit=True, review=True))
    _key(browser, "1")  # trick 1 taken
    _key(browser, Keys.ARROW_LEFT, 4)  # back to South's lead, the 4-2
    assert _text(browser, "#what") == "S leads 4-2 (trumps)"
    findings = _text(browser, "#findings")
    assert "audit: S's 4-2 in trick 1 cost NS 6 points against best play" in findings
    assert "fair review of S's 4-2:" in findings
    assert "in hindsight: a mistake costing 6 points" in findings
    assert "fair review: each play judged on 2 worlds" in _text(browser, "#verdict")


def test_on_a_phone_screen_the_table_fits_the_width(
    browser: Any, tmp_path: Path, artefacts: Path
) -> None:
    game, report = _sample("renege.t42")
    _open(browser, _page(tmp_path, "phone", game, report))
    browser.set_window_size(390, 844)
    _key(browser, "3")
    overflow = browser.execute_script(
        "return document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    assert overflow <= 0
    assert _tiles(browser, "#play-W") == ["2-2"]
    shot = artefacts / "renege-phone.png"
    assert browser.save_screenshot(str(shot))
    print(f"screenshot on a phone-sized window: {shot}")


def test_hostile_names_and_comments_show_literally_and_run_nothing(
    browser: Any, tmp_path: Path, hostile_game: Game
) -> None:
    _open(browser, _page(tmp_path, "hostile", hostile_game, check_game(hostile_game)))
    with pytest.raises(NoAlertPresentException):
        _ = browser.switch_to.alert.text
    assert browser.execute_script("return window.pwned") is None
    assert len(browser.find_elements(By.TAG_NAME, "script")) == 2
    assert not browser.find_elements(By.CSS_SELECTOR, "main img, main b, header i")
    assert _text(browser, "#seat-N .name").startswith("<script>alert(1)</script> (N)")
    assert _text(browser, "#seat-E .name").startswith("\"&'<b>bold</b> (E)")
    assert _text(browser, "#seat-S .name").startswith("Ann\\x1b[2J\\x07 (S)")
    assert _text(browser, "#seat-W .name").startswith('\\u202eevil <img src=x onerror="')
    _key(browser, "3")  # the comment is written on trick 3
    assert "</script><script>window.pwned=1</script> &amp; </svg>" in _text(browser, "#comments")
    assert browser.execute_script("return window.pwned") is None


def test_the_heading_the_hand_over_a_link_and_the_winner(
    browser: Any, tmp_path: Path
) -> None:
    game, report = _sample("full-game.t42")
    steps = list(game_steps(game, report))
    url = _page(tmp_path, "full-game", game, report)
    _open(browser, url)
    # the heading is the game's Event, Site and Date, never the file's path
    heading = _text(browser, "h1")
    assert heading == " · ".join(
        v for v in (game.tag("Event"), game.tag("Site"), game.tag("Date")) if v and v != "?"
    )
    # hand over: the last trick stays on the table, not the auction
    browser.find_element(By.ID, "next_hand").click()
    _key(browser, Keys.ARROW_LEFT)
    shown = browser.execute_script(_READ)
    last_trick = report.hands[0].tricks[-1]
    assert shown["what"] == steps[int(shown["at"])].text
    assert sorted(shown["trick"]) == sorted(str(t) for t in last_trick.tiles)
    assert shown["caption"].startswith(f"hand over · trick {last_trick.number} ·")
    # a link opens at its hand and step, and the address follows the moves
    browser.get(url + "#hand=2&step=12")
    at = _at(browser)
    assert (steps[at].hand, steps[at].index) == (2, 12)
    assert _text(browser, "#where").startswith("hand 2 · step 12/")
    _key(browser, Keys.ARROW_RIGHT)
    assert browser.execute_script("return location.hash") == "#hand=2&step=13"
    # the end of the game says who won it, and by how much
    _key(browser, Keys.END)
    ns, ew = report.marks[Team.NS], report.marks[Team.EW]
    winner = "NS" if report.winner is Team.NS else "EW"
    high, low = (ns, ew) if winner == "NS" else (ew, ns)
    assert f"{winner} win {high}–{low}" in _text(browser, "#what")
