"""The deal (docs/rules.md, Equipment, seats, count): each seat holds 7 tiles of the 28 and is
dealt once; no tile is written twice or dealt to two seats.

>>> from notation.formats.text import loads
>>> from notation.model.rule_sets import RuleSet
>>> hand = loads('''[Rules "straight"]
... hand 1 dealer N
... deal N 6-6 6-5 6-4 6-3 6-2 6-1 6-6
... ''')[0].hands[0]
>>> check = HandCheck(hand, RuleSet())
>>> check_deal(check)
>>> [f.code for f in check.findings]
['tile-written-twice']
"""

from __future__ import annotations

from notation.check.reports import HandCheck
from notation.model.seats import SEATS, Seat
from notation.model.tiles import TILE_KEY_STRIDE, TILES_IN_A_HAND, Tile


def check_deal(check: HandCheck) -> None:
    """The deal (docs/rules.md, Equipment, seats, count): each seat holds 7 tiles of the 28 and
    is dealt once; no tile is written twice or dealt to two seats."""
    if check.fast and _clean_deal(check):
        return
    owner: dict[Tile, Seat] = {}
    for holding in check.hand.deal:
        seat = holding.seat
        if seat in check.dealt:
            check.report(
                "seat-dealt-twice", f"{seat} has two deal lines", holding.span, seat=seat
            )
            continue
        check.dealt[seat] = holding.tiles
        if len(holding.tiles) != TILES_IN_A_HAND:
            check.report(
                "deal-size",
                f"{seat} is dealt {len(holding.tiles)} tiles; each seat holds 7",
                holding.span,
                seat=seat,
                evidence={"tiles": list(holding.tiles)},
            )
        seen: set[Tile] = set()
        for i, tile in enumerate(holding.tiles):
            span = holding.tile_spans[i] if i < len(holding.tile_spans) else holding.span
            if tile in seen:
                check.report(
                    "tile-written-twice",
                    f"{tile} is written twice in {seat}'s hand",
                    span,
                    seat=seat,
                    evidence={"tile": tile},
                )
            elif tile in owner:
                check.report(
                    "tile-dealt-twice",
                    f"{tile} is dealt to both {owner[tile]} and {seat}",
                    span,
                    seat=seat,
                    evidence={"tile": tile, "also_dealt_to": owner[tile]},
                )
            seen.add(tile)
            owner.setdefault(tile, seat)


def _clean_deal(check: HandCheck) -> bool:
    """The quick deal check: True, with ``dealt`` (and ``held`` for a full deal) set, when
    no seat is dealt twice, every seat holds 7 tiles and no tile is written twice."""
    dealt: dict[Seat, tuple[Tile, ...]] = {}
    held = [0] * len(SEATS)
    seen = 0
    for holding in check.hand.deal:
        seat, tiles = holding.seat, holding.tiles
        if seat in dealt or len(tiles) != TILES_IN_A_HAND:
            return False
        mask = 0
        for tile in tiles:
            mask |= 1 << (tile.high * TILE_KEY_STRIDE + tile.low)
        if seen & mask or mask.bit_count() != TILES_IN_A_HAND:  # a tile written twice
            return False
        seen |= mask
        dealt[seat] = tiles
        held[SEATS.index(seat)] = mask
    check.dealt = dealt
    if len(dealt) == len(SEATS):
        check.held = tuple(held)
    return True
