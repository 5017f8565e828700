"""What keeps slow or idle connections from stopping a club night: a bound on the
connections the server holds (below its limit of open files, so it can always take one
more), a deadline for sending a request, and trouble said once with a count.

uvicorn (0.54) bounds neither the connections it holds nor the time a client takes to send
a request's headers: ``limit_concurrency`` answers 503 to every new request once that many
connections are open (slow ones included), ``timeout_keep_alive`` covers only the wait
between two requests, and h11 bounds a request's size, not its time. So the server runs
:func:`door_protocol`, uvicorn's h11 protocol with two more rules:

- every connection gets ``request_seconds`` to send a whole request (from its first byte,
  or from the end of the answer before on a kept-alive connection); a connection that has
  not is closed;
- at most ``most`` connections are held: a new one past that closes the connection that
  has waited longest for its request (a slow client, or one idle between requests), never
  one whose request is being answered; with none to close, the new one is told 503.

A phone's entry is a few hundred bytes sent at once: these rules touch only clients that
hold a connection and send nothing whole.
"""

from __future__ import annotations

import asyncio
import errno
import logging
import resource
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

LOG = logging.getLogger("uvicorn.error")  # where uvicorn says its own trouble
REQUEST_SECONDS = 10.0  # to send a whole request: a phone on a poor Wi-Fi needs far less
MOST_CONNECTIONS = 4000
# The queue of connections not yet accepted, and how many asyncio accepts at a time: up to
# three such batches can be open before the first of them is counted (and the connections
# closed to make room for them are closed).
BACKLOG = 128
SPARE_FILES = 128 + 3 * BACKLOG  # and the database's files, the log, the templates

_FULL = (b"HTTP/1.1 503 Service Unavailable\r\ncontent-type: text/plain; charset=utf-8\r\n"
         b"connection: close\r\nretry-after: 1\r\ncontent-length: 42\r\n\r\n"
         b"the server is full: try again in a moment")


def raise_file_limit(most: int = 65536) -> None:
    """Allow this process as many open files as the system lets it (up to ``most``)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = most if hard == resource.RLIM_INFINITY else min(hard, most)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))


def most_connections(limit: int = MOST_CONNECTIONS) -> int:
    """How many connections to hold: ``limit``, or fewer when the process may open fewer
    files (each connection is one), leaving :data:`SPARE_FILES` for everything else."""
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return limit
    return max(16, min(limit, soft - SPARE_FILES))


@dataclass
class Doors:
    """The connections waiting for their request, the one waiting longest first."""

    most: int
    request_seconds: float
    waiting: dict[Any, None] = field(default_factory=dict)  # insertion-ordered

    def longest_waiting(self, besides: object) -> Any | None:
        return next((p for p in self.waiting if p is not besides), None)


def door_protocol(doors: Doors) -> type[asyncio.Protocol]:
    """uvicorn's h11 protocol holding to ``doors`` (pass it as uvicorn's ``http``)."""

    class DoorProtocol(H11Protocol):
        _deadline: asyncio.TimerHandle | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self._check()
            if len(self.connections) > doors.most:
                oldest = doors.longest_waiting(besides=self)
                if oldest is not None:
                    say("too many connections at once: those waiting longest for their "
                        "request were closed")
                    oldest.close_waiting()
                else:
                    say("too many connections at once, all busy: new ones were told to "
                        "wait")
                    transport.write(_FULL)
                    self.close_waiting()

        def data_received(self, data: bytes) -> None:
            super().data_received(data)
            self._check()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            self._check()

        def connection_lost(self, exc: Exception | None) -> None:
            self._stop_waiting()
            super().connection_lost(exc)

        def _check(self) -> None:
            """Start the deadline while the client owes a request; stop it once sent."""
            owes = (self.conn.their_state in (h11.IDLE, h11.SEND_BODY)
                    and not self.transport.is_closing())
            if owes and self._deadline is None:
                doors.waiting[self] = None
                self._deadline = self.loop.call_later(doors.request_seconds, self._too_slow)
            elif not owes:
                self._stop_waiting()

        def _stop_waiting(self) -> None:
            doors.waiting.pop(self, None)
            if self._deadline is not None:
                self._deadline.cancel()
                self._deadline = None

        def _too_slow(self) -> None:
            self._deadline = None
            say(f"connections that took more than {doors.request_seconds:g} s to send "
                "their request were closed")
            self.close_waiting()

        def close_waiting(self) -> None:
            self._stop_waiting()
            self.transport.close()

    return DoorProtocol


def say(words: str) -> None:
    LOG.warning(words)


@dataclass
class _Seen:
    since: float
    held: int = 0


class Tally(logging.Filter):
    """Lets the first record of each kind through, then holds back the same kind for
    ``every`` seconds, counting; the next one after that says how many were held back
    ("… (512 more like it in 60 s)"), and :meth:`flush` says the rest at the end. A
    kind is the logger, the message's text before its arguments, and the error's kind.

    >>> clock = iter([0.0, 1.0, 2.0, 70.0]).__next__
    >>> tally = Tally(every=60, clock=clock)
    >>> def record(msg: str) -> logging.LogRecord:
    ...     return logging.LogRecord("uvicorn.error", logging.WARNING, "", 0, msg, (), None)
    >>> [tally.filter(record("full")) for _ in range(3)]
    [True, False, False]
    >>> last = record("full")
    >>> tally.filter(last), last.getMessage()
    (True, 'full (2 more like it in 70 s)')
    """

    def __init__(self, every: float = 60.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__()
        self.every, self.clock = every, clock
        self._seen: dict[tuple[str, str, str], _Seen] = {}

    def filter(self, record: logging.LogRecord) -> bool:
        _plainly(record)
        kind = (record.name, str(record.msg), _error_kind(record))
        now = self.clock()
        seen = self._seen.get(kind)
        if seen is not None and now - seen.since < self.every:
            seen.held += 1
            return False
        self._seen[kind] = _Seen(now)
        if seen is not None and seen.held:
            record.msg = (f"{record.getMessage()} ({seen.held} more like it in "
                          f"{now - seen.since:.0f} s)")
            record.args = ()
        return True

    def flush(self, log: logging.Logger = LOG) -> None:
        """Say how many of each kind were held back since they were last said."""
        now = self.clock()
        for (_, message, _), seen in self._seen.items():
            if seen.held:
                log.warning("%s (%d more like it in %.0f s)", message, seen.held,
                            now - seen.since)
                seen.held, seen.since = 0, now


def _error_kind(record: logging.LogRecord) -> str:
    error = record.exc_info[1] if record.exc_info else None
    if error is None:
        return ""
    return f"{type(error).__name__}:{getattr(error, 'errno', '')}"


def _plainly(record: logging.LogRecord) -> None:
    """Out of open files: said in words, without the traceback."""
    error = record.exc_info[1] if record.exc_info else None
    if isinstance(error, OSError) and error.errno in (errno.EMFILE, errno.ENFILE):
        record.msg = ("the server is out of open files (Too many open files): new "
                      "connections wait; raise the limit (ulimit -n)")
        record.args, record.exc_info, record.exc_text = (), None, None


def tally_trouble(every: float = 60.0) -> Tally:
    """A :class:`Tally` on the loggers that say a server's trouble (uvicorn's, asyncio's)."""
    tally = Tally(every)
    for name in ("uvicorn.error", "asyncio"):
        logging.getLogger(name).addFilter(tally)
    return tally
