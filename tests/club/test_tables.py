"""A table's entries folded into its record: in their numbers' order, each number once, the
engine's word on each."""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

import notation
from club.tables import Mode, TableGame, entries_of, fold

TAGS = (("North", "Ann"), ("Rules", "straight"))
GAME = notation.random_game(random.Random(94), notation.rule_set("straight"))
ENTRIES = list(enumerate(entries_of(GAME), start=1))
IN_ORDER = fold(TAGS, ENTRIES)


def test_a_whole_game_entered_in_order_is_the_game() -> None:
    assert IN_ORDER.recording is not None
    assert IN_ORDER.recording.game.hands == tuple(replace(h, deal=()) for h in GAME.hands)
    assert IN_ORDER.recording.winner == notation.check_game(GAME).winner
    assert IN_ORDER.through == len(ENTRIES)
    assert IN_ORDER.refusals == ()


@settings(max_examples=15, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(0, 40))
def test_entries_sent_in_any_order_and_again_fold_to_the_same_record(
    rng: random.Random, repeats: int
) -> None:
    sent = ENTRIES + [rng.choice(ENTRIES) for _ in range(repeats)]
    rng.shuffle(sent)
    folded = fold(TAGS, sent)
    assert folded.recording is not None
    assert IN_ORDER.recording is not None
    assert folded.recording.text == IN_ORDER.recording.text
    assert folded.waiting == ()


def test_an_entry_after_a_gap_waits_for_it() -> None:
    game = TableGame(TAGS).take(1, "start score N").take(3, "30")
    assert game.through == 1
    assert game.waiting == ((3, "30"),)
    game = game.take(2, "pass")
    assert game.through == 3
    assert game.mode is Mode.SCORE
    assert game.recording is not None
    auction = game.recording.game.hands[0].auction
    assert auction is not None
    assert [str(c.bid) for c in auction.calls] == ["pass", "30"]


def test_what_cannot_be_entered_is_refused_and_said_and_the_record_goes_on() -> None:
    game = TableGame(TAGS).take(1, "pass")
    assert game.said == "not recorded: confirm the players first"
    game = game.take(2, "start tricks N").take(3, "start tricks E").take(4, "6-6")
    assert [r.number for r in game.refusals] == [1, 3, 4]
    assert game.refusals[1].why == "the game has started already"
    assert game.refusals[2].why.startswith("'6-6' is not a bid")
    game = game.take(5, "pass").take(6, "u")
    assert game.said == "undone"
    assert game.recording is not None
    assert game.recording.hand is None  # the only bid undone


def test_a_hand_kept_by_its_score_only() -> None:
    game = fold(TAGS, list(enumerate(
        ["start score N", "pass", "30", "pass", "pass", "sixes", "points 32 10", "write",
         "write"], start=1)))
    assert game.recording is not None
    assert game.recording.text.endswith(
        "trump S sixes\npoints NS 32 EW 10\nmarks NS 1 EW 0\ntotal NS 1 EW 0\n")
