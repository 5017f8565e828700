"""The quick JSON reader agrees with the careful one, on valid records and on broken ones.

:func:`notation.formats.json.read_records` reads a record quickly (orjson, jsonschema-rs and a
direct builder, :mod:`notation.formats.json.fast`) when it can vouch for it, and otherwise carefully
(the guarded decoder and the pure-Python ``jsonschema``). These tests hold the quick reader to
the careful one on random legal games and on hypothesis' mutations of them: wrong types,
missing and extra fields, huge numbers, NaN, fields written twice, deep nesting, bad tiles,
bids and enums, comments of every kind, and the same documents written in other styles.

- jsonschema-rs and ``jsonschema`` agree on every document (one quirk of ``jsonschema``
  aside, see :func:`_ends_with_a_line_break`);
- whatever the quick reader vouches for, the careful checks pass and build the same game;
- :func:`read_records` gives the careful reader's games and errors, messages and places.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import jsonschema  # type: ignore[import-untyped, unused-ignore]
import orjson
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from notation.errors import RecordError
from notation.formats import json as json_form
from notation.formats.json import check, decode
from notation.formats.json import fast as json_fast
from notation.formats.json.document import DocumentProblem, record_error
from notation.formats.text.reader import read_games
from notation.line_ends import one_line_end
from notation.model.game import Game
from notation.model.rule_sets import RULE_SETS, rule_set
from notation.resources import read_resource
from notation.rules.dealing import random_game

SAMPLES = Path(__file__).parents[4] / "samples"
# Samples with comments, contracts and options of every kind.
SAMPLE_NAMES = ("full-game", "early-end", "laydown-refuted", "low-no", "nello", "options",
                "plunge", "points-game", "sevens", "splash", "texas-game", "renege")
# Text that readers stumble on, for comments, tag values and replaced strings.
AWKWARD = [*'abcXYZ {}[]":,;\\-_0123456789\t\n\r', "é", "\u2028", "\x85", "\x00", "😀"]

tables = st.builds(
    lambda name, follow_me, nello: rule_set(name).with_options(
        {"follow-me-doubles": follow_me, "nello-doubles": nello}
    ),
    st.sampled_from(list(RULE_SETS)),
    st.sampled_from(["high", "low", "own-suit"]),
    st.sampled_from(["own-suit", "high", "low", "own-suit-inverted"]),
)


@pytest.fixture(scope="module")
def schema_validator() -> Any:
    # From the schema file, independently of the modules' own cached validators.
    return jsonschema.Draft202012Validator(json.loads(read_resource("schemas", "game.schema.json")))


# ---- the readers side by side ----


def careful(text: str) -> list[Game | RecordError]:
    """What the careful reader alone gives: :func:`read_records` as it was before the quick
    reader (for text, not bytes), its line ends made one as every reader's are."""
    text = one_line_end(text.removeprefix("\ufeff"))
    found: list[Game | RecordError] = []
    for document in decode.json_values(text):
        if isinstance(document, RecordError):
            found.append(document)
            continue
        start, value = document
        games = enumerate(value) if isinstance(value, list) else [(None, value)]
        for index, game in games:
            at = () if index is None else (index,)
            try:
                found.append(decode.located_game(text, start, game, at))
            except RecordError as e:
                found.append(e)
    return found


def outcome(item: Game | RecordError) -> object:
    """A game, or everything an error tells: its words, place, pointer and code."""
    if isinstance(item, Game):
        return item
    return ("error", str(item), item.line, item.column, item.pointer, item.code)


def assert_reads_as_carefully(text: str) -> list[Game | RecordError]:
    quick = list(json_form.read_records(text))
    assert [outcome(i) for i in quick] == [outcome(i) for i in careful(text)]
    return quick


# ---- documents: valid ones, with comments, and mutated ones ----


def value_paths(doc: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The path of every value in a document, the document's own () first, in order."""
    found = [at]
    if isinstance(doc, dict):
        for key, value in doc.items():
            found += value_paths(value, (*at, key))
    elif isinstance(doc, list):
        for i, value in enumerate(doc):
            found += value_paths(value, (*at, i))
    return found


def _at(doc: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        doc = doc[key]
    return doc


@st.composite
def documents(draw: st.DrawFn) -> dict[str, Any]:
    """A valid game document: a random legal game (a hand or two of it) or a sample."""
    if draw(st.integers(0, 4)) == 0:
        name = draw(st.sampled_from(SAMPLE_NAMES))
        text = (SAMPLES / f"{name}.t42").read_text(encoding="utf-8")
        game = next(read_games(text)).game
        return json_form.dumps_game(Game(game.tags, game.hands[:2]))
    game = random_game(random.Random(draw(st.integers(0, 2**32 - 1))), draw(tables))
    hands = draw(st.integers(1, 2))
    return json_form.dumps_game(Game(game.tags, game.hands[:hands]))


comment_texts = st.text(st.sampled_from(AWKWARD), max_size=8)
comments = st.fixed_dictionaries(
    {},
    optional={
        "before": st.lists(st.fixed_dictionaries({"text": comment_texts, "braced": st.booleans()}),
                           max_size=2),
        "after": st.lists(st.fixed_dictionaries({"text": comment_texts, "braced": st.booleans()}),
                          max_size=3),
    },
)


@st.composite
def commented(draw: st.DrawFn) -> dict[str, Any]:
    """A document with comments added on some of its objects (and plays made objects), as
    a scorekeeper writes them, or in ways the record does not allow."""
    doc = draw(documents())
    objects = [p for p in value_paths(doc) if isinstance(_at(doc, p), dict) and "comments" not in p]
    for _ in range(draw(st.integers(1, 4))):
        path = draw(st.sampled_from(objects))
        _at(doc, path)["comments"] = draw(comments)
    for hand in doc["hands"]:
        for trick in hand.get("tricks", ())[:1]:
            trick["plays"][0] = {"tile": trick["plays"][0], "comments": draw(comments)}
    return doc


def _replacements() -> st.SearchStrategy[Any]:
    return st.one_of(
        st.none(),
        st.booleans(),
        st.integers(min_value=-(2**70), max_value=2**70),
        st.sampled_from([0, 1, 7, 30, 42, 84, 3.0, 30.0, 2**53 - 1, 2**53, 2**63, 2**64, -1]),
        st.floats(allow_nan=True, allow_infinity=True),
        st.text(st.sampled_from(AWKWARD), max_size=6),
        st.sampled_from(["N", "X", "n", "6-4", "4-6", "7-0", "pass", "Pass", "30", "1m", "1M",
                         "0m", "01m", "follow-me", "doubles-high", "own-suit-inverted", "nello",
                         "sevens", "laydown", "made", "t42-game", "Event", "rules", "Options"]),
        st.lists(st.integers(0, 3), max_size=3),
        st.dictionaries(st.sampled_from(["x", "seat", "tiles", "bid", "text", "braced"]),
                        st.integers(), max_size=2),
    )


@st.composite
def mutated(draw: st.DrawFn) -> dict[str, Any]:
    """A document with one to three values replaced, fields deleted or added, values nested
    deep, or tags duplicated; valid or not."""
    doc: dict[str, Any] = draw(st.one_of(documents(), commented()))
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(value_paths(doc)[1:]))
        parent, last = _at(doc, path[:-1]), path[-1]
        action = draw(st.sampled_from(["replace", "replace", "delete", "extra", "nest", "tag"]))
        if action == "replace":
            parent[last] = draw(_replacements())
        elif action == "delete":
            del parent[last]
        elif action == "extra" and isinstance(parent, dict):
            parent[draw(st.sampled_from(["surprise", "Seat", "comment", "tile"]))] = 1
        elif action == "nest":
            value: Any = parent[last]
            for _ in range(draw(st.sampled_from([1, 2, 15, 30, 300]))):
                value = [value]
            parent[last] = value
        elif action == "tag" and isinstance(doc.get("tags"), list):
            name = draw(st.sampled_from(["Event", "event", "Rules", "Scorer", "scorer"]))
            doc["tags"].append({"name": name, "value": "x"})
    return doc


# ---- writing documents as text, in several styles ----


def _written(value: Any, style: str) -> str:
    """JSON text of a value: as t42 writes it, compact, indented, spaced or ASCII-escaped."""
    if style == "compact":
        return json.dumps(value, allow_nan=True, separators=(",", ":"), ensure_ascii=False)
    if style == "indented":
        return json.dumps(value, allow_nan=True, indent=2, ensure_ascii=False)
    if style == "spaced":
        return json.dumps(value, allow_nan=True, separators=(" , ", " : "), ensure_ascii=False)
    if style == "ascii":
        return json.dumps(value, allow_nan=True)
    return json.dumps(value, allow_nan=True, ensure_ascii=False)


styles = st.sampled_from(["t42", "compact", "indented", "spaced", "ascii"])


def _with_field_twice(value: Any, path: tuple[Any, ...], first: Any, style: str) -> str:
    """JSON text of ``value`` with the object at ``path`` writing its first field twice:
    ``first`` as the first value, then the real one (which the decoders keep)."""
    colon = " : " if style == "spaced" else ": "

    def member(key: str, text: str) -> str:
        return _written(key, style) + colon + text

    if not path:
        key = next(iter(value))
        members = [member(key, _written(first, style))]
        members += [member(k, _written(v, style)) for k, v in value.items()]
        return "{" + ", ".join(members) + "}"

    def inner(at: str | int, item: Any) -> str:
        if at == path[0]:
            return _with_field_twice(item, path[1:], first, style)
        return _written(item, style)

    if isinstance(value, dict):
        return "{" + ", ".join(member(k, inner(k, v)) for k, v in value.items()) + "}"
    return "[" + ", ".join(inner(i, v) for i, v in enumerate(value)) + "]"


def _ends_with_a_line_break(value: Any) -> bool:
    """Whether a string in the value ends with a line break: ``jsonschema`` matches ``$`` of a
    pattern before it (Python's ``re.search``), so it lets a tag value or a ; comment end
    with one; jsonschema-rs does not. The careful reader decides such records."""
    if isinstance(value, str):
        return value.endswith("\n")
    if isinstance(value, dict):
        return any(_ends_with_a_line_break(v) for v in (*value, *value.values()))
    if isinstance(value, list):
        return any(_ends_with_a_line_break(v) for v in value)
    return False


# ---- the properties ----


def _check_agreement(doc: Any, schema_validator: Any) -> None:
    """jsonschema-rs agrees with jsonschema, and what the quick reader vouches for is what
    the careful reader accepts (both then feed the one builder, notation.formats.json.build)."""
    text = _written(doc, "t42")
    try:
        decoded = orjson.loads(text)
    except orjson.JSONDecodeError:
        return  # NaN, Infinity or a number beyond 64 bits: orjson leaves it to the careful one
    quick = json_fast.validator().is_valid(decoded)
    slow = schema_validator.is_valid(decoded)
    assert quick == slow or (slow and _ends_with_a_line_break(decoded)), (quick, slow)
    game = json_fast.game_of(decoded)
    if game is not None:
        check.check_document(decoded, ())  # raises if the careful reader refuses it


@settings(max_examples=200)
@given(documents())
def test_valid_documents_are_read_quickly_and_the_same(doc: dict[str, Any]) -> None:
    text = _written(doc, "t42")
    (game,) = assert_reads_as_carefully(text)
    assert isinstance(game, Game)
    # Vouched for: the careful reader was not needed.
    assert json_fast.games(text) == [game]
    assert json_fast.document_game(doc) == game


@settings(max_examples=200)
@given(commented())
def test_commented_documents_read_as_carefully(doc: dict[str, Any]) -> None:
    assert_reads_as_carefully(_written(doc, "t42"))


@settings(max_examples=1000)
@given(doc=mutated())
def test_the_validators_agree_and_what_the_quick_reader_vouches_for_is_accepted(
    doc: dict[str, Any], schema_validator: Any
) -> None:
    _check_agreement(doc, schema_validator)


def _carefully_loaded(doc: Any) -> Game | RecordError:
    """What :func:`json_form.loads_game` gave before the quick reader: the careful reader's."""
    try:
        return decode.checked_game(doc, ())
    except DocumentProblem as p:
        return record_error(p)


@settings(max_examples=300)
@given(st.one_of(documents(), mutated()), st.booleans())
def test_loads_game_gives_the_careful_game_or_error(doc: dict[str, Any], as_tuples: bool) -> None:
    if as_tuples and isinstance(doc.get("hands"), list):
        doc["hands"] = tuple(doc["hands"])  # not JSON as it is: the careful reader says so
    try:
        quick: Game | RecordError = json_form.loads_game(doc)
    except RecordError as e:
        quick = e
    assert outcome(quick) == outcome(_carefully_loaded(doc))


@settings(max_examples=400)
@given(mutated(), styles)
def test_mutated_documents_read_as_carefully(doc: dict[str, Any], style: str) -> None:
    assert_reads_as_carefully(_written(doc, style))


@settings(max_examples=300)
@given(st.one_of(documents(), commented()), st.data(), styles)
def test_a_field_written_twice_is_found_however_written(
    doc: dict[str, Any], data: st.DataObject, style: str
) -> None:
    objects = [p for p in value_paths(doc) if isinstance(_at(doc, p), dict) and _at(doc, p)]
    path = data.draw(st.sampled_from(objects))
    first = data.draw(st.one_of(_replacements(), st.just(next(iter(_at(doc, path).values())))))
    text = _with_field_twice(doc, path, first, style)
    (item,) = assert_reads_as_carefully(text)
    assert isinstance(item, RecordError)
    assert "is written twice in this object" in item.message


@settings(max_examples=60)
@given(st.lists(st.one_of(documents(), mutated()), min_size=1, max_size=3), styles, st.data())
def test_json_lines_and_arrays_read_as_carefully(
    docs: list[dict[str, Any]], style: str, data: st.DataObject
) -> None:
    lines = [_written(d, "compact" if style == "indented" else style) for d in docs]
    if data.draw(st.booleans()):
        # A line broken, a line of two games, a blank line or a line of NaN.
        i = data.draw(st.integers(0, len(lines) - 1))
        lines[i] = data.draw(st.sampled_from(
            [lines[i][: len(lines[i]) // 2], lines[i] + " " + lines[i], "", "NaN", "[]", "42"]
        ))
    ending = data.draw(st.sampled_from(["\n", "\r\n"]))
    assert_reads_as_carefully(ending.join(lines) + ending)
    assert_reads_as_carefully(_written(docs, style))
    assert_reads_as_carefully("\ufeff" + _written(docs, style))


# ---- cases worth naming ----

CASES = {
    "escaped field name": '"h\\u0061nds": [], "hands": []',
    "spaced duplicate": '"hands" : [], "hands": []',
    "number too large": '"hands": [{"number": 100000000000000000000, "dealer": "N"}]',
    "number beyond 64 bits as float": '"hands": [{"number": 18446744073709551616, "dealer": "N"}]',
    "whole float": '"hands": [{"number": 2.0, "dealer": "N", "points": {"NS": 30.0, "EW": 12}}]',
    "infinity": '"hands": [{"number": 1e400, "dealer": "N"}]',
    "nan": '"hands": [{"number": NaN, "dealer": "N"}]',
    "lone surrogate": '"hands": [], "tags": [{"name": "Event", "value": "\\ud800"}]',
    "surrogate pair": '"hands": [], "tags": [{"name": "Event", "value": "\\ud83d\\ude00"}]',
    "colon in a comment": '"hands": [{"number": 1, "dealer": "N", "comments": {"after": '
    '[{"text": "\\":\\" x\\\\\\":", "braced": true}]}}]',
    "string starting with a colon": '"hands": [], "tags": [{"name": "Event", "value": ": x"}]',
    "tag twice": '"hands": [], "tags": [{"name": "Event", "value": "a"}, '
    '{"name": "event", "value": "b"}]',
    "; comment not last": '"hands": [{"number": 1, "dealer": "N", "comments": {"after": '
    '[{"text": "a", "braced": false}, {"text": "b", "braced": true}]}}]',
    "tile twice in a trick": '"hands": [{"number": 1, "dealer": "N", "tricks": '
    '[{"number": 1, "leader": "N", "plays": ["6-4", "6-4", "5-5"]}]}]',
    "deep": '"hands": ' + "[" * 40 + "]" * 40,
    "nello with no doubles": '"hands": [{"number": 1, "dealer": "N", "trump": '
    '{"suit": "follow-me", "contract": "nello"}}]',
    "follow-me with no doubles": '"hands": [{"number": 1, "dealer": "N", "trump": '
    '{"suit": "follow-me"}}], "tags": [{"name": "Options", "value": "follow-me-doubles=low"}]',
    "plunge in a pip suit": '"hands": [{"number": 1, "dealer": "N", "trump": '
    '{"suit": "fives", "contract": "plunge"}}]',
    "bid of 84 points": '"hands": [{"number": 1, "dealer": "N", "auction": {"calls": '
    '[{"seat": "E", "bid": 84}, {"seat": "S", "bid": 30.0}, {"seat": "W", "bid": "3m"}]}}]',
    "tag value ending with a line break": '"hands": [], '
    '"tags": [{"name": "Event", "value": "a\\n"}]',
}


def _document_text(members: str) -> str:
    tags = "" if '"tags"' in members else '"tags": [], '
    return '{"format": "t42-game", "version": 1, ' + tags + members + "}"


@pytest.mark.parametrize("members", CASES.values(), ids=CASES.keys())
def test_named_cases_read_as_carefully(members: str) -> None:
    text = _document_text(members)
    for written in (text, text + "\n" + text, "[" + text + ", " + text + "]"):
        assert_reads_as_carefully(written)


def test_plays_of_a_trick_are_distinct_objects_even_for_a_tile_written_twice() -> None:
    text = _document_text(CASES["tile twice in a trick"])
    (game,) = json_fast.games(text) or [None]
    assert game is not None
    plays = game.hands[0].tricks[0].plays
    assert plays[0] == plays[1]
    assert plays[0] is not plays[1]


def test_after_a_broken_line_the_next_lines_are_still_read_quickly() -> None:
    game = random_game(random.Random(5), rule_set("straight"))
    line = json_form.dumps(game)
    text = "\n".join([line[:100], line, line, "{", line]) + "\n"
    found = assert_reads_as_carefully(text)
    assert [isinstance(i, Game) for i in found] == [False, True, True, False, True]
    assert found[1] == game


def test_the_quick_reader_leaves_what_it_cannot_vouch_for() -> None:
    assert json_fast.games("[1, 2") is None
    assert json_fast.games("42") is None
    assert json_fast.games("[]") == []
    assert json_fast.games('[{"format": "t42-game"}]') == [None]


def test_an_archive_read_whole_is_the_same_as_line_by_line() -> None:
    rng = random.Random(7)
    games = [random_game(rng, rule_set("straight")) for _ in range(20)]
    text = json_form.dumps(games, lines=True)
    assert json_form.loads(text) == games
    assert [g for line in text.splitlines() for g in json_form.read_records(line)] == games
    assert json_form.loads(json_form.dumps(games, indent=2)) == games
