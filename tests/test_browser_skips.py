"""The browser tests never skip quietly: without chromium the run ends with a loud summary of
what was skipped and how to install it, and under CI (``CI=true``, as ``.ci/run`` sets) a
missing browser is a failure, not a skip."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _suite_without_a_browser(ci: bool) -> subprocess.CompletedProcess[str]:
    """The browser tests run where no chromium can be found: a PATH of Python's folder only."""
    env = {k: v for k, v in os.environ.items() if k != "CI"}
    env["PATH"] = str(Path(sys.executable).parent)
    if ci:
        env["CI"] = "true"
    return subprocess.run(
        [sys.executable, "-m", "pytest", "tests/replay/test_page_browser.py",
         "-p", "no:cacheprovider", "-q"],
        cwd=ROOT, env=env, capture_output=True, text=True, check=False,
    )


def test_skipped_browser_tests_are_summed_up_loudly_with_how_to_install() -> None:
    done = _suite_without_a_browser(ci=False)
    assert done.returncode == 0, done.stdout
    assert "BROWSER TESTS SKIPPED" in done.stdout
    assert "chromium is not installed" in done.stdout
    assert "apt-get install -y chromium chromium-driver" in done.stdout


def test_under_ci_a_missing_browser_fails_the_run() -> None:
    done = _suite_without_a_browser(ci=True)
    assert done.returncode == 1, done.stdout
    assert "chromium is not installed" in done.stdout
