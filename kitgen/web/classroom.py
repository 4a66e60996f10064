"""Class sessions in the browser (docs/web.md, "Class sessions"): a teacher opens one for a deal and prints a
class set whose every sheet carries a QR code; students open it on a phone, type their sheet and send it; the
teacher's page ranks every sheet as it arrives and exports them.

The sheets are checked by the same worker job as ``POST /api/verify/KIND`` (the CLI's ``kitgen verify``); the
class database is kitgen.store. Who may do what:

- a session's pages need its id (16 random capitals and digits): no list of sessions is served;
- the teacher's page and actions need the teacher's key, kept in a cookie for that session's pages only
  (``HttpOnly``, ``SameSite=Strict``), given once by the link shown when the session is opened;
- a student sees their own verdict (by its own unguessable id) and, if the teacher allows, the ranking (names
  and scores), never another student's sheet;
- every change is a POST from this site: its Origin (or Referer) must be this server, forms carry a token made
  from the server's secret, and a sheet is sent by the page's script with a header no other site can set;
- sheets are limited per device: ``SENDS_PER_MINUTE`` a minute for a session, counted in the class database so
  every server worker shares the count.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import secrets
import time
from collections import defaultdict, deque
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, RedirectResponse, Response, StreamingResponse
from starlette.routing import Route

from kitgen import api
from kitgen.api import gettext as _
from kitgen.store.kinds import (
    CAPTION,
    KINDS,
    class_set_copies,
    class_set_options,
    entry_score,
    keeps_start,
    record_start,
    session_options,
    student_link,
    verify_options,
)
from kitgen.web import endpoints
from kitgen.web.jobs import DealJob, PdfJob, PdfTarget, VerifyJob
from kitgen.web.pages import page
from kitgen.web.params import BadRequest
from kitgen.web.teacher import COOKIE as SIGN_IN_COOKIE
from kitgen.web.teacher import TRIES_PER_MINUTE, Password, next_page, signed_in, signed_in_cookie

if TYPE_CHECKING:  # the class database (SQLAlchemy) is imported at its first use, not as `kitgen serve` starts
    from kitgen.store import Entry, SessionInfo, Store

SENDS_PER_MINUTE = 12
"""Sheets one device may send to one session in a minute: a class sends one each; a script sends hundreds."""
CLASS_SET_MAX = 60
SEND_HEADER = "X-Kitgen-Send"
COOKIE = "kitgen_teacher"


@dataclass
class Limiter:
    """At most ``per_minute`` events a key in any sixty seconds: kept in the class database when ``store`` gives
    it (so several server workers, and a restarted server, share the count), else in memory."""

    per_minute: int
    clock: Callable[[], float] = time.time
    seen: dict[str, deque[float]] = field(default_factory=lambda: defaultdict(deque))
    store: Callable[[], Store] | None = None

    def allow(self, key: str) -> bool:
        now = self.clock()
        if self.store is not None:
            return self.store().allow(key, self.per_minute, now)
        times = self.seen[key]
        while times and times[0] <= now - 60:
            times.popleft()
        if len(times) >= self.per_minute:
            return False
        times.append(now)
        return True


@dataclass
class Classroom:
    """What the class pages share: the class database (opened at first use), the form secret, the limiter."""

    url: str | None = None
    secret: bytes = field(default_factory=lambda: secrets.token_bytes(32))
    limiter: Limiter = field(default_factory=lambda: Limiter(SENDS_PER_MINUTE))
    password: Password | None = None
    """The teacher's password (``kitgen serve --teacher``), hashed; None: a session's key is the teacher's secret."""
    sign_ins: Limiter = field(default_factory=lambda: Limiter(TRIES_PER_MINUTE))
    _store: Store | None = None

    def __post_init__(self) -> None:
        self.limiter.store = self.store  # the sends of every worker counted in the one database
        self.sign_ins.store = self.store
    def store(self) -> Store:
        """The class database, opened (and its schema brought up to date) at first use; one that cannot be
        opened is a 503 in words, and is tried again at the next request."""
        if self._store is None:
            from kitgen.store import Store, StoreError  # SQLAlchemy: imported at the first request that needs it

            try:
                self._store = Store(self.url)
            except StoreError as exc:
                raise BadRequest(exc.message, 503) from None
        return self._store

    def token(self, scope: str) -> str:
        return hmac.new(self.secret, scope.encode(), hashlib.sha256).hexdigest()[:32]

    def close(self) -> None:
        if self._store is not None:
            self._store.close()


def classroom(request: Request) -> Classroom:
    found: Classroom = request.app.state.classroom
    return found


async def database(call: Callable[..., Any], *args: Any) -> Any:
    """A class-database call in a thread; its refusals become pages or JSON in words (404 no such session, room
    or sheet; 403 not the teacher's or not this seat's; 409 closed, or the game moved on; 400 a bad name; 503 the
    database cannot be used)."""
    from kitgen.store import Closed, Forbidden, KeyReused, NotFound, StoreError
    from kitgen.store.rooms import Stale

    try:
        return await run_in_threadpool(call, *args)
    except NotFound as exc:
        raise BadRequest(exc.message, 404) from None
    except Forbidden as exc:
        raise BadRequest(exc.message, 403) from None
    except (Closed, Stale, KeyReused) as exc:
        raise BadRequest(exc.message, 409) from None
    except api.InputError as exc:
        raise BadRequest(exc.message, 400) from None
    except StoreError as exc:
        raise BadRequest(exc.message, 503) from None


def _same_site(request: Request) -> None:
    """A change must come from this site's own pages (a forged cross-site form is refused): the browser's
    ``Sec-Fetch-Site`` says so, or, from a client that sends none, the ``Origin`` (or ``Referer``) is this server.
    (kitgen's pages send no referrer, so a browser's form posts carry ``Origin: null``: never enough alone.)"""
    fetched = request.headers.get("sec-fetch-site")
    if fetched is not None:
        if fetched != "same-origin":
            raise BadRequest(_("This change must be made from kitgen's own page."), 403)
        return
    origin = request.headers.get("origin") or request.headers.get("referer")
    base = f"{request.url.scheme}://{request.url.netloc}"
    if not origin or not (origin == base or origin.startswith(base + "/")):
        raise BadRequest(_("This change must be made from kitgen's own page."), 403)


FORM_BYTES = 64_000
"""A form's body: a name and a typed sheet are a few hundred bytes."""


async def _fields(request: Request) -> dict[str, str]:
    """A posted form's fields (``application/x-www-form-urlencoded``), each name once, the body capped."""
    from urllib.parse import parse_qs

    body = await request.body()
    if len(body) > FORM_BYTES:
        raise BadRequest(_("The form is too large to send."), 413)
    try:
        parsed = parse_qs(body.decode("utf-8"), keep_blank_values=True, max_num_fields=20, strict_parsing=False)
    except (UnicodeDecodeError, ValueError):
        raise BadRequest(_("The form could not be read: reload the page and try again."), 400) from None
    return {name: values[0] for name, values in parsed.items()}


async def _form(request: Request, scope: str) -> dict[str, str]:
    _same_site(request)
    form = await _fields(request)
    given = form.get("token", "")
    if not hmac.compare_digest(given.encode(), classroom(request).token(scope).encode()):
        raise BadRequest(_("This page is out of date: reload it and try again."), 403)
    return form


def _teacher_key(request: Request, session_id: str) -> str | None:
    return request.cookies.get(f"{COOKIE}_{session_id}")


async def _as_teacher(request: Request) -> SessionInfo:
    """The session whose teacher page this is, for its teacher: the session's key in its cookie, or a teacher
    signed in with the server's password (``kitgen serve --teacher``); 403 otherwise."""
    session_id = request.path_params["id"]
    store = classroom(request).store()
    if not signed_in(request):
        await database(store.require_teacher, session_id, _teacher_key(request, session_id))
    info: SessionInfo = await database(store.session, session_id)
    return info


def student_url(request: Request, session_id: str) -> str:
    """The link printed on the sheets, at the address the teacher opened kitgen at."""
    return student_link(f"{request.url.scheme}://{request.url.netloc}", session_id)


# -- the teacher -------------------------------------------------------------------------------

def _needs_sign_in(request: Request) -> bool:
    """Whether this server has a teacher's password and the request is not signed in with it."""
    return classroom(request).password is not None and not signed_in(request)


async def new(request: Request) -> Response:
    """The form that opens a session: the game, the deal, the language, a title (with a teacher's password, only
    for a teacher signed in: the sign-in form, 403, otherwise)."""
    if _needs_sign_in(request):
        return sign_in_page(request, 403, next_to="/class")
    return page("class_new.html", signed_in=signed_in(request), out_token=classroom(request).token("teacher-out"),
                section="class", token=classroom(request).token("new"), langs=api.LANG.choices,
                words_lang=api.text_language(),
                kinds=[(name, kind.title) for name, kind in KINDS.items()],
                deleted=request.query_params.get("deleted") == "1")


async def create(request: Request) -> Response:
    form = await _form(request, "new")
    if _needs_sign_in(request):
        raise BadRequest(_("Sign in as the teacher first (kitgen serve was started with a teacher's password)."), 403)
    kind = str(form.get("kind", "wordsearch"))
    if kind not in KINDS:
        games = ", ".join(_(k.title) for k in KINDS.values())
        raise BadRequest(_("A class session is for {games}.").format(games=games), 400)
    deal = str(form.get("deal", "")).strip() if KINDS[kind].dealt else "0"  # 3DXWORD: each table its own bricks
    if not (deal.isascii() and deal.isdigit()) or len(deal) > 10 or int(deal) > api.SEED.maximum:  # type: ignore
        raise BadRequest(_("The deal number is a whole number (like 7)."), 400)
    lang = str(form.get("lang", "en"))
    api.LANG.convert(lang)  # an unknown language: a 400 in words
    options = session_options(kind, int(deal), lang)
    title = str(form.get("title", "")).strip()[:120] or _(KINDS[kind].title)
    opened = await database(classroom(request).store().open_session, kind, title,
                       options, form.get("ranking") == "1")
    response = RedirectResponse(f"/class/{opened.info.id}?first=1", status_code=303)
    _set_key(response, opened.info.id, opened.teacher_key)
    return response


def _set_key(response: Response, session_id: str, key: str) -> None:
    response.set_cookie(f"{COOKIE}_{session_id}", key, max_age=60 * 60 * 24 * 120, path=f"/class/{session_id}",
                        httponly=True, samesite="strict")


async def enter(request: Request) -> Response:
    """``/class/ID/key/KEY``: the teacher's link from another computer sets the key and goes to the page."""
    session_id, key = request.path_params["id"], request.path_params["key"]
    store = classroom(request).store()
    await database(store.require_teacher, session_id, key)
    response = RedirectResponse(f"/class/{session_id}", status_code=303)
    _set_key(response, session_id, key)
    return response


async def teacher(request: Request) -> Response:
    info = await _as_teacher(request)
    url = student_url(request, info.id)
    host = request.url.hostname or ""
    return page("class_teacher.html", section="class", info=info, kind=KINDS[info.kind], url=url, qr=_qr_svg(url),
                token=classroom(request).token(info.id), first=request.query_params.get("first") == "1",
                key_link=f"{request.url.scheme}://{request.url.netloc}/class/{info.id}/key/"
                         f"{_teacher_key(request, info.id)}" if _teacher_key(request, info.id) else "",
                local_only=host in ("127.0.0.1", "localhost", "::1"), max_count=CLASS_SET_MAX)


def _qr_svg(url: str) -> str:
    import io

    import segno

    out = io.BytesIO()
    segno.make(url, error="l", micro=False, boost_error=True).save(out, kind="svg", scale=6, border=2,
                                                                     xmldecl=False, svgns=True)
    import base64

    return "data:image/svg+xml;base64," + base64.b64encode(out.getvalue()).decode()


def _entry_json(entry: Entry, with_sheet: bool) -> dict[str, Any]:
    verdict = entry.verdict
    words = verdict.get("words", []) if isinstance(verdict.get("words"), list) else []
    problems = verdict.get("problems", []) if isinstance(verdict.get("problems"), list) else []
    out: dict[str, Any] = {"rank": entry.rank or None, "name": entry.name, "score": entry.score, "ok": entry.ok,
                           "rules": "tutorial" if verdict.get("tutorial") else "full",
                           "short_words": verdict.get("min_length") == 2, "language": entry.language,
                           "result": None}
    if "won" in verdict:  # a solitaire: won or not is its result (score 1 or 0, so winners rank first)
        out["result"] = "won" if verdict["won"] else "not won"
    scores = verdict.get("scores")
    if isinstance(scores, dict) and scores:  # a game of two or more players: each one's score
        out["result"] = ", ".join(f"{player} {score}" for player, score in scores.items())
    if not words and isinstance(verdict.get("moves"), list):
        words = [move for move in verdict["moves"] if isinstance(move, dict) and move.get("word")]
    if not words and isinstance(verdict.get("plays"), list):  # a 3DXWORD log: each play's words
        words = [w for play in verdict["plays"] if isinstance(play, dict) for w in play.get("words", [])]
    if with_sheet:
        out.update({"words": [w.get("word") if isinstance(w, dict) else w for w in words],
                    "problems": [p.get("message") if isinstance(p, dict) else p for p in problems],
                    "sent": entry.created_at.strftime("%H:%M:%S")})
    return out


async def _ranking_document(request: Request, info: SessionInfo) -> dict[str, Any]:
    entries = await database(classroom(request).store().ranking, info.id)
    return {"closed": info.closed, "sheets": [_entry_json(e, True) for e in entries]}


async def ranking(request: Request) -> Response:
    info = await _as_teacher(request)
    return JSONResponse(await _ranking_document(request, info), headers={"Cache-Control": "no-store"})


STREAM_SECONDS = 50.0
"""How long one event stream stays open: the browser's EventSource then opens another (after ``retry``), so a
stream never outlives a proxy's timeout or a teacher's key that was deleted with the session."""
STREAM_CHECK = 1.0
"""How often an open stream looks for a new sheet: in the database, so a sheet a student sent through another
server worker reaches it too (one small count a second)."""
STREAM_QUIET = 15.0
"""A comment line after this long without an event keeps the connection from looking idle."""


async def events(request: Request) -> Response:
    """The ranking as server-sent events (``text/event-stream``): an ``event: ranking`` with the same JSON as
    ``/class/ID/ranking`` at once and again whenever a sheet arrives or the session closes. The teacher's page
    listens to it and falls back to asking ``/ranking`` every few seconds where it cannot."""
    info = await _as_teacher(request)
    store = classroom(request).store()

    async def stream() -> AsyncIterator[str]:
        yield f"retry: {int(STREAM_CHECK * 2000)}\n\n"
        seen: tuple[int, bool] | None = None
        opened = spoke = time.monotonic()
        while time.monotonic() - opened < STREAM_SECONDS:
            try:
                now: SessionInfo = await database(store.session, info.id)
            except BadRequest:  # deleted, or the database is down: the page's fallback says so
                return
            if (now.submissions, now.closed) != seen:
                seen = (now.submissions, now.closed)
                spoke = time.monotonic()
                yield f"event: ranking\ndata: {json.dumps(await _ranking_document(request, now))}\n\n"
            elif time.monotonic() - spoke > STREAM_QUIET:
                spoke = time.monotonic()
                yield ": still here\n\n"
            await asyncio.sleep(STREAM_CHECK)

    return StreamingResponse(stream(), media_type="text/event-stream",
                             headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})


async def export(request: Request) -> Response:
    info = await _as_teacher(request)
    text = await database(classroom(request).store().export_csv, info.id)
    return PlainTextResponse(text, media_type="text/csv; charset=utf-8",
                             headers={"Content-Disposition": f'attachment; filename="class-{info.id}.csv"'})


async def class_set(request: Request) -> Response:
    """The class set: the session's deal, COUNT sheets, each with the QR code of the students' page."""
    info = await _as_teacher(request)
    kind = KINDS[info.kind]
    count = request.query_params.get("count", "30")
    if not (count.isascii() and count.isdigit()) or not 1 <= int(count) <= CLASS_SET_MAX:
        raise BadRequest(_("How many sheets: a number from 1 to {most}.").format(most=CLASS_SET_MAX), 400)
    given = class_set_options(info.kind, info.options, int(count), request.query_params.get("paper", "a4"))
    api.check_component(kind.game, kind.component, given)  # a bad paper: 400 before work
    _status, pdf = await endpoints.work(request, PdfJob(PdfTarget.of(kind.game, kind.component, given),
                                                  class_set_copies(info.kind, int(count))), queued=True)
    try:
        stamped = await run_in_threadpool(api.stamp_link, pdf, student_url(request, info.id), _(CAPTION))
    except api.InputError as exc:
        raise BadRequest(exc.message, 400) from None
    return Response(stamped, media_type="application/pdf",
                    headers={"Content-Disposition": f'attachment; filename="class-{info.id}-x{count}.pdf"'})


async def caller(request: Request) -> Response:
    """The caller's page, projected for a class playing on paper: each turn's word and its line, one at a time
    (``make-a-wordsearch.txt``: one word a turn; the line is its length, wrapping after 5), or the word a student
    picks for the turn ("Take turns picking words")."""
    info = await _as_teacher(request)
    kind = KINDS[info.kind]
    if kind.game != "wordsearch":
        raise BadRequest(_("The caller's page calls Make a Wordsearch words."), 404)
    given = {kind.seed_option: info.options[kind.deal_option], "lang": info.options.get("lang", "en")}
    dealt = await endpoints.work(request, DealJob(kind.game, given))
    turns = [{"word": w, "line": n} for w, n in zip(dealt["words"], dealt["lines"], strict=True)]
    return page("class_caller.html", section="class", info=info, turns=json.dumps(turns))


async def close(request: Request) -> Response:
    session_id = request.path_params["id"]
    await _form(request, session_id)
    await database(classroom(request).store().close_session, session_id, _teacher_key(request, session_id),
                   signed_in(request))
    return RedirectResponse(f"/class/{session_id}", status_code=303)


async def delete(request: Request) -> Response:
    session_id = request.path_params["id"]
    await _form(request, session_id)
    await database(classroom(request).store().delete_session, session_id, _teacher_key(request, session_id),
                   signed_in(request))
    response = RedirectResponse("/class?deleted=1", status_code=303)
    response.delete_cookie(f"{COOKIE}_{session_id}", path=f"/class/{session_id}")
    return response


# -- the teacher's password (kitgen serve --teacher; kitgen/web/teacher.py) ---------------------

def sign_in_page(request: Request, status: int = 200, error: str = "", next_to: str | None = None) -> Response:
    where = next_page(next_to or request.query_params.get("next", "/class"))
    return page("teacher_login.html", section="class", token=classroom(request).token("teacher"), error=error,
                next=where, status=status)


def _no_password() -> BadRequest:
    return BadRequest(_("This kitgen has no teacher's password: it was started without --teacher."), 404)


async def sign_in_form(request: Request) -> Response:
    if classroom(request).password is None:
        raise _no_password()
    return sign_in_page(request)


async def sign_in(request: Request) -> Response:
    """``POST /teacher``: the password checked (a few tries a minute from one device), then the sign-in cookie."""
    room = classroom(request)
    if room.password is None:
        raise _no_password()
    form = await _form(request, "teacher")
    where = next_page(form.get("next", "/class"))
    client = request.client.host if request.client else "?"
    if not await database(room.sign_ins.allow, f"sign-in {client}"):
        return sign_in_page(request, 429, _("Too many tries from this device: wait a minute, then try again."), where)
    if not await run_in_threadpool(room.password.matches, form.get("password", "")):  # scrypt: ~50 ms of CPU
        return sign_in_page(request, 403, _("That is not the teacher's password."), where)
    response = RedirectResponse(where, status_code=303)
    value, seconds = signed_in_cookie(room.secret, room.password)
    response.set_cookie(SIGN_IN_COOKIE, value, max_age=seconds, path="/", httponly=True, samesite="strict")
    return response


async def sign_out(request: Request) -> Response:
    await _form(request, "teacher-out")
    response = RedirectResponse("/class", status_code=303)
    response.delete_cookie(SIGN_IN_COOKIE, path="/")
    return response


# -- the students ------------------------------------------------------------------------------

async def _session(request: Request) -> SessionInfo:
    info: SessionInfo = await database(classroom(request).store().session, request.path_params["id"].upper())
    return info


async def sheet(request: Request) -> Response:
    """The students' page: the sheet typed as it looks on paper, a name, and Send."""
    info = await _session(request)
    if request.path_params["id"] != info.id:
        return RedirectResponse(f"/s/{info.id}", status_code=308)
    kind = KINDS[info.kind]
    if kind.record != "wordsearch":  # a game record typed as text, checked as typed
        return page("class_record.html", section="check", info=info, session_kind=kind, fields=[],
                    kind=api.game(kind.game).record_kind(kind.record), start=record_start(info.kind, info.options),
                    options=sorted(verify_options(info.kind, info.options).items()))
    return page("class_sheet.html", section="check", info=info, fields=[], deal=info.options.get("deal"),
                lang=info.options.get("lang", "en"))


async def send(request: Request) -> Response:
    """A student's sheet: checked by the verifier, kept, and only then acknowledged with its own link."""
    _same_site(request)
    if request.headers.get(SEND_HEADER) != "1":
        raise BadRequest(_("Send your sheet from its page."), 403)
    info = await _session(request)
    form = await _fields(request)
    name, text, key = form.get("name", ""), form.get("sheet", ""), form.get("key") or None
    store = classroom(request).store()
    if key is not None:  # a sheet sent again after its answer was lost: the verdict kept, not a second row
        kept: Entry | None = await database(store.resent, info.id, key, name, text)
        if kept is not None:
            return _acknowledged(info, kept, again=True)
    client = request.client.host if request.client else "?"
    if not await database(classroom(request).limiter.allow, f"{client} {info.id}"):
        return JSONResponse({"error": _("Too many sheets from this device in a minute: wait a little, then send "
                                        "again.")}, status_code=429, headers={"Retry-After": "60"})
    if not keeps_start(info.kind, info.options, text):
        return JSONResponse({"error": _("Keep the pattern at the top of your game as it was given, then send "
                                          "again.")},
                            status_code=400)
    # a player's own rules, as the seed allows at one table (Make a Wordsearch's tutorial scoring, 2-letter words)
    rules = {"tutorial": form.get("tutorial") == "1", "min_length": 2 if form.get("min_length") == "2" else 3} \
        if KINDS[info.kind].record == "wordsearch" else {}
    options = {**verify_options(info.kind, info.options), **rules}
    # the verdict in the student's own language (the page's); the words stay the session's (docs/web.md)
    reads = api.text_language()
    code, document = await endpoints.work(request, VerifyJob(KINDS[info.kind].record, text.encode("utf-8"), options,
                                                             reads), queued=True)  # a class sending at once
    entry = await database(store.submit, info.id, name, text, entry_score(document), code == 0, document, reads, key)
    return _acknowledged(info, entry)


def _acknowledged(info: SessionInfo, entry: Entry, again: bool = False) -> Response:
    """A kept sheet's answer: its own link and its verdict's score (the same for every send of one key); ``again``
    says it was kept by an earlier send of the same key."""
    return JSONResponse({"id": entry.id, "url": f"/s/{info.id}/{entry.id}", "score": entry.score, "ok": entry.ok,
                         "again": again})


async def sent(request: Request) -> Response:
    """A student's own verdict, and the ranking when the teacher allows it (names and scores only)."""
    info = await _session(request)
    store = classroom(request).store()
    entry = await database(store.submission, info.id, request.path_params["sub"])
    ranked = await database(store.ranking, info.id) if info.show_ranking else []
    return page("class_sent.html", section="check", info=info, entry=_entry_json(entry, True),
                on_paper=KINDS[info.kind].record == "wordsearch",
                ranking=[_entry_json(e, False) for e in ranked])


ROUTES = [
    Route("/class", new),
    Route("/class", create, methods=["POST"]),
    Route("/class/{id}", teacher),
    Route("/class/{id}/key/{key}", enter),
    Route("/class/{id}/ranking", ranking),
    Route("/class/{id}/events", events),
    Route("/class/{id}/export.csv", export),
    Route("/class/{id}/sheets.pdf", class_set),
    Route("/class/{id}/caller", caller),
    Route("/class/{id}/close", close, methods=["POST"]),
    Route("/class/{id}/delete", delete, methods=["POST"]),
    Route("/teacher", sign_in_form),
    Route("/teacher", sign_in, methods=["POST"]),
    Route("/teacher/out", sign_out, methods=["POST"]),
    Route("/s/{id}", sheet),
    Route("/S/{id}", sheet),
    Route("/s/{id}", send, methods=["POST"]),
    Route("/s/{id}/{sub}", sent),
]
