"""Lay-downs: does a claim hold whatever is played? (docs/rules.md, Ending a hand early.)

A player who lays down claims that her side takes every trick still to play. With the whole
deal recorded the exact solver (:mod:`notation.solver.solver`) decides it: the claim holds, or a
line of play refutes it (a :class:`notation.check.reports.ClaimAudit`).
:func:`notation.check.validate.check_hand` asks here for every hand that
ends in a lay-down (``laydown-refuted`` is a finding of ``t42 validate``), and
:mod:`notation.analysis.audit` shows the same verdict and follows the recorded play with the same
functions. The solver is loaded only when a hand ends in a lay-down.

>>> from notation.formats.text.reader import read_games
>>> from notation.check.validate import check_game
>>> read = next(read_games((SAMPLES / "laydown-refuted.t42").read_text(encoding="utf-8")))
>>> claim = check_game(read.game, read.rules).hands[0].claim
>>> claim.valid, [str(p) for p in claim.refutation]
(False, ['N 5-1', 'E 5-3', 'S 6-6', 'W 5-5'])
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass

from notation.check.reports import ClaimAudit, HandReport, LinePlay
from notation.model.contracts import Contract
from notation.model.findings import Finding, Severity
from notation.model.game import EndKind, Hand
from notation.model.rule_sets import RuleSet
from notation.model.seats import SEATS, Seat
from notation.model.tiles import ALL_TILES, TILES_IN_A_HAND, Tile
from notation.rules.tricks import first_leader
from notation.solver.solver import (
    TILE_INDEX,
    ContractTables,
    Position,
    Solver,
    UnsupportedContract,
    contract_tables,
)

LAYDOWN_REFUTED = "laydown-refuted"


def full_deal(hand: Hand, report: HandReport) -> dict[Seat, tuple[Tile, ...]] | None:
    """The four holdings when the record deals all 28 tiles, seven to a seat, else None."""
    if any(f.code in _DEAL_PROBLEMS for f in report.findings):
        return None
    holdings = {s: h.tiles for s in SEATS if (h := hand.holding(s)) is not None}
    return holdings if whole_deal(holdings) else None


def whole_deal(holdings: Mapping[Seat, Collection[Tile]]) -> bool:
    """Whether ``holdings`` are a whole deal: seven tiles to each seat, all 28 different.

    >>> whole_deal({Seat.N: ALL_TILES[:7]})
    False
    """
    tiles = {t for ts in holdings.values() for t in ts}
    return (all(len(holdings.get(s, ())) == TILES_IN_A_HAND for s in SEATS)
            and len(tiles) == len(ALL_TILES))


# Why a hand has no par table and no perfect-play value, when that is the reason.
DEAL_NOT_KNOWN = (
    "the deal is not known: the record neither deals all 28 tiles nor shows them in the play"
)


def known_deal(hand: Hand, report: HandReport) -> dict[Seat, tuple[Tile, ...]] | None:
    """The four holdings when the record shows all 28 tiles, else None: the deal as
    recorded (:func:`full_deal`), or else what each seat is seen to hold, from the deal
    lines and the tiles it plays, a single seat left out taking the tiles no other holds
    (the Nello partner who sits out, say) or the tiles its deal line leaves out.
    """
    dealt = full_deal(hand, report)
    if dealt is not None or any(f.code in _DEAL_PROBLEMS for f in report.findings):
        return dealt
    seen: dict[Seat, set[Tile]] = {s: set() for s in SEATS}
    for holding in hand.deal:
        seen[holding.seat].update(holding.tiles)
    for trick in report.tricks:
        for seat, tile in zip(trick.seats, trick.tiles, strict=False):
            seen[seat].add(tile)
    short = [s for s in SEATS if len(seen[s]) < TILES_IN_A_HAND]
    if len(short) == 1:
        rest = set(ALL_TILES).difference(*(seen[s] for s in SEATS if s is not short[0]))
        if rest >= seen[short[0]]:
            seen[short[0]] = rest
    if not whole_deal(seen):
        return None
    return {s: tuple(sorted(seen[s], reverse=True)) for s in SEATS}


_DEAL_PROBLEMS = frozenset({"seat-dealt-twice", "deal-size", "tile-written-twice",
                            "tile-dealt-twice"})


def tables_for(contract: Contract) -> ContractTables | None:
    """The solver's tables for a contract, or None for one it does not play yet."""
    out = contract.sitting_out
    try:
        return contract_tables(contract.trump, None if out is None else out.index)
    except UnsupportedContract:
        return None


def _opening_leader(hand: Hand, report: HandReport, contract: Contract, rules: RuleSet) -> Seat:
    """Who leads to trick 1: as recorded when the validator accepts it, else as the rules
    say."""
    if hand.tricks and not any(
        f.code == "wrong-leader" and f.trick == 1 for f in report.findings
    ):
        return hand.tricks[0].leader
    return first_leader(contract, rules)


@dataclass(frozen=True)
class FollowedPlay:
    """The recorded play followed on the solver's board, from the opening lead.

    ``steps`` holds each play with the position before it, ``last`` the position after the
    last play followed; ``stopped`` says why the play could not be followed to its end.
    """

    tables: ContractTables
    start: Position
    steps: tuple[tuple[Position, LinePlay], ...]
    last: Position
    stopped: str | None

    @property
    def end(self) -> Position | None:
        """Where the recorded play ends, when it could be followed to its end."""
        return None if self.stopped is not None else self.last


def follow_play(
    hand: Hand, report: HandReport, rules: RuleSet
) -> FollowedPlay | str:
    """The recorded play of a checked hand on the solver's board, or why best play cannot be
    computed for it (no contract, a contract the solver does not play, a deal neither
    recorded nor shown by the play: :func:`known_deal`)."""
    contract = report.contract
    if contract is None:
        return "no contract, so there is no play to judge"
    tables = tables_for(contract)
    if tables is None:
        return f"the solver does not play {contract.trump} yet"
    deal = known_deal(hand, report)
    if deal is None:
        return f"{DEAL_NOT_KNOWN}, so best play cannot be computed"
    if rules.small_end_opening:
        # A first lead may then be of either end's suit; the solver leads by the higher end.
        return (
            "the solver does not play small-end-opening leads yet, so best play is not "
            "computed under that option"
        )
    out = contract.sitting_out
    seated = {s: ts for s, ts in deal.items() if s is not out}
    start = Position.deal(seated, _opening_leader(hand, report, contract, rules))
    steps, last, stopped = _walk(report, tables, start)
    return FollowedPlay(tables, start, tuple(steps), last, stopped)


def _walk(
    report: HandReport, tables: ContractTables, start: Position
) -> tuple[list[tuple[Position, LinePlay]], Position, str | None]:
    """Each recorded play with the position before it; the last position; why it stopped.

    The seats of each trick are the validator's (a seat sitting out plays no tile).
    """
    steps: list[tuple[Position, LinePlay]] = []
    pos = start
    for trick in report.tricks:
        for tile, seat in zip(trick.tiles, trick.seats, strict=False):
            mover = SEATS[pos.to_move(tables)]
            index = TILE_INDEX[tile]
            if seat is not mover:
                return steps, pos, (
                    f"the perfect-play analysis stops at trick {trick.number}: {seat} played "
                    f"when it was {mover}'s turn"
                )
            if not pos.legal(tables) >> index & 1:
                return steps, pos, (
                    f"the perfect-play analysis stops at trick {trick.number}: {seat}'s "
                    f"{tile} was not a legal play"
                )
            steps.append((pos, LinePlay(trick.number, seat, tile)))
            pos = pos.play(index, tables)
        if pos.trick:
            return steps, pos, (
                f"the perfect-play analysis stops at trick {trick.number}: it is not complete"
            )
    return steps, pos, None


def _line(pos: Position, tables: ContractTables, moves: Iterable[int],
          first_trick: int) -> tuple[LinePlay, ...]:
    out: list[LinePlay] = []
    trick = first_trick
    for i in moves:
        seat = SEATS[pos.to_move(tables)]
        out.append(LinePlay(trick, seat, ALL_TILES[i]))
        pos = pos.play(i, tables)
        if not pos.trick:
            trick += 1
    return tuple(out)


def check_claim(pos: Position, tables: ContractTables, seat: Seat,
                after_trick: int, solver: Solver | None = None) -> ClaimAudit:
    """Judge a lay-down by ``seat`` from ``pos``: valid when its side takes every remaining
    trick whatever any seat plays (its own side's order of play included).

    ``solver`` (of ``tables``, a new one when not given) answers the questions asked.
    """
    team = seat.team
    if solver is None:
        solver = Solver(tables)
    refutation = solver.claim_refutation(pos, team)
    if refutation is None:
        return ClaimAudit(seat, after_trick, True, True, (),
                          f"{seat}'s lay-down holds: {team} takes every remaining trick "
                          "whatever anyone plays")
    line = _line(pos, tables, refutation, after_trick + 1)
    with_best = solver.takes_every_trick(pos, team)
    lost = line[-1].trick
    words = " · ".join(f"{p.seat} {p.tile}" for p in line)
    message = (
        f"{seat}'s lay-down is refuted: {team} loses trick {lost} after {words}"
    )
    # Refuted either way; what is added says whether the claimant's side could have taken every
    # trick by its own order of play (a careless claim) or not whatever it played.
    if with_best:
        message += (f"; {team} takes every trick only if it plays in the right order, and a "
                    "lay-down must hold whatever is played")
    else:
        message += f"; {team} cannot take every trick, whatever order it plays in"
    return ClaimAudit(seat, after_trick, False, with_best, line, message)


def judge_laydown(
    hand: Hand,
    report: HandReport,
    rules: RuleSet,
    followed: FollowedPlay | str | None = None,
) -> tuple[ClaimAudit | None, Finding | None]:
    """The verdict on the hand's lay-down, and the ``laydown-refuted`` finding when it does
    not hold; (None, None) when the hand does not end in a lay-down under a contract.

    ``followed`` is :func:`follow_play` of the hand, when the caller has it already.
    """
    ending, contract = hand.ending, report.contract
    if ending is None or ending.kind is not EndKind.LAYDOWN or ending.seat is None:
        return None, None
    if contract is None:
        return None, None
    played = len(report.tricks)
    if followed is None:
        followed = follow_play(hand, report, rules)
    if isinstance(followed, str) or followed.end is None:
        why = "the play before it could not be followed"
        if full_deal(hand, report) is None:
            why = "the deal is not recorded in full"
        elif rules.small_end_opening:
            why = "the solver does not play small-end-opening leads yet"
        claim = ClaimAudit(ending.seat, played, None, None, (),
                           f"{ending.seat}'s lay-down cannot be checked: {why}")
        return claim, None
    claim = check_claim(followed.end, followed.tables, ending.seat, played)
    if claim.valid:
        return claim, None
    span = ending.span
    finding = Finding(
        LAYDOWN_REFUTED, Severity.ERROR, claim.message,
        line=span.line if span else None,
        column=span.column if span else None,
        hand=hand.number, seat=ending.seat,
        evidence={"line": [p.as_json() for p in claim.refutation],
                  "with_best_play": claim.with_best_play},
    )
    return claim, finding
