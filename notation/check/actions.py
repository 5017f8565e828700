"""What a hand's position takes next (:class:`Action`: a bid, a trump, a tile, a small-end
:class:`Lead`), what it awaits (:class:`Phase`), the refusal of an action the rules forbid
(:class:`IllegalAction`), and the actions of a recorded hand in order
(:func:`record_actions`). :mod:`notation.check.position` plays them.

>>> from notation.formats.text import loads
>>> hand = loads((SAMPLES / "full-game.t42").read_text(encoding="utf-8"))[0].hands[0]
>>> [str(a) for a in record_actions(hand)][:6]
['pass', '30', 'pass', 'pass', 'sixes', '6-6']
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from notation.errors import T42Error
from notation.model.bids import Bid
from notation.model.contracts import DoublesRank, Special, Trump, TrumpKind
from notation.model.findings import Finding
from notation.model.game import Hand
from notation.model.rule_sets import RuleSet
from notation.model.tiles import Tile
from notation.model.written import WrittenEnum
from notation.rules.auction import specials_played
from notation.rules.dealing import FOLLOW_ME_DOUBLES

__all__ = [
    "Action", "IllegalAction", "Lead", "Phase", "PositionError", "record_actions",
    "trumps_to_offer",
]


@dataclass(frozen=True, slots=True)
class Lead:
    """The first lead of a hand played as the suit of its small end (small-end-opening=yes,
    docs/rules.md, Contracts): ``Lead(Tile(5, 3), 3)`` leads the 5-3 as a three. A plain
    :class:`~notation.model.tiles.Tile` pushed as the first lead is read as its high end
    unless the plays that follow show the small end."""

    tile: Tile
    suit: int


# What a position takes next: a bid or pass, the trump (or special contract), or a tile.
Action = Bid | Trump | Tile | Lead


class Phase(WrittenEnum):
    """What a hand awaits next: a bid, the trump, a play, or nothing (the hand is over)."""

    BID = "bid"
    TRUMP = "trump"
    PLAY = "play"
    OVER = "over"

    def __str__(self) -> str:
        return self.value


class PositionError(T42Error, ValueError):
    """A position that cannot be made: a deal the rules refuse (a tile dealt twice, a seat
    dealt other than 7), a hand the record does not have, an action of no kind the game
    knows. ``finding`` is the validator's, when it made one."""

    def __init__(self, message: str, finding: Finding | None = None) -> None:
        super().__init__(message)
        self.finding = finding


class IllegalAction(PositionError):
    """An action the rules refuse now. ``finding`` is what the validator
    (:func:`notation.check.validate.check_game`) reports of a record holding it: ``code``
    and ``str()`` are its code and its words."""

    finding: Finding

    def __init__(self, finding: Finding) -> None:
        super().__init__(finding.message, finding)

    @property
    def code(self) -> str:
        return self.finding.code



def trumps_to_offer(rules: RuleSet) -> tuple[Trump, ...]:
    """Every trump or special contract a declarer might name at this table: the seven pips,
    the doubles, follow-me with each reading of the doubles, then each special contract the
    table plays (Nello with each doubles option, Sevens, Plunge and Splash with each plain
    trump, Low-No). Which of them the rules allow now is the validator's to say.

    >>> from notation.model.rule_sets import rule_set
    >>> len(trumps_to_offer(rule_set("straight"))), len(trumps_to_offer(rule_set("texas")))
    (11, 38)
    """
    plain = (
        *(Trump.pip(suit) for suit in range(7)),
        Trump.doubles_trump(),
        *(Trump.follow_me(d) for d in FOLLOW_ME_DOUBLES),
    )
    specials: list[Trump] = []
    for special in specials_played(rules):
        if special.is_nello:
            specials += [
                Trump(TrumpKind.FOLLOW_ME, None, d, special) for d in rules.nello_doubles_allowed()
            ]
        elif special is Special.SEVENS:
            specials.append(Trump(TrumpKind.FOLLOW_ME, None, DoublesRank.HIGH, special))
        else:
            specials += [replace(t, special=special) for t in plain]
    return (*plain, *specials)


def record_actions(hand: Hand) -> tuple[Action, ...]:
    """The actions of a recorded hand in the order made: its calls, its trump call, its
    plays trick by trick."""
    calls: tuple[Action, ...] = tuple(c.bid for c in hand.auction.calls) if hand.auction else ()
    trump: tuple[Action, ...] = (hand.trump.trump,) if hand.trump is not None else ()
    plays = tuple(p.tile for trick in hand.tricks for p in trick.plays)
    return (*calls, *trump, *plays)
