"""Option values read without Pydantic (t42.values): read as Typer read them, a bad one said
in words with exit 2, and a kind not read there left to Typer."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import pytest
import typer
from typer.core import TyperCommand
from typer.testing import CliRunner

from t42.commands import app
from t42.values import read_plainly

SAMPLE = str(Path(__file__).resolve().parents[2] / "samples" / "full-game.t42")
runner = CliRunner(env={"COLUMNS": "200"})


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["validate", "--jobs", "0", SAMPLE], "'--jobs' / '-j': 0 is too few: the least is 1"),
        (["validate", "-j", "two", SAMPLE], "'--jobs' / '-j': 'two' is not a whole number"),
        (["serve", "here", "--port", "70000"], "'--port': 70000 is too many: the most is 65535"),
        (["validate", "--color", "purple", SAMPLE],
         "'--color': 'purple' is not one of 'auto', 'always', 'never'."),
        (["deal", "--to", "yaml"], "'--to': 'yaml' is not one of 't42', 'json', 'jsonl'."),
        (["diagram", SAMPLE, "--hand", "1.5"], "'--hand' / '-n': '1.5' is not a whole number"),
    ],
)
def test_a_bad_value_is_said_in_words(args: list[str], words: str) -> None:
    result = runner.invoke(app, args, prog_name="t42")
    assert result.exit_code == 2
    assert f"Invalid value for {words}" in result.stderr
    assert "Traceback" not in result.stderr


def test_values_are_read_as_typed() -> None:
    result = runner.invoke(app, ["validate", "--color", "NEVER", "-j", " 1 ", SAMPLE],
                           prog_name="t42")
    assert result.exit_code == 0, result.stderr
    assert result.stdout == f"{SAMPLE}: 1 game, 9 hands: 0 errors, 0 warnings\n"
    dealt = runner.invoke(app, ["deal", "--seed", "7", "--games", "2", "--to", "jsonl"],
                          prog_name="t42")
    assert (dealt.exit_code, len(dealt.stdout.splitlines())) == (0, 2)


class _Plainly(TyperCommand):
    def get_params(self, ctx: Any) -> list[Any]:
        return read_plainly(super().get_params(ctx))


def test_a_kind_not_read_here_is_left_to_typer() -> None:
    """A float is no kind of t42's: Typer reads it, as it would without t42.values."""
    little = typer.Typer()
    heard: list[object] = []

    @little.command(cls=_Plainly)
    def hear(
        weight: Annotated[float, typer.Option()] = 1.0,
        count: Annotated[int, typer.Option(min=0)] = 0,
    ) -> None:
        heard.append((weight, count))

    assert runner.invoke(little, ["--weight", "2.5", "--count", "3"]).exit_code == 0
    assert heard == [(2.5, 3)]
    refused = runner.invoke(little, ["--weight", "heavy"])
    assert refused.exit_code == 2
    assert "Invalid value for '--weight'" in refused.stderr
