"""Game rooms in the browser (docs/web.md, "Game rooms"): two to four players play one Crossword game, each on
their own device. The room keeps the game record (kitgen.store.rooms); every turn is checked by the same
verifier as ``kitgen verify crossword`` (whose turn it is, the light, the word) before it is added, so the engine
enforces the turns; each device watches the grid change by asking for the room's state every two seconds. A
device takes a player's seat and keeps its key in a cookie for that room only; a reload or a server restart
finds the game where it was.
"""

from __future__ import annotations

import re

from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from kitgen import api
from kitgen.api import gettext as _
from kitgen.store.rooms import Room, Rooms
from kitgen.web import endpoints
from kitgen.web.classroom import SEND_HEADER, _fields, _form, _same_site, classroom, database
from kitgen.web.jobs import DocumentJob, VerifyJob
from kitgen.web.pages import page
from kitgen.web.params import BadRequest

SEAT = "kitgen_seat"
SIZES = ("9", "11", "13", "15")
PLAYER = re.compile(r"^[^\W_]{1,12}$")
"""A player's name in a record: one word of letters or digits (a record separates its fields by spaces)."""
LIGHT = re.compile(r"^\d{1,3}[ADad]$")


def rooms(request: Request) -> Rooms:
    return Rooms(classroom(request).store())


def players_of(text: str) -> tuple[str, ...]:
    """The players' names typed in the form: 2 to 4, each one word, none twice (``InputError`` in words)."""
    names = tuple(n.upper() for n in re.split(r"[\s,]+", text.strip()) if n)
    if not 2 <= len(names) <= 4:
        raise BadRequest(_("A game room is for 2 to 4 players: write their names."), 400)
    bad = [n for n in names if not PLAYER.match(n)]
    if bad:
        raise BadRequest(_("A name is one word of letters or digits, at most 12 (not \u201c{name}\u201d).").format(
            name=bad[0][:20]), 400)
    if len(set(names)) != len(names):
        raise BadRequest(_("Two players have the same name."), 400)
    return names


async def new(request: Request) -> Response:
    return page("room_new.html", section="check", token=classroom(request).token("room"), sizes=SIZES)


async def create(request: Request) -> Response:
    form = await _form(request, "room")
    players = players_of(form.get("players", ""))
    size, seed = form.get("size", "9"), form.get("seed", "1").strip()
    if size not in SIZES or not (seed.isascii() and seed.isdigit()) or len(seed) > 9:
        raise BadRequest(_("Choose a size and a grid number (like 7)."), 400)
    made = await endpoints.work(request, DocumentJob("pattern", {"seed": int(seed), "size": int(size)}))
    rows = made["patterns"][0]["rows"]
    head = "pattern:\n" + "\n".join(rows) + "\nplayers: " + " ".join(players) + "\n"
    room: Room = await database(rooms(request).open_room, "crossword", head, players)
    return RedirectResponse(f"/r/{room.id}", status_code=303)


def _seat_key(request: Request, room_id: str) -> str | None:
    return request.cookies.get(f"{SEAT}_{room_id}")


async def _state(request: Request) -> tuple[Room, str | None]:
    found = rooms(request)
    room: Room = await database(found.room, request.path_params["id"].upper())
    you = await database(found.seat_of, room.id, _seat_key(request, room.id))
    return room, you


async def room_page(request: Request) -> Response:
    room, you = await _state(request)
    free = [p for p in room.players if p not in room.taken]
    return page("room.html", section="check", room=room, you=you, free=free,
                token=classroom(request).token(f"seat {room.id}"))


async def seat(request: Request) -> Response:
    room_id = request.path_params["id"]
    form = await _form(request, f"seat {room_id}")
    key = await database(rooms(request).take_seat, room_id, form.get("player", ""))
    response = RedirectResponse(f"/r/{room_id}", status_code=303)
    response.set_cookie(f"{SEAT}_{room_id}", key, max_age=60 * 60 * 24 * 30, path=f"/r/{room_id}", httponly=True,
                        samesite="strict")
    return response


def _turns(record: str) -> int:
    """The turns played: the record's lines after its ``players:`` line (comments and blanks aside)."""
    lines = record.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("players:")) + 1
    return sum(1 for line in lines[start:] if line.strip() and not line.lstrip().startswith("#"))


async def state(request: Request) -> Response:
    """The room as every device draws it: the pattern, the moves and scores (the verifier's document), whose
    turn it is, and which player this device is."""
    room, you = await _state(request)
    code, document = await endpoints.work(request, VerifyJob("crossword", room.record.encode(),
                                                             text=api.text_language()), queued=True)
    rows = room.record.split("pattern:\n", 1)[1].split("\nplayers:", 1)[0].splitlines()
    turn = room.players[_turns(room.record) % len(room.players)]
    return JSONResponse({"version": room.version, "rows": rows, "players": list(room.players),
                         "taken": list(room.taken), "you": you, "next": None if document.get("finished") else turn,
                         "game": document, "broken": bool(code)}, headers={"Cache-Control": "no-store"})


async def turn(request: Request) -> Response:
    """A turn from the device in a player's seat: checked by the verifier on the record it was played on, then
    added (409 if another turn came first; 422 with the rule, in words, if it breaks one)."""
    _same_site(request)
    if request.headers.get(SEND_HEADER) != "1":
        raise BadRequest(_("Play from the room's page."), 403)
    room, you = await _state(request)
    if you is None:
        raise BadRequest(_("Take a player's place in this game first."), 403)
    form = await _fields(request)
    version = form.get("version", "")
    light, word = form.get("light", "").strip(), form.get("word", "").strip().upper()
    if form.get("pass") == "1":
        line = f"{you} pass"
    elif LIGHT.match(light) and word and len(word) <= 40 and "\n" not in word:
        line = f"{you} {light.upper()} {word}"
    else:
        raise BadRequest(_("Write the light (like 2D or 14A) and the word."), 400)
    if not (version.isascii() and version.isdigit()) or int(version) != room.version:
        raise BadRequest(_("The game moved on while you played: look at the grid again."), 409)
    record = room.record.rstrip("\n") + "\n" + line + "\n"
    code, document = await endpoints.work(request, VerifyJob("crossword", record.encode(),
                                                             text=api.text_language()), queued=True)
    if code:
        problems = document.get("problems") or [{"message": _("That turn breaks a rule.")}]
        return JSONResponse({"error": problems[-1]["message"]}, status_code=422)
    new_version = await database(rooms(request).add_turn, room.id, room.version, line)
    return JSONResponse({"version": new_version})


ROUTES = [
    Route("/room", new),
    Route("/room", create, methods=["POST"]),
    Route("/r/{id}", room_page),
    Route("/r/{id}/seat", seat, methods=["POST"]),
    Route("/r/{id}/state", state),
    Route("/r/{id}/turn", turn, methods=["POST"]),
]
