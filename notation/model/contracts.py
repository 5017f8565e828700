"""What the winning bidder names: the trump (a pip, the doubles, or none) and how doubles rank.

>>> Trump.parse("fives") == Trump.pip(5), str(Trump.parse("aces")), str(Trump.follow_me())
(True, 'ones', 'follow-me')
>>> str(Trump.parse("follow-me", "doubles-low"))
'follow-me doubles-low'
>>> str(Trump.parse("", special="nello")), str(Trump.parse("5", special="plunge"))
('nello doubles-own-suit', 'plunge fives')
>>> str(Trump.parse("", "doubles-high", special="nello")), str(Trump.parse("", special="sevens"))
('nello doubles-high', 'sevens')
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from notation.errors import T42Error, expect
from notation.model.bids import ANNOUNCED, Bid
from notation.model.numbers import shown, whole_number
from notation.model.seats import Seat
from notation.model.tiles import HIGHEST_PIP
from notation.model.written import WrittenEnum

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


class TrumpKind(WrittenEnum):
    PIP = "pip"
    DOUBLES = "doubles"
    FOLLOW_ME = "follow-me"

    # Members are singletons, so the identity hash agrees with ==, and it is much cheaper
    # than Enum's (Python) name hash; a Trump is hashed to find its table (play.trump_table).
    __hash__ = object.__hash__


class DoublesRank(WrittenEnum):
    """Where the doubles stand when they are not trump (follow-me, and Nello)."""

    HIGH = "high"  # the double is the highest tile of its pip suit
    LOW = "low"  # the double is the lowest tile of its pip suit
    OWN_SUIT = "own-suit"  # the doubles are a suit of their own, 6-6 high
    OWN_SUIT_INVERTED = "own-suit-inverted"  # a suit of their own, 0-0 high (Nello only)

    __hash__ = object.__hash__  # as TrumpKind's

    @property
    def word(self) -> str:
        return f"doubles-{self.value}"


class Special(WrittenEnum):
    """A special contract the declarer may name instead of a plain trump (docs/rules.md, Contracts).

    Nello and Low-No are played with no trump and a doubles option; Plunge and Splash with
    the trump the partner names; Sevens by distance from 7 pips.
    """

    NELLO = "nello"
    PLUNGE = "plunge"
    SPLASH = "splash"
    SEVENS = "sevens"
    LOW_NO = "low-no"

    __hash__ = object.__hash__  # as TrumpKind's

    @property
    def is_nello(self) -> bool:
        """Nello and Low-No: the declarer must lose every trick and the partner sits out."""
        return self in (Special.NELLO, Special.LOW_NO)

    @property
    def partner_names_trump(self) -> bool:
        return self in (Special.PLUNGE, Special.SPLASH)

    @property
    def title(self) -> str:
        return "Low-No" if self is Special.LOW_NO else self.value.capitalize()


SPECIAL_ALIASES: dict[str, Special] = {"lowno": Special.LOW_NO}


# The doubles the declarer must hold to name these (docs/rules.md, Contracts; Plunge; Splash).
DOUBLES_NEEDED: dict[Special, int] = {Special.PLUNGE: 4, Special.SPLASH: 3}


def parse_special(word: str) -> Special:
    w = word.strip().lower()
    for special in Special:
        if special.value == w:
            return special
    if w in SPECIAL_ALIASES:
        return SPECIAL_ALIASES[w]
    names = ", ".join(s.value for s in Special)
    raise ContractError(f"{shown(word)!r} is not a contract; the contracts are {names}")


def parse_bid(text: str) -> Bid:
    """A bid as written, with the contract it may announce (``4m-plunge``, ``1m-nello``,
    ``2m-splash``), as some tables and the other 42 programs bid their special contracts in
    the auction (docs/rules.md, The other 42 programs). Raise :class:`BidError` for anything
    else that is not a bid (:meth:`Bid.parse`).

    >>> bid = parse_bid("4M-Plunge")
    >>> str(bid), bid.value, bid.special.title if bid.special else None
    ('4m-plunge', 168, 'Plunge')
    >>> parse_bid("30") == Bid.points(30)
    True
    """
    head, dash, tail = text.strip().lower().partition("-")
    if dash and tail in ANNOUNCED and head != "pass":
        bid = Bid.parse(head)
        return Bid(bid.kind, bid.amount, parse_special(tail))
    return Bid.parse(text)


class ContractError(T42Error, ValueError):
    """A trump call that names no trump this toolkit knows."""


@dataclass(frozen=True, slots=True)
class Trump:
    """The trump suit of a hand. ``suit`` is the pip for a pip trump, else None."""

    kind: TrumpKind
    suit: int | None = None
    doubles: DoublesRank = DoublesRank.HIGH
    special: Special | None = None

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
    def called(
        cls,
        kind: TrumpKind,
        suit: int | None = None,
        doubles: DoublesRank | None = None,
        special: Special | None = None,
        *,
        follow_me_doubles: DoublesRank = DoublesRank.HIGH,
        nello_doubles: DoublesRank = DoublesRank.OWN_SUIT,
    ) -> Trump:
        """The trump a call names, where the call leaves ``doubles`` out taking the table's
        rule: the one place that decides it, for the notation and the JSON form alike.

        A Nello or Low-No takes ``nello_doubles`` (the table's nello-doubles option); Sevens
        ranks by pips, its doubles high; any other follow-me (Plunge and Splash too) takes
        ``follow_me_doubles``; a pip or doubles trump has its doubles high.

        >>> str(Trump.called(TrumpKind.FOLLOW_ME, special=Special.NELLO,
        ...                  nello_doubles=DoublesRank.HIGH))
        'nello doubles-high'
        >>> str(Trump.called(TrumpKind.FOLLOW_ME, follow_me_doubles=DoublesRank.LOW))
        'follow-me doubles-low'
        """
        if doubles is None:
            if special is not None and special.is_nello:
                doubles = nello_doubles
            elif kind is TrumpKind.FOLLOW_ME and special is not Special.SEVENS:
                doubles = follow_me_doubles
            else:
                doubles = DoublesRank.HIGH
        return cls(kind, suit, doubles, special)

    @classmethod
    def parse(
        cls,
        word: str,
        doubles_word: str | None = None,
        default_doubles: DoublesRank = DoublesRank.HIGH,
        *,
        special: str | None = None,
        nello_doubles: DoublesRank = DoublesRank.OWN_SUIT,
    ) -> Trump:
        """Read a trump call: ``fives``, ``5``, ``doubles``, ``follow-me [doubles-low]``.

        A follow-me call that names no doubles option takes ``default_doubles``, the
        table's rule. ``special`` is a contract word before the trump: ``nello`` and
        ``low-no`` (no trump word; a doubles option, ``nello_doubles`` when none is named),
        ``sevens`` (nothing else), ``plunge`` and ``splash`` (the trump the partner names).
        The doubles a call leaves out are decided by :meth:`called`.
        """
        contract = None if special is None else parse_special(special)
        if contract is not None and not contract.partner_names_trump:
            kind, suit, doubles = _no_trump(contract, word, doubles_word)
        elif contract is not None and not word.strip():
            raise ContractError(
                f"name the trump of the {contract.title}: trump S {contract.value} fives"
            )
        else:
            kind, suit, doubles = _trump_word(word, doubles_word)
        return cls.called(
            kind,
            suit,
            doubles,
            contract,
            follow_me_doubles=default_doubles,
            nello_doubles=nello_doubles,
        )

    @property
    def doubles_form_suit(self) -> bool:
        """True when a double belongs to no pip suit (doubles trump, or an own-suit option)."""
        return self.kind is TrumpKind.DOUBLES or self.doubles in (
            DoublesRank.OWN_SUIT,
            DoublesRank.OWN_SUIT_INVERTED,
        )

    def __str__(self) -> str:
        if self.special is not None:
            if self.special is Special.SEVENS:
                return "sevens"
            if self.special.is_nello:
                return f"{self.special.value} {self.doubles.word}"
            return f"{self.special.value} {dataclasses.replace(self, special=None)}"
        if self.kind is TrumpKind.PIP:
            assert self.suit is not None
            return PIP_NAMES[self.suit]
        if self.kind is TrumpKind.DOUBLES:
            return "doubles"
        if self.doubles is DoublesRank.HIGH:
            return "follow-me"
        return f"follow-me {self.doubles.word}"


_Called = tuple[TrumpKind, int | None, DoublesRank | None]  # what a call names, as written


def _trump_word(word: str, doubles_word: str | None) -> _Called:
    """A trump word and the doubles option written after it, if any, checked."""
    w = word.strip().lower()
    doubles = None
    if doubles_word is not None:
        doubles = parse_doubles_rank(doubles_word)
        if doubles is DoublesRank.OWN_SUIT_INVERTED:
            raise ContractError(
                "doubles-own-suit-inverted is a Nello option; follow-me takes "
                "doubles-high, doubles-low or doubles-own-suit"
            )
    pip = whole_number(w)
    if pip is not None and pip <= HIGHEST_PIP:
        called: _Called = (TrumpKind.PIP, pip, None)
    elif w in PIP_NAMES:
        called = (TrumpKind.PIP, PIP_NAMES.index(w), None)
    elif w in PIP_ALIASES:
        called = (TrumpKind.PIP, PIP_ALIASES[w], None)
    elif w == "doubles":
        called = (TrumpKind.DOUBLES, None, None)
    elif w in FOLLOW_ME_ALIASES:
        return TrumpKind.FOLLOW_ME, None, doubles
    else:
        raise ContractError(
            f"{shown(word)!r} is not a trump: name a suit (blanks, ones, deuces, treys, fours, "
            "fives, sixes or 0 … 6), doubles, or follow-me"
        )
    if doubles_word is not None:
        raise ContractError(f"a doubles option goes only with follow-me, not with {w}")
    return called


def _no_trump(special: Special, word: str, doubles_word: str | None) -> _Called:
    """What a contract with no trump (Nello, Low-No, Sevens) names, checked."""
    if word.strip():
        raise ContractError(
            f"{special.title} has no trump: write trump N {special.value} without {shown(word)!r}"
        )
    if special is Special.SEVENS and doubles_word is not None:
        raise ContractError("Sevens takes no doubles option")
    doubles = None if doubles_word is None else parse_doubles_rank(doubles_word)
    return TrumpKind.FOLLOW_ME, None, doubles


def parse_doubles_rank(word: str) -> DoublesRank:
    w = word.strip().lower().removeprefix("doubles-")
    for rank in DoublesRank:
        if rank.value == w:
            return rank
    names = ", ".join(r.word for r in DoublesRank)
    raise ContractError(f"{shown(word)!r} is not a doubles option; use one of {names}")


@dataclass(frozen=True, slots=True)
class Contract:
    """The winning bid, who holds it, and the trump it is played in."""

    declarer: Seat
    bid: Bid
    trump: Trump

    def __post_init__(self) -> None:
        expect("Contract", "declarer", self.declarer, Seat)
        expect("Contract", "bid", self.bid, Bid)
        expect("Contract", "trump", self.trump, Trump)

    def __str__(self) -> str:
        """The declarer, the bid and the trump, as a 42 player says them: ``N 2m doubles``."""
        return f"{self.declarer} {self.bid} {self.trump}"

    def as_json(self) -> dict[str, str]:
        """The contract as the reports write it (audit, par and analysis schemas).

        >>> from notation.model.seats import Seat
        >>> Contract(Seat.N, Bid.marks(2), Trump.doubles_trump()).as_json()
        {'declarer': 'N', 'bid': '2m', 'trump': 'doubles'}
        """
        return {"declarer": self.declarer.value, "bid": str(self.bid), "trump": str(self.trump)}

    @property
    def trump_namer(self) -> Seat:
        """Who names trump: the declarer, or her partner in a Plunge or Splash (docs/rules.md,
        Contracts).

        >>> from notation.model.seats import Seat
        >>> str(Contract(Seat.N, Bid.marks(2), Trump.doubles_trump()).trump_namer)
        'N'
        >>> plunge = Trump.parse("fours", special="plunge")
        >>> str(Contract(Seat.N, Bid.marks(4), plunge).trump_namer)
        'S'

        A bid that announced a Plunge or Splash leaves the naming to the partner whatever
        she names, a Nello or Sevens too where the table allows it:

        >>> str(Contract(Seat.N, parse_bid("4m-plunge"), Trump.parse("", special="nello"))
        ...     .trump_namer)
        'S'
        """
        for special in (self.trump.special, self.bid.special):
            if special is not None and special.partner_names_trump:
                return self.declarer.partner
        return self.declarer

    @property
    def sitting_out(self) -> Seat | None:
        """The seat that sits out: in Nello and Low-No the declarer's partner, who lays her
        tiles down and does not play (docs/rules.md, Contracts); else None."""
        special = self.trump.special
        return self.declarer.partner if special is not None and special.is_nello else None
