"""A request's query parameters as a command's declared option values (docs/web.md, "Safety").

The names are the CLI's (``per_page`` or ``per-page`` for ``--per-page``) and the values are checked
as the CLI checks them. No request names a file on the server: an option whose type is a path
(``--words``, ``--book``, ``--from``) is refused, one that may read a file (``--spec``: a preset or a
file) takes only one of its declared presets (``Option.presets``: never a name looked for on disk),
and the face's own options (``--out``, ``--jobs``) are not offered. Numbers are ASCII digits, 12 at most.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from pathlib import Path

from kitgen import api
from kitgen.api import N_
from kitgen.web.uploads import TOKEN, UPLOADABLE

MAX_DIGITS = 12
NOT_OVER_HTTP = frozenset({"out", "jobs", "force", "png", "quiet", "json"})
"""Options of the command line's own (where files go, worker processes): never taken from a request."""
PRESET = re.compile(r"[a-z0-9][a-z0-9-]{0,40}")
"""What a ``reads_file`` option accepts over HTTP: a preset's name, never a path."""


class BadRequest(Exception):
    """A request kitgen cannot act on: answered with ``{"error": message}`` and ``status`` (400 unless said)."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.message = message
        self.status = status


def offered(options: Iterable[api.Option]) -> list[api.Option]:
    """The options a request (and a web form) may set: not arguments, not paths, not the face's own, not the
    command line's alone (``Option.cli_only``)."""
    return [o for o in options
            if not o.argument and o.type is not Path and o.name not in NOT_OVER_HTTP and not o.cli_only]


def value(option: api.Option, raw: str) -> api.OptionValue:
    """A query parameter as the option's type; a path is never accepted from a request."""
    kind = option.type
    if option.name in UPLOADABLE and TOKEN.fullmatch(raw):
        return raw  # a file the person uploaded (kitgen.web.uploads), never a path
    if option.cli_only:
        raise BadRequest(api.gettext("{option}: the command line's only (minutes of work, past the web's time limit): "
                                     "run kitgen with {flag}").format(option=option.name, flag=option.cli_flag))
    if kind is Path or option.name in NOT_OVER_HTTP:
        said = (N_("{option}: a file on the server cannot be named over HTTP (upload it: POST /api/upload)")
                if option.name in UPLOADABLE else N_("{option}: a file on the server cannot be named over HTTP"))
        raise BadRequest(api.gettext(said).format(option=option.name))
    if option.reads_file and (raw not in option.presets or not PRESET.fullmatch(raw)):
        names = ", ".join(option.presets) or api.gettext("none")
        raise BadRequest(api.gettext("{option}: only a preset's name is accepted over HTTP (a file on the server "
                                     "cannot be named; presets: {names}), got {value}").format(
            option=option.name, names=names, value=shown(raw[:40])))
    if kind is bool:
        if raw.lower() not in ("1", "0", "true", "false", "yes", "no", "on", "off", ""):
            raise BadRequest(_refused(N_("{option} is true or false (got {value})"), option, raw))
        return raw.lower() in ("1", "true", "yes", "on", "")
    if kind is int:
        digits = raw[1:] if raw.startswith("-") else raw
        if not (digits.isascii() and digits.isdigit()) or len(digits) > MAX_DIGITS:
            raise BadRequest(_refused(N_("{option} is a whole number (got {value})"), option, raw))
        return int(raw)
    if kind is float:
        return _number(option, raw)
    return raw


def _number(option: api.Option, raw: str) -> float:
    try:
        number = float(raw) if len(raw) <= 32 and raw.isascii() else float("nan")
    except ValueError:
        number = float("nan")
    if number != number or number in (float("inf"), float("-inf")):
        raise BadRequest(_refused(N_("{option} is a number (got {value})"), option, raw))
    return number


def _refused(message: str, option: api.Option, raw: str) -> str:
    """A typed value refused, in the text language: the field named by its label on a page (``api.naming_options``
    in force), by its name for a script; the value as typed, cut at 40 characters."""
    return api.gettext(message).format(option=option.named, value=shown(raw[:40]))


def shown(text: str) -> str:
    """Text a request sent, shown in a refusal: Python's quotes in English (``'b5'``), the text language's quotation
    marks elsewhere (``„b5“``)."""
    return repr(text) if api.text_language() == "en" else api.quoted(text)


def values(options: Iterable[api.Option], query: Mapping[str, str],
           skip: Iterable[str] = ()) -> dict[str, api.OptionValue]:
    """The request's query parameters for the declared options; an unknown one is a 400 naming the known."""
    declared = list(options)
    known = {o.name: o for o in declared if not o.argument}
    skipped = set(skip)
    given: dict[str, api.OptionValue] = {}
    for key in query:
        name = key.replace("-", "_")
        if name in skipped:
            continue
        if name not in known:
            names = ", ".join(sorted(o.name for o in offered(declared) if o.name not in skipped)) or api.gettext("none")
            raise BadRequest(api.gettext("unknown parameter {name} (known: {known})").format(name=shown(key[:40]),
                                                                                             known=names))
        given[name] = value(known[name], query[key])
    return given
