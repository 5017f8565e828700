"""The file a recording is kept in (:class:`RecordFile`), and a recording resumed from its
text (:func:`resume_file`)."""

from __future__ import annotations

import os
from typing import BinaryIO

from notation.files import (
    FileBusy,
    StrPath,
    as_path,
    open_locked,
    read_source,
    snapshot,
    source_name,
    write_atomically,
)
from notation.formats.text.reader import read_games
from notation.line_ends import ends_lines_otherwise
from notation.model.game import ScoreKind
from notation.recording.state import Awaiting, Recording, RecordingError


class RecordFile:
    """The file a recording is kept in, written at every entry.

    Each :meth:`write` keeps the bytes the file already has in common with the new text and
    writes only the rest (an entry is mostly an append; an undo cuts the file back), then
    flushes; at each hand's end the file is also fsync'ed. So a crash loses at most the entry
    being typed, and the file is valid notation after every entry. ``before`` is the text of
    earlier games in the file, kept as it is.

    The file is locked while it is recorded into (``stream``, when given, is the file already
    opened by :func:`notation.files.open_locked`): a second recorder, or ``t42 fmt -i``, is
    refused with :class:`notation.files.FileBusy`, and so is an entry after another program
    changed the file unlocked, rather than mix two games' entries.
    """

    def __init__(self, path: StrPath, before: str = "", stream: BinaryIO | None = None) -> None:
        self.path = as_path(path)
        self.before = before.encode("utf-8")
        self._out = stream if stream is not None else open_locked(path)
        self._out.seek(0)
        self._written = self._out.read()

    def write(self, recording: Recording) -> None:
        """Make the file hold ``recording`` (after the earlier games)."""
        text = self.before + recording.text.encode("utf-8")
        same = _common_prefix(self._written, text)
        fd = self._out.fileno()
        if os.fstat(fd).st_size != len(self._written):
            raise FileBusy(
                f"{source_name(self.path)}: another program changed the file while it was "
                "recorded into: this entry is not written (close the other program, then "
                "t42 record again to resume)"
            )
        if same < len(self._written):
            os.ftruncate(fd, same)
        self._out.seek(same)
        self._out.write(text[same:])
        self._out.flush()
        hand = recording.hand
        if (hand is not None and hand.score(ScoreKind.TOTAL) is not None) or same < len(
            self._written
        ):
            os.fsync(fd)
        self._written = text

    def close(self) -> None:
        self._out.flush()
        os.fsync(self._out.fileno())
        self._out.close()


def _common_prefix(a: bytes, b: bytes) -> int:
    n = min(len(a), len(b))
    if a[:n] == b[:n]:
        return n
    low, high = 0, n  # a[:low] == b[:low], a[:high] != b[:high]
    while high - low > 1:
        middle = (low + high) // 2
        if a[:middle] == b[:middle]:
            low = middle
        else:
            high = middle
    return low


def resume_file(text: str, name: str = "<record>") -> tuple[str, Recording | None]:
    """The earlier games of a record file's ``text``, kept exactly as written, and the
    recording of its last game, to continue; None when that game is over (a new one is
    recorded after it).

    Raises :class:`RecordingError` with the problems (``name:line:col: words``) when the
    file holds text that is not notation: a record is resumed only from what reads whole.
    """
    reads = list(read_games(text))
    problems = [p for read in reads for p in read.problems]
    if problems:
        raise RecordingError(
            "\n".join(f"{name}:{p.line}:{p.column}: {p.message}" for p in problems)
        )
    games = [read for read in reads if read.has_tags]
    if not games:
        return text, None
    last = Recording.resume(games[-1].game)
    if last.awaiting is Awaiting.OVER:
        return _apart(text), None
    lines = text.split("\n")[: games[-1].first_line - 1]
    return _apart("".join(line + "\n" for line in lines)), last


def _apart(before: str) -> str:
    """Earlier games' text, ending in the blank line that separates it from the next game."""
    return before if not before or before.endswith("\n\n") else before + "\n"


def open_record(path: StrPath) -> tuple[BinaryIO, str]:
    """The existing record file at ``path`` opened and locked (see :func:`open_locked`), and
    its text, to record into (:class:`RecordFile`).

    A file whose lines end in CRLF or CR reads as if they ended in LF, and t42 writes LF: it
    is first written so, all at once (replaced, not rewritten in place), so that the first
    entry is an append like any other. Written in place, from its first CR, a crash midway
    would leave that much of the file. Raises what :func:`open_locked` and
    :func:`write_atomically` raise (the file is locked again once replaced: a recorder that
    took it meanwhile is a :class:`FileBusy`)."""
    stream = open_locked(path)
    try:
        text = read_source(path)
        if ends_lines_otherwise(path):
            write_atomically(path, text, snapshot(path))
            stream.close()
            stream = open_locked(path)  # the new file, the old one's lock gone with it
        return stream, text
    except BaseException:
        stream.close()
        raise
