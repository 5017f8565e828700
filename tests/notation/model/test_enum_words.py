"""``str()`` of every enum of the library is its written form, one way for all: the word
t42 writes for it (``str(Seat.N) == 'N'``, ``str(Severity.ERROR) == 'error'``)."""

from __future__ import annotations

import enum
import importlib
import inspect
import pkgutil
from collections.abc import Iterator

import notation
from notation import BidKind, EndKind, ScoreKind, Seat, Severity, Special, Team
from notation.model.written import WrittenEnum


def _enums() -> Iterator[type[enum.Enum]]:
    for info in pkgutil.walk_packages(notation.__path__, "notation."):
        if any(part.startswith("_") for part in info.name.split(".")):
            continue
        module = importlib.import_module(info.name)
        for name, value in vars(module).items():
            if (inspect.isclass(value) and issubclass(value, enum.Enum)
                    and value.__module__ == module.__name__ and not name.startswith("_")):
                yield value


def test_the_str_of_an_enum_is_its_written_form() -> None:
    assert [str(v) for v in (Seat.N, Team.EW, Severity.ERROR, Special.LOW_NO, BidKind.PASS,
                             EndKind.LAYDOWN, ScoreKind.TOTAL)] == [
        "N", "EW", "error", "low-no", "pass", "laydown", "total"]
    assert f"{Severity.WARNING}" == "warning"


def test_every_enum_of_the_library_says_its_value() -> None:
    found = list(_enums())
    assert len(found) > 20
    wrong = [f"{e.__module__}.{e.__qualname__}.{m.name}: {m}"
             for e in found for m in e if isinstance(m.value, str) and str(m) != m.value]
    assert wrong == []


def test_every_enum_of_words_says_itself_one_way() -> None:
    other = [e.__qualname__ for e in _enums()
             if all(isinstance(m.value, str) for m in e)
             and not issubclass(e, WrittenEnum | enum.StrEnum)]
    assert other == []
