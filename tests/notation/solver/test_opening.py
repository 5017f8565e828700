"""The solver's opening lead under every option that touches it (docs/rules.md, Contracts):
opening-lead=trump (001, 004) holds it to a trump when the leader holds one, and
small-end-opening (004) lets a lead that is neither a double nor a trump be played as the suit
of its small end, which the whole first trick then follows and is won in.

As in test_solver.py, the solver is held to a plain exhaustive minimax written straight from
the rules (:func:`notation.rules.tricks.opening_leads`, :func:`notation.rules.tricks.opening_suits`,
:mod:`notation.rules.play`), on small endings played as a hand's first trick: each seat holds
one to three tiles, and the trick under way (or the next) is the opening.
``T42_SOLVER_POSITIONS`` sets how many seeded positions (a tenth of it here, 200 at least,
among which each option changes some values).
"""

from __future__ import annotations

import os
import random

import pytest

from notation.model.contracts import DoublesRank, Trump
from notation.model.rule_sets import RuleSet, rule_set
from notation.model.seats import SEATS, Seat, Team
from notation.model.tiles import ALL_TILES, Tile
from notation.rules.dealing import deal, random_trump
from notation.rules.play import can_follow, sevens_choices, trick_points, trick_winner
from notation.rules.tricks import opening_leads, opening_suits
from notation.solver.solver import (
    AS_SMALL_END,
    TILE_INDEX,
    Position,
    Solver,
    contract_tables,
    tile_of,
)

POSITIONS = max(200, int(os.environ.get("T42_SOLVER_POSITIONS", "10000")) // 10)

Hands = dict[Seat, tuple[Tile, ...]]
Order = tuple[Seat, ...]
Lead = tuple[Tile, int]  # the tile led and the suit it was played as
FOUR: Order = tuple(SEATS)

RULES = {
    "small-end": rule_set("straight").with_options({"small-end-opening": "yes"}),
    "trump-lead": rule_set("straight").with_options({"opening-lead": "trump"}),
    "both": rule_set("straight").with_options({"small-end-opening": "yes",
                                               "opening-lead": "trump"}),
    "neither": rule_set("straight"),
}


def _after(order: Order, seat: Seat, n: int) -> Seat:
    return order[(order.index(seat) + n) % len(order)]


def _plays(held: tuple[Tile, ...], trick: tuple[Tile, ...], suit: int | None, trump: Trump,
           rules: RuleSet, first: bool) -> list[Lead]:
    """Every play the seat may make, with the suit it leads (the trick's for a follower)."""
    if trump.special is not None and trump.special.value == "sevens":
        choices = sevens_choices(held)
    elif trick:
        assert suit is not None
        choices = can_follow(held, suit, trump) or held
    else:
        choices = opening_leads(held, trump, rules) if first else held
    if trick:
        assert suit is not None
        return [(t, suit) for t in choices]
    return [(t, s) for t in choices
            for s in (opening_suits(t, trump, rules) if first else opening_suits(t, trump,
                                                                               RuleSet()))]


NS_PLAY = frozenset({Seat.N, Seat.S})


def reference(hands: Hands, leader: Seat, trick: tuple[Tile, ...], suit: int | None,
              trump: Trump, rules: RuleSet, first: bool, order: Order = FOUR,
              claim: Team | None = None, maximizers: frozenset[Seat] = NS_PLAY) -> int:
    """NS points from here on with best play by all (minimax, no pruning, no memory; the
    ``maximizers`` play for NS points); with ``claim``, 1 when that team wins every trick
    left whatever anyone plays, else 0. ``first``: the trick under way (or the next) is the
    hand's first; ``suit`` the suit the trick under way was led as."""
    if not trick and not any(hands.values()):
        return 1 if claim is not None else 0
    seat = _after(order, leader, len(trick))
    values = []
    for tile, led in _plays(hands[seat], trick, suit, trump, rules, first):
        rest = {**hands, seat: tuple(t for t in hands[seat] if t != tile)}
        now = (*trick, tile)
        if len(now) == len(order):
            winner = _after(order, leader, trick_winner(now, trump, led))
            if claim is not None:
                values.append(0 if winner.team is not claim
                              else reference(rest, winner, (), None, trump, rules, False,
                                             order, claim))
            else:
                gain = trick_points(now) if winner.team is Team.NS else 0
                values.append(gain + reference(rest, winner, (), None, trump, rules, False,
                                               order, None, maximizers))
        else:
            values.append(reference(rest, leader, now, led, trump, rules, first, order, claim,
                                    maximizers))
    if claim is not None:
        return min(values)
    return max(values) if seat in maximizers else min(values)


def opening_ending(rng: random.Random, rules: RuleSet) -> tuple[
        Hands, Seat, tuple[Tile, ...], int | None, Trump, Order]:
    """A random deal cut to one to three tiles a seat, played as a hand's first trick: a
    trump (mostly), Nello or Sevens, the opening lead made already now and then (played as
    either suit it may be), and a follower or two after it."""
    hands: Hands = deal(rng)
    kind = rng.choice(("trump", "trump", "trump", "trump", "nello", "sevens"))
    leader = rng.choice(SEATS)
    order = FOUR
    if kind == "nello":
        doubles = rng.choice([d.value for d in DoublesRank])
        trump = Trump.parse("", f"doubles-{doubles}", special="nello")
        order = tuple(s for s in SEATS if s is not leader.partner)
        hands = {**hands, leader.partner: ()}
    elif kind == "sevens":
        trump = Trump.parse("", special="sevens")
    else:
        trump = random_trump(rng)
    size = rng.choice((1, 2, 2, 3, 3))
    hands = {s: tuple(rng.sample(hands[s], size)) if s in order else () for s in SEATS}
    trick: tuple[Tile, ...] = ()
    suit: int | None = None
    for _ in range(rng.choice((0, 0, 0, 0, 1, 2))):
        seat = _after(order, leader, len(trick))
        tile, suit = rng.choice(_plays(hands[seat], trick, suit, trump, rules, True))
        hands = {**hands, seat: tuple(t for t in hands[seat] if t != tile)}
        trick = (*trick, tile)
    return hands, leader, trick, suit, trump, order


def _position(hands: Hands, leader: Seat, trick: tuple[Tile, ...], suit: int | None,
              trump: Trump, first: bool = True) -> Position:
    pos = Position.deal(hands, leader)
    led_as = -1
    if trick and suit is not None and suit != opening_suits(trick[0], trump, RuleSet())[0]:
        led_as = suit
    return Position(pos.hands, pos.leader, tuple(TILE_INDEX[t] for t in trick),
                    opening=first, led_as=led_as)


@pytest.mark.parametrize("name", sorted(RULES))
def test_solver_agrees_with_exhaustive_reference_at_the_opening(name: str) -> None:
    """The value, each team's lay-down and the refuting line's legality, at small endings
    played as the first trick, under each option and both and neither."""
    rules = RULES[name]
    rng = random.Random(f"opening {name}")
    differs = 0
    for _ in range(POSITIONS):
        hands, leader, trick, suit, trump, order = opening_ending(rng, rules)
        out = [s for s in SEATS if s not in order]
        tables = contract_tables(trump, out[0].index if out else None, rules)
        pos = _position(hands, leader, trick, suit, trump)
        # In Nello E and W play for NS points (notation.solver.solver.NELLO_MAXIMIZERS).
        roles = frozenset({Seat.E, Seat.W}) if out else NS_PLAY
        want = reference(hands, leader, trick, suit, trump, rules, True, order, None, roles)
        solver = Solver(tables, [s.index for s in roles])
        assert solver.value(pos) == want, (hands, leader, trick, suit, trump)
        for team in Team:
            holds = reference(hands, leader, trick, suit, trump, rules, True, order, team)
            assert (solver.claim_refutation(pos, team) is None) == bool(holds), (
                hands, leader, trick, suit, trump, team)
        # The same tiles, not the first trick: the options change nothing there.
        own = opening_suits(trick[0], trump, RuleSet())[0] if trick else None
        later = reference(hands, leader, trick, own, trump, rules, False, order, None, roles)
        assert Solver(tables, [s.index for s in roles]).value(
            _position(hands, leader, trick, own, trump, first=False)) == later
        differs += later != want
    if name != "neither":
        assert differs > 0  # the option changed some values: the positions test it


def test_a_full_hand_is_the_best_of_its_opening_plays() -> None:
    """From a whole deal, the value is the best over every opening play the rules allow
    (each searched as a trick under way), small-end leads among them."""
    rng = random.Random(1942)
    seen_small_end = False
    for name in ("small-end", "small-end", "both", "trump-lead"):
        rules = RULES[name]
        hands: Hands = deal(rng)
        leader = rng.choice(SEATS)
        trump = random_trump(rng)
        tables = contract_tables(trump, None, rules)
        pos = Position.deal(hands, leader)
        legal = pos.legal(tables)
        plays = [i for i in range(2 * len(ALL_TILES)) if legal >> i & 1]
        seen_small_end |= any(i >= AS_SMALL_END for i in plays)
        wanted = {(ALL_TILES[tile_of(i)], i >= AS_SMALL_END) for i in plays}
        held = hands[leader]
        assert wanted == {(t, s != opening_suits(t, trump, RuleSet())[0])
                          for t in opening_leads(held, trump, rules)
                          for s in opening_suits(t, trump, rules)}
        after = [Solver(tables).value(pos.play(i, tables)) for i in plays]
        value = Solver(tables).value(pos)
        assert value == (max(after) if leader.team is Team.NS else min(after))
    assert seen_small_end
