"""What the web app's worker processes do: every call into a game, run away from the server.

``serve(connection)`` is a worker's life: warm up (the lexicon, reportlab, pypdfium2), then answer jobs one at a
time. A job is a typed message (a frozen dataclass: ``VerifyJob``, ``ReplyJob``, ``DealJob``, ``DocumentJob``,
``PdfJob``, ``PreviewJob``), each with its own ``run``; the answer is ``Done`` with the result, or ``Failed``
keeping what the error was: its kind (``Failure``: bad input, a rule broken, a name that names nothing, no such
page, a bug), its exit code (a rule break stays exit 1, never 2) and where it is. The server kills a worker
that runs past its time limit (kitgen.web.workers), so a job never needs to watch the clock itself.

A job runs with a ``PipeContext``: the server may send ``Cancel`` down the pipe while a job is at work (its time is
up, or the job was called off), and the job's long loops (a solve, a par search, a fill: ``kitgen.core.cancel``)
ask the context between steps, so the job stops within milliseconds with ``api.Cancelled`` and the worker, warm,
takes the next job (it is killed only if it does not answer within a grace period).
"""

from __future__ import annotations

import contextlib
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from kitgen import api
from kitgen.web.labels import choice_name, named
from kitgen.web.uploads import materialize

SOURCE = "<request>"
"""The name a request's body is read under: no file, so a record in it may not name files either."""
PDFS_KEPT = 6

Given = dict[str, api.OptionValue]
Made = tuple[str, bytes]
"""A PDF's file name (the command line's: ``wordsearch-sheet-7-fr-x30-2up.pdf``) and its bytes."""
"""A request's option values, checked against the declaration (kitgen.web.params)."""


class State:
    """A worker's memory between jobs: the last PDFs made (with the name the command line gives the file), so
    paging through a preview renders once."""

    def __init__(self, folder: Path | None = None) -> None:
        self.pdfs: OrderedDict[PdfTarget, Made] = OrderedDict()
        self.folder = folder
        """Where uploaded files are written for the jobs to read (the server removes it with the worker)."""

    def pdf(self, key: PdfTarget, make: Callable[[], Made]) -> Made:
        if key in self.pdfs:
            self.pdfs.move_to_end(key)
            return self.pdfs[key]
        data = make()
        self.pdfs[key] = data
        while len(self.pdfs) > PDFS_KEPT:
            self.pdfs.popitem(last=False)
        return data


# -- answers --------------------------------------------------------------------------------------

class Failure(Enum):
    """What kind of error a job met; ``status`` is the HTTP status the server answers with."""

    INPUT = "input"
    """Bad input: a malformed record or request (exit 2): 400."""
    RULE = "rule"
    """A rule refused it (exit 1): 422."""
    UNKNOWN = "unknown"
    """A name that names nothing (a game, a deal, a record kind, a command): 404."""
    MISSING = "missing"
    """No such page of a PDF: 404."""
    CANCELLED = "cancelled"
    """The server called the job off (its time was up, or the request was withdrawn): 503."""
    INTERNAL = "internal"
    """A bug: 500."""

    @property
    def status(self) -> int:
        return {"input": 400, "rule": 422, "unknown": 404, "missing": 404, "cancelled": 503,
                "internal": 500}[self.value]


@dataclass(frozen=True)
class Done:
    """A job's result."""

    value: Any


@dataclass(frozen=True)
class Failed:
    """A job's error, its type kept: its kind, its exit code as the command line would give it, its message and
    where it is (``LINE:COL`` in the body, no file name: the body is the file)."""

    failure: Failure
    message: str
    exit_code: int = 2
    line: int = 0
    col: int = 0

    def __str__(self) -> str:
        return f"{self.line}:{max(self.col, 1)}: {self.message}" if self.line > 0 else self.message

    @classmethod
    def of(cls, error: Exception) -> Failed:
        """The answer for an error a job raised: every error a request can cause is answered, never raised."""
        if isinstance(error, api.NoSuchPage):
            return cls(Failure.MISSING, error.message)
        if isinstance(error, api.UnknownName):
            return cls(Failure.UNKNOWN, error.message)
        if isinstance(error, api.Cancelled):
            return cls(Failure.CANCELLED, error.message)
        if isinstance(error, (api.InputError, api.RuleBroken)):
            at = error.where
            kind = Failure.RULE if isinstance(error, api.RuleBroken) else Failure.INPUT
            return cls(kind, error.message, error.exit_code, at.line if at else 0, at.col if at else 0)
        if isinstance(error, api.KitgenError):
            return cls(Failure.RULE if error.exit_code == 1 else Failure.INPUT, error.message, error.exit_code)
        return cls(Failure.INTERNAL, f"internal error: {type(error).__name__}: {error}"[:500], 70)


Answer = Done | Failed


@dataclass(frozen=True)
class Progress:
    """A report on the way to an answer: ``done`` of ``total`` (in ``unit``) of the work named ``label`` (a par
    search's steps): the worker sends it up the pipe, a task keeps the last one for its page (kitgen.web.tasks)."""

    label: str
    done: float
    total: float
    unit: str = ""


@dataclass(frozen=True)
class Cancel:
    """The server's word to a worker at work: stop the job (its context's ``cancelled()`` turns true). One that
    arrives after the job has answered is dropped before the next job is read."""


POLL_SECONDS = 0.02
"""How often, at most, a job's context looks for a ``Cancel`` in the pipe (a loop asks far more often)."""


class PipeContext(api.JsonContext):
    """A job's context in a worker: the ``--json`` document wanted, its progress sent up the pipe (``Progress``, at
    most every ``PROGRESS_SECONDS``: docs/web.md, "Busy, not broken"), and cancellation read from the server's end
    of the pipe (``Cancel``)."""

    PROGRESS_SECONDS = 0.25

    def __init__(self, connection: Connection | None) -> None:
        self.connection = connection
        self.asked = False
        self._next = 0.0

    def progress(self, label: str, total: float, unit: str = "") -> contextlib.AbstractContextManager[Any]:
        if self.connection is None:
            return contextlib.nullcontext(None)
        send, last = self.connection.send, [0.0]

        def update(done: float, note: str | None = None) -> None:
            now = time.monotonic()
            if now - last[0] >= self.PROGRESS_SECONDS or done >= total:
                last[0] = now
                send(Progress(label, done, total, unit))

        send(Progress(label, 0, total, unit))
        return contextlib.nullcontext(update)

    def cancelled(self) -> bool:
        if self.asked or self.connection is None:
            return self.asked
        now = time.monotonic()
        if now < self._next:
            return False
        self._next = now + POLL_SECONDS
        try:
            if self.connection.poll(0):
                self.asked = isinstance(self.connection.recv(), Cancel)
        except (EOFError, OSError):  # the server is gone: nobody wants the result
            self.asked = True
        return self.asked


# -- jobs -----------------------------------------------------------------------------------------

@dataclass(frozen=True)
class VerifyJob:
    """``kitgen verify KIND --json`` on the body: the exit code and the document (with located problems)."""

    kind: str
    body: bytes
    given: Given = field(default_factory=dict)
    text: str = "en"
    """The language the verdict's messages are written in: the request's (a student's own, while the words are
    the session's)."""

    def run(self, state: State, context: api.Context) -> tuple[int, dict[str, Any]]:
        lang = self.given.get("lang")
        with api.speaking(self.text, words=str(getattr(lang, "value", lang)) if lang else None):
            text = api.decode_text(self.body, SOURCE)
            verdict = api.verify(self.kind, text, source=SOURCE, context=context, **self.given)
            return verdict.exit_code, verdict.to_json()


@dataclass(frozen=True)
class ReplyJob:
    """The computer's next turn in the record in the body."""

    kind: str
    body: bytes
    given: Given = field(default_factory=dict)

    speaks: str = field(default_factory=api.text_language)

    def run(self, state: State, context: api.Context) -> dict[str, Any]:
        with api.speaking(self.speaks):
            return api.reply(self.kind, api.decode_text(self.body, SOURCE), source=SOURCE, context=context,
                             **self.given)


@dataclass(frozen=True)
class DealJob:
    """``kitgen deal VARIANT ... --json``: the document the command prints."""

    variant: str
    given: Given = field(default_factory=dict)
    speaks: str = field(default_factory=api.text_language)

    def run(self, state: State, context: api.Context) -> Any:
        with api.speaking(self.speaks):
            return api.run(api.deal_command(self.variant), context=context, **self.given).document


@dataclass(frozen=True)
class DocumentJob:
    """``kitgen COMMAND ... --json``: the document a top-level command prints (nothing is written)."""

    command: str
    given: Given = field(default_factory=dict)
    speaks: str = field(default_factory=api.text_language)

    def run(self, state: State, context: api.Context) -> Any:
        with api.speaking(self.speaks):
            return api.run(api.command(api.Group.TOP, self.command), context=context, **self.given).document


@dataclass(frozen=True)
class PdfTarget:
    """What a PDF is made of: a game's component, or its whole kit (``component`` empty), with its options
    (hashable: a worker keeps the last few PDFs by target)."""

    game: str
    component: str = ""
    options: tuple[tuple[str, api.OptionValue], ...] = ()
    command: str = ""
    """The component's command (``sheet``): it names the file as the command line does."""

    @classmethod
    def of(cls, game: str, component: str, given: Given, command: str = "") -> PdfTarget:
        return cls(game, component, tuple(sorted(given.items())), command)

    def make(self, text: str | None = None) -> Made:
        """The file's name and bytes: the kit's, or the component's as its command writes it (the same bytes as
        ``api.render``; the name ``kitgen COMMAND`` gives the file). ``text``: the language a component speaks
        instead of its words' (``made_for``)."""
        given = dict(self.options)
        if not self.component:
            kit = api.KitOptions.of(given)
            return api.kit_name(self.game, kit), api.kit(
                self.game, paper=kit.paper, seed=1 if kit.seed is None else kit.seed, players=kit.players,
                lang=str(kit.lang), text_lang=str(kit.text_lang) if kit.text_lang else None)
        lang = given.get("lang")
        code = str(getattr(lang, "value", lang)) if lang else None
        with api.speaking(text or api.text_language_for(None, code), words=code):  # the text follows the words
            if self.command:
                made = api.run(api.command(api.Group.TOP, self.command), context=None, **given).files
                pdf = next(f for f in made if f.name.endswith(".pdf"))
                return pdf.name, pdf.content()
            return f"{self.component}.pdf", api.render(self.game, self.component, **given)


def made_for(state: State, target: PdfTarget, speaks: str) -> Made:
    """The target's PDF. Its text is in its words' language, but a refusal of its options (a deck's bleed, its card
    size: checked as it is made) is said in the page's language, ``speaks``: asked again in that language, it is
    refused again before any page is drawn."""
    try:
        return state.pdf(target, target.make)
    except api.InputError:
        target.make(speaks)
        raise


@dataclass(frozen=True)
class PdfJob:
    """The PDF of a target, ``copies`` times."""

    target: PdfTarget
    copies: int = 1
    speaks: str = field(default_factory=api.text_language)

    def run(self, state: State, context: api.Context) -> Made:
        name, made = made_for(state, self.target, self.speaks)
        if self.copies == 1:
            return name, made
        return f"{name.removesuffix('.pdf')}-x{self.copies}.pdf", api.copies(made, self.copies)


@dataclass(frozen=True)
class PreviewJob:
    """Page ``page`` of the target's PDF as a PNG ``width`` pixels wide, and the page count."""

    target: PdfTarget
    page: int
    width: int
    speaks: str = field(default_factory=api.text_language)

    def run(self, state: State, context: api.Context) -> tuple[bytes, int]:
        made = made_for(state, self.target, self.speaks)[1]
        with api.speaking(self.speaks):  # a page past the last is refused in the page's language
            return api.page_png(made, self.page, self.width)


Job = VerifyJob | ReplyJob | DealJob | DocumentJob | PdfJob | PreviewJob


def run(state: State, job: Job, connection: Connection | None = None) -> Answer:
    """One job's answer: ``Done`` with its result, or ``Failed`` with its error's kind kept (``Cancel`` in the
    ``connection`` while it works: ``Failure.CANCELLED``)."""
    try:
        with api.naming_options(named, choice_name):  # a web page's refusal names a field by its label, a choice
            # as its list does (kitgen.web.labels)
            # an uploaded file: a path in the worker's own folder
            return Done(materialize(job, state.folder).run(state, PipeContext(connection)))
    except Exception as exc:  # noqa: BLE001 - every error a request can cause is answered, never raised
        return Failed.of(exc)


def warm(solvers: bool = False) -> None:
    """Load what nearly every job needs, before the first one arrives; with ``solvers``, the solitaire solvers too
    (``warm_solvers``)."""
    api.check_word("word")
    api.page_png(api.render("crossword", "patterns", size=5), 1, 100)
    if solvers:
        warm_solvers()


def warm_solvers() -> None:
    """Build the solitaire solvers of the shipped English words (about 3 s of CPU, kept for the worker's life:
    kitgen/games/game_of_words/rules/kept.py), so a first solve or hint answers in milliseconds instead of building
    them inside a request's time limit. A worker does it beside its first jobs (a job needing a solver meanwhile
    waits for this build rather than starting another)."""
    try:
        for variant in ("word-solitaire", "letter-patience"):
            api.run(api.deal_command(variant), seed=1, solve=True)
    except Exception:  # warming is only a head start
        pass


def serve(connection: Connection, solvers: bool = False, folder: str | None = None) -> None:
    """A worker's life: warm up, say it is ready, then answer jobs until the server closes the connection.
    ``folder``: the worker's upload folder, made and removed by the server (kitgen.web.workers)."""
    state = State(Path(folder) if folder else None)
    try:
        warm()
    except Exception:  # warming is only a head start
        pass
    connection.send(Done("ready"))
    if solvers:
        import threading

        threading.Thread(target=warm_solvers, daemon=True, name="kitgen-warm-solvers").start()
    while True:
        try:
            job = connection.recv()
        except (EOFError, OSError):
            return
        if not isinstance(job, Cancel):  # a Cancel that came after its job answered: nothing to stop
            connection.send(run(state, job, connection))
