"""The commands that check records and change their form: ``validate``, ``fmt``, ``convert``
and ``stats``."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from contextlib import ExitStack
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from notation.views.terminal import Colour, for_stream, inert
from t42 import printing as screen
from t42.options import (
    EXIT_CLEAN,
    EXIT_FINDINGS,
    EXIT_UNUSABLE,
    ColourOption,
    ConvertTo,
    FilesArg,
)
from t42.printing import (
    JobsOption,
    guard_files,
    jobs_of,
    progress,
    say,
    say_left_out,
    show,
    use_colour,
    write_output,
)
from t42.records import FileResult, GameSink, read_record_file

if TYPE_CHECKING:
    from notation.archive.reading import CheckedGame
    from notation.archive.stats import ArchiveStats
    from notation.archive.tally import ConvertTally
    from notation.files import AtomicWriter

# Each command imports what it uses of the library when it runs (tests/t42/test_imports.py).


def validate(
    files: FilesArg,
    as_json: Annotated[
        bool, typer.Option("--json", help="Write the findings as JSON on stdout.")
    ] = False,
    strict: Annotated[
        bool, typer.Option("--strict", help="Stop at the first finding (for CI).")
    ] = False,
    jobs: JobsOption = None,
    colour: ColourOption = Colour.auto,
) -> None:
    """Check records against the rules; report every finding with its place and evidence."""
    use_colour(colour)
    guard_files(files)
    from notation.archive.tally import FileCheck
    from notation.files import UnreadableInput, source_name

    code = EXIT_CLEAN
    report: list[FileCheck] = []
    for path in files:
        if strict and code != EXIT_CLEAN:
            break
        check = FileCheck(source_name(path))
        report.append(check)
        try:
            for checked in _checked_games(path, jobs_of(jobs)):
                found = checked.findings[:1] if strict else checked.findings
                check.add(checked, found if as_json else (), found)
                if not as_json:
                    show(found, check.path, checked.text.split("\n"), checked.first_line,
                         screen.out)
                if strict and found:
                    check.stopped = True
                    break
        except UnreadableInput as e:
            say(screen.err, str(e), "bold red")
            code, check.unusable = EXIT_UNUSABLE, str(e)
            continue
        if check.errors or check.warnings:
            code = max(code, EXIT_FINDINGS)
        if not as_json:
            say(screen.out, check.summary(), "bold" if check.errors or check.warnings else "green")
    if as_json:
        import json

        from notation.archive.tally import findings_report

        report_json = json.dumps(findings_report(report), indent=2, ensure_ascii=False)
        screen.out.file.write(report_json + "\n")
    raise typer.Exit(code)


def _checked_games(path: Path, jobs: int) -> Iterator[CheckedGame]:
    """Every game of ``path`` read and checked, in order, by ``jobs`` processes, in flat
    memory (games are cut from the file here and read in the workers)."""
    from notation.archive.parallel import in_order
    from notation.archive.reading import check_units, settle_worker, unit_size, units

    with progress(path, "checking") as advance:
        checks = in_order(check_units, units(path), jobs, unit_size, settle_worker)
        for checked in itertools.chain.from_iterable(checks):
            advance(checked.size)
            yield checked


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
    use_colour(colour)
    guard_files(files)
    from notation.files import UnreadableInput, WriteError

    code = EXIT_CLEAN
    for path in files:
        try:
            code = max(code, _fmt_file(path, in_place and str(path) != "-", check))
        except (UnreadableInput, WriteError) as e:
            say(screen.err, str(e), "bold red")
            code = EXIT_UNUSABLE
    raise typer.Exit(code)


def _fmt_file(path: Path, in_place: bool, check: bool) -> int:
    """Format one file as ``t42 fmt`` does; its exit code. In place, the file is locked
    while it is read and written, and not replaced if another program changed it."""
    from notation.files import open_locked, snapshot, write_atomically
    from notation.formats.text.writer import first_difference, write_games
    from notation.line_ends import ends_lines_otherwise

    with ExitStack() as held:
        before = None
        if in_place and not check:
            before = snapshot(path)
            held.enter_context(open_locked(path, "rb"))
        result = read_record_file(path, check=False)
        if result.unreadable or not result.games:
            _unusable(result, "formatted")
            return EXIT_UNUSABLE
        canonical = write_games(result.games)
        # Read alike, CR and CRLF line ends are still not the canonical form's LF.
        other_ends = str(path) != "-" and ends_lines_otherwise(path)
        if check:
            if canonical != result.text:
                line, written, expected = first_difference(result.text, canonical)
                say(screen.out, f"{result.path}:{line}: not in canonical form\n"
                          f"  written:  {inert(written)}\n  expected: {inert(expected)}")
                return EXIT_FINDINGS
            if other_ends:
                say(screen.out, f"{result.path}:1: not in canonical form: its lines end in CR "
                                "or CRLF, not LF")
                return EXIT_FINDINGS
        elif in_place:
            if canonical != result.text or other_ends:
                write_atomically(path, canonical, before)
        else:
            screen.out.file.write(for_stream(screen.out.file, canonical))
    return EXIT_CLEAN


def _unusable(result: FileResult, what: str) -> None:
    show(result.findings, result.path, result.text.split("\n"))
    say(screen.err, f"{result.path}: not {what}: mend the errors above first", "bold red")


def _output_format(out_path: Path | None, to: ConvertTo | None) -> ConvertTo:
    if to is not None:
        return to
    if out_path is not None and str(out_path) != "-":
        suffix = out_path.suffix.lower().lstrip(".")
        if suffix in ("json", "jsonl"):
            return ConvertTo(suffix)
        return ConvertTo.t42
    return ConvertTo.jsonl


def convert(
    source: Annotated[Path, typer.Argument(
        help="A .t42, .json or .jsonl file, a file of codes (share codes, mk5 URLs, plunge "
        "codes) one a line, or one code; - reads stdin.")],
    output: Annotated[
        Path | None,
        typer.Option("--output", "-o", help="Where to write; - or nothing for stdout."),
    ] = None,
    to: Annotated[
        ConvertTo | None,
        typer.Option("--to", help="Output form (default: from -o's suffix; JSON Lines to "
                     "stdout): t42, json, jsonl; share (t42's share code, a game a line); "
                     "mk5-url or plunge-code (a hand a line; what they cannot hold is said)."),
    ] = None,
    rejects: Annotated[
        Path | None,
        typer.Option("--rejects", help="Keep the text of every game that cannot be read here."),
    ] = None,
    strict: Annotated[
        bool, typer.Option("--strict", help="Stop at the first game that cannot be read.")
    ] = False,
    jobs: JobsOption = None,
    colour: ColourOption = Colour.auto,
) -> None:
    """Convert notation to JSON (one document per game, JSON Lines for many) and back.

    Also to and from share codes and the other 42 programs' records (mk5's URL replays,
    plunge's replay codes), one a line; what they cannot hold is said (docs/sharing.md).

    Games are read and written one at a time. A game that cannot be read is reported and,
    with --rejects, kept there as written: input = output + rejects. Files appear only when
    the run is over (written to a temporary name, then renamed).
    """
    use_colour(colour)
    guard_files([source], [("-o", output), ("--rejects", rejects)])
    from notation.files import AtomicWriter, source_name

    name = source_name(source)
    form = _output_format(output, to)
    to_file = output is not None and str(output) != "-"
    with ExitStack() as files:
        sink_file = files.enter_context(AtomicWriter(output)) if to_file and output else None
        reject_file = files.enter_context(AtomicWriter(rejects)) if rejects else None
        shown = partial(for_stream, screen.out.file)  # the exact text to a file or pipe
        sink = GameSink(
            sink_file.write if sink_file else lambda t: screen.out.file.write(shown(t)), form
        )
        tally = _convert_games(source, form, jobs_of(jobs), sink, reject_file, strict)
        sink.close()
        if not tally.whole and strict:
            say(screen.err, f"{name}: stopped at the first game that cannot be read whole",
                "bold red")
            raise typer.Exit(EXIT_FINDINGS)
        if sink_file is not None:
            sink_file.commit()
        if reject_file is not None:
            reject_file.commit()
    if not tally.whole:
        say(screen.err, tally.summary(name, str(rejects) if rejects else None), "bold red")
        raise typer.Exit(EXIT_UNUSABLE if not tally.converted else EXIT_FINDINGS)
    raise typer.Exit(EXIT_FINDINGS if tally.found else EXIT_CLEAN)



def _convert_games(source: Path, form: ConvertTo, jobs: int, sink: GameSink,
                   reject_file: AtomicWriter | None, strict: bool) -> ConvertTally:
    """Convert every game of ``source`` into ``sink``, the text of each not read whole to
    ``reject_file``, saying what could not be read; with ``strict``, stop at the first."""
    from notation.archive.parallel import in_order
    from notation.archive.reading import close_early, convert_units, settle_worker, unit_size, units
    from notation.archive.tally import ConvertTally
    from notation.files import UnreadableInput, source_name

    name = source_name(source)
    tally = ConvertTally()
    try:
        work = partial(convert_units, form.value)
        with progress(source, "converting") as advance, ExitStack() as work_on:
            conversions = in_order(work, units(source), jobs, unit_size, settle_worker)
            work_on.callback(close_early, conversions)
            for converted in itertools.chain.from_iterable(conversions):
                advance(len(converted.text) + len(converted.output or ""))
                tally.add(converted)
                if converted.problems:
                    show(converted.problems, name, converted.text.split("\n"),
                         converted.first_line)
                    say_left_out(name, list(converted.left_out))
                if converted.rejected and reject_file is not None:
                    text = converted.rejected_text
                    reject_file.write(text if text.endswith("\n") else text + "\n")
                if converted.rejected and strict:
                    break
                if converted.output is not None:
                    sink.add_rendered(converted.output)
    except UnreadableInput as e:
        say(screen.err, str(e), "bold red")
        raise typer.Exit(EXIT_UNUSABLE) from None
    return tally

def stats(
    files: FilesArg,
    as_json: Annotated[bool, typer.Option("--json", help="Write the summary as JSON.")] = False,
    html: Annotated[
        Path | None, typer.Option("--html", help="Also write an HTML report with charts here.")
    ] = None,
    colour: ColourOption = Colour.auto,
) -> None:
    """Summarise archives: games, hands, bids and how often each was made, contracts, findings."""
    use_colour(colour)
    guard_files(files, [("--html", html)])
    import json

    from rich.table import Table

    from notation.archive.reading import read_archive, settle
    from notation.archive.stats import ArchiveStats
    from notation.files import UnreadableInput, source_name

    tally = ArchiveStats()
    code = EXIT_CLEAN
    usable = False  # some file could be read
    settle()
    for path in files:
        try:
            for read in read_archive(path):
                tally.add(read)
        except UnreadableInput as e:
            say(screen.err, str(e), "bold red")
            code = EXIT_UNUSABLE
        else:
            usable = True
    if not usable:
        raise typer.Exit(code)  # no table of nothing
    left_out = tally.left_out_words()
    if left_out is not None:
        say(screen.err, f"{', '.join(source_name(f) for f in files)}: {left_out}", "yellow")
    if html is not None:
        _write_stats_page(html, tally, files)
    if as_json:
        screen.out.file.write(json.dumps(tally.as_json(), indent=2) + "\n")
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
        screen.out.print(table)
    raise typer.Exit(code)


def _write_stats_page(path: Path, tally: ArchiveStats, files: list[Path]) -> None:
    from notation.files import shown_name
    from notation.views.stats_view import stats_page

    title = ", ".join(shown_name(f) for f in files)  # names only: the page is shared
    write_output(path, stats_page(tally, title))
