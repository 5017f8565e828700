"""docs/architecture.md held to the code: its "one home" tables, the import graph, the sizes.

Each row of a table under "## One home for each piece of knowledge" names, in backquotes, its
homes in the second column (``package.module.name``, ``package.module.Class.attribute``, a
module, or a file of the repository) and its users in the third (modules). The tests hold that
each home exists where the row says, that each user really uses a home of its row (imports it,
its module, or reads the attribute), and that no other module of ``notation`` defines a
constant of the same name as a home constant.
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import inspect
import re
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import ModuleType

import grimp
import pytest

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "architecture.md"
PACKAGES = ("notation", "replay", "club", "t42")
HOMES_SECTION = "## One home for each piece of knowledge"
LONGEST_MODULE = 600
LONGEST_FUNCTION = 80
# The marker a module over LONGEST_MODULE lines writes in its first docstring, with the reason.
LONG_MODULE_MARKER = "Longer than 600 lines because"
# The compiled search is one function on purpose: Numba compiles it whole (docs/architecture.md).
LONG_FUNCTIONS_ALLOWED = {("notation/solver/search.py", "_search")}
QUOTED = re.compile(r"`([^`]+)`")


@dataclass(frozen=True)
class Row:
    """One row of a "one home" table: what is known, where it lives, who uses it."""

    what: str
    homes: tuple[str, ...]
    users: tuple[str, ...]


def home_rows(text: str) -> list[Row]:
    r"""The rows of every table in the "one home" section of ``text``.

    >>> doc = ("## One home for each piece of knowledge\n| what | the one home | used by |\n"
    ...        "|---|---|---|\n| a trick's worth | `notation.rules.play.trick_points` | "
    ...        "`notation.rules.tricks` |\n")
    >>> [(row.homes, row.users) for row in home_rows(doc)]
    [(('notation.rules.play.trick_points',), ('notation.rules.tricks',))]
    """
    section = text.split(HOMES_SECTION, 1)[1].split("\n## ", 1)[0]
    rows = []
    for line in section.splitlines():
        if not line.startswith("|"):
            continue
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) != 3:
            raise ValueError(f"a row of a one-home table has three cells: {line}")
        if set(cells[1]) <= set("-: ") or cells[1] == "the one home" or cells[1] == "home":
            continue  # the header and the rule under it
        rows.append(Row(cells[0], tuple(QUOTED.findall(cells[1])), tuple(QUOTED.findall(cells[2]))))
    return rows


ROWS = home_rows(DOC.read_text(encoding="utf-8"))


def resolve(dotted: str) -> tuple[ModuleType, list[str]]:
    """The longest importable module ``dotted`` starts with, and the attribute path after it."""
    parts = dotted.split(".")
    module = importlib.import_module(parts[0])
    cut = 1
    while cut < len(parts) and hasattr(module, "__path__"):  # a package: is the next a module?
        name = ".".join(parts[: cut + 1])
        if importlib.util.find_spec(name) is None:
            break
        module = importlib.import_module(name)
        cut += 1
    return module, parts[cut:]


def source_path(module: str) -> Path:
    spec = importlib.util.find_spec(module)
    assert spec is not None, f"{module} is not a module"
    assert spec.origin is not None, f"{module} has no source"
    return Path(spec.origin)


@cache
def tree_of(module: str) -> ast.Module:
    return ast.parse(source_path(module).read_text(encoding="utf-8"))


def imported(module: str) -> set[tuple[str, str | None]]:
    """What ``module`` imports anywhere in its source, as (module, name) pairs: ``(M, None)``
    for ``import M``, ``(M, n)`` for ``from M import n`` (relative imports made absolute)."""
    package = module if source_path(module).name == "__init__.py" else module.rpartition(".")[0]
    found: set[tuple[str, str | None]] = set()
    for node in ast.walk(tree_of(module)):
        if isinstance(node, ast.Import):
            found.update((alias.name, None) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = importlib.util.resolve_name("." * node.level + base, package)
            found.update((base, alias.name) for alias in node.names)
    return found


def attributes_read(module: str) -> set[str]:
    return {n.attr for n in ast.walk(tree_of(module)) if isinstance(n, ast.Attribute)}


def uses(user: str, home: str) -> bool:
    """Whether ``user`` uses ``home``: a module, by importing it; a name, by importing it from
    its module (or from a module that passes on the very same object under the same name), or
    by importing its module and reading the name off it; an attribute of a class (a method, a
    property), by reading that attribute off the objects the user is given."""
    home_module, path = resolve(home)
    module_name = home_module.__name__
    parent, _, leaf = module_name.rpartition(".")
    pairs = imported(user)
    module_imported = (module_name, None) in pairs or (parent, leaf) in pairs
    if not path:
        return module_imported or any(source == module_name for source, _ in pairs)
    if len(path) > 1:
        return path[-1] in attributes_read(user)
    if module_imported and path[0] in attributes_read(user):
        return True
    target = getattr(home_module, path[0])
    for source, name in pairs:
        if name != path[0] or not source:
            continue
        if source == module_name or getattr(importlib.import_module(source), name, None) is target:
            return True
    return False


def test_the_doc_has_home_rows() -> None:
    assert len(ROWS) > 20
    assert all(row.homes for row in ROWS), [row.what for row in ROWS if not row.homes]


@pytest.mark.parametrize("row", ROWS, ids=[row.what[:50] for row in ROWS])
def test_each_home_exists_and_its_users_use_it(row: Row) -> None:
    dotted = [home for home in row.homes if "/" not in home]
    for home in row.homes:
        if "/" in home:
            assert (ROOT / home).exists(), f"{row.what}: {home} is not a file of the repository"
            continue
        module, path = resolve(home)
        target: object = module
        for attribute in path:
            assert hasattr(target, attribute), f"{row.what}: {home} is not defined"
            target = getattr(target, attribute)
            if inspect.isclass(target) or inspect.isfunction(target):
                assert target.__module__ == module.__name__, (
                    f"{row.what}: {home} is only passed on by {module.__name__}, "
                    f"defined in {target.__module__}")
    for user in row.users:
        assert user.split(".")[0] in PACKAGES, f"{row.what}: {user} is not a module of t42"
        assert importlib.util.find_spec(user) is not None, f"{row.what}: no module {user}"
    idle = [user for user in row.users if not any(uses(user, home) for home in dotted)]
    assert not idle, f"{row.what}: {', '.join(idle)} use none of {', '.join(dotted)}"


def module_constants(path: Path) -> set[str]:
    """The names a module assigns at its top level in capitals (its constants)."""
    names: set[str] = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        targets = node.targets if isinstance(node, ast.Assign) else (
            [node.target] if isinstance(node, ast.AnnAssign) else [])
        for target in targets:
            for name in ast.walk(target):
                if isinstance(name, ast.Name) and name.id.isupper():
                    names.add(name.id)
    return names


def module_source(name: str, file: str) -> str:
    """The checkout's path of module `name`, whose loaded file is `file`."""
    tail = "/__init__.py" if file.endswith("__init__.py") else ".py"
    return name.replace(".", "/") + tail


def home_constants() -> dict[str, str]:
    """Each home of the tables that is a constant: its name and its module's file."""
    found = {}
    for row in ROWS:
        for home in row.homes:
            if "/" in home:
                continue
            module, path = resolve(home)
            if len(path) == 1 and path[0].isupper() and module.__file__:
                # By module name, not __file__: a plain install runs the copy in site-packages.
                found[path[0]] = module_source(module.__name__, module.__file__)
    return found


def test_each_home_constant_is_defined_once() -> None:
    homes = home_constants()
    assert "TRICKS_IN_A_HAND" in homes
    again = [f"{home} does not define {name}" for name, home in homes.items()
             if name not in module_constants(ROOT / home)]
    for path in sorted((ROOT / "notation").rglob("*.py")):
        relative = str(path.relative_to(ROOT))
        for name in module_constants(path) & homes.keys():
            if relative != homes[name]:
                again.append(f"{relative} defines {name} (its home is {homes[name]})")
    assert not again, "\n".join(again)


def type_checking_lines(module: str) -> set[int]:
    """The lines of ``module`` under an ``if TYPE_CHECKING:``: imports for the type checker
    alone, never run."""
    lines: set[int] = set()
    for node in ast.walk(tree_of(module)):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for inner in node.body:
                lines.update(range(inner.lineno, (inner.end_lineno or inner.lineno) + 1))
    return lines


def runtime_imports(graph: grimp.ImportGraph, module: str) -> set[str]:
    """The modules ``module`` imports when it runs. grimp reports the imports under
    ``if TYPE_CHECKING:`` too (as it does those inside functions); the first are left out here,
    the second kept."""
    found = set()
    for imported_module in graph.find_modules_directly_imported_by(module):
        details = graph.get_import_details(importer=module, imported=imported_module)
        skipped = type_checking_lines(module)
        if not details or any(d["line_number"] not in skipped for d in details):
            found.add(imported_module)
    return found


def test_the_import_graph_has_no_circle() -> None:
    graph = grimp.build_graph(*PACKAGES)
    state: dict[str, int] = {}  # 1: on the path being walked, 2: done
    circles = []

    def walk(module: str, path: list[str]) -> None:
        state[module] = 1
        for imported_module in sorted(runtime_imports(graph, module)):
            if state.get(imported_module) == 1:
                circles.append([*path[path.index(imported_module):], imported_module])
            elif imported_module not in state:
                walk(imported_module, [*path, imported_module])
        state[module] = 2

    for module in sorted(graph.modules):
        if module not in state:
            walk(module, [module])
    assert not circles, "\n".join(" -> ".join(circle) for circle in circles)


def python_files() -> list[Path]:
    return sorted(p for package in PACKAGES for p in (ROOT / package).rglob("*.py"))


def test_no_module_is_long_without_a_reason() -> None:
    long = []
    for path in python_files():
        text = path.read_text(encoding="utf-8")
        lines = len(text.splitlines())
        if lines > LONGEST_MODULE and LONG_MODULE_MARKER not in (
                ast.get_docstring(ast.parse(text)) or ""):
            long.append(f"{path.relative_to(ROOT)}: {lines} lines")
    assert not long, (
        f"over {LONGEST_MODULE} lines without '{LONG_MODULE_MARKER} …' in the docstring:\n"
        + "\n".join(long))


def test_no_function_is_long_but_the_compiled_search() -> None:
    long = []
    for path in python_files():
        relative = str(path.relative_to(ROOT))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            lines = (node.end_lineno or node.lineno) - node.lineno + 1
            if lines > LONGEST_FUNCTION and (relative, node.name) not in LONG_FUNCTIONS_ALLOWED:
                long.append(f"{relative}::{node.name}: {lines} lines")
    assert not long, f"functions over {LONGEST_FUNCTION} lines:\n" + "\n".join(long)


def test_the_cli_analyze_only_parses_calls_and_prints() -> None:
    """The resumable run lives in the library (notation.analysis.run); the command that runs
    it is short: options, one call, the summary."""
    path = ROOT / "t42" / "solving.py"
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.FunctionDef) and node.name == "analyze":
            lines = (node.end_lineno or node.lineno) - node.lineno + 1
            assert lines < 40, f"t42 analyze is {lines} lines"
            called = {n.func.id for n in ast.walk(node)
                      if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)}
            assert "analyse_archive" in called
            return
    raise AssertionError("no analyze in t42/solving.py")


def test_every_path_the_doc_names_exists() -> None:
    text = DOC.read_text(encoding="utf-8")
    roots = ("notation/", "replay/", "club/", "t42/", "tests/", "grammar/", "schemas/", "docs/")
    named = {word for word in QUOTED.findall(text) if word.startswith(roots)}
    assert named
    assert sorted(p for p in named if not (ROOT / p).exists()) == []


def test_the_doc_draws_the_layers_of_the_contract() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contracts = config["tool"]["importlinter"]["contracts"]
    layers = next(c["layers"] for c in contracts if c["type"] == "layers")
    text = DOC.read_text(encoding="utf-8").split("## The layers", 1)[1].split("\n## ", 1)[0]
    drawn = [line.split("|")[1] for line in text.splitlines() if line.startswith("| `notation")]
    expected = [
        " · ".join(f"`{name.strip().replace('.', '/')}{'/' if is_package(name) else '.py'}`"
                   for name in layer.split("|"))
        for layer in layers
    ]
    assert [cell.strip() for cell in drawn] == expected


def is_package(module: str) -> bool:
    return source_path(module.strip()).name == "__init__.py"
