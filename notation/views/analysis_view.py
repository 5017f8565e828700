"""An archive's analysis shown in the terminal: the summary as Rich tables."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from notation.analysis.analyze import AnalysisSummary
from notation.model.seats import SEATS
from notation.views.terminal import inert


def render_summary(summary: AnalysisSummary) -> RenderableType:
    """The summary as Rich tables (every name from a record inert)."""
    hands = "hand" if summary.hands == 1 else "hands"
    head = Text(f"{summary.hands:,} {hands} analysed, {summary.rejected:,} rejected", style="bold")
    bids = Table(title="bids: made as played, makeable with best play", box=None)
    for column in ("bid", "played", "made", "makeable", "overbids", "underbids"):
        bids.add_column(column, justify="right")
    for level in summary.levels():
        bids.add_row(level, *(f"{n[level]:,}" for n in (
            summary.contracts, summary.made, summary.makeable, summary.overbids,
            summary.underbids)))
    seats = Table(title="points lost against best play, by seat", box=None)
    for column in ("seat", "plays", "points"):
        seats.add_column(column, justify="right")
    for seat in SEATS:
        seats.add_row(seat.value, f"{summary.costly_by_seat[seat.value]:,}",
                      f"{summary.cost_by_seat[seat.value]:,}")
    players = Table(title="points lost, by player", box=None)
    players.add_column("player")
    players.add_column("points", justify="right")
    for name, cost in sorted(summary.cost_by_player.items(), key=lambda kv: (-kv[1], kv[0])):
        players.add_row(Text(inert(name)), f"{cost:,}")
    dearest = Table(title="the costliest plays", box=None)
    files = len({p.source for p in summary.costliest}) > 1  # else the file goes unsaid
    for column in ("points", *(("file",) if files else ()), "game", "hand", "trick", "seat",
                   "player", "tile"):
        dearest.add_column(column)
    for p in summary.costliest:
        where = (Text(inert(p.source)),) if files else ()
        dearest.add_row(str(p.cost), *where, str(p.game), str(p.hand), str(p.trick), p.seat,
                        Text(inert(p.player)), p.tile)
    return Group(head, bids, seats, players, dearest)

