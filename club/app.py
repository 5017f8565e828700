"""The web application of a club night (Starlette): the director's pages, each table's phone
page, the public standings and the spectators' view.

Who may do what: the director's pages need the director's cookie, given for the secret
(``/director/login?key=…``, the address ``t42 serve`` prints); a table's pages need its
token, which reads and writes that table's games only; the standings and the spectators'
view of an event need the event's public token. Every form of the director's carries a
token made from the secret (a form from another site has none), and :mod:`club.guard`
refuses a post from another site and limits sizes and rates. Names and comments are
written into the pages by Jinja2 with autoescape: always as text.
"""

from __future__ import annotations

import functools
import io
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jinja2
import segno
from markupsafe import Markup
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import (
    HTMLResponse,
    JSONResponse,
    PlainTextResponse,
    RedirectResponse,
    Response,
)
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.templating import Jinja2Templates

import notation
from club.engine import HALF, all_strokes, replay_page, tile_svg
from club.guard import Guard, same, signed
from club.night import Night, games_named
from club.store import ClubTable, Event, Format, GameRow, Store
from club.store import Team as ClubTeam
from club.tables import LONGEST_ENTRY, Mode, TableGame
from notation import Seat, Team, Tile, Trump
from notation.recording import Step

HERE = Path(__file__).parent
COOKIE = "t42_director"
LONGEST_NAME = 60


@dataclass(frozen=True)
class Settings:
    """What the app is started with."""

    public_url: str | None = None  # the address phones reach the server at
    # Requests a second, per table or per address; the burst lets a phone back on the Wi-Fi
    # send a whole hand it kept at once.
    rate: float = 30.0
    burst: float = 300.0


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


def create_app(store: Store, settings: Settings | None = None) -> Starlette:
    """The app serving ``store``."""
    settings = settings or Settings()
    night = Night(store)
    secret = store.secret()
    director_cookie = signed(secret, "director")
    csrf = signed(secret, "csrf")
    templates = Jinja2Templates(env=_environment())

    def base_url(request: Request) -> str:
        return settings.public_url or str(request.base_url).rstrip("/")

    def page(request: Request, name: str, status: int = 200, **context: Any) -> Response:
        context.setdefault("csrf", "")
        return templates.TemplateResponse(request, name, context, status_code=status)

    def refused(request: Request, status: int, words: str) -> Response:
        return page(request, "refused.html", status, words=words)

    def is_director(request: Request) -> bool:
        return same(request.cookies.get(COOKIE), director_cookie)

    async def form_of(request: Request) -> dict[str, str] | None:
        """The director's form, or None when it lacks the director's cookie and token."""
        if not is_director(request):
            return None
        form = await request.form()
        fields = {k: v for k, v in form.items() if isinstance(v, str)}
        return fields if same(fields.get("csrf"), csrf) else None

    # -- the director --

    async def login(request: Request) -> Response:
        if request.method == "POST":
            key = (await request.form()).get("key")
        else:
            key = request.query_params.get("key")
        if not same(key if isinstance(key, str) else None, secret):
            return refused(request, 403, "that is not the director's secret")
        response = RedirectResponse("/director", status_code=303)
        response.set_cookie(COOKIE, director_cookie, httponly=True, samesite="strict")
        return response

    async def director(request: Request) -> Response:
        if not is_director(request):
            return refused(request, 403, "the director's pages need the director's secret")
        events = await run_in_threadpool(store.events)
        rule_sets = list(notation.RULE_SETS)
        return page(request, "director.html", events=events, rule_sets=rule_sets, csrf=csrf,
                    formats=[f.value for f in Format])

    async def create_event(request: Request) -> Response:
        form = await form_of(request)
        if form is None:
            return refused(request, 403, "the director's forms need the director's secret")
        name = form.get("name", "").strip()[:LONGEST_NAME] or "Club night"
        rules, options = form.get("rules", "straight"), form.get("options", "").strip()
        try:
            notation.tagged_rules(rules, options or None)
            fmt = Format(form.get("format", Format.ROUND_ROBIN.value))
        except (notation.RulesError, ValueError) as e:
            return refused(request, 400, str(e))
        teams = []
        for line in form.get("teams", "").splitlines():
            parts = [p.strip()[:LONGEST_NAME] for p in line.split(",")]
            if any(parts):
                if len(parts) != 3 or not all(parts):
                    return refused(request, 400, f"a team is three names: {line!r}")
                teams.append((parts[0], parts[1], parts[2]))
        if len(teams) < 2:
            return refused(request, 400, "an event needs two teams or more")
        event_id = await run_in_threadpool(store.create_event, name, rules, options, fmt, teams)
        return RedirectResponse(f"/director/e/{event_id}", status_code=303)

    def _event_or_none(request: Request) -> Event | None:
        try:
            return store.event(int(request.path_params["event"]))
        except ValueError:
            return None

    async def event_page(request: Request) -> Response:
        if not is_director(request):
            return refused(request, 403, "the director's pages need the director's secret")
        event = await run_in_threadpool(_event_or_none, request)
        if event is None:
            return refused(request, 404, "there is no such event")
        view = await run_in_threadpool(_event_view, event, base_url(request))
        return page(request, "event.html", csrf=csrf, **view)

    async def event_live(request: Request) -> Response:
        if not is_director(request):
            return refused(request, 403, "the director's pages need the director's secret")
        event = await run_in_threadpool(_event_or_none, request)
        if event is None:
            return refused(request, 404, "there is no such event")
        view = await run_in_threadpool(_event_view, event, base_url(request))
        return page(request, "live.html", csrf=csrf, **view)

    def _event_view(event: Event, base: str) -> dict[str, Any]:
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

    async def game_outcome(request: Request) -> Response:
        form = await form_of(request)
        if form is None:
            return refused(request, 403, "the director's forms need the director's secret")
        game = await run_in_threadpool(store.game, int(request.path_params["game"]))
        if game is None or game.ew_team_id is None:
            return refused(request, 404, "there is no such game")
        reason = form.get("reason", "").strip()[:200]
        if not reason:
            return refused(request, 400, "say why: a correction is kept with its reason")
        what = form.get("what", "")
        try:
            if what == "forfeit":
                team = int(form.get("team", "0"))
                if team not in (game.ns_team_id, game.ew_team_id):
                    return refused(request, 400, "the team forfeiting must play this game")
                await run_in_threadpool(night.forfeit, game, team, reason)
            elif what == "correct":
                ns, ew = int(form.get("ns", "")), int(form.get("ew", ""))
                if not (0 <= ns <= 99 and 0 <= ew <= 99) or ns == ew:
                    return refused(request, 400, "a result has a winner: two different marks")
                await run_in_threadpool(night.correct, game, ns, ew, reason)
            elif what == "restore":
                await run_in_threadpool(night.restore, game, reason)
            else:
                return refused(request, 400, "forfeit, correct or restore")
        except ValueError:
            return refused(request, 400, "the marks are whole numbers")
        return RedirectResponse(f"/director/e/{game.event_id}", status_code=303)

    async def next_bracket_round(request: Request) -> Response:
        form = await form_of(request)
        if form is None:
            return refused(request, 403, "the director's forms need the director's secret")
        event = await run_in_threadpool(_event_or_none, request)
        if event is None:
            return refused(request, 404, "there is no such event")
        try:
            await run_in_threadpool(night.next_bracket_round, event)
        except ValueError as e:
            return refused(request, 400, str(e))
        return RedirectResponse(f"/director/e/{event.id}", status_code=303)

    async def add_game(request: Request) -> Response:
        form = await form_of(request)
        if form is None:
            return refused(request, 403, "the director's forms need the director's secret")
        event = await run_in_threadpool(_event_or_none, request)
        if event is None:
            return refused(request, 404, "there is no such event")
        teams = {t.id for t in await run_in_threadpool(store.teams, event.id)}
        tables = {t.id for t in await run_in_threadpool(store.tables, event.id)}
        try:
            ns, ew = int(form["ns"]), int(form["ew"])
            table, round_ = int(form["table"]), int(form.get("round", "1"))
        except (KeyError, ValueError):
            return refused(request, 400, "choose the two teams and the table")
        if ns == ew or not {ns, ew} <= teams or table not in tables:
            return refused(request, 400, "two different teams of this event, at its table")
        await run_in_threadpool(store.add_game, event.id, round_, table, ns, ew)
        return RedirectResponse(f"/director/e/{event.id}", status_code=303)

    # -- exports (the director's) --

    def _export(event: Event) -> dict[str, bytes]:
        games = store.games(event.id)
        numbers = {t.id: t.number for t in store.tables(event.id)}
        names = games_named(games, numbers)
        files: dict[str, bytes] = {}
        records = []
        for g in games:
            text = night.text(g) if g.id in names else None
            if text is None:
                continue
            files[names[g.id]] = text.encode()
            record = night.game_record(g)
            assert record is not None
            records.append(record)
            report = notation.check_game(record)
            replay = replay_page([(1, record, report)], title=names[g.id])
            files[names[g.id].removesuffix(".t42") + ".html"] = replay.encode()
        files["games.t42"] = notation.dumps(records).encode()
        files["games.jsonl"] = notation.formats.json.form.dumps(records, lines=True).encode()
        view = _event_view(event, "")
        files["results.html"] = templates.get_template("results.html").render(
            event=event, standings=view["standings"], games=view["games"], teams=view["teams"],
            standalone=True,
        ).encode()
        return files

    async def export_zip(request: Request) -> Response:
        if not is_director(request):
            return refused(request, 403, "the director's pages need the director's secret")
        event = await run_in_threadpool(_event_or_none, request)
        if event is None:
            return refused(request, 404, "there is no such event")
        files = await run_in_threadpool(_export, event)
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as z:
            for name, data in files.items():
                z.writestr(f"event-{event.id}/{name}", data)
        return Response(buffer.getvalue(), media_type="application/zip", headers={
            "content-disposition": f'attachment; filename="event-{event.id}.zip"'})

    async def export_file(request: Request) -> Response:
        if not is_director(request):
            return refused(request, 403, "the director's pages need the director's secret")
        event = await run_in_threadpool(_event_or_none, request)
        if event is None:
            return refused(request, 404, "there is no such event")
        files = await run_in_threadpool(_export, event)
        name = request.path_params["name"]
        if name not in files:
            return refused(request, 404, "there is no such file")
        kinds = {".t42": "text/plain; charset=utf-8", ".jsonl": "application/jsonl",
                 ".html": "text/html; charset=utf-8"}
        kind = next(v for k, v in kinds.items() if name.endswith(k))
        headers = _replay_headers() if name.endswith(".html") else {}
        return Response(files[name], media_type=kind, headers=headers)

    # -- a table's phone --

    def _table(request: Request) -> ClubTable | None:
        return store.table_by_token(str(request.path_params["token"]))

    def _table_view(table: ClubTable) -> dict[str, Any] | None:
        game = store.table_game(table.id)
        if game is None:
            return None
        event = store.event(table.event_id)
        assert event is not None
        teams = {t.id: t for t in store.teams(table.event_id)}
        return _state_view(event, table, game, teams, night.state(game))

    async def table_page(request: Request) -> Response:
        table = await run_in_threadpool(_table, request)
        if table is None:
            return refused(request, 404, "this table link is not known here")
        view = await run_in_threadpool(_table_view, table)
        if view is None:
            return refused(request, 404, "this table has no game to play yet")
        return page(request, "table.html", token=table.token, **view)

    async def table_state(request: Request) -> Response:
        table = await run_in_threadpool(_table, request)
        if table is None:
            return refused(request, 404, "this table link is not known here")
        view = await run_in_threadpool(_table_view, table)
        if view is None:
            return refused(request, 404, "this table has no game to play yet")
        return page(request, "state.html", token=table.token, **view)

    def _enter(table: ClubTable, game_id: int, number: int, entry: str) -> dict[str, Any]:
        game = store.game(game_id)
        if game is None or game.table_id != table.id:
            return {"refused": "that game is not this table's"}
        _, state = night.enter(game, number, entry)
        event = store.event(table.event_id)
        assert event is not None
        teams = {t.id: t for t in store.teams(table.event_id)}
        # The game the entry was for stays on the screen (its winner announced), until the
        # table asks for its next game.
        view = _state_view(event, table, game, teams, state)
        html = templates.get_template("state.html").render(token=table.token, **view)
        return {"stored": number, "through": state.through, "html": html}

    async def table_entry(request: Request) -> Response:
        table = await run_in_threadpool(_table, request)
        if table is None:
            return JSONResponse({"refused": "this table link is not known here"}, 404)
        if request.headers.get("content-type", "").split(";")[0] != "application/json":
            return JSONResponse({"refused": "entries are sent as JSON"}, 415)
        try:
            sent = await request.json()
            game_id, number, entry = int(sent["game"]), int(sent["number"]), sent["entry"]
        except (ValueError, KeyError, TypeError):
            return JSONResponse({"refused": "an entry is {game, number, entry}"}, 400)
        if (not isinstance(entry, str) or not 0 < len(entry) <= LONGEST_ENTRY
                or not entry.isprintable() or not 0 < number < 100_000):
            return JSONResponse({"refused": "that is no entry"}, 400)
        answer = await run_in_threadpool(_enter, table, game_id, number, entry.strip())
        return JSONResponse(answer, 403 if "refused" in answer else 200)

    async def table_ping(request: Request) -> Response:
        # Does nothing: the floor the benchmark measures the entries against.
        return JSONResponse({"ok": True})

    # -- the public view of an event: standings, spectators --

    def _public(request: Request) -> Event | None:
        return store.event_by_public_token(str(request.path_params["public"]))

    async def public_page(request: Request) -> Response:
        event = await run_in_threadpool(_public, request)
        if event is None:
            return refused(request, 404, "there is no such event")
        view = await run_in_threadpool(_event_view, event, base_url(request))
        return page(request, "public.html", standalone=False, **view)

    async def public_standings(request: Request) -> Response:
        event = await run_in_threadpool(_public, request)
        if event is None:
            return refused(request, 404, "there is no such event")
        view = await run_in_threadpool(_event_view, event, base_url(request))
        return page(request, "results.html", standalone=False, **view)

    def _watched(request: Request) -> tuple[Event, GameRow] | None:
        event = _public(request)
        try:
            game = store.game(int(request.path_params["game"]))
        except ValueError:
            return None
        if event is None or game is None or game.event_id != event.id or game.table_id is None:
            return None
        return event, game

    async def watch(request: Request) -> Response:
        found = await run_in_threadpool(_watched, request)
        if found is None:
            return refused(request, 404, "there is no such game")
        event, game = found
        teams = {t.id: t for t in await run_in_threadpool(store.teams, event.id)}
        tables = {t.id: t for t in await run_in_threadpool(store.tables, event.id)}
        assert game.table_id is not None
        state = await run_in_threadpool(night.state, game)
        view = _state_view(event, tables[game.table_id], game, teams, state, watching=True)
        name = "watch-state.html" if request.query_params.get("part") else "watch.html"
        return page(request, name, token="", **view)

    async def watch_replay(request: Request) -> Response:
        found = await run_in_threadpool(_watched, request)
        if found is None:
            return refused(request, 404, "there is no such game")
        record = await run_in_threadpool(night.game_record, found[1])
        if record is None or not record.hands:
            return refused(request, 404, "no hand has been recorded yet")
        report = notation.check_game(record)
        return HTMLResponse(replay_page([(1, record, report)], title=found[0].name),
                            headers=_replay_headers())

    async def home(request: Request) -> Response:
        return page(request, "home.html")

    async def health(request: Request) -> Response:
        return PlainTextResponse("ok")

    routes = [
        Route("/", home),
        Route("/health", health),
        Route("/director/login", login, methods=["GET", "POST"]),
        Route("/director", director),
        Route("/director/events", create_event, methods=["POST"]),
        Route("/director/e/{event}", event_page),
        Route("/director/e/{event}/live", event_live),
        Route("/director/e/{event}/games", add_game, methods=["POST"]),
        Route("/director/e/{event}/brackets", next_bracket_round, methods=["POST"]),
        Route("/director/e/{event}/export.zip", export_zip),
        Route("/director/e/{event}/files/{name}", export_file),
        Route("/director/g/{game}/outcome", game_outcome, methods=["POST"]),
        Route("/t/{token}", table_page),
        Route("/t/{token}/state", table_state),
        Route("/t/{token}/entries", table_entry, methods=["POST"]),
        Route("/t/{token}/ping", table_ping, methods=["POST"]),
        Route("/e/{public}", public_page),
        Route("/e/{public}/standings", public_standings),
        Route("/e/{public}/watch/{game}", watch),
        Route("/e/{public}/replay/{game}", watch_replay),
        Mount("/static", StaticFiles(directory=HERE / "static"), name="static"),
    ]
    app = Starlette(routes=routes)
    app.state.night = night
    app.add_middleware(Guard, rate=settings.rate, burst=settings.burst,
                       is_table=store.is_table_token)
    return app


def _replay_headers() -> dict[str, str]:
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


TRUMPS = (*(str(Trump.pip(n)) for n in range(6, -1, -1)), "doubles", "follow-me")


def _state_view(event: Event, table: ClubTable, game: GameRow, teams: dict[int, ClubTeam],
                state: TableGame, watching: bool = False) -> dict[str, Any]:
    """What a table's screen shows: everything asked of the engine's recording."""
    ns = teams[game.ns_team_id]
    ew = teams[game.ew_team_id] if game.ew_team_id is not None else None
    r = state.recording
    names = {Seat.N: ns.first, Seat.S: ns.second,
             Seat.E: ew.first if ew else "?", Seat.W: ew.second if ew else "?"}
    view: dict[str, Any] = {
        "event": event, "table": table, "game": game, "state": state, "ns": ns, "ew": ew,
        "names": names, "seats": list(Seat), "step": None, "watching": watching,
        "stored": max([state.through, *(n for n, _ in state.waiting)]),
        "trumps": TRUMPS, "modes": [m.value for m in Mode],
    }
    if r is None:
        return view
    hand = r.hand
    in_hand = hand is not None and r.step in (Step.BID, Step.TRUMP, Step.PLAY, Step.SCORE)
    marks = r.report.marks
    view.update({
        "step": r.step.value,
        "recording": r,
        "marks": {"NS": marks[Team.NS], "EW": marks[Team.EW]},
        "points_game": r.rules.points_game,
        "dealer": r.dealer,
        "hand_number": (hand.number if in_hand and hand else (hand.number + 1 if hand else 1)),
        "calls": hand.auction.calls if in_hand and hand and hand.auction else (),
        "trump": hand.trump if in_hand and hand else None,
        "legal_bids": [str(b) for b in r.legal_bids],
        "specials": [s.value for s in r.specials_allowed],
        "tricks": hand.tricks if in_hand and hand and r.step is not Step.BID else (),
        "tiles_out": [str(t) for t in r.tiles_out],
        "score_kind": r.score_kind.value if r.score_kind else None,
        "computed": r.computed(r.score_kind) if r.score_kind else None,
        "findings": r.findings,
        "winner": r.winner,
        "can_end": r.can_end.value if r.can_end else None,
        "no_tile_yet": not (hand and in_hand and hand.tricks),
        "bidder": r.bidder, "trump_namer": r.trump_caller, "turn": r.turn,
        "leader": r.leader, "trick_number": r.trick_number,
        "declarer": r.declarer,
    })
    return view
