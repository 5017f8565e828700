"""The record of a game as written: tags, then hands of deal, auction, trump, tricks and score.

These classes hold what the scorekeeper wrote, not a judgement of it: a bid out of turn or a
renege is recorded faithfully and reported by :mod:`notation.check.validate`. Every item remembers
where it was written (``span``, ignored by ``==``) and the comments attached to it.

>>> from notation.model.tiles import Tile
>>> t = Trick(1, Seat.S, (Play(Tile(4, 3)), Play(Tile(5, 5))))
>>> [str(s) for s in t.seats()]
['S', 'W']
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from datetime import date
from typing import ClassVar, NamedTuple

from notation.errors import expect, expect_each
from notation.model.bids import Bid
from notation.model.contracts import Trump
from notation.model.rule_sets import RuleSet, tagged_rules
from notation.model.seats import Seat, Team, play_order
from notation.model.tiles import Tile
from notation.model.written import WrittenEnum

ROSTER: tuple[str, ...] = ("Event", "Site", "Date", "North", "East", "South", "West", "Rules")


def date_value(day: date) -> str:
    """The value of a ``Date`` tag for ``day``: ``YYYY.MM.DD``, the notation's form
    (docs/notation.md, Tags). Everything that writes a date into a record calls this.

    >>> date_value(date(2015, 11, 19))
    '2015.11.19'
    """
    return f"{day.year:04}.{day.month:02}.{day.day:02}"


UNKNOWN = "?"
_STANDARD_TAGS = {name.lower(): name for name in (*ROSTER, "Options")}


def tag_name(name: str) -> str:
    """A tag's name as t42 writes it: the standard names are not case-sensitive.

    >>> tag_name("event"), tag_name("RULES"), tag_name("scorer")
    ('Event', 'Rules', 'scorer')
    """
    return _STANDARD_TAGS.get(name.lower(), name)


class Span(NamedTuple):
    """Where an item was written: 1-based line and column of its first character, and of the
    place just after its last (a named tuple: the reader makes dozens a hand, cheaply)."""

    line: int
    column: int
    end_line: int
    end_column: int


@dataclass(frozen=True, slots=True)
class Comment:
    """A comment: ``braced`` for ``{ … }``, otherwise a ``;`` comment to the end of the line."""

    text: str
    braced: bool = False

    def __post_init__(self) -> None:
        expect("Comment", "text", self.text, str)
        expect("Comment", "braced", self.braced, bool)


@dataclass(frozen=True, slots=True)
class Tag:
    name: str
    value: str
    before: tuple[Comment, ...] = ()
    after: tuple[Comment, ...] = ()
    span: Span | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        expect("Tag", "name", self.name, str)
        expect("Tag", "value", self.value, str)
        _expect_comments("Tag", self)


@dataclass(frozen=True, slots=True)
class Holding:
    """The tiles dealt to one seat, as written on a ``deal`` line."""

    seat: Seat
    tiles: tuple[Tile, ...]
    before: tuple[Comment, ...] = ()
    after: tuple[Comment, ...] = ()
    span: Span | None = field(default=None, compare=False, repr=False)
    tile_spans: tuple[Span, ...] = field(default=(), compare=False, repr=False)

    def __post_init__(self) -> None:
        expect("Holding", "seat", self.seat, Seat)
        expect_each("Holding", "tiles", self.tiles, Tile)
        _expect_comments("Holding", self)


@dataclass(frozen=True, slots=True)
class Call:
    """One seat's turn in the auction: a bid or a pass."""

    seat: Seat
    bid: Bid
    before: tuple[Comment, ...] = ()
    after: tuple[Comment, ...] = ()
    span: Span | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        expect("Call", "seat", self.seat, Seat)
        expect("Call", "bid", self.bid, Bid)
        _expect_comments("Call", self)


@dataclass(frozen=True, slots=True)
class Auction:
    calls: tuple[Call, ...]
    before: tuple[Comment, ...] = ()
    after: tuple[Comment, ...] = ()
    span: Span | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        expect_each("Auction", "calls", self.calls, Call)
        _expect_comments("Auction", self)

    @property
    def winning_call(self) -> Call | None:
        """The last bid that is not a pass (the auction's winner if the bids were legal)."""
        bids = [c for c in self.calls if not c.bid.is_pass]
        return bids[-1] if bids else None


@dataclass(frozen=True, slots=True)
class TrumpCall:
    """The trump named after the auction; ``seat`` is who named it, if written."""

    trump: Trump
    seat: Seat | None = None
    before: tuple[Comment, ...] = ()
    after: tuple[Comment, ...] = ()
    span: Span | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        expect("TrumpCall", "trump", self.trump, Trump)
        expect("TrumpCall", "seat", self.seat, (Seat, type(None)))
        _expect_comments("TrumpCall", self)


@dataclass(frozen=True, slots=True)
class Play:
    tile: Tile
    before: tuple[Comment, ...] = ()
    after: tuple[Comment, ...] = ()
    span: Span | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        expect("Play", "tile", self.tile, Tile)
        _expect_comments("Play", self)


@dataclass(frozen=True, slots=True)
class Trick:
    """One trick as written: its number, the seat that led, and the plays clockwise from it."""

    number: int
    leader: Seat
    plays: tuple[Play, ...]
    before: tuple[Comment, ...] = ()
    after: tuple[Comment, ...] = ()
    span: Span | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        expect("Trick", "number", self.number, int)
        expect("Trick", "leader", self.leader, Seat)
        expect_each("Trick", "plays", self.plays, Play)
        _expect_comments("Trick", self)

    def seats(self, sitting_out: Seat | None = None) -> tuple[Seat, ...]:
        """The seat of each play, clockwise from the leader, passing over a seat that sits
        out (the Nello declarer's partner).

        >>> from notation.model.tiles import Tile
        >>> t = Trick(1, Seat.N, (Play(Tile(4, 3)), Play(Tile(5, 5)), Play(Tile(1, 0))))
        >>> [str(s) for s in t.seats(sitting_out=Seat.S)]
        ['N', 'E', 'W']
        """
        return play_order(self.leader, sitting_out)[: len(self.plays)]

    @property
    def tiles(self) -> tuple[Tile, ...]:
        return tuple(p.tile for p in self.plays)


class EndKind(WrittenEnum):
    """Why a hand stopped before seven tricks (docs/rules.md, Ending a hand early)."""

    MADE = "made"
    SET = "set"
    LAYDOWN = "laydown"


@dataclass(frozen=True, slots=True)
class Ending:
    kind: EndKind
    seat: Seat | None = None  # the seat that laid down its hand
    before: tuple[Comment, ...] = ()
    after: tuple[Comment, ...] = ()
    span: Span | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        expect("Ending", "kind", self.kind, EndKind)
        expect("Ending", "seat", self.seat, (Seat, type(None)))
        _expect_comments("Ending", self)


class ScoreKind(WrittenEnum):
    """What a score line records: points taken, marks awarded, or the running marks."""

    POINTS = "points"
    MARKS = "marks"
    TOTAL = "total"


SCORE_ORDER = (ScoreKind.POINTS, ScoreKind.MARKS, ScoreKind.TOTAL)  # as a hand writes them


@dataclass(frozen=True, slots=True)
class ScoreLine:
    kind: ScoreKind
    ns: int
    ew: int
    before: tuple[Comment, ...] = ()
    after: tuple[Comment, ...] = ()
    span: Span | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        expect("ScoreLine", "kind", self.kind, ScoreKind)
        expect("ScoreLine", "ns", self.ns, int)
        expect("ScoreLine", "ew", self.ew, int)
        _expect_comments("ScoreLine", self)

    def of(self, team: Team) -> int:
        return self.ns if team is Team.NS else self.ew


@dataclass(frozen=True, slots=True)
class HandHeader:
    number: int
    dealer: Seat
    before: tuple[Comment, ...] = ()
    after: tuple[Comment, ...] = ()
    span: Span | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        expect("HandHeader", "number", self.number, int)
        expect("HandHeader", "dealer", self.dealer, Seat)
        _expect_comments("HandHeader", self)


@dataclass(frozen=True, slots=True)
class Hand:
    """One hand of a game, with whatever of it the record holds."""

    header: HandHeader
    deal: tuple[Holding, ...] = ()
    auction: Auction | None = None
    trump: TrumpCall | None = None
    tricks: tuple[Trick, ...] = ()
    ending: Ending | None = None
    scores: tuple[ScoreLine, ...] = ()

    def __post_init__(self) -> None:
        expect("Hand", "header", self.header, HandHeader)
        expect_each("Hand", "deal", self.deal, Holding)
        expect("Hand", "auction", self.auction, (Auction, type(None)))
        expect("Hand", "trump", self.trump, (TrumpCall, type(None)))
        expect_each("Hand", "tricks", self.tricks, Trick)
        expect("Hand", "ending", self.ending, (Ending, type(None)))
        expect_each("Hand", "scores", self.scores, ScoreLine)

    @property
    def number(self) -> int:
        return self.header.number

    @property
    def dealer(self) -> Seat:
        return self.header.dealer

    def holding(self, seat: Seat) -> Holding | None:
        """The tiles dealt to ``seat``, if the record has them."""
        for h in self.deal:
            if h.seat is seat:
                return h
        return None

    def score(self, kind: ScoreKind) -> ScoreLine | None:
        for s in self.scores:
            if s.kind is kind:
                return s
        return None


@dataclass(frozen=True, slots=True)
class Game:
    """A game: its tags (the roster first, ``?`` where unknown) and its hands in order.

    The roster is always whole, as the reader and the writer hold it (docs/notation.md, Tags:
    a missing roster tag is the same as one written ``?``, and the standard names are not
    case-sensitive): a game built with part of it holds the rest as ``?``, so it equals its
    own round trip.

    >>> game = Game((Tag("North", "Ruth"),))
    >>> game.tag("East"), [t.name for t in game.tags][:4]
    ('?', ['Event', 'Site', 'Date', 'North'])
    """

    tags: tuple[Tag, ...]
    hands: tuple[Hand, ...] = ()

    def __post_init__(self) -> None:
        expect_each("Game", "tags", self.tags, Tag)
        expect_each("Game", "hands", self.hands, Hand)
        # The standard names are not case-sensitive: held as t42 writes them ("site" is Site).
        named = tuple(t if tag_name(t.name) == t.name else replace(t, name=tag_name(t.name))
                      for t in self.tags)
        object.__setattr__(self, "tags", with_roster(named))

    def tag(self, name: str) -> str | None:
        for t in self.tags:
            if t.name == name:
                return t.value
        return None

    def tag_item(self, name: str) -> Tag | None:
        for t in self.tags:
            if t.name == name:
                return t
        return None

    @property
    def rules(self) -> RuleSet:
        """The rule set the ``Rules`` and ``Options`` tags name (straight 42 when unknown).

        Raises :class:`notation.model.rule_sets.RulesError` for an unknown name; the reader reports
        that as a located error before a game is built.
        """
        return tagged_rules(self.tag("Rules"), self.tag("Options"))

    def seat_name(self, seat: Seat) -> str:
        return self.tag(seat.name_word) or UNKNOWN

    # What Jupyter shows for a game: its first hand once trump is named, as SVG. The model
    # imports no view: the package (notation/__init__.py) gives it the drawing of
    # notation.views.svg, loaded when first asked for.
    _repr_svg_: ClassVar[Callable[[Game], str]]


def with_roster(tags: tuple[Tag, ...]) -> tuple[Tag, ...]:
    """The tags in canonical order: the roster (``?`` where missing), then the rest as given.

    The first tag of each roster name takes the roster place; a second one (a duplicate, which
    the reader reports) stays among the rest so that nothing written is lost.
    """
    first: dict[str, Tag] = {}
    for t in tags:
        if t.name in ROSTER:
            first.setdefault(t.name, t)
    roster = tuple(first.get(name) or Tag(name, UNKNOWN) for name in ROSTER)
    placed = {id(t) for t in first.values()}
    return roster + tuple(t for t in tags if id(t) not in placed)


def items(hand: Hand) -> Iterator[object]:
    """Every line item of a hand in the order it is written."""
    yield hand.header
    yield from hand.deal
    if hand.auction is not None:
        yield hand.auction
    if hand.trump is not None:
        yield hand.trump
    yield from hand.tricks
    if hand.ending is not None:
        yield hand.ending
    yield from hand.scores


def _expect_comments(owner: str, item: Tag | Holding | Call | Auction | TrumpCall | Play
                     | Trick | Ending | ScoreLine | HandHeader) -> None:
    """The comments before and after an item: tuples of :class:`Comment`."""
    expect_each(owner, "before", item.before, Comment)
    expect_each(owner, "after", item.after, Comment)
