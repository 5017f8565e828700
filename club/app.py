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

from starlette.applications import Starlette
from starlette.routing import BaseRoute, Mount
from starlette.staticfiles import StaticFiles

from club import director, exports, phone, public
from club.guard import Guard
from club.site import HERE, Settings, Site
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
    app = Starlette(routes=routes)
    app.state.site = site
    app.add_middleware(Guard, rate=settings.rate, burst=settings.burst,
                       is_table=store.is_table_token)
    return app
