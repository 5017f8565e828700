"""The t42 notation as a format, used like :mod:`json`: ``load``, ``loads``, ``dump``, ``dumps``.

``loads`` is strict and raises on the first problem; for checking whole archives without
stopping, use :func:`notation.formats.text.reader.read_games`, which reports every problem instead.

>>> games = loads('[Event "demo"]\\nhand 1 dealer N\\nbid E pass S 30 W pass N pass\\n')
>>> print(dumps(games[0]).splitlines()[-1])
bid E pass S 30 W pass N pass
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TextIO

from notation.errors import NotationSyntaxError
from notation.formats.text.reader import read_games
from notation.formats.text.writer import write_game, write_games
from notation.model.game import Game


def loads(text: str) -> list[Game]:
    """Every game in ``text``; raise :class:`NotationSyntaxError` at the first problem."""
    games = []
    for read in read_games(text):
        if read.problems:
            first = read.problems[0]
            raise NotationSyntaxError(first.message, first.line, first.column, first.code)
        games.append(read.game)
    return games


def load(fp: TextIO) -> list[Game]:
    """Every game in the text file ``fp``; raise :class:`NotationSyntaxError` at the first
    problem."""
    return loads(fp.read())


def dumps(games: Game | Iterable[Game]) -> str:
    """Canonical text of one game or of several, a blank line between games."""
    if isinstance(games, Game):
        return write_game(games)
    return write_games(games)


def dump(games: Game | Iterable[Game], fp: TextIO) -> None:
    """Write the canonical text of one game or of several to the text file ``fp``."""
    fp.write(dumps(games))
