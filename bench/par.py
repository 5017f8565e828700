"""Cost of a full par table against one full-hand solve of the same deal, on this machine.

Run: ``python bench/par.py [--deals N] [--seed S]``. For each of N seeded deals
(:func:`notation.rules.dealing.deal`, straight rules) it times, each from a fresh start:

- **one solve**: the full-hand value from the opening lead (:meth:`Solver.value`, no guess)
  with a fresh :class:`Solver`, the trump drawn by :func:`notation.rules.dealing.random_trump` and a
  random declarer who leads, as ``bench/solver.py`` draws them (the same random stream: a
  deal, then its trump, then its declarer);
- **the par table**: :func:`notation.analysis.par.par_table` of the deal under straight rules, 4
  seats as declarer × 9 plain contracts (the seven pips, doubles, follow-me), every cell an
  exact value; the solver's contract tables are built before either is timed (they are
  cached per contract and shared by every deal);
- **the par table, serial**: the same table with its nine trumps solved one after another
  (``workers=1``), against the table as ``t42 par`` computes it, the trumps on threads (one
  for each core this process may use): the median ratio of their wall times.

It prints the median and worst of each time, and the median and worst over the deals of the
ratio par table / one solve of the same deal. Then,
counted in plays searched (which does not drift with the machine's load), where the table's
work goes: the first question put to each contract's solver (its first declarer) and the
other 27 cells, each as a multiple of the one solve's plays. This is a benchmark, not a
test: nothing here fails on a slow machine.

With ``--startup`` it times whole processes instead, on one dealt game: ``t42 par FILE
--hand 1`` as after an install (Numba's cache empty: the search is compiled, and says so on
stderr), then warm (the search loaded from the cache), against ``t42 validate`` of the same
file, each the median of ``--repeat`` runs but the first, the three run in turn; and, to
show what the goal leaves, the imports alone (the command and Numba, nothing run) against
``t42 validate``.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import notation.analysis.par
from notation.analysis.par import cores, par_table
from notation.model.contracts import Trump
from notation.model.rule_sets import RuleSet
from notation.model.seats import SEATS, Seat
from notation.rules.dealing import deal, random_trump
from notation.solver.solver import Position, Solver, contract_tables

# The goals: the par table's other 27 cells at most half the plays of its 9 first declarers
# (as bridge's double-dummy solvers reuse a strain's first declarer's work), and the trumps on
# two threads at most 0.6 of the serial wall time.
LATER_GOAL = 0.5
THREADS_GOAL = 0.6
WARM_GOAL = 2.0  # a warm `t42 par --hand 1` / `t42 validate` of the same file


class _Counting(Solver):
    """A solver that notes the plays each of its values searched, the first apart: put in
    place of the par table's solver, it counts the table's own work."""

    def value(self, pos: Position, guess: int | None = None) -> int:
        before = self.nodes
        found = super().value(pos, guess)
        _SEARCHED["rest" if getattr(self, "_asked", False) else "first"].append(
            self.nodes - before)
        self._asked = True
        return found


_SEARCHED: dict[str, list[int]] = {"first": [], "rest": []}


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--deals", type=int, default=50)
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--startup", action="store_true", help="time whole t42 processes")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    if args.startup:
        startup(args.seed, args.repeat)
        return

    rules = RuleSet()
    for trump in rules.plain_trumps():
        contract_tables(trump)  # built once per process, outside every timing
    # Load the compiled search (once per process) outside every timing too.
    Solver(contract_tables(Trump.pip(6))).value(Position.deal(deal(random.Random(0)), Seat.N))
    rng = random.Random(args.seed)
    solves: list[float] = []
    tables: list[float] = []
    ratios: list[float] = []
    serials: list[float] = []
    started = time.perf_counter()
    for _ in range(args.deals):
        hands = deal(rng)
        trump = random_trump(rng)
        declarer = rng.choice(SEATS)
        solver = Solver(contract_tables(trump))
        pos = Position.deal(hands, declarer)
        start = time.perf_counter()
        solver.value(pos)
        one = time.perf_counter() - start
        start = time.perf_counter()
        par_table(hands, rules)
        whole = time.perf_counter() - start
        start = time.perf_counter()
        par_table(hands, rules, workers=1)
        serials.append(time.perf_counter() - start)
        solves.append(one)
        tables.append(whole)
        ratios.append(whole / one)
    elapsed = time.perf_counter() - started
    firsts, rests = _plays(args.seed, args.deals, rules)
    print(f"{args.deals} seeded deals (seed {args.seed}), straight rules, "
          f"{elapsed:.1f} s in all")
    print(f"{'':<28} {'median':>10} {'worst':>10}")
    print(f"{'one full-hand solve (ms)':<28} {statistics.median(solves) * 1000:>10.1f} "
          f"{max(solves) * 1000:>10.1f}")
    print(f"{'par table, 4 x 9 (ms)':<28} {statistics.median(tables) * 1000:>10.1f} "
          f"{max(tables) * 1000:>10.1f}")
    print(f"{'ratio par / one solve':<28} {statistics.median(ratios):>10.2f} "
          f"{max(ratios):>10.2f}")
    print(f"{'par table, serial (ms)':<28} {statistics.median(serials) * 1000:>10.1f} "
          f"{max(serials) * 1000:>10.1f}")
    threaded = statistics.median(t / s for t, s in zip(tables, serials, strict=True))
    print(f"par table on {cores()} threads / serial, wall time (median): {threaded:.2f} "
          f"(goal at most {THREADS_GOAL:g}: {_verdict(threaded <= THREADS_GOAL)})")
    print(f"plays searched, as a multiple of the one solve's (median): the 9 first declarers "
          f"{statistics.median(firsts):.2f}, the other 27 cells {statistics.median(rests):.2f}")
    later = statistics.median(r / f for f, r in zip(firsts, rests, strict=True))
    print(f"the other 27 cells / the 9 first declarers, in plays (median over the deals): "
          f"{later:.2f} (goal at most {LATER_GOAL:g}: {_verdict(later <= LATER_GOAL)}); "
          f"a later declarer / a first: {later * 9 / 27:.2f}")


def _verdict(met: bool) -> str:
    return "met" if met else "not met"


def _wall(command: list[str], environment: dict[str, str]) -> tuple[float, str]:
    """Seconds from start to exit of ``command``, and what it wrote on stderr."""
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, env=environment, check=False)
    return time.perf_counter() - start, done.stderr


def startup(seed: int, repeat: int) -> None:
    """The first run of ``t42 par`` after an install, and warm, against ``t42 validate``."""
    t42 = [sys.executable, "-m", "t42"]
    with tempfile.TemporaryDirectory(prefix="t42-startup-") as folder:
        game = Path(folder) / "game.t42"
        with game.open("w", encoding="utf-8") as out:
            subprocess.run([*t42, "deal", "--seed", str(seed), "--games", "1"], stdout=out,
                           check=True)
        environment = {**os.environ, "NUMBA_CACHE_DIR": str(Path(folder) / "cache")}
        par = [*t42, "par", str(game), "--hand", "1"]
        validate = [*t42, "validate", str(game)]
        # What t42 par loads before it solves anything: the command, and Numba to load the
        # compiled search from its cache.
        imports = [sys.executable, "-c", "import t42.commands, numba"]
        first, said = _wall(par, environment)
        runs: list[tuple[float, float, float]] = []
        for _ in range(repeat):  # in turn, so that a drift of the machine moves all three
            runs.append((_wall(par, environment)[0], _wall(validate, environment)[0],
                         _wall(imports, environment)[0]))
    warm, checked, loaded = (statistics.median(r[i] for r in runs) for i in range(3))
    ratio = statistics.median(p / v for p, v, _ in runs)
    floor = statistics.median(i / v for _, v, i in runs)
    message = said.strip().splitlines()[0] if said.strip() else "(nothing on stderr)"
    print(f"t42 par --hand 1, first run after install: {first:.2f} s; it said: {message}")
    print(f"t42 par --hand 1, warm (median of {repeat}): {warm:.2f} s")
    print(f"t42 validate, same file (median of {repeat}): {checked:.2f} s")
    print(f"importing the command and Numba, nothing run (median of {repeat}): {loaded:.2f} s")
    print(f"warm t42 par / t42 validate: {ratio:.2f} "
          f"(goal at most {WARM_GOAL:g}: {_verdict(ratio <= WARM_GOAL)})")
    print(f"the imports alone / t42 validate: {floor:.2f} (medians of the ratios in turn)")


def _plays(seed: int, deals: int, rules: RuleSet) -> tuple[list[float], list[float]]:
    """For each of the same deals, the plays the par table's first declarers and its other
    cells searched, each as a multiple of the one solve's plays."""
    rng = random.Random(seed)
    firsts: list[float] = []
    rests: list[float] = []
    par_names = vars(notation.analysis.par)
    real = par_names["Solver"]
    par_names["Solver"] = _Counting
    try:
        for _ in range(deals):
            hands = deal(rng)
            trump = random_trump(rng)
            declarer = rng.choice(SEATS)
            one = Solver(contract_tables(trump))
            one.value(Position.deal(hands, declarer))
            _SEARCHED["first"], _SEARCHED["rest"] = [], []
            par_table(hands, rules)
            firsts.append(sum(_SEARCHED["first"]) / one.nodes)
            rests.append(sum(_SEARCHED["rest"]) / one.nodes)
    finally:
        par_names["Solver"] = real
    return firsts, rests


if __name__ == "__main__":
    main()
