"""Variations are checked like the main line (docs/notation.md, Annotations and variations):
every play of a variation legal from its position, its findings located and marked as in
a variation, and the main line's findings, score and marks left as they are."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from typer.testing import CliRunner

import notation.formats.json as json_form
from notation.archive.stats import ArchiveStats
from notation.check.validate import check_game
from notation.formats.text.reader import read_games
from notation.model.findings import Finding
from notation.model.game import Game
from t42.commands import app

SAMPLES = Path(__file__).parents[3] / "samples"

DEALT = """[Event "x"]
[Rules "straight"]

hand 1 dealer N
deal N 6-5 5-4 5-2 5-0 4-0 3-2 2-1
     E 6-3 5-5 4-4 3-3 2-2 2-0 0-0
     S 6-6 6-4 6-2 6-0 4-3 4-1 1-1
     W 6-1 5-3 5-1 4-2 3-1 3-0 1-0
bid E pass S 30 W pass N pass
trump S sixes
1 S 6-6 6-1 6-5 6-3
2 S 6-4 1-0 3-2 2-0
3 S 6-2 5-1 5-0 0-0
4 S 6-0 3-0 2-1 5-5
5 S 1-1 3-1 4-0 2-2
6 S 4-3 4-2 5-4 4-4
7 E 3-3 4-1 5-3 5-2
points NS 35 EW 7
marks NS 1 EW 0
total NS 1 EW 0
"""
TRICK_2 = "2 S 6-4 1-0 3-2 2-0"


def _game(text: str) -> Game:
    [read] = read_games(text)
    assert read.problems == []
    return read.game


def _without_variations(game: Game) -> Game:
    hands = []
    for hand in game.hands:
        tricks = tuple(
            replace(t, plays=tuple(replace(p, variations=()) for p in t.plays))
            for t in hand.tricks
        )
        hands.append(replace(hand, tricks=tricks))
    return replace(game, hands=tuple(hands))


def _keys(findings: tuple[Finding, ...]) -> list[tuple[object, ...]]:
    return [(f.code, f.line, f.column, f.trick, f.seat, f.variation) for f in findings]


def test_an_illegal_play_in_a_variation_is_located_and_said_to_be_in_it() -> None:
    # W plays 5-3 for 1-0 in trick 2; in trick 3 of the variation W plays 4-2 on a lead of
    # ones while holding 5-1, 3-1 and 1-0: a renege, in the variation only.
    text = DEALT.replace(TRICK_2, "2 S 6-4 1-0 (5-3?? 3-2 2-0 3 S 1-1 4-2) 3-2 2-0")
    game = _game(text)
    report = check_game(game)
    [renege] = report.findings
    line = text.splitlines().index("2 S 6-4 1-0 (5-3?? 3-2 2-0 3 S 1-1 4-2) 3-2 2-0") + 1
    assert (renege.code, renege.line, renege.column) == ("renege", line, 36)
    assert (renege.trick, str(renege.seat)) == (3, "W")
    assert renege.variation == "/hands/0/tricks/1/plays/1/variations/0"
    assert renege.where() == "hand 1, trick 3, seat W, in a variation"
    assert renege.as_json()["variation"] == "/hands/0/tricks/1/plays/1/variations/0"
    # the main line's findings, score and marks are those of the record without it
    plain = check_game(_without_variations(game))
    assert plain.findings == ()
    assert report.hands[0].findings == plain.hands[0].findings
    assert report.hands[0].points == plain.hands[0].points
    assert report.hands[0].award == plain.hands[0].award
    assert report.marks == plain.marks
    assert report.winner == plain.winner


def test_the_main_lines_findings_stay_as_they_are_beside_a_variations() -> None:
    # a renege on the main line (W's 5-3 on a lead of fours in trick 6, holding 4-2) and a
    # tile not held in a variation of trick 1 (W's 6-2 was dealt to S)
    text = DEALT.replace("6 S 4-3 4-2 5-4 4-4", "6 S 4-3 5-3 5-4 4-4").replace(
        "7 E 3-3 4-1 5-3 5-2", "7 E 3-3 4-1 4-2 5-2"
    ).replace("1 S 6-6 6-1 6-5 6-3", "1 S 6-6 6-1 (6-2) 6-5 6-3")
    game = _game(text)
    report = check_game(game)
    plain = check_game(_without_variations(game))
    main = [f for f in report.findings if f.variation is None]
    assert _keys(tuple(main)) == _keys(plain.findings)
    assert "renege" in [f.code for f in main]
    [tile_not_held] = [f for f in report.findings if f.variation is not None]
    assert tile_not_held.code == "tile-not-held"
    assert tile_not_held.variation == "/hands/0/tricks/0/plays/1/variations/0"
    assert report.hands[0].findings == plain.hands[0].findings
    assert report.hands[0].award == plain.hands[0].award


def test_a_variation_is_checked_for_suit_leader_count_and_its_own_score() -> None:
    # E's 0-0 for 2-0 (legal: E has no six), then N leads trick 3 though S won trick 2;
    # the variation writes points without an end, so play had not stopped: unfinished
    text = DEALT.replace(
        TRICK_2, "2 S 6-4 1-0 3-2 2-0 (0-0 3 N 5-0 5-5 6-2 5-1 points NS 30 EW 12)"
    )
    report = check_game(_game(text))
    assert sorted(f.code for f in report.findings) == ["hand-unfinished", "wrong-leader"]
    assert all(f.variation == "/hands/0/tricks/1/plays/3/variations/0" for f in report.findings)
    assert report.hands[0].findings == ()
    # a variation's own ending is judged as a hand's: the bidders took every trick
    text = DEALT.replace(TRICK_2, "2 S 6-4 1-0 3-2 2-0 (0-0 3 S 6-2 5-1 5-0 2-0 end set)")
    assert [f.code for f in check_game(_game(text)).findings] == ["ending-unjustified"]


def test_a_variation_may_stop_anywhere() -> None:
    # one play, the rest of a trick, three calls: none of them is a hand left unfinished
    text = DEALT.replace(TRICK_2, "2 S 6-4 1-0 (5-3) 3-2 (2-1 2-0) 2-0").replace(
        "bid E pass S 30 W pass N pass", "bid E pass S 30 (S 31) W pass N pass"
    ).replace("5 S 1-1 3-1 4-0 2-2", "5 S 1-1 3-1 4-0 2-2 (3-3)")
    assert check_game(_game(text)).findings == ()


def test_a_variation_of_a_hand_without_a_deal_is_checked_as_far_as_the_record_allows() -> None:
    text = """[Event "x"]
hand 1 dealer N
bid E pass S 30 W pass N pass
trump S fives
1 S 4-3 5-5 4-0 4-4 (6-6 2 E 6-6 1-0 1-1 2-2)
"""
    report = check_game(_game(text))
    assert [f.code for f in report.findings if f.variation is None] == ["hand-unfinished"]
    in_variation = {f.code for f in report.findings if f.variation is not None}
    # 6-6 played twice, and trick 2 led by E though W's 5-5 took trick 1
    assert {"tile-played-twice", "wrong-leader"} <= in_variation


def test_validate_json_says_which_line_a_finding_is_in(tmp_path: Path) -> None:
    path = tmp_path / "annotated.t42"
    path.write_text(
        DEALT.replace(TRICK_2, "2 S 6-4 1-0 (5-3 3-2 2-0 3 S 1-1 4-2) 3-2 2-0"), "utf-8"
    )
    result = CliRunner().invoke(app, ["validate", "--json", str(path)])
    [finding] = json.loads(result.stdout)["files"][0]["findings"]
    assert finding["variation"] == "/hands/0/tricks/1/plays/1/variations/0"
    result = CliRunner().invoke(app, ["validate", str(path)])
    assert "in a variation" in result.stdout


def test_the_annotated_sample_validates_clean() -> None:
    result = CliRunner().invoke(app, ["validate", str(SAMPLES / "annotated.t42")])
    assert result.exit_code == 0, result.stdout
    assert "0 errors, 0 warnings" in result.stdout


def test_stats_count_the_main_line_only() -> None:
    text = DEALT.replace(TRICK_2, "2 S 6-4 1-0 (5-3 3-2 2-0 3 S 1-1 4-2) 3-2 2-0")
    tally = ArchiveStats()
    for read in read_games(text):
        tally.add(read)
    assert tally.findings["renege"] == 0
    assert tally.hands == 1
    assert dict(tally.made) == {"30": 1}


def test_a_finding_in_a_variation_of_a_json_record_is_kept_and_located(tmp_path: Path) -> None:
    # A JSON value's place is a point: the variation must still hold its items' places, or
    # its findings are dropped as if on the main line (they were: "0 errors, 0 warnings").
    text = DEALT.replace(TRICK_2, "2 S 6-4 1-0 (5-3 3-2 2-0 3 S 1-1 4-2) 3-2 2-0")
    for suffix in (".json", ".jsonl"):
        path = tmp_path / f"annotated{suffix}"
        form = json_form.dumps(_game(text), indent=None if suffix == ".jsonl" else 2)
        path.write_text(form + "\n", "utf-8")
        result = CliRunner().invoke(app, ["validate", "--json", str(path)])
        [finding] = json.loads(result.stdout)["files"][0]["findings"]
        v = "/hands/0/tricks/1/plays/1/variations/0"
        assert (finding["code"], finding["variation"]) == ("renege", v)
        assert finding["pointer"] == f"{v}/tricks/0/plays/1"
        assert finding["line"] is not None
