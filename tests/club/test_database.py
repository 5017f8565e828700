"""Opening the club's database (club/database.py)."""

from __future__ import annotations

import multiprocessing
from pathlib import Path

from sqlalchemy import text

from club.database import open_engine


def _open(url: str, said: multiprocessing.Queue[str]) -> None:
    try:
        engine = open_engine(url)
        with engine.connect() as c:
            said.put(str(c.execute(text("PRAGMA journal_mode")).scalar()))
        engine.dispose()
    except Exception as e:  # what a server starting then would have died of
        said.put(repr(e))


def test_two_processes_opening_a_new_sqlite_database_at_once_both_open_it(
    tmp_path: Path,
) -> None:
    # Turning a new database to WAL takes an exclusive lock; SQLite answers "database is
    # locked" at once, without waiting, to one of two connections that ask at the same
    # moment (its waiting could deadlock): before the retry, 1 pair in 3 had one die.
    context = multiprocessing.get_context("spawn")
    answers = []
    for attempt in range(24):
        url = f"sqlite:///{tmp_path / f'club{attempt}.db'}"
        said: multiprocessing.Queue[str] = context.Queue()
        both = [context.Process(target=_open, args=(url, said)) for _ in range(2)]
        for p in both:
            p.start()
        for p in both:
            p.join(60)
        answers += [said.get(timeout=10), said.get(timeout=10)]
    assert set(answers) == {"wal"}, [a for a in answers if a != "wal"][:3]
