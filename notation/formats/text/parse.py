"""The grammar's parser, the item-by-item parser that finds the first mistake in reading
order, and syntax errors in a player's words with hints for the usual slips of the pen.

>>> _expected_words(["SEAT", "TILE"])
'a seat (N, E, S or W) or a tile like 6-4'
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache
from typing import Any

from lark import Lark, Token
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken
from lark.lexer import PatternRE, TerminalDef

from notation.errors import NotationSyntaxError
from notation.files import lines_of
from notation.formats.text.builder import Builder
from notation.formats.text.cutter import Segment
from notation.model.game import (
    Comment,
)
from notation.model.rule_sets import RuleSet
from notation.model.tiles import Tile
from notation.resources import read_resource

GRAMMAR_FILE = "t42.lark"

# Limits that keep time and memory bounded whatever arrives (docs/notation.md, Limits). A
# canonical hand is about 600 characters and its longest line under 100.
MAX_LINE = 10_000  # characters in one line
MAX_SEGMENT = 200_000  # characters in one hand or one tag block, comments included

# What each terminal of the grammar is, in a player's words, for "expected …" messages.
TERMINAL_WORDS: dict[str, str] = {
    "HAND": "`hand`",
    "DEALER": "`dealer`",
    "DEAL": "`deal`",
    "BID": "`bid`",
    "TRUMP": "`trump`",
    "END": "`end`",
    "LSQB": "a tag like [Event \"…\"]",
    "RSQB": "`]` to close the tag",
    "TAG_NAME": "a tag name (a letter, then letters, digits or _)",
    "TAG_VALUE": 'a tag value in double quotes ("…", with \\" and \\\\ inside)',
    "SEAT": "a seat (N, E, S or W)",
    "TEAM": "a team (NS or EW)",
    "TILE": "a tile like 6-4",
    "INT": "a number",
    "BID_WORD": "a bid (pass, 30 … 41, marks like 1m, or 4m-plunge)",
    "TRUMP_WORD": "a trump (blanks, ones, deuces, treys, fours, fives, sixes, 0 … 6, "
    "doubles or follow-me)",
    "DOUBLES_WORD": "a doubles option (doubles-high, doubles-low, doubles-own-suit)",
    "SPECIAL_WORD": "a contract (nello, plunge, splash, sevens or low-no)",
    "END_WORD": "made, set or laydown",
    "SCORE_WORD": "points, marks or total",
    "GLYPH": "a glyph (!, ?, !!, ??, !? or ?!)",
    "VAR_OPEN": "a variation in ( )",
    "VAR_CLOSE": "`)` to close the variation",
    "$END": "the end of the hand",
}
# The order those words are listed in: what a player most likely meant first.
_WORD_ORDER = list(TERMINAL_WORDS)

# The flags of every terminal, as lark compiles them and as the patterns taken from them are
# compiled here: the notation's words are ASCII, in any case; not `paſs`, whose long s a
# case-blind match would otherwise take for an s.
TERMINAL_FLAGS = re.ASCII


def terminal_pattern(lark: Lark, name: str) -> re.Pattern[str]:
    """A terminal of the grammar as a regular expression, compiled as lark compiles it."""
    return re.compile(lark.get_terminal(name).pattern.to_regexp(), TERMINAL_FLAGS)


def is_line_token(name: str) -> bool:
    """Whether a terminal of the grammar is a line token: a whole item, line, tag block or
    hand as one token (``DEAL_LINE``, ``TRICK_LINES``, ``HAND_LINES``…), named so in the
    grammar, rather than a word of an item.

    >>> is_line_token("TRICK_LINES"), is_line_token("TILE")
    (True, False)
    """
    return name.endswith(("_LINE", "_LINES"))


# A pattern no text matches (a character that must not be itself).
_NO_TEXT = PatternRE("x(?<!x)")


def _switch_off_line_token(terminal: TerminalDef) -> None:
    """Make a line token of the grammar match no text, so that the item-by-item rules read
    what it would have read (given to lark as ``edit_terminals``)."""
    if is_line_token(terminal.name):
        terminal.pattern = _NO_TEXT


GrammarParser = tuple[Lark, Builder]
"""A parser of ``grammar/t42.lark`` and the builder it is given, which makes the model as
the parser reads (:class:`notation.formats.text.builder.Builder`)."""


def _build(cached: bool) -> GrammarParser:
    """The parser of ``grammar/t42.lark`` with its builder: with its line tokens (``cached``,
    the parser kept on disk), or item by item, its line tokens switched off."""
    builder = Builder()
    lark = Lark(
        read_resource("grammar", GRAMMAR_FILE),
        parser="lalr",
        lexer="contextual",
        start=["file", "tag_block", "hand"],
        transformer=builder,
        lexer_callbacks={
            "LINE_COMMENT": builder.collect_comment,
            "BRACE_COMMENT": builder.collect_comment,
        },
        cache=cached,
        edit_terminals=None if cached else _switch_off_line_token,
        maybe_placeholders=False,
        g_regex_flags=TERMINAL_FLAGS,
    )
    builder.kinds = [
        (name, terminal_pattern(lark, name))
        for name in ("SEAT", "SPECIAL_WORD", "DOUBLES_WORD", "TRUMP_WORD")
    ]
    builder.tag_line = terminal_pattern(lark, "TAG_LINE")
    if cached:  # the item-by-item form has its line tokens switched off
        for start, name in (("hand", "HAND_LINES"), ("tag_block", "TAG_LINES")):
            builder.one_token[start] = terminal_pattern(lark, name)
    return lark, builder


@cache
def line_token_parser() -> GrammarParser:
    """The grammar as written, its line tokens reading an item, a line or a hand whole: the
    parser the reader tries first (built once, and kept on disk by lark)."""
    return _build(cached=True)


@cache
def item_by_item_parser() -> GrammarParser:
    """The same grammar with its line tokens made to match no text.

    A whole-line token reduces an item only when the next one starts, so with it the first
    mistake found in a broken hand could depend on how the hand was tokenised. A hand that
    fails is therefore read again item by item, which finds the first mistake in reading order
    and points at the word, whatever spacing the scorekeeper used.
    """
    return _build(cached=False)


def grammar_parser() -> Lark:
    """The Lark parser built from ``grammar/t42.lark`` (for tools and tests)."""
    return line_token_parser()[0]


# ---- syntax errors in words ----


def _expected_words(expected: Iterable[str]) -> str:
    names = sorted(
        {e for e in expected if e in TERMINAL_WORDS},
        key=_WORD_ORDER.index,
    )
    words = [TERMINAL_WORDS[n] for n in names]
    if not words:
        return "something else"
    if len(words) == 1:
        return words[0]
    return ", ".join(words[:-1]) + " or " + words[-1]


def _word_at(text: str, pos: int) -> str:
    """The word that starts at ``pos``, quoted, so a message shows `3l` rather than `3`."""
    word = re.match(r"[^\s\[\]{};\"]+", text[pos : pos + 40])
    shown = word.group(0) if word else text[pos : pos + 1]
    return f"'{shown[:20]}'"


# Slips of the pen with one obvious reading: a tile written without its dash or with another
# mark (`46`, `6:4`), `p` for pass, a `//` comment. The grammar still refuses them (it is the
# one definition of the notation); the error only says what was surely meant.
_TILE_SLIP = re.compile(r"([0-6])[:/.x*_=\\]?([0-6])")


def _slip_hint(text: str, pos: int) -> str:
    """``; did you mean …?`` for the word around ``pos`` when it is a usual slip, else ""."""
    start = pos
    while start > 0 and not text[start - 1].isspace():
        start -= 1
    match = re.match(r"\S+", text[start : start + 40])
    word = match.group(0) if match else ""
    if word.startswith("//"):
        return "; a comment starts with ; or is written in { }: did you mean `;`?"
    if word.lower() == "p":
        return "; did you mean `pass`?"
    tile = _TILE_SLIP.fullmatch(word)
    if tile is not None:
        a, b = int(tile.group(1)), int(tile.group(2))
        return f"; did you mean `{Tile.of(a, b)}`? (a tile is written with a dash, like 6-4)"
    return ""


def _syntax_error(e: UnexpectedInput, text: str, offset: int) -> NotationSyntaxError:
    line, column = e.line, e.column
    if isinstance(e, UnexpectedCharacters):
        pos = e.pos_in_stream or 0
        ch = text[pos] if pos < len(text) else ""
        if ch == "{":
            message = "this { comment is never closed with }"
        elif ch == '"':
            message = "this tag value is missing its closing quote (or has a \\ before a letter)"
        else:
            shown = _word_at(text, pos) if ch.isprintable() else f"U+{ord(ch):04X}"
            message = (
                f"{shown} is not expected here; expected {_expected_words(e.allowed)}"
                + _slip_hint(text, pos)
            )
    elif isinstance(e, UnexpectedToken):
        if e.token.type == "$END":
            end = text.rstrip()
            line = end.count("\n") + 1
            column = len(end) - (end.rfind("\n") + 1) + 1
            message = f"the hand ends too soon; expected {_expected_words(e.expected)}"
        else:
            pos = e.token.start_pos or 0
            message = (
                f"{_word_at(text, pos)} is not expected here; "
                f"expected {_expected_words(e.expected)}{_slip_hint(text, pos)}"
            )
    elif isinstance(e, UnexpectedEOF):
        message = f"the text ends too soon; expected {_expected_words(e.expected)}"
    else:  # pragma: no cover - lark raises only the kinds above
        message = str(e)
    return NotationSyntaxError(message, (line if line > 0 else 1) + offset, max(column, 1))


def _check_size(segment: Segment) -> None:
    """Refuse a segment too large to parse in bounded time, before the parser sees it."""
    text = segment.text
    lines = lines_of(text) if len(text) > MAX_LINE else []
    for number, line in enumerate(lines, start=segment.first_line):
        if len(line) > MAX_LINE:
            raise NotationSyntaxError(
                f"this line is {len(line):,} characters long; t42 reads lines of up to "
                f"{MAX_LINE:,} characters",
                number,
                1,
                "too-long",
            )
    size = len(text)
    if size > MAX_SEGMENT:
        what = {"tags": "tag block", "stray": "text before the first tag"}.get(
            segment.kind, "hand"
        )
        raise NotationSyntaxError(
            f"this {what} is {size:,} characters long; t42 reads hands and tag blocks of up "
            f"to {MAX_SEGMENT:,} characters",
            segment.first_line,
            1,
            "too-long",
        )


def within_limits(text: str) -> bool:
    """Whether the text of a tag block or hand is within what the reader reads (no line
    over :data:`MAX_LINE` characters, all of it within :data:`MAX_SEGMENT`); the reader
    reports any other as too long."""
    try:
        _check_size(Segment("hand", text, 1))
    except NotationSyntaxError:
        return False
    return True


def parse_segment(
    segment: Segment, start: str, rules: RuleSet
) -> tuple[Any, list[tuple[Token, Comment]]]:
    """What the grammar's rule ``start`` (``"hand"``, ``"tag_block"`` or ``"file"``) reads
    of ``segment`` under ``rules``: the model the builder made of it and the comments it
    collected, each with its token. A text written as one line token is read without the
    parser; a text the parser with line tokens refuses is read again item by item, whose
    first mistake in reading order is raised as a :class:`NotationSyntaxError` in words."""
    _check_size(segment)
    text = segment.text
    whole = line_token_parser()[1].read_one_token(text, segment.first_line, start, rules)
    if whole is not None:
        return whole, []
    try:
        return parse_with(line_token_parser(), segment, start, rules)
    except (UnexpectedInput, NotationSyntaxError):
        pass
    try:
        # the item-by-item form is the reference: what it reads stands
        return parse_with(item_by_item_parser(), segment, start, rules)
    except UnexpectedInput as e:
        raise _syntax_error(e, text, segment.first_line - 1) from None


def parse_with(
    parser: GrammarParser, segment: Segment, start: str, rules: RuleSet
) -> tuple[Any, list[tuple[Token, Comment]]]:
    """``segment`` read by one parser alone, from the grammar's rule ``start``: the model
    and the comments, as :func:`parse_segment` gives them; lark's errors are raised as
    they are."""
    lark, builder = parser
    builder.offset = segment.first_line - 1
    builder.rules = rules
    builder.comments = []
    builder.depths = {}
    return lark.parse(segment.text, start=start), builder.comments


