"""SVG diagrams: domino faces with the right pips, the table at a chosen trick, a seat's view,
the reneged tile marked, and record text drawn literally."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from notation.archive.stats import ArchiveStats
from notation.check.validate import check_game
from notation.formats.text import loads
from notation.model.game import Game
from notation.model.seats import SEATS, Seat
from notation.model.tiles import ALL_TILES, Tile
from notation.views.navigation import game_frames
from notation.views.stats_view import charts
from notation.views.steps import StepKind
from notation.views.svg import (
    DiagramError,
    bar_chart,
    diagram,
    game_diagram,
    hand_diagram,
    inert_xml,
    tile_svg,
)

SAMPLES = Path(__file__).parents[3] / "samples"
NS = "{http://www.w3.org/2000/svg}"


def _game(name: str) -> Game:
    return loads((SAMPLES / name).read_text(encoding="utf-8"))[0]


def _svg(text: str) -> ET.Element:
    """The parsed picture; parsing fails on anything that is not well-formed XML."""
    return ET.fromstring(text)


def _tiles(root: ET.Element) -> list[ET.Element]:
    return [g for g in root.iter(f"{NS}g") if g.get("data-tile")]


def _text(root: ET.Element) -> str:
    return "\n".join("".join(t.itertext()) for t in root.iter(f"{NS}text"))


@pytest.mark.parametrize("tile", ALL_TILES, ids=str)
def test_a_face_has_as_many_pips_as_the_tile(tile: Tile) -> None:
    for across in (False, True):
        root = _svg(f'<svg xmlns="http://www.w3.org/2000/svg">{tile_svg(tile, 0, 0, across=across)}'
                    "</svg>")
        pips = [c for c in root.iter(f"{NS}circle") if c.get("class") == "pip"]
        assert len(pips) == tile.high + tile.low
        # The high number is drawn in the first half (top, or left when across).
        first = [p for p in pips if float(p.get("cy" if not across else "cx", 0)) < 28]
        assert len(first) == tile.high


def test_the_table_at_a_trick_shows_every_hand_the_trick_and_the_score() -> None:
    game = _game("renege.t42")
    report = check_game(game)
    root = _svg(hand_diagram(game, 1, trick=3))
    shown = [g.get("data-tile", "") for g in _tiles(root)]
    outcome = report.hands[0].tricks[2]
    held_after = {
        seat: [t for t in game.hands[0].holding(seat).tiles  # type: ignore[union-attr]
               if all(t not in o.tiles for o in report.hands[0].tricks[:3])]
        for seat in SEATS
    }
    # Four hands of four tiles, then the trick's four tiles.
    assert len(shown) == 4 * 4 + 4
    assert sorted(shown[-4:]) == sorted(str(t) for t in outcome.tiles)
    assert sorted(shown[:-4]) == sorted(str(t) for ts in held_after.values() for t in ts)
    words = _text(root)
    assert f"trick 3 · {outcome.winner} takes {outcome.points} points" in words
    assert "contract: S 31 in sixes" in words
    for seat in SEATS:
        assert f"{game.seat_name(seat)} ({seat})" in words
    assert "this hand: NS 18 · EW 0 points" in words  # 7 + 5 + 6 in the first three tricks


def test_the_reneged_tile_is_marked_and_the_finding_listed() -> None:
    game = _game("renege.t42")
    root = _svg(hand_diagram(game, 1, trick=3))
    marked = [g.get("data-tile") for g in _tiles(root) if "renege" in (g.get("class") or "")]
    assert marked == ["2-2"]
    assert "✗ renege: W reneged in trick 3" in _text(root)
    plain = _svg(hand_diagram(game, 1, trick=3, mark=False))
    assert not [g for g in _tiles(plain) if "renege" in (g.get("class") or "")]
    # Before the renege's trick there is nothing to mark.
    earlier = _svg(hand_diagram(game, 1, trick=2))
    assert not [g for g in _tiles(earlier) if "renege" in (g.get("class") or "")]
    assert "renege" not in _text(earlier)


def test_a_seat_sees_only_its_own_tiles() -> None:
    game = _game("renege.t42")
    south = set(map(str, game.hands[0].holding(Seat.S).tiles))  # type: ignore[union-attr]
    root = _svg(hand_diagram(game, 1, seat=Seat.S))
    faces = [g.get("data-tile") for g in _tiles(root)]
    assert set(faces) == south  # no trick on the table yet: only South's hand face up
    backs = [g for g in root.iter(f"{NS}g") if g.get("class") == "tile down"]
    assert len(backs) == 3 * 7


def test_without_a_trick_the_hand_is_drawn_once_trump_is_named() -> None:
    game = _game("full-game.t42")
    words = _text(_svg(hand_diagram(game, 2)))
    assert "hand 2 · W names doubles" in words
    assert "auction: S 30 · W 31 · N pass · E pass" in words


def test_a_hand_or_trick_the_game_lacks_is_a_diagram_error() -> None:
    game = _game("renege.t42")
    with pytest.raises(DiagramError, match="there is no hand 5; the game has hands 1, 2"):
        hand_diagram(game, 5)
    with pytest.raises(DiagramError, match="hand 1 has no trick 8; 7 tricks were played"):
        hand_diagram(game, 1, trick=8)


def test_a_game_and_a_frame_show_as_svg_in_jupyter() -> None:
    game = _game("renege.t42")
    assert game._repr_svg_() == game_diagram(game) == hand_diagram(game, 1)
    frames = game_frames(game, check_game(game))
    frame = next(f for f in frames if f.step.kind is StepKind.TRICK)
    assert frame._repr_svg_() == diagram(frame)
    assert "trick 1" in _text(_svg(frame._repr_svg_()))


def test_hostile_names_and_comments_are_drawn_literally(hostile_game: Game) -> None:
    picture = hand_diagram(hostile_game, 1, trick=3)
    root = _svg(picture)  # still well-formed: nothing in the record closed an element
    assert not list(root.iter(f"{NS}script"))
    assert not list(root.iter(f"{NS}img"))
    assert not list(root.iter(f"{NS}b"))
    words = _text(root)
    assert "<script>alert(1)</script> (N)" in words
    assert "\"&'<b>bold</b> (E)" in words
    # Controls and the bidi override are shown as visible escapes, not acted on.
    assert "Ann\\x1b[2J\\x07 (S)" in words
    assert "\\u202eevil" in words
    assert "\x1b" not in picture
    assert "\u202e" not in picture
    # The frames of every step hold the hostile comment somewhere; it too stays text.
    frames = game_frames(hostile_game, check_game(hostile_game))
    commented = next(f for f in frames if f.step.comments)
    root = _svg(diagram(commented))
    assert "</script><script>window.pwned=1</script> &amp; </svg>" in _text(root)


def test_inert_xml_escapes_markup_and_shows_controls() -> None:
    assert inert_xml("<a href='x'>&</a>") == "&lt;a href=&#x27;x&#x27;&gt;&amp;&lt;/a&gt;"
    assert inert_xml("\x00\u202e") == "\\x00\\u202e"


def test_bar_chart_draws_bars_in_proportion_with_escaped_labels() -> None:
    root = _svg(bar_chart("<b>", [("<30>", [3, 1]), ("31", [2, 0])], ("made", "set")))
    rects = [r for r in root.iter(f"{NS}rect") if r.find(f"{NS}title") is not None]
    heights = [float(r.get("height", 0)) for r in rects]
    assert len(heights) == 3  # a zero count draws no bar
    assert heights[0] == pytest.approx(3 * heights[1])
    assert heights[2] == pytest.approx(2 * heights[1])
    assert "<30>" in _text(root)
    assert "<b>" in _text(root)


def test_the_archive_charts_count_what_the_archive_holds() -> None:
    from notation.formats.text.reader import read_games

    tally = ArchiveStats()
    for name in ("full-game.t42", "renege.t42"):
        for read in read_games((SAMPLES / name).read_text(encoding="utf-8")):
            tally.add(read)
    assert sum(tally.bidders_points.values()) == 11  # every hand was played
    assert sum(tally.game_marks.values()) == 2
    assert sum(tally.sets_by_trump.values()) == tally.sets
    made_and_set = _svg(charts(tally)[0])
    bars = [r.find(f"{NS}title") for r in made_and_set.iter(f"{NS}rect")]
    counts = [t.text.split(": ") for t in bars if t is not None and t.text]
    made = sum(int(c.split()[-1]) for _, c in counts if c.startswith("made"))
    lost = sum(int(c.split()[-1]) for _, c in counts if c.startswith("set"))
    assert (made, lost) == (sum(tally.made.values()), tally.sets)


def test_every_label_on_the_table_stays_inside_the_felt() -> None:
    """The seats' labels, a renege mark on each, fit inside the table with room to spare."""
    from dataclasses import replace

    game = _game("renege.t42")
    frames = [f for f in game_frames(game, check_game(game))
              if f.step.kind is StepKind.TRICK and f.step.trick is not None]
    assert frames
    for frame in frames[:4]:
        trick = frame.step.trick
        assert trick is not None
        marked = replace(frame, reneges=frozenset((trick.number, s) for s in SEATS))
        root = _svg(diagram(marked))
        felt = next(r for r in root.iter(f"{NS}rect") if r.get("class") == "felt")
        left, top = float(felt.get("x", 0)), float(felt.get("y", 0))
        right, bottom = left + float(felt.get("width", 0)), top + float(felt.get("height", 0))
        on_felt = [t for t in root.iter(f"{NS}text") if "fill:#fff" in (t.get("style") or "")]
        assert any("✗ renege" in "".join(t.itertext()) for t in on_felt)
        for label in on_felt:
            words = "".join(label.itertext())
            x, y = float(label.get("x", 0)), float(label.get("y", 0))
            half = len(words) * 7.5 / 2  # 13 px letters are some 7 px wide; a little more
            assert left + 6 <= x - half, (words, x, left)
            assert x + half <= right - 6, (words, x, right)
            assert top + 6 <= y - 13, (words, y, top)
            assert y + 4 <= bottom - 6, (words, y, bottom)
