"""The quick reader of JSON game records, for the common case: a record that is valid.

The careful reader in :mod:`notation.json_form` decodes each record with a guarded decoder,
checks it with the pure-Python ``jsonschema`` and says in a player's words what is wrong and
where. That takes milliseconds a game. This module reads a valid record about a hundred
times faster: it decodes with orjson, checks the schema with jsonschema-rs, and builds the game
straight from the document. It vouches for a record only when it is sure the careful reader
would accept it, and then gives the same game; for anything else it answers ``None`` and the
careful reader decides, so every message about a bad record is the careful reader's.

What the schema cannot see, the quick reader refuses to vouch for:

- a field written twice (orjson keeps the last silently): the number of fields written in the
  text is compared with the number decoded (:func:`_no_field_twice`);
- NaN, Infinity, numbers beyond 64 bits, lone surrogates, nesting beyond 1024 levels: orjson
  refuses them, and numbers it reads as floats are beyond the schema's maximum;
- nesting too deep for a game: a valid document is ten levels deep at most;
- a tag written twice, or a ; comment that is not the last after its line (the careful
  reader's meaning check): the builder gives up on them.

>>> games('{"format": "t42-game", "version": 1, "tags": [], "hands": []}')[0].tags[0]
Tag(name='Event', value='?', before=(), after=())
>>> games('{"format": "t42-game", "version": 1, "tags": [], "hands": [], "hands": []}')
[None]
>>> games('{"format": NaN}') is None
True
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from functools import cache
from typing import TYPE_CHECKING, Any

import orjson

from notation.bids import Bid, BidKind
from notation.construct import quick_constructor
from notation.contracts import PIP_NAMES, DoublesRank, Special, Trump, TrumpKind
from notation.game import (
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
    Tag,
    Trick,
    TrumpCall,
    tag_name,
    with_roster,
)
from notation.resources import read_resource
from notation.rules import RulesError, RuleSet
from notation.seats import Seat
from notation.tiles import TILE_NAMED

if TYPE_CHECKING:
    import jsonschema_rs

# As in notation.json_form, which reads with this module (so this one cannot import it).
_SCHEMA_FILE = "game.schema.json"

_SEATS = {seat.value: seat for seat in Seat}
_SUITS = {name: pip for pip, name in enumerate(PIP_NAMES)}
_DOUBLES = {rank.value: rank for rank in DoublesRank}
_SPECIALS = {special.value: special for special in Special}
_END_KINDS = {kind.value: kind for kind in EndKind}
_SCORE_KEYS = tuple((kind, kind.value) for kind in SCORE_ORDER)
_NO_COMMENTS: tuple[tuple[Comment, ...], tuple[Comment, ...]] = ((), ())
# The end of a field name in JSON text: a quote not escaped, spaces perhaps, then a colon.
_FIELD_END = re.compile(r'(?<!\\)"[ \t\n\r]*:')


class _NotSure(Exception):
    """The quick reader cannot vouch for a document: the careful reader must read it."""


@cache
def validator() -> jsonschema_rs.Validator:
    """The jsonschema-rs validator of game documents, built once from ``game.schema.json``."""
    # Imported here: a run that checks no document this way need not load it.
    import jsonschema_rs

    schema = json.loads(read_resource("schemas", _SCHEMA_FILE))
    return jsonschema_rs.validator_for(schema, validate_formats=True)


def games(text: str) -> list[Game | None] | None:
    """The games of JSON text holding one value: a game document, or a list of them.

    Each game is the one the careful reader gives, or ``None`` where only the careful reader
    can say (a bad game, or one the quick reader cannot vouch for). The answer is ``None``
    when the text is not one JSON value that orjson reads, or the value is no game or list.
    """
    try:
        value = orjson.loads(text)
    except orjson.JSONDecodeError:
        return None
    if isinstance(value, dict):
        documents: list[Any] = [value]
    elif isinstance(value, list):
        documents = value
    else:
        return None
    found = [game_of(document) for document in documents]
    if any(game is not None for game in found) and not _no_field_twice(text, value):
        return [None] * len(found)  # perhaps a field written twice: the careful reader looks
    return found


def document_game(document: object) -> Game | None:
    """The game of a document made in Python (as :func:`json.loads` gives), or ``None`` when
    only the careful reader can say.

    The document goes through orjson and must come back equal: that refuses what JSON cannot
    hold as it is (tuples, NaN, enums, keys that are not strings, numbers beyond 64 bits,
    lone surrogates), which the careful reader words.
    """
    try:
        copy = orjson.loads(orjson.dumps(document))
    except (orjson.JSONEncodeError, orjson.JSONDecodeError):
        return None
    return game_of(copy) if copy == document else None


def game_of(document: object) -> Game | None:
    """The game of a decoded document valid against the schema, or ``None`` if not sure.

    Fields written twice are not seen here (the document has only the last): see
    :func:`games`.
    """
    if type(document) is not dict or not validator().is_valid(document):
        return None
    try:
        return _game(document)
    # A valid document cannot raise these; if one does, the careful reader has the last word.
    except (_NotSure, LookupError, TypeError, ValueError):
        return None


def _no_field_twice(text: str, value: object) -> bool:
    """Whether JSON text, decoded as ``value``, surely writes no field twice in an object,
    when no field name ends with a backslash (as in a valid document).

    Each field written has its colon, so the text writes no more fields than it has colons,
    and no field twice if that is how many fields were decoded. A colon inside a string (a
    time, a comment) spoils the quick count: then fields are counted by their names' ends.
    """
    read = _fields_read(value)
    return text.count(":") == read or _fields_written(text) == read


def _fields_written(text: str) -> int:
    """How many object fields JSON text writes, or more, when no field name ends with a
    backslash (as in a valid document).

    Each name ends with a quote that is not escaped, perhaps spaces, and a colon. Quotes
    inside strings are escaped, so only a string that starts with a colon is counted too:
    the count may be too large, never too small. Text with no quote before a space (as t42
    writes it) has no spaces before colons either, and is counted quickly.
    """
    if any(f'"{space}' in text for space in " \t\n\r"):
        return len(_FIELD_END.findall(text))
    return text.count('":') - text.count('\\":')


def _fields_read(value: object) -> int:
    """How many object fields a decoded value has, when no field name ends with a backslash:
    orjson writes each name's closing quote before a colon, and escapes every quote inside a
    string. It is -1 for a value nested too deeply for orjson to write (no game is)."""
    try:
        compact = orjson.dumps(value)
    except orjson.JSONEncodeError:
        return -1
    return compact.count(b'":') - compact.count(b'\\":')


# ---- building the game of a valid document ----

_Auction = quick_constructor(Auction)
_Bid = quick_constructor(Bid)
_Call = quick_constructor(Call)
_Comment = quick_constructor(Comment)
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
        raise _NotSure  # a ; comment before another: the careful reader says so
    return before, after


def _bid(value: str | int | float) -> Bid:
    if value == "pass":
        return _Bid(BidKind.PASS)
    if isinstance(value, str):
        return _Bid(BidKind.MARKS, int(value[:-1]))
    amount = int(value)  # the schema lets 30.0 stand for 30
    if amount > 0 and amount % 42 == 0:
        # 42 and 84 are 1 and 2 marks, as the text reader reads them (RULES.md, Bidding).
        return _Bid(BidKind.MARKS, amount // 42)
    return _Bid(BidKind.POINTS, amount)


# The bids of a usual auction, made once (a bid is a value, compared by what it promises).
_BIDS: dict[str | int, Bid] = {
    written: _bid(written) for written in ("pass", *range(30, 43), *(f"{m}m" for m in range(1, 8)))
}


def _call(doc: Mapping[str, Any]) -> Call:
    written = doc["bid"]
    seat, bid = _SEATS[doc["seat"]], _BIDS.get(written) or _bid(written)
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
    trump = Trump.called(
        kind,
        pip,
        doubles,
        special,
        follow_me_doubles=rules.follow_me_doubles,
        nello_doubles=rules.nello_doubles,
    )
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
    return Tag(name, doc["value"], *comments)  # each its own object: with_roster needs that


def _game(doc: Mapping[str, Any]) -> Game:
    tags = tuple([_tag(t) for t in doc["tags"]])
    if len({t.name for t in tags}) < len(tags):
        raise _NotSure  # a tag written twice: the careful reader says which
    tags = with_roster(tags)
    try:
        rules = Game(tags).rules
    except (RulesError, ValueError):
        rules = RuleSet()  # the reader reports the unknown rules and checks under these
    return Game(tags, tuple([_hand(h, rules) for h in doc["hands"]]))
