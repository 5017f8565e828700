"""Where the time of a hand goes: each stage of ``t42 validate`` and ``t42 convert`` timed on
its own, in this one process, on one core.

Run: ``python bench/stages.py [--hands 3000] [--repeat 5]``.

It deals a seeded archive (``t42 deal``), converts it to JSON Lines, and times each stage
over the whole archive, ``--repeat`` times, printing the median in microseconds per hand:
cutting the notation into games (what the main process does), reading a game of notation
into the model, checking it against the rules, writing it as a JSON Lines record, reading
a JSON Lines record into the model, and the quick check that ``t42 validate`` makes first
of a game in the canonical form (notation and JSON Lines), which vouches for a clean game
without the model, and the quick conversions of ``t42 convert`` that write such a game in
the other form without the model; and the whole of what ``t42 validate`` does with a game,
on the archive as dealt and on the same games with a comment on every trump line. Last, the
cost of a finding: ``t42 validate``'s work per game on the games as dealt against the same
games each with one hand misscored (its points line one point off), and their ratio; then the
same with a comment on every trump line; and, to show what the goal of at most 1.5× leaves,
the misscored hand alone read into the model and checked against a whole clean game. A
benchmark, not a test: nothing here fails on a slow machine.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from archive import HANDS_PER_GAME, comment, deal  # the benchmark's own: one archive, one way

from notation.archive.quick_check import clean_hands, clean_json_hands
from notation.archive.quick_convert import jsonl as to_jsonl
from notation.archive.quick_convert import notation as to_notation
from notation.archive.reading import Unit, check_unit, read_unit, render, settle, units
from notation.archive.reading import games as games_of
from notation.check.validate import check_game, check_hand
from notation.formats.text.reader import GameText, read_hand
from notation.model.rule_sets import RuleSet


def median_seconds(stage: Callable[[], object], repeat: int) -> float:
    runs = []
    for _ in range(repeat):
        start = time.perf_counter()
        stage()
        runs.append(time.perf_counter() - start)
    return statistics.median(runs)


def _check_all(units_: list[Unit]) -> None:
    for unit in units_:
        check_unit(unit)


def _read_and_check(games: list[tuple[GameText, RuleSet]]) -> None:
    """Read each game's misscored hand (its second: :func:`misscore`) and check it."""
    for game, rules in games:
        hand = read_hand(game[2], rules)  # the tag block, the first hand, then this one
        assert hand is not None  # the misscored hand is written as the dealer wrote it
        check_hand(hand, rules)


def misscore(source: Path, target: Path) -> None:
    """The archive with the points line of each game's second hand one point off for NS,
    line by line: each game then has one finding, in one hand (a game takes at least two)."""
    with source.open(encoding="utf-8") as lines, target.open("w", encoding="utf-8") as out:
        hand = 0
        for line in lines:
            if line.startswith("["):
                hand = 0
            elif line.startswith("points "):
                hand += 1
                if hand == 2:
                    _, _, ns, _, ew = line.split()
                    shift = 1 if int(ew) else -1
                    line = f"points NS {int(ns) + shift} EW {int(ew) - shift}\n"
            out.write(line)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=3000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", type=int, default=42)
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="t42-stages-") as folder:
        notation, jsonl = Path(folder) / "archive.t42", Path(folder) / "archive.jsonl"
        commented = Path(folder) / "archive-commented.t42"
        one_finding = Path(folder) / "archive-one-finding.t42"
        commented_finding = Path(folder) / "archive-one-finding-commented.t42"
        hands = deal(notation, args.seed, max(1, round(args.hands / HANDS_PER_GAME)))
        comment(notation, commented)
        misscore(notation, one_finding)
        misscore(commented, commented_finding)
        settle()  # as the command does before reading
        games = list(units(notation))
        commented_games = list(units(commented))
        misscored_games = list(units(one_finding))
        misscored_commented = list(units(commented_finding))
        read = [read_unit(unit) for unit in games]
        jsonl.write_text("".join(render(r.game, "jsonl") for r in read), encoding="utf-8")
        records = [game for unit in units(jsonl) for game in games_of(unit)]
        lines = [u.json_line[0] for u in records if u.json_line is not None]
        # The command holds a few games at a time; this holds them all, so keep them out of
        # the garbage collector's walks as settle() keeps the parser out.
        gc.freeze()
        stages: list[tuple[str, Callable[[], object]]] = [
            ("cut notation into games", lambda: sum(1 for _ in units(notation))),
            ("read notation into the model", lambda: [read_unit(u) and None for u in games]),
            ("check against the rules", lambda: [check_game(r.game, r.rules) for r in read]),
            ("write a JSON Lines record", lambda: [render(r.game, "jsonl") for r in read]),
            ("read a JSON Lines record", lambda: [read_unit(u) and None for u in records]),
            ("quick check, notation", lambda: [clean_hands(u.notation or []) for u in games]),
            ("quick check, JSON Lines", lambda: [clean_json_hands(line) for line in lines]),
            ("quick convert, to JSON Lines", lambda: [to_jsonl(u.notation or []) for u in games]),
            ("quick convert, to notation", lambda: [to_notation(line) for line in lines]),
            ("validate, notation", lambda: [check_unit(u) for u in games]),
            ("validate, with comments", lambda: [check_unit(u) for u in commented_games]),
        ]
        print(f"{hands:,} hands in {len(games):,} games, one process, median of {args.repeat}")
        print(f"{'stage':<32} {'µs/hand':>8}")
        for name, stage in stages:
            seconds = median_seconds(stage, args.repeat)
            print(f"{name:<32} {seconds / hands * 1e6:>8.1f}")
        # The same games clean and with one finding each, timed in turn in this one run;
        # then the same with a comment on every trump line.
        for label, plain, odd in (("", games, misscored_games),
                                  (", with comments", commented_games, misscored_commented)):
            clean, found = [], []
            for _ in range(args.repeat):
                clean.append(median_seconds(partial(_check_all, plain), 1))
                found.append(median_seconds(partial(_check_all, odd), 1))
            per_game = 1e6 / len(plain)
            clean_s, found_s = statistics.median(clean), statistics.median(found)
            print(f"{'validate, a clean game' + label:<40} {clean_s * per_game:>8.0f} µs/game")
            print(f"{'validate, a game, one finding' + label:<40} "
                  f"{found_s * per_game:>8.0f} µs/game")
            print(f"{'one finding / clean' + label:<40} {found_s / clean_s:>8.2f}×")
        # What a finding cannot cost less than: its hand read into the model and checked,
        # as validate's long way does it for the one hand the quick check cannot vouch for.
        # The rules of each game are those read above of its clean twin (the same tags).
        odd_hands = [(u.notation, r.rules)
                     for u, r in zip(misscored_games, read, strict=True) if u.notation]
        clean, long_way = [], []
        for _ in range(args.repeat):
            clean.append(median_seconds(partial(_check_all, games), 1))
            long_way.append(median_seconds(partial(_read_and_check, odd_hands), 1))
        floor = statistics.median(long_way) / statistics.median(clean)
        print(f"{'its hand read and checked / clean':<40} {floor:>8.2f}× (the goal leaves 0.5×)")


if __name__ == "__main__":
    main()
