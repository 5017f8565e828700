"""The ``t42`` command: golden output and exit codes (0 clean, 1 findings, 2 unusable input).

Golden files live in ``tests/t42/golden``; after a deliberate change of wording, rewrite
them with ``T42_UPDATE_GOLDEN=1 pytest tests/t42/test_cli.py`` and review the diff.
"""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
import tempfile
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

import notation
from notation.formats.json import form as json_form
from notation.formats.text import loads
from notation.formats.text.reader import read_games
from notation.model.rule_sets import rule_set
from t42.commands import app

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "samples"
GOLDEN = Path(__file__).parent / "golden"
SAMPLE_NAMES = sorted(p.name for p in SAMPLES.glob("*.t42"))

runner = CliRunner()


def t42(*args: str, stdin: str | bytes | None = None) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), input=stdin)
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture(autouse=True)
def _in_repo(monkeypatch: pytest.MonkeyPatch) -> None:
    # Paths in messages are as given on the command line: run from the checkout.
    monkeypatch.chdir(ROOT)


def _golden(name: str, text: str) -> None:
    path = GOLDEN / name
    if os.environ.get("T42_UPDATE_GOLDEN"):
        path.parent.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")


@pytest.mark.parametrize("name", SAMPLE_NAMES)
def test_validate_each_sample_golden(name: str) -> None:
    code, out, _ = t42("validate", f"samples/{name}")
    expected_code = 0 if ": 0 errors, 0 warnings" in out else 1
    assert code == expected_code
    _golden(f"validate-{name}.txt", out)


def test_validate_clean_exit_zero_and_summary() -> None:
    code, out, err = t42("validate", "samples/full-game.t42")
    assert (code, err) == (0, "")
    assert out == "samples/full-game.t42: 1 game, 9 hands: 0 errors, 0 warnings\n"


def test_validate_renege_shows_caret_under_the_play() -> None:
    code, out, _ = t42("validate", "samples/renege.t42")
    assert code == 1
    lines = out.splitlines()
    head = lines.index(next(line for line in lines if "[renege]" in line))
    assert lines[head].startswith("samples/renege.t42:24:17: error: W reneged in trick 3")
    assert lines[head + 1] == "   24 | 3 N 4-4 4-1 4-3 2-2 { W still holds 5-4 and 4-2 }"
    assert lines[head + 2] == "      |                 ^"


def test_validate_json_findings() -> None:
    code, out, _ = t42("validate", "--json", "samples/renege.t42", "samples/full-game.t42")
    assert code == 1
    report = json.loads(out)
    renege, clean = report["files"]
    assert [f["code"] for f in renege["findings"]] == ["renege", "renege"]
    first = renege["findings"][0]
    assert (first["hand"], first["trick"], first["seat"]) == (1, 3, "W")
    assert first["evidence"]["could_follow"] == ["5-4", "4-2"]
    assert clean["findings"] == []
    assert clean["hands"] == 9


def test_validate_broken_file_checks_the_rest() -> None:
    code, out, _ = t42("validate", "samples/broken.t42")
    assert code == 1
    assert "samples/broken.t42:37:7: error: '3O' is not expected here" in out
    assert out.endswith(
        "samples/broken.t42: 2 games, 3 hands: 1 error, 0 warnings; "
        "left out, as it could not be read: game 1 hand 2 (line 32)\n"
    )


def test_validate_stdin() -> None:
    text = (SAMPLES / "misscore.t42").read_text()
    code, out, _ = t42("validate", "-", stdin=text)
    assert code == 1
    assert "<stdin>:29:1: error: points written as NS 35 EW 7" in out


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"", "no games found"),
        (b"; nothing but a comment\n", "no games found"),
        (b"\x00\x01\x02 binary", "this is a binary file, not a text record"),
        (b'[Event "caf\xe9"]\n', "x.t42:1:12: this file is not UTF-8 text (byte 0xe9"),
    ],
)
def test_unusable_input_exit_two(tmp_path: Path, content: bytes, message: str) -> None:
    path = tmp_path / "x.t42"
    path.write_bytes(content)
    code, _, err = t42("validate", str(path))
    assert code == 2
    assert message in err
    assert "Traceback" not in err


def test_missing_file_exit_two() -> None:
    code, _, err = t42("validate", "no-such-file.t42")
    assert (code, err) == (2, "no-such-file.t42: no such file\n")


def test_fmt_check_and_in_place(tmp_path: Path) -> None:
    messy = tmp_path / "messy.t42"
    messy.write_text(
        '[North "Ann"] [event "Club"]\nHAND 1 DEALER n\nbid e PASS s 30 w pass n pass\n'
        "trump 5\n",
        encoding="utf-8",
    )
    assert t42("fmt", "--check", str(messy))[0] == 1
    code, out, _ = t42("fmt", str(messy))
    assert code == 0
    assert "[Event \"Club\"]\n[Site \"?\"]" in out
    assert "hand 1 dealer N\nbid E pass S 30 W pass N pass\ntrump fives\n" in out
    assert t42("fmt", "-i", str(messy))[0] == 0
    assert messy.read_text(encoding="utf-8") == out
    assert t42("fmt", "--check", str(messy))[0] == 0
    assert [p.name for p in tmp_path.iterdir()] == ["messy.t42"]  # no temporary left


def test_fmt_refuses_a_broken_file_and_leaves_it_alone(tmp_path: Path) -> None:
    broken = tmp_path / "broken.t42"
    original = (SAMPLES / "broken.t42").read_text(encoding="utf-8")
    broken.write_text(original, encoding="utf-8")
    code, out, err = t42("fmt", "-i", str(broken))
    assert code == 2
    assert out == ""
    assert "'3O' is not expected here" in err
    assert "not formatted: mend the errors above first" in err
    assert broken.read_text(encoding="utf-8") == original


@pytest.mark.parametrize("name", [n for n in SAMPLE_NAMES if n != "broken.t42"])
def test_convert_round_trip_through_json_lines(tmp_path: Path, name: str) -> None:
    jsonl = tmp_path / "games.jsonl"
    back = tmp_path / "back.t42"
    assert t42("convert", f"samples/{name}", "-o", str(jsonl))[0] == 0
    validator = json_form.validator()
    for line in jsonl.read_text(encoding="utf-8").splitlines():
        assert list(validator.iter_errors(json.loads(line))) == []
    assert t42("convert", str(jsonl), "-o", str(back))[0] == 0
    assert back.read_text(encoding="utf-8") == (SAMPLES / name).read_text(encoding="utf-8")
    again = tmp_path / "again.jsonl"
    assert t42("convert", str(back), "-o", str(again))[0] == 0
    assert again.read_bytes() == jsonl.read_bytes()


def test_convert_one_game_to_a_json_document(tmp_path: Path) -> None:
    out = tmp_path / "renege.json"
    assert t42("convert", "samples/renege.t42", "-o", str(out))[0] == 0
    document = json.loads(out.read_text(encoding="utf-8"))
    assert document["format"] == "t42-game"
    assert json_form.loads_game(document) == loads((SAMPLES / "renege.t42").read_text())[0]


def test_convert_writes_good_games_and_reports_bad_ones(tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    code, stdout, err = t42("convert", "samples/broken.t42", "-o", str(out))
    assert code == 1
    assert stdout == ""
    assert "'3O' is not expected here" in err
    assert "2 converted, 1 of them in part" in err
    # game 1 without its hand 2, and game 2 whole
    assert len(out.read_text(encoding="utf-8").splitlines()) == 2


@pytest.mark.parametrize(
    "command",
    [
        ("convert", "samples/broken.t42"),
        ("convert", "samples/broken.t42", "--to", "t42"),
        ("convert", "samples/broken.t42", "--to", "json"),
        ("fmt", "samples/broken.t42"),
        ("replay", "samples/broken.t42", "--print"),
        ("audit", "samples/broken.t42"),
        ("audit", "samples/broken.t42", "--json"),
    ],
)
def test_diagnostics_go_to_stderr_never_into_the_data_on_stdout(command: tuple[str, ...]) -> None:
    """Issue 20: stdout carries only the command's data (`t42 convert FILE > out.jsonl` must
    be JSON Lines); the syntax error of broken.t42 and every summary go to stderr."""
    _, out, err = t42(*command)
    assert "'3O' is not expected here" in err
    assert "samples/broken.t42:37:7: error:" in err
    assert "is not expected here" not in out
    assert "error:" not in out
    if command[:2] == ("convert", "samples/broken.t42") and len(command) == 2:
        assert [json.loads(line)["format"] for line in out.splitlines()] != []
    if command[-1] == "json":
        json.loads(out)


def test_convert_to_stdout_redirected_holds_only_json_lines(tmp_path: Path) -> None:
    """The issue's own command, as a shell runs it: `t42 convert samples/broken.t42 > b.jsonl`."""
    target = tmp_path / "b.jsonl"
    with target.open("w", encoding="utf-8") as stdout:
        done = subprocess.run(
            [sys.executable, "-m", "t42", "convert", str(SAMPLES / "broken.t42")],
            stdout=stdout, stderr=subprocess.PIPE, text=True, check=False, cwd=tmp_path,
        )
    assert done.returncode == 1
    assert "'3O' is not expected here" in done.stderr
    lines = target.read_text(encoding="utf-8").splitlines()
    assert lines
    assert all(json.loads(line)["format"] == "t42-game" for line in lines)


# -- issue 20: a syntax error costs only its hand, an unknown rule set nothing --

UNKNOWN_RULES = (SAMPLES / "broken.t42").read_text(encoding="utf-8").replace(
    '[Rules "straight"]\n[Round "1"]', '[Rules "straight 42"]\n[Round "1"]'
).replace("3O", "30")


def test_audit_keeps_every_readable_hand_and_says_which_were_left_out() -> None:
    code, out, err = t42("audit", "samples/broken.t42")
    assert code == 1
    assert "game 1 · hand 1 · dealer N" in out  # the hand before the typo
    assert "game 2 · hand 1 · dealer W" in out  # the next game, numbered as in the file
    assert "game 2 · hand 2 · dealer N" in out
    assert "game 1 · hand 2" not in out
    assert "samples/broken.t42:37:7: error: '3O' is not expected here" in err
    assert "samples/broken.t42: left out, as it could not be read: game 1 hand 2" in err


def test_replay_keeps_every_readable_hand_and_says_which_were_left_out() -> None:
    code, out, err = t42("replay", "samples/broken.t42", "--print")
    assert code == 1
    assert "W leads 5-5" in out  # game 1, hand 1, trick 1
    assert "S leads 6-4" not in out  # game 1, hand 2 was not read
    assert "N bids 32" in out  # game 2
    assert "samples/broken.t42: left out, as it could not be read: game 1 hand 2" in err
    code, out, _ = t42("replay", "samples/broken.t42", "--print", "--game", "1", "--hand", "1")
    assert code == 1
    assert "W leads 5-5" in out
    assert "N bids 32" not in out


def test_convert_keeps_every_readable_hand_and_the_whole_game_in_rejects(tmp_path: Path) -> None:
    """Nothing is lost: game 1's readable hand is converted, and game 1's text, as written,
    goes to the rejects file, where it can be mended and converted again."""
    out, rejects = tmp_path / "out.jsonl", tmp_path / "rejects.t42"
    code, stdout, err = t42(
        "convert", "samples/broken.t42", "-o", str(out), "--rejects", str(rejects)
    )
    assert code == 1
    assert stdout == ""
    games = [json_form.loads_game(json.loads(line)) for line in out.read_text().splitlines()]
    assert [[h.number for h in g.hands] for g in games] == [[1], [1, 2]]
    assert games[0].tag("Round") == "1"
    broken = (SAMPLES / "broken.t42").read_text(encoding="utf-8")
    kept = rejects.read_text(encoding="utf-8")
    # game 1 exactly as written, the comments before it included
    assert kept == broken[: broken.index("\n; Same table")]
    assert "samples/broken.t42: left out, as it could not be read: game 1 hand 2" in err
    assert (
        "samples/broken.t42: 2 converted, 1 of them in part (without what could not be read); "
        f"the whole text of 1 game is in {rejects}"
    ) in err


@pytest.mark.parametrize(
    "command",
    [("audit", "-"), ("replay", "-", "--print"), ("convert", "-"), ("convert", "-", "--to", "t42")],
)
def test_an_unknown_rule_set_is_reported_and_the_game_goes_on_under_straight(
    command: tuple[str, ...],
) -> None:
    """As validate does: the unknown name is an error, and the game is read under straight
    42 (docs/rules.md's defaults) instead of being dropped."""
    code, out, err = t42(*command, stdin=UNKNOWN_RULES)
    assert code == 1
    assert "there is no rule set 'straight 42'" in err
    assert "[unknown-rules]" in err
    assert "straight 42 (the defaults)" in err
    if command[0] == "audit":
        assert "game 1 · hand 2 · dealer E" in out
    elif command[0] == "replay":
        assert "S bids 30" in out
    elif command[-1] == "t42":
        assert out == UNKNOWN_RULES  # broken.t42 is in canonical form: nothing is lost
    else:
        tags = json.loads(out.splitlines()[0])["tags"]
        assert {"name": "Rules", "value": "straight 42"} in tags
        assert len(out.splitlines()) == 2


def test_convert_bad_json_is_located(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "t42-game", "version": 1, "tags": [], "hands": [\n  {"number": 1, '
                   '"dealer": "X"}]}', encoding="utf-8")
    code, out, _ = t42("validate", str(bad))
    assert code == 1
    assert f"{bad}:2:27: error: hands/0/dealer: 'X' is not a seat" in out
    assert '    2 |   {"number": 1, "dealer": "X"}]}' in out


# The samples that break rules, as they can be written in JSON (broken.t42 cannot be).
FINDING_SAMPLES = [
    name
    for name in SAMPLE_NAMES
    if name != "broken.t42"
    and ": 0 errors, 0 warnings" not in (GOLDEN / f"validate-{name}.txt").read_text()
]


@pytest.mark.parametrize("form", ["json", "jsonl"])
@pytest.mark.parametrize("name", FINDING_SAMPLES)
def test_validate_json_findings_golden(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str, form: str
) -> None:
    """A finding in a JSON record says where its item is written: file:line:col, the line
    and a caret, and the item's JSON Pointer; the findings are those of the notation."""
    stem = name.removesuffix(".t42")
    record = tmp_path / f"{stem}.{form}"
    assert t42("convert", f"samples/{name}", "-o", str(record))[0] == 0
    sample = str(SAMPLES / name)
    monkeypatch.chdir(tmp_path)
    code, out, _ = t42("validate", record.name)
    assert code == 1
    _golden(f"validate-{stem}.{form}.txt", out)
    _, as_json, _ = t42("validate", "--json", record.name, sample)
    in_json, in_notation = (f["findings"] for f in json.loads(as_json)["files"])
    assert all(f["line"] and f["column"] and f["pointer"].startswith("/") for f in in_json)
    assert all("pointer" not in f for f in in_notation)
    unplaced = [{k: v for k, v in f.items() if k not in ("line", "column", "pointer")}
                for f in in_json]
    assert unplaced == [{k: v for k, v in f.items() if k not in ("line", "column")}
                        for f in in_notation]


def test_validate_json_lines_golden_with_a_broken_game_and_unknown_rules(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each game of JSON Lines is placed on its own line: a rule broken, a value the schema
    refuses, and rules t42 does not know, each with its line, column and pointer."""
    renege = json_form.dumps(loads((SAMPLES / "renege.t42").read_text())[0])
    head = '{"format": "t42-game", "version": 1, '
    lines = [
        renege,
        head + '"tags": [], "hands": [{"number": 1, "dealer": "X"}]}',
        head + '"tags": [{"name": "Rules", "value": "sevens-only"}], "hands": []}',
    ]
    (tmp_path / "club.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    code, out, _ = t42("validate", "club.jsonl")
    assert code == 1
    _golden("validate-club-night.jsonl.txt", out)
    _, as_json, _ = t42("validate", "--json", "club.jsonl")
    places = [(f["line"], f["pointer"]) for f in json.loads(as_json)["files"][0]["findings"]]
    assert places == [
        (1, "/hands/0/tricks/2/plays/3"),
        (1, "/hands/1/tricks/1/plays/2"),
        (2, "/hands/0/dealer"),
        (3, "/tags"),
    ]


def test_replay_prints_every_step_when_piped() -> None:
    code, out, _ = t42("replay", "samples/renege.t42", "--hand", "1")
    assert code == 0
    assert "hand 1 · step 1 · hand 1: N deals" in out
    assert "W plays 2-2" in out
    assert "renege" in out
    assert "could have followed with 5-4, 4-2" in out
    assert "\x1b" not in out


def test_replay_unknown_hand_exit_two() -> None:
    code, _, err = t42("replay", "samples/renege.t42", "--hand", "9")
    assert code == 2
    assert "no hand 9 to replay" in err


HOSTILE = "[red]x[/red]\x1b[2J"


@pytest.mark.parametrize("form", ["t42", "json"])
def test_hostile_name_is_shown_literally(form: str) -> None:
    record = (SAMPLES / "renege.t42").read_text().replace("Tom Weatherby", HOSTILE)
    stdin = record if form == "t42" else json.dumps(json_form.dumps_game(loads(record)[0]))
    for command in (("replay", "-", "--hand", "1"), ("validate", "-")):
        code, out, _ = t42(*command, stdin=stdin)
        assert code in (0, 1)
        assert "\x1b" not in out
        if command[0] == "replay":
            assert "E [red]x[/red]\\x1b[2J" in out


def test_installed_command_runs_outside_the_checkout(tmp_path: Path) -> None:
    """The grammar and schema are found wherever t42 is run from (read from the package)."""
    done = subprocess.run(
        [sys.executable, "-m", "t42", "validate", str(SAMPLES / "renege.t42")],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 1
    assert "[renege]" in done.stdout
    assert done.stderr == ""


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("[]{}\";-0123456789 \nNESWhandealrbiptumpsx")),
               max_size=200))
def test_no_input_gives_a_traceback(text: str) -> None:
    for command in ("validate", "fmt", "convert"):
        code, out, err = t42(command, "-", stdin=text)
        assert code in (0, 1, 2)
        assert "Traceback" not in out + err
        assert "internal error" not in err


def test_hostile_source_line_in_a_finding_is_inert() -> None:
    text = f'[North "Ann"]\n[North "{HOSTILE}"]\n'
    code, out, _ = t42("validate", "-", stdin=text)
    assert code == 1
    assert '    2 | [North "[red]x[/red]\\x1b[2J"]' in out
    assert "\x1b" not in out


def test_huge_line_and_huge_tag_value_are_refused_in_bounded_memory(tmp_path: Path) -> None:
    """Limits (docs/notation.md): an 8 MB line is cut while reading and reported too long;
    a 1 MB tag value too; the games after them are still checked."""
    path = tmp_path / "huge.t42"
    good = (SAMPLES / "full-game.t42").read_text(encoding="utf-8")
    with path.open("w", encoding="utf-8") as out:
        out.write('[Event "long"]\nhand 1 dealer N\n1 N ' + "6-4 " * 2_000_000 + "\n\n")
        out.write('[Event "' + "x" * 1_000_000 + '"]\n\n')
        out.write(good)
    code, stdout, _ = t42("validate", str(path))
    assert code == 1
    assert stdout.count("[too-long]") == 2
    assert f"{path}: 3 games, 9 hands: 2 errors, 0 warnings" in stdout


@pytest.mark.parametrize("name", ["broken.t42", "full-game.t42"])
def test_convert_never_overwrites_its_input(tmp_path: Path, name: str) -> None:
    # Not even with every game read whole: no command writes over its input (issue 35;
    # t42 fmt -i is the command that rewrites a file in place). See test_cli_outputs.py.
    path = tmp_path / name
    original = (SAMPLES / name).read_bytes()
    path.write_bytes(original)
    code, _, err = t42("convert", str(path), "-o", str(path))
    assert code == 2
    assert f"-o {path} is the input {path} (the same file): nothing was written" in err
    assert path.read_bytes() == original


def test_convert_rejects_keep_every_bad_game_as_written(tmp_path: Path) -> None:
    """input = output + rejects: the good games convert, the bad ones are kept verbatim."""
    good = (SAMPLES / "renege.t42").read_text(encoding="utf-8")
    broken = (SAMPLES / "broken.t42").read_text(encoding="utf-8")
    archive = tmp_path / "archive.t42"
    archive.write_text(good + "\n" + broken, encoding="utf-8")
    out, rejects = tmp_path / "out.jsonl", tmp_path / "rejects.t42"
    code, _, err = t42("convert", str(archive), "-o", str(out), "--rejects", str(rejects))
    assert code == 1
    assert f"{archive}: 3 converted, 1 of them in part" in err
    assert f"the whole text of 1 game is in {rejects}" in err
    kept = rejects.read_text(encoding="utf-8")
    assert "bid S 3O W pass N pass E pass" in kept
    assert kept in "\n" + broken  # the bad game exactly as written
    written = [json_form.loads_game(json.loads(line)) for line in out.read_text().splitlines()]
    assert [len(g.hands) for g in written] == [2, 1, 2]  # the broken game without its hand 2
    assert t42("convert", str(rejects), "-o", str(tmp_path / "again.jsonl"))[0] == 1


def test_convert_strict_stops_and_writes_nothing(tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    code, _, err = t42("convert", "samples/broken.t42", "-o", str(out), "--strict")
    assert code == 1
    assert "stopped at the first game that cannot be read" in err
    assert not out.exists()
    assert [p.name for p in tmp_path.iterdir()] == []


def test_convert_several_games_to_a_json_array(tmp_path: Path) -> None:
    archive = tmp_path / "two.t42"
    archive.write_text((SAMPLES / "broken.t42").read_text().replace("3O", "30"))
    out = tmp_path / "two.json"
    assert t42("convert", str(archive), "-o", str(out))[0] == 0
    games = json_form.loads(out.read_text(encoding="utf-8"))
    assert len(games) == 2
    assert t42("convert", str(out), "--to", "t42")[1] == archive.read_text()


def test_stats_counts_the_samples() -> None:
    code, out, _ = t42("stats", "--json", "samples/full-game.t42", "samples/renege.t42")
    assert code == 0
    summary = json.loads(out)
    assert (summary["games"], summary["hands"]) == (2, 11)
    assert summary["reneges"] == 2
    made = sum(level["made"] for level in summary["bids"].values())
    played = sum(level["bid"] for level in summary["bids"].values())
    # renege.t42's two hands are decided by the renege penalty: neither made nor set.
    penalty = sum(level["renege_penalty"] for level in summary["bids"].values())
    assert penalty == summary["renege_penalty"] == 2
    assert played - made - penalty == summary["sets"]
    assert sum(summary["contracts"].values()) == 11
    code, out, _ = t42("stats", "samples/full-game.t42")
    assert code == 0
    assert "bids won" in out
    assert "contracts named" in out


def test_deal_writes_legal_games_the_same_for_a_seed() -> None:
    code, first, _ = t42("deal", "--seed", "5", "--games", "3")
    assert code == 0
    assert t42("deal", "--seed", "5", "--games", "3")[1] == first
    assert len(loads(first)) == 3
    code, out, _ = t42("validate", "-", stdin=first)
    assert code == 0
    assert "3 games" in out
    code, jsonl, _ = t42("deal", "--seed", "5", "--games", "3", "--to", "jsonl")
    assert [json_form.loads_game(json.loads(line)) for line in jsonl.splitlines()] == loads(first)
    code, _, err = t42("deal", "--rules", "nope")
    assert code == 2
    assert "there is no rule set 'nope'" in err


def test_validate_strict_stops_at_the_first_finding() -> None:
    code, out, _ = t42("validate", "--strict", "samples/misscore.t42", "samples/renege.t42")
    assert code == 1
    assert out.count("error:") == 1
    assert "[misscored-points]" in out
    assert "renege.t42" not in out


def test_validate_in_parallel_reports_the_same_in_the_same_order(tmp_path: Path) -> None:
    archive = tmp_path / "club.t42"
    samples = [(SAMPLES / name).read_text(encoding="utf-8") for name in SAMPLE_NAMES]
    archive.write_text("\n".join(samples * 3), encoding="utf-8")
    one = t42("validate", "-j", "1", str(archive))
    two = t42("validate", "-j", "2", str(archive))
    assert one == two
    assert one[0] == 1
    assert one[1].count("[renege]") == 3 * 3  # renege.t42 has two, options-findings.t42 one


# --- first contact: -h, --version, completion, help panels, colour --------------------------

COMMANDS = (
    "validate", "fmt", "convert", "stats", "deal", "replay", "audit", "par", "rules", "diagram",
    "html",
)


@pytest.mark.parametrize("command", [(), *((c,) for c in COMMANDS)])
def test_dash_h_is_help_everywhere(command: tuple[str, ...]) -> None:
    short = runner.invoke(app, [*command, "-h"], prog_name="t42")
    long = runner.invoke(app, [*command, "--help"], prog_name="t42")
    assert short.exit_code == 0, short.output
    assert short.stdout == long.stdout
    assert short.stdout.lstrip().startswith(" ".join(("Usage: t42", *command)))
    assert re.search(r"--help +-h ", short.stdout)


def test_version_names_the_release() -> None:
    from notation import __version__
    result = runner.invoke(app, ["--version"], prog_name="t42")
    assert (result.exit_code, result.stdout) == (0, f"t42 {__version__}\n")


def _python_t42(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "t42", *args],
        cwd=ROOT,
        env={**os.environ, **(env or {})},
        capture_output=True,
        text=True,
        check=False,
    )


def test_show_completion_prints_a_script_for_t42() -> None:
    # Typer detects the shell from the process tree; this variable makes it take a name instead.
    done = _python_t42(
        "--show-completion", "bash", env={"_TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION": "1"}
    )
    assert done.returncode == 0, done.stderr
    assert "_T42_COMPLETE=complete_bash" in done.stdout
    assert "complete -o default -F _t42_completion t42" in done.stdout


def test_completion_completes_commands_and_options() -> None:
    commands = _python_t42(env={"_T42_COMPLETE": "complete_bash", "COMP_WORDS": "t42 va",
                                "COMP_CWORD": "1"})
    assert commands.stdout.split() == ["validate"]
    options = _python_t42(env={"_T42_COMPLETE": "complete_bash",
                               "COMP_WORDS": "t42 validate --st", "COMP_CWORD": "2"})
    assert options.stdout.split() == ["--strict"]


def test_help_offers_completion_and_groups_the_commands() -> None:
    result = runner.invoke(app, ["-h"], prog_name="t42")
    text = result.stdout
    assert "--install-completion" in text
    assert "--show-completion" in text
    assert "--version" in text
    panels = {
        "Record-keeping": ("validate", "fmt"),
        "Conversion": ("convert",),
        "Analysis": ("replay", "audit", "par", "stats", "diagram", "html"),
        "Reference and practice": ("rules", "deal"),
    }
    starts = {title: text.index(f"─ {title} ") for title in panels}
    order = sorted(starts, key=starts.__getitem__)
    assert order == list(panels)
    for title, commands in panels.items():
        following = [t for t in order if starts[t] > starts[title]]
        section = text[starts[title]:starts[following[0]] if following else len(text)]
        for command in commands:
            assert f"│ {command} " in section, (title, command)


ESC = "\x1b["


def _colour_runs(tmp_path: Path) -> dict[str, list[str]]:
    """One run of each command that colours something, on stdout or stderr."""
    return {
        "validate": ["validate", "samples/renege.t42"],
        "fmt": ["fmt", "samples/broken.t42"],
        "convert": ["convert", "samples/broken.t42", "-o", str(tmp_path / "out.jsonl")],
        "stats": ["stats", "samples/renege.t42"],
        "deal": ["deal", "--rules", "nope"],
        "replay": ["replay", "samples/renege.t42", "--hand", "1", "--print"],
        "audit": ["audit", "samples/laydown-refuted.t42"],
        "par": ["par", str(_without_deal(tmp_path))],  # coloured words on stderr, quickly
        "rules": ["rules", "texas"],
        "diagram": ["diagram", "samples/renege.t42", "--hand", "9"],
        "html": ["html", "samples/broken.t42", "-o", str(tmp_path / "out.html")],
    }


@pytest.mark.parametrize("command", COMMANDS)
def test_colour_only_when_asked_or_on_a_terminal(command: str, tmp_path: Path) -> None:
    args = _colour_runs(tmp_path)[command]
    plain = {"NO_COLOR": None, "FORCE_COLOR": None, "TERM": "xterm-256color"}

    def run(*extra: str, **env: str | None) -> str:
        result = CliRunner(env={**plain, **env}).invoke(app, [*args, *extra])
        assert result.exit_code in (0, 1, 2), result.output
        assert "Traceback" not in result.stderr
        return result.stdout + result.stderr

    assert ESC not in run()  # piped: auto is off
    assert ESC not in run("--color", "never")
    assert ESC not in run("--color", "auto")
    assert ESC in run("--color", "always")
    assert ESC in run("--color", "always", NO_COLOR="1")  # the flag beats the environment
    assert ESC not in run("--color", "always", "--color", "never")


def _on_a_terminal(args: list[str], **env: str) -> tuple[str, str]:
    """Run t42 with stdout on a pseudo-terminal and stderr on a pipe: (screen, stderr)."""
    import pty

    screen, keyboard = pty.openpty()
    environ = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}
    environ.update(TERM="xterm-256color", COLUMNS="100", LINES="40", **env)
    with subprocess.Popen(
        [sys.executable, "-m", "t42", *args], cwd=ROOT, env=environ,
        stdin=subprocess.DEVNULL, stdout=keyboard, stderr=subprocess.PIPE,
    ) as process:
        os.close(keyboard)
        shown = bytearray()
        while True:
            try:
                chunk = os.read(screen, 65536)
            except OSError:  # the program has closed the terminal
                break
            if not chunk:
                break
            shown += chunk
        stderr = process.stderr.read() if process.stderr else b""
        process.wait(timeout=60)
    os.close(screen)
    return shown.decode(), stderr.decode()


@pytest.mark.parametrize(
    "command", [c for c in COMMANDS if c not in ("fmt", "convert", "deal", "diagram", "html")]
)
def test_auto_colours_a_terminal_unless_no_color(command: str, tmp_path: Path) -> None:
    # fmt, convert, deal, diagram and html colour only their messages on stderr (stdout
    # carries their data), a pipe here.
    args = _colour_runs(tmp_path)[command]
    if command == "par":
        args = ["par", "samples/plunge.t42"]  # a table on stdout
    screen, _ = _on_a_terminal(args)
    assert ESC in screen
    for no_color in ("1", "yes"):
        screen, _ = _on_a_terminal(args, NO_COLOR=no_color)
        assert ESC not in screen
    screen, _ = _on_a_terminal(args, NO_COLOR="")  # empty means unset (no-color.org)
    assert ESC in screen
    screen, _ = _on_a_terminal([*args, "--color", "never"])
    assert ESC not in screen


def test_auto_colours_each_stream_on_its_own() -> None:
    screen, stderr = _on_a_terminal(["validate", "no-such-file.t42", "samples/renege.t42"])
    assert ESC in screen
    assert stderr == "no-such-file.t42: no such file\n"


def test_hostile_text_stays_inert_with_colour_forced() -> None:
    text = f'[North "Ann"]\n[North "{HOSTILE}"]\n'
    code, out, _ = t42("validate", "--color", "always", "-", stdin=text)
    assert code == 1
    assert ESC in out
    assert "\x1b[2J" not in out
    assert '\\x1b[2J"]' in out


# --- the interactive replay is installed, and loaded only when it starts ---------------------

PROBE = """\
import sys
sys.argv = ["t42", *sys.argv[1:]]
try:
    from t42.commands import main
    main()
finally:
    sys.stderr.write("\\ntextual loaded\\n" if "textual" in sys.modules else "\\nno textual\\n")
"""


@pytest.mark.parametrize(
    "args",
    [
        ["validate", "samples/renege.t42"],
        ["validate", "--json", "samples/renege.t42"],
        ["fmt", "samples/full-game.t42"],
        ["convert", "samples/full-game.t42", "--to", "json"],
        ["stats", "samples/renege.t42"],
        ["deal", "--games", "2"],
        ["rules"],
        ["audit", "samples/early-end.t42", "--hand", "1"],
        ["replay", "samples/renege.t42", "--print"],
        ["--version"],
        ["-h"],
    ],
)
def test_commands_start_without_textual(args: list[str]) -> None:
    done = subprocess.run(
        [sys.executable, "-c", PROBE, *args], cwd=ROOT, capture_output=True, text=True,
        check=False,
    )
    assert done.returncode in (0, 1), done.stderr
    assert done.stderr.endswith("\nno textual\n")


def test_the_interactive_replay_is_installed_with_t42() -> None:
    from importlib.metadata import metadata, requires

    from packaging.requirements import Requirement

    required = [Requirement(r) for r in requires("t42") or []]
    textual = [r for r in required if r.name == "textual"]
    assert any(r.marker is None for r in textual), "textual must be a core dependency"
    assert "tui" in metadata("t42").get_all("Provides-Extra", [])  # t42[tui] still installs


def _shown_block(command: str) -> str:
    """The output docs/reference/exit-codes.md shows under ``$ command``, up to the end of its
    block (made by docs/examples.py, 80 columns wide)."""
    page = (ROOT / "docs" / "reference" / "exit-codes.md").read_text(encoding="utf-8")
    start = page.index(f"\n$ {command}\n") + len(f"\n$ {command}\n")
    return page[start:page.index("\n```", start) + 1]


@pytest.mark.parametrize(
    "args", [["-h"], ["--version"], ["--show-completion", "bash"]], ids=" ".join
)
def test_the_docs_tour_shows_real_output(
    args: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    if args[0] == "--show-completion":
        # Read as the command is built: --show-completion then takes the shell's name.
        monkeypatch.setenv("_TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION", "1")
    result = CliRunner(env={"COLUMNS": "80", "TERMINAL_WIDTH": None}).invoke(
        app, args, prog_name="t42"
    )
    assert result.exit_code == 0
    shown = "\n".join(line.rstrip() for line in result.stdout.split("\n")).strip("\n") + "\n"
    command = "t42 --show-completion" if args[0] == "--show-completion" else f"t42 {args[0]}"
    assert _shown_block(command) == shown


# -- t42 par --

PAR_SCHEMA = json.loads((ROOT / "schemas" / "par.schema.json").read_text(encoding="utf-8"))


def _without_deal(tmp_path: Path) -> Path:
    """early-end.t42 with its deal lines taken out: four tricks show only 16 of the tiles."""
    lines = (SAMPLES / "early-end.t42").read_text(encoding="utf-8").split("\n")
    kept = [ln for ln in lines if not ln.startswith(("deal ", "     "))]
    path = tmp_path / "no-deal.t42"
    path.write_text("\n".join(kept), encoding="utf-8")
    return path


def _valid_par_json(out: str) -> dict[str, Any]:
    from jsonschema import Draft202012Validator  # type: ignore[import-untyped, unused-ignore]

    Draft202012Validator.check_schema(PAR_SCHEMA)
    report: dict[str, Any] = json.loads(out)
    Draft202012Validator(PAR_SCHEMA).validate(report)
    return report


def test_par_prints_the_table_of_a_hand() -> None:
    code, out, err = t42("par", "samples/plunge.t42")
    assert code == 0, err
    assert "samples/plunge.t42 game 1 hand 1, dealer" in out
    for heading in ("0s", "6s", "dbl", "fm", "Nello", "Plunge", "Splash", "Sevens"):
        assert heading in out
    assert "◆ par: W 4m plunge fours" in out
    assert err == ""


@pytest.mark.parametrize(("name", "hand"), [("plunge.t42", "1"), ("points-game.t42", "2")])
def test_par_json_follows_the_schema_and_the_library(name: str, hand: str) -> None:
    from notation.analysis.par import hand_par

    code, out, err = t42("par", f"samples/{name}", "--hand", hand, "--json")
    assert code == 0, err
    report = _valid_par_json(out)
    [entry] = report["hands"]
    read = next(read_games((SAMPLES / name).read_text(encoding="utf-8")))
    record = next(h for h in read.game.hands if h.number == int(hand))
    table = hand_par(record, read.rules)
    assert table is not None
    assert entry["table"] == table.as_json()
    assert report["path"] == f"samples/{name}"


def test_par_says_when_a_hand_has_no_known_deal(tmp_path: Path) -> None:
    path = _without_deal(tmp_path)
    code, out, err = t42("par", str(path), "--hand", "1")
    assert code == 2
    assert out == ""
    assert f"{path}: game 1 hand 1: the deal is not known" in err
    assert "Traceback" not in err
    code, out, _ = t42("par", str(path), "--json")
    report = _valid_par_json(out)
    assert [h["table"] for h in report["hands"]] == [None, None, None]
    assert all("the deal is not known" in h["why"] for h in report["hands"])


def test_par_under_small_end_opening(tmp_path: Path) -> None:
    code, out, err = t42("par", "samples/options-findings.t42", "--json")
    assert code == 0, err
    report = _valid_par_json(out)
    assert all(h["table"] is not None and not h["why"] for h in report["hands"])


def test_par_errors_are_located_and_plain() -> None:
    code, out, err = t42("par", "samples/plunge.t42", "--hand", "9")
    assert (code, out) == (2, "")
    assert "samples/plunge.t42: no hand 9 to analyse" in err
    code, _, err = t42("par", "samples/plunge.t42", "--game", "3")
    assert code == 2
    assert "no game 3 to analyse" in err
    code, _, err = t42("par", "samples/no-such-file.t42")
    assert code == 2
    assert "no-such-file.t42" in err
    assert "Traceback" not in err


@pytest.mark.parametrize(
    "command",
    [
        ["deal", "--games", "30"],
        ["fmt", "@GAMES@"],
        ["replay", "@GAMES@", "--print"],
        ["convert", "@GAMES@", "--to", "jsonl"],
    ],
    ids=lambda c: c[0],
)
def test_a_closed_pipe_ends_a_command_quietly(command: list[str], tmp_path: Path) -> None:
    """`t42 … | head`: the reader stops early; t42 stops too, exit 0, with nothing said."""
    t42 = str(Path(sys.executable).parent / "t42")
    games = tmp_path / "games.t42"
    games.write_text(
        subprocess.run([t42, "deal", "--games", "30"], capture_output=True, text=True,
                       check=True).stdout,
        encoding="utf-8",
    )
    argv = [t42, *(str(games) if a == "@GAMES@" else a for a in command)]
    run = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert run.stdout is not None
    assert run.stdout.readline()  # the first line, as `head -1` reads it, then close
    run.stdout.close()
    _, said = run.communicate(timeout=120)
    assert run.returncode == 0, said
    assert said == b""


def test_validate_names_the_hands_left_out_in_its_summary() -> None:
    code, stdout, _ = t42("validate", str(SAMPLES / "broken.t42"))
    assert code == 1
    summary = stdout.strip().split("\n")[-1]
    assert summary.startswith(f"{SAMPLES / 'broken.t42'}: 2 games, 3 hands")
    assert summary.endswith("; left out, as it could not be read: game 1 hand 2 (line 32)"), summary


def test_fmt_check_says_where_the_text_leaves_the_canonical_form(tmp_path: Path) -> None:
    text = (SAMPLES / "full-game.t42").read_text(encoding="utf-8")
    canonical = t42("fmt", str(SAMPLES / "full-game.t42"))[1]
    lines = canonical.split("\n")
    for at in (12, len(lines) - 3):  # a line in the tags' part, one near the end
        messy = tmp_path / "messy.t42"
        changed = lines.copy()
        changed[at - 1] = changed[at - 1].replace(" ", "  ", 1) or " "
        messy.write_text("\n".join(changed), encoding="utf-8")
        code, stdout, _ = t42("fmt", "--check", str(messy))
        assert code == 1
        assert f"{messy}:{at}: not in canonical form" in stdout
        assert f"expected: {lines[at - 1]}" in stdout
    assert text  # the sample itself reads


# -- writing: the machine's problems said in words (a full disk, permissions, links) --

MESSY = '[North "Ann"] [event "Club"]\nHAND 1 DEALER n\nbid e PASS s 30 w pass n pass\ntrump 5\n'


def _cli(*args: str, cwd: Path = ROOT, stdout: Any = subprocess.PIPE,
         as_nobody: bool = False) -> subprocess.CompletedProcess[str]:
    """t42 run as a user would: a process of its own (as ``nobody`` for ``as_nobody`` when
    run as the superuser, whom permission bits do not stop; setpriv keeps the right to
    reach this Python until it starts, where the superuser's may lie in a private folder)."""
    become = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] if (
        as_nobody and os.getuid() == 0) else []
    return subprocess.run([*become, sys.executable, "-m", "t42", *args], cwd=cwd,
                          stdout=stdout, stderr=subprocess.PIPE, text=True, check=False)


def _said_in_words(done: subprocess.CompletedProcess[str], words: str) -> None:
    assert done.returncode == 2, done.stderr
    assert words in done.stderr
    assert "internal error" not in done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize(
    "args",
    [
        ("fmt", "samples/full-game.t42"),
        ("deal", "--games", "30"),
        ("convert", "samples/full-game.t42"),
    ],
)
def test_a_full_disk_under_the_output_is_an_error_in_words(args: tuple[str, ...]) -> None:
    # /dev/full refuses every write as a full disk does.
    with open("/dev/full", "w") as full:
        done = _cli(*args, stdout=full)
    _said_in_words(done, "cannot be written: the disk is full")


def test_output_to_a_pipe_is_written_into_never_replaced(tmp_path: Path) -> None:
    # A named pipe (or a device: /dev/null, /dev/stdout) is not a file to rename over.
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    end = os.open(pipe, os.O_RDONLY | os.O_NONBLOCK)  # the game's 20 KB fit in the pipe
    try:
        done = _cli("convert", "samples/full-game.t42", "-o", str(pipe), "--to", "jsonl")
        received = b"".join(iter(partial(os.read, end, 1 << 16), b""))
    finally:
        os.close(end)
    assert done.returncode == 0, done.stderr
    assert pipe.is_fifo()
    assert received.decode() == _cli("convert", "samples/full-game.t42").stdout
    assert [p.name for p in tmp_path.iterdir()] == ["pipe"]


def test_analyze_on_a_full_disk_with_two_processes_says_so(tmp_path: Path) -> None:
    two = tmp_path / "two.t42"
    two.write_text((SAMPLES / "low-no.t42").read_text(encoding="utf-8") + "\n"
                   + (SAMPLES / "sevens.t42").read_text(encoding="utf-8"), encoding="utf-8")
    with open("/dev/full", "w") as full:
        done = _cli("analyze", str(two), "--jobs", "2", stdout=full)
    _said_in_words(done, "cannot be written: the disk is full")


def test_fmt_in_place_through_a_link_formats_the_file_it_points_at(tmp_path: Path) -> None:
    (tmp_path / "club").mkdir()
    real = tmp_path / "club" / "messy.t42"
    real.write_text(MESSY, encoding="utf-8")
    link = tmp_path / "messy.t42"
    link.symlink_to(real)
    done = _cli("fmt", "-i", str(link))
    assert done.returncode == 0, done.stderr
    assert link.is_symlink()
    assert real.read_text(encoding="utf-8") == _cli("fmt", str(real)).stdout
    assert "[Event \"Club\"]" in real.read_text(encoding="utf-8")


def test_fmt_in_place_leaves_a_read_only_file_alone(tmp_path: Path) -> None:
    messy = tmp_path / "messy.t42"
    messy.write_text(MESSY, encoding="utf-8")
    messy.chmod(0o444)
    _said_in_words(_cli("fmt", "-i", str(messy)), "messy.t42: the file is read-only")
    assert messy.read_text(encoding="utf-8") == MESSY


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("fmt", "-i", "ro/messy.t42"), "messy.t42: cannot be written: you may not write in"),
        (("convert", "ro/messy.t42", "-o", "ro/out.json"),
         "out.json: cannot be written: you may not write in"),
        (("convert", "ro/messy.t42", "-o", "out.json", "--rejects", "ro/rejects.t42"),
         "rejects.t42: cannot be written: you may not write in"),
    ],
)
def test_a_folder_the_user_may_not_write_in_is_said_in_words(
    args: tuple[str, ...], words: str
) -> None:
    # Run as a user who is not the superuser: the folder's bits are what stops the write.
    with tempfile.TemporaryDirectory() as place:
        here = Path(place)
        here.chmod(0o777)
        (here / "ro").mkdir()
        (here / "ro" / "messy.t42").write_text(MESSY, encoding="utf-8")
        if os.getuid() == 0:
            os.chown(here / "ro" / "messy.t42", 65534, 65534)  # the user's file, not folder
        (here / "ro").chmod(0o555)
        done = _cli(*args, cwd=here, as_nobody=True)
        _said_in_words(done, words)
        assert (here / "ro" / "messy.t42").read_text(encoding="utf-8") == MESSY
        assert sorted(p.name for p in (here / "ro").iterdir()) == ["messy.t42"]


def test_fmt_in_place_leaves_alone_a_file_being_recorded(tmp_path: Path) -> None:
    from notation.files import open_locked

    messy = tmp_path / "messy.t42"
    messy.write_text(MESSY, encoding="utf-8")
    with open_locked(messy):  # as t42 record holds it
        done = _cli("fmt", "-i", str(messy))
    _said_in_words(done, f"another program (process {os.getpid()}) is writing this file")
    assert messy.read_text(encoding="utf-8") == MESSY


def test_fmt_in_place_leaves_alone_a_file_appended_to_meanwhile(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # `fmt -i` while another program appended lost what was appended (1,851 of 1,881
    # lines): the file changed since it was read is not replaced.
    from t42 import checking, records

    messy = tmp_path / "messy.t42"
    messy.write_text(MESSY, encoding="utf-8")
    read = records.read_record_file

    def read_then_append(path: Path, *, check: bool) -> Any:
        result = read(path, check=check)
        with messy.open("a", encoding="utf-8") as other:
            other.write("\n; appended meanwhile\n")
        return result

    monkeypatch.setattr(checking, "read_record_file", read_then_append)
    code, _, err = t42("fmt", "-i", str(messy))
    assert code == 2
    assert "another program changed the file" in err
    assert messy.read_text(encoding="utf-8") == MESSY + "\n; appended meanwhile\n"


# -- what the reader accepts, every writer writes, or the game goes to the rejects --

def _after_first(text: str, pattern: str, added: str) -> str:
    return re.sub(pattern, lambda m: m.group(0) + added, text, count=1)


def _three_games() -> list[str]:
    rng = random.Random(3)
    return [notation.dumps(notation.random_game(rng, rule_set("straight"))) for _ in range(3)]


# Not "\r": a CR ends a line, and so the comment (tests/notation/formats/text/test_line_ends.py).
@pytest.mark.parametrize("odd", ["\f", "\v", "\x1c", "\x85", "\u2028", "\u2029"])
def test_a_semicolon_comment_holds_what_the_notation_reads_in_either_form(
    tmp_path: Path, odd: str
) -> None:
    # A ; comment ends at "\n" only (the grammar's LINE_COMMENT); JSON refused these, and
    # one such comment stopped a whole convert.
    text = _after_first(_three_games()[0], r"hand 1 dealer \w", f" ; a{odd}b")
    source = tmp_path / "club.t42"
    source.write_bytes(text.encode())
    code, lines, err = t42("convert", str(source))
    assert code == 0, err
    (game,) = json_form.loads(lines)
    assert game == notation.loads(text)[0]
    assert game.hands[0].header.after[0].text == f"a{odd}b"
    back = tmp_path / "club.jsonl"
    back.write_text(lines, encoding="utf-8")
    code, again, err = t42("convert", str(back), "--to", "t42")
    assert code == 0, err
    assert notation.loads(again)[0] == game


ODD = [  # (what is done to the second game, words said of it, is the hand read)
    # the writer refuses the game: it goes to the rejects whole
    (lambda g: _after_first(g, r'\[West "[^"]*"\]', '\n[West "y"]'),
     "the West tag is written twice", True),
    # the reader refuses the item: the game is converted without that hand, and its whole
    # text goes to the rejects
    (lambda g: g.replace("hand 1 dealer", "hand 100000000000000000000 dealer", 1),
     "too large", False),
    (lambda g: re.sub(r"^bid (\S+) (\S+)", r"bid \1 9999999999999999999m", g, count=1,
                      flags=re.MULTILINE), "is not a bid", False),
]


@pytest.mark.parametrize(("odd", "words", "read"), ODD)
def test_one_odd_game_goes_to_the_rejects_and_the_others_are_converted(
    tmp_path: Path, odd: Callable[[str], str], words: str, read: bool
) -> None:
    games = _three_games()
    games[1] = odd(games[1])
    assert games[1] != _three_games()[1]
    source = tmp_path / "club.t42"
    source.write_text("\n".join(games), encoding="utf-8")
    out, rejects = tmp_path / "out.jsonl", tmp_path / "rejects.t42"
    code, _, err = t42("convert", str(source), "-o", str(out), "--rejects", str(rejects))
    assert code == 1, err
    assert words in err
    assert re.search(r"club\.t42:\d+:\d+: error: ", err)  # located
    kept = [g for line in out.read_text(encoding="utf-8").splitlines()
            for g in json_form.loads(line)]
    good = [notation.loads(games[0])[0], notation.loads(games[2])[0]]
    assert [kept[0], kept[-1]] == good
    assert len(kept) == (2 if read else 3)  # a game read in part is converted in part
    assert rejects.read_bytes().decode().strip("\n") == games[1].strip("\n")
    code, _, err = t42("html", str(source), "-o", str(tmp_path / "club.html"))
    assert code == 1, err
    assert "internal error" not in err


def test_a_file_of_which_nothing_can_be_read_is_no_game(tmp_path: Path) -> None:
    # 4,900 `[` then 4,900 `]` named .json is read as notation: a game of `?` tags and no
    # hands was made from nothing and counted converted.
    for text in ("[" * 4900 + "]" * 4900, "[[x]]\n", '[Event "x"\n'):
        source = tmp_path / "d.json"
        source.write_text(text, encoding="utf-8")
        rejects = tmp_path / "rejects.txt"
        code, out, err = t42("convert", str(source), "--rejects", str(rejects))
        assert code == 2, err
        assert out == ""
        assert "0 converted" in err
        assert rejects.read_text(encoding="utf-8").rstrip("\n") == text.rstrip("\n")


def test_fmt_in_place_of_a_missing_file_or_a_folder_says_so(tmp_path: Path) -> None:
    code, _, err = t42("fmt", "-i", str(tmp_path / "missing.t42"))
    assert (code, err.strip()) == (2, f"{tmp_path / 'missing.t42'}: no such file")
    code, _, err = t42("fmt", "-i", str(tmp_path))
    assert (code, err.strip()) == (2, f"{tmp_path}: is a folder, not a file")
