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

Variations (docs/notation.md, Annotations and variations) are told only to a visitor that
sets ``sees_variations``: each with :meth:`GameVisitor.begin_variation`, its items through
the same methods as the main line's (the plays that finish the trick it branches in
through :meth:`GameVisitor.visit_play`), then :meth:`GameVisitor.end_variation`, right
after the item it follows (after the trick, for a play's), nested ones inside theirs. A
visitor that does not set it sees the main line only, as the canonical writer and every
exporter written before variations existed do.
"""

from __future__ import annotations

from typing import ClassVar, Generic, TypeVar

from notation.model.game import (
    SCORE_ORDER,
    Auction,
    Call,
    Ending,
    Game,
    Hand,
    Holding,
    Play,
    ScoreLine,
    Tag,
    Trick,
    TrumpCall,
    Variation,
    with_roster,
)
from notation.model.lines import Line, hand_lines, has_variations

ResultT = TypeVar("ResultT", covariant=True)  # a visitor of rows is a visitor of iterables

__all__ = ["GameVisitor", "walk", "walk_hand"]


class GameVisitor(Generic[ResultT]):
    """Told of every item of a game in canonical order; each method does nothing by default.

    ``begin_game`` comes first, then ``visit_tag`` for each tag (the roster first, in its
    canonical order, ``?`` where a roster tag is missing), then for each hand ``begin_hand``,
    its items, ``end_hand``; last ``end_game``. :func:`walk` returns :meth:`result`.
    """

    sees_variations: ClassVar[bool] = False
    """Set it to be told of variations too (see the module)."""

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

    def begin_variation(self, variation: Variation, line: Line) -> None:
        """A variation starts: ``line`` is the line it makes (its path, its parent line,
        and the hand as it plays it); its items follow, then :meth:`end_variation`."""

    def visit_play(self, play: Play) -> None:
        """In a variation after a play: one of the plays that finish the trick it branches
        in (whole tricks come through :meth:`visit_trick`)."""

    def end_variation(self, variation: Variation, line: Line) -> None:
        """The variation is over: what follows is its parent line's again."""

    def end_hand(self, hand: Hand) -> None:
        """The hand is over."""

    def end_game(self, game: Game) -> None:
        """The game is over."""

    def result(self) -> ResultT:
        """What the visitor made of the game; :func:`walk` returns it."""
        raise NotImplementedError(f"{type(self).__name__} does not say what it made")


def walk_hand(hand: Hand, visitor: GameVisitor[ResultT], index: int = 0) -> None:
    """Tell ``visitor`` of one hand's items, from ``begin_hand`` to ``end_hand``; ``index``
    is the hand's place in its game (from 0), which names its variations' lines."""
    visitor.begin_hand(hand)
    lines: dict[int, Line] = {}
    if visitor.sees_variations and has_variations(hand):
        lines = {id(line.variation): line for line in hand_lines(hand, index)[1:]}
    for holding in sorted(hand.deal, key=lambda h: h.seat.index):
        visitor.visit_holding(holding)
    if hand.auction is not None:
        visitor.begin_auction(hand.auction)
        for call in hand.auction.calls:
            visitor.visit_call(call)
            _variations(call.variations, visitor, lines)
        visitor.end_auction(hand.auction)
    if hand.trump is not None:
        visitor.visit_trump(hand.trump)
        _variations(hand.trump.variations, visitor, lines)
    _tricks_to_end(hand.tricks, hand.ending, hand.scores, visitor, lines)
    visitor.end_hand(hand)


def _tricks_to_end(
    tricks: tuple[Trick, ...],
    ending: Ending | None,
    scores: tuple[ScoreLine, ...],
    visitor: GameVisitor[ResultT],
    lines: dict[int, Line],
) -> None:
    """Tell ``visitor`` of the tricks (and their plays' variations), the ending and the score
    lines in canonical order: the end of a hand and of a variation alike."""
    for trick in tricks:
        visitor.visit_trick(trick)
        for play in trick.plays:
            _variations(play.variations, visitor, lines)
    if ending is not None:
        visitor.visit_ending(ending)
    for score in sorted(scores, key=lambda s: SCORE_ORDER.index(s.kind)):
        visitor.visit_score(score)


def _variations(
    variations: tuple[Variation, ...], visitor: GameVisitor[ResultT], lines: dict[int, Line]
) -> None:
    """Tell ``visitor`` of each variation and its items (``lines``: each variation's line,
    by the variation's id; empty when the visitor does not see variations)."""
    for variation in variations:
        line = lines.get(id(variation))
        if line is None:
            continue
        visitor.begin_variation(variation, line)
        for call in variation.calls:
            visitor.visit_call(call)
            _variations(call.variations, visitor, lines)
        if variation.trump is not None:
            visitor.visit_trump(variation.trump)
            _variations(variation.trump.variations, visitor, lines)
        for play in variation.plays:
            visitor.visit_play(play)
            _variations(play.variations, visitor, lines)
        _tricks_to_end(variation.tricks, variation.ending, variation.scores, visitor, lines)
        visitor.end_variation(variation, line)


def walk(game: Game, visitor: GameVisitor[ResultT]) -> ResultT:
    """Tell ``visitor`` of every item of ``game`` in canonical order; return its result."""
    visitor.begin_game(game)
    for tag in with_roster(game.tags):
        visitor.visit_tag(tag)
    for index, hand in enumerate(game.hands):
        walk_hand(hand, visitor, index)
    visitor.end_game(game)
    return visitor.result()
