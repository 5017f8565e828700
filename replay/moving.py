"""Moving through a replay with its variations: pure functions the interactive view maps its
keys to.

The reader is at a :class:`~notation.views.variations.Spot`: on the main line (the replay's
frames, every game's, from :func:`replay.interactive.frames_of`) or in a variation (its
frames, from :func:`notation.views.variations.variation_frames`). Inside a variation the moves
keep to its line, from its first own step; :func:`notation.views.variations.leave` backs out.

>>> from notation.formats.text import loads
>>> from notation.check.validate import check_game
>>> from replay.interactive import frames_of
>>> game = loads((SAMPLES / "annotated.t42").read_text(encoding="utf-8"))[0]
>>> games = [(1, game, check_game(game))]
>>> main = frames_of(games)
>>> lines = lines_of(games, main)[1]
>>> at = next(i for i, f in enumerate(main) if f.step.text == "E plays 5-5??")
>>> inside = enter_next(lines, main, Spot("", at))
>>> frame_at(lines, main, inside).step.text
'E plays 2-2!'
>>> frame_at(lines, main, move_in_line(lines, main, inside, navigation.previous_play)).step.text
'E plays 2-2!'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from notation.check.actions import Action, Lead, record_actions
from notation.check.position import Position
from notation.check.validate import GameReport
from notation.model.bids import Bid
from notation.model.contracts import PIP_NAMES
from notation.model.game import Game
from notation.model.lines import ItemPlace, Line, actions_before, add_variation, item_path
from notation.model.rule_sets import RuleSet
from notation.model.seats import Team
from notation.views import navigation
from notation.views.navigation import Frame
from notation.views.steps import StepKind, teams_words
from notation.views.variations import LineFrames, Spot, enter, leave, variation_frames

if TYPE_CHECKING:
    from notation.analysis.what_if import WhatIf

Move = Callable[[Sequence[Frame], int], int]
Lines = Mapping[str, LineFrames]


def lines_of(games: Sequence[tuple[int, Game, GameReport]], frames: Sequence[Frame]
             ) -> dict[int, dict[str, LineFrames]]:
    """The variations of every game given (as :func:`frames_of` takes them), by the game's
    number, each by its path; ``frames`` are the games' frames from :func:`frames_of`."""
    return {number: variation_frames(game, report, frames, number)
            for number, game, report in games}


def frames_at(lines: Lines, main: Sequence[Frame], spot: Spot) -> Sequence[Frame]:
    """The frames of the line the reader is in."""
    return lines[spot.line].frames if spot.line else main


def frame_at(lines: Lines, main: Sequence[Frame], spot: Spot) -> Frame:
    """The step the reader is at."""
    return frames_at(lines, main, spot)[spot.at]


def move_in_line(lines: Lines, main: Sequence[Frame], spot: Spot, move: Move) -> Spot:
    """Where ``move`` (a move of :mod:`notation.views.navigation`) goes within the reader's
    line: inside a variation, no further back than its first own step (back out with
    :func:`leave`)."""
    frames = frames_at(lines, main, spot)
    at = move(frames, spot.at)
    if spot.line:
        at = max(at, lines[spot.line].branch)
    return Spot(spot.line, at)


def trick_in_line(lines: Lines, main: Sequence[Frame], spot: Spot, number: int) -> Spot | None:
    """Trick ``number`` of the reader's hand as its line plays it, once taken; None when the
    line has no such trick of its own."""
    at = navigation.trick(frames_at(lines, main, spot), spot.at, number)
    if at is None or (spot.line and at < lines[spot.line].branch):
        return None
    return Spot(spot.line, at)


def enter_next(lines: Lines, main: Sequence[Frame], spot: Spot) -> Spot:
    """Into the first variation written at the reader's step; at a variation's first step,
    when the step it branches from has others, into the next of them (after the last, the
    first again). ``spot`` itself when there is none to enter."""
    if spot.line and spot.at == lines[spot.line].branch:
        parent = leave(lines, main, spot)
        siblings = frame_at(lines, main, parent).branches
        if len(siblings) > 1:
            which = (siblings.index(spot.line) + 1) % len(siblings)
            return enter(lines, main, parent, which)
    return enter(lines, main, spot)


def depth_of(lines: Lines, spot: Spot) -> int:
    """0 on the main line, 1 in one of its variations, 2 in one of theirs …"""
    return lines[spot.line].line.depth if spot.line else 0


# ---- what if: another call, trump call or play at a step ----


@dataclass(frozen=True)
class Choice:
    """What the reader may try at a step instead of what was made there: the position
    before it, what was made, the legal others, and where a variation of it is written."""

    position: Position
    made: Action
    others: tuple[Action, ...]
    at: str  # the path of the item (see item_path)


def choice_at(line: Line, place: ItemPlace, rules: RuleSet) -> Choice:
    """The choice at the item at ``place`` of ``line``: the position before it (under
    ``rules``), the action made there, the other legal actions (in the position's order)."""
    hand = line.hand
    k = actions_before(hand, place)
    made = record_actions(hand)[k]
    position = Position.of_hand(hand, rules, step=k)
    others = tuple(a for a in position.legal_actions() if a != made)
    return Choice(position, made, others, item_path(line, place))


def action_words(action: Action) -> str:
    """An action as the reader picks it: ``2-2``, ``5-3 led as treys``, ``30``, ``pass``,
    ``sixes``."""
    if isinstance(action, Lead):
        return f"{action.tile} led as {PIP_NAMES[action.suit]}"
    if isinstance(action, Bid) and action.is_pass:
        return "pass"
    return str(action)


def against_record(points: Mapping[Team, int], recorded: Frame) -> str:
    """The points of a what-if line against the record's line, whose last step is
    ``recorded``: ``NS 34 instead of 35, EW 8 instead of 7``."""
    was = recorded.step.points
    over = recorded.step.kind in (StepKind.SCORE, StepKind.END)
    if not over:
        return (f"the record stops before the hand's end, at {teams_words(was)} points; "
                f"this line: {teams_words(points)}")
    if all(points[t] == was[t] for t in Team):
        return f"the same points as the record: {teams_words(points)}"
    return ", ".join(f"{t} {points[t]} instead of {was[t]}" for t in Team)


@dataclass(frozen=True)
class Tried:
    """A what-if line written into the game as a variation: the game with it, its path,
    and what best play made of it (:class:`notation.analysis.what_if.WhatIf`)."""

    game: Game
    path: str
    result: WhatIf


def try_choice(game: Game, choice: Choice, action: Action, written: int) -> Tried:
    """``action`` tried at ``choice`` and finished by best play, written into ``game`` after
    the ``written`` variations its item has already.

    Raises :class:`notation.analysis.what_if.WhatIfError` (the deal not known, a contract
    best play is not worked out for) and :class:`notation.errors.T42Error` for an action
    the rules refuse.
    """
    from notation.analysis.what_if import what_if  # the solver loads only when asked

    result = what_if(choice.position, action)
    tried = add_variation(game, choice.at, result.variation)
    return Tried(tried, f"{choice.at}/variations/{written}", result)
