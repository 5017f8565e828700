"""The picture commands of the CLI: ``t42 diagram``, ``t42 html`` and ``t42 stats --html``."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from typer.testing import CliRunner

from notation.formats.text import loads
from notation.views.svg import hand_diagram
from t42.commands import app

ROOT = Path(__file__).resolve().parents[2]
runner = CliRunner()


def t42(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), input=stdin)
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture(autouse=True)
def _in_repo(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)


def test_diagram_writes_the_hand_at_a_trick(tmp_path: Path) -> None:
    out = tmp_path / "hand.svg"
    code, _, err = t42("diagram", "samples/renege.t42", "--hand", "1", "--trick", "3",
                       "-o", str(out))
    assert (code, err) == (0, "")
    game = loads((ROOT / "samples" / "renege.t42").read_text(encoding="utf-8"))[0]
    assert out.read_text(encoding="utf-8") == hand_diagram(game, 1, 3)
    ET.fromstring(out.read_text(encoding="utf-8"))


def test_diagram_to_stdout_as_a_seat_sees_it() -> None:
    code, out, _ = t42("diagram", "samples/renege.t42", "-n", "1", "--seat", "s")
    assert code == 0
    root = ET.fromstring(out)
    faces = [g for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("data-tile")]
    assert len(faces) == 7


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--hand", "3"], "samples/renege.t42: there is no hand 3; the game has hands 1, 2"),
        (["--hand", "1", "--trick", "9"], "hand 1 has no trick 9; 7 tricks were played"),
        (["--hand", "1", "--seat", "X"], "--seat 'X': a seat is N, E, S or W"),
        (["--hand", "1", "--game", "2"], "samples/renege.t42: there is no game 2 (it has 1)"),
    ],
)
def test_diagram_of_what_is_not_there_says_so(args: list[str], says: str) -> None:
    code, out, err = t42("diagram", "samples/renege.t42", *args)
    assert code == 2
    assert out == ""
    assert says in err
    assert "Traceback" not in err


def test_diagram_of_a_file_of_several_games_asks_which(tmp_path: Path) -> None:
    two = tmp_path / "two.t42"
    text = (ROOT / "samples" / "renege.t42").read_text(encoding="utf-8")
    two.write_text(text + "\n" + text, encoding="utf-8")
    code, _, err = t42("diagram", str(two), "--hand", "1")
    assert code == 2
    assert "has 2 games: choose one with --game" in err
    assert t42("diagram", str(two), "--hand", "1", "--game", "2")[0] == 0


def test_html_writes_one_page(tmp_path: Path) -> None:
    page = tmp_path / "game.html"
    code, out, err = t42("html", "samples/full-game.t42", "-o", str(page))
    assert (code, out, err) == (0, "", "")
    text = page.read_text(encoding="utf-8")
    assert text.startswith("<!DOCTYPE html>")
    # the game's Event, Site and Date name the page; the file is named in its footer
    heading = "Tuesday League, week 6 · VFW Post 2148, Temple, Texas · 2025.03.11"
    assert f"<title>{heading} · t42 replay</title>" in text
    assert "full-game.t42 · made by t42" in text
    assert "samples/full-game.t42" not in text  # the file's name, never a path
    code, out, _ = t42("html", "samples/full-game.t42")
    assert (code, out) == (0, text)


def test_html_with_the_audit_carries_the_perfect_play_value() -> None:
    code, out, _ = t42("html", "samples/laydown-refuted.t42", "--audit")
    assert code == 0
    assert "perfect play from the opening lead" in out
    assert "perfect play from the opening lead" not in t42("html", "samples/laydown-refuted.t42")[1]


def test_html_of_a_file_without_hands_is_unusable(tmp_path: Path) -> None:
    empty = tmp_path / "tags.t42"
    empty.write_text('[Event "nothing played"]\n', encoding="utf-8")
    code, out, err = t42("html", str(empty))
    assert (code, out) == (2, "")
    assert "no hands to replay" in err


def test_stats_html_writes_the_charts_and_keeps_the_tables(tmp_path: Path) -> None:
    report = tmp_path / "report.html"
    code, out, _ = t42("stats", "samples/full-game.t42", "samples/renege.t42",
                       "--html", str(report))
    assert code == 0
    assert "bids won" in out  # the terminal still gets its tables
    text = report.read_text(encoding="utf-8")
    assert text.count('<svg xmlns="http://www.w3.org/2000/svg" class="chart"') == 4
    for title in ("bids made and set, by level (and decided by the renege penalty)",
                  "bids set, by trump named",
                  "points the bidders took, per hand played", "marks per game"):
        assert f"<title>{title}</title>" in text
    assert "<script" not in text


def test_the_readme_diagram_is_what_t42_diagram_draws() -> None:
    # Made by: t42 diagram samples/renege.t42 --hand 1 --trick 3 -o docs/diagram.svg
    game = loads((ROOT / "samples" / "renege.t42").read_text(encoding="utf-8"))[0]
    committed = (ROOT / "docs" / "diagram.svg").read_text(encoding="utf-8")
    assert committed == hand_diagram(game, 1, 3)
    assert "![Hand 1 of samples/renege.t42 after trick 3" in (ROOT / "README.md").read_text(
        encoding="utf-8"
    )


@pytest.mark.parametrize(
    "args",
    [
        ["html", "samples/renege.t42", "-o"],
        ["diagram", "samples/renege.t42", "--hand", "1", "-o"],
        ["stats", "samples/renege.t42", "--html"],
    ],
)
def test_a_picture_that_cannot_be_written_is_said_in_words(
    tmp_path: Path, args: list[str]
) -> None:
    target = tmp_path / "no such folder" / "out.html"
    code, _, err = t42(*args, str(target))
    assert code == 2
    assert f"{target}: cannot be written: the folder {target.parent} does not exist" in err
    assert "internal error" not in err


ANNOTATED = "samples/annotated.t42"
FIRST = "/hands/0/tricks/3/plays/3/variations/0"  # E's 2-2 instead of the 5-5 in trick 4


def _title(svg: str) -> str:
    return ET.fromstring(svg).findtext("{http://www.w3.org/2000/svg}title") or ""


def test_diagram_draws_a_position_inside_a_variation() -> None:
    code, out, err = t42("diagram", ANNOTATED, "--line", FIRST)
    assert (code, err) == (0, "")
    assert _title(out) == "hand 1 · variation 1 of E's 5-5 in trick 4 · E plays 2-2!"
    main = t42("diagram", ANNOTATED, "--hand", "1", "--trick", "4")[1]
    code, later, _ = t42("diagram", ANNOTATED, "--line", FIRST, "--trick", "4", "-n", "1")
    assert code == 0
    assert _title(later) == ("hand 1 · variation 1 of E's 5-5 in trick 4 · "
                             "S wins trick 4 for 1 point")
    assert "S wins trick 4 for 11 points" in _title(main)  # the main line's trick 4
    nested = FIRST + "/tricks/0/plays/3/variations/0"
    code, deep, _ = t42("diagram", ANNOTATED, "--line", nested, "-t", "5")
    assert code == 0
    assert _title(deep) == ("hand 1 · variation 1 of E's 5-5 in trick 4, then variation 1 of "
                            "E's 3-3 in trick 5 · S wins trick 5 for 11 points")


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--line", "/hands/0/tricks/3/plays/2/variations/0"],
         "--line /hands/0/tricks/3/plays/2/variations/0: game 1 has no variation there; its "
         "variations are /hands/0/auction/calls/1/variations/0, /hands/0/trump/variations/0"),
        (["--line", "hands"], "--line hands: game 1 has no variation there"),
        (["--line", FIRST, "--hand", "2"], f"--line {FIRST} is a variation of hand 1, not of "
                                           "hand 2"),
        (["--line", FIRST, "--trick", "9"], "hand 1 has no trick 9; 7 tricks were played"),
        ([], "name the hand to draw with --hand N (or a variation with --line PATH)"),
    ],
)
def test_diagram_of_a_variation_that_is_not_there_says_so(args: list[str], says: str) -> None:
    code, out, err = t42("diagram", ANNOTATED, *args)
    assert code == 2
    assert out == ""
    assert says in " ".join(err.split())
    assert "Traceback" not in err


def test_diagram_line_in_a_game_without_variations() -> None:
    code, _, err = t42("diagram", "samples/renege.t42", "--line", FIRST)
    assert code == 2
    assert "game 1 has no variation there; it has none" in " ".join(err.split())
