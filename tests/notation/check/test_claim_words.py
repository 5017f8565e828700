"""The words of a refuted lay-down (issue 35, point 17): "refuted" was followed by "(with
the right order of play NS would still take every trick)", which reads as its contrary."""

from __future__ import annotations

from pathlib import Path

from notation.check.validate import check_game
from notation.formats.text import loads

SAMPLES = Path(__file__).resolve().parents[3] / "samples"


def _refuted(text: str) -> str:
    report = check_game(loads(text)[0])
    (finding,) = [f for f in report.findings if f.code == "laydown-refuted"]
    return finding.message


def test_a_claim_that_holds_only_in_the_right_order_says_so_without_contradiction() -> None:
    message = _refuted((SAMPLES / "laydown-refuted.t42").read_text(encoding="utf-8"))
    assert message == (
        "N's lay-down is refuted: NS loses trick 5 after N 5-1 · E 5-3 · S 6-6 · W 5-5; "
        "NS takes every trick only if it plays in the right order, and a lay-down must hold "
        "whatever is played")
    assert "would still take every trick" not in message


def test_a_claim_that_no_order_saves_says_so() -> None:
    text = (SAMPLES / "laydown-refuted.t42").read_text(encoding="utf-8")
    # After trick 3, with 6-5 still to come from West's side: E lays down for EW.
    text = text.replace("4 N 6-5 6-1 6-0 6-3\nend laydown N", "end laydown E")
    message = _refuted(text)
    assert message.startswith("E's lay-down is refuted: EW loses trick ")
    assert message.endswith("; EW cannot take every trick, whatever order it plays in")
