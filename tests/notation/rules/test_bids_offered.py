"""The bids a scorekeeper is offered, and the table's options asked as questions
(notation/rules/auction.py, notation/rules/scoring.py)."""

from __future__ import annotations

import pytest

from notation.model.bids import Bid
from notation.model.rule_sets import RULE_SETS, AllPass, rule_set
from notation.rules.auction import bid_problem, bids_to_offer, dealer_must_bid
from notation.rules.scoring import scores_marks

# Far more than any bid: every point bid up to 200, every marks bid up to 12.
EVERY_BID = (Bid.pass_(), *(Bid.points(n) for n in range(201)),
             *(Bid.marks(n) for n in range(13)))


@pytest.mark.parametrize("name", list(RULE_SETS))
@pytest.mark.parametrize("standing", [None, Bid.points(30), Bid.points(41), Bid.marks(1),
                                      Bid.marks(2), Bid.marks(3), Bid.marks(6)])
def test_the_bids_offered_leave_out_no_bid_the_rules_allow(name: str,
                                                           standing: Bid | None) -> None:
    rules = rule_set(name)
    allowed = [b for b in EVERY_BID if bid_problem(b, standing, rules) is None]
    offered = bids_to_offer(standing, rules)
    assert allowed
    assert [b for b in allowed if b not in offered] == []
    assert list(offered) == sorted(offered)  # pass first, then cheapest first


@pytest.mark.parametrize("name", list(RULE_SETS))
def test_the_answers_follow_the_options(name: str) -> None:
    rules = rule_set(name)
    assert dealer_must_bid(rules) is (rules.all_pass is AllPass.FORCED_BID)
    assert not dealer_must_bid(rules.with_options({"all-pass": "reshake"}))
    assert not scores_marks(rules.with_options({"scoring": "points"}))
    assert scores_marks(rules.with_options({"scoring": "marks"}))
