"""``t42 serve FOLDER``: open the club's database, print the addresses and their QR codes,
and serve the app on uvicorn until stopped."""

from __future__ import annotations

import gc
import socket
import sys
from pathlib import Path
from typing import TextIO

import segno

from club.app import Settings, create_app
from club.store import Store, database_url

ALL_ADDRESSES = ("0.0.0.0", "::")


def hall_address(host: str) -> str:
    """The address phones reach this laptop at: the host asked for, or, bound to every
    address, the one the laptop has on its network (no packet is sent to find it)."""
    if host not in ALL_ADDRESSES:
        return host
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("10.255.255.255", 1))
            return str(s.getsockname()[0])
        except OSError:
            return "127.0.0.1"


def _check_free(host: str, port: int) -> None:
    """Raise OSError, in words, when ``port`` cannot be listened on (before anything is
    printed: the addresses would be a lie)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind((host, port))
        except OSError as e:
            raise OSError(f"cannot listen on {host} port {port}: {e.strerror}") from None


def _plain(text: str) -> str:
    """``text`` with anything a terminal would act on shown as ``?``."""
    return "".join(ch if ch.isprintable() else "?" for ch in text)


def announce(store: Store, url: str, out: TextIO) -> None:
    """Print the director's address (with the secret) and its QR code, and each table's."""
    director = f"{url}/director/login?key={store.secret()}"
    out.write(f"t42 club night at {url}\n\nDirector (keep this secret): {director}\n")
    segno.make(director, error="m").terminal(out=out, compact=True)
    for event in store.events():
        out.write(f"\nEvent {event.id}: {_plain(event.name)}\n")
        for table in store.tables(event.id):
            link = f"{url}/t/{table.token}"
            out.write(f"Table {table.number}: {link}\n")
            segno.make(link, error="m").terminal(out=out, compact=True)
    out.write("\nNew events' tables are shown on the director's page, with their QR codes.\n")
    out.flush()


def serve(folder: Path, database: str | None = None, host: str = "127.0.0.1",
          port: int = 8042) -> None:
    """Serve the club night kept in ``folder`` (or in ``database``) until interrupted."""
    import uvicorn

    _check_free(host, port)
    folder.mkdir(parents=True, exist_ok=True)
    store = Store(database_url(folder, database))
    shown_host = hall_address(host)
    url = f"http://{f'[{shown_host}]' if ':' in shown_host else shown_host}:{port}"
    app = create_app(store, Settings(public_url=url))
    announce(store, url, sys.stdout)
    # What is loaded by now (the library, its grammar, the app) lasts as long as the server:
    # kept out of the collector's full passes, which would otherwise go over it all again
    # and again during the night, each a stop of every table's entry (0.1-0.35 s, measured).
    gc.freeze()
    uvicorn.run(app, host=host, port=port, log_level="warning", access_log=False)
