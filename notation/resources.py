"""Where the grammar and the schemas are read from.

An installed wheel carries copies of the top-level ``grammar/`` and ``schemas/`` folders
inside the package (``notation/_data``); a source checkout reads the folders themselves, so
those folders stay the only place either is written.
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from pathlib import Path


@cache
def read_resource(folder: str, name: str) -> str:
    """The text of ``folder/name``: from the installed package, else from the checkout."""
    packaged = resources.files("notation").joinpath("_data").joinpath(folder).joinpath(name)
    if packaged.is_file():
        return packaged.read_text(encoding="utf-8")
    checkout = Path(__file__).resolve().parent.parent / folder / name
    return checkout.read_text(encoding="utf-8")
