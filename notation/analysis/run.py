"""The resumable analysis of whole archives, as ``t42 analyze`` runs it: every game of every
file analysed in order (here or on a Dask cluster), one JSON line a hand written as each game
is done, the text of games that could not be analysed kept in a rejects file, and a run that
was interrupted continued from the lines its output already holds, ending byte for byte as
one that was never stopped.

>>> import io
>>> out = io.StringIO()
>>> steps = list(analyse_archive([SAMPLES / "laydown-refuted.t42"], out=out))
>>> [(s.path.name, s.game.index, len(s.written)) for s in steps if s.game]
[('laydown-refuted.t42', 1, 1)]
>>> steps[-1].summary.hands, out.getvalue().count("\\n")
(1, 1)
"""

from __future__ import annotations

import itertools
import json
import os
from collections.abc import Callable, Iterable, Iterator
from contextlib import ExitStack, suppress
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import IO, Any

from notation.analysis.analyze import (
    AnalysisSummary,
    GameAnalysis,
    HandAnalysis,
    Resume,
    analyse_unit,
    game_id,
)
from notation.archive.parallel import in_order, on_cluster
from notation.archive.reading import (
    Unit,
    close_early,
    games,
    read_unit,
    settle,
    settle_worker,
    unit_size,
)
from notation.archive.reading import units as units_of
from notation.errors import T42Error
from notation.files import (
    AtomicWriter,
    StrPath,
    UnreadableInput,
    as_path,
    is_the_machines,
    source_name,
    unopenable,
    unwritable,
    written_on,
)


class ResumeError(T42Error):
    """An output that cannot be continued with these files: it holds another archive's
    analysis, or another game where the run stopped."""


@dataclass(frozen=True)
class AnalysisStep:
    """One step of :func:`analyse_archive`, in archive order: a game analysed and its
    ``written`` lines (all of its lines, or those not already in a resumed output), a game
    analysed before (``game`` None: it only counts on a progress bar), or a file that cannot
    be read (``unreadable``). ``size`` is the characters of input the step covers and
    ``summary`` the run's counts so far (every kept line of a resumed output among them)."""

    path: Path
    source: str  # the file's name as the lines give it
    size: int
    summary: AnalysisSummary
    game: GameAnalysis | None = None
    written: tuple[HandAnalysis, ...] = ()
    unreadable: UnreadableInput | None = None


def resume_point(out: StrPath) -> Resume:
    """Where an earlier run writing ``out`` stopped (nothing done if there is no ``out``);
    raises :class:`~notation.files.UnreadableInput` in words if it cannot be read."""
    out = as_path(out)
    if not out.exists():
        return Resume()
    try:
        return Resume.of(out.read_bytes())
    except OSError as e:
        raise unopenable(str(out), e) from None


def analyse_archive(
    sources: Iterable[StrPath],
    *,
    out: StrPath | IO[str],
    resume: bool = False,
    rejects: StrPath | None = None,
    jobs: int = 1,
    scheduler: str | None = None,
    fair: bool = False,
) -> Iterator[AnalysisStep]:
    """Analyse every hand of ``sources`` with best play, writing one JSON line a hand
    (schemas/analysis.schema.json) to ``out`` (a file, or a text stream) as each game is
    done, and yield each step. With ``resume``, a file ``out`` already holding the start of
    this run is continued (a line torn by the interruption goes); without, it is written
    afresh. ``rejects`` keeps the whole text of every game with a hand not analysed. The
    work runs in ``jobs`` processes, or on the Dask cluster at ``scheduler``; with ``fair``
    each line carries its hand's fair review too.

    Raises :class:`ResumeError` when ``out`` cannot be resumed with these sources,
    :class:`~notation.archive.parallel.ClusterError` for a cluster that cannot be used and
    :class:`~notation.files.WriteError` when ``out`` cannot be written; a source that
    cannot be read is a step, and the run goes on.
    """
    paths = [as_path(source) for source in sources]
    names = [source_name(path) for path in paths]
    if isinstance(out, str | os.PathLike):
        out = as_path(out)
    done = resume_point(out) if resume and isinstance(out, Path) else Resume()
    if done.last is not None and done.last[0] not in names:
        raise ResumeError(f"{out} holds the analysis of {done.last[0]}, which is not among "
                          "the files to analyse: resume with the same files")
    with ExitStack() as stack:
        sink = stack.enter_context(written_on(out, done.kept if done.last else 0)) if (
            isinstance(out, Path)) else out  # a line torn by the interruption goes
        # The rejects appear whole when the run is over (a resumed run keeps them again).
        reject_file = stack.enter_context(AtomicWriter(rejects)) if rejects else None
        # Where the interrupted run stopped: games before it are done, its own lines partly.
        stop = (names.index(done.last[0]), done.last[1]) if done.last is not None else (-1, 0)
        run = _Run(str(out) if isinstance(out, Path) else "", done, stop, sink, reject_file,
                   jobs, scheduler, fair)
        try:
            for number, (path, name) in enumerate(zip(paths, names, strict=True)):
                yield from run.file(number, path, name)
            if reject_file is not None:
                reject_file.commit()
        except OSError as e:
            if isinstance(out, Path) and is_the_machines(e):
                with suppress(OSError):  # closed now: what it holds cannot be written
                    sink.close()
                raise unwritable(str(out), e) from None
            raise


@dataclass
class _Run:
    """What the files of one :func:`analyse_archive` run share."""

    output: str  # the output's name, to say which output cannot be resumed
    done: Resume
    stop: tuple[int, int]  # the file's number and the game the resumed run stopped at
    sink: IO[str]
    reject_file: AtomicWriter | None
    jobs: int
    scheduler: str | None
    fair: bool

    def keep(self, text: str) -> None:
        """Keep a game's whole text in the rejects file, if there is one."""
        if self.reject_file is not None:
            self.reject_file.write(text if text.endswith("\n") else text + "\n")

    def todo(self, number: int, path: Path, name: str, skipped: list[int]) -> Iterator[Unit]:
        """The games of the ``number``-th file still to analyse; the sizes of those done
        before go to ``skipped``."""
        for unit in itertools.chain.from_iterable(map(games, units_of(path))):
            if (number, unit.index) == self.stop:
                assert self.done.last is not None
                if game_id(read_unit(unit).game) != self.done.last[2]:
                    raise ResumeError(f"{self.output}: game {unit.index} of {name} is not the "
                                      "game analysed before: resume with the same files")
            if (number, unit.index) >= self.stop:
                yield unit
                continue
            skipped.append(unit.size)
            if (name, unit.index) in self.done.rejected:
                self.keep(read_unit(unit).rejected_text)  # the rejects file, as it was

    def file(self, number: int, path: Path, name: str) -> Iterator[AnalysisStep]:
        """The steps of the ``number``-th file."""
        work: Callable[[Unit], Any] = partial(analyse_unit, name)
        if self.fair:
            from notation.analysis.review import analyse_unit_fair

            work = partial(analyse_unit_fair, name)
        summary, skipped = self.done.summary, list[int]()
        try:
            with ExitStack() as work_on:
                todo = self.todo(number, path, name, skipped)
                analysed = (
                    in_order(work, todo, self.jobs, unit_size, settle_worker, batch=1)
                    if self.scheduler is None
                    else on_cluster(self.scheduler, work, todo, unit_size, settle, 1)
                )
                work_on.callback(close_early, analysed)
                for game in analysed:
                    yield from (AnalysisStep(path, name, size, summary) for size in skipped)
                    skipped.clear()
                    lines = game.hands
                    if (number, game.index) == self.stop:
                        lines = lines[self.done.written:]  # those before are written
                    for line in lines:
                        record = line.as_json()
                        if self.fair:
                            record["fair"] = game.review_of(line.hand)
                        summary.add(record)
                        self.sink.write(json.dumps(record, ensure_ascii=False) + "\n")
                    if game.rejected_text:
                        self.keep(game.rejected_text)
                    self.sink.flush()
                    yield AnalysisStep(path, name, game.size, summary, game, lines)
                yield from (AnalysisStep(path, name, size, summary) for size in skipped)
        except UnreadableInput as e:
            yield AnalysisStep(path, name, 0, summary, unreadable=e)
