"""What keeps a club night's server to the people at it, as ASGI middleware around the app:
a limit on the size of a request, a limit on the rate of requests (per table link, else per
address), no form posted from another site, and headers that keep the pages' links (which
carry the tokens) and scripts to this server.

The director's secret and the tables' tokens are checked by the pages themselves
(:mod:`club.app`).
"""

from __future__ import annotations

import hmac
import json
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from hashlib import sha256
from urllib.parse import urlsplit

from starlette.types import ASGIApp, Message, Receive, Scope, Send

MAX_BODY = 16 * 1024  # bytes: the longest form, an event of forty teams, is far less
UNSAFE = frozenset({"POST", "PUT", "PATCH", "DELETE"})


def signed(secret: str, purpose: str) -> str:
    """A value only the holder of ``secret`` can make, for ``purpose`` (a cookie, a form)."""
    return hmac.new(secret.encode(), purpose.encode(), sha256).hexdigest()


def same(a: str | None, b: str) -> bool:
    return a is not None and hmac.compare_digest(a.encode(), b.encode())


@dataclass
class Buckets:
    """A token bucket per key: ``rate`` requests a second on average, ``burst`` at once."""

    rate: float
    burst: float
    _tokens: dict[str, tuple[float, float]] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def take(self, key: str, now: float | None = None) -> bool:
        """True when ``key`` may make a request now (and counts it)."""
        now = time.monotonic() if now is None else now
        with self._lock:
            tokens, then = self._tokens.get(key, (self.burst, now))
            tokens = min(self.burst, tokens + (now - then) * self.rate)
            if tokens < 1:
                self._tokens[key] = (tokens, now)
                return False
            self._tokens[key] = (tokens - 1, now)
            return True


async def _refuse(send: Send, status: int, words: str, headers: tuple[tuple[bytes, bytes], ...]
                  = ()) -> None:
    body = json.dumps({"refused": words}).encode()
    await send({"type": "http.response.start", "status": status, "headers": [
        (b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
        *headers,
    ]})
    await send({"type": "http.response.body", "body": body})


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key == name:
            return str(value.decode("latin-1"))
    return None


class Guard:
    """The middleware: size and rate limits, same-origin posts, safe headers."""

    def __init__(self, app: ASGIApp, rate: float = 30.0, burst: float = 300.0,
                 is_table: Callable[[str], bool] = lambda token: False) -> None:
        self.app = app
        self.buckets = Buckets(rate, burst)
        self.is_table = is_table

    def _rate_key(self, scope: Scope) -> str:
        path: str = scope.get("path", "")
        parts = path.split("/")
        # A table's phone has its own allowance; a made-up token shares its address's.
        if path.startswith("/t/") and len(parts) > 2 and self.is_table(parts[2]):
            return "/t/" + parts[2]
        client = scope.get("client")
        return client[0] if client else "?"

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if not self.buckets.take(self._rate_key(scope)):
            await _refuse(send, 429, "too many requests: wait a moment",
                          ((b"retry-after", b"1"),))
            return
        method = scope.get("method", "GET")
        if method in UNSAFE and not self._same_origin(scope):
            await _refuse(send, 403, "a form from another site is not accepted")
            return
        length = _header(scope, b"content-length")
        if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
            await _refuse(send, 413, "the request is too large")
            return
        received = 0

        async def limited() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > MAX_BODY:
                    raise _TooLarge
            return message

        started = False

        async def headed(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                headers = list(message.get("headers", []))
                names = {k.lower() for k, _ in headers}
                for name, value in _SAFE_HEADERS:
                    if name not in names:
                        headers.append((name, value))
                message = {**message, "headers": headers}
            await send(message)

        try:
            await self.app(scope, limited, headed)
        except _TooLarge:
            if not started:
                await _refuse(send, 413, "the request is too large")

    def _same_origin(self, scope: Scope) -> bool:
        """False for a request a browser says came from another site."""
        if _header(scope, b"sec-fetch-site") == "cross-site":
            return False
        host = _header(scope, b"host")
        origin = _header(scope, b"origin") or _header(scope, b"referer")
        if origin is None:
            return True  # not sent by a browser page: no other site is behind it
        return host is not None and urlsplit(origin).netloc == host


class _TooLarge(Exception):
    pass


_SAFE_HEADERS = (
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    # The pages' addresses carry the tables' tokens: never sent to another site.
    (b"referrer-policy", b"same-origin"),
    (b"content-security-policy",
     b"default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
     b"script-src 'self'; frame-ancestors 'none'; form-action 'self'"),
    (b"cache-control", b"no-store"),
)
