"""One benchmark run on two checkouts in turn: this one and a baseline (an older commit, say
a git worktree of it), to show in one run what a change did to its figures.

Run: ``python bench/paired.py --baseline DIR [--runs 4] stages.py [its options ...]``.

It runs ``bench/SCRIPT`` of each checkout ``--runs`` times, alternating which goes first,
each with that checkout's packages first on the import path, reads every row the script
prints as a name and a number (``read notation into the model      116.0``), and prints
each row's median on both sides and their ratio (this checkout over the baseline: above 1
is a larger figure now, slower for a time, faster for a rate such as hands/s). A benchmark,
not a test: nothing here fails on a slow machine.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
from pathlib import Path

CHECKOUT = Path(__file__).resolve().parent.parent
# A row: a name, two or more spaces, a number (with thousands commas), then a unit or nothing.
ROW = re.compile(r"^(?P<name>\S.*?)\s{2,}(?P<value>\d[\d,]*(?:\.\d+)?)(?:\s|×|$)")


def rows_of(output: str) -> dict[str, float]:
    """The rows of a benchmark's output, each a name and its figure.

    >>> rows_of("stage   µs/hand\\nquick check, notation      19.0\\nfloor  131,840 hands/s\\n")
    {'quick check, notation': 19.0, 'floor': 131840.0}
    """
    rows = {}
    for line in output.splitlines():
        match = ROW.match(line)
        if match:
            rows[match["name"].strip()] = float(match["value"].replace(",", ""))
    return rows


def run(checkout: Path, script: str, options: list[str]) -> dict[str, float]:
    """The rows ``checkout``'s ``bench/script`` prints, its own packages imported first."""
    env = dict(os.environ, PYTHONPATH=str(checkout))
    done = subprocess.run([sys.executable, str(checkout / "bench" / script), *options],
                          env=env, cwd=checkout, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"{checkout / 'bench' / script} failed:\n{done.stderr}")
    return rows_of(done.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--baseline", type=Path, required=True, metavar="DIR",
                        help="a checkout of the commit to compare with")
    parser.add_argument("--runs", type=int, default=4, help="runs of each side (default 4)")
    parser.add_argument("script", help="a script of bench/, e.g. stages.py")
    parser.add_argument("options", nargs=argparse.REMAINDER, help="the script's own options")
    args = parser.parse_args()
    sides = {"baseline": args.baseline.resolve(), "this": CHECKOUT}
    figures: dict[str, dict[str, list[float]]] = {"baseline": {}, "this": {}}
    order: list[str] = []
    for n in range(args.runs):
        for side in ("baseline", "this") if n % 2 == 0 else ("this", "baseline"):
            for name, value in run(sides[side], args.script, args.options).items():
                if name not in order:
                    order.append(name)
                figures[side].setdefault(name, []).append(value)
    print(f"{args.script} {' '.join(args.options)}: {args.runs} runs of each side, "
          f"alternating; medians; baseline {sides['baseline']}")
    print(f"{'row':<46} {'baseline':>10} {'this':>10} {'this/baseline':>14}")
    for name in order:
        old, new = figures["baseline"].get(name), figures["this"].get(name)
        if not old or not new:
            continue  # a row one side does not print
        before, after = statistics.median(old), statistics.median(new)
        ratio = f"{after / before:>13.3f}×" if before else f"{'':>14}"
        print(f"{name:<46} {before:>10,.1f} {after:>10,.1f} {ratio}")


if __name__ == "__main__":
    main()
