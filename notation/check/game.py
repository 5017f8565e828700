"""A hand checked by concern, and a game hand by hand: the deal rotation, the running marks,
the winner; the score lines a hand's play gives.

>>> from notation.formats.text.reader import read_games
>>> text = '''[Rules "straight"]
... hand 1 dealer N
... bid E pass S 30 W 29 N pass
... '''
>>> [f.code for f in check_game(next(read_games(text)).game).findings]
['bid-below-minimum']
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, replace

from notation.check.auction import check_auction
from notation.check.contract import check_contract
from notation.check.deal import check_deal
from notation.check.play import check_play
from notation.check.reports import GameReport, HandCheck, HandReport, LaydownJudge, at
from notation.check.result import check_ending, check_score, hand_result
from notation.errors import ModelError, T42Error
from notation.formats.text import dumps
from notation.formats.text.reader import read_games
from notation.model.findings import Finding, Severity
from notation.model.game import SCORE_ORDER, EndKind, Game, Hand, ScoreKind, ScoreLine, Span
from notation.model.lines import hand_lines, has_variations
from notation.model.rule_sets import RuleSet
from notation.model.seats import Team
from notation.rules.scoring import MarkAward, game_winner

NS, EW = Team.NS, Team.EW
TOTAL, MARKS, POINTS = ScoreKind.TOTAL, ScoreKind.MARKS, ScoreKind.POINTS

def check_hand(
    hand: Hand,
    rules: RuleSet | None = None,
    *,
    fast: bool = True,
    last: bool = False,
    judge_claim: bool = True,
    judge: LaydownJudge | None = None,
) -> HandReport:
    """Check one hand under ``rules`` (straight 42 by default).

    ``fast=False`` skips the quick checks of a clean deal and clean play and runs only the
    thorough pass: the report is the same either way (tests compare them). ``last`` says the
    hand is the last of its record: with nothing written after its tricks it may have been
    saved in the middle of a trick, and its short last trick is a warning, not an error.
    ``judge_claim=False`` leaves a lay-down unjudged (no solver): a caller that shows other
    hands only. ``judge`` decides a lay-down (:func:`notation.check.claims.judge_laydown` by
    default).
    """
    rules = rules or RuleSet()
    check = HandCheck(hand, rules, fast=fast)
    check.in_progress = last and hand.ending is None and not hand.scores
    check_deal(check)
    check_auction(check)
    check_contract(check)
    check_play(check)
    result = hand_result(check)
    points, mark = result.points, result.award
    check_ending(check, points)
    thrown_in = check.thrown_in
    marks = {NS: 0, EW: 0} if thrown_in else (
        None if mark is None else {NS: mark.of(NS), EW: mark.of(EW)}
    )
    check_score(check, points, marks)
    derived = check.derived_marks
    if mark is None and derived is not None and not thrown_in:
        # Marks settled by the points the scorekeeper wrote (no tricks recorded).
        winner = Team.NS if derived[Team.NS] else Team.EW
        mark = MarkAward(winner, derived[winner], derived[winner.opponents])
        if check.contract is not None:
            result = replace(result, made=winner is check.contract.declarer.team)
    report = HandReport(
        hand,
        tuple(check.findings),
        check.contract,
        tuple(check.outcomes),
        points,
        mark,
        thrown_in,
        made=None if thrown_in else result.made,
        renege_penalty=result.decided_by_renege,
        reshaken_by_dealer=check.reshaken_by_dealer,
    )
    ending = hand.ending
    if (judge_claim and ending is not None and ending.kind is EndKind.LAYDOWN
            and check.contract is not None):
        if judge is None:
            # Only a hand that ends in a lay-down loads and runs the solver.
            from notation.check.claims import judge_laydown

            judge = judge_laydown
        claim, refuted = judge(hand, report, rules)
        findings = report.findings if refuted is None else (*report.findings, refuted)
        report = replace(report, findings=findings, claim=claim)
    return report


def marks_gained(hand: Hand, report: HandReport) -> dict[Team, int] | None:
    """The marks ``hand`` gives each team: the engine's when the record settles them, else
    the marks the scorekeeper wrote; None when neither says."""
    marks = report.marks
    if marks is None:
        recorded = hand.score(MARKS)
        marks = None if recorded is None else {NS: recorded.ns, EW: recorded.ew}
    return marks


def score_lines(
    report: HandReport, total: Mapping[Team, int] | None = None
) -> dict[ScoreKind, ScoreLine]:
    """The score lines a hand's play gives (docs/rules.md, Scoring), as ``t42 record`` writes
    them: the points each team took (once a contract is played: tricks or an ``end``), the
    marks (when the record settles them), and ``total``, the running marks after the hand,
    when given. A line the record does not settle is left out."""
    hand, lines = report.hand, {}
    if report.contract is not None and (hand.tricks or hand.ending is not None):
        lines[POINTS] = ScoreLine(POINTS, report.points[NS], report.points[EW])
    marks = report.marks
    if marks is not None:
        lines[MARKS] = ScoreLine(MARKS, marks[NS], marks[EW])
    if total is not None:
        lines[TOTAL] = ScoreLine(TOTAL, total[NS], total[EW])
    return lines


def with_score_lines(game: Game, rules: RuleSet | None = None) -> Game:
    """``game`` with every hand's score lines as the play gives them: ``points``, ``marks``
    and the running ``total``, as ``t42 record`` writes them. A line the record does not
    settle (the marks of an unfinished hand, a total after it) stays as written, or absent.

    >>> from notation.model.game import HandHeader
    >>> from notation.formats.text import dumps, loads
    >>> game = loads('''[Rules "straight"]
    ... hand 1 dealer N
    ... bid E pass S 30 W pass N pass
    ... trump S fives
    ... 1 S 5-5 5-0 5-4 5-1
    ... end laydown S
    ... ''')[0]
    >>> print(dumps(with_score_lines(game)).split("\\n\\n")[1])
    hand 1 dealer N
    bid E pass S 30 W pass N pass
    trump S fives
    1 S 5-5 5-0 5-4 5-1
    end laydown S
    points NS 42 EW 0
    marks NS 1 EW 0
    total NS 1 EW 0
    <BLANKLINE>
    """
    report = check_game(game, rules)
    running: dict[Team, int] | None = {NS: 0, EW: 0}
    hands = []
    for hand, hand_report in zip(game.hands, report.hands, strict=True):
        marks = marks_gained(hand, hand_report)
        written = hand.score(TOTAL)
        if running is not None and marks is not None:
            running = {NS: running[NS] + marks[NS], EW: running[EW] + marks[EW]}
        elif written is not None:
            running = {NS: written.ns, EW: written.ew}  # as check_game trusts it
        else:
            running = None
        lines = {s.kind: s for s in hand.scores} | score_lines(hand_report, running)
        kept = {s.kind: s for s in hand.scores}
        scores = tuple(
            replace(lines[kind], before=kept[kind].before, after=kept[kind].after)
            if kind in kept and kind in lines and lines[kind] is not kept[kind]
            else lines[kind]
            for kind in SCORE_ORDER
            if kind in lines
        )
        hands.append(replace(hand, scores=scores))
    return replace(game, hands=tuple(hands))


# -- the game (docs/rules.md, Bidding: the deal passes left; Scoring: the running marks) --


def check_hand_order(hand: Hand, previous: Hand, *, same_dealer: bool = False) -> list[Finding]:
    """The order of hands (docs/rules.md, Bidding: after each hand the deal passes left): each
    hand numbered one more than the last, and dealt by the seat left of the last dealer, or
    by the last dealer again when the last hand was reshaken after a bid out of turn
    (``same_dealer``; bid-out-of-turn=reshake, 003)."""
    span = hand.header.span
    found: list[Finding] = []
    if same_dealer and hand.dealer is previous.dealer:
        pass
    elif hand.dealer is not previous.dealer.next:
        found.append(Finding(
            "dealer-out-of-turn",
            Severity.WARNING,
            f"{hand.dealer} deals hand {hand.number}, but the deal passes left from "
            f"{previous.dealer} to {previous.dealer.next}",
            hand=hand.number,
            seat=hand.dealer,
            **at(span),
        ))
    if hand.number != previous.number + 1:
        found.append(Finding(
            "hand-number",
            Severity.WARNING,
            f"hand {hand.number} follows hand {previous.number}",
            hand=hand.number,
            **at(span),
        ))
    return found


def check_total(hand: Hand, total: ScoreLine, running: dict[Team, int]) -> list[Finding]:
    """The running marks written on a hand (docs/rules.md, Scoring: the game's marks) against
    the marks of the hands so far, ``running``."""
    if total.ns == running[NS] and total.ew == running[EW]:
        return []
    written = {NS: total.ns, EW: total.ew}
    return [Finding(
        "misscored-total",
        Severity.ERROR,
        f"running marks written as NS {total.ns} EW {total.ew}, but the hands so far "
        f"give NS {running[Team.NS]} EW {running[Team.EW]}",
        hand=hand.number,
        **at(total.span),
        evidence={
            "written": dict(written),
            "computed": dict(running),
        },
    )]


def check_game(
    game: Game,
    rules: RuleSet | None = None,
    index: int | None = None,
    unread: Collection[int] = (),
    *,
    fast: bool = True,
    judged: Collection[int] | None = None,
    judge: LaydownJudge | None = None,
    place: bool = True,
) -> GameReport:
    """Check every hand of a game, the deal rotation and the running marks.

    ``rules`` defaults to what the game's tags name; ``index`` (1-based) is put on findings.
    ``unread`` holds the lines where hands start that could not be read (syntax errors): the
    hand after such a gap is not compared with the one before it, and the running marks are
    unknown until the record writes a total again. ``fast`` and ``judge`` are passed to
    :func:`check_hand`. ``judged`` names the hands whose lay-downs are judged (None: every
    hand; a command about one hand needs no verdict on the others'): the others have no
    ``claim`` and no ``laydown-refuted`` finding.

    Each finding is placed (``line`` and ``column``) in the text the game was read from; in a
    game built in code, in its canonical text, ``notation.dumps(game)`` (see
    :func:`placed_game`), so that :func:`notation.describe` can point at it there: that
    costs a reading of the text and a second check when there are findings, which
    ``place=False`` spares (a recording checked entry by entry, :class:`GameCheck`, leaves
    them unplaced so).

    Raises :class:`notation.model.rule_sets.RulesError` when ``rules`` is not given and the game's
    tags
    name no known rule set or option (readers report that as an ``unknown-rules`` problem).
    """
    progress = GameCheck(rules or game.rules, index)
    final = game.hands[-1] if game.hands else None
    for hand in game.hands:
        progress = progress.then(hand, last=hand is final, unread=unread, fast=fast,
                                 judge_claim=judged is None or hand.number in judged,
                                 judge=judge)
    report = progress.report(game)
    if place and any(f.line is None for f in report.findings) and not _written(game):
        # A game built in code: its findings are placed in its canonical text.
        placed = placed_game(game)
        if placed is not None:
            again = check_game(placed, rules, index, unread, fast=fast, judged=judged,
                               judge=judge, place=False)
            return replace(again, game=game)
    return report


def hand_report(
    asker: str,
    game: Game,
    hand: Hand,
    rules: RuleSet | None = None,
    index: int = 1,
    report: HandReport | None = None,
) -> HandReport:
    """The check of ``hand``, a hand of ``game`` (``report``, when given; else made by
    :func:`check_game`, the lay-downs of this hand judged): what the analysis of one hand
    (``asker``: ``audit_hand`` …) stands on. Each such function takes the game, then the
    hand; the order they once took is refused in words (a :class:`ModelError`, a
    ``TypeError``), and a hand not of the game is a ``ValueError``.

    >>> from notation.model.game import HandHeader, Tag
    >>> from notation.model.seats import Seat
    >>> game = Game((Tag("Rules", "straight"),), (Hand(HandHeader(1, Seat.N)),))
    >>> hand_report("audit_hand", game, game.hands[0]).hand.number
    1
    >>> try:
    ...     hand_report("audit_hand", game.hands[0], game)  # type: ignore[arg-type]
    ... except TypeError as error:
    ...     print(error)
    audit_hand takes the game, then the hand: audit_hand(game, hand, rules, index, report=...)
    """
    if not isinstance(game, Game) or not isinstance(hand, Hand):
        raise ModelError(f"{asker} takes the game, then the hand: "
                         f"{asker}(game, hand, rules, index, report=...)")
    if report is not None:
        return report
    position = next((i for i, h in enumerate(game.hands) if h is hand), None)
    if position is None:
        position = next((i for i, h in enumerate(game.hands) if h == hand), None)
    if position is None:
        raise ValueError(f"{asker}: hand {hand.number} is not a hand of this game")
    checked = check_game(game, rules, index, judged={hand.number})
    return checked.hands[position]


def placed_game(game: Game) -> Game | None:
    """``game`` as its canonical text (:func:`notation.formats.text.dumps`) reads back: the
    same game, each item placed in that text; None when that text does not read back as
    the same game (a game built in code with a value no record can hold).

    >>> from notation.model.game import HandHeader, Tag
    >>> from notation.model.seats import Seat
    >>> built = Game((Tag("North", "Ruth"),), (Hand(HandHeader(1, Seat.E)),))
    >>> placed = placed_game(built)
    >>> placed == built, placed.hands[0].header.span.line
    (True, 10)
    """
    try:
        text = dumps(game)
    except T42Error:
        return None
    read = next(read_games(text), None)
    if read is None or read.problems or read.game != game:
        return None
    return read.game


def _written(game: Game) -> bool:
    """Whether ``game`` was read from text (its items know where they were written)."""
    return any(hand.header.span is not None for hand in game.hands) or any(
        tag.span is not None for tag in game.tags)


@dataclass(frozen=True)
class GameCheck:
    """A game checked hand by hand, so far: what :func:`check_game` carries from one hand to
    the next (the running marks, the winner, the hand before). A record kept entry by entry
    keeps the check of its finished hands and goes on from it with the hand in play only.

    >>> from notation.formats.text.reader import read_games
    >>> text = '[Rules "straight"]\\nhand 1 dealer N\\nbid E pass S 30 W 29 N pass\\n'
    >>> game = next(read_games(text)).game
    >>> done = GameCheck(game.rules)
    >>> [f.code for f in done.then(game.hands[0], last=True).report(game).findings]
    ['bid-below-minimum']
    """

    rules: RuleSet
    index: int | None = None  # the game's, put on findings
    hands: tuple[Hand, ...] = ()  # checked so far
    findings: tuple[Finding, ...] = ()
    reports: tuple[HandReport, ...] = ()
    marks: tuple[int, int] = (0, 0)  # running: N-S, E-W
    known: bool = True  # whether the running marks are still known
    winner: Team | None = None
    previous: Hand | None = None  # the hand the next one is compared with
    last_line: int = 0

    def then(self, hand: Hand, *, last: bool = False, unread: Collection[int] = (),
             fast: bool = True, judge_claim: bool = True,
             judge: LaydownJudge | None = None) -> GameCheck:
        """The check with ``hand`` checked next (``last``: the last of its record; the rest
        as :func:`check_game` takes them): its main line, then each of its variations
        (:func:`variation_findings`), whose findings follow the hand's own and change
        nothing else."""
        checked = self.main_line(hand, last=last, unread=unread, fast=fast,
                                 judge_claim=judge_claim, judge=judge)
        if not has_variations(hand):
            return checked
        more = variation_findings(self, hand, unread=unread, fast=fast,
                                  judge_claim=judge_claim, judge=judge)
        return replace(checked, findings=(*checked.findings, *more))

    def main_line(self, hand: Hand, *, last: bool = False, unread: Collection[int] = (),
                  fast: bool = True, judge_claim: bool = True,
                  judge: LaydownJudge | None = None) -> GameCheck:
        """The check with the main line of ``hand`` checked next (see :meth:`then`)."""
        report = check_hand(hand, self.rules, fast=fast, last=last, judge_claim=judge_claim,
                            judge=judge)
        hand_findings = list(report.findings)
        span = hand.header.span
        line = span.line if span is not None else self.last_line
        previous, known = self.previous, self.known
        running = {NS: self.marks[0], EW: self.marks[1]}
        if unread and any(self.last_line < gap < line for gap in unread):
            previous, known = None, False
        if previous is not None:
            same = bool(self.reports) and self.reports[-1].reshaken_by_dealer
            hand_findings[:0] = check_hand_order(hand, previous, same_dealer=same)
        winner = self.winner
        if winner is not None:
            hand_findings.insert(0, Finding(
                "played-after-game-won",
                Severity.ERROR,
                f"{winner} had already won the game with {running[winner]} marks",
                hand=hand.number,
                **at(span),
                evidence={"marks": dict(running)},
            ))
        marks = marks_gained(hand, report)
        if marks is None:
            known = False
        else:
            running[NS] += marks[NS]
            running[EW] += marks[EW]
        total = hand.score(TOTAL)
        if total is not None and known:
            hand_findings.extend(check_total(hand, total, running))
        if total is not None and not known:
            # Trust the scorekeeper's total from here on, so later hands can still be checked.
            running = {NS: total.ns, EW: total.ew}
            known = True
        if winner is None and known:
            bidders = report.contract.declarer.team if report.contract is not None else None
            winner = game_winner(running[NS], running[EW], self.rules, bidders)
        if len(hand_findings) != len(report.findings):  # findings added for the game
            report = replace(report, findings=tuple(hand_findings))
        return GameCheck(
            self.rules, self.index, (*self.hands, hand),
            (*self.findings, *(replace(f, game=self.index) for f in hand_findings)),
            (*self.reports, report), (running[NS], running[EW]), known, winner, hand, line)

    def report(self, game: Game) -> GameReport:
        """The report of ``game``, whose hands are those checked."""
        marks = {NS: self.marks[0], EW: self.marks[1]}
        return GameReport(game, self.findings, self.reports, marks, self.winner, self.rules)


# -- variations (docs/notation.md, Annotations and variations) --

# What a variation that stops before its hand's end does not draw: it is as long as its
# writer wants (a play, the rest of a trick …), not a hand left unfinished.
_OPEN_ENDED = frozenset({"hand-unfinished"})


def variation_findings(
    before: GameCheck, hand: Hand, *, unread: Collection[int] = (), fast: bool = True,
    judge_claim: bool = True, judge: LaydownJudge | None = None,
) -> list[Finding]:
    """The findings of each variation of ``hand``, checked by the same checks as the main
    line, from the game as it stood ``before`` the hand: each variation is checked as the
    hand its line plays (:func:`notation.model.lines.hand_lines`), and only what is found
    in the variation itself is kept, marked with its path. The main line's report, the
    hand's score and marks and the running marks are the main line's alone.
    """
    found: list[Finding] = []
    main_keys: set[tuple[object, ...]] | None = None
    index = len(before.hands)
    for line in hand_lines(hand, index)[1:]:
        variation = line.variation
        assert variation is not None
        checked = before.main_line(line.hand, last=True, unread=unread, fast=fast,
                                   judge_claim=judge_claim, judge=judge)
        new = checked.findings[len(before.findings):]
        span = variation.span
        if span is None:  # a game made in code: keep what the main line does not find
            if main_keys is None:
                main = before.main_line(hand, last=True, unread=unread, fast=fast,
                                        judge_claim=judge_claim, judge=judge)
                main_keys = {_key(f) for f in main.findings[len(before.findings):]}
            new = tuple(f for f in new if _key(f) not in main_keys)
        else:
            new = tuple(f for f in new if _within(f, span))
        open_ended = variation.ending is None and not variation.scores
        if open_ended:
            only_calls = variation.trump is None and not variation.tricks and not variation.plays
            new = tuple(
                f for f in new
                if f.code not in _OPEN_ENDED
                and not (f.code == "trick-size" and f.severity is Severity.WARNING)
                and not (f.code == "auction-incomplete" and only_calls)
            )
        found += (replace(f, variation=line.path) for f in new)
    return found


def _key(finding: Finding) -> tuple[object, ...]:
    return (finding.code, finding.message, finding.trick, finding.seat)


def _within(finding: Finding, span: Span) -> bool:
    if finding.line is None:
        return False
    at = (finding.line, finding.column or 1)
    return (span.line, span.column) <= at < (span.end_line, span.end_column)
