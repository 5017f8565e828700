"""Random legal records: a shuffled deal, a legal auction, legal play and the engine's score.

Everything here is a pure function of a :class:`random.Random`, so a seeded generator always
makes the same record. The property tests use these records (any finding on one is a bug in
the engine or here), and ``t42 deal`` will print them.

>>> import random
>>> from notation.model.rule_sets import RuleSet
>>> from notation.model.seats import Seat
>>> hand = random_hand(random.Random(7), 1, Seat.N, RuleSet())
>>> len(hand.deal), len(hand.auction.calls), len(hand.tricks)
(4, 4, 7)
>>> points = hand.score(ScoreKind.POINTS)
>>> points.ns + points.ew
42
>>> game = random_game(random.Random(7), RuleSet())
>>> total = game.hands[-1].score(ScoreKind.TOTAL)
>>> max(total.ns, total.ew) >= 7
True
>>> game == random_game(random.Random(7), RuleSet())
True
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import replace
from datetime import date

from notation.model.bids import Bid, BidKind
from notation.model.contracts import (
    DOUBLES_NEEDED,
    Contract,
    DoublesRank,
    Special,
    Trump,
    TrumpKind,
)
from notation.model.game import (
    Auction,
    Call,
    Game,
    Hand,
    HandHeader,
    Holding,
    Play,
    ScoreKind,
    ScoreLine,
    Tag,
    Trick,
    TrumpCall,
    date_value,
)
from notation.model.rule_sets import RulesError, RuleSet, rule_set
from notation.model.seats import SEATS, Seat, Team
from notation.model.tiles import ALL_TILES, TILES_IN_A_HAND, Tile
from notation.rules.auction import (
    FREE_MARKS,
    HIGHEST_POINT_BID,
    MINIMUM_BID,
    bid_problem,
    bid_was_forced,
    bidding_order,
    contract_least_bid,
    dealer_must_bid,
    holder_of_one_blank,
    least_bid,
    one_blank_bids_first,
    partner_may_name,
    special_open_to,
)
from notation.rules.play import can_follow, led_suit, sevens_choices
from notation.rules.scoring import game_winner, hand_award, made_or_set
from notation.rules.tricks import TrickOutcome, opening_leads, play_tricks, tally

# Chances used by the random players; any values give legal records.
PASS_CHANCE = 0.55
MARKS_BID_CHANCE = 0.12
DOUBLES_TRUMP_CHANCE = 0.1
FOLLOW_ME_CHANCE = 0.1
SPECIAL_CHANCE = 0.3
ANNOUNCE_CHANCE = 0.3  # a special contract bid in the auction (4m-plunge), as some tables do
PARTNER_SPECIAL_CHANCE = 0.3  # the partner of an announced Plunge names Nello or Sevens
# The doubles options a follow-me declarer may name (own-suit-inverted is for Nello only).
FOLLOW_ME_DOUBLES = (DoublesRank.HIGH, DoublesRank.LOW, DoublesRank.OWN_SUIT)

PLAYER_NAMES = (
    "Ada", "Bea", "Cal", "Dee", "Eli", "Fay", "Gus", "Hal", "Ivy", "Joe", "Kit", "Lou",
    "Max", "Ned", "Ola", "Pat", "Roy", "Sue", "Tom", "Val",
)
SITES = ("Hallettsville", "Garner", "Waco", "Austin", "Fort Worth", "Lubbock")


def deal(rng: random.Random) -> dict[Seat, tuple[Tile, ...]]:
    """Shuffle the 28 tiles and give each seat 7, each holding written high to low.

    >>> hands = deal(random.Random(1))
    >>> sorted(len(tiles) for tiles in hands.values()), len(set().union(*hands.values()))
    ([7, 7, 7, 7], 28)
    """
    tiles = list(ALL_TILES)
    rng.shuffle(tiles)
    return {
        seat: tuple(sorted(tiles[i * TILES_IN_A_HAND : (i + 1) * TILES_IN_A_HAND], reverse=True))
        for i, seat in enumerate(SEATS)
    }


def _legal_bids(standing: Bid | None, rules: RuleSet | None = None) -> list[Bid]:
    """Every bid that may be made over ``standing``, cheapest first."""
    candidates = [Bid.points(n) for n in range(MINIMUM_BID, HIGHEST_POINT_BID + 1)]
    top = FREE_MARKS
    if standing is not None and standing.kind is BidKind.MARKS:
        top = max(top, standing.amount + 1)
    if rules is not None and rules.points_game:
        top = 4
    candidates += [Bid.marks(n) for n in range(1, top + 1)]
    return [b for b in candidates if bid_problem(b, standing, rules) is None]


def random_auction(
    rng: random.Random, dealer: Seat, rules: RuleSet, first: Seat | None = None
) -> tuple[Call, ...]:
    """One legal round of bidding from the left of the dealer (or from ``first``, the holder
    of the 0-1 under first-bidder=holder-of-0-1).

    Each seat passes or makes a random legal bid, now and then in marks; under the forced
    bid rule the last to bid, facing three passes, bids 30.
    """
    calls: list[Call] = []
    standing: Bid | None = None
    order = bidding_order(dealer) if first is None else first.clockwise()
    for seat in order:
        bid = Bid.pass_()
        legal = _legal_bids(standing, rules)
        if legal and rng.random() >= PASS_CHANCE:
            marks = [b for b in legal if b.kind is BidKind.MARKS]
            points = [b for b in legal if b.kind is BidKind.POINTS]
            if marks and (not points or rng.random() < MARKS_BID_CHANCE):
                bid = marks[0] if rng.random() < 0.7 else rng.choice(marks)
            else:
                # Most bids are a little above the standing bid, as at a real table.
                bid = points[min(int(rng.expovariate(0.5)), len(points) - 1)]
        forced = dealer_must_bid(rules)
        if forced and seat is order[-1] and standing is None and bid.is_pass:
            bid = Bid.points(MINIMUM_BID)
        assert bid_problem(bid, standing, rules) is None
        if not bid.is_pass:
            standing = bid
        calls.append(Call(seat, bid))
    return tuple(calls)


def random_trump(
    rng: random.Random, rules: RuleSet | None = None, bid: Bid | None = None
) -> Trump:
    """A pip trump, or now and then doubles or follow-me with a random doubles option
    (follow-me only on 1 mark or more under follow-me-min=1m)."""
    roll = rng.random()
    if roll < DOUBLES_TRUMP_CHANCE:
        return Trump.doubles_trump()
    least = Bid.points(MINIMUM_BID) if rules is None else contract_least_bid(
        Trump.follow_me(), rules
    )
    low = (bid or Bid.points(MINIMUM_BID)).value < least.value
    if roll < DOUBLES_TRUMP_CHANCE + FOLLOW_ME_CHANCE and not low:
        return Trump.follow_me(rng.choice(FOLLOW_ME_DOUBLES))
    return Trump.pip(rng.randrange(7))


def random_special(
    rng: random.Random, rules: RuleSet, dealt: Mapping[Seat, tuple[Tile, ...]], declarer: Seat,
    dealer_forced: bool,
) -> Special | None:
    """Now and then a special contract the rules allow and the declarer's hand permits."""
    if rules.low_no and dealer_forced and declarer is not None and rng.random() < 0.5:
        return Special.LOW_NO
    doubles = sum(t.is_double for t in dealt[declarer])
    options = [
        special
        for special in (Special.NELLO, Special.SEVENS, Special.PLUNGE, Special.SPLASH)
        if special_open_to(special, rules, dealer_forced)
        and doubles >= DOUBLES_NEEDED.get(special, 0)
    ]
    if options and rng.random() < SPECIAL_CHANCE:
        return rng.choice(options)
    return None


def special_bid(special: Special, bid: Bid, rules: RuleSet) -> Bid:
    """The winning bid raised, where needed, to what the special contract needs."""
    need = least_bid(special, rules)
    return bid if not bid < need else need


def random_special_trump(rng: random.Random, special: Special, rules: RuleSet) -> Trump:
    """The trump of a special contract: a Nello doubles option, or the partner's trump."""
    if special.partner_names_trump:
        while True:
            named = replace(random_trump(rng, rules, Bid.marks(1)), special=special)
            if partner_may_name(named, rules):
                return named
    if special is Special.SEVENS:
        return Trump(TrumpKind.FOLLOW_ME, None, DoublesRank.HIGH, special)
    allowed = rules.nello_doubles_allowed()
    doubles = allowed[0] if len(allowed) == 1 else rng.choice(allowed)
    return Trump(TrumpKind.FOLLOW_ME, None, doubles, special)


ANNOUNCEABLE = (Special.NELLO, Special.PLUNGE, Special.SPLASH)


def partner_special(rng: random.Random, trump: Trump, rules: RuleSet, forced: bool) -> Trump:
    """Now and then, after an announced Plunge or Splash, a Nello or Sevens the partner names
    instead of a trump, where the table allows it (partner-names=any); else ``trump``."""
    special = trump.special
    if special is None or not special.partner_names_trump or rng.random() > PARTNER_SPECIAL_CHANCE:
        return trump
    options = [
        named
        for named in (random_special_trump(rng, Special.NELLO, rules),
                      random_special_trump(rng, Special.SEVENS, rules))
        if named.special is not None and special_open_to(named.special, rules, forced)
        and partner_may_name(named, rules)
    ]
    return rng.choice(options) if options else trump


def random_tricks(
    rng: random.Random,
    dealt: Mapping[Seat, tuple[Tile, ...]],
    contract: Contract,
    rules: RuleSet | None = None,
) -> tuple[TrickOutcome, ...]:
    """Seven tricks of legal play, as :func:`notation.rules.tricks.play_tricks` plays them: the
    declarer leads (or whoever the contract says), then each trick's winner.

    Each seat plays a random tile of the led suit if it holds one, else any tile; in Sevens
    a random one of its tiles closest to 7; in Nello the declarer's partner sits out.
    """
    rules = rules or RuleSet()
    held = {seat: list(tiles) for seat, tiles in dealt.items()}
    trump = contract.trump
    sevens = trump.special is Special.SEVENS

    def choose(number: int, seats: tuple[Seat, ...]) -> list[Tile]:
        tiles: list[Tile] = []
        for seat in seats:
            choices: tuple[Tile, ...] = tuple(held[seat])
            if sevens:
                choices = sevens_choices(held[seat])
            elif tiles:
                choices = can_follow(held[seat], led_suit(tiles[0], trump), trump) or choices
            elif number == 1:
                choices = opening_leads(choices, trump, rules)
            tile = rng.choice(choices)
            held[seat].remove(tile)
            tiles.append(tile)
        return tiles

    return play_tricks(contract, rules, choose)


def random_hand(
    rng: random.Random,
    number: int,
    dealer: Seat,
    rules: RuleSet,
    *,
    marks_before: Mapping[Team, int] | None = None,
) -> Hand:
    """A complete legal hand: deal, auction, trump, seven tricks and the score lines.

    ``marks_before`` is the running marks before this hand (none by default); the hand's
    ``total`` line adds this hand's marks to it. A hand thrown in after four passes (the
    reshake rule) has no trump, tricks or points, and scores no marks.
    """
    before = dict.fromkeys(Team, 0) if marks_before is None else dict(marks_before)
    dealt = deal(rng)
    first = None
    if one_blank_bids_first(rules):
        first = holder_of_one_blank(dealt)
    calls = random_auction(rng, dealer, rules, first)
    holdings = tuple(Holding(seat, dealt[seat]) for seat in SEATS)
    header = HandHeader(number, dealer)
    auction = Auction(calls)
    winner = auction.winning_call
    if winner is None:  # thrown in and reshaken
        return Hand(
            header,
            holdings,
            auction,
            scores=(
                ScoreLine(ScoreKind.MARKS, 0, 0),
                ScoreLine(ScoreKind.TOTAL, before[Team.NS], before[Team.EW]),
            ),
        )
    declarer, bid = winner.seat, winner.bid
    forced = (
        declarer is dealer and calls[-1] is winner
        and bid_was_forced((c.bid for c in calls), rules)
    )
    special = random_special(rng, rules, dealt, declarer, forced)
    if special is not None:
        bid = special_bid(special, bid, rules)
        trump = random_special_trump(rng, special, rules)
        if special in ANNOUNCEABLE and rng.random() < ANNOUNCE_CHANCE:
            bid = Bid(bid.kind, bid.amount, special)
            trump = partner_special(rng, trump, rules, forced)
        auction = Auction(tuple(replace(c, bid=bid) if c is winner else c for c in calls))
    else:
        trump = random_trump(rng, rules, bid)
    contract = Contract(declarer, bid, trump)
    played = random_tricks(rng, dealt, contract, rules)
    tricks = tuple(Trick(t.number, t.seats[0], tuple(Play(p) for p in t.tiles)) for t in played)
    points, taken = tally(played)
    made, _ = made_or_set(contract, points, taken, len(tricks))
    mark = hand_award(contract, made, points, rules)
    total = {team: before[team] + mark.of(team) for team in Team}
    return Hand(
        header,
        holdings,
        auction,
        TrumpCall(trump, contract.trump_namer),
        tricks,
        scores=(
            ScoreLine(ScoreKind.POINTS, points[Team.NS], points[Team.EW]),
            ScoreLine(ScoreKind.MARKS, mark.of(Team.NS), mark.of(Team.EW)),
            ScoreLine(ScoreKind.TOTAL, total[Team.NS], total[Team.EW]),
        ),
    )


def random_tags(rng: random.Random, rules: RuleSet) -> tuple[Tag, ...]:
    """The roster tags with random players, plus ``Options`` for options off the rule set's."""
    names = rng.sample(PLAYER_NAMES, 4)
    tags = [
        Tag("Event", f"Practice game {rng.randrange(1, 1000)}"),
        Tag("Site", rng.choice(SITES)),
        Tag("Date", date_value(date(rng.randrange(2000, 2030), rng.randrange(1, 13),
                                    rng.randrange(1, 29)))),
        *(Tag(seat.name_word, name) for seat, name in zip(SEATS, names, strict=True)),
        Tag("Rules", rules.name),
    ]
    try:
        base = rule_set(rules.name).options()
    except RulesError:
        base = RuleSet().options()
    changed = {k: v for k, v in rules.options().items() if base.get(k) != v}
    if changed:
        tags.append(Tag("Options", " ".join(f"{k}={v}" for k, v in changed.items())))
    return tuple(tags)


def random_game(rng: random.Random, rules: RuleSet) -> Game:
    """A whole legal game: hands dealt in turn to the left until a team has won.

    The game is won as :func:`notation.rules.scoring.game_winner` says: 7 marks by default, and
    ahead by the ``win-by`` option.
    """
    tags = random_tags(rng, rules)
    dealer = rng.choice(SEATS)
    marks = dict.fromkeys(Team, 0)
    hands: list[Hand] = []
    bidders: Team | None = None
    while game_winner(marks[Team.NS], marks[Team.EW], rules, bidders) is None:
        hand = random_hand(rng, len(hands) + 1, dealer, rules, marks_before=marks)
        total = hand.score(ScoreKind.TOTAL)
        assert total is not None
        marks = {Team.NS: total.ns, Team.EW: total.ew}
        hands.append(hand)
        dealer = dealer.next
        won = hand.auction.winning_call if hand.auction is not None else None
        bidders = won.seat.team if won is not None else None
    return Game(tags, tuple(hands))
