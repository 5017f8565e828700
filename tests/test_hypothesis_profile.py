"""Under CI the property tests cannot fail by chance: the profile that ``tests/conftest.py``
loads there draws the same examples on every run (said by t42 itself, not left to the
Hypothesis release's own guess that it runs under CI); elsewhere it keeps exploring."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

SETTINGS = Path(__file__).parent / "conftest.py"

DRAW = """
import importlib.util, sys
spec = importlib.util.spec_from_file_location("t42_test_settings", sys.argv[1])
module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(module)
from hypothesis import given, settings, strategies as st
seen = []
@settings(max_examples=30)
@given(st.integers(), st.text(max_size=5))
def draw(n, s):
    seen.append((n, s))
draw()
print(settings.default.derandomize, settings.default.database, repr(seen))
"""


def _draws(**environ: str) -> str:
    env = {k: v for k, v in os.environ.items() if k not in ("CI", "HYPOTHESIS_PROFILE")}
    done = subprocess.run([sys.executable, "-c", DRAW, str(SETTINGS)], env={**env, **environ},
                          capture_output=True, text=True, timeout=120, check=True)
    return done.stdout


def test_under_ci_every_run_draws_the_same_examples() -> None:
    first, second = _draws(CI="true"), _draws(CI="true")
    assert first.startswith("True None ")
    assert first == second


def test_a_developers_run_keeps_exploring() -> None:
    assert _draws().startswith("False ")
