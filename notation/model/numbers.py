"""Whole numbers written in a record: ASCII digits, bounded before they are converted.

A hand number, a trick number, a bid, points, marks, a tile's end or an option's value is a
word of digits. Python refuses to convert more than 4,300 digits (and would take long over
millions), and no count of a game of 42 comes near :data:`LARGEST`; so a word of more digits
is refused before it is converted, and the number shown in a message is cut short.

>>> whole_number("30"), whole_number("0042"), whole_number("9" * 5000), whole_number("3\u00b2")
(30, 42, None, None)
>>> shown("9" * 5000)
'99999999999999999999… (5000 digits)'
"""

from __future__ import annotations

LARGEST = 2**53 - 1
"""The largest whole number t42 reads: the largest every JSON reader keeps exactly."""

_DIGITS = len(str(LARGEST))
_SHOWN = 20  # characters of a long word a message repeats


def whole_number(word: str) -> int | None:
    """The number ``word`` writes in ASCII digits (leading zeros allowed), or None when it is
    not such a word or is larger than :data:`LARGEST`."""
    if not word.isascii() or not word.isdigit():
        return None
    digits = word.lstrip("0")
    if len(digits) > _DIGITS:
        return None
    value = int(digits or "0")
    return value if value <= LARGEST else None


def shown(word: str) -> str:
    """``word`` as a message repeats it: whole when short, else its start and its length."""
    if len(word) <= _SHOWN:
        return word
    return f"{word[:_SHOWN]}… ({len(word)} digits)" if word.isdigit() else f"{word[:_SHOWN]}…"
