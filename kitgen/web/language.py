"""The language of the web app's pages (docs/web.md, "Languages"; docs/languages.md).

Each request is answered in one text language, chosen in this order: ``?lang=CODE`` in the address (the page's
language menu links there; it also sets the words' language of a form, as ``--lang`` does on the command line),
the ``kitgen-lang`` cookie that choice leaves (so the next page keeps it), then the browser's
``Accept-Language``, then English. Under ``/api/`` the ``lang`` parameter is only the words' language (a page's
script asks for a check of English words for a student reading French): it neither chooses the text nor
sets the cookie, so the answer speaks the page's language. The middleware wraps the whole request in
``api.speaking(code)``, so pages, refusals and error pages written through the message catalogue come out in that
language, and ``<html lang>`` says it.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, MutableMapping
from http.cookies import SimpleCookie
from typing import Any
from urllib.parse import parse_qs

from kitgen import api
from kitgen.web.labels import choice_name, named

COOKIE = "kitgen-lang"
YEAR = 365 * 24 * 3600

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


def offered() -> tuple[str, ...]:
    """The text languages a page can be read in (those with a catalogue)."""
    return api.TEXT_LANGUAGES


def from_accept_language(header: str) -> str | None:
    """The first language of an ``Accept-Language`` header kitgen speaks, by the browser's q-values
    (``fr-CH, fr;q=0.9, en;q=0.8`` gives ``fr``); None when it names none of them."""
    ranked: list[tuple[float, int, str]] = []
    for position, part in enumerate(header.split(",")):
        pieces = part.strip().split(";")
        tag = pieces[0].strip().lower()
        quality = 1.0
        for parameter in pieces[1:]:
            name, _, value = parameter.strip().partition("=")
            if name.strip() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        code = tag.split("-")[0]
        if code in offered() and quality > 0:
            ranked.append((-quality, position, code))
    return min(ranked)[2] if ranked else None


def chosen(scope: Scope) -> tuple[str, bool]:
    """``(code, from the address)``: the request's text language, and whether ``?lang=`` chose it (then the
    choice is remembered in a cookie)."""
    query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
    asked = (query.get("lang") or [""])[0].lower()
    if asked in offered() and not str(scope.get("path", "")).startswith("/api/"):
        return asked, True
    headers = {key.decode("latin-1").lower(): value.decode("latin-1") for key, value in scope.get("headers", [])}
    cookie = SimpleCookie()
    try:
        cookie.load(headers.get("cookie", ""))
    except Exception:  # noqa: BLE001 -- a malformed Cookie header: as if there were none
        cookie = SimpleCookie()
    kept = cookie.get(COOKIE)
    if kept is not None and kept.value in offered():
        return kept.value, False
    return from_accept_language(headers.get("accept-language", "")) or "en", False


class Language:
    """ASGI middleware: the request's text language (``chosen``) for everything it writes; ``Content-Language``
    on the response, the cookie set when the address chose the language, ``Vary`` so caches keep them apart."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope.get("type") != "http":
            await self.app(scope, receive, send)
            return
        code, asked = chosen(scope)

        async def speaking_send(message: Message) -> None:
            if message.get("type") == "http.response.start":
                headers = list(message.get("headers", []))
                headers.append((b"content-language", code.encode()))
                headers.append((b"vary", b"Accept-Language, Cookie"))
                if asked:
                    headers.append((b"set-cookie", f"{COOKIE}={code}; Path=/; Max-Age={YEAR}; SameSite=Lax".encode()))
                message["headers"] = headers
            await send(message)

        # a refusal names a field by its label, not its flag, and a choice as the field's list names it
        with api.speaking(code), api.naming_options(named, choice_name):
            await self.app(scope, receive, speaking_send)
