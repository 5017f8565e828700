"""Entries waiting behind a gap in a table's game, replayed when the gap is filled: the cost
must grow with the entries, not with their square.

Run: ``python bench/tables.py [--entries 1000 8000] [--repeat 5]``.

For each count N it times, in this process, the two ways a game meets entries waiting ahead
of a gap: reading a game back from its stored entries when its first entry is missing until
the last (``fold``, as after a restart), and the live path, N entries taken one by one ahead
of the gap, then the gap filled (``TableGame.take``; the server refuses an entry more than
``MOST_AHEAD`` past the last one applied, so N beyond it is only reached this way in a
benchmark). The entries are those of seeded random games played one after another, each one
after the first game is over refused (as the table would be told): each entry is applied,
whatever it says. It prints the median of ``--repeat`` runs, in milliseconds, and the cost
per entry in microseconds, for each N: when the cost grows linearly, the figures per entry
stay close. A benchmark, not a test: nothing here fails on a slow machine.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import notation
from club.tables import TableGame, entries_of, fold

TAGS = (("Rules", "straight"),)


def _entries(count: int) -> list[tuple[int, str]]:
    texts: list[str] = []
    seed = 0
    while len(texts) < count:
        texts += entries_of(notation.random_game(random.Random(seed),
                                                 notation.rule_set("straight")))
        seed += 1
    return list(enumerate(texts[:count], start=1))


def _by_fold(entries: list[tuple[int, str]]) -> TableGame:
    return fold(TAGS, [*entries[1:], entries[0]])


def _one_by_one(entries: list[tuple[int, str]]) -> TableGame:
    game = TableGame(TAGS)
    for number, entry in [*entries[1:], entries[0]]:
        game = game.take(number, entry)
    return game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--entries", type=int, nargs="+", default=[1000, 8000])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    for count in args.entries:
        entries = _entries(count)
        times: dict[str, list[float]] = {"fold": [], "take": []}
        for _ in range(args.repeat):  # the two sides alternate
            for name, way in (("fold", _by_fold), ("take", _one_by_one)):
                started = time.perf_counter()
                game = way(entries)
                times[name].append(time.perf_counter() - started)
                assert game.through == count
                assert game.waiting == ()
        for name, seconds in times.items():
            median = statistics.median(seconds)
            print(f"{count:>6} entries behind a gap, {name}: {1000 * median:8.1f} ms "
                  f"({1e6 * median / count:6.1f} µs an entry)")


if __name__ == "__main__":
    main()
