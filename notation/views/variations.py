"""Stepping into a variation and back: the frames of each variation of a game.

The main line's frames come from :func:`notation.views.navigation.game_frames`; each
variation (docs/notation.md, Annotations and variations) is a line of its own
(:class:`notation.model.lines.Line`): its hand's steps as the line plays it, the steps
before it branches the same as its parent's. A frame whose call, trump call or play has
variations names them (:attr:`Frame.branches`); :func:`enter` steps into one at the step
it replaces, :func:`leave` steps back to where it branched. Each variation is checked as
the validator checks it: its findings are its own (those the game's report marks with its
path), and nothing of it changes the main line's score or marks.

>>> from notation.formats.text import loads
>>> from notation.check.validate import check_game
>>> game = loads((SAMPLES / "annotated.t42").read_text(encoding="utf-8"))[0]
>>> report = check_game(game)
>>> from notation.views.navigation import game_frames
>>> main = game_frames(game, report)
>>> lines = variation_frames(game, report, main)
>>> at = next(i for i, f in enumerate(main) if f.branches)
>>> spot = enter(lines, main, Spot("", at))
>>> inside = lines[spot.line].frames[spot.at]
>>> inside.line == spot.line, inside.step.index == main[at].step.index
(True, True)
>>> leave(lines, main, spot) == Spot("", at)
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from notation.check.game import check_hand
from notation.check.validate import GameReport
from notation.model.findings import Finding
from notation.model.game import Game
from notation.model.lines import Line, hand_lines, has_variations
from notation.model.seats import SEATS, Seat
from notation.model.tiles import TRICKS_IN_A_HAND
from notation.views.navigation import Frame, branches_at, is_points_game
from notation.views.steps import Step, StepKind, hand_steps

__all__ = [
    "LineFrames", "Spot", "enter", "leave", "variation_frames", "variation_words",
]


@dataclass(frozen=True)
class LineFrames:
    """A variation as the replay shows it: ``frames`` is its hand, step by step, as the line
    plays it; ``branch`` the index in ``frames`` of its first own step (the step before it
    is its parent's too)."""

    line: Line
    frames: tuple[Frame, ...]
    branch: int

    @property
    def path(self) -> str:
        return self.line.path

    @property
    def parent(self) -> str:
        """The path of the line it branches from (``""``: the main line)."""
        return "" if self.line.parent is None else self.line.parent.path


@dataclass(frozen=True)
class Spot:
    """Where a reader is: a line (``""`` the main line, else a variation's path) and the
    index of the frame in it (in the main line: in the replay's frames)."""

    line: str
    at: int


def variation_frames(
    game: Game, report: GameReport, main: Sequence[Frame], number: int = 1
) -> dict[str, LineFrames]:
    """Every variation of ``game`` (its number in its file is ``number``; ``main`` its main
    line's frames from :func:`notation.views.navigation.game_frames`), keyed by path; empty
    when it has none."""
    out: dict[str, LineFrames] = {}
    if not any(has_variations(h) for h in game.hands):
        return out
    names = {s: game.seat_name(s) for s in SEATS}
    points_game = is_points_game(game, report.rules)
    findings = (*report.findings, *(f for h in report.hands for f in h.findings))
    for index, hand in enumerate(game.hands):
        if not has_variations(hand):
            continue
        lines = hand_lines(hand, index)
        before = next(f.step.marks_before for f in main
                      if f.game == number and f.step.hand == hand.number)
        for line in lines[1:]:
            own = _own_findings(findings, line.path)
            checked = replace(check_hand(line.hand, report.rules, last=True), findings=own)
            steps = hand_steps(line.hand, checked, before)
            if not checked.thrown_in and _open_ended(line, steps):
                steps = steps[:-1]  # no score: the line stops where its writer stopped
            reneges = frozenset(
                (f.trick, f.seat) for f in own
                if f.code == "renege" and f.trick is not None and isinstance(f.seat, Seat)
            )
            frames = [Frame(number, s, names, reneges, points_game, line=line.path)
                      for s in steps]
            children = [c for c in lines if c.parent is line]
            frames = branches_at(frames, children)
            branch = next(i for i, f in enumerate(frames) if f.step.place == line.place)
            variation = line.variation
            if variation is not None and variation.comments:
                first = frames[branch]
                said = tuple(c.text for c in variation.comments)
                frames[branch] = replace(
                    first, step=replace(first.step, comments=said + first.step.comments)
                )
            out[line.path] = LineFrames(line, tuple(frames), branch)
    return out


def _open_ended(line: Line, steps: Sequence[Step]) -> bool:
    """Whether the line stops before its hand is over, with no ending or score of its own."""
    variation = line.variation
    if variation is None or variation.ending is not None or variation.scores:
        return False
    return sum(1 for s in steps if s.kind is StepKind.TRICK) < TRICKS_IN_A_HAND


def _own_findings(findings: Sequence[Finding], path: str) -> tuple[Finding, ...]:
    seen: list[Finding] = []
    for f in findings:
        if f.variation == path and f not in seen:
            seen.append(f)
    return tuple(seen)


def enter(lines: Mapping[str, LineFrames], main: Sequence[Frame], spot: Spot,
          which: int = 0) -> Spot:
    """Into the ``which``-th variation written after the item at ``spot`` (its first own
    step); ``spot`` itself when there is none. ``main`` is the main line's frames."""
    frame = lines[spot.line].frames[spot.at] if spot.line else main[spot.at]
    if not frame.branches:
        return spot
    path = frame.branches[min(which, len(frame.branches) - 1)]
    return Spot(path, lines[path].branch)


def leave(lines: Mapping[str, LineFrames], main: Sequence[Frame], spot: Spot) -> Spot:
    """Back out of the variation at ``spot`` to the step of its parent line where it
    branches; ``spot`` itself on the main line. ``main`` is the main line's frames."""
    if not spot.line:
        return spot
    here = lines[spot.line]
    step_index = here.frames[here.branch].step.index
    frames = lines[here.parent].frames if here.parent else main
    key = here.frames[0].hand_key
    return Spot(here.parent, next(i for i, f in enumerate(frames)
                                  if f.hand_key == key and f.step.index == step_index))


def variation_words(
    lines: Mapping[str, LineFrames], main: Sequence[Frame], path: str
) -> str:
    """Where the variation at ``path`` is, in words: the call, trump call or play it replaces
    (``variation 1 of E's 5-5 in trick 4``), after its parents' words for a nested one.
    ``lines`` are the game's variations (:func:`notation.views.variations.variation_frames`)
    and ``main`` its main line's frames."""
    words: list[str] = []
    while path:
        here = lines[path]
        parent = leave(lines, main, Spot(path, here.branch))
        replaced = (lines[parent.line].frames if parent.line else main)[parent.at].step
        number = int(path.rsplit("/", 1)[1]) + 1
        words.append(f"variation {number} of {_replaced_words(replaced)}")
        path = parent.line
    return ", then ".join(reversed(words))


def _replaced_words(step: Step) -> str:
    """The call, trump call or play of ``step``, as a variation of it names it."""
    place = step.place
    kind = place.kind if place is not None else ""
    if kind == "play" and step.trick is not None and step.trick.plays:
        seat, tile = step.trick.plays[-1]
        return f"{seat}'s {tile} in trick {step.trick.number}"
    if kind == "call" and step.auction:
        seat, bid = step.auction[-1]
        return f"{seat}'s {bid} in the auction"
    if kind == "trump" and step.trump is not None:
        return f"{step.actor}'s trump, {step.trump}"
    return step.text
