"""A position of a hand you can play: the legal bids, trumps and plays, and what has been
taken so far, as python-chess's ``Board`` is for chess (docs/api.md, "A position you can
play").

A :class:`Position` is one hand at one moment: the deal (each seat's tiles, where known),
the auction, the trump and the tricks so far. :meth:`Position.push` makes the next bid, trump
call or play and :meth:`Position.pop` takes it back. The rules decide, each from its one
home: the auction by :func:`notation.rules.auction.bid_problem`, the play by
:func:`notation.rules.play.can_follow`, :func:`~notation.rules.play.sevens_choices` and
:func:`notation.rules.tricks.opening_leads`, the tricks by
:func:`notation.rules.tricks.take_trick`, the contract a declarer may name by the validator's
own check of it (:mod:`notation.check.contract`). An action the rules refuse raises
:class:`IllegalAction`, carrying the finding the validator makes of it: the same code and
the same words.

Longer than 600 lines because :class:`Position` is one value whose questions (the phase, whose
turn, the legal bids, trumps and plays, the tricks, the result) all read the same hand so far
and its tricks walked once: split, each half would reach into the other's private state.

>>> from notation.model.tiles import Tile
>>> from notation.rules.dealing import deal
>>> import random
>>> position = Position(deal(random.Random(5)), dealer=Seat.W)
>>> position.phase, position.turn
(<Phase.BID: 'bid'>, <Seat.N: 'N'>)
>>> [str(b) for b in position.legal_bids()][:3]
['pass', '30', '31']
>>> position.push(Bid.points(29))
Traceback (most recent call last):
...
notation.check.actions.IllegalAction: 29 is below the minimum bid of 30
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from functools import cached_property

from notation.check.actions import (
    Action,
    IllegalAction,
    Lead,
    Phase,
    PositionError,
    record_actions,
    trumps_to_offer,
)
from notation.check.auction import bidding_seats, could_plunge
from notation.check.game import check_hand
from notation.check.reports import HandReport
from notation.errors import expect
from notation.model.bids import Bid
from notation.model.contracts import (
    DOUBLES_NEEDED,
    PIP_NAMES,
    Contract,
    Special,
    Trump,
)
from notation.model.findings import Finding, Severity
from notation.model.game import (
    Auction,
    Call,
    Game,
    Hand,
    HandHeader,
    Holding,
    Play,
    Trick,
    TrumpCall,
)
from notation.model.rule_sets import RuleSet
from notation.model.seats import SEATS, Seat, Team, play_order
from notation.model.tiles import ALL_TILES, TRICKS_IN_A_HAND, Tile
from notation.rules.auction import (
    announced_trump,
    bid_problem,
    bids_to_offer,
    dealer_must_bid,
    special_open_to,
)
from notation.rules.play import can_follow, follows, is_trump, led_suit, sevens_choices
from notation.rules.scoring import MarkAward, hand_award, made_or_set
from notation.rules.tricks import (
    TrickOutcome,
    first_lead_names_trump,
    first_leader,
    opening_leads,
    small_end_opens,
    take_trick,
    tally,
)

__all__ = ["Position"]


@dataclass(frozen=True, slots=True)
class _Trick:
    """The trick being played: its number, leader, seats in order, the tiles so far and the
    suits the lead may still be read as (two only for a small-end opening)."""

    number: int
    leader: Seat
    seats: tuple[Seat, ...]
    tiles: tuple[Tile, ...]
    readings: tuple[int, ...]


class Position:
    """A hand of 42 at one moment, with its legal actions (docs/api.md, "A position you can
    play").

    Made from a deal (each seat's seven tiles; a seat left out is unknown) and a rule set, the
    dealer and the hand's number; or from any point of a record with :meth:`from_record`.
    ``push`` makes an action (a :class:`~notation.model.bids.Bid`, a
    :class:`~notation.model.contracts.Trump`, a :class:`~notation.model.tiles.Tile` or a
    :class:`Lead`), ``pop`` takes the last back; :attr:`hand` is the record so far.
    """

    def __init__(
        self,
        dealt: Mapping[Seat, Iterable[Tile]] | None = None,
        rules: RuleSet | None = None,
        dealer: Seat = Seat.N,
        number: int = 1,
    ) -> None:
        holdings = tuple(
            Holding(seat, tuple(dealt[seat])) for seat in SEATS if dealt and seat in dealt
        )
        self.rules = rules or RuleSet()
        self._hand = Hand(HandHeader(number, dealer), holdings)
        refused = self._errors(self._hand)
        if refused:
            raise PositionError(f"this deal cannot be played: {refused[0].message}", refused[0])
        self._stack: list[tuple[Hand, Action, tuple[int, ...] | None]] = []
        self._small_end: tuple[int, ...] | None = None  # a Lead's suit, while trick 1 lasts

    @classmethod
    def from_record(
        cls, game: Game, hand: int = 1, step: int | None = None, rules: RuleSet | None = None
    ) -> Position:
        """The position of ``game``'s hand number ``hand`` after its first ``step`` actions
        (bids, the trump call, plays; all of them by default), under ``rules`` (the game's by
        default). The record's actions are taken as written, legal or not: ask
        :func:`notation.check.validate.check_game` what it makes of them.

        Raises :class:`~notation.check.actions.PositionError` for a hand the game does not
        have.
        """
        found = [h for h in game.hands if h.number == hand]
        if not found:
            numbers = ", ".join(str(h.number) for h in game.hands) or "none"
            raise PositionError(f"there is no hand {hand}; the game has hands {numbers}")
        return cls.of_hand(found[0], rules or game.rules, step)

    @classmethod
    def of_hand(cls, hand: Hand, rules: RuleSet | None = None, step: int | None = None) -> Position:
        """The position of a recorded ``hand`` after its first ``step`` actions (all by
        default), as :meth:`from_record`: each call by the seat written, each trick led by
        the seat written."""
        position = cls.__new__(cls)  # the deal as written, even one the rules refuse
        position.rules, position._small_end = rules or RuleSet(), None
        actions = record_actions(hand)
        count = len(actions) if step is None else max(0, min(step, len(actions)))
        position._stack = [(hand_so_far(hand, n), actions[n], None) for n in range(count)]
        position._hand = hand_so_far(hand, count)
        return position

    # -- the record --

    @property
    def hand(self) -> Hand:
        """The hand as recorded so far (no score lines)."""
        return self._hand

    @property
    def actions(self) -> tuple[Action, ...]:
        """The actions pushed so far, first first (python-chess's ``move_stack``)."""
        return tuple(action for _, action, _ in self._stack)

    @property
    def dealer(self) -> Seat:
        return self._hand.dealer

    def copy(self) -> Position:
        """A position of its own at the same moment, with the same actions to pop."""
        other = Position.__new__(Position)
        other.rules, other._hand = self.rules, self._hand
        other._stack, other._small_end = list(self._stack), self._small_end
        return other

    # -- the auction --

    @cached_property
    def _order(self) -> tuple[Seat, ...]:
        return bidding_seats(self._hand, self.rules)[0]

    @property
    def _calls(self) -> tuple[Call, ...]:
        auction = self._hand.auction
        return () if auction is None else auction.calls

    @property
    def standing_bid(self) -> Bid | None:
        """The highest bid so far that the rules let stand (None while all have passed)."""
        standing: Bid | None = None
        for call in self._calls:
            bid = call.bid
            if not bid.is_pass and bid_problem(
                    bid, standing, self.rules, plunge=self._may_plunge(call.seat)) is None:
                standing = bid
        return standing

    @property
    def declarer(self) -> Seat | None:
        """The seat that won the auction, once it is over."""
        if len(self._calls) < len(self._order):
            return None
        auction = self._hand.auction
        won = None if auction is None else auction.winning_call
        return None if won is None else won.seat

    def _may_plunge(self, seat: Seat) -> bool:
        """Whether ``seat`` may jump to a Plunge's bid: the table plays it and the seat holds
        the doubles one needs (or its tiles are unknown)."""
        return self.rules.plays(Special.PLUNGE) and could_plunge(self.dealt(seat))

    def legal_bids(self) -> tuple[Bid, ...]:
        """The bids the seat to bid may make, pass first (when allowed), cheapest first, a
        bid that announces its contract (``4m-plunge``) after its plain bid where the seat
        may play that contract on it; none when no bid is awaited."""
        if self.phase is not Phase.BID:
            return ()
        return tuple(
            b for b in bids_to_offer(self.standing_bid, self.rules)
            if self._bid_refusal(b) is None and self._may_announce(b)
        )

    def _may_announce(self, bid: Bid) -> bool:
        """Whether the seat to bid may play the contract ``bid`` announces (any bid that
        announces none): the table opens it to the seat (only the dealer forced to bid under
        nello=forced), and the seat holds the doubles a Plunge or Splash needs (docs/rules.md,
        Contracts)."""
        special = bid.special
        if special is None:
            return True
        forced = self._forced_to_bid()
        if not special_open_to(special, self.rules, forced):
            return False
        seat = self.turn
        assert seat is not None
        return special not in DOUBLES_NEEDED or could_plunge(self.dealt(seat), special)

    def _forced_to_bid(self) -> bool:
        """Whether the seat to bid is the last, facing three passes, at a table that forces
        it to bid (docs/rules.md, Bidding)."""
        last = len(self._calls) == len(self._order) - 1
        return last and self.standing_bid is None and dealer_must_bid(self.rules)

    def _bid_refusal(self, bid: Bid) -> str | None:
        """Why the seat to bid may not make ``bid`` (None when it may)."""
        seat, standing = self.turn, self.standing_bid
        assert seat is not None
        problem = bid_problem(bid, standing, self.rules, plunge=self._may_plunge(seat))
        if problem is not None:
            return problem[1]
        if bid.is_pass and self._forced_to_bid():
            return "dealer-must-bid"
        return None

    # -- the contract --

    @property
    def contract(self) -> Contract | None:
        """The contract once trump is named (or, under trump-from-first-lead, once the first
        tile is led)."""
        auction, call = self._hand.auction, self._hand.trump
        won = None if auction is None else auction.winning_call
        if won is None or self.declarer is None:
            return None
        if call is not None:  # a bid that announced a Plunge makes the trump named its own
            return Contract(won.seat, won.bid, announced_trump(won.bid, call.trump))
        tricks = self._hand.tricks
        if tricks and tricks[0].plays and first_lead_names_trump(self.rules):
            return Contract(won.seat, won.bid, Trump.pip(tricks[0].plays[0].tile.high))
        return None

    def legal_trumps(self) -> tuple[Trump, ...]:
        """The trumps and special contracts the declarer may name now (the validator's check
        of the contract says which: the bid it needs, the doubles, what the table plays)."""
        if self.phase is not Phase.TRUMP:
            return ()
        return tuple(t for t in trumps_to_offer(self.rules) if self._refusal(t) is None)

    # -- the play --

    @property
    def sitting_out(self) -> Seat | None:
        """The seat that sits out the hand (the Nello declarer's partner)."""
        contract = self.contract
        return None if contract is None else contract.sitting_out

    @cached_property
    def _walked(self) -> tuple[tuple[TrickOutcome, ...], _Trick | None]:
        """The tricks taken, and the trick being played (None between tricks)."""
        contract = self.contract
        if contract is None:
            return (), None
        out = contract.sitting_out
        players = len(SEATS) - (out is not None)
        taken: list[TrickOutcome] = []
        for number, trick in enumerate(self._hand.tricks, start=1):
            seats = play_order(trick.leader, out)
            readings = self._readings(number, trick.tiles, seats, contract)
            if len(trick.plays) < players:
                return tuple(taken), _Trick(number, trick.leader, seats, trick.tiles, readings)
            outcome = take_trick(number, trick.leader, trick.tiles, contract, readings[0])
            taken.append(outcome)
        return tuple(taken), None

    def _readings(
        self, number: int, tiles: tuple[Tile, ...], seats: tuple[Seat, ...], contract: Contract
    ) -> tuple[int, ...]:
        """The suits a trick's lead may be read as, given the plays to it: the suit the tile
        calls for; on the first trick under small-end-opening, its high end and its small
        end, each while no seat has failed to follow it holding a tile of it."""
        if not tiles:
            return ()
        trump, lead = contract.trump, tiles[0]
        suit = led_suit(lead, trump)
        if (number != 1 or not small_end_opens(self.rules, trump) or lead.is_double
                or is_trump(lead, trump)):
            return (suit,)
        ends = self._small_end or (lead.high, lead.low)

        def allowed(s: int) -> bool:
            return not any(
                not follows(t, s, trump) and can_follow(self.dealt(seat) or (), s, trump)
                for t, seat in zip(tiles[1:], seats[1:], strict=False)
            )

        return tuple(s for s in ends if allowed(s)) or (suit,)

    @property
    def tricks(self) -> tuple[TrickOutcome, ...]:
        """The tricks taken so far: each one's seats, tiles, winner and points."""
        return self._walked[0]

    @property
    def trick_number(self) -> int:
        """The number of the trick being played, or to be led next."""
        taken, current = self._walked
        return current.number if current is not None else len(taken) + 1

    @property
    def trick(self) -> tuple[tuple[Seat, Tile], ...]:
        """The trick so far: each seat that has played to it and its tile (empty between
        tricks)."""
        current = self._walked[1]
        return () if current is None else tuple(zip(current.seats, current.tiles, strict=False))

    @property
    def leader(self) -> Seat | None:
        """Who leads the trick being played (or the next one); None before the play."""
        contract = self.contract
        if contract is None:
            return self.declarer if self.phase is Phase.PLAY else None
        taken, current = self._walked
        if current is not None:
            return current.leader
        return taken[-1].winner if taken else first_leader(contract, self.rules)

    @property
    def points(self) -> dict[Team, int]:
        """The points each team has taken so far."""
        return tally(self.tricks)[0]

    @property
    def tricks_taken(self) -> dict[Team, int]:
        """The tricks each team has taken so far."""
        return tally(self.tricks)[1]

    def played(self, seat: Seat | None = None) -> tuple[Tile, ...]:
        """The tiles played this hand (by ``seat``, when given), in the order played."""
        out = self.sitting_out
        return tuple(
            p.tile
            for trick in self._hand.tricks
            for p, s in zip(trick.plays, play_order(trick.leader, out), strict=False)
            if seat is None or s is seat
        )

    def dealt(self, seat: Seat) -> tuple[Tile, ...] | None:
        """The tiles dealt to ``seat``, or None when the deal does not show them."""
        holding = self._hand.holding(seat)
        return None if holding is None else holding.tiles

    def holding(self, seat: Seat) -> tuple[Tile, ...] | None:
        """The tiles ``seat`` still holds, or None when its tiles are not known."""
        dealt = self.dealt(seat)
        if dealt is None:
            return None
        gone = set(self.played(seat))
        return tuple(t for t in dealt if t not in gone)

    def legal_plays(self) -> tuple[Tile, ...]:
        """The tiles the seat to play may play now: following the suit led when it can (in
        Sevens the tiles closest to 7; the opening lead a trump under opening-lead=trump).
        Where the seat's tiles are not known, every tile not yet played and not shown to be
        another seat's."""
        seat = self.turn
        if self.phase is not Phase.PLAY or seat is None:
            return ()
        held = self._could_hold(seat)
        contract = self.contract
        if contract is None or self.holding(seat) is None:
            # The first lead names trump (trump-from-first-lead), or the seat's tiles are
            # not known: no rule can refuse a tile it may hold yet.
            return held
        trump = contract.trump
        if trump.special is Special.SEVENS:
            return sevens_choices(held)
        current = self._walked[1]
        if current is None or not current.tiles:
            return opening_leads(held, trump, self.rules) if self.trick_number == 1 else held
        # Following the suit led (on a small-end opening, either suit the lead may still be
        # read as) when the seat can.
        return tuple(
            t for t in held
            if any(follows(t, s, trump) or not can_follow(held, s, trump)
                   for s in current.readings)
        )

    def _could_hold(self, seat: Seat) -> tuple[Tile, ...]:
        held = self.holding(seat)
        if held is not None:
            return held
        others = {t for s in SEATS if s is not seat for t in (self.dealt(s) or ())}
        gone = set(self.played())
        return tuple(t for t in ALL_TILES if t not in gone and t not in others)

    # -- whose turn, and what comes next --

    @property
    def phase(self) -> Phase:
        """What the hand awaits next."""
        if len(self._calls) < len(self._order):
            return Phase.BID
        if self.declarer is None:
            return Phase.OVER  # thrown in (or the forced bid missing)
        if self._hand.trump is None and not self._hand.tricks:
            return Phase.TRUMP
        taken, current = self._walked
        return Phase.OVER if len(taken) >= TRICKS_IN_A_HAND and current is None else Phase.PLAY

    @property
    def turn(self) -> Seat | None:
        """The seat to act: to bid, to name trump (the declarer, who names trump or a
        special contract), or to play; None once the hand is over."""
        phase = self.phase
        if phase is Phase.BID:
            return self._order[len(self._calls)]
        if phase is Phase.TRUMP:
            return self.declarer
        if phase is Phase.OVER:
            return None
        if self.contract is None:
            return self.declarer
        current = self._walked[1]
        if current is not None:
            return current.seats[len(current.tiles)]
        leader = self.leader
        assert leader is not None
        return leader

    def legal_actions(self) -> tuple[Action, ...]:
        """The legal bids, trumps or plays, as the phase asks."""
        phase = self.phase
        if phase is Phase.BID:
            return self.legal_bids()
        if phase is Phase.TRUMP:
            return (*self.legal_trumps(), *self._first_leads())
        return (*self.legal_plays(), *self._small_end_leads())

    def _small_end_leads(self) -> tuple[Lead, ...]:
        """The first leads that may be played as their small end (small-end-opening=yes)."""
        contract = self.contract
        if contract is None or self.trick_number != 1 or self.trick:
            return ()
        if not small_end_opens(self.rules, contract.trump):
            return ()
        return tuple(
            Lead(t, t.low) for t in self.legal_plays()
            if not t.is_double and not is_trump(t, contract.trump)
        )

    def _first_leads(self) -> tuple[Tile, ...]:
        """Under trump-from-first-lead, the declarer may lead instead of naming trump."""
        if not first_lead_names_trump(self.rules) or self.declarer is None:
            return ()
        tiles = self._could_hold(self.declarer)
        return tuple(t for t in tiles if self._refusal(t) is None)

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    # -- the result --

    @property
    def made(self) -> bool | None:
        """True once the bidders have made their contract, False once it is set, None while
        the tricks taken do not settle it (docs/rules.md, Scoring)."""
        contract = self.contract
        if contract is None:
            return None
        points, won = tally(self.tricks)
        made, set_ = made_or_set(contract, points, won, len(self.tricks))
        return True if made else False if set_ else None

    @property
    def award(self) -> MarkAward | None:
        """What the hand scores (marks, or points in the points game) once made or set."""
        contract, made = self.contract, self.made
        if contract is None or made is None:
            return None
        return hand_award(contract, made, self.points, self.rules)

    # -- making and taking back actions --

    def push(self, action: Action, *, check: bool = True) -> None:
        """Make ``action``: the next bid, the trump call, or the next play (a
        :class:`Lead` for a small-end first lead). Raises :class:`IllegalAction` with the
        validator's words when the rules refuse it; ``check=False`` records it as given
        (a record's own actions, legal or not)."""
        expect("Position.push", "action", action, (Bid, Trump, Tile, Lead))
        if check:
            refused = self._refusal(action)
            if refused is not None:
                raise IllegalAction(refused)
        small_end = self._small_end
        if isinstance(action, Lead) and self.phase is Phase.PLAY and self.trick_number == 1 \
                and not self.trick:
            self._small_end = (action.suit,)
        self._stack.append((self._hand, action, small_end))
        self._hand = self._with(action)
        self._forget()

    def pop(self) -> Action:
        """Take back the last action and return it. Raises ``IndexError`` when there is none."""
        if not self._stack:
            raise IndexError("no action to take back")
        self._hand, action, self._small_end = self._stack.pop()
        self._forget()
        return action

    def _forget(self) -> None:
        for name in ("_order", "_walked"):
            self.__dict__.pop(name, None)

    def _with(self, action: Action) -> Hand:
        """The record with ``action`` made (no question asked)."""
        hand = self._hand
        if isinstance(action, Bid):
            seat = self.turn if self.phase is Phase.BID else None
            if seat is None:
                raise IllegalAction(_no_room("a bid", self.phase, hand.number))
            return replace(hand, auction=Auction((*self._calls, Call(seat, action))))
        if isinstance(action, Trump):
            won = None if hand.auction is None else hand.auction.winning_call
            if self.phase is not Phase.TRUMP or won is None:
                raise IllegalAction(_no_room("a trump", self.phase, hand.number))
            namer = Contract(won.seat, won.bid, action).trump_namer
            return replace(hand, trump=TrumpCall(action, namer))
        tile = action.tile if isinstance(action, Lead) else action
        seat = self.turn
        if seat is None or self.phase not in (Phase.PLAY, Phase.TRUMP) or (
                self.phase is Phase.TRUMP and not first_lead_names_trump(self.rules)):
            raise IllegalAction(_no_room("a play", self.phase, hand.number))
        current = self._walked[1]
        tricks = hand.tricks
        if current is None:
            leader = seat
            tricks = (*tricks, Trick(len(tricks) + 1, leader, (Play(tile),)))
        else:
            last = tricks[-1]
            tricks = (*tricks[:-1], replace(last, plays=(*last.plays, Play(tile))))
        return replace(hand, tricks=tricks)

    def _refusal(self, action: Action) -> Finding | None:
        """The finding that refuses ``action`` now, or None when the rules allow it."""
        phase, number = self.phase, self._hand.number
        if isinstance(action, Bid):
            if phase is not Phase.BID:
                return _no_room("a bid", phase, number)
            if self._bid_refusal(action) is None:
                return None
            return self._found(action) or _finding("illegal-bid", f"{action} may not be bid now",
                                                   number)
        if isinstance(action, Trump):
            if phase is not Phase.TRUMP:
                return _no_room("a trump", phase, number)
            return self._found(action)
        tile = action.tile if isinstance(action, Lead) else action
        if phase is Phase.TRUMP and first_lead_names_trump(self.rules):
            return self._found(action)
        if phase is not Phase.PLAY:
            return _no_room("a play", phase, number)
        if tile not in self.legal_plays():
            return self._found(action) or self._not_following(tile)
        if isinstance(action, Lead) and action not in self._small_end_leads():
            return _finding(
                "not-small-end",
                f"{tile} may not be led as a {action.suit}: only the first lead, of a tile not "
                "a trump nor a double, may be played as its small end (small-end-opening)",
                number,
            )
        return None

    def _not_following(self, tile: Tile) -> Finding:
        """The refusal of a tile that does not follow the suit the first lead was played as
        (a :class:`Lead`), which the record cannot show, and so the validator cannot see."""
        seat, contract, current = self.turn, self.contract, self._walked[1]
        held = self.holding(seat) if seat is not None else None
        if contract is None or current is None or held is None or not current.readings:
            return _finding("illegal-play", f"{seat} may not play {tile} now", self._hand.number)
        suit = current.readings[0]
        could = ", ".join(str(t) for t in can_follow(held, suit, contract.trump))
        return _finding(
            "renege",
            f"{seat} may not play {tile} on a lead played as {PIP_NAMES[suit]}: {seat} holds "
            f"{could}, which could follow",
            self._hand.number,
        )

    def _found(self, action: Action) -> Finding | None:
        """The first error the validator finds in the record with ``action`` made that it
        does not find without it (or, when none is new, the first error it finds)."""
        before = {(f.code, f.message) for f in self._errors(self._hand)}
        after = self._errors(self._with(action))
        new = [f for f in after if (f.code, f.message) not in before]
        if new:
            return new[0]
        # An error the record had already that the action does not mend: a Plunge's jump
        # bid stands only when a Plunge is named.
        return after[0] if after and self.phase is Phase.TRUMP else None

    def _errors(self, hand: Hand) -> list[Finding]:
        report: HandReport = check_hand(hand, self.rules, last=True, judge_claim=False)
        return [f for f in report.findings if f.severity is Severity.ERROR]

    def __repr__(self) -> str:
        return f"<Position hand {self._hand.number} {self.phase}: {self.turn} to act>"


def _finding(code: str, message: str, hand: int) -> Finding:
    return Finding(code, Severity.ERROR, message, hand=hand)


def _no_room(what: str, phase: Phase, hand: int) -> Finding:
    needs = "nothing more: the hand is over" if phase is Phase.OVER else f"a {phase} next"
    return _finding("out-of-order", f"{what} is not expected now: the hand needs {needs}", hand)


def hand_so_far(hand: Hand, step: int) -> Hand:
    """A recorded ``hand`` as it stood after its first ``step`` actions (its calls, its trump
    call, its plays: :func:`notation.check.actions.record_actions`), without what followed
    them (the ending, the score lines)."""
    calls = hand.auction.calls if hand.auction is not None else ()
    if step <= len(calls):
        auction = None if step == 0 or hand.auction is None else replace(
            hand.auction, calls=calls[:step])
        return replace(hand, auction=auction, trump=None, tricks=(), ending=None, scores=())
    step -= len(calls)
    trump = hand.trump
    if trump is not None:
        if step == 0:
            return replace(hand, trump=None, tricks=(), ending=None, scores=())
        step -= 1
    tricks: list[Trick] = []
    for trick in hand.tricks:
        if step <= 0:
            break
        tricks.append(trick if step >= len(trick.plays) else replace(
            trick, plays=trick.plays[:step]))
        step -= len(trick.plays)
    return replace(hand, tricks=tuple(tricks), ending=None, scores=())
