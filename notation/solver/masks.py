"""Tiles and plays as bit masks, as the solver holds them: bit ``i`` is ``ALL_TILES[i]`` (the
tile index, :data:`TILE_INDEX`), a seat's tiles a mask of them; a play is a tile index, or at
a small-end opening a tile index plus :data:`AS_SMALL_END`.

>>> tiles_of(mask_of([Tile(6, 6), Tile(0, 0)]))
(Tile(high=6, low=6), Tile(high=0, low=0))
"""

from __future__ import annotations

from collections.abc import Iterable

from notation.model.tiles import ALL_TILES, Tile

TILE_INDEX: dict[Tile, int] = {t: i for i, t in enumerate(ALL_TILES)}
COUNT: tuple[int, ...] = tuple(t.count for t in ALL_TILES)
TEN_MASK = sum(1 << i for i, t in enumerate(ALL_TILES) if t.count == 10)
FIVE_MASK = sum(1 << i for i, t in enumerate(ALL_TILES) if t.count == 5)
EVERY_TILE = (1 << len(ALL_TILES)) - 1
AS_SMALL_END = len(ALL_TILES)
"""A play is a tile index, or, for an opening lead played as the suit of its small end
(small-end-opening), the tile index plus this: in a mask of plays, the bits above the tiles'."""


def tile_of(play: int) -> int:
    """The tile index of a play (:data:`AS_SMALL_END`).

    >>> tile_of(3), tile_of(AS_SMALL_END + 3)
    (3, 3)
    """
    return play - AS_SMALL_END if play >= AS_SMALL_END else play


def mask_of(tiles: Iterable[Tile]) -> int:
    """The bitmask of ``tiles``.

    >>> mask_of([Tile(6, 6)]), mask_of([Tile(0, 0)]) == 1 << 27
    (1, True)
    """
    m = 0
    for t in tiles:
        m |= 1 << TILE_INDEX[t]
    return m


def tiles_of(mask: int) -> tuple[Tile, ...]:
    """The tiles of a mask, high to low.

    >>> tiles_of(0b101)
    (Tile(high=6, low=6), Tile(high=6, low=4))
    """
    return tuple(ALL_TILES[i] for i in bits_of(mask))


def _bits_slow(mask: int) -> tuple[int, ...]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return tuple(out)


_HALF = 14
_LOW_BITS = tuple(_bits_slow(m) for m in range(1 << _HALF))
_HIGH_BITS = tuple(tuple(i + _HALF for i in b) for b in _LOW_BITS)
_HALF_MASK = (1 << _HALF) - 1


def bits_of(mask: int) -> list[int]:
    """The indices of the set bits of a mask of tiles (or of plays: :data:`AS_SMALL_END`),
    lowest first (two table look-ups for each 28 bits)."""
    if mask >> AS_SMALL_END:
        smaller = bits_of(mask >> AS_SMALL_END)
        return [*bits_of(mask & EVERY_TILE), *(AS_SMALL_END + i for i in smaller)]
    return [*_LOW_BITS[mask & _HALF_MASK], *_HIGH_BITS[mask >> _HALF]]


def points_in(mask: int) -> int:
    """The count held in a mask (not the trick points).

    >>> points_in(mask_of([Tile(5, 5), Tile(3, 2), Tile(6, 6)]))
    15
    """
    return 10 * (mask & TEN_MASK).bit_count() + 5 * (mask & FIVE_MASK).bit_count()
