"""What every page of the club's app shares: the :class:`Site` (the store, the night, the
director's secret and its tokens, the templates), kept in the Starlette app's ``state``, and
the few answers all the pages give (a page, a refusal, the view of an event)."""

from __future__ import annotations

import functools
from collections.abc import Callable
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

from club.engine import HALF, all_strokes_svg, tile_svg
from club.guard import signed
from club.night import Night, games_named
from club.standings import Result
from club.store import Event, GameRow, Store
from club.tables import TableGame
from notation import Team, Tile
from notation.recording import hand_now

HERE = Path(__file__).parent
COOKIE = "t42_director"
LARGEST_ID = 2**31 - 1  # the largest whole number both databases keep in an Integer column


def whole_number(given: object, largest: int = LARGEST_ID) -> int | None:
    """``given`` as a whole number from 1 to ``largest``, or None: the one reading of a
    number an address, a form or an entry names (an event, a game, a round, a table).
    Digits only (no sign, no space, no other script's digits); an int as it is.

    >>> whole_number("12"), whole_number("9" * 23), whole_number("0"), whole_number("-1")
    (12, None, None, None)
    >>> whole_number("\u0663"), whole_number(" 3"), whole_number(True), whole_number(3.0)
    (None, None, None, None)
    >>> whole_number(7), whole_number(2**31), whole_number("100000", largest=99_999)
    (7, None, None)
    """
    if type(given) is int:
        number = given
    elif isinstance(given, str) and given.isascii() and given.isdigit() and len(given) <= 12:
        number = int(given)
    else:
        return None
    return number if 1 <= number <= largest else None


@dataclass(frozen=True)
class Settings:
    """What the app is started with."""

    public_url: str | None = None  # the address phones reach the server at
    # Requests a second, per table or per address; the burst lets a phone back on the Wi-Fi
    # send a whole hand it kept at once.
    rate: float = 30.0
    burst: float = 300.0
    session_hours: float = 12.0  # a director's login lasts a night, not for ever
    # Told the director's new link when the secret is changed (``t42 serve`` prints it).
    on_new_secret: Callable[[str], None] | None = None


@dataclass(frozen=True)
class Site:
    """Everything the pages share, made once when the app starts."""

    store: Store
    settings: Settings
    night: Night
    templates: Jinja2Templates

    @classmethod
    def of_store(cls, store: Store, settings: Settings) -> Site:
        store.secret()  # made on the first start
        return cls(store=store, settings=settings, night=Night(store),
                   templates=Jinja2Templates(env=_environment()))

    def base_url(self, request: Request) -> str:
        return self.settings.public_url or str(request.base_url).rstrip("/")

    def page(self, request: Request, name: str, status: int = 200, **context: Any) -> Response:
        context.setdefault("csrf", "")
        return self.templates.TemplateResponse(request, name, context, status_code=status)

    def refused(self, request: Request, status: int, words: str) -> Response:
        return self.page(request, "refused.html", status, words=words)

    async def is_director(self, request: Request) -> bool:
        """True when the request carries a director's session that has not ended (asked of
        the database in a worker thread: a slow database never holds the phones up)."""
        return await run_in_threadpool(self.store.is_session, request.cookies.get(COOKIE))

    def csrf(self, request: Request) -> str:
        """The token the director's forms carry: made from the session's cookie, so that
        a page of another site (which cannot read the cookie) cannot make it."""
        session = request.cookies.get(COOKIE)
        return signed(session, "csrf") if session else ""

    def login_link(self, request: Request, secret: str) -> str:
        return f"{self.base_url(request)}/director/login?key={secret}"

    def event_or_none(self, request: Request) -> Event | None:
        """The event named in the address, or None."""
        event_id = whole_number(request.path_params["event"])
        return None if event_id is None else self.store.event(event_id)

    async def event_or_refusal(self, request: Request) -> Event | Response:
        """The event named in the address, or the page refusing it (404)."""
        event = await run_in_threadpool(self.event_or_none, request)
        return self.refused(request, 404, "there is no such event") if event is None else event

    def event_view(self, event: Event, base: str) -> dict[str, Any]:
        """What the director's pages, the public pages and the exports show of an event."""
        # One read of every game's entries: the phones that wrote them, and so how many.
        devices = self.store.devices(event.id)
        counts = {game: sum(n for _, n in phones) for game, phones in devices.items()}
        with self.night.reading(counts):
            return self._event_view(event, base, devices)

    def _event_view(self, event: Event, base: str,
                    devices: dict[int, list[tuple[str | None, int]]]) -> dict[str, Any]:
        store, night = self.store, self.night
        teams = {t.id: t for t in store.teams(event.id)}
        tables = store.tables(event.id)
        numbers = {t.id: t.number for t in tables}
        games = store.games(event.id)
        names = games_named(games, numbers)
        rows = []
        for g in games:
            state = night.state(g) if g.table_id is not None else None
            result = night.result(g)
            rows.append({
                "game": g,
                "table": numbers.get(g.table_id) if g.table_id else None,
                "ns": teams[g.ns_team_id],
                "ew": teams.get(g.ew_team_id) if g.ew_team_id else None,
                "result": result,
                "recorded": night.recorded_result(g) if g.outcome else None,
                "state": state,
                "now": _now(g, state, result),
                "flags": night.flags(g) if g.id in names else (),
                "name": names.get(g.id),
                "devices": devices.get(g.id, []),  # the phones that wrote it
            })
        return {
            "event": event, "teams": teams, "games": rows,
            "standings": night.standings(event),
            "tables": [(t, f"{base}/t/{t.token}", qr_svg(f"{base}/t/{t.token}"))
                       for t in tables],
            "public": f"{base}/e/{event.public_token}",
            "audit": night.audit(event),
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
    env.globals["strokes"] = strokes_picture
    env.filters["sentence"] = sentence
    return env


def sentence(words: str) -> str:
    """``words`` with a capital first letter, the rest as written (unlike ``capitalize``).

    >>> sentence("hand 1, seat E")
    'Hand 1, seat E'
    """
    return words[:1].upper() + words[1:]


@functools.cache
def tile_picture(text: str) -> Markup:
    """A domino drawn with its real face (the SVG of :mod:`notation.views.svg`)."""
    t = Tile.parse(text)
    return Markup(
        f'<svg class="domino" viewBox="-1 -1 {HALF + 2} {2 * HALF + 2}" '
        f'role="img" aria-label="{t}">{tile_svg(t, 0, 0)}</svg>'
    )


def strokes_picture(marks: int) -> Markup:
    """A team's marks drawn as strokes of ALL (the SVG of :mod:`replay.strokes`)."""
    return Markup(all_strokes_svg(marks))


def qr_svg(url: str) -> Markup:
    """The QR code of ``url`` as inline SVG."""
    return Markup(segno.make(url, error="m").svg_inline(scale=3, border=2))


def replay_headers() -> dict[str, str]:
    # The one-file replay carries its own script and style inline (it works offline too).
    return {"content-security-policy": "default-src 'self'; img-src 'self' data:; "
            "style-src 'unsafe-inline'; script-src 'unsafe-inline'; frame-ancestors 'none'"}


def _now(game: GameRow, state: TableGame | None, result: Result[int] | None) -> str:
    """Where a game stands, in a few words."""
    if game.ew_team_id is None:
        return "bye: counts 7–4" if result else "bye: counts 7–4 once the round is under way"
    if game.outcome is not None:
        return f"{game.outcome}: N–S {game.outcome_ns} E–W {game.outcome_ew}"
    r = None if state is None else state.recording
    if r is None:
        return "not started"
    marks = r.report.marks
    score = f"N–S {marks[Team.NS]} E–W {marks[Team.EW]}"
    if r.winner is not None:
        return f"over: {score}"
    return f"hand {hand_now(r).number}, {r.awaiting.value}: {score}"
