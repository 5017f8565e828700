"""Playing a hand's tricks: who leads the first, which seats play, who wins each trick and
what it is worth, and what each team has taken (docs/rules.md, Suits and rank; Contracts).

A trick's winner comes from its trump's table (:func:`notation.rules.play.trump_table`), built once
from the rules of :mod:`notation.rules.play`; the seat that sits out is
:attr:`notation.model.contracts.Contract.sitting_out`, the seats of a trick
:func:`notation.model.seats.play_order`.

>>> from notation.model.bids import Bid
>>> from notation.model.contracts import Trump
>>> from notation.model.rule_sets import rule_set
>>> splash = Contract(Seat.N, Bid.marks(2), Trump.parse("5", special="splash"))
>>> first_leader(splash, rule_set("texas"))
<Seat.S: 'S'>
>>> nello = Contract(Seat.N, Bid.marks(1), Trump.parse("", special="nello"))
>>> trick = take_trick(1, Seat.N, [Tile(4, 1), Tile(4, 3), Tile(1, 0)], nello)
>>> [str(s) for s in trick.seats], trick.winner, trick.points
(['N', 'E', 'W'], <Seat.E: 'E'>, 6)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from notation.model.construct import quick_constructor
from notation.model.contracts import Contract, Special, Trump
from notation.model.rule_sets import OpeningLead, PlungeLead, RuleSet
from notation.model.seats import Seat, Team, play_order
from notation.model.tiles import TRICKS_IN_A_HAND, Tile, tile_key
from notation.rules.play import is_trump, led_suit, trick_points, trump_suit, trump_table

SPLASH, PLUNGE = Special.SPLASH, Special.PLUNGE
NORTH, SOUTH = Seat.N, Seat.S
NS, EW = Team.NS, Team.EW


@dataclass(frozen=True, slots=True)
class TrickOutcome:
    """A trick as the engine sees it: who played what, who won it, and what it was worth."""

    number: int
    seats: tuple[Seat, ...]
    tiles: tuple[Tile, ...]
    winner: Seat
    points: int
    # The suit the lead was played as when it is not the suit the led tile calls for (a
    # small-end opening, :func:`opening_suits`); None when it is.
    suit: int | None = None


# ``TrickOutcome(number, seats, tiles, winner, points)`` without the frozen dataclass's
# ``__init__``, which is most of what a clean trick costs to check.
outcome = quick_constructor(TrickOutcome)


def first_leader(contract: Contract, rules: RuleSet) -> Seat:
    """Who leads to the first trick: the declarer, or the partner in a Splash and in a
    Plunge under plunge-lead=partner (docs/rules.md, Contracts)."""
    special = contract.trump.special
    if special is SPLASH or (special is PLUNGE and rules.plunge_lead is PlungeLead.PARTNER):
        return contract.declarer.partner
    return contract.declarer


def opening_leads(holding: Iterable[Tile], trump: Trump, rules: RuleSet) -> tuple[Tile, ...]:
    """The tiles of ``holding`` that may open the hand (docs/rules.md, Contracts): any, or
    under opening-lead=trump the trumps, when the leader holds one (001, 004).

    >>> from notation.model.rule_sets import rule_set
    >>> trump_lead = rule_set("straight").with_options({"opening-lead": "trump"})
    >>> hand = [Tile(6, 6), Tile(5, 1), Tile(3, 0)]
    >>> [str(t) for t in opening_leads(hand, Trump.pip(5), trump_lead)]
    ['5-1']
    >>> len(opening_leads(hand, Trump.pip(4), trump_lead))  # no four: any tile
    3
    >>> len(opening_leads(hand, Trump.pip(5), RuleSet()))
    3
    """
    tiles = tuple(holding)
    if not trump_must_open(rules):
        return tiles
    return tuple(t for t in tiles if is_trump(t, trump)) or tiles


def trump_must_open(rules: RuleSet, trump: Trump | None = None) -> bool:
    """Whether the opening lead must be a trump when the leader holds one (opening-lead=trump;
    docs/rules.md, Contracts; 001, 004): what :func:`opening_leads` holds a lead to. Under
    the contract's ``trump``, when it is given, a contract without trumps (follow-me, Nello,
    Sevens) leaves the lead free. Only that one lead is held to it.

    >>> from notation.model.contracts import DoublesRank
    >>> from notation.model.rule_sets import rule_set
    >>> held = rule_set("straight").with_options({"opening-lead": "trump"})
    >>> trump_must_open(held), trump_must_open(held, Trump.pip(6)), trump_must_open(RuleSet())
    (True, True, False)
    >>> trump_must_open(held, Trump.follow_me(DoublesRank.HIGH))
    False
    """
    if rules.opening_lead is not OpeningLead.TRUMP:
        return False
    return trump is None or trump_suit(trump) is not None


def small_end_opens(rules: RuleSet, trump: Trump | None = None) -> bool:
    """Whether the first lead may be played as the suit of its small end (docs/rules.md,
    Contracts; small-end-opening option, 004): the whole first trick follows the suit the
    lead was played as, and only the first trick. Under the contract's ``trump``, when it
    is given, Sevens has no suit to lead.

    >>> from notation.model.contracts import TrumpKind
    >>> either = RuleSet().with_options({"small-end-opening": "yes"})
    >>> sevens = Trump.called(TrumpKind.FOLLOW_ME, special=Special.SEVENS)
    >>> small_end_opens(either), small_end_opens(either, sevens), small_end_opens(RuleSet())
    (True, False, False)
    """
    if not rules.small_end_opening:
        return False
    return trump is None or trump.special is not Special.SEVENS


def opening_suits(tile: Tile, trump: Trump, rules: RuleSet) -> tuple[int, ...]:
    """The suits ``tile`` may be played as when it opens the hand (docs/rules.md, Contracts):
    the suit it calls for (:func:`notation.rules.play.led_suit`), and under
    small-end-opening (:func:`small_end_opens`, 004) the suit of its small end too, when it
    is neither a double nor a trump.

    >>> from notation.model.rule_sets import rule_set
    >>> either = rule_set("straight").with_options({"small-end-opening": "yes"})
    >>> fives = Trump.pip(5)
    >>> opening_suits(Tile(6, 1), fives, either), opening_suits(Tile(6, 1), fives, RuleSet())
    ((6, 1), (6,))
    >>> opening_suits(Tile(5, 1), fives, either), opening_suits(Tile(3, 3), fives, either)
    ((5,), (3,))
    """
    suit = led_suit(tile, trump)
    if (not small_end_opens(rules, trump) or tile.is_double or is_trump(tile, trump)):
        return (suit,)
    return (suit, tile.low)


def first_lead_names_trump(rules: RuleSet) -> bool:
    """Whether, no trump being named before the first play, the suit of the first tile led
    becomes trump (docs/rules.md, Contracts; trump-from-first-lead option, 003)."""
    return bool(rules.trump_from_first_lead)


def take_trick(
    number: int,
    leader: Seat,
    tiles: Sequence[Tile],
    contract: Contract,
    suit: int | None = None,
) -> TrickOutcome:
    """Trick ``number`` led by ``leader``: the seat of each tile (clockwise, passing over a
    seat that sits out), the winner and the points (1 and the count of its tiles).

    ``suit`` is the suit led when the leader named it (a small-end opening); else the led
    tile says. Tiles past the seats that play are not part of the trick.
    """
    seats = play_order(leader, contract.sitting_out)
    played = tuple(tiles[: len(seats)])
    seats = seats[: len(played)]
    table = trump_table(contract.trump)
    winner = seats[table.winner(played, suit)]
    named = None if suit is None or not played or suit == table.led[tile_key(played[0])] else suit
    return outcome(number, seats, played, winner, trick_points(played), named)


def play_tricks(
    contract: Contract,
    rules: RuleSet,
    choose: Callable[[int, tuple[Seat, ...]], Sequence[Tile]],
    count: int = TRICKS_IN_A_HAND,
) -> tuple[TrickOutcome, ...]:
    """``count`` tricks played from the first leader, the winner of each leading the next;
    ``choose(number, seats)`` gives the tiles the seats play to trick ``number``, in order.

    >>> from notation.model.bids import Bid
    >>> from notation.model.contracts import Trump
    >>> from notation.model.rule_sets import RuleSet
    >>> fives = Contract(Seat.E, Bid.points(30), Trump.pip(5))
    >>> tiles = {1: "4-3 5-5 4-0 4-4", 2: "6-6 6-1 6-0 2-2"}
    >>> def choose(number, seats):
    ...     return [Tile.parse(w) for w in tiles[number].split()]
    >>> [(str(o.seats[0]), str(o.winner)) for o in play_tricks(fives, RuleSet(), choose, 2)]
    [('E', 'S'), ('S', 'S')]
    """
    out = contract.sitting_out
    leader = first_leader(contract, rules)
    tricks: list[TrickOutcome] = []
    for number in range(1, count + 1):
        trick = take_trick(number, leader, choose(number, play_order(leader, out)), contract)
        tricks.append(trick)
        leader = trick.winner
    return tuple(tricks)


def tally(outcomes: Iterable[TrickOutcome]) -> tuple[dict[Team, int], dict[Team, int]]:
    """The points and the tricks each team has taken in ``outcomes``."""
    ns_points = ew_points = ns_tricks = ew_tricks = 0
    for trick in outcomes:
        # Seats by identity, not Seat.team: this runs for every hand checked.
        if trick.winner is NORTH or trick.winner is SOUTH:
            ns_points += trick.points
            ns_tricks += 1
        else:
            ew_points += trick.points
            ew_tricks += 1
    return {NS: ns_points, EW: ew_points}, {NS: ns_tricks, EW: ew_tricks}
