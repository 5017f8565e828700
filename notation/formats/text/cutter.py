"""Cutting text into games, and each game into its tag block and hands, without parsing.

Most lines go straight to the segment they are in; only a line that may start a tag block
or a hand, be blank or hold a comment gets a look (:func:`first_item`), and a block of lines
in which every comment closes on its own line is cut by runs of lines (the quick path).

>>> [[s.kind for s in game] for game in cut_games('[Event "a"]\\nhand 1 dealer N\\n')]
[['tags', 'hand']]
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import NamedTuple

from notation.files import lines_of
from notation.line_ends import one_line_end, one_line_ends


class Segment(NamedTuple):
    """A piece of a game's text, cut without parsing: its tag block, a hand (each with the
    blank and comment lines before it), or text before any tag block."""

    # A named tuple, not a dataclass: segments go to worker processes by the hundred
    # thousand, and a tuple is made and unpickled several times faster.
    kind: str  # "tags", "hand" or "stray" (text before any tag block)
    text: str  # its lines, ends kept
    first_line: int


# The names of the tags a line of a tag block writes, and the start of a `hand N` line: what
# the cutter knows of an item, its first word.
TAG_NAMES = re.compile(r"\[\s*([A-Za-z][A-Za-z0-9_]*)")
HAND_START = re.compile(r"hand\s+\d", re.IGNORECASE)


_COMMENT_OR_QUOTE = re.compile(r'[{};"]')


def first_item(line: str, in_brace: bool) -> tuple[str, bool]:
    """The first item on a line outside comments, and whether a ``{`` is open at its end."""
    if not in_brace and line[:1] == "[" and "{" not in line and ";" not in line:
        return line, False  # a tag line: its quotes hold no comment that could matter
    if not in_brace and _COMMENT_OR_QUOTE.search(line) is None:
        return line.lstrip(_BEFORE_ITEM), False  # most lines: no scan needed
    first = ""
    i, n = 0, len(line)
    in_quote = False
    while i < n:
        ch = line[i]
        if in_brace:
            if ch == "}":
                in_brace = False
        elif in_quote:
            if ch == "\\":
                i += 1
            elif ch == '"':
                in_quote = False
        elif ch == "{":
            in_brace = True
        elif ch == ";":
            break
        else:
            if not first and not ch.isspace() and ch != "\ufeff":
                first = line[i:]  # a quoted value too is an item
            in_quote = ch == '"'
        i += 1
    return first, in_brace


# First characters of a line that may start a segment, hold a comment or be blank: only
# such lines need first_item (a line starting otherwise is an item of the segment it is in).
# White space is what str.lstrip takes away (none lies above U+3000; a test checks).
WHITE_SPACE_ABOVE = 0x3000
_WHITE_SPACE = frozenset(chr(i) for i in range(WHITE_SPACE_ABOVE + 1) if chr(i).isspace())
_NOT_PLAIN = _WHITE_SPACE | set('\ufeff[hH;{"') | {""}
# What may stand before a line's first item: white space, and byte order marks anywhere in it.
_BEFORE_ITEM = "".join(sorted(_WHITE_SPACE)) + "\ufeff"


def cut_games(source: str | Iterable[str]) -> Iterator[list[Segment]]:
    """Cut the text into games, each a list of segments (tag block first, then hands).

    ``source`` is the whole text or pieces of it that each end at a line end (its lines, or
    blocks of whole lines, as :func:`notation.files.source_blocks` gives them), so a file of
    any size is read one game at a time.
    """
    cutter = Cutter()
    # Every line end read as \n (a CRLF or a lone CR too): lines are counted as editors do.
    for chunk in [one_line_end(source)] if isinstance(source, str) else one_line_ends(source):
        if (
            cutter.in_brace
            or any(c in chunk for c in _ODD_SPACES)
            or ("{" in chunk and _OPEN_AT_LINE_END.search(chunk))
        ):
            for line in lines_of(chunk):
                cutter.line(line)
            yield from cutter.take()
            continue
        # Every { comment closes on its line and no odd white space hides a line's start:
        # only the lines that may start a segment, be blank or start with a comment need a
        # look; the rest go in runs.
        at, end = 0, len(chunk)
        if _MAY_START_HERE.match(chunk):
            at = chunk.find("\n") + 1 or end
            cutter.line(chunk[:at])
        for match in _MAY_START.finditer(chunk, max(at - 1, 0)):
            start = match.end()
            if start >= end:
                break
            if start > at:
                cutter.run(chunk[at:start], chunk.count("\n", at, start))
            at = chunk.find("\n", start) + 1 or end
            cutter.line(chunk[start:at])
        if at < end:
            cutter.run(chunk[at:], chunk.count("\n", at) + (chunk[-1] != "\n"))
        yield from cutter.take()
    cutter.finish()
    yield from cutter.take()


# A line that may start a tag block or hand, or be blank or start with a comment (which may
# stand before a `hand`): at the start of a text, or after a line end (a pattern that starts
# with one is found quickly).
_MAY_START_HERE = re.compile(r' *(?:[\[hH;"{\n]|\Z)')
_MAY_START = re.compile(r'\n(?= *(?:[\[hH;"{\n]|\Z))')
# A { with no } after it on its line: a comment that may run on past the line end, so the
# block needs a look at every line. With none, each line ends outside any comment (a { in a
# quote or after a ; only makes this cautious): after the last { of a line comes a }, which
# closes any comment opened before it.
_OPEN_AT_LINE_END = re.compile(r"\{[^}\n]*(?:\n|\Z)")
# What makes a block of lines need a look at every line: white space other than spaces and
# line ends, or a byte order mark (either may stand before an item: see first_item).
_ODD_SPACES = [*sorted(_WHITE_SPACE - {" ", "\n"}), "\ufeff"]


class Cutter:
    """The state of cutting text into games, fed a line or a run of item lines at a time
    (by :func:`cut_games`); the games it has finished wait in ``done``."""

    def __init__(self) -> None:
        # The game being cut: each segment's kind, first line and text in pieces (joined
        # when the game is done), the pieces of the last segment, and the finished games.
        self.game: list[tuple[str, int, list[str]]] = []
        self.pieces: list[str] = []
        self.done: list[list[Segment]] = []
        self.tag_names: set[str] = set()  # the tags of the block being read, to see the next
        self.pending: list[str] = []  # blank and comment-only lines go with what follows them
        self.line_no = 0
        self.pending_from = 1
        self.in_brace = False

    def run(self, text: str, count: int) -> None:
        """``count`` lines, none of which may start a segment, be blank or open a comment."""
        if not self.game:
            for line in lines_of(text):
                self.line(line)
            return
        if self.pending:
            self.pieces += self.pending
            self.pending = []
        self.pieces.append(text)
        self.line_no += count

    def line(self, line: str) -> None:
        """One line, which may start a tag block or a hand, be blank or hold a comment."""
        self.line_no += 1
        if line == "\n":  # a blank line, the commonest that needs a look: no item, no brace
            if not self.pending:
                self.pending_from = self.line_no
            self.pending.append(line)
            return
        first = line[:1]
        if first == " ":  # a deal line's next seat, indented
            first = line.lstrip(" ")[:1]
        if not self.in_brace and self.game and first not in _NOT_PLAIN and "{" not in line:
            # Most lines: an item inside a hand or tag block, opening no comment.
            if self.pending:
                self.pieces += self.pending
                self.pending = []
            self.pieces.append(line)
            return
        item, self.in_brace = first_item(line, self.in_brace)
        if not item:
            if not self.pending:
                self.pending_from = self.line_no
            self.pending.append(line)
            return
        start = self.pending_from if self.pending else self.line_no
        game = self.game
        if item.startswith("["):
            names = {n.lower() for n in TAG_NAMES.findall(item)}
            # A tag block ends at hands, or at a blank line after which a tag name comes
            # again: that is the next game's block (a game need not have hands). A name
            # repeated inside one block is a duplicate tag, reported as such.
            if not game or game[-1][0] != "tags" or (names & self.tag_names and self.pending):
                if game:
                    self.done.append(_cut(game))
                    self.game = []
                self._open("tags", start)
                self.tag_names = set()
            self.tag_names |= names
        elif HAND_START.match(item):
            self._open("hand", start)
        elif not game:
            self._open("stray", start)
        self.pieces += self.pending
        self.pieces.append(line)
        self.pending = []

    def take(self) -> list[list[Segment]]:
        """The games finished so far, given out once."""
        done, self.done = self.done, []
        return done

    def _open(self, kind: str, start: int) -> None:
        """A new segment of the game, from line ``start``."""
        self.pieces = []
        self.game.append((kind, start, self.pieces))

    def finish(self) -> None:
        """The end of the text: the last game is done."""
        if self.pending:
            if self.game:
                self.pieces += self.pending
            elif any(p.strip() for p in self.pending):
                # Only comments: still a segment, so the comments are not silently dropped.
                self.game = [("stray", self.pending_from, self.pending)]
        if self.game:
            self.done.append(_cut(self.game))


def _cut(game: list[tuple[str, int, list[str]]]) -> list[Segment]:
    return [Segment(kind, "".join(lines), first) for kind, first, lines in game]

