"""The replay as one self-contained HTML page: open it in any browser, no network, no server.

:func:`replay_page` writes the page. Everything the page shows is worked out here, in
Python, from the replay's steps (:mod:`notation.views.steps`, :mod:`notation.views.navigation`):
the tiles in
each hand, the trick, who took it, the score, the findings with their evidence, and even
where each key goes. The page's script only shows the step it is on and follows the moves
written next to it; it knows no rule of 42. The page's HTML, CSS and script are files of
their own in ``replay/assets/`` (package data, carried by the wheel). The games themselves
are embedded as their JSON (:func:`notation.formats.json.form.dumps_game`), so the page also
carries the record it shows.

Each variation written in a record is a line of steps of its own (the frames of
:func:`notation.views.variations.variation_frames`), with the step it branches from and the
one it goes back to; each step names the variations written after it and says its glyph and
comments. With ``what_if``, each other tile a seat could have played at a play of the main
line is such a line too, finished by best play (:func:`what_if_lines`). The script steps into
a line and back where the data says and knows no more of them than of the main line.

Record text (names, comments, messages) is made inert here (control and bidi-override
characters as visible escapes) and the script writes it with ``textContent`` only, so a
name like ``<script>`` is shown as those characters and never run. The embedded JSON has
``<``, ``>`` and ``&`` escaped, so no record text can close its ``<script>`` element.

>>> from notation.formats.text import loads
>>> from notation.check.validate import check_game
>>> game = loads((SAMPLES / "renege.t42").read_text(encoding="utf-8"))[0]
>>> page = replay_page([(1, game, check_game(game))], title="renege.t42")
>>> page.startswith("<!DOCTYPE html>") and "<script src" not in page
True
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, partial
from importlib.resources import files
from typing import Any

from notation.check.validate import GameReport
from notation.formats.json.form import dumps_game
from notation.model.findings import Finding, evidence_words
from notation.model.game import UNKNOWN, Game
from notation.model.lines import Line, actions_before, add_variation, item_path
from notation.model.seats import SEATS, Team
from notation.model.tiles import ALL_TILES, TRICKS_IN_A_HAND
from notation.views import navigation
from notation.views.navigation import Frame, game_frames
from notation.views.steps import (
    StepKind,
    TableTrick,
    auction_words,
    contract_words,
    marks_words,
    teams_words,
)
from notation.views.svg import (
    HALF,
    back_svg,
    fill_template,
    inert_xml,
    tile_svg,
    trick_caption,
)
from notation.views.terminal import inert
from notation.views.variations import Spot, enter, leave, variation_frames, variation_words
from replay.board import score_line
from replay.strokes import marks_label, strokes_picture

# What the page is told of an audited hand: the perfect-play verdict and the plays that
# changed it, keyed by (game, hand).
HandAudits = Mapping[tuple[int, int], "AuditSummary"]


@dataclass(frozen=True)
class AuditSummary:
    """One hand's audit as the page shows it: the verdict of perfect play from the opening
    lead, in words, and each turning point as (trick, seat, message, flips the outcome)."""

    verdict: str
    turns: tuple[tuple[int, str, str, bool], ...]


def audit_summaries(game: Game, number: int) -> dict[tuple[int, int], AuditSummary]:
    """The audit of every hand of ``game`` (its number in the file is ``number``)."""
    from notation.analysis.audit import audit_game
    from notation.views.audit_view import perfect_play_words

    out: dict[tuple[int, int], AuditSummary] = {}
    for audit in audit_game(game, None, number):
        if audit.perfect is None:
            verdict = "; ".join(audit.notes) or "perfect play cannot be worked out for this hand"
        else:
            verdict = perfect_play_words(audit.perfect, audit.contract)
        turns = [(t.trick, t.seat.value, t.message, t.flips) for t in audit.turning_points]
        out[(number, audit.hand)] = AuditSummary(verdict, tuple(turns))
    return out


def review_summaries(game: Game, number: int, samples: int = 32,
                     seed: int = 1) -> dict[tuple[int, int], AuditSummary]:
    """The fair review of every hand of ``game`` (:func:`notation.analysis.review.review_game`), as
    the page shows an audit: each play with a choice, its fair verdict beside the hindsight
    one (a mistake the fair review confirms is marked as a turning point)."""
    from notation.analysis.review import VerdictKind, review_game

    out: dict[tuple[int, int], AuditSummary] = {}
    for r in review_game(game, None, number, samples=samples, seed=seed, bids=False):
        verdict = r.why or (f"fair review: each play judged on {r.samples} worlds dealt from "
                            "what its player could know")
        turns = tuple(
            (p.trick, p.seat.value,
             f"fair review of {p.seat}'s {p.tile}: {p.verdict}"
             + ("" if p.best == str(p.tile) else f" (best {p.best})")
             + f"; in hindsight: {p.hindsight}",
             p.verdict.kind is VerdictKind.MISTAKE)
            for p in r.plays)
        out[(number, r.hand)] = AuditSummary(verdict, turns)
    return out


def merge_summaries(*summaries: HandAudits) -> dict[tuple[int, int], AuditSummary]:
    """Audits and fair reviews of the same hands as one summary each: the verdicts one after
    the other, the turning points of both."""
    out: dict[tuple[int, int], AuditSummary] = {}
    for each in summaries:
        for key, summary in each.items():
            before = out.get(key)
            out[key] = summary if before is None else AuditSummary(
                f"{before.verdict}; {summary.verdict}", before.turns + summary.turns)
    return out


def _finding(f: Finding) -> dict[str, Any]:
    return {
        "severity": f.severity.value,
        "code": f.code,
        "message": inert(f.message),
        "evidence": inert(evidence_words(f)),
        "trick": f.trick,
        "seat": None if f.seat is None else f.seat.value,
    }


@cache
def _strokes(marks: int) -> dict[str, Any]:
    """A team's marks as strokes of ALL, for the page's script to draw."""
    picture = strokes_picture(marks)
    return {"label": marks_label(marks), "width": picture.width, "height": picture.height,
            "lines": [[x1, y1, x2, y2, 1 if written else 0]
                      for x1, y1, x2, y2, written in picture.lines]}


def _marks(frame: Frame) -> dict[str, Any]:
    step = frame.step
    after = step.kind is StepKind.SCORE and step.marks_after is not None
    marks = step.marks_after if after else step.marks_before
    when = "with this hand" if after else "before this hand"
    if marks is None:
        return {"words": "not known", "strokes": {}}
    if frame.points_game:
        return {"words": f"{teams_words(marks)} points {when}", "strokes": {}}
    return {
        "words": f"{marks_words(step)} ({'after' if after else 'before'} this hand)",
        "strokes": {t.value: _strokes(marks[t]) for t in Team},
    }


def _moves(frames: Sequence[Frame], at: int) -> dict[str, int]:
    """Where each key goes from ``at``: the moves of :mod:`notation.views.navigation`, worked
    out."""
    return {
        "next_play": navigation.next_play(frames, at),
        "previous_play": navigation.previous_play(frames, at),
        "next_trick": navigation.next_trick(frames, at),
        "previous_trick": navigation.previous_trick(frames, at),
        "next_hand": navigation.next_hand(frames, at),
        "previous_hand": navigation.previous_hand(frames, at),
        "first": navigation.first(frames, at),
        "last": navigation.last(frames, at),
    }


def _trick(frame: Frame, trick: TableTrick, caption: str = "") -> dict[str, Any]:
    return {
        "number": trick.number,
        "leader": trick.leader.value,
        "plays": [
            [s.value, str(t), (trick.number, s) in frame.reneges] for s, t in trick.plays
        ],
        "winner": None if trick.winner is None else trick.winner.value,
        "points": trick.points,
        "caption": caption + trick_caption(trick),
    }


def _last_trick(frames: Sequence[Frame], at: int) -> dict[str, Any] | None:
    """Once the hand is over (stopped or scored), the last trick taken stays on the table."""
    frame = frames[at]
    if frame.step.kind not in (StepKind.END, StepKind.SCORE):
        return None
    k = at - 1
    while k >= 0 and frames[k].hand_key == frame.hand_key:
        trick = frames[k].step.trick
        if trick is not None:
            return _trick(frames[k], trick, "hand over · ")
        k -= 1
    return None


def _heading(game: Game) -> str:
    """The game's Event, Site and Date, as far as the record names them, and a ruling on its
    result (the Result and Ruling tags, docs/notation.md) when it has one."""
    tags = (game.tag(name) for name in ("Event", "Site", "Date"))
    heading = " · ".join(v for v in tags if v and v != UNKNOWN)
    result, ruling = game.tag("Result"), game.tag("Ruling")
    if result:
        heading += f" · result by ruling: {result}" + (f" ({ruling})" if ruling else "")
    return inert(heading)


def _step(frames: Sequence[Frame], at: int, steps_in_hand: int, audits: HandAudits,
          moves: dict[str, int], branches: Sequence[dict[str, Any]] = (),
          what_if: Sequence[dict[str, Any]] = ()) -> dict[str, Any]:
    frame = frames[at]
    step = frame.step
    trick = step.trick
    summary = audits.get(frame.hand_key)
    turns: list[dict[str, Any]] = []
    if summary is not None and step.kind is StepKind.PLAY and trick is not None:
        turns = [
            {"message": inert(message), "flips": flips}
            for number, seat, message, flips in summary.turns
            if number == trick.number and seat == str(step.actor)
        ]
    return {
        "game": frame.game,
        "hand": step.hand,
        "index": step.index,
        "of": steps_in_hand,
        "kind": step.kind.value,
        "text": inert(step.text),
        "won": frame.won,
        "dealer": step.dealer.value,
        "actor": None if step.actor is None else step.actor.value,
        "seats": {
            s.value: {
                "held": None if t.held is None else [str(x) for x in t.held],
                "unknown": t.unknown,
                "played": [str(x) for x in t.played],
            }
            for s, t in step.seats.items()
        },
        "declarer": None if step.contract is None else step.contract.declarer.value,
        "auction": [[s.value, str(b)] for s, b in step.auction],
        "auction_words": auction_words(step),
        "contract": contract_words(step),
        "trick": _trick(frame, trick) if trick is not None else _last_trick(frames, at),
        "points": {t.value: n for t, n in step.points.items()},
        "score": score_line(step).plain,
        "marks": _marks(frame),
        "findings": [_finding(f) for f in step.findings],
        "comments": [inert(" ".join(c.split())) for c in step.comments],
        "glyph": None if step.glyph is None else f"{step.glyph.value} {step.glyph.meaning}",
        "turns": turns,
        "moves": moves,
        "branches": list(branches),
        "what_if": list(what_if),
    }


def _hands(frames: Sequence[Frame], audits: HandAudits) -> list[dict[str, Any]]:
    """Each hand: where it starts, where each of its tricks is taken, its audit."""
    hands: list[dict[str, Any]] = []
    for at, frame in enumerate(frames):
        if hands and (hands[-1]["game"], hands[-1]["hand"]) == frame.hand_key:
            continue
        summary = audits.get(frame.hand_key)
        tricks = {n: navigation.trick(frames, at, n) for n in range(1, TRICKS_IN_A_HAND + 1)}
        hands.append({
            "game": frame.game,
            "hand": frame.step.hand,
            "start": at,
            "tricks": {str(n): i for n, i in tricks.items() if i is not None},
            "audit": None if summary is None else {
                "verdict": inert(summary.verdict),
                "turns": [{"trick": t, "seat": s, "message": inert(m), "flips": f}
                          for t, s, m, f in summary.turns],
            },
        })
    return hands


def page_data(
    games: Sequence[tuple[int, Game, GameReport]], audits: HandAudits | None = None,
    *, what_if: bool = False,
) -> dict[str, Any]:
    """Everything the page shows, as JSON-ready data: the games' records, their players,
    every step of the replay and each hand's tricks and audit; each variation of a game as a
    line of steps of its own (``lines``, by game and path); with ``what_if``, for each play of
    a hand the solver plays, every other tile its seat could have played there, finished by
    best play (:func:`what_if_lines`)."""
    audits = audits or {}
    frames: list[Frame] = []
    players: dict[str, dict[str, str]] = {}
    headings: dict[str, str] = {}
    lines: dict[str, dict[str, Any]] = {}
    branches: dict[int, list[dict[str, Any]]] = {}
    others: dict[int, list[dict[str, Any]]] = {}
    notes: dict[tuple[int, int], str] = {}
    for number, game, report in games:
        main = game_frames(game, report, number)
        offset = len(frames)
        frames += main
        players[str(number)] = {s.value: inert(game.seat_name(s)) for s in SEATS}
        headings[str(number)] = _heading(game)
        written, at_main = written_lines(game, report, main, number)
        shown_lines = dict(written)
        branches.update({offset + i: b for i, b in at_main.items()})
        if what_if:
            found, plays, why = what_if_lines(game, report, main, number)
            shown_lines.update(found)
            others.update({offset + i: w for i, w in plays.items()})
            notes.update(why)
        for entry in shown_lines.values():
            if not entry["parent"]:
                entry["back"] += offset
        lines[str(number)] = shown_lines
    counts: dict[tuple[int, int], int] = {}
    for frame in frames:
        counts[frame.hand_key] = counts.get(frame.hand_key, 0) + 1
    steps: list[dict[str, Any]] = []
    wholes: list[dict[str, Any]] = []
    for i, frame in enumerate(frames):
        step = _step(frames, i, counts[frame.hand_key], audits, _moves(frames, i),
                     branches.get(i, ()), others.get(i, ()))
        first = i == 0 or frames[i - 1].hand_key != frame.hand_key
        steps.append(step if first else changes(wholes[-1], step))
        wholes.append(step)
    for of_game in lines.values():
        for entry in of_game.values():
            # A line of the main line starts from the main line's step before it branches,
            # and holds only what its first step changes of it.
            entry["base"] = None
            if not entry["parent"]:
                entry["base"] = entry["back"] - 1
                entry["steps"][0] = changes(wholes[entry["base"]], entry["steps"][0])
    hands = _hands(frames, audits)
    for hand in hands:
        hand["what_if"] = notes.get((hand["game"], hand["hand"]))
    return {
        "records": [dumps_game(game) for _, game, _ in games],
        "players": players,
        "headings": headings,
        "points_game": {str(n): navigation.is_points_game(g, r.rules) for n, g, r in games},
        "steps": steps,
        "hands": hands,
        "lines": lines,
        "what_if": what_if,
    }


def _line_steps(frames: Sequence[Frame], branch: int,
                branches_of: Callable[[int], list[dict[str, Any]]]) -> dict[str, Any]:
    """A line's own steps (from ``branch``, the first, on), as the page holds a hand's: the
    first whole, then each step's changes; its moves and its tricks, counted from its first
    own step; ``branches_of(i)`` the variations written after the item of ``frames[i]``."""
    own = frames[branch:]
    steps: list[dict[str, Any]] = []
    shown: dict[str, Any] = {}
    for k in range(len(own)):
        step = _step(frames, branch + k, len(frames), {}, _moves(own, k), branches_of(branch + k))
        steps.append(step if k == 0 else changes(shown, step))
        shown = step
    tricks = {n: navigation.trick(own, 0, n) for n in range(1, TRICKS_IN_A_HAND + 1)}
    return {
        "hand": frames[branch].step.hand,
        "first": frames[branch].step.index,
        "steps": steps,
        "tricks": {str(n): i for n, i in tricks.items() if i is not None},
    }


def written_lines(
    game: Game, report: GameReport, main: Sequence[Frame], number: int = 1
) -> tuple[dict[str, dict[str, Any]], dict[int, list[dict[str, Any]]]]:
    """Each variation written in ``game`` (its number in its file ``number``, ``main`` its
    frames) as the page holds it, by path: its own steps, the line it branches from
    (``parent``, ``""`` the main line) and the step there it goes back to (``back``:
    :func:`notation.views.variations.leave`); and, by index in ``main``, the variations
    written after each step's call, trump call or play, each with the step it enters at
    (:func:`notation.views.variations.enter`)."""
    found = variation_frames(game, report, main, number)

    def branches_of(spot: Spot) -> list[dict[str, Any]]:
        frame = found[spot.line].frames[spot.at] if spot.line else main[spot.at]
        out = []
        for which, path in enumerate(frame.branches):
            inside = enter(found, main, spot, which)
            first = found[path].frames[found[path].branch]
            out.append({"line": path, "at": inside.at - found[inside.line].branch,
                        "words": inert(first.step.text)})
        return out

    lines: dict[str, dict[str, Any]] = {}
    for path, line in found.items():
        back = leave(found, main, Spot(path, line.branch))
        own = line.frames[line.branch].step.text
        lines[path] = {
            **_line_steps(line.frames, line.branch, partial(_branches_in, branches_of, path)),
            "kind": "variation",
            "name": inert(f"{variation_words(found, main, path)}: {own}"),
            "words": "",
            "parent": back.line,
            "back": back.at - (found[back.line].branch if back.line else 0),
        }
    at_main = {i: branches_of(Spot("", i)) for i, f in enumerate(main) if f.branches}
    return lines, at_main


def _branches_in(branches_of: Callable[[Spot], list[dict[str, Any]]], path: str,
                 at: int) -> list[dict[str, Any]]:
    return branches_of(Spot(path, at))


def what_if_lines(
    game: Game, report: GameReport, main: Sequence[Frame], number: int = 1
) -> tuple[dict[str, dict[str, Any]], dict[int, list[dict[str, Any]]], dict[tuple[int, int], str]]:
    """What if another tile had been played: for each play of ``game``'s main line (its
    number in its file ``number``, ``main`` its frames), every other tile its seat could have
    played there, the hand then finished by best play (:func:`notation.analysis.what_if.what_if`),
    as lines of steps like the written variations (keyed ``…/plays/1/what-if/6-2``, after the
    path of the play they replace), with the result in words; by index in ``main``, the tiles
    tried at each play; and, for a hand best play cannot be worked out for (its deal not
    known, a contract the solver does not play), why, by (game, hand).

    Each line is written into a copy of the game as a variation of that play and its frames
    are :func:`notation.views.variations.variation_frames`'s, so it is shown and checked as
    a written variation is."""
    from notation.analysis.what_if import WhatIf, WhatIfError, what_if
    from notation.check.actions import IllegalAction
    from notation.check.position import Position

    tried: list[tuple[int, str, str, str, WhatIf]] = []  # main index, at, key, path, line
    notes: dict[tuple[int, int], str] = {}
    copy = game
    for index, hand in enumerate(game.hands):
        for i, frame in enumerate(main):
            step, place = frame.step, frame.step.place
            if step.hand != hand.number or place is None:
                continue
            if step.kind is not StepKind.PLAY or step.trick is None:
                continue
            position = Position.of_hand(hand, report.rules, step=actions_before(hand, place))
            played = step.trick.plays[-1][1]
            at = item_path(Line("", hand, index), place)
            try:
                for tile in position.legal_plays():
                    if tile == played:
                        continue
                    line = what_if(position, tile)
                    count = len(hand.tricks[place.trick].plays[place.item].variations) + sum(
                        1 for t in tried if t[1] == at)
                    copy = add_variation(copy, at, line.variation)
                    tried.append((i, at, f"{at}/what-if/{tile}", f"{at}/variations/{count}", line))
            except (WhatIfError, IllegalAction) as e:
                notes[(number, hand.number)] = inert(f"what if: {e}")
                break
    found = variation_frames(copy, report, main, number) if tried else {}
    lines: dict[str, dict[str, Any]] = {}
    at_main: dict[int, list[dict[str, Any]]] = {}
    for i, _, key, path, line in tried:
        shown = found[path]
        own = shown.frames[shown.branch].step.text
        lines[key] = {
            **_line_steps(shown.frames, shown.branch, lambda _: []),
            "kind": "what-if",
            "name": inert(f"what if: {own} for {main[i].step.text}"),
            "words": inert(line.words),
            "parent": "",
            "back": i,
        }
        first = line.actions[0]
        at_main.setdefault(i, []).append({
            "tile": str(first), "line": key, "at": 0, "words": inert(line.words)})
    return lines, at_main, notes


def changes(before: Mapping[str, Any], after: Mapping[str, Any]) -> dict[str, Any]:
    """What ``after`` changes of ``before``: its keys whose values differ, an object that
    keeps its keys given by its own changes. The page sends each hand's first step whole and
    then only the changes of each step (so its size grows with the steps, not with what every
    step repeats); its script puts a step back together with :func:`shown_step`'s merge.

    >>> changes({"a": 1, "b": {"x": 1, "y": 2}}, {"a": 1, "b": {"x": 1, "y": 3}})
    {'b': {'y': 3}}
    """
    out: dict[str, Any] = {}
    for key, value in after.items():
        old = before.get(key)
        if old == value and key in before:
            continue
        if isinstance(value, dict) and isinstance(old, dict) and old.keys() == value.keys():
            out[key] = changes(old, value)
        else:
            out[key] = value
    return out


def shown_step(steps: Sequence[Mapping[str, Any]], start: int, at: int) -> dict[str, Any]:
    """Step ``at`` whole, from the changes the page holds since its hand's first step
    ``start``: what the page's script does (``merged``), for Python readers of page data.

    >>> shown_step([{"a": 1, "b": {"x": 1, "y": 2}}, {"b": {"y": 3}}], 0, 1)
    {'a': 1, 'b': {'x': 1, 'y': 3}}
    """
    whole: dict[str, Any] = {}
    for k in range(start, at + 1):
        whole = _merged(whole, steps[k])
    return whole


def _merged(whole: Mapping[str, Any], change: Mapping[str, Any]) -> dict[str, Any]:
    out = dict(whole)
    for key, value in change.items():
        old = out.get(key)
        if isinstance(value, dict) and isinstance(old, dict):
            out[key] = _merged(old, value)
        else:
            out[key] = value
    return out


def _embedded(data: object) -> str:
    """JSON that is safe inside a ``<script>`` element: no ``<``, ``>`` or ``&`` in it."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.replace("&", "\\u0026").replace("<", "\\u003c").replace(">", "\\u003e")


def tile_symbols() -> str:
    """The 28 domino faces, standing and across, and the back, as SVG symbols to ``<use>``."""
    parts = ['<svg xmlns="http://www.w3.org/2000/svg" width="0" height="0" '
             'style="position:absolute" aria-hidden="true"><defs>']
    for tile in ALL_TILES:
        name = f"{tile.high}-{tile.low}"
        parts.append(f'<symbol id="tile-{name}" viewBox="0 0 {HALF} {2 * HALF}">'
                     f"{tile_svg(tile, 0, 0)}</symbol>")
        parts.append(f'<symbol id="tile-{name}-across" viewBox="0 0 {2 * HALF} {HALF}">'
                     f"{tile_svg(tile, 0, 0, across=True)}</symbol>")
    parts.append(f'<symbol id="tile-back" viewBox="0 0 {HALF} {2 * HALF}">{back_svg(0, 0)}'
                 "</symbol>")
    parts.append("</defs></svg>")
    return "".join(parts)


def replay_page(
    games: Sequence[tuple[int, Game, GameReport]],
    *,
    title: str,
    audits: HandAudits | None = None,
    what_if: bool = False,
) -> str:
    """The whole HTML page replaying ``games`` (each with its number in the file and its
    report from :func:`notation.check.validate.check_game`); ``audits`` adds each hand's audit.

    The heading is the shown game's Event, Site and Date (``title``, the file's name, when
    the record names none of them). ``#hand=3&step=12`` (``#game=2&hand=3&step=12`` in a file
    of several games) opens the page at that step, and the address follows the moves; in a
    variation, ``&line=`` adds its path. ``what_if`` adds, at each play, the other tiles its
    seat could have played, each finished by best play (:func:`what_if_lines`: slower)."""
    data = page_data(games, audits, what_if=what_if)
    first = games[0][1] if games else None
    heading = (_heading(first) if first is not None else "") or title
    return fill_template(_asset("page.html"), {
        "TITLE": inert_xml(heading),
        "FILE": inert_xml(title),
        "SYMBOLS": tile_symbols(),
        "DATA": _embedded(data),
        "STYLE": _asset("page.css"),
        "SCRIPT": _asset("share.js") + _asset("page.js"),
    })


@cache
def _asset(name: str) -> str:
    """A file of the page (its HTML, CSS or script), kept in ``replay/assets`` as package data.

    Read as bytes and decoded so that no newline is translated: the page is these bytes."""
    return (files("replay") / "assets" / name).read_bytes().decode("utf-8")
