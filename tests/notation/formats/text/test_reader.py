"""Reading the notation: comments, forgiving input, tag escapes and located syntax errors."""

from __future__ import annotations

import pytest

from notation.errors import NotationSyntaxError
from notation.formats.text import dumps, loads
from notation.formats.text.reader import read_games
from notation.model.bids import Bid
from notation.model.contracts import DoublesRank, Trump
from notation.model.game import Comment, EndKind, ScoreKind
from notation.model.seats import Seat
from notation.model.tiles import Tile

COMMENTED = """; a file of one game
[Event "Club night"] ; the monthly one
[Rules "straight"]

{ first hand }
hand 1 dealer N ; Ann deals
deal N 6-6 6-0 5-3 5-1 4-0 3-0 2-2
     E 6-4 6-3 6-2 5-5 4-4 1-1 0-0
bid E pass { thinking } S 30 W pass N pass ; short auction
trump S fives
1 S 5-3 { lead } 6-6 4-0 3-3 ; trick one
points NS 20 EW 22
; after the last line
"""


def read_one(text: str) -> list[str]:
    """The problems' messages with their line:column, for one game."""
    [read] = list(read_games(text))
    return [f"{p.line}:{p.column} {p.message}" for p in read.problems]


def test_comments_before_after_and_inline_survive_round_trip() -> None:
    """Comments are kept: before a line, after it, and inline between plays or calls."""
    [game] = loads(COMMENTED)
    event = game.tags[0]
    assert event.before == (Comment("a file of one game"),)
    assert event.after == (Comment("the monthly one"),)
    hand = game.hands[0]
    assert hand.header.before == (Comment("first hand", braced=True),)
    assert hand.header.after == (Comment("Ann deals"),)
    assert hand.auction is not None
    assert hand.auction.calls[0].after == (Comment("thinking", braced=True),)
    assert hand.auction.after == (Comment("short auction"),)
    trick = hand.tricks[0]
    assert trick.plays[0].after == (Comment("lead", braced=True),)
    assert trick.after == (Comment("trick one"),)
    points = hand.score(ScoreKind.POINTS)
    assert points is not None
    assert points.after == (Comment("after the last line"),)
    text = dumps(game)
    assert loads(text) == [game]
    assert dumps(loads(text)[0]) == text
    for words in ("a file of one game", "the monthly one", "first hand", "Ann deals",
                  "{ thinking }", "short auction", "{ lead }", "trick one", "after the last"):
        assert words in text


@pytest.mark.parametrize(
    ("line", "inside"),
    [
        ("deal N 6-6 { in deal } 6-0 5-3 5-1 4-0 3-0 2-2", "deal"),
        ("trump S { in trump } fives", "trump"),
        ("points NS { in points } 20 EW 22", "points"),
    ],
)
def test_comment_inside_a_line_stays_on_that_line(line: str, inside: str) -> None:
    """A comment written inside a line belongs to the item on that line (the item before it
    on its line), not to the next line."""
    lines = ["[Event \"x\"]", "hand 1 dealer N", "deal N 6-6 6-0 5-3 5-1 4-0 3-0 2-2",
             "bid E pass S 30 W pass N pass", "trump S fives", "1 S 5-3 6-6 4-0 3-3",
             "points NS 20 EW 22"]
    lines = [line if x.startswith(line.split()[0]) else x for x in lines]
    [game] = loads("\n".join(lines) + "\n")
    written = dumps(game).splitlines()
    [holder] = [w for w in written if f"{{ in {inside} }}" in w]
    assert holder.startswith(line.split()[0])
    assert loads(dumps(game)) == [game]


def test_tile_written_low_end_first_is_read_and_written_high_first() -> None:
    """docs/rules.md, Equipment: each tile is written higher end first (`6-4`); 4-6 is accepted."""
    [game] = loads('[Event "x"]\nhand 1 dealer N\ndeal N 4-6 0-6 3-5\nbid E pass S 30 W pass '
                   'N pass\ntrump S fives\n1 S 3-5 4-6 0-4 3-3\n')
    hand = game.hands[0]
    assert hand.deal[0].tiles == (Tile(6, 4), Tile(6, 0), Tile(5, 3))
    assert hand.tricks[0].tiles[:3] == (Tile(5, 3), Tile(6, 4), Tile(4, 0))
    text = dumps(game)
    assert "deal N 6-4 6-0 5-3" in text
    assert "1 S 5-3 6-4 4-0 3-3" in text
    assert "4-6" not in text


def test_lower_case_is_accepted() -> None:
    """Keywords, seats, teams, trumps and bids are read in any case."""
    text = ('[Event "x"]\nHAND 1 Dealer n\nDEAL n 6-6\nBid e PASS s 30 w pass n 1M\n'
            "Trump n FIVES\n1 n 5-5\nEND Made\nPoints ns 1 ew 0\n")
    [game] = loads(text)
    hand = game.hands[0]
    assert hand.dealer is Seat.N
    assert hand.deal[0].seat is Seat.N
    assert hand.auction is not None
    assert [c.seat for c in hand.auction.calls] == [Seat.E, Seat.S, Seat.W, Seat.N]
    assert hand.auction.calls[3].bid == Bid.marks(1)
    assert hand.trump is not None
    assert hand.trump.trump == Trump.pip(5)
    assert hand.ending is not None
    assert hand.ending.kind is EndKind.MADE
    assert hand.score(ScoreKind.POINTS) is not None


@pytest.mark.parametrize(
    ("word", "trump"),
    [
        ("aces", Trump.pip(1)),
        ("5", Trump.pip(5)),
        ("blank", Trump.pip(0)),
        ("doubles", Trump.doubles_trump()),
        ("nt", Trump.follow_me()),
        ("no-trump doubles-low", Trump.follow_me(DoublesRank.LOW)),
        ("followme doubles-own-suit", Trump.follow_me(DoublesRank.OWN_SUIT)),
    ],
)
def test_trump_words_and_aliases(word: str, trump: Trump) -> None:
    """docs/rules.md, Contracts: a pip trump (0 … 6), doubles trump, or follow-me with its doubles
    option; the other names players use are read too."""
    [game] = loads(f'[Event "x"]\nhand 1 dealer N\ntrump {word}\n')
    assert game.hands[0].trump is not None
    assert game.hands[0].trump.trump == trump


def test_follow_me_without_an_option_takes_the_table_rule() -> None:
    """docs/rules.md, Suits and rank: follow-me doubles high (default), or the table's option."""
    text = '[Event "x"]\n[Options "follow-me-doubles=low"]\nhand 1 dealer N\ntrump follow-me\n'
    [game] = loads(text)
    assert game.hands[0].trump is not None
    assert game.hands[0].trump.trump == Trump.follow_me(DoublesRank.LOW)


def test_tag_escapes() -> None:
    """A tag value escapes only \\" and \\\\."""
    [game] = loads('[Event "The \\"Big\\" Game"]\n[Site "C:\\\\42"]\n')
    assert game.tag("Event") == 'The "Big" Game'
    assert game.tag("Site") == "C:\\42"
    text = dumps(game)
    assert '[Event "The \\"Big\\" Game"]' in text
    assert '[Site "C:\\\\42"]' in text
    assert loads(text) == [game]


def test_trick_may_wrap_onto_a_second_line() -> None:
    """Line breaks carry no meaning: a trick may wrap."""
    [game] = loads('[Event "x"]\nhand 1 dealer N\n1 S 5-3 6-6\n  4-0 3-3\n')
    assert len(game.hands[0].tricks[0].plays) == 4


@pytest.mark.parametrize(
    ("text", "where", "words"),
    [
        ("hand 1 dealer Q\n", "2:15", "'Q' is not expected here; expected a seat (N, E, S or W)"),
        ("hand 1 dealer N\nbid E pass S thirty\n", "3:14", "expected a bid (pass, 30 … 41"),
        ("hand 1 dealer N\ntrump S nines\n", "3:9", "expected a trump (blanks, ones"),
        ("hand 1 dealer N\nbid\n", "3:4", "the hand ends too soon; expected a seat"),
        ("hand 1 dealer N\n1 S 6-6 { lead\n", "3:9", "this { comment is never closed with }"),
        ("hand 1 dealer N\nend laydown\n", "3:5", "say who laid down: `end laydown S`"),
        ("hand 1 dealer N\nend made N\n", "3:10", "`end made` names no seat"),
        ("hand 1 dealer N\npoints NS 1 NS 2\n", "3:13", "NS is written twice"),
        ("hand 1 dealer N\nmarks NS 1 EW 0\nmarks NS 1 EW 0\n", "4:1",
         "`marks` is written twice in hand 1"),
        ("hand 1 dealer N\ntrump fives doubles-low\n", "3:13",
         "a doubles option goes only with follow-me"),
    ],
)
def test_syntax_errors_are_located_and_say_what_was_expected(
    text: str, where: str, words: str
) -> None:
    """A syntax error gives its line and column and says what was expected."""
    [problem] = read_one('[Event "x"]\n' + text)
    assert problem.startswith(where + " "), problem
    assert words in problem


def test_unclosed_tag_value() -> None:
    """A tag value missing its closing quote is named as such."""
    [problem] = read_one('[Event "x]\n')
    assert problem.startswith("1:8 ")
    assert "missing its closing quote" in problem


def test_loads_raises_at_the_first_problem() -> None:
    """``loads`` is strict: the first problem is raised with its place and code."""
    with pytest.raises(NotationSyntaxError) as e:
        loads('[Event "x"]\nhand 1 dealer N\ndeal N 9-9\n')
    assert (e.value.line, e.value.column, e.value.code) == (3, 8, "tile-not-in-set")
    assert str(e.value).startswith("3:8: 9-9 is not a tile")


def test_an_error_in_one_hand_does_not_stop_the_next_hand_or_game() -> None:
    """A syntax error costs only the hand it is in."""
    text = (
        '[Event "one"]\n'
        "hand 1 dealer N\nbid E pass S 3O W pass N pass\n"
        "hand 2 dealer E\nbid S pass W 30 N pass E pass\n"
        '[Event "two"]\n'
        "hand 1 dealer Q\n"
        "hand 2 dealer E\nbid S 31 W pass N pass E pass\n"
    )
    first, second = read_games(text)
    assert [(p.line, p.column, p.hand, p.game) for p in first.problems] == [(3, 14, 1, 1)]
    assert [h.number for h in first.game.hands] == [2]
    assert first.game.tag("Event") == "one"
    assert [(p.line, p.column, p.hand, p.game) for p in second.problems] == [(7, 15, 1, 2)]
    assert [h.number for h in second.game.hands] == [2]
    assert second.game.tag("Event") == "two"
    assert not first.complete
    assert first.first_line == 1
    assert second.first_line == 6


def test_text_before_any_tag_block_is_reported() -> None:
    """A game starts with a tag block; a hand or comments before it are reported."""
    [read] = list(read_games("hand 1 dealer N\n"))
    assert [(p.line, p.column, p.message) for p in read.problems] == [
        (1, 1, 'a game starts with a tag block like [Event "…"]')
    ]
    [read] = list(read_games("; just a note\n"))
    assert read.problems[0].message.startswith("only comments here")


def test_duplicate_tags_and_unknown_rules_are_reported_but_read() -> None:
    """A duplicate tag or an unknown rule set is a located problem; the game is still read."""
    [read] = list(read_games('[Event "a"]\n[Event "b"]\n[Rules "moon"]\nhand 1 dealer N\n'))
    assert [(p.code, p.line) for p in read.problems] == [("duplicate-tag", 2), ("unknown-rules", 3)]
    assert len(read.game.hands) == 1


def test_roster_tag_names_in_any_case_other_names_as_written() -> None:
    """docs/notation.md, Tags: the roster tags and Options may be named in any case (the
    import form) and are written in the roster's case; any other name is kept as written."""
    [read] = list(read_games('[north "Ann"] [RULES "texas"] [options "win-by=2"] [round "1"]\n'))
    assert read.problems == []
    assert read.game.tag("North") == "Ann"
    assert read.rules.name == "texas"
    assert read.rules.win_by == 2
    assert '[North "Ann"]' in dumps([read.game])
    assert '[round "1"]' in dumps([read.game])
    [twice] = list(read_games('[north "Ann"] [North "Bob"] [Round "1"] [round "2"]\n'))
    assert [p.code for p in twice.problems] == ["duplicate-tag"]
    assert twice.game.tag("North") == "Ann"


@pytest.mark.parametrize(
    ("line", "hint"),
    [
        ("deal N 6:6 6-5 6-4 6-3 6-2 6-1 6-0", "did you mean `6-6`?"),
        ("deal N 6-6 6/5 6-4 6-3 6-2 6-1 6-0", "did you mean `6-5`?"),
        ("deal N 66 65 64 63 62 61 60", "did you mean `6-5`?"),
        ("1 S 46 5-5 4-0 4-4", "did you mean `6-4`?"),
        ("bid E pass S 30 W P N pass", "did you mean `pass`?"),
        ("bid E p S 30 W pass N pass", "did you mean `pass`?"),
        ("trump S sixes // S named sixes", "a comment starts with ; or is written in { }"),
    ],
)
def test_a_slip_with_one_reading_gets_a_hint(line: str, hint: str) -> None:
    """A syntax error that is a usual slip of the pen says what was surely meant; the grammar
    still refuses it (it stays an error: the record is not read as the hint says)."""
    [problem] = read_one('[Event "x"]\nhand 1 dealer N\n' + line + "\n")
    assert "is not expected here" in problem
    assert hint in problem


def test_a_word_with_no_obvious_reading_gets_no_hint() -> None:
    [problem] = read_one('[Event "x"]\nhand 1 dealer N\nbid E pass S thirty\n')
    assert "did you mean" not in problem
    [problem] = read_one('[Event "x"]\nhand 1 dealer N\ndeal N 6:9 6-5\n')
    assert "did you mean" not in problem
