"""The other 42 programs' records (docs/sharing.md, Other programs' records): mk5's URL replays
and plunge's replay codes, read as t42 games and written from them.

- Round trips: a hand each format can hold (its own table, its tags only) goes notation →
  code → notation to the same canonical text, for random legal hands; and for random games
  of every rule set and option, each hand a format writes reads back to the same deal,
  auction, trump, tricks, points and marks, or the writer refuses it in words.
- The records the programs' own documentation and tests show (tests/records/peers/
  documented.txt, provenance written beside each line) read to the record kept in
  documented.t42. mk5's seed form is read by following its shuffle: its generator is Park
  and Miller's minimal standard, whose published check (the 10,000th state from 1 is
  1043618065) is held here; no deal mk5 printed for a seed was found in its documentation,
  so the deals themselves are held only by that and by the shuffle's own properties.
- What either side cannot hold is said in words, naming the variant or the part.
"""

from __future__ import annotations

import random
import re
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from notation.archive import peers
from notation.formats import mk5, plunge
from notation.formats.text import dumps
from notation.model.game import Comment, Game, Hand, ScoreKind, Tag
from notation.model.rule_sets import RuleSet
from notation.model.seats import SEATS
from notation.rules.dealing import random_game, random_hand

sys.path.insert(0, str(Path(__file__).parents[1]))
from test_properties import SCALE, seeds, tables

RECORDS = Path(__file__).parents[2] / "records" / "peers"
ROSTER = tuple(Tag(name, "?") for name in ("Event", "Site", "Date", "North", "East", "South",
                                           "West"))
# What a writer may refuse, and why (each is a variant or part the format lacks).
REFUSALS = re.compile(
    r"follow-me with its doubles high only|no event for a (Nello|Sevens|Plunge|Splash|Low-No)"
    r"|holds no (nello|sevens|plunge|splash|low-no)|bids up to 3 marks"
    r"|auction from the dealer's left|holds follow-me only with its doubles high"
    r"|whole deal")

Writer = Callable[[Game], tuple[list[str], list[str]]]
FORMATS: dict[str, tuple[tuple[Tag, ...], Writer]] = {
    "mk5": (peers.mk5_tags(), peers.mk5_urls),
    "plunge tournament": (peers.plunge_tags("tournament"), peers.plunge_codes),
    "plunge family": (peers.plunge_tags("plunge"), peers.plunge_codes),
}


def _one_hand_game(tags: tuple[Tag, ...], seed: int) -> Game:
    game = Game((*ROSTER, *tags))
    rng = random.Random(seed)
    hand = random_hand(rng, 1, rng.choice(SEATS), game.rules)
    return Game(game.tags, (hand,))


@settings(max_examples=60 * SCALE)
@given(st.sampled_from(sorted(FORMATS)), seeds)
def test_a_hand_the_format_holds_goes_round_exactly(name: str, seed: int) -> None:
    tags, write = FORMATS[name]
    game = _one_hand_game(tags, seed)
    canonical = dumps(game)
    try:
        lines, notes = write(game)
    except peers.PeerError as e:
        refused = str(e)
        assert REFUSALS.search(refused), refused
        return
    assert notes == []
    (line,) = lines
    back, said = peers.read_code(line)
    assert said == ()
    assert dumps(back) == canonical


def _same_play(hand: Hand, points_game: bool = False) -> tuple[object, ...]:
    """What a hand's play is: its score lines but the running total (and, in the points
    game, which the other programs do not play, the marks: they score marks; said in a note)."""
    kept = {ScoreKind.POINTS} if points_game else {ScoreKind.POINTS, ScoreKind.MARKS}
    scores = tuple(s for s in hand.scores if s.kind in kept)
    return (hand.header.dealer, hand.deal, hand.auction, hand.trump, hand.tricks, scores)


@settings(max_examples=40 * SCALE)
@given(tables, seeds, st.sampled_from(["mk5", "plunge"]))
def test_every_hand_written_reads_back_the_same(rules: RuleSet, seed: int, form: str) -> None:
    game = random_game(random.Random(seed), rules)
    write = peers.mk5_urls if form == "mk5" else peers.plunge_codes
    for hand in game.hands:
        one = Game(game.tags, (replace(hand, header=replace(hand.header, number=1)),))
        try:
            (line,), _ = write(one)
        except peers.PeerError as e:
            refused = str(e)
            assert REFUSALS.search(refused), refused
            continue
        back, _ = peers.read_code(line)
        points = rules.points_game
        assert _same_play(back.hands[0], points) == _same_play(one.hands[0], points)


def test_most_straight_hands_are_held() -> None:
    """The refusals are the rare variants, not the common game: of 40 hands of straight 42
    with all-pass=reshake, mk5 and plunge each hold most."""
    held = {"mk5": 0, "plunge tournament": 0}
    for seed in range(40):
        for name in held:
            tags, write = FORMATS[name]
            try:
                write(_one_hand_game(tags, seed))
                held[name] += 1
            except peers.PeerError:
                pass
    assert min(held.values()) >= 30, held


def test_the_documented_records_read_as_kept() -> None:
    text = (RECORDS / "documented.txt").read_text(encoding="utf-8")
    lines = [line for line in text.splitlines() if line and not line.startswith(";")]
    games = [peers.read_code(line)[0] for line in lines]
    assert "\n".join(dumps(g) for g in games) == (RECORDS / "documented.t42").read_text(
        encoding="utf-8")
    first = games[0].hands[0]
    assert first.header.dealer is SEATS[3]  # mk5's dealer 3, its default
    assert first.auction is not None
    assert str(first.auction.calls[0].bid) == "30"
    assert first.auction.calls[0].seat is SEATS[0]  # player 0 bids first


def test_the_mk5_url_of_its_round_trip_test() -> None:
    """mk5's test writes seed 12345 in base 36 and leaves out the default dealer."""
    url = mk5.dumps(mk5.Mk5Replay(seed=12345, events=("bid-30", "pass", "pass", "pass")))
    assert url == "?s=9ix&a=CAAA"
    url = mk5.dumps(mk5.Mk5Replay(seed=12345, layers=("nello", "plunge")))
    assert "l=n,p" in url


def test_mk5_shuffle_deals_every_tile_once_and_follows_the_seed() -> None:
    deals = {peers.mk5_deal(seed) for seed in (1, 2, 12345, 1_732_000_000_000)}
    assert len(deals) == 4
    assert all(sorted(deal) == list(range(28)) for deal in deals)
    assert peers.mk5_deal(0) == peers.mk5_deal(1)  # mk5 takes a seed of 0 as 1
    with pytest.raises(peers.PeerError, match="cannot be followed exactly"):
        peers.mk5_deal(2**53)


@pytest.mark.parametrize(("code", "words"), [
    ("v1c3" + "66656463626160" + "55545352515044" + "43424140333231" + "30222120111000"
     + ".PG4", r"Plunge \(G4\) under plunge's casual preset: t42 has no option yet for the "
               r"Plunge at 4 marks with the partner naming trump and leading"),
    ("v1c3" + "66656463626160" + "55545352515044" + "43424140333231" + "30222120111000"
     + ".PS2", r"Splash \(S2\)"),
    ("v1f3" + "66656463626160" + "55545352515044" + "43424140333231" + "30222120111000"
     + ".P30PPDs", "Sevens"),
    ("v1t3" + "66656463626160" + "55545352515044" + "43424140333231" + "30222120111000"
     + ".P30PPD566", "East plays the 6-6, which was not dealt to that seat"),
    ("?s=9ix&a=~AAAA", "Plunge bid names no marks"),
    ("?s=9ix&a=~F", "time ran out"),
    ("?s=9ix&a=AAAABA", "after the hand is over"),
    ("?s=9ix&a=CAAAYw3", "a trick is completed after 1 plays"),
    ("?s=9ix&a=AAAY", r"trump is named \(sixes\), yet no bid won the auction"),
])
def test_what_t42_cannot_read_is_named(code: str, words: str) -> None:
    with pytest.raises(peers.PeerError, match=words):
        peers.read_code(code)


def test_a_casual_hand_without_plunge_or_splash_reads_and_says_what_t42_lacks() -> None:
    code = ("v1c3" + "66656463626160" + "55545352515044" + "43424140333231"
            + "30222120111000" + ".P30PP")
    game, notes = peers.read_code(code)
    assert any("Splash at 2 or 3 marks" in note for note in notes)
    options = game.tag_item("Options")
    assert options is not None
    assert "t42 has no option for these" in options.after[0].text


def test_a_nello_hand_goes_round_as_plunge_code() -> None:
    tags = peers.plunge_tags("plunge")
    for seed in range(400):
        game = _one_hand_game(tags, seed)
        trump = game.hands[0].trump
        if trump is not None and trump.trump.special is not None:
            break
    else:
        pytest.fail("no Nello hand in 400 seeds")
    (code,), _ = peers.plunge_codes(game)
    assert "Dn" in code
    assert dumps(peers.read_code(code)[0]) == dumps(game)
    with pytest.raises(peers.PeerError, match="no event for a Nello contract"):
        peers.mk5_urls(game)


def test_what_the_formats_leave_out_is_said() -> None:
    game = _one_hand_game(peers.mk5_tags(), 3)
    dressed = Game((Tag("Event", "Club night", after=(Comment("lively"),)), *game.tags[1:]),
                   game.hands)
    _, notes = peers.mk5_urls(dressed)
    assert "mk5 URLs hold no tags: Event left out" in notes
    assert "mk5 URLs hold no comments: every comment left out" in notes
    straight = Game((*ROSTER, Tag("Rules", "straight")), game.hands)
    _, notes = peers.mk5_urls(straight)
    assert any("all-pass=forced-bid are not in the URLs" in note for note in notes)


def test_mk5_text_is_refused_in_words() -> None:
    for url, words in [
        ("?i=AAAA&a=A", "24 characters"),
        ("?i=AAAAAAAAAAAAAAAAAAAAAAAA&a=A", "deals some tile twice"),
        ("?s=9ix&i=x&a=", "not both"),
        ("?s=9ix&d=7&a=", "player 0 … 3"),
        ("?s=9ix&l=q&a=", "not one mk5 names"),
        ("?s=9ix&a=A!", "no such event"),
        ("?s=9ix&a=~Z", "no such event"),
    ]:
        with pytest.raises(mk5.Mk5Error, match=words):
            mk5.loads(url)


def test_plunge_text_is_refused_in_words() -> None:
    deal = "66656463626160" + "55545352515044" + "43424140333231" + "30222120111000"
    for code, words in [
        ("v2t3" + deal + ".", "starts with v1"),
        ("v1x3" + deal + ".", "not one plunge names"),
        ("v1t7" + deal + ".", "not a seat"),
        ("v1t3" + deal[:-2] + "66.", "some tile twice"),
        ("v1t3" + deal + ".PPPPD5", "all four passed, yet the code goes on"),
        ("v1t3" + deal + ".P30PPX5", "D and what the declarer names"),
        ("v1t3" + deal + ".P30PPD576", "not a tile"),
        ("v1t3" + deal + ".Q", "is not a bid"),
    ]:
        with pytest.raises(plunge.PlungeCodeError, match=words):
            plunge.loads(code)


def test_a_nello_bid_names_its_contract() -> None:
    """plunge writes a Nello bid (N and its marks) in the auction; with or without the
    declaration after it, the hand is a Nello of that many marks."""
    deal = "66656463626160" + "55545352515044" + "43424140333231" + "30222120111000"
    for events in (".PPPN1", ".PPPN1Dn"):
        game, _ = peers.read_code("v1f3" + deal + events)
        hand = game.hands[0]
        assert hand.trump is not None
        assert hand.trump.trump.special is not None
        assert hand.trump.trump.special.value == "nello"
        assert hand.auction is not None
        assert str(hand.auction.calls[-1].bid) == "1m"
    with pytest.raises(peers.PeerError, match=r"a Nello bid \(N\) is declared as Nello"):
        peers.read_code("v1f3" + deal + ".PPPN1D5")


def test_an_mk5_url_with_its_deal_is_read_and_written_back_the_same() -> None:
    for seed in range(40):
        game = _one_hand_game(peers.mk5_tags(), seed)
        try:
            (url,), _ = peers.mk5_urls(game)
        except peers.PeerError:
            continue
        if game.hands[0].tricks:
            break
    assert re.fullmatch(r"\?i=[A-Za-z0-9_-]{24}(&d=[012])?&a=[A-Za-z0-9~]+", url)
    assert url.endswith("4")  # the hand scored, as mk5 ends a hand
    again, _ = peers.mk5_urls(peers.read_code(url)[0])
    assert again == [url]


def test_a_bid_that_announced_its_contract_is_written_with_plunges_letter() -> None:
    """docs/rules.md, The other 42 programs: plunge bids its Nello, Plunge and Splash in the
    auction (N, G and S); a record's 1m-nello or 2m-splash keeps its letter in the code
    rather than being written as a plain bid of marks (M)."""
    from notation.formats.text import loads

    text = (Path(__file__).parents[3] / "samples" / "announced-bids.t42").read_text("utf-8")
    games = loads(text)
    (nello,), _ = peers.plunge_codes(games[1])
    (splash,), _ = peers.plunge_codes(games[2])
    assert plunge.loads(nello).bids[-1] == "N1"
    assert plunge.loads(splash).bids[-1] == "S2"
