"""The club night as the pages see it: each table's game folded from its stored entries
(kept in memory once read, one lock per game), the results and the standings, the findings
of each game, the audit trail in words, and the notation of every game."""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace

from club.standings import BYE, FORFEIT, Result, Standing, standings
from club.store import AuditLine, Event, Format, GameRow, Store
from club.store import Team as ClubTeam
from club.tables import TableGame, fold
from notation import Finding, Game, Tag, Team
from notation.recording import Recording

FORFEIT_OUTCOME, CORRECTED_OUTCOME = "forfeit", "corrected"


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
    def reading(self, counts: Mapping[int, int]) -> Iterator[None]:
        """Within it, in this thread, the games are as their entries stood when the page
        began: ``counts`` (every game's count of entries, read with the page's other
        questions) stands for the database, rather than a question for each game each time
        the page asks of it."""
        self._reading.counts = dict(counts)
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

    def enter(self, game: GameRow, number: int, entry: str, device: str | None = None,
              table_id: int | None = None) -> tuple[bool, TableGame]:
        """Store entry ``number`` of ``game`` (committed before this returns) and apply it;
        True when it was new, False when that number was stored before with this text (the
        resend of an answer lost). Raises :class:`Conflict` when it holds another text.
        ``device`` is the phone that sent it, ``table_id`` the table whose link it came by."""
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
            over = after.over
            finished = over if over != before.over and game.outcome is None else None
            if not self.store.add_entry(game.id, number, entry, device, table_id, finished):
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

    def flags(self, game: GameRow) -> tuple[Finding, ...]:
        """The findings of the game's record so far (those that only say the hand is not
        over yet left out), each with its hand, trick and seat (``Finding.where``)."""
        recording = self.state(game).recording
        return () if recording is None else recording.findings

    def game_record(self, game: GameRow) -> Game | None:
        recording = self.state(game).recording
        return None if recording is None else recording.game

    def exported_record(self, game: GameRow) -> Game | None:
        """The game's record as the exports write it: with the director's ruling, when there
        is one, as a ``Result`` tag (the marks it gives, ``NS 7 EW 3``) and a ``Ruling`` tag
        (what was ruled, and why) after the others (docs/notation.md, Tags); a game ruled on
        before it began is its tags alone. None for a game with neither record nor ruling."""
        record = self.game_record(game)
        ns, ew = game.outcome_ns, game.outcome_ew
        if game.outcome is None or ns is None or ew is None or game.ew_team_id is None:
            return record
        if record is None:
            record = Recording.start(dict(self.tags(game))).game
        lines = [a for a in self.store.audit(game.event_id) if a.game_id == game.id]
        reason = lines[-1].reason if lines else ""
        what = "corrected by the director"
        if game.outcome == FORFEIT_OUTCOME:
            teams = {t.id: t for t in self.store.teams(game.event_id)}
            by, side = ((game.ns_team_id, "NS") if ns < ew else (game.ew_team_id, "EW"))
            what = f"forfeit by {teams[by].name} ({side})"
        ruling = (Tag("Result", f"NS {ns} EW {ew}"),
                  Tag("Ruling", _one_line(f"{what}: {reason}" if reason else what)))
        kept = tuple(t for t in record.tags if t.name not in ("Result", "Ruling"))
        return replace(record, tags=(*kept, *ruling))

    # -- results and standings --

    def result(self, game: GameRow) -> Result[int] | None:
        """The game's result, once there is one."""
        if game.ew_team_id is None:
            return Result(game.ns_team_id, None, *BYE) if self.bye_counts(game) else None
        if game.outcome is not None and game.outcome_ns is not None and (
            game.outcome_ew is not None
        ):
            ns, ew = game.outcome_ns, game.outcome_ew
            if ns >= ew:
                return Result(game.ns_team_id, game.ew_team_id, ns, ew)
            return Result(game.ew_team_id, game.ns_team_id, ew, ns)
        return self.recorded_result(game)

    def bye_counts(self, game: GameRow) -> bool:
        """The one rule for a bye, for the standings and the list of games alike: it counts
        (7–4) once its round is under way, a game of that round begun or decided."""
        return any(
            g.round == game.round and g.ew_team_id is not None and not g.in_bracket and (
                g.finished or g.outcome is not None or self.state(g).recording is not None)
            for g in self.store.games(game.event_id)
        )

    def recorded_result(self, game: GameRow) -> Result[int] | None:
        """The result the game's record gives (a ruling of the director's left aside)."""
        if game.ew_team_id is None:
            return None
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
        results = []
        for game in games:
            r = self.result(game)
            if r is not None:
                results.append(Result(by_id[r.winner],
                                      None if r.loser is None else by_id[r.loser],
                                      r.winner_marks, r.loser_marks))
        return standings(teams, results)

    def audit(self, event: Event) -> list[Ruling]:
        """The event's audit trail in words, oldest first."""
        games = {g.id: g for g in self.store.games(event.id)}
        teams = {t.id: t for t in self.store.teams(event.id)}
        tables = {t.id: t.number for t in self.store.tables(event.id)}
        return [ruling_words(line, games, teams, tables) for line in self.store.audit(event.id)]

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
        self.store.set_finished(game.id, self.state(game).over)


@dataclass(frozen=True)
class Ruling:
    """A line of the audit trail as the director reads it: when (UTC, as stored), what in
    words (the round, the table and the teams by name), and why."""

    at: str
    words: str
    reason: str


# The audit trail's lines about a game, as the store keeps them (by database ids): read
# back into names when shown, so that every line, old or new, reads the same.
_GAME_LINE = re.compile(r"^game (\d+): (.*)$")
_FORFEIT_LINE = re.compile(r"^forfeit by team (\d+), (\d+)-(\d+)$")
_CORRECTED_LINE = re.compile(r"^result corrected to NS (\d+) EW (\d+)$")


def ruling_words(line: AuditLine, games: Mapping[int, GameRow],
                 teams: Mapping[int, ClubTeam], tables: Mapping[int, int]) -> Ruling:
    """``line`` in words: ``Round 2, table 1, Garcias – Lees: Lees forfeit, Garcias win
    7–0``; a line about no game (or one not read here) is shown as stored."""
    found = _GAME_LINE.match(line.what)
    game = None if found is None else games.get(int(found[1]))
    if found is None or game is None or game.ew_team_id is None:
        return Ruling(line.at, line.what, line.reason)
    ns, ew = teams[game.ns_team_id].name, teams[game.ew_team_id].name
    number = None if game.table_id is None else tables.get(game.table_id)
    table = "" if number is None else f", table {number}"
    where = f"Round {game.round}{table}, {ns} – {ew}"
    what = found[2]
    forfeit, corrected = _FORFEIT_LINE.match(what), _CORRECTED_LINE.match(what)
    if forfeit and int(forfeit[1]) in (game.ns_team_id, game.ew_team_id):
        by = teams[int(forfeit[1])].name
        other = ew if int(forfeit[1]) == game.ns_team_id else ns
        what = f"{by} forfeit, {other} win {max(FORFEIT)}–{min(FORFEIT)}"
    elif corrected:
        what = f"result corrected to {ns} {corrected[1]}, {ew} {corrected[2]}"
    elif what == "result as recorded":
        what = "back to the result as recorded"
    return Ruling(line.at, f"{where}: {what}", line.reason)


def _one_line(text: str) -> str:
    """``text`` as a tag's value holds it: on one line, no control characters."""
    return " ".join("".join(c if c.isprintable() else " " for c in text).split())


def games_named(games: Sequence[GameRow], tables: dict[int, int]) -> dict[int, str]:
    """Each game's file name: ``round-2-table-1.t42`` (a bye has none)."""
    return {
        g.id: f"round-{g.round}-table-{tables[g.table_id]}.t42"
        for g in games if g.table_id is not None
    }
