"""The entry language (notation/recording/entries.py): what a scorekeeper types at
``t42 record``'s prompt or on a club table's phone, read into an entry and made one of the
record; what is no entry now is refused in words a 42 player reads."""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from notation import dumps
from notation.errors import T42Error
from notation.model.bids import Bid
from notation.model.contracts import DoublesRank, Special, Trump
from notation.model.game import EndKind
from notation.model.rule_sets import RULE_SETS, rule_set
from notation.model.seats import Seat
from notation.model.tiles import Tile
from notation.recording import (
    Awaiting,
    EntryError,
    KeptBy,
    Mode,
    Points,
    Recording,
    Start,
    as_entry,
    enter,
    read_entry,
    typed_entries,
)
from notation.recording.entries import (
    Called,
    Dealt,
    EditTrick,
    Ended,
    Named,
    Played,
    Scored,
    Undo,
    Written,
)
from notation.rules.dealing import random_game

ROOT = Path(__file__).resolve().parents[3]


def _typed(r: Recording, *lines: str) -> Recording:
    for line in lines:
        r, _ = enter(r, line)
    return r


def _at_trump(rules: str = "straight") -> Recording:
    return _typed(Recording.start({"Rules": rules}), "30", "p", "p", "p")


def _at_play() -> Recording:
    return _typed(_at_trump(), "sixes")


def _at_score() -> Recording:
    r = _at_play()
    tricks = ["66", "61", "65", "63", "64", "10", "32", "20", "62", "53", "51", "00",
              "60", "30", "21", "55", "11", "31", "40", "22", "43", "42", "54", "44",
              "33", "41", "52", "50"]
    return _typed(r, *tricks)


@pytest.mark.parametrize("name", list(RULE_SETS))
@pytest.mark.parametrize("seed", range(4))
def test_a_game_typed_line_by_line_is_its_record(name: str, seed: int) -> None:
    """Every bid, trump, special contract, tile and early end the notation writes is a line
    the scorekeeper may type, in every rule set."""
    game = random_game(random.Random(seed), rule_set(name))
    r = Recording.start({t.name: t.value for t in game.tags}, dealer=game.hands[0].dealer)
    for line in typed_entries(game):
        assert as_entry(line) == line  # a phone sends it as it is
        r, _ = enter(r, line)
    assert r.text == dumps(game)


@pytest.mark.parametrize(("at", "typed", "entry"), [
    ("bid", "P", Called(Bid.pass_())),
    ("bid", "-", Called(Bid.pass_())),
    ("bid", "pass", Called(Bid.pass_())),
    ("bid", "42", Called(Bid.marks(1))),
    ("bid", "2M", Called(Bid.marks(2))),
    ("bid", "u", Undo()),
    ("bid", "UNDO", Undo()),
    ("bid", "deal n 66 65 64 63 62 61 60",
     Dealt(Seat.N, tuple(Tile(6, n) for n in range(6, -1, -1)))),
    ("bid", "points 32 10", Points(32, 10)),
    ("bid", "mode score", KeptBy(Mode.SCORE)),
    ("bid", "START tricks w", Start(Mode.TRICKS, Seat.W)),
    ("trump", "5", Named(Trump.pip(5))),
    ("trump", "Fives", Named(Trump.pip(5))),
    ("trump", "follow-me doubles-low", Named(Trump.parse("follow-me", "doubles-low"))),
    ("play", "6-4", Played(Tile(6, 4))),
    ("play", "4 6", Played(Tile(6, 4))),
    ("play", "end set", Ended(EndKind.SET)),
    ("play", "end lay-down e", Ended(EndKind.LAYDOWN, Seat.E)),
    ("play", "edit 1 66", EditTrick(1, (Tile(6, 6),))),
    ("score", "", Written()),
    ("score", "write", Written()),
    ("score", "35/7", Scored(35, 7)),
    ("score", " 35 , 7 ", Scored(35, 7)),
])
def test_each_kind_of_entry_is_read_as_what_it_says(at: str, typed: str, entry: object) -> None:
    r = {"bid": Recording.start({"Rules": "straight"}), "trump": _at_trump(),
         "play": _at_play(), "score": _at_score()}[at]
    assert r.awaiting.value == at
    assert read_entry(typed, r) == entry


@pytest.mark.parametrize(("at", "typed", "words"), [
    ("bid", "sixes", "'sixes' is not a bid (pass, 30 … 41, marks like 1m, or 4m-plunge)"),
    ("bid", "edit 3", "edit a trick as: edit 3 64 54 33 10"),
    ("bid", "edit 3 6x", "'6x' is not a tile: type it as 64, 6-4 or 6 4"),
    ("bid", "deal N 66 65", "write a deal as: deal N 66 65 64 63 62 61 60"),
    ("bid", "deal X 66 65 64 63 62 61 60", "write a deal as: deal N 66 65 64 63 62 61 60"),
    ("bid", "points 1000 5", "write a hand's points as: points 32 10"),
    ("bid", "mode both", "keep the game as: mode score, or mode tricks"),
    ("bid", "start tricks", "start the game as: start tricks N (or start score N), N the "
     "first dealer"),
    ("bid", "start tricks N", "the game has started already"),
    ("bid", "mode score", "a club table keeps its game by score or tricks: here every entry "
     "is written"),
    ("trump", "", "name the trump: a suit (fives or 5), doubles or follow-me"),
    ("play", "77", "'77' is not a tile: type it as 64, 6-4 or 6 4"),
    ("play", "end early", "end the hand as: end made, end set or end laydown S"),
    ("play", "end laydown", "name who lays down: end laydown S"),
    ("play", "edit 5 64", "there is no trick 5 in this hand to edit"),
    ("score", "35", "write points as two numbers, NS then EW: 35 7"),
    ("score", "9" * 40 + " 7", "write points as two numbers, NS then EW: 35 7"),
])
def test_what_is_no_entry_now_is_refused_in_words(at: str, typed: str, words: str) -> None:
    r = {"bid": Recording.start({"Rules": "straight"}), "trump": _at_trump(),
         "play": _at_play(), "score": _at_score()}[at]
    with pytest.raises(EntryError) as refused:
        enter(r, typed)
    assert str(refused.value) == words
    assert isinstance(refused.value, T42Error)  # the command line and the club catch it


def test_a_trump_leaves_out_what_the_table_decides() -> None:
    """A follow-me call without its doubles takes the table's follow-me-doubles; a Nello
    without its doubles the table's nello-doubles (docs/rules.md, Contracts)."""
    r = _typed(Recording.start({"Rules": "straight", "Options": "follow-me-doubles=low"}),
               "30", "p", "p", "p")
    assert read_entry("follow-me", r) == Named(Trump.follow_me(DoublesRank.LOW))
    texas = _typed(Recording.start({"Rules": "texas"}), "1m", "p", "p", "p")
    entry = read_entry("nello", texas)
    assert isinstance(entry, Named)
    assert entry.trump.special is Special.NELLO
    assert entry.trump.doubles is rule_set("texas").nello_doubles


def test_before_the_players_are_confirmed_only_a_start_is_an_entry() -> None:
    assert read_entry("start score S", None) == Start(Mode.SCORE, Seat.S)
    for typed in ("30", "u", "mode score", "points 32 10"):
        with pytest.raises(EntryError, match="confirm the players first"):
            read_entry(typed, None)


def test_a_game_that_is_won_takes_no_more_plays() -> None:
    game = random_game(random.Random(1), rule_set("straight"))
    r = Recording.start({t.name: t.value for t in game.tags}, dealer=game.hands[0].dealer)
    r = _typed(r, *typed_entries(game))
    assert r.awaiting is Awaiting.OVER
    with pytest.raises(EntryError, match="the game is over"):
        enter(r, "30")
    assert enter(r, "u")[1] == "undone"  # but the last entry may be taken back


@settings(max_examples=80, deadline=None)
@given(st.text(max_size=40), st.sampled_from(["bid", "trump", "play", "score"]))
def test_any_line_is_an_entry_or_refused_in_words(typed: str, at: str) -> None:
    """Whatever is typed: an entry (entered as read) or an EntryError; never another
    exception."""
    r = {"bid": Recording.start({"Rules": "straight"}), "trump": _at_trump(),
         "play": _at_play(), "score": _at_score()}[at]
    said: list[str] = []
    try:
        entry = read_entry(typed, r)
        assert enter(r, entry) == enter(r, typed)
    except EntryError as e:  # no entry, or not one possible now (a trick not there to edit)
        said.append(str(e))
    assert all(said)  # a refusal always says why


@pytest.mark.parametrize("name", list(RULE_SETS))
@pytest.mark.parametrize("typed", ["0m", "0", "29"])
def test_a_bid_below_30_is_flagged_in_every_rule_set(name: str, typed: str) -> None:
    """docs/rules.md, Bidding: the least bid is 30, and marks start at 1 (42), in the points
    game too."""
    r, said = enter(Recording.start({"Rules": name}), typed)
    assert said.startswith(f"E bids {typed} (flagged: ")
    assert Bid.parse(typed) not in r.legal_bids


# The words that begin an entry, or are one.
LANGUAGE_WORDS = {"start", "mode", "points", "write", "u", "undo", "edit", "deal", "end", "p",
                  "pass", "-"}
INTERFACES = ("replay", "scorekeeper", "club")


def _reads_of_the_language(path: Path) -> list[str]:
    """Where ``path`` matches a pattern naming a word of the language, or compares a value
    with one: reading an entry itself."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        texts: list[object] = []
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and isinstance(node.func.value, ast.Name) and node.func.value.id == "re"):
            patterns = [a.value for a in node.args[:1] if isinstance(a, ast.Constant)]
            texts = [w for p in patterns if isinstance(p, str)
                     for w in LANGUAGE_WORDS if re.search(rf"(?<![\w-]){re.escape(w)}\b", p)]
        elif isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            for side in sides:
                values = side.elts if isinstance(side, ast.Tuple | ast.Set | ast.List) else [side]
                texts += [v.value for v in values
                          if isinstance(v, ast.Constant) and v.value in LANGUAGE_WORDS]
        found += [f"{path.relative_to(ROOT)}:{node.lineno} {t!r}" for t in texts
                  if hasattr(node, "lineno")]
    return found


def test_the_interfaces_read_no_entry_themselves() -> None:
    """The entry language is read in one module: no module of the replays, the recorder or
    the club matches typed text against a word of it, or compares a line with one."""
    modules = sorted(p for name in INTERFACES for p in (ROOT / name).rglob("*.py"))
    assert len(modules) > 20
    assert [hit for path in modules for hit in _reads_of_the_language(path)] == []
    # and the check finds such a reading where there is one
    assert _reads_of_the_language(ROOT / "notation" / "recording" / "entries.py")
