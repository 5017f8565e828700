"""A fair review of a hand: each bid and play judged by what its player could know.

``t42 audit`` judges with every tile face up, so a play it calls costly may have been costly
only in hindsight. The fair review asks what the player knew
(:class:`notation.analysis.knowledge.Knowledge`), deals the unseen tiles every way that knowledge
allows (:mod:`notation.analysis.worlds`, uniformly and seeded), and solves every option on the same
worlds with the exact solver (:mod:`notation.solver.solver`): each option's expected points and
chance of making the contract, with standard errors, and the option chosen against the best,
by paired differences over the worlds. A play is "a mistake costing E ± SE points" when the
best option is ahead of it by more than two standard errors, "too close to call" when some
option does better in some world without being clearly behind on average, and "best"
otherwise. Beside it stands the
audit's hindsight verdict (:func:`notation.analysis.audit.best_play`), so a reader sees which
mistakes were visible only in hindsight.

Work is shared: in each world one solver, its transposition table shared, answers every
option (the value of each play after the other, each guessed from the one before), and each
seat keeps its worlds from one decision to its next while they still fit what it has seen
since (:func:`notation.analysis.worlds.carry`), with the solver and table that searched them.

The method is perfect-information sampling, as bridge programs review play: it inherits that
method's known limits (each world is solved as if the rest were then seen, "strategy fusion";
the defence is not modelled as guessing either), and the worlds weigh every deal that fits
equally, reading nothing from the bidding beyond what the rules make certain.

>>> from notation.model.bids import Bid
>>> from notation.model.contracts import Contract, Trump
>>> t = Tile.parse
>>> deal = {Seat.N: "6-6 6-0 5-3 5-1 4-0 3-0 2-2", Seat.E: "6-3 5-4 5-0 4-4 4-2 4-1 3-3",
...         Seat.S: "6-5 6-4 5-2 4-3 2-1 1-1 1-0", Seat.W: "6-2 6-1 5-5 3-2 3-1 2-0 0-0"}
>>> deal = {s: tuple(map(t, w.split())) for s, w in deal.items()}
>>> contract = Contract(Seat.N, Bid.points(30), Trump.pip(5))
>>> plays = [(Seat.N, t("5-3")), (Seat.E, t("5-0")), (Seat.S, t("6-5")), (Seat.W, t("5-5"))]
>>> reviewed = review_line(deal, contract, plays, samples=8, seed=1)
>>> first = reviewed[0]
>>> str(first.seat), str(first.tile), len(first.options)
('N', '5-3', 7)
>>> str(first.verdict) in ("best", "too close to call") or str(first.verdict).startswith("a mis")
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from enum import Enum
from typing import Any

from notation.analysis.analyze import GameAnalysis, analyse_read
from notation.analysis.audit import TurningPoint, best_play
from notation.analysis.knowledge import InconsistentPlay, Knowledge
from notation.analysis.worlds import Dealer, NoWorld, World, carry
from notation.archive.reading import Unit as ArchiveUnit
from notation.archive.reading import read_unit
from notation.check.claims import FollowedPlay, follow_play, known_deal, tables_for
from notation.check.reports import LinePlay
from notation.check.validate import HandReport, check_game
from notation.errors import T42Error
from notation.model.bids import POINTS_IN_A_HAND, Bid
from notation.model.contracts import Contract, Trump
from notation.model.game import Game, Hand
from notation.model.rule_sets import AllPass, OpeningLead, RuleSet
from notation.model.seats import SEATS, Seat, Team
from notation.model.tiles import ALL_TILES, Tile
from notation.rules.auction import bid_problem, opening_bids
from notation.rules.scoring import made_with, marks_at_stake, needs_every_trick
from notation.rules.tricks import first_leader
from notation.solver.solver import (
    NELLO_MAXIMIZERS,
    TILE_INDEX,
    ContractTables,
    Position,
    Solver,
    UnsupportedContract,
    contract_tables,
)

DEFAULT_SAMPLES = 32
MARGIN = 2.0  # a shortfall within this many standard errors is too close to call
# Each seat keeps a solver for each of its worlds. A table of 2 ** 14 slots (256 kB) holds
# what a mid-hand search needs: on 4 seeded hands it searched 5% more plays than 2 ** 16 but
# took 20% less time (a world drawn afresh empties its table), and 128 of them fit in 32 MB.
TABLE_BITS = 14


class ReviewError(T42Error, ValueError):
    """A hand the fair review cannot judge (no contract, no known deal, an option the solver
    does not play), with the reason in words."""


@dataclass(frozen=True, slots=True)
class Estimate:
    """A mean over the worlds and its standard error.

    >>> e = Estimate.of([1.0, 0.0, 1.0, 0.0])
    >>> e.mean, round(e.se, 3)
    (0.5, 0.289)
    """

    mean: float
    se: float

    @classmethod
    def of(cls, values: Sequence[float]) -> Estimate:
        n = len(values)
        mean = sum(values) / n
        if n < 2:
            return cls(mean, 0.0)
        var = sum((v - mean) ** 2 for v in values) / (n - 1)
        return cls(mean, math.sqrt(var / n))

    def as_json(self) -> dict[str, float]:
        return {"mean": round(self.mean, 4), "se": round(self.se, 4)}


class VerdictKind(Enum):
    """What the fair review says of a play or a bid (the words are its value)."""

    BEST = "best"
    MISTAKE = "mistake"
    CLOSE = "too close to call"


class Unit(Enum):
    """What a contract's plays are judged by: the side's points, or, in a contract of all or
    nothing, its chance of getting its way (the bidders of making it, the defenders of
    setting it), in percentage points; a bid by the marks it wins or loses."""

    POINTS = "points"
    CHANCE = "chance"
    MARKS = "marks"


@dataclass(frozen=True, slots=True)
class Verdict:
    """The chosen option against the best on the same worlds: ``cost`` the mean shortfall
    (points, or percentage points of chance), ``se`` its standard error."""

    kind: VerdictKind
    cost: float
    se: float
    unit: Unit

    def __str__(self) -> str:
        if self.kind is not VerdictKind.MISTAKE:
            return str(self.kind.value)
        if self.unit is not Unit.CHANCE:
            return f"a mistake costing {self.cost:.1f} ± {self.se:.1f} {self.unit.value}"
        return f"a mistake costing {self.cost:.0f} ± {self.se:.0f}% of the chance"

    def as_json(self) -> dict[str, Any]:
        return {"kind": self.kind.value, "cost": round(self.cost, 4), "se": round(self.se, 4),
                "unit": self.unit.value, "words": str(self)}


def judge(chosen: Sequence[float], options: Sequence[Sequence[float]], unit: Unit,
          margin: float = MARGIN) -> Verdict:
    """The verdict on an option scoring ``chosen`` in each world, against every option's
    scores on the same worlds (``options``, the chosen among them), by paired differences.

    A mistake: the option of the highest mean is ahead by more than ``margin`` standard
    errors (the cost is its lead). Too close to call: not a mistake, but some option does
    better in some world and is not clearly behind on average. Best: no option does better in
    any world, or every one that does is clearly behind on average.

    >>> str(judge([5, 5, 5], [[5, 5, 5], [5, 5, 5]], Unit.POINTS))
    'best'
    >>> str(judge([3, 3, 3], [[3, 3, 3], [9, 9, 9]], Unit.POINTS))
    'a mistake costing 6.0 ± 0.0 points'
    >>> str(judge([0, 10, 0, 10], [[0, 10, 0, 10], [10, 0, 10, 0]], Unit.POINTS))
    'too close to call'
    """
    means = [sum(o) / len(o) for o in options]
    top = options[max(range(len(options)), key=lambda n: means[n])]
    lead = Estimate.of([b - c for c, b in zip(chosen, top, strict=True)])
    if lead.mean > 1e-9 and lead.mean > margin * lead.se:
        return Verdict(VerdictKind.MISTAKE, lead.mean, lead.se, unit)
    for other in options:
        gain = [o - c for c, o in zip(chosen, other, strict=True)]
        ahead = Estimate.of(gain)
        if max(gain) > 0 and ahead.mean >= -margin * ahead.se:
            return Verdict(VerdictKind.CLOSE, max(lead.mean, 0.0), lead.se, unit)
    return Verdict(VerdictKind.BEST, 0.0, 0.0, unit)


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
    for o in options:
        child = pos.play(o, tables)
        if outcome.every:
            out.append((None, outcome.made(solver, child)))
            continue
        guess = None if guess_total is None else guess_total - child.points[0]
        if guess is not None:
            guess = max(0, min(child.points_left, guess))
        v = solver.value(child, guess)
        ns, ew = outcome.final(child, v)
        guess_total = ns
        bidders = ns if outcome.bidders is Team.NS else ew
        mine = ns if side is Team.NS else ew
        out.append((float(mine), made_with(outcome.contract, bidders)))
    return out


# -- the review of a line of play --


def _walk(deal: Mapping[Seat, Sequence[Tile]], contract: Contract, tables: ContractTables,
          plays: Sequence[tuple[Seat, Tile]], rules: RuleSet) -> FollowedPlay:
    """The plays on the solver's board, each with the position before it (as
    :func:`notation.check.claims.follow_play` follows a record)."""
    out = contract.sitting_out
    start = Position.deal({s: ts for s, ts in deal.items() if s is not out},
                          first_leader(contract, rules))
    steps: list[tuple[Position, LinePlay]] = []
    pos = start
    trick = 1
    for seat, tile in plays:
        mover = SEATS[pos.to_move(tables)]
        index = TILE_INDEX[tile]
        if seat is not mover or not pos.legal(tables) >> index & 1:
            raise ReviewError(f"{seat}'s {tile} in trick {trick} is not a legal play there")
        steps.append((pos, LinePlay(trick, seat, tile)))
        pos = pos.play(index, tables)
        if not pos.trick:
            trick += 1
    return FollowedPlay(tables, start, tuple(steps), pos, None)


def _check_rules(rules: RuleSet) -> None:
    if rules.small_end_opening:
        raise ReviewError("the solver does not play small-end-opening leads, so no fair "
                          "review is made under that option")
    if rules.opening_lead is OpeningLead.TRUMP:
        raise ReviewError("the solver does not hold the opening lead to a trump, so no fair "
                          "review is made under opening-lead=trump")


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


def review_line(deal: Mapping[Seat, Sequence[Tile]], contract: Contract,
                plays: Sequence[tuple[Seat, Tile]], rules: RuleSet | None = None,
                auction: Sequence[tuple[Seat, Bid]] = (), samples: int = DEFAULT_SAMPLES,
                seed: int = 1, first: int = 0) -> tuple[PlayReview, ...]:
    """The fair review of each play of a line (``plays`` in order from the opening lead) in
    ``deal`` under ``contract``: every play with a choice, judged on ``samples`` worlds of
    what its player knew (the plays from index ``first`` on). The same seed gives the same
    review.

    Only each player's own tiles and the public play reach the worlds (``deal`` gives the
    audit's hindsight verdict and each player's own tiles, nothing more).
    """
    rules = rules or RuleSet()
    _check_rules(rules)
    if samples < 1:
        raise ReviewError("a review needs at least one world per decision")
    try:
        tables = tables_for(contract)
    except UnsupportedContract as e:
        raise ReviewError(str(e)) from None
    if tables is None:
        raise ReviewError(f"the solver does not play {contract.trump} yet")
    followed = _walk(deal, contract, tables, plays, rules)
    _, turning = best_play(followed, contract)
    hindsight = {(tp.trick, tp.seat, tp.tile): tp for tp in turning}
    nello = contract.sitting_out is not None
    out_seat = contract.sitting_out
    pool = _Worlds(tables, NELLO_MAXIMIZERS if nello else (0, 2), samples, seed)
    outcome = _Outcome(contract)
    unit = Unit.CHANCE if outcome.every else Unit.POINTS
    reviews: list[PlayReview] = []
    for k, (pos, step) in enumerate(followed.steps):
        legal = pos.legal(tables)
        options = [i for i in range(len(ALL_TILES)) if legal >> i & 1]
        if len(options) < 2 or k < first:
            continue  # a forced play: nothing to judge
        try:
            knowledge = Knowledge.of(step.seat, deal[step.seat], contract, plays[:k], auction,
                                     rules)
            worlds, deals, kept = pool.worlds(knowledge)
        except (InconsistentPlay, NoWorld) as e:
            raise ReviewError(str(e)) from None
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
                            pos.points, pos.tricks)
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
        reviews.append(PlayReview(
            step.trick, step.seat, step.tile,
            tuple(OptionReview(str(ALL_TILES[o]), Estimate.of(points[n]) if points[n] else None,
                               Estimate.of(made[n])) for n, o in enumerate(options)),
            str(ALL_TILES[options[top]]), verdict,
            Hindsight.of(hindsight.get((step.trick, step.seat, step.tile))),
            len(worlds), deals, kept, searched))
    return tuple(reviews)


# -- bids: the advisor --


@dataclass(frozen=True, slots=True)
class TrumpAdvice:
    """One trump for a declarer over the worlds: its side's points with best play, the
    declarer leading (None when not worked out), and the chance of making each bid it may
    open with."""

    trump: Trump
    points: Estimate | None
    making: tuple[tuple[Bid, Estimate], ...]
    scores: tuple[float, ...]  # the side's points in each world, for paired comparisons

    def as_json(self) -> dict[str, Any]:
        return {"trump": str(self.trump),
                "points": None if self.points is None else self.points.as_json(),
                "making": [{"bid": str(b), "chance": e.as_json()} for b, e in self.making]}


@dataclass(frozen=True)
class BidAdvice:
    """The bidding advisor for one seat's seven tiles: every plain trump the rules allow,
    its partner's and the opponents' tiles dealt ``samples`` ways (of ``deals``)."""

    seat: Seat
    own: tuple[Tile, ...]
    rules: RuleSet
    samples: int
    seed: int
    deals: int
    trumps: tuple[TrumpAdvice, ...]

    def chance(self, bid: Bid, trump: Trump) -> Estimate | None:
        """The chance of making ``bid`` in ``trump`` (None when it may not be bid in it)."""
        for advice in self.trumps:
            if advice.trump == trump:
                return dict(advice.making).get(bid)
        return None

    def as_json(self) -> dict[str, Any]:
        return {"seat": self.seat.value, "tiles": [str(t) for t in self.own],
                "rules": self.rules.name, "samples": self.samples, "seed": self.seed,
                "deals": str(self.deals), "trumps": [a.as_json() for a in self.trumps]}


def advise(own: Sequence[Tile], seat: Seat = Seat.N, rules: RuleSet | None = None,
           samples: int = DEFAULT_SAMPLES, seed: int = 1,
           auction: Sequence[tuple[Seat, Bid]] = (), exact: bool = True) -> BidAdvice:
    """How often ``seat``, holding ``own``, makes each bid in each plain trump, declaring
    and leading, with best play by all: the other 21 tiles dealt ``samples`` ways, every deal
    equally likely. (The special contracts are left out.)

    Without ``exact`` a world in which no bid is made is settled by one zero-window search
    (is the least bid reached?) and its points are not worked out: the chances are the same,
    the expected points are left out (None).

    >>> hand = [Tile.parse(w) for w in "6-6 6-5 6-4 6-3 6-2 5-5 4-4".split()]
    >>> advice = advise(hand, samples=4, seed=1)
    >>> sixes = advice.trumps[6]
    >>> str(sixes.trump), sixes.making[0][1].mean  # 30 in sixes: every world makes it
    ('sixes', 1.0)
    >>> advise(hand, samples=4, seed=1, exact=False).trumps[6].making == sixes.making
    True
    """
    rules = rules or RuleSet()
    _check_rules(rules)
    if samples < 1:
        raise ReviewError("advice needs at least one world")
    knowledge = Knowledge.of(seat, tuple(own), None, auction=auction)
    dealer = Dealer(knowledge)
    rng = random.Random(f"t42 advise {seed} {seat.value}")
    worlds = [dealer.draw(rng) for _ in range(samples)]
    side = 0 if seat.team is Team.NS else 1
    out: list[TrumpAdvice] = []
    for trump in rules.plain_trumps():
        bids = opening_bids(trump, rules)
        # The least points that make some bid: below it, every bid is set alike.
        least = min((p for p in range(POINTS_IN_A_HAND + 1)
                     if any(made_with(Contract(seat, b, trump), p) for b in bids)),
                    default=POINTS_IN_A_HAND + 1)
        solver = Solver(contract_tables(trump), table_bits=TABLE_BITS)
        scores: list[float] = []
        guess: int | None = None
        for world in worlds:
            pos = Position(world, seat.index)
            if not exact and not solver.reaches(pos, seat.team, least):
                scores.append(float(least - 1))
                continue
            ns = solver.value(pos, guess)
            guess = ns
            scores.append(float(ns if side == 0 else POINTS_IN_A_HAND - ns))
        making = tuple(
            (bid, Estimate.of([float(made_with(Contract(seat, bid, trump), int(p)))
                               for p in scores]))
            for bid in bids)
        out.append(TrumpAdvice(trump, Estimate.of(scores) if exact else None, making,
                               tuple(scores)))
    return BidAdvice(seat, tuple(own), rules, samples, seed, dealer.count, tuple(out))


@dataclass(frozen=True, slots=True)
class BidReview:
    """A call judged fairly, as if it had won the auction: a pass scores nothing, a bid the
    marks it wins or loses in each world, played in the trump named (for a bid that did not
    win, the trump best for it). Every other call the seat could have made is weighed on the
    same worlds: the best of them, the verdict on the call made, and its chance of being
    made (None for a pass)."""

    seat: Seat
    bid: Bid
    trump: Trump | None
    chance: Estimate | None
    best: str
    verdict: Verdict
    advice: BidAdvice
    option: str = ""  # the option the call was weighed as: "pass", "30 sixes"

    @property
    def words(self) -> str:
        """The call as a player says it: ``pass``, ``30``, ``30 in sixes``."""
        return str(self.bid) if self.trump is None else f"{self.bid} in {self.trump}"

    def as_json(self) -> dict[str, Any]:
        return {"seat": self.seat.value, "bid": str(self.bid),
                "trump": None if self.trump is None else str(self.trump),
                "chance": None if self.chance is None else self.chance.as_json(),
                "option": self.option, "best": self.best,
                "verdict": self.verdict.as_json(), "advice": self.advice.as_json()}


def review_call(own: Sequence[Tile], seat: Seat, before: Sequence[tuple[Seat, Bid]],
                call: Bid, rules: RuleSet | None = None, samples: int = DEFAULT_SAMPLES,
                seed: int = 1, trump: Trump | None = None) -> BidReview | None:
    """The fair review of ``seat``'s ``call`` after the calls ``before`` (``trump`` the
    trump it named, when the call won the auction). None in the points game, whose bids
    score points, not the marks this review weighs them by, and for a bid off the ladder or
    in a trump the advisor does not weigh (a special contract)."""
    rules = rules or RuleSet()
    if rules.points_game or (trump is not None and trump.special is not None):
        return None
    standing = max((b for _, b in before if not b.is_pass), default=None)
    advice = advise(own, seat, rules, samples, seed, before, exact=False)
    options: list[tuple[str, list[float]]] = []
    # A pass scores nothing, unless it is the dealer's forced bid after three passes.
    forced = (standing is None and len(before) == len(SEATS) - 1
              and rules.all_pass is AllPass.FORCED_BID)
    if not forced:
        options.append(("pass", [0.0] * samples))
    chosen: list[float] | None = options[0][1] if call.is_pass and options else None
    label = "pass"
    chance: Estimate | None = None
    best_for_call = -math.inf
    for trump_advice in advice.trumps:
        for bid, _ in trump_advice.making:
            if bid_problem(bid, standing, rules) is not None:
                continue
            c = Contract(seat, bid, trump_advice.trump)
            stake = marks_at_stake(bid)
            marks = [float(stake if made_with(c, int(p)) else -stake)
                     for p in trump_advice.scores]
            options.append((f"{bid} {trump_advice.trump}", marks))
            mean = sum(marks) / len(marks)
            named = trump is None or trump_advice.trump == trump
            if bid == call and named and mean > best_for_call:
                chosen, best_for_call, label = marks, mean, options[-1][0]
                chance = Estimate.of([float(m > 0) for m in marks])
    if chosen is None or not options:
        return None  # a bid off the ladder, or a trump the rules do not list
    means = [sum(m) / len(m) for _, m in options]
    top = max(range(len(options)), key=lambda n: (means[n], options[n][1] is chosen))
    verdict = judge(chosen, [m for _, m in options], Unit.MARKS)
    return BidReview(seat, call, trump, chance, options[top][0], verdict, advice, label)


def review_bid(own: Sequence[Tile], contract: Contract, auction: Sequence[tuple[Seat, Bid]],
               rules: RuleSet | None = None, samples: int = DEFAULT_SAMPLES,
               seed: int = 1) -> BidReview | None:
    """The fair review of the winning bid (the declarer's last call in ``auction``), in the
    trump named (:func:`review_call`)."""
    calls = list(auction)
    seat = contract.declarer
    at = max((n for n, (s, b) in enumerate(calls) if s is seat and not b.is_pass),
             default=len(calls))
    return review_call(own, seat, calls[:at], contract.bid, rules, samples, seed,
                       contract.trump)


# -- a recorded hand --


@dataclass(frozen=True)
class HandReview:
    """The fair review of one recorded hand: each play with a choice (``plays``), or why
    there is none (``why``)."""

    game: int
    hand: int
    contract: Contract | None
    plays: tuple[PlayReview, ...]
    samples: int
    seed: int
    why: str = ""
    bid: BidReview | None = None
    notes: tuple[str, ...] = ()  # where the review stopped short of the hand's end, and why
    calls: tuple[BidReview, ...] = ()  # every call of the auction, when asked for

    def as_json(self) -> dict[str, Any]:
        return {
            "game": self.game, "hand": self.hand,
            "contract": None if self.contract is None else self.contract.as_json(),
            "samples": self.samples, "seed": self.seed,
            "bid": None if self.bid is None else self.bid.as_json(),
            "plays": [p.as_json() for p in self.plays], "why": self.why,
            "notes": list(self.notes),
            "calls": [c.as_json() for c in self.calls],
        }


def review_hand(hand: Hand, report: HandReport, rules: RuleSet, game: int = 1,
                samples: int = DEFAULT_SAMPLES, seed: int = 1,
                bids: bool = True, calls: bool = False) -> HandReview:
    """The fair review of a checked hand (``report`` from
    :func:`notation.check.validate.check_game`),
    its winning bid among them when ``bids``, every call of its auction when ``calls``, or
    why it cannot be made."""
    contract = report.contract
    if contract is None:
        return HandReview(game, hand.number, None, (), samples, seed,
                          "no contract, so there is no play to judge")
    deal = known_deal(hand, report)
    if deal is None:
        return HandReview(game, hand.number, contract, (), samples, seed,
                          "the deal is not known, so what each player held is not known")
    # The record's play as the audit follows it: up to a renege or a play out of turn.
    followed = follow_play(hand, report, rules)
    if isinstance(followed, str):
        return HandReview(game, hand.number, contract, (), samples, seed, followed)
    plays = [(step.seat, step.tile) for _, step in followed.steps]
    notes = () if followed.stopped is None else (followed.stopped,)
    auction = tuple((c.seat, c.bid) for c in hand.auction.calls) if hand.auction else ()
    try:
        reviewed = review_line(deal, contract, plays, rules, auction, samples, seed)
        bid = (review_bid(deal[contract.declarer], contract, auction, rules, samples, seed)
               if bids else None)
        every = (tuple(c for n, (seat, call) in enumerate(auction)
                       if (c := review_call(deal[seat], seat, auction[:n], call, rules,
                                            samples, seed)) is not None)
                 if calls else ())
    except ReviewError as e:
        return HandReview(game, hand.number, contract, (), samples, seed, str(e))
    return HandReview(game, hand.number, contract, reviewed, samples, seed, bid=bid,
                      notes=notes, calls=every)


def review_game(game: Game, rules: RuleSet | None = None, index: int = 1,
                hands: Sequence[int] | None = None, samples: int = DEFAULT_SAMPLES,
                seed: int = 1, bids: bool = True,
                calls: bool = False) -> tuple[HandReview, ...]:
    """The fair review of every hand of ``game`` (or the hand numbers in ``hands``)."""
    rules = rules or game.rules
    report = check_game(game, rules, index)
    return tuple(
        review_hand(h, r, rules, index, samples, seed, bids, calls)
        for h, r in zip(game.hands, report.hands, strict=True)
        if hands is None or h.number in hands
    )


@dataclass(frozen=True)
class FairGameAnalysis(GameAnalysis):
    """A game of an archive analysed (:class:`notation.analysis.analyze.GameAnalysis`) with each
    hand's fair review as JSON, by hand number: what ``t42 analyze --fair`` adds to a line."""

    fair: tuple[tuple[int, dict[str, Any]], ...] = ()

    def review_of(self, hand: int | None) -> dict[str, Any] | None:
        return dict(self.fair).get(hand) if hand is not None else None


def analyse_unit_fair(source: str, unit: ArchiveUnit, samples: int = DEFAULT_SAMPLES,
                      seed: int = 1) -> FairGameAnalysis:
    """:func:`notation.analysis.analyze.analyse_unit` with each hand's fair review (plays only):
    the whole job of a ``t42 analyze --fair`` worker."""
    read = read_unit(unit)
    analysed = analyse_read(read, source)
    fair: tuple[tuple[int, dict[str, Any]], ...] = ()
    if read.game.hands and read.readable:
        fair = tuple((r.hand, r.as_json()) for r in review_game(
            read.game, read.rules, read.index, samples=samples, seed=seed, bids=False))
    return FairGameAnalysis(**{f.name: getattr(analysed, f.name) for f in fields(analysed)},
                            fair=fair)


def review_json(reviews: Sequence[HandReview], path: str) -> dict[str, Any]:
    """The ``t42 review --json`` document (schemas/review.schema.json)."""
    return {"path": path, "hands": [r.as_json() for r in reviews]}
