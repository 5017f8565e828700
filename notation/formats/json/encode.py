"""From the model to JSON: a game as a document (:func:`dumps_game`) and games as JSON text
(:func:`dumps`, :func:`dump`), canonical and deterministic.

>>> from notation.formats.text import loads
>>> [game] = loads('[Event "demo"]\\nhand 1 dealer N\\nbid E pass S 30 { light } W pass N pass\\n')
>>> dumps_game(game)["hands"][0]["auction"]["calls"][1]
{'seat': 'S', 'bid': 30, 'comments': {'after': [{'text': 'light', 'braced': True}]}}
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Protocol

from notation.errors import RecordError
from notation.formats.json.check import check_document, is_writable
from notation.formats.json.decode import loads_game
from notation.formats.json.document import (
    FORMAT,
    VERSION,
    DocumentProblem,
    bid_value,
    json_pointer,
    record_error,
)
from notation.model.contracts import (
    PIP_NAMES,
    TrumpKind,
)
from notation.model.game import (
    SCORE_ORDER,
    Auction,
    Call,
    Comment,
    Ending,
    Game,
    Hand,
    HandHeader,
    Holding,
    Play,
    ScoreLine,
    Tag,
    Trick,
    TrumpCall,
    Variation,
    tag_name,
    with_roster,
)

# Pretty JSON keeps an object or a list on one line when it fits in this width.
_WIDTH = 100
class _Sink(Protocol):
    def write(self, text: str, /) -> object: ...

# ---- from a game to a document ----


def dumps_game(game: Game) -> dict[str, Any]:
    """The JSON-ready document of one game, in canonical form (see the module docstring).

    Raises :class:`RecordError` for a game the JSON form cannot hold, which no game read
    from text is: a comment holding ``}`` inside braces, a tag written twice, hand 0 …
    """
    tags = with_roster(tuple(Tag(tag_name(t.name), t.value, *_notes(t)) for t in game.tags))
    doc: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "tags": [_line({"name": t.name, "value": t.value}, *_notes(t)) for t in tags],
        "hands": [_hand_doc(h, i) for i, h in enumerate(game.hands)],
    }
    if not is_writable(doc):
        # The full check, for its words; the quick one is exact but says only yes or no.
        try:
            check_document(doc, ())
        except DocumentProblem as p:
            raise record_error(p, "this game cannot be written as JSON: ") from None
    return doc


_Notes = tuple[tuple[Comment, ...], tuple[Comment, ...]]  # the comments before and after


def _clean(comments: Sequence[Comment], braced: bool = False) -> tuple[Comment, ...]:
    # Spaces around a comment are not kept by the text form either.
    if not comments:
        return ()  # most items have none: this is called a hundred times a hand
    return tuple(Comment(c.text.strip(), c.braced or braced) for c in comments)


def _line_after(after: tuple[Comment, ...]) -> tuple[Comment, ...]:
    """A line's closing comments as the text form writes them: a ; comment runs to the end
    of the line, so every one but the last is written braced."""
    return _clean(after[:-1], braced=True) + after[-1:]


def _settle(
    notes: Sequence[_Notes], last_variations: Sequence[Variation] = ()
) -> tuple[list[_Notes], tuple[Comment, ...]]:
    """Where the text form puts the comments on the bids or plays of a line.

    They are written braced; one between two items belongs to the earlier item, and one
    after the last item belongs to the line, unless the last item has variations (the
    comment then stands before them, on the item). Returns each item's comments and
    those that go to the line (before the line's own closing comments).
    """
    if not any(before or after for before, after in notes):
        return list(notes), ()
    settled: list[_Notes] = []
    for before, after in notes:
        before, after = _clean(before, braced=True), _clean(after, braced=True)
        if settled and before:
            settled[-1] = (settled[-1][0], settled[-1][1] + before)
            before = ()
        settled.append((before, after))
    if not settled or last_variations:
        return settled, ()
    trailing = settled[-1][1]
    settled[-1] = (settled[-1][0], ())
    return settled, trailing


def _with_comments(
    doc: dict[str, Any], before: tuple[Comment, ...], after: tuple[Comment, ...]
) -> dict[str, Any]:
    comments: dict[str, Any] = {}
    if before:
        comments["before"] = [{"text": c.text, "braced": c.braced} for c in before]
    if after:
        comments["after"] = [{"text": c.text, "braced": c.braced} for c in after]
    if comments:
        doc["comments"] = comments
    return doc


def _line(
    doc: dict[str, Any],
    before: tuple[Comment, ...],
    after: tuple[Comment, ...],
    trailing: tuple[Comment, ...] = (),
) -> dict[str, Any]:
    """``doc`` with the comments of its line, ``trailing`` ones from its last item first."""
    if not (before or after or trailing):
        return doc
    return _with_comments(doc, _clean(before), _line_after(trailing + _clean(after)))



def trump_value(call: TrumpCall, in_variation: bool = False) -> dict[str, Any]:
    """A trump call as the JSON form writes it (its comments, glyph and variations
    included; ``in_variation``: inside a variation, whose comments are kept as written)."""
    doc: dict[str, Any] = {}
    if call.seat is not None:
        doc["seat"] = call.seat.value
    trump = call.trump
    if trump.kind is TrumpKind.PIP:
        if trump.suit is None or not 0 <= trump.suit < len(PIP_NAMES):
            raise RecordError(
                f"this game cannot be written as JSON: {trump.suit} is not a pip suit (0 … 6)"
            )
        doc["suit"] = PIP_NAMES[trump.suit]
    elif trump.kind is TrumpKind.DOUBLES:
        doc["suit"] = "doubles"
    else:
        # Always written, so the record does not depend on the table's default.
        doc["suit"] = "follow-me"
        doc["doubles"] = trump.doubles.value
    if trump.special is not None:
        doc["contract"] = trump.special.value
    if call.glyph is not None:
        doc["glyph"] = call.glyph.value
    doc = _as_written(doc, call) if in_variation else _line(doc, call.before, call.after)
    return _with_variations(doc, call)


def _with_variations(doc: dict[str, Any], item: Call | TrumpCall | Play) -> dict[str, Any]:
    if item.variations:
        doc["variations"] = [_variation_doc(v) for v in item.variations]
    return doc


def _as_written(doc: dict[str, Any], item: Any) -> dict[str, Any]:
    """``doc`` with the comments of an item inside a variation, as the text form writes
    them there: each as it was."""
    return _with_comments(doc, _clean(item.before), _clean(item.after))


def _call_doc(call: Call, note: _Notes | None) -> dict[str, Any]:
    """A call, with the contract its bid announces (``4m-plunge``); ``note`` its comments as
    settled on the main line, None in a variation."""
    doc: dict[str, Any] = {"seat": call.seat.value, "bid": bid_value(call.bid)}
    if call.bid.special is not None:
        doc["contract"] = call.bid.special.value
    if call.glyph is not None:
        doc["glyph"] = call.glyph.value
    doc = _as_written(doc, call) if note is None else _with_comments(doc, *note)
    return _with_variations(doc, call)


def _play_doc(play: Play, note: _Notes | None) -> str | dict[str, Any]:
    """A play: its tile alone when it has nothing more (see :func:`_call_doc`)."""
    if play.glyph is None and not play.variations and (
        note == ((), ()) or (note is None and not (play.before or play.after))
    ):
        return str(play.tile)
    doc: dict[str, Any] = {"tile": str(play.tile)}
    if play.glyph is not None:
        doc["glyph"] = play.glyph.value
    doc = _as_written(doc, play) if note is None else _with_comments(doc, *note)
    return _with_variations(doc, play)


def _variation_doc(variation: Variation) -> dict[str, Any]:
    """A variation: every item of it with its comments as written."""
    doc: dict[str, Any] = {}
    if variation.comments:
        doc["comments"] = [
            {"text": c.text, "braced": c.braced} for c in _clean(variation.comments)
        ]
    if variation.calls:
        doc["calls"] = [_call_doc(c, None) for c in variation.calls]
    if variation.trump is not None:
        doc["trump"] = trump_value(variation.trump, in_variation=True)
    if variation.plays:
        doc["plays"] = [_play_doc(p, None) for p in variation.plays]
    if variation.tricks:
        doc["tricks"] = [
            _as_written(
                {"number": t.number, "leader": t.leader.value,
                 "plays": [_play_doc(p, None) for p in t.plays]},
                t,
            )
            for t in variation.tricks
        ]
    if variation.ending is not None:
        doc["ending"] = _as_written(_ending_value(variation.ending), variation.ending)
    for score in sorted(variation.scores, key=lambda s: SCORE_ORDER.index(s.kind)):
        if score.kind.value in doc:
            raise RecordError(
                f"this game cannot be written as JSON: a variation has two "
                f"{score.kind.value} lines"
            )
        doc[score.kind.value] = _as_written({"NS": score.ns, "EW": score.ew}, score)
    return doc


def _ending_value(e: Ending) -> dict[str, Any]:
    ending: dict[str, Any] = {"kind": e.kind.value}
    if e.seat is not None:
        ending["seat"] = e.seat.value
    return ending


def _auction_doc(auction: Auction) -> dict[str, Any]:
    notes, trailing = _settle([(c.before, c.after) for c in auction.calls],
                              auction.calls[-1].variations if auction.calls else ())
    calls = [_call_doc(c, note) for c, note in zip(auction.calls, notes, strict=True)]
    return _line({"calls": calls}, auction.before, auction.after, trailing)


def _trick_doc(trick: Trick) -> dict[str, Any]:
    notes, trailing = _settle([(p.before, p.after) for p in trick.plays],
                              trick.plays[-1].variations if trick.plays else ())
    plays = [_play_doc(p, note) for p, note in zip(trick.plays, notes, strict=True)]
    doc = {"number": trick.number, "leader": trick.leader.value, "plays": plays}
    return _line(doc, trick.before, trick.after, trailing)


def _hand_doc(hand: Hand, index: int) -> dict[str, Any]:
    header = hand.header
    doc = _line({"number": header.number, "dealer": header.dealer.value}, *_notes(header))
    if hand.deal:
        doc["deal"] = [
            _line(
                {"seat": h.seat.value, "tiles": [str(t) for t in sorted(h.tiles, reverse=True)]},
                *_notes(h),
            )
            for h in sorted(hand.deal, key=lambda h: h.seat.index)
        ]
    if hand.auction is not None:
        doc["auction"] = _auction_doc(hand.auction)
    if hand.trump is not None:
        doc["trump"] = trump_value(hand.trump)
    if hand.tricks:
        doc["tricks"] = [_trick_doc(t) for t in hand.tricks]
    if hand.ending is not None:
        doc["ending"] = _line(_ending_value(hand.ending), *_notes(hand.ending))
    for score in sorted(hand.scores, key=lambda s: SCORE_ORDER.index(s.kind)):
        if score.kind.value in doc:
            raise RecordError(
                f"this game cannot be written as JSON: hand {header.number} has two "
                f"{score.kind.value} lines",
                pointer=json_pointer(("hands", index, score.kind.value)),
            )
        doc[score.kind.value] = _line({"NS": score.ns, "EW": score.ew}, *_notes(score))
    return doc


def _notes(item: HandHeader | Holding | Ending | ScoreLine | Tag) -> _Notes:
    return item.before, item.after


def dumps(
    games: Game | Mapping[str, Any] | Iterable[Game | Mapping[str, Any]],
    *,
    indent: int | None = None,
    lines: bool = False,
) -> str:
    """JSON text: one document for a game; for several, a JSON array, or JSON Lines if ``lines``.

    A game may also be given as a document, which is checked and written canonically, so
    ``dumps(loads_game(doc)) == dumps(doc)``. The text is deterministic (fields in a fixed
    order) and not ASCII-escaped, so names and comments stay readable. With ``indent``, an
    object or list that fits on a line stays on one. JSON Lines end every game with a
    newline and ignore ``indent``.
    """
    if isinstance(games, Game | Mapping):
        return _json_text(_document(games), indent)
    docs = [_document(g) for g in games]
    if lines:
        return "".join(_json_text(d, None) + "\n" for d in docs)
    return _json_text(docs, indent)


def _document(game: Game | Mapping[str, Any]) -> dict[str, Any]:
    return dumps_game(game if isinstance(game, Game) else loads_game(game))


def _json_text(obj: object, indent: int | None) -> str:
    if indent is None:
        return json.dumps(obj, ensure_ascii=False)
    return _pretty(obj, " " * indent, 0, 0)


def _pretty(obj: object, step: str, level: int, used: int) -> str:
    """Indented JSON that keeps each object or list on one line when it fits (a trick, a
    deal line, a call), so the JSON reads much like the text form. ``used`` is the width
    already taken on the first line."""
    flat = json.dumps(obj, ensure_ascii=False)
    # One more for the comma that may follow.
    if not isinstance(obj, dict | list) or len(step) * level + used + len(flat) + 1 <= _WIDTH:
        return flat
    inner = step * (level + 1)
    if isinstance(obj, dict):
        members = []
        for key, value in obj.items():
            name = json.dumps(key, ensure_ascii=False) + ": "
            members.append(inner + name + _pretty(value, step, level + 1, len(name)))
        if not members:
            return "{}"
        return "{\n" + ",\n".join(members) + "\n" + step * level + "}"
    if not obj:
        return "[]"
    items = ",\n".join(inner + _pretty(item, step, level + 1, 0) for item in obj)
    return "[\n" + items + "\n" + step * level + "]"


def dump(
    games: Game | Mapping[str, Any] | Iterable[Game | Mapping[str, Any]],
    fp: _Sink,
    *,
    indent: int | None = None,
    lines: bool = False,
) -> None:
    """Write :func:`dumps` to a text file, ending with a newline."""
    text = dumps(games, indent=indent, lines=lines)
    fp.write(text if lines else text + "\n")


