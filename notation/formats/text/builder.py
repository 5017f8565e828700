"""The builder: the model made from what the grammar read, and a hand or tag block written as
one line token (``HAND_LINES``, ``TAG_LINES``, as `t42 fmt` writes them) built straight from
its words without the parser (:meth:`Builder.read_one_token`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache
from typing import Any

from lark import Token, Transformer

from notation.errors import NotationSyntaxError
from notation.formats.text.annotations import (
    add_score_lines,
    annotated,
    split_annotations,
    variation_of,
)
from notation.model.bids import Bid, BidError
from notation.model.construct import quick_constructor
from notation.model.contracts import ContractError, parse_bid
from notation.model.game import (
    Auction,
    Call,
    Comment,
    Ending,
    EndKind,
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
    Variation,
    tag_name,
)
from notation.model.numbers import shown, whole_number
from notation.model.rule_sets import RuleSet
from notation.model.seats import Seat, Team
from notation.model.tiles import HIGHEST_PIP, Tile, TileError


def token_start(token: Token) -> tuple[int, int]:
    """Where a token starts, its line and column (lines counted in the segment parsed);
    lark types its positions as optional, the parser always sets them."""
    return token.line or 1, token.column or 1


def token_end(token: Token) -> tuple[int, int]:
    """Where a token ends, its line and column (just after its last character)."""
    line, column = token_start(token)
    return token.end_line or line, token.end_column or column


def _span(first: Token, last: Token, offset: int) -> Span:
    (line, column), (end_line, end_column) = token_start(first), token_end(last)
    return Span(line + offset, column, end_line + offset, end_column)


def _unescape(value: str) -> str:
    return re.sub(r"\\([\"\\])", r"\1", value[1:-1])


# A line token (HAND_LINE, TRICK_LINES and the like, see the grammar) is cut back into its
# words here; a word is a run of anything but the grammar's white space.
GRAMMAR_WHITE_SPACE = " \t\f\r\n\ufeff"
"""The white space the grammar skips between words (a byte order mark too)."""
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
    line, column = token_start(token)
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

_TEAMS = {team.value: team for team in Team} | {team.value.lower(): team for team in Team}
_SCORE_KINDS = {kind.value: kind for kind in ScoreKind}


@cache
def read_bid(word: str) -> Bid:
    """The bid a word names, with the contract it may announce (``4m-plunge``): words repeat,
    so a cache makes most bids one lookup."""
    return parse_bid(word)


def _tag(name: str, value: str, span: Span) -> Tag:
    return _Tag(tag_name(name), _unescape(value), span=span)


def _seat(text: str) -> Seat:
    return _SEATS.get(text) or Seat(text.upper())


def _is_seat(text: str) -> bool:
    return text in _SEATS


class Builder(Transformer[Token, Any]):
    """Turns each grammar rule into a model object as the parser reduces it; the parser
    it is given to (:mod:`notation.formats.text.parse`) sets where the segment starts, its
    rules, and the comments it collects, before each parse."""

    def __init__(self) -> None:
        super().__init__()
        self.offset = 0  # lines before the segment being parsed
        self.rules = RuleSet()
        self.comments: list[tuple[Token, Comment]] = []
        # which terminal a word of a trump line is: the grammar's own patterns decide
        self.kinds: list[tuple[str, re.Pattern[str]]] = []
        # the grammar's HAND_LINES and TAG_LINES tokens, to read a hand or tag block written
        # as one without the parser; TAG_LINE to cut a TAG_LINES token into its tags
        self.one_token: dict[str, re.Pattern[str]] = {}
        self.tag_line: re.Pattern[str] | None = None
        # how deep each variation read so far nests (by id: the parse keeps them all alive)
        self.depths: dict[int, int] = {}

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
            line, column = token_start(token)
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
        return _tag(name.rstrip(GRAMMAR_WHITE_SPACE), '"' + value, span)

    def tag_block(self, children: list[Any]) -> tuple[Tag, ...]:
        if isinstance(children[0], Token):  # TAG_LINES: the whole block as one token
            line, column = token_start(children[0])
            return self._tag_block_of_one_token(children[0].value, line + self.offset, column)
        return tuple(children)

    def _tag_block_of_one_token(self, text: str, line: int, column: int) -> tuple[Tag, ...]:
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

    def call(self, children: list[Any]) -> Call:
        words, glyph, variations = split_annotations(children)
        return annotated(self._call(self.words(words)), glyph, variations)  # type: ignore[no-any-return]

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
        line, column = token_start(kw)
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

    def trump_call(self, children: list[Any]) -> TrumpCall:
        words, glyph, variations = split_annotations(children)
        return annotated(self._trump_call(self.words(words)), glyph, variations)  # type: ignore[no-any-return]

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
            trump = self.rules.trump_named(
                "" if word is None else word[0],
                None if doubles is None else doubles[0],
                special=None if special is None else special[0],
            )
        except ContractError as e:
            raise self.error(str(e), doubles or word or special or kw) from None
        last = rest[-1] if rest else special or kw
        return _TrumpCall(trump, seat, span=_cover(kw, last))

    def tricks(self, children: list[Any]) -> list[Trick]:
        if isinstance(children[-1], Play):  # INT SEAT play+: plays annotated or commented
            number, seat, *plays = children
            first = _words(number, self.offset)[0]
            last = plays[-1].span
            span = _new_span(Span, (first[1], first[2], last.end_line, last.end_column))
            trick = self.number(first, "a trick number")
            return [_Trick(trick, _seat(seat.value), tuple(plays), span=span)]
        return self._tricks(self.words(children))

    def play(self, children: list[Any]) -> Play:
        words, glyph, variations = split_annotations(children)
        [word] = _words(words[0], self.offset)
        text, line, column = word
        span = _new_span(Span, (line, column, line, column + len(text)))
        return _Play(_TILES.get(text) or self.tile(word), (), (), span, glyph, variations)

    def _variation(self, children: list[Any]) -> Variation:
        """A variation from what its rule read: ``(``, its items, ``)``."""
        opening, *parts, closing = children
        line, column = token_start(opening)
        return variation_of(parts, _span(opening, closing, self.offset),
                            (line + self.offset, column), self.depths)

    call_variation = trump_variation = play_variation = _variation

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
            return self._hand_of_one_token(self.words(children))
        header, *parts = children
        return self._hand(header, parts)

    def _hand_of_one_token(self, words: list[_Word]) -> Hand:
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
                add_score_lines(scores, part, f"hand {header.number}")
        return _Hand(header, deal, auction, trump, tuple(tricks), ending, tuple(scores))

    def read_one_token(
        self, text: str, first_line: int, start: str, rules: RuleSet
    ) -> Hand | tuple[Tag, ...] | None:
        """The hand or tag block (``start``: ``"hand"`` or ``"tag_block"``) that ``text``,
        from line ``first_line``, writes as one HAND_LINES or TAG_LINES token (without
        comments, as `t42 fmt` writes them), read under ``rules``; None otherwise.

        The grammar reads such a text as ``hand: HAND_LINES`` (``tag_block: TAG_LINES``) and
        nothing else, so the builder is given the token straight away: the same result,
        without the parser's cost. Only the builder of the parser with line tokens knows
        their patterns; any other answers None.
        """
        pattern = self.one_token.get(start)
        if pattern is None:
            return None
        at = len(text) - len(text.lstrip(GRAMMAR_WHITE_SPACE))
        if pattern.match(text, at) is None:
            return None
        line = first_line + text.count("\n", 0, at)
        column = at - text.rfind("\n", 0, at)
        self.rules = rules
        if start == "tag_block":
            return self._tag_block_of_one_token(text[at:], line, column)
        try:
            return self._hand_of_one_token(_words_at(text[at:], line, column))
        except NotationSyntaxError:
            return None  # a tile outside the set, say: the parser finds and words the mistake

    def collect_comment(self, token: Token) -> Token:
        raw = token.value
        if raw.startswith("{"):
            comment = _Comment(raw[1:-1].strip(), braced=True)
        else:
            comment = _Comment(raw[1:].strip())
        self.comments.append((token, comment))
        return token

