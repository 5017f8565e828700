"""A par table as a Rich table, for ``t42 par``.

Rows are the seats, columns the plain contracts and the special ones the table plays, then
each seat's highest makeable bid. The cell of each seat's best contract is marked ``*`` and
the par contract's ``◆``. Every cell is a :class:`rich.text.Text` built from data, and the
title (which names the file) passes through :func:`notation.views.terminal.inert`, so nothing is
read as markup or acted on by a terminal.

>>> import io
>>> from rich.console import Console
>>> from notation.analysis.par import par_table
>>> from notation.model.tiles import Tile
>>> hands = {Seat.N: "6-6 5-5 4-4 3-3 2-2 1-1 0-0", Seat.E: "6-5 6-4 6-3 6-2 6-1 6-0 5-4",
...          Seat.S: "5-3 5-2 5-1 5-0 4-3 4-2 4-1", Seat.W: "4-0 3-2 3-1 3-0 2-1 2-0 1-0"}
>>> deal = {s: tuple(map(Tile.parse, ws.split())) for s, ws in hands.items()}
>>> console = Console(file=io.StringIO(), width=80, markup=False)
>>> console.print(par_view(par_table(deal, dealer=Seat.W), "a deal"))
>>> shown = console.file.getvalue().splitlines()
>>> [line.split() for line in shown if line.startswith(" N ")]
[['N', '30', '41', '36', '36', '26', '36', '22', '◆42', '42']]
>>> shown[-3]
'* highest makeable bid: N 2m doubles · E none · S 2m doubles · W 35 sixes'
"""

from __future__ import annotations

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from notation.analysis.par import ParTable
from notation.model.contracts import Contract, DoublesRank, Special, Trump, TrumpKind
from notation.model.seats import SEATS, Seat
from notation.views.terminal import inert

BEST_MARK, PAR_MARK = "*", "◆"


def short_name(trump: Trump) -> str:
    """A contract in a few letters, for a narrow column: ``6s`` for sixes, ``dbl`` for the
    doubles, ``fm`` for follow-me (``fm-low`` with its doubles low); a special contract by
    its name and, for a Plunge or Splash, the partner's trump.

    >>> [short_name(t) for t in (Trump.pip(6), Trump.doubles_trump(), Trump.follow_me())]
    ['6s', 'dbl', 'fm']
    """
    special = trump.special
    if special is not None and not special.partner_names_trump:
        return special.value
    if trump.kind is TrumpKind.PIP:
        name = f"{trump.suit}s"
    elif trump.kind is TrumpKind.DOUBLES:
        name = "dbl"
    else:
        name = "fm" if trump.doubles is DoublesRank.HIGH else f"fm-{trump.doubles.value}"
    return name if special is None else f"{special.value} {name}"


def par_view(table: ParTable, title: str) -> RenderableType:
    """The par table under ``title``, with each seat's best bid and the par contract."""
    par = table.par()
    heading = f"{inert(title)}, dealer {table.dealer}, {table.rules.name} rules"
    grid = Table(title=Text(heading), title_justify="left", box=box.SIMPLE_HEAD,
                 padding=(0, 1), collapse_padding=True, pad_edge=False)
    grid.add_column(Text(""), no_wrap=True)
    for trump in table.trumps:
        grid.add_column(Text(short_name(trump)), justify="right", no_wrap=True, min_width=3)
    for special in table.special_columns:
        grid.add_column(Text(special.title), justify="center", no_wrap=True,
                        min_width=len(special.title))
    for seat in SEATS:
        best = table.best_contract(seat)
        marks = _marker(best, par)
        row: list[Text] = [Text(str(seat))]
        for trump in table.trumps:
            cell = str(table.points[seat, trump])
            style = ""
            if best is not None and best.trump == trump:
                cell, style = f"{marks}{cell}", "bold"
            row.append(Text(cell, style=style))
        for special in table.special_columns:
            row.append(_special_cell(table, seat, special, best, marks))
        grid.add_row(*row)
    bests = " · ".join(
        f"{seat} {'none' if (b := table.best_contract(seat)) is None else f'{b.bid} {b.trump}'}"
        for seat in SEATS
    )
    words = "no seat can make a bid" if par is None else f"{PAR_MARK} par: {par}"
    legend = Text(f"{words}\n{BEST_MARK} highest makeable bid: {bests}\n"
                  "Points the declaring side takes, best play by all four, declarer leading\n"
                  "0s … 6s: that pip trump; dbl: doubles; fm: follow-me", style="dim")
    return Group(grid, legend)


def _marker(best: Contract | None, par: Contract | None) -> str:
    return PAR_MARK if best is not None and best == par else BEST_MARK


def _special_cell(table: ParTable, seat: Seat, special: Special, best: Contract | None,
                  marks: str) -> Text:
    """Whether ``seat`` makes ``special``: made (marked when it is the seat's best), no,
    not analysed, or blank for a seat that may not declare it (Low-No but for the dealer)."""
    verdict = table.specials.get((seat, special))
    if verdict is None:
        return Text("")
    if verdict.made is None:
        return Text("not analysed", style="dim")
    if not verdict.made:
        return Text("–")
    word = "yes"
    if best is not None and best.trump == verdict.trump:
        return Text(f"{marks}{word}", style="bold")
    return Text(word)
