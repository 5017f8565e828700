"""Cutting text into games: the quick cut gives what a careful look at every line gives.

:func:`notation.formats.text.reader.split_games` sends most lines straight to the segment they
are in and looks closely (:func:`notation.formats.text.cutter.first_item`) only at lines that
may start a tag block or a hand, open a comment or be blank. The reference below looks
closely at every line, as the cutter always did; hypothesis builds texts from lines and
pieces that try the shortcut: every kind of leading white space, comments across lines,
quotes and braces.
"""

from __future__ import annotations

import itertools
import sys
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from notation.files import lines_of
from notation.formats.text import cutter, reader
from notation.formats.text.reader import split_games
from notation.line_ends import one_line_end


def careful_cut(text: str) -> list[list[tuple[str, str, int]]]:
    """Each game's segments as (kind, text, first line), every line looked at closely."""
    games: list[list[tuple[str, list[str], int]]] = []
    game: list[tuple[str, list[str], int]] = []
    tag_names: set[str] = set()
    pending: list[str] = []
    line_no = 0
    pending_from = 1
    in_brace = False
    for line in lines_of(one_line_end(text)):  # a CRLF or a lone CR ends a line as LF does
        line_no += 1
        lead, in_brace = cutter.first_item(line, in_brace)
        if not lead:
            if not pending:
                pending_from = line_no
            pending.append(line)
            continue
        start = pending_from if pending else line_no
        if lead.startswith("["):
            names = {n.lower() for n in cutter.TAG_NAMES.findall(lead)}
            if not game or game[-1][0] != "tags" or (names & tag_names and pending):
                if game:
                    games.append(game)
                game = [("tags", [], start)]
                tag_names = set()
            tag_names |= names
        elif cutter.HAND_START.match(lead):
            game.append(("hand", [], start))
        elif not game:
            game = [("stray", [], start)]
        game[-1][1].extend([*pending, line])
        pending = []
    if pending:
        if game:
            game[-1][1].extend(pending)
        elif any(p.strip() for p in pending):
            game = [("stray", pending, pending_from)]
    if game:
        games.append(game)
    return [[(kind, "".join(lines), first) for kind, lines, first in g] for g in games]


STARTS = [" ", "  ", "\t", "\u00a0", "\u2028", "\u3000", "\x85", "\x1c", "\ufeff", "\u200b", ""]
ITEMS = ['[Event "a"]', '[Site "b ; {"]', "hand 2 dealer N", "HAND 3 dealer e", "deal N 6-6",
         "E 5-5 4-4", "bid E pass", "1 N 6-6 5-5", "points NS 1 EW 41", "{ a", "b }", "}",
         "; note", '"quoted', "x", "h", "[", "total NS 1 EW 0 { c", ""]


LINE = st.tuples(
    st.sampled_from(STARTS), st.sampled_from(ITEMS), st.sampled_from(["\n", "\r\n", ""])
)
# Lines with no brace and only spaces before them: blocks of these take the quickest cut.
PLAIN_LINE = st.tuples(
    st.sampled_from([" ", "  ", ""]),
    st.sampled_from([i for i in ITEMS if "{" not in i and "}" not in i]),
    st.sampled_from(["\n", "\n", ""]),
)

# Lines whose comments open and close on the line, among a few that do not: blocks of these
# take the quick cut when every comment closes where it opens, the careful one otherwise.
COMMENTED_LINE = st.tuples(
    st.sampled_from([" ", "  ", ""]),
    st.sampled_from([
        *(i for i in ITEMS if "{" not in i and "}" not in i),
        "bid E pass { light } S 30", "{ note }", "{ a } hand 4 dealer W", "6-6 { x } 5-5",
        '[Event "{"]', "x ; {", "; { y }", "{ a { b }", "{ } [", "b } {", '"q { }', "{ a",
    ]),
    st.sampled_from(["\n", "\n", ""]),
)


def cut(chunks: list[str]) -> list[list[tuple[str, str, int]]]:
    return [[(s.kind, s.text, s.first_line) for s in game] for game in split_games(chunks)]


@settings(max_examples=500, deadline=None)
@given(
    st.one_of(
        st.lists(LINE, max_size=40),
        st.lists(PLAIN_LINE, max_size=40),
        st.lists(COMMENTED_LINE, max_size=40),
    ),
    st.lists(st.integers(0, 40)),
)
def test_the_quick_cut_gives_the_careful_cut(
    lines: list[tuple[str, str, str]], breaks: list[int]
) -> None:
    text = "".join(start + item + end for start, item, end in lines)
    expected = careful_cut(text)
    assert cut([text] if text else []) == expected
    # The same text given as blocks of whole lines, broken anywhere between lines.
    whole = list(lines_of(text))
    ends = sorted({min(b, len(whole)) for b in breaks} | {0, len(whole)})
    blocks = ["".join(whole[a:b]) for a, b in itertools.pairwise(ends)]
    assert cut([b for b in blocks if b]) == expected
    assert cut(whole) == expected


COMMENTED_GAME = """[Event "club night"]
[Rules "standard"]

{ first hand }
hand 1 dealer N
deal N 6-6 6-5 6-4 6-3 6-2 6-1 6-0 { a strong hand }
  E 5-5 5-4 5-3 5-2 5-1 5-0 4-4
bid E pass S 30 { light } W pass N 31
trump N sixes ; the obvious call
1 N 6-6 { lead high } 5-5 4-4 3-3
hand 2 dealer E
bid S pass { nothing } W pass N pass E 30
"""


def _paths(monkeypatch: pytest.MonkeyPatch) -> tuple[list[str], list[str]]:
    """The lines the cutter looks at one by one, and the runs of lines it takes whole."""
    looked: list[str] = []
    runs: list[str] = []
    line, run = cutter.Cutter.line, cutter.Cutter.run

    def look(self: cutter.Cutter, text: str) -> None:
        looked.append(text)
        line(self, text)

    def take_run(self: cutter.Cutter, text: str, count: int) -> None:
        runs.append(text)
        run(self, text, count)

    monkeypatch.setattr(cutter.Cutter, "line", look)
    monkeypatch.setattr(cutter.Cutter, "run", take_run)
    return looked, runs


def test_comments_that_close_on_their_line_keep_the_quick_cut(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    looked, runs = _paths(monkeypatch)
    assert cut([COMMENTED_GAME]) == careful_cut(COMMENTED_GAME)
    # Only lines that may start a segment, be blank or start with a comment were looked at;
    # the item lines with a { comment } inside went in runs, unlooked at.
    assert "".join(runs).count("{") == 4
    assert all(text.lstrip(" ")[:1] in '[hH;"{\n' for text in looked), looked


def test_a_comment_open_at_a_line_end_takes_the_careful_cut(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    text = COMMENTED_GAME.replace("{ light }", "{ light,\nvery light }")
    looked, runs = _paths(monkeypatch)
    assert cut([text]) == careful_cut(text)
    assert runs == []
    assert len(looked) == text.count("\n")


def test_no_white_space_lies_above_the_cut_s_table() -> None:
    # The quick cut lists the characters str.lstrip takes away up to U+3000 only.
    assert not [c for c in range(reader.WHITE_SPACE_ABOVE + 1, sys.maxunicode + 1)
                if chr(c).isspace()]


def test_games_come_out_as_their_blocks_are_read_with_comments_or_without() -> None:
    # Streaming: a game is given out once the block after it has been read, never at the
    # end of the file, so memory stays flat whatever the archive's size.
    game = '[Event "x"]\n\nhand 1 dealer N\nbid E pass S 30 W pass N pass\n\n'
    for text in (game, game.replace("pass\n", "pass { c }\n")):
        read = 0

        def blocks(block: str) -> Iterator[str]:
            nonlocal read
            for _ in range(1000):
                read += 1
                yield block

        games = split_games(blocks(text))
        next(games)
        next(games)
        assert read <= 3


@pytest.mark.parametrize("stray", ["x", '"stray"', '"a ; b { c"', '\ufeff \ufeff"x"'])
def test_a_line_starting_with_a_quoted_value_is_an_item_like_any_word(stray: str) -> None:
    # A quoted value is an item of the grammar (a TAG_VALUE), not a comment: a stray one
    # after a hand is cut with that hand, as a stray word is, not with the hand after it
    # (the blank and comment lines before a hand go with it). Found by
    # tests/notation/test_syntax_agreement.py.
    text = f'[Event "x"]\nhand 1 dealer N\n{stray}\nhand 2 dealer E\n'
    assert cut([text]) == [[
        ("tags", '[Event "x"]\n', 1),
        ("hand", f"hand 1 dealer N\n{stray}\n", 2),
        ("hand", "hand 2 dealer E\n", 4),
    ]]


@pytest.mark.parametrize("gap", ["\ufeff \ufeff", " \ufeff\t", "\ufeff\ufeff "])
def test_a_tag_block_after_byte_order_marks_and_spaces_starts_a_game(gap: str) -> None:
    # The grammar skips byte order marks as white space wherever they stand.
    text = f'[Event "x"]\nhand 1 dealer N\n\n{gap}[Event "y"]\n'
    assert [[(kind, first) for kind, _, first in game] for game in cut([text])] == [
        [("tags", 1), ("hand", 2)],
        [("tags", 3)],
    ]


LONG = 300_000
LONG_LINES = {
    "letters": "x" * LONG,
    "a tag left open": '[Event "' + "x" * LONG,
    "a comment left open": '[Event "x"]\n{' + "x" * LONG,
    "a hand's plays": '[Event "x"]\nhand 1 dealer N\n1 N ' + "6-4 " * (LONG // 4),
    "a quote left open": '[Event "x"]\n"' + "x" * LONG,
    "brackets": "[" * LONG,
    "tabs": "\t x" * (LONG // 3),
    "carriage returns": '[Event "x"]\r' * (LONG // 12),
}


@pytest.mark.parametrize("text", LONG_LINES.values(), ids=LONG_LINES.keys())
def test_a_long_line_without_a_line_end_is_scanned_once(text: str, line_pattern: Any) -> None:
    """Issue 27: cutting a long line with no line end looked for one from every character.
    Every search for line ends (see tests/conftest.py) is given whole lines."""
    games = [reader.read_game(game, i) for i, game in enumerate(split_games(text), 1)]
    assert [p.code for g in games for p in g.problems] == ["too-long"]
    assert line_pattern.scans
