"""The values of options and arguments, read from the command line without Pydantic.

Typer reads every value through a Pydantic ``TypeAdapter`` built when the value is first
read, and importing Pydantic adds over a third to the time of importing Typer and Rich
(``bench/startup.py`` prints it): every command would pay for it. The values the commands
of ``t42`` take are of few kinds, read here: a whole number (within bounds), a word, a path,
one of a few choices, and a list of any of those. A value of any other kind is left to
Typer's own reading.

>>> from pathlib import Path
>>> from notation.views.terminal import Colour
>>> read_value(int, "12", least=1, most=None)
12
>>> read_value(list[Path], ("a.t42", "-"), least=None, most=None)
[PosixPath('a.t42'), PosixPath('-')]
>>> read_value(Colour, "NEVER", least=None, most=None, case_sensitive=False)
<Colour.never: 'never'>
>>> read_value(int, "0", least=1, most=None)
Traceback (most recent call last):
...
ValueError: 0 is too few: the least is 1
>>> read_value(int, "six", least=None, most=None)
Traceback (most recent call last):
...
ValueError: 'six' is not a whole number
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any, get_args, get_origin

from typer import BadParameter
from typer._coercion import RuntimeParam, build_runtime_param

# The kinds of value read here; any other is left to Typer.
_READ_HERE = (int, str, Path)


class NotReadHere(Exception):
    """A value of a kind this module does not read (Typer reads it)."""


def read_value(kind: Any, value: Any, *, least: float | None, most: float | None,
               case_sensitive: bool = True) -> Any:
    """``value`` as the command line gave it (a string, or a default already of its kind)
    read as ``kind``; ValueError says in words what is wrong with it."""
    if get_origin(kind) is list:
        (item,) = get_args(kind)
        return [read_value(item, v, least=least, most=most, case_sensitive=case_sensitive)
                for v in value]
    if isinstance(kind, type) and issubclass(kind, Enum):
        return _choice(kind, value, case_sensitive)
    if kind not in _READ_HERE or isinstance(value, bool):
        raise NotReadHere(kind)
    if kind is int:
        return _whole_number(value, least, most)
    return value if isinstance(value, kind) else kind(value)


def _whole_number(value: Any, least: float | None, most: float | None) -> int:
    if isinstance(value, int):
        number = value
    else:
        try:
            number = int(str(value).strip())
        except ValueError:
            raise ValueError(f"{value!r} is not a whole number") from None
    if least is not None and number < least:
        raise ValueError(f"{number} is too few: the least is {least}")
    if most is not None and number > most:
        raise ValueError(f"{number} is too many: the most is {most}")
    return number


def _choice(kind: type[Enum], value: Any, case_sensitive: bool) -> Enum:
    if isinstance(value, kind):
        return value
    said = str(value) if case_sensitive else str(value).casefold()
    for choice in kind:
        if (str(choice.value) if case_sensitive else str(choice.value).casefold()) == said:
            return choice
    words = ", ".join(repr(str(choice.value)) for choice in kind)
    raise ValueError(f"{value!r} is not one of {words}.")


@dataclass(frozen=True)
class PlainValue(RuntimeParam):
    """Typer's reader of one parameter's value (what it would build with Pydantic), reading
    the kinds above here and leaving any other to Typer's own."""

    def _coerce_value(self, value: Any, param: Any, ctx: Any) -> Any:
        info = self.parameter_info
        try:
            return read_value(self.annotation, value, least=info.min, most=info.max,
                              case_sensitive=info.case_sensitive)
        except NotReadHere:
            typers = build_runtime_param(param.type_descriptor)
            param._runtime_param = typers
            return typers.coerce(value, param=param, ctx=ctx)
        except ValueError as e:
            raise BadParameter(str(e), ctx=ctx, param=param) from None


def read_plainly(params: list[Any]) -> list[Any]:
    """``params`` (a command's, as Typer made them), each to have its value read by
    :class:`PlainValue` rather than through Pydantic."""
    for param in params:
        descriptor = getattr(param, "type_descriptor", None)
        if descriptor is not None and getattr(param, "_runtime_param", False) is None:
            param._runtime_param = PlainValue(descriptor.parameter_info, descriptor.annotation)
    return params
