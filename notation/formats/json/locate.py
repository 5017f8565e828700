"""Positions in JSON text: where the value at a path starts, and the items of a game read from
JSON text placed where they are written. Approximate for malformed text, and never raising.

>>> text = '{"tags": [],\\n "hands": [{"number": 1}]}'
>>> position(text, (0, ()), ("hands", 0, "number"))
(2, 23, '/hands/0/number')
"""

from __future__ import annotations

import bisect
import json
import re
from collections.abc import Callable, Collection, Iterator
from functools import lru_cache
from typing import Any

from notation.formats.json.build import with_spans
from notation.formats.json.document import (
    DocumentPath,
    json_pointer,
)
from notation.model.game import (
    Game,
    Span,
)

# Where a game is in JSON text: the offset of the JSON value that holds it, and its path in
# that value, () for a game document or (index,) for a game in a list.
Place = tuple[int, DocumentPath]


def skip_space(text: str, i: int) -> int:
    """The offset of the first character from ``i`` on that is not JSON's white space.

    >>> skip_space(' \\n\\t {}', 0)
    4
    """
    return _WHITESPACE.match(text, i).end()  # type: ignore[union-attr]


def line_column(text: str, offset: int) -> tuple[int, int]:
    """The line and column (both from 1) of ``offset`` in ``text``, kept within the text.

    >>> line_column('{\\n  "hands"', 4)
    (2, 3)
    """
    offset = max(0, min(offset, len(text)))
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1


_WHITESPACE = re.compile(r"[ \t\n\r]*")
_NEWLINE = re.compile("\n")
# A JSON string, or one character of JSON structure.
_TOKEN = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|[\[\]{},:]', re.DOTALL)
_SCALAR = re.compile(r'[^\s,\]}]*')

def _field_name(token: str) -> str:
    """The field name a JSON string token writes (as written, when it is not valid JSON)."""
    if "\\" not in token:
        return token[1:-1]  # nothing escaped: most names, and much quicker than decoding
    try:
        name: str = json.loads(token)
    except ValueError:
        return token[1:-1]
    return name


def _walk(text: str, start: int) -> Iterator[tuple[re.Match[str], list[list[Any]]]]:
    """Each token of the JSON text from ``start`` to the end of the value there, with the
    containers open before it (the same list, changed as the walk goes on): for each,
    whether it is an object, its current field or index, and whether a field name is next.
    Works on malformed text too (approximately)."""
    stack: list[list[Any]] = []
    for m in _TOKEN.finditer(text, start):
        yield m, stack
        token = m.group()
        c = token[0]
        if c == '"':
            if stack and stack[-1][0] and stack[-1][2]:
                stack[-1][1] = _field_name(token)
                stack[-1][2] = False
        elif c in "[{":
            stack.append([c == "{", "" if c == "{" else 0, c == "{"])
        elif c in "]}":
            if stack:
                stack.pop()
            if not stack:
                return
        elif c == "," and stack:
            if stack[-1][0]:
                stack[-1][2] = True
            else:
                stack[-1][1] += 1


def path_at(
    text: str, start: int, *, stop: int | None = None, max_depth: int | None = None
) -> tuple[int, DocumentPath]:
    """The path in the JSON value at ``start`` of the place where a walk through it stops,
    and that place's offset: a decoding error's value, say, or the container nested too deep.

    The walk stops at offset ``stop``, at a container deeper than ``max_depth``, or at the
    end of the value. Works on malformed text too (approximately).

    >>> path_at('{"hands": [{"number": x}]}', 0, stop=22)
    (22, ('hands', 0, 'number'))
    """
    stack: list[list[Any]] = []
    for m, stack in _walk(text, start):  # stack: the open containers, as left at the end
        token = m.group()
        if stop is not None and m.start() >= stop:
            return stop, tuple(s[1] for s in stack)
        if token in ("[", "{") and max_depth is not None and len(stack) >= max_depth:
            return m.start(), tuple(s[1] for s in stack)
        if token in ("]", "}") and len(stack) <= 1:
            return m.end(), ()
    return stop if stop is not None else len(text), tuple(s[1] for s in stack)


@lru_cache(maxsize=2)
def _line_starts(text: str) -> list[int]:
    """Where each line of the text starts (kept for the text last asked about: the games of
    one array with findings are placed one after another)."""
    return [0, *(m.end() for m in _NEWLINE.finditer(text))]


@lru_cache(maxsize=2)
def _item_starts(text: str, start: int) -> list[int]:
    """Where each item of the JSON list at ``start`` begins (kept as :func:`_line_starts`)."""
    starts: list[int] = []
    i = skip_space(text, start + 1)
    while i < len(text) and text[i] != "]":
        starts.append(i)
        i = skip_space(text, _skip_value(text, i))
        if text[i : i + 1] != ",":
            break
        i = skip_space(text, i + 1)
    return starts


def _value_offsets(text: str, start: int) -> dict[DocumentPath, int]:
    """Where each value in the JSON value at ``start`` begins, by its path, in one walk."""
    offsets: dict[DocumentPath, int] = {(): skip_space(text, start)}
    for m, stack in _walk(text, start):
        token = m.group()
        if token == ":":  # the field's name is current
            offsets[tuple(s[1] for s in stack)] = skip_space(text, m.end())
        elif token == "[":
            first = skip_space(text, m.end())
            if text[first : first + 1] != "]":
                offsets[(*(s[1] for s in stack), 0)] = first
        elif token == "," and stack and not stack[-1][0]:  # the next item of a list
            path = tuple(s[1] for s in stack)
            offsets[(*path[:-1], path[-1] + 1)] = skip_space(text, m.end())
    return offsets


def position(text: str, place: Place, path: DocumentPath) -> tuple[int, int, str]:
    """The line and column in JSON text of the value at ``path`` in the game placed at
    ``place``, and its JSON Pointer (approximate for strange input: see :func:`value_offset`)."""
    start, at = place
    line, column = line_column(text, value_offset(text, start, at + path))
    return line, column, json_pointer(at + path)


def placed(
    game: Game, text: str, place: Place, hands: Collection[int] | None = None
) -> tuple[Game, Callable[[int, int], str | None]]:
    """A game read from JSON text with each item's span where it is written in the text (of
    the hands at the indexes ``hands`` only, when given), and a function that gives the JSON
    Pointer of the item at a line and column there.

    For a game with findings, to show where they are: it walks the game's text again.

    >>> from notation.formats.json import loads
    >>> text = '{"format": "t42-game", "version": 1, "tags": [],\\n "hands": [{"number": 1,'
    >>> text += ' "dealer": "N"}]}'
    >>> game, pointer_at = placed(loads(text)[0], text, (0, ()))
    >>> span = game.hands[0].header.span
    >>> (span.line, span.column), pointer_at(span.line, span.column)
    ((2, 12), '/hands/0')
    """
    start, at = place
    # Only the game's own value is walked, not all of an array of games; where the games
    # of an array and the lines of the text start is found once for all its games.
    game_start = start
    if at:
        index = at[0]
        assert isinstance(index, int)  # a game of a list
        game_start = _item_starts(text, start)[index]
    if hands is None:
        offsets = _value_offsets(text, game_start)
    else:  # only the hands asked for are walked, the others skipped (much quicker)
        offsets = {}
        for i in hands:
            here = ("hands", i)
            hand_start = value_offset(text, game_start, here)
            offsets.update(
                ((*here, *path), offset)
                for path, offset in _value_offsets(text, hand_start).items()
            )
    line_starts = _line_starts(text)
    paths: dict[tuple[int, int], DocumentPath] = {}

    def span_at(path: DocumentPath) -> Span | None:
        offset = offsets.get(path)
        if offset is None:
            return None
        line = bisect.bisect_right(line_starts, offset)
        column = offset - line_starts[line - 1] + 1
        paths[line, column] = path
        return Span(line, column, line, column)

    def pointer_at(line: int, column: int) -> str | None:
        path = paths.get((line, column))
        return None if path is None else json_pointer(at + path)

    return with_spans(game, span_at, hands), pointer_at


def _skip_value(text: str, i: int) -> int:
    """The offset just after the JSON value starting at ``i``."""
    if text[i] in "[{":
        depth = 0
        for m in _TOKEN.finditer(text, i):
            c = m.group()[0]
            if c in "[{":
                depth += 1
            elif c in "]}":
                depth -= 1
                if depth == 0:
                    return m.end()
        return len(text)
    if text[i] == '"':
        string = _TOKEN.match(text, i)
        return string.end() if string else len(text)
    return _SCALAR.match(text, i).end()  # type: ignore[union-attr]


def value_offset(text: str, start: int, path: DocumentPath) -> int:
    """The offset of the value at ``path`` in the JSON value that starts at ``start``.

    Approximate for strange input (it stops at the deepest part of the path it finds) and
    never raises: at worst it answers ``start``.
    """

    def after_space(j: int) -> int:
        return _WHITESPACE.match(text, j).end()  # type: ignore[union-attr]

    try:
        i = after_space(start)
        for part in path:
            if i >= len(text):
                break
            if text[i] == "{":
                found = None
                j = after_space(i + 1)
                while j < len(text) and text[j] == '"':
                    key_end = _skip_value(text, j)
                    key = json.loads(text[j:key_end])
                    j = after_space(key_end)
                    if j >= len(text) or text[j] != ":":
                        break
                    j = after_space(j + 1)
                    if key == str(part):
                        found = j  # the last wins, as for the decoder
                    j = after_space(_skip_value(text, j))
                    if j >= len(text) or text[j] != ",":
                        break
                    j = after_space(j + 1)
                if found is None:
                    break
                i = found
            elif text[i] == "[" and isinstance(part, int):
                j = after_space(i + 1)
                for _ in range(part):
                    if j >= len(text) or text[j] == "]":
                        break
                    j = after_space(_skip_value(text, j))
                    if j >= len(text) or text[j] != ",":
                        break
                    j = after_space(j + 1)
                else:
                    if j < len(text) and text[j] != "]":
                        i = j
                        continue
                break
            else:
                break
        return i
    except (ValueError, IndexError, RecursionError):
        return start
