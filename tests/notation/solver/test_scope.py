"""notation.solver.scope: the solver's tables under a table's rules, for lay-downs, par, the
audit, the analysis and the review alike; under every option each of them answers."""

from __future__ import annotations

import pytest

from notation.analysis.analyze import analyse_hand
from notation.analysis.audit import audit_hand
from notation.analysis.par import par_of_hand
from notation.analysis.review import review_hand
from notation.check.validate import check_game
from notation.formats.text.reader import read_games
from notation.model.bids import Bid
from notation.model.contracts import Contract, Trump
from notation.model.rule_sets import RuleSet
from notation.model.seats import Seat
from notation.model.tiles import ALL_TILES
from notation.solver.scope import tables_for

# North declares sixes and lays down: before the opening lead (trick 0) or after trick 1.
DEAL = """
hand 1 dealer W
deal N 6-6 6-5 6-4 6-3 6-2 6-1 5-5
     E 6-0 5-4 5-3 5-2 5-1 5-0 4-4
     S 4-3 4-2 4-1 4-0 3-3 3-2 3-1
     W 3-0 2-2 2-1 2-0 1-1 1-0 0-0
bid N 30 E pass S pass W pass
trump sixes
"""
TRICK_1 = "1 N 6-6 6-0 4-3 3-0\n"


def record(options: str, tricks: str = "") -> str:
    return (f'[Rules "straight"]\n[Options "{options}"]\n{DEAL}{tricks}'
            "end laydown N\npoints NS 42 EW 0\nmarks NS 1 EW 0\ntotal NS 1 EW 0\n")


def reasons(text: str) -> dict[str, str | None]:
    """What each entry point says it cannot judge in the record's one hand (None: it gave a
    verdict instead)."""
    read = next(read_games(text))
    game, rules = read.game, read.rules
    report = check_game(game, rules).hands[0]
    hand = game.hands[0]
    claim = report.claim
    assert claim is not None
    prefix = f"{claim.seat}'s lay-down cannot be checked: "
    audit = audit_hand(game, hand, rules, 1, report=report)
    return {
        "lay-down": claim.message.removeprefix(prefix) if claim.valid is None else None,
        "par": par_of_hand(hand, rules, report).why or None,
        "analysis": analyse_hand(game, hand, rules, 1, report=report).rejected or None,
        "review": review_hand(game, hand, rules, report=report, samples=2,
                              bids=False).why or None,
        "audit": "; ".join(audit.notes) if audit.perfect is None else None,
    }


OPTIONS = ["small-end-opening=yes", "opening-lead=trump",
           "small-end-opening=yes opening-lead=trump"]


@pytest.mark.parametrize("options", OPTIONS)
@pytest.mark.parametrize("tricks", ["", TRICK_1])
def test_every_entry_point_gives_a_verdict(options: str, tricks: str) -> None:
    """Before the opening lead and after it, under each option and both: lay-down, par,
    analysis, review and audit each judge the hand (each refused in words of its own, and a
    lay-down was judged under opening-lead=trump only once the opening lead was made)."""
    said = reasons(record(options, tricks))
    assert said == dict.fromkeys(said)


def test_a_lay_down_before_the_opening_lead_is_judged_with_the_lead_the_table_allows() -> None:
    """N holds six sixes and 5-5, E the 6-0 and no five: with the lead free N may lead 5-5
    first and E trumps it; held to a trump, N draws the 6-0 at once."""
    deal = DEAL.replace("E 6-0 5-4 5-3 5-2 5-1 5-0 4-4", "E 6-0 4-4 4-3 4-2 4-1 4-0 3-3")
    deal = deal.replace("S 4-3 4-2 4-1 4-0 3-3 3-2 3-1", "S 5-4 5-3 5-2 5-1 5-0 3-2 3-1")
    verdicts = {}
    for options in ("opening-lead=any", "opening-lead=trump"):
        text = record(options).replace(DEAL, deal)
        read = next(read_games(text))
        claim = check_game(read.game, read.rules).hands[0].claim
        assert claim is not None
        verdicts[options] = claim.valid
    assert verdicts == {"opening-lead=any": False, "opening-lead=trump": True}


def test_the_tables_carry_the_opening_lead_of_the_rules() -> None:
    sixes = Contract(Seat.N, Bid.points(30), Trump.pip(6))
    plain = tables_for(sixes, RuleSet())
    held = tables_for(sixes, RuleSet().with_options({"opening-lead": "trump"}))
    either = tables_for(sixes, RuleSet().with_options({"small-end-opening": "yes"}))
    assert not isinstance(plain, str)
    assert not isinstance(held, str)
    assert not isinstance(either, str)
    assert plain.opening == (1 << 28) - 1
    assert plain.small_end == ()
    assert held.opening == held.follow[6]
    assert held.small_end == ()
    # A lead that is neither a double nor a six may be played as its small end.
    assert [i for i, s in enumerate(either.small_end) if s >= 0] == [
        i for i, t in enumerate(ALL_TILES) if not t.is_double and not t.has(6)]
