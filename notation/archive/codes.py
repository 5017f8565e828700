"""Records given as codes rather than as text: a share code of t42's, an mk5 URL replay or a
plunge replay code, given in place of a file's name or as the lines of a file, read a game a
code (the codes themselves: :mod:`notation.formats.share`, :mod:`notation.archive.peers`).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator

from notation.archive.peers import is_code, read_code
from notation.errors import NotationError
from notation.files import StrPath, as_path
from notation.formats.text.reader import ReadGame
from notation.model.findings import Finding, Severity
from notation.model.game import Game


def given_code(path: StrPath) -> str | None:
    """The code a command was given in place of a file's name — a share code or its link, an
    mk5 URL replay, a plunge replay code — when no file has that name; else None.

    A web address given as a name has its ``//`` made one ``/`` by the path; a code is read
    from its query or its ``#g=``, which keep every character.

    >>> given_code("1.q1YqSi0pSc1TsgISWQ"), given_code("club.t42")
    ('1.q1YqSi0pSc1TsgISWQ\\n', None)
    """
    name = str(path)
    if name == "-" or not is_code(name):
        return None
    try:
        if as_path(path).exists():
            return None
    except OSError:  # a name too long for a file is no file
        pass
    return name + "\n"


def code_game(index: int, line: str, number: int) -> ReadGame:
    """The game of one line of codes (see :func:`given_code`), or the problem that stops it,
    at ``number``, the line's number."""
    try:
        game, _ = read_code(line)
    except NotationError as e:
        problem = Finding(e.code, Severity.ERROR, str(e.message), number, 1, game=index)
        return ReadGame(index, Game(()), [problem], line, number, raw=line, unread=True)
    return ReadGame(index, game, [], line, number, rules=game.rules, raw=line)


def codes_first(head: list[str], rest: list[str]) -> bool:
    """Whether the first line of a file that is neither blank nor a ``;`` comment is a code
    (see :func:`given_code`): then the file is read a code a line."""
    for line in itertools.chain(head, rest):
        if line.strip() and not line.lstrip().startswith(";"):
            return is_code(line)
    return False


def code_games(lines: Iterable[str]) -> Iterator[ReadGame]:
    """A game a line of codes, blank lines and ``;`` comment lines passed over."""
    index = 0
    for number, line in enumerate(lines, start=1):
        if line.strip() and not line.lstrip().startswith(";"):
            index += 1
            yield code_game(index, line.strip(), number)
