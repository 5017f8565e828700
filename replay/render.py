"""Showing a replay step with Rich: the table seen from above, the trick, the score.

Text from the record (players' names, comments) is never read as Rich markup and never
reaches the terminal as a control code: it goes through :func:`inert`, which builds a
:class:`rich.text.Text` and writes control and bidi-override characters as visible escapes.
Nothing here moves the cursor or redraws, so a replay piped to a file reads top to bottom.

>>> inert("Ann\\x1b[2J").plain
'Ann\\\\x1b[2J'
>>> inert("[red]x[/red]").plain
'[red]x[/red]'
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence

from rich import box
from rich.align import Align
from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from notation.check.validate import GameReport
from notation.model.findings import Finding, plural
from notation.model.game import UNKNOWN, Comment, Game
from notation.model.seats import SEATS, Seat, Team
from notation.model.tiles import Tile
from notation.views.navigation import Frame, game_frames
from notation.views.steps import (
    Step,
    StepKind,
    auction_words,
    contract_words,
    teams_words,
)
from notation.views.terminal import escape, is_unsafe
from notation.views.variations import LineFrames, variation_frames, variation_words

_ESCAPE_STYLE = "reverse"
_FINDING_STYLE = "red"
_CELL = 9  # width of one cell of the trick: "S 4-3 led"
_SIDE = 31  # width of a seat's panel: seven tiles and the border
_INDENT = 4  # how far a variation is indented under the step it branches from, per depth


def inert(text: str, style: str = "") -> Text:
    """``text`` as Rich text that shows exactly what was written and does nothing else.

    No markup is read (``[red]`` stays literal) and each control or bidi-override
    character is replaced by a visible escape such as ``\\x1b`` or ``\\u202e``.
    """
    out = Text(style=style)
    run: list[str] = []
    for ch in text:
        if is_unsafe(ch):
            if run:
                out.append("".join(run))
                run = []
            out.append(escape(ch), style=_ESCAPE_STYLE)
        else:
            run.append(ch)
    if run:
        out.append("".join(run))
    return out


def comment_text(text: str) -> Text:
    """A comment on one line: a braced comment's line breaks become spaces, the rest inert."""
    flat = " ".join(line.strip() for line in text.replace("\r\n", "\n").split("\n"))
    return inert(flat.strip())


def _tiles(tiles: Iterable[Tile]) -> str:
    return " ".join(str(t) for t in tiles)


def _seat_panel(step: Step, seat: Seat, name: str) -> Panel:
    """One seat: its player, whether it dealt or declared, and the tiles it still holds."""
    title = Text.assemble(inert(name, style="bold"), f" ({seat})")
    if step.dealer is seat:
        title.append(" dealer", style="dim")
    if step.contract is not None and step.contract.declarer is seat:
        title.append(" declarer", style="bold")
    tiles = step.seats[seat]
    lines = [title]
    if tiles.held is not None:
        lines.append(Text(_tiles(tiles.held) or "(no tiles)"))
    else:
        lines.append(Text(" ".join("?" * tiles.unknown) or "(no tiles)"))
        if tiles.played:
            lines.append(Text(f"played {_tiles(tiles.played)}", style="dim"))
    border = "bold" if step.actor is seat else "dim"
    return Panel(Group(*lines), box=box.ROUNDED, border_style=border)


def compass(cells: Mapping[Seat, Text], width: int = _CELL) -> Table:
    """Four cells placed like the seats: N above, W left, E right, S below, each ``width``
    columns wide."""
    grid = Table.grid(padding=0)
    for _ in range(3):
        # A fixed width keeps each seat in its place even while other cells are empty.
        grid.add_column(justify="center", width=width)
    empty = Text("")
    grid.add_row(empty, cells.get(Seat.N, empty), empty)
    grid.add_row(cells.get(Seat.W, empty), empty, cells.get(Seat.E, empty))
    grid.add_row(empty, cells.get(Seat.S, empty), empty)
    return grid


def _plain_tile(tile: Tile, renege: bool) -> Text:
    return Text(str(tile))


def centre(
    step: Step,
    *,
    width: int = _CELL,
    tile: Callable[[Tile, bool], Text] = _plain_tile,
    reneges: Collection[tuple[int, Seat]] = frozenset(),
    steady: bool = False,
) -> Panel:
    """The middle of the table: the trick being played, else the calls of the auction, else
    the hand's points once it is over.

    Each play is its seat and ``tile(tile, reneged)``, marked ✗ when (trick, seat) is in
    ``reneges``; each cell is ``width`` columns. ``steady`` keeps the line under the trick
    even before it is taken, so that a screen redrawn in place does not jump.
    """
    trick = step.trick
    if trick is not None:
        cells: dict[Seat, Text] = {}
        for seat, played in trick.plays:
            renege = (trick.number, seat) in reneges
            cell = Text(f"{seat} ")
            cell.append_text(tile(played, renege))
            if seat is trick.leader:
                cell.append(" led", style="italic")
            if renege:
                cell.append(" ✗", style="bold red")
            if seat is trick.winner:
                cell.stylize("bold")
            cells[seat] = cell
        lines: list[RenderableType] = [compass(cells, width)]
        taken = trick.taken
        if taken is not None or steady:
            lines.append(Align.center(Text(taken or "", style="bold" if taken else "")))
        title = Text(f"trick {trick.number} · {trick.leader} led")
        return Panel(Group(*lines), title=title, box=box.ROUNDED)
    if step.kind in (StepKind.END, StepKind.SCORE):
        points = Text("\n".join(f"{team} {step.points[team]} points" for team in Team))
        return Panel(Align.center(points), title=Text("hand over"), box=box.ROUNDED)
    calls = {seat: Text(f"{seat} {bid}") for seat, bid in step.auction}  # a seat's latest call
    title = Text("auction" if step.auction else "table")
    return Panel(compass(calls, width), title=title, box=box.ROUNDED)


def _table(step: Step, names: Mapping[Seat, str]) -> Table:
    panel = {s: _seat_panel(step, s, names.get(s, UNKNOWN)) for s in SEATS}
    grid = Table.grid(padding=(0, 1))
    for _ in range(3):
        grid.add_column(width=_SIDE)
    grid.add_row(Text(""), panel[Seat.N], Text(""))
    grid.add_row(panel[Seat.W], centre(step), panel[Seat.E])
    grid.add_row(Text(""), panel[Seat.S], Text(""))
    return grid


def _facts(step: Step) -> Table:
    """The auction, the contract, this hand's points and tricks, and the game's marks."""
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold")
    grid.add_column()
    grid.add_row(Text("auction"), Text(auction_words(step)))
    grid.add_row(Text("contract"), Text(contract_words(step)))
    hand = " · ".join(
        f"{team} {plural(step.points[team], 'point')}, {plural(step.tricks_won[team], 'trick')}"
        for team in Team
    )
    grid.add_row(Text("this hand"), Text(hand))
    if step.kind is StepKind.SCORE:
        after, before = teams_words(step.marks_after), teams_words(step.marks_before)
        marks = f"{after} after this hand ({before} before)"
    else:
        marks = f"{teams_words(step.marks_before)} before this hand"
    grid.add_row(Text("marks"), Text(marks))
    return grid


def finding_text(f: Finding, where: str | None = None) -> Text:
    """A finding in red: its severity, code and message (and, for a renege, what could follow);
    one in a variation says so, naming it by ``where`` (the variation in words) if given."""
    out = Text(f"{f.severity.value} {f.code}: ", style=f"bold {_FINDING_STYLE}")
    out.append_text(inert(f.message, style=_FINDING_STYLE))
    if f.variation is not None:
        out.append(f" (in {where or 'a variation'})", style=_FINDING_STYLE)
    could = f.evidence.get("could_follow")
    if f.code == "renege" and could:
        tiles = ", ".join(str(t) for t in could)
        # The message says it in words; the tiles also go on a line of their own to scan.
        out.append("\n  could have followed with ", style=_FINDING_STYLE)
        out.append_text(inert(tiles, style=_FINDING_STYLE))
    return out


def notes(step: Step, where: str | None = None) -> list[Text]:
    """The step's findings, then its comments, all from the record or the engine; a finding
    of a variation says it is in it (``where``, the variation in words)."""
    out: list[Text] = [finding_text(f, where) for f in step.findings]
    for comment in step.comments:
        out.append(Text.assemble(Text("comment: ", style="dim"), comment_text(comment)))
    return out


def step_header(step: Step) -> Text:
    """What happened at the step, and where: ``hand 1 · step 3 · S bids 30!``."""
    header = Text(f"hand {step.hand} · step {step.index} · ", style="bold")
    header.append(step.text)
    return header


def render_step(step: Step, names: Mapping[Seat, str]) -> RenderableType:
    """One step as a Rich renderable: what happened, the table, the facts, findings, comments.

    ``names`` maps seats to players' names (record text: shown inert, ``?`` when missing).
    """
    parts: list[RenderableType] = [step_header(step), _table(step, names), _facts(step)]
    parts.extend(notes(step))
    return Group(*parts)


def _step_lines(step: Step, where: str | None = None, indent: str = "") -> Group:
    """A step on one line, its findings and comments under it, each line after ``indent``
    (a long line goes on as the terminal wraps it: piped, it stays one line)."""
    return Group(Text.assemble(indent, step_header(step)),
                 *(_indented(n, indent + "  ") for n in notes(step, where)))


def _indented(text: Text, indent: str) -> Text:
    return Text("\n").join(Text.assemble(indent, line) for line in text.split("\n"))


def _print_line(
    console: Console, lines: Mapping[str, LineFrames], main: Sequence[Frame], path: str,
    depth: int = 1,
) -> None:
    """The variation at ``path`` indented under the step it branches from: its first own step
    to its end, one line a step with its findings and comments, its own variations deeper."""
    here = lines[path]
    where = variation_words(lines, main, path)
    indent = " " * (_INDENT * depth)
    console.print(Text.assemble(indent, Text(f"┆ {where}:", style="bold italic")))
    for frame in here.frames[here.branch:]:
        console.print(_step_lines(frame.step, where, indent))
        for child in frame.branches:
            _print_line(console, lines, main, child, depth + 1)


def _game_header(game: Game) -> Text:
    """The event and date (if known) and who sat where, all inert."""
    out = Text(style="bold")
    for name in ("Event", "Date"):
        value = game.tag(name)
        if value and value != UNKNOWN:
            if out.plain:
                out.append(" · ")
            out.append_text(inert(value))
    for seat in SEATS:
        if out.plain:
            out.append(" · ")
        out.append(f"{seat} ")
        out.append_text(inert(game.seat_name(seat)))
    return out


def print_replay(
    console: Console, game: Game, report: GameReport, hand: int | None = None,
    *, brief: bool = False,
) -> int:
    """Print every step of ``game`` (or of hand number ``hand`` only) in order; each
    variation (docs/notation.md, Annotations and variations) indented under the step it
    branches from, one line a step. ``brief`` prints the main line's steps one line each
    too, without the table.

    Prints renderables only, with no live display, so the output is plain text when the
    console is not a terminal. Returns the number of steps of the main line printed; raises
    ValueError for a hand number the game does not have.
    """
    if hand is not None and all(h.number != hand for h in game.hands):
        raise ValueError(f"the game has no hand {hand}")
    names = {s: game.seat_name(s) for s in SEATS}
    console.print(_game_header(game))
    for tag in game.tags:
        for comment in (*tag.before, *tag.after):
            console.print(Text.assemble(Text("comment: ", style="dim"), comment_text(comment.text)))
    printed = 0
    main = game_frames(game, report)
    lines = variation_frames(game, report, main)
    for frame in main:
        step = frame.step
        if hand is not None and step.hand != hand:
            continue
        if brief:
            console.print(_step_lines(step))
        else:
            console.print(Rule(style="dim"))
            console.print(render_step(step, names))
        if frame.won is not None:
            console.print(Text(frame.won, style="bold"))
        for path in frame.branches:
            _print_line(console, lines, main, path)
        printed += 1
    return printed


def _comment(comment: Comment) -> Text:
    return comment_text(comment.text)
