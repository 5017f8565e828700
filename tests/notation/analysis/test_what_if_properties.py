"""What if, on random legal hands (notation.rules.dealing.random_game): every other legal
action at a random moment, finished by best play, is a line the validator passes, whose
points are the hand's, and which best play from the branch cannot better for the side that
chose it.

Hypothesis draws a seed; the hand and the moment are a pure function of it. Under CI the
profile draws the same seeds on every run (tests/conftest.py).
"""

from __future__ import annotations

import os
import random

from hypothesis import given, note, settings
from hypothesis import strategies as st

from notation.analysis.what_if import play_on, what_if
from notation.check.actions import Phase
from notation.check.position import Position
from notation.check.validate import check_game
from notation.formats.text import dumps, loads
from notation.model.game import Game
from notation.model.lines import add_variation
from notation.model.rule_sets import RuleSet
from notation.model.seats import Team
from notation.rules.dealing import random_game
from notation.rules.scoring import needs_every_trick

SCALE = max(1, int(os.environ.get("T42_PROPERTY_SCALE", "1")))
seeds = st.integers(min_value=0, max_value=2**32 - 1)


def _moment(seed: int) -> tuple[Game, Position, str] | None:
    """A random hand of a random game and a moment of its play with a choice, and the path
    of the play made there; None when the hand has no contract the solver plays."""
    rng = random.Random(seed)
    game = random_game(rng, RuleSet())
    index = rng.randrange(len(game.hands))
    hand = game.hands[index]
    if not hand.tricks or hand.trump is None:
        return None
    calls = len(hand.auction.calls) if hand.auction is not None else 0
    played = sum(len(t.plays) for t in hand.tricks)
    k = rng.randrange(played)
    position = Position.from_record(game, hand.number, step=calls + 1 + k)
    trick, play = divmod(k, len(hand.tricks[0].plays))
    return game, position, f"/hands/{index}/tricks/{trick}/plays/{play}"


@settings(max_examples=25 * SCALE, deadline=None)
@given(seeds)
def test_every_other_tile_finished_by_best_play_validates_and_scores_the_hand(seed: int) -> None:
    drawn = _moment(seed)
    if drawn is None:
        return
    game, position, at = drawn
    note(f"{at}\n{dumps(game)}")
    assert position.phase is Phase.PLAY
    seat = position.turn
    assert seat is not None
    clean = check_game(game).findings
    best = None
    for tile in position.legal_plays():
        branch = what_if(position, tile)
        assert branch.over
        total = branch.points[Team.NS] + branch.points[Team.EW]
        assert total == 42 or position.sitting_out is not None
        annotated = add_variation(game, at, branch.variation)
        assert check_game(loads(dumps(annotated))[0]).findings == clean
        mine = branch.points[seat.team]
        best = mine if best is None else max(best, mine)
    # best play from the position is at least as good for the seat as any tile it could play
    line = position.copy()
    for action in play_on(position):
        line.push(action)
    contract = position.contract
    assert contract is not None
    if contract.sitting_out is None and not needs_every_trick(contract.bid):
        assert line.points[seat.team] == best


def test_the_property_draws_moments_to_judge() -> None:
    """Most seeds give a hand in play (so that the property cannot pass empty)."""
    assert sum(_moment(seed) is not None for seed in range(20)) >= 15
