"""Scoring a hand in the marks game, and the running score of a game (docs/rules.md, Scoring).

>>> from notation.model.contracts import Contract, Trump
>>> from notation.model.seats import Seat
>>> marks_at_stake(Bid.points(30)), marks_at_stake(Bid.marks(2))
(1, 2)
>>> made_or_set(Contract(Seat.N, Bid.points(30), Trump.pip(6)), {Team.NS: 35, Team.EW: 7})
(True, False)
>>> made_or_set(Contract(Seat.N, Bid.points(37), Trump.pip(6)), {Team.NS: 35, Team.EW: 7})
(False, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal

from notation.model.bids import POINTS_IN_A_HAND, Bid, BidKind
from notation.model.contracts import Contract, Special, Trump
from notation.model.rule_sets import RenegePenalty, RuleSet, Scoring
from notation.model.seats import Seat, Team
from notation.model.tiles import TRICKS_IN_A_HAND, Tile
from notation.rules.auction import opening_bids

# A seat's seven tiles hold at most all five count tiles (35): what is left in play, 7 at least.
LEAST_IN_PLAY = POINTS_IN_A_HAND - 35
COUNT_STEP = 5  # every count tile is worth 5 or 10


def points_in_play(laid_down: Iterable[Tile] = ()) -> int:
    """What a hand's tricks are worth together: 42, less the count of tiles laid down and
    never played (the Nello partner's, who sits out; docs/rules.md, Contracts).

    >>> points_in_play(), points_in_play([Tile(6, 4), Tile(5, 0), Tile(1, 1)])
    (42, 27)
    """
    return POINTS_IN_A_HAND - sum(t.count for t in laid_down)


def may_be_in_play(total: int) -> bool:
    """Whether ``total`` points can be what a hand with a seat sitting out is worth, its
    partner's tiles unknown: 42 less the count of some seven tiles."""
    laid_down = POINTS_IN_A_HAND - total
    return LEAST_IN_PLAY <= total <= POINTS_IN_A_HAND and laid_down % COUNT_STEP == 0


def marks_at_stake(bid: Bid) -> int:
    """A bid of 30 … 41 (or 42) is worth 1 mark; a bid of N marks is worth N."""
    return bid.amount if bid.kind is BidKind.MARKS else 1


def needs_every_trick(bid: Bid) -> bool:
    """Bids of 1 mark or more need all seven tricks (docs/rules.md, Scoring)."""
    return bid.value >= POINTS_IN_A_HAND



def made_or_set(
    contract: Contract,
    points: Mapping[Team, int],
    tricks: Mapping[Team, int] | None = None,
    played: int = TRICKS_IN_A_HAND,
) -> tuple[bool, bool]:
    """Whether the bidders have made their contract, and whether it is set, so far
    (docs/rules.md, Scoring; Ending a hand early).

    ``points`` and ``tricks`` are what each team has taken in the ``played`` tricks. A bid of
    30 … 41 is made and set by points; a bid of 1 mark or more (Plunge, Splash and Sevens
    among them) is made by all seven tricks and set by any trick the defenders take; Nello and
    Low-No are made by the declarer losing all seven and set by any trick the declarer takes.

    ``tricks`` is None for a hand written with its points and no tricks: each trick is worth
    at least 1 point, so a team took a trick exactly when it has points, and the hand is over.

    >>> from notation.model.contracts import Trump
    >>> from notation.model.seats import Seat
    >>> two_marks = Contract(Seat.N, Bid.marks(2), Trump.pip(2))
    >>> made_or_set(two_marks, {Team.NS: 42, Team.EW: 0})
    (True, False)
    >>> made_or_set(two_marks, {Team.NS: 30, Team.EW: 0}, {Team.NS: 5, Team.EW: 0}, 5)
    (False, False)
    """
    bidders = contract.declarer.team
    opponents = bidders.opponents
    taken = points if tricks is None else tricks
    special = contract.trump.special
    if special is not None and special.is_nello:
        return played == TRICKS_IN_A_HAND and taken[bidders] == 0, taken[bidders] > 0
    bid = contract.bid
    if needs_every_trick(bid):
        return played == TRICKS_IN_A_HAND and taken[opponents] == 0, taken[opponents] > 0
    return points[bidders] >= bid.value, points[opponents] > POINTS_IN_A_HAND - bid.value


def made_with(contract: Contract, bidders_points: int) -> bool:
    """Whether the bidders make the contract by ending the hand with ``bidders_points`` (the
    defenders having the rest of the 42), as :func:`made_or_set` judges it."""
    bidders = contract.declarer.team
    final = {bidders: bidders_points, bidders.opponents: POINTS_IN_A_HAND - bidders_points}
    return made_or_set(contract, final)[0]


def highest_bid_made(declarer: Seat, trump: Trump, bidders_points: int,
                     rules: RuleSet) -> Bid | None:
    """The highest bid ``declarer`` may open with (:func:`notation.rules.auction.opening_bids`) and
    make in ``trump`` by ending the hand with ``bidders_points``; None when no bid is made.

    Every bid of marks needs all seven tricks, so taking every trick makes the highest bid a
    seat may open with, 2 marks (a Plunge its own bid); a Nello is made with 0 points.

    >>> from notation.model.contracts import Trump
    >>> from notation.model.rule_sets import RuleSet
    >>> [str(highest_bid_made(Seat.N, Trump.pip(6), p, RuleSet())) for p in (29, 35, 42)]
    ['None', '35', '2m']
    """
    made = [
        bid for bid in opening_bids(trump, rules)
        if made_with(Contract(declarer, bid, trump), bidders_points)
    ]
    return made[-1] if made else None


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


def hand_award(
    contract: Contract, made: bool, points: Mapping[Team, int], rules: RuleSet
) -> MarkAward:
    """What a hand scores once it is made or set: marks, or in the points game points
    (docs/rules.md, Scoring; Low-No: it is worth 42)."""
    bid = Bid.points(POINTS_IN_A_HAND) if contract.trump.special is LOW_NO else contract.bid
    if rules.scoring is POINTS:
        return points_award(bid, contract.declarer.team, made, points)
    return award(bid, contract.declarer.team, made)


def points_award(bid: Bid, bidders: Team, made: bool, points: Mapping[Team, int]) -> MarkAward:
    """What a hand scores in the points game (docs/rules.md, Scoring, Points).

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


def scores_marks(rules: RuleSet) -> bool:
    """Whether a hand scores marks at this table (the marks game), not points (the points
    game: docs/rules.md, Scoring).

    >>> from notation.model.rule_sets import rule_set
    >>> scores_marks(rule_set("straight")), scores_marks(rule_set("points"))
    (True, False)
    """
    return rules.scoring is not POINTS


def renege_loses_hand(rules: RuleSet) -> bool:
    """Whether a proven renege loses the hand for the team that reneged (the bidders set, or
    the defenders giving the bidders their contract), or is only reported (docs/rules.md,
    Reneges; renege-penalty option).

    >>> renege_loses_hand(RuleSet()), renege_loses_hand(RuleSet(renege_penalty=RenegePenalty.NONE))
    (True, False)
    """
    return rules.renege_penalty is RenegePenalty.LOSE_HAND


def game_winner(ns: int, ew: int, rules: RuleSet, bidders: Team | None = None) -> Team | None:
    """The team that has won at these running scores, if either has (docs/rules.md, Scoring).

    In the marks game: ``marks-to-win`` and ahead by ``win-by``. In the points game:
    ``points-to-win``; when both teams pass it on the same hand, the team that bid that hand
    (``bidders``) wins (000).

    >>> from notation.model.rule_sets import rule_set
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
LOW_NO = Special.LOW_NO


def settlement(
    loser_marks: int,
    loser_sets: int,
    per_mark: Decimal,
    per_set: Decimal,
    marks_to_win: int = 7,
) -> Decimal:
    """What the losers pay when playing for money (docs/rules.md, Scoring; 004).

    The winners are paid for each mark the losers were short of the game, and for each time
    the losers were set; the winners' own sets and any marks over the game cost nothing.

    >>> settlement(4, 1, Decimal("0.25"), Decimal("1.00"))
    Decimal('1.75')
    """
    short = max(marks_to_win - loser_marks, 0)
    return short * per_mark + loser_sets * per_set
