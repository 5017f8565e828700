"""The hand now: what a scorekeeper's screen heads with, the same for ``t42 record`` and a
club table's phone.

Once a hand's total is written the record's last hand is finished, and the hand now is the
next one, with its own number and dealer and nothing recorded yet: never the hand before.
Findings go with their hand: those of the hand now apart from those of earlier hands, each
one saying where it is (:meth:`~notation.model.findings.Finding.where`).

>>> from notation.model.bids import Bid
>>> from notation.model.contracts import Trump
>>> from notation.model.game import ScoreKind
>>> from notation.model.seats import Seat
>>> from notation.recording.state import Recording
>>> r = Recording.start({"Rules": "straight"}, dealer=Seat.N)
>>> for bid in ("29", "30", "pass", "pass"):
...     r = r.call(Bid.parse(bid))
>>> r = r.name_trump(Trump.pip(6))
>>> hand_now(r).heading()
'Hand 1 · N deals · bids E 29 S 30 W pass N pass · trump S sixes'
>>> [f.where() for f in hand_now(r).findings]
['hand 1, seat E']
>>> r = r.score(ScoreKind.POINTS, 35, 7).accept().accept()
>>> now = hand_now(r)
>>> now.heading({Seat.E: "Tom"}), now.calls, now.findings
('Hand 2 · E Tom deals', (), ())
>>> [f"{f.where()}: {f.message}" for f in now.earlier]
['hand 1, seat E: 29 is below the minimum bid of 30']
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from notation.model.findings import Finding
from notation.model.game import Call, Ending, Glyph, Hand, ScoreLine, Trick, TrumpCall
from notation.model.seats import Seat
from notation.recording.state import Awaiting, Recording


@dataclass(frozen=True)
class HandNow:
    """The hand being recorded (the last one, when the game is over), or the next one before
    its first entry (``hand`` None). ``findings`` are this hand's and the game's own (those
    that only say the hand is not over yet left out); ``earlier`` those of the hands before."""

    number: int
    dealer: Seat
    hand: Hand | None
    findings: tuple[Finding, ...] = ()
    earlier: tuple[Finding, ...] = ()

    @property
    def calls(self) -> tuple[Call, ...]:
        """The bids and passes of this hand so far."""
        auction = None if self.hand is None else self.hand.auction
        return () if auction is None else auction.calls

    @property
    def trump(self) -> TrumpCall | None:
        return None if self.hand is None else self.hand.trump

    @property
    def tricks(self) -> tuple[Trick, ...]:
        return () if self.hand is None else self.hand.tricks

    @property
    def ending(self) -> Ending | None:
        return None if self.hand is None else self.hand.ending

    @property
    def scores(self) -> tuple[ScoreLine, ...]:
        return () if self.hand is None else self.hand.scores

    def heading(self, names: Mapping[Seat, str] | None = None) -> str:
        """``Hand 3 · S deals · bids W 29 N 30 E pass S pass · trump N fives``; the dealer's
        name follows the seat when ``names`` has it."""
        name = (names or {}).get(self.dealer)
        bits = [f"Hand {self.number} · {self.dealer}{f' {name}' if name else ''} deals"]
        if self.calls:
            bits.append("bids " + " ".join(f"{c.seat} {c.bid}{_glyph(c.glyph)}"
                                           for c in self.calls))
        trump = self.trump
        if trump is not None:
            seat = f"{trump.seat} " if trump.seat else ""
            bits.append(f"trump {seat}{trump.trump}{_glyph(trump.glyph)}")
        return " · ".join(bits)


def _glyph(glyph: Glyph | None) -> str:
    return "" if glyph is None else glyph.value


def hand_now(recording: Recording) -> HandNow:
    """The hand now of ``recording`` (see :class:`HandNow`)."""
    last = recording.hand
    if last is None or (recording.hand_over and recording.awaiting is not Awaiting.OVER):
        number = 1 if last is None else last.number + 1
        hand, dealer = None, recording.dealer
    else:
        number, hand, dealer = last.number, last, last.dealer
    found = recording.findings
    return HandNow(
        number, dealer, hand,
        findings=tuple(f for f in found if f.hand is None or f.hand == number),
        earlier=tuple(f for f in found if f.hand is not None and f.hand < number),
    )
