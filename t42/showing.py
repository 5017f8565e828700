"""The commands that show a game: ``replay`` (step by step), ``html`` (a page to replay it in
a browser) and ``diagram`` (a hand as SVG)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
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
    from notation.model.findings import Finding
    from notation.model.game import Game
    from notation.model.seats import Seat

# Each command imports what it uses of the library when it runs (tests/t42/test_imports.py).


def replay(
    source: SourceArg,
    game: GameOption = None,
    hand: HandOption = None,
    print_steps: Annotated[
        bool, typer.Option("--print", help="Print every step even on a terminal.")
    ] = False,
    brief: Annotated[
        bool, typer.Option("--brief", help="Print one line a step, without the table "
                           "(implies --print).")
    ] = False,
    save_to: Annotated[
        Path | None,
        typer.Option("--save-to", help="The file the interactive replay saves the record to, "
                     "in the notation, with each what-if line saved (s) written into it as a "
                     "variation; never the file replayed."),
    ] = None,
    colour: ColourOption = Colour.auto,
) -> None:
    """Replay a record step by step: every bid and play, the hands, the trick, the score.

    On a terminal this opens an interactive view (keys at the foot of the screen; --hand
    starts at that hand); piped, or with --print, it prints every step, with the glyphs and
    comments of the record and each variation indented under the step it branches from.
    """
    use_colour(colour)
    guard_files([source], [("--save-to", save_to)])
    if save_to is not None and str(save_to) == "-":
        say(screen.err, "--save-to -: the replay saves to a file; name one", "bold red")
        raise typer.Exit(EXIT_UNUSABLE)
    from notation.check.validate import check_game
    from notation.views.terminal import wants_colour
    from replay.interactive import (
        HINT,
        has_textual,
        on_a_terminal,
        replay_interactively,
    )
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
    interactive = not (print_steps or brief) and str(source) != "-" and on_a_terminal()
    if interactive and not has_textual():
        say(screen.err, HINT, "yellow")
        interactive = False
    # Printed, --hand shows that hand alone: only its lay-down is judged.
    judged = [hand] if hand is not None and not interactive else None
    checked = [
        (i, g.game, check_game(g.game, g.rules, i, g.unread_lines, judged=judged))
        for i, g in games
    ]
    save = _saving(result, save_to, interactive)
    if interactive:
        replay_interactively(checked, hand, colour=wants_colour(colour), save=save)
        if result.unreadable:  # said after the view closes, so that it stays on screen
            print_findings(result)
    else:
        if result.unreadable:
            print_findings(result)
        for _, record, report in checked:
            print_replay(screen.out, record, report, hand, brief=brief)
    raise typer.Exit(EXIT_FINDINGS if result.unreadable else EXIT_CLEAN)


def _saving(result: FileResult, save_to: Path | None, interactive: bool
            ) -> Callable[[Sequence[tuple[int, Game]]], str] | None:
    """What saves the interactive replay's what-if lines to ``save_to`` (None: nothing); a
    file read in part is not replayed with it (saving would lose the rest)."""
    from replay.interactive import saver

    if save_to is None:
        return None
    if not interactive:
        say(screen.err, "t42: --save-to saves what-if lines of the interactive replay; "
            "printing, nothing is saved", "yellow")
        return None
    if result.unreadable:
        print_findings(result)
        say(screen.err, f"{result.path}: not replayed with --save-to: parts of it could not be "
            "read, and saving would lose them; mend the errors above first", "bold red")
        raise typer.Exit(EXIT_UNUSABLE)
    return saver(save_to, [(read.index, read.game) for read in result.kept])


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
    hand: Annotated[
        int | None, typer.Option("--hand", "-n", help="The hand to draw (with --line: the "
                                 "variation's hand, found from its path).")
    ] = None,
    trick: Annotated[
        int | None,
        typer.Option("--trick", "-t", help="Draw the table once this trick is taken "
                     "(default: after trump is named; with --line, the variation's first "
                     "play, call or trump call)."),
    ] = None,
    game: Annotated[
        int | None, typer.Option("--game", "-g", help="The game, in a file of several.")
    ] = None,
    line: Annotated[
        str | None,
        typer.Option("--line", help="Draw a position inside this variation: its path, as "
                     "t42 validate --json names it (/hands/0/tricks/3/plays/3/variations/0)."),
    ] = None,
    seat: Annotated[
        str | None, typer.Option("--seat", help="Draw the table as this seat sees it (N, E, S, W).")
    ] = None,
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="The SVG file to write (default: stdout).")
    ] = None,
    colour: ColourOption = Colour.auto,
) -> None:
    """Draw a hand as an SVG diagram: the four hands with domino faces, the trick, the score.

    With --line, a position inside one of its variations (docs/notation.md, Annotations and
    variations).
    """
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
    if hand is None and line is None:
        say(screen.err, "t42 diagram: name the hand to draw with --hand N (or a variation "
            "with --line PATH)", "bold red")
        raise typer.Exit(EXIT_UNUSABLE)
    result = read_or_exit(source)
    number, record = one_game(result, game)
    try:
        if line is not None:
            picture = _line_diagram(record, number, line, hand, trick, viewer)
        else:
            assert hand is not None
            picture = hand_diagram(record, hand, trick, number=number, seat=viewer)
    except DiagramError as e:
        say(screen.err, f"{result.path}: {e}", "bold red")
        raise typer.Exit(EXIT_UNUSABLE) from None
    write_output(output, picture)
    raise typer.Exit(EXIT_FINDINGS if result.unreadable else EXIT_CLEAN)


def _line_diagram(record: Game, number: int, path: str, hand: int | None, trick: int | None,
                  viewer: Seat | None) -> str:
    """The diagram of a position inside the variation at ``path`` of game ``number``: its
    first own step, or once trick ``trick`` is taken as the variation plays it. Raises
    DiagramError for a path that names no variation, or another hand than ``hand``."""
    from notation.check.validate import check_game
    from notation.views.navigation import game_frames
    from notation.views.svg import DiagramError, diagram, position
    from notation.views.variations import variation_frames, variation_words

    report = check_game(record, index=number)
    main = game_frames(record, report, number)
    lines = variation_frames(record, report, main, number)
    if path not in lines:
        known = ", ".join(list(lines)[:6]) + (", …" if len(lines) > 6 else "")
        has = f"its variations are {known}" if lines else "it has none"
        raise DiagramError(f"--line {path}: game {number} has no variation there; {has}")
    here = lines[path]
    shown = here.frames[here.branch].step.hand
    if hand is not None and hand != shown:
        raise DiagramError(f"--line {path} is a variation of hand {shown}, not of hand {hand}")
    frames = list(here.frames)
    at = here.branch if trick is None else position(frames, shown, trick)
    found: list[Finding] = []
    for frame in frames[: at + 1]:
        found += [f for f in frame.step.findings if f not in found]
    where = variation_words(lines, main, path)
    title = f"hand {shown} · {where} · {frames[at].step.text}"
    return diagram(frames[at], seat=viewer, findings=found, title=title)


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
