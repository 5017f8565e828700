"""What a hand's play settles, and the lines that end it: the points each team took and the
marks awarded (docs/rules.md, Scoring; Reneges: the renege penalty), an early end
(docs/rules.md, Ending a hand early), and the score lines written against the engine's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from notation.check.reports import HandCheck
from notation.model.bids import POINTS_IN_A_HAND
from notation.model.findings import Severity, plural
from notation.model.game import EndKind, ScoreKind
from notation.model.seats import Team
from notation.model.tiles import TILES_IN_A_HAND, TRICKS_IN_A_HAND
from notation.rules.scoring import (
    MarkAward,
    hand_award,
    made_or_set,
    may_be_in_play,
    needs_every_trick,
    points_in_play,
    renege_loses_hand,
)
from notation.rules.tricks import tally

NS, EW = Team.NS, Team.EW
MARKS, POINTS = ScoreKind.MARKS, ScoreKind.POINTS

@dataclass(frozen=True, slots=True)
class HandResult:
    """What a hand's play settles: the points each team took, the award (None while the
    record does not settle it), whether the bid was made by play (None: not settled), and
    the team whose renege decided the award under the renege penalty."""

    points: dict[Team, int]
    award: MarkAward | None = None
    made: bool | None = None
    decided_by_renege: Team | None = None


def penalty_verdict(check: HandCheck) -> bool | None:
    """What the renege penalty makes of the hand, whatever the tricks give: made (True: the
    defenders reneged) or set (False: the bidders did), or None when it decides nothing (no
    proven renege, no contract, or ``renege-penalty=none``). docs/rules.md, Reneges."""
    renege_by, contract = check.renege_by, check.contract
    if renege_by is None or contract is None:
        return None
    if not renege_loses_hand(check.rules):
        return None
    return renege_by is not contract.declarer.team


def hand_result(check: HandCheck) -> HandResult:
    """The points each team took (a lay-down gives the claimants the rest) and what the hand
    scores once made or set (docs/rules.md, Scoring; Ending a hand early; Reneges: the renege
    penalty)."""
    contract = check.contract
    points, tricks_won = tally(check.outcomes)
    if contract is None:
        return HandResult(points)
    ending = check.hand.ending
    played = len(check.outcomes)
    if ending is not None and ending.kind is EndKind.LAYDOWN and ending.seat is not None:
        # The claimant's side takes every trick still to play, and with them the points.
        points[ending.seat.team] += POINTS_IN_A_HAND - sum(points.values())
        tricks_won[ending.seat.team] += TRICKS_IN_A_HAND - played
        played = TRICKS_IN_A_HAND
    made, set_ = made_or_set(contract, points, tricks_won, played)
    by_play = True if made else False if set_ or played == TRICKS_IN_A_HAND else None
    kept = penalty_verdict(check)
    if kept is not None:
        award = hand_award(contract, kept, points, check.rules)
        # The penalty decides the hand only where the play does not give the same verdict.
        return HandResult(points, award, by_play, None if by_play is kept else check.renege_by)
    if by_play is None:
        return HandResult(points)
    return HandResult(points, hand_award(contract, by_play, points, check.rules), by_play)


def check_ending(check: HandCheck, points: dict[Team, int]) -> None:
    """An early end (docs/rules.md, Ending a hand early): a hand of fewer than seven tricks says
    why it stopped, and a made or set stop is justified by what was captured, or by a proven
    renege that decides the hand under the renege penalty (the outcome is then certain:
    docs/rules.md, Reneges)."""
    ending, contract = check.hand.ending, check.contract
    played = len(check.hand.tricks)
    if ending is None:
        if 0 < played < TRICKS_IN_A_HAND:
            check.report(
                "hand-unfinished",
                f"only {plural(played, 'trick')} {'is' if played == 1 else 'are'} recorded "
                "and no `end` line says why play stopped",
                check.hand.tricks[-1].span,
                severity=Severity.WARNING,
            )
        return
    if played >= TRICKS_IN_A_HAND:
        check.report(
            "ending-after-seven",
            f"`end {ending.kind.value}` is written, but all seven tricks were played",
            ending.span,
            severity=Severity.WARNING,
        )
        return
    if contract is None or ending.kind is EndKind.LAYDOWN:
        return
    bidders = contract.declarer.team
    taken, tricks_won = tally(check.outcomes)
    bid = contract.bid
    made, set_ = made_or_set(contract, taken, tricks_won, played)
    nello = contract.sitting_out is not None
    if ending.kind is EndKind.MADE:
        ok = made
        need = (
            "all seven tricks" if needs_every_trick(bid) else f"{bid.value} points"
        )
        if nello:
            need = "the declarer to lose all seven tricks"
        why = f"the bidders ({bidders}) have {taken[bidders]} points; {bid} needs {need}"
    else:
        ok = set_
        if nello:
            why = f"the declarer ({contract.declarer}) has not won a trick yet"
        elif needs_every_trick(bid):
            why = f"the defenders ({bidders.opponents}) have not won a trick yet"
        else:
            why = (
                f"the defenders ({bidders.opponents}) have {taken[bidders.opponents]} "
                f"points; setting {bid} takes {POINTS_IN_A_HAND - bid.value + 1}"
            )
    # A proven renege that decides the hand under the penalty makes its outcome certain too.
    ok = ok or penalty_verdict(check) is (ending.kind is EndKind.MADE)
    if not ok:
        check.report(
            "ending-unjustified",
            f"play stopped as {ending.kind.value} after trick {played}, but {why}",
            ending.span,
            evidence={"points": dict(taken)},
        )


def check_score(check: HandCheck, points: dict[Team, int], marks: dict[Team, int] | None) -> None:
    """The score lines (docs/rules.md, Scoring; Equipment: a hand is worth 42): the points and
    marks written against the engine's, or with no tricks recorded the marks the written
    points give."""
    hand = check.hand
    recorded_points = hand.score(POINTS)
    settled = check.contract is not None and (
        len(check.outcomes) == TRICKS_IN_A_HAND or hand.ending is not None
    )
    if recorded_points is not None:
        if settled:
            _compare(check, recorded_points, points, "misscored-points", "points")
        elif not hand.tricks and hand.ending is None:
            total = recorded_points.ns + recorded_points.ew
            worth = _worth_problem(check, total)
            if worth is not None:
                check.report(
                    "misscored-points",
                    f"the points written add up to {total}; {worth}",
                    recorded_points.span,
                )
            elif check.contract is not None and marks is None:
                written = {Team.NS: recorded_points.ns, Team.EW: recorded_points.ew}
                made, _ = made_or_set(check.contract, written)
                mark = hand_award(check.contract, made, written, check.rules)
                marks = {t: mark.of(t) for t in Team}
    recorded_marks = hand.score(MARKS)
    if recorded_marks is not None and marks is not None:
        _compare(check, recorded_marks, marks, "misscored-marks", "marks")
    check.derived_marks = marks


def _worth_problem(check: HandCheck, total: int) -> str | None:
    """Why ``total`` points cannot be what the hand was worth, or None: 42, less the count
    laid down by a seat that sits out (exactly, when its tiles were dealt in the record)."""
    out = None if check.contract is None else check.contract.sitting_out
    if out is None:
        return None if total == POINTS_IN_A_HAND else f"a hand is worth {POINTS_IN_A_HAND}"
    holding = check.hand.holding(out)
    if holding is not None and len(holding.tiles) == TILES_IN_A_HAND:
        worth = points_in_play(holding.tiles)
        if total == worth:
            return None
        return (
            f"with {out} sitting out, the hand is worth {worth} ({POINTS_IN_A_HAND} less the "
            f"count {out} held)"
        )
    if may_be_in_play(total):
        return None
    return (
        f"with {out} sitting out, the hand is worth {POINTS_IN_A_HAND} less the count {out} "
        "held"
    )


def _compare(check: HandCheck, line: Any, expected: dict[Team, int], code: str, what: str) -> None:
    if line.ns == expected[NS] and line.ew == expected[EW]:
        return
    written = {NS: line.ns, EW: line.ew}
    if written != expected:
        why = ""
        if (
            code == "misscored-marks"
            and check.renege_by is not None
            and renege_loses_hand(check.rules)
        ):
            why = f" (a renege by {check.renege_by} loses the hand)"
        check.report(
            code,
            f"{what} written as NS {written[Team.NS]} EW {written[Team.EW]}, but the hand "
            f"gives NS {expected[Team.NS]} EW {expected[Team.EW]}{why}",
            line.span,
            evidence={
                "written": dict(written),
                "computed": dict(expected),
            },
        )
