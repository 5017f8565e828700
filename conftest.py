"""Names the doctests in ``notation/`` and ``replay/`` may use.

The doctests run against whichever copy of the packages is imported, which in CI is the
installed wheel, so they reach the sample records through ``SAMPLES`` (this checkout's
``samples/``) rather than through ``__file__``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

SAMPLES = Path(__file__).parent / "samples"


@pytest.fixture(autouse=True)
def _doctest_samples(doctest_namespace: dict[str, Any]) -> None:
    doctest_namespace["SAMPLES"] = SAMPLES
