"""The compiled search's transposition table: what it keeps, and what gives way when full.

The search's values are held to an exhaustive reference in test_solver.py; here, the table
that lets it skip positions it has seen.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from notation.model.seats import SEATS
from notation.rules.dealing import deal, random_trump
from notation.solver import search
from notation.solver.search import TILES, new_table, table_get, table_put
from notation.solver.solver import Position, Solver, contract_tables


def _key(tiles_left: int, leader: int = 0) -> int:
    """A position's key with the ``tiles_left`` lowest tiles left."""
    return ((1 << tiles_left) - 1) | leader << TILES


def test_a_table_must_have_room() -> None:
    with pytest.raises(ValueError, match="bits must be from 2 to 30"):
        new_table(1)
    keys, entries = new_table(2)
    assert len(keys) == len(entries) == 4


def test_an_entry_is_found_again_and_overwritten_in_place() -> None:
    keys, entries = new_table(8)
    assert table_get(keys, entries, _key(20)) == -1
    table_put(keys, entries, _key(20), 123)
    table_put(keys, entries, _key(20, leader=2), 456)
    assert table_get(keys, entries, _key(20)) == 123
    assert table_get(keys, entries, _key(20, leader=2)) == 456
    table_put(keys, entries, _key(20), 789)
    assert table_get(keys, entries, _key(20)) == 789
    assert int((keys != 0).sum()) == 2


def test_a_full_table_keeps_the_positions_nearest_the_root() -> None:
    """Four slots, five positions: the one with fewest tiles left (cheapest to search again)
    gives way, whatever order they came in."""
    keys, entries = new_table(2)
    order = [24, 8, 20, 16, 12]
    for n in order:
        table_put(keys, entries, _key(n), n)
    assert table_get(keys, entries, _key(8)) == -1
    for n in (24, 20, 16, 12):
        assert table_get(keys, entries, _key(n)) == n


def test_a_tiny_table_changes_the_work_not_the_values() -> None:
    """With 4 slots positions are forgotten all the time: the values are the same, only
    the plays searched differ."""
    rng = random.Random(5)
    for _ in range(4):
        hands = deal(rng)
        trump = random_trump(rng)
        tables = contract_tables(trump)
        pos = Position.deal(hands, rng.choice(SEATS))
        # Two tricks in, so that the search without a memory stays quick.
        for _ in range(8):
            legal = pos.legal(tables)
            pos = pos.play(rng.choice([i for i in range(TILES) if legal >> i & 1]), tables)
        roomy, tiny = Solver(tables), Solver(tables, table_bits=2)
        assert tiny.value(pos) == roomy.value(pos)
        assert tiny.nodes > roomy.nodes


def test_with_nowhere_to_cache_each_process_compiles_again(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Numba refuses ``cache=True`` at once where no folder can be written (an install
    read-only to its user, with no home): the search must still be had, only not kept."""
    asked: list[dict[str, object]] = []

    def njit(**options: object) -> Callable[[Callable[[int], int]], Callable[[int], int]]:
        asked.append(options)
        if options.get("cache"):
            raise RuntimeError("cannot cache function 'twice': no locator available")
        return lambda function: function

    monkeypatch.setattr(search, "njit", njit)

    def twice(n: int) -> int:
        return 2 * n

    assert search.compiled(twice)(21) == 42
    assert [o.get("cache", False) for o in asked] == [True, False]


# One solve, as `t42 par` makes them: the first use of the search in its process. What the
# library's loggers say goes to standard output, to be seen.
FIRST_SOLVE = """
import logging, random, sys
handler = logging.StreamHandler(sys.stdout)
handler.setFormatter(logging.Formatter("%(name)s %(levelname)s %(message)s"))
logging.getLogger("notation").addHandler(handler)
logging.getLogger("notation").setLevel(logging.INFO)
from notation.rules.dealing import deal
from notation.model.contracts import Trump
from notation.model.seats import Seat
from notation.solver.solver import Position, Solver, contract_tables
hands = deal(random.Random(5))
print(Solver(contract_tables(Trump.pip(6))).value(Position.deal(hands, Seat.N)))
"""
ROOT = Path(__file__).resolve().parents[3]


def _first_solve(cache: Path) -> subprocess.CompletedProcess[str]:
    environment = {**os.environ, "NUMBA_CACHE_DIR": str(cache)}
    return subprocess.run([sys.executable, "-c", FIRST_SOLVE], capture_output=True, text=True,
                          env=environment, check=True)


def test_the_first_use_after_install_is_a_notice_of_the_library_never_a_word_on_stderr(
    tmp_path: Path,
) -> None:
    # An empty cache is what a fresh install has: the search is compiled, and the library
    # says so to its logger, never on a stream of its own.
    first = _first_solve(tmp_path)
    assert f"notation.solver INFO {search.COMPILING}" in first.stdout
    assert search.COMPILING not in first.stderr
    # The code is kept now: the next process loads it without a word, to the same value.
    later = _first_solve(tmp_path)
    assert search.COMPILING not in later.stdout
    assert later.stdout.splitlines()[-1] == first.stdout.splitlines()[-1]


def test_the_t42_command_says_the_solver_is_compiling_on_stderr(tmp_path: Path) -> None:
    environment = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path)}
    run = subprocess.run([sys.executable, "-m", "t42", "par", "samples/plunge.t42"],
                         capture_output=True, text=True, env=environment, cwd=ROOT, check=True)
    assert f"t42: {search.COMPILING}\n" in run.stderr
    assert "plunge" in run.stdout
