"""Par tables (notation/analysis/par.py; docs/rules.md, Par): every cell against a direct solve, and
the best bids and par contract of deals whose answer a 42 player sees at a glance."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from notation.analysis.par import DealError, ParTable, hand_par, par_table
from notation.check.board import known_deal
from notation.check.validate import check_hand
from notation.formats.text.reader import read_games
from notation.model.bids import Bid
from notation.model.contracts import Special, Trump, TrumpKind
from notation.model.rule_sets import RuleSet, rule_set
from notation.model.seats import SEATS, Seat, Team
from notation.model.tiles import Tile
from notation.rules.auction import opening_bids
from notation.rules.dealing import deal
from notation.rules.scoring import highest_bid_made
from notation.solver.solver import Position, Solver, contract_tables

SAMPLES = Path(__file__).resolve().parents[3] / "samples"
Deal = dict[Seat, tuple[Tile, ...]]


def _deal(text: dict[Seat, str]) -> Deal:
    return {s: tuple(Tile.parse(w) for w in words.split()) for s, words in text.items()}


def _direct(hands: Deal, seat: Seat, trump: Trump) -> int:
    """The declaring side's points from a fresh solver: no table shared with anything."""
    ns = Solver(contract_tables(trump)).value(Position.deal(hands, seat))
    return ns if seat.team is Team.NS else 42 - ns


def _nello_made(hands: Deal, seat: Seat, trump: Trump) -> bool:
    """The declarer loses every trick, the partner sitting out: the defenders (E and W
    playing for NS points, as in the audit) take them all."""
    out = seat.partner
    seated = {s: t for s, t in hands.items() if s is not out}
    solver = Solver(contract_tables(trump, out.index), maximizers=(1, 3))
    return solver.takes_every_trick(Position.deal(seated, seat), seat.team.opponents)


# All seven doubles in North's hand: doubles trump takes every trick whoever leads.
SEVEN_DOUBLES = _deal({
    Seat.N: "6-6 5-5 4-4 3-3 2-2 1-1 0-0", Seat.E: "6-5 6-4 6-3 6-2 6-1 6-0 5-4",
    Seat.S: "5-3 5-2 5-1 5-0 4-3 4-2 4-1", Seat.W: "4-0 3-2 3-1 3-0 2-1 2-0 1-0",
})
# South holds six sixes with the 6-6: leading them, sixes trump draws every trump and wins
# all seven tricks (the seventh tile, 5-5, falls last when nobody holds a trump).
SIX_SIXES = _deal({
    Seat.S: "6-6 6-5 6-4 6-3 6-2 6-1 5-5", Seat.W: "6-0 5-4 5-3 5-2 5-1 5-0 4-4",
    Seat.N: "4-3 4-2 4-1 4-0 3-3 3-2 3-1", Seat.E: "3-0 2-2 2-1 2-0 1-1 1-0 0-0",
})


@settings(max_examples=20)
@given(st.integers(0, 2**32 - 1), st.data())
def test_every_cell_is_a_direct_solve(seed: int, data: st.DataObject) -> None:
    # A subset of the contracts for each deal keeps the run short; the four declarers of a
    # contract share one solver, which is what is under test.
    hands = deal(random.Random(seed))
    trumps = data.draw(st.lists(st.sampled_from(RuleSet().plain_trumps()), min_size=1,
                                max_size=2, unique=True))
    table = par_table(hands, trumps=trumps)
    assert set(table.points) == {(s, t) for s in SEATS for t in trumps}
    for (seat, trump), points in table.points.items():
        assert points == _direct(hands, seat, trump), (seat, str(trump))


@pytest.mark.parametrize("seed", [3])
def test_a_whole_table_is_direct_solves(seed: int) -> None:
    hands = deal(random.Random(seed))
    table = par_table(hands)
    assert len(table.points) == 4 * 9
    for (seat, trump), points in table.points.items():
        assert points == _direct(hands, seat, trump), (seat, str(trump))


@pytest.mark.parametrize("workers", [1, 2, 3])
def test_the_trumps_solved_on_threads_give_the_serial_table(workers: int) -> None:
    # Each trump has its own solver, so the threads share nothing but the deal: the table is
    # the same whatever their number, cell for cell and in the same order.
    hands = deal(random.Random(11))
    serial = par_table(hands, workers=1)
    threaded = par_table(hands, workers=workers)
    assert list(threaded.points.items()) == list(serial.points.items())
    assert threaded == serial
    for (seat, trump), points in list(threaded.points.items())[::5]:
        assert points == _direct(hands, seat, trump), (seat, str(trump))


def _sweeps(hands: Deal, leader: Seat, trump: Trump, team: Team) -> bool:
    solver = Solver(contract_tables(trump))
    return solver.takes_every_trick(Position.deal(hands, leader), team)


@settings(max_examples=5)
@given(st.integers(0, 2**32 - 1))
def test_special_verdicts_are_direct_checks(seed: int) -> None:
    # One plain contract solved: the Plunge and Splash verdicts must then ask the others
    # themselves (zero-window), and are checked here against fresh solvers.
    hands = deal(random.Random(seed))
    rules = rule_set("texas").with_options({"nello-doubles-choice": "table"})
    table = par_table(hands, rules, trumps=[Trump.doubles_trump()])
    sevens = Trump.called(TrumpKind.FOLLOW_ME, special=Special.SEVENS)
    own = Trump.called(TrumpKind.FOLLOW_ME, special=Special.NELLO)
    for seat in SEATS:
        assert table.specials[seat, Special.NELLO].made is _nello_made(hands, seat, own)
        assert table.specials[seat, Special.SEVENS].made is _sweeps(hands, seat, sevens,
                                                                     seat.team)
        doubles = sum(t.is_double for t in hands[seat])
        for special, need, leader in ((Special.PLUNGE, 4, seat),
                                      (Special.SPLASH, 3, seat.partner)):
            made = doubles >= need and any(
                _sweeps(hands, leader, t, seat.team) for t in rules.plain_trumps()
            )
            assert table.specials[seat, special].made is made


def test_all_seven_doubles_make_two_marks_in_doubles() -> None:
    table = par_table(SEVEN_DOUBLES, dealer=Seat.W)
    doubles = Trump.doubles_trump()
    assert table.points[Seat.N, doubles] == 42
    assert table.points[Seat.S, doubles] == 42  # partner leads: North still wins every trick
    assert table.best(Seat.N) == Bid.marks(2)
    par = table.par()
    assert par is not None
    assert (par.declarer, par.bid, par.trump) == (Seat.N, Bid.marks(2), doubles)


def test_par_goes_to_the_first_bidder_of_a_tie() -> None:
    # North and South both make 2 marks in doubles; with North dealing, East bids first,
    # then South, who has the par.
    par = par_table(SEVEN_DOUBLES, dealer=Seat.N).par()
    assert par is not None
    assert par.declarer is Seat.S


def test_par_ties_go_to_the_holder_of_the_one_blank_when_the_table_says() -> None:
    # West holds the 1-0 and so bids first; North and South still tie at 2 marks, and of
    # them North bids first after West.
    rules = RuleSet().with_options({"first-bidder": "holder-of-0-1"})
    table = par_table(SEVEN_DOUBLES, rules, dealer=Seat.N, trumps=[Trump.doubles_trump()])
    par = table.par()
    assert par is not None
    assert par.declarer is Seat.N


def test_six_trumps_with_the_double_sweep() -> None:
    table = par_table(SIX_SIXES, dealer=Seat.E)
    assert table.points[Seat.S, Trump.pip(6)] == 42
    best = table.best_contract(Seat.S)
    # Every contract that sweeps makes 2 marks; South names sixes, the suit she holds six
    # of, not the first sweep in the table's order (docs/rules.md, Par).
    sweeps = [t for t in table.trumps if table.points[Seat.S, t] == 42]
    assert best is not None
    assert sweeps[0] != Trump.pip(6)
    assert (best.bid, best.trump) == (Bid.marks(2), Trump.pip(6))
    par = table.par()
    assert par is not None
    assert par.declarer is Seat.S


def test_a_seat_that_reaches_no_bid_has_none() -> None:
    table = par_table(SEVEN_DOUBLES)
    for seat in (Seat.E, Seat.W):
        below = [table.points[seat, t] for t in table.trumps]
        assert (table.best(seat) is None) is (max(below) < 30)


def test_follow_me_waits_for_a_mark_under_follow_me_min() -> None:
    rules = RuleSet().with_options({"follow-me-min": "1m"})
    follow_me = Trump.follow_me()
    assert highest_bid_made(Seat.N, follow_me, 41, rules) is None
    assert highest_bid_made(Seat.N, follow_me, 41, RuleSet()) == Bid.points(41)
    assert highest_bid_made(Seat.N, follow_me, 42, rules) == Bid.marks(2)


def test_the_highest_bid_a_plunge_makes_is_its_jump() -> None:
    plunge = Trump(TrumpKind.PIP, 4, special=Special.PLUNGE)
    texas = rule_set("texas")
    assert highest_bid_made(Seat.N, plunge, 42, texas) == Bid.marks(4)
    partner_leads = texas.with_options({"plunge-lead": "partner"})
    assert opening_bids(plunge, partner_leads) == (Bid.marks(3),)
    assert highest_bid_made(Seat.N, plunge, 41, texas) is None


def test_specials_only_where_the_rules_play_them() -> None:
    assert par_table(SEVEN_DOUBLES).specials == {}
    texas = par_table(SEVEN_DOUBLES, rule_set("texas"), dealer=Seat.W)
    assert texas.special_columns == (Special.NELLO, Special.PLUNGE, Special.SPLASH,
                                     Special.SEVENS)
    plunge = texas.specials[Seat.N, Special.PLUNGE]
    assert plunge.made
    assert plunge.trump is not None
    assert texas.specials[Seat.S, Special.PLUNGE].made is False  # no doubles to plunge with
    par = texas.par()
    assert par is not None
    assert (par.bid, par.trump.special) == (Bid.marks(4), Special.PLUNGE)


def test_nello_with_every_reading_the_table_allows() -> None:
    # West's hand of low tiles loses every trick in some reading of the doubles.
    rules = rule_set("texas")
    table = par_table(SEVEN_DOUBLES, rules)
    nello = table.specials[Seat.W, Special.NELLO]
    assert nello.made is any(
        _nello_made(SEVEN_DOUBLES, Seat.W,
                    Trump.called(TrumpKind.FOLLOW_ME, None, rank, Special.NELLO))
        for rank in rules.nello_doubles_allowed()
    )
    if nello.made:
        assert nello.trump is not None
        assert nello.trump.doubles in rules.nello_doubles_allowed()


def test_a_par_table_needs_the_whole_deal() -> None:
    short = {**SEVEN_DOUBLES, Seat.W: SEVEN_DOUBLES[Seat.W][:6]}
    with pytest.raises(DealError, match="W holds another number"):
        par_table(short)
    twice = {**SEVEN_DOUBLES, Seat.W: SEVEN_DOUBLES[Seat.E]}
    with pytest.raises(DealError, match="dealt twice"):
        par_table(twice)


def test_the_opening_options_give_a_table_each_bounded_by_the_plain_one() -> None:
    """docs/rules.md, Contracts: the declarer leads, so a lead held to a trump can only cost the
    declaring side points and a lead that may be played as its small end can only bring it
    more: cell by cell, opening-lead=trump <= neither <= small-end-opening, and some cells
    differ (both options were refused)."""
    dealt = deal(random.Random(39))
    trumps = (Trump.pip(6), Trump.pip(2), Trump.follow_me())
    plain = par_table(dealt, RuleSet(), trumps=trumps, workers=1).points
    held = par_table(dealt, RuleSet().with_options({"opening-lead": "trump"}), trumps=trumps,
                     workers=1).points
    either = par_table(dealt, RuleSet().with_options({"small-end-opening": "yes"}),
                       trumps=trumps, workers=1).points
    assert all(held[k] <= plain[k] <= either[k] for k in plain)
    assert held != plain
    assert either != plain


def test_a_recorded_hand_uses_its_deal_and_its_dealer() -> None:
    read = next(read_games((SAMPLES / "full-game.t42").read_text(encoding="utf-8")))
    hand = read.game.hands[0]
    table = hand_par(hand, read.rules)
    assert isinstance(table, ParTable)
    assert table.dealer is hand.dealer
    assert {s: set(t) for s, t in table.deal.items()} == {
        h.seat: set(h.tiles) for h in hand.deal
    }


def test_the_deal_is_known_from_the_play_alone() -> None:
    read = next(read_games((SAMPLES / "full-game.t42").read_text(encoding="utf-8")))
    hand = read.game.hands[0]
    played = type(hand)(**{**{f: getattr(hand, f) for f in hand.__dataclass_fields__},
                           "deal": ()})
    report = check_hand(played, read.rules)
    known = known_deal(played, report)
    assert known is not None
    assert {s: set(t) for s, t in known.items()} == {h.seat: set(h.tiles) for h in hand.deal}


def test_a_tie_between_contracts_goes_to_the_one_with_the_most_trumps_in_hand() -> None:
    """A seat that takes every trick in fours and in sixes holding seven sixes bids sixes
    (docs/rules.md, Par), whatever the order of the table's columns."""
    from notation.analysis.par import ParTable
    from notation.model.rule_sets import RuleSet
    from notation.model.seats import SEATS, Seat
    from notation.model.tiles import ALL_TILES, Tile

    sixes = tuple(t for t in ALL_TILES if 6 in (t.high, t.low))
    rest = [t for t in ALL_TILES if t not in sixes]
    deal = {Seat.S: sixes, Seat.W: tuple(rest[:7]), Seat.N: tuple(rest[7:14]),
            Seat.E: tuple(rest[14:])}
    rules = RuleSet()
    plain = rules.plain_trumps()
    for trumps in (plain, tuple(reversed(plain))):
        points = {(seat, trump): 0 for seat in SEATS for trump in trumps}
        for trump in trumps:
            if trump.suit in (4, 6):  # two contracts take all 42
                points[Seat.S, trump] = 42
        table = ParTable(deal, rules, Seat.N, trumps, points, {})
        best = table.best_contract(Seat.S)
        assert best is not None
        assert best.trump.suit == 6, best
    assert Tile(6, 6) in deal[Seat.S]
