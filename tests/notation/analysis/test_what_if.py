"""What if another tile had been played (notation/analysis/what_if.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from notation.analysis.what_if import WhatIfError, best_action, play_on, what_if
from notation.check.actions import IllegalAction, Phase
from notation.check.position import Position
from notation.check.validate import check_game
from notation.formats.text import dumps, loads
from notation.model.bids import Bid
from notation.model.contracts import Trump
from notation.model.game import Game
from notation.model.lines import add_variation, game_lines
from notation.model.seats import Seat, Team
from notation.model.tiles import Tile

SAMPLES = Path(__file__).parents[3] / "samples"


def _game() -> Game:
    return loads((SAMPLES / "full-game.t42").read_text(encoding="utf-8"))[0]


@pytest.mark.parametrize("step", [5, 6, 8, 14, 30])
def test_every_other_tile_written_as_a_variation_validates_clean(step: int) -> None:
    game = _game()
    before = Position.from_record(game, 1, step=step)
    recorded = Position.from_record(game, 1, step=step + 1).played()[-1]
    trick, play = divmod(len(before.played()), 4)
    at = f"/hands/0/tricks/{trick}/plays/{play}"
    for tile in before.legal_plays():
        if tile == recorded:
            continue
        branch = what_if(before, tile)
        assert branch.over
        assert branch.variation.plays[0].tile == tile
        annotated = add_variation(game, at, branch.variation)
        again = loads(dumps(annotated))[0]
        report = check_game(again)
        assert report.findings == check_game(game).findings, dumps(annotated)
        # the variation's line ends with the points best play gives
        line = game_lines(again)[1]  # the first hand's main line, then its variation
        assert line.hand.scores[0].ns == branch.points[Team.NS]
        assert branch.points[Team.NS] + branch.points[Team.EW] == 42


def test_best_play_is_the_same_every_time_and_is_what_play_on_starts_with() -> None:
    before = Position.from_record(_game(), 1, step=9)
    line = play_on(before)
    assert line == play_on(before)
    assert line[0] == best_action(before)
    assert len(line) == 28 - len(before.played())
    assert before.played() == Position.from_record(_game(), 1, step=9).played()  # unchanged


def test_until_the_trick_stops_when_the_trick_is_taken() -> None:
    before = Position.from_record(_game(), 1, step=6)  # W to play second to trick 1
    assert len(play_on(before, until="trick")) == 3
    branch = what_if(before, Tile(6, 1), until="trick")
    assert len(branch.actions) == 3
    assert not branch.over
    assert branch.variation.scores == ()
    assert branch.variation.tricks == ()


def test_an_illegal_tile_is_refused_in_the_rules_words() -> None:
    before = Position.from_record(_game(), 1, step=6)  # W holds 6-1: must follow trumps
    with pytest.raises(IllegalAction, match="follow"):
        what_if(before, Tile(5, 3))


def test_a_position_best_play_cannot_start_from_says_why() -> None:
    game = _game()
    with pytest.raises(WhatIfError, match="trump"):
        play_on(Position.from_record(game, 1, step=2))  # in the bidding
    no_deal = loads('[Event "x"]\nhand 1 dealer N\nbid E pass S 30 W pass N pass\n'
                    "trump sixes\n1 S 6-6 6-1\n")[0]
    with pytest.raises(WhatIfError, match="deal"):
        play_on(Position.from_record(no_deal, 1, step=7))


def test_another_call_wins_the_auction_and_the_declarer_names_the_best_trump() -> None:
    game = _game()
    before = Position.from_record(game, 1, step=2)  # E passed, S bid 30: W to bid
    branch = what_if(before, Bid.points(31))
    assert branch.over
    assert [str(c.bid) for c in branch.variation.calls] == ["31", "pass"]  # N, the last to bid
    trump = branch.variation.trump
    assert trump is not None
    assert trump.seat is Seat.W
    assert branch.words.startswith(f"with W's 31 (the others passing, W naming {trump.trump})")
    annotated = add_variation(game, "/hands/0/auction/calls/2", branch.variation)
    assert check_game(loads(dumps(annotated))[0]).findings == ()
    # no other trump does better for the bidders with best play
    named = Position.of_hand(game_lines(annotated)[1].hand, step=4)  # in the variation
    assert named.phase is Phase.TRUMP
    for other in named.legal_trumps():
        tried = what_if(named, other)
        assert (bool(tried.made), tried.points[Team.EW]) <= (bool(branch.made),
                                                             branch.points[Team.EW])


def test_another_trump_is_played_out_and_validates_clean() -> None:
    game = _game()
    before = Position.from_record(game, 1, step=4)  # S to name trump
    branch = what_if(before, Trump.pip(2))
    assert branch.words == "with S naming deuces, best play gives NS 36, EW 6: S's 30 is made"
    annotated = add_variation(game, "/hands/0/trump", branch.variation)
    assert check_game(loads(dumps(annotated))[0]).findings == ()
