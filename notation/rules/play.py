"""The rules of play: which suit a lead calls for, who can follow, and who wins a trick.

docs/rules.md, "Suits and rank". A suit is a pip 0 … 6, or :data:`DOUBLES_SUIT` when the doubles
form a suit of their own (doubles trump, or a follow-me/Nello doubles option).

>>> fives, t = Trump.pip(5), Tile.parse
>>> led_suit(t("6-4"), fives), led_suit(t("5-3"), fives)
(6, 5)
>>> follows(t("6-1"), 6, fives), follows(t("6-5"), 6, fives)
(True, False)
>>> trick_winner((t("4-3"), t("5-5"), t("4-0"), t("4-4")), fives)
1
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from notation.model.contracts import DOUBLES_SUIT, DoublesRank, Special, Trump, TrumpKind
from notation.model.tiles import (
    ALL_TILES,
    COUNT_BY_KEY,
    TILE_KEY_STRIDE,
    TILE_KEYS,
    Tile,
    tile_key,
)


def is_trump(tile: Tile, trump: Trump) -> bool:
    """True when ``tile`` belongs to the trump suit (and so to no other suit)."""
    if trump.kind is TrumpKind.PIP:
        assert trump.suit is not None
        return tile.has(trump.suit)
    if trump.kind is TrumpKind.DOUBLES:
        return tile.is_double
    return False


def trump_suit(trump: Trump) -> int | None:
    """The suit number of the trumps, or None in follow-me."""
    if trump.kind is TrumpKind.PIP:
        return trump.suit
    if trump.kind is TrumpKind.DOUBLES:
        return DOUBLES_SUIT
    return None


def led_suit(tile: Tile, trump: Trump) -> int:
    """The suit a led tile calls for: trump if it is one, else its higher end.

    A double led calls for its own pip, or for the doubles when they form a suit.
    """
    if is_trump(tile, trump):
        suit = trump_suit(trump)
        assert suit is not None
        return suit
    if tile.is_double and trump.doubles_form_suit:
        return DOUBLES_SUIT
    return tile.high


def follows(tile: Tile, suit: int, trump: Trump) -> bool:
    """True when ``tile`` follows a lead of ``suit``.

    A non-trump tile belongs to both its pip suits when following; a trump belongs only to
    the trump suit; a double that forms a suit belongs only to the doubles.
    """
    if is_trump(tile, trump):
        return suit == trump_suit(trump)
    if suit == DOUBLES_SUIT:
        return tile.is_double and trump.doubles_form_suit
    if tile.is_double and trump.doubles_form_suit:
        return False
    return tile.has(suit)


def can_follow(holding: Iterable[Tile], suit: int, trump: Trump) -> tuple[Tile, ...]:
    """The tiles of ``holding`` that follow ``suit``, in the order given."""
    return tuple(t for t in holding if follows(t, suit, trump))


def rank_in_suit(tile: Tile, suit: int, trump: Trump) -> int:
    """How high ``tile`` stands in ``suit`` (larger wins); only for a tile of that suit."""
    if suit == DOUBLES_SUIT:
        if trump.doubles is DoublesRank.OWN_SUIT_INVERTED and trump.kind is not TrumpKind.DOUBLES:
            return HIGHEST_RANK - tile.high
        return tile.high
    if tile.is_double:
        # In a pip trump the double is always the top trump; doubles-low applies off trump.
        if trump.kind is TrumpKind.FOLLOW_ME and trump.doubles is DoublesRank.LOW:
            return -1
        return HIGHEST_RANK + 1
    return tile.other(suit)


HIGHEST_RANK = 6


SEVEN = 7


def sevens_distance(tile: Tile) -> int:
    """How far a tile's pip total is from 7, which Sevens plays by (docs/rules.md, Contracts).

    >>> sevens_distance(Tile(4, 3)), sevens_distance(Tile(6, 6)), sevens_distance(Tile(0, 0))
    (0, 5, 7)
    """
    return abs(tile.pips - SEVEN)


def sevens_choices(holding: Iterable[Tile]) -> tuple[Tile, ...]:
    """The tiles a seat may play in Sevens: those as close to 7 pips as its hand allows.

    >>> [str(t) for t in sevens_choices([Tile(6, 6), Tile(5, 3), Tile(6, 0), Tile(2, 2)])]
    ['5-3', '6-0']
    """
    tiles = tuple(holding)
    if not tiles:
        return ()
    best = min(sevens_distance(t) for t in tiles)
    return tuple(t for t in tiles if sevens_distance(t) == best)


def trick_winner(tiles: Sequence[Tile], trump: Trump, suit: int | None = None) -> int:
    """The index of the winning play: the highest trump, else the highest of the led suit;
    the play of greatest :func:`tile_power`, the first played on a tie.

    ``suit`` is the suit led when the leader named it (a small-end opening), else the suit
    the led tile calls for. In Sevens the play closest to 7 pips wins, the first of equals.

    >>> fives, t = Trump.pip(5), Tile.parse
    >>> trick_winner((t("6-1"), t("6-6"), t("1-1"), t("4-4")), fives, suit=1)
    2
    >>> sevens = Trump.parse("", special="sevens")
    >>> trick_winner([t(w) for w in ("6-0", "5-3", "4-3", "5-2")], sevens)
    2
    """
    if not tiles:
        raise ValueError("an empty trick has no winner")
    suit = led_suit(tiles[0], trump) if suit is None else suit
    return strongest([tile_power(tile, suit, trump) for tile in tiles])


def strongest(powers: Sequence[int]) -> int:
    """The index of the play that wins a trick, given each play's power (:func:`tile_power`):
    the greatest, the first played of equals.

    >>> strongest([51, 100, 0, 104]), strongest([3, 5, 5])
    (3, 1)
    """
    return powers.index(max(powers))


def _trump_suit(trump: Trump) -> int:
    suit = trump_suit(trump)
    assert suit is not None
    return suit


def trick_points(tiles: Iterable[Tile]) -> int:
    """A trick is worth 1 plus the count of its tiles (docs/rules.md, Equipment, seats, count).

    >>> trick_points([Tile(6, 6), Tile(6, 4), Tile(1, 0), Tile(2, 0)])
    11
    """
    points = 1
    for tile in tiles:  # every trick checked comes here: tile_key inline, counts from a table
        points += COUNT_BY_KEY[tile.high * TILE_KEY_STRIDE + tile.low]
    return points


# -- the same rules as tables, for checking many hands quickly --

SUITS = DOUBLES_SUIT + 1  # the pip suits 0 … 6 and the doubles
TRUMP_POWER = 100  # above every power a tile of the led suit can have (50 + rank ≤ 57)
# Above every power a tile that cannot win has (0), even at rank -1. Only the order of powers
# decides a trick, but the solver's move ordering starts from these numbers and is tuned to
# them (notation.solver.solver).
SUIT_POWER = 50


@dataclass(frozen=True, slots=True)
class TrumpTable:
    """The rules of play under one trump, worked out once for every tile (indexed by
    :func:`notation.model.tiles.tile_key`) and every suit, so that a trick costs table lookups.

    Built from :func:`led_suit`, :func:`follows`, :func:`is_trump`, :func:`rank_in_suit` and
    :func:`sevens_distance`, so it says what they say.
    """

    led: tuple[int, ...]  # led[key]: the suit the tile calls for when led
    followers: tuple[int, ...]  # followers[suit]: bit mask (1 << key) of the tiles following
    # barred[suit][key]: the tiles whose holder may not play this one to a lead of suit (the
    # tiles of the suit when it does not follow; in Sevens, the tiles closer to 7)
    barred: tuple[tuple[int, ...], ...]
    power: tuple[tuple[int, ...], ...]  # power[suit][key]: the play of greatest power wins
    trumps: int  # bit mask of the trumps

    def winner(self, tiles: Sequence[Tile], suit: int | None = None) -> int:
        """The index of the winning play, as :func:`trick_winner` says, by table lookups.

        >>> t = Tile.parse
        >>> trump_table(Trump.pip(5)).winner([t("4-3"), t("5-5"), t("4-0"), t("4-4")])
        1
        """
        keys = [tile.high * TILE_KEY_STRIDE + tile.low for tile in tiles]  # tile_key, inline
        power = self.power[self.led[keys[0]] if suit is None else suit]
        return strongest([power[key] for key in keys])


def tile_power(tile: Tile, suit: int, trump: Trump) -> int:
    """How strongly ``tile`` bids for a trick led in ``suit``: the play of greatest power wins,
    the first played on a tie, as :func:`trick_winner` says; 0 for a tile that cannot win.

    >>> fives, t = Trump.pip(5), Tile.parse
    >>> [tile_power(t(w), 6, fives) for w in ("5-0", "6-6", "6-1", "4-4")]
    [100, 57, 51, 0]
    """
    if trump.special is Special.SEVENS:
        return SEVEN + 1 - sevens_distance(tile)
    if is_trump(tile, trump):
        return TRUMP_POWER + rank_in_suit(tile, _trump_suit(trump), trump)
    if follows(tile, suit, trump):
        return SUIT_POWER + rank_in_suit(tile, suit, trump)
    return 0


def _by_key(value: dict[int, int]) -> tuple[int, ...]:
    """A table indexed by tile key, 0 where no tile has the key."""
    return tuple(value.get(key, 0) for key in range(TILE_KEYS))


def _closer_to_seven(tile: Tile) -> int:
    """Bit mask of the tiles strictly closer to 7 pips than ``tile``."""
    distance = sevens_distance(tile)
    return sum(1 << tile_key(t) for t in ALL_TILES if sevens_distance(t) < distance)


# CLOSER_TO_SEVEN[key]: the tiles a Sevens play of that tile must not be holding.
CLOSER_TO_SEVEN: tuple[int, ...] = _by_key({tile_key(t): _closer_to_seven(t) for t in ALL_TILES})


@lru_cache(maxsize=128)
def trump_table(trump: Trump) -> TrumpTable:
    """The :class:`TrumpTable` of ``trump`` (cached: a game has only a few trumps)."""
    keys = {tile_key(t): t for t in ALL_TILES}
    followers = tuple(
        sum(1 << k for k, t in keys.items() if follows(t, suit, trump)) for suit in range(SUITS)
    )

    def barred(tile: Tile, suit: int) -> int:
        if trump.special is Special.SEVENS:
            return CLOSER_TO_SEVEN[tile_key(tile)]
        return 0 if follows(tile, suit, trump) else followers[suit]

    return TrumpTable(
        led=_by_key({k: led_suit(t, trump) for k, t in keys.items()}),
        followers=followers,
        barred=tuple(
            _by_key({k: barred(t, suit) for k, t in keys.items()}) for suit in range(SUITS)
        ),
        power=tuple(
            _by_key({k: tile_power(t, suit, trump) for k, t in keys.items()})
            for suit in range(SUITS)
        ),
        trumps=sum(1 << k for k, t in keys.items() if is_trump(t, trump)),
    )
