"""Moving through a replay with its variations, and what the reader may try instead at a
step (replay.moving): pure functions, checked on the annotated sample."""

from __future__ import annotations

from pathlib import Path

import pytest

from notation.check.actions import record_actions
from notation.check.validate import check_game
from notation.formats.text import loads
from notation.model.game import Game, Play, Variation
from notation.model.lines import actions_before, add_variation, game_lines, hand_lines, item_path
from notation.model.seats import Team
from notation.model.tiles import Tile
from notation.views.steps import hand_steps
from replay.interactive import frames_of
from replay.moving import (
    against_record,
    choice_at,
    lines_of,
)

ANNOTATED = Path(__file__).parents[2] / "samples" / "annotated.t42"
GAME = loads(ANNOTATED.read_text(encoding="utf-8"))[0]


def _places() -> list[tuple[int, int]]:
    """(line, step) of every step with a call, trump call or play, in every line."""
    out = []
    report = check_game(GAME)
    for n, line in enumerate(game_lines(GAME)):
        steps = hand_steps(line.hand, report.hands[0], None)
        out += [(n, i) for i, s in enumerate(steps) if s.place is not None]
    return out


@pytest.mark.parametrize(("line_number", "step_number"), _places())
def test_item_path_names_the_item_of_each_step_of_each_line(
    line_number: int, step_number: int
) -> None:
    line = game_lines(GAME)[line_number]
    step = hand_steps(line.hand, check_game(GAME).hands[0], None)[step_number]
    assert step.place is not None
    at = item_path(line, step.place)
    # A variation written at that path replaces this step's item of this line: the line it
    # makes plays this line's hand up to the item, and branches at the item's place from
    # the line that holds the item (this one, or one it branches from).
    tried = Variation(plays=(Play(Tile(0, 0)),))
    written = step.variations
    after = [x for x in hand_lines(_with(at, tried).hands[0]) if x.at == at]
    assert len(after) == written + 1
    new = after[-1]
    assert new.path == f"{at}/variations/{written}"
    assert new.place == step.place
    assert new.parent is not None
    assert line.path.startswith(new.parent.path)
    k = actions_before(line.hand, step.place)
    assert record_actions(new.hand)[:k] == record_actions(line.hand)[:k]


def _with(at: str, variation: Variation) -> Game:
    return add_variation(GAME, at, variation)


def test_the_choice_at_a_play_is_every_other_legal_tile() -> None:
    main = hand_lines(GAME.hands[0])[0]
    report = check_game(GAME)
    step = next(s for s in hand_steps(main.hand, report.hands[0], None)
                if s.text == "E plays 5-5??")
    assert step.place is not None
    choice = choice_at(main, step.place, report.rules)
    assert choice.made == Tile(5, 5)
    assert choice.others == (Tile(4, 4), Tile(3, 3), Tile(2, 2))
    assert choice.at == "/hands/0/tricks/3/plays/3"
    assert choice.position.turn is not None
    assert str(choice.position.turn) == "E"


def test_against_the_record_says_what_changes() -> None:
    games = [(1, GAME, check_game(GAME))]
    main = frames_of(games)
    end = main[-1]
    assert against_record({Team.NS: 25, Team.EW: 17}, end) == (
        "NS 25 instead of 35, EW 17 instead of 7")
    assert against_record({Team.NS: 35, Team.EW: 7}, end) == (
        "the same points as the record: NS 35 · EW 7")
    lines = lines_of(games, main)[1]
    nested = lines["/hands/0/tricks/3/plays/3/variations/0/tricks/0/plays/3/variations/0"]
    words = against_record({Team.NS: 30, Team.EW: 12}, nested.frames[-1])
    assert words.startswith("the record stops before the hand's end")
