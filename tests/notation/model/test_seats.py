"""Seats and partnerships (docs/rules.md, Equipment, seats, count)."""

from __future__ import annotations

from notation.model.seats import SEATS, Seat, Team, play_order


def test_equipment_four_seats_clockwise_n_e_s_w() -> None:
    """docs/rules.md, Equipment: four seats, clockwise N, E, S, W."""
    assert [s.value for s in SEATS] == ["N", "E", "S", "W"]
    assert [s.next for s in SEATS] == [Seat.E, Seat.S, Seat.W, Seat.N]
    assert Seat.S.clockwise() == (Seat.S, Seat.W, Seat.N, Seat.E)
    assert [s.index for s in SEATS] == [0, 1, 2, 3]


def test_equipment_partners_sit_opposite() -> None:
    """docs/rules.md, Equipment: partners sit opposite (N/S against E/W)."""
    assert {s: s.partner for s in SEATS} == {
        Seat.N: Seat.S,
        Seat.S: Seat.N,
        Seat.E: Seat.W,
        Seat.W: Seat.E,
    }
    assert all(s.team is s.partner.team for s in SEATS)
    assert all(s.team is not s.next.team for s in SEATS)
    assert Seat.N.team is Team.NS
    assert Seat.E.team is Team.EW
    assert Team.NS.opponents is Team.EW
    assert Team.EW.opponents is Team.NS


def test_seat_names_in_words() -> None:
    """docs/rules.md, Equipment: the seats are North, East, South and West (the roster tags)."""
    assert [s.name_word for s in SEATS] == ["North", "East", "South", "West"]
    assert [str(s) for s in SEATS] == ["N", "E", "S", "W"]
    assert str(Team.NS) == "NS"


def test_play_order_is_clockwise_from_the_leader_passing_over_a_seat_sitting_out() -> None:
    """docs/rules.md, Contracts: in Nello the partner sits out, so tricks have three tiles."""
    assert play_order(Seat.S) == (Seat.S, Seat.W, Seat.N, Seat.E)
    assert play_order(Seat.S, Seat.N) == (Seat.S, Seat.W, Seat.E)
    assert play_order(Seat.E, Seat.E) == (Seat.S, Seat.W, Seat.N)
    for leader in SEATS:
        for out in (*SEATS, None):
            assert play_order(leader, out) == tuple(
                s for s in leader.clockwise() if s is not out
            )
