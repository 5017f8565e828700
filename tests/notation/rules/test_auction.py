"""The auction (docs/rules.md, Bidding (marks game)): order, ladder, forced bid and reshake."""

from __future__ import annotations

import random

import pytest

from notation.check.validate import check_game
from notation.formats.text import loads
from notation.model.bids import Bid
from notation.model.contracts import Special, Trump, parse_bid
from notation.model.findings import Finding
from notation.model.rule_sets import AllPass, RuleSet, rule_set
from notation.model.seats import SEATS, Seat
from notation.rules.auction import (
    announced_mismatch,
    announced_trump,
    bid_problem,
    bid_was_forced,
    bidding_order,
    least_bid,
    partner_may_name,
    plunge_bid,
    special_open_to,
    splash_jump,
)
from notation.rules.dealing import random_auction

RESHAKE = RuleSet().with_options({"all-pass": "reshake"})


def findings(record: str, rules: RuleSet | None = None) -> list[Finding]:
    return list(check_game(loads('[Event "t"]\n' + record)[0], rules).findings)


def codes(record: str, rules: RuleSet | None = None) -> list[str]:
    return [f.code for f in findings(record, rules)]


def test_bidding_order_left_of_dealer_first_dealer_last() -> None:
    """docs/rules.md, Bidding: the seat left of the dealer bids first, the dealer last."""
    assert bidding_order(Seat.N) == (Seat.E, Seat.S, Seat.W, Seat.N)
    assert bidding_order(Seat.W) == (Seat.N, Seat.E, Seat.S, Seat.W)
    for dealer in SEATS:
        assert bidding_order(dealer)[0] is dealer.next
        assert bidding_order(dealer)[-1] is dealer
    assert codes("hand 1 dealer N\nbid E pass S 30 W pass N pass\n") == []
    f, g = findings("hand 1 dealer N\nbid S 30 E pass W pass N pass\n")
    assert (f.code, f.seat, f.line, f.column) == ("bid-out-of-turn", Seat.S, 3, 5)
    assert f.evidence == {"expected": Seat.E}
    assert (g.code, g.seat, g.line, g.column) == ("bid-out-of-turn", Seat.E, 3, 10)
    assert g.evidence == {"expected": Seat.S}


def test_bidding_one_round_each_seat_bids_once() -> None:
    """docs/rules.md, Bidding: one round; each seat bids once or passes."""
    [f] = findings("hand 1 dealer N\nbid E pass S 30 W pass N pass E 31\n")
    assert f.code == "bid-out-of-turn"
    assert f.seat is Seat.E
    assert "every seat has already bid" in f.message
    assert (f.line, f.column) == (3, 31)


def test_each_bid_must_beat_the_last() -> None:
    """docs/rules.md, Bidding: each bid must beat the last."""
    assert bid_problem(Bid.points(31), Bid.points(31)) == (
        "bid-not-above",
        "31 does not beat the standing bid of 31",
    )
    assert bid_problem(Bid.points(35), Bid.marks(1)) is not None
    assert bid_problem(Bid.points(30), Bid.pass_()) is None
    assert bid_problem(Bid.pass_(), Bid.marks(3)) is None
    [f] = findings("hand 1 dealer N\nbid E 32 S 31 W pass N pass\n")
    assert (f.code, f.seat, f.line, f.column) == ("bid-not-above", Seat.S, 3, 10)


def test_minimum_bid_30() -> None:
    """docs/rules.md, Bidding: minimum 30."""
    assert bid_problem(Bid.points(29), None) == (
        "bid-below-minimum",
        "29 is below the minimum bid of 30",
    )
    assert bid_problem(Bid.points(30), None) is None
    [f] = findings("hand 1 dealer N\nbid E 25 S pass W pass N 30\n")
    assert (f.code, f.seat) == ("bid-below-minimum", Seat.E)


def test_bids_31_to_41_then_1_mark() -> None:
    """docs/rules.md, Bidding: minimum 30; then 31 … 41; then 1 mark (= 42)."""
    for n in range(31, 42):
        assert bid_problem(Bid.points(n), Bid.points(n - 1)) is None
    assert bid_problem(Bid.marks(1), Bid.points(41)) is None
    problem = bid_problem(Bid.points(43), None)
    assert problem is not None
    assert problem[0] == "bid-off-ladder"
    assert "after 41 comes 1 mark" in problem[1]
    assert bid_problem(Bid.marks(0), None) == (
        "bid-off-ladder",
        "0m is not a bid: marks start at 1m",
    )


def test_marks_up_to_two_free_then_one_mark_more() -> None:
    """docs/rules.md, Bidding: any seat may bid up to 2 marks while 2 marks has not been bid; after
    that a bid may only be one mark more than the standing bid (003, 004)."""
    assert bid_problem(Bid.marks(2), None) is None
    assert bid_problem(Bid.marks(2), Bid.points(30)) is None
    assert bid_problem(Bid.marks(2), Bid.marks(1)) is None
    assert bid_problem(Bid.marks(3), Bid.marks(2)) is None
    assert bid_problem(Bid.marks(4), Bid.marks(3)) is None
    assert bid_problem(Bid.marks(3), None) == (
        "bid-off-ladder",
        "3 marks may only be bid over 2 marks",
    )
    assert bid_problem(Bid.marks(3), Bid.marks(1)) is not None
    assert bid_problem(Bid.marks(4), Bid.marks(2)) is not None
    [f] = findings("hand 1 dealer N\nbid E 2m S 4m W pass N pass\n")
    assert (f.code, f.seat, f.evidence) == ("bid-off-ladder", Seat.S, {"bid": Bid.parse("4m")})
    assert codes("hand 1 dealer N\nbid E 1m S 2m W 3m N 4m\n") == []


def test_forced_bid_dealer_must_bid() -> None:
    """docs/rules.md, Bidding: all four pass: forced bid (the dealer must bid at least 30; 003, 004
    "many people")."""
    assert RuleSet().all_pass is AllPass.FORCED_BID
    [f] = findings("hand 1 dealer W\nbid N pass E pass S pass W pass\n")
    assert (f.code, f.seat, f.line, f.column, f.hand) == ("dealer-must-bid", Seat.W, 3, 26, 1)
    assert "the dealer (W) must bid at least 30" in f.message
    assert codes("hand 1 dealer W\nbid N pass E pass S pass W 30\n") == []


def test_reshake_hand_thrown_in() -> None:
    """docs/rules.md, Bidding: all four pass: reshake (the hand is thrown in and the deal passes
    left; 000, 002, 004)."""
    record = (
        "hand 1 dealer W\nbid N pass E pass S pass W pass\nmarks NS 0 EW 0\ntotal NS 0 EW 0\n"
        "hand 2 dealer N\nbid E pass S 30 W pass N pass\npoints NS 30 EW 12\nmarks NS 1 EW 0\n"
        "total NS 1 EW 0\n"
    )
    report = check_game(loads('[Event "t"]\n' + record)[0], RESHAKE)
    assert report.findings == ()
    assert report.hands[0].thrown_in
    assert report.hands[0].marks == dict.fromkeys(report.marks, 0)
    assert report.marks == {t: (1 if t.value == "NS" else 0) for t in report.marks}


def test_reshake_nothing_is_played_after_four_passes() -> None:
    """docs/rules.md, Bidding: under reshake the hand is thrown in, so nothing is played."""
    passes = "hand 1 dealer W\nbid N pass E pass S pass W pass\n"
    record = passes + "trump N fives\n1 N 5-5 6-6 1-1 2-2\n"
    [f] = [f for f in findings(record, RESHAKE) if f.code != "hand-unfinished"]
    assert (f.code, f.line, f.column, f.hand) == ("played-after-reshake", 4, 1, 1)
    [g] = [f for f in findings(passes + "1 N 5-5 6-6 1-1 2-2\n", RESHAKE)
           if f.code != "hand-unfinished"]
    assert (g.code, g.line, g.column) == ("played-after-reshake", 4, 1)


@pytest.mark.parametrize("all_pass", ["forced-bid", "reshake"])
def test_random_auctions_are_legal(all_pass: str) -> None:
    """docs/rules.md, Bidding: the random auctions dealing makes follow every rule of the round."""
    rules = RuleSet().with_options({"all-pass": all_pass})
    rng = random.Random(0)
    passed_out = 0
    for _ in range(500):
        dealer = rng.choice(SEATS)
        calls = random_auction(rng, dealer, rules)
        assert tuple(c.seat for c in calls) == bidding_order(dealer)
        standing = None
        for call in calls:
            assert bid_problem(call.bid, standing) is None
            if not call.bid.is_pass:
                standing = call.bid
        if standing is None:
            passed_out += 1
        if rules.all_pass is AllPass.FORCED_BID and all(c.bid.is_pass for c in calls[:3]):
            assert not calls[3].bid.is_pass
    assert (passed_out > 0) is (rules.all_pass is AllPass.RESHAKE)


def test_contract_named_by_the_winning_bidder() -> None:
    """docs/rules.md, Contracts: the contract is named by the winning bidder after the auction."""
    ok = "hand 1 dealer N\nbid E pass S 30 W 31 N pass\ntrump W fives\n"
    assert codes(ok) == []
    [f] = findings("hand 1 dealer N\nbid E pass S 30 W 31 N pass\ntrump S fives\n")
    assert (f.code, f.seat, f.line, f.column) == ("trump-by-wrong-seat", Seat.S, 4, 1)
    assert f.message == "S named trump, but W won the auction"
    # A trump line that names no seat is taken as the winning bidder's call.
    report = check_game(loads('[Event "t"]\nhand 1 dealer N\nbid E pass S 30 W 31 N pass\n'
                              "trump fives\n")[0])
    assert report.findings == ()
    contract = report.hands[0].contract
    assert contract is not None
    assert (contract.declarer, contract.bid) == (Seat.W, Bid.points(31))


# -- the variants of the sources and of the other programs (docs/rules.md, Options) --


@pytest.mark.parametrize(("options", "marks"), [
    ({}, 4), ({"plunge-lead": "partner"}, 3),
    ({"plunge-lead": "partner", "plunge-bid": "4m"}, 4), ({"plunge-bid": "3m"}, 3),
    ({"plunge-bid": "2m"}, 2),
])
def test_the_plunge_is_bid_at_its_plunge_bid(options: dict[str, str], marks: int) -> None:
    """docs/rules.md, Contracts, Plunge; plunge-bid option: the Plunge opens at or jumps to
    its bid, 4 marks with the declarer leading and 3 with the partner (004), or the marks
    the table names whoever leads."""
    rules = rule_set("texas").with_options(options)
    assert plunge_bid(rules) == marks
    assert least_bid(Special.PLUNGE, rules) == Bid.marks(marks)
    assert bid_problem(Bid.marks(marks), Bid.points(30), rules, plunge=True) is None
    if marks > 2:  # the same jump is off the ladder for any other contract
        assert bid_problem(Bid.marks(marks), Bid.points(30), rules) is not None
    announced = parse_bid(f"{marks}m-plunge")
    assert bid_problem(announced, Bid.points(30), rules) is None


@pytest.mark.parametrize(("option", "jump"), [("2m", 0), ("2m-or-3m", 3), ("3m", 3)])
def test_the_splash_jumps_to_3_marks_where_the_table_says(option: str, jump: int) -> None:
    """docs/rules.md, Contracts, Splash; splash-bid option: 3 marks over 30 is a Splash's
    jump under splash-bid=3m or 2m-or-3m, and off the ladder otherwise."""
    rules = rule_set("texas").with_options({"splash-bid": option})
    assert splash_jump(rules) == jump
    problem = bid_problem(parse_bid("3m-splash"), Bid.points(30), rules)
    assert (problem is None) is (jump == 3)
    assert bid_problem(parse_bid("3m-splash"), Bid.marks(2), rules) is None  # the ladder
    assert least_bid(Special.SPLASH, rules) == Bid.marks(3 if option == "3m" else 2)


def test_a_forced_bid_is_the_last_seats_after_three_passes() -> None:
    """docs/rules.md, Bidding; nello option (004): only the dealer forced to bid may play a
    Nello under nello=forced; under the reshake nobody is forced."""
    passes = [Bid.pass_()] * 3
    assert bid_was_forced([*passes, Bid.marks(1)], RuleSet())
    assert not bid_was_forced([*passes, Bid.marks(1)], RESHAKE)
    assert not bid_was_forced([Bid.points(30), *passes], RuleSet())
    forced_only = RuleSet().with_options({"nello": "forced", "sevens": "forced"})
    for special in (Special.NELLO, Special.SEVENS):
        assert special_open_to(special, forced_only, forced=True)
        assert not special_open_to(special, forced_only, forced=False)
        assert special_open_to(special, rule_set("texas"), forced=False)
    assert not special_open_to(Special.NELLO, RuleSet(), forced=True)  # nello=no


def test_what_the_plunge_partner_may_name() -> None:
    """docs/rules.md, Contracts, Plunge; partner-names option: a trump (002), any plain
    contract, or also Sevens or a Nello (004)."""
    def table(value: str) -> RuleSet:
        return rule_set("texas").with_options({"partner-names": value})

    follow_me, nello = Trump.follow_me(), Trump.parse("", special="nello")
    assert not partner_may_name(follow_me, table("trump"))
    assert partner_may_name(Trump.doubles_trump(), table("trump"))
    assert partner_may_name(follow_me, table("plain"))
    assert not partner_may_name(nello, table("plain"))
    assert partner_may_name(nello, table("any"))
    # After an announced Plunge the partner's plain trump is the Plunge's.
    assert str(announced_trump(parse_bid("4m-plunge"), Trump.pip(6))) == "plunge sixes"
    assert announced_mismatch(parse_bid("4m-plunge"), Trump.parse("5", special="splash"))
    assert not announced_mismatch(parse_bid("4m-plunge"), nello)
