"""What the web app's worker processes do: every call into a game, run away from the server.

``serve(connection)`` is a worker's life: warm up (the lexicon, reportlab, pypdfium2), then answer
jobs ``(name, args)`` one at a time with ``(status, value)``: ``ok`` and the result, ``input`` and
``LINE:COL: message`` (a malformed request: 400), ``rule`` and the message (a rule refused it: 422),
``missing`` (no such page: 404) or ``internal`` (a bug: 500). The server kills a worker that runs past
its time limit (kitgen.web.workers), so a job never needs to watch the clock itself.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Any

from kitgen import api
from kitgen.web.uploads import materialize

SOURCE = "<request>"
"""The name a request's body is read under: no file, so a record in it may not name files either."""
PDFS_KEPT = 6


class State:
    """A worker's memory between jobs: the last PDFs made, so paging through a preview renders once."""

    def __init__(self) -> None:
        self.pdfs: OrderedDict[str, bytes] = OrderedDict()

    def pdf(self, key: str, make: Callable[[], bytes]) -> bytes:
        if key in self.pdfs:
            self.pdfs.move_to_end(key)
            return self.pdfs[key]
        data = make()
        self.pdfs[key] = data
        while len(self.pdfs) > PDFS_KEPT:
            self.pdfs.popitem(last=False)
        return data


def where(error: api.InputError) -> str:
    """``LINE:COL: message`` (no file name: the body is the file)."""
    at = error.where
    if at is None or at.line <= 0:
        return error.message
    return f"{at.line}:{max(at.col, 1)}: {error.message}"


def verify(state: State, kind: str, body: bytes, given: dict[str, api.OptionValue]) -> tuple[int, dict[str, Any]]:
    """``kitgen verify KIND --json`` on the body: the exit code and the document (with located problems)."""
    text = api.decode_text(body, SOURCE)
    verdict = api.verify(kind, text, source=SOURCE, **given)
    document = verdict.to_json()
    if verdict.exit_code:  # the body is the file: no file name (as in ``where``)
        document["problems"] = [{**p, "file": None} if p.get("file") == SOURCE else p for p in document["problems"]]
    return verdict.exit_code, document


def reply(state: State, kind: str, body: bytes, given: dict[str, api.OptionValue]) -> dict[str, Any]:
    """The computer's next turn in the record in the body."""
    return api.reply(kind, api.decode_text(body, SOURCE), source=SOURCE, **given)


def deal(state: State, variant: str, given: dict[str, api.OptionValue]) -> Any:
    """``kitgen deal VARIANT ... --json``: the document the command prints."""
    return api.run(api.deal_command(variant), **given).document


def document(state: State, command: str, given: dict[str, api.OptionValue]) -> Any:
    """``kitgen COMMAND ... --json``: the document a top-level command prints (nothing is written)."""
    return api.run(api.command(api.Group.TOP, command), **given).document


def pdf(state: State, target: tuple[str, str, dict[str, api.OptionValue]], copies: int = 1) -> bytes:
    """The PDF of ``("component", GAME/COMPONENT, options)`` or ``("kit", GAME, options)``, ``copies`` times."""
    made = state.pdf(repr(target), lambda: _make_pdf(target))
    return api.copies(made, copies) if copies != 1 else made


def _make_pdf(target: tuple[str, str, dict[str, api.OptionValue]]) -> bytes:
    what, name, given = target
    if what == "kit":
        values = api.Values.of(api.KIT_OPTIONS, given)
        seed = values.opt_int("seed")
        return api.kit(name, paper=values.paper(), seed=1 if seed is None else seed, players=values.as_int("players"),
                       lang=str(values["lang"]))
    game, component = name.split("/", 1)
    return api.render(game, component, **given)


def preview(state: State, target: tuple[str, str, dict[str, api.OptionValue]], page: int,
            width: int) -> tuple[bytes, int]:
    """Page ``page`` of the target's PDF as a PNG ``width`` pixels wide, and the page count."""
    return api.page_png(pdf(state, target), page, width)


JOBS: dict[str, Callable[..., Any]] = {"verify": verify, "reply": reply, "deal": deal, "document": document,
                                       "pdf": pdf, "preview": preview}


def run(state: State, name: str, args: tuple[Any, ...]) -> tuple[str, Any]:
    """One job's ``(status, value)``: every error a request can cause is answered, never raised."""
    try:
        return "ok", JOBS[name](state, *materialize(args))  # an uploaded file: a path in the worker's own folder
    except api.NoSuchPage as exc:
        return "missing", exc.message
    except api.InputError as exc:
        return "input", where(exc)
    except api.KitgenError as exc:
        return "rule", str(exc)
    except Exception as exc:  # a bug: the server answers 500 and says what, the worker goes on
        return "internal", f"internal error: {type(exc).__name__}: {exc}"[:500]


def warm() -> None:
    """Load what nearly every job needs, before the first one arrives."""
    api.check_word("word")
    api.page_png(api.render("crossword", "patterns", size=5), 1, 100)


def serve(connection: Connection) -> None:
    """A worker's life: warm up, say it is ready, then answer jobs until the server closes the connection."""
    state = State()
    try:
        warm()
    except Exception:  # warming is only a head start
        pass
    connection.send(("ready", None))
    while True:
        try:
            name, args = connection.recv()
        except (EOFError, OSError):
            return
        connection.send(run(state, name, args))
