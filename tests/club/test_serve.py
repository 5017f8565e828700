"""``t42 serve`` on the command line: a database or a port it cannot use is said in words,
exit 2, before any address is printed; and what it prints cannot act on the terminal."""

from __future__ import annotations

import io
import socket
from pathlib import Path

from club_server import free_port
from typer.testing import CliRunner

from club.serve import announce
from club.store import Format, Store
from t42.commands import app


def _serve(*args: str) -> tuple[int, str]:
    # On a port of its own: the default (8042) may be taken on the machine running the tests.
    port = [] if "--port" in args else ["--port", str(free_port())]
    result = CliRunner().invoke(app, ["serve", *args, *port], prog_name="t42")
    return result.exit_code, result.output


def test_a_database_it_cannot_use_is_said_in_words(tmp_path: Path) -> None:
    code, said = _serve(str(tmp_path), "--database", "mysql://club@localhost/night")
    assert code == 2
    assert "t42 serve: mysql: the database is sqlite:///FILE or postgresql://" in said
    assert "Traceback" not in said
    assert "Director" not in said
    with socket.socket() as s:  # a port where no PostgreSQL listens
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    code, said = _serve(str(tmp_path), "--database", f"postgresql://club@127.0.0.1:{port}/x")
    assert code == 2
    assert "t42 serve:" in said
    assert "Connection refused" in said
    assert "Traceback" not in said


def test_a_port_in_use_is_said_before_any_address_is_printed(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code, said = _serve(str(tmp_path / "night"), "--port", str(port))
    assert code == 2
    assert f"t42 serve: cannot listen on 127.0.0.1 port {port}" in said
    assert "Director" not in said
    assert not (tmp_path / "night").exists()


def test_what_it_prints_shows_an_event_name_as_plain_text(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'club.db'}")
    store.create_event("Night\x1b[2J\x07 \u202eevil", "straight", "", Format.ROUND_ROBIN,
                       [("A", "a", "b"), ("B", "c", "d")])
    out = io.StringIO()
    announce(store, "http://127.0.0.1:8042", out)
    secret = store.secret()
    store.close()
    printed = out.getvalue()
    assert "Event 1: Night?[2J? ?evil" in printed
    assert "\x1b" not in printed
    assert "\u202e" not in printed
    assert f"/director/login?key={secret}" in printed
    assert printed.count("Table 1: http://127.0.0.1:8042/t/") == 1


def test_a_certificate_or_an_address_it_cannot_use_is_said_in_words(tmp_path: Path) -> None:
    key = tmp_path / "key.pem"
    key.write_text("not a key\n")
    for args, words in (
        (["--certfile", str(key)], "HTTPS needs both --certfile and --keyfile"),
        (["--certfile", str(key), "--keyfile", str(key)], "as the server's certificate"),
        (["--certfile", str(tmp_path / "none.pem"), "--keyfile", str(key)],
         "cannot read the certificate"),
        (["--public-url", "javascript:alert(1)"], "--public-url 'javascript:alert(1)'"),
    ):
        code, said = _serve(str(tmp_path / "night"), *args)
        assert code == 2, said
        assert "t42 serve: " in said
        assert words in said, said
        assert "Director" not in said
        assert not (tmp_path / "night").exists()
