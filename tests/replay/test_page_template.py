"""The page's template is filled in one pass: text from a record (or the file's name) that
holds a marker of the template (@TITLE@, @DATA@, @SCRIPT@ …) is never filled in again
(issue 35, point 17)."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path

import pytest

from notation.check.validate import check_game
from notation.formats.text import loads
from notation.model.game import Game, Tag
from replay.page import replay_page

SAMPLES = Path(__file__).parent.parent.parent / "samples"
MARKERS = ["@TITLE@", "@FILE@", "@SYMBOLS@", "@DATA@", "@STYLE@", "@SCRIPT@"]


def _game() -> Game:
    return loads((SAMPLES / "renege.t42").read_text(encoding="utf-8"))[0]


def _page(game: Game, title: str = "club.t42") -> str:
    return replay_page([(1, game, check_game(game))], title=title)


@pytest.mark.parametrize("marker", MARKERS)
def test_a_marker_in_a_record_is_text_on_the_page(marker: str) -> None:
    game = _game()
    tags = tuple(Tag(t.name, f"Night {marker} {t.value}") if t.name in ("Event", "Site", "North")
                 else t for t in game.tags)
    marked = replace(game, tags=tags)
    page = _page(marked, title=f"{marker}.t42")
    plain = _page(game, title="x.t42")
    # Issue 35: a <title> of 138,931 characters; the page grew by the data, script or style.
    title = re.search(r"<title>(.*?)</title>", page, re.S)
    assert title is not None
    assert len(title.group(1)) < 200, len(title.group(1))
    assert marker in title.group(1)
    assert len(page) < len(plain) + 1000
    assert page.count("<script") == 2
    data = re.search(r'<script type="application/json" id="t42-data">(.*?)</script>', page, re.S)
    assert data is not None
    assert json.loads(data.group(1))["players"]["1"]["N"].startswith(f"Night {marker} ")
    footer = re.search(r"<footer>(.*?)</footer>", page, re.S)
    assert footer is not None
    assert f"{marker}.t42 · made by t42." in footer.group(1)
