"""A ``t42`` stopped while it starts (Python loading the library and the app, before the
command runs) ends as one stopped later does: a line saying so and the shell's exit code
(130 for Ctrl-C, 143 for SIGTERM), never a traceback (notation.cli)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from types import FrameType

import pytest

from notation.cli import commands
from notation.cli.commands import Terminated

ROOT = Path(__file__).resolve().parents[3]
SCRIPT = Path(sys.executable).parent / "t42"  # the installed command, as a user runs it

# From the first moments (the library loading) to the command at work: how soon each stop is
# sent once Python itself has started, in seconds. Not at once: a stop then lands in the
# interpreter's own start-up (or the few lines before notation._starting), which no code of
# t42 can catch.
DELAYS = (0.2, 0.4, 0.8, 1.2, 2.5)


@pytest.fixture(scope="module")
def python_start() -> float:
    """About how long Python takes to start here, doubled: a stop before then finds no t42
    yet (Python's own start-up, which answers Ctrl-C with its own fatal error). Only when to
    send the stops depends on it; nothing asserted does."""
    took = []
    for _ in range(3):
        began = time.monotonic()
        subprocess.run([sys.executable, "-c", "pass"], check=True)
        took.append(time.monotonic() - began)
    return 2 * max(took)


@pytest.fixture(scope="module")
def big_archive(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An archive that takes a good while to validate, so that every stop lands in the run."""
    game = (ROOT / "samples" / "full-game.t42").read_text(encoding="utf-8")
    path = tmp_path_factory.mktemp("starting") / "big.t42"
    path.write_text("\n".join([game] * 3000), encoding="utf-8")
    return path


def _stopped(command: list[str], signum: signal.Signals, delay: float) -> tuple[int, str]:
    run = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL,
                           stderr=subprocess.PIPE, text=True)
    time.sleep(delay)
    run.send_signal(signum)
    _, err = run.communicate(timeout=120)
    return run.returncode, err


@pytest.mark.parametrize(
    ("signum", "code", "words"),
    [(signal.SIGINT, 130, "t42: interrupted"), (signal.SIGTERM, 143, "t42: terminated")],
    ids=["ctrl-c", "sigterm"],
)
@pytest.mark.parametrize(
    "start",
    [[str(SCRIPT)], [sys.executable, "-m", "notation"]],
    ids=["t42", "python -m notation"],
)
def test_a_stop_while_starting_is_said_in_words(
    big_archive: Path, python_start: float, start: list[str], signum: signal.Signals, code: int,
    words: str,
) -> None:
    if not Path(start[0]).exists():
        pytest.fail(f"{start[0]} is not installed: pip install -e . first")
    for delay in DELAYS:
        returncode, err = _stopped([*start, "validate", "--jobs", "1", str(big_archive)],
                                   signum, python_start + delay)
        assert "Traceback" not in err, (delay, err)
        assert returncode == code, (delay, returncode, err)
        assert err in ("", f"{words}\n"), (delay, err)


def _frame_in(filename: str) -> FrameType:
    """A frame of code that says it comes from ``filename``."""
    found: dict[str, FrameType] = {}
    exec(compile("import sys; found['frame'] = sys._getframe()", filename, "exec"),
         {"found": found})
    return found["frame"]


@pytest.mark.parametrize(("signum", "stop"), [(signal.SIGINT, KeyboardInterrupt),
                                              (signal.SIGTERM, Terminated)])
def test_a_stop_landing_in_the_import_machinery_is_asked_again_out_of_it(
    monkeypatch: pytest.MonkeyPatch, signum: signal.Signals, stop: type[BaseException]
) -> None:
    """A stop can land while the interpreter runs one of importlib's own callbacks (a module
    lock's), where an exception is printed as "Exception ignored" with its traceback and then
    dropped, and the run goes on. There the stop is sent again a moment later instead."""
    sent = threading.Event()
    again: list[tuple[int, int]] = []

    def kill(pid: int, number: int) -> None:
        again.append((pid, number))
        sent.set()

    monkeypatch.setattr(os, "kill", kill)
    handler = commands.stop_handler(stop)
    handler(signum, _frame_in("<frozen importlib._bootstrap>"))  # no exception here
    assert sent.wait(5)
    assert again == [(os.getpid(), signum)]
    with pytest.raises(stop):
        handler(signum, _frame_in(__file__))
