"""The interactive replay: step through a game at the table, in the terminal (Textual).

Keys (also shown in the key bar at the foot of the screen):

=====================  =======================================================
→ or l / ← or h        next / previous step (each bid, play, trick taken, score)
↓ or j / ↑ or k        next / previous trick (the trick taken, all four tiles down)
PgDn or n / PgUp or p  next / previous hand (its deal)
Home or g / End or G   first / last step
1 … 7                  trick 1 … 7 of this hand
r                      hide the hands (only the seat that acts shows its tiles) or reveal
q                      quit
=====================  =======================================================

This module imports Textual; :mod:`t42.commands` imports it only when the interactive view
starts, so the other commands start without loading it. The screen
is drawn by :func:`replay.board.board` from pure data; record text reaches Textual only as
:class:`rich.text.Text` built by :func:`replay.render.inert`, in widgets with markup off.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import ClassVar

from rich.console import Console, RenderableType
from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.geometry import Size
from textual.widgets import Static

from notation.views import navigation
from notation.views.navigation import Frame
from replay.board import MIN_HEIGHT, MIN_WIDTH, View, board, too_small

Move = Callable[[Sequence[Frame], int], int]

# What the key bar shows: the keys, then what they do.
KEYS: tuple[tuple[str, str], ...] = (
    ("→/l", "next"),
    ("←/h", "back"),
    ("↓/j", "next trick"),
    ("↑/k", "trick back"),
    ("PgDn/n", "next hand"),
    ("PgUp/p", "hand back"),
    ("Home/g", "first"),
    ("End/G", "last"),
    ("1-7", "trick"),
    ("r", "hide/reveal hands"),
    ("q", "quit"),
)

_MOVES: dict[str, Move] = {
    "next_play": navigation.next_play,
    "previous_play": navigation.previous_play,
    "next_trick": navigation.next_trick,
    "previous_trick": navigation.previous_trick,
    "next_hand": navigation.next_hand,
    "previous_hand": navigation.previous_hand,
    "first": navigation.first,
    "last": navigation.last,
}


def key_bar(bindings: Sequence[tuple[str, str]] = KEYS) -> Text:
    """The keys and what they do (the replay's, unless others are given), on as many lines
    as the screen's width needs."""
    out = Text()
    for i, (keys, does) in enumerate(bindings):
        if i:
            out.append("  ")
        out.append(keys, style="bold reverse")
        out.append(f" {does}")
    return out


class ReplayApp(App[None]):
    """Step through ``frames`` (see :func:`notation.views.navigation.game_frames`), from
    ``start``."""

    TITLE = "t42 replay"
    CSS = """
    #scroll { height: 1fr; }
    #board { height: auto; padding: 0 1; }
    #keys { dock: bottom; height: auto; background: $panel; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right,l", "move('next_play')", "next", show=False),
        Binding("left,h", "move('previous_play')", "back", show=False),
        Binding("down,j", "move('next_trick')", "next trick", show=False),
        Binding("up,k", "move('previous_trick')", "trick back", show=False),
        Binding("pagedown,n", "move('next_hand')", "next hand", show=False),
        Binding("pageup,p", "move('previous_hand')", "hand back", show=False),
        Binding("home,g", "move('first')", "first", show=False),
        Binding("end,G", "move('last')", "last", show=False),
        *(Binding(str(n), f"trick({n})", f"trick {n}", show=False) for n in range(1, 8)),
        Binding("r", "reveal", "hide/reveal hands", show=False),
        Binding("q", "quit", "quit", show=False),
    ]

    def __init__(self, frames: Sequence[Frame], start: int = 0, *, colour: bool = True) -> None:
        """The view of ``frames`` at step ``start``; in monochrome unless ``colour``."""
        if not frames:
            raise ValueError("nothing to replay: no steps")
        with _no_color(not colour):  # Textual reads NO_COLOR as the app is made, and only then
            super().__init__()
        self.frames = list(frames)
        self.at = max(0, min(start, len(self.frames) - 1))
        self.reveal = True

    def compose(self) -> ComposeResult:
        # The board scrolls (with the mouse wheel) if a long comment makes it taller than the
        # screen; it never takes focus, so the arrow and page keys always move through the game.
        with VerticalScroll(id="scroll", can_focus=False, can_focus_children=False):
            yield Static(Text(""), id="board", markup=False)
        yield Static(key_bar(), id="keys", markup=False)

    def on_mount(self) -> None:
        self.show()

    def on_resize(self, event: events.Resize) -> None:
        # The event carries the new size; the app's own may not have caught up with it yet.
        self.show(event.size)

    @property
    def frame(self) -> Frame:
        """The step on screen."""
        return self.frames[self.at]

    def steps_in_hand(self) -> int:
        """How many steps the hand on screen has."""
        key = self.frame.hand_key
        return sum(1 for f in self.frames if f.hand_key == key)

    def screen_renderable(self, size: Size | None = None) -> RenderableType:
        """What the board shows on a screen of ``size`` (by default the app's): the table, or a
        note that the terminal is too small."""
        width, height = size or self.size
        if width < MIN_WIDTH or height < MIN_HEIGHT:
            return too_small(width, height)
        return board(self.frame, View(self.reveal, width - 2), self.steps_in_hand())

    def shown_text(self) -> str:
        """The board as plain text, as wide as the screen (for tests and for people reading)."""
        console = Console(width=max(self.size.width - 2, 1), color_system=None, record=False)
        with console.capture() as capture:
            console.print(self.screen_renderable())
        return capture.get()

    def show(self, size: Size | None = None) -> None:
        """Draw the board for the current step and settings, on a screen of ``size``."""
        self.query_one("#board", Static).update(self.screen_renderable(size))
        self.query_one("#scroll", VerticalScroll).scroll_home(animate=False)

    def action_move(self, move: str) -> None:
        """Go where ``move`` (a name in :data:`_MOVES`) says."""
        self.at = _MOVES[move](self.frames, self.at)
        self.show()

    def action_trick(self, number: int) -> None:
        """Show trick ``number`` of this hand, taken; ring the bell if there is none."""
        found = navigation.trick(self.frames, self.at, number)
        if found is None:
            self.bell()
            return
        self.at = found
        self.show()

    def action_reveal(self) -> None:
        """Hide the hands not yet played (all but the acting seat's) or show them again."""
        self.reveal = not self.reveal
        self.show()


@contextmanager
def _no_color(monochrome: bool) -> Iterator[None]:
    """NO_COLOR set (``monochrome``) or unset for the time of the block, then as it was."""
    before = os.environ.get("NO_COLOR")
    if monochrome:
        os.environ["NO_COLOR"] = "1"
    else:
        os.environ.pop("NO_COLOR", None)
    try:
        yield
    finally:
        if before is None:
            os.environ.pop("NO_COLOR", None)
        else:
            os.environ["NO_COLOR"] = before


def run(frames: Sequence[Frame], start: int = 0, *, colour: bool = True) -> None:
    """Run the interactive replay on this terminal until the user quits."""
    ReplayApp(frames, start, colour=colour).run()
