"""Glyphs and variations in the notation (docs/notation.md, Annotations and variations): what
the reader makes of them, how the canonical writer writes them, their comments, and the
errors in words."""

from __future__ import annotations

import pytest

import notation.formats.json as json_form
from notation.errors import NotationSyntaxError
from notation.formats.text import dumps, loads
from notation.model.game import MAX_VARIATION_DEPTH, Comment, Game, Glyph, Hand

HEAD = '[Event "x"]\n'


def _hand(text: str) -> Hand:
    return loads(HEAD + "hand 1 dealer N\n" + text)[0].hands[0]


def _canonical_hand(text: str) -> str:
    """The canonical lines of the hand (after the tag block); ``text`` without its
    ``hand`` line, unless it starts with it."""
    if not text.startswith("hand "):
        text = "hand 1 dealer N\n" + text
    return dumps(loads(HEAD + text)[0]).split("\n\n", 1)[1]


@pytest.mark.parametrize("glyph", list(Glyph))
def test_each_glyph_on_a_bid_a_trump_and_a_play(glyph: Glyph) -> None:
    g = glyph.value
    hand = _hand(f"bid E pass S 30{g} W pass N pass\ntrump S sixes{g}\n1 S 6-6{g} 6-1\n")
    assert hand.auction is not None
    assert hand.trump is not None
    assert hand.auction.calls[1].glyph is glyph
    assert hand.trump.glyph is glyph
    assert hand.tricks[0].plays[0].glyph is glyph
    assert [c.glyph for c in hand.auction.calls].count(None) == 3


def test_a_glyph_written_apart_is_written_on_its_item() -> None:
    # The import form lets space stand between; the canonical form writes it on the item.
    assert _canonical_hand("trump S sixes !?\n1 S 6-6 ! 6-1\n") == (
        "hand 1 dealer N\ntrump S sixes!?\n1 S 6-6! 6-1\n"
    )


def test_a_variation_is_another_line_from_just_before_its_item() -> None:
    hand = _hand(
        "bid E pass S 30 (S 31 W pass N pass) W pass N pass\n"
        "trump S sixes (trump S fives 1 S 5-5 5-0)\n"
        "1 S 6-6 6-1 6-5 (6-2 6-3 2 S 6-5 1-0 3-2 2-0 end set) 6-3\n"
    )
    assert hand.auction is not None
    assert hand.trump is not None
    [bid] = hand.auction.calls[1].variations
    assert [str(c.bid) for c in bid.calls] == ["31", "pass", "pass"]
    [trump] = hand.trump.variations
    assert trump.trump is not None
    assert str(trump.trump.trump) == "fives"
    assert [str(p.tile) for p in trump.tricks[0].plays] == ["5-5", "5-0"]
    [play] = hand.tricks[0].plays[2].variations
    assert [str(p.tile) for p in play.plays] == ["6-2", "6-3"]
    assert play.tricks[0].number == 2
    assert play.ending is not None
    # the main line is as written, its variations aside
    assert [str(p.tile) for p in hand.tricks[0].plays] == ["6-6", "6-1", "6-5", "6-3"]


def test_variations_nest_and_an_item_may_have_several() -> None:
    hand = _hand("trump S sixes\n1 S 6-6 6-1 (6-2 (6-3 (6-4)) 6-5) (5-5)\n")
    first, second = hand.tricks[0].plays[1].variations
    assert str(second.plays[0].tile) == "5-5"
    nested = first.plays[0].variations[0]
    assert str(nested.plays[0].variations[0].plays[0].tile) == "6-4"


def test_the_canonical_form_writes_each_further_line_of_a_variation_on_its_own() -> None:
    written = (
        "hand 1 dealer N\n"
        "trump S sixes\n"
        "1 S 6-6 6-1 6-5?! ({ better } 6-2 6-3\n"
        "  2 S 6-5 (4-4\n"
        "    3 S 4-3) 1-0 3-2 2-0\n"
        "  points NS 30 EW 12) 6-3 ; trick one\n"
    )
    import_form = (
        "TRUMP S SIXES\n1 S 6-6 6-1 6-5 ?! ( {better} 6-2 6-3 2 S 6-5 (4-4 3 S 4-3) 1-0 3-2"
        " 2-0 points ew 12 ns 30 ) 6-3 ; trick one\n"
    )
    assert _canonical_hand(import_form) == written
    assert _canonical_hand(written) == written


def test_comments_in_a_variation_stay_with_their_items() -> None:
    hand = _hand(
        "trump S sixes\n"
        "1 S 6-6 6-1 { forced } ({ the lead } 6-2 { low } 6-3 ; keeps the 6-5\n"
        "  2 S 6-5 ; and leads it\n"
        "  ) 6-5 6-3 ; trick one\n"
    )
    trick = hand.tricks[0]
    assert trick.plays[1].after == (Comment("forced", braced=True),)
    assert trick.after == (Comment("trick one"),)
    [variation] = trick.plays[1].variations
    assert variation.comments == (Comment("the lead", braced=True),)
    assert variation.plays[0].after == (Comment("low", braced=True),)
    assert variation.plays[1].after == (Comment("keeps the 6-5"),)
    assert variation.tricks[0].plays[0].after == (Comment("and leads it"),)


def test_a_comment_written_alike_in_two_variations_stays_in_each() -> None:
    # Each comment is taken out of those left to place by what it is, not by its words: two
    # comments written alike are two comments.
    written = ("hand 1 dealer N\ntrump S sixes\n"
               "1 S 6-6 ({ best play } 4-3) 6-1 6-5 6-3\n"
               "2 S 6-4 ({ best play } 4-3) 1-0 3-2 ({ best play } 5-0) 2-0\n")
    assert _canonical_hand(written) == written
    hand = _hand(written.split("\n", 1)[1])
    assert [v.comments for t in hand.tricks for p in t.plays for v in p.variations] == [
        (Comment("best play", braced=True),)] * 3


def test_a_semicolon_comment_in_a_variation_ends_its_line_and_reads_back() -> None:
    # the ; comment runs to the end of the line: the ) goes on the next
    written = "hand 1 dealer N\ntrump S sixes\n1 S 6-6 (6-5 ; a } in it\n  ) 6-1\n"
    assert _canonical_hand(written) == written
    [game] = loads(HEAD + written)
    [again] = json_form.loads(json_form.dumps(game))
    assert isinstance(again, Game)
    assert dumps(again) == dumps(game)


def test_variations_nest_up_to_the_limit_and_no_deeper() -> None:
    def nested(depth: int) -> str:
        text = "6-4"
        for _ in range(depth - 1):
            text = f"6-2 ({text})"
        return f"trump S sixes\n1 S 6-6 ({text})\n"

    assert _hand(nested(MAX_VARIATION_DEPTH)).tricks[0].plays[0].variations
    with pytest.raises(NotationSyntaxError) as caught:
        loads(HEAD + "hand 1 dealer N\n" + nested(MAX_VARIATION_DEPTH + 1))
    assert f"nested more than {MAX_VARIATION_DEPTH} deep" in caught.value.message
    assert caught.value.line == 4


@pytest.mark.parametrize(
    ("line", "column", "words"),
    [
        ("1 S 6-6!!! 6-1", 10, "'!' is not expected here"),
        ("1 S 6-6 (6-1 6-5", 17, "`)` to close the variation"),
        ("1 S 6-6 () 6-1", 10, "expected a tile like 6-4"),
        ("1 S 6-6 (points NS 1 EW 0 points NS 1 EW 0)", 10, "expected a tile like 6-4"),
        ("1 S 6-6 (6-1 points NS 1 EW 0 points NS 2 EW 0)", 31,
         "`points` is written twice in this variation"),
    ],
)
def test_a_mistake_in_a_variation_is_a_located_syntax_error(
    line: str, column: int, words: str
) -> None:
    with pytest.raises(NotationSyntaxError) as caught:
        loads(HEAD + "hand 1 dealer N\ntrump S sixes\n" + line + "\n")
    assert words in caught.value.message
    assert (caught.value.line, caught.value.column) == (4, column)


def test_text_json_text_is_exact_for_the_sample() -> None:
    from pathlib import Path

    text = (Path(__file__).parents[4] / "samples" / "annotated.t42").read_text("utf-8")
    [game] = loads(text)
    [again] = json_form.loads(json_form.dumps(game, indent=2))
    assert again == game
    assert dumps(again) == text
