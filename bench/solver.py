"""Speed of the perfect-information solver on seeded random deals, on this machine.

Run: ``python bench/solver.py [--deals N] [--seed S] [--baseline DIR]``. For each of N seeded
deals (a random trump from :func:`notation.rules.dealing.random_trump`: mostly pips, some doubles
and
follow-me; a random declarer who leads) it times, with a fresh solver each time:

- the full-hand value from the opening lead (the points each side can be sure of),
- the made/set question alone for a bid of 30 (a zero-window search),
- a claim check: after four tricks of random legal play, does the side on lead take every
  remaining trick whatever anyone plays (:meth:`Solver.claim_refutation`)?

It prints the median, p90 and worst time and the median and worst nodes of each.

With ``--baseline DIR`` (a checkout of an older commit, say a git worktree of it) it times
only the full-hand value, of the same seeded deals, by this checkout's solver and by the
one in DIR, turn about (old first on even deals, new first on odd ones, so that a machine
busy for a while slows both alike). Each solver runs in a subprocess of its own whose
``sys.path`` starts with its checkout; the subprocess times the solve alone. It prints both
rows and the ratios old / new: the median of the per-deal ratios, the ratio of the medians
and the ratio of the worst times (absolute times drift on a shared machine, ratios from one
run do not), and stops if the two solvers ever disagree on a value.

This is a benchmark, not a test: nothing here fails on a slow machine.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from notation.solver import Position, Solver, contract_tables

if TYPE_CHECKING:
    from notation.model.contracts import Trump
    from notation.model.seats import SEATS, Seat, Team
    from notation.model.tiles import Tile
    from notation.rules.dealing import deal, random_trump
else:
    # This script also runs, with --baseline, on a checkout from before the layout of
    # 26 November, where these three were top-level modules of notation.
    try:
        from notation.model.contracts import Trump
        from notation.model.seats import SEATS, Seat, Team
        from notation.rules.dealing import deal, random_trump
    except ImportError:
        from notation.contracts import Trump
        from notation.dealing import deal, random_trump
        from notation.seats import SEATS, Seat, Team

CLAIM_AFTER_PLAYS = 16  # four tricks
CHECKOUT = Path(__file__).resolve().parent.parent

# A seeded deal: every seat's tiles, the trump, the declarer (who leads).
Deal = tuple[dict[Seat, tuple["Tile", ...]], Trump, Seat]


def _random_plays(pos: Position, solver: Solver, rng: random.Random, plays: int) -> Position:
    tables = solver.tables
    for _ in range(plays):
        legal = pos.legal(tables)
        choices = [i for i in range(28) if legal >> i & 1]
        pos = pos.play(rng.choice(choices), tables)
    return pos


def _seeded_deals(rng: random.Random, count: int) -> Iterator[tuple[Deal, Position]]:
    """The seeded deals, each with the position after four tricks of random play (drawn
    from ``rng`` whether or not it is used, so both modes of the benchmark see the same
    deals)."""
    for _ in range(count):
        hands = deal(rng)
        trump = random_trump(rng)
        declarer = rng.choice(SEATS)
        tables = contract_tables(trump)
        pos = Position.deal(hands, declarer)
        later = _random_plays(pos, Solver(tables), rng, CLAIM_AFTER_PLAYS)
        yield (hands, trump, declarer), later


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


def _header(title: str) -> str:
    return (f"{title:<30} {'median ms':>9} {'p90 ms':>9} {'worst ms':>10} "
            f"{'median nodes':>11} {'worst nodes':>11}")


def every_question(seed: int, deals: int) -> None:
    """The default run: the three questions, this checkout's solver alone."""
    rng = random.Random(seed)
    full: list[tuple[float, int]] = []
    made: list[tuple[float, int]] = []
    claim: list[tuple[float, int]] = []
    claims_held = 0
    _warm_up()
    started = time.perf_counter()
    for (hands, trump, declarer), later in _seeded_deals(rng, deals):
        tables = contract_tables(trump)
        pos = Position.deal(hands, declarer)
        solver = Solver(tables)
        full.append(_timed(partial(solver.value, pos), solver))
        solver = Solver(tables)
        made.append(_timed(partial(solver.reaches, pos, declarer.team, 30), solver))
        team = Team.NS if later.leader % 2 == 0 else Team.EW
        solver = Solver(tables)
        claim.append(_timed(partial(solver.claim_refutation, later, team), solver))
        claims_held += Solver(tables).claim_refutation(later, team) is None
    elapsed = time.perf_counter() - started
    print(f"{deals} seeded deals (seed {seed}), {elapsed:.1f} s in all")
    print(_header("question"))
    print(_row("full-hand value (opening)", full))
    print(_row("made/set of 30 (zero window)", made))
    print(_row("claim check after 4 tricks", claim))
    print(f"claims that held: {claims_held} of {deals}")


class _Checkout:
    """A subprocess solving full hands with the solver of one checkout (see :func:`serve`)."""

    def __init__(self, root: Path, seed: int) -> None:
        env = {**os.environ, "PYTHONPATH": str(root)}
        self.process = subprocess.Popen(
            [sys.executable, "-P", str(Path(__file__).resolve()), "--serve", str(root),
             "--seed", str(seed)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env, cwd=root,
        )

    def solve(self, number: int) -> tuple[float, int, int]:
        """Seconds, nodes and value of the full-hand solve of seeded deal ``number`` (asked
        in increasing order)."""
        assert self.process.stdin is not None
        assert self.process.stdout is not None
        self.process.stdin.write(f"{number}\n".encode())
        self.process.stdin.flush()
        seconds, nodes, value = self.process.stdout.readline().split()
        return float(seconds), int(nodes), int(value)

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait()


def _warm_up() -> None:
    """Solve one deal untimed, so that what a process does once (Numba loading the compiled
    search, Python warming its caches) is not charged to the first deal timed."""
    hands = deal(random.Random(0))
    solver = Solver(contract_tables(Trump.pip(6)))
    solver.value(Position.deal(hands, Seat.N))
    solver.reaches(Position.deal(hands, Seat.E), Team.EW, 30)


def serve(root: Path, seed: int) -> None:
    """The subprocess's side: for each deal number read from stdin (increasing), solve that
    seeded deal's full hand with a fresh solver of the checkout at ``root`` and write the
    seconds, nodes and value. Each side deals the seeded deals itself: nothing of one
    layout's classes crosses to the other's."""
    # The imports at the top found the checkout's package first (PYTHONPATH).
    where = Path(sys.modules[Solver.__module__].__file__ or "").resolve()
    if not where.is_relative_to(root.resolve()):
        sys.exit(f"bench/solver.py: the solver loaded is {where}, not the one in {root}")
    _warm_up()
    seeded = enumerate(_seeded_deals(random.Random(seed), sys.maxsize))
    for line in sys.stdin:
        n, ((hands, trump, declarer), _) = next(seeded)
        while n < int(line):
            n, ((hands, trump, declarer), _) = next(seeded)
        tables = contract_tables(trump)
        pos = Position.deal(hands, declarer)
        solver = Solver(tables)
        start = time.perf_counter()
        value = solver.value(pos)
        seconds = time.perf_counter() - start
        print(seconds, solver.nodes, value, flush=True)


def against_baseline(seed: int, deals: int, baseline: Path) -> None:
    """The full-hand value by this checkout's solver and the baseline's, turn about."""
    old, new = _Checkout(baseline, seed), _Checkout(CHECKOUT, seed)
    old_runs: list[tuple[float, int]] = []
    new_runs: list[tuple[float, int]] = []
    started = time.perf_counter()
    try:
        for n in range(deals):
            first, second = (old, new) if n % 2 == 0 else (new, old)
            a, b = first.solve(n), second.solve(n)
            was, now = (a, b) if first is old else (b, a)
            if was[2] != now[2]:
                sys.exit(f"deal {n}: the baseline says {was[2]} points for NS, "
                         f"this checkout {now[2]}")
            old_runs.append(was[:2])
            new_runs.append(now[:2])
    finally:
        old.close()
        new.close()
    elapsed = time.perf_counter() - started
    print(f"{deals} seeded deals (seed {seed}), {elapsed:.1f} s in all; "
          f"full-hand value from the opening lead, the same value from both")
    print(_header("solver"))
    print(_row(f"baseline ({baseline.name})", old_runs))
    print(_row("this checkout", new_runs))
    ratios = [was / now for (was, _), (now, _) in zip(old_runs, new_runs, strict=True)]
    old_times = [s for s, _ in old_runs]
    new_times = [s for s, _ in new_runs]
    node_ratio = (statistics.median(n for _, n in old_runs)
                  / statistics.median(n for _, n in new_runs))
    print(f"old / new: median of per-deal ratios {statistics.median(ratios):.2f}x, "
          f"ratio of medians {statistics.median(old_times) / statistics.median(new_times):.2f}x, "
          f"ratio of worsts {max(old_times) / max(new_times):.2f}x, "
          f"ratio of median nodes {node_ratio:.2f}x; "
          f"per-deal ratio lowest {min(ratios):.2f}x, highest {max(ratios):.2f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--baseline", type=Path, metavar="DIR",
                        help="a checkout of an older commit to compare the full-hand value with")
    parser.add_argument("--serve", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve is not None:
        serve(args.serve, args.seed)
    elif args.baseline is not None:
        against_baseline(args.seed, args.deals, args.baseline)
    else:
        every_question(args.seed, args.deals)


if __name__ == "__main__":
    main()
