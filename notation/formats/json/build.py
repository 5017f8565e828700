"""The game a JSON game document holds: the one builder that both JSON readers feed.

:mod:`notation.formats.json.fast` decodes a record quickly and checks it with jsonschema-rs;
:mod:`notation.formats.json.form` decodes it carefully, checks it with ``jsonschema`` and words what
is wrong. Either way a document valid against ``game.schema.json`` comes here to be made
into a :class:`~notation.model.game.Game`, so the two cannot read one record two ways. A call's
doubles left out are the table's, decided by
:meth:`notation.model.rule_sets.RuleSet.trump_called`, where the notation's are.

This is on the quick path of every JSON record: the model's items are made with quick
constructors, and a play with no comments is shared (see ``_PLAYS``).

>>> doc = {"format": "t42-game", "version": 1, "tags": [{"name": "rules", "value": "texas"}],
...        "hands": [{"number": 1, "dealer": "N",
...                   "trump": {"seat": "E", "suit": "follow-me", "contract": "nello"}}]}
>>> game = build_game(doc)
>>> game.tag("Rules"), str(game.hands[0].trump.trump)
('texas', 'nello doubles-own-suit')
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import replace
from typing import Any, TypeVar

from notation.errors import T42Error
from notation.formats.json.document import DocumentPath
from notation.model.bids import Bid, BidKind
from notation.model.construct import quick_constructor
from notation.model.contracts import PIP_NAMES, DoublesRank, Special, TrumpKind, parse_special
from notation.model.game import (
    SCORE_ORDER,
    Auction,
    Call,
    Comment,
    Ending,
    EndKind,
    Game,
    Glyph,
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
    with_roster,
)
from notation.model.rule_sets import RulesError, RuleSet
from notation.model.seats import Seat
from notation.model.tiles import TILE_NAMED

SCHEMA_FILE = "game.schema.json"  # the schema of the documents built here

_SEATS = {seat.value: seat for seat in Seat}
_SUITS = {name: pip for pip, name in enumerate(PIP_NAMES)}
_DOUBLES = {rank.value: rank for rank in DoublesRank}
_SPECIALS = {special.value: special for special in Special}
_END_KINDS = {kind.value: kind for kind in EndKind}
_SCORE_KEYS = tuple((kind, kind.value) for kind in SCORE_ORDER)
_NO_COMMENTS: tuple[tuple[Comment, ...], tuple[Comment, ...]] = ((), ())


class Unvouched(T42Error, ValueError):
    """A valid document whose meaning the builder cannot vouch for: the careful reader
    words what is wrong with it."""


_Auction = quick_constructor(Auction)
_Bid = quick_constructor(Bid)
_Call = quick_constructor(Call)
_Comment = quick_constructor(Comment)
_Game = quick_constructor(Game)
_Tag = quick_constructor(Tag)
_Ending = quick_constructor(Ending)
_Hand = quick_constructor(Hand)
_HandHeader = quick_constructor(HandHeader)
_Holding = quick_constructor(Holding)
_Play = quick_constructor(Play)
_ScoreLine = quick_constructor(ScoreLine)
_Trick = quick_constructor(Trick)
_TrumpCall = quick_constructor(TrumpCall)
_Variation = quick_constructor(Variation)
_GLYPHS = {glyph.value: glyph for glyph in Glyph}
# A play with no comments is the same value wherever its tile is played: one for each tile.
# Within a trick each play stays a distinct object (the rules check compares plays by
# identity there), so a trick that names a tile twice gets plays of its own.
_PLAYS: dict[str, Play] = {name: Play(tile) for name, tile in TILE_NAMED.items()}
_PLAY_OF = _PLAYS.__getitem__
_TILE_OF = TILE_NAMED.__getitem__


def _comments(item: Mapping[str, Any]) -> tuple[tuple[Comment, ...], tuple[Comment, ...]]:
    comments = item["comments"]
    before = tuple([_Comment(c["text"].strip(), c["braced"]) for c in comments.get("before", ())])
    after = tuple([_Comment(c["text"].strip(), c["braced"]) for c in comments.get("after", ())])
    return before, after


def _line_comments(item: Mapping[str, Any]) -> tuple[tuple[Comment, ...], tuple[Comment, ...]]:
    """The comments of a line, which must end with its only ; comment, if it has one."""
    before, after = _comments(item)
    if not all(c.braced for c in after[:-1]):
        raise Unvouched  # a ; comment before another: the careful reader says so
    return before, after


def _bid(value: str | int | float) -> Bid:
    if value == "pass":
        return _Bid(BidKind.PASS)
    if isinstance(value, str):
        return _Bid(BidKind.MARKS, int(value[:-1]))
    # The schema lets 30.0 stand for 30; Bid.points makes 42 and 84 the marks they are.
    return Bid.points(int(value))


# The bids of a usual auction, made once (a bid is a value, compared by what it promises).
_BIDS: dict[str | int, Bid] = {
    written: _bid(written) for written in ("pass", *range(30, 43), *(f"{m}m" for m in range(1, 8)))
}


def _annotations(doc: Mapping[str, Any], rules: RuleSet) -> tuple[
    Glyph | None, tuple[Variation, ...]
]:
    """The glyph and the variations of a call, trump call or play."""
    glyph = _GLYPHS[doc["glyph"]] if "glyph" in doc else None
    variations = tuple([_variation(v, rules) for v in doc.get("variations", ())])
    return glyph, variations


def _call(doc: Mapping[str, Any], rules: RuleSet) -> Call:
    written = doc["bid"]
    seat, bid = _SEATS[doc["seat"]], _BIDS.get(written) or _bid(written)
    if "contract" in doc:  # a bid that announces its contract: 4m-plunge
        bid = Bid(bid.kind, bid.amount, parse_special(doc["contract"]))
    if "glyph" in doc or "variations" in doc:
        notes = _comments(doc) if "comments" in doc else _NO_COMMENTS
        return _Call(seat, bid, *notes, None, *_annotations(doc, rules))
    if "comments" in doc:
        return _Call(seat, bid, *_comments(doc))
    return _Call(seat, bid)


def _variation(doc: Mapping[str, Any], rules: RuleSet) -> Variation:
    """A variation: its items with their comments as written."""
    comments = tuple([_Comment(c["text"].strip(), c["braced"]) for c in doc.get("comments", ())])
    trump, ending = doc.get("trump"), doc.get("ending")
    return _Variation(
        tuple([_call(c, rules) for c in doc.get("calls", ())]),
        None if trump is None else _trump(trump, rules, in_variation=True),
        tuple([_play(p, rules) for p in doc.get("plays", ())]),
        tuple([_trick(t, rules, in_variation=True) for t in doc.get("tricks", ())]),
        None if ending is None else _ending(ending, in_variation=True),
        tuple([_score(kind, doc[key], in_variation=True) for kind, key in _SCORE_KEYS
               if key in doc]),
        comments,
    )


def _auction(doc: Mapping[str, Any], rules: RuleSet) -> Auction:
    calls = tuple([_call(c, rules) for c in doc["calls"]])
    if "comments" in doc:
        return _Auction(calls, *_line_comments(doc))
    return _Auction(calls)


def _trump(doc: Mapping[str, Any], rules: RuleSet, in_variation: bool = False) -> TrumpCall:
    suit: str = doc["suit"]
    if suit == "follow-me":
        kind, pip = TrumpKind.FOLLOW_ME, None
    elif suit == "doubles":
        kind, pip = TrumpKind.DOUBLES, None
    else:
        kind, pip = TrumpKind.PIP, _SUITS[suit]
    doubles = _DOUBLES[doc["doubles"]] if "doubles" in doc else None
    special = _SPECIALS[doc["contract"]] if "contract" in doc else None
    # The doubles a call leaves out are the table's, decided where the notation's are.
    trump = rules.trump_called(kind, pip, doubles, special)
    seat = _SEATS[doc["seat"]] if "seat" in doc else None
    comments = _notes(doc, in_variation)
    return _TrumpCall(trump, seat, *comments, None, *_annotations(doc, rules))


def _notes(doc: Mapping[str, Any], in_variation: bool) -> tuple[
    tuple[Comment, ...], tuple[Comment, ...]
]:
    """The comments of a line; inside a variation, as written."""
    if "comments" not in doc:
        return _NO_COMMENTS
    return _comments(doc) if in_variation else _line_comments(doc)


def _play(doc: str | Mapping[str, Any], rules: RuleSet) -> Play:
    if isinstance(doc, str):
        return _Play(TILE_NAMED[doc])
    if "glyph" in doc or "variations" in doc:
        notes = _comments(doc) if "comments" in doc else _NO_COMMENTS
        return _Play(TILE_NAMED[doc["tile"]], *notes, None, *_annotations(doc, rules))
    if "comments" in doc:
        return _Play(TILE_NAMED[doc["tile"]], *_comments(doc))
    return _Play(TILE_NAMED[doc["tile"]])


def _trick(doc: Mapping[str, Any], rules: RuleSet, in_variation: bool = False) -> Trick:
    written = doc["plays"]
    try:
        # Plays without comments, the usual, each tile once (a play with comments is a dict,
        # which is no key).
        plays = tuple(map(_PLAY_OF, written))
        shared = len(set(written)) == len(written)
    except TypeError:
        shared = False
    if not shared:
        plays = tuple([_play(p, rules) for p in written])
    number, leader = int(doc["number"]), _SEATS[doc["leader"]]
    if "comments" in doc:
        return _Trick(number, leader, plays, *_notes(doc, in_variation))
    return _Trick(number, leader, plays)


def _holding(doc: Mapping[str, Any]) -> Holding:
    seat, tiles = _SEATS[doc["seat"]], tuple(map(_TILE_OF, doc["tiles"]))
    if "comments" in doc:
        return _Holding(seat, tiles, *_line_comments(doc))
    return _Holding(seat, tiles)


def _ending(doc: Mapping[str, Any], in_variation: bool = False) -> Ending:
    seat = _SEATS[doc["seat"]] if "seat" in doc else None
    return _Ending(_END_KINDS[doc["kind"]], seat, *_notes(doc, in_variation))


def _score(kind: ScoreKind, doc: Mapping[str, Any], in_variation: bool = False) -> ScoreLine:
    ns, ew = int(doc["NS"]), int(doc["EW"])
    if "comments" in doc:
        return _ScoreLine(kind, ns, ew, *_notes(doc, in_variation))
    return _ScoreLine(kind, ns, ew)


def _hand(doc: Mapping[str, Any], rules: RuleSet) -> Hand:
    number, dealer = int(doc["number"]), _SEATS[doc["dealer"]]
    if "comments" in doc:
        header = _HandHeader(number, dealer, *_line_comments(doc))
    else:
        header = _HandHeader(number, dealer)
    deal, auction, trump = doc.get("deal"), doc.get("auction"), doc.get("trump")
    tricks, ending = doc.get("tricks"), doc.get("ending")
    return _Hand(
        header,
        () if deal is None else tuple([_holding(h) for h in deal]),
        None if auction is None else _auction(auction, rules),
        None if trump is None else _trump(trump, rules),
        () if tricks is None else tuple([_trick(t, rules) for t in tricks]),
        None if ending is None else _ending(ending),
        tuple([_score(kind, doc[key]) for kind, key in _SCORE_KEYS if key in doc]),
    )


def _tag(doc: Mapping[str, Any]) -> Tag:
    name = tag_name(doc["name"])
    comments = _line_comments(doc) if "comments" in doc else _NO_COMMENTS
    return _Tag(name, doc["value"], *comments)  # each its own object: with_roster needs that


def build_game(doc: Mapping[str, Any]) -> Game:
    """The game of a document valid against the schema.

    Raises :class:`Unvouched` for a tag written twice or a ; comment before another
    after a line, which the schema lets through and only the careful reader words; a
    document the schema refuses may raise anything.
    """
    tags = tuple([_tag(t) for t in doc["tags"]])
    if len({t.name for t in tags}) < len(tags):
        raise Unvouched  # a tag written twice: the careful reader says which
    tags = with_roster(tags)
    try:
        rules = _Game(tags).rules
    except (RulesError, ValueError):
        rules = RuleSet()  # the reader reports the unknown rules and checks under these
    return _Game(tags, tuple([_hand(h, rules) for h in doc["hands"]]))


# ---- where a game's items are in its document ----


def with_spans(
    game: Game,
    span_at: Callable[[DocumentPath], Span | None],
    hands: Collection[int] | None = None,
) -> Game:
    """The game built from a document with each item's span where ``span_at`` says the
    item's value is, given its path in the document: a hand's header at its hand, a deal
    line, call, trump, trick, play, end or score line at its own object (a deal's tiles too).
    Only the hands at the indexes ``hands`` are placed, when given.

    For a game with findings, so that they say where they are; the tags keep no span (the
    rules check points at none).
    """
    return _Game(
        game.tags,
        tuple(
            [
                _hand_with_spans(h, ("hands", i), span_at) if hands is None or i in hands else h
                for i, h in enumerate(game.hands)
            ]
        ),
    )


def _hand_with_spans(
    hand: Hand, at: DocumentPath, span_at: Callable[[DocumentPath], Span | None]
) -> Hand:
    deal = []
    for j, holding in enumerate(hand.deal):
        here = (*at, "deal", j)
        tiles = [span_at((*here, "tiles", k)) for k in range(len(holding.tiles))]
        placed_tiles = tuple(t for t in tiles if t is not None)
        if len(placed_tiles) != len(tiles):
            placed_tiles = ()
        deal.append(replace(holding, span=span_at(here), tile_spans=placed_tiles))
    auction = hand.auction
    if auction is not None:
        here = (*at, "auction")
        calls = _placed(auction.calls, (*here, "calls"), span_at)
        auction = replace(auction, calls=calls, span=span_at(here))
    trump = hand.trump and _placed_one(hand.trump, (*at, "trump"), span_at)
    tricks = _placed_tricks(hand.tricks, (*at, "tricks"), span_at)
    ending = hand.ending and replace(hand.ending, span=span_at((*at, "ending")))
    scores = tuple(replace(s, span=span_at((*at, s.kind.value))) for s in hand.scores)
    return _Hand(
        replace(hand.header, span=span_at(at)),
        tuple(deal),
        auction,
        trump,
        tuple(tricks),
        ending,
        scores,
    )


_Annotated = TypeVar("_Annotated", Call, TrumpCall, Play)


def _placed_one(
    item: _Annotated, at: DocumentPath, span_at: Callable[[DocumentPath], Span | None]
) -> _Annotated:
    """A call, trump call or play with its span, and its variations' items with theirs."""
    if not item.variations:
        return replace(item, span=span_at(at))
    variations = tuple(
        _placed_variation(v, (*at, "variations", k), span_at)
        for k, v in enumerate(item.variations)
    )
    return replace(item, span=span_at(at), variations=variations)


def _placed(
    items: tuple[_Annotated, ...], at: DocumentPath,
    span_at: Callable[[DocumentPath], Span | None],
) -> tuple[_Annotated, ...]:
    return tuple(_placed_one(item, (*at, k), span_at) for k, item in enumerate(items))


def _placed_tricks(
    tricks: tuple[Trick, ...], at: DocumentPath, span_at: Callable[[DocumentPath], Span | None]
) -> tuple[Trick, ...]:
    return tuple(
        replace(
            trick, plays=_placed(trick.plays, (*at, j, "plays"), span_at), span=span_at((*at, j))
        )
        for j, trick in enumerate(tricks)
    )


def _placed_variation(
    variation: Variation, at: DocumentPath, span_at: Callable[[DocumentPath], Span | None]
) -> Variation:
    trump, ending = variation.trump, variation.ending
    placed = replace(
        variation,
        calls=_placed(variation.calls, (*at, "calls"), span_at),
        trump=None if trump is None else _placed_one(trump, (*at, "trump"), span_at),
        plays=_placed(variation.plays, (*at, "plays"), span_at),
        tricks=_placed_tricks(variation.tricks, (*at, "tricks"), span_at),
        ending=None if ending is None else replace(ending, span=span_at((*at, "ending"))),
        scores=tuple(replace(s, span=span_at((*at, s.kind.value))) for s in variation.scores),
    )
    # A span in JSON is where a value starts; the variation's runs on to where its last
    # item starts, so that it holds every item of it (as a variation's span does in text).
    start = span_at(at)
    spans: list[Span | None] = [c.span for c in placed.calls]
    spans += [p.span for p in placed.plays]
    spans += [t.span for t in placed.tricks] + [p.span for t in placed.tricks for p in t.plays]
    spans += [s.span for s in placed.scores]
    spans += [placed.trump.span if placed.trump is not None else None,
              placed.ending.span if placed.ending is not None else None]
    starts = [(s.line, s.column) for s in spans if s is not None]
    if start is not None and starts:
        line, column = max(starts)
        start = Span(start.line, start.column, line, column + 1)
    return replace(placed, span=start)
