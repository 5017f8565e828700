"""The house rules asked as a scorekeeper asks them: must the dealer bid when the others
pass, which bids to offer, what trump a call names at this table, is the game kept in
points, which special contracts does the table play (docs/rules.md, Bidding; Contracts;
Scoring).

Each answer reads the table's options (:class:`notation.model.rule_sets.RuleSet`) here, so
that a recorder, a phone or a replay asks the question and never reads an option itself.

>>> from notation.model.rule_sets import rule_set
>>> dealer_must_bid(rule_set("straight")), scored_in_points(rule_set("points"))
(True, True)
>>> [s.value for s in specials_played(rule_set("texas"))][:1]
['nello']
>>> str(named_trump("follow-me", None, rule_set("straight")))
'follow-me'
"""

from __future__ import annotations

from notation.model.bids import Bid, BidKind
from notation.model.contracts import Special, Trump
from notation.model.rule_sets import AllPass, RuleSet
from notation.rules.auction import FREE_MARKS, HIGHEST_POINT_BID, MINIMUM_BID

MARKS_IN_A_POINTS_GAME = 4  # the highest bid offered in the points game: 4 marks (168)


def dealer_must_bid(rules: RuleSet) -> bool:
    """True when the dealer must bid if all the others passed (``all-pass=forced-bid``);
    False when four passes throw the hand in (``reshake``).

    >>> from notation.model.rule_sets import rule_set
    >>> dealer_must_bid(rule_set("straight").with_options({"all-pass": "reshake"}))
    False
    """
    return rules.all_pass is AllPass.FORCED_BID


def scored_in_points(rules: RuleSet) -> bool:
    """True when the game is kept in points (the 250-point game), not in marks.

    >>> from notation.model.rule_sets import rule_set
    >>> scored_in_points(rule_set("straight"))
    False
    """
    return rules.points_game


def specials_played(rules: RuleSet) -> tuple[Special, ...]:
    """The special contracts the table plays, in their usual order.

    >>> from notation.model.rule_sets import rule_set
    >>> specials_played(rule_set("straight"))
    ()
    """
    return tuple(s for s in Special if rules.plays(s))


def bids_to_offer(standing: Bid | None, rules: RuleSet) -> tuple[Bid, ...]:
    """Every bid a seat might make over ``standing``, pass first, then cheapest first: 30 …
    41, then 1 mark up to 2 (4 in the points game), or one mark over marks standing. Which
    of them the rules allow now is :func:`notation.rules.auction.bid_problem`'s to say.

    >>> [str(b) for b in bids_to_offer(Bid.marks(2), RuleSet())][-2:]
    ['2m', '3m']
    """
    candidates = [Bid.pass_(), *(Bid.points(n) for n in range(MINIMUM_BID, HIGHEST_POINT_BID + 1))]
    top = MARKS_IN_A_POINTS_GAME if rules.points_game else FREE_MARKS
    if standing is not None and standing.kind is BidKind.MARKS:
        top = max(top, standing.amount + 1)
    return (*candidates, *(Bid.marks(n) for n in range(1, top + 1)))


def named_trump(
    word: str, doubles_word: str | None, rules: RuleSet, *, special: str | None = None
) -> Trump:
    """The trump a call names at this table: ``word`` (``fives``, ``5``, ``doubles``,
    ``follow-me``), its doubles option if named, and a special contract's word before it;
    what the call leaves out is the table's (``follow-me-doubles``, ``nello-doubles``).
    Raises :class:`notation.model.contracts.ContractError` for a call that names no trump.

    >>> from notation.model.rule_sets import rule_set
    >>> low = rule_set("straight").with_options({"follow-me-doubles": "low"})
    >>> str(named_trump("follow-me", None, low)), str(named_trump("", None, low, special="nello"))
    ('follow-me doubles-low', 'nello doubles-own-suit')
    """
    return Trump.parse(word, doubles_word, rules.follow_me_doubles, special=special,
                       nello_doubles=rules.nello_doubles)
