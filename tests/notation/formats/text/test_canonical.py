"""The one description of the canonical form agrees with the grammar and with both writers.

:mod:`notation.formats.text.canonical` lays out a canonical hand once for each form; its patterns
read
what ``t42 deal``, ``fmt`` and ``convert`` write, its templates write it again, and nothing
its notation patterns match is anything but one hand of the grammar.
"""

from __future__ import annotations

import json
import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from notation.archive.quick_check import canonical_tags, clean_hands
from notation.archive.quick_convert import jsonl
from notation.archive.reading import render
from notation.errors import NotationSyntaxError
from notation.formats.text import canonical
from notation.formats.text.canonical import (
    FIELDS,
    FOLDED,
    JSON,
    NOTATION,
    Kind,
    folded_case,
    folded_hand,
)
from notation.formats.text.reader import MAX_LINE, grammar_parser, split_games
from notation.formats.text.writer import write_game
from notation.model.game import Game, Hand
from notation.model.rule_sets import RULE_SETS, RuleSet, rule_set
from notation.rules.dealing import random_game

GAMES_PER_TABLE = 12
TABLES = [
    *RULE_SETS.values(),
    rule_set("straight").with_options({"follow-me-doubles": "low", "opening-lead": "trump"}),
    rule_set("texas").with_options({"nello-doubles": "high", "plunge-lead": "partner"}),
]


def games_of(rules: RuleSet) -> list[Game]:
    return [random_game(random.Random(seed), rules) for seed in range(GAMES_PER_TABLE)]


def hand_texts(game: Game) -> list[str]:
    """The text the writer writes for each hand of ``game``."""
    hands = write_game(game).rstrip("\n").split("\n\n")[1:]
    assert len(hands) == len(game.hands)
    return hands


def is_canonical(hand: Hand) -> bool:
    """Whether the description covers a hand: four bids, a plain trump, seven tricks and no
    ending, the points, marks and total, and every number in two digits (the points game's
    bids and totals may run to three)."""
    return (
        hand.auction is not None
        and len(hand.auction.calls) == 4
        and all(len(str(call.bid.value)) < 3 for call in hand.auction.calls)
        and hand.trump is not None
        and hand.trump.seat is not None
        and hand.trump.trump.special is None
        and len(hand.tricks) == 7
        and hand.ending is None
        and len(hand.scores) == 3
        and all(max(s.ns, s.ew) < 100 for s in hand.scores)
    )


@pytest.mark.parametrize("rules", TABLES, ids=lambda rules: rules.name)
def test_every_canonical_hand_the_writer_writes_is_read_and_written_again(
    rules: RuleSet,
) -> None:
    read = 0
    for game in games_of(rules):
        for hand, text in zip(game.hands, hand_texts(game), strict=True):
            fields = NOTATION.read_whole(text)
            if hand.trump is not None and hand.trump.trump.special is not None:
                assert fields is None  # a special contract is not in the description
            if not is_canonical(hand):
                continue
            assert fields is not None, text
            assert NOTATION.pattern.fullmatch(text) is not None
            assert NOTATION.write(fields) == text
            assert fields[canonical.NUMBER_AT] == str(hand.header.number)
            assert hand.trump is not None
            assert fields[canonical.TRUMP_SEAT_AT] == str(hand.trump.seat)
            read += 1
    assert read > 0


@pytest.mark.parametrize("rules", TABLES, ids=lambda rules: rules.name)
def test_every_canonical_hand_the_json_writer_writes_is_read_and_written_again(
    rules: RuleSet,
) -> None:
    read = 0
    for game in games_of(rules):
        line = render(game, "jsonl")
        hands = json.loads(line)["hands"]
        texts = [json.dumps(hand, ensure_ascii=False) for hand in hands]
        # each hand as the writer wrote it, and nothing else between them
        assert canonical.JSON_SEPARATOR.join(texts) in line
        for hand, text, notation in zip(game.hands, texts, hand_texts(game), strict=True):
            fields = JSON.read_whole(text)
            if not is_canonical(hand):
                continue
            assert fields is not None, text
            assert JSON.write(fields) == text
            # the same fields, in the same places, in both forms (but bids and trump words)
            notation_fields = NOTATION.read_whole(notation)
            assert notation_fields is not None
            same = [
                i
                for i, field in enumerate(FIELDS)
                if field.kind not in (Kind.BID, Kind.SUIT, Kind.DOUBLES)
            ]
            assert [fields[i] for i in same] == [notation_fields[i] for i in same]
            read += 1
    assert read > 0


def test_the_layouts_write_the_fields_in_the_description_s_order() -> None:
    for form in (NOTATION, JSON, FOLDED):
        assert list(form.pattern.groupindex) == [f.name for f in FIELDS]
    with pytest.raises(ValueError, match="in order"):
        canonical.Form("shuffled", list(reversed(NOTATION.pieces)), json=False)


def hand_lines_token() -> re.Pattern[str]:
    return re.compile(grammar_parser().get_terminal("HAND_LINES").pattern.to_regexp())


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.data())
def test_what_the_notation_patterns_match_is_one_hand_of_the_grammar(data: st.DataObject) -> None:
    token = hand_lines_token()
    for form in (NOTATION, FOLDED):
        text = data.draw(st.from_regex(form.pattern, fullmatch=True))
        assert token.fullmatch(text), text
        if re.search(r"trump [NESW] (?!follow-me)\S+ doubles-", text):
            # the grammar takes the line, but not the reader's meaning check: the pattern
            # lets doubles follow any suit, and the quick check leaves those to the reader
            with pytest.raises(NotationSyntaxError, match="a doubles option goes only with"):
                grammar_parser().parse(text, start="hand")
        else:
            grammar_parser().parse(text, start="hand")


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.data())
def test_what_the_json_pattern_matches_is_json_and_a_tag_is_a_tag_line(
    data: st.DataObject,
) -> None:
    hand = json.loads(data.draw(st.from_regex(JSON.pattern, fullmatch=True)))
    assert list(hand) == [
        *("number", "dealer", "deal", "auction", "trump", "tricks", "points", "marks", "total")
    ]
    tag = data.draw(st.from_regex(canonical.NOTATION_TAG, fullmatch=True))
    tag_line = grammar_parser().get_terminal("TAG_LINE").pattern.to_regexp()
    assert re.fullmatch(tag_line, tag)
    json_tag = json.loads(data.draw(st.from_regex(canonical.JSON_TAG, fullmatch=True)))
    assert list(json_tag) == ["name", "value"]


@pytest.mark.parametrize("rules", TABLES[:3], ids=lambda rules: rules.name)
def test_folding_a_canonical_hand_is_the_folded_template_of_its_fields(rules: RuleSet) -> None:
    for game in games_of(rules):
        for text in hand_texts(game):
            fields = NOTATION.read_whole(text)
            if fields is None:
                continue
            folded = folded_hand(text)
            assert folded is not None
            assert folded == folded_case(folded) == FOLDED.write(fields) == " ".join(text.split())
            assert FOLDED.read_whole(folded) == fields


def test_a_tag_line_longer_than_the_reader_reads_is_left_to_it() -> None:
    # The reader refuses a line of more than MAX_LINE characters (too-long), so neither
    # quick path may take a tag block holding one.
    text = f'[Rules "straight"]\n[Event "{"x" * MAX_LINE}"]\n'
    game = next(split_games(text))
    assert canonical_tags(game[0].text) is None
    assert clean_hands(game) is None
    assert jsonl(game) is None
