"""Text from records and file names reaches a terminal inert: nothing a terminal would act on
(escape codes, controls) nor anything invisible or line-breaking (zero-width characters, a
BOM, U+2028) is written raw; a file or a pipe gets the exact bytes."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from notation.views.terminal import inert, inert_lines
from t42.commands import app

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "tests" / "replay"))
from pty_terminal import Terminal  # noqa: E402

ESCAPES = "\x1b[2J\x1b]0;pwned\x07"
INVISIBLE = "\u200b\u200c\u200d\u2060\ufeff\u2028\u2029\u00ad\U000e0041"
T42 = str(Path(sys.executable).parent / "t42")


def _hostile(tmp_path: Path) -> Path:
    text = (ROOT / "samples" / "renege.t42").read_text(encoding="utf-8")
    text = text.replace("Lupe Garcia", f"Lupe{ESCAPES} Garcia")
    text = text.replace("Tom Weatherby", f"Tom{INVISIBLE}W")
    path = tmp_path / "hostile.t42"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("ch", list(ESCAPES[:1] + "\x07\x9b\u202e" + INVISIBLE))
def test_every_invisible_or_acting_character_is_shown_as_an_escape(ch: str) -> None:
    assert ch not in inert(f"a{ch}b")
    assert "\\" in inert(f"a{ch}b")


def test_inert_lines_keeps_line_ends_and_tabs() -> None:
    assert inert_lines("a\tb\x1b[2J\nc\u2028d\n") == "a\tb\\x1b[2J\nc\\u2028d\n"


def test_replay_shows_names_with_invisible_characters_as_escapes(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["replay", "--print", str(_hostile(tmp_path))])
    assert result.exit_code in (0, 1), result.output
    assert not [ch for ch in ESCAPES[0] + INVISIBLE if ch in result.stdout]
    assert "Tom\\u200b" in result.stdout


@pytest.mark.parametrize("command", [["fmt"], ["convert", "--to", "t42"]])
def test_fmt_and_convert_to_a_terminal_show_escape_codes_literally(
    tmp_path: Path, command: list[str]
) -> None:
    term = Terminal([T42, *command, str(_hostile(tmp_path))], columns=200, lines=60)
    try:
        assert term.wait_exit() in (0, 1)
        screen = term.text()
    finally:
        term.close()
    assert "Lupe\\x1b[2J\\x1b]0;pwned\\x07 Garcia" in screen
    assert "Tom\\u200b" in screen


@pytest.mark.parametrize("command", [["fmt"], ["convert", "--to", "t42"]])
def test_fmt_and_convert_to_a_file_write_the_exact_bytes(
    tmp_path: Path, command: list[str]
) -> None:
    done = subprocess.run([T42, *command, str(_hostile(tmp_path))], capture_output=True,
                          check=False)
    assert f'[North "Lupe{ESCAPES} Garcia"]'.encode() in done.stdout
    assert f"Tom{INVISIBLE}W".encode() in done.stdout


@pytest.mark.parametrize("command", [["validate"], ["fmt"], ["stats"], ["convert"],
                                     ["replay", "--print"], ["html"]])
def test_a_file_name_with_escape_codes_is_shown_inert(tmp_path: Path, command: list[str]) -> None:
    missing = tmp_path / "miss\x1b[31m.t42"
    broken = tmp_path / "bro\x1b[1mken.t42"
    broken.write_text('[Event "x"]\nhand 1 dealer Q\n', encoding="utf-8")
    for path in (missing, broken):
        done = subprocess.run([T42, *command, str(path)], capture_output=True, check=False,
                              cwd=tmp_path)
        said = done.stdout + done.stderr  # validate and stats report on stdout
        assert b"\x1b" not in said, said
        assert path is broken or b"miss\\x1b[31m.t42" in said, said  # named, inert
