"""Exceptions for records that cannot be read. Each carries where the problem is."""

from __future__ import annotations


class NotationError(ValueError):
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
