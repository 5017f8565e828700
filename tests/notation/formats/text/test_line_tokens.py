"""The grammar's line tokens read exactly what the item-by-item rules read.

``grammar/t42.lark`` gives each item two forms: a whole line as one token (fast) and the
item-by-item form (for comments inside an item, odd spacing and mistakes). These tests build
a second parser from the same grammar with the line tokens switched off and check that both
give the same games, the same spans, the same comments and the same problems, on random
legal games, on every sample and on mutated (broken) records.
"""

from __future__ import annotations

import random
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from lark import Lark

from notation.formats.text import parse, reader
from notation.formats.text.reader import ReadGame, read_games
from notation.formats.text.writer import write_games
from notation.model.rule_sets import rule_set
from notation.rules.dealing import random_game

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parents[2]))
from test_hostile_input import mutated

SAMPLES = Path(__file__).parents[4] / "samples"


def _fresh_item_by_item_parser() -> tuple[Lark, Any]:
    """A parser of its own: the reader's is cached and shared."""
    return parse.item_by_item_parser.__wrapped__()


FINE = _fresh_item_by_item_parser()


def spans(item: Any) -> Iterator[Any]:
    """Every span in a record, in order (``==`` on the model ignores them)."""
    if isinstance(item, tuple):
        for part in item:
            yield from spans(part)
        return
    slots = getattr(type(item), "__slots__", ())
    for name in slots:
        value = getattr(item, name)
        if name in ("span", "tile_spans"):
            yield value
        else:
            yield from spans(value)


def _both(text: str, monkeypatch: pytest.MonkeyPatch) -> tuple[list[ReadGame], list[ReadGame]]:
    fast = list(read_games(text))
    with monkeypatch.context() as patch:
        patch.setattr(parse, "line_token_parser", lambda: FINE)
        slow = list(read_games(text))
    return fast, slow


def _located(read: ReadGame) -> list[tuple[Any, ...]]:
    """Each problem's code, place and words."""
    return [(p.code, p.line, p.column, p.game, p.hand, p.message) for p in read.problems]


def _assert_same(text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    fast, slow = _both(text, monkeypatch)
    assert [g.game for g in fast] == [g.game for g in slow]
    assert [list(spans(g.game)) for g in fast] == [list(spans(g.game)) for g in slow]
    assert [_located(g) for g in fast] == [_located(g) for g in slow]
    assert [g.unread_lines for g in fast] == [g.unread_lines for g in slow]


def _token_types(text: str) -> list[str]:
    return [t.type for t in reader.grammar_parser().lex(text)]


def test_a_hand_or_tag_block_without_comments_is_one_token() -> None:
    assert _token_types("hand 1 dealer N\n1 N 6-4 5-5\n\n") == ["HAND_LINES"]
    assert _token_types('[Event "x"]\n[Site "y ]"]\n') == ["TAG_LINES"]


def test_the_line_form_is_used_where_a_comment_follows() -> None:
    assert _token_types("hand 1 dealer N\n1 N 6-4 5-5 ; led high\n") == [
        "HAND_LINE",
        "TRICK_LINES",
    ]
    assert _token_types('[Event "x"] {club night}') == ["TAG_LINE"]


def test_the_item_by_item_form_has_every_line_token_switched_off() -> None:
    # one per item that has a line form, and the whole tag block and whole hand
    line_tokens = {t.name for t in reader.grammar_parser().terminals
                   if reader.is_line_token(t.name)}
    assert line_tokens == {"TAG_LINE", "HAND_LINE", "DEAL_LINE", "AUCTION_LINE", "TRUMP_LINE",
                           "TRICK_LINES", "SCORE_LINES", "TAG_LINES", "HAND_LINES"}
    # every other terminal is the grammar's own, untouched
    patterns = {t.name: t.pattern for t in reader.grammar_parser().terminals}
    for terminal in FINE[0].terminals:
        if terminal.name in line_tokens:
            assert re.compile(terminal.pattern.to_regexp()).search("x" * 3 + "\n hand") is None
        else:
            assert terminal.pattern.to_regexp() == patterns[terminal.name].to_regexp()
    tokens = {t.type for t in FINE[0].lex("hand 1 dealer N\n1 N 6-4 5-5")}
    assert {"HAND", "DEALER", "SEAT", "TILE"} <= tokens
    assert not {t for t in tokens if reader.is_line_token(t)}


def test_a_hand_with_two_mistakes_reports_the_first_in_reading_order() -> None:
    # Found by hypothesis: with whole-line tokens the deal (with its tile 64-1) was only
    # built when the parser reached the misspelt `b0id`, so the later mistake was reported.
    text = (
        '[Event "x"]\n'
        "hand 1 dealer W\n"
        "deal N 6-5 64-1 3-0 2-0\n"
        "     E 6-1 5-2 5-1 4-0 3-1 2-2 1-0\n"
        "b0id N 31 E pass S 38 W 41\n"
    )
    (read,) = read_games(text)
    assert [(p.code, p.line, p.column) for p in read.problems] == [("tile-not-in-set", 3, 12)]


@pytest.mark.parametrize("sample", sorted(SAMPLES.glob("*.t42")), ids=lambda p: p.name)
def test_every_sample_reads_the_same_both_ways(
    sample: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _assert_same(sample.read_text(encoding="utf-8"), monkeypatch)


@pytest.mark.parametrize("rules", ["straight", "texas", "points"])
def test_random_games_read_the_same_both_ways(
    rules: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    rng = random.Random(rules)
    games = [random_game(rng, rule_set(rules)) for _ in range(20)]
    _assert_same(write_games(games), monkeypatch)


def test_odd_spacing_and_comments_inside_items_read_the_same_both_ways(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    text = (
        '[ Event "x" ] [Site\t"y"]\n'
        "hand 1 {first} dealer N\n"
        "deal N 6-6 6-0 {dealt} 5-3 5-1 4-0 3-0 2-2 E 6-3 5-4 5-0 4-4 4-2 4-1 3-3\n"
        "  S 6-5 6-4 5-2 4-3 2-1 1-1 1-0 ; south\n"
        "  W 6-2 6-1 5-5 3-2 3-1 2-0 0-0\n"
        "bid E pass {x} S 30 W\tpass N pass\n"
        "trump S {named} fives\n"
        "1 S 4-3 5-5 {trumped} 4-0 4-4\n"
        "2 W 6-1 6-0\n   6-3 6-4\n"
        "3\tS 1-1 3-1 5-1 4-1\r\n"
        "points NS 24 {count} EW 18\n"
    )
    _assert_same(text, monkeypatch)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_broken_records_get_the_same_problems_both_ways(text: str) -> None:
    with pytest.MonkeyPatch.context() as monkeypatch:
        _assert_same(text, monkeypatch)


@pytest.mark.parametrize("rules", ["straight", "texas", "points"])
def test_a_whole_token_read_by_the_parser_builds_what_the_shortcut_builds(rules: str) -> None:
    # The reader gives a text that is one HAND_LINES or TAG_LINES token straight to the
    # builder; the parser, given the same text, must build the same items at the same places.
    rng = random.Random(rules)
    text = write_games([random_game(rng, rule_set(rules)) for _ in range(3)])
    parser = parse.line_token_parser()
    segments = [s for game in reader.split_games(text) for s in game]
    assert len(segments) > 3
    for segment in segments:
        start = "tag_block" if segment.kind == "tags" else "hand"
        rules_of = rule_set(rules)
        whole = parser[1].read_one_token(segment.text, segment.first_line, start, rules_of)
        assert whole is not None
        parsed, comments = parse.parse_with(parser, segment, start, rules_of)
        assert (parsed, comments) == (whole, [])
        assert list(spans(parsed)) == list(spans(whole))


@pytest.mark.parametrize("where", ["hand 1 dealer N\n", "hand 1 dealer N\ndeal N 6-6\n", ""])
def test_no_text_matches_a_switched_off_line_token(where: str) -> None:
    # The item-by-item form once switched its line tokens off by making them two private-use
    # characters: a record holding those read as a line token, and the reader crashed.
    (read,) = read_games(f'[Event "x"]\n{where}\ue000\ue001\n')
    assert [p.code for p in read.problems] == ["syntax-error"]
