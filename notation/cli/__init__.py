"""The command line, ``t42``: options, files, exit codes and colour; it calls the library."""

from notation.cli.app import app, main

__all__ = ["app", "main"]
