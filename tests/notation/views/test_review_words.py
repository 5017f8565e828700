"""The fair review's words at their boundaries (issue 35, point 17): a chance that is certain
is said so, never "100% ± 0 … too close to call", and a cost the same in every world is no
"± 0"."""

from __future__ import annotations

from typing import Any, cast

import pytest

from notation.analysis.bid_review import BidReview
from notation.analysis.verdicts import Estimate, Unit, Verdict, VerdictKind, judge
from notation.model.bids import Bid
from notation.model.seats import Seat
from notation.views.review_view import bid_words


def _bid(chance: float, se: float, verdict: Verdict, best: str = "2m") -> BidReview:
    return BidReview(Seat.S, Bid.parse("30"), None, Estimate(chance, se), best, verdict,
                     cast(Any, None), option="30")


CLOSE = Verdict(VerdictKind.CLOSE, 0.0, 0.0, Unit.MARKS)
BEST = Verdict(VerdictKind.BEST, 0.0, 0.0, Unit.MARKS)


@pytest.mark.parametrize(("chance", "verdict", "best", "words"), [
    # Issue 35: "100% ± 0 to make; too close to call".
    (1.0, CLOSE, "2m", "sure to make in every world dealt; whether 2m scores more is too "
                       "close to call"),
    (0.0, CLOSE, "pass", "sure to fail in every world dealt; whether pass scores more is too "
                         "close to call"),
    (1.0, BEST, "30", "sure to make in every world dealt; best"),
    (0.5, BEST, "30", "50% ± 9 to make; best"),
])
def test_a_bid_is_worded_right_at_the_boundaries(
    chance: float, verdict: Verdict, best: str, words: str
) -> None:
    se = 0.0 if chance in (0.0, 1.0) else 0.09
    assert bid_words(_bid(chance, se, verdict, best)) == words
    assert "± 0 " not in words


def test_a_cost_the_same_in_every_world_is_no_plus_or_minus_zero() -> None:
    assert str(judge([3, 3, 3], [[3, 3, 3], [9, 9, 9]], Unit.POINTS)) == (
        "a mistake costing 6.0 points in every world")
    assert str(Verdict(VerdictKind.MISTAKE, 100.0, 0.0, Unit.CHANCE)) == (
        "a mistake costing 100% of the chance in every world")
    assert str(Verdict(VerdictKind.MISTAKE, 1.25, 0.5, Unit.POINTS)) == (
        "a mistake costing 1.2 ± 0.5 points")
