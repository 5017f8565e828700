"""Every function of the library that takes a path takes it as ``str`` or any
``os.PathLike`` (docs/api.md), as ``open`` does: not only ``pathlib.Path``."""

from __future__ import annotations

import importlib
import inspect
import os
import pkgutil
import re
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import notation
import replay
import scorekeeper

SAMPLES = Path(__file__).parents[2] / "samples"
BARE_PATH = re.compile(r"(?<![\w.])Path\b")  # pathlib's Path, not StrPath nor DocumentPath
CALLBACK = re.compile(r"Callable\[\[[^]]*\]")  # what a function given is called with


class Somewhere(os.PathLike[str]):
    """A path that is neither ``str`` nor ``pathlib.Path``, as a program's own class is."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def __fspath__(self) -> str:
        return str(self.path)


def _modules() -> Iterator[ModuleType]:
    """The library's modules, and those of the interfaces a program may start itself (the
    replays, the recorder: ``scorekeeper.recorder.run(path)``)."""
    for package in (notation, replay, scorekeeper):
        for info in pkgutil.walk_packages(package.__path__, f"{package.__name__}."):
            if not any(part.startswith("_") for part in info.name.split(".")):
                yield importlib.import_module(info.name)


def _public_functions(module: ModuleType) -> Iterator[tuple[str, object]]:
    for name, value in vars(module).items():
        if name.startswith("_") or getattr(value, "__module__", None) != module.__name__:
            continue
        if inspect.isfunction(value):
            yield name, value
        elif inspect.isclass(value):
            for method_name, method in vars(value).items():
                # Written in the module (not made by @dataclass), and public or __init__.
                written = inspect.isfunction(method) and (
                    method.__code__.co_filename == inspect.getsourcefile(module))
                if written and (method_name == "__init__" or not method_name.startswith("_")):
                    yield f"{name}.{method_name}", method


def test_no_public_function_of_the_library_takes_only_a_pathlib_path() -> None:
    bare = [
        f"{module.__name__}.{name}({parameter.name}: {parameter.annotation})"
        for module in _modules()
        for name, function in _public_functions(module)
        for parameter in inspect.signature(function).parameters.values()  # type: ignore[arg-type]
        if isinstance(parameter.annotation, str)
        and BARE_PATH.search(CALLBACK.sub("", parameter.annotation))
    ]
    assert bare == []


def test_an_archive_is_read_from_a_str_or_any_path_like() -> None:
    for path in (str(SAMPLES / "renege.t42"), Somewhere(SAMPLES / "renege.t42")):
        assert [read.index for read in notation.read_archive(path)] == [1]


def test_an_archive_is_analysed_from_and_into_a_str_or_any_path_like(tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    steps = list(notation.analyse_archive([str(SAMPLES / "renege.t42")], out=str(out),
                                          rejects=Somewhere(tmp_path / "rejects.t42")))
    assert [step.game.index for step in steps if step.game is not None] == [1]
    assert len(out.read_text(encoding="utf-8").splitlines()) == 2
