"""Par tables: what each seat could make as declarer of a deal, with best play by all four.

For each seat as declarer and each plain contract the rule set allows
(:meth:`RuleSet.plain_trumps`: the seven pip suits, the doubles, follow-me with the table's
doubles reading), a par table holds the points the declaring side takes with best play by
all four, that seat leading. Where the table plays them, it also says whether each seat can
make a special contract (Nello, Plunge, Splash, Sevens; Low-No for the dealer). From these
come each seat's highest makeable bid (:meth:`ParTable.best`) and the par contract
(:meth:`ParTable.par`), as docs/rules.md, Par, defines them.

Every cell is the exact solver's (:mod:`notation.solver.solver`); the rules of play, scoring and the
bid ladder are the engine's (:func:`notation.rules.scoring.highest_bid_made`,
:func:`notation.rules.auction.opening_bids`, :func:`notation.rules.tricks.first_leader`).

>>> from notation.model.tiles import ALL_TILES, Tile
>>> hands = {Seat.N: "6-6 5-5 4-4 3-3 2-2 1-1 0-0", Seat.E: "6-5 6-4 6-3 6-2 6-1 6-0 5-4",
...          Seat.S: "5-3 5-2 5-1 5-0 4-3 4-2 4-1", Seat.W: "4-0 3-2 3-1 3-0 2-1 2-0 1-0"}
>>> deal = {s: tuple(map(Tile.parse, ws.split())) for s, ws in hands.items()}
>>> table = par_table(deal, dealer=Seat.W)
>>> table.points[Seat.N, Trump.doubles_trump()], str(table.best(Seat.N))
(42, '2m')
>>> print(table.par())
N 2m doubles
"""

from __future__ import annotations

import heapq
import os
import threading
from collections.abc import Iterator, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass
from typing import Any

from notation.check.board import DEAL_NOT_KNOWN, known_deal, whole_deal
from notation.check.validate import HandReport, check_hand
from notation.errors import T42Error
from notation.model.bids import POINTS_IN_A_HAND, Bid
from notation.model.contracts import DOUBLES_NEEDED, Contract, Special, Trump, TrumpKind
from notation.model.game import Hand
from notation.model.rule_sets import RuleSet
from notation.model.seats import SEATS, Seat, Team
from notation.model.tiles import TILES_IN_A_HAND, Tile
from notation.rules.auction import deal_bidding_order, forced_only, partner_may_name
from notation.rules.play import is_trump
from notation.rules.scoring import highest_bid_made
from notation.rules.tricks import first_leader
from notation.solver.solver import (
    NELLO_MAXIMIZERS,
    Position,
    Solver,
    UnsupportedContract,
    contract_tables,
)

# The special contracts in the order of a par table's columns.
SPECIALS = (Special.NELLO, Special.PLUNGE, Special.SPLASH, Special.SEVENS, Special.LOW_NO)


class DealError(T42Error, ValueError):
    """Holdings that are not a whole deal: seven different tiles to each of the four seats."""


@dataclass(frozen=True, slots=True)
class SpecialVerdict:
    """Whether a seat can make a special contract with best play by all four.

    ``made`` is None when it was not analysed (``why`` says why); ``trump`` the contract
    that makes it (the Nello reading of the doubles, the trump the Plunge or Splash partner
    names), when it is made.
    """

    made: bool | None
    trump: Trump | None = None
    why: str = ""

    def as_json(self) -> dict[str, Any]:
        return {
            "made": self.made,
            "contract": None if self.trump is None else str(self.trump),
            "why": self.why,
        }


@dataclass(frozen=True, slots=True)
class ParTable:
    """What each seat makes as declarer of one deal, with best play by all four.

    ``points[seat, trump]`` is the points the declaring side takes in ``trump`` with ``seat``
    as declarer, leading to the first trick; ``specials[seat, special]`` the verdict on each
    special contract the rule set plays. ``dealer`` breaks ties for the par contract.
    """

    deal: Mapping[Seat, tuple[Tile, ...]]
    rules: RuleSet
    dealer: Seat
    trumps: tuple[Trump, ...]
    points: Mapping[tuple[Seat, Trump], int]
    specials: Mapping[tuple[Seat, Special], SpecialVerdict]

    @property
    def special_columns(self) -> tuple[Special, ...]:
        """The special contracts the table has a column for (those the rule set plays)."""
        return tuple(s for s in SPECIALS if self.rules.plays(s))

    def best_contract(self, seat: Seat) -> Contract | None:
        """The highest bid ``seat`` can make as declarer and the contract that makes it
        (the plain contract with the most points when several make the same bid, then the
        one in which the seat holds the most trumps, then the first in table order; a plain
        contract before a special one); None when nothing reaches the smallest bid.

        Low-No is left out: only the dealer plays it, and only after three passes.
        """
        found: list[tuple[int, int, int, int, Contract]] = []
        held = self.deal.get(seat, ())
        for order, trump in enumerate(self.trumps):
            taken = self.points[seat, trump]
            bid = highest_bid_made(seat, trump, taken, self.rules)
            if bid is not None:
                # The suit a player names is the one she holds most of (docs/rules.md, Par).
                trumps_held = sum(is_trump(tile, trump) for tile in held)
                found.append(
                    (bid.value, taken, trumps_held, -order, Contract(seat, bid, trump))
                )
        for order, special in enumerate(self.special_columns, start=len(self.trumps)):
            verdict = self.specials.get((seat, special))
            if (special is Special.LOW_NO or forced_only(special, self.rules)
                    or verdict is None or not verdict.made):
                continue
            assert verdict.trump is not None
            taken = 0 if special.is_nello else POINTS_IN_A_HAND
            bid = highest_bid_made(seat, verdict.trump, taken, self.rules)
            if bid is not None:
                found.append((bid.value, -1, 0, -order, Contract(seat, bid, verdict.trump)))
        if not found:
            return None
        return max(found, key=lambda f: f[:4])[4]

    def best(self, seat: Seat) -> Bid | None:
        """The highest bid ``seat`` can make as declarer (None: nothing reaches 30)."""
        contract = self.best_contract(seat)
        return None if contract is None else contract.bid

    def par(self) -> Contract | None:
        """The par contract (docs/rules.md, Par): the highest bid any seat can make, by
        the first seat in bidding order (from the dealer's left, or the holder of the 1-0
        under first-bidder=holder-of-0-1) that can make it, in the contract that makes
        it; None when no seat can make a bid."""
        best: Contract | None = None
        for seat in deal_bidding_order(self.dealer, self.rules, self.deal):
            contract = self.best_contract(seat)
            if contract is not None and (best is None or best.bid < contract.bid):
                best = contract
        return best

    def as_json(self) -> dict[str, Any]:
        """The table as JSON (schemas/par.schema.json)."""
        par = self.par()
        seats: dict[str, Any] = {}
        for seat in SEATS:
            best = self.best_contract(seat)
            seats[seat.value] = {
                "tiles": [str(t) for t in self.deal[seat]],
                "points": {str(t): self.points[seat, t] for t in self.trumps},
                "specials": {
                    s.value: self.specials[seat, s].as_json()
                    for s in self.special_columns if (seat, s) in self.specials
                },
                "best": None if best is None else best.as_json(),
            }
        return {
            "rules": self.rules.name,
            "options": self.rules.options(),
            "dealer": self.dealer.value,
            "trumps": [str(t) for t in self.trumps],
            "specials": [s.value for s in self.special_columns],
            "seats": seats,
            "par": None if par is None else par.as_json(),
        }


def par_table(
    deal: Mapping[Seat, tuple[Tile, ...]], rules: RuleSet | None = None,
    dealer: Seat = Seat.N, *, trumps: Sequence[Trump] | None = None,
    workers: int | None = None,
) -> ParTable:
    """The par table of a deal (seven tiles to each seat) under ``rules`` (straight 42 by
    default), ``dealer`` deciding ties for par.

    ``trumps`` limits the plain contracts solved (all that the rule set allows, by default);
    best bids and par are then among those contracts and the special ones. The trumps are
    solved on ``workers`` threads (by default one for each core this process may use): the
    compiled search lets go of the interpreter while it runs, so they run side by side.

    Every contract is played as the table plays it, its opening lead too (an opening lead
    held to a trump, or played as the suit of its small end: docs/rules.md, Contracts).
    """
    rules = rules or RuleSet()
    _check_whole(deal)
    trumps = rules.plain_trumps() if trumps is None else tuple(trumps)
    points: dict[tuple[Seat, Trump], int] = {}
    for cells in _solved(deal, trumps, workers, rules):
        points.update(cells)
    specials: dict[tuple[Seat, Special], SpecialVerdict] = {}
    for special in SPECIALS:
        if not rules.plays(special):
            continue
        for seat in SEATS:
            verdict = _special_verdict(deal, rules, dealer, seat, special, points)
            if verdict is not None:
                specials[seat, special] = verdict
    return ParTable(dict(deal), rules, dealer, tuple(trumps), points, specials)


def _check_whole(deal: Mapping[Seat, tuple[Tile, ...]]) -> None:
    """Refuse holdings that are not all 28 tiles, seven to a seat."""
    if not whole_deal(deal):
        short = [s for s in SEATS if len(set(deal.get(s, ()))) != TILES_IN_A_HAND]
        raise DealError(
            "a par table needs the whole deal, seven different tiles to each seat; "
            + (f"{', '.join(map(str, short))} hold{'s' if len(short) == 1 else ''} "
               f"another number" if short else "some tile is dealt twice")
        )


def cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on every system
        return os.cpu_count() or 1


def _solved(deal: Mapping[Seat, tuple[Tile, ...]], trumps: Sequence[Trump],
            workers: int | None, rules: RuleSet) -> Iterator[dict[tuple[Seat, Trump], int]]:
    """The cells of each trump in turn (:func:`_plain_points`), each trump with its own
    solver, on ``workers`` threads (None: :func:`cores`; see :func:`_on_threads`)."""
    workers = min(len(trumps), cores() if workers is None else workers)
    if workers <= 1:
        return (_plain_points(deal, trump, rules) for trump in trumps)
    return iter(_on_threads(deal, trumps, workers, rules))


DECLARERS = (Seat.N, Seat.S, Seat.E, Seat.W)
"""The order in which one solver takes a trump's declarers: partners one after the other
(their values are often close, and each is the guess for the next)."""


class _Declaring:
    """One trump's cells, found declarer by declarer with one solver: its table holds NS
    points from positions keyed by the tiles left and the leader, true whoever led the first
    trick, so what one declarer's search learned serves the next."""

    def __init__(self, deal: Mapping[Seat, tuple[Tile, ...]], trump: Trump,
                 rules: RuleSet) -> None:
        self.deal = deal
        self.trump = trump
        self.solver = Solver(contract_tables(trump, rules=rules))
        self.cells: dict[tuple[Seat, Trump], int] = {}
        self._guess: int | None = None

    def declare(self, seats: Sequence[Seat]) -> _Declaring:
        """Solve ``seats`` as declarers (each leading), each value the guess for the next."""
        for seat in seats:
            ns = self.solver.value(Position.deal(self.deal, seat), self._guess)
            self._guess = ns
            self.cells[seat, self.trump] = ns if seat.team is Team.NS else POINTS_IN_A_HAND - ns
        return self


def _plain_points(deal: Mapping[Seat, tuple[Tile, ...]], trump: Trump,
                  rules: RuleSet) -> dict[tuple[Seat, Trump], int]:
    """The declaring side's points in ``trump`` with each seat declaring and leading."""
    return _Declaring(deal, trump, rules).declare(DECLARERS).cells


def _first_declarer(deal: Mapping[Seat, tuple[Tile, ...]], trump: Trump,
                    rules: RuleSet) -> _Declaring:
    return _Declaring(deal, trump, rules).declare(DECLARERS[:1])


def _on_threads(deal: Mapping[Seat, tuple[Tile, ...]], trumps: Sequence[Trump],
                workers: int, rules: RuleSet) -> list[dict[tuple[Seat, Trump], int]]:
    """The cells of each trump (as :func:`_plain_points`), on ``workers`` threads.

    Each trump's first declarer is queued first, in table order; as each is solved, the
    rest of its trump is queued behind them, and a thread that takes one takes the trump
    whose first declarer searched the most plays (a trump's cost follows its first
    declarer's, and the dearest last would leave a core idle at the end). Each solver is
    used by one thread at a time, so the cells are the serial table's.
    """
    cells: dict[int, dict[tuple[Seat, Trump], int]] = {}
    waiting: list[tuple[int, int, _Declaring]] = []  # (-plays so far, trump, its solving)
    lock = threading.Lock()

    def dearest() -> None:
        with lock:
            _, k, job = heapq.heappop(waiting)
        cells[k] = job.declare(DECLARERS[1:]).cells

    with ThreadPoolExecutor(workers) as pool:
        firsts = {pool.submit(_first_declarer, deal, t, rules): k for k, t in enumerate(trumps)}
        rests = []
        for done in as_completed(firsts):
            job = done.result()
            with lock:
                heapq.heappush(waiting, (-job.solver.nodes, firsts[done], job))
            rests.append(pool.submit(dearest))
        for rest in rests:
            rest.result()
    return [cells[k] for k in range(len(trumps))]


def _special_verdict(
    deal: Mapping[Seat, tuple[Tile, ...]], rules: RuleSet, dealer: Seat, seat: Seat,
    special: Special, points: Mapping[tuple[Seat, Trump], int],
) -> SpecialVerdict | None:
    """Whether ``seat`` can make ``special``; None for a seat that may not declare it at all
    (Low-No for any seat but the dealer, and a contract played only by the dealer forced to
    bid: nello=forced, sevens=forced)."""
    if (special is Special.LOW_NO or forced_only(special, rules)) and seat is not dealer:
        return None
    need = DOUBLES_NEEDED.get(special, 0)
    doubles = sum(t.is_double for t in deal[seat])
    if doubles < need:
        return SpecialVerdict(False, None, f"{seat} holds {doubles} doubles; a {special.title} "
                                    f"needs {need}")
    try:
        if special.partner_names_trump:
            return _partner_trump(deal, rules, seat, special, points)
        if special.is_nello:
            return _nello(deal, rules, seat, special)
        trump = Trump.called(TrumpKind.FOLLOW_ME, special=special)
        solver = Solver(contract_tables(trump, rules=rules))
        made = solver.takes_every_trick(Position.deal(deal, seat), seat.team)
        return SpecialVerdict(made, trump if made else None)
    except UnsupportedContract as e:
        # Said, not guessed: a contract the solver cannot play is left "not analysed".
        return SpecialVerdict(None, None, f"not analysed: {e}")


def _partner_trump(deal: Mapping[Seat, tuple[Tile, ...]], rules: RuleSet, seat: Seat,
                   special: Special,
                   points: Mapping[tuple[Seat, Trump], int]) -> SpecialVerdict:
    """A Plunge or Splash: made when the partner can name a trump in which the side takes
    every trick, the contract's leader leading. That is a plain contract's cell of the table
    (the same play, the same leader), so nothing more is searched; a cell not in the table
    is asked as a zero-window question (every trick, or not)."""
    for trump in rules.plain_trumps():
        contract = Contract(seat, Bid.marks(1), Trump.called(
            trump.kind, trump.suit, trump.doubles, special))
        if not partner_may_name(contract.trump, rules):
            continue
        leader = first_leader(contract, rules)
        taken = points.get((leader, trump))
        if taken is None:
            solver = Solver(contract_tables(trump, rules=rules))
            sweeps = solver.takes_every_trick(Position.deal(deal, leader), seat.team)
        else:
            sweeps = taken == POINTS_IN_A_HAND
        if sweeps:
            return SpecialVerdict(True, contract.trump)
    return SpecialVerdict(False)


def _nello(deal: Mapping[Seat, tuple[Tile, ...]], rules: RuleSet, seat: Seat,
           special: Special) -> SpecialVerdict:
    """A Nello (or Low-No): made when, in some reading of the doubles the declarer may name,
    the declarer loses every trick, the partner sitting out."""
    out = seat.partner
    seated = {s: tiles for s, tiles in deal.items() if s is not out}
    start = Position.deal(seated, seat)
    for rank in rules.nello_doubles_allowed():
        trump = Trump.called(TrumpKind.FOLLOW_ME, None, rank, special)
        solver = Solver(contract_tables(trump, out.index, rules), maximizers=NELLO_MAXIMIZERS)
        if not solver.reaches(start, seat.team, 1):
            return SpecialVerdict(True, trump)
    return SpecialVerdict(False)


@dataclass(frozen=True, slots=True)
class HandPar:
    """The par table of a recorded hand, or why there is none (``why``): the deal is not
    known."""

    game: int
    hand: int
    table: ParTable | None
    why: str = ""

    def as_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "hand": self.hand,
            "table": None if self.table is None else self.table.as_json(),
            "why": self.why,
        }


def par_of_hand(hand: Hand, rules: RuleSet | None = None, report: HandReport | None = None,
                game: int = 1) -> HandPar:
    """:func:`hand_par` with the reason when there is no table, numbered for a report.

    ``report`` is :func:`notation.check.validate.check_hand` of the hand, when the caller has it.
    """
    table = hand_par(hand, rules, report)
    if table is None:
        return HandPar(game, hand.number, None, DEAL_NOT_KNOWN)
    return HandPar(game, hand.number, table)


def par_json(hands: Sequence[HandPar], path: str) -> dict[str, Any]:
    """The par tables of a file's hands as one JSON document (schemas/par.schema.json)."""
    return {"path": path, "hands": [h.as_json() for h in hands]}


def hand_par(hand: Hand, rules: RuleSet | None = None,
             report: HandReport | None = None) -> ParTable | None:
    """The par table of a recorded hand, its dealer breaking ties; None when the record does
    not show all 28 tiles (:func:`notation.check.board.known_deal`: the deal lines, or the play).

    ``report`` is :func:`notation.check.validate.check_hand` of the hand, when the caller has it.
    """
    rules = rules or RuleSet()
    if report is None:
        report = check_hand(hand, rules)
    deal = known_deal(hand, report)
    return None if deal is None else par_table(deal, rules, hand.dealer)
