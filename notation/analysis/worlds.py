"""Worlds a seat could be in: the unseen tiles dealt to the other seats, every way the seat's
:class:`notation.analysis.knowledge.Knowledge` allows, each equally likely.

The dealing is exact, not rejection: the unseen tiles are grouped by the set of seats that
may hold them (and, when a declarer must have been dealt doubles, by being a double or not);
the number of ways to finish a deal from each group on, with each seat's room left, is
counted by dynamic programming over those groups. A world is then drawn group by group,
each split of a group among its seats chosen in proportion to the deals it leaves, and the
group's tiles shuffled into that split: every consistent deal comes out with the same
chance, and nothing is ever drawn and thrown away. A seeded :class:`random.Random` makes it
repeatable.

>>> from notation.model.bids import Bid
>>> from notation.model.contracts import Contract, Trump
>>> from notation.analysis.knowledge import Knowledge
>>> from notation.model.seats import Seat
>>> t = Tile.parse
>>> own = tuple(map(t, "6-6 6-0 5-3 5-1 4-0 3-0 2-2".split()))
>>> k = Knowledge.of(Seat.N, own, Contract(Seat.N, Bid.points(30), Trump.pip(5)))
>>> dealer = Dealer(k)
>>> dealer.count == 21 * 20 * 19 * 18 * 17 * 16 * 15 // 5040 * 3432  # 21! / (7!)^3
True
>>> world = dealer.draw(random.Random(1))
>>> k.admits(world), world[Seat.N.index] == k.own_left
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from math import factorial

from notation.analysis.knowledge import Knowledge
from notation.errors import T42Error
from notation.model.seats import SEATS
from notation.model.tiles import ALL_TILES, Tile

World = tuple[int, int, int, int]
"""The unplayed tiles of each seat, as masks by seat index (bit ``i`` is ``ALL_TILES[i]``)."""

_PLACE = {t: i for i, t in enumerate(ALL_TILES)}
_DOUBLES = sum(1 << i for i, t in enumerate(ALL_TILES) if t.is_double)


class NoWorld(T42Error, ValueError):
    """No deal fits what the seat knew (the record has a renege, say)."""


@dataclass(frozen=True, slots=True)
class _Group:
    """Unseen tiles interchangeable for the count: the seats that may hold them (indices),
    and whether they are doubles a declarer's need counts."""

    tiles: tuple[int, ...]
    seats: tuple[int, ...]
    doubles: bool


def _splits(size: int, seats: tuple[int, ...], room: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    """Every way to split ``size`` tiles among ``seats`` within their ``room``: the number
    each gets, in the order of ``seats``."""
    if not seats:
        if size == 0:
            yield ()
        return
    first, rest = seats[0], seats[1:]
    for n in range(min(size, room[first]) + 1):
        for tail in _splits(size - n, rest, room):
            yield (n, *tail)


class Dealer:
    """Draws worlds consistent with one :class:`Knowledge`, uniformly; ``count`` is how many
    there are (the number of deals of the unseen tiles that fit)."""

    def __init__(self, knowledge: Knowledge) -> None:
        self.knowledge = k = knowledge
        viewer = k.seat.index
        others = tuple(s for s in range(len(SEATS)) if s != viewer)
        need = [0, 0, 0, 0]
        for s in others:
            shown = (k.played_by(SEATS[s]) & _DOUBLES).bit_count()
            need[s] = max(0, k.least_doubles[s] - shown)
        split_doubles = any(need)
        groups: dict[tuple[tuple[int, ...], bool], list[int]] = {}
        unseen = sorted(_PLACE[t] for t in k.unseen)
        for i in unseen:
            seats = tuple(s for s in others if not k.barred[s] >> i & 1)
            double = split_doubles and bool(_DOUBLES >> i & 1)
            groups.setdefault((seats, double), []).append(i)
        self._groups = tuple(_Group(tuple(ts), seats, double)
                             for (seats, double), ts in sorted(groups.items()))
        room = [0, 0, 0, 0]
        for s in others:
            room[s] = k.held[s]
        self._room = (room[0], room[1], room[2], room[3])
        self._need = (need[0], need[1], need[2], need[3])
        self._ways = lru_cache(maxsize=None)(self._ways_from)
        own_doubles = sum(t.is_double for t in k.own)
        # A seat's own tiles must meet its own need too (a Plunge without the doubles).
        fits = own_doubles >= k.least_doubles[viewer]
        self.count = self._ways(0, self._room, self._need) if fits else 0

    def _ways_from(self, g: int, room: World, need: World) -> int:
        """The deals of groups ``g`` on that fill every seat's ``room`` and meet its
        ``need`` of doubles."""
        if g == len(self._groups):
            return int(not any(room) and not any(need))
        return sum(w for w, _, _, _ in self._choices(g, room, need))

    def _choices(self, g: int, room: World,
                 need: World) -> Iterator[tuple[int, tuple[int, ...], World, World]]:
        """Each split of group ``g`` with the deals it leaves: (deals, split, room, need)."""
        group = self._groups[g]
        size = len(group.tiles)
        for split in _splits(size, group.seats, room):
            ways = factorial(size)
            left = list(room)
            wanted = list(need)
            for s, n in zip(group.seats, split, strict=True):
                ways //= factorial(n)
                left[s] -= n
                if group.doubles:
                    wanted[s] = max(0, wanted[s] - n)
            r: World = (left[0], left[1], left[2], left[3])
            w: World = (wanted[0], wanted[1], wanted[2], wanted[3])
            rest = self._ways(g + 1, r, w)
            if rest:
                yield ways * rest, split, r, w

    def draw(self, rng: random.Random) -> World:
        """One world, every consistent deal as likely as any other."""
        if not self.count:
            raise NoWorld(
                f"no deal of the unseen tiles fits what {self.knowledge.seat} saw")
        k = self.knowledge
        hands = [0, 0, 0, 0]
        hands[k.seat.index] = k.own_left
        room, need = self._room, self._need
        for g, group in enumerate(self._groups):
            pick = rng.randrange(self._ways(g, room, need))
            chosen = None
            for ways, split, r, w in self._choices(g, room, need):
                if pick < ways:
                    chosen = split, r, w
                    break
                pick -= ways
            assert chosen is not None  # the counts say some split is left
            split, r, w = chosen
            tiles = list(group.tiles)
            rng.shuffle(tiles)
            at = 0
            for s, n in zip(group.seats, split, strict=True):
                for i in tiles[at:at + n]:
                    hands[s] |= 1 << i
                at += n
            room, need = r, w
        return (hands[0], hands[1], hands[2], hands[3])


def count_worlds(knowledge: Knowledge) -> int:
    """How many deals of the unseen tiles fit ``knowledge``."""
    return Dealer(knowledge).count


def carry(world: World, knowledge: Knowledge) -> World | None:
    """A world drawn for an earlier moment, brought up to ``knowledge`` (the same seat, later
    in the same hand): the tiles played since taken from their players' hands. None when
    the plays since contradict it.

    A world drawn uniformly for the earlier moment and kept only when it still fits is
    uniform among the worlds that fit now: the later worlds are a subset of the earlier.
    """
    hands = list(world)
    done = (hands[0] | hands[1] | hands[2] | hands[3])
    for seat, tile in knowledge.plays:
        bit = 1 << _PLACE[tile]
        if not done & bit:
            continue  # played before the world was drawn
        if not hands[seat.index] & bit:
            return None
        hands[seat.index] ^= bit
    carried: World = (hands[0], hands[1], hands[2], hands[3])
    return carried if knowledge.admits(carried) else None


def world_tiles(world: World) -> dict[str, tuple[Tile, ...]]:
    """A world as each seat's tiles, high to low, by seat letter (for reports and tests)."""
    return {seat.value: tuple(t for i, t in enumerate(ALL_TILES) if world[seat.index] >> i & 1)
            for seat in SEATS}
