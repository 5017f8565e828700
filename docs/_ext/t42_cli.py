"""The command line reference, read from the ``t42`` Typer app itself when the site is built.

``{t42-commands}`` (a directive, written in a page as a fenced block) makes a section for
each command that ``t42 -h`` lists, in the same order: what the command does (its docstring,
as its help shows it), how it is called and each argument and option with its help and
default. Nothing is copied by hand: a new option is on the site when the site is next built.
"""

from __future__ import annotations

from typing import Any

import typer
from docutils import nodes
from docutils.statemachine import StringList
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import nested_parse_with_titles


def _command() -> Any:
    """The ``t42`` group as Typer builds it to run (Typer's own Click: typer.Context)."""
    from t42.commands import app

    return typer.main.get_command(app)


def _option_line(param: Any, ctx: Any) -> tuple[str, str]:
    """The argument or option as ``t42 COMMAND -h`` shows it: its names and metavar, and its
    help with its default and range."""
    names, text = param.get_help_record(ctx)
    names = ", ".join(f"``{part.strip()}``" for part in names.split(", "))
    return names, " ".join(text.split())


def _section(name: str, command: Any, parent: Any) -> list[str]:
    ctx = typer.Context(command, info_name=name, parent=parent)
    lines = [f"(t42-{name})=", f"## `t42 {name}`", ""]
    lines += [(command.help or "").strip(), ""]
    usage = " ".join(command.collect_usage_pieces(ctx))
    lines += ["```text", f"t42 {name} {usage}".rstrip(), "```", ""]
    params = [p for p in command.get_params(ctx) if not getattr(p, "hidden", False)]
    if params:
        lines += ["```{list-table}", ":header-rows: 1", ":widths: 30 70", "",
                  "* - argument or option", "  - what it does"]
        for param in params:
            names, text = _option_line(param, ctx)
            lines += [f"* - {names}", f"  - {text}" if text else "  -"]
        lines += ["```", ""]
    return lines


def markdown() -> list[str]:
    """The reference as MyST Markdown: a section for each command."""
    group = _command()
    root = typer.Context(group, info_name="t42")
    lines: list[str] = []
    for name in group.list_commands(root):
        command = group.get_command(root, name)
        if command is not None and not command.hidden:
            lines += _section(name, command, root)
    return lines


class T42Commands(SphinxDirective):
    has_content = False

    def run(self) -> list[nodes.Node]:
        # Parsed as the page around it is (MyST Markdown), headings and all.
        container = nodes.section()
        container.document = self.state.document
        nested_parse_with_titles(self.state, StringList(markdown(), "t42 -h"), container)
        return list(container.children)


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("t42-commands", T42Commands)
    return {"parallel_read_safe": True, "version": "1"}
