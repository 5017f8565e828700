"""Quick constructors for the model's frozen dataclasses, which readers make by the hundred a
hand.

>>> from notation.model.game import Play
>>> from notation.model.tiles import Tile
>>> make = quick_constructor(Play)
>>> make(Tile(6, 4)) == Play(Tile(6, 4)), make is Play
(True, False)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from types import MemberDescriptorType
from typing import TypeVar

Model = TypeVar("Model")


def quick_constructor(cls: type[Model]) -> Callable[..., Model]:
    """A constructor for a frozen dataclass with slots that takes the same arguments as the
    class but sets each slot directly: a frozen class sets them with ``object.__setattr__``,
    which costs twice as much, and a game has a hundred items a hand.

    It skips the class's ``__post_init__``: there the model checks what a user's code gives
    it (:class:`notation.errors.ModelError`), and a reader gives only what it has read and
    checked already (a seat, a tile). So only readers use it.

    It is written from the class's fields, so it follows any change to them; a class without
    slots, or with a field that is not a plain argument, keeps its own constructor.
    """
    fields = dataclasses.fields(cls)  # type: ignore[arg-type]
    if not all(
        isinstance(getattr(cls, f.name, None), MemberDescriptorType) and f.init and not f.kw_only
        for f in fields
    ):
        return cls
    names: dict[str, object] = {"new": object.__new__, "cls": cls}
    parameters = []
    for f in fields:
        names[f"set_{f.name}"] = getattr(cls, f.name).__set__
        if f.default is not dataclasses.MISSING:
            names[f"default_{f.name}"] = f.default
            parameters.append(f"{f.name}=default_{f.name}")
        elif f.default_factory is not dataclasses.MISSING:
            return cls
        else:
            parameters.append(f.name)
    body = "".join(f"    set_{f.name}(item, {f.name})\n" for f in fields)
    source = f"def make({', '.join(parameters)}):\n    item = new(cls)\n{body}    return item\n"
    exec(source, names)
    return names["make"]  # type: ignore[return-value]
