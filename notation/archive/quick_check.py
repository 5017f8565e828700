"""A quick look at a game: would the reader and the rules check pass it without a word?

Most games in an archive are written as ``t42 fmt`` and ``t42 deal`` write them and break no
rule, and for those ``t42 validate`` has nothing to say. Reading such a game into the model
costs far more than checking it (``bench/stages.py`` times both); this module instead reads
each hand of the canonical form with one regular expression
(:mod:`notation.formats.text.canonical`, which describes the canonical form once) and asks
the rules' fast form (:mod:`notation.rules.fast`: the auction, the contract's least bid, the
play walked on bit masks, the marks) and :func:`notation.rules.scoring.game_winner`. Reading
the text is all it does itself: no rule is stated here.

It reads the same games written as JSON Lines, as ``t42 convert`` writes them, the same way:
a regular expression narrower than the schema, then the same checks.

It vouches only for what it fully understands: plain tags (no escapes, no comment marks
inside a value), then hands written in full (the whole deal, four bids in turn, the trump
named by the declarer, seven tricks, and the points, marks and running total), each under a
pip trump, doubles or follow-me, in the marks game with the left of the dealer bidding
first. Comments, the case of keywords and the white space between words change nothing the
reader reads, so a game written otherwise only in those is read as its canonical text
(:func:`notation.formats.text.canonical.folded_hand`). At anything else (another layout, a special
contract, the least irregularity) it gives up (``None``) and the reader and
:func:`notation.check.validate.check_game` take the game, with its original text, so every finding
is theirs. Tests hold the two to agreement on random games, on games with tiles, bids, seats
and scores changed, and on games dressed with comments, odd case and wrapped lines.

>>> from notation.formats.text.reader import split_games
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
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import replace
from functools import lru_cache
from itertools import compress
from typing import NamedTuple, Protocol

from notation.check.validate import check_hand, marks_gained
from notation.formats.text import canonical
from notation.formats.text.canonical import (
    AUCTION,
    DEALER_AT,
    HELD,
    LEADER_FIELDS,
    MARKS_EW,
    MARKS_NS,
    NUMBER_AT,
    PLAYED_TILES,
    POINTS_EW,
    POINTS_NS,
    TOTAL_EW,
    TOTAL_NS,
    TRUMP_DOUBLES_AT,
    TRUMP_SEAT_AT,
    TRUMP_SUIT_AT,
)
from notation.formats.text.reader import GameText, read_bid, read_hand, within_limits
from notation.model.bids import POINTS_IN_A_HAND, Bid
from notation.model.contracts import PIP_NAMES, DoublesRank, Trump, TrumpKind
from notation.model.findings import Finding
from notation.model.game import tag_name
from notation.model.rule_sets import RulesError, RuleSet, tagged_rules
from notation.model.seats import Team
from notation.model.tiles import TILE_KEY_STRIDE, TRICKS_IN_A_HAND
from notation.rules.auction import one_blank_bids_first
from notation.rules.fast import FastRules, HandPlay, fast_rules, walk_tricks
from notation.rules.scoring import game_winner, scores_marks

# Auctions remembered at most per rule set: an archive has few different ones, and a
# file made to have many must not fill the memory.
AUCTIONS_REMEMBERED = 100_000


class Segment(Protocol):
    """A part of a game's text as :func:`notation.formats.text.reader.split_games` cuts it."""

    @property
    def kind(self) -> str: ...

    @property
    def text(self) -> str: ...


# Blank lines and spaces a segment of notation may have around its hand or tags.
_BLANKS = re.compile(r"[ \n]*")
_HAND_END = re.compile(r"[ \n]*\Z")
NOTATION_HAND = canonical.NOTATION.pattern
JSON_HAND = canonical.JSON.pattern
SEPARATOR = canonical.JSON_SEPARATOR
_TAG = canonical.without_names(canonical.NOTATION_TAG.pattern)
_TAG_BLOCK = re.compile(rf"[ \n]*(?:{_TAG}\n)*{_TAG}[ \n]*\Z")

_SEAT_AT = {"N": 0, "E": 1, "S": 2, "W": 3}  # positions in notation.model.seats.SEATS
# Every tile the patterns let through ("0-0" … "6-6") by its key, high * 7 + low: a tile
# written low end first has a key no tile has, so a deal holding it is not the whole set.
_KEY = {f"{a}-{b}": a * TILE_KEY_STRIDE + b for a in range(7) for b in range(7)}
_ALL_TILES = sum(1 << _KEY[f"{a}-{b}"] for a in range(7) for b in range(a + 1))
NS, EW = Team.NS, Team.EW
_TEAM_OF = (NS, EW, NS, EW)  # by seat position
_AT_NS = (True, False, True, False)  # whether the seat at a position is N or S

_Marks = tuple[Team | None, int, int]  # the bidders, and the marks NS and EW score
_Auction = tuple[int, Bid, int]  # the declarer's position, the winning bid, its value


class QuickTable:
    """A rule set the quick check reads games under: the rules' fast form
    (:func:`notation.rules.fast.fast_rules`), and what the words of its games were read as."""

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self.fast: FastRules = fast_rules(rules)
        self.trumps: dict[tuple[str, str | None], HandPlay | None] = {}
        self.json_trumps: dict[tuple[str, str | None], HandPlay | None] = {}
        self.auctions: dict[tuple[str, ...], _Auction | None] = {}

    def auction(self, calls: tuple[str, ...]) -> _Auction | None:
        """The declarer's position, the winning bid and its value of an auction written as
        the dealer, then four (seat, bid) pairs, as the fast form walks it; None when it is
        out of turn, holds a bid that may not be made, or all pass (docs/rules.md,
        Bidding)."""
        fast, seat, bid = self.fast, _SEAT_AT.__getitem__, _BIDS.__getitem__
        dealer, s1, b1, s2, b2, s3, b3, s4, b4 = calls  # the pattern's four calls
        won = fast.auction(
            fast.bidding_positions(seat(dealer)),
            ((seat(s1), bid(b1)), (seat(s2), bid(b2)), (seat(s3), bid(b3)), (seat(s4), bid(b4))),
        )
        outcome = None if won is None else (*won, won[1].value)
        if len(self.auctions) < AUCTIONS_REMEMBERED:
            self.auctions[calls] = outcome
        return outcome

    def trump(self, word: str, doubles: str | None) -> HandPlay | None:
        """A plain trump (pip, doubles or follow-me) as the reader reads it, in the fast
        form; None for any other."""
        if (word, doubles) not in self.trumps:
            try:
                trump: Trump | None = self.rules.trump_named(word, doubles)
            except ValueError:
                trump = None
            self.trumps[word, doubles] = (
                None if trump is None or trump.special is not None else self.fast.play(trump)
            )
        return self.trumps[word, doubles]

    def json_trump(self, suit: str, doubles: str | None) -> HandPlay | None:
        """A trump as the JSON form names it (``suit``, and ``doubles`` for follow-me only),
        as :mod:`notation.formats.json.fast` builds it, in the fast form."""
        if (suit, doubles) not in self.json_trumps:
            rank = None if doubles is None else DoublesRank(doubles)
            if suit == "follow-me":
                # The table's doubles where none are named, decided where the readers' are.
                trump: Trump | None = self.rules.trump_called(TrumpKind.FOLLOW_ME, doubles=rank)
            elif doubles is not None:
                trump = None  # only follow-me names its doubles (the schema says so)
            elif suit == "doubles":
                trump = Trump.doubles_trump()
            else:
                trump = Trump.pip(PIP_NAMES.index(suit))
            self.json_trumps[suit, doubles] = None if trump is None else self.fast.play(trump)
        return self.json_trumps[suit, doubles]


@lru_cache(maxsize=256)
def table_for_tags(rules_tag: str | None, options_tag: str | None) -> QuickTable | None:
    """The rule set the tags name, as the reader works it out, when the quick check reads
    games under it (the marks game, bidding from the dealer's left); None when it does not
    (or the tags name no rule set: the reader words that)."""
    try:
        rules = tagged_rules(rules_tag, options_tag)
    except RulesError:
        return None
    if not scores_marks(rules) or one_blank_bids_first(rules):
        return None
    return QuickTable(rules)


def tag_values(tags: Iterable[tuple[str, str]]) -> dict[str, str] | None:
    """Tags (name, value) by their names as the reader spells them, in the order written;
    None when a name is written twice (the reader reports that)."""
    seen: dict[str, str] = {}
    for name, value in tags:
        name = tag_name(name)
        if name in seen:
            return None
        seen[name] = value
    return seen


def _tag_rules(tags: Iterable[tuple[str, str]]) -> QuickTable | None:
    """The rules that tags (name, value) name, none written twice; else None."""
    values = tag_values(tags)
    return None if values is None else table_for_tags(values.get("Rules"), values.get("Options"))


def _bid(word: str) -> Bid | None:
    """The bid a word names, in either form (a JSON bid keeps its quotes)."""
    try:
        return read_bid(word.strip('"'))
    except ValueError:
        return None


# Every bid word the patterns let through, in both forms, read once.
_BIDS = {
    written: _bid(written)
    for word in ("pass", *map(str, range(100)), *(f"{m}m" for m in range(1, 8)))
    for written in (word, f'"{word}"')
}


def bid_of(word: str) -> Bid | None:
    """The bid a bid word of the patterns names, in either form (a JSON bid keeps its
    quotes); None for one no bid has, or one the patterns never let through."""
    return _BIDS.get(word)


_Read = tuple[Sequence[str], HandPlay | None]  # a hand: the groups of its pattern, its trump
_UNSEEN = (-1, Bid.pass_(), 0)  # an auction not yet worked out
_BIT = {text: 1 << key for text, key in _KEY.items()}


def _hand_marks(table: QuickTable, hand: Sequence[str], play: HandPlay | None) -> _Marks | None:
    """The bidders and the marks NS and EW score on a hand (the groups of its pattern) that
    the rules check passes clean; None at anything the check would report. The rules are
    the fast form's (:mod:`notation.rules.fast`); here only what the text says."""
    bit = _BIT.__getitem__
    north, east, south, west = HELD
    held = [
        sum(map(bit, hand[north])),
        sum(map(bit, hand[east])),
        sum(map(bit, hand[south])),
        sum(map(bit, hand[west])),
    ]
    if sum(held) != _ALL_TILES:
        # 28 powers of two add up to the set's 28 bits only when they are those 28 bits:
        # not when a tile is dealt twice (a carry) or written low end first (no tile's key).
        return None

    # The auction (docs/rules.md, Bidding).
    calls = AUCTION(hand)
    bidding = table.auctions.get(calls, _UNSEEN)
    if bidding is _UNSEEN:
        bidding = table.auction(calls)
    if bidding is None or play is None:
        return None  # not a clean auction, or not a plain trump
    declarer, bid, value = bidding
    if _SEAT_AT[hand[TRUMP_SEAT_AT]] != declarer:
        return None  # the trump named by another seat

    # The contract (docs/rules.md, Contracts): played on a bid it may be played on.
    if value < play.least:
        return None

    # The play (docs/rules.md, Suits and rank; Reneges), walked by the fast form.
    keys = list(map(_KEY.__getitem__, PLAYED_TILES(hand)))
    leader = (declarer + play.leads) & 3
    walked = walk_tricks(play, held, leader, keys)
    if walked is None:
        return None
    winners, worths = walked
    if [leader, *winners[:-1]] != list(map(_SEAT_AT.__getitem__, LEADER_FIELDS(hand))):
        return None  # a trick led by another seat than the last one's winner
    # What the tricks NS took are worth, and how many: those won at an even position.
    ns_points = sum(compress(worths, map(_AT_NS.__getitem__, winners)))
    ns_tricks = winners.count(0) + winners.count(2)

    # The score (docs/rules.md, Scoring): seven tricks settle the hand.
    points = (ns_points, POINTS_IN_A_HAND - ns_points)
    side = declarer & 1
    taken = ns_tricks if side == 0 else TRICKS_IN_A_HAND - ns_tricks
    ns_marks, ew_marks = table.fast.marks(play, bid, declarer, points[side], taken)
    if (
        int(hand[POINTS_NS]) != points[0]
        or int(hand[POINTS_EW]) != points[1]
        or int(hand[MARKS_NS]) != ns_marks
        or int(hand[MARKS_EW]) != ew_marks
    ):
        return None
    return _TEAM_OF[declarer], ns_marks, ew_marks


# The long way for one hand the quick check does not vouch for: its position in the game,
# its groups; the bidders and the marks NS and EW it gives, or None to send the whole game
# the long way.
_LongWay = Callable[[int, Sequence[str]], "_Marks | None"]


def _clean_game(
    table: QuickTable, hands: Iterable[_Read | None], long_way: _LongWay | None = None
) -> int | None:
    """How many hands there are, when the game's hands (each the groups of its pattern and
    its trump), one by one, are clean and follow each other rightly (numbers, dealers,
    running marks, none after the game is won).

    With ``long_way``, a hand read but not clean is handed to it, and the game goes on with
    the marks it gives: the game's order, running marks and end are still checked here."""
    running = [0, 0]
    number = dealer = -1
    won = False
    count = 0
    for read in hands:
        if won or read is None:
            return None  # a hand played after the game was won, or one not read
        hand, play = read
        seat = _SEAT_AT[hand[DEALER_AT]]
        if number >= 0 and (int(hand[NUMBER_AT]) != number + 1 or seat != (dealer + 1) & 3):
            return None  # the hands out of order, or the deal not passing left
        number, dealer = int(hand[NUMBER_AT]), seat
        marks = _hand_marks(table, hand, play)
        if marks is None and long_way is not None:
            marks = long_way(count, hand)
        if marks is None:
            return None
        bidders, ns, ew = marks
        running[0] += ns
        running[1] += ew
        if int(hand[TOTAL_NS]) != running[0] or int(hand[TOTAL_EW]) != running[1]:
            return None  # a misscored total
        won = game_winner(running[0], running[1], table.rules, bidders) is not None
        count += 1
    return count


def _game_rules(game: Sequence[Segment]) -> QuickTable | None:
    """The rules of ``game`` read from its tag block (canonical, or with only what the
    grammar lets go); None when it has none this check reads."""
    if not game or game[0].kind != "tags":
        return None
    text = game[0].text
    tags = canonical_tags(text)
    if tags is None and within_limits(text):
        tags = folded_tags(text)
    return None if tags is None else _tag_rules(tags)


def clean_hands(game: Sequence[Segment]) -> int | None:
    """The number of hands of ``game`` (cut by :func:`notation.formats.text.reader.split_games`)
    when the
    reader and :func:`notation.check.validate.check_game` would find nothing at all to report in it;
    None when they might, or when the game is not written in the form this check reads.

    A tag block or hand written otherwise than canonically only in what the grammar lets go
    (comments, the case of keywords, white space) is read as its canonical text: those
    change nothing the reader reads, so nothing the check finds."""
    table = _game_rules(game)
    if table is None:
        return None
    return _clean_game(table, (_notation_hand_groups(table, segment) for segment in game[1:]))


class QuickFindings(NamedTuple):
    """A game whose clean hands the quick check vouched for: how many hands it has, and the
    findings of the others, each checked the long way on its own."""

    hands: int
    findings: list[Finding]


def quick_findings(game: GameText, index: int) -> QuickFindings | None:
    """The findings of ``game`` (cut by :func:`notation.formats.text.reader.split_games`,
    ``index`` its place in the file) as the reader and :func:`notation.check.validate.check_game`
    give them, when every hand is written in the form :func:`clean_hands` reads: the hands it
    vouches for cost no more than there, and only a hand it does not vouch for is read and
    checked the long way (:func:`notation.check.validate.check_hand`). None when the whole game
    must go the long way: a hand or tag block written otherwise, or a finding about the game
    rather than one hand (the order of the hands, the running marks, a hand after the game
    was won), or a hand the reader does not read."""
    table = _game_rules(game)
    if table is None:
        return None
    findings: list[Finding] = []
    last = len(game) - 2  # the last hand's position

    def long_way(position: int, _: Sequence[str]) -> _Marks | None:
        segment = game[1 + position]
        hand = read_hand(segment, table.rules) if segment.kind == "hand" else None
        if hand is None:
            return None
        report = check_hand(hand, table.rules, last=position == last)
        marks = marks_gained(hand, report)
        if marks is None:
            return None  # the running marks unknown from here: the long way words that
        findings.extend(replace(f, game=index) for f in report.findings)
        contract = report.contract
        return (
            None if contract is None else contract.declarer.team,
            marks[NS],
            marks[EW],
        )

    hands = _clean_game(
        table, (_notation_hand_groups(table, segment) for segment in game[1:]), long_way
    )
    if hands is None:
        return None
    findings.sort(key=lambda f: (f.line or 0, f.column or 0))
    return QuickFindings(hands, findings)


def _notation_hand_groups(table: QuickTable, segment: Segment) -> _Read | None:
    if segment.kind != "hand":
        return None
    text = segment.text
    hand = canonical_hand(text)
    if hand is None and within_limits(text):
        # Its words as the grammar reads them; their case folded only when needed.
        folded = canonical.folded_hand(text)
        if folded is not None:
            hand = canonical.FOLDED.read_whole(folded)
            if hand is None:
                hand = canonical.FOLDED.read_whole(canonical.folded_case(folded))
    if hand is None:
        return None
    return hand, table.trump(hand[TRUMP_SUIT_AT], hand[TRUMP_DOUBLES_AT])


def folded_tags(text: str) -> list[tuple[str, str]] | None:
    """The tags (name, value) of a tag block of plain tags written with comments or other
    white space between them; None for a block written otherwise."""
    text = canonical.folded_tags(text)
    if canonical.folded_tag_block().match(text) is None:
        return None
    return canonical.NOTATION_TAG.findall(text)


def canonical_tags(text: str) -> list[tuple[str, str]] | None:
    """The tags (name, value) of a tag block of plain tags, as this module reads them; None
    for a block written otherwise, or longer than the reader reads."""
    if _TAG_BLOCK.match(text) is None or not within_limits(text):
        return None
    return canonical.NOTATION_TAG.findall(text)


def canonical_hand(text: str) -> Sequence[str] | None:
    """The fields of a hand in the canonical form (:data:`notation.formats.text.canonical.FIELDS`);
    None
    for a hand written otherwise."""
    blanks = _BLANKS.match(text)
    match = NOTATION_HAND.match(text, blanks.end() if blanks else 0)
    if match is None or _HAND_END.match(text, match.end()) is None:
        return None
    return match.groups()


def clean_json_hands(line: str) -> int | None:
    """The number of hands of a game written as one line of JSON Lines (as ``t42 convert``
    writes it), when the JSON reader and :func:`notation.check.validate.check_game` would find
    nothing at all to report in it; None when they might, or when the line is written
    otherwise. What the pattern reads is valid against the schema and writes no field twice.
    """
    head = _json_head(line)
    if head is None:
        return None
    _, table, at = head
    return _clean_game(table, _json_hands(table, line, at))


class CleanGame(NamedTuple):
    """A game the quick check vouches for, as its patterns read it."""

    tags: list[tuple[str, str]]  # (name, value) as written
    rules: RuleSet
    hands: list[tuple[Sequence[str], Trump]]  # the groups of each hand's pattern, its trump


def clean_json_game(line: str) -> CleanGame | None:
    """A line of JSON Lines as the patterns read it, when :func:`clean_json_hands` vouches
    for it; else None."""
    head = _json_head(line)
    if head is None:
        return None
    tags, table, at = head
    reads = list(_json_hands(table, line, at))
    if _clean_game(table, reads) is None:
        return None
    hands = []
    for read in reads:
        if read is None or read[1] is None:
            return None  # not so in a clean game: for the type checker
        hands.append((read[0], read[1].trump))
    return CleanGame(tags, table.rules, hands)


def _json_head(line: str) -> tuple[list[tuple[str, str]], QuickTable, int] | None:
    """The tags of a JSON line, the rules they name and where its hands start; None for a
    line written otherwise or under rules the quick check does not know."""
    head = canonical.JSON_HEAD_PATTERN.match(line)
    if head is None:
        return None
    tags = canonical.JSON_TAG.findall(head.group(1))
    table = _tag_rules(tags)
    return None if table is None else (tags, table, head.end())


def _json_hands(table: QuickTable, line: str, at: int) -> Iterator[_Read | None]:
    """The hands of a JSON line from ``at``, each with its trump; None for one not read, or
    for anything after them but the end of the document."""
    if not line.startswith("]", at):  # else no hands: the end comes straight after "hands": [
        while True:
            match = JSON_HAND.match(line, at)
            if match is None:
                yield None
                return
            hand = match.groups()
            yield hand, table.json_trump(hand[TRUMP_SUIT_AT], hand[TRUMP_DOUBLES_AT])
            at = match.end()
            if not line.startswith(SEPARATOR, at):
                break
            at += len(SEPARATOR)
    if canonical.JSON_END_PATTERN.match(line, at) is None:
        yield None
