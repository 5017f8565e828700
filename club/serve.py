"""``t42 serve FOLDER``: open the club's database, print the addresses and their QR codes,
and serve the app on uvicorn until stopped."""

from __future__ import annotations

import gc
import socket
import ssl
import sys
from pathlib import Path
from typing import TextIO

import segno

from club.app import Settings, create_app
from club.connections import (
    BACKLOG,
    REQUEST_SECONDS,
    Doors,
    door_protocol,
    most_connections,
    raise_file_limit,
    tally_trouble,
)
from club.database import database_url
from club.store import Store

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


def announce_director(link: str, out: TextIO, new: bool = False) -> None:
    """Print the director's link and its QR code (again when the secret is changed)."""
    if new:
        out.write("\nThe director's secret was changed: the old link and every director's "
                  f"login have ended.\nDirector (keep this secret): {link}\n")
    else:
        out.write(f"Director (keep this secret): {link}\n")
    segno.make(link, error="m").terminal(out=out, compact=True)
    out.flush()


def announce(store: Store, url: str, out: TextIO) -> None:
    """Print the director's address (with the secret) and its QR code, and each table's."""
    out.write(f"t42 club night at {url}\n\n")
    announce_director(f"{url}/director/login?key={store.secret()}", out)
    for event in store.events():
        out.write(f"\nEvent {event.id}: {_plain(event.name)}\n")
        for table in store.tables(event.id):
            link = f"{url}/t/{table.token}"
            out.write(f"Table {table.number}: {link}\n")
            segno.make(link, error="m").terminal(out=out, compact=True)
    out.write("\nNew events' tables are shown on the director's page, with their QR codes.\n")
    out.flush()


def check_certificate(certfile: Path | None, keyfile: Path | None) -> None:
    """Raise ValueError or OSError, in words, unless the two files make a certificate this
    server can use (or neither is given)."""
    if certfile is None and keyfile is None:
        return
    if certfile is None or keyfile is None:
        raise ValueError("HTTPS needs both --certfile and --keyfile")
    try:
        ssl.create_default_context(ssl.Purpose.CLIENT_AUTH).load_cert_chain(certfile, keyfile)
    except ssl.SSLError as e:
        raise ValueError(f"cannot use {certfile} with {keyfile} as the server's "
                         f"certificate: {e.reason or e}") from None
    except OSError as e:
        raise OSError(f"cannot read the certificate: {e.filename}: {e.strerror}") from None


def serve(folder: Path, database: str | None = None, host: str = "127.0.0.1",
          port: int = 8042, certfile: Path | None = None, keyfile: Path | None = None,
          public_url: str | None = None) -> None:
    """Serve the club night kept in ``folder`` (or in ``database``) until interrupted:
    over HTTPS with the club's certificate when ``certfile`` and ``keyfile`` are given;
    ``public_url`` is the address the phones use when a proxy stands in front."""
    import uvicorn

    check_certificate(certfile, keyfile)
    if public_url is not None and not public_url.startswith(("https://", "http://")):
        raise ValueError(f"--public-url {_plain(public_url)!r}: the address the phones use, "
                         "https://… (or http://…)")
    _check_free(host, port)
    folder.mkdir(parents=True, exist_ok=True)
    store = Store(database_url(folder, database))
    shown_host = hall_address(host)
    scheme = "https" if certfile else "http"
    url = (public_url.rstrip("/") if public_url else
           f"{scheme}://{f'[{shown_host}]' if ':' in shown_host else shown_host}:{port}")
    app = create_app(store, Settings(public_url=url, on_new_secret=lambda link:
                                     announce_director(link, sys.stdout, new=True)))
    announce(store, url, sys.stdout)
    raise_file_limit()
    doors = Doors(most_connections(), REQUEST_SECONDS)
    config = uvicorn.Config(app, host=host, port=port, log_level="warning", access_log=False,
                            ssl_certfile=certfile, ssl_keyfile=keyfile, backlog=BACKLOG,
                            http=door_protocol(doors))
    # What is loaded by now (the library, its grammar, the app) lasts as long as the server:
    # kept out of the collector's full passes, which would otherwise go over it all again
    # and again during the night, each a stop of every table's entry (0.1-0.35 s, measured).
    gc.freeze()
    tally = tally_trouble()  # after the config, which sets uvicorn's logging up
    try:
        uvicorn.Server(config).run()
    finally:
        tally.flush()
