"""The auction (docs/rules.md, Bidding): one round in turn from the dealer's left (or the
holder of the 0-1), each bid beating the last; all four passing: the forced bid, or the
reshake.

>>> from notation.formats.text import loads
>>> hand = loads('''[Rules "straight"]
... hand 1 dealer N
... bid E pass S 30 W 29 N pass
... ''')[0].hands[0]
>>> seats, why = bidding_seats(hand, RuleSet())
>>> [str(s) for s in seats]
['E', 'S', 'W', 'N']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from notation.check.reports import HandCheck
from notation.model.bids import Bid, BidKind
from notation.model.contracts import DOUBLES_NEEDED, Special
from notation.model.findings import Severity
from notation.model.game import Call, Hand
from notation.model.rule_sets import RuleSet
from notation.model.seats import Seat
from notation.model.tiles import Tile
from notation.rules.auction import (
    MINIMUM_BID,
    ONE_BLANK,
    bid_problem,
    bidding_order,
    deal_bidding_order,
    dealer_must_bid,
    holder_of_one_blank,
    one_blank_bids_first,
    out_of_turn_reshakes,
    out_of_turn_stands,
)

PLUNGE, SPLASH = Special.PLUNGE, Special.SPLASH

def check_auction(check: HandCheck) -> None:
    """The auction (docs/rules.md, Bidding): one round in turn from the dealer's left (or the
    holder of the 0-1), each bid beating the last, 30 … 41 then marks, 2 marks free and one
    more after, Plunge's jump; all four passing: the forced bid, or the reshake."""
    auction = check.hand.auction
    if auction is None:
        return
    order, why_first = _bidding_order(check)
    standing = None
    winning = check.winning
    trump = check.hand.trump.trump if check.hand.trump is not None else None
    plunge = trump is not None and trump.special is PLUNGE
    splash = trump is not None and trump.special is SPLASH
    plunges = check.rules.plays(PLUNGE)  # the table plays the Plunge
    # 003: after a bid out of turn the opponents may have the same dealer shake again; a
    # hand that stops at its auction was reshaken so.
    stopped = check.hand.trump is None and not check.hand.tricks and check.hand.ending is None
    reshakes = out_of_turn_reshakes(check.rules) and stopped
    for i, call in enumerate(auction.calls):
        turn = order[i] if i < len(order) else None
        if call.seat is not turn:
            words = (
                f"it was {turn}'s turn to bid{why_first if i == 0 else ''}"
                if turn is not None
                else "every seat has already bid"
            )
            lenient = out_of_turn_stands(check.rules)
            if reshakes:
                check.reshaken_by_dealer = True
                words += (f"; the hand is thrown in and {check.hand.dealer}, the same "
                          "dealer, shakes again")
            check.report(
                "bid-out-of-turn",
                f"{call.seat} bid out of turn: {words}",
                call.span,
                severity=Severity.WARNING if lenient else Severity.ERROR,
                seat=call.seat,
                evidence={"expected": turn},
            )
        # The declarer's jump is a Plunge if played as one; an overcalled seat never got
        # to declare, so its jump may have been one whenever it could have been.
        may_plunge = plunge if call is winning else plunges and _could_plunge(check, call.seat)
        may_splash = splash if call is winning else _could_plunge(check, call.seat, SPLASH)
        problem = bid_problem(
            call.bid, standing, check.rules, plunge=may_plunge, splash=may_splash
        )
        if problem is not None:
            code, words = problem
            check.report(code, words, call.span, seat=call.seat, evidence={"bid": call.bid})
        if not call.bid.is_pass and (problem is None or _stands(problem, call, standing)):
            standing = call.bid
    winner = winning
    if check.reshaken_by_dealer:
        return
    if len(auction.calls) < len(order) and (winner is None or check.hand.tricks):
        missing = ", ".join(s.value for s in order[len(auction.calls) :])
        check.report(
            "auction-incomplete",
            f"the auction stops before every seat has bid: {missing} did not bid",
            auction.span,
            severity=Severity.WARNING,
        )
    if winner is None and len(auction.calls) >= len(order):
        if dealer_must_bid(check.rules):
            last = auction.calls[-1]
            check.report(
                "dealer-must-bid",
                f"all four passed: under the forced bid rule the dealer ({check.hand.dealer}) "
                f"must bid at least {MINIMUM_BID}",
                last.span,
                seat=check.hand.dealer,
            )
        elif check.hand.tricks or check.hand.trump is not None:
            first = check.hand.trump or check.hand.tricks[0]
            check.report(
                "played-after-reshake",
                "all four passed, so the hand is thrown in and reshaken; nothing is played",
                first.span,
            )


def _bidding_order(check: HandCheck) -> tuple[tuple[Seat, ...], str]:
    return bidding_seats(check.hand, check.rules, check.dealt)


def bidding_seats(
    hand: Hand, rules: RuleSet, dealt: Mapping[Seat, Sequence[Tile]] | None = None
) -> tuple[tuple[Seat, ...], str]:
    """The seats of ``hand`` in bidding order, and why the first one bids first when it is
    not the seat left of the dealer (docs/rules.md, Bidding; first-bidder option).

    ``dealt`` is each seat's dealt tiles (by default the hand's deal lines).
    """
    if one_blank_bids_first(rules):
        held = dealt if dealt is not None else {h.seat: h.tiles for h in hand.deal}
        if holder_of_one_blank(held) is not None:
            why = f" first, as the holder of the {ONE_BLANK}"
            return deal_bidding_order(hand.dealer, rules, held), why
        calls = hand.auction.calls if hand.auction is not None else ()
        if calls:  # the deal does not say who held the 1-0: take the first bidder's word
            return calls[0].seat.clockwise(), ""
    return bidding_order(hand.dealer), ""


def _stands(problem: tuple[str, str], call: Call, standing: Bid | None) -> bool:
    """Whether a bid with a ``problem`` still stands for the bids after it: a jump in marks
    off the ladder beats the standing bid, and the table went on bidding over it (so the next
    bid is judged against it, not reported again for the same jump)."""
    bid = call.bid
    beats = standing is None or standing.is_pass or standing < bid
    return problem[0] == "bid-off-ladder" and bid.kind is BidKind.MARKS and bid.amount > 1 and beats


def _could_plunge(check: HandCheck, seat: Seat, special: Special = PLUNGE) -> bool:
    """Whether ``seat`` may have meant a Plunge (or a Splash) at a table that plays it: when
    the deal is known, the seat held the doubles one needs (docs/rules.md, Contracts)."""
    return check.rules.plays(special) and could_plunge(check.dealt.get(seat), special)


def could_plunge(held: Sequence[Tile] | None, special: Special = PLUNGE) -> bool:
    """Whether a seat dealt ``held`` (None: not known) may jump to a Plunge's bid (or a
    Splash's), at a table that plays it: it holds the doubles one needs (docs/rules.md,
    Contracts).

    >>> could_plunge(None), could_plunge([Tile(6, 6), Tile(5, 5), Tile(4, 4), Tile(6, 0)])
    (True, False)
    """
    return held is None or sum(t.is_double for t in held) >= DOUBLES_NEEDED[special]
