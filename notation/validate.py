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
from typing import TYPE_CHECKING, Any, TypedDict

from notation.auction import bid_problem, bidding_order, plunge_bid
from notation.bids import POINTS_IN_A_HAND, Bid, BidKind
from notation.construct import quick_constructor
from notation.contracts import DOUBLES_SUIT, PIP_NAMES, Contract, Special, Trump, TrumpKind
from notation.findings import Finding, Severity
from notation.game import Call, EndKind, Game, Hand, ScoreKind, Span, Trick, TrumpCall
from notation.play import (
    can_follow,
    follows,
    is_trump,
    led_suit,
    sevens_choices,
    sevens_distance,
    trick_points,
    trick_winner,
    trump_suit,
    trump_table,
)
from notation.rules import (
    AllPass,
    FirstBidder,
    FollowMeMin,
    OpeningLead,
    OutOfTurn,
    PlungeLead,
    RenegePenalty,
    RuleSet,
    Scoring,
)
from notation.scoring import (
    MarkAward,
    award,
    game_winner,
    is_made,
    is_set,
    needs_every_trick,
    points_award,
)
from notation.seats import SEATS, Seat, Team
from notation.tiles import COUNT_BY_KEY, TILE_KEY_STRIDE, Tile

if TYPE_CHECKING:
    from notation.claims import ClaimAudit

TRICKS_IN_A_HAND = 7
TILES_IN_A_HAND = 7
ONE_BLANK = Tile(1, 0)  # its holder bids first under first-bidder=holder-of-0-1 (001)
# The smallest bid, in marks, for each special contract (RULES.md, Contracts); Plunge's
# depends on the plunge-lead option.
MIN_SPECIAL_BID: dict[Special, int] = {Special.NELLO: 1, Special.SEVENS: 1, Special.SPLASH: 2}
DOUBLES_NEEDED: dict[Special, int] = {Special.PLUNGE: 4, Special.SPLASH: 3}
NORTH, SOUTH = Seat.N, Seat.S
NS, EW = Team.NS, Team.EW
TOTAL, MARKS, POINTS = ScoreKind.TOTAL, ScoreKind.MARKS, ScoreKind.POINTS
# Enum members bound once: Python looks an enum member up slowly, and every hand needs some.
PLUNGE, SPLASH, SEVENS, LOW_NO = Special.PLUNGE, Special.SPLASH, Special.SEVENS, Special.LOW_NO
FOLLOW_ME = TrumpKind.FOLLOW_ME
POINTS_SCORING = Scoring.POINTS
NOBODY = len(SEATS)  # the sitting-out position when every seat plays
# The seats of a trick, and their positions in SEATS, by the leader's position and the
# position of the seat sitting out (NOBODY when all four play): clockwise from the leader.
TRICK_SEATS: tuple[tuple[tuple[Seat, ...], ...], ...] = tuple(
    tuple(tuple(s for s in leader.clockwise() if s is not out) for out in (*SEATS, None))
    for leader in SEATS
)
TRICK_POSITIONS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(SEATS.index(s) for s in seats) for seats in by_out) for by_out in TRICK_SEATS
)


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
    # The verdict on a lay-down (RULES.md, Ending a hand early), when the hand ends in one.
    claim: ClaimAudit | None = None

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
    game: Game
    findings: tuple[Finding, ...]
    hands: tuple[HandReport, ...]
    marks: dict[Team, int]
    winner: Team | None

    @property
    def errors(self) -> tuple[Finding, ...]:
        return tuple(f for f in self.findings if f.is_error)


# ``TrickOutcome(number, seats, tiles, winner, points)`` without the frozen dataclass's
# ``__init__``, which is most of what a clean trick costs to check.
_outcome = quick_constructor(TrickOutcome)


class _Place(TypedDict, total=False):
    line: int
    column: int


def _stands(problem: tuple[str, str], call: Call, standing: Bid | None) -> bool:
    """Whether a bid with a ``problem`` still stands for the bids after it: a jump in marks
    off the ladder beats the standing bid, and the table went on bidding over it (so the next
    bid is judged against it, not reported again for the same jump)."""
    bid = call.bid
    beats = standing is None or standing.is_pass or standing < bid
    return problem[0] == "bid-off-ladder" and bid.kind is BidKind.MARKS and bid.amount > 1 and beats


def _at(span: Span | None) -> _Place:
    return {} if span is None else {"line": span.line, "column": span.column}


class _HandCheck:
    """One pass over a hand; collects findings in the order a reader meets them.

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
        if self.fast and self._clean_deal():
            return
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

    def _clean_deal(self) -> bool:
        """The quick deal check: True, with ``dealt`` (and ``held`` for a full deal) set, when
        no seat is dealt twice, every seat holds 7 tiles and no tile is written twice."""
        dealt: dict[Seat, tuple[Tile, ...]] = {}
        held = [0] * len(SEATS)
        seen = 0
        for holding in self.hand.deal:
            seat, tiles = holding.seat, holding.tiles
            if seat in dealt or len(tiles) != TILES_IN_A_HAND:
                return False
            mask = 0
            for tile in tiles:
                mask |= 1 << (tile.high * TILE_KEY_STRIDE + tile.low)
            if seen & mask or mask.bit_count() != TILES_IN_A_HAND:  # a tile written twice
                return False
            seen |= mask
            dealt[seat] = tiles
            held[SEATS.index(seat)] = mask
        self.dealt = dealt
        if len(dealt) == len(SEATS):
            self.held = tuple(held)
        return True

    # -- the auction (RULES.md, Bidding) --

    def check_auction(self) -> None:
        auction = self.hand.auction
        if auction is None:
            return
        order, why_first = self._bidding_order()
        standing = None
        winning = self.winning
        trump = self.hand.trump.trump if self.hand.trump is not None else None
        plunge = trump is not None and trump.special is PLUNGE
        for i, call in enumerate(auction.calls):
            turn = order[i] if i < len(order) else None
            if call.seat is not turn:
                words = (
                    f"it was {turn}'s turn to bid{why_first if i == 0 else ''}"
                    if turn is not None
                    else "every seat has already bid"
                )
                lenient = self.rules.bid_out_of_turn is OutOfTurn.WARNING
                self.report(
                    "bid-out-of-turn",
                    f"{call.seat} bid out of turn: {words}",
                    call.span,
                    severity=Severity.WARNING if lenient else Severity.ERROR,
                    seat=call.seat,
                    evidence={"expected": None if turn is None else turn.value},
                )
            # The declarer's jump is a Plunge if played as one; an overcalled seat never got
            # to declare, so its jump may have been one whenever it could have been.
            may_plunge = plunge if call is winning else self._could_plunge(call.seat)
            problem = bid_problem(call.bid, standing, self.rules, plunge=may_plunge)
            if problem is not None:
                code, words = problem
                self.report(code, words, call.span, seat=call.seat, evidence={"bid": str(call.bid)})
            if not call.bid.is_pass and (problem is None or _stands(problem, call, standing)):
                standing = call.bid
        winner = winning
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

    def _bidding_order(self) -> tuple[tuple[Seat, ...], str]:
        """The seats in bidding order, and why the first one bids first when it is not the
        seat left of the dealer (RULES.md, Bidding; first-bidder option)."""
        if self.rules.first_bidder is FirstBidder.HOLDER_OF_0_1:
            for seat, tiles in self.dealt.items():
                if ONE_BLANK in tiles:
                    return seat.clockwise(), f" first, as the holder of the {ONE_BLANK}"
            calls = self.hand.auction.calls if self.hand.auction is not None else ()
            if calls:  # the deal does not say who held the 1-0: take the first bidder's word
                return calls[0].seat.clockwise(), ""
        return bidding_order(self.hand.dealer), ""

    @property
    def thrown_in(self) -> bool:
        auction = self.hand.auction
        return (
            auction is not None
            and self.winning is None
            and len(auction.calls) >= 4
            and self.rules.all_pass is AllPass.RESHAKE
        )

    # -- the contract (RULES.md, Contracts) --

    def check_contract(self) -> None:
        auction, call = self.hand.auction, self.hand.trump
        winner = self.winning
        if call is None and winner is not None and self.hand.tricks and bool(
            self.rules.trump_from_first_lead
        ):
            # 003: no trump named before the first play, so the first tile led names it.
            first = self.hand.tricks[0].plays[0].tile
            self.contract = Contract(winner.seat, winner.bid, Trump.pip(first.high))
            return
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
        special = call.trump.special
        namer = winner.seat.partner if special and special.partner_names_trump else winner.seat
        if call.seat is not None and call.seat is not namer:
            why = (
                f"in a {special.title} the declarer's partner, {namer}, names trump"
                if special and special.partner_names_trump
                else f"{winner.seat} won the auction"
            )
            self.report(
                "trump-by-wrong-seat",
                f"{call.seat} named trump, but {why}",
                call.span,
                seat=call.seat,
                evidence={"declarer": winner.seat.value, "expected": namer.value},
            )
        self.contract = Contract(winner.seat, winner.bid, call.trump)
        if special is not None:
            self.check_special(self.contract, call)
        elif (
            call.trump.kind is FOLLOW_ME
            and self.rules.follow_me_min is FollowMeMin.ONE_MARK
            and winner.bid.value < POINTS_IN_A_HAND
        ):
            self.report(
                "follow-me-below-mark",
                f"follow-me is played here only on a bid of 1 mark or more, not {winner.bid}",
                call.span,
                seat=winner.seat,
                evidence={"bid": str(winner.bid)},
            )

    def _could_plunge(self, seat: Seat) -> bool:
        """Whether ``seat`` may have meant a Plunge: the table plays it and, when the deal is
        known, the seat held the doubles one needs (RULES.md, Contracts)."""
        if not self.rules.plunge:
            return False
        held = self.dealt.get(seat)
        return held is None or sum(t.is_double for t in held) >= DOUBLES_NEEDED[PLUNGE]

    def check_special(self, contract: Contract, call: TrumpCall) -> None:
        """A special contract: that the table plays it, the bid is big enough, and the
        declarer held the doubles it needs (RULES.md, Contracts)."""
        special = contract.trump.special
        assert special is not None
        rules, declarer = self.rules, contract.declarer
        allowed = {
            Special.NELLO: rules.nello,
            Special.PLUNGE: rules.plunge,
            Special.SPLASH: rules.splash,
            Special.SEVENS: rules.sevens,
            Special.LOW_NO: rules.low_no,
        }[special]
        if not allowed:
            self.report(
                "contract-not-allowed",
                f"{special.title} is not played under these rules "
                f"(option {special.value}=no)",
                call.span,
                seat=declarer,
                evidence={"contract": special.value},
            )
            return
        doubles = rules.nello_doubles_allowed() if special.is_nello else ()
        if special.is_nello and contract.trump.doubles not in doubles:
            words = " or ".join(rank.word for rank in doubles)
            self.report(
                "contract-not-allowed",
                f"this table plays {special.title} with {words} only, not "
                f"{contract.trump.doubles.word}",
                call.span,
                seat=declarer,
                evidence={"contract": special.value, "doubles": contract.trump.doubles.value},
            )
        if special is Special.LOW_NO:
            calls = self.hand.auction.calls if self.hand.auction is not None else ()
            passes = sum(1 for c in calls if c.bid.is_pass)
            if declarer is not self.hand.dealer or passes < 3:
                self.report(
                    "contract-not-allowed",
                    "Low-No may be bid only by the dealer, after the other three have passed",
                    call.span,
                    seat=declarer,
                    evidence={"contract": special.value},
                )
            return
        need = MIN_SPECIAL_BID.get(special, 1)
        if special is Special.PLUNGE:
            need = plunge_bid(rules)
        if contract.bid.value < need * POINTS_IN_A_HAND:
            self.report(
                "contract-bid-too-low",
                f"a {special.title} needs a bid of at least {need} mark"
                f"{'s' if need > 1 else ''}, not {contract.bid}",
                call.span,
                seat=declarer,
                evidence={"contract": special.value, "bid": str(contract.bid)},
            )
        doubles_needed = DOUBLES_NEEDED.get(special)
        if doubles_needed is not None and declarer in self.dealt:
            held = [t for t in self.dealt[declarer] if t.is_double]
            if len(held) < doubles_needed:
                self.report(
                    "too-few-doubles",
                    f"a {special.title} needs {doubles_needed} doubles in the declarer's hand; "
                    f"{declarer} held {len(held)}"
                    + (f" ({', '.join(str(t) for t in held)})" if held else ""),
                    call.span,
                    seat=declarer,
                    evidence={"contract": special.value, "doubles": [str(t) for t in held]},
                )

    def first_leader(self, contract: Contract) -> Seat:
        """Who leads to the first trick: the declarer, or the partner in a Splash and in a
        Plunge under plunge-lead=partner (RULES.md, Contracts)."""
        special = contract.trump.special
        if special is SPLASH or (
            special is PLUNGE and self.rules.plunge_lead is PlungeLead.PARTNER
        ):
            return contract.declarer.partner
        return contract.declarer

    @property
    def sitting_out(self) -> Seat | None:
        """The Nello declarer's partner, who lays her tiles down and does not play."""
        contract = self.contract
        if contract is not None and contract.trump.special and contract.trump.special.is_nello:
            return contract.declarer.partner
        return None

    # -- the play (RULES.md, Suits and rank; Reneges) --

    def check_play(self) -> None:
        tricks = self.hand.tricks
        contract = self.contract
        if not tricks:
            return
        if self.fast:
            clean = self._clean_play()
            if clean is not None:
                self.outcomes.extend(clean)
                return
        played: dict[Tile, tuple[int, Seat]] = {}
        played_by: dict[Seat, list[Tile]] = {s: [] for s in SEATS}
        owner = {tile: seat for seat, tiles in self.dealt.items() for tile in tiles}
        # A seat that did not follow while its hand is unknown: proven a renege if it later
        # plays a tile that could have followed (RULES.md, Reneges).
        shown_void: dict[Seat, list[tuple[int, int, Tile, Span | None]]] = {s: [] for s in SEATS}
        expected_leader = self.first_leader(contract) if contract is not None else None
        sitting_out = self.sitting_out
        sevens = contract is not None and contract.trump.special is Special.SEVENS
        # A Sevens play farther from 7 than a tile the seat later plays (RULES.md, Contracts).
        not_closest: dict[Seat, list[tuple[int, Tile, Span | None]]] = {s: [] for s in SEATS}
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
                first = (
                    "the declarer leads to the first trick"
                    if contract is None or expected_leader is contract.declarer
                    else f"the declarer's partner leads to the first trick of a "
                    f"{contract.trump.special.title if contract.trump.special else 'contract'}"
                )
                why = first if k == 1 else f"{expected_leader} won trick {k - 1}"
                self.report(
                    "wrong-leader",
                    f"trick {k} is led by {trick.leader}, but {expected_leader} should lead: {why}",
                    trick.span,
                    trick=k,
                    seat=trick.leader,
                    evidence={"expected": expected_leader.value},
                )
            players = len(SEATS) - (sitting_out is not None)
            if len(trick.plays) != players:
                every = (
                    f"every seat but {sitting_out}, who sits out the Nello, plays once"
                    if sitting_out is not None
                    else "every seat plays once"
                )
                self.report(
                    "trick-size",
                    f"trick {k} has {len(trick.plays)} plays; {every}",
                    trick.span,
                    trick=k,
                )
            seats = trick.seats(sitting_out)
            suit = led_suit(trick.plays[0].tile, contract.trump) if contract else None
            if k == 1 and contract and suit is not None and self.rules.small_end_opening:
                suit = self._small_end_suit(contract, trick, seats, suit)
            if k == 1 and contract is not None:
                self._check_opening_lead(contract, trick.plays[0].tile, trick.plays[0].span,
                                         seats[0], played_by)
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
                if sevens:
                    self._check_sevens(seat, k, tile, play.span, played_by, not_closest[seat])
                elif contract is not None and suit is not None:
                    self._check_later_proof(shown_void[seat], seat, k, tile, play.span)
                    if play is not trick.plays[0] and not follows(tile, suit, contract.trump):
                        self._check_follow(seat, k, suit, tile, play.span, played_by, shown_void)
                played.setdefault(tile, (k, seat))
                played_by[seat].append(tile)
            if contract is not None and trick.plays:
                tiles = trick.tiles[: len(seats)]
                winner = seats[trick_winner(tiles, contract.trump, suit)]
                self.outcomes.append(
                    TrickOutcome(k, seats, tiles, winner, trick_points(tiles))
                )
                expected_leader = winner

    def _clean_play(self) -> list[TrickOutcome] | None:
        """The quick play check: each trick's outcome when the play has nothing to report,
        else None (at the first irregularity, which the thorough pass then words).

        Only for a clean deal of all four seats, by table lookups: a tile may be played by a
        seat only while it is in the seat's mask of tiles not yet played, and a seat that does
        not follow suit reneges if its mask still holds a tile of the led suit.
        """
        contract, dealt = self.contract, self.held
        tricks = self.hand.tricks
        # A small-end opening needs no care: when every seat could follow the lead's high end
        # and its winner leads the second trick, _small_end_suit reads the high end too.
        if contract is None or dealt is None or len(tricks) > TRICKS_IN_A_HAND:
            return None
        table = trump_table(contract.trump)
        led, barred_in, power_in, trumps = table.led, table.barred, table.power, table.trumps
        trump_lead = (
            self.rules.opening_lead is OpeningLead.TRUMP
            and contract.trump.kind is not FOLLOW_ME
        )
        held = list(dealt)
        at = SEATS.index(self.first_leader(contract))  # the leader's position
        sitting_out = self.sitting_out
        out = NOBODY if sitting_out is None else SEATS.index(sitting_out)
        players = len(SEATS) - (sitting_out is not None)
        outcomes: list[TrickOutcome] = []
        for k, trick in enumerate(tricks, start=1):
            plays = trick.plays
            seats = TRICK_SEATS[at][out]
            if trick.number != k or trick.leader is not seats[0] or len(plays) != players:
                return None
            tiles = tuple([p.tile for p in plays])
            # Tile keys inline (tiles.tile_key): this loop is the hot path of checking.
            lead = tiles[0].high * TILE_KEY_STRIDE + tiles[0].low
            if k == 1 and trump_lead and not trumps >> lead & 1 and dealt[at] & trumps:
                return None  # the opening lead had to be a trump
            suit = led[lead]
            barred, power = barred_in[suit], power_in[suit]
            best, won, points = 0, at, 1
            positions = TRICK_POSITIONS[at][out]
            for i in range(players):
                tile = tiles[i]
                by = positions[i]
                key = tile.high * TILE_KEY_STRIDE + tile.low
                bit = 1 << key
                holding = held[by]
                if not holding & bit or holding & barred[key]:
                    return None  # not held (or played already), a renege, or not closest to 7
                held[by] = holding ^ bit
                if power[key] > best:
                    best, won = power[key], by
                points += COUNT_BY_KEY[key]
            at = won
            outcomes.append(_outcome(k, seats, tiles, SEATS[won], points))
        return outcomes

    def _small_end_suit(
        self, contract: Contract, trick: Trick, seats: tuple[Seat, ...], suit: int
    ) -> int:
        """small-end-opening=yes: the suit the first lead was played as, its high end or its
        small end (004). The reading the plays allow (no seat failing to follow a suit it was
        dealt) whose winner leads the second trick; the high end when both do."""
        lead, trump = trick.plays[0].tile, contract.trump
        if trump.special is Special.SEVENS or lead.is_double or is_trump(lead, trump):
            return suit

        def allowed(s: int) -> bool:
            return not any(
                not follows(p.tile, s, trump) and can_follow(self.dealt.get(seat, ()), s, trump)
                for p, seat in zip(trick.plays[1:], seats[1:], strict=False)
            )

        readings = [s for s in (lead.high, lead.low) if allowed(s)]
        if not readings:
            return suit
        tricks = self.hand.tricks
        if len(tricks) > 1:
            tiles = trick.tiles[: len(seats)]
            for s in readings:
                if seats[trick_winner(tiles, trump, s)] is tricks[1].leader:
                    return s
        return readings[0]

    def _check_opening_lead(
        self,
        contract: Contract,
        tile: Tile,
        span: Span | None,
        leader: Seat,
        played_by: dict[Seat, list[Tile]],
    ) -> None:
        """opening-lead=trump: the first lead must be a trump if the leader holds one."""
        trump = contract.trump
        if (
            self.rules.opening_lead is not OpeningLead.TRUMP
            or trump.kind is TrumpKind.FOLLOW_ME
            or is_trump(tile, trump)
        ):
            return
        later = [
            t for t in self.dealt.get(leader, self._played_later(leader)) if is_trump(t, trump)
        ]
        if later:
            self.report(
                "opening-lead-not-trump",
                f"{leader} led {tile} to the first trick, but the opening lead must be a trump "
                f"and {leader} held {', '.join(str(t) for t in later)}",
                span,
                trick=1,
                seat=leader,
                evidence={"tile": str(tile), "trumps_held": [str(t) for t in later]},
            )

    def _played_later(self, seat: Seat) -> tuple[Tile, ...]:
        """Every tile ``seat`` is recorded playing in this hand."""
        sitting_out = self.sitting_out
        return tuple(
            p.tile
            for trick in self.hand.tricks
            for p, s in zip(trick.plays, trick.seats(sitting_out), strict=False)
            if s is seat
        )

    def _check_sevens(
        self,
        seat: Seat,
        k: int,
        tile: Tile,
        span: Span | None,
        played_by: dict[Seat, list[Tile]],
        pending: list[tuple[int, Tile, Span | None]],
    ) -> None:
        """Sevens: each play as close to 7 pips as the hand allows, proven from the deal or
        from a later play of a closer tile (RULES.md, Contracts)."""
        distance = sevens_distance(tile)
        for entry in list(pending):
            earlier, far, far_span = entry
            if sevens_distance(far) > distance:
                self._not_closest(seat, earlier, far, far_span, (tile,), k)
                pending.remove(entry)
        if seat in self.dealt:
            still_held = [t for t in self.dealt[seat] if t not in played_by[seat]]
            closest = sevens_choices(still_held)
            if closest and distance > sevens_distance(closest[0]):
                self._not_closest(seat, k, tile, span, closest, None)
        else:
            pending.append((k, tile, span))

    def _not_closest(
        self,
        seat: Seat,
        k: int,
        tile: Tile,
        span: Span | None,
        closer: Sequence[Tile],
        proven_in: int | None,
    ) -> None:
        tiles = ", ".join(str(t) for t in closer)
        how = (
            f"while holding {tiles}"
            if proven_in is None
            else f"but played {tiles} in trick {proven_in}, so it held a closer tile"
        )
        self.report(
            "sevens-not-closest",
            f"{seat} played {tile} ({tile.pips} pips) in trick {k} of a Sevens {how}: each "
            "play must be as close to 7 as the hand allows",
            span,
            trick=k,
            seat=seat,
            evidence={
                "tile": str(tile),
                "closer": [str(t) for t in closer],
                "proven_by_trick": proven_in,
            },
        )
        if self.renege_by is None:
            self.renege_by = seat.team

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
        points, tricks_won = tally(self.outcomes)
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
        made, set_ = made_or_set(contract, points, tricks_won, played)
        if self.renege_by is not None and self.rules.renege_penalty is RenegePenalty.LOSE_HAND:
            return points, self._award(contract, self.renege_by is not bidders, points)
        if made or set_:
            return points, self._award(contract, made, points)
        if played == TRICKS_IN_A_HAND:  # pragma: no cover - seven tricks always settle a bid
            return points, self._award(contract, False, points)
        return points, None

    def _award(self, contract: Contract, made: bool, points: dict[Team, int]) -> MarkAward:
        """What the hand scores: marks, or in the points game points (Low-No is worth 42)."""
        bid = contract.bid
        if contract.trump.special is LOW_NO:
            bid = Bid.points(POINTS_IN_A_HAND)
        if self.rules.scoring is POINTS_SCORING:
            return points_award(bid, contract.declarer.team, made, points)
        return award(bid, contract.declarer.team, made=made)

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
        taken, tricks_won = tally(self.outcomes)
        bid = contract.bid
        made, set_ = made_or_set(contract, taken, tricks_won, played)
        nello = contract.trump.special is not None and contract.trump.special.is_nello
        if ending.kind is EndKind.MADE:
            ok = made
            need = (
                "all seven tricks" if needs_every_trick(bid) else f"{bid.value} points"
            )
            if nello:
                need = "the declarer to lose all seven tricks"
            why = f"the bidders ({bidders}) have {taken[bidders]} points; {bid} needs {need}"
        else:
            ok = set_
            if nello:
                why = f"the declarer ({contract.declarer}) has not won a trick yet"
            elif needs_every_trick(bid):
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
        recorded_points = hand.score(POINTS)
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
                    written = {Team.NS: recorded_points.ns, Team.EW: recorded_points.ew}
                    mark = self._award(self.contract, made, written)
                    marks = {t: mark.of(t) for t in Team}
        recorded_marks = hand.score(MARKS)
        if recorded_marks is not None and marks is not None:
            self._compare(recorded_marks, marks, "misscored-marks", "marks")
        self.derived_marks = marks

    def _compare(self, line: Any, expected: dict[Team, int], code: str, what: str) -> None:
        if line.ns == expected[NS] and line.ew == expected[EW]:
            return
        written = {NS: line.ns, EW: line.ew}
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


def tally(outcomes: Sequence[TrickOutcome]) -> tuple[dict[Team, int], dict[Team, int]]:
    """The points and the tricks each team has taken in ``outcomes``."""
    ns_points = ew_points = ns_tricks = 0
    for outcome in outcomes:
        # Seats by identity, not Seat.team: this runs for every hand checked.
        if outcome.winner is NORTH or outcome.winner is SOUTH:
            ns_points += outcome.points
            ns_tricks += 1
        else:
            ew_points += outcome.points
    return {NS: ns_points, EW: ew_points}, {NS: ns_tricks, EW: len(outcomes) - ns_tricks}


def made_or_set(
    contract: Contract, points: dict[Team, int], tricks_won: dict[Team, int], played: int
) -> tuple[bool, bool]:
    """Whether the bidders have made their contract, and whether it is set, so far.

    Nello and Low-No are made by losing all seven tricks and set by any trick the declarer
    takes (RULES.md, Contracts); every other contract by its bid.
    """
    bidders = contract.declarer.team
    special = contract.trump.special
    if special is not None and special.is_nello:
        return played == TRICKS_IN_A_HAND and tricks_won[bidders] == 0, tricks_won[bidders] > 0
    bid, opponents = contract.bid, bidders.opponents
    return (
        is_made(bid, points[bidders], tricks_won[bidders], played),
        is_set(bid, points[opponents], tricks_won[opponents]),
    )


def check_hand(hand: Hand, rules: RuleSet | None = None, *, fast: bool = True) -> HandReport:
    """Check one hand under ``rules`` (straight 42 by default).

    ``fast=False`` skips the quick checks of a clean deal and clean play and runs only the
    thorough pass: the report is the same either way (tests compare them).
    """
    rules = rules or RuleSet()
    check = _HandCheck(hand, rules, fast=fast)
    check.check_deal()
    check.check_auction()
    check.check_contract()
    check.check_play()
    points, mark = check.result()
    check.check_ending(points)
    thrown_in = check.thrown_in
    marks = {NS: 0, EW: 0} if thrown_in else (
        None if mark is None else {NS: mark.of(NS), EW: mark.of(EW)}
    )
    check.check_score(points, marks)
    derived = check.derived_marks
    if mark is None and derived is not None and not thrown_in:
        # Marks settled by the points the scorekeeper wrote (no tricks recorded).
        winner = Team.NS if derived[Team.NS] else Team.EW
        mark = MarkAward(winner, derived[winner], derived[winner.opponents])
    report = HandReport(
        hand,
        tuple(check.findings),
        check.contract,
        tuple(check.outcomes),
        points,
        mark,
        thrown_in,
    )
    ending = hand.ending
    if ending is not None and ending.kind is EndKind.LAYDOWN and check.contract is not None:
        # Only a hand that ends in a lay-down loads and runs the solver.
        from notation.claims import judge_laydown

        claim, refuted = judge_laydown(hand, report, rules)
        findings = report.findings if refuted is None else (*report.findings, refuted)
        report = replace(report, findings=findings, claim=claim)
    return report


def check_game(
    game: Game,
    rules: RuleSet | None = None,
    index: int | None = None,
    unread: Collection[int] = (),
    *,
    fast: bool = True,
) -> GameReport:
    """Check every hand of a game, the deal rotation and the running marks.

    ``rules`` defaults to what the game's tags name; ``index`` (1-based) is put on findings.
    ``unread`` holds the lines where hands start that could not be read (syntax errors): the
    hand after such a gap is not compared with the one before it, and the running marks are
    unknown until the record writes a total again. ``fast`` is passed to :func:`check_hand`.

    Raises :class:`notation.rules.RulesError` when ``rules`` is not given and the game's tags
    name no known rule set or option (readers report that as an ``unknown-rules`` problem).
    """
    rules = rules or game.rules
    findings: list[Finding] = []
    reports: list[HandReport] = []
    running = {NS: 0, EW: 0}
    known = True  # whether the running marks are still known
    winner: Team | None = None
    previous: Hand | None = None
    last_line = 0
    for hand in game.hands:
        report = check_hand(hand, rules, fast=fast)
        hand_findings = list(report.findings)
        span = hand.header.span
        line = span.line if span is not None else last_line
        if unread and any(last_line < gap < line for gap in unread):
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
            running[NS] += marks[NS]
            running[EW] += marks[EW]
        total = hand.score(TOTAL)
        if total is not None and known and (total.ns != running[NS] or total.ew != running[EW]):
            written = {NS: total.ns, EW: total.ew}
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
            running = {NS: total.ns, EW: total.ew}
            known = True
        if winner is None and known:
            bidders = report.contract.declarer.team if report.contract is not None else None
            winner = game_winner(running[NS], running[EW], rules, bidders)
        if hand_findings:
            findings.extend(replace(f, game=index) for f in hand_findings)
        if len(hand_findings) != len(report.findings):  # findings added for the game
            report = replace(report, findings=tuple(hand_findings))
        reports.append(report)
        previous = hand
    return GameReport(game, tuple(findings), tuple(reports), running, winner)
