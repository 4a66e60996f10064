"""Worker processes and interrupts that leave nothing behind (issue 17: "Clean Ctrl-C").

Ctrl-C in a terminal sends SIGINT to every process of the command, the workers
included. kitgen's workers ignore it (``quiet_worker``): the parent alone turns
it into one line and exit 130, then stops its workers. A worker also dies with
its parent (Linux's parent-death signal), so a parent killed outright leaves no
worker to print ``BrokenPipeError`` tracebacks. Libraries that make temporary
folders and count on a destructor to remove them (weasyprint's font folders,
``/tmp/weasyprint-*``) make them inside one private folder (``scratch_space``)
that the parent removes at the end, however the run ends. The few renames that
put a batch of files in place run with Ctrl-C held back (``interrupts_held``),
so an interrupt never leaves half a batch.

SIGTERM and SIGHUP (what ``timeout``, systemd, CI runners and a closed terminal send) are handled as Ctrl-C
(issue 33): ``stop_on_signals`` makes each raise ``Stopped``, a ``KeyboardInterrupt`` carrying the signal, so
staged files and temporary folders go the same way; the command says so in one line and exits 128 + N.
"""

from __future__ import annotations

import contextlib
import functools
import os
import signal
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import multiprocessing.pool

PR_SET_PDEATHSIG = 1
"""``prctl`` option: the signal a process gets when its parent dies (Linux)."""
LOCK_WAIT = 2.0
"""Seconds a pool being stopped waits for its task queue's lock (a worker killed mid-read never gives it back)."""
KILL_AFTER = 3.0
"""Seconds a worker asked to stop (SIGTERM) has before it is killed (SIGKILL): a worker forked from a threaded
process can hang on a lock another thread held at the fork before it has learnt to die on SIGTERM."""
STOPPING = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name))
"""Signals handled as Ctrl-C (``stop_on_signals``)."""
WATCHED = (signal.SIGINT, *STOPPING)


class Stopped(KeyboardInterrupt):
    """SIGTERM or SIGHUP arrived: the run stops as for Ctrl-C (everything staged removed)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def signal_of(exc: BaseException) -> int:
    """The signal that stopped the run: ``Stopped``'s, else SIGINT (Ctrl-C)."""
    return exc.signum if isinstance(exc, Stopped) else int(signal.SIGINT)


def _raise_stopped(signum: int, frame: Any) -> None:
    raise Stopped(signum)


def stop_on_signals() -> None:
    """Make SIGTERM and SIGHUP raise ``Stopped`` in the main thread (where they are not handled already or ignored,
    as under ``nohup``): the command line calls it once at start."""
    if threading.current_thread() is not threading.main_thread():
        return
    for signum in STOPPING:
        if signal.getsignal(signum) is signal.SIG_DFL:
            signal.signal(signum, _raise_stopped)


def _ours(signum: int, handler: Any) -> bool:
    """Whether ``handler`` is kitgen's own way of stopping on ``signum`` (Python's Ctrl-C, or ``Stopped``)."""
    return handler is (signal.default_int_handler if signum == signal.SIGINT else _raise_stopped)


def _raise_for(signum: int) -> None:
    if signum == signal.SIGINT:
        raise KeyboardInterrupt
    raise Stopped(signum)


def interrupt(signum: int) -> None:
    """Raise what ``signum`` raises in kitgen: ``KeyboardInterrupt`` for Ctrl-C, ``Stopped`` for SIGTERM/SIGHUP (a
    stop asked at a checkpoint ends the run as the signal itself would have)."""
    _raise_for(signum)


@contextlib.contextmanager
def stops_asked(takes: Callable[[int], bool]) -> Iterator[None]:
    """Within the block, Ctrl-C, SIGTERM and SIGHUP (where kitgen handles them) are first offered to
    ``takes(signum)``: when it takes one (a loop is asking whether to stop), the run goes on to that loop's next
    checkpoint; otherwise the signal interrupts at once, as outside the block. The main thread only."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = {n: signal.getsignal(n) for n in WATCHED}
    ours = [n for n, handler in previous.items() if _ours(n, handler)]

    def handle(signum: int, frame: Any) -> None:
        if not takes(signum):
            _raise_for(signum)

    for signum in ours:
        signal.signal(signum, handle)
    try:
        yield
    finally:
        for signum in ours:
            signal.signal(signum, previous[signum])


def quiet_worker(parent: int) -> None:
    """Initialise a worker process: ignore SIGINT (the parent handles Ctrl-C and stops the workers) and die,
    silently, if the parent ``parent`` dies first; SIGTERM and SIGHUP end it silently (its pool stops it so)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for signum in STOPPING:
        signal.signal(signum, signal.SIG_DFL)
    _die_with_parent()
    if os.getppid() != parent:  # the parent died before the signal was asked for
        os._exit(1)


def _die_with_parent() -> None:
    """Ask Linux for SIGKILL when the parent dies (elsewhere nothing is done: no ``prctl``)."""
    libc = _libc()
    try:
        if libc is not None:
            libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)
    except AttributeError:
        pass


@functools.cache
def _libc() -> Any:
    """The C library (``ctypes``), looked up once: ``worker_pool`` looks it up before it forks, so that each worker
    does not import ctypes and run ``find_library`` again (~20 ms of CPU a worker; issue 32, the warm kit). None
    where there is none to load."""
    import ctypes
    import ctypes.util

    try:
        return ctypes.CDLL(ctypes.util.find_library("c") or None, use_errno=True)
    except OSError:
        return None


@contextlib.contextmanager
def scratch_space() -> Iterator[Path]:
    """A private temporary folder that every temporary file or folder made in this block goes into (workers
    forked in it too, since ``tempfile.tempdir`` is inherited), removed with all it holds when the block ends,
    whatever ends it. Nested blocks make a folder inside the outer one."""
    import shutil
    import tempfile

    folder = tempfile.mkdtemp(prefix="kitgen-")
    saved = tempfile.tempdir
    tempfile.tempdir = folder
    try:
        yield Path(folder)
    finally:
        tempfile.tempdir = saved
        shutil.rmtree(folder, ignore_errors=True)


class Interrupts:
    """Whether Ctrl-C (or SIGTERM, SIGHUP) came during a block (``watching_interrupts``): remembered even where a
    library swallows the ``KeyboardInterrupt`` it raised (in a destructor or a callback, Python prints "Exception
    ignored")."""

    def __init__(self) -> None:
        self.seen = False
        self.signum = 0

    def check(self) -> None:
        """Raise ``KeyboardInterrupt`` (``Stopped``) if a signal came, swallowed or not: the work is not kept."""
        if self.seen:
            _raise_for(self.signum)


@contextlib.contextmanager
def watching_interrupts() -> Iterator[Interrupts]:
    """Note every Ctrl-C, SIGTERM and SIGHUP of the block (then raise as kitgen's handlers do). Only in the main
    thread and for signals whose handler is kitgen's own (Python's for SIGINT): a server's handler is left
    alone."""
    watch = Interrupts()
    if threading.current_thread() is not threading.main_thread():
        yield watch
        return

    def note(signum: int, frame: Any) -> None:
        watch.seen, watch.signum = True, signum
        _raise_for(signum)

    watched = [signum for signum in WATCHED if _ours(signum, signal.getsignal(signum))]
    saved = {signum: signal.signal(signum, note) for signum in watched}
    try:
        yield watch
    finally:
        for signum, handler in saved.items():
            signal.signal(signum, handler)


def stop_children(children: Any) -> None:
    """Stop forked ``children`` (``multiprocessing`` processes): SIGTERM to those still running, then SIGKILL to any
    still alive ``KILL_AFTER`` seconds later, and reap them all, so that stopping never waits for ever on a child
    that does not die of SIGTERM (one forked under ``interrupts_held`` records it until ``quiet_worker`` runs)."""
    import time

    running = [child for child in children if child.exitcode is None]
    for child in running:
        child.terminate()
    deadline = time.monotonic() + KILL_AFTER
    for child in running:
        child.join(max(0.0, deadline - time.monotonic()))
    for child in running:
        if child.exitcode is None:
            child.kill()
            child.join()


def _stoppable(base: type[Any]) -> type[Any]:
    """A subclass of the process class ``base`` whose join after ``terminate()`` waits ``KILL_AFTER`` seconds and
    then kills the process: ``multiprocessing.pool`` joins terminated workers without a time limit."""

    class Stoppable(base):  # type: ignore[misc]
        stopping = False

        def terminate(self) -> None:
            self.stopping = True
            super().terminate()

        def join(self, timeout: float | None = None) -> None:
            if timeout is None and self.stopping and self.exitcode is None:
                super().join(KILL_AFTER)
                if self.exitcode is None:
                    self.kill()
            super().join(timeout)

    return Stoppable


def workers_allowed() -> bool:
    """Whether this process may start worker processes: not in a daemonic process (the web app's workers
    are), which multiprocessing forbids to have children; callers then do the work in this process."""
    import multiprocessing

    return not multiprocessing.current_process().daemon


def worker_pool(processes: int) -> multiprocessing.pool.Pool:
    """A pool of ``processes`` forked quiet workers (``quiet_worker``), forked with Ctrl-C held back so that
    no worker is interrupted before it has learnt to ignore it (use it in a ``with``: it is terminated then)."""
    import multiprocessing
    import multiprocessing.pool

    context = multiprocessing.get_context("fork")
    _libc()  # once, here, for every worker forked from this process
    worker = _stoppable(context.Process)

    class StoppingPool(multiprocessing.pool.Pool):
        """A pool whose shutdown never waits for ever on a worker that died holding its queue's lock (SIGTERM sent
        to the whole process group, as systemd and CI runners do, kills the workers wherever they are), nor on a
        worker that outlives SIGTERM (killed ``KILL_AFTER`` seconds later)."""

        def __init__(self) -> None:
            super().__init__(processes, initializer=quiet_worker, initargs=(os.getpid(),), context=context)

        @staticmethod
        def Process(ctx: Any, *args: Any, **kwds: Any) -> Any:  # noqa: N802 (multiprocessing's name)
            return worker(*args, **kwds)

        @staticmethod
        def _help_stuff_finish(inqueue: Any, task_handler: Any, size: int) -> None:
            if not inqueue._rlock.acquire(timeout=LOCK_WAIT):
                return  # held by a dead worker: nothing to drain that anyone will read
            while task_handler.is_alive() and inqueue._reader.poll():
                inqueue._reader.recv()

    pool = None
    try:
        with interrupts_held():
            pool = StoppingPool()
    except BaseException:
        if pool is not None:
            pool.terminate()
        raise
    return pool


@contextlib.contextmanager
def interrupts_held() -> Iterator[None]:
    """Hold Ctrl-C, SIGTERM and SIGHUP back for the block (in the main thread; elsewhere nothing changes) and
    raise the first once the block is done: a few renames that must happen all together are not cut in half."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[int] = []
    previous = {signum: signal.signal(signum, lambda signum, frame: caught.append(signum)) for signum in WATCHED}
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
    if not caught:
        return
    first = caught[0]
    handler = previous[first]
    if handler is signal.default_int_handler:
        raise KeyboardInterrupt
    if callable(handler):
        handler(first, None)
    elif handler == signal.SIG_DFL and first != signal.SIGINT:
        os.kill(os.getpid(), first)  # what would have happened without the hold
