"""The published schemas work offline with a standard validator, as they are; each bundled
file is its parts bundled; no schema claims a web address the project does not own."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path
from typing import Any

import jsonschema  # type: ignore[import-untyped, unused-ignore]
import pytest
from typer.testing import CliRunner

from notation import schemas
from t42.commands import app

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = str(ROOT / "samples" / "laydown-refuted.t42")
PUBLISHED = sorted((ROOT / "schemas").glob("*.schema.json"))


@pytest.fixture
def offline(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("the schemas reached for the network")

    monkeypatch.setattr(urllib.request, "urlopen", refuse)


def _output(*args: str) -> Any:
    result = CliRunner().invoke(app, list(args))
    return json.loads(result.stdout)


@pytest.mark.parametrize(
    ("name", "command"),
    [("audit", ["audit", "--json", SAMPLE]), ("findings", ["validate", "--json", SAMPLE]),
     ("par", ["par", "--json", SAMPLE])],
)
def test_plain_jsonschema_validates_the_output_with_the_published_file_offline(
    offline: None, name: str, command: list[str]
) -> None:
    schema = json.loads((ROOT / "schemas" / f"{name}.schema.json").read_text(encoding="utf-8"))
    jsonschema.validate(_output(*command), schema)  # as a user would, nothing else given
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"hands": [{"nothing": 1}]} if name != "findings"
                            else {"files": [{}]}, schema)


def test_plain_jsonschema_validates_an_analysis_line_offline(
    offline: None, tmp_path: Path
) -> None:
    out = tmp_path / "a.jsonl"
    result = CliRunner().invoke(app, ["analyze", SAMPLE, "--jobs", "1", "-o", str(out)])
    assert result.exit_code == 0, result.output
    schema = json.loads((ROOT / "schemas" / "analysis.schema.json").read_text(encoding="utf-8"))
    for line in out.read_text(encoding="utf-8").splitlines():
        jsonschema.validate(json.loads(line), schema)


@pytest.mark.parametrize("name", schemas.BUNDLED)
def test_each_bundled_file_is_its_parts_bundled(name: str) -> None:
    published = ROOT / "schemas" / f"{name}.schema.json"
    assert published.read_text(encoding="utf-8") == schemas.bundled_text(name)
    assert f"t42-{name}" not in json.loads(published.read_text(encoding="utf-8"))["$defs"]


@pytest.mark.parametrize("path", PUBLISHED, ids=[p.name for p in PUBLISHED])
def test_no_schema_claims_a_web_address(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    ids = [v for k, v in _pairs(json.loads(text)) if k in ("$id", "$ref")]
    assert ids
    assert not [i for i in ids if "://" in i]


def _pairs(value: Any) -> list[tuple[str, Any]]:
    if isinstance(value, dict):
        return [p for k, v in value.items() for p in [(k, v), *_pairs(v)]]
    if isinstance(value, list):
        return [p for v in value for p in _pairs(v)]
    return []
