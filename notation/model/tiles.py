"""Dominoes of a double-six set: the 28 tiles, how they are written and what they count.

>>> Tile.parse("4-6")
Tile(high=6, low=4)
>>> str(Tile(6, 4)), Tile(6, 4).count, Tile(5, 5).is_double
('6-4', 10, True)
>>> len(ALL_TILES), sum(t.count for t in ALL_TILES)
(28, 35)
"""

from __future__ import annotations

from dataclasses import dataclass

from notation.errors import T42Error
from notation.model.numbers import shown, whole_number

HIGHEST_PIP = 6


class TileError(T42Error, ValueError):
    """A tile written in a way that names no domino of the double-six set."""


@dataclass(frozen=True, order=True, slots=True)
class Tile:
    """One domino, kept higher end first so that 6-4 and 4-6 are the same tile."""

    high: int
    low: int

    def __post_init__(self) -> None:
        if type(self.high) is not int or type(self.low) is not int:
            raise TileError(
                f"a tile's ends are whole numbers, not {self.high!r} and {self.low!r}: "
                f"write Tile.parse('6-4')"
            )
        if not (0 <= self.low <= self.high <= HIGHEST_PIP):
            raise TileError(f"{self.high}-{self.low} is not a tile of the double-six set")

    @classmethod
    def of(cls, a: int, b: int) -> Tile:
        """The tile with ends ``a`` and ``b`` in either order."""
        return cls(a, b) if a >= b else cls(b, a)

    @classmethod
    def parse(cls, text: str) -> Tile:
        """Read ``"6-4"`` or ``"4-6"``; raise :class:`TileError` for anything else."""
        a, sep, b = text.strip().partition("-")
        high, low = whole_number(a.strip()), whole_number(b.strip())
        if not sep or high is None or low is None:
            raise TileError(f"{shown(text)!r} is not written like a tile (6-4)")
        return cls.of(high, low)

    @property
    def is_double(self) -> bool:
        return self.high == self.low

    @property
    def pips(self) -> int:
        """Total pips, which Sevens plays by."""
        return self.high + self.low

    @property
    def count(self) -> int:
        """Points the tile is worth in tricks: 10 for 5-5 and 6-4, 5 for 5-0, 4-1 and 3-2."""
        if self.pips == 10 and self.high in (5, 6):
            return 10
        if self.pips == 5:
            return 5
        return 0

    def has(self, pip: int) -> bool:
        return pip in (self.high, self.low)

    def other(self, pip: int) -> int:
        """The end that is not ``pip`` (the pip itself for a double)."""
        return self.low if self.high == pip else self.high

    def __str__(self) -> str:
        return f"{self.high}-{self.low}"


def tile_key(tile: Tile) -> int:
    """A small number for each tile, ``high * 7 + low`` (0 … 48), to index tables and bit
    masks by: cheaper than hashing the tile."""
    return tile.high * TILE_KEY_STRIDE + tile.low


TILE_KEY_STRIDE = HIGHEST_PIP + 1
TILE_KEYS = TILE_KEY_STRIDE * TILE_KEY_STRIDE  # table size: every key a tile can have

ALL_TILES: tuple[Tile, ...] = tuple(
    Tile(high, low) for high in range(HIGHEST_PIP, -1, -1) for low in range(high, -1, -1)
)
# Each tile by the way t42 writes it, high end first ("6-4"), as records in JSON hold them.
TILE_NAMED: dict[str, Tile] = {str(t): t for t in ALL_TILES}
COUNT_TILES: frozenset[Tile] = frozenset(t for t in ALL_TILES if t.count)
# The count of each tile by tile_key (0 where no tile has the key).
COUNT_BY_KEY: tuple[int, ...] = tuple(
    next((t.count for t in ALL_TILES if tile_key(t) == key), 0) for key in range(TILE_KEYS)
)

TILES_IN_A_HAND = 7
"""The tiles each seat is dealt: all 28 go to the four seats (docs/rules.md, Equipment, seats,
count)."""
TRICKS_IN_A_HAND = TILES_IN_A_HAND
"""The tricks of a hand: every trick takes one tile from each seat that plays, so 7."""
