"""Moving through a replay: the frames of the games shown and where each key goes.

A :class:`Frame` is one step of one hand of one game, with what the view needs besides the
step itself: who sits where and which plays of the hand are reneges. The moves are pure
functions from the frames and the current position to the new position, so the interactive
view only maps keys to them.

>>> from notation.formats.text.reader import read_games
>>> from notation.check.validate import check_game
>>> sample = SAMPLES / "renege.t42"
>>> game = next(read_games(sample.read_text())).game
>>> frames = game_frames(game, check_game(game))
>>> here = trick(frames, 0, 3)
>>> frames[here].step.text
'N wins trick 3 for 6 points'
>>> frames[previous_play(frames, here)].step.text
'W plays 2-2'
>>> frames[next_hand(frames, here)].step.text
'hand 2: E deals (the deal is not recorded)'
>>> frames[0].reneges
frozenset({(3, <Seat.W: 'W'>)})
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import ClassVar

from notation.check.position import Position
from notation.check.validate import GameReport, check_game
from notation.model.game import Game, Tag
from notation.model.lines import Line, hand_lines, has_variations
from notation.model.rule_sets import RuleSet
from notation.model.seats import SEATS, Seat, Team
from notation.rules.scoring import game_winner, scores_marks
from notation.views.steps import Step, StepKind, game_steps


@dataclass(frozen=True)
class Frame:
    """One step of a replay, with the game it belongs to.

    ``game`` is the game's number in its file (1, 2 …); ``names`` the players' names as
    written (record text, to be shown inert); ``reneges`` the (trick, seat) of every play of
    this hand that the engine proved a renege. ``points_game`` is True when the game is
    played for points, so that the step's running "marks" are the running points.
    """

    game: int
    step: Step
    names: Mapping[Seat, str] = field(default_factory=dict)
    reneges: frozenset[tuple[int, Seat]] = frozenset()
    points_game: bool = False
    won: str | None = None  # on the step that wins the game: "NS win 7–4"
    line: str = ""  # the line the step is in: "" the main line, else a variation's path
    branches: tuple[str, ...] = ()  # the variations written after this step's item

    @property
    def hand_key(self) -> tuple[int, int]:
        """The game and hand this frame belongs to."""
        return (self.game, self.step.hand)

    # What Jupyter shows for a frame: the table at this step, as SVG. notation.views.svg,
    # which draws it (and imports this module), gives frames the drawing when it loads.
    _repr_svg_: ClassVar[Callable[[Frame], str]]


def game_frames(game: Game, report: GameReport, number: int = 1) -> list[Frame]:
    """Every step of ``game`` (its number in its file is ``number``) as frames, in order."""
    names = {s: game.seat_name(s) for s in SEATS}
    steps = list(game_steps(game, report))
    reneges: dict[int, set[tuple[int, Seat]]] = {}
    for step in steps:
        for f in step.findings:
            if f.code == "renege" and f.trick is not None and f.seat is not None:
                reneges.setdefault(step.hand, set()).add((f.trick, f.seat))
    points_game = is_points_game(game, report.rules)
    frames = [
        Frame(number, step, names, frozenset(reneges.get(step.hand, ())), points_game)
        for step in steps
    ]
    if any(has_variations(h) for h in game.hands):
        starts = [i for i, s in enumerate(steps) if s.index == 1] + [len(steps)]
        for index, hand in enumerate(game.hands):
            start, end = starts[index], starts[index + 1]
            children = hand_lines(hand, index)[1:]
            children = [c for c in children if c.parent is not None and c.parent.is_main]
            frames[start:end] = branches_at(frames[start:end], children)
    won = game_won(game, steps, report.rules)
    if won is not None:
        at, words = won
        frames[at] = replace(frames[at], won=words)
    return frames


def branches_at(frames: Sequence[Frame], children: Sequence[Line]) -> list[Frame]:
    """``frames`` (one hand of one line), each naming the variations of ``children`` that
    branch at its call, trump call or play."""
    out = list(frames)
    if not children:
        return out
    for i, frame in enumerate(out):
        paths = tuple(c.path for c in children if c.place == frame.step.place)
        if paths:
            out[i] = replace(frame, branches=paths)
    return out



def position_frame(position: Position, names: Mapping[Seat, str] | None = None) -> Frame:
    """The frame of a position of play (:class:`notation.check.position.Position`), at any
    moment, mid-trick included: the last step of its hand so far, with the findings the
    validator makes of it there; ``names`` the players' names (none by default).

    >>> from notation.check.position import Position
    >>> from notation.formats.text import loads
    >>> game = loads((SAMPLES / "full-game.t42").read_text(encoding="utf-8"))[0]
    >>> frame = position_frame(Position.from_record(game, 1, step=7))
    >>> frame.step.text, [f"{s} {t}" for s, t in frame.step.trick.plays]
    ('W plays 6-1 (trumps)', ['S 6-6', 'W 6-1'])
    """
    tags = tuple(Tag(seat.name_word, (names or {}).get(seat, "?")) for seat in SEATS)
    game = Game(tags, (position.hand,))
    report = check_game(game, position.rules, judged=())
    # The steps end with the hand's score, which a position has not reached.
    frames = game_frames(game, report)
    return [f for f in frames if f.step.kind is not StepKind.SCORE][-1]


def game_won(
    game: Game, steps: Sequence[Step], rules: RuleSet | None = None
) -> tuple[int, str] | None:
    """The step of ``steps`` (a game's, in order) whose score wins the game, and who won by
    how much: ``NS win 7–4`` (:func:`notation.rules.scoring.game_winner` decides, under ``rules``:
    those the game was checked under, :attr:`GameReport.rules`); None while nobody has won.

    >>> from notation.formats.text.reader import read_games
    >>> from notation.check.validate import check_game
    >>> game = next(read_games((SAMPLES / "full-game.t42").read_text())).game
    >>> steps = list(game_steps(game, check_game(game)))
    >>> at, words = game_won(game, steps)
    >>> words, at == len(steps) - 1
    ('NS win 7–3', True)
    """
    rules = rules or game.rules
    for at, step in enumerate(steps):
        running = step.marks_after
        if step.kind is not StepKind.SCORE or running is None:
            continue
        bidders = None if step.contract is None else step.contract.declarer.team
        team = game_winner(running[Team.NS], running[Team.EW], rules, bidders)
        if team is not None:
            return at, f"{team} win {running[team]}–{running[team.opponents]}"
    return None


def is_points_game(game: Game, rules: RuleSet | None = None) -> bool:
    """True when the game is played for points (to 250) rather than marks.

    The rules layer says (:func:`notation.rules.scoring.scores_marks`). The engine keeps
    the points game's running score where it keeps the marks, so the steps' running "marks"
    are then points.
    """
    return not scores_marks(rules or game.rules)


def _last(frames: Sequence[Frame]) -> int:
    return max(0, len(frames) - 1)


def next_play(frames: Sequence[Frame], at: int) -> int:
    """One step on: the next bid, play, trick taken or score."""
    return min(at + 1, _last(frames))


def previous_play(frames: Sequence[Frame], at: int) -> int:
    """One step back."""
    return max(at - 1, 0)


def _is_trick_end(frame: Frame) -> bool:
    return frame.step.kind is StepKind.TRICK


def next_trick(frames: Sequence[Frame], at: int) -> int:
    """The next trick taken (all four tiles on the table), or the last step if none is left."""
    for i in range(at + 1, len(frames)):
        if _is_trick_end(frames[i]):
            return i
    return _last(frames)


def previous_trick(frames: Sequence[Frame], at: int) -> int:
    """The trick taken before this step, or the first step if none came before."""
    for i in range(at - 1, -1, -1):
        if _is_trick_end(frames[i]):
            return i
    return 0


def hand_start(frames: Sequence[Frame], at: int) -> int:
    """The first step (the deal) of the hand ``at`` is in."""
    i = at
    while i > 0 and frames[i - 1].hand_key == frames[at].hand_key:
        i -= 1
    return i


def next_hand(frames: Sequence[Frame], at: int) -> int:
    """The deal of the next hand, or the last step of the last hand."""
    for i in range(at + 1, len(frames)):
        if frames[i].hand_key != frames[at].hand_key:
            return i
    return _last(frames)


def previous_hand(frames: Sequence[Frame], at: int) -> int:
    """The deal of the hand before this one, or of this hand if it is the first."""
    start = hand_start(frames, at)
    return hand_start(frames, start - 1) if start > 0 else 0


def first(frames: Sequence[Frame], at: int) -> int:
    """The first step of the replay."""
    return 0


def last(frames: Sequence[Frame], at: int) -> int:
    """The last step of the replay."""
    return _last(frames)


def trick(frames: Sequence[Frame], at: int, number: int) -> int | None:
    """Trick ``number`` of this hand, once taken; None if the hand has no such trick."""
    start = hand_start(frames, at)
    key = frames[at].hand_key
    for i in range(start, len(frames)):
        frame = frames[i]
        if frame.hand_key != key:
            break
        if _is_trick_end(frame) and frame.step.trick and frame.step.trick.number == number:
            return i
    return None
