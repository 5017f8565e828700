"""notation.analysis.verdicts: the verdict weighs a shortfall against its standard error."""

from __future__ import annotations

import pytest

from notation.analysis.verdicts import Unit, VerdictKind, judge


def test_judge_weighs_the_shortfall_against_two_standard_errors() -> None:
    assert judge([5, 5], [[5, 5], [5, 4]], Unit.POINTS).kind is VerdictKind.BEST
    close = judge([0, 10, 0, 0], [[0, 10, 0, 0], [10, 0, 10, 0]], Unit.POINTS)
    assert close.kind is VerdictKind.CLOSE
    assert close.cost == 2.5
    # Ahead on this sample, yet the other option wins a world and is not clearly behind.
    lucky = judge([10, 0, 10, 0], [[10, 0, 10, 0], [0, 10, 0, 0]], Unit.POINTS)
    assert lucky.kind is VerdictKind.CLOSE
    assert lucky.cost == 0
    # Behind in one world of many but clearly ahead on average: best.
    clearly = judge([9] * 15 + [0], [[9] * 15 + [0], [0] * 15 + [1]], Unit.POINTS)
    assert clearly.kind is VerdictKind.BEST
    clear = judge([0, 0, 0, 1], [[0, 0, 0, 1], [10, 10, 10, 10]], Unit.POINTS)
    assert clear.kind is VerdictKind.MISTAKE
    assert clear.cost == pytest.approx(9.75)
    assert "% of the chance" in str(judge([0, 0], [[0, 0], [100, 100]], Unit.CHANCE))
