"""The fuzzers' starting points: the samples as notation and as JSON, and dealt games.

Each seed is the byte that picks the target (``targets.check``: 0 notation, 1 JSON) followed
by the input, as both fuzzers (``fuzz.py`` with atheris, ``mutate.py`` without) feed them.
"""

from __future__ import annotations

import random
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def seeds() -> dict[str, bytes]:
    """Every seed by name: each sample as notation and (when it reads) as JSON, and four
    games as ``t42 deal`` writes them in both forms."""
    from notation.formats.json.form import dumps
    from notation.formats.text import loads
    from notation.formats.text.writer import write_game
    from notation.model.rule_sets import RuleSet
    from notation.rules.dealing import random_game

    found: dict[str, bytes] = {}
    for i, sample in enumerate(sorted((ROOT / "samples").glob("*.t42"))):
        text = sample.read_text(encoding="utf-8")
        found[f"t42-{i}"] = b"\x00" + text.encode()
        try:
            games = loads(text)
        except ValueError:
            continue
        found[f"json-{i}"] = b"\x01" + dumps(games[0]).encode()
    for i in range(4):
        game = random_game(random.Random(i), RuleSet())
        found[f"dealt-{i}"] = b"\x00" + write_game(game).encode()
        found[f"dealt-json-{i}"] = b"\x01" + dumps(game).encode() + b"\n"
    return found
