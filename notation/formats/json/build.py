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
from typing import Any

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


def _call(doc: Mapping[str, Any]) -> Call:
    written = doc["bid"]
    seat, bid = _SEATS[doc["seat"]], _BIDS.get(written) or _bid(written)
    if "contract" in doc:  # a bid that announces its contract: 4m-plunge
        bid = Bid(bid.kind, bid.amount, parse_special(doc["contract"]))
    if "comments" in doc:
        return _Call(seat, bid, *_comments(doc))
    return _Call(seat, bid)


def _auction(doc: Mapping[str, Any]) -> Auction:
    calls = tuple([_call(c) for c in doc["calls"]])
    if "comments" in doc:
        return _Auction(calls, *_line_comments(doc))
    return _Auction(calls)


def _trump(doc: Mapping[str, Any], rules: RuleSet) -> TrumpCall:
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
    comments = _line_comments(doc) if "comments" in doc else _NO_COMMENTS
    return _TrumpCall(trump, seat, *comments)


def _play(doc: str | Mapping[str, Any]) -> Play:
    if isinstance(doc, str):
        return _Play(TILE_NAMED[doc])
    if "comments" in doc:
        return _Play(TILE_NAMED[doc["tile"]], *_comments(doc))
    return _Play(TILE_NAMED[doc["tile"]])


def _trick(doc: Mapping[str, Any]) -> Trick:
    written = doc["plays"]
    try:
        # Plays without comments, the usual, each tile once (a play with comments is a dict,
        # which is no key).
        plays = tuple(map(_PLAY_OF, written))
        shared = len(set(written)) == len(written)
    except TypeError:
        shared = False
    if not shared:
        plays = tuple([_play(p) for p in written])
    number, leader = int(doc["number"]), _SEATS[doc["leader"]]
    if "comments" in doc:
        return _Trick(number, leader, plays, *_line_comments(doc))
    return _Trick(number, leader, plays)


def _holding(doc: Mapping[str, Any]) -> Holding:
    seat, tiles = _SEATS[doc["seat"]], tuple(map(_TILE_OF, doc["tiles"]))
    if "comments" in doc:
        return _Holding(seat, tiles, *_line_comments(doc))
    return _Holding(seat, tiles)


def _ending(doc: Mapping[str, Any]) -> Ending:
    seat = _SEATS[doc["seat"]] if "seat" in doc else None
    comments = _line_comments(doc) if "comments" in doc else _NO_COMMENTS
    return _Ending(_END_KINDS[doc["kind"]], seat, *comments)


def _score(kind: ScoreKind, doc: Mapping[str, Any]) -> ScoreLine:
    ns, ew = int(doc["NS"]), int(doc["EW"])
    if "comments" in doc:
        return _ScoreLine(kind, ns, ew, *_line_comments(doc))
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
        None if auction is None else _auction(auction),
        None if trump is None else _trump(trump, rules),
        () if tricks is None else tuple([_trick(t) for t in tricks]),
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
        calls = tuple(
            replace(c, span=span_at((*here, "calls", k))) for k, c in enumerate(auction.calls)
        )
        auction = replace(auction, calls=calls, span=span_at(here))
    trump = hand.trump and replace(hand.trump, span=span_at((*at, "trump")))
    tricks = []
    for j, trick in enumerate(hand.tricks):
        here = (*at, "tricks", j)
        plays = tuple(
            replace(p, span=span_at((*here, "plays", k))) for k, p in enumerate(trick.plays)
        )
        tricks.append(replace(trick, plays=plays, span=span_at(here)))
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
