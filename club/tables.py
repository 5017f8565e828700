"""A table's game: the entries its phone sent, folded into the record in their order.

Each entry is one line of text, numbered by the phone (1, 2, 3 …): ``start tricks N`` (the
players confirmed, the game kept trick by trick or ``score`` only, N deals first), then what
``t42 record`` understands (``30``, ``p``, ``sixes``, ``6-4``, ``end set``, ``u`` to undo …),
``write`` to write the score line the record gives, ``35 7`` to write the table's own, and
``points 32 10`` for a hand kept by its score only: the entry language of
:mod:`notation.recording.entries`, which also makes what a phone's keyboard typed plain
(:func:`as_entry`). Every rule is the engine's: the entry is made an entry of
:class:`~notation.recording.Recording` and what it says (a bid the rules refuse, a renege)
comes back in ``said`` and the recording's findings.

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

from bisect import bisect_left, insort
from dataclasses import dataclass, replace

from notation import Game
from notation.recording import (
    EntryError,
    KeptBy,
    Mode,
    Points,
    Recording,
    RecordingError,
    Start,
    enter,
    misscored_points,
    read_entry,
    typed_entries,
)

MOST_AHEAD = 500  # how far past the last entry applied one may come (see TableGame.too_far)


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

    def _entered(self, text: str) -> TableGame:
        entry = read_entry(text, self.recording)
        if isinstance(entry, Start):
            if self.recording is not None:
                raise EntryError("the game has started already")
            recording = Recording.start(dict(self.tags), dealer=entry.dealer)
            return replace(self, recording=recording, mode=entry.mode,
                           said=f"the game starts: {entry.dealer} deals")
        assert self.recording is not None  # read_entry reads only a start before one
        if isinstance(entry, KeptBy):
            return replace(self, mode=entry.mode, said=f"kept by {entry.mode}")
        recording, said = enter(self.recording, entry)
        if isinstance(entry, Points):
            # Points that cannot be a hand's are refused, in the engine's words.
            wrong = misscored_points(self.recording, recording)
            if wrong is not None:
                raise EntryError(f"N–S {entry.ns} E–W {entry.ew}: {wrong.message}. "
                                 "Write the points again")
            said = f"points NS {entry.ns} EW {entry.ew} written"
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
    return typed_entries(game, dealt=False, start=Mode.TRICKS)
