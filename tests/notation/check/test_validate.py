"""Every finding code the reader and the validator produce, each from a small written record.

Each test is named after its code (``test_<code>``) and checks the code and where it points:
hand, trick, seat, line and column. ``test_every_code_has_a_test`` keeps the list complete.
"""

from __future__ import annotations

import random
import subprocess
import sys
from dataclasses import replace

import pytest

from notation.check.validate import GameReport, check_game, check_hand
from notation.formats.text import loads
from notation.formats.text.reader import read_games
from notation.formats.text.writer import write_hand
from notation.model.bids import Bid
from notation.model.contracts import Special
from notation.model.findings import CODES, Finding, Severity
from notation.model.game import Hand
from notation.model.rule_sets import RulesError, RuleSet, rule_set
from notation.model.seats import Seat, Team
from notation.model.tiles import Tile
from notation.rules.dealing import random_hand

# Line 1 is the tag; hand 1 starts on line 2, the deal on lines 3-6, the bids on 7, trump on
# 8 and the tricks on 9-15 (see ``hand``).
TAG = '[Event "t"]\n'
DEAL = """deal N 6-6 6-5 6-4 6-3 5-5 5-4 4-4
     E 6-2 6-1 6-0 3-3 2-2 1-1 0-0
     S 5-3 5-2 5-1 5-0 4-3 4-2 4-1
     W 4-0 3-2 3-1 3-0 2-1 2-0 1-0
"""
BIDS = "bid N 30 E pass S pass W pass\n"
TRUMP = "trump N sixes\n"
# N takes every trick in sixes: NS 42 EW 0.
SWEEP = [
    "1 N 6-6 6-0 5-0 3-0",
    "2 N 6-5 6-1 5-1 2-0",
    "3 N 6-4 6-2 4-1 1-0",
    "4 N 6-3 0-0 4-2 2-1",
    "5 N 5-5 1-1 5-3 3-2",
    "6 N 5-4 2-2 5-2 3-1",
    "7 N 4-4 3-3 4-3 4-0",
]
SCORES = "points NS 42 EW 0\nmarks NS 1 EW 0\ntotal NS 1 EW 0\n"


def hand(
    tricks: list[str] = SWEEP,
    tail: str = SCORES,
    *,
    deal: str = DEAL,
    bids: str = BIDS,
    trump: str = TRUMP,
) -> str:
    """Hand 1, dealt by W, with parts replaced as a test needs."""
    return (
        "hand 1 dealer W\n" + deal + bids + trump + "".join(t + "\n" for t in tricks) + tail
    )


def check(record: str, rules: RuleSet | None = None) -> GameReport:
    return check_game(loads(TAG + record)[0], rules)


def only(code: str, record: str, rules: RuleSet | None = None) -> Finding:
    """The one finding with ``code`` (there must be exactly one)."""
    found = [f for f in check(record, rules).findings if f.code == code]
    assert len(found) == 1, found
    return found[0]


def where(f: Finding) -> tuple[int | None, int | None, Seat | None, int | None, int | None]:
    return f.hand, f.trick, f.seat, f.line, f.column


def read_problem(text: str) -> Finding:
    [read] = list(read_games(text))
    assert len(read.problems) == 1, read.problems
    return read.problems[0]


def test_clean_hand_has_no_findings() -> None:
    """A legal, correctly scored hand is never flagged."""
    report = check(hand())
    assert report.findings == ()
    assert report.marks == {Team.NS: 1, Team.EW: 0}
    assert [t.winner for t in report.hands[0].tricks] == [Seat.N] * 7


def test_every_code_has_a_test() -> None:
    """Every code in notation.model.findings.CODES is tested here by a test named after it."""
    names = set(globals())
    missing = [c for c in CODES if f"test_{c.replace('-', '_')}" not in names]
    assert missing == []


# -- codes the reader gives (the text cannot be read as written) --


def test_too_long() -> None:
    """Limits (docs/notation.md): a megabyte line or hand is refused, located, unparsed."""
    f = read_problem(TAG + "hand 1 dealer N\n1 N " + "6-4 " * 300_000 + "\n")
    assert (f.code, f.hand, f.line, f.column) == ("too-long", 1, 3, 1)
    assert "1,200,005 characters long" in f.message
    many = "".join(f"{{ note {i} }}\n" for i in range(20_000))
    f = read_problem(TAG + "hand 1 dealer N\n" + many)
    assert (f.code, f.line) == ("too-long", 2)
    assert "this hand is" in f.message


def test_syntax_error() -> None:
    f = read_problem(TAG + "hand 1 dealer N\nbid E pass S thirty W pass N pass\n")
    assert (f.code, f.severity, f.game, f.hand, f.line, f.column) == (
        "syntax-error", Severity.ERROR, 1, 1, 3, 14,
    )
    assert "expected a bid (pass, 30 … 41, marks like 1m, or 4m-plunge)" in f.message


def test_tile_not_in_set() -> None:
    f = read_problem(TAG + "hand 1 dealer N\ndeal N 6-6 7-3 5-5\n")
    assert (f.code, f.hand, f.line, f.column) == ("tile-not-in-set", 1, 3, 12)
    assert f.message == "7-3 is not a tile of the double-six set (ends run 0 … 6)"


def test_duplicate_tag() -> None:
    f = read_problem(TAG + '[Site "a"]\n[Event "u"]\n')
    assert (f.code, f.game, f.line, f.column) == ("duplicate-tag", 1, 3, 2)
    assert f.message == "the Event tag is written twice in this game"


def test_unknown_rules() -> None:
    f = read_problem(TAG + '[Rules "moon"]\n')
    assert (f.code, f.line, f.column) == ("unknown-rules", 2, 2)
    assert "there is no rule set 'moon'" in f.message
    g = read_problem(TAG + '[Options "all-pass=redeal"]\n')
    assert (g.code, g.line, g.column) == ("unknown-rules", 2, 2)
    assert g.message == (
        "option all-pass takes forced-bid, reshake, not 'redeal'; "
        "the game is read under straight 42 (the defaults)"
    )


# -- the deal --


def test_tile_written_twice() -> None:
    deal = DEAL.replace("N 6-6 6-5 6-4", "N 6-6 6-5 6-5")
    f = only("tile-written-twice", hand(deal=deal))
    assert where(f) == (1, None, Seat.N, 3, 16)
    assert f.evidence == {"tile": Tile.parse("6-5")}


def test_tile_dealt_twice() -> None:
    deal = DEAL.replace("E 6-2", "E 6-6")
    f = only("tile-dealt-twice", hand(deal=deal))
    assert where(f) == (1, None, Seat.E, 4, 8)
    assert f.evidence == {"tile": Tile.parse("6-6"), "also_dealt_to": Seat.N}


def test_deal_size() -> None:
    deal = DEAL.replace(" 1-0\n", "\n")
    f = only("deal-size", hand(deal=deal))
    assert where(f) == (1, None, Seat.W, 6, 6)
    assert f.message == "W is dealt 6 tiles; each seat holds 7"


def test_seat_dealt_twice() -> None:
    deal = DEAL + "     N 6-6\n"
    f = only("seat-dealt-twice", hand(deal=deal))
    assert where(f) == (1, None, Seat.N, 7, 6)


# -- the order of hands --


def test_dealer_out_of_turn() -> None:
    record = "hand 1 dealer N\nbid E 30 S pass W pass N pass\nhand 2 dealer S\n"
    f = only("dealer-out-of-turn", record)
    assert where(f) == (2, None, Seat.S, 4, 1)
    assert f.severity is Severity.WARNING
    assert "the deal passes left from N to E" in f.message


def test_hand_number() -> None:
    record = "hand 1 dealer N\nbid E 30 S pass W pass N pass\nhand 3 dealer E\n"
    f = only("hand-number", record)
    assert where(f) == (3, None, None, 4, 1)
    assert f.message == "hand 3 follows hand 1"


# -- the auction --


def test_bid_out_of_turn() -> None:
    f = only("bid-out-of-turn", hand(bids="bid N 30 E pass W pass\n"))
    assert where(f) == (1, None, Seat.W, 7, 17)
    assert f.evidence == {"expected": Seat.S}
    assert f.message == "W bid out of turn: it was S's turn to bid"


def test_bid_below_minimum() -> None:
    f = only("bid-below-minimum", hand(bids="bid N 29 E pass S pass W pass\n"))
    assert where(f) == (1, None, Seat.N, 7, 5)
    assert f.evidence == {"bid": Bid.parse("29")}


def test_bid_not_above() -> None:
    f = only("bid-not-above", hand(bids="bid N 30 E 30 S pass W pass\n"))
    assert where(f) == (1, None, Seat.E, 7, 10)


def test_bid_off_ladder() -> None:
    f = only("bid-off-ladder", hand(bids="bid N 3m E pass S pass W pass\n"))
    assert where(f) == (1, None, Seat.N, 7, 5)
    assert f.message == "3 marks may only be bid over 2 marks"


def test_auction_incomplete() -> None:
    f = only("auction-incomplete", hand(bids="bid N 30 E pass\n"))
    assert where(f) == (1, None, None, 7, 1)
    assert f.severity is Severity.WARNING
    assert "S, W did not bid" in f.message


def test_dealer_must_bid() -> None:
    f = only("dealer-must-bid", "hand 1 dealer W\nbid N pass E pass S pass W pass\n")
    assert where(f) == (1, None, Seat.W, 3, 26)


def test_played_after_reshake() -> None:
    rules = RuleSet().with_options({"all-pass": "reshake"})
    f = only("played-after-reshake", hand(bids="bid N pass E pass S pass W pass\n"), rules)
    assert where(f) == (1, None, None, 8, 1)


# -- the contract --


def test_no_auction() -> None:
    f = only("no-auction", hand(bids=""))
    assert where(f) == (1, None, None, 8, 1)


def test_no_trump_call() -> None:
    f = only("no-trump-call", hand(trump=""))
    assert where(f) == (1, None, None, 8, 1)


def test_trump_by_wrong_seat() -> None:
    f = only("trump-by-wrong-seat", hand(trump="trump S sixes\n"))
    assert where(f) == (1, None, Seat.S, 8, 1)
    assert f.evidence == {"declarer": Seat.N, "expected": Seat.N}


# -- the play --


def test_trick_number() -> None:
    tricks = [*SWEEP[:2], SWEEP[2].replace("3 N", "4 N", 1), *SWEEP[3:]]
    f = only("trick-number", hand(tricks))
    assert where(f) == (1, 3, None, 11, 1)
    assert f.severity is Severity.WARNING


def test_wrong_leader() -> None:
    """docs/rules.md, Suits and rank: the winner of a trick leads the next (and the declarer the
    first)."""
    tricks = [*SWEEP[:3], "4 E 0-0 4-2 2-1 6-3", *SWEEP[4:]]
    f = only("wrong-leader", hand(tricks))
    assert where(f) == (1, 4, Seat.E, 12, 1)
    assert f.evidence == {"expected": Seat.N}
    assert "N won trick 3" in f.message
    first = only("wrong-leader", hand(["1 E 6-0 5-0 3-0 6-6"], "end set\n"))
    assert where(first) == (1, 1, Seat.E, 9, 1)
    assert "the declarer leads to the first trick" in first.message


def test_trick_size() -> None:
    f = only("trick-size", hand(["1 N 6-6 6-0 5-0", SWEEP[1]], ""))
    assert where(f) == (1, 1, None, 9, 1)
    assert f.severity is Severity.ERROR


def test_too_many_tricks() -> None:
    f = only("too-many-tricks", hand([*SWEEP, "8 N 6-6 6-0 5-0 3-0"]))
    assert where(f) == (1, None, None, 16, 1)


def test_tile_played_twice() -> None:
    deal = ""  # without the deal the only evidence is the play itself
    f = only("tile-played-twice", hand([SWEEP[0], "2 N 6-6 6-1 5-1 2-0"], "", deal=deal))
    assert where(f) == (1, 2, Seat.N, 6, 5)
    assert f.evidence == {"tile": Tile.parse("6-6"), "first_trick": 1}


def test_tile_not_held() -> None:
    f = only("tile-not-held", hand(["1 N 6-6 6-0 5-0 2-2"], ""))
    assert where(f) == (1, 1, Seat.W, 9, 17)
    assert f.evidence == {"tile": Tile.parse("2-2"), "dealt_to": Seat.E}
    # Only W's hand recorded: W plays a tile it was not dealt.
    west = "deal W 4-0 3-2 3-1 3-0 2-1 2-0 1-0\n"
    g = only("tile-not-held", hand(["1 N 6-6 6-0 5-0 2-2"], "", deal=west))
    assert where(g) == (1, 1, Seat.W, 6, 17)
    assert g.message == "W played 2-2, which is not in W's dealt hand"


def test_renege() -> None:
    """docs/rules.md, Reneges: a renege is provable from the deal."""
    tricks = [*SWEEP[:4], "5 N 5-5 1-1 4-3 3-2", "6 N 5-4 2-2 5-2 3-1", "7 N 4-4 3-3 5-3 4-0"]
    f = only("renege", hand(tricks, "points NS 42 EW 0\nmarks NS 0 EW 1\n"))
    assert where(f) == (1, 5, Seat.S, 13, 13)
    assert f.evidence == {
        "tile": Tile.parse("4-3"),
        "led_suit": "fives",
        "could_follow": [Tile.parse("5-3"), Tile.parse("5-2")],
        "proven_by_trick": None,
    }


def test_renege_proven_by_a_later_play_without_the_deal() -> None:
    """docs/rules.md, Reneges: where the deal is not recorded, a renege is proven by a later play
    of a tile that could have followed."""
    tricks = [*SWEEP[:4], "5 N 5-5 1-1 4-3 3-2", "6 N 5-4 2-2 5-2 3-1", "7 N 4-4 3-3 5-3 4-0"]
    f = only("renege", hand(tricks, "", deal=""))
    assert where(f) == (1, 5, Seat.S, 9, 13)
    assert f.evidence["proven_by_trick"] == 6
    assert "but played 5-2 in trick 6" in f.message
    # Failing to follow with no later proof is not a renege: the seat may have been void.
    assert [c.code for c in check(hand(tricks[:5], "", deal="")).findings] == [
        "hand-unfinished"
    ]


# -- the end of the hand --


def test_hand_unfinished() -> None:
    f = only("hand-unfinished", hand(SWEEP[:3], ""))
    assert where(f) == (1, None, None, 11, 1)
    assert f.severity is Severity.WARNING


def test_ending_unjustified() -> None:
    """docs/rules.md, Ending a hand early: the stop must be justified by what was captured."""
    f = only("ending-unjustified", hand(SWEEP[:3], "end made\n"))
    assert where(f) == (1, None, None, 12, 1)
    assert f.evidence == {"points": {Team.NS: 23, Team.EW: 0}}


def test_laydown_refuted() -> None:
    """docs/rules.md, Ending a hand early: a lay-down is justified by the hands shown only if the
    claimant's side takes every trick left whatever anyone plays. With the deal known the
    validator asks the solver, as the audit does, and gives the refuting line of play."""
    f = only("laydown-refuted", hand(SWEEP[:3], "end laydown E\n"))
    assert where(f) == (1, None, Seat.E, 12, 1)
    assert f.severity is Severity.ERROR
    assert f.message.startswith("E's lay-down is refuted: EW loses trick 4 after N ")
    line = f.evidence["line"]
    assert [(p["trick"], p["seat"]) for p in line] == [(4, s) for s in Seat.N.clockwise()]
    assert f.evidence["with_best_play"] is False
    # North's claim holds: the last trumps are out and N's tiles win every trick.
    assert check(hand(SWEEP[:3], "end laydown N\n")).findings == ()
    # Without the deal the claim cannot be decided, so nothing is said.
    assert check(hand(SWEEP[:3], "end laydown E\n", deal="")).findings == ()


def test_a_lay_down_is_judged_only_for_the_hands_asked_for() -> None:
    """``judged`` names the hands whose lay-downs the solver judges: the others keep every
    other finding but have no verdict (a command about one hand waits for no other's)."""
    game = loads(TAG + hand(SWEEP[:3], "end laydown E\n"))[0]
    every = check_game(game).hands[0]
    assert every.claim is not None
    assert "laydown-refuted" in [f.code for f in every.findings]
    skipped = check_game(game, judged=()).hands[0]
    assert skipped.claim is None
    assert [f for f in every.findings if f.code != "laydown-refuted"] == list(skipped.findings)
    assert check_game(game, judged=[1]).hands[0] == every


def test_early_lay_downs_are_judged() -> None:
    """Issue 26: a lay-down early in a hand with the deal recorded (after the first trick,
    or before any) took minutes; it is judged, and a refuted one shows its line."""
    deal = ("deal N 6-2 5-2 4-4 4-2 3-0 2-1 1-0\n     E 6-5 6-4 5-4 3-1 2-2 1-1 0-0\n"
            "     S 6-1 6-0 5-1 5-0 4-1 4-0 2-0\n     W 6-6 6-3 5-5 5-3 4-3 3-3 3-2\n")
    bids, trump = "bid E 30 S pass W 2m N pass\n", "trump W threes\n"
    for tricks in ([], ["1 W 3-3 3-0 3-1 2-0"]):
        report = check(hand(tricks, "end laydown W\n", deal=deal, bids=bids, trump=trump))
        (judged,) = report.hands
        assert judged.claim is not None
        assert judged.claim.valid is True
        assert "laydown-refuted" not in [f.code for f in report.findings]
    # N's claim before any trick: W's 3-3 takes the first trick whatever is played.
    f = only("laydown-refuted",
             hand([], "end laydown N\n", deal=deal, bids=bids, trump=trump))
    assert f.message.startswith("N's lay-down is refuted: NS loses trick 1 after W 6-6 ")
    assert [p["trick"] for p in f.evidence["line"]] == [1, 1, 1, 1]


def test_only_a_hand_ending_in_a_lay_down_loads_the_solver() -> None:
    """The lay-down check costs nothing elsewhere: validating hands that do not end in a
    lay-down never imports the solver (a process of its own, so that no test has yet)."""
    script = (
        "import sys\n"
        "from notation.formats.text import loads\n"
        "from notation.check.validate import check_game\n"
        f"check_game(loads({TAG + hand(SWEEP[:3], 'end made' + chr(10))!r})[0])\n"
        "before = 'notation.solver.solver' in sys.modules\n"
        f"check_game(loads({TAG + hand(SWEEP[:3], 'end laydown N' + chr(10))!r})[0])\n"
        "print(before, 'notation.solver.solver' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          check=True)
    assert done.stdout.split() == ["False", "True"]


def test_ending_after_seven() -> None:
    f = only("ending-after-seven", hand(SWEEP, "end made\n" + SCORES))
    assert where(f) == (1, None, None, 16, 1)
    assert f.severity is Severity.WARNING


def test_misscored_points() -> None:
    f = only("misscored-points", hand(SWEEP, SCORES.replace("NS 42 EW 0", "NS 40 EW 2")))
    assert where(f) == (1, None, None, 16, 1)
    assert f.evidence == {"written": {Team.NS: 40, Team.EW: 2},
                          "computed": {Team.NS: 42, Team.EW: 0}}
    # With no tricks recorded, the points written must still add up to 42.
    g = only("misscored-points", hand([], "points NS 30 EW 10\n"))
    assert where(g) == (1, None, None, 9, 1)
    assert g.message == "the points written add up to 40; a hand is worth 42"


def test_marks_follow_points_written_when_no_tricks_are_recorded() -> None:
    """docs/rules.md, Scoring: with only the points recorded, the marks follow from them."""
    report = check(hand([], "points NS 31 EW 11\nmarks NS 1 EW 0\ntotal NS 1 EW 0\n"))
    assert report.findings == ()
    f = only("misscored-marks", hand([], "points NS 29 EW 13\nmarks NS 1 EW 0\n"))
    assert f.evidence["computed"] == {Team.NS: 0, Team.EW: 1}


def test_misscored_marks() -> None:
    f = only("misscored-marks", hand(SWEEP, SCORES.replace("marks NS 1 EW 0", "marks NS 2 EW 0")))
    assert where(f) == (1, None, None, 17, 1)
    assert f.evidence == {"written": {Team.NS: 2, Team.EW: 0},
                          "computed": {Team.NS: 1, Team.EW: 0}}


def test_misscored_total() -> None:
    f = only("misscored-total", hand(SWEEP, SCORES.replace("total NS 1", "total NS 2")))
    assert where(f) == (1, None, None, 18, 1)
    assert f.evidence == {"written": {Team.NS: 2, Team.EW: 0},
                          "computed": {Team.NS: 1, Team.EW: 0}}


def test_played_after_game_won() -> None:
    record = (
        "hand 1 dealer N\nbid E 30 S pass W pass N pass\ntotal NS 0 EW 7\n"
        "hand 2 dealer E\nbid S 30 W pass N pass E pass\n"
    )
    f = only("played-after-game-won", record)
    assert where(f) == (2, None, None, 5, 1)
    assert f.game is None
    report = check_game(loads(TAG + record)[0], index=3)
    assert report.winner is Team.EW
    assert {g.game for g in report.findings} == {3}


def test_check_hand_alone_defaults_to_straight_rules() -> None:
    """check_hand checks a hand on its own under straight 42."""
    [game] = loads(TAG + hand())
    report = check_hand(game.hands[0])
    assert report.findings == ()
    assert report.points == {Team.NS: 42, Team.EW: 0}
    assert [t.points for t in report.tricks] == [6, 1, 16, 1, 16, 1, 1]


# -- special contracts and table options (docs/rules.md, Contracts; Bidding) --

TEXAS = '[Event "t"]\n[Rules "texas"]\n'


def check_texas(record: str, options: str = "") -> GameReport:
    tags = TEXAS + (f'[Options "{options}"]\n' if options else "")
    return check_game(loads(tags + record)[0])


def only_texas(code: str, record: str, options: str = "") -> Finding:
    found = [f for f in check_texas(record, options).findings if f.code == code]
    assert len(found) == 1, found
    return found[0]


def test_contract_not_allowed() -> None:
    """docs/rules.md, Contracts: a special contract is an option; a table without it refuses it."""
    record = hand([], "", bids="bid N 1m E pass S pass W pass\n", trump="trump N nello\n")
    assert not check_texas(record).findings[1:]  # hand-unfinished at most
    f = only_texas("contract-not-allowed", record, "nello=no")
    assert where(f) == (1, None, Seat.N, 10, 1)
    assert "Nello is not played under these rules (option nello=no)" in f.message
    table = only_texas(
        "contract-not-allowed",
        hand([], "", bids="bid N 1m E pass S pass W pass\n",
             trump="trump N nello doubles-high\n"),
        "nello-doubles-choice=table",
    )
    assert "doubles-own-suit only, not doubles-high" in table.message



def test_contracts_nello_doubles_a_table_allows_from_a_list() -> None:
    """docs/rules.md, Contracts, Nello: 004 lists all four doubles options; tables allow a subset,
    named as a list in the option nello-doubles-choice."""
    def nello(doubles: str) -> str:
        return hand([], "", bids="bid N 1m E pass S pass W pass\n",
                    trump=f"trump N nello {doubles}\n")

    subset = "nello-doubles-choice=own-suit/high"
    for allowed in ("doubles-high", "doubles-own-suit"):
        assert not [f for f in check_texas(nello(allowed), subset).findings
                    if f.code == "contract-not-allowed"]
    f = only_texas("contract-not-allowed", nello("doubles-low"), subset)
    assert "doubles-high or doubles-own-suit only, not doubles-low" in f.message


def test_nello_doubles_choice_names_a_wrong_list_in_words() -> None:
    with pytest.raises(RulesError, match="or a list of high, low, own-suit, own-suit-inverted"):
        RuleSet().with_options({"nello-doubles-choice": "own-suit/middle"})


def test_contract_bid_too_low() -> None:
    """docs/rules.md, Contracts: Nello and Sevens need a bid of 1 mark or more; Splash 2 marks."""
    f = only_texas("contract-bid-too-low", hand([], "", trump="trump N sevens\n"))
    assert where(f) == (1, None, Seat.N, 9, 1)
    assert f.message == "a Sevens needs a bid of at least 1 mark, not 30"
    f = only_texas("contract-bid-too-low",
                   hand([], "", bids="bid N 1m E pass S pass W pass\n",
                        trump="trump S splash sixes\n"))
    assert "a Splash needs a bid of at least 2 marks, not 1m" in f.message


def test_too_few_doubles() -> None:
    """docs/rules.md, Contracts: a Plunge needs 4 doubles in the declarer's hand (N holds 3)."""
    record = hand(tail="points NS 42 EW 0\nmarks NS 4 EW 0\n",
                  bids="bid N 4m E pass S pass W pass\n", trump="trump S plunge sixes\n")
    report = check_texas(record)
    assert [f.code for f in report.findings] == ["too-few-doubles"]
    f = report.findings[0]
    assert where(f) == (1, None, Seat.N, 9, 1)
    assert f.message == (
        "a Plunge needs 4 doubles in the declarer's hand; N held 3 (6-6, 5-5, 4-4)"
    )
    # The same hand as a Splash (3 doubles, 2 marks) needs the partner to lead.
    splash = hand(tail="", bids="bid N 2m E pass S pass W pass\n",
                  trump="trump S splash sixes\n")
    assert [f.code for f in check_texas(splash).findings] == ["wrong-leader"]


def test_follow_me_below_mark() -> None:
    """docs/rules.md, Contracts: some tables allow follow-me only at 1 mark or more (004)."""
    record = hand([], "", trump="trump N follow-me\n")
    assert check_texas(record).findings == ()
    f = only_texas("follow-me-below-mark", record, "follow-me-min=1m")
    assert where(f) == (1, None, Seat.N, 10, 1)
    record = hand([], "", bids="bid N 1m E pass S pass W pass\n", trump="trump N follow-me\n")
    assert check_texas(record, "follow-me-min=1m").findings == ()


def test_opening_lead_not_trump() -> None:
    """docs/rules.md, Contracts: variant, the opening lead must be a trump (001, 004)."""
    record = hand(SWEEP[:1], "end made\n", trump="trump N fives\n")
    f = only_texas("opening-lead-not-trump", record, "opening-lead=trump")
    assert where(f) == (1, 1, Seat.N, 11, 5)
    assert f.evidence["trumps_held"] == [Tile.parse(w) for w in ("6-5", "5-5", "5-4")]
    assert not [g for g in check_texas(record).findings if g.code == "opening-lead-not-trump"]
    # Without the deal, N's later play of a five proves it held a trump.
    no_deal = hand(["1 N 6-6 6-0 5-0 3-0", "2 N 5-5 6-1 5-1 2-0"], "", deal="",
                   trump="trump N fives\n")
    f = only_texas("opening-lead-not-trump", no_deal, "opening-lead=trump")
    assert f.evidence["trumps_held"] == [Tile.parse("5-5")]


def test_sevens_not_closest() -> None:
    """docs/rules.md, Contracts: in Sevens every play is as close to 7 as the hand allows."""
    bids = "bid N 1m E pass S pass W pass\n"
    record = hand(["1 N 6-6 6-1 4-3 3-2"], "", bids=bids, trump="trump N sevens\n")
    f = only_texas("sevens-not-closest", record)
    assert where(f) == (1, 1, Seat.N, 10, 5)
    assert f.evidence["closer"] == [Tile.parse("4-4")]
    clean = hand(["1 N 4-4 6-1 4-3 3-2"], "", bids=bids, trump="trump N sevens\n")
    assert [g.code for g in check_texas(clean).findings] == ["hand-unfinished"]
    # With no deal, a later play of a closer tile proves it; the closest tile wins, ties to
    # the first played (6-1 beats the later 4-3).
    later = hand(["1 N 6-6 6-1 4-3 3-2", "2 E 6-0 5-2 2-1 6-3"], "", deal="", bids=bids,
                 trump="trump N sevens\n")
    found = [g for g in check_texas(later).findings if g.code == "sevens-not-closest"]
    assert [(g.trick, g.seat, g.evidence["proven_by_trick"]) for g in found] == [
        (1, Seat.N, 2)
    ]
    assert check_texas(later).hands[0].tricks[0].winner is Seat.E


def test_check_game_names_an_unknown_rule_set_and_checks_under_one_that_is_given() -> None:
    (read,) = read_games('[Event "x"] [Rules "strahigt"]\nhand 1 dealer N\n')
    assert [p.code for p in read.problems] == ["unknown-rules"]
    with pytest.raises(RulesError, match="the rule sets are straight, texas, points"):
        check_game(read.game)
    assert check_game(read.game, read.rules).findings == ()


# -- slips of the pen (issue: a typo is not an accusation) --

# DEAL turned half round the table: S holds N's tiles, W E's, and S takes every trick.
SOUTH_DEAL = """deal N 5-3 5-2 5-1 5-0 4-3 4-2 4-1
     E 4-0 3-2 3-1 3-0 2-1 2-0 1-0
     S 6-6 6-5 6-4 6-3 5-5 5-4 4-4
     W 6-2 6-1 6-0 3-3 2-2 1-1 0-0
"""
SOUTH_BIDS = "bid N pass E pass S 30 W pass\n"


@pytest.mark.parametrize(
    ("record", "trick", "meant"),
    [
        # N should lead trick 2; written S: the four plays are N's, E's, S's and W's.
        (hand([SWEEP[0], SWEEP[1].replace("2 N", "2 S"), *SWEEP[2:]]), 2, "2 N"),
        # Written S, but the plays are in the order of E's lead (E to N): E's lead is meant.
        (hand([SWEEP[0], "2 S 6-1 5-1 2-0 6-5", *SWEEP[2:]]), 2, "2 E"),
        # The same slip in the last trick, written W.
        (hand([*SWEEP[:6], SWEEP[6].replace("7 N", "7 W")]), 7, "7 N"),
        # S should lead (the example): written N, every play fits S's lead.
        (
            hand(
                [t.replace(" N ", " S ", 1) if t[0] != "2" else t for t in SWEEP],
                "points NS 42 EW 0\nmarks NS 1 EW 0\ntotal NS 1 EW 0\n",
                deal=SOUTH_DEAL,
                bids=SOUTH_BIDS,
                trump="trump S sixes\n",
            ),
            2,
            "2 S",
        ),
    ],
)
def test_wrong_leader_that_fits_another_leader_is_a_slip(
    record: str, trick: int, meant: str
) -> None:
    """A trick whose plays fit the seats only with the right leader is judged as if written
    so: the wrong leader is the one finding, never a renege, a tile not held or a misscore."""
    report = check(record)
    assert [(f.code, f.trick) for f in report.findings] == [("wrong-leader", trick)]
    assert f"did you mean `{meant}`?" in report.findings[0].message
    assert report.hands[0].marks == {Team.NS: 1, Team.EW: 0}


def test_wrong_leader_whose_plays_fit_as_written_is_no_slip() -> None:
    """A trick whose plays fit the leader written is a real lead out of turn: no hint."""
    tricks = [*SWEEP[:3], "4 E 0-0 4-2 2-1 6-3", *SWEEP[4:]]
    f = only("wrong-leader", hand(tricks))
    assert "did you mean" not in f.message


# -- a record saved mid-trick --


def test_last_trick_of_an_unfinished_final_hand_is_a_warning() -> None:
    """docs/guides/scorekeeping.md: an unfinished hand draws only the warnings that say so,
    its last trick too."""
    record = hand([*SWEEP[:4], "5 N 5-5 1-1"], "")
    report = check(record)
    assert {f.code: f.severity for f in report.findings} == {
        "trick-size": Severity.WARNING,
        "hand-unfinished": Severity.WARNING,
    }
    # A short trick with tricks after it stays an error, and so does one in a finished hand.
    middle = check(hand([*SWEEP[:4], "5 N 5-5 1-1", *SWEEP[5:]], "")).findings
    assert [f.severity for f in middle if f.code == "trick-size"] == [Severity.ERROR]
    scored = check(hand([*SWEEP[:4], "5 N 5-5 1-1"], "end made\n")).findings
    assert [f.severity for f in scored if f.code == "trick-size"] == [Severity.ERROR]
    # Only the final hand of the record may have been saved mid-trick.
    earlier = check(hand([*SWEEP[:4], "5 N 5-5 1-1"], "") + hand().replace("hand 1", "hand 2"))
    assert [f.severity for f in earlier.findings if f.code == "trick-size"] == [Severity.ERROR]


# -- the score lines the play gives (what t42 record writes) --


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_with_score_lines_writes_what_the_play_gives(seed: int) -> None:
    """A random legal game (its score lines right) stripped of them gets them back; lines
    written wrong are put right, and their comments kept."""
    import random

    from notation.check.validate import with_score_lines
    from notation.model.game import Comment, ScoreKind, ScoreLine
    from notation.rules.dealing import random_game

    rules = RuleSet()
    game = random_game(random.Random(seed), rules)
    bare = replace(game, hands=tuple(replace(h, scores=()) for h in game.hands))
    assert with_score_lines(bare, rules) == game
    first = game.hands[0]
    wrong = ScoreLine(ScoreKind.POINTS, 1, 41, after=(Comment("as I saw it"),))
    misscored = replace(first, scores=(wrong, *first.scores[1:]))
    fixed = with_score_lines(replace(game, hands=(misscored, *game.hands[1:])), rules)
    assert fixed.hands[1:] == game.hands[1:]
    assert [(s.ns, s.ew) for s in fixed.hands[0].scores] == [(s.ns, s.ew) for s in first.scores]
    assert fixed.hands[0].scores[0].after == (Comment("as I saw it"),)


def test_with_score_lines_leaves_what_the_record_does_not_settle() -> None:
    """An unfinished hand has its points but no marks or total: nothing is invented."""
    from notation.check.validate import with_score_lines
    from notation.model.game import ScoreKind

    game = loads(TAG + hand(SWEEP[:3], ""))[0]
    [scored] = with_score_lines(game).hands
    assert [(s.kind, s.ns, s.ew) for s in scored.scores] == [(ScoreKind.POINTS, 23, 0)]


def _full_game_hand(hand: int = 1):  # type: ignore[no-untyped-def]
    from pathlib import Path

    text = (Path(__file__).parents[3] / "samples" / "full-game.t42").read_text(encoding="utf-8")
    game = loads(text)[0]
    return game, game.hands[hand - 1]


def test_a_missing_trick_is_said_to_be_missing() -> None:
    from dataclasses import replace

    game, hand = _full_game_hand()
    for gone in (4, 2):  # trick 4 left out, then trick 2
        kept = replace(hand, tricks=hand.tricks[: gone - 1] + hand.tricks[gone:])
        numbered = [f for f in check_hand(kept, game.rules).findings if f.code == "trick-number"]
        assert [f.message for f in numbered] == [
            f"trick {gone} is missing: the trick after trick {gone - 1} is numbered {gone + 1}"
        ]
    both = replace(hand, tricks=hand.tricks[:3] + hand.tricks[5:])
    numbered = [f for f in check_hand(both, game.rules).findings if f.code == "trick-number"]
    assert [f.message for f in numbered] == [
        "tricks 4 and 5 are missing: the trick after trick 3 is numbered 6"
    ]


@pytest.mark.parametrize("number", [9, 1_000_000, 9_007_199_254_740_991])
def test_a_trick_numbered_past_the_hand_is_no_list_of_missing_tricks(number: int) -> None:
    # Found by the mutation fuzzer: a trick numbered 2^53 - 1 after trick 3 made the check
    # list every number between (the process grew past 23 GB). A hand has seven tricks: a
    # number past them is a misnumbered trick, not a gap of missing ones.
    from dataclasses import replace

    game, hand = _full_game_hand()
    tricks = (*hand.tricks[:3], replace(hand.tricks[3], number=number), *hand.tricks[4:])
    numbered = [f.message for f in check_hand(replace(hand, tricks=tricks), game.rules).findings
                if f.code == "trick-number"]
    assert numbered == [f"this is trick 4 but is numbered {number}"]


def test_counts_of_one_are_said_in_the_singular() -> None:
    from dataclasses import replace

    game, hand = _full_game_hand()
    one = replace(hand, tricks=hand.tricks[:1], scores=())
    messages = [f.message for f in check_hand(one, game.rules).findings]
    assert any(m.startswith("only 1 trick is recorded") for m in messages), messages
    short = replace(hand.tricks[6], plays=hand.tricks[6].plays[:1])
    messages = [f.message for f in check_hand(
        replace(hand, tricks=(*hand.tricks[:6], short)), game.rules).findings]
    assert any(m.startswith("trick 7 has 1 play;") for m in messages), messages


# -- the variants of the sources and of the other programs (docs/rules.md, Options) --

def bare(bids: str, trump: str = "", dealer: str = "W", number: int = 1) -> str:
    """A hand with no deal and no tricks: its auction and its contract."""
    return f"hand {number} dealer {dealer}\n{bids}\n" + (f"{trump}\n" if trump else "")


def codes_of(report: GameReport) -> list[str]:
    return [f.code for f in report.findings]


def test_bid_out_of_turn_reshaken_by_the_same_dealer() -> None:
    """docs/rules.md, Bidding; bid-out-of-turn option, 003: after a bid out of turn the
    opponents may have the hand shaken again by the same dealer."""
    record = bare("bid E pass W 30", dealer="N") + bare(
        "bid E pass S 30 W pass N pass", dealer="N", number=2)
    reshaken = check(record, RuleSet().with_options({"bid-out-of-turn": "reshake"}))
    [f] = reshaken.findings
    assert (f.code, f.severity, f.seat) == ("bid-out-of-turn", Severity.WARNING, Seat.W)
    assert f.message.endswith("the hand is thrown in and N, the same dealer, shakes again")
    assert reshaken.hands[0].thrown_in
    assert reshaken.hands[0].marks == {Team.NS: 0, Team.EW: 0}
    # Let stand (warning), the same record deals hand 2 out of turn; by default it is an error.
    stood = check(record, RuleSet().with_options({"bid-out-of-turn": "warning"}))
    assert codes_of(stood) == ["bid-out-of-turn", "dealer-out-of-turn"]
    assert next(f.severity for f in check(record).findings) is Severity.ERROR
    # Under reshake the opponents may still play on: the hand is played and scored.
    played = hand(bids="bid N 30 S pass E pass W pass\n")
    report = check(played, RuleSet().with_options({"bid-out-of-turn": "reshake"}))
    assert codes_of(report) == ["bid-out-of-turn", "bid-out-of-turn"]
    assert not report.hands[0].thrown_in
    assert report.hands[0].marks == {Team.NS: 1, Team.EW: 0}


def test_nello_only_by_a_forced_dealer() -> None:
    """docs/rules.md, Contracts, Nello; nello option, 004: some players allow Nello only to
    the dealer forced to bid after three passes (the "force 30 or Nello" of one program)."""
    forced = bare("bid N pass E pass S pass W 1m", "trump W nello")
    assert codes_of(check_texas(forced, "nello=forced")) == []
    open_auction = bare("bid N 1m E pass S pass W pass", "trump N nello")
    f = only_texas("contract-not-allowed", open_auction, "nello=forced")
    assert f.message == (
        "Nello is played here only by the dealer forced to bid after three passes "
        "(option nello=forced); N bid 1m in an open auction"
    )
    assert codes_of(check_texas(open_auction)) == []  # nello=yes: anyone
    # Under the reshake nobody is forced: a dealer who bids after three passes chose to.
    assert codes_of(check_texas(forced, "nello=forced, all-pass=reshake")) == [
        "contract-not-allowed"
    ]
    # The same for Sevens, as one program offers it.
    assert codes_of(check_texas(bare("bid N pass E pass S pass W 1m", "trump W sevens"),
                                "sevens=forced")) == []
    assert codes_of(check_texas(bare("bid N 1m E pass S pass W pass", "trump N sevens"),
                                "sevens=forced")) == ["contract-not-allowed"]


@pytest.mark.parametrize(("least", "bid", "allowed"), [
    ("1m", "30", False), ("1m", "1m", True),
    ("2m", "1m", False), ("2m", "2m", True),
    ("30", "30", True), ("30", "35", True),
])
def test_nello_min(least: str, bid: str, allowed: bool) -> None:
    """docs/rules.md, Contracts, Nello; nello-min option: the least bid Nello is played on,
    1 mark (002, 003, 004), 2 marks at some tables, any bid in one program."""
    report = check_texas(bare(f"bid N {bid} E pass S pass W pass", "trump N nello"),
                         f"nello-min={least}")
    assert codes_of(report) == ([] if allowed else ["contract-bid-too-low"])
    if not allowed:
        need = "2 marks" if least == "2m" else "1 mark"
        assert report.findings[0].message == f"a Nello needs a bid of at least {need}, not {bid}"


def test_plunge_bid_apart_from_its_lead() -> None:
    """docs/rules.md, Contracts, Plunge; plunge-bid option: a Plunge at 4 marks with the
    partner naming trump and leading, as the programs play it; 004's by-lead reading keeps
    3 marks for the partner's lead."""
    jump = bare("bid N 30 E pass S 4m W pass", "trump N plunge sixes")
    at_four = "plunge-lead=partner, plunge-bid=4m"
    assert codes_of(check_texas(jump, at_four)) == []
    three = bare("bid N 30 E pass S 3m W pass", "trump N plunge sixes")
    assert codes_of(check_texas(three, at_four)) == ["bid-off-ladder", "contract-bid-too-low"]
    assert codes_of(check_texas(three, "plunge-lead=partner")) == []  # by-lead: 3 marks
    assert codes_of(check_texas(jump, "plunge-lead=partner")) == ["bid-off-ladder"]
    assert codes_of(check_texas(three, "plunge-bid=3m")) == []


@pytest.mark.parametrize(("option", "jump_to_3", "at_2"), [
    ("2m", False, True), ("2m-or-3m", True, True), ("3m", True, False),
])
def test_splash_bid(option: str, jump_to_3: bool, at_2: bool) -> None:
    """docs/rules.md, Contracts, Splash; splash-bid option: the Splash at 2 marks (002, 004),
    at 3, or at 2 or 3 as the bidder chooses, the 3 a jump as the Plunge's."""
    jump = check_texas(bare("bid N 30 E 3m S pass W pass", "trump W splash sixes"),
                       f"splash-bid={option}")
    assert codes_of(jump) == ([] if jump_to_3 else ["bid-off-ladder"])
    two = check_texas(bare("bid N 30 E 2m S pass W pass", "trump W splash sixes"),
                      f"splash-bid={option}")
    assert codes_of(two) == ([] if at_2 else ["contract-bid-too-low"])
    # 3 marks over 2 is on the ladder whatever the option.
    ladder = check_texas(bare("bid N 2m E 3m S pass W pass", "trump W splash sixes"),
                         f"splash-bid={option}")
    assert codes_of(ladder) == []


@pytest.mark.parametrize(("option", "named", "allowed"), [
    ("trump", "sixes", True), ("trump", "doubles", True), ("trump", "follow-me", False),
    ("plain", "follow-me", True), ("plain", "follow-me doubles-low", True),
    ("any", "follow-me doubles-own-suit", True),
])
def test_partner_names(option: str, named: str, allowed: bool) -> None:
    """docs/rules.md, Contracts, Plunge; partner-names option: the partner of a Plunge or
    Splash names a trump (002, one program), any plain contract, or follow-me in any
    reading of the doubles (004)."""
    for special, bid in (("plunge", "4m"), ("splash", "2m")):
        report = check_texas(bare(f"bid N {bid} E pass S pass W pass",
                                  f"trump S {special} {named}"), f"partner-names={option}")
        assert codes_of(report) == ([] if allowed else ["contract-not-allowed"])
        if not allowed:
            f = report.findings[0]
            assert f.seat is Seat.S
            assert f.message == (f"the partner of a {special.capitalize()} may not name "
                                 f"{named} at this table (option partner-names)")


def test_contract_not_bid() -> None:
    """docs/rules.md, The other 42 programs: a bid may announce its contract (1m-nello,
    4m-plunge, 2m-splash), and the trump line then names that contract."""
    f = only_texas("contract-not-bid", bare("bid N 1m-nello E pass S pass W pass",
                                            "trump N fives"))
    assert where(f) == (1, None, Seat.N, 5, 1)
    assert f.message == "N bid 1m-nello, a Nello, but the contract named is fives"
    g = only_texas("contract-not-bid", bare("bid N 4m-plunge E pass S pass W pass",
                                            "trump S splash sixes"))
    assert g.message == "N bid 4m-plunge, a Plunge, but the contract named is splash sixes"
    for named in ("sixes", "plunge sixes"):  # the partner's trump is the Plunge's
        report = check_texas(bare("bid N 30 E 4m-plunge S pass W pass", f"trump W {named}"))
        assert codes_of(report) == []
        contract = report.hands[0].contract
        assert contract is not None
        assert str(contract) == "E 4m-plunge plunge sixes"
    assert codes_of(check_texas(bare("bid N 1m-nello E pass S pass W pass",
                                     "trump N nello doubles-low"))) == []


def test_a_bid_announcing_a_contract_the_table_does_not_play() -> None:
    """docs/rules.md, Contracts: a special contract is an option; announced in the auction, a
    contract the table does not play is refused at the bid, once."""
    report = check(bare("bid N 30 E 4m-plunge S pass W pass", "trump W sixes"))
    [f] = report.findings
    assert (f.code, f.seat, f.line, f.column) == ("contract-not-allowed", Seat.E, 3, 10)
    assert f.message == "Plunge is not played under these rules (option plunge=no)"


def _partner_named(special: Special) -> Hand:
    """A random legal hand in which the partner of an announced Plunge or Splash named
    ``special`` (partner-names=any): the first seed that gives one."""
    rules = rule_set("texas").with_options({"partner-names": "any"})
    for seed in range(2000):
        dealt = random_hand(random.Random(seed), 1, Seat.N, rules)
        call = dealt.auction.winning_call if dealt.auction is not None else None
        if (call is not None and call.bid.special in (Special.PLUNGE, Special.SPLASH)
                and dealt.trump is not None and dealt.trump.trump.special is special):
            return dealt
    raise AssertionError(f"no seed gives a partner's {special.title}")


@pytest.mark.parametrize("special", [Special.NELLO, Special.SEVENS])
def test_partner_names_a_nello_or_sevens_after_an_announced_plunge(special: Special) -> None:
    """docs/rules.md, Contracts, Plunge; partner-names option (004): some players let the
    partner of a Plunge or Splash choose Sevens or a Nello; in the Nello the bidder leads and
    the partner, who named it, sits out."""
    dealt = _partner_named(special)
    text = TAG + '[Rules "texas"]\n[Options "partner-names=any"]\n' + "\n".join(
        write_hand(dealt)) + "\n"
    report = check_game(loads(text)[0])
    assert report.findings == ()
    contract = report.hands[0].contract
    assert contract is not None
    assert dealt.trump is not None
    assert dealt.trump.seat is contract.declarer.partner  # the partner named it
    assert dealt.tricks[0].leader is contract.declarer  # the bidder leads
    expected_out = contract.declarer.partner if special is Special.NELLO else None
    assert contract.sitting_out is expected_out
    # Under partner-names=plain the same record is refused.
    plain = text.replace("partner-names=any", "partner-names=plain")
    assert "contract-not-allowed" in codes_of(check_game(loads(plain)[0]))
