"""The command line answers under every option of a table: `t42 par`, `t42 analyze`,
`t42 review`, `t42 audit` and lay-downs under small-end-opening and opening-lead=trump
(docs/rules.md, Contracts), which the solver plays like every other option."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from t42.commands import app

ROOT = Path(__file__).resolve().parents[2]
OPTIONS = "samples/options.t42"
# The games of samples/options.t42 played under each option.
GAME = {"opening-lead=trump": "2", "small-end-opening=yes": "7"}

runner = CliRunner()


def t42(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture(autouse=True)
def _in_repo(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)


def json_of(*args: str, code: int = 0) -> Any:
    done, out, err = t42(*args, "--json")
    assert done == code, err
    assert "does not" not in err
    return json.loads(out)


@pytest.mark.parametrize("option", sorted(GAME))
def test_par_gives_a_table(option: str) -> None:
    [hand] = json_of("par", OPTIONS, "--game", GAME[option])["hands"]
    assert hand["table"] is not None
    assert not hand.get("why")


@pytest.mark.parametrize("option", sorted(GAME))
def test_review_judges_the_plays(option: str) -> None:
    [hand] = json_of("review", OPTIONS, "--game", GAME[option], "--samples", "2",
                     "--no-bids")["hands"]
    assert not hand["why"]
    assert len(hand["plays"]) > 10


@pytest.mark.parametrize("option", sorted(GAME))
def test_audit_gives_the_value_of_best_play(option: str) -> None:
    [hand] = json_of("audit", OPTIONS, "--game", GAME[option])["hands"]
    assert hand["perfect"] is not None
    assert hand["notes"] == []


def test_analyze_analyses_every_game_of_the_options_sample() -> None:
    code, out, err = t42("analyze", OPTIONS, "--jobs", "1")
    assert code == 0, err
    lines = [json.loads(line) for line in out.splitlines()]
    assert lines
    assert [(d["game"], d.get("rejected")) for d in lines if d.get("rejected")] == []
    by_game = {d["game"]: d for d in lines}
    for game in GAME.values():
        assert by_game[int(game)]["perfect"] is not None


# North declares sixes and lays down before the opening lead: with the lead free North may
# lead 5-5 first and East, void in fives, trumps it with 6-0; held to a trump, North draws
# the 6-0 at once and cannot go wrong.
DRAWS_THE_TRUMP = """deal N 6-6 6-5 6-4 6-3 6-2 6-1 5-5
     E 6-0 4-4 4-3 4-2 4-1 4-0 3-3
     S 5-4 5-3 5-2 5-1 5-0 3-2 3-1
     W 3-0 2-2 2-1 2-0 1-1 1-0 0-0
bid N 30 E pass S pass W pass
trump sixes"""
# North declares fives and lays down: every lead of North's wins, South's trumps are lower
# and its sixes follow North's, and no other seat has a five; but led as a four (small-end
# opening), North's 6-4 loses to East's 4-4.
SIX_FOUR = """deal N 6-6 6-5 6-4 5-5 5-4 5-3 5-2
     E 6-1 4-4 4-3 4-2 4-1 4-0 3-0
     S 6-3 6-2 5-1 5-0 3-3 3-2 3-1
     W 6-0 2-2 2-1 2-0 1-1 1-0 0-0
bid N 30 E pass S pass W pass
trump fives"""
LAYDOWN = """[Rules "straight"]
[Options "{options}"]

hand 1 dealer W
{deal}
end laydown N
points NS 42 EW 0
marks NS 1 EW 0
total NS 1 EW 0
"""


@pytest.mark.parametrize(("deal", "options", "holds"), [
    (DRAWS_THE_TRUMP, "opening-lead=any", False),
    (DRAWS_THE_TRUMP, "opening-lead=trump", True),
    (SIX_FOUR, "small-end-opening=no", True),
    (SIX_FOUR, "small-end-opening=yes", False),
])
def test_a_lay_down_is_judged(tmp_path: Path, deal: str, options: str, holds: bool) -> None:
    path = tmp_path / "laydown.t42"
    path.write_text(LAYDOWN.format(options=options, deal=deal), encoding="utf-8")
    [hand] = json_of("audit", str(path), code=0 if holds else 1)["hands"]
    assert hand["claim"]["valid"] is holds, hand["claim"]
    if deal is SIX_FOUR and not holds:
        assert "N 6-4 (led as fours) · E 4-4" in hand["claim"]["message"]
