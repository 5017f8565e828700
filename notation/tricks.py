"""Playing a hand's tricks: who leads the first, which seats play, who wins each trick and
what it is worth, and what each team has taken (RULES.md, Suits and rank; Contracts).

The seat that sits out is :attr:`notation.contracts.Contract.sitting_out`; the seats of a
trick are :func:`notation.seats.play_order`.

>>> from notation.bids import Bid
>>> from notation.contracts import Contract, Trump
>>> from notation.rules import rule_set
>>> splash = Contract(Seat.N, Bid.marks(2), Trump.parse("5", special="splash"))
>>> first_leader(splash, rule_set("texas"))
<Seat.S: 'S'>
"""

from __future__ import annotations

from notation.contracts import Contract, Special
from notation.rules import PlungeLead, RuleSet
from notation.seats import Seat

SPLASH, PLUNGE = Special.SPLASH, Special.PLUNGE


def first_leader(contract: Contract, rules: RuleSet) -> Seat:
    """Who leads to the first trick: the declarer, or the partner in a Splash and in a
    Plunge under plunge-lead=partner (RULES.md, Contracts)."""
    special = contract.trump.special
    if special is SPLASH or (special is PLUNGE and rules.plunge_lead is PlungeLead.PARTNER):
        return contract.declarer.partner
    return contract.declarer
