"""The solver against a plain exhaustive minimax written straight from notation.rules.play.

The reference knows nothing of masks, tables, pruning or transposition: it plays every legal
tile for every seat (tiles, :func:`notation.rules.play.can_follow`, :func:`trick_winner`) and takes
the max or min. It is exact and slow, so it is run on end positions with three tricks or
fewer left. ``T42_SOLVER_POSITIONS`` sets how many seeded positions: 10,000 by default, as
the issue asks (about 20 seconds).
"""

from __future__ import annotations

import os
import random
from collections.abc import Sequence

import pytest

from notation.model.contracts import DoublesRank, Special, Trump
from notation.model.seats import SEATS, Seat, Team
from notation.model.tiles import ALL_TILES, Tile
from notation.rules.dealing import deal, random_trump
from notation.rules.play import (
    SUITS,
    can_follow,
    follows,
    led_suit,
    sevens_choices,
    tile_power,
    trick_points,
    trick_winner,
)
from notation.solver.solver import (
    TILE_INDEX,
    ContractTables,
    Position,
    Solver,
    UnsupportedContract,
    contract_tables,
    mask_of,
    tiles_of,
)

POSITIONS = int(os.environ.get("T42_SOLVER_POSITIONS", "10000"))

Hands = dict[Seat, tuple[Tile, ...]]


Order = tuple[Seat, ...]
FOUR: Order = tuple(SEATS)


def _legal(held: Sequence[Tile], trick: Sequence[Tile], trump: Trump) -> tuple[Tile, ...]:
    if trump.special is Special.SEVENS:
        return sevens_choices(held)
    if not trick:
        return tuple(held)
    return can_follow(held, led_suit(trick[0], trump), trump) or tuple(held)


def _after(order: Order, seat: Seat, n: int) -> Seat:
    return order[(order.index(seat) + n) % len(order)]


def reference(hands: Hands, leader: Seat, trick: tuple[Tile, ...], trump: Trump,
              maximizers: frozenset[Seat] = frozenset({Seat.N, Seat.S}),
              order: Order = FOUR) -> int:
    """NS points from here on with best play by all: minimax, no pruning, no memory.

    ``maximizers`` are the seats playing for NS points (all four: the most NS could get);
    ``order`` the seats that play, clockwise (three in Nello).
    """
    if not trick and not any(hands.values()):
        return 0
    seat = _after(order, leader, len(trick))
    values = []
    for tile in _legal(hands[seat], trick, trump):
        rest = {**hands, seat: tuple(t for t in hands[seat] if t != tile)}
        now = (*trick, tile)
        if len(now) == len(order):
            winner = _after(order, leader, trick_winner(now, trump))
            gain = trick_points(now) if winner.team is Team.NS else 0
            values.append(gain + reference(rest, winner, (), trump, maximizers, order))
        else:
            values.append(reference(rest, leader, now, trump, maximizers, order))
    return max(values) if seat in maximizers else min(values)


def reference_claim(hands: Hands, leader: Seat, trick: tuple[Tile, ...], trump: Trump,
                    team: Team, order: Order = FOUR) -> bool:
    """True when ``team`` wins every remaining trick whatever anyone plays."""
    if not trick and not any(hands.values()):
        return True
    seat = _after(order, leader, len(trick))
    for tile in _legal(hands[seat], trick, trump):
        rest = {**hands, seat: tuple(t for t in hands[seat] if t != tile)}
        now = (*trick, tile)
        if len(now) == len(order):
            winner = _after(order, leader, trick_winner(now, trump))
            if winner.team is not team or not reference_claim(
                rest, winner, (), trump, team, order
            ):
                return False
        elif not reference_claim(rest, leader, now, trump, team, order):
            return False
    return True


CONTRACTS = ("trump", "trump", "trump", "nello", "sevens")


def end_position(
    rng: random.Random,
) -> tuple[Hands, Seat, tuple[Tile, ...], Trump, Order]:
    """A random deal and contract (mostly a trump from :func:`random_trump`, some Nello and
    Sevens), played at random to three tricks or fewer from the end."""
    hands: Hands = deal(rng)
    kind = rng.choice(CONTRACTS)
    leader = rng.choice(SEATS)
    order = FOUR
    if kind == "nello":
        doubles = rng.choice([d.value for d in DoublesRank])
        trump = Trump.parse("", f"doubles-{doubles}", special="nello")
        order = tuple(s for s in SEATS if s is not leader.partner)
        hands = {**hands, leader.partner: ()}
    elif kind == "sevens":
        trump = Trump.parse("", special="sevens")
    else:
        trump = random_trump(rng)
    plays = rng.randrange(4 * len(order), 7 * len(order))  # 3 tricks left … the last play
    trick: tuple[Tile, ...] = ()
    for _ in range(plays):
        seat = _after(order, leader, len(trick))
        tile = rng.choice(_legal(hands[seat], trick, trump))
        hands = {**hands, seat: tuple(t for t in hands[seat] if t != tile)}
        trick = (*trick, tile)
        if len(trick) == len(order):
            leader = _after(order, leader, trick_winner(trick, trump))
            trick = ()
    return hands, leader, trick, trump, order


def _tables(trump: Trump, order: Order) -> ContractTables:
    out = [s for s in SEATS if s not in order]
    return contract_tables(trump, out[0].index if out else None)


def _position(hands: Hands, leader: Seat, trick: tuple[Tile, ...]) -> Position:
    pos = Position.deal(hands, leader)
    return Position(pos.hands, pos.leader, tuple(TILE_INDEX[t] for t in trick))


def test_masks_round_trip() -> None:
    assert tiles_of(mask_of(ALL_TILES)) == ALL_TILES
    assert [TILE_INDEX[t] for t in ALL_TILES] == list(range(28))


@pytest.mark.parametrize(
    "trump",
    [Trump.pip(5), Trump.doubles_trump(), *(Trump.follow_me(d) for d in
     (DoublesRank.HIGH, DoublesRank.LOW, DoublesRank.OWN_SUIT))],
)
def test_tables_agree_with_notation_play(trump: Trump) -> None:
    tables = contract_tables(trump)
    rng = random.Random(str(trump))
    for _ in range(2000):
        trick = rng.sample(list(ALL_TILES), 4)
        assert tables.trick_winner([TILE_INDEX[t] for t in trick]) == trick_winner(trick, trump)
        hand = rng.sample(ALL_TILES, 5)
        legal = tables.legal_moves(mask_of(hand), TILE_INDEX[trick[0]])
        assert set(tiles_of(legal)) == set(_legal(hand, trick[:1], trump))


# Every trump the solver plays: each pip, doubles, follow-me and each Nello doubles option,
# Plunge, Splash and Sevens.
EVERY_TRUMP = [
    *(Trump.pip(p) for p in range(7)),
    Trump.doubles_trump(),
    *(Trump.follow_me(d) for d in (DoublesRank.HIGH, DoublesRank.LOW, DoublesRank.OWN_SUIT)),
    *(Trump.parse("", d.word, special="nello") for d in DoublesRank),
    Trump.parse("", special="low-no"),
    Trump.parse("3", special="plunge"),
    Trump.parse("doubles", special="splash"),
    Trump.parse("", special="sevens"),
]


@pytest.mark.parametrize("trump", EVERY_TRUMP, ids=str)
def test_tables_are_notation_play_over_every_tile_and_lead(trump: Trump) -> None:
    """The solver's integer tables say what notation.rules.play says, for every tile and every
    suit led: the suit a lead calls for, who follows, and the power that wins a trick."""
    special = trump.special
    tables = contract_tables(trump, Seat.S.index if special and special.is_nello else None)
    sevens = special is Special.SEVENS
    for i, tile in enumerate(ALL_TILES):
        if not sevens:  # in Sevens no tile need follow and the closest wins: one "suit"
            assert tables.led_suit[i] == led_suit(tile, trump)
        for suit in range(SUITS):
            assert bool(tables.follow[suit] >> i & 1) == (sevens or follows(tile, suit, trump))
            assert tables.power[suit][i] == tile_power(tile, suit, trump), (tile, suit)
    rng = random.Random(str(trump))
    for _ in range(500):
        trick = rng.sample(ALL_TILES, len(tables.order))
        assert tables.trick_winner([TILE_INDEX[t] for t in trick]) == trick_winner(trick, trump)
    # The tiles that take a lead from it (the sure winners' test), as notation.rules.play says.
    for i, led in enumerate(ALL_TILES):
        for other in ALL_TILES:
            if other != led:
                wins = trick_winner((led, other), trump) == 1
                assert bool(tables.beaten_by(i) >> TILE_INDEX[other] & 1) == wins


def test_solver_agrees_with_exhaustive_reference() -> None:
    rng = random.Random(4242)
    checked = 0
    for _ in range(POSITIONS):
        hands, leader, trick, trump, order = end_position(rng)
        pos = _position(hands, leader, trick)
        tables = _tables(trump, order)
        solver = Solver(tables)
        want = reference(hands, leader, trick, trump, order=order)
        assert solver.value(pos) == want, (hands, leader, trick, trump)
        total = pos.points_left
        target = rng.randrange(0, total + 2)
        assert solver.reaches(pos, Team.NS, target) == (want >= target)
        assert solver.reaches(pos, Team.EW, target) == (total - want >= target)
        team = rng.choice(list(Team))
        claim = reference_claim(hands, leader, trick, trump, team, order)
        assert (solver.claim_refutation(pos, team) is None) == claim
        if checked % 10 == 0:  # other roles: the most and least NS could get; Nello's roles
            for seats in (frozenset(SEATS), frozenset(), frozenset({Seat.E, Seat.W})):
                other = Solver(tables, maximizers=[s.index for s in seats]).value(pos)
                assert other == reference(hands, leader, trick, trump, seats, order)
        checked += 1
    assert checked == POSITIONS


def test_any_guess_gives_the_exhaustive_value() -> None:
    """A guess only orders the zero-window tests (stepping away from it, then bisecting):
    close, far or outside the range, the value is the reference's."""
    rng = random.Random(31)
    for _ in range(POSITIONS // 20):
        hands, leader, trick, trump, order = end_position(rng)
        pos = _position(hands, leader, trick)
        want = reference(hands, leader, trick, trump, order=order)
        total = pos.points_left
        for guess in (want, want - 1, want + 2, rng.randrange(-3, total + 4), 0, total):
            assert Solver(_tables(trump, order)).value(pos, guess) == want, (hands, guess)


def test_full_hand_value_is_best_opening_play() -> None:
    """From the opening lead the solver's paths differ (whole tricks in nested loops, the
    last two tricks without tables, a trick under way ply by ply): the value must be the
    best over the opening plays of each value after one (searched as a trick under way)."""
    rng = random.Random(99)
    for kind in ("trump", "trump", "nello"):
        hands: Hands = deal(rng)
        leader = rng.choice(SEATS)
        order = FOUR
        trump = random_trump(rng)
        maximizers = (0, 2)
        if kind == "nello":
            trump = Trump.parse("", "doubles-own-suit", special="nello")
            order = tuple(s for s in SEATS if s is not leader.partner)
            hands = {**hands, leader.partner: ()}
            maximizers = (1, 3)
        tables = _tables(trump, order)
        pos = _position(hands, leader, ())
        value = Solver(tables, maximizers).value(pos)
        after = [Solver(tables, maximizers).value(pos.play(i, tables))
                 for i in range(len(ALL_TILES)) if pos.legal(tables) >> i & 1]
        assert value == (max(after) if leader.index in maximizers else min(after))


def test_takes_every_trick_is_best_play() -> None:
    rng = random.Random(7)
    for _ in range(300):
        hands, leader, trick, trump, order = end_position(rng)
        pos = _position(hands, leader, trick)
        solver = Solver(_tables(trump, order))
        for team in Team:
            every = solver.takes_every_trick(pos, team)
            # Taking every trick means taking every point.
            points = solver.value(pos) if team is Team.NS else pos.points_left - solver.value(pos)
            assert every == (points == pos.points_left)
            if solver.claim_refutation(pos, team) is None:
                assert every


def test_special_contracts_plug_in() -> None:
    """Plunge and Splash play as their trump; Nello needs the seat that sits out."""
    plunge = Trump.parse("5", special="plunge")
    assert contract_tables(plunge).power == contract_tables(Trump.pip(5)).power
    nello = Trump.parse("", special="nello")
    with pytest.raises(UnsupportedContract):
        contract_tables(nello)
    assert contract_tables(nello, Seat.S.index).order == (0, 1, 3)
    sevens = contract_tables(Trump.parse("", special="sevens"))
    hand = mask_of(_t("6-6 5-3 6-0 2-2"))
    assert set(tiles_of(sevens.legal_moves(hand, None))) == set(_t("5-3 6-0"))


def _t(words: str) -> tuple[Tile, ...]:
    return tuple(Tile.parse(w) for w in words.split())


def test_one_solver_serves_every_declarer_of_a_trump() -> None:
    """A par table asks one solver for the value with each seat on lead (its tables are
    keyed by the tiles left and the leader, its values are NS points whoever declared):
    the values are those of a fresh solver for each, and asking twice costs nothing more."""
    rng = random.Random(2024)
    for _ in range(3):
        hands: Hands = deal(rng)
        trump = random_trump(rng)
        tables = contract_tables(trump)
        shared = Solver(tables)
        for leader in SEATS:
            pos = _position(hands, leader, ())
            assert shared.value(pos) == Solver(tables).value(pos), (hands, trump, leader)
        searched = shared.nodes
        again = [shared.value(_position(hands, leader, ())) for leader in SEATS]
        assert shared.nodes == searched
        assert again == [Solver(tables).value(_position(hands, s, ())) for s in SEATS]


def _hands(words: dict[Seat, str]) -> Hands:
    return {seat: _t(w) for seat, w in words.items()}


def _play(pos: Position, tables: ContractTables, words: str) -> Position:
    for w in words.split():
        pos = pos.play(TILE_INDEX[Tile.parse(w)], tables)
    return pos


def _loses_only_at_its_end(hands: Hands, leader: Seat, trick: tuple[Tile, ...], trump: Trump,
                           team: Team, order: Order, line: Sequence[int]) -> bool:
    """Whether ``line`` (tile indices) is legal play by notation.rules.play from the position, in
    which ``team`` wins every trick finished before its last play and loses the trick that
    play finishes."""
    for n, i in enumerate(line):
        tile = ALL_TILES[i]
        seat = _after(order, leader, len(trick))
        if tile not in _legal(hands[seat], trick, trump):
            return False
        hands = {**hands, seat: tuple(t for t in hands[seat] if t != tile)}
        trick = (*trick, tile)
        last = n == len(line) - 1
        if len(trick) < len(order):
            if last:
                return False
            continue
        leader = _after(order, leader, trick_winner(trick, trump))
        trick = ()
        if (leader.team is not team) != last:
            return False
    return True


# Issue 26's hand: threes, W leads. W holds five trumps and the 6-6 and 5-5; N's 3-0 and E's
# 3-1 fall to W's first trump lead, and before that N must follow W's sixes and fives.
ISSUE_26 = _hands({
    Seat.N: "6-2 5-2 4-4 4-2 3-0 2-1 1-0", Seat.E: "6-5 6-4 5-4 3-1 2-2 1-1 0-0",
    Seat.S: "6-1 6-0 5-1 5-0 4-1 4-0 2-0", Seat.W: "6-6 6-3 5-5 5-3 4-3 3-3 3-2",
})


def test_an_obvious_lay_down_is_decided_without_searching_every_line() -> None:
    """Issue 26: W's lay-down after the first trick took 99 s and before it about 400 s
    (the check searched every line of play). The leading side's sure winners settle it: no
    play at all once W holds every trump left, a few hundred before the first trick."""
    tables = contract_tables(Trump.pip(3))
    opening = Position.deal(ISSUE_26, Seat.W)
    solver = Solver(tables)
    assert solver.claim_refutation(opening, Team.EW) is None
    assert 0 < solver.nodes < 2_000
    after_one = _play(opening, tables, "3-3 3-0 3-1 2-0")
    solver = Solver(tables)
    assert solver.claim_refutation(after_one, Team.EW) is None
    assert solver.nodes == 0
    # A hand of all seven trumps, led from the start.
    sweep = _hands({
        Seat.N: "4-4 3-3 2-2 1-1 0-0 4-3 4-2", Seat.E: "6-6 6-5 6-4 6-3 6-2 6-1 6-0",
        Seat.S: "4-1 4-0 3-2 3-1 3-0 2-1 2-0", Seat.W: "5-5 5-4 5-3 5-2 5-1 5-0 1-0",
    })
    solver = Solver(contract_tables(Trump.pip(6)))
    assert solver.claim_refutation(Position.deal(sweep, Seat.E), Team.EW) is None
    assert solver.nodes == 0
    # NS's claim from the same hands fails in the first trick, E's 6-6 beating N's lead.
    line = solver.claim_refutation(Position.deal(sweep, Seat.N), Team.NS)
    assert line is not None
    assert len(line) == 4
    assert _loses_only_at_its_end(sweep, Seat.N, (), Trump.pip(6), Team.NS, FOUR, line)
    # Doubles trump, W holding six of them: when W leads its 5-4, E may overtake with the 6-5
    # and lead a loser, but W, left with nothing but trumps higher than S's 0-0, takes it.
    # (A sure-winners bound blind to the partner's trumps let the search try 1.8 million plays.)
    high_doubles = _hands({
        Seat.N: "6-4 6-2 5-2 4-2 3-1 3-0 2-0", Seat.E: "6-5 6-3 6-0 5-0 4-3 4-1 2-1",
        Seat.S: "6-1 5-3 5-1 4-0 3-2 1-0 0-0", Seat.W: "6-6 5-5 5-4 4-4 3-3 2-2 1-1",
    })
    solver = Solver(contract_tables(Trump.doubles_trump()))
    assert solver.claim_refutation(Position.deal(high_doubles, Seat.W), Team.EW) is None
    assert solver.nodes < 2_000


def test_a_lay_down_before_any_trick_that_fails_later_is_refuted() -> None:
    """A claim before the first trick that best play would make, refuted by a careless order
    of play: W's side can lose a trick only after several tricks, and the line shows how."""
    trump = Trump.pip(6)
    hands = _hands({
        Seat.N: "6-1 4-3 3-3 3-2 3-1 2-1 2-0", Seat.E: "6-6 6-2 5-0 4-1 4-0 1-1 0-0",
        Seat.S: "6-4 6-3 5-3 5-2 5-1 4-4 3-0", Seat.W: "6-5 6-0 5-5 5-4 4-2 2-2 1-0",
    })
    tables = contract_tables(trump)
    pos = Position.deal(hands, Seat.W)
    solver = Solver(tables)
    assert solver.takes_every_trick(pos, Team.EW)
    line = solver.claim_refutation(pos, Team.EW)
    assert line is not None
    assert _loses_only_at_its_end(hands, Seat.W, (), trump, Team.EW, FOUR, line)
    assert solver.nodes < 20_000


def test_claims_from_every_trick_keep_to_their_definition() -> None:
    """On seeded positions from the first trick to the last, of every kind of contract: a
    claim holds exactly when every play keeps it (the trick under way is not lost and the
    claim holds after it), and a refuting line is legal play in which the claimant's side
    loses a trick at its end and only there. (The exhaustive reference above judges the
    claims of end positions, where it can search every line.)"""
    rng = random.Random(2626)
    held = refuted = 0
    for n in range(300):
        hands, leader, trick, trump, order = end_position(rng)
        if n % 3:  # most from earlier in the hand: some tricks played again from the deal
            hands, leader, trick, trump, order = _early(rng)
        tables = _tables(trump, order)
        pos = _position(hands, leader, trick)
        solver = Solver(tables)
        team = leader.team if n % 2 else rng.choice(list(Team))
        holds = solver.claim_holds(pos, team)
        every_play = True
        for i in (TILE_INDEX[t] for t in tiles_of(pos.legal(tables))):
            after = pos.play(i, tables)
            side = int(team is Team.EW)
            lost = not after.trick and after.tricks[side] == pos.tricks[side]
            if lost or (after.remaining and not solver.claim_holds(after, team)):
                every_play = False
        assert holds == every_play, (hands, leader, trick, trump, team)
        line = solver.claim_refutation(pos, team)
        assert (line is None) == holds
        if line is not None:
            assert _loses_only_at_its_end(hands, leader, trick, trump, team, order, line)
        held += holds
        refuted += not holds
    assert held > 30
    assert refuted > 30


def _early(rng: random.Random) -> tuple[Hands, Seat, tuple[Tile, ...], Trump, Order]:
    """A seeded position between the first play and the last three tricks: a strong hand
    (the four strongest trumps) on lead, so that some claims hold this early."""
    _, leader, _, trump, order = end_position(rng)
    tables = _tables(trump, order)
    dealt: Hands = deal(rng)
    if tables.trumps:
        top = [ALL_TILES[i] for i in tables.trumps[:4]]
        rest = [t for t in ALL_TILES if t not in top]
        rng.shuffle(rest)
        dealt = {leader: tuple(top + rest[:3])}
        others = [s for s in SEATS if s is not leader]
        for k, seat in enumerate(others):
            dealt[seat] = tuple(rest[3 + 7 * k: 10 + 7 * k])
    if len(order) == 3:
        dealt = {**dealt, next(s for s in SEATS if s not in order): ()}
    trick: tuple[Tile, ...] = ()
    for _ in range(rng.randrange(0, 4 * len(order))):
        seat = _after(order, leader, len(trick))
        tile = rng.choice(_legal(dealt[seat], trick, trump))
        dealt = {**dealt, seat: tuple(t for t in dealt[seat] if t != tile)}
        trick = (*trick, tile)
        if len(trick) == len(order):
            leader = _after(order, leader, trick_winner(trick, trump))
            trick = ()
    return dealt, leader, trick, trump, order
