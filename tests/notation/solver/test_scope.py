"""notation.solver.scope: what the solver plays, and the one set of words for what it does not,
given alike by lay-downs, par, the audit, the analysis and the review."""

from __future__ import annotations

import pytest

from notation.analysis.analyze import analyse_hand
from notation.analysis.audit import audit_hand
from notation.analysis.par import par_of_hand
from notation.analysis.review import review_hand
from notation.check.validate import check_game
from notation.formats.text.reader import read_games
from notation.model.rule_sets import RuleSet
from notation.solver.scope import SMALL_END_OPENING, TRUMP_OPENING_LEAD, unplayed

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
    """What each entry point says the solver does not play for the record's one hand (None: it
    gave a verdict instead)."""
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


@pytest.mark.parametrize(("options", "words"), [("small-end-opening=yes", SMALL_END_OPENING),
                                               ("opening-lead=trump", TRUMP_OPENING_LEAD)])
def test_before_the_opening_lead_every_entry_point_gives_the_same_words(
        options: str, words: str) -> None:
    """Lay-down, par, analysis, review and audit each refused in words of their own, and a
    lay-down shown before the opening lead was judged under opening-lead=trump (as if its
    leader might lead anything) while par and the review refused the same position."""
    said = reasons(record(options))
    assert said == dict.fromkeys(said, words)


def test_after_the_opening_lead_a_lay_down_is_judged_under_opening_lead_trump() -> None:
    """opening-lead=trump holds only the opening lead: from trick 2 on the solver's play is
    the table's, so the lay-down is judged; what starts at the opening lead is still refused
    in the same words."""
    said = reasons(record("opening-lead=trump", TRICK_1))
    assert said["lay-down"] is None
    assert {k: v for k, v in said.items() if k != "lay-down"} == dict.fromkeys(
        ("par", "analysis", "review", "audit"), TRUMP_OPENING_LEAD)
    read = next(read_games(record("opening-lead=trump", TRICK_1)))
    claim = check_game(read.game, read.rules).hands[0].claim
    assert claim is not None
    assert claim.valid is True


def test_small_end_opening_refuses_every_position_of_the_hand() -> None:
    said = reasons(record("small-end-opening=yes", TRICK_1))
    assert said == dict.fromkeys(said, SMALL_END_OPENING)


def test_a_contract_without_trumps_leaves_the_opening_lead_free() -> None:
    """Under opening-lead=trump a follow-me hand has no trump to lead: the solver's play is the
    table's from the opening lead (docs/rules.md, Contracts)."""
    text = record("opening-lead=trump").replace("trump sixes", "trump follow-me")
    said = reasons(text)
    assert [said[k] for k in ("lay-down", "audit", "review")] == [None, None, None]
    # A par table weighs every contract, those with trumps among them.
    assert said["par"] == said["analysis"] == TRUMP_OPENING_LEAD


def test_the_scope_counts_the_plays_of_a_position() -> None:
    held = RuleSet().with_options({"opening-lead": "trump"})
    assert [unplayed(held, n) for n in (0, 1, 27)] == [TRUMP_OPENING_LEAD, None, None]
    either = RuleSet().with_options({"small-end-opening": "yes"})
    assert {unplayed(either, n) for n in range(28)} == {SMALL_END_OPENING}
    assert {unplayed(RuleSet(), n) for n in range(28)} == {None}
