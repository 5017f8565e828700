"""What every part of the JSON form shares: the format's name and version, the path of a value
in a document and a problem found there, a value shown in a message, and how a bid is written.

>>> record_error(DocumentProblem(("hands", 0, "dealer"), "'X' is not a seat"))
RecordError("hands/0/dealer: 'X' is not a seat")
>>> bid_value(Bid.parse("2m")), bid_value(Bid.parse("30"))
('2m', 30)
"""

from __future__ import annotations

from collections.abc import Sequence

from notation.errors import RecordError
from notation.model.bids import Bid, BidKind
from notation.model.game import MAX_VARIATION_DEPTH

FORMAT = "t42-game"
VERSION = 1
# A game document is about ten levels deep (game, hands, hand, tricks, trick, plays, play,
# comments, after, comment); each variation nested in another takes six more at most
# (variations, variation, tricks, trick, plays, play), and variations nest at most
# MAX_VARIATION_DEPTH deep. Anything far deeper is not a game and could exhaust the stack.
MAX_DEPTH = 24 + 6 * MAX_VARIATION_DEPTH
DocumentPath = tuple[str | int, ...]
"""Where a value is in a document: its field names and list indexes from the top,
``("hands", 0, "dealer")``."""

LARGEST_WHOLE = 2**53 - 1
"""The largest whole number every JSON reader keeps exactly, and so the largest in a record."""

# ---- problems ----


class DocumentProblem(Exception):
    """A problem found at ``path`` of a document, before it is located in any text: the
    checks raise it, and the readers turn it into a :class:`RecordError` (:func:`record_error`)
    with the line and column of the value when the document was read from text."""

    def __init__(self, path: DocumentPath, message: str) -> None:
        super().__init__(message)
        self.path = path
        self.message = message


def json_pointer(path: Sequence[str | int]) -> str:
    """The JSON Pointer (RFC 6901) of a path: ``("hands", 0, "dealer")`` → ``/hands/0/dealer``.

    >>> json_pointer(("tags", 1, "a/b~c"))
    '/tags/1/a~1b~0c'
    """
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in path)


def record_error(
    problem: DocumentProblem, prefix: str = "", line: int | None = None, column: int | None = None
) -> RecordError:
    """The error a reader raises for ``problem``: its words after the path of its value and
    ``prefix``, at ``line`` and ``column`` of the text when known, with its JSON Pointer."""
    where = json_pointer(problem.path)[1:]
    message = f"{where}: {problem.message}" if where else problem.message
    return RecordError(prefix + message, line, column, pointer=json_pointer(problem.path))


def shown_value(value: object) -> str:
    """A value as a player would recognise it in a message, kept short.

    >>> shown_value(True), shown_value(None), shown_value({"a": 1}), shown_value("6-4")
    ('true', 'null', 'an object { … }', "'6-4'")
    """
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

