"""Rule sets, options and the special contracts: one test per clause of docs/rules.md that is a
variant (Bidding, Contracts, Scoring), each named after the clause it checks.

The records come from ``samples/`` (each clean) and are changed by one play or bid to get the
finding that names the rule broken.
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from typer.testing import CliRunner

from notation.check.validate import GameReport, check_game
from notation.formats.text import dumps, loads
from notation.formats.text.reader import read_games
from notation.model.bids import Bid
from notation.model.contracts import DoublesRank, Special, Trump
from notation.model.game import Game, Tag
from notation.model.rule_sets import (
    OPTION_DESCRIPTIONS,
    RULE_SET_DESCRIPTIONS,
    RULE_SETS,
    RuleSet,
    Scoring,
    Toggle,
    option_fields,
    option_name,
    rule_set,
)
from notation.model.seats import Seat, Team
from notation.model.tiles import Tile
from notation.rules.play import trick_winner
from notation.rules.scoring import game_winner, points_award, settlement
from notation.views.rules_view import markdown_tables
from t42.commands import app

ROOT = Path(__file__).parents[3]
SAMPLES = ROOT / "samples"


def sample(name: str) -> str:
    return (SAMPLES / name).read_text(encoding="utf-8")


def check(text: str) -> GameReport:
    return check_game(loads(text)[0])


def codes(text: str) -> list[str]:
    return [f.code for f in check(text).findings]


def changed(text: str, old: str, new: str) -> str:
    assert text.count(old) == 1, old
    return text.replace(old, new)


# -- the named rule sets and their options --


def test_rule_sets_straight_texas_points() -> None:
    """docs/rules.md: straight (marks to 7, forced bid, no special contracts); texas adds Nello,
    Plunge, Splash and Sevens with the digest's defaults; points is the 250-point game."""
    straight, texas, points = (rule_set(n) for n in ("straight", "texas", "points"))
    assert straight == RuleSet()
    assert not any((straight.nello, straight.plunge, straight.splash, straight.sevens))
    assert all((texas.nello, texas.plunge, texas.splash, texas.sevens))
    assert texas.nello_doubles is DoublesRank.OWN_SUIT
    assert (points.scoring, points.points_to_win, bool(points.low_no)) == (
        Scoring.POINTS, 250, True,
    )
    assert list(RULE_SETS) == list(RULE_SET_DESCRIPTIONS) == ["straight", "texas", "points"]


def test_every_option_has_a_description_and_round_trips() -> None:
    """docs/rules.md: every variant is an option with a name, a default and a description."""
    assert [f.name for f in option_fields()] == list(OPTION_DESCRIPTIONS)
    for rules in RULE_SETS.values():
        assert RuleSet(name=rules.name).with_options(rules.options()) == rules


def test_every_option_is_in_a_sample_or_test() -> None:
    """Every option `t42 rules` lists is exercised: named here by a test of this module or
    of test_validate.py, or by a sample's rule set."""
    tests = Path(__file__).parents[1]  # tests/notation
    here = "".join(
        (tests / name).read_text(encoding="utf-8")
        for name in ("model/test_rule_sets.py", "check/test_validate.py", "rules/test_scoring.py")
    )
    for f in option_fields():
        assert option_name(f) in here or f.name in here, option_name(f)


def test_the_docs_tables_are_generated_from_the_code() -> None:
    """The Rule sets tables of docs/reference/rule-sets.md are markdown_tables() pasted."""
    page = (ROOT / "docs" / "reference" / "rule-sets.md").read_text(encoding="utf-8")
    assert markdown_tables() in page


def test_cli_rules_lists_sets_and_options_and_shows_one() -> None:
    runner = CliRunner()
    result = runner.invoke(app, ["rules"], terminal_width=200)
    assert result.exit_code == 0
    for name in RULE_SETS:
        assert name in result.output
    for f in option_fields():
        assert option_name(f) in result.output
    result = runner.invoke(app, ["rules", "texas"], terminal_width=200)
    assert result.exit_code == 0
    assert "│ sevens                │ yes" in result.output
    result = runner.invoke(app, ["rules", "moon"])
    assert result.exit_code == 2
    assert "the rule sets are straight, texas, points" in result.output


def test_unknown_rules_lists_the_valid_names() -> None:
    """A record naming an unknown set or option gets a located error listing valid names."""
    [read] = list(read_games('[Rules "moon"]\n'))
    assert [p.code for p in read.problems] == ["unknown-rules"]
    assert "straight, texas, points" in read.problems[0].message


# -- Bidding --


def test_bidding_plunge_jump_only_for_a_plunge() -> None:
    """docs/rules.md, Bidding: a bidder may jump to 4 marks only to play a Plunge (002, 004)."""
    text = sample("plunge.t42")
    assert codes(text) == []
    not_plunge = changed(text, "trump E plunge sixes", "trump W sixes")
    found = check(not_plunge).findings
    assert [f.code for f in found] == ["bid-off-ladder"]
    assert "only a Plunge may jump to 4 marks" in found[0].message


def test_bidding_plunge_jump_may_be_overcalled_with_5_marks() -> None:
    """docs/rules.md, Bidding: a 4-mark Plunge jump stands as a bid; a later seat may overcall it
    with 5 marks, one more than the standing 4, and play a normal contract (issue 20)."""
    text = (
        '[Event "?"]\n[Rules "texas"]\n\nhand 1 dealer N\n'
        "bid E 4m S 5m W pass N pass\ntrump fives\n"
    )
    assert codes(text) == []
    # With the deal known, a jump by a seat without four doubles was no Plunge: it is off the
    # ladder, and the 5 marks over it are still judged against the 4 that stood.
    dealt = changed(
        text,
        "bid E",
        "deal N 6-3 5-4 4-0 3-3 2-0 1-0 0-0\n     E 6-6 6-4 6-1 5-3 5-0 4-3 4-2\n"
        "     S 6-0 5-2 4-1 3-2 3-1 3-0 2-1\n     W 6-5 6-2 5-5 5-1 4-4 2-2 1-1\nbid E",
    )
    found = check(dealt).findings
    assert [(f.code, f.seat) for f in found] == [("bid-off-ladder", Seat.E)]
    # Under straight rules there is no Plunge: the jump is off the ladder.
    assert codes(changed(text, '"texas"', '"straight"')) == ["bid-off-ladder"]


def test_bidding_first_bidder_holder_of_0_1() -> None:
    """docs/rules.md, Bidding, variant (001): the holder of the 0-1 bids first."""
    text = sample("nello.t42").split("\nhand 2")[0] + "\n"
    assert codes(text) == []
    # E holds the 1-0 in hand 1: under the option E bids first, which the record has.
    opts = changed(
        text, '[Rules "texas"]', '[Rules "texas"]\n[Options "first-bidder=holder-of-0-1"]'
    )
    assert codes(opts) == []
    # With W holding it instead, E's first bid is out of turn.
    moved = changed(opts, "E 6-6 6-3 4-3 4-2 4-0 3-3 1-0", "E 6-6 6-3 4-3 4-2 4-0 3-3 2-2")
    moved = changed(moved, "W 6-5 6-2 6-0 5-5 5-1 5-0 2-2", "W 6-5 6-2 6-0 5-5 5-1 5-0 1-0")
    found = [f for f in check(moved).findings if f.code == "bid-out-of-turn"]
    assert found
    assert "as the holder of the 1-0" in found[0].message


def test_bidding_out_of_turn_may_stand() -> None:
    """docs/rules.md, Bidding, variant (003): a bid out of turn the opponents let stand."""
    text = sample("sevens.t42")
    swapped = changed(text, "bid E pass S 30 W pass N 1m", "bid S 30 E pass W pass N 1m")
    errors = [f for f in check(swapped).findings if f.code == "bid-out-of-turn"]
    assert errors
    assert all(f.is_error for f in errors)
    lenient = changed(
        swapped, '[Rules "texas"]', '[Rules "texas"]\n[Options "bid-out-of-turn=warning"]'
    )
    warned = [f for f in check(lenient).findings if f.code == "bid-out-of-turn"]
    assert warned
    assert not any(f.is_error for f in warned)


def test_bidding_points_bids_are_written_42_84_168() -> None:
    """docs/rules.md, Scoring (points): the points game writes its bids in points."""
    text = sample("low-no.t42")
    assert "N 42\n" in text
    assert dumps(loads(changed(text, "N 42\n", "N 1m\n"))[0]) == text


def test_bidding_points_ladder_42_84_168() -> None:
    """docs/rules.md, Scoring (points): bids 30 … 42, then 84, then 168 only over 84."""
    from notation.rules.auction import bid_problem

    points = rule_set("points")
    assert bid_problem(Bid.marks(2), Bid.marks(1), points) is None
    assert bid_problem(Bid.marks(4), Bid.marks(2), points) is None
    assert bid_problem(Bid.marks(4), Bid.marks(1), points) == (
        "bid-off-ladder", "168 may only be bid over 84",
    )
    assert bid_problem(Bid.marks(3), Bid.marks(2), points) is not None


# -- Contracts --


def test_contracts_nello_partner_sits_out_and_declarer_loses_every_trick() -> None:
    """docs/rules.md, Contracts, Nello: three-tile tricks; the declarer must lose every trick."""
    report = check(sample("nello.t42"))
    assert report.findings == ()
    for hand in report.hands:
        assert hand.contract is not None
        out = hand.contract.declarer.partner
        assert all(len(t.seats) == 3 and out not in t.seats for t in hand.tricks)
        took = any(t.winner is hand.contract.declarer for t in hand.tricks)
        assert hand.award is not None
        assert (hand.award.team is hand.contract.declarer.team) is (not took)


def test_contracts_nello_a_fourth_play_is_a_trick_size_finding() -> None:
    text = sample("nello.t42")
    bad = changed(text, "1 N 5-4 3-3 6-5\n", "1 N 5-4 3-3 6-4 6-5\n")
    found = [f for f in check(bad).findings if f.code == "trick-size"]
    assert found
    assert "every seat but S, who sits out the Nello, plays once" in found[0].message


@pytest.mark.parametrize(
    ("doubles", "winner"),
    [("own-suit", 0), ("high", 1), ("low", 0), ("own-suit-inverted", 0)],
)
def test_contracts_nello_doubles_options(doubles: str, winner: int) -> None:
    """docs/rules.md, Contracts, Nello doubles: own suit (a double cannot follow a pip lead), high
    (the double tops its suit), low (the double is lowest), own suit inverted (0-0 high)."""
    trump = Trump.parse("", f"doubles-{doubles}", special="nello")
    assert trump_winner(trump, "5-4 5-5 5-0") == winner
    if doubles == "own-suit-inverted":
        assert trump_winner(trump, "6-6 0-0 3-3") == 1
    if doubles == "own-suit":
        assert trump_winner(trump, "6-6 0-0 3-3") == 0


def trump_winner(trump: Trump, tiles: str) -> int:
    return trick_winner([Tile.parse(w) for w in tiles.split()], trump)


def test_contracts_nello_renege_under_doubles_own_suit() -> None:
    """docs/rules.md, Contracts: in Nello doubles own suit a double led calls for doubles."""
    text = sample("nello.t42")
    assert codes(text) == []
    # Hand 1, trick 3: N leads 4-4 and E follows with 6-6; E playing 6-3 instead reneges.
    bad = changed(text, "3 N 4-4 6-6 5-5", "3 N 4-4 6-3 5-5")
    bad = changed(bad, "7 E 6-3 6-2 3-2", "7 E 6-6 6-2 3-2")
    assert "renege" in codes(bad)


def test_contracts_plunge_partner_names_trump_and_leader() -> None:
    """docs/rules.md, Contracts, Plunge: the partner names trump, the declarer leads (004)."""
    text = sample("plunge.t42")
    assert codes(text) == []
    assert "trump-by-wrong-seat" in codes(changed(text, "trump E plunge", "trump W plunge"))
    # plunge-lead=partner: 3 marks, the partner leads; W leading is then wrong.
    partner = changed(text, '[Rules "texas"]', '[Rules "texas"]\n[Options "plunge-lead=partner"]')
    assert "wrong-leader" in codes(partner)


def test_contracts_plunge_too_few_doubles() -> None:
    """docs/rules.md, Contracts, Plunge: the declarer holds at least 4 doubles."""
    text = sample("plunge.t42")
    bad = changed(text, "W 6-5 6-2 5-5 5-1 4-4 2-2 1-1", "W 6-5 6-2 5-5 5-1 4-4 2-2 6-1")
    bad = changed(bad, "E 6-6 6-4 6-1 5-3", "E 6-6 6-4 1-1 5-3")
    assert "too-few-doubles" in codes(bad)


def test_contracts_splash_partner_names_trump_and_leads() -> None:
    """docs/rules.md, Contracts, Splash: 3 doubles, 2 marks, the partner names trump and leads."""
    text = sample("splash.t42")
    assert codes(text) == []
    assert "wrong-leader" in codes(changed(text, "1 N 5-4 5-5 6-5 5-0", "1 S 6-5 5-0 5-4 5-5"))
    assert "contract-not-allowed" in codes(changed(text, '"texas"', '"straight"'))


def test_contracts_sevens_closest_wins_ties_to_first() -> None:
    """docs/rules.md, Contracts, Sevens: the closest tile wins the trick, ties to the first played;
    a play that is not the closest the hand allowed is a finding."""
    sevens = Trump.parse("", special="sevens")
    assert trump_winner(sevens, "6-0 4-3 5-2 6-6") == 1
    text = sample("sevens.t42")
    assert codes(text) == []
    # Trick 1: E plays 4-3 (7 pips); its 6-6 is 5 away.
    bad = changed(text, "1 N 4-2 4-3 6-1 5-2", "1 N 4-2 3-3 6-1 5-2")
    bad = changed(bad, "3 E 3-3 4-4 4-1 5-0", "3 E 4-3 4-4 4-1 5-0")
    assert "sevens-not-closest" in codes(bad)


def test_contracts_low_no_only_by_the_dealer_after_three_passes() -> None:
    """docs/rules.md, Scoring (points), Low-No: only the dealer, only after three passes; a Nello
    worth 42."""
    text = sample("low-no.t42")
    assert codes(text) == []
    report = check(text)
    assert report.hands[0].marks == {Team.NS: 0, Team.EW: 42}
    assert "contract-not-allowed" in codes(
        changed(text, "bid E pass S pass W pass N 42", "bid E pass S pass W 42 N pass")
    )


def test_contracts_trump_from_first_lead() -> None:
    """docs/rules.md, Contracts, variant (003): no trump named, the first tile led names it."""
    text = sample("full-game.t42").split("\nhand 2")[0] + "\n"
    lines = [line for line in text.split("\n") if not line.startswith("trump ")]
    no_trump = "\n".join(lines)
    assert "no-trump-call" in codes(no_trump)
    with_option = changed(no_trump, '[Rules "straight"]',
                          '[Rules "straight"]\n[Options "trump-from-first-lead=yes"]')
    assert "no-trump-call" not in codes(with_option)


def test_contracts_special_round_trip_through_text() -> None:
    """The contract is named in the notation and read back the same."""
    for name in ("nello.t42", "plunge.t42", "splash.t42", "sevens.t42", "low-no.t42"):
        text = sample(name)
        assert dumps(loads(text)[0]) == text
    assert str(Trump.parse("", "doubles-low", special="low-no")) == "low-no doubles-low"
    assert Trump.parse("5", special="splash").special is Special.SPLASH


# -- Scoring: the points game and the worked examples --


def test_scoring_points_bid_30_taking_35_scores_35_and_7() -> None:
    """docs/rules.md, Scoring, worked example (000): bid 30 taking 35 scores 35 and 7."""
    award = points_award(Bid.points(30), Team.NS, True, {Team.NS: 35, Team.EW: 7})
    assert (award.of(Team.NS), award.of(Team.EW)) == (35, 7)


def test_scoring_points_bid_37_taking_35_scores_0_and_44() -> None:
    """docs/rules.md, Scoring, worked example (000): bid 37 taking 35 scores 0 and 44."""
    award = points_award(Bid.points(37), Team.NS, False, {Team.NS: 35, Team.EW: 7})
    assert (award.of(Team.NS), award.of(Team.EW)) == (0, 44)


def test_scoring_points_bid_32_taking_30_gives_44() -> None:
    """docs/rules.md, Scoring, worked example (002): bid 32 taking 30 gives the opponents
    12 + 32 = 44."""
    award = points_award(Bid.points(32), Team.EW, False, {Team.EW: 30, Team.NS: 12})
    assert (award.of(Team.EW), award.of(Team.NS)) == (0, 44)


def test_scoring_points_set_at_42_scores_only_the_bid() -> None:
    """docs/rules.md, Scoring (004): at 42 and above a set gives the opponents the bid only."""
    award = points_award(Bid.marks(2), Team.NS, False, {Team.NS: 38, Team.EW: 4})
    assert (award.of(Team.NS), award.of(Team.EW)) == (0, 84)
    award = points_award(Bid.marks(1), Team.NS, True, {Team.NS: 42, Team.EW: 0})
    assert (award.of(Team.NS), award.of(Team.EW)) == (42, 0)


def test_scoring_points_game_to_250_tie_goes_to_the_bidders() -> None:
    """docs/rules.md, Scoring (000): if both pass 250 on one hand, the bidders win."""
    points = rule_set("points")
    assert game_winner(249, 200, points) is None
    assert game_winner(251, 200, points) is Team.NS
    assert game_winner(260, 255, points, bidders=Team.EW) is Team.EW
    assert game_winner(260, 255, points.with_options({"points-to-win": "300"})) is None


def test_scoring_points_game_sample() -> None:
    """The sample points game: every hand's score and the running score check clean."""
    report = check(sample("points-game.t42"))
    assert report.findings == ()
    assert report.winner is not None
    assert max(report.marks.values()) >= 250


def test_scoring_marks_with_and_without_win_by_2() -> None:
    """docs/rules.md, Scoring: first to 7 marks; variant (002) at least 7 and ahead by 2."""
    assert game_winner(7, 6, RuleSet()) is Team.NS
    assert game_winner(7, 6, RuleSet().with_options({"win-by": "2"})) is None
    assert game_winner(8, 6, RuleSet().with_options({"win-by": "2"})) is Team.NS


def test_scoring_money_settlement_7_4_pays_1_75() -> None:
    """docs/rules.md, Scoring, worked example (004): 7-4 with one set each at $0.25 a mark and
    $1 a set pays $1.75 (the winners' own set costs nothing)."""
    assert settlement(4, 1, Decimal("0.25"), Decimal("1.00")) == Decimal("1.75")
    assert settlement(9, 0, Decimal("0.25"), Decimal("1.00")) == Decimal("0.00")


def test_special_contract_toggles() -> None:
    """The toggles read as booleans, and the texas set turns on every special contract."""
    texas = rule_set("texas")
    assert all(bool(getattr(texas, n)) for n in ("nello", "plunge", "splash", "sevens"))
    assert not Toggle.NO
    assert Seat.N.partner is Seat.S


SMALL_END = """[Event "t"]
[Rules "straight"]
{options}
hand 1 dealer W
deal N 6-6 6-5 6-4 6-3 5-5 5-4 4-4
     E 6-2 6-1 6-0 3-3 2-2 1-1 0-0
     S 5-3 5-2 5-1 5-0 4-3 4-2 4-1
     W 4-0 3-2 3-1 3-0 2-1 2-0 1-0
bid N 30 E pass S pass W pass
trump N fours
1 N 6-5 0-0 5-0 1-0
2 N 6-6 6-2 5-3 2-0
"""


def test_contracts_small_end_opening() -> None:
    """docs/rules.md, Contracts, variant (004): on the first trick only, the declarer may lead a
    non-trump as the suit of its small end. N leads 6-5 as a five: E, void in fives, may
    discard 0-0 though it holds sixes; without the option that is a renege."""
    plain = [f for f in check(SMALL_END.format(options="")).findings if f.code == "renege"]
    assert [(f.trick, f.seat) for f in plain] == [(1, Seat.E)]
    allowed = SMALL_END.format(options='[Options "small-end-opening=yes"]')
    report = check(allowed)
    assert [f.code for f in report.findings] == ["hand-unfinished"]
    assert report.hands[0].tricks[0].winner is Seat.N
    # On a later trick the small end may not be named: E's 2-2 on a six lead reneges.
    later = changed(allowed, "2 N 6-6 6-2 5-3 2-0", "2 N 6-6 2-2 5-3 2-0")
    assert [(f.trick, f.seat) for f in check(later).findings if f.code == "renege"] == [
        (2, Seat.E)
    ]


def test_options_sample_each_game_clean_and_needs_its_option() -> None:
    """samples/options.t42: one hand under each option that changes what is legal; each is
    clean under its option, and the ones the default rules forbid get the finding naming the
    rule when the option is taken away."""
    games = loads(sample("options.t42"))
    assert len(games) == 9
    without: dict[str, str | None] = {
        "first-bidder=holder-of-0-1": "bid-out-of-turn",
        "trump-from-first-lead=yes": "no-trump-call",
        "nello-doubles=low nello-doubles-choice=table": None,
        "small-end-opening=yes": "renege",
        # the canonical trump line names doubles-low itself (see below for the bare one)
        "follow-me-doubles=low": None,
        # to 7 marks the game is not over yet: nothing is wrong, it is only unfinished
        "marks-to-win=3 win-by=2": None,
    }
    for game in games:
        options = game.tag("Options")
        assert options is not None
        assert check_game(game).findings == ()
        if options in without:
            bare = type(game)(tuple(t for t in game.tags if t.name != "Options"), game.hands)
            found = [f.code for f in check_game(bare).findings]
            expected = without[options]
            assert (expected in found) if expected else found == []
    # Written `trump E follow-me`, the hand takes its doubles from the table's option.
    bare_text = changed(sample("options.t42"), "E follow-me doubles-low", "E follow-me")
    position = [g.tag("Options") for g in games].index("follow-me-doubles=low")
    assert check_game(loads(bare_text)[position]).findings == ()
    high = loads(changed(bare_text, '[Options "follow-me-doubles=low"]\n', ""))[position]
    assert [f.code for f in check_game(high).findings] == ["wrong-leader", "misscored-points"]
    # Won by 1 at 3 marks, the game would have ended after hand 4: hand 5 is one too many.
    [to_three] = [g for g in games if g.tag("Options") == "marks-to-win=3 win-by=2"]
    by_one = Game((*to_three.tags[:-1], Tag("Options", "marks-to-win=3")), to_three.hands)
    assert [(f.code, f.hand) for f in check_game(by_one).findings] == [
        ("played-after-game-won", 5)
    ]


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("trump N nello fives", "Nello has no trump: write trump N nello without 'fives'"),
        ("trump S plunge", "name the trump of the Plunge: trump S plunge fives"),
        ("trump N sevens doubles-low", "Sevens takes no doubles option"),
        ("trump N follow-me doubles-own-suit-inverted", "doubles-own-suit-inverted is a Nello"),
    ],
)
def test_contract_words_that_do_not_go_together_are_syntax_errors(
    line: str, message: str
) -> None:
    """The contract is named with the trump in the notation; a wrong combination is a
    located syntax error that costs only its hand."""
    from notation.formats.text.reader import read_games

    [read] = list(read_games(f'[Rules "texas"]\nhand 1 dealer W\n{line}\n'))
    assert [p.code for p in read.problems] == ["syntax-error"]
    assert message in read.problems[0].message
    assert read.problems[0].line == 3


def test_options_findings_sample_each_option_changes_a_finding() -> None:
    """samples/options-findings.t42: docs/rules.md, Bidding, variant (003), a bid out of turn let
    stand, is a warning; docs/rules.md, Reneges, renege-penalty=none, a renege is reported but the
    hand is scored as played. Without the option each becomes what the default rules say."""
    lenient, unpunished = loads(sample("options-findings.t42"))

    def codes(game: Game, options: str) -> list[tuple[str, bool]]:
        tags = tuple(t for t in game.tags if t.name != "Options")
        tags += (Tag("Options", options),)
        return [(f.code, f.is_error) for f in check_game(Game(tags, game.hands)).findings]

    assert codes(lenient, "small-end-opening=yes bid-out-of-turn=warning") == [
        ("bid-out-of-turn", False),
        ("bid-out-of-turn", False),
    ]
    assert codes(lenient, "small-end-opening=yes") == [
        ("bid-out-of-turn", True),
        ("bid-out-of-turn", True),
    ]
    assert codes(unpunished, "small-end-opening=yes renege-penalty=none") == [("renege", True)]
    assert codes(unpunished, "small-end-opening=yes") == [
        ("renege", True),
        ("misscored-marks", True),
    ]
