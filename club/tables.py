"""A table's game: the entries its phone sent, folded into the record in their order.

Each entry is one line of text, numbered by the phone (1, 2, 3 …): ``start tricks N`` (the
players confirmed, the game kept trick by trick or ``score`` only, N deals first), then what
``t42 record`` understands (``30``, ``p``, ``sixes``, ``6-4``, ``end set``, ``u`` to undo …),
``write`` to write the score line the record gives, ``35 7`` to write the table's own, and
``points 32 10`` for a hand kept by its score only. Every rule is the engine's: the entry is
made an entry of :class:`~notation.recording.Recording` and what it says (a bid the rules
refuse, a renege) comes back in ``said`` and the recording's findings.

Entries are applied in their numbers' order whatever order they arrive in: one that comes
before a gap waits for it, and one sent twice is taken once.

>>> game = TableGame(tags=(("Rules", "straight"),))
>>> for number, entry in ((2, "pass"), (1, "start tricks N"), (2, "pass"), (3, "29")):
...     game = game.take(number, entry)
>>> game.through, str(game.recording.bidder)
(3, 'W')
>>> game.said
'S bids 29 (flagged: 29 is below the minimum bid of 30)'
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_left, insort
from dataclasses import dataclass, replace
from enum import StrEnum

from club.engine import EntryError, enter
from notation import Game, ScoreKind, Seat
from notation.recording import Recording, RecordingError, hand_now

START = re.compile(r"^start (score|tricks) ([NESW])$")
MODE = re.compile(r"^mode (score|tricks)$")
POINTS = re.compile(r"^points (\d{1,3}) (\d{1,3})$")
MOST_AHEAD = 500  # how far past the last entry applied one may come (see TableGame.too_far)
LONGEST_ENTRY = 60  # longer than any entry (the phone's fields hold 30 at most)
_DASHES = "\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe58\ufe63\uff0d"
_SPACES = re.compile(r"\s+")


def as_entry(typed: str) -> str:
    r"""The entry a table meant by ``typed``: this is the one place where what may be
    entered is decided. Raises :class:`EntryError`, in words, for text that cannot be an
    entry at all: nothing (once what cannot be seen is taken away), or more than
    :data:`LONGEST_ENTRY` characters.

    Phone keyboards add what cannot be seen: format characters (a zero-width joiner inside
    an emoji, a soft hyphen, a byte order mark, direction marks) and variation selectors are
    taken away, as are halves of a surrogate pair (left by a cut in the middle of an emoji)
    and control codes; every kind of space becomes one space; compatibility forms are made
    plain (NFKC: full-width digits, ligatures) and a dash of any kind is ``-``. Any other
    text is an entry, even one that means nothing here (an emoji): the engine says so, and
    :meth:`TableGame.take` keeps it as a refusal under its number, shown to the table.

    >>> as_entry("﻿30 "), as_entry("p‍"), as_entry("6–4")
    ('30', 'p', '6-4')
    >>> as_entry("‍")
    Traceback (most recent call last):
    ...
    replay.scorekeeper.EntryError: nothing was typed
    """
    plain = unicodedata.normalize("NFKC", "".join(map(_plain, typed[: 4 * LONGEST_ENTRY])))
    entry = _SPACES.sub(" ", "".join(map(_plain, plain))).strip()
    if not entry:
        raise EntryError("nothing was typed")
    if len(entry) > LONGEST_ENTRY or len(typed) > 4 * LONGEST_ENTRY:
        raise EntryError(f"too long for an entry ({LONGEST_ENTRY} characters at most)")
    return entry


def _plain(ch: str) -> str:
    """One character as :func:`as_entry` keeps it."""
    kind = unicodedata.category(ch)
    if kind in ("Cf", "Cs") or "\ufe00" <= ch <= "\ufe0f" or "\U000e0100" <= ch <= "\U000e01ef":
        return ""
    if kind in ("Cc", "Zs", "Zl", "Zp"):
        return " "
    if kind in ("Co", "Cn"):  # private or unassigned: shown as a character that is not known
        return "\ufffd"
    return "-" if ch in _DASHES else ch


class Mode(StrEnum):
    """How the table keeps the game: every trick, or the score of each hand only."""

    SCORE = "score"
    TRICKS = "tricks"


@dataclass(frozen=True)
class Refusal:
    """An entry that could not be placed in the record (kept, and shown to the table)."""

    number: int
    entry: str
    why: str


@dataclass(frozen=True)
class TableGame:
    """The record a table's entries give so far."""

    tags: tuple[tuple[str, str], ...]
    recording: Recording | None = None
    mode: Mode = Mode.TRICKS
    through: int = 0  # every entry up to this number is applied
    waiting: tuple[tuple[int, str], ...] = ()  # entries that came ahead of a gap
    said: str = ""
    refusals: tuple[Refusal, ...] = ()

    @property
    def over(self) -> bool:
        """True when the record has a winner: the game is won."""
        return self.recording is not None and self.recording.winner is not None

    def has(self, number: int) -> bool:
        """True when entry ``number`` is already taken (applied, or waiting for a gap)."""
        if number <= self.through:
            return True
        at = bisect_left(self.waiting, (number,))
        return at < len(self.waiting) and self.waiting[at][0] == number

    def too_far(self, number: int) -> bool:
        """True when entry ``number`` is more than :data:`MOST_AHEAD` past the last one
        applied: a phone sends its entries in order, and what waits ahead of a gap is
        applied all at once when it is filled."""
        return number > self.through + MOST_AHEAD

    def take(self, number: int, entry: str) -> TableGame:
        """The game with entry ``number`` taken: applied if it is next (with any waiting
        entries it lets through), kept waiting if one before it is missing, ignored if it
        was taken before. Its cost is the entries applied, and one copy of those waiting."""
        if number < 1 or self.has(number):
            return self
        waiting = list(self.waiting)
        insort(waiting, (number, entry))
        return replace(self, waiting=tuple(waiting))._released()

    def _released(self) -> TableGame:
        """The game with the waiting entries that follow on from ``through`` applied."""
        waiting = self.waiting
        run = 0
        while run < len(waiting) and waiting[run][0] == self.through + run + 1:
            run += 1
        if run == 0:
            return self
        game = replace(self, waiting=waiting[run:])
        for number, entry in waiting[:run]:
            game = replace(game, through=number)._apply(number, entry)
        return game

    def _apply(self, number: int, entry: str) -> TableGame:
        try:
            return self._entered(entry)
        except (EntryError, RecordingError) as e:
            refusal = Refusal(number, entry, str(e))
            return replace(self, said=f"not recorded: {e}", refusals=(*self.refusals, refusal))

    def _entered(self, entry: str) -> TableGame:
        started = START.match(entry)
        if started:
            if self.recording is not None:
                raise EntryError("the game has started already")
            recording = Recording.start(dict(self.tags), dealer=Seat(started[2]))
            return replace(self, recording=recording, mode=Mode(started[1]),
                           said=f"the game starts: {started[2]} deals")
        if self.recording is None:
            raise EntryError("confirm the players first")
        mode = MODE.match(entry)
        if mode:
            return replace(self, mode=Mode(mode[1]), said=f"kept by {mode[1]}")
        points = POINTS.match(entry)
        if points:
            ns, ew = int(points[1]), int(points[2])
            recording = self.recording.score(ScoreKind.POINTS, ns, ew)
            # Points that cannot be a hand's are refused, in the engine's words.
            wrong = [f for f in hand_now(recording).findings
                     if f.code == "misscored-points" and f not in self.recording.findings]
            if wrong:
                raise EntryError(f"N–S {ns} E–W {ew}: {wrong[0].message}. "
                                 "Write the points again")
            return replace(self, recording=recording, said=f"points NS {ns} EW {ew} written")
        recording, said = enter(self.recording, "" if entry == "write" else entry)
        return replace(self, recording=recording, said=said)


def fold(tags: tuple[tuple[str, str], ...], entries: list[tuple[int, str]]) -> TableGame:
    """The game the stored ``entries`` (number, text) give: what taking them one by one
    gives (a number sent twice is taken the first time), in time linear in the entries once
    they are in order.

    >>> fold((("Rules", "straight"),), [(2, "pass"), (1, "start tricks N"), (2, "30")]).said
    'E passes'
    """
    first: dict[int, str] = {}
    for number, entry in entries:
        if number >= 1:
            first.setdefault(number, entry)
    return TableGame(tags, waiting=tuple(sorted(first.items())))._released()


def entries_of(game: Game) -> list[str]:
    """Every entry a table keeping ``game`` trick by trick makes, in order, the first one
    confirming the players (the deal is not entered: a table does not write it)."""
    out = [f"start {Mode.TRICKS.value} {game.hands[0].dealer}"] if game.hands else []
    for hand in game.hands:
        out += [str(c.bid) for c in hand.auction.calls] if hand.auction else []
        out += [str(hand.trump.trump)] if hand.trump else []
        out += [str(t) for trick in hand.tricks for t in trick.tiles]
        if hand.ending is not None:
            seat = f" {hand.ending.seat}" if hand.ending.seat else ""
            out.append(f"end {hand.ending.kind.value}{seat}")
        out += ["write"] * len(hand.scores)
    return out
