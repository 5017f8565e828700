"""Take the club night guide's screenshots again, from the pages as they are now.

    python docs/screenshots.py

It runs the club's browser tests that take them (with ``T42_TAKING_SCREENSHOTS=1``, so
that a page that changed is photographed rather than failed), keeping their screenshots in a
temporary folder, then copies each screenshot the guide shows (NAMES), and the text its page
showed, from there into docs/screenshots/. The browser tests then hold the new ones to
the pages (tests/club/docs_screenshots.py).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs" / "screenshots"
# The screenshots the guide shows, and the tests that take them, on SQLite (the pages are
# the same on PostgreSQL).
NAMES = ["club-table", "club-standings", "club-director"]
TESTS = [
    "tests/club/test_browser.py::test_a_club_night_two_tables_at_once_then_the_standings_and_"
    "the_export[sqlite]",
    "tests/club/test_browser_screens.py::test_every_page_fits_a_phone_and_every_control_can_be_"
    "tapped[sqlite]",
]


def main() -> int:
    with tempfile.TemporaryDirectory(prefix="t42-screenshots-") as folder:
        environment = {**os.environ, "T42_ARTEFACTS": folder, "T42_TAKING_SCREENSHOTS": "1"}
        done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                               *TESTS], cwd=ROOT, env=environment, check=False)
        if done.returncode != 0:
            print("the browser tests failed: no screenshot was copied", file=sys.stderr)
            return 1
        for name in NAMES:
            for suffix in (".png", ".txt"):
                shutil.copyfile(Path(folder) / f"{name}{suffix}", DOCS / f"{name}{suffix}")
        print(f"taken again: {', '.join(NAMES)} (docs/screenshots/)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
