"""Random legal variations on random legal games (notation.rules.dealing.random_game): the
game with them validates clean, and its text goes to JSON and back to the same bytes.

Hypothesis draws a seed; the game and its variations are a pure function of it (a
``random.Random``), so a failure shrinks to a seed and prints the record. Under CI the
profile draws the same seeds on every run (tests/conftest.py).
"""

from __future__ import annotations

import os
import random
from dataclasses import replace

from hypothesis import given, note, settings
from hypothesis import strategies as st

import notation.formats.json as json_form
from notation.check.validate import check_game, check_hand
from notation.formats.text import dumps, loads
from notation.model.bids import Bid
from notation.model.contracts import Contract, Trump, TrumpKind
from notation.model.game import (
    Call,
    Comment,
    Game,
    Glyph,
    Hand,
    Play,
    ScoreKind,
    ScoreLine,
    Trick,
    TrumpCall,
    Variation,
)
from notation.model.lines import game_lines
from notation.model.rule_sets import RuleSet
from notation.model.seats import Seat, Team
from notation.model.tiles import TRICKS_IN_A_HAND, Tile
from notation.rules.dealing import random_game
from notation.rules.play import can_follow, led_suit
from notation.rules.tricks import take_trick

SCALE = max(1, int(os.environ.get("T42_PROPERTY_SCALE", "1")))
seeds = st.integers(min_value=0, max_value=2**32 - 1)
WORDS = ["better", "E keeps the count", "why not?", "a trump here", "ça va", "7-3 no"]


def _glyph(rng: random.Random) -> Glyph | None:
    choices: list[Glyph | None] = [None, None, *Glyph]
    return rng.choice(choices)


def _comments(rng: random.Random, inside: bool) -> tuple[Comment, ...]:
    """Comments after an item: braced on the main line, either kind inside a variation."""
    if rng.random() < 0.7:
        return ()
    return tuple(Comment(rng.choice(WORDS), braced=not inside or rng.random() < 0.5)
                 for _ in range(rng.randint(1, 2)))


def _held(hand: Hand, tricks: tuple[Trick, ...], plays: tuple[Tile, ...],
          seats: tuple[Seat, ...]) -> dict[Seat, list[Tile]]:
    """What each seat still holds after ``tricks`` and the first ``plays`` of a trick
    whose seats are ``seats``."""
    held = {h.seat: list(h.tiles) for h in hand.deal}
    for trick in tricks:
        for seat, play in zip(trick.seats(), trick.plays, strict=True):
            held[seat].remove(play.tile)
    for seat, tile in zip(seats, plays, strict=False):
        held[seat].remove(tile)
    return held


def _play_on(rng: random.Random, held: dict[Seat, list[Tile]], seats: tuple[Seat, ...],
             tiles: list[Tile], trump: Trump, avoid: Tile | None) -> list[Tile]:
    """The trick's remaining plays, legal and random, the first not ``avoid``."""
    for seat in seats[len(tiles):]:
        choices = list(held[seat])
        if tiles:
            choices = list(can_follow(held[seat], led_suit(tiles[0], trump), trump)) or choices
        if avoid is not None:
            choices = [t for t in choices if t != avoid]
            if not choices:
                return []
            avoid = None
        tile = rng.choice(choices)
        held[seat].remove(tile)
        tiles.append(tile)
    return tiles


def _grow(rng: random.Random, hand: Hand, contract: Contract, t: int, p: int,
          depth: int) -> Variation | None:
    """A legal variation of play ``p`` of trick ``t`` of ``hand`` (a hand as a line plays
    it), going on as far as chance says, with glyphs, comments and variations of its own."""
    trick = hand.tricks[t]
    seats = trick.seats()
    before = [pl.tile for pl in trick.plays[:p]]
    held = _held(hand, hand.tricks[:t], tuple(before), seats)
    trump = contract.trump
    tiles = _play_on(rng, held, seats, list(before), trump, trick.plays[p].tile)
    if not tiles:
        return None  # the seat had no other legal tile
    own = tiles[p:]
    if rng.random() < 0.3:
        own = own[: rng.randint(1, len(own))]  # a variation may stop mid-trick
        plays = tuple(_play(rng, tile) for tile in own)
        return Variation(plays=plays, comments=_comments(rng, True))
    plays = tuple(_play(rng, tile) for tile in own)
    line_tricks = [*hand.tricks[:t], Trick(trick.number, trick.leader, (*trick.plays[:p], *plays))]
    outcomes = [take_trick(tr.number, tr.leader, [pl.tile for pl in tr.plays], contract)
                for tr in line_tricks]
    more: list[Trick] = []
    stop = rng.choice([t + 1, t + 2, TRICKS_IN_A_HAND])
    while len(line_tricks) + len(more) < min(stop, TRICKS_IN_A_HAND):
        leader = outcomes[-1].winner
        number = len(line_tricks) + len(more) + 1
        order = tuple(_order(leader))
        played = _play_on(rng, held, order, [], trump, None)
        new = Trick(number, leader, tuple(_play(rng, tile) for tile in played),
                    after=_comments(rng, True))
        more.append(new)
        outcomes.append(take_trick(number, leader, played, contract))
    scores: tuple[ScoreLine, ...] = ()
    if len(outcomes) == TRICKS_IN_A_HAND and rng.random() < 0.7:
        points = {Team.NS: 0, Team.EW: 0}
        for outcome in outcomes:
            points[outcome.winner.team] += outcome.points
        scores = (ScoreLine(ScoreKind.POINTS, points[Team.NS], points[Team.EW],
                            after=_comments(rng, True)),)
    variation = Variation(plays=plays, tricks=tuple(more), scores=scores,
                          comments=_comments(rng, True))
    if depth < 3 and rng.random() < 0.5:
        line = replace(hand, tricks=(*line_tricks, *more), ending=None, scores=scores)
        # a variation of one of this variation's own plays
        mine = [(t, p + i) for i in range(len(plays))]
        mine += [(len(line_tricks) + j, i) for j, tr in enumerate(more)
                 for i in range(len(tr.plays))]
        at_t, at_p = rng.choice(mine)
        nested = _grow(rng, line, contract, at_t, at_p, depth + 1)
        if nested is not None:
            variation = _with_nested(variation, t, len(line_tricks), at_t, at_p - (
                p if at_t == t else 0), nested)
    return variation


def _order(leader: Seat) -> list[Seat]:
    order = [leader]
    while len(order) < 4:
        order.append(order[-1].next)
    return order


def _play(rng: random.Random, tile: Tile) -> Play:
    return Play(tile, after=_comments(rng, True), glyph=_glyph(rng))


def _with_nested(variation: Variation, t: int, first_more: int, at_t: int, at_p: int,
                 nested: Variation) -> Variation:
    """``variation`` with ``nested`` on its own play at ``at_t``/``at_p`` (``at_p`` counted
    in its own plays when ``at_t`` is the trick it branches in)."""
    if at_t == t:
        plays = list(variation.plays)
        plays[at_p] = replace(plays[at_p], variations=(*plays[at_p].variations, nested))
        return replace(variation, plays=tuple(plays))
    tricks = list(variation.tricks)
    j = at_t - first_more
    plays = list(tricks[j].plays)
    plays[at_p] = replace(plays[at_p], variations=(*plays[at_p].variations, nested))
    tricks[j] = replace(tricks[j], plays=tuple(plays))
    return replace(variation, tricks=tuple(tricks))


def _annotate_hand(rng: random.Random, hand: Hand, rules: RuleSet) -> Hand:
    report = check_hand(hand, rules)
    contract = report.contract
    auction = hand.auction
    if auction is not None and rng.random() < 0.4:
        calls = list(auction.calls)
        i = rng.randrange(len(calls))
        standing = max((c.bid.value for c in calls[:i] if not c.bid.is_pass), default=29)
        if standing < 41:
            bid = Bid.points(rng.randint(standing + 1, 41))
            rest = [Call(s, Bid.parse("pass")) for s in _order(calls[i].seat)[1:4 - i]]
            other = Variation(calls=(Call(calls[i].seat, bid, glyph=_glyph(rng),
                                          after=_comments(rng, True)), *rest))
            calls[i] = replace(calls[i], glyph=_glyph(rng), variations=(other,))
            hand = replace(hand, auction=replace(auction, calls=tuple(calls)))
    if (hand.trump is not None and contract is not None and rng.random() < 0.3
            and hand.trump.trump.kind is TrumpKind.PIP and hand.trump.trump.special is None):
        pip = rng.choice([s for s in range(7) if s != hand.trump.trump.suit])
        other_trump = Variation(trump=TrumpCall(Trump.pip(pip), hand.trump.seat))
        hand = replace(hand, trump=replace(hand.trump, glyph=_glyph(rng),
                                           variations=(other_trump,)))
    if contract is None or not hand.tricks or len(hand.deal) < 4:
        return hand
    if contract.sitting_out is not None or contract.trump.special is not None:
        return hand  # special contracts: left to the main line here
    tricks = list(hand.tricks)
    for _ in range(rng.randint(1, 3)):
        t = rng.randrange(len(tricks))
        p = rng.randrange(len(tricks[t].plays))
        line = replace(hand, tricks=tuple(tricks))
        variation = _grow(rng, line, contract, t, p, 1)
        if variation is None:
            continue
        plays = list(tricks[t].plays)
        plays[p] = replace(plays[p], glyph=_glyph(rng), after=_comments(rng, False),
                           variations=(*plays[p].variations, variation))
        tricks[t] = replace(tricks[t], plays=tuple(plays))
    return replace(hand, tricks=tuple(tricks))


def annotated_game(seed: int) -> Game:
    """A random legal straight game with random legal variations, glyphs and comments."""
    rng = random.Random(seed)
    rules = RuleSet()
    game = random_game(rng, rules)
    hands = tuple(_annotate_hand(rng, h, rules) if rng.random() < 0.6 else h
                  for h in game.hands)
    return replace(game, hands=hands)


@settings(max_examples=60 * SCALE, deadline=None)
@given(seeds)
def test_random_legal_variations_validate_clean_and_round_trip_exactly(seed: int) -> None:
    game = annotated_game(seed)
    text = dumps(game)
    note(text)
    [read] = loads(text)
    canonical = dumps(read)
    assert dumps(loads(canonical)[0]) == canonical  # the canonical form reads back to itself
    # text → JSON → text: the same bytes, the same record
    [from_json] = json_form.loads(json_form.dumps(read))
    assert from_json == read
    assert dumps(from_json) == canonical
    # every line legal: no finding on the main line nor in any variation
    assert [(f.code, f.variation, f.line, f.message) for f in check_game(read).findings] == []


def test_the_property_draws_nested_variations_of_every_kind() -> None:
    """The games drawn hold what the property is about (so that it cannot pass empty)."""
    games = [annotated_game(seed) for seed in range(40)]
    lines = [line for game in games for line in game_lines(game)]
    variations = [line.variation for line in lines if line.variation is not None]
    assert max(line.depth for line in lines) >= 3
    assert any(v.calls for v in variations)
    assert any(v.trump for v in variations)
    assert any(v.plays and not v.tricks for v in variations)  # one stopped mid-trick
    assert any(v.scores for v in variations)
    assert any(v.comments for v in variations)
    texts = [dumps(game) for game in games]
    assert all(any(glyph.value in t for t in texts) for glyph in Glyph)
