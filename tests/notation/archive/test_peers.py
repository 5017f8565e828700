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
from notation.check.game import check_game
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
    r"|whole deal|mk5 bids a (Plunge|Splash) at|hold no (Plunge|Splash) under"
    r"|hold a (Plunge|Splash) led by the (partner|declarer), as")

Writer = Callable[[Game], tuple[list[str], list[str]]]
FORMATS: dict[str, tuple[tuple[Tag, ...], Writer]] = {
    "mk5": (peers.mk5_tags(), peers.mk5_urls),
    "mk5 plunge splash": (peers.mk5_tags(["plunge", "splash"]), peers.mk5_urls),
    "plunge tournament": (peers.plunge_tags("tournament"), peers.plunge_codes),
    "plunge family": (peers.plunge_tags("plunge"), peers.plunge_codes),
    "plunge casual": (peers.plunge_tags("casual"), peers.plunge_codes),
}
# What a writer notes of a hand it holds: a special contract named only at the trump line is
# written as the other program bids it, and reads back announced (4m-plunge).
ANNOUNCED_NOTE = re.compile(r"hand 1's bid of \S+ is written as (mk5's|plunge's) \S+ bid")


def _announced(game: Game) -> Game:
    """``game`` with the winning bid of each Nello, Plunge or Splash announcing its contract,
    as the other programs bid them."""
    hands = []
    for hand in game.hands:
        auction = hand.auction
        winner = auction.winning_call if auction is not None else None
        special = hand.trump.trump.special if hand.trump is not None else None
        if auction is not None and winner is not None and special is not None and (
                winner.bid.special is None and special.value in ("plunge", "splash")):
            calls = tuple(replace(c, bid=replace(c.bid, special=special)) if c is winner
                          else c for c in auction.calls)
            hand = replace(hand, auction=replace(auction, calls=calls))
        hands.append(hand)
    return Game(game.tags, tuple(hands))


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
    assert all(ANNOUNCED_NOTE.search(note) for note in notes), notes
    if notes:
        canonical = dumps(_announced(game))
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
        assert _same_play(back.hands[0], points) == _same_play(_announced(one).hands[0],
                                                                points)


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
    ("v1f3" + "66656463626160" + "55545352515044" + "43424140333231" + "30222120111000"
     + ".P30PPDs", "Sevens"),
    ("v1t3" + "66656463626160" + "55545352515044" + "43424140333231" + "30222120111000"
     + ".P30PPD566", "East plays the 6-6, which was not dealt to that seat"),
    ("?s=9ix&a=~AAAA", "names no plunge layer"),
    ("?s=9ix&a=~C", "Nello is named as trump after a bid of marks"),
    ("?s=9ix&a=~F", "time ran out"),
    ("?s=9ix&a=AAAABA", "after the hand is over"),
    ("?s=9ix&a=CAAAYw3", "a trick is completed after 1 plays"),
    ("?s=9ix&a=AAAY", r"trump is named \(sixes\), yet no bid won the auction"),
])
def test_what_t42_cannot_read_is_named(code: str, words: str) -> None:
    with pytest.raises(peers.PeerError, match=words):
        peers.read_code(code)


# East holds four doubles (6-6, 5-5, 4-4, 3-3), enough for a Plunge or a Splash.
PLUNGER = "65646362616054" + "66555352514433" + "50434241403231" + "30222120111000"


def test_a_casual_hand_reads_under_the_options_of_plunges_house_game() -> None:
    """docs/rules.md, The other 42 programs: plunge's casual preset plays Nello (own suit),
    the Plunge at 4 marks with the partner naming trump and leading, the Splash at 2 or 3
    marks, the partner held to a pip or doubles, reshake. Before, t42 read it with a note
    "plunge's casual preset, which also plays the Plunge at 4 marks with the partner naming
    trump and leading, and the Splash at 2 or 3 marks; t42 has no option for these"."""
    game, notes = peers.read_code("v1c3" + PLUNGER + ".P30PP")
    assert notes == ()
    rules = game.rules.options()
    assert {name: rules[name] for name in (
        "all-pass", "nello", "plunge", "plunge-lead", "plunge-bid", "splash", "splash-bid",
        "partner-names", "sevens")} == {
        "all-pass": "reshake", "nello": "yes", "plunge": "yes", "plunge-lead": "partner",
        "plunge-bid": "4m", "splash": "yes", "splash-bid": "2m-or-3m",
        "partner-names": "trump", "sevens": "no"}


@pytest.mark.parametrize(("events", "bids", "trump"), [
    (".PG4PPD6", "pass 4m-plunge pass pass", "plunge sixes"),
    (".30G4PPD7", "30 4m-plunge pass pass", "plunge doubles"),
    (".M2G4PPD0", "2m 4m-plunge pass pass", "plunge blanks"),
    (".PS2PPD5", "pass 2m-splash pass pass", "splash fives"),
    (".30S3PPD4", "30 3m-splash pass pass", "splash fours"),
])
def test_plunges_plunge_and_splash_bids_read_as_announced_bids(
        events: str, bids: str, trump: str) -> None:
    """plunge bids its Plunge (G) and Splash (S) in the auction, and the partner names trump
    (D) and leads. Before, each was refused: "this hand bids a Plunge (G4) under plunge's
    casual preset: t42 has no option yet for the Plunge at 4 marks with the partner naming
    trump and leading, and the Splash at 2 or 3 marks"."""
    game, _ = peers.read_code("v1c3" + PLUNGER + events)
    hand = game.hands[0]
    assert hand.auction is not None
    assert hand.trump is not None
    assert " ".join(str(c.bid) for c in hand.auction.calls) == bids
    assert str(hand.trump.trump) == trump
    assert hand.trump.seat is SEATS[3]  # East's partner, West, names trump
    assert check_game(game).findings == ()
    (again,), notes = peers.plunge_codes(game)
    assert again == "v1c3" + PLUNGER + events
    assert not [note for note in notes if "comments" not in note]


def test_a_whole_casual_plunge_is_played_and_scored() -> None:
    """A Plunge played out under the casual preset: West (the partner) leads the first
    trick, and the hand is scored at 4 marks."""
    tags = peers.plunge_tags("casual")
    for seed in range(2000):
        game = _one_hand_game(tags, seed)
        trump = game.hands[0].trump
        if trump is not None and trump.trump.special is not None and (
                trump.trump.special.value == "plunge") and len(game.hands[0].tricks) == 7:
            break
    else:
        pytest.fail("no Plunge played out in 2000 seeds")
    (code,), _ = peers.plunge_codes(game)
    assert re.search(r"G[4-9]", code)
    back, _ = peers.read_code(code)
    assert check_game(back).findings == ()
    assert back.hands[0].tricks[0].leader is trump.seat  # the partner names and leads


def test_mk5_plunge_and_splash_bids_read_at_the_marks_mk5_gives_them() -> None:
    """mk5 writes its Plunge and Splash bids without their marks (~A, ~B): a Plunge is bid
    at 4 marks or one over the highest bid of marks, a Splash at 2, or 3 over 2 marks.
    Before, both were refused: "its Plunge bid names no marks, and t42 cannot tell what was
    bid"."""
    deal = tuple(mk5.tile_number(int(PLUNGER[i]), int(PLUNGER[i + 1]))
                 for i in range(0, 56, 2))
    for layers, events, bids, trump in [
        (("plunge",), ("pass", "bid-plunge", "pass", "pass", "trump-sixes"),
         "pass 4m-plunge pass pass", "plunge sixes"),
        (("plunge",), ("bid-2-marks", "bid-plunge", "pass", "pass", "trump-no-trump"),
         "2m 4m-plunge pass pass", "plunge follow-me"),
        (("splash",), ("bid-30", "bid-splash", "pass", "pass", "trump-fives"),
         "30 2m-splash pass pass", "splash fives"),
        (("splash",), ("bid-2-marks", "bid-splash", "pass", "pass", "trump-doubles"),
         "2m 3m-splash pass pass", "splash doubles"),
    ]:
        url = mk5.dumps(mk5.Mk5Replay(deal=deal, layers=layers, events=events))
        game, _ = peers.read_code(url)
        hand = game.hands[0]
        assert hand.auction is not None
        assert hand.trump is not None
        assert " ".join(str(c.bid) for c in hand.auction.calls) == bids
        assert str(hand.trump.trump).startswith(trump)
        assert hand.trump.seat is SEATS[3]
        assert check_game(game).findings == ()
        (again,), notes = peers.mk5_urls(game)
        assert again == url
        assert not [note for note in notes if "comments" not in note]


def test_an_mk5_plunge_at_marks_mk5_would_not_bid_is_refused_in_words() -> None:
    """mk5 bids a Plunge at the marks it works out itself (4, or one over the highest bid of
    marks): a Plunge bid one mark higher than that is not an mk5 event, and is refused."""
    tags = peers.mk5_tags(["plunge"])
    for seed in range(3000):
        game = _one_hand_game(tags, seed)
        auction = game.hands[0].auction
        winner = auction.winning_call if auction is not None else None
        if winner is not None and winner.bid.special is not None:
            break
    else:
        pytest.fail("no announced Plunge in 3000 seeds")
    assert winner is not None
    assert auction is not None
    bumped = replace(winner.bid, amount=winner.bid.amount + 1)
    calls = tuple(replace(c, bid=bumped) if c is winner else c for c in auction.calls)
    hand = replace(game.hands[0], auction=replace(auction, calls=calls))
    with pytest.raises(peers.PeerError, match="mk5 bids a Plunge at"):
        peers.mk5_urls(Game(game.tags, (hand,)))


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
        assert str(hand.auction.calls[-1].bid) == "1m-nello"  # before: 1m
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


def test_a_plunge_led_by_the_declarer_is_refused_where_the_partner_leads() -> None:
    """plunge's casual preset and mk5 give the partner the lead of a 4-mark Plunge; a game
    whose declarer leads it (plunge-lead=declarer) is not written as theirs, but refused."""
    game, _ = peers.read_code("v1c3" + PLUNGER + ".PG4PPD6")
    options = game.tag_item("Options")
    assert options is not None
    declarer_leads = Tag("Options", options.value.replace("plunge-lead=partner",
                                                          "plunge-lead=declarer"))
    ours = Game((*game.tags[:-1], declarer_leads), game.hands)
    with pytest.raises(peers.PeerError, match="hold a Plunge led by the partner, as plunge's "
                                              "casual preset plays it; this one is led by "
                                              "the declarer"):
        peers.plunge_codes(ours)
    with pytest.raises(peers.PeerError, match="hold a Plunge led by the partner, as mk5"):
        peers.mk5_urls(ours)
    family = Game((*game.tags[:-1], Tag("Options", "plunge=yes")), game.hands)
    with pytest.raises(peers.PeerError, match="hold no Plunge under plunge's plunge preset"):
        peers.plunge_codes(family)


def test_a_nello_bid_outbid_is_written_to_mk5_as_marks_and_said() -> None:
    """mk5 names its Nello with the trump, not the bid: a 1m-nello that a Plunge outbids is
    written as a bid of 1 mark, with a note."""
    game, _ = peers.read_code("v1c3" + PLUNGER + ".N1G4PPD6")
    (url,), notes = peers.mk5_urls(game)
    assert "hand 1: mk5 bids no Nello; 1m-nello is written as a bid of 1m" in notes
    hand = peers.read_code(url)[0].hands[0]
    assert hand.auction is not None
    assert " ".join(str(c.bid) for c in hand.auction.calls) == "1m 4m-plunge pass pass"


def test_a_nello_bid_that_is_outbid_leaves_the_trump_to_the_winner() -> None:
    """Only the winning bid's Nello names the contract. Before, any N in the auction did:
    ".N1M2PPD6" (North's Nello outbid by East's 2 marks, sixes named) was refused with "a
    Nello bid (N) is declared as Nello (Dn)"."""
    game, _ = peers.read_code("v1f3" + PLUNGER + ".N1M2PPD6")
    hand = game.hands[0]
    assert hand.trump is not None
    assert str(hand.trump.trump) == "sixes"
    assert hand.trump.seat is SEATS[1]
