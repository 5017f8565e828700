"""A real ``t42 serve`` for the club's tests: started in its own process, killed with
SIGKILL when a test asks; and the director's form, filled in over HTTP."""

from __future__ import annotations

import re
import resource
import signal
import socket
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field, replace
from pathlib import Path

import httpx

from notation import Game, Hand

# Ports handed out by free_port in this process: the system may give a port it just gave
# again once its socket is closed, and two servers of one test must not share one.
_GIVEN: set[int] = set()


def free_port() -> int:
    """A port nothing listens on now, and not one this process was given before."""
    while True:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = int(s.getsockname()[1])
        if port not in _GIVEN:
            _GIVEN.add(port)
            return port


@dataclass
class Server:
    """A ``t42 serve`` running in its own process."""

    folder: Path
    database: str
    port: int
    process: subprocess.Popen[str] | None = None
    secret: str = ""
    _drain: subprocess.Popen[bytes] | None = field(default=None, repr=False)
    args: tuple[str, ...] = ()  # more options of ``t42 serve``
    nofile: int | None = None  # the server's limit of open files (``ulimit -n``)
    log: Path | None = None  # where what it prints after the addresses goes (else nowhere)
    scheme: str = "http"  # https with --certfile and --keyfile

    @property
    def url(self) -> str:
        return f"{self.scheme}://127.0.0.1:{self.port}"

    def _limits(self) -> None:
        if self.nofile is not None:
            resource.setrlimit(resource.RLIMIT_NOFILE, (self.nofile, self.nofile))

    def start(self) -> None:
        command = [sys.executable, "-m", "t42", "serve", str(self.folder),
                   "--database", self.database, "--port", str(self.port), *self.args]
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True,
                                        stderr=subprocess.STDOUT, preexec_fn=self._limits)
        assert self.process.stdout is not None
        printed = []
        for line in self.process.stdout:  # the director's address comes first
            printed.append(line)
            found = re.search(r"/director/login\?key=(\S+)", line)
            if found:
                self.secret = found[1]
                break
        else:
            raise AssertionError(f"t42 serve stopped: {self.process.wait()}, having printed:\n"
                                 + "".join(printed))
        # Drain the rest of what it prints, so that it never blocks on a full pipe.
        out = subprocess.DEVNULL if self.log is None else self.log.open("ab")
        self._drain = subprocess.Popen(["cat"], stdin=self.process.stdout, stdout=out)
        if not isinstance(out, int):
            out.close()  # the drain has its own
        for _ in range(600):
            try:
                if httpx.get(self.url + "/health", timeout=1, verify=False).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.05)
        raise AssertionError("t42 serve did not answer")

    def kill(self) -> None:
        """SIGKILL: no chance to tidy up."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()
        if self._drain is not None:
            self._drain.wait()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
            if self._drain is not None:
                self._drain.wait()

    def director(self) -> httpx.Client:
        """A client holding the director's cookie."""
        client = httpx.Client(base_url=self.url, timeout=30, follow_redirects=True,
                              verify=False)
        answer = client.get(f"/director/login?key={self.secret}")
        assert answer.status_code == 200
        return client


def csrf_of(page: str) -> str:
    found = re.search(r'name="csrf" value="([^"]+)"', page)
    assert found, "the page has no form token"
    return found[1]


def create_event(client: httpx.Client, teams: str, name: str = "Friday night",
                 fmt: str = "round-robin") -> tuple[str, list[str]]:
    """Create an event through the director's form: its address and its tables' links."""
    form = client.get("/director")
    answer = client.post("/director/events", data={
        "csrf": csrf_of(form.text), "name": name, "rules": "straight", "options": "",
        "format": fmt, "teams": teams,
    }, follow_redirects=True)
    assert answer.status_code == 200, answer.text
    links = re.findall(r'href="(http://[^"]+/t/[A-Za-z0-9_-]+)" data-table', answer.text)
    return str(answer.url), links


def game_of(client: httpx.Client, link: str) -> tuple[str, int]:
    """A table's token and the id of the game it plays now, from its phone page."""
    token = link.rsplit("/", 1)[1]
    page = client.get(f"/t/{token}")
    assert page.status_code == 200, page.text
    found = re.search(r'data-game="(\d+)"', page.text)
    assert found
    return token, int(found[1])


def send(client: httpx.Client, token: str, game: int, number: int, entry: str) -> httpx.Response:
    """One entry, as a table's phone sends it (again after a while when told to wait)."""
    while True:
        answer = client.post(f"/t/{token}/entries",
                             json={"game": game, "number": number, "entry": entry})
        if answer.status_code != 429:
            return answer
        time.sleep(float(answer.headers.get("retry-after", "1")))


def without_deals(game: Game) -> tuple[Hand, ...]:
    """The hands as a table records them (it does not write the deal)."""
    return tuple(replace(h, deal=()) for h in game.hands)


class SlowClients:
    """``count`` connections to the server that send a request's headers a line at a
    time, one line a second, and never finish; each closed by the server is opened again
    (as an attacker would). Used as a context manager: they begin at its start and end at
    its end. The security tests and ``bench/serve.py --slow-clients`` both use it."""

    def __init__(self, port: int, count: int) -> None:
        self.port, self.count = port, count
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.opened = 0

    def _open(self) -> socket.socket | None:
        s = socket.socket()
        s.setblocking(False)
        try:
            s.connect(("127.0.0.1", self.port))
        except BlockingIOError:
            pass
        except OSError:
            s.close()
            return None
        self.opened += 1
        return s

    def _run(self) -> None:
        sockets = [s for s in (self._open() for _ in range(self.count)) if s is not None]
        line = 0
        while not self.stopping.wait(1.0):
            line += 1
            for i, s in enumerate(sockets):
                try:
                    s.send(b"GET /health HTTP/1.1\r\n" if line == 1 else b"X-Slow-%d: a\r\n" % line)
                except (BlockingIOError, InterruptedError):
                    continue
                except OSError:  # closed by the server: open another
                    s.close()
                    opened = self._open()
                    if opened is not None:
                        sockets[i] = opened
        for s in sockets:
            s.close()

    def __enter__(self) -> SlowClients:
        self.thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self.stopping.set()
        self.thread.join()
