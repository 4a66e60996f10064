"""``kitgen serve``: the web app, on the same public API as the CLI (docs/web.md).

Pages (kitgen.web.pages): print every game with a live preview, deal and solve, check a finished game
the way it looks on paper. The HTTP API (kitgen.web.endpoints) uses the CLI's names and JSON:

- ``GET /api/games``: the games, their components, deals, record kinds and every option;
- ``POST /api/verify/{kind}``: the body is the text a file would hold; 200 / 422 / 400 as the CLI's 0 / 1 / 2;
- ``POST /api/reply/{kind}``: the computer's next turn (the crossword game);
- ``GET /api/deal/{variant}?seed=N[&solve=1]``: ``kitgen deal VARIANT --json``;
- ``GET /api/json/{command}``: ``kitgen COMMAND --json`` (``pattern``);
- ``GET /api/pdf/{command}``, ``/api/pdf/kit/{game}``: the PDF; ``/api/preview/.../{page}.png``: one page.

Every call into a game runs in a worker process with a time limit (kitgen.web.workers). No request
names a file on the server; bodies are capped at the readers' 2 MB; every response carries a
restrictive Content-Security-Policy. Starlette and uvicorn are imported only here, so ``kitgen
--help`` stays fast.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.base import BaseHTTPMiddleware, RequestResponseEndpoint
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from kitgen import api
from kitgen.web import classroom, endpoints, pages, rooms, tasks
from kitgen.web.endpoints import MAX_BODY, too_large
from kitgen.web.language import Language
from kitgen.web.params import BadRequest
from kitgen.web.teacher import Password
from kitgen.web.uploads import Uploads
from kitgen.web.workers import Limits, Workers

__all__ = ["MAX_BODY", "SECURITY_HEADERS", "create_app"]

SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data: blob:; style-src 'self'; "
                               "script-src 'self'; object-src 'none'; frame-ancestors 'none'; base-uri 'none'; "
                               "form-action 'self'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
}


class Guard(BaseHTTPMiddleware):
    """Security headers on every response; a body announced over the cap is refused before it is read."""

    async def dispatch(self, request: Request, call_next: RequestResponseEndpoint) -> Response:
        length = request.headers.get("content-length", "0")
        if length.isascii() and length.isdigit() and len(length) < 12 and int(length) > MAX_BODY:
            response: Response = JSONResponse({"error": too_large()}, 413)
        else:
            response = await call_next(request)
        response.headers.update(SECURITY_HEADERS)
        return response


async def _bad_request(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, BadRequest)
    if not request.url.path.startswith("/api/") and not _wants_json(request):
        return pages.page("missing.html", message=exc.message, status=exc.status,
                          heading=api.gettext(HEADINGS.get(exc.status, FAILED)))
    return JSONResponse({"error": exc.message}, status_code=exc.status,
                        headers={"Retry-After": "5"} if exc.status == 503 else None)


async def _http_error(request: Request, exc: Exception) -> Response:
    """No route for the address (404) or not for this method (405): JSON under /api/ (as every API error), a page
    a person can read elsewhere."""
    assert isinstance(exc, HTTPException)
    if exc.status_code == 404:
        message = api.gettext("nothing at {path}").format(path=request.url.path[:80]) \
            if request.url.path.startswith("/api/") else api.gettext("There is no page at this address.")
    elif exc.status_code == 405 and request.url.path.startswith("/api/"):
        message = api.gettext("{method} is not how {path} is used").format(method=request.method,
                                                                           path=request.url.path[:80])
    elif exc.status_code == 405:  # an address a page's button sends its form to, opened as a page
        message = api.gettext("This address is where a page's button sends its form, not a page to open: go back "
                              "to the page and use its button.")
    else:
        message = str(exc.detail)
    return await _bad_request(request, BadRequest(message, exc.status_code))


async def favicon(request: Request) -> Response:
    """The tab's icon (browsers ask for /favicon.ico whatever the page says)."""
    return Response((pages.HERE / "static" / "favicon.svg").read_bytes(), media_type="image/svg+xml",
                    headers={"Cache-Control": "public, max-age=86400"})


FAILED = api.N_("That did not work")
"""An error page's heading where its status has none of its own (a form sent wrong, a page opened the wrong way)."""
HEADINGS = {404: api.N_("Not here"), 403: api.N_("This page is not for you"), 409: api.N_("Closed"),
            503: api.N_("Not available right now")}
"""A page's heading for an error a person opening it meets (its message says what to do)."""


def _wants_json(request: Request) -> bool:
    """A page's script asking (a class session's ranking, a student's sheet sent), not a person opening a page."""
    return request.url.path.endswith(("/ranking", "/state")) or "x-kitgen-send" in request.headers


async def _input_error(request: Request, exc: Exception) -> Response:
    """An option checked in the server (a range), before any work: 400 as from a worker."""
    return JSONResponse({"error": str(exc)}, status_code=400)


def routes() -> list[Route | Mount]:
    return [
        Route("/", pages.index),
        Route("/favicon.ico", favicon),
        Route("/print", pages.print_index),
        Route("/print/{game}", pages.print_game),
        Route("/deal", pages.deal),
        Route("/deal/{variant}", pages.deal),
        Route("/check", pages.check_index),
        Route("/check/{kind}", pages.check),
        *classroom.ROUTES,
        *rooms.ROUTES,
        Mount("/static", StaticFiles(directory=str(pages.HERE / "static")), name="static"),
        Route("/api/games", endpoints.games),
        Route("/api/upload", endpoints.upload, methods=["POST"]),
        Route("/api/verify/{kind}", endpoints.verify, methods=["POST"]),
        Route("/api/reply/{kind}", endpoints.reply, methods=["POST"]),
        Route("/api/deal/{variant}", endpoints.deal),
        Route("/api/tasks/deal/{variant}", tasks.start_deal, methods=["POST"]),
        Route("/api/tasks/pdf/kit/{game}", tasks.start_kit, methods=["POST"]),
        Route("/api/tasks/pdf/{command}", tasks.start_pdf, methods=["POST"]),
        Route("/api/tasks/{task}/file", tasks.file, methods=["GET"]),
        Route("/api/tasks/{task}", tasks.status, methods=["GET"]),
        Route("/api/tasks/{task}", tasks.cancel, methods=["DELETE"]),
        Route("/api/json/{command}", endpoints.document),
        Route("/api/pdf/kit/{game}", endpoints.kit),
        Route("/api/pdf/{command}", endpoints.pdf),
        Route("/api/preview/kit/{game}/{page}.png", endpoints.preview),
        Route("/api/preview/{command}/{page}.png", endpoints.preview),
    ]


def create_app(limits: Limits | None = None, start_workers: bool = False, db: str | None = None,
               teacher: Password | None = None) -> Starlette:
    """The web app. ``limits``: worker processes, a job's time limit, a request's wait for a worker.
    ``start_workers`` starts them when the server starts (``kitgen serve``), not at the first request.
    ``db``: the class database's URL (kitgen.store; default ``$KITGEN_DB`` or the user data folder).
    ``teacher``: the teacher's password, hashed (``kitgen serve --teacher``; kitgen/web/teacher.py)."""
    workers = Workers(limits or Limits(warm_solvers=start_workers))
    room = classroom.Classroom(db, password=teacher)

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        if start_workers:
            import threading

            threading.Thread(target=workers.start, daemon=True, name="kitgen-web-start").start()
        yield
        workers.close()
        room.close()

    handlers: dict[Any, Any] = {BadRequest: _bad_request, api.InputError: _input_error, HTTPException: _http_error}
    app = Starlette(routes=routes(), middleware=[Middleware(Language), Middleware(Guard)], exception_handlers=handlers,
                    lifespan=lifespan)
    app.state.workers = workers
    app.state.tasks = tasks.Tasks(workers)
    app.state.uploads = Uploads()
    app.state.classroom = room
    return app
