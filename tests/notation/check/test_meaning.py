"""What a record means, read from the record (notation.check.meaning): the positions along
each hand, each trick's winner and points, each hand's result and marks, and the visitor
told of each action with its position, all as the validator reads the record."""

from __future__ import annotations

from pathlib import Path

import pytest

from notation.check.actions import Action, record_actions
from notation.check.meaning import (
    PositionVisitor,
    game_positions,
    hand_outcome,
    hand_outcomes,
    hand_positions,
    walk_positions,
)
from notation.check.position import Position
from notation.check.validate import GameReport, check_game
from notation.formats.text import loads
from notation.formats.visitor import GameVisitor, walk
from notation.model.game import Call, Game, Hand, Trick, TrumpCall
from notation.model.seats import Seat, Team
from notation.rules.tricks import TrickOutcome

SAMPLES = Path(__file__).parents[3] / "samples"
# Every sample that reads (broken.t42 is a record with syntax errors on purpose).
GAMES = [
    (path.name, game)
    for path in sorted(SAMPLES.glob("*.t42"))
    if path.name != "broken.t42"
    for game in loads(path.read_text(encoding="utf-8"))
]


@pytest.mark.parametrize(("name", "game"), GAMES, ids=[n for n, _ in GAMES])
def test_outcomes_are_the_validators(name: str, game: Game) -> None:
    report = check_game(game)
    outcomes = hand_outcomes(game)
    assert len(outcomes) == len(report.hands)
    running = {Team.NS: 0, Team.EW: 0}
    for outcome, hand in zip(outcomes, report.hands, strict=True):
        assert outcome.number == hand.hand.number
        assert outcome.contract == hand.contract
        assert outcome.tricks == hand.tricks
        assert outcome.made == hand.made
        assert outcome.marks == hand.marks
        if hand.marks is not None and outcome.total is not None:
            running = {t: running[t] + hand.marks[t] for t in Team}
            assert outcome.total == running
        assert sum(outcome.tricks_taken.values()) == len(hand.tricks)
    assert hand_outcome(game.hands[0], game.rules).tricks == report.hands[0].tricks


@pytest.mark.parametrize(("name", "game"), GAMES, ids=[n for n, _ in GAMES])
def test_positions_along_a_hand_take_the_validators_tricks(name: str, game: Game) -> None:
    report = check_game(game)
    for hand, checked in zip(game.hands, report.hands, strict=True):
        along = list(hand_positions(hand, game.rules))
        assert len(along) == len(record_actions(hand)) + 1
        assert [len(p.actions) for p in along] == list(range(len(along)))
        if checked.contract is not None and not checked.findings:
            assert along[-1].tricks == checked.tricks
        if checked.contract is not None and not checked.findings and hand.ending is None:
            assert along[-1].points == {t: checked.points[t] for t in Team}
    assert sum(1 for _ in game_positions(game)) == sum(
        len(record_actions(h)) + 1 for h in game.hands
    )


class Items(GameVisitor[list[str]]):
    """Writes down what it is told, by name."""

    def __init__(self) -> None:
        self.items: list[str] = []

    def visit_call(self, call: Call) -> None:
        self.items.append(f"call {call.seat} {call.bid}")

    def visit_trump(self, trump: TrumpCall) -> None:
        self.items.append(f"trump {trump.trump}")

    def visit_trick(self, trick: Trick) -> None:
        self.items.append(f"trick {trick.number}")

    def begin_hand(self, hand: Hand) -> None:
        self.items.append(f"hand {hand.number}")

    def result(self) -> list[str]:
        return self.items


class ItemsAndPositions(Items, PositionVisitor[list[str]]):
    def __init__(self) -> None:
        super().__init__()
        self.actions: list[tuple[Seat | None, Action]] = []
        self.taken: list[TrickOutcome] = []

    def visit_action(self, position: Position, action: Action) -> None:
        self.actions.append((position.turn, action))

    def visit_taken(self, position: Position, trick: TrickOutcome) -> None:
        assert position.tricks[-1] == trick
        self.taken.append(trick)


@pytest.mark.parametrize(("name", "game"), GAMES, ids=[n for n, _ in GAMES])
def test_the_visitor_is_told_of_each_action_with_its_position(name: str, game: Game) -> None:
    visitor = ItemsAndPositions()
    assert walk_positions(game, visitor) == walk(game, Items())  # every item, as walk tells
    assert [a for _, a in visitor.actions] == [a for h in game.hands for a in record_actions(h)]
    # A record's plays are read as written: where the validator judges a trick otherwise (a
    # leader written wrong, say), it reports an error.
    report = check_game(game)
    clean = {h.hand.number for h in report.hands if not [f for f in h.findings if f.is_error]}
    assert [t for t in visitor.taken if t in clean_tricks(report, clean)] == clean_tricks(
        report, clean)


def clean_tricks(report: GameReport, clean: set[int]) -> list[TrickOutcome]:
    return [t for h in report.hands if h.hand.number in clean for t in h.tricks]


def test_the_seat_to_act_is_the_one_that_acts_in_a_legal_record() -> None:
    game = loads((SAMPLES / "texas-game.t42").read_text(encoding="utf-8"))[0]
    visitor = ItemsAndPositions()
    walk_positions(game, visitor)
    calls = [c.seat for h in game.hands for c in (h.auction.calls if h.auction else ())]
    bids = [turn for turn, action in visitor.actions if not isinstance(action, TrumpCall)]
    assert bids[: len(calls[:4])] == calls[:4]
    for hand in game.hands:
        position = Position.of_hand(hand, game.rules, step=0)
        for action in record_actions(hand):
            assert action in position.legal_actions(), (hand.number, action, position)
            position.push(action)


def test_positions_along_a_hand_keep_a_bid_out_of_turn_by_its_seat() -> None:
    """options-findings.t42: East bids before North (a warning at that table); the positions
    along the hand keep each call by the seat that made it, as the record does."""
    game = loads((SAMPLES / "options-findings.t42").read_text(encoding="utf-8"))[0]
    hand = game.hands[0]
    calls = hand.auction.calls if hand.auction else ()
    along = list(hand_positions(hand, game.rules))
    auction = along[len(calls)].hand.auction
    assert auction is not None
    assert auction.calls == calls
    assert along[-1].declarer is Seat.N
    assert along[-1].tricks == check_game(game).hands[0].tricks
