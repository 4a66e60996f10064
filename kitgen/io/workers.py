"""Running one function over many seeds, results in seed order: in this process, forked processes, or Dask.

``ordered_results(work, seeds, pool)`` cuts the seeds into chunks, keeps at most a window of chunks in flight
(a few per worker), and yields each chunk's results in the seeds' order, so memory stays flat however long the
range, and a consumer writing lines as they come writes them in order. Three pools:

* ``InProcess``: the chunks one after another, here.
* ``Forked(jobs)``: ``jobs`` processes forked from this one, so the work object (a solver built once) is inherited,
  not sent; they take chunks from a queue, ignore Ctrl-C (the parent stops them), and leave when the parent dies.
* ``DaskPool(address, workers)``: Dask distributed, a local cluster (``address`` ``"local"``: ``LocalProcesses``)
  or a running scheduler (``tcp://host:8786``); each chunk is a task and the futures feed the progress as they
  complete. A local cluster forks its scheduler and its workers from this process after the work object is set
  aside (``Inherited``), so they inherit it as ``Forked``'s workers do (a solver's indexes are megabytes: pickled,
  sent and unpickled in every worker they cost CPU that ``--jobs`` never spends), with no nanny above a worker and
  the scheduler in a process of its own; a remote scheduler's workers get it sent once (``scatter``).
  Dask is imported only here, only when asked for.

The same work gives the same results in any pool: only where it runs changes.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterable, Iterator
from typing import Any, Protocol

from kitgen.core.errors import InputError, KitgenError
from kitgen.core.i18n import ENGLISH, N_, gettext, system_reason, text_language

Work = Callable[[int], Any]
CHUNK = 16
"""Seeds a task: large enough to keep task overhead small, small enough to keep every worker busy."""
WINDOW = 4
"""Chunks in flight per worker."""
DASK_CHUNKS = 8
"""A Dask task is this many of the survey's chunks: a task costs the scheduler, the client and the worker far more
than a forked worker's queue item, so fewer, larger tasks keep Dask's CPU within a few percent of ``--jobs``."""
LOCAL_CONFIG = {
    "distributed.worker.profile.enabled": False,  # a sampling profiler in each worker: CPU for a dashboard not shown
    "distributed.admin.system-monitor.interval": "5s",
    "distributed.scheduler.work-stealing": False,  # a few large tasks, all sent at once: nothing to steal
    "distributed.admin.tick.interval": "1s",  # each process's event-loop watchdog: 20 ms by default
    "distributed.worker.memory.monitor-interval": "1s",  # the memory watch, by default ten times a second
    "distributed.client.scheduler-info-interval": "10s",  # the client asks the scheduler who is there: every 2 s
}
"""Dask settings for a local cluster (``--dask`` alone): no CPU spent on what only a dashboard would show."""
HEARTBEAT = 5.0
"""Seconds between a local worker's heartbeats (and its checks for missing data). Dask's scheduler asks a small
cluster's workers for two a second: each costs the worker and the scheduler CPU, the more on a loaded machine,
and for as long as the survey takes."""
START_TIMEOUT = 60.0
"""Seconds a local cluster's scheduler and workers have to start."""
DASK_INSTALL = N_("--dask needs Dask distributed, which is not installed: pip install 'kitgen[dask]'")
"""The refusal of ``--dask`` without Dask (a command line's), in the text language."""


def check_dask() -> None:
    """``InputError`` saying how to install Dask when it is not there (before any work or file)."""
    try:
        import distributed  # noqa: F401
    except ImportError:
        raise InputError(gettext(DASK_INSTALL)) from None


def run_chunk(work: Work, seeds: list[int]) -> list[Any]:
    """One task: the work on each seed of a chunk, in order (module level, so Dask workers can import it)."""
    return [work(seed) for seed in seeds]


class Inherited:
    """The work of the local Dask cluster being started, set before it forks its workers: they find it here."""

    work: Work | None = None


def has_inherited() -> bool:
    """Whether this process (a local cluster's worker) holds the work it was forked with."""
    return Inherited.work is not None


def run_inherited(seeds: list[int]) -> list[Any]:
    """One task of a local cluster: the inherited work on each seed of a chunk, in order."""
    work = Inherited.work
    if work is None:  # never: the pool checked every worker holds it before sending a task
        raise KitgenError("a Dask worker started without the survey's work")
    return run_chunk(work, seeds)


class Pool(Protocol):
    """Where chunks run: ``submit`` one (numbered), ``next_done`` blocks for any finished one."""

    workers: int

    def submit(self, number: int, seeds: list[int]) -> None: ...

    def next_done(self) -> tuple[int, list[Any]]: ...

    def close(self) -> None: ...


def chunks(seeds: Iterable[int], size: int = CHUNK) -> Iterator[list[int]]:
    chunk: list[int] = []
    for seed in seeds:
        chunk.append(seed)
        if len(chunk) == size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def ordered_results(seeds: Iterable[int], pool: Pool, size: int = CHUNK) -> Iterator[list[Any]]:
    """Each chunk's results, in the seeds' order, at most ``WINDOW`` chunks a worker in flight; the pool is closed
    at the end, on an error or on Ctrl-C."""
    resize = getattr(pool, "chunk", None)
    pending = chunks(seeds, resize(size) if resize is not None else size)
    window = max(1, WINDOW * pool.workers)
    ready: dict[int, list[Any]] = {}
    sent = emitted = 0
    more = True
    try:
        while True:
            while more and sent - emitted < window:
                chunk = next(pending, None)
                if chunk is None:
                    more = False
                    break
                pool.submit(sent, chunk)
                sent += 1
            if emitted == sent:
                return
            while emitted not in ready:
                number, results = pool.next_done()
                ready[number] = results
            yield ready.pop(emitted)
            emitted += 1
    finally:
        pool.close()


class InProcess:
    """The chunks run here, one after another."""

    workers = 1

    def __init__(self, work: Work) -> None:
        self.work = work
        self.waiting: list[tuple[int, list[int]]] = []

    def submit(self, number: int, seeds: list[int]) -> None:
        self.waiting.append((number, seeds))

    def next_done(self) -> tuple[int, list[Any]]:
        """The oldest chunk, worked now (so nothing is computed ahead of what is written)."""
        number, seeds = self.waiting.pop(0)
        return number, run_chunk(self.work, seeds)

    def close(self) -> None:
        self.waiting.clear()


def _serve(work: Work, tasks: Any, results: Any, parent: int) -> None:
    """A forked worker: chunks from ``tasks`` until ``None`` or the parent is gone; Ctrl-C is the parent's."""
    import queue

    from kitgen.io.processes import quiet_worker

    quiet_worker(parent)
    while os.getppid() == parent:
        try:
            task = tasks.get(timeout=0.5)
        except queue.Empty:
            continue
        if task is None:
            return
        number, seeds = task
        try:
            results.put((number, run_chunk(work, seeds), None))
        except Exception as exc:  # sent to the parent, which raises it there
            results.put((number, [], f"{type(exc).__name__}: {exc}"))


class Forked:
    """``jobs`` forked processes that inherit the work object and take chunks from a queue."""

    def __init__(self, work: Work, jobs: int) -> None:
        import multiprocessing

        context = multiprocessing.get_context("fork")
        self.tasks = context.Queue()
        self.results = context.Queue()
        self.workers = jobs
        self.children = [context.Process(target=_serve, args=(work, self.tasks, self.results, os.getpid()),
                                         daemon=True) for _ in range(jobs)]
        from kitgen.io.processes import interrupts_held

        with interrupts_held():  # no child is interrupted before it has learnt to ignore Ctrl-C
            for child in self.children:
                child.start()

    def submit(self, number: int, seeds: list[int]) -> None:
        self.tasks.put((number, seeds))

    def next_done(self) -> tuple[int, list[Any]]:
        import queue

        while True:
            try:
                number, results, error = self.results.get(timeout=1.0)
            except queue.Empty:
                if not all(child.is_alive() for child in self.children):
                    raise KitgenError(gettext("a worker process died")) from None
                continue
            if error is not None:
                raise KitgenError(gettext("a worker process failed: {error}").format(error=error))
            return number, results

    def close(self) -> None:
        from kitgen.io.processes import stop_children

        stop_children(self.children)
        for q in (self.tasks, self.results):
            q.close()
            q.cancel_join_thread()


def _no_scheduler(address: str, exc: OSError) -> str:
    """``--dask ADDRESS`` reached no scheduler, in the text language: Dask's own English reason kept in English, the
    system's said in the text language where it has one (``system_reason``), else left out (a timed-out handshake)."""
    option = f"--dask {address}"
    if text_language() == ENGLISH:
        reason: str | None = str(exc)
    else:
        reason = system_reason(exc) if exc.errno else None
    if reason:
        return gettext("{option}: no Dask scheduler answers there ({reason})").format(option=option, reason=reason)
    return gettext("{option}: no Dask scheduler answers there").format(option=option)


class DaskPool:
    """Chunks as Dask tasks on a ``LocalCluster`` (``address`` ``"local"``, ``workers`` processes) or a scheduler."""

    def __init__(self, work: Work, address: str, workers: int) -> None:
        import importlib

        try:
            distributed: Any = importlib.import_module("distributed")  # untyped: used through Any
        except ImportError:
            raise InputError(gettext(DASK_INSTALL)) from None
        self.cluster: Any = None
        if address == "local":
            self.client: Any = self._local(distributed, work, workers)
        else:
            try:
                self.client = distributed.Client(address, timeout="10s")
            except OSError as exc:
                raise InputError(_no_scheduler(address, exc)) from None
        self.workers = max(1, sum(self.client.nthreads().values()))
        self.inherited = self.cluster is not None and all(self.client.run(has_inherited).values())
        self.work = None if self.inherited else self.client.scatter(work, broadcast=True)
        self.completed = distributed.as_completed()
        self.pending: dict[Any, tuple[int, Any]] = {}

    def _local(self, distributed: Any, work: Work, workers: int) -> Any:
        """A client of a new local cluster whose workers are forked holding ``work`` (``Inherited``)."""
        import dask

        Inherited.work = work  # kept until close()
        try:
            self.cluster = LocalProcesses(workers)
        except BaseException:
            Inherited.work = None
            raise
        client = None
        try:
            with dask.config.set(LOCAL_CONFIG):
                client = distributed.Client(self.cluster.address, timeout="10s")
            client.wait_for_workers(workers, timeout=START_TIMEOUT)
        except BaseException as exc:
            self.cluster.close(client)
            Inherited.work = None
            if isinstance(exc, TimeoutError):
                raise KitgenError(gettext("the local Dask workers did not start")) from None
            raise
        return client

    def chunk(self, size: int) -> int:
        """Seeds a task: ``DASK_CHUNKS`` of the survey's chunks."""
        return size * DASK_CHUNKS

    def submit(self, number: int, seeds: list[int]) -> None:
        if self.inherited:
            future = self.client.submit(run_inherited, seeds, pure=False)
        else:
            future = self.client.submit(run_chunk, self.work, seeds, pure=False)
        self.pending[future.key] = (number, future)
        self.completed.add(future)

    def next_done(self) -> tuple[int, list[Any]]:
        future = next(self.completed)
        number, _ = self.pending.pop(future.key)
        return number, future.result()

    def close(self) -> None:
        if self.pending:
            self.client.cancel([future for _, future in self.pending.values()])
        if self.cluster is not None:
            self.cluster.close(self.client)
            Inherited.work = None
        else:
            self.client.close()


def _serve_scheduler(pipe: Any, parent: int) -> None:
    """A local cluster's scheduler, in a process of its own: its address goes back through ``pipe``."""
    import asyncio

    from distributed import Scheduler

    from kitgen.io.processes import quiet_worker

    quiet_worker(parent)

    class Quiet(Scheduler):
        def heartbeat_worker(self, **kwargs: Any) -> dict[str, Any]:
            """Dask's answer to a heartbeat, with the next one ``HEARTBEAT`` seconds later at the soonest."""
            answer: dict[str, Any] = super().heartbeat_worker(**kwargs)
            answer["heartbeat-interval"] = max(answer.get("heartbeat-interval", 0.0), HEARTBEAT)
            return answer

    async def serve() -> None:
        async with Quiet(host="127.0.0.1", port=0, dashboard=False, dashboard_address=None) as scheduler:
            pipe.send(scheduler.address)
            pipe.close()
            await scheduler.finished()

    asyncio.run(serve())


def _serve_worker(address: str, parent: int) -> None:
    """A local cluster's worker, forked holding the work (``Inherited``), with no nanny watching it: one thread."""
    import asyncio

    from distributed import Worker

    from kitgen.io.processes import quiet_worker

    quiet_worker(parent)

    async def serve() -> None:
        async with Worker(address, nthreads=1, host="127.0.0.1", memory_limit=0, dashboard=False) as worker:
            await worker.finished()

    asyncio.run(serve())


class LocalProcesses:
    """A scheduler and ``workers`` Dask workers on this machine, each a process forked from this one (so they start
    with kitgen imported and the work inherited) and none watched by a nanny. Dask's ``LocalCluster`` runs its
    scheduler in this process (its event loop beside the survey's writing) and puts a nanny process above each
    worker (one more event loop, heartbeats and memory watch a worker): CPU that ``--jobs`` never spends."""

    def __init__(self, workers: int) -> None:
        import gc
        import logging
        import multiprocessing

        import dask

        context = multiprocessing.get_context("fork")
        self.children: list[Any] = []
        logging.getLogger("distributed").setLevel(logging.ERROR)  # as LocalCluster(silence_logs=ERROR)
        gc.freeze()  # the children are forked with every object so far out of the collector's sight (never freed)
        try:
            with dask.config.set(LOCAL_CONFIG):  # the children keep the settings they were forked with
                self.address = self._start_scheduler(context)
                for _ in range(workers):
                    self._start(context.Process(target=_serve_worker, args=(self.address, os.getpid()),
                                                daemon=True))
        except BaseException:
            self.close(None)
            raise
        finally:
            gc.unfreeze()

    def _start(self, child: Any) -> None:
        from kitgen.io.processes import interrupts_held

        self.children.append(child)
        with interrupts_held():  # no child is interrupted before it has learnt to ignore Ctrl-C
            child.start()

    def _start_scheduler(self, context: Any) -> str:
        """The scheduler's process started, and its address (it sends it once it listens)."""
        here, there = context.Pipe(duplex=False)
        try:
            self._start(context.Process(target=_serve_scheduler, args=(there, os.getpid()), daemon=True))
            if not here.poll(START_TIMEOUT):
                raise KitgenError(gettext("the local Dask scheduler did not start"))
            address: str = here.recv()
            return address
        finally:
            here.close()
            there.close()

    def close(self, client: Any) -> None:
        """The scheduler and workers asked to stop (through ``client``), then stopped outright if they linger."""
        from kitgen.io.processes import stop_children

        if client is not None:
            with contextlib.suppress(Exception):  # they are stopped below in any case
                client.shutdown()
            client.close()
        for child in self.children:
            child.join(1.0)
        stop_children(self.children)


def make_pool(work: Work, jobs: int, dask: str | None) -> Pool:
    """The pool ``--jobs``/``--dask`` ask for: Dask when ``dask`` is set (``jobs`` workers on a local cluster),
    forked processes for ``jobs`` > 1, else this process. ``jobs`` 0 means every core."""
    jobs = jobs or (os.cpu_count() or 1)
    if dask is not None:
        return DaskPool(work, dask, jobs)
    if jobs > 1:
        return Forked(work, jobs)
    return InProcess(work)
