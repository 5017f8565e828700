"""What the site's pages promise besides their shown outputs: the performance page shows
each benchmark's current figures with the command that printed them, and no page keeps a
dated run log (the history of the figures is in git)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PERFORMANCE = ROOT / "docs" / "project" / "performance.md"
DATED = re.compile(
    r"\b\d{1,2} (January|February|March|April|May|June|July|August|September|October|"
    r"November|December)\b|\b(January|February|March|April|May|June|July|August|September|"
    r"October|November|December) \d{1,2}\b|\b(at|on) \d{1,2}:\d{2}\b")


def test_each_benchmark_shows_its_figures_under_the_command_that_printed_them() -> None:
    text = PERFORMANCE.read_text(encoding="utf-8")
    blocks = re.findall(r"^```text\n(\$ [^\n]+)\n(.*?)^```\n", text, re.MULTILINE | re.DOTALL)
    shown = {re.search(r"bench/(\w+)\.py", command)[1]: output  # type: ignore[index]
             for command, output in blocks if "bench/" in command}
    scripts = {p.stem for p in (ROOT / "bench").glob("*.py")} - {"paired"}  # it compares two
    assert sorted(scripts - set(shown)) == []
    for name, output in shown.items():
        assert re.search(r"\d", output), f"bench/{name}.py shows no figure"
    assert "bench/paired.py --baseline" in text


def test_no_page_keeps_a_dated_run_log() -> None:
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    dated = [f"{page.relative_to(ROOT)}: {m[0]}" for page in pages
             for m in DATED.finditer(page.read_text(encoding="utf-8"))]
    assert dated == []
