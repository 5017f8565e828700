"""Scoring a hand in the marks game, and the running score of a game (RULES.md, Scoring).

>>> from notation.bids import Bid
>>> marks_at_stake(Bid.points(30)), marks_at_stake(Bid.marks(2))
(1, 2)
>>> is_made(Bid.points(30), 35, 7), is_set(Bid.points(37), 7)
(True, True)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal

from notation.bids import POINTS_IN_A_HAND, Bid, BidKind
from notation.rules import RuleSet, Scoring
from notation.seats import Team


def marks_at_stake(bid: Bid) -> int:
    """A bid of 30 … 41 (or 42) is worth 1 mark; a bid of N marks is worth N."""
    return bid.amount if bid.kind is BidKind.MARKS else 1


def needs_every_trick(bid: Bid) -> bool:
    """Bids of 1 mark or more need all seven tricks (RULES.md, Scoring)."""
    return bid.value >= POINTS_IN_A_HAND


def is_made(bid: Bid, bidders_points: int, bidders_tricks: int, tricks_played: int = 7) -> bool:
    """True once the bidders are sure of their bid: the points, or every trick."""
    if needs_every_trick(bid):
        return tricks_played == 7 and bidders_tricks == 7
    return bidders_points >= bid.value


def is_set(bid: Bid, defenders_points: int, defenders_tricks: int = 0) -> bool:
    """True once the defenders have taken enough that the bid can no longer be made."""
    if needs_every_trick(bid):
        return defenders_tricks > 0
    return defenders_points > POINTS_IN_A_HAND - bid.value


@dataclass(frozen=True, slots=True)
class MarkAward:
    """The marks one hand gives: to which team, and how many."""

    team: Team
    marks: int
    others: int = 0  # what the other team scores (the points game, where both may score)

    def of(self, team: Team) -> int:
        return self.marks if team is self.team else self.others


def award(bid: Bid, bidders: Team, made: bool) -> MarkAward:
    """A made bid scores its marks for the bidders; a set gives them to the opponents."""
    return MarkAward(bidders if made else bidders.opponents, marks_at_stake(bid))


def points_award(bid: Bid, bidders: Team, made: bool, points: Mapping[Team, int]) -> MarkAward:
    """What a hand scores in the points game (RULES.md, Scoring, Points).

    Below 42, a made bid scores each team the points it took; a set scores the bidders 0 and
    the opponents their points plus the bid. At 42 and above the bid alone is scored, by the
    bidders if made, else by the opponents.

    >>> ns, ew = Team.NS, Team.EW
    >>> a = points_award(Bid.points(30), ns, True, {ns: 35, ew: 7}); a.of(ns), a.of(ew)
    (35, 7)
    >>> a = points_award(Bid.points(37), ns, False, {ns: 35, ew: 7}); a.of(ns), a.of(ew)
    (0, 44)
    """
    opponents = bidders.opponents
    if bid.value >= POINTS_IN_A_HAND:
        return MarkAward(bidders if made else opponents, bid.value)
    if made:
        return MarkAward(bidders, points[bidders], points[opponents])
    return MarkAward(opponents, points[opponents] + bid.value)


def game_winner(ns: int, ew: int, rules: RuleSet, bidders: Team | None = None) -> Team | None:
    """The team that has won at these running scores, if either has (RULES.md, Scoring).

    In the marks game: ``marks-to-win`` and ahead by ``win-by``. In the points game:
    ``points-to-win``; when both teams pass it on the same hand, the team that bid that hand
    (``bidders``) wins (000).

    >>> from notation.rules import rule_set
    >>> game_winner(252, 260, rule_set("points"), bidders=Team.NS)
    <Team.NS: 'NS'>
    """
    if rules.scoring is POINTS:
        over = [t for t, n in ((NS, ns), (EW, ew)) if n >= rules.points_to_win]
        if len(over) == 2:
            if bidders is not None:
                return bidders
            return NS if ns > ew else EW if ew > ns else None
        return over[0] if over else None
    # Checked for every hand of every game: plain comparisons, the teams bound once below.
    if ns >= rules.marks_to_win and ns - ew >= rules.win_by:
        return NS
    if ew >= rules.marks_to_win and ew - ns >= rules.win_by:
        return EW
    return None


NS, EW = Team.NS, Team.EW
POINTS = Scoring.POINTS


def settlement(
    loser_marks: int,
    loser_sets: int,
    per_mark: Decimal,
    per_set: Decimal,
    marks_to_win: int = 7,
) -> Decimal:
    """What the losers pay when playing for money (RULES.md, Scoring; 004).

    The winners are paid for each mark the losers were short of the game, and for each time
    the losers were set; the winners' own sets and any marks over the game cost nothing.

    >>> settlement(4, 1, Decimal("0.25"), Decimal("1.00"))
    Decimal('1.75')
    """
    short = max(marks_to_win - loser_marks, 0)
    return short * per_mark + loser_sets * per_set
