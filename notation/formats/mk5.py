"""mk5's URL replays (the 42 program jasonyandell/mk5-main), read and written as its events:
used like :mod:`json`, ``loads`` a URL to a :class:`Mk5Replay` and ``dumps`` one back.

An mk5 replay is the query of a URL (docs/sharing.md, Other programs' records):

- ``i=`` the deal: the 28 tiles, player 0's seven first, then players 1, 2 and 3, each tile
  as its number in the order 0-0, 1-0, 1-1, 2-0, 2-1, 2-2, 3-0 … 6-6 (0 … 27), five bits a
  tile, least significant bit first, packed into 18 bytes, base64url without padding (24
  characters); or ``s=`` a seed (base 36) from which mk5 shuffles the deal itself;
- ``d=`` the dealer, a player 0 … 3 (3 when absent); player 0 bids first after dealer 3;
- ``l=`` the rule layers, short codes joined by commas: ``n`` nello, ``p`` plunge, ``S``
  splash, ``v`` sevens, ``t`` tournament, ``o`` one hand, and the behaviours ``s`` speed and
  ``h`` hints, which change no rule;
- ``a=`` the events, one character each: ``A`` pass, ``B`` redeal, ``C`` … ``O`` bids of 30
  … 42, ``P`` ``Q`` ``R`` bids of 1, 2, 3 marks, ``S`` … ``Y`` trump blanks … sixes, ``Z``
  doubles, ``a`` no trump, ``b`` … ``2`` a tile played (0-0 … 6-6, in the order above), ``3``
  a trick completed, ``4`` the hand scored; ``~`` and a letter for the rare events (``~A``
  Plunge, ``~B`` Splash, ``~C`` Nello, ``~D`` 84 honors, ``~E`` Sevens, ``~F`` … ``~I`` a
  player's time running out);
- ``p=``, ``t=``, ``v=``, ``h=``: players (human or computer), theme, colours, a section's
  name, which say nothing of the game; kept as they are.

This module knows the syntax only. What the events mean as a t42 record (seats, tricks,
rules) is :mod:`notation.archive.peers`.

>>> replay = loads("https://example.org/?i=AEQMUIQUYNBkUdJYZGEe&d=3&a=CAAAYx")
Traceback (most recent call last):
...
notation.formats.mk5.Mk5Error: an mk5 deal (i=) is 24 characters; this one has 20
>>> replay = Mk5Replay(deal=tuple(range(28)), events=("bid-30", "pass", "trump-sixes"))
>>> url = dumps(replay)
>>> url
'?i=IIhBijkoqcWaezDKSau9OOsN&a=CAY'
>>> loads(url) == replay
True
"""

from __future__ import annotations

import base64
import binascii
import re
from dataclasses import dataclass, field
from urllib.parse import parse_qsl, urlencode

from notation.errors import NotationError

_TILE_EVENTS = tuple(f"play-{high}-{low}" for high in range(7) for low in range(high + 1))
_PLAIN: dict[str, str] = {
    "pass": "A",
    "redeal": "B",
    **{f"bid-{points}": chr(ord("C") + points - 30) for points in range(30, 43)},
    "bid-1-marks": "P",
    "bid-2-marks": "Q",
    "bid-3-marks": "R",
    **{f"trump-{suit}": chr(ord("S") + i) for i, suit in enumerate(
        ("blanks", "aces", "deuces", "tres", "fours", "fives", "sixes"))},
    "trump-doubles": "Z",
    "trump-no-trump": "a",
    **dict(zip(_TILE_EVENTS, "bcdefghijklmnopqrstuvwxyz012", strict=True)),
    "complete-trick": "3",
    "score-hand": "4",
}
_RARE: dict[str, str] = {
    "bid-plunge": "A",
    "bid-splash": "B",
    "bid-nello": "C",
    "bid-84-honors": "D",
    "bid-sevens": "E",
    "timeout-p0": "F",
    "timeout-p1": "G",
    "timeout-p2": "H",
    "timeout-p3": "I",
}
_EVENT_OF = {char: event for event, char in _PLAIN.items()}
_RARE_OF = {char: event for event, char in _RARE.items()}
# mk5's older URLs named three suits differently; the characters are the same.
_OLD_NAMES = {"trump-ones": "trump-aces", "trump-twos": "trump-deuces",
              "trump-threes": "trump-tres"}

LAYERS: dict[str, str] = {
    "n": "nello", "p": "plunge", "S": "splash", "v": "sevens", "t": "tournament",
    "o": "oneHand", "s": "speed", "h": "hints",
}
_LAYER_CODE = {name: code for code, name in LAYERS.items()}
DEFAULT_DEALER = 3
_DEAL_CHARS = 24
_KNOWN = {"i", "s", "d", "l", "a"}


class Mk5Error(NotationError):
    """Text that is not an mk5 URL replay this module can read or write, said in words."""

    def __init__(self, message: str) -> None:
        super().__init__(message, None, None, "bad-mk5-url")


@dataclass(frozen=True)
class Mk5Replay:
    """An mk5 URL replay as its parts: ``deal`` the 28 tile numbers (player 0's seven first)
    or ``seed``; the dealer; the layers by name; the events by mk5's names (``pass``,
    ``bid-30``, ``trump-sixes``, ``play-6-4``, ``complete-trick`` …); ``extra`` the other
    parameters, kept as written."""

    deal: tuple[int, ...] | None = None
    seed: int | None = None
    dealer: int = DEFAULT_DEALER
    layers: tuple[str, ...] = ()
    events: tuple[str, ...] = ()
    extra: tuple[tuple[str, str], ...] = field(default=())


def tile_event(high: int, low: int) -> str:
    """mk5's event for playing the tile ``high``-``low`` (``high`` ≥ ``low``)."""
    return f"play-{high}-{low}"


def tile_number(high: int, low: int) -> int:
    """A tile's number in mk5's order: 0-0 is 0, 1-0 is 1, 1-1 is 2 … 6-6 is 27.

    >>> tile_number(0, 0), tile_number(6, 4), tile_number(6, 6)
    (0, 25, 27)
    """
    return high * (high + 1) // 2 + low


def tile_of(number: int) -> tuple[int, int]:
    """The tile (high, low) of an mk5 tile number.

    >>> tile_of(25)
    (6, 4)
    """
    high = 0
    while tile_number(high + 1, 0) <= number:
        high += 1
    return high, number - tile_number(high, 0)


def is_mk5_url(text: str) -> bool:
    """Whether ``text`` looks like an mk5 replay: a query with ``a=`` and ``i=`` or ``s=``.

    >>> is_mk5_url("https://x.example/?s=abc&a=CAAA"), is_mk5_url("[Event \\"x\\"]")
    (True, False)
    """
    query = _query(text.strip())
    if query is None:
        return False
    names = {name for name, _ in parse_qsl(query, keep_blank_values=True)}
    return "a" in names and bool(names & {"i", "s"})


def _query(text: str) -> str | None:
    if any(c.isspace() for c in text):
        return None
    if "?" in text:
        return text.split("?", 1)[1].split("#", 1)[0]
    return text if re.match(r"^[A-Za-z]+=", text) else None


def _pack(deal: tuple[int, ...]) -> str:
    bits = 0
    for i, number in enumerate(deal):
        bits |= number << (5 * i)
    return base64.urlsafe_b64encode(bits.to_bytes(18, "little")).decode("ascii").rstrip("=")


def _unpack(text: str) -> tuple[int, ...]:
    if len(text) != _DEAL_CHARS:
        raise Mk5Error(f"an mk5 deal (i=) is {_DEAL_CHARS} characters; this one has {len(text)}")
    try:
        raw = base64.urlsafe_b64decode(text)
    except (binascii.Error, ValueError):
        raise Mk5Error("an mk5 deal (i=) is letters, digits, - and _ only") from None
    bits = int.from_bytes(raw, "little")
    deal = tuple((bits >> (5 * i)) & 31 for i in range(28))
    if any(n > 27 for n in deal):
        raise Mk5Error("the mk5 deal (i=) holds a tile number above 27: no such tile")
    if len(set(deal)) != 28:
        raise Mk5Error("the mk5 deal (i=) deals some tile twice")
    return deal


def _events(text: str) -> tuple[str, ...]:
    events: list[str] = []
    i = 0
    while i < len(text):
        char = text[i]
        if char == "~":
            rare = text[i + 1 : i + 2]
            if rare not in _RARE_OF:
                raise Mk5Error(f"the mk5 events (a=) hold ~{rare} at {i + 1}: no such event")
            events.append(_RARE_OF[rare])
            i += 2
            continue
        if char not in _EVENT_OF:
            raise Mk5Error(f"the mk5 events (a=) hold {char!r} at {i + 1}: no such event")
        events.append(_EVENT_OF[char])
        i += 1
    return tuple(events)


def loads(text: str) -> Mk5Replay:
    """The replay of an mk5 URL (the whole address, or only its query); raise
    :class:`Mk5Error` in words for anything that is not one."""
    query = _query(text.strip())
    if query is None:
        raise Mk5Error("an mk5 replay is a web address whose query holds a= and i= or s=")
    params = parse_qsl(query, keep_blank_values=True)
    given = dict(params)
    if "i" in given and "s" in given:
        raise Mk5Error("an mk5 URL holds a deal (i=) or a seed (s=), not both")
    deal = _unpack(given["i"]) if "i" in given else None
    seed = None
    if "s" in given:
        try:
            seed = int(given["s"], 36)
        except ValueError:
            raise Mk5Error(f"the mk5 seed (s=) {given['s']!r} is not a number in base 36") from None
    if deal is None and seed is None:
        raise Mk5Error("an mk5 URL holds its deal (i=) or its seed (s=); this one neither")
    dealer_text = given.get("d", str(DEFAULT_DEALER))
    if dealer_text not in ("0", "1", "2", "3"):
        raise Mk5Error(f"the mk5 dealer (d=) is a player 0 … 3, not {dealer_text!r}")
    layers: list[str] = []
    for code in filter(None, given.get("l", "").split(",")):
        if code not in LAYERS:
            raise Mk5Error(f"the mk5 rule layer {code!r} (l=) is not one mk5 names")
        layers.append(LAYERS[code])
    extra = tuple((name, value) for name, value in params if name not in _KNOWN)
    return Mk5Replay(deal, seed, int(dealer_text), tuple(layers), _events(given.get("a", "")),
                     extra)


def dumps(replay: Mk5Replay, base: str = "") -> str:
    """The URL of ``replay``: ``base`` (an address, or nothing for the query alone), then its
    parameters as mk5 orders them, the events last."""
    params: list[tuple[str, str]] = []
    if replay.deal is not None:
        if sorted(replay.deal) != list(range(28)):
            raise Mk5Error("an mk5 deal holds each of the 28 tiles once")
        params.append(("i", _pack(replay.deal)))
    elif replay.seed is not None:
        params.append(("s", _base36(replay.seed)))
    else:
        raise Mk5Error("an mk5 URL needs its deal or its seed")
    params.extend(replay.extra)
    if replay.dealer != DEFAULT_DEALER:
        params.append(("d", str(replay.dealer)))
    if replay.layers:
        params.append(("l", ",".join(_LAYER_CODE[name] for name in replay.layers)))
    chars = []
    for event in replay.events:
        event = _OLD_NAMES.get(event, event)
        if event in _PLAIN:
            chars.append(_PLAIN[event])
        elif event in _RARE:
            chars.append("~" + _RARE[event])
        else:
            raise Mk5Error(f"mk5 has no event {event!r}")
    params.append(("a", "".join(chars)))
    return f"{base}?{urlencode(params, safe=',~')}"


def _base36(number: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    out = ""
    while True:
        number, digit = divmod(number, 36)
        out = digits[digit] + out
        if not number:
            return out
