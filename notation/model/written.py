"""The one way an enum of t42 says itself: ``str()`` of a member is its written form, the
word a record or a report writes for it (its value).

>>> from notation.model.findings import Severity
>>> from notation.model.seats import Seat
>>> str(Severity.ERROR), str(Seat.N), f"{Severity.WARNING}"
('error', 'N', 'warning')
"""

from __future__ import annotations

from enum import Enum


class WrittenEnum(Enum):
    """An enum whose members' values are their written words: ``str()`` gives that word
    (``repr()`` stays ``<Severity.ERROR: 'error'>``). Every enum of the library is one, or a
    :class:`enum.StrEnum`, which says its value the same way."""

    def __str__(self) -> str:
        return str(self.value)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)
