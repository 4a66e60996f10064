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
"""

from __future__ import annotations

import contextlib
import os
import signal
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import multiprocessing.pool

PR_SET_PDEATHSIG = 1
"""``prctl`` option: the signal a process gets when its parent dies (Linux)."""


def quiet_worker(parent: int) -> None:
    """Initialise a worker process: ignore SIGINT (the parent handles Ctrl-C and stops the workers) and die,
    silently, if the parent ``parent`` dies first."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _die_with_parent()
    if os.getppid() != parent:  # the parent died before the signal was asked for
        os._exit(1)


def _die_with_parent() -> None:
    """Ask Linux for SIGKILL when the parent dies (elsewhere nothing is done: no ``prctl``)."""
    import ctypes
    import ctypes.util

    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)
    except (OSError, AttributeError):
        pass


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
    """Whether Ctrl-C came during a block (``watching_interrupts``): remembered even where a library swallows
    the ``KeyboardInterrupt`` it raised (in a destructor or a callback, Python prints "Exception ignored")."""

    def __init__(self) -> None:
        self.seen = False

    def check(self) -> None:
        """Raise ``KeyboardInterrupt`` if Ctrl-C came, swallowed or not: the work is not to be kept."""
        if self.seen:
            raise KeyboardInterrupt


@contextlib.contextmanager
def watching_interrupts() -> Iterator[Interrupts]:
    """Note every Ctrl-C of the block (then raise ``KeyboardInterrupt`` as Python does). Only in the main
    thread and where Python's own handler is in place: a server's handler is left alone."""
    watch = Interrupts()
    if threading.current_thread() is not threading.main_thread() \
            or signal.getsignal(signal.SIGINT) is not signal.default_int_handler:
        yield watch
        return

    def note(signum: int, frame: Any) -> None:
        watch.seen = True
        raise KeyboardInterrupt

    signal.signal(signal.SIGINT, note)
    try:
        yield watch
    finally:
        signal.signal(signal.SIGINT, signal.default_int_handler)


def workers_allowed() -> bool:
    """Whether this process may start worker processes: not in a daemonic process (the web app's workers
    are), which multiprocessing forbids to have children; callers then do the work in this process."""
    import multiprocessing

    return not multiprocessing.current_process().daemon


def worker_pool(processes: int) -> multiprocessing.pool.Pool:
    """A pool of ``processes`` forked quiet workers (``quiet_worker``), forked with Ctrl-C held back so that
    no worker is interrupted before it has learnt to ignore it (use it in a ``with``: it is terminated then)."""
    import multiprocessing

    context = multiprocessing.get_context("fork")
    pool = None
    try:
        with interrupts_held():
            pool = context.Pool(processes, initializer=quiet_worker, initargs=(os.getpid(),))
    except BaseException:
        if pool is not None:
            pool.terminate()
        raise
    return pool


@contextlib.contextmanager
def interrupts_held() -> Iterator[None]:
    """Hold Ctrl-C back for the block (in the main thread; elsewhere nothing changes) and raise it once the
    block is done: a few renames that must happen all together are not cut in half."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[Any] = []
    previous = signal.signal(signal.SIGINT, lambda signum, frame: caught.append(signum))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    if caught and previous is signal.default_int_handler:
        raise KeyboardInterrupt
    if caught and callable(previous):
        previous(signal.SIGINT, None)
