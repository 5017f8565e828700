"""Step through a t42 record: the state after every bid and play, and a Rich view of it."""

from notation.views.steps import SeatTiles, Step, StepKind, TableTrick, game_steps, hand_steps
from replay.render import inert, print_replay, render_step

__all__ = [
    "SeatTiles",
    "Step",
    "StepKind",
    "TableTrick",
    "game_steps",
    "hand_steps",
    "inert",
    "print_replay",
    "render_step",
]
