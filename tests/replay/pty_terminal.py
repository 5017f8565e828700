"""A program run in a pseudo-terminal, its screen read back through a terminal emulator (pyte),
as a person would see it: what the end-to-end tests of ``t42 replay`` and ``t42 record`` drive.
"""

from __future__ import annotations

import os
import pty
import select
import signal
import struct
import time
from pathlib import Path

import pyte

ROOT = Path(__file__).resolve().parents[2]


class Terminal:
    """``argv`` running in a pseudo-terminal, its screen kept by a terminal emulator."""

    def __init__(
        self, argv: list[str], cwd: Path = ROOT, columns: int = 80, lines: int = 24
    ) -> None:
        self.screen = pyte.Screen(columns, lines)
        self.stream = pyte.ByteStream(self.screen)
        pid, fd = pty.fork()
        if pid == 0:  # the child: become the program, and never go back to running pytest
            try:
                os.environ.update(TERM="xterm-256color", COLUMNS=str(columns), LINES=str(lines))
                os.chdir(cwd)
                os.execv(argv[0], argv)
            finally:
                os._exit(127)
        self.pid, self.fd = pid, fd
        import fcntl
        import termios

        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", lines, columns, 0, 0))
        self.status: int | None = None

    def text(self) -> str:
        return "\n".join(self.screen.display)

    def read(self, timeout: float) -> bool:
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return True
        try:
            data = os.read(self.fd, 65536)
        except OSError:
            return False
        if not data:
            return False
        self.stream.feed(data)
        return True

    def wait_until(self, done: object, what: str, timeout: float = 20) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if done():  # type: ignore[operator]
                return
            if not self.read(0.05):
                break
        raise AssertionError(f"{what} not seen after {timeout}s; screen:\n{self.text()}")

    def wait_for(self, shown: str, timeout: float = 20) -> str:
        self.wait_until(lambda: shown in self.text(), repr(shown), timeout)
        return self.text()

    def send(self, keys: str) -> None:
        """Type ``keys`` one at a time, as fast as a quick hand at the table."""
        for key in keys:
            os.write(self.fd, key.encode())
            time.sleep(0.01)

    def press(self, keys: str) -> None:
        """Write ``keys`` at once, so that an escape sequence (an arrow key) stays whole."""
        os.write(self.fd, keys.encode())

    def wait_exit(self, timeout: float = 15) -> int:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            self.read(0.05)
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                self.status = status
                return os.waitstatus_to_exitcode(status)
        raise AssertionError(f"t42 did not quit within {timeout}s:\n{self.text()}")

    def kill(self) -> None:
        if self.status is None:
            try:
                os.kill(self.pid, signal.SIGKILL)
                _, self.status = os.waitpid(self.pid, 0)
            except (ProcessLookupError, ChildProcessError):
                pass

    def close(self) -> None:
        self.kill()
        os.close(self.fd)
