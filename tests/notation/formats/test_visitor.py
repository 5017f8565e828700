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
    Play,
    ScoreLine,
    Tag,
    Trick,
    TrumpCall,
    Variation,
)
from notation.model.lines import Line

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


# ---- variations: told to a visitor that asks for them ----

ANNOTATED = """[Event "x"]
hand 1 dealer N
bid E pass S 30 (S 31 W pass) W pass N pass
trump S sixes
1 S 6-6 6-1 6-5? (6-2 6-3
  2 S 6-5 (4-4) 1-0) 6-3
"""


class LineJournal(GameVisitor[list[str]]):
    """Writes down the items it gets, and the lines they are in."""

    sees_variations = True

    def __init__(self) -> None:
        self.seen: list[str] = []

    def visit_call(self, call: Call) -> None:
        self.seen.append(f"call {call.seat} {call.bid}")

    def visit_play(self, play: Play) -> None:
        self.seen.append(f"play {play.tile}")

    def visit_trick(self, trick: Trick) -> None:
        self.seen.append(f"trick {trick.number} " + " ".join(str(p.tile) for p in trick.plays))

    def begin_variation(self, variation: Variation, line: Line) -> None:
        parent = line.parent.path if line.parent is not None else None
        self.seen.append(f"begin {line.path} (from {parent or 'main'}, depth {line.depth})")

    def end_variation(self, variation: Variation, line: Line) -> None:
        self.seen.append(f"end {line.path}")

    def result(self) -> list[str]:
        return self.seen


def test_a_visitor_that_sees_variations_is_told_of_each_where_it_is_written() -> None:
    game = loads(ANNOTATED)[0]
    v = "/hands/0/tricks/0/plays/2/variations/0"
    assert walk(game, LineJournal()) == [
        "call E pass",
        "call S 30",
        "begin /hands/0/auction/calls/1/variations/0 (from main, depth 1)",
        "call S 31",
        "call W pass",
        "end /hands/0/auction/calls/1/variations/0",
        "call W pass",
        "call N pass",
        "trick 1 6-6 6-1 6-5 6-3",
        f"begin {v} (from main, depth 1)",
        "play 6-2",
        "play 6-3",
        "trick 2 6-5 1-0",
        f"begin {v}/tricks/0/plays/0/variations/0 (from {v}, depth 2)",
        "play 4-4",
        f"end {v}/tricks/0/plays/0/variations/0",
        f"end {v}",
    ]


def test_a_visitor_that_does_not_ask_sees_the_main_line_only() -> None:
    class MainLineJournal(LineJournal):
        sees_variations = False

    assert walk(loads(ANNOTATED)[0], MainLineJournal()) == [
        "call E pass", "call S 30", "call W pass", "call N pass", "trick 1 6-6 6-1 6-5 6-3"
    ]
