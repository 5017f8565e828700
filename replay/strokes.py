r"""Running marks drawn the way players keep them: each mark one stroke of the word ALL.

A game to 7 marks is scored on paper by writing the letters A, L, L one stroke at a time:
the A takes three strokes (its two legs and its bar), each L two (its upright and its foot),
so a team that has spelled ALL has its 7 marks and the game. More than 7 marks (a 2-mark bid
made at 6) starts a second ALL beside the first.

>>> print(all_strokes(7))
 /\  |   |
/--\ |__ |__
>>> print(all_strokes(4))
 /\  |
/--\ |
>>> all_strokes(0)
''

:func:`all_strokes_svg` draws the same strokes as a picture, each one a line of the letters
(the strokes still to come drawn faintly, so that the word shows how far the team has to go):

>>> svg = all_strokes_svg(4)
>>> svg.count('class="stroke"'), svg.count('class="stroke to-come"')
(4, 3)
>>> 'aria-label="4 marks"' in svg
True
"""

from __future__ import annotations

from typing import NamedTuple

MARKS_IN_ALL = 7

# Each stroke of A, L, L: the cells (row, column) it draws in a two-row, 13-column word and
# the characters it draws there. Columns: A at 0-3, the first L at 5-7, the second at 9-11.
_STROKES: tuple[tuple[tuple[int, int, str], ...], ...] = (
    ((0, 1, "/"), (1, 0, "/")),  # A: left leg
    ((0, 2, "\\"), (1, 3, "\\")),  # A: right leg
    ((1, 1, "-"), (1, 2, "-")),  # A: bar
    ((0, 5, "|"), (1, 5, "|")),  # L: upright
    ((1, 6, "_"), (1, 7, "_")),  # L: foot
    ((0, 9, "|"), (1, 9, "|")),  # second L: upright
    ((1, 10, "_"), (1, 11, "_")),  # second L: foot
)
_WIDTH = 12
_GAP = "  "  # between one finished ALL and the next

# The same strokes as lines (x1, y1, x2, y2) of a picture of ALL 15 wide and 10 high, in the
# same order: the A at 0-4, the first L at 6-9, the second at 11-14.
_LINES: tuple[tuple[float, float, float, float], ...] = (
    (0, 10, 2, 0),  # A: left leg
    (2, 0, 4, 10),  # A: right leg
    (0.7, 6.5, 3.3, 6.5),  # A: bar
    (6.5, 0, 6.5, 10),  # L: upright
    (6.5, 10, 9.5, 10),  # L: foot
    (11.5, 0, 11.5, 10),  # second L: upright
    (11.5, 10, 14.5, 10),  # second L: foot
)
_WORD_WIDTH, _WORD_GAP, _WORD_HEIGHT = 15, 4, 10


def _word(strokes: int) -> list[str]:
    """The two rows of one ALL drawn with its first ``strokes`` strokes (0 … 7)."""
    rows = [[" "] * _WIDTH for _ in range(2)]
    for stroke in _STROKES[:strokes]:
        for row, col, ch in stroke:
            rows[row][col] = ch
    return ["".join(r) for r in rows]


def all_strokes(marks: int) -> str:
    """``marks`` drawn as strokes of ALL, two lines of text ('' for no marks).

    Every 7 marks finish one ALL; the rest are strokes of the next one. Trailing spaces are
    trimmed from each line. Raises ValueError for a negative number of marks.
    """
    if marks < 0:
        raise ValueError(f"marks cannot be negative: {marks}")
    if marks == 0:
        return ""
    full, rest = divmod(marks, MARKS_IN_ALL)
    words = [_word(MARKS_IN_ALL)] * full + ([_word(rest)] if rest else [])
    return "\n".join(_GAP.join(w[row] for w in words).rstrip() for row in range(2))


class StrokesPicture(NamedTuple):
    """Marks as strokes of ALL, to be drawn: the picture's size and its lines (x1, y1, x2, y2,
    and whether the stroke is written or still to come)."""

    width: float
    height: float
    lines: tuple[tuple[float, float, float, float, bool], ...]


def strokes_picture(marks: int) -> StrokesPicture:
    """``marks`` as strokes of ALL to draw: every 7 marks one ALL, then the strokes of the
    next with those still to come (no marks: one ALL, all of it to come). Raises ValueError
    for a negative number of marks.

    >>> picture = strokes_picture(8)
    >>> sum(written for *_, written in picture.lines), len(picture.lines)
    (8, 14)
    """
    if marks < 0:
        raise ValueError(f"marks cannot be negative: {marks}")
    full, rest = divmod(marks, MARKS_IN_ALL)
    words = [MARKS_IN_ALL] * full + ([rest] if rest or not full else [])
    pad = 1.5
    lines = []
    for k, drawn in enumerate(words):
        left = pad + k * (_WORD_WIDTH + _WORD_GAP)
        for n, (x1, y1, x2, y2) in enumerate(_LINES):
            lines.append((left + x1, pad + y1, left + x2, pad + y2, n < drawn))
    width = len(words) * _WORD_WIDTH + (len(words) - 1) * _WORD_GAP + 2 * pad
    return StrokesPicture(width, _WORD_HEIGHT + 2 * pad, tuple(lines))


def marks_label(marks: int) -> str:
    """``1 mark``, ``4 marks``: what a picture of the marks says to who cannot see it."""
    return f"{marks} mark{'' if marks == 1 else 's'}"


def all_strokes_svg(marks: int) -> str:
    """``marks`` drawn as strokes of ALL (:func:`strokes_picture`), an SVG picture (inline,
    its strokes of class ``stroke``, those still to come ``stroke to-come``; styled by the
    page). Raises ValueError for a negative number of marks."""
    picture = strokes_picture(marks)
    lines = "".join(
        f'<line class="{"stroke" if written else "stroke to-come"}" x1="{x1:g}" y1="{y1:g}" '
        f'x2="{x2:g}" y2="{y2:g}"/>'
        for x1, y1, x2, y2, written in picture.lines
    )
    label = marks_label(marks)
    return (f'<svg class="strokes" viewBox="0 0 {picture.width:g} {picture.height:g}" '
            f'role="img" aria-label="{label}"><title>{label}</title>{lines}</svg>')
