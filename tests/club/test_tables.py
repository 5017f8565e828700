"""A table's entries folded into its record: in their numbers' order, each number once, the
engine's word on each."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import notation
from club.tables import TableGame, entries_of, fold
from notation import Seat
from notation.recording import LONGEST_ENTRY, EntryError, Mode, as_entry

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


# What phone keyboards add to what is typed: format characters (a zero-width joiner, a soft
# hyphen, a byte order mark, direction marks), spaces that are not spaces, an emoji's variation
# selector, full-width digits, half an emoji left by a cut (a lone surrogate), control codes.
KEYBOARD_ADDS = ["\u200d", "\u200b", "\u00ad", "\ufeff", "\u200e", "\u2060", "\u00a0",
                 "\u202f", "\u3000", "\t", "\n", "\ufe0f", "\ud83e", "\x00", "\x7f"]


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["p", "pass", "30", "2m", "sixes", "6-4", "end set", "write", "u"]),
       st.lists(st.sampled_from(KEYBOARD_ADDS), max_size=3),
       st.lists(st.sampled_from(KEYBOARD_ADDS), max_size=3))
def test_what_a_keyboard_adds_around_an_entry_is_taken_away(
    entry: str, before: list[str], after: list[str]
) -> None:
    assert as_entry("".join(before) + entry + "".join(after)) == entry


@pytest.mark.parametrize(("typed", "entry"), [
    ("p\u200d", "p"), ("30\u00a0", "30"), ("\ufeffpass", "pass"), ("pa\u00adss", "pass"),
    ("\uff13\uff10", "30"), ("end\u00a0\u00a0set", "end set"), ("6\u20134", "6-4"),
    ("points 32\u202f10", "points 32 10"), ("\U0001f937\u200d\u2642\ufe0f", "\U0001f937\u2642"),
])
def test_a_typed_entry_is_what_the_players_meant(typed: str, entry: str) -> None:
    assert as_entry(typed) == entry


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=300))
def test_any_text_is_an_entry_that_can_be_stored_and_said_or_is_refused_in_words(
    typed: str,
) -> None:
    try:
        entry = as_entry(typed)
    except EntryError as e:
        said = str(e)
        entry = ""
    else:
        said = ""
    if not entry:
        assert said in ("nothing was typed", "too long for an entry (60 characters at most)")
        return
    assert 0 < len(entry) <= LONGEST_ENTRY
    assert entry == as_entry(entry)  # the same entry when sent again
    assert entry.isprintable()
    entry.encode("utf-8")  # storable: no half of a surrogate pair
    game = TableGame(TAGS).take(1, "start tricks N").take(2, entry)
    assert game.through == 2  # taken: the numbers go on whatever it says


def test_text_that_cannot_be_an_entry_is_refused_in_words() -> None:
    with pytest.raises(EntryError, match="nothing was typed"):
        as_entry("\u200d\ufeff\u00a0")
    with pytest.raises(EntryError, match="too long"):
        as_entry("x" * 61)
    # An emoji is text: kept under its number as a refusal, and the next entry goes on.
    game = TableGame(TAGS).take(1, "start tricks N")
    game = game.take(2, as_entry("\U0001f937\u200d\u2642\ufe0f")).take(3, "pass")
    assert [r.number for r in game.refusals] == [2]
    assert game.through == 3
    assert game.recording is not None
    assert game.recording.bidder is Seat.S
