"""Mutated records through the ``t42`` command: never a traceback, exit 0, 1 or 2.

Run from the checkout:

    .venv/bin/python tests/fuzz/commands.py --runs 500 --seed 1

Each run writes one input of ``mutate.py``'s kind to a file (``.t42`` for notation, ``.json``
or ``.jsonl`` for JSON) and runs one command on it in a new process, as a user would:
``validate``, ``fmt``, ``convert`` (to each form), ``stats``, ``replay --print``, ``html``,
``diagram``, ``audit`` and ``par``. A traceback, an internal error, another exit code or a run
of more than ``--timeout`` seconds is a crash: the input is written to ``--crashes`` (with the
command beside it, ``NAME.command``) and counted. One command at a time.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from corpus import seeds  # noqa: E402
from mutate import mutate  # noqa: E402

COMMANDS: list[tuple[list[str], int]] = [
    (["validate", "{in}"], 4),
    (["validate", "--json", "{in}"], 1),
    (["fmt", "{in}"], 3),
    (["convert", "{in}", "-o", "{dir}/out.jsonl"], 2),
    (["convert", "{in}", "-o", "{dir}/out.json"], 1),
    (["convert", "{in}", "--to", "t42"], 2),
    (["stats", "{in}"], 2),
    (["replay", "--print", "{in}"], 2),
    (["html", "{in}", "-o", "{dir}/out.html"], 1),
    (["diagram", "{in}", "-o", "{dir}/out.svg"], 1),
    (["audit", "{in}"], 1),
    (["par", "{in}"], 1),
]


def run(command: list[str], data: bytes, timeout: float) -> tuple[str, int | None, str]:
    """What is wrong with running ``command`` on ``data`` ("" for nothing), its exit code
    (None after a time-out) and its output."""
    suffix = ".t42" if not data[0] & 1 else random.choice((".json", ".jsonl"))
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / f"record{suffix}"
        source.write_bytes(data[1:])
        argv = [part.replace("{in}", str(source)).replace("{dir}", folder) for part in command]
        try:
            done = subprocess.run(
                [sys.executable, "-m", "t42", *argv],
                capture_output=True, timeout=timeout, cwd=folder, stdin=subprocess.DEVNULL,
            )
        except subprocess.TimeoutExpired:
            return "time-out", None, ""
    output = (done.stdout + done.stderr).decode("utf-8", "replace")
    if "Traceback (most recent call last)" in output:
        return "traceback", done.returncode, output
    if "internal error" in output:
        return "internal error", done.returncode, output
    if done.returncode not in (0, 1, 2):
        return f"exit {done.returncode}", done.returncode, output
    return "", done.returncode, output


def main() -> None:
    parser = argparse.ArgumentParser(description="Fuzz the t42 command with mutated records.")
    parser.add_argument("--runs", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=300.0, help="seconds per command")
    parser.add_argument("--crashes", type=Path, default=HERE / "crashes")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    random.seed(args.seed)  # the file's suffix
    pool = list(seeds().values())
    commands, weights = zip(*COMMANDS, strict=True)
    codes: Counter[int | None] = Counter()
    crashes: Counter[str] = Counter()
    args.crashes.mkdir(exist_ok=True)
    for number in range(1, args.runs + 1):
        data = mutate(rng, rng.choice(pool), pool)
        command = rng.choices(commands, weights)[0]
        wrong, code, output = run(command, data, args.timeout)
        codes[code] += 1
        if wrong:
            crashes[wrong] += 1
            name = "command-" + hashlib.sha1(data).hexdigest()[:12]
            (args.crashes / name).write_bytes(data)
            (args.crashes / f"{name}.command").write_text(" ".join(command) + "\n")
            print(f"run {number}: t42 {' '.join(command)}: {wrong} -> {name}", flush=True)
            print(output[-2000:], flush=True)
        if number % 50 == 0:
            print(f"{number} runs, {sum(crashes.values())} crashing", flush=True)
    exits = ", ".join(f"exit {c}: {n}" for c, n in sorted(codes.items(), key=str))
    print(f"done: {args.runs} runs (seed {args.seed}), {exits}; {sum(crashes.values())} crashing")
    for wrong, count in sorted(crashes.items()):
        print(f"  {count:6} {wrong}")
    sys.exit(1 if crashes else 0)


if __name__ == "__main__":
    main()
