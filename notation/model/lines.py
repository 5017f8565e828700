"""A hand's lines of play as a tree: the main line as written, and each variation as the
line it makes (docs/notation.md, Annotations and variations): the hand as played up to the
call, trump call or play the variation is written after, then the variation in its place.

A line is named by the path of its variation in the game's JSON form (the same as a JSON
Pointer there, whichever form the record was read from): ``/hands/0/tricks/2/plays/1/
variations/0`` is the first variation of the second play of the third trick of the first
hand, and ``""`` the main line. The helpers :func:`add_variation` and
:func:`remove_variation` take and give such paths.

>>> from notation.formats.text import loads
>>> game = loads('''[Event "x"]
... hand 1 dealer N
... bid E pass S 30 W pass N pass
... trump S sixes
... 1 S 6-6 6-1 6-5? (6-2 6-3 2 S 6-5 (4-4)) 6-3
... ''')[0]
>>> main, first, nested = game_lines(game)
>>> first.path, nested.path[len(first.path):], nested.parent is first, first.parent is main
('/hands/0/tricks/0/plays/2/variations/0', '/tricks/0/plays/0/variations/0', True, True)
>>> [str(p.tile) for t in nested.hand.tricks for p in t.plays]
['6-6', '6-1', '6-2', '6-3', '4-4']
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from typing import Any, NamedTuple

from notation.errors import T42Error
from notation.model.game import Auction, Call, Game, Hand, Play, Trick, TrumpCall, Variation


class LineError(T42Error, ValueError):
    """A path that names no call, trump call, play or variation of the game."""


class ItemPlace(NamedTuple):
    """Where a call, trump call or play is in a line's hand: ``("call", -1, i)`` the i-th
    call of the auction, ``("trump", -1, 0)`` the trump call, ``("play", t, p)`` the p-th
    play of the t-th trick (from 0). A variation replaces the item at its ``place`` in its
    parent line; the views step into it there."""

    kind: str
    trick: int
    item: int


@dataclass(frozen=True)
class Line:
    """One line of a hand: the main line (``variation`` None) or a variation.

    ``hand`` is the hand as the line plays it (for a variation: the items of its parent
    line before the one it replaces, then its own); ``path`` names it (see the module);
    ``parent`` is the line it branches from; ``at`` is the path of the item it replaces,
    ``place`` where that item is in the parent line's hand.
    """

    path: str
    hand: Hand
    index: int  # the hand's place in the game, from 0
    variation: Variation | None = None
    parent: Line | None = None
    at: str = ""
    place: ItemPlace | None = None

    @property
    def depth(self) -> int:
        """0 for the main line, 1 for its variations, 2 for theirs …"""
        return 0 if self.parent is None else self.parent.depth + 1

    @property
    def is_main(self) -> bool:
        return self.variation is None


# An item of a line that may have variations: its path, and where it is in the line's hand
# (("call", index in the auction), ("trump", 0) or ("play", (trick index, play index))).
_Own = tuple[str, Call | TrumpCall | Play, str, Any]


def has_variations(hand: Hand) -> bool:
    """Whether any call, trump call or play of ``hand`` has a variation (quick: most
    hands have none)."""
    if hand.auction is not None and any(c.variations for c in hand.auction.calls):
        return True
    if hand.trump is not None and hand.trump.variations:
        return True
    return any(p.variations for t in hand.tricks for p in t.plays)


def hand_lines(hand: Hand, index: int = 0) -> list[Line]:
    """Every line of ``hand`` (the ``index``-th of its game), the main line first, then each
    variation in the order written, each followed by its own (depth first)."""
    main = Line("", hand, index)
    if not has_variations(hand):
        return [main]
    own: list[_Own] = []
    if hand.auction is not None:
        own += [(_main_item_path(index, ItemPlace("call", -1, i)), c, "call", i)
                for i, c in enumerate(hand.auction.calls)]
    if hand.trump is not None:
        own.append((_main_item_path(index, ItemPlace("trump", -1, 0)), hand.trump, "trump", 0))
    own += [
        (_main_item_path(index, ItemPlace("play", t, p)), play, "play", (t, p))
        for t, trick in enumerate(hand.tricks)
        for p, play in enumerate(trick.plays)
    ]
    return [main, *_branches(main, own)]


def game_lines(game: Game) -> list[Line]:
    """Every line of every hand of ``game``, hand by hand (see :func:`hand_lines`)."""
    return [line for i, hand in enumerate(game.hands) for line in hand_lines(hand, i)]


def _branches(parent: Line, own: list[_Own]) -> Iterator[Line]:
    for at, item, kind, where in own:
        for k, variation in enumerate(item.variations):
            path = f"{at}/variations/{k}"
            hand, mine = _branch(parent.hand, kind, where, variation, path)
            line = Line(path, hand, parent.index, variation, parent, at, _place(kind, where))
            yield line
            yield from _branches(line, mine)


def _place(kind: str, where: Any) -> ItemPlace:
    if kind == "play":
        return ItemPlace(kind, where[0], where[1])
    return ItemPlace(kind, -1, where)


def _branch(
    hand: Hand, kind: str, where: Any, variation: Variation, path: str
) -> tuple[Hand, list[_Own]]:
    """The hand a variation makes of its parent line's ``hand``, and the variation's own
    items with their paths and places in it."""
    own: list[_Own] = []
    calls = hand.auction.calls if hand.auction is not None else ()
    first_trick = 0
    if kind == "call":
        calls = calls[:where]
    elif kind == "play":
        t, p = where
        first_trick = t
    if kind != "play" or variation.calls:
        own += [(f"{path}/calls/{i}", c, "call", len(calls) + i)
                for i, c in enumerate(variation.calls)]
        calls = (*calls, *variation.calls)
    auction = hand.auction
    if calls:
        auction = replace(auction, calls=calls) if auction is not None else Auction(calls)
    trump = hand.trump if kind == "play" else variation.trump
    if variation.trump is not None:
        trump = variation.trump
        own.append((f"{path}/trump", variation.trump, "trump", 0))
    tricks: tuple[Trick, ...] = hand.tricks[:first_trick] if kind == "play" else ()
    if kind == "play":
        t, p = where
        trick = hand.tricks[t]
        plays = (*trick.plays[:p], *variation.plays)
        own += [(f"{path}/plays/{i}", play, "play", (t, p + i))
                for i, play in enumerate(variation.plays)]
        if plays:
            # where the trick is as this line plays it: the variation, which holds its plays
            tricks = (*tricks, Trick(trick.number, trick.leader, plays, span=variation.span))
    start = len(tricks)
    for j, trick in enumerate(variation.tricks):
        own += [(f"{path}/tricks/{j}/plays/{i}", play, "play", (start + j, i))
                for i, play in enumerate(trick.plays)]
    tricks = (*tricks, *variation.tricks)
    line = replace(hand, auction=auction, trump=trump, tricks=tricks,
                   ending=variation.ending, scores=variation.scores)
    return line, own


def item_path(line: Line, place: ItemPlace) -> str:
    """The path (as :mod:`notation.model.lines` names items) of the call, trump call or play
    at ``place`` in ``line``'s hand: the line's own item, or its parent's before it branches.

    >>> from notation.formats.text import loads
    >>> game = loads((SAMPLES / "annotated.t42").read_text(encoding="utf-8"))[0]
    >>> main, *variations = hand_lines(game.hands[0])
    >>> item_path(main, ItemPlace("play", 3, 3))
    '/hands/0/tricks/3/plays/3'
    >>> deep = variations[-1]
    >>> item_path(deep, ItemPlace("play", 4, 3)) == deep.path + "/plays/0"
    True
    >>> item_path(deep, ItemPlace("play", 3, 3)) == deep.parent.path + "/plays/0"
    True
    """
    variation, parent, branch = line.variation, line.parent, line.place
    if variation is None or parent is None or branch is None:
        return _main_item_path(line.index, place)
    path = line.path
    before = parent.hand.auction.calls if parent.hand.auction is not None else ()
    if place.kind == "call":
        start = branch.item if branch.kind == "call" else len(before)
        own = branch.kind != "play" or bool(variation.calls)
        if own and place.item >= start:
            return f"{path}/calls/{place.item - start}"
        return item_path(parent, place)
    if place.kind == "trump":
        return f"{path}/trump" if variation.trump is not None else item_path(parent, place)
    if branch.kind != "play":
        return f"{path}/tricks/{place.trick}/plays/{place.item}"
    if place.trick < branch.trick:
        return item_path(parent, place)
    if place.trick == branch.trick and (branch.item or variation.plays):
        if place.item < branch.item:
            return item_path(parent, place)
        return f"{path}/plays/{place.item - branch.item}"
    start = branch.trick + (1 if branch.item or variation.plays else 0)
    return f"{path}/tricks/{place.trick - start}/plays/{place.item}"


def _main_item_path(index: int, place: ItemPlace) -> str:
    at = f"/hands/{index}"
    if place.kind == "call":
        return f"{at}/auction/calls/{place.item}"
    if place.kind == "trump":
        return f"{at}/trump"
    return f"{at}/tricks/{place.trick}/plays/{place.item}"


def actions_before(hand: Hand, place: ItemPlace) -> int:
    """How many actions of ``hand`` (calls, the trump call, plays) come before its item at
    ``place``: the step of :meth:`notation.check.position.Position.of_hand` that has the
    item still to make."""
    calls = len(hand.auction.calls) if hand.auction is not None else 0
    if place.kind == "call":
        return place.item
    if place.kind == "trump":
        return calls
    trump = 1 if hand.trump is not None else 0
    return calls + trump + sum(len(t.plays) for t in hand.tricks[:place.trick]) + place.item


# ---- adding and removing variations ----

_Update = Callable[[Any], Any]


def _segments(path: str) -> list[str]:
    if not path.startswith("/"):
        raise LineError(f"{path!r} is no path of a game's item: it starts with /hands/")
    return path[1:].split("/")


def _child(node: Any, key: str) -> tuple[Any, Callable[[Any], Any]]:
    """The child ``key`` of a game, hand, auction, trick, item or variation, and how to put
    a new one in its place."""
    if isinstance(node, tuple):
        try:
            at = int(key)
            child = node[at]
            if at < 0:
                raise IndexError(at)
        except (ValueError, IndexError):
            raise LineError(f"there is no item {key!r} here") from None
        return child, lambda new: (*node[:at], new, *node[at + 1:])
    names = {Game: ("hands",), Hand: ("auction", "trump", "tricks"), Auction: ("calls",),
             Trick: ("plays",), Call: ("variations",), TrumpCall: ("variations",),
             Play: ("variations",),
             Variation: ("calls", "trump", "plays", "tricks")}
    if key not in names.get(type(node), ()):
        raise LineError(f"a {type(node).__name__.lower()} has no {key!r}")
    child = getattr(node, key)
    if child is None:
        raise LineError(f"there is no {key} here")
    return child, lambda new: replace(node, **{key: new})


def _update(node: Any, keys: list[str], change: _Update) -> Any:
    if not keys:
        return change(node)
    child, put = _child(node, keys[0])
    return put(_update(child, keys[1:], change))


def add_variation(game: Game, at: str, variation: Variation) -> Game:
    """``game`` with ``variation`` written after the call, trump call or play at path ``at``
    (``/hands/0/tricks/2/plays/1``, say), after any it has.

    >>> from notation.formats.text import loads, dumps
    >>> from notation.model.tiles import Tile
    >>> game = loads('[Event "x"]\\nhand 1 dealer N\\ntrump S sixes\\n1 S 6-6 6-1\\n')[0]
    >>> other = Variation(plays=(Play(Tile(6, 2)),))
    >>> game = add_variation(game, "/hands/0/tricks/0/plays/1", other)
    >>> dumps(game).splitlines()[-1]
    '1 S 6-6 6-1 (6-2)'
    >>> dumps(remove_variation(game, "/hands/0/tricks/0/plays/1/variations/0")).splitlines()[-1]
    '1 S 6-6 6-1'
    """

    def add(item: Any) -> Any:
        if not isinstance(item, Call | TrumpCall | Play):
            raise LineError(f"{at} is no call, trump call or play: only they have variations")
        return replace(item, variations=(*item.variations, variation))

    updated: Game = _update(game, _segments(at), add)
    return updated


def remove_variation(game: Game, path: str) -> Game:
    """``game`` without the variation at ``path`` (and the variations within it)."""
    keys = _segments(path)
    if len(keys) < 2 or keys[-2] != "variations":
        raise LineError(f"{path} names no variation: its path ends with /variations/N")
    *item, last = keys
    index = last

    def remove(variations: tuple[Variation, ...]) -> tuple[Variation, ...]:
        try:
            at = int(index)
            if not 0 <= at < len(variations):
                raise IndexError(at)
        except (ValueError, IndexError):
            raise LineError(f"there is no variation {index!r} there") from None
        return (*variations[:at], *variations[at + 1:])

    updated: Game = _update(game, item, remove)
    return updated
