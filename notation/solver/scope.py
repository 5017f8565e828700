"""The solver's tables for a contract as a table plays it, or the words when the solver does
not play it: one home for lay-downs (:mod:`notation.check.claims`), par tables, the audit, the
analysis and the review, which each ask here and say what is said here.

The solver plays every option of every rule set: the opening lead too, held to a trump under
opening-lead=trump and played as the suit of its small end under small-end-opening
(docs/rules.md, Contracts; :meth:`notation.solver.solver.ContractTables.opening_plays`). What
it cannot play is a contract it has no tables for.

>>> from notation.model.bids import Bid
>>> from notation.model.contracts import Trump
>>> from notation.model.rule_sets import RuleSet
>>> from notation.model.seats import Seat
>>> either = RuleSet().with_options({"small-end-opening": "yes"})
>>> tables = tables_for(Contract(Seat.N, Bid.points(30), Trump.pip(5)), either)
>>> isinstance(tables, str), bool(tables.small_end)
(False, True)
"""

from __future__ import annotations

from notation.model.contracts import Contract
from notation.model.rule_sets import RuleSet
from notation.solver.solver import ContractTables, UnsupportedContract, contract_tables


def tables_for(contract: Contract, rules: RuleSet) -> ContractTables | str:
    """The solver's tables for ``contract`` played under ``rules``, or why the solver does
    not play it."""
    out = contract.sitting_out
    try:
        return contract_tables(contract.trump, None if out is None else out.index, rules)
    except UnsupportedContract:
        return f"the solver does not play {contract.trump} yet"
