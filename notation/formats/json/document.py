"""What every part of the JSON form shares: the format's name and version, the path of a value
in a document and a problem found there, a value shown in a message, and how a bid is written.

>>> _record_error(_Problem(("hands", 0, "dealer"), "'X' is not a seat"))
RecordError("hands/0/dealer: 'X' is not a seat")
>>> bid_value(Bid.parse("2m")), bid_value(Bid.parse("30"))
('2m', 30)
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from notation.errors import RecordError
from notation.model.bids import Bid, BidKind

FORMAT = "t42-game"
VERSION = 1
# A game document is about ten levels deep (game, hands, hand, tricks, trick, plays, play,
# comments, after, comment); anything far deeper is not a game and could exhaust the stack.
MAX_DEPTH = 24
_Path = tuple[str | int, ...]  # where a value is in a document: field names and indexes

_SURROGATE = re.compile("[\ud800-\udfff]")
_LARGEST = 2**53 - 1  # the largest whole number every JSON reader keeps exactly

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

def bid_value(bid: Bid) -> str | int:
    """A bid as the JSON form writes it: ``"pass"``, a number of points, or ``"2m"``."""
    if bid.kind is BidKind.PASS:
        return "pass"
    if bid.kind is BidKind.POINTS:
        return bid.amount  # never 42 or 84: a Bid holds those as the marks they are
    return f"{bid.amount}m"

