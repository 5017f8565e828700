"""Ctrl-C and SIGTERM answered from the first moment of the ``t42`` command.

Python imports the package ``notation`` before the command's entry point
(``notation.cli:main``) can run, and loading the library and the app takes a while: a run
stopped then would print a traceback. So ``notation`` imports this module first of all, which,
when the process is the ``t42`` command (its script, or ``python -m notation``) and not a
program using the library, answers a stop as a stop later is answered (by
:func:`notation.cli.commands.main`, which takes over once it runs): a line saying so and the
shell's exit code.
"""

from __future__ import annotations

import itertools
import os
import signal
import sys

# What a stop while starting says, and the exit code a shell gives for that signal (128 + it).
_STOPPED_WHILE_STARTING = {
    signal.SIGINT: ("interrupted", 130),
    signal.SIGTERM: ("terminated", 143),
}


def _stopped_while_starting(signum: int, frame: object) -> None:
    words, code = _STOPPED_WHILE_STARTING[signal.Signals(signum)]
    sys.stderr.write(f"t42: {words}\n")
    sys.stderr.flush()
    os._exit(code)  # nothing started yet needs tidying, and a half-done import cannot unwind


def _is_the_command() -> bool:
    """Whether this process is ``t42`` (its script, or ``python -m notation``)."""
    if os.path.basename(sys.argv[0]) in ("t42", "t42.exe"):
        return True
    given = sys.orig_argv
    return any(a == "-m" and b == "notation" for a, b in itertools.pairwise(given))


if _is_the_command():
    for _signum in _STOPPED_WHILE_STARTING:
        signal.signal(_signum, _stopped_while_starting)
