"""``t42 analyze`` and notation.analysis.analyze: the lines and their schema, the same bytes on one
core, several or a Dask cluster, resuming, rejects, the summary."""

from __future__ import annotations

import contextlib
import json
import os
import random
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator  # type: ignore[import-untyped, unused-ignore]
from typer.testing import CliRunner

from notation.analysis.analyze import AnalysisSummary, Resume, analyse_game, analyse_hand, raise_to
from notation.analysis.audit import audit_game
from notation.analysis.par import hand_par
from notation.check.board import DEAL_NOT_KNOWN
from notation.check.validate import check_game
from notation.formats.text.reader import read_games
from notation.formats.text.writer import write_games
from notation.model.bids import Bid
from notation.model.contracts import Contract, Trump
from notation.model.rule_sets import rule_set
from notation.model.seats import Seat
from notation.rules.dealing import random_game
from notation.rules.scoring import highest_bid_made
from t42.commands import app

ROOT = Path(__file__).resolve().parents[3]
SAMPLES = ROOT / "samples"
# The published file as it is: the audit, findings and par schemas are bundled in it.
VALIDATOR = Draft202012Validator(
    json.loads((ROOT / "schemas" / "analysis.schema.json").read_text(encoding="utf-8"))
)
HANDS_KEPT = 1  # of each dealt game: the solver takes a while, and a few hands are enough

runner = CliRunner()


def t42(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def _lines(text: str) -> list[dict[str, object]]:
    return [json.loads(line) for line in text.splitlines()]


def _valid(text: str) -> list[dict[str, object]]:
    lines = _lines(text)
    for line in lines:
        errors = [e.message for e in VALIDATOR.iter_errors(line)]
        assert not errors, (line, errors)
    return lines


@pytest.fixture(scope="module")
def archive(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Three dealt games (as ``t42 deal --seed 5 --games 3`` deals them), a hand each."""
    rng, rules = random.Random(5), rule_set("straight")
    games = [random_game(rng, rules) for _ in range(3)]
    path = tmp_path_factory.mktemp("analyze") / "dealt.t42"
    path.write_text(write_games(replace(g, hands=g.hands[:HANDS_KEPT]) for g in games),
                    encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def one_core(archive: Path, tmp_path_factory: pytest.TempPathFactory) -> str:
    """What ``--jobs 1`` writes for the archive: the bytes every other way must give."""
    out = tmp_path_factory.mktemp("one") / "out.jsonl"
    code, _, _ = t42("analyze", str(archive), "--jobs", "1", "-o", str(out))
    assert code == 0
    return out.read_text(encoding="utf-8")


def test_every_line_validates_and_every_hand_has_one(archive: Path, one_core: str) -> None:
    lines = _valid(one_core)
    assert [(line["game"], line["hand"]) for line in lines] == [
        (g, h) for g in (1, 2, 3) for h in range(1, HANDS_KEPT + 1)
    ]
    assert all(line["rejected"] is None and line["perfect"] for line in lines)
    assert {line["file"] for line in lines} == {str(archive)}


def test_the_par_table_and_the_bids_are_the_par_librarys(archive: Path, one_core: str) -> None:
    reads = list(read_games(archive.read_text(encoding="utf-8")))
    for line, read in zip(_lines(one_core), reads, strict=True):
        hand = read.game.hands[0]
        table = hand_par(hand, read.rules)
        assert table is not None
        assert line["par"] == table.as_json()
        contract = check_game(read.game, read.rules).hands[0].contract
        assert contract is not None
        best = table.best(contract.declarer)
        assert line["best_bid"] == (None if best is None else str(best))
        assert line["underbid"] is (best is not None and contract.bid < best)
        perfect = line["perfect"]
        assert isinstance(perfect, dict)
        makeable = highest_bid_made(contract.declarer, contract.trump,
                                    perfect["bidders_points"], read.rules)
        assert line["makeable_bid"] == (None if makeable is None else str(makeable))
        # The contract is makeable exactly when the bid is no higher than the makeable bid.
        assert perfect["makeable"] is (makeable is not None and not makeable < contract.bid)
        assert line["overbid"] is not perfect["makeable"]


@pytest.mark.parametrize(("points", "raised", "steps"), [
    (29, None, 0), (30, "30", 0), (35, "35", 5), (41, "41", 11), (42, "2m", 13),
])
def test_the_raise_counts_steps_of_the_ladder(points: int, raised: str | None,
                                             steps: int) -> None:
    contract = Contract(Seat.N, Bid.points(30), Trump.pip(6))
    bid, counted = raise_to(contract, points, rule_set("straight"))
    assert (None if bid is None else str(bid), counted) == (raised, steps)


def test_costly_plays_are_the_audits_turning_points() -> None:
    # One home for the plays that changed the value: the analysis names the audit's.
    read = next(read_games((SAMPLES / "full-game.t42").read_text(encoding="utf-8")))
    report = check_game(read.game, read.rules)
    analysis = analyse_hand(read.game, read.game.hands[1], read.rules, 1, report=report.hands[1])
    (audit,) = audit_game(read.game, read.rules, hands=[2])
    assert [p.turning for p in analysis.costly_plays] == list(audit.turning_points)
    assert analysis.perfect == audit.perfect
    assert analysis.costly_plays
    assert [p.player for p in analysis.costly_plays] == [
        read.game.seat_name(p.seat) for p in analysis.costly_plays
    ]


def test_the_cost_is_what_the_side_lost() -> None:
    read = next(read_games((SAMPLES / "laydown-refuted.t42").read_text(encoding="utf-8")))
    (hand,) = analyse_game(read.game, read.rules)
    for play in hand.costly_plays:
        tp = play.turning
        bidders = play.seat.team is hand.contract.declarer.team  # type: ignore[union-attr]
        lost = tp.before - tp.after if bidders else tp.after - tp.before
        assert play.cost == lost > 0


def test_several_processes_give_the_same_bytes(archive: Path, one_core: str,
                                               tmp_path: Path) -> None:
    out = tmp_path / "two.jsonl"
    code, _, _ = t42("analyze", str(archive), "--jobs", "2", "-o", str(out))
    assert code == 0
    assert out.read_text(encoding="utf-8") == one_core


def test_stdout_gets_the_lines_and_stderr_the_summary() -> None:
    sample = str(SAMPLES / "laydown-refuted.t42")
    code, out, err = t42("analyze", sample, "--jobs", "1")
    assert code == 0
    (line,) = _valid(out)
    assert (line["file"], line["game"], line["hand"]) == (sample, 1, 1)
    assert "1 hand analysed, 0 rejected" in err
    assert "Aunt Trish" in err  # the points lost by player


# Started in a process of its own, as is `t42 analyze --scheduler`: a Dask cluster and client
# leave threads behind, and this process must keep one thread to fork workers safely.
CLUSTER = """
import subprocess, sys
from distributed import LocalCluster
if __name__ == "__main__":
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster:
        command = [sys.executable, "-m", "t42", "analyze", *sys.argv[1:],
                   "--scheduler", cluster.scheduler_address]
        sys.exit(subprocess.run(command).returncode)
"""


def test_a_dask_cluster_of_two_workers_gives_the_same_bytes(
    archive: Path, one_core: str, tmp_path: Path
) -> None:
    script, out = tmp_path / "cluster.py", tmp_path / "dask.jsonl"
    script.write_text(CLUSTER, encoding="utf-8")
    done = subprocess.run([sys.executable, str(script), str(archive), "-o", str(out)],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert out.read_text(encoding="utf-8") == one_core


def test_scheduler_without_dask_says_what_to_install(
    archive: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # as if not installed
    code, out, err = t42("analyze", str(archive), "--scheduler", "tcp://127.0.0.1:1")
    assert code == 2
    assert "pip install 't42[dask]'" in err
    assert "Traceback" not in err + out


def test_a_scheduler_that_cannot_be_reached_is_said_so(archive: Path) -> None:
    env = {**os.environ, "DASK_DISTRIBUTED__COMM__TIMEOUTS__CONNECT": "1s"}
    done = subprocess.run(
        [sys.executable, "-m", "t42", "analyze", str(archive),
         "--scheduler", "tcp://127.0.0.1:9"],
        capture_output=True, text=True, check=False, env=env,
    )
    assert done.returncode == 2
    assert "cannot reach the Dask scheduler at tcp://127.0.0.1:9" in done.stderr
    assert "Traceback" not in done.stderr


@contextmanager
def _listener(answer: bytes | None) -> Iterator[str]:
    """A TCP address on this machine that is no Dask scheduler: each connection gets
    ``answer`` (as a web server answers) and is closed, or, with None, nothing ever."""
    server = socket.create_server(("127.0.0.1", 0))
    held: list[socket.socket] = []

    def serve() -> None:
        while True:
            try:
                conn, _ = server.accept()
            except OSError:
                return
            held.append(conn)
            if answer is not None:
                with contextlib.suppress(OSError):
                    conn.sendall(answer)

    threading.Thread(target=serve, daemon=True).start()
    try:
        yield f"tcp://127.0.0.1:{server.getsockname()[1]}"
    finally:
        server.close()
        for conn in held:
            conn.close()


HTTP = b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 5\r\n\r\nhello"


@pytest.mark.parametrize("kind", ["http", "silent", "bogus-scheme", "empty", "no-port"])
def test_an_address_that_is_no_dask_scheduler_is_said_so(archive: Path, kind: str) -> None:
    """Whatever the address, a clear error (exit 2) once the connect time-out is past."""
    env = {**os.environ, "DASK_DISTRIBUTED__COMM__TIMEOUTS__CONNECT": "2s"}
    fixed = {"bogus-scheme": "bogus://x", "empty": "", "no-port": "tcp://"}
    with contextlib.ExitStack() as stack:
        if kind in fixed:
            address = fixed[kind]
        else:
            address = stack.enter_context(_listener(HTTP if kind == "http" else None))
        done = subprocess.run(
            [sys.executable, "-m", "t42", "analyze", str(archive), "--scheduler", address],
            capture_output=True, text=True, check=False, env=env,
            timeout=300,  # not a speed test: only that it ends
        )
    assert done.returncode == 2, done.stderr
    assert "Dask scheduler" in done.stderr
    assert (address or "tcp://HOST:8786") in done.stderr
    assert "Traceback" not in done.stderr
    assert "internal error" not in done.stderr


@pytest.mark.parametrize("kept", [0, 2])
def test_resume_after_a_torn_line_gives_the_same_bytes(
    archive: Path, one_core: str, tmp_path: Path, kept: int
) -> None:
    lines = one_core.splitlines(keepends=True)
    out = tmp_path / "out.jsonl"
    torn = lines[kept][: len(lines[kept]) // 2]  # the interruption tore the next line
    out.write_text("".join(lines[:kept]) + torn, encoding="utf-8")
    code, summary, _ = t42("analyze", str(archive), "--jobs", "1", "-o", str(out), "--resume")
    assert code == 0
    assert out.read_text(encoding="utf-8") == one_core
    assert "3 hands analysed" in summary  # the kept lines are counted too


def test_resume_after_an_interruption(archive: Path, one_core: str, tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    command = [sys.executable, "-m", "t42", "analyze", str(archive), "--jobs", "1",
               "-o", str(out)]
    with subprocess.Popen(command, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL) as run:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and run.poll() is None:
            if out.exists() and out.read_text(encoding="utf-8").count("\n") >= 1:
                break
            time.sleep(0.05)
        run.send_signal(signal.SIGINT)
        _, err = run.communicate()
    stopped = out.read_text(encoding="utf-8")
    assert stopped.count("\n") < len(one_core.splitlines()), "it ran to the end"
    assert run.returncode == 130
    assert b"Traceback" not in err
    code, _, _ = t42("analyze", str(archive), "--jobs", "1", "-o", str(out), "--resume")
    assert code == 0
    assert out.read_text(encoding="utf-8") == one_core


def test_an_existing_output_is_not_overwritten(archive: Path, tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    out.write_text("keep me\n", encoding="utf-8")
    code, _, err = t42("analyze", str(archive), "-o", str(out))
    assert code == 2
    assert "--resume" in err
    assert out.read_text(encoding="utf-8") == "keep me\n"


def test_resume_refuses_another_archive(archive: Path, one_core: str, tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    out.write_text(one_core.splitlines(keepends=True)[0], encoding="utf-8")
    other = tmp_path / "other.t42"
    game = random_game(random.Random(6), rule_set("straight"))
    other.write_text(write_games([replace(game, hands=game.hands[:1])]), encoding="utf-8")
    code, _, err = t42("analyze", str(other), "-o", str(out), "--resume")
    assert code == 2
    assert "not among the files" in err
    renamed = tmp_path / archive.name
    renamed.write_text(other.read_text(encoding="utf-8"), encoding="utf-8")
    line = json.loads(one_core.splitlines()[0]) | {"file": str(renamed)}
    out.write_text(json.dumps(line) + "\n", encoding="utf-8")
    code, _, err = t42("analyze", str(renamed), "-o", str(out), "--resume")
    assert code == 2
    assert "is not the game analysed before" in err


def test_hands_that_cannot_be_analysed_are_kept(tmp_path: Path) -> None:
    # renege.t42's second hand has no deal lines, and here not its last trick either, so
    # its deal is not known; the second file's game has a hand that cannot be read.
    out, rejects = tmp_path / "out.jsonl", tmp_path / "rejects.t42"
    unknown, broken = tmp_path / "renege.t42", tmp_path / "broken.t42"
    renege = (SAMPLES / "renege.t42").read_text(encoding="utf-8")
    last_trick = "7 N 4-0 4-4 6-3 3-2 ; there's the trump S didn't play\n"
    assert last_trick in renege
    unknown.write_text(renege.replace(last_trick, ""), encoding="utf-8")
    broken.write_text('[Event "x"]\nhand 1 dealer N\nbid E 3O\n', encoding="utf-8")
    files = [str(unknown), str(broken)]
    code, _, err = t42("analyze", *files, "--jobs", "1", "-o", str(out),
                       "--rejects", str(rejects))
    assert code == 1
    lines = _valid(out.read_text(encoding="utf-8"))
    rejected = [(line["file"], line["game"], line["hand"]) for line in lines if line["rejected"]]
    assert rejected == [(files[0], 1, 2), (files[1], 1, None)]
    assert f"{files[0]}: game 1 hand 2 not analysed: {DEAL_NOT_KNOWN}" in err
    assert f"{files[1]}: game 1 not analysed: could not be read: game 1 (line 1)" in err
    assert "syntax-error" in err
    # The rejects hold each game's whole text, as `t42 convert --rejects` keeps it.
    expected = "".join(
        next(read_games(Path(f).read_text(encoding="utf-8"))).rejected_text for f in files
    )
    assert rejects.read_text(encoding="utf-8") == expected
    # Resumed at the second file, the rejects are the same too.
    whole_out, whole_rejects = out.read_text(encoding="utf-8"), expected
    out.write_text("".join(whole_out.splitlines(keepends=True)[:2]), encoding="utf-8")
    rejects.write_text("", encoding="utf-8")
    code, _, _ = t42("analyze", *files, "--jobs", "1", "-o", str(out), "--rejects",
                     str(rejects), "--resume")
    assert code == 1
    assert out.read_text(encoding="utf-8") == whole_out
    assert rejects.read_text(encoding="utf-8") == whole_rejects


def test_the_summary_folds_lines(one_core: str) -> None:
    lines = _lines(one_core)
    summary = AnalysisSummary()
    for line in lines:
        summary.add(line)
    assert summary.hands == len(lines)
    assert sum(summary.contracts.values()) == sum(line["contract"] is not None for line in lines)
    assert sum(summary.overbids.values()) == sum(line["overbid"] is True for line in lines)
    plays = [p for line in lines for p in line["costly_plays"]]  # type: ignore[attr-defined]
    assert sum(summary.cost_by_seat.values()) == sum(p["cost"] for p in plays)
    assert sum(summary.cost_by_player.values()) == sum(p["cost"] for p in plays)
    costs = [p.cost for p in summary.costliest]
    assert costs == sorted((p["cost"] for p in plays), reverse=True)[: len(costs)]
    # What a resume reads back counts the same.
    assert Resume.of(one_core.encode()).summary == summary


def test_special_contracts_validate_too() -> None:
    names = ("plunge.t42", "low-no.t42", "sevens.t42", "splash.t42")
    code, out, _ = t42("analyze", *(str(SAMPLES / n) for n in names), "--jobs", "1")
    assert code == 0
    lines = _valid(out)
    specials = [line["contract"]["trump"].split()[0] for line in lines]  # type: ignore[index]
    assert specials == ["plunge", "low-no", "sevens", "splash"]


def test_a_hand_won_by_the_renege_penalty_is_not_made_as_played() -> None:
    """renege.t42, hand 1: S bid 31 and took 25; W reneged, so NS score the hand, but the
    bid was not made as played."""
    read = next(read_games((SAMPLES / "renege.t42").read_text(encoding="utf-8")))
    first = analyse_game(read.game, read.rules)[0]
    assert first.hand == 1
    assert first.made is False


@pytest.mark.parametrize("name", ["José", "A\u2028B\u0085C", "李 🁣"])
def test_resume_counts_bytes_whatever_the_names(
    archive: Path, tmp_path: Path, name: str
) -> None:
    # A name outside ASCII, or holding a character str.splitlines breaks at (U+2028,
    # U+0085), is written raw in the output: resuming must count what it keeps in bytes
    # and break lines at "\n" only, whatever was cut where.
    text = archive.read_text(encoding="utf-8").replace('[North "', f'[North "{name}')
    source = tmp_path / "named.t42"
    source.write_text(text, encoding="utf-8")
    whole = tmp_path / "whole.jsonl"
    assert t42("analyze", str(source), "--jobs", "1", "-o", str(whole))[0] == 0
    ref = whole.read_bytes()
    first, second = ref.split(b"\n")[:2]
    assert name.encode() in first
    middle = second.index(name.encode()) + 1  # inside a character, when it is not ASCII
    for kept in (first + b"\n", first + b"\n" + second[:middle]):
        out = tmp_path / "out.jsonl"
        out.write_bytes(kept)
        code, _, _ = t42("analyze", str(source), "--jobs", "1", "-o", str(out), "--resume")
        assert code == 0
        assert out.read_bytes() == ref


def test_resume_reads_its_lines_in_bytes() -> None:
    line = '{"file": "a.t42", "game": 1, "game_id": "x", "rejected": "José\u2028"}\n'
    done = Resume.of((line + line[:20]).encode())
    assert done.kept == len(line.encode())
    assert done.written == 1


def test_ctrl_c_with_two_processes_prints_no_traceback(archive: Path, tmp_path: Path) -> None:
    # Ctrl-C reaches every process of the terminal's group, the workers too: a worker that
    # waits for work printed its KeyboardInterrupt's traceback.
    out = tmp_path / "out.jsonl"
    command = [sys.executable, "-m", "t42", "analyze", str(archive), "--jobs", "2",
               "-o", str(out)]
    with subprocess.Popen(command, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL,
                          start_new_session=True) as run:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and run.poll() is None:
            if out.exists() and out.read_bytes().count(b"\n") >= 1:
                break
            time.sleep(0.02)
        os.killpg(run.pid, signal.SIGINT)  # as the terminal sends it
        _, err = run.communicate()
    assert run.returncode == 130, err
    assert b"Traceback" not in err


def test_a_worker_leaves_ctrl_c_to_its_parent(archive: Path, one_core: str,
                                              tmp_path: Path) -> None:
    # The same, made certain: Ctrl-C sent to the workers alone. The parent answers Ctrl-C;
    # a worker that took it died with a traceback and broke the pool.
    out = tmp_path / "out.jsonl"
    command = [sys.executable, "-m", "t42", "analyze", str(archive), "--jobs", "2",
               "-o", str(out)]
    with subprocess.Popen(command, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL) as run:
        children = Path(f"/proc/{run.pid}/task/{run.pid}/children")
        workers: list[int] = []
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and run.poll() is None and len(workers) < 2:
            workers = [int(pid) for pid in children.read_text().split()]
            time.sleep(0.02)
        for worker in workers:
            os.kill(worker, signal.SIGINT)
        _, err = run.communicate()
    assert len(workers) == 2
    assert run.returncode == 0, err
    assert b"Traceback" not in err
    assert out.read_text(encoding="utf-8") == one_core


def test_a_bid_that_announces_its_contract_is_summed_at_its_level() -> None:
    """announced-bids.t42: a 4m-plunge is a bid of 4 marks (docs/rules.md, The other 42
    programs); the summary lists it with the 4-mark bids (it stopped on it)."""
    code, out, err = t42("analyze", str(SAMPLES / "announced-bids.t42"), "--jobs", "1")
    assert code == 0, err
    summary = AnalysisSummary()
    for line in _valid(out):
        summary.add(line)
    assert summary.levels() == ["1m", "2m", "4m"]
