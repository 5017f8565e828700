"""The ``t42`` command: the command line over the library ``notation`` and its user interfaces
(``replay``, ``club``). Options, files, exit codes and colour are here; the work is the
library's. ``python -m t42`` runs it too.

Importing this package does nothing but define :func:`main`: no signal handler is set, no
library loaded. Each command loads what it uses when it runs (``tests/t42/test_imports.py``).
"""

from __future__ import annotations

import sys

__all__ = ["main"]


def main() -> None:
    """The ``t42`` command (its script, and ``python -m t42``)."""
    from t42.starting import answer_stops_while_starting, version

    # First of all: a Ctrl-C or SIGTERM while the app loads is answered in words.
    answer_stops_while_starting()
    if sys.argv[1:] == ["--version"] and _said(version()):
        return  # asked alone, answered before the app loads
    from t42.commands import main as run

    run()


def _said(line: str) -> bool:
    """Whether ``line`` was written whole to standard output. A closed pipe or a full disk is
    left to the app, which says what went wrong as for any command."""
    try:
        sys.stdout.write(line + "\n")
        sys.stdout.flush()
    except OSError:
        return False
    return True
