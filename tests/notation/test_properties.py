"""Properties of random legal games (made by notation.dealing) under random table options.

Hypothesis draws an integer seed and the table's options; the game is a pure function of
them, so a failure shrinks to a small seed and prints it. Together the tests below check some
thousands of random legal hands per run (each game has about ten), in a few seconds each;
``T42_PROPERTY_SCALE=10`` runs ten times as many.
"""

from __future__ import annotations

import os
import random
from collections import Counter
from dataclasses import replace

from hypothesis import given, note, settings
from hypothesis import strategies as st

from notation.dealing import random_game
from notation.game import Game, Hand, Play, ScoreKind, ScoreLine, Trick
from notation.play import follows, led_suit
from notation.rules import RuleSet
from notation.seats import Seat, Team
from notation.text import dumps, loads
from notation.tiles import ALL_TILES
from notation.validate import check_game

SCALE = max(1, int(os.environ.get("T42_PROPERTY_SCALE", "1")))

seeds = st.integers(min_value=0, max_value=2**32 - 1)
tables = st.fixed_dictionaries(
    {
        "all-pass": st.sampled_from(["forced-bid", "reshake"]),
        "follow-me-doubles": st.sampled_from(["high", "low", "own-suit"]),
        "renege-penalty": st.sampled_from(["lose-hand", "none"]),
        "win-by": st.sampled_from(["1", "2"]),
    }
).map(RuleSet().with_options)


def game_of(rules: RuleSet, seed: int) -> Game:
    """The random legal game of a seed at a table (drawn as such, so failures print small)."""
    game = random_game(random.Random(seed), rules)
    note(f"{len(game.hands)} hands")
    return game


def played(hand: Hand) -> list[tuple[Seat, Play]]:
    return [(seat, play) for t in hand.tricks for seat, play in zip(t.seats(), t.plays,
                                                                     strict=True)]


@settings(max_examples=300 * SCALE)
@given(tables, seeds)
def test_every_hand_is_worth_42_and_every_tile_is_played_once(
    rules: RuleSet, seed: int
) -> None:
    """RULES.md, Equipment: a hand is worth 42 in total — an invariant every scored hand must
    satisfy; each seat holds 7 tiles and plays each once."""
    game = game_of(rules, seed)
    for hand in game.hands:
        points = hand.score(ScoreKind.POINTS)
        if points is None:  # thrown in after four passes
            assert hand.tricks == ()
            continue
        assert points.ns + points.ew == 42
        assert len(hand.tricks) == 7
        plays = played(hand)
        assert Counter(p.tile for _, p in plays) == Counter(ALL_TILES)
        for holding in hand.deal:
            assert sorted(p.tile for s, p in plays if s is holding.seat) == sorted(holding.tiles)


@settings(max_examples=300 * SCALE)
@given(tables, seeds)
def test_a_legal_random_game_has_no_findings(rules: RuleSet, seed: int) -> None:
    """A clean hand is never flagged: check_game finds nothing at all in a legal game, and its
    running marks and winner agree with the record."""
    game = game_of(rules, seed)
    report = check_game(game)
    assert report.findings == ()
    last = game.hands[-1].score(ScoreKind.TOTAL)
    assert last is not None
    assert report.marks == {Team.NS: last.ns, Team.EW: last.ew}
    assert report.winner is not None
    assert max(last.ns, last.ew) >= game.rules.marks_to_win


@settings(max_examples=150 * SCALE)
@given(tables, seeds)
def test_text_round_trip(rules: RuleSet, seed: int) -> None:
    """loads(dumps(game)) == [game], and dumps is idempotent."""
    game = game_of(rules, seed)
    text = dumps(game)
    back = loads(text)
    assert back == [game]
    assert dumps(back[0]) == text


def _renege_swaps(game: Game) -> list[tuple[int, int, int, int]]:
    """Every (hand, trick k, play i, later trick j) where the seat of play i followed suit in
    trick k and, in trick j, plays a tile that does not follow trick k's suit."""
    swaps = []
    for h, hand in enumerate(game.hands):
        if hand.trump is None:
            continue
        trump = hand.trump.trump
        for k, trick in enumerate(hand.tricks):
            suit = led_suit(trick.plays[0].tile, trump)
            for i, seat in enumerate(trick.seats()):
                if i == 0 or not follows(trick.plays[i].tile, suit, trump):
                    continue
                for j in range(k + 1, len(hand.tricks)):
                    later = hand.tricks[j]
                    tile = later.plays[later.seats().index(seat)].tile
                    if not follows(tile, suit, trump):
                        swaps.append((h, k, i, j))
    return swaps


def _swap(game: Game, h: int, k: int, i: int, j: int) -> tuple[Game, Seat]:
    hand = game.hands[h]
    tricks = list(hand.tricks)
    seat = tricks[k].seats()[i]
    m = tricks[j].seats().index(seat)
    first, second = tricks[k].plays[i], tricks[j].plays[m]
    tricks[k] = _with_play(tricks[k], i, second)
    tricks[j] = _with_play(tricks[j], m, first)
    hands = list(game.hands)
    hands[h] = replace(hand, tricks=tuple(tricks))
    return replace(game, hands=tuple(hands)), seat


def _with_play(trick: Trick, i: int, play: Play) -> Trick:
    plays = list(trick.plays)
    plays[i] = play
    return replace(trick, plays=tuple(plays))


@settings(max_examples=150 * SCALE)
@given(tables, seeds, seeds, st.booleans())
def test_an_injected_renege_is_always_reported(
    rules: RuleSet, seed: int, pick: int, keep_deal: bool
) -> None:
    """RULES.md, Reneges: a seat that followed suit while holding a tile it plays later that
    does not follow is made to play that tile first: a renege, reported at that trick and
    seat, proven from the deal or (deal removed) from the later play."""
    game = game_of(rules, seed)
    swaps = _renege_swaps(game)
    if not swaps:  # pragma: no cover - a game without one is very rare
        return
    h, k, i, j = random.Random(pick).choice(swaps)
    bad, seat = _swap(game, h, k, i, j)
    if not keep_deal:
        bad = replace(bad, hands=tuple(replace(x, deal=()) for x in bad.hands))
    hand = bad.hands[h].number
    reneges = [
        (f.hand, f.trick, f.seat) for f in check_game(bad).findings if f.code == "renege"
    ]
    assert (hand, k + 1, seat) in reneges


@settings(max_examples=150 * SCALE)
@given(tables, seeds, seeds, st.sampled_from(list(ScoreKind)))
def test_an_injected_misscore_is_always_reported(
    rules: RuleSet, seed: int, pick: int, kind: ScoreKind
) -> None:
    """RULES.md, Scoring: a points, marks or running-total line changed from what the engine
    scores is reported as misscored-points, misscored-marks or misscored-total, at its line."""
    game = game_of(rules, seed)
    rng = random.Random(pick)
    candidates = [h for h, hand in enumerate(game.hands) if hand.score(kind) is not None]
    h = rng.choice(candidates)
    hand = game.hands[h]
    delta = rng.choice([1, 2])
    scores = tuple(
        ScoreLine(s.kind, s.ns + delta, s.ew) if s.kind is kind else s for s in hand.scores
    )
    hands = list(game.hands)
    hands[h] = replace(hand, scores=scores)
    text = dumps(replace(game, hands=tuple(hands)))
    code = f"misscored-{kind.value}"
    found = [f for f in check_game(loads(text)[0]).findings if f.code == code]
    assert [f.hand for f in found][:1] == [hand.number]
    line = found[0].line
    assert line is not None
    assert text.splitlines()[line - 1].startswith(kind.value)
