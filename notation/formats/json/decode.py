"""From JSON text to documents to the model: each game read quickly when it is clean
(:mod:`notation.formats.json.fast`), else decoded by a guarded decoder, checked, and built
(:mod:`notation.formats.json.build`), every problem located at its line and column.

>>> loads('[{"format": "t42-game", "version": 1, "tags": [], "hands": []},\\n 3]')
Traceback (most recent call last):
...
notation.errors.RecordError: 2:2: 1: a game is a JSON object { … }, not 3
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from typing import Protocol, cast

from notation.errors import RecordError
from notation.formats.json import fast as json_fast
from notation.formats.json.build import build_game
from notation.formats.json.check import check_document, guarded_decoder
from notation.formats.json.document import (
    MAX_DEPTH,
    DocumentPath,
    DocumentProblem,
    json_pointer,
    record_error,
    shown_value,
)
from notation.formats.json.locate import (
    line_column,
    path_at,
    skip_space,
    value_offset,
)
from notation.line_ends import one_line_end
from notation.model.game import (
    Game,
)


class _Source(Protocol):
    def read(self) -> str | bytes: ...


PlacedRecord = tuple[Game | RecordError, int, DocumentPath]
"""A game read, or the error that stopped it, with its place in the text: where its JSON
value starts and its path in that value (a :data:`notation.formats.json.locate.Place`)."""

# ---- from a document to a game ----


def loads_game(obj: object) -> Game:
    """The game a JSON-ready document (as :func:`json.loads` gives) holds.

    Raises :class:`RecordError` with the JSON Pointer of the first problem.
    """
    game = json_fast.document_game(obj)
    if game is not None:
        return game
    try:
        return checked_game(obj, ())
    except DocumentProblem as p:
        raise record_error(p) from None


def checked_game(obj: object, at: DocumentPath) -> Game:
    """The game of a document found at ``at`` (a list of games puts an index there), checked
    by the careful reader; raises :class:`DocumentProblem` for the first thing wrong."""
    try:
        check_document(obj, at)
    except RecursionError:  # only for a validator deeper than the survey lets through
        raise DocumentProblem(
            at, f"nested too deeply: a game record is at most {MAX_DEPTH} levels deep"
        ) from None
    assert isinstance(obj, dict)
    return build_game(obj)  # the builder the quick reader feeds too


def loads(text: str | bytes | bytearray) -> list[Game]:
    """The games in JSON text: one game document, a JSON array of them, or JSON Lines.

    Bytes must be UTF-8; a byte order mark is accepted. Raises :class:`RecordError` with the
    line and column of the first problem (for JSON Lines, the line of that game).
    """
    games: list[Game] = []
    for item in read_records(text):
        if isinstance(item, RecordError):
            raise item
        games.append(item)
    return games


def read_records(text: str | bytes | bytearray) -> Iterator[Game | RecordError]:
    """Each game in JSON text as :func:`loads` reads it, or the error that stopped that game.

    A bad game does not stop the others: each line of JSON Lines and each game of an array
    is read on its own. Only JSON so malformed that no later game can be found ends it.

    A valid game is read quickly (:mod:`notation.formats.json.fast`); any other goes to the careful
    reader, which says what is wrong and where, so games and errors are the same either way.
    """
    for item, _, _ in read_placed_records(text):
        yield item


def read_placed_records(
    text: str | bytes | bytearray,
) -> Iterator[PlacedRecord]:
    """:func:`read_records`, each game with its place (see :data:`Place`) in the text (without
    a byte order mark), for :func:`placed` to find its items in; an error's place is where
    its value starts."""
    if isinstance(text, bytes | bytearray):
        try:
            text = _utf8(bytes(text))
        except RecordError as e:
            yield e, 0, ()
            return
    # Line ends made one (a CRLF or a lone CR reads as \n), as for notation: an error's line is
    # the editor's, and places are in that text.
    text = one_line_end(text.removeprefix("\ufeff"))
    # Each value is read quickly when it can be (a line of JSON Lines, or the whole text),
    # else carefully; either way the next value starts where the careful reader goes on.
    first = i = skip_space(text, 0)
    while i < len(text):
        end = _line_end(text, i)
        quick = json_fast.games(text[i:end])
        if quick is None and i == first and end < len(text):
            end = len(text)  # one document or an array written over many lines
            quick = json_fast.games(text[i:])
        if quick is not None and None not in quick:
            if text[i] == "[":
                for index, game in enumerate(cast("list[Game]", quick)):
                    yield game, i, (index,)
            else:
                yield cast("Game", quick[0]), i, ()
            i = skip_space(text, end)
            continue
        try:
            value, after = _decode_one(text, i)
        except RecordError:
            # Malformed here: the careful reader goes on from here, as it would have.
            yield from _careful_records(text, i)
            return
        yield from _games_of(text, i, value, quick or ())
        i = skip_space(text, after)


def _line_end(text: str, i: int) -> int:
    end = text.find("\n", i)
    return len(text) if end < 0 else end


def _games_of(
    text: str, start: int, value: object, quick: Sequence[Game | None]
) -> Iterator[PlacedRecord]:
    """The games of a value decoded carefully at ``start``, placed: each game the quick reader
    read of it (``quick`` holds one for each game, or is empty), else the careful reader's
    game or error."""
    games = enumerate(value) if isinstance(value, list) else [(None, value)]
    for index, game in games:
        at: DocumentPath = () if index is None else (index,)
        found = quick[index or 0] if quick else None
        if found is not None:
            yield found, start, at
            continue
        try:
            yield located_game(text, start, game, at), start, at
        except RecordError as e:
            yield e, start, at


def _careful_records(text: str, start: int) -> Iterator[PlacedRecord]:
    """Each game from offset ``start`` on, or its error, decoded carefully and placed (after
    malformed JSON, JSON Lines are decoded a line at a time)."""
    for document in json_values(text, start):
        if isinstance(document, RecordError):
            yield document, start, ()
            continue
        begin, value = document
        # A value that is its whole line is still checked and built quickly.
        quick = json_fast.games(text[begin : _line_end(text, begin)])
        yield from _games_of(text, begin, value, quick or ())


def load(fp: _Source) -> list[Game]:
    """The games in a JSON file opened in text or binary mode (see :func:`loads`)."""
    try:
        data = fp.read()
    except UnicodeDecodeError as e:
        raise RecordError(
            f"the file is not UTF-8 text: byte 0x{e.object[e.start]:02x} cannot be read; "
            "save it as UTF-8"
        ) from None
    return loads(data)


def _utf8(data: bytes) -> str:
    data = data.removeprefix(b"\xef\xbb\xbf")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        line_start = data.rfind(b"\n", 0, e.start) + 1
        line = data.count(b"\n", 0, e.start) + 1
        column = len(data[line_start : e.start].decode("utf-8", "replace")) + 1
        raise RecordError(
            f"the file is not UTF-8 text: byte 0x{data[e.start]:02x} cannot be read; "
            "save it as UTF-8",
            line,
            column,
        ) from None


# The decoder's messages in words (json.JSONDecodeError.msg, up to the first " at").
_DECODE_WORDS: dict[str, str] = {
    "Expecting value": "expected a value here (a string, number, list or object)",
    "Expecting ',' delimiter": "expected a comma (,) or the end of the list or object here",
    "Expecting ':' delimiter": 'expected a colon (:) after the field name',
    "Expecting property name enclosed in double quotes": (
        "expected a field name in double quotes here (is there a comma too many?)"
    ),
    "Unterminated string starting": "this string is never closed with a double quote",
    "Invalid control character": (
        "a string cannot hold a line break or tab as such; write \\n or \\t"
    ),
    "Invalid \\escape": "this \\ escape is not valid JSON",
    "Invalid \\uXXXX escape": "this \\u escape is not valid JSON (\\u and four hex digits)",
}


def json_values(text: str, start: int = 0) -> Iterator[tuple[int, object] | RecordError]:
    """Each JSON value in the text and where it starts (one, an array, or one a line), or
    the error that stopped one.

    Values are read one after another, so JSON Lines need nothing special until a line is
    broken: then, if every line from there on starts a game, each is read on its own, so the
    broken line is reported on its own line and the next lines are still read. Otherwise
    malformed JSON ends the reading, as nothing after it can be trusted.
    """
    i = skip_space(text, start)
    while i < len(text):
        try:
            value, after = _decode_one(text, i)
        except RecordError as e:
            line_start = text.rfind("\n", 0, i) + 1
            lines = text[line_start:].split("\n")
            if all(line.startswith(("{", "[")) for line in lines if line.strip()):
                yield from _json_lines(lines, text.count("\n", 0, line_start), line_start)
            else:
                yield e
            return
        yield i, value
        i = skip_space(text, after)


def _json_lines(
    lines: list[str], lines_before: int, offset: int
) -> Iterator[tuple[int, object] | RecordError]:
    """JSON Lines read a line at a time: each value and where it starts, or each error."""
    for line_no, line in enumerate(lines, start=lines_before + 1):
        j = skip_space(line, 0)
        if j < len(line):
            try:
                value, after = _decode_one(line, j)
                if line[after:].strip():
                    raise RecordError(
                        "malformed JSON: expected the end of the line here (JSON Lines hold "
                        "one game a line)",
                        1,
                        after + 1,
                    )
            except RecordError as e:
                e.line = line_no  # the line was decoded on its own, as line 1
                yield e
            else:
                yield offset + j, value
        offset += len(line) + 1


def _decode_one(text: str, i: int) -> tuple[object, int]:
    """The JSON value starting at ``i`` and the offset after it; a game or a list of games."""
    try:
        value, after = guarded_decoder().raw_decode(text, i)
    except json.JSONDecodeError as e:
        words = _DECODE_WORDS.get(e.msg.split(" at")[0], e.msg)
        _, path = path_at(text, i, stop=e.pos)
        where = json_pointer(path)
        prefix = f"{where[1:]}: " if where else ""
        raise RecordError(
            f"{prefix}malformed JSON: {words}", e.lineno, e.colno, pointer=where
        ) from None
    except RecursionError:
        limit = MAX_DEPTH + (1 if text[i] == "[" else 0)
        offset, path = path_at(text, i, max_depth=limit)
        line, column = line_column(text, offset)
        problem = DocumentProblem(
            path, f"nested too deeply: a game record is at most {MAX_DEPTH} levels deep"
        )
        raise record_error(problem, "", line, column) from None
    if not isinstance(value, dict | list):
        line, column = line_column(text, i)
        raise RecordError(
            f"expected a game (a JSON object {{ … }}) or a list of games, not {shown_value(value)}",
            line,
            column,
        )
    return value, after


def located_game(text: str, start: int, obj: object, at: DocumentPath) -> Game:
    """The game ``obj`` decoded from the JSON value at offset ``start`` of ``text`` (at
    ``at`` in that value), checked carefully: its problem, if any, raised as a
    :class:`RecordError` at the line and column of the value it is about."""
    try:
        return checked_game(obj, at)
    except DocumentProblem as p:
        line, column = line_column(text, value_offset(text, start, p.path))
        raise record_error(p, "", line, column) from None

