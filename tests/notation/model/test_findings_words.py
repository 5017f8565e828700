"""A finding's evidence in words (findings.evidence_words), as every view shows it."""

from __future__ import annotations

import re
from pathlib import Path

from notation.check.validate import check_game
from notation.formats.text import loads
from notation.model.findings import Finding, Severity, evidence_words
from replay.page import page_data

SAMPLES = Path(__file__).parents[3] / "samples"
PYTHON = re.compile(r"[{}\[\]']|True|False|None")


def test_evidence_reads_as_words_not_python() -> None:
    f = Finding("misscored-points", Severity.ERROR, "x",
                evidence={"written": {"NS": 34, "EW": 8}, "computed": {"NS": 30, "EW": 12}})
    assert evidence_words(f) == "written NS 34, EW 8 · computed NS 30, EW 12"
    line = Finding("laydown-refuted", Severity.ERROR, "x", evidence={
        "line": [{"trick": 5, "seat": "N", "tile": "5-1"},
                 {"trick": 5, "seat": "E", "tile": "5-3"}],
        "with_best_play": True, "could_follow": ["5-4", "4-2"], "expected": None})
    assert evidence_words(line) == (
        "line trick 5 N 5-1, trick 5 E 5-3 · with best play yes · could follow 5-4, 4-2"
    )


def test_every_finding_of_the_samples_shows_its_evidence_in_words_on_the_page() -> None:
    shown = 0
    for sample in sorted(SAMPLES.glob("*.t42")):
        if sample.name == "broken.t42":  # not notation throughout: t42 html refuses it
            continue
        for n, game in enumerate(loads(sample.read_text(encoding="utf-8")), 1):
            data = page_data([(n, game, check_game(game))])
            for step in data["steps"]:
                for f in step.get("findings", ()):
                    assert not PYTHON.search(f["evidence"]), (sample.name, f)
                    shown += bool(f["evidence"])
    assert shown > 5
