"""What the commands print: the two consoles (standard output for a command's data, standard
error for everything said about it), messages with record text shown inert, findings in
words, the progress bar of a long file, and pictures or pages written out."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, NoReturn

import typer
from rich.console import Console
from rich.text import Text

from notation.views.terminal import Colour, console, for_stream, inert_lines
from t42.options import EXIT_UNUSABLE

if TYPE_CHECKING:
    from notation.model.findings import Finding

# Only what every command uses is imported here; the rest where it is used, so that a command
# loads only what it needs (tests/t42/test_imports.py).

# Each command sets these to its --color choice (see use_colour) before it writes anything.
out = console(Colour.auto)


err = console(Colour.auto, stderr=True)


def use_colour(colour: Colour) -> None:
    """Colour standard output and error as ``colour`` says, for the rest of this run."""
    global out, err
    out, err = console(colour), console(colour, stderr=True)


def say(screen: Console, text: str, style: str = "") -> None:
    # File names and record text within a message are shown inert (escapes, invisibles).
    screen.print(Text(inert_lines(text), style=style))


def show(
    findings: list[Finding],
    path: str,
    lines: list[str],
    first_line: int = 1,
    console: Console = err,
) -> None:
    """Findings in words, on stderr unless they are the command's output (``validate``):
    stdout carries only a command's data, so that it can be piped or redirected whole."""
    from notation.views.diagnostics import describe

    for finding in findings:
        style = "bold red" if finding.is_error else "yellow"
        head, _, rest = describe(finding, path, lines, first_line).partition("\n")
        say(console, head, style)
        if rest:
            say(console, rest)


def say_left_out(path: str, parts: list[str]) -> None:
    """Which hands (or games) could not be read and are left out: the rest goes on."""
    if parts:
        from notation.archive.tally import left_out_words

        say(err, f"{path}: {left_out_words(parts)}", "bold red")


def nothing_to(verb: str, path: str, any_games: bool, game: int | None,
                hand: int | None) -> NoReturn:
    """End a run that found no hand to work on, saying which was asked for and missing."""
    what = "no games" if not any_games else f"no hand {hand}" if hand is not None else "no hands"
    if game is not None and not any_games:
        what = f"no game {game}"
    say(err, f"{path}: {what} to {verb}", "bold red")
    raise typer.Exit(EXIT_UNUSABLE)


@contextmanager
def progress(
    path: Path, doing: str, least: int = 4_000_000
) -> Iterator[Callable[[int], None]]:
    """A progress bar with the time left on stderr for a file of ``least`` bytes or more
    (long enough to wait for), when stderr is a terminal; else nothing."""
    try:
        size = path.stat().st_size if str(path) != "-" and path.is_file() else 0
    except OSError:  # a name no file can have (too long, say): the reading says why
        size = 0
    if not err.is_terminal or size < max(least, 1):
        yield lambda _: None
        return
    from rich.progress import Progress

    with Progress(console=err, transient=True) as bar:
        task = bar.add_task(f"{doing} {path.name}", total=size)
        yield lambda n: bar.advance(task, n)


def guard_files(inputs: Iterable[Path], outputs: Iterable[tuple[str, Path | None]] = ()
                ) -> None:
    """Every command that reads or writes files calls this first, with its inputs and its
    outputs (each with the option naming it): a run that would write over an input, or two
    outputs to one file (standard output among them), ends here in words, exit 2, before
    anything is read or written (see :func:`notation.files.refuse_clashes`)."""
    from notation.outputs import OutputClash, refuse_clashes

    try:
        refuse_clashes(inputs, outputs)
    except OutputClash as e:
        say(err, str(e), "bold red")
        raise typer.Exit(EXIT_UNUSABLE) from None


def write_output(output: Path | None, text: str) -> None:
    """Write a picture or page to ``output`` (stdout for none or -); a file that cannot be
    written ends the run with the reason."""
    if output is None or str(output) == "-":
        out.file.write(for_stream(out.file, text))
        return
    from notation.files import WriteError, write_atomically

    try:
        write_atomically(output, text)
    except WriteError as e:
        say(err, str(e), "bold red")
        raise typer.Exit(EXIT_UNUSABLE) from None


def cut_jobs(asked: int | None) -> int:
    """--jobs as asked (every core this process may use if not), or cut to the processors
    there are, saying so."""
    from notation.archive.parallel import usable_jobs, usable_processors
    from notation.model.findings import plural

    if asked is None:
        return usable_processors()
    jobs = usable_jobs(asked)
    if jobs < asked:
        say(err, f"--jobs {asked}: t42 can use {plural(jobs, 'processor')} here; using {jobs}",
             "yellow")
    return jobs


JobsOption = Annotated[
    int | None,
    typer.Option("--jobs", "-j", min=1, callback=cut_jobs,
                 help="Processes to work with (default: the cores)."),
]
"""The --jobs option of the commands that work on many processes (cut, saying so, to the
processors there are; every core this process may use when not given)."""


def jobs_of(jobs: int | None) -> int:
    """The processes a command works with: --jobs as its callback left it (a number), or,
    called without the command line, every core."""
    return cut_jobs(None) if jobs is None else jobs
