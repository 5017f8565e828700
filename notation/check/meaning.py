"""What a record means, read from the record: the positions along a hand or a game, each
trick's winner and points, each hand's contract, result and marks (docs/api.md, "A position
you can play"), and a visitor told of every action with the position it is made in, as
python-chess's ``visit_move(board, move)`` is.

Everything here is the validator's (:func:`notation.check.validate.check_game`) and the
position's (:class:`notation.check.position.Position`) reading of the record: nothing is
worked out twice.

>>> from notation.formats.text import loads
>>> game = loads((SAMPLES / "full-game.t42").read_text(encoding="utf-8"))[0]
>>> first = hand_outcomes(game)[0]
>>> str(first.contract), [str(t.winner) for t in first.tricks][:4], first.made
('S 30 sixes', ['S', 'S', 'S', 'S'], True)
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TypeVar

from notation.check.actions import Action, record_actions
from notation.check.game import check_game
from notation.check.position import Position
from notation.formats.visitor import GameVisitor, walk
from notation.model.contracts import Contract
from notation.model.game import (
    Auction,
    Call,
    Ending,
    Game,
    Hand,
    HandHeader,
    Holding,
    ScoreLine,
    Tag,
    Trick,
    TrumpCall,
)
from notation.model.rule_sets import RuleSet
from notation.model.seats import Seat, Team
from notation.rules.scoring import MarkAward
from notation.rules.tricks import TrickOutcome

__all__ = [
    "HandOutcome",
    "PositionVisitor",
    "game_positions",
    "hand_outcome",
    "hand_outcomes",
    "hand_positions",
    "walk_positions",
]

ResultT = TypeVar("ResultT")


@dataclass(frozen=True, slots=True)
class HandOutcome:
    """What one recorded hand comes to, as the validator reads it: the contract (None when
    none was played), each trick taken (its seats, tiles, winner and points), the points
    and tricks each team took, whether the bid was made (True), set (False) or not settled
    (None), what the hand scored (marks, or points in the points game: None while the record
    does not settle it) and, in a game, the running marks after it."""

    number: int
    contract: Contract | None
    tricks: tuple[TrickOutcome, ...]
    points: dict[Team, int]
    tricks_taken: dict[Team, int]
    made: bool | None
    award: MarkAward | None
    marks: dict[Team, int] | None
    total: dict[Team, int] | None = None


def hand_outcomes(game: Game, rules: RuleSet | None = None) -> tuple[HandOutcome, ...]:
    """Each hand of ``game`` as it comes out under ``rules`` (the game's by default), with
    the running marks after it. Lay-downs are not judged here (no solver): ask
    :func:`notation.check.validate.check_game` whether one holds."""
    report = check_game(game, rules, judged=())
    running = {Team.NS: 0, Team.EW: 0}
    known = True
    outcomes = []
    for hand in report.hands:
        marks = hand.marks
        if marks is None:
            known = False
        else:
            running = {team: running[team] + marks[team] for team in Team}
        taken = {team: sum(t.winner.team is team for t in hand.tricks) for team in Team}
        outcomes.append(HandOutcome(
            hand.hand.number, hand.contract, hand.tricks,
            {team: hand.points.get(team, 0) for team in Team}, taken, hand.made, hand.award,
            marks, dict(running) if known else None,
        ))
    return tuple(outcomes)


def hand_outcome(hand: Hand, rules: RuleSet | None = None) -> HandOutcome:
    """One recorded ``hand`` as it comes out under ``rules`` (straight 42 by default),
    without the running marks of a game."""
    game = Game((Tag("Rules", (rules or RuleSet()).name),), (hand,))
    outcome = hand_outcomes(game, rules or RuleSet())[0]
    return HandOutcome(
        outcome.number, outcome.contract, outcome.tricks, outcome.points,
        outcome.tricks_taken, outcome.made, outcome.award, outcome.marks,
    )


def hand_positions(hand: Hand, rules: RuleSet | None = None) -> Iterator[Position]:
    """The positions along a recorded ``hand``: as dealt, then after each bid, the trump
    call and each play, each a position of its own (the record's actions taken as written:
    each call by the seat written, each trick led by the seat written)."""
    for step in range(len(record_actions(hand)) + 1):
        yield Position.of_hand(hand, rules, step)


def game_positions(game: Game, rules: RuleSet | None = None) -> Iterator[Position]:
    """The positions along every hand of ``game`` in turn (:func:`hand_positions`), under
    ``rules`` (the game's by default)."""
    rules = rules or game.rules
    for hand in game.hands:
        yield from hand_positions(hand, rules)


class PositionVisitor(GameVisitor[ResultT]):
    """A :class:`~notation.formats.visitor.GameVisitor` told also of the position at each
    action by :func:`walk_positions`: :meth:`visit_action` before each bid, trump call and
    play is made (as python-chess's ``visit_move(board, move)``), :meth:`visit_taken` once a
    trick is taken. Every other method is told as :func:`~notation.formats.visitor.walk`
    tells it."""

    def visit_action(self, position: Position, action: Action) -> None:
        """``action`` is about to be made in ``position`` (the seat to act is
        ``position.turn``)."""

    def visit_taken(self, position: Position, trick: TrickOutcome) -> None:
        """``trick`` has been taken (its winner and points); ``position`` is the position
        after it."""


def walk_positions(
    game: Game, visitor: PositionVisitor[ResultT], rules: RuleSet | None = None
) -> ResultT:
    """Tell ``visitor`` of every item of ``game`` in canonical order, as
    :func:`~notation.formats.visitor.walk` does, and of the position at each action, under
    ``rules`` (the game's by default); return its result."""
    return walk(game, _Positions(visitor, rules or game.rules))


class _Positions(GameVisitor[ResultT]):
    """Passes every item on to a :class:`PositionVisitor`, telling it of each action with
    the position it is made in."""

    def __init__(self, visitor: PositionVisitor[ResultT], rules: RuleSet) -> None:
        self.visitor = visitor
        self.rules = rules
        self.hand = Hand(HandHeader(1, Seat.N))
        self.step = 0  # the actions of the hand made so far

    def _act(self, action: Action) -> None:
        position = Position.of_hand(self.hand, self.rules, self.step)
        self.visitor.visit_action(position, action)
        self.step += 1

    def begin_game(self, game: Game) -> None:
        self.visitor.begin_game(game)

    def visit_tag(self, tag: Tag) -> None:
        self.visitor.visit_tag(tag)

    def begin_hand(self, hand: Hand) -> None:
        self.hand, self.step = hand, 0
        self.visitor.begin_hand(hand)

    def visit_holding(self, holding: Holding) -> None:
        self.visitor.visit_holding(holding)

    def begin_auction(self, auction: Auction) -> None:
        self.visitor.begin_auction(auction)

    def visit_call(self, call: Call) -> None:
        self._act(call.bid)
        self.visitor.visit_call(call)

    def end_auction(self, auction: Auction) -> None:
        self.visitor.end_auction(auction)

    def visit_trump(self, trump: TrumpCall) -> None:
        self._act(trump.trump)
        self.visitor.visit_trump(trump)

    def visit_trick(self, trick: Trick) -> None:
        for play in trick.plays:
            self._act(play.tile)
        self.visitor.visit_trick(trick)
        position = Position.of_hand(self.hand, self.rules, self.step)
        taken = position.tricks
        if len(taken) == trick.number and not position.trick:
            self.visitor.visit_taken(position, taken[-1])

    def visit_ending(self, ending: Ending) -> None:
        self.visitor.visit_ending(ending)

    def visit_score(self, score: ScoreLine) -> None:
        self.visitor.visit_score(score)

    def end_hand(self, hand: Hand) -> None:
        self.visitor.end_hand(hand)

    def end_game(self, game: Game) -> None:
        self.visitor.end_game(game)

    def result(self) -> ResultT:
        return self.visitor.result()
