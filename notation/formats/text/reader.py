"""Reading the t42 notation: text in, :class:`~notation.model.game.Game` records and problems out.

The file is first cut into games (at each tag block) and each game into its tag block and its
hands (at each ``hand N`` line), and each piece is parsed by the grammar on its own. A syntax
error therefore costs only the hand it is in: the rest of the file is still read and checked.

>>> games = list(read_games('[Event "demo"]\\nhand 1 dealer N\\nbid E pass S 30 W pass N pass\\n'))
>>> games[0].problems, games[0].game.hands[0].auction.winning_call.seat
([], <Seat.S: 'S'>)

The reading is done in parts: :mod:`.cutter` cuts the text, :mod:`.parse` parses each piece
(and words its syntax errors), :mod:`.builder` makes the model of what it read and
:mod:`.comments` puts each comment on its item, each meeting the others at public names; this
module reads games and passes on the names the rest of the library uses (its ``__all__``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from notation.errors import NotationSyntaxError
from notation.formats.text.builder import read_bid
from notation.formats.text.comments import hand_with_comments, tags_with_comments
from notation.formats.text.cutter import WHITE_SPACE_ABOVE, Segment, cut_games
from notation.formats.text.parse import (
    GRAMMAR_FILE,
    MAX_LINE,
    MAX_SEGMENT,
    TERMINAL_FLAGS,
    TERMINAL_WORDS,
    grammar_parser,
    is_line_token,
    parse_segment,
    terminal_pattern,
    within_limits,
)
from notation.model.construct import quick_constructor
from notation.model.findings import Finding, Severity
from notation.model.game import (
    Game,
    Hand,
    Tag,
    with_roster,
)
from notation.model.numbers import whole_number
from notation.model.rule_sets import RulesError, RuleSet, tagged_rules


@dataclass
class ReadGame:
    """One game as read: the record (the hands that could be read) and every problem found.

    ``text`` is the game's raw text exactly as in the file, so that nothing is ever lost,
    and ``first_line`` is where it starts (1-based).
    """

    index: int
    game: Game
    problems: list[Finding] = field(default_factory=list)
    text: str = ""
    first_line: int = 1
    rules: RuleSet = field(default_factory=RuleSet)
    unread_lines: tuple[int, ...] = ()  # where each hand that could not be read starts
    has_tags: bool = True  # False for text before any tag block, which is no game at all
    raw: str | None = None  # what a rejects file keeps of the game, when not ``text``
    # For a game read from JSON, where it is in ``text`` (notation.formats.json.form.Place): the
    # offset of the JSON value holding it and its path there, () or (index,).
    json_place: tuple[int, tuple[str | int, ...]] | None = None
    # A record that could not be read at all (a JSON line that is no game): ``game`` is
    # then an empty stand-in.
    unread: bool = False

    @property
    def rejected_text(self) -> str:
        """The game's own text, as a rejects file should keep it."""
        return self.text if self.raw is None else self.raw

    @property
    def complete(self) -> bool:
        """True when every part of the game could be read."""
        return not self.problems

    @property
    def readable(self) -> bool:
        """True when the game is worth keeping though parts of it may not be: it has a tag
        block, and some of its hands could be read or none was lost (a JSON record that
        could not be read has no tags)."""
        return self.has_tags and not self.unread and (
            bool(self.game.hands) or not (self.unread_lines or self._tags_unread)
        )

    @property
    def _tags_unread(self) -> bool:
        """Whether the tag block could not be read (its tags are then placeholders): a
        game with no hand besides is nothing read, not an empty game.

        >>> next(read_games("[[[x]]]\\n")).readable
        False
        """
        starts = [h.header.span.line for h in self.game.hands if h.header.span is not None]
        first_hand = min([*self.unread_lines, *starts], default=None)
        return any(
            p.code == "syntax-error" and p.hand is None and p.line is not None
            and (first_hand is None or p.line < first_hand)
            for p in self.problems
        )

    def left_out(self) -> list[str]:
        """What of the game could not be read, in words with its line: each hand (``game 1
        hand 2 (line 33)``), the tag block, or the whole game when nothing is kept.

        >>> read = next(read_games('[Event "x"]\\nhand 1 dealer N\\nbid E 3O\\n'))
        >>> read.left_out(), read.readable
        (['game 1 (line 1)'], False)
        """
        if not self.has_tags:
            return []
        if not self.readable:
            return [f"game {self.index} (line {self.first_line})"]
        lines = self.text.split("\n")
        parts = []
        if self._tags_unread:
            parts.append(f"game {self.index}'s tags (line {self.first_line})")
        for start in self.unread_lines:
            # The hand's text starts with the blank and comment lines before its `hand` line.
            at = start - self.first_line
            skipped = next(
                (i for i, text in enumerate(lines[at:]) if _HAND_LINE.match(text)), 0
            )
            match = _HAND_LINE.match(lines[at + skipped]) if at + skipped < len(lines) else None
            hand = f" hand {match.group(1)}" if match else ", a hand"
            parts.append(f"game {self.index}{hand} (line {start + skipped})")
        return parts


# A `hand N` line, as far as it can be made out in text that could not be read.
_HAND_LINE = re.compile(r"\s*hand\s+(\d+)", re.IGNORECASE)
# A game made of what was read, as the builder makes its items: without the model's checks
# of a user's values, which what the reader read has passed (notation.model.construct).
_Game = quick_constructor(Game)


# ---- games ----


def _tags(
    segment: Segment, index: int, problems: list[Finding]
) -> tuple[tuple[Tag, ...], RuleSet]:
    rules = RuleSet()
    try:
        tags, comments = parse_segment(segment, "tag_block", rules)
    except NotationSyntaxError as e:
        problems.append(_problem(e, index, None))
        return (), rules
    tags = tags_with_comments(tags, comments, segment.first_line - 1)
    seen: dict[str, Tag] = {}
    for tag in tags:
        if tag.name in seen:
            assert tag.span is not None
            problems.append(
                Finding(
                    "duplicate-tag",
                    Severity.ERROR,
                    f"the {tag.name} tag is written twice in this game",
                    line=tag.span.line,
                    column=tag.span.column,
                    game=index,
                )
            )
        seen.setdefault(tag.name, tag)
    try:
        rules = tagged_rules(
            seen["Rules"].value if "Rules" in seen else None,
            seen["Options"].value if "Options" in seen else None,
        )
    except RulesError as e:
        bad = seen.get("Options") if "Rules" not in seen or "option" in str(e) else seen["Rules"]
        bad = bad or seen["Rules"]
        assert bad.span is not None
        problems.append(
            Finding(
                "unknown-rules",
                Severity.ERROR,
                e.going_on,
                line=bad.span.line,
                column=bad.span.column,
                game=index,
            )
        )
        rules = RuleSet()
    return tags, rules


def _problem(error: NotationSyntaxError, game: int | None, hand: int | None) -> Finding:
    """A syntax error as a finding of game ``game`` (and hand ``hand``), where it is."""
    return Finding(
        error.code,
        Severity.ERROR,
        error.message,
        line=error.line,
        column=error.column,
        game=game,
        hand=hand,
    )


def _first_int(text: str) -> int | None:
    m = re.search(r"hand\s+(\d+)", text, re.IGNORECASE)
    return whole_number(m.group(1)) if m else None


def _read_game(segments: list[Segment], index: int) -> ReadGame:
    problems: list[Finding] = []
    tags: tuple[Tag, ...] = ()
    rules = RuleSet()
    hands: list[Hand] = []
    unread: list[int] = []
    for segment in segments:
        if segment.kind == "stray":
            try:
                parse_segment(segment, "file", rules)
            except NotationSyntaxError as e:
                problems.append(_problem(e, None, None))
            else:
                problems.append(
                    Finding(
                        "syntax-error",
                        Severity.ERROR,
                        "only comments here: a game starts with a tag block like "
                        '[Event "…"]',
                        line=segment.first_line,
                        column=1,
                    )
                )
        elif segment.kind == "tags":
            tags, rules = _tags(segment, index, problems)
        else:
            try:
                hand, comments = parse_segment(segment, "hand", rules)
            except NotationSyntaxError as e:
                problems.append(_problem(e, index, _first_int(segment.text)))
                unread.append(segment.first_line)
                continue
            hands.append(hand_with_comments(hand, comments, segment.first_line - 1))
    if segments[0].kind == "hand":
        problems.insert(
            0,
            Finding(
                "syntax-error",
                Severity.ERROR,
                'a game starts with a tag block like [Event "…"]',
                line=segments[0].first_line,
                column=1,
                game=index,
            ),
        )
    game = _Game(with_roster(tags), tuple(hands))
    text = "".join(s.text for s in segments)
    return ReadGame(
        index,
        game,
        problems,
        text,
        segments[0].first_line,
        rules,
        tuple(unread),
        has_tags=segments[0].kind == "tags",
    )


GameText = list[Segment]
"""One game's raw text, cut into its tag block and hands: what :func:`read_game` reads."""


def split_games(source: str | Iterable[str]) -> Iterator[GameText]:
    """Cut ``source`` into games without parsing them (cheap; for reading in parallel)."""
    return cut_games(source)


def read_game(text: GameText, index: int) -> ReadGame:
    """Parse one game that :func:`split_games` cut out; ``index`` is its place in the file."""
    return _read_game(text, index)


def read_hand(segment: Segment, rules: RuleSet) -> Hand | None:
    """One hand of a game (a segment :func:`split_games` cut) as :func:`read_game` reads it
    under the game's ``rules``; None when it has a syntax error (:func:`read_game` words it)."""
    try:
        hand, comments = parse_segment(segment, "hand", rules)
    except NotationSyntaxError:
        return None
    return hand_with_comments(hand, comments, segment.first_line - 1)


def read_games(source: str | Iterable[str]) -> Iterator[ReadGame]:
    """Read every game in ``source``, in order, each with the problems that stopped parts of it.

    ``source`` is the text, or its lines with their ends (a file read lazily), in which case
    only one game is held in memory at a time. Never raises for bad input: every syntax error
    becomes a located finding on its game.
    """
    for index, segments in enumerate(cut_games(source), start=1):
        yield _read_game(segments, index)


__all__ = [
    "GRAMMAR_FILE",
    "MAX_LINE",
    "MAX_SEGMENT",
    "TERMINAL_FLAGS",
    "TERMINAL_WORDS",
    "WHITE_SPACE_ABOVE",
    "GameText",
    "ReadGame",
    "grammar_parser",
    "is_line_token",
    "read_bid",
    "read_game",
    "read_games",
    "split_games",
    "terminal_pattern",
    "within_limits",
]
