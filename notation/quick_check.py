"""A quick look at a game of notation: does the reader and the rules check pass it clean?

Most games in an archive are written as ``t42 fmt`` and ``t42 deal`` write them and break no
rule, and for those ``t42 validate`` has nothing to say. Reading such a game into the model
costs some fifty objects a hand; this module instead reads each hand of the canonical form
with one regular expression and checks the rules on integers, with the engine's own tables
and functions (:func:`notation.play.trump_table`, :func:`notation.auction.bid_problem`,
:func:`notation.scoring.award`, :func:`notation.scoring.game_winner`).

It vouches only for what it fully understands: a tag block of plain tags, then hands written
in full (the whole deal, four bids in turn, the trump named by the declarer, seven tricks,
and the points, marks and running total), each under a pip trump, doubles or follow-me, in
the marks game with the left of the dealer bidding first. At anything else — another layout,
a comment, a special contract, the least irregularity — it gives up (``None``) and the reader
and :func:`notation.validate.check_game` take the game, so every finding is theirs. Tests hold
the two to agreement on random games and on games with tiles, bids, seats and scores changed.

>>> from notation.reader import split_games
>>> text = '''[Rules "straight"]
...
... hand 1 dealer N
... deal N 6-6 6-5 6-4 6-3 6-2 6-1 6-0
...      E 5-5 5-4 5-3 5-2 5-1 5-0 4-4
...      S 4-3 4-2 4-1 4-0 3-3 3-2 3-1
...      W 3-0 2-2 2-1 2-0 1-1 1-0 0-0
... bid E pass S pass W pass N 1m
... trump N sixes
... 1 N 6-6 5-5 4-3 3-0
... 2 N 6-5 5-4 4-2 2-2
... 3 N 6-4 5-3 4-1 2-1
... 4 N 6-3 5-2 4-0 2-0
... 5 N 6-2 5-1 3-3 1-1
... 6 N 6-1 5-0 3-2 1-0
... 7 N 6-0 4-4 3-1 0-0
... points NS 42 EW 0
... marks NS 1 EW 0
... total NS 1 EW 0
... '''
>>> [clean_hands(game) for game in split_games(text)]
[1]
>>> [clean_hands(game) for game in split_games(text.replace("6-0 4-4", "4-4 6-0"))]
[None]
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from typing import Any, Protocol

from notation.auction import BIDDING_ORDERS, bid_problem
from notation.bids import Bid
from notation.contracts import Trump, TrumpKind
from notation.game import tag_name
from notation.play import TrumpTable, trump_table
from notation.reader import read_bid
from notation.rules import (
    FirstBidder,
    FollowMeMin,
    OpeningLead,
    RulesError,
    RuleSet,
    Scoring,
    parse_options,
    rule_set,
)
from notation.scoring import award, game_winner, is_made
from notation.seats import Team
from notation.tiles import COUNT_BY_KEY, HIGHEST_PIP, TILE_KEY_STRIDE

POINTS_IN_A_HAND = 42
MARKS_TO_FOLLOW_ME = 42  # follow-me-min=1m: a bid of 1 mark (42) or more


class Segment(Protocol):
    """A part of a game's text as :func:`notation.reader.split_games` cuts it."""

    @property
    def kind(self) -> str: ...

    @property
    def text(self) -> str: ...


# ---- the canonical form, as regular expressions narrower than the grammar ----

# A tag the grammar reads as TAG_LINE, leaving out the escapes and the comment characters
# that the reader treats with care.
_TAG = r'\[([A-Za-z][A-Za-z0-9_]*) "([^"\\\r\n{};]*)"\]'
_TAG_BLOCK = re.compile(rf"[ \n]*(?:{_TAG}\n)*{_TAG}[ \n]*\Z")
_TAGS = re.compile(_TAG)
_T = r"[0-6]-[0-6]"
_HOLDING = rf"((?:{_T} ){{6}}{_T})"  # 27 characters: a tile every 4
_CALL = r"([NESW]) (pass|[0-9]{1,2}|[1-7]m)"
_HAND = re.compile(
    rf"[ \n]*hand ([0-9]{{1,4}}) dealer ([NESW])\n"
    rf"deal N {_HOLDING}\n     E {_HOLDING}\n     S {_HOLDING}\n     W {_HOLDING}\n"
    rf"bid {_CALL} {_CALL} {_CALL} {_CALL}\n"
    r"trump ([NESW]) (blanks|ones|deuces|treys|fours|fives|sixes|doubles|follow-me)"
    r"(?: (doubles-(?:high|low|own-suit)))?\n"
    rf"((?:[1-7] [NESW] (?:{_T} ){{3}}{_T}\n){{7}})"  # 7 lines of 20 characters
    r"points NS ([0-9]{1,2}) EW ([0-9]{1,2})\n"
    r"marks NS ([0-9]) EW ([0-9])\n"
    r"total NS ([0-9]{1,2}) EW ([0-9]{1,2})[ \n]*\Z"
)
_NUMBERS = "1234567"
_TRICK_LINE = 20  # "1 W 6-3 6-2 6-1 5-5\n"
_SEAT_AT = {"N": 0, "E": 1, "S": 2, "W": 3}  # positions in notation.seats.SEATS
# Each tile written high end first, by its key (notation.tiles.tile_key); a tile written
# low end first is not canonical, so it is not here and the reader takes the game.
_KEY = {
    f"{high}-{low}": high * TILE_KEY_STRIDE + low
    for high in range(HIGHEST_PIP + 1)
    for low in range(high + 1)
}
NS, EW = Team.NS, Team.EW
_TEAM_OF = (NS, EW, NS, EW)  # by seat position
FOLLOW_ME = TrumpKind.FOLLOW_ME
TILES_IN_A_HAND = 7
# The seats' positions in bidding order, by the dealer's position.
_BIDDING_POSITIONS = tuple(tuple(seat.index for seat in order) for order in BIDDING_ORDERS)


class _Table:
    """A rule set the quick check knows, with the trumps it has met under it."""

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self.trump_lead = rules.opening_lead is OpeningLead.TRUMP
        self.follow_me_min = rules.follow_me_min is FollowMeMin.ONE_MARK
        self.trumps: dict[tuple[str, str | None], tuple[Trump, TrumpTable] | None] = {}

    def trump(self, word: str, doubles: str | None) -> tuple[Trump, TrumpTable] | None:
        """A plain trump (pip, doubles or follow-me) and its table, as the reader reads it."""
        if (word, doubles) not in self.trumps:
            rules = self.rules
            try:
                trump: Trump | None = Trump.parse(
                    word, doubles, rules.follow_me_doubles, nello_doubles=rules.nello_doubles
                )
            except ValueError:
                trump = None
            self.trumps[word, doubles] = (
                None if trump is None or trump.special is not None else (trump, trump_table(trump))
            )
        return self.trumps[word, doubles]


@lru_cache(maxsize=256)
def _table(rules_tag: str | None, options_tag: str | None) -> _Table | None:
    """The rule set the tags name, as the reader works it out, when the quick check knows its
    options; None when it does not (or the tags name no rule set: the reader words that)."""
    try:
        rules = rule_set("straight" if rules_tag in (None, "?") else rules_tag)
        if options_tag is not None:
            rules = rules.with_options(parse_options(options_tag))
    except RulesError:
        return None
    if rules.scoring is not Scoring.MARKS or rules.first_bidder is not FirstBidder.LEFT_OF_DEALER:
        return None
    return _Table(rules)


def _rules(text: str) -> _Table | None:
    """The rules of a tag block of plain tags, none written twice; else None."""
    if _TAG_BLOCK.match(text) is None:
        return None
    seen: dict[str, str] = {}
    for name, value in _TAGS.findall(text):
        name = tag_name(name)
        if name in seen:
            return None  # the reader reports a duplicate tag
        seen[name] = value
    return _table(seen.get("Rules"), seen.get("Options"))


@lru_cache(maxsize=256)
def _bid(word: str) -> Bid | None:
    try:
        return read_bid(word)
    except ValueError:
        return None


def _holding(text: str) -> int:
    """The bit mask (1 << key) of the 7 tiles of a deal line, 0 if one is not canonical."""
    mask = 0
    for i in range(0, 27, 4):
        key = _KEY.get(text[i : i + 3])
        if key is None:
            return 0
        mask |= 1 << key
    return mask


def _hand_marks(groups: Sequence[Any], table: _Table) -> tuple[Team, int, int] | None:
    """The bidders and the marks NS and EW score on a hand the rules check passes clean;
    None at anything the check would report (or this one does not vouch for)."""
    dealer = _SEAT_AT[groups[1]]
    held = [_holding(groups[i]) for i in (2, 3, 4, 5)]
    union = held[0] | held[1] | held[2] | held[3]
    if union.bit_count() != 4 * TILES_IN_A_HAND or 0 in held:
        return None  # a tile dealt twice (or written twice, or not canonical)

    # The auction (RULES.md, Bidding): in turn from the dealer's left, each bid legal.
    rules = table.rules
    order = _BIDDING_POSITIONS[dealer]
    standing: Bid | None = None
    declarer = -1
    for i in range(4):
        seat = _SEAT_AT[groups[6 + 2 * i]]
        bid = _bid(groups[7 + 2 * i])
        if bid is None or seat != order[i]:
            return None
        if bid_problem(bid, standing, rules) is not None:
            return None
        if not bid.is_pass:
            standing, declarer = bid, seat
    if standing is None or _SEAT_AT[groups[14]] != declarer:
        return None  # all passed, or trump named by another seat

    # The contract (RULES.md, Contracts).
    named = table.trump(groups[15], groups[16])
    if named is None:
        return None
    trump, play = named
    follow_me = trump.kind is FOLLOW_ME
    if follow_me and table.follow_me_min and standing.value < MARKS_TO_FOLLOW_ME:
        return None

    # The play (RULES.md, Suits and rank; Reneges), as validate's quick play check does it.
    tricks: str = groups[17]
    led, barred_in, power_in, trumps = play.led, play.barred, play.power, play.trumps
    trump_lead = table.trump_lead and not follow_me
    at = declarer
    points = [0, 0]  # by team: NS, EW
    taken = [0, 0]
    key_of = _KEY.get
    for k in range(7):
        line = tricks[k * _TRICK_LINE : (k + 1) * _TRICK_LINE]
        if line[0] != _NUMBERS[k] or _SEAT_AT[line[2]] != at:
            return None
        keys = [key_of(line[4:7]), key_of(line[8:11]), key_of(line[12:15]), key_of(line[16:19])]
        lead = keys[0]
        if lead is None:
            return None
        if k == 0 and trump_lead and not trumps >> lead & 1 and held[at] & trumps:
            return None  # the opening lead had to be a trump
        suit = led[lead]
        barred, power = barred_in[suit], power_in[suit]
        best, won, count = 0, at, 1
        for i in range(4):
            key = keys[i]
            if key is None:
                return None
            by = (at + i) & 3
            bit = 1 << key
            holding = held[by]
            if not holding & bit or holding & barred[key]:
                return None  # not held (or played already), or a renege
            held[by] = holding ^ bit
            if power[key] > best:
                best, won = power[key], by
            count += COUNT_BY_KEY[key]
        points[won & 1] += count
        taken[won & 1] += 1
        at = won

    # The score (RULES.md, Scoring): seven tricks settle every plain contract.
    bidders = _TEAM_OF[declarer]
    side = declarer & 1
    made = is_made(standing, points[side], taken[side], 7)
    mark = award(standing, bidders, made=made)
    ns_marks, ew_marks = mark.of(NS), mark.of(EW)
    if (
        int(groups[18]) != points[0]
        or int(groups[19]) != points[1]
        or int(groups[20]) != ns_marks
        or int(groups[21]) != ew_marks
    ):
        return None
    return bidders, ns_marks, ew_marks


def clean_hands(game: Sequence[Segment]) -> int | None:
    """The number of hands of ``game`` (cut by :func:`notation.reader.split_games`) when the
    reader and :func:`notation.validate.check_game` would find nothing at all to report in it;
    None when they might, or when the game is not written in the form this check reads."""
    if not game or game[0].kind != "tags":
        return None
    table = _rules(game[0].text)
    if table is None:
        return None
    running = [0, 0]
    number = dealer = -1
    won = False
    for segment in game[1:]:
        if won or segment.kind != "hand":
            return None  # a hand played after the game was won, or stray text
        match = _HAND.match(segment.text)
        if match is None:
            return None
        groups = match.groups()
        seat = _SEAT_AT[groups[1]]
        if number >= 0 and (int(groups[0]) != number + 1 or seat != (dealer + 1) & 3):
            return None  # the hands out of order, or the deal not passing left
        number, dealer = int(groups[0]), seat
        marks = _hand_marks(groups, table)
        if marks is None:
            return None
        bidders, ns, ew = marks
        running[0] += ns
        running[1] += ew
        if int(groups[22]) != running[0] or int(groups[23]) != running[1]:
            return None  # a misscored total
        won = game_winner(running[0], running[1], table.rules, bidders) is not None
    return len(game) - 1
