"""Findings in words for people: ``file:line:col``, the line itself and a caret under the spot.

>>> from notation.findings import Finding, Severity
>>> f = Finding("renege", Severity.ERROR, "W reneged", line=2, column=5, hand=1, trick=1)
>>> print(describe(f, "club.t42", ["hand 1 dealer N", "1 S 4-3 5-5"]))
club.t42:2:5: error: W reneged [renege] (hand 1, trick 1)
    2 | 1 S 4-3 5-5
      |     ^
"""

from __future__ import annotations

from collections.abc import Sequence

from notation.findings import Finding
from notation.terminal import inert


def source_excerpt(
    lines: Sequence[str], line: int, column: int, first_line: int = 1
) -> list[str]:
    """The numbered source line and a caret under ``column`` (both 1-based).

    ``lines`` may be a window of the file starting at line ``first_line``.
    """
    if not first_line <= line < first_line + len(lines):
        return []
    text = lines[line - first_line].rstrip("\r\n")
    shown = inert(text.replace("\t", " "))
    caret_at = len(inert(text[: max(column - 1, 0)].replace("\t", " ")))
    gutter = f"{line:>5} | "
    return [gutter + shown, " " * (len(gutter) - 2) + "| " + " " * caret_at + "^"]


def headline(finding: Finding, path: str) -> str:
    place = path
    if finding.line is not None:
        place += f":{finding.line}:{finding.column or 1}"
    where = finding.where()
    tail = f" ({where})" if where else ""
    message = inert(finding.message)
    return f"{inert(place)}: {finding.severity.value}: {message} [{finding.code}]{tail}"


def describe(finding: Finding, path: str, lines: Sequence[str], first_line: int = 1) -> str:
    """A finding as a person reads it: headline, then the source line with a caret."""
    out = [headline(finding, path)]
    if finding.line is not None:
        out += source_excerpt(lines, finding.line, finding.column or 1, first_line)
    return "\n".join(out)
