"""The standings: wins first, then marks won, then the fewest marks against.

A game won on the table counts its marks as the record totals them; a forfeit counts 7–0
for the team that was there, a bye 7–4 for the team that had it.

>>> table = standings(["A", "B", "C"], [Result("A", "B", 7, 3), Result("C", None, 7, 4),
...                                    Result("C", "A", 7, 0)])
>>> [(s.team, s.wins, s.losses, s.marks_for, s.marks_against) for s in table]
[('C', 2, 0, 14, 4), ('A', 1, 1, 7, 10), ('B', 0, 1, 3, 7)]
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

T = TypeVar("T", bound=Hashable)

FORFEIT = (7, 0)
BYE = (7, 4)


@dataclass(frozen=True)
class Result(Generic[T]):
    """A finished game: the winner, the loser (None for a bye), and each one's marks."""

    winner: T
    loser: T | None
    winner_marks: int
    loser_marks: int


@dataclass(frozen=True)
class Standing(Generic[T]):
    """One team's line in the standings."""

    team: T
    wins: int
    losses: int
    marks_for: int
    marks_against: int

    @property
    def played(self) -> int:
        return self.wins + self.losses


def standings(teams: Sequence[T], results: Sequence[Result[T]]) -> list[Standing[T]]:
    """Every team's line, best first (ties broken as above, then in the order given)."""
    tally = {team: [0, 0, 0, 0] for team in teams}
    for r in results:
        won = tally[r.winner]
        won[0] += 1
        won[2] += r.winner_marks
        won[3] += r.loser_marks
        if r.loser is not None:
            lost = tally[r.loser]
            lost[1] += 1
            lost[2] += r.loser_marks
            lost[3] += r.winner_marks
    lines = [Standing(team, *tally[team]) for team in teams]
    order = {team: i for i, team in enumerate(teams)}
    return sorted(lines, key=lambda s: (-s.wins, -s.marks_for, s.marks_against, order[s.team]))
