"""The position you can play (notation.check.position) held to the validator: random legal
hands played through it under every rule set, option and special contract, every action it
allows legal for check_game, every action it refuses a finding of check_game."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, note, settings
from hypothesis import strategies as st

from notation.check.actions import (
    Action,
    IllegalAction,
    Lead,
    Phase,
    PositionError,
    trumps_to_offer,
)
from notation.check.position import Position
from notation.check.validate import check_game
from notation.errors import ModelError
from notation.model.bids import Bid
from notation.model.contracts import Special, Trump
from notation.model.findings import Finding
from notation.model.game import Game, Hand, HandHeader, Tag
from notation.model.rule_sets import RULE_SETS, RuleSet, rule_set
from notation.model.seats import SEATS
from notation.model.tiles import ALL_TILES
from notation.rules.auction import bids_to_offer, plunge_bid
from notation.rules.dealing import deal
from notation.rules.tricks import TrickOutcome

seeds = st.integers(min_value=0, max_value=2**32 - 1)
# Every rule set with every option the play depends on (as tests/notation/test_properties.py).
tables = st.builds(
    lambda name, options, small_end: rule_set(name).with_options(
        {**options, "small-end-opening": "yes" if small_end else "no"}
    ),
    st.sampled_from(list(RULE_SETS)),
    st.fixed_dictionaries(
        {
            "all-pass": st.sampled_from(["forced-bid", "reshake"]),
            "follow-me-doubles": st.sampled_from(["high", "low", "own-suit"]),
            "nello": st.sampled_from(["yes", "no"]),
            "sevens": st.sampled_from(["yes", "no"]),
            "plunge": st.sampled_from(["yes", "no"]),
            "splash": st.sampled_from(["yes", "no"]),
            "nello-doubles": st.sampled_from(["own-suit", "high", "low", "own-suit-inverted"]),
            "nello-doubles-choice": st.sampled_from(["any", "table", "low/own-suit", "high"]),
            "plunge-lead": st.sampled_from(["declarer", "partner"]),
            "opening-lead": st.sampled_from(["any", "trump"]),
            "follow-me-min": st.sampled_from(["any", "1m"]),
            "first-bidder": st.sampled_from(["left-of-dealer", "holder-of-0-1"]),
            "trump-from-first-lead": st.sampled_from(["no", "yes"]),
        }
    ),
    st.booleans(),
)


def errors_of(hand: Hand, rules: RuleSet) -> list[Finding]:
    """The errors check_game finds in a game of this one hand (the hand may be unfinished)."""
    game = Game((Tag("Rules", rules.name),), (hand,))
    return list(check_game(game, rules).errors)


def candidates(position: Position) -> list[object]:
    """Every action of the kind the position awaits, legal or not."""
    rules = position.rules
    if position.phase is Phase.BID:
        return [*bids_to_offer(position.standing_bid, rules), Bid.marks(plunge_bid(rules)),
                Bid.points(29), Bid.marks(3), Bid.marks(5)]
    every_trump = trumps_to_offer(rule_set("texas").with_options({"low-no": "yes"}))
    if position.phase is Phase.TRUMP:
        return [*every_trump, *trumps_to_offer(rules), *ALL_TILES]
    return [*ALL_TILES, *(Lead(t, t.low) for t in ALL_TILES if not t.is_double)]


def pick(rng: random.Random, position: Position) -> Action:
    """A legal action, as a table might choose it: mostly passes, now and then a special
    contract, the play at random."""
    legal = list(position.legal_actions())
    assert legal, f"no legal action at {position!r}"
    if position.phase is Phase.BID:
        passes = [b for b in legal if isinstance(b, Bid) and b.is_pass]
        if passes and rng.random() < 0.6:
            return passes[0]
        announced = [b for b in legal if isinstance(b, Bid) and b.special is not None
                     and b.special.partner_names_trump]
        if announced and rng.random() < 0.5:  # a Plunge or Splash held is bid now and then
            return rng.choice(announced)
        marks = [b for b in legal if isinstance(b, Bid) and b.amount >= 1 and not b.is_pass
                 and b.kind.value == "marks"]
        if marks and rng.random() < 0.3:
            return rng.choice(marks)
    if position.phase is Phase.TRUMP:
        specials = [t for t in legal if isinstance(t, Trump) and t.special is not None]
        if specials and rng.random() < 0.7:
            return rng.choice(specials)
    return rng.choice(legal)


def check_refusal(position: Position, action: object, refused: IllegalAction) -> None:
    """The validator finds what the position refused ``action`` for, in the same words."""
    # No record shows an action out of order, or the suit a first lead was played as (a
    # Lead): the position alone refuses those.
    led_as = any(isinstance(a, Lead) for a in position.actions)
    if refused.code in ("out-of-order", "not-small-end") or (
            led_as and position.trick_number == 1):
        return
    forced = position.copy()
    forced.push(action, check=False)  # type: ignore[arg-type]
    found = {(f.code, f.message) for f in errors_of(forced.hand, position.rules)}
    assert (refused.code, str(refused)) in found, (action, found)


def check_every_legal_action(position: Position) -> None:
    """Each legal action, made, adds no error the validator did not find already (a Plunge's
    jump bid stands only once the Plunge is named, so it is an error until then)."""
    before = {(f.code, f.message) for f in errors_of(position.hand, position.rules)}
    for action in position.legal_actions():
        made = position.copy()
        made.push(action, check=False)
        after = {(f.code, f.message) for f in errors_of(made.hand, position.rules)}
        if isinstance(action, Bid) and action == Bid.marks(plunge_bid(position.rules)):
            after = {(code, words) for code, words in after if code != "bid-off-ladder"}
        assert after <= before, (action, after - before)


def play_hand(rules: RuleSet, seed: int, refusals: int) -> Position:
    """A random legal hand played through the position, trying ``refusals`` illegal actions
    now and then on the way and taking back and making again an action now and then."""
    rng = random.Random(seed)
    position = Position(deal(rng), rules, dealer=rng.choice(SEATS))
    while not position.is_over:
        legal = set(position.legal_actions())
        if refusals and rng.random() < 0.3:
            # A bid announcing a contract the seat may not play (without the doubles, or
            # not the forced dealer) is not offered, but is taken when written: the
            # validator says so at the trump line, of the contract named there.
            wrong = [a for a in candidates(position) if a not in legal
                     and not (isinstance(a, Bid) and a.special is not None)]
            if wrong:
                refusals -= 1
                action = rng.choice(wrong)
                before = position.hand
                with pytest.raises(IllegalAction) as refused:
                    position.push(action)  # type: ignore[arg-type]
                assert position.hand == before
                check_refusal(position, action, refused.value)
        if rng.random() < 0.1:
            check_every_legal_action(position)
        action = pick(rng, position)
        position.push(action)
        if rng.random() < 0.1:
            hand = position.hand
            assert position.pop() == action
            position.push(action)
            assert position.hand == hand
    return position


def readable(trick: TrickOutcome) -> TrickOutcome:
    """A trick as a record shows it: its suit left to the reader where it changes nothing."""
    return replace(trick, suit=None)


@settings(max_examples=2000)
@given(tables, seeds)
def test_every_action_the_position_allows_is_legal_and_every_refusal_is_a_finding(
    rules: RuleSet, seed: int
) -> None:
    position = play_hand(rules, seed, refusals=4)
    note(repr(position.hand))
    assert errors_of(position.hand, rules) == []
    report = check_game(Game((Tag("Rules", rules.name),), (position.hand,)), rules)
    hand = report.hands[0]
    assert hand.contract == position.contract
    # A record does not write the suit a small-end first lead was played as: the validator
    # reads it from the plays (the high end where both readings fit and give the same
    # winner), while the position knows the suit its Lead named. Everything else agrees.
    assert [readable(t) for t in hand.tricks] == [readable(t) for t in position.tricks]
    if position.contract is not None:
        assert hand.award == position.award


def test_specials_are_played_through_the_position() -> None:
    """Nello's and Low-No's three seats, a Plunge's or Splash's partner naming trump and
    leading (plunge-lead=partner), Sevens: each is reached by the random hands of a few
    hundred seeds."""
    seen: set[Special] = set()
    texas = rule_set("texas").with_options({"plunge-lead": "partner"})
    tables = [texas] * 300 + [rule_set("points")] * 100  # the points game plays Low-No
    for seed, rules in enumerate(tables):
        position = play_hand(rules, seed, refusals=0)
        contract = position.contract
        if contract is None or contract.trump.special is None:
            continue
        special = contract.trump.special
        seen.add(special)
        if special.is_nello:
            assert all(len(t.seats) == 3 for t in position.tricks)
            assert contract.sitting_out not in {s for t in position.tricks for s in t.seats}
        if special.partner_names_trump:
            assert position.hand.trump is not None
            assert position.hand.trump.seat is contract.declarer.partner
            assert position.tricks[0].seats[0] is contract.declarer.partner
    assert seen == set(Special)


def test_a_deal_the_rules_refuse_is_not_a_position() -> None:
    tiles = list(ALL_TILES)
    dealt = {seat: tuple(tiles[7 * i : 7 * i + 7]) for i, seat in enumerate(SEATS)}
    dealt[SEATS[1]] = (*dealt[SEATS[1]][:6], dealt[SEATS[0]][0])
    with pytest.raises(PositionError, match=r"this deal cannot be played: .* dealt to both"):
        Position(dealt)
    six = {SEATS[0]: tuple(tiles[:6])}
    with pytest.raises(PositionError, match="each seat holds 7"):
        Position(six)
    assert Position({SEATS[0]: tuple(tiles[:7])}).holding(SEATS[1]) is None  # unknown: fine


def test_an_action_of_no_kind_the_game_knows_is_refused_in_words() -> None:
    position = Position(deal(random.Random(1)))
    with pytest.raises(ModelError, match=r"write Bid.parse\('30'\)"):
        position.push("30")  # type: ignore[arg-type]
    with pytest.raises(IllegalAction, match="a play is not expected now: the hand needs a bid"):
        position.push(ALL_TILES[0])
    with pytest.raises(IndexError, match="no action to take back"):
        position.pop()


def test_a_position_from_a_record_has_no_hand_it_does_not_have() -> None:
    game = Game((), (Hand(HandHeader(1, SEATS[0])),))
    with pytest.raises(PositionError, match="there is no hand 3; the game has hands 1"):
        Position.from_record(game, 3)


def test_unknown_tiles_may_be_played_by_a_seat_whose_hand_is_not_known() -> None:
    """With only North's tiles known, East may play any tile not North's and not played."""
    tiles = deal(random.Random(2))
    rules = RuleSet()
    position = Position({SEATS[0]: tiles[SEATS[0]]}, rules, dealer=SEATS[3])
    position.push(Bid.points(30))  # North bids first (West deals) and wins
    for _ in range(3):
        position.push(Bid.pass_())
    position.push(Trump.pip(6))
    lead = position.legal_plays()[0]
    position.push(lead)
    assert position.turn is SEATS[1]
    east = position.legal_plays()
    assert len(east) == 28 - 7
    assert lead not in east
    assert not set(east) & set(tiles[SEATS[0]])
