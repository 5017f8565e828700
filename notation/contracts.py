"""What the winning bidder names: the trump (a pip, the doubles, or none) and how doubles rank.

>>> Trump.parse("fives") == Trump.pip(5), str(Trump.parse("aces")), str(Trump.follow_me())
(True, 'ones', 'follow-me')
>>> str(Trump.parse("follow-me", "doubles-low"))
'follow-me doubles-low'
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from notation.bids import Bid
from notation.seats import Seat

PIP_NAMES: tuple[str, ...] = ("blanks", "ones", "deuces", "treys", "fours", "fives", "sixes")
# Other names players use for the same suits, read on input and never written.
PIP_ALIASES: dict[str, int] = {"aces": 1, "twos": 2, "threes": 3, "blank": 0, "one": 1}
FOLLOW_ME_ALIASES = (
    "follow-me",
    "followme",
    "no-trump",
    "notrump",
    "no-trumps",
    "notrumps",
    "nt",
)

# A pseudo-suit number for "the doubles" when they form a suit of their own.
DOUBLES_SUIT = 7


class TrumpKind(Enum):
    PIP = "pip"
    DOUBLES = "doubles"
    FOLLOW_ME = "follow-me"


class DoublesRank(Enum):
    """Where the doubles stand when they are not trump (follow-me, and Nello)."""

    HIGH = "high"  # the double is the highest tile of its pip suit
    LOW = "low"  # the double is the lowest tile of its pip suit
    OWN_SUIT = "own-suit"  # the doubles are a suit of their own, 6-6 high
    OWN_SUIT_INVERTED = "own-suit-inverted"  # a suit of their own, 0-0 high (Nello only)

    @property
    def word(self) -> str:
        return f"doubles-{self.value}"


class ContractError(ValueError):
    """A trump call that names no trump this toolkit knows."""


@dataclass(frozen=True, slots=True)
class Trump:
    """The trump suit of a hand. ``suit`` is the pip for a pip trump, else None."""

    kind: TrumpKind
    suit: int | None = None
    doubles: DoublesRank = DoublesRank.HIGH

    @classmethod
    def pip(cls, suit: int) -> Trump:
        return cls(TrumpKind.PIP, suit)

    @classmethod
    def doubles_trump(cls) -> Trump:
        return cls(TrumpKind.DOUBLES)

    @classmethod
    def follow_me(cls, doubles: DoublesRank = DoublesRank.HIGH) -> Trump:
        return cls(TrumpKind.FOLLOW_ME, None, doubles)

    @classmethod
    def parse(
        cls,
        word: str,
        doubles_word: str | None = None,
        default_doubles: DoublesRank = DoublesRank.HIGH,
    ) -> Trump:
        """Read a trump call: ``fives``, ``5``, ``doubles``, ``follow-me [doubles-low]``.

        A follow-me call that names no doubles option takes ``default_doubles``, the
        table's rule.
        """
        w = word.strip().lower()
        doubles = default_doubles
        if doubles_word is not None:
            doubles = parse_doubles_rank(doubles_word)
            if doubles is DoublesRank.OWN_SUIT_INVERTED:
                raise ContractError(
                    "doubles-own-suit-inverted is a Nello option; follow-me takes "
                    "doubles-high, doubles-low or doubles-own-suit"
                )
        if w.isdigit() and int(w) <= 6:
            trump = cls.pip(int(w))
        elif w in PIP_NAMES:
            trump = cls.pip(PIP_NAMES.index(w))
        elif w in PIP_ALIASES:
            trump = cls.pip(PIP_ALIASES[w])
        elif w == "doubles":
            trump = cls.doubles_trump()
        elif w in FOLLOW_ME_ALIASES:
            return cls.follow_me(doubles)
        else:
            raise ContractError(
                f"{word!r} is not a trump: name a suit (blanks, ones, deuces, treys, fours, "
                "fives, sixes or 0 … 6), doubles, or follow-me"
            )
        if doubles_word is not None:
            raise ContractError(f"a doubles option goes only with follow-me, not with {w}")
        return trump

    @property
    def doubles_form_suit(self) -> bool:
        """True when a double belongs to no pip suit (doubles trump, or an own-suit option)."""
        return self.kind is TrumpKind.DOUBLES or self.doubles in (
            DoublesRank.OWN_SUIT,
            DoublesRank.OWN_SUIT_INVERTED,
        )

    def __str__(self) -> str:
        if self.kind is TrumpKind.PIP:
            assert self.suit is not None
            return PIP_NAMES[self.suit]
        if self.kind is TrumpKind.DOUBLES:
            return "doubles"
        if self.doubles is DoublesRank.HIGH:
            return "follow-me"
        return f"follow-me {self.doubles.word}"


def parse_doubles_rank(word: str) -> DoublesRank:
    w = word.strip().lower().removeprefix("doubles-")
    for rank in DoublesRank:
        if rank.value == w:
            return rank
    names = ", ".join(r.word for r in DoublesRank)
    raise ContractError(f"{word!r} is not a doubles option; use one of {names}")


@dataclass(frozen=True, slots=True)
class Contract:
    """The winning bid, who holds it, and the trump it is played in."""

    declarer: Seat
    bid: Bid
    trump: Trump
