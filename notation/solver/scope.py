"""What the solver plays, and the words when it does not: one home for lay-downs
(:mod:`notation.check.claims`), par tables, the audit, the analysis and the review, which each
ask here and say what is said here.

The solver plays a hand by the rules of play (:mod:`notation.rules.play`): any tile may be
led, and every lead calls for the suit of its higher end. Two options of a table change the
first trick (docs/rules.md, Contracts), and the rules layer says when they apply
(:mod:`notation.rules.tricks`):

- opening-lead=trump holds the first lead to a trump. It changes only the position before
  the opening lead: once it is made, the solver's play is the table's, so a lay-down shown
  after it is judged, and one shown before it is not.
- small-end-opening=yes lets the first lead be played as its small end's suit, which changes
  who must follow and who wins the first trick. The solver reaches every later position of a
  hand by playing that trick, so it judges no position of a hand under that option.

Whoever asks gives the position (how many plays the hand has seen) and, where there is one,
the contract; the answer is the same words for all.

>>> from notation.model.rule_sets import RuleSet
>>> held = RuleSet().with_options({"opening-lead": "trump"})
>>> unplayed(held) == TRUMP_OPENING_LEAD, unplayed(held, plays_made=4)
(True, None)
>>> unplayed(RuleSet().with_options({"small-end-opening": "yes"}), 9) == SMALL_END_OPENING
True
>>> unplayed(RuleSet()) is None
True
"""

from __future__ import annotations

from notation.model.contracts import Contract, Trump
from notation.model.rule_sets import RuleSet
from notation.model.tiles import TILES_IN_A_HAND
from notation.rules.tricks import small_end_opens, trump_must_open
from notation.solver.solver import ContractTables, Position, UnsupportedContract, contract_tables

SMALL_END_OPENING = (
    "the solver does not play small-end-opening (a first lead played as the suit of its small "
    "end), and reaches every later position through the first trick"
)
TRUMP_OPENING_LEAD = (
    "the solver does not hold the opening lead to a trump (opening-lead=trump), and the "
    "opening lead is still to be made"
)


def unplayed(rules: RuleSet, plays_made: int = 0, trump: Trump | None = None) -> str | None:
    """Why the solver's play from a position ``plays_made`` plays into a hand (0: the opening
    lead still to be made) is not the play of a table under ``rules``, in the contract of
    ``trump`` (any contract, when not given); None when it is."""
    if small_end_opens(rules, trump):
        return SMALL_END_OPENING
    if plays_made == 0 and trump_must_open(rules, trump):
        return TRUMP_OPENING_LEAD
    return None


def unplayed_at(rules: RuleSet, pos: Position, tables: ContractTables,
                trump: Trump | None = None) -> str | None:
    """:func:`unplayed` for a position on the solver's board (``tables`` its contract's)."""
    return unplayed(rules, plays_made(pos, tables), trump)


def plays_made(pos: Position, tables: ContractTables) -> int:
    """How many plays the hand has seen at ``pos``: the tiles dealt to the seats that play,
    less those still held.

    >>> from notation.model.contracts import Trump
    >>> from notation.model.seats import Seat
    >>> from notation.model.tiles import ALL_TILES
    >>> tables = contract_tables(Trump.pip(6))
    >>> deal = {s: ALL_TILES[7 * s.index: 7 * s.index + 7] for s in Seat}
    >>> start = Position.deal(deal, Seat.N)
    >>> plays_made(start, tables), plays_made(start.play(0, tables), tables)
    (0, 1)
    """
    held = sum(hand.bit_count() for hand in pos.hands)
    return TILES_IN_A_HAND * tables.trick_size - held


def tables_for(contract: Contract) -> ContractTables | str:
    """The solver's tables for ``contract``, or why the solver does not play it."""
    out = contract.sitting_out
    try:
        return contract_tables(contract.trump, None if out is None else out.index)
    except UnsupportedContract:
        return f"the solver does not play {contract.trump} yet"
