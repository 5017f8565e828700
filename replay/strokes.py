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
"""

from __future__ import annotations

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
