"""The auction: whose turn it is, which bids are legal, and who wins (docs/rules.md, Bidding).

>>> from notation.model.bids import Bid
>>> bidding_order(Seat.N)
(<Seat.E: 'E'>, <Seat.S: 'S'>, <Seat.W: 'W'>, <Seat.N: 'N'>)
>>> bid_problem(Bid.points(31), Bid.points(30)) is None
True
>>> bid_problem(Bid.marks(3), Bid.points(35))
('bid-off-ladder', '3 marks may only be bid over 2 marks')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from notation.model.bids import Bid, BidKind
from notation.model.contracts import Special, Trump, TrumpKind
from notation.model.rule_sets import (
    AllPass,
    FirstBidder,
    FollowMeMin,
    LeastMarks,
    Offered,
    OutOfTurn,
    PartnerNames,
    PlungeBid,
    PlungeLead,
    RuleSet,
    Scoring,
    SplashBid,
)
from notation.model.seats import SEATS, Seat
from notation.model.tiles import Tile

MINIMUM_BID = 30
HIGHEST_POINT_BID = 41
FREE_MARKS = 2  # any seat may bid up to 2 marks; above that only one mark more (003, 004)


def bidding_order(dealer: Seat) -> tuple[Seat, Seat, Seat, Seat]:
    """The seats in bidding order: left of the dealer first, the dealer last."""
    return BIDDING_ORDERS[SEATS.index(dealer)]


ONE_BLANK = Tile(1, 0)


def holder_of_one_blank(dealt: Mapping[Seat, Iterable[Tile]]) -> Seat | None:
    """The seat dealt the 1-0, who bids first under first-bidder=holder-of-0-1 (001); None
    when the deal does not show it."""
    return next((seat for seat, tiles in dealt.items() if ONE_BLANK in tiles), None)


def deal_bidding_order(dealer: Seat, rules: RuleSet,
                       dealt: Mapping[Seat, Iterable[Tile]]) -> tuple[Seat, ...]:
    """The bidding order of a deal (docs/rules.md, Bidding; first-bidder option): from the
    dealer's left, or from the holder of the 1-0 when the table says so and the deal shows
    who held it."""
    holder = holder_of_one_blank(dealt)
    if one_blank_bids_first(rules) and holder is not None:
        return holder.clockwise()
    return bidding_order(dealer)


def one_blank_bids_first(rules: RuleSet) -> bool:
    """Whether the holder of the 1-0 bids first at this table, not the dealer's left
    (docs/rules.md, Bidding; first-bidder option, 001).

    >>> from notation.model.rule_sets import rule_set
    >>> one_blank_bids_first(rule_set("straight").with_options({"first-bidder": "holder-of-0-1"}))
    True
    """
    return rules.first_bidder is FirstBidder.HOLDER_OF_0_1


def out_of_turn_stands(rules: RuleSet) -> bool:
    """Whether a bid out of turn stands at this table (the opponents let it, or under
    bid-out-of-turn=reshake may have the hand shaken again), so that it is only a warning
    (docs/rules.md, Bidding; bid-out-of-turn option, 003).

    >>> lenient = RuleSet(bid_out_of_turn=OutOfTurn.WARNING)
    >>> out_of_turn_stands(RuleSet()), out_of_turn_stands(lenient)
    (False, True)
    """
    return rules.bid_out_of_turn is not OutOfTurn.ERROR


def out_of_turn_reshakes(rules: RuleSet) -> bool:
    """Whether the opponents of a seat that bid out of turn may have the hand thrown in and
    shaken again by the same dealer (docs/rules.md, Bidding; bid-out-of-turn option, 003).

    >>> out_of_turn_reshakes(RuleSet(bid_out_of_turn=OutOfTurn.RESHAKE))
    True
    >>> out_of_turn_reshakes(RuleSet(bid_out_of_turn=OutOfTurn.WARNING))
    False
    """
    return rules.bid_out_of_turn is OutOfTurn.RESHAKE


def dealer_must_bid(rules: RuleSet) -> bool:
    """Whether the dealer must bid when the other three have passed (the forced bid; else
    four passes throw the hand in: docs/rules.md, Bidding; all-pass option).

    >>> dealer_must_bid(RuleSet()), dealer_must_bid(RuleSet(all_pass=AllPass.RESHAKE))
    (True, False)
    """
    return rules.all_pass is AllPass.FORCED_BID


# The bidding order by the dealer's position in SEATS (looked up once a hand).
BIDDING_ORDERS = tuple(dealer.next.clockwise() for dealer in SEATS)
# Enum members bound once: Python looks an enum member up slowly, and bids are checked often.
PASS, POINTS, MARKS = BidKind.PASS, BidKind.POINTS, BidKind.MARKS
POINTS_SCORING = Scoring.POINTS


def bid_problem(
    bid: Bid,
    standing: Bid | None,
    rules: RuleSet | None = None,
    *,
    plunge: bool = False,
    splash: bool = False,
) -> tuple[str, str] | None:
    """Why ``bid`` may not be made over ``standing`` (None when it may), as (code, words).

    Under ``rules`` for the points game the ladder after 41 is 42, 84 and (over 84) 168.
    ``plunge`` says the bidder went on to play a Plunge, which may open at or jump to its
    bid (4 marks, or 3 when the partner leads: :func:`plunge_bid`); ``splash`` a Splash,
    which may jump to 3 marks under splash-bid=3m or 2m-or-3m (:func:`splash_jump`). A bid
    that announces its contract (``4m-plunge``) says so itself, and may announce only a
    contract the table plays.

    >>> from notation.model.contracts import parse_bid
    >>> from notation.model.rule_sets import rule_set
    >>> bid_problem(parse_bid("4m-plunge"), Bid.points(30), rule_set("texas")) is None
    True
    >>> bid_problem(parse_bid("4m-plunge"), None)[0]
    'contract-not-allowed'
    >>> bid_problem(Bid.marks(4), Bid.points(30), rule_set("texas"), plunge=True) is None
    True
    >>> bid_problem(parse_bid("4m-nello"), None, rule_set("texas"), plunge=True)[0]
    'bid-off-ladder'
    >>> bid_problem(Bid.marks(4), Bid.marks(2), rule_set("points")) is None
    True
    """
    rules = rules or RuleSet()
    kind = bid.kind
    if kind is PASS:
        return None
    announced = bid.special
    if announced is not None:  # a bid that names its contract: 4m-plunge
        if not rules.plays(announced):
            return (
                "contract-not-allowed",
                f"{announced.title} is not played under these rules "
                f"(option {announced.value}=no)",
            )
        # The bid says which contract it is: only a Plunge's (or a Splash's) may jump.
        plunge, splash = announced is Special.PLUNGE, announced is Special.SPLASH
    if rules.scoring is POINTS_SCORING:
        return _points_bid_problem(bid, standing)
    if kind is POINTS:
        if bid.amount < MINIMUM_BID:
            return "bid-below-minimum", f"{bid} is below the minimum bid of {MINIMUM_BID}"
        if bid.amount > HIGHEST_POINT_BID:
            return (
                "bid-off-ladder",
                f"{bid} is not a bid: after {HIGHEST_POINT_BID} comes 1 mark (1m, or 42)",
            )
    elif bid.amount < 1:
        return "bid-off-ladder", f"{bid} is not a bid: marks start at 1m"
    if standing is not None and standing.kind is not PASS and not standing < bid:
        return "bid-not-above", f"{bid} does not beat the standing bid of {standing}"
    if kind is MARKS and bid.amount > FREE_MARKS:
        over = standing.amount if standing and standing.kind is BidKind.MARKS else 0
        if bid.amount != over + 1 or over < FREE_MARKS:
            plunge_marks = plunge_bid(rules)
            if plunge and rules.plunge and bid.amount == max(plunge_marks, over + 1):
                return None
            if splash and rules.splash and bid.amount == splash_jump(rules) > over:
                return None
            jump = (
                f"; only a Plunge may jump to {plunge_marks} marks"
                if rules.plunge and bid.amount == plunge_marks
                else ""
            )
            return (
                "bid-off-ladder",
                f"{bid.amount} marks may only be bid over {bid.amount - 1} marks{jump}",
            )
    return None


def plunge_bid(rules: RuleSet) -> int:
    """The marks a Plunge is bid at (docs/rules.md, Contracts, Plunge; plunge-bid option): by
    its lead, 4 with the declarer leading and 3 with the partner leading (004), or the marks
    the table names whoever leads.

    >>> plunge_bid(RuleSet()), plunge_bid(RuleSet(plunge_lead=PlungeLead.PARTNER))
    (4, 3)
    >>> plunge_bid(RuleSet(plunge_lead=PlungeLead.PARTNER, plunge_bid=PlungeBid.FOUR_MARKS))
    4
    """
    if rules.plunge_bid is PlungeBid.BY_LEAD:
        return 3 if rules.plunge_lead is PlungeLead.PARTNER else 4
    return PLUNGE_MARKS[rules.plunge_bid]


PLUNGE_MARKS = {PlungeBid.TWO_MARKS: 2, PlungeBid.THREE_MARKS: 3, PlungeBid.FOUR_MARKS: 4}
SPLASH_JUMP = 3  # the Splash's jump, where the table allows one, is to 3 marks


def splash_jump(rules: RuleSet) -> int:
    """The marks a Splash bidder may open at or jump to off the ladder (docs/rules.md,
    Contracts, Splash; splash-bid option): 3 under splash-bid=3m or 2m-or-3m, else none (0).

    >>> splash_jump(RuleSet()), splash_jump(RuleSet(splash_bid=SplashBid.TWO_OR_THREE))
    (0, 3)
    """
    return 0 if rules.splash_bid is SplashBid.TWO_MARKS else SPLASH_JUMP


POINTS_LADDER = (42, 84, 168)  # after 41 in the points game; 168 only over 84 (001, 004)


def _points_bid_problem(bid: Bid, standing: Bid | None) -> tuple[str, str] | None:
    value = bid.value
    if value < MINIMUM_BID:  # 0m too
        return "bid-below-minimum", f"{bid} is below the minimum bid of {MINIMUM_BID}"
    if value > HIGHEST_POINT_BID and value not in POINTS_LADDER:
        return "bid-off-ladder", f"{value} is not a bid: after 41 come 42, 84 and 168"
    if standing is not None and not standing.is_pass and not standing < bid:
        return "bid-not-above", f"{value} does not beat the standing bid of {standing.value}"
    if value == POINTS_LADDER[2] and (standing is None or standing.value != POINTS_LADDER[1]):
        return "bid-off-ladder", "168 may only be bid over 84"
    return None


def least_bid(special: Special, rules: RuleSet) -> Bid:
    """The smallest bid a special contract is played on (docs/rules.md, Contracts): 1 mark
    for Sevens and Low-No, Nello's nello-min (1 mark by default), 2 marks for a Splash (3
    under splash-bid=3m), the Plunge's own bid (:func:`plunge_bid`).

    >>> from notation.model.rule_sets import rule_set
    >>> [str(least_bid(s, rule_set("texas"))) for s in (Special.SPLASH, Special.PLUNGE)]
    ['2m', '4m']
    >>> str(least_bid(Special.NELLO, RuleSet(nello_min=LeastMarks.TWO_MARKS)))
    '2m'
    """
    if special is Special.PLUNGE:
        return Bid.marks(plunge_bid(rules))
    if special is Special.SPLASH:
        return Bid.marks(3 if rules.splash_bid is SplashBid.THREE_MARKS else 2)
    if special is Special.NELLO:
        return NELLO_LEAST[rules.nello_min]
    return ONE_MARK


NELLO_LEAST = {
    LeastMarks.THIRTY: Bid.points(MINIMUM_BID),
    LeastMarks.ONE_MARK: Bid.marks(1),
    LeastMarks.TWO_MARKS: Bid.marks(2),
}


def special_open_to(special: Special, rules: RuleSet, forced: bool) -> bool:
    """Whether a declarer may play ``special`` here (docs/rules.md, Contracts): the table plays
    it, and, where it is played only by a dealer forced to bid after three passes
    (nello=forced or sevens=forced, 004), the declarer is that dealer (``forced``).

    >>> forced_only = RuleSet(nello=Offered.FORCED)
    >>> special_open_to(Special.NELLO, forced_only, True)
    True
    >>> special_open_to(Special.NELLO, forced_only, False)
    False
    """
    if not rules.plays(special):
        return False
    offered = {Special.NELLO: rules.nello, Special.SEVENS: rules.sevens}.get(special)
    return forced or offered is not Offered.FORCED


def forced_only(special: Special, rules: RuleSet) -> bool:
    """Whether the table plays ``special`` only by a dealer forced to bid (docs/rules.md,
    Contracts; nello option; sevens option).

    >>> forced_only(Special.NELLO, RuleSet(nello=Offered.FORCED))
    True
    >>> forced_only(Special.NELLO, RuleSet(nello=Offered.YES))
    False
    """
    return rules.plays(special) and not special_open_to(special, rules, False)


def bid_was_forced(calls: Iterable[Bid], rules: RuleSet) -> bool:
    """Whether the winning bid of an auction, ``calls`` its bids in order, was the forced bid
    (docs/rules.md, Bidding): the table forces the last seat to bid (all-pass=forced-bid),
    the first three seats passed, and the fourth, the dealer (the last to bid), bid.

    >>> passes = [Bid.pass_()] * 3
    >>> bid_was_forced([*passes, Bid.marks(1)], RuleSet())
    True
    >>> bid_was_forced([Bid.points(30), *passes], RuleSet())
    False
    """
    bids = list(calls)
    return (
        dealer_must_bid(rules)
        and len(bids) == 4
        and all(b.is_pass for b in bids[:3])
        and not bids[3].is_pass
    )


def announced_trump(bid: Bid, trump: Trump) -> Trump:
    """The contract a trump line names after ``bid`` (docs/rules.md, The other 42 programs):
    after a bid that announced a Plunge or Splash, a plain trump the partner names is that
    Plunge's or Splash's trump; a Nello bid (``1m-nello``) is a Nello whatever the trump line
    leaves out. Anything else is as the trump line says.

    >>> from notation.model.contracts import parse_bid
    >>> str(announced_trump(parse_bid("4m-plunge"), Trump.pip(6)))
    'plunge sixes'
    >>> str(announced_trump(Bid.parse("4m"), Trump.pip(6)))
    'sixes'
    """
    special = bid.special
    if special is not None and special.partner_names_trump and trump.special is None:
        return Trump(trump.kind, trump.suit, trump.doubles, special)
    return trump


def announced_mismatch(bid: Bid, trump: Trump) -> bool:
    """Whether the trump line names another contract than the bid announced (docs/rules.md,
    The other 42 programs): a Nello bid played as anything but a Nello, or a Plunge or Splash
    bid played as the other one (a bid that announces nothing never is). What the partner of
    a Plunge or Splash may name instead is :func:`partner_may_name`'s.

    >>> from notation.model.contracts import parse_bid
    >>> announced_mismatch(parse_bid("1m-nello"), Trump.pip(6))
    True
    >>> announced_mismatch(parse_bid("4m-plunge"), announced_trump(parse_bid("4m-plunge"),
    ...                                                              Trump.pip(6)))
    False
    """
    special = bid.special
    if special is None:
        return False
    named = trump.special
    if special.partner_names_trump:
        return named is not None and named.partner_names_trump and named is not special
    return named is not special


def partner_may_name(trump: Trump, rules: RuleSet) -> bool:
    """Whether the partner of a Plunge or Splash may name ``trump`` (docs/rules.md, Contracts,
    Plunge; partner-names option): a pip or the doubles always; follow-me unless the table
    holds the partner to a trump (partner-names=trump); Sevens or a Nello only under
    partner-names=any (004).

    >>> from notation.model.contracts import TrumpKind
    >>> held = RuleSet(partner_names=PartnerNames.TRUMP)
    >>> partner_may_name(Trump.follow_me(), held), partner_may_name(Trump.follow_me(), RuleSet())
    (False, True)
    """
    if trump.special is not None and not trump.special.partner_names_trump:
        return rules.partner_names is PartnerNames.ANY
    if trump.kind is TrumpKind.FOLLOW_ME:
        return rules.partner_names is not PartnerNames.TRUMP
    return True


def contract_least_bid(trump: Trump, rules: RuleSet) -> Bid:
    """The least bid on which a declarer may play ``trump`` (docs/rules.md, Contracts): 30
    for a plain contract, but 1 mark for follow-me under follow-me-min=1m (004); a special
    contract's :func:`least_bid`.

    >>> from notation.model.rule_sets import rule_set
    >>> one_mark = rule_set("straight").with_options({"follow-me-min": "1m"})
    >>> [str(contract_least_bid(t, one_mark)) for t in (Trump.pip(6), Trump.follow_me())]
    ['30', '1m']
    >>> str(contract_least_bid(Trump.follow_me(), rule_set("straight")))
    '30'
    """
    special = trump.special
    if special is not None:
        return least_bid(special, rules)
    if trump.kind is TrumpKind.FOLLOW_ME and rules.follow_me_min is FollowMeMin.ONE_MARK:
        return ONE_MARK
    return LEAST_OPENING


LEAST_OPENING, ONE_MARK = Bid.points(MINIMUM_BID), Bid.marks(1)  # made once: asked every hand


def opening_bids(trump: Trump, rules: RuleSet) -> tuple[Bid, ...]:
    """The bids, cheapest first, on which a declarer may play ``trump`` having bid it with
    no bid of marks standing (docs/rules.md, Bidding; Contracts): 30 … 41 and 1 or 2 marks
    (42 and 84 in the points game), from the trump's :func:`contract_least_bid`; the Plunge
    at the bid it may jump to.

    >>> from notation.model.rule_sets import rule_set
    >>> [str(b) for b in opening_bids(Trump.pip(6), rule_set("straight"))][-3:]
    ['41', '1m', '2m']
    >>> one_mark = rule_set("straight").with_options({"follow-me-min": "1m"})
    >>> [str(b) for b in opening_bids(Trump.follow_me(), one_mark)]
    ['1m', '2m']
    >>> [str(b) for b in opening_bids(Trump(TrumpKind.PIP, 5, special=Special.PLUNGE),
    ...                               rule_set("texas"))]
    ['4m']
    """
    ladder = [Bid.points(n) for n in range(MINIMUM_BID, HIGHEST_POINT_BID + 1)]
    ladder += [Bid.marks(n) for n in range(1, FREE_MARKS + 1)]
    least = contract_least_bid(trump, rules)
    plunge = trump.special is Special.PLUNGE
    bids = [b for b in ladder if not b < least and bid_problem(b, None, rules) is None]
    if plunge and not bids and bid_problem(least, None, rules, plunge=True) is None:
        bids.append(least)
    return tuple(bids)


MARKS_IN_A_POINTS_GAME = 4  # the highest bid offered in the points game: 4 marks (168)


def bids_to_offer(standing: Bid | None, rules: RuleSet) -> tuple[Bid, ...]:
    """Every bid a seat might make over ``standing``, pass first, then cheapest first: 30 …
    41, then 1 mark up to 2 (4 in the points game), or one mark over marks standing; the
    jump of a Plunge (:func:`plunge_bid`) and of a Splash (:func:`splash_jump`) where the
    table plays them; and after each bid, that bid announcing each contract the table
    plays and may play on it (:func:`announcements`). Which of them the rules allow now is
    :func:`bid_problem`'s to say, and the seat's (its doubles, whether it was forced).

    >>> [str(b) for b in bids_to_offer(Bid.marks(2), RuleSet())][-2:]
    ['2m', '3m']
    >>> from notation.model.rule_sets import rule_set
    >>> [str(b) for b in bids_to_offer(None, rule_set("texas"))][-6:]
    ['2m-nello', '2m-splash', '4m', '4m-nello', '4m-splash', '4m-plunge']
    """
    candidates = [Bid.pass_(), *(Bid.points(n) for n in range(MINIMUM_BID, HIGHEST_POINT_BID + 1))]
    top = MARKS_IN_A_POINTS_GAME if rules.scoring is POINTS_SCORING else FREE_MARKS
    if standing is not None and standing.kind is BidKind.MARKS:
        top = max(top, standing.amount + 1)
    marks = {*range(1, top + 1)}
    if rules.plays(Special.PLUNGE):
        marks.add(plunge_bid(rules))
    if rules.plays(Special.SPLASH) and splash_jump(rules):
        marks.add(splash_jump(rules))
    candidates += [Bid.marks(n) for n in sorted(marks)]
    return tuple(b for plain in candidates for b in (plain, *announcements(plain, rules)))


ANNOUNCEABLE = (Special.NELLO, Special.SPLASH, Special.PLUNGE)  # as bids.ANNOUNCED, in order


def announcements(bid: Bid, rules: RuleSet) -> tuple[Bid, ...]:
    """``bid`` announcing each contract the table plays on it (docs/rules.md, The other 42
    programs; Contracts): Nello, Splash and Plunge, each from its :func:`least_bid` up. Who
    may make them (the forced dealer only under nello=forced, a seat holding the doubles) is
    :func:`special_open_to`'s and the deal's to say.

    >>> from notation.model.rule_sets import rule_set
    >>> [str(b) for b in announcements(Bid.marks(2), rule_set("texas"))]
    ['2m-nello', '2m-splash']
    >>> announcements(Bid.marks(2), rule_set("straight")), announcements(Bid.pass_(), RuleSet())
    ((), ())
    """
    if bid.is_pass or bid.special is not None:
        return ()
    return tuple(
        Bid(bid.kind, bid.amount, special)
        for special in ANNOUNCEABLE
        if rules.plays(special) and not bid < least_bid(special, rules)
    )


def specials_played(rules: RuleSet) -> tuple[Special, ...]:
    """The special contracts the table plays, in their usual order.

    >>> from notation.model.rule_sets import rule_set
    >>> specials_played(rule_set("straight"))
    ()
    >>> [s.value for s in specials_played(rule_set("texas"))][:1]
    ['nello']
    """
    return tuple(s for s in Special if rules.plays(s))
