"""The guard of every command that writes: no output over one of the command's inputs, and
no two outputs to one file, whatever the paths (links, ./x, relative or absolute, case)."""

from __future__ import annotations

import contextlib
import os
import stat
import sys
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path

from notation.files import StrPath, WriteError, source_name


class OutputClash(WriteError):
    """An output that is one of the command's inputs, or two outputs that are one file."""


def folds_case(folder: StrPath) -> bool:
    """Whether ``folder`` takes names without their case (as on macOS and Windows), so that
    ``O.jsonl`` and ``o.jsonl`` are one file there: tried with a file made and removed."""
    try:
        fd, made = tempfile.mkstemp(prefix=".t42-case-", dir=folder)
    except OSError:
        return False
    os.close(fd)
    try:
        return os.path.exists(os.path.join(folder, os.path.basename(made).upper()))
    finally:
        with contextlib.suppress(OSError):
            os.unlink(made)


# Where a file is: ("file", device, inode) for one that exists, ("new", folder, name) for
# one to be made (the folder as ("file", …) when it exists, else its resolved path).
_Place = tuple[str, object, object]


def _place(path: StrPath, fd: int | None = None) -> _Place | None:
    """Where the file ``path`` (or the open file ``fd``) is; None for what is no regular file
    and no file to be made (a device, a pipe, a folder): writing there replaces nothing."""
    try:
        st = os.fstat(fd) if fd is not None else os.stat(path)
    except (FileNotFoundError, NotADirectoryError):
        real = Path(os.path.realpath(path))  # through links, dangling ones too
        try:
            folder = real.parent.stat()
        except OSError:
            return "new", str(real.parent), real.name
        return "new", ("file", folder.st_dev, folder.st_ino), real.name
    except (OSError, ValueError):
        return None
    return ("file", st.st_dev, st.st_ino) if stat.S_ISREG(st.st_mode) else None


def _one_file(a: _Place, b: _Place, folds: Callable[[Path], bool], folder: Path) -> bool:
    if a == b:
        return True
    if a[0] != "new" or b[0] != "new" or a[1] != b[1]:
        return False
    return str(a[2]).casefold() == str(b[2]).casefold() and folds(folder)


def _stream_place(stream: object) -> _Place | None:
    """Where the file under standard input or output is; None when it is no regular file
    (a terminal, a pipe) or no file at all (a test's buffer)."""
    try:
        fd = stream.fileno()  # type: ignore[attr-defined]
    except (OSError, ValueError, AttributeError):
        return None
    return _place(Path("-"), fd) if isinstance(fd, int) else None


def refuse_clashes(
    inputs: Iterable[StrPath],
    outputs: Iterable[tuple[str, StrPath | None]],
    *,
    stdout: bool = True,
    folds_case: Callable[[Path], bool] = folds_case,
) -> None:
    """Refuse, before anything is read or written, a run that would write over one of its
    ``inputs`` or write two ``outputs`` (each named by its option, ``-o`` …; None or ``-``
    for none) to one file: the same file by any path, through links (symbolic or hard),
    ``./x`` or ``x``, relative or absolute, names that differ only in case in a folder that
    folds case, standard input read from it, or (with ``stdout``) standard output sent to
    one of the inputs. Devices and pipes (``/dev/null``) are no file to clash over.

    Raises :class:`OutputClash`, saying what is the same file as what.

    >>> try:
    ...     refuse_clashes([], [("-o", Path("x.jsonl")), ("--rejects", Path("./x.jsonl"))])
    ... except OutputClash as e:
    ...     print(str(e).replace(": nothing", ":\\nnothing"))
    x.jsonl: -o x.jsonl and --rejects x.jsonl are the same file:
    nothing was written; name two different files
    """
    read: list[tuple[str, _Place]] = []
    for path in inputs:
        where = _stream_place(sys.stdin) if os.fspath(path) == "-" else _place(path)
        if where is not None and where[0] == "file":
            read.append((source_name(path), where))
    written: list[tuple[str, str, _Place, Path]] = []
    for option, out in outputs:
        if out is None or os.fspath(out) == "-":
            continue
        where = _place(out)
        if where is not None:
            written.append((option, os.fspath(out), where, Path(os.path.realpath(out)).parent))
    if stdout and (where := _stream_place(sys.stdout)) is not None:
        written.append(("standard output", "", where, Path(".")))
    for option, name, where, _ in written:
        said = f"{option} {name}".strip()
        for source, there in read:
            if where == there:
                head = f"{name}: " if name else f"{source}: "
                raise OutputClash(
                    f"{head}{said} is the input {source} (the same file): nothing was "
                    f"written; {'name another file' if name else 'send it elsewhere'}")
    for i, (option, name, where, folder) in enumerate(written):
        for other, other_name, there, _ in written[i + 1:]:
            if _one_file(where, there, folds_case, folder):
                said = f"{other} {other_name}".strip()
                raise OutputClash(
                    f"{name or other_name}: {option} {name} and {said} are the same file: "
                    "nothing was written; name two different files")
