"""Reading record files with clear errors, and writing them all at once."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from notation.files import LINE_CAP, UnreadableInput, source_lines, write_atomically


def test_interrupted_write_leaves_the_old_file_and_no_temporary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "club.t42"
    target.write_text("old\n", encoding="utf-8")

    def interrupted(src: str, dst: str) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "replace", interrupted)
    with pytest.raises(KeyboardInterrupt):
        write_atomically(target, "new\n" * 1000)
    assert target.read_text(encoding="utf-8") == "old\n"
    assert [p.name for p in tmp_path.iterdir()] == ["club.t42"]


def test_write_keeps_the_file_mode(tmp_path: Path) -> None:
    target = tmp_path / "club.t42"
    target.write_text("old\n", encoding="utf-8")
    target.chmod(0o640)
    write_atomically(target, "new\n")
    assert target.read_text(encoding="utf-8") == "new\n"
    assert target.stat().st_mode & 0o777 == 0o640


def test_source_lines_cut_an_endless_line(tmp_path: Path) -> None:
    path = tmp_path / "long.t42"
    path.write_bytes(b"a" * (LINE_CAP * 5) + b"\nnext\n")
    lines = list(source_lines(path))
    assert [len(line) for line in lines] == [LINE_CAP + 1, 5]
    assert lines[1] == "next\n"


def test_source_lines_strip_a_bom_and_report_bad_utf8_where_it_is(tmp_path: Path) -> None:
    path = tmp_path / "x.t42"
    path.write_bytes(b'\xef\xbb\xbf[Event "a"]\n[Site "caf\xe9"]\n')
    lines = source_lines(path)
    assert next(lines) == '[Event "a"]\n'
    with pytest.raises(UnreadableInput, match=r"x.t42:2:11: this file is not UTF-8 text"):
        next(lines)
