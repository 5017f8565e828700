"""The common ground of the fair review (:mod:`notation.analysis.review`): a mean over the
worlds with its standard error, what an option is judged by, and the verdict on the option
chosen against every other on the same worlds, by paired differences.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from notation.errors import T42Error
from notation.model.written import WrittenEnum

DEFAULT_SAMPLES = 32
MARGIN = 2.0  # a shortfall within this many standard errors is too close to call
# Each seat keeps a solver for each of its worlds. A table of 2 ** 14 slots (256 kB) holds
# what a mid-hand search needs: on 4 seeded hands it searched 5% more plays than 2 ** 16 but
# took 20% less time (a world drawn afresh empties its table), and 128 of them fit in 32 MB.
TABLE_BITS = 14


class ReviewError(T42Error, ValueError):
    """A hand the fair review cannot judge (no contract, no known deal, an option the solver
    does not play), with the reason in words."""


@dataclass(frozen=True, slots=True)
class Estimate:
    """A mean over the worlds and its standard error.

    >>> e = Estimate.of([1.0, 0.0, 1.0, 0.0])
    >>> e.mean, round(e.se, 3)
    (0.5, 0.289)
    """

    mean: float
    se: float

    @classmethod
    def of(cls, values: Sequence[float]) -> Estimate:
        n = len(values)
        mean = sum(values) / n
        if n < 2:
            return cls(mean, 0.0)
        var = sum((v - mean) ** 2 for v in values) / (n - 1)
        return cls(mean, math.sqrt(var / n))

    def as_json(self) -> dict[str, float]:
        return {"mean": round(self.mean, 4), "se": round(self.se, 4)}


class VerdictKind(WrittenEnum):
    """What the fair review says of a play or a bid (the words are its value)."""

    BEST = "best"
    MISTAKE = "mistake"
    CLOSE = "too close to call"


class Unit(WrittenEnum):
    """What a contract's plays are judged by: the side's points, or, in a contract of all or
    nothing, its chance of getting its way (the bidders of making it, the defenders of
    setting it), in percentage points; a bid by the marks it wins or loses."""

    POINTS = "points"
    CHANCE = "chance"
    MARKS = "marks"


@dataclass(frozen=True, slots=True)
class Verdict:
    """The chosen option against the best on the same worlds: ``cost`` the mean shortfall
    (points, or percentage points of chance), ``se`` its standard error."""

    kind: VerdictKind
    cost: float
    se: float
    unit: Unit

    def __str__(self) -> str:
        if self.kind is not VerdictKind.MISTAKE:
            return str(self.kind.value)
        # A cost the same in every world has no spread to give: it is said so, not "± 0".
        if self.unit is not Unit.CHANCE:
            if not self.se:
                return f"a mistake costing {self.cost:.1f} {self.unit.value} in every world"
            return f"a mistake costing {self.cost:.1f} ± {self.se:.1f} {self.unit.value}"
        if not self.se:
            return f"a mistake costing {self.cost:.0f}% of the chance in every world"
        return f"a mistake costing {self.cost:.0f} ± {self.se:.0f}% of the chance"

    def as_json(self) -> dict[str, Any]:
        return {"kind": self.kind.value, "cost": round(self.cost, 4), "se": round(self.se, 4),
                "unit": self.unit.value, "words": str(self)}


def judge(chosen: Sequence[float], options: Sequence[Sequence[float]], unit: Unit,
          margin: float = MARGIN) -> Verdict:
    """The verdict on an option scoring ``chosen`` in each world, against every option's
    scores on the same worlds (``options``, the chosen among them), by paired differences.

    A mistake: the option of the highest mean is ahead by more than ``margin`` standard
    errors (the cost is its lead). Too close to call: not a mistake, but some option does
    better in some world and is not clearly behind on average. Best: no option does better in
    any world, or every one that does is clearly behind on average.

    >>> str(judge([5, 5, 5], [[5, 5, 5], [5, 5, 5]], Unit.POINTS))
    'best'
    >>> str(judge([3, 3, 3], [[3, 3, 3], [9, 9, 9]], Unit.POINTS))
    'a mistake costing 6.0 points in every world'
    >>> str(judge([0, 10, 0, 10], [[0, 10, 0, 10], [10, 0, 10, 0]], Unit.POINTS))
    'too close to call'
    """
    means = [sum(o) / len(o) for o in options]
    top = options[max(range(len(options)), key=lambda n: means[n])]
    lead = Estimate.of([b - c for c, b in zip(chosen, top, strict=True)])
    if lead.mean > 1e-9 and lead.mean > margin * lead.se:
        return Verdict(VerdictKind.MISTAKE, lead.mean, lead.se, unit)
    for other in options:
        gain = [o - c for c, o in zip(chosen, other, strict=True)]
        ahead = Estimate.of(gain)
        if max(gain) > 0 and ahead.mean >= -margin * ahead.se:
            return Verdict(VerdictKind.CLOSE, max(lead.mean, 0.0), lead.se, unit)
    return Verdict(VerdictKind.BEST, 0.0, 0.0, unit)
