"""A record kept entry by entry answers from the position of play (Recording.position,
Recording.legal_plays): at every entry of random legal games the recorder's whose-turn, leader
and trick number are the position's, and the tile entered is one the position allows."""

from __future__ import annotations

import random

import pytest

from notation.model.bids import Bid
from notation.model.rule_sets import rule_set
from notation.model.seats import Seat
from notation.model.tiles import Tile
from notation.recording import Awaiting, Recording
from notation.rules.dealing import random_game


def _agree(r: Recording) -> None:
    position = r.position
    if r.awaiting is Awaiting.BID:
        assert position.turn is r.bidder
        assert position.legal_bids() == r.legal_bids
    if r.awaiting is Awaiting.PLAY:
        assert position.turn is r.turn
        assert position.leader is r.leader
        assert position.trick_number == r.trick_number
        assert set(position.played()) == set(r.played)


@pytest.mark.parametrize(("seed", "rules"), [(s, n) for s in range(4)
                                             for n in ("straight", "texas", "points")])
def test_the_recorder_and_the_position_agree_at_every_entry(seed: int, rules: str) -> None:
    game = random_game(random.Random(seed), rule_set(rules))
    tags = {t.name: t.value for t in game.tags}
    r = Recording.start(tags, dealer=game.hands[0].dealer)
    for hand in game.hands:
        for holding in hand.deal:
            r = r.deal(holding.seat, holding.tiles)
        for call in hand.auction.calls if hand.auction else ():
            _agree(r)
            r = r.call(call.bid)
        if hand.trump is not None:
            _agree(r)
            assert hand.trump.trump in r.position.legal_trumps()
            r = r.name_trump(hand.trump.trump)
        for trick in hand.tricks:
            for tile in trick.tiles:
                _agree(r)
                assert tile in r.legal_plays
                r = r.play(tile)
        while r.awaiting is Awaiting.SCORE:
            assert r.legal_plays == ()
            r = r.accept()


def test_the_legal_plays_follow_suit_from_the_deal() -> None:
    r = Recording.start({"Rules": "straight"}, dealer=Seat.W)
    east = ("6-3", "5-5", "4-4", "3-3", "2-2", "2-0", "0-0")
    r = r.deal(Seat.E, tuple(Tile.parse(w) for w in east))
    for bid in ("30", "pass", "pass", "pass"):
        r = r.call(Bid.parse(bid))
    r = r.name_trump(r.rules.trump_named("sixes"))
    assert r.turn is Seat.N
    r = r.play(Tile.parse("6-6"))
    assert r.turn is Seat.E
    assert [str(t) for t in r.legal_plays] == ["6-3"]
    assert r.position.holding(Seat.E) is not None


def test_a_plunge_jump_is_offered_and_not_flagged() -> None:
    """docs/rules.md, Contracts: a declarer holding four doubles may jump to a Plunge's 4
    marks. The recorder offers the jump and does not flag it; naming the Plunge leaves the
    hand clean."""
    r = Recording.start({"Rules": "texas"}, dealer=Seat.W)
    north = ("6-6", "5-5", "4-4", "3-3", "6-5", "6-4", "5-4")
    r = r.deal(Seat.N, tuple(Tile.parse(w) for w in north))
    jump = Bid.marks(4)
    assert jump in r.legal_bids
    assert r.bid_problem(jump) is None
    r = r.call(jump)
    for _ in range(3):
        r = r.call(Bid.pass_())
    r = r.name_trump(r.rules.trump_named("sixes", special="plunge"))
    assert [f.code for f in r.findings if f.is_error] == []


def test_a_recordings_position_is_its_own_to_push_on() -> None:
    """A recording is a value: pushing on the position it gives changes nothing of it."""
    r = Recording.start({"Rules": "straight"}, dealer=Seat.W)
    r.position.push(Bid.points(30))
    assert r.bidder is Seat.N
    assert r.bid_problem(Bid.points(30)) is None
    assert r.bidder is Seat.N
    r = r.call(Bid.points(30))
    assert r.hand is not None
    assert r.hand.auction is not None
    assert len(r.hand.auction.calls) == 1
