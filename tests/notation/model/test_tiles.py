"""Tiles of the double-six set and their count (docs/rules.md, Equipment, seats, count)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from notation.model.seats import SEATS
from notation.model.tiles import (
    ALL_TILES,
    COUNT_TILES,
    TILES_IN_A_HAND,
    TRICKS_IN_A_HAND,
    Tile,
    TileError,
)
from notation.rules.dealing import deal
from notation.rules.play import trick_points


def test_equipment_28_tiles_of_a_double_six_set() -> None:
    """docs/rules.md, Equipment: 28 tiles of a double-six set."""
    assert len(ALL_TILES) == 28
    assert len(set(ALL_TILES)) == 28
    assert {(t.high, t.low) for t in ALL_TILES} == {
        (a, b) for a in range(7) for b in range(7) if a >= b
    }
    assert sum(t.is_double for t in ALL_TILES) == 7


def test_equipment_each_tile_written_higher_end_first() -> None:
    """docs/rules.md, Equipment: each tile is written higher end first (`6-4`)."""
    assert str(Tile.parse("4-6")) == "6-4"
    assert Tile.parse("4-6") == Tile.parse("6-4") == Tile.of(4, 6) == Tile(6, 4)
    assert all(str(t) == f"{t.high}-{t.low}" and t.high >= t.low for t in ALL_TILES)


@pytest.mark.parametrize("text", ["7-3", "6", "6-", "-4", "a-b", "6/4", ""])
def test_equipment_tile_outside_the_set_is_refused(text: str) -> None:
    """docs/rules.md, Equipment: only the 28 tiles of a double-six set exist."""
    with pytest.raises(TileError):
        Tile.parse(text)


def test_tile_constructor_refuses_low_end_first() -> None:
    """docs/rules.md, Equipment: a tile is kept higher end first (Tile(4, 6) names no tile)."""
    with pytest.raises(TileError, match="4-6 is not a tile"):
        Tile(4, 6)


def test_count_tiles_total_35() -> None:
    """docs/rules.md, Equipment: 5-5 and 6-4 are worth 10; 5-0, 4-1, 3-2 worth 5 (35 in all)."""
    counts = {str(t): t.count for t in ALL_TILES if t.count}
    assert counts == {"5-5": 10, "6-4": 10, "5-0": 5, "4-1": 5, "3-2": 5}
    assert sum(t.count for t in ALL_TILES) == 35
    assert {str(t) for t in COUNT_TILES} == set(counts)


def test_count_each_trick_is_worth_1() -> None:
    """docs/rules.md, Equipment: each trick is worth 1 (plus the count it holds)."""
    assert trick_points([Tile(6, 6), Tile(6, 1), Tile(2, 0), Tile(3, 1)]) == 1
    assert trick_points([Tile(5, 5), Tile(6, 4), Tile(5, 0), Tile(3, 2)]) == 31


def test_count_a_trick_is_1_and_the_count_of_its_tiles() -> None:
    """trick_points reads the count from a table by tile key: it agrees with each tile's count
    on every trick of random deals, of four tiles and of three (a seat sitting out)."""
    rng = random.Random(7)
    for _ in range(500):
        tiles = rng.sample(ALL_TILES, rng.choice((3, 4)))
        assert trick_points(tiles) == 1 + sum(t.count for t in tiles)


def test_equipment_seven_tiles_each_and_seven_tricks() -> None:
    """docs/rules.md, Equipment: the 28 tiles go to four seats, 7 each; every trick takes one
    tile from each seat that plays, so a hand has 7 tricks."""
    assert TILES_IN_A_HAND * len(SEATS) == len(ALL_TILES)
    assert TRICKS_IN_A_HAND == TILES_IN_A_HAND == 7


def test_count_a_hand_is_worth_42() -> None:
    """docs/rules.md, Equipment: a hand is worth 42 in total (35 count + 7 tricks)."""
    tiles = list(ALL_TILES)
    random.Random(42).shuffle(tiles)
    tricks = [tiles[i : i + 4] for i in range(0, 28, 4)]
    assert len(tricks) == TRICKS_IN_A_HAND
    assert sum(trick_points(t) for t in tricks) == 42


def test_equipment_each_seat_holds_7_and_no_boneyard() -> None:
    """docs/rules.md, Equipment: each seat holds 7 tiles; no boneyard (all 28 are dealt)."""
    for seed in range(20):
        hands = deal(random.Random(seed))
        assert [len(h) for h in hands.values()] == [TILES_IN_A_HAND] * 4
        dealt = Counter(t for h in hands.values() for t in h)
        assert set(dealt) == set(ALL_TILES)
        assert set(dealt.values()) == {1}


def test_deal_is_deterministic_for_a_seeded_random() -> None:
    """The deal is a pure function of the generator (dealing.deal)."""
    assert deal(random.Random(5)) == deal(random.Random(5))
    assert deal(random.Random(5)) != deal(random.Random(6))
