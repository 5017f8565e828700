"""Notation and JSON are one record: random games of every rule set and option, written in
both forms, read back to equal games and give equal findings (issue 15).

The games are random legal ones (:mod:`notation.rules.dealing`) under tables drawn as in
``test_properties``, with comments and a slip or two (a trump the table may not allow, plays
swapped, a score miswritten) so that there are findings to compare. A second property holds
JSON written by hand to the same: a document that leaves out fields the schema makes
optional (the list is read from ``game.schema.json``) reads as the notation that leaves out
the same things, the table's rules filling in what both leave unsaid.
"""

from __future__ import annotations

import copy
import json
import random
import re
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, note, settings
from hypothesis import strategies as st

from notation.check.validate import check_game
from notation.errors import NotationError
from notation.formats import text
from notation.formats.json import form as json_form
from notation.model.contracts import Trump
from notation.model.findings import Finding
from notation.model.game import Comment, Game, Hand, ScoreKind, ScoreLine
from notation.model.rule_sets import RuleSet
from notation.resources import read_resource
from notation.rules.dealing import random_game

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parents[2]))
from test_properties import tables

# ---- the schema's optional fields ----


def _optional_fields() -> list[tuple[str, str]]:
    """Each (definition, field) of the schema that a document may leave out: a property that
    is neither required nor required under a condition (as an end laydown's seat is)."""
    schema = json.loads(read_resource("schemas", "game.schema.json"))
    found = []
    for name, definition in schema["$defs"].items():
        required = set(definition.get("required", ()))
        required |= set(definition.get("then", {}).get("required", ()))
        found += [(name, f) for f in definition.get("properties", {}) if f not in required]
    return found


OPTIONAL = _optional_fields()


def _shapes(
    schema: dict[str, Any], node: dict[str, Any], value: Any, name: str | None = None
) -> list[tuple[str | None, dict[str, Any]]]:
    """The parts of the schema a value meets at ``node``, each with the name of the
    definition it belongs to: the node, and the branches of its anyOf and allOf that
    describe an object, when the value is one (a play written as an object, say)."""
    if "$ref" in node:
        name = str(node["$ref"]).rsplit("/", 1)[-1]
        node = schema["$defs"][name]
    shapes = [(name, node)]
    for key in ("anyOf", "allOf"):
        for branch in node.get(key, ()):
            target = branch
            if "$ref" in branch:
                target = schema["$defs"][str(branch["$ref"]).rsplit("/", 1)[-1]]
            if isinstance(value, dict) and (
                target.get("type") == "object" or "properties" in target
            ):
                shapes += _shapes(schema, branch, value, name)
    return shapes


def left_out(doc: dict[str, Any], fields: set[tuple[str, str]]) -> dict[str, Any]:
    """A copy of a game document without the given optional fields, wherever they are."""
    schema = json.loads(read_resource("schemas", "game.schema.json"))

    def walk(value: Any, node: dict[str, Any]) -> None:
        shapes = _shapes(schema, node, value)
        if isinstance(value, dict):
            for field in list(value):
                if any((name, field) in fields for name, _ in shapes):
                    del value[field]
                    continue
                for _, shape in shapes:
                    if field in shape.get("properties", {}):
                        walk(value[field], shape["properties"][field])
        elif isinstance(value, list):
            for _, shape in shapes:
                if "items" in shape:
                    for item in value:
                        walk(item, shape["items"])

    copied = copy.deepcopy(doc)
    walk(copied, schema)
    return copied


# ---- the same left out of a game, for its notation ----

_Edit = Callable[[Any], Any]


def _no_comments(before: bool, after: bool) -> _Edit:
    def edit(item: Any) -> Any:
        return replace(
            item,
            before=() if before else item.before,
            after=() if after else item.after,
        )

    return edit


def _edit_hand(hand: Hand, what: str, edit: _Edit) -> Hand:
    """``hand`` with ``edit`` made to every item of the kind ``what`` names."""
    if what == "hand":
        return replace(hand, header=edit(hand.header))
    if what == "holding":
        return replace(hand, deal=tuple(map(edit, hand.deal)))
    if what == "auction":
        return replace(hand, auction=hand.auction and edit(hand.auction))
    if what == "trump":
        return replace(hand, trump=hand.trump and edit(hand.trump))
    if what == "ending":
        return replace(hand, ending=hand.ending and edit(hand.ending))
    if what == "call":
        auction = hand.auction
        if auction is None:
            return hand
        return replace(hand, auction=replace(auction, calls=tuple(map(edit, auction.calls))))
    if what == "trick":
        return replace(hand, tricks=tuple(map(edit, hand.tricks)))
    if what == "play":
        tricks = tuple(replace(t, plays=tuple(map(edit, t.plays))) for t in hand.tricks)
        return replace(hand, tricks=tricks)
    assert what == "score"
    return replace(hand, scores=tuple(map(edit, hand.scores)))


_LINES = ("hand", "holding", "auction", "trump", "trick", "ending", "score")
_INLINE = ("call", "play")


def _without_part(hand: Hand, part: str) -> Hand:
    """``hand`` without the part its document's field ``part`` holds."""
    if part == "deal":
        return replace(hand, deal=())
    if part == "auction":
        return replace(hand, auction=None)
    if part == "trump":
        return replace(hand, trump=None)
    if part == "ending":
        return replace(hand, ending=None)
    if part == "tricks":
        return replace(hand, tricks=())
    kind = ScoreKind(part)  # points, marks or total
    return replace(hand, scores=tuple(s for s in hand.scores if s.kind is not kind))


def game_left_out(game: Game, fields: set[tuple[str, str]]) -> tuple[Game, bool]:
    """``game`` without what leaving ``fields`` out of its document leaves out, and whether
    its trump lines must name no doubles (which the model cannot say, only the text)."""
    tags = game.tags
    hands = list(game.hands)
    for definition, field in sorted(fields):
        if definition.startswith("variation"):
            # Inside a variation: what leaving it out leaves out of the main line's items'
            # variations, which the games drawn here hold none of (the variations' own
            # round trips are tests/notation/formats/text/test_variation_properties.py's).
            assert not any(_has_variations(h) for h in hands)
        elif field == "comments" or definition in ("comments", "inlineComments"):
            before = field in ("comments", "before")
            after = field in ("comments", "after")
            if definition == "comments":
                kinds: tuple[str, ...] = ("tag", *_LINES)
            elif definition == "inlineComments":
                kinds = _INLINE
            else:
                kinds = (definition,)
            edit = _no_comments(before, after)
            if "tag" in kinds:
                tags = tuple(map(edit, tags))
            hands = _each(hands, kinds, edit)
        elif definition == "trump" and field == "seat":
            hands = _each(hands, ("trump",), lambda t: replace(t, seat=None))
        elif definition == "trump" and field == "contract":
            hands = _each(hands, ("trump",), lambda t: replace(t, trump=replace(t.trump,
                                                                               special=None)))
        elif definition == "call" and field == "contract":  # 4m-plunge written as 4m
            hands = _each(hands, ("call",), lambda c: replace(c, bid=c.bid.plain))
        elif definition == "hand":
            hands = [_without_part(h, field) for h in hands]
        elif definition in (*_INLINE, "trump") and field in ("glyph", "variations"):
            hands = _each(hands, (definition,), _without_annotation(field))
        elif (definition, field) != ("trump", "doubles"):
            raise AssertionError(f"what does leaving out {definition}.{field} mean?")
    return Game(tags, tuple(hands)), ("trump", "doubles") in fields


def _without_annotation(field: str) -> _Edit:
    """An edit that takes an item's glyph or its variations away."""
    empty: object = None if field == "glyph" else ()

    def edit(item: Any) -> Any:
        return replace(item, **{field: empty})

    return edit


def _has_variations(hand: Hand) -> bool:
    calls = hand.auction.calls if hand.auction is not None else ()
    plays = [p for t in hand.tricks for p in t.plays]
    trump = (hand.trump,) if hand.trump is not None else ()
    return any(item.variations for item in (*calls, *trump, *plays))


def _each(hands: list[Hand], kinds: tuple[str, ...], edit: _Edit) -> list[Hand]:
    out = []
    for hand in hands:
        for kind in kinds:
            if kind != "tag":
                hand = _edit_hand(hand, kind, edit)
        out.append(hand)
    return out


_DOUBLES_WORD = re.compile(r" doubles-[a-z-]+")


def without_doubles_words(record: str) -> str:
    """Notation whose trump lines name no doubles option (comments are braced or after ;)."""
    lines = []
    for line in record.split("\n"):
        if line.startswith("trump "):
            call, brace, rest = line.partition(" {")
            call, semi, comment = call.partition(" ;")
            line = _DOUBLES_WORD.sub("", call) + semi + comment + brace + rest
        lines.append(line)
    return "\n".join(lines)


# ---- games with comments and slips ----

# Trump calls of every kind, as (contract, trump word, doubles word): legal or not at a table.
CALLS = [
    (None, "sixes", None), (None, "doubles", None), (None, "follow-me", None),
    (None, "follow-me", "doubles-low"), (None, "follow-me", "doubles-own-suit"),
    ("nello", "", None), ("nello", "", "doubles-high"), ("nello", "", "doubles-low"),
    ("nello", "", "doubles-own-suit-inverted"), ("low-no", "", None), ("sevens", "", None),
    ("plunge", "fives", None), ("splash", "follow-me", None), ("plunge", "doubles", None),
]
words = st.text(st.sampled_from("abc XYZ-é,.'!?0123"), min_size=1, max_size=8).map(str.strip)
line_comments = st.tuples(
    st.lists(st.builds(Comment, words, st.booleans()), max_size=2),
    st.lists(st.builds(Comment, words, st.just(True)), max_size=2),
    st.lists(st.builds(Comment, words, st.just(False)), max_size=1),
).map(lambda c: (tuple(c[0]), tuple(c[1] + c[2])))


def _commented(before: tuple[Comment, ...], after: tuple[Comment, ...]) -> _Edit:
    def edit(item: Any) -> Any:
        return replace(item, before=before, after=after)

    return edit


@st.composite
def records(draw: st.DrawFn) -> Game:
    """A random legal game at a random table, with comments and perhaps a few slips."""
    rules: RuleSet = draw(tables)
    game = random_game(random.Random(draw(st.integers(0, 2**32 - 1))), rules)
    hands = list(game.hands[: draw(st.integers(1, 3))])  # a few hands are enough
    note(f"{len(hands)} hands at {rules.options()}")
    for _ in range(draw(st.integers(0, 3))):
        h = draw(st.integers(0, len(hands) - 1))
        hand = hands[h]
        slip = draw(st.sampled_from(["trump", "swap", "score", "comment", "inline"]))
        if slip == "trump" and hand.trump is not None:
            special, word, doubles = draw(st.sampled_from(CALLS))
            trump = Trump.parse(word, doubles, rules.follow_me_doubles, special=special,
                                nello_doubles=rules.nello_doubles)
            hand = replace(hand, trump=replace(hand.trump, trump=trump))
        elif slip == "swap" and hand.tricks:
            k = draw(st.integers(0, len(hand.tricks) - 1))
            trick = hand.tricks[k]
            plays = trick.plays[1:] + trick.plays[:1]
            tricks = list(hand.tricks)
            tricks[k] = replace(trick, plays=plays)
            hand = replace(hand, tricks=tuple(tricks))
        elif slip == "score" and hand.scores:
            first = hand.scores[0]
            score = ScoreLine(first.kind, first.ns + 1, first.ew)
            hand = replace(hand, scores=(score, *hand.scores[1:]))
        elif slip == "comment":
            kind = draw(st.sampled_from(_LINES))
            before, after = draw(line_comments)
            hand = _edit_hand(hand, kind, _commented(before, after))
        elif slip == "inline":
            kind = draw(st.sampled_from(_INLINE))
            after = tuple(draw(st.lists(st.builds(Comment, words, st.just(True)), max_size=1)))
            hand = _edit_hand(hand, kind, _commented((), after))
        hands[h] = hand
    tags = game.tags
    if draw(st.booleans()):
        before, after = draw(line_comments)
        tags = (replace(tags[0], before=before, after=after), *tags[1:])
    return Game(tags, tuple(hands))


# ---- reading both forms ----


def _unplaced(findings: tuple[Finding, ...]) -> list[Finding]:
    """Findings without their place in the text, which only notation has in the model."""
    return [replace(f, line=None, column=None) for f in findings]


def read_notation(record: str) -> Game | None:
    try:
        (game,) = text.loads(record)
    except NotationError:
        return None
    return game


def read_json(record: str) -> Game | None:
    try:
        (game,) = json_form.loads(record)
    except NotationError:
        return None
    return game


def assert_same_record(from_notation: Game | None, from_json: Game | None) -> None:
    """Both forms read alike (or both are refused), and the rules find the same in both."""
    assert (from_notation is None) == (from_json is None)
    if from_notation is None or from_json is None:
        return
    assert from_json == from_notation
    by_notation = check_game(from_notation, index=1)
    by_json = check_game(from_json, index=1)
    assert _unplaced(by_json.findings) == _unplaced(by_notation.findings)
    assert (by_json.marks, by_json.winner) == (by_notation.marks, by_notation.winner)


# ---- the properties ----


@settings(max_examples=60, deadline=None)
@given(records())
def test_notation_and_json_of_a_game_read_alike(game: Game) -> None:
    from_notation = read_notation(text.dumps(game))
    from_json = read_json(json_form.dumps(game))
    assert from_notation is not None
    assert_same_record(from_notation, from_json)
    note(str([f.code for f in check_game(from_notation).findings]))


@settings(max_examples=60, deadline=None)
@given(records(), st.sets(st.sampled_from(OPTIONAL)))
def test_json_leaving_out_optional_fields_reads_as_notation_leaving_them_out(
    game: Game, fields: set[tuple[str, str]]
) -> None:
    # From the game as read, where the comments sit as both forms put them.
    full = read_notation(text.dumps(game))
    assert full is not None
    doc = left_out(json_form.dumps_game(full), fields)
    shorter, no_doubles = game_left_out(full, fields)
    record = text.dumps(shorter)
    if no_doubles:
        record = without_doubles_words(record)
    note(record)
    assert_same_record(read_notation(record), read_json(json.dumps(doc)))


@pytest.mark.parametrize("field", OPTIONAL, ids=".".join)
@settings(max_examples=8, deadline=None)
@given(game=records())
def test_each_optional_field_left_out_reads_as_notation(
    field: tuple[str, str], game: Game
) -> None:
    full = read_notation(text.dumps(game))
    assert full is not None
    doc = left_out(json_form.dumps_game(full), {field})
    shorter, no_doubles = game_left_out(full, {field})
    record = text.dumps(shorter)
    if no_doubles:
        record = without_doubles_words(record)
    assert_same_record(read_notation(record), read_json(json.dumps(doc)))


def test_every_optional_field_is_left_out() -> None:
    """The list is the schema's: each object's properties that are not required."""
    assert ("trump", "doubles") in OPTIONAL
    assert ("hand", "tricks") in OPTIONAL
    assert ("ending", "seat") not in OPTIONAL  # required when the hand was laid down
    assert ("trick", "plays") not in OPTIONAL
    doc = json_form.dumps_game(text.loads(_SAMPLE_WITH_EVERYTHING)[0])
    stripped = left_out(doc, set(OPTIONAL))
    assert stripped["hands"] == [{"number": 1, "dealer": "N"}]
    assert stripped["tags"][0] == {"name": "Event", "value": "club"}


_SAMPLE_WITH_EVERYTHING = """\
[Event "club"] { league }
[Rules "texas"]

hand 1 dealer N ; first
deal N 6-6 6-5 6-4 5-5 4-4 3-2 1-0
bid E pass S 30! { light } (S 31?) W pass N 1m
trump N nello doubles-high!? (trump N sevens)
1 N 6-6 6-3?? { forced } (6-2 6-1) 6-1
end set
points NS 0 EW 42
"""
