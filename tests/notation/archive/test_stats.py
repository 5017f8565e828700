"""Counting an archive: bids won, made and set (docs/rules.md, Scoring; Reneges)."""

from __future__ import annotations

from pathlib import Path

from notation.archive.stats import ArchiveStats
from notation.formats.text.reader import read_games

SAMPLES = Path(__file__).parents[3] / "samples"


def test_a_hand_won_by_the_renege_penalty_is_counted_apart() -> None:
    """renege.t42: S's 31 is set by play and N's 30 made by play, but the renege penalty
    decides both hands: neither is counted made or set, both are counted apart."""
    tally = ArchiveStats()
    for read in read_games((SAMPLES / "renege.t42").read_text(encoding="utf-8")):
        tally.add(read)
    assert dict(tally.bids) == {"31": 1, "30": 1}
    assert dict(tally.made) == {}
    assert dict(tally.by_penalty) == {"31": 1, "30": 1}
    assert tally.sets == 0
    assert ("hands decided by the renege penalty", "2") in tally.summary()
    assert tally.as_json()["bids"]["31"] == {"bid": 1, "made": 0, "renege_penalty": 1}


def test_a_bid_that_announces_its_contract_is_counted_at_its_level() -> None:
    """announced-bids.t42: a 4m-plunge is a bid of 4 marks (docs/rules.md, The other 42
    programs), counted with the 4-mark bids; its contract is counted with the contracts."""
    tally = ArchiveStats()
    for read in read_games((SAMPLES / "announced-bids.t42").read_text(encoding="utf-8")):
        tally.add(read)
    assert dict(tally.bids) == {"4m": 1, "1m": 1, "2m": 1}
    assert tally.contracts["plunge sixes"] == 1
    assert [label for label, *_ in tally.summary()]  # the summary sorts the levels
