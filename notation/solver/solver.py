"""An exact perfect-information solver for 42: best play by all four seats, every tile seen.

Hands are 28-bit masks (bit ``i`` is ``ALL_TILES[i]``). A contract is turned once into
:class:`ContractTables` (suit of each lead, follow masks per led suit, winning power of each
tile per led suit, count), derived from :mod:`notation.rules.play` so the solver and the validator
cannot disagree. The tables are the seam for other contracts: anything that can say which
tiles a hand may play to a lead (:meth:`ContractTables.legal_moves`), who wins a trick
(:meth:`ContractTables.trick_winner`) and which seats play, plugs into :class:`Solver`.

The search (:mod:`notation.solver.search`) is compiled alpha-beta over single plays with a
transposition table at trick boundaries; a :class:`Solver` asks it zero-window questions (the
full value bisects the range of points with them, all sharing one table) and keeps its
memory between questions about one deal. A lay-down claim is the same search with every seat
playing against the claimant's side (:meth:`Solver.claim_holds`); a line refuting it is
found play by play from its answers (:meth:`Solver.claim_refutation`).

>>> from notation.model.contracts import Trump
>>> from notation.model.seats import Seat
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
from dataclasses import dataclass, replace
from functools import lru_cache

from notation.errors import T42Error
from notation.model.contracts import DOUBLES_SUIT, Special, Trump
from notation.model.rule_sets import RuleSet
from notation.model.seats import SEATS, Seat, Team, play_order
from notation.model.tiles import ALL_TILES, Tile, tile_key
from notation.rules.fast import fast_rules
from notation.rules.play import SEVEN, SUITS, sevens_distance, strongest, trump_suit, trump_table
from notation.solver.masks import AS_SMALL_END as AS_SMALL_END
from notation.solver.masks import COUNT as COUNT
from notation.solver.masks import EVERY_TILE as EVERY_TILE
from notation.solver.masks import FIVE_MASK as FIVE_MASK
from notation.solver.masks import TEN_MASK as TEN_MASK
from notation.solver.masks import TILE_INDEX as TILE_INDEX
from notation.solver.masks import bits_of as bits_of
from notation.solver.masks import mask_of as mask_of
from notation.solver.masks import points_in as points_in
from notation.solver.masks import tile_of as tile_of
from notation.solver.masks import tiles_of as tiles_of
from notation.solver.search import TABLE_BITS, Ints, Memory, as_ints, new_table, prepare
from notation.solver.search import search as compiled_search
from notation.solver.search import value as compiled_value


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

    The opening lead, as the table's rules say (:class:`notation.rules.fast.HandPlay`):
    ``opening`` the tiles that must open the hand when the leader holds one of them (every
    tile, unless the opening lead must be a trump), ``small_end[t]`` the other suit tile
    ``t`` may be played as when it opens the hand (-1: none; empty: no tile has one).
    """

    name: str
    led_suit: tuple[int, ...]
    follow: tuple[int, ...]
    power: tuple[tuple[int, ...], ...]
    groups: tuple[tuple[int, ...], ...]
    order: tuple[int, ...] = (0, 1, 2, 3)
    closest: tuple[int, ...] = ()
    trumps: tuple[int, ...] = ()
    opening: int = EVERY_TILE
    small_end: tuple[int, ...] = ()

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

    def legal_moves(self, hand: int, led: int | None, suit: int = -1) -> int:
        """The tiles of ``hand`` that may be played to a trick led by tile ``led`` (or lead;
        ``suit``, when not -1, the suit the lead was played as).

        >>> tables = contract_tables(Trump.pip(5))
        >>> tiles_of(tables.legal_moves(mask_of([Tile(6, 5), Tile(6, 1), Tile(2, 0)]),
        ...                             TILE_INDEX[Tile(6, 4)]))
        (Tile(high=6, low=1),)
        """
        if self.closest:
            return self.restrict(hand)
        if led is None:
            return hand
        return hand & self.follow[self.led_suit[led] if suit < 0 else suit] or hand

    def opening_plays(self, hand: int) -> int:
        """The plays (:data:`AS_SMALL_END`) ``hand`` may open the hand with: the tiles that
        must open it when it holds one (else any it may lead), each also as the suit of its
        small end where it may be played so.

        >>> from notation.model.rule_sets import RuleSet
        >>> either = RuleSet().with_options({"small-end-opening": "yes"})
        >>> tables = contract_tables(Trump.pip(5), rules=either)
        >>> hand = mask_of([Tile(6, 1), Tile(5, 5)])
        >>> [(str(ALL_TILES[tile_of(p)]), p >= AS_SMALL_END)
        ...  for p in bits_of(tables.opening_plays(hand))]
        [('6-1', False), ('5-5', False), ('6-1', True)]
        """
        held = self.legal_moves(hand, None)
        held = held & self.opening or held
        small_end = self.small_end
        if not small_end:
            return held
        return held | sum(1 << (AS_SMALL_END + i) for i in bits_of(held) if small_end[i] >= 0)

    def beaten_by(self, led: int) -> int:
        """The mask of tiles that take a trick led by tile ``led`` from it, if played to it.

        >>> tables = contract_tables(Trump.pip(5))
        >>> [str(t) for t in tiles_of(tables.beaten_by(TILE_INDEX[Tile(6, 4)]))]
        ['6-6', '6-5', '5-5', '5-4', '5-3', '5-2', '5-1', '5-0']
        """
        row = self.power[self.led_suit[led]]
        return sum(1 << t for t, power in enumerate(row) if power > row[led])

    def trick_winner(self, tiles: Sequence[int], suit: int = -1) -> int:
        """The position in ``tiles`` (tile indices, in play order) of the winning play
        (``suit``, when not -1, the suit the lead was played as).

        >>> tables = contract_tables(Trump.pip(5))
        >>> tables.trick_winner([TILE_INDEX[Tile.parse(w)] for w in "4-3 5-5 4-0 4-4".split()])
        1
        """
        row = self.power[self.led_suit[tiles[0]] if suit < 0 else suit]
        return strongest([row[t] for t in tiles])


class UnsupportedContract(T42Error, ValueError):
    """A contract the solver cannot play as asked (a Nello without the seat that sits out)."""


@lru_cache(maxsize=64)
def contract_tables(trump: Trump, sitting_out: int | None = None,
                    rules: RuleSet | None = None) -> ContractTables:
    """The tables of a contract: a pip trump, doubles, follow-me with a doubles option, and
    the special contracts — Plunge and Splash (played as their trump), Nello and Low-No
    (no trump, a doubles option; ``sitting_out`` is the seat index of the declarer's
    partner, who sits out) and Sevens (the tile nearest 7 pips must be played, and wins);
    the opening lead as a table of ``rules`` plays it (the default rule set when not given).

    Built once per contract from :func:`notation.rules.play.trump_table`, the table the validator
    checks play by, and the opening lead from the contract's
    :class:`notation.rules.fast.HandPlay`, re-indexed by tile index.

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
    hand = fast_rules(RuleSet() if rules is None else rules).play(trump)
    opening = _mask_by_index(hand.opening)
    small_end = _by_index(hand.small_end)
    if all(s < 0 for s in small_end):
        small_end = ()
    if special is Special.SEVENS:
        return replace(_sevens_tables(str(trump), _by_index(table.power[0])),
                       opening=opening, small_end=small_end)
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
    return ContractTables(str(trump), led, follow, powers, groups, order, (), trumps, opening,
                          small_end)


# The tile key (notation.model.tiles.tile_key) of each tile index: play.py's tables are indexed by
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
    groups = tuple(bits_of(m) for m in closest if m & (m - 1))
    return ContractTables(
        name, (0,) * len(ALL_TILES), (everything,) * SUITS, (row,) * SUITS,
        tuple(tuple(g) for g in groups), (0, 1, 2, 3), closest,
    )


def _by_power(mask: int, row: tuple[int, ...]) -> tuple[int, ...]:
    """The tiles of ``mask``, strongest first."""
    return tuple(sorted(bits_of(mask), key=lambda i: -row[i]))


@dataclass(frozen=True, slots=True)
class _SearchTables:
    """A contract's tables as the arrays the compiled search takes (:mod:`notation.solver.search`),
    with the sort keys of its move ordering, per led suit, by tile index:

    ``partner_key`` orders plays to a partner's trick (count first, then low);
    ``winner_key`` the plays that win an opponent's trick (cheapest first); ``loser_key`` the
    plays that lose it (lowest count, then low); ``lead_key`` the leads (high first), by
    play (:data:`AS_SMALL_END`); ``opening`` and ``small_end`` the opening lead's.
    """

    led_suit: Ints
    follow: Ints
    power: Ints
    count: Ints
    count_masks: Ints
    runs: Ints
    run_length: Ints
    run_mask: Ints
    trumps: Ints
    beaten_by: Ints
    rivals: Ints
    closest: Ints
    nxt: Ints
    partner_key: Ints
    winner_key: Ints
    loser_key: Ints
    opening: Ints
    small_end: Ints
    lead_key: tuple[int, ...]


@lru_cache(maxsize=64)
def _search_tables(tables: ContractTables, counted: bool = True) -> _SearchTables:
    """The arrays of a contract (see :class:`_SearchTables`). Not ``counted``, no tile
    counts: each trick is worth its one point, so values are tricks (a lay-down's question)."""
    tiles = range(len(ALL_TILES))
    count = COUNT if counted else (0,) * len(ALL_TILES)
    runs = [list(g) + [0] * (len(ALL_TILES) - len(g)) for g in tables.groups]
    nxt = [-1, -1, -1, -1]
    for n, seat in enumerate(tables.order):
        nxt[seat] = tables.order[(n + 1) % len(tables.order)]
    return _SearchTables(
        led_suit=as_ints(tables.led_suit),
        follow=as_ints(tables.follow),
        power=as_ints(tables.power),
        count=as_ints(count),
        count_masks=as_ints([TEN_MASK, FIVE_MASK] if counted else [0, 0]),
        runs=as_ints(runs).reshape(len(runs), len(ALL_TILES)),
        run_length=as_ints([len(g) for g in tables.groups]),
        run_mask=as_ints([sum(1 << i for i in g) for g in tables.groups]),
        trumps=as_ints(tables.trumps),
        beaten_by=as_ints([tables.beaten_by(i) for i in tiles]),
        rivals=as_ints([[sum(1 << o for o in tiles if o != i and row[o] >= row[i])
                         for i in tiles] for row in tables.power]),
        closest=as_ints(tables.closest),
        nxt=as_ints(nxt),
        partner_key=as_ints([[((10 - count[i]) << 8) | row[i] for i in tiles]
                             for row in tables.power]),
        winner_key=as_ints([[(row[i] << 16) | (count[i] << 8) | row[i] for i in tiles]
                            for row in tables.power]),
        loser_key=as_ints([[(count[i] << 8) | row[i] for i in tiles] for row in tables.power]),
        opening=as_ints([tables.opening]),
        small_end=as_ints(tables.small_end),
        lead_key=tuple(-tables.power[tables.led_suit[tile_of(i)]][tile_of(i)]
                       for i in range(2 * len(ALL_TILES))),
    )


@dataclass(frozen=True, slots=True)
class Position:
    """A moment in the play: the tiles each seat still holds, the current trick, the score.

    ``hands`` are masks by seat index (N, E, S, W); ``leader`` the seat index that led the
    current trick, ``trick`` the tiles played to it so far; ``points`` and ``tricks`` what NS
    and EW have captured before it. ``opening``: the trick under way (or, between tricks,
    the next) is the hand's first, whose lead the table's rules may hold to a trump or let be
    played as the suit of its small end (:meth:`ContractTables.opening_plays`); ``led_as``
    the suit the trick's lead was played as when not the suit its tile calls for, else -1.
    """

    hands: tuple[int, int, int, int]
    leader: int
    trick: tuple[int, ...] = ()
    points: tuple[int, int] = (0, 0)
    tricks: tuple[int, int] = (0, 0)
    opening: bool = False
    led_as: int = -1

    @classmethod
    def deal(cls, holdings: Mapping[Seat, Iterable[Tile]], leader: Seat) -> Position:
        """The opening position: every seat's tiles, and who leads."""
        hands = tuple(mask_of(holdings.get(s, ())) for s in SEATS)
        assert len(hands) == 4
        return cls((hands[0], hands[1], hands[2], hands[3]), leader.index, opening=True)

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
        """The mask of plays the seat to move may make: tiles, and at the opening lead also
        tiles played as the suit of their small end (:data:`AS_SMALL_END`)."""
        hand = self.hands[self.to_move(tables)]
        if self.trick:
            return tables.legal_moves(hand, self.trick[0], self.led_as)
        if self.opening:
            return tables.opening_plays(hand)
        return tables.legal_moves(hand, None)

    def play(self, play: int, tables: ContractTables) -> Position:
        """The position after the seat to move makes ``play`` (a tile index, assumed held, or
        at the opening lead one played as its small end: :data:`AS_SMALL_END`)."""
        seat = self.to_move(tables)
        tile = tile_of(play)
        hands = list(self.hands)
        hands[seat] &= ~(1 << tile)
        trick = (*self.trick, tile)
        led_as = self.led_as
        if not self.trick:
            led_as = tables.small_end[tile] if play != tile else -1
        new_hands = (hands[0], hands[1], hands[2], hands[3])
        if len(trick) < tables.trick_size:
            return Position(new_hands, self.leader, trick, self.points, self.tricks,
                            self.opening, led_as)
        winner = self.leader
        for _ in range(tables.trick_winner(trick, led_as)):
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


# The seats that play for NS points in a Nello (or Low-No), whichever side declares: the
# declarer plays to lose every trick and the defenders to give the declarer one, so E and W
# are the ones playing for NS points when N or S declares, and when E or W does.
NELLO_MAXIMIZERS = (1, 3)


class Solver:
    """Alpha-beta search of one contract's play. Reuse one solver for positions of one deal.

    Values are the points NS takes from the remaining tricks (the current trick included);
    EW takes the rest. ``nodes`` counts plays searched. The search itself is compiled
    (:mod:`notation.solver.search`); a solver holds its memory: the transposition table, the best
    leads and the history of cutoffs, all kept while the positions asked about are of one deal.
    """

    def __init__(self, tables: ContractTables, maximizers: Iterable[int] = (0, 2),
                 table_bits: int = TABLE_BITS, *, counted: bool = True) -> None:
        prepare()  # a notice when the search must be compiled first
        self.tables = tables
        # The seat indices that play to give NS the most points (N and S in a real hand;
        # all or none of them for the best or worst the rest of a hand could bring NS).
        chosen = set(maximizers)
        self._maximize = as_ints([int(seat in chosen) for seat in range(4)])
        # Not counted: values are tricks, not points (see _search_tables).
        self._arrays = _search_tables(tables, counted)
        self._table_bits = table_bits
        # The solvers of lay-down claims, by claiming team: made when first asked.
        self._claims: dict[Team, Solver] = {}
        # 2 ** table_bits slots; when full, what is nearest the end of the hand gives way.
        self._keys, self._entries = new_table(table_bits)
        # Lead sort keys: high first, less each cutoff the lead has caused (history
        # heuristic), weighted 2 ** (tiles left / 2) so cutoffs near the root count most.
        self._lead_rank = as_ints([self._arrays.lead_key])  # one row: a sort key, as the others
        self._tally = as_ints([0])
        self._owners = [0, 0, 0, 0]  # every tile each seat has been seen to hold
        c = self._arrays
        self._memory: Memory = (
            c.led_suit, c.follow, c.power, c.count, c.count_masks, c.runs, c.run_length,
            c.run_mask, c.trumps, c.beaten_by, c.rivals, c.closest, c.nxt, self._maximize,
            c.partner_key, c.winner_key, c.loser_key, c.opening, c.small_end, self._keys,
            self._entries, self._lead_rank, self._tally)

    @property
    def nodes(self) -> int:
        """Plays searched by this solver so far (its lay-down claims' searches included)."""
        return int(self._tally[0]) + sum(c.nodes for c in self._claims.values())

    def _same_deal(self, pos: Position) -> None:
        """Forget what was learned of another deal: the table is keyed by the tiles left,
        which name a position only while each tile stays with the seat that held it."""
        owners = self._owners
        held = owners[0] | owners[1] | owners[2] | owners[3]
        if any(h & held & ~owners[s] for s, h in enumerate(pos.hands)):
            self._keys.fill(0)
            self._lead_rank[0, :] = self._arrays.lead_key
            owners[:] = [0, 0, 0, 0]
        for s, h in enumerate(pos.hands):
            owners[s] |= h


    # -- public questions --

    def value(self, pos: Position, guess: int | None = None) -> int:
        """The points NS takes from here on with best play by all (EW takes the rest).

        Found by zero-window tests alone, bisecting the range of points (fail-soft answers
        narrow it faster), all sharing the transposition table; ``guess`` (say, the value
        of a neighbouring position) is tested first and makes it quicker when close.
        """
        self._same_deal(pos)
        return int(compiled_value(
            as_ints(pos.hands), pos.leader, as_ints(pos.trick), pos.points_left,
            -1 if guess is None else guess, self._memory, pos.opening, pos.led_as))

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

    def _search(self, pos: Position, alpha: int, beta: int) -> int:
        """A fail-soft alpha-beta value of ``pos`` for NS in the window (alpha, beta)."""
        self._same_deal(pos)
        return int(compiled_search(as_ints(pos.hands), pos.leader, as_ints(pos.trick), alpha,
                                   beta, self._memory, pos.opening, pos.led_as))

    # -- lay-down claims: every trick, whatever anyone plays --

    def claim_holds(self, pos: Position, team: Team) -> bool:
        """Does ``team`` take every remaining trick (the current one included) whatever any
        seat plays, its own side's seats included?

        Every seat playing against ``team`` is a search like any other: a solver of tricks
        (tile counts left out) whose four seats all play for the other side, asked one
        zero-window question. Its first bound at each lead is the leading side's sure
        winners (:func:`notation.solver.search.search`), which settles most true claims at once.
        """
        claims = self._claims.get(team)
        if claims is None:
            # All four seats play for the side that is not ``team``: as NS's maximizers
            # when EW claims, as its minimizers when NS claims.
            against = range(4) if team is Team.EW else ()
            claims = Solver(self.tables, against, self._table_bits, counted=False)
            self._claims[team] = claims
        left = self.tricks_left(pos)
        if team is Team.NS:
            return claims._search(pos, left - 1, left) >= left
        return claims._search(pos, 0, 1) <= 0

    def tricks_left(self, pos: Position) -> int:
        """The tricks still to be played, the current one included."""
        return -(-(pos.remaining.bit_count() + len(pos.trick)) // self.tables.trick_size)

    def claim_refutation(self, pos: Position, team: Team) -> tuple[int, ...] | None:
        """A line of play (tile indices from ``pos``) in which ``team`` loses a trick.

        None when the claim holds (:meth:`claim_holds`). The line is found play by play
        from the search's answers: each play is the first (lowest tile index) after which
        the claim still fails, and as soon as the trick under way can be lost, the line
        loses it (the first way it can), so a claim that fails at once fails in the line's
        first trick.
        """
        if self.claim_holds(pos, team):
            return None
        tables = self.tables
        line: list[int] = []
        while True:
            lost = self._trick_lost(pos, team)
            if lost is not None:
                return (*line, *lost)
            for i in bits_of(pos.legal(tables)):
                after = pos.play(i, tables)
                if not self.claim_holds(after, team):
                    line.append(i)
                    pos = after
                    break
            else:  # pragma: no cover - the claim fails, so some play keeps it failing
                raise AssertionError("a failed claim with no play that keeps it failed")

    def _trick_lost(self, pos: Position, team: Team) -> tuple[int, ...] | None:
        """The first way (lowest tile indices first) to finish the trick under way, or to
        play the next one, in which ``team`` loses it; None when ``team`` wins it however it
        is played."""
        tables = self.tables

        def finish(p: Position) -> tuple[int, ...] | None:
            for i in bits_of(p.legal(tables)):
                after = p.play(i, tables)
                if after.trick:
                    rest = finish(after)
                    if rest is not None:
                        return (i, *rest)
                elif after.tricks[_team(team)] == p.tricks[_team(team)]:
                    return (i,)
            return None

        return finish(pos)
