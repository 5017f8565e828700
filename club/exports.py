"""The director's exports of an event: every game as ``.t42`` and as a one-file replay, all
games as ``games.t42`` and ``games.jsonl``, the results page; one by one or as a zip."""

from __future__ import annotations

import io
import zipfile

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

import notation
from club.engine import replay_page
from club.night import games_named
from club.site import HERE, Site, replay_headers, site_of
from club.store import Event


def export(site: Site, event: Event) -> dict[str, bytes]:
    """The files of ``event``'s export, by name."""
    store, night = site.store, site.night
    games = store.games(event.id)
    numbers = {t.id: t.number for t in store.tables(event.id)}
    names = games_named(games, numbers)
    files: dict[str, bytes] = {}
    records = []
    for g in games:
        # The record with the director's ruling, if any (Result and Ruling tags).
        record = night.exported_record(g) if g.id in names else None
        if record is None:
            continue
        files[names[g.id]] = notation.dumps(record).encode()
        records.append(record)
        if not record.hands:  # ruled on before it began: nothing to replay
            continue
        report = notation.check_game(record)
        replay = replay_page([(1, record, report)], title=names[g.id])
        files[names[g.id].removesuffix(".t42") + ".html"] = replay.encode()
    files["games.t42"] = notation.dumps(records).encode()
    files["games.jsonl"] = notation.json_form.dumps(records, lines=True).encode()
    view = site.event_view(event, "")
    files["results.html"] = site.templates.get_template("results.html").render(
        event=event, standings=view["standings"], games=view["games"], teams=view["teams"],
        standalone=True, css=(HERE / "static" / "club.css").read_text(encoding="utf-8"),
    ).encode()
    return files


async def _exported(request: Request) -> tuple[Event, dict[str, bytes]] | Response:
    """The event and its files, or the refusal (not the director, no such event)."""
    site = site_of(request)
    if not await site.is_director(request):
        return site.refused(request, 403, "the director's pages need the director's secret")
    event = await site.event_or_refusal(request)
    if isinstance(event, Response):
        return event
    return event, await run_in_threadpool(export, site, event)


async def export_zip(request: Request) -> Response:
    found = await _exported(request)
    if isinstance(found, Response):
        return found
    event, files = found
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in files.items():
            z.writestr(f"event-{event.id}/{name}", data)
    return Response(buffer.getvalue(), media_type="application/zip", headers={
        "content-disposition": f'attachment; filename="event-{event.id}.zip"'})


async def export_file(request: Request) -> Response:
    found = await _exported(request)
    if isinstance(found, Response):
        return found
    _, files = found
    name = request.path_params["name"]
    if name not in files:
        return site_of(request).refused(request, 404, "there is no such file")
    kinds = {".t42": "text/plain; charset=utf-8", ".jsonl": "application/jsonl",
             ".html": "text/html; charset=utf-8"}
    kind = next(v for k, v in kinds.items() if name.endswith(k))
    headers = replay_headers() if name.endswith(".html") else {}
    return Response(files[name], media_type=kind, headers=headers)


ROUTES = [
    Route("/director/e/{event}/export.zip", export_zip),
    Route("/director/e/{event}/files/{name}", export_file),
]
