"""The play (docs/rules.md, Suits and rank; Reneges; Contracts): seven tricks in order, each led
by the last one's winner, every seat but the one sitting out playing a tile it holds once;
following suit when able (a renege proven from the deal or a later play), Sevens' closest
tile, the opening lead. Each trick's outcome is :func:`notation.rules.tricks.take_trick`'s.

The thorough pass keeps what the play has shown so far in a :class:`PlaySoFar`; with ``fast``
a quick pass (:func:`_clean_play`) first recognises clean play by the rules' fast form
(:func:`notation.rules.fast.walk_tricks`).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field

from notation.check.reports import HandCheck
from notation.model.contracts import DOUBLES_SUIT, PIP_NAMES, Contract, Special
from notation.model.findings import Severity, plural
from notation.model.game import Span, Trick
from notation.model.seats import SEATS, Seat, play_order
from notation.model.tiles import TILE_KEY_STRIDE, TRICKS_IN_A_HAND, Tile
from notation.rules.fast import NOBODY, fast_rules, walk_tricks
from notation.rules.play import (
    can_follow,
    follows,
    led_suit,
    sevens_choices,
    sevens_distance,
    trump_suit,
)
from notation.rules.tricks import (
    TrickOutcome,
    first_leader,
    opening_leads,
    opening_suits,
    outcome,
    small_end_opens,
    take_trick,
)

# The seats of a trick by the leader's position and the position of the seat sitting out
# (NOBODY when all four play): clockwise from the leader.
TRICK_SEATS: tuple[tuple[tuple[Seat, ...], ...], ...] = tuple(
    tuple(play_order(leader, out) for out in (*SEATS, None)) for leader in SEATS
)


@dataclass(frozen=True, slots=True)
class Move:
    """One play as the check judges it: the trick (1-based), the seat, the tile, its place."""

    trick: int
    seat: Seat
    tile: Tile
    span: Span | None


@dataclass
class PlaySoFar:
    """What the play of a hand has shown so far, trick by trick (the thorough pass)."""

    check: HandCheck
    contract: Contract | None
    # Who dealt each tile (from the deal lines), and who played it first and in which trick.
    owner: dict[Tile, Seat]
    played: dict[Tile, tuple[int, Seat]] = field(default_factory=dict)
    played_by: dict[Seat, list[Tile]] = field(default_factory=lambda: {s: [] for s in SEATS})
    # A seat that did not follow while its hand is unknown: proven a renege if it later
    # plays a tile that could have followed (docs/rules.md, Reneges). By seat: the play and
    # the suit it did not follow.
    shown_void: dict[Seat, list[tuple[Move, int]]] = field(
        default_factory=lambda: {s: [] for s in SEATS}
    )
    # A Sevens play farther from 7 than a tile the seat later plays (docs/rules.md, Contracts).
    not_closest: dict[Seat, list[Move]] = field(default_factory=lambda: {s: [] for s in SEATS})
    # Who should lead the next trick: the first leader, then each trick's winner.
    leader: Seat | None = None

    @property
    def in_sevens(self) -> bool:
        return self.contract is not None and self.contract.trump.special is Special.SEVENS

    def still_held(self, seat: Seat) -> list[Tile]:
        """The tiles dealt to ``seat`` that it has not played yet."""
        return [t for t in self.check.dealt[seat] if t not in self.played_by[seat]]


def check_play(check: HandCheck) -> None:
    """The play (docs/rules.md, Suits and rank; Reneges; Contracts): seven tricks in order, each
    led by the last one's winner (the first by :func:`notation.rules.tricks.first_leader`), every
    seat but the one sitting out playing a tile it holds once; following suit when able
    (a renege proven from the deal or a later play), Sevens' closest tile, the opening lead.
    Each trick's outcome is :func:`notation.rules.tricks.take_trick`'s."""
    tricks = check.hand.tricks
    if not tricks:
        return
    if check.fast:
        clean = _clean_play(check)
        if clean is not None:
            check.outcomes.extend(clean)
            return
    contract = check.contract
    owner = {tile: seat for seat, tiles in check.dealt.items() for tile in tiles}
    state = PlaySoFar(check, contract, owner)
    state.leader = first_leader(contract, check.rules) if contract is not None else None
    if len(tricks) > TRICKS_IN_A_HAND:
        check.report(
            "too-many-tricks",
            f"{len(tricks)} tricks are recorded; a hand has 7",
            tricks[TRICKS_IN_A_HAND].span,
        )
    for k, trick in enumerate(tricks, start=1):
        _check_trick(state, k, trick)


def _check_trick(state: PlaySoFar, k: int, trick: Trick) -> None:
    """Trick ``k``: its number, its leader, its size, then each play; its outcome."""
    check, contract = state.check, state.contract
    _check_trick_number(check, k, trick)
    seats = _check_leader(state, k, trick)
    _check_trick_size(check, k, trick)
    suit = led_suit(trick.plays[0].tile, contract.trump) if contract else None
    if k == 1 and contract and suit is not None and small_end_opens(check.rules):
        suit = _small_end_suit(check, contract, trick, seats, suit)
    if k == 1 and contract is not None:
        lead = trick.plays[0]
        _check_opening_lead(check, contract, Move(1, seats[0], lead.tile, lead.span))
    for play, seat in zip(trick.plays, seats, strict=False):
        _check_play(state, Move(k, seat, play.tile, play.span), suit, play is trick.plays[0])
    if contract is not None and trick.plays and not _in_play(check, k, trick):
        taken = take_trick(k, seats[0], trick.tiles, contract, suit)
        check.outcomes.append(taken)
        state.leader = taken.winner


def _check_trick_number(check: HandCheck, k: int, trick: Trick) -> None:
    """Tricks numbered 1, 2, 3 … in order; a gap says which tricks are missing."""
    tricks = check.hand.tricks
    previous = tricks[k - 2].number if k > 1 else 0
    if previous + 1 < trick.number <= TRICKS_IN_A_HAND and previous == k - 1:
        # Tricks left out: the numbers go on from the one written after the gap (a number
        # past the hand's seven tricks is a misnumbered trick, not a gap).
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


def _check_leader(state: PlaySoFar, k: int, trick: Trick) -> tuple[Seat, ...]:
    """The seats of trick ``k`` in order of play: as written, or, when the leader written is
    plainly a slip of the pen, as the plays show it was led (with a ``wrong-leader`` either
    way when the leader is not the one expected)."""
    check, contract, expected = state.check, state.contract, state.leader
    sitting_out = check.sitting_out
    seats = trick.seats(sitting_out)
    if expected is None or trick.leader is expected:
        return seats
    meant = _meant_seats(trick, expected, sitting_out, seats, state.owner, state.played)
    first = (
        "the declarer leads to the first trick"
        if contract is None or expected is contract.declarer
        else f"the declarer's partner leads to the first trick of a "
        f"{contract.trump.special.title if contract.trump.special else 'contract'}"
    )
    why = first if k == 1 else f"{expected} won trick {k - 1}"
    hint = (
        ""
        if meant is None
        else f"; did you mean `{trick.number} {meant[0]}`? (every play fits "
        f"{meant[0]}'s lead, and the hand is judged so)"
    )
    check.report(
        "wrong-leader",
        f"trick {k} is led by {trick.leader}, but {expected} should lead: {why}{hint}",
        trick.span,
        trick=k,
        seat=trick.leader,
        evidence={"expected": expected},
    )
    return seats if meant is None else meant  # a slip of the pen: judged as the plays show


def _in_play(check: HandCheck, k: int, trick: Trick) -> bool:
    """True for trick ``k`` of a record saved in the middle of it (the hand in progress, its
    last trick short of a play): a trick not taken yet, by anyone (docs/rules.md, Suits and
    rank: a trick is won once all have played to it), so it has no outcome, no point and no
    count for either side."""
    players = len(SEATS) - (check.sitting_out is not None)
    return check.in_progress and k == len(check.hand.tricks) and len(trick.plays) < players


def _check_trick_size(check: HandCheck, k: int, trick: Trick) -> None:
    """Every seat but the one sitting out plays once; a short last trick of a record saved in
    the middle of it is a warning."""
    sitting_out = check.sitting_out
    players = len(SEATS) - (sitting_out is not None)
    if len(trick.plays) == players:
        return
    every = (
        f"every seat but {sitting_out}, who sits out the Nello, plays once"
        if sitting_out is not None
        else "every seat plays once"
    )
    if _in_play(check, k, trick):
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


def _check_play(state: PlaySoFar, move: Move, suit: int | None, leads: bool) -> None:
    """One play: the tile held and not played before, then following suit (or, in a Sevens,
    playing closest to 7)."""
    _check_tile(state, move)
    contract = state.contract
    if state.in_sevens:
        _check_sevens(state, move)
    elif contract is not None and suit is not None:
        _check_later_proof(state, move)
        if not leads and not follows(move.tile, suit, contract.trump):
            _check_follow(state, move, suit)
    state.played.setdefault(move.tile, (move.trick, move.seat))
    state.played_by[move.seat].append(move.tile)


def _check_tile(state: PlaySoFar, move: Move) -> None:
    """The tile played was not played before, and was dealt to the seat playing it."""
    check, tile, seat, k = state.check, move.tile, move.seat, move.trick
    owner = state.owner
    if tile in state.played:
        earlier, by = state.played[tile]
        check.report(
            "tile-played-twice",
            f"{tile} was already played by {by} in trick {earlier}",
            move.span,
            trick=k,
            seat=seat,
            evidence={"tile": tile, "first_trick": earlier},
        )
    elif tile in owner and owner[tile] is not seat:
        check.report(
            "tile-not-held",
            f"{seat} played {tile}, which was dealt to {owner[tile]}",
            move.span,
            trick=k,
            seat=seat,
            evidence={"tile": tile, "dealt_to": owner[tile]},
        )
    elif seat in check.dealt and tile not in check.dealt[seat]:
        check.report(
            "tile-not-held",
            f"{seat} played {tile}, which is not in {seat}'s dealt hand",
            move.span,
            trick=k,
            seat=seat,
            evidence={"tile": tile},
        )


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


def _clean_play(check: HandCheck) -> list[TrickOutcome] | None:
    """The quick play check: each trick's outcome when the play has nothing to report,
    else None (at the first irregularity, which the thorough pass then words).

    Only for a clean deal of all four seats, walked on the masks of the tiles each seat has
    not played yet by :func:`notation.rules.fast.walk_tricks`; here only what is written of
    each trick: its number, its size, and its leader (the last trick's winner).
    """
    contract, dealt = check.contract, check.held
    tricks = check.hand.tricks
    # A small-end opening needs no care: when every seat could follow the lead's high end
    # and its winner leads the second trick, _small_end_suit reads the high end too.
    if contract is None or dealt is None or len(tricks) > TRICKS_IN_A_HAND:
        return None
    sitting_out = check.sitting_out
    out = NOBODY if sitting_out is None else SEATS.index(sitting_out)
    players = len(SEATS) - (sitting_out is not None)
    played: list[tuple[Tile, ...]] = []
    for k, trick in enumerate(tricks, start=1):
        plays = trick.plays
        if trick.number != k or len(plays) != players:
            return None
        played.append(tuple([p.tile for p in plays]))
    # Tile keys inline (tiles.tile_key): this is the hot path of checking.
    keys = [t.high * TILE_KEY_STRIDE + t.low for tiles in played for t in tiles]
    at = SEATS.index(first_leader(contract, check.rules))  # the leader's position
    walked = walk_tricks(fast_rules(check.rules).play(contract.trump), list(dealt), at, keys, out)
    if walked is None:
        return None
    outcomes: list[TrickOutcome] = []
    winners, worths = walked
    for k, (trick, tiles, won, worth) in enumerate(
        zip(tricks, played, winners, worths, strict=True), start=1
    ):
        seats = TRICK_SEATS[at][out]
        if trick.leader is not seats[0]:
            return None
        outcomes.append(outcome(k, seats, tiles, SEATS[won], worth))
        at = won
    return outcomes


def _small_end_suit(
    check: HandCheck, contract: Contract, trick: Trick, seats: tuple[Seat, ...], suit: int
) -> int:
    """small-end-opening=yes: the suit the first lead was played as, its high end or its
    small end (004). The reading the plays allow (no seat failing to follow a suit it was
    dealt) whose winner leads the second trick; the high end when both do."""
    lead, trump = trick.plays[0].tile, contract.trump
    suits = opening_suits(lead, trump, check.rules)
    if len(suits) == 1:
        return suit

    def allowed(s: int) -> bool:
        return not any(
            not follows(p.tile, s, trump) and can_follow(check.dealt.get(seat, ()), s, trump)
            for p, seat in zip(trick.plays[1:], seats[1:], strict=False)
        )

    readings = [s for s in suits if allowed(s)]
    if not readings:
        return suit
    tricks = check.hand.tricks
    if len(tricks) > 1:
        second = tricks[1].leader
        for s in readings:
            if take_trick(1, trick.leader, trick.tiles, contract, s).winner is second:
                return s
    return readings[0]


def _check_opening_lead(check: HandCheck, contract: Contract, lead: Move) -> None:
    """The first lead is one of the tiles that may open the hand
    (:func:`notation.rules.tricks.opening_leads`: under opening-lead=trump, a trump if the
    leader holds one)."""
    trump, tile, leader = contract.trump, lead.tile, lead.seat
    holding = check.dealt.get(leader)
    if holding is None:
        holding = _played_later(check, leader)
    later = opening_leads((*holding, tile), trump, check.rules)
    if tile not in later:
        check.report(
            "opening-lead-not-trump",
            f"{leader} led {tile} to the first trick, but the opening lead must be a trump "
            f"and {leader} held {', '.join(str(t) for t in later)}",
            lead.span,
            trick=1,
            seat=leader,
            evidence={"tile": tile, "trumps_held": list(later)},
        )


def _played_later(check: HandCheck, seat: Seat) -> tuple[Tile, ...]:
    """Every tile ``seat`` is recorded playing in this hand."""
    sitting_out = check.sitting_out
    return tuple(
        p.tile
        for trick in check.hand.tricks
        for p, s in zip(trick.plays, trick.seats(sitting_out), strict=False)
        if s is seat
    )


def _check_sevens(state: PlaySoFar, move: Move) -> None:
    """Sevens: each play as close to 7 pips as the hand allows, proven from the deal or
    from a later play of a closer tile (docs/rules.md, Contracts)."""
    check, seat = state.check, move.seat
    distance = sevens_distance(move.tile)
    pending = state.not_closest[seat]
    for far in list(pending):
        if sevens_distance(far.tile) > distance:
            _not_closest(check, far, (move.tile,), move.trick)
            pending.remove(far)
    if seat in check.dealt:
        closest = sevens_choices(state.still_held(seat))
        if closest and distance > sevens_distance(closest[0]):
            _not_closest(check, move, closest, None)
    else:
        pending.append(move)


def _not_closest(
    check: HandCheck, move: Move, closer: Sequence[Tile], proven_in: int | None
) -> None:
    tile, seat, k = move.tile, move.seat, move.trick
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
        move.span,
        trick=k,
        seat=seat,
        evidence={
            "tile": tile,
            "closer": list(closer),
            "proven_by_trick": proven_in,
        },
    )
    check.reneged(seat.team)


def _check_follow(state: PlaySoFar, move: Move, suit: int) -> None:
    """A play that does not follow ``suit`` (docs/rules.md, Reneges): a renege when the deal
    shows the seat still held a tile that could follow; without the deal, kept in
    ``shown_void`` for a later play to prove."""
    check, seat = state.check, move.seat
    assert check.contract is not None
    if seat in check.dealt:
        could = can_follow(state.still_held(seat), suit, check.contract.trump)
        if could:
            _renege(check, move, suit, could, None)
    else:
        state.shown_void[seat].append((move, suit))


def _check_later_proof(state: PlaySoFar, move: Move) -> None:
    """docs/rules.md, Reneges: a seat that did not follow an earlier lead reneged if it now
    plays a tile of that suit, which it held then."""
    check = state.check
    assert check.contract is not None
    voids = state.shown_void[move.seat]
    for entry in list(voids):
        void, suit = entry
        if void.trick < move.trick and follows(move.tile, suit, check.contract.trump):
            _renege(check, void, suit, (move.tile,), move.trick)
            voids.remove(entry)


def _renege(
    check: HandCheck, move: Move, suit: int, could: Sequence[Tile], proven_in: int | None
) -> None:
    assert check.contract is not None  # reneges are judged only once trump is known
    seat, tile, k = move.seat, move.tile, move.trick
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
        move.span,
        trick=k,
        seat=seat,
        evidence={
            "tile": tile,
            "led_suit": suit_name,
            "could_follow": list(could),
            "proven_by_trick": proven_in,
        },
    )
    check.reneged(seat.team)
