"""``t42 audit`` and notation.analysis.audit: claims, stops, turning points, the JSON form, exit
codes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator  # type: ignore[import-untyped, unused-ignore]
from typer.testing import CliRunner

from notation.analysis.audit import HandAudit, audit_game
from notation.check.board import follow_play
from notation.check.claims import LAYDOWN_REFUTED
from notation.check.validate import check_game
from notation.formats.text.reader import read_games
from notation.model.game import EndKind
from notation.model.seats import Seat, Team
from notation.model.tiles import Tile
from t42.commands import app

ROOT = Path(__file__).parents[3]
SAMPLES = ROOT / "samples"
SCHEMA = json.loads((ROOT / "schemas" / "audit.schema.json").read_text(encoding="utf-8"))
# The published file as it is: the findings of `t42 validate --json` are bundled in it.
# Audited whole in the tests; full-game.t42 takes ~10 s and is audited by one hand.
QUICK = ("early-end.t42", "laydown-refuted.t42", "renege.t42", "misscore.t42",
         "early-end-unjustified.t42", "all-pass-forced.t42", "all-pass-reshake.t42")

runner = CliRunner()


def _audit(text: str, hands: list[int] | None = None) -> tuple[HandAudit, ...]:
    read = next(read_games(text))
    return audit_game(read.game, read.rules, 1, hands)


def _sample(name: str, hands: list[int] | None = None) -> tuple[HandAudit, ...]:
    return _audit((SAMPLES / name).read_text(encoding="utf-8"), hands)


def _t(words: str) -> tuple[Tile, ...]:
    return tuple(Tile.parse(w) for w in words.split())


def test_valid_laydown() -> None:
    (audit,) = _sample("early-end.t42", [3])
    assert audit.claim is not None
    assert (audit.claim.seat, audit.claim.after_trick) == (Seat.S, 5)
    assert audit.claim.valid is True
    assert audit.claim.refutation == ()
    assert not audit.findings


def test_refuted_laydown_has_a_line_of_play() -> None:
    (audit,) = _sample("laydown-refuted.t42")
    claim = audit.claim
    assert claim is not None
    assert claim.valid is False
    assert claim.with_best_play is True  # the right order would have taken every trick
    assert [(p.trick, p.seat, p.tile) for p in claim.refutation] == [
        (5, Seat.N, Tile(5, 1)),
        (5, Seat.E, Tile(5, 3)),
        (5, Seat.S, Tile(6, 6)),
        (5, Seat.W, Tile(5, 5)),
    ]
    (finding,) = audit.findings
    assert (finding.code, finding.seat, finding.hand, finding.line) == (
        LAYDOWN_REFUTED, Seat.N, 1, 25)
    assert finding.evidence["line"][2] == {"trick": 5, "seat": Seat.S, "tile": Tile(6, 6)}


def test_laydown_without_a_deal_cannot_be_checked() -> None:
    text = (SAMPLES / "early-end.t42").read_text(encoding="utf-8")
    lines = [s for s in text.splitlines() if not s.startswith(("deal ", "     "))]
    (audit,) = _audit("\n".join(lines) + "\n", [3])
    assert audit.claim is not None
    assert audit.claim.valid is None
    assert "cannot be checked" in audit.claim.message
    assert audit.perfect is None
    assert not audit.findings


def test_set_stop_says_what_the_rest_could_change() -> None:
    (audit,) = _sample("early-end.t42", [1])
    stop = audit.stop
    assert stop is not None
    assert (stop.kind, stop.after_trick, stop.bidders, stop.captured) == (
        EndKind.SET, 4, Team.NS, 6)
    # 34 was out of reach: even if every seat helped NS, they end with 23.
    assert (stop.worst, stop.best, stop.perfect) == (6, 23, 6)


def test_made_stop_without_the_deal_knows_only_the_count_out() -> None:
    text = (SAMPLES / "early-end.t42").read_text(encoding="utf-8")
    lines = [s for s in text.splitlines() if not s.startswith(("deal ", "     "))]
    (audit,) = _audit("\n".join(lines) + "\n", [2])
    stop = audit.stop
    assert stop is not None
    assert (stop.kind, stop.captured, stop.perfect) == (EndKind.MADE, 34, None)
    assert (stop.worst, stop.best) == (34, 42)  # 5 count and 3 tricks still out


def test_perfect_value_and_turning_points_are_consistent() -> None:
    (audit,) = _sample("early-end.t42", [3])
    perfect = audit.perfect
    assert perfect is not None
    assert (perfect.bidders, perfect.bidders_points, perfect.makeable) == (Team.NS, 41, True)
    assert [(tp.trick, tp.seat, tp.tile, tp.before, tp.after) for tp in audit.turning_points] == [
        (1, Seat.S, Tile(4, 2), 41, 35),
        (2, Seat.E, Tile(3, 3), 35, 41),
    ]
    assert audit.turning_points[0].better == _t("6-6 6-0 4-0 3-1")
    assert audit.turning_points[1].better == _t("1-1")


def test_a_flip_names_the_play_and_the_plays_that_kept_it() -> None:
    (audit,) = _sample("renege.t42", [1])
    flips = [tp for tp in audit.turning_points if tp.flips]
    assert [(tp.trick, tp.seat, tp.tile) for tp in flips] == [(2, Seat.E, Tile(2, 1))]
    assert flips[0].message == (
        "the bid became certain to be made at trick 2 when E played 2-1; "
        "4-1, 3-1 or 1-1 kept the set possible"
    )
    # The renege itself is a finding with its evidence; analysis stops at the illegal play.
    (renege,) = audit.findings
    assert renege.evidence["could_follow"] == [Tile(5, 4), Tile(4, 2)]
    assert audit.notes == ("the perfect-play analysis stops at trick 3: W's 2-2 was not a "
                           "legal play",)


def test_all_tricks_bid_is_judged_by_tricks() -> None:
    (audit,) = _sample("full-game.t42", [6])  # N 2m in ones, every trick taken
    assert audit.perfect is not None
    assert audit.perfect.makeable
    assert audit.perfect.bidders_points == 42
    assert audit.turning_points == ()


@pytest.mark.parametrize("name", QUICK)
def test_json_validates_against_the_schema(name: str) -> None:
    result = runner.invoke(app, ["audit", str(SAMPLES / name), "--json"])
    assert result.exit_code in (0, 1)
    document = json.loads(result.stdout)
    Draft202012Validator.check_schema(SCHEMA)
    errors = list(Draft202012Validator(SCHEMA).iter_errors(document))
    assert errors == []
    assert document["hands"]


@pytest.mark.parametrize(
    ("name", "code"),
    [("early-end.t42", 0), ("laydown-refuted.t42", 1), ("renege.t42", 1),
     ("all-pass-reshake.t42", 0)],
)
def test_exit_codes(name: str, code: int) -> None:
    assert runner.invoke(app, ["audit", str(SAMPLES / name)]).exit_code == code


def test_unusable_input_exits_2(tmp_path: Path) -> None:
    assert runner.invoke(app, ["audit", str(tmp_path / "missing.t42")]).exit_code == 2
    sample = str(SAMPLES / "early-end.t42")
    result = runner.invoke(app, ["audit", sample, "--hand", "9"])
    assert result.exit_code == 2
    assert "no hand 9" in result.stderr
    assert runner.invoke(app, ["audit", sample, "--game", "2"]).exit_code == 2


def test_report_reads_like_a_referee() -> None:
    result = runner.invoke(app, ["audit", str(SAMPLES / "laydown-refuted.t42")])
    out = result.stdout
    assert "contract  S 30 in deuces" in out
    assert "error laydown-refuted: N's lay-down is refuted: NS loses trick 5 after " \
           "N 5-1 · E 5-3 · S 6-6 · W 5-5" in out
    assert "perfect play from the opening lead: bidders (NS) 41, defenders 1" in out
    assert "points  computed NS 41 EW 1  recorded NS 41 EW 1" in out


def test_record_text_is_shown_inert() -> None:
    text = (SAMPLES / "early-end.t42").read_text(encoding="utf-8")
    hostile = "[bold red]Mae[/]\x1b[2J\u202e"
    result = runner.invoke(app, ["audit", "-", "--hand", "3"],
                           input=text.replace("Mae", hostile))
    assert result.exit_code == 0
    assert "[bold red]Mae[/]\\x1b[2J\\u202e" in result.stdout
    assert "\x1b" not in result.stdout


def test_an_unjustified_stop_can_still_be_a_sure_thing() -> None:
    """The validator flags `end made` at 27 of 32; the audit adds that 32 was sure anyway."""
    (audit,) = _sample("early-end-unjustified.t42")
    assert [f.code for f in audit.findings] == ["ending-unjustified"]
    stop = audit.stop
    assert stop is not None
    assert (stop.captured, stop.worst, stop.best, stop.perfect) == (27, 35, 41, 41)
    assert stop.message.endswith("32 was sure to be made whatever was played")


@pytest.mark.parametrize("name", ["nello.t42", "sevens.t42", "plunge.t42", "splash.t42"])
def test_special_contracts_are_solved(name: str) -> None:
    if not (SAMPLES / name).exists():  # pragma: no cover - samples of the variants
        pytest.skip(f"{name} is not in samples/")
    for audit in _sample(name):
        assert audit.contract is not None
        assert audit.perfect is not None, audit.notes
        assert not any("does not play" in n for n in audit.notes)
        points = audit.perfect.bidders_points + audit.perfect.defenders_points
        assert points <= 42


def test_a_nello_is_judged_by_tricks_not_points() -> None:
    """docs/rules.md, Contracts, Nello: the declarer must lose every trick, so the perfect-play
    verdict speaks of tricks. In nello.t42 hand 1 the defenders can force N to take one (and
    did, in trick 2)."""
    out = runner.invoke(app, ["audit", str(SAMPLES / "nello.t42"), "--hand", "1"]).stdout
    assert ("perfect play from the opening lead: the defenders can force N to take a trick; "
            "the Nello is a set against best defence") in out
    assert "bidders (NS)" not in out
    (hand,) = _sample("nello.t42", [1])
    assert hand.perfect is not None
    assert not hand.perfect.makeable


def test_a_contract_of_every_trick_counts_no_points_once_decided() -> None:
    """docs/rules.md, Contracts: a Splash needs all seven tricks, so once N's 5-4 lead lets E win
    trick 1 the set is certain and later points change nothing: the audit names that play
    and no point costs after it."""
    out = runner.invoke(app, ["audit", str(SAMPLES / "splash.t42")]).stdout
    assert "‼ the set became certain at trick 1 when N played 5-4" in out
    assert "cost" not in out


def test_small_end_opening_is_judged_with_the_lead_as_the_validator_read_it() -> None:
    """docs/rules.md, Contracts, variant (004): under small-end-opening the first lead may be played
    as the suit of its small end. North's 6-5 (fours trump) is read as a five, so East may
    discard 0-0 though it holds sixes: best play follows the whole hand from that lead (the
    audit said the solver did not play the option, and judged nothing)."""
    text = (SAMPLES / "options.t42").read_text(encoding="utf-8")
    games = list(read_games(text))
    [read] = [r for r in games if r.game.tag("Options") == "small-end-opening=yes"]
    (hand,) = audit_game(read.game, read.rules, read.index)
    assert hand.perfect is not None
    assert hand.notes == ()
    report = check_game(read.game, read.rules).hands[0]
    assert report.tricks[0].suit == 5  # 6-5 led as a five
    followed = follow_play(read.game.hands[0], report, read.rules)
    assert not isinstance(followed, str)
    assert followed.stopped is None
    assert len(followed.steps) == 28


STOPPED_UNDER_SMALL_END = """[Rules "straight"]
[Options "small-end-opening=yes"]

hand 1 dealer W
deal N 6-6 6-5 6-4 6-3 6-2 6-1 5-5
     E 6-0 5-4 5-3 5-2 5-1 5-0 4-4
     S 4-3 4-2 4-1 4-0 3-3 3-2 3-1
     W 3-0 2-2 2-1 2-0 1-1 1-0 0-0
bid N 30 E pass S pass W pass
trump sixes
1 N 6-6 6-0 4-3 3-0
2 N 6-4 5-0 4-1 2-2
3 N 5-5 5-4 3-2 2-1
end made
points NS 38 EW 0
marks NS 1 EW 0
total NS 1 EW 0
"""


@pytest.mark.parametrize("option", ["small-end-opening=yes", "opening-lead=trump"])
def test_a_stop_and_the_play_before_it_are_judged_under_each_opening_option(option: str) -> None:
    """The solver plays both options (docs/rules.md, Contracts): the stop after trick 3 and best
    play from the opening lead are both judged (under small-end-opening neither was, and under
    opening-lead=trump best play from the opening lead was not)."""
    (hand,) = _audit(STOPPED_UNDER_SMALL_END.replace("small-end-opening=yes", option))
    assert hand.stop is not None
    assert hand.stop.perfect == 42
    assert hand.perfect is not None
    assert hand.notes == ()


def test_a_splash_without_its_tricks_is_judged_from_the_partners_lead() -> None:
    """docs/rules.md, Contracts: the partner leads a Splash, so best play starts with the
    partner's lead when the record holds no trick to say who led."""
    deal = """deal N 6-6 6-5 6-4 6-3 5-5 5-4 4-4
     E 6-2 6-1 6-0 3-3 2-2 1-1 0-0
     S 5-3 5-2 5-1 5-0 4-3 4-2 4-1
     W 4-0 3-2 3-1 3-0 2-1 2-0 1-0
"""
    record = '[Rules "texas"]\nhand 1 dealer W\n' + deal + "bid N 2m E pass S pass W pass\n"
    # Led by N, the declarer, sixes would sweep and blanks give NS 16: S leads instead.
    (sixes,) = _audit(record + "trump S splash sixes\n")
    assert sixes.perfect is not None
    assert (sixes.perfect.bidders_points, sixes.perfect.makeable) == (41, False)
    (blanks,) = _audit(record + "trump S splash blanks\n")
    assert blanks.perfect is not None
    assert blanks.perfect.bidders_points == 0


def _without_deal_lines(text: str) -> str:
    """``text`` with every deal line (and its continuation lines) left out."""
    kept: list[str] = []
    in_deal = False
    for line in text.splitlines(keepends=True):
        if line.startswith("deal "):
            in_deal = True
            continue
        if in_deal and line.startswith(" "):
            continue
        in_deal = False
        kept.append(line)
    return "".join(kept)


def test_a_hand_played_out_is_audited_without_its_deal_lines() -> None:
    # Every tile of a hand played to the end shows who held it: best play is as computable
    # as with the deal written (the par table already read the deal from the play; the
    # perfect-play value and the costly plays said the deal was not recorded in full).
    text = (SAMPLES / "full-game.t42").read_text(encoding="utf-8")
    dealt, undealt = _audit(text, [1])[0], _audit(_without_deal_lines(text), [1])[0]
    assert undealt.perfect is not None
    assert undealt.perfect == dealt.perfect
    assert undealt.turning_points == dealt.turning_points


@pytest.fixture
def judged(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The numbers of the hands whose lay-downs the solver judges, in order."""
    import notation.check.claims

    numbers: list[int] = []
    judge = notation.check.claims.judge_laydown

    def noted(*args: Any, **kwargs: Any) -> Any:
        numbers.append(args[0].number)
        return judge(*args, **kwargs)

    monkeypatch.setattr(notation.check.claims, "judge_laydown", noted)
    return numbers


@pytest.mark.parametrize(("command", "want"), [
    (["audit", "--hand", "1"], []),
    (["audit", "--hand", "3"], [3]),
    (["par", "--hand", "3"], []),  # a par table needs no verdict on a lay-down
    (["diagram", "--hand", "1"], []),
    (["diagram", "--hand", "3"], [3]),
    (["replay", "--print", "--hand", "2"], []),
    (["replay", "--print", "--hand", "3"], [3]),
])
def test_one_hand_asked_for_judges_only_its_own_lay_down(
    judged: list[int], command: list[str], want: list[int]
) -> None:
    """Issue 26: whatever --hand said, every lay-down of the game went to the solver first.
    early-end.t42 ends hand 3 in a lay-down; asking for another hand judges none."""
    result = runner.invoke(app, [*command, str(SAMPLES / "early-end.t42")])
    assert result.exit_code == 0, result.output
    assert judged == want
    # The whole game's commands still judge every lay-down.
    runner.invoke(app, ["validate", str(SAMPLES / "early-end.t42")])
    assert judged == [*want, 3]
