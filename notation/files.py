"""Reading record files with clear errors, and writing them so that a crash never leaves half
a file: output goes to a temporary file beside the target and is renamed over it."""

from __future__ import annotations

import contextlib
import errno
import fcntl
import io
import os
import re
import stat
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO, TextIO, cast

from notation.errors import T42Error
from notation.line_ends import OneLineEnd

# Bytes of one line held at most; a longer line is cut here and the rest skipped, so that a
# file of one endless line is still read in bounded memory (the reader reports it too long).
LINE_CAP = 64 * 1024
# Bytes of a line skipped past the cap at most: a line longer still is no record's (the
# reader takes lines of 10,000 characters), so reading stops there with an error.
LINE_SKIP = 16 * 1024 * 1024


StrPath = str | os.PathLike[str]
"""A path as the library takes it, as ``open`` does: a ``str`` or any ``os.PathLike``
(``pathlib.Path`` among them)."""


def as_path(path: StrPath) -> Path:
    """``path`` as a :class:`pathlib.Path`: what every function taking a :data:`StrPath`
    works with.

    >>> as_path("club/friday.t42").name
    'friday.t42'
    """
    return path if isinstance(path, Path) else Path(os.fspath(path))


class UnreadableInput(T42Error):
    """A file that cannot be used as input at all (missing, binary, not UTF-8)."""


def source_name(path: StrPath) -> str:
    return "<stdin>" if os.fspath(path) == "-" else os.fspath(path)


def shown_name(path: StrPath) -> str:
    """The name a page or picture made from ``path`` shows for it: the file's name alone,
    never a path of the machine it was made on (a page is shared).

    >>> shown_name(Path("/home/ann/club/friday.t42")), shown_name(Path("-"))
    ('friday.t42', '<stdin>')
    """
    return "<stdin>" if os.fspath(path) == "-" else as_path(path).name


def unopenable(name: str, error: OSError) -> UnreadableInput:
    """Why the file ``name`` could not be opened, in words.

    >>> str(unopenable("club.t42", FileNotFoundError()))
    'club.t42: no such file'
    """
    if isinstance(error, FileNotFoundError):
        return UnreadableInput(f"{name}: no such file")
    if isinstance(error, IsADirectoryError):
        return UnreadableInput(f"{name}: is a folder, not a file")
    return UnreadableInput(f"{name}: cannot be read ({error.strerror or error})")


def read_source(path: StrPath) -> str:
    """The text of ``path`` (``-`` for standard input), decoded as UTF-8 (a BOM is allowed).

    Read through the same checks as :func:`source_blocks`, so that an endless stream (a
    device, a pipe) stops with a clear error instead of filling the memory.
    """
    return "".join(source_blocks(path))


def decode_source(raw: bytes, name: str) -> str:
    """Bytes of a record file as text: UTF-8 with an optional BOM, its line ends made one
    (see :func:`one_line_end`), or a clear error."""
    if b"\x00" in raw[:8192] or wide_encoding(raw):
        raise not_text(raw, name)
    raw = raw.replace(b"\r\n", b"\n").replace(b"\r", b"\n")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        line = raw[: e.start].count(b"\n") + 1
        column = e.start - (raw.rfind(b"\n", 0, e.start) + 1) + 1
        raise UnreadableInput(
            f"{name}:{line}:{column}: this file is not UTF-8 text "
            f"(byte 0x{raw[e.start]:02x} cannot be read); save it as UTF-8"
        ) from None


def not_text(head: bytes, name: str) -> UnreadableInput:
    """Why a file whose first bytes are ``head`` and that holds a NUL is no text record:
    text in UTF-16 or UTF-32 (which Windows Notepad may write), said with how to save it as
    UTF-8, or else a binary file.

    >>> str(not_text('[Event "x"]'.encode("utf-16-le"), "club.t42"))[:50]
    'club.t42: this file is UTF-16LE text, not UTF-8: s'
    >>> str(not_text(b"\\x7fELF\\x02\\x01\\x01\\x00", "t42"))
    't42: this is a binary file, not a text record'
    """
    encoding = wide_encoding(head)
    if encoding is None:
        return UnreadableInput(f"{name}: this is a binary file, not a text record")
    return UnreadableInput(
        f"{name}: this file is {encoding} text, not UTF-8: save it as UTF-8 (Save As, "
        f"encoding UTF-8), or convert it with iconv -f {encoding} -t UTF-8"
    )


# Byte order marks of the wide encodings, longest first (UTF-32 LE starts as UTF-16 LE).
_WIDE_BOMS = [
    (b"\xff\xfe\x00\x00", "UTF-32"), (b"\x00\x00\xfe\xff", "UTF-32"),
    (b"\xff\xfe", "UTF-16"), (b"\xfe\xff", "UTF-16"),
]


def wide_encoding(head: bytes) -> str | None:
    """``UTF-16`` or ``UTF-32`` (with the byte order where there is no BOM to tell it) when
    ``head`` starts text in that encoding: by its BOM, or by its NULs, which in text that is
    mostly ASCII fill one byte of every two (or three of every four) at the same places.

    >>> [wide_encoding(s.encode(e)) for s, e in [("[Event", "utf-16-be"), ("hand", "utf-32")]]
    ['UTF-16BE', 'UTF-32']
    """
    for bom, encoding in _WIDE_BOMS:
        if head.startswith(bom):
            return encoding
    for width, name in ((4, "UTF-32"), (2, "UTF-16")):
        sample = head[: 256 * width]
        units = len(sample) // width
        if units < 2:
            continue
        nul = [sum(sample[i] == 0 for i in range(at, units * width, width)) for at in
               range(width)]
        if width == 4 and nul[1] == nul[2] == nul[3] == units and nul[0] < units:
            return name + "LE"
        if width == 4 and nul[0] == nul[1] == nul[2] == units and nul[3] < units:
            return name + "BE"
        if width == 2 and nul[1] >= 0.9 * units and nul[0] < 0.1 * units:
            return name + "LE"
        if width == 2 and nul[0] >= 0.9 * units and nul[1] < 0.1 * units:
            return name + "BE"
    return None


def source_lines(path: StrPath) -> Iterator[str]:
    """The lines of ``path`` (``-`` for stdin) with their ends, decoded one at a time.

    Memory stays bounded whatever the file's size. Raises :class:`UnreadableInput` when the
    file cannot be opened, or at the first line that is binary or not UTF-8.
    """
    for block in source_blocks(path):
        yield from lines_of(block)


def lines_of(text: str) -> list[str]:
    """The lines of ``text`` with their ends, broken at ``\\n`` only (text whose line ends
    :func:`one_line_end` made one): ``str.splitlines`` would also break at form feeds and
    U+2028, which end no line.

    >>> lines_of("a\\nb\\r\\n\\nc")
    ['a\\n', 'b\\r\\n', '\\n', 'c']
    """
    # The pattern is given only whole lines: from the start of a last line with no end, it
    # would look for a line end all the way from every character (quadratic in that line).
    end = text.rfind("\n") + 1
    lines = LINE_PATTERN.findall(text, 0, end)
    if end < len(text):
        lines.append(text[end:])  # the last line, with no end
    return lines


def source_blocks(path: StrPath) -> Iterator[str]:
    """The text of ``path`` (``-`` for stdin) decoded a block of whole lines at a time (one
    line at a time where a block is odd: see :func:`_blocks`), as :func:`source_lines`."""
    name = source_name(path)
    try:
        stream = sys.stdin.buffer if os.fspath(path) == "-" else as_path(path).open("rb")
    except OSError as e:
        raise unopenable(name, e) from None
    try:
        yield from _blocks(stream, name)
    finally:
        if stream is not sys.stdin.buffer:
            stream.close()


BLOCK = 1 << 20  # bytes read at a time
LINE_PATTERN = re.compile(r"[^\n]*\n")  # a whole line, its end included
_BOM = b"\xef\xbb\xbf"


def _blocks(stream: BinaryIO, name: str) -> Iterator[str]:
    """The text of ``stream``, a block of whole lines decoded at a time. Anything odd in a
    block (a NUL, bytes that are not UTF-8, a line near the cap) hands the rest of the file
    to :func:`careful_lines`, which words the error or cuts the line where it is, and
    gives it a line at a time."""
    number = 0  # lines yielded
    carry = b""
    first = stream.read(max(BLOCK, len(_BOM)))
    if wide_encoding(first):
        raise not_text(first, name)
    source = OneLineEnd(first.removeprefix(_BOM), stream)
    block = source.read(BLOCK)
    while block or carry:
        data = carry + block
        end = data.rfind(b"\n") + 1 if block else len(data)
        whole, carry = data[:end], data[end:]
        text = None if b"\x00" in whole or len(carry) >= LINE_CAP else _decoded(whole)
        if text is None or _may_hold_a_long_line(whole):
            yield from careful_lines(_Joined(data, source), name, number)
            return
        number += text.count("\n")
        if text:
            yield text
        block = source.read(BLOCK) if block else b""



def _may_hold_a_long_line(raw: bytes) -> bool:
    """Whether a line of ``raw`` may reach the cap, which counts bytes. Such a line holds a
    whole stretch of half the cap, counted from the start, with no line end in it: checked
    stretch by stretch, so a JSON Lines game of some 10 KB is not mistaken for one.

    >>> _may_hold_a_long_line(b"a" * LINE_CAP), _may_hold_a_long_line(b"a" * 20_000 + b"\\n")
    (True, False)
    """
    step = max(LINE_CAP // 2, 1)
    return any(raw.find(b"\n", i, i + step) < 0 for i in range(0, len(raw) - step + 1, step))


def _decoded(raw: bytes) -> str | None:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return None


class _Joined:
    """Bytes already read, then the rest of the stream, read a line at a time."""

    def __init__(self, head: bytes, stream: OneLineEnd) -> None:
        self.head = io.BytesIO(head)
        self.stream = stream

    def readline(self, limit: int) -> bytes:
        part = self.head.readline(limit)
        if part.endswith(b"\n") or len(part) == limit:
            return part
        return part + self.stream.readline(limit - len(part))


def careful_lines(stream: OneLineEnd | _Joined, name: str, number: int) -> Iterator[str]:
    """The lines of ``stream`` one at a time, after ``number`` lines already read: a line
    longer than LINE_CAP is cut there and the rest of it skipped (up to LINE_SKIP: a line
    longer still stops the reading), and a NUL or a byte that is not UTF-8 is an error at
    its line and column."""
    while raw := stream.readline(LINE_CAP):
        number += 1
        if b"\x00" in raw:
            raise not_text(raw, name)
        cut = len(raw) == LINE_CAP and not raw.endswith(b"\n")
        if cut:
            _skip_the_rest(stream, name, number)
        try:
            # A cut line may end inside a character: it is refused as too long anyway.
            text = raw.decode("utf-8", "replace" if cut else "strict")
        except UnicodeDecodeError as e:
            column = len(raw[: e.start].decode("utf-8", "replace")) + 1
            raise UnreadableInput(
                f"{name}:{number}:{column}: this file is not UTF-8 text "
                f"(byte 0x{raw[e.start]:02x} cannot be read); save it as UTF-8"
            ) from None
        yield text + "\n" if cut else text


def _skip_the_rest(stream: OneLineEnd | _Joined, name: str, number: int) -> None:
    """Skip the rest of line ``number``, cut at LINE_CAP: up to its end, or else stop the
    reading with an error once LINE_SKIP bytes are skipped, so that an endless stream with
    no line end (a device, a pipe) is never read to its end."""
    skipped = 0
    while (rest := stream.readline(LINE_CAP)) and not rest.endswith(b"\n"):
        if b"\x00" in rest:
            raise not_text(rest, name)
        skipped += len(rest)
        if skipped >= LINE_SKIP:
            raise UnreadableInput(
                f"{name}:{number}: line {number} goes on for more than {LINE_SKIP >> 20} MiB "
                "without a line end: this is no record, so t42 stops reading it"
            )


def write_atomically(path: StrPath, text: str, expect: Snapshot | None = None) -> None:
    """Write ``text`` to ``path`` all at once: readers see the old file or the new, never half.

    Raises :class:`WriteError` (in words) when it cannot be written; see :class:`AtomicWriter`.
    """
    with AtomicWriter(path, expect) as out:
        out.write(text)
        out.commit()


def written_on(path: StrPath, keep: int) -> TextIO:
    """``path`` opened to write text after its first ``keep`` bytes, the rest cut off (a
    new, empty file for 0): an output written as it goes, continued after an interruption.
    Raises :class:`WriteError` in words."""
    try:
        stream = as_path(path).open("r+b" if keep else "wb")
        stream.truncate(keep)
        stream.seek(keep)
    except OSError as e:
        raise unwritable(source_name(path), e) from None
    return io.TextIOWrapper(stream, "utf-8", newline="\n")


class WriteError(T42Error):
    """A file that cannot be written: not the user's to write, a full disk … said in words."""


class FileBusy(WriteError):
    """A file another program is writing (it holds the file's lock, or changed it meanwhile)."""


# Why a write failed where the cause is the user's machine, not t42: said in words, never
# as an internal error.
_WHY = {
    errno.ENOSPC: "the disk is full (no space left on the device)",
    errno.EDQUOT: "your disk quota is used up",
    errno.EROFS: "the file system is read-only",
    errno.EACCES: "permission denied",
    errno.EPERM: "permission denied",
    errno.EFBIG: "the file would be larger than the file system allows",
    errno.EIO: "the device reported an input/output error",
}


def is_the_machines(error: OSError) -> bool:
    """Whether ``error`` is the disk's or the permissions' doing (full, read-only, not
    allowed), which the user can mend, rather than t42's.

    >>> is_the_machines(OSError(errno.ENOSPC, "No space left on device"))
    True
    """
    return error.errno in _WHY


def unwritable(name: str, error: OSError) -> WriteError:
    """Why ``name`` could not be written, in words.

    >>> str(unwritable("club.jsonl", OSError(errno.ENOSPC, "No space left on device")))
    'club.jsonl: cannot be written: the disk is full (no space left on the device)'
    """
    why = _WHY.get(error.errno or 0) or (error.strerror or str(error))
    return WriteError(f"{name}: cannot be written: {why}")


@dataclass(frozen=True, slots=True)
class Snapshot:
    """What a file was when it was read: a different one later means someone wrote it."""

    device: int
    inode: int
    size: int
    modified: int  # nanoseconds


def snapshot(path: StrPath) -> Snapshot | None:
    """The state of the file at ``path`` (followed through links), None when there is none."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return Snapshot(st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)


def not_to_be_written(st: os.stat_result, path: StrPath) -> str | None:
    """Why the file ``st`` describes is not to be rewritten, or None: marked read-only (no
    write bit for anyone: checked by the bits, as the superuser may write any file and
    ``os.access`` says so), or not this user's to write."""
    if not st.st_mode & 0o222:
        return "the file is read-only"
    if not os.access(path, os.W_OK):
        return "you may not write this file"
    return None


def open_locked(path: StrPath, mode: str = "a+b") -> BinaryIO:
    """``path`` opened in binary ``mode`` with its advisory lock taken, so that no other t42
    writes it meanwhile (the lock goes when the file is closed).

    Raises :class:`FileBusy`, naming the other process, when another holds the lock, and
    :class:`WriteError` when the file cannot be opened so (:class:`UnreadableInput` when it
    is missing or a folder).
    """
    name = source_name(path)
    try:
        stream = as_path(path).open(mode)
    except (FileNotFoundError, IsADirectoryError) as e:
        raise unopenable(name, e) from None
    except OSError as e:
        raise unwritable(name, e) from None
    try:
        fcntl.flock(stream.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        holder = _lock_holder(os.fstat(stream.fileno()))
        stream.close()
        who = "another program" if holder is None else f"another program (process {holder})"
        raise FileBusy(
            f"{name}: {who} is writing this file (t42 record, t42 fmt -i …); "
            "wait for it to finish, or close it first"
        ) from None
    except OSError:
        pass  # a file system without locks: nothing to wait for
    return cast(BinaryIO, stream)


def _lock_holder(st: os.stat_result) -> int | None:
    """The process holding a lock on the file ``st`` describes, where the system says
    (Linux's /proc/locks), else None."""
    device = f"{os.major(st.st_dev):02x}:{os.minor(st.st_dev):02x}:{st.st_ino}"
    try:
        with open("/proc/locks", encoding="ascii", errors="replace") as locks:
            for line in locks:
                fields = line.split()
                if len(fields) > 5 and fields[5] == device and fields[4].isdigit():
                    return int(fields[4])
    except OSError:
        pass
    return None


def _umask() -> int:
    """This process's umask (reading it means setting it, so it is set straight back)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def remove_stale_temporaries(folder: StrPath, name: str) -> list[Path]:
    """Remove the temporary files that writers of ``name`` in ``folder`` left when they were
    killed (an :class:`AtomicWriter` names its temporary ``.NAME.PID.XXXXXXXX.tmp``): those
    whose writer's process no longer runs. Those of a writer still at work are kept.
    Returns the files removed."""
    stale = re.compile(re.escape(f".{name}.") + r"(\d{1,9})\.[^.]+\.tmp")
    removed = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return []
    for entry in entries:
        found = stale.fullmatch(entry.name)
        if found is None or process_runs(int(found.group(1))):
            continue
        try:
            os.unlink(entry.path)
        except OSError:
            continue  # gone already, or not ours to remove: it does no harm
        removed.append(Path(entry.path))
    return removed


def process_runs(pid: int) -> bool:
    """Whether process ``pid`` runs (or has ended and not yet been waited for)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # another user's: it runs
    return True


class AtomicWriter:
    """A file written in pieces that appears at its path only when :meth:`commit` is called.

    Until then it is a temporary file beside the file written: through a symbolic link, that
    is the link's target, so the link stays a link. A file that exists keeps its mode and
    owner; a read-only one is refused. With ``expect`` (a :func:`snapshot` taken before the
    file was read), a file changed meanwhile is not replaced (:class:`FileBusy`).
    :meth:`abort` (or leaving the ``with`` block on an exception) removes the temporary, so
    the target is never half written. Every failure is a :class:`WriteError` in words.
    """

    def __init__(self, path: StrPath, expect: Snapshot | None = None) -> None:
        self.path = as_path(path)
        self.name = source_name(path)
        self.expect = expect
        self.target = Path(os.path.realpath(path))
        self._was: os.stat_result | None = None
        try:
            self._was = self.target.stat()
        except FileNotFoundError:
            pass
        except OSError as e:
            raise unwritable(self.name, e) from None
        if self._was is not None:
            if stat.S_ISDIR(self._was.st_mode):
                raise WriteError(f"{self.name}: is a folder, not a file")
            why = not_to_be_written(self._was, self.target)
            if stat.S_ISREG(self._was.st_mode) and why is not None:
                raise WriteError(f"{self.name}: {why}: left as it is (make it writable "
                                 "first, if it is yours to change)")
        self._temp: Path | None = None
        if self._was is not None and not stat.S_ISREG(self._was.st_mode):
            # A device or a pipe (/dev/null, /dev/stdout) is written into, never replaced.
            try:
                self._out = self.target.open("w", encoding="utf-8", newline="\n")
            except OSError as e:
                raise unwritable(self.name, e) from None
            return
        folder = self.target.parent
        try:
            remove_stale_temporaries(folder, self.target.name)
            # Named with this process's id, so that a later writer knows it stale if we are
            # killed.
            fd, temp = tempfile.mkstemp(
                prefix=f".{self.target.name}.{os.getpid()}.", suffix=".tmp", dir=folder
            )
        except FileNotFoundError:
            raise WriteError(f"{self.name}: cannot be written: the folder {folder} does not "
                             "exist") from None
        except OSError as e:
            if e.errno in (errno.EACCES, errno.EPERM):
                raise WriteError(f"{self.name}: cannot be written: you may not write in the "
                                 f"folder {folder}") from None
            raise unwritable(self.name, e) from None
        self._temp = Path(temp)
        self._out = os.fdopen(fd, "w", encoding="utf-8", newline="\n")

    def write(self, text: str) -> None:
        try:
            self._out.write(text)
        except OSError as e:
            self.abort()
            raise unwritable(self.name, e) from None

    def commit(self) -> None:
        try:
            self._out.flush()
            if self._temp is None:
                self._out.close()
                return
            os.fsync(self._out.fileno())
            self._out.close()
            if self._was is not None:
                self._keep_owner(self._temp, self._was)  # first: a chown clears set-id bits
                os.chmod(self._temp, self._was.st_mode & 0o7777)
            else:
                # mkstemp makes the temporary private; the file it becomes gets the usual mode.
                os.chmod(self._temp, 0o666 & ~_umask())
            if self.expect is not None and snapshot(self.target) != self.expect:
                self.abort()
                raise FileBusy(
                    f"{self.name}: another program changed the file while t42 worked on it: "
                    "left as it is (run again when it is done)"
                )
            os.replace(self._temp, self.target)
        except OSError as e:
            self.abort()
            raise unwritable(self.name, e) from None

    @staticmethod
    def _keep_owner(temp: Path, was: os.stat_result) -> None:
        here = temp.stat()
        if (here.st_uid, here.st_gid) != (was.st_uid, was.st_gid):
            # Only the superuser may give a file away; anyone else owns what they write.
            with contextlib.suppress(PermissionError):
                os.chown(temp, was.st_uid, was.st_gid)

    def abort(self) -> None:
        if not self._out.closed:
            with contextlib.suppress(OSError):  # the flush of a full disk: it goes anyway
                self._out.close()
        if self._temp is not None:
            self._temp.unlink(missing_ok=True)

    def __enter__(self) -> AtomicWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.abort()  # a no-op after commit: the temporary is gone
