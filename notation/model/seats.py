"""Seats around the table and the two partnerships.

>>> Seat.N.next, Seat.W.next, Seat.E.partner, Seat.S.team
(<Seat.E: 'E'>, <Seat.N: 'N'>, <Seat.W: 'W'>, <Team.NS: 'NS'>)
"""

from __future__ import annotations

from notation.model.written import WrittenEnum


class Team(WrittenEnum):
    """A partnership: North and South against East and West."""

    NS = "NS"
    EW = "EW"

    # Members are singletons, so the identity hash agrees with ==; Enum's own __hash__ is
    # written in Python and hashes the name, which dicts keyed by team pay for every lookup.
    __hash__ = object.__hash__

    @property
    def opponents(self) -> Team:
        return _OPPONENTS[self]


class Seat(WrittenEnum):
    """A seat, in clockwise order of play: N, E, S, W."""

    N = "N"
    E = "E"
    S = "S"
    W = "W"

    __hash__ = object.__hash__  # as Team's: a member is a singleton

    @property
    def index(self) -> int:
        return _ORDER.index(self)

    @property
    def next(self) -> Seat:
        """The seat to the left, who plays next (play goes clockwise)."""
        return _ORDER[(self.index + 1) % 4]

    @property
    def partner(self) -> Seat:
        return _ORDER[(self.index + 2) % 4]

    @property
    def team(self) -> Team:
        return _TEAMS[self]

    @property
    def name_word(self) -> str:
        return _WORDS[self]

    def clockwise(self) -> tuple[Seat, Seat, Seat, Seat]:
        """The four seats in play order starting from this one."""
        i = self.index
        return (_ORDER[i], _ORDER[(i + 1) % 4], _ORDER[(i + 2) % 4], _ORDER[(i + 3) % 4])


_ORDER: tuple[Seat, ...] = (Seat.N, Seat.E, Seat.S, Seat.W)
_WORDS = {Seat.N: "North", Seat.E: "East", Seat.S: "South", Seat.W: "West"}
# Looked up, not worked out: checking a hand asks for teams often, and an enum member is slow
# to reach by name (Team.NS) from inside a method.
_TEAMS = {Seat.N: Team.NS, Seat.E: Team.EW, Seat.S: Team.NS, Seat.W: Team.EW}
_OPPONENTS = {Team.NS: Team.EW, Team.EW: Team.NS}
SEATS = _ORDER


def play_order(leader: Seat, sitting_out: Seat | None = None) -> tuple[Seat, ...]:
    """The seats that play a trick, clockwise from ``leader``, passing over a seat that sits
    out (the Nello declarer's partner).

    >>> [str(s) for s in play_order(Seat.W, sitting_out=Seat.E)]
    ['W', 'N', 'S']
    """
    return _PLAY_ORDERS[leader][sitting_out]


# Worked out once: every trick of every hand asks for its seats.
_PLAY_ORDERS: dict[Seat, dict[Seat | None, tuple[Seat, ...]]] = {
    leader: {
        out: tuple(s for s in leader.clockwise() if s is not out) for out in (*_ORDER, None)
    }
    for leader in _ORDER
}
