"""The JSON form of a game record: one JSON document per game, defined by ``game.schema.json``.

The JSON form holds everything the text form holds (tags, deal, auction, trump, tricks,
ending, score lines and every comment) but not where each item was written (spans). It is
canonical in the same ways as the text ``write_game`` writes: the roster tags first with
``?`` where unknown (standard tag names in their usual case), the deal in seat order with
each seat's tiles high to low, score lines as points, marks, total, 42 points bid as 1m, and
comments braced wherever the text form braces them (on bids and plays, and all but the last
after a line). So text → JSON → text gives the canonical text, JSON → text → JSON gives the
same JSON, and a game read from canonical text comes back from its JSON unchanged.

The functions mirror the :mod:`json` module. Every problem with the input raises
:class:`~notation.errors.RecordError` with the JSON Pointer of the offending value and, when
the input was text, its line and column.

>>> from notation.formats.text.reader import read_games
>>> text = '[Event "demo"]\\nhand 1 dealer N\\nbid E pass S 30 { light } W pass N pass\\n'
>>> game = next(read_games(text)).game
>>> doc = dumps_game(game)
>>> doc["hands"][0]["auction"]["calls"][1]
{'seat': 'S', 'bid': 30, 'comments': {'after': [{'text': 'light', 'braced': True}]}}
>>> loads(dumps(game)) == [game]
True
>>> loads('{"format": "t42-game", "version": 1, "tags": [],'
...       ' "hands": [{"number": 1, "dealer": "X"}]}')
Traceback (most recent call last):
...
notation.errors.RecordError: 1:84: hands/0/dealer: 'X' is not a seat (N, E, S or W)
"""

from __future__ import annotations

import bisect
import copy
import difflib
import json
import math
import re
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from functools import cache, lru_cache
from typing import Any, Protocol, cast

from notation.errors import RecordError
from notation.formats.json import fast as json_fast
from notation.formats.json.build import SCHEMA_FILE, build_game, with_spans
from notation.model.bids import Bid, BidError, BidKind
from notation.model.contracts import (
    PIP_NAMES,
    ContractError,
    DoublesRank,
    Special,
    Trump,
    TrumpKind,
)
from notation.model.game import (
    SCORE_ORDER,
    Auction,
    Comment,
    Ending,
    Game,
    Hand,
    HandHeader,
    Holding,
    ScoreLine,
    Span,
    Tag,
    Trick,
    TrumpCall,
    tag_name,
    with_roster,
)
from notation.model.tiles import Tile, TileError
from notation.resources import read_resource

FORMAT = "t42-game"
VERSION = 1
# A game document is about ten levels deep (game, hands, hand, tricks, trick, plays, play,
# comments, after, comment); anything far deeper is not a game and could exhaust the stack.
MAX_DEPTH = 24
# Larger numbers are refused before they are converted (Python limits int() to 4300 digits).
_MAX_DIGITS = 19

_Path = tuple[str | int, ...]  # where a value is in a document: field names and indexes

_SURROGATE = re.compile("[\ud800-\udfff]")
# What the schema refuses in names and comments (its patterns), for the writer's quick check.
_TAG_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]*")
# A ; comment ends at "\n" and only there, as the grammar's LINE_COMMENT: a carriage return,
# a form feed or U+2028 in one is text the notation reads, so the JSON form holds it too.
_LINE_BREAK = re.compile("\n")
_MARKS = re.compile(r"(0|[1-9][0-9]{0,14})m")
_LARGEST = 2**53 - 1  # the largest whole number every JSON reader keeps exactly
# Pretty JSON keeps an object or a list on one line when it fits in this width.
_WIDTH = 100


class _Source(Protocol):
    def read(self) -> str | bytes: ...


class _Sink(Protocol):
    def write(self, text: str, /) -> object: ...


# ---- the schema ----


@cache
def _schema() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(read_resource("schemas", SCHEMA_FILE))
    return loaded


def schema() -> dict[str, Any]:
    """The JSON Schema of a game document (a copy: change it freely)."""
    return copy.deepcopy(_schema())


@cache
def validator() -> Any:
    """The ``jsonschema.Draft202012Validator`` for game documents, built once."""
    # Imported here: a tenth of a second that a run needing no schema check should not pay.
    import jsonschema  # type: ignore[import-untyped, unused-ignore]

    return jsonschema.Draft202012Validator(_schema())


# ---- problems ----


class _Problem(Exception):
    """A problem found at ``path`` of a document, before it is located in any text."""

    def __init__(self, path: _Path, message: str) -> None:
        super().__init__(message)
        self.path = path
        self.message = message


def _pointer(path: Sequence[str | int]) -> str:
    """The JSON Pointer (RFC 6901) of a path: ``("hands", 0, "dealer")`` → ``/hands/0/dealer``."""
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in path)


def _record_error(
    problem: _Problem, prefix: str = "", line: int | None = None, column: int | None = None
) -> RecordError:
    where = _pointer(problem.path)[1:]
    message = f"{where}: {problem.message}" if where else problem.message
    return RecordError(prefix + message, line, column, pointer=_pointer(problem.path))


def _show(value: object) -> str:
    """A value as a player would recognise it in a message, kept short."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int) and value.bit_length() > 64:
        return "a very large number"
    if value is None:
        return "null"
    if isinstance(value, dict):
        return "an object { … }"
    if isinstance(value, list):
        return "a list [ … ]"
    shown = repr(value)
    return shown if len(shown) <= 40 else shown[:37] + "…"


# ---- from a game to a document ----


def dumps_game(game: Game) -> dict[str, Any]:
    """The JSON-ready document of one game, in canonical form (see the module docstring).

    Raises :class:`RecordError` for a game the JSON form cannot hold, which no game read
    from text is: a comment holding ``}`` inside braces, a tag written twice, hand 0 …
    """
    tags = with_roster(tuple(Tag(tag_name(t.name), t.value, *_notes(t)) for t in game.tags))
    doc: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "tags": [_line({"name": t.name, "value": t.value}, *_notes(t)) for t in tags],
        "hands": [_hand_doc(h, i) for i, h in enumerate(game.hands)],
    }
    if not _writable(doc):
        # The full check, for its words; the quick one is exact but says only yes or no.
        try:
            _check(doc, ())
        except _Problem as p:
            raise _record_error(p, "this game cannot be written as JSON: ") from None
    return doc


_Notes = tuple[tuple[Comment, ...], tuple[Comment, ...]]  # the comments before and after


def _clean(comments: Sequence[Comment], braced: bool = False) -> tuple[Comment, ...]:
    # Spaces around a comment are not kept by the text form either.
    if not comments:
        return ()  # most items have none: this is called a hundred times a hand
    return tuple(Comment(c.text.strip(), c.braced or braced) for c in comments)


def _line_after(after: tuple[Comment, ...]) -> tuple[Comment, ...]:
    """A line's closing comments as the text form writes them: a ; comment runs to the end
    of the line, so every one but the last is written braced."""
    return _clean(after[:-1], braced=True) + after[-1:]


def _settle(notes: Sequence[_Notes]) -> tuple[list[_Notes], tuple[Comment, ...]]:
    """Where the text form puts the comments on the bids or plays of a line.

    They are written braced; one between two items belongs to the earlier item, and one
    after the last item belongs to the line. Returns each item's comments and those that
    go to the line (before the line's own closing comments).
    """
    if not any(before or after for before, after in notes):
        return list(notes), ()
    settled: list[_Notes] = []
    for before, after in notes:
        before, after = _clean(before, braced=True), _clean(after, braced=True)
        if settled and before:
            settled[-1] = (settled[-1][0], settled[-1][1] + before)
            before = ()
        settled.append((before, after))
    if not settled:
        return settled, ()
    trailing = settled[-1][1]
    settled[-1] = (settled[-1][0], ())
    return settled, trailing


def _with_comments(
    doc: dict[str, Any], before: tuple[Comment, ...], after: tuple[Comment, ...]
) -> dict[str, Any]:
    comments: dict[str, Any] = {}
    if before:
        comments["before"] = [{"text": c.text, "braced": c.braced} for c in before]
    if after:
        comments["after"] = [{"text": c.text, "braced": c.braced} for c in after]
    if comments:
        doc["comments"] = comments
    return doc


def _line(
    doc: dict[str, Any],
    before: tuple[Comment, ...],
    after: tuple[Comment, ...],
    trailing: tuple[Comment, ...] = (),
) -> dict[str, Any]:
    """``doc`` with the comments of its line, ``trailing`` ones from its last item first."""
    if not (before or after or trailing):
        return doc
    return _with_comments(doc, _clean(before), _line_after(trailing + _clean(after)))


def bid_value(bid: Bid) -> str | int:
    """A bid as the JSON form writes it: ``"pass"``, a number of points, or ``"2m"``."""
    if bid.kind is BidKind.PASS:
        return "pass"
    if bid.kind is BidKind.POINTS:
        return bid.amount  # never 42 or 84: a Bid holds those as the marks they are
    return f"{bid.amount}m"


def trump_value(call: TrumpCall) -> dict[str, Any]:
    """A trump call as the JSON form writes it (its comments included)."""
    doc: dict[str, Any] = {}
    if call.seat is not None:
        doc["seat"] = call.seat.value
    trump = call.trump
    if trump.kind is TrumpKind.PIP:
        if trump.suit is None or not 0 <= trump.suit < len(PIP_NAMES):
            raise RecordError(
                f"this game cannot be written as JSON: {trump.suit} is not a pip suit (0 … 6)"
            )
        doc["suit"] = PIP_NAMES[trump.suit]
    elif trump.kind is TrumpKind.DOUBLES:
        doc["suit"] = "doubles"
    else:
        # Always written, so the record does not depend on the table's default.
        doc["suit"] = "follow-me"
        doc["doubles"] = trump.doubles.value
    if trump.special is not None:
        doc["contract"] = trump.special.value
    return _line(doc, call.before, call.after)


def _auction_doc(auction: Auction) -> dict[str, Any]:
    notes, trailing = _settle([(c.before, c.after) for c in auction.calls])
    calls = [
        _with_comments({"seat": c.seat.value, "bid": bid_value(c.bid)}, *note)
        for c, note in zip(auction.calls, notes, strict=True)
    ]
    return _line({"calls": calls}, auction.before, auction.after, trailing)


def _trick_doc(trick: Trick) -> dict[str, Any]:
    notes, trailing = _settle([(p.before, p.after) for p in trick.plays])
    plays: list[str | dict[str, Any]] = [
        _with_comments({"tile": str(p.tile)}, *note) if note != ((), ()) else str(p.tile)
        for p, note in zip(trick.plays, notes, strict=True)
    ]
    doc = {"number": trick.number, "leader": trick.leader.value, "plays": plays}
    return _line(doc, trick.before, trick.after, trailing)


def _hand_doc(hand: Hand, index: int) -> dict[str, Any]:
    header = hand.header
    doc = _line({"number": header.number, "dealer": header.dealer.value}, *_notes(header))
    if hand.deal:
        doc["deal"] = [
            _line(
                {"seat": h.seat.value, "tiles": [str(t) for t in sorted(h.tiles, reverse=True)]},
                *_notes(h),
            )
            for h in sorted(hand.deal, key=lambda h: h.seat.index)
        ]
    if hand.auction is not None:
        doc["auction"] = _auction_doc(hand.auction)
    if hand.trump is not None:
        doc["trump"] = trump_value(hand.trump)
    if hand.tricks:
        doc["tricks"] = [_trick_doc(t) for t in hand.tricks]
    if hand.ending is not None:
        e = hand.ending
        ending: dict[str, Any] = {"kind": e.kind.value}
        if e.seat is not None:
            ending["seat"] = e.seat.value
        doc["ending"] = _line(ending, *_notes(e))
    for score in sorted(hand.scores, key=lambda s: SCORE_ORDER.index(s.kind)):
        if score.kind.value in doc:
            raise RecordError(
                f"this game cannot be written as JSON: hand {header.number} has two "
                f"{score.kind.value} lines",
                pointer=_pointer(("hands", index, score.kind.value)),
            )
        doc[score.kind.value] = _line({"NS": score.ns, "EW": score.ew}, *_notes(score))
    return doc


def _notes(item: HandHeader | Holding | Ending | ScoreLine | Tag) -> _Notes:
    return item.before, item.after


# ---- checking a document ----


def _writable(doc: dict[str, Any]) -> bool:
    """Whether a document built from a game is valid; much quicker than the schema.

    A game's types are right by construction and the document's shape is fixed, so only what
    the model does not rule out is checked: names, free text (line breaks, braces and lone
    surrogates in tag values and comments; every other text is a seat, tile or word the
    writer chose) and the range of numbers (every number is a hand, trick, bid or score).
    """
    try:
        _check_meaning(doc, ())
    except _Problem:
        return False
    for tag in doc["tags"]:
        value = tag["value"]
        if (
            not _TAG_NAME.fullmatch(tag["name"])
            or "\n" in value
            or "\r" in value
            or _SURROGATE.search(value)
        ):
            return False
    items: list[tuple[dict[str, Any], bool]] = [(tag, False) for tag in doc["tags"]]
    for hand in doc["hands"]:
        if not _whole(hand["number"], 1):
            return False
        items.append((hand, False))
        items += ((holding, False) for holding in hand.get("deal", ()))
        if "auction" in hand:
            calls = hand["auction"]["calls"]
            if not calls or not all(_bid_writable(c["bid"]) for c in calls):
                return False
            items.append((hand["auction"], False))
            items += ((call, True) for call in calls)
        if "trump" in hand:
            nello = hand["trump"].get("contract") in (Special.NELLO.value, Special.LOW_NO.value)
            if hand["trump"].get("doubles") == DoublesRank.OWN_SUIT_INVERTED.value and not nello:
                return False  # a Nello option, which follow-me does not take
            items.append((hand["trump"], False))
        for trick in hand.get("tricks", ()):
            if not trick["plays"] or not _whole(trick["number"], 1):
                return False
            items.append((trick, False))
            items += ((play, True) for play in trick["plays"] if isinstance(play, dict))
        if "ending" in hand:
            ending = hand["ending"]
            if (ending["kind"] == "laydown") != ("seat" in ending):
                return False
            items.append((ending, False))
        for kind in SCORE_ORDER:
            score = hand.get(kind.value)
            if score is not None:
                if not (_whole(score["NS"], 0) and _whole(score["EW"], 0)):
                    return False
                items.append((score, False))
    return all(
        _comments_writable(item["comments"], inline) for item, inline in items if "comments" in item
    )


def _bid_writable(bid: str | int) -> bool:
    if isinstance(bid, str):
        return bid == "pass" or _MARKS.fullmatch(bid) is not None
    return _whole(bid, 0)


def _whole(value: object, least: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and least <= value <= _LARGEST


def _comments_writable(comments: Mapping[str, Any], inline: bool) -> bool:
    for key in ("before", "after"):
        for comment in comments.get(key, ()):
            text = comment["text"]
            if ((comment["braced"] or inline) and "}" in text) or _SURROGATE.search(text):
                return False
            if not comment["braced"] and _LINE_BREAK.search(text):
                return False
    after = comments.get("after", ())
    return inline or sum(not c["braced"] for c in after) <= 1


def _best_match(errors: list[Any]) -> Any:
    """The error of a schema check that says most (``jsonschema``'s choice)."""
    from jsonschema.exceptions import (  # type: ignore[import-untyped, unused-ignore]
        best_match as best,
    )

    return best(errors)


def _check(doc: object, at: _Path) -> None:
    """Raise :class:`_Problem` for the first thing wrong with a game document."""
    _survey(doc, at)
    errors = list(validator().iter_errors(doc))
    error = _best_match(errors)
    if error is not None:
        if error.validator == "required":
            # A field missing and an unknown one beside it is most likely a misspelling:
            # "did you mean" says more than "missing".
            error = next(
                (
                    e
                    for e in errors
                    if e.validator == "additionalProperties"
                    and e.absolute_path == error.absolute_path
                ),
                error,
            )
        path = tuple(error.absolute_path)
        problem_path, message = _explain(error, doc, path)
        raise _Problem(at + problem_path, message)
    assert isinstance(doc, dict)
    _check_meaning(doc, at)


class _Unreadable:
    """A value in the JSON text that no game can hold: a huge number, NaN or Infinity."""

    def __init__(self, text: str, why: str) -> None:
        self.text = text
        self.why = why


class _Object(dict[str, Any]):
    """A JSON object that names a field twice; JSON keeps only the last, so it is refused."""

    duplicate: str


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj = dict(pairs)
    if len(obj) == len(pairs):
        return obj
    seen: set[str] = set()
    marked = _Object(obj)
    for key, _ in pairs:
        if key in seen:
            marked.duplicate = key
            break
        seen.add(key)
    return marked


def _int(text: str) -> int | _Unreadable:
    if len(text.lstrip("-")) > _MAX_DIGITS:
        return _Unreadable(text, "too large")
    return int(text)


def _float(text: str) -> float | _Unreadable:
    value = float(text)
    return value if math.isfinite(value) else _Unreadable(text, "too large")


def _constant(text: str) -> _Unreadable:
    return _Unreadable(text, "not JSON")


@cache
def _decoder() -> json.JSONDecoder:
    return json.JSONDecoder(
        object_pairs_hook=_object, parse_int=_int, parse_float=_float, parse_constant=_constant
    )


def _survey(doc: object, at: _Path) -> None:
    """Refuse what the schema cannot see or would choke on, in document order, without recursion.

    That is: nesting too deep (or a loop, for a document built in Python), a field written
    twice, numbers too large to keep, NaN and Infinity, and text that is not characters.
    """
    stack: list[tuple[object, _Path, int]] = [(doc, at, 1)]
    while stack:
        value, path, depth = stack.pop()
        if isinstance(value, dict | list) and depth > MAX_DEPTH:
            raise _Problem(
                path, f"nested too deeply: a game record is at most {MAX_DEPTH} levels deep"
            )
        if isinstance(value, dict):
            if isinstance(value, _Object):
                raise _Problem(
                    (*path, value.duplicate),
                    f'"{value.duplicate}" is written twice in this object',
                )
            children: list[tuple[object, _Path, int]] = []
            for key, item in value.items():
                if isinstance(key, str) and _SURROGATE.search(key):
                    raise _Problem(path, f"the field name {key!r} holds a lone surrogate")
                children.append((item, (*path, key), depth + 1))
            stack.extend(reversed(children))
        elif isinstance(value, list):
            items = [(item, (*path, i), depth + 1) for i, item in enumerate(value)]
            stack.extend(reversed(items))
        elif isinstance(value, _Unreadable):
            if value.why == "too large":
                shown = value.text if len(value.text) <= 20 else value.text[:16] + "…"
                raise _Problem(path, f"the number {shown} is too large for a game record")
            raise _Problem(path, f"{value.text} is not a JSON value; write a number")
        elif isinstance(value, float) and not math.isfinite(value):
            raise _Problem(path, f"{value} is not a number a game record can hold")
        elif isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
            raise _Problem(path, "this number is too large for a game record")
        elif isinstance(value, str) and _SURROGATE.search(value):
            raise _Problem(
                path, "this text holds a lone surrogate (a \\ud800-\\udfff escape), not a character"
            )


def _check_meaning(doc: Mapping[str, Any], at: _Path) -> None:
    """What the schema cannot say: a tag written twice; a ; comment that is not last."""
    seen: dict[str, int] = {}
    for i, tag in enumerate(doc["tags"]):
        name = tag_name(tag["name"])
        if name in seen:
            raise _Problem(
                (*at, "tags", i, "name"),
                f"the {name} tag is written twice (first at tags/{seen[name]})",
            )
        seen[name] = i
        _check_after(tag, (*at, "tags", i))
    for h, hand in enumerate(doc["hands"]):
        here: _Path = (*at, "hands", h)
        _check_after(hand, here)
        for i, holding in enumerate(hand.get("deal", ())):
            _check_after(holding, (*here, "deal", i))
        for key in ("auction", "trump", "ending", "points", "marks", "total"):
            if key in hand:
                _check_after(hand[key], (*here, key))
        for i, trick in enumerate(hand.get("tricks", ())):
            _check_after(trick, (*here, "tricks", i))


def _check_after(item: Mapping[str, Any], path: _Path) -> None:
    after = item.get("comments", {}).get("after", ())
    for j, comment in enumerate(after[:-1]):
        if not comment["braced"]:
            raise _Problem(
                (*path, "comments", "after", j),
                "a ; comment runs to the end of its line, so it must be the last comment "
                "after the line: make it braced or move it last",
            )


# ---- schema errors in words ----

_OBJECT_WORDS: dict[str, str] = {
    "hands": "a hand",
    "deal": "a deal line",
    "auction": "the auction",
    "calls": "a call",
    "trump": "the trump",
    "tricks": "a trick",
    "plays": "a play",
    "ending": "the end line",
    "points": "a score line",
    "marks": "a score line",
    "total": "a score line",
    "tags": "a tag",
    "comments": "the comments",
    "before": "a comment",
    "after": "a comment",
}
_TYPE_WORDS: dict[str, str] = {
    "object": "an object { … }",
    "array": "a list [ … ]",
    "string": "a string in double quotes",
    "integer": "a whole number",
    "boolean": "true or false",
}
_VALUE_WORDS: dict[str, str] = {
    "seat": "is not a seat (N, E, S or W)",
    "dealer": "is not a seat (N, E, S or W)",
    "leader": "is not a seat (N, E, S or W)",
    "suit": "is not a trump: blanks, ones, deuces, treys, fours, fives, sixes, doubles "
    "or follow-me",
    "doubles": "is not a doubles option for follow-me: high, low or own-suit",
    "kind": "is not how a hand ends: made, set or laydown",
    "braced": "is not true or false (true for a { braced } comment, false for a ; comment)",
    "name": "is not a tag name: a letter, then letters, digits or _",
}


def _resolve(doc: object, path: _Path) -> object:
    for part in path:
        if isinstance(doc, dict):
            doc = doc.get(part)
        elif isinstance(doc, list) and isinstance(part, int) and 0 <= part < len(doc):
            doc = doc[part]
        else:
            return None
    return doc


def _object_name(path: _Path) -> str:
    """What the object at ``path`` is, in words: "a hand", "a trick" …"""
    for part in reversed(path):
        if isinstance(part, str):
            return _OBJECT_WORDS.get(part, f'"{part}"')
    return "a game"


def _field(path: _Path) -> str | None:
    """The field a value is in: the last name in its path (``tiles`` for ``tiles/3``)."""
    for part in reversed(path):
        if isinstance(part, str):
            return part
    return None


def _tile_words(value: object) -> str:
    if isinstance(value, str) and re.fullmatch(r"[0-9]+-[0-9]+", value):
        try:
            tile = Tile.parse(value)
        except TileError:
            return f"{_show(value)} is not a tile of the double-six set (ends run 0 … 6)"
        return f"{_show(value)} is written low end first: write it {str(tile)!r}"
    if isinstance(value, str):
        return f'{_show(value)} is not written like a tile ("6-4", high end first)'
    return f'a tile is written as a string like "6-4", not {_show(value)}'


def _bid_words(value: object) -> str:
    if isinstance(value, str):
        try:
            bid = Bid.parse(value)
        except BidError:
            bid = None
        if bid is not None and bid.kind is BidKind.POINTS:
            return f"write a bid in points as a number: {bid.amount}, not {_show(value)}"
        if bid is not None and str(bid) != value:
            return f"{_show(value)} is written {bid_value(bid)!r} in a record"
    return (
        f'{_show(value)} is not a bid: write "pass", points as a number like 30, '
        'or marks like "1m"'
    )


def _trump_words(value: object) -> str:
    if isinstance(value, str):
        try:
            trump = Trump.parse(value)
        except ContractError:
            pass
        else:
            word = "follow-me" if trump.kind is TrumpKind.FOLLOW_ME else str(trump)
            return f"{_show(value)} is written {word!r} in a record"
    return f"{_show(value)} {_VALUE_WORDS['suit']}"


def _comment_words(doc: object, path: _Path) -> str:
    comment = _resolve(doc, path[:-1])
    text = _resolve(doc, path)
    braced = isinstance(comment, dict) and comment.get("braced") is True
    inline = len(path) >= 6 and path[-6] in ("plays", "calls")
    if not isinstance(text, str):
        return f"a comment's text is a string in double quotes, not {_show(text)}"
    if "}" in text and (braced or inline):
        if inline and not braced:
            return "a comment on a bid or a play is written { braced }, so it cannot hold }"
        return "a { braced } comment cannot hold }, which would end it"
    return (
        "a ; comment runs to the end of its line, so it cannot hold a line break; "
        "make it braced"
    )


def _explain(error: Any, doc: object, path: _Path) -> tuple[_Path, str]:
    """A schema error in a player's words, and the path of the value to point at."""
    keyword: str = error.validator
    value: object = error.instance
    field = _field(path)
    last = path[-1] if path else None

    if keyword == "required":
        present = value if isinstance(value, dict) else {}
        missing = [k for k in error.validator_value if k not in present]
        name = missing[0] if missing else "?"
        if field == "ending" and name == "seat":
            return path, 'say who laid down: an end laydown needs its "seat"'
        return path, f'{_object_name(path)} needs "{name}"'
    if keyword == "additionalProperties" and isinstance(value, dict):
        known = list(error.schema.get("properties", {}))
        extra = next((k for k in value if k not in known), None)
        if extra is not None:
            close = difflib.get_close_matches(str(extra), known, n=1)
            hint = (
                f'; did you mean "{close[0]}"?'
                if close
                else f"; its fields are {', '.join(known)}"
            )
            return (*path, extra), f'"{extra}" is not a field of {_object_name(path)}{hint}'
    if keyword == "not" and field == "ending" and isinstance(value, dict):
        return (*path, "seat"), f"end {value.get('kind')} names no seat; only laydown does"
    if keyword == "not" and field == "trump" and isinstance(value, dict):
        return (
            (*path, "doubles"),
            f"a doubles option goes only with follow-me, not with {value.get('suit')}",
        )
    if keyword in ("contains", "maxContains") and field == "after":
        return path, (
            "only one ; comment can follow a line, and it comes last "
            "(it runs to the end of the line); make the others braced"
        )
    if keyword == "minItems":
        needs = {"calls": "an auction needs a call", "plays": "a trick needs a play"}
        return path, needs.get(str(field), f"{field} needs at least one item")
    if keyword == "const" and field == "format" and last == "format":
        return path, f'this is not a t42 game record: "format" is "{FORMAT}", not {_show(value)}'
    if keyword == "const" and field == "version" and last == "version":
        return path, (
            f"this record is written in version {_show(value)} of the t42 JSON form; "
            f"this t42 reads version {VERSION}"
        )
    if keyword == "maximum" or (
        isinstance(value, int) and not isinstance(value, bool) and value > _LARGEST
    ):
        return path, f"{_show(value)} is too large for a game record"

    # A value of the wrong kind: say what is expected in that field.
    if last == "tile" or (isinstance(last, int) and field in ("tiles", "plays")):
        return path, _tile_words(value)
    if field == "bid" and last == "bid":
        return path, _bid_words(value)
    if field == "suit" and last == "suit":
        return path, _trump_words(value)
    if field == "doubles" and value in ("own-suit-inverted", "doubles-own-suit-inverted"):
        return path, f"{_show(value)} is a Nello option; follow-me takes high, low or own-suit"
    if field == "doubles" and isinstance(value, str) and value.startswith("doubles-"):
        return path, f'{_show(value)} is written "{value.removeprefix("doubles-")}" in a record'
    if field == "text" and last == "text":
        return path, _comment_words(doc, path)
    if field == "value" and last == "value" and isinstance(value, str):
        return path, "a tag value is one line: it cannot hold a line break"
    if field == "number" and last == "number" and keyword == "minimum":
        which = "hand" if len(path) >= 3 and path[-3] == "hands" else "trick"
        return path, f"{which} numbers start at 1, not {_show(value)}"
    if field in ("NS", "EW") and keyword == "minimum":
        return path, f"a score is 0 or more, not {_show(value)}"
    if field in _VALUE_WORDS and last == field and keyword in ("enum", "pattern", "type", "const"):
        return path, f"{_show(value)} {_VALUE_WORDS[field]}"
    if keyword == "type" and not path:
        return path, f"a game is a JSON object {{ … }}, not {_show(value)}"
    if keyword == "type":
        expected = error.validator_value
        kinds = expected if isinstance(expected, list) else [expected]
        words = " or ".join(_TYPE_WORDS.get(str(k), str(k)) for k in kinds)
        return path, f"expected {words}, not {_show(value)}"
    return path, str(error.message)


# ---- from a document to a game ----


def loads_game(obj: object) -> Game:
    """The game a JSON-ready document (as :func:`json.loads` gives) holds.

    Raises :class:`RecordError` with the JSON Pointer of the first problem.
    """
    game = json_fast.document_game(obj)
    if game is not None:
        return game
    try:
        return _load(obj, ())
    except _Problem as p:
        raise _record_error(p) from None


def _load(obj: object, at: _Path) -> Game:
    """The game of a document found at ``at`` (a list of games puts an index there)."""
    try:
        _check(obj, at)
    except RecursionError:  # only for a validator deeper than the survey lets through
        raise _Problem(
            at, f"nested too deeply: a game record is at most {MAX_DEPTH} levels deep"
        ) from None
    assert isinstance(obj, dict)
    return build_game(obj)  # the builder the quick reader feeds too


# ---- JSON text ----


def dumps(
    games: Game | Mapping[str, Any] | Iterable[Game | Mapping[str, Any]],
    *,
    indent: int | None = None,
    lines: bool = False,
) -> str:
    """JSON text: one document for a game; for several, a JSON array, or JSON Lines if ``lines``.

    A game may also be given as a document, which is checked and written canonically, so
    ``dumps(loads_game(doc)) == dumps(doc)``. The text is deterministic (fields in a fixed
    order) and not ASCII-escaped, so names and comments stay readable. With ``indent``, an
    object or list that fits on a line stays on one. JSON Lines end every game with a
    newline and ignore ``indent``.
    """
    if isinstance(games, Game | Mapping):
        return _json_text(_document(games), indent)
    docs = [_document(g) for g in games]
    if lines:
        return "".join(_json_text(d, None) + "\n" for d in docs)
    return _json_text(docs, indent)


def _document(game: Game | Mapping[str, Any]) -> dict[str, Any]:
    return dumps_game(game if isinstance(game, Game) else loads_game(game))


def _json_text(obj: object, indent: int | None) -> str:
    if indent is None:
        return json.dumps(obj, ensure_ascii=False)
    return _pretty(obj, " " * indent, 0, 0)


def _pretty(obj: object, step: str, level: int, used: int) -> str:
    """Indented JSON that keeps each object or list on one line when it fits (a trick, a
    deal line, a call), so the JSON reads much like the text form. ``used`` is the width
    already taken on the first line."""
    flat = json.dumps(obj, ensure_ascii=False)
    # One more for the comma that may follow.
    if not isinstance(obj, dict | list) or len(step) * level + used + len(flat) + 1 <= _WIDTH:
        return flat
    inner = step * (level + 1)
    if isinstance(obj, dict):
        members = []
        for key, value in obj.items():
            name = json.dumps(key, ensure_ascii=False) + ": "
            members.append(inner + name + _pretty(value, step, level + 1, len(name)))
        if not members:
            return "{}"
        return "{\n" + ",\n".join(members) + "\n" + step * level + "}"
    if not obj:
        return "[]"
    items = ",\n".join(inner + _pretty(item, step, level + 1, 0) for item in obj)
    return "[\n" + items + "\n" + step * level + "]"


def dump(
    games: Game | Mapping[str, Any] | Iterable[Game | Mapping[str, Any]],
    fp: _Sink,
    *,
    indent: int | None = None,
    lines: bool = False,
) -> None:
    """Write :func:`dumps` to a text file, ending with a newline."""
    text = dumps(games, indent=indent, lines=lines)
    fp.write(text if lines else text + "\n")


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


# Where a game is in JSON text: the offset of the JSON value that holds it, and its path in
# that value, () for a game document or (index,) for a game in a list.
Place = tuple[int, _Path]


def read_placed_records(
    text: str | bytes | bytearray,
) -> Iterator[tuple[Game | RecordError, int, _Path]]:
    """:func:`read_records`, each game with its place (see :data:`Place`) in the text (without
    a byte order mark), for :func:`placed` to find its items in; an error's place is where
    its value starts."""
    if isinstance(text, bytes | bytearray):
        try:
            text = _utf8(bytes(text))
        except RecordError as e:
            yield e, 0, ()
            return
    text = text.removeprefix("\ufeff")
    # Each value is read quickly when it can be (a line of JSON Lines, or the whole text),
    # else carefully; either way the next value starts where the careful reader goes on.
    first = i = _skip_space(text, 0)
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
            i = _skip_space(text, end)
            continue
        try:
            value, after = _decode_one(text, i)
        except RecordError:
            # Malformed here: the careful reader goes on from here, as it would have.
            yield from _careful_records(text, i)
            return
        yield from _games_of(text, i, value, quick or ())
        i = _skip_space(text, after)


def _skip_space(text: str, i: int) -> int:
    return _WHITESPACE.match(text, i).end()  # type: ignore[union-attr]


def _line_end(text: str, i: int) -> int:
    end = text.find("\n", i)
    return len(text) if end < 0 else end


def _games_of(
    text: str, start: int, value: object, quick: Sequence[Game | None]
) -> Iterator[tuple[Game | RecordError, int, _Path]]:
    """The games of a value decoded carefully at ``start``, placed: each game the quick reader
    read of it (``quick`` holds one for each game, or is empty), else the careful reader's
    game or error."""
    games = enumerate(value) if isinstance(value, list) else [(None, value)]
    for index, game in games:
        at: _Path = () if index is None else (index,)
        found = quick[index or 0] if quick else None
        if found is not None:
            yield found, start, at
            continue
        try:
            yield _located(text, start, game, at), start, at
        except RecordError as e:
            yield e, start, at


def _careful_records(text: str, start: int) -> Iterator[tuple[Game | RecordError, int, _Path]]:
    """Each game from offset ``start`` on, or its error, decoded carefully and placed (after
    malformed JSON, JSON Lines are decoded a line at a time)."""
    for document in _documents(text, start):
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


def _line_column(text: str, offset: int) -> tuple[int, int]:
    offset = max(0, min(offset, len(text)))
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1


_WHITESPACE = re.compile(r"[ \t\n\r]*")
_NEWLINE = re.compile("\n")
# A JSON string, or one character of JSON structure.
_TOKEN = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|[\[\]{},:]', re.DOTALL)
_SCALAR = re.compile(r'[^\s,\]}]*')

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


def _documents(text: str, start: int = 0) -> Iterator[tuple[int, object] | RecordError]:
    """Each JSON value in the text and where it starts (one, an array, or one a line), or
    the error that stopped one.

    Values are read one after another, so JSON Lines need nothing special until a line is
    broken: then, if every line from there on starts a game, each is read on its own, so the
    broken line is reported on its own line and the next lines are still read. Otherwise
    malformed JSON ends the reading, as nothing after it can be trusted.
    """
    i = _skip_space(text, start)
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
        i = _WHITESPACE.match(text, after).end()  # type: ignore[union-attr]


def _json_lines(
    lines: list[str], lines_before: int, offset: int
) -> Iterator[tuple[int, object] | RecordError]:
    """JSON Lines read a line at a time: each value and where it starts, or each error."""
    for line_no, line in enumerate(lines, start=lines_before + 1):
        j = _WHITESPACE.match(line, 0).end()  # type: ignore[union-attr]
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
        value, after = _decoder().raw_decode(text, i)
    except json.JSONDecodeError as e:
        words = _DECODE_WORDS.get(e.msg.split(" at")[0], e.msg)
        _, path = _scan(text, i, stop=e.pos)
        where = _pointer(path)
        prefix = f"{where[1:]}: " if where else ""
        raise RecordError(
            f"{prefix}malformed JSON: {words}", e.lineno, e.colno, pointer=where
        ) from None
    except RecursionError:
        limit = MAX_DEPTH + (1 if text[i] == "[" else 0)
        offset, path = _scan(text, i, max_depth=limit)
        line, column = _line_column(text, offset)
        problem = _Problem(
            path, f"nested too deeply: a game record is at most {MAX_DEPTH} levels deep"
        )
        raise _record_error(problem, "", line, column) from None
    if not isinstance(value, dict | list):
        line, column = _line_column(text, i)
        raise RecordError(
            f"expected a game (a JSON object {{ … }}) or a list of games, not {_show(value)}",
            line,
            column,
        )
    return value, after


def _located(text: str, start: int, obj: object, at: _Path) -> Game:
    """Load one game of the text, giving any problem the line and column of its value."""
    try:
        return _load(obj, at)
    except _Problem as p:
        line, column = _line_column(text, _locate(text, start, p.path))
        raise _record_error(p, "", line, column) from None


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


def _scan(
    text: str, start: int, *, stop: int | None = None, max_depth: int | None = None
) -> tuple[int, _Path]:
    """Walk the JSON text from ``start`` keeping the path of where the walk is.

    Stops at offset ``stop``, at a container deeper than ``max_depth``, or at the end of
    the value; returns that offset and path. Works on malformed text too (approximately).
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
    i = _skip_space(text, start + 1)
    while i < len(text) and text[i] != "]":
        starts.append(i)
        i = _skip_space(text, _skip_value(text, i))
        if text[i : i + 1] != ",":
            break
        i = _skip_space(text, i + 1)
    return starts


def _value_offsets(text: str, start: int) -> dict[_Path, int]:
    """Where each value in the JSON value at ``start`` begins, by its path, in one walk."""
    offsets: dict[_Path, int] = {(): _skip_space(text, start)}
    for m, stack in _walk(text, start):
        token = m.group()
        if token == ":":  # the field's name is current
            offsets[tuple(s[1] for s in stack)] = _skip_space(text, m.end())
        elif token == "[":
            first = _skip_space(text, m.end())
            if text[first : first + 1] != "]":
                offsets[(*(s[1] for s in stack), 0)] = first
        elif token == "," and stack and not stack[-1][0]:  # the next item of a list
            path = tuple(s[1] for s in stack)
            offsets[(*path[:-1], path[-1] + 1)] = _skip_space(text, m.end())
    return offsets


def position(text: str, place: Place, path: _Path) -> tuple[int, int, str]:
    """The line and column in JSON text of the value at ``path`` in the game placed at
    ``place``, and its JSON Pointer (approximate for strange input: see :func:`_locate`)."""
    start, at = place
    line, column = _line_column(text, _locate(text, start, at + path))
    return line, column, _pointer(at + path)


def placed(
    game: Game, text: str, place: Place, hands: Collection[int] | None = None
) -> tuple[Game, Callable[[int, int], str | None]]:
    """A game read from JSON text with each item's span where it is written in the text (of
    the hands at the indexes ``hands`` only, when given), and a function that gives the JSON
    Pointer of the item at a line and column there.

    For a game with findings, to show where they are: it walks the game's text again.

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
            hand_start = _locate(text, game_start, here)
            offsets.update(
                ((*here, *path), offset)
                for path, offset in _value_offsets(text, hand_start).items()
            )
    line_starts = _line_starts(text)
    paths: dict[tuple[int, int], _Path] = {}

    def span_at(path: _Path) -> Span | None:
        offset = offsets.get(path)
        if offset is None:
            return None
        line = bisect.bisect_right(line_starts, offset)
        column = offset - line_starts[line - 1] + 1
        paths[line, column] = path
        return Span(line, column, line, column)

    def pointer_at(line: int, column: int) -> str | None:
        path = paths.get((line, column))
        return None if path is None else _pointer(at + path)

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


def _locate(text: str, start: int, path: _Path) -> int:
    """The offset of the value at ``path`` in the JSON value that starts at ``start``.

    Approximate for strange input (it stops at the deepest part of the path it finds) and
    never raises: at worst it answers ``start``.
    """

    def skip_space(j: int) -> int:
        return _WHITESPACE.match(text, j).end()  # type: ignore[union-attr]

    try:
        i = skip_space(start)
        for part in path:
            if i >= len(text):
                break
            if text[i] == "{":
                found = None
                j = skip_space(i + 1)
                while j < len(text) and text[j] == '"':
                    key_end = _skip_value(text, j)
                    key = json.loads(text[j:key_end])
                    j = skip_space(key_end)
                    if j >= len(text) or text[j] != ":":
                        break
                    j = skip_space(j + 1)
                    if key == str(part):
                        found = j  # the last wins, as for the decoder
                    j = skip_space(_skip_value(text, j))
                    if j >= len(text) or text[j] != ",":
                        break
                    j = skip_space(j + 1)
                if found is None:
                    break
                i = found
            elif text[i] == "[" and isinstance(part, int):
                j = skip_space(i + 1)
                for _ in range(part):
                    if j >= len(text) or text[j] == "]":
                        break
                    j = skip_space(_skip_value(text, j))
                    if j >= len(text) or text[j] != ",":
                        break
                    j = skip_space(j + 1)
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
