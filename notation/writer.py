"""Writing records in the canonical t42 notation, the form ``t42 fmt`` produces.

The canonical form is deterministic: the roster tags first, one tag a line; deal lines in
seat order N, E, S, W with each hand's tiles high to low; score lines as points, marks, total.
So two records of the same game are the same bytes, and archives diff and hash cleanly.

>>> from notation.game import Game, Tag, Hand, HandHeader
>>> from notation.seats import Seat
>>> print(write_game(Game((Tag("Event", 'Club "A"'),), (Hand(HandHeader(1, Seat.N)),))), end="")
[Event "Club \\"A\\""]
[Site "?"]
[Date "?"]
[North "?"]
[East "?"]
[South "?"]
[West "?"]
[Rules "?"]
<BLANKLINE>
hand 1 dealer N
"""

from __future__ import annotations

from collections.abc import Iterable

from notation.bids import Bid, BidKind
from notation.contracts import DoublesRank, Trump, TrumpKind
from notation.game import (
    SCORE_ORDER,
    Comment,
    Game,
    Hand,
    Holding,
    Tag,
    with_roster,
)
from notation.rules import RulesError

DEAL_INDENT = "     "  # continuation deal lines line up under the first seat


def escape_tag_value(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _comment(comment: Comment) -> str:
    if comment.braced:
        return f"{{ {comment.text} }}" if comment.text else "{}"
    return f"; {comment.text}" if comment.text else ";"


def _inline(comment: Comment) -> str:
    # Inside a line a comment must be braced; the reader never puts a ; comment there.
    return _comment(Comment(comment.text, braced=True))


def _line(text: str, before: Iterable[Comment], after: Iterable[Comment]) -> list[str]:
    lines = [_comment(c) for c in before]
    # A ; comment runs to the end of the line, so only the last comment after may be one.
    ends = tuple(after)
    tail = "".join(
        " " + (_comment(c) if i == len(ends) - 1 else _inline(c)) for i, c in enumerate(ends)
    )
    lines.append(text + tail)
    return lines


def _with_inline(text: str, before: Iterable[Comment], after: Iterable[Comment]) -> str:
    parts = [_inline(c) for c in before] + [text] + [_inline(c) for c in after]
    return " ".join(parts)


def write_tags(tags: Iterable[Tag]) -> list[str]:
    lines: list[str] = []
    for tag in with_roster(tuple(tags)):
        lines += _line(f'[{tag.name} "{escape_tag_value(tag.value)}"]', tag.before, tag.after)
    return lines


def _holding(holding: Holding, first: bool) -> str:
    tiles = " ".join(str(t) for t in sorted(holding.tiles, reverse=True))
    lead = "deal " if first else DEAL_INDENT
    return f"{lead}{holding.seat} {tiles}".rstrip()


def write_hand(
    hand: Hand, follow_me_doubles: DoublesRank = DoublesRank.HIGH, *, points_game: bool = False
) -> list[str]:
    """The canonical lines of one hand.

    ``follow_me_doubles`` is the table's rule (the game's ``follow-me-doubles`` option): a
    follow-me call that differs from it names its doubles option so that it reads back.
    In the points game (``points_game``) bids of 42 and more are written 42, 84, 168.
    """
    h = hand.header
    lines = _line(f"hand {h.number} dealer {h.dealer}", h.before, h.after)
    deal = sorted(hand.deal, key=lambda x: x.seat.index)
    for i, holding in enumerate(deal):
        lines += _line(_holding(holding, i == 0), holding.before, holding.after)
    if hand.auction is not None:
        calls = " ".join(
            _with_inline(f"{c.seat} {_bid(c.bid, points_game)}", c.before, c.after)
            for c in hand.auction.calls
        )
        lines += _line(f"bid {calls}", hand.auction.before, hand.auction.after)
    if hand.trump is not None:
        t = hand.trump
        seat = f"{t.seat} " if t.seat is not None else ""
        word = trump_words(t.trump, follow_me_doubles)
        lines += _line(f"trump {seat}{word}", t.before, t.after)
    for trick in hand.tricks:
        plays = " ".join(_with_inline(str(p.tile), p.before, p.after) for p in trick.plays)
        lines += _line(f"{trick.number} {trick.leader} {plays}", trick.before, trick.after)
    if hand.ending is not None:
        e = hand.ending
        seat = f" {e.seat}" if e.seat is not None else ""
        lines += _line(f"end {e.kind.value}{seat}", e.before, e.after)
    for score in sorted(hand.scores, key=lambda s: SCORE_ORDER.index(s.kind)):
        lines += _line(
            f"{score.kind.value} NS {score.ns} EW {score.ew}", score.before, score.after
        )
    return lines


def trump_words(trump: Trump, follow_me_doubles: DoublesRank = DoublesRank.HIGH) -> str:
    """The trump as a trump line names it, at a table whose follow-me doubles rule is
    ``follow_me_doubles``: a follow-me call with doubles high names them where the table
    says otherwise, so that it reads back.

    >>> trump_words(Trump.follow_me(DoublesRank.HIGH), DoublesRank.LOW)
    'follow-me doubles-high'
    """
    word = str(trump)
    if (
        trump.kind is TrumpKind.FOLLOW_ME
        and (trump.special is None or trump.special.partner_names_trump)
        and trump.doubles is DoublesRank.HIGH
        and follow_me_doubles is not DoublesRank.HIGH
    ):
        word = f"{word} {DoublesRank.HIGH.word}"
    return word


def _bid(bid: Bid, points_game: bool) -> str:
    """A bid as written: marks as ``1m`` …, or in the points game as 42, 84, 168.

    ``0m`` stays ``0m`` in the points game: written as 0 it would read back as 0 points."""
    if points_game and bid.kind is BidKind.MARKS and bid.amount > 0:
        return str(bid.value)
    return str(bid)


def write_game(game: Game) -> str:
    """One game in canonical text: the tag block, a blank line, then each hand after a blank."""
    lines = write_tags(game.tags)
    try:
        follow_me_doubles = game.rules.follow_me_doubles
        points_game = game.rules.points_game
    except RulesError:  # the reader reads such a game under straight 42
        follow_me_doubles = DoublesRank.HIGH
        points_game = False
    for hand in game.hands:
        lines.append("")
        lines += write_hand(hand, follow_me_doubles, points_game=points_game)
    return "\n".join(lines) + "\n"


def write_games(games: Iterable[Game]) -> str:
    """Several games, a blank line between each."""
    return "\n".join(write_game(g) for g in games)
