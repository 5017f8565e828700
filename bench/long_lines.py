"""Long lines without a line end: reading time as the line doubles (linear means a ratio of 2).

Run: ``python bench/long_lines.py [--start 1000000] [--steps 3] [--repeat 3]``.

For lines of ``--start`` characters, doubled ``--steps`` times, it times in this process
(median of ``--repeat`` runs) :func:`notation.formats.text.reader.read_games` of a text that is one
such
line and of a game whose last hand ends in one, and ``t42 replay --print`` of a file of one
such line as a whole process (the file's reader holds a line to 64 KiB, so the process stays
flat). It prints the seconds and the ratio to the line half as long: about 2 for the library
when reading is linear, about 1 for the command (issue 27 measured 9 s at 100 KB and 34 s at
200 KB). A benchmark, not a test: nothing here fails on a slow machine.
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

from notation.formats.text.reader import read_games

SHAPES: dict[str, Callable[[int], str]] = {
    "one line": lambda n: "x" * n,
    "a hand's last line": lambda n: '[Event "x"]\nhand 1 dealer N\n1 N ' + "6-4 " * (n // 4),
}


def reading(text: str) -> None:
    list(read_games(text))


def median_seconds(work: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--start", type=int, default=1_000_000)
    parser.add_argument("--steps", type=int, default=3)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    sizes = [args.start << step for step in range(args.steps + 1)]
    with tempfile.TemporaryDirectory(prefix="t42-long-") as folder:
        path = Path(folder) / "long.t42"
        rows: dict[str, list[float]] = {}
        for name, shape in SHAPES.items():
            rows[f"read_games, {name}"] = [
                median_seconds(partial(reading, shape(n)), args.repeat) for n in sizes
            ]
        command = [sys.executable, "-m", "t42", "replay", "--print", str(path)]
        replay: list[float] = []
        for n in sizes:
            path.write_text("x" * n, encoding="utf-8")
            replay.append(median_seconds(lambda: subprocess.run(command, capture_output=True),
                                         args.repeat))
        rows["t42 replay --print, one line"] = replay
    print(f"{'characters':>12} " + " ".join(f"{n:>14,}" for n in sizes))
    for name, times in rows.items():
        cells = [f"{times[0]:>8.3f}s      "] + [
            f"{t:>8.3f}s ×{t / max(before, 1e-9):>4.1f}" for before, t in itertools.pairwise(times)
        ]
        print(f"{name}\n{'':>12} " + " ".join(cells))


if __name__ == "__main__":
    main()
