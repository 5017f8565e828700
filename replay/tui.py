"""The interactive replay: step through a game at the table, in the terminal (Textual).

Keys (also shown in the key bar at the foot of the screen):

=====================  =======================================================
→ or l / ← or h        next / previous step (each bid, play, trick taken, score)
↓ or j / ↑ or k        next / previous trick (the trick taken, all four tiles down)
PgDn or n / PgUp or p  next / previous hand (its deal)
Home or g / End or G   first / last step
1 … 7                  trick 1 … 7 of this hand
v                      into the variation written at this step (the screen says
                       "2 variations here: v to enter"); v again, on its first step,
                       goes to the step's next variation
b or Escape            back out of the variation, to the step it branches from
r                      hide the hands (only the seat that acts shows its tiles) or reveal
q                      quit
=====================  =======================================================

Inside a variation the screen says which ("inside variation 1 of E's 5-5 in trick 4") and
the moves keep to its line: its hand as that line plays it, from its first own step.

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

from notation.check.validate import GameReport
from notation.model.game import Game
from notation.views import navigation
from notation.views.navigation import Frame
from notation.views.variations import LineFrames, Spot, leave
from replay.board import MIN_HEIGHT, MIN_WIDTH, View, board, too_small
from replay.moving import (
    depth_of,
    enter_next,
    frame_at,
    frames_at,
    lines_of,
    move_in_line,
    trick_in_line,
)
from replay.render import variation_words

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
    ("v", "variation"),
    ("b/Esc", "back out"),
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
        Binding("v", "enter", "variation", show=False),
        Binding("b,escape", "leave", "back out", show=False),
        Binding("r", "reveal", "hide/reveal hands", show=False),
        Binding("q", "quit", "quit", show=False),
    ]

    def __init__(
        self, frames: Sequence[Frame], start: int = 0, *, colour: bool = True,
        games: Sequence[tuple[int, Game, GameReport]] = (),
    ) -> None:
        """The view of ``frames`` at step ``start``; in monochrome unless ``colour``.
        ``games`` (the games of the frames: their number, the game, its report) give the
        variations to step into."""
        if not frames:
            raise ValueError("nothing to replay: no steps")
        with _no_color(not colour):  # Textual reads NO_COLOR as the app is made, and only then
            super().__init__()
        self.frames = list(frames)
        self.games = list(games)
        self.lines: dict[int, dict[str, LineFrames]] = lines_of(self.games, self.frames)
        self.spot = Spot("", max(0, min(start, len(self.frames) - 1)))
        self.in_game = self.frames[self.spot.at].game  # the game of the variation on screen
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
    def at(self) -> int:
        """The index of the step on screen in its line's frames."""
        return self.spot.at

    def game_lines_of(self, spot: Spot) -> dict[str, LineFrames]:
        """The variations (by path) of the game the reader at ``spot`` is in."""
        game = self.in_game if spot.line else self.frames[spot.at].game
        return self.lines.get(game, {})

    @property
    def frame(self) -> Frame:
        """The step on screen."""
        return frame_at(self.game_lines_of(self.spot), self.frames, self.spot)

    def steps_in_hand(self) -> int:
        """How many steps the hand on screen has."""
        key = self.frame.hand_key
        frames = frames_at(self.game_lines_of(self.spot), self.frames, self.spot)
        return sum(1 for f in frames if f.hand_key == key)

    def screen_renderable(self, size: Size | None = None) -> RenderableType:
        """What the board shows on a screen of ``size`` (by default the app's): the table, or a
        note that the terminal is too small."""
        width, height = size or self.size
        if width < MIN_WIDTH or height < MIN_HEIGHT:
            return too_small(width, height)
        lines = self.game_lines_of(self.spot)
        where = variation_words(lines, self.frames, self.spot.line) if self.spot.line else None
        return board(self.frame, View(self.reveal, width - 2), self.steps_in_hand(),
                     where=where, depth=depth_of(lines, self.spot))

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
        """Go where ``move`` (a name in :data:`_MOVES`) says, within the line on screen."""
        lines = self.game_lines_of(self.spot)
        self.spot = move_in_line(lines, self.frames, self.spot, _MOVES[move])
        self.show()

    def action_trick(self, number: int) -> None:
        """Show trick ``number`` of this hand, taken; ring the bell if there is none."""
        found = trick_in_line(self.game_lines_of(self.spot), self.frames, self.spot, number)
        if found is None:
            self.bell()
            return
        self.spot = found
        self.show()

    def action_enter(self) -> None:
        """Step into the variation written here (or the next one of the same step); ring the
        bell if there is none."""
        lines = self.game_lines_of(self.spot)
        found = enter_next(lines, self.frames, self.spot)
        if found == self.spot:
            self.bell()
            return
        if not self.spot.line:
            self.in_game = self.frames[self.spot.at].game
        self.spot = found
        self.show()

    def action_leave(self) -> None:
        """Back out of the variation to the step it branches from; the bell on the main line."""
        if not self.spot.line:
            self.bell()
            return
        self.spot = leave(self.game_lines_of(self.spot), self.frames, self.spot)
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


def run(
    frames: Sequence[Frame], start: int = 0, *, colour: bool = True,
    games: Sequence[tuple[int, Game, GameReport]] = (),
) -> None:
    """Run the interactive replay on this terminal until the user quits."""
    ReplayApp(frames, start, colour=colour, games=games).run()
