"""``t42 share``, ``t42 convert --to share/mk5-url/plunge-code``, and codes read by every
command that reads a record: a file of them one a line, or one given in place of a file."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from notation.formats import share
from notation.formats.text import dumps, loads
from notation.model.game import Game
from t42.commands import app

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "samples"
PEERS = ROOT / "tests" / "records" / "peers"
runner = CliRunner()


def t42(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), input=stdin)
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture(autouse=True)
def _in_repo(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)


def test_share_prints_a_hand_and_its_link() -> None:
    code, out, err = t42("share", "samples/full-game.t42", "--hand", "3",
                         "--page", "https://club.example/42/page.html#hand=1")
    assert (code, err) == (0, "")
    shared, link = out.splitlines()
    assert link == f"https://club.example/42/page.html#g={shared}"
    game = loads((SAMPLES / "full-game.t42").read_text(encoding="utf-8"))[0]
    assert share.loads(shared) == share.one_hand(game, 3)


def test_share_of_a_whole_game_reads_back_by_every_command(tmp_path: Path) -> None:
    code, out, _ = t42("share", "samples/nello.t42")
    assert code == 0
    shared = out.splitlines()[0]
    code, text, _ = t42("convert", shared, "--to", "t42")
    assert code == 0
    assert text == dumps(loads((SAMPLES / "nello.t42").read_text(encoding="utf-8"))[0])
    code, out, _ = t42("replay", f"page.html#g={shared}", "--print")
    assert code == 0
    assert "hand 1" in out
    codes = tmp_path / "codes.txt"
    codes.write_text(f"; two shared games\n{shared}\n\n{shared}\n", encoding="utf-8")
    code, out, _ = t42("validate", str(codes))
    assert code == 0
    assert "2 games, 8 hands: 0 errors" in out


def test_share_of_a_hand_the_game_lacks_is_said() -> None:
    code, out, err = t42("share", "samples/nello.t42", "--hand", "9")
    assert code == 2
    assert out == ""
    assert "game 1: the game has no hand 9 (its hands: 1" in err


def test_convert_writes_plunge_codes_and_says_what_they_leave_out() -> None:
    code, out, err = t42("convert", "samples/full-game.t42", "--to", "plunge-code")
    assert code == 1  # written, with warnings
    game = loads((SAMPLES / "full-game.t42").read_text(encoding="utf-8"))[0]
    lines = out.splitlines()
    assert len(lines) == len(game.hands)
    assert all(line.startswith("v1f") for line in lines)
    assert "plunge codes hold no tags: Event, Site, Date, North, East, South, West" in err
    assert "plunge codes hold no comments" in err
    assert "the running marks between hands are left out" in err


def test_convert_refuses_what_an_mk5_url_cannot_hold(tmp_path: Path) -> None:
    record = tmp_path / "low.t42"
    record.write_text(
        '[Event "x"]\n[Rules "straight"]\n\nhand 1 dealer N\n'
        "deal N 6-6 6-5 6-4 6-3 6-2 6-1 6-0\n     E 5-5 5-4 5-3 5-2 5-1 5-0 4-4\n"
        "     S 4-3 4-2 4-1 4-0 3-3 3-2 3-1\n     W 3-0 2-2 2-1 2-0 1-1 1-0 0-0\n"
        "bid E pass S pass W pass N 30\ntrump follow-me doubles-low\n", encoding="utf-8")
    code, out, err = t42("convert", str(record), "--to", "mk5-url")
    assert code == 2
    assert out == ""
    assert ("not written as mk5-url: hand 1: an mk5 URL holds follow-me with its doubles "
            "high only, not follow-me doubles-low") in err


def test_an_mk5_url_on_the_command_line_is_read(tmp_path: Path) -> None:
    code, out, err = t42("convert", "https://mk5.example/?s=9ix&a=CAAA", "--to", "t42")
    assert (code, err) == (0, "")
    assert "bid N 30 E pass S pass W pass" in out
    assert "the deal is shuffled from mk5's seed 12345" in out


def test_the_documented_records_convert_as_kept() -> None:
    code, out, _ = t42("convert", str(PEERS / "documented.txt"), "--to", "t42")
    assert code == 0
    assert out == (PEERS / "documented.t42").read_text(encoding="utf-8")


def test_mk5_urls_and_plunge_codes_go_round_through_convert(tmp_path: Path) -> None:
    code, out, _ = t42("convert", str(PEERS / "documented.txt"), "--to", "plunge-code")
    assert code == 1  # the notes t42 wrote on reading are comments, and codes hold none
    first = out.splitlines()[0]
    codes = tmp_path / "codes.txt"
    codes.write_text(out, encoding="utf-8")
    code, back, _ = t42("convert", str(codes), "--to", "mk5-url")
    assert code in (0, 1)
    assert back.splitlines()[0].startswith("?i=")
    code, text, _ = t42("convert", first, "--to", "t42")
    assert code == 0
    assert "bid N 30 E pass S pass W pass" in text


def test_a_damaged_code_is_said_where() -> None:
    code, out, _ = t42("validate", "-", stdin="v1t3garbage\n")
    assert code == 1
    assert "<stdin>:1:1: error: a plunge replay code is v1, a preset, the shaker" in out


def test_a_name_too_long_for_a_file_is_said_not_a_crash() -> None:
    """A code is often longer than a file's name may be; so is a name mistyped. Before, the
    progress bar's look at the file raised: "t42: internal error (OSError: [Errno 36] File
    name too long …); please report it"."""
    code, _, err = t42("convert", "a" * 300, "--to", "t42")
    assert code == 2
    assert "internal error" not in err
    assert "a" * 300 in err


def test_replay_reads_an_mk5_url_given_as_its_file() -> None:
    from notation.archive import peers

    game = loads((SAMPLES / "full-game.t42").read_text(encoding="utf-8"))[0]
    urls, _ = peers.mk5_urls(Game(game.tags[-1:], game.hands[:1]))
    code, out, err = t42("replay", "https://mk5.example/play" + urls[0], "--print")
    assert (code, err) == (0, "")
    assert "hand 1" in out


def test_a_missing_file_named_like_a_version_is_still_a_missing_file() -> None:
    code, _, err = t42("validate", "1.t42")
    assert code == 2
    assert "1.t42: no such file" in err


def test_a_plunge_bid_in_a_plunge_code_goes_round_through_convert(tmp_path: Path) -> None:
    """plunge's casual preset: East bids a Plunge (G4), West names sixes. Before, convert
    refused it: "this hand bids a Plunge (G4) under plunge's casual preset: t42 has no option
    yet for the Plunge at 4 marks with the partner naming trump and leading, and the Splash
    at 2 or 3 marks"."""
    deal = "65646362616054" + "66555352514433" + "50434241403231" + "30222120111000"
    given = "v1c3" + deal + ".30G4PPD6"
    code, text, err = t42("convert", given, "--to", "t42")
    assert (code, err) == (0, "")
    assert ("plunge=yes plunge-lead=partner plunge-bid=4m splash=yes splash-bid=2m-or-3m "
            "partner-names=trump") in text
    assert "bid N 30 E 4m-plunge S pass W pass" in text
    assert "trump W plunge sixes" in text
    record = tmp_path / "plunge.t42"
    record.write_text(text, encoding="utf-8")
    code, out, _ = t42("convert", str(record), "--to", "plunge-code")
    assert out.splitlines() == [given]
    code, out, _ = t42("convert", str(record), "--to", "mk5-url")
    assert "~A" in out  # mk5's Plunge bid
