"""Starting the interactive replay: whether it can run here, and running it.

This module does not import Textual; :func:`replay_interactively` imports :mod:`replay.tui`
(and with it Textual) only when the view starts, so ``t42`` stays quick to start for every
other command (archive and CI runs of ``validate``, ``fmt`` and ``convert`` never load it).
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import TextIO

from notation.check.validate import GameReport
from notation.model.game import Game
from notation.views import navigation
from notation.views.navigation import Frame, game_frames
from notation.views.variations import LineFrames, Spot, enter, leave, variation_frames

Move = Callable[[Sequence[Frame], int], int]
Lines = Mapping[str, LineFrames]

# Textual is installed with t42; this is for an installation that has lost it.
HINT = (
    "t42: the interactive replay needs Textual, which is missing (pip install textual); "
    "printing instead"
)


def has_textual() -> bool:
    """True when Textual is installed (without importing it)."""
    return importlib.util.find_spec("textual") is not None


def on_a_terminal(stdin: TextIO | None = None, stdout: TextIO | None = None) -> bool:
    """True when both the keyboard and the screen are a terminal, not a pipe or a file."""
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    return stdin is not None and stdout is not None and stdin.isatty() and stdout.isatty()


def frames_of(games: Sequence[tuple[int, Game, GameReport]]) -> list[Frame]:
    """The frames of every game given as (its number in the file, the game, its report)."""
    return [frame for number, game, report in games for frame in game_frames(game, report, number)]


def lines_of(games: Sequence[tuple[int, Game, GameReport]], frames: Sequence[Frame]
             ) -> dict[int, dict[str, LineFrames]]:
    """The variations of every game given (as :func:`frames_of` takes them), by the game's
    number, each by its path; ``frames`` are the games' frames from :func:`frames_of`."""
    return {number: variation_frames(game, report, frames, number)
            for number, game, report in games}


# Moving through a replay with variations: the reader is at a Spot, on the main line (the
# replay's frames, every game's) or in a variation (its frames). The moves are pure; the
# interactive view maps keys to them.


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


def start_of(frames: Sequence[Frame], hand: int | None) -> int:
    """Where to start: the deal of the first hand numbered ``hand``, else the first step."""
    if hand is not None:
        for i, frame in enumerate(frames):
            if frame.step.hand == hand:
                return i
    return 0


def replay_interactively(
    games: Sequence[tuple[int, Game, GameReport]], hand: int | None = None, *, colour: bool = True
) -> None:
    """Open the interactive view on ``games``, at hand ``hand`` if given, until the user quits;
    in monochrome unless ``colour``."""
    from replay.tui import run  # Textual is imported here, and only here

    frames = frames_of(games)
    run(frames, start_of(frames, hand), colour=colour, games=games)
