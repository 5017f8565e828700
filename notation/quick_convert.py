"""A quick conversion of a game of notation in the canonical form to a line of JSON Lines.

``t42 convert`` reads each game into the model and writes the model out. A game written as
``t42 fmt`` and ``t42 deal`` write it (plain tags, complete hands under a pip trump, doubles or
follow-me) is read here with the patterns of :mod:`notation.quick_check` and written straight
from their groups, with the JSON writer's own words for bids and trumps
(:func:`notation.json_form.bid_value`, :func:`notation.json_form.trump_value`). Anything else
(``None``) goes the long way. Tests hold the line to be byte for byte what the long way
writes.

>>> from notation.reader import split_games
>>> text = '[Rules "straight"]\\n\\nhand 1 dealer N\\n'
>>> [jsonl(game) for game in split_games(text)]  # a hand without its play: the long way
[None]
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import lru_cache

from notation.contracts import Trump
from notation.game import ROSTER, UNKNOWN, TrumpCall
from notation.json_form import bid_value, trump_value
from notation.quick_check import (
    PLAYED_TILES,
    Segment,
    bid_of,
    canonical_hand,
    canonical_tags,
    clean_json_game,
    tag_values,
)
from notation.reader import read_bid
from notation.rules import RulesError, RuleSet, tagged_rules
from notation.seats import Seat
from notation.tiles import TILE_NAMED
from notation.writer import DEAL_INDENT, trump_words

_DEAL_SEATS = "NESW"


@lru_cache(maxsize=256)
def _rules(rules_tag: str | None, options_tag: str | None) -> RuleSet | None:
    """The rule set the tags name, as the reader works it out; None when it names none
    (the reader reports that, and convert rejects the game)."""
    try:
        return tagged_rules(rules_tag, options_tag)
    except RulesError:
        return None


@lru_cache(maxsize=256)
def _bid(word: str) -> str | None:
    try:
        return json.dumps(bid_value(read_bid(word)))
    except ValueError:
        return None


@lru_cache(maxsize=256)
def _trump(seat: str, word: str, doubles: str | None, rules: RuleSet) -> str | None:
    try:
        trump = Trump.parse(
            word, doubles, rules.follow_me_doubles, nello_doubles=rules.nello_doubles
        )
    except ValueError:
        return None
    return json.dumps(trump_value(TrumpCall(trump, Seat(seat))), ensure_ascii=False)


# Every tile by its rank in the writer's order (high to low is rank descending): integers
# sort without calling the tiles' own comparisons. A tile written low end first has none.
_RANK = {name: rank for rank, name in enumerate(sorted(TILE_NAMED, key=TILE_NAMED.__getitem__))}


def _hand_template() -> str:
    """A hand's JSON with a field for each group of its pattern (the numbers of
    :mod:`notation.quick_check`), bids and trump given already in JSON."""
    deal = ", ".join(
        f'{{{{"seat": "{seat}", "tiles": ['
        + ", ".join(f'"{{{2 + 7 * i + t}}}"' for t in range(7))
        + "]}}"
        for i, seat in enumerate(_DEAL_SEATS)
    )
    calls = ", ".join(
        f'{{{{"seat": "{{{30 + 2 * i}}}", "bid": {{{31 + 2 * i}}}}}}}' for i in range(4)
    )
    tricks = ", ".join(
        f'{{{{"number": {k + 1}, "leader": "{{{41 + 5 * k}}}", "plays": ['
        + ", ".join(f'"{{{41 + 5 * k + i}}}"' for i in range(1, 5))
        + "]}}"
        for k in range(7)
    )
    return (
        f'{{{{"number": {{0}}, "dealer": "{{1}}", "deal": [{deal}], '
        f'"auction": {{{{"calls": [{calls}]}}}}, "trump": {{38}}, "tricks": [{tricks}], '
        '"points": {{"NS": {76}, "EW": {77}}}, "marks": {{"NS": {78}, "EW": {79}}}, '
        '"total": {{"NS": {80}, "EW": {81}}}}}'
    )


_HAND = _hand_template()


def _sorted_deal(groups: Sequence[str]) -> list[str]:
    """The groups of a hand's pattern with each seat's tiles high to low, as the writers
    sort them; KeyError for a tile written low end first."""
    fields = list(groups)
    for at in (2, 9, 16, 23):
        fields[at : at + 7] = sorted(groups[at : at + 7], key=_RANK.__getitem__, reverse=True)
    return fields


def _hand(g: Sequence[str], rules: RuleSet) -> str | None:
    try:
        fields = _sorted_deal(g)
    except KeyError:
        return None  # a tile written low end first: the long way
    if not _RANK.keys() >= set(PLAYED_TILES(g)):
        return None
    for at in (31, 33, 35, 37):
        bid = _bid(g[at])
        if bid is None:
            return None
        fields[at] = bid
    trump = _trump(g[38], g[39], g[40], rules)
    if trump is None:
        return None
    fields[38] = trump
    return _HAND.format(*fields)


def _with_roster(values: dict[str, str]) -> list[tuple[str, str]]:
    """Tags by name in the writers' order: the roster first, "?" where missing, then the
    others as written (as :func:`notation.game.with_roster` orders them)."""
    ordered = [(name, values.get(name, UNKNOWN)) for name in ROSTER]
    return ordered + [(name, value) for name, value in values.items() if name not in ROSTER]


def jsonl(game: Sequence[Segment]) -> str | None:
    """``game`` (cut by :func:`notation.reader.split_games`) as a line of JSON Lines, exactly
    as ``t42 convert`` writes it, when it is written in the canonical form and reads without
    a problem; None otherwise."""
    if not game or game[0].kind != "tags":
        return None
    tags = canonical_tags(game[0].text)
    values = None if tags is None else tag_values(tags)
    if values is None:
        return None
    rules = _rules(values.get("Rules"), values.get("Options"))
    if rules is None:
        return None
    ordered = _with_roster(values)
    shown = ", ".join(f'{{"name": "{name}", "value": "{value}"}}' for name, value in ordered)
    hands = []
    for segment in game[1:]:
        groups = canonical_hand(segment.text) if segment.kind == "hand" else None
        hand = None if groups is None else _hand(groups, rules)
        if hand is None:
            return None
        hands.append(hand)
    return (
        f'{{"format": "t42-game", "version": 1, "tags": [{shown}], '
        f'"hands": [{", ".join(hands)}]}}\n'
    )


# A hand in the notation's canonical form, a field for each group of the JSON pattern (the
# numbers of notation.quick_check), the bids and the trump given in the notation's words.
_NOTATION_HAND = "\n".join(
    [
        "hand {0} dealer {1}",
        "deal N " + " ".join(f"{{{2 + t}}}" for t in range(7)),
        *(
            f"{DEAL_INDENT}{seat} " + " ".join(f"{{{2 + 7 * i + t}}}" for t in range(7))
            for i, seat in enumerate(_DEAL_SEATS[1:], start=1)
        ),
        "bid " + " ".join(f"{{{30 + 2 * i}}} {{{31 + 2 * i}}}" for i in range(4)),
        "trump {38} {39}",
        *(
            f"{k + 1} " + " ".join(f"{{{41 + 5 * k + i}}}" for i in range(5))
            for k in range(7)
        ),
        "points NS {76} EW {77}",
        "marks NS {78} EW {79}",
        "total NS {80} EW {81}",
    ]
)


def notation(line: str) -> str | None:
    """A line of JSON Lines as ``t42 convert`` writes the game in notation, when the quick
    check vouches for it (:func:`notation.quick_check.clean_json_game`); None otherwise.

    >>> print(notation('{"format": "t42-game", "version": 1, "tags": [], "hands": []}'), end="")
    [Event "?"]
    [Site "?"]
    [Date "?"]
    [North "?"]
    [East "?"]
    [South "?"]
    [West "?"]
    [Rules "?"]
    """
    game = clean_json_game(line)
    if game is None:
        return None
    values = tag_values(game.tags)
    if values is None:
        return None
    lines = [f'[{name} "{value}"]' for name, value in _with_roster(values)]
    follow_me_doubles = game.rules.follow_me_doubles
    for groups, trump in game.hands:
        fields = _sorted_deal(groups)  # a clean game's tiles are all written high end first
        for at in (31, 33, 35, 37):
            fields[at] = _notation_bid(groups[at])
        fields[39] = trump_words(trump, follow_me_doubles)
        lines += ["", _NOTATION_HAND.format(*fields)]
    return "\n".join(lines) + "\n"


@lru_cache(maxsize=256)
def _notation_bid(word: str) -> str:
    """A bid as the JSON pattern reads it (a number, or a word in quotes) in the notation."""
    return str(bid_of(word))
