"""Flat memory on big archives: peak RSS of ``t42 validate`` as the archive grows tenfold.

Run: ``python bench/memory.py [--hands 1000000] [--jobs N] [--jsonl]``.

It deals a seeded block of random legal games (``t42 deal``, about 20,000 hands) and writes
it again and again into one archive of about ``--hands`` hands, then validates a tenth of it
and the whole of it, each as its own process, and prints the time, hands per second and the
peak RSS of the largest process (the command or one of its workers). Flat memory means the
same peak for both. With ``--jsonl`` it converts the whole archive to JSON Lines and does the
same for that. A benchmark, not a test: nothing here fails on a slow machine.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from archive import COMPILE, HANDS_PER_GAME, deal, t42, timed

BLOCK_HANDS = 20_000


def grow(block: Path, copies: int, path: Path) -> None:
    with path.open("wb") as out:
        for copy in range(copies):
            if copy:
                out.write(b"\n")
            with block.open("rb") as source:
                shutil.copyfileobj(source, out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1_000_000)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--jsonl", action="store_true", help="also JSON Lines")
    args = parser.parse_args()

    folder = Path(tempfile.mkdtemp(prefix="t42-memory-"))
    try:
        subprocess.run([sys.executable, "-c", COMPILE], check=True)  # as bench/archive.py
        games = round(min(args.hands, BLOCK_HANDS) / HANDS_PER_GAME)
        block = folder / "block.t42"
        block_hands = deal(block, args.seed, games)
        copies = max(1, round(args.hands / block_hands))
        tenth, whole = folder / "tenth.t42", folder / "whole.t42"
        grow(block, max(1, copies // 10), tenth)
        grow(block, copies, whole)
        runs = [(tenth, max(1, copies // 10)), (whole, copies)]
        if args.jsonl:
            for path, _ in list(runs):
                subprocess.run(
                    [*t42(), "convert", str(path), "-o", str(path.with_suffix(".jsonl"))],
                    check=True,
                )
            runs += [(path.with_suffix(".jsonl"), n) for path, n in runs]
        print(f"t42 validate --jobs {args.jobs}, whole process")
        print(
            f"{'archive':<28} {'hands':>10} {'MB':>6} {'seconds':>8} {'hands/s':>8} "
            f"{'peak RSS':>9}"
        )
        for path, n in runs:
            hands = block_hands * n
            seconds, peak = timed([*t42(), "validate", "--jobs", str(args.jobs), str(path)])
            size = path.stat().st_size / 1e6
            print(
                f"{path.name:<28} {hands:>10,} {size:>6,.0f} {seconds:>8.1f} "
                f"{hands / seconds:>8,.0f} {peak:>6} MB"
            )
    finally:
        shutil.rmtree(folder)


if __name__ == "__main__":
    main()
