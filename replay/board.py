"""The interactive replay's screen, as Rich renderables: the table seen from above.

North sits at the top, South at the bottom, West and East at the sides, each with the
player's name from the record and the tiles still in hand, drawn as tiles; count tiles
(5-5 and 6-4 worth 10, 5-0, 4-1 and 3-2 worth 5) are marked with their value. The trick
on the table is in the middle with its leader marked, and a renege is shown in red. Beside
or below the table: the auction, the contract, this hand's points and the running marks
drawn as strokes of ALL. Findings and comments of the step come last.

Everything here is pure: :func:`board` turns a frame and the view's settings into one
renderable, laid out for the width it is given. Record text goes through
:func:`replay.render.inert`, never through markup.

>>> from rich.console import Console
>>> from notation.model.tiles import Tile
>>> console = Console(width=40, color_system=None)
>>> with console.capture() as capture:
...     console.print(tile_text(Tile(6, 4)), tile_text(Tile(3, 0)), tile_text(Tile(3, 2)))
>>> capture.get()
'6│4¹⁰ 3│0 3│2⁵\\n'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.align import Align
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from notation.model.findings import plural
from notation.model.game import UNKNOWN
from notation.model.seats import Seat, Team
from notation.model.tiles import Tile
from notation.views.navigation import Frame
from notation.views.steps import Step, StepKind, auction_words, contract_words, teams_words
from replay.render import centre, inert, notes
from replay.strokes import all_strokes

# The smallest terminal the table fits in, and the width from which the score goes beside it.
MIN_WIDTH, MIN_HEIGHT = 80, 24
WIDE = 124

_TILE = "reverse"
_COUNT_TILE = "reverse bold yellow"
_COUNT_MARK = "bold yellow"
_RENEGE = "bold white on red"
_HIDDEN = "dim"
_SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")
_CELL = 11  # one seat's place in the trick: "W 6│4¹⁰ led"
_SEAT_WIDTH = 30  # North's and South's tiles: seven tiles on one line
_MISSCORED = frozenset({"misscored-points", "misscored-marks", "misscored-total"})


@dataclass(frozen=True)
class View:
    """How the table is shown: ``reveal`` shows every hand's tiles, else only the tiles of
    the seat that acts at the step (the others face down); ``width`` is the screen's."""

    reveal: bool = True
    width: int = MIN_WIDTH


def tile_text(tile: Tile, style: str = "") -> Text:
    """One tile drawn as a domino face, ``6│4``, with its count in superscript if it has one."""
    out = Text(f"{tile.high}│{tile.low}", style=style or (_COUNT_TILE if tile.count else _TILE))
    if tile.count:
        out.append(str(tile.count).translate(_SUPERSCRIPT), style=_COUNT_MARK)
    return out


def _rows(pieces: Sequence[Text], width: int) -> list[Text]:
    """``pieces`` one space apart, broken into lines no wider than ``width``."""
    rows: list[Text] = []
    row = Text()
    for piece in pieces:
        if row.cell_len and row.cell_len + 1 + piece.cell_len > width:
            rows.append(row)
            row = Text()
        if row.cell_len:
            row.append(" ")
        row.append_text(piece)
    if row.cell_len or not rows:
        rows.append(row)
    return rows


def _seat(frame: Frame, seat: Seat, view: View, width: int) -> Text:
    """A seat: the player's name and role, then the tiles it still holds."""
    step = frame.step
    name = Text.assemble(inert(frame.names.get(seat, UNKNOWN), style="bold"), f" ({seat})")
    if step.contract is not None and step.contract.declarer is seat:
        name.append(" declarer", style="bold cyan")
    if step.dealer is seat:
        name.append(" dealer", style="dim")
    if step.actor is seat:
        name.append(" ◀", style="bold")
    tiles = step.seats[seat]
    pieces: list[Text]
    if tiles.held is None:
        pieces = [Text("?", style=_HIDDEN)] * tiles.unknown
    elif view.reveal or step.actor is seat:
        pieces = [tile_text(t) for t in tiles.held]
    else:
        pieces = [Text("▒▒▒", style=_HIDDEN)] * len(tiles.held)
    lines = [name, *_rows(pieces or [Text("(no tiles)", style=_HIDDEN)], width)]
    if tiles.held is None and tiles.played:
        played = [Text("played", style=_HIDDEN), *(tile_text(t) for t in tiles.played)]
        lines.extend(_rows(played, width))
    return Text("\n").join(lines)


def _table_tile(tile: Tile, renege: bool) -> Text:
    return tile_text(tile, _RENEGE if renege else "")


def _table(frame: Frame, view: View, width: int) -> Table:
    """The table seen from above, ``width`` cells wide."""
    middle = 3 * _CELL + 2
    side = max(12, (width - middle - 2) // 2)
    grid = Table.grid(padding=(0, 1))
    grid.add_column(width=side)
    grid.add_column(width=middle)
    grid.add_column(width=side)
    seat_width = min(_SEAT_WIDTH, width)
    north = _seat(frame, Seat.N, view, seat_width)
    south = _seat(frame, Seat.S, view, seat_width)
    grid.add_row(Text(""), Align.center(north), Text(""))
    grid.add_row(
        _seat(frame, Seat.W, view, side),
        centre(frame.step, width=_CELL, tile=_table_tile, reneges=frame.reneges, steady=True),
        Align.right(_seat(frame, Seat.E, view, side)),
    )
    grid.add_row(Text(""), Align.center(south), Text(""))
    return grid


def _marks(marks: dict[Team, int] | None) -> RenderableType:
    """The running marks of both teams side by side: each number, and its strokes of ALL."""
    if marks is None:
        return Text("not known")
    grid = Table.grid(padding=(0, 1))
    cells: list[RenderableType] = []
    for team in Team:
        grid.add_column(style="bold")
        grid.add_column()
        grid.add_column(min_width=len(all_strokes(7).split("\n")[-1]) + 2)
        drawn = all_strokes(marks[team])
        cells += [Text(f"{team} {marks[team]}"), Text(drawn or " "), Text("")]
    grid.add_row(*cells)
    return grid


def score_line(step: Step) -> Text:
    """This hand's points and tricks per team, flagged in red when the hand is misscored."""
    parts = []
    for team in Team:
        points, won = step.points[team], step.tricks_won[team]
        parts.append(f"{team} {plural(points, 'point')}, {plural(won, 'trick')}")
    out = Text(" · ".join(parts))
    if any(f.code in _MISSCORED for f in step.findings):
        out.append("  ✗ misscored", style=_RENEGE)
    return out


def _facts(frame: Frame) -> Table:
    """The auction, the contract, this hand's points and the running marks (or points)."""
    step = frame.step
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold", no_wrap=True)
    grid.add_column()
    grid.add_row(Text("auction"), Text(auction_words(step)))
    grid.add_row(Text("contract"), Text(contract_words(step)))
    grid.add_row(Text("this hand"), score_line(step))
    if frame.points_game:
        grid.add_row(Text("game"), _game_points(step))
    elif step.kind is StepKind.SCORE and step.marks_after is not None:
        grid.add_row(Text("marks"), _marks(step.marks_after))
    else:
        grid.add_row(Text("marks"), _marks(step.marks_before))
    if frame.won is not None:
        grid.add_row(Text("game"), Text(frame.won, style="bold"))
    return grid


def _game_points(step: Step) -> Text:
    """The points game's running score: before this hand, or with it once it is scored."""
    if step.kind is StepKind.SCORE and step.marks_after is not None:
        total, when = step.marks_after, "with this hand"
    elif step.marks_before is not None:
        total, when = step.marks_before, "before this hand"
    else:
        return Text("not known")
    return Text(f"{teams_words(total)} points {when}")


def header(frame: Frame, of: int) -> Text:
    """What happened at this step, and where it is: game, hand, step of ``of``."""
    step = frame.step
    out = Text(f"game {frame.game} · hand {step.hand} · step {step.index}/{of} · ", style="dim")
    out.append(step.text, style="bold")
    return out


def branches_note(frame: Frame) -> Text | None:
    """What the screen says at a step with variations: how many, and the key to enter."""
    count = len(frame.branches)
    if not count:
        return None
    again = " (v again: the next)" if count > 1 else ""
    return Text(f"{plural(count, 'variation')} here: v to enter{again}", style="bold magenta")


def line_note(where: str, depth: int) -> Text:
    """What the screen says inside a variation: which one (``where``, in words), how deep."""
    deep = "" if depth <= 1 else f" (depth {depth})"
    return Text(f"inside {where}{deep} · b: back out", style="bold magenta")


def board(
    frame: Frame, view: View, steps_in_hand: int, *, where: str | None = None, depth: int = 0,
    said: Sequence[RenderableType] = (),
) -> RenderableType:
    """The whole screen for one frame, laid out for ``view.width`` columns: inside the
    variation ``where`` (in words; ``depth`` 1 for a variation of the main line, 2 for one of
    it …) when given, with ``said`` (the view's own words: a what-if, a choice) above the
    table."""
    width = max(view.width, MIN_WIDTH)
    top: list[RenderableType] = [header(frame, steps_in_hand)]
    if where is not None:
        top.append(line_note(where, depth))
    branching = branches_note(frame)
    if branching is not None:
        top.append(branching)
    top.extend(said)
    if width >= WIDE:
        table_width = width - 44
        row = Table.grid(padding=(0, 2))
        row.add_column(width=table_width)
        row.add_column()
        row.add_row(_table(frame, view, table_width), _facts(frame))
        parts: list[RenderableType] = [*top, row]
    else:
        parts = [*top, _table(frame, view, width), _facts(frame)]
    return Group(*parts, *notes(frame.step, where))


def too_small(width: int, height: int) -> Text:
    """What the screen says when the terminal is smaller than the table."""
    return Text(
        f"The terminal is {width}×{height}; the replay needs at least "
        f"{MIN_WIDTH}×{MIN_HEIGHT}. Make it larger, or press q to quit."
    )

