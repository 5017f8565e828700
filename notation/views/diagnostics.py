"""Findings in words for people: ``file:line:col``, the line itself and a caret under the spot.

>>> from notation.model.findings import Finding, Severity
>>> f = Finding("renege", Severity.ERROR, "W reneged", line=2, column=5, hand=1, trick=1)
>>> print(describe(f, "club.t42", ["hand 1 dealer N", "1 S 4-3 5-5"]))
club.t42:2:5: error: W reneged [renege] (hand 1, trick 1)
    2 | 1 S 4-3 5-5
      |     ^
"""

from __future__ import annotations

from collections.abc import Sequence

from notation.model.findings import Finding
from notation.views.terminal import inert

_AROUND = 60  # characters shown each side of the caret, at most


def source_excerpt(
    lines: Sequence[str], line: int, column: int, first_line: int = 1
) -> list[str]:
    """The numbered source line and a caret under ``column`` (both 1-based).

    ``lines`` may be a window of the file starting at line ``first_line``. Of a long line
    only the part around the caret is shown.

    >>> line = '{"tiles": [' + ", ".join(['"6-6"'] * 40) + "]}"
    >>> print("\\n".join(source_excerpt([line], 1, 12)))
        1 | {"tiles": ["6-6", "6-6", "6-6", "6-6", "6-6", "6-6", "6-6", "6-6", "6-6…
          |            ^
    """
    if not first_line <= line < first_line + len(lines):
        return []
    text = lines[line - first_line].rstrip("\r\n")
    start = max(column - 1, 0)
    before, after = text[:start], text[start:]
    # A line too long to read whole (a game of JSON Lines is one line): the part around
    # the caret, with an ellipsis where it is cut.
    if len(before) > _AROUND:
        before = "…" + before[-_AROUND:]
    if len(after) > _AROUND:
        after = after[:_AROUND] + "…"
    shown = inert((before + after).replace("\t", " "))
    caret_at = len(inert(before.replace("\t", " ")))
    gutter = f"{line:>5} | "
    return [gutter + shown, " " * (len(gutter) - 2) + "| " + " " * caret_at + "^"]


def headline(finding: Finding, path: str) -> str:
    """``file:line:col: severity: message [code] (where)``, and for a JSON record ``at`` the
    JSON Pointer of the item, unless the message starts with it already (as a JSON form
    error's does, without its leading /).

    >>> from notation.model.findings import Severity
    >>> f = Finding("renege", Severity.ERROR, "W reneged", 1, 70, hand=1, pointer="/hands/0")
    >>> headline(f, "club.jsonl")
    'club.jsonl:1:70: error: W reneged [renege] (hand 1) at /hands/0'
    """
    place = path
    if finding.line is not None:
        place += f":{finding.line}:{finding.column or 1}"
    where = finding.where()
    tail = f" ({where})" if where else ""
    pointer = finding.pointer
    if pointer and not finding.message.startswith(pointer[1:] + ":"):
        tail += f" at {pointer}"
    message = inert(finding.message)
    return f"{inert(place)}: {finding.severity.value}: {message} [{finding.code}]{inert(tail)}"


def describe(finding: Finding, path: str, lines: Sequence[str], first_line: int = 1) -> str:
    """A finding as a person reads it: headline, then the source line with a caret."""
    out = [headline(finding, path)]
    if finding.line is not None:
        out += source_excerpt(lines, finding.line, finding.column or 1, first_line)
    return "\n".join(out)
