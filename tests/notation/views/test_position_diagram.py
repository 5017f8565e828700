"""A position of play drawn at any moment, mid-trick included (notation.views.svg.diagram,
notation.views.navigation.position_frame), and the replay's steps of a record saved in the
middle of a trick."""

from __future__ import annotations

from pathlib import Path

from notation.check.position import Position
from notation.check.validate import check_game
from notation.formats.text import loads
from notation.model.game import Game
from notation.model.seats import Seat
from notation.views.navigation import position_frame
from notation.views.steps import StepKind, game_steps
from notation.views.svg import diagram

SAMPLES = Path(__file__).parents[3] / "samples"


def _sample(name: str) -> Game:
    return loads((SAMPLES / name).read_text(encoding="utf-8"))[0]


def test_a_trick_in_play_is_not_shown_as_complete() -> None:
    """A record saved after two plays of a trick: its last step is the second play, with a
    contract named; no step says the trick is complete for want of a contract."""
    position = Position.from_record(_sample("full-game.t42"), 1, step=7)
    game = Game((), (position.hand,))
    steps = list(game_steps(game, check_game(game, position.rules)))
    assert not [s.text for s in steps if s.kind is StepKind.TRICK]
    plays = [s for s in steps if s.kind is StepKind.PLAY]
    assert [p.text for p in plays] == ["S leads 6-6 (trumps)", "W plays 6-1 (trumps)"]


def test_a_nello_trick_in_play_passes_over_the_seat_that_sits_out() -> None:
    """Nello: the partner sits out, so a trick in play passes over her seat: at every
    moment of the hand the trick drawn is the position's, never with the partner in it."""
    game = _sample("nello.t42")
    hand = game.hands[0]
    steps = len(Position.of_hand(hand, game.rules).actions)
    spanning = 0
    for step in range(steps + 1):
        position = Position.from_record(game, hand.number, step=step)
        if not position.trick:
            continue
        frame = position_frame(position)
        assert frame.step.trick is not None
        assert list(frame.step.trick.plays) == list(position.trick)
        seats = [s for s, _ in position.trick]
        spanning += position.sitting_out not in seats and len(seats) == 2 and (
            seats[0].next is position.sitting_out)
    assert spanning  # some trick in play passed over the partner


def test_diagram_draws_a_position_mid_trick() -> None:
    game = _sample("full-game.t42")
    position = next(
        p for step in range(40)
        if len((p := Position.from_record(game, 2, step=step)).trick) == 2
    )  # in the middle of a trick
    picture = diagram(position, seat=Seat.E)
    assert picture.startswith("<svg")
    for seat, tile in position.trick:
        assert f'data-tile="{tile}"' in picture, (seat, tile)
    assert position_frame(position).step.text in picture
