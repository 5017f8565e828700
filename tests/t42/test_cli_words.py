"""Words that were wrong or confusing (issue 35, point 17): each test failed before its fix."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from t42.commands import app

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "samples"

runner = CliRunner()


def t42(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), input=stdin)
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture(autouse=True)
def _in_repo(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)


MISSCORED = """[Event "x"]

hand 1 dealer N
bid E pass S 30 W pass N pass
trump S fives
points NS 30 EW 12
marks NS 1 EW 0

hand 2 dealer E
bid S pass W 30 N pass E pass
trump W fives
points NS 20 EW 20
marks NS 0 EW 1
"""


def test_stats_says_which_bids_it_leaves_out_and_why(tmp_path: Path) -> None:
    # Issue 35: 5 hands, "bids won" 4, and not a word of the fifth.
    path = tmp_path / "night.t42"
    path.write_text(MISSCORED, encoding="utf-8")
    code, out, err = t42("stats", str(path))
    assert code == 0, err
    assert ("1 hand with a bid is left out of the bids won: its result is not settled "
            "(the points written do not add up to 42: 1)") in err
    assert "bids left out (result not settled)" in out
    code, out, err = t42("stats", str(path), "--json")
    doc = json.loads(out)
    assert doc["bids_left_out"] == {"misscored-points": 1}
    assert sum(level["bid"] for level in doc["bids"].values()) + 1 == doc["hands"]


@pytest.mark.parametrize("files", [["samples/renege.t42"], ["samples/misscore.t42"],
                                   ["samples/full-game.t42", "samples/renege.t42"]])
def test_strict_counts_what_it_prints(files: list[str]) -> None:
    # Issue 35: --strict printed one finding and "9 errors".
    code, out, _ = t42("validate", "--strict", *files)
    assert code == 1
    assert out.count(": error:") + out.count(": warning:") == 1
    last = out.splitlines()[-1]
    assert last.endswith("1 error, 0 warnings; stopped at the first finding (--strict)"), last
    code, out, _ = t42("validate", "--strict", "--json", *files)
    entry = json.loads(out)["files"][-1]
    assert entry["errors"] == len(entry["findings"]) == 1


def test_deal_writes_the_date_in_the_notations_form() -> None:
    # Issue 35: `t42 deal` wrote Date "2015-11-19"; the notation writes YYYY.MM.DD
    # (docs/notation.md, Tags).
    import re

    code, out, _ = t42("deal", "--games", "20")
    assert code == 0
    dates = re.findall(r'^\[Date "([^"]*)"\]$', out, flags=re.MULTILINE)
    assert len(dates) == 20
    assert all(re.fullmatch(r"\d{4}\.\d{2}\.\d{2}", d) for d in dates), dates


def test_one_home_writes_a_date() -> None:
    from datetime import date

    from notation.model.game import date_value
    from scorekeeper.screen import questions

    assert date_value(date(2015, 11, 19)) == "2015.11.19"
    (asked,) = [q for q in questions(date(2026, 1, 2)) if q.tag == "Date"]
    assert asked.default == date_value(date(2026, 1, 2))


def _commands() -> list[str]:
    return [str(c.name or getattr(c.callback, "__name__", "")) for c in app.registered_commands]


@pytest.mark.parametrize("command", ["", *_commands()])
def test_help_shows_a_flag_as_a_flag(command: str) -> None:
    # Issue 35: `--version <bool>` in `t42 -h` (and every flag of every command so).
    result = runner.invoke(app, [*([command] if command else []), "-h"],
                           env={"COLUMNS": "100"})
    assert result.exit_code == 0, result.output
    assert "<bool>" not in result.stdout
    if not command:
        line = next(x for x in result.stdout.splitlines() if "--version" in x)
        assert re.search(r"--version +Show t42's version and exit\.", line), line
