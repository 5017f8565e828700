"""The contract (docs/rules.md, Contracts): the auction's winner names trump (the partner in a
Plunge or Splash: :attr:`notation.model.contracts.Contract.trump_namer`), follow-me where the
table allows it, the trump from the first lead under 003, and each special contract's rules.
"""

from __future__ import annotations

import dataclasses

from notation.check.reports import HandCheck
from notation.model.bids import Bid, BidKind
from notation.model.contracts import DOUBLES_NEEDED, Contract, Special, Trump, TrumpKind
from notation.model.findings import plural
from notation.model.game import TrumpCall
from notation.rules.auction import (
    announced_mismatch,
    announced_trump,
    bid_was_forced,
    contract_least_bid,
    partner_may_name,
    special_open_to,
)
from notation.rules.tricks import first_lead_names_trump


def check_contract(check: HandCheck) -> None:
    """The contract (docs/rules.md, Contracts): the auction's winner names trump (the partner in
    a Plunge or Splash), follow-me where the table allows it, the trump from the first lead
    under 003, and each special contract's rules (:func:`_check_special`)."""
    auction, call = check.hand.auction, check.hand.trump
    winner = check.winning
    if (
        call is None
        and winner is not None
        and check.hand.tricks
        and first_lead_names_trump(check.rules)
    ):
        # 003: no trump named before the first play, so the first tile led names it.
        first = check.hand.tricks[0].plays[0].tile
        check.contract = Contract(winner.seat, winner.bid, Trump.pip(first.high))
        return
    if call is None or winner is None:
        if check.hand.tricks and not check.thrown_in:
            if auction is None:
                check.report(
                    "no-auction",
                    "tricks are recorded but no auction: write the bids on a `bid` line",
                    check.hand.tricks[0].span,
                )
            elif call is None:
                check.report(
                    "no-trump-call",
                    "tricks are recorded but no trump was named: write a `trump` line",
                    check.hand.tricks[0].span,
                )
        return
    contract = Contract(winner.seat, winner.bid, announced_trump(winner.bid, call.trump))
    special = contract.trump.special
    namer = contract.trump_namer
    if call.seat is not None and call.seat is not namer:
        why = (
            f"in a {special.title} the declarer's partner, {namer}, names trump"
            if special is not None and namer is not winner.seat
            else f"{winner.seat} won the auction"
        )
        check.report(
            "trump-by-wrong-seat",
            f"{call.seat} named trump, but {why}",
            call.span,
            seat=call.seat,
            evidence={"declarer": winner.seat, "expected": namer},
        )
    check.contract = contract
    _check_announced(check, contract, call)
    if special is not None:
        _check_special(check, contract, call)
        return
    least = contract_least_bid(call.trump, check.rules)  # above 30 only for follow-me
    if winner.bid.value < least.value:
        check.report(
            "follow-me-below-mark",
            f"follow-me is played here only on a bid of {_bid_words(least)} or more, "
            f"not {winner.bid}",
            call.span,
            seat=winner.seat,
            evidence={"bid": winner.bid},
        )


def _bid_words(bid: Bid) -> str:
    """A bid in words: ``30``, ``1 mark``, ``2 marks``."""
    return plural(bid.amount, "mark") if bid.kind is BidKind.MARKS else str(bid.amount)


def _check_announced(check: HandCheck, contract: Contract, call: TrumpCall) -> None:
    """A bid that announced its contract (docs/rules.md, The other 42 programs): the trump
    line names that contract; after a Plunge or Splash the partner may name a Nello or Sevens
    instead where the table allows it (partner-names=any), and the Plunge or Splash still asks
    its bid and its doubles."""
    announced = contract.bid.special
    if announced is None:
        return
    if announced_mismatch(contract.bid, contract.trump):
        check.report(
            "contract-not-bid",
            f"{contract.declarer} bid {contract.bid}, a {announced.title}, but the contract "
            f"named is {contract.trump}",
            call.span,
            seat=contract.declarer,
            evidence={"bid": str(contract.bid), "contract": str(contract.trump)},
        )
        return
    named = contract.trump.special
    if announced.partner_names_trump and named is not None and named is not announced:
        # The partner named a Nello or Sevens instead: the Plunge's own bid and doubles.
        _check_special(check, Contract(
            contract.declarer, contract.bid, Trump(TrumpKind.FOLLOW_ME, special=announced)
        ), call, partner_named=contract.trump)


def _check_who_may_play(check: HandCheck, contract: Contract, call: TrumpCall,
                        partner_named: Trump | None = None) -> None:
    """A special contract the table plays only by a dealer forced to bid (nello=forced,
    sevens=forced; 004), and what the partner of a Plunge or Splash may name (partner-names
    option): docs/rules.md, Contracts."""
    special = contract.trump.special
    assert special is not None
    calls = check.hand.auction.calls if check.hand.auction is not None else ()
    forced = bid_was_forced((c.bid for c in calls), check.rules)
    if not special_open_to(special, check.rules, forced):
        check.report(
            "contract-not-allowed",
            f"{special.title} is played here only by the dealer forced to bid after three "
            f"passes (option {special.value}=forced); {contract.declarer} bid {contract.bid} "
            "in an open auction",
            call.span,
            seat=contract.declarer,
            evidence={"contract": special.value},
        )
    named = contract.trump if partner_named is None else partner_named
    if special.partner_names_trump and not partner_may_name(named, check.rules):
        shown = named if named.special is not special else dataclasses.replace(named, special=None)
        check.report(
            "contract-not-allowed",
            f"the partner of a {special.title} may not name {shown} at this table "
            "(option partner-names)",
            call.span,
            seat=contract.trump_namer,
            evidence={"contract": special.value, "trump": str(named)},
        )


def _check_special(check: HandCheck, contract: Contract, call: TrumpCall,
                   partner_named: Trump | None = None) -> None:
    """A special contract: that the table plays it, the bid is big enough, and the
    declarer held the doubles it needs (docs/rules.md, Contracts)."""
    special = contract.trump.special
    assert special is not None
    rules, declarer = check.rules, contract.declarer
    if not rules.plays(special):
        if contract.bid.special is special:
            return  # said at the bid that announced it (bid_problem)
        check.report(
            "contract-not-allowed",
            f"{special.title} is not played under these rules "
            f"(option {special.value}=no)",
            call.span,
            seat=declarer,
            evidence={"contract": special},
        )
        return
    _check_who_may_play(check, contract, call, partner_named)
    doubles = rules.nello_doubles_allowed() if special.is_nello else ()
    if special.is_nello and contract.trump.doubles not in doubles:
        words = " or ".join(rank.word for rank in doubles)
        check.report(
            "contract-not-allowed",
            f"this table plays {special.title} with {words} only, not "
            f"{contract.trump.doubles.word}",
            call.span,
            seat=declarer,
            evidence={"contract": special, "doubles": contract.trump.doubles},
        )
    if special is Special.LOW_NO:
        calls = check.hand.auction.calls if check.hand.auction is not None else ()
        passes = sum(1 for c in calls if c.bid.is_pass)
        if declarer is not check.hand.dealer or passes < 3:
            check.report(
                "contract-not-allowed",
                "Low-No may be bid only by the dealer, after the other three have passed",
                call.span,
                seat=declarer,
                evidence={"contract": special},
            )
        return
    need = contract_least_bid(contract.trump, rules)
    if contract.bid.value < need.value:
        check.report(
            "contract-bid-too-low",
            f"a {special.title} needs a bid of at least {_bid_words(need)}, not {contract.bid}",
            call.span,
            seat=declarer,
            evidence={"contract": special, "bid": contract.bid},
        )
    doubles_needed = DOUBLES_NEEDED.get(special)
    if doubles_needed is not None and declarer in check.dealt:
        held = [t for t in check.dealt[declarer] if t.is_double]
        if len(held) < doubles_needed:
            check.report(
                "too-few-doubles",
                f"a {special.title} needs {doubles_needed} doubles in the declarer's hand; "
                f"{declarer} held {len(held)}"
                + (f" ({', '.join(str(t) for t in held)})" if held else ""),
                call.span,
                seat=declarer,
                evidence={"contract": special, "doubles": list(held)},
            )
