"""The record's model refuses, when built, what it cannot hold (a plain string for a seat or a
tile, a list for a tuple), with a :class:`notation.errors.ModelError` that says what to write."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from notation.errors import ModelError, T42Error
from notation.model.bids import Bid, BidKind
from notation.model.contracts import Contract, Trump
from notation.model.game import (
    Auction,
    Call,
    Comment,
    Ending,
    EndKind,
    Game,
    Hand,
    HandHeader,
    Holding,
    Play,
    ScoreKind,
    ScoreLine,
    Tag,
    Trick,
    TrumpCall,
)
from notation.model.seats import Seat
from notation.model.tiles import Tile

SIX = Tile(6, 6)


@pytest.mark.parametrize(
    ("build", "words"),
    [
        (lambda: HandHeader(1, "N"), "HandHeader.dealer is a Seat, not 'N' (write Seat('N'))"),  # type: ignore[arg-type]
        (lambda: HandHeader("1", Seat.N), "HandHeader.number is a whole number, not '1'"),  # type: ignore[arg-type]
        (lambda: HandHeader(True, Seat.N), "HandHeader.number is a whole number, not True"),
        (lambda: Play("6-6"), "Play.tile is a Tile, not '6-6' (write Tile.parse('6-6'))"),  # type: ignore[arg-type]
        (lambda: Trick(1, "S", (Play(SIX),)), "Trick.leader is a Seat"),  # type: ignore[arg-type]
        (lambda: Trick(1, Seat.S, [Play(SIX)]), "Trick.plays is a tuple of Play, not list"),  # type: ignore[arg-type]
        (lambda: Trick(1, Seat.S, (SIX,)), "Trick.plays[0] is a Play, not Tile(high=6"),  # type: ignore[arg-type]
        (lambda: Holding(Seat.N, ("6-6",)), "Holding.tiles[0] is a Tile, not '6-6'"),  # type: ignore[arg-type]
        (lambda: Call(Seat.N, "30"), "Call.bid is a Bid, not '30' (write Bid.parse('30'))"),  # type: ignore[arg-type]
        (lambda: Auction((Seat.N,)), "Auction.calls[0] is a Call"),  # type: ignore[arg-type]
        (lambda: TrumpCall("sixes"), "TrumpCall.trump is a Trump, not 'sixes'"),  # type: ignore[arg-type]
        (lambda: TrumpCall(Trump.pip(6), "N"), "TrumpCall.seat is a Seat or None, not 'N'"),  # type: ignore[arg-type]
        (lambda: Ending("made"), "Ending.kind is an EndKind, not 'made'"),  # type: ignore[arg-type]
        (lambda: ScoreLine(ScoreKind.POINTS, 30, "12"), "ScoreLine.ew is a whole number"),  # type: ignore[arg-type]
        (lambda: Tag("Event", 3), "Tag.value is a string, not 3"),  # type: ignore[arg-type]
        (lambda: Comment(None), "Comment.text is a string, not None"),  # type: ignore[arg-type]
        (lambda: Play(SIX, before=("x",)), "Play.before[0] is a Comment, not 'x'"),  # type: ignore[arg-type]
        (lambda: Hand(HandHeader(1, Seat.N), tricks=[]), "Hand.tricks is a tuple of Trick"),  # type: ignore[arg-type]
        (lambda: Hand(1), "Hand.header is a HandHeader, not 1"),  # type: ignore[arg-type]
        (lambda: Game((), [Hand(HandHeader(1, Seat.N))]), "Game.hands is a tuple of Hand"),  # type: ignore[arg-type]
        (lambda: Contract("N", Bid.points(30), Trump.pip(6)), "Contract.declarer is a Seat"),  # type: ignore[arg-type]
        (lambda: Bid("points", 30), "a bid's kind is a BidKind, not 'points'"),  # type: ignore[arg-type]
        (lambda: Bid(BidKind.POINTS, "30"), "a bid's amount is a whole number, not '30'"),  # type: ignore[arg-type]
        (lambda: Tile("6", "6"), "a tile's ends are whole numbers, not '6' and '6'"),  # type: ignore[arg-type]
    ],
)
def test_the_model_refuses_what_it_cannot_hold(build: Callable[[], object], words: str) -> None:
    with pytest.raises(T42Error) as refused:
        build()
    assert words in str(refused.value)
    assert isinstance(refused.value, (ModelError, ValueError))


def test_the_model_takes_what_it_holds() -> None:
    trick = Trick(1, Seat.S, (Play(SIX, (Comment("lead"),)),))
    hand = Hand(HandHeader(1, Seat.N), tricks=(trick,), ending=Ending(EndKind.SET))
    assert Game((Tag("Event", "x"),), (hand,)).hands[0].tricks[0].plays[0].tile == SIX
