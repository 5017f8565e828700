"""The auction: whose turn it is, which bids are legal, and who wins (RULES.md, Bidding).

>>> from notation.bids import Bid
>>> bidding_order(Seat.N)
(<Seat.E: 'E'>, <Seat.S: 'S'>, <Seat.W: 'W'>, <Seat.N: 'N'>)
>>> bid_problem(Bid.points(31), Bid.points(30)) is None
True
>>> bid_problem(Bid.marks(3), Bid.points(35))
('bid-off-ladder', '3 marks may only be bid over 2 marks')
"""

from __future__ import annotations

from notation.bids import Bid, BidKind
from notation.seats import Seat

MINIMUM_BID = 30
HIGHEST_POINT_BID = 41
FREE_MARKS = 2  # any seat may bid up to 2 marks; above that only one mark more (003, 004)


def bidding_order(dealer: Seat) -> tuple[Seat, Seat, Seat, Seat]:
    """The seats in bidding order: left of the dealer first, the dealer last."""
    return dealer.next.clockwise()


def bid_problem(bid: Bid, standing: Bid | None) -> tuple[str, str] | None:
    """Why ``bid`` may not be made over ``standing`` (None when it may), as (code, words)."""
    if bid.is_pass:
        return None
    if bid.kind is BidKind.POINTS:
        if bid.amount < MINIMUM_BID:
            return "bid-below-minimum", f"{bid} is below the minimum bid of {MINIMUM_BID}"
        if bid.amount > HIGHEST_POINT_BID:
            return (
                "bid-off-ladder",
                f"{bid} is not a bid: after {HIGHEST_POINT_BID} comes 1 mark (1m, or 42)",
            )
    elif bid.amount < 1:
        return "bid-off-ladder", f"{bid} is not a bid: marks start at 1m"
    if standing is not None and not standing.is_pass and not standing < bid:
        return "bid-not-above", f"{bid} does not beat the standing bid of {standing}"
    if bid.kind is BidKind.MARKS and bid.amount > FREE_MARKS:
        over = standing.amount if standing and standing.kind is BidKind.MARKS else 0
        if bid.amount != over + 1 or over < FREE_MARKS:
            return (
                "bid-off-ladder",
                f"{bid.amount} marks may only be bid over {bid.amount - 1} marks",
            )
    return None
