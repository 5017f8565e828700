"""``python -m notation`` is the ``t42`` command."""

from notation.cli import main

main()
