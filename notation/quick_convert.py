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
from notation.quick_check import Segment, canonical_hand, canonical_tags, tag_values
from notation.reader import read_bid
from notation.rules import RulesError, RuleSet, tagged_rules
from notation.seats import Seat
from notation.tiles import TILE_NAMED

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


def _tiles(tiles: Sequence[str]) -> str | None:
    """A list of tiles, high to low as the writer sorts them; None if one is not canonical."""
    try:
        ordered = sorted(tiles, key=TILE_NAMED.__getitem__, reverse=True)
    except KeyError:
        return None  # written low end first: the long way
    return "[" + ", ".join(f'"{tile}"' for tile in ordered) + "]"


def _hand(g: Sequence[str], rules: RuleSet) -> str | None:
    deal = []
    for i, seat in enumerate(_DEAL_SEATS):
        tiles = _tiles(g[2 + 7 * i : 9 + 7 * i])
        if tiles is None:
            return None
        deal.append(f'{{"seat": "{seat}", "tiles": {tiles}}}')
    calls = []
    for i in range(30, 38, 2):
        bid = _bid(g[i + 1])
        if bid is None:
            return None
        calls.append(f'{{"seat": "{g[i]}", "bid": {bid}}}')
    trump = _trump(g[38], g[39], g[40], rules)
    if trump is None:
        return None
    tricks = []
    for k in range(7):
        leader, *plays = g[41 + 5 * k : 46 + 5 * k]
        if any(play not in TILE_NAMED for play in plays):
            return None
        shown = ", ".join(f'"{play}"' for play in plays)
        tricks.append(f'{{"number": {k + 1}, "leader": "{leader}", "plays": [{shown}]}}')
    return (
        f'{{"number": {g[0]}, "dealer": "{g[1]}", "deal": [{", ".join(deal)}], '
        f'"auction": {{"calls": [{", ".join(calls)}]}}, "trump": {trump}, '
        f'"tricks": [{", ".join(tricks)}], "points": {{"NS": {g[76]}, "EW": {g[77]}}}, '
        f'"marks": {{"NS": {g[78]}, "EW": {g[79]}}}, "total": {{"NS": {g[80]}, "EW": {g[81]}}}}}'
    )


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
    # The roster first, "?" where missing, then the other tags as written (with_roster).
    ordered = [(name, values.get(name, UNKNOWN)) for name in ROSTER]
    ordered += [(name, value) for name, value in values.items() if name not in ROSTER]
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
