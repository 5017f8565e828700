"""``t42 record``: the scorekeeper at the table, in the terminal (Textual).

Keys (the key bar at the foot of the screen shows them):

==================  ==============================================================
a tile              ``64``, ``6-4`` or ``6 4``: written as soon as it is typed
a bid               ``p`` (pass), ``30`` … ``41``, ``1m`` … then Enter
the trump           ``5`` or ``fives``, ``doubles``, ``follow-me``, ``nello``,
                    ``plunge 5`` … then Enter
Enter               at a score line: write the score shown (or type the table's:
                    ``35 7``)
end made / end set  stop the hand early; ``end laydown S`` for a lay-down
edit 3 64 54 33 10  write trick 3 again
deal N 66 65 …      the tiles a seat was dealt (before the bids; may be skipped)
? ! ?? !! ?! !?      a glyph on the last bid, trump call or play entered (the
                    line shows the glyphs and their meanings as it is typed)
; text              a comment on it, then Enter
u or Ctrl+Z         undo the last entry (a note too), as many times as needed
Ctrl+Q              quit (every entry is already in the file)
==================  ==============================================================

Textual is imported here only: the command line imports this module when ``t42 record``
starts. What is understood is the entry language of :mod:`notation.recording.entries` (a
club table's phone speaks it too), what is shown is :mod:`scorekeeper.screen`'s, every rule
the engine's (:mod:`notation.recording`); the file is written at every entry by
:class:`notation.recording.RecordFile`. A lay-down is judged in a thread of its own (the
solver may take a while): the screen says it is being checked, entries go on and reach the
file as they are typed, and the verdict is shown when it comes.
"""

from __future__ import annotations

import contextlib
import threading
from typing import BinaryIO, ClassVar

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Static

from notation.check.validate import HandReport, LaydownJudge
from notation.errors import T42Error
from notation.files import StrPath, as_path
from notation.model.game import Hand
from notation.model.rule_sets import RuleSet
from notation.recording import (
    Awaiting,
    EntryError,
    RecordFile,
    Recording,
    Verdict,
    enter,
    laydown_key,
    parse_tile,
)
from replay.render import inert
from replay.tui import key_bar
from scorekeeper.screen import QUESTIONS, answer, note_hint, question_screen, screen, start

KEYS: tuple[tuple[str, str], ...] = (
    ("64", "tile"),
    ("p/30", "bid"),
    ("Enter", "write"),
    ("end", "stop"),
    ("? !", "glyph"),
    (";", "comment"),
    ("u", "undo"),
    ("^Q", "quit"),
)


class RecordApp(App[None]):
    """Record a game into ``path``: resume ``recording``, or ask the questions that start
    one (``before`` is the text of earlier games in the file, kept as it is). ``judge``
    decides lay-downs, in the background (:func:`notation.check.claims.judge_laydown` by default).
    """

    TITLE = "t42 record"
    CSS = """
    #screen { height: 1fr; padding: 0 1; }
    #entry { dock: bottom; height: 1; padding: 0 1; margin-bottom: 1; }
    #keys { dock: bottom; height: 1; background: $panel; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+z", "undo", "undo", show=False, priority=True),
    ]

    def __init__(
        self,
        path: StrPath,
        before: str = "",
        recording: Recording | None = None,
        judge: LaydownJudge | None = None,
        stream: BinaryIO | None = None,
    ) -> None:
        super().__init__()
        self.path = as_path(path)
        self.before = before
        self.recording = None if recording is None else recording.in_background()
        self.judge = judge
        self.judging: set[Hand] = set()  # the lay-downs being judged (laydown_key)
        self.stream = stream  # the file, opened and locked, when it was there already
        self.answers: dict[str, str] = {}
        self.said = "resumed where the record stops" if recording is not None else ""
        self.file: RecordFile | None = None
        if recording is not None:
            self.file = RecordFile(path, before, stream)

    def compose(self) -> ComposeResult:
        yield Static(Text(""), id="screen", markup=False)
        yield Static(key_bar(KEYS), id="keys", markup=False)
        yield Static(Text("> "), id="entry", markup=False)

    def on_mount(self) -> None:
        self.typed = ""
        self.judge_laydowns()
        self.show()

    def show(self) -> None:
        shown: Text
        if self.recording is None:
            shown = question_screen(self.answers, self.said, self.path.name)
        else:
            width = max(self.size.width - 2, 20)
            shown = screen(self.recording, self.said, self.path.name, width)
        self.query_one("#screen", Static).update(shown)
        self._show_entry()

    def _show_entry(self) -> None:
        entry = Text("> ", style="bold")
        entry.append_text(inert(self.typed))
        entry.append("█")
        hint = None if self.recording is None else note_hint(self.recording, self.typed)
        if hint:
            entry.append_text(inert(f"   {hint}", "dim"))
        self.query_one("#entry", Static).update(entry)

    def on_key(self, event: events.Key) -> None:
        # Keys are taken here, one at a time and in order, so that nothing typed ahead of
        # the screen is lost; a tile is written as soon as it is typed (no Enter).
        if event.key == "enter":
            typed, self.typed = self.typed, ""
            self.submit(typed)
        elif event.key == "backspace":
            self.typed = self.typed[:-1]
            self._show_entry()
        elif event.key == "escape":
            self.typed = ""
            self._show_entry()
        elif event.is_printable and event.character is not None:
            self.typed += event.character
            r = self.recording
            keys = self.typed.replace(" ", "").replace("-", "")
            if (
                r is not None and r.awaiting is Awaiting.PLAY and len(keys) == 2
                and parse_tile(self.typed) is not None
            ):
                typed, self.typed = self.typed, ""
                self.submit(typed)
            else:
                self._show_entry()
        else:
            return
        event.stop()
        event.prevent_default()

    def action_undo(self) -> None:
        self.submit("u")

    def submit(self, typed: str) -> None:
        if self.recording is None:
            self.ask(typed)
        else:
            try:
                self.record(enter(self.recording, typed))
            except EntryError as e:
                self.said = str(e)
                self.bell()
        self.show()

    def ask(self, typed: str) -> None:
        question = QUESTIONS[len(self.answers)]
        try:
            self.answers[question.tag] = answer(question, typed, self.answers)
        except EntryError as e:
            self.said = str(e)
            return
        self.said = ""
        if len(self.answers) == len(QUESTIONS):
            try:
                self.file = RecordFile(self.path, self.before, self.stream)
            except T42Error as e:  # another recorder took the new file, or no folder
                self.answers.popitem()
                self.said = str(e)
                return
            self.record((start(self.answers).in_background(), "the game starts"))

    def record(self, entry: tuple[Recording, str]) -> None:
        assert self.file is not None
        try:
            self.file.write(entry[0])
        except T42Error as e:  # the entry is not taken: the screen shows what the file holds
            self.said = str(e)
            return
        self.recording, self.said = entry
        self.judge_laydowns()

    # -- lay-downs, judged in the background --

    def judge_laydowns(self) -> None:
        """Start judging every lay-down of the record that has no verdict yet."""
        if self.recording is None:
            return
        rules = self.recording.rules
        for report in self.recording.pending_laydowns():
            key = laydown_key(report.hand)
            if key in self.judging:
                continue
            self.judging.add(key)
            # A daemon thread: quitting never waits for a check still running.
            threading.Thread(
                target=self._judge, args=(key, report, rules), daemon=True,
                name=f"lay-down of hand {report.hand.number}",
            ).start()

    def _judge(self, key: Hand, report: HandReport, rules: RuleSet) -> None:
        from notation.check.claims import judge_laydown

        judge = self.judge or judge_laydown
        verdict: Verdict
        try:
            verdict = judge(report.hand, report, rules)
        except Exception as e:  # said on the screen; the recording goes on
            from notation.check.reports import ClaimAudit

            seat = report.hand.ending.seat if report.hand.ending else None
            assert seat is not None
            message = f"{seat}'s lay-down could not be checked: {e}"
            verdict = (ClaimAudit(seat, len(report.tricks), None, None, (), message), None)
        with contextlib.suppress(RuntimeError):  # the recorder has quit meanwhile
            self.call_from_thread(self._judged, key, verdict)

    def _judged(self, key: Hand, verdict: Verdict) -> None:
        self.judging.discard(key)
        if self.recording is None:
            return
        self.recording = self.recording.with_verdict(key, verdict)
        claim = verdict[0]
        if claim is not None:
            news = f"hand {key.number}: {claim.message}"
            self.said = f"{self.said} · {news}" if self.said else news
        self.show()

    def on_unmount(self) -> None:
        if self.file is not None:
            self.file.close()
        elif self.stream is not None:
            self.stream.close()


def run(
    path: StrPath,
    before: str = "",
    recording: Recording | None = None,
    judge: LaydownJudge | None = None,
    stream: BinaryIO | None = None,
) -> None:
    """Record into ``path`` on this terminal until the scorekeeper quits; ``judge`` decides
    lay-downs (in the background; :func:`notation.check.claims.judge_laydown` by default);
    ``stream`` is the file, opened and locked by :func:`notation.files.open_locked`, when it
    exists. ``path`` is a ``str`` or any ``os.PathLike``."""
    RecordApp(path, before, recording, judge, stream).run()
