"""Small timing helpers shared by the benchmark scripts (medians, side-by-side lines)."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable


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
