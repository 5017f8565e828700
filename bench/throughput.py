"""Throughput of reading, checking and converting records, whole process, on this machine.

Run: ``python bench/throughput.py [--hands N] [--repeat R]``. It generates a seeded archive
of random legal games (about N hands), then times, each R times, and prints the median:

- notation text → games (parse only), and → checked games (parse + every rule),
- games → JSON Lines, and JSON Lines → games (with full JSON Schema validation),
- for reference, the same JSON Lines read with ``json.loads`` alone (the floor).

Figures are hands per second and the ratio to the floor. This is a benchmark, not a test:
nothing here fails on a slow machine.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable

from notation import json_form
from notation.dealing import random_game
from notation.game import Game
from notation.reader import read_games
from notation.rules import RuleSet
from notation.validate import check_game
from notation.writer import write_games


def archive(hands: int, seed: int) -> list[Game]:
    rng = random.Random(seed)
    games: list[Game] = []
    while sum(len(g.hands) for g in games) < hands:
        games.append(random_game(rng, RuleSet()))
    return games


def median_seconds(work: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", type=int, default=42)
    args = parser.parse_args()

    games = archive(args.hands, args.seed)
    hands = sum(len(g.hands) for g in games)
    text = write_games(games)
    jsonl = "".join(json_form.dumps(g) + "\n" for g in games)

    def parse() -> object:
        return [r.game for r in read_games(text)]

    def check() -> object:
        return [check_game(r.game, r.rules).findings for r in read_games(text)]

    def dump_jsonl() -> object:
        return [json_form.dumps(g) for g in games]

    def load_jsonl() -> object:
        return json_form.loads(jsonl)

    def floor() -> object:
        return [json.loads(line) for line in jsonl.splitlines()]

    rows = [
        ("notation → games (parse)", parse),
        ("notation → checked games", check),
        ("games → JSON Lines", dump_jsonl),
        ("JSON Lines → games (schema-checked)", load_jsonl),
        ("JSON Lines, json.loads alone (floor)", floor),
    ]
    measured = [(name, hands / median_seconds(work, args.repeat)) for name, work in rows]
    floor_rate = measured[-1][1]
    print(f"{hands} hands in {len(games)} games, median of {args.repeat} runs each")
    print(f"{'step':<40} {'hands/s':>10} {'vs floor':>9}")
    for name, rate in measured:
        print(f"{name:<40} {rate:>10,.0f} {rate / floor_rate:>8.3f}×")


if __name__ == "__main__":
    main()
