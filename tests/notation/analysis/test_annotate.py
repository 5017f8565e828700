"""notation.analysis.annotate: the review's and the audit's verdicts written into the record,
the glyph's thresholds, the machine's own annotations told from the record's, and a second
run giving the same record."""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from pathlib import Path

import pytest

from notation.analysis.annotate import (
    BLUNDER_CHANCE,
    BLUNDER_MARKS,
    BLUNDER_POINTS,
    Until,
    annotate_game,
    audit_glyph,
    glyph_for,
    strip_machine,
)
from notation.analysis.audit import HandAudit, audit_game
from notation.analysis.play_review import PlayReview
from notation.analysis.review import HandReview, review_game
from notation.analysis.verdicts import Estimate, Unit, Verdict, VerdictKind
from notation.check.position import Position
from notation.check.validate import check_game
from notation.formats.text import dumps, loads
from notation.model.game import Comment, Game, Glyph, Play
from notation.model.tiles import Tile

SAMPLES = Path(__file__).parents[3] / "samples"
MISTAKE, CLOSE, BEST = VerdictKind.MISTAKE, VerdictKind.CLOSE, VerdictKind.BEST


def _game(name: str) -> Game:
    return loads((SAMPLES / name).read_text(encoding="utf-8"))[0]


@cache
def _audits(name: str) -> tuple[HandAudit, ...]:
    return audit_game(_game(name))


@cache
def _reviews(name: str) -> tuple[HandReview, ...]:
    return review_game(_game(name), samples=2, seed=1)


def _findings(game: Game) -> list[tuple[str, int | None, str]]:
    return [(f.code, f.hand, f.message) for f in check_game(game).findings]


# -- the glyph: one test a band --


def test_a_play_costing_the_blunder_points_or_more_is_a_blunder() -> None:
    assert glyph_for(MISTAKE, BLUNDER_POINTS, Unit.POINTS) is Glyph.BLUNDER
    assert glyph_for(MISTAKE, BLUNDER_POINTS - 0.1, Unit.POINTS) is Glyph.MISTAKE


def test_a_play_lowering_the_chance_by_a_quarter_is_a_blunder_whatever_its_points() -> None:
    assert glyph_for(MISTAKE, 1.0, Unit.POINTS, chance_lost=BLUNDER_CHANCE) is Glyph.BLUNDER
    assert glyph_for(MISTAKE, 1.0, Unit.POINTS, chance_lost=BLUNDER_CHANCE - 1) is Glyph.MISTAKE
    # in a contract of all or nothing the cost is the chance itself
    assert glyph_for(MISTAKE, BLUNDER_CHANCE, Unit.CHANCE) is Glyph.BLUNDER
    assert glyph_for(MISTAKE, BLUNDER_CHANCE - 1, Unit.CHANCE) is Glyph.MISTAKE


def test_a_call_costing_half_a_mark_is_a_blunder() -> None:
    assert glyph_for(MISTAKE, BLUNDER_MARKS, Unit.MARKS) is Glyph.BLUNDER
    assert glyph_for(MISTAKE, BLUNDER_MARKS - 0.1, Unit.MARKS) is Glyph.MISTAKE


def test_too_close_to_call_is_interesting() -> None:
    assert glyph_for(CLOSE, 0.0, Unit.POINTS) is Glyph.INTERESTING
    assert glyph_for(CLOSE, 3.0, Unit.MARKS) is Glyph.INTERESTING


def test_the_only_play_keeping_the_contract_is_good_and_another_best_play_has_none() -> None:
    assert glyph_for(BEST, 0.0, Unit.POINTS, ahead_of_rest=BLUNDER_CHANCE) is Glyph.GOOD
    assert glyph_for(BEST, 0.0, Unit.POINTS, ahead_of_rest=BLUNDER_CHANCE - 1) is None
    assert glyph_for(BEST, 0.0, Unit.POINTS) is None


def test_the_audit_marks_a_flip_as_a_blunder_and_lost_points_as_a_mistake() -> None:
    [audit] = _audits("laydown-refuted.t42")
    turning = audit.turning_points[0]
    assert not turning.flips
    assert turning.cost == 6
    assert audit_glyph(turning) is Glyph.MISTAKE
    assert audit_glyph(replace(turning, makeable_after=not turning.makeable_before)) \
        is Glyph.BLUNDER
    assert audit_glyph(replace(turning, cost=0)) is None


# -- a review's verdicts set by hand on a real review's plays, so that each band is written
# as it says --


def _judged(play: PlayReview, verdict: Verdict, mine: float, others: float,
            best_other: bool = True) -> PlayReview:
    """``play`` with ``verdict``, its option's chance of making the contract ``mine``, every
    other option's ``others``, and the best another option (or itself)."""
    options = tuple(replace(o, made=Estimate(mine if o.option == str(play.tile) else others,
                                             0.1)) for o in play.options)
    other = next(o.option for o in play.options if o.option != str(play.tile))
    return replace(play, verdict=verdict, options=options,
                   best=other if best_other else str(play.tile))


def test_each_band_is_written_with_its_figures() -> None:
    game = _game("full-game.t42")
    [review] = review_game(game, hands=[1], samples=2, seed=1, bids=False)
    assert review.contract is not None
    declarers = review.contract.declarer.team
    bidder = next(p for p in review.plays if p.seat.team is declarers)
    defender = next(p for p in review.plays if p.seat.team is not declarers
                    and p.trick != bidder.trick)
    close = next(p for p in review.plays if p not in (bidder, defender)
                 and p.trick not in (bidder.trick, defender.trick))
    plays = (
        _judged(bidder, Verdict(MISTAKE, 3.04, 1.06, Unit.POINTS), 0.5, 0.75),
        _judged(defender, Verdict(BEST, 0.0, 0.0, Unit.POINTS), 0.0, 1.0, best_other=False),
        _judged(close, Verdict(CLOSE, 0.4, 0.6, Unit.POINTS), 0.5, 0.5, best_other=False),
    )
    done = annotate_game(game, [replace(review, plays=plays)]).game
    main = [p for t in done.hands[0].tricks for p in t.plays]
    by_tile = {p.tile: p for p in main}
    first = by_tile[bidder.tile]
    assert first.glyph is Glyph.BLUNDER
    assert [c.text for c in first.after] == [
        f"t42 review: ?? costs 3.0 ± 1.1 points over 2 worlds; the chance to make falls "
        f"from 75% to 50%; best {plays[0].best}"]
    assert [str(v.plays[0].tile) for v in first.variations] == [plays[0].best]
    only = by_tile[defender.tile]
    assert only.glyph is Glyph.GOOD
    assert [c.text for c in only.after] == [
        "t42 review: ! the only play that keeps the set: 100% to set over 2 worlds, no "
        "other above 0%"]
    assert only.variations == ()
    even = by_tile[close.tile]
    assert even.glyph is Glyph.INTERESTING
    assert [c.text for c in even.after] == ["t42 review: !? too close to call over 2 worlds"]
    assert even.variations == ()
    # a mistake short of a blunder, and a best play that is one of several: ? and nothing
    small = _judged(bidder, Verdict(MISTAKE, 3.0, 0.0, Unit.POINTS), 0.5, 0.5)
    plain = _judged(close, Verdict(BEST, 0.0, 0.0, Unit.POINTS), 0.5, 0.5, best_other=False)
    done = annotate_game(game, [replace(review, plays=(small, plain))]).game
    by_tile = {p.tile: p for t in done.hands[0].tricks for p in t.plays}
    assert by_tile[bidder.tile].glyph is Glyph.MISTAKE
    assert [c.text for c in by_tile[bidder.tile].after] == [
        f"t42 review: ? costs 3.0 points in each of 2 worlds; best {small.best}"]
    assert by_tile[close.tile] == next(p for t in game.hands[0].tricks for p in t.plays
                                       if p.tile == close.tile)


def test_a_call_is_annotated_by_its_cost_in_marks() -> None:
    game = _game("renege.t42")
    [review] = [r for r in _reviews("renege.t42") if r.hand == 1]
    assert review.bid is not None
    assert review.bid.verdict.kind is MISTAKE  # S's 31: set in every world dealt
    done = annotate_game(game, [replace(review, plays=())]).game
    auction = done.hands[0].auction
    assert auction is not None
    call = auction.calls[1]
    assert (str(call.seat), str(call.bid)) == ("S", "31")
    assert call.glyph is Glyph.BLUNDER
    assert [c.text for c in call.after] == [
        "t42 review: ?? costs 1.0 marks in each of 2 worlds; best pass"]


def test_the_audit_marks_the_only_play_that_kept_the_outcome() -> None:
    # Hand 3 of full-game.t42: N's 1m in ones; at trick 6 N holds 6-2 and 5-3, and the 5-3
    # led would lose to E's 5-5: the 6-2 alone keeps the bid.
    game = _game("full-game.t42")
    done = annotate_game(game, [a for a in audit_game(game) if a.hand == 3]).game
    trick = done.hands[2].tricks[5]
    lead = trick.plays[0]
    assert (str(trick.leader), str(lead.tile), lead.glyph) == ("N", "6-2", Glyph.GOOD)
    assert [c.text for c in lead.after] == [
        "t42 audit: ! the only play that keeps the bid makeable, every tile seen"]
    assert lead.variations == ()
    marked = [(t.number, str(p.tile)) for t in done.hands[2].tricks for p in t.plays
              if p.glyph is not None]
    assert marked == [(6, "6-2")]
    # the other hands are not judged, and not touched
    assert done.hands[:2] == game.hands[:2]
    assert done.hands[3:] == game.hands[3:]


def test_the_best_play_is_a_legal_variation_to_the_end_of_the_trick_or_of_the_hand() -> None:
    game = _game("laydown-refuted.t42")
    audits = _audits("laydown-refuted.t42")
    cases: tuple[tuple[Until, int], ...] = (("trick", 0), ("hand", 6))
    for until, tricks in cases:
        done = annotate_game(game, audits, until=until).game
        lead = done.hands[0].tricks[0].plays[0]
        [variation] = lead.variations
        assert variation.comments == (Comment("t42 audit: best play", braced=True),)
        assert variation.plays[0].tile == audits[0].turning_points[0].better[0]
        assert len(variation.plays) == 4  # the rest of the trick from the lead
        assert len(variation.tricks) == tricks
        assert bool(variation.scores) is (until == "hand")
        # every play of it legal: the validator finds nothing new in it
        assert _findings(done) == _findings(game)
        position = Position.of_hand(game.hands[0], game.rules, step=5)  # 4 calls, trump
        for play in variation.plays:
            assert play.tile in position.legal_plays()
            position.push(play.tile)


# -- twice the same, and the record's own kept --


@pytest.mark.parametrize("name", ["annotated.t42", "renege.t42"])
def test_the_review_annotating_its_own_output_gives_the_same_record(name: str) -> None:
    game = _game(name)
    once = dumps(annotate_game(game, _reviews(name)).game)
    again_game = loads(once)[0]
    again = dumps(annotate_game(again_game, review_game(again_game, samples=2, seed=1)).game)
    assert again == once
    assert "t42 review:" in once
    # annotated, the record validates as it did: no finding beyond the original's
    assert _findings(loads(once)[0]) == _findings(game)


def test_the_audit_annotating_its_own_output_gives_the_same_record() -> None:
    game = _game("full-game.t42")
    once = dumps(annotate_game(game, audit_game(game), until="hand").game)
    again_game = loads(once)[0]
    assert dumps(annotate_game(again_game, audit_game(again_game), until="hand").game) == once
    assert once.count("t42 audit: best play") >= 1
    assert _findings(loads(once)[0]) == []


def test_the_records_own_glyph_comments_and_variations_are_kept_and_said() -> None:
    game = _game("annotated.t42")
    own = game.hands[0].tricks[3].plays[3]  # 5-5?? { ten points to the bidders } (…)
    assert own.glyph is Glyph.BLUNDER
    review = next(iter(_reviews("annotated.t42")))
    mistake = next(p for p in review.plays if p.tile == own.tile)
    # the machine says ? where the record says ??
    review = replace(review, plays=(replace(mistake, verdict=Verdict(
        MISTAKE, 2.0, 0.5, Unit.POINTS), options=tuple(
            replace(o, made=Estimate(0.0, 0.0)) for o in mistake.options)),), bid=None)
    done = annotate_game(game, [review])
    play = done.game.hands[0].tricks[3].plays[3]
    assert play.glyph is Glyph.BLUNDER
    assert play.after[0] == own.after[0]
    assert play.after[1].text.endswith("; the record's own ?? kept")
    assert play.after[1].text.startswith("t42 review: ? costs 2.0 ± 0.5 points")
    assert play.variations[0] == own.variations[0]
    assert len(play.variations) == 2
    assert done.notices == (
        "kept the record's own glyph on hand 1, trick 4, the 5-5: ?? where t42 review "
        "says ?",)
    # a second run still knows the ?? as the record's own
    again = annotate_game(done.game, [review])
    assert again.game == done.game
    assert again.notices == done.notices
    # and with replace_glyphs the machine's glyph goes in its place, said in its comment
    replaced = annotate_game(game, [review], replace_glyphs=True)
    play = replaced.game.hands[0].tricks[3].plays[3]
    assert play.glyph is Glyph.MISTAKE
    assert play.after[1].text.startswith("t42 review: ? costs")
    assert "kept" not in play.after[1].text
    assert replaced.notices == ()
    # the record's comment and variation are still there
    assert play.after[0] == own.after[0]
    assert play.variations[0] == own.variations[0]


def test_a_glyph_changed_by_hand_after_a_run_is_the_records_own() -> None:
    game = _game("laydown-refuted.t42")
    audits = _audits("laydown-refuted.t42")
    done = annotate_game(game, audits).game
    lead = done.hands[0].tricks[0].plays[0]
    assert lead.glyph is Glyph.MISTAKE
    edited = replace(done, hands=(replace(done.hands[0], tricks=(
        replace(done.hands[0].tricks[0], plays=(
            replace(lead, glyph=Glyph.DUBIOUS), *done.hands[0].tricks[0].plays[1:])),
        *done.hands[0].tricks[1:])),))
    again = annotate_game(edited, audits)
    lead = again.game.hands[0].tricks[0].plays[0]
    assert lead.glyph is Glyph.DUBIOUS
    assert lead.after[-1].text.endswith("; the record's own ?! kept")
    assert len(again.notices) == 1


def test_stripping_takes_only_the_machines_own() -> None:
    game = _game("laydown-refuted.t42")
    done = annotate_game(game, _audits("laydown-refuted.t42")).game
    assert strip_machine(done) == game
    # the review's strip leaves the audit's annotations
    assert strip_machine(done, ("t42 review:",)) == done


def test_a_machine_comment_after_the_last_play_of_a_trick_is_still_the_machines() -> None:
    # Read back, a comment after a trick's last play (no variation after it) is the trick's
    # (docs/notation.md, Comments): the strip finds it there.
    text = ('[Event "x"]\nhand 1 dealer N\ntrump S sixes\n'
            "1 S 6-6 6-1 6-5 6-3? { t42 audit: ? costs EW 2 points } ; own\n")
    game = loads(text)[0]
    trick = game.hands[0].tricks[0]
    assert trick.after[0].text.startswith("t42 audit:")
    stripped = strip_machine(game)
    assert stripped.hands[0].tricks[0].plays[3].glyph is None
    assert dumps(stripped).splitlines()[-1] == "1 S 6-6 6-1 6-5 6-3 ; own"


def test_a_comment_written_like_the_machines_is_taken_for_the_machines() -> None:
    # The rule, as documented: a comment starting "t42 review:" is the review's.
    game = loads('[Event "x"]\nhand 1 dealer N\ntrump S sixes\n'
                 "1 S 6-6 { t42 review: ! mine } 6-1\n")[0]
    assert strip_machine(game).hands[0].tricks[0].plays[0] == Play(Tile(6, 6))
