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

``--slow-clients N`` runs a night under attack instead: the server at ``--nofile`` open
files (1,024), N connections (1,100) sending a request's headers a line a second and opened
again when closed, and meanwhile the tables send their entries as phones do (again until
answered 200) and ``/health`` is asked four times a second. It prints how many times
``/health`` answered and its slowest wait, the entries' latencies, and the acknowledged
entries missing from the database afterwards (must be 0).

``--paced [--interval 3] [--seconds 60] [--director]`` runs the paced night instead: each
table plays a whole game at a player's pace (see :func:`paced_night`), and it prints the 99th
percentile and the slowest entry, the entries lost, and, in this process, the cost of an entry
at the end of a nine-hand game against one at its start.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import random
import re
import resource
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx

import notation
from club.store import Store
from club.tables import entries_of

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "club"))
from club_server import SlowClients

ROOT = Path(__file__).resolve().parent.parent


def _free_port() -> int:

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _start(folder: Path, database: str, port: int, nofile: int | None = None
           ) -> tuple[subprocess.Popen[str], str]:
    command = [sys.executable, "-m", "t42", "serve", str(folder), "--database", database,
               "--port", str(port)]

    def limits() -> None:  # the server's limit of open files (``ulimit -n``), if asked
        if nofile is not None:
            resource.setrlimit(resource.RLIMIT_NOFILE, (nofile, nofile))

    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               text=True, cwd=ROOT, preexec_fn=limits)
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


# -- the night with slow clients (--slow-clients N) --


def _health_watch(url: str, stopping: threading.Event, waits: list[float | None]) -> None:
    """Ask /health four times a second until ``stopping``: each wait, or None (no answer
    within 10 s, or not 200)."""
    with httpx.Client(timeout=10) as client:
        while not stopping.is_set():
            started = time.perf_counter()
            try:
                ok = client.get(url + "/health").status_code == 200
            except httpx.HTTPError:
                ok = False
            waits.append(time.perf_counter() - started if ok else None)
            stopping.wait(0.25)


async def _steady_table(url: str, token: str, requests: list[tuple[str, dict[str, object]]],
                        latencies: list[float], acknowledged: list[tuple[str, int, str]]
                        ) -> int:
    """Send the requests in order as a phone does: again until the server answers 200
    (after a refusal, a 503 or a connection closed); the number of tries beyond the first."""
    again = 0
    async with httpx.AsyncClient(base_url=url, timeout=30,
                                 limits=httpx.Limits(max_connections=1)) as client:
        for path, body in requests:
            started = time.perf_counter()
            while True:
                try:
                    answer = await client.post(path, json=body)
                    if answer.status_code == 200:
                        break
                except httpx.HTTPError:
                    pass
                again += 1
                await asyncio.sleep(0.2)
            latencies.append(time.perf_counter() - started)
            acknowledged.append((token, int(str(body["number"])), str(body["entry"])))
    return again


async def _steady_tables(url: str, per_table: dict[str, list[tuple[str, dict[str, object]]]],
                         latencies: list[float], acknowledged: list[tuple[str, int, str]]
                         ) -> int:
    tries = await asyncio.gather(*(
        _steady_table(url, token, requests, latencies, acknowledged)
        for token, requests in per_table.items()))
    return sum(tries)


def slow_clients_night(tables: int, per_table: int, database: str | None, slow: int,
                       nofile: int) -> None:
    """``tables`` tables enter ``per_table`` entries each while ``slow`` slow clients hold
    connections to a server allowed ``nofile`` open files; /health is asked throughout.
    Prints /health's answers and waits, the entries' latencies, and the acknowledged
    entries missing from the database afterwards (must be 0)."""
    folder = Path(tempfile.mkdtemp(prefix="t42-bench-slow-"))
    database = database or f"sqlite:///{folder / 'club.db'}"
    port = _free_port()
    url = f"http://127.0.0.1:{port}"
    process, secret = _start(folder, database, port, nofile=nofile)
    try:
        _wait(url)
        director = httpx.Client(base_url=url, timeout=120, follow_redirects=True)
        director.get(f"/director/login?key={secret}")
        csrf = re.search(r'name="csrf" value="([^"]+)"', director.get("/director").text)
        assert csrf
        teams = "\n".join(f"Team {i}, P{i}a, P{i}b" for i in range(1, 2 * tables + 1))
        page = director.post("/director/events", data={
            "csrf": csrf[1], "name": "Bench", "rules": "straight", "options": "",
            "format": "round-robin", "teams": teams}).text
        tokens = re.findall(r'href="http://[^"]+/t/([A-Za-z0-9_-]+)" data-table', page)
        sending: dict[str, list[tuple[str, dict[str, object]]]] = {}
        games: dict[str, int] = {}
        for i, token in enumerate(tokens):
            found = re.search(r'data-game="(\d+)"', director.get(f"/t/{token}").text)
            assert found
            games[token] = int(found[1])
            game = notation.random_game(random.Random(i), notation.rule_set("straight"))
            sending[token] = [
                (f"/t/{token}/entries", {"game": games[token], "number": n, "entry": e})
                for n, e in enumerate(entries_of(game)[:per_table], start=1)]
        director.close()
        print(f"{tables} tables at once, {per_table} entries each, {slow} slow clients, the "
              f"server at {nofile} open files, "
              f"{'SQLite' if database.startswith('sqlite') else 'PostgreSQL'}")
        waits: list[float | None] = []
        stopping = threading.Event()
        watch = threading.Thread(target=_health_watch, args=(url, stopping, waits))
        attack = SlowClients(port, slow).__enter__()
        time.sleep(3)  # the slow clients hold their connections before the tables begin
        watch.start()
        latencies: list[float] = []
        acknowledged: list[tuple[str, int, str]] = []
        started = time.perf_counter()
        again = asyncio.run(_steady_tables(url, sending, latencies, acknowledged))
        seconds = time.perf_counter() - started
        stopping.set()
        watch.join()
        attack.__exit__()
        answered = [w for w in waits if w is not None]
        print(f"/health: {len(answered)} of {len(waits)} answered, "
              f"median {1000 * statistics.median(answered):.1f} ms, "
              f"slowest {1000 * max(answered):.0f} ms" if answered else "/health: no answer")
        _report("entries", seconds, latencies)
        print(f"slow connections opened: {attack.opened}; entries sent again: {again}")
        store = Store(database)
        stored = {token: dict(store.entries(games[token])) for token in tokens}
        store.close()
        lost = sum(1 for token, number, entry in acknowledged
                   if stored[token].get(number) != entry)
        print(f"acknowledged entries: {len(acknowledged)}   lost: {lost}")
    finally:
        process.terminate()
        process.wait()
# -- the paced night: tables entering at a player's pace, whole games --


def _entry_cost(repeat: int) -> tuple[float, float]:
    """In this process: the median cost of an entry (taken into the table's game, and what
    its screen asks of the engine) at the start of a nine-hand game and at its end."""
    from club.phone import state_view
    from club.store import ClubTable, Event, Format, GameRow
    from club.store import Team as ClubTeam
    from club.tables import TableGame

    game = notation.random_game(random.Random(0), notation.rule_set("straight"))
    assert len(game.hands) == 9
    entries = list(enumerate(entries_of(game), start=1))
    event = Event(1, "Bench", "straight", "", Format.ROUND_ROBIN, "p")
    table = ClubTable(1, 1, 1, "t")
    row = GameRow(1, 1, 1, 1, 1, 2, False, None, None, None)
    teams = {1: ClubTeam(1, 1, 1, "A", "a", "b"), 2: ClubTeam(2, 1, 2, "B", "c", "d")}
    states = [TableGame((("Rules", "straight"),))]
    for number, entry in entries:
        states.append(states[-1].take(number, entry))
        state_view(event, table, row, teams, states[-1])  # as the server answered it
    def hand_of(number: int) -> int:
        recording = states[number].recording
        return recording.hand.number if recording and recording.hand else 0

    first_hand = [n for n, _ in entries[1:] if hand_of(n) == 1]  # entry 1 starts the game
    last_hand = [n for n, _ in entries if hand_of(n) == 9]

    def cost(number: int) -> float:
        started = time.perf_counter()
        after = states[number - 1].take(number, entries[number - 1][1])
        state_view(event, table, row, teams, after)
        return time.perf_counter() - started

    start: list[float] = []
    end: list[float] = []
    for _ in range(repeat):  # the two sides alternate
        for early, late in zip(first_hand, last_hand, strict=False):
            start.append(cost(early))
            end.append(cost(late))
    return statistics.median(start), statistics.median(end)


async def _paced_table(client: httpx.AsyncClient, token: str, game: int,
                       entries: list[tuple[int, str]], interval: float, until: float,
                       moment: float, timings: list[tuple[float, float, str]]) -> int:
    """Send ``entries`` one every ``interval`` seconds from ``moment`` until ``until``
    (perf_counter); each entry's (moment sent, latency, token) is kept. The number answered
    with an error."""
    failed = 0
    for number, entry in entries:
        await asyncio.sleep(max(0.0, moment - time.perf_counter()))
        if time.perf_counter() >= until:
            break
        started = time.perf_counter()
        answer = await client.post(f"/t/{token}/entries",
                                   json={"game": game, "number": number, "entry": entry})
        timings.append((started, time.perf_counter() - started, token))
        failed += answer.status_code != 200
        moment += interval
    return failed


async def _director_watching(url: str, cookies: httpx.Cookies, live: str, until: float,
                             took: list[float]) -> None:
    """The director's live page, asked for every 3 s as the page itself does."""
    async with httpx.AsyncClient(base_url=url, timeout=60, cookies=cookies) as client:
        while time.perf_counter() < until:
            started = time.perf_counter()
            answer = await client.get(live)
            took.append(time.perf_counter() - started)
            assert answer.status_code == 200, answer.status_code
            await asyncio.sleep(max(0.0, started + 3 - time.perf_counter()))


async def _paced_phase(url: str, tables: dict[str, tuple[int, list[tuple[int, str]]]],
                       interval: float, seconds: float, director: httpx.Client, live: str,
                       watched: list[float]
                       ) -> tuple[list[tuple[float, float, str]], int, float]:
    timings: list[tuple[float, float, str]] = []
    spread = random.Random(42)
    limits = httpx.Limits(max_connections=1)
    # Every table's client made first (making one takes a while), then the minute begins.
    clients = [httpx.AsyncClient(base_url=url, timeout=60, limits=limits) for _ in tables]
    try:
        began = time.perf_counter()
        watching = asyncio.create_task(
            _director_watching(url, director.cookies, live, began + seconds, watched)
            if live else asyncio.sleep(0))
        failed = await asyncio.gather(*(
            _paced_table(client, token, game, entries, interval, began + seconds,
                         began + spread.uniform(0, interval), timings)
            for client, (token, (game, entries)) in zip(clients, tables.items(), strict=True)
        ))
        await watching
    finally:
        for client in clients:
            await client.aclose()
    return timings, sum(failed), began


async def _entered_beforehand(url: str, games: dict[str, int],
                              ahead: dict[str, list[tuple[int, str]]]) -> None:
    """Every table's entries before the paced minute, all tables at once (each waiting as
    its link's rate limit says)."""
    async def table(token: str) -> None:
        async with httpx.AsyncClient(base_url=url, timeout=60) as client:
            for number, entry in ahead[token]:
                while True:
                    answer = await client.post(f"/t/{token}/entries", json={
                        "game": games[token], "number": number, "entry": entry})
                    if answer.status_code != 429:
                        break
                    await asyncio.sleep(float(answer.headers.get("retry-after", "1")))
                assert answer.status_code == 200, answer.text

    await asyncio.gather(*(table(token) for token in ahead))


def paced_night(url: str, director: httpx.Client, live: str, tokens: list[str],
                games: dict[str, int], database: str, interval: float, seconds: float,
                repeat: int) -> None:
    """The paced night: each table plays a whole game, one entry every ``interval`` seconds
    for ``seconds`` (with the director's live page open when ``live`` is its address: the
    bench's event of 2N teams has N(2N-1) games, far more than a club's). So that the minute
    meets every part of a game, table i has the first i/N of its game entered beforehand
    (not timed), and goes on from there."""
    tables: dict[str, tuple[int, list[tuple[int, str]]]] = {}
    ahead: dict[str, list[tuple[int, str]]] = {}
    whole: dict[str, list[str]] = {}
    print(f"paced night: {len(tokens)} tables, one entry each every {interval:g} s for "
          f"{seconds:g} s ({len(tokens) / interval:.0f} entries/s), whole games, "
          f"{'SQLite' if database.startswith('sqlite') else 'PostgreSQL'}")
    for i, token in enumerate(tokens):
        game = notation.random_game(random.Random(1000 + i), notation.rule_set("straight"))
        whole[token] = entries_of(game)
        numbered = list(enumerate(whole[token], start=1))
        before = len(numbered) * i // len(tokens)
        tables[token] = (games[token], numbered[before:])
        ahead[token] = numbered[:before]
    asyncio.run(_entered_beforehand(url, games, ahead))
    time.sleep(5)  # the server settles after that burst (a night has none): its WAL copied
    # This client's own collector kept out of the minute (what it holds is never garbage):
    # a pause of it would be counted against the server.
    gc.collect()
    gc.freeze()
    watched: list[float] = []
    timings, failed, began = asyncio.run(_paced_phase(url, tables, interval, seconds,
                                                      director, live, watched))
    latencies = [t for _, t, _ in timings]
    print(f"entries {len(latencies)}   p50 {1000 * statistics.median(latencies):6.1f} ms   "
          f"p99 {1000 * _percentile(latencies, 99):6.1f} ms   "
          f"slowest {1000 * max(latencies):6.1f} ms   (goals: p99 ≤ 50 ms, slowest ≤ 200 ms)")
    slow = sorted(timings, key=lambda t: -t[1])[:8]
    print("slowest entries (sent at s, took ms, table): " + ", ".join(
        f"{at - began:.2f}/{1000 * took:.0f}/{tokens.index(token) + 1}"
        for at, took, token in slow))
    store = Store(database)
    sent = dict.fromkeys(tokens, 0)
    for _, _, token in timings:
        sent[token] += 1
    lost = failed
    for token in tokens:
        stored = dict(store.entries(games[token]))
        start = tables[token][1][0][0] if tables[token][1] else len(whole[token]) + 1
        lost += sum(1 for n in range(1, start + sent[token])
                    if stored.get(n) != whole[token][n - 1])
    store.close()
    print(f"entries lost: {lost}" + (
        f"   the director's live page, every 3 s: p50 {1000 * statistics.median(watched):.0f}"
        f" ms, slowest {1000 * max(watched):.0f} ms" if watched else ""))
    early, late = _entry_cost(repeat)
    print(f"in-process, an entry of a nine-hand game: hand 1 {1000 * early:.2f} ms, hand 9 "
          f"{1000 * late:.2f} ms (medians): {late / early:.2f}x (goal ≤ 1.2x)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=60)
    parser.add_argument("--entries", type=int, default=100, help="requests per table")
    parser.add_argument("--database", default=None, help="default: SQLite in a temp folder")
    parser.add_argument("--slow-clients", type=int, default=0, metavar="N",
                        help="instead: the tables enter while N slow clients hold connections")
    parser.add_argument("--nofile", type=int, default=1024,
                        help="the server's limit of open files with --slow-clients")
    parser.add_argument("--paced", action="store_true",
                        help="the paced night instead: whole games at a player's pace")
    parser.add_argument("--interval", type=float, default=3.0, help="paced: s between entries")
    parser.add_argument("--seconds", type=float, default=60.0, help="paced: how long")
    parser.add_argument("--director", action="store_true",
                        help="paced: with the director's live page open (every 3 s)")
    args = parser.parse_args()
    if args.slow_clients:
        slow_clients_night(args.tables, args.entries, args.database, args.slow_clients,
                           args.nofile)
        return

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
            if args.paced:
                continue
            game = notation.random_game(random.Random(i), notation.rule_set("straight"))
            entries[token] = entries_of(game)[: args.entries]

        if args.paced:
            live = re.search(r'hx-get="(/director/e/\d+/live)"', page)
            assert live
            paced_night(url, director, live[1] if args.director else "", tokens, games,
                        database, args.interval, args.seconds, repeat=5)
            return
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
