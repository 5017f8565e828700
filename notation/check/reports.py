"""What checking a record finds: the reports of a hand and of a game, the verdict on a
lay-down, and the hand being checked that gathers the findings in the order a reader meets
them.

The checks by concern (:mod:`notation.check.deal`, :mod:`~notation.check.auction`,
:mod:`~notation.check.contract`, :mod:`~notation.check.play`, :mod:`~notation.check.result`)
each take a :class:`HandCheck`; :mod:`notation.check.game` runs them and returns the reports.
:mod:`notation.check.claims` judges lay-downs into a :class:`ClaimAudit`.

>>> from notation.model.seats import Seat
>>> LinePlay(3, Seat.N, Tile(6, 6)).as_json()
{'trick': 3, 'seat': 'N', 'tile': '6-6'}
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypedDict

from notation.model.contracts import Contract
from notation.model.findings import Finding, Severity
from notation.model.game import Call, Game, Hand, Span
from notation.model.rule_sets import RuleSet
from notation.model.seats import Seat, Team
from notation.model.tiles import Tile
from notation.rules.auction import dealer_must_bid
from notation.rules.scoring import MarkAward
from notation.rules.tricks import TrickOutcome

NS, EW = Team.NS, Team.EW


@dataclass(frozen=True, slots=True)
class LinePlay:
    """One play in a line of play: the trick it belongs to, the seat and the tile."""

    trick: int
    seat: Seat
    tile: Tile

    def as_json(self) -> dict[str, Any]:
        return {"trick": self.trick, "seat": self.seat.value, "tile": str(self.tile)}

    def __str__(self) -> str:
        return f"{self.seat} {self.tile}"


@dataclass(frozen=True, slots=True)
class ClaimAudit:
    """The check of a lay-down: does the claimant's side take every trick, whatever is played?

    ``valid`` is None when it cannot be checked (no full deal, or play the solver cannot
    follow); ``refutation`` a line of play in which the claimant's side loses a trick;
    ``with_best_play`` whether the side would still take every trick by playing well.
    """

    seat: Seat
    after_trick: int
    valid: bool | None
    with_best_play: bool | None
    refutation: tuple[LinePlay, ...]
    message: str

    def as_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat.value,
            "after_trick": self.after_trick,
            "valid": self.valid,
            "with_best_play": self.with_best_play,
            "refutation": [p.as_json() for p in self.refutation],
            "message": self.message,
        }


@dataclass(frozen=True)
class HandReport:
    """What checking one hand found and worked out."""

    hand: Hand
    findings: tuple[Finding, ...]
    contract: Contract | None = None
    tricks: tuple[TrickOutcome, ...] = ()
    points: dict[Team, int] = field(default_factory=dict)
    award: MarkAward | None = None
    thrown_in: bool = False
    # The verdict on a lay-down (docs/rules.md, Ending a hand early), when the hand ends in one.
    claim: ClaimAudit | None = None
    # Whether the bid was made by play (False: set by play; None: the play does not settle
    # it), and the team whose renege gave the hand away under the renege penalty, when that,
    # not the play, decided the award: the play did not settle it or gave the other verdict
    # (docs/rules.md, Reneges).
    made: bool | None = None
    renege_penalty: Team | None = None
    # Thrown in after a bid out of turn, the same dealer to shake again (bid-out-of-turn=
    # reshake; docs/rules.md, Bidding; 003): the next hand keeps the dealer.
    reshaken_by_dealer: bool = False

    @property
    def marks(self) -> dict[Team, int] | None:
        """Marks this hand gives each team: None when the record does not settle them."""
        if self.thrown_in:
            return {Team.NS: 0, Team.EW: 0}
        if self.award is None:
            return None
        return {NS: self.award.of(NS), EW: self.award.of(EW)}


@dataclass(frozen=True)
class GameReport:
    """A game's check: its findings, each hand's report, the running marks and the winner;
    ``rules`` the rule set it was checked under (the views follow it, whatever the tags say)."""

    game: Game
    findings: tuple[Finding, ...]
    hands: tuple[HandReport, ...]
    marks: dict[Team, int]
    winner: Team | None
    rules: RuleSet = field(default_factory=RuleSet)

    @property
    def errors(self) -> tuple[Finding, ...]:
        return tuple(f for f in self.findings if f.is_error)


# What decides a lay-down (docs/rules.md, Ending a hand early): the verdict, and the finding
# it adds when the claim does not hold. notation.check.claims.judge_laydown unless a caller gives
# its own (the recorder judges in the background and passes what it knows so far).
LaydownJudge = Callable[[Hand, HandReport, RuleSet], tuple[ClaimAudit | None, Finding | None]]


class Place(TypedDict, total=False):
    """Where a finding is in the record's text, as :class:`Finding` takes it."""

    line: int
    column: int


def at(span: Span | None) -> Place:
    """The place of ``span`` for a finding: nothing when the item has no place in a text."""
    return {} if span is None else {"line": span.line, "column": span.column}


class HandCheck:
    """One hand being checked: the record, the rules, what the checks have worked out so far
    (the deal, the contract, the tricks, a renege) and their findings, in the order a reader
    meets them.

    With ``fast``, the deal and the play are first checked by a quick pass that only
    recognises a clean deal or clean play; at the first irregularity it gives up and the
    thorough pass runs, so the findings are the thorough pass's by construction.
    """

    def __init__(self, hand: Hand, rules: RuleSet, *, fast: bool = True) -> None:
        self.hand = hand
        self.rules = rules
        self.fast = fast
        # Bit masks (1 << tile key) of each seat's dealt tiles by position in SEATS: set only
        # by a clean deal of all four seats, which the quick play check needs.
        self.held: tuple[int, ...] | None = None
        # The auction's last bid, looked up once (Auction.winning_call builds a list).
        self.winning: Call | None = (
            hand.auction.winning_call if hand.auction is not None else None
        )
        self.findings: list[Finding] = []
        self.dealt: dict[Seat, tuple[Tile, ...]] = {}
        self.contract: Contract | None = None
        self.outcomes: list[TrickOutcome] = []
        self.renege_by: Team | None = None
        # Thrown in after a bid out of turn, to be shaken again by the same dealer
        # (bid-out-of-turn=reshake; docs/rules.md, Bidding; 003).
        self.reshaken_by_dealer = False
        self.derived_marks: dict[Team, int] | None = None
        # The last hand of its record with nothing after its tricks: it may have been saved
        # in the middle of a trick (docs/guides/scorekeeping.md: an unfinished hand draws only
        # warnings).
        self.in_progress = False

    def report(
        self,
        code: str,
        message: str,
        span: Span | None,
        *,
        severity: Severity = Severity.ERROR,
        trick: int | None = None,
        seat: Seat | None = None,
        evidence: dict[str, Any] | None = None,
    ) -> None:
        """Add a finding about this hand."""
        self.findings.append(
            Finding(
                code,
                severity,
                message,
                hand=self.hand.number,
                trick=trick,
                seat=seat,
                evidence=evidence or {},
                **at(span),
            )
        )

    def reneged(self, team: Team) -> None:
        """``team`` reneged (or, in a Sevens, played a tile not closest to 7): the first such
        team is the one the renege penalty applies to (docs/rules.md, Reneges)."""
        if self.renege_by is None:
            self.renege_by = team

    @property
    def thrown_in(self) -> bool:
        auction = self.hand.auction
        return self.reshaken_by_dealer or (
            auction is not None
            and self.winning is None
            and len(auction.calls) >= 4
            and not dealer_must_bid(self.rules)
        )

    @property
    def sitting_out(self) -> Seat | None:
        contract = self.contract
        return None if contract is None else contract.sitting_out
