"""notation.analysis.bid_review: the advisor and the verdict on a call, in marks."""

from __future__ import annotations

import random

from notation.analysis.bid_review import advise, review_bid, review_call
from notation.analysis.verdicts import Estimate, VerdictKind
from notation.model.bids import Bid
from notation.model.contracts import Contract, Trump
from notation.model.rule_sets import RuleSet
from notation.model.seats import Seat
from notation.model.tiles import Tile
from notation.rules.dealing import deal


def test_the_quick_advice_gives_the_same_chances_as_the_exact() -> None:
    """Settling a world no bid makes by one zero-window search changes no chance."""
    for seed in (1, 2):
        hands = deal(random.Random(seed))
        exact = advise(hands[Seat.E], Seat.E, samples=3, seed=seed)
        quick = advise(hands[Seat.E], Seat.E, samples=3, seed=seed, exact=False)
        assert [a.making for a in exact.trumps.values()] == [
            a.making for a in quick.trumps.values()]
        assert all(a.points is not None for a in exact.trumps.values())
        assert all(a.points is None for a in quick.trumps.values())


def test_the_bid_review_weighs_the_bid_made_against_every_other() -> None:
    hands = deal(random.Random(4))
    contract = Contract(Seat.S, Bid.points(30), Trump.pip(6))
    review = review_bid(hands[Seat.S], contract, [(Seat.E, Bid.pass_()), (Seat.S, Bid.points(30))],
                        samples=4, seed=2)
    assert review is not None
    assert review.chance == review.advice.chance(Bid.points(30), Trump.pip(6))
    # Over the same worlds no option scores more marks than the best named.
    assert review.verdict.kind in set(VerdictKind)
    special = Contract(Seat.S, Bid.marks(1), Trump.parse("", special="nello"))
    assert review_bid(hands[Seat.S], special, [], samples=2) is None


def test_a_pass_holding_every_six_is_a_mistake_of_exactly_two_marks() -> None:
    """Seven trumps take every trick in every world: 2 marks made for sure, against the
    nothing a pass scores."""
    sixes = [Tile(6, n) for n in range(7)]
    passed = review_call(sixes, Seat.N, [], Bid.pass_(), samples=4, seed=1)
    assert passed is not None
    assert passed.verdict.kind is VerdictKind.MISTAKE
    assert passed.verdict.cost == 2.0
    assert passed.verdict.se == 0.0
    assert str(passed.verdict) == "a mistake costing 2.0 marks in every world"
    assert passed.best.startswith("2m")
    bid = review_call(sixes, Seat.N, [], Bid.marks(2), samples=4, seed=1, trump=Trump.pip(6))
    assert bid is not None
    assert bid.verdict.kind is VerdictKind.BEST
    assert bid.chance == Estimate(1.0, 0.0)


def test_the_advice_for_a_trump_is_looked_up_by_the_trump() -> None:
    tiles = [Tile.parse(w) for w in ("6-6", "6-5", "6-4", "6-3", "6-2", "5-5", "4-4")]
    advice = advise(tiles, samples=2, seed=1)
    sixes = advice.trumps[Trump.pip(6)]
    assert sixes.trump == Trump.pip(6)
    assert list(advice.trumps) == list(RuleSet().plain_trumps())
    assert all(advice.trumps[t].trump == t for t in advice.trumps)
    assert 6 not in advice.trumps  # type: ignore[comparison-overlap]  # not by position
