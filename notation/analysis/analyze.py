"""Analysing an archive: for every hand, what best play could make and which plays cost it.

:func:`analyse_game` is pure: it takes a game (and its rules) and returns a
:class:`HandAnalysis` for each hand: the par table (:mod:`notation.analysis.par`), whether the
contract was makeable by the declaring side with best play from the opening lead, how much
higher the side could have bid, and each play that changed the perfect-play value, with the
player who made it and what it cost (the turning points of :mod:`notation.analysis.audit`).
:meth:`HandAnalysis.as_json` is a line of ``t42 analyze`` (``schemas/analysis.schema.json``);
:class:`AnalysisSummary` folds those lines into the summary (docs/rules.md, Analysing play).
Each hand is analysed as its main line was played: the variations written in a record
(docs/notation.md, Annotations and variations) are lines that were not played, and are left
out.

>>> from notation.formats.text.reader import read_games
>>> read = next(read_games((SAMPLES / "laydown-refuted.t42").read_text(encoding="utf-8")))
>>> first = analyse_game(read.game, read.rules)[0]
>>> print(first.contract.bid, first.perfect.bidders_points, first.makeable, first.rejected)
30 41 True None
>>> [(str(p.seat), p.player, p.trick, str(p.tile), p.cost) for p in first.costly_plays]
[('S', 'Mae', 1, '4-2', 6), ('E', 'Aunt Trish', 2, '3-3', 6)]
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from notation.analysis.audit import PerfectPlay, TurningPoint, best_play
from notation.analysis.par import ParTable, par_of_hand
from notation.archive.reading import Unit, read_unit
from notation.check.board import follow_play
from notation.check.validate import HandReport, check_game, hand_report
from notation.formats.text.reader import ReadGame
from notation.formats.text.writer import write_game
from notation.model.bids import Bid
from notation.model.contracts import Contract, parse_bid
from notation.model.findings import Finding
from notation.model.game import Game, Hand
from notation.model.rule_sets import RuleSet
from notation.model.seats import SEATS, Seat
from notation.model.tiles import Tile
from notation.rules.auction import opening_bids
from notation.rules.scoring import highest_bid_made

COSTLIEST_SHOWN = 10  # the single plays the summary lists


@dataclass(frozen=True, slots=True)
class CostlyPlay:
    """A recorded play that changed the perfect-play value, and who made it."""

    player: str  # the name the game's tags give the seat (``?`` when none)
    turning: TurningPoint

    @property
    def seat(self) -> Seat:
        return self.turning.seat

    @property
    def trick(self) -> int:
        return self.turning.trick

    @property
    def tile(self) -> Tile:
        return self.turning.tile

    @property
    def cost(self) -> int:
        """Points the play cost its side against best play."""
        return self.turning.cost

    def as_json(self) -> dict[str, Any]:
        return {"player": self.player, "cost": self.cost, **self.turning.as_json()}


@dataclass(frozen=True)
class HandAnalysis:
    """What the analysis of one hand says; ``rejected`` says why a hand could not be analysed
    (then only where it is, its players and contract are known)."""

    source: str  # the file the game came from, as named on the command line
    game: int  # the game's number in its file
    hand: int | None  # the hand's number; None for a game none of whose hands could be read
    game_id: str  # a digest of the game's canonical text: which game this is, on a resume
    dealer: Seat | None
    players: dict[Seat, str]
    contract: Contract | None
    made: bool | None = None  # made as played (None when the record does not settle it)
    par: ParTable | None = None
    perfect: PerfectPlay | None = None
    # The highest bid the declarer could have opened with and made in the trump named, with
    # best play from the opening lead, and how many steps of the ladder it is above the bid.
    makeable_bid: Bid | None = None
    raise_steps: int | None = None
    costly_plays: tuple[CostlyPlay, ...] = ()
    notes: tuple[str, ...] = ()
    rejected: str | None = None

    @property
    def makeable(self) -> bool | None:
        """Whether the declaring side makes the contract with best play from the opening
        lead, against any defence."""
        return None if self.perfect is None else self.perfect.makeable

    @property
    def best_bid(self) -> Bid | None:
        """The highest bid the declarer could have made in any contract (the par table's)."""
        if self.par is None or self.contract is None:
            return None
        return self.par.best(self.contract.declarer)

    @property
    def underbid(self) -> bool:
        """The declarer could have made a higher bid than the one won (docs/rules.md,
        Analysing play)."""
        best, contract = self.best_bid, self.contract
        return best is not None and contract is not None and contract.bid < best

    @property
    def overbid(self) -> bool:
        """The contract could not be made against best defence (docs/rules.md, Analysing
        play)."""
        return self.makeable is False

    def as_json(self) -> dict[str, Any]:
        contract = self.contract
        return {
            "file": self.source,
            "game": self.game,
            "hand": self.hand,
            "game_id": self.game_id,
            "dealer": None if self.dealer is None else self.dealer.value,
            "players": {s.value: n for s, n in self.players.items()},
            "contract": None if contract is None else contract.as_json(),
            "made": self.made,
            "par": None if self.par is None else self.par.as_json(),
            "perfect": None if self.perfect is None else self.perfect.as_json(),
            "makeable_bid": _bid(self.makeable_bid),
            "raise": self.raise_steps,
            "best_bid": _bid(self.best_bid),
            "overbid": self.overbid if self.perfect is not None else None,
            "underbid": self.underbid if self.par is not None and contract is not None else None,
            "costly_plays": [p.as_json() for p in self.costly_plays],
            "notes": list(self.notes),
            "rejected": self.rejected,
        }


def _bid(bid: Bid | None) -> str | None:
    return None if bid is None else str(bid)


def raise_to(contract: Contract, bidders_points: int, rules: RuleSet) -> tuple[Bid | None, int]:
    """The highest bid the declarer could have opened with and made in the contract's trump by
    ending the hand with ``bidders_points``, and how many steps of the ladder
    (:func:`notation.rules.auction.opening_bids`) it is above the contract's bid (0 when it is not).

    >>> from notation.model.contracts import Trump
    >>> from notation.model.seats import Seat
    >>> bid, steps = raise_to(Contract(Seat.N, Bid.points(30), Trump.pip(6)), 35, RuleSet())
    >>> str(bid), steps
    ('35', 5)
    """
    best = highest_bid_made(contract.declarer, contract.trump, bidders_points, rules)
    if best is None:
        return None, 0
    ladder = opening_bids(contract.trump, rules)
    return best, sum(1 for b in ladder if contract.bid < b and not best < b)


def game_id(game: Game) -> str:
    """A short digest of the game's canonical text: equal games, equal digests.

    >>> from notation.model.game import Tag
    >>> game_id(Game((Tag("Event", "club"),))) == game_id(Game((Tag("Event", "club"),)))
    True
    """
    return hashlib.sha256(write_game(game).encode("utf-8")).hexdigest()[:16]


def analyse_hand(game: Game, hand: Hand, rules: RuleSet | None = None, index: int = 1, *,
                 report: HandReport | None = None, source: str = "",
                 digest: str | None = None) -> HandAnalysis:
    """The analysis of ``hand``, a hand of ``game`` (its ``index``-th), under ``rules`` (by
    default those the game's tags name); ``report`` is the hand's check, made by
    :func:`notation.check.validate.check_game` when not given."""
    report = hand_report("analyse_hand", game, hand, rules, index, report)
    rules = rules or game.rules
    contract = report.contract
    players = {s: game.seat_name(s) for s in SEATS}
    where = HandAnalysis(source, index, hand.number, digest or game_id(game), hand.dealer,
                         players, contract)
    par = par_of_hand(hand, rules, report, index)
    if par.table is None:
        return _rejected(where, par.why)  # the deal not known, or rules the solver cannot play
    if contract is None:
        return replace(where, par=par.table)  # thrown in: no contract to judge
    followed = follow_play(hand, report, rules)
    if isinstance(followed, str):
        return _rejected(where, followed)
    perfect, turning = best_play(followed, contract)
    makeable_bid, steps = raise_to(contract, perfect.bidders_points, rules)
    return HandAnalysis(
        source, index, hand.number, where.game_id, hand.dealer, players, contract,
        made=report.made,  # by play: a hand won by the renege penalty was not made
        par=par.table,
        perfect=perfect,
        makeable_bid=makeable_bid,
        raise_steps=steps,
        costly_plays=tuple(CostlyPlay(players[t.seat], t) for t in turning),
        notes=() if followed.stopped is None else (followed.stopped,),
    )


def _rejected(where: HandAnalysis, why: str) -> HandAnalysis:
    return HandAnalysis(where.source, where.game, where.hand, where.game_id, where.dealer,
                        where.players, where.contract, rejected=why)


def analyse_game(game: Game, rules: RuleSet | None = None, index: int = 1,
                 unread: tuple[int, ...] = (), source: str = "") -> tuple[HandAnalysis, ...]:
    """Analyse every hand of ``game``; ``unread`` are the lines where hands start that could
    not be read, as for :func:`notation.check.validate.check_game`."""
    rules = rules or game.rules
    report = check_game(game, rules, index, unread)
    digest = game_id(game)
    return tuple(analyse_hand(game, r.hand, rules, index, report=r, source=source, digest=digest)
                 for r in report.hands)


@dataclass(frozen=True)
class GameAnalysis:
    """A game of an archive analysed: the lines it gives, and what a rejects file keeps of it
    when some of it could not be analysed (small to send back from a worker)."""

    index: int  # the game's number in its file
    hands: tuple[HandAnalysis, ...]
    problems: tuple[Finding, ...]  # the problems met reading it
    text: str  # the game's text when there are problems to show in it, else ""
    first_line: int
    rejected_text: str  # the game's whole text when a hand was rejected, else ""
    size: int  # characters of input


def analyse_read(read: ReadGame, source: str = "") -> GameAnalysis:
    """Analyse a game as the readers give it: a game not read whole gives a rejected line
    (hand None) saying what was left out, before the lines of the hands that were read."""
    lines: list[HandAnalysis] = []
    digest = game_id(read.game)
    left_out = read.left_out()
    if read.problems and (left_out or not read.readable):
        what = ", ".join(left_out) or f"game {read.index} (line {read.first_line})"
        players = {s: read.game.seat_name(s) for s in SEATS}
        lines.append(HandAnalysis(source, read.index, None, digest, None, players, None,
                                  rejected=f"could not be read: {what}"))
    if read.game.hands and read.readable:
        lines += analyse_game(read.game, read.rules, read.index, read.unread_lines, source)
    rejected = any(line.rejected is not None for line in lines)
    return GameAnalysis(
        read.index, tuple(lines), tuple(read.problems), read.text if read.problems else "",
        read.first_line, read.rejected_text if rejected else "", len(read.rejected_text),
    )


def analyse_unit(source: str, unit: Unit) -> GameAnalysis:
    """Read and analyse one game's unit (:func:`notation.archive.reading.games`): the whole job of a
    ``t42 analyze`` worker, on this machine or on a Dask cluster."""
    return analyse_read(read_unit(unit), source)


# -- resuming a run --


@dataclass
class Resume:
    """Where an interrupted ``t42 analyze`` stopped, from the bytes it wrote: ``kept`` is how
    many bytes of its output are whole lines (a line torn by the interruption is dropped),
    ``last`` the file, number and digest of the game of the last line and ``written`` how
    many lines that game has already; ``rejected`` the games before it that went to the
    rejects file, and ``summary`` the kept lines counted. Lines end at ``\n`` only: the
    output holds names as written, U+2028 and all.

    >>> done = Resume.of(b'{"file": "a.t42", "game": 1, "game_id": "x", "rejected": "?"}\\n'
    ...                  b'{"file": "a.t42", "game": 2, "game_id": "y", "rejected": null, "con')
    >>> done.kept, done.last, done.written, done.rejected
    (62, ('a.t42', 1, 'x'), 1, set())
    """

    kept: int = 0
    last: tuple[str, int, str] | None = None
    written: int = 0
    rejected: set[tuple[str, int]] = field(default_factory=set)
    summary: AnalysisSummary = field(default_factory=lambda: AnalysisSummary())

    @classmethod
    def of(cls, raw: bytes) -> Resume:
        """The resume point of an output's bytes ``raw``."""
        done = cls()
        rejected: set[tuple[str, int]] = set()
        for line in raw.split(b"\n")[:-1]:  # the last piece has no end: torn, or nothing
            try:
                record = json.loads(line)  # bytes: read as UTF-8, a torn character refused
                where = (record["file"], record["game"], record["game_id"])
                is_rejected = record["rejected"] is not None
            except (ValueError, TypeError, KeyError):
                break  # torn by the interruption: this and anything after it is dropped
            if where == done.last:
                done.written += 1
            else:
                if done.last is not None and done.last[:2] in rejected:
                    done.rejected.add(done.last[:2])
                done.last, done.written = where, 1
            if is_rejected:
                rejected.add(where[:2])
            if "contract" in record:
                done.summary.add(record)
            done.kept += len(line) + 1
        return done


# -- the summary --


@dataclass(frozen=True, slots=True)
class PlayCost:
    """One costly play as the summary lists it."""

    cost: int
    source: str
    game: int
    hand: int
    trick: int
    seat: str
    player: str
    tile: str


@dataclass
class AnalysisSummary:
    """Counts over analysis lines (:meth:`HandAnalysis.as_json`, or lines read back from a
    file ``t42 analyze`` wrote): bids made and makeable by level, the costliest plays by
    seat and by player, overbids and underbids.

    >>> from notation.formats.text.reader import read_games
    >>> read = next(read_games((SAMPLES / "laydown-refuted.t42").read_text(encoding="utf-8")))
    >>> summary = AnalysisSummary()
    >>> for line in analyse_game(read.game, read.rules):
    ...     summary.add(line.as_json())
    >>> summary.hands, dict(summary.contracts), dict(summary.makeable), dict(summary.cost_by_seat)
    (1, {'30': 1}, {'30': 1}, {'S': 6, 'E': 6})
    """

    hands: int = 0
    rejected: int = 0
    contracts: Counter[str] = field(default_factory=Counter)  # contracts analysed, by bid
    made: Counter[str] = field(default_factory=Counter)  # of those, made as played
    makeable: Counter[str] = field(default_factory=Counter)  # and makeable with best play
    overbids: Counter[str] = field(default_factory=Counter)
    underbids: Counter[str] = field(default_factory=Counter)
    cost_by_seat: Counter[str] = field(default_factory=Counter)  # points lost, by seat
    cost_by_player: Counter[str] = field(default_factory=Counter)
    costly_by_seat: Counter[str] = field(default_factory=Counter)  # plays that cost, by seat
    costliest: list[PlayCost] = field(default_factory=list)  # the dearest plays, dearest first

    def add(self, line: Mapping[str, Any]) -> None:
        """Count one analysis line (its JSON form)."""
        if line["rejected"] is not None:
            self.rejected += 1
            return
        self.hands += 1
        contract, perfect = line["contract"], line["perfect"]
        if contract is None or perfect is None:
            return
        level = str(parse_bid(contract["bid"]).plain)  # 4m-plunge is a bid of 4 marks
        self.contracts[level] += 1
        self.made[level] += line["made"] is True
        self.makeable[level] += perfect["makeable"]
        self.overbids[level] += line["overbid"] is True
        self.underbids[level] += line["underbid"] is True
        for play in line["costly_plays"]:
            seat, cost = play["seat"], play["cost"]
            self.cost_by_seat[seat] += cost
            self.cost_by_player[play["player"]] += cost
            self.costly_by_seat[seat] += 1
            self._keep(PlayCost(cost, line["file"], line["game"], line["hand"], play["trick"],
                                seat, play["player"], play["tile"]))

    def _keep(self, play: PlayCost) -> None:
        # Dearest first, then in archive order: the same lines give the same list.
        self.costliest.append(play)
        self.costliest.sort(key=lambda p: -p.cost)  # stable: archive order among equals
        del self.costliest[COSTLIEST_SHOWN:]

    def levels(self) -> list[str]:
        """The bid levels seen, lowest first."""
        return sorted(self.contracts, key=lambda level: parse_bid(level).value)

    def as_json(self) -> dict[str, Any]:
        return {
            "hands": self.hands,
            "rejected": self.rejected,
            "bids": {
                level: {"played": self.contracts[level], "made": self.made[level],
                        "makeable": self.makeable[level], "overbids": self.overbids[level],
                        "underbids": self.underbids[level]}
                for level in self.levels()
            },
            "cost_by_seat": {s.value: self.cost_by_seat[s.value] for s in SEATS},
            "cost_by_player": dict(sorted(self.cost_by_player.items())),
        }
