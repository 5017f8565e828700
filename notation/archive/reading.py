"""Archives: files of many games, in notation or JSON, read one game at a time.

Every game comes out as a :class:`~notation.formats.text.reader.ReadGame` holding its raw text, so a
caller can write each good game on and each bad one to a rejects file: nothing is lost.
Notation and JSON Lines stream a block of whole lines at a time, in bounded memory whatever
the file's size; a single JSON document or a JSON array is read whole. For work in several
processes the file is cut into units (:class:`Unit`): a game of notation each, or a block of JSON
Lines each (cheap to send), which :func:`games` gives one game at a time.
"""

from __future__ import annotations

import gc
import itertools
import json
import multiprocessing
import re
import signal
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace

from notation.archive.codes import code_games, codes_first, given_code
from notation.archive.peers import PeerError, mk5_urls, plunge_codes
from notation.archive.quick_check import clean_json_hands, quick_findings
from notation.archive.quick_convert import jsonl, notation
from notation.check.validate import check_game
from notation.errors import RecordError
from notation.files import (
    StrPath,
    UnreadableInput,
    lines_of,
    read_source,
    source_blocks,
    source_name,
)
from notation.formats import share
from notation.formats.json import form as json_form
from notation.formats.text.reader import (
    GameText,
    ReadGame,
    grammar_parser,
    read_game,
    split_games,
)
from notation.formats.text.writer import write_game
from notation.model.findings import Finding, Severity
from notation.model.game import Game, Hand, with_roster
from notation.model.rule_sets import RulesError


def looks_like_json(text: str) -> bool:
    """True when text starts as JSON (an object, or an array of any JSON values) and not as a
    tag: a tag's ``[`` is followed by its name, a letter, and no JSON value starts so but
    ``true``, ``false`` and ``null``, which a comma or a ``]`` follows (never a tag's value).

    >>> looks_like_json('[Event "x"]'), looks_like_json(' [ {"format": 1}]'), looks_like_json("{")
    (False, True, True)
    >>> looks_like_json('[1, 2, "x"]'), looks_like_json("[null]"), looks_like_json("[nul")
    (True, True, False)
    """
    return _JSON_START.match(text) is not None


_JSON_START = re.compile(r'\s*(?:\{|\[\s*(?:[\[{"\]\-0-9]|(?:true|false|null)\s*[,\]]|\Z))')


def json_game(
    index: int,
    item: Game | RecordError,
    text: str,
    first_line: int = 1,
    raw: str | None = None,
    place: json_form.Place = (0, ()),
) -> ReadGame:
    """A game loaded from JSON, or the error that stopped it, as the readers give games: under
    the rules its tags name, or under straight 42 with an ``unknown-rules`` problem when they
    name none that t42 knows (the game is kept and still checked). ``text`` is the record as
    written, ``first_line`` where it starts, ``raw`` what a rejects file keeps if not ``text``,
    and ``place`` where the game is in ``text`` (see :func:`notation.formats.json.form.placed`).

    >>> from notation.model.game import Tag
    >>> read = json_game(1, Game((Tag("Rules", "sevens-only"),)), '{"tags": []}')
    >>> [(p.code, p.line, p.column, p.pointer) for p in read.problems], read.rules.name
    ([('unknown-rules', 1, 10, '/tags')], 'straight')
    """
    if isinstance(item, RecordError):
        line = None if item.line is None else item.line + first_line - 1
        problem = Finding(
            item.code,
            Severity.ERROR,
            item.message,
            line,
            item.column,
            game=index,
            pointer=item.pointer,
        )
        return ReadGame(index, Game(()), [problem], text, first_line, raw=raw, unread=True)
    try:
        rules = item.rules
    except RulesError as e:
        # The Rules or Options tag names it: the finding points at the tags.
        line, column, pointer = json_form.position(text, place, ("tags",))
        problem = Finding(
            "unknown-rules",
            Severity.ERROR,
            e.going_on,
            line + first_line - 1,
            column,
            game=index,
            pointer=pointer,
        )
        return ReadGame(index, item, [problem], text, first_line, raw=raw, json_place=place)
    return ReadGame(index, item, [], text, first_line, rules=rules, raw=raw, json_place=place)


def _json_line(index: int, line: str, number: int) -> ReadGame:
    """The game on one line of a JSON Lines file."""
    items = list(json_form.read_placed_records(line))
    if len(items) != 1:
        error = RecordError("a line of a JSON Lines file holds exactly one game", 1, 1)
        return json_game(index, error, line, number)
    item, start, at = items[0]
    return json_game(index, item, line, number, place=(start, at))


def _is_one_line_document(line: str) -> bool:
    try:
        return isinstance(json.loads(line), dict)
    except (ValueError, RecursionError):  # too deep for a game: read as a document, refused
        return False


@dataclass(frozen=True)
class Unit:
    """One game's raw input, cut from an archive but not yet read: cheap to make in order and
    to send to another process, where :func:`read_unit` reads it."""

    index: int  # the game's number in its file (of a run: its first game's)
    notation: GameText | None = None  # a game in notation
    json_line: tuple[str, int] | None = None  # a JSON Lines line and its line number
    # A run of whole lines of a JSON Lines file and the first one's number: one game a line,
    # blank lines aside. Sent to a worker whole, so that the games of a block of the file
    # cost one object to send, not one each; :func:`games` gives them one by one.
    json_lines: tuple[tuple[str, ...], int] | None = None
    done: ReadGame | None = None  # a game from a JSON document, read already
    # Characters of input: what a progress bar and a batch of work count. Counted once, when
    # the unit is cut, by whoever cuts it (the batches, the bar and the worker all ask).
    size: int = field(default=-1, compare=False)

    def __post_init__(self) -> None:
        if self.size < 0:
            object.__setattr__(self, "size", self._count())

    def __reduce__(self) -> tuple[type[Unit], tuple[object, ...]]:
        # Sent to a worker by the thousand: as its fields, far quicker than by its state.
        fields = (self.notation, self.json_line, self.json_lines, self.done, self.size)
        return Unit, (self.index, *fields)

    def _count(self) -> int:
        if self.notation is not None:
            return sum([len(segment.text) for segment in self.notation])
        if self.json_line is not None:
            return len(self.json_line[0])
        if self.json_lines is not None:
            return sum(map(len, self.json_lines[0]))
        assert self.done is not None
        return len(self.done.rejected_text)


def settle() -> None:
    """Make this process ready to read a large archive: build the parser now, then leave
    everything made so far (the parser's tables, the modules) out of the garbage collector's
    walks. Reading makes a few hundred objects a hand, and each full collection would
    otherwise walk the parser's tens of thousands of objects again."""
    grammar_parser()
    gc.freeze()


def settle_worker() -> None:
    """Ready a process of a pool to work on an archive (:func:`settle`). Ctrl-C reaches every
    process of the terminal's group; the parent alone answers it (it stops the pool), so a
    worker ignores it rather than print its traceback."""
    if multiprocessing.parent_process() is not None:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    settle()


def unit_size(unit: Unit) -> int:
    """The characters of input a unit holds, to weigh work and progress by."""
    return unit.size


def close_early(work: Iterator[object]) -> None:
    """Close a pool's results here and now when a run stops early (an error, an interrupt, a
    strict stop): left to the garbage collector, the pool is shut down from a thread that
    cannot, with a traceback."""
    close = getattr(work, "close", None)
    if close is not None:
        close()


def games(unit: Unit) -> Iterator[Unit]:
    """The games of a unit one by one: those of a run of JSON Lines, or the unit's one game.

    >>> [(u.index, u.json_line) for u in games(Unit(7, json_lines=(("{}\\n", " \\n", "{}"), 3)))]
    [(7, ('{}\\n', 3)), (8, ('{}', 5))]
    """
    if unit.json_lines is None:
        yield unit
        return
    lines, first = unit.json_lines
    index = unit.index
    for number, line in enumerate(lines, start=first):
        if line.strip():
            yield Unit(index, json_line=(line, number), size=len(line))
            index += 1


def read_unit(unit: Unit) -> ReadGame:
    """One game's unit read (a run of JSON Lines must go through :func:`games` first)."""
    if unit.notation is not None:
        return read_game(unit.notation, unit.index)
    if unit.json_line is not None:
        return _json_line(unit.index, *unit.json_line)
    assert unit.done is not None
    return unit.done


@dataclass(frozen=True)
class CheckedGame:
    """A game read and checked: what ``validate`` prints and counts (small to send back)."""

    findings: list[Finding]
    hands: int
    is_game: bool
    text: str  # the game's text when there are findings to show in it, else ""
    first_line: int
    size: int  # characters of input
    left_out: tuple[str, ...] = ()  # what could not be read, in words (reader's left_out)


def check_units(unit: Unit) -> list[CheckedGame]:
    """Read and check the games of a unit: the whole job of a ``validate`` worker."""
    return [check_unit(game) for game in games(unit)]


def check_unit(unit: Unit) -> CheckedGame:
    """Read and check one game's unit."""
    if unit.notation is not None:
        # Most hands break no rule: the quick check vouches for those without the model, and
        # only a hand it does not vouch for is read and checked the long way.
        quick = quick_findings(unit.notation, unit.index)
        if quick is not None:
            text = "".join(s.text for s in unit.notation) if quick.findings else ""
            first_line = unit.notation[0].first_line
            return CheckedGame(quick.findings, quick.hands, True, text, first_line, unit.size)
    elif unit.json_line is not None:
        hands = clean_json_hands(unit.json_line[0])
        if hands is not None:
            return CheckedGame([], hands, True, "", unit.json_line[1], unit.size)
    read = read_unit(unit)
    found = list(read.problems)
    if read.game.hands or not read.problems:
        findings = check_game(read.game, read.rules, read.index, read.unread_lines).findings
        if findings and read.json_place is not None:
            findings = _placed_in_json(read, findings)
        found += findings
    found.sort(key=lambda f: (f.line or 0, f.column or 0))
    text = read.text if found else ""
    return CheckedGame(
        found, len(read.game.hands), read.has_tags, text, read.first_line, unit.size,
        tuple(read.left_out()),
    )


def _placed_in_json(read: ReadGame, findings: tuple[Finding, ...]) -> tuple[Finding, ...]:
    """The findings of a game read from JSON, each with the line and column of its item in
    the JSON text and the item's JSON Pointer: the game is checked again with the items of
    the hands with findings placed, which only a game with findings pays for."""
    assert read.json_place is not None
    numbers = {f.hand for f in findings}
    hands = None
    if None not in numbers:
        hands = {i for i, hand in enumerate(read.game.hands) if hand.number in numbers}
    game, pointer_at = json_form.placed(read.game, read.text, read.json_place, hands)
    report = check_game(game, read.rules, read.index, read.unread_lines)
    shift = read.first_line - 1  # a line of JSON Lines was placed as line 1
    return tuple(
        f
        if f.line is None
        else replace(f, line=f.line + shift, pointer=pointer_at(f.line, f.column or 1))
        for f in report.findings
    )


@dataclass(frozen=True)
class ConvertedGame:
    """A game read and written in another form, or the reasons it could not be.

    A syntax error costs only its hand: the game's readable hands are written, ``left_out``
    says what was not, and the game's whole text goes to the rejects file too, so that
    nothing is lost (input = output + rejects, the game mended from its rejected text)."""

    output: str | None  # the game in the form asked for; None when nothing could be read
    problems: list[Finding]
    is_game: bool
    text: str  # the game's text, to show the problems in
    rejected_text: str  # what a rejects file keeps of it
    first_line: int
    left_out: tuple[str, ...] = ()  # what of the game could not be read, in words

    @property
    def rejected(self) -> bool:
        """Whether the game's text belongs in the rejects file: some of it was not written."""
        return self.output is None or bool(self.left_out)


def render(game: Game, form: str) -> str:
    """One game as ``t42`` notation, a ``jsonl`` line, an indented ``json`` document, a
    ``share`` code, or ``mk5-url`` and ``plunge-code`` lines, a hand each (what these leave
    out: :func:`render_noting`). Raise :class:`RecordError` for a game the form cannot hold."""
    return render_noting(game, form)[0]


def render_noting(game: Game, form: str) -> tuple[str, list[str]]:
    """One game in ``form`` (see :func:`render`), and what the form leaves out of it in
    words: the other programs' records hold no tags, comments or running marks."""
    if form in ("mk5-url", "plunge-code"):
        write = mk5_urls if form == "mk5-url" else plunge_codes
        try:
            lines, notes = write(game)
        except PeerError as e:
            raise RecordError(f"not written as {form}: {e.message}", code="not-in-form") from None
        return "".join(line + "\n" for line in lines), notes
    if form == "share":
        return share.dumps(game) + "\n", []
    return _render(game, form), []


def _render(game: Game, form: str) -> str:
    if form == "t42":
        return write_game(game)
    if form == "jsonl":
        return json_form.dumps(game) + "\n"
    return json_form.dumps(game, indent=2)


def convert_units(form: str, unit: Unit) -> list[ConvertedGame]:
    """Read the games of a unit and render each in ``form``: the whole job of a ``convert``
    worker."""
    return [convert_unit(form, game) for game in games(unit)]


def convert_unit(form: str, unit: Unit) -> ConvertedGame:
    """Read one game's unit and render it in ``form``."""
    if form == "jsonl" and unit.notation is not None:
        # A game in the canonical form goes straight from its text to its line.
        line = jsonl(unit.notation)
        if line is not None:
            return ConvertedGame(line, [], True, "", "", unit.notation[0].first_line)
    elif form == "t42" and unit.json_line is not None:
        # And a clean JSON line in the canonical form straight to its notation.
        text = notation(unit.json_line[0])
        if text is not None:
            return ConvertedGame(text, [], True, "", "", unit.json_line[1])
    read = read_unit(unit)
    try:
        if not read.problems and read.has_tags:
            text, notes = render_noting(read.game, form)
            return ConvertedGame(text, _noted(read, notes), True, read.text, "", read.first_line)
        # An unknown rule set costs nothing (the tag is written as it is); a syntax error its
        # hand.
        output, notes = render_noting(read.game, form) if read.readable else (None, [])
    except RecordError as e:
        # What was read but the other form cannot hold: the game goes to the rejects, said
        # where, and the other games go on.
        problem = unwritable(read, e)
        return ConvertedGame(
            None, [*read.problems, problem], read.has_tags, read.text, read.rejected_text,
            read.first_line, (f"game {read.index} (line {read.first_line})",),
        )
    return ConvertedGame(
        output, [*read.problems, *_noted(read, notes)], read.has_tags, read.text,
        read.rejected_text, read.first_line, tuple(read.left_out()),
    )


def _noted(read: ReadGame, notes: list[str]) -> list[Finding]:
    """What a form leaves out of a game, as warnings at the game's first line."""
    return [Finding("left-out-of-form", Severity.WARNING, note, read.first_line, 1,
                    game=read.index) for note in notes]


def unwritable(read: ReadGame, error: RecordError) -> Finding:
    """The finding for a game read whole that cannot be written in another form (``error``
    from the writer), at the item its JSON pointer names, as near as the model says.

    >>> from notation.formats.text.reader import read_games
    >>> read = next(read_games('[Event "x"]\\n\\nhand 1 dealer N\\nbid N 30\\n'))
    >>> problem = unwritable(read, RecordError("too large", pointer="/hands/0/auction"))
    >>> problem.line, problem.column, problem.message
    (4, 1, 'too large')
    """
    at: object = read.game
    span = None
    for part in error.pointer.split("/")[1:]:
        if isinstance(at, Game) and part == "tags":
            at = with_roster(at.tags)  # as the JSON form orders them
        elif isinstance(at, tuple) and part.isdigit() and int(part) < len(at):
            at = at[int(part)]
        elif hasattr(at, part):
            at = getattr(at, part)
        else:
            break
        if isinstance(at, Hand):
            span = at.header.span
        span = getattr(at, "span", None) or span
    line, column = (span.line, span.column) if span is not None else (read.first_line, 1)
    return Finding(error.code, Severity.ERROR, error.message, line, column, game=read.index)


def read_archive(path: StrPath) -> Iterator[ReadGame]:
    """Every game in the file at ``path`` (``-`` for stdin), whole or not, in order.

    Raises :class:`notation.files.UnreadableInput` when the file cannot be read at all (the
    games already yielded stand), or holds no game.
    """
    return map(read_unit, itertools.chain.from_iterable(map(games, units(path))))


def read_file(path: StrPath) -> tuple[str, list[ReadGame]]:
    """The text of the file at ``path`` (``-`` for stdin) and every game in it, whole or not:
    read whole, for work that needs the whole file (formatting, pictures, replay). Raises
    :class:`notation.files.UnreadableInput` as :func:`read_archive` does."""
    given = given_code(path)
    text = given if given is not None else read_source(path)
    read = itertools.chain.from_iterable(map(games, _units([text], source_name(path))))
    return text, list(map(read_unit, read))


def units(path: StrPath) -> Iterator[Unit]:
    """The games of the file at ``path`` as units, in order, reading it lazily: a unit a
    game, or for JSON Lines a unit a block of lines (see :func:`games`). Raises
    :class:`notation.files.UnreadableInput` when the file cannot be read, and at its end
    when it holds no game (empty, only comments, or neither notation nor t42's JSON)."""
    given = given_code(path)
    return _units(source_blocks(path) if given is None else [given], source_name(path))


def _units(source: Iterable[str], name: str) -> Iterator[Unit]:
    """The games of the text ``source`` gives a block of whole lines at a time, as units."""
    blocks = iter(source)
    head: list[str] = []  # the lines up to the first two characters that are not space
    rest: list[str] = []  # the other lines of the block where they are
    for block in blocks:
        lines = lines_of(block)
        for i, line in enumerate(lines):
            head.append(line)
            if len("".join(head).strip()) >= 2:
                rest = lines[i + 1 :]
                break
        else:
            continue
        break
    probe = "".join(head)
    if codes_first(head, rest):
        code_lines = itertools.chain(head, rest,
                                     itertools.chain.from_iterable(map(lines_of, blocks)))
        yield from (Unit(read.index, done=read) for read in code_games(code_lines))
        return
    if not looks_like_json(probe):
        chunks = itertools.chain(head, ["".join(rest)], blocks)
        met = False
        for index, game in enumerate(split_games(chunks), start=1):
            met = met or game[0].kind == "tags"
            yield Unit(index, notation=game)
        if not met:
            raise no_games(name, "a game starts with a tag like [Event \"…\"]")
        return
    blank = len(head) - 1
    first = head[-1] if head else ""
    # JSON Lines when the first line that is not blank is a whole game: not when a line with
    # a lone "[" comes before it, as in an array written a game a line.
    if not "".join(head[:-1]).strip() and _is_one_line_document(first):
        index, number = 1, blank + 1
        met = False
        for lines in itertools.chain([[first, *rest]], map(lines_of, blocks)):
            run = tuple(lines)
            # Whether a line is a game is looked at only until one is: a file's first line.
            met = met or any(_is_game(line) for line in run)
            count = sum(1 for line in run if line.strip())
            if count:
                yield Unit(index, json_lines=(run, number))
            index += count
            number += len(run)
        if not met:
            raise no_games(name, _A_JSON_GAME)
        return
    more = itertools.chain(rest, itertools.chain.from_iterable(map(lines_of, blocks)))
    # One document or an array: read whole. Each game keeps the whole text, so findings
    # show their source line, and for a rejects file its own part of it.
    whole = probe + "".join(more)
    items = list(json_form.read_placed_records(whole))
    if not any(isinstance(item, Game) for item, _, _ in items) and not _holds_a_game(whole):
        raise no_games(name, _A_JSON_GAME)
    for index, (item, start, at) in enumerate(items, start=1):
        raw = _element_text(whole, item) if isinstance(item, RecordError) else json_form.dumps(item)
        yield Unit(index, done=json_game(index, item, whole, 1, raw, (start, at)))


_A_JSON_GAME = 'a game in JSON is an object with "tags" and "hands"'
_GAME_FIELDS = frozenset(["format", "version", "tags", "hands"])


def no_games(name: str, why: str) -> UnreadableInput:
    """A file that holds no game at all: unusable input, for every command alike.

    >>> str(no_games("club.t42", "it is empty"))
    'club.t42: no games found (it is empty)'
    """
    return UnreadableInput(f"{name}: no games found ({why})")


def _is_game(line: str) -> bool:
    """Whether a line of JSON Lines is meant for a game (a broken one counts): an object with
    at least one field of a game, or JSON too broken to tell."""
    try:
        value = json.loads(line)
    except (ValueError, RecursionError):
        return True  # broken JSON may be a broken game: its error is said where it is
    return isinstance(value, dict) and bool(_GAME_FIELDS & value.keys())


def _holds_a_game(text: str) -> bool:
    """Whether a JSON document is meant for a game or an array of games, broken or not."""
    try:
        value = json.loads(text)
    except (ValueError, RecursionError):
        return True  # as for a line of JSON Lines
    values = value if isinstance(value, list) else [value]
    return any(isinstance(v, dict) and _GAME_FIELDS & v.keys() for v in values)


def _element_text(text: str, error: RecordError) -> str:
    """The bad game of a JSON array as JSON text (its content, re-serialised), or else the
    whole text: what a rejects file keeps of it."""
    step = error.pointer.lstrip("/").split("/")[0]
    if step.isdigit():
        try:
            whole = json.loads(text)
        except (ValueError, RecursionError):
            return text
        if isinstance(whole, list) and int(step) < len(whole):
            return json.dumps(whole[int(step)], ensure_ascii=False)
    return text
