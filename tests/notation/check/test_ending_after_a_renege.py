"""An early end after a proven renege (docs/rules.md, Ending a hand early; Reneges): under the
renege penalty the renege decides the hand, so the outcome is certain and play may stop with
the verdict the penalty gives (issue 35, point 17)."""

from __future__ import annotations

from pathlib import Path

from notation.check.validate import check_game
from notation.formats.text.reader import read_games
from notation.model.seats import Team

SAMPLES = Path(__file__).resolve().parents[3] / "samples"
RENEGE = (SAMPLES / "renege.t42").read_text(encoding="utf-8")
# Hand 1 of renege.t42 (W, a defender, reneges in trick 3), stopped after that trick.
HAND_1 = RENEGE[: RENEGE.index("hand 2 dealer E")]
PLAYED_OUT = """4 N 5-1 5-5 5-2 5-4
5 E 3-3 5-3 3-0 3-2
6 E 1-1 6-3 4-2 2-0
7 S 5-0 0-0 4-0 3-1
points NS 25 EW 17
"""


def _stopped(ending: str, options: str = "") -> str:
    assert PLAYED_OUT in HAND_1
    text = HAND_1.replace(PLAYED_OUT, f"end {ending}\n")
    if options:
        text = text.replace('[Rules "straight"]', f'[Rules "straight"]\n[Options "{options}"]')
    return text


def _codes(text: str) -> tuple[list[str], Team | None]:
    (read,) = read_games(text)
    report = check_game(read.game, read.rules)
    award = report.hands[0].award
    return [f.code for f in report.findings], None if award is None else award.team


def test_end_made_after_the_defenders_renege_is_justified() -> None:
    # Issue 35: `ending-unjustified`, though the renege penalty gives NS the hand.
    assert _codes(_stopped("made")) == (["renege"], Team.NS)


def test_end_set_after_the_defenders_renege_is_not() -> None:
    (read,) = read_games(_stopped("set"))
    report = check_game(read.game, read.rules)
    assert [f.code for f in report.findings] == ["renege", "ending-unjustified"]
    assert report.findings[1].message.startswith("play stopped as set after trick 3, but the "
                                                 "defenders (EW) have 0 points")


def test_without_the_renege_penalty_the_play_alone_justifies_an_end() -> None:
    codes, _ = _codes(_stopped("made", "renege-penalty=none"))
    assert codes == ["renege", "ending-unjustified"]
