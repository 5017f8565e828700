"""The JSON Schemas' reference, read from ``schemas/`` when the site is built.

``{t42-schemas}`` makes a section for each published schema: its title, its description,
the file itself to download, and each of its top-level properties with its description.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from docutils import nodes
from docutils.statemachine import StringList
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import nested_parse_with_titles

SCHEMAS = Path(__file__).resolve().parents[2] / "schemas"


def _one_line(text: str) -> str:
    return " ".join(str(text).split())


def markdown(page: Path) -> list[str]:
    lines: list[str] = []
    for path in sorted(SCHEMAS.glob("*.schema.json")):
        schema = json.loads(path.read_text(encoding="utf-8"))
        relative = Path("..", "..", "schemas", path.name) if page.parent.name else path
        lines += [f"(schema-{path.name.split('.')[0]})=", f"## {schema['title']}", "",
                  f"{{download}}`schemas/{path.name} <{relative.as_posix()}>` "
                  f"(JSON Schema {schema['$schema'].split('/')[-2]}, `{schema['$id']}`)", "",
                  _one_line(schema.get("description", "")), ""]
        properties = schema.get("properties", {})
        if properties:
            lines += ["```{list-table}", ":header-rows: 1", ":widths: 25 75", "",
                      "* - property", "  - what it holds"]
            required = set(schema.get("required", []))
            for name, spec in properties.items():
                said = _one_line(spec.get("description", "")) if isinstance(spec, dict) else ""
                mark = " (required)" if name in required else ""
                lines += [f"* - `{name}`{mark}", f"  - {said}" if said else "  -"]
            lines += ["```", ""]
    return lines


class T42Schemas(SphinxDirective):
    has_content = False

    def run(self) -> list[nodes.Node]:
        page = Path(self.env.doc2path(self.env.docname))
        container = nodes.section()
        container.document = self.state.document
        nested_parse_with_titles(self.state, StringList(markdown(page), "schemas/"), container)
        return list(container.children)


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("t42-schemas", T42Schemas)
    return {"parallel_read_safe": True, "version": "1"}
