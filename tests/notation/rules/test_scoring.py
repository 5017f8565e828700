"""Scoring the marks game, ending early, renege penalties and rule-set options.

docs/rules.md, Scoring; Ending a hand early; Reneges. The points game (bids to 84 and 168, game to
250) and its worked examples (000, 002) are not implemented yet, so they are not tested here.
"""

from __future__ import annotations

import pytest

from notation.check.validate import GameReport, check_game
from notation.formats.text import loads
from notation.model.bids import Bid
from notation.model.contracts import Contract, DoublesRank, Trump
from notation.model.findings import Finding
from notation.model.rule_sets import (
    AllPass,
    RenegePenalty,
    RulesError,
    RuleSet,
    option_choices,
    option_field,
    parse_options,
    rule_set,
)
from notation.model.seats import Seat, Team
from notation.rules.scoring import (
    MarkAward,
    award,
    game_winner,
    made_or_set,
    marks_at_stake,
    needs_every_trick,
)

NO_PENALTY = RuleSet().with_options({"renege-penalty": "none"})

DEAL = """deal N 6-6 6-5 6-4 6-3 5-5 5-4 4-4
     E 6-2 6-1 6-0 3-3 2-2 1-1 0-0
     S 5-3 5-2 5-1 5-0 4-3 4-2 4-1
     W 4-0 3-2 3-1 3-0 2-1 2-0 1-0
"""
# N, declarer in sixes, takes every trick: NS 6, 7, 23, 24, 40, 41, 42 after each trick.
SWEEP = [
    "1 N 6-6 6-0 5-0 3-0",
    "2 N 6-5 6-1 5-1 2-0",
    "3 N 6-4 6-2 4-1 1-0",
    "4 N 6-3 0-0 4-2 2-1",
    "5 N 5-5 1-1 5-3 3-2",
    "6 N 5-4 2-2 5-2 3-1",
    "7 N 4-4 3-3 4-3 4-0",
]
# The same, but in trick 5 S (a bidder) plays 4-3 on a lead of fives holding 5-3 and 5-2.
BIDDER_RENEGE = [*SWEEP[:4], "5 N 5-5 1-1 4-3 3-2", "6 N 5-4 2-2 5-2 3-1", "7 N 4-4 3-3 5-3 4-0"]
# E bids 30 in blanks; S (a defender) plays 5-3 on the 0-0 holding 5-0; NS set the bid.
DEFENDER_RENEGE = """bid E 30 S pass W pass N pass
trump E blanks
1 E 0-0 5-3 1-0 4-4
2 E 6-0 5-0 2-0 6-6
3 E 6-2 4-1 3-1 6-4
end set
"""


def hand(bid: str, tricks: list[str], tail: str = "", dealer: str = "W") -> str:
    """One hand with the deal above, N declaring in sixes after the given auction."""
    return (
        f"hand 1 dealer {dealer}\n{DEAL}bid {bid}\ntrump N sixes\n"
        + "".join(t + "\n" for t in tricks)
        + tail
    )


def check(record: str, rules: RuleSet | None = None) -> GameReport:
    return check_game(loads('[Event "t"]\n' + record)[0], rules)


def contract(bid: Bid) -> Contract:
    """N declares ``bid`` in sixes."""
    return Contract(Seat.N, bid, Trump.pip(6))


def teams(ns: int, ew: int) -> dict[Team, int]:
    return {Team.NS: ns, Team.EW: ew}


def codes(report: GameReport) -> list[str]:
    return [f.code for f in report.findings]


def only(report: GameReport, code: str) -> Finding:
    [found] = [f for f in report.findings if f.code == code]
    return found


# -- marks (docs/rules.md, Scoring) --


@pytest.mark.parametrize("amount", range(30, 42))
def test_marks_bid_30_to_41_made_scores_1_mark(amount: int) -> None:
    """docs/rules.md, Scoring: a bid of 30 … 42 made scores 1 mark."""
    assert marks_at_stake(Bid.points(amount)) == 1
    assert award(Bid.points(amount), Team.NS, made=True) == MarkAward(Team.NS, 1)


def test_marks_bid_of_n_marks_made_scores_n() -> None:
    """docs/rules.md, Scoring: a bid of N marks made scores N (1 mark is the bid of 42)."""
    assert [marks_at_stake(Bid.marks(n)) for n in (1, 2, 3, 5)] == [1, 2, 3, 5]
    assert award(Bid.marks(3), Team.EW, made=True) == MarkAward(Team.EW, 3)
    report = check(hand("N 2m E pass S pass W pass", SWEEP, "marks NS 2 EW 0\n"))
    assert codes(report) == []
    assert report.hands[0].marks == {Team.NS: 2, Team.EW: 0}


def test_marks_set_gives_opponents_what_bidders_would_score() -> None:
    """docs/rules.md, Scoring: a set gives the opponents what the bidders would have scored."""
    assert award(Bid.points(35), Team.NS, made=False) == MarkAward(Team.EW, 1)
    assert award(Bid.marks(2), Team.EW, made=False) == MarkAward(Team.NS, 2)
    assert MarkAward(Team.NS, 2).of(Team.EW) == 0
    report = check(
        "hand 1 dealer W\n" + DEAL + "bid N pass E 2m S pass W pass\ntrump E sixes\n"
        "1 E 6-2 5-3 4-0 6-6\nend set\nmarks NS 2 EW 0\n"
    )
    assert codes(report) == []
    assert report.hands[0].marks == {Team.NS: 2, Team.EW: 0}


def test_marks_bids_of_one_mark_or_more_need_all_seven_tricks() -> None:
    """docs/rules.md, Scoring: bids of 1 mark or more need all 7 tricks."""
    assert needs_every_trick(Bid.marks(1))
    assert not needs_every_trick(Bid.points(41))
    one_mark = contract(Bid.marks(1))
    assert made_or_set(one_mark, teams(42, 0), teams(7, 0)) == (True, False)
    assert made_or_set(one_mark, teams(41, 1), teams(6, 1)) == (False, True)
    assert made_or_set(one_mark, teams(40, 0), teams(5, 0), played=5) == (False, False)
    # A bid of 41 needs points only: 41 points made it, taking more than 1 sets it.
    assert made_or_set(contract(Bid.points(41)), teams(41, 1), teams(6, 1)) == (True, False)
    assert made_or_set(contract(Bid.points(41)), teams(40, 2), teams(6, 1)) == (False, True)


def test_marks_points_bid_made_and_set_by_points() -> None:
    """docs/rules.md, Scoring: a bid of 30 … 41 is made by taking that many points."""
    thirty = contract(Bid.points(30))
    assert made_or_set(thirty, teams(30, 0), teams(3, 0), played=3) == (True, False)
    assert made_or_set(thirty, teams(29, 13), teams(6, 1)) == (False, True)
    assert made_or_set(thirty, teams(29, 12), teams(5, 1), played=6) == (False, False)
    report = check(hand("N 30 E pass S pass W pass", SWEEP, "points NS 42 EW 0\n"
                        "marks NS 1 EW 0\ntotal NS 1 EW 0\n"))
    assert codes(report) == []
    assert report.hands[0].points == {Team.NS: 42, Team.EW: 0}


# -- hands written without tricks: made or set by the points written (docs/rules.md, Scoring) --


def scored_only(rules: str, bid: str, trump: str, points: str, marks: str, total: str) -> str:
    """A hand dealt by E, with no deal and no tricks: its auction, trump and score lines."""
    return (
        f'[Rules "{rules}"]\nhand 1 dealer E\nbid {bid}\ntrump {trump}\n'
        f"points {points}\nmarks {marks}\ntotal {total}\n"
    )


def check_text(text: str) -> GameReport:
    return check_game(loads(text)[0])


# Each trick is worth at least 1 point, so 42 of 42 points means all seven tricks, and 0
# points means none: a bid that needs every trick is made or set by the points written.
@pytest.mark.parametrize(
    ("rules", "bid", "trump", "points", "marks"),
    [
        ("straight", "S pass W pass N 2m E pass", "N deuces", "NS 42 EW 0", "NS 2 EW 0"),
        ("straight", "S pass W pass N 2m E pass", "N deuces", "NS 41 EW 1", "NS 0 EW 2"),
        ("points", "S pass W pass N 84 E pass", "N deuces", "NS 42 EW 0", "NS 84 EW 0"),
        ("points", "S pass W pass N 84 E pass", "N deuces", "NS 40 EW 2", "NS 0 EW 84"),
        ("texas", "S pass W pass N 2m E pass", "S splash deuces", "NS 42 EW 0", "NS 2 EW 0"),
        ("texas", "S pass W pass N 2m E pass", "S splash deuces", "NS 35 EW 7", "NS 0 EW 2"),
        ("texas", "S pass W pass N 2m E pass", "N sevens", "NS 42 EW 0", "NS 2 EW 0"),
        ("texas", "S pass W pass N 2m E pass", "N sevens", "NS 30 EW 12", "NS 0 EW 2"),
    ],
)
def test_bid_needing_every_trick_scored_by_points_written(
    rules: str, bid: str, trump: str, points: str, marks: str
) -> None:
    """Issue 20: a bid of marks (84 in the points game, Splash, Sevens) with no tricks
    recorded is made when the points show the bidders took all 42, set otherwise."""
    report = check_text(scored_only(rules, bid, trump, points, marks, marks))
    assert codes(report) == []


@pytest.mark.parametrize(
    ("points", "marks"), [("NS 0 EW 42", "NS 1 EW 0"), ("NS 5 EW 37", "NS 0 EW 1")]
)
def test_nello_scored_by_points_written(points: str, marks: str) -> None:
    """Issue 20: a Nello with no tricks recorded is made when the declarer's side took no
    point (so no trick), set when it took any."""
    text = scored_only("texas", "S pass W pass N 1m E pass", "N nello", points, marks, marks)
    assert codes(check_text(text)) == []


# In a Nello the partner sits out, and the tiles she lays down are never played: their count
# is in nobody's points, so the hand is worth 42 less that count (docs/rules.md, Contracts).
@pytest.mark.parametrize(
    ("points", "marks"), [("NS 0 EW 37", "NS 1 EW 0"), ("NS 0 EW 27", "NS 1 EW 0")]
)
def test_nello_scored_by_points_worth_less_the_count_laid_down(points: str, marks: str) -> None:
    """Without a deal, a Nello's points may add up to 42 less any count the partner held."""
    text = scored_only("texas", "S pass W pass N 1m E pass", "N nello", points, marks, marks)
    assert codes(check_text(text)) == []


def test_nello_with_its_deal_is_worth_42_less_the_partners_count() -> None:
    """With the deal known, the worth is exact: S (sitting out) holds 6-4, 5-0 and 4-1, 20."""
    deal = (
        "deal N 6-6 6-5 6-3 6-2 6-1 6-0 5-5\n"
        "     E 5-4 5-3 5-2 5-1 4-4 4-3 4-2\n"
        "     S 6-4 5-0 4-1 4-0 3-3 3-1 1-1\n"
        "     W 3-2 3-0 2-2 2-1 2-0 1-0 0-0\n"
    )
    head = '[Rules "texas"]\nhand 1 dealer E\n' + deal
    tail = "bid S pass W pass N 1m E pass\ntrump N nello\n"
    clean = head + tail + "points NS 0 EW 22\nmarks NS 1 EW 0\ntotal NS 1 EW 0\n"
    assert codes(check_text(clean)) == []
    wrong = head + tail + "points NS 0 EW 42\nmarks NS 1 EW 0\ntotal NS 1 EW 0\n"
    assert codes(check_text(wrong)) == ["misscored-points"]


def test_a_nello_cannot_be_worth_what_no_deal_gives() -> None:
    """The count tiles are worth 5 or 10 each: a Nello's points are 42 less a multiple of 5."""
    text = scored_only(
        "texas", "S pass W pass N 1m E pass", "N nello", "NS 0 EW 40", "NS 1 EW 0", "NS 1 EW 0"
    )
    assert codes(check_text(text)) == ["misscored-points"]


def test_made_or_set_by_points_alone() -> None:
    """Issue 20: without tricks, a team took a trick exactly when it has points."""
    two_marks = contract(Bid.marks(2))
    assert made_or_set(two_marks, teams(42, 0)) == (True, False)
    assert made_or_set(two_marks, teams(41, 1)) == (False, True)
    nello = Contract(Seat.N, Bid.marks(1), Trump.parse("", special="nello"))
    assert made_or_set(nello, teams(0, 42)) == (True, False)
    assert made_or_set(nello, teams(1, 41)) == (False, True)
    assert made_or_set(contract(Bid.points(30)), teams(30, 12)) == (True, False)


def test_game_first_to_7_marks() -> None:
    """docs/rules.md, Scoring: game: first to 7 marks."""
    rules = RuleSet()
    assert rules.marks_to_win == 7
    assert game_winner(6, 5, rules) is None
    assert game_winner(7, 6, rules) is Team.NS
    assert game_winner(3, 8, rules) is Team.EW


def test_game_win_by_2_option() -> None:
    """docs/rules.md, Scoring: variant (002, tournament): at least 7 and ahead by 2."""
    rules = RuleSet().with_options({"win-by": "2"})
    assert rules.win_by == 2
    assert game_winner(7, 6, rules) is None
    assert game_winner(8, 6, rules) is Team.NS
    assert game_winner(8, 9, rules) is None
    assert game_winner(8, 10, rules) is Team.EW
    assert game_winner(6, 4, rules) is None


def test_game_played_after_game_won() -> None:
    """docs/rules.md, Scoring: game: first to 7 marks; no hand is played after that."""
    record = (
        "hand 1 dealer N\nbid E pass S 30 W pass N pass\ntotal NS 7 EW 0\n"
        "hand 2 dealer E\nbid S 30 W pass N pass E pass\n"
    )
    f = only(check(record), "played-after-game-won")
    assert (f.hand, f.line, f.column) == (2, 5, 1)
    assert f.evidence == {"marks": {Team.NS: 7, Team.EW: 0}}


# -- ending a hand early (docs/rules.md, Ending a hand early) --


def test_ending_early_made_justified() -> None:
    """docs/rules.md, Ending a hand early: play may stop once the bidders have made the bid."""
    report = check(hand("N 30 E pass S pass W pass", SWEEP[:5],
                        "end made\npoints NS 40 EW 0\nmarks NS 1 EW 0\n"))
    assert codes(report) == []
    assert report.hands[0].marks == {Team.NS: 1, Team.EW: 0}


def test_ending_early_made_unjustified() -> None:
    """docs/rules.md, Ending a hand early: the stop must be justified by what was captured."""
    report = check(hand("N 30 E pass S pass W pass", SWEEP[:3], "end made\n"))
    f = only(report, "ending-unjustified")
    assert "the bidders (NS) have 23 points; 30 needs 30 points" in f.message
    assert f.evidence == {"points": {Team.NS: 23, Team.EW: 0}}


def test_ending_early_set_justified() -> None:
    """docs/rules.md, Ending a hand early: play may stop once the defenders have set the bid."""
    report = check(
        "hand 1 dealer N\n" + DEAL + DEFENDER_RENEGE.replace("1 E 0-0 5-3", "1 E 0-0 5-0")
        .replace("2 E 6-0 5-0", "2 E 6-0 5-3")
    )
    assert codes(report) == []
    assert report.hands[0].points == {Team.NS: 16, Team.EW: 7}
    assert report.hands[0].marks == {Team.NS: 1, Team.EW: 0}


def test_ending_early_set_unjustified() -> None:
    """docs/rules.md, Ending a hand early: a set must be justified by what the defenders took."""
    report = check(hand("N 30 E pass S pass W pass", SWEEP[:2], "end set\n"))
    f = only(report, "ending-unjustified")
    assert "setting 30 takes 13" in f.message
    report = check(hand("N 1m E pass S pass W pass", SWEEP[:2], "end set\n"))
    assert "have not won a trick yet" in only(report, "ending-unjustified").message


def test_ending_early_lay_down_scores_the_rest_to_the_claimant() -> None:
    """docs/rules.md, Ending a hand early: a lay-down claims the rest of the tricks."""
    report = check(hand("N 1m E pass S pass W pass", SWEEP[:3],
                        "end laydown N\npoints NS 42 EW 0\nmarks NS 1 EW 0\n"))
    assert codes(report) == []
    assert report.hands[0].points == {Team.NS: 42, Team.EW: 0}
    assert report.hands[0].marks == {Team.NS: 1, Team.EW: 0}
    # A defender's lay-down gives the rest to the defenders, setting the bid.
    report = check(hand("N 30 E pass S pass W pass", SWEEP[:1], "end laydown E\n"))
    assert report.hands[0].points == {Team.NS: 6, Team.EW: 36}
    assert report.hands[0].marks == {Team.NS: 0, Team.EW: 1}


# -- renege penalty (docs/rules.md, Reneges) --


def test_renege_penalty_bidders_renege_are_set() -> None:
    """docs/rules.md, Reneges: the default is that the offending team loses the hand (bidders who
    renege are set)."""
    assert RuleSet().renege_penalty is RenegePenalty.LOSE_HAND
    report = check(hand("N 30 E pass S pass W pass", BIDDER_RENEGE,
                        "points NS 42 EW 0\nmarks NS 0 EW 1\n"))
    assert codes(report) == ["renege"]
    assert report.hands[0].points == {Team.NS: 42, Team.EW: 0}
    assert report.hands[0].marks == {Team.NS: 0, Team.EW: 1}


def test_renege_penalty_defenders_renege_give_bidders_their_contract() -> None:
    """docs/rules.md, Reneges: defenders who renege give the bidders their contract."""
    report = check("hand 1 dealer N\n" + DEAL + DEFENDER_RENEGE + "marks NS 0 EW 1\n")
    assert codes(report) == ["renege"]
    assert report.hands[0].marks == {Team.NS: 0, Team.EW: 1}


def test_renege_penalty_option_none_scores_as_played() -> None:
    """docs/rules.md, Reneges: the penalty is a table rule and must be an option (none: the renege
    is reported and the hand scores as played)."""
    rules = RuleSet().with_options({"renege-penalty": "none"})
    assert rules.renege_penalty is RenegePenalty.NONE
    report = check(hand("N 30 E pass S pass W pass", BIDDER_RENEGE, "marks NS 1 EW 0\n"), rules)
    assert codes(report) == ["renege"]
    assert report.hands[0].marks == {Team.NS: 1, Team.EW: 0}
    report = check("hand 1 dealer N\n" + DEAL + DEFENDER_RENEGE + "marks NS 1 EW 0\n", rules)
    assert codes(report) == ["renege"]


def test_renege_penalty_none_misscore_message_does_not_claim_a_lost_hand() -> None:
    """docs/rules.md, Reneges: under renege-penalty=none a renege does not lose the hand, so a
    misscored-marks message must not say it does."""
    report = check(hand("N 30 E pass S pass W pass", BIDDER_RENEGE, "marks NS 0 EW 1\n"),
                   NO_PENALTY)
    f = only(report, "misscored-marks")
    assert "loses the hand" not in f.message
    report = check(hand("N 30 E pass S pass W pass", BIDDER_RENEGE, "marks NS 1 EW 0\n"))
    assert "(a renege by NS loses the hand)" in only(report, "misscored-marks").message


# -- rule-set options (docs/rules.md: every variant is an option) --


def test_options_defaults_of_straight_42() -> None:
    """docs/rules.md: every variant is named in the rule-set options, with the default reading."""
    rules = rule_set("straight")
    assert rules == RuleSet()
    assert rules.options() == {
        "scoring": "marks",
        "marks-to-win": "7",
        "points-to-win": "250",
        "win-by": "1",
        "all-pass": "forced-bid",
        "first-bidder": "left-of-dealer",
        "bid-out-of-turn": "error",
        "opening-lead": "any",
        "small-end-opening": "no",
        "trump-from-first-lead": "no",
        "follow-me-min": "any",
        "follow-me-doubles": "high",
        "nello": "no",
        "nello-min": "1m",
        "nello-doubles": "own-suit",
        "nello-doubles-choice": "any",
        "plunge": "no",
        "plunge-lead": "declarer",
        "plunge-bid": "by-lead",
        "splash": "no",
        "splash-bid": "2m",
        "partner-names": "plain",
        "sevens": "no",
        "low-no": "no",
        "renege-penalty": "lose-hand",
    }


def test_options_with_options_changes_only_what_is_named() -> None:
    """docs/rules.md: options are changed one at a time, named as in the Options tag."""
    base = RuleSet()
    rules = base.with_options({"all-pass": "RESHAKE", "Follow-Me-Doubles": "own-suit"})
    assert rules.all_pass is AllPass.RESHAKE
    assert rules.follow_me_doubles is DoublesRank.OWN_SUIT
    assert rules.renege_penalty is base.renege_penalty
    assert base.all_pass is AllPass.FORCED_BID  # the original is unchanged
    assert rules.with_options({"marks-to-win": "11"}).marks_to_win == 11
    assert parse_options("all-pass=reshake, win-by=2") == {"all-pass": "reshake", "win-by": "2"}
    assert option_choices(option_field("all-pass")) == ("forced-bid", "reshake")
    assert option_choices(option_field("win-by")) == ()


def test_options_unknown_option_names_the_valid_ones() -> None:
    """docs/rules.md: an unknown option is refused with the list of options."""
    with pytest.raises(RulesError) as e:
        RuleSet().with_options({"trump-first": "yes"})
    assert str(e.value).startswith(
        "there is no rule option 'trump-first'; the options are scoring, marks-to-win, "
        "points-to-win, win-by, all-pass, first-bidder, "
    )
    assert str(e.value).endswith("low-no, renege-penalty")


def test_options_unknown_value_names_the_valid_values() -> None:
    """docs/rules.md: an option value outside its choices is refused with the choices."""
    with pytest.raises(RulesError) as e:
        RuleSet().with_options({"all-pass": "redeal"})
    assert str(e.value) == "option all-pass takes forced-bid, reshake, not 'redeal'"
    with pytest.raises(RulesError, match="option win-by takes a whole number, not 'two'"):
        RuleSet().with_options({"win-by": "two"})
    with pytest.raises(RulesError, match="not '0'"):
        RuleSet().with_options({"marks-to-win": "0"})


def test_options_unknown_rule_set_and_bad_options_text() -> None:
    """docs/rules.md: a rule set is chosen by name; unknown names list the valid ones."""
    with pytest.raises(RulesError, match="there is no rule set 'moon'; the rule sets are straight"):
        rule_set("moon")
    with pytest.raises(RulesError, match="'win-by' is not written as option=value"):
        parse_options("win-by")
    [read] = loads('[Event "t"]\n[Options "win-by=2"]\n')
    assert read.rules.win_by == 2
