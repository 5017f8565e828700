"""Checking a game document: the schema (``jsonschema``), what the schema cannot see (nesting,
a field written twice, huge numbers, lone surrogates) and what it cannot say (a tag written
twice, a ; comment that is not last), and a quick yes-or-no check of a document built from a
game.

>>> hand = {"number": 0, "dealer": "N"}
>>> check_document({"format": "t42-game", "version": 1, "tags": [], "hands": [hand]}, ())
Traceback (most recent call last):
...
notation.formats.json.document.DocumentProblem: hand numbers start at 1, not 0
"""

from __future__ import annotations

import copy
import json
import math
import re
from collections.abc import Mapping
from functools import cache
from typing import Any

from notation.formats.json.build import SCHEMA_FILE
from notation.formats.json.document import (
    LARGEST_WHOLE,
    MAX_DEPTH,
    DocumentPath,
    DocumentProblem,
)
from notation.formats.json.explain import explain_schema_error
from notation.model.contracts import (
    DoublesRank,
    Special,
)
from notation.model.game import (
    SCORE_ORDER,
    tag_name,
)
from notation.resources import read_resource

# Larger numbers are refused before they are converted (Python limits int() to 4300 digits).
_MAX_DIGITS = 19
# What the schema refuses in names and comments (its patterns), for the writer's quick check.
_TAG_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]*")
# A ; comment ends at a line end, "\n" or "\r" (a CR ends a line, alone or before an LF: see
# notation.files.one_line_end); a form feed or U+2028 in one is text the notation reads, so
# the JSON form holds it too. No comment holds a CR: the notation reads none in a comment.
_LINE_BREAK = re.compile("[\r\n]")
_MARKS = re.compile(r"(0|[1-9][0-9]{0,14})m")
# A lone surrogate (a \ud800-\udfff escape): text that is no characters, which JSON
# may write but no record holds.
_SURROGATE = re.compile("[\ud800-\udfff]")

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

# ---- checking a document ----


def is_writable(doc: dict[str, Any]) -> bool:
    """Whether a document built from a game is valid; much quicker than the schema.

    A game's types are right by construction and the document's shape is fixed, so only what
    the model does not rule out is checked: names, free text (line breaks, braces and lone
    surrogates in tag values and comments; every other text is a seat, tile or word the
    writer chose) and the range of numbers (every number is a hand, trick, bid or score).
    """
    try:
        _check_meaning(doc, ())
    except DocumentProblem:
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
        if not _variations_writable(hand):
            return False
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


def _variations_writable(hand: Mapping[str, Any]) -> bool:
    """Whether the variations in a hand's document are valid: their bids, trick numbers,
    scores and comments (each written as it was: no } in a braced one, no line end in a ;
    one), however deep they go, as the schema and the text form allow."""
    stack = [v for item in _annotated_items(hand) for v in item.get("variations", ())]
    while stack:
        variation = stack.pop()
        comments = [{"before": variation.get("comments", [])}]
        items: list[Mapping[str, Any]] = list(_annotated_items(variation))
        if not any(key in variation for key in ("calls", "trump", "plays")):
            return False
        if not all(_bid_writable(c["bid"]) for c in variation.get("calls", ())):
            return False
        for trick in variation.get("tricks", ()):
            if not trick["plays"] or not _whole(trick["number"], 1):
                return False
            items.append(trick)
        for key in ("ending", *(kind.value for kind in SCORE_ORDER)):
            if key in variation:
                items.append(variation[key])
        for kind in SCORE_ORDER:
            score = variation.get(kind.value)
            if score is not None and not (_whole(score["NS"], 0) and _whole(score["EW"], 0)):
                return False
        ending = variation.get("ending")
        if ending is not None and (ending["kind"] == "laydown") != ("seat" in ending):
            return False
        comments += [item["comments"] for item in items if "comments" in item]
        for group in comments:
            for key in ("before", "after"):
                for comment in group.get(key, ()):
                    if not _comment_writable(comment):
                        return False
        for item in items:
            stack += item.get("variations", ())
    return True


def _annotated_items(line: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """The calls, trump call and plays of a hand's or a variation's document."""
    auction = line.get("auction")
    calls = auction["calls"] if auction is not None else line.get("calls", ())
    items = list(calls)
    if "trump" in line:
        items.append(line["trump"])
    items += (p for p in line.get("plays", ()) if isinstance(p, dict))
    for trick in line.get("tricks", ()):
        items += (p for p in trick["plays"] if isinstance(p, dict))
    return items


def _comment_writable(comment: Mapping[str, Any]) -> bool:
    text = comment["text"]
    if "\r" in text or _SURROGATE.search(text):
        return False
    return "}" not in text if comment["braced"] else _LINE_BREAK.search(text) is None


def _bid_writable(bid: str | int) -> bool:
    if isinstance(bid, str):
        return bid == "pass" or _MARKS.fullmatch(bid) is not None
    return _whole(bid, 0)


def _whole(value: object, least: int) -> bool:
    if not isinstance(value, int) or isinstance(value, bool):
        return False
    return least <= value <= LARGEST_WHOLE


def _comments_writable(comments: Mapping[str, Any], inline: bool) -> bool:
    for key in ("before", "after"):
        for comment in comments.get(key, ()):
            text = comment["text"]
            if ((comment["braced"] or inline) and "}" in text) or _SURROGATE.search(text):
                return False
            if "\r" in text:
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


def check_document(doc: object, at: DocumentPath) -> None:
    """Raise :class:`DocumentProblem` for the first thing wrong with a game document."""
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
        problem_path, message = explain_schema_error(error, doc, path)
        raise DocumentProblem(at + problem_path, message)
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
def guarded_decoder() -> json.JSONDecoder:
    """The JSON decoder of the careful reader: it keeps what :func:`check_document` must
    refuse, in words, where :mod:`json` would lose it (a field written twice, a number too
    large to convert, NaN and Infinity) as marked values, built once."""
    return json.JSONDecoder(
        object_pairs_hook=_object, parse_int=_int, parse_float=_float, parse_constant=_constant
    )


def _survey(doc: object, at: DocumentPath) -> None:
    """Refuse what the schema cannot see or would choke on, in document order, without recursion.

    That is: nesting too deep (or a loop, for a document built in Python), a field written
    twice, numbers too large to keep, NaN and Infinity, and text that is not characters.
    """
    stack: list[tuple[object, DocumentPath, int]] = [(doc, at, 1)]
    while stack:
        value, path, depth = stack.pop()
        if isinstance(value, dict | list) and depth > MAX_DEPTH:
            raise DocumentProblem(
                path, f"nested too deeply: a game record is at most {MAX_DEPTH} levels deep"
            )
        if isinstance(value, dict):
            if isinstance(value, _Object):
                raise DocumentProblem(
                    (*path, value.duplicate),
                    f'"{value.duplicate}" is written twice in this object',
                )
            children: list[tuple[object, DocumentPath, int]] = []
            for key, item in value.items():
                if isinstance(key, str) and _SURROGATE.search(key):
                    raise DocumentProblem(path, f"the field name {key!r} holds a lone surrogate")
                children.append((item, (*path, key), depth + 1))
            stack.extend(reversed(children))
        elif isinstance(value, list):
            items = [(item, (*path, i), depth + 1) for i, item in enumerate(value)]
            stack.extend(reversed(items))
        elif isinstance(value, _Unreadable):
            if value.why == "too large":
                shown = value.text if len(value.text) <= 20 else value.text[:16] + "…"
                raise DocumentProblem(path, f"the number {shown} is too large for a game record")
            raise DocumentProblem(path, f"{value.text} is not a JSON value; write a number")
        elif isinstance(value, float) and not math.isfinite(value):
            raise DocumentProblem(path, f"{value} is not a number a game record can hold")
        elif isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
            raise DocumentProblem(path, "this number is too large for a game record")
        elif isinstance(value, str) and _SURROGATE.search(value):
            raise DocumentProblem(
                path, "this text holds a lone surrogate (a \\ud800-\\udfff escape), not a character"
            )


def _check_meaning(doc: Mapping[str, Any], at: DocumentPath) -> None:
    """What the schema cannot say: a tag written twice; a ; comment that is not last."""
    seen: dict[str, int] = {}
    for i, tag in enumerate(doc["tags"]):
        name = tag_name(tag["name"])
        if name in seen:
            raise DocumentProblem(
                (*at, "tags", i, "name"),
                f"the {name} tag is written twice (first at tags/{seen[name]})",
            )
        seen[name] = i
        _check_after(tag, (*at, "tags", i))
    for h, hand in enumerate(doc["hands"]):
        here: DocumentPath = (*at, "hands", h)
        _check_after(hand, here)
        for i, holding in enumerate(hand.get("deal", ())):
            _check_after(holding, (*here, "deal", i))
        for key in ("auction", "trump", "ending", "points", "marks", "total"):
            if key in hand:
                _check_after(hand[key], (*here, key))
        for i, trick in enumerate(hand.get("tricks", ())):
            _check_after(trick, (*here, "tricks", i))


def _check_after(item: Mapping[str, Any], path: DocumentPath) -> None:
    after = item.get("comments", {}).get("after", ())
    for j, comment in enumerate(after[:-1]):
        if not comment["braced"]:
            raise DocumentProblem(
                (*path, "comments", "after", j),
                "a ; comment runs to the end of its line, so it must be the last comment "
                "after the line: make it braced or move it last",
            )

