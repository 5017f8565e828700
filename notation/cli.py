"""The ``t42`` command: a thin layer over the library.

Exit codes: 0 clean; 1 findings (or, for ``fmt --check``, a file not in canonical form);
2 unusable input (a file that cannot be read, or a record too broken to format or convert).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.text import Text

from notation import json_form
from notation.diagnostics import describe
from notation.errors import RecordError
from notation.files import UnreadableInput, read_source, source_name, write_atomically
from notation.findings import Finding, Severity
from notation.game import Game
from notation.reader import ReadGame, read_games
from notation.validate import check_game
from notation.writer import write_games

EXIT_CLEAN, EXIT_FINDINGS, EXIT_UNUSABLE = 0, 1, 2

app = typer.Typer(
    name="t42",
    help="Check, convert, format and replay records of Texas 42 games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)

out = Console(markup=False, highlight=False, emoji=False, soft_wrap=True)
err = Console(stderr=True, markup=False, highlight=False, emoji=False, soft_wrap=True)

FilesArg = Annotated[
    list[Path], typer.Argument(help="Record files (.t42, .json or .jsonl); - reads stdin.")
]


class Format(StrEnum):
    t42 = "t42"
    json = "json"
    jsonl = "jsonl"


def _say(console: Console, text: str, style: str = "") -> None:
    console.print(Text(text, style=style))


@dataclass
class _FileResult:
    """Everything read and found in one input file."""

    path: str
    text: str
    games: list[Game] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    unreadable: bool = False  # some game could not be read whole
    games_read: int = 0  # every game met, whole or not (text before any tags is no game)
    hands: int = 0


def _looks_like_json(text: str) -> bool:
    start = text.lstrip()[:2]
    return start.startswith("{") or start.rstrip() in ("[{", "[]") or (
        start.startswith("[") and text.lstrip()[1:].lstrip()[:1] in ("{", "]")
    )


def _read_file(path: Path, *, check: bool) -> _FileResult:
    """Read one file of either form; with ``check``, also run every rule over it."""
    text = read_source(path)
    result = _FileResult(source_name(path), text)
    if _looks_like_json(text):
        for item in json_form.read_records(text):
            if isinstance(item, RecordError):
                result.unreadable = True
                result.games_read += 1
                result.findings.append(
                    Finding(item.code, Severity.ERROR, item.message, item.line, item.column)
                )
            else:
                result.games.append(item)
        reads: Iterator[ReadGame] = (
            ReadGame(i, g, rules=g.rules) for i, g in enumerate(result.games, start=1)
        )
    else:
        games: list[ReadGame] = list(read_games(text))
        result.games = [g.game for g in games if not g.problems]
        result.unreadable = any(g.problems for g in games)
        reads = iter(games)
    for read in reads:
        result.games_read += read.has_tags
        result.findings.extend(read.problems)
        result.hands += len(read.game.hands)
        if check and (read.game.hands or not read.problems):
            report = check_game(read.game, read.rules, read.index, read.unread_lines)
            result.findings.extend(report.findings)
    result.findings.sort(key=lambda f: (f.line or 0, f.column or 0))
    return result


def _read_or_exit(path: Path) -> _FileResult:
    """Read one file for a command that needs it whole; an unreadable file ends the run."""
    try:
        return _read_file(path, check=False)
    except UnreadableInput as e:
        _say(err, str(e), "bold red")
        raise typer.Exit(EXIT_UNUSABLE) from None


def _print_findings(result: _FileResult) -> None:
    lines = result.text.splitlines()
    for finding in result.findings:
        style = "bold red" if finding.is_error else "yellow"
        text = describe(finding, result.path, lines)
        head, _, rest = text.partition("\n")
        _say(out, head, style)
        if rest:
            _say(out, rest)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


@app.command()
def validate(
    files: FilesArg,
    as_json: Annotated[
        bool, typer.Option("--json", help="Write the findings as JSON on stdout.")
    ] = False,
) -> None:
    """Check records against the rules; report every finding with its place and evidence."""
    code = EXIT_CLEAN
    report: list[dict[str, Any]] = []
    for path in files:
        try:
            result = _read_file(path, check=True)
        except UnreadableInput as e:
            _say(err, str(e), "bold red")
            code = EXIT_UNUSABLE
            report.append({"path": source_name(path), "unusable": str(e)})
            continue
        if not result.games_read:
            # Nothing in the file could be read as a game: empty, only comments, or not a record.
            message = f"{result.path}: no games found (a game starts with a tag like [Event \"…\"])"
            if not as_json:
                _print_findings(result)
            _say(err, message, "bold red")
            code = EXIT_UNUSABLE
            report.append(
                {
                    "path": result.path,
                    "unusable": message,
                    "findings": [f.as_json() for f in result.findings],
                }
            )
            continue
        errors = sum(f.is_error for f in result.findings)
        warnings = len(result.findings) - errors
        if result.findings:
            code = max(code, EXIT_FINDINGS)
        if as_json:
            report.append(
                {
                    "path": result.path,
                    "games": result.games_read,
                    "hands": result.hands,
                    "errors": errors,
                    "warnings": warnings,
                    "findings": [f.as_json() for f in result.findings],
                }
            )
            continue
        _print_findings(result)
        summary = (
            f"{result.path}: {_plural(result.games_read, 'game')}, "
            f"{_plural(result.hands, 'hand')}: "
            f"{_plural(errors, 'error')}, {_plural(warnings, 'warning')}"
        )
        _say(out, summary, "green" if not result.findings else "bold")
    if as_json:
        out.file.write(json.dumps({"files": report}, indent=2, ensure_ascii=False) + "\n")
    raise typer.Exit(code)


def _unusable(result: _FileResult, what: str) -> None:
    _print_findings(result)
    _say(err, f"{result.path}: not {what}: mend the errors above first", "bold red")


@app.command("fmt")
def fmt(
    files: FilesArg,
    in_place: Annotated[
        bool, typer.Option("--in-place", "-i", help="Rewrite each file in canonical form.")
    ] = False,
    check: Annotated[
        bool, typer.Option("--check", help="Only report files not in canonical form (exit 1).")
    ] = False,
) -> None:
    """Write records in the canonical notation (to stdout, or in place with -i)."""
    code = EXIT_CLEAN
    for path in files:
        try:
            result = _read_file(path, check=False)
        except UnreadableInput as e:
            _say(err, str(e), "bold red")
            code = EXIT_UNUSABLE
            continue
        if result.unreadable or not result.games:
            if not result.games and not result.findings:
                _say(err, f"{result.path}: no games found", "bold red")
            else:
                _unusable(result, "formatted")
            code = EXIT_UNUSABLE
            continue
        canonical = write_games(result.games)
        if check:
            if canonical != result.text:
                _say(out, f"{result.path}: not in canonical form")
                code = max(code, EXIT_FINDINGS)
        elif in_place and str(path) != "-":
            if canonical != result.text:
                write_atomically(path, canonical)
        else:
            out.file.write(canonical)
    raise typer.Exit(code)


def _output_format(out_path: Path | None, to: Format | None) -> Format:
    if to is not None:
        return to
    if out_path is not None and str(out_path) != "-":
        suffix = out_path.suffix.lower().lstrip(".")
        if suffix in ("json", "jsonl"):
            return Format(suffix)
        return Format.t42
    return Format.jsonl


@app.command()
def convert(
    source: Annotated[Path, typer.Argument(help="A .t42, .json or .jsonl file; - reads stdin.")],
    output: Annotated[
        Path | None,
        typer.Option("--output", "-o", help="Where to write; - or nothing for stdout."),
    ] = None,
    to: Annotated[
        Format | None,
        typer.Option("--to", help="Output form (default: from -o's suffix; JSON Lines to stdout)."),
    ] = None,
) -> None:
    """Convert notation to JSON (one document per game, JSON Lines for many) and back."""
    result = _read_or_exit(source)
    form = _output_format(output, to)
    if form is Format.t42:
        text = write_games(result.games)
    elif form is Format.json:
        text = json_form.dumps(result.games[0] if len(result.games) == 1 else result.games,
                               indent=2) + "\n"
    else:
        text = "".join(json_form.dumps(g) + "\n" for g in result.games)
    if output is None or str(output) == "-":
        out.file.write(text)
    else:
        write_atomically(output, text)
    if result.unreadable or not result.games:
        _print_findings(result)
        if not result.games and not result.findings:
            _say(err, f"{result.path}: no games found", "bold red")
        else:
            skipped = "every game" if not result.games else "the games above"
            _say(err, f"{result.path}: {skipped} could not be converted", "bold red")
        raise typer.Exit(EXIT_UNUSABLE if not result.games else EXIT_FINDINGS)
    raise typer.Exit(EXIT_CLEAN)


@app.command()
def replay(
    source: Annotated[Path, typer.Argument(help="A record file; - reads stdin.")],
    game: Annotated[
        int | None, typer.Option("--game", "-g", help="Only this game (1, 2 …).")
    ] = None,
    hand: Annotated[
        int | None, typer.Option("--hand", "-n", help="Only this hand number.")
    ] = None,
) -> None:
    """Replay a record step by step: every bid and play, the hands, the trick, the score."""
    from replay.render import print_replay

    result = _read_or_exit(source)
    if result.unreadable:
        _print_findings(result)
    games = list(enumerate(result.games, start=1))
    if game is not None:
        games = [(i, g) for i, g in games if i == game]
        if not games:
            count = len(result.games)
            _say(err, f"{result.path}: there is no game {game} (it has {count})", "bold red")
            raise typer.Exit(EXIT_UNUSABLE)
    shown = 0
    for index, record in games:
        if hand is not None and all(h.number != hand for h in record.hands):
            continue
        print_replay(out, record, check_game(record, index=index), hand)
        shown += 1
    if shown == 0:
        what = f"no hand {hand}" if hand is not None else "no games"
        _say(err, f"{result.path}: {what} to replay", "bold red")
        raise typer.Exit(EXIT_UNUSABLE)
    raise typer.Exit(EXIT_FINDINGS if result.unreadable else EXIT_CLEAN)


def main() -> None:
    """Entry point: run the app and turn any unexpected failure into a message, not a trace."""
    try:
        app()
    except KeyboardInterrupt:
        _say(err, "t42: interrupted", "bold red")
        sys.exit(130)
    except SystemExit:
        raise
    except Exception as e:  # a bug in t42: say so plainly instead of a traceback
        _say(err, f"t42: internal error ({type(e).__name__}: {e}); please report it", "bold red")
        sys.exit(EXIT_UNUSABLE)
