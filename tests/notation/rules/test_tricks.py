"""Playing a hand's tricks: the first leader, the seat sitting out, each trick's seats,
winner and points, and what each team took (docs/rules.md, Suits and rank; Contracts)."""

from __future__ import annotations

import pytest

from notation.model.bids import Bid
from notation.model.contracts import Contract, Trump, parse_bid
from notation.model.rule_sets import RuleSet, rule_set
from notation.model.seats import Seat, Team
from notation.model.tiles import Tile
from notation.rules.tricks import first_leader, play_tricks, take_trick, tally

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
    """docs/rules.md, Contracts: the declarer leads, but the partner leads a Splash, and a Plunge
    under plunge-lead=partner."""
    assert first_leader(contract(trump, special), rules) is leader


def test_the_nello_partner_sits_out() -> None:
    """docs/rules.md, Contracts: in Nello and Low-No the declarer's partner sits out; in every
    other contract all four play."""
    assert contract("", "nello").sitting_out is Seat.W
    assert contract("", "low-no", Seat.S).sitting_out is Seat.N
    for trump, special in (("fives", None), ("", "sevens"), ("fives", "plunge"),
                           ("fives", "splash"), ("follow-me", None)):
        assert contract(trump, special).sitting_out is None


def tiles(words: str) -> list[Tile]:
    return [Tile.parse(w) for w in words.split()]


def test_take_trick_seats_winner_and_points() -> None:
    """docs/rules.md, Suits and rank: the highest trump wins, else the highest of the led suit; a
    trick is worth 1 and its count. In Nello the partner sits out: three seats play."""
    fives = Contract(Seat.N, Bid.points(30), Trump.pip(5))
    trick = take_trick(3, Seat.W, tiles("6-4 6-6 5-0 6-1"), fives)
    assert (trick.number, trick.seats, trick.winner, trick.points) == (
        3, (Seat.W, Seat.N, Seat.E, Seat.S), Seat.E, 16
    )
    nello = contract("", "nello", Seat.N)
    trick = take_trick(1, Seat.N, tiles("4-1 4-3 1-0 6-6"), nello)  # S sits out: 6-6 is extra
    assert (trick.seats, trick.tiles, trick.winner) == ((Seat.N, Seat.E, Seat.W),
                                                         tuple(tiles("4-1 4-3 1-0")), Seat.E)
    # A small-end opening names the suit led: 6-1 led as ones, so 1-1 takes it.
    trick = take_trick(1, Seat.N, tiles("6-1 6-6 1-1 4-4"), fives, suit=1)
    assert trick.winner is Seat.S


def test_play_tricks_each_winner_leads_the_next_and_tally_counts_them() -> None:
    """docs/rules.md, Suits and rank: the winner of a trick leads the next; the partner leads a
    Splash."""
    splash = Contract(Seat.N, Bid.marks(2), Trump.parse("6", special="splash"))
    written = {1: "6-6 5-5 6-1 4-4", 2: "6-5 3-3 6-0 2-2", 3: "5-4 5-3 5-0 6-3"}
    seen: list[tuple[Seat, ...]] = []

    def choose(number: int, seats: tuple[Seat, ...]) -> list[Tile]:
        seen.append(seats)
        return tiles(written[number])

    played = play_tricks(splash, TEXAS, choose, 3)
    assert [s[0] for s in seen] == [Seat.S, Seat.S, Seat.S]
    assert [t.winner for t in played] == [Seat.S, Seat.S, Seat.E]
    assert [t.points for t in played] == [11, 1, 6]
    points, taken = tally(played)
    assert points == {Team.NS: 12, Team.EW: 6}
    assert taken == {Team.NS: 2, Team.EW: 1}


def test_the_partner_leads_a_four_mark_plunge_where_the_table_says() -> None:
    """docs/rules.md, Contracts, Plunge; plunge-bid option: the programs' Plunge, bid at 4
    marks, is led by the partner who named trump (plunge-lead=partner, plunge-bid=4m)."""
    plunge = Contract(Seat.N, Bid.marks(4), Trump.parse("6", special="plunge"))
    rules = rule_set("texas").with_options({"plunge-lead": "partner", "plunge-bid": "4m"})
    assert first_leader(plunge, rules) is Seat.S
    assert first_leader(plunge, rule_set("texas")) is Seat.N


def test_the_bidder_leads_a_nello_the_plunge_partner_names() -> None:
    """docs/rules.md, Contracts, Plunge; partner-names option (004): "if Nello is chosen, the
    bidder leads and the bidder's partner puts their dominoes face down"."""
    nello = Contract(Seat.N, parse_bid("4m-plunge"), Trump.parse("", special="nello"))
    rules = rule_set("texas").with_options({"partner-names": "any", "plunge-lead": "partner"})
    assert first_leader(nello, rules) is Seat.N
    assert nello.sitting_out is Seat.S
    assert nello.trump_namer is Seat.S
