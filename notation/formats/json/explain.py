"""A schema error in a player's words, and the value to point at.

>>> from notation.formats.json.check import validator
>>> error = next(validator().iter_errors({"format": "t42-game", "version": 1, "tags": []}))
>>> explain_schema_error(error, {}, ())
((), 'a game needs "hands"')
"""

from __future__ import annotations

import difflib
import re
from typing import Any

from notation.formats.json.document import (
    FORMAT,
    LARGEST_WHOLE,
    VERSION,
    DocumentPath,
    bid_value,
    shown_value,
)
from notation.model.bids import Bid, BidError, BidKind
from notation.model.contracts import (
    ContractError,
    Trump,
    TrumpKind,
)
from notation.model.tiles import Tile, TileError

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


def _resolve(doc: object, path: DocumentPath) -> object:
    for part in path:
        if isinstance(doc, dict):
            doc = doc.get(part)
        elif isinstance(doc, list) and isinstance(part, int) and 0 <= part < len(doc):
            doc = doc[part]
        else:
            return None
    return doc


def _object_name(path: DocumentPath) -> str:
    """What the object at ``path`` is, in words: "a hand", "a trick" …"""
    for part in reversed(path):
        if isinstance(part, str):
            return _OBJECT_WORDS.get(part, f'"{part}"')
    return "a game"


def _field(path: DocumentPath) -> str | None:
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
            return f"{shown_value(value)} is not a tile of the double-six set (ends run 0 … 6)"
        return f"{shown_value(value)} is written low end first: write it {str(tile)!r}"
    if isinstance(value, str):
        return f'{shown_value(value)} is not written like a tile ("6-4", high end first)'
    return f'a tile is written as a string like "6-4", not {shown_value(value)}'


def _bid_words(value: object) -> str:
    if isinstance(value, str):
        try:
            bid = Bid.parse(value)
        except BidError:
            bid = None
        if bid is not None and bid.kind is BidKind.POINTS:
            return f"write a bid in points as a number: {bid.amount}, not {shown_value(value)}"
        if bid is not None and str(bid) != value:
            return f"{shown_value(value)} is written {bid_value(bid)!r} in a record"
    return (
        f'{shown_value(value)} is not a bid: write "pass", points as a number like 30, '
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
            return f"{shown_value(value)} is written {word!r} in a record"
    return f"{shown_value(value)} {_VALUE_WORDS['suit']}"


def _comment_words(doc: object, path: DocumentPath) -> str:
    comment = _resolve(doc, path[:-1])
    text = _resolve(doc, path)
    braced = isinstance(comment, dict) and comment.get("braced") is True
    inline = len(path) >= 6 and path[-6] in ("plays", "calls")
    if not isinstance(text, str):
        return f"a comment's text is a string in double quotes, not {shown_value(text)}"
    if "}" in text and (braced or inline):
        if inline and not braced:
            return "a comment on a bid or a play is written { braced }, so it cannot hold }"
        return "a { braced } comment cannot hold }, which would end it"
    if "\r" in text:
        return ("a comment cannot hold a carriage return (\\r), which the notation reads as "
                "a line end")
    return (
        "a ; comment runs to the end of its line, so it cannot hold a line break; "
        "make it braced"
    )


def explain_schema_error(error: Any, doc: object, path: DocumentPath) -> tuple[DocumentPath, str]:
    """A schema error in a player's words, and the path of the value to point at."""
    shape = _shape_words(error, path)
    if shape is not None:
        return shape
    return path, _kind_words(error, doc, path)


def _shape_words(error: Any, path: DocumentPath) -> tuple[DocumentPath, str] | None:
    """What is wrong with the shape of the value at ``path`` (a field missing or unknown, an
    empty list, a wrong format or version, a number too large), or None for a value of the
    wrong kind."""
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
        return path, (
            f'this is not a t42 game record: "format" is "{FORMAT}", not {shown_value(value)}'
        )
    if keyword == "const" and field == "version" and last == "version":
        return path, (
            f"this record is written in version {shown_value(value)} of the t42 JSON form; "
            f"this t42 reads version {VERSION}"
        )
    if keyword == "maximum" or (
        isinstance(value, int) and not isinstance(value, bool) and value > LARGEST_WHOLE
    ):
        return path, f"{shown_value(value)} is too large for a game record"
    return None


def _kind_words(error: Any, doc: object, path: DocumentPath) -> str:
    """A value of the wrong kind at ``path``: what is expected in that field."""
    keyword: str = error.validator
    value: object = error.instance
    field = _field(path)
    last = path[-1] if path else None

    if last == "tile" or (isinstance(last, int) and field in ("tiles", "plays")):
        return _tile_words(value)
    if field == "bid" and last == "bid":
        return _bid_words(value)
    if field == "suit" and last == "suit":
        return _trump_words(value)
    if field == "doubles" and value in ("own-suit-inverted", "doubles-own-suit-inverted"):
        return f"{shown_value(value)} is a Nello option; follow-me takes high, low or own-suit"
    if field == "doubles" and isinstance(value, str) and value.startswith("doubles-"):
        return f'{shown_value(value)} is written "{value.removeprefix("doubles-")}" in a record'
    if field == "text" and last == "text":
        return _comment_words(doc, path)
    if field == "value" and last == "value" and isinstance(value, str):
        return "a tag value is one line: it cannot hold a line break"
    if field == "number" and last == "number" and keyword == "minimum":
        which = "hand" if len(path) >= 3 and path[-3] == "hands" else "trick"
        return f"{which} numbers start at 1, not {shown_value(value)}"
    if field in ("NS", "EW") and keyword == "minimum":
        return f"a score is 0 or more, not {shown_value(value)}"
    if field in _VALUE_WORDS and last == field and keyword in ("enum", "pattern", "type", "const"):
        return f"{shown_value(value)} {_VALUE_WORDS[field]}"
    if keyword == "type" and not path:
        return f"a game is a JSON object {{ … }}, not {shown_value(value)}"
    if keyword == "type":
        expected = error.validator_value
        kinds = expected if isinstance(expected, list) else [expected]
        words = " or ".join(_TYPE_WORDS.get(str(k), str(k)) for k in kinds)
        return f"expected {words}, not {shown_value(value)}"
    return str(error.message)
