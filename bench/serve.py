"""A club night under load: 60 tables entering their games at once over HTTP.

Run: ``python bench/serve.py [--tables 60] [--entries 100] [--database URL]``.

It starts ``t42 serve`` in its own process on 127.0.0.1 (SQLite in a temporary folder, or
``--database``), has the director create a round robin of ``2 × --tables`` teams, and then
runs two phases with the same ``--tables`` concurrent clients (httpx, asynchronous, one
connection each), each client sending ``--entries`` requests one after the other:

- the floor: a no-op endpoint of the same server (``POST /t/TOKEN/ping``), which goes
  through the same middleware and does nothing;
- the entries: each table sends the first ``--entries`` entries of a seeded random game
  (the bids, trump, tiles and scores a table would tap), each stored and answered with the
  table's new screen.

It prints, for each phase, requests per second, the 50th and 99th percentile latency, and for
the entries the entries lost: sent but missing from the database afterwards, or answered with
an error (must be 0). A benchmark, not a test: nothing here fails on a slow machine.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

import notation
from club.store import Store
from club.tables import entries_of

ROOT = Path(__file__).resolve().parent.parent


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _start(folder: Path, database: str, port: int) -> tuple[subprocess.Popen[str], str]:
    command = [sys.executable, "-m", "notation", "serve", str(folder), "--database", database,
               "--port", str(port)]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               text=True, cwd=ROOT)
    assert process.stdout is not None
    for line in process.stdout:
        found = re.search(r"key=(\S+)", line)
        if found:
            subprocess.Popen(["cat"], stdin=process.stdout, stdout=subprocess.DEVNULL)
            return process, found[1]
    raise SystemExit(f"t42 serve stopped: {process.wait()}")


def _wait(url: str) -> None:
    for _ in range(600):
        try:
            if httpx.get(url + "/health").status_code == 200:
                return
        except httpx.HTTPError:
            time.sleep(0.05)
    raise SystemExit("t42 serve did not answer")


async def _table(url: str, token: str, requests: list[tuple[str, dict[str, object]]],
                 latencies: list[float]) -> int:
    """Send the requests in order; the number answered with an error."""
    failed = 0
    limits = httpx.Limits(max_connections=1)
    async with httpx.AsyncClient(base_url=url, timeout=60, limits=limits) as client:
        for path, body in requests:
            started = time.perf_counter()
            answer = await client.post(path, json=body)
            latencies.append(time.perf_counter() - started)
            failed += answer.status_code != 200
    return failed


async def _phase(url: str, per_table: dict[str, list[tuple[str, dict[str, object]]]]
                 ) -> tuple[float, list[float], int]:
    latencies: list[float] = []
    started = time.perf_counter()
    failed = await asyncio.gather(*(
        _table(url, token, requests, latencies) for token, requests in per_table.items()
    ))
    return time.perf_counter() - started, latencies, sum(failed)


def _percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


def _report(name: str, seconds: float, latencies: list[float]) -> float:
    rate = len(latencies) / seconds
    print(f"{name:<22} {len(latencies):>6} requests  {rate:>7.0f} /s   "
          f"p50 {1000 * statistics.median(latencies):6.1f} ms   "
          f"p99 {1000 * _percentile(latencies, 99):6.1f} ms")
    return rate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=60)
    parser.add_argument("--entries", type=int, default=100, help="requests per table")
    parser.add_argument("--database", default=None, help="default: SQLite in a temp folder")
    args = parser.parse_args()

    folder = Path(tempfile.mkdtemp(prefix="t42-bench-serve-"))
    database = args.database or f"sqlite:///{folder / 'club.db'}"
    port = _free_port()
    url = f"http://127.0.0.1:{port}"
    process, secret = _start(folder, database, port)
    try:
        _wait(url)
        director = httpx.Client(base_url=url, timeout=120, follow_redirects=True)
        director.get(f"/director/login?key={secret}")
        form = director.get("/director").text
        csrf = re.search(r'name="csrf" value="([^"]+)"', form)
        assert csrf
        teams = "\n".join(f"Team {i}, P{i}a, P{i}b" for i in range(1, 2 * args.tables + 1))
        page = director.post("/director/events", data={
            "csrf": csrf[1], "name": "Bench", "rules": "straight", "options": "",
            "format": "round-robin", "teams": teams}).text
        tokens = re.findall(r'href="http://[^"]+/t/([A-Za-z0-9_-]+)" data-table', page)
        assert len(tokens) == args.tables, len(tokens)
        games: dict[str, int] = {}
        entries: dict[str, list[str]] = {}
        for i, token in enumerate(tokens):
            found = re.search(r'data-game="(\d+)"', director.get(f"/t/{token}").text)
            assert found
            games[token] = int(found[1])
            game = notation.random_game(random.Random(i), notation.rule_set("straight"))
            entries[token] = entries_of(game)[: args.entries]

        floor: dict[str, list[tuple[str, dict[str, object]]]] = {
            t: [(f"/t/{t}/ping", {})] * args.entries for t in tokens
        }
        sending = {
            t: [(f"/t/{t}/entries", {"game": games[t], "number": n, "entry": e})
                for n, e in enumerate(entries[t], start=1)]
            for t in tokens
        }
        print(f"{args.tables} tables at once, {args.entries} requests each, "
              f"{'SQLite' if database.startswith('sqlite') else 'PostgreSQL'}")
        seconds, latencies, _ = asyncio.run(_phase(url, floor))
        floor_rate = _report("floor (no-op)", seconds, latencies)
        seconds, latencies, failed = asyncio.run(_phase(url, sending))
        entry_rate = _report("entries", seconds, latencies)

        store = Store(database)
        lost = failed
        for token in tokens:
            stored = store.entries(games[token])
            lost += len(entries[token]) - sum(
                1 for (n, e), want in zip(stored, entries[token], strict=False) if e == want
            )
        store.close()
        print(f"entries lost: {lost}   entries/s ÷ floor requests/s: "
              f"{entry_rate / floor_rate:.2f} (target ≥ 0.33)")
    finally:
        process.terminate()
        process.wait()


if __name__ == "__main__":
    main()
