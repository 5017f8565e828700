"""Suits, following and trick winners (docs/rules.md, Suits and rank)."""

from __future__ import annotations

import random

import pytest

from notation.check.validate import check_game
from notation.formats.text import loads
from notation.model.contracts import DOUBLES_SUIT, DoublesRank, Trump
from notation.model.seats import Seat
from notation.model.tiles import ALL_TILES, Tile, tile_key
from notation.rules.play import (
    SUITS,
    can_follow,
    follows,
    is_trump,
    led_suit,
    tile_power,
    trick_points,
    trick_winner,
    trump_suit,
    trump_table,
)

FIVES = Trump.pip(5)
SIXES = Trump.pip(6)
DOUBLES = Trump.doubles_trump()
FOLLOW_ME = Trump.follow_me()
FOLLOW_ME_LOW = Trump.follow_me(DoublesRank.LOW)
FOLLOW_ME_OWN = Trump.follow_me(DoublesRank.OWN_SUIT)


def tiles(text: str) -> tuple[Tile, ...]:
    return tuple(Tile.parse(t) for t in text.split())


def winner(text: str, trump: Trump) -> str:
    """The winning tile of a trick written as tiles in play order."""
    played = tiles(text)
    return str(played[trick_winner(played, trump)])


# -- pip suits, leading and following --


def test_seven_pip_suits_blanks_to_sixes() -> None:
    """docs/rules.md, Suits and rank: seven pip suits (blanks … sixes)."""
    suits = {led_suit(t, FOLLOW_ME) for t in ALL_TILES}
    assert suits == set(range(7))
    for pip in range(7):
        assert len([t for t in ALL_TILES if follows(t, pip, FOLLOW_ME)]) == 7


def test_non_trump_tile_belongs_to_both_suits_when_following() -> None:
    """docs/rules.md, Suits and rank: a non-trump, non-double tile belongs to both of its pip suits
    when following."""
    six_four = Tile(6, 4)
    assert follows(six_four, 6, FIVES)
    assert follows(six_four, 4, FIVES)
    assert not follows(six_four, 3, FIVES)
    assert can_follow(tiles("6-4 3-1 4-0"), 4, FIVES) == tiles("6-4 4-0")


def test_led_tile_counts_as_higher_end() -> None:
    """docs/rules.md, Suits and rank: when a non-trump tile is led it counts as its higher end
    (004, 002)."""
    assert led_suit(Tile(6, 4), FIVES) == 6
    assert led_suit(Tile(3, 0), FIVES) == 3
    # 6-4 led calls for sixes: the 4-4 does not follow and cannot win, the 6-1 follows.
    assert winner("6-4 4-4 6-1 4-3", FIVES) == "6-4"
    assert winner("6-4 4-4 6-6 4-3", FIVES) == "6-6"


def test_double_highest_of_its_suit_then_by_other_end() -> None:
    """docs/rules.md, Suits and rank: a double is the highest of its suit, then tiles rank by their
    other end (6 high … 0 low)."""
    assert winner("6-0 6-5 6-6 6-1", Trump.pip(2)) == "6-6"
    assert winner("4-0 4-1 4-3 6-4", FIVES) == "6-4"
    assert winner("4-0 4-1 4-3 4-2", FIVES) == "4-3"
    # 004: the double blank is the highest blank, but another blank led counts as its higher
    # end, so the 0-0 can win only when it is led.
    assert winner("0-0 6-0 4-0 3-0", FIVES) == "0-0"
    assert winner("4-0 0-0 1-0 2-0", FIVES) == "4-0"


# -- trump on a pip --


def test_trump_on_a_pip_is_trump_only() -> None:
    """docs/rules.md, Suits and rank: trump on a pip: every tile bearing it is trump only (never its
    other suit)."""
    assert is_trump(Tile(5, 3), FIVES)
    assert led_suit(Tile(5, 3), FIVES) == 5
    assert not follows(Tile(5, 3), 3, FIVES)
    assert follows(Tile(5, 3), 5, FIVES)
    assert can_follow(tiles("5-3 3-1 6-5"), 3, FIVES) == tiles("3-1")
    # led 6-5 is a trump, not a six: a six does not follow it.
    assert led_suit(Tile(6, 5), FIVES) == 5
    assert not follows(Tile(6, 2), led_suit(Tile(6, 5), FIVES), FIVES)


def test_trump_on_a_pip_ranks_double_first_then_other_end() -> None:
    """docs/rules.md, Suits and rank: trumps rank double first, then by the other end."""
    assert winner("5-0 6-5 5-5 5-4", FIVES) == "5-5"
    assert winner("5-0 6-5 5-1 5-4", FIVES) == "6-5"
    assert winner("5-0 5-1 5-2 5-3", FIVES) == "5-3"


def test_trump_beats_every_non_trump() -> None:
    """docs/rules.md, Suits and rank: trump beats every non-trump."""
    assert winner("6-6 5-0 6-4 6-1", FIVES) == "5-0"
    assert winner("6-6 6-4 5-0 5-1", FIVES) == "5-1"
    assert trump_suit(FIVES) == 5
    assert trump_suit(FOLLOW_ME) is None


# -- doubles trump --


def test_doubles_trump_six_six_high_to_blank_low() -> None:
    """docs/rules.md, Suits and rank: doubles trump (002, 004): the seven doubles form the trump
    suit, 6-6 high … 0-0 low."""
    assert [t for t in ALL_TILES if is_trump(t, DOUBLES)] == [
        Tile(n, n) for n in range(6, -1, -1)
    ]
    assert led_suit(Tile(3, 3), DOUBLES) == DOUBLES_SUIT
    assert winner("3-3 6-6 0-0 4-4", DOUBLES) == "6-6"
    assert winner("0-0 1-1 6-1 2-2", DOUBLES) == "2-2"


def test_doubles_trump_double_belongs_to_no_pip_suit() -> None:
    """docs/rules.md, Suits and rank: under doubles trump a double belongs to no pip suit, so it may
    not follow a pip lead."""
    assert not follows(Tile(6, 6), 6, DOUBLES)
    assert can_follow(tiles("6-6 6-1 3-3"), 6, DOUBLES) == tiles("6-1")
    assert led_suit(Tile(6, 4), DOUBLES) == 6


def test_doubles_trump_void_player_may_trump_with_any_double() -> None:
    """docs/rules.md, Suits and rank: a player void in the led pip may trump with any double."""
    assert can_follow(tiles("6-6 3-3 2-1"), 5, DOUBLES) == ()
    assert winner("5-4 0-0 5-3 5-2", DOUBLES) == "0-0"
    assert winner("5-4 0-0 1-1 5-2", DOUBLES) == "1-1"


# -- follow-me --


def test_follow_me_has_no_trump() -> None:
    """docs/rules.md, Suits and rank: follow-me / no-trump (002, 003, 004): no trump suit."""
    assert not any(is_trump(t, FOLLOW_ME) for t in ALL_TILES)
    assert winner("6-1 5-5 6-3 4-4", FOLLOW_ME) == "6-3"
    assert winner("2-1 6-6 5-5 2-0", FOLLOW_ME) == "2-1"


def test_follow_me_doubles_high() -> None:
    """docs/rules.md, Suits and rank: follow-me, doubles high (default): the double is the highest
    of its suit."""
    assert FOLLOW_ME.doubles is DoublesRank.HIGH
    assert winner("3-0 3-3 6-3 3-1", FOLLOW_ME) == "3-3"
    assert follows(Tile(3, 3), 3, FOLLOW_ME)


def test_follow_me_doubles_low() -> None:
    """docs/rules.md, Suits and rank: follow-me, doubles low: the double is the lowest of its
    suit."""
    assert winner("3-0 3-3 3-1 2-1", FOLLOW_ME_LOW) == "3-1"
    assert winner("3-3 2-1 3-0 1-0", FOLLOW_ME_LOW) == "3-0"
    assert winner("3-3 2-1 4-1 1-0", FOLLOW_ME_LOW) == "3-3"
    assert led_suit(Tile(3, 3), FOLLOW_ME_LOW) == 3


def test_follow_me_doubles_own_suit() -> None:
    """docs/rules.md, Suits and rank: follow-me, doubles own suit (003): the doubles are a suit of
    their own."""
    assert led_suit(Tile(3, 3), FOLLOW_ME_OWN) == DOUBLES_SUIT
    assert not follows(Tile(3, 3), 3, FOLLOW_ME_OWN)
    assert follows(Tile(1, 1), DOUBLES_SUIT, FOLLOW_ME_OWN)
    assert not follows(Tile(3, 1), DOUBLES_SUIT, FOLLOW_ME_OWN)
    assert winner("3-3 6-3 1-1 5-5", FOLLOW_ME_OWN) == "5-5"
    assert winner("3-0 3-3 3-1 6-6", FOLLOW_ME_OWN) == "3-1"


# -- following and winning --


def test_must_follow_if_able_with_any_tile_not_obliged_to_win() -> None:
    """docs/rules.md, Suits and rank: must follow the led suit if able, with any tile of that suit
    (not obliged to win)."""
    assert can_follow(tiles("6-6 6-2 4-1"), 6, FIVES) == tiles("6-6 6-2")
    # S holds 6-6 but follows a six lead with the 6-2 and is not flagged.
    record = """[Event "x"]
hand 1 dealer N
deal N 6-3 4-4 4-3 2-2 1-1 1-0 0-0
     E 6-5 5-4 5-3 5-2 5-1 5-0 4-2
     S 6-6 6-2 4-1 3-3 3-2 2-0 2-1
     W 6-4 6-1 6-0 5-5 4-0 3-1 3-0
bid E 30 S pass W pass N pass
trump E blanks
1 E 6-5 6-2 6-4 6-3
"""
    report = check_game(loads(record)[0])
    assert [f.code for f in report.findings] == ["hand-unfinished"]


def test_void_may_play_anything_a_trump_included() -> None:
    """docs/rules.md, Suits and rank: if void, play anything, a trump included."""
    assert can_follow(tiles("5-0 2-1 3-3"), 6, FIVES) == ()
    assert winner("6-4 5-0 2-1 6-0", FIVES) == "5-0"
    assert winner("6-4 2-1 3-3 6-0", FIVES) == "6-4"


def test_winner_highest_trump_else_highest_of_led_suit() -> None:
    """docs/rules.md, Suits and rank: winner: highest trump, else highest tile of the led suit."""
    assert winner("4-2 4-3 5-1 5-2", FIVES) == "5-2"
    assert winner("4-2 4-3 6-6 1-0", FIVES) == "4-3"
    with pytest.raises(ValueError, match="empty trick"):
        trick_winner((), FIVES)


def test_worked_example_004_tricks_worth_11_and_16_sixes_trump() -> None:
    """docs/rules.md, Scoring, worked examples: a trick won by 6-6 worth 11 and one won by 6-2 worth
    16 with sixes trump (004)."""
    first = tiles("6-6 6-4 1-0 2-0")
    assert str(first[trick_winner(first, SIXES)]) == "6-6"
    assert trick_points(first) == 11
    second = tiles("5-0 5-5 6-2 3-1")
    assert str(second[trick_winner(second, SIXES)]) == "6-2"
    assert trick_points(second) == 16


def test_winner_of_a_trick_leads_the_next_and_declarer_leads_first() -> None:
    """docs/rules.md, Suits and rank: the winner of a trick leads the next;
    docs/rules.md, Contracts: opening lead: declarer leads anything (004)."""
    record = """[Event "x"]
hand 1 dealer W
deal N 6-6 6-5 6-4 6-3 5-5 5-4 4-4
     E 6-2 6-1 6-0 3-3 2-2 1-1 0-0
     S 5-3 5-2 5-1 5-0 4-3 4-2 4-1
     W 4-0 3-2 3-1 3-0 2-1 2-0 1-0
bid N pass E 30 S pass W pass
trump E treys
1 E 2-2 5-2 2-1 6-6
2 E 3-3 4-3 3-2 6-3
3 W 4-0 5-5 1-1 4-1
"""
    report = check_game(loads(record)[0])
    # E leads the first trick (the declarer); 2-2 wins it, so E leads again; 3-3 wins trick
    # 2, so trick 3 led by W is out of turn.
    assert [t.winner for t in report.hands[0].tricks[:2]] == [Seat.E, Seat.E]
    [f] = [f for f in report.findings if f.code == "wrong-leader"]
    assert (f.trick, f.seat, f.line, f.evidence) == (3, Seat.W, 11, {"expected": Seat.E})


TABLE_TRUMPS = [
    *(Trump.pip(p) for p in range(7)),
    DOUBLES,
    FOLLOW_ME,
    FOLLOW_ME_LOW,
    FOLLOW_ME_OWN,
    *(Trump.parse("", d.word, special="nello") for d in DoublesRank),
    Trump.parse("", special="sevens"),
]


@pytest.mark.parametrize("trump", TABLE_TRUMPS, ids=str)
def test_trump_table_says_what_the_rules_say(trump: Trump) -> None:
    """The table the quick checks and the trick engine play by is the rules above, tile by
    tile and suit by suit; its winner is trick_winner's."""
    table = trump_table(trump)
    for tile in ALL_TILES:
        key = tile_key(tile)
        assert table.led[key] == led_suit(tile, trump)
        assert bool(table.trumps >> key & 1) == is_trump(tile, trump)
        for suit in range(SUITS):
            assert bool(table.followers[suit] >> key & 1) == follows(tile, suit, trump)
            assert table.power[suit][key] == tile_power(tile, suit, trump)
    rng = random.Random(str(trump))
    for _ in range(500):
        trick = rng.sample(ALL_TILES, 4)
        assert table.winner(trick) == trick_winner(trick, trump)
        suit = rng.choice((trick[0].high, trick[0].low))
        assert table.winner(trick, suit) == trick_winner(trick, trump, suit)
