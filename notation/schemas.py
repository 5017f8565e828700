"""The published JSON Schemas of t42's outputs, and a validator for each that needs no network.

``schemas/`` holds one self-contained file for each form: ``game`` (a game record),
``findings`` (``t42 validate --json``), ``audit`` (``t42 audit --json``), ``par``
(``t42 par --json``) and ``analysis`` (a line of ``t42 analyze``). Each names itself by a URN,
``urn:t42:schema:NAME``, not by a web address. ``audit`` and ``analysis`` use parts of the
others: they are written in ``schemas/parts/`` with references such as
``urn:t42:schema:findings#/$defs/finding``, and bundled (JSON Schema 2020-12's compound
documents: each schema they use embedded whole, its ``$id`` kept, under ``$defs``), so that any
standard validator reads the published file as it is. ``python -m notation.schemas`` writes
the bundled files from their parts; a test holds each equal to its parts.

>>> check = validator("findings")
>>> check.is_valid({"files": []}), check.is_valid({"files": [{"path": 3}]})
(True, False)
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator  # type: ignore[import-untyped, unused-ignore]

from notation.resources import read_resource

NAMES = ("game", "findings", "audit", "par", "analysis", "review")
BUNDLED = ("audit", "analysis")  # written in schemas/parts/, published bundled
_URN = "urn:t42:schema:"


def schema(name: str) -> dict[str, Any]:
    """The published schema ``name`` (one of :data:`NAMES`), self-contained."""
    if name not in NAMES:
        raise ValueError(f"no schema named {name!r}; the schemas are {', '.join(NAMES)}")
    loaded: dict[str, Any] = json.loads(read_resource("schemas", f"{name}.schema.json"))
    return loaded


def validator(name: str) -> Draft202012Validator:
    """A validator of the form ``name`` (one of :data:`NAMES`), working offline: call its
    ``validate(document)`` (raises ``jsonschema.ValidationError``), ``is_valid`` or
    ``iter_errors``."""
    return Draft202012Validator(schema(name), format_checker=Draft202012Validator.FORMAT_CHECKER)


def _written(name: str) -> dict[str, Any]:
    folder = "schemas/parts" if name in BUNDLED else "schemas"
    loaded: dict[str, Any] = json.loads(read_resource(folder, f"{name}.schema.json"))
    return loaded


def _uses(document: Any) -> set[str]:
    """The names of the schemas ``document`` refers to."""
    if isinstance(document, dict):
        found = {v[len(_URN):].partition("#")[0] for k, v in document.items()
                 if k == "$ref" and isinstance(v, str) and v.startswith(_URN)}
        return found.union(*(_uses(v) for v in document.values()))
    if isinstance(document, list):
        return set().union(*(_uses(v) for v in document))
    return set()


def bundled(name: str) -> dict[str, Any]:
    """The schema ``name`` as written, with every schema it uses (and they use) embedded
    whole under ``$defs`` as ``t42-NAME``."""
    root = _written(name)
    needed: list[str] = []
    todo = sorted(_uses(root) - {name})
    while todo:
        used = todo.pop(0)
        if used not in needed:
            needed.append(used)
            todo += sorted(_uses(_written(used)) - {name, *needed})
    defs = dict(root.get("$defs", {}))
    for used in sorted(needed):
        defs[f"t42-{used}"] = _written(used)
    return {**root, "$defs": defs} if needed else root


def bundled_text(name: str) -> str:
    """The published file of ``name``: what ``python -m notation.schemas`` writes for a
    bundled schema, the file as written for the others."""
    if name not in BUNDLED:
        return read_resource("schemas", f"{name}.schema.json")
    return json.dumps(bundled(name), indent=2, ensure_ascii=False) + "\n"


def main() -> None:
    """Write each bundled schema into ``schemas/`` of this checkout."""
    folder = Path(__file__).resolve().parent.parent / "schemas"
    for name in BUNDLED:
        (folder / f"{name}.schema.json").write_text(bundled_text(name), encoding="utf-8")
        print(f"wrote {folder / name}.schema.json", file=sys.stderr)


if __name__ == "__main__":
    main()
