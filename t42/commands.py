"""The ``t42`` command: the Typer app, its commands (one module for each group: checking,
showing, solving, recording) and :func:`main`, which turns every way a run can end (an error,
Ctrl-C, SIGTERM, a closed pipe, a full disk) into a message and an exit code.

Exit codes: 0 clean; 1 findings (or, for ``fmt --check``, a file not in canonical form);
2 unusable input (a file that cannot be read, or a record too broken to format or convert).
"""

from __future__ import annotations

import os
import signal
import sys
import threading
from collections.abc import Callable
from types import FrameType
from typing import Annotated, Any, NoReturn

import typer
from typer.core import TyperCommand, TyperGroup

from notation.notices import listen
from t42 import checking, recording, showing, solving
from t42 import printing as screen
from t42.options import (
    ANALYSIS,
    CONVERSION,
    EXIT_CLEAN,
    EXIT_UNUSABLE,
    RECORDS,
    REFERENCE,
)
from t42.printing import say
from t42.starting import version
from t42.values import read_plainly

__all__ = ["app", "main"]


def _flags_shown_as_flags(params: list[Any]) -> list[Any]:
    """``params`` with every flag (an option that takes no value: --json, --help, --version)
    given an empty metavar, so that help shows it as ``--json``, not ``--json <bool>``
    (Typer shows each option's type, a flag's too)."""
    for param in params:
        if getattr(param, "is_flag", False) and param.metavar is None:
            param.metavar = ""
    return params


class _Command(TyperCommand):
    """A command whose help shows its flags as flags (see _flags_shown_as_flags), and whose
    values are read without Pydantic (see t42.values)."""

    def get_params(self, ctx: Any) -> list[Any]:  # ctx: Typer's click.Context
        return read_plainly(_flags_shown_as_flags(super().get_params(ctx)))


class _Group(TyperGroup):
    """The ``t42`` group, whose own flags (--version, --help …) show as flags too."""

    def get_params(self, ctx: Any) -> list[Any]:  # ctx: Typer's click.Context
        return read_plainly(_flags_shown_as_flags(super().get_params(ctx)))


app = typer.Typer(
    name="t42",
    cls=_Group,
    no_args_is_help=True,
    context_settings={"help_option_names": ["-h", "--help"]},
    pretty_exceptions_enable=False,
    rich_markup_mode="markdown",
)


def _show_version(asked: bool) -> None:
    if asked:
        typer.echo(version())
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

# The commands in the order `t42 -h` lists them within each panel.
app.command(cls=_Command, rich_help_panel=RECORDS)(checking.validate)
app.command("fmt", cls=_Command, rich_help_panel=RECORDS)(checking.fmt)
app.command(cls=_Command, rich_help_panel=CONVERSION)(checking.convert)
app.command(cls=_Command, rich_help_panel=ANALYSIS)(solving.analyze)
app.command(cls=_Command, rich_help_panel=ANALYSIS)(checking.stats)
app.command("diagram", cls=_Command, rich_help_panel=ANALYSIS)(showing.diagram_command)
app.command("html", cls=_Command, rich_help_panel=ANALYSIS)(showing.html_command)
app.command("share", cls=_Command, rich_help_panel=CONVERSION)(showing.share_command)
app.command(cls=_Command, rich_help_panel=REFERENCE)(recording.deal)
app.command(cls=_Command, rich_help_panel=ANALYSIS)(showing.replay)
app.command("record", cls=_Command, rich_help_panel=RECORDS)(recording.record_command)
app.command("serve", cls=_Command, rich_help_panel=RECORDS)(recording.serve_command)
app.command(cls=_Command, rich_help_panel=ANALYSIS)(solving.audit)
app.command("review", cls=_Command, rich_help_panel=ANALYSIS)(solving.review_command)
app.command("par", cls=_Command, rich_help_panel=ANALYSIS)(solving.par_command)
app.command("rules", cls=_Command, rich_help_panel=REFERENCE)(recording.rules_command)


def _closed_pipe() -> NoReturn:
    """The reader stopped early (``t42 … | head``): what it read is what it wanted; exit 0,
    writing nothing more (Python's own flush at exit would fail again on the closed pipe)."""
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    sys.exit(EXIT_CLEAN)


class Terminated(BaseException):
    """SIGTERM arrived: raised where the run is, so that it tidies up as after Ctrl-C (temporary
    files removed, workers ended). Not an Exception, so that nothing takes it for an error."""


class Interrupted(KeyboardInterrupt):
    """Ctrl-C arrived: a KeyboardInterrupt to everything that tidies up after one, but not
    Python's own. CPython marks an exact KeyboardInterrupt leaving code run by ``eval()`` (as
    Typer reads annotations while it starts) as unhandled, even once :func:`main` has
    answered it, and under ``python -m t42`` it then kills itself with SIGINT as it exits
    instead of exiting 130."""


# What a stop raises: Ctrl-C (Interrupted, or a KeyboardInterrupt from elsewhere), SIGTERM.
_STOPS = (Terminated, KeyboardInterrupt)

# How long a stop that was dropped waits to be sent again, in seconds.
_ASK_AGAIN = 0.05

# The signal behind each stop, to send it again.
_SIGNAL_OF: dict[type[BaseException], signal.Signals] = {
    Interrupted: signal.SIGINT, Terminated: signal.SIGTERM}


def stop_handler(stop: type[BaseException]) -> Callable[[int, FrameType | None], None]:
    """A signal handler that stops the run where it is by raising ``stop`` (it then tidies up
    as it ends)."""

    def handler(signum: int, frame: FrameType | None) -> None:
        raise stop

    return handler


def send_dropped_stops_again(unraisable: sys.UnraisableHookArgs) -> None:
    """``sys.unraisablehook``: a stop raised where Python cannot let an exception out (one of
    importlib's callbacks as a lazy import ends, a finaliser, a lookup that swallows errors)
    is printed as "Exception ignored" with its traceback and dropped, and the run would go on.
    Such a stop is sent again a moment later, when the run is out of there; anything else
    is reported as Python reports it."""
    signum = next((number for stop, number in _SIGNAL_OF.items()
                   if isinstance(unraisable.exc_value, stop)), None)
    if signum is None:
        sys.__unraisablehook__(unraisable)
        return
    again = threading.Timer(_ASK_AGAIN, os.kill, (os.getpid(), signum))
    again.daemon = True
    again.start()


def main() -> None:
    """Entry point: run the app and turn any unexpected failure into a message, not a trace."""
    # From here on, Ctrl-C and SIGTERM stop the run where it is, to tidy up as it ends (until
    # now, t42.starting answered them).
    signal.signal(signal.SIGINT, stop_handler(Interrupted))
    signal.signal(signal.SIGTERM, stop_handler(Terminated))
    sys.unraisablehook = send_dropped_stops_again
    listen(say_notice)  # the library's notices (the solver being compiled), on stderr
    try:
        try:
            app(prog_name="t42")  # also under `python -m t42`: completion is keyed to the name
        finally:
            sys.stdout.flush()  # a full disk under stdout shows here, not after the exit code
    except _STOPS as stop:
        _stopped(stop)
    except BrokenPipeError:
        _closed_pipe()
    except SystemExit:
        # Click (Typer's copy of it too) wraps stdout so when it met a closed pipe, and exits 1.
        if type(sys.stdout).__name__ == "PacifyFlushWrapper":
            _closed_pipe()
        raise
    except Exception as e:
        _failed(e)


def say_notice(words: str) -> None:
    """A notice of the library (:mod:`notation.notices`) as t42 says it: on stderr, at once."""
    sys.stderr.write(f"t42: {words}\n")
    sys.stderr.flush()


def _failed(error: Exception) -> NoReturn:
    """End a run that failed: a file that could not be written (the machine's doing: a full
    disk, a closed terminal) in words, anything else as a bug of t42, never a traceback."""
    from notation.files import WriteError, is_the_machines, unwritable

    if isinstance(error, WriteError):
        say(screen.err, f"t42: {error}", "bold red")
        sys.exit(EXIT_UNUSABLE)
    if not isinstance(error, OSError) or not is_the_machines(error):
        _internal_error(error)
    # Writing the output failed (standard output, or a file written as it goes): the
    # machine's doing, not t42's. Nothing more can go to standard output.
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    say(screen.err, f"t42: {unwritable(_output_name(error), error)}", "bold red")
    sys.exit(EXIT_UNUSABLE)


def _stopped(stop: BaseException) -> NoReturn:
    if isinstance(stop, Terminated):
        say(screen.err, "t42: terminated", "bold red")
        sys.exit(143)  # as a shell reports a process ended by SIGTERM: 128 + 15
    say(screen.err, "t42: interrupted", "bold red")
    sys.exit(130)


def _stop_behind(error: BaseException) -> BaseException | None:
    """The stop that caused ``error``, if any: a stop raised inside code that wraps what it
    meets (Python 3.11 wraps an exception of ``__set_name__`` in a RuntimeError) comes out
    as that code's error."""
    seen: set[int] = set()
    cause = error.__cause__ or error.__context__
    while cause is not None and id(cause) not in seen:
        if isinstance(cause, _STOPS):
            return cause
        seen.add(id(cause))
        cause = cause.__cause__ or cause.__context__
    return None


def _internal_error(e: Exception) -> NoReturn:
    stop = _stop_behind(e)
    if stop is not None:
        _stopped(stop)
    say(screen.err, f"t42: internal error ({type(e).__name__}: {e}); please report it", "bold red")
    sys.exit(EXIT_UNUSABLE)


def _output_name(error: OSError) -> str:
    return str(error.filename) if error.filename else "the output"
