"""What ``t42 record`` asks and shows, without the terminal (no Textual here).

:data:`QUESTIONS` are the questions that start a game; :func:`screen` draws the record so
far for an 80×24 terminal, and :func:`prompt` says what is asked next. What the scorekeeper
types is the entry language of :mod:`notation.recording.entries` (the club's phones speak
it too), every rule the engine's.

>>> from notation.recording import Recording
>>> from notation.recording.entries import enter
>>> r, said = enter(Recording.start({"Rules": "straight"}), "p")
>>> said, prompt(r)
('E passes', 'S to bid: p(ass) or 30+')
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date

from rich.text import Text

from notation.model.bids import Bid
from notation.model.contracts import Special
from notation.model.game import Glyph, ScoreKind, date_value
from notation.model.rule_sets import RULE_SETS, RulesError, tagged_rules
from notation.model.seats import SEATS, Seat, Team
from notation.recording import Awaiting, EntryError, Recording, hand_now
from notation.recording.notes import COMMENT_MARK
from notation.rules.scoring import scores_marks
from notation.rules.tricks import tally
from replay.render import inert
from replay.strokes import all_strokes


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


# -- the screen --


def prompt(r: Recording) -> str:
    """What the recorder asks for next."""
    awaiting = r.awaiting
    if awaiting is Awaiting.BID:
        legal = r.legal_bids
        low = next((b for b in legal if not b.is_pass), None)
        can_pass = bool(legal) and legal[0].is_pass
        choices = ("p(ass) or " if can_pass else "") + (f"{low}+" if low else "a bid")
        return f"{r.bidder} to bid: {choices}{_announced(legal)}"
    if awaiting is Awaiting.TRUMP:
        specials = " ".join(s.value for s in r.specials_allowed)
        extra = f"; or {specials}" if specials else ""
        return f"{r.trump_caller} names trump: a suit (5 or fives), doubles, follow-me{extra}"
    if awaiting is Awaiting.PLAY:
        can_end = r.can_end
        end = f"; end {can_end.value}?" if can_end is not None else ""
        return f"{r.turn} to play to trick {r.trick_number} (led by {r.leader}){end}"
    if awaiting is Awaiting.SCORE:
        kind = r.score_kind
        line = None if kind is None else r.computed(kind)
        assert kind is not None
        if line is None:
            return f"{kind.value}: write it, NS then EW"
        return f"{kind.value} NS {line.ns} EW {line.ew}: Enter writes it, or type the table's"
    winner = r.winner
    return f"{winner} win the game; q quits" if winner else "q quits"


def note_hint(r: Recording, typed: str) -> str | None:
    """What the entry line shows beside a note being typed: the glyphs that begin with what
    is typed and their meanings, or that a comment goes after the ``;``; and the bid,
    trump call or play the note goes on. None for any other entry.

    >>> from notation.recording.entries import enter
    >>> r, _ = enter(Recording.start({"Rules": "straight"}), "30")
    >>> note_hint(r, "?")
    '? mistake  ?? blunder  ?! dubious · Enter: on E bids 30'
    >>> note_hint(r, ";"), note_hint(r, "; bold"), note_hint(r, "3")
    ('a comment on E bids 30: type it, then Enter', None, None)
    """
    typed = typed.strip()
    if not typed or typed[0] not in "!?;":
        return None
    target = r.last_entered
    if target is None:
        return "nothing to put a note on yet"
    if typed == COMMENT_MARK:
        return f"a comment on {target}: type it, then Enter"
    glyphs = [g for g in Glyph if g.value.startswith(typed)]
    if not glyphs:
        return None
    return "  ".join(f"{g.value} {g.meaning}" for g in glyphs) + f" · Enter: on {target}"


def _announced(legal: tuple[Bid, ...]) -> str:
    """The bids that announce their contract among ``legal``: each contract's cheapest, with
    a ``+`` where more are allowed (docs/rules.md, The other 42 programs).

    >>> from notation.model.contracts import parse_bid
    >>> _announced(tuple(parse_bid(w) for w in ("30", "1m-nello", "2m-nello", "4m-plunge")))
    '; announced: 1m-nello+ 4m-plunge'
    """
    by_contract: dict[Special, list[Bid]] = {}
    for bid in legal:
        if bid.special is not None:
            by_contract.setdefault(bid.special, []).append(bid)
    words = [f"{bids[0]}{'+' if len(bids) > 1 else ''}" for bids in by_contract.values()]
    return f"; announced: {' '.join(words)}" if words else ""


def _marks(r: Recording) -> list[str]:
    """The running marks, each team's as strokes of ALL (two rows), or the points."""
    running = r.report.marks
    if not scores_marks(r.rules):
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
    if hand is None or not hand.deal or r.awaiting not in (
            Awaiting.BID, Awaiting.TRUMP, Awaiting.PLAY):
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
    if contract is None or report is None or hand is None or r.awaiting is not Awaiting.PLAY:
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
    if r.awaiting is Awaiting.OVER:
        line(f"Game over after hand {hand.number if hand else 0}")
    else:
        line(now.heading())
        report = r.hand_report
        outcomes = report.tricks if report is not None else ()
        for trick, outcome in zip(now.tricks, (*outcomes, *[None] * 7), strict=False):
            tiles = " ".join(f"{p.tile}{p.glyph.value if p.glyph else ''}" for p in trick.plays)
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
    if r.awaiting is Awaiting.PLAY and not held:
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

