"""Regressions found while writing the samples: each test failed before its fix."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from notation.check.validate import check_game
from notation.formats.text.reader import read_games
from notation.model.game import ROSTER

SAMPLES = Path(__file__).resolve().parents[4] / "samples"

GAME = """[Event "club"]

hand 1 dealer N
bid E pass S 30 W pass N pass
points NS 30 EW 12
marks NS 1 EW 0
total NS 1 EW 0

hand 2 dealer E
bid S pass W 3l N pass E pass

hand 3 dealer S
bid W pass N 31 E pass S pass
points NS 31 EW 11
marks NS 1 EW 0
total NS 3 EW 0
"""


def test_unread_hand_leaves_running_marks_unknown_not_misscored() -> None:
    """A hand lost to a syntax error must not make the next hands look misnumbered or
    misscored: its marks are unknown, so the next total is trusted, not flagged."""
    read = next(read_games(GAME))
    assert [p.code for p in read.problems] == ["syntax-error"]
    report = check_game(read.game, read.rules, index=1, unread=read.unread_lines)
    assert [f.code for f in report.findings] == []


def test_syntax_error_shows_the_whole_word() -> None:
    read = next(read_games(GAME))
    assert "'3l'" in read.problems[0].message


def test_hand_keyword_with_many_spaces_starts_a_hand() -> None:
    text = '[Event "x"]\nhand    1 dealer N\nhand      2 dealer E\n'
    read = next(read_games(text))
    assert read.problems == []
    assert [h.number for h in read.game.hands] == [1, 2]


def test_byte_order_mark_before_the_tags() -> None:
    read = next(read_games('\ufeff[Event "x"]\nhand 1 dealer N\n'))
    assert read.problems == []
    assert read.game.tag("Event") == "x"


def test_notrumps_is_follow_me() -> None:
    for word in ("notrumps", "no-trumps", "notrump", "no-trump", "nt", "followme"):
        read = next(read_games(f'[Event "x"]\nhand 1 dealer N\ntrump {word}\n'))
        assert read.problems == [], word
        assert read.game.hands[0].trump is not None
        assert str(read.game.hands[0].trump.trump) == "follow-me"


def test_own_suit_inverted_is_for_nello_only() -> None:
    text = '[Event "x"]\nhand 1 dealer N\ntrump follow-me doubles-own-suit-inverted\n'
    read = next(read_games(text))
    assert [p.code for p in read.problems] == ["syntax-error"]
    assert "Nello" in read.problems[0].message


def test_duplicate_tag_keeps_both_and_the_first_rules() -> None:
    text = '[Event "a"]\n[Options "all-pass=reshake"]\n[Event "b"]\n[Options "win-by=2"]\n'
    read = next(read_games(text))
    assert [p.code for p in read.problems] == ["duplicate-tag", "duplicate-tag"]
    assert [t.value for t in read.game.tags if t.name == "Event"] == ["a", "b"]
    assert read.rules == read.game.rules
    assert read.rules.all_pass.value == "reshake"


def test_roster_tag_names_in_any_case() -> None:
    read = next(read_games('[event "x"]\n[NORTH "Ann"]\n'))
    assert read.game.tag("Event") == "x"
    assert read.game.tag("North") == "Ann"
    assert [t.name for t in read.game.tags][: len(ROSTER)] == list(ROSTER)


def test_lines_are_counted_as_editors_count_them() -> None:
    """A form feed or U+2028 is not a line break; a lone CR is (an old Mac's line end, issue
    35), so line numbers in findings match what editors show (see test_line_ends.py)."""
    text = '[Event "x"]\r[Site "\u2028"]\x0c\nhand 1 dealer Q\n'
    read = next(read_games(text))
    assert [(p.line, p.column) for p in read.problems] == [(3, 15)]


def test_games_are_read_lazily_from_a_stream_of_lines() -> None:
    """A file of any size is read one game at a time: an endless stream yields games."""
    import itertools

    def endless() -> Iterator[str]:
        for n in itertools.count(1):
            yield f'[Event "night {n}"]\n'
            yield "hand 1 dealer N\n"
            yield "bid E pass S 30 W pass N pass\n"

    first = list(itertools.islice(read_games(endless()), 3))
    assert [r.game.tag("Event") for r in first] == ["night 1", "night 2", "night 3"]


def test_games_without_hands_one_after_another() -> None:
    """A game need not have hands: after a blank line, a tag name written again starts the
    next game; within one block it is a duplicate tag."""
    text = '[Event "a"]\n[Site "x"]\n\n[Event "b"]\n; c\n[Site "y"]\n[Event "c"]\n'
    reads = list(read_games(text))
    assert [r.game.tag("Event") for r in reads] == ["a", "b"]
    assert reads[0].problems == []
    assert [p.code for p in reads[1].problems] == ["duplicate-tag"]


def test_a_line_token_with_a_tab_inside_and_a_comment_after_is_read_as_with_spaces() -> None:
    """`deal<TAB>N 6-6 …` then a comment: the line token holds a tab and no space before the
    comment cuts it, and its words must still be cut at the tab (it was read as one word
    and ended in an internal error)."""
    spaced = GAME.replace("bid E pass S 30", "deal N 6-6 6-5\nbid E pass S 30")
    tabbed = spaced.replace("deal N 6-6 6-5", "deal\tN { a comment } 6-6 6-5 ; another")
    plain, commented = next(read_games(spaced)), next(read_games(tabbed))
    assert commented.problems == plain.problems
    [holding] = commented.game.hands[0].deal
    assert [str(tile) for tile in holding.tiles] == ["6-6", "6-5"]
    assert holding.seat == plain.game.hands[0].deal[0].seat


def test_a_word_with_a_letter_that_only_folds_to_ascii_is_a_syntax_error() -> None:
    """`paſs` (a long s) matched the bid word's case-blind pattern, then was no bid: an
    internal error. Words of the notation are ASCII, in any case; others are mistakes."""
    for old, new in [("E pass", "E paſs"), ("points NS 30", "pointſ NS 30"),
                     ("marks NS 1", "marKs NS 1"), ("total NS 1", "\u212aotal NS 1")]:
        read = next(read_games(GAME.replace(old, new, 1)))
        codes = [p.code for p in read.problems]
        if new.isascii():
            assert codes == ["syntax-error"]  # only hand 2's own mistake
        else:
            assert codes == ["syntax-error", "syntax-error"], new
            assert new.split()[-1 if "pa" in new else 0] in read.problems[0].message


def _plunge_with_digit_trump(comment: str) -> str:
    """samples/plunge.t42's hand with the partner's trump written as a digit (``trump E
    plunge 6``, as docs/notation.md allows for any trump) and ``comment`` after the call."""
    text = (SAMPLES / "plunge.t42").read_text(encoding="utf-8")
    return text.replace("trump E plunge sixes", f"trump E plunge 6{comment}")


@pytest.mark.parametrize("comment", ["", " { the partner named it }", " ; named by E"])
def test_plunge_trump_written_as_a_digit_reads_with_or_without_comments(comment: str) -> None:
    # The trump digit after a special contract was read as the first trick's number once a
    # comment sent the hand to the item-by-item reading ("6" then "1 W …": a syntax error).
    read = next(read_games(_plunge_with_digit_trump(comment)))
    assert read.problems == []
    plain = next(read_games((SAMPLES / "plunge.t42").read_text(encoding="utf-8")))
    called, written = read.game.hands[0].trump, plain.game.hands[0].trump
    assert called is not None
    assert written is not None
    assert (called.seat, called.trump) == (written.seat, written.trump)
    assert [f.code for f in check_game(read.game, read.rules).findings] == \
        [f.code for f in check_game(plain.game, plain.rules).findings]


def test_a_trick_number_after_a_special_call_is_still_a_trick() -> None:
    # A Sevens names no trump: the "1" that follows is the first trick, comments or not.
    text = (SAMPLES / "sevens.t42").read_text(encoding="utf-8")
    call = next(line for line in text.splitlines() if line.startswith("trump"))
    commented = text.replace(call, call + " { no trump named }")
    plain, dressed = (next(read_games(t)) for t in (text, commented))
    assert dressed.problems == []
    called, written = dressed.game.hands[0].trump, plain.game.hands[0].trump
    assert called is not None
    assert written is not None
    assert (called.seat, called.trump) == (written.seat, written.trump)
    assert len(dressed.game.hands[0].tricks) == len(plain.game.hands[0].tricks)
