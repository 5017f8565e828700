"""Archives cut into units: every game once, in order, with its number and its line."""

from __future__ import annotations

import pickle
import random
import tempfile
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from notation import files
from notation.archive.reading import Unit, games, read_archive, render, units
from notation.model.rule_sets import rule_set
from notation.rules.dealing import random_game

GAME = render(random_game(random.Random(1), rule_set("straight")), "jsonl")
# A game, a line with a problem, and lines that are blank by str.strip (odd white space too).
LINES = [GAME, '{"format": "t42-game"}\n', "\n", "  \n", "\r\n", "\u2028\u3000\n", "\x1c\n"]


def one_by_one(lines: list[str]) -> list[tuple[int, tuple[str, int]]]:
    """What a JSON Lines file holds, read the plain way: each line that is not blank is a
    game, numbered in order, with its line number."""
    numbered = [(n, line) for n, line in enumerate(lines, start=1) if line.strip()]
    return [(i, (line, n)) for i, (n, line) in enumerate(numbered, start=1)]


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.sampled_from(LINES), max_size=30).map(lambda rest: ["\n", GAME, *rest]),
    st.integers(64, 40_000),
    st.booleans(),
)
def test_json_lines_come_in_runs_holding_every_game_once_in_order(
    lines: list[str], block: int, last_line_ends: bool
) -> None:
    if not last_line_ends:
        lines[-1] = lines[-1].rstrip("\n")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "club.jsonl"
        path.write_text("".join(lines), encoding="utf-8")
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(files, "BLOCK", block)  # runs break anywhere between lines
            runs = list(units(path))
    assert all(run.json_lines is not None for run in runs)
    found = [(game.index, game.json_line) for run in runs for game in games(run)]
    assert found == one_by_one(files.lines_of("".join(lines)))


def test_a_unit_of_one_game_is_its_own_game() -> None:
    unit = Unit(3, json_line=(GAME, 9))
    assert list(games(unit)) == [unit]


def test_read_archive_reads_each_game_of_a_run(tmp_path: Path) -> None:
    path = tmp_path / "club.jsonl"
    path.write_text(GAME + "\n" + '{"format": "t42-game"}\n' + GAME, encoding="utf-8")
    read = list(read_archive(path))
    assert [(r.index, r.first_line, bool(r.problems)) for r in read] == [
        (1, 1, False),
        (2, 3, True),
        (3, 4, False),
    ]


@pytest.mark.parametrize("layout", ["[\n{game}]\n", "  [\n{game}\n]", "[\n\n{game}\n]\n"])
def test_a_json_array_with_a_game_on_a_line_of_its_own_is_one_document(
    tmp_path: Path, layout: str
) -> None:
    # Its second line is a game on one line, as in JSON Lines; the "[" before it says
    # otherwise, and neither bracket may be lost or read as a broken game.
    path = tmp_path / "club.json"
    path.write_text(layout.replace("{game}", GAME), encoding="utf-8")
    read = list(read_archive(path))
    assert [(r.index, r.problems, len(r.game.hands)) for r in read] == [(1, [], 10)]


def test_units_go_to_a_worker_and_back_unchanged(tmp_path: Path) -> None:
    # Units pickle as their fields (for speed): every field must come back.
    notation = tmp_path / "club.t42"
    notation.write_text(render(random_game(random.Random(2), rule_set("straight")), "t42"))
    lines = tmp_path / "club.jsonl"
    lines.write_text(GAME + GAME, encoding="utf-8")
    document = tmp_path / "club.json"
    document.write_text("[" + GAME + "]", encoding="utf-8")
    found = [u for path in (notation, lines, document) for u in units(path)]
    found += [g for u in units(lines) for g in games(u)]
    kinds = ("notation", "json_line", "json_lines", "done")
    assert {kind for unit in found for kind in kinds if getattr(unit, kind) is not None} == set(
        kinds
    )
    for unit in found:
        assert pickle.loads(pickle.dumps(unit)) == unit


def test_findings_of_a_json_line_are_placed_and_a_clean_game_costs_nothing_more(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Only a game with findings is walked again to place them: on its own line of the file,
    at the column of the item, with the item's JSON Pointer."""
    from notation.archive import reading as archive
    from notation.formats.json import form as json_form
    from notation.model.game import Game, ScoreKind, ScoreLine

    game = random_game(random.Random(3), rule_set("straight"))
    placed = []
    place = json_form.placed

    def counting(*args: Any) -> Any:
        placed.append(args)
        return place(*args)

    monkeypatch.setattr(json_form, "placed", counting)
    line = render(game, "jsonl")
    clean = archive.check_unit(Unit(1, json_line=(line, 7)))
    # Written otherwise than t42 writes it, so that the quick check leaves it to the model.
    spaced = line.replace('", "', '",  "')
    also_clean = archive.check_unit(Unit(1, json_line=(spaced, 7)))
    assert (clean.findings, also_clean.findings, placed) == ([], [], [])

    hand = game.hands[0]
    points = hand.score(ScoreKind.POINTS)
    assert points is not None
    wrong = ScoreLine(ScoreKind.POINTS, points.ns + 1, points.ew)
    scores = tuple(wrong if s is points else s for s in hand.scores)
    miswritten = Game(game.tags, (replace(hand, scores=scores), *game.hands[1:]))
    line = render(miswritten, "jsonl")
    checked = archive.check_unit(Unit(1, json_line=(line, 7)))
    (finding,) = [f for f in checked.findings if f.code == "misscored-points"]
    assert len(placed) == 1
    assert finding.pointer == "/hands/0/points"
    assert finding.line == 7
    assert finding.column is not None
    assert line[finding.column - 1 :].startswith('{"NS": ')
