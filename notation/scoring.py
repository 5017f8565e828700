"""Scoring a hand in the marks game, and the running score of a game (RULES.md, Scoring).

>>> from notation.bids import Bid
>>> marks_at_stake(Bid.points(30)), marks_at_stake(Bid.marks(2))
(1, 2)
>>> is_made(Bid.points(30), 35, 7), is_set(Bid.points(37), 7)
(True, True)
"""

from __future__ import annotations

from dataclasses import dataclass

from notation.bids import POINTS_IN_A_HAND, Bid, BidKind
from notation.rules import RuleSet
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

    def of(self, team: Team) -> int:
        return self.marks if team is self.team else 0


def award(bid: Bid, bidders: Team, made: bool) -> MarkAward:
    """A made bid scores its marks for the bidders; a set gives them to the opponents."""
    return MarkAward(bidders if made else bidders.opponents, marks_at_stake(bid))


def game_winner(ns: int, ew: int, rules: RuleSet) -> Team | None:
    """The team that has won at these running marks, if either has (RULES.md, Scoring)."""
    for team, mine, theirs in ((Team.NS, ns, ew), (Team.EW, ew, ns)):
        if mine >= rules.marks_to_win and mine - theirs >= rules.win_by:
            return team
    return None
