"""A table's phone: its page, the part of it that refreshes, and the entries it sends. The
table's token (in the address) reads and writes that table's games only. What a table's
screen shows (:func:`state_view`) is also what a spectator watches."""

from __future__ import annotations

from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from club.engine import EntryError
from club.night import Conflict, TooFarAhead
from club.site import Site, site_of
from club.store import ClubTable, Event, GameRow
from club.store import Team as ClubTeam
from club.tables import Mode, TableGame, as_entry
from notation import Seat, Team, Trump
from notation.recording import Step

TRUMPS = (*(str(Trump.pip(n)) for n in range(6, -1, -1)), "doubles", "follow-me")


def _table(request: Request) -> ClubTable | None:
    return site_of(request).store.table_by_token(str(request.path_params["token"]))


def _table_view(site: Site, table: ClubTable) -> dict[str, Any] | None:
    game = site.store.table_game(table.id)
    if game is None:
        return None
    event = site.store.event(table.event_id)
    assert event is not None
    teams = {t.id: t for t in site.store.teams(table.event_id)}
    return state_view(event, table, game, teams, site.night.state(game))


async def _table_template(request: Request, template: str) -> Response:
    site = site_of(request)
    table = await run_in_threadpool(_table, request)
    if table is None:
        return site.refused(request, 404, "this table link is not known here")
    view = await run_in_threadpool(_table_view, site, table)
    if view is None:
        return site.refused(request, 404, "this table has no game to play yet")
    return site.page(request, template, token=table.token, **view)


async def table_page(request: Request) -> Response:
    return await _table_template(request, "table.html")


async def table_state(request: Request) -> Response:
    return await _table_template(request, "state.html")


def _enter(site: Site, table: ClubTable, game_id: int, number: int,
           entry: str) -> dict[str, Any]:
    game = site.store.game(game_id)
    if game is None or game.table_id != table.id:
        return {"refused": "that game is not this table's"}
    try:
        _, state = site.night.enter(game, number, entry)
    except TooFarAhead as e:
        return {"refused": str(e)}
    except Conflict as e:  # another phone at the table sent this number first
        state = site.night.state(game)
        said = {"conflict": f"Another phone at this table has recorded entry {number} as "
                            f"\"{e.stored}\": \"{entry}\" was not recorded.",
                "number": number, "stored_entry": e.stored}
        return {**said, "through": state.through, "html": _screen(site, table, game, state)}
    return {"stored": number, "through": state.through,
            "html": _screen(site, table, game, state)}


def _screen(site: Site, table: ClubTable, game: GameRow, state: TableGame) -> str:
    event = site.store.event(table.event_id)
    assert event is not None
    teams = {t.id: t for t in site.store.teams(table.event_id)}
    # The game the entry was for stays on the screen (its winner announced), until the
    # table asks for its next game.
    view = state_view(event, table, game, teams, state)
    return site.templates.get_template("state.html").render(token=table.token, **view)


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
    if not isinstance(entry, str) or not 0 < number < 100_000:
        return JSONResponse({"refused": "that is no entry"}, 400)
    try:  # what a keyboard adds taken away; text that means nothing kept, as a refusal
        entry = as_entry(entry)
    except EntryError as e:  # the phone shows it with its later entries, to enter again
        return JSONResponse({"refused": str(e)}, 400)
    answer = await run_in_threadpool(
        _enter, site_of(request), table, game_id, number, entry)
    status = 403 if "refused" in answer else 409 if "conflict" in answer else 200
    return JSONResponse(answer, status)


async def table_ping(request: Request) -> Response:
    # Does nothing: the floor the benchmark measures the entries against.
    return JSONResponse({"ok": True})


def state_view(event: Event, table: ClubTable, game: GameRow, teams: dict[int, ClubTeam],
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


ROUTES = [
    Route("/t/{token}", table_page),
    Route("/t/{token}/state", table_state),
    Route("/t/{token}/entries", table_entry, methods=["POST"]),
    Route("/t/{token}/ping", table_ping, methods=["POST"]),
]
