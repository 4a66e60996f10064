"""Small timing helpers shared by the benchmark scripts (medians, side-by-side lines)."""

from __future__ import annotations

import math
import os
import pickle
import resource
import statistics
import time
import traceback
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")

LIKE_FOR_LIKE = os.environ.get("KITGEN_BENCH_LIKE_FOR_LIKE") == "1"
"""Set by `make bench-compare` (compare.py) for a script that uses it: the script does the work the revision
before issue 25 did (``1ec0211``), under that revision's figure names, where kitgen has since added work on
purpose (the crossword generator's stricter American rules and the fill's common tier, the wordsearch par's exact
polish, the fuzz benchmark's four new readers; the survey's doubled par budget and exact polish, the lexicon's five
new languages, the web benchmark's solves, the kit's rules set in columns), so that the two sides' CPU times are like
for like. Without it
(`make bench`) the script prints its current figures and, beside each such one, the like-for-like figure."""


def median_seconds(fn: Callable[[], object], repeat: int = 7, number: int = 1) -> float:
    """Median wall time of ``number`` calls, over ``repeat`` runs, per call."""
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        for _ in range(number):
            fn()
        times.append((time.perf_counter() - t) / number)
    return statistics.median(times)


def cpu_limited(fn: Callable[[], T], seconds: float) -> tuple[T | None, float]:
    """``fn()`` run in a forked child allowed ``seconds`` of CPU time (``RLIMIT_CPU``, whole seconds, rounded up):
    its result, or None when the limit stopped it (or it raised: the traceback is written to stderr), and the CPU
    seconds the child took. A wall-clock timeout gives a program less CPU the more loaded the machine is; a CPU limit
    gives it the same work on a quiet machine and a loaded one, so comparisons hold under load.

    The child may be forked from a process with other threads (a pytest-xdist worker), so it takes no lock another
    thread may hold: it writes its traceback with ``os.write``, not through ``sys.stderr``. A child that sleeps uses
    no CPU and would never meet its limit, so the parent also gives up after ``WALL_SAFETY`` times the limit of wall
    time (plus a minute) and kills it: a safety net, never the measure."""
    read, write = os.pipe()
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    pid = os.fork()
    if pid == 0:  # the child: its CPU counters start at 0, so the limit is its own work
        _run_child(fn, seconds, read, write)
    os.close(write)
    data = _read_until(read, time.monotonic() + WALL_SAFETY * math.ceil(seconds) + WALL_GRACE, pid)
    os.waitpid(pid, 0)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return (pickle.loads(data) if data else None), cpu


WALL_SAFETY = 20
"""How many times its CPU limit a limited child may take in wall time before it is killed (a sleeping child)."""
WALL_GRACE = 60.0
"""Seconds of wall time a limited child has on top of ``WALL_SAFETY`` times its limit."""


def _run_child(fn: Callable[[], T], seconds: float, read: int, write: int) -> None:
    """In the forked child: set the CPU limit, run ``fn``, send its pickled result down ``write``, and exit."""
    os.close(read)
    status = 1
    try:
        _soft, hard = resource.getrlimit(resource.RLIMIT_CPU)
        limit = math.ceil(seconds)
        if hard != resource.RLIM_INFINITY:
            limit = min(limit, hard)
        resource.setrlimit(resource.RLIMIT_CPU, (limit, hard))
        data = pickle.dumps(fn())
        view = memoryview(data)
        while view:
            view = view[os.write(write, view):]
        status = 0
    except BaseException:
        os.write(2, traceback.format_exc().encode("utf-8", "replace"))
    finally:
        os._exit(status)


def _read_until(read: int, deadline: float, pid: int) -> bytes:
    """Everything the child sends before it closes its end, or what came before ``deadline`` (then it is killed)."""
    import select
    import signal

    chunks: list[bytes] = []
    try:
        while True:
            ready, _, _ = select.select([read], [], [], max(0.0, deadline - time.monotonic()))
            if not ready:
                os.kill(pid, signal.SIGKILL)
                return b""
            chunk = os.read(read, 1 << 16)
            if not chunk:
                return b"".join(chunks)
            chunks.append(chunk)
    finally:
        os.close(read)


def fmt(seconds: float) -> str:
    if seconds < 1e-3:
        return f"{seconds * 1e6:.1f} us"
    if seconds < 1:
        return f"{seconds * 1e3:.1f} ms"
    return f"{seconds:.2f} s"


def report(name: str, ours: float, naive: float | None = None, target: str = "", ok: bool | None = None) -> None:
    line = f"{name:<44} {fmt(ours):>10}"
    if naive is not None:
        line += f"   naive {fmt(naive):>10}   x{naive / ours:,.0f}"
    if target:
        line += f"   target {target}"
    if ok is not None:
        line += "   OK" if ok else "   MISSED"
    print(line, flush=True)


def run_kitgen(prepare: Callable[[], None]) -> None:
    """Run the ``kitgen`` command line in this process, as a person does, after ``prepare()`` (what a like-for-like
    script changes first: ``kit_as_before.py``, ``serve_as_before.py``)."""
    import sys

    prepare()
    from kitgen.cli.app import main

    sys.argv[0] = "kitgen"
    main()
