"""``kitgen serve``: kitgen's HTTP API on the same public API as the CLI (docs/web.md).

Endpoints use the CLI's names and JSON contracts:

- ``GET /api/games``: the games, their components, deals, record kinds and every option;
- ``POST /api/verify/{kind}``: the body is the text a file would hold; query parameters are the CLI's
  options; 200 with the CLI's ``--json`` document for a legal record, 422 with the verdict (and its
  located ``problems``) for a broken one, 400 ``{"error": "LINE:COL: message"}`` for a malformed one;
- ``GET /api/deal/{variant}?seed=N``: the deal's JSON, as ``kitgen deal VARIANT --json``;
- ``GET /api/pdf/{command}?...``: the PDF ``kitgen COMMAND`` prints (pattern, sheet, deck, bricks);
  ``GET /api/pdf/kit/{game}``: a whole kit.

No request names a file on the server: options that are paths (``--words``, ``--spec``, ``--book``,
``--from``) are refused over HTTP. Bodies are capped at the readers' 2 MB. Every response carries a
restrictive Content-Security-Policy. Starlette and uvicorn are imported only here, so ``kitgen --help``
stays fast.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.base import BaseHTTPMiddleware, RequestResponseEndpoint
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route

from kitgen import api

MAX_BODY = 2_000_000
"""The readers' cap: a typed record is small; a bigger body is refused (413)."""
MAX_DIGITS = 12
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; style-src 'self'; "
                               "script-src 'self'; object-src 'none'; frame-ancestors 'none'; base-uri 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
}


class BadRequest(Exception):
    """A request kitgen cannot act on: answered 400 with ``{"error": message}``."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.message = message
        self.status = status


def _value(option: api.Option, raw: str) -> api.OptionValue:
    """A query parameter as the option's type; a path is never accepted from a request."""
    kind = option.type
    if kind is Path:
        raise BadRequest(f"{option.name}: a file on the server cannot be named over HTTP")
    if kind is bool:
        if raw.lower() not in ("1", "0", "true", "false", "yes", "no", "on", "off", ""):
            raise BadRequest(f"{option.name} is true or false (got {raw!r})")
        return raw.lower() in ("1", "true", "yes", "on", "")
    if kind is int:
        digits = raw[1:] if raw.startswith("-") else raw
        if not (digits.isascii() and digits.isdigit()) or len(digits) > MAX_DIGITS:
            raise BadRequest(f"{option.name} is a whole number (got {raw[:40]!r})")
        return int(raw)
    if kind is float:
        try:
            number = float(raw) if len(raw) <= 32 and raw.isascii() else float("nan")
        except ValueError:
            number = float("nan")
        if number != number:
            raise BadRequest(f"{option.name} is a number (got {raw[:40]!r})")
        return number
    return raw


def _values(options: tuple[api.Option, ...], query: Any, skip: tuple[str, ...] = ()) -> dict[str, api.OptionValue]:
    """The request's query parameters for the declared options; an unknown parameter is a 400."""
    known = {o.name: o for o in options if not o.argument}
    given: dict[str, api.OptionValue] = {}
    for key in query:
        name = key.replace("-", "_")
        if name in skip:
            continue
        if name not in known:
            raise BadRequest(f"unknown parameter {key!r} (known: {', '.join(sorted(known)) or 'none'})")
        given[name] = _value(known[name], query[key])
    return given


def _where(error: api.InputError) -> str:
    """``LINE:COL: message`` (no file name: the body is the file)."""
    where = error.where
    if where is None or where.line <= 0:
        return error.message
    return f"{where.line}:{max(where.col, 1)}: {error.message}"


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


async def verify(request: Request) -> Response:
    """Verify the body as ``kitgen verify KIND`` would verify a file holding it."""
    kind = request.path_params["kind"]
    records = {k.name: k for g in api.declarations() for k in g.records}
    if kind not in records:
        raise BadRequest(f"unknown record kind {kind!r} (choose from {', '.join(records)})", 404)
    body = await _body(request)
    try:
        text = api.decode_text(body, "request")
    except api.InputError as exc:
        raise BadRequest(_where(exc)) from None
    options = _values(records[kind].options, request.query_params)
    try:
        verdict = api.verify(kind, text, source="request", **options)
    except api.InputError as exc:
        raise BadRequest(_where(exc)) from None
    if verdict.exit_code == 0:
        return JSONResponse(verdict.to_json())
    problems = [{**p.to_json(), "file": None} for p in verdict.problems]
    return JSONResponse({**verdict.to_json(), "problems": problems}, status_code=422)


async def _body(request: Request) -> bytes:
    """The request body, read through the 2 MB cap whatever Content-Length says."""
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY:
            raise BadRequest(f"the body is larger than {MAX_BODY} bytes", 413)
        chunks.append(chunk)
    return b"".join(chunks)


async def deal(request: Request) -> Response:
    """``kitgen deal VARIANT --seed N --json``."""
    variant = request.path_params["variant"]
    variants = {d.name: d for g in api.declarations() for d in g.deals}
    if variant not in variants:
        raise BadRequest(f"unknown deal {variant!r} (choose from {', '.join(variants)})", 404)
    options = _values(variants[variant].options, request.query_params)
    seed = options.pop("seed", None)
    if seed is not None and not isinstance(seed, int):
        raise BadRequest("seed is a deal number")
    return JSONResponse(api.deal(variant, seed, **options).to_json())


async def pdf(request: Request) -> Response:
    """The PDF of ``kitgen COMMAND`` (a component declared with that command name)."""
    command = request.path_params["command"]
    found = {c.command: (g, c) for g in api.declarations() for c in g.components if c.command}
    if command not in found:
        raise BadRequest(f"unknown command {command!r} (choose from {', '.join(found)}, kit/GAME)", 404)
    game, component = found[command]
    data = api.render(game.name, component.name, **_values(component.options, request.query_params))
    return Response(data, media_type="application/pdf",
                    headers={"Content-Disposition": f'inline; filename="{command}.pdf"'})


async def kit(request: Request) -> Response:
    """A whole kit: ``kitgen kit GAME``."""
    name = request.path_params["game"]
    if name not in [g.name for g in api.games()]:
        raise BadRequest(f"unknown game {name!r}", 404)
    values = api.Values.of(api.KIT_OPTIONS, _values(api.KIT_OPTIONS, request.query_params))
    seed = values.opt_int("seed")
    data = api.kit(name, paper=values.paper(), seed=1 if seed is None else seed, players=values.as_int("players"),
                   lang=str(values["lang"]))
    return Response(data, media_type="application/pdf",
                    headers={"Content-Disposition": f'inline; filename="{name}-kit.pdf"'})


STYLE = """
body { font: 17px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 46rem; padding: 1rem 1.25rem; color: #222; }
h1 { margin: 0.5rem 0 0.25rem; } .lead { color: #555; margin-top: 0; }
ul.games { list-style: none; padding: 0; }
ul.games li { border: 1px solid #ccc; border-radius: 10px; padding: 0.75rem 1rem; margin: 0.75rem 0; }
ul.games h2 { font-size: 1.2rem; margin: 0 0 0.5rem; }
a.button { display: inline-block; margin: 0.25rem 0.5rem 0.25rem 0; padding: 0.5rem 0.9rem; border-radius: 8px;
           background: #1f4e8c; color: #fff; text-decoration: none; }
a.button.plain { background: #eef2f8; color: #1f4e8c; }
footer { color: #666; font-size: 0.9rem; margin-top: 2rem; }
"""


async def style(request: Request) -> Response:
    """The index page's stylesheet (served from the package: the CSP allows no inline style)."""
    return Response(STYLE, media_type="text/css")


async def index(request: Request) -> Response:
    """The games, each with its kit to download on A4 or Letter and its printed pieces."""
    from html import escape

    printed = {g.name: [c for c in g.components if c.command] for g in api.declarations()}
    cards = []
    for game in api.games():
        pieces = "".join(f'<a class="button plain" href="/api/pdf/{escape(c.command)}">{escape(c.title)}</a>'
                         for c in printed[game.name])
        cards.append(f"<li><h2>{escape(game.title)}</h2>"
                     f'<a class="button" href="/api/pdf/kit/{escape(game.name)}?paper=a4">Whole kit, A4 (PDF)</a>'
                     f'<a class="button" href="/api/pdf/kit/{escape(game.name)}?paper=letter">Whole kit, Letter'
                     f" (PDF)</a><br>{pieces}</li>")
    return HTMLResponse(
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        '<title>kitgen: print-ready word games</title><link rel="stylesheet" href="/style.css"></head><body>'
        "<h1>kitgen</h1><p class=\"lead\">Print a word game: each kit has the rules, how to print, and every "
        "piece to cut out. Print at 100% (actual size).</p>"
        f'<ul class="games">{"".join(cards)}</ul>'
        "<footer>Checking a finished game and dealing in the browser are coming; scripts can already use the "
        "HTTP API (docs/web.md).</footer></body></html>")


class Guard(BaseHTTPMiddleware):
    """Security headers on every response; a body announced over the cap is refused before it is read."""

    async def dispatch(self, request: Request, call_next: RequestResponseEndpoint) -> Response:
        length = request.headers.get("content-length", "0")
        if length.isascii() and length.isdigit() and len(length) < 12 and int(length) > MAX_BODY:
            response: Response = JSONResponse({"error": f"the body is larger than {MAX_BODY} bytes"}, 413)
        else:
            response = await call_next(request)
        response.headers.update(SECURITY_HEADERS)
        return response


async def _bad_request(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, BadRequest)
    return JSONResponse({"error": exc.message}, status_code=exc.status)


async def _input_error(request: Request, exc: Exception) -> Response:
    return JSONResponse({"error": str(exc)}, status_code=400)


async def _rule_broken(request: Request, exc: Exception) -> Response:
    return JSONResponse({"error": str(exc)}, status_code=422)


def create_app() -> Starlette:
    """The web app: the HTTP API (and a plain index page)."""
    routes = [
        Route("/", index),
        Route("/style.css", style),
        Route("/api/games", games),
        Route("/api/verify/{kind}", verify, methods=["POST"]),
        Route("/api/deal/{variant}", deal),
        Route("/api/pdf/kit/{game}", kit),
        Route("/api/pdf/{command}", pdf),
    ]
    handlers: dict[Any, Any] = {BadRequest: _bad_request, api.InputError: _input_error,
                                api.KitgenError: _rule_broken}
    return Starlette(routes=routes, middleware=[Middleware(Guard)], exception_handlers=handlers)
