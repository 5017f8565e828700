"""What the fuzzer checks for each input: the reader's promises, as plain functions.

Each target takes raw bytes and raises ``AssertionError`` (or anything else) only when t42
breaks a promise: any input reads to located problems, findings or games, never an
exception; what reads whole checks cleanly and has a canonical form that is a fixed point;
JSON that loads has a canonical JSON form that is a fixed point and survives a trip
through the text form; the quick check of ``t42 validate`` vouches only for games in which
the reader and the full check find nothing, and the quick conversions of ``t42 convert``
write what the long way writes.
"""

from __future__ import annotations

from notation.archive.quick_check import clean_hands, clean_json_hands
from notation.archive.quick_convert import jsonl, notation
from notation.archive.reading import Unit, json_game, read_unit, render
from notation.check.validate import check_game
from notation.errors import RecordError
from notation.files import UnreadableInput, decode_source
from notation.formats.json import form as json_form
from notation.formats.text.reader import read_game, read_games, split_games
from notation.formats.text.writer import write_game


def _located(line: int | None, column: int | None, text: str) -> None:
    assert line is not None, "a problem without a line"
    assert column is not None, "a problem without a column"
    assert 1 <= line <= text.count("\n") + 1, f"line {line} is outside the text"
    assert column >= 1


def check_notation(data: bytes) -> None:
    try:
        text = decode_source(data, "fuzz")
    except UnreadableInput:
        return
    check_quick(text)
    for read in read_games(text):
        for problem in read.problems:
            _located(problem.line, problem.column, text)
        check_game(read.game, read.rules, read.index, read.unread_lines)
        if read.complete:
            canonical = write_game(read.game)
            again = list(read_games(canonical))
            assert len(again) == 1, "canonical text reads as another number of games"
            assert not again[0].problems, "canonical text does not read"
            assert write_game(again[0].game) == canonical, "canonical text is not a fixed point"


def check_quick(text: str) -> None:
    """What the quick check vouches for, the reader and the full check pass without a word."""
    for index, game in enumerate(split_games(text), start=1):
        hands = clean_hands(game)
        if hands is not None:
            read = read_game(game, index)
            found = check_game(read.game, read.rules, index, read.unread_lines).findings
            assert not read.problems, "the quick check vouched for a game that does not read"
            assert not found, "the quick check vouched for a game with findings"
            assert hands == len(read.game.hands), "the quick check miscounted the hands"
        line = jsonl(game)
        if line is not None:
            read = read_game(game, index)
            assert not read.problems, "converted the quick way a game that does not read"
            assert line == render(read.game, "jsonl"), "the quick way wrote another JSON line"
    for number, line in enumerate(text.splitlines(keepends=True), start=1):
        hands = clean_json_hands(line)
        if hands is not None:
            read = read_unit(Unit(1, json_line=(line, number)))
            found = check_game(read.game, read.rules, 1).findings
            assert not read.problems, "the quick check vouched for a line that does not read"
            assert not found, "the quick check vouched for a line with findings"
            assert hands == len(read.game.hands), "the quick check miscounted the hands"
        written = notation(line)
        if written is not None:
            read = read_unit(Unit(1, json_line=(line, number)))
            assert not read.problems, "converted the quick way a line that does not read"
            assert written == render(read.game, "t42"), "the quick way wrote other notation"


def check_json(data: bytes) -> None:
    try:
        text = decode_source(data, "fuzz")
    except UnreadableInput:
        return
    check_quick(text)
    for item in json_form.read_records(text):
        if isinstance(item, RecordError):
            _located(item.line, item.column, text)
            continue
        read = json_game(1, item, text)  # as the readers give it, unknown rules and all
        expected_problems = [p.code for p in read.problems]
        check_game(item, read.rules)
        canonical = json_form.dumps_game(item)
        again = json_form.dumps_game(json_form.loads_game(canonical))
        assert again == canonical, "canonical JSON is not a fixed point"
        try:
            written = write_game(item)
        except RecordError:
            # A line the notation cannot hold (a tag value or comment of thousands of
            # characters): the writer refuses in words, and the game goes to the rejects.
            return
        through_text = list(read_games(written))
        assert len(through_text) == 1, "JSON → text reads as another number of games"
        read_back = [p.code for p in through_text[0].problems]
        assert read_back == expected_problems, "JSON → text does not read"
        assert json_form.dumps_game(through_text[0].game) == canonical, "JSON → text → JSON"


def check(data: bytes) -> None:
    """The fuzzer's one entry: the first byte picks the target, the rest is the input."""
    if not data:
        return
    target = check_json if data[0] & 1 else check_notation
    target(data[1:])
