"""The club's test fixtures, a pytest plugin loaded by the top ``conftest.py``: the databases
the tests run on (SQLite in a temporary folder, and a throwaway PostgreSQL cluster started
once for the session), and a real ``t42 serve`` subprocess.

PostgreSQL is Debian's ``postgresql`` package (``.ci/run`` installs it when ``initdb`` is
missing). Without it the PostgreSQL runs skip, saying why, on a developer's machine; under
``CI=true`` they fail instead, so that CI never passes without them.
"""

from __future__ import annotations

import glob
import os
import secrets
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from club_server import Server, free_port

DATABASES = ["sqlite", "postgresql"]


def _initdb() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if found:
        return Path(found[-1])
    on_path = shutil.which("initdb")
    return Path(on_path) if on_path else None


@dataclass(frozen=True)
class Cluster:
    """A running PostgreSQL: a fresh database on it for each test."""

    socket_dir: Path
    port: int

    def new_database(self) -> str:
        import psycopg

        name = "club_" + secrets.token_hex(6)
        with psycopg.connect(host=str(self.socket_dir), port=self.port, user="postgres",
                             dbname="postgres", autocommit=True) as c:
            c.execute(f"CREATE DATABASE {name}")
        return f"postgresql://postgres@/{name}?host={self.socket_dir}&port={self.port}"


def _as_postgres(command: list[str]) -> list[str]:
    # PostgreSQL refuses to run as root: as root, run it as the postgres user.
    return ["runuser", "-u", "postgres", "--", *command] if os.geteuid() == 0 else command


@pytest.fixture(scope="session")
def postgres_cluster() -> Iterator[Cluster]:
    initdb = _initdb()
    if initdb is None:
        words = "PostgreSQL is not installed (apt-get install -y postgresql)"
        if os.environ.get("CI") == "true":
            pytest.fail(words)
        pytest.skip(words)
    bin_dir = initdb.parent
    root = Path(tempfile.mkdtemp(prefix="t42-pg-"))
    data = root / "data"
    if os.geteuid() == 0:
        shutil.chown(root, "postgres", "postgres")
    port = free_port()
    subprocess.run(_as_postgres([str(initdb), "-D", str(data), "-A", "trust", "-U", "postgres",
                                 "--no-sync", "-E", "UTF8"]),
                   check=True, capture_output=True)
    options = f"-k {root} -p {port} -c listen_addresses='' -c fsync=off"
    subprocess.run(_as_postgres([str(bin_dir / "pg_ctl"), "-D", str(data), "-o", options,
                                 "-l", str(root / "log"), "-w", "start"]),
                   check=True, capture_output=True)
    try:
        yield Cluster(root, port)
    finally:
        subprocess.run(_as_postgres([str(bin_dir / "pg_ctl"), "-D", str(data), "-m",
                                     "immediate", "stop"]), capture_output=True)
        shutil.rmtree(root, ignore_errors=True)


@pytest.fixture(params=DATABASES, scope="module")
def database(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> str:
    """The URL of an empty database for a test module: SQLite in a folder of its own, or
    PostgreSQL (each test makes an event of its own in it)."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path_factory.mktemp('sqlite') / 'club.db'}"
    cluster: Cluster = request.getfixturevalue("postgres_cluster")
    return cluster.new_database()


@pytest.fixture(scope="module")
def server(database: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """``t42 serve`` on the module's database, on a free port of 127.0.0.1 (started once a
    module: a test that kills it starts it again)."""
    s = Server(tmp_path_factory.mktemp("night"), database, free_port())
    s.start()
    try:
        yield s
    finally:
        s.stop()
