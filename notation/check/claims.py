"""Lay-downs: does a claim hold whatever is played? (docs/rules.md, Ending a hand early.)

A player who lays down claims that her side takes every trick still to play. With the whole
deal recorded the exact solver (:mod:`notation.solver.solver`) decides it: the claim holds, or a
line of play refutes it (a :class:`notation.check.reports.ClaimAudit`). The hand is put on the
solver's board by :mod:`notation.check.board` and played by the table's rules (a lay-down shown
before the opening lead is judged with the opening lead the table allows: held to a trump under
opening-lead=trump, played as either suit under small-end-opening).
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

from collections.abc import Iterable

from notation.check.board import FollowedPlay, follow_play, full_deal
from notation.check.reports import ClaimAudit, HandReport, LinePlay
from notation.model.contracts import PIP_NAMES
from notation.model.findings import Finding, Severity
from notation.model.game import EndKind, Hand
from notation.model.rule_sets import RuleSet
from notation.model.seats import SEATS, Seat
from notation.model.tiles import ALL_TILES
from notation.solver.masks import AS_SMALL_END, tile_of
from notation.solver.solver import ContractTables, Position, Solver

LAYDOWN_REFUTED = "laydown-refuted"


def _line(pos: Position, tables: ContractTables, moves: Iterable[int],
          first_trick: int) -> tuple[LinePlay, ...]:
    out: list[LinePlay] = []
    trick = first_trick
    for i in moves:
        seat = SEATS[pos.to_move(tables)]
        out.append(LinePlay(trick, seat, ALL_TILES[tile_of(i)]))
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
    said = [f"{p.seat} {p.tile}" for p in line]
    if refutation[0] >= AS_SMALL_END:  # an opening lead played as the suit of its small end
        said[0] += f" (led as {PIP_NAMES[tables.small_end[tile_of(refutation[0])]]})"
    words = " · ".join(said)
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
        return _unchecked(ending.seat, played, why), None
    claim = check_claim(followed.end, followed.tables, ending.seat, played)
    if claim.valid:
        return claim, None
    span = ending.span
    finding = Finding(
        LAYDOWN_REFUTED, Severity.ERROR, claim.message,
        line=span.line if span else None,
        column=span.column if span else None,
        hand=hand.number, seat=ending.seat,
        evidence={"line": [{"trick": p.trick, "seat": p.seat, "tile": p.tile}
                           for p in claim.refutation],
                  "with_best_play": claim.with_best_play},
    )
    return claim, finding


def _unchecked(seat: Seat, played: int, why: str) -> ClaimAudit:
    return ClaimAudit(seat, played, None, None, (), f"{seat}'s lay-down cannot be checked: {why}")
