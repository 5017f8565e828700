"""Archives at scale: whole-process throughput of ``t42`` on a seeded archive of random games.

Run: ``python bench/archive.py [--hands 100000] [--repeat 3] [--jobs N] [--keep DIR]``.

It writes a seeded archive of random legal games (``t42 deal``, about ``--hands`` hands) and
times, as separate processes from start to exit, each ``--repeat`` times, the median of:

- notation → validated: ``t42 validate archive.t42`` (the notation and every rule),
- notation → JSON Lines: ``t42 convert archive.t42 -o archive.jsonl``,
- JSON Lines → validated: ``t42 validate archive.jsonl`` (the schema and every rule),
- JSON Lines → notation: ``t42 convert archive.jsonl -o archive-back.t42``,
- notation with comments → validated: the same games with a comment on every trump line,
- the floor: a process that reads the same JSON Lines with ``orjson.loads`` alone.

``t42 validate`` vouches for a game written in the canonical form (as ``t42 deal``, ``fmt``
and ``convert`` write it) that breaks no rule by a quick check of its text
(:mod:`notation.archive.quick_check`), without building the model; a game with comments, keywords
in another case or lines wrapped otherwise is checked the same way once its text is folded
to the canonical form (comments dropped, white space and case made canonical), and anything
else is read into the model and checked in full. The archive with comments measures that
folding: what a hand-written archive costs.

Before the clock starts it writes the bytecode of t42's modules, as pip does when it installs
t42, so that no step pays for compiling t42's source again (which every process does where
bytecode is not written, as under PYTHONDONTWRITEBYTECODE, set on the machine of the
figures in docs/project/performance.md).

It prints hands per second and the ratio to the floor, with the peak memory (RSS) of the
largest process of each step. A benchmark, not a test: nothing here fails on a slow machine.
"""

from __future__ import annotations

import argparse
import filecmp
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HANDS_PER_GAME = 9.4  # what `t42 deal` averages with the straight rules, to size the archive

# Each game decoded and let go, as t42 streams them: holding all of them would make the floor
# slower than t42 (a growing heap for the garbage collector to walk), not faster.
FLOOR = """
import sys, orjson
with open(sys.argv[1], "rb") as lines:
    for line in lines:
        orjson.loads(line)
"""


def t42() -> list[str]:
    return [sys.executable, "-m", "t42"]


def timed(command: list[str]) -> tuple[float, int]:
    """Seconds from start to exit, and the peak RSS in MB of the process or of its largest
    worker (Linux reports the larger of the two through wait4)."""
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    assert process.stderr is not None
    errors = process.stderr.read()
    _, status, usage = os.wait4(process.pid, 0)
    seconds = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode not in (0, 1):
        sys.exit(f"{' '.join(command)} failed:\n{errors.decode()}")
    return seconds, usage.ru_maxrss // 1024


# Run as the steps are (same interpreter, same folder), so it compiles the modules they load.
COMPILE = """
import compileall, importlib.util
for package in ("notation", "t42"):
    spec = importlib.util.find_spec(package)
    assert spec is not None and spec.submodule_search_locations
    compileall.compile_dir(spec.submodule_search_locations[0], quiet=1)
"""


def deal(path: Path, seed: int, games: int) -> int:
    """Write ``games`` seeded random games to ``path`` with ``t42 deal``; how many hands.

    The games go straight to the file and are counted line by line: a child process reports
    this one's peak memory as its own if it was higher (Linux carries the high-water mark
    across the exec), so the benchmark itself must stay small.
    """
    with path.open("w", encoding="utf-8") as out:
        subprocess.run(
            [*t42(), "deal", "--seed", str(seed), "--games", str(games)], stdout=out, check=True
        )
    with path.open(encoding="utf-8") as lines:
        return sum(1 for line in lines if line.startswith("hand "))


def comment(source: Path, target: Path) -> None:
    """The archive with a comment at the end of every trump line, line by line."""
    with source.open(encoding="utf-8") as lines, target.open("w", encoding="utf-8") as out:
        for line in lines:
            out.write(line[:-1] + " { checked }\n" if line.startswith("trump ") else line)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--keep", type=Path, help="write the archives here and keep them")
    args = parser.parse_args()

    folder = args.keep or Path(tempfile.mkdtemp(prefix="t42-bench-"))
    folder.mkdir(parents=True, exist_ok=True)
    notation, jsonl = folder / "archive.t42", folder / "archive.jsonl"
    commented = folder / "archive-commented.t42"
    back = folder / "archive-back.t42"
    try:
        subprocess.run([sys.executable, "-c", COMPILE], check=True)
        games = max(1, round(args.hands / HANDS_PER_GAME))
        hands = deal(notation, args.seed, games)
        comment(notation, commented)
        megabytes = notation.stat().st_size / 1e6
        jobs = ["--jobs", str(args.jobs)]
        steps = [
            ("notation → validated", [*t42(), "validate", *jobs, str(notation)]),
            ("notation → JSON Lines", [*t42(), "convert", *jobs, str(notation), "-o", str(jsonl)]),
            ("JSON Lines → validated", [*t42(), "validate", *jobs, str(jsonl)]),
            ("JSON Lines → notation", [*t42(), "convert", *jobs, str(jsonl), "-o", str(back)]),
            ("notation with comments → validated", [*t42(), "validate", *jobs, str(commented)]),
            ("JSON Lines, orjson.loads alone (floor)", [sys.executable, "-c", FLOOR, str(jsonl)]),
        ]
        rows = []
        for name, command in steps:
            runs = [timed(command) for _ in range(args.repeat)]
            seconds = statistics.median(s for s, _ in runs)
            rows.append((name, hands / seconds, max(m for _, m in runs)))
        floor = rows[-1][1]
        print(
            f"{hands:,} hands in {games:,} games ({megabytes:.0f} MB of notation), "
            f"{args.jobs} jobs, median of {args.repeat} runs each, whole process"
        )
        print(f"{'step':<40} {'hands/s':>10} {'vs floor':>9} {'peak RSS':>9}")
        for name, rate, peak in rows:
            print(f"{name:<40} {rate:>10,.0f} {rate / floor:>8.3f}× {peak:>6} MB", flush=True)
        same = filecmp.cmp(notation, back, shallow=False)  # read in pieces: the bench stays small
        verdict = "the same bytes" if same else "DIFFERENT bytes"
        print(f"round trip, notation → JSON Lines → notation: {verdict}")
    finally:
        if args.keep is None:
            shutil.rmtree(folder)


if __name__ == "__main__":
    main()
