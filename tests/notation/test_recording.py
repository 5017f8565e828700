"""Recording a game entry by entry: the state answers from the engine, reads back, undoes."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any, BinaryIO, cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

import notation
from notation.files import FileBusy
from notation.formats.text.reader import read_games
from notation.model.bids import Bid
from notation.model.contracts import Special, Trump
from notation.model.game import EndKind, Game, ScoreKind
from notation.model.rule_sets import rule_set
from notation.model.seats import Seat, Team
from notation.model.tiles import Tile
from notation.recording import Awaiting, RecordFile, Recording, RecordingError, resume_file
from t42.commands import app


def _entries(game: Game) -> Iterator[tuple[str, object]]:
    """Every entry of ``game`` in the order a scorekeeper makes them."""
    for hand in game.hands:
        for holding in hand.deal:
            yield "deal", holding
        for call in hand.auction.calls if hand.auction else ():
            yield "call", call.bid
        if hand.trump is not None:
            yield "trump", hand.trump.trump
        for trick in hand.tricks:
            for tile in trick.tiles:
                yield "play", tile
        if hand.ending is not None:
            yield "end", hand.ending
        for line in hand.scores:
            yield "score", line


def _enter(r: Recording, kind: str, entry: object) -> Recording:
    if kind == "deal":
        return r.deal(entry.seat, entry.tiles)  # type: ignore[attr-defined]
    if kind == "call":
        assert isinstance(entry, Bid)
        assert r.awaiting is Awaiting.BID
        return r.call(entry)
    if kind == "trump":
        assert isinstance(entry, Trump)
        return r.name_trump(entry)
    if kind == "play":
        assert isinstance(entry, Tile)
        assert r.awaiting is Awaiting.PLAY
        assert entry in r.tiles_out
        return r.play(entry)
    if kind == "end":
        return r.end(entry.kind, entry.seat)  # type: ignore[attr-defined]
    assert r.awaiting is Awaiting.SCORE
    line = entry
    computed = r.computed(line.kind)  # type: ignore[attr-defined]
    assert computed == line  # a legal game is scored as the engine scores it
    return r.accept()


def _start(game: Game) -> Recording:
    tags = {t.name: t.value for t in game.tags}
    return Recording.start(tags, dealer=game.hands[0].dealer)


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(["straight", "texas", "points"]))
def test_a_random_game_entered_entry_by_entry_is_the_same_game(seed: int, rules: str) -> None:
    game = notation.random_game(random.Random(seed), rule_set(rules))
    r = _start(game)
    for kind, entry in _entries(game):
        before = r
        r = _enter(r, kind, entry)
        assert r.undo() == before  # undo undoes exactly the last entry
        # the file is valid notation after every entry, an unfinished hand included
        assert notation.loads(r.text)[0] == r.game
    assert r.game == game
    assert r.text == notation.dumps(game)
    assert r.awaiting is Awaiting.OVER
    assert r.winner is not None
    assert r.findings == ()


def _game(text: str) -> Recording:
    return Recording.resume(next(read_games(text)).game)


HEAD = '[Rules "straight"]\n\n'


def test_the_bidder_and_the_legal_bids_follow_the_auction() -> None:
    r = Recording.start({"Rules": "straight"}, dealer=Seat.W)
    assert r.bidder is Seat.N
    assert r.dealer is Seat.W
    r = r.call(Bid.parse("31"))
    assert r.bidder is Seat.E
    assert Bid.parse("30") not in r.legal_bids
    assert Bid.parse("32") in r.legal_bids
    assert r.bid_problem(Bid.parse("30")) == "30 does not beat the standing bid of 31"
    r = r.call(Bid.parse("30"))  # recorded as made at the table, and found
    assert [f.code for f in r.findings] == ["bid-not-above"]
    r = r.call(Bid.pass_()).call(Bid.pass_())
    assert r.awaiting is Awaiting.TRUMP
    assert r.trump_caller is Seat.E


def test_the_dealer_facing_three_passes_must_bid() -> None:
    r = Recording.start({}, dealer=Seat.N)
    for _ in range(3):
        r = r.call(Bid.pass_())
    assert r.bidder is Seat.N
    assert Bid.pass_() not in r.legal_bids
    assert r.bid_problem(Bid.pass_()) == "the dealer (N) must bid: all the others passed"


def test_a_renege_is_found_the_moment_the_deal_proves_it() -> None:
    r = _game(
        HEAD + "hand 1 dealer N\n"
        "deal N 6-5 5-4 5-2 5-0 4-0 3-2 2-1\n     E 6-3 5-5 4-4 3-3 2-2 2-0 0-0\n"
        "     S 6-6 6-4 6-2 6-0 4-3 4-1 1-1\n     W 6-1 5-3 5-1 4-2 3-1 3-0 1-0\n"
        "bid E pass S 30 W pass N pass\ntrump S sixes\n1 S 6-6\n"
    )
    assert r.turn is Seat.W
    assert r.trick_number == 1
    r = r.play(Tile(5, 3))  # West held the 6-1
    assert [(f.code, f.seat) for f in r.findings] == [("renege", Seat.W)]
    assert r.turn is Seat.N  # the recording goes on: the table decides


def test_the_next_leader_is_the_winner_and_played_tiles_are_refused() -> None:
    r = _game(HEAD + "hand 1 dealer N\nbid E pass S 30 W pass N pass\ntrump S sixes\n"
              "1 S 6-6 6-1 6-5 6-3\n")
    assert r.trick_number == 2
    assert r.leader is Seat.S
    assert r.turn is Seat.S
    assert Tile(6, 6) not in r.tiles_out
    assert len(r.tiles_out) == 24
    with pytest.raises(RecordingError, match="already been played"):
        r.play(Tile(6, 5))


def test_a_bid_made_early_may_end_and_is_scored_as_it_stands() -> None:
    r = _game(HEAD + "hand 1 dealer E\nbid S 30 W 31 N pass E pass\ntrump W treys\n"
              "1 W 6-3 3-2 3-1 4-3\n2 W 5-3 5-4 3-3 1-0\n3 E 5-5 6-5 5-1 5-0\n"
              "4 E 4-2 2-1 4-4 6-4\n")
    assert r.can_end is EndKind.MADE
    r = r.end(EndKind.MADE)
    assert r.awaiting is Awaiting.SCORE
    assert r.score_kind is ScoreKind.POINTS
    r = r.accept()
    assert r.computed(ScoreKind.MARKS) == notation.ScoreLine(ScoreKind.MARKS, 0, 1)
    r = r.score(ScoreKind.MARKS, 2, 0)  # the table wrote another score: kept, and found
    assert r.misscored(r.game.hands[-1].scores[-1])
    assert [f.code for f in r.findings] == ["misscored-marks"]
    r = r.accept()
    assert r.text.endswith("end made\npoints NS 0 EW 34\nmarks NS 2 EW 0\ntotal NS 0 EW 1\n")
    assert r.awaiting is Awaiting.BID
    assert r.dealer is Seat.S


def test_a_nello_partner_sits_out_and_a_plunge_is_named_by_the_partner() -> None:
    r = Recording.start({"Rules": "texas"}, dealer=Seat.N)
    assert Special.NELLO in r.specials_allowed
    for bid in ("pass", "pass", "pass", "1m"):
        r = r.call(Bid.parse(bid))
    r = r.name_trump(Trump.parse("", special="nello"))
    assert r.sitting_out is Seat.S
    assert r.leader is Seat.N
    r = r.play(Tile(4, 3)).play(Tile(5, 3))
    assert r.turn is Seat.W
    plunge = Recording.start({"Rules": "texas"}, dealer=Seat.N).call(Bid.marks(4))
    plunge = plunge.call(Bid.pass_()).call(Bid.pass_()).call(Bid.pass_())
    plunge = plunge.name_trump(Trump.parse("5", special="plunge"))
    assert plunge.game.hands[0].trump is not None
    assert plunge.game.hands[0].trump.seat is Seat.W


def test_undo_goes_back_over_hands_and_refuses_an_empty_record() -> None:
    r = Recording.start({}, dealer=Seat.N)
    with pytest.raises(RecordingError):
        r.undo()
    r1 = r.call(Bid.pass_())
    assert r1.undo() == r
    assert r1.undo().game.hands == ()


def test_a_past_trick_can_be_written_again() -> None:
    r = _game(HEAD + "hand 1 dealer N\nbid E pass S 30 W pass N pass\ntrump S sixes\n"
              "1 S 6-6 6-1 6-5 6-3\n2 S 6-4\n")
    r = r.edit_trick(1, [Tile(6, 6), Tile(6, 1), Tile(6, 5), Tile(6, 2)])
    assert replace(r.game.hands[0].tricks[0], plays=()).leader is Seat.S
    assert "1 S 6-6 6-1 6-5 6-2\n2 S 6-4\n" in r.text


# -- the file --

RECORDER = """
import random, sys, time
from pathlib import Path
import notation
from notation.recording import RecordFile
from notation.model.rule_sets import rule_set
sys.path.insert(0, {tests!r})
from test_recording import _entries, _enter, _start

game = notation.random_game(random.Random({seed}), rule_set("texas"))
r = _start(game)
out = RecordFile(Path({path!r}))
for n, (kind, entry) in enumerate(_entries(game), start=1):
    r = _enter(r, kind, entry)
    out.write(r)
    print(n, flush=True)
    if n == {stop}:
        time.sleep(60)  # the next entry is being typed when the plug is pulled
"""


def _recorded(game: Game, entries: int) -> Recording:
    r = _start(game)
    for kind, entry in list(_entries(game))[:entries]:
        r = _enter(r, kind, entry)
    return r


@pytest.mark.parametrize("stop", [3, 17, 60])
def test_a_recorder_killed_mid_hand_leaves_every_entry_and_resumes(
    tmp_path: Path, stop: int
) -> None:
    path = tmp_path / "game.t42"
    script = RECORDER.format(tests=str(Path(__file__).parent), seed=7, path=str(path), stop=stop)
    with subprocess.Popen(
        [sys.executable, "-c", script], stdout=subprocess.PIPE, text=True
    ) as recorder:
        assert recorder.stdout is not None
        for line in recorder.stdout:
            if int(line) == stop:
                break
        recorder.send_signal(signal.SIGKILL)
        recorder.wait(timeout=30)
    game = notation.random_game(random.Random(7), rule_set("texas"))
    expected = _recorded(game, stop)
    assert expected.awaiting in (Awaiting.BID, Awaiting.PLAY)  # mid-hand
    text = path.read_text(encoding="utf-8")
    assert text == expected.text  # every entry made, byte for byte
    assert notation.loads(text)[0] == expected.game  # and valid notation
    before, resumed = resume_file(text)
    assert before == ""
    assert resumed is not None
    assert resumed.game == expected.game
    # recording goes on from there, into the same file
    out = RecordFile(path)
    r = resumed
    for kind, entry in list(_entries(game))[stop:]:
        r = _enter(r, kind, entry)
        out.write(r)
    out.close()
    assert path.read_text(encoding="utf-8") == notation.dumps(game)


def test_an_undo_cuts_the_file_back(tmp_path: Path) -> None:
    path = tmp_path / "game.t42"
    game = notation.random_game(random.Random(3), rule_set("straight"))
    out = RecordFile(path)
    r = _recorded(game, 12)
    out.write(r)
    out.write(r.undo())
    assert path.read_text(encoding="utf-8") == r.undo().text


def test_a_finished_game_is_followed_by_a_new_one_and_earlier_games_stay_as_written() -> None:
    game = notation.random_game(random.Random(5), rule_set("straight"))
    finished = "; our league\n" + notation.dumps(game)
    before, resumed = resume_file(finished)
    assert resumed is None
    assert before == finished + "\n"
    partial = _recorded(game, 9)
    before, resumed = resume_file(finished + "\n" + partial.text)
    assert before == finished + "\n"
    assert resumed is not None
    assert resumed.game == partial.game


def test_a_file_that_is_not_notation_is_not_resumed() -> None:
    with pytest.raises(RecordingError, match=r"game.t42:2:\d+: "):
        resume_file('[Event "x"]\nhand 1 dealer Q\n', "game.t42")


def test_a_lay_down_is_judged_by_the_solver_when_the_deal_is_known() -> None:
    root = Path(__file__).resolve().parents[2] / "samples"
    game = notation.loads((root / "laydown-refuted.t42").read_text(encoding="utf-8"))[0]
    hand = game.hands[0]
    assert hand.ending is not None
    assert hand.ending.seat is not None
    before = Recording.resume(
        replace(game, hands=(replace(hand, ending=None, scores=()),))
    )
    assert before.laydown_claim() is None  # no lay-down yet
    claimed = before.end(EndKind.LAYDOWN, hand.ending.seat)
    claim = claimed.laydown_claim()
    assert claim is not None
    assert "refuted" in claim


def test_a_second_recorder_on_one_file_is_refused_naming_the_first(tmp_path: Path) -> None:
    # Two recorders on one file mixed their entries (`bid E pa S pass`) and broke the file.
    path = tmp_path / "game.t42"
    game = notation.random_game(random.Random(3), rule_set("straight"))
    first = RecordFile(path)
    first.write(_recorded(game, 5))
    with pytest.raises(FileBusy, match=rf"another program \(process {os.getpid()}\)"):
        RecordFile(path)
    first.write(_recorded(game, 6))
    first.close()
    assert path.read_text(encoding="utf-8") == _recorded(game, 6).text
    second = RecordFile(path)  # free once the first is done
    second.write(_recorded(game, 7))
    second.close()
    assert path.read_text(encoding="utf-8") == _recorded(game, 7).text


def test_an_entry_after_another_program_wrote_the_file_is_refused(tmp_path: Path) -> None:
    # A program that takes no lock (an editor, `cat >>`) wrote meanwhile: its text is kept
    # and the entry refused, rather than two games' lines mixed.
    path = tmp_path / "game.t42"
    game = notation.random_game(random.Random(3), rule_set("straight"))
    out = RecordFile(path)
    out.write(_recorded(game, 5))
    with path.open("a", encoding="utf-8") as other:
        other.write("bid E pa\n")
    with pytest.raises(FileBusy, match="another program changed the file"):
        out.write(_recorded(game, 6))
    out.close()
    assert path.read_text(encoding="utf-8") == _recorded(game, 5).text + "bid E pa\n"


def test_t42_record_refuses_a_file_another_recorder_holds(tmp_path: Path) -> None:
    path = tmp_path / "game.t42"
    game = notation.random_game(random.Random(3), rule_set("straight"))
    first = RecordFile(path)
    first.write(_recorded(game, 5))
    result = CliRunner().invoke(app, ["record", str(path)])
    first.close()
    assert result.exit_code == 2
    assert f"another program (process {os.getpid()}) is writing this file" in result.stderr
    assert path.read_text(encoding="utf-8") == _recorded(game, 5).text


def test_a_hand_kept_by_its_score_only_takes_the_points_before_any_tile() -> None:
    # docs/notation.md, "Score lines": a hand with its auction and trump but no tricks may
    # give just the points; most tables keep score that way.
    r = _game(HEAD + "hand 1 dealer N\nbid E pass S 30 W pass N pass\ntrump S sixes\n")
    assert r.awaiting is Awaiting.PLAY
    r = r.score(ScoreKind.POINTS, 32, 10)
    assert r.awaiting is Awaiting.SCORE
    assert r.computed(ScoreKind.MARKS) == notation.ScoreLine(ScoreKind.MARKS, 1, 0)
    r = r.accept().accept()
    assert r.awaiting is Awaiting.BID
    assert r.findings == ()
    assert r.text.endswith("trump S sixes\npoints NS 32 EW 10\nmarks NS 1 EW 0\ntotal NS 1 EW 0\n")
    # Points that do not add up to 42 are kept, and found.
    s = _game(HEAD + "hand 1 dealer N\nbid E pass S 30 W pass N pass\ntrump S sixes\n")
    s = s.score(ScoreKind.POINTS, 30, 10)
    assert s.awaiting is Awaiting.SCORE
    # Once a tile is down, the hand is scored from its tricks: points alone are refused.
    t = _game(HEAD + "hand 1 dealer N\nbid E pass S 30 W pass N pass\ntrump S sixes\n")
    with pytest.raises(RecordingError, match="no score is expected now"):
        t.play(Tile(6, 6)).score(ScoreKind.POINTS, 32, 10)
    with pytest.raises(RecordingError, match="no score is expected now"):
        t.score(ScoreKind.MARKS, 1, 0)  # the points come first


class _Unplugged:
    """A record file whose next write never reaches the disk (the plug pulled as it is made),
    as RecordFile uses it."""

    def __init__(self, stream: Any) -> None:
        self.stream = stream

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)

    def write(self, data: bytes) -> int:
        raise OSError("the plug was pulled")


@pytest.mark.parametrize("end", ["\r\n", "\r"])
def test_a_crash_at_the_first_entry_into_a_crlf_record_loses_no_earlier_game(
    tmp_path: Path, end: str
) -> None:
    # Issue 35 (line ends): a record written with CRLF or CR line ends reads alike, but
    # recording into it rewrote it from its first CR: truncated there, then written. A crash
    # between the two left one line of the file.
    from notation.recording import open_record

    game = notation.random_game(random.Random(5), rule_set("straight"))
    unfinished = notation.random_game(random.Random(6), rule_set("straight"))
    recording = _recorded(unfinished, 12)
    text = notation.dumps(game) + "\n" + recording.text
    path = tmp_path / "club.t42"
    path.write_bytes(text.replace("\n", end).encode())
    stream, read = open_record(path)
    before, resumed = resume_file(read)
    assert resumed is not None
    out = RecordFile(path, before, cast(BinaryIO, _Unplugged(stream)))
    kind, entry = list(_entries(unfinished))[12]
    with pytest.raises(OSError, match="plug"):
        out.write(_enter(resumed, kind, entry))
    stream.close()
    kept = notation.loads(path.read_bytes().decode())
    assert kept[0] == game  # the finished game whole
    assert kept[1] == recording.game  # and every entry made before the crash


def _counting_hand_checks(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The hands :func:`notation.check.game.check_hand` is asked to check, by number."""
    import notation.check.game as checking

    asked: list[int] = []
    real = checking.check_hand

    def counted(hand: notation.Hand, *args: object, **kwargs: object) -> object:
        asked.append(hand.number)
        return real(hand, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(checking, "check_hand", counted)
    return asked


def test_an_entry_checks_again_only_the_hand_in_play(monkeypatch: pytest.MonkeyPatch) -> None:
    game = notation.random_game(random.Random(7), rule_set("straight"))
    assert len(game.hands) >= 4
    asked = _counting_hand_checks(monkeypatch)
    r = _start(game)
    for kind, entry in _entries(game):
        hand = r.hand
        asked.clear()
        r = _enter(r, kind, entry)
        r.findings  # noqa: B018 - what a table's screen asks after every entry
        # The hand in play is checked, and once, when a hand is over, the one before it.
        assert r.hand is not None
        assert set(asked) <= {r.hand.number, *((hand.number,) if hand else ())}, kind
        assert len(asked) <= 2, (kind, asked)


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(["straight", "texas", "points"]),
       st.integers(0, 2**32))
def test_the_report_after_every_entry_and_undo_is_the_whole_games_check(
    seed: int, rules: str, undo_seed: int
) -> None:
    game = notation.random_game(random.Random(seed), rule_set(rules))
    undoing = random.Random(undo_seed)
    r = _start(game)
    for kind, entry in _entries(game):
        r = _enter(r, kind, entry)
        if undoing.random() < 0.05:  # back over the entry (a hand's first one included)
            r = _enter(r.undo(), kind, entry)
        # Entry by entry, the findings are not placed in the record's text (that would cost
        # a reading of the whole text at every entry).
        whole = notation.check_game(r.game, r.rules, place=False)
        assert r.report.findings == whole.findings
        assert r.report.hands == whole.hands
        assert (r.report.marks, r.report.winner) == (whole.marks, whole.winner)


@pytest.mark.parametrize("seed", [1051, 1052, 7, 94])
def test_a_trick_being_played_takes_no_points_and_decides_no_hand(seed: int) -> None:
    # docs/rules.md, Suits and rank (winning a trick): a trick is won once every seat has
    # played to it. A trick of one tile so far gave its lone tile's seat the trick's point,
    # and with it a bid made (or set) and the game won for one entry, then lost again at the
    # next: the club marked the game finished mid-hand. The running marks only grow, and a
    # game once won stays won.
    game = notation.random_game(random.Random(seed), rule_set("straight"))
    r = _start(game)
    marks = {Team.NS: 0, Team.EW: 0}
    won: Team | None = None
    for kind, entry in _entries(game):
        r = _enter(r, kind, entry)
        now = r.report.marks
        assert all(now[team] >= marks[team] for team in marks), (kind, entry, now, marks)
        marks = dict(now)
        if won is not None:
            assert r.winner is won, (kind, entry)
        won = r.winner
        hand = r.report.hands[-1] if r.report.hands else None
        if hand is not None and r.hand is not None and r.hand.tricks and (
            len(r.hand.tricks[-1].plays) < 4 - (r.sitting_out is not None)
            and not r.hand.ending
        ):
            assert len(hand.tricks) == len(r.hand.tricks) - 1  # the trick in play: no outcome
    assert won is not None
