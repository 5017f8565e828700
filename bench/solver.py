"""Speed of the perfect-information solver on seeded random deals, on this machine.

Run: ``python bench/solver.py [--deals N] [--seed S]``. For each of N seeded deals (a random
trump from :func:`notation.dealing.random_trump`: mostly pips, some doubles and follow-me; a
random declarer who leads) it times, with a fresh solver each time:

- the full-hand value from the opening lead (the points each side can be sure of),
- the made/set question alone for a bid of 30 (a zero-window search),
- a claim check: after four tricks of random legal play, does the side on lead take every
  remaining trick whatever anyone plays (:meth:`Solver.claim_refutation`)?

It prints the median, p90 and worst time and the median and worst nodes of each. This is a
benchmark, not a test: nothing here fails on a slow machine.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from functools import partial

from notation.dealing import deal, random_trump
from notation.seats import SEATS, Team
from notation.solver import Position, Solver, contract_tables

CLAIM_AFTER_PLAYS = 16  # four tricks


def _random_plays(pos: Position, solver: Solver, rng: random.Random, plays: int) -> Position:
    tables = solver.tables
    for _ in range(plays):
        legal = pos.legal(tables)
        choices = [i for i in range(28) if legal >> i & 1]
        pos = pos.play(rng.choice(choices), tables)
    return pos


def _timed(work: Callable[[], object], solver: Solver) -> tuple[float, int]:
    """Seconds taken by ``work`` (a question put to ``solver``) and the nodes it searched."""
    start = time.perf_counter()
    work()
    return time.perf_counter() - start, solver.nodes


def _row(name: str, samples: list[tuple[float, int]]) -> str:
    times = sorted(s for s, _ in samples)
    nodes = sorted(n for _, n in samples)
    p90 = times[min(len(times) - 1, int(0.9 * len(times)))]
    return (
        f"{name:<30} {statistics.median(times) * 1000:>9.2f} {p90 * 1000:>9.2f} "
        f"{times[-1] * 1000:>10.1f} {statistics.median(nodes):>11,.0f} {nodes[-1]:>11,}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=42)
    args = parser.parse_args()

    rng = random.Random(args.seed)
    full: list[tuple[float, int]] = []
    made: list[tuple[float, int]] = []
    claim: list[tuple[float, int]] = []
    claims_held = 0
    started = time.perf_counter()
    for _ in range(args.deals):
        hands = deal(rng)
        trump = random_trump(rng)
        declarer = rng.choice(SEATS)
        tables = contract_tables(trump)
        pos = Position.deal(hands, declarer)
        bidders = declarer.team
        solver = Solver(tables)
        full.append(_timed(partial(solver.value, pos), solver))
        solver = Solver(tables)
        made.append(_timed(partial(solver.reaches, pos, bidders, 30), solver))
        later = _random_plays(pos, solver, rng, CLAIM_AFTER_PLAYS)
        team = Team.NS if later.leader % 2 == 0 else Team.EW
        solver = Solver(tables)
        claim.append(_timed(partial(solver.claim_refutation, later, team), solver))
        claims_held += Solver(tables).claim_refutation(later, team) is None
    elapsed = time.perf_counter() - started
    print(f"{args.deals} seeded deals (seed {args.seed}), {elapsed:.1f} s in all")
    print(f"{'question':<30} {'median ms':>9} {'p90 ms':>9} {'worst ms':>10} "
          f"{'median nodes':>11} {'worst nodes':>11}")
    print(_row("full-hand value (opening)", full))
    print(_row("made/set of 30 (zero window)", made))
    print(_row("claim check after 4 tricks", claim))
    print(f"claims that held: {claims_held} of {args.deals}")


if __name__ == "__main__":
    main()
