"""plunge's replay codes (the 42 program jasonyandell/plunge), read and written as their
parts: used like :mod:`json`, ``loads`` a code to a :class:`PlungeCode` and ``dumps`` one back.

A plunge replay code holds one hand, whole or begun (docs/sharing.md, Other programs'
records)::

    v1 t 3 6665646362616055…  .  P P 30 P D6 66 65 …

- ``v1``, the version;
- the preset, one letter: ``c`` casual (plunge's house game), ``t`` tournament (straight
  42), ``f`` the family table (plunge's own preset);
- the shaker (the dealer), a seat 0 … 3; seats go clockwise 0, 1, 2, 3, partners 0 and 2;
- the dealt tiles: 56 digits, seat 0's seven tiles first, each tile its two pips, high first
  (``65`` is the 6-5);
- ``.``, then the events with nothing between them: the four bids, each ``P`` (pass), two
  digits (30 … 41), or a letter and a number of marks, ``M`` (a bid of marks), ``G`` (a
  Plunge), ``S`` (a Splash), ``N`` (a Nello); then, unless all four passed, ``D`` and what
  the declarer names: a pip ``0`` … ``6``, ``7`` doubles, ``9`` no trump (follow me), ``n``
  Nello, ``s`` Sevens; then each tile played, two digits.

This module knows the syntax only. What the code means as a t42 record (seats, tricks,
rules) is :mod:`notation.archive.peers`.

>>> code = loads("v1t3" + "66656463626160" + "55545352515044" + "43424140333231"
...              + "30222120111000" + ".P30PPD6666555443322")
>>> code.preset, code.shaker, code.bids, code.declaration, code.plays[:2]
('tournament', 3, ('P', '30', 'P', 'P'), '6', ((6, 6), (6, 5)))
>>> dumps(code) == "v1t3" + "".join(code.dealt_text()) + ".P30PPD6666555443322"
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from notation.errors import NotationError

VERSION = "v1"
PRESETS = {"c": "casual", "t": "tournament", "f": "plunge"}
_PRESET_LETTER = {name: letter for letter, name in PRESETS.items()}
DECLARATIONS = {"0", "1", "2", "3", "4", "5", "6", "7", "9", "n", "s"}
_BID = re.compile(r"P|3[0-9]|4[01]|[MGSN][1-9]")
_HEAD = 4 + 56


class PlungeCodeError(NotationError):
    """Text that is not a plunge replay code, said in words."""

    def __init__(self, message: str) -> None:
        super().__init__(message, None, None, "bad-plunge-code")


@dataclass(frozen=True)
class PlungeCode:
    """A plunge replay code as its parts: the preset by name, the shaker's seat, the dealt
    tiles (four seats of seven (high, low) pairs), the bids as written (``P``, ``30``,
    ``M2``, ``G4`` …), the declaration (``6``, ``7``, ``9``, ``n``, ``s``, or None) and the
    tiles played, in order."""

    preset: str
    shaker: int
    dealt: tuple[tuple[tuple[int, int], ...], ...]
    bids: tuple[str, ...] = ()
    declaration: str | None = None
    plays: tuple[tuple[int, int], ...] = ()

    def dealt_text(self) -> list[str]:
        """Each seat's dealt tiles as the code writes them."""
        return ["".join(f"{high}{low}" for high, low in seat) for seat in self.dealt]


def is_plunge_code(text: str) -> bool:
    """Whether ``text`` is meant as a plunge replay code: ``v1`` and a letter, then letters,
    digits and dots, no space (:func:`loads` says what is wrong with one that is damaged).

    >>> is_plunge_code("v1c0" + "66" * 28 + ".P"), is_plunge_code("v1 hello")
    (True, False)
    """
    return re.fullmatch(r"v[0-9]+[a-z][0-9A-Za-z.]*", text.strip()) is not None


def _tile(text: str, where: str) -> tuple[int, int]:
    if len(text) != 2 or not text.isdigit():
        raise PlungeCodeError(f"{where}: {text!r} is not a tile (two pips, high first)")
    high, low = int(text[0]), int(text[1])
    if high > 6 or low > high:
        raise PlungeCodeError(f"{where}: {text!r} is not a tile (two pips 0 … 6, high first)")
    return high, low


def loads(text: str) -> PlungeCode:
    """The parts of a plunge replay code; raise :class:`PlungeCodeError` in words for
    anything else."""
    code = text.strip()
    if not code.startswith(VERSION):
        raise PlungeCodeError("a plunge replay code starts with v1")
    if len(code) < _HEAD + 1 or code[_HEAD] != ".":
        raise PlungeCodeError(
            "a plunge replay code is v1, a preset, the shaker, 56 digits of tiles, then '.'"
        )
    if code[2] not in PRESETS:
        raise PlungeCodeError(
            f"the plunge preset {code[2]!r} is not one plunge names (c, t or f)"
        )
    if code[3] not in "0123":
        raise PlungeCodeError(f"the shaker {code[3]!r} is not a seat 0 … 3")
    dealt = tuple(
        tuple(_tile(code[4 + s * 14 + j * 2 : 6 + s * 14 + j * 2], f"seat {s}'s tiles")
              for j in range(7))
        for s in range(4)
    )
    if len({tile for seat in dealt for tile in seat}) != 28:
        raise PlungeCodeError("the dealt tiles hold some tile twice")
    events = code[_HEAD + 1 :]
    bids: list[str] = []
    i = 0
    while i < len(events) and len(bids) < 4:
        match = _BID.match(events, i)
        if match is None:
            raise PlungeCodeError(f"bid {len(bids) + 1} ({events[i:i + 2]!r}) is not a bid")
        bids.append(match.group())
        i = match.end()
    declaration = None
    plays: list[tuple[int, int]] = []
    if i < len(events):
        if all(bid == "P" for bid in bids):
            raise PlungeCodeError("all four passed, yet the code goes on")
        named = any(bid.startswith("N") for bid in bids) and events[i] != "D"
        if not named and (events[i] != "D" or events[i + 1 : i + 2] not in DECLARATIONS):
            raise PlungeCodeError(
                f"after the bids comes D and what the declarer names, not {events[i:i + 2]!r}"
            )
        if not named:  # a Nello bid (N) names its contract; its plays may follow at once
            declaration = events[i + 1]
            i += 2
        while i < len(events):
            plays.append(_tile(events[i : i + 2], f"play {len(plays) + 1}"))
            i += 2
    return PlungeCode(PRESETS[code[2]], int(code[3]), dealt, tuple(bids), declaration,
                      tuple(plays))


def dumps(code: PlungeCode) -> str:
    """The text of a plunge replay code."""
    if code.preset not in _PRESET_LETTER:
        raise PlungeCodeError(f"plunge has no preset {code.preset!r}")
    events = "".join(code.bids)
    if code.declaration is not None:
        events += "D" + code.declaration
    events += "".join(f"{high}{low}" for high, low in code.plays)
    head = f"{VERSION}{_PRESET_LETTER[code.preset]}{code.shaker}"
    return f"{head}{''.join(code.dealt_text())}.{events}"
