"""A game built in code with part of the roster is the game its record reads back as: the
roster's ``?`` and a missing roster tag are one value in the model (docs/notation.md, Tags)."""

from __future__ import annotations

from dataclasses import replace

import notation
from notation import Game, Hand, HandHeader, Seat, Tag

TAGS = (Tag("North", "Ruth"), Tag("scorer", "Ann"), Tag("Rules", "straight"))


def _partial() -> Game:
    return Game(TAGS, (Hand(HandHeader(1, Seat.N)),))


def test_a_game_with_part_of_the_roster_equals_its_round_trip() -> None:
    game = _partial()
    assert notation.loads(notation.dumps(game))[0] == game
    assert notation.json_form.loads(notation.json_form.dumps(game))[0] == game


def test_a_missing_roster_tag_is_the_roster_unknown() -> None:
    game = _partial()
    assert game.tag("East") == "?"
    assert game == replace(game, tags=(Tag("East", "?"), *TAGS))
    assert [t.name for t in game.tags] == [
        "Event", "Site", "Date", "North", "East", "South", "West", "Rules", "scorer"]


def test_a_tag_that_is_not_the_roster_still_counts() -> None:
    assert _partial() != replace(_partial(), tags=(Tag("North", "Ruth"),))
