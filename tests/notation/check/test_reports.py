"""The reports of a check and the layout of notation.check: the report types have one home
(notation.check.reports) that the checks and the lay-down judge import, and no module of the
check layer imports one that imports it back (claims once imported validate's HandReport, and
validate imported claims' judge)."""

from __future__ import annotations

import grimp

from notation.check.reports import HandCheck
from notation.formats.text import loads
from notation.model.rule_sets import RuleSet
from notation.model.seats import Team

CHECK = "notation.check"


def test_no_module_of_the_check_layer_imports_one_that_imports_it_back() -> None:
    graph = grimp.build_graph("notation", cache_dir=None)  # type-checking imports included
    modules = sorted(m for m in graph.modules if m.startswith(f"{CHECK}."))
    circles = [
        (a, b)
        for a in modules
        for b in modules
        if a < b
        and graph.find_shortest_chain(importer=a, imported=b) is not None
        and graph.find_shortest_chain(importer=b, imported=a) is not None
    ]
    assert circles == []


def test_the_reports_and_the_judge_of_lay_downs_import_no_check_by_concern() -> None:
    graph = grimp.build_graph("notation", cache_dir=None)
    for module in (f"{CHECK}.reports", f"{CHECK}.claims", f"{CHECK}.board"):
        imported = graph.find_modules_that_directly_import(module)  # sanity: it is used
        assert imported
        below = graph.find_upstream_modules(module)
        assert not {m for m in below if m.startswith(CHECK)} - {f"{CHECK}.reports",
                                                                f"{CHECK}.board"}


def test_the_first_team_to_renege_is_the_one_the_penalty_applies_to() -> None:
    hand = loads('[Rules "straight"]\nhand 1 dealer N\n')[0].hands[0]
    check = HandCheck(hand, RuleSet())
    check.reneged(Team.EW)
    check.reneged(Team.NS)
    assert check.renege_by is Team.EW
