"""Hostile and broken input: whatever arrives, a located error or a finding, never a crash.

Valid records come from random legal games; hypothesis mutates them (characters, tokens and
lines deleted, swapped, duplicated or corrupted) and every result must read without an
exception, with each problem located inside the text, and whatever reads whole must check
cleanly and round-trip through the canonical writer.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from notation.archive.reading import json_game
from notation.check.validate import check_game
from notation.errors import RecordError
from notation.formats.json import form as json_form
from notation.formats.text.reader import read_games
from notation.formats.text.writer import write_game, write_games
from notation.line_ends import one_line_end
from notation.model.bids import Bid, BidError
from notation.model.game import Game
from notation.model.rule_sets import RuleSet
from notation.model.tiles import Tile, TileError
from notation.rules.dealing import random_game
from t42.commands import app

# Characters that tend to break readers: structure, quotes, escapes, controls, odd Unicode.
HOSTILE = [
    *'[]{}";\\-0123456789 \t\r\nNESWnesw',
    *["\x00", "\x1b", "\x7f", "\x9b", "\u202e", "\u2066", "\ufeff", "\u00a0", "é", "😀"],
    "\u2028",
]
WORDS = ["hand", "deal", "bid", "trump", "end", "points", "marks", "total", "pass", "laydown",
         "follow-me", "doubles", "1m", "42", "6-4", "7-3", "[Event \"x\"]", "{", "}", ";"]


def _record(seed: int) -> str:
    rng = random.Random(seed)
    games = [random_game(rng, RuleSet()) for _ in range(2)]
    # Keep records short so that hypothesis spends its time on the mutations.
    return write_games(Game(g.tags, g.hands[:2]) for g in games)


@st.composite
def mutated(draw: st.DrawFn) -> str:
    text = _record(draw(st.integers(0, 50)))
    for _ in range(draw(st.integers(1, 6))):
        op = draw(st.sampled_from(["delete", "insert", "word", "swap-lines", "dup-line", "cut"]))
        n = len(text)
        i = draw(st.integers(0, max(n - 1, 0)))
        if op == "delete":
            j = draw(st.integers(i, min(n, i + 12)))
            text = text[:i] + text[j:]
        elif op == "insert":
            noise = draw(st.text(st.sampled_from(HOSTILE), min_size=1, max_size=4))
            text = text[:i] + noise + text[i:]
        elif op == "word":
            text = text[:i] + " " + draw(st.sampled_from(WORDS)) + " " + text[i:]
        elif op == "cut":
            text = text[:i]
        else:
            lines = text.splitlines(keepends=True)
            if len(lines) > 1:
                a = draw(st.integers(0, len(lines) - 1))
                b = draw(st.integers(0, len(lines) - 1))
                if op == "swap-lines":
                    lines[a], lines[b] = lines[b], lines[a]
                else:
                    lines.insert(b, lines[a])
            text = "".join(lines)
    return text


def _assert_located(line: int | None, column: int | None, text: str) -> None:
    assert line is not None
    assert column is not None
    assert 1 <= line <= max(one_line_end(text).count("\n") + 1, 1)  # lines as editors count
    assert column >= 1


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_mutated_records_read_to_located_problems_or_check_cleanly(text: str) -> None:
    for read in read_games(text):
        for problem in read.problems:
            _assert_located(problem.line, problem.column, text)
        report = check_game(read.game, read.rules, read.index, read.unread_lines)
        for finding in report.findings:
            if finding.line is not None:
                _assert_located(finding.line, finding.column, text)
        if read.complete:
            # Whatever reads whole has a canonical form, and that form is a fixed point.
            canonical = write_game(read.game)
            again = list(read_games(canonical))
            assert len(again) == 1
            assert again[0].problems == []
            assert write_game(again[0].game) == canonical


runner = CliRunner()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_mutated_records_never_crash_the_command(text: str) -> None:
    for command in (["validate", "-"], ["fmt", "-"], ["convert", "-"], ["replay", "-"]):
        result = runner.invoke(app, command, input=text)
        assert result.exit_code in (0, 1, 2), result.output
        assert "Traceback" not in result.output
        assert "internal error" not in result.stderr


def _json_mutations() -> st.SearchStrategy[Any]:
    return st.one_of(
        st.none(),
        st.booleans(),
        st.integers(min_value=-(2**70), max_value=2**70),
        st.floats(allow_nan=True, allow_infinity=True),
        st.text(st.sampled_from(HOSTILE), max_size=6),
        st.lists(st.integers(), max_size=3),
        st.dictionaries(st.sampled_from(["x", "seat", "tiles", "bid"]), st.integers(), max_size=2),
    )


def _paths(doc: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [at]
    if isinstance(doc, dict):
        for key, value in doc.items():
            found += _paths(value, (*at, key))
    elif isinstance(doc, list):
        for i, value in enumerate(doc):
            found += _paths(value, (*at, i))
    return found


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 30), st.data())
def test_mutated_json_gives_record_errors_only(seed: int, data: st.DataObject) -> None:
    rng = random.Random(seed)
    game = random_game(rng, RuleSet())
    doc = json_form.dumps_game(Game(game.tags, game.hands[:1]))
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(_paths(doc)[1:]))
        parent = doc
        for key in path[:-1]:
            parent = parent[key]
        action = data.draw(st.sampled_from(["replace", "delete", "extra", "nest"]))
        last = path[-1]
        if action == "replace":
            parent[last] = data.draw(_json_mutations())
        elif action == "delete":
            del parent[last]
        elif action == "extra" and isinstance(parent, dict):
            parent["surprise"] = 1
        elif action == "nest":
            value: Any = parent[last]
            for _ in range(data.draw(st.integers(1, 200))):
                value = [value]
            parent[last] = value
    text = json.dumps(doc, allow_nan=True)
    if data.draw(st.booleans()):
        text = "\ufeff" + text.replace("\n", "\r\n")
    for item in json_form.read_records(text):
        if isinstance(item, RecordError):
            assert item.message
            _assert_located(item.line, item.column, text)
        else:
            # a mutated Rules or Options tag is reported as unknown-rules, checked as straight
            check_game(item, json_game(1, item, "").rules)
            assert json_form.loads_game(json_form.dumps_game(item)) == item


def test_crlf_record_reads_like_lf() -> None:
    text = _record(3)
    crlf = [r.game for r in read_games(text.replace("\n", "\r\n"))]
    assert crlf == [r.game for r in read_games(text)]


def test_deeply_nested_json_is_an_error_not_a_crash() -> None:
    text = "[" * 100_000 + "]" * 100_000
    items = list(json_form.read_records(text))
    assert all(isinstance(i, RecordError) for i in items)
    assert items


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
@example("\r" + _record(1) + "\r\n\r" + _record(2))  # CI's example: a lone CR first
def test_nothing_is_lost_every_character_belongs_to_one_game(text: str) -> None:
    """Cutting a file into games keeps every character: the games' texts are the file, its
    line ends written LF (docs/notation.md, Line ends: a CRLF and a lone CR end a line as LF
    does); a file of blank lines only has no games, and nothing to keep."""
    expected = one_line_end(text) if text.strip() else ""
    assert "".join(r.text for r in read_games(text)) == expected


# A number of thousands of digits where the notation wants a number (Python refuses to turn
# more than 4,300 digits into an int): each is an error at its own item, the rest still reads.
_HUGE = "9" * 5000
_RENEGE = (Path(__file__).parents[2] / "samples" / "renege.t42").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("hand 2 dealer E", f"hand {_HUGE} dealer E"),
        ("hand 2 dealer E", "hand 10000000000000000000000 dealer E"),  # 10^22: no game has it
        ("deal N 6-6 6-2", f"deal N 6-6 {_HUGE}-2"),
        ("1 S 6-4 6-5", f"1 S 6-4 6-{_HUGE}"),
        ("bid S pass W pass N 30", f"bid S pass W pass N {_HUGE}"),
        ("bid S pass W pass N 30", f"bid S pass W pass N {_HUGE}m"),
        ("2 N 6-4 2-1", f"{_HUGE} N 6-4 2-1"),
        ("points NS 31 EW 11", f"points NS {_HUGE} EW 11"),
        ("marks NS 0 EW 1 ;", f"marks NS 0 EW {_HUGE} ;"),
        ("total NS 1 EW 1", "total NS 1 EW 99999999999999999999"),
        ("trump sixes\n1 N", f"trump {_HUGE}\n1 N"),
    ],
    ids=["hand", "hand-1e22", "deal-tile", "play-tile", "bid", "marks-bid", "trick", "points",
         "marks", "total-1e20", "trump"],
)
def test_a_number_past_any_size_is_an_error_at_its_item(old: str, new: str) -> None:
    assert old in _RENEGE
    text = _RENEGE.replace(old, new)
    (read,) = read_games(text)
    line = text[: text.index(new)].count("\n") + 1
    assert [p.line for p in read.problems] == [line], [p.message for p in read.problems]
    assert "9" * 100 not in read.problems[0].message  # the number is not repeated whole
    assert len(read.game.hands) == 1  # hand 1 still reads


def test_an_option_of_thousands_of_digits_is_an_error_at_its_tag() -> None:
    option = f'[Options "marks-to-win={_HUGE}"]'
    text = _RENEGE.replace('[Rules "straight"]', '[Rules "straight"]\n' + option)
    (read,) = read_games(text)
    line = text[: text.index("[Options")].count("\n") + 1
    assert [p.line for p in read.problems] == [line]
    assert "marks-to-win" in read.problems[0].message
    assert "9" * 100 not in read.problems[0].message


def test_the_value_objects_refuse_huge_and_non_ascii_digits_in_their_own_error() -> None:
    for text in (f"6-{_HUGE}", "6-\u00b2", "\u0663-1"):
        with pytest.raises(TileError):
            Tile.parse(text)
    for text in (_HUGE, f"{_HUGE}m", "3\u00b2", "\u0663\u0660"):
        with pytest.raises(BidError):
            Bid.parse(text)


def test_json_nested_thousands_deep_is_a_located_error_in_every_command(tmp_path: Path) -> None:
    deep_line = '{"a":' * 5000 + "1" + "}" * 5000 + "\n"
    for name, text in [("deep.jsonl", deep_line), ("deep.json", "[" * 5000 + "]" * 5000)]:
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        for command in (["validate"], ["convert", "-o", str(tmp_path / "out.jsonl")], ["stats"]):
            result = CliRunner().invoke(app, [*command, str(path)])
            assert result.exit_code in (0, 1, 2), (name, command, result.output)
            assert result.exception is None or isinstance(result.exception, SystemExit)
            assert "internal error" not in result.output
            assert "Recursion" not in result.output
