"""The director's pages: the login, the list of events, an event's page and live view, and
the director's forms (a new event, a game added, a bracket's next round, a game's outcome
corrected). Every one needs the director's cookie; every form also its token."""

from __future__ import annotations

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

import notation
from club.guard import same
from club.site import COOKIE, qr_svg, site_of, whole_number
from club.store import Format

LONGEST_NAME = 60


async def form_of(request: Request) -> dict[str, str] | None:
    """The director's form, or None when it lacks the director's cookie and token."""
    site = site_of(request)
    if not await site.is_director(request):
        return None
    form = await request.form()
    fields = {k: v for k, v in form.items() if isinstance(v, str)}
    return fields if same(fields.get("csrf"), site.csrf(request)) else None


def _with_session(request: Request, response: Response) -> Response:
    """``response`` giving the director a new session's cookie: sent back over HTTPS only
    when the request came so (directly, or through the club's proxy), never to a script."""
    site = site_of(request)
    seconds = int(site.settings.session_hours * 3600)
    response.set_cookie(COOKIE, site.store.open_session(seconds), max_age=seconds,
                        httponly=True, samesite="strict", path="/",
                        secure=request.url.scheme == "https")
    return response


async def login(request: Request) -> Response:
    site = site_of(request)
    if request.method == "POST":
        key = (await request.form()).get("key")
    else:
        key = request.query_params.get("key")
    secret = await run_in_threadpool(site.store.secret)
    if not same(key if isinstance(key, str) else None, secret):
        return site.refused(request, 403, "that is not the director's secret (it may "
                            "have been changed: ask the director for the new link)")
    response = RedirectResponse("/director", status_code=303)
    return await run_in_threadpool(_with_session, request, response)


async def logout(request: Request) -> Response:
    site = site_of(request)
    form = await form_of(request)
    if form is None:
        return site.refused(request, 403, "the director's forms need the director's secret")
    await run_in_threadpool(site.store.close_session, request.cookies.get(COOKIE, ""))
    response = site.page(request, "refused.html", words="You are logged out. The "
                         "director's link opens the director's pages again.")
    response.delete_cookie(COOKIE, path="/", httponly=True, samesite="strict",
                           secure=request.url.scheme == "https")
    return response


async def new_secret(request: Request) -> Response:
    """A new secret: every other session and the old link end; this director gets a new
    session and sees the new link (and ``t42 serve`` prints it)."""
    site = site_of(request)
    form = await form_of(request)
    if form is None:
        return site.refused(request, 403, "the director's forms need the director's secret")
    secret = await run_in_threadpool(site.store.new_secret)
    link = site.login_link(request, secret)
    if site.settings.on_new_secret is not None:
        site.settings.on_new_secret(link)
    response = site.page(request, "secret.html", link=link, qr=qr_svg(link))
    return await run_in_threadpool(_with_session, request, response)


async def director(request: Request) -> Response:
    site = site_of(request)
    if not await site.is_director(request):
        return site.refused(request, 403, "the director's pages need the director's secret")
    events = await run_in_threadpool(site.store.events)
    rule_sets = list(notation.RULE_SETS)
    return site.page(request, "director.html", events=events, rule_sets=rule_sets,
                     csrf=site.csrf(request), formats=[f.value for f in Format])


async def create_event(request: Request) -> Response:
    site = site_of(request)
    form = await form_of(request)
    if form is None:
        return site.refused(request, 403, "the director's forms need the director's secret")
    name = form.get("name", "").strip()[:LONGEST_NAME] or "Club night"
    rules, options = form.get("rules", "straight"), form.get("options", "").strip()
    try:
        notation.tagged_rules(rules, options or None)
        fmt = Format(form.get("format", Format.ROUND_ROBIN.value))
    except (notation.RulesError, ValueError) as e:
        return site.refused(request, 400, str(e))
    teams = []
    for line in form.get("teams", "").splitlines():
        parts = [p.strip()[:LONGEST_NAME] for p in line.split(",")]
        if any(parts):
            if len(parts) != 3 or not all(parts):
                return site.refused(request, 400, f"a team is three names: {line!r}")
            teams.append((parts[0], parts[1], parts[2]))
    if len(teams) < 2:
        return site.refused(request, 400, "an event needs two teams or more")
    event_id = await run_in_threadpool(site.store.create_event, name, rules, options, fmt, teams)
    return RedirectResponse(f"/director/e/{event_id}", status_code=303)


async def _event_template(request: Request, template: str) -> Response:
    site = site_of(request)
    if not await site.is_director(request):
        return site.refused(request, 403, "the director's pages need the director's secret")
    event = await site.event_or_refusal(request)
    if isinstance(event, Response):
        return event
    view = await run_in_threadpool(site.event_view, event, site.base_url(request))
    return site.page(request, template, csrf=site.csrf(request), **view)


async def event_page(request: Request) -> Response:
    return await _event_template(request, "event.html")


async def event_live(request: Request) -> Response:
    return await _event_template(request, "live.html")


async def game_outcome(request: Request) -> Response:
    site = site_of(request)
    form = await form_of(request)
    if form is None:
        return site.refused(request, 403, "the director's forms need the director's secret")
    game_id = whole_number(request.path_params["game"])
    game = None if game_id is None else await run_in_threadpool(site.store.game, game_id)
    if game is None or game.ew_team_id is None:
        return site.refused(request, 404, "there is no such game")
    # Nothing is ever recorded by default: the post says what it records, or is refused.
    what, night = form.get("what", ""), site.night
    if what not in ("forfeit", "correct", "restore"):
        return site.refused(request, 400, "nothing was recorded: say what to record, a "
                            "forfeit (and which team forfeits), the corrected marks, or the "
                            "result as recorded")
    reason = form.get("reason", "").strip()[:200]
    if not reason:
        return site.refused(request, 400, "say why: a correction is kept with its reason")
    if what == "forfeit":
        team = form.get("team", "")
        if team not in (str(game.ns_team_id), str(game.ew_team_id)):
            return site.refused(request, 400, "nothing was recorded: say which of the two "
                                "teams of this game forfeits")
        await run_in_threadpool(night.forfeit, game, int(team), reason)
    elif what == "correct":
        try:
            ns, ew = int(form.get("ns", "")), int(form.get("ew", ""))
        except ValueError:
            return site.refused(request, 400, "nothing was recorded: the marks of both teams "
                                "are whole numbers")
        if not (0 <= ns <= 99 and 0 <= ew <= 99) or ns == ew:
            return site.refused(request, 400, "a result has a winner: two different marks")
        await run_in_threadpool(night.correct, game, ns, ew, reason)
    else:
        await run_in_threadpool(night.restore, game, reason)
    return RedirectResponse(f"/director/e/{game.event_id}", status_code=303)


async def next_bracket_round(request: Request) -> Response:
    site = site_of(request)
    form = await form_of(request)
    if form is None:
        return site.refused(request, 403, "the director's forms need the director's secret")
    event = await site.event_or_refusal(request)
    if isinstance(event, Response):
        return event
    try:
        await run_in_threadpool(site.night.next_bracket_round, event)
    except ValueError as e:
        return site.refused(request, 400, str(e))
    return RedirectResponse(f"/director/e/{event.id}", status_code=303)


async def add_game(request: Request) -> Response:
    site = site_of(request)
    form = await form_of(request)
    if form is None:
        return site.refused(request, 403, "the director's forms need the director's secret")
    event = await site.event_or_refusal(request)
    if isinstance(event, Response):
        return event
    teams = {t.id for t in await run_in_threadpool(site.store.teams, event.id)}
    tables = {t.id for t in await run_in_threadpool(site.store.tables, event.id)}
    ns, ew = whole_number(form.get("ns")), whole_number(form.get("ew"))
    table, round_ = whole_number(form.get("table")), whole_number(form.get("round", "1"), 999)
    if ns is None or ew is None or table is None:
        return site.refused(request, 400, "choose the two teams and the table")
    if round_ is None:
        return site.refused(request, 400, "a round is a whole number from 1 to 999")
    if ns == ew or not {ns, ew} <= teams or table not in tables:
        return site.refused(request, 400, "two different teams of this event, at its table")
    await run_in_threadpool(site.store.add_game, event.id, round_, table, ns, ew)
    return RedirectResponse(f"/director/e/{event.id}", status_code=303)


ROUTES = [
    Route("/director/login", login, methods=["GET", "POST"]),
    Route("/director/logout", logout, methods=["POST"]),
    Route("/director/secret", new_secret, methods=["POST"]),
    Route("/director", director),
    Route("/director/events", create_event, methods=["POST"]),
    Route("/director/e/{event}", event_page),
    Route("/director/e/{event}/live", event_live),
    Route("/director/e/{event}/games", add_game, methods=["POST"]),
    Route("/director/e/{event}/brackets", next_bracket_round, methods=["POST"]),
    Route("/director/g/{game}/outcome", game_outcome, methods=["POST"]),
]
