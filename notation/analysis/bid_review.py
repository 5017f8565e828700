"""The fair review of the bidding: the advisor (:func:`advise`: how often a seat's seven
tiles make each bid in each plain trump, the other tiles dealt every way that fits) and the
verdict on a call (:func:`review_call`, :func:`review_bid`), weighed by the marks it wins or
loses against every other call the seat could have made, on the same worlds.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from notation.analysis.knowledge import Knowledge
from notation.analysis.verdicts import (
    DEFAULT_SAMPLES,
    TABLE_BITS,
    Estimate,
    ReviewError,
    Unit,
    Verdict,
    judge,
)
from notation.analysis.worlds import Dealer
from notation.model.bids import POINTS_IN_A_HAND, Bid
from notation.model.contracts import Contract, Trump
from notation.model.rule_sets import RuleSet
from notation.model.seats import SEATS, Seat, Team
from notation.model.tiles import Tile
from notation.rules.auction import bid_problem, dealer_must_bid, opening_bids
from notation.rules.scoring import made_with, marks_at_stake, scores_marks
from notation.solver.solver import Position, Solver, contract_tables


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
    its partner's and the opponents' tiles dealt ``samples`` ways (of ``deals``).
    ``trumps`` holds each trump's advice, looked up by its :class:`Trump`, in the order
    :meth:`RuleSet.plain_trumps` gives them."""

    seat: Seat
    own: tuple[Tile, ...]
    rules: RuleSet
    samples: int
    seed: int
    deals: int
    trumps: Mapping[Trump, TrumpAdvice]

    def chance(self, bid: Bid, trump: Trump) -> Estimate | None:
        """The chance of making ``bid`` in ``trump`` (None when it may not be bid in it)."""
        advice = self.trumps.get(trump)
        return None if advice is None else dict(advice.making).get(bid)

    def as_json(self) -> dict[str, Any]:
        return {"seat": self.seat.value, "tiles": [str(t) for t in self.own],
                "rules": self.rules.name, "samples": self.samples, "seed": self.seed,
                "deals": str(self.deals), "trumps": [a.as_json() for a in self.trumps.values()]}


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
    >>> sixes = advice.trumps[Trump.pip(6)]
    >>> str(sixes.trump), sixes.making[0][1].mean  # 30 in sixes: every world makes it
    ('sixes', 1.0)
    >>> advise(hand, samples=4, seed=1, exact=False).trumps[Trump.pip(6)].making == sixes.making
    True
    """
    rules = rules or RuleSet()
    if samples < 1:
        raise ReviewError("advice needs at least one world")
    knowledge = Knowledge.of(seat, tuple(own), None, auction=auction)
    dealer = Dealer(knowledge)
    rng = random.Random(f"t42 advise {seed} {seat.value}")
    worlds = [dealer.draw(rng) for _ in range(samples)]
    side = 0 if seat.team is Team.NS else 1
    out: dict[Trump, TrumpAdvice] = {}
    for trump in rules.plain_trumps():
        bids = opening_bids(trump, rules)
        # The least points that make some bid: below it, every bid is set alike.
        least = min((p for p in range(POINTS_IN_A_HAND + 1)
                     if any(made_with(Contract(seat, b, trump), p) for b in bids)),
                    default=POINTS_IN_A_HAND + 1)
        solver = Solver(contract_tables(trump, rules=rules), table_bits=TABLE_BITS)
        scores: list[float] = []
        guess: int | None = None
        for world in worlds:
            pos = Position(world, seat.index, opening=True)
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
        out[trump] = TrumpAdvice(trump, Estimate.of(scores) if exact else None, making,
                                 tuple(scores))
    return BidAdvice(seat, tuple(own), rules, samples, seed, dealer.count, out)


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
    if not scores_marks(rules) or (trump is not None and trump.special is not None):
        return None
    standing = max((b for _, b in before if not b.is_pass), default=None)
    advice = advise(own, seat, rules, samples, seed, before, exact=False)
    options: list[tuple[str, list[float]]] = []
    # A pass scores nothing, unless it is the dealer's forced bid after three passes.
    forced = (standing is None and len(before) == len(SEATS) - 1
              and dealer_must_bid(rules))
    if not forced:
        options.append(("pass", [0.0] * samples))
    chosen: list[float] | None = options[0][1] if call.is_pass and options else None
    label = "pass"
    chance: Estimate | None = None
    best_for_call = -math.inf
    for trump_advice in advice.trumps.values():
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

