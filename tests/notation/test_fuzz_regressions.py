"""Every input the fuzzer (tests/fuzz/fuzz.py) ever broke t42 with, replayed after the fix,
plus the samples through the same promises."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

FUZZ = Path(__file__).resolve().parents[1] / "fuzz"
sys.path.insert(0, str(FUZZ))
from targets import check, check_json, check_notation  # noqa: E402

CRASHES = sorted(p for p in (FUZZ / "crashes").iterdir() if p.is_file() and p.name != ".keep")
SAMPLES = sorted((FUZZ.parents[1] / "samples").glob("*.t42"))


@pytest.mark.parametrize("path", CRASHES, ids=[p.name for p in CRASHES])
def test_fuzzer_crash_stays_fixed(path: Path) -> None:
    check(path.read_bytes())


@pytest.mark.parametrize("path", SAMPLES, ids=[p.name for p in SAMPLES])
def test_samples_keep_the_fuzz_promises(path: Path) -> None:
    data = path.read_bytes()
    check_notation(data)
    check_json(data)
