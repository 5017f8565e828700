"""Work on the games of an archive in several processes, results in the archive's order.

Games go to the workers in batches (a few dozen games, about 256 KB of text) so that the
cost of sending work between processes stays small beside the work itself, and only a few
batches per worker are in flight, so memory stays flat whatever the archive's size.

>>> list(in_order(len, ["a", "bb", "ccc"], jobs=1, size=len))
[1, 2, 3]
"""

from __future__ import annotations

import ctypes
import itertools
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from typing import Protocol, TypeVar

from notation.errors import T42Error
from notation.files import process_runs

Item = TypeVar("Item")
Result = TypeVar("Result")

BATCH_TEXT = 256_000  # characters of input a batch may hold
BATCH_GAMES = 64  # games a batch may hold
IN_FLIGHT = 3  # batches per worker sent and not yet collected


def start_method() -> str:
    """How to start workers: by forking this process, which is quickest (they have its
    modules and parser already), where that is safe: on Linux, with no other thread here. A
    fork copies only the thread that makes it, so the lock of a thread drawing a progress
    bar could be copied held, and hang a worker; then workers start from a clean server."""
    if sys.platform == "linux" and threading.active_count() == 1:
        return "fork"
    return "forkserver"


def usable_processors() -> int:
    """The processors this process may run on: those its CPU affinity allows where the
    system tells it (a container or ``taskset`` may allow fewer than the machine has)."""
    if hasattr(os, "process_cpu_count"):  # Python 3.13
        return int(os.process_cpu_count() or 1)
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0)) or 1
    return os.cpu_count() or 1


def usable_jobs(asked: int) -> int:
    """The processes to work in when ``asked`` for: at least one, and no more than there are
    processors to run them (more would only wait their turn, each holding its memory).

    >>> usable_jobs(0), usable_jobs(100_000) == usable_processors()
    (1, True)
    """
    return max(1, min(asked, usable_processors()))


def _run(work: Callable[[Item], Result], batch: list[Item]) -> list[Result]:
    return [work(item) for item in batch]


def _batches(items: Iterable[Item], size: Callable[[Item], int],
             most: int = BATCH_GAMES) -> Iterator[list[Item]]:
    batch: list[Item] = []
    text = 0
    for item in items:
        batch.append(item)
        text += size(item)
        if text >= BATCH_TEXT or len(batch) >= most:
            yield batch
            batch, text = [], 0
    if batch:
        yield batch


class _Pending(Protocol[Result]):
    """A batch sent to a worker: a process pool's future, or a Dask one."""

    def result(self) -> list[Result]: ...


def _windowed(submit: Callable[[list[Item]], _Pending[Result]], parts: Iterable[list[Item]],
              in_flight: int) -> Iterator[Result]:
    """The results of each part sent with ``submit``, in the parts' order, with at most
    ``in_flight`` parts sent and not yet collected (so memory stays flat)."""
    window: deque[_Pending[Result]] = deque()
    for part in parts:
        window.append(submit(part))
        if len(window) >= in_flight:
            yield from window.popleft().result()
    while window:
        yield from window.popleft().result()


def in_order(
    work: Callable[[Item], Result],
    items: Iterable[Item],
    jobs: int,
    size: Callable[[Item], int],
    setup: Callable[[], None] | None = None,
    batch: int = BATCH_GAMES,
) -> Iterator[Result]:
    """``map(work, items)`` in ``jobs`` processes; ``work`` must be picklable (a module-level
    function or a ``functools.partial`` of one), and so must ``setup``, which each process
    that does the work runs once before it. With one job, or too little work to be worth
    starting processes for, everything runs here; no more processes start than there are
    processors (:func:`usable_jobs`). ``batch`` is the most items sent at once
    (fewer for slow work, such as solving every hand, so that every worker gets some)."""
    jobs = usable_jobs(jobs)
    batches = _batches(items, size, batch)
    first = list(itertools.islice(batches, 2))
    if jobs <= 1 or len(first) < 2:
        if setup is not None:
            setup()
        for part in itertools.chain(first, batches):
            yield from map(work, part)
        return
    context = multiprocessing.get_context(start_method())
    start = partial(_start_worker, os.getpid(), setup)
    pool = ProcessPoolExecutor(jobs, mp_context=context, initializer=start)
    try:
        parts = itertools.chain(first, batches)
        yield from _windowed(lambda part: pool.submit(_run, work, part), parts, IN_FLIGHT * jobs)
    except BaseException:  # an error, an interruption, or results no longer wanted
        _stop(pool)
        raise
    pool.shutdown()


def _stop(pool: ProcessPoolExecutor) -> None:
    """End a pool's work now: what is queued is dropped and the workers are ended (their
    results are not wanted), rather than waited for."""
    for worker in list((pool._processes or {}).values()):
        worker.terminate()
    # Waits only for the pool's own thread, which sees the workers gone and tidies up.
    pool.shutdown(wait=True, cancel_futures=True)


def _start_worker(parent: int, setup: Callable[[], None] | None) -> None:
    """What each worker does first: die with the process ``parent`` that started the pool,
    leave interruptions to it (it ends the workers), then ``setup``."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    _die_with(parent)
    if setup is not None:
        setup()


_PR_SET_PDEATHSIG = 1  # prctl(2)


def _die_with(parent: int) -> None:
    """Make this process end when ``parent`` does, even when it is killed and can tidy up
    nothing: on Linux by a signal the kernel sends at its death; elsewhere, and in a worker
    that a fork server started, by a thread that looks every second whether ``parent``
    still runs."""
    asked = False
    if sys.platform == "linux":
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            asked = libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) == 0
        except (OSError, AttributeError):
            asked = False
    if not asked or os.getppid() != parent:
        # A fork server's worker: the server is its parent, and may outlive ours.
        threading.Thread(target=_watch, args=(parent,), daemon=True).start()
    if not process_runs(parent):  # it died before the signal was asked for
        os._exit(1)


def _watch(parent: int) -> None:
    while process_runs(parent):
        time.sleep(1)
    os._exit(1)


def on_cluster(
    address: str,
    work: Callable[[Item], Result],
    items: Iterable[Item],
    size: Callable[[Item], int],
    setup: Callable[[], None] | None = None,
    batch: int = BATCH_GAMES,
) -> Iterator[Result]:
    """:func:`in_order` on the workers of the Dask cluster whose scheduler is at ``address``
    (``tcp://host:8786``): the same batches and the same work, results in the items' order,
    a few batches a worker in flight. The workers must have t42 installed (the same version).

    Needs ``dask.distributed`` (``pip install 't42[dask]'``); raises :class:`ClusterError`
    without it, or when no Dask scheduler answers at ``address`` within Dask's connect
    time-out.
    """
    try:
        from distributed import Client
    except ImportError:
        raise ClusterError(
            "--scheduler needs Dask: pip install 't42[dask]' (dask[distributed]) here and on "
            "every worker"
        ) from None
    _greet(address)
    try:
        client = Client(address)  # type: ignore[no-untyped-call]
    except OSError as e:
        raise ClusterError(f"cannot reach the Dask scheduler at {address}: {e}") from None
    with client:
        if setup is not None:
            client.run(setup)
        in_flight = IN_FLIGHT * max(1, len(client.scheduler_info()["workers"]))
        # pure=False: the same batch text twice (two equal games) is still two tasks.
        submit = partial(client.submit, _run, work, pure=False)
        yield from _windowed(submit, _batches(items, size, batch), in_flight)


def _greet(address: str) -> None:
    """Raise :class:`ClusterError` unless a Dask scheduler answers Dask's greeting at
    ``address`` within Dask's connect time-out (distributed.comm.timeouts.connect, 30 s unless
    DASK_DISTRIBUTED__COMM__TIMEOUTS__CONNECT says otherwise). Dask's client would wait
    forever for a server that never answers, and read a web server's answer as a message of
    exabytes; its own errors for an address it cannot parse are plain ValueErrors."""
    import asyncio

    import dask.config
    from dask.utils import parse_timedelta
    from distributed.comm.core import connect

    wait = parse_timedelta(dask.config.get("distributed.comm.timeouts.connect"), "seconds")

    async def greet() -> None:
        # Dask's connect keeps to the time-out until a connection is made, not after it, as
        # it waits for the greeting: that is bounded here, by the same time again.
        greeting = connect(address, timeout=wait)  # type: ignore[no-untyped-call]
        comm = await asyncio.wait_for(greeting, 2 * wait)
        await comm.close()

    if not address.strip():
        raise ClusterError("--scheduler needs the address of a Dask scheduler: tcp://HOST:8786")
    try:
        asyncio.run(greet())
    except TimeoutError:
        raise ClusterError(
            f"no Dask scheduler answered at {address} within {2 * wait:g} s"
        ) from None
    except (OSError, ValueError) as e:  # unreachable, or an address Dask cannot read
        raise ClusterError(f"cannot reach the Dask scheduler at {address}: {e}") from None
    except Exception:  # whatever it says, what answers is no Dask scheduler
        raise ClusterError(
            f"what answers at {address} is not a Dask scheduler (a web server?)"
        ) from None


class ClusterError(T42Error):
    """A Dask cluster that cannot be used: Dask not installed, or no scheduler there."""
