"""t42's exceptions: one base, :class:`T42Error`, and a narrow class for each kind of problem.

Every exception t42 raises on purpose is a :class:`T42Error`, so ``except T42Error`` catches
what a record or a call can get wrong and lets a bug in t42 through. The classes for bad values
(a tile, a bid, a trump, a rule set) are also :class:`ValueError`, as Python expects of them.

>>> from notation.model.tiles import Tile, TileError
>>> try:
...     Tile.parse("7-1")
... except T42Error as e:
...     print(type(e).__name__, isinstance(e, ValueError))
TileError True
"""

from __future__ import annotations


class T42Error(Exception):
    """The base of every exception t42 raises on purpose."""


class NotationError(T42Error, ValueError):
    """A record that cannot be read; ``line`` and ``column`` are 1-based when known."""

    def __init__(
        self,
        message: str,
        line: int | None = None,
        column: int | None = None,
        code: str = "syntax-error",
    ) -> None:
        super().__init__(message)
        self.message = message
        self.line = line
        self.column = column
        self.code = code

    def __str__(self) -> str:
        if self.line is None:
            return self.message
        return f"{self.line}:{self.column}: {self.message}"


class NotationSyntaxError(NotationError):
    """Text that does not follow the t42 notation."""


class RecordError(NotationError):
    """A JSON document that is not a valid game record."""

    def __init__(
        self,
        message: str,
        line: int | None = None,
        column: int | None = None,
        pointer: str = "",
        code: str = "invalid-json-record",
    ) -> None:
        super().__init__(message, line, column, code)
        self.pointer = pointer


class ModelError(T42Error, TypeError):
    """A record's item built in code with a value of the wrong kind: a plain string where a
    :class:`~notation.model.seats.Seat` or a :class:`~notation.model.tiles.Tile` belongs, say.

    >>> from notation.model.game import Play
    >>> Play("6-6")
    Traceback (most recent call last):
      ...
    notation.errors.ModelError: Play.tile is a Tile, not '6-6' (write Tile.parse('6-6'))
    """


# What to write instead of a plain string, for the kinds the model takes from users.
_PARSERS = {"Seat": "Seat", "Tile": "Tile.parse", "Bid": "Bid.parse", "Trump": "Trump.parse",
            "EndKind": "EndKind", "ScoreKind": "ScoreKind"}


def expect(owner: str, name: str, value: object, kind: type | tuple[type, ...]) -> None:
    """Raise :class:`ModelError` unless ``value`` is a ``kind`` (a bool is not an int)."""
    if isinstance(value, kind) and not (isinstance(value, bool) and kind is int):
        return
    kinds = kind if isinstance(kind, tuple) else (kind,)
    words = " or ".join(_WORDS.get(k) or _a(k.__name__) for k in kinds)
    hint = ""
    if isinstance(value, str):
        parser = next((_PARSERS[k.__name__] for k in kinds if k.__name__ in _PARSERS), None)
        if parser is not None:
            hint = f" (write {parser}({value!r}))"
    raise ModelError(f"{owner}.{name} is {words}, not {value!r}{hint}")


def expect_each(owner: str, name: str, values: object, kind: type) -> None:
    """Raise :class:`ModelError` unless ``values`` is a tuple of ``kind``."""
    if not isinstance(values, tuple):
        raise ModelError(
            f"{owner}.{name} is a tuple of {kind.__name__}, not {type(values).__name__} "
            f"{values!r}"
        )
    for value in values:
        if not isinstance(value, kind):
            expect(owner, f"{name}[{values.index(value)}]", value, kind)


_WORDS: dict[type, str] = {
    int: "a whole number", str: "a string", bool: "True or False", type(None): "None"
}


def _a(name: str) -> str:
    return f"an {name}" if name[0] in "AEIOU" else f"a {name}"
