"""notation.analysis.worlds: the exact constrained dealer is uniform and never breaks a
constraint."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from notation.analysis.knowledge import Knowledge
from notation.analysis.worlds import Dealer, World, carry
from notation.model.bids import Bid
from notation.model.contracts import Contract, Trump
from notation.model.rule_sets import rule_set
from notation.model.seats import SEATS, Seat
from notation.model.tiles import ALL_TILES, Tile
from notation.rules.dealing import deal
from notation.rules.tricks import first_leader
from notation.solver.solver import Position, contract_tables

TEXAS = rule_set("texas")
# The 0.999 quantile of the standard normal, for the Wilson-Hilferty critical value below.
Z_999 = 3.0902


def _critical(df: int) -> float:
    """The chi-squared statistic a uniform dealer exceeds once in a thousand runs
    (Wilson-Hilferty's approximation, within a percent or so for these sizes)."""
    a = 2 / (9 * df)
    return float(df * (1 - a + Z_999 * math.sqrt(a)) ** 3)


def _knowledge(seed: int, contract: Contract, plays: int, seat: Seat) -> Knowledge:
    """What ``seat`` knows after ``plays`` seeded random legal plays of a seeded deal."""
    rng = random.Random(seed)
    hands = deal(rng)
    out = contract.sitting_out
    tables = contract_tables(contract.trump, None if out is None else out.index)
    pos = Position.deal({s: h for s, h in hands.items() if s is not out},
                        first_leader(contract, TEXAS))
    line: list[tuple[Seat, Tile]] = []
    for _ in range(plays):
        legal = pos.legal(tables)
        i = rng.choice([i for i in range(28) if legal >> i & 1])
        line.append((SEATS[pos.to_move(tables)], ALL_TILES[i]))
        pos = pos.play(i, tables)
    return Knowledge.of(seat, hands[seat], contract, line, rules=TEXAS)


def _every_world(k: Knowledge) -> list[World]:
    """Every world that fits, by brute force: each way to hand the unseen tiles out."""
    others = [s.index for s in SEATS if s is not k.seat]
    unseen = sorted(ALL_TILES.index(x) for x in k.unseen)
    found = []
    for owners in itertools.product(others, repeat=len(unseen)):
        hands = [0, 0, 0, 0]
        hands[k.seat.index] = k.own_left
        for i, s in zip(unseen, owners, strict=True):
            hands[s] |= 1 << i
        world: World = (hands[0], hands[1], hands[2], hands[3])
        if k.admits(world):
            found.append(world)
    return found


def _constrained(seed_from: int, contract: Contract, plays: int, seat: Seat) -> Knowledge:
    """The first seeded position from ``seed_from`` where the play has proved something
    (some seat lacks an unseen tile), so the constraints bite."""
    for seed in itertools.count(seed_from):
        k = _knowledge(seed, contract, plays, seat)
        if any(k.absent(s) for s in SEATS if s is not seat):
            return k
    raise AssertionError  # itertools.count never ends


def _chi_squared(k: Knowledge, draws_per_world: int, seed: int) -> tuple[float, int]:
    worlds = _every_world(k)
    dealer = Dealer(k)
    assert dealer.count == len(worlds)
    rng = random.Random(seed)
    n = draws_per_world * len(worlds)
    seen = Counter(dealer.draw(rng) for _ in range(n))
    assert set(seen) <= set(worlds)
    stat = sum((seen[w] - draws_per_world) ** 2 / draws_per_world for w in worlds)
    return stat, len(worlds) - 1


def test_the_count_and_the_draws_are_uniform_after_a_show_out() -> None:
    contract = Contract(Seat.N, Bid.points(30), Trump.pip(6))
    k = _constrained(1, contract, 21, Seat.S)  # five tricks and a lead: 2 or 1 tiles each
    stat, df = _chi_squared(k, 40, 7)
    assert df >= 5
    assert stat < _critical(df), (stat, df)


def test_the_count_and_the_draws_are_uniform_in_a_nello() -> None:
    nello = Contract(Seat.E, Bid.marks(1), Trump.parse("", special="nello"))
    # The partner (W) sits out with seven tiles face down: the unseen are many, so the
    # position is late (six tricks of three) and small.
    k = _constrained(1, nello, 17, Seat.N)
    stat, df = _chi_squared(k, 40, 11)
    assert df >= 5
    assert stat < _critical(df), (stat, df)


def test_a_plunge_declarer_is_dealt_the_doubles_it_needs() -> None:
    plunge = Contract(Seat.E, Bid.marks(4), Trump.parse("6", special="plunge"))
    for seed in itertools.count(1):
        k = _knowledge(seed, plunge, 20, Seat.N)
        need = 4 - sum(x.is_double for s, x in k.plays if s is Seat.E)
        doubles = [x for x in k.unseen if x.is_double]
        if 0 < need <= len(doubles) and Dealer(k).count:
            break
    worlds = _every_world(k)
    e_doubles = [sum(ALL_TILES[i].is_double for i in range(28) if w[1] >> i & 1) for w in worlds]
    assert min(e_doubles) >= need
    free = Dealer(Knowledge(k.seat, k.own, k.auction, k.contract, k.plays, k.held, k.barred,
                            (0, 0, 0, 0)))
    assert free.count > len(worlds)  # the need rules deals out
    stat, df = _chi_squared(k, 30, 3)
    assert stat < _critical(df), (stat, df)


def test_the_same_seed_draws_the_same_worlds() -> None:
    k = _knowledge(5, Contract(Seat.W, Bid.points(31), Trump.doubles_trump()), 6, Seat.N)
    first = [Dealer(k).draw(random.Random(9)) for _ in range(3)]
    again = [Dealer(k).draw(random.Random(9)) for _ in range(3)]
    assert first == again


def test_a_world_carried_forward_stays_uniform() -> None:
    """A world drawn earlier and kept only while it fits, else drawn again, is uniform
    among the worlds that fit now (the later worlds are a subset of the earlier)."""
    contract = Contract(Seat.N, Bid.points(30), Trump.pip(4))
    early = _knowledge(2, contract, 16, Seat.W)
    late = _knowledge(2, contract, 20, Seat.W)
    worlds = _every_world(late)
    before, now = Dealer(early), Dealer(late)
    rng = random.Random(4)
    per = 40
    seen: Counter[World] = Counter()
    for _ in range(per * len(worlds)):
        w = carry(before.draw(rng), late)
        seen[w if w is not None else now.draw(rng)] += 1
    stat = sum((seen[w] - per) ** 2 / per for w in worlds)
    assert stat < _critical(len(worlds) - 1), stat


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 27), st.sampled_from(SEATS),
       st.sampled_from(["pip", "doubles", "follow-me", "nello", "sevens", "plunge"]))
def test_no_drawn_world_breaks_a_constraint(seed: int, plays: int, seat: Seat,
                                            kind: str) -> None:
    if kind == "nello":
        contract = Contract(Seat.S, Bid.marks(1), Trump.parse("", special="nello"))
        plays = min(plays, 20)
        seat = Seat.E if seat is Seat.N else seat
    elif kind == "sevens":
        contract = Contract(Seat.S, Bid.marks(1), Trump.parse("", special="sevens"))
    elif kind == "plunge":
        contract = Contract(Seat.S, Bid.marks(4), Trump.parse("3", special="plunge"))
    else:
        trump = {"pip": Trump.pip(seed % 7), "doubles": Trump.doubles_trump(),
                 "follow-me": Trump.follow_me()}[kind]
        contract = Contract(Seat.S, Bid.points(30), trump)
    k = _knowledge(seed, contract, plays, seat)
    dealer = Dealer(k)
    if kind == "plunge" and not dealer.count:
        return  # a random deal seldom gives S the four doubles a Plunge needs
    assert dealer.count >= 1  # the true deal fits
    rng = random.Random(seed)
    for _ in range(5):
        world = dealer.draw(rng)
        assert k.admits(world)
        for s in SEATS:
            if s is not k.seat:
                assert not world[s.index] & k.barred[s.index]
