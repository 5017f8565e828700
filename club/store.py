"""Where a club night is kept: SQLAlchemy 2 over SQLite (the default, a file in the folder,
in WAL mode) or PostgreSQL (``postgresql://…``). The tables are made and brought up to date
by the Alembic migrations shipped in ``club/migrations``, run when the store opens.

Every entry is committed before :meth:`Store.add_entry` returns, so an entry acknowledged to
a phone survives the server being killed; an entry sent twice is stored once (its number is
part of its key).
"""

from __future__ import annotations

import hashlib
import secrets
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from enum import StrEnum
from typing import Any

from sqlalchemy import (
    Connection,
    bindparam,
    delete,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.dialects import postgresql, sqlite

from club.database import migrate, open_engine
from club.engine import date_value
from club.schedule import round_robin
from club.schema import (
    audit_table,
    entry_table,
    event_table,
    game_table,
    session_table,
    setting,
    table_table,
    team_table,
)

CHECKPOINT_COMMITS = 100  # SQLite: commits between two checkpoints of the WAL (each short)
ROUND, BRACKET = "round", "bracket"  # a game's stage

class Format(StrEnum):
    """How an event is played."""

    ROUND_ROBIN = "round-robin"
    BRACKETS = "round-robin+brackets"  # then the best four (or two) play a knock-out
    OPEN = "open"  # the director sets each game


@dataclass(frozen=True)
class Event:
    id: int
    name: str
    rules: str
    options: str
    format: Format
    public_token: str
    created: str = ""  # ISO 8601, UTC

    @property
    def date(self) -> str:
        """The day the event was made, as a record's ``Date`` tag writes it.

        >>> Event(1, "Friday", "straight", "", Format.OPEN, "p", "2026-11-27T20:15:00+00:00").date
        '2026.11.27'
        >>> Event(1, "Friday", "straight", "", Format.OPEN, "p").date
        '?'
        """
        try:
            return date_value(datetime.fromisoformat(self.created).date())
        except ValueError:
            return "?"


@dataclass(frozen=True)
class Team:
    id: int
    event_id: int
    number: int
    name: str
    first: str  # sits North or East
    second: str  # sits South or West


@dataclass(frozen=True)
class ClubTable:
    id: int
    event_id: int
    number: int
    token: str


@dataclass(frozen=True)
class GameRow:
    id: int
    event_id: int
    round: int
    table_id: int | None
    ns_team_id: int
    ew_team_id: int | None
    finished: bool
    outcome: str | None
    outcome_ns: int | None
    outcome_ew: int | None
    stage: str = ROUND

    @property
    def in_bracket(self) -> bool:
        return self.stage == BRACKET


@dataclass(frozen=True)
class AuditLine:
    at: str
    game_id: int | None
    what: str
    reason: str


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class Store:
    """The club's database: events, teams, tables, games, their entries and the audit trail."""

    def __init__(self, url: str) -> None:
        self.engine = open_engine(url)
        self.sqlite = self.engine.dialect.name == "sqlite"
        # SQLite takes one writer at a time: writers queue here rather than spin on its lock.
        self._write_lock = threading.Lock() if self.sqlite else None
        self._commit_lock = threading.Lock()
        self._queue_lock = threading.Lock()
        self._queue: list[_Pending] = []
        self._commits = 0  # since the last checkpoint (SQLite)
        self._checkpoint_due = threading.Event()
        self._closing = False
        self._checkpointer: threading.Thread | None = None
        dialect: Any = sqlite if self.sqlite else postgresql
        # Built once: an entry whose number is stored already is left as it is.
        self._insert_entry = dialect.insert(entry_table).on_conflict_do_nothing(
            index_elements=["game_id", "number"])
        # The two reads of every entry, built once too (building one costs more than its run).
        self._select_game = select(game_table).where(game_table.c.id == bindparam("game"))
        self._count_entries = (select(func.count()).select_from(entry_table)
                               .where(entry_table.c.game_id == bindparam("game")))
        # What never changes once made (tables, events, teams), kept after the first read.
        self._tables_by_token: dict[str, ClubTable] = {}
        self._events: dict[int, Event] = {}
        self._teams: dict[int, list[Team]] = {}
        migrate(self.engine)
        if self.sqlite:
            self._checkpointer = threading.Thread(target=self._checkpoints, daemon=True,
                                                  name="sqlite-checkpoints")
            self._checkpointer.start()
        with self.engine.connect() as c:
            for row in c.execute(select(table_table)).all():
                table = ClubTable(**row._mapping)
                self._tables_by_token[table.token] = table

    def close(self) -> None:
        if self._checkpointer is not None:
            self._closing = True
            self._checkpoint_due.set()
            self._checkpointer.join()
        self.engine.dispose()

    def _checkpoints(self) -> None:
        """SQLite: copy the WAL back into the database every CHECKPOINT_COMMITS commits, in
        this thread, while the tables' entries go on being committed (a passive checkpoint
        takes no lock a writer waits for)."""
        while True:
            self._checkpoint_due.wait()
            self._checkpoint_due.clear()
            if self._closing:
                return
            with self.engine.connect() as c:
                c.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")

    @contextmanager
    def _writing(self) -> Iterator[Connection]:
        if self._write_lock is None:
            with self.engine.begin() as connection:
                yield connection
            return
        with self._write_lock, self.engine.begin() as connection:
            yield connection

    # -- the director's secret --

    def secret(self) -> str:
        """The director's secret, made on first use and kept in the database."""
        with self.engine.connect() as c:
            found = c.execute(select(setting.c.value).where(setting.c.name == "secret")).scalar()
        if found is not None:
            return str(found)
        # Two servers started at once on a new database may both make one: the first kept.
        dialect: Any = sqlite if self.sqlite else postgresql
        with self._writing() as c:
            c.execute(dialect.insert(setting).values(
                name="secret", value=secrets.token_urlsafe(18)).on_conflict_do_nothing())
        return self.secret()

    def new_secret(self) -> str:
        """A new director's secret in place of the old, and every director's session
        ended: the old link and every cookie given for it stop working at once."""
        made = secrets.token_urlsafe(18)
        with self._writing() as c:
            if c.execute(update(setting).where(setting.c.name == "secret")
                         .values(value=made)).rowcount == 0:
                c.execute(insert(setting).values(name="secret", value=made))
            c.execute(delete(session_table))
        return made

    # -- the director's sessions: a cookie names one; the database keeps its hash --

    def open_session(self, seconds: int, at: float | None = None) -> str:
        """A new director's session lasting ``seconds``: the value its cookie holds."""
        at = time.time() if at is None else at
        value = secrets.token_urlsafe(32)
        with self._writing() as c:
            c.execute(delete(session_table).where(session_table.c.expires <= int(at)))
            c.execute(insert(session_table).values(id=_hashed(value),
                                                   expires=int(at + seconds)))
        return value

    def is_session(self, value: str | None, at: float | None = None) -> bool:
        """True when ``value`` names a director's session that has not ended."""
        if not value or len(value) > 100:
            return False
        at = time.time() if at is None else at
        with self.engine.connect() as c:
            expires = c.execute(select(session_table.c.expires)
                                .where(session_table.c.id == _hashed(value))).scalar()
        return expires is not None and at < expires

    def close_session(self, value: str) -> None:
        with self._writing() as c:
            c.execute(delete(session_table).where(session_table.c.id == _hashed(value)))

    # -- events --

    def create_event(self, name: str, rules: str, options: str, format: Format,
                     teams: Sequence[tuple[str, str, str]]) -> int:
        """A new event with these teams (name, first player, second player); a round robin
        gets its rounds and tables at once, open play its tables (one per two teams)."""
        with self._writing() as c:
            event_id = int((c.execute(insert(event_table).values(
                name=name, rules=rules, options=options, format=format.value,
                public_token=secrets.token_urlsafe(18), created=now(),
            )).inserted_primary_key or (0,))[0])
            team_ids = [
                int((c.execute(insert(team_table).values(
                    event_id=event_id, number=i, name=t[0], first=t[1], second=t[2],
                )).inserted_primary_key or (0,))[0])
                for i, t in enumerate(teams, start=1)
            ]
            table_ids = [
                int((c.execute(insert(table_table).values(
                    event_id=event_id, number=i, token=secrets.token_urlsafe(18),
                )).inserted_primary_key or (0,))[0])
                for i in range(1, max(len(teams) // 2, 1) + 1)
            ]
            if format in (Format.ROUND_ROBIN, Format.BRACKETS):
                for number, games in enumerate(round_robin(team_ids), start=1):
                    tables = iter(table_ids)
                    for ns, ew in games:
                        c.execute(insert(game_table).values(
                            event_id=event_id, round=number,
                            table_id=None if ew is None else next(tables),
                            ns_team_id=ns, ew_team_id=ew, finished=int(ew is None),
                        ))
            c.execute(insert(audit_table).values(
                event_id=event_id, game_id=None, at=now(),
                what=f"event created: {len(teams)} teams, {format.value}", reason="",
            ))
        for table in self.tables(event_id):
            self._tables_by_token[table.token] = table
        return event_id

    def add_bracket_round(self, event_id: int, games: Sequence[tuple[int, int]],
                          what: str) -> None:
        """A round of the bracket: these games (first team N-S), at tables 1, 2 …, after
        every round so far."""
        tables = [t.id for t in self.tables(event_id)]
        with self._writing() as c:
            last = c.execute(select(func.max(game_table.c.round))
                             .where(game_table.c.event_id == event_id)).scalar() or 0
            for (ns, ew), table in zip(games, tables, strict=False):
                c.execute(insert(game_table).values(
                    event_id=event_id, round=last + 1, table_id=table, ns_team_id=ns,
                    ew_team_id=ew, finished=0, stage=BRACKET,
                ))
            c.execute(insert(audit_table).values(
                event_id=event_id, game_id=None, at=now(), what=what, reason=""))

    def add_game(self, event_id: int, round: int, table_id: int, ns: int, ew: int) -> int:
        """Set a game (open play): teams ``ns`` and ``ew`` at table ``table_id``."""
        with self._writing() as c:
            return int((c.execute(insert(game_table).values(
                event_id=event_id, round=round, table_id=table_id, ns_team_id=ns,
                ew_team_id=ew, finished=0,
            )).inserted_primary_key or (0,))[0])

    def events(self) -> list[Event]:
        with self.engine.connect() as c:
            rows = c.execute(select(event_table).order_by(event_table.c.id)).all()
        return [_event(r._mapping) for r in rows]

    def event(self, event_id: int) -> Event | None:
        found = self._events.get(event_id)
        if found is not None:
            return found
        with self.engine.connect() as c:
            row = c.execute(select(event_table).where(event_table.c.id == event_id)).first()
        if row is None:
            return None
        return self._events.setdefault(event_id, _event(row._mapping))

    def event_by_public_token(self, token: str) -> Event | None:
        with self.engine.connect() as c:
            row = c.execute(
                select(event_table).where(event_table.c.public_token == token)
            ).first()
        return None if row is None else _event(row._mapping)

    def teams(self, event_id: int) -> list[Team]:
        found = self._teams.get(event_id)
        if found:
            return list(found)
        with self.engine.connect() as c:
            rows = c.execute(select(team_table).where(team_table.c.event_id == event_id)
                             .order_by(team_table.c.number)).all()
        teams = [Team(**r._mapping) for r in rows]
        if teams:  # an event's teams are all made with it
            self._teams[event_id] = teams
        return list(teams)

    def tables(self, event_id: int) -> list[ClubTable]:
        with self.engine.connect() as c:
            rows = c.execute(select(table_table).where(table_table.c.event_id == event_id)
                             .order_by(table_table.c.number)).all()
        return [ClubTable(**r._mapping) for r in rows]

    def is_table_token(self, token: str) -> bool:
        """True for a table's token this store has seen (no database read: cheap enough to
        ask of every request)."""
        return token in self._tables_by_token

    def table_by_token(self, token: str) -> ClubTable | None:
        found = self._tables_by_token.get(token)
        if found is not None:
            return found
        with self.engine.connect() as c:
            row = c.execute(select(table_table).where(table_table.c.token == token)).first()
        if row is None:
            return None
        return self._tables_by_token.setdefault(token, ClubTable(**row._mapping))

    def games(self, event_id: int) -> list[GameRow]:
        with self.engine.connect() as c:
            rows = c.execute(select(game_table).where(game_table.c.event_id == event_id)
                             .order_by(game_table.c.round, game_table.c.id)).all()
        return [_game(r._mapping) for r in rows]

    def game(self, game_id: int) -> GameRow | None:
        with self.engine.connect() as c:
            row = c.execute(self._select_game, {"game": game_id}).first()
        return None if row is None else _game(row._mapping)

    def table_games(self, table_id: int) -> list[GameRow]:
        """The games of a table, in the order of their rounds."""
        with self.engine.connect() as c:
            rows = c.execute(select(game_table).where(game_table.c.table_id == table_id)
                             .order_by(game_table.c.round, game_table.c.id)).all()
        return [_game(r._mapping) for r in rows]

    def unfinished_before(self, round: int, teams: Sequence[int]) -> list[GameRow]:
        """The games not finished of these teams in rounds before ``round``."""
        g = game_table.c
        with self.engine.connect() as c:
            rows = c.execute(select(game_table).where(
                g.finished == 0, g.round < round,
                g.ns_team_id.in_(teams) | g.ew_team_id.in_(teams))).all()
        return [_game(r._mapping) for r in rows]

    def earliest_unfinished(self, teams: Sequence[int]) -> dict[int, int]:
        """For each of these teams with a game not finished, the round of its earliest."""
        g = game_table.c
        earliest: dict[int, int] = {}
        with self.engine.connect() as c:
            for seat in (g.ns_team_id, g.ew_team_id):
                for team, round_ in c.execute(
                        select(seat, func.min(g.round))
                        .where(g.finished == 0, seat.in_(teams)).group_by(seat)).all():
                    earliest[int(team)] = min(int(round_), earliest.get(int(team), round_))
        return earliest

    def devices(self, event_id: int) -> dict[int, list[tuple[str | None, int]]]:
        """For each game of the event, the phones that wrote its entries and how many
        each wrote (None: a phone that sent no id)."""
        e = entry_table.c
        with self.engine.connect() as c:
            rows = c.execute(
                select(e.game_id, e.device, func.count())
                .join(game_table, game_table.c.id == e.game_id)
                .where(game_table.c.event_id == event_id)
                .group_by(e.game_id, e.device).order_by(e.game_id, e.device)).all()
        out: dict[int, list[tuple[str | None, int]]] = {}
        for game_id, device, count in rows:
            out.setdefault(int(game_id), []).append((device, int(count)))
        return out

    # -- entries --

    def add_entry(self, game_id: int, number: int, text: str, device: str | None = None,
                  table_id: int | None = None, finished: bool | None = None) -> bool:
        """Store entry ``number`` of a game, committed when this returns; False when that
        number was stored before (the entry is not stored twice). ``finished``, when given,
        is what the entry makes of the game's finished flag, set in the same transaction.

        Entries sent at the same moment by many tables are committed together (a group
        commit): each waits for the one transaction that holds its entry, so a disk sync
        is shared rather than paid by every table in turn."""
        pending = _Pending(game_id, number, text, device, table_id, finished)
        with self._queue_lock:
            self._queue.append(pending)
        with self._commit_lock:  # one committer at a time takes every entry waiting
            if not pending.done:
                with self._queue_lock:
                    batch, self._queue = self._queue, []
                self._commit(batch)
        if pending.error is not None:
            raise pending.error
        return pending.new

    def _commit(self, batch: list[_Pending]) -> None:
        try:
            with self._writing() as c:
                for p in batch:
                    values = {"game_id": p.game_id, "number": p.number, "text": p.text,
                              "at": now(), "device": p.device, "table_id": p.table_id}
                    p.new = bool(c.execute(self._insert_entry, values).rowcount)
                    if p.new and p.finished is not None:
                        c.execute(update(game_table).where(game_table.c.id == p.game_id)
                                  .values(finished=int(p.finished)))
        except Exception as e:  # every entry of the batch is refused, none acknowledged
            for p in batch:
                p.error = e
                p.new = False
        for p in batch:
            p.done = True
        self._commits += 1
        if self.sqlite and self._commits >= CHECKPOINT_COMMITS:
            self._commits = 0
            self._checkpoint_due.set()

    def entry_count(self, game_id: int) -> int:
        """How many entries of a game are stored."""
        with self.engine.connect() as c:
            return int(c.execute(self._count_entries, {"game": game_id}).scalar() or 0)

    def entry(self, game_id: int, number: int) -> str | None:
        """The text stored as entry ``number`` of a game (None when there is none)."""
        with self.engine.connect() as c:
            found = c.execute(select(entry_table.c.text).where(
                entry_table.c.game_id == game_id, entry_table.c.number == number)).scalar()
        return None if found is None else str(found)

    def entries(self, game_id: int) -> list[tuple[int, str]]:
        with self.engine.connect() as c:
            rows = c.execute(select(entry_table.c.number, entry_table.c.text)
                             .where(entry_table.c.game_id == game_id)
                             .order_by(entry_table.c.number)).all()
        return [(int(r[0]), str(r[1])) for r in rows]

    def set_finished(self, game_id: int, finished: bool) -> None:
        with self._writing() as c:
            c.execute(update(game_table).where(game_table.c.id == game_id)
                      .values(finished=int(finished)))

    # -- the director's corrections, each with its line in the audit trail --

    def set_outcome(self, game_id: int, outcome: str | None, ns: int | None, ew: int | None,
                    what: str, reason: str) -> None:
        """Give a game a result that is not its record's (a forfeit, a correction), or
        None to go back to the record; the audit trail keeps what was done and why."""
        game = self.game(game_id)
        assert game is not None
        with self._writing() as c:
            c.execute(update(game_table).where(game_table.c.id == game_id).values(
                outcome=outcome, outcome_ns=ns, outcome_ew=ew,
                finished=int(outcome is not None or game.finished),
            ))
            c.execute(insert(audit_table).values(
                event_id=game.event_id, game_id=game_id, at=now(), what=what, reason=reason,
            ))

    def audit(self, event_id: int) -> list[AuditLine]:
        with self.engine.connect() as c:
            rows = c.execute(select(audit_table).where(audit_table.c.event_id == event_id)
                             .order_by(audit_table.c.id)).all()
        return [AuditLine(r.at, r.game_id, r.what, r.reason) for r in rows]


@dataclass
class _Pending:
    """An entry waiting for the transaction that stores it."""

    game_id: int
    number: int
    text: str
    device: str | None = None
    table_id: int | None = None
    finished: bool | None = None  # the game's finished flag, set with the entry
    new: bool = False
    done: bool = False
    error: Exception | None = None


def _hashed(value: str) -> str:
    """What the database keeps of a session's cookie (a copy of the database opens none)."""
    return hashlib.sha256(value.encode()).hexdigest()


def _event(row: Any) -> Event:
    return Event(row["id"], row["name"], row["rules"], row["options"], Format(row["format"]),
                 row["public_token"], row["created"])


def _game(row: Any) -> GameRow:
    return GameRow(row["id"], row["event_id"], row["round"], row["table_id"],
                   row["ns_team_id"], row["ew_team_id"], bool(row["finished"]), row["outcome"],
                   row["outcome_ns"], row["outcome_ew"], row["stage"])
