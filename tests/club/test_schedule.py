"""The round robin: every two teams meet once, each team plays (or sits out) once a round."""

from __future__ import annotations

import itertools

import pytest

from club.schedule import round_robin


@pytest.mark.parametrize("teams", range(2, 13))
def test_every_pair_meets_once_and_each_team_once_a_round(teams: int) -> None:
    names = [f"T{i}" for i in range(teams)]
    rounds = round_robin(names)
    assert len(rounds) == teams - 1 + teams % 2
    met = [frozenset((a, b)) for games in rounds for a, b in games if b is not None]
    assert sorted(met, key=sorted) == sorted(
        (frozenset(p) for p in itertools.combinations(names, 2)), key=sorted
    )
    for games in rounds:
        seated = [t for game in games for t in game if t is not None]
        assert sorted(seated) == sorted(names)  # everyone once, a bye included
        assert sum(b is None for _, b in games) == teams % 2
    byes = [a for games in rounds for a, b in games if b is None]
    assert len(byes) == len(set(byes))  # nobody sits out twice
