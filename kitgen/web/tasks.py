"""Long work as a task a page polls (docs/web.md, "Busy, not broken"): queued, running with its progress, done, failed
or cancelled.

``POST /api/tasks/deal/{variant}?...`` starts what ``GET /api/deal/{variant}`` would answer (a solve, the next
winnable deal, a par search), ``POST /api/tasks/pdf/{command}?...`` and ``POST /api/tasks/pdf/kit/{game}?...`` what
the plain PDF endpoints would (a class set, a whole kit), and each answers ``202 {"task": ID, ...}`` at once; ``GET
/api/tasks/{ID}`` says how far it is (``state``, ``ahead``: tasks queued before it while every worker is busy,
``done``/``total``/``label`` from the work's own progress) and, once done, its ``status`` and ``result`` (the
document, or ``{"error"}``) as the plain endpoint would have answered (a PDF: ``{"file", "name", "size"}``, the file
itself at ``GET /api/tasks/{ID}/file``); ``DELETE /api/tasks/{ID}`` cancels it: a queued task never starts, a
running one is told to stop (``Cancel``: its long loops stop within milliseconds and the worker, warm, takes the
next job). Nothing of the page is lost whatever happens to a task.
"""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from kitgen import api
from kitgen.web.endpoints import _within_limit, kit_target, known, pdf_job, pdf_response, work_answer
from kitgen.web.jobs import DealJob, Job, PdfJob, Progress
from kitgen.web.params import BadRequest, values
from kitgen.web.workers import Stopped, Workers

KEPT = 200
"""Finished tasks remembered (a page asks for its result within seconds; the oldest are forgotten)."""


class State(Enum):
    QUEUED = "queued"
    RUNNING = "running"
    DONE = "done"
    CANCELLED = "cancelled"


@dataclass
class Task:
    """One piece of long work and what a page is told about it."""

    id: str
    state: State = State.QUEUED
    progress: Progress | None = None
    status: int = 0
    result: Any = None
    file: tuple[str, bytes] | None = None
    """A PDF task's file once done (its name and bytes), downloaded from ``/api/tasks/{ID}/file``."""
    called_off: threading.Event = field(default_factory=threading.Event)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def to_json(self, ahead: int) -> dict[str, Any]:
        out: dict[str, Any] = {"task": self.id, "state": self.state.value}
        if self.state is State.QUEUED:
            out["ahead"] = ahead
        if self.progress is not None:
            out.update(label=self.progress.label, done=self.progress.done, total=self.progress.total,
                       unit=self.progress.unit)
        if self.state is State.DONE:
            out.update(status=self.status, result=self.result)
        return out


class Tasks:
    """The server's tasks (thread-safe: each runs in a thread of its own, waiting on a worker)."""

    def __init__(self, workers: Workers) -> None:
        self.workers = workers
        self.tasks: OrderedDict[str, Task] = OrderedDict()
        self.lock = threading.Lock()

    def start(self, job: Job) -> Task:
        task = Task(secrets.token_hex(12))
        with self.lock:
            self.tasks[task.id] = task
            while len(self.tasks) > KEPT:
                self.tasks.popitem(last=False)
        threading.Thread(target=self._run, args=(task, job), daemon=True, name="kitgen-task").start()
        return task

    def _run(self, task: Task, job: Job) -> None:
        def running() -> bool:
            with task.lock:
                if task.state is State.CANCELLED:
                    return False
                task.state = State.RUNNING
                return True

        def progress(report: Progress) -> None:
            task.progress = report

        try:
            status, result = work_answer(
                lambda: self.workers.call(job, task.called_off, progress, running, queued=True),
                self.workers.limits.seconds)
        except Stopped:
            return
        if status == 200 and isinstance(job, PdfJob):
            name, data = result
            task.file = name, data
            result = {"file": f"/api/tasks/{task.id}/file", "name": name, "size": len(data)}
        with task.lock:
            if task.state is not State.CANCELLED:
                task.state, task.status, task.result = State.DONE, status, result

    def get(self, task_id: str) -> Task:
        with self.lock:
            task = self.tasks.get(task_id)
        if task is None:
            raise BadRequest(api.gettext("no such task (the server forgets finished ones after a while): start it "
                                         "again"), 404)
        return task

    def ahead(self, task: Task) -> int:
        """Tasks queued before this one."""
        with self.lock:
            queued = [t.id for t in self.tasks.values() if t.state is State.QUEUED]
        return queued.index(task.id) if task.id in queued else 0

    def cancel(self, task: Task) -> None:
        with task.lock:
            if task.state is State.DONE:
                return
            task.state = State.CANCELLED
        task.called_off.set()


def tasks(request: Request) -> Tasks:
    found: Tasks = request.app.state.tasks
    return found


async def start_deal(request: Request) -> Response:
    """``POST /api/tasks/deal/{variant}``: the work of ``GET /api/deal/{variant}`` as a task."""
    variant = request.path_params["variant"]
    command = known(api.deal_command, variant)
    given = values(command.options, request.query_params)
    _within_limit(request, given)
    return _started(request, DealJob(variant, given))


async def start_pdf(request: Request) -> Response:
    """``POST /api/tasks/pdf/{command}``: the PDF of ``GET /api/pdf/{command}`` (``copies`` too) as a task."""
    return _started(request, pdf_job(request))


async def start_kit(request: Request) -> Response:
    """``POST /api/tasks/pdf/kit/{game}``: the whole kit of ``GET /api/pdf/kit/{game}`` as a task."""
    target, _ = kit_target(request)
    return _started(request, PdfJob(target))


def _started(request: Request, job: Job) -> Response:
    task = tasks(request).start(request.app.state.uploads.resolve(job))
    return JSONResponse(task.to_json(tasks(request).ahead(task)), status_code=202)


async def file(request: Request) -> Response:
    """``GET /api/tasks/{id}/file``: a done PDF task's file, named as the plain endpoint names it."""
    found = tasks(request).get(request.path_params["task"])
    if found.file is None:
        raise BadRequest(api.gettext("this task has no file (yet): ask for its state first"), 404)
    return pdf_response(*found.file)


async def status(request: Request) -> Response:
    """``GET /api/tasks/{id}``: how far the task is; its result once done."""
    found = tasks(request).get(request.path_params["task"])
    return JSONResponse(found.to_json(tasks(request).ahead(found)))


async def cancel(request: Request) -> Response:
    """``DELETE /api/tasks/{id}``: stop the task (a running one is told to stop; its worker stays warm)."""
    found = tasks(request).get(request.path_params["task"])
    tasks(request).cancel(found)
    return JSONResponse(found.to_json(0))
