"""The HTTP API (docs/web.md): the command line's names and JSON documents, over HTTP.

Every endpoint that runs a game sends the work to a worker process (kitgen.web.workers), bounded in
time; the answers are the CLI's: the ``--json`` document, 422 with located problems for a record
that breaks a rule, 400 ``{"error": "LINE:COL: message"}`` for a malformed one or a bad option, 404
for an unknown name, 413 for a body over the readers' 2 MB, 503 when the work took too long.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from typing import Any, TypeVar

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from kitgen import api
from kitgen.web.jobs import (
    Answer,
    DealJob,
    DocumentJob,
    Failed,
    Job,
    PdfJob,
    PdfTarget,
    PreviewJob,
    ReplyJob,
    VerifyJob,
)
from kitgen.web.labels import label
from kitgen.web.params import BadRequest, shown, values
from kitgen.web.uploads import UnknownUpload
from kitgen.web.workers import Busy, Stopped, TooLong, WorkerDied, Workers

T = TypeVar("T")
MAX_BODY = 2_000_000
"""The readers' cap: a typed record is small; a bigger body is refused (413)."""
PREVIEW_WIDTH = (100, 1600, 700)
"""A preview's width in pixels: least, most, default."""


def too_large() -> str:
    """The refusal of a body over the readers' cap (413), in the request's language."""
    return api.gettext("the body is larger than {size} bytes").format(size=MAX_BODY)


async def work(request: Request, job: Job, queued: bool = False) -> Any:
    """Run a job in a worker; its errors become the HTTP answers the API documents (``Failed.failure.status``).
    ``queued``: work a page waits on (a preview, a class set, a room's state or turn) waits in line for a worker
    while the browser is still there (``Limits.queue``), instead of a 503 when every worker stays busy for
    ``Limits.wait``; a browser that went away takes its place in line with it."""
    workers: Workers = request.app.state.workers
    try:
        job = request.app.state.uploads.resolve(job)
    except UnknownUpload:
        raise BadRequest(api.gettext("The file you chose is no longer on the server (it keeps only the latest few): "
                                     "choose it again."), 400) from None
    gone = threading.Event()
    watch = asyncio.create_task(_watch(request, gone)) if queued else None
    try:
        code, value = await run_in_threadpool(work_answer, lambda: workers.call(job, gone, queued=queued),
                                              workers.limits.seconds)
    except Stopped:
        raise BadRequest(api.gettext("The computer is busy just now: try again in a moment."), 503) from None
    finally:
        if watch is not None:
            watch.cancel()
    if code != 200:
        raise BadRequest(value["error"], code)
    return value


async def _watch(request: Request, gone: threading.Event) -> None:
    """Set ``gone`` when the browser that asked has gone away (its place in line is given up)."""
    while not await request.is_disconnected():
        await asyncio.sleep(0.5)
    gone.set()


def work_answer(call: Callable[[], Answer], seconds: float) -> tuple[int, Any]:
    """A worker's answer as the HTTP status and document the API gives: 200 and the result, else the error's
    status (``Failed.failure.status``; 503 for work stopped at the time limit, a worker killed under it, or no
    worker free) and ``{"error"}``."""
    try:
        answer = call()
    except WorkerDied:  # not a long job: its worker was killed under it (a student's sheet was not kept)
        return 503, {"error": api.gettext("The computer doing this work stopped before it finished, and nothing was "
                                          "kept: try again.")}
    except TooLong:
        return 503, {"error": api.gettext("This took longer than {seconds} seconds, the longest this computer allows, "
                                          "and was stopped (it may be busy): try again in a moment, or ask for less "
                                          "work.").format(seconds=f"{seconds:g}")}
    except Busy:
        return 503, {"error": api.gettext("The computer is busy just now: try again in a moment.")}
    if isinstance(answer, Failed):
        return answer.failure.status, {"error": str(answer)}
    return 200, answer.value


def known(look_up: Callable[[str], T], name: str) -> T:
    """``look_up(name)`` (a registry look-up), its ``UnknownName`` a 404 with the registry's one message."""
    try:
        return look_up(name)
    except api.UnknownName as exc:
        raise BadRequest(exc.message, 404) from None


def _within_limit(request: Request, given: dict[str, api.OptionValue]) -> None:
    """A search given ``seconds`` must end before the server's time limit stops it (else 422 at once)."""
    seconds = given.get("seconds")
    limit = request.app.state.workers.limits.seconds
    if isinstance(seconds, (int, float)) and seconds > limit - 1:
        raise BadRequest(api.gettext("{option} is at most {most} here: this computer stops any work after {limit} "
                                     "seconds").format(option=api.quoted(label("seconds")), most=f"{limit - 1:g}",
                                                       limit=f"{limit:g}"), 422)


async def games(request: Request) -> Response:
    """Every game and what it offers, with each option as a form would need it."""
    out = []
    for game in api.declarations():
        items: dict[str, list[tuple[str, tuple[api.Option, ...]]]] = {
            "components": [(c.name, c.options) for c in game.components],
            "deals": [(d.name, d.options) for d in game.deals],
            "records": [(r.name, r.options) for r in game.records]}
        out.append({"name": game.name, "title": game.title, "docs": game.docs,
                    **{key: [{"name": name, "options": [vars(api.OptionInfo.of(o)) for o in options]}
                             for name, options in group] for key, group in items.items()}})
    return JSONResponse({"games": out})


def record_kind(name: str) -> api.RecordKind[Any, Any, Any]:
    return known(lambda n: api.game_record_kind(n)[1], name)


async def body(request: Request) -> bytes:
    """The request body, read through the 2 MB cap whatever Content-Length says."""
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY:
            raise BadRequest(too_large(), 413)
        chunks.append(chunk)
    return b"".join(chunks)


async def verify(request: Request) -> Response:
    """``kitgen verify KIND --json`` on the body: 200 legal, 422 broken (with ``problems``), 400 malformed."""
    kind = record_kind(request.path_params["kind"])
    given = values(kind.options, request.query_params)
    _within_limit(request, given)
    code, document = await work(request, VerifyJob(kind.name, await body(request), given, api.text_language()))
    return JSONResponse(document, status_code=422 if code else 200)


async def reply(request: Request) -> Response:
    """The computer's next turn in the record in the body (a kind with a computer player: crossword)."""
    kind = record_kind(request.path_params["kind"])
    if kind.opponent is None:
        raise BadRequest(api.gettext("{kind} has no computer player").format(kind=kind.name), 404)
    given = values(kind.options + kind.opponent.options, request.query_params)
    return JSONResponse(await work(request, ReplyJob(kind.name, await body(request), given)))


async def deal(request: Request) -> Response:
    """``kitgen deal VARIANT --seed N [--solve] [--winnable] [--par] --json``."""
    variant = request.path_params["variant"]
    command = known(api.deal_command, variant)
    given = values(command.options, request.query_params)
    _within_limit(request, given)
    return JSONResponse(await work(request, DealJob(variant, given)))


async def document(request: Request) -> Response:
    """``kitgen COMMAND ... --json`` for a top-level command with a JSON result (``pattern``): its document."""
    name = request.path_params["command"]
    chosen = known(api.result_command, name)
    given = values(chosen.options, request.query_params)
    return JSONResponse(await work(request, DocumentJob(name, given)))


def component_target(request: Request, skip: tuple[str, ...] = ()) -> tuple[PdfTarget, str]:
    """The target of ``/api/pdf/COMMAND`` (a component's command) and the name of its file."""
    command = request.path_params["command"]
    game, component = known(api.component_command, command)
    given = values(component.options, request.query_params, skip)
    api.check_component(game.name, component.name, given)  # out of range or not a choice: a 400 now, before work
    return PdfTarget.of(game.name, component.name, given, command), command


def kit_target(request: Request, skip: tuple[str, ...] = ()) -> tuple[PdfTarget, str]:
    """The target of ``/api/pdf/kit/GAME`` and the name of its file."""
    name = known(api.game, request.path_params["game"]).name
    given = values(api.KIT_OPTIONS, request.query_params, skip)
    api.KitOptions.of(given)  # out of range: a 400 now, before any work
    return PdfTarget.of(name, "", given), f"{name}-kit"


async def pdf(request: Request) -> Response:
    """The PDF ``kitgen COMMAND`` prints (``pattern``, ``sheet``, ``deck``, ``bricks``); ``copies=N`` repeats it."""
    return pdf_response(*await work(request, pdf_job(request)))


def pdf_job(request: Request) -> PdfJob:
    """The job of ``/api/pdf/COMMAND``: ``copies=N`` is the component's own ``copies`` option where it declares one
    (``pattern --copies``: laid out ``per_page``), else the whole PDF N times."""
    _, component = known(api.component_command, request.path_params["command"])
    if any(option.name == "copies" for option in component.options):
        return PdfJob(component_target(request)[0])
    return PdfJob(component_target(request, ("copies",))[0], _copies(request))


async def kit(request: Request) -> Response:
    """A whole kit: ``kitgen kit GAME``."""
    target, _ = kit_target(request)
    return pdf_response(*await work(request, PdfJob(target)))


def _copies(request: Request) -> int:
    raw = request.query_params.get("copies", "1")
    if not (raw.isascii() and raw.isdigit()) or len(raw) > 4 or not 1 <= int(raw) <= api.MAX_COPIES:
        given = repr(raw[:12]) if api.text_language() == "en" else api.quoted(raw[:12])
        raise BadRequest(api.gettext("{option} is a number from {low} to {high} (got {value})").format(
            option=api.quoted(label("count")), low=1, high=api.MAX_COPIES, value=given))
    return int(raw)


def pdf_response(name: str, data: bytes) -> Response:
    """A PDF to download, named as the command line names the file (``wordsearch-sheet-7-fr-x30-2up.pdf``)."""
    safe = "".join(ch for ch in name if ch.isascii() and (ch.isalnum() or ch in "-_.")) or "kitgen.pdf"
    return Response(data, media_type="application/pdf",
                    headers={"Content-Disposition": f'attachment; filename="{safe}"'})


async def preview(request: Request) -> Response:
    """One page of what ``/api/pdf/...`` gives, as a PNG (``width`` pixels wide); ``X-Pages`` says how many."""
    page_text = request.path_params["page"]
    if not (page_text.isascii() and page_text.isdigit()) or len(page_text) > 5:
        raise BadRequest(api.gettext("no page {page}").format(page=shown(page_text[:12])), 404)
    width = _width(request.query_params.get("width"))
    making = kit_target if "game" in request.path_params else component_target
    target, _ = making(request, ("width",))
    png, pages = await work(request, PreviewJob(target, int(page_text), width), queued=True)
    return Response(png, media_type="image/png",
                    headers={"X-Pages": str(pages), "Cache-Control": "private, max-age=600"})


def _width(raw: str | None) -> int:
    low, high, default = PREVIEW_WIDTH
    if raw is None:
        return default
    if not (raw.isascii() and raw.isdigit()) or len(raw) > 5 or not low <= int(raw) <= high:
        raise BadRequest(api.gettext("width is a number of pixels from {low} to {high} (got {value})").format(
            low=low, high=high, value=shown(raw[:12])))
    return int(raw)



async def upload(request: Request) -> Response:
    """A file the person chose, its bytes as the body (``?name=grid.puz``): kept in memory, answered with the
    token a later request gives where the command line names a file (kitgen.web.uploads)."""
    name = request.query_params.get("name", "upload.txt")
    data = await body(request)
    if not data:
        raise BadRequest(api.gettext("the file is empty"))
    token = request.app.state.uploads.add(name, data)
    return JSONResponse({"upload": token, "name": request.app.state.uploads.get(token).name, "bytes": len(data)})
