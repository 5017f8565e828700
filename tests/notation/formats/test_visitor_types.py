"""A visitor's result is covariant: a visitor making rows for ``csv.writer`` is passed where
rows of any kind are taken. This file is type-checked by ``mypy --strict`` with the tests
(pyproject.toml, [tool.mypy] files): before the result type was covariant, mypy refused
``writerows(walk(game, visitor))``."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from pathlib import Path

import notation
from notation import GameVisitor, Trick, walk

SAMPLES = Path(__file__).parents[3] / "samples"


class Plays(GameVisitor[list[list[str]]]):
    """Every play of a game as a CSV row: trick, seat, tile."""

    def __init__(self) -> None:
        self.rows: list[list[str]] = []

    def visit_trick(self, trick: Trick) -> None:
        self.rows += [[str(trick.number), str(seat), str(play.tile)]
                      for seat, play in zip(trick.seats(), trick.plays, strict=False)]

    def result(self) -> list[list[str]]:
        return self.rows


def _rows_of(visitor: GameVisitor[Sequence[Iterable[str]]], game: notation.Game) -> int:
    """Takes a visitor of any rows: a ``GameVisitor[list[list[str]]]`` is one."""
    return len(walk(game, visitor))


def test_a_visitor_of_rows_writes_a_csv_file() -> None:
    game = notation.loads((SAMPLES / "renege.t42").read_text(encoding="utf-8"))[0]
    out = io.StringIO()
    csv.writer(out).writerows(walk(game, Plays()))
    rows = out.getvalue().splitlines()
    assert rows[:5] == ["1,S,6-4", "1,W,6-5", "1,N,6-6", "1,E,1-0", "2,N,6-2"]
    assert len(rows) == sum(len(t.plays) for h in game.hands for t in h.tricks)
    assert _rows_of(Plays(), game) == len(rows)
