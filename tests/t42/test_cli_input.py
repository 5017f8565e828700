"""Input no command can use: every command reads a bounded amount of it and stops with the
same clear error and exit code (2), whatever the input's kind (README, "The commands")."""

from __future__ import annotations

import base64
import os
import threading
from pathlib import Path

import pytest
from typer.testing import CliRunner

from t42.commands import app

# Every command that reads a record file, with the options it needs to run.
READERS = [
    ["validate"], ["fmt"], ["convert"], ["stats"], ["analyze"], ["replay", "--print"],
    ["html"], ["audit"], ["par"], ["diagram", "--hand", "1"],
]
COMMANDS = [pytest.param(c, id=" ".join(c)) for c in READERS]


class Endless:
    """A named pipe fed without end (as a device or a pipe never closed), counting the bytes
    fed; past ``most`` it stops feeding and closes, and the test fails."""

    def __init__(self, folder: Path, pattern: bytes, most: int) -> None:
        self.path = folder / "endless.t42"
        os.mkfifo(self.path)
        self.pattern = pattern * (65536 // len(pattern) + 1)
        self.most = most
        self.fed = 0
        self.thread = threading.Thread(target=self._feed, daemon=True)
        self.thread.start()

    def _feed(self) -> None:
        try:
            with self.path.open("wb") as out:  # waits for the reader
                while self.fed <= self.most:
                    out.write(self.pattern)
                    self.fed += len(self.pattern)
        except BrokenPipeError:  # the reader stopped: what the test wants
            pass

    def close(self) -> None:
        if self.thread.is_alive():  # never opened by the reader: let the feeder go
            os.close(os.open(self.path, os.O_RDONLY | os.O_NONBLOCK))
        self.thread.join()


ENDLESS = {
    "zeros": (b"\x00", ": this is a binary file, not a text record"),
    "letters, no line end": (b"x", ":1: line 1 goes on for more than 16 MiB"),
    "not UTF-8": (b"caf\xe9\n", ":1:4: this file is not UTF-8 text"),
    "UTF-16": ('[Event "x"] '.encode("utf-16-le"), ": this file is UTF-16LE text"),
}


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize(("pattern", "message"), ENDLESS.values(), ids=ENDLESS.keys())
def test_an_endless_stream_is_read_a_bounded_amount(
    command: list[str], pattern: bytes, message: str, tmp_path: Path
) -> None:
    """Issue 27: `t42 validate /dev/zero` looped for ever; replay and html read it until the
    memory ran out."""
    stream = Endless(tmp_path, pattern, most=32 << 20)
    try:
        result = CliRunner().invoke(app, [*command, str(stream.path)])
    finally:
        stream.close()
    assert stream.fed <= stream.most
    assert result.exit_code == 2, result.output
    assert f"{stream.path}{message}" in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("command", COMMANDS)
def test_a_device_that_never_ends_is_refused(command: list[str]) -> None:
    result = CliRunner().invoke(app, [*command, "/dev/zero"])
    assert (result.exit_code, result.stderr) == (
        2, "/dev/zero: this is a binary file, not a text record\n"
    )


NOTATION = 'a game starts with a tag like [Event "…"]'
JSON = 'a game in JSON is an object with "tags" and "hands"'
UNUSABLE = {
    "empty": (b"", f"no games found ({NOTATION})"),
    "only a comment": (b"; nothing yet\n", f"no games found ({NOTATION})"),
    "base64": (base64.encodebytes(bytes(range(256)) * 2000), f"no games found ({NOTATION})"),
    "a JSON array of numbers": (b'[1, 2, "x"]\n', f"no games found ({JSON})"),
    "an array of nulls": (b"[null, true]", f"no games found ({JSON})"),
    "a JSON object, not a game": (b'{"hello":[1,2,3]}\n', f"no games found ({JSON})"),
    "an indented JSON object": (b'{\n  "hello": [1, 2]\n}\n', f"no games found ({JSON})"),
    "UTF-16": ('\ufeff[Event "x"]\n'.encode("utf-16-le"), "this file is UTF-16 text"),
    "UTF-16 without a BOM": ('[Event "x"]\n'.encode("utf-16-be"), "this file is UTF-16BE text"),
    "UTF-32": ('[Event "x"]\n'.encode("utf-32"), "this file is UTF-32 text"),
    "binary": (b"\x7fELF\x02\x01\x01\x00" * 100, "this is a binary file, not a text record"),
}


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize(("content", "message"), UNUSABLE.values(), ids=UNUSABLE.keys())
def test_unusable_input_is_said_alike_and_exits_two_in_every_command(
    command: list[str], content: bytes, message: str, tmp_path: Path
) -> None:
    """Issue 26: the same file gave exit 0, 1 or 2 by the command, tables of zeros, a JSON
    array read as notation, "a binary file" for UTF-16, and "this hand is 5,242,880
    characters long" where there was no hand."""
    path = tmp_path / "x.t42"
    path.write_bytes(content)
    result = CliRunner().invoke(app, [*command, str(path)])
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith(f"{path}: {message}")
    assert result.stdout in ("", f"{path}: {message}\n")  # validate: findings are its output
    assert "Traceback" not in result.stderr


SAMPLE = Path(__file__).resolve().parents[2] / "samples" / "renege.t42"
# Mixed: never a CR before an LF of its own (before an empty line), which is one CRLF.
LINE_ENDS = {"CR": [b"\r"], "CRLF": [b"\r\n"], "mixed": [b"\r", b"\r\n", b"\n", b"\r\n"]}


def _ends(raw: bytes, ends: list[bytes]) -> bytes:
    lines = raw.split(b"\n")
    return b"".join(line + ends[i % len(ends)] for i, line in enumerate(lines[:-1])) + lines[-1]


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("ends", LINE_ENDS.values(), ids=LINE_ENDS.keys())
def test_every_line_end_reads_alike_in_every_command(
    command: list[str], ends: list[bytes], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 35: a file with old-Mac line ends (CR only) was "no games found", exit 2."""
    monkeypatch.chdir(tmp_path)
    Path("lf.t42").write_bytes(SAMPLE.read_bytes())
    Path("x.t42").write_bytes(_ends(SAMPLE.read_bytes(), ends))
    if command[0] == "analyze":
        command = [*command, "--jobs", "1"]
    lf = CliRunner().invoke(app, [*command, "lf.t42"])
    other = CliRunner().invoke(app, [*command, "x.t42"])
    assert other.exit_code == lf.exit_code, other.stderr
    assert other.stdout.replace("x.t42", "lf.t42") == lf.stdout
    assert other.stderr.replace("x.t42", "lf.t42") == lf.stderr


def test_a_finding_in_a_cr_file_is_at_the_line_and_column_an_editor_shows(
    tmp_path: Path
) -> None:
    path = tmp_path / "mac.t42"
    path.write_bytes(_ends(SAMPLE.read_bytes(), [b"\r"]))
    result = CliRunner().invoke(app, ["validate", str(path)])
    assert result.exit_code == 1, result.output
    assert f"{path}:24:17: error: W reneged in trick 3" in result.stdout
    assert "   24 | 3 N 4-4 4-1 4-3 2-2 { W still holds 5-4 and 4-2 }\n" in result.stdout


def test_a_long_cr_file_reads_whole(tmp_path: Path) -> None:
    # Longer than the 64 KiB a line is held to: as one line, it was cut there.
    path = tmp_path / "mac.t42"
    path.write_bytes(_ends((SAMPLE.read_bytes() + b"\n") * 60, [b"\r"]))
    result = CliRunner().invoke(app, ["validate", str(path)])
    assert result.exit_code == 1, result.output
    assert f"{path}: 60 games, 120 hands: 120 errors, 0 warnings" in result.stdout


@pytest.mark.parametrize("ends", LINE_ENDS.values(), ids=LINE_ENDS.keys())
def test_fmt_writes_lf_line_ends_and_check_finds_others(
    ends: list[bytes], tmp_path: Path
) -> None:
    # The canonical form ends its lines in LF: a file read alike with CR or CRLF line ends
    # is still not in canonical form, and fmt -i writes it with LF.
    canonical = CliRunner().invoke(app, ["fmt", str(SAMPLE)]).stdout.encode()
    path = tmp_path / "x.t42"
    path.write_bytes(_ends(canonical, ends))
    result = CliRunner().invoke(app, ["fmt", "--check", str(path)])
    assert result.exit_code == 1, result.output
    assert f"{path}:1: not in canonical form: its lines end in CR or CRLF, not LF" in result.stdout
    assert CliRunner().invoke(app, ["fmt", "-i", str(path)]).exit_code == 0
    assert path.read_bytes() == canonical
    assert CliRunner().invoke(app, ["fmt", "--check", str(path)]).exit_code == 0
