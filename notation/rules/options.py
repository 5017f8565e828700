"""A table's options asked as questions of the game (docs/rules.md): what the layers above the
rules ask of a rule set, so that none of them reads an option itself.

Each question is the rule an option stands for, in the game's words: the opening lead held to
a trump, a first lead played by its small end, the dealer's forced bid, the points game.

>>> from notation.model.rule_sets import RuleSet, rule_set
>>> trump_lead = RuleSet().with_options({"opening-lead": "trump"})
>>> opening_lead_must_be_trump(trump_lead), opening_lead_must_be_trump(RuleSet())
(True, False)
>>> dealer_must_bid(RuleSet()), dealer_must_bid(RuleSet().with_options({"all-pass": "reshake"}))
(True, False)
>>> played_for_points(rule_set("points")), played_for_points(rule_set("texas"))
(True, False)
"""

from __future__ import annotations

from notation.model.contracts import Special, Trump
from notation.model.rule_sets import AllPass, OpeningLead, RuleSet
from notation.rules.play import trump_suit


def opening_lead_must_be_trump(rules: RuleSet, trump: Trump | None = None) -> bool:
    """Whether the first lead of a hand must be a trump when its leader holds one
    (opening-lead=trump; docs/rules.md, Contracts), under the contract's ``trump`` when it
    is given: a contract without trumps (follow-me, Nello, Sevens) leaves the lead free.
    Only that one lead is held to it.

    >>> from notation.model.contracts import DoublesRank
    >>> held = RuleSet().with_options({"opening-lead": "trump"})
    >>> opening_lead_must_be_trump(held, Trump.pip(6))
    True
    >>> opening_lead_must_be_trump(held, Trump.follow_me(DoublesRank.HIGH))
    False
    """
    if rules.opening_lead is not OpeningLead.TRUMP:
        return False
    return trump is None or trump_suit(trump) is not None


def first_lead_by_either_end(rules: RuleSet, trump: Trump | None = None) -> bool:
    """Whether the first lead of a hand may be played as the suit of its small end
    (small-end-opening=yes; docs/rules.md, Contracts), under the contract's ``trump`` when
    it is given (in Sevens no tile has a suit to lead): the whole first trick follows the
    suit the lead was played as, and only the first trick.

    >>> from notation.model.contracts import TrumpKind
    >>> either = RuleSet().with_options({"small-end-opening": "yes"})
    >>> sevens = Trump.called(TrumpKind.FOLLOW_ME, special=Special.SEVENS)
    >>> first_lead_by_either_end(either), first_lead_by_either_end(either, sevens)
    (True, False)
    """
    if not rules.small_end_opening:
        return False
    return trump is None or trump.special is not Special.SEVENS


def dealer_must_bid(rules: RuleSet) -> bool:
    """Whether the dealer must bid when the other three pass (all-pass=forced-bid), rather
    than the hand being thrown in (docs/rules.md, Bidding)."""
    return rules.all_pass is AllPass.FORCED_BID


def played_for_points(rules: RuleSet) -> bool:
    """Whether the game is the 250-point game, whose bids score points, not marks
    (docs/rules.md, Scoring)."""
    return rules.points_game
