"""The one builder of games from JSON documents, which both JSON readers feed."""

from __future__ import annotations

from typing import Any

import pytest

from notation.formats.json.build import Unvouched, build_game
from notation.model.contracts import DoublesRank, Special
from notation.model.game import Comment


def _document(**hand: Any) -> dict[str, Any]:
    tags = [{"name": "Rules", "value": "texas"}]
    return {"format": "t42-game", "version": 1, "tags": tags,
            "hands": [{"number": 1, "dealer": "N", **hand}]}


def test_the_calls_doubles_left_out_are_the_tables() -> None:
    doc = _document(trump={"suit": "follow-me", "contract": "low-no"})
    doc["tags"].append({"name": "Options", "value": "nello-doubles=low follow-me-doubles=high"})
    trump = build_game(doc).hands[0].trump
    assert trump is not None
    assert (trump.trump.special, trump.trump.doubles) == (Special.LOW_NO, DoublesRank.LOW)


def test_a_tag_written_twice_is_left_to_the_careful_reader() -> None:
    doc = _document()
    doc["tags"].append({"name": "rules", "value": "straight"})
    with pytest.raises(Unvouched):
        build_game(doc)


def test_a_semicolon_comment_before_another_is_left_to_the_careful_reader() -> None:
    after = [{"text": "one", "braced": False}, {"text": "two", "braced": True}]
    with pytest.raises(Unvouched):
        build_game(_document(comments={"after": after}))
    after.reverse()  # the ; comment last, as the text form writes it
    header = build_game(_document(comments={"after": after})).hands[0].header
    assert header.after == (Comment("two", True), Comment("one", False))


def test_plays_without_comments_are_shared_but_a_tile_twice_in_a_trick_is_not() -> None:
    # The rules check tells the plays of one trick apart by identity.
    tricks = [
        {"number": 1, "leader": "N", "plays": ["6-6", "6-5", "6-6"]},
        {"number": 2, "leader": "N", "plays": ["6-4", "6-3"]},
        {"number": 3, "leader": "N", "plays": ["6-3", "6-2"]},
    ]
    first, second, third = build_game(_document(tricks=tricks)).hands[0].tricks
    assert first.plays[0] == first.plays[2]
    assert first.plays[0] is not first.plays[2]
    assert second.plays[1] is third.plays[0]
