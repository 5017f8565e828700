"""The review's and the audit's verdicts written into the record: a glyph on each judged call
and play, a comment with the figures, and the best play as a variation (docs/guides/auditing.md,
"Annotating a record").

What ``t42 review --annotate`` and ``t42 audit --annotate`` write. The glyph comes from one
function, :func:`glyph_for`, which holds the thresholds (:data:`BLUNDER_POINTS`,
:data:`BLUNDER_CHANCE`, :data:`BLUNDER_MARKS`); the audit's, every tile seen, from
:func:`audit_glyph` (``??``, ``?``) and :func:`notation.analysis.audit.only_plays` (``!``).

The machine's annotations are marked so that a second run knows them from the record's own:

- its comment starts with ``t42 review:`` or ``t42 audit:`` (:data:`MACHINES`), then the
  glyph it gives, then the figures; when the record's own glyph was kept, it ends with
  ``; the record's own ?! kept``;
- its variation starts with such a comment;
- a glyph is the machine's when the item carries the machine's comment naming that glyph
  and not saying the record's own was kept.

Annotating first takes away the annotations of the same machine on the hands it judges
(:func:`strip_machine`), then writes the new ones: run again on its own output with the same
verdicts, it gives the same record. The record's own comments and variations are kept, and
its own glyph too, unless ``replace`` (the machine's verdict is then said in its comment).

>>> from notation.formats.text import dumps, loads
>>> from notation.analysis.audit import audit_game
>>> game = loads((SAMPLES / "laydown-refuted.t42").read_text(encoding="utf-8"))[0]
>>> done = annotate_game(game, audit_game(game))
>>> trick = dumps(done.game).split("\\n1 S ")[1].split("\\n")[0]
>>> print(trick.replace(" (", "\\n("))
4-2? { t42 audit: ? costs NS 6 points against best play, every tile seen; best 6-6 }
({ t42 audit: best play } 6-6 6-3 6-5 6-1) 6-2 2-0 2-2
>>> annotate_game(done.game, audit_game(done.game)).game == done.game
True
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Literal, TypeVar

from notation.analysis.audit import HandAudit, TurningPoint, only_plays
from notation.analysis.bid_review import BidReview
from notation.analysis.play_review import PlayReview
from notation.analysis.review import HandReview
from notation.analysis.verdicts import Unit, VerdictKind
from notation.analysis.what_if import WhatIfError, what_if
from notation.check.board import follow_play
from notation.check.position import Position
from notation.check.reports import HandReport, LinePlay
from notation.check.validate import check_game
from notation.model.game import (
    Auction,
    Call,
    Comment,
    Game,
    Glyph,
    Hand,
    Play,
    Trick,
    TrumpCall,
    Variation,
)
from notation.model.lines import ItemPlace, Line, actions_before, item_path
from notation.model.rule_sets import RuleSet
from notation.model.tiles import Tile

__all__ = [
    "AUDIT", "BLUNDER_CHANCE", "BLUNDER_MARKS", "BLUNDER_POINTS", "MACHINES", "REVIEW",
    "AnnotatedGame", "Note", "Until", "annotate_game", "audit_glyph", "audit_notes", "glyph_for",
    "review_notes", "strip_machine",
]

REVIEW = "t42 review:"
"""How the fair review's comments start."""
AUDIT = "t42 audit:"
"""How the audit's comments start."""
MACHINES = (REVIEW, AUDIT)

BLUNDER_POINTS = 10.0
"""A play that costs this many points or more is a blunder (``??``): more than a count
tile's worth, the line mk5 draws for its blunders."""
BLUNDER_CHANCE = 25.0
"""A play that lowers its side's chance of getting its way (making the contract, or setting
it) by this many percentage points or more is a blunder (``??``): it costs the contract one
time in four. A play every other option of which would be such a blunder is the only one
that keeps the contract (``!``)."""
BLUNDER_MARKS = 0.5
"""A call that costs this many marks or more on average is a blunder (``??``): a one-mark
bid swings two marks between made and set, so half a mark is the 25 points of chance of
:data:`BLUNDER_CHANCE`."""

Until = Literal["trick", "hand"]
"""How far the best play is continued in a variation: to the end of the trick or of the
hand."""

_KEPT = "; the record's own {} kept"
_MACHINE_COMMENT = re.compile(
    r"^(?P<machine>t42 (?:review|audit):) (?P<glyph>\S+) .*?"
    r"(?P<kept>; the record's own \S+ kept)?$", re.DOTALL)


def glyph_for(kind: VerdictKind, cost: float, unit: Unit, *, chance_lost: float = 0.0,
              ahead_of_rest: float | None = None) -> Glyph | None:
    """The glyph for the fair review's verdict on a call or play (``cost`` in ``unit``, as
    :class:`notation.analysis.verdicts.Verdict` holds it): ``??`` for a mistake of
    :data:`BLUNDER_POINTS` points or more, :data:`BLUNDER_CHANCE` percentage points of
    chance or more (the cost itself in a contract of all or nothing, else ``chance_lost``,
    how far the play lowers its side's chance of getting its way) or :data:`BLUNDER_MARKS`
    marks or more; ``?`` for any other mistake; ``!?`` for too close to call; ``!`` for a
    best play whose side's chance is ahead of every other option's by
    :data:`BLUNDER_CHANCE` or more (``ahead_of_rest``: the only play that keeps the
    contract, or the set); None for any other best play.

    >>> str(glyph_for(VerdictKind.MISTAKE, 12.0, Unit.POINTS))
    '??'
    >>> str(glyph_for(VerdictKind.MISTAKE, 3.0, Unit.POINTS, chance_lost=30.0))
    '??'
    >>> str(glyph_for(VerdictKind.MISTAKE, 3.0, Unit.POINTS))
    '?'
    >>> str(glyph_for(VerdictKind.CLOSE, 0.4, Unit.POINTS))
    '!?'
    >>> str(glyph_for(VerdictKind.BEST, 0.0, Unit.CHANCE, ahead_of_rest=60.0))
    '!'
    >>> glyph_for(VerdictKind.BEST, 0.0, Unit.POINTS, ahead_of_rest=10.0) is None
    True
    """
    if kind is VerdictKind.MISTAKE:
        blunder = {Unit.POINTS: BLUNDER_POINTS, Unit.CHANCE: BLUNDER_CHANCE,
                   Unit.MARKS: BLUNDER_MARKS}[unit]
        if cost >= blunder or chance_lost >= BLUNDER_CHANCE:
            return Glyph.BLUNDER
        return Glyph.MISTAKE
    if kind is VerdictKind.CLOSE:
        return Glyph.INTERESTING
    if ahead_of_rest is not None and ahead_of_rest >= BLUNDER_CHANCE:
        return Glyph.GOOD
    return None


def audit_glyph(turning: TurningPoint) -> Glyph | None:
    """The glyph for the audit's verdict on a play, every tile seen: ``??`` when it turned
    made into set (or set into made: a play never turns the hand its own side's way against
    best play), ``?`` when it cost its side points against best play, None otherwise."""
    if turning.flips:
        return Glyph.BLUNDER
    return Glyph.MISTAKE if turning.cost > 0 else None


@dataclass(frozen=True, slots=True)
class Note:
    """One judged call or play as the record will carry it: the path of the item
    (``/hands/0/tricks/2/plays/1``, as :mod:`notation.model.lines` names it), the glyph, the
    figures in words, the first tile of the best line when it is to be shown as a
    variation, and the machine that judged it (:data:`REVIEW` or :data:`AUDIT`)."""

    at: str
    glyph: Glyph
    words: str
    best: Tile | None = None
    machine: str = REVIEW
    step: int = 0  # the actions of the hand before the item (bids, the trump call, plays)

    def comment(self, kept: Glyph | None = None) -> Comment:
        """The machine's comment, saying the record's own glyph ``kept`` when it was."""
        text = f"{self.machine} {self.glyph.value} {self.words}"
        if kept is not None:
            text += _KEPT.format(kept.value)
        return Comment(text, braced=True)


@dataclass(frozen=True)
class AnnotatedGame:
    """A game with the machine's annotations, and what was said about it (each record's own
    glyph kept, in words)."""

    game: Game
    notices: tuple[str, ...] = ()


# -- where a decision is in the record --


def _play_at(hand: Hand, index: int, tile: Tile) -> tuple[str, int] | None:
    """The path of the play of ``tile`` in the main line of ``hand`` (the ``index``-th of
    its game) and the actions before it; None when it is not played there."""
    for t, trick in enumerate(hand.tricks):
        for p, play in enumerate(trick.plays):
            if play.tile == tile:
                place = ItemPlace("play", t, p)
                return item_path(Line("", hand, index), place), actions_before(hand, place)
    return None


def _side_chance(made: float, declarers: bool) -> float:
    """The chance, in per cent, that the playing side gets its way (makes or sets)."""
    return 100.0 * (made if declarers else 1.0 - made)


def _cost(cost: float, se: float, unit: Unit, worlds: int, goal: str = "make") -> str:
    """A cost in words, over the worlds: ``costs 4.2 ± 1.1 points over 32 worlds``, ``costs
    30 ± 8% of the chance to make over 32 worlds``, ``costs 1.0 marks in each of 8 worlds``
    (the same in every world: no spread to give).

    >>> _cost(4.24, 1.06, Unit.POINTS, 32), _cost(1.0, 0.0, Unit.MARKS, 8)
    ('costs 4.2 ± 1.1 points over 32 worlds', 'costs 1.0 marks in each of 8 worlds')
    >>> _cost(30.0, 8.0, Unit.CHANCE, 32, "set")
    'costs 30 ± 8% of the chance to set over 32 worlds'
    """
    if unit is Unit.CHANCE:
        amount = f"{cost:.0f}% of the chance to {goal}" if not se else (
            f"{cost:.0f} ± {se:.0f}% of the chance to {goal}")
    else:
        amount = f"{cost:.1f} {unit.value}" if not se else f"{cost:.1f} ± {se:.1f} {unit.value}"
    return f"costs {amount} {'in each of' if not se else 'over'} {worlds} worlds"


def _play_note(review: PlayReview, at: str, step: int, declarers: bool) -> Note | None:
    """The note on one play of the fair review (None for a best play that is not the only
    one keeping the contract)."""
    verdict = review.verdict
    chances = {o.option: _side_chance(o.made.mean, declarers) for o in review.options}
    mine = chances.get(str(review.tile), 0.0)
    others = [c for o, c in chances.items() if o != str(review.tile)]
    lost = max(chances.values(), default=mine) - mine
    ahead = mine - max(others) if others else None
    glyph = glyph_for(verdict.kind, verdict.cost, verdict.unit, chance_lost=lost,
                      ahead_of_rest=ahead)
    if glyph is None:
        return None
    goal = "make" if declarers else "set"
    over = f"over {review.worlds} worlds"
    best = Tile.parse(review.best) if review.best and review.best != str(review.tile) else None
    if glyph is Glyph.GOOD:
        words = (f"the only play that keeps the {'contract' if declarers else 'set'}: "
                 f"{mine:.0f}% to {goal} {over}, no other above {max(others):.0f}%")
        return Note(at, glyph, words, step=step)
    if verdict.kind is VerdictKind.MISTAKE:
        words = _cost(verdict.cost, verdict.se, verdict.unit, review.worlds, goal)
        if verdict.unit is not Unit.CHANCE and lost >= 1:
            words += f"; the chance to {goal} falls from {mine + lost:.0f}% to {mine:.0f}%"
    else:
        words = f"too close to call {over}"
    if best is not None:
        words += f"; best {best}"
    return Note(at, glyph, words, best, step=step)


def _call_note(review: BidReview, at: str) -> Note | None:
    """The note on one call of the fair review (mistakes and close calls only)."""
    verdict = review.verdict
    glyph = glyph_for(verdict.kind, verdict.cost, verdict.unit)
    if glyph is None:
        return None
    over = f"over {review.advice.samples} worlds"
    if verdict.kind is VerdictKind.MISTAKE:
        words = _cost(verdict.cost, verdict.se, verdict.unit, review.advice.samples)
    else:
        words = f"too close to call {over}"
    if review.best and review.best != review.option:
        words += f"; best {review.best}"
    return Note(at, glyph, words)


def review_notes(hand: Hand, index: int, review: HandReview) -> tuple[Note, ...]:
    """The notes the fair review of ``hand`` (the ``index``-th of its game, from 0) writes:
    each play and call judged a mistake or too close to call, and each play that alone kept
    the contract (or the set)."""
    notes: list[Note] = []
    calls = hand.auction.calls if hand.auction else ()
    judged: list[tuple[int, BidReview]] = []
    if review.bid is not None and review.contract is not None:
        declarer = review.contract.declarer
        won = [n for n, c in enumerate(calls) if c.seat is declarer and not c.bid.is_pass]
        if won:
            judged.append((won[-1], review.bid))
    start = 0
    for call_review in review.calls:
        for n in range(start, len(calls)):
            if calls[n].seat is call_review.seat and calls[n].bid == call_review.bid:
                start = n + 1
                if all(n != m for m, _ in judged):
                    judged.append((n, call_review))
                break
    for n, call_review in sorted(judged, key=lambda j: j[0]):
        note = _call_note(call_review, item_path(Line("", hand, index), ItemPlace("call", -1, n)))
        if note is not None:
            notes.append(note)
    declarers = None if review.contract is None else review.contract.declarer.team
    for play in review.plays:
        place = _play_at(hand, index, play.tile)
        if place is None:
            continue
        note = _play_note(play, *place, play.seat.team is declarers)
        if note is not None:
            notes.append(note)
    return tuple(notes)


def audit_notes(hand: Hand, index: int, audit: HandAudit,
                only: Sequence[LinePlay] = ()) -> tuple[Note, ...]:
    """The notes the audit of ``hand`` (the ``index``-th of its game, from 0) writes: each
    play that changed the hand's value with best play, every tile seen, and each of ``only``,
    the plays that alone kept its outcome (:func:`notation.analysis.audit.only_plays`)."""
    notes: list[Note] = []
    for turning in audit.turning_points:
        place = _play_at(hand, index, turning.tile)
        glyph = audit_glyph(turning)
        if place is None or glyph is None:
            continue
        if turning.flips:
            words = ("turns the bid from makeable to set, every tile seen"
                     if turning.makeable_before else
                     "makes the bid certain to be made, every tile seen")
        else:
            words = (f"costs {turning.seat.team} {turning.cost} point"
                     f"{'' if turning.cost == 1 else 's'} against best play, every tile seen")
        best = turning.better[0] if turning.better else None
        if best is not None:
            words += f"; best {best}"
        notes.append(Note(place[0], glyph, words, best, AUDIT, place[1]))
    bidders = None if audit.contract is None else audit.contract.declarer.team
    for play in only:
        place = _play_at(hand, index, play.tile)
        if place is not None:
            keeps = "the bid makeable" if play.seat.team is bidders else "the set certain"
            notes.append(Note(place[0], Glyph.GOOD,
                              f"the only play that keeps {keeps}, every tile seen",
                              machine=AUDIT, step=place[1]))
    return tuple(sorted(notes, key=lambda n: n.step))


def _alone(game: Game, index: int, rules: RuleSet, report: HandReport) -> tuple[LinePlay, ...]:
    """The plays of the ``index``-th hand of ``game`` that alone kept its outcome."""
    if report.contract is None:
        return ()
    followed = follow_play(game.hands[index], report, rules)
    return () if isinstance(followed, str) else only_plays(followed, report.contract)


# -- taking the machine's annotations away, and writing them --


def _machine_of(comment: Comment, machines: Iterable[str]) -> re.Match[str] | None:
    found = _MACHINE_COMMENT.match(comment.text)
    return found if found is not None and found["machine"] in machines else None


_Annotatable = TypeVar("_Annotatable", Call, TrumpCall, Play)


def _stripped(item: _Annotatable, machines: tuple[str, ...]) -> _Annotatable:
    """``item`` without the annotations of ``machines``."""
    glyph = item.glyph
    after: list[Comment] = []
    for comment in item.after:
        found = _machine_of(comment, machines)
        if found is None:
            after.append(comment)
        elif glyph is not None and found["glyph"] == glyph.value and not found["kept"]:
            glyph = None
    variations = tuple(v for v in item.variations
                       if not (v.comments and _machine_of(v.comments[0], machines)))
    if (glyph, tuple(after), variations) == (item.glyph, item.after, item.variations):
        return item
    return replace(item, glyph=glyph, after=tuple(after), variations=variations)


_Line = TypeVar("_Line", Auction, Trick)
_Inner = TypeVar("_Inner", Call, Play)


def _strip_line(line: _Line, inner: tuple[_Inner, ...],
                machines: tuple[str, ...]) -> tuple[_Line, tuple[_Inner, ...]]:
    """An auction or trick and its calls or plays without the annotations of ``machines``.

    A comment after the last item of a line, with no variation after it, is read as the
    line's (docs/notation.md, Comments): the machine's comment there is its last item's."""
    mine: tuple[Comment, ...] = tuple(c for c in line.after if _machine_of(c, machines))
    if mine and inner:
        line = replace(line, after=tuple(c for c in line.after if c not in mine))
        items: list[_Inner] = list(inner)
        items[-1] = replace(items[-1], after=(*items[-1].after, *mine))
        inner = tuple(items)
    return line, tuple(_stripped(i, machines) for i in inner)


def _strip_hand(hand: Hand, machines: tuple[str, ...]) -> Hand:
    auction = hand.auction
    if auction is not None:
        auction, calls = _strip_line(auction, auction.calls, machines)
        auction = replace(auction, calls=calls)
    trump = hand.trump
    if trump is not None:
        trump = _stripped(trump, machines)
    tricks = []
    for trick in hand.tricks:
        trick, plays = _strip_line(trick, trick.plays, machines)
        tricks.append(replace(trick, plays=plays))
    return replace(hand, auction=auction, trump=trump, tricks=tuple(tricks))


def strip_machine(game: Game, machines: Sequence[str] = MACHINES,
                  hands: Iterable[int] | None = None) -> Game:
    """``game`` without the annotations ``machines`` wrote (see the module) on the hands
    numbered ``hands`` (all by default): the record's own are left as they are.

    >>> from notation.formats.text import dumps, loads
    >>> game = loads('[Event "x"]\\nhand 1 dealer N\\ntrump S sixes\\n'
    ...              '1 S 6-6 6-1? { mine } { t42 review: ? costs 2.0 points; best 6-2 }\\n')[0]
    >>> dumps(strip_machine(game)).splitlines()[-1]
    '1 S 6-6 6-1 { mine }'
    """
    wanted = None if hands is None else set(hands)
    own = tuple(machines)
    return replace(game, hands=tuple(
        _strip_hand(h, own) if wanted is None or h.number in wanted else h for h in game.hands))


def _item_at(game: Game, at: str) -> Call | Play:
    """The call or play of the main line at path ``at`` (made by this module)."""
    keys = at.strip("/").split("/")
    hand = game.hands[int(keys[1])]
    if keys[2] == "auction":
        assert hand.auction is not None
        return hand.auction.calls[int(keys[4])]
    return hand.tricks[int(keys[3])].plays[int(keys[5])]


def _put(game: Game, at: str, item: Call | Play) -> Game:
    keys = at.strip("/").split("/")
    h = int(keys[1])
    hand = game.hands[h]
    if keys[2] == "auction":
        assert hand.auction is not None
        assert isinstance(item, Call)
        n = int(keys[4])
        calls = hand.auction.calls
        hand = replace(hand, auction=replace(hand.auction,
                                             calls=(*calls[:n], item, *calls[n + 1:])))
    else:
        assert isinstance(item, Play)
        t, p = int(keys[3]), int(keys[5])
        trick = hand.tricks[t]
        trick = replace(trick, plays=(*trick.plays[:p], item, *trick.plays[p + 1:]))
        hand = replace(hand, tricks=(*hand.tricks[:t], trick, *hand.tricks[t + 1:]))
    return replace(game, hands=(*game.hands[:h], hand, *game.hands[h + 1:]))


def _best_line(position: Position, tile: Tile, until: Until) -> Variation | None:
    """The line from ``position`` starting with ``tile``, continued by best play with every
    tile seen to the end of the trick or of the hand (:func:`notation.analysis.what_if.what_if`,
    the one home of best play from a position); None when best play cannot be worked out
    there."""
    try:
        return what_if(position, tile, until).variation
    except WhatIfError:
        return None


_Ordered = TypeVar("_Ordered", Comment, Variation)


def _in_order(found: tuple[_Ordered, ...],
              comment: Callable[[_Ordered], Comment | None]) -> tuple[_Ordered, ...]:
    """Comments or variations of an item, the record's own first as they were, then the
    machines' in the order of :data:`MACHINES`: whichever machine ran last, the same order."""

    def rank(item: _Ordered) -> int:
        said = comment(item)
        found = None if said is None else _machine_of(said, MACHINES)
        return 0 if found is None else 1 + MACHINES.index(found["machine"])

    return tuple(sorted(found, key=rank))


def _where(hand_number: int, at: str, item: Call | Play) -> str:
    if isinstance(item, Call):
        return f"hand {hand_number}, {item.seat}'s call {item.bid}"
    keys = at.strip("/").split("/")
    return f"hand {hand_number}, trick {int(keys[3]) + 1}, the {item.tile}"


def annotate_game(game: Game, judged: Iterable[HandReview | HandAudit], *,
                  until: Until = "trick", replace_glyphs: bool = False,
                  rules: RuleSet | None = None) -> AnnotatedGame:
    """``game`` with the verdicts of ``judged`` (the fair reviews or the audits of its hands,
    :func:`notation.analysis.review.review_game`, :func:`notation.analysis.audit.audit_game`)
    written into it: each judged call and play gets a glyph (the record's own kept unless
    ``replace_glyphs``, said in :attr:`AnnotatedGame.notices`), a comment with the figures and,
    for a play with a better one, the best play as a variation, continued by best play to the
    end of the trick or of the hand (``until``), under ``rules`` (the game's by default).
    The same machine's annotations already there on the hands judged are replaced, so
    annotating twice gives the same game."""
    rules = rules or game.rules
    judged = list(judged)
    numbers = {j.hand for j in judged}
    machines = {REVIEW if isinstance(j, HandReview) else AUDIT for j in judged}
    game = strip_machine(game, tuple(sorted(machines)), numbers)
    # the audit's ! stands on the record's play followed on the solver's board
    reports = check_game(game, rules, judged=()).hands if AUDIT in machines else ()
    notices: list[str] = []
    for verdicts in judged:
        index = next((i for i, h in enumerate(game.hands) if h.number == verdicts.hand), None)
        if index is None:
            continue
        hand = game.hands[index]
        notes = (review_notes(hand, index, verdicts) if isinstance(verdicts, HandReview)
                 else audit_notes(hand, index, verdicts,
                                  _alone(game, index, rules, reports[index])))
        for note in notes:
            item = _item_at(game, note.at)
            kept = item.glyph if item.glyph is not None and not replace_glyphs else None
            if kept is not None and kept is not note.glyph:
                where = _where(hand.number, note.at, item)
                notices.append(f"kept the record's own glyph on {where}: {kept.value} where "
                               f"{note.machine.rstrip(':')} says {note.glyph.value}")
            variations = item.variations
            if note.best is not None:
                position = Position.of_hand(hand, rules, note.step)
                line = _best_line(position, note.best, until)
                if line is not None:
                    mark = Comment(f"{note.machine} best play", braced=True)
                    variations = (*variations, replace(line, comments=(mark, *line.comments)))
            game = _put(game, note.at, replace(
                item, glyph=kept or note.glyph,
                after=_in_order((*item.after, note.comment(kept)), lambda c: c),
                variations=_in_order(variations, lambda v: v.comments[0] if v.comments
                                     else None)))
    return AnnotatedGame(game, tuple(notices))
