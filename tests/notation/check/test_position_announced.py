"""The bids a position offers include the bids that announce their contract (``1m-nello``,
``2m-splash``, ``4m-plunge``: docs/rules.md, The other 42 programs), exactly where the
table's options let the seat play that contract on that bid: the least bid (nello-min,
splash-bid, plunge-bid), Nello only by the forced dealer under nello=forced, the doubles a
Plunge or Splash needs. Every bid offered is one the position takes, after which the
contract it announced can be named."""

from __future__ import annotations

import pytest

from notation.check.position import Position
from notation.model.bids import Bid
from notation.model.rule_sets import rule_set
from notation.model.seats import Seat
from notation.model.tiles import Tile


def _offered(options: dict[str, str] | None = None, rules: str = "texas",
             passes: int = 0, north: tuple[str, ...] | None = None) -> list[str]:
    table = rule_set(rules).with_options(options or {})
    dealt = {} if north is None else {Seat.N: tuple(Tile.parse(w) for w in north)}
    position = Position(dealt, rules=table, dealer=Seat.W if passes == 0 else Seat.N)
    for _ in range(passes):
        position.push(Bid.pass_())
    return [str(b) for b in position.legal_bids()]


def _announced(offered: list[str]) -> list[str]:
    return [b for b in offered if "-" in b]


def test_texas_offers_each_special_announced_at_its_least_bid_and_up() -> None:
    offered = _offered()
    assert _announced(offered) == ["1m-nello", "2m-nello", "2m-splash", "4m-plunge"]
    # cheapest first: each announced bid beside its plain bid
    assert offered[offered.index("1m"):] == [
        "1m", "1m-nello", "2m", "2m-nello", "2m-splash", "4m", "4m-plunge"]


def test_a_straight_table_announces_nothing() -> None:
    assert _announced(_offered(rules="straight")) == []


def test_the_least_bids_of_the_options_are_kept() -> None:
    assert _announced(_offered({"nello-min": "2m"}))[:1] == ["2m-nello"]
    assert "30-nello" in _announced(_offered({"nello-min": "30"}))
    assert _announced(_offered({"splash-bid": "2m-or-3m"})) == [
        "1m-nello", "2m-nello", "2m-splash", "3m-splash", "4m-plunge"]
    assert _announced(_offered({"splash-bid": "3m"})) == [
        "1m-nello", "2m-nello", "3m-splash", "4m-plunge"]
    assert "3m-plunge" in _announced(_offered({"plunge-lead": "partner"}))


def test_nello_forced_is_offered_only_to_the_dealer_facing_three_passes() -> None:
    assert not [b for b in _announced(_offered({"nello": "forced"})) if "nello" in b]
    forced = _offered({"nello": "forced"}, passes=3)
    assert "pass" not in forced
    assert "1m-nello" in forced


def test_a_plunge_or_splash_is_offered_only_to_a_seat_holding_the_doubles() -> None:
    two = ("6-6", "5-5", "6-5", "6-4", "5-4", "4-3", "2-1")
    three = ("6-6", "5-5", "4-4", "6-5", "6-4", "5-4", "2-1")
    assert _announced(_offered(north=two)) == ["1m-nello", "2m-nello"]
    assert _announced(_offered(north=three)) == ["1m-nello", "2m-nello", "2m-splash"]


@pytest.mark.parametrize("options", [
    {}, {"nello-min": "30"}, {"splash-bid": "2m-or-3m"}, {"plunge-lead": "partner"},
    {"nello": "forced"}, {"partner-names": "trump"}])
def test_every_announced_bid_offered_is_taken_and_its_contract_can_be_named(
    options: dict[str, str],
) -> None:
    table = rule_set("texas").with_options(options)
    for passes in (0, 3):
        position = Position({}, rules=table, dealer=Seat.W if passes == 0 else Seat.N)
        for _ in range(passes):
            position.push(Bid.pass_())
        for bid in position.legal_bids():
            if bid.special is None:
                continue
            position.push(bid)
            for _ in range(3 - passes):
                position.push(Bid.pass_())
            named = position.legal_trumps()
            assert named, f"{bid} offered, but no contract can be named after it"
            assert all(t.special in (None, bid.special) or not bid.special.is_nello
                       for t in named)
            for _ in range(4 - passes):
                position.pop()


def test_after_an_announced_plunge_the_recorder_asks_the_partner_for_trump() -> None:
    """docs/rules.md, Contracts, Plunge: the partner names trump; after ``4m-plunge`` the
    recorder (and the phone, and ``t42 record``'s prompt) asks her, not the bidder."""
    from notation.recording import Recording
    from notation.recording.entries import enter

    r = Recording.start({"Rules": "texas"}, dealer=Seat.N)
    for typed in ("pass", "4m-plunge", "pass", "pass"):
        r, _ = enter(r, typed)
    assert r.trump_caller is Seat.N
    r, said = enter(r, "sixes")
    assert said == "N names sixes"
    assert not [f for f in r.findings if f.is_error]
