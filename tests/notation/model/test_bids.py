"""Bids as written: passes, points and marks (docs/rules.md, Bidding (marks game))."""

from __future__ import annotations

import itertools

import pytest

from notation.formats.text import loads
from notation.model.bids import Bid, BidError, BidKind


@pytest.mark.parametrize(
    ("text", "bid"),
    [
        ("pass", Bid.pass_()),
        ("PASS", Bid.pass_()),
        ("30", Bid.points(30)),
        ("41", Bid.points(41)),
        ("1m", Bid.marks(1)),
        ("2M", Bid.marks(2)),
        # docs/rules.md, Bidding: 42 is 1 mark, 84 is 2 marks, 168 is 4 marks.
        ("42", Bid.marks(1)),
        ("84", Bid.marks(2)),
        ("168", Bid.marks(4)),
    ],
)
def test_bid_parse(text: str, bid: Bid) -> None:
    """docs/rules.md, Bidding: each seat bids once or passes; bids are points or marks."""
    assert Bid.parse(text) == bid


@pytest.mark.parametrize("text", ["", "m", "thirty", "-30", "1.5m", "30 31"])
def test_bid_parse_refuses_other_words(text: str) -> None:
    """docs/rules.md, Bidding: a call is a pass, 30 … 41, or marks."""
    with pytest.raises(BidError, match="is not a bid"):
        Bid.parse(text)


def test_bid_minimum_30_then_31_to_41_then_1_mark() -> None:
    """docs/rules.md, Bidding: minimum 30; then 31 … 41; then 1 mark (= 42)."""
    ladder = [Bid.points(n) for n in range(30, 42)] + [Bid.marks(1), Bid.marks(2)]
    assert all(a < b for a, b in itertools.pairwise(ladder))
    assert Bid.marks(1).value == 42
    assert Bid.marks(2).value == 84
    assert Bid.pass_().value == 0
    assert Bid.pass_() < Bid.points(30)


def test_bid_written_back() -> None:
    """docs/rules.md, Bidding: calls are written pass, 30 … 41, 1m, 2m …"""
    assert [str(b) for b in (Bid.pass_(), Bid.points(35), Bid.marks(3))] == ["pass", "35", "3m"]
    assert Bid.marks(2).kind is BidKind.MARKS
    assert Bid.marks(2).is_pass is False


def test_bid_42_is_read_as_1_mark() -> None:
    """docs/rules.md, Bidding: after 41 comes 1 mark (= 42); 84 is 2 marks."""
    games = loads('[Event "x"]\nhand 1 dealer N\nbid E 42 S 84 W pass N pass\n')
    auction = games[0].hands[0].auction
    assert auction is not None
    assert [c.bid for c in auction.calls[:2]] == [Bid.marks(1), Bid.marks(2)]


def test_42_is_the_same_bid_as_1m_on_every_path() -> None:
    """One home: the API, the reader and the recorder read 42 as 1 mark (docs/rules.md,
    Bidding)."""
    from notation.formats.text.reader import read_bid

    assert Bid.parse("42") == Bid.parse("1m") == read_bid("42") == Bid.points(42)
    assert str(Bid.parse("84")) == "2m"
    assert Bid.points(41).kind is BidKind.POINTS
