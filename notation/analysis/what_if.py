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
from notation.check.actions import Action, Lead, Phase
from notation.check.board import follow_play
from notation.check.game import check_hand
from notation.check.position import Position
from notation.errors import T42Error
from notation.model.bids import Bid
from notation.model.contracts import Contract, Trump
from notation.model.game import Call, Hand, Play, ScoreKind, ScoreLine, Trick, TrumpCall, Variation
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
    actions: tuple[Action, ...]
    hand: Hand
    points: dict[Team, int]
    made: bool | None
    over: bool  # the line reaches the end of the hand
    contract: Contract | None = None  # the contract the line is played under
    thrown_in: bool = False  # every seat passed: no declarer

    @cached_property
    def variation(self) -> Variation:
        """The line as a variation written after the play it replaces: the rest of that
        trick, the tricks after it, and the points (when it reaches the hand's end)."""
        return as_variation(self.position, self.actions, self.points if self.over else None)

    @property
    def words(self) -> str:
        """The line's result in words."""
        first = self.actions[0]
        seat = self.position.turn
        if isinstance(first, Bid):
            what = f"{seat}'s {'pass' if first.is_pass else first}"
        elif isinstance(first, Trump):
            what = f"{seat} naming {first}"
        else:
            what = f"{seat}'s {first.tile if isinstance(first, Lead) else first}"
        points = f"NS {self.points[Team.NS]}, EW {self.points[Team.EW]}"
        contract, result = self.contract, ""
        if contract is not None and self.made is not None:
            result = f": {contract.declarer}'s {contract.bid} is {'made' if self.made else 'set'}"
        if self.thrown_in:
            return f"with {what}, all pass and the hand is thrown in"
        if isinstance(first, Bid) and contract is not None:
            what += f" (the others passing, {contract.declarer} naming {contract.trump})"
        how = "best play gives" if self.over else "to the end of the trick,"
        return f"with {what}, {how} {points}{result}"


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


def _check_until(until: str) -> None:
    if until not in ("trick", "hand"):
        raise ValueError(f"until is 'trick' or 'hand', not {until!r}")


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
    _check_until(until)
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


def what_if(position: Position, action: Action, until: str = "hand") -> WhatIf:
    """``action`` from ``position`` instead of what was played there, then best play to the
    end of the trick or of the hand.

    ``action`` is another tile for the seat to play (or a :class:`Lead`), another trump or
    contract for the declarer to name, or another call for the seat to bid. After a call
    the others pass (what if that call had won the auction; a seat forced to bid makes the
    least bid) and the declarer names the trump with which best play does best for the
    bidders: made first, then points.

    Raises :class:`notation.check.actions.IllegalAction` when the rules refuse ``action``,
    and :class:`WhatIfError` when best play cannot be worked out there.
    """
    _check_until(until)
    line = position.copy()
    line.push(action)
    while line.phase is Phase.BID:
        bids = line.legal_bids()
        line.push(bids[0])  # a pass, or the least bid of a seat forced to bid
    if line.phase is Phase.TRUMP:
        line.push(_best_trump(line))
    trick_over = isinstance(action, Tile | Lead) and not line.trick
    if not line.is_over and not (until == "trick" and trick_over):
        for more in play_on(line, until):
            line.push(more)
    actions = line.actions[len(position.actions):]
    return WhatIf(position, actions, line.hand, line.points, line.made, line.is_over,
                  line.contract, line.declarer is None)


def _best_trump(line: Position) -> Trump:
    """The trump or contract with which best play does best for the declarer's side."""
    best: tuple[int, int] | None = None
    chosen: Trump | None = None
    why = "the declarer may name no trump here"
    for trump in line.legal_trumps():
        trial = line.copy()
        trial.push(trump)
        try:
            for more in play_on(trial):
                trial.push(more)
        except WhatIfError as refused:
            why = str(refused)
            continue
        declarer = trial.declarer
        assert declarer is not None
        key = (int(bool(trial.made)), trial.points[declarer.team])
        if best is None or key > best:
            best, chosen = key, trump
    if chosen is None:
        raise WhatIfError(why)
    return chosen


def as_variation(position: Position, actions: Sequence[Action],
                 points: dict[Team, int] | None = None) -> Variation:
    """``actions`` made from ``position`` (the first replacing what was made there) as a
    variation of the record: its calls, its trump call, then (after a play) the rest of
    that trick as its plays and whole tricks; and a points line when ``points`` is given."""
    line = position.copy()
    starts_in_play = line.phase is Phase.PLAY
    calls: list[Call] = []
    trump: TrumpCall | None = None
    parts: list[tuple[int, Seat | None, list[Play]]] = []
    for k, action in enumerate(actions):
        seat = line.turn
        if isinstance(action, Bid):
            assert seat is not None
            calls.append(Call(seat, action))
        elif isinstance(action, Trump):
            trump = TrumpCall(action, seat)
        else:
            if (k == 0 and starts_in_play) or not line.trick:
                parts.append((line.trick_number, line.leader, []))
            parts[-1][2].append(Play(action.tile if isinstance(action, Lead) else action))
        line.push(action)
    plays: tuple[Play, ...] = ()
    if starts_in_play and parts:
        plays = tuple(parts.pop(0)[2])
    tricks = []
    for number, leader, own in parts:
        assert leader is not None  # the play has begun
        tricks.append(Trick(number, leader, tuple(own)))
    scores = () if points is None else (
        ScoreLine(ScoreKind.POINTS, points[Team.NS], points[Team.EW]),
    )
    return Variation(calls=tuple(calls), trump=trump, plays=plays, tricks=tuple(tricks),
                     scores=scores)
