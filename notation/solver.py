"""An exact perfect-information solver for 42: best play by all four seats, every tile seen.

Hands are 28-bit masks (bit ``i`` is ``ALL_TILES[i]``). A contract is turned once into
:class:`ContractTables` (suit of each lead, follow masks per led suit, winning power of each
tile per led suit, count), derived from :mod:`notation.play` so the solver and the validator
cannot disagree. The tables are the seam for other contracts: anything that can say which
tiles a hand may play to a lead (:meth:`ContractTables.legal_moves`), who wins a trick
(:meth:`ContractTables.trick_winner`) and which seats play, plugs into :class:`Solver`.

The search is alpha-beta over single plays, with a transposition table of bounds keyed at
trick boundaries (the four hands and the leader), the best lead remembered per position,
move ordering, equivalent-tile pruning (tiles of one closed suit, adjacent in rank with no
outstanding tile between them and of equal count, are interchangeable), and a zero-window
test where only made/set is asked.

>>> from notation.contracts import Trump
>>> from notation.seats import Seat
>>> deal = {
...     Seat.N: "6-6 6-0 5-3 5-1 4-0 3-0 2-2", Seat.E: "6-3 5-4 5-0 4-4 4-2 4-1 3-3",
...     Seat.S: "6-5 6-4 5-2 4-3 2-1 1-1 1-0", Seat.W: "6-2 6-1 5-5 3-2 3-1 2-0 0-0"}
>>> pos = Position.deal({s: [Tile.parse(w) for w in ws.split()] for s, ws in deal.items()},
...                     Seat.S)
>>> solver = Solver(contract_tables(Trump.pip(5)))
>>> ns = solver.value(pos)
>>> ns, 42 - ns
(25, 17)
>>> solver.reaches(pos, Team.NS, 30), solver.reaches(pos, Team.NS, 18)
(False, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from notation.contracts import DOUBLES_SUIT, Trump
from notation.play import (
    follows,
    is_trump,
    led_suit,
    rank_in_suit,
    sevens_distance,
    trump_suit,
)
from notation.seats import SEATS, Seat, Team
from notation.tiles import ALL_TILES, Tile

TILE_INDEX: dict[Tile, int] = {t: i for i, t in enumerate(ALL_TILES)}
COUNT: tuple[int, ...] = tuple(t.count for t in ALL_TILES)
TEN_MASK = sum(1 << i for i, t in enumerate(ALL_TILES) if t.count == 10)
FIVE_MASK = sum(1 << i for i, t in enumerate(ALL_TILES) if t.count == 5)
SUITS = 8  # pip suits 0 … 6 and DOUBLES_SUIT
_NO_SUIT = -1
_TRUMP_POWER = 100  # a trump beats any tile of the led suit
_FOLLOW_POWER = 50  # a tile of the led suit beats a tile that does not follow
_INF = 1 << 20


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
    return tuple(ALL_TILES[i] for i in _bits(mask))


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


def _bits(mask: int) -> list[int]:
    """The indices of the set bits of a 28-bit mask, lowest first (two table look-ups)."""
    return [*_LOW_BITS[mask & _HALF_MASK], *_HIGH_BITS[mask >> _HALF]]


def points_in(mask: int) -> int:
    """The count held in a mask (not the trick points).

    >>> points_in(mask_of([Tile(5, 5), Tile(3, 2), Tile(6, 6)]))
    15
    """
    return 10 * (mask & TEN_MASK).bit_count() + 5 * (mask & FIVE_MASK).bit_count()


@dataclass(frozen=True, slots=True)
class ContractTables:
    """Everything the search needs to know about one contract, as flat tables.

    ``led_suit[t]`` is the suit tile ``t`` calls for when led; ``follow[s]`` the mask of tiles
    that follow a lead of suit ``s``; ``power[s][t]`` how strongly ``t`` bids for a trick led
    in ``s`` (0: cannot win it; a strictly higher power takes the trick from an earlier play,
    so ties go to the first played); ``groups`` lists runs of interchangeable tiles, high to
    low (a closed suit: every member belongs to that suit only); ``order`` the seats that play,
    clockwise, by seat index (N=0 … W=3; a seat sitting out is left out).
    """

    name: str
    led_suit: tuple[int, ...]
    follow: tuple[int, ...]
    power: tuple[tuple[int, ...], ...]
    groups: tuple[tuple[int, ...], ...]
    order: tuple[int, ...] = (0, 1, 2, 3)
    closest: tuple[int, ...] = ()  # Sevens: masks of tiles 0, 1, 2 … pips from 7

    def restrict(self, hand: int) -> int:
        """The tiles of ``hand`` it may play at all (Sevens: the nearest to 7 pips)."""
        for m in self.closest:
            if hand & m:
                return hand & m
        return hand

    @property
    def trick_size(self) -> int:
        return len(self.order)

    def next_seat(self, seat: int) -> int:
        """The seat index that plays after ``seat``."""
        order = self.order
        return order[(order.index(seat) + 1) % len(order)]

    def legal_moves(self, hand: int, led: int | None) -> int:
        """The tiles of ``hand`` that may be played to a trick led by tile ``led`` (or lead).

        >>> tables = contract_tables(Trump.pip(5))
        >>> tiles_of(tables.legal_moves(mask_of([Tile(6, 5), Tile(6, 1), Tile(2, 0)]),
        ...                             TILE_INDEX[Tile(6, 4)]))
        (Tile(high=6, low=1),)
        """
        if self.closest:
            return self.restrict(hand)
        if led is None:
            return hand
        return hand & self.follow[self.led_suit[led]] or hand

    def trick_winner(self, tiles: Sequence[int]) -> int:
        """The position in ``tiles`` (tile indices, in play order) of the winning play.

        >>> tables = contract_tables(Trump.pip(5))
        >>> tables.trick_winner([TILE_INDEX[Tile.parse(w)] for w in "4-3 5-5 4-0 4-4".split()])
        1
        """
        row = self.power[self.led_suit[tiles[0]]]
        best, best_power = 0, row[tiles[0]]
        for i in range(1, len(tiles)):
            p = row[tiles[i]]
            if p > best_power:
                best, best_power = i, p
        return best


class UnsupportedContract(ValueError):
    """A contract the solver has no tables for yet (Nello, Sevens)."""


# Special contracts played as a plain trump contract (only what makes them differs).
_TRUMP_PLAY_SPECIALS = frozenset({"plunge", "splash"})


@lru_cache(maxsize=64)
def contract_tables(trump: Trump, sitting_out: int | None = None) -> ContractTables:
    """The tables of a contract: a pip trump, doubles, follow-me with a doubles option, and
    the special contracts — Plunge and Splash (played as their trump), Nello and Low-No
    (no trump, a doubles option; ``sitting_out`` is the seat index of the declarer's
    partner, who sits out) and Sevens (the tile nearest 7 pips must be played, and wins).

    Built once per contract from :mod:`notation.play`, the rules the validator uses.

    >>> t = contract_tables(Trump.doubles_trump())
    >>> t.led_suit[TILE_INDEX[Tile(3, 3)]] == DOUBLES_SUIT, len(t.groups)
    (True, 1)
    """
    special = getattr(getattr(trump, "special", None), "value", None)
    if special in _SITTING_OUT_SPECIALS:
        if sitting_out is None:
            raise UnsupportedContract(f"{trump}: say which seat sits out")
        order = tuple(s for s in range(4) if s != sitting_out)
    elif special is None or special in _TRUMP_PLAY_SPECIALS or special == "sevens":
        order = (0, 1, 2, 3)
    else:
        raise UnsupportedContract(f"the solver does not play {trump} yet")
    if special == "sevens":
        return _sevens_tables(str(trump))
    led = tuple(led_suit(t, trump) for t in ALL_TILES)
    follow = tuple(
        sum(1 << i for i, t in enumerate(ALL_TILES) if follows(t, s, trump)) for s in range(SUITS)
    )
    ts = trump_suit(trump)

    def power(t: Tile, s: int) -> int:
        if is_trump(t, trump):
            assert ts is not None
            return _TRUMP_POWER + rank_in_suit(t, ts, trump)
        if follows(t, s, trump):
            return _FOLLOW_POWER + rank_in_suit(t, s, trump)
        return 0

    powers = tuple(tuple(power(t, s) for t in ALL_TILES) for s in range(SUITS))
    closed: list[int] = []
    if ts is not None:
        closed.append(ts)
    if trump.doubles_form_suit and DOUBLES_SUIT not in closed:
        closed.append(DOUBLES_SUIT)
    groups = tuple(_by_power(follow[s], powers[s]) for s in closed)
    return ContractTables(str(trump), led, follow, powers, groups, order)


_SITTING_OUT_SPECIALS = frozenset({"nello", "low-no"})
_SEVEN = 7


def _sevens_tables(name: str) -> ContractTables:
    """Sevens: every tile "follows" (one suit), the nearest to 7 pips wins, ties to the
    first played; the legal tiles are those of the hand nearest to 7."""
    distance = [sevens_distance(t) for t in ALL_TILES]
    row = tuple(_SEVEN + 1 - d for d in distance)
    closest = tuple(
        sum(1 << i for i, d in enumerate(distance) if d == want) for want in range(_SEVEN + 1)
    )
    everything = (1 << len(ALL_TILES)) - 1
    # Tiles at one distance and of equal count are interchangeable (a closed "suit" each).
    groups = tuple(_bits(m) for m in closest if m & (m - 1))
    return ContractTables(
        name, (0,) * len(ALL_TILES), (everything,) * SUITS, (row,) * SUITS,
        tuple(tuple(g) for g in groups), (0, 1, 2, 3), closest,
    )


def _by_power(mask: int, row: tuple[int, ...]) -> tuple[int, ...]:
    """The tiles of ``mask``, strongest first."""
    return tuple(sorted(_bits(mask), key=lambda i: -row[i]))


@dataclass(frozen=True, slots=True)
class Position:
    """A moment in the play: the tiles each seat still holds, the current trick, the score.

    ``hands`` are masks by seat index (N, E, S, W); ``leader`` the seat index that led the
    current trick, ``trick`` the tiles played to it so far; ``points`` and ``tricks`` what NS
    and EW have captured before it.
    """

    hands: tuple[int, int, int, int]
    leader: int
    trick: tuple[int, ...] = ()
    points: tuple[int, int] = (0, 0)
    tricks: tuple[int, int] = (0, 0)

    @classmethod
    def deal(cls, holdings: Mapping[Seat, Iterable[Tile]], leader: Seat) -> Position:
        """The opening position: every seat's tiles, and who leads."""
        hands = tuple(mask_of(holdings.get(s, ())) for s in SEATS)
        assert len(hands) == 4
        return cls((hands[0], hands[1], hands[2], hands[3]), leader.index)

    @property
    def remaining(self) -> int:
        """The mask of every tile not yet played."""
        h = self.hands
        return h[0] | h[1] | h[2] | h[3]

    def to_move(self, tables: ContractTables) -> int:
        """The seat index to play next."""
        seat = self.leader
        for _ in self.trick:
            seat = tables.next_seat(seat)
        return seat

    def legal(self, tables: ContractTables) -> int:
        """The mask of tiles the seat to move may play."""
        hand = self.hands[self.to_move(tables)]
        return tables.legal_moves(hand, self.trick[0] if self.trick else None)

    def play(self, tile: int, tables: ContractTables) -> Position:
        """The position after the seat to move plays tile index ``tile`` (assumed held)."""
        seat = self.to_move(tables)
        hands = list(self.hands)
        hands[seat] &= ~(1 << tile)
        trick = (*self.trick, tile)
        new_hands = (hands[0], hands[1], hands[2], hands[3])
        if len(trick) < tables.trick_size:
            return Position(new_hands, self.leader, trick, self.points, self.tricks)
        winner = self.leader
        for _ in range(tables.trick_winner(trick)):
            winner = tables.next_seat(winner)
        team = winner & 1
        gain = 1 + sum(COUNT[t] for t in trick)
        points = list(self.points)
        tricks = list(self.tricks)
        points[team] += gain
        tricks[team] += 1
        return Position(new_hands, winner, (), (points[0], points[1]), (tricks[0], tricks[1]))

    @property
    def points_left(self) -> int:
        """Points still to be won: the count on the table and in hand, plus a point a trick."""
        left = self.remaining
        # A seat yet to play to the current trick still holds a tile for it.
        n_tricks = max(h.bit_count() for h in self.hands)
        return points_in(left) + sum(COUNT[t] for t in self.trick) + n_tricks


def _team(team: Team) -> int:
    return 0 if team is Team.NS else 1


class Solver:
    """Alpha-beta search of one contract's play. Reuse one solver for positions of one deal.

    Values are the points NS takes from the remaining tricks (the current trick included);
    EW takes the rest. ``nodes`` counts plays searched.
    """

    def __init__(self, tables: ContractTables, maximizers: Iterable[int] = (0, 2)) -> None:
        self.tables = tables
        # The seat indices that play to give NS the most points (N and S in a real hand;
        # all or none of them for the best or worst the rest of a hand could bring NS).
        self._maximize = tuple(seat in tuple(maximizers) for seat in range(4))
        self.nodes = 0
        self._tt: dict[int, tuple[int, int]] = {}
        self._best: dict[int, int] = {}
        self._equiv: dict[tuple[int, int, int], int] = {}
        self._history = [0] * len(ALL_TILES)  # cutoffs each lead has caused

    # -- public questions --

    def value(self, pos: Position, guess: int | None = None) -> int:
        """The points NS takes from here on with best play by all (EW takes the rest).

        Found by zero-window tests alone, bisecting the range of points (fail-soft answers
        narrow it faster), all sharing the transposition table; ``guess`` (say, the value
        of a neighbouring position) is tested first and makes it quicker when close.
        """
        lo, hi = 0, pos.points_left
        test = (lo + hi + 1) // 2 if guess is None else guess
        while lo < hi:
            test = max(lo + 1, min(hi, test))
            # Is the value at least ``test``? Fail-soft: the answer also bounds it.
            found = self._search(pos, test - 1, test)
            if found >= test:
                lo = found
            else:
                hi = found
            if guess is not None:
                # Near a good guess, the next test settles it: one point either side.
                test = lo + 1 if found >= test else hi
                guess = None
            else:
                test = (lo + hi + 1) // 2
        return lo

    def bounded(self, pos: Position, alpha: int, beta: int) -> int:
        """A fail-soft alpha-beta value of ``pos`` for NS in the window (alpha, beta)."""
        return self._search(pos, alpha, beta)

    def reaches(self, pos: Position, team: Team, target: int) -> bool:
        """Can ``team`` be sure of at least ``target`` more points? A zero-window test."""
        if target <= 0:
            return True
        total = pos.points_left
        if target > total:
            return False
        if team is Team.NS:
            return self._search(pos, target - 1, target) >= target
        # EW reaches target iff NS is held to total - target or less.
        limit = total - target
        return self._search(pos, limit, limit + 1) <= limit

    def takes_every_trick(self, pos: Position, team: Team) -> bool:
        """Can ``team`` be sure of every remaining trick (current one included)?

        Every trick is worth a point, so this is a zero-window test at all the points left.
        """
        return self.reaches(pos, team, pos.points_left)

    # -- the alpha-beta search --

    def _search(self, pos: Position, alpha: int, beta: int) -> int:
        t = self.tables
        hands = list(pos.hands)
        tt = self._tt
        best_lead = self._best
        equiv = self._equiv
        follow = t.follow
        power = t.power
        led_suit_of = t.led_suit
        order = t.order
        size = len(order)
        nxt = [0, 0, 0, 0]
        for i, s in enumerate(order):
            nxt[s] = order[(i + 1) % size]
        groups = [(sum(1 << i for i in g), g) for g in t.groups]
        maximizes = self._maximize
        count = COUNT
        history = self._history
        sevens = bool(t.closest)
        restrict = t.restrict
        nodes = 0

        def kept(legal: int, present: int) -> int:
            """``legal`` with all but the highest of each run of interchangeable tiles."""
            for gmask, g in groups:
                mine = legal & gmask
                if mine & (mine - 1):
                    key = (gmask, mine, present & gmask)
                    drop = equiv.get(key)
                    if drop is None:
                        drop = 0
                        prev = -1
                        for i in g:
                            b = 1 << i
                            if b & present:
                                if b & mine:
                                    if prev >= 0 and count[prev] == count[i]:
                                        drop |= b
                                    else:
                                        prev = i
                                else:
                                    prev = -1
                        equiv[key] = drop
                    legal &= ~drop
            return legal

        def boundary(leader: int, alpha: int, beta: int) -> int:
            left = hands[0] | hands[1] | hands[2] | hands[3]
            if not left:
                return 0
            key = hands[0] | hands[1] << 28 | hands[2] << 56 | hands[3] << 84 | leader << 112
            entry = tt.get(key)
            total = (
                10 * (left & TEN_MASK).bit_count()
                + 5 * (left & FIVE_MASK).bit_count()
                + left.bit_count() // size
            )
            if entry is None and left.bit_count() == size:
                # The last trick: each seat has one tile left, so it plays itself.
                lead = hands[leader]
                row = power[led_suit_of[lead.bit_length() - 1]]
                seat = leader
                best_seat, best_power = leader, row[lead.bit_length() - 1]
                for _ in range(size - 1):
                    seat = nxt[seat]
                    p = row[hands[seat].bit_length() - 1]
                    if p > best_power:
                        best_seat, best_power = seat, p
                return 0 if best_seat & 1 else total
            lo, hi = (0, total) if entry is None else entry
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            if lo == hi:
                return lo
            a = alpha if alpha > lo else lo
            b = beta if beta < hi else hi
            v = play(0, leader, _NO_SUIT, 0, leader, 0, a, b, left, key)
            if v <= a:
                hi = v
            elif v >= b:
                lo = v
            else:
                lo = hi = v
            tt[key] = (lo, hi)
            return v

        def play(
            k: int,
            seat: int,
            suit: int,
            bpow: int,
            bseat: int,
            pts: int,
            alpha: int,
            beta: int,
            present: int,
            key: int,
        ) -> int:
            nonlocal nodes
            hand = hands[seat]
            # Sevens restricts every play; otherwise a follower must follow if it can.
            legal = restrict(hand) if sevens else (hand & follow[suit] or hand) if k else hand
            if legal & (legal - 1):
                legal = kept(legal, present)
            moves = _bits(legal)
            maximize = maximizes[seat]
            if len(moves) > 1:
                # Sort keys packed in one int (powers < 256, counts ≤ 10): cheaper than tuples.
                if k == 0:
                    # The best lead found before, then leads that caused cutoffs, then high.
                    first = best_lead.get(key, -1)
                    moves.sort(key=lambda i: ((i != first) << 40) - (history[i] << 8)
                               - power[led_suit_of[i]][i])
                else:
                    row = power[suit]
                    if maximizes[bseat] == maximize:
                        # Partner winning: count first unless it would overtake, then low.
                        moves.sort(key=lambda i: ((row[i] > bpow) << 16)
                                   | ((10 - count[i]) << 8) | row[i])
                    else:
                        # Opponent winning: cheapest winner, else lowest count, lowest power.
                        moves.sort(
                            key=lambda i: ((row[i] <= bpow) << 24)
                            | ((row[i] if row[i] > bpow else 0) << 16) | (count[i] << 8) | row[i]
                        )
            best = -_INF if maximize else _INF
            best_move = moves[0]
            last = k + 1 == size
            for i in moves:
                nodes += 1
                bit = 1 << i
                hands[seat] = hand ^ bit
                if k == 0:
                    s = led_suit_of[i]
                    wp = power[s][i]
                    ws = seat
                else:
                    s = suit
                    p = power[s][i]
                    if p > bpow:
                        wp, ws = p, seat
                    else:
                        wp, ws = bpow, bseat
                np = pts + count[i]
                if last:
                    if ws & 1:
                        v = boundary(ws, alpha, beta)
                    else:
                        gain = np + 1
                        v = gain + boundary(ws, alpha - gain, beta - gain)
                else:
                    v = play(k + 1, nxt[seat], s, wp, ws, np, alpha, beta, present, key)
                hands[seat] = hand
                if maximize:
                    if v > best:
                        best, best_move = v, i
                        if v > alpha:
                            alpha = v
                            if alpha >= beta:
                                if k == 0:
                                    history[i] += 1
                                break
                elif v < best:
                    best, best_move = v, i
                    if v < beta:
                        beta = v
                        if alpha >= beta:
                            if k == 0:
                                history[i] += 1
                            break
            if k == 0:
                best_lead[key] = best_move
            return best

        try:
            if not pos.trick:
                return boundary(pos.leader, alpha, beta)
            # Mid-trick: replay the trick so far into (suit, winner, points).
            lead = pos.trick[0]
            suit = led_suit_of[lead]
            row = power[suit]
            seat, bseat, bpow = pos.leader, pos.leader, row[lead]
            pts = count[lead]
            for i in pos.trick[1:]:
                seat = nxt[seat]
                if row[i] > bpow:
                    bpow, bseat = row[i], seat
                pts += count[i]
            seat = nxt[seat]
            present = pos.remaining | sum(1 << i for i in pos.trick)
            return play(len(pos.trick), seat, suit, bpow, bseat, pts, alpha, beta, present, -1)
        finally:
            self.nodes += nodes

    # -- every trick: the all-or-nothing contracts and lay-down claims --

    def _lost_trick(self, pos: Position, team: int, depth: int) -> tuple[int, ...] | None:
        """A line of plays, each seat playing freely, in which ``team`` loses one of the next
        ``depth`` tricks (the current one included); None when there is none."""
        t = self.tables
        safe: set[tuple[tuple[int, ...], int, int]] = set()

        def search(p: Position, depth: int) -> tuple[int, ...] | None:
            if not p.remaining or depth <= 0:
                return None
            if not p.trick:
                key = (p.hands, p.leader, depth)
                if key in safe:
                    return None
            for i in _bits(p.legal(t)):
                self.nodes += 1
                nxt = p.play(i, t)
                if nxt.trick:
                    sub = search(nxt, depth)
                elif nxt.tricks[1 - team] > p.tricks[1 - team]:
                    sub = ()
                else:
                    sub = search(nxt, depth - 1)
                if sub is not None:
                    return (i, *sub)
            if not p.trick:
                safe.add((p.hands, p.leader, depth))
            return None

        return search(pos, depth)

    def claim_refutation(self, pos: Position, team: Team) -> tuple[int, ...] | None:
        """A line of play (tile indices from ``pos``) in which ``team`` loses a trick.

        None when the claim holds: ``team`` takes every remaining trick whatever any seat
        plays, its own side included.
        """
        left = -(-(pos.remaining.bit_count() + len(pos.trick)) // self.tables.trick_size)
        for depth in range(1, left + 1):
            # Deepening trick by trick finds a line that loses the earliest trick possible.
            line = self._lost_trick(pos, _team(team), depth)
            if line is not None:
                return line
        return None
