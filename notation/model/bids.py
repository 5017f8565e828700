"""Bids: a pass, a bid in points (30 … 41, or 42/84/168 in the points game) or in marks.

>>> [str(Bid.parse(w)) for w in ("pass", "31", "2M")]
['pass', '31', '2m']
>>> Bid.parse("2m").value
84
>>> str(Bid.marks(1)), Bid.points(41) < Bid.marks(1)
('1m', True)

42 points are 1 mark, and 84 are 2, however the bid is written or made (docs/rules.md,
Bidding): this is the one place that says so.

>>> Bid.parse("42") == Bid.parse("1m") == Bid.points(42), str(Bid.parse("84"))
(True, '2m')

A bid may announce its contract, as some tables (and the other 42 programs) bid a Nello, a
Plunge or a Splash in the auction (docs/rules.md, The other 42 programs): its ``special``,
read from ``4m-plunge`` by :func:`notation.model.contracts.parse_bid`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from notation.errors import T42Error
from notation.model.numbers import shown, whole_number
from notation.model.written import WrittenEnum

if TYPE_CHECKING:
    from notation.model.contracts import Special

POINTS_IN_A_HAND = 42
# The contracts a bid may announce: those the other programs bid in the auction.
ANNOUNCED = ("nello", "plunge", "splash")


class BidKind(WrittenEnum):
    PASS = "pass"
    POINTS = "points"
    MARKS = "marks"


class BidError(T42Error, ValueError):
    """Text that is not written like a bid."""


@dataclass(frozen=True, slots=True)
class Bid:
    """One call in the auction. Bids compare by what they promise (1 mark = 42 points)."""

    kind: BidKind
    amount: int = 0
    # The contract announced with the bid (4m-plunge); left out of the repr, which stays the
    # plain bid's for the bids that announce nothing (str shows it).
    special: Special | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        # Two isinstance tests: the readers build their bids once each (a cache) or bypass
        # this (notation.model.construct), so checking costs nothing per hand.
        if not isinstance(self.kind, BidKind):
            raise BidError(f"a bid's kind is a BidKind, not {self.kind!r}: use Bid.parse")
        if not isinstance(self.amount, int) or isinstance(self.amount, bool):
            raise BidError(f"a bid's amount is a whole number, not {self.amount!r}")
        if self.kind is BidKind.POINTS and self.amount > 0 and self.amount % POINTS_IN_A_HAND == 0:
            # 42 and 84 points are 1 and 2 marks: one bid, one value (docs/rules.md, Bidding).
            object.__setattr__(self, "kind", BidKind.MARKS)
            object.__setattr__(self, "amount", self.amount // POINTS_IN_A_HAND)

    @classmethod
    def pass_(cls) -> Bid:
        return cls(BidKind.PASS)

    @classmethod
    def points(cls, amount: int) -> Bid:
        return cls(BidKind.POINTS, amount)

    @classmethod
    def marks(cls, amount: int) -> Bid:
        return cls(BidKind.MARKS, amount)

    @classmethod
    def parse(cls, text: str) -> Bid:
        word = text.strip().lower()
        if word == "pass":
            return cls.pass_()
        marks = whole_number(word[:-1]) if word.endswith("m") else None
        if marks is not None:
            return cls.marks(marks)
        points = whole_number(word)
        if points is not None:
            return cls.points(points)
        raise BidError(f"{shown(text)!r} is not a bid (pass, 30 … 41, marks like 1m, or 4m-plunge)")

    @property
    def is_pass(self) -> bool:
        return self.kind is BidKind.PASS

    @property
    def value(self) -> int:
        """What the bid promises in points: a pass is 0, a mark is 42."""
        if self.kind is BidKind.MARKS:
            return self.amount * POINTS_IN_A_HAND
        return self.amount

    def __lt__(self, other: Bid) -> bool:
        return self.value < other.value

    def __str__(self) -> str:
        if self.kind is BidKind.PASS:
            return "pass"
        said = f"{self.amount}m" if self.kind is BidKind.MARKS else str(self.amount)
        return said if self.special is None else f"{said}-{self.special.value}"

    @property
    def plain(self) -> Bid:
        """The bid without the contract it announces: what it promises on the ladder."""
        return self if self.special is None else Bid(self.kind, self.amount)
