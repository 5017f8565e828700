"""The entry language: what a scorekeeper types, at ``t42 record``'s prompt or on a club
table's phone, read into an :data:`Entry` and made an entry of a :class:`Recording`.

An entry is one line of words (a keyword or a seat in any case)::

    u | undo                      undo the last entry
    edit 3 64 54 33 10            write trick 3 again with these tiles
    deal N 66 65 64 63 62 61 60   the seven tiles a seat was dealt (before the bids)
    start tricks N                a club table: the players confirmed, the game kept trick
                                  by trick (or ``score`` only), N deals first
    mode score                    a club table: keep the game by ``score`` or by ``tricks``
    points 32 10                  a hand kept by its score only: its points, NS then EW
    write  (or nothing)           at a score line: write the one the record gives
    ?   (or ! !! ?? !? ?!)        a glyph on the last bid, trump call or play entered
    ; led from weakness           a comment on it (:mod:`notation.recording.notes`)

and otherwise what the record awaits (:attr:`Recording.awaiting`)::

    a bid       p (or -), pass, 30 … 41, 1m, 2m …  (42 and 84 are 1m and 2m)
    the trump   5 or fives, doubles, follow-me [doubles-low], and a special contract's
                word first where the table plays it: nello, plunge 5, sevens …
    a play      a tile: 64, 6-4 or 6 4; or end made, end set, end laydown S
    a score     two numbers, NS then EW: 35 7 (or 35,7 35/7 35-7)

:func:`read_entry` reads a line into its :data:`Entry` (a value of one of the classes
below) and :func:`enter` makes it an entry of the recording, saying what it did in words a
42 player reads; text that is no entry now raises :class:`EntryError`, in such words. An
entry the rules refuse (a bid too low, a renege) is recorded all the same, and said to be
flagged: the table decides. :func:`as_entry` is what a phone's keyboard typed made plain.

>>> r = Recording.start({"Rules": "straight"})
>>> read_entry("P", r), read_entry("u", r)
(Called(bid=Bid(kind=<BidKind.PASS: 'pass'>, amount=0)), Undo())
>>> r, said = enter(r, "p")
>>> said, str(r.bidder)
('E passes', 'S')
>>> r, said = enter(r, "29")
>>> said
'S bids 29 (flagged: 29 is below the minimum bid of 30)'
>>> enter(r, "x")
Traceback (most recent call last):
...
notation.recording.entries.EntryError: 'x' is not a bid (pass, 30 … 41, marks like 1m, or 4m-plunge)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from notation.errors import T42Error
from notation.model.bids import Bid, BidError
from notation.model.contracts import ContractError, Special, Trump, parse_bid
from notation.model.findings import Finding
from notation.model.game import EndKind, Game, Glyph, ScoreKind
from notation.model.numbers import whole_number
from notation.model.seats import SEATS, Seat
from notation.model.tiles import TILES_IN_A_HAND, Tile, TileError
from notation.recording.hand_now import hand_now
from notation.recording.notes import COMMENT_MARK, GLYPHS, plain_text
from notation.recording.state import Awaiting, Recording, RecordingError

# A tile as typed at the table: 64, 6-4 or 6 4.
TILE = re.compile(r"^\s*([0-9])\s*[- ]?\s*([0-9])\s*$")
# A score line: NS then EW, apart by spaces, a comma, a slash or a dash.
SCORE = re.compile(r"^\s*(\d+)[\s,/-]+(\d+)\s*$")
POINTS = re.compile(r"^\d{1,3}$")  # a hand's points, as a phone sends them
UNDO = ("u", "undo")
PASS = ("p", "-")
WRITE = "write"  # a phone's button: the score line the record gives
LONGEST_ENTRY = 60  # longer than any entry (a phone's fields hold 30 at most)
_SEATS = frozenset(s.value for s in SEATS)
_SPECIALS = frozenset(s.value for s in Special)


class EntryError(T42Error, ValueError):
    """A line that is no entry now; its text says why, to the scorekeeper."""


class Mode(StrEnum):
    """How a club table keeps the game: every trick, or the score of each hand only."""

    SCORE = "score"
    TRICKS = "tricks"


@dataclass(frozen=True, slots=True)
class Undo:
    """``u``: the last entry taken back."""


@dataclass(frozen=True, slots=True)
class EditTrick:
    """``edit 3 64 54 33 10``: trick ``number`` written again."""

    number: int
    tiles: tuple[Tile, ...]


@dataclass(frozen=True, slots=True)
class Dealt:
    """``deal N 66 65 …``: the tiles ``seat`` was dealt."""

    seat: Seat
    tiles: tuple[Tile, ...]


@dataclass(frozen=True, slots=True)
class Start:
    """``start tricks N``: a club table's players confirmed; ``dealer`` deals first."""

    mode: Mode
    dealer: Seat


@dataclass(frozen=True, slots=True)
class KeptBy:
    """``mode score``: a club table keeps the game this way from now on."""

    mode: Mode


@dataclass(frozen=True, slots=True)
class Points:
    """``points 32 10``: a hand kept by its score only, its points NS then EW."""

    ns: int
    ew: int


@dataclass(frozen=True, slots=True)
class Called:
    """A bid (or pass) by the seat whose turn it is."""

    bid: Bid


@dataclass(frozen=True, slots=True)
class Named:
    """The trump (or special contract) the declarer's side names."""

    trump: Trump


@dataclass(frozen=True, slots=True)
class Played:
    """A tile played by the seat whose turn it is."""

    tile: Tile


@dataclass(frozen=True, slots=True)
class Ended:
    """``end made``, ``end set``, ``end laydown S``: play stopped early."""

    kind: EndKind
    seat: Seat | None = None


@dataclass(frozen=True, slots=True)
class Scored:
    """A score line as the table wrote it, NS then EW."""

    ns: int
    ew: int


@dataclass(frozen=True, slots=True)
class Written:
    """Enter (or ``write``) at a score line: the line the record gives."""


@dataclass(frozen=True, slots=True)
class Noted:
    """``?``, ``!!`` …: a glyph on the last bid, trump call or play entered."""

    glyph: Glyph


@dataclass(frozen=True, slots=True)
class Commented:
    """``; text``: a comment on the last bid, trump call or play entered."""

    text: str


Entry = (Undo | EditTrick | Dealt | Start | KeptBy | Points | Called | Named | Played | Ended
         | Scored | Written | Noted | Commented)


def parse_tile(typed: str) -> Tile | None:
    """The tile typed as ``64``, ``6-4`` or ``6 4`` (None for other text).

    >>> str(parse_tile("46")), str(parse_tile("6 4")), parse_tile("end")
    ('6-4', '6-4', None)
    """
    match = TILE.match(typed)
    if match is None:
        return None
    try:
        return Tile.of(int(match[1]), int(match[2]))
    except TileError:
        return None


def read_entry(typed: str, r: Recording | None) -> Entry:
    """The entry ``typed`` is, now that the record ``r`` awaits what it does (a club table's
    record before its players are confirmed is None: only ``start`` is an entry then).
    Raises :class:`EntryError` for text that is no entry now.

    >>> r = Recording.start({"Rules": "straight"})
    >>> read_entry("deal n 66 65 64 63 62 61 60", r).seat, read_entry("Start score e", None)
    (<Seat.N: 'N'>, Start(mode=<Mode.SCORE: 'score'>, dealer=<Seat.E: 'E'>))
    >>> read_entry("edit 3 64", r)
    EditTrick(number=3, tiles=(Tile(high=6, low=4),))
    >>> read_entry("30", None)
    Traceback (most recent call last):
    ...
    notation.recording.entries.EntryError: confirm the players first
    """
    words = typed.split()
    first = words[0].lower() if words else ""
    if first == "start":
        return _start(words)
    if r is None:
        raise EntryError("confirm the players first")
    if first in UNDO:
        return Undo()
    if typed.strip() in GLYPHS:
        return Noted(Glyph(typed.strip()))
    if typed.lstrip().startswith(COMMENT_MARK):
        return Commented(typed.lstrip()[len(COMMENT_MARK):].strip())
    if first == "edit":
        number = whole_number(words[1]) if len(words) >= 3 else None
        if number is None:
            raise EntryError("edit a trick as: edit 3 64 54 33 10")
        return EditTrick(number, _tiles(words[2:]))
    if first == "deal":
        if len(words) != 2 + TILES_IN_A_HAND or words[1].upper() not in _SEATS:
            raise EntryError("write a deal as: deal N 66 65 64 63 62 61 60")
        return Dealt(Seat(words[1].upper()), _tiles(words[2:]))
    if first == "mode":
        return KeptBy(_mode(words[1:], "keep the game as: mode score, or mode tricks"))
    if first == "points":
        if len(words) != 3 or not all(POINTS.match(w) for w in words[1:]):
            raise EntryError("write a hand's points as: points 32 10")
        return Points(int(words[1]), int(words[2]))
    return _awaited(typed, words, r)


def _awaited(typed: str, words: list[str], r: Recording) -> Entry:
    """The entry ``typed`` is as what the record awaits."""
    awaiting = r.awaiting
    if awaiting is Awaiting.BID:
        return _bid(typed)
    if awaiting is Awaiting.TRUMP:
        return _trump(words, r)
    if awaiting is Awaiting.PLAY:
        return _play(typed, words)
    if awaiting is Awaiting.SCORE:
        return _score(typed, r)
    raise EntryError("the game is over: q quits")


def _start(words: list[str]) -> Start:
    usage = "start the game as: start tricks N (or start score N), N the first dealer"
    if len(words) != 3 or words[2].upper() not in _SEATS:
        raise EntryError(usage)
    return Start(_mode(words[1:2], usage), Seat(words[2].upper()))


def _mode(words: list[str], usage: str) -> Mode:
    if len(words) != 1 or words[0].lower() not in {m.value for m in Mode}:
        raise EntryError(usage)
    return Mode(words[0].lower())


def _tiles(words: list[str]) -> tuple[Tile, ...]:
    tiles = []
    for word in words:
        tile = parse_tile(word)
        if tile is None:
            raise EntryError(f"{word!r} is not a tile: type it as 64, 6-4 or 6 4")
        tiles.append(tile)
    return tuple(tiles)


def _bid(typed: str) -> Called:
    word = typed.strip().lower()
    if word in PASS:
        return Called(Bid.pass_())
    try:
        return Called(parse_bid(word))
    except BidError as e:
        raise EntryError(str(e)) from None


def _trump(words: list[str], r: Recording) -> Named:
    if not words:
        raise EntryError("name the trump: a suit (fives or 5), doubles or follow-me")
    special = None
    if words[0].lower() in _SPECIALS:
        special, words = words[0].lower(), words[1:]
    doubles = words[-1] if words and words[-1].lower().startswith("doubles-") else None
    if doubles is not None:
        words = words[:-1]
    try:
        return Named(r.rules.trump_named(words[0] if words else "", doubles, special=special))
    except ContractError as e:
        raise EntryError(str(e)) from None


def _play(typed: str, words: list[str]) -> Played | Ended:
    if words and words[0].lower() == "end":
        kind_word = words[1].lower().replace("-", "") if len(words) > 1 else ""
        try:
            kind = EndKind(kind_word)
        except ValueError:
            raise EntryError("end the hand as: end made, end set or end laydown S") from None
        if kind is not EndKind.LAYDOWN:
            return Ended(kind)
        if len(words) != 3 or words[2].upper() not in _SEATS:
            raise EntryError("name who lays down: end laydown S")
        return Ended(kind, Seat(words[2].upper()))
    tile = parse_tile(typed)
    if tile is None:
        raise EntryError(f"{typed.strip()!r} is not a tile: type it as 64, 6-4 or 6 4")
    return Played(tile)


def _score(typed: str, r: Recording) -> Scored | Written:
    if not typed.strip() or typed.strip().lower() == WRITE:
        return Written()
    match = SCORE.match(typed)
    ns, ew = (whole_number(match[1]), whole_number(match[2])) if match else (None, None)
    if ns is None or ew is None:
        kind = r.score_kind
        assert kind is not None
        raise EntryError(f"write {kind.value} as two numbers, NS then EW: 35 7")
    return Scored(ns, ew)


# -- making an entry of the recording --


def enter(r: Recording, typed: str | Entry) -> tuple[Recording, str]:
    """The recording with the entry ``typed`` (a line, or an entry read already), and what
    to say about it.

    Raises :class:`EntryError` (with words for the scorekeeper) for text that is no entry
    now; an entry the rules refuse is recorded all the same, and said to be flagged.
    """
    try:
        entry = read_entry(typed, r) if isinstance(typed, str) else typed
        return _entered(r, entry)
    except RecordingError as e:
        raise EntryError(str(e)) from None


def _entered(r: Recording, entry: Entry) -> tuple[Recording, str]:
    match entry:
        case Undo():
            return r.undo(), "undone"
        case EditTrick(number, tiles):
            return r.edit_trick(number, tiles), f"trick {number} written again"
        case Dealt(seat, tiles):
            return r.deal(seat, tiles), f"{seat}'s tiles written"
        case Start():
            raise EntryError("the game has started already")
        case KeptBy():
            raise EntryError("a club table keeps its game by score or tricks: "
                             "here every entry is written")
        case Called(bid):
            return _called(r, bid)
        case Named(trump):
            return _named(r, trump)
        case Played(tile):
            after = r.play(tile)
            # The finding's words are on the screen, with the hand's findings: named here only.
            return after, _flagged(f"{r.turn} plays {tile}", r, after)
        case Ended(kind, seat):
            return _ended(r, kind, seat)
        case Points(ns, ew):
            after = r.score(ScoreKind.POINTS, ns, ew)
            return after, _flagged(f"points NS {ns} EW {ew} written", r, after)
        case Scored(ns, ew):
            return _scored(r, ns, ew)
        case Written():
            return _written(r)
        case Noted(glyph):
            after = r.annotate(glyph)
            return after, f"{glyph} ({glyph.meaning}) on {after.notes[-1].what}"
        case Commented(text):
            after = r.annotate(text)
            return after, f"comment on {after.notes[-1].what} written"


def _flagged(said: str, before: Recording, after: Recording) -> str:
    """``said``, and the code of the first finding the entry added."""
    new = [f for f in after.findings if f not in before.findings]
    return said if not new else f"{said} (flagged: {new[0].code})"


def _called(r: Recording, bid: Bid) -> tuple[Recording, str]:
    seat = r.bidder
    problem = r.bid_problem(bid)
    said = f"{seat} passes" if bid.is_pass else f"{seat} bids {bid}"
    return r.call(bid), said if problem is None else f"{said} (flagged: {problem})"


def _named(r: Recording, trump: Trump) -> tuple[Recording, str]:
    after = r.name_trump(trump)
    assert after.hand is not None
    assert after.hand.trump is not None
    return after, _flagged(f"{after.hand.trump.seat} names {trump}", r, after)


def _ended(r: Recording, kind: EndKind, seat: Seat | None) -> tuple[Recording, str]:
    after = r.end(kind, seat)
    said = f"play stops: {kind.value}" + (f" by {seat}" if seat else "")
    claim = after.laydown_claim()
    if claim is not None:
        said += f" ({claim})"
    new = [f for f in after.findings if f.code == "ending-unjustified"]
    return after, said if not new else f"{said} (flagged: {new[0].code})"


def _scored(r: Recording, ns: int, ew: int) -> tuple[Recording, str]:
    kind = r.score_kind
    assert kind is not None
    line_text = f"{kind.value} NS {ns} EW {ew} written"
    computed = r.computed(kind)
    after = r.score(kind, ns, ew)
    if computed is not None and (computed.ns, computed.ew) != (ns, ew):
        return after, f"{line_text} (flagged: the hand gives NS {computed.ns} EW {computed.ew})"
    return after, line_text


def _written(r: Recording) -> tuple[Recording, str]:
    kind = r.score_kind
    after = r.accept()
    line = after.hand.scores[-1] if after.hand else None
    assert kind is not None
    assert line is not None
    return after, f"{kind.value} NS {line.ns} EW {line.ew} written"


def misscored_points(before: Recording, after: Recording) -> Finding | None:
    """The finding that points just written cannot be a hand's (more than the hand holds,
    say), as the engine words it; None when they can be.

    >>> r = Recording.start({"Rules": "straight"})
    >>> for typed in ("30", "p", "p", "p", "sixes"):
    ...     r, _ = enter(r, typed)
    >>> after, said = enter(r, "points 40 10")
    >>> said
    'points NS 40 EW 10 written (flagged: misscored-points)'
    >>> misscored_points(r, after).message
    'the points written add up to 50; a hand is worth 42'
    """
    return next((f for f in hand_now(after).findings
                 if f.code == "misscored-points" and f not in before.findings), None)


# -- a record as typed --


def typed_entries(game: Game, *, dealt: bool = True, start: Mode | None = None) -> list[str]:
    """Every line a scorekeeper types to record ``game``, in order: each seat's deal (when
    ``dealt``: a club table does not write it), every bid, the trump, every tile, an early
    end, and ``write`` for each score line; first, for a club table, ``start`` in ``start``
    mode with the first dealer.

    >>> r = Recording.start({"Rules": "straight"})
    >>> for line in ("30", "p", "p", "p", "fives", "55", "5 1", "50", "52", "end set"):
    ...     r, _ = enter(r, line)
    >>> print(*typed_entries(r.game, start=Mode.TRICKS))
    start tricks N 30 pass pass pass fives 5-5 5-1 5-0 5-2 end set
    """
    out = [f"start {start.value} {game.hands[0].dealer}"] if start and game.hands else []
    for hand in game.hands:
        if dealt:
            out += [f"deal {h.seat} " + " ".join(map(str, h.tiles)) for h in hand.deal]
        out += [str(c.bid) for c in hand.auction.calls] if hand.auction else []
        out += [str(hand.trump.trump)] if hand.trump else []
        out += [str(t) for trick in hand.tricks for t in trick.tiles]
        if hand.ending is not None:
            seat = f" {hand.ending.seat}" if hand.ending.seat else ""
            out.append(f"end {hand.ending.kind.value}{seat}")
        out += [WRITE] * len(hand.scores)
    return out


# -- what a phone's keyboard typed --


def as_entry(typed: str) -> str:
    r"""The entry a table meant by ``typed``: this is the one place where what may be
    entered from a phone is decided. Raises :class:`EntryError`, in words, for text that
    cannot be an entry at all: nothing (once what cannot be seen is taken away), or more
    than :data:`LONGEST_ENTRY` characters.

    Phone keyboards add what cannot be seen: format characters (a zero-width joiner inside
    an emoji, a soft hyphen, a byte order mark, direction marks) and variation selectors are
    taken away, as are halves of a surrogate pair (left by a cut in the middle of an emoji)
    and control codes; every kind of space becomes one space; compatibility forms are made
    plain (NFKC: full-width digits, ligatures) and a dash of any kind is ``-``
    (:func:`notation.recording.notes.plain_text`, which makes a comment's text so too). Any other
    text is an entry, even one that means nothing here (an emoji): :func:`read_entry` says
    so, and the club keeps it as a refusal under its number, shown to the table.

    >>> as_entry("﻿30 "), as_entry("p‍"), as_entry("6–4")
    ('30', 'p', '6-4')
    >>> as_entry("‍")
    Traceback (most recent call last):
    ...
    notation.recording.entries.EntryError: nothing was typed
    """
    entry = plain_text(typed[: 4 * LONGEST_ENTRY])
    if not entry:
        raise EntryError("nothing was typed")
    if len(entry) > LONGEST_ENTRY or len(typed) > 4 * LONGEST_ENTRY:
        raise EntryError(f"too long for an entry ({LONGEST_ENTRY} characters at most)")
    return entry

