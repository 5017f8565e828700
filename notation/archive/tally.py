"""What the archive commands count as they go, and say of it: a conversion's games written,
in part or not at all (:class:`ConvertTally`), and a file's checked games, errors, warnings
and findings (:class:`FileCheck`), whose JSON is ``t42 validate --json``'s findings report
(:func:`findings_report`, schemas/findings.schema.json).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from notation.archive.reading import CheckedGame, ConvertedGame
from notation.model.findings import Finding, plural


def left_out_words(parts: Sequence[str]) -> str:
    """What of a file could not be read and is left out, in words.

    >>> left_out_words(["game 2 hand 3"])
    'left out, as it could not be read: game 2 hand 3'
    """
    they = "it" if len(parts) == 1 else "they"
    return f"left out, as {they} could not be read: {', '.join(parts)}"


@dataclass
class FileCheck:
    """What ``t42 validate`` reports of one file: its games, hands, errors and warnings
    counted over its checked games, the findings reported (all, or the first only when a
    strict run stops), what was left out, or why it could not be used at all. Its JSON is
    one file's entry of the findings report (schemas/findings.schema.json,
    :func:`findings_report`).

    >>> check = FileCheck("club.t42")
    >>> check.add(CheckedGame([], 4, True, "", 1, 200))
    >>> check.summary()
    'club.t42: 1 game, 4 hands: 0 errors, 0 warnings'
    >>> report = findings_report([check, FileCheck("gone.t42", unusable="no such file")])
    >>> report["files"][0]
    {'path': 'club.t42', 'games': 1, 'hands': 4, 'errors': 0, 'warnings': 0, 'findings': []}
    >>> report["files"][1]
    {'path': 'gone.t42', 'unusable': 'no such file', 'findings': []}
    """

    path: str
    games: int = 0
    hands: int = 0
    errors: int = 0
    warnings: int = 0
    findings: list[Finding] = field(default_factory=list)  # those reported
    left_out: list[str] = field(default_factory=list)
    unusable: str | None = None  # why the file could not be read
    stopped: bool = False  # a strict run stopped at its first finding, here

    def add(self, checked: CheckedGame, reported: Sequence[Finding] = (),
            counted: Sequence[Finding] | None = None) -> None:
        """Count a checked game of the file, keeping the findings ``reported`` of it; the
        findings ``counted`` are all of the game's unless said (a strict run counts the one
        it shows, so that the count is what it prints)."""
        counted = checked.findings if counted is None else counted
        self.games += checked.is_game
        self.hands += checked.hands
        self.left_out += checked.left_out
        self.errors += sum(f.is_error for f in counted)
        self.warnings += sum(not f.is_error for f in counted)
        self.findings += reported

    def summary(self) -> str:
        """The file's line in ``t42 validate``'s report."""
        words = (
            f"{self.path}: {plural(self.games, 'game')}, {plural(self.hands, 'hand')}: "
            f"{plural(self.errors, 'error')}, {plural(self.warnings, 'warning')}"
        )
        words += f"; {left_out_words(self.left_out)}" if self.left_out else ""
        return words + ("; stopped at the first finding (--strict)" if self.stopped else "")

    def as_json(self) -> dict[str, Any]:
        """The file's entry in the findings report."""
        findings = [f.as_json() for f in self.findings]
        if self.unusable is not None:
            return {"path": self.path, "unusable": self.unusable, "findings": findings}
        return {"path": self.path, "games": self.games, "hands": self.hands,
                "errors": self.errors, "warnings": self.warnings, "findings": findings}


def findings_report(files: Iterable[FileCheck]) -> dict[str, Any]:
    """The findings report of ``t42 validate --json`` (schemas/findings.schema.json)."""
    return {"files": [file.as_json() for file in files]}


@dataclass
class ConvertTally:
    """The counts of a conversion: games ``converted`` (written), ``in_part`` of them without
    what could not be read, ``rejected`` games not written at all, and whether any problem
    was reported (``found``), with its summary in words.

    >>> tally = ConvertTally()
    >>> tally.add(ConvertedGame("{}", [], True, "", "", 1))
    >>> tally.add(ConvertedGame("{}", [], True, "", "[...]", 1, ("hand 2",)))
    >>> tally.add(ConvertedGame(None, [], True, "", "[...]", 9))
    >>> tally.converted, tally.in_part, tally.rejected, tally.whole
    (2, 1, 1, False)
    >>> print(tally.summary("club.t42", "lost.t42"))  # doctest: +NORMALIZE_WHITESPACE
    club.t42: 2 converted, 1 of them in part (without what could not be read),
    1 game could not be converted; the whole text of 2 games is in lost.t42
    """

    converted: int = 0
    in_part: int = 0
    rejected: int = 0
    found: bool = False

    def add(self, game: ConvertedGame) -> None:
        """Count one game of the conversion."""
        self.found |= bool(game.problems)
        if game.output is None:
            self.rejected += 1
            return
        self.converted += 1
        self.in_part += bool(game.left_out)

    @property
    def whole(self) -> bool:
        """Whether every game was converted whole."""
        return not (self.rejected or self.in_part)

    def summary(self, name: str, rejects: str | None = None) -> str:
        """What was converted of ``name`` and what was not, and where the rejects are kept."""
        words = f"{name}: {self.converted} converted"
        if self.in_part:
            words += f", {self.in_part} of them in part (without what could not be read)"
        if self.rejected:
            words += f", {plural(self.rejected, 'game')} could not be converted"
        if rejects:
            words += (f"; the whole text of {plural(self.rejected + self.in_part, 'game')} is "
                      f"in {rejects}")
        return words
