"""Reading record files with clear errors, and writing them so that a crash never leaves half
a file: output goes to a temporary file beside the target and is renamed over it."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path


class UnreadableInput(Exception):
    """A file that cannot be used as input at all (missing, binary, not UTF-8)."""


def source_name(path: Path) -> str:
    return "<stdin>" if str(path) == "-" else str(path)


def read_source(path: Path) -> str:
    """The text of ``path`` (``-`` for standard input), decoded as UTF-8 (a BOM is allowed)."""
    name = source_name(path)
    try:
        raw = sys.stdin.buffer.read() if str(path) == "-" else path.read_bytes()
    except FileNotFoundError:
        raise UnreadableInput(f"{name}: no such file") from None
    except IsADirectoryError:
        raise UnreadableInput(f"{name}: is a folder, not a file") from None
    except OSError as e:
        raise UnreadableInput(f"{name}: cannot be read ({e.strerror or e})") from None
    if b"\x00" in raw[:8192]:
        raise UnreadableInput(f"{name}: this is a binary file, not a text record")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        line = raw[: e.start].count(b"\n") + 1
        column = e.start - (raw.rfind(b"\n", 0, e.start) + 1) + 1
        raise UnreadableInput(
            f"{name}:{line}:{column}: this file is not UTF-8 text "
            f"(byte 0x{raw[e.start]:02x} cannot be read); save it as UTF-8"
        ) from None


def write_atomically(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` all at once: readers see the old file or the new, never half."""
    folder = path.resolve().parent
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        if path.exists():
            os.chmod(temp, path.stat().st_mode & 0o7777)
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
