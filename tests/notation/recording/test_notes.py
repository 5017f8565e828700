"""Notes on the last entry while recording (notation/recording/notes.py and
``Recording.annotate``): a glyph or a comment on the last bid, trump call or play, typed as
``?`` or ``; text`` at ``t42 record``'s prompt or on a club table's phone; refused in words
when there is nothing to note or the text would break the notation; taken back by undo;
read back from the file where it was written, also once the recorder is restarted."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from notation import loads
from notation.model.game import Glyph
from notation.recording import EntryError, Recording, RecordingError, enter, resume_file
from notation.recording.notes import plain_text

STRAIGHT = {"Rules": "straight"}


def _typed(r: Recording, *lines: str) -> Recording:
    for line in lines:
        r, _ = enter(r, line)
    return r


def _at_play() -> Recording:
    return _typed(Recording.start(STRAIGHT), "30", "p", "p", "p", "sixes")


def _lines(r: Recording) -> list[str]:
    return r.text.rstrip("\n").split("\n")


def test_a_glyph_and_a_comment_go_on_the_last_play_and_read_back() -> None:
    r = _typed(_at_play(), "66", "61", "65")
    r, said = enter(r, "?")
    assert said == "? (mistake) on W 6-5"
    r, said = enter(r, "; should have kept the 6-5")
    assert said == "comment on W 6-5 written"
    assert _lines(r)[-1] == "1 E 6-6 6-1 6-5? { should have kept the 6-5 }"
    play = loads(r.text)[0].hands[0].tricks[0].plays[2]
    assert play.glyph is Glyph.MISTAKE
    assert [n.what for n in r.notes] == ["W 6-5"]


def test_a_glyph_set_twice_is_replaced_and_a_second_comment_is_added() -> None:
    r = _typed(_at_play(), "66", "!", "!!", "; one", "; two")
    assert _lines(r)[-1] == "1 E 6-6!! { one } { two }"
    note = r.notes[-1]
    assert (note.glyph, note.comments) == (Glyph.BRILLIANT, ("one", "two"))


@pytest.mark.parametrize(("typed", "line"), [
    ("30", "bid E 30?!"),
    ("sixes", "trump E sixes?!"),
])
def test_a_note_goes_on_a_bid_or_the_trump_call_too(typed: str, line: str) -> None:
    r = _typed(Recording.start(STRAIGHT), "p" if typed == "sixes" else typed)
    if typed == "sixes":
        r = _typed(Recording.start(STRAIGHT), "30", "p", "p", "p", "sixes")
    r = _typed(r, "?!")
    assert line in _lines(r)


def test_the_last_play_of_a_hand_takes_a_note_after_its_score_lines() -> None:
    r = _typed(_at_play(), "66", "61", "65", "64", "end made", "30 12", "1 0", "1 0")
    assert r.hand_over
    r = _typed(r, "??")
    assert "1 E 6-6 6-1 6-5 6-4??" in _lines(r)


def test_undo_takes_back_the_notes_one_by_one_then_the_play() -> None:
    before = _typed(_at_play(), "66")
    r = _typed(before, "?", "; a comment")
    r = _typed(r, "u")
    assert _lines(r)[-1] == "1 E 6-6?"
    r = _typed(r, "u")
    assert r.text == before.text
    r = _typed(r, "u")
    assert "1 E" not in r.text


def test_a_note_then_a_play_then_undo_takes_back_the_play_only() -> None:
    r = _typed(_at_play(), "66", "?", "61", "u")
    assert _lines(r)[-1] == "1 E 6-6?"


@pytest.mark.parametrize(("typed", "why"), [
    ("; a } b", "cannot hold a }"),
    (";", "the comment is empty"),
    ("; \u200b\ufeff\u202e", "the comment is empty"),
])
def test_a_comment_that_would_break_the_notation_is_refused(typed: str, why: str) -> None:
    r = _typed(_at_play(), "66")
    with pytest.raises(EntryError, match=why):
        enter(r, typed)


def test_a_comment_too_long_for_a_line_is_refused_in_words() -> None:
    r = _typed(_at_play(), "66")
    with pytest.raises(RecordingError, match="characters long"):
        r.annotate("x" * 10_050)


def test_nothing_to_note_before_the_first_bid() -> None:
    with pytest.raises(EntryError, match="no bid, trump or play to put a note on yet"):
        enter(Recording.start(STRAIGHT), "?")


def test_what_a_phone_keyboard_adds_is_taken_out_of_a_comment() -> None:
    r = _typed(_at_play(), "66", "; \ufeffled\u200b from\u202e weak\u00adness\u200f")
    assert _lines(r)[-1] == "1 E 6-6 { led from weakness }"
    assert plain_text("a\u2028b\tc") == "a b c"


def test_a_comment_with_markup_is_kept_as_text() -> None:
    r = _typed(_at_play(), "66", "; <script>alert(1)</script> {")
    read_back = Recording.resume(loads(r.text)[0])
    assert read_back.notes[-1].comments == ("<script>alert(1)</script> {",)


def test_a_comment_stays_on_its_play_once_the_recorder_is_restarted() -> None:
    # The file read back puts a comment at the end of a trick's line on the line; the next
    # play must not take it over.
    r = _typed(_at_play(), "66", "61", "; trumps out")
    _, resumed = resume_file(r.text)
    assert resumed is not None
    resumed = _typed(resumed, "65", "?")
    assert _lines(resumed)[-1] == "1 E 6-6 6-1 { trumps out } 6-5?"
    r = _typed(Recording.start(STRAIGHT), "30", "; bold")
    _, resumed = resume_file(r.text)
    assert resumed is not None
    assert _lines(_typed(resumed, "p"))[-1] == "bid E 30 { bold } S pass"
    assert _lines(_typed(resumed, "; and then some"))[-1] == (
        "bid E 30 { bold } { and then some }")


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=80))
def test_any_comment_is_refused_in_words_or_read_back_as_written(typed: str) -> None:
    r = _typed(_at_play(), "66", "61")
    if not plain_text(typed) or "}" in plain_text(typed):
        with pytest.raises(RecordingError, match=r"the comment is empty|cannot hold a \}"):
            r.annotate(typed)
        return
    after = r.annotate(typed)
    read_back = Recording.resume(loads(after.text)[0])
    assert read_back.notes[-1].comments == (plain_text(typed),)
    assert read_back.notes[-1].what == "S 6-1"


def test_a_note_after_a_laydown_is_judged_leaves_its_verdict_standing() -> None:
    """A note changes nothing the solver judged: the lay-down is not checked again."""
    from notation.check.claims import judge_laydown

    r = Recording.start(STRAIGHT).in_background()
    r = _typed(r, "deal N 62 52 44 42 30 21 10", "deal E 65 64 54 31 22 11 00",
               "deal S 61 60 51 50 41 40 20", "deal W 66 63 55 53 43 33 32",
               "30", "p", "2m", "p", "threes", "33", "30", "31", "20", "end laydown W")
    (report,) = r.pending_laydowns()
    r = r.with_verdict(report.hand, judge_laydown(report.hand, report, r.rules))
    said = r.laydown_claim()
    assert said is not None
    assert said.startswith("W's lay-down holds")
    r = _typed(r, "!", "; all trumps")
    assert r.pending_laydowns() == ()
    assert r.laydown_claim() == said
