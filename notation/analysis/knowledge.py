"""What a seat knew at a bid or a play: the one value the fair review deals worlds from.

At a real table a seat sees its own seven tiles, the auction, the contract, and every tile
played so far and by whom. The play proves more (docs/rules.md, Suits and rank, and Sevens): a
seat that did not follow a suit holds none of it, a Sevens play proves its player held
nothing nearer to 7. The contract proves something too (docs/rules.md, Contracts): a Plunge
declarer was dealt at least four doubles, a Splash declarer three. The Nello partner lays
her tiles face down: they are out of play and seen by nobody.

:class:`Knowledge` holds all of that and nothing else. What a play proves is read from the
rules engine's own table (:attr:`notation.rules.play.TrumpTable.barred`: the tiles whose holder
may not play a tile to a lead, the table the validator finds reneges with), never worked
out again here.

>>> from notation.model.bids import Bid
>>> from notation.model.contracts import Contract, Trump
>>> t = Tile.parse
>>> contract = Contract(Seat.N, Bid.points(30), Trump.pip(5))
>>> own = tuple(map(t, "6-6 6-0 5-3 5-1 4-0 3-0 2-2".split()))
>>> plays = [(Seat.N, t("6-6")), (Seat.E, t("4-4")), (Seat.S, t("6-4")), (Seat.W, t("6-2"))]
>>> k = Knowledge.of(Seat.N, own, contract, plays)
>>> k.holding(Seat.E), k.to_move
(6, <Seat.N: 'N'>)
>>> sorted(str(x) for x in k.absent(Seat.E))  # E showed out of sixes (the 6-5 is a trump)
['6-1', '6-3']
>>> len(k.unseen)
18
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from notation.errors import T42Error
from notation.model.bids import Bid
from notation.model.contracts import DOUBLES_NEEDED, Contract
from notation.model.rule_sets import RuleSet
from notation.model.seats import SEATS, Seat, play_order
from notation.model.tiles import ALL_TILES, TILES_IN_A_HAND, Tile, tile_key
from notation.rules.play import trump_table
from notation.rules.tricks import first_leader, take_trick

_ALL = (1 << len(ALL_TILES)) - 1
_DOUBLES = sum(1 << i for i, t in enumerate(ALL_TILES) if t.is_double)


_PLACE = {t: i for i, t in enumerate(ALL_TILES)}


def _mask(tiles: Iterable[Tile]) -> int:
    """Tiles as a mask by their place in :data:`notation.model.tiles.ALL_TILES` (the solver's)."""
    m = 0
    for tile in tiles:
        m |= 1 << _PLACE[tile]
    return m


def _tiles(mask: int) -> frozenset[Tile]:
    return frozenset(t for i, t in enumerate(ALL_TILES) if mask >> i & 1)


# Tile keys (notation.model.tiles.tile_key) to the solver's bit of each tile.
_BIT_OF_KEY = {tile_key(t): 1 << i for i, t in enumerate(ALL_TILES)}


def _by_index(key_mask: int) -> int:
    """A mask of tiles by key (play.py's tables), as a mask by place in ALL_TILES."""
    out = 0
    for key, bit in _BIT_OF_KEY.items():
        if key_mask >> key & 1:
            out |= bit
    return out


class InconsistentPlay(T42Error, ValueError):
    """Plays no deal can explain from the seat's own tiles (a renege, a tile played twice)."""


@dataclass(frozen=True, slots=True)
class Knowledge:
    """What ``seat`` knew at one moment of a hand.

    ``own`` are the seven tiles it was dealt; ``auction`` the calls made so far; ``contract``
    the contract once named (None while bidding); ``plays`` every tile played so far, in
    order, with its player. The rest is proved from those by the rules: ``held`` how many
    tiles each seat (by seat index) still holds, ``barred`` the tiles each cannot hold (by
    mask, bit ``i`` for ``ALL_TILES[i]``), ``least_doubles`` the doubles each must have been
    dealt.
    """

    seat: Seat
    own: tuple[Tile, ...]
    auction: tuple[tuple[Seat, Bid], ...]
    contract: Contract | None
    plays: tuple[tuple[Seat, Tile], ...]
    held: tuple[int, int, int, int]
    barred: tuple[int, int, int, int]
    least_doubles: tuple[int, int, int, int]
    to_move: Seat | None = None

    @classmethod
    def of(cls, seat: Seat, own: Sequence[Tile], contract: Contract | None,
           plays: Sequence[tuple[Seat, Tile]] = (),
           auction: Sequence[tuple[Seat, Bid]] = (),
           rules: RuleSet | None = None, opening_suit: int | None = None) -> Knowledge:
        """What ``seat``, dealt ``own``, knows after ``auction`` and ``plays`` in ``contract``.

        Tricks are read from the plays in order: each has one tile from every seat that plays
        (three in a Nello), the first its lead, led by the last trick's winner (``rules`` say
        who leads the first: :func:`notation.rules.tricks.first_leader`); the first lead is
        played as ``opening_suit`` when given (a small-end opening). Raises
        :class:`InconsistentPlay` when the plays contradict the seat's own tiles or each
        other.
        """
        own_mask = _mask(own)
        if len(own) != TILES_IN_A_HAND or own_mask.bit_count() != TILES_IN_A_HAND:
            raise InconsistentPlay(f"{seat} must hold seven different tiles")
        held = [TILES_IN_A_HAND] * 4
        barred = [0, 0, 0, 0]
        least = [0, 0, 0, 0]
        to_move: Seat | None = None
        if contract is None:
            if plays:
                raise InconsistentPlay("tiles are played only once a contract is named")
        else:
            special = contract.trump.special
            if special is not None:
                least[contract.declarer.index] = DOUBLES_NEEDED.get(special, 0)
            table = trump_table(contract.trump)
            size = len(play_order(Seat.N, contract.sitting_out))
            seen = 0
            lead: Tile | None = None
            order = play_order(first_leader(contract, rules or RuleSet()), contract.sitting_out)
            for n, (player, tile) in enumerate(plays):
                bit = 1 << _PLACE[tile]
                if seen & bit:
                    raise InconsistentPlay(f"{tile} is played twice")
                if (player is seat) != bool(own_mask & bit):
                    raise InconsistentPlay(f"{player} cannot have played {tile}")
                if player is not order[n % size]:
                    raise InconsistentPlay(f"{player} played {tile} out of turn")
                seen |= bit
                if n % size == 0:
                    lead = tile
                elif n % size == size - 1:
                    trick = [t for _, t in plays[n + 1 - size:n + 1]]
                    first = opening_suit if n < size else None
                    winner = take_trick(1, order[0], trick, contract, first).winner
                    order = play_order(winner, contract.sitting_out)
                assert lead is not None
                # What the play proves: its player held none of the tiles that would have
                # barred it (docs/rules.md, Reneges, and Sevens).
                suit = table.led[tile_key(lead)]
                if n < size and opening_suit is not None:
                    suit = opening_suit
                barred[player.index] |= _by_index(table.barred[suit][tile_key(tile)])
                held[player.index] -= 1
            if len(plays) < size * TILES_IN_A_HAND:
                to_move = order[len(plays) % size]
        return cls(seat, tuple(own), tuple(auction), contract, tuple(plays),
                   (held[0], held[1], held[2], held[3]),
                   (barred[0], barred[1], barred[2], barred[3]),
                   (least[0], least[1], least[2], least[3]), to_move)

    # -- what follows from it --

    @property
    def played(self) -> int:
        """The mask of every tile played so far."""
        return _mask(t for _, t in self.plays)

    @property
    def own_left(self) -> int:
        """The mask of the seat's own tiles not yet played."""
        return _mask(self.own) & ~self.played

    @property
    def unseen(self) -> frozenset[Tile]:
        """The tiles the seat has not seen: neither its own nor played."""
        return _tiles(_ALL & ~_mask(self.own) & ~self.played)

    def holding(self, seat: Seat) -> int:
        """How many tiles ``seat`` still holds (seven for a seat that sits out)."""
        return self.held[seat.index]

    def absent(self, seat: Seat) -> frozenset[Tile]:
        """The unseen tiles the play proved ``seat`` does not hold."""
        return _tiles(self.barred[seat.index]) & self.unseen

    def played_by(self, seat: Seat) -> int:
        """The mask of the tiles ``seat`` has played."""
        return _mask(t for s, t in self.plays if s is seat)

    def admits(self, hands: Sequence[int]) -> bool:
        """Whether ``hands`` (the unplayed tiles of each seat, masks by seat index) could be
        the table as it is: the seat's own tiles its own, every other seat holding as many
        tiles as it should and none the play proved it lacks, each declarer who needed
        doubles dealt them, and every unplayed tile held once."""
        if len(hands) != len(SEATS):
            return False
        together = 0
        for s, hand in enumerate(hands):
            if together & hand or hand.bit_count() != self.held[s] or hand & self.barred[s]:
                return False
            together |= hand
            dealt = hand | self.played_by(SEATS[s])
            if (dealt & _DOUBLES).bit_count() < self.least_doubles[s]:
                return False
        return together == _ALL & ~self.played and hands[self.seat.index] == self.own_left
