"""A finding's evidence holds the game's values, typed (a tile a ``Tile``, a seat a ``Seat``,
a team's count keyed by ``Team``, a number an ``int``), not strings to parse again; its JSON
(``as_json``, what ``--json`` writes) is the same words as ever."""

from __future__ import annotations

import json
from pathlib import Path

import notation
from notation import Bid, Seat, Team, Tile
from notation.schemas import validator

SAMPLES = Path(__file__).parents[3] / "samples"


def _findings(name: str) -> list[notation.Finding]:
    read = next(notation.read_archive(SAMPLES / name))
    return list(notation.check_game(read.game, read.rules).findings)


def test_a_renege_names_its_tiles_as_tiles() -> None:
    renege = _findings("renege.t42")[0]
    assert renege.evidence["tile"] == Tile(2, 2)
    assert renege.evidence["could_follow"] == [Tile(5, 4), Tile(4, 2)]
    assert renege.as_json()["evidence"] == {
        "tile": "2-2", "led_suit": "fours", "could_follow": ["5-4", "4-2"],
        "proven_by_trick": None}


def test_every_evidence_value_is_typed_and_its_json_valid() -> None:
    allowed = (Tile, Seat, Team, Bid, int, bool, type(None), str, list, dict)
    checked = 0
    for sample in sorted(SAMPLES.glob("*.t42")):
        for read in notation.read_archive(sample):
            for finding in notation.check_game(read.game, read.rules).findings:
                for key, value in finding.evidence.items():
                    assert isinstance(value, allowed), (sample.name, key, value)
                    for item in value if isinstance(value, list) else [value]:
                        # A tile, seat, bid or count is never a string of one.
                        assert not (isinstance(item, str) and _parses(item)), (
                            sample.name, finding.code, key, value)
                    if isinstance(value, dict) and key in ("written", "computed", "points",
                                                           "marks"):
                        assert set(value) <= {Team.NS, Team.EW}, (sample.name, key, value)
                checked += 1
                json.dumps(finding.as_json())  # every value in its written form
    assert checked > 10


def _parses(word: str) -> bool:
    for parse in (Tile.parse, Bid.parse):
        try:
            parse(word)
        except ValueError:
            continue
        return True
    return word in {s.value for s in Seat}


def test_the_findings_report_is_valid_against_its_schema() -> None:
    check = notation.FileCheck("renege.t42")
    from notation.archive.reading import check_units, units

    for unit in units(SAMPLES / "renege.t42"):
        for checked in check_units(unit):
            check.add(checked, checked.findings)
    assert validator("findings").is_valid(notation.findings_report([check]))
