"""notation.analysis.run: the resumable archive analysis ``t42 analyze`` runs, used from
Python (the command's own behaviour is tested in test_analysis.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from notation.analysis.run import ResumeError, analyse_archive
from t42.commands import app

SAMPLES = Path(__file__).resolve().parents[3] / "samples"
FILES = [SAMPLES / "broken.t42", SAMPLES / "renege.t42"]


def test_the_run_writes_what_the_command_writes(tmp_path: Path) -> None:
    out, rejects = tmp_path / "lib.jsonl", tmp_path / "lib-rejects.t42"
    steps = list(analyse_archive(FILES, out=out, rejects=rejects))
    command = CliRunner().invoke(app, ["analyze", *map(str, FILES), "--jobs", "1", "-o",
                                       str(tmp_path / "cli.jsonl"), "--rejects",
                                       str(tmp_path / "cli-rejects.t42")])
    assert command.exit_code == 1  # a hand of broken.t42 is not analysed
    assert out.read_bytes() == (tmp_path / "cli.jsonl").read_bytes()
    assert rejects.read_text(encoding="utf-8") == (
        tmp_path / "cli-rejects.t42").read_text(encoding="utf-8")
    assert rejects.read_text(encoding="utf-8")  # something was rejected
    written = [line for step in steps for line in step.written]
    assert len(written) == len(out.read_text(encoding="utf-8").splitlines())
    assert steps[-1].summary.rejected == sum(line.rejected is not None for line in written)


def test_an_output_of_other_files_is_not_resumed(tmp_path: Path) -> None:
    out = tmp_path / "renege.jsonl"
    list(analyse_archive([SAMPLES / "renege.t42"], out=out))
    before = out.read_bytes()
    with pytest.raises(ResumeError, match=r"holds the analysis of .*renege\.t42"):
        list(analyse_archive([SAMPLES / "full-game.t42"], out=out, resume=True))
    assert out.read_bytes() == before


def test_a_file_that_cannot_be_read_is_a_step_and_the_run_goes_on(tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    steps = list(analyse_archive([tmp_path / "missing.t42", SAMPLES / "renege.t42"], out=out))
    assert steps[0].unreadable is not None
    assert "missing.t42" in str(steps[0].unreadable)
    assert [step.game.index for step in steps[1:] if step.game] == [1]
