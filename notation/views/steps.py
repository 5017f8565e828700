"""Stepping through a hand: the state of the table after every bid, play and trick.

Everything here is pure: the steps are built from the record (:class:`~notation.model.game.Hand`)
and the engine's report of it (:class:`~notation.check.validate.HandReport`). Who won a trick and
what it was worth come from the report's trick outcomes; nothing about the rules is worked
out again here. A full hand of straight 42 takes 42 steps: the deal, 4 calls, the trump,
28 plays, 7 trick ends and the score.

>>> from notation.formats.text.reader import read_games
>>> from notation.check.validate import check_game
>>> text = '''[North "Ann"] [East "Bob"] [South "Cy"] [West "Dee"]
... hand 1 dealer N
... deal N 6-6 6-0 5-3 5-1 4-0 3-0 2-2
...      E 6-3 5-4 5-0 4-4 4-2 4-1 3-3
...      S 6-5 6-4 5-2 4-3 2-1 1-1 1-0
...      W 6-2 6-1 5-5 3-2 3-1 2-0 0-0
... bid E pass S 30 W pass N pass
... trump fives
... 1 S 4-3 5-5 4-0 4-4
... '''
>>> game = next(read_games(text)).game
>>> steps = list(game_steps(game, check_game(game)))
>>> for step in steps[5:12]:
...     print(step.index, step.text)
6 S names fives
7 S leads 4-3 (fours)
8 W plays 5-5 (trumps)
9 N plays 4-0
10 E plays 4-4
11 W wins trick 1 for 11 points
12 NS 0, EW 11 points; the record does not settle the marks
>>> steps[10].trick.leader, [str(t) for t in steps[10].seats[Seat.W].held]
(<Seat.S: 'S'>, ['6-2', '6-1', '3-2', '3-1', '2-0', '0-0'])
>>> steps[11].points[Team.EW], steps[11].tricks_won[Team.EW]
(11, 1)
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace

from notation.check.validate import GameReport, HandReport, marks_gained
from notation.model.bids import Bid, BidKind
from notation.model.contracts import DOUBLES_SUIT, PIP_NAMES, Contract, Trump
from notation.model.findings import Finding, plural
from notation.model.game import (
    Call,
    Comment,
    EndKind,
    Game,
    Glyph,
    Hand,
    Play,
    ScoreKind,
    Span,
    TrumpCall,
)
from notation.model.lines import ItemPlace
from notation.model.seats import SEATS, Seat, Team
from notation.model.tiles import TILES_IN_A_HAND, Tile
from notation.model.written import WrittenEnum
from notation.rules.play import is_trump, led_suit
from notation.rules.tricks import TrickOutcome, tally

# Findings about the hand's result: shown with the score, whatever line they point at
# (hand-unfinished points at the last trick, but it is news only once play has stopped).
_SCORE_CODES = frozenset(
    {"hand-unfinished", "misscored-points", "misscored-marks", "misscored-total"}
)


class StepKind(WrittenEnum):
    """What happened at a step."""

    DEAL = "deal"  # the hand starts: the dealer and the tiles dealt
    CALL = "call"  # a bid or a pass
    TRUMP = "trump"  # the declarer names trump
    PLAY = "play"  # a tile is led or played to the trick
    TRICK = "trick"  # the trick is complete and taken
    END = "end"  # play stops early (made, set or laydown)
    SCORE = "score"  # the hand is scored and the marks move on


@dataclass(frozen=True, slots=True)
class SeatTiles:
    """One seat's tiles at a step: ``held`` is None when the record has no deal for it."""

    held: tuple[Tile, ...] | None
    played: tuple[Tile, ...] = ()

    @property
    def unknown(self) -> int:
        """How many tiles the seat holds that the record does not name."""
        if self.held is not None:
            return 0
        return max(0, TILES_IN_A_HAND - len(self.played))


@dataclass(frozen=True, slots=True)
class TableTrick:
    """The trick on the table: plays clockwise from ``leader``; winner once it is taken.

    ``number`` is the trick's place in the hand (1 … 7), as the engine counts it.
    """

    number: int
    leader: Seat
    plays: tuple[tuple[Seat, Tile], ...] = ()
    winner: Seat | None = None
    points: int | None = None

    @property
    def taken(self) -> str | None:
        """Who took the trick, in words under it (the board, the page, the diagram): None
        until it is taken.

        >>> TableTrick(3, Seat.N, winner=Seat.E, points=1).taken
        'E takes 1 point'
        """
        if self.winner is None or self.points is None:
            return None
        return f"{self.winner} takes {plural(self.points, 'point')}"

    def tile_of(self, seat: Seat) -> Tile | None:
        for s, tile in self.plays:
            if s is seat:
                return tile
        return None


@dataclass(frozen=True)
class Step:
    """The table after one bid, play or other event of a hand.

    ``points`` and ``tricks_won`` are this hand's so far; ``marks_before`` are the game's
    running marks before this hand (None when the record does not settle them), and
    ``marks_after`` is set on the hand's last step only. The dicts are not to be changed.
    """

    hand: int
    index: int  # 1-based position of the step in its hand
    kind: StepKind
    text: str
    dealer: Seat
    actor: Seat | None  # the seat that bid, played or took the trick
    seats: dict[Seat, SeatTiles]
    auction: tuple[tuple[Seat, Bid], ...]
    contract: Contract | None
    trump: Trump | None
    trick: TableTrick | None
    tricks_won: dict[Team, int]
    points: dict[Team, int]
    marks_before: dict[Team, int] | None
    marks_after: dict[Team, int] | None = None
    findings: tuple[Finding, ...] = ()
    comments: tuple[str, ...] = ()
    glyph: Glyph | None = None  # the writer's glyph on the call, trump call or play
    place: ItemPlace | None = None  # where the step's call, trump call or play is in the hand
    variations: int = 0  # how many variations are written after it


@dataclass
class _Anchor:
    """Where findings may land on one step: the spans of its items, its trick and seat."""

    spans: list[Span] = field(default_factory=list)
    trick: int | None = None
    seat: Seat | None = None


def _spans(*spans: Span | None) -> list[Span]:
    return [s for s in spans if s is not None]


def _texts(*groups: tuple[Comment, ...]) -> tuple[str, ...]:
    return tuple(c.text for group in groups for c in group)


def bid_words(bid: Bid) -> str:
    """A call in words: ``passes``, ``bids 30``, ``bids 2 marks``."""
    if bid.is_pass:
        return "passes"
    if bid.kind is BidKind.MARKS:
        return f"bids {plural(bid.amount, 'mark')}"
    return f"bids {bid.amount}"


def auction_words(step: Step) -> str:
    """The calls so far: ``E pass · S 31 · W pass``, or ``—`` before the first."""
    return " · ".join(f"{seat} {bid}" for seat, bid in step.auction) or "—"


def teams_words(score: Mapping[Team, int] | None) -> str:
    """Both teams' marks (or points), NS first: ``NS 3 · EW 1``; ``not known`` for None.

    >>> teams_words({Team.NS: 3, Team.EW: 1}), teams_words(None)
    ('NS 3 · EW 1', 'not known')
    """
    if score is None:
        return "not known"
    return f"NS {score[Team.NS]} · EW {score[Team.EW]}"


def marks_words(step: Step) -> str:
    """The game's running marks at this step: after the hand once it is scored."""
    return teams_words(step.marks_after if step.kind is StepKind.SCORE else step.marks_before)


def contract_words(step: Step) -> str:
    """The contract as the table says it: ``S 31 in sixes``, or what is known of it."""
    contract = step.contract
    if contract is not None:
        bid = bid_words(contract.bid).removeprefix("bids ")
        return f"{contract.declarer} {bid} in {contract.trump}"
    if step.trump is not None:
        return f"none (trump {step.trump} named)"
    return "—"


def _glyph(item: Call | TrumpCall | Play) -> str:
    """The item's glyph as the notation writes it, right after the item (``6-5?``)."""
    return "" if item.glyph is None else str(item.glyph)


def _suit_words(suit: int) -> str:
    return "doubles" if suit == DOUBLES_SUIT else PIP_NAMES[suit]


class _Stepper:
    """Builds the steps of one hand, carrying the table's state from step to step."""

    def __init__(self, hand: Hand, report: HandReport, marks_before: dict[Team, int] | None):
        self.hand = hand
        self.report = report
        self.marks_before = marks_before
        self.held: dict[Seat, list[Tile] | None] = {}
        for seat in SEATS:
            holding = hand.holding(seat)
            self.held[seat] = None if holding is None else list(holding.tiles)
        self.played: dict[Seat, list[Tile]] = {s: [] for s in SEATS}
        self.auction: list[tuple[Seat, Bid]] = []
        self.trump: Trump | None = None
        self.contract: Contract | None = None
        self.trick: TableTrick | None = None
        self.taken: list[TrickOutcome] = []  # the tricks taken so far
        self.tricks_won = {Team.NS: 0, Team.EW: 0}
        self.points = {Team.NS: 0, Team.EW: 0}
        self.steps: list[Step] = []
        self.anchors: list[_Anchor] = []

    def add(
        self,
        kind: StepKind,
        text: str,
        *,
        actor: Seat | None = None,
        comments: tuple[str, ...] = (),
        anchor: _Anchor | None = None,
        marks_after: dict[Team, int] | None = None,
        item: Call | TrumpCall | Play | None = None,
        place: ItemPlace | None = None,
    ) -> None:
        seats = {
            s: SeatTiles(None if h is None else tuple(h), tuple(self.played[s]))
            for s, h in self.held.items()
        }
        self.steps.append(
            Step(
                hand=self.hand.number,
                index=len(self.steps) + 1,
                kind=kind,
                text=text,
                dealer=self.hand.dealer,
                actor=actor,
                seats=seats,
                auction=tuple(self.auction),
                contract=self.contract,
                trump=self.trump,
                trick=self.trick,
                tricks_won=dict(self.tricks_won),
                points=dict(self.points),
                marks_before=None if self.marks_before is None else dict(self.marks_before),
                marks_after=marks_after,
                comments=comments,
                glyph=None if item is None else item.glyph,
                place=place,
                variations=0 if item is None else len(item.variations),
            )
        )
        self.anchors.append(anchor or _Anchor())

    def deal(self) -> None:
        hand = self.hand
        spans = _spans(hand.header.span)
        comments = _texts(hand.header.before, hand.header.after)
        for holding in hand.deal:
            spans += _spans(holding.span, *holding.tile_spans)
            comments += _texts(holding.before, holding.after)
        known = "" if hand.deal else " (the deal is not recorded)"
        self.add(
            StepKind.DEAL,
            f"hand {hand.number}: {hand.dealer} deals{known}",
            actor=hand.dealer,
            comments=comments,
            anchor=_Anchor(spans),
        )

    def calls(self) -> None:
        auction = self.hand.auction
        if auction is None:
            return
        last = len(auction.calls) - 1
        for i, call in enumerate(auction.calls):
            self.auction.append((call.seat, call.bid))
            spans = _spans(call.span)
            comments = _texts(call.before, call.after)
            if i == 0:
                comments = _texts(auction.before) + comments
            if i == last:
                # Findings about the auction as a whole are news once the last call is made.
                spans += _spans(auction.span)
                comments += _texts(auction.after)
            self.add(
                StepKind.CALL,
                f"{call.seat} {bid_words(call.bid)}{_glyph(call)}",
                actor=call.seat,
                comments=comments,
                anchor=_Anchor(spans, seat=call.seat),
                item=call,
                place=ItemPlace("call", -1, i),
            )

    def trump_call(self) -> None:
        call = self.hand.trump
        self.contract = self.report.contract
        if call is None:
            return
        self.trump = call.trump
        seat = call.seat or (self.contract.declarer if self.contract else None)
        text = f"{seat} names {call.trump}" if seat else f"trump: {call.trump}"
        text += _glyph(call)
        self.add(
            StepKind.TRUMP,
            text,
            actor=seat,
            comments=_texts(call.before, call.after),
            anchor=_Anchor(_spans(call.span)),
            item=call,
            place=ItemPlace("trump", -1, 0),
        )

    def play(self) -> None:
        outcomes: dict[int, TrickOutcome] = {o.number: o for o in self.report.tricks}
        trump = self.contract.trump if self.contract else None
        for k, trick in enumerate(self.hand.tricks, start=1):
            if not trick.plays:  # only a record built in code can hold an empty trick
                continue
            # The engine's seats pass over a seat that sits out (the Nello partner).
            out = self.contract.sitting_out if self.contract else None
            seats = outcomes[k].seats if k in outcomes else trick.seats(out)
            for i, (play, seat) in enumerate(zip(trick.plays, seats, strict=False)):
                tile = play.tile
                held = self.held[seat]
                if held is not None and tile in held:
                    held.remove(tile)
                self.played[seat].append(tile)
                plays = (*self.trick.plays, (seat, tile)) if i and self.trick else ((seat, tile),)
                self.trick = TableTrick(k, seats[0], plays)
                spans = _spans(play.span)
                comments = _texts(play.before, play.after)
                if i == 0:
                    # The trick's own line (its number, its leader) belongs to the lead.
                    spans += _spans(trick.span)
                    comments = _texts(trick.before) + comments
                if trump is not None and is_trump(tile, trump):
                    note = " (trumps)"
                elif trump is not None and i == 0:
                    note = f" ({_suit_words(led_suit(tile, trump))})"
                else:
                    note = ""
                verb = "leads" if i == 0 else "plays"
                self.add(
                    StepKind.PLAY,
                    f"{seat} {verb} {tile}{_glyph(play)}{note}",
                    actor=seat,
                    comments=comments,
                    anchor=_Anchor(spans, trick=k, seat=seat),
                    item=play,
                    place=ItemPlace("play", k - 1, i),
                )
            self.take(k, outcomes.get(k), _texts(trick.after))

    def take(self, k: int, outcome: TrickOutcome | None, comments: tuple[str, ...]) -> None:
        if self.trick is None:
            return
        if outcome is None and self.contract is not None:
            return  # a trick still being played (a record saved in the middle of it)
        if outcome is None:
            # The engine names no winner without a contract; the trick is still shown.
            self.add(
                StepKind.TRICK,
                f"trick {k} is complete (no contract, so no winner)",
                comments=comments,
                anchor=_Anchor(trick=k),
            )
            return
        self.taken.append(outcome)
        self.points, self.tricks_won = tally(self.taken)
        self.trick = TableTrick(
            k, self.trick.leader, self.trick.plays, outcome.winner, outcome.points
        )
        self.add(
            StepKind.TRICK,
            f"{outcome.winner} wins trick {k} for {plural(outcome.points, 'point')}",
            actor=outcome.winner,
            comments=comments,
            anchor=_Anchor(trick=k),
        )

    def end(self) -> None:
        ending = self.hand.ending
        if ending is None:
            return
        if ending.kind is EndKind.LAYDOWN:
            who = ending.seat or "a seat"
            text = f"{who} lays down the rest"
            # The engine gives the claimants every trick left, and the points with them.
            self.points = dict(self.report.points)
        else:
            text = f"play stops: the bid is {ending.kind.value}"
        self.trick = None
        self.add(
            StepKind.END,
            text,
            actor=ending.seat,
            comments=_texts(ending.before, ending.after),
            anchor=_Anchor(_spans(ending.span)),
        )

    def score(self) -> None:
        hand, report = self.hand, self.report
        written = hand.score(ScoreKind.POINTS)
        if hand.tricks or written is None:
            self.points = dict(report.points)
        else:
            # No play recorded: the hand is scored on the points the scorekeeper wrote.
            self.points = {Team.NS: written.ns, Team.EW: written.ew}
        self.trick = None
        spans = _spans(*(line.span for line in hand.scores))
        comments = _texts(*(c for s in hand.scores for c in (s.before, s.after)))
        self.add(
            StepKind.SCORE,
            self.score_words(),
            comments=comments,
            anchor=_Anchor(spans),
            marks_after=marks_after(hand, report, self.marks_before),
        )

    def score_words(self) -> str:
        report, contract = self.report, self.report.contract
        points = f"NS {self.points[Team.NS]}, EW {self.points[Team.EW]} points"
        if report.thrown_in:
            return "all four passed: the hand is thrown in"
        award = report.award
        if award is None:
            return f"{points}; the record does not settle the marks"
        marks = plural(award.marks, "mark")
        if contract is None:
            return f"{points}; {award.team} score {marks}"
        bid = (
            str(contract.bid)
            if contract.bid.kind is BidKind.POINTS
            else bid_words(contract.bid).removeprefix("bids ")
        )
        if report.renege_penalty is not None:
            # The penalty, not the play, decided the hand: say both (docs/rules.md, Reneges).
            played = (
                "" if report.made is None
                else f"{contract.declarer}'s {bid} is {'made' if report.made else 'set'} by "
                "play; "
            )
            return f"{points}: {played}{marks} to {award.team} by the renege penalty"
        made = "made" if report.made else "set"
        return f"{points}: {contract.declarer}'s {bid} is {made}; {award.team} score {marks}"

    def place(self, findings: tuple[Finding, ...]) -> list[Step]:
        """Attach each finding to the step it concerns (see :func:`_place`)."""
        placed: list[list[Finding]] = [[] for _ in self.steps]
        for f in findings:
            placed[_place(f, self.steps, self.anchors)].append(f)
        return [
            s if not fs else replace(s, findings=tuple(fs))
            for s, fs in zip(self.steps, placed, strict=True)
        ]


def _place(f: Finding, steps: list[Step], anchors: list[_Anchor]) -> int:
    """The index of the step a finding belongs to.

    In order: findings about the result go with the score; then the step whose item is
    where the finding points (line and column); then the play of ``f.seat`` in ``f.trick``
    (or the end of that trick); a bid finding without a place goes to that seat's call;
    anything else to the hand's first step.
    """
    if f.code in _SCORE_CODES:
        return len(steps) - 1
    if f.line is not None:
        for i, anchor in enumerate(anchors):
            if any((s.line, s.column) == (f.line, f.column) for s in anchor.spans):
                return i
    if f.trick is not None:
        in_trick = [i for i, a in enumerate(anchors) if a.trick == f.trick]
        for i in in_trick:
            if steps[i].kind is StepKind.PLAY and anchors[i].seat is f.seat:
                return i
        if in_trick:
            return in_trick[-1]
    if f.code.startswith("bid-") and f.seat is not None:
        for i, step in enumerate(steps):
            if step.kind is StepKind.CALL and step.actor is f.seat:
                return i
    return 0


def marks_after(
    hand: Hand, report: HandReport, before: Mapping[Team, int] | None
) -> dict[Team, int] | None:
    """The game's running marks after ``hand``, as :func:`notation.check.validate.check_game` keeps
    them.

    The engine's marks for the hand when it settles them, else the marks the scorekeeper
    wrote; when the marks so far are unknown, the running total written on the hand.
    """
    gained = marks_gained(hand, report)
    if before is not None and gained is not None:
        return {t: before[t] + gained[t] for t in Team}
    total = hand.score(ScoreKind.TOTAL)
    return None if total is None else {Team.NS: total.ns, Team.EW: total.ew}


def hand_steps(
    hand: Hand, report: HandReport, marks_before: Mapping[Team, int] | None
) -> list[Step]:
    """Every step of ``hand`` in order, with ``report``'s findings attached where they belong.

    ``report`` is the engine's report of this hand (from :func:`notation.check.validate.check_game`
    or ``check_hand``); ``marks_before`` the game's running marks before the hand, or None
    when unknown.
    """
    before = None if marks_before is None else dict(marks_before)
    stepper = _Stepper(hand, report, before)
    stepper.deal()
    stepper.calls()
    stepper.trump_call()
    stepper.play()
    stepper.end()
    stepper.score()
    return stepper.place(report.findings)


def game_steps(game: Game, report: GameReport) -> Iterator[Step]:
    """Every step of every hand of ``game``, carrying the running marks from hand to hand."""
    running: dict[Team, int] | None = {Team.NS: 0, Team.EW: 0}
    for hand, hand_report in zip(game.hands, report.hands, strict=True):
        steps = hand_steps(hand, hand_report, running)
        yield from steps
        running = steps[-1].marks_after
