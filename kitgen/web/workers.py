"""The web app's worker processes: every call into a game runs in one, bounded in time (docs/web.md).

A request's work (a verify, a deal, a solve, a par search, a PDF, a preview) is sent to a worker
process (kitgen.web.jobs). A worker that has not answered within the time limit is killed and a
fresh one takes its place, so long work (a solve, a par search, a thousand patterns) never holds a
worker or the server: the request is answered 503 saying so. When every worker is busy a request
of the plain API waits for one, up to ``Limits.wait``, then is answered 503 too; the work a page asks
for and waits on (a task, a preview, a class set, a room's turn) waits in line (``Limits.queue``) for
as long as its asker is there.

Workers are started from a fork server (``multiprocessing``'s ``forkserver``: a clean process with
kitgen's modules loaded, never the threaded server itself), lazily, up to ``Limits.workers``.
"""

from __future__ import annotations

import multiprocessing
import queue
import shutil
import tempfile
import threading
import time
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing.connection import Connection
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from kitgen.web.jobs import Answer, Job

STARTUP_SECONDS = 60.0
"""How long a new worker may take to load kitgen and warm up."""
GRACE_SECONDS = 5.0
"""How long a worker told to stop (``Cancel``: its time is up) may take to answer before it is killed."""
SLICE_SECONDS = 0.05
"""How often a request waiting for its job looks whether it was called off."""


@dataclass(frozen=True)
class Limits:
    """How much work the server takes on: worker processes, a job's time, a request's wait for a worker."""

    workers: int = 2
    seconds: float = 20.0
    wait: float = 30.0
    queue: float = 600.0
    """How long work that waits in line (a task, a preview, a class set, a room) waits for a free worker while its
    asker is still there (a page polling its task, a browser waiting for its picture)."""
    warm_solvers: bool = False
    """Build the solitaire solvers as a worker starts (``kitgen serve``), not in its first solve's time limit."""


class TooLong(Exception):
    """A job ran past its time limit: its worker was killed."""


class WorkerDied(TooLong):
    """The worker process died in the middle of the job (killed, or out of memory): a fresh one replaces it."""


class Busy(Exception):
    """No worker became free in time."""


class Stopped(Exception):
    """A task was called off before a worker took it."""


class Worker:
    """One worker process and the server's end of its pipe."""

    def __init__(self, context: Any, warm_solvers: bool = False) -> None:
        from kitgen.web.jobs import serve

        self.folder = Path(tempfile.mkdtemp(prefix="kitgen-uploads-"))
        """The worker's own private folder for the uploaded files its jobs read: removed with the worker (``stop``),
        or when the server's process exits without stopping it."""
        self._remove = weakref.finalize(self, shutil.rmtree, self.folder, True)
        ours, theirs = context.Pipe()
        self.process = context.Process(target=serve, args=(theirs, warm_solvers, str(self.folder)), daemon=True,
                                       name="kitgen-web-worker")
        self.process.start()
        theirs.close()
        self.connection: Connection = ours
        if not ours.poll(STARTUP_SECONDS):  # the time limit counts a job's work, not the worker's warming up
            self.stop()
            raise TooLong(f"a worker did not start within {STARTUP_SECONDS:g} s")
        ours.recv()

    def call(self, job: Job, seconds: float, called_off: threading.Event | None = None,
             progress: Callable[[Any], None] | None = None) -> Answer:
        """Send a job and wait for its answer, ``seconds`` at most, or until ``called_off`` is set: then the worker
        is told to stop (``Cancel``: the job's long loops stop within milliseconds) and its answer (a cancelled
        ``Failed``) is awaited ``GRACE_SECONDS``; ``TooLong`` if none comes (the caller kills the worker). The
        job's progress reports on the way (kitgen.web.jobs.Progress) go to ``progress``."""
        from kitgen.web.jobs import Cancel, Progress

        self.connection.send(job)
        end = time.monotonic() + seconds
        told = False
        while True:  # the limit and the call-off are looked at on every turn, progress arriving or not
            if not told and (time.monotonic() >= end or (called_off is not None and called_off.is_set())):
                self.connection.send(Cancel())
                told, end = True, time.monotonic() + GRACE_SECONDS
            if self.connection.poll(min(SLICE_SECONDS, max(0.0, end - time.monotonic()))):
                answer: Answer | Progress = self.connection.recv()
                if not isinstance(answer, Progress):
                    return answer
                if progress is not None:
                    progress(answer)
            elif told and time.monotonic() >= end:
                raise TooLong(f"stopped after {seconds:g} s")

    def stop(self) -> None:
        """Kill the process at once (it may be in the middle of a job) and close the pipe."""
        self.process.kill()
        self.process.join(5)
        self.connection.close()
        self._remove()


class Workers:
    """A few worker processes shared by every request (thread-safe: requests call from a thread pool)."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self._idle: queue.LifoQueue[Worker] = queue.LifoQueue()
        self._lock = threading.Lock()
        self._alive: set[Worker] = set()
        self._starting = 0
        self._closed = False

    @staticmethod
    def _context() -> Any:
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["kitgen.web.jobs"])
        return context

    def start(self) -> None:
        """Start every worker now (``kitgen serve`` does, in the background, so the first request is quick)."""
        started: list[Worker] = []
        while True:
            with self._lock:
                if self._closed or len(self._alive) + len(started) >= self.limits.workers:
                    break
            started.append(Worker(self._context(), self.limits.warm_solvers))
        with self._lock:
            self._alive.update(started)
        for worker in started:
            self._idle.put(worker)

    def _take(self, called_off: threading.Event | None = None, queued: bool = False) -> Worker:
        """An idle worker, a new one while there are fewer than ``limits.workers``, else wait for one:
        ``limits.wait``, or in line (``queued``) ``limits.queue`` unless ``called_off`` is set first (``Stopped``)."""
        try:
            return self._idle.get_nowait()
        except queue.Empty:
            pass
        with self._lock:
            grow = not self._closed and len(self._alive) + self._starting < self.limits.workers
            self._starting += grow
        if grow:
            try:
                worker = Worker(self._context(), self.limits.warm_solvers)
            finally:
                with self._lock:
                    self._starting -= 1
            with self._lock:
                self._alive.add(worker)
            return worker
        patience = self.limits.queue if queued else self.limits.wait
        end = time.monotonic() + patience
        while True:
            try:
                return self._idle.get(timeout=max(0.0, min(4 * SLICE_SECONDS, end - time.monotonic())))
            except queue.Empty:
                if called_off is not None and called_off.is_set():
                    raise Stopped("called off while it waited for a worker") from None
                if time.monotonic() >= end:
                    raise Busy(f"every worker stayed busy for {patience:g} s") from None

    def call(self, job: Job, called_off: threading.Event | None = None, progress: Callable[[Any], None] | None = None,
             running: Callable[[], bool] | None = None, queued: bool = False) -> Answer:
        """Run a job in a worker: its answer (kitgen.web.jobs: ``Done`` or ``Failed``), ``TooLong`` or ``Busy``.

        A job past the time limit is told to stop and answers ``TooLong`` with its worker kept warm (killed only
        if it does not stop); ``called_off`` set (the request was withdrawn) stops it the same way, answered as a
        cancelled ``Failed``. ``progress`` hears the job's progress reports; ``running()`` is asked once a worker
        is free (a task called off while it waited says False: the worker goes back unused, ``Stopped``).
        ``queued``: wait in line for a worker (``Limits.queue``, ``Stopped`` when ``called_off`` while waiting)
        instead of ``Busy`` after ``Limits.wait``."""
        from kitgen.web.jobs import Failed, Failure

        worker = self._take(called_off, queued)
        if running is not None and not running():
            self._idle.put(worker)
            raise Stopped("called off before it started")
        try:
            answer = worker.call(job, self.limits.seconds, called_off, progress)
        except TooLong:  # it did not stop: a fresh one replaces it
            self._retire(worker)
            raise
        except (EOFError, OSError) as exc:  # the worker died (kill -9, out of memory): a fresh one replaces it
            self._retire(worker)
            raise WorkerDied(str(exc) or "the worker stopped") from None
        self._idle.put(worker)
        if isinstance(answer, Failed) and answer.failure is Failure.CANCELLED and not (
                called_off is not None and called_off.is_set()):
            raise TooLong(f"stopped after {self.limits.seconds:g} s")
        return answer

    def _retire(self, worker: Worker) -> None:
        with self._lock:
            self._alive.discard(worker)
        worker.stop()

    def folders(self) -> list[Path]:
        """The upload folders of the live workers (for tests: each is removed with its worker)."""
        with self._lock:
            return sorted(w.folder for w in self._alive)

    def pids(self) -> list[int]:
        """The process ids of the live workers (for tests and the benchmark)."""
        with self._lock:
            return sorted(w.process.pid for w in self._alive if w.process.pid is not None)

    def close(self) -> None:
        """Stop every worker (the app's shutdown)."""
        with self._lock:
            self._closed = True
            workers, self._alive = list(self._alive), set()
        for worker in workers:
            worker.stop()
