"""The screenshots of the club night guide (docs/guides/club-night.md), taken by the browser
tests of the pages as they are now.

:func:`keep_for_the_docs` saves a screenshot under the test's artefacts with the text the
page shows beside it (its addresses, tokens, secrets and times made neutral, so that the same
page gives the same text on every run), and holds the screenshot in docs/screenshots/ to the
page: when the page no longer shows the text kept beside that screenshot, the screenshot is of
a page that is no more, and the test says to take them again (``python docs/screenshots.py``,
which runs these tests with ``T42_TAKING_SCREENSHOTS=1`` and copies the new ones into docs/).
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

DOCS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"

_NEUTRAL = [
    (re.compile(r"https?://[^/\s]+"), "http://HOST"),  # the server's address and port
    (re.compile(r"(/[teg]/|/watch/|/replay/|key=)[A-Za-z0-9_-]{6,}"), r"\1TOKEN"),
    (re.compile(r"\b\d{1,2}:\d{2}(:\d{2})?\b"), "HH:MM"),  # the audit trail's times
    (re.compile(r"\b\d{4}[.-]\d{2}[.-]\d{2}\b"), "YYYY.MM.DD"),  # today's date
    (re.compile(r"\b[0-9a-f]{4,}…"), "PHONE…"),  # a phone's own id
]


def page_text(browser: Any) -> str:
    """What the page shows, in words, the same on every run."""
    text = str(browser.execute_script("return document.body.innerText"))
    for pattern, neutral in _NEUTRAL:
        text = pattern.sub(neutral, text)
    return "\n".join(line.rstrip() for line in text.strip().splitlines()) + "\n"


def keep_for_the_docs(browser: Any, artefacts: Path, name: str, *, at: str | None = None) -> None:
    """Save the screenshot ``name``.png of the window (scrolled to the element ``at``, a CSS
    selector) and the page's text under ``artefacts``, and check that
    docs/screenshots/``name``.png is of the page as it is now."""
    if at is not None:
        browser.execute_script(
            "document.querySelector(arguments[0]).scrollIntoView({block: 'start'})", at)
    browser.save_screenshot(str(artefacts / f"{name}.png"))
    text = page_text(browser)
    (artefacts / f"{name}.txt").write_text(text, encoding="utf-8")
    if os.environ.get("T42_TAKING_SCREENSHOTS"):
        return
    kept = DOCS / f"{name}.txt"
    assert (DOCS / f"{name}.png").exists(), f"docs/screenshots/{name}.png is missing"
    assert kept.exists(), f"docs/screenshots/{name}.txt is missing"
    assert kept.read_text(encoding="utf-8") == text, (
        f"docs/screenshots/{name}.png shows a page that has changed since it was taken "
        f"(this page now shows {artefacts / name}.txt): take the screenshots again with "
        "`python docs/screenshots.py`")
