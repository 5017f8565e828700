"""Work in several processes: the same results, in the archive's order, as in one."""

from __future__ import annotations

import contextlib
import os
import random
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import IO, Any

import pytest
from typer.testing import CliRunner

from notation import files
from notation.archive import parallel
from notation.archive.reading import render
from notation.model.rule_sets import rule_set
from notation.rules.dealing import random_game
from t42.commands import app

ROOT = Path(__file__).resolve().parents[3]
SAMPLES = ROOT / "samples"
runner = CliRunner()


@pytest.fixture
def small_batches(monkeypatch: pytest.MonkeyPatch) -> None:
    # Small batches, so that a small archive is spread over the workers.
    monkeypatch.setattr(parallel, "BATCH_GAMES", 3)


def test_results_come_back_in_order(small_batches: None) -> None:
    words = [str(n) * (n % 7) for n in range(200)]
    assert list(parallel.in_order(len, words, jobs=2, size=len)) == [len(w) for w in words]


def test_little_work_stays_in_this_process() -> None:
    assert list(parallel.in_order(len, ["ab", "c"], jobs=4, size=len)) == [2, 1]


@pytest.fixture
def another_thread() -> Iterator[None]:
    # What a progress bar is, for this purpose: a thread drawing while the workers start.
    stop = threading.Event()
    drawing = threading.Thread(target=stop.wait)
    drawing.start()
    yield
    stop.set()
    drawing.join()


@pytest.mark.skipif(sys.platform != "linux", reason="workers are forked on Linux only")
def test_workers_are_forked_when_this_process_has_one_thread() -> None:
    # In a process of its own: other tests of this run may have left threads behind.
    code = (
        "import threading; from notation.archive import parallel; "
        "print(threading.active_count(), parallel.start_method())"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.split()
    assert out == ["1", "fork"]


def test_workers_start_from_a_server_while_another_thread_runs(another_thread: None) -> None:
    assert parallel.start_method() == "forkserver"


def test_results_come_back_in_order_with_a_thread_running(
    small_batches: None, another_thread: None
) -> None:
    words = [str(n) * (n % 5) for n in range(60)]
    assert list(parallel.in_order(len, words, jobs=2, size=len)) == [len(w) for w in words]


def _archive(tmp_path: Path) -> Path:
    # every sample, broken ones included, three times over
    samples = [p.read_text(encoding="utf-8") for p in sorted(SAMPLES.glob("*.t42"))]
    archive = tmp_path / "club.t42"
    archive.write_text("\n".join(samples * 3), encoding="utf-8")
    return archive


def test_validate_in_two_processes_reports_as_one_does(
    tmp_path: Path, small_batches: None
) -> None:
    archive = _archive(tmp_path)
    one = runner.invoke(app, ["validate", "-j", "1", str(archive)])
    two = runner.invoke(app, ["validate", "-j", "2", str(archive)])
    assert (two.exit_code, two.stdout) == (one.exit_code, one.stdout)
    assert one.stdout.count("[renege]") == 3 * 3  # renege.t42 has two, options-findings.t42 one


@pytest.mark.parametrize("form", ["jsonl", "t42", "json"])
def test_convert_in_two_processes_writes_what_one_does(
    tmp_path: Path, small_batches: None, form: str
) -> None:
    archive = _archive(tmp_path)
    results = []
    for jobs in ("1", "2"):
        out, rejects = tmp_path / f"out-{jobs}.{form}", tmp_path / f"rejects-{jobs}.t42"
        run = runner.invoke(
            app, ["convert", "-j", jobs, str(archive), "-o", str(out), "--rejects", str(rejects)]
        )
        results.append((run.exit_code, run.stdout, out.read_text(), rejects.read_text()))
    assert results[0] == results[1]
    assert results[0][0] == 1  # some games could not be converted
    assert results[0][3]  # and their text is kept


@pytest.mark.parametrize("form", ["t42", "jsonl"])
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_json_lines_archive_converts_as_output_plus_rejects(
    tmp_path: Path, small_batches: None, monkeypatch: pytest.MonkeyPatch, form: str, jobs: str
) -> None:
    # Blocks of a few lines, so that the runs of lines the workers get break anywhere.
    monkeypatch.setattr(files, "BLOCK", 4096)
    good = [
        render(random_game(random.Random(seed), rule_set("straight")), "jsonl")
        for seed in range(12)
    ]
    renege = good[3].replace('"plays": ["', '"plays": ["0-0", "', 1)  # reads, breaks a rule
    bad = ['{"format": "t42-game"\n', "not json at all\n", '{"format": "t42-game", "x": 1}\n']
    lines = [*good[:4], "\n", bad[0], *good[4:8], "  \n", bad[1], *good[8:], bad[2], renege]
    archive = tmp_path / "club.jsonl"
    archive.write_text("".join(lines), encoding="utf-8")
    out, rejects = tmp_path / f"out.{form}", tmp_path / "rejects.jsonl"
    run = runner.invoke(
        app, ["convert", "-j", jobs, str(archive), "-o", str(out), "--rejects", str(rejects)]
    )
    assert run.exit_code == 1
    # Reading breaks no rule check: the renege converts (validate reports it); the lines
    # that do not read are kept as written, in order.
    assert rejects.read_text(encoding="utf-8") == "".join(bad)
    back = out if form == "jsonl" else tmp_path / "back.jsonl"
    if form == "t42":
        assert runner.invoke(app, ["convert", str(out), "-o", str(back)]).exit_code == 0
    assert back.read_text(encoding="utf-8") == "".join([*good, renege])


def test_jobs_are_no_more_than_the_processors(
    small_batches: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 27: --jobs 100000 forked a thousand processes and never finished."""
    pools: list[int] = []

    def watched(workers: int, **options: Any) -> ProcessPoolExecutor:
        pools.append(workers)
        return ProcessPoolExecutor(workers, **options)

    monkeypatch.setattr(parallel, "ProcessPoolExecutor", watched)
    monkeypatch.setattr(parallel, "usable_processors", lambda: 2)
    words = [str(n) * (n % 7) for n in range(50)]
    assert list(parallel.in_order(len, words, 100_000, len, batch=3)) == list(map(len, words))
    assert pools == [2]


@pytest.mark.parametrize("command", ["validate", "convert", "analyze"])
def test_too_many_jobs_are_said_and_cut_to_the_processors(
    command: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(parallel, "usable_processors", lambda: 3)
    result = runner.invoke(app, [command, "--jobs", "100000", str(SAMPLES / "full-game.t42")])
    assert result.exit_code == 0
    assert "--jobs 100000: t42 can use 3 processors here; using 3\n" in result.stderr


def test_the_processors_are_those_this_process_may_run_on() -> None:
    if hasattr(os, "sched_getaffinity"):
        assert parallel.usable_processors() == len(os.sched_getaffinity(0))
    assert 1 <= parallel.usable_processors() <= (os.cpu_count() or 1)


def _parents() -> dict[int, int]:
    """Every process's parent, from /proc, leaving out those that have ended (zombies)."""
    parents = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            state, parent = stat.rpartition(")")[2].split()[:2]
            if state not in ("Z", "X"):
                parents[int(entry.name)] = int(parent)
    return parents


def _descendants(pid: int) -> set[int]:
    parents = _parents()
    found: set[int] = set()
    more = {pid}
    while more:
        more = {child for child, parent in parents.items() if parent in more} - found
        found |= more
    return found


def _feed(pipe: IO[bytes], data: bytes) -> None:
    """Write ``data`` and keep the pipe open: the run waits for more, its work not done."""
    with contextlib.suppress(BrokenPipeError):
        pipe.write(data)
        pipe.flush()


def _waited_for(condition: Any, what: str) -> None:
    """Wait for ``condition`` (a signal's effect reaches other processes in its own time)."""
    for _ in range(1200):
        if condition():
            return
        time.sleep(0.05)
    raise AssertionError(f"never happened: {what}")


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads processes from /proc")
@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGTERM], ids=["SIGKILL", "SIGTERM"])
@pytest.mark.parametrize("command", ["convert", "analyze"])
def test_a_killed_run_leaves_no_worker_and_no_temporary_file(
    command: str, how: signal.Signals, tmp_path: Path
) -> None:
    """Issue 27: after SIGKILL or SIGTERM of convert or analyze the pool's workers lived on and
    convert's temporary file stayed, whatever ran later. The run reads from a pipe kept open,
    so that it is caught with its workers started and its output not yet written."""
    rng = random.Random(27)
    games = "\n".join(render(random_game(rng, rule_set("straight")), "t42") for _ in range(100))
    text = "\n".join([games] * 20)  # some 3 MB: more than the first block read (1 MB)
    output = tmp_path / ("out.json" if command == "convert" else "out.jsonl")
    run = subprocess.Popen(
        [sys.executable, "-m", "t42", command, "-", "-o", str(output), "--jobs", "2"],
        stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
    )
    assert run.stdin is not None
    assert run.stderr is not None
    # Fed from a thread: a run whose workers are busy stops reading, and the pipe fills.
    feeder = threading.Thread(target=_feed, args=(run.stdin, text.encode()), daemon=True)
    feeder.start()
    workers: set[int] = set()
    try:
        _waited_for(lambda: len(_descendants(run.pid)) >= 2, "the workers started")
        workers = _descendants(run.pid)
        run.send_signal(how)
        run.wait()
        _waited_for(lambda: not workers & set(_parents()), "the workers ended")
    finally:
        for pid in [run.pid, *workers]:  # whatever failed, leave nothing running
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        run.wait()
        feeder.join()
        run.stdin.close()
    errors = run.stderr.read().decode()
    temporaries = [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    if how == signal.SIGTERM:
        assert (run.returncode, errors) == (143, "t42: terminated\n")
        assert temporaries == []
    elif command == "convert":
        assert temporaries  # the killed run could not tidy up: the next run does
        game = str(SAMPLES / "full-game.t42")
        assert runner.invoke(app, ["convert", game, "-o", str(output)]).exit_code == 0
        assert sorted(p.name for p in tmp_path.iterdir()) == [output.name]


SLEEPING_POOL = """
import time
from notation.archive import parallel
parallel.start_method = lambda: "forkserver"
for _ in parallel.in_order(time.sleep, [1000] * 10, 2, lambda x: 1, batch=1):
    pass
"""


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads processes from /proc")
def test_workers_of_a_fork_server_die_with_the_run() -> None:
    """The workers a fork server starts are the server's children, not the run's: they too
    end when the run is killed."""
    run = subprocess.Popen([sys.executable, "-c", SLEEPING_POOL])
    workers: set[int] = set()
    try:
        _waited_for(lambda: len(_descendants(run.pid)) >= 4, "the server and workers started")
        workers = _descendants(run.pid)
        run.kill()
        run.wait()
        _waited_for(lambda: not workers & set(_parents()), "the workers ended")
    finally:
        for pid in [run.pid, *workers]:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        run.wait()
