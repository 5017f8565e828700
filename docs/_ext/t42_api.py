"""Cross-references of the library's docstrings, resolved as a reader means them.

The public names live in the library's layers and are documented where a programmer finds
them, as ``notation.check_game``. A docstring written in its own module names them as it
imports them (``:func:`~notation.check.validate.check_game```), or by their short name
(``:class:`InconsistentPlay```). A reference that Sphinx cannot resolve is looked up here:

- ``notation.a.b.Name`` that is the very object ``notation.Name``: the entry of
  ``notation.Name``;
- a short name (``InconsistentPlay``, ``HandAnalysis.as_json``): the one documented object
  whose full name ends with it;
- a name of the library's inside that has no entry of its own (a helper of one module,
  ``notation.check.board.known_deal``, or ``value_offset`` in the docstring of its own
  module): shown as its name, without a link, once it is found in the code, where the
  docstring's module imports or defines it.

A name found nowhere (misspelt, or renamed since the docstring was written) stays
unresolved, and the strict build (``-n -W``) fails on it.
"""

from __future__ import annotations

import importlib
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment

import notation


def _object_at(dotted: str) -> Any:
    """The object named by ``dotted`` (a module's attribute), or None."""
    module, _, name = dotted.rpartition(".")
    try:
        return getattr(importlib.import_module(module), name)
    except (ImportError, AttributeError, ValueError):
        return None


def _public_name(target: str) -> str | None:
    """``notation.Name`` when ``target`` is the same object under a layer's name."""
    name = target.rpartition(".")[2]
    if not target.startswith("notation.") or name not in notation.__all__:
        return None
    found = _object_at(target)
    return f"notation.{name}" if found is not None and found is getattr(notation, name) else None


def _by_short_name(env: BuildEnvironment, target: str) -> str | None:
    if target.startswith("notation."):
        return None
    ends = [full for full in env.domains["py"].objects if full.endswith("." + target)]
    return ends[0] if len(ends) == 1 else None


def _modules_of(node: Any) -> list[str]:
    """Where a short name in the reference's docstring is looked up: the module the directive
    documents, and the module that holds the docstring (``docstring of notation.a.b.name``)."""
    found = [node.get("py:module") or ""]
    source = str(node.source or "")
    if "docstring of " in source:
        dotted = source.rpartition("docstring of ")[2].split(":")[0].strip()
        parts = dotted.split(".")
        found += [".".join(parts[:n]) for n in range(len(parts), 0, -1)]
    return [m for m in found if m.startswith(("notation", "t42", "replay", "club", "scorekeeper"))]


def _exists_in_the_code(node: Any, target: str) -> bool:
    """Whether ``target`` names something of t42's code, as written or from the docstring's
    module."""
    target = target.lstrip("~.")
    candidates = [target] + [f"{m}.{target}" for m in _modules_of(node)]
    for dotted in candidates:
        parts = dotted.split(".")
        for cut in range(len(parts), 0, -1):
            try:
                found: Any = importlib.import_module(".".join(parts[:cut]))
            except ImportError:
                continue
            try:
                for attribute in parts[cut:]:
                    found = getattr(found, attribute)
            except AttributeError:
                break
            return True
    return False


def resolve(app: Sphinx, env: BuildEnvironment, node: Any, contnode: nodes.Element) -> Any:
    if node.get("refdomain") != "py":
        return None
    target = node["reftarget"]
    better = _public_name(target) or _by_short_name(env, target)
    if better is None:
        return contnode if _exists_in_the_code(node, target) else None
    return env.domains["py"].resolve_xref(
        env, node["refdoc"], app.builder, node["reftype"], better, node, contnode)


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("missing-reference", resolve)
    return {"parallel_read_safe": True, "version": "1"}
