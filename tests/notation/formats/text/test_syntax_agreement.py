"""Where the reader reads the notation without the parser, it reads what the grammar reads.

``grammar/t42.lark`` is the one definition of the notation's syntax. For speed the reader
reads two things by hand: the cutter's look at a line
(:func:`notation.formats.text.cutter.first_item`: where its first item starts outside
comments, and whether a ``{`` comment is still open at its end) and a hand written as one
``HAND_LINES`` token (:meth:`notation.formats.text.builder.Builder.read_one_token`, the builder's
``_hand_of_one_token``). Hypothesis writes texts from the grammar's own terminals — each
word drawn from its terminal's pattern as lark compiled it: keywords in any case, white space
of every kind the grammar skips (wrapped lines, tabs, form feeds, byte order marks), comments
holding quotes, braces and semicolons, tag values with escapes — and the hand-written reading
must give exactly what lark gives: the same items at the same places.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from lark import Lark, Token
from lark.exceptions import UnexpectedInput
from lark.lexer import LexerThread

from notation.errors import NotationSyntaxError
from notation.files import lines_of
from notation.formats.text import builder, cutter, parse, reader
from notation.model.rule_sets import RULE_SETS, RuleSet
from notation.model.tiles import HIGHEST_PIP

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parents[2]))
from test_line_tokens import spans

# Parsers of their own: the reader's are cached and shared.
LINES: tuple[Lark, Any] = parse.line_token_parser.__wrapped__()
FINE: tuple[Lark, Any] = parse.item_by_item_parser.__wrapped__()
IGNORED = {"WHITESPACE", "LINE_COMMENT", "BRACE_COMMENT"}
# Lark's lexer of the grammar's words, comments and white space kept (built once: lark's own
# Lark.lex builds it again at every call).
WORDS = FINE[0]._build_lexer(dont_ignore=True)


def terminal(name: str) -> st.SearchStrategy[str]:
    """Words of one terminal of the grammar, drawn from its own pattern."""
    return st.from_regex(reader.terminal_pattern(LINES[0], name), fullmatch=True)


GAP = terminal("WHITESPACE")
# Tiles of the set mostly, so that most hands are read to the end; any digits now and then.
TILE = st.one_of(
    st.sampled_from([f"{a}-{b}" for a in range(HIGHEST_PIP + 1) for b in range(HIGHEST_PIP + 1)]),
    terminal("TILE"),
)
SEAT = terminal("SEAT")
# The trump of a Plunge or Splash, as a word or a digit (`trump S plunge 5`): the grammar
# reads a digit there as the trump unless a seat follows it, as one follows a trick's number.
NAMED_TRUMP = terminal("TRUMP_WORD")


def _maybe(draw: st.DrawFn, words: Callable[[], list[str]]) -> list[str]:
    return words() if draw(st.booleans()) else []


@st.composite
def whole_hand(draw: st.DrawFn) -> str:
    """A hand written without comments, every item in the order of the grammar's
    ``HAND_LINES``, each optional item there or not: one ``HAND_LINES`` token."""

    def word(name: str) -> str:
        return draw(terminal(name))

    words = [word("HAND"), word("INT"), word("DEALER"), word("SEAT")]

    def deal() -> list[str]:
        out = [word("DEAL")]
        for _ in range(draw(st.integers(1, 4))):
            out += [draw(SEAT), *draw(st.lists(TILE, max_size=7))]
        return out

    def auction() -> list[str]:
        out = [word("BID")]
        for _ in range(draw(st.integers(1, 4))):
            out += [draw(SEAT), word("BID_WORD")]
        return out

    def trump_call() -> list[str]:
        out = [word("TRUMP"), *_maybe(draw, lambda: [draw(SEAT)])]
        if draw(st.booleans()):
            out.append(word("TRUMP_WORD"))
        else:  # a special contract, perhaps with its trump
            out += [word("SPECIAL_WORD"), *_maybe(draw, lambda: [draw(NAMED_TRUMP)])]
        return out + _maybe(draw, lambda: [word("DOUBLES_WORD")])

    def trick() -> list[str]:
        return [word("INT"), draw(SEAT), *draw(st.lists(TILE, min_size=1, max_size=4))]

    def ending() -> list[str]:
        return [word("END"), word("END_WORD"), *_maybe(draw, lambda: [draw(SEAT)])]

    def score_line() -> list[str]:
        return [word("SCORE_WORD"), word("TEAM"), word("INT"), word("TEAM"), word("INT")]

    words += _maybe(draw, deal) + _maybe(draw, auction) + _maybe(draw, trump_call)
    for _ in range(draw(st.integers(0, 7))):
        words += trick()
    words += _maybe(draw, ending)
    for _ in range(draw(st.integers(0, 3))):
        words += score_line()
    text = draw(st.sampled_from(["", "\n"])) + words[0]
    for w in words[1:]:
        text += draw(st.one_of(st.just(" "), GAP)) + w
    return text + draw(st.sampled_from(["", "\n", "\n\n", " \t\r\n"]))


def _outcome(read: Callable[[], Any]) -> tuple[str, Any]:
    """What a reading gives: the hand and its spans, or the mistake it reports (a reading
    that fails otherwise fails the test)."""
    try:
        hand = read()
    except NotationSyntaxError as e:
        return "mistake", (e.line, e.column, e.message)
    except UnexpectedInput as e:
        return "mistake", (e.line, e.column, str(e))
    return "hand", (hand, list(spans(hand)))


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(whole_hand(), st.sampled_from(sorted(RULE_SETS)), st.integers(1, 30))
def test_a_whole_hand_read_by_hand_is_the_hand_the_grammar_reads(
    text: str, rules_name: str, first_line: int
) -> None:
    rules: RuleSet = RULE_SETS[rules_name]
    lines_builder = LINES[1]
    at = len(text) - len(text.lstrip(builder.GRAMMAR_WHITE_SPACE))
    # the text is one HAND_LINES token: the shortcut is the reading under test
    assert lines_builder.one_token["hand"].match(text, at) is not None
    whole = lines_builder.read_one_token(text, first_line, "hand", rules)
    segment = cutter.Segment("hand", text, first_line)
    fine = _outcome(lambda: parse.parse_with(FINE, segment, "hand", rules)[0])
    if whole is None:  # a mistake (a tile out of the set, say): the parser words it
        assert fine[0] == "mistake"
    else:
        assert ("hand", (whole, list(spans(whole)))) == fine


@st.composite
def whole_tag_block(draw: st.DrawFn) -> str:
    """A tag block written without comments: one ``TAG_LINES`` token."""
    tags = [
        "[" + draw(terminal("TAG_NAME")) + draw(st.one_of(st.just(""), GAP))
        + draw(terminal("TAG_VALUE")) + "]"
        for _ in range(draw(st.integers(1, 5)))
    ]
    text = draw(st.sampled_from(["", "\n", " "])) + tags[0]
    for tag in tags[1:]:
        text += draw(st.one_of(st.just("\n"), GAP)) + tag
    return text + draw(st.sampled_from(["", "\n", "\n\n"]))


@settings(max_examples=300, deadline=None)
@given(whole_tag_block(), st.integers(1, 30))
def test_a_whole_tag_block_read_by_hand_is_the_block_the_grammar_reads(
    text: str, first_line: int
) -> None:
    lines_builder = LINES[1]
    at = len(text) - len(text.lstrip(builder.GRAMMAR_WHITE_SPACE))
    assert lines_builder.one_token["tag_block"].match(text, at) is not None
    whole = lines_builder.read_one_token(text, first_line, "tag_block", RuleSet())
    segment = cutter.Segment("tags", text, first_line)
    fine = parse.parse_with(FINE, segment, "tag_block", RuleSet())[0]
    assert whole == fine
    assert list(spans(whole)) == list(spans(fine))


# ---- the cutter's look at a line ----

ITEM = st.one_of(
    terminal("TAG_VALUE"),
    terminal("TAG_NAME"),
    st.sampled_from(["[", "]"]),
    st.builds(lambda n, g, v: f"[{n}{g}{v}]", terminal("TAG_NAME"), GAP | st.just(""),
              terminal("TAG_VALUE")),
    terminal("HAND"),
    terminal("INT"),
    SEAT,
    TILE,
    terminal("BID_WORD"),
)
COMMENT = st.one_of(terminal("BRACE_COMMENT"), terminal("LINE_COMMENT"))
# Comments and tag values holding what the cutter must see past: braces, semicolons, quotes.
TRICKY = st.sampled_from(['{ "a ; b }', '; a { b "', '{ ; \n "\n}', '"a { b ; c \\" d"',
                          '[Site "x ; { y"]', '{[Event "x"]}', '"\\\\"', "{\n\n}", "{}"])


@st.composite
def items_and_comments(draw: st.DrawFn) -> str:
    """Items of the grammar, comments and white space in any order (two items always with
    white space between them, as the grammar needs to tell them apart)."""
    pieces = draw(st.lists(st.tuples(st.booleans(), st.one_of(COMMENT, TRICKY, GAP)),
                           max_size=14))
    text = ""
    for is_item, piece in pieces:
        if is_item:  # an item: after white space, and with white space after it
            text += " " + draw(ITEM) + draw(st.sampled_from([" ", "\n", "\t"]))
        else:
            text += piece + draw(st.sampled_from(["", " ", "\n"]))
    return text


def lexed_leads(text: str) -> list[tuple[str, bool]] | None:
    """For each line, from lark's own lexing of the whole text into words (the item-by-item
    form: a line token may run over several lines): the line from its first
    item on (outside comments; "" for none), and whether a comment runs on past its end.
    None when the grammar cannot read the text into items and comments."""
    try:
        tokens: list[Token] = list(
            LexerThread.from_text(WORDS, text).lex(None)  # type: ignore[no-untyped-call]
        )
    except UnexpectedInput:  # a quote left open when a comment took its end, say
        return None
    leads = []
    start = 0
    for line in lines_of(text):
        end = start + len(line)
        first = next(
            (t for t in tokens if t.type not in IGNORED and start <= (t.start_pos or 0) < end),
            None,
        )
        lead = "" if first is None else text[first.start_pos or 0 : end]
        open_brace = any(
            t.type == "BRACE_COMMENT" and (t.start_pos or 0) < end < (t.end_pos or 0)
            for t in tokens
        )
        leads.append((lead, open_brace))
        start = end
    return leads


@settings(max_examples=600, deadline=None)
@given(items_and_comments())
def test_the_cutter_finds_each_line_s_first_item_where_lark_does(text: str) -> None:
    expected = lexed_leads(text)
    assume(expected is not None)
    in_brace = False
    found = []
    for line in lines_of(text):
        lead, in_brace = cutter.first_item(line, in_brace)
        found.append((lead, in_brace))
    assert found == expected
