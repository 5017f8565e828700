"""The analysis of one hand is asked for one way: ``audit_hand``, ``analyse_hand`` and
``review_hand`` each take the game, the hand, the rules and the game's number, as the
functions of a whole game take the game, the rules and its number; the check of the hand is
made when it is not given."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import notation

SAMPLES = Path(__file__).parents[3] / "samples"
GAME = notation.loads((SAMPLES / "renege.t42").read_text(encoding="utf-8"))[0]
HAND = GAME.hands[1]


def _review(*args: Any, **options: Any) -> Any:
    return notation.review_hand(*args, samples=2, bids=False, **options)


ANALYSES: dict[str, Callable[..., Any]] = {
    "audit_hand": notation.audit_hand,
    "analyse_hand": notation.analyse_hand,
    "review_hand": _review,
}


@pytest.mark.parametrize("name", ANALYSES)
def test_a_hand_is_analysed_from_the_game_and_the_hand_alone(name: str) -> None:
    analysis = ANALYSES[name]
    report = notation.check_game(GAME, GAME.rules, 1).hands[1]
    made = analysis(GAME, HAND)
    assert made == analysis(GAME, HAND, GAME.rules, 1, report=report)
    assert made.hand == 2


@pytest.mark.parametrize("name", ANALYSES)
def test_the_old_order_is_refused_in_words(name: str) -> None:
    report = notation.check_game(GAME).hands[1]
    with pytest.raises(TypeError, match=rf"{name} takes the game, then the hand"):
        ANALYSES[name](HAND, report, GAME)


def test_a_hand_of_another_game_is_refused() -> None:
    other = notation.loads((SAMPLES / "full-game.t42").read_text(encoding="utf-8"))[0]
    with pytest.raises(ValueError, match="not a hand of this game"):
        notation.audit_hand(GAME, other.hands[3])
