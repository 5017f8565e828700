"""Checking a record against the rules: every problem as a located finding with evidence.

:func:`check_hand` and :func:`check_game` are pure: they take the record and the rule set and
return reports holding the findings and what the engine worked out (the contract, each
trick's winner and points, the marks awarded), which replay and audit reuse.

>>> from notation.reader import read_games
>>> text = '''[Rules "straight"]
... hand 1 dealer N
... bid E pass S 30 W 29 N pass
... '''
>>> [f.code for f in check_game(next(read_games(text)).game).findings]
['bid-below-minimum']
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, TypedDict

from notation.auction import bid_problem, bidding_order
from notation.bids import POINTS_IN_A_HAND
from notation.contracts import DOUBLES_SUIT, PIP_NAMES, Contract
from notation.findings import Finding, Severity
from notation.game import EndKind, Game, Hand, ScoreKind, Span
from notation.play import can_follow, follows, led_suit, trick_points, trick_winner, trump_suit
from notation.rules import AllPass, RenegePenalty, RuleSet
from notation.scoring import MarkAward, award, game_winner, is_made, is_set, needs_every_trick
from notation.seats import SEATS, Seat, Team
from notation.tiles import Tile

TRICKS_IN_A_HAND = 7
TILES_IN_A_HAND = 7


@dataclass(frozen=True, slots=True)
class TrickOutcome:
    """A trick as the engine sees it: who played what, who won it, and what it was worth."""

    number: int
    seats: tuple[Seat, ...]
    tiles: tuple[Tile, ...]
    winner: Seat
    points: int


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

    @property
    def marks(self) -> dict[Team, int] | None:
        """Marks this hand gives each team: None when the record does not settle them."""
        if self.thrown_in:
            return {Team.NS: 0, Team.EW: 0}
        if self.award is None:
            return None
        return {team: self.award.of(team) for team in Team}


@dataclass(frozen=True)
class GameReport:
    game: Game
    findings: tuple[Finding, ...]
    hands: tuple[HandReport, ...]
    marks: dict[Team, int]
    winner: Team | None

    @property
    def errors(self) -> tuple[Finding, ...]:
        return tuple(f for f in self.findings if f.is_error)


class _Place(TypedDict, total=False):
    line: int
    column: int


def _at(span: Span | None) -> _Place:
    return {} if span is None else {"line": span.line, "column": span.column}


class _HandCheck:
    """One pass over a hand; collects findings in the order a reader meets them."""

    def __init__(self, hand: Hand, rules: RuleSet) -> None:
        self.hand = hand
        self.rules = rules
        self.findings: list[Finding] = []
        self.dealt: dict[Seat, tuple[Tile, ...]] = {}
        self.contract: Contract | None = None
        self.outcomes: list[TrickOutcome] = []
        self.renege_by: Team | None = None
        self.derived_marks: dict[Team, int] | None = None

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
        self.findings.append(
            Finding(
                code,
                severity,
                message,
                hand=self.hand.number,
                trick=trick,
                seat=seat,
                evidence=evidence or {},
                **_at(span),
            )
        )

    # -- the deal (RULES.md, Equipment, seats, count) --

    def check_deal(self) -> None:
        owner: dict[Tile, Seat] = {}
        for holding in self.hand.deal:
            seat = holding.seat
            if seat in self.dealt:
                self.report(
                    "seat-dealt-twice", f"{seat} has two deal lines", holding.span, seat=seat
                )
                continue
            self.dealt[seat] = holding.tiles
            if len(holding.tiles) != TILES_IN_A_HAND:
                self.report(
                    "deal-size",
                    f"{seat} is dealt {len(holding.tiles)} tiles; each seat holds 7",
                    holding.span,
                    seat=seat,
                    evidence={"tiles": [str(t) for t in holding.tiles]},
                )
            seen: set[Tile] = set()
            for i, tile in enumerate(holding.tiles):
                span = holding.tile_spans[i] if i < len(holding.tile_spans) else holding.span
                if tile in seen:
                    self.report(
                        "tile-written-twice",
                        f"{tile} is written twice in {seat}'s hand",
                        span,
                        seat=seat,
                        evidence={"tile": str(tile)},
                    )
                elif tile in owner:
                    self.report(
                        "tile-dealt-twice",
                        f"{tile} is dealt to both {owner[tile]} and {seat}",
                        span,
                        seat=seat,
                        evidence={"tile": str(tile), "also_dealt_to": owner[tile].value},
                    )
                seen.add(tile)
                owner.setdefault(tile, seat)

    # -- the auction (RULES.md, Bidding) --

    def check_auction(self) -> None:
        auction = self.hand.auction
        if auction is None:
            return
        order = bidding_order(self.hand.dealer)
        standing = None
        for i, call in enumerate(auction.calls):
            turn = order[i] if i < len(order) else None
            if call.seat is not turn:
                words = (
                    f"it was {turn}'s turn to bid"
                    if turn is not None
                    else "every seat has already bid"
                )
                self.report(
                    "bid-out-of-turn",
                    f"{call.seat} bid out of turn: {words}",
                    call.span,
                    seat=call.seat,
                    evidence={"expected": None if turn is None else turn.value},
                )
            problem = bid_problem(call.bid, standing)
            if problem is not None:
                code, words = problem
                self.report(code, words, call.span, seat=call.seat, evidence={"bid": str(call.bid)})
            elif not call.bid.is_pass:
                standing = call.bid
        winner = auction.winning_call
        if len(auction.calls) < len(order) and (winner is None or self.hand.tricks):
            missing = ", ".join(s.value for s in order[len(auction.calls) :])
            self.report(
                "auction-incomplete",
                f"the auction stops before every seat has bid: {missing} did not bid",
                auction.span,
                severity=Severity.WARNING,
            )
        if winner is None and len(auction.calls) >= len(order):
            if self.rules.all_pass is AllPass.FORCED_BID:
                last = auction.calls[-1]
                self.report(
                    "dealer-must-bid",
                    f"all four passed: under the forced bid rule the dealer ({self.hand.dealer}) "
                    "must bid at least 30",
                    last.span,
                    seat=self.hand.dealer,
                )
            elif self.hand.tricks or self.hand.trump is not None:
                first = self.hand.trump or self.hand.tricks[0]
                self.report(
                    "played-after-reshake",
                    "all four passed, so the hand is thrown in and reshaken; nothing is played",
                    first.span,
                )

    @property
    def thrown_in(self) -> bool:
        auction = self.hand.auction
        return (
            auction is not None
            and auction.winning_call is None
            and len(auction.calls) >= 4
            and self.rules.all_pass is AllPass.RESHAKE
        )

    # -- the contract (RULES.md, Contracts) --

    def check_contract(self) -> None:
        auction, call = self.hand.auction, self.hand.trump
        winner = auction.winning_call if auction is not None else None
        if call is None or winner is None:
            if self.hand.tricks and not self.thrown_in:
                if auction is None:
                    self.report(
                        "no-auction",
                        "tricks are recorded but no auction: write the bids on a `bid` line",
                        self.hand.tricks[0].span,
                    )
                elif call is None:
                    self.report(
                        "no-trump-call",
                        "tricks are recorded but no trump was named: write a `trump` line",
                        self.hand.tricks[0].span,
                    )
            return
        if call.seat is not None and call.seat is not winner.seat:
            self.report(
                "trump-by-wrong-seat",
                f"{call.seat} named trump, but {winner.seat} won the auction",
                call.span,
                seat=call.seat,
                evidence={"declarer": winner.seat.value},
            )
        self.contract = Contract(winner.seat, winner.bid, call.trump)

    # -- the play (RULES.md, Suits and rank; Reneges) --

    def check_play(self) -> None:
        tricks = self.hand.tricks
        contract = self.contract
        if not tricks:
            return
        played: dict[Tile, tuple[int, Seat]] = {}
        played_by: dict[Seat, list[Tile]] = {s: [] for s in SEATS}
        owner = {tile: seat for seat, tiles in self.dealt.items() for tile in tiles}
        # A seat that did not follow while its hand is unknown: proven a renege if it later
        # plays a tile that could have followed (RULES.md, Reneges).
        shown_void: dict[Seat, list[tuple[int, int, Tile, Span | None]]] = {s: [] for s in SEATS}
        expected_leader = contract.declarer if contract is not None else None
        if len(tricks) > TRICKS_IN_A_HAND:
            self.report(
                "too-many-tricks",
                f"{len(tricks)} tricks are recorded; a hand has 7",
                tricks[TRICKS_IN_A_HAND].span,
            )
        for k, trick in enumerate(tricks, start=1):
            if trick.number != k:
                self.report(
                    "trick-number",
                    f"this is trick {k} but is numbered {trick.number}",
                    trick.span,
                    severity=Severity.WARNING,
                    trick=k,
                )
            if expected_leader is not None and trick.leader is not expected_leader:
                why = "the declarer leads to the first trick" if k == 1 else (
                    f"{expected_leader} won trick {k - 1}"
                )
                self.report(
                    "wrong-leader",
                    f"trick {k} is led by {trick.leader}, but {expected_leader} should lead: {why}",
                    trick.span,
                    trick=k,
                    seat=trick.leader,
                    evidence={"expected": expected_leader.value},
                )
            if len(trick.plays) != len(SEATS):
                self.report(
                    "trick-size",
                    f"trick {k} has {len(trick.plays)} plays; every seat plays once",
                    trick.span,
                    trick=k,
                )
            seats = trick.seats()
            suit = led_suit(trick.plays[0].tile, contract.trump) if contract else None
            for play, seat in zip(trick.plays, seats, strict=False):
                tile = play.tile
                if tile in played:
                    earlier, by = played[tile]
                    self.report(
                        "tile-played-twice",
                        f"{tile} was already played by {by} in trick {earlier}",
                        play.span,
                        trick=k,
                        seat=seat,
                        evidence={"tile": str(tile), "first_trick": earlier},
                    )
                elif tile in owner and owner[tile] is not seat:
                    self.report(
                        "tile-not-held",
                        f"{seat} played {tile}, which was dealt to {owner[tile]}",
                        play.span,
                        trick=k,
                        seat=seat,
                        evidence={"tile": str(tile), "dealt_to": owner[tile].value},
                    )
                elif seat in self.dealt and tile not in self.dealt[seat]:
                    self.report(
                        "tile-not-held",
                        f"{seat} played {tile}, which is not in {seat}'s dealt hand",
                        play.span,
                        trick=k,
                        seat=seat,
                        evidence={"tile": str(tile)},
                    )
                if contract is not None and suit is not None:
                    self._check_later_proof(shown_void[seat], seat, k, tile, play.span)
                    if play is not trick.plays[0] and not follows(tile, suit, contract.trump):
                        self._check_follow(seat, k, suit, tile, play.span, played_by, shown_void)
                played.setdefault(tile, (k, seat))
                played_by[seat].append(tile)
            if contract is not None and trick.plays:
                tiles = trick.tiles
                winner = seats[trick_winner(tiles, contract.trump)]
                self.outcomes.append(
                    TrickOutcome(k, seats, tiles, winner, trick_points(tiles))
                )
                expected_leader = winner

    def _check_follow(
        self,
        seat: Seat,
        k: int,
        suit: int,
        tile: Tile,
        span: Span | None,
        played_by: dict[Seat, list[Tile]],
        shown_void: dict[Seat, list[tuple[int, int, Tile, Span | None]]],
    ) -> None:
        assert self.contract is not None
        if seat in self.dealt:
            still_held = [t for t in self.dealt[seat] if t not in played_by[seat]]
            could = can_follow(still_held, suit, self.contract.trump)
            if could:
                self._renege(seat, k, suit, tile, span, could, None)
        else:
            shown_void[seat].append((k, suit, tile, span))

    def _check_later_proof(
        self,
        voids: list[tuple[int, int, Tile, Span | None]],
        seat: Seat,
        k: int,
        tile: Tile,
        span: Span | None,
    ) -> None:
        assert self.contract is not None
        for entry in list(voids):
            void_trick, suit, renege_tile, renege_span = entry
            if void_trick < k and follows(tile, suit, self.contract.trump):
                self._renege(seat, void_trick, suit, renege_tile, renege_span, (tile,), k)
                voids.remove(entry)

    def _renege(
        self,
        seat: Seat,
        k: int,
        suit: int,
        tile: Tile,
        span: Span | None,
        could: Sequence[Tile],
        proven_in: int | None,
    ) -> None:
        assert self.contract is not None  # reneges are judged only once trump is known
        suit_name = "doubles" if suit == DOUBLES_SUIT else PIP_NAMES[suit]
        led = f"trumps ({suit_name})" if suit == trump_suit(self.contract.trump) else suit_name
        tiles = ", ".join(str(t) for t in could)
        if proven_in is None:
            how = f"while holding {tiles}, which could have followed"
        else:
            how = f"but played {tiles} in trick {proven_in}, so it held a tile that could follow"
        self.report(
            "renege",
            f"{seat} reneged in trick {k}: played {tile} on a lead of {led} {how}",
            span,
            trick=k,
            seat=seat,
            evidence={
                "tile": str(tile),
                "led_suit": suit_name,
                "could_follow": [str(t) for t in could],
                "proven_by_trick": proven_in,
            },
        )
        if self.renege_by is None:
            self.renege_by = seat.team

    # -- the result (RULES.md, Ending a hand early; Scoring) --

    def result(self) -> tuple[dict[Team, int], MarkAward | None]:
        contract = self.contract
        points = {Team.NS: 0, Team.EW: 0}
        tricks_won = {Team.NS: 0, Team.EW: 0}
        for outcome in self.outcomes:
            points[outcome.winner.team] += outcome.points
            tricks_won[outcome.winner.team] += 1
        if contract is None:
            return points, None
        ending = self.hand.ending
        played = len(self.outcomes)
        if ending is not None and ending.kind is EndKind.LAYDOWN and ending.seat is not None:
            # The claimant's side takes every trick still to play, and with them the points.
            points[ending.seat.team] += POINTS_IN_A_HAND - sum(points.values())
            tricks_won[ending.seat.team] += TRICKS_IN_A_HAND - played
            played = TRICKS_IN_A_HAND
        bidders = contract.declarer.team
        bid = contract.bid
        made = is_made(bid, points[bidders], tricks_won[bidders], played)
        set_ = is_set(bid, points[bidders.opponents], tricks_won[bidders.opponents])
        if self.renege_by is not None and self.rules.renege_penalty is RenegePenalty.LOSE_HAND:
            return points, award(bid, bidders, made=self.renege_by is not bidders)
        if made or set_:
            return points, award(bid, bidders, made=made)
        if played == TRICKS_IN_A_HAND:  # pragma: no cover - seven tricks always settle a bid
            return points, award(bid, bidders, made=False)
        return points, None

    def check_ending(self, points: dict[Team, int]) -> None:
        ending, contract = self.hand.ending, self.contract
        played = len(self.hand.tricks)
        if ending is None:
            if 0 < played < TRICKS_IN_A_HAND:
                self.report(
                    "hand-unfinished",
                    f"only {played} tricks are recorded and no `end` line says why play stopped",
                    self.hand.tricks[-1].span,
                    severity=Severity.WARNING,
                )
            return
        if played >= TRICKS_IN_A_HAND:
            self.report(
                "ending-after-seven",
                f"`end {ending.kind.value}` is written, but all seven tricks were played",
                ending.span,
                severity=Severity.WARNING,
            )
            return
        if contract is None or ending.kind is EndKind.LAYDOWN:
            return
        bidders = contract.declarer.team
        taken = {Team.NS: 0, Team.EW: 0}
        tricks_won = {Team.NS: 0, Team.EW: 0}
        for outcome in self.outcomes:
            taken[outcome.winner.team] += outcome.points
            tricks_won[outcome.winner.team] += 1
        bid = contract.bid
        if ending.kind is EndKind.MADE:
            ok = is_made(bid, taken[bidders], tricks_won[bidders], played)
            need = (
                "all seven tricks" if needs_every_trick(bid) else f"{bid.value} points"
            )
            why = f"the bidders ({bidders}) have {taken[bidders]} points; {bid} needs {need}"
        else:
            ok = is_set(bid, taken[bidders.opponents], tricks_won[bidders.opponents])
            if needs_every_trick(bid):
                why = f"the defenders ({bidders.opponents}) have not won a trick yet"
            else:
                why = (
                    f"the defenders ({bidders.opponents}) have {taken[bidders.opponents]} "
                    f"points; setting {bid} takes {POINTS_IN_A_HAND - bid.value + 1}"
                )
        if not ok:
            self.report(
                "ending-unjustified",
                f"play stopped as {ending.kind.value} after trick {played}, but {why}",
                ending.span,
                evidence={"points": {t.value: n for t, n in taken.items()}},
            )

    def check_score(self, points: dict[Team, int], marks: dict[Team, int] | None) -> None:
        hand = self.hand
        recorded_points = hand.score(ScoreKind.POINTS)
        settled = self.contract is not None and (
            len(self.outcomes) == TRICKS_IN_A_HAND or hand.ending is not None
        )
        if recorded_points is not None:
            if settled:
                self._compare(recorded_points, points, "misscored-points", "points")
            elif not hand.tricks and hand.ending is None:
                total = recorded_points.ns + recorded_points.ew
                if total != POINTS_IN_A_HAND:
                    self.report(
                        "misscored-points",
                        f"the points written add up to {total}; a hand is worth 42",
                        recorded_points.span,
                    )
                elif self.contract is not None and marks is None:
                    bidders = self.contract.declarer.team
                    made = recorded_points.of(bidders) >= self.contract.bid.value
                    mark = award(self.contract.bid, bidders, made)
                    marks = {t: mark.of(t) for t in Team}
        recorded_marks = hand.score(ScoreKind.MARKS)
        if recorded_marks is not None and marks is not None:
            self._compare(recorded_marks, marks, "misscored-marks", "marks")
        self.derived_marks = marks

    def _compare(self, line: Any, expected: dict[Team, int], code: str, what: str) -> None:
        written = {Team.NS: line.ns, Team.EW: line.ew}
        if written != expected:
            why = ""
            if (
                code == "misscored-marks"
                and self.renege_by is not None
                and self.rules.renege_penalty is RenegePenalty.LOSE_HAND
            ):
                why = f" (a renege by {self.renege_by} loses the hand)"
            self.report(
                code,
                f"{what} written as NS {written[Team.NS]} EW {written[Team.EW]}, but the hand "
                f"gives NS {expected[Team.NS]} EW {expected[Team.EW]}{why}",
                line.span,
                evidence={
                    "written": {t.value: n for t, n in written.items()},
                    "computed": {t.value: n for t, n in expected.items()},
                },
            )


def check_hand(hand: Hand, rules: RuleSet | None = None) -> HandReport:
    """Check one hand under ``rules`` (straight 42 by default)."""
    rules = rules or RuleSet()
    check = _HandCheck(hand, rules)
    check.check_deal()
    check.check_auction()
    check.check_contract()
    check.check_play()
    points, mark = check.result()
    check.check_ending(points)
    thrown_in = check.thrown_in
    marks = {Team.NS: 0, Team.EW: 0} if thrown_in else (
        None if mark is None else {t: mark.of(t) for t in Team}
    )
    check.check_score(points, marks)
    derived = check.derived_marks
    if mark is None and derived is not None and not thrown_in:
        # Marks settled by the points the scorekeeper wrote (no tricks recorded).
        winner = Team.NS if derived[Team.NS] else Team.EW
        mark = MarkAward(winner, derived[winner])
    return HandReport(
        hand,
        tuple(check.findings),
        check.contract,
        tuple(check.outcomes),
        points,
        mark,
        thrown_in,
    )


def check_game(
    game: Game,
    rules: RuleSet | None = None,
    index: int | None = None,
    unread: Collection[int] = (),
) -> GameReport:
    """Check every hand of a game, the deal rotation and the running marks.

    ``rules`` defaults to what the game's tags name; ``index`` (1-based) is put on findings.
    ``unread`` holds the lines where hands start that could not be read (syntax errors): the
    hand after such a gap is not compared with the one before it, and the running marks are
    unknown until the record writes a total again.
    """
    rules = rules or game.rules
    findings: list[Finding] = []
    reports: list[HandReport] = []
    running = {Team.NS: 0, Team.EW: 0}
    known = True  # whether the running marks are still known
    winner: Team | None = None
    previous: Hand | None = None
    last_line = 0
    for hand in game.hands:
        report = check_hand(hand, rules)
        hand_findings = list(report.findings)
        span = hand.header.span
        line = span.line if span is not None else last_line
        if any(last_line < gap < line for gap in unread):
            previous, known = None, False
        last_line = line
        if previous is not None:
            if hand.number != previous.number + 1:
                hand_findings.insert(0, Finding(
                    "hand-number",
                    Severity.WARNING,
                    f"hand {hand.number} follows hand {previous.number}",
                    hand=hand.number,
                    **_at(span),
                ))
            if hand.dealer is not previous.dealer.next:
                hand_findings.insert(0, Finding(
                    "dealer-out-of-turn",
                    Severity.WARNING,
                    f"{hand.dealer} deals hand {hand.number}, but the deal passes left from "
                    f"{previous.dealer} to {previous.dealer.next}",
                    hand=hand.number,
                    seat=hand.dealer,
                    **_at(span),
                ))
        if winner is not None:
            hand_findings.insert(0, Finding(
                "played-after-game-won",
                Severity.ERROR,
                f"{winner} had already won the game with {running[winner]} marks",
                hand=hand.number,
                **_at(span),
                evidence={"marks": {t.value: n for t, n in running.items()}},
            ))
        marks = report.marks
        if marks is None:
            recorded = hand.score(ScoreKind.MARKS)
            marks = None if recorded is None else {Team.NS: recorded.ns, Team.EW: recorded.ew}
        if marks is None:
            known = False
        else:
            for team in Team:
                running[team] += marks[team]
        total = hand.score(ScoreKind.TOTAL)
        if total is not None and known:
            written = {Team.NS: total.ns, Team.EW: total.ew}
            if written != running:
                hand_findings.append(Finding(
                    "misscored-total",
                    Severity.ERROR,
                    f"running marks written as NS {total.ns} EW {total.ew}, but the hands so far "
                    f"give NS {running[Team.NS]} EW {running[Team.EW]}",
                    hand=hand.number,
                    **_at(total.span),
                    evidence={
                        "written": {t.value: n for t, n in written.items()},
                        "computed": {t.value: n for t, n in running.items()},
                    },
                ))
        if total is not None and not known:
            # Trust the scorekeeper's total from here on, so later hands can still be checked.
            running = {Team.NS: total.ns, Team.EW: total.ew}
            known = True
        if winner is None and known:
            winner = game_winner(running[Team.NS], running[Team.EW], rules)
        findings.extend(replace(f, game=index) for f in hand_findings)
        reports.append(replace(report, findings=tuple(hand_findings)))
        previous = hand
    return GameReport(game, tuple(findings), tuple(reports), running, winner)
