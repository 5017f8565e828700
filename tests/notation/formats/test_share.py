"""t42's share code (docs/sharing.md, Share codes): a game, or one hand of it, as short URL-safe
text that gives the record back exactly.

The property: for random legal games of every rule set and option (as ``test_properties``
draws them), dressed with comments and extra tags, notation → code → notation gives the same
canonical text. The rest: one hand, the version field, and damaged codes refused in words.
"""

from __future__ import annotations

import base64
import random
import re
import sys
import zlib
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from notation.formats import share
from notation.formats.text import dumps, loads
from notation.model.game import Comment, Game, Tag
from notation.model.rule_sets import RuleSet
from notation.rules.dealing import random_game

sys.path.insert(0, str(Path(__file__).parents[1]))
from test_properties import SCALE, seeds, tables

SAMPLES = Path(__file__).parents[3] / "samples"
URL_SAFE = re.compile(r"[0-9]+\.[A-Za-z0-9_-]*")


def _dressed(game: Game, rng: random.Random) -> Game:
    """``game`` with a tag of its own and comments on some items, as scorekeepers write."""
    tags = (*game.tags, Tag("Scorer", "Ann \"Dot\" O'Neil <ann@club>", after=(Comment("ü ♦"),)))
    hands = list(game.hands)
    for i, hand in enumerate(hands):
        if rng.random() < 0.5 and hand.auction is not None:
            calls = list(hand.auction.calls)
            k = rng.randrange(len(calls))
            calls[k] = replace(calls[k], after=(Comment("a light bid {?}".replace("{?}", "!"),
                                                        braced=True),))
            hands[i] = replace(hand, auction=replace(hand.auction, calls=tuple(calls)))
        if rng.random() < 0.3:
            hands[i] = replace(hands[i], header=replace(hands[i].header,
                                                        before=(Comment("new deal"),)))
    return Game(tags, tuple(hands))


@settings(max_examples=100 * SCALE)
@given(tables, seeds)
def test_notation_to_code_to_notation_is_exact(rules: RuleSet, seed: int) -> None:
    game = _dressed(random_game(random.Random(seed), rules), random.Random(seed))
    canonical = dumps(loads(dumps(game))[0])
    code = share.dumps(loads(canonical)[0])
    assert URL_SAFE.fullmatch(code)
    assert dumps(share.loads(code)) == canonical


@settings(max_examples=50 * SCALE)
@given(tables, seeds, st.integers(min_value=0, max_value=20))
def test_one_hand_is_the_game_with_that_hand_only(rules: RuleSet, seed: int, pick: int) -> None:
    game = random_game(random.Random(seed), rules)
    hand = game.hands[pick % len(game.hands)]
    shared = share.loads(share.dumps(share.one_hand(game, hand.header.number)))
    assert shared.tags == game.tags
    assert shared.hands == (hand,)


def test_a_sample_game_and_one_of_its_hands() -> None:
    text = (SAMPLES / "full-game.t42").read_text(encoding="utf-8")
    game = loads(text)[0]
    code = share.dumps(game)
    assert code.startswith("1.")
    assert dumps(share.loads(code)) == dumps(game)
    one = share.dumps(share.one_hand(game, 4))
    assert len(one) < len(code) / 2
    assert [h.header.number for h in share.loads(one).hands] == [4]


def test_a_link_reads_as_its_code() -> None:
    game = loads((SAMPLES / "nello.t42").read_text(encoding="utf-8"))[0]
    code = share.dumps(game)
    assert share.loads(f"https://club.example/t42/page.html#g={code}") == game
    assert share.looks_like_code(f"page.html#g={code}")


def test_no_such_hand_is_said() -> None:
    game = loads((SAMPLES / "nello.t42").read_text(encoding="utf-8"))[0]
    with pytest.raises(share.ShareCodeError, match=r"no hand 99 \(its hands: 1"):
        share.one_hand(game, 99)


def _code_of(raw: bytes, version: int = 1) -> str:
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(raw) + packer.flush()
    return f"{version}." + base64.urlsafe_b64encode(packed).decode().rstrip("=")


@pytest.mark.parametrize(("code", "words"), [
    ("2.abc", "share code of version 2; this t42 reads version 1 (a newer t42 may read it)"),
    ("1.ab+c", "letters, digits, - and _ only"),
    ("abc", "a version number, a dot"),
    ("1.!!", "letters, digits, - and _ only"),
    ("1.AAAA", "cut short"),
    (_code_of(b'{"format": "t42-game", "version": 1, "tags": []}'), "holds no game"),
    (_code_of(b"[Event"), "holds no game"),
    (_code_of(b"\xff\xfe"), "damaged"),
])
def test_what_is_not_a_code_is_said(code: str, words: str) -> None:
    with pytest.raises(share.ShareCodeError, match=re.escape(words)):
        share.loads(code)


def test_a_code_cut_short_is_said() -> None:
    game = loads((SAMPLES / "full-game.t42").read_text(encoding="utf-8"))[0]
    code = share.dumps(game)
    with pytest.raises(share.ShareCodeError, match=r"cut short|damaged"):
        share.loads(code[: len(code) // 2])


def test_a_code_that_opens_to_gigabytes_is_refused_early() -> None:
    bomb = _code_of(b" " * (share.MAX_RECORD_BYTES + 1))
    assert len(bomb) < 10_000
    with pytest.raises(share.ShareCodeError, match=r"more than 4,000,000 bytes"):
        share.loads(bomb)
