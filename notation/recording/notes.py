"""Notes on a game as it is recorded: a glyph (``!``, ``?``, ``!!``, ``??``, ``!?``, ``?!``)
or a comment on the last bid, trump call or play entered (:meth:`Recording.annotate
<notation.recording.state.Recording.annotate>` makes the entry; the rules of a note are
here), and the notes of a game listed for a page (:func:`game_notes`).

A note goes on the last bid, trump call or play of the record, whatever came after it
(the score lines of its hand). A glyph replaces the glyph there: an item carries one
judgement, as the notation writes one glyph. A comment is added after the comments there:
a second note says more, and none is lost. A comment is written braced after its item,
``6-5? { should have led trumps }`` (docs/notation.md, Comments); its text is made plain as
every entry typed is (:func:`plain_text`: what a phone's keyboard adds that cannot be seen
taken away), and refused when nothing is left or when it holds a ``}``, which would end it.

>>> from notation.model.game import HandHeader
>>> from notation.model.tiles import Tile
>>> hand = Hand(HandHeader(1, Seat.N), tricks=(Trick(1, Seat.E, (Play(Tile(6, 5)),)),))
>>> noted = with_note(with_note(hand, Glyph("!")), Glyph("?"))
>>> noted = with_note(noted, comment_text("led from\u200b weakness"))
>>> play = noted.tricks[0].plays[0]
>>> play.glyph.value, [c.text for c in play.after]
('?', ['led from weakness'])
>>> with_note(Hand(HandHeader(1, Seat.N)), Glyph("!"))
Traceback (most recent call last):
...
notation.recording.notes.NoteError: there is no bid, trump or play to put a note on yet
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, replace
from typing import TypeVar

from notation.errors import T42Error
from notation.model.game import (
    Auction,
    Call,
    Comment,
    Game,
    Glyph,
    Hand,
    Play,
    Trick,
    TrumpCall,
)
from notation.model.seats import Seat

COMMENT_MARK = ";"  # an entry that is a comment starts so, as a comment does in the notation
GLYPHS = tuple(g.value for g in Glyph)  # the six, as typed
_DASHES = "\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe58\ufe63\uff0d"
_SPACES = re.compile(r"\s+")


class NoteError(T42Error, ValueError):
    """A note that cannot be put in the record; its text says why, to the scorekeeper."""


def plain_text(typed: str) -> str:
    r"""``typed`` as a scorekeeper meant it: format characters (a zero-width space or
    joiner, a soft hyphen, a byte order mark, direction marks and embeddings) and variation
    selectors taken away, as are halves of a surrogate pair and control codes; every kind of
    space one space, the ends trimmed; compatibility forms made plain (NFKC: full-width
    digits, ligatures) and a dash of any kind ``-``. What every entry, and every comment, is
    made (:func:`notation.recording.entries.as_entry`).

    >>> plain_text("\ufeff led\u200b from\u202e\u00a0weakness\u2014 "), plain_text("\u200d")
    ('led from weakness-', '')
    """
    plain = unicodedata.normalize("NFKC", "".join(map(_plain, typed)))
    return _SPACES.sub(" ", "".join(map(_plain, plain))).strip()


def _plain(ch: str) -> str:
    """One character as :func:`plain_text` keeps it."""
    kind = unicodedata.category(ch)
    if kind in ("Cf", "Cs") or "\ufe00" <= ch <= "\ufe0f" or "\U000e0100" <= ch <= "\U000e01ef":
        return ""
    if kind in ("Cc", "Zs", "Zl", "Zp"):
        return " "
    if kind in ("Co", "Cn"):  # private or unassigned: shown as a character that is not known
        return "\ufffd"
    return "-" if ch in _DASHES else ch


def comment_text(typed: str) -> str:
    """The text of a comment typed as ``typed``, made plain (:func:`plain_text`); raises
    :class:`NoteError` when nothing is left or it holds a ``}``.

    >>> comment_text("  a { fine } point")
    Traceback (most recent call last):
    ...
    notation.recording.notes.NoteError: a comment cannot hold a }: it would end the comment
    """
    text = plain_text(typed)
    if not text:
        raise NoteError("the comment is empty: type it after the ;")
    if "}" in text:
        raise NoteError("a comment cannot hold a }: it would end the comment")
    return text


# -- a note on the last entry --


def with_note(hand: Hand, note: Glyph | str) -> Hand:
    """``hand`` with ``note`` (a glyph, or a comment's text as :func:`comment_text` gives
    it) on its last bid, trump call or play. Raises :class:`NoteError` when it has none."""
    tricks = [t for t in hand.tricks if t.plays]
    if tricks:
        trick = gathered(tricks[-1])
        assert isinstance(trick, Trick)
        plays = (*trick.plays[:-1], _noted(trick.plays[-1], note))
        trick = replace(trick, plays=plays)
        at = hand.tricks.index(tricks[-1])
        return replace(hand, tricks=(*hand.tricks[:at], trick, *hand.tricks[at + 1:]))
    if hand.trump is not None:
        return replace(hand, trump=_noted(hand.trump, note))
    if hand.auction is not None and hand.auction.calls:
        auction = gathered(hand.auction)
        assert isinstance(auction, Auction)
        calls = (*auction.calls[:-1], _noted(auction.calls[-1], note))
        return replace(hand, auction=replace(auction, calls=calls))
    raise NoteError("there is no bid, trump or play to put a note on yet")


def noted_game(game: Game, note: Glyph | str) -> Game:
    """``game`` with ``note`` on its last bid, trump call or play (in the last hand that has
    one: a hand begun by its deal only has none yet). Raises :class:`NoteError`."""
    for at in range(len(game.hands) - 1, -1, -1):
        try:
            hand = with_note(game.hands[at], note)
        except NoteError:
            continue
        return replace(game, hands=(*game.hands[:at], hand, *game.hands[at + 1:]))
    raise NoteError("there is no bid, trump or play to put a note on yet")


_Item = TypeVar("_Item", Call, TrumpCall, Play)


def _noted(item: _Item, note: Glyph | str) -> _Item:
    if isinstance(note, Glyph):
        return replace(item, glyph=note)
    return replace(item, after=(*item.after, Comment(note, braced=True)))


def gathered(line: Auction | Trick) -> Auction | Trick:
    """An auction or trick whose comments after it go on its last bid or play, braced,
    before that line takes another (or its last item another comment). A comment at the end
    of a line belongs to the line when the record is read (docs/notation.md, Comments):
    a recording resumed from its file has there the comments put on its last item, which
    would otherwise slide on to the bid or play entered after it."""
    items: tuple[Call, ...] | tuple[Play, ...] = (
        line.calls if isinstance(line, Auction) else line.plays)
    if not line.after or not items:
        return line
    moved = tuple(Comment(c.text, braced=True) for c in line.after)
    last = replace(items[-1], after=(*items[-1].after, *moved))
    if isinstance(line, Auction):
        assert isinstance(last, Call)
        return replace(line, calls=(*line.calls[:-1], last), after=())
    assert isinstance(last, Play)
    return replace(line, plays=(*line.plays[:-1], last), after=())


def without_notes(hand: Hand) -> Hand:
    """``hand`` without the glyphs and comments a note puts on its bids, trump call and
    plays (and on the lines they end): what a lay-down's verdict does not depend on."""
    auction, trump = hand.auction, hand.trump
    if auction is not None:
        auction = replace(auction, after=(), calls=tuple(_bare(c) for c in auction.calls))
    tricks = tuple(replace(t, after=(), plays=tuple(_bare(p) for p in t.plays))
                   for t in hand.tricks)
    return replace(hand, auction=auction, trump=None if trump is None else _bare(trump),
                   tricks=tricks)


def _bare(item: _Item) -> _Item:
    if item.glyph is None and not item.before and not item.after:
        return item
    return replace(item, glyph=None, before=(), after=())


# -- the notes of a game, for a page --


@dataclass(frozen=True)
class Note:
    """A bid, trump call or play that carries a glyph or comments: ``what`` it is in words
    (``W 5-5``, ``S bids 30``, ``S names sixes``), where (``hand 2, trick 4``)."""

    hand: int
    where: str
    what: str
    glyph: Glyph | None
    comments: tuple[str, ...]


def game_notes(game: Game, sitting_out: dict[int, Seat | None] | None = None) -> tuple[
        Note, ...]:
    """Every note of ``game``'s main line, in the order of the record; ``sitting_out`` (by
    hand number) is the seat that plays no tile, where a hand has one (the Nello declarer's
    partner). A comment at the end of an auction's or a trick's line is its last item's.

    >>> from notation.model.bids import Bid
    >>> from notation.model.game import HandHeader
    >>> call = Call(Seat.S, Bid.parse("30"), glyph=Glyph("!"))
    >>> hand = Hand(HandHeader(1, Seat.N), auction=Auction((call,), after=(Comment("bold"),)))
    >>> [(n.where, n.what, n.glyph.value, n.comments) for n in game_notes(Game((), (hand,)))]
    [('hand 1, the bids', 'S bids 30', '!', ('bold',))]
    """
    notes: list[Note] = []
    for hand in game.hands:
        where = f"hand {hand.number}"
        if hand.auction is not None:
            auction = gathered(hand.auction)
            assert isinstance(auction, Auction)
            for call in auction.calls:
                what = f"{call.seat} passes" if call.bid.is_pass else f"{call.seat} bids {call.bid}"
                notes += _note(hand.number, f"{where}, the bids", what, call)
        if hand.trump is not None:
            namer = f"{hand.trump.seat} " if hand.trump.seat is not None else ""
            notes += _note(hand.number, f"{where}, the trump",
                           f"{namer}names {hand.trump.trump}", hand.trump)
        out = (sitting_out or {}).get(hand.number)
        for written in hand.tricks:
            trick = gathered(written)
            assert isinstance(trick, Trick)
            for seat, play in zip(trick.seats(out), trick.plays, strict=False):
                notes += _note(hand.number, f"{where}, trick {trick.number}",
                               f"{seat} {play.tile}", play)
    return tuple(notes)


def _note(hand: int, where: str, what: str, item: Call | TrumpCall | Play) -> list[Note]:
    comments = tuple(c.text for c in (*item.before, *item.after))
    if item.glyph is None and not comments:
        return []
    return [Note(hand, where, what, item.glyph, comments)]

