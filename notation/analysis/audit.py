"""Auditing a disputed hand like a referee: what happened, what the rules say, what was best.

:func:`audit_game` is pure: it takes a game (and its rules) and returns immutable reports
(:class:`HandAudit`) holding the deal, the auction and contract, each trick, the findings of
:mod:`notation.check.validate` with their evidence, the computed against the recorded score, the
perfect-play value of the hand from the opening lead (:mod:`notation.solver.solver`), each play that
changed the perfect-play outcome, and the checks of an early end: a lay-down is proven or
refuted with a line of play, a made or set stop says what the unplayed tricks could still
have changed. :meth:`HandAudit.as_json` is the ``t42 audit --json`` form
(``schemas/audit.schema.json``); :func:`notation.views.audit_view.render_hand` the Rich form.

>>> from notation.formats.text.reader import read_games
>>> sample = SAMPLES / "early-end.t42"
>>> read = next(read_games(sample.read_text(encoding="utf-8")))
>>> audits = audit_game(read.game, read.rules, hands=[3])
>>> claim = audits[0].claim
>>> claim.valid, claim.seat.value
(True, 'S')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from notation.check.board import FollowedPlay, follow_play, known_deal
from notation.check.reports import ClaimAudit, LinePlay
from notation.check.validate import HandReport, check_game, hand_report
from notation.model.bids import POINTS_IN_A_HAND
from notation.model.contracts import Contract
from notation.model.findings import Finding, plural
from notation.model.game import EndKind, Game, Hand, ScoreKind
from notation.model.rule_sets import RuleSet
from notation.model.seats import SEATS, Seat, Team
from notation.model.tiles import ALL_TILES, TRICKS_IN_A_HAND, Tile
from notation.rules.scoring import made_with, needs_every_trick
from notation.rules.tricks import tally
from notation.solver.masks import tile_of
from notation.solver.solver import NELLO_MAXIMIZERS, ContractTables, Position, Solver

TOTAL_COUNT = sum(t.count for t in ALL_TILES)


@dataclass(frozen=True, slots=True)
class TrickAudit:
    """A trick as the engine sees it: who led, what each seat played, who won, its points."""

    number: int
    leader: Seat
    plays: tuple[LinePlay, ...]
    winner: Seat
    points: int

    def as_json(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "leader": self.leader.value,
            "plays": [{"seat": p.seat.value, "tile": str(p.tile)} for p in self.plays],
            "winner": self.winner.value,
            "points": self.points,
        }


@dataclass(frozen=True, slots=True)
class PerfectPlay:
    """The hand's value with best play by all four seats, every tile seen, from the lead."""

    bidders: Team
    bidders_points: int
    defenders_points: int
    makeable: bool  # the bidders make the bid against any defence

    def as_json(self) -> dict[str, Any]:
        return {
            "bidders": self.bidders.value,
            "bidders_points": self.bidders_points,
            "defenders_points": self.defenders_points,
            "makeable": self.makeable,
        }


@dataclass(frozen=True, slots=True)
class TurningPoint:
    """A play that changed the perfect-play outcome, or cost points against best play.

    ``before`` and ``after`` are the bidders' points with best play from there on (points
    already captured included); ``better`` the plays that would have kept the outcome (or,
    where only points were lost, the plays that keep the best value).
    """

    trick: int
    seat: Seat
    tile: Tile
    before: int
    after: int
    makeable_before: bool
    makeable_after: bool
    better: tuple[Tile, ...]
    message: str
    # Points the playing seat's side lost against best play (0 in a contract of all or
    # nothing, where only made or set counts).
    cost: int = 0

    @property
    def flips(self) -> bool:
        return self.makeable_before != self.makeable_after

    def as_json(self) -> dict[str, Any]:
        return {
            "trick": self.trick,
            "seat": self.seat.value,
            "tile": str(self.tile),
            "bidders_before": self.before,
            "bidders_after": self.after,
            "makeable_before": self.makeable_before,
            "makeable_after": self.makeable_after,
            "better": [str(t) for t in self.better],
            "message": self.message,
        }


@dataclass(frozen=True, slots=True)
class StopAudit:
    """A made or set stop: what the unplayed tricks could still have given the bidders.

    ``worst`` and ``best`` are the least and most the bidders could end with over every way
    the rest could be played; ``perfect`` what they end with under best play by all (None
    without the deal, when only the count still out is known).
    """

    kind: EndKind
    after_trick: int
    bidders: Team
    captured: int
    worst: int
    best: int
    perfect: int | None
    message: str

    def as_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind.value,
            "after_trick": self.after_trick,
            "bidders": self.bidders.value,
            "captured": self.captured,
            "worst": self.worst,
            "best": self.best,
            "perfect": self.perfect,
            "message": self.message,
        }


def _teams(d: Mapping[Team, int] | None) -> dict[str, int] | None:
    return None if d is None else {t.value: d[t] for t in Team}


@dataclass(frozen=True)
class HandAudit:
    """Everything the audit of one hand says."""

    game: int
    hand: int
    dealer: Seat
    players: dict[Seat, str]
    deal: dict[Seat, tuple[Tile, ...]]
    auction: tuple[tuple[Seat, str], ...]
    contract: Contract | None
    tricks: tuple[TrickAudit, ...]
    ending: tuple[EndKind, Seat | None] | None
    findings: tuple[Finding, ...]
    points: dict[Team, int]
    recorded_points: dict[Team, int] | None
    marks: dict[Team, int] | None
    recorded_marks: dict[Team, int] | None
    perfect: PerfectPlay | None
    turning_points: tuple[TurningPoint, ...] = ()
    claim: ClaimAudit | None = None
    stop: StopAudit | None = None
    notes: tuple[str, ...] = field(default=())

    @property
    def has_findings(self) -> bool:
        return bool(self.findings)

    def as_json(self) -> dict[str, Any]:
        contract = self.contract
        return {
            "game": self.game,
            "hand": self.hand,
            "dealer": self.dealer.value,
            "players": {s.value: n for s, n in self.players.items()},
            "deal": {s.value: [str(t) for t in ts] for s, ts in self.deal.items()} or None,
            "auction": [{"seat": s.value, "bid": b} for s, b in self.auction],
            "contract": None if contract is None else contract.as_json(),
            "tricks": [t.as_json() for t in self.tricks],
            "ending": None if self.ending is None else {
                "kind": self.ending[0].value,
                "seat": None if self.ending[1] is None else self.ending[1].value,
            },
            "findings": [f.as_json() for f in self.findings],
            "score": {
                "points": _teams(self.points),
                "recorded_points": _teams(self.recorded_points),
                "marks": _teams(self.marks),
                "recorded_marks": _teams(self.recorded_marks),
            },
            "perfect": None if self.perfect is None else self.perfect.as_json(),
            "turning_points": [t.as_json() for t in self.turning_points],
            "claim": None if self.claim is None else self.claim.as_json(),
            "stop": None if self.stop is None else self.stop.as_json(),
            "notes": list(self.notes),
        }


# -- building --


class Judge:
    """Best-play questions about one hand's positions, in the bidders' terms."""

    def __init__(self, tables: ContractTables, contract: Contract) -> None:
        self.tables = tables
        self.contract = contract
        self.bidders = contract.declarer.team
        self.nello = contract.sitting_out is not None
        self.solver = Solver(tables, maximizers=NELLO_MAXIMIZERS) if self.nello else Solver(tables)
        # The side that must take every trick: the bidders, or in Nello the defenders
        # (the declarer must lose them all).
        self.every = self.nello or needs_every_trick(contract.bid)
        self.sweeper = self.bidders.opponents if self.nello else self.bidders

    def best(self, pos: Position, guess: int | None = None) -> int:
        """The bidders' points at the end of the hand with best play from ``pos``.

        ``guess`` is a guess at the answer (the value of a neighbouring position).
        """
        if guess is not None:
            b = 0 if self.bidders is Team.NS else 1
            future = guess - pos.points[b]
            guess = future if b == 0 else pos.points_left - future
        v = self.solver.value(pos, guess)
        ns = pos.points[0] + v
        total_ew = pos.points[1] + pos.points_left - v
        return ns if self.bidders is Team.NS else total_ew

    def makeable(self, pos: Position, best: int | None = None) -> bool:
        """Whether the bidders make the bid against any defence from ``pos``."""
        if self.nello:
            b = 0 if self.bidders is Team.NS else 1
            return not pos.tricks[b] and not self.solver.reaches(pos, self.bidders, 1)
        if self.every:
            w = 0 if self.sweeper is Team.NS else 1
            if pos.tricks[1 - w]:
                return False
            return self.solver.takes_every_trick(pos, self.sweeper)
        b = 0 if self.bidders is Team.NS else 1
        if best is None:
            need = self.contract.bid.value - pos.points[b]
            return self.solver.reaches(pos, self.bidders, need)
        return made_with(self.contract, best)


def _tile_list(tiles: Iterable[Tile]) -> str:
    words = [str(t) for t in tiles]
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " or " + words[-1]


def _turning_point(judge: Judge, pos: Position, step: LinePlay, after: Position,
                   before_best: int, after_best: int) -> TurningPoint | None:
    made_before = judge.makeable(pos, None if judge.every else before_best)
    made_after = judge.makeable(after, None if judge.every else after_best)
    ours = step.seat.team is judge.bidders
    lost = before_best - after_best if ours else after_best - before_best
    if judge.every:
        lost = 0  # all or nothing (Nello, Plunge, Splash, Sevens, 1m and up): points do not count
    if made_before == made_after and lost <= 0:
        return None
    tables = judge.tables
    # Every play but the one made (at a small-end opening a tile led as either suit: the
    # tile is named once, kept when either way keeps what was lost).
    legal = pos.legal(tables)
    alternatives = [i for i in range(2 * len(ALL_TILES)) if legal >> i & 1]
    better: list[Tile] = []
    for i in alternatives:
        tile = ALL_TILES[tile_of(i)]
        if tile == step.tile or tile in better:
            continue
        nxt = pos.play(i, tables)
        value = judge.best(nxt, before_best)
        if made_before != made_after:
            if judge.makeable(nxt, None if judge.every else value) == made_before:
                better.append(tile)
        elif value == before_best:
            better.append(tile)
    bidders = judge.bidders
    where = f"at trick {step.trick} when {step.seat} played {step.tile}"
    if made_before and not made_after:
        message = f"the set became certain {where}"
        if better:
            message += f"; {_tile_list(better)} kept the bid makeable"
    elif made_after and not made_before:
        message = f"the bid became certain to be made {where}"
        if better:
            message += f"; {_tile_list(better)} kept the set possible"
    else:
        who = step.seat.team
        message = (
            f"{step.seat}'s {step.tile} in trick {step.trick} cost {who} {plural(lost, 'point')}"
            f" against best play (the bidders, {bidders}, "
            f"{'fall' if ours else 'rise'} from {before_best} to {after_best})"
        )
        if better:
            message += f"; {_tile_list(better)} kept {before_best}"
    return TurningPoint(step.trick, step.seat, step.tile, before_best, after_best,
                        made_before, made_after, tuple(better), message, max(lost, 0))


def best_play(followed: FollowedPlay, contract: Contract) -> tuple[PerfectPlay,
                                                                  tuple[TurningPoint, ...]]:
    """The hand's value with best play from the opening lead, and each recorded play that
    changed it (``followed`` from :func:`notation.check.board.follow_play`): what ``t42 audit``
    and ``t42 analyze`` say of the play.

    >>> from notation.check.board import follow_play
    >>> from notation.formats.text.reader import read_games
    >>> from notation.check.validate import check_game
    >>> read = next(read_games((SAMPLES / "laydown-refuted.t42").read_text(encoding="utf-8")))
    >>> hand, report = read.game.hands[0], check_game(read.game, read.rules).hands[0]
    >>> perfect, turning = best_play(follow_play(hand, report, read.rules), report.contract)
    >>> perfect.bidders_points, perfect.makeable
    (41, True)
    >>> [(t.trick, str(t.seat), str(t.tile), t.cost) for t in turning]
    [(1, 'S', '4-2', 6), (2, 'E', '3-3', 6)]
    """
    return _judge_play(Judge(followed.tables, contract), followed)


def only_plays(followed: FollowedPlay, contract: Contract) -> tuple[LinePlay, ...]:
    """Each recorded play (``followed`` from :func:`notation.check.board.follow_play`) that
    alone kept the hand's outcome with best play, every tile seen: its seat had a choice, the
    play made kept the bid makeable (or the set certain) and every other tile would have
    turned it. What ``t42 audit --annotate`` marks ``!``.

    >>> from notation.check.board import follow_play
    >>> from notation.formats.text.reader import read_games
    >>> from notation.check.validate import check_game
    >>> read = next(read_games((SAMPLES / "full-game.t42").read_text(encoding="utf-8")))
    >>> hand, report = read.game.hands[2], check_game(read.game, read.rules).hands[2]
    >>> kept = only_plays(follow_play(hand, report, read.rules), report.contract)
    >>> [(p.trick, str(p.seat), str(p.tile)) for p in kept]
    [(6, 'N', '6-2')]
    """
    judge = Judge(followed.tables, contract)
    tables = followed.tables
    steps = followed.steps
    afters = [*(p for p, _ in steps[1:]), followed.last]
    kept: list[LinePlay] = []
    for (pos, step), after in zip(steps, afters, strict=True):
        legal = pos.legal(tables)
        others = [i for i in range(2 * len(ALL_TILES))
                  if legal >> i & 1 and ALL_TILES[tile_of(i)] != step.tile]
        if not others:
            continue
        made = judge.makeable(pos)
        if judge.makeable(after) != made:
            continue  # it turned the outcome: a turning point, no keeper
        if all(judge.makeable(pos.play(i, tables)) != made for i in others):
            kept.append(step)
    return tuple(kept)


def _judge_play(judge: Judge, followed: FollowedPlay) -> tuple[PerfectPlay,
                                                                tuple[TurningPoint, ...]]:
    start = followed.start
    best = judge.best(start)
    makeable = judge.makeable(start, None if judge.every else best)
    perfect = PerfectPlay(judge.bidders, best, start.points_left - best, makeable)
    steps = followed.steps
    values = [best]
    afters = [*(p for p, _ in steps[1:]), followed.last]  # the position after each play
    for p in afters:
        values.append(judge.best(p, values[-1]))
    turning = (
        _turning_point(judge, pos, step, afters[k], values[k], values[k + 1])
        for k, (pos, step) in enumerate(steps)
    )
    return perfect, tuple(tp for tp in turning if tp is not None)


def _stop(judge: Judge | None, pos: Position | None, kind: EndKind, after_trick: int,
          contract: Contract, captured: dict[Team, int], played: Iterable[Tile],
          unjudged: str = "the deal is not recorded") -> StopAudit:
    """What the tricks not played could still have given the bidders after a made/set stop
    (``unjudged``: why best play is not known from ``pos``, when it is not).

    A bid of a mark or more needs every trick, that is all 42 points.
    """
    bidders = contract.declarer.team
    nello = contract.sitting_out is not None
    need = min(contract.bid.value, POINTS_IN_A_HAND)  # in words: a mark needs all 42
    have = captured[bidders]
    left_tricks = TRICKS_IN_A_HAND - after_trick
    perfect: int | None = None
    if judge is not None and pos is not None:
        b = 0 if bidders is Team.NS else 1
        high = Solver(judge.tables, maximizers=(0, 1, 2, 3)).value(pos)
        low = Solver(judge.tables, maximizers=()).value(pos)
        left = pos.points_left
        best = have + (high if b == 0 else left - low)
        worst = have + (low if b == 0 else left - high)
        perfect = judge.best(pos)
    else:
        left = TOTAL_COUNT - sum(t.count for t in played) + left_tricks
        best, worst = have + left, have
    message = (
        f"stopped as {kind.value} after trick {after_trick} with the bidders ({bidders}) on "
        f"{have}: the {plural(left_tricks, 'trick')} not played could "
        f"still have given them {worst} to {best} points"
    )
    if perfect is not None:
        message += f" ({perfect} with best play by all)"
    else:
        message += f" ({unjudged}, so only the count still out is known)"
    what = "the Nello" if nello else str(need)
    made = {made_with(contract, worst), made_with(contract, best)}
    if made == {True}:
        message += f"; {what} was sure to be made whatever was played"
    elif made == {False}:
        message += f"; {what} could no longer be made whatever was played"
    else:
        message += f"; {what} was still open"
        if perfect is not None and not nello:
            verdict = "is made" if made_with(contract, perfect) else "is set"
            message += f", and with best play it {verdict}"
    return StopAudit(kind, after_trick, bidders, have, worst, best, perfect, message)


def audit_hand(game: Game, hand: Hand, rules: RuleSet | None = None, index: int = 1, *,
               report: HandReport | None = None) -> HandAudit:
    """The audit of ``hand``, a hand of ``game`` (its ``index``-th), under ``rules`` (by
    default those the game's tags name); ``report`` is the hand's check, made by
    :func:`notation.check.validate.check_game` when not given."""
    report = hand_report("audit_hand", game, hand, rules, index, report)
    rules = rules or game.rules
    contract = report.contract
    deal = known_deal(hand, report)
    # The validator's findings, a refuted lay-down among them, with this game's number.
    findings = [replace(f, game=index) for f in report.findings]
    notes: list[str] = []
    tricks = tuple(
        TrickAudit(o.number, o.seats[0],
                   tuple(LinePlay(o.number, s, t) for s, t in zip(o.seats, o.tiles, strict=True)),
                   o.winner, o.points)
        for o in report.tricks
    )
    perfect: PerfectPlay | None = None
    turning: tuple[TurningPoint, ...] = ()
    stop: StopAudit | None = None
    judge: Judge | None = None
    end_pos: Position | None = None
    unjudged = "the deal is not recorded"  # why the stop is not judged by best play
    followed = follow_play(hand, report, rules)
    if isinstance(followed, str):
        notes.append(followed)
    else:
        assert contract is not None
        judge = Judge(followed.tables, contract)
        # Best play is judged from the opening lead on, the stop from where play stopped.
        perfect, turning = _judge_play(judge, followed)
        if followed.stopped is not None:
            notes.append(followed.stopped)
        end_pos = followed.end
    # The verdict on a lay-down is the validator's (one check, one home: notation.check.claims).
    claim = report.claim
    ending = hand.ending
    played = len(report.tricks)
    if claim is None and ending is not None and contract is not None and played < TRICKS_IN_A_HAND:
        captured, _ = tally(report.tricks)
        shown = [t for o in report.tricks for t in o.tiles]
        stop = _stop(judge if end_pos is not None else None, end_pos, ending.kind, played,
                     contract, captured, shown, unjudged)
    recorded_points = hand.score(ScoreKind.POINTS)
    recorded_marks = hand.score(ScoreKind.MARKS)
    return HandAudit(
        game=index,
        hand=hand.number,
        dealer=hand.dealer,
        players={s: game.seat_name(s) for s in SEATS},
        deal=deal or {},
        auction=tuple((c.seat, str(c.bid)) for c in hand.auction.calls) if hand.auction else (),
        contract=contract,
        tricks=tricks,
        ending=None if ending is None else (ending.kind, ending.seat),
        findings=tuple(findings),
        points=dict(report.points),
        recorded_points=None if recorded_points is None else {
            Team.NS: recorded_points.ns, Team.EW: recorded_points.ew},
        marks=report.marks,
        recorded_marks=None if recorded_marks is None else {
            Team.NS: recorded_marks.ns, Team.EW: recorded_marks.ew},
        perfect=perfect,
        turning_points=turning,
        claim=claim,
        stop=stop,
        notes=tuple(notes),
    )


def audit_game(game: Game, rules: RuleSet | None = None, index: int = 1,
               hands: Iterable[int] | None = None,
               unread: tuple[int, ...] = ()) -> tuple[HandAudit, ...]:
    """Audit every hand of ``game`` (or the hand numbers in ``hands``); ``unread`` are the
    lines where hands start that could not be read, as for :func:`check_game`."""
    rules = rules or game.rules
    wanted = None if hands is None else set(hands)
    report = check_game(game, rules, index, unread, judged=wanted)
    return tuple(
        audit_hand(game, h, rules, index, report=r)
        for h, r in zip(game.hands, report.hands, strict=True)
        if wanted is None or h.number in wanted
    )


def audit_json(audits: Iterable[HandAudit], path: str) -> dict[str, Any]:
    """The ``--json`` document: the file audited and each hand's audit."""
    return {"path": path, "hands": [a.as_json() for a in audits]}
