"""notation.analysis.play_review: fair verdicts leak nothing hidden and agree with every
world counted out."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator

import pytest

from notation.analysis.knowledge import Knowledge
from notation.analysis.play_review import review_line
from notation.analysis.verdicts import ReviewError, VerdictKind
from notation.analysis.worlds import World
from notation.model.bids import Bid
from notation.model.contracts import Contract, Trump
from notation.model.seats import SEATS, Seat, Team
from notation.model.tiles import ALL_TILES, Tile
from notation.rules.dealing import deal
from notation.solver.solver import Position, Solver, contract_tables

Line = list[tuple[Seat, Tile]]
Deal = dict[Seat, tuple[Tile, ...]]


def _line(seed: int, contract: Contract, plays: int) -> tuple[Deal, Line]:
    """A seeded deal and ``plays`` random legal plays, the declarer leading."""
    rng = random.Random(seed)
    hands = deal(rng)
    tables = contract_tables(contract.trump)
    pos = Position.deal(hands, contract.declarer)
    line: Line = []
    for _ in range(plays):
        legal = pos.legal(tables)
        i = rng.choice([i for i in range(28) if legal >> i & 1])
        line.append((SEATS[pos.to_move(tables)], ALL_TILES[i]))
        pos = pos.play(i, tables)
    return hands, line


def _position(hands: Deal, contract: Contract, line: Line) -> Position:
    tables = contract_tables(contract.trump)
    pos = Position.deal(hands, contract.declarer)
    for _, tile in line:
        pos = pos.play(ALL_TILES.index(tile), tables)
    return pos


def _every_world(k: Knowledge) -> Iterator[World]:
    others = [s.index for s in SEATS if s is not k.seat]
    unseen = sorted(ALL_TILES.index(x) for x in k.unseen)
    for owners in itertools.product(others, repeat=len(unseen)):
        hands = [0, 0, 0, 0]
        hands[k.seat.index] = k.own_left
        for i, s in zip(unseen, owners, strict=True):
            hands[s] |= 1 << i
        world: World = (hands[0], hands[1], hands[2], hands[3])
        if k.admits(world):
            yield world


def _truth(hands: Deal, contract: Contract, line: Line) -> tuple[Seat, dict[Tile, list[int]]]:
    """The seat to move after ``line`` and, for each of its options, its side's points at
    the end in every world that fits what it knows, counted out with a fresh solver each."""
    tables = contract_tables(contract.trump)
    pos = _position(hands, contract, line)
    seat = SEATS[pos.to_move(tables)]
    k = Knowledge.of(seat, hands[seat], contract, line)
    legal = pos.legal(tables)
    options = [ALL_TILES[i] for i in range(28) if legal >> i & 1]
    scores: dict[Tile, list[int]] = {o: [] for o in options}
    for world in _every_world(k):
        wpos = Position(world, pos.leader, pos.trick, pos.points, pos.tricks)
        solver = Solver(tables, table_bits=10)  # one world's: the same deal for each option
        for o in options:
            child = wpos.play(ALL_TILES.index(o), tables)
            ns = child.points[0] + solver.value(child)
            ew = 42 - ns
            scores[o].append(ns if seat.team is Team.NS else ew)
    return seat, scores


CONTRACT = Contract(Seat.N, Bid.points(30), Trump.pip(6))
LEAD_OF_TRICK_6 = 20  # plays before it: two tiles left to each seat


def _find(wanted: str) -> tuple[Deal, Line, Tile, int]:
    """The first seeded position, at the lead of trick 6, with two options A and B whose
    points, counted over every world, are: ``"dominates"``, A at least B in every world and
    more in some; ``"constant"``, A ahead of B by the same points in every world; ``"guess"``,
    each ahead in some worlds and level on average over them all (neither is better given
    what the player knows). Returns the
    deal, the line up to the lead, the option to play (B for "constant", A otherwise), and the
    constant gap."""
    for seed in range(400):
        hands, line = _line(seed, CONTRACT, LEAD_OF_TRICK_6)
        _seat, scores = _truth(hands, CONTRACT, line)
        if len(scores) != 2:
            continue
        (a, sa), (b, sb) = scores.items()
        for (x, sx), (y, sy) in (((a, sa), (b, sb)), ((b, sb), (a, sa))):
            gaps = [p - q for p, q in zip(sx, sy, strict=True)]
            if wanted == "dominates" and min(gaps) >= 0 and max(gaps) > 0 and len(set(gaps)) > 1:
                return hands, line, x, 0
            if wanted == "constant" and len(set(gaps)) == 1 and gaps[0] > 0:
                return hands, line, y, gaps[0]
            if wanted == "guess" and min(gaps) < 0 < max(gaps) and sum(gaps) == 0:
                return hands, line, x, 0
    raise AssertionError(f"no seeded position of the kind {wanted}")


def test_a_play_best_in_every_world_is_best() -> None:
    hands, line, tile, _ = _find("dominates")
    seat = _seat_to_move(hands, line)
    review = review_line(hands, CONTRACT, [*line, (seat, tile)], first=LEAD_OF_TRICK_6,
                         samples=16, seed=3)
    assert len(review) == 1
    assert review[0].tile == tile
    assert review[0].verdict.kind is VerdictKind.BEST
    assert str(review[0].verdict) == "best"
    assert review[0].best == str(tile)


def test_a_play_that_loses_in_every_world_costs_exactly_its_loss() -> None:
    hands, line, tile, gap = _find("constant")
    seat = _seat_to_move(hands, line)
    review = review_line(hands, CONTRACT, [*line, (seat, tile)], first=LEAD_OF_TRICK_6,
                         samples=16, seed=3)
    verdict = review[0].verdict
    assert verdict.kind is VerdictKind.MISTAKE
    assert verdict.cost == gap
    assert verdict.se == 0
    assert str(verdict) == f"a mistake costing {gap:.1f} points in every world"


def test_a_true_guess_is_too_close_to_call() -> None:
    hands, line, tile, _ = _find("guess")
    seat = _seat_to_move(hands, line)
    review = review_line(hands, CONTRACT, [*line, (seat, tile)], first=LEAD_OF_TRICK_6,
                         samples=32, seed=3)
    assert review[0].verdict.kind is VerdictKind.CLOSE
    assert str(review[0].verdict) == "too close to call"


def _seat_to_move(hands: Deal, line: Line) -> Seat:
    tables = contract_tables(CONTRACT.trump)
    return SEATS[_position(hands, CONTRACT, line).to_move(tables)]


def test_swapping_two_unseen_hands_changes_no_fair_verdict() -> None:
    """What N and S are told depends only on their own tiles and the play: trade the tiles
    E and W still hold at some moment (the play before it legal either way) and every
    review of N's and S's plays up to that moment is the same, number for number."""
    contract = Contract(Seat.N, Bid.points(30), Trump.pip(4))
    for seed in range(200):
        hands, line = _line(seed, contract, 28)
        for cut in (13, 9, 5):
            pos = _position(hands, contract, line[:cut])
            east, west = pos.hands[Seat.E.index], pos.hands[Seat.W.index]
            if east.bit_count() != west.bit_count():
                continue
            swapped = dict(hands)
            played = {s: {t for p, t in line[:cut] if p is s} for s in (Seat.E, Seat.W)}
            swapped[Seat.E] = tuple(sorted(played[Seat.E] | {
                t for i, t in enumerate(ALL_TILES) if west >> i & 1}, reverse=True))
            swapped[Seat.W] = tuple(sorted(played[Seat.W] | {
                t for i, t in enumerate(ALL_TILES) if east >> i & 1}, reverse=True))
            try:
                other = review_line(swapped, contract, line[:cut], samples=12, seed=5)
            except ReviewError:
                continue  # the swap makes an earlier play a renege
            first = review_line(hands, contract, line[:cut], samples=12, seed=5)
            mine = [r for r in first if r.seat.team is Team.NS]
            theirs = [r for r in other if r.seat.team is Team.NS]
            assert mine
            assert len(mine) == len(theirs)
            for a, b in zip(mine, theirs, strict=True):
                assert (a.trick, a.seat, a.tile) == (b.trick, b.seat, b.tile)
                assert a.options == b.options
                assert (a.best, a.verdict, a.deals, a.kept) == (b.best, b.verdict, b.deals,
                                                                b.kept)
            return
    raise AssertionError("no seeded line allows the swap")


def test_the_same_seed_gives_the_same_review_and_another_seed_other_worlds() -> None:
    hands, line = _line(7, CONTRACT, 12)
    one = review_line(hands, CONTRACT, line, samples=6, seed=1)
    assert one == review_line(hands, CONTRACT, line, samples=6, seed=1)
    assert one != review_line(hands, CONTRACT, line, samples=6, seed=2)




def test_an_illegal_line_is_refused_in_words() -> None:
    hands, line = _line(1, CONTRACT, 4)
    wrong = [(line[1][0], line[0][1]), *line[1:]]
    with pytest.raises(ReviewError, match="not a legal play"):
        review_line(hands, CONTRACT, wrong, samples=2)
