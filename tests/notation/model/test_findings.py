"""Findings as data: every ``t42 validate --json`` output holds to schemas/findings.schema.json."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator  # type: ignore[import-untyped, unused-ignore]
from typer.testing import CliRunner

from notation.formats.json import form as json_form
from notation.formats.text import loads
from t42.commands import app

ROOT = Path(__file__).resolve().parents[3]
SAMPLES = ROOT / "samples"
SAMPLE_NAMES = sorted(p.name for p in SAMPLES.glob("*.t42"))
SCHEMA = json.loads((ROOT / "schemas" / "findings.schema.json").read_text(encoding="utf-8"))
SCHEMA_CHECK = Draft202012Validator(SCHEMA, format_checker=Draft202012Validator.FORMAT_CHECKER)

runner = CliRunner()


@pytest.fixture(autouse=True)
def _in_repo(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)


def _schema_errors(document: object) -> list[str]:
    return [f"{e.json_path}: {e.message}" for e in SCHEMA_CHECK.iter_errors(document)]


def validate_json(*args: str, stdin: str | None = None) -> tuple[int, dict[str, Any]]:
    """Run ``t42 validate --json ARGS``; its output, held to the schema."""
    result = runner.invoke(app, ["validate", "--json", *args], input=stdin)
    document = json.loads(result.stdout)
    assert _schema_errors(document) == []
    return result.exit_code, document


def _counted_right(entry: dict[str, Any]) -> None:
    """Without --strict, the counts are the findings listed."""
    severities = [f["severity"] for f in entry["findings"]]
    assert (entry["errors"], entry["warnings"]) == (
        severities.count("error"),
        severities.count("warning"),
    )


def test_the_schema_is_a_draft_2020_12_schema() -> None:
    Draft202012Validator.check_schema(SCHEMA)
    assert SCHEMA["$schema"] == "https://json-schema.org/draft/2020-12/schema"


@pytest.mark.parametrize("name", SAMPLE_NAMES)
def test_each_sample(name: str) -> None:
    code, document = validate_json(f"samples/{name}")
    (entry,) = document["files"]
    assert entry["path"] == f"samples/{name}"
    assert code == (1 if entry["findings"] else 0)
    _counted_right(entry)


def test_several_files_at_once_in_the_order_named() -> None:
    names = [f"samples/{name}" for name in reversed(SAMPLE_NAMES)]
    code, document = validate_json(*names)
    assert code == 1
    assert [entry["path"] for entry in document["files"]] == names
    for entry in document["files"]:
        _counted_right(entry)
    codes = {f["code"] for entry in document["files"] for f in entry["findings"]}
    # Findings of many kinds, each with its own evidence, all held to one schema.
    assert {"renege", "misscored-points", "misscored-marks", "misscored-total",
            "ending-unjustified", "syntax-error", "bid-out-of-turn"} <= codes


def test_a_syntax_error_is_placed() -> None:
    code, document = validate_json("samples/broken.t42")
    assert code == 1
    (finding,) = document["files"][0]["findings"]
    assert (finding["code"], finding["line"], finding["column"]) == ("syntax-error", 37, 7)
    where = (finding["game"], finding["hand"], finding["trick"], finding["seat"])
    assert where == (1, 2, None, None)


def test_findings_from_stdin() -> None:
    code, document = validate_json("-", stdin=(SAMPLES / "misscore.t42").read_text())
    assert code == 1
    assert document["files"][0]["path"] == "<stdin>"


def test_strict_lists_the_first_finding_and_counts_what_it_lists() -> None:
    # Issue 35: the counts were of every finding while one was listed ("9 errors").
    code, document = validate_json("--strict", "samples/misscore.t42", "samples/renege.t42")
    assert code == 1
    (entry,) = document["files"]
    assert len(entry["findings"]) == 1
    assert entry["errors"] + entry["warnings"] == 1


def test_json_and_json_lines_records(tmp_path: Path) -> None:
    renege = loads((SAMPLES / "renege.t42").read_text(encoding="utf-8"))[0]
    one = tmp_path / "renege.json"
    one.write_text(json.dumps(json_form.dumps_game(renege)), encoding="utf-8")
    four = ("full-game.t42", "misscore.t42", "nello.t42", "options-findings.t42")
    games = [loads((SAMPLES / n).read_text(encoding="utf-8"))[0] for n in four]
    many = tmp_path / "four.jsonl"
    many.write_text(
        "".join(json.dumps(json_form.dumps_game(g)) + "\n" for g in games), encoding="utf-8"
    )
    code, document = validate_json(str(one), str(many))
    assert code == 1
    json_entry, lines_entry = document["files"]
    assert [f["code"] for f in json_entry["findings"]] == ["renege", "renege"]
    assert lines_entry["games"] == 4
    for entry in document["files"]:
        _counted_right(entry)


@pytest.mark.parametrize(
    "text",
    [
        '{"format": "t42", "hands": [',  # not JSON at all
        '{"x": 1}\n',  # JSON, but not a game
        '{"format": "t42", "version": 1, "tags": {}, "hands": [{"dealer": "X"}]}\n',
        '{"x": 1}\n\nnot json\n{"format": "t42"}\n',  # JSON Lines, every line broken
    ],
)
def test_broken_json_records(tmp_path: Path, text: str) -> None:
    path = tmp_path / ("bad.jsonl" if text.count("\n") > 1 else "bad.json")
    path.write_text(text, encoding="utf-8")
    code, document = validate_json(str(path))
    assert code in (1, 2)
    (entry,) = document["files"]
    assert entry["findings"] or "unusable" in entry
    assert all(f["severity"] == "error" for f in entry["findings"])


def test_unusable_files_say_why(tmp_path: Path) -> None:
    (tmp_path / "empty.t42").write_bytes(b"")
    (tmp_path / "binary.t42").write_bytes(b"\x00\x01\x02 binary")
    (tmp_path / "latin1.t42").write_bytes(b'[Event "caf\xe9"]\n')
    names = [str(tmp_path / n) for n in ("missing.t42", "empty.t42", "binary.t42", "latin1.t42")]
    code, document = validate_json(*names, "samples/full-game.t42")
    assert code == 2
    *unusable, clean = document["files"]
    assert [entry["path"] for entry in unusable] == names
    assert all(entry["unusable"] and entry["findings"] == [] for entry in unusable)
    assert (clean["games"], clean["findings"]) == (1, [])


MUTATIONS = st.text(alphabet=st.sampled_from(list("[]{}\";-0123456789 \nNESWhandealrbiptumpsx")),
                    max_size=12)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(SAMPLE_NAMES), st.integers(min_value=0), st.integers(0, 30), MUTATIONS)
def test_any_mangled_record_gives_output_the_schema_holds(
    name: str, at: int, cut: int, written: str
) -> None:
    text = (SAMPLES / name).read_text(encoding="utf-8")
    at %= len(text)
    validate_json("-", stdin=text[:at] + written + text[at + cut:])


def _finding(**changes: object) -> dict[str, object]:
    finding: dict[str, object] = {
        "code": "renege", "severity": "error", "message": "W reneged", "line": 24, "column": 17,
        "game": 1, "hand": 1, "trick": 3, "seat": "W", "evidence": {"tile": "2-2"},
    }
    finding.update(changes)
    return {k: v for k, v in finding.items() if v is not ...}


@pytest.mark.parametrize(
    ("finding", "valid"),
    [
        (_finding(), True),
        (_finding(pointer="/hands/0/tricks/2/plays/3"), True),  # the place in a JSON record
        (_finding(pointer=""), True),  # the whole document
        (_finding(pointer="/tags/a~1b~0c"), True),
        (_finding(pointer="hands/0"), False),
        (_finding(pointer="/hands/~2"), False),
        (_finding(pointer=3), False),
        (_finding(line=None, column=None, seat=None), True),
        (_finding(line=0), False),
        (_finding(seat="X"), False),
        (_finding(severity="fatal"), False),
        (_finding(code="Renege!"), False),
        (_finding(evidence=...), False),
        (_finding(place="24:17"), False),
    ],
)
def test_the_schema_is_strict(finding: dict[str, object], valid: bool) -> None:
    entry = {"path": "x.t42", "games": 1, "hands": 1, "errors": 1, "warnings": 0,
             "findings": [finding]}
    assert (_schema_errors({"files": [entry]}) == []) is valid


def test_the_schema_knows_a_checked_file_from_an_unusable_one() -> None:
    checked = {"path": "x.t42", "games": 1, "hands": 0, "errors": 0, "warnings": 0,
               "findings": []}
    unusable = {"path": "x.t42", "unusable": "x.t42: no such file", "findings": []}
    assert _schema_errors({"files": [checked, unusable]}) == []
    assert _schema_errors({"files": [{**checked, "unusable": "why"}]}) != []
    assert _schema_errors({"files": [{**checked, "games": 0}]}) != []
    assert _schema_errors({"files": [], "ok": True}) != []
