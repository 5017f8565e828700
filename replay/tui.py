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
w                      what if: at a call, trump call or play, pick another legal one
                       (← → to choose, Enter to play it, or its number 1 … 7; Escape to
                       cancel); best play finishes the hand and the line is shown as a
                       variation you are in, with what it changes against the record
s                      save the what-if line into the record as a variation (written to
                       the file given with --save-to); b forgets it
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

from notation.check.validate import GameReport, check_game
from notation.errors import T42Error
from notation.model.game import Game
from notation.model.lines import Line
from notation.views import navigation
from notation.views.navigation import Frame, game_frames
from notation.views.variations import LineFrames, Spot, leave, variation_frames, variation_words
from replay.board import MIN_HEIGHT, MIN_WIDTH, View, board, too_small
from replay.moving import (
    Choice,
    Tried,
    action_words,
    against_record,
    choice_at,
    depth_of,
    enter_next,
    frame_at,
    frames_at,
    lines_of,
    move_in_line,
    trick_in_line,
    try_choice,
)
from replay.render import inert

Move = Callable[[Sequence[Frame], int], int]
# Writes the games (each with its number in the file) where the reader asked to save them;
# says in words where, or why not.
Save = Callable[[Sequence[tuple[int, Game]]], str]
_SAID = "bold magenta"

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
    ("w", "what if"),
    ("s", "save"),
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
        Binding("w", "what_if", "what if", show=False),
        Binding("enter", "pick", "play it", show=False),
        Binding("s", "save", "save", show=False),
        Binding("r", "reveal", "hide/reveal hands", show=False),
        Binding("q", "quit", "quit", show=False),
    ]

    def __init__(
        self, frames: Sequence[Frame], start: int = 0, *, colour: bool = True,
        games: Sequence[tuple[int, Game, GameReport]] = (),
        save: Save | None = None,
    ) -> None:
        """The view of ``frames`` at step ``start``; in monochrome unless ``colour``.
        ``games`` (the games of the frames: their number, the game, its report) give the
        variations to step into and the positions to try another play in; ``save`` writes
        them once a what-if line is saved into one."""
        if not frames:
            raise ValueError("nothing to replay: no steps")
        with _no_color(not colour):  # Textual reads NO_COLOR as the app is made, and only then
            super().__init__()
        self.frames = list(frames)
        self.games = list(games)
        self.lines: dict[int, dict[str, LineFrames]] = lines_of(self.games, self.frames)
        self.spot = Spot("", max(0, min(start, len(self.frames) - 1)))
        self.in_game = self.frames[self.spot.at].game  # the game of the variation on screen
        self.save = save
        self.said: list[Text] = []  # the view's own words, above the table
        self.picking: Choice | None = None  # what the reader may try instead, while choosing
        self.cursor = 0
        # A what-if line on screen, not saved: the game as it was before it, and its path.
        self.pending: tuple[int, tuple[int, Game, GameReport], str] | None = None
        self.working = False  # best play is being worked out
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
                     where=where, depth=depth_of(lines, self.spot), said=self.shown_words())

    def shown_words(self) -> list[Text]:
        """The view's own words: the choices while the reader picks, else what it said."""
        if self.picking is None:
            return self.said
        seat = self.picking.position.turn
        line = Text(f"what if, instead of {seat}'s ", style=_SAID)
        line.append(action_words(self.picking.made), style=_SAID)
        line.append(":")
        for i, action in enumerate(self.picking.others):
            line.append("  ")
            line.append(action_words(action), style="bold reverse" if i == self.cursor else "")
        keys = Text("← → choose · Enter play it · Escape cancel", style="dim")
        return [line, keys]

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
        """Go where ``move`` (a name in :data:`_MOVES`) says, within the line on screen;
        while the reader picks a what-if, ← and → choose."""
        if self.picking is not None:
            step = {"next_play": 1, "previous_play": -1}.get(move, 0)
            self.cursor = (self.cursor + step) % len(self.picking.others)
            self.show()
            return
        lines = self.game_lines_of(self.spot)
        self.spot = move_in_line(lines, self.frames, self.spot, _MOVES[move])
        self.show()

    def action_trick(self, number: int) -> None:
        """Show trick ``number`` of this hand, taken; ring the bell if there is none."""
        if self.picking is not None:  # 1 … 7 pick a choice while the reader picks
            if number <= len(self.picking.others):
                self.cursor = number - 1
                self.action_pick()
            return
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
        found = enter_next(lines, self.frames, self.spot) if lines else self.spot
        if found == self.spot:
            self.bell()
            return
        if not self.spot.line:
            self.in_game = self.frames[self.spot.at].game
        self.spot = found
        self.show()

    def action_leave(self) -> None:
        """Back out of the variation to the step it branches from; the bell on the main line.
        An unsaved what-if line is forgotten; while the reader picks one, it is cancelled."""
        if self.picking is not None:
            self.picking = None
            self.show()
            return
        if not self.spot.line:
            self.bell()
            return
        spot = leave(self.game_lines_of(self.spot), self.frames, self.spot)
        if self.pending is not None and self.spot.line == self.pending[2]:
            self.take_game(self.pending[1])
            self.pending = None
            self.said = []
        self.spot = spot
        self.show()

    def _line_here(self) -> tuple[tuple[int, Game, GameReport], Line] | None:
        """The game on screen (its number, the game, its report) and the line the reader is
        in; None when the view was given frames alone."""
        number = self.frame.game
        found = [g for g in self.games if g[0] == number]
        if not found:
            return None
        if self.spot.line:
            return found[0], self.game_lines_of(self.spot)[self.spot.line].line
        game = found[0][1]
        index = next(i for i, h in enumerate(game.hands) if h.number == self.frame.step.hand)
        return found[0], Line("", game.hands[index], index)

    def action_what_if(self) -> None:
        """Offer the other legal calls, trump calls or plays at this step."""
        place = self.frame.step.place
        here = self._line_here()
        if self.working:
            return
        if self.pending is not None:
            self.said = [Text("save this what-if (s) or leave it (b) first", style=_SAID)]
        elif place is None or here is None:
            self.said = [Text("what if: move to a call, a trump call or a play, then press w",
                              style=_SAID)]
        else:
            (_, _, report), line = here
            try:
                choice = choice_at(line, place, report.rules)
            except T42Error as e:
                self.what_if_failed(str(e))
                return
            if choice.others:
                self.picking, self.cursor, self.said = choice, 0, []
            else:
                self.said = [Text(f"no other choice here: {action_words(choice.made)} was the "
                                  "only legal one", style=_SAID)]
        self.show()

    def action_pick(self) -> None:
        """Play the chosen what-if: best play finishes the hand (in a worker, the screen
        saying so), then the line is shown as a variation the reader is in."""
        choice, here = self.picking, self._line_here()
        if choice is None or here is None:
            return
        action = choice.others[self.cursor]
        self.picking, self.working = None, True
        self.said = [Text(f"what if {action_words(action)}: working out best play …",
                          style=_SAID)]
        self.show()
        (number, game, report), _ = here
        written, recorded = self.frame.step.variations, self.line_end()

        def work() -> None:
            try:
                tried = try_choice(game, choice, action, written)
            except T42Error as e:
                self.call_from_thread(self.what_if_failed, str(e))
                return
            self.call_from_thread(self.what_if_done, (number, game, report), tried, recorded)

        self.run_worker(work, thread=True, exclusive=True, group="what-if")

    def line_end(self) -> Frame:
        """The last step of the reader's line, in the hand on screen."""
        frames = frames_at(self.game_lines_of(self.spot), self.frames, self.spot)
        key = self.frame.hand_key
        return [f for f in frames if f.hand_key == key][-1]

    def what_if_failed(self, why: str) -> None:
        """Say why the what-if could not be played out."""
        self.working = False
        self.said = [Text.assemble(Text("what if: ", style=_SAID), inert(why))]
        self.show()

    def what_if_done(self, was: tuple[int, Game, GameReport], tried: Tried,
                     recorded: Frame) -> None:
        """Show the what-if line as a variation the reader is in, and what it changes."""
        self.working = False
        number, _, report = was
        checked = check_game(tried.game, report.rules, number)
        self.take_game((number, tried.game, checked))
        self.pending = (number, was, tried.path)
        self.in_game = number
        lines = self.lines[number]
        self.spot = Spot(tried.path, lines[tried.path].branch)
        self.said = [
            Text(f"what if: {tried.result.words}", style=_SAID),
            Text(f"against the record: {against_record(tried.result.points, recorded)}",
                 style=_SAID),
            Text("s: save it into the record as a variation · b: forget it", style="dim"),
        ]
        self.show()

    def take_game(self, entry: tuple[int, Game, GameReport]) -> None:
        """Show game ``entry`` (its number, the game, its report) in place of the one of the
        same number: its frames (the main line's steps stay where they were) and variations."""
        number, game, report = entry
        self.games = [entry if g[0] == number else g for g in self.games]
        fresh = iter(game_frames(game, report, number))
        self.frames = [next(fresh) if f.game == number else f for f in self.frames]
        self.lines[number] = variation_frames(game, report, self.frames, number)

    def action_save(self) -> None:
        """Save the what-if line on screen into the record (the file given with --save-to)."""
        if self.pending is None:
            self.said = [Text("s saves a what-if line: press w at a call, trump call or play "
                              "first", style=_SAID)]
        elif self.save is None:
            self.said = [Text("to save a what-if line, open the replay with --save-to FILE",
                              style=_SAID)]
        else:
            try:
                words = self.save([(n, g) for n, g, _ in self.games])
            except T42Error as e:
                words = f"not saved: {e}"
            else:
                self.pending = None
            self.said = [Text.assemble(Text("save: ", style=_SAID), inert(words))]
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
    games: Sequence[tuple[int, Game, GameReport]] = (), save: Save | None = None,
) -> None:
    """Run the interactive replay on this terminal until the user quits."""
    ReplayApp(frames, start, colour=colour, games=games, save=save).run()
