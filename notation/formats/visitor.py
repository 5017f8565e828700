"""Walking a game record item by item: the visitor interface for exporters of your own.

A :class:`GameVisitor` is told of each item of a :class:`~notation.model.game.Game` by :func:`walk`,
in the order the canonical form writes them (tags, then each hand's header, deal, calls,
trump, tricks, ending and score lines), and gives back what it made with
:meth:`GameVisitor.result`. The canonical writer
(:class:`notation.formats.text.writer.TextExporter`) is
one; write your own exporter by overriding only the methods you need.

>>> from notation.formats.text import loads
>>> class PlayCounter(GameVisitor[int]):
...     def __init__(self) -> None:
...         self.plays = 0
...     def visit_trick(self, trick: Trick) -> None:
...         self.plays += len(trick.plays)
...     def result(self) -> int:
...         return self.plays
>>> game = loads((SAMPLES / "full-game.t42").read_text(encoding="utf-8"))[0]
>>> walk(game, PlayCounter())
252
"""

from __future__ import annotations

from typing import Generic, TypeVar

from notation.model.game import (
    SCORE_ORDER,
    Auction,
    Call,
    Ending,
    Game,
    Hand,
    Holding,
    ScoreLine,
    Tag,
    Trick,
    TrumpCall,
    with_roster,
)

ResultT = TypeVar("ResultT", covariant=True)  # a visitor of rows is a visitor of iterables

__all__ = ["GameVisitor", "walk", "walk_hand"]


class GameVisitor(Generic[ResultT]):
    """Told of every item of a game in canonical order; each method does nothing by default.

    ``begin_game`` comes first, then ``visit_tag`` for each tag (the roster first, in its
    canonical order, ``?`` where a roster tag is missing), then for each hand ``begin_hand``,
    its items, ``end_hand``; last ``end_game``. :func:`walk` returns :meth:`result`.
    """

    def begin_game(self, game: Game) -> None:
        """A game starts."""

    def visit_tag(self, tag: Tag) -> None:
        """One tag, such as ``[North "Ann"]``."""

    def begin_hand(self, hand: Hand) -> None:
        """A hand starts: its ``hand N dealer S`` line is ``hand.header``."""

    def visit_holding(self, holding: Holding) -> None:
        """One seat's tiles from the ``deal`` line, in seat order N, E, S, W."""

    def begin_auction(self, auction: Auction) -> None:
        """The ``bid`` line starts."""

    def visit_call(self, call: Call) -> None:
        """One seat's bid or pass, in the order written."""

    def end_auction(self, auction: Auction) -> None:
        """The ``bid`` line ends."""

    def visit_trump(self, trump: TrumpCall) -> None:
        """The ``trump`` line: the trump or the special contract named."""

    def visit_trick(self, trick: Trick) -> None:
        """One trick: its number, its leader and the plays clockwise from the leader."""

    def visit_ending(self, ending: Ending) -> None:
        """An ``end made``, ``end set`` or ``end laydown S`` line."""

    def visit_score(self, score: ScoreLine) -> None:
        """A ``points``, ``marks`` or ``total`` line, in that order."""

    def end_hand(self, hand: Hand) -> None:
        """The hand is over."""

    def end_game(self, game: Game) -> None:
        """The game is over."""

    def result(self) -> ResultT:
        """What the visitor made of the game; :func:`walk` returns it."""
        raise NotImplementedError(f"{type(self).__name__} does not say what it made")


def walk_hand(hand: Hand, visitor: GameVisitor[ResultT]) -> None:
    """Tell ``visitor`` of one hand's items, from ``begin_hand`` to ``end_hand``."""
    visitor.begin_hand(hand)
    for holding in sorted(hand.deal, key=lambda h: h.seat.index):
        visitor.visit_holding(holding)
    if hand.auction is not None:
        visitor.begin_auction(hand.auction)
        for call in hand.auction.calls:
            visitor.visit_call(call)
        visitor.end_auction(hand.auction)
    if hand.trump is not None:
        visitor.visit_trump(hand.trump)
    for trick in hand.tricks:
        visitor.visit_trick(trick)
    if hand.ending is not None:
        visitor.visit_ending(hand.ending)
    for score in sorted(hand.scores, key=lambda s: SCORE_ORDER.index(s.kind)):
        visitor.visit_score(score)
    visitor.end_hand(hand)


def walk(game: Game, visitor: GameVisitor[ResultT]) -> ResultT:
    """Tell ``visitor`` of every item of ``game`` in canonical order; return its result."""
    visitor.begin_game(game)
    for tag in with_roster(game.tags):
        visitor.visit_tag(tag)
    for hand in game.hands:
        walk_hand(hand, visitor)
    visitor.end_game(game)
    return visitor.result()
