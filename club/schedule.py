"""Who plays whom: a round robin by the circle method, with a bye when the teams are odd.

The first team stays put and the others turn around it one place a round; each team meets
every other once in ``n - 1`` rounds (``n`` rounded up to even, the extra place being the
bye).

>>> for games in round_robin(["A", "B", "C"]):
...     print(games)
[('A', None), ('B', 'C')]
[('B', None), ('A', 'C')]
[('C', None), ('A', 'B')]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def round_robin(teams: Sequence[T]) -> list[list[tuple[T, T | None]]]:
    """The rounds, each a list of games (first team, second team or None for a bye); the
    bye, if any, is listed first in its round."""
    places: list[T | None] = [*teams, None] if len(teams) % 2 else list(teams)
    n = len(places)
    rounds: list[list[tuple[T, T | None]]] = []
    for _ in range(n - 1):
        games: list[tuple[T, T | None]] = []
        for i in range(n // 2):
            a, b = places[i], places[n - 1 - i]
            if a is None:
                a, b = b, a
            assert a is not None  # at most one place is the bye
            games.append((a, b))
        games.sort(key=lambda g: g[1] is not None)  # the bye first
        rounds.append(games)
        places = [places[0], places[-1], *places[1:-1]]
    return rounds
