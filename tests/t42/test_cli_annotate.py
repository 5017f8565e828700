"""`t42 review --annotate` and `t42 audit --annotate`: the record written back with the verdicts
in it, the same bytes when run again on its own output, never over its input."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

import notation.formats.json as json_form
from notation.check.validate import check_game
from notation.formats.text import loads
from notation.model.game import Game
from t42.commands import app

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "samples"
runner = CliRunner()
FEW = ("--samples", "2")  # few worlds: the tests stay quick


def t42(*args: str | Path) -> tuple[int, str, str]:
    result = runner.invoke(app, [str(a) for a in args])
    return result.exit_code, result.stdout, result.stderr


def _findings(game: Game) -> list[tuple[str, int | None, str]]:
    return [(f.code, f.hand, f.message) for f in check_game(game).findings]


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    for name in ("renege.t42", "annotated.t42", "laydown-refuted.t42", "broken.t42"):
        shutil.copy(SAMPLES / name, tmp_path / name)
    return tmp_path


def test_review_annotate_twice_gives_the_same_bytes(folder: Path) -> None:
    one, two = folder / "one.t42", folder / "two.t42"
    code, out, err = t42("review", folder / "renege.t42", *FEW, "--annotate", "-o", one)
    assert code == 0, err
    assert out == ""
    code, _, err = t42("review", one, *FEW, "--annotate", "-o", two)
    assert code == 0, err
    assert one.read_bytes() == two.read_bytes()
    text = one.read_text(encoding="utf-8")
    assert "t42 review: ?? costs 1.0 marks in each of 2 worlds; best pass" in text
    assert "({ t42 review: best play }" in text
    # annotated, it validates as the record did: no finding beyond the original's
    [original] = loads((SAMPLES / "renege.t42").read_text(encoding="utf-8"))
    assert _findings(loads(text)[0]) == _findings(original)


def test_review_annotate_writes_the_record_on_stdout_without_o(folder: Path) -> None:
    code, out, err = t42("review", folder / "renege.t42", *FEW, "--no-bids", "--annotate")
    assert code == 0, err
    [game] = loads(out)
    assert "t42 review:" in out
    assert len(game.hands) == 2


def test_to_end_continues_the_best_play_to_the_end_of_the_hand(folder: Path) -> None:
    one, two = folder / "one.t42", folder / "two.t42"
    source = folder / "laydown-refuted.t42"
    code, _, err = t42("audit", source, "--annotate", "--to-end", "-o", one)
    assert code == 1, err  # the refuted lay-down is a finding, as audit says without --annotate
    code, _, err = t42("audit", one, "--annotate", "--to-end", "-o", two)
    assert code == 1, err
    assert one.read_bytes() == two.read_bytes()
    [game] = loads(one.read_text(encoding="utf-8"))
    variation = game.hands[0].tricks[0].plays[0].variations[0]
    assert len(variation.tricks) == 6
    assert variation.scores  # the points the line ends with
    [original] = loads(source.read_text(encoding="utf-8"))
    assert _findings(game) == _findings(original)


def test_a_json_output_holds_the_annotated_record_and_reads_back_the_same(folder: Path) -> None:
    one, two = folder / "one.json", folder / "two.json"
    code, _, err = t42("audit", folder / "laydown-refuted.t42", "--annotate", "-o", one)
    assert code == 1, err
    code, _, err = t42("audit", one, "--annotate", "-o", two)
    assert code == 1, err
    assert one.read_bytes() == two.read_bytes()
    json.loads(one.read_text(encoding="utf-8"))
    [game] = json_form.loads(one.read_text(encoding="utf-8"))
    assert isinstance(game, Game)
    lead = game.hands[0].tricks[0].plays[0]
    assert lead.after[0].text.startswith("t42 audit: ? costs NS 6 points")


def test_the_records_own_glyph_is_kept_and_said_unless_replace(folder: Path) -> None:
    source = folder / "annotated.t42"
    code, out, err = t42("audit", source, "--annotate")
    assert code == 0, err
    assert "kept the record's own glyph on hand 1, trick 4, the 5-5: ?? where t42 audit " \
           "says" not in err  # the audit says ?? too: nothing to say
    [game] = loads(out)
    play = game.hands[0].tricks[3].plays[3]
    assert str(play.glyph) == "??"
    assert play.after[0].text == "ten points to the bidders"
    assert play.after[1].text.endswith("; the record's own ?? kept")
    code, out, err = t42("review", source, *FEW, "--annotate")
    assert code == 0, err
    assert "annotated.t42: game 1: kept the record's own glyph on hand 1, S's call 30: !" in err
    code, out, err = t42("review", source, *FEW, "--annotate", "--replace")
    assert code == 0, err
    assert "kept the record's own glyph" not in err
    [game] = loads(out)
    auction = game.hands[0].auction
    assert auction is not None
    assert str(auction.calls[1].glyph) != "!"
    assert auction.calls[1].after[0].text == "four sixes"


def test_an_output_that_is_the_input_is_refused_and_the_input_kept(folder: Path) -> None:
    source = folder / "renege.t42"
    before = source.read_bytes()
    for command in (("review", source, *FEW, "--annotate", "-o", source),
                    ("audit", source, "--annotate", "-o", folder / "." / "renege.t42")):
        code, out, err = t42(*command)
        assert code == 2
        assert out == ""
        assert "is the input" in err
        assert "nothing was written" in err
        assert source.read_bytes() == before


def test_a_record_not_read_whole_is_not_written_back(folder: Path) -> None:
    out = folder / "out.t42"
    code, _, err = t42("audit", folder / "broken.t42", "--annotate", "-o", out)
    assert code == 2
    assert "not read whole" in err
    assert "nothing was written" in err
    assert not out.exists()


@pytest.mark.parametrize(("args", "said"), [
    (("review", "renege.t42", "-o", "x.t42"), "-o goes with --annotate"),
    (("audit", "renege.t42", "--to-end"), "--to-end goes with --annotate"),
    (("review", "renege.t42", "--replace"), "--replace goes with --annotate"),
    (("review", "renege.t42", "--annotate", "--json"), "not with --json"),
    (("audit", "renege.t42", "--annotate", "--fair"), "not with --fair"),
    (("review", "renege.t42", "--annotate", "--advise", "N"), "not with --advise"),
])
def test_options_that_do_not_go_together_are_refused(folder: Path, args: tuple[str, ...],
                                                      said: str,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(folder)
    code, out, err = t42(*args)
    assert code == 2
    assert said in err
    assert out == ""
    assert not (folder / "x.t42").exists()
