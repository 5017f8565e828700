"""Reading record files with clear errors, and writing them all at once."""

from __future__ import annotations

import errno
import io
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from notation import files
from notation.files import LINE_CAP, UnreadableInput, source_lines, write_atomically
from notation.line_ends import OneLineEnd


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


def test_a_new_file_gets_the_mode_any_new_file_gets(tmp_path: Path) -> None:
    # The temporary file is made private (0600); the file it becomes must not stay so.
    old = os.umask(0o022)
    try:
        write_atomically(tmp_path / "club.jsonl", "new\n")
        os.umask(0o077)
        write_atomically(tmp_path / "private.jsonl", "new\n")
    finally:
        os.umask(old)
    assert (tmp_path / "club.jsonl").stat().st_mode & 0o777 == 0o644
    assert (tmp_path / "private.jsonl").stat().st_mode & 0o777 == 0o600


def test_long_lines_below_the_cap_are_read_by_blocks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A JSON Lines game is some 10 KB: well under the cap, so no reason for the slow reader.
    def slow(*args: object) -> None:
        raise AssertionError("read a line at a time")

    monkeypatch.setattr(files, "careful_lines", slow)
    path = tmp_path / "games.jsonl"
    line = "x" * (LINE_CAP // 2 - 1) + "\n"
    path.write_text(line * 50, encoding="utf-8")
    assert list(source_lines(path)) == [line] * 50


def test_a_line_of_wide_characters_past_the_cap_is_cut(tmp_path: Path) -> None:
    # The cap counts bytes: 30,000 three-byte characters are past a 64 KiB cap.
    path = tmp_path / "wide.t42"
    path.write_text("\u20ac" * 30_000 + "\nnext\n", encoding="utf-8")
    lines = list(source_lines(path))
    assert lines[1:] == ["next\n"]
    assert lines == careful(path.read_bytes(), str(path))


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


def careful(raw: bytes, name: str = "x.t42") -> list[str | UnreadableInput]:
    """What the line-at-a-time reader gives: the lines, then the error if there is one (after
    the look at the first block for UTF-16 or UTF-32 that every reading starts with)."""
    found: list[str | UnreadableInput] = []
    head = raw[: max(files.BLOCK, 3)]  # the reader looks at its first block as a whole first
    if files.wide_encoding(head):
        return [files.not_text(head, name)]
    try:
        stream = OneLineEnd(raw.removeprefix(b"\xef\xbb\xbf"), io.BytesIO())
        found += files.careful_lines(stream, name, 0)
    except UnreadableInput as e:
        found.append(e)
    return found


def blockwise(path: Path) -> list[str | UnreadableInput]:
    found: list[str | UnreadableInput] = []
    try:
        found += source_lines(path)
    except UnreadableInput as e:
        found.append(e)
    return found


PIECES = [
    b"hand 1 dealer N\n", b"1 N 6-6 5-5 4-4 3-3\n", b"\n", b"\r\n", b"\r",
    b"caf\xc3\xa9 \xe2\x80\xa8 ",
    b"\xf0\x9f\x98\x80", b"{ a\nb }", b"; c\n", b"a" * 40, b"\xe9", b"\x00", b"\xef\xbb\xbf",
]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=60), st.integers(1, 64), st.integers(8, 200))
def test_source_lines_read_by_blocks_give_what_a_line_at_a_time_gives(
    pieces: list[bytes], block: int, cap: int
) -> None:
    # Small blocks and a small cap, so that lines straddle blocks, characters are split
    # between them, and long lines, NULs and bad bytes fall in any block.
    raw = b"".join(pieces)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "x.t42"
        path.write_bytes(raw)
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(files, "BLOCK", block)
            patch.setattr(files, "LINE_CAP", cap)
            got, expected = blockwise(path), careful(raw, str(path))
    assert [str(x) if isinstance(x, UnreadableInput) else x for x in got] == [
        str(x) if isinstance(x, UnreadableInput) else x for x in expected
    ]


def test_source_lines_find_bad_utf8_in_a_later_block_at_its_line(tmp_path: Path) -> None:
    path = tmp_path / "x.t42"
    path.write_bytes(b"[Event \"a\"]\n" * 200_000 + b"[Site \"caf\xe9\"]\n")
    lines = source_lines(path)
    for _ in range(200_000):
        assert next(lines) == '[Event "a"]\n'
    with pytest.raises(UnreadableInput, match=r"x.t42:200001:11: this file is not UTF-8 text"):
        next(lines)


def test_a_write_through_a_symbolic_link_writes_its_target(tmp_path: Path) -> None:
    # The link stays a link, in another folder (on another file system the rename would fail
    # outright), and the file it points at gets the text.
    (tmp_path / "real").mkdir()
    (tmp_path / "links").mkdir()
    target = tmp_path / "real" / "club.t42"
    target.write_text("old\n", encoding="utf-8")
    target.chmod(0o640)
    link = tmp_path / "links" / "club.t42"
    link.symlink_to(target)
    write_atomically(link, "new\n")
    assert link.is_symlink()
    assert target.read_text(encoding="utf-8") == "new\n"
    assert target.stat().st_mode & 0o777 == 0o640
    assert sorted(p.name for p in tmp_path.rglob("*")) == ["club.t42", "club.t42", "links",
                                                           "real"]


def test_a_write_keeps_the_files_owner(tmp_path: Path) -> None:
    # Run as the superuser (as CI is), a rewrite must not make the file the superuser's.
    target = tmp_path / "club.t42"
    target.write_text("old\n", encoding="utf-8")
    owner = (65534, 65534) if os.getuid() == 0 else (os.getuid(), os.getgid())
    os.chown(target, *owner)
    write_atomically(target, "new\n")
    assert (target.stat().st_uid, target.stat().st_gid) == owner


def test_a_read_only_file_is_left_as_it_is(tmp_path: Path) -> None:
    # Its folder is writable, so a rename could replace it: a read-only file is respected
    # all the same, also by the superuser, whom the permission bits do not stop.
    target = tmp_path / "club.t42"
    target.write_text("old\n", encoding="utf-8")
    target.chmod(0o444)
    with pytest.raises(files.WriteError, match=r"club\.t42: the file is read-only"):
        write_atomically(target, "new\n")
    assert target.read_text(encoding="utf-8") == "old\n"
    assert [p.name for p in tmp_path.iterdir()] == ["club.t42"]


@pytest.mark.parametrize(
    ("code", "words"),
    [(errno.ENOSPC, "the disk is full"), (errno.EDQUOT, "your disk quota is used up"),
     (errno.EROFS, "the file system is read-only")],
)
def test_a_full_disk_is_said_in_words_and_leaves_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, code: int, words: str
) -> None:
    def full(fd: int) -> None:
        raise OSError(code, os.strerror(code))

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(files.WriteError, match=rf"club\.jsonl: cannot be written: {words}"):
        write_atomically(tmp_path / "club.jsonl", "new\n")
    assert list(tmp_path.iterdir()) == []


def test_a_folder_that_cannot_be_written_is_said_in_words(tmp_path: Path) -> None:
    with pytest.raises(files.WriteError, match=r"the folder .* does not exist"):
        write_atomically(tmp_path / "nowhere" / "club.jsonl", "new\n")


def test_a_file_changed_since_it_was_read_is_not_replaced(tmp_path: Path) -> None:
    target = tmp_path / "club.t42"
    target.write_text("old\n", encoding="utf-8")
    before = files.snapshot(target)
    with target.open("a", encoding="utf-8") as other:  # another program appends meanwhile
        other.write("appended\n")
    with pytest.raises(files.FileBusy, match="another program changed the file"):
        write_atomically(target, "new\n", before)
    assert target.read_text(encoding="utf-8") == "old\nappended\n"
    assert [p.name for p in tmp_path.iterdir()] == ["club.t42"]


def test_a_locked_file_names_the_process_that_holds_it(tmp_path: Path) -> None:
    target = tmp_path / "club.t42"
    target.write_text("old\n", encoding="utf-8")
    hold = (f"import fcntl, sys; f = open({str(target)!r}, 'rb'); "
            "fcntl.flock(f, fcntl.LOCK_EX); print('held', flush=True); sys.stdin.read()")
    with subprocess.Popen([sys.executable, "-c", hold], stdin=subprocess.PIPE,
                          stdout=subprocess.PIPE, text=True) as other:
        assert other.stdout is not None
        assert other.stdout.readline() == "held\n"
        with pytest.raises(files.FileBusy, match=f"another program \\(process {other.pid}\\)"):
            files.open_locked(target)
        other.communicate("")
    with files.open_locked(target, "rb") as mine:  # free again once the other is done
        assert mine.read() == b"old\n"



@pytest.mark.parametrize(
    "text", ["x" * 100_000, "a\nb\n" + "x" * 100_000, "a\n" * 1000, "", "\u2028x\r" * 10_000]
)
def test_lines_of_scans_each_character_once(text: str, line_pattern: Any) -> None:
    """Issue 27: a long line without a line end took time growing with its square."""
    lines = files.lines_of(text)
    assert "".join(lines) == text
    assert all(line.endswith("\n") for line in lines[:-1])
    assert line_pattern.scans


def test_only_temporaries_of_writers_that_are_gone_are_removed(tmp_path: Path) -> None:
    """Issue 27: a writer killed outright leaves its temporary; the next writer of the same
    file removes it, and keeps those of writers still at work and of other files."""
    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True)
    dead = int(gone.stdout)
    names = [
        f".out.json.{dead}.abc_123.tmp",  # its writer is gone: stale
        f".out.json.{os.getpid()}.xyz.tmp",  # this process writes it: kept
        f".out.json.{dead}.tmp",  # not a name a writer gives: kept
        f".out.json.old.{dead}.abc.tmp",  # a temporary of out.json.old: kept
        "out.json",
    ]
    for name in names:
        (tmp_path / name).write_text("x", encoding="utf-8")
    write_atomically(tmp_path / "out.json", "new\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(names[1:])
    assert (tmp_path / "out.json").read_text(encoding="utf-8") == "new\n"


@pytest.mark.parametrize("end", [b"\r", b"\r\n", b"\n"])
def test_source_lines_read_every_line_end_as_one(tmp_path: Path, end: bytes) -> None:
    # Issue 35: a file with old-Mac line ends (CR only) was one long line; longer than
    # LINE_CAP, it was cut. Lines end at LF, CRLF or a lone CR, and are given with "\n".
    path = tmp_path / "x.t42"
    line = b'[Event "night"]'
    path.write_bytes((line + end) * 100_000)
    count = 0
    for count, got in enumerate(source_lines(path), start=1):  # noqa: B007
        assert got == '[Event "night"]\n'
    assert count == 100_000


def test_a_crlf_across_two_blocks_is_one_line_end(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(files, "BLOCK", 16)
    path = tmp_path / "x.t42"
    path.write_bytes(b"a" * 15 + b"\r\nb\rc\r" + b"d" * 14 + b"\r\r\ne")
    assert list(source_lines(path)) == ["a" * 15 + "\n", "b\n", "c\n", "d" * 14 + "\n", "\n",
                                        "e"]
