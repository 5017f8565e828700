"""The ``t42`` command: a thin layer over the library.

Exit codes: 0 clean; 1 findings (or, for ``fmt --check``, a file not in canonical form);
2 unusable input (a file that cannot be read, or a record too broken to format or convert).
"""

from __future__ import annotations

import itertools
import json
import multiprocessing
import os
import signal
import sys
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager, suppress
from dataclasses import dataclass, field
from datetime import date
from enum import StrEnum
from functools import partial
from pathlib import Path
from typing import IO, Annotated, Any, NoReturn

import typer
from rich.console import Console
from rich.text import Text

from notation import __version__
from notation.archive.parallel import in_order, usable_jobs, usable_processors
from notation.archive.reading import (
    CheckedGame,
    Unit,
    check_units,
    convert_units,
    read_archive,
    read_file,
    read_unit,
    render,
    settle,
    units,
)
from notation.archive.reading import unwritable as unwritable_game
from notation.archive.stats import ArchiveStats
from notation.check.validate import check_game
from notation.errors import RecordError
from notation.files import (
    AtomicWriter,
    UnreadableInput,
    WriteError,
    is_the_machines,
    open_locked,
    read_source,
    snapshot,
    source_name,
    unopenable,
    unwritable,
    write_atomically,
    written_on,
)
from notation.formats.text.reader import ReadGame
from notation.formats.text.writer import first_difference, write_games
from notation.model.findings import Finding, plural
from notation.model.game import Game
from notation.views.diagnostics import describe
from notation.views.terminal import Colour, console, for_stream, inert, inert_lines, wants_colour

EXIT_CLEAN, EXIT_FINDINGS, EXIT_UNUSABLE = 0, 1, 2

app = typer.Typer(
    name="t42",
    no_args_is_help=True,
    context_settings={"help_option_names": ["-h", "--help"]},
    pretty_exceptions_enable=False,
    rich_markup_mode="markdown",
)

# The help panels the commands are grouped in, in the order `t42 -h` lists them.
RECORDS, CONVERSION, ANALYSIS, REFERENCE = (
    "Record-keeping", "Conversion", "Analysis", "Reference and practice"
)

# Each command sets these to its --color choice (see _use_colour) before it writes anything.
out = console(Colour.auto)
err = console(Colour.auto, stderr=True)

GameOption = Annotated[
    int | None, typer.Option("--game", "-g", help="Only this game (1, 2 …).")
]
HandOption = Annotated[int | None, typer.Option("--hand", "-n", help="Only this hand number.")]
SourceArg = Annotated[Path, typer.Argument(help="A record file; - reads stdin.")]

ColourOption = Annotated[
    Colour,
    typer.Option(
        "--color",
        case_sensitive=False,
        help="Colour: auto (only on a terminal, and not when NO_COLOR is set), always or never.",
    ),
]


def _use_colour(colour: Colour) -> None:
    """Colour standard output and error as ``colour`` says, for the rest of this run."""
    global out, err
    out, err = console(colour), console(colour, stderr=True)


def _show_version(asked: bool) -> None:
    if asked:
        typer.echo(f"t42 {__version__}")
        raise typer.Exit(EXIT_CLEAN)


@app.callback()
def t42(
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_show_version, is_eager=True, help="Show t42's version and exit."
        ),
    ] = False,
) -> None:
    """Check, convert, format and replay records of Texas 42 games."""

FilesArg = Annotated[
    list[Path], typer.Argument(help="Record files (.t42, .json or .jsonl); - reads stdin.")
]


class Format(StrEnum):
    t42 = "t42"
    json = "json"
    jsonl = "jsonl"


def _say(screen: Console, text: str, style: str = "") -> None:
    # File names and record text within a message are shown inert (escapes, invisibles).
    screen.print(Text(inert_lines(text), style=style))


@dataclass
class _FileResult:
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


def _read_file(path: Path, *, check: bool) -> _FileResult:
    """Read one file of either form; with ``check``, also run every rule over it."""
    text, reads = read_file(path)
    result = _FileResult(source_name(path), text)
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


def _checked_games(path: Path, jobs: int) -> Iterator[CheckedGame]:
    """Every game of ``path`` read and checked, in order, by ``jobs`` processes, in flat
    memory (games are cut from the file here and read in the workers)."""
    with _progress(path, "checking") as advance:
        checks = in_order(check_units, units(path), jobs, _unit_size, _settle_worker)
        for checked in itertools.chain.from_iterable(checks):
            advance(checked.size)
            yield checked


def _settle_worker() -> None:
    """Ready a process to work on an archive (:func:`notation.archive.reading.settle`). Ctrl-C
    reaches every process of the terminal's group; the parent alone answers it (it stops the
    pool and says so), so a worker ignores it rather than print its traceback."""
    if multiprocessing.parent_process() is not None:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    settle()


def _close(work: Iterator[object]) -> None:
    """Close a pool's results here and now when a run stops early (an error, an interrupt,
    --strict): left to the garbage collector, the pool is shut down from a thread that
    cannot, with a traceback."""
    close = getattr(work, "close", None)
    if close is not None:
        close()


def _unit_size(unit: Unit) -> int:
    return unit.size


@contextmanager
def _progress(
    path: Path, doing: str, least: int = 4_000_000
) -> Iterator[Callable[[int], None]]:
    """A progress bar with the time left on stderr for a file of ``least`` bytes or more
    (long enough to wait for), when stderr is a terminal; else nothing."""
    size = path.stat().st_size if str(path) != "-" and path.is_file() else 0
    if not err.is_terminal or size < max(least, 1):
        yield lambda _: None
        return
    from rich.progress import Progress

    with Progress(console=err, transient=True) as bar:
        task = bar.add_task(f"{doing} {path.name}", total=size)
        yield lambda n: bar.advance(task, n)


def _show(
    findings: list[Finding],
    path: str,
    lines: list[str],
    first_line: int = 1,
    console: Console = err,
) -> None:
    """Findings in words, on stderr unless they are the command's output (``validate``):
    stdout carries only a command's data, so that it can be piped or redirected whole."""
    for finding in findings:
        style = "bold red" if finding.is_error else "yellow"
        head, _, rest = describe(finding, path, lines, first_line).partition("\n")
        _say(console, head, style)
        if rest:
            _say(console, rest)


def _read_or_exit(path: Path) -> _FileResult:
    """Read one file for a command that needs it whole; an unreadable file ends the run."""
    try:
        return _read_file(path, check=False)
    except UnreadableInput as e:
        _say(err, str(e), "bold red")
        raise typer.Exit(EXIT_UNUSABLE) from None


def _print_findings(result: _FileResult) -> None:
    """The problems met reading a file, and what they cost, on stderr (they are no command's
    data)."""
    _show(result.findings, result.path, result.text.split("\n"))  # \n lines, as the grammar
    _say_left_out(result.path, result.left_out)


def _say_left_out(path: str, parts: list[str]) -> None:
    """Which hands (or games) could not be read and are left out: the rest goes on."""
    if parts:
        they = "it" if len(parts) == 1 else "they"
        _say(err, f"{path}: left out, as {they} could not be read: {', '.join(parts)}", "bold red")


def _nothing_to(verb: str, path: str, any_games: bool, game: int | None,
                hand: int | None) -> NoReturn:
    """End a run that found no hand to work on, saying which was asked for and missing."""
    what = "no games" if not any_games else f"no hand {hand}" if hand is not None else "no hands"
    if game is not None and not any_games:
        what = f"no game {game}"
    _say(err, f"{path}: {what} to {verb}", "bold red")
    raise typer.Exit(EXIT_UNUSABLE)


def _jobs(asked: int) -> int:
    """--jobs as asked, or cut to the processors there are, saying so."""
    jobs = usable_jobs(asked)
    if jobs < asked:
        _say(err, f"--jobs {asked}: t42 can use {plural(jobs, 'processor')} here; using {jobs}",
             "yellow")
    return jobs


@app.command(rich_help_panel=RECORDS)
def validate(
    files: FilesArg,
    as_json: Annotated[
        bool, typer.Option("--json", help="Write the findings as JSON on stdout.")
    ] = False,
    strict: Annotated[
        bool, typer.Option("--strict", help="Stop at the first finding (for CI).")
    ] = False,
    jobs: Annotated[
        int,
        typer.Option("--jobs", "-j", min=1, callback=_jobs,
                     help="Processes to check with (default: the cores)."),
    ] = usable_processors(),
    colour: ColourOption = Colour.auto,
) -> None:
    """Check records against the rules; report every finding with its place and evidence."""
    _use_colour(colour)
    code = EXIT_CLEAN
    report: list[dict[str, Any]] = []
    for path in files:
        if strict and code != EXIT_CLEAN:
            break
        name = source_name(path)
        games = hands = errors = warnings = 0
        findings: list[dict[str, Any]] = []
        left_out: list[str] = []
        try:
            for checked in _checked_games(path, jobs):
                found = checked.findings
                games += checked.is_game
                hands += checked.hands
                left_out += checked.left_out
                errors += sum(f.is_error for f in found)
                warnings += sum(not f.is_error for f in found)
                if strict:
                    found = found[:1]
                if as_json:
                    findings += [f.as_json() for f in found]
                else:
                    _show(found, name, checked.text.split("\n"), checked.first_line, out)
                if strict and found:
                    break
        except UnreadableInput as e:
            _say(err, str(e), "bold red")
            code = EXIT_UNUSABLE
            report.append({"path": name, "unusable": str(e), "findings": findings})
            continue
        if errors or warnings:
            code = max(code, EXIT_FINDINGS)
        if as_json:
            report.append(
                {
                    "path": name,
                    "games": games,
                    "hands": hands,
                    "errors": errors,
                    "warnings": warnings,
                    "findings": findings,
                }
            )
            continue
        summary = (
            f"{name}: {plural(games, 'game')}, {plural(hands, 'hand')}: "
            f"{plural(errors, 'error')}, {plural(warnings, 'warning')}"
        )
        if left_out:
            they = "it" if len(left_out) == 1 else "they"
            summary += f"; left out, as {they} could not be read: {', '.join(left_out)}"
        _say(out, summary, "bold" if errors or warnings else "green")
    if as_json:
        out.file.write(json.dumps({"files": report}, indent=2, ensure_ascii=False) + "\n")
    raise typer.Exit(code)


def _unusable(result: _FileResult, what: str) -> None:
    _show(result.findings, result.path, result.text.split("\n"))
    _say(err, f"{result.path}: not {what}: mend the errors above first", "bold red")


@app.command("fmt", rich_help_panel=RECORDS)
def fmt(
    files: FilesArg,
    in_place: Annotated[
        bool, typer.Option("--in-place", "-i", help="Rewrite each file in canonical form.")
    ] = False,
    check: Annotated[
        bool, typer.Option("--check", help="Only report files not in canonical form (exit 1).")
    ] = False,
    colour: ColourOption = Colour.auto,
) -> None:
    """Write records in the canonical notation (to stdout, or in place with -i)."""
    _use_colour(colour)
    code = EXIT_CLEAN
    for path in files:
        try:
            code = max(code, _fmt_file(path, in_place and str(path) != "-", check))
        except (UnreadableInput, WriteError) as e:
            _say(err, str(e), "bold red")
            code = EXIT_UNUSABLE
    raise typer.Exit(code)


def _fmt_file(path: Path, in_place: bool, check: bool) -> int:
    """Format one file as ``t42 fmt`` does; its exit code. In place, the file is locked
    while it is read and written, and not replaced if another program changed it."""
    with ExitStack() as held:
        before = None
        if in_place and not check:
            before = snapshot(path)
            held.enter_context(open_locked(path, "rb"))
        result = _read_file(path, check=False)
        if result.unreadable or not result.games:
            _unusable(result, "formatted")
            return EXIT_UNUSABLE
        canonical = write_games(result.games)
        if check:
            if canonical != result.text:
                line, written, expected = first_difference(result.text, canonical)
                _say(out, f"{result.path}:{line}: not in canonical form\n"
                          f"  written:  {inert(written)}\n  expected: {inert(expected)}")
                return EXIT_FINDINGS
        elif in_place:
            if canonical != result.text:
                write_atomically(path, canonical, before)
        else:
            out.file.write(for_stream(out.file, canonical))
    return EXIT_CLEAN


def _output_format(out_path: Path | None, to: Format | None) -> Format:
    if to is not None:
        return to
    if out_path is not None and str(out_path) != "-":
        suffix = out_path.suffix.lower().lstrip(".")
        if suffix in ("json", "jsonl"):
            return Format(suffix)
        return Format.t42
    return Format.jsonl


class _GameSink:
    """Where converted games go, in the chosen form, written as they come."""

    def __init__(self, write: Callable[[str], object], form: Format) -> None:
        self.write = write
        self.form = form
        self.count = 0
        self._held: str | None = None  # .json: one game is an object, several an array

    def add(self, game: Game) -> None:
        self.add_rendered(render(game, self.form.value))

    def add_rendered(self, text: str) -> None:
        """Write one game already rendered in this sink's form (see archive.render)."""
        if self.form is Format.t42:
            self.write(("\n" if self.count else "") + text)
        elif self.form is Format.jsonl:
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
        if self.form is Format.json:
            if self._held is not None:
                self.write(self._held + "\n")
            elif self.count:
                self.write("\n]\n")


@app.command(rich_help_panel=CONVERSION)
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
    rejects: Annotated[
        Path | None,
        typer.Option("--rejects", help="Keep the text of every game that cannot be read here."),
    ] = None,
    strict: Annotated[
        bool, typer.Option("--strict", help="Stop at the first game that cannot be read.")
    ] = False,
    jobs: Annotated[
        int,
        typer.Option("--jobs", "-j", min=1, callback=_jobs,
                     help="Processes to convert with (default: the cores)."),
    ] = usable_processors(),
    colour: ColourOption = Colour.auto,
) -> None:
    """Convert notation to JSON (one document per game, JSON Lines for many) and back.

    Games are read and written one at a time. A game that cannot be read is reported and,
    with --rejects, kept there as written: input = output + rejects. Files appear only when
    the run is over (written to a temporary name, then renamed).
    """
    _use_colour(colour)
    name = source_name(source)
    form = _output_format(output, to)
    to_file = output is not None and str(output) != "-"
    in_place = (
        to_file and output is not None and str(source) != "-" and output.exists()
        and output.resolve() == source.resolve()
    )
    with ExitStack() as files:
        sink_file = files.enter_context(AtomicWriter(output)) if to_file and output else None
        reject_file = files.enter_context(AtomicWriter(rejects)) if rejects else None
        shown = partial(for_stream, out.file)  # the exact text to a file or pipe
        sink = _GameSink(sink_file.write if sink_file else lambda t: out.file.write(shown(t)), form)
        rejected = cut = games = 0
        found = False  # problems reported, such as an unknown rule set, that lost nothing
        try:
            work = partial(convert_units, form.value)
            with _progress(source, "converting") as advance, ExitStack() as work_on:
                conversions = in_order(work, units(source), jobs, _unit_size, _settle_worker)
                work_on.callback(_close, conversions)
                for converted in itertools.chain.from_iterable(conversions):
                    advance(len(converted.text) + len(converted.output or ""))
                    games += converted.is_game
                    if converted.problems:
                        found = True
                        lines = converted.text.split("\n")
                        _show(converted.problems, name, lines, converted.first_line)
                        _say_left_out(name, list(converted.left_out))
                    if converted.rejected:
                        if converted.output is None:
                            rejected += 1
                        else:
                            cut += 1
                        if reject_file is not None:
                            text = converted.rejected_text
                            reject_file.write(text if text.endswith("\n") else text + "\n")
                        if strict:
                            break
                    if converted.output is not None:
                        sink.add_rendered(converted.output)
        except UnreadableInput as e:
            _say(err, str(e), "bold red")
            raise typer.Exit(EXIT_UNUSABLE) from None
        sink.close()
        if (rejected or cut) and (in_place or strict):
            why = (
                "not converted in place: it has games that cannot be read whole, and writing "
                "over it would lose them"
                if in_place
                else "stopped at the first game that cannot be read whole"
            )
            _say(err, f"{name}: {why}", "bold red")
            raise typer.Exit(EXIT_UNUSABLE if in_place else EXIT_FINDINGS)
        if sink_file is not None:
            sink_file.commit()
        if reject_file is not None:
            reject_file.commit()
    if rejected or cut:
        summary = f"{name}: {sink.count} converted"
        if cut:
            summary += f", {cut} of them in part (without what could not be read)"
        if rejected:
            summary += f", {plural(rejected, 'game')} could not be converted"
        if rejects:
            summary += f"; the whole text of {plural(rejected + cut, 'game')} is in {rejects}"
        _say(err, summary, "bold red")
        raise typer.Exit(EXIT_UNUSABLE if not sink.count else EXIT_FINDINGS)
    raise typer.Exit(EXIT_FINDINGS if found else EXIT_CLEAN)


@app.command(rich_help_panel=ANALYSIS)
def analyze(
    files: FilesArg,
    output: Annotated[
        Path | None,
        typer.Option("--output", "-o", help="The JSON Lines file to write (default: stdout)."),
    ] = None,
    rejects: Annotated[
        Path | None,
        typer.Option("--rejects", help="Keep the text of every game with a hand that cannot "
                     "be analysed here."),
    ] = None,
    jobs: Annotated[
        int,
        typer.Option("--jobs", "-j", min=1, callback=_jobs, help="Processes to analyse "
                     "with (default: the cores)."),
    ] = usable_processors(),
    scheduler: Annotated[
        str | None,
        typer.Option("--scheduler", help="Run on the Dask cluster whose scheduler is here "
                     "(tcp://host:8786) instead of this machine's cores."),
    ] = None,
    resume: Annotated[
        bool,
        typer.Option("--resume", help="Continue an interrupted run: keep the lines already "
                     "in -o's file and analyse the rest."),
    ] = False,
    fair: Annotated[
        bool,
        typer.Option("--fair", help="Add each hand's fair review (see t42 review): every play "
                     "judged by what its player could know (much slower)."),
    ] = False,
    colour: ColourOption = Colour.auto,
) -> None:
    """Analyse every hand with best play: par table, makeable or not, the costly plays.

    Writes one JSON line a hand, in archive order (schemas/analysis.schema.json), and a
    summary: bids made and makeable by level, the points lost by seat and player. A hand
    that cannot be analysed is reported, written as a rejected line, and its game's text
    kept in --rejects. Lines are written as each game is done, so an interrupted run goes
    on with --resume, and ends byte for byte as one that was never stopped.
    """
    _use_colour(colour)
    from notation.analysis.analyze import Resume, analyse_unit, game_id
    from notation.archive.parallel import ClusterError, on_cluster
    from notation.archive.reading import games as games_of
    from notation.views.analysis_view import render_summary

    to_file = output is not None and str(output) != "-"
    done = Resume()
    if to_file and output is not None and output.exists():
        if not resume:
            _say(err, f"{output} exists: --resume to continue it, or remove it first", "bold red")
            raise typer.Exit(EXIT_UNUSABLE)
        try:
            done = Resume.of(output.read_bytes())
        except OSError as e:
            _say(err, str(unopenable(str(output), e)), "bold red")
            raise typer.Exit(EXIT_UNUSABLE) from None
    elif resume and not to_file:
        _say(err, "--resume continues a file: name it with -o", "bold red")
        raise typer.Exit(EXIT_UNUSABLE)
    names = [source_name(path) for path in files]
    if done.last is not None and done.last[0] not in names:
        _say(err, f"{output} holds the analysis of {done.last[0]}, which is not among the "
             "files to analyse: resume with the same files", "bold red")
        raise typer.Exit(EXIT_UNUSABLE)
    # Where the interrupted run stopped: games before it are done, its own lines partly.
    stop = (names.index(done.last[0]), done.last[1]) if done.last is not None else (-1, 0)
    summary = done.summary
    code = EXIT_CLEAN
    with ExitStack() as stack:
        sink: IO[str]
        if to_file and output is not None:
            # A line torn by the interruption goes.
            sink = stack.enter_context(written_on(output, done.kept if done.last else 0))
        else:
            sink = out.file
        reject_file = stack.enter_context(rejects.open("w", encoding="utf-8")) if rejects else None

        def keep(text: str) -> None:
            if reject_file is not None:
                reject_file.write(text if text.endswith("\n") else text + "\n")
                reject_file.flush()

        for number, (path, name) in enumerate(zip(files, names, strict=True)):

            def todo(advance: Callable[[int], None], number: int = number, path: Path = path,
                     name: str = name) -> Iterator[Unit]:
                """The games still to analyse; those done before count on the bar as done."""
                for unit in itertools.chain.from_iterable(map(games_of, units(path))):
                    if (number, unit.index) == stop:
                        assert done.last is not None
                        if game_id(read_unit(unit).game) != done.last[2]:
                            _say(err, f"{output}: game {unit.index} of {name} is not the game "
                                 "analysed before: resume with the same files", "bold red")
                            raise typer.Exit(EXIT_UNUSABLE)
                    if (number, unit.index) >= stop:
                        yield unit
                        continue
                    advance(unit.size)
                    if (name, unit.index) in done.rejected:
                        keep(read_unit(unit).rejected_text)  # the rejects file, as it was

            work: Callable[[Unit], Any] = partial(analyse_unit, name)
            if fair:
                from notation.analysis.review import analyse_unit_fair

                work = partial(analyse_unit_fair, name)
            try:
                with _progress(path, "analysing", least=0) as advance, ExitStack() as work_on:
                    if scheduler is None:
                        analysed = in_order(work, todo(advance), jobs, _unit_size, _settle_worker,
                                            batch=1)
                    else:
                        analysed = on_cluster(scheduler, work, todo(advance), _unit_size,
                                              settle, 1)
                    work_on.callback(_close, analysed)
                    for game in analysed:
                        advance(game.size)
                        lines = game.hands
                        if (number, game.index) == stop:
                            lines = lines[done.written:]  # those before are written
                        if game.problems:
                            _show(list(game.problems), name, game.text.split("\n"),
                                  game.first_line)
                        for line in lines:
                            if line.rejected is not None:
                                where = f"game {line.game}" + (
                                    "" if line.hand is None else f" hand {line.hand}")
                                _say(err, f"{name}: {where} not analysed: {line.rejected}",
                                     "bold red")
                            record = line.as_json()
                            if fair:
                                record["fair"] = game.review_of(line.hand)
                            summary.add(record)
                            sink.write(json.dumps(record, ensure_ascii=False) + "\n")
                        if game.rejected_text:
                            keep(game.rejected_text)
                        sink.flush()
            except UnreadableInput as e:
                _say(err, str(e), "bold red")
                code = EXIT_UNUSABLE
            except ClusterError as e:
                _say(err, str(e), "bold red")
                raise typer.Exit(EXIT_UNUSABLE) from None
            except OSError as e:
                if to_file and is_the_machines(e):
                    with suppress(OSError):  # closed now: what it holds cannot be written
                        sink.close()
                    raise unwritable(str(output), e) from None
                raise
    if summary.hands or summary.rejected or code != EXIT_UNUSABLE:  # no table of nothing
        (out if to_file else err).print(render_summary(summary))
    if summary.rejected:  # those of a resumed run's first part among them
        code = max(code, EXIT_FINDINGS)
    raise typer.Exit(code)


@app.command(rich_help_panel=ANALYSIS)
def stats(
    files: FilesArg,
    as_json: Annotated[bool, typer.Option("--json", help="Write the summary as JSON.")] = False,
    html: Annotated[
        Path | None, typer.Option("--html", help="Also write an HTML report with charts here.")
    ] = None,
    colour: ColourOption = Colour.auto,
) -> None:
    """Summarise archives: games, hands, bids and how often each was made, contracts, findings."""
    _use_colour(colour)
    from rich.table import Table

    tally = ArchiveStats()
    code = EXIT_CLEAN
    usable = False  # some file could be read
    settle()
    for path in files:
        try:
            for read in read_archive(path):
                tally.add(read)
        except UnreadableInput as e:
            _say(err, str(e), "bold red")
            code = EXIT_UNUSABLE
        else:
            usable = True
    if not usable:
        raise typer.Exit(code)  # no table of nothing
    if html is not None:
        _write_stats_page(html, tally, files)
    if as_json:
        out.file.write(json.dumps(tally.as_json(), indent=2) + "\n")
        raise typer.Exit(code)
    summary = Table(title="archive", show_header=False, box=None)
    for label, value in tally.summary():
        summary.add_row(label, value)
    bids = Table(title="bids won", show_lines=False)
    for column in ("bid", "played", "made", "made %"):
        bids.add_column(column, justify="right")
    for level in tally.bid_levels():
        played, made = tally.bids[level], tally.made[level]
        bids.add_row(level, f"{played:,}", f"{made:,}", f"{100 * made / played:.0f}%")
    contracts = Table(title="contracts named")
    contracts.add_column("trump")
    contracts.add_column("hands", justify="right")
    for trump, count in tally.contracts.most_common():
        contracts.add_row(trump, f"{count:,}")
    found = Table(title="findings")
    found.add_column("code")
    found.add_column("count", justify="right")
    for finding, count in sorted(tally.findings.items()):
        found.add_row(finding, f"{count:,}")
    for table in (summary, bids, contracts, found):
        out.print(table)
    raise typer.Exit(code)


def _write_stats_page(path: Path, tally: ArchiveStats, files: list[Path]) -> None:
    from notation.views.stats_view import stats_page

    title = ", ".join(source_name(f) for f in files)
    _write_output(path, stats_page(tally, title))


def _one_game(result: _FileResult, game: int | None) -> tuple[int, Game]:
    """The game a picture is drawn of: number ``game``, or the only game of the file."""
    count = len(result.games)
    if not count:
        if result.unreadable:
            _print_findings(result)
        _say(err, f"{result.path}: no games to draw", "bold red")
        raise typer.Exit(EXIT_UNUSABLE)
    if game is None and count > 1:
        _say(err, f"{result.path} has {count} games: choose one with --game", "bold red")
        raise typer.Exit(EXIT_UNUSABLE)
    number = game or 1
    if not 1 <= number <= count:
        _say(err, f"{result.path}: there is no game {number} (it has {count})", "bold red")
        raise typer.Exit(EXIT_UNUSABLE)
    return number, result.games[number - 1]


def _write_output(output: Path | None, text: str) -> None:
    """Write a picture or page to ``output`` (stdout for none or -); a file that cannot be
    written ends the run with the reason."""
    if output is None or str(output) == "-":
        out.file.write(for_stream(out.file, text))
        return
    try:
        write_atomically(output, text)
    except WriteError as e:
        _say(err, str(e), "bold red")
        raise typer.Exit(EXIT_UNUSABLE) from None


@app.command("diagram", rich_help_panel=ANALYSIS)
def diagram_command(
    source: SourceArg,
    hand: Annotated[int, typer.Option("--hand", "-n", help="The hand to draw.")],
    trick: Annotated[
        int | None,
        typer.Option("--trick", "-t", help="Draw the table once this trick is taken "
                     "(default: after trump is named)."),
    ] = None,
    game: Annotated[
        int | None, typer.Option("--game", "-g", help="The game, in a file of several.")
    ] = None,
    seat: Annotated[
        str | None, typer.Option("--seat", help="Draw the table as this seat sees it (N, E, S, W).")
    ] = None,
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="The SVG file to write (default: stdout).")
    ] = None,
    colour: ColourOption = Colour.auto,
) -> None:
    """Draw a hand as an SVG diagram: the four hands with domino faces, the trick, the score."""
    _use_colour(colour)
    from notation.model.seats import Seat
    from notation.views.svg import DiagramError, hand_diagram

    viewer = None
    if seat is not None:
        try:
            viewer = Seat(seat.upper())
        except ValueError:
            _say(err, f"--seat {seat!r}: a seat is N, E, S or W", "bold red")
            raise typer.Exit(EXIT_UNUSABLE) from None
    result = _read_or_exit(source)
    number, record = _one_game(result, game)
    try:
        picture = hand_diagram(record, hand, trick, number=number, seat=viewer)
    except DiagramError as e:
        _say(err, f"{result.path}: {e}", "bold red")
        raise typer.Exit(EXIT_UNUSABLE) from None
    _write_output(output, picture)
    raise typer.Exit(EXIT_FINDINGS if result.unreadable else EXIT_CLEAN)


@app.command("html", rich_help_panel=ANALYSIS)
def html_command(
    source: SourceArg,
    output: Annotated[
        Path | None,
        typer.Option("--output", "-o", help="The HTML file to write (default: stdout)."),
    ] = None,
    game: GameOption = None,
    with_audit: Annotated[
        bool,
        typer.Option("--audit", help="Add each hand's audit: its perfect-play value and the "
                     "plays that changed it (slower)."),
    ] = False,
    with_review: Annotated[
        bool,
        typer.Option("--review", help="Add each hand's fair review: every play judged by what "
                     "its player could know, beside the hindsight verdict (slower still)."),
    ] = False,
    colour: ColourOption = Colour.auto,
) -> None:
    """Write a one-file HTML replay: open it in any browser and step through the game."""
    _use_colour(colour)
    from replay.page import (
        HandAudits,
        audit_summaries,
        merge_summaries,
        replay_page,
        review_summaries,
    )

    result = _read_or_exit(source)
    games = [(i, g) for i, g in enumerate(result.games, start=1) if game in (None, i)]
    if result.unreadable:
        _print_findings(result)
    if not any(g.hands for _, g in games):
        what = f"no game {game}" if game is not None and not games else "no hands"
        _say(err, f"{result.path}: {what} to replay", "bold red")
        raise typer.Exit(EXIT_UNUSABLE)
    games = _carried_as_json(result, games)
    checked = [(i, g, check_game(g, index=i)) for i, g in games if g.hands]
    audits: HandAudits = {}
    if with_audit:
        audits = {k: v for i, g, _ in checked for k, v in audit_summaries(g, i).items()}
    if with_review:
        audits = merge_summaries(audits, {
            k: v for i, g, _ in checked for k, v in review_summaries(g, i).items()})
    page = replay_page(checked, title=result.path, audits=audits)
    _write_output(output, page)
    raise typer.Exit(EXIT_FINDINGS if result.unreadable else EXIT_CLEAN)


def _carried_as_json(result: _FileResult, games: list[tuple[int, Game]]) -> list[tuple[int, Game]]:
    """The games a page can carry (it holds each record as JSON); any other is said, where,
    and left out, and the rest go on."""
    from notation.formats.json.form import dumps_game

    reads = {id(read.game): read for read in result.kept}
    kept = []
    for i, g in games:
        try:
            dumps_game(g)
        except RecordError as e:
            _show([unwritable_game(reads[id(g)], e)], result.path, result.text.split("\n"))
            _say_left_out(result.path, [f"game {i}"])
            result.unreadable = True
            continue
        kept.append((i, g))
    return kept


@app.command(rich_help_panel=REFERENCE)
def deal(
    seed: Annotated[int, typer.Option("--seed", help="The same seed deals the same games.")] = 1,
    games: Annotated[int, typer.Option("--games", min=1, help="How many games.")] = 1,
    rules: Annotated[str, typer.Option("--rules", help="The rule set to play under.")] = (
        "straight"
    ),
    to: Annotated[Format, typer.Option("--to", help="Output form.")] = Format.t42,
    colour: ColourOption = Colour.auto,
) -> None:
    """Deal and play random legal games to the end: practice records and benchmark archives."""
    _use_colour(colour)
    import random

    from notation.model.rule_sets import RulesError, rule_set
    from notation.rules.dealing import random_game

    try:
        table = rule_set(rules)
    except RulesError as e:
        _say(err, str(e), "bold red")
        raise typer.Exit(EXIT_UNUSABLE) from None
    rng = random.Random(seed)
    sink = _GameSink(out.file.write, to)
    for _ in range(games):
        sink.add(random_game(rng, table))
    sink.close()
    raise typer.Exit(EXIT_CLEAN)


@app.command(rich_help_panel=ANALYSIS)
def replay(
    source: SourceArg,
    game: GameOption = None,
    hand: HandOption = None,
    print_steps: Annotated[
        bool, typer.Option("--print", help="Print every step even on a terminal.")
    ] = False,
    colour: ColourOption = Colour.auto,
) -> None:
    """Replay a record step by step: every bid and play, the hands, the trick, the score.

    On a terminal this opens an interactive view (keys at the foot of the screen; --hand
    starts at that hand); piped, or with --print, it prints every step.
    """
    _use_colour(colour)
    from replay.interactive import HINT, has_textual, on_a_terminal, replay_interactively
    from replay.render import print_replay

    result = _read_or_exit(source)
    games = [(read.index, read) for read in result.kept]
    if game is not None:
        games = [(i, g) for i, g in games if i == game]
        if not games:
            count = result.games_read
            if result.unreadable:
                _print_findings(result)
            _say(err, f"{result.path}: there is no game {game} (it has {count})", "bold red")
            raise typer.Exit(EXIT_UNUSABLE)
    if hand is not None:
        games = [(i, g) for i, g in games if any(h.number == hand for h in g.game.hands)]
    if not games:
        if result.unreadable:
            _print_findings(result)
        what = f"no hand {hand}" if hand is not None else "no games"
        _say(err, f"{result.path}: {what} to replay", "bold red")
        raise typer.Exit(EXIT_UNUSABLE)
    interactive = not print_steps and str(source) != "-" and on_a_terminal()
    if interactive and not has_textual():
        _say(err, HINT, "yellow")
        interactive = False
    # Printed, --hand shows that hand alone: only its lay-down is judged.
    judged = [hand] if hand is not None and not interactive else None
    checked = [
        (i, g.game, check_game(g.game, g.rules, i, g.unread_lines, judged=judged))
        for i, g in games
    ]
    if interactive:
        replay_interactively(checked, hand, colour=wants_colour(colour))
        if result.unreadable:  # said after the view closes, so that it stays on screen
            _print_findings(result)
    else:
        if result.unreadable:
            _print_findings(result)
        for _, record, report in checked:
            print_replay(out, record, report, hand)
    raise typer.Exit(EXIT_FINDINGS if result.unreadable else EXIT_CLEAN)


@app.command("record", rich_help_panel=RECORDS)
def record_command(
    file: Annotated[
        Path | None,
        typer.Argument(help="The record file; an unfinished game in it is resumed."),
    ] = None,
) -> None:
    """Keep score at the table: record a game as it is played, every entry written at once.

    Type the bids, the trump and the tiles as they fall (64, 6-4 or 6 4); the trick, the
    leader, whose turn it is, the winner and the score are filled in, and a renege or a
    misscore is flagged the moment it shows. The file is valid notation after every entry.
    """
    from notation.recording import RecordingError, resume_file
    from replay.interactive import has_textual, on_a_terminal

    path = file or Path(f"{date.today():%Y-%m-%d}.t42")
    text = ""
    with ExitStack() as held:
        stream = None
        if path.exists():  # locked first: no other recorder may write it meanwhile
            try:
                stream = held.enter_context(open_locked(path))
                text = read_source(path)
            except (UnreadableInput, WriteError) as e:
                _say(err, str(e), "bold red")
                raise typer.Exit(EXIT_UNUSABLE) from None
        try:
            before, recording = resume_file(text, source_name(path))
        except RecordingError as e:
            _say(err, f"{e}\n{source_name(path)}: fix the record before recording more",
                 "bold red")
            raise typer.Exit(EXIT_UNUSABLE) from None
        if not on_a_terminal() or not has_textual():
            _say(err, "t42 record needs a terminal (and Textual) to type into", "bold red")
            raise typer.Exit(EXIT_UNUSABLE)
        from replay.recorder import run

        run(path, before, recording, stream=stream)


@app.command("serve", rich_help_panel=RECORDS)
def serve_command(
    folder: Annotated[Path, typer.Argument(help="Where the club night is kept.")],
    database: Annotated[
        str | None,
        typer.Option("--database", help="postgresql://… to keep it there (default: SQLite "
                     "in FOLDER)."),
    ] = None,
    host: Annotated[
        str, typer.Option("--host", help="0.0.0.0 to take the phones of the hall's network.")
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=1, max=65535)] = 8042,
) -> None:
    """Run a club night: every table records on a phone, the director sees the standings.

    Needs the `club` extra (pip install 't42[club]'); see the README's "t42 serve".
    """
    try:
        from club.serve import serve
    except ImportError as e:
        _say(err, f"t42 serve needs the club extra ({e.name} is missing): "
             "pip install 't42[club]'", "bold red")
        raise typer.Exit(EXIT_UNUSABLE) from None
    from sqlalchemy.exc import SQLAlchemyError

    try:
        serve(folder, database, host, port)
    except (SQLAlchemyError, OSError, ValueError) as e:
        _say(err, f"t42 serve: {str(e).splitlines()[0]}", "bold red")
        raise typer.Exit(EXIT_UNUSABLE) from None


@app.command(rich_help_panel=ANALYSIS)
def audit(
    source: SourceArg,
    game: GameOption = None,
    hand: HandOption = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Write the audit as JSON on stdout.")
    ] = False,
    fair: Annotated[
        bool, typer.Option("--fair", help="Add each hand's fair review: every play judged by "
                           "what its player could know (see t42 review; slower).")
    ] = False,
    colour: ColourOption = Colour.auto,
) -> None:
    """Audit hands like a referee: findings with evidence, the score, best play, claims."""
    _use_colour(colour)
    from rich.rule import Rule

    from notation.analysis.audit import audit_game, audit_json
    from notation.analysis.review import HandReview, review_game
    from notation.views.audit_view import render_hand
    from notation.views.review_view import review_view

    result = _read_or_exit(source)
    games = [read for read in result.kept if game in (None, read.index)]
    audits = [
        a
        for read in games
        for a in audit_game(
            read.game, read.rules, read.index, None if hand is None else [hand],
            read.unread_lines,
        )
    ]
    if result.unreadable:
        _print_findings(result)
    if not audits:
        _nothing_to("audit", result.path, bool(games), game, hand)
    reviews: dict[tuple[int, int], HandReview] = {}
    if fair:
        reviews = {(r.game, r.hand): r for read in games for r in review_game(
            read.game, read.rules, read.index, None if hand is None else [hand])}
    if as_json:
        report = audit_json(audits, result.path)
        if fair:
            report["fair"] = [r.as_json() for r in reviews.values()]
        out.file.write(json.dumps(report, indent=2, ensure_ascii=False) + "\n")
    else:
        for item in audits:
            out.print(Rule(style="dim"))
            out.print(render_hand(item))
            if (item.game, item.hand) in reviews:
                out.print(review_view(reviews[item.game, item.hand],
                                      f"fair review of game {item.game} hand {item.hand}"))
    found = result.unreadable or any(a.has_findings for a in audits)
    raise typer.Exit(EXIT_FINDINGS if found else EXIT_CLEAN)


@app.command("review", rich_help_panel=ANALYSIS)
def review_command(
    source: Annotated[
        Path | None, typer.Argument(help="A record file; - reads stdin. Not with --tiles.")
    ] = None,
    game: GameOption = None,
    hand: HandOption = None,
    samples: Annotated[
        int, typer.Option("--samples", "-k", min=1, help="Worlds dealt for each decision.")
    ] = 32,
    seed: Annotated[int, typer.Option("--seed", help="The same seed gives the same review.")] = 1,
    as_json: Annotated[
        bool, typer.Option("--json", help="Write the review as JSON on stdout.")
    ] = False,
    tiles: Annotated[
        str | None,
        typer.Option("--tiles", help="Advise on these seven tiles (\"6-6 6-5 …\"): the chance "
                     "of making each bid in each trump."),
    ] = None,
    advise_seat: Annotated[
        str | None,
        typer.Option("--advise", help="With a file: advise on this seat's tiles (N, E, S, W) "
                     "in each hand instead of reviewing it."),
    ] = None,
    rules_name: Annotated[
        str, typer.Option("--rules", help="The rule set for --tiles.")
    ] = "straight",
    bids: Annotated[
        bool, typer.Option("--bids/--no-bids", help="Review the winning bid too (slower).")
    ] = True,
    every_call: Annotated[
        bool, typer.Option("--every-call", help="Review every call of the auction, each as "
                           "if it had won it (slower still).")
    ] = False,
    colour: ColourOption = Colour.auto,
) -> None:
    """Review bids and plays fairly: judged by what each player could know, not in hindsight.

    Each play with a choice is solved in worlds dealt from what its player saw (its tiles, the
    auction, the play so far and what it proved), every option on the same worlds: best, a
    mistake costing E ± SE points, or too close to call, beside the audit's hindsight verdict.
    """
    _use_colour(colour)
    from rich.rule import Rule

    from notation.analysis.review import (
        ReviewError,
        advise,
        review_game,
        review_json,
    )
    from notation.model.rule_sets import RulesError, rule_set
    from notation.model.seats import Seat
    from notation.model.tiles import Tile, TileError
    from notation.views.review_view import advice_view, review_view

    if tiles is not None:
        if source is not None:
            _say(err, "--tiles advises on typed tiles: name no file with it", "bold red")
            raise typer.Exit(EXIT_UNUSABLE)
        try:
            own = [Tile.parse(w) for w in tiles.replace(",", " ").split()]
            rules = rule_set(rules_name)
            if len(set(own)) != 7 or len(own) != 7:
                raise ReviewError(f"--tiles needs seven different tiles, not {len(own)}")
            advice = advise(own, Seat.N, rules, samples, seed)
        except (TileError, RulesError, ReviewError) as e:
            _say(err, str(e), "bold red")
            raise typer.Exit(EXIT_UNUSABLE) from None
        if as_json:
            out.file.write(json.dumps(advice.as_json(), indent=2, ensure_ascii=False) + "\n")
        else:
            out.print(advice_view(advice, "bidding advice"))
        raise typer.Exit(EXIT_CLEAN)
    if source is None:
        _say(err, "name a record file to review, or --tiles to advise on typed tiles",
             "bold red")
        raise typer.Exit(EXIT_UNUSABLE)
    result = _read_or_exit(source)
    games = [read for read in result.kept if game in (None, read.index)]
    if result.unreadable:
        _print_findings(result)
    if advise_seat is not None:
        seat_word = advise_seat.strip().upper()
        if seat_word not in ("N", "E", "S", "W"):
            _say(err, f"--advise takes a seat, N, E, S or W, not {advise_seat!r}", "bold red")
            raise typer.Exit(EXIT_UNUSABLE)
        seat = Seat(seat_word)
        advised = []
        for read in games:
            for h in read.game.hands:
                holding = h.holding(seat)
                if hand in (None, h.number) and holding is not None and len(
                        set(holding.tiles)) == 7:
                    try:
                        advice = advise(holding.tiles, seat, read.rules, samples, seed)
                    except ReviewError as e:
                        _say(err, f"{result.path}: game {read.index} hand {h.number}: {e}",
                             "yellow")
                        continue
                    advised.append((read.index, h.number, advice))
        if not advised:
            _nothing_to("advise on", result.path, bool(games), game, hand)
        if as_json:
            doc = {"path": result.path, "hands": [
                {"game": g, "hand": n, "advice": a.as_json()} for g, n, a in advised]}
            out.file.write(json.dumps(doc, indent=2, ensure_ascii=False) + "\n")
        else:
            for g, n, a in advised:
                out.print(advice_view(a, f"{result.path} game {g} hand {n}"))
        raise typer.Exit(EXIT_FINDINGS if result.unreadable else EXIT_CLEAN)
    reviews = [
        r for read in games
        for r in review_game(read.game, read.rules, read.index,
                             None if hand is None else [hand], samples, seed, bids,
                             every_call)
    ]
    if not reviews:
        _nothing_to("review", result.path, bool(games), game, hand)
    for r in reviews:
        if r.why:
            _say(err, f"{result.path}: game {r.game} hand {r.hand}: {r.why}", "yellow")
    if as_json:
        out.file.write(json.dumps(review_json(reviews, result.path), indent=2,
                                  ensure_ascii=False) + "\n")
    else:
        for r in reviews:
            out.print(Rule(style="dim"))
            out.print(review_view(r, f"{result.path} game {r.game} hand {r.hand}"))
    if all(r.why for r in reviews):
        raise typer.Exit(EXIT_UNUSABLE)
    raise typer.Exit(EXIT_FINDINGS if result.unreadable else EXIT_CLEAN)


@app.command("par", rich_help_panel=ANALYSIS)
def par_command(
    source: SourceArg,
    game: GameOption = None,
    hand: HandOption = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Write the tables as JSON on stdout.")
    ] = False,
    colour: ColourOption = Colour.auto,
) -> None:
    """Par tables: what each seat makes as declarer in every contract, with best play.

    For each hand whose deal is known (recorded, or shown by the play), the points the
    declaring side takes in each trump with each seat declaring and leading, the special
    contracts the rules play, each seat's highest makeable bid and the par contract.
    """
    _use_colour(colour)
    from notation.analysis.par import par_json, par_of_hand
    from notation.views.par_view import par_view

    result = _read_or_exit(source)
    games = [read for read in result.kept if game in (None, read.index)]
    if result.unreadable:
        _print_findings(result)
    found = [
        par_of_hand(read.game.hands[i], read.rules, report, read.index)
        for read in games
        # A par table needs no verdict on a lay-down.
        for i, report in enumerate(check_game(read.game, read.rules, read.index,
                                              read.unread_lines, judged=()).hands)
        if hand in (None, read.game.hands[i].number)
    ]
    if not found:
        _nothing_to("analyse", result.path, bool(games), game, hand)
    for item in found:
        if item.table is None:
            _say(err, f"{result.path}: game {item.game} hand {item.hand}: {item.why}", "yellow")
    if as_json:
        out.file.write(json.dumps(par_json(found, result.path), indent=2, ensure_ascii=False)
                       + "\n")
    else:
        for item in found:
            if item.table is not None:
                out.print(par_view(item.table, f"{result.path} game {item.game} hand {item.hand}"))
    if all(item.table is None for item in found):
        raise typer.Exit(EXIT_UNUSABLE)
    raise typer.Exit(EXIT_FINDINGS if result.unreadable else EXIT_CLEAN)


@app.command("rules", rich_help_panel=REFERENCE)
def rules_command(
    name: Annotated[
        str | None, typer.Argument(help="A rule set to show in full (straight, texas, points).")
    ] = None,
    colour: ColourOption = Colour.auto,
) -> None:
    """List the rule sets and every option, or show one rule set in full."""
    _use_colour(colour)
    from notation.model.rule_sets import RulesError, rule_set
    from notation.views.rules_view import options_table, rule_set_table, rule_sets_table

    if name is None:
        out.print(rule_sets_table())
        out.print(options_table())
        return
    try:
        rules = rule_set(name)
    except RulesError as e:
        _say(err, f"t42 rules: {e}", "bold red")
        raise typer.Exit(EXIT_UNUSABLE) from None
    out.print(rule_set_table(rules))


def _closed_pipe() -> NoReturn:
    """The reader stopped early (``t42 … | head``): what it read is what it wanted; exit 0,
    writing nothing more (Python's own flush at exit would fail again on the closed pipe)."""
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    sys.exit(EXIT_CLEAN)


class Terminated(BaseException):
    """SIGTERM arrived: raised where the run is, so that it tidies up as after Ctrl-C (temporary
    files removed, workers ended). Not an Exception, so that nothing takes it for an error."""


def _terminate(signum: int, frame: object) -> None:
    raise Terminated


def main() -> None:
    """Entry point: run the app and turn any unexpected failure into a message, not a trace."""
    signal.signal(signal.SIGTERM, _terminate)
    try:
        try:
            app(prog_name="t42")  # also under `python -m notation`: completion is keyed to the name
        finally:
            sys.stdout.flush()  # a full disk under stdout shows here, not after the exit code
    except Terminated:
        _say(err, "t42: terminated", "bold red")
        sys.exit(143)  # as a shell reports a process ended by SIGTERM: 128 + 15
    except KeyboardInterrupt:
        _say(err, "t42: interrupted", "bold red")
        sys.exit(130)
    except BrokenPipeError:
        _closed_pipe()
    except SystemExit:
        # Click (Typer's copy of it too) wraps stdout so when it met a closed pipe, and exits 1.
        if type(sys.stdout).__name__ == "PacifyFlushWrapper":
            _closed_pipe()
        raise
    except WriteError as e:
        _say(err, f"t42: {e}", "bold red")
        sys.exit(EXIT_UNUSABLE)
    except OSError as e:
        if not is_the_machines(e):
            _internal_error(e)
        # Writing the output failed (standard output, or a file written as it goes): the
        # machine's doing, not t42's. Nothing more can go to standard output.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        _say(err, f"t42: {unwritable(_output_name(e), e)}", "bold red")
        sys.exit(EXIT_UNUSABLE)
    except Exception as e:  # a bug in t42: say so plainly instead of a traceback
        _internal_error(e)


def _internal_error(e: Exception) -> NoReturn:
    _say(err, f"t42: internal error ({type(e).__name__}: {e}); please report it", "bold red")
    sys.exit(EXIT_UNUSABLE)


def _output_name(error: OSError) -> str:
    return str(error.filename) if error.filename else "the output"
