"""docs/rules.md, the project's own rules of Texas 42, against the code and its citations.

Every option of notation/model/rule_sets.py has a section there giving its values and its default in
each rule set, every rule set has a section naming the options it changes, and every
citation of the rules in the code, tests and docs names a heading of docs/rules.md.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Iterator
from pathlib import Path

from notation.model.rule_sets import (
    LIST_OPTIONS,
    RULE_SETS,
    RuleSet,
    option_choices,
    option_fields,
    option_name,
)

ROOT = Path(__file__).resolve().parent.parent
RULES_DOC = ROOT / "docs" / "rules.md"
CITING_SUFFIXES = (".py", ".md", ".lark", ".json", ".toml")

# A citation: "RULES.md, " or "docs/rules.md, ", then the cited text, which may be set in
# *emphasis* or "quotes" and may run onto the next line. It ends at a ")", a ":" (what
# follows is the clause in the citer's words) or the closing quote or emphasis. Parts after
# a ";" are further sections, or source numbers (003).
CITATION = re.compile(r"(?:\bRULES|\bdocs/rules)\.md,\s+[*\"]?([^):*\"]+)")
SOURCE_NUMBER = re.compile(r"\d{3}\b")
# What may follow a heading's name in a citation that goes on to say more ("Contracts,
# Nello", "Bidding (marks game)", "Reneges. The points game …").
AFTER_NAME = (",", ".", " (")


def headings(markdown: str) -> list[str]:
    """The headings of a Markdown text, as plain text, outside code blocks."""
    found: list[str] = []
    fenced = False
    for line in markdown.splitlines():
        if line.startswith("```"):
            fenced = not fenced
            continue
        heading = re.match(r"#{1,6}\s+(.+?)\s*$", line)
        if heading and not fenced:
            found.append(heading.group(1).replace("`", "").replace("*", ""))
    return found


def section(markdown: str, heading: str) -> str:
    """The text under ``heading`` up to the next heading of any level ('' if none)."""
    lines = markdown.splitlines()
    for i, line in enumerate(lines):
        if re.fullmatch(r"#{1,6}\s+" + re.escape(heading) + r"\s*", line):
            body = []
            for text in lines[i + 1 :]:
                if text.startswith("#"):
                    break
                body.append(text)
            return "\n".join(body)
    return ""


def item(body: str, label: str) -> str:
    """The list item of ``body`` that starts with ``- **label:**``, with its wrapped lines."""
    found: list[str] = []
    for line in body.splitlines():
        if found and line.startswith("  "):
            found.append(line.strip())
        elif found:
            break
        elif line.startswith(f"- **{label}:**"):
            found.append(line)
    assert len(found) > 0, f"no '{label}' item in:\n{body}"
    return " ".join(found)


def names_heading(cited: str, heads: Iterable[str]) -> bool:
    """True when ``cited`` names one of ``heads``: the heading itself, or its words before a
    comma ("Equipment" for "Equipment, seats, count"), alone or followed by more words."""
    for heading in heads:
        for name in {heading, heading.split(",")[0]}:
            if cited == name or cited.startswith(tuple(name + end for end in AFTER_NAME)):
                return True
    return False


def cited_sections(text: str) -> Iterator[tuple[int, str]]:
    """Each section a text cites, with its line: the part of a citation before its first
    ";", and each later part that is not a source number."""
    for citation in CITATION.finditer(text):
        line = text.count("\n", 0, citation.start()) + 1
        parts = [" ".join(part.split()) for part in citation.group(1).split(";")]
        yield line, parts[0]
        for part in parts[1:]:
            if part and not SOURCE_NUMBER.match(part):
                yield line, part


def citing_files() -> Iterator[Path]:
    """The project's own files that may cite the rules (not this test, not the venv)."""
    for folder, dirs, files in os.walk(ROOT):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d != "__pycache__")
        for name in sorted(files):
            path = Path(folder) / name
            if path.suffix in CITING_SUFFIXES and path != Path(__file__).resolve():
                yield path


def rules_doc() -> str:
    return RULES_DOC.read_text(encoding="utf-8")


# -- how a citation is read --


def test_a_citation_names_a_heading_or_its_words_before_a_comma() -> None:
    heads = ["Equipment, seats, count", "Contracts", "first-bidder option"]
    assert names_heading("Equipment, seats, count", heads)
    assert names_heading("Equipment", heads)
    assert names_heading("Contracts, variant (004", heads)
    assert names_heading("first-bidder option", heads)
    assert not names_heading("Contract", heads)
    assert not names_heading("Contractsx", heads)
    assert not names_heading("seats", heads)


def test_citations_are_read_in_both_forms_up_to_the_clause() -> None:
    text = (
        '"""Who bids first (RULES.md, Bidding; first-bidder option; 003)."""\n'
        "# docs/rules.md, Suits and rank: trump beats every non-trump\n"
        "(docs/rules.md, *Ending a hand\n    early*)\n"
    )
    assert list(cited_sections(text)) == [
        (1, "Bidding"),
        (1, "first-bidder option"),
        (2, "Suits and rank"),
        (3, "Ending a hand early"),
    ]


# -- every citation names a heading --


def test_every_citation_of_the_rules_names_a_heading_of_docs_rules_md() -> None:
    """docs/rules.md keeps the headings the code, tests and docs cite, so that "RULES.md, X"
    can become "docs/rules.md, X" everywhere."""
    heads = headings(rules_doc())
    cited = [
        (path.relative_to(ROOT), line, name)
        for path in citing_files()
        for line, name in cited_sections(path.read_text(encoding="utf-8"))
    ]
    assert len(cited) > 100  # the citations were found at all
    missing = [f"{path}:{line}: {name!r}" for path, line, name in cited if not names_heading(
        name, heads)]
    assert missing == [], "citations that name no heading of docs/rules.md:\n" + "\n".join(
        missing
    )


# -- every option and rule set is documented --


def test_every_option_has_a_section_with_each_of_its_values() -> None:
    doc = rules_doc()
    for f in option_fields():
        name = option_name(f)
        body = section(doc, f"{name} option")
        assert body, f"docs/rules.md has no section '{name} option'"
        values = item(body, "Values")
        for value in option_choices(f):
            assert f"`{value}`" in values, f"{name}: value {value} is not listed"
        if not option_choices(f):
            assert "a whole number" in values, f"{name}: not said to be a number"
        if f.name in LIST_OPTIONS:
            assert f"`{LIST_OPTIONS[f.name][1]}`" in values, f"{name}: no example of a list"


def test_every_option_section_gives_its_default_in_each_rule_set() -> None:
    doc = rules_doc()
    straight = RuleSet().options()
    for f in option_fields():
        name = option_name(f)
        body = section(doc, f"{name} option")
        assert body, f"docs/rules.md has no section '{name} option'"
        default = item(body, "Default")
        assert f"`{straight[name]}`" in default, f"{name}: the default is not given"
        for set_name, rules in RULE_SETS.items():
            value = rules.options()[name]
            if value != straight[name]:
                assert f"`{value}` in {set_name}" in default, (
                    f"{name}: the {set_name} rule set's value {value} is not given"
                )


def test_every_rule_set_has_a_section_naming_what_it_changes() -> None:
    doc = rules_doc()
    straight = RuleSet().options()
    for set_name, rules in RULE_SETS.items():
        body = section(doc, f"{set_name} rule set")
        assert body, f"docs/rules.md has no section '{set_name} rule set'"
        for name, value in rules.options().items():
            if value != straight[name]:
                assert f"`{name}={value}`" in body, f"{set_name}: {name}={value} not named"


def anchor(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-")


def test_every_link_within_the_docs_names_a_heading() -> None:
    """The links of docs/rules.md to its own sections and to the notation reference lead
    somewhere."""
    doc = rules_doc()
    targets = {
        "": {anchor(h) for h in headings(doc)},
        "notation.md": {
            anchor(h) for h in headings((ROOT / "docs" / "notation.md").read_text("utf-8"))
        },
    }
    links = re.findall(r"\]\(([\w.]*)#([\w-]+)\)", doc)
    assert len(links) > 20
    broken = [f"{page}#{name}" for page, name in links if name not in targets.get(page, set())]
    assert broken == []


def test_the_rules_are_cited_in_the_project_not_outside_it() -> None:
    """Users never see the digest kept beside the repository: code, tests and docs cite
    docs/rules.md, the project's own words."""
    outside = re.compile(r"(?<![/\w])RULES\.md")
    stray = [
        f"{path.relative_to(ROOT)}:{text.count(chr(10), 0, m.start()) + 1}"
        for path in citing_files()
        for text in [path.read_text(encoding="utf-8", errors="replace")]
        for m in outside.finditer(text)
    ]
    assert stray == []
