"""Line ends made one: a CRLF (Windows) and a lone CR (old Mac) end a line as LF does, so that
lines are counted as editors count them (docs/notation.md, Line ends). Every reader of
notation or JSON text reads through here: :func:`one_line_end` for text, :func:`one_line_ends`
for text given a piece at a time, :class:`OneLineEnd` for the bytes of a file."""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from functools import partial
from typing import BinaryIO


def one_line_end(text: str) -> str:
    """``text`` with every line end written ``\\n``: a CRLF (Windows) and a lone CR (old Mac)
    end a line as LF does, so that lines are counted as editors count them. Nothing else
    ends a line (a form feed, U+0085, U+2028 and U+2029 stay in theirs): docs/notation.md,
    "Line ends". Everything that reads notation or JSON text reads it through this (or
    :class:`OneLineEnd` for bytes).

    >>> one_line_end("a\\r\\nb\\rc\\n\\u2028d")
    'a\\nb\\nc\\n\\u2028d'
    """
    return text.replace("\r\n", "\n").replace("\r", "\n") if "\r" in text else text


def one_line_ends(pieces: Iterable[str]) -> Iterator[str]:
    """:func:`one_line_end` over text given a piece at a time: a CRLF cut between two pieces
    is one line end.

    >>> list(one_line_ends(["a\\r", "\\nb\\r", "c"]))
    ['a\\n', 'b\\n', 'c']
    """
    after_cr = False
    for piece in pieces:
        if after_cr and piece.startswith("\n"):
            piece = piece[1:]
        after_cr = piece.endswith("\r")
        if piece:
            yield one_line_end(piece)


class OneLineEnd:
    """A binary stream read with its line ends made one, as :func:`one_line_end` does for
    text: every CRLF and lone CR reads as LF, a CRLF cut between two reads too. ``head``
    is read first (bytes already taken from the stream), then ``stream``."""

    def __init__(self, head: bytes, stream: BinaryIO) -> None:
        self._head = head
        self._stream = stream
        self._ready = bytearray()  # bytes read, their line ends made one
        self._after_cr = False  # the last byte read was a CR: an LF next is its pair

    def _more(self, size: int) -> bool:
        """Read some more into the ready bytes; False at the end of the stream."""
        raw, self._head = (self._head, b"") if self._head else (self._stream.read(size), b"")
        if not raw:
            return False
        if self._after_cr and raw.startswith(b"\n"):
            raw = raw[1:]
        self._after_cr = raw.endswith(b"\r")
        self._ready += raw.replace(b"\r\n", b"\n").replace(b"\r", b"\n") if b"\r" in raw else raw
        return True

    def _take(self, size: int) -> bytes:
        part = bytes(self._ready[:size])
        del self._ready[:size]
        return part

    def read(self, size: int) -> bytes:
        while len(self._ready) < size and self._more(size - len(self._ready)):
            pass
        return self._take(size)

    def readline(self, limit: int) -> bytes:
        while True:
            end = self._ready.find(b"\n", 0, limit)
            if end >= 0:
                return self._take(end + 1)
            if len(self._ready) >= limit or not self._more(limit):
                return self._take(limit)


def ends_lines_otherwise(path: str | os.PathLike[str]) -> bool:
    """Whether the file at ``path`` ends any line otherwise than LF (a CRLF or a lone CR: any
    CR is one), read a block at a time. The canonical form ends every line in LF."""
    with open(path, "rb") as stream:
        return any(b"\r" in block for block in iter(partial(stream.read, 1 << 20), b""))
