"""Notes from a table's phone (issue 38): a glyph or a comment on the last bid, trump call or
play, sent as an entry like any other (``?``, ``; text``), so stored once under its number
and written by the table's own link only; the spectators' watch page shows every note of
the game as stored, each comment as text (markup inert, what a keyboard adds that cannot be
seen taken out). The first tests ask the app in process; the last drives a real ``t42 serve``
from two phone-sized Chromium windows."""

from __future__ import annotations

import re
import sys
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from club.app import create_app
from club.store import Store

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

sys.path.insert(0, str(Path(__file__).parent))
from club_server import Server, create_event, game_of, send

try:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait
except ImportError:  # pragma: no cover - the test extra installs selenium
    pass

FOUR = "A, Ann, Al\nB, Bea, Bo\nC, Cy, Cal\nD, Di, Dot"
PHONE = (390, 844)
# A table's game up to West's 6-5 in trick 1 (East bid 30 and named sixes).
TO_THE_6_5 = ["start tricks N", "30", "pass", "pass", "pass", "sixes", "6-6", "6-1", "6-5"]
HOSTILE = "<b>bold</b> \u200bled <script>window.pwned=1</script>"


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    s = Store(f"sqlite:///{tmp_path / 'club.db'}")
    yield s
    s.close()


def _night(store: Store) -> tuple[TestClient, list[str], str]:
    """A director's client, the two tables' tokens and the event's public token."""
    client = TestClient(create_app(store), base_url="http://club.test")
    assert client.get(f"/director/login?key={store.secret()}").status_code == 200
    csrf = re.search(r'name="csrf" value="([^"]+)"', client.get("/director").text)
    assert csrf
    page = client.post("/director/events", data={
        "csrf": csrf[1], "name": "Notes night", "rules": "straight", "options": "",
        "format": "round-robin", "teams": FOUR}).text
    tables = re.findall(r'/t/([A-Za-z0-9_-]+)" data-table', page)
    public = re.search(r'class="button-link" href="[^"]*/e/([A-Za-z0-9_-]+)">Public standings',
                       page)
    assert public
    return client, tables, public[1]


def _game(client: TestClient, token: str) -> int:
    found = re.search(r'data-game="(\d+)"', client.get(f"/t/{token}").text)
    assert found
    return int(found[1])


def _post(client: TestClient, token: str, game: int, number: int, entry: str) -> Any:
    return client.post(f"/t/{token}/entries",
                       json={"game": game, "number": number, "entry": entry})


def test_a_note_is_an_entry_of_the_tables_own_link_stored_once(store: Store) -> None:
    client, (first, second), _ = _night(store)
    mine = _game(client, first)
    for number, entry in enumerate(TO_THE_6_5, start=1):
        assert _post(client, first, mine, number, entry).status_code == 200
    # Another table's link may not put a note on this game: refused, nothing stored.
    answer = _post(client, second, mine, 10, "?")
    assert answer.status_code == 403
    assert "not this table's" in answer.json()["refused"]
    assert store.entry_count(mine) == len(TO_THE_6_5)
    # This table's: stored, said; sent again (its answer lost), acknowledged, stored once.
    answer = _post(client, first, mine, 10, "?")
    assert answer.status_code == 200
    assert "? (mistake) on W 6-5" in answer.json()["html"]
    assert _post(client, first, mine, 10, "?").status_code == 200
    assert _post(client, first, mine, 11, "; " + HOSTILE).status_code == 200
    assert store.entries(mine)[-2:] == [(10, "?"), (11, "; " + HOSTILE.replace("\u200b", ""))]
    record = client.get("/director/e/1/files/round-1-table-1.t42").text
    assert "1 E 6-6 6-1 6-5? { <b>bold</b> led <script>window.pwned=1</script> }" in record
    # A comment that would end itself is refused in words, kept under its number.
    answer = _post(client, first, mine, 12, "; a } b")
    assert "not recorded: a comment cannot hold a }" in answer.json()["html"]


def test_the_watch_page_shows_the_notes_as_stored_and_inert(store: Store) -> None:
    client, (first, _), public = _night(store)
    mine = _game(client, first)
    entries = [*TO_THE_6_5[:3], "!?", *TO_THE_6_5[3:], "; " + HOSTILE, "??", "u", "?"]
    for number, entry in enumerate(entries, start=1):
        assert _post(client, first, mine, number, entry).status_code == 200
    watcher = TestClient(create_app(store), base_url="http://club.test")
    page = watcher.get(f"/e/{public}/watch/{mine}").text
    notes = re.search(r'<section id="notes">(.*?)</section>', page, re.S)
    assert notes, page
    items = [re.sub(r"<[^>]+>", "", li) for li in re.findall(r"<li[^>]*>(.*?)</li>", notes[1])]
    assert items == [
        "Hand 1, the bids: S passes!? interesting",
        "Hand 1, trick 1: W 6-5? mistake &lt;b&gt;bold&lt;/b&gt; led "
        "&lt;script&gt;window.pwned=1&lt;/script&gt;",
    ]
    assert "<script>window.pwned" not in page
    assert "<b>bold" not in page
    assert "\u200b" not in page
    assert page.count("&lt;b&gt;bold&lt;/b&gt;") == 1  # spliced once
    # The trick on the screen has the glyph beside its play, and the phone offers a note.
    assert '<span class="glyph" title="mistake">?</span>' in page
    phone = client.get(f"/t/{first}").text
    assert '<summary>A note on W 6-5</summary>' in phone
    assert 'data-entry-form="; {comment}"' in phone
    assert 'id="note"' not in page  # the watch page writes nothing


# -- in a real browser: a phone puts the note on, a spectator's window shows it --


@pytest.fixture
def two_windows(start_chromium: Any, browser_needed: None) -> Iterator[tuple[Any, Any]]:
    phone, watcher = start_chromium(*PHONE), start_chromium(*PHONE)
    try:
        yield phone, watcher
    finally:
        phone.quit()
        watcher.quit()


def _stored(browser: Any) -> int:
    return int(browser.execute_script(
        'return document.getElementById("state").getAttribute("data-stored")'))


def _answered(browser: Any, before: int) -> None:
    WebDriverWait(browser, 30, poll_frequency=0.05).until(lambda b: _stored(b) > before)


@pytest.mark.parametrize("database", ["sqlite"], indirect=True)
def test_a_phone_notes_its_last_play_and_the_watch_page_shows_it(
    server: Server, two_windows: tuple[Any, Any]
) -> None:
    phone, watcher = two_windows
    director = server.director()
    event_url, links = create_event(director, FOUR, name="Notes night")
    client = httpx.Client(base_url=server.url, timeout=30)
    token, game = game_of(client, links[0])
    for number, entry in enumerate(TO_THE_6_5, start=1):
        assert send(client, token, game, number, entry).status_code == 200
    public = re.search(r'<a class="button-link" href="([^"]+)">Public standings</a>',
                       director.get(event_url).text)
    assert public
    watcher.get(f"{public[1]}/watch/{game}")
    assert "id=\"notes\"" not in watcher.page_source
    phone.get(links[0])
    phone.find_element(By.CSS_SELECTOR, "#note summary").click()
    before = _stored(phone)
    phone.find_element(By.CSS_SELECTOR, '#note [data-entry="?"]').click()
    _answered(phone, before)
    phone.find_element(By.CSS_SELECTOR, "#note summary").click()
    field = phone.find_element(By.CSS_SELECTOR, '#note input[name="comment"]')
    field.send_keys("<b>bold</b> \u200bled")
    before = _stored(phone)
    phone.find_element(By.CSS_SELECTOR, "#note form button").click()
    _answered(phone, before)
    assert phone.find_element(By.ID, "said").text == "comment on W 6-5 written"
    assert phone.execute_script(
        "return document.documentElement.scrollWidth <= window.innerWidth")
    # The spectator's window refreshes by itself: the glyph beside the play, the comment as
    # typed, its markup text, the zero-width space gone.
    WebDriverWait(watcher, 30, poll_frequency=0.2).until(
        lambda b: b.find_elements(By.CSS_SELECTOR, "#notes .comment"))
    note = watcher.find_element(By.CSS_SELECTOR, "#notes li.note")
    assert note.find_element(By.CSS_SELECTOR, ".what").text == "W 6-5?"
    comment = note.find_element(By.CSS_SELECTOR, ".comment")
    assert comment.get_attribute("textContent") == "<b>bold</b> led"
    assert comment.find_elements(By.TAG_NAME, "b") == []
    assert watcher.find_element(By.CSS_SELECTOR, ".trick .glyph").text == "?"
