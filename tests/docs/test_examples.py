"""Every output the README and the site's pages show under a ``$ command`` is what that
command prints now (docs/examples.py runs them; ``python docs/examples.py --write`` brings
the pages up to date)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _examples_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("docs_examples", ROOT / "docs" / "examples.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while they are made
    spec.loader.exec_module(module)
    return module


EXAMPLES: Any = _examples_module()
SHOWN = EXAMPLES.every_example()


def test_the_pages_show_outputs_of_commands() -> None:
    shown_in = {example.page.relative_to(ROOT).as_posix() for example in SHOWN}
    for page in ("README.md", "docs/getting-started.md", "docs/guides/auditing.md",
                 "docs/guides/sharing.md", "docs/guides/converting.md",
                 "docs/guides/analysing.md", "docs/guides/scorekeeping.md",
                 "docs/reference/exit-codes.md"):
        assert page in shown_in, f"{page} shows no command's output"


@pytest.mark.parametrize("example", SHOWN, ids=[e.name for e in SHOWN])
def test_a_shown_output_is_what_the_command_prints_now(example: Any) -> None:
    now = EXAMPLES.run(example.command)
    assert now == example.shown, (
        f"{example.name}: the page shows another output than the command prints now; "
        "run `python docs/examples.py --write` and read the difference")
    assert "Traceback" not in now


def test_a_changed_output_is_caught_and_written_back(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text("# A page\n\n```console\n$ t42 --version\nt42 0.0.0\n```\n\nAfter.\n",
                    encoding="utf-8")
    [example] = EXAMPLES.examples(page)
    assert example.shown == "t42 0.0.0\n"
    now = EXAMPLES.run(example.command)
    assert now != example.shown
    assert now.startswith("t42 ")
    text = page.read_text(encoding="utf-8")
    page.write_text(text[:example.start] + now + text[example.end:], encoding="utf-8")
    assert EXAMPLES.examples(page)[0].shown == now
    assert page.read_text(encoding="utf-8").endswith("```\n\nAfter.\n")
