"""Line ends as editors write them: LF (Unix), CRLF (Windows) and a lone CR (old Mac), mixed
too, all read alike, with findings at the line and column an editor shows (issue 35, point
16). Other characters some programs break lines at (form feed, U+0085, U+2028, U+2029) are
not line ends: they stay in their line (docs/notation.md, "Line ends")."""

from __future__ import annotations

from pathlib import Path

import pytest

import notation
from notation.formats.text.reader import read_games

SAMPLES = Path(__file__).resolve().parents[4] / "samples"
RENEGE = (SAMPLES / "renege.t42").read_text(encoding="utf-8")


def _with_ends(text: str, ends: list[str]) -> str:
    """``text`` with its line ends taken from ``ends`` in turn."""
    lines = text.split("\n")
    return "".join(line + ends[i % len(ends)] for i, line in enumerate(lines[:-1])) + lines[-1]


# Mixed: never a CR before an LF of its own (before an empty line), which is one CRLF.
ENDS = {"CR": ["\r"], "CRLF": ["\r\n"], "mixed": ["\r", "\r\n", "\n", "\r\n"]}


@pytest.mark.parametrize("ends", ENDS.values(), ids=ENDS.keys())
def test_loads_reads_every_line_end_alike(ends: list[str]) -> None:
    assert notation.loads(_with_ends(RENEGE, ends)) == notation.loads(RENEGE)


@pytest.mark.parametrize("ends", ENDS.values(), ids=ENDS.keys())
def test_findings_are_located_as_editors_count_lines(ends: list[str]) -> None:
    def places(text: str) -> list[tuple[str, int | None, int | None]]:
        (read,) = read_games(text)
        report = notation.check_game(read.game, read.rules)
        return [(f.code, f.line, f.column) for f in report.findings]

    assert places(_with_ends(RENEGE, ends)) == places(RENEGE)
    assert ("renege", 24, 17) in places(_with_ends(RENEGE, ends))
    broken = RENEGE.replace("bid ", "bid Q ", 1)
    (read,) = read_games(_with_ends(broken, ends))
    ((line, column),) = [(p.line, p.column) for p in read.problems]
    assert (line, column) == next((p.line, p.column) for p in next(read_games(broken)).problems)


def test_a_crlf_cut_between_two_pieces_is_one_line_end() -> None:
    # Text given a piece at a time (a file read lazily) may cut a CRLF between two pieces.
    # Pieces end at line ends (read_games takes whole lines): here after each CR too.
    text = _with_ends(RENEGE, ["\r\n"])
    cuts = [i + 1 for i, c in enumerate(text) if c in "\r\n"][:-1]
    pieces = [text[a:b] for a, b in zip([0, *cuts], [*cuts, len(text)], strict=True)]
    (read,) = read_games(pieces)
    assert read.game == notation.loads(RENEGE)[0]
    assert [p.line for p in read.problems] == []


@pytest.mark.parametrize("odd", ["\f", "\v", "\x1c", "\x85", "\u2028", "\u2029"])
def test_other_separators_stay_in_their_line(odd: str) -> None:
    text = f'[Event "x"]\n[Site "a"] ;{odd} b\nhand 1 dealer Q\n'
    (read,) = read_games(text)
    assert [(p.line, p.column) for p in read.problems] == [(3, 15)]


@pytest.mark.parametrize("ends", ENDS.values(), ids=ENDS.keys())
def test_the_json_form_reads_every_line_end_alike(ends: list[str]) -> None:
    from notation.errors import RecordError
    from notation.formats.json import form as json_form

    games = notation.loads(RENEGE) * 3
    lines = json_form.dumps(games, lines=True)
    assert json_form.loads(_with_ends(lines, ends)) == games
    # An error is located on the line an editor shows.
    broken = lines.replace('"dealer": "E"', '"dealer": "X"', 1)
    with pytest.raises(RecordError) as lf:
        json_form.loads(broken)
    with pytest.raises(RecordError) as other:
        json_form.loads(_with_ends(broken, ends))
    assert (other.value.line, other.value.column) == (lf.value.line, lf.value.column)
