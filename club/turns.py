"""Which game a table plays now (the one home of that rule): its earliest unfinished game
whose two teams have no unfinished game in an earlier round, anywhere. Only that game takes
the table's entries (:mod:`club.phone`), and its phone shows it; when no game of the table
may be played, the table waits for the teams still playing elsewhere.

So a team is never asked to be at two tables: after a forfeit lets a table finish a round
early, its next game waits until both of its teams are free.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from club.store import GameRow, Store


@dataclass(frozen=True)
class Holdup:
    """A team of a table's next game that has an earlier game still to finish."""

    team_id: int
    game: GameRow  # that earlier game


@dataclass(frozen=True)
class TableTurn:
    """Which game a table plays now; that game takes the table's entries (and the one it
    finished last, until the next one starts: the score lines its record still writes).
    When there is none, the table waits for ``holdups`` to finish before ``next``."""

    now: GameRow | None  # the game the table plays now
    next: GameRow | None = None  # when waiting: the game it plays next
    holdups: tuple[Holdup, ...] = ()
    last: GameRow | None = None  # when every game of the table is over: its last
    previous: GameRow | None = None  # the game it finished last

    @property
    def shown(self) -> GameRow | None:
        """The game the table's screen shows: now's, else the one it waits for, else
        (every game over) its last."""
        return self.now or self.next or self.last


def holdups(game: GameRow, unfinished: Sequence[GameRow]) -> tuple[Holdup, ...]:
    """The teams of ``game`` that have an earlier game among ``unfinished``.

    >>> g = lambda id, round, ns, ew: GameRow(id, 1, round, 1, ns, ew, False, None, None, None)
    >>> [(h.team_id, h.game.id) for h in holdups(g(5, 3, 1, 2), [g(1, 1, 3, 2), g(5, 3, 1, 2)])]
    [(2, 1)]
    """
    teams = {game.ns_team_id, game.ew_team_id} - {None}
    return tuple(
        Holdup(team, other)
        for other in sorted(unfinished, key=lambda o: (o.round, o.id))
        if other.id != game.id and not other.finished and other.round < game.round
        for team in sorted(teams & {other.ns_team_id, other.ew_team_id}, key=str)
        if team is not None
    )


def table_turn(store: Store, table_id: int) -> TableTurn:
    """Which game the table plays now, or what it waits for.

    Its first unfinished game is asked about first (the common case, one question of the
    database); when that one waits, every later one of the table is judged at once from each
    of its teams' earliest unfinished round (a team with no unfinished game before a game is
    free for it), so a table waiting through a long event costs a fixed number of questions.
    """
    games = store.table_games(table_id)
    unfinished = [game for game in games if not game.finished]
    if not unfinished:
        last = games[-1] if games else None
        return TableTurn(None, last=last, previous=last)
    first = unfinished[0]
    waiting = holdups(first, store.unfinished_before(first.round, _teams(first)))
    if not waiting:
        return TableTurn(first, previous=_before(games, first))
    later = unfinished[1:]
    earliest = store.earliest_unfinished(sorted({t for g in later for t in _teams(g)}))
    for game in later:
        if all(earliest.get(team) == game.round for team in _teams(game)):
            return TableTurn(game, previous=_before(games, game))
    return TableTurn(None, first, waiting, previous=_before(games, first))


def _teams(game: GameRow) -> list[int]:
    return [t for t in (game.ns_team_id, game.ew_team_id) if t is not None]


def _before(games: Sequence[GameRow], game: GameRow) -> GameRow | None:
    """The last finished game of ``games`` (a table's, in order) that comes before ``game``."""
    done = [g for g in games if g.finished and (g.round, g.id) < (game.round, game.id)]
    return done[-1] if done else None
