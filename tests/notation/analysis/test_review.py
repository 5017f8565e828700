"""notation.analysis.review: the review of a recorded hand, its JSON document and the commands
that show it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator  # type: ignore[import-untyped, unused-ignore]
from referencing import Registry, Resource
from typer.testing import CliRunner

from t42.commands import app

# -- the command line and the JSON form --

ROOT = Path(__file__).parents[3]
SAMPLE = ROOT / "samples" / "early-end.t42"
REVIEW_SCHEMA = json.loads((ROOT / "schemas" / "review.schema.json").read_text(encoding="utf-8"))
runner = CliRunner()


def _valid(document: object, schema: dict[str, object]) -> None:
    registry = Registry().with_resources(
        (s["$id"], Resource.from_contents(s)) for s in (
            REVIEW_SCHEMA,
            json.loads((ROOT / "schemas" / "audit.schema.json").read_text(encoding="utf-8")),
            json.loads((ROOT / "schemas" / "findings.schema.json").read_text(encoding="utf-8")),
        ))
    Draft202012Validator(schema, registry=registry).validate(document)


def test_review_json_follows_its_schema_and_shows_the_hindsight_beside() -> None:
    result = runner.invoke(app, ["review", str(SAMPLE), "--hand", "3", "--samples", "3",
                                 "--json", "--no-bids"])
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    _valid(document, REVIEW_SCHEMA)
    plays = document["hands"][0]["plays"]
    assert plays
    assert {p["verdict"]["kind"] for p in plays} <= {"best", "mistake", "too close to call"}
    # The audit's costly plays of this hand are there beside the fair verdicts.
    assert any(p["hindsight"]["cost"] for p in plays)


def test_review_text_names_each_play_and_both_verdicts() -> None:
    result = runner.invoke(app, ["review", str(SAMPLE), "--hand", "3", "--samples", "2",
                                 "--color", "never"])
    assert result.exit_code == 0, result.output
    assert "fair verdict" in result.stdout
    assert "hindsight" in result.stdout
    assert "bid    S 30 in deuces" in result.stdout


def test_the_advisor_takes_typed_tiles_and_writes_its_schema() -> None:
    result = runner.invoke(app, ["review", "--tiles", "6-6 6-5 6-4 6-3 6-2 5-5 4-4",
                                 "--samples", "2", "--json"])
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    _valid(document, REVIEW_SCHEMA)
    sixes = next(t for t in document["trumps"] if t["trump"] == "sixes")
    chances = [m["chance"]["mean"] for m in sixes["making"]]
    assert chances == sorted(chances, reverse=True)  # a higher bid is never likelier made
    assert chances[0] == 1.0


def test_the_advisor_reads_a_seats_tiles_from_a_record() -> None:
    result = runner.invoke(app, ["review", str(SAMPLE), "--hand", "3", "--advise", "S",
                                 "--samples", "2", "--json"])
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    _valid(document, REVIEW_SCHEMA)
    assert document["hands"][0]["advice"]["seat"] == "S"


@pytest.mark.parametrize(("args", "words"), [
    (["--tiles", "6-6 6-5"], "seven different tiles"),
    (["--tiles", "6-6 6-5 6-4 6-3 6-2 5-5 9-9"], "9-9"),
    ([], "name a record file"),
    ([str(SAMPLE), "--advise", "Q"], "N, E, S or W"),
])
def test_review_says_what_is_wrong_in_words(args: list[str], words: str) -> None:
    result = runner.invoke(app, ["review", *args])
    assert result.exit_code == 2
    assert words in result.stderr
    assert "Traceback" not in result.output


def test_audit_fair_adds_the_fair_review_to_its_json() -> None:
    result = runner.invoke(app, ["audit", str(SAMPLE), "--hand", "3", "--fair", "--json"])
    assert result.exit_code in (0, 1), result.output
    document = json.loads(result.stdout)
    audit_schema = json.loads((ROOT / "schemas" / "audit.schema.json").read_text(
        encoding="utf-8"))
    _valid(document, audit_schema)
    assert document["fair"][0]["hand"] == 3


def test_analyze_fair_adds_each_hands_review_to_its_line() -> None:
    names = ("analysis", "audit", "findings", "par", "review")
    schemas = {n: json.loads((ROOT / "schemas" / f"{n}.schema.json").read_text(
        encoding="utf-8")) for n in names}
    validator = Draft202012Validator(schemas["analysis"], registry=Registry().with_resources(
        (s["$id"], Resource.from_contents(s)) for s in schemas.values()))
    sample = ROOT / "samples" / "laydown-refuted.t42"
    result = runner.invoke(app, ["analyze", str(sample), "--fair", "--jobs", "1"])
    assert result.exit_code == 0, result.output
    lines = [json.loads(x) for x in result.stdout.splitlines() if x.startswith("{")]
    assert lines
    for line in lines:
        validator.validate(line)
        assert line["fair"]["hand"] == line["hand"]
        assert line["fair"]["plays"]






def test_a_nello_is_judged_by_its_chance_not_its_points() -> None:
    """In a contract of all or nothing only made or set counts; the partner who sits out
    holds seven unseen tiles that never play."""
    sample = ROOT / "samples" / "nello.t42"
    result = runner.invoke(app, ["review", str(sample), "--hand", "1", "--samples", "2",
                                 "--json", "--no-bids"])
    assert result.exit_code == 0, result.output
    [hand] = json.loads(result.stdout)["hands"]
    assert hand["plays"]
    declarer = hand["contract"]["declarer"]
    partner = {"N": "S", "S": "N", "E": "W", "W": "E"}[declarer]
    for play in hand["plays"]:
        assert play["seat"] != partner
        assert play["verdict"]["unit"] == "chance"
        assert all(o["points"] is None for o in play["options"])


def test_the_review_on_a_terminal_shows_both_verdicts_and_no_markup(tmp_path: Path) -> None:
    """In a pseudo-terminal, read back from the screen: the table, the hindsight beside the
    fair verdict, and a file name that looks like markup shown as written."""
    import sys

    sys.path.insert(0, str(ROOT / "tests" / "replay"))
    from pty_terminal import Terminal

    named = tmp_path / "[bold]x[not].t42"
    named.write_text(SAMPLE.read_text(encoding="utf-8"), encoding="utf-8")
    t42 = Path(sys.executable).parent / "t42"
    term = Terminal([str(t42), "review", str(named), "--hand", "3", "--samples", "2",
                     "--no-bids"], columns=110, lines=40)
    try:
        screen = term.wait_for("worlds a decision", timeout=120)
        assert term.wait_exit() == 0
    finally:
        term.close()
    assert "[bold]x[not].t42 game 1 hand 3" in screen
    assert "fair verdict" in screen
    assert "hindsight (audit)" in screen
    assert "S 4-2" in screen
    assert "a mistake costing 6 points" in screen  # the audit's, beside the fair one


def test_a_hand_with_a_renege_is_reviewed_up_to_it() -> None:
    """The plays before a renege were made knowing what the play had shown; the renege and
    what follows it are not judged, and the review says where it stopped."""
    result = runner.invoke(app, ["review", str(ROOT / "samples" / "renege.t42"), "--hand", "1",
                                 "--samples", "2", "--json", "--no-bids"])
    assert result.exit_code == 0, result.output
    [hand] = json.loads(result.stdout)["hands"]
    assert hand["why"] == ""
    assert hand["plays"]
    assert max(p["trick"] for p in hand["plays"]) <= 3
    assert any("trick 3" in note and "W's 2-2" in note for note in hand["notes"])
    _valid(json.loads(result.stdout), REVIEW_SCHEMA)




def test_every_call_of_the_auction_is_reviewed_when_asked() -> None:
    result = runner.invoke(app, ["review", str(SAMPLE), "--hand", "3", "--samples", "2",
                                 "--every-call", "--json"])
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    _valid(document, REVIEW_SCHEMA)
    [hand] = document["hands"]
    assert [c["bid"] for c in hand["calls"]] == ["pass", "pass", "pass", "30"]
    assert hand["calls"][0]["option"] == "pass"
    assert hand["calls"][0]["chance"] is None
