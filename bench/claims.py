"""Speed of the lay-down check against a full-hand solve of the same deals, on this machine.

Run: ``python bench/claims.py [--claims N] [--seed S]``. For each of N seeded deals
(:func:`notation.rules.dealing.deal`, a trump from :func:`notation.rules.dealing.random_trump`, a
random
declarer who leads, as ``bench/solver.py`` draws them) it times, each from a fresh solver:

- **one solve**: the full-hand value from the opening lead (:meth:`Solver.value`);
- **a lay-down**: after 0, 1, … 6 tricks (in turn, so every trick from the first has its
  share) of random legal play, the verdict on a lay-down. Every other lay-down is
  **justified**: its deal gives the declarer the 4 to 7 strongest trumps and the rest at
  random, and deals are drawn (untimed) until the side on lead's claim holds; the others are
  **random**: the deal as above, the claim by the side that could take every trick left
  with best play when one can (it holds, or is refuted by a careless order of play), else
  by the side on lead (most of these are refuted). The verdict is what
  ``t42 validate`` computes (:func:`notation.check.claims.check_claim`): whether the claim holds,
  and when it does not, the refuting line of play and whether best play would still have
  taken every trick.

It prints the median full-hand solve, then the median and worst lay-down check, each also as a
multiple of that median (times drift with the machine's load; ratios from one run do not),
with the plays searched; then the same by the trick the lay-down comes after, and how many
held. The goal (issue 26): the worst lay-down at most 20 times the median solve. This is a
benchmark, not a test: nothing here fails on a slow machine.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from dataclasses import dataclass

from notation.check.claims import check_claim
from notation.model.contracts import Trump
from notation.model.seats import SEATS, Seat
from notation.model.tiles import ALL_TILES
from notation.rules.dealing import deal, random_trump
from notation.solver.solver import ContractTables, Position, Solver, contract_tables

GOAL = 20.0  # the worst lay-down check, as a multiple of the median full-hand solve
TRICKS = 7


@dataclass(frozen=True)
class Timing:
    """One lay-down checked: after how many tricks, its seconds and plays, and the verdict."""

    after: int
    seconds: float
    nodes: int
    held: bool


def _random_tricks(pos: Position, tables: ContractTables, rng: random.Random,
                   tricks: int) -> Position:
    for _ in range(tricks * tables.trick_size):
        legal = pos.legal(tables)
        pos = pos.play(rng.choice([i for i in range(28) if legal >> i & 1]), tables)
    return pos


def _justified(rng: random.Random, after: int) -> tuple[ContractTables, Position, Position]:
    """A deal whose declarer holds the 4 to 7 strongest trumps, and the position after
    ``after`` tricks of random play, drawn until the side on lead's lay-down holds there."""
    while True:
        trump = random_trump(rng)
        declarer = rng.choice(SEATS)
        tables = contract_tables(trump)
        if not tables.trumps:
            continue
        top = list(tables.trumps[: rng.randint(4, TRICKS)])
        rest = [i for i in range(len(ALL_TILES)) if i not in top]
        rng.shuffle(rest)
        mine = top + rest[: TRICKS - len(top)]
        rest = rest[TRICKS - len(top):]
        others = [s for s in SEATS if s is not declarer]
        hands = {declarer: [ALL_TILES[i] for i in mine]}
        for k, seat in enumerate(others):
            hands[seat] = [ALL_TILES[i] for i in rest[k * TRICKS:(k + 1) * TRICKS]]
        opening = Position.deal(hands, declarer)
        pos = _random_tricks(opening, tables, rng, after)
        if Solver(tables).claim_holds(pos, SEATS[pos.leader].team):
            return tables, opening, pos


def _claimant(pos: Position, tables: ContractTables) -> Seat:
    """A seat of the side that can take every trick left with best play, if one can; else
    the seat on lead."""
    leader = SEATS[pos.leader]
    if Solver(tables).takes_every_trick(pos, leader.team.opponents):
        return leader.next
    return leader


def _warm_up() -> None:
    """Solve and judge one deal untimed: loading the compiled search (once per process) is
    not charged to the first deal."""
    tables = contract_tables(Trump.pip(6))
    pos = Position.deal(deal(random.Random(0)), Seat.N)
    Solver(tables).value(pos)
    check_claim(pos, tables, Seat.N, 0)
    check_claim(pos, tables, Seat.E, 0)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--claims", type=int, default=500)
    parser.add_argument("--seed", type=int, default=42)
    args = parser.parse_args()

    _warm_up()
    rng = random.Random(args.seed)
    solves: list[float] = []
    claims: list[Timing] = []
    started = time.perf_counter()
    for n in range(args.claims):
        after = n // 2 % TRICKS
        if n % 2 == 0:
            tables, opening, pos = _justified(rng, after)
            seat = SEATS[pos.leader]
        else:
            hands = deal(rng)
            trump = random_trump(rng)
            declarer = rng.choice(SEATS)
            tables = contract_tables(trump)
            opening = Position.deal(hands, declarer)
            pos = _random_tricks(opening, tables, rng, after)
            seat = _claimant(pos, tables)
        solver = Solver(tables)
        start = time.perf_counter()
        solver.value(opening)
        solves.append(time.perf_counter() - start)
        judge = Solver(tables)
        start = time.perf_counter()
        claim = check_claim(pos, tables, seat, after, judge)
        seconds = time.perf_counter() - start
        claims.append(Timing(after, seconds, judge.nodes, bool(claim.valid)))
    elapsed = time.perf_counter() - started

    solve = statistics.median(solves)
    print(f"{args.claims} seeded deals (seed {args.seed}), a lay-down in each after 0 to 6 "
          f"tricks of random play, half of them justified; {elapsed:.1f} s in all")
    print(f"one full-hand solve: median {solve * 1000:.2f} ms, worst "
          f"{max(solves) * 1000:.1f} ms")
    print(f"{'lay-downs':<24} {'count':>5} {'held':>5} {'median ms':>10} {'worst ms':>9} "
          f"{'median x':>9} {'worst x':>8} {'median plays':>12} {'worst plays':>11}")
    print(_row("all", claims, solve))
    for after in range(TRICKS):
        print(_row(f"after {after} tricks", [c for c in claims if c.after == after], solve))
    worst = max(c.seconds for c in claims) / solve
    verdict = "met" if worst <= GOAL else "not met"
    print(f"goal: the worst lay-down at most {GOAL:g}x the median solve: {verdict} "
          f"({worst:.2f}x)")


def _row(name: str, claims: list[Timing], solve: float) -> str:
    times = [c.seconds for c in claims]
    nodes = [c.nodes for c in claims]
    held = sum(c.held for c in claims)
    median, worst = statistics.median(times), max(times)
    return (f"{name:<24} {len(claims):>5} {held:>5} {median * 1000:>10.2f} "
            f"{worst * 1000:>9.1f} {median / solve:>9.2f} {worst / solve:>8.2f} "
            f"{statistics.median(nodes):>12,.0f} {max(nodes):>11,}")


if __name__ == "__main__":
    main()

