"""A quick conversion of a game of notation in the canonical form to a line of JSON Lines.

``t42 convert`` reads each game into the model and writes the model out. A game written as
``t42 fmt`` and ``t42 deal`` write it (plain tags, complete hands under a pip trump, doubles or
follow-me) is read here with the patterns of :mod:`notation.archive.quick_check` and written
straight
from their fields with the templates of :mod:`notation.formats.text.canonical`, in the JSON
writer's own
words for bids and trumps (:func:`notation.formats.json.form.bid_value`,
:func:`notation.formats.json.form.trump_value`). Anything else
(``None``) goes the long way. Tests hold the line to be byte for byte what the long way
writes.

>>> from notation.formats.text.reader import split_games
>>> text = '[Rules "straight"]\\n\\nhand 1 dealer N\\n'
>>> [jsonl(game) for game in split_games(text)]  # a hand without its play: the long way
[None]
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import lru_cache

from notation.archive.quick_check import (
    Segment,
    bid_of,
    canonical_hand,
    canonical_tags,
    clean_json_game,
    tag_values,
)
from notation.errors import RecordError
from notation.formats.json.form import bid_value, trump_value
from notation.formats.text import canonical
from notation.formats.text.canonical import (
    BIDS,
    HELD,
    JSON,
    NOTATION,
    PLAYED_TILES,
    TRUMP_DOUBLES,
    TRUMP_DOUBLES_AT,
    TRUMP_SEAT_AT,
    TRUMP_SUIT_AT,
)
from notation.formats.text.reader import read_bid
from notation.formats.text.writer import trump_words, within_the_line_limit
from notation.model.game import ROSTER, UNKNOWN, TrumpCall
from notation.model.rule_sets import RulesError, RuleSet, tagged_rules
from notation.model.seats import Seat
from notation.model.tiles import TILE_NAMED


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


# What the JSON form writes of a plain trump: its seat, suit and doubles (the template's).
_TRUMP_KEYS = {"seat", "suit", "doubles"}


@lru_cache(maxsize=256)
def _trump(
    seat: str, word: str, doubles: str | None, rules: RuleSet
) -> tuple[str, str | None] | None:
    """The suit and doubles the JSON form writes for a trump as the notation names it."""
    try:
        trump = rules.trump_named(word, doubles)
    except ValueError:
        return None
    value = trump_value(TrumpCall(trump, Seat(seat)))
    if not _TRUMP_KEYS.issuperset(value):
        return None  # a special contract: the long way
    return value["suit"], value.get("doubles")


# Every tile by its rank in the writer's order (high to low is rank descending): integers
# sort without calling the tiles' own comparisons. A tile written low end first has none.
_RANK = {name: rank for rank, name in enumerate(sorted(TILE_NAMED, key=TILE_NAMED.__getitem__))}


def _sorted_deal(groups: Sequence[str]) -> list[str | None]:
    """The fields of a hand with each seat's tiles high to low, as the writers sort them;
    KeyError for a tile written low end first."""
    fields: list[str | None] = list(groups)
    for held in HELD:
        tiles: list[str] = sorted(groups[held], key=_RANK.__getitem__, reverse=True)
        fields[held] = tiles
    return fields


def _hand(g: Sequence[str], rules: RuleSet) -> str | None:
    try:
        fields = _sorted_deal(g)
    except KeyError:
        return None  # a tile written low end first: the long way
    if not _RANK.keys() >= set(PLAYED_TILES(g)):
        return None
    for at in BIDS:
        bid = _bid(g[at])
        if bid is None:
            return None
        fields[at] = bid
    trump = _trump(g[TRUMP_SEAT_AT], g[TRUMP_SUIT_AT], g[TRUMP_DOUBLES_AT], rules)
    if trump is None:
        return None
    fields[TRUMP_SUIT_AT], fields[TRUMP_DOUBLES_AT] = trump
    return JSON.write(fields)


def _with_roster(values: dict[str, str]) -> list[tuple[str, str]]:
    """Tags by name in the writers' order: the roster first, "?" where missing, then the
    others as written (as :func:`notation.model.game.with_roster` orders them)."""
    ordered = [(name, values.get(name, UNKNOWN)) for name in ROSTER]
    return ordered + [(name, value) for name, value in values.items() if name not in ROSTER]


def jsonl(game: Sequence[Segment]) -> str | None:
    """``game`` (cut by :func:`notation.formats.text.reader.split_games`) as a line of JSON Lines,
    exactly
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
    shown = canonical.JSON_SEPARATOR.join(canonical.json_tag(*tag) for tag in ordered)
    hands = []
    for segment in game[1:]:
        groups = canonical_hand(segment.text) if segment.kind == "hand" else None
        hand = None if groups is None else _hand(groups, rules)
        if hand is None:
            return None
        hands.append(hand)
    return (
        f"{canonical.JSON_HEAD}{shown}{canonical.JSON_HANDS}"
        f"{canonical.JSON_SEPARATOR.join(hands)}{canonical.JSON_END}\n"
    )


# What the notation writes before a trump's doubles, when it names them.
_DOUBLES_WORD = NOTATION.prefix(TRUMP_DOUBLES)


def notation(line: str) -> str | None:
    """A line of JSON Lines as ``t42 convert`` writes the game in notation, when the quick
    check vouches for it (:func:`notation.archive.quick_check.clean_json_game`); None otherwise.

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
    tags = canonical.NOTATION_TAG_BREAK.join(
        canonical.notation_tag(*tag) for tag in _with_roster(values)
    )
    hands = [tags]
    for groups, trump in game.hands:
        fields = _sorted_deal(groups)  # a clean game's tiles are all written high end first
        for at in BIDS:
            fields[at] = _notation_bid(groups[at])
        suit, _, doubles = trump_words(trump, game.rules).partition(_DOUBLES_WORD)
        fields[TRUMP_SUIT_AT] = suit
        fields[TRUMP_DOUBLES_AT] = doubles or None
        hands.append(NOTATION.write(fields))
    text = canonical.NOTATION_HAND_BREAK.join(hands) + "\n"
    try:
        return within_the_line_limit(text)
    except RecordError:
        return None  # the long way says why the notation cannot hold it


@lru_cache(maxsize=256)
def _notation_bid(word: str) -> str:
    """A bid as the JSON pattern reads it (a number, or a word in quotes) in the notation."""
    return str(bid_of(word))
