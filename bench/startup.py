"""How long each ``t42`` command takes as a whole process, against the floor of Typer and Rich.

Run: ``python bench/startup.py [--runs 21] [--solver-runs 3] [--only=NAME ...]`` (``--only``
as often as wanted: ``--only=validate --only=-h``).

The floor is ``python -c "import typer, rich"``: what any Typer command pays before it does
anything. Each command of the app runs as a user runs it (the installed ``t42`` script, or
``python -m t42`` where there is none), on the one-game ``samples/full-game.t42`` where it
needs a file, its output thrown away; ``t42 -h`` and ``t42 --version`` too. For each, the
floor and the command run turn about (the floor first on even runs, the command on odd ones,
so that a machine busy for a while slows both alike), and it prints the median of each, their
ratio and the goal: at most 1.5x the floor for a command, 1.2x for ``-h`` and ``--version``.

Three commands are timed at the start of their work, where a run stops of itself: ``record``
with no terminal to type into (it has read and resumed the record by then), ``serve`` with a
database address it cannot use (it has loaded the club's server by then), ``review`` with the
fewest worlds. The commands that solve hands (``audit``, ``par``, ``review``, ``analyze``)
start the compiled solver, whose ``import numba`` alone is over the goal: they are timed
fewer times (``--solver-runs``), and the rows after the table show what such an import
costs against the same floor: Numba, and the parts of Typer and Rich that a command pays
for beyond the floor (the help formatter, Pydantic, a Rich console); and last what the work
of ``t42 validate`` costs the library alone, with no command line.

A benchmark, not a test: nothing here fails on a slow machine.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

CHECKOUT = Path(__file__).resolve().parent.parent
SAMPLE = "samples/full-game.t42"
FLOOR = ["-c", "import typer, rich"]
COMMAND_GOAL, HELP_GOAL = 1.5, 1.2
SOLVER = "it starts the compiled solver: import numba alone is over it (below)"


@dataclass(frozen=True)
class Case:
    """One command line to time, its goal, and why it cannot meet it, if it cannot."""

    args: tuple[str, ...]
    goal: float = COMMAND_GOAL
    solver: bool = False
    why: str = ""  # what is over the goal by itself, if the command is over it

    @property
    def name(self) -> str:
        return "t42 " + " ".join(self.args)


def cases(scratch: Path) -> list[Case]:
    """Every command of the app, on a one-game file where it needs one."""
    record = scratch / "record.t42"
    shutil.copyfile(CHECKOUT / SAMPLE, record)
    return [
        Case(("-h",), HELP_GOAL, why="Typer's help formatter alone is over it (below)"),
        Case(("--version",), HELP_GOAL),
        Case(("validate", SAMPLE), why="the library's work alone is over it (below)"),
        Case(("fmt", SAMPLE)),
        Case(("convert", SAMPLE)),
        Case(("stats", SAMPLE)),
        Case(("diagram", SAMPLE, "--hand", "1")),
        Case(("html", SAMPLE)),
        Case(("replay", SAMPLE, "--print")),
        Case(("deal",)),
        Case(("rules",)),
        Case(("rules", "texas")),
        Case(("record", str(record))),
        Case(("serve", str(scratch / "club"), "--database", "nowhere://")),
        Case(("par", SAMPLE, "--hand", "1"), solver=True, why=SOLVER),
        Case(("audit", SAMPLE, "--hand", "1"), solver=True, why=SOLVER),
        Case(("review", SAMPLE, "--hand", "1", "--samples", "1", "--no-bids"), solver=True,
             why=SOLVER),
        Case(("analyze", SAMPLE, "--jobs", "1"), solver=True, why=SOLVER),
    ]


# What a command may pay for beyond the floor, each timed against the floor: Numba, the parts
# of Typer and Rich beyond it, and validate's work done by the library alone, without the
# command line (what the command adds is the difference from t42 validate).
IMPORTS = {
    "import numba": "import typer, rich, numba",
    "Typer's help formatter": "import typer, rich, typer.rich_utils",
    "Typer's coercion (Pydantic)": "import typer, rich, pydantic",
    "a Rich console": "import typer, rich, rich.console",
    "validate's work by the library alone": (
        "import typer, rich.console\n"
        "from pathlib import Path\n"
        "from notation.archive.reading import check_units, units\n"
        f"[c for u in units(Path({SAMPLE!r})) for c in check_units(u)]"
    ),
}


def command_line() -> list[str]:
    """How a user runs t42: its script beside this Python, else ``python -m t42``."""
    script = Path(sys.executable).parent / "t42"
    return [str(script)] if script.exists() else [sys.executable, "-m", "t42"]


def timed(argv: list[str]) -> float:
    began = time.perf_counter()
    subprocess.run(argv, cwd=CHECKOUT, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - began


def paired(argv: list[str], runs: int) -> tuple[float, float]:
    """The medians of the floor and of ``argv``, run turn about ``runs`` times each."""
    floor: list[float] = []
    command: list[float] = []
    for run in range(runs):
        first, second = ((FLOOR, floor), (argv, command)) if run % 2 == 0 else (
            (argv, command), (FLOOR, floor))
        for line, times in (first, second):
            times.append(timed([sys.executable, *line] if line is FLOOR else line))
    return statistics.median(floor), statistics.median(command)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21, help="runs of each command")
    parser.add_argument("--solver-runs", type=int, default=3,
                        help="runs of each command that starts the solver")
    parser.add_argument("--only", action="append", default=None, metavar="NAME",
                        help="only this command (--only=validate, --only=-h …)")
    args = parser.parse_args()
    t42 = command_line()
    print(f"floor: python -c \"import typer, rich\"; commands run as {' '.join(t42)}")
    with tempfile.TemporaryDirectory() as folder:
        chosen = [case for case in cases(Path(folder))
                  if args.only is None or case.args[0] in args.only]
        width = max(len(case.name) for case in chosen)
        print(f"{'command':<{width}} {'median':>8} {'floor':>8} {'ratio':>6} {'goal':>5}  meets")
        for case in chosen:
            runs = args.solver_runs if case.solver else args.runs
            floor, took = paired([*t42, *case.args], runs)
            ratio = took / floor
            meets = "yes" if ratio <= case.goal else "no"
            if case.why and ratio > case.goal:
                meets += f": {case.why}"
            print(f"{case.name:<{width}} {took:7.3f}s {floor:7.3f}s {ratio:5.2f}x "
                  f"{case.goal:4.1f}x  {meets}", flush=True)
    if args.only is not None:
        return
    width = max(len(what) for what in IMPORTS)
    print("\nbeyond the floor, each against it (python -c \"...\"):")
    for what, code in IMPORTS.items():
        floor, took = paired([sys.executable, "-c", code], args.runs)
        print(f"{what:<{width}} {took:7.3f}s {floor:7.3f}s {took / floor:5.2f}x", flush=True)


if __name__ == "__main__":
    main()
