"""Coverage-guided fuzzing of the notation reader and the JSON loader with atheris.

Run from the checkout (needs the fuzz extra: ``pip install '.[fuzz]'``):

    python tests/fuzz/fuzz.py --seconds 300

It starts from the samples (as notation and as JSON) and runs libFuzzer for the time given.
An input that breaks a promise (see ``targets.py``) is written to ``tests/fuzz/crashes/``;
fix the bug, keep the file: ``tests/notation/test_fuzz_regressions.py`` replays every one.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

import atheris  # type: ignore[import-untyped, import-not-found, unused-ignore]

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent

with atheris.instrument_imports():
    import notation.check.validate
    import notation.formats.json.form
    import notation.formats.text.reader
    import notation.formats.text.writer  # noqa: F401

sys.path.insert(0, str(HERE))
from corpus import seeds  # noqa: E402
from targets import check  # noqa: E402


def seed_corpus(folder: Path) -> None:
    for name, data in seeds().items():
        (folder / name).write_bytes(data)


def main() -> None:
    parser = argparse.ArgumentParser(description="Fuzz the t42 readers with atheris.")
    parser.add_argument("--seconds", type=int, default=120)
    args, rest = parser.parse_known_args()
    crashes = HERE / "crashes"
    crashes.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as corpus:
        seed_corpus(Path(corpus))
        argv = [
            sys.argv[0],
            corpus,
            f"-max_total_time={args.seconds}",
            f"-artifact_prefix={crashes}/",
            "-max_len=8192",
            "-timeout=10",
            "-rss_limit_mb=2048",
            *rest,
        ]
        atheris.Setup(argv, check)
        atheris.Fuzz()


if __name__ == "__main__":
    main()
