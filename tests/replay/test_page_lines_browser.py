"""The HTML replay's variations and "what if" in a real browser (headless Chromium, as in
test_page_browser.py): the glyph and comment of a step, a variation entered and left by key,
button and link, and another tile tried at a play, the hand finished by best play.

Every test loads its page once; what a step shows is compared with the library's own
account of it (the variation's frames, :func:`notation.analysis.what_if.what_if`). Script
errors are caught on the page (an ``error`` listener installed before the page's own script)
and must be none.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from notation.analysis.what_if import what_if
from notation.check.position import Position
from notation.check.validate import check_game
from notation.formats.text import loads
from notation.model.game import Game
from notation.model.lines import add_variation
from notation.model.seats import Seat, Team
from notation.model.tiles import Tile
from notation.views.navigation import game_frames
from notation.views.variations import variation_frames
from replay.page import replay_page

SAMPLES = Path(__file__).parent.parent.parent / "samples"
VARIATION = "/hands/0/tricks/3/plays/3/variations/0"  # E's 2-2 for the 5-5?? of trick 4
NESTED = VARIATION + "/tricks/0/plays/3/variations/0"  # in it, E's 5-5?? for the 3-3

try:
    from selenium.common.exceptions import NoAlertPresentException
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
except ImportError:  # pragma: no cover - the test extra installs selenium
    pass

pytestmark = pytest.mark.usefixtures("browser_needed")

_CATCH_ERRORS = ("window.t42errors = []; window.addEventListener('error', function (e) {"
                 " window.t42errors.push(String(e.message)); });")


@pytest.fixture(scope="module")
def browser(start_chromium: Callable[[int, int], Any]) -> Iterator[Any]:
    """One headless Chromium for the module, that keeps each page's script errors."""
    driver = start_chromium(1280, 900)
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": _CATCH_ERRORS})
    try:
        yield driver
    finally:
        driver.quit()


def _annotated() -> Game:
    return loads((SAMPLES / "annotated.t42").read_text(encoding="utf-8"))[0]


def _page(tmp_path: Path, game: Game, *, with_what_if: bool = False) -> str:
    page = tmp_path / "page.html"
    page.write_text(replay_page([(1, game, check_game(game))], title="annotated.t42",
                                what_if=with_what_if), encoding="utf-8")
    return page.as_uri()


_READ = """
return {
  at: document.body.getAttribute("data-step"),
  line: document.body.getAttribute("data-line"),
  what: document.getElementById("what").textContent,
  glyph: document.getElementById("glyph").hidden ? "" :
    document.getElementById("glyph").textContent,
  comments: document.getElementById("comments").textContent,
  inLine: document.getElementById("line").hidden ? "" :
    document.getElementById("line").textContent,
  east: Array.from(document.querySelectorAll("#play-E svg[data-tile]"))
    .map(function (e) { return e.getAttribute("data-tile"); }),
  hash: location.hash,
  errors: window.t42errors
};
"""


def _open(browser: Any, url: str) -> None:
    browser.set_window_size(1280, 900)
    browser.get(url)


def _overflow(browser: Any) -> int:
    """How far the page is wider than the window (0 or less: it fits)."""
    wider: int = browser.execute_script(
        "return document.documentElement.scrollWidth - document.documentElement.clientWidth")
    return wider


def _read(browser: Any) -> dict[str, Any]:
    shown: dict[str, Any] = browser.execute_script(_READ)
    assert shown["errors"] == [], shown["errors"]
    return shown


def _key(browser: Any, key: str) -> None:
    browser.find_element(By.TAG_NAME, "body").send_keys(key)


def _at_the_blunder(browser: Any) -> dict[str, Any]:
    """From the start, to E's 5-5?? of trick 4: the step before trick 4 is taken."""
    _key(browser, "4")
    _key(browser, Keys.ARROW_LEFT)
    return _read(browser)


def test_a_variation_is_entered_and_left_by_key_and_by_button(
    browser: Any, tmp_path: Path
) -> None:
    game = _annotated()
    report = check_game(game)
    lines = variation_frames(game, report, game_frames(game, report))
    _open(browser, _page(tmp_path, game))
    shown = _at_the_blunder(browser)
    assert shown["what"] == "E plays 5-5??"
    assert shown["glyph"] == "glyph ?? blunder"
    assert "ten points to the bidders" in shown["comments"]
    assert shown["inLine"] == ""
    assert shown["line"] == ""
    main_hash, main_at = shown["hash"], shown["at"]
    assert main_hash == "#hand=1&step=25"
    branch = browser.find_element(By.CSS_SELECTOR, "#branch-list button")
    assert branch.text == "variation: E plays 2-2!"
    # v: into the variation, which plays E's 2-2 in the 5-5's place
    _key(browser, "v")
    shown = _read(browser)
    first = lines[VARIATION].frames[lines[VARIATION].branch].step
    assert shown["what"] == first.text == "E plays 2-2!"
    assert shown["east"] == ["2-2"]
    assert shown["line"] == VARIATION
    assert "variation 1 of E's 5-5 in trick 4: E plays 2-2!" in shown["inLine"]
    assert "keeps the count" in shown["comments"]
    assert shown["glyph"] == "glyph ! good"
    assert shown["hash"] == f"#hand=1&step={first.index}&line={VARIATION}"
    _key(browser, Keys.ARROW_RIGHT)  # the variation's own trick 4: S takes 1 point, not 11
    assert _read(browser)["what"] == "S wins trick 4 for 1 point"
    # and deeper: at its E's 3-3, the variation within it
    _key(browser, Keys.ARROW_DOWN)
    _key(browser, Keys.ARROW_LEFT)
    shown = _read(browser)
    assert shown["what"] == "E plays 3-3"
    _key(browser, "v")
    shown = _read(browser)
    assert (shown["what"], shown["line"]) == ("E plays 5-5??", NESTED)
    _key(browser, "b")  # back out one level: the variation's 3-3 again
    shown = _read(browser)
    assert (shown["what"], shown["line"]) == ("E plays 3-3", VARIATION)
    _key(browser, Keys.ESCAPE)  # and out to the main line, where the variation branched
    shown = _read(browser)
    assert (shown["what"], shown["at"], shown["hash"]) == ("E plays 5-5??", main_at, main_hash)
    assert shown["inLine"] == ""
    assert shown["east"] == ["5-5"]
    # the same by the buttons
    browser.find_element(By.CSS_SELECTOR, "#branch-list button").click()
    assert _read(browser)["line"] == VARIATION
    leave = browser.find_element(By.ID, "leave")
    assert leave.is_displayed()
    leave.click()
    shown = _read(browser)
    assert (shown["what"], shown["line"]) == ("E plays 5-5??", "")
    assert not browser.find_element(By.ID, "leave").is_displayed()
    browser.find_element(By.ID, "enter").click()
    assert _read(browser)["what"] == "E plays 2-2!"


def test_a_link_into_a_variation_opens_there_and_a_bad_link_at_the_start(
    browser: Any, tmp_path: Path
) -> None:
    url = _page(tmp_path, _annotated())
    _open(browser, url + f"#hand=1&step=30&line={VARIATION}")
    shown = _read(browser)
    assert (shown["what"], shown["line"]) == ("E plays 3-3", VARIATION)
    assert "variation 1 of E's 5-5 in trick 4: E plays 2-2!" in shown["inLine"]
    assert shown["hash"] == f"#hand=1&step=30&line={VARIATION}"
    _key(browser, "b")
    assert _read(browser)["what"] == "E plays 5-5??"
    # links that name no line or no step of it land at the start, with no script error
    for bad in (f"hand=1&step=12&line={VARIATION}",  # before the variation branches
                f"hand=1&step=43&line={VARIATION}", f"hand=1&step=x&line={VARIATION}",
                "hand=1&step=25&line=/hands/0/tricks/9/plays/0/variations/0",
                "hand=2&step=25&line=" + VARIATION, "hand=1&step=3&line=__proto__",
                "hand=1&step=3&line=constructor", "hand=1&step=3&line=%E0%A4%A",
                "hand=1&step=3&line=", "game=2&hand=1&step=30&line=" + VARIATION):
        browser.get(url + "#hand=1&step=25")
        assert _read(browser)["at"] == "24"
        browser.get(url + "#" + bad)
        shown = _read(browser)
        assert (shown["at"], shown["line"], shown["what"]) == ("0", "", "hand 1: N deals"), bad
        assert shown["inLine"] == ""


def test_what_if_another_tile_is_played_and_the_hand_finished_by_best_play(
    browser: Any, tmp_path: Path
) -> None:
    game = _annotated()
    # E's 5-5?? comes after four calls, the trump call, three tricks and three plays
    position = Position.from_record(game, 1, step=4 + 1 + 3 * 4 + 3)
    assert (position.trick_number, position.turn) == (4, Seat.E)
    expected = what_if(position, Tile(4, 4))
    url = _page(tmp_path, game, with_what_if=True)
    _open(browser, url)
    shown = _at_the_blunder(browser)
    assert shown["what"] == "E plays 5-5??"
    tried = browser.find_elements(By.CSS_SELECTOR, "#what-if-list button")
    assert sorted(b.get_attribute("data-tile") for b in tried) == sorted(
        str(t) for t in position.legal_plays() if t != Tile(5, 5))
    # click the 4-4 in East's hand
    browser.find_element(By.CSS_SELECTOR, "#seat-E svg.can-try[data-tile='4-4']").click()
    shown = _read(browser)
    assert shown["what"] == "E plays 4-4"
    assert shown["east"] == ["4-4"]
    assert shown["hash"] == "#hand=1&step=25&line=/hands/0/tricks/3/plays/3/what-if/4-4"
    assert expected.words in shown["inLine"]
    assert expected.words == "with E's 4-4, best play gives NS 42, EW 0: S's 30 is made"
    _key(browser, Keys.END)
    score = _read(browser)["what"]
    browser.set_window_size(390, 844)  # on a phone the line and its result fit the width
    assert _overflow(browser) <= 0
    browser.set_window_size(1280, 900)
    ns, ew = expected.points[Team.NS], expected.points[Team.EW]
    assert score == f"NS {ns}, EW {ew} points: S's 30 is made; NS score 1 mark"
    assert expected.made is True
    _key(browser, "b")
    shown = _read(browser)
    assert (shown["what"], shown["line"]) == ("E plays 5-5??", "")
    # the same from the list: another tile, another result
    browser.find_element(By.CSS_SELECTOR, "#what-if-list button[data-tile='3-3']").click()
    shown = _read(browser)
    assert shown["what"] == "E plays 3-3"
    assert what_if(position, Tile(3, 3)).words in shown["inLine"]
    # and a link to a tile tried opens it
    _key(browser, "b")
    browser.get(url + "#hand=1&step=26&line=/hands/0/tricks/3/plays/3/what-if/4-4")
    shown = _read(browser)
    other = add_variation(game, "/hands/0/tricks/3/plays/3", expected.variation)
    report = check_game(other)
    line = variation_frames(other, report, game_frames(other, report))[VARIATION[:-1] + "1"]
    assert shown["what"] == line.frames[line.branch + 1].step.text
    assert shown["what"].startswith("S wins trick 4 for ")
    assert expected.words in shown["inLine"]


def test_what_if_runs_no_record_text(
    browser: Any, tmp_path: Path, hostile_game: Game
) -> None:
    _open(browser, _page(tmp_path, hostile_game, with_what_if=True))
    _read(browser)
    _key(browser, "1")
    _key(browser, Keys.ARROW_LEFT)  # the last play of trick 1
    tries = browser.find_elements(By.CSS_SELECTOR, "svg.can-try")
    assert tries
    # hand 1 can be tried up to its renege: here the page says how, not why it stops later
    assert browser.find_element(By.ID, "what-if-note").text.startswith("pick a tile")
    tries[0].click()
    shown = _read(browser)
    assert shown["line"].startswith("/hands/0/tricks/0/plays/3/what-if/")
    _key(browser, Keys.END)
    _read(browser)
    with pytest.raises(NoAlertPresentException):
        _ = browser.switch_to.alert.text
    assert browser.execute_script("return window.pwned") is None
    assert len(browser.find_elements(By.TAG_NAME, "script")) == 2
    assert not browser.find_elements(By.CSS_SELECTOR, "main img, main b, header img, header b")
    assert browser.find_element(By.CSS_SELECTOR, "#seat-N .name").text.startswith(
        "<script>alert(1)</script> (N)")
    # hand 2's deal is not recorded: at its plays the page says why nothing can be tried
    _key(browser, "b")
    _key(browser, Keys.PAGE_DOWN)
    _key(browser, "1")
    _key(browser, Keys.ARROW_LEFT)
    shown = _read(browser)
    assert " plays " in shown["what"]
    assert browser.find_element(By.ID, "what-if-note").text == (
        "what if: the deal is not known: the record neither deals all 28 tiles nor shows them "
        "in the play, so best play cannot be computed")
    assert not browser.find_elements(By.CSS_SELECTOR, "svg.can-try, #what-if-list button")


def test_with_several_games_a_link_names_the_game_and_the_line(
    browser: Any, tmp_path: Path
) -> None:
    game = _annotated()
    report = check_game(game)
    page = tmp_path / "two.html"
    page.write_text(replay_page([(1, game, report), (2, game, report)], title="two.t42"),
                    encoding="utf-8")
    _open(browser, page.as_uri() + f"#game=2&hand=1&step=30&line={VARIATION}")
    shown = _read(browser)
    assert (shown["what"], shown["line"]) == ("E plays 3-3", VARIATION)
    assert browser.find_element(By.ID, "where").text == "game 2 · hand 1 · step 30/42"
    browser.set_window_size(390, 844)
    assert _overflow(browser) <= 0
    browser.set_window_size(1280, 900)
    _key(browser, "b")
    shown = _read(browser)
    assert (shown["what"], shown["hash"]) == ("E plays 5-5??", "#game=2&hand=1&step=25")
    assert browser.find_element(By.ID, "where").text == "game 2 · hand 1 · step 25/42"
