"""The public library: what ``import notation`` offers, and that it reads as a library."""

from __future__ import annotations

import importlib
import inspect
import pydoc
import re
import subprocess
import sys
from pathlib import Path

import pytest

import notation
from notation import errors, files
from notation.model import bids, contracts, tiles
from notation.model import rule_sets as rules
from notation.solver import solver


def test_every_public_name_resolves() -> None:
    for name in notation.__all__:
        assert getattr(notation, name) is not None, name


def test_star_import_gives_exactly_the_public_names() -> None:
    space: dict[str, object] = {}
    exec("from notation import *", space)
    assert set(space) - {"__builtins__"} == set(notation.__all__)


def test_dir_lists_the_names_loaded_on_first_use() -> None:
    assert {"audit_game", "Solver", "random_game"} <= set(dir(notation))


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no attribute 'nonsense'"):
        _ = notation.nonsense


def test_import_does_not_load_the_solver_the_audit_or_the_dealer() -> None:
    # The t42 commands import notation; the solver's tables must not cost every one of them.
    code = (
        "import sys, notation; "
        "print(sorted(m for m in ('notation.analysis.audit', 'notation.solver.solver', "
        "'notation.rules.dealing', 'textual') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_names_loaded_on_first_use_are_the_real_objects() -> None:
    from notation.analysis.audit import audit_game
    from notation.rules.dealing import random_game

    assert notation.audit_game is audit_game
    assert notation.random_game is random_game
    assert notation.Solver is solver.Solver


def test_help_reads_as_a_library() -> None:
    page = pydoc.render_doc(notation)
    for words in ("check_game", "loads", "GameVisitor", "audit_game", "T42Error", "json_form"):
        assert words in page
    # Every public function and class says what it does.
    undocumented = [
        name
        for name in notation.__all__
        if (inspect.isfunction(getattr(notation, name)) or inspect.isclass(getattr(notation, name)))
        and not inspect.getdoc(getattr(notation, name))
    ]
    assert undocumented == []


EXCEPTIONS = [
    errors.NotationError,
    errors.NotationSyntaxError,
    errors.RecordError,
    tiles.TileError,
    bids.BidError,
    contracts.ContractError,
    rules.RulesError,
    files.UnreadableInput,
    solver.UnsupportedContract,
]


@pytest.mark.parametrize("exception", EXCEPTIONS, ids=lambda e: e.__name__)
def test_every_exception_is_a_t42_error(exception: type[Exception]) -> None:
    assert issubclass(exception, notation.T42Error)


def test_no_exception_class_is_left_out_of_the_hierarchy() -> None:
    # Any exception class defined in the package (not a private one) is a T42Error.
    import pkgutil
    from importlib import import_module

    found = []
    for module_info in pkgutil.iter_modules(notation.__path__, "notation."):
        module = import_module(module_info.name)
        for name, value in vars(module).items():
            if (
                inspect.isclass(value)
                and issubclass(value, Exception)
                and value.__module__ == module.__name__
                and not name.startswith("_")
            ):
                found.append(value)
    assert found, "no exception classes found at all"
    assert [e.__name__ for e in found if not issubclass(e, notation.T42Error)] == []


@pytest.mark.parametrize(
    ("call", "exception"),
    [
        (lambda: notation.Tile.parse("7-1"), notation.TileError),
        (lambda: notation.rule_set("straight 42"), notation.RulesError),
        (lambda: notation.loads("hand 1 dealer Q\n"), notation.NotationSyntaxError),
        (lambda: notation.json_form.loads("{}"), notation.RecordError),
    ],
)
def test_bad_input_raises_a_narrow_t42_error(call: object, exception: type[Exception]) -> None:
    assert callable(call)
    with pytest.raises(exception) as caught:
        call()
    assert isinstance(caught.value, notation.T42Error)


API_PAGE = Path(__file__).parents[2] / "docs" / "api.md"
DOTTED = re.compile(r"\bnotation(?:\.\w+)+")
RAISED = re.compile(r"^notation[\w.]+: .*$", re.MULTILINE)  # a doctest's exception, as raised
BACKTICKED = re.compile(r"`(\w+)")


def _resolve(dotted: str) -> object:
    """What ``notation.a.b.c`` names: a module, or an attribute of the longest module before
    it. Raises ``AttributeError`` (or ``ImportError``) for a name that is not there."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            value: object = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for part in parts[cut:]:
            value = getattr(value, part)
        return value
    raise ImportError(dotted)


def test_every_name_the_api_page_writes_exists() -> None:
    written = sorted(set(DOTTED.findall(API_PAGE.read_text(encoding="utf-8"))))
    missing = []
    for dotted in written:
        try:
            _resolve(dotted)
        except (AttributeError, ImportError):
            missing.append(dotted)
    assert missing == []


def test_the_api_page_writes_a_public_name_as_the_package_exports_it() -> None:
    exported = {id(getattr(notation, name)): name for name in notation.__all__
                if not isinstance(getattr(notation, name), str | int | tuple | dict)}
    prose = RAISED.sub("", API_PAGE.read_text(encoding="utf-8"))
    longhand = [
        f"{dotted} (write notation.{exported[id(value)]})"
        for dotted in sorted(set(DOTTED.findall(prose)))
        if dotted.count(".") > 1 and id(value := _resolve(dotted)) in exported
    ]
    assert longhand == []


def test_every_public_name_is_on_the_api_page() -> None:
    page = API_PAGE.read_text(encoding="utf-8")
    shown = {d.split(".")[1] for d in DOTTED.findall(page)} | set(BACKTICKED.findall(page))
    assert sorted(set(notation.__all__) - shown - {"__version__"}) == []
