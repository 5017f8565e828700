"""A table's phone: its page, the part of it that refreshes, and the entries it sends. The
table's token (in the address) reads and writes that table's games only. What a table's
screen shows (:func:`state_view`) is also what a spectator watches."""

from __future__ import annotations

import json
import re
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from club.engine import scores_marks
from club.night import Conflict, TooFarAhead
from club.site import LARGEST_ID, Site, site_of, whole_number
from club.store import ClubTable, Event, GameRow, Store
from club.store import Team as ClubTeam
from club.tables import TableGame
from club.turns import TableTurn, table_turn
from notation import Glyph, Seat, Team, Trump
from notation.recording import LONGEST_ENTRY, EntryError, Mode, as_entry, hand_now
from notation.recording.notes import COMMENT_MARK

TRUMPS = (*(str(Trump.pip(n)) for n in range(6, -1, -1)), "doubles", "follow-me")


def _table(request: Request) -> ClubTable | None:
    return site_of(request).store.table_by_token(str(request.path_params["token"]))


def waiting_words(store: Store, turn: TableTurn) -> str:
    """What a table waiting for its next game is told: who it waits for, and where."""
    if turn.next is None:
        return "this table has no game to play now"
    teams = {t.id: t for t in store.teams(turn.next.event_id)}
    tables = {t.id: t.number for t in store.tables(turn.next.event_id)}
    waits = [f"{teams[h.team_id].name} to finish round {h.game.round}"
             + (f" at table {tables[h.game.table_id]}" if h.game.table_id in tables else "")
             for h in turn.holdups]
    return (f"round {turn.next.round}: this table is waiting for " + " and for ".join(waits)
            + "; the page moves on by itself")


def _table_view(site: Site, table: ClubTable) -> dict[str, Any] | None:
    turn = table_turn(site.store, table.id)
    event = site.store.event(table.event_id)
    assert event is not None
    if turn.now is None and turn.next is not None:
        return {"event": event, "table": table, "game": turn.next,
                "waiting": waiting_words(site.store, turn)}
    game = turn.now or turn.last
    if game is None:
        return None
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
    if "waiting" in view:
        return site.page(request, "waiting.html", token=table.token, **view)
    return site.page(request, template, token=table.token, **view)


async def table_page(request: Request) -> Response:
    return await _table_template(request, "table.html")


async def table_state(request: Request) -> Response:
    return await _table_template(request, "state.html")


def _started(site: Site, game: GameRow | None) -> bool:
    return game is not None and site.store.entry_count(game.id) > 0


def _refusal(site: Site, table: ClubTable, game: GameRow | None, number: int,
             entry: str, turn: TableTurn) -> str | None:
    """Why the table's link may not write entry ``number`` of ``game``, or None when it
    may: the game the table plays now only (:func:`club.turns.table_turn`); an entry that game
    or an earlier one of the table's stored already is answered as stored, not refused."""
    if game is None or game.table_id != table.id:
        return "that game is not this table's"
    if turn.now is not None and turn.now.id == game.id:
        return None
    state = site.night.state(game)
    if state.has(number):
        return None  # sent again: answered as stored (and nothing is changed)
    if game.finished:
        # The game the table just finished takes what its record still writes (its last
        # score lines) until the next game starts, but nothing that opens it again: its
        # teams may be at other tables by now.
        if (turn.previous is not None and turn.previous.id == game.id
                and game.outcome is None and not _started(site, turn.now or turn.next)
                and number == state.through + 1 and state.take(number, entry).over):
            return None
        return ("that game is over: the table plays its next game now (the director "
                "corrects a finished game's result)")
    if turn.now is None:
        return waiting_words(site.store, turn)
    return (f"that game is not the one this table plays now (round {turn.now.round}): "
            "open the table's link again")


def _enter(site: Site, table: ClubTable, game_id: int, number: int,
           entry: str, device: str | None = None) -> dict[str, Any]:
    game = site.store.game(game_id)
    refused = _refusal(site, table, game, number, entry, table_turn(site.store, table.id))
    if refused is not None:
        return {"refused": refused}
    assert game is not None
    try:
        _, state = site.night.enter(game, number, entry, device, table.id)
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


DEVICE = re.compile(r"[A-Za-z0-9_-]{1,40}")  # the id a phone makes for itself
LAST_NUMBER = 99_999  # an entry's number: no game has nearly so many


def read_json(body: bytes) -> object:
    """The JSON value ``body`` holds, or None when it holds none: not UTF-8, not JSON,
    nested deeper than Python reads, or with ``NaN`` or ``Infinity`` (not JSON).

    >>> read_json(b'{"game": 1}'), read_json(b'{"game": NaN}'), read_json(b"[" * 5000)
    ({'game': 1}, None, None)
    """
    def no_constant(name: str) -> object:
        raise ValueError(name)

    try:
        return json.loads(body, parse_constant=no_constant)
    except (ValueError, RecursionError):  # UnicodeDecodeError and JSONDecodeError too
        return None


def _counted(value: object, largest: int = LARGEST_ID) -> int | None:
    # A JSON number that is whole, as JSON writes it (not 1.0, "1", true).
    return whole_number(value, largest) if type(value) is int else None


async def table_entry(request: Request) -> Response:
    table = await run_in_threadpool(_table, request)
    if table is None:
        return JSONResponse({"refused": "this table link is not known here"}, 404)
    if request.headers.get("content-type", "").split(";")[0] != "application/json":
        return JSONResponse({"refused": "entries are sent as JSON"}, 415)
    sent = read_json(await request.body())
    if not isinstance(sent, dict):
        return JSONResponse({"refused": "an entry is {game, number, entry}"}, 400)
    game_id, number, entry = _counted(sent.get("game")), sent.get("number"), sent.get("entry")
    number = _counted(number, LAST_NUMBER)
    if game_id is None or number is None:
        return JSONResponse({"refused": "an entry's game and number are whole numbers"}, 400)
    if not isinstance(entry, str):
        return JSONResponse({"refused": "that is no entry"}, 400)
    device = sent.get("device")
    if device is not None and not (isinstance(device, str) and DEVICE.fullmatch(device)):
        return JSONResponse({"refused": "a phone's id is 1 to 40 letters and digits"}, 400)
    try:  # what a keyboard adds taken away; text that means nothing kept, as a refusal
        entry = as_entry(entry)
    except EntryError as e:  # the phone shows it with its later entries, to enter again
        return JSONResponse({"refused": str(e)}, 400)
    answer = await run_in_threadpool(
        _enter, site_of(request), table, game_id, number, entry, device)
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
        "glyphs": list(Glyph), "longest_comment": LONGEST_ENTRY - len(COMMENT_MARK) - 1,
        "ruling": _ruling(game, ns, ew),
    }
    if r is None:
        return view
    now = hand_now(r)
    marks = r.report.marks
    view.update({
        "step": r.awaiting.value,
        "recording": r,
        "marks": {"NS": marks[Team.NS], "EW": marks[Team.EW]},
        "points_game": not scores_marks(r.rules),
        "dealer": now.dealer,
        "heading": now.heading(names),
        "legal_bids": [str(b) for b in r.legal_bids],
        "specials": [s.value for s in r.specials_allowed],
        "tricks": now.tricks,
        "tiles_out": [str(t) for t in r.tiles_out],
        "score_kind": r.score_kind.value if r.score_kind else None,
        "computed": r.computed(r.score_kind) if r.score_kind else None,
        "findings": now.findings,
        "earlier": now.earlier,
        "winner": r.winner,
        "can_end": r.can_end.value if r.can_end else None,
        "no_tile_yet": not now.tricks,
        "bidder": r.bidder, "trump_namer": r.trump_caller, "turn": r.turn,
        "leader": r.leader, "trick_number": r.trick_number,
        "declarer": r.declarer,
        # The glyphs and comments of the record (a phone shows those of the hand now), and
        # what a note from the phone would go on: the last bid, trump call or play.
        "notes": [n for n in r.notes if watching or n.hand == now.number],
        "note_on": None if watching else r.last_entered,
    })
    return view


def _ruling(game: GameRow, ns: ClubTeam, ew: ClubTeam | None) -> str | None:
    """The director's ruling on the game, in words, when there is one: it is the result,
    whatever the record on the screen gives."""
    if game.outcome is None or ew is None:
        return None
    return (f"The director's ruling ({game.outcome}): {ns.name} {game.outcome_ns}, "
            f"{ew.name} {game.outcome_ew}. It is the game's result.")


ROUTES = [
    Route("/t/{token}", table_page),
    Route("/t/{token}/state", table_state),
    Route("/t/{token}/entries", table_entry, methods=["POST"]),
    Route("/t/{token}/ping", table_ping, methods=["POST"]),
]
