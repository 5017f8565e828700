"""Writing records in the canonical t42 notation, the form ``t42 fmt`` produces.

The canonical form is deterministic: the roster tags first, one tag a line; deal lines in
seat order N, E, S, W with each hand's tiles high to low; score lines as points, marks, total.
So two records of the same game are the same bytes, and archives diff and hash cleanly.

>>> from notation.model.game import Game, Tag, Hand, HandHeader
>>> from notation.model.seats import Seat
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

from notation.errors import RecordError
from notation.formats.text.parse import MAX_LINE
from notation.formats.visitor import GameVisitor, walk, walk_hand
from notation.model.bids import Bid, BidKind
from notation.model.contracts import DoublesRank, Trump
from notation.model.game import (
    SCORE_ORDER,
    Auction,
    Call,
    Comment,
    Ending,
    Game,
    Glyph,
    Hand,
    Holding,
    Play,
    ScoreLine,
    Tag,
    Trick,
    TrumpCall,
    Variation,
    with_roster,
)
from notation.model.rule_sets import RulesError, RuleSet

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


def _glyph(glyph: Glyph | None) -> str:
    return "" if glyph is None else glyph.value


# A variation is written on its item's line, from its first item (the other call, trump
# call or play) on; each further line of it (a trick, a trump line after its calls, an end
# or score line) starts a line of its own, indented two spaces a level of nesting, and so
# does whatever follows a ; comment (which runs to the end of its line).
_NEW_LINE = "\n"  # marks a piece that starts a line


def _pieces_text(pieces: list[str], depth: int) -> str:
    """Pieces of a line joined by a space, or by a line end and the indent of ``depth``
    where a piece starts a line or follows a ; comment."""
    text = ""
    for i, piece in enumerate(pieces):
        starts_line = piece.startswith(_NEW_LINE)
        piece = piece.removeprefix(_NEW_LINE)
        if i:
            broken = starts_line or pieces[i - 1].startswith(";")
            text += "\n" + "  " * depth if broken else " "
        text += piece
    return text


def _first_on_line(pieces: list[str]) -> list[str]:
    """``pieces`` of a line item, marked to start a line."""
    return [_NEW_LINE + pieces[0], *pieces[1:]] if pieces else pieces


class _Annotated:
    """The text of calls, trump calls and plays with their glyphs and variations, at a
    table with ``rules``."""

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules

    def call(self, call: Call, depth: int) -> list[str]:
        bid = _bid(call.bid, self.rules.points_game)
        return self.item(f"{call.seat} {bid}", call, depth)

    def trump(self, trump: TrumpCall) -> str:
        seat = f"{trump.seat} " if trump.seat is not None else ""
        return f"trump {seat}{trump_words(trump.trump, self.rules)}{_glyph(trump.glyph)}"

    def play(self, play: Play, depth: int) -> list[str]:
        return self.item(str(play.tile), play, depth)

    def item(self, text: str, item: Call | Play, depth: int) -> list[str]:
        """A call or a play inside a line: braced comments before it, the item and its
        glyph, its comments after (braced on the main line, as written in a variation),
        then its variations."""
        inline = _inline if depth == 0 else _comment
        return [
            *(inline(c) for c in item.before),
            text + _glyph(item.glyph),
            *(inline(c) for c in item.after),
            *(self.variation(v, depth + 1) for v in item.variations),
        ]

    def variation(self, variation: Variation, depth: int) -> str:
        """One variation in parentheses, every item of it in one line (see _pieces_text)."""
        pieces = [_comment(c) for c in variation.comments]
        for call in variation.calls:
            pieces += self.call(call, depth)
        if variation.trump is not None:
            trump = self.line(self.trump(variation.trump), variation.trump, depth)
            pieces += _first_on_line(trump) if variation.calls else trump
        for play in variation.plays:
            pieces += self.play(play, depth)
        for trick in variation.tricks:
            line = [_comment(c) for c in trick.before]
            line.append(f"{trick.number} {trick.leader}")
            for play in trick.plays:
                line += self.play(play, depth)
            line += [_comment(c) for c in trick.after]
            pieces += _first_on_line(line)
        ending = variation.ending
        if ending is not None:
            pieces += _first_on_line(self.line(_ending(ending), ending, depth))
        for score in sorted(variation.scores, key=lambda s: SCORE_ORDER.index(s.kind)):
            pieces += _first_on_line(self.line(_score(score), score, depth))
        if pieces and pieces[-1].startswith(";"):
            pieces.append("")  # the ) goes under the ; comment
        return "(" + _pieces_text(pieces, depth) + ")"

    def line(
        self, text: str, item: TrumpCall | Ending | ScoreLine, depth: int
    ) -> list[str]:
        """A trump call, ending or score line inside a variation, with its comments and (a
        trump call's) variations."""
        variations = item.variations if isinstance(item, TrumpCall) else ()
        return [
            *(_comment(c) for c in item.before),
            text,
            *(_comment(c) for c in item.after),
            *(self.variation(v, depth + 1) for v in variations),
        ]


def _ending(ending: Ending) -> str:
    seat = f" {ending.seat}" if ending.seat is not None else ""
    return f"end {ending.kind.value}{seat}"


def _score(score: ScoreLine) -> str:
    return f"{score.kind.value} NS {score.ns} EW {score.ew}"


def write_tags(tags: Iterable[Tag]) -> list[str]:
    lines: list[str] = []
    for tag in with_roster(tuple(tags)):
        lines += _tag_line(tag)
    return lines


def _tag_line(tag: Tag) -> list[str]:
    return _line(f'[{tag.name} "{escape_tag_value(tag.value)}"]', tag.before, tag.after)


def _holding(holding: Holding, first: bool) -> str:
    tiles = " ".join(str(t) for t in sorted(holding.tiles, reverse=True))
    lead = "deal " if first else DEAL_INDENT
    return f"{lead}{holding.seat} {tiles}".rstrip()


class TextExporter(GameVisitor[str]):
    """The canonical text of a game, written as :func:`~notation.formats.visitor.walk` visits it.

    ``rules`` are the table's, which :meth:`begin_game` takes from the game: a trump call
    the table would read with other doubles than its own names them, so that it reads back
    (:func:`trump_words`), and in the points game bids of 42 and more are written 42, 84, 168.
    """

    def __init__(self, rules: RuleSet | None = None) -> None:
        self.rules = RuleSet() if rules is None else rules
        self.lines: list[str] = []
        self._calls: list[str] = []
        self._dealt = 0

    def begin_game(self, game: Game) -> None:
        try:
            self.rules = game.rules
        except RulesError:  # the reader reads such a game under straight 42
            self.rules = RuleSet()

    def visit_tag(self, tag: Tag) -> None:
        self.lines += _tag_line(tag)

    def begin_hand(self, hand: Hand) -> None:
        h = hand.header
        if self.lines:  # a blank line after the tag block and between hands
            self.lines.append("")
        self.lines += _line(f"hand {h.number} dealer {h.dealer}", h.before, h.after)
        self._dealt = 0

    def visit_holding(self, holding: Holding) -> None:
        self.lines += _line(_holding(holding, self._dealt == 0), holding.before, holding.after)
        self._dealt += 1

    def begin_auction(self, auction: Auction) -> None:
        self._calls = []

    def visit_call(self, call: Call) -> None:
        self._calls += _Annotated(self.rules).call(call, 0)

    def end_auction(self, auction: Auction) -> None:
        calls = _pieces_text(["bid", *self._calls], 0)
        self.lines += _line(calls, auction.before, auction.after)

    def visit_trump(self, trump: TrumpCall) -> None:
        annotated = _Annotated(self.rules)
        pieces = [annotated.trump(trump), *(annotated.variation(v, 1) for v in trump.variations)]
        self.lines += _line(_pieces_text(pieces, 0), trump.before, trump.after)

    def visit_trick(self, trick: Trick) -> None:
        annotated = _Annotated(self.rules)
        pieces = [f"{trick.number} {trick.leader}"]
        for play in trick.plays:
            pieces += annotated.play(play, 0)
        self.lines += _line(_pieces_text(pieces, 0), trick.before, trick.after)

    def visit_ending(self, ending: Ending) -> None:
        self.lines += _line(_ending(ending), ending.before, ending.after)

    def visit_score(self, score: ScoreLine) -> None:
        self.lines += _line(_score(score), score.before, score.after)

    def result(self) -> str:
        return "\n".join(self.lines) + "\n"


def write_hand(hand: Hand, rules: RuleSet | None = None) -> list[str]:
    """The canonical lines of one hand at a table with ``rules`` (see :class:`TextExporter`)."""
    exporter = TextExporter(rules)
    walk_hand(hand, exporter)
    return exporter.lines


def trump_words(trump: Trump, rules: RuleSet | None = None) -> str:
    """The trump as a trump line names it at a table with ``rules`` (straight 42 when
    None): a call whose doubles are high and left unnamed names them where the table would
    read it with others (:meth:`~notation.model.rule_sets.RuleSet.trump_called`), so that
    it reads back.

    >>> trump_words(Trump.follow_me(DoublesRank.HIGH), RuleSet(follow_me_doubles=DoublesRank.LOW))
    'follow-me doubles-high'
    >>> trump_words(Trump.follow_me(DoublesRank.HIGH)), trump_words(Trump.pip(5))
    ('follow-me', 'fives')
    """
    word = str(trump)
    high = DoublesRank.HIGH
    if trump.doubles is high and high.word not in word:
        table = RuleSet() if rules is None else rules
        if table.trump_called(trump.kind, trump.suit, None, trump.special) != trump:
            word = f"{word} {high.word}"
    return word


def _bid(bid: Bid, points_game: bool) -> str:
    """A bid as written: marks as ``1m`` …, or in the points game as 42, 84, 168.

    ``0m`` stays ``0m`` in the points game: written as 0 it would read back as 0 points."""
    if points_game and bid.kind is BidKind.MARKS and bid.amount > 0:
        return str(bid.value) + ("" if bid.special is None else f"-{bid.special.value}")
    return str(bid)


def write_game(game: Game) -> str:
    """One game in canonical text: the tag block, a blank line, then each hand after a blank.

    Raises :class:`notation.errors.RecordError` for a game the notation cannot hold: one with a
    line longer than the reader reads (a tag value or a comment of thousands of characters,
    which JSON can carry), since what one reader accepts every writer must write so that it
    reads back, or refuse in words.
    """
    return within_the_line_limit(walk(game, TextExporter()))


def within_the_line_limit(text: str) -> str:
    """``text``, a game in the notation, when every line of it is one the reader reads.

    >>> within_the_line_limit('[Event "x"]')
    '[Event "x"]'
    >>> within_the_line_limit('[Event "' + "x" * MAX_LINE + '"]')  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    notation.errors.RecordError: a line of this game would be 10,010 characters long ...
    """
    if len(text) > MAX_LINE:
        longest = max(map(len, text.split("\n")))
        if longest > MAX_LINE:
            raise RecordError(
                f"a line of this game would be {longest:,} characters long in the notation, "
                f"which reads lines of up to {MAX_LINE:,}: shorten the tag value or comment "
                "that makes it so"
            )
    return text


def write_games(games: Iterable[Game]) -> str:
    """Several games, a blank line between each."""
    return "\n".join(write_game(g) for g in games)


def first_difference(text: str, canonical: str) -> tuple[int, str, str]:
    """Where ``text`` first leaves its canonical form ``canonical``: the line number
    (1-based), the line as written and the line expected (``(end of file)`` past the end).

    >>> first_difference("hand 1 dealer N\\nbid E  30\\n", "hand 1 dealer N\\nbid E 30\\n")
    (2, 'bid E  30', 'bid E 30')
    """
    written, expected = text.split("\n"), canonical.split("\n")
    end = "(end of file)"
    for at in range(max(len(written), len(expected))):
        was = written[at] if at < len(written) else end
        should = expected[at] if at < len(expected) else end
        if was != should:
            return at + 1, was, should
    return len(written), "", ""
