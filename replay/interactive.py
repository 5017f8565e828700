"""Starting the interactive replay: whether it can run here, and running it.

This module does not import Textual; :func:`replay_interactively` imports :mod:`replay.tui`
(and with it Textual) only when the view starts, so ``t42`` stays quick to start for every
other command (archive and CI runs of ``validate``, ``fmt`` and ``convert`` never load it).
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Callable, Sequence
from typing import TextIO

from notation.check.validate import GameReport
from notation.files import StrPath, as_path
from notation.model.game import Game
from notation.views.navigation import Frame, game_frames

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


def start_of(frames: Sequence[Frame], hand: int | None) -> int:
    """Where to start: the deal of the first hand numbered ``hand``, else the first step."""
    if hand is not None:
        for i, frame in enumerate(frames):
            if frame.step.hand == hand:
                return i
    return 0


def saver(path: StrPath, every: Sequence[tuple[int, Game]]
          ) -> Callable[[Sequence[tuple[int, Game]]], str]:
    """What saves a what-if line: writes the file's games ``every`` (each with its number in
    the file, in order), the ones shown replaced by the reader's (with their variations), to
    ``path`` (a path or its name) in the notation, at once (atomically); says where. Raises
    :class:`notation.files.WriteError` for a file that cannot be written."""
    target = as_path(path)

    def save(shown: Sequence[tuple[int, Game]]) -> str:
        from notation.files import write_atomically
        from notation.formats.text.writer import write_games

        changed = dict(shown)
        games = [changed.get(number, game) for number, game in every]
        write_atomically(target, write_games(games))
        return f"the record with its variations is written to {target}"

    return save


def replay_interactively(
    games: Sequence[tuple[int, Game, GameReport]], hand: int | None = None, *, colour: bool = True,
    save: Callable[[Sequence[tuple[int, Game]]], str] | None = None,
) -> None:
    """Open the interactive view on ``games``, at hand ``hand`` if given, until the user quits;
    in monochrome unless ``colour``; ``save`` (see :func:`saver`) saves a what-if line."""
    from replay.tui import run  # Textual is imported here, and only here

    frames = frames_of(games)
    run(frames, start_of(frames, hand), colour=colour, games=games, save=save)
