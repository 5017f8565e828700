"""The HTML replay's variations and "what if", read as data: each line the page holds is the
library's own (the variation's frames, :func:`notation.analysis.what_if.what_if`), put
back together as the page's script does; and no record text in it is live. The page in a
real browser is tested in test_page_lines_browser.py."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from notation.analysis.what_if import what_if
from notation.check.position import Position
from notation.check.validate import check_game
from notation.formats.text import loads
from notation.model.game import Game
from notation.views.navigation import game_frames
from notation.views.steps import StepKind
from notation.views.terminal import inert
from notation.views.variations import Spot, leave, variation_frames
from replay.page import page_data, replay_page, shown_step

SAMPLES = Path(__file__).parent.parent.parent / "samples"


def _game(name: str) -> Game:
    return loads((SAMPLES / name).read_text(encoding="utf-8"))[0]


def _main(data: dict[str, Any], at: int) -> dict[str, Any]:
    """Main-line step ``at`` whole, as the page's script puts it together."""
    start = max(h["start"] for h in data["hands"] if h["start"] <= at)
    return shown_step(data["steps"], start, at)


def _line(data: dict[str, Any], entry: dict[str, Any]) -> list[dict[str, Any]]:
    """A line's steps whole, as the page's script puts them together: from the main line's
    step it is based on (if any), each step's changes merged in turn."""
    base = [] if entry["base"] is None else [_main(data, entry["base"])]
    merged = shown_step([*base, *entry["steps"]], 0, len(base) + len(entry["steps"]) - 1)
    out = []
    for k in range(len(entry["steps"])):
        out.append(shown_step([*base, *entry["steps"]], 0, len(base) + k))
    assert out[-1] == merged
    return out


@pytest.fixture(scope="module")
def annotated_with_what_if() -> dict[str, Any]:
    game = _game("annotated.t42")
    return page_data([(1, game, check_game(game))], what_if=True)


def test_each_variation_is_a_line_of_its_frames_that_goes_back_where_it_branched() -> None:
    game = _game("annotated.t42")
    report = check_game(game)
    main = game_frames(game, report)
    found = variation_frames(game, report, main)
    data = page_data([(1, game, report)])
    lines = data["lines"]["1"]
    assert set(lines) == set(found)
    assert {e["kind"] for e in lines.values()} == {"variation"}
    for path, entry in lines.items():
        frames = found[path].frames[found[path].branch:]
        shown = _line(data, entry)
        assert [s["text"] for s in shown] == [f.step.text for f in frames]
        assert [s["index"] for s in shown] == [f.step.index for f in frames]
        assert entry["first"] == frames[0].step.index
        back = leave(found, main, Spot(path, found[path].branch))
        if back.line:
            assert entry["parent"] == back.line
            assert entry["back"] == back.at - found[back.line].branch
        else:
            assert (entry["parent"], entry["back"]) == ("", back.at)
    # the main line's steps say their glyph and name the variations written after them
    blunder = next(i for i, f in enumerate(main) if f.step.text == "E plays 5-5??")
    step = _main(data, blunder)
    assert step["glyph"] == "?? blunder"
    assert step["comments"] == ["ten points to the bidders"]
    assert step["branches"] == [{"line": "/hands/0/tricks/3/plays/3/variations/0", "at": 0,
                                 "words": "E plays 2-2!"}]
    assert step["what_if"] == []
    # a variation's own comments and glyph are on its first step
    first = _line(data, lines["/hands/0/tricks/3/plays/3/variations/0"])[0]
    assert (first["glyph"], first["comments"]) == ("! good", ["keeps the count"])


def test_what_if_offers_every_other_legal_tile_at_each_play_finished_by_best_play(
    annotated_with_what_if: dict[str, Any]
) -> None:
    data = annotated_with_what_if
    game = _game("annotated.t42")
    report = check_game(game)
    main = game_frames(game, report)
    hand = game.hands[0]
    actions = 0
    checked = 0
    for i, frame in enumerate(main):
        if frame.step.place is None:
            continue
        actions += 1
        step = _main(data, i)
        if frame.step.kind is not StepKind.PLAY:
            assert step["what_if"] == []
            continue
        position = Position.of_hand(hand, report.rules, step=actions - 1)
        played = frame.step.trick.plays[-1][1]  # type: ignore[union-attr]
        assert position.turn is frame.step.actor
        others = [str(t) for t in position.legal_plays() if t != played]
        assert [w["tile"] for w in step["what_if"]] == others
        for tried in step["what_if"][:1]:  # the first of each, against the library's line
            line = what_if(position, next(t for t in position.legal_plays()
                                          if str(t) == tried["tile"]))
            entry = data["lines"]["1"][tried["line"]]
            assert tried["words"] == entry["words"] == line.words
            assert (entry["kind"], entry["parent"], entry["back"]) == ("what-if", "", i)
            shown = _line(data, entry)
            assert shown[0]["index"] == frame.step.index
            assert shown[0]["actor"] == frame.step.actor.value  # type: ignore[union-attr]
            assert shown[0]["trick"]["plays"][-1][:2] == [shown[0]["actor"], tried["tile"]]
            assert shown[-1]["kind"] == "score"
            assert shown[-1]["points"] == {t.value: n for t, n in line.points.items()}
            plays = [s["trick"]["plays"][-1][1] for s in shown if s["kind"] == "play"]
            assert plays == [str(a) for a in line.actions]
            checked += 1
    assert checked == 17  # the plays of the hand where the seat had another legal tile


def test_a_hand_best_play_cannot_be_worked_out_for_says_why() -> None:
    game = _game("renege.t42")
    data = page_data([(1, game, check_game(game))], what_if=True)
    notes = {h["hand"]: h["what_if"] for h in data["hands"]}
    assert notes[2] == ("what if: the deal is not known: the record neither deals all 28 "
                        "tiles nor shows them in the play, so best play cannot be computed")
    assert notes[1] == "what if: the perfect-play analysis stops at trick 3: W's 2-2 was not " \
        "a legal play"
    steps = [_main(data, i) for i in range(len(data["steps"]))]
    assert not any(s["what_if"] for s in steps if s["hand"] == 2)
    # up to the renege, W's 2-2, the tiles W could have followed with are offered
    renege = next(s for s in steps if s["text"] == "W plays 2-2")
    assert [w["tile"] for w in renege["what_if"]] == ["5-4", "4-2"]


def test_without_what_if_the_page_holds_no_line_of_it() -> None:
    game = _game("full-game.t42")
    data = page_data([(1, game, check_game(game))])
    assert data["lines"] == {"1": {}}
    assert data["what_if"] is False
    assert all(s.get("what_if", []) == [] for s in data["steps"])


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield k
            yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)


def test_what_if_and_variations_carry_record_text_only_inert(hostile_game: Game) -> None:
    page = replay_page([(1, hostile_game, check_game(hostile_game))], title="x", what_if=True)
    assert page.count("<script") == 2
    assert page.count("</script>") == 2
    found = re.search(r'<script type="application/json" id="t42-data">(.*?)</script>', page,
                      re.S)
    assert found is not None
    data = json.loads(found.group(1))
    lines = data["lines"]["1"]
    assert lines  # the hand's plays before the renege can be tried
    for text in _strings(lines):
        assert text == inert(text)
    for text in _strings([s["what_if"] for s in data["steps"] if "what_if" in s]):
        assert text == inert(text)
    # the names stay in the page's players, never copied into the lines
    assert "<script>alert(1)</script>" not in json.dumps(lines)


def test_in_a_file_of_several_games_each_game_has_its_lines_and_they_go_back_to_it() -> None:
    game = _game("annotated.t42")
    report = check_game(game)
    data = page_data([(1, game, report), (2, game, report)])
    assert set(data["lines"]) == {"1", "2"}
    assert set(data["lines"]["1"]) == set(data["lines"]["2"])
    second = next(h["start"] for h in data["hands"] if h["game"] == 2)
    for path, entry in data["lines"]["2"].items():
        first = data["lines"]["1"][path]
        if entry["parent"]:
            assert entry["back"] == first["back"]
            continue
        assert entry["back"] == first["back"] + second
        assert entry["base"] == first["base"] + second
        back = _main(data, entry["back"])
        assert back["game"] == 2
        assert _line(data, entry) == [{**s, "game": 2} for s in _line(data, first)]
