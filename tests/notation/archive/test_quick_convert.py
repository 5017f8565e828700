"""The quick conversion writes, byte for byte, the JSON line that the long way writes.

:func:`notation.archive.quick_convert.jsonl` lets ``t42 convert`` write a game in the canonical form
straight from its text. Whatever it writes must be what reading the game into the model and
writing the model gives, and only for a game that reads without a problem (else convert
rejects it); it must take the games it was made for.
"""

from __future__ import annotations

import random
import re
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from notation.archive.quick_convert import jsonl, notation
from notation.archive.reading import Unit, convert_unit, read_unit, render
from notation.formats.text.reader import read_game, split_games
from notation.model.rule_sets import RuleSet, rule_set

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parents[1]))
from test_quick_check import (
    JSON_CHANGES,
    OTHER_TABLES,
    PLAIN_TABLES,
    changed_json_line,
    game_text,
    json_line,
    mutate,
    table_id,
)


def long_way(text: str) -> list[str | None]:
    """Each game's JSON line as convert writes it without the quick way; None if rejected."""
    lines: list[str | None] = []
    for index, game in enumerate(split_games(text), start=1):
        read = read_game(game, index)
        lines.append(None if read.problems else render(read.game, "jsonl"))
    return lines


def agree(text: str) -> int:
    """Check every game of ``text``; how many the quick way wrote."""
    written = 0
    for game, expected in zip(split_games(text), long_way(text), strict=True):
        quick = jsonl(game)
        if quick is not None:
            written += 1
            assert quick == expected
    return written


@pytest.mark.parametrize("rules", PLAIN_TABLES + OTHER_TABLES, ids=table_id)
def test_random_games_convert_as_the_long_way_writes_them(rules: RuleSet) -> None:
    texts = [game_text(seed, rules) for seed in range(25)]
    written = agree("\n".join(texts))
    if rules in PLAIN_TABLES:
        # all but games with a hand thrown in (four passes, no play: written the long way)
        assert written == sum(1 for t in texts if not re.search(r"bid( [NESW] pass){4}\n", t))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.integers(0, 10_000),
    st.sampled_from(PLAIN_TABLES + OTHER_TABLES),
    st.integers(1, 3),
    st.randoms(use_true_random=False),
)
def test_changed_games_convert_as_the_long_way_writes_them_or_not_at_all(
    seed: int, rules: RuleSet, changes: int, rng: random.Random
) -> None:
    text = game_text(seed, rules)
    for _ in range(changes):
        text = mutate(text, rng)
    agree(text)


TAG_BLOCKS = [
    '[event "a"]\n[Rules "straight"]\n',  # a standard name in lower case
    '[Scorer "Ann"]\n[Event "a"]\n',  # roster tags missing, one of another name first
    '[Rules "?"]\n[Options "follow-me-doubles=low"]\n',
    '[Rules "points"]\n',
    '[Rules "nonsense"]\n',  # the reader reports it: convert rejects the game
    '[Event "a"]\n[Event "b"]\n',  # written twice: likewise
    '[Event "é 😀 \u2028"]\n',
]


@pytest.mark.parametrize("tags", TAG_BLOCKS)
def test_tags_convert_as_the_long_way_writes_them(tags: str) -> None:
    text = game_text(4, RuleSet())
    body = text[text.index("\nhand ") :]
    agree(tags + body)
    agree(tags + body.replace("6-5", "5-6", 1))  # a tile written low end first
    agree(tags + body.replace("follow-me\n", "follow-me doubles-low\n"))


def test_convert_takes_the_quick_way_for_a_canonical_game() -> None:
    text = game_text(2, RuleSet())
    [game] = split_games(text)
    converted = convert_unit("jsonl", Unit(1, notation=game))
    assert converted.output == long_way(text)[0]
    assert converted.output == jsonl(game)


def test_a_tile_written_low_end_first_anywhere_converts_as_the_long_way_writes_it() -> None:
    # The long way reads "5-6" as the 6-5 and writes "6-5": in the deal and in the play.
    text = game_text(4, RuleSet())
    tiles = [m for m in re.finditer(r"\b([0-6])-([0-6])\b", text) if m[1] != m[2]]
    assert len(tiles) > 100
    for m in tiles[::7]:  # a spread of places: deals, tricks, early and late hands
        agree(text[: m.start()] + f"{m[2]}-{m[1]}" + text[m.end() :])



# ---- JSON Lines to notation ----


def long_way_back(line: str) -> str | None:
    """A JSON line as convert writes it in notation without the quick way; None if rejected."""
    read = read_unit(Unit(1, json_line=(line, 1)))
    return None if read.problems else render(read.game, "t42")


def agree_back(line: str) -> bool:
    """Check one JSON line; whether the quick way wrote it."""
    quick = notation(line)
    if quick is not None:
        assert quick == long_way_back(line)
    return quick is not None


@pytest.mark.parametrize("rules", PLAIN_TABLES + OTHER_TABLES, ids=table_id)
def test_random_json_lines_convert_to_notation_as_the_long_way_writes_them(
    rules: RuleSet,
) -> None:
    written = thrown_in = 0
    for seed in range(25):
        text = game_text(seed, rules)
        line = json_line(text)
        assert line is not None
        written += agree_back(line)
        thrown_in += bool(re.search(r"bid( [NESW] pass){4}\n", text))
        if notation(line) is not None:
            assert notation(line) == text  # the round trip of a canonical game
    if rules in PLAIN_TABLES:
        # all but games with a hand thrown in (four passes, no play: written the long way)
        assert written == 25 - thrown_in


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.integers(0, 10_000),
    st.sampled_from(PLAIN_TABLES),
    st.integers(1, 3),
    st.randoms(use_true_random=False),
)
def test_changed_json_lines_convert_to_notation_as_the_long_way_or_not_at_all(
    seed: int, rules: RuleSet, changes: int, rng: random.Random
) -> None:
    line = changed_json_line(seed, rules, changes, rng)
    if line is not None:
        agree_back(line)


@pytest.mark.parametrize(("old", "new"), JSON_CHANGES)
def test_json_text_changes_convert_to_notation_as_the_long_way_or_not_at_all(
    old: str, new: str
) -> None:
    for seed in range(6):
        line = json_line(game_text(seed, rule_set("straight").with_options({"win-by": "2"})))
        assert line is not None
        for at in [m.start() for m in re.finditer(re.escape(old), line)][:4]:
            agree_back(line[:at] + new + line[at + len(old) :])


@pytest.mark.parametrize("tags", TAG_BLOCKS)
def test_json_tags_convert_to_notation_as_the_long_way_writes_them(tags: str) -> None:
    text = game_text(4, RuleSet())
    body = text[text.index("\nhand ") :]
    for variant in (tags + body, tags + body.replace("follow-me\n", "follow-me doubles-low\n")):
        line = json_line(variant)
        if line is not None:
            agree_back(line)


def test_json_tiles_in_another_order_convert_to_notation_high_to_low() -> None:
    line = json_line(game_text(4, RuleSet()))
    assert line is not None
    holding = re.search(r'"tiles": \[([^]]*)\]', line)
    assert holding is not None
    shuffled = ", ".join(reversed(holding[1].split(", ")))
    changed = line[: holding.start(1)] + shuffled + line[holding.end(1) :]
    assert agree_back(changed)


def test_convert_takes_the_quick_way_from_a_clean_json_line() -> None:
    line = json_line(game_text(2, RuleSet()))
    assert line is not None
    converted = convert_unit("t42", Unit(1, json_line=(line, 1)))
    assert converted.output == long_way_back(line)
    assert converted.output == notation(line)
