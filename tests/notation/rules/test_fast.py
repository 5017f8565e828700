"""The rules' fast form (notation/rules/fast.py) says what the rules say: its walk of a hand's
play on bit masks gives each trick's winner and worth as
:func:`notation.rules.tricks.play_tricks` does,
and refuses a play exactly when the thorough check reports it (docs/rules.md, Suits and rank;
Reneges; Contracts: the opening lead, Sevens), on random hands of every rule set, contract and
option, played now and then carelessly."""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import assume, given, note, settings
from hypothesis import strategies as st

from notation.check.validate import check_hand
from notation.model.bids import Bid
from notation.model.contracts import Contract, Special, Trump
from notation.model.game import Hand, Play, Trick
from notation.model.rule_sets import RULE_SETS, RuleSet, rule_set
from notation.model.seats import SEATS, Seat
from notation.model.tiles import Tile, tile_key
from notation.rules.dealing import random_hand
from notation.rules.fast import NOBODY, fast_rules, walk_tricks
from notation.rules.play import can_follow, led_suit, sevens_choices
from notation.rules.tricks import TrickOutcome, first_leader, opening_leads, play_tricks

seeds = st.integers(min_value=0, max_value=2**32 - 1)
tables = st.builds(
    lambda name, options: rule_set(name).with_options(options),
    st.sampled_from(list(RULE_SETS)),
    st.fixed_dictionaries(
        {
            "follow-me-doubles": st.sampled_from(["high", "low", "own-suit"]),
            "nello-doubles-choice": st.sampled_from(["any", "low/own-suit"]),
            "plunge-lead": st.sampled_from(["declarer", "partner"]),
            "opening-lead": st.sampled_from(["any", "trump"]),
            "follow-me-min": st.sampled_from(["any", "1m"]),
            "sevens": st.sampled_from(["no", "yes"]),
        }
    ),
)
# What the thorough check reports of a play it judges against the rules (every tile played
# here is one its seat holds).
PLAY_FINDINGS = {"renege", "opening-lead-not-trump", "sevens-not-closest"}


def careless_play(
    rng: random.Random, hand: Hand, contract: Contract, rules: RuleSet, slips: float
) -> tuple[TrickOutcome, ...]:
    """The hand played from its deal, each play by the rules but now and then (``slips``)
    any tile the seat still holds."""
    held = {h.seat: list(h.tiles) for h in hand.deal}
    trump = contract.trump

    def choose(number: int, seats: tuple[Seat, ...]) -> list[Tile]:
        tiles: list[Tile] = []
        for seat in seats:
            choices: tuple[Tile, ...] = tuple(held[seat])
            if rng.random() >= slips:
                if trump.special is Special.SEVENS:
                    choices = sevens_choices(choices)
                elif tiles:
                    choices = can_follow(choices, led_suit(tiles[0], trump), trump) or choices
                elif number == 1:
                    choices = opening_leads(choices, trump, rules)
            tile = rng.choice(choices)
            held[seat].remove(tile)
            tiles.append(tile)
        return tiles

    return play_tricks(contract, rules, choose)


def mask(tiles: tuple[Tile, ...]) -> int:
    return sum(1 << tile_key(t) for t in tiles)


@settings(max_examples=300)
@given(tables, seeds, st.sampled_from([0.0, 0.05, 0.3]))
def test_the_walk_refuses_exactly_what_the_thorough_check_reports(
    rules: RuleSet, seed: int, slips: float
) -> None:
    rng = random.Random(seed)
    hand = random_hand(rng, 1, rng.choice(SEATS), rules)
    winning = hand.auction.winning_call if hand.auction is not None else None
    assume(winning is not None and hand.trump is not None)
    assert winning is not None
    assert hand.trump is not None
    contract = Contract(winning.seat, winning.bid, hand.trump.trump)
    played = careless_play(rng, hand, contract, rules, slips)
    tricks = tuple(Trick(t.number, t.seats[0], tuple(Play(p) for p in t.tiles)) for t in played)
    hand = replace(hand, tricks=tricks, scores=())
    found = {f.code for f in check_hand(hand, rules, fast=False).findings} & PLAY_FINDINGS
    note(f"{contract}: {sorted(found)}")

    held = [mask(hand.deal[i].tiles) for i in range(len(SEATS))]
    assert [h.seat for h in hand.deal] == list(SEATS)
    out = contract.sitting_out
    keys = [tile_key(tile) for trick in played for tile in trick.tiles]
    leader = SEATS.index(first_leader(contract, rules))
    walked = walk_tricks(
        fast_rules(rules).play(contract.trump), held, leader, keys,
        NOBODY if out is None else SEATS.index(out),
    )
    assert (walked is None) == bool(found)
    if walked is not None:
        assert walked[0] == [SEATS.index(trick.winner) for trick in played]
        assert walked[1] == [trick.points for trick in played]
        assert held == [mask(hand.deal[i].tiles) if SEATS[i] is out else 0 for i in range(4)]
    # The long check's quick pass over the play says the same as its thorough pass.
    assert check_hand(hand, rules) == check_hand(hand, rules, fast=False)


def test_an_opening_lead_off_trump_is_refused_only_while_the_leader_holds_a_trump() -> None:
    """docs/rules.md, Contracts (opening-lead=trump; 001, 004): the declarer holding a five
    must lead one; holding none, she may lead anything."""
    trump_lead = rule_set("straight").with_options({"opening-lead": "trump"})
    fives = fast_rules(trump_lead).play(Trump.pip(5))
    lead = [tile_key(Tile(6, 6)), tile_key(Tile(6, 1)), tile_key(Tile(6, 2)), tile_key(Tile(6, 3))]
    others = [mask((Tile(6, 1),)), mask((Tile(6, 2),)), mask((Tile(6, 3),))]
    with_a_five = [mask((Tile(6, 6), Tile(5, 0))), *others]
    without = [mask((Tile(6, 6), Tile(4, 0))), *others]
    assert walk_tricks(fives, with_a_five, 0, lead) is None
    assert walk_tricks(fives, without, 0, lead) == ([0], [1])
    assert walk_tricks(fast_rules(RuleSet()).play(Trump.pip(5)), with_a_five, 0, lead) == (
        [0], [1]
    )


def test_the_least_bid_of_follow_me_is_the_rules() -> None:
    """docs/rules.md, Contracts (follow-me-min=1m; 004): the fast form's least bid of a contract
    is the rules' (notation.rules.auction.contract_least_bid)."""
    one_mark = rule_set("straight").with_options({"follow-me-min": "1m"})
    assert fast_rules(one_mark).play(Trump.follow_me()).least == Bid.marks(1).value
    assert fast_rules(one_mark).play(Trump.pip(3)).least == Bid.points(30).value
    assert fast_rules(RuleSet()).play(Trump.follow_me()).least == Bid.points(30).value
