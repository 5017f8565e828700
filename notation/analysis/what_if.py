"""What if another tile had been played: the hand finished by best play from any position.

:func:`play_on` plays a position (:class:`notation.check.position.Position`) on to the end of
the trick or of the hand by best play, every seat seeing every tile (the exact solver, as
``t42 audit`` judges); :func:`what_if` plays another tile there first. The line comes back as
a :class:`~notation.model.game.Variation` ready to be written into the record
(:func:`notation.model.lines.add_variation`), with its score line, so the validator checks
it as any variation.

Best play is the audit's (:class:`notation.analysis.audit.Judge`): each seat plays for its
side's points, or, in a contract that must take (or lose) every trick, for the make or the
set first. Among plays that do equally well, the lowest tile in the order of the
notation's tile list is chosen, so the same position always gives the same line.

>>> from notation.formats.text import loads
>>> from notation.check.position import Position
>>> from notation.model.tiles import Tile
>>> game = loads((SAMPLES / "full-game.t42").read_text(encoding="utf-8"))[0]
>>> before = Position.from_record(game, 1, step=5)   # S is to lead to the first trick
>>> [str(t) for t in before.legal_plays()]
['6-6', '6-4', '6-2', '6-0', '4-3', '4-1', '1-1']
>>> branch = what_if(before, Tile(1, 1))
>>> branch.words
"with S's 1-1, best play gives NS 29, EW 13: S's 30 is set"
>>> [str(p.tile) for p in branch.variation.plays], len(branch.variation.tricks)
(['1-1', '5-1', '2-1', '6-3'], 6)
>>> [str(t) for t in play_on(before, until="trick")]
['6-6', '6-1', '6-5', '6-3']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

from notation.analysis.audit import Judge
from notation.check.actions import Lead, Phase
from notation.check.board import follow_play
from notation.check.game import check_hand
from notation.check.position import Position
from notation.errors import T42Error
from notation.model.game import Hand, Play, ScoreKind, ScoreLine, Trick, Variation
from notation.model.seats import SEATS, Seat, Team
from notation.model.tiles import ALL_TILES, Tile
from notation.solver.masks import AS_SMALL_END, TILE_INDEX, bits_of, tile_of
from notation.solver.solver import ContractTables
from notation.solver.solver import Position as Board

__all__ = ["WhatIf", "WhatIfError", "as_variation", "best_action", "play_on", "what_if"]


class WhatIfError(T42Error, ValueError):
    """A position best play cannot be worked out from: not in the play, the deal not known,
    or a contract the solver does not play."""


@dataclass(frozen=True)
class WhatIf:
    """Another line of play from ``position``: ``actions`` (the tile tried, then best play),
    the hand as that line plays it, and its result."""

    position: Position
    actions: tuple[Tile | Lead, ...]
    hand: Hand
    points: dict[Team, int]
    made: bool | None
    over: bool  # the line reaches the end of the hand

    @cached_property
    def variation(self) -> Variation:
        """The line as a variation written after the play it replaces: the rest of that
        trick, the tricks after it, and the points (when it reaches the hand's end)."""
        return as_variation(self.position, self.actions, self.points if self.over else None)

    @property
    def words(self) -> str:
        """The line's result in words."""
        seat = self.position.turn
        first = self.actions[0]
        tile = first.tile if isinstance(first, Lead) else first
        points = f"NS {self.points[Team.NS]}, EW {self.points[Team.EW]}"
        contract = self.position.contract
        result = ""
        if contract is not None and self.made is not None:
            result = f": {contract.declarer}'s {contract.bid} is {'made' if self.made else 'set'}"
        how = "best play gives" if self.over else "to the end of the trick,"
        return f"with {seat}'s {tile}, {how} {points}{result}"


def _board(position: Position) -> tuple[Judge, ContractTables, Board]:
    """The position on the solver's board, and the audit's judge of it."""
    if position.phase is not Phase.PLAY:
        raise WhatIfError(
            "best play starts once trump is named and before the hand is over; "
            f"this position awaits {'nothing' if position.is_over else 'a ' + str(position.phase)}"
        )
    hand = position.hand
    report = check_hand(hand, position.rules, last=True, judge_claim=False)
    followed = follow_play(hand, report, position.rules)
    if isinstance(followed, str):
        raise WhatIfError(followed)
    if followed.stopped is not None:
        raise WhatIfError(followed.stopped)
    contract = report.contract
    assert contract is not None  # follow_play needs one
    tables, board = followed.tables, followed.last
    # The trick under way, which the report of a hand saved mid-trick leaves out.
    on_board = len(followed.steps)
    for _, tile in position.trick[len(position.trick) - (len(position.played()) - on_board):]:
        play = TILE_INDEX[tile]
        if not board.legal(tables) >> play & 1 and board.legal(tables) >> (play + AS_SMALL_END) & 1:
            play += AS_SMALL_END  # the first lead, legal only as its small end's suit
        board = board.play(play, tables)
    return Judge(tables, contract), tables, board


def _action(play: int, tables: ContractTables) -> Tile | Lead:
    tile = ALL_TILES[tile_of(play)]
    if play >= AS_SMALL_END:
        return Lead(tile, tables.small_end[tile_of(play)])
    return tile


def _choice(judge: Judge, tables: ContractTables, board: Board) -> int:
    """The best play for the seat to move (see the module)."""
    mover = SEATS[board.to_move(tables)]
    ours = mover.team is judge.bidders
    best: tuple[int, int] | None = None
    chosen = -1
    for play in bits_of(board.legal(tables)):
        after = board.play(play, tables)
        points = judge.best(after)
        made = judge.makeable(after, None if judge.every else points)
        key = (int(made), points) if ours else (-int(made), -points)
        if judge.every:
            key = (key[0], 0)
        if best is None or key > best:
            best, chosen = key, play
    return chosen


def play_on(position: Position, until: str = "hand") -> tuple[Tile | Lead, ...]:
    """Best play from ``position`` to the end of the trick (``until="trick"``) or of the
    hand (``"hand"``): the actions, in order. ``position`` is not changed.

    Raises :class:`WhatIfError` when best play cannot be worked out there (see the class).
    """
    if until not in ("trick", "hand"):
        raise ValueError(f"until is 'trick' or 'hand', not {until!r}")
    judge, tables, board = _board(position)
    actions: list[Tile | Lead] = []
    while board.remaining:
        play = _choice(judge, tables, board)
        actions.append(_action(play, tables))
        board = board.play(play, tables)
        if until == "trick" and not board.trick:
            break
    return tuple(actions)


def best_action(position: Position) -> Tile | Lead:
    """The best play for the seat to move (see the module).

    Raises :class:`WhatIfError` when best play cannot be worked out there.
    """
    judge, tables, board = _board(position)
    return _action(_choice(judge, tables, board), tables)


def what_if(position: Position, action: Tile | Lead, until: str = "hand") -> WhatIf:
    """``action`` (another tile for the seat to play, or a :class:`Lead`) from
    ``position``, then best play to the end of the trick or of the hand.

    Raises :class:`notation.check.actions.IllegalAction` when the rules refuse the tile, and
    :class:`WhatIfError` when best play cannot be worked out there.
    """
    if until not in ("trick", "hand"):
        raise ValueError(f"until is 'trick' or 'hand', not {until!r}")
    line = position.copy()
    line.push(action)
    trick_over = not line.trick
    rest: tuple[Tile | Lead, ...] = ()
    if not line.is_over and not (until == "trick" and trick_over):
        rest = play_on(line, until)
    for more in rest:
        line.push(more)
    return WhatIf(position, (action, *rest), line.hand, line.points, line.made, line.is_over)


def as_variation(position: Position, actions: Sequence[Tile | Lead],
                 points: dict[Team, int] | None = None) -> Variation:
    """``actions`` played from ``position`` (the first replacing the play that was made
    there) as a variation of the record: the rest of that trick as its plays, then whole
    tricks; and a points line when ``points`` is given."""
    line = position.copy()
    parts: list[tuple[int, Seat | None, list[Play]]] = []
    for k, action in enumerate(actions):
        if k == 0 or not line.trick:  # the first play, or the lead of the next trick
            parts.append((line.trick_number, line.leader, []))
        line.push(action)
        parts[-1][2].append(Play(action.tile if isinstance(action, Lead) else action))
    plays = tuple(parts[0][2]) if parts else ()
    tricks = []
    for number, leader, own in parts[1:]:
        assert leader is not None  # the play has begun
        tricks.append(Trick(number, leader, tuple(own)))
    scores = () if points is None else (
        ScoreLine(ScoreKind.POINTS, points[Team.NS], points[Team.EW]),
    )
    return Variation(plays=plays, tricks=tuple(tricks), scores=scores)
