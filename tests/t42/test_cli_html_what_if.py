"""``t42 html --what-if``: the page lets the reader try another tile at each play (see
tests/replay/test_page_lines.py for what it holds, test_page_lines_browser.py for the page)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from t42.commands import app

SAMPLES = Path(__file__).parent.parent.parent / "samples"
runner = CliRunner()


def _data(page: Path) -> dict[str, Any]:
    text = page.read_text(encoding="utf-8")
    found = re.search(r'<script type="application/json" id="t42-data">(.*?)</script>', text,
                      re.S)
    assert found is not None
    data: dict[str, Any] = json.loads(found.group(1))
    return data


def test_what_if_is_on_the_page_only_when_asked(tmp_path: Path) -> None:
    plain, tried = tmp_path / "plain.html", tmp_path / "tried.html"
    sample = str(SAMPLES / "annotated.t42")
    first = runner.invoke(app, ["html", sample, "-o", str(plain)])
    second = runner.invoke(app, ["html", sample, "--what-if", "-o", str(tried)])
    assert (first.exit_code, second.exit_code) == (0, 0), (first.output, second.output)
    kinds = [{e["kind"] for e in _data(p)["lines"]["1"].values()} for p in (plain, tried)]
    assert kinds == [{"variation"}, {"variation", "what-if"}]
    assert _data(tried)["what_if"] is True


def test_what_if_on_a_hand_without_its_deal_says_why_on_the_page(tmp_path: Path) -> None:
    page = tmp_path / "renege.html"
    result = runner.invoke(app, ["html", str(SAMPLES / "renege.t42"), "--what-if", "-o",
                                 str(page)])
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    notes = [h["what_if"] for h in _data(page)["hands"]]
    assert notes[1].startswith("what if: the deal is not known")
