"""Pages name the files they were made from by their names alone, never a path of the
machine they were made on (issue 35, point 17)."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from t42.commands import app

SAMPLES = Path(__file__).resolve().parents[2] / "samples"


def test_the_footer_names_the_file_never_the_machines_path(tmp_path: Path) -> None:
    # Issue 35: the footer showed the input's absolute path.
    source = tmp_path / "friday.t42"
    source.write_bytes((SAMPLES / "renege.t42").read_bytes())
    out = tmp_path / "friday.html"
    result = CliRunner().invoke(app, ["html", str(source), "-o", str(out)])
    assert result.exit_code == 0, result.stderr
    page = out.read_text(encoding="utf-8")
    assert str(tmp_path) not in page
    assert "friday.t42 · made by t42." in page


def test_the_stats_page_names_the_files_never_the_machines_path(tmp_path: Path) -> None:
    source = tmp_path / "friday.t42"
    source.write_bytes((SAMPLES / "renege.t42").read_bytes())
    out = tmp_path / "stats.html"
    result = CliRunner().invoke(app, ["stats", str(source), "--html", str(out)])
    assert result.exit_code == 0, result.stderr
    page = out.read_text(encoding="utf-8")
    assert str(tmp_path) not in page
    assert "friday.t42" in page
