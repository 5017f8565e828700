"""Rendering replay steps: what is shown, and that record text stays inert."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from rich.console import Console

from notation.check.validate import GameReport, check_game
from notation.formats.text.reader import read_games
from notation.model.game import Game
from notation.model.seats import Seat
from notation.views.steps import Step, game_steps
from replay.render import comment_text, inert, print_replay, render_step

# One hand of a club night, with comments and a bid written in braces: shared with the
# step tests (tests/notation/views/test_steps.py).
RECORD = (Path(__file__).parents[1] / "records" / "friday-night.t42").read_text(encoding="utf-8")

RENEGE = RECORD.replace("2 W 6-1 {why?} 6-0 6-3 6-4", "2 W 6-1 {why?} 2-2 6-3 6-4").replace(
    "6 S 2-1 6-2 2-2 4-2", "6 S 2-1 6-2 6-0 4-2"
)

NAMES = {Seat.N: "Ann", Seat.E: "Bob", Seat.S: "Cy", Seat.W: "Dee"}
EVIL = "[red]x[/red]\x1b[2J"
# Rich's own styling: Select Graphic Rendition codes only (colours, bold, reverse).
SGR = re.compile(r"\x1b\[[0-9;]*m")


def _read(text: str) -> tuple[Game, GameReport]:
    read = next(read_games(text))
    assert read.problems == []
    return read.game, check_game(read.game)


def _steps(text: str = RECORD) -> list[Step]:
    game, report = _read(text)
    return list(game_steps(game, report))


def _show(step: Step, names: dict[Seat, str] = NAMES, **console: bool | str | None) -> str:
    out = io.StringIO()
    options: dict[str, bool | str | None] = {"color_system": None, **console}
    Console(file=out, width=100, **options).print(render_step(step, names))  # type: ignore[arg-type]
    return out.getvalue()


def _lines_with(text: str, word: str) -> list[int]:
    return [i for i, line in enumerate(text.splitlines()) if word in line]


def test_the_table_is_laid_out_like_the_seats() -> None:
    shown = _show(_steps()[9])  # E plays 4-4: three plays on the table
    assert "hand 1 · step 10 · E plays 4-4" in shown
    for name in ("Ann (N) dealer", "Bob (E)", "Cy (S) declarer", "Dee (W)"):
        assert name in shown
    north, east, south, west = (_lines_with(shown, n)[0] for n in ("Ann", "Bob", "Cy", "Dee"))
    assert north < west == east < south  # N above, W and E level, S below
    lines = shown.splitlines()
    assert lines[west].index("Dee") < lines[east].index("Bob")  # W on the left
    # Tiles still held: North has played 4-0, East 4-4 on this step.
    assert "6-6 6-0 5-3 5-1 3-0 2-2" in shown
    assert "6-3 5-4 5-0 4-2 4-1 3-3" in shown
    assert "4-0" not in lines[north + 1]


def test_the_trick_in_the_middle_marks_the_leader() -> None:
    shown = _show(_steps()[10])  # W wins trick 1
    assert "trick 1 · S led" in shown
    assert "S 4-3 led" in shown
    for play in ("W 5-5", "N 4-0", "E 4-4"):
        assert play in shown
    n_line, s_line = _lines_with(shown, "N 4-0")[0], _lines_with(shown, "S 4-3 led")[0]
    w_line = _lines_with(shown, "W 5-5")[0]
    assert n_line < w_line < s_line
    assert w_line == _lines_with(shown, "E 4-4")[0]
    assert "W takes 11 points" in shown
    assert "W wins trick 1 for 11 points" in shown
    assert "comment: W trumps in" in shown


def test_auction_contract_points_and_marks() -> None:
    steps = _steps()
    shown = _show(steps[10])
    assert "E pass · S 30 · W pass · N pass" in shown
    assert "S 30 in fives" in shown
    assert "NS 0 points, 0 tricks · EW 11 points, 1 trick" in shown
    assert "NS 0 · EW 0 before this hand" in shown
    last = _show(steps[-1])
    assert "NS 24 points, 4 tricks · EW 18 points, 3 tricks" in last
    assert "NS 0 · EW 1 after this hand (NS 0 · EW 0 before)" in last
    assert "S's 30 is set; EW score 1 mark" in last


def test_auction_calls_sit_at_their_seats() -> None:
    shown = _show(_steps()[2])  # S bids 30
    assert "S bids 30" in shown
    assert "S 30" in shown
    assert "E pass" in shown
    assert "contract   —" in shown


def test_a_renege_is_shown_with_what_could_follow() -> None:
    steps = _steps(RENEGE)
    step = next(s for s in steps if s.findings)
    shown = _show(step)
    assert step.text == "N plays 2-2"
    assert "error renege: N reneged in trick 2" in " ".join(shown.split())
    assert "\n  could have followed with 6-6, 6-0" in shown


def test_findings_are_red() -> None:
    step = next(s for s in _steps(RENEGE) if s.findings)
    shown = _show(step, color_system="truecolor", force_terminal=True)
    assert "\x1b[31m" in shown or "\x1b[1;31m" in shown


def test_unknown_tiles_show_as_question_marks() -> None:
    text = "\n".join(line for line in RECORD.splitlines() if not line.startswith(("deal", "     ")))
    steps = _steps(text)
    shown = _show(steps[10])
    assert "? ? ? ? ? ?" in shown  # six tiles left, none known
    assert "played 4-0" in shown


@pytest.mark.parametrize(
    "console",
    [
        {"color_system": None},
        {"color_system": "truecolor", "force_terminal": True},
    ],
)
def test_a_name_is_never_markup_or_an_escape_code(console: dict[str, bool | str | None]) -> None:
    names = {**NAMES, Seat.W: EVIL}
    shown = _show(_steps()[7], names, **console)
    assert "\x1b[2J" not in shown
    text = SGR.sub("", shown)
    assert "\x1b" not in text  # every ESC written is the start of a style, none is the name's
    assert "[red]x[/red]" in text
    assert "Dee" not in text
    assert "[red]x[/red]\\x1b[2J (W)" in text  # the ESC byte shown as the characters \x1b
    if console["color_system"] is None:
        assert text == shown


def test_bidi_overrides_and_c1_controls_are_escaped() -> None:
    assert inert("ab\u202ecd\u2066").plain == "ab\\u202ecd\\u2066"
    assert inert("\x9b2J\x7f\t").plain == "\\x9b2J\\x7f\\x09"
    assert inert("Zoë 😀 [b]").plain == "Zoë 😀 [b]"
    assert comment_text("next hand\n  is bad\x1b").plain == "next hand is bad\\x1b"


def test_print_replay_prints_every_step_as_plain_text() -> None:
    game, report = _read(RECORD.replace('[West "Dee"]', '[West "[bold]Dee\x1b[2J"]'))
    out = io.StringIO()
    console = Console(file=out, width=100)  # not a terminal: no colours, no cursor moves
    assert print_replay(console, game, report) == 42
    shown = out.getvalue()
    assert "\x1b" not in shown
    assert shown.startswith("Friday night · N Ann · E Bob · S Cy · W [bold]Dee\\x1b[2J\n")
    assert "comment: Friday club night" in shown
    assert shown.count("hand 1 · step ") == 42
    steps = [
        int(line.split("step ")[1].split(" ")[0])
        for line in shown.splitlines()
        if line.startswith("hand 1 · step ")
    ]
    assert steps == list(range(1, 43))


def test_print_replay_one_hand() -> None:
    game, report = _read(RECORD)
    console = Console(file=io.StringIO(), width=100)
    assert print_replay(console, game, report, hand=1) == 42
    with pytest.raises(ValueError, match="no hand 2"):
        print_replay(console, game, report, hand=2)


def test_a_comment_with_an_escape_code_is_inert() -> None:
    game, report = _read(RECORD.replace("{why?}", "{why?\x1b]0;pwned\x07}"))
    out = io.StringIO()
    print_replay(Console(file=out, width=100, force_terminal=True), game, report)
    shown = out.getvalue()
    assert "\x1b]0;" not in shown
    assert "\x07" not in shown
    text = SGR.sub("", shown)
    assert "\x1b" not in text
    assert "comment: why?\\x1b]0;pwned\\x07" in text


def test_the_printed_replay_says_who_won_the_game_once_it_is_won() -> None:
    sample = Path(__file__).parents[2] / "samples" / "full-game.t42"
    game, report = _read(sample.read_text(encoding="utf-8"))
    out = io.StringIO()
    print_replay(Console(file=out, width=100, color_system=None), game, report)
    printed = out.getvalue()
    assert report.winner is not None
    assert printed.count("NS win 7–3") == 1
    assert printed.rstrip().endswith("NS win 7–3")
    first = io.StringIO()
    print_replay(Console(file=first, width=100, color_system=None), game, report, hand=1)
    assert "win 7" not in first.getvalue()  # hand 1 does not win it


# --- annotations and variations (samples/annotated.t42) -------------------------------------

ANNOTATED = Path(__file__).parents[2] / "samples" / "annotated.t42"


def _printed(text: str, *, brief: bool = False) -> str:
    game, report = _read(text)
    out = io.StringIO()
    # As the command prints: a long line stays one line (soft wrap), for the terminal to wrap.
    console = Console(file=out, width=100, color_system=None, soft_wrap=True)
    print_replay(console, game, report, brief=brief)
    return out.getvalue()


def test_the_printed_replay_shows_glyphs_comments_and_each_variation_under_its_step() -> None:
    printed = _printed(ANNOTATED.read_text(encoding="utf-8"))
    lines = printed.splitlines()
    assert "hand 1 · step 25 · E plays 5-5??" in lines  # the glyph, as the notation writes it
    assert "comment: ten points to the bidders" in lines
    at = lines.index("    ┆ variation 1 of E's 5-5 in trick 4:")
    assert lines.index("hand 1 · step 25 · E plays 5-5??") < at
    assert lines.index("hand 1 · step 26 · S wins trick 4 for 11 points") > at
    inside = lines[at + 1:]
    # From its first own step to its end, four columns in, its comments under its steps.
    assert inside[:3] == ["    hand 1 · step 25 · E plays 2-2!", "      comment: keeps the count",
                          "    hand 1 · step 26 · S wins trick 4 for 1 point"]
    nested = inside.index("        ┆ variation 1 of E's 5-5 in trick 4, then variation 1 of "
                          "E's 3-3 in trick 5:")
    assert inside[nested - 1] == "    hand 1 · step 30 · E plays 3-3"
    assert inside[nested + 1:nested + 4] == [
        "        hand 1 · step 30 · E plays 5-5??",
        "          comment: and now the ten goes after all",
        "        hand 1 · step 31 · S wins trick 5 for 11 points"]
    assert inside[nested + 4] == "    hand 1 · step 31 · S wins trick 5 for 1 point"  # back up
    end = inside.index("    hand 1 · step 42 · NS 25, EW 17 points: S's 30 is set; "
                       "EW score 1 mark")
    assert inside[end + 1] == "      comment: set by the 5-5 kept for the last trick"
    # The auction's and the trump call's variations, under their steps.
    assert "    ┆ variation 1 of S's 30 in the auction:" in lines
    assert "    hand 1 · step 3 · S bids 31?!" in lines
    assert "    ┆ variation 1 of S's trump, sixes:" in lines
    assert "    hand 1 · step 6 · S names ones??" in lines
    # The main line's score is the main line's: the variations change nothing of it.
    assert printed.count("NS 35, EW 7 points: S's 30 is made") == 1


def test_brief_prints_one_line_a_step_with_the_same_variations() -> None:
    text = ANNOTATED.read_text(encoding="utf-8")
    brief = _printed(text, brief=True).splitlines()
    assert "╭" not in "\n".join(brief)  # no table
    assert sum(1 for x in brief if x.startswith("hand 1 · step ")) == 42
    full = _printed(text).splitlines()
    assert [x for x in brief if x.startswith("    ")] == [x for x in full if x.startswith("    ")
                                                          and "│" not in x and "╭" not in x
                                                          and "╰" not in x]


def test_a_finding_in_a_variation_is_printed_in_it_and_says_so() -> None:
    text = ANNOTATED.read_text(encoding="utf-8")
    # W throws 4-2 on the lead of ones while holding 3-1: a renege, in the variation only.
    text = text.replace("5 S 1-1 3-1 4-0 3-3 (5-5", "5 S 1-1 4-2 4-0 3-3 (5-5").replace(
        "  6 S 4-3 4-2 5-4 4-4", "  6 S 4-3 3-1 5-4 4-4")
    lines = _printed(text, brief=True).splitlines()
    renege = next(i for i, x in enumerate(lines) if "error renege" in x)
    assert lines[renege - 1] == "    hand 1 · step 28 · W plays 4-2"
    assert lines[renege].startswith("      error renege: W reneged in trick 5")
    assert lines[renege].endswith("(in variation 1 of E's 5-5 in trick 4)")
    assert lines[renege + 1] == "        could have followed with 3-1"
    main = lines.index("hand 1 · step 28 · W plays 3-1")
    assert "error" not in lines[main + 1]  # the main line is clean


def test_a_variations_comment_stays_inert() -> None:
    text = ANNOTATED.read_text(encoding="utf-8").replace("{ keeps the count }",
                                                         "{ [red]keeps\x1b[2J }")
    printed = _printed(text, brief=True)
    assert "      comment: [red]keeps\\x1b[2J" in printed.splitlines()
    assert "\x1b" not in printed
