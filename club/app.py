"""The web application of a club night (Starlette): the director's pages
(:mod:`club.director`, :mod:`club.exports`), each table's phone page (:mod:`club.phone`),
the public standings and the spectators' view (:mod:`club.public`); what they share is the
:class:`club.site.Site` in the app's ``state``.

Who may do what: the director's pages need the director's cookie, given for the secret
(``/director/login?key=…``, the address ``t42 serve`` prints); a table's pages need its
token, which reads and writes that table's games only; the standings and the spectators'
view of an event need the event's public token. Every form of the director's carries a
token made from the secret (a form from another site has none), and :mod:`club.guard`
refuses a post from another site and limits sizes and rates. Names and comments are
written into the pages by Jinja2 with autoescape: always as text.
"""

from __future__ import annotations

from sqlalchemy.exc import DataError, InterfaceError, OperationalError
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Mount
from starlette.staticfiles import StaticFiles

from club import director, exports, phone, public
from club.guard import Guard
from club.site import HERE, Settings, Site, site_of
from club.store import Store

__all__ = ["Settings", "create_app"]


def create_app(store: Store, settings: Settings | None = None) -> Starlette:
    """The app serving ``store``."""
    settings = settings or Settings()
    site = Site.of_store(store, settings)
    routes: list[BaseRoute] = [
        *public.ROUTES, *director.ROUTES, *exports.ROUTES, *phone.ROUTES,
        Mount("/static", StaticFiles(directory=HERE / "static"), name="static"),
    ]
    app = Starlette(routes=routes, exception_handlers={
        OperationalError: _database_trouble, InterfaceError: _database_trouble,
        DataError: _out_of_range, OverflowError: _out_of_range,
    })
    app.state.site = site
    app.add_middleware(Guard, rate=settings.rate, burst=settings.burst,
                       is_table=store.is_table_token)
    return app


def _said(request: Request, status: int, words: str) -> Response:
    """A refusal in words: JSON to a phone's entry, a page to anyone else."""
    if request.url.path.startswith("/t/") and request.method == "POST":
        return JSONResponse({"refused": words}, status)
    return site_of(request).refused(request, status, words)


def trouble_words(error: Exception) -> str:
    """What to tell the tables when the database cannot take or give what is asked.

    >>> trouble_words(OperationalError("INSERT", {}, Exception("database or disk is full")))
    "the club's computer is out of disk space: nothing was stored; tell the director"
    """
    if "full" in str(error).lower() or "no space" in str(error).lower():
        return "the club's computer is out of disk space: nothing was stored; tell the director"
    return ("the club's database cannot be reached just now: nothing was stored; "
            "try again in a moment")


async def _database_trouble(request: Request, error: Exception) -> Response:
    # 503: the phone keeps the entry and sends it again (it is not refused for good).
    return _said(request, 503, trouble_words(error))


async def _out_of_range(request: Request, error: Exception) -> Response:
    return _said(request, 400, "a number in the request is out of range")
