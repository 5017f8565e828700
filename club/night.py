"""The club night as the pages see it: each table's game folded from its stored entries
(kept in memory once read, one lock per game), the results and the standings, the findings
with their evidence, and the notation of every game."""

from __future__ import annotations

import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass

import notation
from club.standings import BYE, FORFEIT, Result, Standing, standings
from club.store import Event, Format, GameRow, Store
from club.store import Team as ClubTeam
from club.tables import TableGame, fold
from notation import Finding, Game, Team

FORFEIT_OUTCOME, CORRECTED_OUTCOME = "forfeit", "corrected"


@dataclass(frozen=True)
class Flag:
    """A finding of a game's record, as ``t42 validate`` shows it (with the line)."""

    finding: Finding
    described: str


class Conflict(Exception):
    """An entry whose number holds another text already (another phone at the table sent
    it): the entry is not stored; ``stored`` is what that number holds."""

    def __init__(self, number: int, stored: str) -> None:
        super().__init__(f"entry {number} is stored already, as \"{stored}\"")
        self.number = number
        self.stored = stored


class TooFarAhead(ValueError):
    """An entry numbered too far past the game's last (see ``TableGame.too_far``): not
    stored."""


class Night:
    """Every event of the store, its games kept folded in memory."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._games: dict[int, tuple[int, TableGame]] = {}  # game: (entries, fold)
        self._locks: dict[int, threading.Lock] = {}
        self._guard = threading.Lock()
        self._flags: dict[tuple[int, int, str], list[Flag]] = {}  # by game, entries, name
        self._reading = threading.local()  # counts: the entries' counts a page reads by

    def _lock(self, game_id: int) -> threading.Lock:
        with self._guard:
            return self._locks.setdefault(game_id, threading.Lock())

    # -- a game's record --

    def tags(self, game: GameRow) -> tuple[tuple[str, str], ...]:
        """The tags a game is recorded with: the event, the players by seat, the rules."""
        event = self.store.event(game.event_id)
        assert event is not None
        teams = {t.id: t for t in self.store.teams(game.event_id)}
        ns = teams[game.ns_team_id]
        ew = teams[game.ew_team_id] if game.ew_team_id is not None else None
        tags = [
            ("Event", event.name),
            ("Date", event.date),
            ("Round", str(game.round)),
            ("North", ns.first), ("East", ew.first if ew else "?"),
            ("South", ns.second), ("West", ew.second if ew else "?"),
            ("Rules", event.rules),
        ]
        if event.options:
            tags.append(("Options", event.options))
        return tuple(tags)

    def state(self, game: GameRow) -> TableGame:
        """The game as its stored entries give it."""
        with self._lock(game.id):
            return self._state(game)

    @contextmanager
    def reading(self, event_id: int) -> Iterator[None]:
        """Within it, in this thread, the event's games are as their entries stood when it
        began: every game's count of entries asked of the database at once, for a page that
        shows them all, rather than once for each game each time the page asks of it."""
        self._reading.counts = self.store.entry_counts(event_id)
        try:
            yield
        finally:
            self._reading.counts = None

    def _state(self, game: GameRow) -> TableGame:
        # The fold is kept while the database holds as many entries as it was made of (so
        # a second server on the same database, or a restore, is never shown stale); while
        # a page is read, while it holds no more than the page's reading (entries entered
        # here since are in the fold: it is newer than the page, not stale).
        found = self._games.get(game.id)
        counts: dict[int, int] | None = getattr(self._reading, "counts", None)
        if counts is not None:
            if found is not None and found[0] >= counts.get(game.id, 0):
                return found[1]
        elif found is not None and found[0] == self.store.entry_count(game.id):
            return found[1]
        entries = self.store.entries(game.id)
        found = (len(entries), fold(self.tags(game), entries))
        self._games[game.id] = found
        return found[1]

    def enter(self, game: GameRow, number: int, entry: str) -> tuple[bool, TableGame]:
        """Store entry ``number`` of ``game`` (committed before this returns) and apply it;
        True when it was new, False when that number was stored before with this text (the
        resend of an answer lost). Raises :class:`Conflict` when it holds another text."""
        with self._lock(game.id):
            before = self._state(game)
            if before.has(number):
                return False, self._same(game, number, entry, before)
            if before.too_far(number):
                raise TooFarAhead(f"entry {number} is too far ahead of entry {before.through},"
                                  " the last recorded: this phone's entries are not in order")
            # The entry and what follows from it (the game won, or won no more after an
            # undo) are one transaction: stored together, or neither (and the phone sends it
            # again).
            after = before.take(number, entry)
            over = _over(after)
            finished = over if over != _over(before) and game.outcome is None else None
            if not self.store.add_entry(game.id, number, entry, finished):
                # Stored meanwhile by another server.
                return False, self._same(game, number, entry, self._state(game))
            self._games[game.id] = (self._games[game.id][0] + 1, after)
            return True, after

    def _same(self, game: GameRow, number: int, entry: str, state: TableGame) -> TableGame:
        stored = self.store.entry(game.id, number)
        if stored is not None and stored != entry:
            raise Conflict(number, stored)
        return state

    def text(self, game: GameRow) -> str | None:
        """The game's record in notation (None before the players are confirmed)."""
        recording = self.state(game).recording
        return None if recording is None else recording.text

    def flags(self, game: GameRow, name: str) -> list[Flag]:
        """The findings of the game's record so far, located in its text as ``name``."""
        state = self.state(game)
        key = (game.id, state.through, name)
        found = self._flags.get(key)
        if found is None:
            found = self._flags[key] = self._located(game, name)
        return found

    def _located(self, game: GameRow, name: str) -> list[Flag]:
        text = self.text(game)
        if text is None:
            return []
        lines = text.split("\n")
        recording = self.state(game).recording
        assert recording is not None
        # The engine's findings so far (those that only say the hand is not over left out),
        # found again in the text so that each has its line.
        wanted = {_key(f) for f in recording.findings}
        if not wanted:  # nothing to find again: the record is not read again (most games)
            return []
        out = []
        for read in notation.read_games(text):
            report = notation.check_game(read.game, read.rules, 1, read.unread_lines)
            out += [Flag(f, notation.describe(f, name, lines))
                    for f in report.findings if _key(f) in wanted]
        return out

    def game_record(self, game: GameRow) -> Game | None:
        recording = self.state(game).recording
        return None if recording is None else recording.game

    # -- results and standings --

    def result(self, game: GameRow) -> Result[int] | None:
        """The game's result, once there is one."""
        if game.ew_team_id is None:
            return Result(game.ns_team_id, None, *BYE)
        if game.outcome is not None and game.outcome_ns is not None and (
            game.outcome_ew is not None
        ):
            ns, ew = game.outcome_ns, game.outcome_ew
            if ns >= ew:
                return Result(game.ns_team_id, game.ew_team_id, ns, ew)
            return Result(game.ew_team_id, game.ns_team_id, ew, ns)
        recording = self.state(game).recording
        if recording is None or recording.winner is None:
            return None
        marks = recording.report.marks
        if recording.winner is Team.NS:
            return Result(game.ns_team_id, game.ew_team_id, marks[Team.NS], marks[Team.EW])
        return Result(game.ew_team_id, game.ns_team_id, marks[Team.EW], marks[Team.NS])

    def standings(self, event: Event) -> list[Standing[ClubTeam]]:
        teams = self.store.teams(event.id)
        by_id = {t.id: t for t in teams}
        games = [g for g in self.store.games(event.id) if not g.in_bracket]
        # A bye counts once its round is under way (a game of it begun or decided).
        begun = {g.round for g in games if g.ew_team_id is not None and (
            g.finished or g.outcome is not None or self.state(g).recording is not None)}
        results = []
        for game in games:
            if game.ew_team_id is None and game.round not in begun:
                continue
            r = self.result(game)
            if r is not None:
                results.append(Result(by_id[r.winner],
                                      None if r.loser is None else by_id[r.loser],
                                      r.winner_marks, r.loser_marks))
        return standings(teams, results)

    def bracket(self, event: Event) -> list[list[tuple[GameRow, Result[int] | None]]]:
        """The bracket's rounds so far, each game with its result (once it has one)."""
        rounds: dict[int, list[tuple[GameRow, Result[int] | None]]] = {}
        for g in self.store.games(event.id):
            if g.in_bracket:
                rounds.setdefault(g.round, []).append((g, self.result(g)))
        return [rounds[r] for r in sorted(rounds)]

    def champion(self, event: Event) -> int | None:
        """The team that won the bracket's final, once it is played."""
        rounds = self.bracket(event)
        if not rounds or len(rounds[-1]) != 1 or rounds[-1][0][1] is None:
            return None
        return rounds[-1][0][1].winner

    def next_bracket_round(self, event: Event) -> str:
        """Set the bracket's next round: after the round robin, the best four (1 against 4,
        2 against 3; the best two when there are fewer than four teams, or tables for two
        games), then the winners two by two. Raises ValueError, in words, when it is not
        time yet."""
        if event.format is not Format.BRACKETS:
            raise ValueError("this event has no brackets")
        games = self.store.games(event.id)
        if any(not g.finished and not g.in_bracket for g in games):
            raise ValueError("the round robin is not over yet")
        rounds = self.bracket(event)
        if not rounds:
            seeds = [s.team.id for s in self.standings(event)]
            room = min(4 if len(seeds) >= 4 else 2, 2 * len(self.store.tables(event.id)))
            top = seeds[:4] if room >= 4 else seeds[:2]
            pairs = [(top[0], top[3]), (top[1], top[2])] if len(top) == 4 else [
                (top[0], top[1])]
            what = "brackets: " + (" and ".join("semi-final" for _ in pairs)
                                   if len(pairs) == 2 else "the final")
        else:
            if any(result is None for _, result in rounds[-1]):
                raise ValueError("the bracket's round is not over yet")
            if len(rounds[-1]) == 1:
                raise ValueError("the bracket is over: the final is played")
            winners = [result.winner for _, result in rounds[-1] if result is not None]
            pairs = list(zip(winners[::2], winners[1::2], strict=True))
            what = "brackets: the final"
        self.store.add_bracket_round(event.id, pairs, what)
        return what

    def forfeit(self, game: GameRow, forfeiting: int, reason: str) -> None:
        """Team ``forfeiting`` gives the game up: the other wins 7–0."""
        ns_forfeits = forfeiting == game.ns_team_id
        ns, ew = (FORFEIT[1], FORFEIT[0]) if ns_forfeits else FORFEIT
        self.store.set_outcome(game.id, FORFEIT_OUTCOME, ns, ew,
                               f"game {game.id}: forfeit by team {forfeiting}, {ns}-{ew}",
                               reason)

    def correct(self, game: GameRow, ns: int, ew: int, reason: str) -> None:
        """The director sets the game's marks (NS, EW)."""
        self.store.set_outcome(game.id, CORRECTED_OUTCOME, ns, ew,
                               f"game {game.id}: result corrected to NS {ns} EW {ew}", reason)

    def restore(self, game: GameRow, reason: str) -> None:
        """The game's result goes back to what its record gives."""
        self.store.set_outcome(game.id, None, None, None,
                               f"game {game.id}: result as recorded", reason)
        self.store.set_finished(game.id, _over(self.state(game)))


def _key(f: Finding) -> tuple[object, ...]:
    return (f.code, f.hand, f.trick, f.seat, f.message)


def _over(game: TableGame) -> bool:
    return game.recording is not None and game.recording.winner is not None


def games_named(games: Sequence[GameRow], tables: dict[int, int]) -> dict[int, str]:
    """Each game's file name: ``round-2-table-1.t42`` (a bye has none)."""
    return {
        g.id: f"round-{g.round}-table-{tables[g.table_id]}.t42"
        for g in games if g.table_id is not None
    }
