"""Moving through a replay with its variations: pure functions the interactive view maps its
keys to.

The reader is at a :class:`~notation.views.variations.Spot`: on the main line (the replay's
frames, every game's, from :func:`replay.interactive.frames_of`) or in a variation (its
frames, from :func:`notation.views.variations.variation_frames`). Inside a variation the moves
keep to its line, from its first own step; :func:`notation.views.variations.leave` backs out.

>>> from notation.formats.text import loads
>>> from notation.check.validate import check_game
>>> from replay.interactive import frames_of
>>> game = loads((SAMPLES / "annotated.t42").read_text(encoding="utf-8"))[0]
>>> games = [(1, game, check_game(game))]
>>> main = frames_of(games)
>>> lines = lines_of(games, main)[1]
>>> at = next(i for i, f in enumerate(main) if f.step.text == "E plays 5-5??")
>>> inside = enter_next(lines, main, Spot("", at))
>>> frame_at(lines, main, inside).step.text
'E plays 2-2!'
>>> frame_at(lines, main, move_in_line(lines, main, inside, navigation.previous_play)).step.text
'E plays 2-2!'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from notation.check.validate import GameReport
from notation.model.game import Game
from notation.views import navigation
from notation.views.navigation import Frame
from notation.views.variations import LineFrames, Spot, enter, leave, variation_frames

Move = Callable[[Sequence[Frame], int], int]
Lines = Mapping[str, LineFrames]


def lines_of(games: Sequence[tuple[int, Game, GameReport]], frames: Sequence[Frame]
             ) -> dict[int, dict[str, LineFrames]]:
    """The variations of every game given (as :func:`frames_of` takes them), by the game's
    number, each by its path; ``frames`` are the games' frames from :func:`frames_of`."""
    return {number: variation_frames(game, report, frames, number)
            for number, game, report in games}


def frames_at(lines: Lines, main: Sequence[Frame], spot: Spot) -> Sequence[Frame]:
    """The frames of the line the reader is in."""
    return lines[spot.line].frames if spot.line else main


def frame_at(lines: Lines, main: Sequence[Frame], spot: Spot) -> Frame:
    """The step the reader is at."""
    return frames_at(lines, main, spot)[spot.at]


def move_in_line(lines: Lines, main: Sequence[Frame], spot: Spot, move: Move) -> Spot:
    """Where ``move`` (a move of :mod:`notation.views.navigation`) goes within the reader's
    line: inside a variation, no further back than its first own step (back out with
    :func:`leave`)."""
    frames = frames_at(lines, main, spot)
    at = move(frames, spot.at)
    if spot.line:
        at = max(at, lines[spot.line].branch)
    return Spot(spot.line, at)


def trick_in_line(lines: Lines, main: Sequence[Frame], spot: Spot, number: int) -> Spot | None:
    """Trick ``number`` of the reader's hand as its line plays it, once taken; None when the
    line has no such trick of its own."""
    at = navigation.trick(frames_at(lines, main, spot), spot.at, number)
    if at is None or (spot.line and at < lines[spot.line].branch):
        return None
    return Spot(spot.line, at)


def enter_next(lines: Lines, main: Sequence[Frame], spot: Spot) -> Spot:
    """Into the first variation written at the reader's step; at a variation's first step,
    when the step it branches from has others, into the next of them (after the last, the
    first again). ``spot`` itself when there is none to enter."""
    if spot.line and spot.at == lines[spot.line].branch:
        parent = leave(lines, main, spot)
        siblings = frame_at(lines, main, parent).branches
        if len(siblings) > 1:
            which = (siblings.index(spot.line) + 1) % len(siblings)
            return enter(lines, main, parent, which)
    return enter(lines, main, spot)


def depth_of(lines: Lines, spot: Spot) -> int:
    """0 on the main line, 1 in one of its variations, 2 in one of theirs …"""
    return lines[spot.line].line.depth if spot.line else 0
