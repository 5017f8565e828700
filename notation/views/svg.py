"""Pictures of a game as SVG: a position at the table drawn with real domino faces.

:func:`diagram` draws one step of a replay (a :class:`notation.views.navigation.Frame`): the four
hands around the table, the trick in the middle, the contract and trump, the players' names,
the points so far and the running marks, and the findings of the step with the reneged tile
marked in red. ``seat=`` draws the table as one seat sees it (the other hands face down).
:func:`hand_diagram` picks the position from a game: a hand after the trump is named, or
after trick ``K`` is taken. :func:`tile_svg` draws one domino face; the HTML replay uses the
same faces, so pips are drawn in one place only.

Every piece of record text (names, comments, messages) is written through :func:`inert_xml`:
escaped for XML, with control and bidi-override characters shown as visible escapes, so a
name like ``<script>`` is drawn as those characters and never read as markup.

>>> from notation.formats.text import loads
>>> game = loads((SAMPLES / "renege.t42").read_text(encoding="utf-8"))[0]
>>> picture = hand_diagram(game, 1, trick=3)
>>> picture.startswith("<svg") and '<g class="tile renege" data-tile="2-2">' in picture
True
>>> inert_xml('<script>"&\\u202e')
'&lt;script&gt;&quot;&amp;\\\\u202e'
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Mapping, Sequence
from html import escape

from notation.check.position import Position
from notation.check.validate import check_game
from notation.errors import T42Error
from notation.model.findings import Finding, plural
from notation.model.game import UNKNOWN, Game
from notation.model.seats import SEATS, Seat
from notation.model.tiles import Tile
from notation.views.navigation import Frame, game_frames, position_frame
from notation.views.steps import (
    Step,
    StepKind,
    TableTrick,
    auction_words,
    contract_words,
    marks_words,
    teams_words,
)
from notation.views.terminal import inert

# One half of a domino is a square of HALF units; a tile stands HALF wide and 2*HALF tall.
HALF = 28
_PIP_R = 2.7
_GAP = 4  # between tiles in a hand
# Where the pips of each number sit on a 3×3 grid of a half (column, row).
_PIPS: dict[int, tuple[tuple[int, int], ...]] = {
    0: (),
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2)),
}
_WIDTH = 760
_CENTRE = (380, 282)
_NAME_LENGTH = 40  # longer names are cut with an ellipsis so that they stay in their place
_LINE = 18  # height of a line of text below the table
_TEXT_WIDTH = 104  # characters in a line of text below the table
_STYLE = (
    "text{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;font-size:13px;fill:#1b1b1b}"
    ".name{font-weight:600}.small{font-size:11px;fill:#555}.big{font-size:15px;font-weight:600}"
    ".face{fill:#fffdf6;stroke:#222;stroke-width:1.2}.pip{fill:#1b1b1b}"
    ".rule{stroke:#222;stroke-width:1}.back{fill:#33506b;stroke:#1c2c3b;stroke-width:1.2}"
    ".felt{fill:#2f6b45}.renege .face{stroke:#c21818;stroke-width:3.5}"
    ".finding{fill:#a40e0e}.won{font-weight:700}"
)


class DiagramError(T42Error, ValueError):
    """A position that the game does not have (no such hand, no such trick)."""


def inert_xml(text: str) -> str:
    """Record text made safe to write in SVG or HTML, as text or in a quoted attribute."""
    return escape(inert(text), quote=True)


_MARKER = re.compile(r"@([A-Z]+)@")


def fill_template(template: str, values: Mapping[str, str]) -> str:
    """``template`` with each of its markers (``@NAME@``) replaced by ``values[NAME]``, all in
    one pass: what is filled in is never read again, so text from a record that holds a
    marker stays that text. Every page t42 makes from a template is filled in here.

    >>> fill_template("<h1>@TITLE@</h1>@DATA@", {"TITLE": "@DATA@", "DATA": "[1]"})
    '<h1>@DATA@</h1>[1]'
    """
    return _MARKER.sub(lambda m: values[m.group(1)] if m.group(1) in values else m.group(0),
                       template)


def _wrap(words: str) -> list[str]:
    """A line of text under the table, broken to fit its width."""
    return textwrap.wrap(words, _TEXT_WIDTH, break_on_hyphens=False) or [""]


def _short(name: str) -> str:
    return name if len(name) <= _NAME_LENGTH else name[: _NAME_LENGTH - 1] + "…"


def tile_svg(tile: Tile, x: float, y: float, *, across: bool = False, css: str = "") -> str:
    """One domino face at (x, y): standing (high number on top) or ``across`` (high on the
    left), its pips drawn on a 3×3 grid in each half."""
    w, h = (2 * HALF, HALF) if across else (HALF, 2 * HALF)
    label = f"{tile.high}-{tile.low}"
    parts = [
        f'<g class="tile{" " + css if css else ""}" data-tile="{label}">',
        f"<title>{label}</title>",
        f'<rect class="face" x="{x}" y="{y}" width="{w}" height="{h}" rx="4"/>',
    ]
    if across:
        parts.append(f'<line class="rule" x1="{x + HALF}" y1="{y + 3}" '
                     f'x2="{x + HALF}" y2="{y + HALF - 3}"/>')
    else:
        parts.append(f'<line class="rule" x1="{x + 3}" y1="{y + HALF}" '
                     f'x2="{x + HALF - 3}" y2="{y + HALF}"/>')
    for half, number in enumerate((tile.high, tile.low)):
        ox, oy = (x + half * HALF, y) if across else (x, y + half * HALF)
        for col, row in _PIPS[number]:
            cx, cy = ox + HALF * (col + 1) / 4, oy + HALF * (row + 1) / 4
            parts.append(f'<circle class="pip" cx="{cx:g}" cy="{cy:g}" r="{_PIP_R}"/>')
    parts.append("</g>")
    return "".join(parts)


def back_svg(x: float, y: float, mark: str = "") -> str:
    """A tile lying face down (or a tile the record does not name, marked ``?``)."""
    out = f'<g class="tile down"><rect class="back" x="{x}" y="{y}" width="{HALF}" ' \
          f'height="{2 * HALF}" rx="4"/>'
    if mark:
        out += (f'<text x="{x + HALF / 2}" y="{y + HALF + 5}" text-anchor="middle" '
                f'style="fill:#fff">{mark}</text>')
    return out + "</g>"


def _hand_row(step: Step, seat: Seat, x: float, y: float, face_up: bool) -> str:
    tiles = step.seats[seat]
    parts: list[str] = []
    if tiles.held is None:
        for i in range(tiles.unknown):
            parts.append(back_svg(x + i * (HALF + _GAP), y, "?"))
    else:
        for i, tile in enumerate(tiles.held):
            at = x + i * (HALF + _GAP)
            parts.append(tile_svg(tile, at, y) if face_up else back_svg(at, y))
    if not parts:
        parts.append(f'<text class="small" x="{x}" y="{y + HALF}">no tiles left</text>')
    return "".join(parts)


def _seat_label(frame: Frame, seat: Seat) -> str:
    step = frame.step
    roles = []
    if step.dealer is seat:
        roles.append("dealer")
    if step.contract is not None and step.contract.declarer is seat:
        roles.append("declarer")
    extra = f' <tspan class="small">{" · ".join(roles)}</tspan>' if roles else ""
    name = inert_xml(_short(frame.names.get(seat, UNKNOWN)))
    return f'{name} ({seat}){extra}'


_ROW = 7 * HALF + 6 * _GAP  # a hand of seven standing tiles
# Where each seat's name and tiles go: (x of the row, y of the name).
_PLACES = {
    Seat.N: (_CENTRE[0] - _ROW / 2, 60),
    Seat.W: (16, 236),
    Seat.E: (_WIDTH - 16 - _ROW, 236),
    Seat.S: (_CENTRE[0] - _ROW / 2, 430),
}


def _trick_svg(frame: Frame, marked: bool) -> str:
    step = frame.step
    trick = step.trick
    cx, cy = _CENTRE
    # Wide and tall enough that each seat's label, a renege mark included, sits inside it.
    parts = [f'<rect class="felt" x="{cx - 136}" y="{cy - 126}" width="272" height="258" '
             f'rx="14"/>']
    if trick is None:
        if step.auction:
            calls = {seat: str(bid) for seat, bid in step.auction}
            offsets = {Seat.N: (0, -50), Seat.S: (0, 60), Seat.W: (-62, 5), Seat.E: (62, 5)}
            for seat, words in calls.items():
                dx, dy = offsets[seat]
                parts.append(f'<text x="{cx + dx}" y="{cy + dy}" text-anchor="middle" '
                             f'style="fill:#fff">{seat} {words}</text>')
        return "".join(parts)
    places = {
        Seat.N: (cx - HALF / 2, cy - 2 * HALF - 36, False),
        Seat.S: (cx - HALF / 2, cy + 28, False),
        Seat.W: (cx - 2 * HALF - 36, cy - HALF / 2, True),
        Seat.E: (cx + 36, cy - HALF / 2, True),
    }
    for seat, tile in trick.plays:
        x, y, across = places[seat]
        renege = marked and (trick.number, seat) in frame.reneges
        parts.append(tile_svg(tile, x, y, across=across, css="renege" if renege else ""))
        label = f"{seat}{' led' if seat is trick.leader else ''}"
        if renege:
            label += " ✗ renege"
        lx, ly = (x + HALF / 2, y - 6) if seat is Seat.N else (
            (x + HALF / 2, y + 2 * HALF + 14) if seat is Seat.S else (x + HALF, y - 6))
        cls = "won" if seat is trick.winner else ""
        parts.append(f'<text class="{cls}" x="{lx}" y="{ly}" text-anchor="middle" '
                     f'style="fill:#fff">{label}</text>')
    parts.append(f'<text class="big" x="{cx}" y="{cy + 122}" text-anchor="middle" '
                 f'style="fill:#fff">{trick_caption(trick)}</text>')
    return "".join(parts)


def trick_caption(trick: TableTrick) -> str:
    """The trick in words: ``trick 3``, and once taken ``trick 3 · N takes 6 points``."""
    taken = trick.taken
    return f"trick {trick.number}" if taken is None else f"trick {trick.number} · {taken}"


def diagram(
    frame: Frame | Position,
    *,
    seat: Seat | None = None,
    findings: Sequence[Finding] | None = None,
    mark: bool = True,
    title: str | None = None,
) -> str:
    """The table at one step of a replay as an SVG document.

    ``seat`` shows only that seat's tiles (the others face down); ``findings`` are listed
    under the table (the step's own by default); ``mark`` draws each renege the engine proved
    in the trick on the table in red. ``title`` replaces the first line (what happened).
    ``frame`` may also be a position of play (:class:`notation.check.position.Position`),
    at any moment, mid-trick included.

    >>> from notation.check.position import Position
    >>> from notation.formats.text import loads
    >>> game = loads((SAMPLES / "full-game.t42").read_text(encoding="utf-8"))[0]
    >>> picture = diagram(Position.from_record(game, 2, step=8))
    >>> picture.startswith("<svg") and picture.count('class="tile') > 20
    True
    """
    if isinstance(frame, Position):
        frame = position_frame(frame)
    step = frame.step
    shown = step.findings if findings is None else tuple(findings)
    findings_lines = [line for f in shown for line in _wrap(f"✗ {f.code}: {f.message}")]
    notes = findings_lines + [
        line for c in step.comments for line in _wrap(f"“{' '.join(c.split())}”")
    ]
    height = 520 + _LINE * len(notes)
    head = title if title is not None else f"hand {step.hand} · {step.text}"
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_WIDTH} {height}" '
        f'width="{_WIDTH}" height="{height}" role="img">',
        f"<title>{inert_xml(head)}</title>",
        f"<style>{_STYLE}</style>",
        f'<rect x="0" y="0" width="{_WIDTH}" height="{height}" fill="#f4f1e8"/>',
        f'<text class="big" x="16" y="24">{inert_xml(head)}</text>',
        f'<text x="16" y="44">contract: {inert_xml(contract_words(step))}</text>',
        f'<text x="{_WIDTH - 16}" y="24" text-anchor="end">this hand: '
        f"{teams_words(step.points)} points</text>",
        f'<text x="{_WIDTH - 16}" y="44" text-anchor="end">marks: {marks_words(step)}</text>',
    ]
    for s in SEATS:
        x, y = _PLACES[s]
        parts.append(f'<text class="name" x="{x}" y="{y}">{_seat_label(frame, s)}</text>')
        face_up = seat is None or seat is s
        parts.append(_hand_row(step, s, x, y + 8, face_up))
    parts.append(_trick_svg(frame, mark))
    if step.auction:
        parts.append(f'<text class="small" x="16" y="{508}">auction: {auction_words(step)}</text>')
    for i, note in enumerate(notes):
        cls = "finding" if i < len(findings_lines) else "small"
        parts.append(f'<text class="{cls}" x="16" y="{508 + _LINE * (i + 1)}">'
                     f"{inert_xml(note)}</text>")
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _frames(game: Game, number: int, hand: int | None = None) -> list[Frame]:
    """The frames of ``game``; with ``hand``, only that hand's lay-down is judged."""
    judged = None if hand is None else (hand,)
    return game_frames(game, check_game(game, index=number, judged=judged), number)


def position(frames: Sequence[Frame], hand: int, trick: int | None = None) -> int:
    """The index in ``frames`` of a hand's position: after the trump is named (before the
    lead), or once trick ``trick`` is taken. Raises :class:`DiagramError` if there is none."""
    in_hand = [i for i, f in enumerate(frames) if f.step.hand == hand]
    if not in_hand:
        hands = sorted({f.step.hand for f in frames})
        raise DiagramError(f"there is no hand {hand}; the game has hands "
                           f"{', '.join(map(str, hands)) or 'none'}")
    if trick is None:
        before_play = [i for i in in_hand if frames[i].step.kind not in
                       (StepKind.PLAY, StepKind.TRICK, StepKind.END, StepKind.SCORE)]
        return before_play[-1] if before_play else in_hand[0]
    for i in in_hand:
        step = frames[i].step
        if step.kind is StepKind.TRICK and step.trick is not None and step.trick.number == trick:
            return i
    taken = sum(frames[i].step.kind is StepKind.TRICK for i in in_hand)
    raise DiagramError(f"hand {hand} has no trick {trick}; {plural(taken, 'trick')} "
                       "were played")


def _findings_so_far(frames: Sequence[Frame], at: int) -> list[Finding]:
    """The findings of a hand from its first step to ``at``."""
    key = frames[at].hand_key
    found: list[Finding] = []
    for frame in frames[: at + 1]:
        if frame.hand_key == key:
            found.extend(frame.step.findings)
    return found


def hand_diagram(
    game: Game,
    hand: int,
    trick: int | None = None,
    *,
    number: int = 1,
    seat: Seat | None = None,
    mark: bool = True,
) -> str:
    """The SVG diagram of hand ``hand`` of ``game``: after the trump is named, or once trick
    ``trick`` is taken, with the hand's findings so far listed under the table.

    ``number`` is the game's place in its file (for the findings' wording); ``seat`` and
    ``mark`` as for :func:`diagram`. Raises :class:`DiagramError` for a hand or trick the
    game does not have.
    """
    frames = _frames(game, number, hand)
    at = position(frames, hand, trick)
    frame = frames[at]
    step = frame.step
    where = f"hand {hand}" + (f" · trick {trick}" if trick is not None else "")
    title = f"{where} · {step.text}"
    return diagram(frame, seat=seat, findings=_findings_so_far(frames, at), mark=mark,
                   title=title)


def game_diagram(game: Game) -> str:
    """The first hand of ``game`` once trump is named (what a Jupyter cell shows for a game)."""
    if not game.hands:
        names = " · ".join(f"{s} {inert_xml(_short(game.seat_name(s)))}" for s in SEATS)
        return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{_WIDTH}" height="40">'
                f'<text x="16" y="24">a game with no hands: {names}</text></svg>\n')
    return hand_diagram(game, game.hands[0].number)



def bar_chart(
    title: str,
    bars: Sequence[tuple[str, Sequence[int]]],
    series: Sequence[str] = ("",),
    *,
    x_label: str = "",
) -> str:
    """A bar chart as an SVG element: one bar per (label, counts), the counts of ``series``
    stacked from the bottom, each bar's total written above it."""
    colours = ("#2f6b45", "#b01515", "#33506b", "#c98a00")
    width, height, left, bottom, top = 640.0, 260.0, 44.0, 40.0, 34.0
    most = max((sum(counts) for _, counts in bars), default=0) or 1
    slot = (width - left - 10) / max(1, len(bars))
    bar = max(2.0, min(40.0, slot * 0.7))
    plot = height - bottom - top
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" viewBox="0 0 {width} {height}" '
        f'role="img" aria-label="{inert_xml(title)}">',
        f"<title>{inert_xml(title)}</title>",
        f'<text x="{left}" y="18" font-weight="600" font-size="14">{inert_xml(title)}</text>',
        f'<line x1="{left}" y1="{height - bottom}" x2="{width - 10}" y2="{height - bottom}" '
        'stroke="#444"/>',
        f'<text x="{left - 6}" y="{top + 4}" text-anchor="end" font-size="11">{most}</text>',
        f'<text x="{left - 6}" y="{height - bottom}" text-anchor="end" font-size="11">0</text>',
    ]
    for i, (label, counts) in enumerate(bars):
        x = left + i * slot + (slot - bar) / 2
        y = height - bottom
        for k, count in enumerate(counts):
            h = plot * count / most
            y -= h
            if count:
                name = f"{series[k]} " if series[k] else ""
                parts.append(
                    f'<rect x="{x:.1f}" y="{y:.1f}" width="{bar:.1f}" height="{h:.1f}" '
                    f'fill="{colours[k % len(colours)]}"><title>{inert_xml(label)}: {name}'
                    f"{count}</title></rect>"
                )
        parts.append(f'<text x="{x + bar / 2:.1f}" y="{y - 4:.1f}" text-anchor="middle" '
                     f'font-size="11">{sum(counts)}</text>')
        parts.append(f'<text x="{x + bar / 2:.1f}" y="{height - bottom + 14}" '
                     f'text-anchor="middle" font-size="11">{inert_xml(label)}</text>')
    if x_label:
        parts.append(f'<text x="{(left + width) / 2}" y="{height - 6}" text-anchor="middle" '
                     f'font-size="12">{inert_xml(x_label)}</text>')
    for k, name in enumerate(s for s in series if s):
        x = width - 10 - 90 * (len([s for s in series if s]) - k)  # the key, top right
        parts.append(f'<rect x="{x}" y="8" width="12" height="12" '
                     f'fill="{colours[k % len(colours)]}"/>'
                     f'<text x="{x + 16}" y="18" font-size="12">{inert_xml(name)}</text>')
    parts.append("</svg>")
    return "\n".join(parts)


# A frame is drawn by diagram (what Jupyter shows for it); navigation, below the pictures,
# imports none of them.
Frame._repr_svg_ = diagram
