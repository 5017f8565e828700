"""The README is a front door: short, its set-up commands and every ``t42`` command in it
run as shown, its links lead somewhere, and the test command CI reads from it builds the
documentation in strict mode. (Its shown outputs are held by tests/docs/test_examples.py,
its Python example is a doctest: pyproject.toml's --doctest-glob.)"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")
BLOCKS = re.findall(r"^```(\w*)\n(.*?)^```\n", README, re.MULTILINE | re.DOTALL)


def _test_command() -> str:
    inside = README.split("<!-- test-command:start -->\n")[1].split("<!-- test-command:end -->")[0]
    return "\n".join(line for line in inside.splitlines() if not line.startswith("```"))


def test_the_readme_is_a_front_door() -> None:
    assert len(README.splitlines()) <= 150
    for words in ("## Set up and run", "<!-- test-command:start -->", "t42 validate",
                  "```pycon", "![Hand 1 of samples/renege.t42 after trick 3",
                  ". .venv/bin/activate"):
        assert words in README, words
    # No dated run log: no day of a month with a time, no commit hash.
    assert not re.search(r"\b\d{1,2} (January|February|March|April|May|June|July|August|"
                         r"September|October|November|December)\b", README)


def test_the_test_command_builds_the_site_strictly_and_runs_every_check() -> None:
    command = _test_command()
    for step in (".venv/bin/pip install '.[test,docs]'", ".venv/bin/ruff check .",
                 ".venv/bin/mypy", ".venv/bin/lint-imports",
                 ".venv/bin/sphinx-build -W --keep-going -n", ".venv/bin/pytest"):
        assert step in command, step
    assert command.index("sphinx-build") < command.index(".venv/bin/pytest")
    # The contributing page shows the same command.
    page = (ROOT / "docs" / "project" / "contributing.md").read_text(encoding="utf-8")
    assert f"```sh\n{command}\n```" in page


def test_the_readmes_links_lead_to_files_of_the_checkout() -> None:
    links = re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", README)
    assert any(link.startswith("docs/") for link in links)
    missing = [link for link in links if "://" not in link and not (ROOT / link).exists()]
    assert missing == []


def _commands_not_shown_with_output() -> list[str]:
    """The t42 commands of the README other than those of its ``console`` blocks (which
    test_examples runs and compares): in its ``sh`` blocks (the set-up command's too) and in
    its text, as `t42 COMMAND ARGUMENT…` (`t42 validate` alone names a command); ``.venv/bin/t42``
    is the t42 installed for this run."""
    found: list[str] = []
    for language, body in BLOCKS:
        if language == "console":
            continue
        for line in body.splitlines():
            for part in line.split("&&"):
                words = part.strip()
                if words.startswith(("t42 ", ".venv/bin/t42 ")):
                    found.append(words.removeprefix(".venv/bin/"))
    prose = re.sub(r"^```.*?^```\n", "", README, flags=re.MULTILINE | re.DOTALL)
    found += [c for c in re.findall(r"`(t42 [^`]+)`", prose) if len(c.split()) > 2]
    return found


COMMANDS = _commands_not_shown_with_output()


def test_the_readme_names_the_commands_a_newcomer_runs() -> None:
    assert "t42 validate samples/full-game.t42" in COMMANDS  # the set-up command's
    assert "t42 replay samples/full-game.t42 --hand 1" in COMMANDS
    assert "t42 -h" in COMMANDS


@pytest.mark.parametrize("command", COMMANDS)
def test_every_t42_command_of_the_readme_runs_as_shown(command: str, tmp_path: Path) -> None:
    """As on a fresh checkout after the set-up command: from the checkout's folder (a copy of
    what the commands read), the environment's t42 first on the PATH."""
    for name in ("samples", "schemas"):
        (tmp_path / name).symlink_to(ROOT / name)
    words = shlex.split(command)
    environment = {**os.environ,
                   "PATH": str(Path(sys.executable).parent) + os.pathsep + os.environ["PATH"]}
    done = subprocess.run(words, cwd=tmp_path, env=environment, capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, timeout=300, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Traceback" not in done.stderr
    for flag in ("-o",):
        if flag in words:  # what it was asked to write is there
            assert (tmp_path / words[words.index(flag) + 1]).stat().st_size > 0
