"""A seeded mutation fuzzer of the notation reader and the JSON loader, without atheris.

Run from the checkout:

    .venv/bin/python tests/fuzz/mutate.py --runs 20000 --seed 1

It starts from the samples and dealt games (``corpus.py``), as notation and as JSON, and
feeds each a stack of random mutations (bytes flipped, cut, repeated, spliced from another
seed; words of the notation, numbers of thousands of digits, deep nesting, control and
invisible characters) through the promises of ``targets.check``. Anything else than a clean
return (an exception of any kind, a broken promise, a run of more than ``--timeout``
seconds) is a crash: it is shrunk, written to ``tests/fuzz/crashes/`` and counted. The same
seed gives the same inputs, so a run can be repeated exactly. One process: a fuzz run should
not take a shared machine's every core.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import re
import signal
import sys
import time
import traceback
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from types import FrameType

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from corpus import seeds  # noqa: E402
from targets import check  # noqa: E402

MAX_LEN = 1 << 16

# What a careless or hostile writer puts in a record: the notation's words and signs, numbers
# past any size, nesting past any depth, and characters that are not what they look like.
WORDS: list[bytes] = [
    *(w.encode() for w in (
        "hand", "dealer", "bid", "trump", "play", "end", "made", "set", "laydown", "pass",
        "nello", "plunge", "sevens", "splash", "doubles", "follow-me", "low", "high", "marks",
        "points", "score", "N", "E", "S", "W", "m", "x", "30", "42", "84", "2m", "4m", "6-6",
        "0-0", "5-5", "6-4", "1-0", "[", "]", "{", "}", ";", '"', "\\", "\n", " ", "\t", "-",
        "[Rules \"texas\"]", "[Options \"nello-doubles-own-suit\"]", "[Variant \"x\"]",
        "\r", "\x0c", "\x0b", "\x85", "\u2028", "\u2029", "\u200b", "\ufeff", "\u202e",
        "\x1b[2J", "\x07", "\x00", "é", "\U0001f600", "-1", "0", "00", "007", "1e400",
        "NaN", "Infinity", "-0", "null", "true", "false", "{}", "[]", '""', '"x":',
        '"hands":', '"tags":', '"bids":', '"plays":', '"number":', '"points":',
    )),
]
BIG = [b"9" * n for n in (19, 20, 40, 400, 4301, 5000, 20000)]
DEEP = [b"[" * n + b"]" * n for n in (100, 1000, 5000)] + [
    b'{"a":' * n + b"1" + b"}" * n for n in (1000, 5000)
]
NUMBER = re.compile(rb"\d+")


def _flip(rng: random.Random, data: bytes, pool: list[bytes]) -> bytes:
    if not data:
        return data
    i = rng.randrange(len(data))
    return data[:i] + bytes([data[i] ^ (1 << rng.randrange(8))]) + data[i + 1 :]


def _byte(rng: random.Random, data: bytes, pool: list[bytes]) -> bytes:
    i = rng.randrange(len(data) + 1)
    return data[:i] + bytes([rng.randrange(256)]) + data[i:]


def _cut(rng: random.Random, data: bytes, pool: list[bytes]) -> bytes:
    if not data:
        return data
    i = rng.randrange(len(data))
    j = min(len(data), i + rng.choice((1, 2, 4, 16, 64, 512)))
    return data[:i] + data[j:]


def _repeat(rng: random.Random, data: bytes, pool: list[bytes]) -> bytes:
    if not data:
        return data
    i = rng.randrange(len(data))
    j = min(len(data), i + rng.choice((1, 8, 64, 512)))
    k = rng.randrange(len(data) + 1)
    return data[:k] + data[i:j] * rng.choice((1, 2, 10)) + data[k:]


def _splice(rng: random.Random, data: bytes, pool: list[bytes]) -> bytes:
    other = rng.choice(pool)[1:]
    if not other:
        return data
    i = rng.randrange(len(data) + 1)
    a = rng.randrange(len(other))
    b = min(len(other), a + rng.choice((8, 64, 512, 4096)))
    return data[:i] + other[a:b] + data[i:]


def _word(rng: random.Random, data: bytes, pool: list[bytes]) -> bytes:
    i = rng.randrange(len(data) + 1)
    word = rng.choice(WORDS)
    if rng.random() < 0.5 and data:  # in place of what was there
        return data[:i] + word + data[i + len(word) :]
    return data[:i] + word + data[i:]


def _number(rng: random.Random, data: bytes, pool: list[bytes]) -> bytes:
    numbers = list(NUMBER.finditer(data))
    if not numbers:
        return _word(rng, data, pool)
    m = rng.choice(numbers)
    new = rng.choice([*BIG, b"0", b"-1", b"1" + b"0" * rng.randrange(1, 30), b"1.5", b"1e9"])
    return data[: m.start()] + new + data[m.end() :]


def _deep(rng: random.Random, data: bytes, pool: list[bytes]) -> bytes:
    i = rng.randrange(len(data) + 1)
    return data[:i] + rng.choice(DEEP) + data[i:]


def _line_ends(rng: random.Random, data: bytes, pool: list[bytes]) -> bytes:
    return data.replace(b"\n", rng.choice((b"\r\n", b"\r", "\u2028".encode(), b"")))


Mutation = Callable[[random.Random, bytes, list[bytes]], bytes]
MUTATIONS: list[tuple[Mutation, int]] = [
    (_flip, 6), (_byte, 4), (_cut, 6), (_repeat, 4), (_splice, 4), (_word, 8),
    (_number, 4), (_deep, 1), (_line_ends, 1),
]


def mutate(rng: random.Random, seed: bytes, pool: list[bytes]) -> bytes:
    """``seed`` (its first byte the target) with one to eight mutations stacked on its input;
    sometimes the target byte is swapped, so notation goes to the JSON loader and back."""
    target, data = seed[:1], seed[1:]
    functions, weights = zip(*MUTATIONS, strict=True)
    for _ in range(rng.choice((1, 1, 2, 3, 4, 8))):
        data = rng.choices(functions, weights)[0](rng, data, pool)[:MAX_LEN]
    if rng.random() < 0.05:
        target = bytes([target[0] ^ 1])
    return target + data


class Slow(BaseException):
    """A run longer than the time allowed (a BaseException, so no ``except Exception`` in
    t42 can swallow it)."""


def _alarm(signum: int, frame: FrameType | None) -> None:
    raise Slow


Signature = tuple[str, str]  # a crash's kind and the innermost t42 line it came from


def outcome(data: bytes, timeout: float) -> tuple[Signature, str] | None:
    """None when ``data`` keeps every promise; else the crash's signature (its kind and the
    innermost t42 line it came from) and its traceback."""
    signal.setitimer(signal.ITIMER_REAL, timeout)
    try:
        check(data)
    except Slow:
        return ("slow", "more than the time allowed"), ""
    except RecursionError as e:  # its traceback is thousands of frames: the place only
        tb = traceback.extract_tb(e.__traceback__)
        where = next((f"{f.filename}:{f.lineno}" for f in tb if "/notation/" in f.filename), "")
        return ("RecursionError", where), "RecursionError at " + where
    except BaseException as e:
        if isinstance(e, KeyboardInterrupt):
            raise
        tb = traceback.extract_tb(e.__traceback__)
        ours = [f for f in tb if "/notation/" in f.filename or "/fuzz/" in f.filename]
        where = f"{ours[-1].filename.rsplit('/', 1)[-1]}:{ours[-1].lineno}" if ours else ""
        return (type(e).__name__, where), "".join(traceback.format_exception(e))[-3000:]
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
    return None


def shrink(data: bytes, signature: Signature, timeout: float, seconds: float = 60) -> bytes:
    """A shorter input with the same signature: cut chunks, halving their size, for at most
    ``seconds`` (a slow input is kept as it is: each try would cost the whole time-out)."""
    if signature[0] == "slow":
        return data
    stop = time.monotonic() + seconds
    chunk = max(1, len(data) // 2)
    while chunk >= 1 and time.monotonic() < stop:
        i = 1
        while i < len(data) and time.monotonic() < stop:
            smaller = data[:i] + data[i + chunk :]
            found = outcome(smaller, timeout)
            if found is not None and found[0] == signature:
                data = smaller
            else:
                i += chunk
        chunk //= 2
    return data


def main() -> None:
    parser = argparse.ArgumentParser(description="Mutation-fuzz the t42 readers (no atheris).")
    parser.add_argument("--runs", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=20.0, help="seconds per input")
    parser.add_argument("--crashes", type=Path, default=HERE / "crashes")
    args = parser.parse_args()
    signal.signal(signal.SIGALRM, _alarm)
    rng = random.Random(args.seed)
    pool = list(seeds().values())
    kinds: Counter[str] = Counter()
    found: dict[Signature, int] = {}
    args.crashes.mkdir(exist_ok=True)
    run = 0
    signal.signal(signal.SIGTERM, signal.default_int_handler)  # stopped: say what was done
    try:
        while run < args.runs:
            run += 1
            _one(run, rng, pool, kinds, found, args)
    except KeyboardInterrupt:
        print(f"stopped after {run - 1} runs", flush=True)
        run -= 1
    print(
        f"done: {run} runs (seed {args.seed}: {kinds['notation']} notation, "
        f"{kinds['json']} JSON), {sum(found.values())} crashing, {len(found)} distinct"
    )
    for (kind, where), count in sorted(found.items()):
        print(f"  {count:6} {kind} at {where}")
    sys.exit(1 if found else 0)


def _one(
    run: int, rng: random.Random, pool: list[bytes], kinds: Counter[str],
    found: dict[Signature, int], args: argparse.Namespace,
) -> None:
    """One mutated input through the promises; a new crash shrunk, written and shown."""
    data = mutate(rng, rng.choice(pool), pool)
    kinds["json" if data[0] & 1 else "notation"] += 1
    result = outcome(data, args.timeout)
    if result is not None:
        signature, text = result
        found[signature] = found.get(signature, 0) + 1
        if found[signature] == 1:
            small = shrink(data, signature, args.timeout)
            name = "found-" + hashlib.sha1(small).hexdigest()[:12]
            (args.crashes / name).write_bytes(small)
            print(f"run {run}: {signature[0]} at {signature[1]} -> {name}", flush=True)
            print(text, flush=True)
    if run % 500 == 0:
        print(f"{run} runs, {sum(found.values())} crashing, {len(found)} distinct", flush=True)


if __name__ == "__main__":
    main()
