"""The documentation site, built from docs/ as the README's test command builds it (strict:
a warning fails), then read: every public name of ``notation`` has its entry in the API
reference, and a browser opens the built site offline, reads its start page, follows the
navigation to a guide, and finds the entry of ``notation.check_game`` with the site's search.

The site is built afresh into a temporary folder once for the session, so that no test
depends on a build another run left behind.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import notation

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site, built strictly into a temporary folder."""
    if shutil.which("sphinx-build", path=str(Path(sys.executable).parent)) is None:
        pytest.fail("sphinx-build is not installed: pip install '.[docs]' (the README's test "
                    "command installs it)", pytrace=False)
    out = tmp_path_factory.mktemp("site")
    done = subprocess.run(
        [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-n", "-q", "-E",
         str(ROOT / "docs"), str(out)],
        capture_output=True, text=True, timeout=900, check=False)
    assert done.returncode == 0, f"the site does not build cleanly:\n{done.stderr}"
    return out


def test_every_public_name_of_notation_has_an_entry(site: Path) -> None:
    from sphinx.util.inventory import InventoryFile

    with (site / "objects.inv").open("rb") as stream:
        inventory = InventoryFile.load(stream, "", lambda base, uri: uri)
    documented = {name for entries in inventory.values() for name in entries}
    missing = [f"notation.{name}" for name in notation.__all__
               if f"notation.{name}" not in documented]
    assert missing == []
    check_game = inventory["py:function"]["notation.check_game"]
    assert check_game[2] == "reference/api.html#notation.check_game"


def test_the_api_page_renders_the_docstrings_roles_as_links(site: Path) -> None:
    page = (site / "reference" / "api.html").read_text(encoding="utf-8")
    assert ":func:" not in page
    assert ":class:" not in page
    assert ":mod:" not in page
    # notation's own docstring names read_games with :func:, rendered as a link to its entry.
    assert 'href="#notation.read_games"' in page


def test_the_command_line_reference_is_the_apps_own(site: Path) -> None:
    from typer.testing import CliRunner

    from t42.commands import app

    page = (site / "reference" / "cli.html").read_text(encoding="utf-8")
    listed = CliRunner().invoke(app, ["-h"], terminal_width=200).output
    for command in ("validate", "fmt", "convert", "analyze", "stats", "diagram", "html",
                    "deal", "replay", "record", "serve", "audit", "review", "par", "rules"):
        assert f" {command} " in listed
        assert f'id="t42-{command}"' in page, command
    assert "--rejects" in page
    assert "--scheduler" in page
    assert "--certfile" in page


# -- in a browser --

webdriver: Any
try:
    from selenium import webdriver
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import WebDriverWait
except ImportError:  # pragma: no cover - the test extra installs selenium
    webdriver = None


@pytest.fixture
def browser(browser_needed: None, start_chromium: Callable[[int, int], Any]) -> Iterator[Any]:
    driver = start_chromium(1200, 900)
    try:
        yield driver
    finally:
        driver.quit()


def _heading(browser: Any) -> str:
    return str(browser.find_element(By.CSS_SELECTOR, "article h1").text).rstrip("#¶ \n")


def test_a_reader_finds_the_way_from_the_start_page_to_a_guide_and_to_check_game(
    site: Path, browser: Any
) -> None:
    # Offline: the site is files, opened as files.
    browser.get((site / "index.html").as_uri())
    assert _heading(browser) == "t42: game records for Texas 42"
    assert "Texas 42" in browser.find_element(By.CSS_SELECTOR, "article").text
    # The navigation: the sidebar's link to the director's guide.
    link = browser.find_element(
        By.XPATH, "//*[contains(@class, 'sidebar-tree')]//a[normalize-space()="
        "'Running a club night: a guide for the director']")
    browser.execute_script("arguments[0].click()", link)
    WebDriverWait(browser, 30).until(lambda b: b.current_url.endswith("guides/club-night.html"))
    assert _heading(browser) == "Running a club night: a guide for the director"
    shots = browser.find_elements(By.CSS_SELECTOR, "article img")
    assert len(shots) >= 2
    assert all(browser.execute_script("return arguments[0].naturalWidth", img) > 0
               for img in shots), "a screenshot of the guide is not shown"
    # The search: type the name, follow the result to the API reference's entry.
    box = browser.find_element(By.CSS_SELECTOR, "input.sidebar-search")
    box.send_keys("check_game", Keys.ENTER)
    WebDriverWait(browser, 60).until(lambda b: b.find_elements(
        By.CSS_SELECTOR, "#search-results li a[href*='notation.check_game']"))
    result = browser.find_element(By.CSS_SELECTOR,
                                  "#search-results li a[href*='notation.check_game']")
    browser.execute_script("arguments[0].click()", result)
    WebDriverWait(browser, 30).until(
        lambda b: b.current_url.endswith("reference/api.html#notation.check_game"))
    entry = browser.find_element(By.ID, "notation.check_game")
    assert entry.text.startswith("notation.check_game(")
    described = entry.find_element(By.XPATH, "./following-sibling::dd").text
    assert "finding" in described.lower()
