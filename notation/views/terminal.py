"""Showing text from records on a terminal without letting it act on the terminal, in colour
only where colour is wanted.

Record text (names, tags, comments, source lines) is never markup and never escape codes:
control characters and bidirectional overrides are shown as visible escapes.

>>> inert("Ann\\x1b[2J")
'Ann\\\\x1b[2J'
>>> inert("\\u202eevil")
'\\\\u202eevil'
"""

from __future__ import annotations

import os
import unicodedata
from enum import StrEnum
from functools import partial
from typing import IO

from rich.console import Console

# Bidi controls that reorder what follows them (U+202A–U+202E, U+2066–U+2069) and the
# invisible marks (LRM, RLM, ALM) that can hide a reordering.
_BIDI = frozenset([*range(0x202A, 0x202F), *range(0x2066, 0x206A), 0x200E, 0x200F, 0x061C])


def is_unsafe(ch: str) -> bool:
    """True for a character a terminal might act on rather than show, or that shows as
    nothing or as a line break: controls, format characters (zero-width spaces and joiners,
    the BOM, soft hyphens, bidi controls, tag characters), line and paragraph separators,
    and lone surrogates.

    >>> [is_unsafe(ch) for ch in "a\x1b\u200b\ufeff\u2028é"]
    [False, True, True, True, True, False]
    """
    code = ord(ch)
    # C0 controls, DEL and the C1 controls (0x9b is a one-byte CSI on some terminals).
    if code < 0x20 or 0x7F <= code <= 0x9F or code in _BIDI:
        return True
    return code > 0xA0 and unicodedata.category(ch) in _UNSHOWN


# Format characters (Cf), line and paragraph separators (Zl, Zp), surrogates (Cs).
_UNSHOWN = frozenset({"Cf", "Zl", "Zp", "Cs"})


def escape(ch: str) -> str:
    """The visible escape for one unsafe character: ``\\x1b``, ``\\u202e``."""
    code = ord(ch)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def inert(text: str) -> str:
    """``text`` with every control, C1 and bidi-override character shown as an escape."""
    if text.isascii() and text.isprintable():
        return text
    return "".join(escape(ch) if is_unsafe(ch) else ch for ch in text)


def inert_lines(text: str) -> str:
    """:func:`inert` line by line: line ends (``\\n``) and tabs kept, for whole records shown
    on a terminal.

    >>> inert_lines('[North "Ann\\x1b[2J"]\\n\\tx\\n')
    '[North "Ann\\\\x1b[2J"]\\n\\tx\\n'
    """
    return "\n".join("\t".join(map(inert, line.split("\t"))) for line in text.split("\n"))


def for_stream(stream: IO[str], text: str) -> str:
    """``text`` as written to ``stream``: made inert (:func:`inert_lines`) for a terminal,
    unchanged for a file or a pipe, which get the exact text."""
    isatty = getattr(stream, "isatty", None)
    return inert_lines(text) if isatty is not None and isatty() else text


class Colour(StrEnum):
    """When to colour the output: ``--color auto|always|never``."""

    auto = "auto"  # only a stream that is a terminal, and not under NO_COLOR
    always = "always"
    never = "never"


def wants_colour(colour: Colour) -> bool:
    """False when colour is refused outright: ``never``, or ``auto`` under NO_COLOR.

    NO_COLOR counts when it is set to anything but the empty string (no-color.org); an
    explicit ``--color always`` overrides it.

    >>> wants_colour(Colour.never), wants_colour(Colour.always)
    (False, True)
    """
    if colour is Colour.auto:
        return os.environ.get("NO_COLOR", "") == ""
    return colour is Colour.always


class _Console(Console):
    """A console that leaves a closed pipe to the caller (``t42 … | head`` ends quietly with
    exit 0 in :func:`t42.commands.main`), rather than Rich's exit 1."""

    def on_broken_pipe(self) -> None:
        self.quiet = True
        raise BrokenPipeError


def console(colour: Colour, *, stderr: bool = False) -> Console:
    """A console for standard output (or error) that colours as ``colour`` says.

    Markup, highlighting and emoji are off: record text is printed as it is, never
    interpreted. ``auto`` colours only when the stream is a terminal; ``never`` writes no
    escape sequence at all, not even bold.

    >>> console(Colour.never).color_system is None
    True
    >>> console(Colour.always).color_system is not None
    True
    """
    new = partial(
        _Console, stderr=stderr, markup=False, highlight=False, emoji=False, soft_wrap=True
    )
    if not wants_colour(colour):
        return new(color_system=None)
    screen = new(no_color=False)  # Rich colours it only if it is a terminal
    if colour is Colour.always and screen.color_system is None:
        return new(no_color=False, color_system="standard")
    return screen
