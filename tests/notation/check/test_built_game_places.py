"""Findings on a game built in code carry a place: the line and column of the item in the
game's canonical text (``notation.dumps(game)``), so that ``describe`` points at it."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import notation

SAMPLES = Path(__file__).parents[3] / "samples"


def _unplaced(value: Any) -> Any:
    """``value`` rebuilt as a program builds it: the same items, none placed in any text."""
    if isinstance(value, tuple):
        return tuple(_unplaced(v) for v in value)
    if not dataclasses.is_dataclass(value) or isinstance(value, type):
        return value
    changes = {f.name: _unplaced(getattr(value, f.name))
               for f in dataclasses.fields(value) if f.init}
    changes.update({name: None for name in ("span",) if name in changes})
    changes.update({name: () for name in ("tile_spans",) if name in changes})
    return dataclasses.replace(value, **changes)


def _built(name: str) -> notation.Game:
    game = notation.loads((SAMPLES / name).read_text(encoding="utf-8"))[0]
    built = _unplaced(game)
    assert built == game
    assert built.hands[0].tricks[0].span is None
    return built  # type: ignore[no-any-return]


def test_a_renege_in_a_game_built_in_code_is_placed_in_its_canonical_text() -> None:
    built = _built("renege.t42")
    findings = notation.check_game(built).findings
    assert [(f.code, f.hand, f.trick) for f in findings] == [("renege", 1, 3), ("renege", 2, 2)]
    lines = notation.dumps(built).splitlines()
    for f in findings:
        assert f.line is not None, f
        assert f.column is not None, f
        assert lines[f.line - 1][f.column - 1:].startswith(str(f.evidence["tile"]))
    shown = notation.describe(findings[0], "built", lines)
    assert shown.splitlines()[1:] == [
        "   24 | 3 N 4-4 4-1 4-3 2-2 { W still holds 5-4 and 4-2 }",
        "      |                 ^",
    ]


def test_every_finding_of_a_built_game_has_a_place() -> None:
    for sample in sorted(SAMPLES.glob("*.t42")):
        for read in notation.read_archive(sample):
            if read.problems or not read.game.hands:
                continue
            built = _unplaced(read.game)
            placed = notation.check_game(read.game, read.rules).findings
            found = notation.check_game(built, read.rules).findings
            assert [f.code for f in found] == [f.code for f in placed], sample.name
            assert all(f.line is not None for f in found), (sample.name, found)
