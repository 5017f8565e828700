"""Checking a record against the rules: every problem as a located finding with evidence.

:func:`check_hand` and :func:`check_game` are pure: they take the record and the rule set and
return reports holding the findings and what the engine worked out (the contract, each
trick's winner and points, the marks awarded), which replay and audit reuse.

A hand is checked by concern, each check a function named for it: :func:`check_deal`,
:func:`check_auction`, :func:`check_contract`, :func:`check_play` (and reneges),
:func:`hand_result`, :func:`check_ending` and :func:`check_score`; a game adds
:func:`check_hand_order` and :func:`check_total`.

>>> from notation.formats.text.reader import read_games
>>> text = '''[Rules "straight"]
... hand 1 dealer N
... bid E pass S 30 W 29 N pass
... '''
>>> [f.code for f in check_game(next(read_games(text)).game).findings]
['bid-below-minimum']
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, TypedDict

from notation.model.bids import POINTS_IN_A_HAND, Bid, BidKind
from notation.model.contracts import (
    DOUBLES_NEEDED,
    DOUBLES_SUIT,
    PIP_NAMES,
    Contract,
    Special,
    Trump,
    TrumpKind,
)
from notation.model.findings import Finding, Severity, plural
from notation.model.game import (
    SCORE_ORDER,
    Call,
    EndKind,
    Game,
    Hand,
    ScoreKind,
    ScoreLine,
    Span,
    Trick,
    TrumpCall,
)
from notation.model.rule_sets import (
    AllPass,
    FirstBidder,
    FollowMeMin,
    OpeningLead,
    OutOfTurn,
    RenegePenalty,
    RuleSet,
)
from notation.model.seats import SEATS, Seat, Team, play_order
from notation.model.tiles import COUNT_BY_KEY, TILE_KEY_STRIDE, TRICKS_IN_A_HAND, Tile
from notation.rules.auction import (
    ONE_BLANK,
    bid_problem,
    bidding_order,
    deal_bidding_order,
    holder_of_one_blank,
    least_bid,
)
from notation.rules.play import (
    can_follow,
    follows,
    is_trump,
    led_suit,
    sevens_choices,
    sevens_distance,
    trump_suit,
    trump_table,
)
from notation.rules.scoring import (
    MarkAward,
    game_winner,
    hand_award,
    made_or_set,
    may_be_in_play,
    needs_every_trick,
    points_in_play,
)
from notation.rules.tricks import TrickOutcome, first_leader, outcome, take_trick, tally

if TYPE_CHECKING:
    from notation.check.claims import ClaimAudit

# What decides a lay-down (docs/rules.md, Ending a hand early): the verdict, and the finding
# it adds when the claim does not hold. notation.check.claims.judge_laydown unless a caller gives
# its own (the recorder judges in the background and passes what it knows so far).
LaydownJudge = Callable[
    ["Hand", "HandReport", RuleSet], "tuple[ClaimAudit | None, Finding | None]"
]

TILES_IN_A_HAND = 7
NORTH, SOUTH = Seat.N, Seat.S
NS, EW = Team.NS, Team.EW
TOTAL, MARKS, POINTS = ScoreKind.TOTAL, ScoreKind.MARKS, ScoreKind.POINTS
# Enum members bound once: Python looks an enum member up slowly, and every hand needs some.
PLUNGE = Special.PLUNGE
FOLLOW_ME = TrumpKind.FOLLOW_ME
NOBODY = len(SEATS)  # the sitting-out position when every seat plays
# The seats of a trick, and their positions in SEATS, by the leader's position and the
# position of the seat sitting out (NOBODY when all four play): clockwise from the leader.
TRICK_SEATS: tuple[tuple[tuple[Seat, ...], ...], ...] = tuple(
    tuple(play_order(leader, out) for out in (*SEATS, None)) for leader in SEATS
)
TRICK_POSITIONS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(SEATS.index(s) for s in seats) for seats in by_out) for by_out in TRICK_SEATS
)


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
    """One hand being checked: the record, the rules, what the checks below have worked out
    so far (the deal, the contract, the tricks, a renege) and their findings, in the order a
    reader meets them.

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
        # The last hand of its record with nothing after its tricks: it may have been saved
        # in the middle of a trick (README: an unfinished hand draws only warnings).
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

    @property
    def thrown_in(self) -> bool:
        auction = self.hand.auction
        return (
            auction is not None
            and self.winning is None
            and len(auction.calls) >= 4
            and self.rules.all_pass is AllPass.RESHAKE
        )

    @property
    def sitting_out(self) -> Seat | None:
        contract = self.contract
        return None if contract is None else contract.sitting_out


# -- the deal (docs/rules.md, Equipment, seats, count) --


def check_deal(check: _HandCheck) -> None:
    """The deal (docs/rules.md, Equipment, seats, count): each seat holds 7 tiles of the 28 and
    is dealt once; no tile is written twice or dealt to two seats."""
    if check.fast and _clean_deal(check):
        return
    owner: dict[Tile, Seat] = {}
    for holding in check.hand.deal:
        seat = holding.seat
        if seat in check.dealt:
            check.report(
                "seat-dealt-twice", f"{seat} has two deal lines", holding.span, seat=seat
            )
            continue
        check.dealt[seat] = holding.tiles
        if len(holding.tiles) != TILES_IN_A_HAND:
            check.report(
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
                check.report(
                    "tile-written-twice",
                    f"{tile} is written twice in {seat}'s hand",
                    span,
                    seat=seat,
                    evidence={"tile": str(tile)},
                )
            elif tile in owner:
                check.report(
                    "tile-dealt-twice",
                    f"{tile} is dealt to both {owner[tile]} and {seat}",
                    span,
                    seat=seat,
                    evidence={"tile": str(tile), "also_dealt_to": owner[tile].value},
                )
            seen.add(tile)
            owner.setdefault(tile, seat)


def _clean_deal(check: _HandCheck) -> bool:
    """The quick deal check: True, with ``dealt`` (and ``held`` for a full deal) set, when
    no seat is dealt twice, every seat holds 7 tiles and no tile is written twice."""
    dealt: dict[Seat, tuple[Tile, ...]] = {}
    held = [0] * len(SEATS)
    seen = 0
    for holding in check.hand.deal:
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
    check.dealt = dealt
    if len(dealt) == len(SEATS):
        check.held = tuple(held)
    return True


# -- the auction (docs/rules.md, Bidding) --


def check_auction(check: _HandCheck) -> None:
    """The auction (docs/rules.md, Bidding): one round in turn from the dealer's left (or the
    holder of the 0-1), each bid beating the last, 30 … 41 then marks, 2 marks free and one
    more after, Plunge's jump; all four passing: the forced bid, or the reshake."""
    auction = check.hand.auction
    if auction is None:
        return
    order, why_first = _bidding_order(check)
    standing = None
    winning = check.winning
    trump = check.hand.trump.trump if check.hand.trump is not None else None
    plunge = trump is not None and trump.special is PLUNGE
    for i, call in enumerate(auction.calls):
        turn = order[i] if i < len(order) else None
        if call.seat is not turn:
            words = (
                f"it was {turn}'s turn to bid{why_first if i == 0 else ''}"
                if turn is not None
                else "every seat has already bid"
            )
            lenient = check.rules.bid_out_of_turn is OutOfTurn.WARNING
            check.report(
                "bid-out-of-turn",
                f"{call.seat} bid out of turn: {words}",
                call.span,
                severity=Severity.WARNING if lenient else Severity.ERROR,
                seat=call.seat,
                evidence={"expected": None if turn is None else turn.value},
            )
        # The declarer's jump is a Plunge if played as one; an overcalled seat never got
        # to declare, so its jump may have been one whenever it could have been.
        may_plunge = plunge if call is winning else _could_plunge(check, call.seat)
        problem = bid_problem(call.bid, standing, check.rules, plunge=may_plunge)
        if problem is not None:
            code, words = problem
            check.report(code, words, call.span, seat=call.seat, evidence={"bid": str(call.bid)})
        if not call.bid.is_pass and (problem is None or _stands(problem, call, standing)):
            standing = call.bid
    winner = winning
    if len(auction.calls) < len(order) and (winner is None or check.hand.tricks):
        missing = ", ".join(s.value for s in order[len(auction.calls) :])
        check.report(
            "auction-incomplete",
            f"the auction stops before every seat has bid: {missing} did not bid",
            auction.span,
            severity=Severity.WARNING,
        )
    if winner is None and len(auction.calls) >= len(order):
        if check.rules.all_pass is AllPass.FORCED_BID:
            last = auction.calls[-1]
            check.report(
                "dealer-must-bid",
                f"all four passed: under the forced bid rule the dealer ({check.hand.dealer}) "
                "must bid at least 30",
                last.span,
                seat=check.hand.dealer,
            )
        elif check.hand.tricks or check.hand.trump is not None:
            first = check.hand.trump or check.hand.tricks[0]
            check.report(
                "played-after-reshake",
                "all four passed, so the hand is thrown in and reshaken; nothing is played",
                first.span,
            )


def _bidding_order(check: _HandCheck) -> tuple[tuple[Seat, ...], str]:
    return bidding_seats(check.hand, check.rules, check.dealt)


def bidding_seats(
    hand: Hand, rules: RuleSet, dealt: Mapping[Seat, Sequence[Tile]] | None = None
) -> tuple[tuple[Seat, ...], str]:
    """The seats of ``hand`` in bidding order, and why the first one bids first when it is
    not the seat left of the dealer (docs/rules.md, Bidding; first-bidder option).

    ``dealt`` is each seat's dealt tiles (by default the hand's deal lines).
    """
    if rules.first_bidder is FirstBidder.HOLDER_OF_0_1:
        held = dealt if dealt is not None else {h.seat: h.tiles for h in hand.deal}
        if holder_of_one_blank(held) is not None:
            why = f" first, as the holder of the {ONE_BLANK}"
            return deal_bidding_order(hand.dealer, rules, held), why
        calls = hand.auction.calls if hand.auction is not None else ()
        if calls:  # the deal does not say who held the 1-0: take the first bidder's word
            return calls[0].seat.clockwise(), ""
    return bidding_order(hand.dealer), ""


# -- the contract (docs/rules.md, Contracts) --


def check_contract(check: _HandCheck) -> None:
    """The contract (docs/rules.md, Contracts): the auction's winner names trump (the partner in
    a Plunge or Splash), follow-me where the table allows it, the trump from the first lead
    under 003, and each special contract's rules (:func:`_check_special`)."""
    auction, call = check.hand.auction, check.hand.trump
    winner = check.winning
    if call is None and winner is not None and check.hand.tricks and bool(
        check.rules.trump_from_first_lead
    ):
        # 003: no trump named before the first play, so the first tile led names it.
        first = check.hand.tricks[0].plays[0].tile
        check.contract = Contract(winner.seat, winner.bid, Trump.pip(first.high))
        return
    if call is None or winner is None:
        if check.hand.tricks and not check.thrown_in:
            if auction is None:
                check.report(
                    "no-auction",
                    "tricks are recorded but no auction: write the bids on a `bid` line",
                    check.hand.tricks[0].span,
                )
            elif call is None:
                check.report(
                    "no-trump-call",
                    "tricks are recorded but no trump was named: write a `trump` line",
                    check.hand.tricks[0].span,
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
        check.report(
            "trump-by-wrong-seat",
            f"{call.seat} named trump, but {why}",
            call.span,
            seat=call.seat,
            evidence={"declarer": winner.seat.value, "expected": namer.value},
        )
    check.contract = Contract(winner.seat, winner.bid, call.trump)
    if special is not None:
        _check_special(check, check.contract, call)
    elif (
        call.trump.kind is FOLLOW_ME
        and check.rules.follow_me_min is FollowMeMin.ONE_MARK
        and winner.bid.value < POINTS_IN_A_HAND
    ):
        check.report(
            "follow-me-below-mark",
            f"follow-me is played here only on a bid of 1 mark or more, not {winner.bid}",
            call.span,
            seat=winner.seat,
            evidence={"bid": str(winner.bid)},
        )


def _could_plunge(check: _HandCheck, seat: Seat) -> bool:
    """Whether ``seat`` may have meant a Plunge: the table plays it and, when the deal is
    known, the seat held the doubles one needs (docs/rules.md, Contracts)."""
    if not check.rules.plunge:
        return False
    held = check.dealt.get(seat)
    return held is None or sum(t.is_double for t in held) >= DOUBLES_NEEDED[PLUNGE]


def _check_special(check: _HandCheck, contract: Contract, call: TrumpCall) -> None:
    """A special contract: that the table plays it, the bid is big enough, and the
    declarer held the doubles it needs (docs/rules.md, Contracts)."""
    special = contract.trump.special
    assert special is not None
    rules, declarer = check.rules, contract.declarer
    if not rules.plays(special):
        check.report(
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
        check.report(
            "contract-not-allowed",
            f"this table plays {special.title} with {words} only, not "
            f"{contract.trump.doubles.word}",
            call.span,
            seat=declarer,
            evidence={"contract": special.value, "doubles": contract.trump.doubles.value},
        )
    if special is Special.LOW_NO:
        calls = check.hand.auction.calls if check.hand.auction is not None else ()
        passes = sum(1 for c in calls if c.bid.is_pass)
        if declarer is not check.hand.dealer or passes < 3:
            check.report(
                "contract-not-allowed",
                "Low-No may be bid only by the dealer, after the other three have passed",
                call.span,
                seat=declarer,
                evidence={"contract": special.value},
            )
        return
    need = least_bid(special, rules).amount
    if contract.bid.value < need * POINTS_IN_A_HAND:
        check.report(
            "contract-bid-too-low",
            f"a {special.title} needs a bid of at least {need} mark"
            f"{'s' if need > 1 else ''}, not {contract.bid}",
            call.span,
            seat=declarer,
            evidence={"contract": special.value, "bid": str(contract.bid)},
        )
    doubles_needed = DOUBLES_NEEDED.get(special)
    if doubles_needed is not None and declarer in check.dealt:
        held = [t for t in check.dealt[declarer] if t.is_double]
        if len(held) < doubles_needed:
            check.report(
                "too-few-doubles",
                f"a {special.title} needs {doubles_needed} doubles in the declarer's hand; "
                f"{declarer} held {len(held)}"
                + (f" ({', '.join(str(t) for t in held)})" if held else ""),
                call.span,
                seat=declarer,
                evidence={"contract": special.value, "doubles": [str(t) for t in held]},
            )


# -- the play (docs/rules.md, Suits and rank; Reneges) --


def check_play(check: _HandCheck) -> None:
    """The play (docs/rules.md, Suits and rank; Reneges; Contracts): seven tricks in order, each
    led by the last one's winner (the first by :func:`notation.rules.tricks.first_leader`), every
    seat but the one sitting out playing a tile it holds once; following suit when able
    (a renege proven from the deal or a later play), Sevens' closest tile, the opening lead.
    Each trick's outcome is :func:`notation.rules.tricks.take_trick`'s."""
    tricks = check.hand.tricks
    contract = check.contract
    if not tricks:
        return
    if check.fast:
        clean = _clean_play(check)
        if clean is not None:
            check.outcomes.extend(clean)
            return
    played: dict[Tile, tuple[int, Seat]] = {}
    played_by: dict[Seat, list[Tile]] = {s: [] for s in SEATS}
    owner = {tile: seat for seat, tiles in check.dealt.items() for tile in tiles}
    # A seat that did not follow while its hand is unknown: proven a renege if it later
    # plays a tile that could have followed (docs/rules.md, Reneges).
    shown_void: dict[Seat, list[tuple[int, int, Tile, Span | None]]] = {s: [] for s in SEATS}
    expected_leader = first_leader(contract, check.rules) if contract is not None else None
    sitting_out = check.sitting_out
    sevens = contract is not None and contract.trump.special is Special.SEVENS
    # A Sevens play farther from 7 than a tile the seat later plays (docs/rules.md, Contracts).
    not_closest: dict[Seat, list[tuple[int, Tile, Span | None]]] = {s: [] for s in SEATS}
    if len(tricks) > TRICKS_IN_A_HAND:
        check.report(
            "too-many-tricks",
            f"{len(tricks)} tricks are recorded; a hand has 7",
            tricks[TRICKS_IN_A_HAND].span,
        )
    for k, trick in enumerate(tricks, start=1):
        previous = tricks[k - 2].number if k > 1 else 0
        if trick.number > previous + 1 and previous == k - 1:
            # Tricks left out: the numbers go on from the one written after the gap.
            gone = list(range(previous + 1, trick.number))
            missing = (
                f"trick {gone[0]} is" if len(gone) == 1
                else f"tricks {', '.join(map(str, gone[:-1]))} and {gone[-1]} are"
            )
            after = f"the trick after trick {previous}" if previous else "the first trick"
            check.report(
                "trick-number",
                f"{missing} missing: {after} is numbered {trick.number}",
                trick.span,
                severity=Severity.WARNING,
                trick=k,
            )
        elif trick.number != k and trick.number != previous + 1:
            check.report(
                "trick-number",
                f"this is trick {k} but is numbered {trick.number}",
                trick.span,
                severity=Severity.WARNING,
                trick=k,
            )
        seats = trick.seats(sitting_out)
        if expected_leader is not None and trick.leader is not expected_leader:
            meant = _meant_seats(trick, expected_leader, sitting_out, seats, owner, played)
            if meant is not None:
                seats = meant  # a slip of the pen: judged as the plays show it was led
            first = (
                "the declarer leads to the first trick"
                if contract is None or expected_leader is contract.declarer
                else f"the declarer's partner leads to the first trick of a "
                f"{contract.trump.special.title if contract.trump.special else 'contract'}"
            )
            why = first if k == 1 else f"{expected_leader} won trick {k - 1}"
            hint = (
                ""
                if meant is None
                else f"; did you mean `{trick.number} {meant[0]}`? (every play fits "
                f"{meant[0]}'s lead, and the hand is judged so)"
            )
            check.report(
                "wrong-leader",
                f"trick {k} is led by {trick.leader}, but {expected_leader} should lead: "
                f"{why}{hint}",
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
            if check.in_progress and k == len(tricks) and len(trick.plays) < players:
                check.report(
                    "trick-size",
                    f"trick {k} has {len(trick.plays)} of its {players} plays so far: "
                    "the record stops in the middle of it",
                    trick.span,
                    severity=Severity.WARNING,
                    trick=k,
                )
            else:
                check.report(
                    "trick-size",
                    f"trick {k} has {plural(len(trick.plays), 'play')}; {every}",
                    trick.span,
                    trick=k,
                )
        suit = led_suit(trick.plays[0].tile, contract.trump) if contract else None
        if k == 1 and contract and suit is not None and check.rules.small_end_opening:
            suit = _small_end_suit(check, contract, trick, seats, suit)
        if k == 1 and contract is not None:
            _check_opening_lead(check, contract, trick.plays[0].tile, trick.plays[0].span,
                                     seats[0], played_by)
        for play, seat in zip(trick.plays, seats, strict=False):
            tile = play.tile
            if tile in played:
                earlier, by = played[tile]
                check.report(
                    "tile-played-twice",
                    f"{tile} was already played by {by} in trick {earlier}",
                    play.span,
                    trick=k,
                    seat=seat,
                    evidence={"tile": str(tile), "first_trick": earlier},
                )
            elif tile in owner and owner[tile] is not seat:
                check.report(
                    "tile-not-held",
                    f"{seat} played {tile}, which was dealt to {owner[tile]}",
                    play.span,
                    trick=k,
                    seat=seat,
                    evidence={"tile": str(tile), "dealt_to": owner[tile].value},
                )
            elif seat in check.dealt and tile not in check.dealt[seat]:
                check.report(
                    "tile-not-held",
                    f"{seat} played {tile}, which is not in {seat}'s dealt hand",
                    play.span,
                    trick=k,
                    seat=seat,
                    evidence={"tile": str(tile)},
                )
            if sevens:
                _check_sevens(check, seat, k, tile, play.span, played_by, not_closest[seat])
            elif contract is not None and suit is not None:
                _check_later_proof(check, shown_void[seat], seat, k, tile, play.span)
                if play is not trick.plays[0] and not follows(tile, suit, contract.trump):
                    _check_follow(check, seat, k, suit, tile, play.span, played_by, shown_void)
            played.setdefault(tile, (k, seat))
            played_by[seat].append(tile)
        if contract is not None and trick.plays:
            taken = take_trick(k, seats[0], trick.tiles, contract, suit)
            check.outcomes.append(taken)
            expected_leader = taken.winner


def _meant_seats(
    trick: Trick,
    leader: Seat,
    sitting_out: Seat | None,
    written: tuple[Seat, ...],
    owner: Mapping[Tile, Seat],
    played: Collection[Tile],
) -> tuple[Seat, ...] | None:
    """The seats of a trick written with the wrong leader when it was plainly a slip of the
    pen: every play fits the seat it falls to from ``leader`` (dealt to it, not yet played),
    or from the one other seat whose lead fits, and not the seats from the leader written.
    None when the deal does not show that."""

    def fits(seats: tuple[Seat, ...]) -> bool:
        return all(
            owner.get(p.tile) is seat and p.tile not in played
            for p, seat in zip(trick.plays, seats, strict=False)
        )

    if fits(written):
        return None
    expected = play_order(leader, sitting_out)[: len(trick.plays)]
    if fits(expected):
        return expected
    # Else another seat's lead, when only one fits (an earlier slip may have misled us).
    others = [
        order
        for seat in SEATS
        if seat not in (leader, trick.leader, sitting_out)
        and fits(order := play_order(seat, sitting_out)[: len(trick.plays)])
    ]
    return others[0] if len(others) == 1 else None


def _clean_play(check: _HandCheck) -> list[TrickOutcome] | None:
    """The quick play check: each trick's outcome when the play has nothing to report,
    else None (at the first irregularity, which the thorough pass then words).

    Only for a clean deal of all four seats, by table lookups: a tile may be played by a
    seat only while it is in the seat's mask of tiles not yet played, and a seat that does
    not follow suit reneges if its mask still holds a tile of the led suit.
    """
    contract, dealt = check.contract, check.held
    tricks = check.hand.tricks
    # A small-end opening needs no care: when every seat could follow the lead's high end
    # and its winner leads the second trick, _small_end_suit reads the high end too.
    if contract is None or dealt is None or len(tricks) > TRICKS_IN_A_HAND:
        return None
    table = trump_table(contract.trump)
    led, barred_in, power_in, trumps = table.led, table.barred, table.power, table.trumps
    trump_lead = (
        check.rules.opening_lead is OpeningLead.TRUMP
        and contract.trump.kind is not FOLLOW_ME
    )
    held = list(dealt)
    at = SEATS.index(first_leader(contract, check.rules))  # the leader's position
    sitting_out = check.sitting_out
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
        outcomes.append(outcome(k, seats, tiles, SEATS[won], points))
    return outcomes


def _small_end_suit(
    check: _HandCheck, contract: Contract, trick: Trick, seats: tuple[Seat, ...], suit: int
) -> int:
    """small-end-opening=yes: the suit the first lead was played as, its high end or its
    small end (004). The reading the plays allow (no seat failing to follow a suit it was
    dealt) whose winner leads the second trick; the high end when both do."""
    lead, trump = trick.plays[0].tile, contract.trump
    if trump.special is Special.SEVENS or lead.is_double or is_trump(lead, trump):
        return suit

    def allowed(s: int) -> bool:
        return not any(
            not follows(p.tile, s, trump) and can_follow(check.dealt.get(seat, ()), s, trump)
            for p, seat in zip(trick.plays[1:], seats[1:], strict=False)
        )

    readings = [s for s in (lead.high, lead.low) if allowed(s)]
    if not readings:
        return suit
    tricks = check.hand.tricks
    if len(tricks) > 1:
        second = tricks[1].leader
        for s in readings:
            if take_trick(1, trick.leader, trick.tiles, contract, s).winner is second:
                return s
    return readings[0]


def _check_opening_lead(
    check: _HandCheck,
    contract: Contract,
    tile: Tile,
    span: Span | None,
    leader: Seat,
    played_by: dict[Seat, list[Tile]],
) -> None:
    """opening-lead=trump: the first lead must be a trump if the leader holds one."""
    trump = contract.trump
    if (
        check.rules.opening_lead is not OpeningLead.TRUMP
        or trump.kind is TrumpKind.FOLLOW_ME
        or is_trump(tile, trump)
    ):
        return
    later = [
        t for t in check.dealt.get(leader, _played_later(check, leader)) if is_trump(t, trump)
    ]
    if later:
        check.report(
            "opening-lead-not-trump",
            f"{leader} led {tile} to the first trick, but the opening lead must be a trump "
            f"and {leader} held {', '.join(str(t) for t in later)}",
            span,
            trick=1,
            seat=leader,
            evidence={"tile": str(tile), "trumps_held": [str(t) for t in later]},
        )


def _played_later(check: _HandCheck, seat: Seat) -> tuple[Tile, ...]:
    """Every tile ``seat`` is recorded playing in this hand."""
    sitting_out = check.sitting_out
    return tuple(
        p.tile
        for trick in check.hand.tricks
        for p, s in zip(trick.plays, trick.seats(sitting_out), strict=False)
        if s is seat
    )


def _check_sevens(
    check: _HandCheck,
    seat: Seat,
    k: int,
    tile: Tile,
    span: Span | None,
    played_by: dict[Seat, list[Tile]],
    pending: list[tuple[int, Tile, Span | None]],
) -> None:
    """Sevens: each play as close to 7 pips as the hand allows, proven from the deal or
    from a later play of a closer tile (docs/rules.md, Contracts)."""
    distance = sevens_distance(tile)
    for entry in list(pending):
        earlier, far, far_span = entry
        if sevens_distance(far) > distance:
            _not_closest(check, seat, earlier, far, far_span, (tile,), k)
            pending.remove(entry)
    if seat in check.dealt:
        closest = sevens_choices(_still_held(check, seat, played_by))
        if closest and distance > sevens_distance(closest[0]):
            _not_closest(check, seat, k, tile, span, closest, None)
    else:
        pending.append((k, tile, span))


def _not_closest(
    check: _HandCheck,
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
    check.report(
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
    if check.renege_by is None:
        check.renege_by = seat.team


def _still_held(
    check: _HandCheck, seat: Seat, played_by: dict[Seat, list[Tile]]
) -> list[Tile]:
    """The tiles dealt to ``seat`` that it has not played yet."""
    return [t for t in check.dealt[seat] if t not in played_by[seat]]


def _check_follow(
    check: _HandCheck,
    seat: Seat,
    k: int,
    suit: int,
    tile: Tile,
    span: Span | None,
    played_by: dict[Seat, list[Tile]],
    shown_void: dict[Seat, list[tuple[int, int, Tile, Span | None]]],
) -> None:
    """A play that does not follow ``suit`` (docs/rules.md, Reneges): a renege when the deal shows
    the seat still held a tile that could follow; without the deal, kept in ``shown_void``
    for a later play to prove."""
    assert check.contract is not None
    if seat in check.dealt:
        could = can_follow(_still_held(check, seat, played_by), suit, check.contract.trump)
        if could:
            _renege(check, seat, k, suit, tile, span, could, None)
    else:
        shown_void[seat].append((k, suit, tile, span))


def _check_later_proof(
    check: _HandCheck,
    voids: list[tuple[int, int, Tile, Span | None]],
    seat: Seat,
    k: int,
    tile: Tile,
    span: Span | None,
) -> None:
    """docs/rules.md, Reneges: a seat that did not follow an earlier lead reneged if it now plays
    a tile of that suit, which it held then."""
    assert check.contract is not None
    for entry in list(voids):
        void_trick, suit, renege_tile, renege_span = entry
        if void_trick < k and follows(tile, suit, check.contract.trump):
            _renege(check, seat, void_trick, suit, renege_tile, renege_span, (tile,), k)
            voids.remove(entry)


def _renege(
    check: _HandCheck,
    seat: Seat,
    k: int,
    suit: int,
    tile: Tile,
    span: Span | None,
    could: Sequence[Tile],
    proven_in: int | None,
) -> None:
    assert check.contract is not None  # reneges are judged only once trump is known
    suit_name = "doubles" if suit == DOUBLES_SUIT else PIP_NAMES[suit]
    led = f"trumps ({suit_name})" if suit == trump_suit(check.contract.trump) else suit_name
    tiles = ", ".join(str(t) for t in could)
    if proven_in is None:
        how = f"while holding {tiles}, which could have followed"
    else:
        how = f"but played {tiles} in trick {proven_in}, so it held a tile that could follow"
    check.report(
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
    if check.renege_by is None:
        check.renege_by = seat.team


# -- the result (docs/rules.md, Ending a hand early; Scoring) --


@dataclass(frozen=True, slots=True)
class HandResult:
    """What a hand's play settles: the points each team took, the award (None while the
    record does not settle it), whether the bid was made by play (None: not settled), and
    the team whose renege decided the award under the renege penalty."""

    points: dict[Team, int]
    award: MarkAward | None = None
    made: bool | None = None
    renege_penalty: Team | None = None


def hand_result(check: _HandCheck) -> HandResult:
    """The points each team took (a lay-down gives the claimants the rest) and what the hand
    scores once made or set (docs/rules.md, Scoring; Ending a hand early; Reneges: the renege
    penalty)."""
    contract = check.contract
    points, tricks_won = tally(check.outcomes)
    if contract is None:
        return HandResult(points)
    ending = check.hand.ending
    played = len(check.outcomes)
    if ending is not None and ending.kind is EndKind.LAYDOWN and ending.seat is not None:
        # The claimant's side takes every trick still to play, and with them the points.
        points[ending.seat.team] += POINTS_IN_A_HAND - sum(points.values())
        tricks_won[ending.seat.team] += TRICKS_IN_A_HAND - played
        played = TRICKS_IN_A_HAND
    bidders = contract.declarer.team
    made, set_ = made_or_set(contract, points, tricks_won, played)
    by_play = True if made else False if set_ or played == TRICKS_IN_A_HAND else None
    renege_by = check.renege_by
    if renege_by is not None and check.rules.renege_penalty is RenegePenalty.LOSE_HAND:
        kept = renege_by is not bidders
        award = hand_award(contract, kept, points, check.rules)
        # The penalty decides the hand only where the play does not give the same verdict.
        return HandResult(points, award, by_play, None if by_play is kept else renege_by)
    if by_play is None:
        return HandResult(points)
    return HandResult(points, hand_award(contract, by_play, points, check.rules), by_play)


def check_ending(check: _HandCheck, points: dict[Team, int]) -> None:
    """An early end (docs/rules.md, Ending a hand early): a hand of fewer than seven tricks says
    why it stopped, and a made or set stop is justified by what was captured."""
    ending, contract = check.hand.ending, check.contract
    played = len(check.hand.tricks)
    if ending is None:
        if 0 < played < TRICKS_IN_A_HAND:
            check.report(
                "hand-unfinished",
                f"only {plural(played, 'trick')} {'is' if played == 1 else 'are'} recorded "
                "and no `end` line says why play stopped",
                check.hand.tricks[-1].span,
                severity=Severity.WARNING,
            )
        return
    if played >= TRICKS_IN_A_HAND:
        check.report(
            "ending-after-seven",
            f"`end {ending.kind.value}` is written, but all seven tricks were played",
            ending.span,
            severity=Severity.WARNING,
        )
        return
    if contract is None or ending.kind is EndKind.LAYDOWN:
        return
    bidders = contract.declarer.team
    taken, tricks_won = tally(check.outcomes)
    bid = contract.bid
    made, set_ = made_or_set(contract, taken, tricks_won, played)
    nello = contract.sitting_out is not None
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
        check.report(
            "ending-unjustified",
            f"play stopped as {ending.kind.value} after trick {played}, but {why}",
            ending.span,
            evidence={"points": {t.value: n for t, n in taken.items()}},
        )


def check_score(check: _HandCheck, points: dict[Team, int], marks: dict[Team, int] | None) -> None:
    """The score lines (docs/rules.md, Scoring; Equipment: a hand is worth 42): the points and
    marks written against the engine's, or with no tricks recorded the marks the written
    points give."""
    hand = check.hand
    recorded_points = hand.score(POINTS)
    settled = check.contract is not None and (
        len(check.outcomes) == TRICKS_IN_A_HAND or hand.ending is not None
    )
    if recorded_points is not None:
        if settled:
            _compare(check, recorded_points, points, "misscored-points", "points")
        elif not hand.tricks and hand.ending is None:
            total = recorded_points.ns + recorded_points.ew
            worth = _worth_problem(check, total)
            if worth is not None:
                check.report(
                    "misscored-points",
                    f"the points written add up to {total}; {worth}",
                    recorded_points.span,
                )
            elif check.contract is not None and marks is None:
                written = {Team.NS: recorded_points.ns, Team.EW: recorded_points.ew}
                made, _ = made_or_set(check.contract, written)
                mark = hand_award(check.contract, made, written, check.rules)
                marks = {t: mark.of(t) for t in Team}
    recorded_marks = hand.score(MARKS)
    if recorded_marks is not None and marks is not None:
        _compare(check, recorded_marks, marks, "misscored-marks", "marks")
    check.derived_marks = marks


def _worth_problem(check: _HandCheck, total: int) -> str | None:
    """Why ``total`` points cannot be what the hand was worth, or None: 42, less the count
    laid down by a seat that sits out (exactly, when its tiles were dealt in the record)."""
    out = None if check.contract is None else check.contract.sitting_out
    if out is None:
        return None if total == POINTS_IN_A_HAND else "a hand is worth 42"
    holding = check.hand.holding(out)
    if holding is not None and len(holding.tiles) == TILES_IN_A_HAND:
        worth = points_in_play(holding.tiles)
        if total == worth:
            return None
        return f"with {out} sitting out, the hand is worth {worth} (42 less the count {out} held)"
    if may_be_in_play(total):
        return None
    return f"with {out} sitting out, the hand is worth 42 less the count {out} held"


def _compare(check: _HandCheck, line: Any, expected: dict[Team, int], code: str, what: str) -> None:
    if line.ns == expected[NS] and line.ew == expected[EW]:
        return
    written = {NS: line.ns, EW: line.ew}
    if written != expected:
        why = ""
        if (
            code == "misscored-marks"
            and check.renege_by is not None
            and check.rules.renege_penalty is RenegePenalty.LOSE_HAND
        ):
            why = f" (a renege by {check.renege_by} loses the hand)"
        check.report(
            code,
            f"{what} written as NS {written[Team.NS]} EW {written[Team.EW]}, but the hand "
            f"gives NS {expected[Team.NS]} EW {expected[Team.EW]}{why}",
            line.span,
            evidence={
                "written": {t.value: n for t, n in written.items()},
                "computed": {t.value: n for t, n in expected.items()},
            },
        )


def check_hand(
    hand: Hand,
    rules: RuleSet | None = None,
    *,
    fast: bool = True,
    last: bool = False,
    judge_claim: bool = True,
    judge: LaydownJudge | None = None,
) -> HandReport:
    """Check one hand under ``rules`` (straight 42 by default).

    ``fast=False`` skips the quick checks of a clean deal and clean play and runs only the
    thorough pass: the report is the same either way (tests compare them). ``last`` says the
    hand is the last of its record: with nothing written after its tricks it may have been
    saved in the middle of a trick, and its short last trick is a warning, not an error.
    ``judge_claim=False`` leaves a lay-down unjudged (no solver): a caller that shows other
    hands only. ``judge`` decides a lay-down (:func:`notation.check.claims.judge_laydown` by
    default).
    """
    rules = rules or RuleSet()
    check = _HandCheck(hand, rules, fast=fast)
    check.in_progress = last and hand.ending is None and not hand.scores
    check_deal(check)
    check_auction(check)
    check_contract(check)
    check_play(check)
    result = hand_result(check)
    points, mark = result.points, result.award
    check_ending(check, points)
    thrown_in = check.thrown_in
    marks = {NS: 0, EW: 0} if thrown_in else (
        None if mark is None else {NS: mark.of(NS), EW: mark.of(EW)}
    )
    check_score(check, points, marks)
    derived = check.derived_marks
    if mark is None and derived is not None and not thrown_in:
        # Marks settled by the points the scorekeeper wrote (no tricks recorded).
        winner = Team.NS if derived[Team.NS] else Team.EW
        mark = MarkAward(winner, derived[winner], derived[winner.opponents])
        if check.contract is not None:
            result = replace(result, made=winner is check.contract.declarer.team)
    report = HandReport(
        hand,
        tuple(check.findings),
        check.contract,
        tuple(check.outcomes),
        points,
        mark,
        thrown_in,
        made=None if thrown_in else result.made,
        renege_penalty=result.renege_penalty,
    )
    ending = hand.ending
    if (judge_claim and ending is not None and ending.kind is EndKind.LAYDOWN
            and check.contract is not None):
        if judge is None:
            # Only a hand that ends in a lay-down loads and runs the solver.
            from notation.check.claims import judge_laydown

            judge = judge_laydown
        claim, refuted = judge(hand, report, rules)
        findings = report.findings if refuted is None else (*report.findings, refuted)
        report = replace(report, findings=findings, claim=claim)
    return report


def marks_gained(hand: Hand, report: HandReport) -> dict[Team, int] | None:
    """The marks ``hand`` gives each team: the engine's when the record settles them, else
    the marks the scorekeeper wrote; None when neither says."""
    marks = report.marks
    if marks is None:
        recorded = hand.score(MARKS)
        marks = None if recorded is None else {NS: recorded.ns, EW: recorded.ew}
    return marks


def score_lines(
    report: HandReport, total: Mapping[Team, int] | None = None
) -> dict[ScoreKind, ScoreLine]:
    """The score lines a hand's play gives (docs/rules.md, Scoring), as ``t42 record`` writes
    them: the points each team took (once a contract is played: tricks or an ``end``), the
    marks (when the record settles them), and ``total``, the running marks after the hand,
    when given. A line the record does not settle is left out."""
    hand, lines = report.hand, {}
    if report.contract is not None and (hand.tricks or hand.ending is not None):
        lines[POINTS] = ScoreLine(POINTS, report.points[NS], report.points[EW])
    marks = report.marks
    if marks is not None:
        lines[MARKS] = ScoreLine(MARKS, marks[NS], marks[EW])
    if total is not None:
        lines[TOTAL] = ScoreLine(TOTAL, total[NS], total[EW])
    return lines


def with_score_lines(game: Game, rules: RuleSet | None = None) -> Game:
    """``game`` with every hand's score lines as the play gives them: ``points``, ``marks``
    and the running ``total``, as ``t42 record`` writes them. A line the record does not
    settle (the marks of an unfinished hand, a total after it) stays as written, or absent.

    >>> from notation.model.game import HandHeader
    >>> from notation.formats.text import dumps, loads
    >>> game = loads('''[Rules "straight"]
    ... hand 1 dealer N
    ... bid E pass S 30 W pass N pass
    ... trump S fives
    ... 1 S 5-5 5-0 5-4 5-1
    ... end laydown S
    ... ''')[0]
    >>> print(dumps(with_score_lines(game)).split("\\n\\n")[1])
    hand 1 dealer N
    bid E pass S 30 W pass N pass
    trump S fives
    1 S 5-5 5-0 5-4 5-1
    end laydown S
    points NS 42 EW 0
    marks NS 1 EW 0
    total NS 1 EW 0
    <BLANKLINE>
    """
    report = check_game(game, rules)
    running: dict[Team, int] | None = {NS: 0, EW: 0}
    hands = []
    for hand, hand_report in zip(game.hands, report.hands, strict=True):
        marks = marks_gained(hand, hand_report)
        written = hand.score(TOTAL)
        if running is not None and marks is not None:
            running = {NS: running[NS] + marks[NS], EW: running[EW] + marks[EW]}
        elif written is not None:
            running = {NS: written.ns, EW: written.ew}  # as check_game trusts it
        else:
            running = None
        lines = {s.kind: s for s in hand.scores} | score_lines(hand_report, running)
        kept = {s.kind: s for s in hand.scores}
        scores = tuple(
            replace(lines[kind], before=kept[kind].before, after=kept[kind].after)
            if kind in kept and kind in lines and lines[kind] is not kept[kind]
            else lines[kind]
            for kind in SCORE_ORDER
            if kind in lines
        )
        hands.append(replace(hand, scores=scores))
    return replace(game, hands=tuple(hands))


# -- the game (docs/rules.md, Bidding: the deal passes left; Scoring: the running marks) --


def check_hand_order(hand: Hand, previous: Hand) -> list[Finding]:
    """The order of hands (docs/rules.md, Bidding: after each hand the deal passes left): each
    hand numbered one more than the last, and dealt by the seat left of the last dealer."""
    span = hand.header.span
    found: list[Finding] = []
    if hand.dealer is not previous.dealer.next:
        found.append(Finding(
            "dealer-out-of-turn",
            Severity.WARNING,
            f"{hand.dealer} deals hand {hand.number}, but the deal passes left from "
            f"{previous.dealer} to {previous.dealer.next}",
            hand=hand.number,
            seat=hand.dealer,
            **_at(span),
        ))
    if hand.number != previous.number + 1:
        found.append(Finding(
            "hand-number",
            Severity.WARNING,
            f"hand {hand.number} follows hand {previous.number}",
            hand=hand.number,
            **_at(span),
        ))
    return found


def check_total(hand: Hand, total: ScoreLine, running: dict[Team, int]) -> list[Finding]:
    """The running marks written on a hand (docs/rules.md, Scoring: the game's marks) against
    the marks of the hands so far, ``running``."""
    if total.ns == running[NS] and total.ew == running[EW]:
        return []
    written = {NS: total.ns, EW: total.ew}
    return [Finding(
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
    )]


def check_game(
    game: Game,
    rules: RuleSet | None = None,
    index: int | None = None,
    unread: Collection[int] = (),
    *,
    fast: bool = True,
    judged: Collection[int] | None = None,
    judge: LaydownJudge | None = None,
) -> GameReport:
    """Check every hand of a game, the deal rotation and the running marks.

    ``rules`` defaults to what the game's tags name; ``index`` (1-based) is put on findings.
    ``unread`` holds the lines where hands start that could not be read (syntax errors): the
    hand after such a gap is not compared with the one before it, and the running marks are
    unknown until the record writes a total again. ``fast`` and ``judge`` are passed to
    :func:`check_hand`. ``judged`` names the hands whose lay-downs are judged (None: every
    hand; a command about one hand needs no verdict on the others'): the others have no
    ``claim`` and no ``laydown-refuted`` finding.

    Raises :class:`notation.model.rule_sets.RulesError` when ``rules`` is not given and the game's
    tags
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
    final = game.hands[-1] if game.hands else None
    for hand in game.hands:
        report = check_hand(hand, rules, fast=fast, last=hand is final,
                            judge_claim=judged is None or hand.number in judged, judge=judge)
        hand_findings = list(report.findings)
        span = hand.header.span
        line = span.line if span is not None else last_line
        if unread and any(last_line < gap < line for gap in unread):
            previous, known = None, False
        last_line = line
        if previous is not None:
            hand_findings[:0] = check_hand_order(hand, previous)
        if winner is not None:
            hand_findings.insert(0, Finding(
                "played-after-game-won",
                Severity.ERROR,
                f"{winner} had already won the game with {running[winner]} marks",
                hand=hand.number,
                **_at(span),
                evidence={"marks": {t.value: n for t, n in running.items()}},
            ))
        marks = marks_gained(hand, report)
        if marks is None:
            known = False
        else:
            running[NS] += marks[NS]
            running[EW] += marks[EW]
        total = hand.score(TOTAL)
        if total is not None and known:
            hand_findings.extend(check_total(hand, total, running))
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
    return GameReport(game, tuple(findings), tuple(reports), running, winner, rules)
