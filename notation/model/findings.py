"""Findings: what validation reports, each with a stable code, a place and its evidence.

>>> f = Finding("renege", Severity.ERROR, "W reneged", line=9, column=5, hand=1, trick=1)
>>> f.is_error, f.where(), "pointer" in f.as_json()
(True, 'hand 1, trick 1', False)
>>> Finding("renege", Severity.ERROR, "W reneged", pointer="/hands/0").as_json()["pointer"]
'/hands/0'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from notation.model.seats import Seat
from notation.model.written import WrittenEnum


class Severity(WrittenEnum):
    ERROR = "error"  # the record breaks a rule or cannot be read
    WARNING = "warning"  # unusual, probably a slip of the pencil, but not against the rules


# Every code a finding can carry, with what it means: the stable vocabulary of `--json`.
CODES: dict[str, str] = {
    "syntax-error": "the text does not follow the notation",
    "tile-not-in-set": "a tile that is not in a double-six set",
    "too-long": "a line, hand or tag block too long to read (docs/notation.md, Limits)",
    "duplicate-tag": "a tag written twice in one game",
    "unknown-rules": "a Rules or Options tag that names no known rule set or option",
    "tile-written-twice": "the same tile written twice in one seat's hand",
    "tile-dealt-twice": "the same tile dealt to two seats",
    "deal-size": "a seat dealt other than 7 tiles",
    "seat-dealt-twice": "a seat with two deal lines",
    "dealer-out-of-turn": "the deal did not pass to the left",
    "hand-number": "hands not numbered 1, 2, 3 … in order",
    "bid-out-of-turn": "a seat bid when it was not its turn",
    "bid-below-minimum": "a bid below 30",
    "bid-not-above": "a bid that does not beat the standing bid",
    "bid-off-ladder": "a bid that is not on the ladder (31 … 41, then marks one step at a time)",
    "auction-incomplete": "an auction in which not every seat bid or passed",
    "dealer-must-bid": "all four passed under the forced bid rule",
    "played-after-reshake": "play recorded for a hand thrown in after four passes",
    "no-auction": "tricks recorded with no auction",
    "no-trump-call": "tricks recorded with no trump named",
    "trump-by-wrong-seat": "trump named by a seat that did not win the auction",
    "trick-number": "tricks not numbered 1 … 7 in order",
    "wrong-leader": "a trick led by a seat other than the winner of the last one",
    "trick-size": "a trick with other than four plays",
    "too-many-tricks": "more than seven tricks in a hand",
    "tile-played-twice": "a tile played twice in one hand",
    "tile-not-held": "a tile played by a seat that was not dealt it",
    "renege": "a seat did not follow suit while holding a tile that could follow",
    "hand-unfinished": "fewer than seven tricks and no ending written",
    "ending-unjustified": "an early end that the tricks taken do not justify",
    "laydown-refuted": "a lay-down that a line of play refutes (the deal known)",
    "ending-after-seven": "an early end written after all seven tricks",
    "misscored-points": "points written that differ from the points the tricks give",
    "misscored-marks": "marks written that differ from the marks the hand gives",
    "misscored-total": "a running total that differs from the marks so far",
    "played-after-game-won": "a hand played after a team had won the game",
    "contract-not-allowed": "a special contract (or Nello doubles option) the rules do not "
    "allow, or Low-No bid other than by the dealer after three passes",
    "contract-not-bid": "a contract other than the one the winning bid announced (1m-nello, "
    "4m-plunge)",
    "contract-bid-too-low": "a special contract named on a bid too small for it",
    "too-few-doubles": "a Plunge or Splash declarer who did not hold the doubles it needs",
    "follow-me-below-mark": "follow-me played on a bid below 1 mark where the table forbids it",
    "opening-lead-not-trump": "a first lead that is not a trump, by a declarer who held one, "
    "where the opening lead must be a trump",
    "sevens-not-closest": "in Sevens, a play farther from 7 pips than a tile the seat held",
}


@dataclass(frozen=True)
class Finding:
    """One problem in a record. ``game`` and ``hand`` are 1-based; ``line``/``column`` too."""

    code: str
    severity: Severity
    message: str
    line: int | None = None
    column: int | None = None
    game: int | None = None
    hand: int | None = None
    trick: int | None = None
    seat: Seat | None = None
    # What proves it, as the game's values: a tile a Tile, a seat a Seat, a team's count keyed
    # by Team, a bid a Bid, a number an int (as_json writes each in its written form).
    evidence: dict[str, Any] = field(default_factory=dict)
    # The JSON Pointer of the item in a JSON record (RFC 6901, "" for the whole document);
    # None for notation, where the line and column say it all.
    pointer: str | None = None
    # The variation the finding is in (its path, notation.model.lines), None on the main line.
    variation: str | None = None

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR

    def where(self) -> str:
        """Game, hand, trick and seat in words, for people."""
        parts = []
        if self.game is not None:
            parts.append(f"game {self.game}")
        if self.hand is not None:
            parts.append(f"hand {self.hand}")
        if self.trick is not None:
            parts.append(f"trick {self.trick}")
        if self.seat is not None:
            parts.append(f"seat {self.seat}")
        if self.variation is not None:
            parts.append("in a variation")
        return ", ".join(parts)

    def as_json(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "severity": self.severity.value,
            "message": self.message,
            "line": self.line,
            "column": self.column,
            "game": self.game,
            "hand": self.hand,
            "trick": self.trick,
            "seat": None if self.seat is None else self.seat.value,
            "evidence": {key: evidence_json(value) for key, value in self.evidence.items()},
        } | ({} if self.pointer is None else {"pointer": self.pointer}) | (
            {} if self.variation is None else {"variation": self.variation}
        )


def evidence_json(value: Any) -> Any:
    """An evidence value as JSON holds it: each of the game's values in its written form (a
    tile ``6-4``, a seat ``N``, a team ``NS``), lists and mappings item by item.

    >>> from notation.model.seats import Team
    >>> evidence_json({Team.NS: 34, Team.EW: 8}), evidence_json([Seat.N, 3, None, True])
    ({'NS': 34, 'EW': 8}, ['N', 3, None, True])
    """
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, dict):
        return {str(evidence_json(k)): evidence_json(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [evidence_json(v) for v in value]
    return str(value)  # a Tile, a Bid: their written forms


def plural(n: int, word: str) -> str:
    """A count in words, the noun in the singular for one (the one home of it):

    >>> plural(1, "trick"), plural(3, "play"), plural(0, "hand")
    ('1 trick', '3 plays', '0 hands')
    """
    return f"{n} {word}{'' if n == 1 else 's'}"


def evidence_words(finding: Finding) -> str:
    """A finding's evidence in words, for people (the one wording every view shows): each
    item's name and value, items apart by `` · ``; what does not apply here is left out.

    >>> f = Finding("misscored-points", Severity.ERROR, "…",
    ...             evidence={"written": {"NS": 34, "EW": 8}, "trumps_held": ["6-6", "6-5"]})
    >>> evidence_words(f)
    'written NS 34, EW 8 · trumps held 6-6, 6-5'
    """
    return " · ".join(
        f"{_name_words(key)} {_value_words(value)}"
        for key, value in finding.evidence.items()
        if value is not None  # evidence that does not apply here (a renege proven by the deal)
    )


def _name_words(key: str) -> str:
    return key.replace("_", " ")


def _value_words(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, dict):
        # A play names its seat and tile bare (trick 5 N 5-1); a team's count too (NS 34).
        parts = [
            _value_words(v) if k in ("seat", "tile") else f"{_name_words(str(k))} {_value_words(v)}"
            for k, v in value.items() if v is not None
        ]
        return (" " if "seat" in value or "tile" in value else ", ").join(parts)
    if isinstance(value, list | tuple):
        return ", ".join(_value_words(v) for v in value)
    return str(value)
