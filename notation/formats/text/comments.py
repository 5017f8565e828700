"""Comments put on the items they belong to: each on the item before it on its line, or else
on the next item."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Protocol, TypeVar

from lark import Token

from notation.formats.text.builder import token_end, token_start
from notation.model.construct import quick_constructor
from notation.model.game import (
    Auction,
    Comment,
    Ending,
    Hand,
    Holding,
    ScoreLine,
    Span,
    Tag,
    Trick,
    TrumpCall,
    items,
)

# A hand remade with its comments, as the builder made it: without the model's checks of a
# user's values, which what the reader read has passed (notation.model.construct).
_Hand = quick_constructor(Hand)

# ---- comments: attach each to the item before it on its line, or else to the next item ----


@dataclass
class _Slot:
    span: Span
    line_item: int
    inner: int | None


class _Commentable(Protocol):
    @property
    def before(self) -> tuple[Comment, ...]: ...
    @property
    def after(self) -> tuple[Comment, ...]: ...


_Item = TypeVar("_Item", bound=_Commentable)


def _attach(
    slots: list[_Slot], comments: list[tuple[Token, Comment]], offset: int
) -> dict[tuple[int, int | None, str], list[Comment]]:
    """Decide where each comment belongs: (line item, inner item or None, before/after)."""
    placed: dict[tuple[int, int | None, str], list[Comment]] = {}

    def put(key: tuple[int, int | None, str], comment: Comment) -> None:
        placed.setdefault(key, []).append(comment)

    for token, comment in comments:
        start_line, start_column = token_start(token)
        end_line, end_column = token_end(token)
        start = (start_line + offset, start_column)
        end = (end_line + offset, end_column)
        before = [s for s in slots if (s.span.end_line, s.span.end_column) <= start]
        after = [s for s in slots if (s.span.line, s.span.column) >= end]
        prev = before[-1] if before else None
        if prev is not None:
            # the finest item ending last before the comment
            same_end = [
                s
                for s in before
                if (s.span.end_line, s.span.end_column)
                == (prev.span.end_line, prev.span.end_column)
            ]
            prev = next((s for s in same_end if s.inner is not None), same_end[0])
        nxt = after[0] if after else None
        inside = next(
            (
                s
                for s in slots
                if s.inner is None
                and (s.span.line, s.span.column) < start
                and end <= (s.span.end_line, s.span.end_column)
                and not any(o.line_item == s.line_item and o.inner is not None for o in slots)
            ),
            None,
        )
        if inside is not None:
            # Inside an item with no inner items (a deal, trump or score line): it stays there.
            put((inside.line_item, None, "after"), comment)
        elif prev is not None and prev.span.end_line == start[0]:
            sibling_follows = (
                nxt is not None
                and nxt.inner is not None
                and nxt.line_item == prev.line_item
                and nxt.span.line == end[0]
            )
            if comment.braced and prev.inner is not None and sibling_follows:
                put((prev.line_item, prev.inner, "after"), comment)
            else:
                put((prev.line_item, None, "after"), comment)
        elif nxt is not None:
            owner = next(s for s in slots if s.line_item == nxt.line_item and s.inner is None)
            if nxt.inner is not None and (owner.span.line, owner.span.column) < start:
                put((nxt.line_item, nxt.inner, "before"), comment)
            else:
                put((nxt.line_item, None, "before"), comment)
        elif slots:
            put((slots[-1].line_item, None, "after"), comment)
    return placed


def _with_comments(
    item: _Item,
    placed: dict[tuple[int, int | None, str], list[Comment]],
    key: tuple[int, int | None],
) -> _Item:
    before = placed.get((key[0], key[1], "before"), [])
    after = placed.get((key[0], key[1], "after"), [])
    if not before and not after:
        return item
    return replace(  # type: ignore[type-var]
        item, before=item.before + tuple(before), after=item.after + tuple(after)
    )


def _inner_items(item: object) -> tuple[Any, ...]:
    """The items inside a line item that a comment may stand between: an auction's calls,
    a trick's plays."""
    if isinstance(item, Auction):
        return item.calls
    if isinstance(item, Trick):
        return item.plays
    return ()


def _hand_slots(hand: Hand) -> list[_Slot]:
    slots: list[_Slot] = []
    for index, item in enumerate(items(hand)):
        for inner, part in [(None, item), *enumerate(_inner_items(item))]:
            span = getattr(part, "span", None)
            if span is not None:
                slots.append(_Slot(span, index, inner))
    slots.sort(key=lambda s: (s.span.line, s.span.column, s.inner is not None))
    return slots


def hand_with_comments(hand: Hand, comments: list[tuple[Token, Comment]], offset: int) -> Hand:
    """``hand`` as the builder made it, with each comment the parser collected (with its
    token, lines counted in the segment, which starts after ``offset`` lines of the file)
    put on the item it belongs to."""
    if not comments:
        return hand
    placed = _attach(_hand_slots(hand), comments, offset)
    placed_items: list[Any] = []
    item: Any  # each kind of line item in turn
    for index, item in enumerate(items(hand)):
        inner = tuple(
            _with_comments(part, placed, (index, i)) for i, part in enumerate(_inner_items(item))
        )
        if isinstance(item, Auction):
            item = replace(item, calls=inner)
        elif isinstance(item, Trick):
            item = replace(item, plays=inner)
        placed_items.append(_with_comments(item, placed, (index, None)))
    return _hand_of_items(placed_items)


def _hand_of_items(line_items: list[Any]) -> Hand:
    """A hand from its line items in the order :func:`notation.model.game.items` gives them."""
    header, *rest = line_items

    def one(kind: type[_Line]) -> _Line | None:
        return next((item for item in rest if isinstance(item, kind)), None)

    return _Hand(
        header,
        tuple(item for item in rest if isinstance(item, Holding)),
        one(Auction),
        one(TrumpCall),
        tuple(item for item in rest if isinstance(item, Trick)),
        one(Ending),
        tuple(item for item in rest if isinstance(item, ScoreLine)),
    )


_Line = TypeVar("_Line")


def tags_with_comments(
    tags: tuple[Tag, ...], comments: list[tuple[Token, Comment]], offset: int
) -> tuple[Tag, ...]:
    """A tag block's tags with each comment put on its tag (see :func:`hand_with_comments`)."""
    if not comments:
        return tags
    slots = [_Slot(t.span, i, None) for i, t in enumerate(tags) if t.span is not None]
    placed = _attach(slots, comments, offset)
    return tuple(_with_comments(t, placed, (i, None)) for i, t in enumerate(tags))


