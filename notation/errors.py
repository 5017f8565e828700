"""t42's exceptions: one base, :class:`T42Error`, and a narrow class for each kind of problem.

Every exception t42 raises on purpose is a :class:`T42Error`, so ``except T42Error`` catches
what a record or a call can get wrong and lets a bug in t42 through. The classes for bad values
(a tile, a bid, a trump, a rule set) are also :class:`ValueError`, as Python expects of them.

>>> from notation.tiles import Tile, TileError
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
