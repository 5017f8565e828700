"""What ``t42 record`` asks, understands and shows, without the terminal (no Textual here).

:func:`enter` reads one line the scorekeeper typed and makes it an entry of the
:class:`~notation.recording.Recording` (every rule is the engine's); :func:`screen` draws the
record so far for an 80×24 terminal; :data:`QUESTIONS` are the questions that start a game.

>>> from notation.recording import Recording
>>> r = Recording.start({"Rules": "straight"})
>>> r, said = enter(r, "p")
>>> said, str(r.bidder)
('E passes', 'S')
>>> r, said = enter(r, "29")
>>> said
'S bids 29 (flagged: 29 is below the minimum bid of 30)'
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date

from rich.text import Text

from notation.errors import T42Error
from notation.model.bids import Bid, BidError
from notation.model.contracts import ContractError, Special, Trump
from notation.model.game import EndKind, ScoreKind, date_value
from notation.model.numbers import whole_number
from notation.model.rule_sets import RULE_SETS, RulesError, tagged_rules
from notation.model.seats import SEATS, Seat, Team
from notation.model.tiles import Tile, TileError
from notation.recording import Recording, RecordingError, Step, hand_now
from notation.rules.tricks import tally
from replay.render import inert
from replay.strokes import all_strokes

# A tile as typed at the table: 64, 6-4 or 6 4.
TILE = re.compile(r"^\s*([0-9])\s*[- ]?\s*([0-9])\s*$")
SCORE = re.compile(r"^\s*(\d+)[\s,/-]+(\d+)\s*$")
UNDO = ("u", "undo")


class EntryError(T42Error, ValueError):
    """A line the recorder cannot make an entry of; its text says why, to the scorekeeper."""


@dataclass(frozen=True, slots=True)
class Question:
    """A question asked before the first hand: the tag it fills and its answer by default."""

    tag: str
    ask: str
    default: str


def questions(today: date | None = None) -> tuple[Question, ...]:
    """The questions that start a game, in order (Enter takes the default)."""
    today = today or date.today()
    return (
        Question("Event", "Event", "?"),
        Question("Site", "Site", "?"),
        Question("Date", "Date", date_value(today)),
        *(Question(s.name_word, f"{s.name_word} player's name", "?") for s in SEATS),
        Question("Rules", f"Rule set ({', '.join(RULE_SETS)})", "straight"),
        Question("Options", "Options (like all-pass=reshake; t42 rules lists them)", ""),
        Question("Dealer", "Who deals the first hand (N, E, S, W)", "N"),
    )


QUESTIONS = questions()


def answer(question: Question, typed: str, answers: Mapping[str, str]) -> str:
    """The answer to ``question`` (the default for an empty line); raises
    :class:`EntryError` for an answer the game cannot start with."""
    value = typed.strip() or question.default
    if question.tag == "Rules" or question.tag == "Options":
        rules = value if question.tag == "Rules" else answers.get("Rules", "straight")
        options = value if question.tag == "Options" else None
        try:
            tagged_rules(rules, options or None)
        except RulesError as e:
            raise EntryError(str(e)) from None
    if question.tag == "Dealer":
        try:
            Seat(value.upper())
        except ValueError:
            raise EntryError(f"{value!r} is not a seat: N, E, S or W") from None
        return value.upper()
    return value


def start(answers: Mapping[str, str]) -> Recording:
    """The recording the answers start (``Options`` left out when empty)."""
    tags = {k: v for k, v in answers.items() if k != "Dealer" and (k != "Options" or v)}
    return Recording.start(tags, dealer=Seat(answers.get("Dealer", "N")))


def parse_tile(typed: str) -> Tile | None:
    """The tile typed as ``64``, ``6-4`` or ``6 4`` (None for other text).

    >>> str(parse_tile("46")), str(parse_tile("6 4")), parse_tile("end")
    ('6-4', '6-4', None)
    """
    match = TILE.match(typed)
    if match is None:
        return None
    try:
        return Tile.of(int(match[1]), int(match[2]))
    except TileError:
        return None


def _tiles(words: list[str]) -> list[Tile]:
    tiles = []
    for word in words:
        tile = parse_tile(word)
        if tile is None:
            raise EntryError(f"{word!r} is not a tile: type it as 64, 6-4 or 6 4")
        tiles.append(tile)
    return tiles


def enter(r: Recording, typed: str) -> tuple[Recording, str]:
    """The recording with the entry ``typed``, and what to say about it.

    Raises :class:`EntryError` (with words for the scorekeeper) for text that is no entry
    now; an entry the rules refuse is recorded all the same, and said to be flagged.
    """
    words = typed.split()
    first = words[0].lower() if words else ""
    try:
        if first in UNDO:
            return r.undo(), "undone"
        if first == "edit":
            number = whole_number(words[1]) if len(words) >= 3 else None
            if number is None:
                raise EntryError("edit a trick as: edit 3 64 54 33 10")
            return r.edit_trick(number, _tiles(words[2:])), f"trick {number} written again"
        if first == "deal":
            if len(words) != 9 or words[1].upper() not in {s.value for s in SEATS}:
                raise EntryError("write a deal as: deal N 66 65 64 63 62 61 60")
            seat = Seat(words[1].upper())
            return r.deal(seat, _tiles(words[2:])), f"{seat}'s tiles written"
        step = r.step
        if step is Step.BID:
            return _bid(r, typed)
        if step is Step.TRUMP:
            return _trump(r, words)
        if step is Step.PLAY:
            return _play(r, typed, words)
        if step is Step.SCORE:
            return _score(r, typed)
        raise EntryError("the game is over: q quits")
    except RecordingError as e:
        raise EntryError(str(e)) from None


def _bid(r: Recording, typed: str) -> tuple[Recording, str]:
    word = typed.strip().lower()
    try:
        bid = Bid.pass_() if word in ("p", "-") else Bid.parse(word)
    except BidError as e:
        raise EntryError(str(e)) from None
    seat = r.bidder
    problem = r.bid_problem(bid)
    said = f"{seat} passes" if bid.is_pass else f"{seat} bids {bid}"
    return r.call(bid), said if problem is None else f"{said} (flagged: {problem})"


def _trump(r: Recording, words: list[str]) -> tuple[Recording, str]:
    if not words:
        raise EntryError("name the trump: a suit (fives or 5), doubles or follow-me")
    special = None
    if words[0].lower() in {s.value for s in Special}:
        special, words = words[0].lower(), words[1:]
    doubles = words[-1] if words and words[-1].lower().startswith("doubles-") else None
    if doubles is not None:
        words = words[:-1]
    try:
        trump = Trump.parse(
            words[0] if words else "",
            doubles,
            r.rules.follow_me_doubles,
            special=special,
            nello_doubles=r.rules.nello_doubles,
        )
    except ContractError as e:
        raise EntryError(str(e)) from None
    after = r.name_trump(trump)
    assert after.hand is not None
    assert after.hand.trump is not None
    said = f"{after.hand.trump.seat} names {trump}"
    new = [f for f in after.findings if f not in r.findings]
    return after, said if not new else f"{said} (flagged: {new[0].code})"


def _play(r: Recording, typed: str, words: list[str]) -> tuple[Recording, str]:
    if words and words[0].lower() == "end":
        kind_word = words[1].lower().replace("-", "") if len(words) > 1 else ""
        try:
            kind = EndKind(kind_word)
        except ValueError:
            raise EntryError("end the hand as: end made, end set or end laydown S") from None
        seat = None
        if kind is EndKind.LAYDOWN:
            if len(words) != 3 or words[2].upper() not in {s.value for s in SEATS}:
                raise EntryError("name who lays down: end laydown S")
            seat = Seat(words[2].upper())
        after = r.end(kind, seat)
        said = f"play stops: {kind.value}" + (f" by {seat}" if seat else "")
        claim = after.laydown_claim()
        if claim is not None:
            said += f" ({claim})"
        new = [f for f in after.findings if f.code == "ending-unjustified"]
        return after, said if not new else f"{said} (flagged: {new[0].code})"
    tile = parse_tile(typed)
    if tile is None:
        raise EntryError(f"{typed.strip()!r} is not a tile: type it as 64, 6-4 or 6 4")
    seat = r.turn
    after = r.play(tile)
    new = [f for f in after.findings if f not in r.findings]
    said = f"{seat} plays {tile}"
    # The finding's words are on the screen, with the hand's findings: named here only.
    return after, said if not new else f"{said} (flagged: {new[0].code})"


def _score(r: Recording, typed: str) -> tuple[Recording, str]:
    kind = r.score_kind
    assert kind is not None
    if not typed.strip():
        after = r.accept()
        line = after.hand.scores[-1] if after.hand else None
        assert line is not None
        return after, f"{kind.value} NS {line.ns} EW {line.ew} written"
    match = SCORE.match(typed)
    ns, ew = (whole_number(match[1]), whole_number(match[2])) if match else (None, None)
    if ns is None or ew is None:
        raise EntryError(f"write {kind.value} as two numbers, NS then EW: 35 7")
    line_text = f"{kind.value} NS {ns} EW {ew} written"
    computed = r.computed(kind)
    after = r.score(kind, ns, ew)
    if computed is not None and (computed.ns, computed.ew) != (ns, ew):
        return after, f"{line_text} (flagged: the hand gives NS {computed.ns} EW {computed.ew})"
    return after, line_text


# -- the screen --


def prompt(r: Recording) -> str:
    """What the recorder asks for next."""
    step = r.step
    if step is Step.BID:
        legal = r.legal_bids
        low = next((b for b in legal if not b.is_pass), None)
        can_pass = bool(legal) and legal[0].is_pass
        choices = ("p(ass) or " if can_pass else "") + (f"{low}+" if low else "a bid")
        return f"{r.bidder} to bid: {choices}"
    if step is Step.TRUMP:
        specials = " ".join(s.value for s in r.specials_allowed)
        extra = f"; or {specials}" if specials else ""
        return f"{r.trump_caller} names trump: a suit (5 or fives), doubles, follow-me{extra}"
    if step is Step.PLAY:
        can_end = r.can_end
        end = f"; end {can_end.value}?" if can_end is not None else ""
        return f"{r.turn} to play to trick {r.trick_number} (led by {r.leader}){end}"
    if step is Step.SCORE:
        kind = r.score_kind
        line = None if kind is None else r.computed(kind)
        assert kind is not None
        if line is None:
            return f"{kind.value}: write it, NS then EW"
        return f"{kind.value} NS {line.ns} EW {line.ew}: Enter writes it, or type the table's"
    winner = r.winner
    return f"{winner} win the game; q quits" if winner else "q quits"


def _marks(r: Recording) -> list[str]:
    """The running marks, each team's as strokes of ALL (two rows), or the points."""
    running = r.report.marks
    if r.rules.points_game:
        return [f"Score  NS {running[Team.NS]}   EW {running[Team.EW]}"]
    rows = ["", ""]
    for team in Team:
        drawn = all_strokes(running[team]).split("\n") if running[team] else ["", ""]
        label = f"{team} {running[team]:>2}  "
        for k in (0, 1):
            rows[k] += (label if k == 0 else " " * len(label)) + f"{drawn[k]:<28}"
    return [row.rstrip() for row in rows]


def question_screen(answers: Mapping[str, str], said: str = "", title: str = "") -> Text:
    """The questions that start a game: the answers so far, each on its own line, and the
    next question with what Enter gives."""
    question = QUESTIONS[len(answers)]
    shown = Text(f"t42 record · {title} · a new game\n\n", style="bold")
    for tag, value in answers.items():
        shown.append_text(inert(f"{tag}: {value}"))
        shown.append("\n")
    if said:
        shown.append_text(inert(said, "italic"))
        shown.append("\n")
    default = question.default
    enter_gives = (
        "Enter if not known" if default == "?" else f"Enter: {default}" if default else
        "Enter for none"
    )
    shown.append(f"{question.ask}? ({enter_gives})", style="bold")
    return shown


def _held(r: Recording) -> list[str]:
    """The tiles each seat whose deal is written still holds, two seats a line."""
    hand = r.hand
    if hand is None or not hand.deal or r.step not in (Step.BID, Step.TRUMP, Step.PLAY):
        return []
    if hand.score(ScoreKind.TOTAL) is not None:
        return []
    played = r.played
    seats = [
        f"{h.seat} " + " ".join(str(t) for t in h.tiles if t not in played)
        for h in hand.deal
    ]
    return ["   ".join(seats[k:k + 2]) for k in range(0, len(seats), 2)]


def _so_far(r: Recording) -> str | None:
    """The bidders' points so far of those taken: ``NS 24 of 31 so far · bid 30``."""
    contract, report, hand = r.contract, r.hand_report, r.hand
    if contract is None or report is None or hand is None or r.step is not Step.PLAY:
        return None
    players = len(SEATS) - (r.sitting_out is not None)
    taken_tricks = [
        outcome for outcome, trick in zip(report.tricks, hand.tricks, strict=False)
        if len(trick.plays) >= players
    ]
    if not taken_tricks:
        return None
    points, _ = tally(taken_tricks)
    team = contract.declarer.team
    taken = points[team] + points[team.opponents]
    return f"{team} {points[team]} of {taken} so far · bid {contract.bid}"


def screen(r: Recording, said: str = "", title: str = "", width: int = 78) -> Text:
    """The record so far as the recorder shows it (fits 80×24 with the input line)."""
    game, hand = r.game, r.hand
    out = Text(no_wrap=True, overflow="ellipsis")

    def line(text: str | Text, style: str = "") -> None:
        piece = text if isinstance(text, Text) else inert(text, style)
        piece.truncate(width, overflow="ellipsis")
        out.append_text(piece)
        out.append("\n")

    line(f"t42 record · {title} · {r.rules.name}", "bold")
    line("  ".join(f"{s} {game.seat_name(s)}" for s in SEATS))
    for row in _marks(r):
        line(row)
    now = hand_now(r)
    if r.step is Step.OVER:
        line(f"Game over after hand {hand.number if hand else 0}")
    else:
        line(now.heading())
        report = r.hand_report
        outcomes = report.tricks if report is not None else ()
        for trick, outcome in zip(now.tricks, (*outcomes, *[None] * 7), strict=False):
            tiles = " ".join(str(t) for t in trick.tiles)
            full = len(trick.plays) >= len(SEATS) - (r.sitting_out is not None)
            won = (
                f"  → {outcome.winner} wins {outcome.points}"
                if outcome is not None and full else ""
            )
            line(f"  {trick.number} {trick.leader}  {tiles}{won}")
        if now.ending is not None:
            seat = f" {now.ending.seat}" if now.ending.seat else ""
            line(f"  end {now.ending.kind.value}{seat}")
        for score in now.scores:
            line(f"  {score.kind.value} NS {score.ns} EW {score.ew}")
    so_far = _so_far(r)
    if so_far is not None:
        line(so_far)
    held = _held(r)
    for part in held:
        line(part, "dim")
    if r.step is Step.PLAY and not held:
        for part in textwrap.wrap("Out: " + " ".join(str(t) for t in r.tiles_out), width):
            line(part, "dim")
    # The newest findings of the hand now, each whole and where it is (t42 validate lists
    # them all).
    for finding in now.findings[-2:]:
        where = f"{finding.where()} · " if finding.where() else ""
        words = f"{where}{finding.severity.value} {finding.code}: {finding.message}"
        for part in textwrap.wrap(words, width):
            line(part, "bold red")
    if said:
        line(said, "italic")
    line(prompt(r), "bold")
    return out

