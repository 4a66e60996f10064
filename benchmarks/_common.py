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
polish, the fuzz benchmark's four new readers), so that the two sides' CPU times are like for like. Without it
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
    its result, or None when the limit stopped it (or it raised: the traceback is printed), and the CPU seconds
    the child took. A wall-clock timeout gives a program less CPU the more loaded the machine is; a CPU limit
    gives it the same work on a quiet machine and a loaded one, so comparisons hold under load."""
    read, write = os.pipe()
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    pid = os.fork()
    if pid == 0:  # the child: its CPU counters start at 0, so the limit is its own work
        os.close(read)
        status = 1
        try:
            _soft, hard = resource.getrlimit(resource.RLIMIT_CPU)
            limit = math.ceil(seconds)
            if hard != resource.RLIM_INFINITY:
                limit = min(limit, hard)
            resource.setrlimit(resource.RLIMIT_CPU, (limit, hard))
            data = pickle.dumps(fn())
            with os.fdopen(write, "wb") as out:
                out.write(data)
            status = 0
        except BaseException:
            traceback.print_exc()
        finally:
            os._exit(status)
    os.close(write)
    with os.fdopen(read, "rb") as inp:
        data = inp.read()
    os.waitpid(pid, 0)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return (pickle.loads(data) if data else None), cpu


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
