"""Small timing helpers shared by the benchmark scripts (medians, side-by-side lines)."""

from __future__ import annotations

import os
import statistics
import time
from collections.abc import Callable

LIKE_FOR_LIKE = os.environ.get("KITGEN_BENCH_LIKE_FOR_LIKE") == "1"
"""Set by `make bench-compare` (compare.py) for a script that uses it: the script does the work the revision
before issue 25 did (``1ec0211``), under that revision's figure names, where kitgen has since added work on
purpose (the crossword generator's stricter American rules, the wordsearch par's exact polish), so that the two
sides' CPU times are like for like. Without it (`make bench`) the script prints its current figures and, beside
each such one, the like-for-like figure."""


def median_seconds(fn: Callable[[], object], repeat: int = 7, number: int = 1) -> float:
    """Median wall time of ``number`` calls, over ``repeat`` runs, per call."""
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        for _ in range(number):
            fn()
        times.append((time.perf_counter() - t) / number)
    return statistics.median(times)


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
