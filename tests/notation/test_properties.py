"""Properties of random legal games (made by notation.rules.dealing) under random table options.

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

from notation.check.validate import check_game
from notation.formats.text import dumps, loads
from notation.model.bids import Bid
from notation.model.contracts import DoublesRank, Special, Trump, TrumpKind
from notation.model.game import Ending, EndKind, Game, Hand, Play, ScoreKind, ScoreLine, Trick
from notation.model.rule_sets import RULE_SETS, RuleSet, rule_set
from notation.model.seats import SEATS, Seat, Team
from notation.model.tiles import ALL_TILES
from notation.rules.dealing import random_game
from notation.rules.play import follows, led_suit, sevens_distance

SCALE = max(1, int(os.environ.get("T42_PROPERTY_SCALE", "1")))

seeds = st.integers(min_value=0, max_value=2**32 - 1)
tables = st.builds(
    lambda name, options, forced: rule_set(name).with_options(
        {**options, **({"nello": "forced", "sevens": "forced"} if forced else {})}
    ),
    st.sampled_from(list(RULE_SETS)),
    st.fixed_dictionaries(
        {
            "all-pass": st.sampled_from(["forced-bid", "reshake"]),
            "follow-me-doubles": st.sampled_from(["high", "low", "own-suit"]),
            "renege-penalty": st.sampled_from(["lose-hand", "none"]),
            "win-by": st.sampled_from(["1", "2"]),
            "nello-doubles": st.sampled_from(["own-suit", "high", "low", "own-suit-inverted"]),
            "nello-doubles-choice": st.sampled_from(["any", "table", "low/own-suit", "high"]),
            "plunge-lead": st.sampled_from(["declarer", "partner"]),
            "opening-lead": st.sampled_from(["any", "trump"]),
            "follow-me-min": st.sampled_from(["any", "1m"]),
            "first-bidder": st.sampled_from(["left-of-dealer", "holder-of-0-1"]),
            "bid-out-of-turn": st.sampled_from(["error", "warning", "reshake"]),
            "trump-from-first-lead": st.sampled_from(["no", "yes"]),
            "nello-min": st.sampled_from(["1m", "2m", "30"]),
            "plunge-bid": st.sampled_from(["by-lead", "4m", "3m", "2m"]),
            "splash-bid": st.sampled_from(["2m", "2m-or-3m", "3m"]),
            "partner-names": st.sampled_from(["plain", "trump", "any"]),
        }
    ),
    st.booleans(),  # Nello and Sevens only by a dealer forced to bid (004)
)


def sitting_out(hand: Hand) -> Seat | None:
    """The Nello declarer's partner, who plays no tile."""
    call = hand.auction.winning_call if hand.auction is not None else None
    special = hand.trump.trump.special if hand.trump is not None else None
    if call is not None and special is not None and special.is_nello:
        return call.seat.partner
    return None


def game_of(rules: RuleSet, seed: int) -> Game:
    """The random legal game of a seed at a table (drawn as such, so failures print small)."""
    game = random_game(random.Random(seed), rules)
    note(f"{len(game.hands)} hands")
    return game


def played(hand: Hand) -> list[tuple[Seat, Play]]:
    out = sitting_out(hand)
    return [(seat, play) for t in hand.tricks for seat, play in zip(t.seats(out), t.plays,
                                                                     strict=True)]


@settings(max_examples=300 * SCALE)
@given(tables, seeds)
def test_every_hand_is_worth_42_and_every_tile_is_played_once(
    rules: RuleSet, seed: int
) -> None:
    """docs/rules.md, Equipment: a hand is worth 42 in total — an invariant every scored hand must
    satisfy; each seat holds 7 tiles and plays each once."""
    game = game_of(rules, seed)
    for hand in game.hands:
        points = hand.score(ScoreKind.POINTS)
        if points is None:  # thrown in after four passes
            assert hand.tricks == ()
            continue
        assert len(hand.tricks) == 7
        plays = played(hand)
        out = sitting_out(hand)
        if out is None:  # all four seats play: the hand is worth 42
            assert points.ns + points.ew == 42
            assert Counter(p.tile for _, p in plays) == Counter(ALL_TILES)
        else:  # Nello: the partner sits out and never plays
            assert all(len(t.plays) == 3 for t in hand.tricks)
            assert out not in {s for s, _ in plays}
            partner = hand.holding(out)
            assert partner is not None
            assert not set(partner.tiles) & {p.tile for _, p in plays}
        for holding in hand.deal:
            if holding.seat is not out:
                assert sorted(p.tile for s, p in plays if s is holding.seat) == sorted(
                    holding.tiles
                )


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
        if trump.special is Special.SEVENS:  # no suits to follow in Sevens
            continue
        out = sitting_out(hand)
        for k, trick in enumerate(hand.tricks):
            suit = led_suit(trick.plays[0].tile, trump)
            for i, seat in enumerate(trick.seats(out)):
                if i == 0 or not follows(trick.plays[i].tile, suit, trump):
                    continue
                for j in range(k + 1, len(hand.tricks)):
                    later = hand.tricks[j]
                    tile = later.plays[later.seats(out).index(seat)].tile
                    if not follows(tile, suit, trump):
                        swaps.append((h, k, i, j))
    return swaps


def _swap(game: Game, h: int, k: int, i: int, j: int) -> tuple[Game, Seat]:
    hand = game.hands[h]
    tricks = list(hand.tricks)
    out = sitting_out(hand)
    seat = tricks[k].seats(out)[i]
    m = tricks[j].seats(out).index(seat)
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
    """docs/rules.md, Reneges: a seat that followed suit while holding a tile it plays later that
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
    """docs/rules.md, Scoring: a points, marks or running-total line changed from what the engine
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


def _sevens_swaps(game: Game) -> list[tuple[int, int, int, int]]:
    """Every (hand, trick k, play i, later trick j) of a Sevens hand where the seat of play i
    plays a tile farther from 7 in trick j: swapping them breaks the Sevens rule at trick k."""
    swaps = []
    for h, hand in enumerate(game.hands):
        if hand.trump is None or hand.trump.trump.special is not Special.SEVENS:
            continue
        for k, trick in enumerate(hand.tricks):
            for i, seat in enumerate(trick.seats()):
                for j in range(k + 1, len(hand.tricks)):
                    later = hand.tricks[j]
                    m = later.seats().index(seat)
                    if sevens_distance(later.plays[m].tile) > sevens_distance(
                        trick.plays[i].tile
                    ):
                        swaps.append((h, k, i, j))
    return swaps


sevens_tables = st.sampled_from(["any", "trump"]).map(
    lambda lead: rule_set("texas").with_options({"opening-lead": lead})
)


@settings(max_examples=100 * SCALE)
@given(sevens_tables, seeds, seeds, st.booleans())
def test_an_injected_sevens_play_is_always_reported(
    rules: RuleSet, seed: int, pick: int, keep_deal: bool
) -> None:
    """docs/rules.md, Contracts, Sevens: a seat made to play a tile farther from 7 than one it
    plays later is reported at that trick and seat, from the deal or from the later play."""
    game = game_of(rules, seed)
    swaps = _sevens_swaps(game)
    if not swaps:
        return
    h, k, i, j = random.Random(pick).choice(swaps)
    bad, seat = _swap(game, h, k, i, j)
    if not keep_deal:
        bad = replace(bad, hands=tuple(replace(x, deal=()) for x in bad.hands))
    found = [
        (f.hand, f.trick, f.seat)
        for f in check_game(bad).findings
        if f.code == "sevens-not-closest"
    ]
    assert (bad.hands[h].number, k + 1, seat) in found


# -- the quick checks of a clean deal and clean play agree with the thorough pass --

TRUMPS = [
    Trump.pip(5),
    Trump.pip(0),
    Trump.doubles_trump(),
    Trump.follow_me(),
    Trump.follow_me(DoublesRank.LOW),
    Trump.follow_me(DoublesRank.OWN_SUIT),
    *(Trump(TrumpKind.FOLLOW_ME, None, d, Special.NELLO) for d in DoublesRank),
    Trump(TrumpKind.FOLLOW_ME, None, DoublesRank.HIGH, Special.SEVENS),
    Trump(TrumpKind.PIP, 6, DoublesRank.HIGH, Special.PLUNGE),
    Trump(TrumpKind.DOUBLES, None, DoublesRank.HIGH, Special.SPLASH),
    Trump(TrumpKind.FOLLOW_ME, None, DoublesRank.OWN_SUIT, Special.LOW_NO),
]
BIDS = [Bid.pass_(), Bid.points(29), Bid.points(30), Bid.points(35), Bid.points(41),
        Bid.points(42), Bid.points(84), Bid.marks(1), Bid.marks(2), Bid.marks(4), Bid.marks(5)]


def _faulty(rng: random.Random, hand: Hand) -> Hand:
    """``hand`` with one fault a scorekeeper might write: a renege, a tile played twice or not
    held, a play or tile missing, a deal line lost, a bad bid, another trump, a trick out of
    place, play stopped early, or a wrong score."""
    tricks = list(hand.tricks)
    fault = rng.randrange(14)
    if fault <= 2 and len(tricks) > 1:  # one seat's plays swapped: a renege, or a lead
        _swap_plays(rng, hand, tricks, lead=fault == 2)
    elif fault == 3 and tricks:  # any tile written for a play
        k = rng.randrange(len(tricks))
        i = rng.randrange(len(tricks[k].plays))
        tricks[k] = _with_play(tricks[k], i, Play(rng.choice(ALL_TILES)))
    elif fault == 4 and tricks:  # a play left out
        k = rng.randrange(len(tricks))
        plays = list(tricks[k].plays)
        if len(plays) > 1:
            del plays[rng.randrange(len(plays))]
            tricks[k] = replace(tricks[k], plays=tuple(plays))
    elif fault == 5 and hand.deal:  # a deal line changed, lost or written twice
        deal = list(hand.deal)
        h = rng.randrange(len(deal))
        tiles = list(deal[h].tiles)
        how = rng.randrange(4)
        if how == 0:
            tiles[rng.randrange(len(tiles))] = rng.choice(ALL_TILES)
        elif how == 1:
            del tiles[rng.randrange(len(tiles))]
        deal[h] = replace(deal[h], tiles=tuple(tiles))
        if how == 2:
            del deal[h]
        elif how == 3:
            deal.append(deal[h] if rng.random() < 0.5 else replace(deal[h], tiles=()))
        hand = replace(hand, deal=tuple(deal) if rng.random() < 0.9 else ())
    elif fault == 6 and hand.auction is not None:  # a bid or a bidder changed
        calls = list(hand.auction.calls)
        c = rng.randrange(len(calls))
        calls[c] = replace(calls[c], bid=rng.choice(BIDS), seat=rng.choice(
            [calls[c].seat, rng.choice(SEATS)]))
        hand = replace(hand, auction=replace(hand.auction, calls=tuple(calls)))
    elif fault == 7 and hand.trump is not None:  # another trump, or another seat naming it
        hand = replace(hand, trump=replace(hand.trump, trump=rng.choice(TRUMPS),
                                           seat=rng.choice([hand.trump.seat, *SEATS])))
    elif fault == 8 and tricks:  # a trick renumbered or led by another seat
        k = rng.randrange(len(tricks))
        tricks[k] = replace(tricks[k], number=rng.randrange(1, 9), leader=rng.choice(SEATS))
    elif fault == 9 and tricks:  # play stopped early, with or without an end line
        del tricks[rng.randrange(len(tricks)):]
        kind = rng.choice([None, *EndKind])
        if kind is not None:
            hand = replace(hand, ending=_ending(rng, kind))
    elif fault == 10 and len(tricks) > 1:  # two tricks swapped, or one written twice
        k, j = rng.sample(range(len(tricks)), 2)
        if rng.random() < 0.5:
            tricks[k], tricks[j] = tricks[j], tricks[k]
        else:
            tricks.append(tricks[k])
    elif fault == 11 and hand.scores:  # a score line changed
        scores = list(hand.scores)
        s = rng.randrange(len(scores))
        scores[s] = replace(scores[s], ns=abs(scores[s].ns + rng.choice([-1, 1, 2])))
        hand = replace(hand, scores=tuple(scores))
    elif fault == 12:  # the trump line or the auction lost
        hand = replace(hand, trump=None) if rng.random() < 0.5 else replace(hand, auction=None)
    elif fault == 13 and tricks:  # an early end line after seven tricks, or a lay-down
        hand = replace(hand, ending=_ending(rng, rng.choice(list(EndKind))))
    return replace(hand, tricks=tuple(tricks))


def _swap_plays(rng: random.Random, hand: Hand, tricks: list[Trick], *, lead: bool) -> None:
    """Swap what one seat plays in two tricks (of ``tricks``, the hand's, in place); with
    ``lead``, the opening lead and a later play of the same seat."""
    out = sitting_out(hand)
    k, j = sorted(rng.sample(range(len(tricks)), 2))
    seat = rng.choice(tricks[k].seats(out))
    if lead:
        k, seat = 0, tricks[0].leader
    if seat in tricks[j].seats(out):
        i, m = tricks[k].seats(out).index(seat), tricks[j].seats(out).index(seat)
        first, second = tricks[k].plays[i], tricks[j].plays[m]
        tricks[k], tricks[j] = _with_play(tricks[k], i, second), _with_play(tricks[j], m, first)


def _ending(rng: random.Random, kind: EndKind) -> Ending:
    """An end line: a lay-down names the seat that showed its hand."""
    return Ending(kind, rng.choice(SEATS) if kind is EndKind.LAYDOWN else None)


def _report_or_error(game: Game, rules: RuleSet, *, fast: bool) -> object:
    """The report of ``game``, or the kind of exception checking it raised."""
    try:
        return check_game(game, rules, fast=fast)
    except Exception as error:  # the thorough pass may trip over a broken record too
        return type(error)


# The tables above, some with a small-end opening (004) too.
any_tables = st.tuples(tables, st.booleans()).map(
    lambda t: t[0].with_options({"small-end-opening": "yes"}) if t[1] else t[0]
)


@settings(max_examples=300 * SCALE)
@given(any_tables, seeds, seeds, st.booleans())
def test_quick_checks_give_the_thorough_report(
    rules: RuleSet, seed: int, pick: int, written: bool
) -> None:
    """check_game with its quick checks of a clean deal and clean play gives exactly the
    report of the thorough pass alone, on legal games and on games with faults injected
    (reneges, tiles played twice or not held, missing tiles, bad bids, wrong scores …)."""
    game = game_of(rules, seed)
    rng = random.Random(pick)
    hands = [
        _faulty(rng, hand) if rng.random() < 0.5 else hand
        for hand in game.hands
        for _ in range(rng.choice([1, 1, 1, 2]))
    ]
    bad = replace(game, hands=tuple(hands))
    if written:  # through the text, so that findings carry lines and columns
        bad = loads(dumps(bad))[0]
    for table in (rules, bad.rules):
        assert _report_or_error(bad, table, fast=True) == _report_or_error(
            bad, table, fast=False
        )
