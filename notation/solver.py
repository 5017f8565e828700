"""An exact perfect-information solver for 42: best play by all four seats, every tile seen.

Hands are 28-bit masks (bit ``i`` is ``ALL_TILES[i]``). A contract is turned once into
:class:`ContractTables` (suit of each lead, follow masks per led suit, winning power of each
tile per led suit, count), derived from :mod:`notation.play` so the solver and the validator
cannot disagree. The tables are the seam for other contracts: anything that can say which
tiles a hand may play to a lead (:meth:`ContractTables.legal_moves`), who wins a trick
(:meth:`ContractTables.trick_winner`) and which seats play, plugs into :class:`Solver`.

The search is alpha-beta over single plays, asked only zero-window questions (the full value
bisects the range of points with them, all sharing one transposition table). The table
holds bounds at trick boundaries, keyed by the tiles left and the leader (each tile stays
with the seat dealt it); a position's first bounds come from the trumps each side is sure
to win with. The best lead is remembered per position, leads that caused cutoffs are tried
early (weighted towards the root), followers are ordered by look-up tables, and tiles that
are interchangeable (of one closed suit, adjacent in rank with no tile in play between them,
of equal count) are tried once. For speed in CPython the plays of a trick run as nested
loops (one Python call per trick, not per play), follower move lists are remembered, and the
last trick is played out inline.

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

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from notation.contracts import DOUBLES_SUIT, Special, Trump
from notation.errors import T42Error
from notation.play import SEVEN, SUITS, sevens_distance, strongest, trump_suit, trump_table
from notation.seats import SEATS, Seat, Team, play_order
from notation.tiles import ALL_TILES, Tile, tile_key

TILE_INDEX: dict[Tile, int] = {t: i for i, t in enumerate(ALL_TILES)}
COUNT: tuple[int, ...] = tuple(t.count for t in ALL_TILES)
TEN_MASK = sum(1 << i for i, t in enumerate(ALL_TILES) if t.count == 10)
FIVE_MASK = sum(1 << i for i, t in enumerate(ALL_TILES) if t.count == 5)
_NO_SUIT = -1
_INF = 1 << 20
_CUTOFF = 1 << 8  # a ply's next-move index past any move list: the ply is cut off
_LEADS = 1 << 72  # marks a list of leads among the follower lists in one table


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
    clockwise, by seat index (N=0 … W=3; a seat sitting out is left out); ``closest`` in
    Sevens the masks of tiles 0, 1, 2 … pips from 7; ``trumps`` the trump tiles, strongest
    first (none without a trump).
    """

    name: str
    led_suit: tuple[int, ...]
    follow: tuple[int, ...]
    power: tuple[tuple[int, ...], ...]
    groups: tuple[tuple[int, ...], ...]
    order: tuple[int, ...] = (0, 1, 2, 3)
    closest: tuple[int, ...] = ()
    trumps: tuple[int, ...] = ()

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
        return strongest([row[t] for t in tiles])


class UnsupportedContract(T42Error, ValueError):
    """A contract the solver cannot play as asked (a Nello without the seat that sits out)."""


@lru_cache(maxsize=64)
def contract_tables(trump: Trump, sitting_out: int | None = None) -> ContractTables:
    """The tables of a contract: a pip trump, doubles, follow-me with a doubles option, and
    the special contracts — Plunge and Splash (played as their trump), Nello and Low-No
    (no trump, a doubles option; ``sitting_out`` is the seat index of the declarer's
    partner, who sits out) and Sevens (the tile nearest 7 pips must be played, and wins).

    Built once per contract from :func:`notation.play.trump_table`, the table the validator
    checks play by, re-indexed by tile index.

    >>> t = contract_tables(Trump.doubles_trump())
    >>> t.led_suit[TILE_INDEX[Tile(3, 3)]] == DOUBLES_SUIT, len(t.groups)
    (True, 1)
    """
    special = trump.special
    order: tuple[int, ...] = (0, 1, 2, 3)
    if special is not None and special.is_nello:
        if sitting_out is None:
            raise UnsupportedContract(f"{trump}: say which seat sits out")
        order = tuple(s.index for s in play_order(Seat.N, SEATS[sitting_out]))
    table = trump_table(trump)
    if special is Special.SEVENS:
        return _sevens_tables(str(trump), _by_index(table.power[0]))
    led = _by_index(table.led)
    follow = tuple(_mask_by_index(mask) for mask in table.followers)
    powers = tuple(_by_index(row) for row in table.power)
    ts = trump_suit(trump)
    closed: list[int] = []
    if ts is not None:
        closed.append(ts)
    if trump.doubles_form_suit and DOUBLES_SUIT not in closed:
        closed.append(DOUBLES_SUIT)
    groups = tuple(_by_power(follow[s], powers[s]) for s in closed)
    trumps = () if ts is None else _by_power(follow[ts], powers[ts])
    return ContractTables(str(trump), led, follow, powers, groups, order, (), trumps)


# The tile key (notation.tiles.tile_key) of each tile index: play.py's tables are indexed by
# key, the solver's by index.
_KEYS = tuple(tile_key(t) for t in ALL_TILES)


def _by_index(by_key: Sequence[int]) -> tuple[int, ...]:
    """A table of play.py's, indexed by tile key, re-indexed by tile index."""
    return tuple(by_key[key] for key in _KEYS)


def _mask_by_index(by_key: int) -> int:
    """A bit mask of tiles by key (1 << key), as a mask by tile index (1 << index)."""
    return sum(1 << i for i, key in enumerate(_KEYS) if by_key >> key & 1)


def _sevens_tables(name: str, row: tuple[int, ...]) -> ContractTables:
    """Sevens: every tile "follows" (one suit), the nearest to 7 pips wins (``row``, the
    power of each tile in any suit), ties to the first played; the legal tiles are those of
    the hand nearest to 7."""
    distance = [sevens_distance(t) for t in ALL_TILES]
    closest = tuple(
        sum(1 << i for i, d in enumerate(distance) if d == want) for want in range(SEVEN + 1)
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
class MoveOrder:
    """Sort keys for the follower's plays, per led suit, so that moves are ordered by list
    look-ups (``key=row.__getitem__``) and not by a Python key function.

    ``above[s][p]`` is the mask of tiles that beat power ``p`` in a trick led in ``s``;
    ``partner_key[s]`` orders plays to a partner's trick (count first, then low);
    ``winner_key[s]`` the plays that win an opponent's trick (cheapest first);
    ``loser_key[s]`` the plays that lose it (lowest count, then low); ``lead_key`` the
    leads (high first).
    """

    above: tuple[tuple[int, ...], ...]
    partner_key: tuple[tuple[int, ...], ...]
    winner_key: tuple[tuple[int, ...], ...]
    loser_key: tuple[tuple[int, ...], ...]
    lead_key: tuple[int, ...]


@lru_cache(maxsize=64)
def _ordering(tables: ContractTables) -> MoveOrder:
    """The move-ordering tables of a contract (see :class:`MoveOrder`)."""
    tiles = range(len(ALL_TILES))
    top = 1 + max(max(row) for row in tables.power)
    above = tuple(
        tuple(sum(1 << i for i in tiles if row[i] > p) for p in range(top))
        for row in tables.power
    )
    partner = tuple(tuple(((10 - COUNT[i]) << 8) | row[i] for i in tiles) for row in tables.power)
    winner = tuple(tuple((row[i] << 16) | (COUNT[i] << 8) | row[i] for i in tiles)
                   for row in tables.power)
    loser = tuple(tuple((COUNT[i] << 8) | row[i] for i in tiles) for row in tables.power)
    lead = tuple(-tables.power[tables.led_suit[i]][i] for i in tiles)
    return MoveOrder(above, partner, winner, loser, lead)


def _interchangeable(run: Sequence[int], mine: int, present: int) -> int:
    """The tiles of ``mine`` to skip in a run of one closed suit (strongest first): each
    that is next below another of ``mine`` with equal count and no tile still in play
    between them (it would do exactly what the higher one does)."""
    drop = 0
    prev = -1
    for i in run:
        b = 1 << i
        if b & present:
            if b & mine:
                if prev >= 0 and COUNT[prev] == COUNT[i]:
                    drop |= b
                else:
                    prev = i
            else:
                prev = -1
    return drop


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


# -- the plays of a whole trick as nested loops, written once and generated at import --
#
# CPython runs a trick fastest as four nested loops over local variables (one Python call
# per trick, not per play), but written out by hand each ply repeats the same steps. They
# are written once here, as text: a ply's loop (its moves, then the play: the winner so
# far, the count), and the backing up of a value into a ply (best, window, cutoff). The
# two searches that use them differ only in where a ply's moves come from and what ends
# the trick; the source is put together and compiled once, when the module is imported.

_PLIES = 4  # the trick size of the nested-loop searches


def _ply_opening(k: int) -> list[str]:
    """Ply ``k`` (1 … 3) before its loop: the window and best value inherited."""
    return [f"a{k}, b{k} = a{k - 1}, b{k - 1}",
            f"best{k} = -_INF if max{k} else _INF"]


def _ply_play(k: int) -> list[str]:
    """Ply ``k`` after its tile ``i{k}`` is chosen: the trick's winning power ``p``, seat
    ``w`` and count ``c`` so far (the last ply needs only the winner: its count is added
    only where the trick's points are)."""
    if k == _PLIES - 1:
        return [f"w{k} = s{k} if row[i{k}] > p{k - 1} else w{k - 1}"]
    return [f"p{k} = row[i{k}]",
            f"if p{k} > p{k - 1}:",
            f"    w{k} = s{k}",
            "else:",
            f"    p{k}, w{k} = p{k - 1}, w{k - 1}",
            f"c{k} = c{k - 1} + count[i{k}]"]


def _backup(k: int, on_best: str = "", on_cutoff: str = "") -> list[str]:
    """Back the value ``v`` up into ply ``k``: a better value for the seat there raises its
    best and narrows its window, and past the window its loop is cut off (``break``)."""
    raise_best = [f"    best{k} = v"] + ([f"    {on_best}"] if on_best else [])
    cut = ([f"            {on_cutoff}"] if on_cutoff else []) + ["            break"]
    lower_best = [f"    best{k} = v"] + ([f"    {on_best}"] if on_best else [])
    return [
        f"if max{k}:",
        f"    if v > best{k}:",
        *("    " + line for line in raise_best),
        f"        if v > a{k}:",
        f"            a{k} = v",
        f"            if v >= b{k}:",
        *("    " + line for line in cut),
        f"elif v < best{k}:",
        *lower_best,
        f"    if v < b{k}:",
        f"        b{k} = v",
        f"        if a{k} >= v:",
        *cut,
    ]


def _nested_trick(prologue: list[str], moves: Callable[[int], list[str]],
                  play: Callable[[int], list[str]], leaf: list[str],
                  after: Callable[[int], list[str]], epilogue: list[str],
                  on_best: str = "", on_cutoff: str = "") -> str:
    """The source of a search over the four plays of a trick as nested loops.

    ``moves(k)`` is the lines that set ``moves`` (or the loop's iterable) for ply ``k``,
    ``play(k)`` what follows a play at ply ``k`` (the hands); ``leaf`` the value ``v``
    once all four have played; ``after(k)`` what follows the loop of ply ``k``; the
    lead's best and cutoff may do more (``on_best``, ``on_cutoff``).
    """
    body: list[str] = [*prologue]
    indent = ""
    for k in range(_PLIES):
        if k:
            body += [indent + line for line in _ply_opening(k)]
        body += [indent + line for line in moves(k)]
        body.append(f"{indent}for i{k} in moves{k}:")
        indent += "    "
        body += [indent + line for line in ["plays += 1", *play(k)]]
        if k:
            body += [indent + line for line in _ply_play(k)]
    body += [indent + line for line in leaf]
    for k in range(_PLIES - 1, -1, -1):
        body += [indent + line for line in _backup(k, *((on_best, on_cutoff) if k == 0 else ()))]
        indent = indent[4:]
        body += [indent + line for line in after(k)]
        if k:
            body.append(f"{indent}v = best{k}")
    body += epilogue
    return "\n".join("        " + line for line in body)


def _factory(name: str, params: str, body: str) -> Callable[..., Callable[..., int]]:
    """Compile the source of a search into a factory that closes it over ``params`` (the
    search's state, given by :meth:`Solver._search`)."""
    source = f"def make({params}):\n    def {name}:\n{body}\n    return {name.split('(')[0]}\n"
    space: dict[str, object] = {}
    exec(compile(source, f"<solver: {name.split('(')[0]}>", "exec"), globals(), space)
    make = space["make"]
    assert callable(make)
    return make


def _seats_prologue(first: str) -> list[str]:
    """The seats in play order from ``s0``, whether each maximizes, and their hands."""
    return ["plays = 0",
            f"s0 = w0 = {first}",
            *(f"s{k} = nxt[s{k - 1}]" for k in range(1, _PLIES)),
            *(f"max{k} = maximizes[s{k}]" for k in range(_PLIES)),
            *(f"h{k} = hands[s{k}]" for k in range(_PLIES)),
            "a0, b0 = alpha, beta",
            "best0 = -_INF if max0 else _INF"]


def _trick4_moves(k: int) -> list[str]:
    if k == 0:
        return ["moves0 = order_key.get(key0 | _LEADS)",
                "if moves0 is None:",
                "    moves0 = order_key[key0 | _LEADS] = lead_moves(s0, present)",
                "if len(moves0) > 1:",
                "    # The best lead found before, then leads that caused cutoffs, then high.",
                "    moves0 = sorted(moves0, key=lead_rank.__getitem__)",
                "    first = best_lead.get(key, -1)",
                "    if first >= 0 and moves0[0] != first and first in moves0:",
                "        moves0.remove(first)",
                "        moves0.insert(0, first)"]
    wanted = f"suit{k} | p{k - 1} << 57"
    return [f"moves{k} = order_key.get({wanted} | same{k}[w{k - 1}] << 56)",
            f"if moves{k} is None:",
            f"    moves{k} = follower_moves(s{k}, suit, p{k - 1}, w{k - 1}, present, {wanted})"]


def _trick4_play(k: int) -> list[str]:
    played = [f"hands[s{k}] = h{k} ^ (1 << i{k})"]
    if k:
        return played
    return [*played,
            "suit = led_suit_of[i0]",
            "row = power[suit]",
            "p0 = row[i0]",
            "c0 = count[i0]",
            "in_suit = suit << 64",
            *(f"suit{j} = key{j} | in_suit" for j in range(1, _PLIES))]


_TRICK4 = _factory(
    "trick4(leader, alpha, beta, present, key)",
    "hands, nxt, maximizes, same, order_key, lead_moves, follower_moves, best_lead, lead_rank,"
    " led_suit_of, power, count, closed_mask, boundary, tally",
    _nested_trick(
        [*_seats_prologue("leader"),
         *(f"same{k} = same[s{k}]" for k in range(1, _PLIES)),
         "move0 = -1",
         # A seat's moves depend on the closed-suit tiles left only when it holds two or
         # more of them (which ones are interchangeable); else they stay out of the key,
         # so the remembered moves serve more positions.
         "closed_left = (present & closed_mask) << 28",
         *(line for k in range(_PLIES) for line in (
             f"mine = h{k} & closed_mask",
             f"key{k} = h{k} | closed_left if mine & (mine - 1) else h{k}"))],
        _trick4_moves,
        _trick4_play,
        ["# The trick is decided: on to the next, led by its winner.",
         "if w3 & 1:",
         "    v = boundary(w3, a3, b3)",
         "else:",
         "    gain = c2 + count[i3] + 1",
         "    v = gain + boundary(w3, a3 - gain, b3 - gain)"],
        lambda k: [f"hands[s{k}] = h{k}"],
        ["best_lead[key] = move0", "tally[0] += plays", "return best0"],
        on_best="move0 = i0",
        on_cutoff="lead_rank[i0] -= 1 << (present.bit_count() >> 1)",
    ),
)
"""The search of a whole trick of four plays from its lead (the common case, and the hot
one): see :meth:`Solver._search`."""


def _last_two_play(k: int) -> list[str]:
    kept = [f"other[s{k}] = (h{k} ^ (1 << i{k})).bit_length() - 1"]
    if k:
        return kept
    return [*kept, "suit = led_suit_of[i0]", "row = power[suit]", "suited = follow[suit]",
            "p0 = row[i0]", "c0 = 1 + count[i0]"]


_LAST_TWO = _factory(
    "last_two(leader, alpha, beta, left)",
    "nxt, maximizes, hands, follow, led_suit_of, power, count, tally",
    _nested_trick(
        [*_seats_prologue("leader"),
         "worth = 2 + points_in(left)  # the count of both tricks and a point each",
         "other = [0, 0, 0, 0]  # the tile each seat keeps for the last trick"],
        lambda k: [f"moves{k} = _bits(h{k} & suited or h{k})" if k else "moves0 = _bits(h0)"],
        _last_two_play,
        ["# The last trick, led by the winner of this one.",
         "t = other[w3]",
         "final = power[led_suit_of[t]]",
         "top, top_seat = final[t], w3",
         "seat = w3",
         *(line for _ in range(_PLIES - 1) for line in (
             "seat = nxt[seat]",
             "p = final[other[seat]]",
             "if p > top:",
             "    top, top_seat = p, seat")),
         "first = c2 + count[i3]",
         "v = (0 if w3 & 1 else first) + (0 if top_seat & 1 else worth - first)"],
        lambda k: [],
        ["tally[0] += plays", "return best0"],
    ),
)
"""The last two tricks of four plays, two tiles a seat: the plays to the first searched
as in :data:`_TRICK4` but with no tables to consult, and the last played out (each seat's
other tile)."""


# The seats that play for NS points in a Nello (or Low-No), whichever side declares: the
# declarer plays to lose every trick and the defenders to give the declarer one, so E and W
# are the ones playing for NS points when N or S declares, and when E or W does.
NELLO_MAXIMIZERS = (1, 3)


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
        # Bounds (lo, hi) on NS points from a trick boundary, packed lo | hi << 7 (0 … 42).
        self._tt: dict[int, int] = {}
        self._best: dict[int, int] = {}
        self._equiv: dict[tuple[int, int, int], int] = {}
        self._sure: dict[int, tuple[int, int]] = {}
        self._owners = [0, 0, 0, 0]  # every tile each seat has been seen to hold
        # Lead sort keys: high first, less each cutoff the lead has caused (history
        # heuristic), weighted 2 ** (tiles left / 2) so cutoffs near the root count most.
        self._lead_rank = list(_ordering(tables).lead_key)
        self._groups = [(sum(1 << i for i in g), g) for g in tables.groups]
        self._trump_mask = sum(1 << i for i in tables.trumps)
        # A seat's leads, and its plays to a trick in the order to try them, by hand,
        # closed-suit tiles left, suit led, power to beat and whose trick it is (see
        # ``follower_moves`` in :meth:`_search`); they do not depend on the deal.
        self._order_key: dict[int, list[int]] = {}
        self._closed_mask = sum(1 << i for g in tables.groups for i in g)

    def _same_deal(self, pos: Position) -> None:
        """Forget what was learned of another deal: the tables are keyed by the tiles left,
        which name a position only while each tile stays with the seat that held it."""
        owners = self._owners
        held = owners[0] | owners[1] | owners[2] | owners[3]
        if any(h & held & ~owners[s] for s, h in enumerate(pos.hands)):
            self._tt.clear()
            self._best.clear()
            self._sure.clear()
            owners[:] = [0, 0, 0, 0]
        for s, h in enumerate(pos.hands):
            owners[s] |= h

    def _sure_points(self, trumps_left: int) -> tuple[int, int]:
        """The points NS and EW are each sure of from the trumps in ``trumps_left``.

        A trump with no higher trump left in the other side's hands wins whatever trick it
        falls in for its side (it is beaten only by a partner's higher trump), so that side
        takes its count and a trick for each of them one seat holds.
        """
        owners = self._owners
        sure = [0, 0]
        team = -1
        for i in self.tables.trumps:
            bit = 1 << i
            if not bit & trumps_left:
                continue
            holder = 0 if bit & (owners[0] | owners[2]) else 1
            if team >= 0 and holder != team:
                break
            team = holder
            sure[team] |= bit
        if team < 0:
            return (0, 0)
        run = sure[team]
        tricks = max((run & owners[team]).bit_count(), (run & owners[team + 2]).bit_count())
        got = points_in(run) + tricks
        return (got, 0) if team == 0 else (0, got)

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
        """A fail-soft alpha-beta value of ``pos`` for NS in the window (alpha, beta).

        Python calls are made per trick, not per play: :func:`boundary` (the table, the
        bounds) then :func:`trick4` (four nested loops), :func:`last_two` (the last two
        tricks, no tables) or :func:`trick` (any trick size or a trick under way, a loop
        over per-ply arrays). Moves are sorted by list look-ups, not lambdas. Besides saving
        calls, this keeps the time from depending on the caller's stack depth: deep
        per-play recursion (and a key function called from each sort) made CPython 3.11
        allocate and free a frame-stack chunk whenever the search crossed a chunk edge,
        which made the same search up to three times slower depending on where it was
        called from.
        """
        self._same_deal(pos)
        t = self.tables
        hands = list(pos.hands)
        # The tables and the solver's memory as locals (cheaper to read in the loops).
        follow, power, led_suit_of = t.follow, t.power, t.led_suit
        order, closest, restrict = t.order, t.closest, t.restrict
        tt, best_lead, equiv, sure_of = self._tt, self._best, self._equiv, self._sure
        groups, maximizes, lead_rank, order_key = (
            self._groups, self._maximize, self._lead_rank, self._order_key)
        trump_mask, closed_mask = self._trump_mask, self._closed_mask
        sure_points = self._sure_points
        ordering = _ordering(t)
        above, partner_key = ordering.above, ordering.partner_key
        winner_key, loser_key = ordering.winner_key, ordering.loser_key
        count = COUNT
        size = len(order)
        last = size - 1
        nxt = [0, 0, 0, 0]
        for n, s in enumerate(order):
            nxt[s] = order[(n + 1) % size]
        same = [[int(maximizes[a] == maximizes[b]) for b in range(4)] for a in range(4)]
        nodes = 0
        # Per-ply state of the trick being played (ply k is the k-th play of the trick).
        # Indexed by plays made in the hand, so a trick's plies outlive the tricks below.
        plies = len(ALL_TILES) + 1
        seat_at = [0] * plies
        hand_at = [0] * plies
        moves_at: list[list[int]] = [[] for _ in range(plies)]
        next_at = [0] * plies
        alpha_at = [0] * plies
        beta_at = [0] * plies
        best_at = [0] * plies
        move_at = [0] * plies
        power_at = [0] * plies  # the winning power so far, before ply k plays
        winner_at = [0] * plies  # the seat winning so far, before ply k plays
        count_at = [0] * plies  # the count played so far, before ply k plays

        def playable(k: int, seat: int, suit: int, present: int) -> int:
            """The tiles ``seat`` may play at ply ``k`` (to a lead of ``suit``), one of each
            interchangeable run."""
            hand = hands[seat]
            if closest:
                legal = restrict(hand)
            elif k:
                legal = hand & follow[suit] or hand
            else:
                legal = hand
            if not legal & (legal - 1):
                return legal
            for gmask, g in groups:
                mine = legal & gmask
                if mine & (mine - 1):
                    ekey = (gmask, mine, present & gmask)
                    drop = equiv.get(ekey)
                    if drop is None:
                        drop = equiv[ekey] = _interchangeable(g, mine, present)
                    legal &= ~drop
            return legal

        def moves_for(k: int, seat: int, suit: int, win_power: int, win_seat: int,
                      present: int, key: int) -> list[int]:
            """The plays of ``seat`` at ply ``k``, one of each interchangeable run, in the
            order to try them."""
            legal = playable(k, seat, suit, present)
            if not legal & (legal - 1):
                return _bits(legal)
            if k == 0:
                # The best lead found before, then leads that caused cutoffs, then high.
                moves = sorted(_bits(legal), key=lead_rank.__getitem__)
                first = best_lead.get(key, -1)
                if first >= 0 and legal >> first & 1 and moves[0] != first:
                    moves.remove(first)
                    moves.insert(0, first)
                return moves
            beats = legal & above[suit][win_power]
            if maximizes[win_seat] == maximizes[seat]:
                # Partner winning: count first unless it would overtake, then low.
                rank = partner_key[suit].__getitem__
                return sorted(_bits(legal ^ beats), key=rank) + sorted(_bits(beats), key=rank)
            # Opponent winning: cheapest winner, else lowest count, lowest power.
            return (sorted(_bits(beats), key=winner_key[suit].__getitem__)
                    + sorted(_bits(legal ^ beats), key=loser_key[suit].__getitem__))

        def lead_moves(seat: int, present: int) -> list[int]:
            """The leads of ``seat``, one of each interchangeable run, not yet ordered."""
            return _bits(playable(0, seat, _NO_SUIT, present))

        def follower_moves(seat: int, suit: int, win_power: int, win_seat: int, present: int,
                           play_key: int) -> list[int]:
            """:func:`moves_for` a follower, remembered under ``play_key`` (the hand, the
            closed-suit tiles left if it holds two of them, the suit led and the power to
            beat) and whose trick it is."""
            moves = moves_for(1, seat, suit, win_power, win_seat, present, -1)
            order_key[play_key | same[seat][win_seat] << 56] = moves
            return moves

        def boundary(leader: int, alpha: int, beta: int) -> int:
            """The value of the position between tricks, ``leader`` to lead."""
            left = hands[0] | hands[1] | hands[2] | hands[3]
            if not left:
                return 0
            # The tiles left and the leader name the position: each tile stays with its seat.
            key = left | leader << 28
            entry = tt.get(key)
            if entry is None:
                total = (
                    10 * (left & TEN_MASK).bit_count()
                    + 5 * (left & FIVE_MASK).bit_count()
                    + left.bit_count() // size
                )
                if left.bit_count() == size:
                    # The last trick: each seat has one tile left, so it plays itself.
                    lead = hands[leader].bit_length() - 1
                    row = power[led_suit_of[lead]]
                    seat = leader
                    best_seat, best_power = leader, row[lead]
                    for _ in range(last):
                        seat = nxt[seat]
                        p = row[hands[seat].bit_length() - 1]
                        if p > best_power:
                            best_seat, best_power = seat, p
                    return 0 if best_seat & 1 else total
                trumps_left = left & trump_mask
                sure = sure_of.get(trumps_left)
                if sure is None:
                    sure = sure_of[trumps_left] = sure_points(trumps_left)
                lo, hi = sure[0], total - sure[1]
            else:
                lo, hi = entry & 127, entry >> 7
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            if lo == hi:
                return lo
            a = alpha if alpha > lo else lo
            b = beta if beta < hi else hi
            if size == 4:
                if left.bit_count() == 8 and not closest:
                    v = last_two(leader, a, b, left)
                else:
                    v = trick4(leader, a, b, left, key)
            else:
                v = trick(len(ALL_TILES) - left.bit_count(), 0, leader, _NO_SUIT, 0, leader, 0,
                          a, b, left, key)
            if v <= a:
                hi = v
            elif v >= b:
                lo = v
            else:
                lo = hi = v
            tt[key] = lo | hi << 7
            return v

        def trick(base: int, k0: int, seat: int, suit: int, win_power: int, win_seat: int,
                  pts: int, alpha: int, beta: int, present: int, key: int) -> int:
            """The value of the trick from its play ``k0`` (``seat`` to play) to its end and
            of the tricks after it: alpha-beta over the plays, ply by ply in a loop. ``base``
            is the number of tiles played before the trick (the plies' place in the arrays).
            """
            nonlocal nodes
            lead_ply, last_ply = base, base + last
            start = k = base + k0
            seat_at[k] = seat
            hand_at[k] = hands[seat]
            power_at[k], winner_at[k], count_at[k] = win_power, win_seat, pts
            alpha_at[k], beta_at[k] = alpha, beta
            moves_at[k] = moves_for(k0, seat, suit, win_power, win_seat, present, key)
            next_at[k] = 0
            best_at[k] = -_INF if maximizes[seat] else _INF
            while True:
                moves = moves_at[k]
                n = next_at[k]
                if n < len(moves):
                    i = moves[n]
                    next_at[k] = n + 1
                    seat = seat_at[k]
                    hands[seat] = hand_at[k] ^ (1 << i)
                    nodes += 1
                    if k == lead_ply:
                        suit = led_suit_of[i]
                        wp, ws, pts = power[suit][i], seat, count[i]
                    else:
                        wp = power[suit][i]
                        if wp > power_at[k]:
                            ws = seat
                        else:
                            wp, ws = power_at[k], winner_at[k]
                        pts = count_at[k] + count[i]
                    if k == last_ply:
                        if ws & 1:
                            v = boundary(ws, alpha_at[k], beta_at[k])
                        else:
                            gain = pts + 1
                            v = gain + boundary(ws, alpha_at[k] - gain, beta_at[k] - gain)
                        hands[seat] = hand_at[k]
                    else:
                        # Down a ply: the next seat plays to the trick.
                        k += 1
                        seat = nxt[seat]
                        seat_at[k] = seat
                        hand_at[k] = hands[seat]
                        power_at[k], winner_at[k], count_at[k] = wp, ws, pts
                        alpha_at[k], beta_at[k] = alpha_at[k - 1], beta_at[k - 1]
                        moves_at[k] = moves_for(k - base, seat, suit, wp, ws, present, key)
                        next_at[k] = 0
                        best_at[k] = -_INF if maximizes[seat] else _INF
                        continue
                else:
                    # Ply k is searched: back up its value to the ply before.
                    v = best_at[k]
                    if k == start:
                        break
                    k -= 1
                    hands[seat_at[k]] = hand_at[k]
                if maximizes[seat_at[k]]:
                    if v > best_at[k]:
                        best_at[k] = v
                        move_at[k] = moves_at[k][next_at[k] - 1]
                        if v > alpha_at[k]:
                            alpha_at[k] = v
                            if v >= beta_at[k]:
                                next_at[k] = _CUTOFF
                elif v < best_at[k]:
                    best_at[k] = v
                    move_at[k] = moves_at[k][next_at[k] - 1]
                    if v < beta_at[k]:
                        beta_at[k] = v
                        if alpha_at[k] >= v:
                            next_at[k] = _CUTOFF
                if k == lead_ply and next_at[k] == _CUTOFF:
                    # A lead that cuts off is tried early elsewhere (history heuristic).
                    i = move_at[k]
                    lead_rank[i] -= 1 << (present.bit_count() >> 1)
            if k0 == 0:
                best_lead[key] = move_at[lead_ply]
            return v

        tally = [0]  # plays searched by the generated searches
        trick4 = _TRICK4(hands, nxt, maximizes, same, order_key, lead_moves, follower_moves,
                         best_lead, lead_rank, led_suit_of, power, count, closed_mask,
                         boundary, tally)
        last_two = _LAST_TWO(nxt, maximizes, hands, follow, led_suit_of, power, count, tally)

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
            return trick(len(ALL_TILES) - present.bit_count(), len(pos.trick), seat, suit, bpow,
                         bseat, pts, alpha, beta, present, -1)
        finally:
            self.nodes += nodes + tally[0]

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
