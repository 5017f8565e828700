"""Playing a hand's tricks: the first leader, the seat sitting out (RULES.md, Contracts)."""

from __future__ import annotations

import pytest

from notation.bids import Bid
from notation.contracts import Contract, Trump
from notation.rules import RuleSet, rule_set
from notation.seats import Seat
from notation.tricks import first_leader

TEXAS = rule_set("texas")
PARTNER_LEADS_PLUNGE = TEXAS.with_options({"plunge-lead": "partner"})


def contract(trump: str, special: str | None = None, declarer: Seat = Seat.E) -> Contract:
    return Contract(declarer, Bid.marks(4), Trump.parse(trump, special=special))


@pytest.mark.parametrize(
    ("trump", "special", "rules", "leader"),
    [
        ("fives", None, TEXAS, Seat.E),
        ("follow-me", None, TEXAS, Seat.E),
        ("", "nello", TEXAS, Seat.E),
        ("", "sevens", TEXAS, Seat.E),
        ("fives", "plunge", TEXAS, Seat.E),
        ("fives", "plunge", PARTNER_LEADS_PLUNGE, Seat.W),
        ("fives", "splash", TEXAS, Seat.W),
        ("fives", "splash", PARTNER_LEADS_PLUNGE, Seat.W),
    ],
)
def test_first_leader(trump: str, special: str | None, rules: RuleSet, leader: Seat) -> None:
    """RULES.md, Contracts: the declarer leads, but the partner leads a Splash, and a Plunge
    under plunge-lead=partner."""
    assert first_leader(contract(trump, special), rules) is leader


def test_the_nello_partner_sits_out() -> None:
    """RULES.md, Contracts: in Nello and Low-No the declarer's partner sits out; in every
    other contract all four play."""
    assert contract("", "nello").sitting_out is Seat.W
    assert contract("", "low-no", Seat.S).sitting_out is Seat.N
    for trump, special in (("fives", None), ("", "sevens"), ("fives", "plunge"),
                           ("fives", "splash"), ("follow-me", None)):
        assert contract(trump, special).sitting_out is None
