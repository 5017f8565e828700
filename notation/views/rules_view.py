"""Rich tables of the rule sets and their options, for ``t42 rules``.

Every cell is a :class:`rich.text.Text` built from data, so nothing in a rule set or its
description is ever read as Rich markup.

>>> import io
>>> from rich.console import Console
>>> console = Console(file=io.StringIO(), width=200, markup=False)
>>> console.print(rule_set_table(rule_set("texas")))
>>> "│ nello                 │ yes" in console.file.getvalue()
True
"""

from __future__ import annotations

import dataclasses
from typing import Any

from rich.table import Table
from rich.text import Text

from notation.model.rule_sets import (
    LIST_OPTIONS,
    OPTION_DESCRIPTIONS,
    RULE_SET_DESCRIPTIONS,
    RULE_SETS,
    RuleSet,
    option_choices,
    option_fields,
    option_name,
    rule_set,
)


def _values(choices: tuple[str, ...], default: str) -> str:
    """The values an option takes, the default first."""
    if not choices:
        return f"a whole number, {default}"
    return ", ".join([default, *(c for c in choices if c != default)])


def _list_example(f: dataclasses.Field[Any]) -> str | None:
    """For an option that may also name a list: an example of one."""
    listed = LIST_OPTIONS.get(f.name)
    return listed[1] if listed else None


def rule_sets_table() -> Table:
    """One row per named rule set: its name and what it is."""
    table = Table(title=Text("rule sets"), title_justify="left")
    table.add_column(Text("rule set"), no_wrap=True)
    table.add_column(Text("what it is"))
    for name in RULE_SETS:
        table.add_row(Text(name), Text(RULE_SET_DESCRIPTIONS[name]))
    return table


def options_table() -> Table:
    """One row per option: its name, its values (straight's default first), its meaning."""
    base = RuleSet().options()
    table = Table(title=Text("options"), title_justify="left")
    table.add_column(Text("option"), no_wrap=True)
    table.add_column(Text("values (default first)"))
    table.add_column(Text("meaning"))
    for f in option_fields():
        name = option_name(f)
        values = _values(option_choices(f), base[name])
        example = _list_example(f)
        if example is not None:
            values += f", or a list like {example}"
        table.add_row(Text(name), Text(values), Text(OPTION_DESCRIPTIONS[f.name]))
    return table


def rule_set_table(rules: RuleSet) -> Table:
    """One rule set in full: every option, its value here, and what it means."""
    straight = RuleSet().options()
    title = rules.name
    if rules.name in RULE_SET_DESCRIPTIONS:
        title = f"{rules.name}: {RULE_SET_DESCRIPTIONS[rules.name]}"
    table = Table(title=Text(title), title_justify="left")
    table.add_column(Text("option"), no_wrap=True)
    table.add_column(Text("value"), no_wrap=True)
    table.add_column(Text("meaning"))
    for f in option_fields():
        name = option_name(f)
        value = rules.options()[name]
        style = "bold" if value != straight[name] else ""
        table.add_row(Text(name), Text(value, style=style), Text(OPTION_DESCRIPTIONS[f.name]))
    return table


def markdown_tables() -> str:
    """The tables of rule sets and options of docs/reference/rule-sets.md, generated from the
    code."""
    base = RuleSet().options()
    lines = ["| rule set | what it is |", "|---|---|"]
    lines += [f"| `{name}` | {RULE_SET_DESCRIPTIONS[name]} |" for name in RULE_SETS]
    lines += ["", "| option | values (default first) | meaning |", "|---|---|---|"]
    for f in option_fields():
        name = option_name(f)
        values = _values(option_choices(f), base[name])
        shown = ", ".join(f"`{v}`" for v in values.split(", ") if v != "a whole number")
        if not option_choices(f):
            shown = f"a whole number, {shown}"
        example = _list_example(f)
        if example is not None:
            shown += f", or a list like `{example}`"
        lines.append(f"| `{name}` | {shown} | {OPTION_DESCRIPTIONS[f.name]} |")
    return "\n".join(lines) + "\n"


__all__ = ["markdown_tables", "options_table", "rule_set", "rule_set_table", "rule_sets_table"]
