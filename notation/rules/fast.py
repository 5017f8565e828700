"""The rules in a fast form: integers and bit masks, for checking many hands quickly.

Seats are positions in :data:`notation.model.seats.SEATS` (N 0, E 1, S 2, W 3: a team is a
position's parity), tiles keys (:func:`notation.model.tiles.tile_key`) and a seat's tiles a bit
mask of ``1 << key``. Nothing here states a rule: each table is built once from the function
that does, as :class:`notation.rules.play.TrumpTable` is built from :mod:`notation.rules.play`:

- :class:`HandPlay`, a contract's play (its :func:`notation.rules.play.trump_table`), who leads
  to the first trick (:func:`notation.rules.tricks.first_leader`), the tiles that may open the
  hand (:func:`notation.rules.tricks.opening_leads`), the suits each may open it as
  (:func:`notation.rules.tricks.opening_suits`) and the least bid it is played on
  (:func:`notation.rules.auction.contract_least_bid`);
- :func:`walk_tricks`, a hand's tricks walked on the masks of the tiles each seat still holds:
  every play held and not barred (a renege, in Sevens a tile not closest to 7), the opening
  lead, who wins each trick and what it is worth (:func:`notation.rules.play.trick_points`);
- :class:`FastRules`, a table's rules: each contract's :class:`HandPlay`, the auction walked
  (:func:`notation.rules.auction.bid_problem`), and the marks a hand scores
  (:func:`notation.rules.scoring.made_or_set`, :func:`notation.rules.scoring.hand_award`),
  each answer remembered.

The long check's quick pass over the play (:mod:`notation.check.play`) and the quick check of
canonical text (:mod:`notation.archive.quick_check`) both call it.

>>> from notation.model.rule_sets import RuleSet
>>> from notation.model.tiles import Tile, tile_key
>>> fast = fast_rules(RuleSet())
>>> sixes = fast.play(Trump.pip(6))
>>> north, east, south, west = ("6-6 6-5", "5-5 5-4", "4-3 4-2", "3-0 2-2")
>>> def mask(words): return sum(1 << tile_key(Tile.parse(w)) for w in words.split())
>>> held = [mask(w) for w in (north, east, south, west)]
>>> keys = [tile_key(Tile.parse(w)) for w in "6-6 5-5 4-3 3-0 6-5 5-4 4-2 2-2".split()]
>>> walk_tricks(sixes, held, 0, keys)  # North wins both, worth 11 (with 5-5) and 1
([0, 0], [11, 1])
>>> held == [0, 0, 0, 0]
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from notation.model.bids import POINTS_IN_A_HAND, Bid, BidKind
from notation.model.contracts import Contract, Special, Trump
from notation.model.rule_sets import RuleSet
from notation.model.seats import SEATS, Team, play_order
from notation.model.tiles import ALL_TILES, TILE_KEYS, TRICKS_IN_A_HAND, tile_key
from notation.rules.auction import (
    ONE_BLANK,
    bid_problem,
    contract_least_bid,
    deal_bidding_order,
)
from notation.rules.play import trick_points, trump_table
from notation.rules.scoring import hand_award, made_or_set
from notation.rules.tricks import first_leader, opening_leads, opening_suits

_TILES = {tile_key(t): t for t in ALL_TILES}
NOBODY = len(SEATS)  # the position of the seat sitting out when every seat plays
# The positions of a trick's seats, clockwise from the leader's position, passing over the
# position sitting out (NOBODY when all four play): TRICK_POSITIONS[leader][out].
TRICK_POSITIONS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(
        tuple(SEATS.index(s) for s in play_order(leader, out))
        for out in (*SEATS, None)
    )
    for leader in SEATS
)
_ALL_PLAY = tuple(by_out[NOBODY] for by_out in TRICK_POSITIONS)  # every seat playing
_BITS = tuple(1 << key for key in range(TILE_KEYS))
# What a trick is worth (notation.rules.play.trick_points) as a table: the worth of a trick
# without its tiles, and what each tile adds to it, by key.
EMPTY_TRICK = trick_points(())
ADDS: tuple[int, ...] = tuple(
    trick_points((t,)) - EMPTY_TRICK if (t := _TILES.get(key)) is not None else 0
    for key in range(TILE_KEYS)
)


@dataclass(frozen=True, slots=True, eq=False)
class HandPlay:
    """A contract's play under a table's rules as tables (compared by identity: one per
    contract and table, from :meth:`FastRules.play`)."""

    trump: Trump
    special: Special | None  # the trump's special contract, if any
    led: tuple[int, ...]  # led[key]: the suit the tile calls for when led
    # plays[suit][key]: what a seat playing the tile to a lead of ``suit`` may hold (the tile
    # and none of the tiles its play is barred by), the tile's bit, and its power
    plays: tuple[tuple[tuple[int, int, int], ...], ...]
    by_lead: tuple[tuple[tuple[int, int, int], ...], ...]  # by the lead's key: plays[led[key]]
    opening: int  # the tiles that must open the hand when the leader holds one of them
    # small_end[key]: the other suit the tile may be played as when it opens the hand (a
    # small-end opening), or -1
    small_end: tuple[int, ...]
    least: int  # the value of the least bid the contract is played on
    leads: int  # the first leader's position less the declarer's (0, or 2 for her partner)


def hand_play(trump: Trump, rules: RuleSet) -> HandPlay:
    """The :class:`HandPlay` of ``trump`` under ``rules``, built from the rules' one home."""
    table = trump_table(trump)
    plays = tuple(
        tuple((_BITS[key] | barred[key], _BITS[key], power[key]) for key in range(TILE_KEYS))
        for barred, power in zip(table.barred, table.power, strict=True)
    )
    opening = sum(_BITS[tile_key(t)] for t in opening_leads(ALL_TILES, trump, rules))
    least = contract_least_bid(trump, rules)
    leader = first_leader(Contract(SEATS[0], least, trump), rules)
    by_lead = tuple(plays[suit] for suit in table.led)
    small_end = tuple(
        -1 if (t := _TILES.get(key)) is None else (*opening_suits(t, trump, rules), -1)[1]
        for key in range(TILE_KEYS)
    )
    return HandPlay(
        trump, trump.special, table.led, plays, by_lead, opening, small_end, least.value,
        SEATS.index(leader),
    )


Walk = tuple[list[int], list[int]]  # the winner's position and the worth of each trick


def walk_tricks(
    play: HandPlay, held: list[int], leader: int, keys: Sequence[int], out: int = NOBODY
) -> Walk | None:
    """The position of the winner of each trick of a hand's play and what each trick is
    worth, or None at the first play the rules forbid (docs/rules.md, Suits and rank;
    Reneges; Contracts).

    ``keys`` are the tiles played, trick after trick, each trick's in the order of play from
    its leader (the first trick's is ``leader``, each next one's the last one's winner), one
    tile for each seat but the one at ``out``. ``held`` is each position's mask of the tiles it
    holds, and loses each tile as it is played: a play is forbidden when its tile is not in
    the mask (not dealt to the seat, or played already), or the mask still holds a tile its
    play is barred by (a renege; in Sevens a tile closer to 7); the opening lead when it is
    not one of the tiles that must open and the leader holds one.
    """
    winners: list[int] = []
    worths: list[int] = []
    if not keys:
        return winners, worths
    opening = play.opening
    if not opening >> keys[0] & 1 and held[leader] & opening:
        return None  # the opening lead had to be another tile (a trump)
    by_lead, adds, empty = play.by_lead, ADDS, EMPTY_TRICK
    won_by, worth_of = winners.append, worths.append
    at = leader
    if out == NOBODY:
        tiles = iter(keys)
        every = _ALL_PLAY
        for a, b, c, d in zip(tiles, tiles, tiles, tiles, strict=True):
            sa, sb, sc, sd = every[at]
            by_tile = by_lead[a]
            ok_a, bit_a, power = by_tile[a]
            ok_b, bit_b, power_b = by_tile[b]
            ok_c, bit_c, power_c = by_tile[c]
            ok_d, bit_d, power_d = by_tile[d]
            ha, hb, hc, hd = held[sa], held[sb], held[sc], held[sd]
            if (ha & ok_a != bit_a or hb & ok_b != bit_b or hc & ok_c != bit_c
                    or hd & ok_d != bit_d):
                return None  # a tile not held (or played already), or a renege
            held[sa] = ha ^ bit_a
            held[sb] = hb ^ bit_b
            held[sc] = hc ^ bit_c
            held[sd] = hd ^ bit_d
            # The play of greatest power wins, the first played of equals.
            at = sa
            if power_b > power:
                at, power = sb, power_b
            if power_c > power:
                at, power = sc, power_c
            if power_d > power:
                at = sd
            won_by(at)
            worth_of(empty + adds[a] + adds[b] + adds[c] + adds[d])
        return winners, worths
    players = len(SEATS) - 1
    if len(keys) % players:
        raise ValueError(f"a trick has {players} plays when a seat sits out")
    for start in range(0, len(keys), players):
        positions = TRICK_POSITIONS[at][out]
        by_tile = by_lead[keys[start]]
        best, won, worth = -1, at, EMPTY_TRICK
        for i in range(players):
            key = keys[start + i]
            worth += adds[key]
            ok, bit, power = by_tile[key]
            by = positions[i]
            holding = held[by]
            if holding & ok != bit:
                return None  # a tile not held (or played already), or a renege
            held[by] = holding ^ bit
            if power > best:
                best, won = power, by
        winners.append(won)
        worths.append(worth)
        at = won
    return winners, worths


_Marks = tuple[int, int]  # the marks (or points) NS and EW score
PASS = BidKind.PASS
_BIDS_KEPT = 10_000  # pairs of bids remembered at most: a reader builds each bid once


@dataclass(slots=True, eq=False)
class FastRules:
    """A table's rules in the fast form, with what it has worked out remembered."""

    rules: RuleSet
    plays: dict[Trump, HandPlay] = field(default_factory=dict)
    # by the two bids' identities (a Bid hashes slowly), with the bids, kept so that no other
    # bid takes their identity
    bids: dict[tuple[int, int], tuple[Bid, Bid | None, bool]] = field(default_factory=dict)
    orders: dict[tuple[int, int], tuple[int, ...]] = field(default_factory=dict)
    # by the contract's special, the bid's value (one bid has each), side, points and tricks
    awards: dict[tuple[Special | None, int, int, int, int], _Marks] = field(default_factory=dict)

    def play(self, trump: Trump) -> HandPlay:
        """The :class:`HandPlay` of ``trump`` at this table."""
        known = self.plays.get(trump)
        if known is None:
            known = self.plays[trump] = hand_play(trump, self.rules)
        return known

    def legal(self, bid: Bid, standing: Bid | None) -> bool:
        """Whether ``bid`` may be made over ``standing`` (:func:`bid_problem`; no Plunge)."""
        key = (id(bid), id(standing))
        known = self.bids.get(key)
        if known is not None and known[0] is bid and known[1] is standing:
            return known[2]
        legal = bid_problem(bid, standing, self.rules) is None
        if len(self.bids) >= _BIDS_KEPT:
            self.bids.clear()
        self.bids[key] = (bid, standing, legal)
        return legal

    def bidding_positions(self, dealer: int, holder: int = NOBODY) -> tuple[int, ...]:
        """The positions in bidding order of a deal by ``dealer`` in which ``holder`` held
        the 1-0 (NOBODY when the deal does not show it), as
        :func:`notation.rules.auction.deal_bidding_order` says."""
        order = self.orders.get((dealer, holder))
        if order is None:
            dealt = {} if holder == NOBODY else {SEATS[holder]: (ONE_BLANK,)}
            seats = deal_bidding_order(SEATS[dealer], self.rules, dealt)
            order = self.orders[dealer, holder] = tuple(SEATS.index(s) for s in seats)
        return order

    def auction(
        self, order: Sequence[int], calls: Sequence[tuple[int, Bid | None]]
    ) -> tuple[int, Bid] | None:
        """The declarer's position and the winning bid of an auction of one call a seat,
        each (position, bid), when every seat of ``order`` calls in turn and every bid may be
        made (docs/rules.md, Bidding); None when a seat bids out of turn, a bid (None: not
        a bid) may not be made, or all pass (a forced bid missing, or a hand thrown in)."""
        if len(calls) != len(order):
            return None
        standing: Bid | None = None
        declarer = NOBODY
        known_bids = self.bids
        for turn, (seat, bid) in zip(order, calls, strict=True):
            if seat != turn or bid is None:
                return None
            known = known_bids.get((id(bid), id(standing)))  # self.legal, inline: hot
            if known is not None and known[0] is bid and known[1] is standing:
                if not known[2]:
                    return None
            elif not self.legal(bid, standing):
                return None
            if bid.kind is not PASS:
                standing, declarer = bid, seat
        return None if standing is None else (declarer, standing)

    def marks(
        self, play: HandPlay, bid: Bid, declarer: int, points: int, tricks: int
    ) -> _Marks:
        """The marks NS and EW score when the declarer at position ``declarer`` bid ``bid``
        on the contract of ``play`` and the bidders took ``points`` in ``tricks`` of seven
        (docs/rules.md, Scoring), the hand played out."""
        side = declarer & 1
        key = (play.special, bid.value, side, points, tricks)
        marks = self.awards.get(key)
        if marks is None:
            contract = Contract(SEATS[declarer], bid, play.trump)
            bidders = contract.declarer.team
            taken = {bidders: points, bidders.opponents: POINTS_IN_A_HAND - points}
            won = {bidders: tricks, bidders.opponents: TRICKS_IN_A_HAND - tricks}
            made, _ = made_or_set(contract, taken, won)
            award = hand_award(contract, made, taken, self.rules)
            marks = self.awards[key] = (award.of(Team.NS), award.of(Team.EW))
        return marks


# The fast form of the last rule sets asked for, by identity: a game's hands share one.
_BY_IDENTITY: dict[int, tuple[RuleSet, FastRules]] = {}
_IDENTITIES = 256


def fast_rules(rules: RuleSet) -> FastRules:
    """The :class:`FastRules` of ``rules`` (one for equal rule sets)."""
    known = _BY_IDENTITY.get(id(rules))
    if known is not None and known[0] is rules:
        return known[1]
    fast = _fast_rules(rules)
    if len(_BY_IDENTITY) >= _IDENTITIES:
        _BY_IDENTITY.clear()
    _BY_IDENTITY[id(rules)] = (rules, fast)
    return fast


@lru_cache(maxsize=256)
def _fast_rules(rules: RuleSet) -> FastRules:
    return FastRules(rules)

