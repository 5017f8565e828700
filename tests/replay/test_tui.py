"""The interactive replay: its keys, what it shows at each step, and a run in a real terminal.

The app is driven headlessly through its keys (``App.run_test`` and ``pilot.press``) and the
screen is read back as text; one test runs the installed ``t42 replay`` in a pseudo-terminal
and reads the screen through a terminal emulator (pyte), as a person would see it.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import sys
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import replace
from pathlib import Path

import pytest
from rich.console import Console
from textual.pilot import Pilot
from typer.testing import CliRunner

from notation.check.validate import GameReport, check_game
from notation.formats.text.reader import read_games
from notation.model.game import Game
from notation.model.seats import Seat
from notation.views import navigation
from notation.views.navigation import Frame, game_frames
from notation.views.steps import StepKind
from replay import interactive
from replay.board import View, board, too_small
from replay.interactive import frames_of, start_of
from replay.strokes import all_strokes
from replay.tui import ReplayApp, key_bar
from t42.commands import app as cli

sys.path.insert(0, str(Path(__file__).parent))
from pty_terminal import Terminal as _Terminal

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = sorted((ROOT / "samples").glob("*.t42"))
RENEGE = ROOT / "samples" / "renege.t42"
MISSCORE = ROOT / "samples" / "misscore.t42"
ANNOTATED = ROOT / "samples" / "annotated.t42"
EVIL = "[red]x[/red]\x1b[2J"
SIZE = (80, 24)


def _frames(path: Path = RENEGE, text: str | None = None) -> list[Frame]:
    frames: list[Frame] = []
    games = read_games(path.read_text() if text is None else text)
    for number, read in enumerate(games, start=1):
        frames += game_frames(read.game, check_game(read.game, index=number), number)
    return frames


def _drive(
    frames: list[Frame],
    script: Callable[[ReplayApp, Pilot[None]], Awaitable[None]],
    size: tuple[int, int] = SIZE,
) -> None:
    """Run the app headless at ``size`` and let ``script`` press keys and look."""

    async def main() -> None:
        app = ReplayApp(frames)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await script(app, pilot)

    asyncio.run(asyncio.wait_for(main(), timeout=60))


def _flat(text: str) -> str:
    """Screen text with its line breaks and runs of spaces made single spaces."""
    return " ".join(text.split())


def _shown(app: ReplayApp) -> str:
    return _flat(app.shown_text())


def _plain(frame: Frame, width: int = 80, reveal: bool = True) -> str:
    console = Console(width=width, color_system=None)
    with console.capture() as capture:
        console.print(board(frame, View(reveal, width), 42))
    return capture.get()


# --- ALL, the way players keep marks ------------------------------------------------------


def test_all_strokes_adds_one_stroke_per_mark_and_spells_all_at_seven() -> None:
    assert all_strokes(0) == ""
    assert all_strokes(7) == " /\\  |   |\n/--\\ |__ |__"
    drawn: set[tuple[int, int]] = set()
    for marks in range(1, 8):
        rows = all_strokes(marks).split("\n")
        assert len(rows) == 2
        cells = {(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch != " "}
        assert drawn < cells  # every mark adds a stroke and takes none away
        drawn = cells
    assert all_strokes(9).startswith(all_strokes(7).split("\n")[0])  # a second ALL begins
    with pytest.raises(ValueError, match="negative"):
        all_strokes(-1)


# --- moving through the frames (pure) -------------------------------------------------------


def test_moves_by_step_trick_and_hand() -> None:
    frames = _frames()
    hand_one = [i for i, f in enumerate(frames) if f.step.hand == 1]
    assert frames[navigation.next_trick(frames, 0)].step.text.startswith("N wins trick 1")
    at = navigation.trick(frames, 0, 7)
    assert at is not None
    assert frames[navigation.previous_trick(frames, at)].step.trick.number == 6  # type: ignore[union-attr]
    assert navigation.next_hand(frames, 0) == hand_one[-1] + 1
    assert navigation.previous_hand(frames, navigation.next_hand(frames, 0) + 5) == 0
    assert navigation.previous_hand(frames, 3) == 0
    assert navigation.last(frames, 0) == len(frames) - 1
    assert navigation.next_play(frames, len(frames) - 1) == len(frames) - 1
    assert navigation.previous_play(frames, 0) == 0
    assert navigation.trick(frames, 0, 8) is None


def test_starts_at_the_hand_asked_for() -> None:
    read = next(read_games(RENEGE.read_text()))
    frames = frames_of([(1, read.game, check_game(read.game))])
    assert frames[start_of(frames, 2)].step.text.startswith("hand 2")
    assert start_of(frames, None) == 0


# --- the screen (pure) ----------------------------------------------------------------------


def test_count_tiles_are_marked_and_hidden_hands_show_backs() -> None:
    frames = _frames()
    deal = _plain(frames[0])
    for count_tile in ("6│4¹⁰", "5│5¹⁰", "3│2⁵", "5│0⁵"):
        assert count_tile in deal
    assert "6│6 " in deal  # no mark on a tile that counts nothing
    hidden = _plain(frames[0], reveal=False)
    assert "▒▒▒" in hidden
    assert "6│6" in hidden  # N deals and acts at the deal: only N's tiles are face up
    assert "5│5¹⁰" not in hidden


def test_misscored_hand_is_flagged_at_its_score_line() -> None:
    frames = _frames(MISSCORE)
    score = next(f for f in frames if f.step.kind is StepKind.SCORE)
    shown = _plain(score)
    line = next(x for x in shown.splitlines() if "EW" in x and "points," in x)
    assert "✗ misscored" in line
    assert "misscored-points" in shown
    before = _plain(frames[frames.index(score) - 1])
    assert "misscored" not in before


def test_points_game_shows_the_running_points_instead_of_marks(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The engine keeps the points game's running score where it keeps the marks.
    monkeypatch.setattr(navigation, "is_points_game", lambda game, rules=None: True)
    frames = _frames()
    hand_two = navigation.next_hand(frames, 0)
    assert "NS 0 · EW 0 points before this hand" in _flat(_plain(frames[0]))
    assert "NS 1 · EW 0 points with this hand" in _flat(_plain(frames[hand_two - 1]))
    shown = _flat(_plain(frames[hand_two]))
    assert "NS 1 · EW 0 points before this hand" in shown
    assert "marks" not in shown
    assert " /" not in shown  # no strokes of ALL


def test_marks_game_draws_the_marks_as_all() -> None:
    frames = _frames()
    score = frames[navigation.next_hand(frames, 0) - 1]
    assert not score.points_game
    shown = _plain(score)
    assert "NS 1  /" in shown  # one mark: the first stroke of the A
    assert "marks" in shown


def test_too_small_says_so() -> None:
    assert "needs at least 80×24" in too_small(60, 20).plain


# --- the app, driven through its keys ---------------------------------------------------------


def test_steps_through_a_whole_hand_forward_and_back() -> None:
    frames = _frames()
    hand = [f for f in frames if f.step.hand == 1]

    async def script(app: ReplayApp, pilot: Pilot[None]) -> None:
        for i, frame in enumerate(hand):
            shown = _shown(app)
            assert f"hand 1 · step {i + 1}/{len(hand)} · {frame.step.text}" in shown
            assert "Lupe Garcia (N)" in shown
            await pilot.press("right" if i % 2 else "l")
        assert app.frame.step.hand == 2  # one step past the hand's score
        await pilot.press("left")
        for i in reversed(range(len(hand))):
            assert app.frame is hand[i]
            assert hand[i].step.text in _shown(app)
            await pilot.press("h" if i % 2 else "left")
        assert app.at == 0

    _drive(frames, script)


def test_renege_is_on_screen_at_its_play() -> None:
    frames = _frames()

    async def script(app: ReplayApp, pilot: Pilot[None]) -> None:
        await pilot.press("j", "j", "j", "h")  # three tricks on, then back to the last play
        shown = app.shown_text()
        assert "hand 1 · step 20/42 · W plays 2-2" in shown
        assert "W 2│2 ✗" in shown  # the tile on the table, marked
        assert "error renege: W reneged in trick 3" in shown
        assert "could have followed with 5-4, 4-2" in shown
        await pilot.press("h")
        assert "renege" not in app.shown_text()  # not yet: S has just played
        await pilot.press("3")
        assert "W 2│2 ✗" in app.shown_text()  # still marked once the trick is taken

    _drive(frames, script)


def test_every_key_goes_where_it_should() -> None:
    frames = _frames()
    hand_two = navigation.next_hand(frames, 0)

    async def script(app: ReplayApp, pilot: Pilot[None]) -> None:
        expect = [
            ("down", navigation.next_trick(frames, 0)),
            ("j", navigation.next_trick(frames, navigation.next_trick(frames, 0))),
            ("up", navigation.next_trick(frames, 0)),
            ("k", 0),
            ("n", hand_two),
            ("p", 0),
            ("pagedown", hand_two),
            ("pageup", 0),
            ("end", len(frames) - 1),
            ("home", 0),
            ("G", len(frames) - 1),
            ("g", 0),
            ("7", navigation.trick(frames, 0, 7)),
            ("1", navigation.trick(frames, 0, 1)),
        ]
        for key, at in expect:
            await pilot.press(key)
            assert app.at == at, key
            assert app.frame.step.text in _shown(app)
        await pilot.press("r")
        assert not app.reveal
        assert "▒▒▒" in app.shown_text()
        await pilot.press("r")
        assert app.reveal
        assert "▒▒▒" not in app.shown_text()
        await pilot.press("q")
        assert app.return_code == 0

    _drive(frames, script)


def test_key_bar_names_every_key() -> None:
    bar = key_bar().plain
    for key in ("→/l", "←/h", "↓/j", "↑/k", "PgDn/n", "PgUp/p", "Home/g", "End/G", "1-7", "r", "q",
                "v variation", "b/Esc back out"):
        assert key in bar
    doc = sys.modules[ReplayApp.__module__].__doc__ or ""
    for key in ("\nv ", "\nb or Escape "):  # the module's key table
        assert key in doc


def _annotated_games(text: str | None = None) -> list[tuple[int, Game, GameReport]]:
    read = next(read_games(ANNOTATED.read_text(encoding="utf-8") if text is None else text))
    return [(1, read.game, check_game(read.game))]


def _drive_games(
    games: list[tuple[int, Game, GameReport]],
    script: Callable[[ReplayApp, Pilot[None]], Awaitable[None]],
    size: tuple[int, int] = (100, 40),
) -> None:
    async def main() -> None:
        app = ReplayApp(frames_of(games), games=games)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await script(app, pilot)

    asyncio.run(asyncio.wait_for(main(), timeout=60))


def test_steps_into_a_variation_moves_in_it_and_backs_out() -> None:
    async def script(app: ReplayApp, pilot: Pilot[None]) -> None:
        await pilot.press("v")  # the deal has no variation
        assert app.at == 0
        assert app.spot.line == ""
        await pilot.press("4", "left")
        shown = _shown(app)
        assert "step 25/42 · E plays 5-5??" in shown
        assert "1 variation here: v to enter" in shown
        assert "comment: ten points to the bidders" in shown
        await pilot.press("v")
        shown = _shown(app)
        assert "step 25/42 · E plays 2-2!" in shown
        assert "inside variation 1 of E's 5-5 in trick 4 · b: back out" in shown
        assert "comment: keeps the count" in shown
        assert "E 2│2" in shown  # on the table
        await pilot.press("left")  # no further back than its first own step
        assert "E plays 2-2!" in _shown(app)
        await pilot.press("1")  # trick 1 is not its own: the bell, and it stays
        assert "E plays 2-2!" in _shown(app)
        await pilot.press("right")
        assert "S wins trick 4 for 1 point" in _shown(app)  # not the main line's 11
        await pilot.press("7")
        assert "E wins trick 7 for 16 points" in _shown(app)
        await pilot.press("G")
        shown = _shown(app)
        assert "NS 25, EW 17 points: S's 30 is set" in shown
        assert "comment: set by the 5-5 kept for the last trick" in shown
        await pilot.press("5", "left")  # E's 3-3, which has a variation of its own
        assert "1 variation here" in _shown(app)
        await pilot.press("v")
        shown = _shown(app)
        assert "E plays 5-5??" in shown
        assert ("inside variation 1 of E's 5-5 in trick 4, then variation 1 of E's 3-3 in "
                "trick 5 (depth 2)") in shown
        await pilot.press("b")
        assert "inside variation 1 of E's 5-5 in trick 4 · b" in _shown(app)
        assert "E plays 3-3" in _shown(app)
        await pilot.press("escape")
        shown = _shown(app)
        assert "step 25/42 · E plays 5-5??" in shown  # the main line, where it branched
        assert "inside" not in shown
        await pilot.press("b")  # on the main line: nothing to leave
        assert app.spot.line == ""
        await pilot.press("right")
        assert "S wins trick 4 for 11 points" in _shown(app)

    _drive_games(_annotated_games(), script)


async def _until(app: ReplayApp, pilot: Pilot[None], shown: str) -> str:
    """The screen once it shows ``shown`` (best play works in a worker), within 30 s."""
    for _ in range(300):
        if shown in _shown(app):
            return _shown(app)
        await pilot.pause(0.1)
    raise AssertionError(f"{shown!r} not shown: {_shown(app)}")


def test_what_if_another_tile_finishes_the_hand_and_shows_what_it_changes(
    tmp_path: Path,
) -> None:
    games = _annotated_games()
    saved: list[list[tuple[int, Game]]] = []

    def save(shown: Sequence[tuple[int, Game]]) -> str:
        saved.append(list(shown))
        return "written to the test's list"

    async def script(app: ReplayApp, pilot: Pilot[None]) -> None:
        await pilot.press("w")  # the deal: nothing to try
        assert "what if: move to a call, a trump call or a play" in _shown(app)
        await pilot.press("4", "left", "w")
        shown = _shown(app)
        assert "what if, instead of E's 5-5: 4-4 3-3 2-2" in shown
        await pilot.press("escape")  # cancelled: back to the step as it was
        assert "what if, instead" not in _shown(app)
        assert app.spot.line == ""
        await pilot.press("w", "right", "right", "enter")  # the third: 2-2
        shown = await _until(app, pilot, "against the record")
        assert "what if: with E's 2-2, best play gives NS 25, EW 17: S's 30 is set" in shown
        assert "against the record: NS 25 instead of 35, EW 17 instead of 7" in shown
        assert "inside variation 2 of E's 5-5 in trick 4" in shown
        assert "E plays 2-2" in shown
        await pilot.press("G")  # the line is the reader's to move in
        assert "NS 25, EW 17 points: S's 30 is set" in _shown(app)
        await pilot.press("w")
        assert "save this what-if (s) or leave it (b) first" in _shown(app)
        await pilot.press("b")  # forgotten: the step has its one variation again
        assert "1 variation here: v to enter" in _shown(app)
        assert "against the record" not in _shown(app)
        assert saved == []
        await pilot.press("w", "1")  # 1 … 7 pick directly: 4-4
        shown = await _until(app, pilot, "against the record")
        assert "with E's 4-4" in shown
        await pilot.press("s")
        assert "save: written to the test's list" in _shown(app)
        [(number, game)] = saved[0]
        assert number == 1
        item = game.hands[0].tricks[3].plays[3]
        assert [str(v.plays[0].tile) for v in item.variations] == ["2-2", "4-4"]
        report = check_game(game)  # the line saved validates clean, as any variation
        assert not report.findings
        assert not [f for h in report.hands for f in h.findings]
        await pilot.press("b")  # saved: leaving keeps it
        assert "2 variations here" in _shown(app)

    async def main() -> None:
        app = ReplayApp(frames_of(games), games=games, save=save)
        async with app.run_test(size=(100, 40)) as pilot:
            await pilot.pause()
            await script(app, pilot)

    asyncio.run(asyncio.wait_for(main(), timeout=120))


def test_what_if_another_call_or_trump() -> None:
    async def script(app: ReplayApp, pilot: Pilot[None]) -> None:
        await pilot.press("right", "right", "w")  # S bids 30!
        assert "what if, instead of S's 30: pass 31 32" in _shown(app)
        await pilot.press("enter")  # pass
        shown = await _until(app, pilot, "against the record")
        assert ("what if: with S's pass (the others passing, N naming sixes), best play gives "
                "NS 42, EW 0: N's 30 is made") in shown
        assert "inside variation 2 of S's 30 in the auction" in shown
        await pilot.press("b", "right", "right", "right")
        assert "S names sixes!" in _shown(app)
        await pilot.press("w")
        assert "what if, instead of S's sixes: blanks ones" in _shown(app)
        await pilot.press("1")
        shown = await _until(app, pilot, "against the record")
        assert "what if: with S naming blanks, best play gives NS 33, EW 9: S's 30 is made" in shown
        assert "against the record: NS 33 instead of 35, EW 9 instead of 7" in shown

    _drive_games(_annotated_games(), script)


def test_what_if_without_a_deal_or_a_place_to_save_says_so() -> None:
    read = next(read_games(RENEGE.read_text()))
    games = [(1, read.game, check_game(read.game))]

    async def script(app: ReplayApp, pilot: Pilot[None]) -> None:
        await pilot.press("n")  # hand 2: its deal is not recorded
        await pilot.press("1", "left", "w")
        # The tiles W may have held are offered (the record may show the rest in the play) …
        assert "what if, instead of W's 6-0: 6-6 6-4" in _shown(app)
        await pilot.press("enter")
        shown = await _until(app, pilot, "what if: the deal is not known")
        assert "best play cannot be computed" in shown  # … and best play says why not
        assert app.spot.line == ""
        await pilot.press("s")
        assert "s saves a what-if line" in _shown(app)

    async def main() -> None:
        app = ReplayApp(frames_of(games), games=games)
        async with app.run_test(size=(100, 40)) as pilot:
            await pilot.pause()
            await script(app, pilot)

    asyncio.run(asyncio.wait_for(main(), timeout=60))


def test_a_save_that_cannot_be_written_says_why_and_keeps_the_line(tmp_path: Path) -> None:
    games = _annotated_games()
    nowhere = tmp_path / "no such folder" / "out.t42"
    save = interactive.saver(nowhere, [(1, games[0][1])])

    async def script(app: ReplayApp, pilot: Pilot[None]) -> None:
        await pilot.press("4", "left", "w", "1")
        await _until(app, pilot, "against the record")
        await pilot.press("s")
        shown = _shown(app)
        assert "save: not saved:" in shown
        assert "no such folder" in shown
        assert app.pending is not None  # still there to save elsewhere … or forget
        assert not nowhere.exists()

    async def main() -> None:
        app = ReplayApp(frames_of(games), games=games, save=save)
        async with app.run_test(size=(100, 40)) as pilot:
            await pilot.pause()
            await script(app, pilot)

    asyncio.run(asyncio.wait_for(main(), timeout=60))


def test_a_variations_comment_on_screen_stays_inert() -> None:
    text = ANNOTATED.read_text(encoding="utf-8").replace("{ keeps the count }",
                                                         "{ [red]keeps\x1b[2J }")

    async def script(app: ReplayApp, pilot: Pilot[None]) -> None:
        await pilot.press("4", "left", "v")
        shown = app.shown_text()
        assert "comment: [red]keeps\\x1b[2J" in shown
        assert "\x1b" not in shown

    _drive_games(_annotated_games(text), script)


def test_a_view_given_frames_alone_rings_at_v_and_w() -> None:
    frames = frames_of(_annotated_games())  # no games: no variations' frames, no positions

    async def script(app: ReplayApp, pilot: Pilot[None]) -> None:
        await pilot.press("4", "left", "v")
        assert app.spot.line == ""
        await pilot.press("w")
        assert "what if: move to a call, a trump call or a play" in _shown(app)
        assert "E plays 5-5??" in _shown(app)

    _drive(frames, script, size=(100, 40))


def test_v_again_goes_to_the_next_variation_of_the_same_step() -> None:
    text = ANNOTATED.read_text(encoding="utf-8").replace(
        "({ keeps the count } 2-2!", "(3-3) ({ keeps the count } 2-2!")

    async def script(app: ReplayApp, pilot: Pilot[None]) -> None:
        await pilot.press("4", "left")
        assert "2 variations here: v to enter (v again: the next)" in _shown(app)
        await pilot.press("v")
        assert "E plays 3-3" in _shown(app)
        assert "inside variation 1 of E's 5-5 in trick 4" in _shown(app)
        await pilot.press("v")
        assert "E plays 2-2!" in _shown(app)
        assert "inside variation 2 of E's 5-5 in trick 4" in _shown(app)
        await pilot.press("v")  # after the last, the first again
        assert "inside variation 1 of E's 5-5 in trick 4" in _shown(app)

    _drive_games(_annotated_games(text), script)


def test_resizing_re_lays_the_screen() -> None:
    async def script(app: ReplayApp, pilot: Pilot[None]) -> None:
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        assert "needs at least 80×24" in app.shown_text()
        await pilot.press("l")  # keys still work while it is too small
        await pilot.resize_terminal(140, 30)
        await pilot.pause()
        wide = app.shown_text()
        table_row = next(x for x in wide.splitlines() if "Lupe Garcia (N)" in x)
        assert "auction" in table_row  # wide: the score sits beside the table
        await pilot.resize_terminal(*SIZE)
        await pilot.pause()
        narrow = app.shown_text()
        assert all("auction" not in x for x in narrow.splitlines() if "Lupe Garcia" in x)
        assert "E passes" in narrow

    _drive(_frames(), script)


def _on_board(app: ReplayApp) -> str:
    """What the board widget holds now, as plain text (not drawn again from the app's size)."""
    from textual.widgets import Static

    content = app.query_one("#board", Static).content
    console = Console(width=max(app.size.width - 2, 1), color_system=None)
    with console.capture() as capture:
        console.print(content)
    return capture.get()


def test_too_small_follows_each_resize_at_once() -> None:
    """The too-small note appears and goes with the resize that causes it, not one later
    (issue 20: on_resize drew with the size before the resize)."""

    async def script(app: ReplayApp, pilot: Pilot[None]) -> None:
        assert "needs at least" not in _on_board(app)
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        assert "needs at least 80×24" in _on_board(app)
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        assert "needs at least" not in _on_board(app)
        assert "Lupe Garcia (N)" in _on_board(app)
        await pilot.resize_terminal(79, 30)
        await pilot.pause()
        assert "needs at least 80×24" in _on_board(app)

    _drive(_frames(), script)


def test_hostile_player_name_shows_literally() -> None:
    text = RENEGE.read_text().replace("Lupe Garcia", EVIL)

    async def script(app: ReplayApp, pilot: Pilot[None]) -> None:
        shown = app.shown_text()
        assert "[red]x[/red]\\x1b[2J (N)" in shown
        assert "\x1b" not in shown
        svg = app.export_screenshot()  # the escape is drawn apart, in reverse
        assert ">[red]x[/red]</text>" in svg
        assert ">\\x1b</text>" in svg
        assert "\x1b" not in svg

    _drive(_frames(text=text), script)


def test_hostile_name_handed_in_directly_stays_inert() -> None:
    frames = [replace(f, names={**f.names, Seat.W: EVIL}) for f in _frames()[:3]]

    async def script(app: ReplayApp, pilot: Pilot[None]) -> None:
        assert "[red]x[/red]\\x1b[2J (W)" in app.shown_text()

    _drive(frames, script, size=(140, 30))  # wide enough to keep the name on one line


@pytest.mark.parametrize("sample", SAMPLES, ids=[s.name for s in SAMPLES])
def test_every_sample_replays_to_its_end_and_back(sample: Path) -> None:
    frames = _frames(sample)

    async def script(app: ReplayApp, pilot: Pilot[None]) -> None:
        await pilot.press("G")
        assert app.at == len(frames) - 1
        assert frames[-1].step.text in _shown(app)
        await pilot.press("k", "p", "g")
        assert app.at == 0

    _drive(frames, script)


# --- the command: when it opens the view, and when it prints ----------------------------------


def test_replay_opens_the_view_on_a_terminal_at_the_hand_asked_for(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    opened: list[tuple[int, int | None]] = []
    monkeypatch.setattr(interactive, "on_a_terminal", lambda: True)
    monkeypatch.setattr(
        interactive,
        "replay_interactively",
        lambda games, hand, colour, save: opened.append((len(games), hand)),
    )
    result = CliRunner().invoke(cli, ["replay", str(RENEGE), "--hand", "2"])
    assert result.exit_code == 0
    assert opened == [(1, 2)]
    assert result.stdout == ""
    printed = CliRunner().invoke(cli, ["replay", str(RENEGE), "--print"])
    assert printed.exit_code == 0
    assert "W plays 2-2" in printed.stdout
    assert len(opened) == 1


def test_replay_without_textual_prints_with_a_one_line_hint(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(interactive, "on_a_terminal", lambda: True)
    monkeypatch.setattr(interactive, "has_textual", lambda: False)
    result = CliRunner().invoke(cli, ["replay", str(RENEGE)])
    assert result.exit_code == 0
    assert result.stderr.strip() == interactive.HINT
    assert "pip install textual" in result.stderr
    assert "W plays 2-2" in result.stdout


@pytest.mark.parametrize(
    ("args", "no_color", "colour"),
    [([], None, True), (["--color", "never"], None, False), ([], "1", False),
     ([], "", True), (["--color", "always"], "1", True)],
)
def test_the_view_is_coloured_as_the_command_says(
    monkeypatch: pytest.MonkeyPatch, args: list[str], no_color: str | None, colour: bool
) -> None:
    opened: list[bool] = []
    monkeypatch.setattr(interactive, "on_a_terminal", lambda: True)
    monkeypatch.setattr(
        interactive, "replay_interactively",
        lambda games, hand, colour, save: opened.append(colour)
    )
    result = CliRunner(env={"NO_COLOR": no_color}).invoke(cli, ["replay", str(RENEGE), *args])
    assert result.exit_code == 0
    assert opened == [colour]


def test_the_view_is_monochrome_unless_coloured(monkeypatch: pytest.MonkeyPatch) -> None:
    frames = _frames()
    monkeypatch.delenv("NO_COLOR", raising=False)
    assert ReplayApp(frames).no_color is False
    assert ReplayApp(frames, colour=False).no_color is True
    assert "NO_COLOR" not in os.environ  # as it was before
    monkeypatch.setenv("NO_COLOR", "1")
    assert ReplayApp(frames, colour=True).no_color is False  # --color always beats NO_COLOR
    assert os.environ["NO_COLOR"] == "1"


def test_piped_replay_prints() -> None:
    result = CliRunner().invoke(cli, ["replay", str(RENEGE), "--hand", "1"])
    assert result.exit_code == 0
    assert "W plays 2-2" in result.stdout


# --- the installed command in a real terminal -----------------------------------------------


def _installed_t42() -> str:
    found = Path(sys.executable).parent / "t42"
    if found.exists():
        return str(found)
    which = shutil.which("t42")
    assert which, "t42 is not installed beside this Python nor on PATH"
    return which


def test_t42_replay_in_a_real_terminal() -> None:
    term = _Terminal([_installed_t42(), "replay", "samples/renege.t42"])
    try:
        term.wait_for("hand 1 · step 1/42")
        term.wait_for("q quit")  # the key bar
        term.press("3")
        term.wait_for("N wins trick 3")
        term.press("\x1b[D")  # the left arrow
        screen = term.wait_for("W plays 2-2")
        term.wait_for("could have followed with 5-4, 4-2")
        assert "W 2│2 ✗" in term.text()
        assert "Jolene Weatherby (W)" in screen
        term.press("r")
        term.wait_for("▒▒▒")
        term.press("G")
        term.wait_for("step 42/42")
        term.press("q")
        assert term.wait_exit() == 0
    finally:
        term.close()


def test_the_board_says_who_won_the_game_at_the_step_that_wins_it() -> None:
    from notation.check.validate import check_game
    from notation.formats.text import loads
    from notation.views.navigation import game_frames
    from replay.board import View, board

    sample = Path(__file__).parents[2] / "samples" / "full-game.t42"
    game = loads(sample.read_text(encoding="utf-8"))[0]
    frames = game_frames(game, check_game(game))

    def drawn(at: int) -> str:
        with open(os.devnull, "w") as nowhere:
            console = Console(width=120, record=True, color_system=None, file=nowhere)
            console.print(board(frames[at], View(width=120), 42))
        return console.export_text()

    assert "NS win 7–3" in drawn(len(frames) - 1)
    assert "win 7" not in drawn(len(frames) - 2)


def test_t42_replay_steps_into_a_variation_and_back_in_a_real_terminal() -> None:
    term = _Terminal([_installed_t42(), "replay", "samples/annotated.t42"], columns=100,
                     lines=40)
    try:
        term.wait_for("hand 1 · step 1/42")
        term.wait_for("v variation")  # the key bar
        term.press("4")
        term.wait_for("S wins trick 4 for 11 points")
        term.press("\x1b[D")  # the left arrow
        term.wait_for("E plays 5-5??")
        term.wait_for("1 variation here: v to enter")
        term.press("v")
        term.wait_for("E plays 2-2!")
        term.wait_for("inside variation 1 of E's 5-5 in trick 4")
        term.wait_for("comment: keeps the count")  # the variation's comment
        term.wait_for("E 2│2")  # its play on the table
        term.press("\x1b[C")  # the right arrow: on in the variation's own line
        term.wait_for("S wins trick 4 for 1 point")
        term.press("b")
        term.wait_for("E plays 5-5??")
        term.wait_until(lambda: "inside variation" not in term.text(), "the main line again")
        term.wait_for("comment: ten points to the bidders")
        term.press("q")
        assert term.wait_exit() == 0
    finally:
        term.close()


def test_t42_replay_what_if_in_a_real_terminal_saves_to_the_file_asked(tmp_path: Path) -> None:
    out = tmp_path / "with-what-if.t42"
    term = _Terminal([_installed_t42(), "replay", str(ANNOTATED), "--save-to", str(out)],
                     columns=100, lines=40)
    try:
        term.wait_for("hand 1 · step 1/42")
        term.press("4")
        term.wait_for("S wins trick 4 for 11 points")
        term.press("\x1b[D")
        term.wait_for("E plays 5-5??")
        term.press("w")
        term.wait_for("what if, instead of E's 5-5:")
        term.press("3")  # the third tile offered: 2-2
        term.wait_for("against the record: NS 25 instead of 35, EW 17 instead of 7", timeout=60)
        term.wait_for("inside variation 2 of E's 5-5 in trick 4")
        term.press("s")
        term.wait_for("written to")
        term.press("q")
        assert term.wait_exit() == 0
    finally:
        term.close()
    saved = out.read_text(encoding="utf-8")
    assert ") (2-2\n" in saved  # the new line, after the variation the record had
    assert ANNOTATED.read_text(encoding="utf-8").count("(2-2") == 0  # the input untouched


def test_save_to_is_never_the_file_replayed_and_is_said_when_printing(tmp_path: Path) -> None:
    copy = tmp_path / "annotated.t42"
    copy.write_text(ANNOTATED.read_text(encoding="utf-8"), encoding="utf-8")
    same = CliRunner().invoke(cli, ["replay", str(copy), "--save-to", str(tmp_path / "." /
                                                                          "annotated.t42")])
    assert same.exit_code == 2
    assert "the same file" in same.stderr
    assert same.stdout == ""
    printed = CliRunner().invoke(cli, ["replay", str(copy), "--print", "--save-to",
                                       str(tmp_path / "out.t42")])
    assert printed.exit_code == 0
    assert "printing, nothing is saved" in printed.stderr
    assert not (tmp_path / "out.t42").exists()


def test_save_to_refuses_a_file_read_in_part(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    opened: list[object] = []
    monkeypatch.setattr(interactive, "on_a_terminal", lambda: True)
    monkeypatch.setattr(interactive, "replay_interactively",
                        lambda games, hand, colour, save: opened.append(save))
    broken = tmp_path / "broken.t42"
    broken.write_text(ANNOTATED.read_text(encoding="utf-8") + '\n[Event "x"]\nhand 1 dealer Q\n',
                      encoding="utf-8")
    out = tmp_path / "out.t42"
    refused = CliRunner().invoke(cli, ["replay", str(broken), "--save-to", str(out)])
    assert refused.exit_code == 2
    assert "saving would lose them" in refused.stderr
    assert opened == []
    dash = CliRunner().invoke(cli, ["replay", str(ANNOTATED), "--save-to", "-"])
    assert dash.exit_code == 2
    assert "saves to a file" in dash.stderr
    ok = CliRunner().invoke(cli, ["replay", str(ANNOTATED), "--save-to", str(out)])
    assert ok.exit_code == 0
    assert len(opened) == 1
    assert callable(opened[0])
    assert not out.exists()  # nothing is written until a line is saved
