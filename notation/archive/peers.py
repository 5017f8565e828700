"""The records of other 42 programs, and t42's share code, read as games and written from them
(docs/sharing.md).

:mod:`notation.formats.mk5`, :mod:`notation.formats.plunge` and :mod:`notation.formats.share`
know each format's syntax. Here a peer's events become a t42 hand — seats, the contract, the
tricks with their leaders and winners (from :mod:`notation.rules.tricks`), the score — and a
hand becomes the peer's events again. What one side cannot hold of the other is said in words:
reading, a variant t42 lacks is an error naming it; writing, what the format cannot hold is an
error when the hand needs it and a note (returned with the text) when it is only left out (a
comment, a player's name, a table's option the hand never used).

Seats: both programs number the seats 0 … 3 clockwise, partners 0 and 2; t42 reads them as
N, E, S, W, so 0 and 2 are North and South.

Longer than 600 lines because both programs' records meet t42's hand in one place: one
reading of a peer's events as a hand (tricks, leaders, the score), one way of bidding a
Plunge or Splash as the other programs bid it, and one set of writers' checks, which each
program's part (under 250 lines) calls.

>>> game, notes = read_code("v1t3" + "66656463626160" + "55545352515044" + "43424140333231"
...                         + "30222120111000" + ".P30PP")
>>> print(game.hands[0].auction.calls[1].seat, game.hands[0].auction.calls[1].bid)
E 30
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence

from notation.errors import NotationError
from notation.formats import mk5, plunge, share
from notation.model.bids import Bid, BidKind
from notation.model.contracts import Contract, DoublesRank, Special, Trump, TrumpKind
from notation.model.game import (
    Auction,
    Call,
    Comment,
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
)
from notation.model.rule_sets import RuleSet, rule_set
from notation.model.seats import SEATS, Seat, Team, play_order
from notation.model.tiles import TILES_IN_A_HAND, TRICKS_IN_A_HAND, Tile
from notation.rules.auction import announced_trump
from notation.rules.scoring import hand_award, made_or_set
from notation.rules.tricks import first_leader, take_trick, tally


class PeerError(NotationError):
    """A record of another program that t42 cannot read, or a game that another program's
    format cannot hold, said in words."""

    def __init__(self, message: str) -> None:
        super().__init__(message, None, None, "peer-record")


# The tables each program's settings describe, as t42 options over straight 42.
_STRAIGHT_RESHAKE = {"all-pass": "reshake"}
PLUNGE_PRESETS: dict[str, dict[str, str]] = {
    # N42PA straight 42: all pass, reshake.
    "tournament": _STRAIGHT_RESHAKE,
    # The family table: the dealer is forced to bid after three passes; Nello open, its
    # doubles a suit of their own (no other reading may be named), follow-me doubles high.
    "plunge": {"all-pass": "forced-bid", "nello": "yes", "nello-doubles": "own-suit",
               "nello-doubles-choice": "table"},
    # The house game: as the family table's Nello, reshake; the Plunge at 4 marks with the
    # partner naming trump and leading, the Splash at 2 or 3 marks, the partner held to a pip
    # or the doubles (docs/rules.md, The other 42 programs).
    "casual": {"all-pass": "reshake", "nello": "yes", "nello-doubles": "own-suit",
               "nello-doubles-choice": "table", "plunge": "yes", "plunge-lead": "partner",
               "plunge-bid": "4m", "splash": "yes", "splash-bid": "2m-or-3m",
               "partner-names": "trump"},
}
# Each mk5 rule layer as t42 options: its Plunge is bid at 4 marks (or over a higher bid)
# with the partner naming trump and leading, its Splash at 2 or 3 marks.
_MK5_LAYER_OPTIONS: dict[str, dict[str, str]] = {
    "nello": {"nello": "yes"},
    "plunge": {"plunge": "yes", "plunge-lead": "partner", "plunge-bid": "4m"},
    "splash": {"splash": "yes", "splash-bid": "2m-or-3m"},
    "sevens": {"sevens": "yes"},
}
_MK5_QUIET_LAYERS = ("tournament", "oneHand", "speed", "hints")  # no rule t42 records


def _tagged(options: dict[str, str], notes: Sequence[str] = ()) -> tuple[Tag, ...]:
    """The Rules and Options tags of a table, what t42 notes of the record as comments after
    them (so that the record itself says it)."""
    words = " ".join(f"{name}={value}" for name, value in options.items())
    after = tuple(Comment(note) for note in notes)
    return (Tag("Rules", "straight"), Tag("Options", words, after=after))


def _rules_of(options: dict[str, str]) -> RuleSet:
    return rule_set("straight").with_options(options)


def plunge_tags(preset: str) -> tuple[Tag, ...]:
    """The Rules and Options tags t42 writes for a plunge preset (``casual``, ``tournament``,
    ``plunge``).

    >>> [t.value for t in plunge_tags("tournament")]
    ['straight', 'all-pass=reshake']
    """
    return _tagged(PLUNGE_PRESETS[preset])


def mk5_tags(layers: Sequence[str] = ()) -> tuple[Tag, ...]:
    """The Rules and Options tags t42 writes for mk5's table with these rule layers.

    >>> [t.value for t in mk5_tags(["nello"])]
    ['straight', 'all-pass=reshake nello=yes']
    >>> mk5_tags(["plunge"])[1].value
    'all-pass=reshake plunge=yes plunge-lead=partner plunge-bid=4m'
    """
    return _tagged(_mk5_options(layers))


def _mk5_options(layers: Sequence[str]) -> dict[str, str]:
    options = dict(_STRAIGHT_RESHAKE)
    for layer in layers:
        options.update(_MK5_LAYER_OPTIONS.get(layer, {}))
    return options


def is_code(text: str) -> bool:
    """Whether ``text`` (one line) is a share code, an mk5 URL replay or a plunge code.

    >>> is_code("1.q1YqSi0pSc1TsgISWQ"), is_code('[Event "x"]'), is_code("hand 1 dealer N")
    (True, False, False)
    """
    line = text.strip()
    return (share.looks_like_code(line) or mk5.is_mk5_url(line)
            or plunge.is_plunge_code(line))


def read_code(text: str) -> tuple[Game, tuple[str, ...]]:
    """The game one line holds — a share code, an mk5 URL or a plunge code — and what was
    left out of it in words; raise :class:`~notation.errors.NotationError` in words when it
    cannot be read."""
    line = text.strip()
    if plunge.is_plunge_code(line):
        return plunge_game(plunge.loads(line))
    if mk5.is_mk5_url(line):
        return mk5_game(mk5.loads(line))
    return share.loads(line), ()


# -- a hand from events ---------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class _Events:
    dealer: Seat
    dealt: dict[Seat, tuple[Tile, ...]]
    calls: tuple[Call, ...]
    trump: Trump | None
    plays: tuple[Tile, ...]


def _hand(events: _Events, rules: RuleSet) -> tuple[Hand, tuple[str, ...]]:
    """A t42 hand from a peer's events: tricks split by who plays (a Nello's partner sits
    out), led by the first leader and then each winner; score lines once it is over."""
    holdings = tuple(Holding(seat, tuple(sorted(events.dealt[seat], reverse=True)))
                     for seat in SEATS)
    header = HandHeader(1, events.dealer)
    auction = Auction(events.calls) if events.calls else None
    winner = auction.winning_call if auction is not None else None
    if winner is None and events.trump is not None:
        raise PeerError(f"trump is named ({events.trump}), yet no bid won the auction")
    if winner is None or events.trump is None:
        if events.plays:
            raise PeerError("tiles are played, yet no contract was made")
        scores: tuple[ScoreLine, ...] = ()
        if winner is None and len(events.calls) == 4:
            scores = (ScoreLine(ScoreKind.MARKS, 0, 0), ScoreLine(ScoreKind.TOTAL, 0, 0))
        return Hand(header, holdings, auction, scores=scores), ()
    # After a bid that announced a Plunge or Splash, the partner's trump is its trump.
    contract = Contract(winner.seat, winner.bid, announced_trump(winner.bid, events.trump))
    leader = first_leader(contract, rules)
    outcomes = []
    plays = list(events.plays)
    number = 1
    while plays:
        if number > TRICKS_IN_A_HAND:
            raise PeerError("more tiles are played than seven tricks hold")
        seats = play_order(leader, contract.sitting_out)
        tiles, plays = plays[: len(seats)], plays[len(seats):]
        for seat, tile in zip(seats, tiles, strict=False):
            if tile not in events.dealt[seat]:
                raise PeerError(f"trick {number}: {seat.name_word} plays the {tile}, "
                                "which was not dealt to that seat")
        outcome = take_trick(number, leader, tiles, contract)
        outcomes.append(outcome)
        leader = outcome.winner
        number += 1
    tricks = tuple(Trick(o.number, o.seats[0], tuple(Play(t) for t in o.tiles))
                   for o in outcomes)
    trump_call = TrumpCall(contract.trump, contract.trump_namer)
    whole = [o for o in outcomes if len(o.tiles) == len(o.seats)]
    points, taken = tally(whole)
    made, set_ = made_or_set(contract, points, taken, len(whole))
    notes: tuple[str, ...] = ()
    scores = ()
    if len(whole) == TRICKS_IN_A_HAND or ((made or set_) and len(whole) == len(outcomes)):
        mark = hand_award(contract, made, points, rules)
        scores = (ScoreLine(ScoreKind.POINTS, points[Team.NS], points[Team.EW]),
                  ScoreLine(ScoreKind.MARKS, mark.of(Team.NS), mark.of(Team.EW)),
                  ScoreLine(ScoreKind.TOTAL, mark.of(Team.NS), mark.of(Team.EW)))
        if len(whole) < TRICKS_IN_A_HAND:
            notes = (f"the hand stops after trick {len(whole)}, "
                     f"{'made' if made else 'set'}; its points are those of the tricks played",)
    else:
        scores = ()
        notes = (f"the hand stops after {len(events.plays)} plays, before it is decided",)
    return Hand(header, holdings, auction, trump_call, tricks, scores=scores), notes


def _seat(player: int) -> Seat:
    return SEATS[player]


def _calls(dealer: Seat, bids: Sequence[Bid]) -> tuple[Call, ...]:
    seats = dealer.next.clockwise()
    if len(bids) > 4:
        raise PeerError("more than four bids in one auction")
    return tuple(Call(seat, bid) for seat, bid in zip(seats, bids, strict=False))


# -- plunge ---------------------------------------------------------------------------------


def plunge_game(code: plunge.PlungeCode) -> tuple[Game, tuple[str, ...]]:
    """A plunge replay code as a game of one hand, and what t42 notes of it."""
    options = PLUNGE_PRESETS[code.preset]
    rules = _rules_of(options)
    dealer = _seat(code.shaker)
    dealt = {_seat(s): tuple(Tile(h, low) for h, low in seat) for s, seat in enumerate(code.dealt)}
    bids: list[Bid] = []
    for token in code.bids:
        if token == "P":
            bids.append(Bid.pass_())
        elif token.isdigit():
            bids.append(Bid.points(int(token)))
        else:  # M, or a bid that announces its contract: N Nello, G Plunge, S Splash
            bids.append(Bid(BidKind.MARKS, int(token[1:]), _PLUNGE_LETTER_BID.get(token[0])))
    calls = _calls(dealer, bids)
    winner = Auction(calls).winning_call if calls else None
    nello_bid = winner is not None and winner.bid.special is Special.NELLO
    trump = _plunge_trump(code.declaration, rules, nello_bid)
    events = _Events(dealer, dealt, calls, trump, tuple(Tile(h, low) for h, low in code.plays))
    hand, notes = _hand(events, rules)
    return Game(_tagged(options, notes), (hand,)), notes


def _plunge_trump(declaration: str | None, rules: RuleSet, nello_bid: bool) -> Trump | None:
    if declaration is None and nello_bid:  # a Nello bid names its contract
        declaration = "n"
    if declaration is None:
        return None
    if nello_bid and declaration != "n":
        raise PeerError("a Nello bid (N) is declared as Nello (Dn)")
    if declaration == "s":
        raise PeerError("this hand is declared Sevens (Ds), which no plunge preset plays")
    if declaration == "n":
        return rules.trump_called(TrumpKind.FOLLOW_ME, special=Special.NELLO)
    if declaration == "7":
        return Trump.doubles_trump()
    if declaration == "9":
        return Trump.follow_me(DoublesRank.HIGH)
    return Trump.pip(int(declaration))


def plunge_codes(game: Game) -> tuple[list[str], list[str]]:
    """Each hand of ``game`` as a plunge replay code, and what the codes leave out, in words;
    raise :class:`PeerError` naming what a hand needs that plunge cannot hold."""
    notes = _left_out(game, "plunge codes")
    preset = _nearest_preset(game.rules, notes)
    theirs = _rules_of(PLUNGE_PRESETS[preset])
    codes = []
    for hand in game.hands:
        _led_as_theirs(hand, game.rules, theirs, f"plunge's {preset} preset", "plunge codes")
        codes.append(plunge.dumps(_plunge_hand(hand, preset, notes)))
    return codes, notes


def _nearest_preset(rules: RuleSet, notes: list[str]) -> str:
    """The plunge preset a game's table plays as: its all-pass rule decides (a forced dealer:
    the family table; reshake: the casual preset where the Plunge or Splash is played, else
    tournament); any other option that differs is noted here, and refused by the hand that
    needs it."""
    for preset in ("tournament", "plunge", "casual"):
        if _rules_of(PLUNGE_PRESETS[preset]) == rules:
            return preset
    ours = rules.options()
    forced = _rules_of({"all-pass": "forced-bid"}).options()["all-pass"]
    preset = ("plunge" if ours["all-pass"] == forced
              else "casual" if "yes" in (ours["plunge"], ours["splash"]) else "tournament")
    theirs = _rules_of(PLUNGE_PRESETS[preset]).options()
    differ = [f"{name}={value}" for name, value in rules.options().items()
              if theirs[name] != value]
    notes.append(f"plunge has no preset for this game's rules: written as its {preset} "
                 f"preset, whose options differ from this game's {', '.join(differ)}")
    return preset


_PLUNGE_BID_LETTER: dict[Special | None, str] = {
    Special.NELLO: "N", Special.PLUNGE: "G", Special.SPLASH: "S",
}
_PLUNGE_LETTER_BID = {letter: special for special, letter in _PLUNGE_BID_LETTER.items()
                      if special is not None}


def _plunge_hand(hand: Hand, preset: str, notes: list[str]) -> plunge.PlungeCode:
    where = f"hand {hand.header.number}"
    dealt = _full_deal(hand, where)
    _auction_in_order(hand, where)
    bids = []
    for call in _bid_as_announced(hand, "plunge's", "G or S", notes):
        bid = call.bid
        if bid.kind is BidKind.PASS:
            bids.append("P")
        elif bid.kind is BidKind.POINTS:
            bids.append(str(bid.amount))
        else:  # a bid that announced its contract keeps it: plunge's N, G and S bids
            bids.append(f"{_PLUNGE_BID_LETTER.get(bid.special, 'M')}{bid.amount}")
    declaration = None
    if hand.trump is not None:
        declaration = _plunge_declaration(hand.trump.trump, where)
    plays = tuple((p.tile.high, p.tile.low) for t in hand.tricks for p in t.plays)
    return plunge.PlungeCode(
        preset, hand.header.dealer.index,
        tuple(tuple((t.high, t.low) for t in dealt[seat]) for seat in SEATS),
        tuple(bids), declaration, plays,
    )


def _plunge_declaration(trump: Trump, where: str) -> str:
    special = trump.special
    if special is not None and special.partner_names_trump:  # the partner names a trump
        trump, special = dataclasses.replace(trump, special=None), None
    if special is Special.NELLO and trump.doubles is DoublesRank.OWN_SUIT:
        return "n"
    if special is not None:
        raise PeerError(f"{where}: a plunge code holds no {trump} (plunge's presets play "
                        "Nello with its doubles a suit of their own, and nothing else special)")
    if trump.kind is TrumpKind.PIP and trump.suit is not None:
        return str(trump.suit)
    if trump.kind is TrumpKind.DOUBLES:
        return "7"
    if trump.doubles is DoublesRank.HIGH:
        return "9"
    raise PeerError(f"{where}: a plunge code holds follow-me only with its doubles high, "
                    f"not {trump}")


def _bid_as_announced(hand: Hand, whose: str, letters: str, notes: list[str]) -> list[Call]:
    """The calls of ``hand`` as the other programs bid them: a Plunge or Splash is a bid of
    its own there, so a winning bid that did not announce the Plunge or Splash the trump line
    names is written as one, and said in ``notes`` (it reads back announced: 4m-plunge)."""
    calls = list(hand.auction.calls if hand.auction else ())
    winner = hand.auction.winning_call if hand.auction else None
    special = hand.trump.trump.special if hand.trump is not None else None
    if (winner is not None and special is not None and special.partner_names_trump
            and winner.bid.special is None):
        announced = Bid(winner.bid.kind, winner.bid.amount, special)
        calls = [dataclasses.replace(c, bid=announced) if c is winner else c for c in calls]
        notes.append(f"hand {hand.header.number}'s bid of {winner.bid} is written as {whose} "
                     f"{special.title} bid ({letters}), which reads back as {announced}")
    return calls


# -- mk5 ------------------------------------------------------------------------------------

_MK5_SUITS = ("blanks", "aces", "deuces", "tres", "fours", "fives", "sixes")


def mk5_deal(seed: int) -> tuple[int, ...]:
    """The deal mk5 shuffles from ``seed`` (its ``s=``), as tile numbers, player 0's first.

    mk5 shuffles the 28 tiles, taken in the order 0-0, 1-0, 2-0 … 6-0, 1-1, 2-1 … 6-6, by
    Fisher–Yates from the last place down, each place's partner drawn as ⌊r·(i+1)⌋ from
    Park and Miller's minimal standard generator (next = 16807·state mod 2³¹−1, r =
    next/(2³¹−1), the first state the seed, or 1 for 0). Its arithmetic is JavaScript's, on
    doubles, and so is this, exactly, for any seed below 2⁵³; a larger seed is refused, as
    JavaScript could not hold it either.

    >>> len(set(mk5_deal(12345)))
    28
    """
    if seed >= 2**53:
        raise PeerError("an mk5 seed of 2⁵³ or more cannot be followed exactly")
    order = [mk5.tile_number(max(a, b), min(a, b))
             for a in range(7) for b in range(a, 7)]
    state = float(seed) or 1.0
    for i in range(len(order) - 1, 0, -1):
        state = mk5_next_state(state)
        j = math.floor(state / _MODULUS * (i + 1))
        order[i], order[j] = order[j], order[i]
    return tuple(order)


_MODULUS = 2147483647.0  # 2³¹ − 1


def mk5_next_state(state: float) -> float:
    """The next state of mk5's generator: 16807·state mod 2³¹−1, on doubles as JavaScript
    computes it (the product rounded to a double, the remainder exact, as ``%`` is).

    >>> state = 1.0
    >>> for _ in range(10_000):
    ...     state = mk5_next_state(state)
    >>> state  # Park and Miller's own check of the minimal standard generator
    1043618065.0
    """
    return math.fmod(16807.0 * state, _MODULUS)


def mk5_game(replay: mk5.Mk5Replay) -> tuple[Game, tuple[str, ...]]:
    """An mk5 URL replay as a game of one hand, and what t42 notes of it."""
    notes: list[str] = []
    options = _mk5_options(replay.layers)
    rules = _rules_of(options)
    deal = replay.deal if replay.deal is not None else mk5_deal(replay.seed or 0)
    dealer = _seat(replay.dealer)
    tiles = [Tile(*mk5.tile_of(n)) for n in deal]
    dealt = {_seat(s): tuple(tiles[7 * s: 7 * s + 7]) for s in range(4)}
    bids: list[Bid] = []
    trump: Trump | None = None
    plays: list[Tile] = []
    in_trick = 0
    ended = False
    for place, event in enumerate(replay.events, start=1):
        if ended:
            raise PeerError(
                f"event {place} ({event}) comes after the hand is over: t42 reads one hand of "
                "an mk5 URL (mk5 deals the next from its own state, which the URL does not hold)"
            )
        if event == "pass":
            bids.append(Bid.pass_())
        elif event == "redeal" or event == "score-hand":
            ended = True
        elif event.startswith("bid-") and event[4:].isdigit():
            amount = int(event[4:])
            bids.append(Bid.marks(1) if amount == 42 else Bid.points(amount))
        elif event.startswith("bid-") and event.endswith("-marks"):
            bids.append(Bid.marks(int(event[4:-6])))
        elif event in _MK5_DOUBLES_BIDS:
            special = _MK5_DOUBLES_BIDS[event]
            if special.value not in replay.layers:
                raise PeerError(f"event {place} is mk5's {event}, yet the URL names no "
                                f"{special.value} layer (l=), under which alone mk5 bids it")
            bids.append(Bid(BidKind.MARKS, mk5_doubles_bid(special, bids), special))
        elif event.startswith("trump-"):
            trump = _mk5_trump(event[6:], rules)
        elif event.startswith("play-"):
            high, low = event[5:].split("-")
            plays.append(Tile(int(high), int(low)))
            in_trick += 1
        elif event == "complete-trick":
            if in_trick != 4:
                raise PeerError(f"event {place}: a trick is completed after {in_trick} plays")
            in_trick = 0
        else:
            raise PeerError(f"event {place} is mk5's {event}, which t42 cannot read: "
                            + _MK5_RARE.get(event, "mk5 gives it no meaning t42 knows"))
    quiet = [layer for layer in replay.layers if layer in _MK5_QUIET_LAYERS]
    if quiet:
        notes.append(f"mk5's layer{'s' if len(quiet) > 1 else ''} {', '.join(quiet)} "
                     "change no rule t42 records")
    if replay.seed is not None:
        notes.append(f"the deal is shuffled from mk5's seed {replay.seed}")
    hand, hand_notes = _hand(_Events(dealer, dealt, _calls(dealer, bids), trump,
                                     tuple(plays)), rules)
    noted = (*notes, *hand_notes)
    return Game(_tagged(options, noted), (hand,)), noted


_MK5_DOUBLES_BIDS = {"bid-plunge": Special.PLUNGE, "bid-splash": Special.SPLASH}
# mk5's Plunge and Splash are bid at marks it works out: at least these, and at most (a
# Splash) the second.
_MK5_DOUBLES_MARKS = {Special.PLUNGE: (4, None), Special.SPLASH: (2, 3)}
_MK5_DOUBLES_WORDS = {Special.PLUNGE: "4, or one over the highest bid of marks",
                      Special.SPLASH: "2, or 3 over a bid of 2 marks or more"}


def mk5_doubles_bid(special: Special, before: Sequence[Bid]) -> int:
    """The marks mk5 bids its Plunge or Splash at after the bids ``before``: one over the
    highest bid of marks, and at least 4 for a Plunge; a Splash 2, and 3 at most.

    >>> mk5_doubles_bid(Special.PLUNGE, [Bid.points(30), Bid.marks(4)])
    5
    >>> mk5_doubles_bid(Special.SPLASH, [Bid.points(30)]), mk5_doubles_bid(Special.SPLASH,
    ...                                                                    [Bid.marks(2)])
    (2, 3)
    """
    least, most = _MK5_DOUBLES_MARKS[special]
    highest = max((b.amount for b in before if b.kind is BidKind.MARKS), default=0)
    marks = max(least, highest + 1)
    return marks if most is None else min(most, marks)


_MK5_RARE = {
    "bid-nello": "mk5 itself no longer reads it (Nello is named as trump after a bid of marks)",
    "bid-sevens": "mk5 itself no longer reads it (Sevens is named as trump after a bid)",
    "bid-84-honors": "84 honors is not a game t42 plays",
    **{f"timeout-p{p}": "a player's time ran out, which t42 records no rule for"
       for p in range(4)},
}


def _mk5_trump(name: str, rules: RuleSet) -> Trump:
    renamed = {"ones": "aces", "twos": "deuces", "threes": "tres"}.get(name, name)
    if renamed in _MK5_SUITS:
        return Trump.pip(_MK5_SUITS.index(renamed))
    if name == "doubles":
        return Trump.doubles_trump()
    return rules.trump_named("follow-me")


def mk5_urls(game: Game, base: str = "") -> tuple[list[str], list[str]]:
    """Each hand of ``game`` as an mk5 URL replay (``base`` the address before ``?``), and
    what the URLs leave out, in words; raise :class:`PeerError` naming what a hand needs that
    an mk5 URL cannot hold."""
    notes = _left_out(game, "mk5 URLs")
    rules = game.rules
    options = rules.options()
    layers = tuple(layer for layer in _MK5_LAYER_OPTIONS if options[layer] == "yes")
    mk5_rules = _rules_of(_mk5_options(layers))
    if mk5_rules != rules:
        theirs = mk5_rules.options()
        differ = [f"{name}={value}" for name, value in options.items() if theirs[name] != value]
        notes.append("mk5's URL names only its rule layers (nello, plunge, splash, sevens), "
                     f"and mk5 redeals when all pass: this game's {', '.join(differ)} "
                     "are not in the URLs")
    for hand in game.hands:
        _led_as_theirs(hand, rules, mk5_rules, "mk5", "mk5 URLs")
    urls = [mk5.dumps(_mk5_hand(hand, layers, notes), base) for hand in game.hands]
    return urls, notes


def _mk5_hand(hand: Hand, layers: tuple[str, ...], notes: list[str]) -> mk5.Mk5Replay:
    where = f"hand {hand.header.number}"
    dealt = _full_deal(hand, where)
    _auction_in_order(hand, where)
    events: list[str] = []
    calls = _bid_as_announced(hand, "mk5's", "~A or ~B", notes)
    for place, call in enumerate(calls):
        bid = call.bid
        if bid.special in _MK5_DOUBLES_MARKS:
            special = bid.special
            assert special is not None
            mk5_marks = mk5_doubles_bid(special, [c.bid for c in calls[:place]])
            if bid.amount != mk5_marks:
                raise PeerError(
                    f"{where}: mk5 bids a {special.title} at the marks it works out itself "
                    f"({mk5_marks} here: {_MK5_DOUBLES_WORDS[special]}), not {bid}")
            events.append(f"bid-{special.value}")
        elif bid.kind is BidKind.PASS:
            events.append("pass")
        elif bid.kind is BidKind.POINTS:
            events.append(f"bid-{bid.amount}")
        elif bid.amount <= 3:
            if bid.special is not None:  # a Nello bid: mk5 names its Nello with the trump
                notes.append(f"{where}: mk5 bids no Nello; {bid} is written as a bid of "
                             f"{bid.plain}")
            events.append(f"bid-{bid.amount}-marks")
        else:
            raise PeerError(f"{where}: an mk5 URL holds bids up to 3 marks, not {bid}")
    if len(calls) == 4 and all(c.bid.kind is BidKind.PASS for c in calls):
        events.append("redeal")
    if hand.trump is not None:
        events.append(_mk5_trump_event(hand.trump.trump, where))
    for trick in hand.tricks:
        events.extend(mk5.tile_event(p.tile.high, p.tile.low) for p in trick.plays)
        if len(trick.plays) == 4:
            events.append("complete-trick")
    if len(hand.tricks) == TRICKS_IN_A_HAND and all(len(t.plays) == 4 for t in hand.tricks):
        events.append("score-hand")
    deal = tuple(mk5.tile_number(t.high, t.low) for seat in SEATS for t in dealt[seat])
    return mk5.Mk5Replay(deal=deal, dealer=hand.header.dealer.index, layers=layers,
                         events=tuple(events))


def _mk5_trump_event(trump: Trump, where: str) -> str:
    if trump.special is not None and trump.special.partner_names_trump:
        trump = dataclasses.replace(trump, special=None)  # the partner names a trump
    if trump.special is not None:
        raise PeerError(f"{where}: an mk5 URL has no event for a {trump.special.title} "
                        "contract")
    if trump.kind is TrumpKind.PIP and trump.suit is not None:
        return f"trump-{_MK5_SUITS[trump.suit]}"
    if trump.kind is TrumpKind.DOUBLES:
        return "trump-doubles"
    if trump.doubles is not DoublesRank.HIGH:
        raise PeerError(f"{where}: an mk5 URL holds follow-me with its doubles high only, "
                        f"not {trump}")
    return "trump-no-trump"


# -- what both writers check ----------------------------------------------------------------


def _led_as_theirs(hand: Hand, ours: RuleSet, theirs: RuleSet, table: str, what: str) -> None:
    """Refuse a Plunge or Splash the other program's table would not play as this one was:
    one it plays none of, or one led from the other hand (plunge-lead)."""
    trump = hand.trump.trump if hand.trump is not None else None
    winner = hand.auction.winning_call if hand.auction is not None else None
    special = trump.special if trump is not None else None
    if trump is None or winner is None or special is None or not special.partner_names_trump:
        return
    where = f"hand {hand.header.number}"
    if not theirs.plays(special):
        raise PeerError(f"{where}: {what} hold no {special.title} under {table}, which plays "
                        "none")
    contract = Contract(winner.seat, winner.bid, trump)

    def led_by(rules: RuleSet) -> str:
        return "declarer" if first_leader(contract, rules) is contract.declarer else "partner"

    if led_by(ours) != led_by(theirs):
        raise PeerError(f"{where}: {what} hold a {special.title} led by the {led_by(theirs)}, "
                        f"as {table} plays it; this one is led by the {led_by(ours)}")


def _full_deal(hand: Hand, where: str) -> dict[Seat, tuple[Tile, ...]]:
    dealt = {h.seat: h.tiles for h in hand.deal}
    if len(dealt) != 4 or any(len(t) != TILES_IN_A_HAND for t in dealt.values()) or len(
        {t for tiles in dealt.values() for t in tiles}
    ) != 4 * TILES_IN_A_HAND:
        raise PeerError(f"{where}: the other programs' records need the whole deal, "
                        "seven tiles to each seat")
    return {seat: tuple(sorted(tiles, reverse=True)) for seat, tiles in dealt.items()}


def _auction_in_order(hand: Hand, where: str) -> None:
    calls = hand.auction.calls if hand.auction else ()
    seats = tuple(c.seat for c in calls)
    if seats != hand.header.dealer.next.clockwise()[: len(seats)]:
        raise PeerError(f"{where}: the other programs' records hold an auction from the "
                        "dealer's left, each seat once; this one goes "
                        + " ".join(str(s) for s in seats))


def _left_out(game: Game, what: str) -> list[str]:
    """What of ``game`` no peer format holds: tags but the rules, comments, the lay-downs."""
    notes: list[str] = []
    kept = {"Rules", "Options"}
    tags = [t.name for t in game.tags if t.name not in kept and t.value not in ("", "?")]
    if tags:
        notes.append(f"{what} hold no tags: {', '.join(tags)} left out")
    if _has_comments(game):
        notes.append(f"{what} hold no comments: every comment left out")
    ended = [str(h.header.number) for h in game.hands if h.ending is not None]
    if ended:
        notes.append(f"{what} hold no early ending: hand {', '.join(ended)} stops at its last "
                     "play written")
    if len(game.hands) > 1:
        notes.append(f"{what} hold one hand each: the running marks between hands are left out")
    return notes


def _has_comments(game: Game) -> bool:
    def noted(item: object) -> bool:
        return bool(getattr(item, "before", ()) or getattr(item, "after", ()))

    for tag in game.tags:
        if noted(tag):
            return True
    for hand in game.hands:
        items: list[object] = [hand.header, *hand.deal, *hand.scores]
        if hand.auction is not None:
            items += [hand.auction, *hand.auction.calls]
        if hand.trump is not None:
            items.append(hand.trump)
        if hand.ending is not None:
            items.append(hand.ending)
        for trick in hand.tricks:
            items += [trick, *trick.plays]
        if any(noted(item) for item in items):
            return True
    return False
