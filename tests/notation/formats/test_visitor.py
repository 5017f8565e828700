"""The visitor interface: every item of a game, in canonical order, and the writer as one."""

from __future__ import annotations

from pathlib import Path

import pytest

from notation.formats.text import loads
from notation.formats.text.reader import read_games
from notation.formats.text.writer import TextExporter, write_game
from notation.formats.visitor import GameVisitor, walk
from notation.model.game import (
    Auction,
    Call,
    Ending,
    Game,
    Hand,
    Holding,
    ScoreLine,
    Tag,
    Trick,
    TrumpCall,
)

SAMPLES = Path(__file__).parents[3] / "samples"


class Journal(GameVisitor[list[str]]):
    """Writes down each call it gets."""

    def __init__(self) -> None:
        self.seen: list[str] = []

    def begin_game(self, game: Game) -> None:
        self.seen.append("begin_game")

    def visit_tag(self, tag: Tag) -> None:
        self.seen.append(f"tag {tag.name}")

    def begin_hand(self, hand: Hand) -> None:
        self.seen.append(f"hand {hand.number}")

    def visit_holding(self, holding: Holding) -> None:
        self.seen.append(f"holding {holding.seat}")

    def begin_auction(self, auction: Auction) -> None:
        self.seen.append("auction")

    def visit_call(self, call: Call) -> None:
        self.seen.append(f"call {call.seat} {call.bid}")

    def end_auction(self, auction: Auction) -> None:
        self.seen.append("end auction")

    def visit_trump(self, trump: TrumpCall) -> None:
        self.seen.append(f"trump {trump.trump}")

    def visit_trick(self, trick: Trick) -> None:
        self.seen.append(f"trick {trick.number}")

    def visit_ending(self, ending: Ending) -> None:
        self.seen.append(f"end {ending.kind.value}")

    def visit_score(self, score: ScoreLine) -> None:
        self.seen.append(f"{score.kind.value}")

    def end_hand(self, hand: Hand) -> None:
        self.seen.append(f"end hand {hand.number}")

    def end_game(self, game: Game) -> None:
        self.seen.append("end_game")

    def result(self) -> list[str]:
        return self.seen


RECORD = """[Rules "straight"] [West "Dee"] [Event "demo"]
hand 1 dealer N
deal W 6-2 6-1 5-5 3-2 3-1 2-0 0-0
     N 6-6 6-0 5-3 5-1 4-0 3-0 2-2
bid E pass S 30 W pass N pass
trump S fives
1 S 4-3 5-5 4-0 6-6
end set
marks NS 0 EW 1
total NS 0 EW 1
"""


def test_walk_tells_every_item_in_canonical_order() -> None:
    seen = walk(loads(RECORD)[0], Journal())
    assert seen == [
        "begin_game",
        *(f"tag {n}" for n in ("Event", "Site", "Date", "North", "East", "South", "West")),
        "tag Rules",
        "hand 1",
        "holding N",  # seat order, whatever the order written
        "holding W",
        "auction",
        "call E pass",
        "call S 30",
        "call W pass",
        "call N pass",
        "end auction",
        "trump fives",
        "trick 1",
        "end set",
        "marks",  # points, marks, total: the order a hand writes them
        "total",
        "end hand 1",
        "end_game",
    ]


def test_a_visitor_that_does_not_say_what_it_made_says_so() -> None:
    with pytest.raises(NotImplementedError, match="GameVisitor does not say what it made"):
        walk(loads(RECORD)[0], GameVisitor())


@pytest.mark.parametrize("sample", sorted(SAMPLES.glob("*.t42")), ids=lambda p: p.name)
def test_the_writer_is_a_visitor(sample: Path) -> None:
    # Every game as read, the hands with syntax errors left out (broken.t42 has one).
    for game in (read.game for read in read_games(sample.read_text(encoding="utf-8"))):
        assert walk(game, TextExporter()) == write_game(game)
        assert loads(walk(game, TextExporter()))[0] == game
