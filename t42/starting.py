"""Ctrl-C and SIGTERM answered from the first moment of the ``t42`` command, and what its
``--version`` says (answered, when asked alone, before the app loads).

Loading the app, and what a command uses of the library, takes a moment after Python starts: a
run stopped then would print a traceback. So :func:`t42.main` first of all calls
:func:`answer_stops_while_starting`, which answers a stop as a stop later is answered (by
:func:`t42.commands.main`, which takes over once it runs): a line saying so and the shell's
exit code. Only the command calls it: importing ``t42`` or the library sets no signal handler.
"""

from __future__ import annotations

import os
import signal
import sys
from types import FrameType

# What a stop while starting says, and the exit code a shell gives for that signal (128 + it).
_STOPPED_WHILE_STARTING = {
    signal.SIGINT: ("interrupted", 130),
    signal.SIGTERM: ("terminated", 143),
}


def _stopped_while_starting(signum: int, frame: FrameType | None) -> None:
    words, code = _STOPPED_WHILE_STARTING[signal.Signals(signum)]
    sys.stderr.write(f"t42: {words}\n")
    sys.stderr.flush()
    os._exit(code)  # nothing started yet needs tidying, and a half-done import cannot unwind


def answer_stops_while_starting() -> None:
    """From now until :func:`t42.commands.main` sets its own, a Ctrl-C or SIGTERM ends the
    process at once with a line saying so and the shell's exit code (130, 143)."""
    for signum in _STOPPED_WHILE_STARTING:
        signal.signal(signum, _stopped_while_starting)


def version() -> str:
    """What ``t42 --version`` says."""
    from notation import __version__

    return f"t42 {__version__}"
