"""The record files a command reads whole, and the games a command writes, in the form asked."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from t42 import printing as screen
from t42.options import EXIT_UNUSABLE, LINE_FORMS, ConvertTo, Format
from t42.printing import say, say_left_out, show

if TYPE_CHECKING:
    from notation.formats.text.reader import ReadGame
    from notation.model.findings import Finding
    from notation.model.game import Game


@dataclass
class FileResult:
    """Everything read and found in one input file."""

    path: str
    text: str
    games: list[Game] = field(default_factory=list)  # the games read whole
    # Every game worth keeping, whole or not (a syntax error costs only its hand; an
    # unknown rule set nothing: such a game is read under the defaults), with its rules.
    kept: list[ReadGame] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    unreadable: bool = False  # some game had a problem reading it
    left_out: list[str] = field(default_factory=list)  # what could not be read, in words
    games_read: int = 0  # every game met, whole or not (text before any tags is no game)
    hands: int = 0


def read_record_file(path: Path, *, check: bool) -> FileResult:
    """Read one file of either form; with ``check``, also run every rule over it."""
    from notation.archive.reading import read_file
    from notation.check.validate import check_game
    from notation.files import source_name

    text, reads = read_file(path)
    result = FileResult(source_name(path), text)
    for read in reads:
        result.games_read += read.has_tags
        result.findings.extend(read.problems)
        result.hands += len(read.game.hands)
        result.unreadable |= bool(read.problems)
        result.left_out += read.left_out()
        if not read.problems:
            result.games.append(read.game)
        if read.readable:
            result.kept.append(read)
        if check and (read.game.hands or not read.problems):
            report = check_game(read.game, read.rules, read.index, read.unread_lines)
            result.findings.extend(report.findings)
    result.findings.sort(key=lambda f: (f.line or 0, f.column or 0))
    return result


def read_or_exit(path: Path) -> FileResult:
    """Read one file for a command that needs it whole; an unreadable file ends the run."""
    from notation.files import UnreadableInput

    try:
        return read_record_file(path, check=False)
    except UnreadableInput as e:
        say(screen.err, str(e), "bold red")
        raise typer.Exit(EXIT_UNUSABLE) from None


def print_findings(result: FileResult) -> None:
    """The problems met reading a file, and what they cost, on stderr (they are no command's
    data)."""
    show(result.findings, result.path, result.text.split("\n"))  # \n lines, as the grammar
    say_left_out(result.path, result.left_out)


def one_game(result: FileResult, game: int | None) -> tuple[int, Game]:
    """The game a picture is drawn of: number ``game``, or the only game of the file."""
    count = len(result.games)
    if not count:
        if result.unreadable:
            print_findings(result)
        say(screen.err, f"{result.path}: no games to draw", "bold red")
        raise typer.Exit(EXIT_UNUSABLE)
    if game is None and count > 1:
        say(screen.err, f"{result.path} has {count} games: choose one with --game", "bold red")
        raise typer.Exit(EXIT_UNUSABLE)
    number = game or 1
    if not 1 <= number <= count:
        say(screen.err, f"{result.path}: there is no game {number} (it has {count})", "bold red")
        raise typer.Exit(EXIT_UNUSABLE)
    return number, result.games[number - 1]


class GameSink:
    """Where converted games go, in the chosen form, written as they come."""

    def __init__(self, write: Callable[[str], object], form: Format | ConvertTo) -> None:
        self.write = write
        self.form = form
        self.count = 0
        self._held: str | None = None  # .json: one game is an object, several an array

    def add(self, game: Game) -> None:
        from notation.archive.reading import render

        self.add_rendered(render(game, self.form.value))

    def add_rendered(self, text: str) -> None:
        """Write one game already rendered in this sink's form (see archive.render)."""
        if self.form.value == "t42":
            self.write(("\n" if self.count else "") + text)
        elif self.form.value == "jsonl" or self.form.value in LINE_FORMS:
            self.write(text)
        elif self.count == 0:
            self._held = text
        else:
            if self._held is not None:
                self.write("[\n" + self._held)
                self._held = None
            self.write(",\n" + text)
        self.count += 1

    def close(self) -> None:
        if self.form.value == "json":
            if self._held is not None:
                self.write(self._held + "\n")
            elif self.count:
                self.write("\n]\n")
