"""The fair review of a line of play (:func:`review_line`): each play with a choice judged on
worlds of what its player knew, every legal option solved on the same worlds, beside the
audit's hindsight verdict (:func:`notation.analysis.audit.best_play`).

Work is shared: in each world one solver, its transposition table shared, answers every
option (the value of each play after the other, each guessed from the one before), and each
seat keeps its worlds from one decision to its next while they still fit what it has seen
since (:func:`notation.analysis.worlds.carry`), with the solver and table that searched them.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from notation.analysis.audit import TurningPoint, best_play
from notation.analysis.knowledge import InconsistentPlay, Knowledge
from notation.analysis.verdicts import (
    DEFAULT_SAMPLES,
    TABLE_BITS,
    Estimate,
    ReviewError,
    Unit,
    Verdict,
    judge,
)
from notation.analysis.worlds import Dealer, NoWorld, World, carry
from notation.check.board import FollowedPlay
from notation.check.reports import LinePlay
from notation.model.bids import POINTS_IN_A_HAND, Bid
from notation.model.contracts import Contract
from notation.model.rule_sets import RuleSet
from notation.model.seats import SEATS, Seat, Team
from notation.model.tiles import ALL_TILES, Tile
from notation.rules.scoring import made_with, needs_every_trick
from notation.rules.tricks import first_leader
from notation.solver.scope import tables_for
from notation.solver.solver import (
    AS_SMALL_END,
    NELLO_MAXIMIZERS,
    TILE_INDEX,
    ContractTables,
    Position,
    Solver,
)


@dataclass(frozen=True, slots=True)
class OptionReview:
    """One option over the worlds: the deciding side's points at the end of the hand (None in
    a contract of all or nothing) and the chance the contract is made."""

    option: str
    points: Estimate | None
    made: Estimate

    def as_json(self) -> dict[str, Any]:
        return {"option": self.option,
                "points": None if self.points is None else self.points.as_json(),
                "made": self.made.as_json()}


@dataclass(frozen=True, slots=True)
class Hindsight:
    """The audit's verdict on a play, every tile seen
    (:class:`notation.analysis.audit.TurningPoint`):
    the points it cost and whether it turned made into set (or set into made)."""

    cost: int
    flips: bool
    message: str

    def __str__(self) -> str:
        if self.flips:
            return "a mistake: it changed made or set"
        if self.cost:
            return f"a mistake costing {self.cost} point{'' if self.cost == 1 else 's'}"
        return "best"

    @property
    def mistake(self) -> bool:
        return self.flips or self.cost > 0

    @classmethod
    def of(cls, turning: TurningPoint | None) -> Hindsight:
        if turning is None:
            return cls(0, False, "")
        return cls(turning.cost, turning.flips, turning.message)

    def as_json(self) -> dict[str, Any]:
        return {"cost": self.cost, "flips": self.flips, "words": str(self),
                "message": self.message}


@dataclass(frozen=True, slots=True)
class PlayReview:
    """One play judged fairly: every legal option over ``worlds`` worlds (of ``deals`` that
    fit what the player knew; ``kept`` of them carried from the seat's last decision), the
    best option, the verdict on the tile played and the audit's hindsight beside it."""

    trick: int
    seat: Seat
    tile: Tile
    options: tuple[OptionReview, ...]
    best: str
    verdict: Verdict
    hindsight: Hindsight
    worlds: int
    deals: int
    kept: int
    nodes: int = 0  # plays the solver searched for this decision, over every world

    def as_json(self) -> dict[str, Any]:
        return {
            "trick": self.trick, "seat": self.seat.value, "tile": str(self.tile),
            "options": [o.as_json() for o in self.options], "best": self.best,
            "verdict": self.verdict.as_json(), "hindsight": self.hindsight.as_json(),
            "worlds": self.worlds, "deals": str(self.deals), "kept": self.kept,
        }


# -- judging one world --


class _Outcome:
    """What an option gives in one world: the contract's made-or-set rule as the points the
    bidders must end at or above (or, in a Nello, at or below), from
    :func:`notation.rules.scoring.made_with`, the one home of made and set."""

    def __init__(self, contract: Contract) -> None:
        self.contract = contract
        self.bidders = contract.declarer.team
        special = contract.trump.special
        nello = special is not None and special.is_nello
        self.every = nello or needs_every_trick(contract.bid)
        made = [made_with(contract, p) for p in range(POINTS_IN_A_HAND + 1)]
        self.upward = made[-1]
        # The least final points that make it (upward), or the most (a Nello).
        self.edge = made.index(True) if self.upward else len(made) - 1 - made[::-1].index(True)

    def made(self, solver: Solver, pos: Position) -> bool:
        """Whether the bidders make the contract from ``pos`` with best play by all."""
        b = 0 if self.bidders is Team.NS else 1
        want = self.edge - pos.points[b]
        if self.upward:
            return want <= 0 or solver.reaches(pos, self.bidders, want)
        return want >= 0 and not solver.reaches(pos, self.bidders, want + 1)

    def final(self, pos: Position, ns_future: int) -> tuple[int, int]:
        """The two sides' points at the end (NS, EW), NS taking ``ns_future`` from ``pos``."""
        return pos.points[0] + ns_future, pos.points[1] + pos.points_left - ns_future


def _option_scores(solver: Solver, outcome: _Outcome, pos: Position, options: Sequence[int],
                   tables: ContractTables, side: Team) -> list[tuple[float | None, bool]]:
    """Each option's points for ``side`` (None in all or nothing) and made or not, in one
    world, one solver answering them all: its table is shared, each value guessed from the
    one before (siblings are close)."""
    out: list[tuple[float | None, bool]] = []
    guess_total: int | None = None
    legal = pos.legal(tables)
    for o in options:
        answers: list[tuple[float | None, bool]] = []
        for play in (o, o + AS_SMALL_END):  # at a small-end opening, either suit
            if play != o and not legal >> play & 1:
                continue
            child = pos.play(play, tables)
            if outcome.every:
                answers.append((None, outcome.made(solver, child)))
                continue
            guess = None if guess_total is None else guess_total - child.points[0]
            if guess is not None:
                guess = max(0, min(child.points_left, guess))
            v = solver.value(child, guess)
            ns, ew = outcome.final(child, v)
            guess_total = ns
            bidders = ns if outcome.bidders is Team.NS else ew
            mine = ns if side is Team.NS else ew
            answers.append((float(mine), made_with(outcome.contract, bidders)))
        # The suit that serves the side best: its points, else making (or setting) the bid.
        ours = side is outcome.bidders
        out.append(max(answers, key=lambda a: (a[0] or 0.0, a[1] == ours)))
    return out


# -- the review of a line of play --


def _walk(deal: Mapping[Seat, Sequence[Tile]], contract: Contract, tables: ContractTables,
          plays: Sequence[tuple[Seat, Tile]], rules: RuleSet,
          opening_suit: int | None) -> FollowedPlay:
    """The plays on the solver's board, each with the position before it (as
    :func:`notation.check.board.follow_play` follows a record; the opening lead played as
    ``opening_suit`` when given)."""
    out = contract.sitting_out
    start = Position.deal({s: ts for s, ts in deal.items() if s is not out},
                          first_leader(contract, rules))
    steps: list[tuple[Position, LinePlay]] = []
    pos = start
    trick = 1
    for seat, tile in plays:
        mover = SEATS[pos.to_move(tables)]
        index = TILE_INDEX[tile]
        if pos is start and opening_suit is not None:
            index += AS_SMALL_END
        if seat is not mover or not pos.legal(tables) >> index & 1:
            raise ReviewError(f"{seat}'s {tile} in trick {trick} is not a legal play there")
        steps.append((pos, LinePlay(trick, seat, tile)))
        pos = pos.play(index, tables)
        if not pos.trick:
            trick += 1
    return FollowedPlay(tables, start, tuple(steps), pos, None)



class _Worlds:
    """Each seat's worlds, kept from one of its decisions to the next while they fit, each
    with the solver that searched it, and a random stream of its own (so what one seat's
    worlds are never depends on another seat's tiles)."""

    def __init__(self, tables: ContractTables, maximizers: tuple[int, ...], samples: int,
                 seed: int) -> None:
        self.tables, self.maximizers, self.samples = tables, maximizers, samples
        self.seed = seed
        self._worlds: dict[Seat, list[World | None]] = {}
        self._solvers: dict[tuple[Seat, int], Solver] = {}
        self._streams: dict[Seat, random.Random] = {}

    def stream(self, seat: Seat) -> random.Random:
        if seat not in self._streams:
            self._streams[seat] = random.Random(f"t42 review {self.seed} {seat.value}")
        return self._streams[seat]

    def solver(self, seat: Seat, i: int) -> Solver:
        key = (seat, i)
        if key not in self._solvers:
            self._solvers[key] = Solver(self.tables, self.maximizers, TABLE_BITS)
        return self._solvers[key]

    def worlds(self, knowledge: Knowledge) -> tuple[list[World], int, int]:
        """The seat's worlds for ``knowledge``, how many deals fit, how many were kept."""
        seat = knowledge.seat
        held = self._worlds.setdefault(seat, [None] * self.samples)
        dealer = Dealer(knowledge)
        rng = self.stream(seat)
        out: list[World] = []
        kept = 0
        for i, before in enumerate(held):
            world = None if before is None else carry(before, knowledge)
            if world is None:
                world = dealer.draw(rng)
            else:
                kept += 1
            held[i] = world
            out.append(world)
        return out, dealer.count, kept


def _judge_play(pool: _Worlds, outcome: _Outcome, pos: Position, step: LinePlay,
                options: Sequence[int], worlds: Sequence[World], deals: int, kept: int,
                hindsight: Hindsight) -> PlayReview:
    """The review of the play ``step`` from ``pos``: each of its ``options`` solved on the
    seat's ``worlds`` (each with its own solver from ``pool``), the best, the verdict."""
    contract = outcome.contract
    tables = pool.tables
    out_seat = contract.sitting_out
    unit = Unit.CHANCE if outcome.every else Unit.POINTS
    side = step.seat.team
    scores: list[list[float]] = [[] for _ in options]
    points: list[list[float]] = [[] for _ in options]
    made: list[list[float]] = [[] for _ in options]
    searched = 0
    for i, world in enumerate(worlds):
        solver = pool.solver(step.seat, i)
        before = solver.nodes
        hands = list(world)
        if out_seat is not None:
            hands[out_seat.index] = 0  # face down: not in play
        wpos = Position((hands[0], hands[1], hands[2], hands[3]), pos.leader, pos.trick,
                        pos.points, pos.tricks, pos.opening, pos.led_as)
        answers = _option_scores(solver, outcome, wpos, options, tables, side)
        searched += solver.nodes - before
        for n, (mine, is_made) in enumerate(answers):
            made[n].append(float(is_made))
            if mine is None:
                ours = is_made if side is contract.declarer.team else not is_made
                scores[n].append(100.0 * ours)
            else:
                points[n].append(mine)
                scores[n].append(mine)
    means = [sum(s) / len(s) for s in scores]
    chosen = options.index(TILE_INDEX[step.tile])
    # The best on average; the tile played when none is ahead of it.
    top = max(range(len(options)), key=lambda n: (means[n], n == chosen, -n))
    verdict = judge(scores[chosen], scores, unit)
    return PlayReview(
        step.trick, step.seat, step.tile,
        tuple(OptionReview(str(ALL_TILES[o]), Estimate.of(points[n]) if points[n] else None,
                           Estimate.of(made[n])) for n, o in enumerate(options)),
        str(ALL_TILES[options[top]]), verdict, hindsight, len(worlds), deals, kept, searched)


def review_line(deal: Mapping[Seat, Sequence[Tile]], contract: Contract,
                plays: Sequence[tuple[Seat, Tile]], rules: RuleSet | None = None,
                auction: Sequence[tuple[Seat, Bid]] = (), samples: int = DEFAULT_SAMPLES,
                seed: int = 1, first: int = 0,
                opening_suit: int | None = None) -> tuple[PlayReview, ...]:
    """The fair review of each play of a line (``plays`` in order from the opening lead) in
    ``deal`` under ``contract``: every play with a choice, judged on ``samples`` worlds of
    what its player knew (the plays from index ``first`` on). The same seed gives the same
    review. ``opening_suit`` is the suit the opening lead was played as when not the suit its
    tile calls for (small-end-opening: :attr:`notation.rules.tricks.TrickOutcome.suit`).

    At a small-end opening each tile the leader may lead is one option, led as whichever of
    its suits serves the leader's side best in each world.

    Only each player's own tiles and the public play reach the worlds (``deal`` gives the
    audit's hindsight verdict and each player's own tiles, nothing more).
    """
    rules = rules or RuleSet()
    if samples < 1:
        raise ReviewError("a review needs at least one world per decision")
    tables = tables_for(contract, rules)
    if isinstance(tables, str):
        raise ReviewError(tables)
    followed = _walk(deal, contract, tables, plays, rules, opening_suit)
    _, turning = best_play(followed, contract)
    hindsight = {(tp.trick, tp.seat, tp.tile): tp for tp in turning}
    nello = contract.sitting_out is not None
    pool = _Worlds(tables, NELLO_MAXIMIZERS if nello else (0, 2), samples, seed)
    outcome = _Outcome(contract)
    reviews: list[PlayReview] = []
    for k, (pos, step) in enumerate(followed.steps):
        legal = pos.legal(tables)
        options = [i for i in range(len(ALL_TILES)) if legal >> i & 1]
        if len(options) < 2 or k < first:
            continue  # a forced play: nothing to judge
        try:
            knowledge = Knowledge.of(step.seat, deal[step.seat], contract, plays[:k], auction,
                                     rules, opening_suit)
            worlds, deals, kept = pool.worlds(knowledge)
        except (InconsistentPlay, NoWorld) as e:
            raise ReviewError(str(e)) from None
        reviews.append(_judge_play(pool, outcome, pos, step, options, worlds, deals, kept,
                                   Hindsight.of(hindsight.get((step.trick, step.seat,
                                                               step.tile)))))
    return tuple(reviews)

