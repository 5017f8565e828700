"""Each ``t42`` command loads only what it uses: run as a user runs it, in a process of its own,
it leaves out of ``sys.modules`` every heavy module it does not need (the parser, the checks,
the solver, the interfaces it does not start, Pydantic, Typer's help formatter …). An import
put back at the top of a command's module shows here as a module loaded by ``t42 -h``.
``bench/startup.py`` times the same commands."""

from __future__ import annotations

import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = "samples/full-game.t42"

# Runs t42 as its script does and, as the process ends, writes the names of the modules it
# loaded to the file named first on its command line.
PROBE = (
    "import atexit, sys\n"
    "out = sys.argv.pop(1)\n"
    "atexit.register(lambda: open(out, 'w').write('\\n'.join(sorted(sys.modules))))\n"
    "sys.argv[0] = 't42'\n"
    "from t42 import main\n"
    "main()\n"
)

# What no command but those that need it loads.
THE_SOLVER = ("numba", "numpy", "notation.solver", "notation.analysis")
THE_INTERFACES = ("textual", "replay", "club", "starlette", "sqlalchemy", "uvicorn", "jinja2")
TYPERS_EXTRAS = ("pydantic", "typer.rich_utils", "markdown_it")
THE_READING = ("lark", "notation.formats.text.reader", "notation.archive.quick_check",
               "notation.formats.text.canonical", "notation.archive.reading",
               "notation.check", "notation.formats.json", "jsonschema", "orjson")


@dataclass(frozen=True)
class Case:
    args: tuple[str, ...]
    needs: tuple[str, ...]  # loaded: the probe sees the command at work
    never: tuple[str, ...]  # not loaded
    code: int = 0


# Where a command writes, {scratch} stands for a folder of the test's own.
RECORD = "{scratch}/record.t42"


def cases() -> list[Case]:
    light = (*THE_SOLVER, *THE_INTERFACES, "pydantic")
    return [
        Case(("-h",), ("typer.rich_utils",),
             (*THE_READING, *THE_SOLVER, *THE_INTERFACES, "pydantic", "notation.model.game",
              "notation.archive", "notation.views.svg", "multiprocessing")),
        # Asked alone, answered before the app (and Rich) loads.
        Case(("--version",), ("notation",),
             (*THE_READING, *THE_SOLVER, *THE_INTERFACES, *TYPERS_EXTRAS, "t42.commands",
              "rich.console", "notation.model.game", "notation.archive", "multiprocessing")),
        Case(("validate", "-h"), ("typer.rich_utils",),
             (*THE_READING, *THE_SOLVER, *THE_INTERFACES, "pydantic", "notation.archive")),
        Case(("validate", SAMPLE), ("notation.check.validate", "notation.archive.parallel"),
             (*light, "jsonschema", "typer.rich_utils", "markdown_it", "notation.views.svg")),
        Case(("fmt", SAMPLE), ("notation.formats.text.writer",),
             (*light, "jsonschema", "typer.rich_utils", "notation.views.svg",
              "concurrent.futures")),
        Case(("convert", SAMPLE), ("notation.archive.parallel",),
             (*light, "jsonschema", "typer.rich_utils", "notation.views.svg")),
        Case(("stats", SAMPLE), ("notation.archive.stats",),
             (*light, "typer.rich_utils", "notation.views.svg")),
        Case(("diagram", SAMPLE, "--hand", "1"), ("notation.views.svg",),
             (*light, "typer.rich_utils", "concurrent.futures")),
        Case(("html", SAMPLE), ("replay.page",),
             (*THE_SOLVER, "textual", "club", "starlette", "sqlalchemy", "pydantic",
              "typer.rich_utils")),
        Case(("replay", SAMPLE, "--print"), ("replay.render",),
             (*THE_SOLVER, "textual", "club", "starlette", "sqlalchemy", "pydantic",
              "typer.rich_utils", "notation.views.svg")),
        Case(("deal",), ("notation.rules.dealing",),
             (*light, "typer.rich_utils", "notation.views.svg", "concurrent.futures")),
        Case(("rules", "texas"), ("notation.views.rules_view",),
             (*THE_READING, *light, *TYPERS_EXTRAS, "notation.archive", "notation.model.game")),
        # With no terminal to type into, it stops once the record is read and resumed.
        Case(("record", RECORD), ("notation.recording",),
             (*THE_SOLVER, "club", "starlette", "sqlalchemy", "pydantic", "typer.rich_utils",
              "notation.archive.quick_check"), code=2),
        # With a database address it cannot use, it stops once the club's server is loaded.
        Case(("serve", "{scratch}/club", "--database", "nowhere://"), ("club.serve",),
             (*THE_SOLVER, "textual", "pydantic", "typer.rich_utils"), code=2),
        Case(("par", SAMPLE, "--hand", "1"), ("numba", "notation.analysis.par"),
             (*THE_INTERFACES, *TYPERS_EXTRAS, "notation.analysis.review")),
        Case(("audit", SAMPLE, "--hand", "1"), ("numba", "notation.analysis.audit"),
             (*THE_INTERFACES, *TYPERS_EXTRAS)),
        Case(("review", SAMPLE, "--hand", "1", "--samples", "1", "--no-bids"),
             ("numba", "notation.analysis.review"), (*THE_INTERFACES, *TYPERS_EXTRAS)),
        Case(("analyze", SAMPLE, "--jobs", "1"), ("numba", "notation.analysis.run"),
             (*THE_INTERFACES, *TYPERS_EXTRAS, "notation.analysis.review")),
    ]


def loaded(args: tuple[str, ...], scratch: Path) -> tuple[int, set[str]]:
    """The exit code of ``t42 ARGS`` and every module it loaded."""
    out = scratch / "modules.txt"
    run = subprocess.run([sys.executable, "-c", PROBE, str(out), *args], cwd=ROOT,
                         stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=300)
    return run.returncode, set(out.read_text(encoding="utf-8").split())


def among(name: str, modules: set[str]) -> bool:
    """Whether module ``name``, or a module inside it, is among ``modules``."""
    return name in modules or any(m.startswith(name + ".") for m in modules)


@pytest.mark.parametrize("case", cases(), ids=lambda case: " ".join(case.args[:2]))
def test_a_command_loads_only_what_it_uses(case: Case, tmp_path: Path) -> None:
    shutil.copyfile(ROOT / SAMPLE, RECORD.format(scratch=tmp_path))
    code, modules = loaded(tuple(a.format(scratch=tmp_path) for a in case.args), tmp_path)
    assert code == case.code
    assert [name for name in case.needs if not among(name, modules)] == []
    assert [name for name in case.never if among(name, modules)] == []


def test_the_probe_sees_an_import_put_back(tmp_path: Path) -> None:
    """A command module that imported the reader at its top again would load Lark for
    ``t42 -h``: the probe sees it (run on a copy of t42 with that one line added)."""
    copy = tmp_path / "t42"
    shutil.copytree(ROOT / "t42", copy)
    records = copy / "records.py"
    text = records.read_text(encoding="utf-8")
    records.write_text(text.replace("\nimport typer\n",
                                    "\nimport typer\n\nimport notation.archive.reading\n", 1),
                       encoding="utf-8")
    out = tmp_path / "modules.txt"
    subprocess.run([sys.executable, "-c", f"import sys; sys.path.insert(0, {str(tmp_path)!r})\n"
                    + PROBE, str(out), "-h"], cwd=ROOT, capture_output=True, check=True,
                   timeout=300)
    modules = set(out.read_text(encoding="utf-8").split())
    assert among("lark", modules)
    assert among("notation.archive.quick_check", modules)
