"""Glyphs and variations as the builder reads them (docs/notation.md, Annotations and
variations): an item's glyph and variations taken from what its rule read, and a variation
made of its items, no deeper than :data:`notation.model.game.MAX_VARIATION_DEPTH`.

>>> variation_of([], None, (1, 1), {}).plays
()
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from lark import Token

from notation.errors import NotationSyntaxError
from notation.model.construct import quick_constructor
from notation.model.game import (
    MAX_VARIATION_DEPTH,
    Call,
    Ending,
    Glyph,
    Play,
    ScoreLine,
    Span,
    Trick,
    TrumpCall,
    Variation,
)

_Variation = quick_constructor(Variation)
_GLYPHS = {glyph.value: glyph for glyph in Glyph}

Annotations = tuple[list[Token], Glyph | None, tuple[Variation, ...]]
"""An item's own tokens, its glyph (or None) and its variations."""


def add_score_lines(scores: list[ScoreLine], lines: Iterable[ScoreLine], where: str) -> None:
    """Add ``lines`` to ``scores``, each kind of score line once: a kind written twice in
    ``where`` (``"hand 3"``, ``"this variation"``) is a syntax error at its second writing."""
    for score in lines:
        if any(s.kind is score.kind for s in scores):
            assert score.span is not None
            raise NotationSyntaxError(
                f"`{score.kind.value}` is written twice in {where}",
                score.span.line,
                score.span.column,
            )
        scores.append(score)


def split_annotations(children: list[Any]) -> Annotations:
    """An item's own tokens, and the glyph and variations written after them."""
    words: list[Token] = []
    glyph = None
    variations: list[Variation] = []
    for child in children:
        if isinstance(child, Variation):
            variations.append(child)
        elif child.type == "GLYPH":
            glyph = _GLYPHS[child.value]
        else:
            words.append(child)
    return words, glyph, tuple(variations)


def annotated(item: Any, glyph: Glyph | None, variations: tuple[Variation, ...]) -> Any:
    """``item``, a call, trump call or play the builder has just made (no one else holds
    it yet), given its glyph and variations."""
    if glyph is None and not variations:
        return item
    object.__setattr__(item, "glyph", glyph)
    object.__setattr__(item, "variations", variations)
    return item


def variation_of(
    parts: list[Any], span: Span | None, opening: tuple[int, int], depths: dict[int, int]
) -> Variation:
    """A variation of the items its rule read (calls, a trump call, plays, lists of tricks,
    an ending, lists of score lines), where ``span`` says; ``opening`` is where its ``(``
    is, and ``depths`` how deep each variation read so far nests (by id), which this one
    joins. Raises :class:`NotationSyntaxError` for a kind of score line written twice or
    variations nested too deep."""
    calls: list[Call] = []
    plays: list[Play] = []
    tricks: list[Trick] = []
    scores: list[ScoreLine] = []
    trump = ending = None
    for part in parts:
        if isinstance(part, Call):
            calls.append(part)
        elif isinstance(part, Play):
            plays.append(part)
        elif isinstance(part, TrumpCall):
            trump = part
        elif isinstance(part, Ending):
            ending = part
        elif isinstance(part[0], Trick):
            tricks += part
        else:
            add_score_lines(scores, part, "this variation")
    items: list[Any] = [*calls, *plays, *(p for t in tricks for p in t.plays)]
    if trump is not None:
        items.append(trump)
    depth = 1 + max((depths.get(id(v), 1) for item in items for v in item.variations), default=0)
    if depth > MAX_VARIATION_DEPTH:
        raise NotationSyntaxError(
            f"variations are nested more than {MAX_VARIATION_DEPTH} deep here; t42 reads "
            f"variations within variations up to {MAX_VARIATION_DEPTH} deep",
            *opening,
        )
    variation = _Variation(
        tuple(calls), trump, tuple(plays), tuple(tricks), ending, tuple(scores), (), span
    )
    depths[id(variation)] = depth
    return variation
