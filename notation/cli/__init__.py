"""The command line, ``t42``: options, files, exit codes and colour; it calls the library.

Ctrl-C and SIGTERM are answered from the command's first moment: by :mod:`notation._starting`
while the library and the app load, then by :func:`notation.cli.commands.main`.
"""

from notation.cli.commands import app, main

__all__ = ["app", "main"]
