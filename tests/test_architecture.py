"""docs/architecture.md held to the code: its "one home" tables, the import graph, the sizes.

Each row of a table under "## One home for each piece of knowledge" names, in backquotes, its
homes in the second column (``package.module.name``, ``package.module.Class.attribute``, a
module, or a file of the repository) and its users in the third (modules). The tests hold that
each home exists where the row says, that each user really uses a home of its row (imports it,
its module, or reads the attribute), and that no other module of ``notation`` defines a
constant of the same name as a home constant. And rule knowledge stays in the rules: no
option of a rule set, no option's enum and no bid threshold is read outside notation/rules and
the model.
"""

from __future__ import annotations

import ast
import dataclasses
import importlib
import importlib.util
import inspect
import io
import itertools
import re
import tokenize
import tomllib
from dataclasses import dataclass
from enum import Enum
from functools import cache
from pathlib import Path
from types import ModuleType

import grimp
import pytest

from notation.model.rule_sets import RuleSet
from notation.rules.auction import MINIMUM_BID

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "architecture.md"
# t42's packages: those import-linter holds to their contracts (pyproject.toml).
PACKAGES = tuple(tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
                 ["tool"]["importlinter"]["root_packages"])
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
    graph = grimp.build_graph(*PACKAGES, cache_dir=None)  # never a stale cache
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
    roots = (*(f"{p}/" for p in PACKAGES), "tests/", "grammar/", "schemas/", "docs/")
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


# -- rule knowledge lives in the rules: no option read, no bid threshold, outside them --

# Where a rule set's options may be read: the rules and the model that defines them.
RULE_LAYERS = ("notation/rules/", "notation/model/")
# The options, taken from the rule set itself: its fields, and the properties that only
# restate one (``points_game``). Its methods (``plays``, ``plain_trumps``,
# ``nello_doubles_allowed``) are the model answering a question, and may be asked anywhere.
OPTIONS = frozenset(
    {f.name for f in dataclasses.fields(RuleSet) if f.name != "name"}
    | {name for name, member in inspect.getmembers(RuleSet) if isinstance(member, property)})
# The enums of the options, from the fields' defaults: those defined with the rule sets.
OPTION_ENUMS = frozenset(
    type(f.default).__name__ for f in dataclasses.fields(RuleSet)
    if isinstance(f.default, Enum) and type(f.default).__module__ == RuleSet.__module__)
# A value is a rule set when its name says so: ``rules``, ``rule_set``, ``…_rules``
# (``check.rules``, ``game.rules``, ``r.rules`` …). Every other value that carries an
# option's name must be in OTHER_VALUES, so that no rule set goes by another name unseen.
RULE_SET_NAME = re.compile(r"(rules|rule_set|ruleset)")
# A bid, in a comparison: ``bid``, ``….bid``, ``…_bid`` (not ``bidders``, ``bidding``).
BID_NAME = re.compile(r"(?<![A-Za-z0-9_])(\w*_)?bid(?![A-Za-z0-9_])")

# Where a module outside the rules only names an option: (module, the read as the scan
# prints it, e.g. "rules.opening_lead", why).
OPTION_NAMING_ALLOWED: tuple[tuple[str, str, str], ...] = (
    ("notation/formats/text/writer.py", "self.rules.points_game",
     "the writer names how a bid is written at the table (42, 84, 168 in the points game, "
     "1m, 2m in the marks game); no rule of play or scoring is decided there, and formats "
     "may not import the rules layer"),
)

# Values that are not rule sets but carry an option's name (module, value.attribute, what).
OTHER_VALUES: dict[tuple[str, str], str] = {
    ("notation/analysis/audit.py", "self.nello"): "the audit's judge: is the contract a Nello",
    ("notation/views/steps.py", "report.renege_penalty"): "the hand's report: the penalty paid",
    ("notation/archive/stats.py", "hand.renege_penalty"): "the hand's report: the penalty paid",
    ("replay/board.py", "frame.points_game"): "a replay frame: the score is in points",
    ("replay/page.py", "frame.points_game"): "a replay frame: the score is in points",
}

@dataclass(frozen=True)
class RuleRead:
    """A place outside the rules that knows a rule: ``kind`` is ``option`` (a rule set's
    option read), ``enum`` (an option's enum imported or read) or ``threshold`` (a bid
    compared with a number of the ladder or a constant)."""

    path: str
    line: int
    kind: str
    what: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.kind} {self.what}"


def is_rule_set(value: ast.expr) -> bool:
    """Whether ``value`` names a rule set: its last name is ``rules``, ``rule_set``, …"""
    last = value.attr if isinstance(value, ast.Attribute) else (
        value.id if isinstance(value, ast.Name) else "")
    return RULE_SET_NAME.search(last.lower()) is not None


def is_threshold(value: ast.expr) -> bool:
    """A number of the bid ladder (the least bid or more) or a constant (a name in capitals)
    in ``value``."""
    for node in ast.walk(value):
        if isinstance(node, ast.Constant) and type(node.value) is int and node.value >= MINIMUM_BID:
            return True
        if isinstance(node, ast.Name) and node.id.isupper() and len(node.id) > 1:
            return True
    return False


def rule_reads(relative: str, tree: ast.Module) -> tuple[list[RuleRead], list[str]]:
    """The rule knowledge in one module, and the values read by an option's name that are not
    rule sets (``value.attribute``)."""
    found: list[RuleRead] = []
    others: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr in OPTIONS:
            read = f"{ast.unparse(node.value)}.{node.attr}"
            if is_rule_set(node.value):
                found.append(RuleRead(relative, node.lineno, "option", read))
            else:
                others.append(read)
        elif isinstance(node, ast.Attribute) and node.attr in OPTION_ENUMS:
            found.append(RuleRead(relative, node.lineno, "enum", ast.unparse(node)))
        elif isinstance(node, ast.Name) and node.id in OPTION_ENUMS:
            found.append(RuleRead(relative, node.lineno, "enum", node.id))
        elif isinstance(node, ast.ImportFrom):
            found.extend(RuleRead(relative, node.lineno, "enum", f"import of {alias.name}")
                         for alias in node.names if alias.name in OPTION_ENUMS)
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
              and node.func.id in {"getattr", "hasattr"} and len(node.args) > 1
              and isinstance(node.args[1], ast.Constant) and node.args[1].value in OPTIONS):
            found.append(RuleRead(relative, node.lineno, "option", ast.unparse(node)))
        elif isinstance(node, ast.Compare) and not any(
                isinstance(op, ast.Is | ast.IsNot | ast.In | ast.NotIn) for op in node.ops):
            sides = [node.left, *node.comparators]
            bids = [s for s in sides if BID_NAME.search(ast.unparse(s))]
            if bids and any(is_threshold(s) for s in sides if s not in bids):
                found.append(RuleRead(relative, node.lineno, "threshold", ast.unparse(node)))
    return found, others


def outside_the_rules() -> list[Path]:
    return [p for p in python_files()
            if not str(p.relative_to(ROOT)).startswith(RULE_LAYERS)]


def rule_knowledge() -> tuple[list[RuleRead], set[tuple[str, str]]]:
    """Every rule read outside the rules, and every other value read by an option's name."""
    found: list[RuleRead] = []
    others: set[tuple[str, str]] = set()
    for path in outside_the_rules():
        relative = str(path.relative_to(ROOT))
        reads, other = rule_reads(relative, ast.parse(path.read_text(encoding="utf-8")))
        found.extend(reads)
        others.update((relative, value) for value in other)
    return found, others


def test_the_rule_option_scan_knows_the_options() -> None:
    assert {"opening_lead", "follow_me_min", "all_pass", "small_end_opening",
            "points_game"} <= OPTIONS
    assert "name" not in OPTIONS
    assert {"AllPass", "OpeningLead", "FollowMeMin", "Toggle"} <= OPTION_ENUMS
    assert {f.name for f in dataclasses.fields(RuleSet)} - {"name"} <= OPTIONS


def test_no_rule_option_is_read_outside_the_rules() -> None:
    """docs/architecture.md: a rule is written once, in notation/rules (and the model that
    holds the options); everything else asks it, never reading an option, an option's enum
    or a bid threshold itself."""
    found, others = rule_knowledge()
    allowed = {(path, what) for path, what, _ in OPTION_NAMING_ALLOWED}
    outside = [str(r) for r in found if (r.path, r.what) not in allowed]
    assert not outside, ("rule knowledge outside notation/rules: ask the rules layer "
                         "(notation.rules.auction, .tricks, .scoring, …)\n" + "\n".join(outside))
    unknown = sorted(f"{path}: {value}" for path, value in others - OTHER_VALUES.keys())
    assert not unknown, ("a value read by an option's name: if it is a rule set, name it "
                         "rules and ask the rules layer; if not, list it in OTHER_VALUES\n"
                         + "\n".join(unknown))


def test_each_allowance_is_still_needed() -> None:
    """OPTION_NAMING_ALLOWED and OTHER_VALUES name only what the code still does: an entry
    whose read is gone leaves its list."""
    found, others = rule_knowledge()
    reads = {(r.path, r.what) for r in found}
    assert [a for a in OPTION_NAMING_ALLOWED if (a[0], a[1]) not in reads] == []
    assert sorted(OTHER_VALUES.keys() - others) == []


def code_tokens(text: str) -> list[tokenize.TokenInfo]:
    """The tokens of ``text`` outside its import statements (a module's dotted path is not
    an attribute read), without comments and line ends."""
    kept: list[tokenize.TokenInfo] = []
    importing, starting = False, True  # in an import; at the start of a statement
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if token.type in (tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT):
            importing, starting = False, True
            continue
        if token.type in (tokenize.NL, tokenize.COMMENT):
            continue
        if starting and token.type == tokenize.NAME and token.string in {"import", "from"}:
            importing = True
        starting = False
        if not importing:
            kept.append(token)
    return kept


def test_the_scan_sees_every_option_read_the_text_shows() -> None:
    """No read slips past the scan: in every module outside the rules, each ``.option`` of
    the tokens (code, not strings or comments) is an attribute read the scan classified."""
    for path in outside_the_rules():
        text = path.read_text(encoding="utf-8")
        shown = sum(1 for a, b in itertools.pairwise(code_tokens(text))
                    if a.string == "." and b.type == tokenize.NAME and b.string in OPTIONS)
        relative = str(path.relative_to(ROOT))
        reads, others = rule_reads(relative, ast.parse(text))
        options = sum(1 for r in reads if r.kind == "option" and not r.what.startswith(
            ("getattr", "hasattr")))
        assert shown == options + len(others), relative


def test_the_scan_finds_a_rule_read_it_is_shown() -> None:
    """The scan fails on each kind of read, added to a module."""
    samples = {
        "if rules.opening_lead is OpeningLead.TRUMP: pass": {"option", "enum"},
        "x = check.rules.follow_me_min": {"option"},
        "x = game.rules.points_game": {"option"},
        "x = getattr(self.rules, 'all_pass')": {"option"},
        "from notation.model.rule_sets import AllPass, RuleSet": {"enum"},
        "x = bid.value < 42": {"threshold"},
        "x = 84 <= standing_bid.value": {"threshold"},
        "x = winner.bid.value >= MARKS_TO_FOLLOW_ME": {"threshold"},
    }
    for source, kinds in samples.items():
        reads, _ = rule_reads("notation/views/new.py", ast.parse(source))
        assert {r.kind for r in reads} == kinds, source
    quiet = ["x = self.bidders is Team.NS", "x = rules.plays(special)", "x = len(bids) > 30",
             "x = report.renege_penalty", "x = call.bid is PASS"]
    for source in quiet:
        assert rule_reads("notation/views/new.py", ast.parse(source))[0] == [], source


# ---- a name with an underscore stays in its module ----

# Where a name with one leading underscore may not cross: every package of t42 (the library,
# its interfaces, the command line), and the tests and benchmarks that use them.
CROSSING_SCOPE = (*PACKAGES, "tests", "bench")


def is_private(name: str) -> bool:
    """A name kept in its module: one leading underscore (or two without two at its end).

    >>> [is_private(n) for n in ("_Problem", "__all__", "__x", "_", "Problem")]
    [True, False, True, False, False]
    """
    return len(name) > 1 and name.startswith("_") and not (
        name.startswith("__") and name.endswith("__"))


@cache
def project_modules() -> dict[str, Path]:
    """Every module in the crossing scope by its dotted name from the checkout (a package by
    its folder's name), and, as tests and benchmarks put their own folders on ``sys.path``,
    every module of ``tests/`` and ``bench/`` by its bare name too."""
    found: dict[str, Path] = {}
    for root in CROSSING_SCOPE:
        for path in sorted((ROOT / root).rglob("*.py")):
            found[module_name_of(path)] = path
    for root in ("tests", "bench"):
        for path in sorted((ROOT / root).rglob("*.py")):
            found.setdefault(path.stem, path)
    return found


def module_name_of(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def private_crossings(source: str, module: str, is_package: bool = False) -> list[tuple[int, str]]:
    """Each private name of another module of the project that ``source`` (the text of
    ``module``) takes: by ``from M import _x``, by ``M._x`` on a module it imported (``import
    M``, ``import M as m``, ``from P import M``), or by naming it to a patch or ``getattr``
    (``setattr(m, "_x", …)``, ``mock.patch("M._x")``). A private module (``_m``) may be taken
    within its package. Each as (line, ``M._x``).

    >>> private_crossings("from notation.formats.json.document import _Problem", "a")
    [(1, 'notation.formats.json.document._Problem')]
    >>> private_crossings("import notation.files as f\\nf._LINE", "a")
    [(2, 'notation.files._LINE')]
    >>> private_crossings("import os\\nos._exit(0)\\nfrom notation import files\\nfiles.x", "a")
    []
    """
    modules = project_modules()
    package = module if is_package else module.rpartition(".")[0]
    bound: dict[str, str] = {}  # a local name -> the project module it is
    found: set[tuple[int, str]] = set()

    def take(line: int, owner: str, name: str) -> None:
        inner = f"{owner}.{name}" in modules  # a private module: its package may take it
        if owner != module and not (inner and (module + ".").startswith(owner + ".")):
            found.add((line, f"{owner}.{name}"))

    def dotted(owner: str, names: list[str], line: int) -> None:
        for name in names:
            if f"{owner}.{name}" in modules:
                if is_private(name):
                    take(line, owner, name)
                owner = f"{owner}.{name}"
                continue
            if is_private(name):
                take(line, owner, name)
            return

    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                top, *rest = alias.name.split(".")
                if top in modules:
                    dotted(top, rest, node.lineno)
                    bound[alias.asname or top] = alias.name if alias.asname else top
        elif isinstance(node, ast.ImportFrom):
            owner = node.module or ""
            if node.level:
                owner = importlib.util.resolve_name("." * node.level + owner, package)
            if owner not in modules:
                continue
            for alias in node.names:
                if is_private(alias.name):
                    take(node.lineno, owner, alias.name)
                if f"{owner}.{alias.name}" in modules:
                    bound[alias.asname or alias.name] = f"{owner}.{alias.name}"
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute):
            names: list[str] = []
            value: ast.expr = node
            while isinstance(value, ast.Attribute):
                names.insert(0, value.attr)
                value = value.value
            if isinstance(value, ast.Name) and value.id in bound:
                dotted(bound[value.id], names, node.lineno)
        elif isinstance(node, ast.Call):
            strings = [a.value for a in node.args if isinstance(a, ast.Constant)
                       and isinstance(a.value, str)]
            first = node.args[0] if node.args else None
            if isinstance(first, ast.Name) and first.id in bound and strings:
                dotted(bound[first.id], strings[:1], node.lineno)  # setattr(m, "_x", …)
            for text in strings:
                top, *rest = text.split(".")
                if rest and top in modules and all(p.isidentifier() for p in rest):
                    dotted(top, rest, node.lineno)  # mock.patch("notation.files._LINE")
    return sorted(found)


def all_private_crossings() -> dict[tuple[str, str], int]:
    """Every private name that crosses a module in the scope: (file, ``M._x``) -> a line."""
    crossings: dict[tuple[str, str], int] = {}
    for root in CROSSING_SCOPE:
        for path in sorted((ROOT / root).rglob("*.py")):
            relative = str(path.relative_to(ROOT))
            for line, name in private_crossings(
                    path.read_text(encoding="utf-8"), module_name_of(path),
                    path.name == "__init__.py"):
                crossings.setdefault((relative, name), line)
    return crossings


def test_no_private_name_crosses_a_module() -> None:
    """Modules meet at public names: a name with an underscore stays in its module."""
    crossing = [f"{file}:{line}: takes {name}, a name private to its module"
                for (file, name), line in sorted(all_private_crossings().items())]
    assert not crossing, "\n".join(crossing)


@pytest.mark.parametrize(("source", "module", "expected"), [
    ("from notation.formats.json.document import _Problem as P",
     "notation.formats.json.check", ["notation.formats.json.document._Problem"]),
    ("from .document import _pointer", "notation.formats.json.decode",
     ["notation.formats.json.document._pointer"]),
    ("from ..text import cutter\nx = cutter._Cutter()", "notation.formats.json.decode",
     ["notation.formats.text.cutter._Cutter"]),
    ("import notation.formats.text.parse\nnotation.formats.text.parse._parse(s, 'hand', r)",
     "tests.x", ["notation.formats.text.parse._parse"]),
    ("from notation.formats.text import parse as p\nmock.patch.object(p, '_parse')",
     "tests.x", ["notation.formats.text.parse._parse"]),
    ("mock.patch('notation.files._LINE', None)", "tests.x", ["notation.files._LINE"]),
    ("from test_hostile_input import _paths", "tests.notation.formats.json.t",
     ["test_hostile_input._paths"]),
    ("import notation._starting", "replay.page", ["notation._starting"]),
    # not crossings: a module's own names, its package's private module, dunders, names
    # of what is not a module of the project, and a class's attributes
    ("import notation._starting", "notation", []),
    ("from notation.formats.json import check\ncheck.__name__, check.check_document",
     "tests.x", []),
    ("import os, sys\nos._exit(0)\nsys._getframe()", "notation.files", []),
    ("from notation.model.game import Game\nGame._repr_svg_ = f", "notation", []),
    ("from notation.formats.json import check\ncheck._survey(d, ())",
     "notation.formats.json.check", []),
])
def test_a_private_name_taken_across_modules_is_found(
        source: str, module: str, expected: list[str]) -> None:
    assert [name for _, name in private_crossings(source, module)] == expected
