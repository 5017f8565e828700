"""Opening the club's database (club/database.py)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

# A server's first step: open the database, which turns a new one to WAL.
OPEN = (
    "import sys; from sqlalchemy import text; from club.database import open_engine; "
    "engine = open_engine(sys.argv[1]); c = engine.connect(); "
    "print(c.execute(text('PRAGMA journal_mode')).scalar()); c.close(); engine.dispose()"
)


def test_two_processes_opening_a_new_sqlite_database_at_once_both_open_it(
    tmp_path: Path,
) -> None:
    # Turning a new database to WAL takes an exclusive lock; SQLite answers "database is
    # locked" at once, without waiting, to one of two connections that ask at the same
    # moment (its waiting could deadlock): before the retry, 1 pair in 3 had one die.
    said = []
    for attempt in range(24):
        url = f"sqlite:///{tmp_path / f'club{attempt}.db'}"
        both = [subprocess.Popen([sys.executable, "-c", OPEN, url], stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, text=True) for _ in range(2)]
        for process in both:
            out, err = process.communicate(timeout=120)
            said.append((process.returncode, out.strip(), err.strip()[-300:]))
    assert [s for s in said if s[:2] != (0, "wal")] == []
