"""Names the doctests in ``notation/`` and ``replay/`` may use.

The doctests run against whichever copy of the packages is imported, which in CI is the
installed wheel, so they reach the sample records through ``SAMPLES`` (this checkout's
``samples/``) rather than through ``__file__``.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

SAMPLES = Path(__file__).parent / "samples"

# The club's test fixtures (its databases, a running `t42 serve`), one session for all its
# test modules.
sys.path.insert(0, str(Path(__file__).parent / "tests" / "club"))
pytest_plugins = ["club_fixtures"]

# The documentation's build scripts and Sphinx extensions are not modules of t42: their
# doctests are none, and importing them needs Sphinx (the docs extra). The site itself is
# checked by tests/test_docs_*.py.
collect_ignore_glob = ["docs/*.py", "docs/_ext/*.py"]


@pytest.fixture(autouse=True)
def _doctest_samples(doctest_namespace: dict[str, Any]) -> None:
    doctest_namespace["SAMPLES"] = SAMPLES
