"""The replay as one self-contained HTML page: open it in any browser, no network, no server.

:func:`replay_page` writes the page. Everything the page shows is worked out here, in
Python, from the replay's steps (:mod:`notation.views.steps`, :mod:`notation.views.navigation`):
the tiles in
each hand, the trick, who took it, the score, the findings with their evidence, and even
where each key goes. The page's script only shows the step it is on and follows the moves
written next to it; it knows no rule of 42. The games themselves are embedded as their JSON
(:func:`notation.formats.json.form.dumps_game`), so the page also carries the record it shows.

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
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from notation.check.validate import GameReport
from notation.formats.json.form import dumps_game
from notation.model.findings import Finding, evidence_words
from notation.model.game import UNKNOWN, Game
from notation.model.seats import SEATS, Team
from notation.model.tiles import ALL_TILES, TRICKS_IN_A_HAND
from notation.views import navigation
from notation.views.navigation import Frame, game_frames
from notation.views.steps import StepKind, TableTrick, auction_words, contract_words
from notation.views.svg import (
    HALF,
    back_svg,
    inert_xml,
    marks_words,
    tile_svg,
    trick_caption,
)
from notation.views.terminal import inert
from replay.board import score_line
from replay.strokes import all_strokes

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


def _marks(frame: Frame) -> dict[str, Any]:
    step = frame.step
    after = step.kind is StepKind.SCORE and step.marks_after is not None
    marks = step.marks_after if after else step.marks_before
    when = "with this hand" if after else "before this hand"
    if marks is None:
        return {"words": "not known", "strokes": {}}
    if frame.points_game:
        return {"words": f"NS {marks[Team.NS]} · EW {marks[Team.EW]} points {when}",
                "strokes": {}}
    return {
        "words": f"{marks_words(step)} ({'after' if after else 'before'} this hand)",
        "strokes": {t.value: all_strokes(marks[t]) for t in Team},
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
    """The game's Event, Site and Date, as far as the record names them."""
    tags = (game.tag(name) for name in ("Event", "Site", "Date"))
    return inert(" · ".join(v for v in tags if v and v != UNKNOWN))


def _step(frames: Sequence[Frame], at: int, steps_in_hand: int,
          audits: HandAudits) -> dict[str, Any]:
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
        "turns": turns,
        "moves": _moves(frames, at),
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
    games: Sequence[tuple[int, Game, GameReport]], audits: HandAudits | None = None
) -> dict[str, Any]:
    """Everything the page shows, as JSON-ready data: the games' records, their players,
    every step of the replay and each hand's tricks and audit."""
    audits = audits or {}
    frames: list[Frame] = []
    players: dict[str, dict[str, str]] = {}
    headings: dict[str, str] = {}
    for number, game, report in games:
        frames += game_frames(game, report, number)
        players[str(number)] = {s.value: inert(game.seat_name(s)) for s in SEATS}
        headings[str(number)] = _heading(game)
    counts: dict[tuple[int, int], int] = {}
    for frame in frames:
        counts[frame.hand_key] = counts.get(frame.hand_key, 0) + 1
    steps: list[dict[str, Any]] = []
    shown: dict[str, Any] = {}
    for i, frame in enumerate(frames):
        step = _step(frames, i, counts[frame.hand_key], audits)
        first = i == 0 or frames[i - 1].hand_key != frame.hand_key
        steps.append(step if first else changes(shown, step))
        shown = step
    return {
        "records": [dumps_game(game) for _, game, _ in games],
        "players": players,
        "headings": headings,
        "points_game": {str(n): navigation.is_points_game(g, r.rules) for n, g, r in games},
        "steps": steps,
        "hands": _hands(frames, audits),
    }


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
) -> str:
    """The whole HTML page replaying ``games`` (each with its number in the file and its
    report from :func:`notation.check.validate.check_game`); ``audits`` adds each hand's audit.

    The heading is the shown game's Event, Site and Date (``title``, the file's name, when
    the record names none of them). ``#hand=3&step=12`` (``#game=2&hand=3&step=12`` in a file
    of several games) opens the page at that step, and the address follows the moves."""
    data = page_data(games, audits)
    first = games[0][1] if games else None
    heading = (_heading(first) if first is not None else "") or title
    return (
        _PAGE.replace("@TITLE@", inert_xml(heading))
        .replace("@FILE@", inert_xml(title))
        .replace("@SYMBOLS@", tile_symbols())
        .replace("@DATA@", _embedded(data))
        .replace("@STYLE@", _CSS)
        .replace("@SCRIPT@", _SCRIPT)
    )


_PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; \
style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">
<title>@TITLE@ · t42 replay</title>
<style>@STYLE@</style>
</head>
<body>
@SYMBOLS@
<header>
  <h1 id="heading">@TITLE@</h1>
  <p id="where"></p>
  <p id="what"></p>
</header>
<nav id="controls" aria-label="move through the game">
  <button id="first" title="first step (Home)">first</button>
  <button id="previous_hand" title="hand back (Page Up)">« hand</button>
  <button id="previous_trick" title="trick back (↑)">‹ trick</button>
  <button id="previous_play" title="step back (←)">◀ back</button>
  <button id="next_play" title="next step (→)">next ▶</button>
  <button id="next_trick" title="next trick (↓)">trick ›</button>
  <button id="next_hand" title="next hand (Page Down)">hand »</button>
  <button id="last" title="last step (End)">last</button>
  <label>hand <select id="hand-select"></select></label>
  <label>trick <select id="trick-select"></select></label>
</nav>
<main>
  <section id="table" aria-label="the table">
    <div class="seat" id="seat-N"><div class="name"></div><div class="tiles"></div></div>
    <div class="seat" id="seat-W"><div class="name"></div><div class="tiles"></div></div>
    <div id="centre">
      <div class="slot" id="play-N"></div>
      <div class="slot" id="play-W"></div>
      <div class="slot" id="play-E"></div>
      <div class="slot" id="play-S"></div>
      <div id="trick-caption"></div>
    </div>
    <div class="seat" id="seat-E"><div class="name"></div><div class="tiles"></div></div>
    <div class="seat" id="seat-S"><div class="name"></div><div class="tiles"></div></div>
  </section>
  <aside id="facts">
    <dl>
      <dt>auction</dt><dd id="auction"></dd>
      <dt>contract</dt><dd id="contract"></dd>
      <dt>this hand</dt><dd id="score"></dd>
      <dt>marks</dt><dd><span id="marks"></span><div id="strokes"></div></dd>
    </dl>
    <ul id="findings"></ul>
    <ul id="comments"></ul>
    <section id="audit" hidden><h2>audit of this hand</h2><p id="verdict"></p>
      <ul id="turns"></ul></section>
  </aside>
</main>
<footer>Keys: ← → step · ↑ ↓ trick · Page Up / Page Down hand · Home / End · 1–7 trick.
@FILE@ · made by t42.</footer>
<script type="application/json" id="t42-data">@DATA@</script>
<script>@SCRIPT@</script>
</body>
</html>
"""

_CSS = """
:root{--felt:#2f6b45;--ink:#1b1b1b;--paper:#f4f1e8;--red:#b01515}
*{box-sizing:border-box}
body{margin:0;padding:12px;font:15px/1.4 system-ui,-apple-system,"Segoe UI",sans-serif;
 color:var(--ink);background:var(--paper)}
h1{font-size:20px;margin:0 0 4px}
header p{margin:2px 0}
#what{font-weight:600;font-size:17px}
nav{display:flex;flex-wrap:wrap;gap:6px;margin:10px 0}
nav button{font-size:15px;padding:6px 10px;min-width:44px;min-height:40px}
main{display:flex;flex-wrap:wrap;gap:16px;align-items:flex-start}
#table{display:grid;grid-template-columns:1fr auto 1fr;grid-template-rows:auto auto auto;
 grid-template-areas:". n ." "w c e" ". s .";gap:10px;align-items:center;
 flex:1 1 640px;max-width:900px}
#seat-N{grid-area:n;text-align:center}#seat-S{grid-area:s;text-align:center}
#seat-W{grid-area:w}#seat-E{grid-area:e;text-align:right}
.name{font-weight:600;margin-bottom:4px}
.name .role{font-weight:400;color:#555;font-size:13px;margin-left:4px}
.seat.acts .name{text-decoration:underline}
.tiles{display:flex;flex-wrap:wrap;gap:4px}
#seat-N .tiles,#seat-S .tiles{justify-content:center}
#seat-E .tiles{justify-content:flex-end}
svg.t{width:28px;height:56px;display:block}
svg.t.across{width:56px;height:28px}
.played{color:#555;font-size:13px;margin-top:4px}
.played svg.t{width:18px;height:36px;display:inline-block;vertical-align:middle}
#centre{grid-area:c;display:grid;grid-template-columns:80px 80px 80px;
 grid-template-rows:auto auto auto auto;grid-template-areas:". n ." "w . e" ". s ." "cap cap cap";
 background:var(--felt);color:#fff;border-radius:14px;padding:10px;min-height:220px;
 align-items:center;justify-items:center}
#play-N{grid-area:n}#play-S{grid-area:s}#play-W{grid-area:w}#play-E{grid-area:e}
#trick-caption{grid-area:cap;font-weight:600;text-align:center}
.slot{text-align:center;font-size:13px}
.slot.won{font-weight:700}
.slot.renege svg.t{outline:4px solid var(--red);outline-offset:1px;border-radius:4px}
.slot.renege{color:#ffd2d2;font-weight:700}
#facts{flex:1 1 280px;max-width:520px}
dl{display:grid;grid-template-columns:auto 1fr;gap:4px 12px;margin:0}
dt{font-weight:600}dd{margin:0}
#strokes{font-family:ui-monospace,Menlo,Consolas,monospace;white-space:pre;line-height:1.1;
 margin-top:4px}
#findings li{color:var(--red)}
#findings .evidence{display:block;color:#333;font-size:13px}
#comments li{color:#444;font-style:italic}
#audit{border-top:1px solid #bbb;margin-top:8px}
#audit h2{font-size:15px;margin:8px 0 4px}
.turn{color:#7a4b00}.turn.flips{font-weight:700}
.face{fill:#fffdf6;stroke:#222;stroke-width:1.2}.pip{fill:#1b1b1b}
.rule{stroke:#222;stroke-width:1}.back{fill:#33506b;stroke:#1c2c3b;stroke-width:1.2}
footer{margin-top:14px;color:#555;font-size:13px}
@media (max-width:700px){
 body{padding:8px}
 #table{grid-template-columns:1fr;grid-template-areas:"n" "w" "c" "e" "s";flex-basis:100%}
 #seat-E,#seat-W{text-align:center}
 #seat-E .tiles,#seat-W .tiles{justify-content:center}
 svg.t{width:24px;height:48px}svg.t.across{width:48px;height:24px}
 #centre{grid-template-columns:70px 70px 70px;justify-self:center}
 nav button{flex:1 1 22%}
}
@media print{
 nav,footer{display:none}
 body{background:#fff;padding:0}
 #centre{-webkit-print-color-adjust:exact;print-color-adjust:exact}
 main{flex-wrap:nowrap}
}
"""

# The script only shows precomputed steps: it draws what step.* says and follows step.moves.
_SCRIPT = """
"use strict";
(function () {
  const data = JSON.parse(document.getElementById("t42-data").textContent);
  // Each hand's first step is whole, the others hold only what they change: a step is put
  // back together by merging the changes from its hand's first step on (as page.shown_step).
  const changes = data.steps;
  const handAt = [];
  data.hands.forEach(function (hand, h) {
    const end = h + 1 < data.hands.length ? data.hands[h + 1].start : changes.length;
    for (let i = hand.start; i < end; i++) { handAt.push(h); }
  });
  function plain(v) { return v !== null && typeof v === "object" && !Array.isArray(v); }
  function merged(whole, change) {
    const out = Object.assign({}, whole);
    Object.keys(change).forEach(function (key) {
      const value = change[key];
      out[key] = plain(value) && plain(out[key]) ? merged(out[key], value) : value;
    });
    return out;
  }
  const steps = {
    length: changes.length,
    at: function (i) {
      let whole = {};
      for (let k = data.hands[handAt[i]].start; k <= i; k++) { whole = merged(whole, changes[k]); }
      return whole;
    }
  };
  const SVG = "http://www.w3.org/2000/svg";
  let at = 0;

  function el(id) { return document.getElementById(id); }
  function clear(node) { while (node.firstChild) { node.removeChild(node.firstChild); } }
  function add(parent, tag, text, cls) {
    const node = document.createElement(tag);
    if (text !== undefined && text !== null) { node.textContent = text; }
    if (cls) { node.className = cls; }
    parent.appendChild(node);
    return node;
  }
  function face(name, across) {
    const svg = document.createElementNS(SVG, "svg");
    svg.setAttribute("class", across ? "t across" : "t");
    const use = document.createElementNS(SVG, "use");
    use.setAttribute("href", "#tile-" + name + (across && name !== "back" ? "-across" : ""));
    svg.appendChild(use);
    if (name !== "back") {
      svg.setAttribute("data-tile", name);
      svg.setAttribute("role", "img");
      svg.setAttribute("aria-label", name);
    }
    return svg;
  }

  function showSeat(step, seat) {
    const box = el("seat-" + seat);
    const name = box.querySelector(".name");
    const tiles = box.querySelector(".tiles");
    clear(name); clear(tiles);
    const old = box.querySelector(".played");
    if (old) { box.removeChild(old); }
    const player = data.players[String(step.game)][seat];
    name.appendChild(document.createTextNode(player + " (" + seat + ")"));
    const roles = [];
    if (step.dealer === seat) { roles.push("dealer"); }
    if (step.declarer === seat) { roles.push("declarer"); }
    if (roles.length) { add(name, "span", roles.join(" · "), "role"); }
    box.classList.toggle("acts", step.actor === seat);
    const held = step.seats[seat];
    if (held.held === null) {
      for (let i = 0; i < held.unknown; i++) { tiles.appendChild(face("back", false)); }
      if (held.played.length) {
        const line = add(box, "div", "played ", "played");
        held.played.forEach(function (t) { line.appendChild(face(t, false)); });
      }
    } else {
      held.held.forEach(function (t) { tiles.appendChild(face(t, false)); });
    }
    if (!tiles.firstChild) { add(tiles, "span", "no tiles left", "played"); }
  }

  function showCentre(step) {
    ["N", "E", "S", "W"].forEach(function (seat) {
      const slot = el("play-" + seat);
      clear(slot);
      slot.className = "slot";
    });
    const caption = el("trick-caption");
    const trick = step.trick;
    if (trick === null) {
      const last = {};
      step.auction.forEach(function (call) { last[call[0]] = call[1]; });
      Object.keys(last).forEach(function (seat) {
        add(el("play-" + seat), "div", seat + " " + last[seat]);
      });
      caption.textContent = step.auction.length ? "auction" : "";
      if (step.kind === "score" || step.kind === "end") { caption.textContent = "hand over"; }
      return;
    }
    trick.plays.forEach(function (play) {
      const seat = play[0], tile = play[1], renege = play[2];
      const slot = el("play-" + seat);
      slot.appendChild(face(tile, seat === "W" || seat === "E"));
      let words = seat + " " + tile + (seat === trick.leader ? " led" : "");
      if (renege) { words += " ✗ renege"; slot.classList.add("renege"); }
      if (seat === trick.winner) { slot.classList.add("won"); }
      add(slot, "div", words);
    });
    caption.textContent = trick.caption;
  }

  function showNotes(step) {
    const findings = el("findings");
    clear(findings);
    step.findings.forEach(function (f) {
      const item = add(findings, "li", f.severity + " " + f.code + ": " + f.message);
      if (f.evidence) { add(item, "span", f.evidence, "evidence"); }
    });
    step.turns.forEach(function (t) {
      add(findings, "li", "audit: " + t.message, t.flips ? "turn flips" : "turn");
    });
    const comments = el("comments");
    clear(comments);
    step.comments.forEach(function (c) { add(comments, "li", c); });
  }

  function showAudit(hand) {
    const box = el("audit");
    const audit = hand.audit;
    box.hidden = audit === null;
    if (audit === null) { return; }
    el("verdict").textContent = audit.verdict;
    const turns = el("turns");
    clear(turns);
    if (!audit.turns.length) { add(turns, "li", "no play changed the perfect-play outcome"); }
    audit.turns.forEach(function (t) {
      add(turns, "li", t.message, t.flips ? "turn flips" : "turn");
    });
  }

  function fillTricks(hand) {
    const select = el("trick-select");
    clear(select);
    add(select, "option", "—").value = "";
    Object.keys(hand.tricks).forEach(function (n) { add(select, "option", n).value = n; });
  }

  function show(index) {
    at = Math.max(0, Math.min(index, steps.length - 1));
    const step = steps.at(at);
    const h = handAt[at];
    const hand = data.hands[h];
    const games = Object.keys(data.players).length;
    el("where").textContent = (games > 1 ? "game " + step.game + " · " : "") + "hand " + step.hand +
      " · step " + step.index + "/" + step.of;
    el("what").textContent = step.text + (step.won ? " · " + step.won : "");
    const heading = data.headings[String(step.game)];
    if (heading) { el("heading").textContent = heading; }
    ["N", "E", "S", "W"].forEach(function (seat) { showSeat(step, seat); });
    showCentre(step);
    el("auction").textContent = step.auction_words;
    el("contract").textContent = step.contract;
    el("score").textContent = step.score;
    el("marks").textContent = step.marks.words;
    const strokes = el("strokes");
    clear(strokes);
    Object.keys(step.marks.strokes).forEach(function (team) {
      const drawn = step.marks.strokes[team];
      if (drawn) { add(strokes, "div", team + "\\n" + drawn); }
    });
    showNotes(step);
    showAudit(hand);
    const handSelect = el("hand-select");
    if (handSelect.value !== String(h)) { handSelect.value = String(h); fillTricks(hand); }
    const trickSelect = el("trick-select");
    trickSelect.value = step.kind === "trick" && step.trick ? String(step.trick.number) : "";
    document.body.setAttribute("data-step", String(at));
    const link = "#" + (games > 1 ? "game=" + step.game + "&" : "") + "hand=" + step.hand +
      "&step=" + step.index;
    if (location.hash !== link) {
      try { history.replaceState(null, "", link); } catch (e) { location.replace(link); }
    }
  }

  // The step a link names (#hand=3&step=12, #game=2&hand=3&step=12), or the first.
  function linked() {
    const asked = {};
    location.hash.replace(/^#/, "").split("&").forEach(function (part) {
      const pair = part.split("=");
      asked[pair[0]] = Number(pair[1]);
    });
    const h = data.hands.findIndex(function (hand) {
      return hand.hand === asked.hand && (!asked.game || hand.game === asked.game);
    });
    if (h < 0) { return 0; }
    const hand = data.hands[h];
    const end = h + 1 < data.hands.length ? data.hands[h + 1].start : changes.length;
    const step = asked.step > 0 ? asked.step : 1;
    return Math.min(hand.start + step - 1, end - 1);
  }

  function move(name) { show(steps.at(at).moves[name]); }

  data.hands.forEach(function (hand, i) {
    const games = Object.keys(data.players).length;
    const label = (games > 1 ? "game " + hand.game + " · " : "") + "hand " + hand.hand;
    add(el("hand-select"), "option", label).value = String(i);
  });
  el("hand-select").addEventListener("change", function (e) {
    const hand = data.hands[Number(e.target.value)];
    fillTricks(hand);
    show(hand.start);
  });
  el("trick-select").addEventListener("change", function (e) {
    const hand = data.hands[handAt[at]];
    if (e.target.value in hand.tricks) { show(hand.tricks[e.target.value]); }
  });
  ["first", "previous_hand", "previous_trick", "previous_play", "next_play", "next_trick",
   "next_hand", "last"].forEach(function (name) {
    el(name).addEventListener("click", function () { move(name); });
  });
  const KEYS = {
    ArrowRight: "next_play", ArrowLeft: "previous_play", ArrowDown: "next_trick",
    ArrowUp: "previous_trick", PageDown: "next_hand", PageUp: "previous_hand",
    Home: "first", End: "last"
  };
  document.addEventListener("keydown", function (e) {
    if (e.target && e.target.tagName === "SELECT") { return; }
    if (KEYS[e.key]) { e.preventDefault(); move(KEYS[e.key]); return; }
    if (/^[1-7]$/.test(e.key)) {
      const hand = data.hands[handAt[at]];
      if (e.key in hand.tricks) { show(hand.tricks[e.key]); }
    }
  });
  fillTricks(data.hands[0] || {tricks: {}});
  el("hand-select").value = "0";
  window.addEventListener("hashchange", function () { show(linked()); });
  show(linked());
}());
"""
