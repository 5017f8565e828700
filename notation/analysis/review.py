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

The review is built in parts: :mod:`notation.analysis.verdicts` (estimates and verdicts),
:mod:`notation.analysis.play_review` (a line of play, every option on the same worlds) and
:mod:`notation.analysis.bid_review` (the bidding advisor and the verdict on a call); this
module reviews a recorded hand and game and writes the ``t42 review --json`` document, and
every public name of the parts is importable from here.

The method is perfect-information sampling, as bridge programs review play: it inherits that
method's known limits (each world is solved as if the rest were then seen, "strategy fusion";
the defence is not modelled as guessing either), and the worlds weigh every deal that fits
equally, reading nothing from the bidding beyond what the rules make certain.

>>> from notation.model.bids import Bid
>>> from notation.model.contracts import Contract, Trump
>>> from notation.model.seats import Seat
>>> from notation.model.tiles import Tile
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

from collections.abc import Sequence
from dataclasses import dataclass, fields
from typing import Any

from notation.analysis.analyze import GameAnalysis, analyse_read
from notation.analysis.bid_review import (
    BidAdvice,
    BidReview,
    TrumpAdvice,
    advise,
    review_bid,
    review_call,
)
from notation.analysis.play_review import Hindsight, OptionReview, PlayReview, review_line
from notation.analysis.verdicts import (
    DEFAULT_SAMPLES,
    MARGIN,
    Estimate,
    ReviewError,
    Unit,
    Verdict,
    VerdictKind,
    judge,
)
from notation.archive.reading import Unit as ArchiveUnit
from notation.archive.reading import read_unit
from notation.check.board import follow_play, known_deal
from notation.check.validate import HandReport, check_game, hand_report
from notation.model.contracts import Contract
from notation.model.game import Game, Hand
from notation.model.rule_sets import RuleSet

__all__ = [
    "DEFAULT_SAMPLES", "MARGIN", "BidAdvice", "BidReview", "Estimate", "FairGameAnalysis",
    "HandReview", "Hindsight", "OptionReview", "PlayReview", "ReviewError", "TrumpAdvice",
    "Unit", "Verdict", "VerdictKind", "advise", "analyse_unit_fair", "judge", "review_bid",
    "review_call", "review_game", "review_hand", "review_json", "review_line",
]


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


def review_hand(game: Game, hand: Hand, rules: RuleSet | None = None, index: int = 1, *,
                report: HandReport | None = None, samples: int = DEFAULT_SAMPLES,
                seed: int = 1, bids: bool = True, calls: bool = False) -> HandReview:
    """The fair review of ``hand``, a hand of ``game`` (its ``index``-th), under ``rules`` (by
    default those the game's tags name), its winning bid among them when ``bids``, every
    call of its auction when ``calls``, or why it cannot be made; ``report`` is the hand's
    check, made by :func:`notation.check.validate.check_game` when not given."""
    report = hand_report("review_hand", game, hand, rules, index, report)
    rules = rules or game.rules
    contract = report.contract
    if contract is None:
        return HandReview(index, hand.number, None, (), samples, seed,
                          "no contract, so there is no play to judge")
    deal = known_deal(hand, report)
    if deal is None:
        return HandReview(index, hand.number, contract, (), samples, seed,
                          "the deal is not known, so what each player held is not known")
    # The record's play as the audit follows it: up to a renege or a play out of turn.
    followed = follow_play(hand, report, rules)
    if isinstance(followed, str):
        return HandReview(index, hand.number, contract, (), samples, seed, followed)
    plays = [(step.seat, step.tile) for _, step in followed.steps]
    notes = () if followed.stopped is None else (followed.stopped,)
    auction = tuple((c.seat, c.bid) for c in hand.auction.calls) if hand.auction else ()
    try:
        opening = report.tricks[0].suit if report.tricks else None
        reviewed = review_line(deal, contract, plays, rules, auction, samples, seed,
                               opening_suit=opening)
        bid = (review_bid(deal[contract.declarer], contract, auction, rules, samples, seed)
               if bids else None)
        every = (tuple(c for n, (seat, call) in enumerate(auction)
                       if (c := review_call(deal[seat], seat, auction[:n], call, rules,
                                            samples, seed)) is not None)
                 if calls else ())
    except ReviewError as e:
        return HandReview(index, hand.number, contract, (), samples, seed, str(e))
    return HandReview(index, hand.number, contract, reviewed, samples, seed, bid=bid,
                      notes=notes, calls=every)


def review_game(game: Game, rules: RuleSet | None = None, index: int = 1,
                hands: Sequence[int] | None = None, samples: int = DEFAULT_SAMPLES,
                seed: int = 1, bids: bool = True,
                calls: bool = False) -> tuple[HandReview, ...]:
    """The fair review of every hand of ``game`` (or the hand numbers in ``hands``)."""
    rules = rules or game.rules
    report = check_game(game, rules, index)
    return tuple(
        review_hand(game, h, rules, index, report=r, samples=samples, seed=seed, bids=bids,
                    calls=calls)
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
