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
    Call,
    Comment,
    Ending,
    Hand,
    Holding,
    Play,
    ScoreLine,
    Span,
    Tag,
    Trick,
    TrumpCall,
    Variation,
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
    # where the item's variations start: a comment before one of them is the item's
    variations_at: tuple[tuple[int, int], ...] = ()


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
            variation_follows = any(at >= end for at in prev.variations_at)
            if comment.braced and prev.inner is not None and (
                sibling_follows or variation_follows
            ):
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
                starts = tuple(
                    (v.span.line, v.span.column)
                    for v in getattr(part, "variations", ()) if v.span is not None
                ) if inner is not None else ()
                slots.append(_Slot(span, index, inner, starts))
    slots.sort(key=lambda s: (s.span.line, s.span.column, s.inner is not None))
    return slots


# ---- comments inside variations ----

_Comments = list[tuple[Token, Comment]]
_Annotatable = TypeVar("_Annotatable", Call, TrumpCall, Play)


def _place(token: Token, offset: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """Where a comment's token starts and ends, in the file's lines."""
    (line, column), (end_line, end_column) = token_start(token), token_end(token)
    return (line + offset, column), (end_line + offset, end_column)


def _within(span: Span | None, token: Token, offset: int) -> bool:
    if span is None:
        return False
    start, end = _place(token, offset)
    return (span.line, span.column) < start and end <= (span.end_line, span.end_column)


def _with_variations(item: _Annotatable, comments: _Comments, offset: int) -> tuple[
    _Annotatable, _Comments
]:
    """``item`` with the comments written inside its variations put on their items, and
    the comments that are not inside any."""
    if not item.variations or not comments:
        return item, comments
    variations = []
    for variation in item.variations:
        inside = [c for c in comments if _within(variation.span, c[0], offset)]
        if inside:
            # by identity: a lark Token equals any string of its text, so two comments
            # written alike would both go
            taken = {id(c) for c in inside}
            comments = [c for c in comments if id(c) not in taken]
            variation = _variation_with_comments(variation, inside, offset)
        variations.append(variation)
    return replace(item, variations=tuple(variations)), comments


def _variation_with_comments(variation: Variation, comments: _Comments, offset: int) -> Variation:
    """A variation with each comment written in it on its item: one written first in it
    belongs to the variation; any other to the item that ends last before it (a play or a
    call rather than its trick), after it. Comments in its own variations go to theirs."""
    calls, plays, tricks = list(variation.calls), list(variation.plays), list(variation.tricks)
    trump = variation.trump
    for i, call in enumerate(calls):
        calls[i], comments = _with_variations(call, comments, offset)
    if trump is not None:
        trump, comments = _with_variations(trump, comments, offset)
    for i, play in enumerate(plays):
        plays[i], comments = _with_variations(play, comments, offset)
    for t, trick in enumerate(tricks):
        inner = list(trick.plays)
        for i, play in enumerate(inner):
            inner[i], comments = _with_variations(play, comments, offset)
        tricks[t] = replace(trick, plays=tuple(inner))
    # every item that may take a comment after it, finest last among those ending together
    owners: list[tuple[Span, tuple[str, int, int]]] = []
    for i, call in enumerate(calls):
        owners.append((call.span, ("call", i, 0)))  # type: ignore[arg-type]
    if trump is not None and trump.span is not None:
        owners.append((trump.span, ("trump", 0, 0)))
    for i, play in enumerate(plays):
        owners.append((play.span, ("play", i, 0)))  # type: ignore[arg-type]
    for t, trick in enumerate(tricks):
        owners.append((trick.span, ("trick", t, -1)))  # type: ignore[arg-type]
        for i, play in enumerate(trick.plays):
            owners.append((play.span, ("trick", t, i)))  # type: ignore[arg-type]
    ending = variation.ending
    if ending is not None and ending.span is not None:
        owners.append((ending.span, ("ending", 0, 0)))
    scores = list(variation.scores)
    for i, score in enumerate(scores):
        owners.append((score.span, ("score", i, 0)))  # type: ignore[arg-type]
    owners = [o for o in owners if o[0] is not None]
    own: list[Comment] = list(variation.comments)
    after: dict[tuple[str, int, int], list[Comment]] = {}
    for token, comment in comments:
        start, _end = _place(token, offset)
        before = [o for o in owners if (o[0].end_line, o[0].end_column) <= start]
        if not before:
            own.append(comment)
            continue
        last = max((o[0].end_line, o[0].end_column) for o in before)
        ending_there = [o for o in before if (o[0].end_line, o[0].end_column) == last]
        key = next((o[1] for o in ending_there if o[1][2] >= 0), ending_there[0][1])
        after.setdefault(key, []).append(comment)

    def more(item: _Item, key: tuple[str, int, int]) -> _Item:
        extra = after.get(key)
        if not extra:
            return item
        return replace(item, after=item.after + tuple(extra))  # type: ignore[type-var]

    return replace(
        variation,
        calls=tuple(more(c, ("call", i, 0)) for i, c in enumerate(calls)),
        trump=None if trump is None else more(trump, ("trump", 0, 0)),
        plays=tuple(more(p, ("play", i, 0)) for i, p in enumerate(plays)),
        tricks=tuple(
            more(
                replace(t, plays=tuple(more(p, ("trick", n, i)) for i, p in enumerate(t.plays))),
                ("trick", n, -1),
            )
            for n, t in enumerate(tricks)
        ),
        ending=None if ending is None else more(ending, ("ending", 0, 0)),
        scores=tuple(more(s, ("score", i, 0)) for i, s in enumerate(scores)),
        comments=tuple(own),
    )


def _hand_variations(hand: Hand, comments: _Comments, offset: int) -> tuple[Hand, _Comments]:
    """``hand`` with the comments inside its variations placed, and the rest."""
    auction, trump, tricks = hand.auction, hand.trump, list(hand.tricks)
    if auction is not None:
        calls = list(auction.calls)
        for i, call in enumerate(calls):
            calls[i], comments = _with_variations(call, comments, offset)
        auction = replace(auction, calls=tuple(calls))
    if trump is not None:
        trump, comments = _with_variations(trump, comments, offset)
    for t, trick in enumerate(tricks):
        plays = list(trick.plays)
        for i, play in enumerate(plays):
            plays[i], comments = _with_variations(play, comments, offset)
        tricks[t] = replace(trick, plays=tuple(plays))
    return replace(hand, auction=auction, trump=trump, tricks=tuple(tricks)), comments


def _has_variations(hand: Hand) -> bool:
    calls = hand.auction.calls if hand.auction is not None else ()
    return (
        any(c.variations for c in calls)
        or (hand.trump is not None and bool(hand.trump.variations))
        or any(p.variations for t in hand.tricks for p in t.plays)
    )


def hand_with_comments(hand: Hand, comments: list[tuple[Token, Comment]], offset: int) -> Hand:
    """``hand`` as the builder made it, with each comment the parser collected (with its
    token, lines counted in the segment, which starts after ``offset`` lines of the file)
    put on the item it belongs to."""
    if not comments:
        return hand
    if _has_variations(hand):
        hand, comments = _hand_variations(hand, comments, offset)
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


