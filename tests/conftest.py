"""Shared test settings: the Hypothesis profile the property tests run under (``ci``,
derandomized, when ``CI`` is set; ``t42``, exploring, elsewhere).

Property tests draw integer seeds and feed them to :class:`random.Random`, so a failing
record shrinks to a small seed that reproduces it. Each test in
``tests/notation/test_properties.py`` sets its own ``max_examples``, scaled by
``T42_PROPERTY_SCALE`` (default 1); ``T42_PROPERTY_SCALE=10`` makes a longer run.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

from notation import files
from notation.formats.text import loads
from notation.model.game import Game

settings.register_profile(
    "t42",
    deadline=None,  # a whole game is generated, written, read and checked per example
    suppress_health_check=[HealthCheck.too_slow],
    print_blob=True,
)
# Under CI the property tests draw the same examples on every run (derandomized, no example
# database carried between runs), so a run cannot fail by chance; a developer's run keeps
# exploring, and what it finds is kept as a regression case.
settings.register_profile(
    "ci",
    parent=settings.get_profile("t42"),
    derandomize=True,
    database=None,
)


def hypothesis_profile(environ: dict[str, str] | os._Environ[str] = os.environ) -> str:
    """The profile to run under: ``HYPOTHESIS_PROFILE`` when set, else ``ci`` under CI."""
    return environ.get("HYPOTHESIS_PROFILE") or (
        "ci" if environ.get("CI", "").lower() in ("true", "1") else "t42")


settings.load_profile(hypothesis_profile())

# The fuzzer needs atheris (the `fuzz` extra), which the test run does not install; its
# targets are imported and replayed by tests/notation/test_fuzz_regressions.py instead.
collect_ignore = ["fuzz/fuzz.py"]


# Record text written to attack a viewer: markup, quotes and ampersands, terminal controls and
# a bidi override, in every name and in a comment. Pictures and pages must show it literally.
HOSTILE_NAMES = {
    "North": "<script>alert(1)</script>",
    "East": "\"&'<b>bold</b>",
    "South": "Ann\x1b[2J\x07",
    "West": '\u202eevil <img src=x onerror="window.pwned=1">',
}
HOSTILE_COMMENT = "</script><script>window.pwned=1</script> &amp; </svg>"


@pytest.fixture
def hostile_game() -> Game:
    """The renege sample with hostile names and a hostile comment on the renege's trick."""
    text = (Path(__file__).parent.parent / "samples" / "renege.t42").read_text(encoding="utf-8")
    text = text.replace("{ W still holds 5-4 and 4-2 }", "{ " + HOSTILE_COMMENT + " }")
    game = loads(text)[0]
    tags = tuple(
        replace(t, value=HOSTILE_NAMES[t.name]) if t.name in HOSTILE_NAMES else t
        for t in game.tags
    )
    return replace(game, tags=tags)


class WatchedLinePattern:
    """The line pattern of :func:`files.lines_of`, refusing to scan a stretch of text that
    does not end in a line end. ``[^\\n]*\\n`` scanning a stretch that ends in one matches at
    each place it starts from, so the scan is linear; in a stretch ending without one it looks
    for a line end from every character of the last line (quadratic in that line's length)."""

    def __init__(self) -> None:
        self.pattern = files.LINE_PATTERN
        self.scans = 0

    def findall(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> list[str]:
        stretch_end = text[pos:endpos][-1:]
        assert stretch_end in ("", "\n"), "asked to scan a line with no end"
        self.scans += 1
        return self.pattern.findall(text, pos, endpos)


@pytest.fixture
def line_pattern(monkeypatch: pytest.MonkeyPatch) -> WatchedLinePattern:
    watched = WatchedLinePattern()
    monkeypatch.setattr(files, "LINE_PATTERN", watched)
    return watched


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """Browser tests skipped for want of a browser are said loudly, with how to get one."""
    skipped = [
        report for report in terminalreporter.stats.get("skipped", [])
        if "browser test skipped" in str(report.longrepr)
    ]
    if not skipped:
        return
    reasons = sorted({str(report.longrepr[2]).removeprefix("Skipped: ") for report in skipped})
    write = terminalreporter.write_line
    write("")
    write(f"!!! {len(skipped)} BROWSER TESTS SKIPPED: the HTML replay was not tried in a browser",
          red=True, bold=True)
    for reason in reasons:
        write(f"!!! {reason}", red=True)
    write("!!! to run them: bash .ci/browser (sudo apt-get install -y chromium "
          "chromium-driver), as the README's test command does", red=True)


def _browser_missing() -> str | None:
    """What is missing for the browser tests (selenium, chromium, chromedriver), or None."""
    import importlib.util
    import shutil

    if importlib.util.find_spec("selenium") is None:
        return "selenium is not installed (pip install '.[test]')"
    if shutil.which("chromium") is None and shutil.which("chromium-browser") is None:
        return "chromium is not installed (apt-get install -y chromium chromium-driver)"
    if shutil.which("chromedriver") is None:
        return "chromedriver is not installed (apt-get install -y chromium-driver)"
    return None


@pytest.fixture(scope="module")
def browser_needed() -> None:
    """For a module of browser tests (``pytestmark = pytest.mark.usefixtures(...)``): without a
    browser they skip, summed up loudly at the end of the run (pytest_terminal_summary), except
    under CI, where a missing browser fails them."""
    missing = _browser_missing()
    if missing is not None:
        reason = f"browser test skipped: {missing}"
        if os.environ.get("CI", "").lower() in ("true", "1"):
            pytest.fail(reason, pytrace=False)
        pytest.skip(reason)


@pytest.fixture(scope="session")
def start_chromium() -> Callable[[int, int], Any]:
    """Starts a headless Chromium of the given window size (Debian's chromium, driven by its
    chromedriver through selenium); the caller quits it. Ask for ``browser_needed`` first."""
    import shutil

    from selenium import webdriver

    def start(width: int, height: int) -> Any:
        chromium = shutil.which("chromium") or shutil.which("chromium-browser")
        assert chromium is not None, "ask for browser_needed first"
        options = webdriver.ChromeOptions()
        options.binary_location = chromium
        for argument in ("--headless=new", "--no-sandbox", "--disable-gpu",
                         "--disable-dev-shm-usage", f"--window-size={width},{height}"):
            options.add_argument(argument)
        service = webdriver.ChromeService(executable_path=shutil.which("chromedriver"))
        driver = webdriver.Chrome(options=options, service=service)
        # A window is never narrower than 500 px, headless or not: the page is shown at the
        # size asked for, as a phone (or a desktop) of that size shows it.
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})
        return driver

    return start
