"""What every page of the club's app shares: the :class:`Site` (the store, the night, the
director's secret and its tokens, the templates), kept in the Starlette app's ``state``, and
the few answers all the pages give (a page, a refusal, the view of an event)."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jinja2
import segno
from markupsafe import Markup
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response
from starlette.templating import Jinja2Templates

from club.engine import HALF, all_strokes, tile_svg
from club.guard import same, signed
from club.night import Night, games_named
from club.store import Event, GameRow, Store
from club.tables import TableGame
from notation import Team, Tile

HERE = Path(__file__).parent
COOKIE = "t42_director"


@dataclass(frozen=True)
class Settings:
    """What the app is started with."""

    public_url: str | None = None  # the address phones reach the server at
    # Requests a second, per table or per address; the burst lets a phone back on the Wi-Fi
    # send a whole hand it kept at once.
    rate: float = 30.0
    burst: float = 300.0


@dataclass(frozen=True)
class Site:
    """Everything the pages share, made once when the app starts."""

    store: Store
    settings: Settings
    night: Night
    secret: str
    director_cookie: str
    csrf: str
    templates: Jinja2Templates

    @classmethod
    def of_store(cls, store: Store, settings: Settings) -> Site:
        secret = store.secret()
        return cls(store=store, settings=settings, night=Night(store), secret=secret,
                   director_cookie=signed(secret, "director"), csrf=signed(secret, "csrf"),
                   templates=Jinja2Templates(env=_environment()))

    def base_url(self, request: Request) -> str:
        return self.settings.public_url or str(request.base_url).rstrip("/")

    def page(self, request: Request, name: str, status: int = 200, **context: Any) -> Response:
        context.setdefault("csrf", "")
        return self.templates.TemplateResponse(request, name, context, status_code=status)

    def refused(self, request: Request, status: int, words: str) -> Response:
        return self.page(request, "refused.html", status, words=words)

    def is_director(self, request: Request) -> bool:
        return same(request.cookies.get(COOKIE), self.director_cookie)

    def event_or_none(self, request: Request) -> Event | None:
        """The event named in the address, or None."""
        try:
            return self.store.event(int(request.path_params["event"]))
        except ValueError:
            return None

    async def event_or_refusal(self, request: Request) -> Event | Response:
        """The event named in the address, or the page refusing it (404)."""
        event = await run_in_threadpool(self.event_or_none, request)
        return self.refused(request, 404, "there is no such event") if event is None else event

    def event_view(self, event: Event, base: str) -> dict[str, Any]:
        """What the director's pages, the public pages and the exports show of an event."""
        with self.night.reading(event.id):  # one read of every game's entries' count
            return self._event_view(event, base)

    def _event_view(self, event: Event, base: str) -> dict[str, Any]:
        store, night = self.store, self.night
        teams = {t.id: t for t in store.teams(event.id)}
        tables = store.tables(event.id)
        numbers = {t.id: t.number for t in tables}
        games = store.games(event.id)
        names = games_named(games, numbers)
        rows = []
        for g in games:
            state = night.state(g) if g.table_id is not None else None
            rows.append({
                "game": g,
                "table": numbers.get(g.table_id) if g.table_id else None,
                "ns": teams[g.ns_team_id],
                "ew": teams.get(g.ew_team_id) if g.ew_team_id else None,
                "result": night.result(g),
                "state": state,
                "now": _now(g, state),
                "flags": night.flags(g, names[g.id]) if g.id in names else [],
                "name": names.get(g.id),
            })
        return {
            "event": event, "teams": teams, "games": rows,
            "standings": night.standings(event),
            "tables": [(t, f"{base}/t/{t.token}", qr_svg(f"{base}/t/{t.token}"))
                       for t in tables],
            "public": f"{base}/e/{event.public_token}",
            "audit": store.audit(event.id),
            "bracket": night.bracket(event),
            "champion": night.champion(event),
        }


def site_of(request: Request) -> Site:
    """The :class:`Site` of the app answering ``request``."""
    site: Site = request.app.state.site
    return site


def _environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(HERE / "templates"),
        autoescape=True,  # every name and comment is text, never markup
        undefined=jinja2.StrictUndefined,
    )
    env.globals["tile"] = tile_picture
    env.globals["strokes"] = all_strokes
    return env


@functools.cache
def tile_picture(text: str) -> Markup:
    """A domino drawn with its real face (the SVG of :mod:`notation.views.svg`)."""
    t = Tile.parse(text)
    return Markup(
        f'<svg class="domino" viewBox="-1 -1 {HALF + 2} {2 * HALF + 2}" '
        f'role="img" aria-label="{t}">{tile_svg(t, 0, 0)}</svg>'
    )


def qr_svg(url: str) -> Markup:
    """The QR code of ``url`` as inline SVG."""
    return Markup(segno.make(url, error="m").svg_inline(scale=3, border=2))


def replay_headers() -> dict[str, str]:
    # The one-file replay carries its own script and style inline (it works offline too).
    return {"content-security-policy": "default-src 'self'; img-src 'self' data:; "
            "style-src 'unsafe-inline'; script-src 'unsafe-inline'; frame-ancestors 'none'"}


def _now(game: GameRow, state: TableGame | None) -> str:
    """Where a game stands, in a few words."""
    if game.ew_team_id is None:
        return "bye (7–4)"
    if game.outcome is not None:
        return f"{game.outcome}: N–S {game.outcome_ns} E–W {game.outcome_ew}"
    r = None if state is None else state.recording
    if r is None:
        return "not started"
    marks = r.report.marks
    score = f"N–S {marks[Team.NS]} E–W {marks[Team.EW]}"
    if r.winner is not None:
        return f"over: {score}"
    number = r.hand.number if r.hand else 1
    return f"hand {number}, {r.step.value}: {score}"
