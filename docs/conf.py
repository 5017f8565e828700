"""Sphinx configuration of t42's documentation site (docs/; built by the README's test command).

Why Sphinx, with Markdown sources read by MyST and the Furo theme: Sphinx is the documentation
tool of the Python world and will be for a long time (python-chess, the projects people read
for their APIs, use it); its autodoc renders the library's docstrings, whose Sphinx roles
(``:func:``, ``:class:``, ``:mod:``) nothing else reads; its strict mode (``-W -n``) makes a
broken link, a missing reference or a page left out of the navigation fail the build. MyST lets
the pages stay the Markdown files GitHub shows, so docs/notation.md and docs/rules.md are one
text, read on GitHub and on the site alike. Furo is a maintained theme with a built-in search
box, a page that fits a phone and no JavaScript framework; Read the Docs builds the site from
.readthedocs.yaml with nothing else to install.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE / "_ext"))
sys.path.insert(0, str(ROOT))

import notation  # noqa: E402

project = "t42"
author = "The t42 developers"
copyright = "the t42 developers"
release = version = notation.__version__

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "t42_cli",  # docs/_ext/t42_cli.py: the command line reference, read from the Typer app
    "t42_api",  # docs/_ext/t42_api.py: the docstrings' references to the public names
    "t42_schemas",  # docs/_ext/t42_schemas.py: the JSON Schemas' reference, read from schemas/
    "t42_lexer",  # docs/_ext/t42_lexer.py: the notation coloured in ```t42 blocks
]

source_suffix = {".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build", "_ext", "Thumbs.db", ".DS_Store"]

# MyST: GitHub's anchors for headings (docs/notation.md#limits), so that a link works on
# GitHub and on the site alike.
myst_heading_anchors = 4
myst_enable_extensions = ["colon_fence", "deflist"]

# Option names (--rejects) and quotes in commands are shown as typed, not made typographic.
smartquotes = False

html_theme = "furo"
html_title = f"t42 {release}"
html_static_path: list[str] = []
html_show_sourcelink = False

# The API reference (reference/api.md): autodoc reads the library's own docstrings.
autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_default_options = {"show-inheritance": False}

# Strict: every reference must resolve (the README's test command builds with -W -n).
nitpicky = True
# Names from outside t42 (the standard library, Lark, Rich, …) that the signatures mention:
# the site is built offline, with no inventory of other projects' documentation to link to.
# Names of t42 itself are never ignored.
nitpick_ignore_regex = [
    (r"py:(class|obj|data|exc|func|mod)",
     r"(typing|typing_extensions|collections|collections\.abc|pathlib|os|io|re|enum|random|"
     r"datetime|concurrent|multiprocessing|types|dataclasses|json|abc|decimal|fractions|"
     r"threading|subprocess|signal|contextlib|functools|itertools|numpy|lark|rich|textual|"
     r"jsonschema|orjson|starlette|sqlalchemy|dask|distributed|numba)(\..*)?"),
    (r"py:(class|obj|data|exc|func)", r"(tuple|dict|list|set|frozenset|type)\[.*"),
    (r"py:(class|obj|data|exc|func)",
     r"(int|str|bytes|bool|float|object|None|NoneType|Exception|ValueError|TypeError|"
     r"KeyError|OSError|tuple|list|dict|set|frozenset|type|Ellipsis|slice|range|"
     r"Iterator|Iterable|Callable|Sequence|Mapping|Path|TextIO|BinaryIO|Any|Self|"
     r"ClassVar|Literal|Final|NamedTuple|IO)"),
]
