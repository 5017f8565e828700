"""The commands that show a game: ``replay`` (step by step), ``html`` (a page to replay it in
a browser) and ``diagram`` (a hand as SVG)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from notation.views.terminal import Colour
from t42 import printing as screen
from t42.options import (
    EXIT_CLEAN,
    EXIT_FINDINGS,
    EXIT_UNUSABLE,
    ColourOption,
    GameOption,
    HandOption,
    SourceArg,
)
from t42.printing import (
    guard_files,
    say,
    say_left_out,
    show,
    use_colour,
    write_output,
)
from t42.records import FileResult, one_game, print_findings, read_or_exit

if TYPE_CHECKING:
    from notation.model.game import Game

# Each command imports what it uses of the library when it runs (tests/t42/test_imports.py).


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
    use_colour(colour)
    guard_files([source])
    from notation.check.validate import check_game
    from notation.views.terminal import wants_colour
    from replay.interactive import HINT, has_textual, on_a_terminal, replay_interactively
    from replay.render import print_replay

    result = read_or_exit(source)
    games = [(read.index, read) for read in result.kept]
    if game is not None:
        games = [(i, g) for i, g in games if i == game]
        if not games:
            count = result.games_read
            if result.unreadable:
                print_findings(result)
            say(screen.err, f"{result.path}: there is no game {game} (it has {count})", "bold red")
            raise typer.Exit(EXIT_UNUSABLE)
    if hand is not None:
        games = [(i, g) for i, g in games if any(h.number == hand for h in g.game.hands)]
    if not games:
        if result.unreadable:
            print_findings(result)
        what = f"no hand {hand}" if hand is not None else "no games"
        say(screen.err, f"{result.path}: {what} to replay", "bold red")
        raise typer.Exit(EXIT_UNUSABLE)
    interactive = not print_steps and str(source) != "-" and on_a_terminal()
    if interactive and not has_textual():
        say(screen.err, HINT, "yellow")
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
            print_findings(result)
    else:
        if result.unreadable:
            print_findings(result)
        for _, record, report in checked:
            print_replay(screen.out, record, report, hand)
    raise typer.Exit(EXIT_FINDINGS if result.unreadable else EXIT_CLEAN)


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
    with_what_if: Annotated[
        bool,
        typer.Option("--what-if", help="At each play, let the reader try each other tile the "
                     "seat could have played, the hand then finished by best play (slower; "
                     "a bigger page)."),
    ] = False,
    colour: ColourOption = Colour.auto,
) -> None:
    """Write a one-file HTML replay: open it in any browser and step through the game."""
    use_colour(colour)
    guard_files([source], [("-o", output)])
    from notation.check.validate import check_game
    from notation.files import shown_name
    from replay.page import (
        HandAudits,
        audit_summaries,
        merge_summaries,
        replay_page,
        review_summaries,
    )

    result = read_or_exit(source)
    games = [(i, g) for i, g in enumerate(result.games, start=1) if game in (None, i)]
    if result.unreadable:
        print_findings(result)
    if not any(g.hands for _, g in games):
        what = f"no game {game}" if game is not None and not games else "no hands"
        say(screen.err, f"{result.path}: {what} to replay", "bold red")
        raise typer.Exit(EXIT_UNUSABLE)
    games = _carried_as_json(result, games)
    checked = [(i, g, check_game(g, index=i)) for i, g in games if g.hands]
    audits: HandAudits = {}
    if with_audit:
        audits = {k: v for i, g, _ in checked for k, v in audit_summaries(g, i).items()}
    if with_review:
        audits = merge_summaries(audits, {
            k: v for i, g, _ in checked for k, v in review_summaries(g, i).items()})
    page = replay_page(checked, title=shown_name(source), audits=audits, what_if=with_what_if)
    write_output(output, page)
    raise typer.Exit(EXIT_FINDINGS if result.unreadable else EXIT_CLEAN)


def _carried_as_json(result: FileResult, games: list[tuple[int, Game]]) -> list[tuple[int, Game]]:
    """The games a page can carry (it holds each record as JSON); any other is said, where,
    and left out, and the rest go on."""
    from notation.archive.reading import unwritable as unwritable_game
    from notation.errors import RecordError
    from notation.formats.json.form import dumps_game

    reads = {id(read.game): read for read in result.kept}
    kept = []
    for i, g in games:
        try:
            dumps_game(g)
        except RecordError as e:
            show([unwritable_game(reads[id(g)], e)], result.path, result.text.split("\n"))
            say_left_out(result.path, [f"game {i}"])
            result.unreadable = True
            continue
        kept.append((i, g))
    return kept


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
    use_colour(colour)
    guard_files([source], [("-o", output)])
    from notation.model.seats import Seat
    from notation.views.svg import DiagramError, hand_diagram

    viewer = None
    if seat is not None:
        try:
            viewer = Seat(seat.upper())
        except ValueError:
            say(screen.err, f"--seat {seat!r}: a seat is N, E, S or W", "bold red")
            raise typer.Exit(EXIT_UNUSABLE) from None
    result = read_or_exit(source)
    number, record = one_game(result, game)
    try:
        picture = hand_diagram(record, hand, trick, number=number, seat=viewer)
    except DiagramError as e:
        say(screen.err, f"{result.path}: {e}", "bold red")
        raise typer.Exit(EXIT_UNUSABLE) from None
    write_output(output, picture)
    raise typer.Exit(EXIT_FINDINGS if result.unreadable else EXIT_CLEAN)


def share_command(
    source: SourceArg,
    hand: HandOption = None,
    game: GameOption = None,
    page: Annotated[
        str,
        typer.Option("--page", help="The address of a t42 HTML page (from t42 html) the link "
                     "opens: the code goes after it as #g=…."),
    ] = "page.html",
    colour: ColourOption = Colour.auto,
) -> None:
    """Print a game's share code (or one hand's, with --hand) and a link that opens it.

    The code is short URL-safe text holding the record exactly: deal, auction, trump, plays,
    tags, rules and comments. Any page written by `t42 html`, on any web host, shows the game
    when its address ends with `#g=<code>`; `t42 convert` and every command that reads a
    record read the code back.
    """
    use_colour(colour)
    guard_files([source], [])
    from notation.errors import RecordError
    from notation.formats import share

    result = read_or_exit(source)
    if result.unreadable:
        print_findings(result)
    number, record = one_game(result, game)
    try:
        shared = record if hand is None else share.one_hand(record, hand)
        code = share.dumps(shared)
    except (share.ShareCodeError, RecordError) as e:
        say(screen.err, f"{result.path}: game {number}: {e}", "bold red")
        raise typer.Exit(EXIT_UNUSABLE) from None
    base = page.split("#", 1)[0]
    screen.out.file.write(f"{code}\n{base}#g={code}\n")
    raise typer.Exit(EXIT_FINDINGS if result.unreadable else EXIT_CLEAN)
