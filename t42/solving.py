"""The commands that solve hands with best play: ``audit``, ``par``, ``analyze`` (whole
archives, resumable) and ``review`` (each play judged by what its player could know)."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, NoReturn

import typer

from notation.views.terminal import Colour
from t42 import printing as screen
from t42.options import (
    EXIT_CLEAN,
    EXIT_FINDINGS,
    EXIT_UNUSABLE,
    ColourOption,
    FairOption,
    FilesArg,
    GameOption,
    HandOption,
    SourceArg,
)
from t42.printing import (
    JobsOption,
    guard_files,
    jobs_of,
    nothing_to,
    progress,
    say,
    show,
    use_colour,
    write_output,
)
from t42.records import FileResult, print_findings, read_or_exit

if TYPE_CHECKING:
    from collections.abc import Iterator

    from notation.analysis.analyze import AnalysisSummary
    from notation.analysis.audit import HandAudit
    from notation.analysis.review import HandReview
    from notation.analysis.run import AnalysisStep
    from notation.formats.text.reader import ReadGame

# Each command imports what it uses of the library when it runs: the solver's compiled search
# above all (tests/t42/test_imports.py).

AnnotateOption = Annotated[
    bool,
    typer.Option("--annotate", help="Write the record back with each judged play (and bid) "
                 "annotated: a glyph, a comment with the figures, the best play as a "
                 "variation (docs/guides/auditing.md). Again on its output, the same bytes."),
]
AnnotateOutput = Annotated[
    Path | None,
    typer.Option("--output", "-o", help="With --annotate: where to write the record (.json "
                 "or .jsonl: JSON; - or nothing: stdout). Never one of the inputs."),
]
ToEndOption = Annotated[
    bool,
    typer.Option("--to-end", help="With --annotate: continue the best play to the end of "
                 "the hand, not only of the trick."),
]
ReplaceOption = Annotated[
    bool,
    typer.Option("--replace", help="With --annotate: put the machine's glyph in place of a "
                 "glyph the record has (kept and said otherwise)."),
]


def _refuse_annotate_options(annotate: bool, output: Path | None, to_end: bool,
                             replace: bool, *clashes: tuple[str, bool]) -> None:
    """End the run when options that go with --annotate come without it, or it comes with one
    it cannot go with (``clashes``: each option's name and whether it was given)."""
    if not annotate:
        given = [name for name, on in (("-o", output is not None), ("--to-end", to_end),
                                      ("--replace", replace)) if on]
        if given:
            say(screen.err, f"{given[0]} goes with --annotate (the record written back)",
                "bold red")
            raise typer.Exit(EXIT_UNUSABLE)
        return
    for name, on in clashes:
        if on:
            say(screen.err, f"--annotate writes the record back: not with {name}", "bold red")
            raise typer.Exit(EXIT_UNUSABLE)


def _write_annotated(result: FileResult, judged: list[HandReview] | list[HandAudit],
                     output: Path | None, to_end: bool, replace: bool) -> None:
    """Write every game of the file, those judged annotated (notation.analysis.annotate), to
    ``output`` (stdout for none or -), in the form its suffix names; the record's own glyphs
    kept are said on stderr. A file not read whole is refused: written back, it would lose
    what could not be read."""
    import io

    from notation.analysis.annotate import annotate_game
    from t42.options import Format
    from t42.records import GameSink

    if result.unreadable:
        say(screen.err, f"{result.path}: not read whole, so the record written back would lose "
            "what could not be read: nothing was written; mend it first (t42 validate)",
            "bold red")
        raise typer.Exit(EXIT_UNUSABLE)
    suffix = "" if output is None or str(output) == "-" else output.suffix.lower()
    form = {".json": Format.json, ".jsonl": Format.jsonl}.get(suffix, Format.t42)
    text = io.StringIO()
    sink = GameSink(text.write, form)
    for read in result.kept:
        mine = [j for j in judged if j.game == read.index]
        if mine:
            done = annotate_game(read.game, mine, until="hand" if to_end else "trick",
                                 replace_glyphs=replace, rules=read.rules)
            for notice in done.notices:
                say(screen.err, f"{result.path}: game {read.index}: {notice}", "yellow")
            sink.add(done.game)
        else:
            sink.add(read.game)
    sink.close()
    write_output(output, text.getvalue())


def audit(
    source: SourceArg,
    game: GameOption = None,
    hand: HandOption = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Write the audit as JSON on stdout.")
    ] = False,
    fair: FairOption = False,
    annotate: AnnotateOption = False,
    output: AnnotateOutput = None,
    to_end: ToEndOption = False,
    replace: ReplaceOption = False,
    colour: ColourOption = Colour.auto,
) -> None:
    """Audit hands like a referee: findings with evidence, the score, best play, claims.

    With --annotate, the record is written back instead, each play that changed the hand's
    value with best play marked: ?? when it turned made into set, ? when it cost points, !
    when it alone kept the outcome, with the figures and the best play as a variation.
    """
    use_colour(colour)
    _refuse_annotate_options(annotate, output, to_end, replace, ("--json", as_json),
                             ("--fair", fair))
    guard_files([source], [("-o", output)])
    import json

    from rich.rule import Rule

    from notation.analysis.audit import audit_game, audit_json
    from notation.analysis.review import review_game
    from notation.views.audit_view import render_hand
    from notation.views.review_view import review_view

    result = read_or_exit(source)
    games = [read for read in result.kept if game in (None, read.index)]
    audits = [
        a
        for read in games
        for a in audit_game(
            read.game, read.rules, read.index, None if hand is None else [hand],
            read.unread_lines,
        )
    ]
    if result.unreadable:
        print_findings(result)
    if not audits:
        nothing_to("audit", result.path, bool(games), game, hand)
    found = result.unreadable or any(a.has_findings for a in audits)
    if annotate:
        _write_annotated(result, audits, output, to_end, replace)
        raise typer.Exit(EXIT_FINDINGS if found else EXIT_CLEAN)
    reviews: dict[tuple[int, int], HandReview] = {}
    if fair:
        reviews = {(r.game, r.hand): r for read in games for r in review_game(
            read.game, read.rules, read.index, None if hand is None else [hand])}
    if as_json:
        report = audit_json(audits, result.path)
        if fair:
            report["fair"] = [r.as_json() for r in reviews.values()]
        screen.out.file.write(json.dumps(report, indent=2, ensure_ascii=False) + "\n")
    else:
        for item in audits:
            screen.out.print(Rule(style="dim"))
            screen.out.print(render_hand(item))
            if (item.game, item.hand) in reviews:
                screen.out.print(review_view(reviews[item.game, item.hand],
                                      f"fair review of game {item.game} hand {item.hand}"))
    raise typer.Exit(EXIT_FINDINGS if found else EXIT_CLEAN)


def par_command(
    source: SourceArg,
    game: GameOption = None,
    hand: HandOption = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Write the tables as JSON on stdout.")
    ] = False,
    colour: ColourOption = Colour.auto,
) -> None:
    """Par tables: what each seat makes as declarer in every contract, with best play.

    For each hand whose deal is known (recorded, or shown by the play), the points the
    declaring side takes in each trump with each seat declaring and leading, the special
    contracts the rules play, each seat's highest makeable bid and the par contract.
    """
    use_colour(colour)
    guard_files([source])
    import json

    from notation.analysis.par import par_json, par_of_hand
    from notation.check.validate import check_game
    from notation.views.par_view import par_view

    result = read_or_exit(source)
    games = [read for read in result.kept if game in (None, read.index)]
    if result.unreadable:
        print_findings(result)
    found = [
        par_of_hand(read.game.hands[i], read.rules, report, read.index)
        for read in games
        # A par table needs no verdict on a lay-down.
        for i, report in enumerate(check_game(read.game, read.rules, read.index,
                                              read.unread_lines, judged=()).hands)
        if hand in (None, read.game.hands[i].number)
    ]
    if not found:
        nothing_to("analyse", result.path, bool(games), game, hand)
    for item in found:
        if item.table is None:
            say(screen.err, f"{result.path}: game {item.game} hand {item.hand}: {item.why}",
                "yellow")
    if as_json:
        screen.out.file.write(json.dumps(par_json(found, result.path), indent=2, ensure_ascii=False)
                       + "\n")
    else:
        for item in found:
            if item.table is not None:
                title = f"{result.path} game {item.game} hand {item.hand}"
                screen.out.print(par_view(item.table, title))
    if all(item.table is None for item in found):
        raise typer.Exit(EXIT_UNUSABLE)
    raise typer.Exit(EXIT_FINDINGS if result.unreadable else EXIT_CLEAN)


AnalysisOutput = Annotated[
    Path | None,
    typer.Option("--output", "-o", help="The JSON Lines file to write (default: stdout)."),
]
RejectsOption = Annotated[
    Path | None,
    typer.Option("--rejects", help="Keep the text of every game with a hand that cannot be "
                 "analysed here."),
]
SchedulerOption = Annotated[
    str | None,
    typer.Option("--scheduler", help="Run on the Dask cluster whose scheduler is here "
                 "(tcp://host:8786) instead of this machine's cores."),
]
ResumeOption = Annotated[
    bool,
    typer.Option("--resume", help="Continue an interrupted run: keep the lines already in "
                 "-o's file and analyse the rest."),
]


def analyze(
    files: FilesArg,
    output: AnalysisOutput = None,
    rejects: RejectsOption = None,
    jobs: JobsOption = None,
    scheduler: SchedulerOption = None,
    resume: ResumeOption = False,
    fair: FairOption = False,
    colour: ColourOption = Colour.auto,
) -> None:
    """Analyse every hand with best play: par table, makeable or not, the costly plays.

    Writes one JSON line a hand, in archive order (schemas/analysis.schema.json), and a
    summary: bids made and makeable by level, the points lost by seat and player. A hand
    that cannot be analysed is reported, written as a rejected line, and its game's text
    kept in --rejects. Lines are written as each game is done, so an interrupted run goes
    on with --resume, and ends byte for byte as one that was never stopped. Each hand is
    analysed as its main line was played: variations written in it are left out.
    """
    use_colour(colour)
    guard_files(files, [("-o", output), ("--rejects", rejects)])
    from notation.analysis.run import analyse_archive
    from notation.views.analysis_view import render_summary

    to_file = _analysis_file(output, resume)
    summary, code = _follow(analyse_archive(
        files, out=to_file or screen.out.file, resume=resume, rejects=rejects, jobs=jobs_of(jobs),
        scheduler=scheduler, fair=fair))
    if summary.hands or summary.rejected or code != EXIT_UNUSABLE:  # no table of nothing
        (screen.out if to_file else screen.err).print(render_summary(summary))
    if summary.rejected:  # those of a resumed run's first part among them
        code = max(code, EXIT_FINDINGS)
    raise typer.Exit(code)


def _analysis_file(output: Path | None, resume: bool) -> Path | None:
    """The file ``analyze`` writes (None: stdout); exits when it exists and is not resumed,
    or --resume names no file to continue."""
    to_file = output if output is not None and str(output) != "-" else None
    if to_file is not None and to_file.exists() and not resume:
        say(screen.err, f"{to_file} exists: --resume to continue it, or remove it first",
            "bold red")
        raise typer.Exit(EXIT_UNUSABLE)
    if resume and to_file is None:
        say(screen.err, "--resume continues a file: name it with -o", "bold red")
        raise typer.Exit(EXIT_UNUSABLE)
    return to_file


def _follow(run: Iterator[AnalysisStep]) -> tuple[AnalysisSummary, int]:
    """Show an analysis run's progress and what each step met, file by file: its summary at
    the end and the exit code so far; exits when the run cannot go on."""
    from notation.analysis.analyze import AnalysisSummary
    from notation.analysis.run import ResumeError
    from notation.archive.parallel import ClusterError
    from notation.files import UnreadableInput

    summary, code = AnalysisSummary(), EXIT_CLEAN
    try:
        for path, steps in itertools.groupby(run, lambda step: step.path):
            with progress(path, "analysing", least=0) as advance:
                for step in steps:
                    advance(step.size)
                    summary = step.summary
                    code = max(code, _show_step(step))
    except (ResumeError, UnreadableInput, ClusterError) as e:
        say(screen.err, str(e), "bold red")
        raise typer.Exit(EXIT_UNUSABLE) from None
    return summary, code


def _show_step(step: AnalysisStep) -> int:
    """Say what a step of an analysis run met: a file that cannot be read (its exit code), the
    problems of a game and the hands not analysed."""
    if step.unreadable is not None:
        say(screen.err, str(step.unreadable), "bold red")
        return EXIT_UNUSABLE
    if step.game is not None and step.game.problems:
        show(list(step.game.problems), step.source, step.game.text.split("\n"),
              step.game.first_line)
    for line in step.written:
        if line.rejected is not None:
            where = f"game {line.game}" + ("" if line.hand is None else f" hand {line.hand}")
            say(screen.err, f"{step.source}: {where} not analysed: {line.rejected}", "bold red")
    return EXIT_CLEAN


def review_command(
    source: Annotated[
        Path | None, typer.Argument(help="A record file; - reads stdin. Not with --tiles.")
    ] = None,
    game: GameOption = None,
    hand: HandOption = None,
    samples: Annotated[
        int, typer.Option("--samples", "-k", min=1, help="Worlds dealt for each decision.")
    ] = 32,
    seed: Annotated[int, typer.Option("--seed", help="The same seed gives the same review.")] = 1,
    as_json: Annotated[
        bool, typer.Option("--json", help="Write the review as JSON on stdout.")
    ] = False,
    tiles: Annotated[
        str | None,
        typer.Option("--tiles", help="Advise on these seven tiles (\"6-6 6-5 …\"): the chance "
                     "of making each bid in each trump."),
    ] = None,
    advise_seat: Annotated[
        str | None,
        typer.Option("--advise", help="With a file: advise on this seat's tiles (N, E, S, W) "
                     "in each hand instead of reviewing it."),
    ] = None,
    rules_name: Annotated[
        str, typer.Option("--rules", help="The rule set for --tiles.")
    ] = "straight",
    bids: Annotated[
        bool, typer.Option("--bids/--no-bids", help="Review the winning bid too (slower).")
    ] = True,
    every_call: Annotated[
        bool, typer.Option("--every-call", help="Review every call of the auction, each as "
                           "if it had won it (slower still).")
    ] = False,
    annotate: AnnotateOption = False,
    output: AnnotateOutput = None,
    to_end: ToEndOption = False,
    replace: ReplaceOption = False,
    colour: ColourOption = Colour.auto,
) -> None:
    """Review bids and plays fairly: judged by what each player could know, not in hindsight.

    Each play with a choice is solved in worlds dealt from what its player saw (its tiles, the
    auction, the play so far and what it proved), every option on the same worlds: best, a
    mistake costing E ± SE points, or too close to call, beside the audit's hindsight verdict.
    With --annotate, the record is written back with the verdicts in it instead.
    """
    use_colour(colour)
    _refuse_annotate_options(annotate, output, to_end, replace, ("--json", as_json),
                             ("--tiles", tiles is not None), ("--advise", bool(advise_seat)))
    guard_files([source] if source is not None else [], [("-o", output)])
    from notation.analysis.review import review_game

    result = read_or_exit(_record_to_review(source, tiles, rules_name, samples, seed, as_json))
    games = [read for read in result.kept if game in (None, read.index)]
    if result.unreadable:
        print_findings(result)
    if advise_seat is not None:
        _advise_on_seat(result, games, advise_seat, (game, hand), samples, seed, as_json)
    reviews = [
        r for read in games
        for r in review_game(read.game, read.rules, read.index,
                             None if hand is None else [hand], samples, seed, bids,
                             every_call)
    ]
    if not reviews:
        nothing_to("review", result.path, bool(games), game, hand)
    if annotate:
        _annotate_reviews(result, reviews, output, to_end, replace)
    _print_reviews(reviews, result.path, as_json)
    if all(r.why for r in reviews):
        raise typer.Exit(EXIT_UNUSABLE)
    raise typer.Exit(EXIT_FINDINGS if result.unreadable else EXIT_CLEAN)


def _record_to_review(source: Path | None, tiles: str | None, rules_name: str, samples: int,
                      seed: int, as_json: bool) -> Path:
    """The file ``review`` reads; with --tiles (and no file), the advice on them, which ends
    the run."""
    if tiles is not None:
        if source is not None:
            say(screen.err, "--tiles advises on typed tiles: name no file with it", "bold red")
            raise typer.Exit(EXIT_UNUSABLE)
        _advise_on_tiles(tiles, rules_name, samples, seed, as_json)
    if source is None:
        say(screen.err, "name a record file to review, or --tiles to advise on typed tiles",
            "bold red")
        raise typer.Exit(EXIT_UNUSABLE)
    return source


def _annotate_reviews(result: FileResult, reviews: list[HandReview], output: Path | None,
                      to_end: bool, replace: bool) -> NoReturn:
    """``review --annotate``: the record written back with the reviews in it, each hand not
    reviewed said why; nothing written when no hand could be."""
    for r in reviews:
        if r.why:
            say(screen.err, f"{result.path}: game {r.game} hand {r.hand}: {r.why}", "yellow")
    if all(r.why for r in reviews):
        say(screen.err, f"{result.path}: no hand could be reviewed: nothing was written",
            "bold red")
        raise typer.Exit(EXIT_UNUSABLE)
    _write_annotated(result, reviews, output, to_end, replace)
    raise typer.Exit(EXIT_CLEAN)


def _print_reviews(reviews: list[HandReview], path: str, as_json: bool) -> None:
    """The reviews as JSON or as Rich views, each hand's note (why it was not reviewed) said."""
    import json

    from rich.rule import Rule

    from notation.analysis.review import review_json
    from notation.views.review_view import review_view

    for r in reviews:
        if r.why:
            say(screen.err, f"{path}: game {r.game} hand {r.hand}: {r.why}", "yellow")
    if as_json:
        screen.out.file.write(json.dumps(review_json(reviews, path), indent=2,
                                         ensure_ascii=False) + "\n")
        return
    for r in reviews:
        screen.out.print(Rule(style="dim"))
        screen.out.print(review_view(r, f"{path} game {r.game} hand {r.hand}"))


def _advise_on_tiles(tiles: str, rules_name: str, samples: int, seed: int,
                     as_json: bool) -> NoReturn:
    """``review --tiles``: the chance of making each bid in each trump with typed tiles."""
    import json

    from notation.analysis.review import ReviewError, advise
    from notation.model.rule_sets import RulesError, rule_set
    from notation.model.seats import Seat
    from notation.model.tiles import Tile, TileError
    from notation.views.review_view import advice_view

    try:
        own = [Tile.parse(w) for w in tiles.replace(",", " ").split()]
        rules = rule_set(rules_name)
        if len(set(own)) != 7 or len(own) != 7:
            raise ReviewError(f"--tiles needs seven different tiles, not {len(own)}")
        advice = advise(own, Seat.N, rules, samples, seed)
    except (TileError, RulesError, ReviewError) as e:
        say(screen.err, str(e), "bold red")
        raise typer.Exit(EXIT_UNUSABLE) from None
    if as_json:
        screen.out.file.write(json.dumps(advice.as_json(), indent=2, ensure_ascii=False) + "\n")
    else:
        screen.out.print(advice_view(advice, "bidding advice"))
    raise typer.Exit(EXIT_CLEAN)


def _advise_on_seat(result: FileResult, games: list[ReadGame], advise_seat: str,
                    asked: tuple[int | None, int | None], samples: int, seed: int,
                    as_json: bool) -> NoReturn:
    """``review --advise SEAT``: advice on that seat's tiles in each hand of the file."""
    import json

    from notation.analysis.review import ReviewError, advise
    from notation.model.seats import Seat
    from notation.views.review_view import advice_view

    game, hand = asked
    seat_word = advise_seat.strip().upper()
    if seat_word not in ("N", "E", "S", "W"):
        say(screen.err, f"--advise takes a seat, N, E, S or W, not {advise_seat!r}", "bold red")
        raise typer.Exit(EXIT_UNUSABLE)
    seat = Seat(seat_word)
    advised = []
    for read in games:
        for h in read.game.hands:
            holding = h.holding(seat)
            if hand in (None, h.number) and holding is not None and len(
                    set(holding.tiles)) == 7:
                try:
                    advice = advise(holding.tiles, seat, read.rules, samples, seed)
                except ReviewError as e:
                    say(screen.err, f"{result.path}: game {read.index} hand {h.number}: {e}",
                         "yellow")
                    continue
                advised.append((read.index, h.number, advice))
    if not advised:
        nothing_to("advise on", result.path, bool(games), game, hand)
    if as_json:
        doc = {"path": result.path, "hands": [
            {"game": g, "hand": n, "advice": a.as_json()} for g, n, a in advised]}
        screen.out.file.write(json.dumps(doc, indent=2, ensure_ascii=False) + "\n")
    else:
        for g, n, a in advised:
            screen.out.print(advice_view(a, f"{result.path} game {g} hand {n}"))
    raise typer.Exit(EXIT_FINDINGS if result.unreadable else EXIT_CLEAN)
