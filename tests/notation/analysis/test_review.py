"""notation.analysis.review: fair verdicts leak nothing hidden and agree with every world counted
out."""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator  # type: ignore[import-untyped, unused-ignore]
from referencing import Registry, Resource
from typer.testing import CliRunner

from notation.analysis.knowledge import Knowledge
from notation.analysis.review import (
    Estimate,
    ReviewError,
    Unit,
    VerdictKind,
    advise,
    judge,
    review_bid,
    review_call,
    review_line,
)
from notation.analysis.worlds import World
from notation.cli.app import app
from notation.model.bids import Bid
from notation.model.contracts import Contract, Trump
from notation.model.seats import SEATS, Seat, Team
from notation.model.tiles import ALL_TILES, Tile
from notation.rules.dealing import deal
from notation.solver.solver import Position, Solver, contract_tables

Line = list[tuple[Seat, Tile]]
Deal = dict[Seat, tuple[Tile, ...]]


def _line(seed: int, contract: Contract, plays: int) -> tuple[Deal, Line]:
    """A seeded deal and ``plays`` random legal plays, the declarer leading."""
    rng = random.Random(seed)
    hands = deal(rng)
    tables = contract_tables(contract.trump)
    pos = Position.deal(hands, contract.declarer)
    line: Line = []
    for _ in range(plays):
        legal = pos.legal(tables)
        i = rng.choice([i for i in range(28) if legal >> i & 1])
        line.append((SEATS[pos.to_move(tables)], ALL_TILES[i]))
        pos = pos.play(i, tables)
    return hands, line


def _position(hands: Deal, contract: Contract, line: Line) -> Position:
    tables = contract_tables(contract.trump)
    pos = Position.deal(hands, contract.declarer)
    for _, tile in line:
        pos = pos.play(ALL_TILES.index(tile), tables)
    return pos


def _every_world(k: Knowledge) -> Iterator[World]:
    others = [s.index for s in SEATS if s is not k.seat]
    unseen = sorted(ALL_TILES.index(x) for x in k.unseen)
    for owners in itertools.product(others, repeat=len(unseen)):
        hands = [0, 0, 0, 0]
        hands[k.seat.index] = k.own_left
        for i, s in zip(unseen, owners, strict=True):
            hands[s] |= 1 << i
        world: World = (hands[0], hands[1], hands[2], hands[3])
        if k.admits(world):
            yield world


def _truth(hands: Deal, contract: Contract, line: Line) -> tuple[Seat, dict[Tile, list[int]]]:
    """The seat to move after ``line`` and, for each of its options, its side's points at
    the end in every world that fits what it knows, counted out with a fresh solver each."""
    tables = contract_tables(contract.trump)
    pos = _position(hands, contract, line)
    seat = SEATS[pos.to_move(tables)]
    k = Knowledge.of(seat, hands[seat], contract, line)
    legal = pos.legal(tables)
    options = [ALL_TILES[i] for i in range(28) if legal >> i & 1]
    scores: dict[Tile, list[int]] = {o: [] for o in options}
    for world in _every_world(k):
        wpos = Position(world, pos.leader, pos.trick, pos.points, pos.tricks)
        solver = Solver(tables, table_bits=10)  # one world's: the same deal for each option
        for o in options:
            child = wpos.play(ALL_TILES.index(o), tables)
            ns = child.points[0] + solver.value(child)
            ew = 42 - ns
            scores[o].append(ns if seat.team is Team.NS else ew)
    return seat, scores


CONTRACT = Contract(Seat.N, Bid.points(30), Trump.pip(6))
LEAD_OF_TRICK_6 = 20  # plays before it: two tiles left to each seat


def _find(wanted: str) -> tuple[Deal, Line, Tile, int]:
    """The first seeded position, at the lead of trick 6, with two options A and B whose
    points, counted over every world, are: ``"dominates"``, A at least B in every world and
    more in some; ``"constant"``, A ahead of B by the same points in every world; ``"guess"``,
    each ahead in some worlds and level on average over them all (neither is better given
    what the player knows). Returns the
    deal, the line up to the lead, the option to play (B for "constant", A otherwise), and the
    constant gap."""
    for seed in range(400):
        hands, line = _line(seed, CONTRACT, LEAD_OF_TRICK_6)
        _seat, scores = _truth(hands, CONTRACT, line)
        if len(scores) != 2:
            continue
        (a, sa), (b, sb) = scores.items()
        for (x, sx), (y, sy) in (((a, sa), (b, sb)), ((b, sb), (a, sa))):
            gaps = [p - q for p, q in zip(sx, sy, strict=True)]
            if wanted == "dominates" and min(gaps) >= 0 and max(gaps) > 0 and len(set(gaps)) > 1:
                return hands, line, x, 0
            if wanted == "constant" and len(set(gaps)) == 1 and gaps[0] > 0:
                return hands, line, y, gaps[0]
            if wanted == "guess" and min(gaps) < 0 < max(gaps) and sum(gaps) == 0:
                return hands, line, x, 0
    raise AssertionError(f"no seeded position of the kind {wanted}")


def test_a_play_best_in_every_world_is_best() -> None:
    hands, line, tile, _ = _find("dominates")
    seat = _seat_to_move(hands, line)
    review = review_line(hands, CONTRACT, [*line, (seat, tile)], first=LEAD_OF_TRICK_6,
                         samples=16, seed=3)
    assert len(review) == 1
    assert review[0].tile == tile
    assert review[0].verdict.kind is VerdictKind.BEST
    assert str(review[0].verdict) == "best"
    assert review[0].best == str(tile)


def test_a_play_that_loses_in_every_world_costs_exactly_its_loss() -> None:
    hands, line, tile, gap = _find("constant")
    seat = _seat_to_move(hands, line)
    review = review_line(hands, CONTRACT, [*line, (seat, tile)], first=LEAD_OF_TRICK_6,
                         samples=16, seed=3)
    verdict = review[0].verdict
    assert verdict.kind is VerdictKind.MISTAKE
    assert verdict.cost == gap
    assert verdict.se == 0
    assert str(verdict) == f"a mistake costing {gap:.1f} ± 0.0 points"


def test_a_true_guess_is_too_close_to_call() -> None:
    hands, line, tile, _ = _find("guess")
    seat = _seat_to_move(hands, line)
    review = review_line(hands, CONTRACT, [*line, (seat, tile)], first=LEAD_OF_TRICK_6,
                         samples=32, seed=3)
    assert review[0].verdict.kind is VerdictKind.CLOSE
    assert str(review[0].verdict) == "too close to call"


def _seat_to_move(hands: Deal, line: Line) -> Seat:
    tables = contract_tables(CONTRACT.trump)
    return SEATS[_position(hands, CONTRACT, line).to_move(tables)]


def test_swapping_two_unseen_hands_changes_no_fair_verdict() -> None:
    """What N and S are told depends only on their own tiles and the play: trade the tiles
    E and W still hold at some moment (the play before it legal either way) and every
    review of N's and S's plays up to that moment is the same, number for number."""
    contract = Contract(Seat.N, Bid.points(30), Trump.pip(4))
    for seed in range(200):
        hands, line = _line(seed, contract, 28)
        for cut in (13, 9, 5):
            pos = _position(hands, contract, line[:cut])
            east, west = pos.hands[Seat.E.index], pos.hands[Seat.W.index]
            if east.bit_count() != west.bit_count():
                continue
            swapped = dict(hands)
            played = {s: {t for p, t in line[:cut] if p is s} for s in (Seat.E, Seat.W)}
            swapped[Seat.E] = tuple(sorted(played[Seat.E] | {
                t for i, t in enumerate(ALL_TILES) if west >> i & 1}, reverse=True))
            swapped[Seat.W] = tuple(sorted(played[Seat.W] | {
                t for i, t in enumerate(ALL_TILES) if east >> i & 1}, reverse=True))
            try:
                other = review_line(swapped, contract, line[:cut], samples=12, seed=5)
            except ReviewError:
                continue  # the swap makes an earlier play a renege
            first = review_line(hands, contract, line[:cut], samples=12, seed=5)
            mine = [r for r in first if r.seat.team is Team.NS]
            theirs = [r for r in other if r.seat.team is Team.NS]
            assert mine
            assert len(mine) == len(theirs)
            for a, b in zip(mine, theirs, strict=True):
                assert (a.trick, a.seat, a.tile) == (b.trick, b.seat, b.tile)
                assert a.options == b.options
                assert (a.best, a.verdict, a.deals, a.kept) == (b.best, b.verdict, b.deals,
                                                                b.kept)
            return
    raise AssertionError("no seeded line allows the swap")


def test_the_same_seed_gives_the_same_review_and_another_seed_other_worlds() -> None:
    hands, line = _line(7, CONTRACT, 12)
    one = review_line(hands, CONTRACT, line, samples=6, seed=1)
    assert one == review_line(hands, CONTRACT, line, samples=6, seed=1)
    assert one != review_line(hands, CONTRACT, line, samples=6, seed=2)


def test_judge_weighs_the_shortfall_against_two_standard_errors() -> None:
    assert judge([5, 5], [[5, 5], [5, 4]], Unit.POINTS).kind is VerdictKind.BEST
    close = judge([0, 10, 0, 0], [[0, 10, 0, 0], [10, 0, 10, 0]], Unit.POINTS)
    assert close.kind is VerdictKind.CLOSE
    assert close.cost == 2.5
    # Ahead on this sample, yet the other option wins a world and is not clearly behind.
    lucky = judge([10, 0, 10, 0], [[10, 0, 10, 0], [0, 10, 0, 0]], Unit.POINTS)
    assert lucky.kind is VerdictKind.CLOSE
    assert lucky.cost == 0
    # Behind in one world of many but clearly ahead on average: best.
    clearly = judge([9] * 15 + [0], [[9] * 15 + [0], [0] * 15 + [1]], Unit.POINTS)
    assert clearly.kind is VerdictKind.BEST
    clear = judge([0, 0, 0, 1], [[0, 0, 0, 1], [10, 10, 10, 10]], Unit.POINTS)
    assert clear.kind is VerdictKind.MISTAKE
    assert clear.cost == pytest.approx(9.75)
    assert "% of the chance" in str(judge([0, 0], [[0, 0], [100, 100]], Unit.CHANCE))


def test_an_illegal_line_is_refused_in_words() -> None:
    hands, line = _line(1, CONTRACT, 4)
    wrong = [(line[1][0], line[0][1]), *line[1:]]
    with pytest.raises(ReviewError, match="not a legal play"):
        review_line(hands, CONTRACT, wrong, samples=2)


# -- the command line and the JSON form --

ROOT = Path(__file__).parents[3]
SAMPLE = ROOT / "samples" / "early-end.t42"
REVIEW_SCHEMA = json.loads((ROOT / "schemas" / "review.schema.json").read_text(encoding="utf-8"))
runner = CliRunner()


def _valid(document: object, schema: dict[str, object]) -> None:
    registry = Registry().with_resources(
        (s["$id"], Resource.from_contents(s)) for s in (
            REVIEW_SCHEMA,
            json.loads((ROOT / "schemas" / "audit.schema.json").read_text(encoding="utf-8")),
            json.loads((ROOT / "schemas" / "findings.schema.json").read_text(encoding="utf-8")),
        ))
    Draft202012Validator(schema, registry=registry).validate(document)


def test_review_json_follows_its_schema_and_shows_the_hindsight_beside() -> None:
    result = runner.invoke(app, ["review", str(SAMPLE), "--hand", "3", "--samples", "3",
                                 "--json", "--no-bids"])
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    _valid(document, REVIEW_SCHEMA)
    plays = document["hands"][0]["plays"]
    assert plays
    assert {p["verdict"]["kind"] for p in plays} <= {"best", "mistake", "too close to call"}
    # The audit's costly plays of this hand are there beside the fair verdicts.
    assert any(p["hindsight"]["cost"] for p in plays)


def test_review_text_names_each_play_and_both_verdicts() -> None:
    result = runner.invoke(app, ["review", str(SAMPLE), "--hand", "3", "--samples", "2",
                                 "--color", "never"])
    assert result.exit_code == 0, result.output
    assert "fair verdict" in result.stdout
    assert "hindsight" in result.stdout
    assert "bid    S 30 in deuces" in result.stdout


def test_the_advisor_takes_typed_tiles_and_writes_its_schema() -> None:
    result = runner.invoke(app, ["review", "--tiles", "6-6 6-5 6-4 6-3 6-2 5-5 4-4",
                                 "--samples", "2", "--json"])
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    _valid(document, REVIEW_SCHEMA)
    sixes = next(t for t in document["trumps"] if t["trump"] == "sixes")
    chances = [m["chance"]["mean"] for m in sixes["making"]]
    assert chances == sorted(chances, reverse=True)  # a higher bid is never likelier made
    assert chances[0] == 1.0


def test_the_advisor_reads_a_seats_tiles_from_a_record() -> None:
    result = runner.invoke(app, ["review", str(SAMPLE), "--hand", "3", "--advise", "S",
                                 "--samples", "2", "--json"])
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    _valid(document, REVIEW_SCHEMA)
    assert document["hands"][0]["advice"]["seat"] == "S"


@pytest.mark.parametrize(("args", "words"), [
    (["--tiles", "6-6 6-5"], "seven different tiles"),
    (["--tiles", "6-6 6-5 6-4 6-3 6-2 5-5 9-9"], "9-9"),
    ([], "name a record file"),
    ([str(SAMPLE), "--advise", "Q"], "N, E, S or W"),
    ([str(ROOT / "samples" / "options.t42"), "--game", "2", "--advise", "N"],
     "opening-lead=trump"),
    ([str(ROOT / "samples" / "options.t42"), "--game", "2"], "opening-lead=trump"),
])
def test_review_says_what_is_wrong_in_words(args: list[str], words: str) -> None:
    result = runner.invoke(app, ["review", *args])
    assert result.exit_code == 2
    assert words in result.stderr
    assert "Traceback" not in result.output


def test_audit_fair_adds_the_fair_review_to_its_json() -> None:
    result = runner.invoke(app, ["audit", str(SAMPLE), "--hand", "3", "--fair", "--json"])
    assert result.exit_code in (0, 1), result.output
    document = json.loads(result.stdout)
    audit_schema = json.loads((ROOT / "schemas" / "audit.schema.json").read_text(
        encoding="utf-8"))
    _valid(document, audit_schema)
    assert document["fair"][0]["hand"] == 3


def test_analyze_fair_adds_each_hands_review_to_its_line() -> None:
    names = ("analysis", "audit", "findings", "par", "review")
    schemas = {n: json.loads((ROOT / "schemas" / f"{n}.schema.json").read_text(
        encoding="utf-8")) for n in names}
    validator = Draft202012Validator(schemas["analysis"], registry=Registry().with_resources(
        (s["$id"], Resource.from_contents(s)) for s in schemas.values()))
    sample = ROOT / "samples" / "laydown-refuted.t42"
    result = runner.invoke(app, ["analyze", str(sample), "--fair", "--jobs", "1"])
    assert result.exit_code == 0, result.output
    lines = [json.loads(x) for x in result.stdout.splitlines() if x.startswith("{")]
    assert lines
    for line in lines:
        validator.validate(line)
        assert line["fair"]["hand"] == line["hand"]
        assert line["fair"]["plays"]


def test_the_quick_advice_gives_the_same_chances_as_the_exact() -> None:
    """Settling a world no bid makes by one zero-window search changes no chance."""
    for seed in (1, 2):
        hands = deal(random.Random(seed))
        exact = advise(hands[Seat.E], Seat.E, samples=3, seed=seed)
        quick = advise(hands[Seat.E], Seat.E, samples=3, seed=seed, exact=False)
        assert [a.making for a in exact.trumps] == [a.making for a in quick.trumps]
        assert all(a.points is not None for a in exact.trumps)
        assert all(a.points is None for a in quick.trumps)


def test_the_bid_review_weighs_the_bid_made_against_every_other() -> None:
    hands = deal(random.Random(4))
    contract = Contract(Seat.S, Bid.points(30), Trump.pip(6))
    review = review_bid(hands[Seat.S], contract, [(Seat.E, Bid.pass_()), (Seat.S, Bid.points(30))],
                        samples=4, seed=2)
    assert review is not None
    assert review.chance == review.advice.chance(Bid.points(30), Trump.pip(6))
    # Over the same worlds no option scores more marks than the best named.
    assert review.verdict.kind in set(VerdictKind)
    special = Contract(Seat.S, Bid.marks(1), Trump.parse("", special="nello"))
    assert review_bid(hands[Seat.S], special, [], samples=2) is None


def test_a_nello_is_judged_by_its_chance_not_its_points() -> None:
    """In a contract of all or nothing only made or set counts; the partner who sits out
    holds seven unseen tiles that never play."""
    sample = ROOT / "samples" / "nello.t42"
    result = runner.invoke(app, ["review", str(sample), "--hand", "1", "--samples", "2",
                                 "--json", "--no-bids"])
    assert result.exit_code == 0, result.output
    [hand] = json.loads(result.stdout)["hands"]
    assert hand["plays"]
    declarer = hand["contract"]["declarer"]
    partner = {"N": "S", "S": "N", "E": "W", "W": "E"}[declarer]
    for play in hand["plays"]:
        assert play["seat"] != partner
        assert play["verdict"]["unit"] == "chance"
        assert all(o["points"] is None for o in play["options"])


def test_the_review_on_a_terminal_shows_both_verdicts_and_no_markup(tmp_path: Path) -> None:
    """In a pseudo-terminal, read back from the screen: the table, the hindsight beside the
    fair verdict, and a file name that looks like markup shown as written."""
    import sys

    sys.path.insert(0, str(ROOT / "tests" / "replay"))
    from pty_terminal import Terminal

    named = tmp_path / "[bold]x[not].t42"
    named.write_text(SAMPLE.read_text(encoding="utf-8"), encoding="utf-8")
    t42 = Path(sys.executable).parent / "t42"
    term = Terminal([str(t42), "review", str(named), "--hand", "3", "--samples", "2",
                     "--no-bids"], columns=110, lines=40)
    try:
        screen = term.wait_for("worlds a decision", timeout=120)
        assert term.wait_exit() == 0
    finally:
        term.close()
    assert "[bold]x[not].t42 game 1 hand 3" in screen
    assert "fair verdict" in screen
    assert "hindsight (audit)" in screen
    assert "S 4-2" in screen
    assert "a mistake costing 6 points" in screen  # the audit's, beside the fair one


def test_a_hand_with_a_renege_is_reviewed_up_to_it() -> None:
    """The plays before a renege were made knowing what the play had shown; the renege and
    what follows it are not judged, and the review says where it stopped."""
    result = runner.invoke(app, ["review", str(ROOT / "samples" / "renege.t42"), "--hand", "1",
                                 "--samples", "2", "--json", "--no-bids"])
    assert result.exit_code == 0, result.output
    [hand] = json.loads(result.stdout)["hands"]
    assert hand["why"] == ""
    assert hand["plays"]
    assert max(p["trick"] for p in hand["plays"]) <= 3
    assert any("trick 3" in note and "W's 2-2" in note for note in hand["notes"])
    _valid(json.loads(result.stdout), REVIEW_SCHEMA)


def test_a_pass_holding_every_six_is_a_mistake_of_exactly_two_marks() -> None:
    """Seven trumps take every trick in every world: 2 marks made for sure, against the
    nothing a pass scores."""
    sixes = [Tile(6, n) for n in range(7)]
    passed = review_call(sixes, Seat.N, [], Bid.pass_(), samples=4, seed=1)
    assert passed is not None
    assert passed.verdict.kind is VerdictKind.MISTAKE
    assert passed.verdict.cost == 2.0
    assert passed.verdict.se == 0.0
    assert str(passed.verdict) == "a mistake costing 2.0 ± 0.0 marks"
    assert passed.best.startswith("2m")
    bid = review_call(sixes, Seat.N, [], Bid.marks(2), samples=4, seed=1, trump=Trump.pip(6))
    assert bid is not None
    assert bid.verdict.kind is VerdictKind.BEST
    assert bid.chance == Estimate(1.0, 0.0)


def test_every_call_of_the_auction_is_reviewed_when_asked() -> None:
    result = runner.invoke(app, ["review", str(SAMPLE), "--hand", "3", "--samples", "2",
                                 "--every-call", "--json"])
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    _valid(document, REVIEW_SCHEMA)
    [hand] = document["hands"]
    assert [c["bid"] for c in hand["calls"]] == ["pass", "pass", "pass", "30"]
    assert hand["calls"][0]["option"] == "pass"
    assert hand["calls"][0]["chance"] is None
