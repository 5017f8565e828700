"""The options the commands share, the forms they write, the help panels and the exit codes."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from notation.views.terminal import Colour

EXIT_CLEAN, EXIT_FINDINGS, EXIT_UNUSABLE = 0, 1, 2


# The help panels the commands are grouped in, in the order `t42 -h` lists them.
RECORDS, CONVERSION, ANALYSIS, REFERENCE = (
    "Record-keeping", "Conversion", "Analysis", "Reference and practice"
)


GameOption = Annotated[
    int | None, typer.Option("--game", "-g", help="Only this game (1, 2 …).")
]


HandOption = Annotated[int | None, typer.Option("--hand", "-n", help="Only this hand number.")]


SourceArg = Annotated[Path, typer.Argument(help="A record file; - reads stdin.")]


ColourOption = Annotated[
    Colour,
    typer.Option(
        "--color",
        case_sensitive=False,
        help="Colour: auto (only on a terminal, and not when NO_COLOR is set), always or never.",
    ),
]


FilesArg = Annotated[
    list[Path], typer.Argument(help="Record files (.t42, .json or .jsonl); - reads stdin.")
]


FairOption = Annotated[
    bool,
    typer.Option("--fair", help="Add each hand's fair review (see t42 review): every play "
                 "judged by what its player could know (much slower)."),
]


class Format(StrEnum):
    t42 = "t42"
    json = "json"
    jsonl = "jsonl"


class ConvertTo(StrEnum):
    """What ``t42 convert`` writes: t42's forms, t42's share code, and the other programs'
    records (docs/sharing.md), a line a game or hand."""

    t42 = "t42"
    json = "json"
    jsonl = "jsonl"
    share = "share"
    mk5_url = "mk5-url"
    plunge_code = "plunge-code"


LINE_FORMS = frozenset({"share", "mk5-url", "plunge-code"})  # a code a line
