"""Reading the t42 notation: text in, :class:`~notation.model.game.Game` records and problems out.

The file is first cut into games (at each tag block) and each game into its tag block and its
hands (at each ``hand N`` line), and each piece is parsed by the grammar on its own. A syntax
error therefore costs only the hand it is in: the rest of the file is still read and checked.

>>> games = list(read_games('[Event "demo"]\\nhand 1 dealer N\\nbid E pass S 30 W pass N pass\\n'))
>>> games[0].problems, games[0].game.hands[0].auction.winning_call.seat
([], <Seat.S: 'S'>)
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Any, NamedTuple, Protocol, TypeVar

from lark import Lark, Token, Transformer
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken
from lark.lexer import PatternRE, TerminalDef

from notation.errors import NotationSyntaxError
from notation.files import lines_of
from notation.model.bids import Bid, BidError
from notation.model.construct import quick_constructor
from notation.model.contracts import ContractError, Trump
from notation.model.findings import Finding, Severity
from notation.model.game import (
    Auction,
    Call,
    Comment,
    Ending,
    EndKind,
    Game,
    Hand,
    HandHeader,
    Holding,
    Play,
    ScoreKind,
    ScoreLine,
    Span,
    Tag,
    Trick,
    TrumpCall,
    items,
    tag_name,
    with_roster,
)
from notation.model.numbers import shown, whole_number
from notation.model.rule_sets import RulesError, RuleSet, tagged_rules
from notation.model.seats import Seat, Team
from notation.model.tiles import HIGHEST_PIP, Tile, TileError
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
    "BID_WORD": "a bid (pass, 30 … 41, or marks like 1m)",
    "TRUMP_WORD": "a trump (blanks, ones, deuces, treys, fours, fives, sixes, 0 … 6, "
    "doubles or follow-me)",
    "DOUBLES_WORD": "a doubles option (doubles-high, doubles-low, doubles-own-suit)",
    "SPECIAL_WORD": "a contract (nello, plunge, splash, sevens or low-no)",
    "END_WORD": "made, set or laydown",
    "SCORE_WORD": "points, marks or total",
    "$END": "the end of the hand",
}
# The order those words are listed in: what a player most likely meant first.
_WORD_ORDER = list(TERMINAL_WORDS)


@dataclass
class ReadGame:
    """One game as read: the record (the hands that could be read) and every problem found.

    ``text`` is the game's raw text exactly as in the file, so that nothing is ever lost,
    and ``first_line`` is where it starts (1-based).
    """

    index: int
    game: Game
    problems: list[Finding] = field(default_factory=list)
    text: str = ""
    first_line: int = 1
    rules: RuleSet = field(default_factory=RuleSet)
    unread_lines: tuple[int, ...] = ()  # where each hand that could not be read starts
    has_tags: bool = True  # False for text before any tag block, which is no game at all
    raw: str | None = None  # what a rejects file keeps of the game, when not ``text``
    # For a game read from JSON, where it is in ``text`` (notation.formats.json.form.Place): the
    # offset of the JSON value holding it and its path there, () or (index,).
    json_place: tuple[int, tuple[str | int, ...]] | None = None

    @property
    def rejected_text(self) -> str:
        """The game's own text, as a rejects file should keep it."""
        return self.text if self.raw is None else self.raw

    @property
    def complete(self) -> bool:
        """True when every part of the game could be read."""
        return not self.problems

    @property
    def readable(self) -> bool:
        """True when the game is worth keeping though parts of it may not be: it has a tag
        block, and some of its hands could be read or none was lost (a JSON record that
        could not be read has no tags)."""
        return self.has_tags and bool(self.game.tags) and (
            bool(self.game.hands) or not (self.unread_lines or self._tags_unread)
        )

    @property
    def _tags_unread(self) -> bool:
        """Whether the tag block could not be read (its tags are then placeholders): a
        game with no hand besides is nothing read, not an empty game.

        >>> next(read_games("[[[x]]]\\n")).readable
        False
        """
        starts = [h.header.span.line for h in self.game.hands if h.header.span is not None]
        first_hand = min([*self.unread_lines, *starts], default=None)
        return any(
            p.code == "syntax-error" and p.hand is None and p.line is not None
            and (first_hand is None or p.line < first_hand)
            for p in self.problems
        )

    def left_out(self) -> list[str]:
        """What of the game could not be read, in words with its line: each hand (``game 1
        hand 2 (line 33)``), the tag block, or the whole game when nothing is kept.

        >>> read = next(read_games('[Event "x"]\\nhand 1 dealer N\\nbid E 3O\\n'))
        >>> read.left_out(), read.readable
        (['game 1 (line 1)'], False)
        """
        if not self.has_tags:
            return []
        if not self.readable:
            return [f"game {self.index} (line {self.first_line})"]
        lines = self.text.split("\n")
        parts = []
        if self._tags_unread:
            parts.append(f"game {self.index}'s tags (line {self.first_line})")
        for start in self.unread_lines:
            # The hand's text starts with the blank and comment lines before its `hand` line.
            at = start - self.first_line
            skipped = next(
                (i for i, text in enumerate(lines[at:]) if _HAND_LINE.match(text)), 0
            )
            match = _HAND_LINE.match(lines[at + skipped]) if at + skipped < len(lines) else None
            hand = f" hand {match.group(1)}" if match else ", a hand"
            parts.append(f"game {self.index}{hand} (line {start + skipped})")
        return parts


# A `hand N` line, as far as it can be made out in text that could not be read.
_HAND_LINE = re.compile(r"\s*hand\s+(\d+)", re.IGNORECASE)


class _Segment(NamedTuple):
    # A named tuple, not a dataclass: segments go to worker processes by the hundred
    # thousand, and a tuple is made and unpickled several times faster.
    kind: str  # "tags", "hand" or "stray" (text before any tag block)
    text: str  # its lines, ends kept
    first_line: int


_TAG_NAMES = re.compile(r"\[\s*([A-Za-z][A-Za-z0-9_]*)")
_HAND_START = re.compile(r"hand\s+\d", re.IGNORECASE)


_COMMENT_OR_QUOTE = re.compile(r'[{};"]')


def _lead(line: str, in_brace: bool) -> tuple[str, bool]:
    """The first item on a line outside comments, and whether a ``{`` is open at its end."""
    if not in_brace and line[:1] == "[" and "{" not in line and ";" not in line:
        return line, False  # a tag line: its quotes hold no comment that could matter
    if not in_brace and _COMMENT_OR_QUOTE.search(line) is None:
        return line.lstrip(_BEFORE_ITEM), False  # most lines: no scan needed
    lead = ""
    i, n = 0, len(line)
    in_quote = False
    while i < n:
        ch = line[i]
        if in_brace:
            if ch == "}":
                in_brace = False
        elif in_quote:
            if ch == "\\":
                i += 1
            elif ch == '"':
                in_quote = False
        elif ch == "{":
            in_brace = True
        elif ch == ";":
            break
        else:
            if not lead and not ch.isspace() and ch != "\ufeff":
                lead = line[i:]  # a quoted value too is an item
            in_quote = ch == '"'
        i += 1
    return lead, in_brace


# First characters of a line that may start a segment, hold a comment or be blank: only
# such lines need _lead (a line starting otherwise is an item of the segment it is in).
# White space is what str.lstrip takes away (none lies above U+3000; a test checks).
WHITE_SPACE_ABOVE = 0x3000
_WHITE_SPACE = frozenset(chr(i) for i in range(WHITE_SPACE_ABOVE + 1) if chr(i).isspace())
_NOT_PLAIN = _WHITE_SPACE | set('\ufeff[hH;{"') | {""}
# What may stand before a line's first item: white space, and byte order marks anywhere in it.
_BEFORE_ITEM = "".join(sorted(_WHITE_SPACE)) + "\ufeff"


def _segments(source: str | Iterable[str]) -> Iterator[list[_Segment]]:
    """Cut the text into games, each a list of segments (tag block first, then hands).

    ``source`` is the whole text or pieces of it that each end at a line end (its lines, or
    blocks of whole lines, as :func:`notation.files.source_blocks` gives them), so a file of
    any size is read one game at a time.
    """
    cutter = _Cutter()
    for chunk in [source] if isinstance(source, str) else source:
        if cutter.in_brace or "{" in chunk or any(c in chunk for c in _ODD_SPACES):
            for line in lines_of(chunk):
                cutter.line(line)
            yield from cutter.take()
            continue
        # No comment can open here and no odd white space hides a line's start: only the
        # lines that may start a segment or be blank need a look; the rest go in runs.
        at, end = 0, len(chunk)
        if _MAY_START_HERE.match(chunk):
            at = chunk.find("\n") + 1 or end
            cutter.line(chunk[:at])
        for match in _MAY_START.finditer(chunk, max(at - 1, 0)):
            start = match.end()
            if start >= end:
                break
            if start > at:
                cutter.run(chunk[at:start], chunk.count("\n", at, start))
            at = chunk.find("\n", start) + 1 or end
            cutter.line(chunk[start:at])
        if at < end:
            cutter.run(chunk[at:], chunk.count("\n", at) + (chunk[-1] != "\n"))
        yield from cutter.take()
    cutter.finish()
    yield from cutter.take()


# A line that may start a tag block or hand, or be blank or a comment: at the start of a
# text, or after a line end (a pattern that starts with one is found quickly).
_MAY_START_HERE = re.compile(r' *(?:[\[hH;"\n]|\Z)')
_MAY_START = re.compile(r'\n(?= *(?:[\[hH;"\n]|\Z))')
# What makes a block of lines need a look at every line: white space other than spaces and
# line ends, or a byte order mark (either may stand before an item: see _lead).
_ODD_SPACES = [*sorted(_WHITE_SPACE - {" ", "\n"}), "\ufeff"]


class _Cutter:
    """The state of cutting text into games, fed a line or a run of item lines at a time;
    the games it has finished wait in ``done``."""

    def __init__(self) -> None:
        # The game being cut: each segment's kind, first line and text in pieces (joined
        # when the game is done), the pieces of the last segment, and the finished games.
        self.game: list[tuple[str, int, list[str]]] = []
        self.pieces: list[str] = []
        self.done: list[list[_Segment]] = []
        self.tag_names: set[str] = set()  # the tags of the block being read, to see the next
        self.pending: list[str] = []  # blank and comment-only lines go with what follows them
        self.line_no = 0
        self.pending_from = 1
        self.in_brace = False

    def run(self, text: str, count: int) -> None:
        """``count`` lines, none of which may start a segment, be blank or open a comment."""
        if not self.game:
            for line in lines_of(text):
                self.line(line)
            return
        if self.pending:
            self.pieces += self.pending
            self.pending = []
        self.pieces.append(text)
        self.line_no += count

    def line(self, line: str) -> None:
        self.line_no += 1
        if line == "\n":  # a blank line, the commonest that needs a look: no item, no brace
            if not self.pending:
                self.pending_from = self.line_no
            self.pending.append(line)
            return
        first = line[:1]
        if first == " ":  # a deal line's next seat, indented
            first = line.lstrip(" ")[:1]
        if not self.in_brace and self.game and first not in _NOT_PLAIN and "{" not in line:
            # Most lines: an item inside a hand or tag block, opening no comment.
            if self.pending:
                self.pieces += self.pending
                self.pending = []
            self.pieces.append(line)
            return
        lead, self.in_brace = _lead(line, self.in_brace)
        if not lead:
            if not self.pending:
                self.pending_from = self.line_no
            self.pending.append(line)
            return
        start = self.pending_from if self.pending else self.line_no
        game = self.game
        if lead.startswith("["):
            names = {n.lower() for n in _TAG_NAMES.findall(lead)}
            # A tag block ends at hands, or at a blank line after which a tag name comes
            # again: that is the next game's block (a game need not have hands). A name
            # repeated inside one block is a duplicate tag, reported as such.
            if not game or game[-1][0] != "tags" or (names & self.tag_names and self.pending):
                if game:
                    self.done.append(_cut(game))
                    self.game = []
                self._open("tags", start)
                self.tag_names = set()
            self.tag_names |= names
        elif _HAND_START.match(lead):
            self._open("hand", start)
        elif not game:
            self._open("stray", start)
        self.pieces += self.pending
        self.pieces.append(line)
        self.pending = []

    def take(self) -> list[list[_Segment]]:
        """The games finished so far, given out once."""
        done, self.done = self.done, []
        return done

    def _open(self, kind: str, start: int) -> None:
        """A new segment of the game, from line ``start``."""
        self.pieces = []
        self.game.append((kind, start, self.pieces))

    def finish(self) -> None:
        """The end of the text: the last game is done."""
        if self.pending:
            if self.game:
                self.pieces += self.pending
            elif any(p.strip() for p in self.pending):
                # Only comments: still a segment, so the comments are not silently dropped.
                self.game = [("stray", self.pending_from, self.pending)]
        if self.game:
            self.done.append(_cut(self.game))


def _cut(game: list[tuple[str, int, list[str]]]) -> list[_Segment]:
    return [_Segment(kind, "".join(lines), first) for kind, first, lines in game]


def _start(token: Token) -> tuple[int, int]:
    """Where a token starts; lark types its positions as optional, the parser always sets them."""
    return token.line or 1, token.column or 1


def _end(token: Token) -> tuple[int, int]:
    line, column = _start(token)
    return token.end_line or line, token.end_column or column


def _span(first: Token, last: Token, offset: int) -> Span:
    (line, column), (end_line, end_column) = _start(first), _end(last)
    return Span(line + offset, column, end_line + offset, end_column)


def _unescape(value: str) -> str:
    return re.sub(r"\\([\"\\])", r"\1", value[1:-1])


# A line token (HAND_LINE, TRICK_LINES and the like, see the grammar) is cut back into its
# words here; a word is a run of anything but the grammar's white space.
_GAPS = " \t\f\r\n\ufeff"  # the grammar's white space
_WORD = re.compile(r"[^ \t\f\r\n\ufeff]+")
_ODD_SPACE = re.compile(r"[\t\f\r\ufeff]")
# A word as a token of the grammar would have it: its text, line and column (1-based, lines
# counted from the file's start). Plain tuples: the reader makes a hundred a hand.
_Word = tuple[str, int, int]
_SEATS = {seat.value: seat for seat in Seat} | {seat.value.lower(): seat for seat in Seat}
# Every way of writing a tile of the set, so most tiles are one dictionary lookup.
_TILES = {
    f"{a}-{b}": Tile.of(a, b) for a in range(HIGHEST_PIP + 1) for b in range(HIGHEST_PIP + 1)
}


def _words(token: Token, offset: int) -> list[_Word]:
    """The words of a token with where each starts."""
    line, column = _start(token)
    return _words_at(token.value, line + offset, column)


def _words_at(value: str, line: int, column: int) -> list[_Word]:
    """The words of ``value``, which starts at ``line`` and ``column``, with where each starts."""
    if " " not in value and "\n" not in value and _ODD_SPACE.search(value) is None:
        return [(value, line, column)]  # one word (a tab, say, would make it two)
    words: list[_Word] = []
    for part in value.split("\n"):
        if _ODD_SPACE.search(part) is None:
            for word in part.split(" "):
                if word:
                    words.append((word, line, column))
                column += len(word) + 1
        else:
            words += [(m.group(), line, column + m.start()) for m in _WORD.finditer(part)]
        line += 1
        column = 1
    return words


# A Span made by tuple.__new__ rather than through the named tuple's own __new__ (a Python
# function): the same Span at a third of the cost, and the reader makes sixty a hand.
_new_span = tuple.__new__


def _cover(first: _Word, last: _Word) -> Span:
    """From the start of one word to the end of another."""
    return _new_span(Span, (first[1], first[2], last[1], last[2] + len(last[0])))


# The reader makes some fifty of these a hand (28 plays): each with its slots set directly,
# and without the model's checks of a user's values (notation.errors.ModelError), which
# the reader's own values (seats, tiles, bids it has read) pass by construction.
_Play = quick_constructor(Play)
_Trick = quick_constructor(Trick)
_Tag = quick_constructor(Tag)
_HandHeader = quick_constructor(HandHeader)
_Holding = quick_constructor(Holding)
_Call = quick_constructor(Call)
_Auction = quick_constructor(Auction)
_TrumpCall = quick_constructor(TrumpCall)
_Ending = quick_constructor(Ending)
_ScoreLine = quick_constructor(ScoreLine)
_Hand = quick_constructor(Hand)
_Comment = quick_constructor(Comment)
_Game = quick_constructor(Game)

_TEAMS = {team.value: team for team in Team} | {team.value.lower(): team for team in Team}
_SCORE_KINDS = {kind.value: kind for kind in ScoreKind}


@cache
def read_bid(word: str) -> Bid:
    """The bid a word names (words repeat: a cache makes most bids one lookup)."""
    return Bid.parse(word)


def _tag(name: str, value: str, span: Span) -> Tag:
    return _Tag(tag_name(name), _unescape(value), span=span)


def _seat(text: str) -> Seat:
    return _SEATS.get(text) or Seat(text.upper())


def _is_seat(text: str) -> bool:
    return text in _SEATS


class _Builder(Transformer[Token, Any]):
    """Turns each grammar rule into a model object as the parser reduces it."""

    def __init__(self) -> None:
        super().__init__()
        self.offset = 0  # lines before the segment being parsed
        self.rules = RuleSet()
        self.comments: list[tuple[Token, Comment]] = []
        # which terminal a word of a trump line is: the grammar's own patterns decide
        self.kinds: list[tuple[str, re.Pattern[str]]] = []
        # the grammar's HAND_LINES and TAG_LINES tokens, to read a hand or tag block written
        # as one without the parser; TAG_LINE to cut a TAG_LINES token into its tags
        self.whole: dict[str, re.Pattern[str]] = {}
        self.tag_line: re.Pattern[str] | None = None

    def words(self, children: list[Token]) -> list[_Word]:
        if len(children) == 1:
            return _words(children[0], self.offset)
        return [w for child in children for w in _words(child, self.offset)]

    def error(self, message: str, word: _Word, code: str = "syntax-error") -> NotationSyntaxError:
        return NotationSyntaxError(message, word[1], word[2], code)

    def number(self, word: _Word, what: str) -> int:
        """The whole number ``word`` writes, or an error at it when it is past any size."""
        number = whole_number(word[0])
        if number is None:
            raise self.error(f"{shown(word[0])} is too large for {what}", word)
        return number

    def tile(self, word: _Word) -> Tile:
        tile = _TILES.get(word[0])
        if tile is not None:
            return tile
        try:
            return Tile.parse(word[0])
        except TileError:
            raise self.error(
                f"{shown(word[0])} is not a tile of the double-six set (ends run 0 … 6)",
                word,
                "tile-not-in-set",
            ) from None

    def tag(self, children: list[Token]) -> Tag:
        if children[0].type == "TAG_LINE":
            token = children[0]
            line, column = _start(token)
            return self._tag_line(token.value, line + self.offset, column)
        name_token, value_token = children
        span = _span(name_token, value_token, self.offset)
        return _tag(name_token.value, value_token.value, span)

    def _tag_line(self, text: str, line: int, column: int) -> Tag:
        """A tag from the text of a TAG_LINE token, which starts at ``line`` and ``column``."""
        name, _, value = text[1:-1].partition('"')
        breaks = text.count("\n")  # a tag's name and value may stand on two lines
        end_column = len(text) - text.rfind("\n") - 1 if breaks else column + len(text) - 1
        # from the name to the closing quote, as the item-by-item form has it
        span = _new_span(Span, (line, column + 1, line + breaks, end_column))
        return _tag(name.rstrip(_GAPS), '"' + value, span)

    def tag_block(self, children: list[Any]) -> tuple[Tag, ...]:
        if isinstance(children[0], Token):  # TAG_LINES: the whole block as one token
            line, column = _start(children[0])
            return self._whole_tag_block(children[0].value, line + self.offset, column)
        return tuple(children)

    def _whole_tag_block(self, text: str, line: int, column: int) -> tuple[Tag, ...]:
        """The tags of one TAG_LINES token, which starts at ``line`` and ``column``."""
        assert self.tag_line is not None
        tags = []
        start = 0  # where ``line`` and ``column`` are in the text
        for match in self.tag_line.finditer(text):
            breaks = text.count("\n", start, match.start())
            if breaks:
                line += breaks
                column = match.start() - text.rfind("\n", start, match.start())
            else:
                column += match.start() - start
            tags.append(self._tag_line(match.group(), line, column))
            start = match.start()
        return tuple(tags)

    def hand_header(self, children: list[Token]) -> HandHeader:
        return self._hand_header(self.words(children))

    def _hand_header(self, words: list[_Word]) -> HandHeader:
        first, number, _dealer, last = words
        return _HandHeader(
            self.number(number, "a hand number"), _seat(last[0]), span=_cover(first, last)
        )

    def holding(self, children: list[Token]) -> Holding:
        return self._holding(self.words(children))

    def _holding(self, words: list[_Word]) -> Holding:
        seat, *tiles = words
        tile_of = _TILES.get
        return _Holding(
            _seat(seat[0]),
            tuple([tile_of(t[0]) or self.tile(t) for t in tiles]),
            span=_cover(seat, tiles[-1] if tiles else seat),
            tile_spans=tuple([_new_span(Span, (ln, c, ln, c + len(t))) for t, ln, c in tiles]),
        )

    def deal(self, children: list[Any]) -> tuple[Holding, ...]:
        if isinstance(children[0], Token) and children[0].type == "DEAL_LINE":
            # the line token, then any tiles and holdings a comment cut off from it
            count = next(
                (i for i, c in enumerate(children) if isinstance(c, Holding)), len(children)
            )
            holdings = self._holdings(self.words(children[:count])[1:])
            return (*holdings, *children[count:])
        return tuple(children[1:])

    def _holdings(self, words: list[_Word]) -> list[Holding]:
        """Holdings from their words: each seat, then its tiles."""
        starts = [i for i, word in enumerate(words) if not word[0][0].isdigit()]
        ends = [*starts[1:], len(words)]
        return [self._holding(words[a:b]) for a, b in zip(starts, ends, strict=True)]

    def call(self, children: list[Token]) -> Call:
        return self._call(self.words(children))

    def _call(self, words: list[_Word]) -> Call:
        seat, word = words
        try:
            bid = read_bid(word[0])
        except BidError as e:
            raise self.error(str(e), word) from None
        return _Call(_seat(seat[0]), bid, span=_cover(seat, word))

    def auction(self, children: list[Any]) -> Auction:
        kw = children[0]
        if kw.type == "AUCTION_LINE":
            return self._auction(_words(kw, self.offset), children[1:])
        line, column = _start(kw)
        return self._auction([(kw.value, line + self.offset, column)], children[1:])

    def _auction(self, words: list[_Word], more: Iterable[Call] = ()) -> Auction:
        """An auction from its words (``bid``, then seat and bid by turns) and any calls that
        a comment cut off from them."""
        first = words[0]
        calls = [self._call(words[i : i + 2]) for i in range(1, len(words), 2)]
        calls += more
        last = calls[-1].span
        assert last is not None  # every call the reader makes has its span
        span = _new_span(Span, (first[1], first[2], last.end_line, last.end_column))
        return _Auction(tuple(calls), span=span)

    def _kind(self, text: str) -> str:
        return next(name for name, pattern in self.kinds if pattern.fullmatch(text))

    def _is(self, kind: str, text: str) -> bool:
        return any(name == kind and pattern.fullmatch(text) for name, pattern in self.kinds)

    def trump_call(self, children: list[Token]) -> TrumpCall:
        return self._trump_call(self.words(children))

    def _trump_call(self, words: list[_Word]) -> TrumpCall:
        kw, *rest = words
        kinds = [self._kind(word[0]) for word in rest]
        seat = None
        if kinds[0] == "SEAT":
            seat = _seat(rest.pop(0)[0])
            kinds.pop(0)
        special = rest.pop(0) if kinds[0] == "SPECIAL_WORD" else None
        if special is not None:
            kinds.pop(0)
        word = rest[0] if rest and kinds[0] == "TRUMP_WORD" else None
        doubles = rest[-1] if rest and kinds[-1] == "DOUBLES_WORD" else None
        try:
            trump = Trump.parse(
                "" if word is None else word[0],
                None if doubles is None else doubles[0],
                self.rules.follow_me_doubles,
                special=None if special is None else special[0],
                nello_doubles=self.rules.nello_doubles,
            )
        except ContractError as e:
            raise self.error(str(e), doubles or word or special or kw) from None
        last = rest[-1] if rest else special or kw
        return _TrumpCall(trump, seat, span=_cover(kw, last))

    def tricks(self, children: list[Token]) -> list[Trick]:
        return self._tricks(self.words(children))

    def _tricks(self, words: list[_Word]) -> list[Trick]:
        # a trick starts at its number: a word of digits (a tile has its dash)
        starts = [i for i, w in enumerate(words) if w[0].isdigit() and "-" not in w[0]]
        return [self._trick(words[a:b]) for a, b in zip(starts, [*starts[1:], None], strict=True)]

    def _trick(self, words: list[_Word]) -> Trick:
        number, seat, *tiles = words
        plays = []
        tile_of = _TILES.get
        for word in tiles:  # the hot loop of the reader: one pass, no calls but the needed
            text, line, column = word
            span = _new_span(Span, (line, column, line, column + len(text)))
            plays.append(_Play(tile_of(text) or self.tile(word), (), (), span))
        trick = self.number(number, "a trick number")
        return _Trick(trick, _seat(seat[0]), tuple(plays), span=_cover(number, word))

    def ending(self, children: list[Token]) -> Ending:
        return self._ending(self.words(children))

    def _ending(self, words: list[_Word]) -> Ending:
        kw, word, *seat = words
        kind = EndKind(word[0].lower().replace("-", ""))
        who = _seat(seat[0][0]) if seat else None
        if kind is EndKind.LAYDOWN and who is None:
            raise self.error("say who laid down: `end laydown S`", word)
        if kind is not EndKind.LAYDOWN and who is not None:
            raise self.error(f"`end {kind.value}` names no seat", seat[0])
        return _Ending(kind, who, span=_cover(kw, seat[0] if seat else word))

    def score_lines(self, children: list[Token]) -> list[ScoreLine]:
        return self._score_lines(self.words(children))

    def _score_lines(self, words: list[_Word]) -> list[ScoreLine]:
        return [self._score_line(words[i : i + 5]) for i in range(0, len(words), 5)]

    def _score_line(self, words: list[_Word]) -> ScoreLine:
        kw, team1, n1, team2, n2 = words
        t1 = _TEAMS.get(team1[0]) or Team(team1[0].upper())
        t2 = _TEAMS.get(team2[0]) or Team(team2[0].upper())
        if t1 is t2:
            raise self.error(f"{t1} is written twice: give NS and EW once each", team2)
        ns, ew = (n1, n2) if t1 is Team.NS else (n2, n1)
        kind = _SCORE_KINDS.get(kw[0]) or ScoreKind(kw[0].lower())
        what = f"a score ({kind.value})"
        return _ScoreLine(kind, self.number(ns, what), self.number(ew, what), span=_cover(kw, n2))

    def hand(self, children: list[Any]) -> Hand:
        if isinstance(children[0], Token):  # HAND_LINES: the whole hand as one token
            return self._whole_hand(self.words(children))
        header, *parts = children
        return self._hand(header, parts)

    def _whole_hand(self, words: list[_Word]) -> Hand:
        """A hand from the words of one HAND_LINES token. The token's pattern has checked the
        form and order of every item, so an item is known by its first word."""
        parts: list[Any] = []
        n = len(words)
        i = 4  # after `hand 3 dealer W`
        if i < n and words[i][0].lower() == "deal":
            j = i + 1
            while j < n and (_is_seat(words[j][0]) or "-" in words[j][0]):
                j += 1
            parts.append(tuple(self._holdings(words[i + 1 : j])))
            i = j
        if i < n and words[i][0].lower() == "bid":
            j = i + 1
            while j < n and _is_seat(words[j][0]):
                j += 2
            parts.append(self._auction(words[i:j]))
            i = j
        if i < n and words[i][0].lower() == "trump":
            j = i + 2 if _is_seat(words[i + 1][0]) else i + 1
            if self._is("SPECIAL_WORD", words[j][0]):
                j += 1
                # then perhaps a trump; a number followed by a seat starts a trick instead
                if j < n and self._is("TRUMP_WORD", words[j][0]):
                    j += 1 if j + 1 == n or not _is_seat(words[j + 1][0]) else 0
            else:
                j += 1  # the trump: one word
            if j < n and words[j][0].lower().startswith("doubles-"):
                j += 1
            parts.append(self._trump_call(words[i:j]))
            i = j
        j = i
        while j < n and words[j][0][0].isdigit():  # a trick: its number, seat and tiles
            j += 2
            while j < n and "-" in words[j][0]:
                j += 1
        if j > i:
            parts.append(self._tricks(words[i:j]))
            i = j
        if i < n and words[i][0].lower() == "end":
            j = i + 3 if i + 2 < n and _is_seat(words[i + 2][0]) else i + 2
            parts.append(self._ending(words[i:j]))
            i = j
        if i < n:
            parts.append(self._score_lines(words[i:]))
        return self._hand(self._hand_header(words[:4]), parts)

    def _hand(self, header: HandHeader, parts: list[Any]) -> Hand:
        deal: tuple[Holding, ...] = ()
        auction = trump = ending = None
        tricks: list[Trick] = []
        scores: list[ScoreLine] = []
        for part in parts:
            if isinstance(part, tuple):
                deal = part
            elif isinstance(part, Auction):
                auction = part
            elif isinstance(part, TrumpCall):
                trump = part
            elif isinstance(part, Ending):
                ending = part
            elif isinstance(part[0], Trick):
                tricks += part
            else:
                for score in part:
                    if any(s.kind is score.kind for s in scores):
                        assert score.span is not None
                        raise NotationSyntaxError(
                            f"`{score.kind.value}` is written twice in hand {header.number}",
                            score.span.line,
                            score.span.column,
                        )
                    scores.append(score)
        return _Hand(header, deal, auction, trump, tuple(tricks), ending, tuple(scores))

    def collect_comment(self, token: Token) -> Token:
        raw = token.value
        if raw.startswith("{"):
            comment = _Comment(raw[1:-1].strip(), braced=True)
        else:
            comment = _Comment(raw[1:].strip())
        self.comments.append((token, comment))
        return token


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


def _build(cached: bool) -> tuple[Lark, _Builder]:
    """The parser of ``grammar/t42.lark`` with its builder: with its line tokens (``cached``,
    the parser kept on disk), or item by item, its line tokens switched off."""
    builder = _Builder()
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
            builder.whole[start] = terminal_pattern(lark, name)
    return lark, builder


@cache
def _parser() -> tuple[Lark, _Builder]:
    return _build(cached=True)


@cache
def _item_by_item_parser() -> tuple[Lark, _Builder]:
    """The same grammar with its line tokens made to match no text.

    A whole-line token reduces an item only when the next one starts, so with it the first
    mistake found in a broken hand could depend on how the hand was tokenised. A hand that
    fails is therefore read again item by item, which finds the first mistake in reading order
    and points at the word, whatever spacing the scorekeeper used.
    """
    return _build(cached=False)


def grammar_parser() -> Lark:
    """The Lark parser built from ``grammar/t42.lark`` (for tools and tests)."""
    return _parser()[0]


# ---- comments: attach each to the item before it on its line, or else to the next item ----


@dataclass
class _Slot:
    span: Span
    line_item: int
    inner: int | None


class _Commentable(Protocol):
    @property
    def before(self) -> tuple[Comment, ...]: ...
    @property
    def after(self) -> tuple[Comment, ...]: ...


_Item = TypeVar("_Item", bound=_Commentable)


def _attach(
    slots: list[_Slot], comments: list[tuple[Token, Comment]], offset: int
) -> dict[tuple[int, int | None, str], list[Comment]]:
    """Decide where each comment belongs: (line item, inner item or None, before/after)."""
    placed: dict[tuple[int, int | None, str], list[Comment]] = {}

    def put(key: tuple[int, int | None, str], comment: Comment) -> None:
        placed.setdefault(key, []).append(comment)

    for token, comment in comments:
        start_line, start_column = _start(token)
        end_line, end_column = _end(token)
        start = (start_line + offset, start_column)
        end = (end_line + offset, end_column)
        before = [s for s in slots if (s.span.end_line, s.span.end_column) <= start]
        after = [s for s in slots if (s.span.line, s.span.column) >= end]
        prev = before[-1] if before else None
        if prev is not None:
            # the finest item ending last before the comment
            same_end = [
                s
                for s in before
                if (s.span.end_line, s.span.end_column)
                == (prev.span.end_line, prev.span.end_column)
            ]
            prev = next((s for s in same_end if s.inner is not None), same_end[0])
        nxt = after[0] if after else None
        inside = next(
            (
                s
                for s in slots
                if s.inner is None
                and (s.span.line, s.span.column) < start
                and end <= (s.span.end_line, s.span.end_column)
                and not any(o.line_item == s.line_item and o.inner is not None for o in slots)
            ),
            None,
        )
        if inside is not None:
            # Inside an item with no inner items (a deal, trump or score line): it stays there.
            put((inside.line_item, None, "after"), comment)
        elif prev is not None and prev.span.end_line == start[0]:
            sibling_follows = (
                nxt is not None
                and nxt.inner is not None
                and nxt.line_item == prev.line_item
                and nxt.span.line == end[0]
            )
            if comment.braced and prev.inner is not None and sibling_follows:
                put((prev.line_item, prev.inner, "after"), comment)
            else:
                put((prev.line_item, None, "after"), comment)
        elif nxt is not None:
            owner = next(s for s in slots if s.line_item == nxt.line_item and s.inner is None)
            if nxt.inner is not None and (owner.span.line, owner.span.column) < start:
                put((nxt.line_item, nxt.inner, "before"), comment)
            else:
                put((nxt.line_item, None, "before"), comment)
        elif slots:
            put((slots[-1].line_item, None, "after"), comment)
    return placed


def _with_comments(
    item: _Item,
    placed: dict[tuple[int, int | None, str], list[Comment]],
    key: tuple[int, int | None],
) -> _Item:
    before = placed.get((key[0], key[1], "before"), [])
    after = placed.get((key[0], key[1], "after"), [])
    if not before and not after:
        return item
    return replace(  # type: ignore[type-var]
        item, before=item.before + tuple(before), after=item.after + tuple(after)
    )


def _inner_items(item: object) -> tuple[Any, ...]:
    """The items inside a line item that a comment may stand between: an auction's calls,
    a trick's plays."""
    if isinstance(item, Auction):
        return item.calls
    if isinstance(item, Trick):
        return item.plays
    return ()


def _hand_slots(hand: Hand) -> list[_Slot]:
    slots: list[_Slot] = []
    for index, item in enumerate(items(hand)):
        for inner, part in [(None, item), *enumerate(_inner_items(item))]:
            span = getattr(part, "span", None)
            if span is not None:
                slots.append(_Slot(span, index, inner))
    slots.sort(key=lambda s: (s.span.line, s.span.column, s.inner is not None))
    return slots


def _hand_with_comments(hand: Hand, comments: list[tuple[Token, Comment]], offset: int) -> Hand:
    if not comments:
        return hand
    placed = _attach(_hand_slots(hand), comments, offset)
    placed_items: list[Any] = []
    item: Any  # each kind of line item in turn
    for index, item in enumerate(items(hand)):
        inner = tuple(
            _with_comments(part, placed, (index, i)) for i, part in enumerate(_inner_items(item))
        )
        if isinstance(item, Auction):
            item = replace(item, calls=inner)
        elif isinstance(item, Trick):
            item = replace(item, plays=inner)
        placed_items.append(_with_comments(item, placed, (index, None)))
    return _hand_of_items(placed_items)


def _hand_of_items(line_items: list[Any]) -> Hand:
    """A hand from its line items in the order :func:`notation.model.game.items` gives them."""
    header, *rest = line_items

    def one(kind: type[_Line]) -> _Line | None:
        return next((item for item in rest if isinstance(item, kind)), None)

    return _Hand(
        header,
        tuple(item for item in rest if isinstance(item, Holding)),
        one(Auction),
        one(TrumpCall),
        tuple(item for item in rest if isinstance(item, Trick)),
        one(Ending),
        tuple(item for item in rest if isinstance(item, ScoreLine)),
    )


_Line = TypeVar("_Line")


def _tags_with_comments(
    tags: tuple[Tag, ...], comments: list[tuple[Token, Comment]], offset: int
) -> tuple[Tag, ...]:
    if not comments:
        return tags
    slots = [_Slot(t.span, i, None) for i, t in enumerate(tags) if t.span is not None]
    placed = _attach(slots, comments, offset)
    return tuple(_with_comments(t, placed, (i, None)) for i, t in enumerate(tags))


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


def _problem(error: NotationSyntaxError, game: int | None, hand: int | None) -> Finding:
    return Finding(
        error.code,
        Severity.ERROR,
        error.message,
        line=error.line,
        column=error.column,
        game=game,
        hand=hand,
    )


def _check_size(segment: _Segment) -> None:
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
        _check_size(_Segment("hand", text, 1))
    except NotationSyntaxError:
        return False
    return True


def _whole(
    builder: _Builder, text: str, first_line: int, start: str, rules: RuleSet
) -> Hand | tuple[Tag, ...] | None:
    """The hand or tag block, when its text is one HAND_LINES or TAG_LINES token (written
    without comments, as `t42 fmt` writes them); None otherwise.

    The grammar reads such a text as ``hand: HAND_LINES`` (``tag_block: TAG_LINES``) and
    nothing else, so the builder is given the token straight away: the same result, without
    the parser's cost.
    """
    pattern = builder.whole.get(start)
    if pattern is None:
        return None
    at = len(text) - len(text.lstrip(_GAPS))
    if pattern.match(text, at) is None:
        return None
    line = first_line + text.count("\n", 0, at)
    column = at - text.rfind("\n", 0, at)
    builder.rules = rules
    if start == "tag_block":
        return builder._whole_tag_block(text[at:], line, column)
    try:
        return builder._whole_hand(_words_at(text[at:], line, column))
    except NotationSyntaxError:
        return None  # a tile outside the set, say: the parser finds and words the mistake


def _parse(
    segment: _Segment, start: str, rules: RuleSet
) -> tuple[Any, list[tuple[Token, Comment]]]:
    _check_size(segment)
    text = segment.text
    whole = _whole(_parser()[1], text, segment.first_line, start, rules)
    if whole is not None:
        return whole, []
    try:
        return _parse_with(_parser(), segment, start, rules)
    except (UnexpectedInput, NotationSyntaxError):
        pass
    try:
        # the item-by-item form is the reference: what it reads stands
        return _parse_with(_item_by_item_parser(), segment, start, rules)
    except UnexpectedInput as e:
        raise _syntax_error(e, text, segment.first_line - 1) from None


def _parse_with(
    parser: tuple[Lark, _Builder], segment: _Segment, start: str, rules: RuleSet
) -> tuple[Any, list[tuple[Token, Comment]]]:
    lark, builder = parser
    builder.offset = segment.first_line - 1
    builder.rules = rules
    builder.comments = []
    return lark.parse(segment.text, start=start), builder.comments


# ---- games ----


def _tags(
    segment: _Segment, index: int, problems: list[Finding]
) -> tuple[tuple[Tag, ...], RuleSet]:
    rules = RuleSet()
    try:
        tags, comments = _parse(segment, "tag_block", rules)
    except NotationSyntaxError as e:
        problems.append(_problem(e, index, None))
        return (), rules
    tags = _tags_with_comments(tags, comments, segment.first_line - 1)
    seen: dict[str, Tag] = {}
    for tag in tags:
        if tag.name in seen:
            assert tag.span is not None
            problems.append(
                Finding(
                    "duplicate-tag",
                    Severity.ERROR,
                    f"the {tag.name} tag is written twice in this game",
                    line=tag.span.line,
                    column=tag.span.column,
                    game=index,
                )
            )
        seen.setdefault(tag.name, tag)
    try:
        rules = tagged_rules(
            seen["Rules"].value if "Rules" in seen else None,
            seen["Options"].value if "Options" in seen else None,
        )
    except RulesError as e:
        bad = seen.get("Options") if "Rules" not in seen or "option" in str(e) else seen["Rules"]
        bad = bad or seen["Rules"]
        assert bad.span is not None
        problems.append(
            Finding(
                "unknown-rules",
                Severity.ERROR,
                e.going_on,
                line=bad.span.line,
                column=bad.span.column,
                game=index,
            )
        )
        rules = RuleSet()
    return tags, rules


def _first_int(text: str) -> int | None:
    m = re.search(r"hand\s+(\d+)", text, re.IGNORECASE)
    return whole_number(m.group(1)) if m else None


def _read_game(segments: list[_Segment], index: int) -> ReadGame:
    problems: list[Finding] = []
    tags: tuple[Tag, ...] = ()
    rules = RuleSet()
    hands: list[Hand] = []
    unread: list[int] = []
    for segment in segments:
        if segment.kind == "stray":
            try:
                _parse(segment, "file", rules)
            except NotationSyntaxError as e:
                problems.append(_problem(e, None, None))
            else:
                problems.append(
                    Finding(
                        "syntax-error",
                        Severity.ERROR,
                        "only comments here: a game starts with a tag block like "
                        '[Event "…"]',
                        line=segment.first_line,
                        column=1,
                    )
                )
        elif segment.kind == "tags":
            tags, rules = _tags(segment, index, problems)
        else:
            try:
                hand, comments = _parse(segment, "hand", rules)
            except NotationSyntaxError as e:
                problems.append(_problem(e, index, _first_int(segment.text)))
                unread.append(segment.first_line)
                continue
            hands.append(_hand_with_comments(hand, comments, segment.first_line - 1))
    if segments[0].kind == "hand":
        problems.insert(
            0,
            Finding(
                "syntax-error",
                Severity.ERROR,
                'a game starts with a tag block like [Event "…"]',
                line=segments[0].first_line,
                column=1,
                game=index,
            ),
        )
    game = _Game(with_roster(tags), tuple(hands))
    text = "".join(s.text for s in segments)
    return ReadGame(
        index,
        game,
        problems,
        text,
        segments[0].first_line,
        rules,
        tuple(unread),
        has_tags=segments[0].kind == "tags",
    )


GameText = list[_Segment]
"""One game's raw text, cut into its tag block and hands: what :func:`read_game` reads."""


def split_games(source: str | Iterable[str]) -> Iterator[GameText]:
    """Cut ``source`` into games without parsing them (cheap; for reading in parallel)."""
    return _segments(source)


def read_game(text: GameText, index: int) -> ReadGame:
    """Parse one game that :func:`split_games` cut out; ``index`` is its place in the file."""
    return _read_game(text, index)


def read_hand(segment: _Segment, rules: RuleSet) -> Hand | None:
    """One hand of a game (a segment :func:`split_games` cut) as :func:`read_game` reads it
    under the game's ``rules``; None when it has a syntax error (:func:`read_game` words it)."""
    try:
        hand, comments = _parse(segment, "hand", rules)
    except NotationSyntaxError:
        return None
    return _hand_with_comments(hand, comments, segment.first_line - 1)


def read_games(source: str | Iterable[str]) -> Iterator[ReadGame]:
    """Read every game in ``source``, in order, each with the problems that stopped parts of it.

    ``source`` is the text, or its lines with their ends (a file read lazily), in which case
    only one game is held in memory at a time. Never raises for bad input: every syntax error
    becomes a located finding on its game.
    """
    for index, segments in enumerate(_segments(source), start=1):
        yield _read_game(segments, index)
