"""The one-file HTML replay, read as data: what the page is given to show, and that record
text cannot escape into markup. The page in a real browser is tested in test_page_browser.py."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from notation.check.validate import check_game
from notation.formats.json import form as json_form
from notation.formats.text import loads
from notation.model.game import Game
from notation.model.seats import SEATS
from notation.views import navigation
from notation.views.navigation import game_frames
from replay.page import (
    audit_summaries,
    merge_summaries,
    page_data,
    replay_page,
    review_summaries,
    shown_step,
)

SAMPLES = Path(__file__).parent.parent.parent / "samples"


def _game(name: str) -> Game:
    return loads((SAMPLES / name).read_text(encoding="utf-8"))[0]


def _embedded(page: str) -> dict[str, Any]:
    found = re.search(r'<script type="application/json" id="t42-data">(.*?)</script>', page, re.S)
    assert found is not None
    data: dict[str, Any] = json.loads(found.group(1))
    return _whole(data)


def _whole(data: dict[str, Any]) -> dict[str, Any]:
    """The page's data with every step put back together, as the page's script does."""
    starts = [h["start"] for h in data["hands"]]
    whole = []
    for i in range(len(data["steps"])):
        start = max(s for s in starts if s <= i)
        whole.append(shown_step(data["steps"], start, i))
    return {**data, "steps": whole}


def test_the_page_is_one_file_that_needs_no_network() -> None:
    game = _game("full-game.t42")
    page = replay_page([(1, game, check_game(game))], title="full-game.t42")
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", page)
    assert "<link" not in page
    assert "@import" not in page
    assert "default-src 'none'" in page  # the browser is told to fetch nothing


def test_the_page_carries_every_step_and_the_record_itself() -> None:
    game = _game("full-game.t42")
    report = check_game(game)
    data = _embedded(replay_page([(1, game, report)], title="x"))
    frames = game_frames(game, report)
    assert len(data["steps"]) == len(frames)
    for shown, frame in zip(data["steps"], frames, strict=True):
        assert shown["text"] == frame.step.text
        assert shown["points"] == {t.value: n for t, n in frame.step.points.items()}
    # The record is embedded as its JSON form, and reads back as the same game.
    assert json_form.loads(json.dumps(data["records"][0]))[0] == game
    assert [h["hand"] for h in data["hands"]] == [h.number for h in game.hands]


def test_every_move_is_the_replay_navigation_worked_out() -> None:
    game = _game("renege.t42")
    report = check_game(game)
    frames = game_frames(game, report)
    data = _whole(page_data([(1, game, report)]))
    for at, step in enumerate(data["steps"]):
        assert step["moves"]["next_trick"] == navigation.next_trick(frames, at)
        assert step["moves"]["previous_hand"] == navigation.previous_hand(frames, at)
        assert step["moves"]["next_play"] == navigation.next_play(frames, at)
    first = data["hands"][0]
    assert first["tricks"]["3"] == navigation.trick(frames, 0, 3)


def test_the_renege_is_marked_at_its_play_with_its_evidence() -> None:
    game = _game("renege.t42")
    data = _whole(page_data([(1, game, check_game(game))]))
    with_findings = [s for s in data["steps"] if s["findings"]]
    assert [s["text"] for s in with_findings] == ["W plays 2-2", "S plays 0-0"]
    renege = with_findings[0]
    assert renege["trick"]["plays"][-1] == ["W", "2-2", True]
    assert renege["findings"][0]["evidence"] == (
        "tile 2-2 · led suit fours · could follow 5-4, 4-2"
    )


def test_the_audit_puts_the_perfect_play_value_and_the_turning_plays_on_the_page() -> None:
    game = _game("laydown-refuted.t42")
    audits = audit_summaries(game, 1)
    data = _whole(page_data([(1, game, check_game(game))], audits))
    verdicts = [h["audit"]["verdict"] for h in data["hands"]]
    assert all(v.startswith("perfect play from the opening lead") for v in verdicts)
    turns = [t for h in data["hands"] for t in h["audit"]["turns"]]
    at_plays = [t for s in data["steps"] for t in s["turns"]]
    assert len(at_plays) == len(turns)
    assert page_data([(1, game, check_game(game))])["hands"][0]["audit"] is None


def test_the_fair_review_stands_beside_the_audit_at_each_play() -> None:
    game = _game("laydown-refuted.t42")
    both = merge_summaries(audit_summaries(game, 1), review_summaries(game, 1, samples=2))
    data = _whole(page_data([(1, game, check_game(game))], both))
    verdict = data["hands"][0]["audit"]["verdict"]
    assert verdict.startswith("perfect play from the opening lead")
    assert "fair review: each play judged on 2 worlds" in verdict
    fair = [t["message"] for s in data["steps"] for t in s["turns"]
            if t["message"].startswith("fair review of")]
    assert fair
    assert all("; in hindsight: " in m for m in fair)


def test_hostile_text_cannot_leave_the_data_and_reads_back_literally(hostile_game: Game) -> None:
    page = replay_page([(1, hostile_game, check_game(hostile_game))], title="<i>title</i>")
    # Exactly the page's own two scripts; the data holds no character that ends an element.
    assert page.count("<script") == 2
    assert page.count("</script>") == 2
    assert "<i>title" not in page
    assert "&lt;i&gt;title&lt;/i&gt;" in page
    data = _embedded(page)
    for seat in SEATS:
        name = data["players"]["1"][seat.value]
        assert "\x1b" not in name
        assert "\u202e" not in name
    assert data["players"]["1"]["N"] == "<script>alert(1)</script>"
    assert data["players"]["1"]["S"] == "Ann\\x1b[2J\\x07"
    comments = [c for s in data["steps"] for c in s["comments"]]
    assert "</script><script>window.pwned=1</script> &amp; </svg>" in comments


def _long_game(hands: int) -> Game:
    """The first ``hands`` hands of one long random game (to many marks)."""
    import random

    from notation.model.rule_sets import tagged_rules
    from notation.rules.dealing import random_game

    game = random_game(random.Random(5), tagged_rules("straight", "marks-to-win=200"))
    assert len(game.hands) >= hands
    return Game(game.tags, game.hands[:hands])


def test_the_page_grows_linearly_with_the_hands() -> None:
    sizes = {}
    for hands in (25, 100):
        game = _long_game(hands)
        page = replay_page([(1, game, check_game(game))], title="long.t42")
        sizes[hands] = len(page.encode("utf-8")) / hands
    # the bytes per hand stay the same (the page's fixed parts make 25 hands a little dearer)
    assert sizes[100] <= sizes[25] * 1.05, sizes
