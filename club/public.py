"""The public pages: the home page and the health check, and an event's public view (its
standings, and the spectators' view of a game and its replay), which need the event's public
token."""

from __future__ import annotations

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, Response
from starlette.routing import Route

import notation
from club.engine import replay_page
from club.phone import state_view
from club.site import replay_headers, site_of, whole_number
from club.store import Event, GameRow


def _public(request: Request) -> Event | None:
    return site_of(request).store.event_by_public_token(str(request.path_params["public"]))


async def _public_template(request: Request, template: str) -> Response:
    site = site_of(request)
    event = await run_in_threadpool(_public, request)
    if event is None:
        return site.refused(request, 404, "there is no such event")
    view = await run_in_threadpool(site.event_view, event, site.base_url(request))
    return site.page(request, template, standalone=False, **view)


async def public_page(request: Request) -> Response:
    return await _public_template(request, "public.html")


async def public_standings(request: Request) -> Response:
    return await _public_template(request, "results.html")


def _watched(request: Request) -> tuple[Event, GameRow] | None:
    event, game_id = _public(request), whole_number(request.path_params["game"])
    game = None if game_id is None else site_of(request).store.game(game_id)
    if event is None or game is None or game.event_id != event.id or game.table_id is None:
        return None
    return event, game


async def watch(request: Request) -> Response:
    site = site_of(request)
    found = await run_in_threadpool(_watched, request)
    if found is None:
        return site.refused(request, 404, "there is no such game")
    event, game = found
    teams = {t.id: t for t in await run_in_threadpool(site.store.teams, event.id)}
    tables = {t.id: t for t in await run_in_threadpool(site.store.tables, event.id)}
    assert game.table_id is not None
    state = await run_in_threadpool(site.night.state, game)
    view = state_view(event, tables[game.table_id], game, teams, state, watching=True)
    name = "watch-state.html" if request.query_params.get("part") else "watch.html"
    return site.page(request, name, token="", **view)


async def watch_replay(request: Request) -> Response:
    site = site_of(request)
    found = await run_in_threadpool(_watched, request)
    if found is None:
        return site.refused(request, 404, "there is no such game")
    record = await run_in_threadpool(site.night.game_record, found[1])
    if record is None or not record.hands:
        return site.refused(request, 404, "no hand has been recorded yet")
    report = notation.check_game(record)
    return HTMLResponse(replay_page([(1, record, report)], title=found[0].name),
                        headers=replay_headers())


async def home(request: Request) -> Response:
    return site_of(request).page(request, "home.html")


async def health(request: Request) -> Response:
    return PlainTextResponse("ok")


ROUTES = [
    Route("/", home),
    Route("/health", health),
    Route("/e/{public}", public_page),
    Route("/e/{public}/standings", public_standings),
    Route("/e/{public}/watch/{game}", watch),
    Route("/e/{public}/replay/{game}", watch_replay),
]
