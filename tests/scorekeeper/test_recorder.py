"""``t42 record``: a whole game typed into the installed command in a pseudo-terminal, the
file checked byte for byte after every entry and at the end, then read by ``t42 validate``.

The screen is read through a terminal emulator (pyte), as a person would see it.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from typer.testing import CliRunner

import notation
from notation.recording import Awaiting, Recording
from notation.recording.entries import enter
from replay.tui import key_bar
from scorekeeper.recorder import KEYS
from scorekeeper.screen import QUESTIONS, answer, screen, start
from t42.commands import app as cli

sys.path.insert(0, str(Path(__file__).parent.parent / "replay"))
from pty_terminal import Terminal as _Terminal

ENTER = "\r"
T42 = str(Path(sys.executable).parent / "t42")

SETUP = ["Club night", "", "2026.11.25", "Ruth", "Hal", "Doreen", "Buck", "texas",
         "marks-to-win=3", ""]

# Each entry as typed: a tile is two keys and no Enter; anything else ends with Enter.
HAND_1 = [
    "deal N 65 54 52 50 40 32 21", "deal E 63 55 44 33 22 20 00",
    "deal S 66 64 62 60 43 41 11", "deal W 61 53 51 42 31 30 10",
    "p", "30", "p", "p", "6",
    "66", "61", "65", "63",
    "64", "10", "32", "2-0",
    "62", "53", "u", "51", "50", "00",  # a wrong tile typed, and undone
    "60", "30", "21", "55",
    "11", "31", "40", "22",
    "43", "42", "54", "44",
    "33", "41", "5 3", "52",
    "", "2 0", "",  # the table writes NS 2 marks: kept, and flagged
]
HAND_2 = [
    "30", "31", "p", "p", "treys",
    "63", "32", "31", "43",
    "53", "54", "33", "10",
    "55", "65", "51", "50",
    "42", "21", "44", "64",
    "end made", "", "", "",
]
HAND_3 = [
    "29", "30", "p", "p", "fives",  # West's 29 is refused, and recorded as made
    "66", "61", "20", "64",  # South does not follow sixes ...
    "44", "41", "62", "42",  # ... and shows a six: a renege, proven
    "55", "50", "51", "52",
    "end made", "", "", "",
]
HAND_4 = [
    "p", "p", "1m", "p", "nello",  # South's Nello: North sits out
    "66", "50", "40",
    "end set", "", "", "",
]
ENTRIES = HAND_1 + HAND_2 + HAND_3 + HAND_4

EXPECTED = """\
[Event "Club night"]
[Site "?"]
[Date "2026.11.25"]
[North "Ruth"]
[East "Hal"]
[South "Doreen"]
[West "Buck"]
[Rules "texas"]
[Options "marks-to-win=3"]

hand 1 dealer N
deal N 6-5 5-4 5-2 5-0 4-0 3-2 2-1
     E 6-3 5-5 4-4 3-3 2-2 2-0 0-0
     S 6-6 6-4 6-2 6-0 4-3 4-1 1-1
     W 6-1 5-3 5-1 4-2 3-1 3-0 1-0
bid E pass S 30 W pass N pass
trump S sixes
1 S 6-6 6-1 6-5 6-3
2 S 6-4 1-0 3-2 2-0
3 S 6-2 5-1 5-0 0-0
4 S 6-0 3-0 2-1 5-5
5 S 1-1 3-1 4-0 2-2
6 S 4-3 4-2 5-4 4-4
7 E 3-3 4-1 5-3 5-2
points NS 35 EW 7
marks NS 2 EW 0
total NS 1 EW 0

hand 2 dealer E
bid S 30 W 31 N pass E pass
trump W treys
1 W 6-3 3-2 3-1 4-3
2 W 5-3 5-4 3-3 1-0
3 E 5-5 6-5 5-1 5-0
4 E 4-2 2-1 4-4 6-4
end made
points NS 0 EW 34
marks NS 0 EW 1
total NS 1 EW 1

hand 3 dealer S
bid W 29 N 30 E pass S pass
trump N fives
1 N 6-6 6-1 2-0 6-4
2 N 4-4 4-1 6-2 4-2
3 N 5-5 5-0 5-1 5-2
end made
points NS 33 EW 0
marks NS 0 EW 1
total NS 1 EW 2

hand 4 dealer W
bid N pass E pass S 1m W pass
trump S nello doubles-own-suit
1 S 6-6 5-0 4-0
end set
points NS 6 EW 0
marks NS 0 EW 1
total NS 1 EW 3
"""


def _states() -> Iterator[Recording]:
    """The record after each entry, as the recorder's own rules make it (no terminal)."""
    answers: dict[str, str] = {}
    for question, typed in zip(QUESTIONS, SETUP, strict=True):
        answers[question.tag] = answer(question, typed, answers)
    r = start(answers)
    yield r
    for typed in ENTRIES:
        r, _ = enter(r, typed)
        yield r


@contextmanager
def _recorder(path: Path) -> Iterator[_Terminal]:
    term = _Terminal([T42, "record", path.name], path.parent)
    try:
        yield term
    finally:
        term.close()


def _typed(typed: str, before: Recording) -> str:
    """The keys for an entry: a tile in play goes in as typed, anything else ends with Enter."""
    tile = before.awaiting is Awaiting.PLAY and re.fullmatch(r"\d[- ]?\d", typed)
    return typed if tile else typed + ENTER


def _file(path: Path) -> str:
    return path.read_text(encoding="utf-8") if path.exists() else ""


def _answer_setup(term: _Terminal) -> None:
    term.wait_for("Event? (Enter if not known)")
    for typed in SETUP:
        term.send(typed + ENTER)


def test_the_states_the_keys_make_are_the_expected_record() -> None:
    *_, last = _states()
    assert last.text == EXPECTED
    assert last.winner is notation.Team.EW


def test_a_whole_game_recorded_in_a_terminal(tmp_path: Path) -> None:
    path = tmp_path / "club.t42"
    states = list(_states())
    with _recorder(path) as term:
        _answer_setup(term)
        term.wait_until(lambda: _file(path) == states[0].text, "the tags in the file")
        for typed, before, state in zip(ENTRIES, states[:-1], states[1:], strict=True):
            term.send(_typed(typed, before))
            # every entry is in the file at once, as canonical notation
            term.wait_until(lambda state=state: _file(path) == state.text, f"entry {typed!r}")
            if typed == "20" and state.hand is not None and state.hand.number == 3:
                shown = term.text()
                assert "error renege: S reneged in trick 1" not in shown  # not provable yet
            if typed == "62" and state.hand is not None and state.hand.number == 3:
                term.wait_for("error renege: S reneged in trick 1: played 2-0 on a")
            if typed == "29":
                term.wait_for("W bids 29 (flagged: 29 is below the minimum bid of 30)")
        term.wait_for("EW win the game")
        shown = term.wait_for("Game over after hand 4")
        # the marks as strokes of ALL: one stroke for NS, the whole A for EW
        top, bottom = (row for row in shown.split("\n") if "NS  1" in row or "/--\\" in row)
        assert top.split() == ["NS", "1", "/", "EW", "3", "/\\"]
        assert bottom.split() == ["/", "/--\\"]
        term.send("\x11")  # Ctrl+Q
        assert term.wait_exit() == 0
    assert path.read_text(encoding="utf-8") == EXPECTED
    result = CliRunner().invoke(cli, ["validate", str(path)])
    assert result.exit_code == 1
    codes = re.findall(r"^\S+: (?:error|warning): .* \[([a-z-]+)\]", result.stdout, re.MULTILINE)
    assert codes == ["misscored-marks", "bid-below-minimum", "renege"], result.stdout
    assert "1 game, 4 hands: 3 errors, 0 warnings" in result.stdout


def _type_entries(
    term: _Terminal, path: Path, states: list[Recording], start: int, stop: int
) -> None:
    for k in range(start, stop):
        term.send(_typed(ENTRIES[k], states[k]))
        state = states[k + 1]
        term.wait_until(lambda state=state: _file(path) == state.text, f"entry {ENTRIES[k]!r}")


def test_a_recorder_killed_mid_hand_keeps_every_entry_and_resumes(tmp_path: Path) -> None:
    path = tmp_path / "club.t42"
    states = list(_states())
    stop = len(HAND_1) + 12  # in trick 2 of hand 2
    with _recorder(path) as term:
        _answer_setup(term)
        term.wait_until(lambda: _file(path) == states[0].text, "the tags in the file")
        _type_entries(term, path, states, 0, stop)
        term.send("4")  # half a tile: the entry being typed when the plug is pulled
        term.kill()
    text = path.read_text(encoding="utf-8")
    assert text == states[stop].text  # every entry before the last, byte for byte
    hand = states[stop].hand
    assert hand is not None
    assert len(hand.tricks) == 2  # mid-hand
    assert notation.loads(text)[0] == states[stop].game
    assert CliRunner().invoke(cli, ["validate", str(path)]).exit_code == 1  # it reads
    with _recorder(path) as term:
        term.wait_for("resumed where the record stops")
        term.wait_for("to play to trick 2")
        _type_entries(term, path, states, stop, len(ENTRIES))
        term.wait_for("EW win the game")
        term.send("\x11")
        assert term.wait_exit() == 0
    assert path.read_text(encoding="utf-8") == EXPECTED


def test_the_screen_fits_80_by_24() -> None:
    for state in _states():
        shown = screen(state, "said", "club.t42", 78).plain.rstrip("\n").split("\n")
        assert len(shown) <= 24 - 3  # the entry line, its margin and the key bar
        assert all(len(line) <= 78 for line in shown)


def test_the_guide_shows_the_recorder_as_it_draws_itself() -> None:
    guide = Path(__file__).resolve().parents[2] / "docs" / "guides" / "scorekeeping.md"
    section = guide.read_text(encoding="utf-8").split("\n## The screen\n")[1].split("\n```\n")[1]
    states = list(_states())
    at = len(HAND_1) + len(HAND_2) + 12  # South's 6-2 in hand 3, which proves the renege
    _, said = enter(states[at - 1], ENTRIES[at - 1])
    drawn = screen(states[at], said, "club.t42", 78).plain.rstrip("\n").split("\n")
    shown = [line[1:].rstrip() for line in section.split("\n")[: len(drawn)]]
    assert shown == [line.rstrip() for line in drawn]
    assert "64 tile" in section  # and the key bar


@pytest.mark.parametrize(("typed", "written"), [("42", "1m"), ("84", "2m")])
def test_a_bid_typed_in_points_is_written_in_marks(typed: str, written: str) -> None:
    """docs/rules.md, Bidding: 42 is 1 mark and 84 is 2: legal, and written canonically."""
    r = Recording.start({"Rules": "straight"})
    r, said = enter(r, "30")
    r, said = enter(r, typed)
    assert said == f"S bids {written}"
    assert f"bid E 30 S {written}" in r.text


def test_a_plunge_bid_in_the_auction_is_recorded_and_its_partner_names_trump() -> None:
    """docs/rules.md, The other 42 programs: a bid that announces its contract (4m-plunge)
    is a legal jump, the partner names trump, and the declarer leads."""
    r = Recording.start({"Rules": "texas"})
    for typed in ("30", "p", "4m-plunge", "p"):
        r, said = enter(r, typed)
    assert said == "N passes"
    assert "bid E 30 S pass W 4m-plunge N pass" in r.text
    assert r.findings == ()
    r, said = enter(r, "sixes")
    assert said == "E names sixes"
    assert r.turn is r.declarer
    assert r.findings == ()


def test_a_nello_bid_out_of_an_open_auction_is_flagged_where_only_the_forced_dealer_may() -> None:
    """docs/rules.md, Contracts, Nello; nello option (004): Nello only for the forced dealer."""
    r = Recording.start({"Rules": "texas", "Options": "nello=forced"})
    for typed in ("p", "p", "p", "1m-nello", "nello"):
        r, _ = enter(r, typed)
    assert r.findings == ()
    assert r.sitting_out is not None
    r = Recording.start({"Rules": "texas", "Options": "nello=forced"})
    for typed in ("1m", "p", "p", "p"):
        r, _ = enter(r, typed)
    r, said = enter(r, "nello")
    assert said.endswith("(flagged: contract-not-allowed)")


# -- a lay-down is judged in the background: the recorder never waits for it --

# W holds every trump and both other winners: the lay-down holds (the gate, not the solver,
# makes its check slow here).
LAYDOWN_SETUP = ["", "", "2026.11.26", "", "", "", "", "straight", "", "N"]
LAYDOWN_ENTRIES = [
    "deal N 62 52 44 42 30 21 10", "deal E 65 64 54 31 22 11 00",
    "deal S 61 60 51 50 41 40 20", "deal W 66 63 55 53 43 33 32",
    "30", "p", "2m", "p", "threes",
    "33", "30", "31", "20",
    "63", "10", "00", "40",
    "53", "21", "11", "41",
    "43", "42", "22", "50",
    "end laydown W", "", "", "",
    "p", "p", "30",  # hand 2 goes on while the lay-down is still being checked
]

# The recorder run through the library with a judge of lay-downs that waits for a gate: the
# slowest check there can be, until the test opens the gate.
GATED_RECORDER = """
import sys, time
from pathlib import Path
from notation.check.claims import judge_laydown
from scorekeeper.recorder import run

path, gate = Path(sys.argv[1]), Path(sys.argv[2])

def gated(hand, report, rules):
    while not gate.exists():
        time.sleep(0.05)
    return judge_laydown(hand, report, rules)

run(path, judge=gated)
"""


def _laydown_states() -> list[Recording]:
    answers: dict[str, str] = {}
    for question, typed in zip(QUESTIONS, LAYDOWN_SETUP, strict=True):
        answers[question.tag] = answer(question, typed, answers)
    states = [start(answers).in_background()]  # the lay-down is not judged here
    for typed in LAYDOWN_ENTRIES:
        states.append(enter(states[-1], typed)[0])
    return states


def test_entries_go_on_and_reach_the_file_while_a_laydown_is_checked(tmp_path: Path) -> None:
    path, gate = tmp_path / "club.t42", tmp_path / "gate"
    states = _laydown_states()
    term = _Terminal([sys.executable, "-c", GATED_RECORDER, str(path), str(gate)], tmp_path)
    try:
        term.wait_for("Event? (Enter if not known)")
        for typed in LAYDOWN_SETUP:
            term.send(typed + ENTER)
        term.wait_until(lambda: _file(path) == states[0].text, "the tags in the file")
        for typed, before, state in zip(LAYDOWN_ENTRIES, states[:-1], states[1:], strict=True):
            term.send(_typed(typed, before))
            term.wait_until(lambda state=state: _file(path) == state.text, f"entry {typed!r}")
            if typed == "end laydown W":
                term.wait_for("W's lay-down is being checked")
        assert not gate.exists()  # every entry reached the file while the check went on
        term.wait_for("E to bid")
        gate.touch()
        term.wait_for("hand 1: W's lay-down holds", timeout=120)
        term.send("\x11")
        assert term.wait_exit() == 0
    finally:
        term.close()
    assert path.read_text(encoding="utf-8") == states[-1].text


# -- what the screen shows (issue 26.8) --


def _shown(state: Recording, said: str = "") -> str:
    return screen(state, said, "club.t42", 78).plain


def test_the_questions_show_each_answer_on_its_own_line_and_ask_plainly() -> None:
    from scorekeeper.screen import question_screen

    answers = {"Event": "Club night", "Site": "?", "Date": "2026.11.25"}
    shown = question_screen(answers, "", "club.t42").plain
    assert "Event: Club night\nSite: ?\nDate: 2026.11.25\n" in shown
    assert "\\x0a" not in shown
    assert "[?]" not in shown
    assert shown.rstrip().endswith("North player's name? (Enter if not known)")
    assert question_screen({}, "", "club.t42").plain.rstrip().endswith(
        "Event? (Enter if not known)"
    )


def test_findings_of_earlier_hands_leave_the_screen() -> None:
    states = list(_states())
    at = len(HAND_1) + len(HAND_2) + len(HAND_3) + 2  # two bids into hand 4
    assert any(f.code == "renege" for f in states[at].findings)  # hand 3's, in the record
    assert "renege" not in _shown(states[at])


def test_a_new_hand_is_shown_as_itself_and_findings_say_their_hand() -> None:
    """Issue 35.8: once hand 3's total is written the screen heads with hand 4 (its dealer,
    nothing bid yet), never hand 3's bids; a finding on the screen says its hand."""
    states = list(_states())
    at = len(HAND_1) + len(HAND_2) + len(HAND_3)  # hand 3's total written, nothing else
    shown = _shown(states[at])
    assert "Hand 4 · W deals" in shown
    assert "Hand 3" not in shown
    assert "bids W 29" not in shown
    assert "reneged" not in shown  # hand 3's renege is not hand 4's
    in_hand_3 = _shown(states[at - 4])  # trick 3 done, the hand about to end
    assert "hand 3, trick 1, seat S · error renege: S reneged in trick 1" in in_hand_3
    assert "hand 3, seat W · error bid-below-minimum" in in_hand_3


def test_the_renege_is_said_once_and_whole() -> None:
    states = list(_states())
    at = len(HAND_1) + len(HAND_2) + 12  # South's 6-2, which proves the renege
    _, said = enter(states[at - 1], ENTRIES[at - 1])
    shown = _shown(states[at], said)
    finding = next(f for f in states[at].findings if f.code == "renege")
    assert shown.count("reneged in trick 1") == 1
    assert " ".join(finding.message.split()) in " ".join(shown.split())


def test_the_screen_shows_the_deal_still_held_and_the_points_so_far() -> None:
    states = list(_states())
    dealt = _shown(states[4])  # the four deal lines are in
    assert "N 6-5 5-4 5-2 5-0 4-0 3-2 2-1" in dealt
    assert "W 6-1 5-3 5-1 4-2 3-1 3-0 1-0" in dealt
    after_two = _shown(states[9 + 8])  # two tricks taken in hand 1
    assert "N 5-4 5-2 5-0 4-0 2-1" in after_two  # 6-5 and 3-2 played
    from notation.rules.tricks import tally

    report = states[9 + 8].hand_report
    assert report is not None
    points, _ = tally(report.tricks)
    total = points[notation.Team.NS] + points[notation.Team.EW]
    assert f"NS {points[notation.Team.NS]} of {total} so far" in after_two, after_two


def test_a_number_past_any_size_typed_at_the_table_is_asked_again() -> None:
    """A score or a trick number of thousands of digits is an entry refused in words."""
    from notation.recording.entries import EntryError

    states = list(_states())
    at_points = states[len(HAND_1) - 3]  # hand 1's tricks played: its points are asked
    assert at_points.awaiting is Awaiting.SCORE
    for typed in ("9" * 5000 + " 7", "35 " + "9" * 30, "\u00b2 7"):
        with pytest.raises(EntryError):
            enter(at_points, typed)
    for typed in ("edit " + "9" * 5000 + " 64 54 33 10", "edit \u00b2 64 54 33 10"):
        with pytest.raises(EntryError):
            enter(at_points, typed)


def test_an_entry_refused_at_the_table_is_one_of_t42s_own_errors() -> None:
    """A caller catching T42Error (the CLI, the club) catches a refused entry too, whichever
    kind of entry it was."""
    from notation.errors import T42Error

    states = list(_states())
    at_points = states[len(HAND_1) - 3]
    for typed in ("35", "edit 9 64", "zz"):
        with pytest.raises(T42Error):
            enter(at_points, typed)


def test_the_prompt_names_the_bids_that_announce_their_contract() -> None:
    """docs/rules.md, The other 42 programs: where the table plays Nello, Splash and Plunge,
    the recorder's prompt says they may be bid announced, each from the least bid the
    table's options give it (nello-min=2m here), as the phones' buttons offer them."""
    from scorekeeper.screen import prompt

    r = Recording.start({"Rules": "texas", "Options": "nello-min=2m"})
    assert prompt(r) == "E to bid: p(ass) or 30+; announced: 2m-nello 2m-splash 4m-plunge"
    r, _ = enter(r, "2m")
    assert prompt(r).endswith("announced: 3m-nello 3m-splash 4m-plunge")
    straight = Recording.start({"Rules": "straight"})
    assert prompt(straight) == "E to bid: p(ass) or 30+"


# -- a note on the last entry, typed at the prompt --


def test_a_glyph_and_a_comment_typed_go_on_the_last_play_in_the_file(tmp_path: Path) -> None:
    """Issue 38: ``?`` (the line shows the glyphs it may be) and ``; text`` put a glyph and
    a comment on the last play; the file holds them at once, as every entry; Ctrl+Z takes
    the comment back; the key bar shows the keys."""
    path = tmp_path / "club.t42"
    with _recorder(path) as term:
        _answer_setup(term)
        term.wait_for("E to bid")
        shown = term.wait_for("? ! glyph")
        assert "; comment" in shown
        assert len(key_bar(KEYS).plain) <= 80  # one line of an 80-column terminal
        for typed in ("30", "p", "p", "p", "6"):
            term.send(typed + ENTER)
        term.wait_for("E to play to trick 1")
        term.send("666165")
        term.wait_for("N to play to trick 1")
        term.send("?")
        term.wait_for("? mistake  ?? blunder  ?! dubious · Enter: on W 6-5")
        term.send(ENTER)
        term.wait_for("1 E  6-6 6-1 6-5?")
        term.wait_until(lambda: _file(path).endswith("1 E 6-6 6-1 6-5?\n"), "the glyph")
        term.send(";")
        term.wait_for("a comment on W 6-5: type it, then Enter")
        term.send(" should have <b>led</b> trumps" + ENTER)
        term.wait_for("comment on W 6-5 written")
        term.wait_until(
            lambda: _file(path).endswith("1 E 6-6 6-1 6-5? { should have <b>led</b> trumps }\n"),
            "the comment")
        term.send("\x1a")  # Ctrl+Z
        term.wait_until(lambda: _file(path).endswith("1 E 6-6 6-1 6-5?\n"), "the comment undone")
        term.send(";" + ENTER)
        term.wait_for("the comment is empty")
        term.send("\x11")
        assert term.wait_exit() == 0
    game = notation.loads(_file(path))[0]
    assert game.hands[0].tricks[0].plays[2].glyph is notation.Glyph.MISTAKE
