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


# Hand 2 of renege.t42 with its deal (the tricks show it): N bids 30 and S, a bidder,
# plays 0-0 on a lead of trumps in trick 2 while holding 6-3; stopped after that trick.
BIDDERS_RENEGE = """[Event "x"]

hand 1 dealer E
deal N 6-5 6-4 6-2 5-5 5-4 4-0 3-3
     E 5-3 5-1 4-4 4-2 2-2 2-1 1-0
     S 6-3 6-1 5-2 4-3 4-1 2-0 0-0
     W 6-6 6-0 5-0 3-2 3-1 3-0 1-1
bid S pass W pass N 30 E pass
trump sixes
1 N 6-5 1-0 6-1 6-0
2 N 6-4 2-1 0-0 6-6
end {ending}
"""


def test_an_end_after_the_bidders_renege_follows_the_penalty() -> None:
    # The penalty sets the bidders: `end set` is justified, `end made` is not (NS have 11).
    assert _codes(BIDDERS_RENEGE.format(ending="set")) == (["renege"], Team.EW)
    codes, _ = _codes(BIDDERS_RENEGE.format(ending="made"))
    assert codes == ["renege", "ending-unjustified"]
