"""The canonical form of a game, described once: what ``t42 fmt`` and ``t42 deal`` write in
the notation, and ``t42 convert`` in JSON Lines.

A canonical hand is a fixed sequence of named fields (:data:`FIELDS`: the number, the dealer,
the 28 dealt tiles seat by seat, four calls, the trump's seat, suit and doubles, seven tricks
of a leader and four tiles, and the points, marks and total of each team), laid out once for
each form (:data:`NOTATION`, :data:`JSON`). From that one description come the regular
expressions that read a canonical hand (one named group a field) and the templates that
write one, in both forms, so the quick check (:mod:`notation.archive.quick_check`) and the quick
conversion (:mod:`notation.archive.quick_convert`) know fields by name, never by a counted number.

The same layout, its white space folded, reads a hand written with comments, keywords in
any case or items wrapped over lines, once :func:`folded_hand` has taken those away as the
grammar says they may be (its comment, white space and case-insensitive terminals, read from
the grammar itself). Tests hold both to the grammar and the writers: every hand the writers
write matches, and the template filled from its fields writes it again byte for byte.

>>> NOTATION.read_whole("hand 1 dealer N") is None
True
>>> AT["trump_seat"], FIELDS[AT["points_NS"]].kind.name
(38, 'SCORE')
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from enum import Enum
from functools import cache
from operator import itemgetter
from typing import NamedTuple

from notation.formats.json.document import FORMAT, VERSION
from notation.formats.text.reader import TERMINAL_FLAGS, grammar_parser, terminal_pattern
from notation.formats.text.writer import DEAL_INDENT
from notation.model.tiles import TRICKS_IN_A_HAND


class Kind(Enum):
    """What a field holds: its pattern in the notation, and in JSON when it differs there
    (a bid is a number or a word in quotes, and the field keeps the quotes)."""

    NUMBER = (r"[1-9][0-9]{0,3}", None)  # a hand's number
    SEAT = (r"[NESW]", None)
    TILE = (r"[0-6]-[0-6]", None)
    BID = (r"pass|[1-9]?[0-9]|[1-7]m", r'"pass"|[1-9][0-9]?|"[1-7]m"')
    SUIT = (r"blanks|ones|deuces|treys|fours|fives|sixes|doubles|follow-me", None)
    DOUBLES = (r"high|low|own-suit", None)
    SCORE = (r"0|[1-9][0-9]?", None)  # a hand's points or the running marks: two digits
    TAG_NAME = (r"[A-Za-z][A-Za-z0-9_]*", None)
    # A value the reader and the schema both take as it is: no escapes, control characters
    # or comment marks (which the readers treat with care).
    TAG_VALUE = (r'[^"\\\x00-\x1f\x7f{};]*', None)

    def pattern(self, json: bool) -> str:
        patterns: tuple[str, str | None] = self.value
        notation, json_pattern = patterns
        return json_pattern if json and json_pattern is not None else notation


class Field(NamedTuple):
    """A field of the canonical form."""

    name: str
    kind: Kind


class Optional(NamedTuple):
    """A field written only when it has a value, between ``before`` and ``after``."""

    before: str
    field: Field
    after: str


Piece = str | Field | Optional  # literal text, a field, or a field that may be left out

SEATS = "NESW"  # the deal's order
TEAMS = ("NS", "EW")
SCORE_KINDS = ("points", "marks", "total")

# ---- the fields of a hand, in the order both forms write them ----

NUMBER = Field("number", Kind.NUMBER)
DEALER = Field("dealer", Kind.SEAT)
DEAL = {
    seat: tuple(Field(f"deal_{seat}_{t}", Kind.TILE) for t in range(1, 8)) for seat in SEATS
}
CALLS = tuple(
    (Field(f"call_{c}_seat", Kind.SEAT), Field(f"call_{c}_bid", Kind.BID)) for c in range(1, 5)
)
TRUMP_SEAT = Field("trump_seat", Kind.SEAT)
TRUMP_SUIT = Field("trump_suit", Kind.SUIT)
TRUMP_DOUBLES = Field("trump_doubles", Kind.DOUBLES)  # written for some trumps only
LEADERS = tuple(Field(f"trick_{k}_leader", Kind.SEAT) for k in range(1, TRICKS_IN_A_HAND + 1))
PLAYS = tuple(
    tuple(Field(f"trick_{k}_play_{p}", Kind.TILE) for p in range(1, 5))
    for k in range(1, TRICKS_IN_A_HAND + 1)
)
SCORES = {
    kind: tuple(Field(f"{kind}_{team}", Kind.SCORE) for team in TEAMS) for kind in SCORE_KINDS
}
FIELDS: tuple[Field, ...] = (
    NUMBER,
    DEALER,
    *(tile for seat in SEATS for tile in DEAL[seat]),
    *(field for call in CALLS for field in call),
    TRUMP_SEAT,
    TRUMP_SUIT,
    TRUMP_DOUBLES,
    *(field for k in range(TRICKS_IN_A_HAND) for field in (LEADERS[k], *PLAYS[k])),
    *(field for kind in SCORE_KINDS for field in SCORES[kind]),
)
AT = {field.name: at for at, field in enumerate(FIELDS)}  # each field's place in a hand

TAG_NAME = Field("tag_name", Kind.TAG_NAME)
TAG_VALUE = Field("tag_value", Kind.TAG_VALUE)


def _between(separator: str, fields: Sequence[Piece]) -> list[Piece]:
    """The fields with ``separator`` before each."""
    return [piece for field in fields for piece in (separator, field)]


# ---- the two layouts ----


def _notation_hand() -> list[Piece]:
    """A hand as the writer lays it out (:mod:`notation.formats.text.writer`)."""
    pieces: list[Piece] = ["hand ", NUMBER, " dealer ", DEALER]
    for i, seat in enumerate(SEATS):
        pieces += ["\n", "deal " if i == 0 else DEAL_INDENT, seat, *_between(" ", DEAL[seat])]
    pieces += ["\nbid", *_between(" ", [field for call in CALLS for field in call])]
    pieces += ["\ntrump ", TRUMP_SEAT, " ", TRUMP_SUIT, Optional(" doubles-", TRUMP_DOUBLES, "")]
    for k in range(TRICKS_IN_A_HAND):
        pieces += [f"\n{k + 1} ", LEADERS[k], *_between(" ", PLAYS[k])]
    for kind in SCORE_KINDS:
        ns, ew = SCORES[kind]
        pieces += [f"\n{kind} NS ", ns, " EW ", ew]
    return pieces


def _json_list(items: Sequence[list[Piece]]) -> list[Piece]:
    pieces: list[Piece] = ["["]
    for i, item in enumerate(items):
        pieces += [", "] * (i > 0) + item
    return [*pieces, "]"]


def _json_tiles(tiles: Sequence[Field]) -> list[Piece]:
    return _json_list([['"', tile, '"'] for tile in tiles])


def _json_hand() -> list[Piece]:
    """A hand as the JSON writer lays it out (:mod:`notation.formats.json.form`, one line)."""
    deal = _json_list([[f'{{"seat": "{seat}", "tiles": ', *_json_tiles(DEAL[seat]), "}"]
                       for seat in SEATS])
    calls = _json_list(
        [['{"seat": "', seat, '", "bid": ', bid, "}"] for seat, bid in CALLS]
    )
    tricks = _json_list(
        [
            [f'{{"number": {k + 1}, "leader": "', LEADERS[k], '", "plays": ',
             *_json_tiles(PLAYS[k]), "}"]
            for k in range(TRICKS_IN_A_HAND)
        ]
    )
    pieces: list[Piece] = ['{"number": ', NUMBER, ', "dealer": "', DEALER, '", "deal": ', *deal]
    pieces += [', "auction": {"calls": ', *calls, "}"]
    pieces += [', "trump": {"seat": "', TRUMP_SEAT, '", "suit": "', TRUMP_SUIT, '"']
    pieces += [Optional(', "doubles": "', TRUMP_DOUBLES, '"'), "}"]
    pieces += [', "tricks": ', *tricks]
    for kind in SCORE_KINDS:
        ns, ew = SCORES[kind]
        pieces += [f', "{kind}": {{"NS": ', ns, ', "EW": ', ew, "}"]
    return [*pieces, "}"]


def _fields_of(pieces: Sequence[Piece]) -> Iterator[Field]:
    for piece in pieces:
        if isinstance(piece, Field):
            yield piece
        elif isinstance(piece, Optional):
            yield piece.field


def _pattern(pieces: Sequence[Piece], json: bool) -> str:
    """The regular expression of a layout: a named group for each field."""
    parts = []
    for piece in pieces:
        if isinstance(piece, str):
            parts.append(re.escape(piece))
        elif isinstance(piece, Field):
            parts.append(f"(?P<{piece.name}>{piece.kind.pattern(json)})")
        else:
            field = piece.field
            parts.append(
                f"(?:{re.escape(piece.before)}(?P<{field.name}>{field.kind.pattern(json)})"
                f"{re.escape(piece.after)})?"
            )
    return "".join(parts)


def _template(pieces: Sequence[Piece], order: Sequence[Field]) -> str:
    """The :meth:`str.format` template of a layout: each field by its place in ``order``."""
    at = {field.name: i for i, field in enumerate(order)}
    parts = []
    for piece in pieces:
        if isinstance(piece, str):
            parts.append(piece.replace("{", "{{").replace("}", "}}"))
        else:
            field = piece if isinstance(piece, Field) else piece.field
            parts.append(f"{{{at[field.name]}}}")
    return "".join(parts)


def _folded(pieces: Sequence[Piece]) -> list[Piece]:
    """The layout with each run of white space one space, and none at either end."""
    folded: list[Piece] = []
    for piece in pieces:
        if isinstance(piece, str) and folded and isinstance(folded[-1], str):
            folded[-1] += piece  # literals that meet are folded as one
        else:
            folded.append(piece)
    folded = [re.sub(r"\s+", " ", p) if isinstance(p, str) else p for p in folded]
    if isinstance(folded[0], str):
        folded[0] = folded[0].lstrip()
    return folded


class Form:
    """A hand of one form: the pattern that reads it and the template that writes it."""

    def __init__(self, name: str, pieces: Sequence[Piece], *, json: bool) -> None:
        # The groups of a match are a hand's fields in FIELDS' order only if the layout
        # writes them in that order.
        if tuple(_fields_of(pieces)) != FIELDS:
            raise ValueError(f"the {name} layout does not write the fields in order")
        self.name = name
        self.pieces = tuple(pieces)
        self.pattern = re.compile(_pattern(pieces, json))
        self.template = _template(pieces, FIELDS)
        self._optional = tuple(
            (AT[p.field.name], p.before, p.after) for p in pieces if isinstance(p, Optional)
        )

    def read(self, text: str, at: int = 0) -> Sequence[str] | None:
        """The fields of a hand written in this form from ``at`` (perhaps followed by more
        text); None for a hand written otherwise."""
        match = self.pattern.match(text, at)
        return None if match is None else match.groups()

    def read_whole(self, text: str) -> Sequence[str] | None:
        """The fields of a hand that is the whole of ``text``; None for anything else."""
        match = self.pattern.fullmatch(text)
        return None if match is None else match.groups()

    def prefix(self, field: Field) -> str:
        """The text written before an optional field."""
        return next(p.before for p in self.pieces if isinstance(p, Optional) and p.field == field)

    def write(self, fields: Sequence[str | None]) -> str:
        """A hand in this form from its fields (each already in this form's words; an
        optional field None when left out)."""
        values = list(fields)
        for at, before, after in self._optional:
            value = values[at]
            values[at] = "" if value is None else f"{before}{value}{after}"
        return self.template.format(*values)


NOTATION = Form("notation", tuple(_notation_hand()), json=False)
JSON = Form("JSON", tuple(_json_hand()), json=True)
# The notation layout with its white space folded: what folded_hand makes of a hand.
FOLDED = Form("folded notation", tuple(_folded(_notation_hand())), json=False)

# ---- the fields by name, as groups of fields ----


def _span(fields: Sequence[Field]) -> slice:
    """The places of fields that stand together."""
    first = AT[fields[0].name]
    if [AT[f.name] for f in fields] != list(range(first, first + len(fields))):
        raise ValueError("the fields do not stand together")
    return slice(first, first + len(fields))


def _getter(fields: Sequence[Field]) -> Callable[[Sequence[str]], tuple[str, ...]]:
    """The values of ``fields`` from a hand's fields, in their order."""
    first, *rest = (AT[field.name] for field in fields)
    return itemgetter(first, *rest)


HELD = tuple(_span(DEAL[seat]) for seat in SEATS)  # each seat's dealt tiles, N E S W
AUCTION = _getter([DEALER, *(field for call in CALLS for field in call)])
BIDS = tuple(AT[bid.name] for _, bid in CALLS)
LEADER_FIELDS = _getter(LEADERS)
PLAYED_TILES = _getter([tile for trick in PLAYS for tile in trick])
FIRST_PLAY = AT[PLAYS[0][0].name]
WRITTEN = _span([field for kind in SCORE_KINDS for field in SCORES[kind]])
# The places of the six numbers written: points, marks, total; NS then EW.
POINTS_NS, POINTS_EW = (AT[f.name] for f in SCORES["points"])
MARKS_NS, MARKS_EW = (AT[f.name] for f in SCORES["marks"])
TOTAL_NS, TOTAL_EW = (AT[f.name] for f in SCORES["total"])
NUMBER_AT, DEALER_AT = AT[NUMBER.name], AT[DEALER.name]
TRUMP_SEAT_AT, TRUMP_SUIT_AT = AT[TRUMP_SEAT.name], AT[TRUMP_SUIT.name]
TRUMP_DOUBLES_AT = AT[TRUMP_DOUBLES.name]

# ---- tags and games ----

_NOTATION_TAG: tuple[Piece, ...] = ("[", TAG_NAME, ' "', TAG_VALUE, '"]')
_JSON_TAG: tuple[Piece, ...] = ('{"name": "', TAG_NAME, '", "value": "', TAG_VALUE, '"}')
NOTATION_TAG = re.compile(_pattern(_NOTATION_TAG, json=False))
JSON_TAG = re.compile(_pattern(_JSON_TAG, json=True))
NOTATION_TAG_TEMPLATE = _template(_NOTATION_TAG, (TAG_NAME, TAG_VALUE))
JSON_TAG_TEMPLATE = _template(_JSON_TAG, (TAG_NAME, TAG_VALUE))
NOTATION_TAG_BREAK = "\n"  # between the tags of a block
NOTATION_HAND_BREAK = "\n\n"  # between the tag block and each hand
JSON_SEPARATOR = ", "  # between the tags, and between the hands, of a JSON line
JSON_HEAD = f'{{"format": "{FORMAT}", "version": {VERSION}, "tags": ['
JSON_HANDS = '], "hands": ['
JSON_END = "]}"


def without_names(pattern: str) -> str:
    """A pattern made by :func:`_pattern` with its named groups made plain."""
    return re.sub(r"\(\?P<\w+>", "(?:", pattern)


_JSON_TAG_NO_GROUPS = without_names(JSON_TAG.pattern)
JSON_HEAD_PATTERN = re.compile(
    rf"{re.escape(JSON_HEAD)}((?:{_JSON_TAG_NO_GROUPS}(?:{re.escape(JSON_SEPARATOR)}"
    rf"{_JSON_TAG_NO_GROUPS})*)?){re.escape(JSON_HANDS)}"
)
JSON_END_PATTERN = re.compile(rf"{re.escape(JSON_END)}\n?\Z")


def notation_tag(name: str, value: str) -> str:
    return NOTATION_TAG_TEMPLATE.format(name, value)


def json_tag(name: str, value: str) -> str:
    return JSON_TAG_TEMPLATE.format(name, value)


# ---- the fast mode of the reader: a hand's text without what the grammar lets go ----


class _Grammar(NamedTuple):
    """What the reader's grammar says may come between words, and its words of any case."""

    comments: re.Pattern[str]  # LINE_COMMENT or BRACE_COMMENT
    gaps: re.Pattern[str]  # WHITESPACE
    # The characters below 128 that str.split takes for white space and the grammar does
    # not, or the other way: where none is, str.split cuts an ASCII text as the grammar does.
    odd_spaces: tuple[str, ...]
    # the terminals whose case does not matter, and whether the canonical form writes
    # them in capitals (seats and teams) or small letters (every other word)
    any_case: tuple[tuple[re.Pattern[str], bool], ...]
    tag_gaps: re.Pattern[str]  # a quoted tag value, or a comment


CAPITALS = ("SEAT", "TEAM")  # the terminals the canonical form writes in capitals


@cache
def _grammar() -> _Grammar:
    lark = grammar_parser()

    def regexp(name: str) -> str:
        return terminal_pattern(lark, name).pattern

    comments = f"{regexp('LINE_COMMENT')}|{regexp('BRACE_COMMENT')}"
    gaps = terminal_pattern(lark, "WHITESPACE")
    any_case = tuple(
        (terminal_pattern(lark, terminal.name), terminal.name in CAPITALS)
        for terminal in lark.terminals
        if "i" in terminal.pattern.flags
    )
    odd = tuple(c for c in map(chr, range(128)) if c.isspace() != bool(gaps.fullmatch(c)))
    return _Grammar(
        re.compile(comments, TERMINAL_FLAGS),
        gaps,
        odd,
        any_case,
        re.compile(f"({regexp('TAG_VALUE')})|{comments}", TERMINAL_FLAGS),
    )


_FOLDED_WORDS: dict[str, str] = {}
_MEMORY = 10_000  # words remembered at most: a file made to hold many must not fill memory


def _fold(word: str) -> str:
    """A word as the canonical form writes it, when a terminal of any case reads it."""
    folded = word
    for pattern, capitals in _grammar().any_case:
        if pattern.fullmatch(word):
            folded = word.upper() if capitals else word.lower()
            break
    if len(_FOLDED_WORDS) < _MEMORY:
        _FOLDED_WORDS[word] = folded
    return folded


def folded_hand(text: str) -> str | None:
    """A hand's text as the grammar reads it: without its comments, its words one space
    apart (their case as written: see :func:`folded_case`); None for text holding a quote
    (which opens a tag value: no hand has one, and a comment mark inside it is none)."""
    if '"' in text:
        return None
    grammar = _grammar()
    if "{" in text or ";" in text:
        text = grammar.comments.sub(" ", text)
    if text.isascii() and not any(space in text for space in grammar.odd_spaces):
        return " ".join(text.split())  # the same cuts as the grammar's, and much quicker
    return " ".join([word for word in grammar.gaps.split(text) if word])


def folded_case(words: str) -> str:
    """Words one space apart (as :func:`folded_hand` gives them) each as the canonical form
    writes it: seats and teams in capitals, every other word the grammar reads in any case
    in small letters."""
    known = _FOLDED_WORDS.get
    return " ".join([known(word) or _fold(word) for word in words.split(" ")])


def folded_tags(text: str) -> str:
    """A tag block's text without its comments (a comment mark inside a quoted value is
    none), each comment a space."""
    if "{" not in text and ";" not in text:
        return text
    pieces = []
    at = 0
    for match in _grammar().tag_gaps.finditer(text):
        if match.group(1) is None:  # a comment
            pieces += [text[at : match.start()], " "]
            at = match.end()
    return "".join([*pieces, text[at:]])


@cache
def folded_tag_block() -> re.Pattern[str]:
    """Plain tags with any white space of the grammar around and between them."""
    gap = _grammar().gaps.pattern
    tag = without_names(NOTATION_TAG.pattern)
    return re.compile(rf"(?:{gap})?(?:{tag}(?:{gap})?)*{tag}(?:{gap})?\Z")
