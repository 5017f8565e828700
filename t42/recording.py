"""The commands for the table and for practice: ``record`` (keep score as a game is played),
``deal`` (random legal games), ``rules`` (the rule sets) and ``serve`` (a club night)."""

from __future__ import annotations

from contextlib import ExitStack
from datetime import date
from pathlib import Path
from typing import Annotated

import typer

from notation.views.terminal import Colour
from t42 import printing as screen
from t42.options import EXIT_CLEAN, EXIT_UNUSABLE, ColourOption, Format
from t42.printing import guard_files, say, use_colour
from t42.records import GameSink

# Each command imports what it uses of the library when it runs (tests/t42/test_imports.py).


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
    from notation.files import UnreadableInput, WriteError, source_name
    from notation.recording import RecordingError, open_record, resume_file
    from replay.interactive import has_textual, on_a_terminal

    path = file or Path(f"{date.today():%Y-%m-%d}.t42")
    guard_files([path])
    text = ""
    with ExitStack() as held:
        stream = None
        if path.exists():  # locked first: no other recorder may write it meanwhile
            try:
                stream, text = open_record(path)  # CR or CRLF line ends made LF at once
                held.enter_context(stream)
            except (UnreadableInput, WriteError) as e:
                say(screen.err, str(e), "bold red")
                raise typer.Exit(EXIT_UNUSABLE) from None
        try:
            before, recording = resume_file(text, source_name(path))
        except RecordingError as e:
            say(screen.err, f"{e}\n{source_name(path)}: fix the record before recording more",
                 "bold red")
            raise typer.Exit(EXIT_UNUSABLE) from None
        if not on_a_terminal() or not has_textual():
            say(screen.err, "t42 record needs a terminal (and Textual) to type into", "bold red")
            raise typer.Exit(EXIT_UNUSABLE)
        from scorekeeper.recorder import run

        run(path, before, recording, stream=stream)


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
    use_colour(colour)
    import random

    from notation.model.rule_sets import RulesError, rule_set
    from notation.rules.dealing import random_game

    try:
        table = rule_set(rules)
    except RulesError as e:
        say(screen.err, str(e), "bold red")
        raise typer.Exit(EXIT_UNUSABLE) from None
    rng = random.Random(seed)
    sink = GameSink(screen.out.file.write, to)
    for _ in range(games):
        sink.add(random_game(rng, table))
    sink.close()
    raise typer.Exit(EXIT_CLEAN)


def rules_command(
    name: Annotated[
        str | None, typer.Argument(help="A rule set to show in full (straight, texas, points).")
    ] = None,
    colour: ColourOption = Colour.auto,
) -> None:
    """List the rule sets and every option, or show one rule set in full."""
    use_colour(colour)
    from notation.model.rule_sets import RulesError, rule_set
    from notation.views.rules_view import options_table, rule_set_table, rule_sets_table

    if name is None:
        screen.out.print(rule_sets_table())
        screen.out.print(options_table())
        return
    try:
        rules = rule_set(name)
    except RulesError as e:
        say(screen.err, f"t42 rules: {e}", "bold red")
        raise typer.Exit(EXIT_UNUSABLE) from None
    screen.out.print(rule_set_table(rules))


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
    certfile: Annotated[
        Path | None, typer.Option("--certfile", help="The club's certificate (PEM): serve "
                                  "HTTPS. See docs/club-night.md.")
    ] = None,
    keyfile: Annotated[
        Path | None, typer.Option("--keyfile", help="The certificate's private key (PEM).")
    ] = None,
    public_url: Annotated[
        str | None, typer.Option("--public-url", help="The address the phones use, when a "
                                 "proxy serves HTTPS in front (https://…).")
    ] = None,
) -> None:
    """Run a club night: every table records on a phone, the director sees the standings.

    Needs the `club` extra (pip install 't42[club]'); see docs/guides/club-night.md.
    """
    try:
        from club.serve import serve
    except ImportError as e:
        say(screen.err, f"t42 serve needs the club extra ({e.name} is missing): "
             "pip install 't42[club]'", "bold red")
        raise typer.Exit(EXIT_UNUSABLE) from None
    from sqlalchemy.exc import SQLAlchemyError

    try:
        serve(folder, database, host, port, certfile, keyfile, public_url)
    except (SQLAlchemyError, OSError, ValueError) as e:
        say(screen.err, f"t42 serve: {str(e).splitlines()[0]}", "bold red")
        raise typer.Exit(EXIT_UNUSABLE) from None
