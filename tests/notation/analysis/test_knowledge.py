"""notation.analysis.knowledge: what a seat knew, proved from the plays by the rules engine."""

from __future__ import annotations

import random

import pytest

from notation.analysis.knowledge import InconsistentPlay, Knowledge
from notation.model.bids import Bid
from notation.model.contracts import Contract, Trump
from notation.model.rule_sets import rule_set
from notation.model.seats import SEATS, Seat
from notation.model.tiles import ALL_TILES, Tile
from notation.rules.dealing import deal
from notation.rules.play import can_follow, sevens_distance
from notation.rules.tricks import first_leader
from notation.solver.solver import Position, contract_tables, mask_of

t = Tile.parse


def _line(seed: int, contract: Contract, plays: int) -> tuple[dict[Seat, tuple[Tile, ...]],
                                                              list[tuple[Seat, Tile]], Position]:
    """A seeded deal and ``plays`` random legal plays under ``contract``."""
    rng = random.Random(seed)
    hands = deal(rng)
    tables = contract_tables(contract.trump, None if contract.sitting_out is None
                             else contract.sitting_out.index)
    out = contract.sitting_out
    pos = Position.deal({s: h for s, h in hands.items() if s is not out},
                        first_leader(contract, rule_set("texas")))
    line: list[tuple[Seat, Tile]] = []
    for _ in range(plays):
        legal = pos.legal(tables)
        i = rng.choice([i for i in range(28) if legal >> i & 1])
        line.append((SEATS[pos.to_move(tables)], ALL_TILES[i]))
        pos = pos.play(i, tables)
    return hands, line, pos


def test_a_seat_that_shows_out_holds_none_of_the_suit() -> None:
    contract = Contract(Seat.N, Bid.points(30), Trump.pip(5))
    own = tuple(map(t, ["6-6", "6-0", "5-3", "5-1", "4-0", "3-0", "2-2"]))
    plays = [(Seat.N, t("6-6")), (Seat.E, t("4-4")), (Seat.S, t("6-4")), (Seat.W, t("6-2"))]
    k = Knowledge.of(Seat.N, own, contract, plays)
    sixes = {x for x in k.unseen if x.has(6)}
    # The engine's own words: E could follow sixes with none of the unseen tiles it holds.
    assert k.absent(Seat.E) == {x for x in sixes if can_follow([x], 6, contract.trump)}
    assert t("6-5") not in k.absent(Seat.E)  # a trump, not a six
    assert not k.absent(Seat.S)
    assert not k.absent(Seat.W)
    assert k.to_move is Seat.N
    assert k.holding(Seat.E) == 6


def test_a_sevens_play_proves_nothing_nearer_seven_was_held() -> None:
    sevens = Contract(Seat.N, Bid.marks(1), Trump.parse("", special="sevens"))
    own = tuple(map(t, ["6-1", "6-6", "5-3", "5-1", "4-0", "3-0", "2-2"]))
    plays = [(Seat.N, t("6-1")), (Seat.E, t("6-0"))]  # E plays 6 pips: held no 7 at all
    k = Knowledge.of(Seat.N, own, sevens, plays)
    assert k.absent(Seat.E) == {x for x in k.unseen if sevens_distance(x) == 0}
    assert k.absent(Seat.E)


def test_the_nello_partner_holds_seven_face_down_and_never_plays() -> None:
    nello = Contract(Seat.N, Bid.marks(1), Trump.parse("", special="nello"))
    hands, line, _ = _line(3, nello, 6)
    k = Knowledge.of(Seat.N, hands[Seat.N], nello, line, rules=rule_set("texas"))
    assert k.holding(Seat.S) == 7
    assert all(seat is not Seat.S for seat, _ in line)
    with pytest.raises(InconsistentPlay):
        Knowledge.of(Seat.N, hands[Seat.N], nello, [(Seat.N, line[0][1]), (Seat.S, line[1][1])])


def test_a_plunge_declarer_was_dealt_four_doubles() -> None:
    plunge = Contract(Seat.E, Bid.marks(4), Trump.parse("6", special="plunge"))
    own = tuple(map(t, ["6-5", "6-4", "6-3", "6-2", "6-1", "6-0", "5-4"]))
    k = Knowledge.of(Seat.N, own, plunge, rules=rule_set("texas"))
    assert k.least_doubles == (0, 4, 0, 0)


def test_a_renege_or_a_play_out_of_turn_is_refused() -> None:
    contract = Contract(Seat.N, Bid.points(30), Trump.pip(5))
    own = tuple(map(t, ["6-6", "6-0", "5-3", "5-1", "4-0", "3-0", "2-2"]))
    with pytest.raises(InconsistentPlay):
        Knowledge.of(Seat.N, own, contract, [(Seat.E, t("6-4"))])  # N leads
    with pytest.raises(InconsistentPlay):
        Knowledge.of(Seat.N, own, contract, [(Seat.N, t("6-5"))])  # not N's tile


@pytest.mark.parametrize("special", [None, "nello", "sevens"])
def test_the_true_deal_is_always_admitted(special: str | None) -> None:
    """What a seat knows never rules out the deal it is really in, at any moment."""
    if special is None:
        contract = Contract(Seat.E, Bid.points(30), Trump.pip(3))
    else:
        contract = Contract(Seat.E, Bid.marks(1), Trump.parse("", special=special))
    for seed in range(12):
        hands, line, _ = _line(seed, contract, 15)
        for cut in (0, 5, 9, 15):
            end = _line(seed, contract, cut)[2]
            for seat in SEATS:
                if seat is contract.sitting_out:
                    continue
                k = Knowledge.of(seat, hands[seat], contract, line[:cut],
                                 rules=rule_set("texas"))
                truth = list(end.hands)
                if contract.sitting_out is not None:
                    truth[contract.sitting_out.index] = mask_of(hands[contract.sitting_out])
                assert k.admits(tuple(truth)), (seed, cut, seat)
                assert k.to_move is SEATS[end.to_move(contract_tables(
                    contract.trump, None if contract.sitting_out is None
                    else contract.sitting_out.index))]
