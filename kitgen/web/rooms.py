"""Game rooms in the browser (docs/web.md, "Game rooms"): two players play one Crossword game, or two or more one
3DXWORD game (its table or 3-D version, the log ``kitgen verify 3dxword`` reads), each on their own device. The
room keeps the game record (kitgen.store.rooms); every turn is checked by the same verifier as ``kitgen verify``
(whose turn it is, the light and the word, or the 3-D rules) before it is added, so the engine enforces the
turns; each device watches the game change by asking for the room's state every two seconds. A device takes a
player's seat and keeps its key in a cookie for that room only; a reload or a server restart finds the game where
it was.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from kitgen import api
from kitgen.api import N_
from kitgen.api import gettext as _
from kitgen.web import endpoints
from kitgen.web.classroom import SEND_HEADER, _fields, _form, _same_site, classroom, database
from kitgen.web.jobs import DocumentJob, ReplyJob, VerifyJob
from kitgen.web.pages import page
from kitgen.web.params import BadRequest
from kitgen.web.refusals import plain_refusal

if TYPE_CHECKING:  # the class database (SQLAlchemy) is imported at its first use, not as `kitgen serve` starts
    from kitgen.store.rooms import Room, Rooms

SEAT = "kitgen_seat"
SIZES = ("9", "11", "13", "15")
PLAYER = re.compile(r"^[^\W_]{1,12}$")
"""A player's name in a record: one word of letters or digits (a record separates its fields by spaces)."""
LIGHT = re.compile(r"^\d{1,3}[ADad]$")
GAMES = {"crossword": "crossword", "3dxword-table": "table", "3dxword-3d": "3d"}
"""The games a room is opened for: the Crossword game, and 3DXWORD's table or 3-D version (``version:``)."""
AT = re.compile(r"^-?\d{1,3},-?\d{1,3}(,-?\d{1,3})?$")
"""Where a 3DXWORD play's first letter goes: X,Y or X,Y,Z."""
TITLES = {"crossword": N_("The Crossword game"), "3dxword-table": N_("3DXWORD, table version"),
          "3dxword-3d": N_("3DXWORD, 3-D version")}
DIRECTIONS = ("across", "down", "up", "drop")
WAYS = ("upright", "upside-down", "turned-left", "turned-right")
"""How a 3DXWORD play's letters stand on their bricks (docs/3dxword.md, "The way up"); upright is not written."""
MAX_LEFT = 99
"""The most letters a player may say they have left at the end (the log's limit)."""
COMPUTER = "KITGEN"
"""The computer's name in a Crossword game room it plays in (its seat is taken when the room opens)."""
COMPUTER_MARK = f"# computer: {COMPUTER}\n"
"""The record's first line when the computer plays (a comment: the verifier reads past it)."""


def rooms(request: Request) -> Rooms:
    from kitgen.store.rooms import Rooms

    return Rooms(classroom(request).store())


CROSSWORD_PLAYERS = 2
"""The Crossword game's seed: "Players 2" (crossword-game.txt; "Play continues till both players pass")."""


def seats(game: str) -> tuple[int, int]:
    """How many players a room of ``game`` seats, as its game's seed allows ("two or more" in the issue: as many as
    the game allows). The Crossword game: 2 ("Players 2"; kitgen's verifier lets up to 12 play in turn, which the
    seed does not). 3DXWORD: "The game is for 2 or more players. There is no limit to the number of players, except
    that it is suggested you need at least 20 pieces per player" (3dxword.txt): as many as kitgen's brick sets are
    made for, 20 letter pieces each (``kitgen bricks --players``, from its declaration)."""
    if game == "crossword":
        return CROSSWORD_PLAYERS, CROSSWORD_PLAYERS
    players = next(o for o in api.command(api.Group.TOP, "bricks").options if o.name == "players")
    return int(players.minimum or 2), int(players.maximum or 2)


def players_of(text: str, game: str = "crossword", computer: bool = False) -> tuple[str, ...]:
    """The players' names typed in the form (the computer's last, when it plays): as many as the game seats
    (``seats``), each one word, none twice (a 400 in words otherwise)."""
    names = tuple(n.upper() for n in re.split(r"[\s,]+", text.strip()) if n) + ((COMPUTER,) if computer else ())
    least, most = seats(game)
    if not least <= len(names) <= most:
        if game != "crossword":
            raise BadRequest(_("{game} is for {least} to {most} players: write their names.").format(
                game=_(TITLES[game]), least=least, most=most), 400)
        raise BadRequest(_("The Crossword game is for two players: with the computer playing, write one name.")
                         if computer else _("The Crossword game is for two players: write both names."), 400)
    bad = [n for n in names if not PLAYER.match(n)]
    if bad:
        raise BadRequest(_("A name is one word of letters or digits, at most 12 (not \u201c{name}\u201d).").format(
            name=bad[0][:20]), 400)
    if len(set(names)) != len(names):
        raise BadRequest(_("Two players have the same name."), 400)
    return names


def words_language() -> str:
    """The room form's language of the words at first: the page's language when kitgen has words for it (the
    language menu's choice, as ``?lang=`` sets a form's words elsewhere), English otherwise."""
    spoken = api.text_language()
    return spoken if spoken in api.LANG.choices else "en"


async def new(request: Request) -> Response:
    return page("room_new.html", section="check", token=classroom(request).token("room"), sizes=SIZES,
                bricks_seats=seats("3dxword-3d"), langs=api.LANG.choices, words_lang=words_language())


async def create(request: Request) -> Response:
    form = await _form(request, "room")
    game = form.get("game", "crossword")
    if game not in GAMES:
        raise BadRequest(_("Choose a game."), 400)
    computer = form.get("computer") == "1" and game == "crossword"
    players = players_of(form.get("players", ""), game, computer)
    lang = form.get("lang") or words_language()
    api.LANG.convert(lang)  # an unknown language: a 400 in words
    if game != "crossword":  # 3DXWORD: no board to draw first, the version and the players head the log
        head = f"players: {' '.join(players)}\nversion: {GAMES[game]}\n"
        made_room: Room = await database(rooms(request).open_room, "3dxword", head, players, lang)
        return RedirectResponse(f"/r/{made_room.id}", status_code=303)
    size, seed = form.get("size", "9"), form.get("seed", "1").strip()
    if size not in SIZES or not (seed.isascii() and seed.isdigit()) or len(seed) > 9:
        raise BadRequest(_("Choose a size and a grid number (like 7)."), 400)
    made = await endpoints.work(request, DocumentJob("pattern", {"seed": int(seed), "size": int(size)}))
    rows = made["patterns"][0]["rows"]
    head = (COMPUTER_MARK if computer else "") + "pattern:\n" + "\n".join(rows) + "\nplayers: " + " ".join(players) \
        + "\n"
    room: Room = await database(rooms(request).open_room, "crossword", head, players, lang)
    if computer:  # no device may take the computer's seat
        await database(rooms(request).take_seat, room.id, COMPUTER)
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


def _turn_lines(record: str) -> list[str]:
    """The turns played: the record's lines after its ``players:`` line (comments, blanks and a 3DXWORD log's
    ``version:`` and ``unused:`` lines aside)."""
    lines = record.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("players:")) + 1
    return [line for line in lines[start:] if line.strip() and not line.lstrip().startswith("#")
            and not line.startswith(("version:", "unused:"))]


def _counted(record: str) -> list[str]:
    """The players of a finished 3DXWORD game who have said how many letters they have left (each adds an
    ``unused: PLAYER N`` line to the log, docs/3dxword.md)."""
    return [line.split()[1] for line in record.splitlines() if line.startswith("unused: ")]


def _words(room: Room) -> dict[str, api.OptionValue]:
    """The options of the room's words (``--lang``): its lexicon checks every turn and the computer plays from it."""
    return {"lang": room.lang}


async def _computer_plays(request: Request, room: Room) -> Room:
    """The computer's turn, when it is next in a room it plays in: the turn kitgen's computer player finds
    (``/api/reply/crossword``) is added onto the record it was found on. Each device asks for the room's state,
    so two may find it at once: the first adds it, the other's is stale and dropped."""
    turns = _turn_lines(room.record)
    if not room.record.startswith(COMPUTER_MARK) or room.players[len(turns) % len(room.players)] != COMPUTER:
        return room
    code, document = await endpoints.work(request, VerifyJob(room.kind, room.record.encode(), _words(room)),
                                          queued=True)
    if code or document.get("finished"):
        return room
    found = await endpoints.work(request, ReplyJob(room.kind, room.record.encode(), _words(room)), queued=True)
    await database(_add_unless_stale, rooms(request), room.id, room.version, found["line"])  # or another's first
    fresh: Room = await database(rooms(request).room, room.id)
    return fresh


async def state(request: Request) -> Response:
    """The room as every device draws it: the pattern, the moves and scores (the verifier's document), whose
    turn it is, and which player this device is. The computer, when it plays in the room and is next, plays
    first."""
    room, you = await _state(request)
    room = await _computer_plays(request, room)
    code, document = await endpoints.work(request, VerifyJob(room.kind, room.record.encode(), _words(room),
                                                             text=api.text_language()), queued=True)
    turns = _turn_lines(room.record)
    turn = room.players[len(turns) % len(room.players)]
    shown = {"version": room.version, "players": list(room.players), "taken": list(room.taken), "you": you,
             "game": document, "broken": bool(code), "lang": room.lang}
    if room.kind == "3dxword":  # the plays as typed (the page lays their letters out) and the log's version
        over, counted = bool(document.get("finished")), _counted(room.record)
        shown |= {"turns": turns, "next": None if over else turn, "over": over, "counted": counted,
                  "final": over and len(counted) == len(room.players), "table": "version: table" in room.record}
    else:
        rows = room.record.split("pattern:\n", 1)[1].split("\nplayers:", 1)[0].splitlines()
        shown |= {"rows": rows, "next": None if document.get("finished") else turn}
    return JSONResponse(shown, headers={"Cache-Control": "no-store"})


def capitals(word: str, lang: str) -> str:
    """``word`` in capitals as the room's language writes them: Turkish i is İ (Unicode's Turkish casing; Python's
    ``str.upper`` makes it I, the capital of ı, so a Turkish room refused BİR typed as "bir")."""
    return (word.replace("i", "\u0130") if lang == "tr" else word).upper()


def _line(kind: str, you: str, form: dict[str, str], lang: str = "en") -> str:
    """The turn as its record writes it, from the room's form (``BadRequest`` in words when it cannot be), the
    word in capitals as the room's language writes them: a 3DXWORD player's letters left at the end are an
    ``unused:`` line."""
    if form.get("pass") == "1":
        return f"{you} pass"
    if kind == "3dxword" and "left" in form:
        left = form["left"].strip()
        if not (left.isascii() and left.isdigit() and int(left) <= MAX_LEFT):
            raise BadRequest(_("Write how many letters you have left: a number from 0 to {most}.").format(
                most=MAX_LEFT), 400)
        return f"unused: {you} {int(left)}"
    word = capitals(form.get("word", "").strip(), lang)
    if kind == "3dxword":
        at, direction = form.get("at", "").replace(" ", ""), form.get("direction", "")
        if not (re.fullmatch(r"[^\W\d_]{2,40}", word) and AT.match(at) and direction in DIRECTIONS):
            raise BadRequest(_("Write the word, where its first letter goes (like 2,0 or 2,0,1) and its "
                               "direction."), 400)
        way = "upside-down" if form.get("upside_down") == "1" else form.get("way") or "upright"
        if way not in WAYS:
            raise BadRequest(_("Choose how the letters stand."), 400)
        pieces = [form["joiner"]] if form.get("joiner") in ("red", "blue") else []
        pieces += ["x"] * (form.get("x") == "1") + [way] * (way != "upright")
        return " ".join([you, word, at, direction, *pieces])
    light = form.get("light", "").strip()
    if LIGHT.match(light) and word and len(word) <= 40 and "\n" not in word:
        return f"{you} {light.upper()} {word}"
    raise BadRequest(_("Write the light (like 2D or 14A) and the word."), 400)


async def turn(request: Request) -> Response:
    """A turn from the device in a player's seat: checked by the verifier on the record it was played on, then
    added (409 if another turn came first; 422 with the rule, in words, if it breaks one). Once a 3DXWORD game is
    over, each player's device says how many letters that player has left, once (``left``): counts depend on no
    other player's, so one that meets another player's count sent at the same moment is checked again on the room
    as it now is instead of being refused."""
    _same_site(request)
    if request.headers.get(SEND_HEADER) != "1":
        raise BadRequest(_("Play from the room's page."), 403)
    room, you = await _state(request)
    if you is None:
        raise BadRequest(_("Take a player's place in this game first."), 403)
    form = await _fields(request)
    version = form.get("version", "")
    line = _line(room.kind, you, form, room.lang)
    left = line.startswith("unused:")  # letters left depend on no other player's: counted on the room as it is
    if not left and (not (version.isascii() and version.isdigit()) or int(version) != room.version):
        raise BadRequest(_("The game moved on while you played: look at the grid again."), 409)
    for _attempt in range(len(room.players) if left else 1):
        answer = await _add_checked(request, room, you, line)
        if answer is not None:
            return answer
        room, _you = await _state(request)  # another player's count came first: check this one again on it
    raise BadRequest(_("The game moved on while you played: look at the grid again."), 409)


def _add_unless_stale(found: Rooms, room_id: str, version: int, line: str) -> int | None:
    """``line`` added onto ``version`` of the room's record: its new version, or None if another turn came first."""
    from kitgen.store.rooms import Stale

    try:
        return found.add_turn(room_id, version, line)
    except Stale:
        return None


async def _add_checked(request: Request, room: Room, you: str, line: str) -> Response | None:
    """``line`` checked by the verifier on ``room``'s record and added to it; None if another turn came first."""
    left = line.startswith("unused:")
    if left and you in _counted(room.record):
        raise BadRequest(_("You have already said how many letters you have left."), 409)
    record = room.record.rstrip("\n") + "\n" + line + "\n"
    code, document = await endpoints.work(request, VerifyJob(room.kind, record.encode(), _words(room),
                                                             text=api.text_language()), queued=True)
    if code:
        problems = document.get("problems") or [{"message": _("That turn breaks a rule.")}]
        plain = plain_refusal(room.kind, problems[-1].get("code", ""), line,  # a Crossword or 3DXWORD rule, plainly
                              document.get("not_word") or None)
        return JSONResponse({"error": plain or problems[-1]["message"]}, status_code=422)
    if left and not document.get("finished"):
        raise BadRequest(_("Letters left are counted at the end of the game, after every player has passed in "
                           "turn."), 409)
    new_version = await database(_add_unless_stale, rooms(request), room.id, room.version, line)
    return None if new_version is None else JSONResponse({"version": new_version})


ROUTES = [
    Route("/room", new),
    Route("/room", create, methods=["POST"]),
    Route("/r/{id}", room_page),
    Route("/r/{id}/seat", seat, methods=["POST"]),
    Route("/r/{id}/state", state),
    Route("/r/{id}/turn", turn, methods=["POST"]),
]
