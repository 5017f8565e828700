"""No command writes over one of its inputs, nor two of its outputs to one file: the same file
by any path (a symbolic link, a hard link, ./x or x, relative or absolute, standard input or
output redirected to it). Each is refused in words, exit 2, before anything is written; the
inputs are left byte for byte as they were (issue 35, point 15)."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "samples"


def _cli(*args: str, cwd: Path, stdin: IO[Any] | None = None,
         stdout: IO[Any] | int = subprocess.PIPE) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "t42", *args], cwd=cwd, stdin=stdin,
                          stdout=stdout, stderr=subprocess.PIPE, text=True, check=False)


@pytest.fixture
def club(tmp_path: Path) -> Path:
    """A folder holding b.t42: a good game, then one that cannot be read whole."""
    good = (SAMPLES / "renege.t42").read_text(encoding="utf-8")
    broken = (SAMPLES / "broken.t42").read_text(encoding="utf-8")
    (tmp_path / "b.t42").write_text(good + "\n" + broken, encoding="utf-8")
    return tmp_path


# How a second name for b.t42 is made: each gives the name the command is given.
def _same_path(folder: Path) -> str:
    return "b.t42"


def _dot_path(folder: Path) -> str:
    return "./b.t42"


def _absolute(folder: Path) -> str:
    return str(folder / "b.t42")


def _roundabout(folder: Path) -> str:
    (folder / "sub").mkdir()
    return "sub/../b.t42"


def _symlink(folder: Path) -> str:
    (folder / "link.t42").symlink_to(folder / "b.t42")
    return "link.t42"


def _hard_link(folder: Path) -> str:
    os.link(folder / "b.t42", folder / "hard.t42")
    return "hard.t42"


ALIASES: list[Callable[[Path], str]] = [
    _same_path, _dot_path, _absolute, _roundabout, _symlink, _hard_link]
ALIAS_IDS = ["same", "dot", "absolute", "roundabout", "symlink", "hard-link"]

# Every command that writes a file, with the option that names it: {out} is the file.
WRITERS = [
    ("convert", "b.t42", "-o", "{out}"),
    ("convert", "b.t42", "-o", "x.jsonl", "--rejects", "{out}"),
    ("convert", "b.t42", "-o", "{out}", "--to", "jsonl"),
    ("html", "b.t42", "-o", "{out}"),
    ("diagram", "b.t42", "--game", "1", "--hand", "1", "-o", "{out}"),
    ("stats", "b.t42", "--html", "{out}"),
    ("analyze", "b.t42", "-o", "{out}", "--resume"),
    ("analyze", "b.t42", "-o", "x.jsonl", "--rejects", "{out}"),
    ("analyze", "b.t42", "--rejects", "{out}"),
    ("review", "b.t42", "--annotate", "--samples", "1", "--no-bids", "-o", "{out}"),
    ("audit", "b.t42", "--annotate", "-o", "{out}"),
]
WRITER_IDS = [" ".join(w).replace("{out}", "OUT") for w in WRITERS]


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.rglob("*") if p.is_file()}


@pytest.mark.parametrize("alias", ALIASES, ids=ALIAS_IDS)
@pytest.mark.parametrize("command", WRITERS, ids=WRITER_IDS)
def test_no_command_writes_over_its_input(
    club: Path, command: tuple[str, ...], alias: Callable[[Path], str]
) -> None:
    out = alias(club)
    before = _snapshot(club)
    done = _cli(*(word.format(out=out) for word in command), cwd=club)
    assert done.returncode == 2, done.stderr
    assert "is the input" in done.stderr, done.stderr
    assert str(Path(out)) in done.stderr
    assert "b.t42" in done.stderr
    assert "nothing was written" in done.stderr
    assert "internal error" not in done.stderr
    assert "Traceback" not in done.stderr
    assert _snapshot(club) == before  # the input byte for byte, and no file added


# Commands with two outputs, both named: the second name is made as above.
PAIRS = [
    ("convert", "in.t42", "-o", "{a}", "--rejects", "{b}"),
    ("analyze", "in.t42", "-o", "{a}", "--rejects", "{b}"),
]


@pytest.mark.parametrize("alias", ALIASES, ids=ALIAS_IDS)
@pytest.mark.parametrize("command", PAIRS, ids=["convert", "analyze"])
def test_no_command_writes_two_outputs_to_one_file(
    tmp_path: Path, command: tuple[str, ...], alias: Callable[[Path], str]
) -> None:
    (tmp_path / "in.t42").write_bytes((SAMPLES / "broken.t42").read_bytes())
    # The outputs' file exists (an earlier run's): b.t42 stands for it.
    (tmp_path / "b.t42").write_text("an earlier run's output\n", encoding="utf-8")
    other = alias(tmp_path)
    before = _snapshot(tmp_path)
    args = [w.format(a="b.t42", b=other) for w in command]
    done = _cli(*args, cwd=tmp_path)
    assert done.returncode == 2, done.stderr
    assert "are the same file" in done.stderr, done.stderr
    assert "nothing was written" in done.stderr
    assert _snapshot(tmp_path) == before


@pytest.mark.parametrize("command", PAIRS, ids=["convert", "analyze"])
def test_two_outputs_to_one_new_file_are_refused(tmp_path: Path, command: tuple[str, ...]
                                                 ) -> None:
    # Neither exists yet: compared by the paths they resolve to.
    (tmp_path / "in.t42").write_bytes((SAMPLES / "broken.t42").read_bytes())
    (tmp_path / "sub").mkdir()
    (tmp_path / "dangling.jsonl").symlink_to(tmp_path / "new.jsonl")
    for a, b in [("new.jsonl", "./new.jsonl"), ("new.jsonl", "sub/../new.jsonl"),
                 ("new.jsonl", str(tmp_path / "new.jsonl")), ("dangling.jsonl", "new.jsonl")]:
        args = [w.format(a=a, b=b) for w in command]
        done = _cli(*args, cwd=tmp_path)
        assert done.returncode == 2, done.stderr
        assert "are the same file" in done.stderr, done.stderr
        assert not (tmp_path / "new.jsonl").exists()


def test_the_reported_case_input_as_rejects(club: Path) -> None:
    # Issue 35: the input was rewritten from 6,382 bytes to its one rejected game.
    before = (club / "b.t42").read_bytes()
    done = _cli("convert", "b.t42", "-o", "o.jsonl", "--rejects", "b.t42", cwd=club)
    assert done.returncode == 2
    assert done.stderr == ("b.t42: --rejects b.t42 is the input b.t42 (the same file): "
                           "nothing was written; name another file\n")
    assert (club / "b.t42").read_bytes() == before
    assert not (club / "o.jsonl").exists()


def test_standard_input_redirected_from_the_output_is_refused(club: Path) -> None:
    before = _snapshot(club)
    with (club / "b.t42").open("rb") as source:
        done = _cli("convert", "-", "-o", "b.t42", "--to", "t42", cwd=club, stdin=source)
    assert done.returncode == 2, done.stderr
    assert "is the input <stdin>" in done.stderr, done.stderr
    assert _snapshot(club) == before


@pytest.mark.parametrize("command", [
    ("fmt",), ("fmt", "-i"), ("validate",), ("convert",), ("stats",), ("audit",),
    ("replay", "--print"), ("html",), ("diagram", "--game", "1", "--hand", "1"), ("par",),
    ("review",), ("analyze",), ("record",), ("review", "--annotate"), ("audit", "--annotate")])
def test_standard_output_appended_to_an_input_is_refused(club: Path, command: tuple[str, ...]
                                                        ) -> None:
    # t42 fmt b.t42 >> b.t42: what is written would be read back as more of the input.
    before = _snapshot(club)
    with (club / "b.t42").open("a") as out:
        done = _cli(*command, "b.t42", cwd=club, stdout=out)
    assert done.returncode == 2, done.stderr
    assert "standard output is the input b.t42" in done.stderr, done.stderr
    assert _snapshot(club) == before


def test_outputs_that_are_other_files_are_written(club: Path) -> None:
    # The guard refuses only what clashes: a run beside it writes both files.
    done = _cli("convert", "b.t42", "-o", "o.jsonl", "--rejects", "r.t42", cwd=club)
    assert done.returncode == 1, done.stderr
    assert (club / "o.jsonl").read_text(encoding="utf-8").count("\n") == 3
    assert "bid S 3O" in (club / "r.t42").read_text(encoding="utf-8")
    # Two outputs to a device are no clash: /dev/null takes both.
    done = _cli("convert", "b.t42", "-o", "/dev/null", "--rejects", "/dev/null", cwd=club)
    assert done.returncode == 1, done.stderr


def test_a_case_folding_folder_compares_names_without_case(tmp_path: Path) -> None:
    from notation.outputs import OutputClash, refuse_clashes

    # On a folder that folds case (as on macOS or Windows), O.jsonl and o.jsonl are one file;
    # here the test asks the guard as if the folder folded case.
    refuse_clashes([], [("-o", Path(tmp_path / "O.jsonl")), ("--rejects", tmp_path / "o.jsonl")],
                   folds_case=lambda folder: False)
    with pytest.raises(OutputClash, match="are the same file"):
        refuse_clashes([], [("-o", tmp_path / "O.jsonl"), ("--rejects", tmp_path / "o.jsonl")],
                       folds_case=lambda folder: True)
