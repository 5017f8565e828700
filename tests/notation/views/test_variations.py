"""Stepping into a variation and back (notation/views/variations.py)."""

from __future__ import annotations

from notation.check.validate import check_game
from notation.formats.text import loads
from notation.views.navigation import Frame, game_frames
from notation.views.steps import StepKind
from notation.views.variations import LineFrames, Spot, enter, leave, variation_frames

RECORD = """[Event "x"]
hand 1 dealer N
deal N 6-5 5-4 5-2 5-0 4-0 3-2 2-1
     E 6-3 5-5 4-4 3-3 2-2 2-0 0-0
     S 6-6 6-4 6-2 6-0 4-3 4-1 1-1
     W 6-1 5-3 5-1 4-2 3-1 3-0 1-0
bid E pass S 30 W pass N pass
trump S sixes
1 S 6-6 6-1? { too soon } ({ the quiet way } 1-0!? 6-5 (5-4 { a renege }) 6-3) 6-5 6-3
2 S 6-4 1-0 3-2 2-0
"""


def _replay() -> tuple[list[Frame], dict[str, LineFrames]]:
    game = loads(RECORD)[0]
    report = check_game(game)
    main = game_frames(game, report)
    return main, variation_frames(game, report, main)


def test_glyphs_and_comments_are_on_the_step_of_their_play() -> None:
    main, _ = _replay()
    step = next(f.step for f in main if f.step.glyph is not None)
    assert step.text == "W plays 6-1? (trumps)"
    assert step.comments == ("too soon",)


def test_a_variation_is_entered_at_the_step_it_replaces_and_left_back_to_it() -> None:
    main, lines = _replay()
    at = next(i for i, f in enumerate(main) if f.branches)
    assert main[at].branches == ("/hands/0/tricks/0/plays/1/variations/0",)
    spot = enter(lines, main, Spot("", at))
    first = lines[spot.line].frames[spot.at]
    assert first.step.text == "W plays 1-0!?"
    assert first.step.comments == ("the quiet way",)  # the variation's own comment
    # the nested variation, one step further on
    deeper = enter(lines, main, Spot(spot.line, spot.at + 1))
    assert lines[deeper.line].frames[deeper.at].step.text == "N plays 5-4"
    assert leave(lines, main, deeper) == Spot(spot.line, spot.at + 1)
    assert leave(lines, main, spot) == Spot("", at)
    assert enter(lines, main, Spot("", 0)) == Spot("", 0)  # no variation at the deal


def test_a_variations_findings_are_its_own_and_the_main_line_keeps_its_own() -> None:
    main, lines = _replay()
    nested = lines["/hands/0/tricks/0/plays/1/variations/0/plays/1/variations/0"]
    found = [f for fr in nested.frames for f in fr.step.findings]
    assert [f.code for f in found] == ["renege"]
    assert all(f.variation == nested.path for f in found)
    assert not any(f.code == "renege" for fr in main for f in fr.step.findings)


def test_a_variation_that_stops_mid_hand_has_no_score_step() -> None:
    _, lines = _replay()
    line = lines["/hands/0/tricks/0/plays/1/variations/0"]
    assert line.frames[-1].step.kind is StepKind.TRICK
    assert line.frames[-1].step.text == "S wins trick 1 for 1 point"
