"""The state of a game being recorded: :class:`Recording`, one entry at a time.

Everything it answers comes from the engine; see :mod:`notation.recording`.

Longer than 600 lines because :class:`Recording` is one immutable value whose questions
(whose turn, which bids and tiles are open, what the score line is) and entries all read the
same hand in play and the check of the hands before it: split in two, each half would reach
into the other's private state.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import TYPE_CHECKING

from notation.check.actions import IllegalAction
from notation.check.position import Position
from notation.check.validate import (
    GameCheck,
    GameReport,
    HandReport,
    bidding_seats,
    check_game,
    score_lines,
)
from notation.errors import RecordError, T42Error
from notation.formats.text import dumps
from notation.model.bids import Bid
from notation.model.contracts import Contract, Special, Trump
from notation.model.findings import Finding
from notation.model.game import (
    Auction,
    Call,
    Ending,
    EndKind,
    Game,
    Glyph,
    Hand,
    HandHeader,
    Holding,
    Play,
    ScoreKind,
    ScoreLine,
    Tag,
    Trick,
    with_roster,
)
from notation.model.rule_sets import RuleSet
from notation.model.seats import SEATS, Seat, Team
from notation.model.tiles import ALL_TILES, TRICKS_IN_A_HAND, Tile
from notation.model.written import WrittenEnum
from notation.recording.notes import (
    Note,
    NoteError,
    comment_text,
    game_notes,
    gathered,
    noted_game,
    without_notes,
)
from notation.rules.auction import specials_played

if TYPE_CHECKING:
    from notation.check.reports import ClaimAudit

# A lay-down's verdict and the finding it adds when refuted (notation.check.claims.judge_laydown).
Verdict = tuple["ClaimAudit | None", "Finding | None"]


class Awaiting(WrittenEnum):
    """What the record awaits next: a bid, the trump, a play, a score line, or nothing more
    (the game is won). Not a replay's step (:class:`notation.views.steps.Step`: the state
    after a bid or play of a finished record)."""

    BID = "bid"
    TRUMP = "trump"
    PLAY = "play"
    SCORE = "score"
    OVER = "over"  # the game is won


# Findings that only say a hand is not finished yet; shown once the hand is over.
IN_PROGRESS = frozenset({"hand-unfinished", "auction-incomplete", "trick-size"})


class RecordingError(T42Error, ValueError):
    """An entry that cannot be placed in the record at all (not a rule broken: a bid when
    the hand is being scored, a play before trump, undo with nothing recorded)."""


@dataclass(frozen=True)
class Recording:
    """The record so far. Each entry returns a new recording; ``text`` is its notation."""

    game: Game
    first_dealer: Seat = Seat.N  # who deals hand 1, when no hand is recorded yet
    # None: a lay-down is judged with the record (the solver, at once). A mapping: the
    # verdicts known so far, by lay-down (see laydown_key); a lay-down not in it is shown as
    # being checked, so that a recorder can judge it in the background (pending_laydowns,
    # with_verdict) and never wait for the solver.
    verdicts: Mapping[Hand, Verdict] | None = field(default=None, compare=False)
    # The check of every hand but the last (finished: each entry changes the hand in play
    # only), handed on from entry to entry; made again when it is not of these hands.
    finished: GameCheck | None = field(default=None, compare=False, repr=False)
    # The record before each note (annotate) made since the last other entry, the last
    # last: undo takes the notes back one by one, then the entries.
    noted: tuple[Game, ...] = field(default=(), compare=False, repr=False)

    # -- starting --

    @classmethod
    def start(cls, tags: Mapping[str, str], dealer: Seat = Seat.N) -> Recording:
        """A new game with these tags (the roster first, ``?`` where not given); ``dealer``
        deals the first hand. Raises :class:`notation.model.rule_sets.RulesError` for unknown
        rules."""
        game = Game(with_roster(tuple(Tag(name, value) for name, value in tags.items())))
        game.rules  # noqa: B018 - an unknown rule set is refused now, not in the middle of play
        return cls(game, dealer)

    @classmethod
    def resume(cls, game: Game) -> Recording:
        """Continue recording ``game`` where its record stops."""
        return cls(game, game.hands[0].dealer if game.hands else Seat.N)

    # -- what the engine says about the record --

    @cached_property
    def rules(self) -> RuleSet:
        return self.game.rules

    @cached_property
    def report(self) -> GameReport:
        """The game's check (:func:`notation.check.validate.check_game`), made of the
        finished hands' check, kept, and the hand in play's. Its findings are not placed in
        ``text`` (``check_game(..., place=False)``): that would read the whole text again at
        every entry."""
        hands = self.game.hands
        if not hands:
            return check_game(self.game, self.rules)
        judge = None if self.verdicts is None else self._known_verdict
        return self._finished.then(hands[-1], last=True, judge=judge).report(self.game)

    @cached_property
    def _finished(self) -> GameCheck:
        """The check of every hand but the last."""
        done, hands = self.finished, self.game.hands[:-1]
        if done is None or done.rules != self.rules or not _same(done.hands, hands[:len(
                done.hands)]) or len(done.hands) > len(hands):
            done = GameCheck(self.rules)
        judge = None if self.verdicts is None else self._known_verdict
        for hand in hands[len(done.hands):]:
            done = done.then(hand, judge=judge)
        return done

    def _known_verdict(self, hand: Hand, report: HandReport, rules: RuleSet) -> Verdict:
        assert self.verdicts is not None
        verdict = self.verdicts.get(laydown_key(hand))
        if verdict is not None:
            return verdict
        from notation.check.reports import ClaimAudit

        seat = hand.ending.seat if hand.ending is not None else None
        assert seat is not None
        message = f"{seat}'s lay-down is being checked"
        return ClaimAudit(seat, len(report.tricks), None, None, (), message), None

    def in_background(self) -> Recording:
        """This recording with its lay-downs judged apart (see :attr:`verdicts`)."""
        return self if self.verdicts is not None else replace(self, verdicts={})

    def pending_laydowns(self) -> tuple[HandReport, ...]:
        """The reports of the hands ending in a lay-down that have no verdict yet (when
        judged apart): what :func:`notation.check.claims.judge_laydown` is given with the hand."""
        if self.verdicts is None:
            return ()
        return tuple(
            report for report in self.report.hands
            if report.claim is not None and laydown_key(report.hand) not in self.verdicts
        )

    def with_verdict(self, hand: Hand, verdict: Verdict) -> Recording:
        """This recording knowing the verdict on ``hand``'s lay-down."""
        known = dict(self.verdicts or {})
        known[laydown_key(hand)] = verdict
        return replace(self, verdicts=known, finished=None)  # a finished hand's, maybe

    @property
    def notes(self) -> tuple[Note, ...]:
        """The glyphs and comments on the record's bids, trump calls and plays
        (:func:`notation.recording.notes.game_notes`), each play's seat as its contract
        says (the Nello declarer's partner plays none)."""
        out = {h.hand.number: None if h.contract is None else h.contract.sitting_out
               for h in self.report.hands}
        return game_notes(self.game, out)

    @property
    def last_entered(self) -> str | None:
        """The bid, trump call or play a note would go on now (:meth:`annotate`), in the
        words of :attr:`notes` (``W 6-5``); None before the first bid."""
        try:
            game = noted_game(self.game, Glyph.GOOD)
        except NoteError:
            return None
        return replace(self, game=game).notes[-1].what

    @property
    def text(self) -> str:
        """The record in canonical notation (what the file holds)."""
        return dumps(self.game)

    @property
    def hand(self) -> Hand | None:
        """The hand being recorded, or the last one recorded."""
        return self.game.hands[-1] if self.game.hands else None

    @property
    def hand_report(self) -> HandReport | None:
        return self.report.hands[-1] if self.report.hands else None

    @property
    def contract(self) -> Contract | None:
        report = self.hand_report
        return None if report is None or self._hand_done else report.contract

    @property
    def winner(self) -> Team | None:
        """The team that has won the game, if one has."""
        return self.report.winner

    @property
    def findings(self) -> tuple[Finding, ...]:
        """The findings so far, leaving out those that only say the hand is not over yet."""
        hand = self.hand
        if hand is None or self.awaiting not in (Awaiting.BID, Awaiting.TRUMP, Awaiting.PLAY):
            return self.report.findings
        return tuple(
            f for f in self.report.findings
            if not (f.hand == hand.number and f.code in IN_PROGRESS)
        )

    @property
    def hand_over(self) -> bool:
        """True when the last hand recorded is finished (its total written): the next entry
        starts a new hand (see :func:`notation.recording.hand_now`)."""
        return self._hand_done

    @property
    def _hand_done(self) -> bool:
        hand = self.hand
        return hand is not None and hand.score(ScoreKind.TOTAL) is not None

    @cached_property
    def awaiting(self) -> Awaiting:
        """What the record needs next."""
        hand = self.hand
        if hand is None or self._hand_done:
            return Awaiting.OVER if self.winner is not None else Awaiting.BID
        if self._play_over:
            return Awaiting.SCORE
        if not self._auction_over:
            return Awaiting.BID
        if hand.trump is None:
            return Awaiting.TRUMP
        return Awaiting.PLAY

    # -- the auction --

    @property
    def _bidding_order(self) -> tuple[Seat, ...]:
        return bidding_seats(self._open_hand(), self.rules)[0]

    @property
    def _calls(self) -> tuple[Call, ...]:
        hand = self.hand
        if hand is None or self._hand_done or hand.auction is None:
            return ()
        return hand.auction.calls

    @property
    def _auction_over(self) -> bool:
        return len(self._calls) >= len(self._bidding_order)

    @property
    def dealer(self) -> Seat:
        """The dealer of the hand being recorded (the deal passes left)."""
        hand = self.hand
        if hand is None or self._hand_done:
            return self._next_dealer
        return hand.dealer

    @property
    def _next_dealer(self) -> Seat:
        hand = self.hand
        return self.first_dealer if hand is None else hand.dealer.next

    @property
    def bidder(self) -> Seat | None:
        """Whose turn it is to bid, while the auction lasts."""
        if self.awaiting is not Awaiting.BID:
            return None
        return self._bidding_order[len(self._calls)]

    @property
    def standing_bid(self) -> Bid | None:
        """The highest bid so far that the rules let stand (None while all have passed)."""
        return self._position.standing_bid if self._calls else None

    def bid_problem(self, bid: Bid) -> str | None:
        """Why the rules refuse ``bid`` now, in the validator's words (None when they allow
        it), as the hand's :attr:`position` says."""
        if self.awaiting is not Awaiting.BID:
            return None
        try:
            self.position.push(bid)
        except IllegalAction as refused:
            return str(refused)
        return None

    @property
    def legal_bids(self) -> tuple[Bid, ...]:
        """The bids the rules allow now, pass first (when it is allowed), cheapest first, as
        the hand's :attr:`position` says (a Plunge's jump included)."""
        if self.awaiting is not Awaiting.BID:
            return ()
        return self._position.legal_bids()

    # -- the trump --

    @property
    def declarer(self) -> Seat | None:
        """The seat that won the auction."""
        hand = self.hand
        if hand is None or self._hand_done or hand.auction is None:
            return None
        won = hand.auction.winning_call
        return None if won is None else won.seat

    @property
    def trump_caller(self) -> Seat | None:
        """The seat whose trump call is awaited: the declarer, who names trump or calls a
        special contract (a Plunge's or Splash's trump is then named by her partner, as
        :attr:`notation.model.contracts.Contract.trump_namer` says), or her partner at once
        after a bid that announced a Plunge or Splash (``4m-plunge``); None at other steps."""
        if self.awaiting is not Awaiting.TRUMP:
            return None
        declarer, won = self.declarer, self._position.standing_bid
        if declarer is not None and won is not None and won.special is not None and (
                won.special.partner_names_trump):
            return declarer.partner
        return declarer

    @property
    def specials_allowed(self) -> tuple[Special, ...]:
        """The special contracts the rule set plays."""
        return specials_played(self.rules)

    # -- the play --

    @property
    def _tricks(self) -> tuple[Trick, ...]:
        hand = self.hand
        return () if hand is None or self._hand_done else hand.tricks

    @property
    def sitting_out(self) -> Seat | None:
        """The Nello declarer's partner, who plays no tiles."""
        return None if self.contract is None else self._position.sitting_out

    @property
    def _players(self) -> int:
        return len(SEATS) - (self.sitting_out is not None)

    @property
    def _last_trick_full(self) -> bool:
        tricks = self._tricks
        return not tricks or len(tricks[-1].plays) >= self._players

    @property
    def trick_number(self) -> int:
        """The number of the trick being played (or to be played next)."""
        return self._position.trick_number

    @property
    def leader(self) -> Seat | None:
        """Who leads the trick being played: the declarer (or as the contract says) for the
        first, then the winner of the last trick, as the hand's :attr:`position` says."""
        return None if self.contract is None else self._position.leader

    @property
    def turn(self) -> Seat | None:
        """Whose turn it is to play, as the hand's :attr:`position` says."""
        if self.contract is None or self.awaiting is not Awaiting.PLAY:
            return None
        return self._position.turn

    @property
    def position(self) -> Position:
        """The hand being recorded as a position of play
        (:class:`notation.check.position.Position`): its legal plays, each seat's tiles
        still held, the trick so far; a new hand's, dealt by :attr:`dealer`, once the last
        is finished. Each call gives a position of its own to push on."""
        return self._position.copy()

    @cached_property
    def _position(self) -> Position:
        return Position.of_hand(self._open_hand(), self.rules)

    @property
    def legal_plays(self) -> tuple[Tile, ...]:
        """The tiles the seat to play may play now, as the rules say (every tile it may
        hold where its tiles are not recorded); none when no play is awaited."""
        if self.awaiting is not Awaiting.PLAY:
            return ()
        return self._position.legal_plays()

    @property
    def played(self) -> frozenset[Tile]:
        """The tiles already played this hand."""
        return frozenset(self._position.played())

    @property
    def tiles_out(self) -> tuple[Tile, ...]:
        """The tiles not yet played this hand, highest first."""
        played = self.played
        return tuple(t for t in ALL_TILES if t not in played)

    @property
    def can_end(self) -> EndKind | None:
        """``MADE`` or ``SET`` when the tricks played settle the bid before trick 7."""
        tricks = self._tricks
        if (
            self.contract is None or not tricks or not self._last_trick_full
            or len(tricks) >= TRICKS_IN_A_HAND or self.hand is None or self.hand.ending
        ):
            return None
        made = self._position.made  # the tricks taken so far
        return EndKind.MADE if made else EndKind.SET if made is False else None

    @property
    def _play_over(self) -> bool:
        hand = self.hand
        assert hand is not None
        report = self.hand_report
        if hand.ending is not None or (report is not None and report.thrown_in):
            return True
        if hand.scores:
            return True
        if self._auction_over and hand.auction is not None and (
            hand.auction.winning_call is None
        ):
            return True  # four passes: nothing to play
        return len(hand.tricks) >= TRICKS_IN_A_HAND and self._last_trick_full

    # -- the score --

    @property
    def score_kinds(self) -> tuple[ScoreKind, ...]:
        """The score lines this hand is written with: a hand thrown in has no points."""
        report = self.hand_report
        if report is not None and report.contract is None:
            return (ScoreKind.MARKS, ScoreKind.TOTAL)
        return (ScoreKind.POINTS, ScoreKind.MARKS, ScoreKind.TOTAL)

    @property
    def score_kind(self) -> ScoreKind | None:
        """The score line to write next."""
        if self.awaiting is not Awaiting.SCORE or self.hand is None:
            return None
        written = {s.kind for s in self.hand.scores}
        for kind in self.score_kinds:
            if kind not in written:
                return kind
        return None

    def computed(self, kind: ScoreKind) -> ScoreLine | None:
        """The ``kind`` score line of this hand as the plays give it (None when the record
        does not settle it)."""
        report = self.hand_report
        if report is None:
            return None
        # The running marks as the engine has them once this hand's marks are in.
        marks_line = self.hand.score(ScoreKind.MARKS) if self.hand else None
        settled = report.marks is not None or marks_line is not None
        return score_lines(report, self.report.marks if settled else None).get(kind)

    def misscored(self, line: ScoreLine) -> bool:
        """True when ``line`` differs from what the plays give."""
        computed = self.computed(line.kind)
        return computed is not None and (computed.ns, computed.ew) != (line.ns, line.ew)

    def laydown_claim(self) -> str | None:
        """What the solver says of the lay-down that ended this hand: that it holds, a line
        of play that refutes it, why it cannot be checked, or that it is being checked
        (None without a lay-down)."""
        report = self.hand_report
        return None if report is None or report.claim is None else report.claim.message

    # -- entries --

    def deal(self, seat: Seat, tiles: Sequence[Tile]) -> Recording:
        """Record the tiles dealt to ``seat`` (before the auction)."""
        hand = self._open_hand()
        if hand.auction is not None:
            raise RecordingError("the deal is written before the bids")
        return self._with_hand(replace(hand, deal=(*hand.deal, Holding(seat, tuple(tiles)))))

    def call(self, bid: Bid) -> Recording:
        """Record the next seat's bid, as made at the table (legal or not)."""
        if self.awaiting is not Awaiting.BID:
            raise RecordingError(f"no bid is expected now: {self._expecting()}")
        return self._made(bid)

    def name_trump(self, trump: Trump) -> Recording:
        """Record the trump (or special contract); the partner names a Plunge's or Splash's."""
        if self.awaiting is not Awaiting.TRUMP or self.hand is None or self.declarer is None:
            raise RecordingError(f"no trump is expected now: {self._expecting()}")
        return self._made(trump)

    def play(self, tile: Tile) -> Recording:
        """Record the next tile played (by :attr:`turn`)."""
        if self.awaiting is not Awaiting.PLAY or self.hand is None:
            raise RecordingError(f"no play is expected now: {self._expecting()}")
        if tile in self.played:
            raise RecordingError(f"{tile} has already been played this hand")
        return self._made(tile)

    def _made(self, action: Bid | Trump | Tile) -> Recording:
        """The recording with ``action`` made in the hand's :attr:`position` as entered,
        legal or not (the check finds what is wrong with it)."""
        position = self.position
        settled = self._line_gathered(action)
        if settled is not None:  # comments at the end of the line stay on its last item
            position = Position.of_hand(settled, self.rules)
        try:
            position.push(action, check=False)
        except IllegalAction as refused:
            raise RecordingError(f"{refused}: {self._expecting()}") from None
        hand = self._open_hand()
        return self._with_hand(replace(position.hand, ending=hand.ending, scores=hand.scores))

    def _line_gathered(self, action: Bid | Trump | Tile) -> Hand | None:
        """The hand with the comments after the line ``action`` goes on put on its last
        item (:func:`notation.recording.notes.gathered`); None when there are none."""
        hand = self._open_hand()
        if isinstance(action, Bid) and hand.auction is not None and hand.auction.after:
            auction = gathered(hand.auction)
            assert isinstance(auction, Auction)
            return replace(hand, auction=auction)
        if isinstance(action, Tile) and not self._last_trick_full and hand.tricks[-1].after:
            trick = gathered(hand.tricks[-1])
            assert isinstance(trick, Trick)
            return replace(hand, tricks=(*hand.tricks[:-1], trick))
        return None

    def annotate(self, note: Glyph | str) -> Recording:
        """The recording with ``note`` on the last bid, trump call or play entered: a glyph
        (it replaces the glyph there) or a comment's text (added after the comments there),
        as :mod:`notation.recording.notes` says. :meth:`undo` takes it back.

        Raises :class:`RecordingError` with no bid yet, a comment with nothing in it or a
        ``}``, or one that makes a line longer than the notation reads.

        >>> r = Recording.start({"Rules": "straight"}).call(Bid.parse("30"))
        >>> r = r.annotate(Glyph("?!")).annotate("too high")
        >>> print(r.text.split("\\n")[-2])
        bid E 30?! { too high }
        >>> r.undo().undo().text == Recording.start({"Rules": "straight"}).call(
        ...     Bid.parse("30")).text
        True
        """
        try:
            text = note if isinstance(note, Glyph) else comment_text(note)
            after = replace(self, game=noted_game(self.game, text),
                            noted=(*self.noted, self.game))
            after.text  # noqa: B018 - a line the notation cannot read is refused now
        except (NoteError, RecordError) as e:
            raise RecordingError(str(e)) from None
        return after

    def edit_trick(self, number: int, tiles: Sequence[Tile]) -> Recording:
        """Write trick ``number`` again with these tiles (its leader stays as written)."""
        hand = self.hand
        if hand is None or self._hand_done or not 1 <= number <= len(hand.tricks):
            raise RecordingError(f"there is no trick {number} in this hand to edit")
        tricks = list(hand.tricks)
        tricks[number - 1] = replace(tricks[number - 1], plays=tuple(Play(t) for t in tiles))
        return self._with_hand(replace(hand, tricks=tuple(tricks)))

    def end(self, kind: EndKind, seat: Seat | None = None) -> Recording:
        """Record that play stopped early: made, set, or a lay-down by ``seat``."""
        hand = self.hand
        if self.awaiting is not Awaiting.PLAY or hand is None or not self._last_trick_full:
            raise RecordingError("play can stop only between tricks")
        if (kind is EndKind.LAYDOWN) != (seat is not None):
            raise RecordingError("a lay-down names its seat; made and set name none")
        return self._with_hand(replace(hand, ending=Ending(kind, seat)))

    def score(self, kind: ScoreKind, ns: int, ew: int) -> Recording:
        """Record a score line as the table wrote it (a misscore is kept, and found).

        The points may also be written before any tile is played: a hand kept by its score
        only (docs/notation.md, "Score lines"); its marks and total follow as usual."""
        hand = self.hand
        by_score_only = (
            self.awaiting is Awaiting.PLAY and kind is ScoreKind.POINTS and not self._tricks
        )
        if (self.awaiting is not Awaiting.SCORE and not by_score_only) or hand is None:
            raise RecordingError(f"no score is expected now: {self._expecting()}")
        return self._with_hand(replace(hand, scores=(*hand.scores, ScoreLine(kind, ns, ew))))

    def accept(self) -> Recording:
        """Record the next score line as the plays give it."""
        kind = self.score_kind
        line = None if kind is None else self.computed(kind)
        if kind is None or line is None:
            raise RecordingError("the record does not settle this score: write it")
        return self.score(kind, line.ns, line.ew)

    def undo(self) -> Recording:
        """The recording without its last entry (a hand's number line goes with its first
        entry)."""
        if self.noted:  # the last note first
            return replace(self, game=self.noted[-1], noted=self.noted[:-1])
        hand = self.hand
        if hand is None:
            raise RecordingError("nothing to undo")
        if hand.scores:
            hand = replace(hand, scores=hand.scores[:-1])
        elif hand.ending is not None:
            hand = replace(hand, ending=None)
        elif hand.tricks:
            last = hand.tricks[-1]
            rest = hand.tricks[:-1]
            if len(last.plays) > 1:
                rest = (*rest, replace(last, plays=last.plays[:-1]))
            hand = replace(hand, tricks=rest)
        elif hand.trump is not None:
            hand = replace(hand, trump=None)
        elif hand.auction is not None and hand.auction.calls:
            calls = hand.auction.calls[:-1]
            hand = replace(hand, auction=replace(hand.auction, calls=calls) if calls else None)
        elif hand.deal:
            hand = replace(hand, deal=hand.deal[:-1])
        else:
            return replace(self, game=replace(self.game, hands=self.game.hands[:-1]))
        before = self.game.hands[:-1]
        hands = before if hand == Hand(hand.header) else (*before, hand)
        return replace(self, game=replace(self.game, hands=hands), finished=self._finished)

    # -- inside --

    def _expecting(self) -> str:
        return f"the record needs a {self.awaiting.value} next"

    def _open_hand(self) -> Hand:
        """The hand being recorded, a new one (numbered, its dealer filled in) if the last
        is finished."""
        hand = self.hand
        if hand is None or self._hand_done:
            number = 1 if hand is None else hand.number + 1
            return Hand(HandHeader(number, self.dealer))
        return hand

    def _with_hand(self, hand: Hand) -> Recording:
        hands = self.game.hands
        if hands and not self._hand_done:  # the hand being recorded is the last one
            hands = hands[:-1]
        # The finished hands' check goes on to the next recording (a hand begun: the one
        # before it is finished, and checked once more, as such, when it is asked for).
        return replace(self, game=replace(self.game, hands=(*hands, hand)),
                       finished=self._finished, noted=())



def _same(these: tuple[Hand, ...], those: tuple[Hand, ...]) -> bool:
    """True when the hands are the very same objects (the record's hands are never changed
    in place: a hand entered anew is a new object)."""
    return len(these) == len(those) and all(a is b for a, b in zip(these, those, strict=True))


def laydown_key(hand: Hand) -> Hand:
    """What a lay-down's verdict depends on: the hand without its score lines, and without
    the notes put on it (:func:`notation.recording.notes.without_notes`)."""
    return without_notes(replace(hand, scores=()))
