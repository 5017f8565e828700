"""t42's share code: a game, or one hand of it, as short URL-safe text, used like :mod:`json`.

A share code is ``<version>.<payload>``. The version is a whole number (1 today): a reader
refuses a version it does not know, in words, rather than misread it. Version 1's payload is
the game's JSON document (:mod:`notation.formats.json`, written compactly) compressed with
raw DEFLATE (RFC 1951) and written in base64url without padding (RFC 4648 §5), so the code
uses only ``A``–``Z``, ``a``–``z``, ``0``–``9``, ``-``, ``_`` and one ``.``: it can stand in
a link's address, its fragment (``page.html#g=…``) or a chat message as it is.

The code holds everything the JSON form holds — tags, the deal, the auction, trump, every
play, the ending, the score lines, the rules and every comment — so notation → code →
notation gives back the canonical text. When the record holds more (annotations,
variations), the JSON form carries them and the code with it; a change the old readers
cannot read takes a new version number.

The one-file HTML page (``t42 html``) reads a code from its address, ``#g=<code>``, and
decodes it in its own script (its browser's ``DecompressionStream("deflate-raw")``), so any
copy of the page on any web host shows a shared hand with no server.

>>> from notation.formats.text import loads as read_notation
>>> game = read_notation('[Event "demo"]\\nhand 1 dealer N\\nbid E pass S 30 W pass N pass\\n')[0]
>>> code = dumps(game)
>>> code.startswith("1.") and all(c.isalnum() or c in "-_." for c in code)
True
>>> loads(code) == game
True
>>> try:
...     loads("7.abc")
... except ShareCodeError as e:
...     print(e)
this is a share code of version 7; this t42 reads version 1 (a newer t42 may read it)
"""

from __future__ import annotations

import base64
import binascii
import dataclasses
import json
import re
import zlib

from notation.errors import NotationError, RecordError
from notation.formats.json import dumps_game, loads_game
from notation.model.game import Game

VERSION = 1
# A code opens a record no larger than this when inflated: a game of many hands is well
# under it, and a crafted code cannot make a reader build gigabytes.
MAX_RECORD_BYTES = 4_000_000
_CODE = re.compile(r"(?P<version>[0-9]+)\.(?P<payload>[A-Za-z0-9_-]*)")


class ShareCodeError(NotationError):
    """Text that is not a share code t42 can read, said in words."""

    def __init__(self, message: str) -> None:
        super().__init__(message, None, None, "bad-share-code")


def dumps(game: Game) -> str:
    """The share code of ``game`` (all of it; :func:`one_hand` first to share one hand)."""
    document = json.dumps(dumps_game(game), ensure_ascii=False, separators=(",", ":"))
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(document.encode("utf-8")) + packer.flush()
    return f"{VERSION}." + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def looks_like_code(text: str) -> bool:
    """Whether ``text`` is meant as a share code, alone or at the end of a link
    (``…#g=<code>``): a version and a dot, then 16 or more characters and no space (any
    game's code is longer; a file's name such as ``1.t42`` is not taken for one), and
    :func:`loads` says what is wrong with one that is damaged.

    >>> looks_like_code("1.q1YqSi0pSc1TsgISWQ"), looks_like_code("page.html#g=1.q1YqSi0pSc1TsgISWQ")
    (True, True)
    >>> looks_like_code("hand 1 dealer N"), looks_like_code("1.t42")
    (False, False)
    """
    return re.fullmatch(r"[0-9]+\.\S{16,}", _code_of(text)) is not None


def _code_of(text: str) -> str:
    text = text.strip()
    return text.split("#g=", 1)[1] if "#g=" in text else text


def loads(code: str) -> Game:
    """The game a share code holds (alone, or a link ending ``#g=<code>``); raise
    :class:`ShareCodeError` for anything else.

    >>> try:
    ...     loads("1.%%%")
    ... except ShareCodeError as e:
    ...     print(e)
    a share code is a version number, a dot, then letters, digits, - and _ only
    """
    match = _CODE.fullmatch(_code_of(code))
    if match is None:
        raise ShareCodeError(
            "a share code is a version number, a dot, then letters, digits, - and _ only"
        )
    version = int(match["version"])
    if version != VERSION:
        raise ShareCodeError(
            f"this is a share code of version {version}; this t42 reads version {VERSION}"
            + (" (a newer t42 may read it)" if version > VERSION else "")
        )
    payload = match["payload"]
    try:
        packed = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
        unpacker = zlib.decompressobj(-15)
        raw = unpacker.decompress(packed, MAX_RECORD_BYTES)
        if unpacker.unconsumed_tail:
            raise ShareCodeError(
                f"this share code opens to more than {MAX_RECORD_BYTES:,} bytes: not a record"
            )
        if not unpacker.eof:
            raise ShareCodeError("this share code is cut short (was it copied whole?)")
        text = raw.decode("utf-8")
    except (binascii.Error, zlib.error, UnicodeDecodeError):
        raise ShareCodeError(
            "this share code is damaged: its letters do not open to a record "
            "(was it copied whole?)"
        ) from None
    try:
        return loads_game(json.loads(text))
    except (ValueError, RecordError, RecursionError) as e:
        raise ShareCodeError(f"this share code holds no game t42 can read: {e}") from None


def one_hand(game: Game, number: int) -> Game:
    """``game`` with its tags and only hand ``number`` (as the record numbers it), to share
    one hand; raise :class:`ShareCodeError` when the game has no such hand.

    >>> from notation.formats.text import loads as read_notation
    >>> game = read_notation('[Event "x"]\\nhand 1 dealer N\\nhand 2 dealer E\\n')[0]
    >>> [h.header.number for h in one_hand(game, 2).hands]
    [2]
    """
    chosen = tuple(hand for hand in game.hands if hand.header.number == number)
    if not chosen:
        numbers = ", ".join(str(hand.header.number) for hand in game.hands) or "none"
        raise ShareCodeError(f"the game has no hand {number} (its hands: {numbers})")
    return dataclasses.replace(game, hands=chosen[:1])
