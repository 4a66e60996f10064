#!/usr/bin/env python3
"""Issue 2 benchmarks: pattern query vs a regex scan, cold lexicon load, `kitgen --help`, memory."""

from __future__ import annotations

import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import median_seconds, report  # noqa: E402

PATTERNS = [
    "?A?A?C?", "B??", "C?T", "Q??", "??E??S", "P?????Y", "T????????N", "?????????????T?", "S???N", "??X?",
    "A???E", "?R???S", "??I??T??", "M?????E??", "?O?E", "J??Z", "?????ING", "W???D", "??????L?T???", "E???????C??R",
    "D??G", "?U?C?", "G?A?E", "???K??", "C???????T", "??????????E???N",
]


def cold_load_seconds() -> float:
    code = ("import time; t=time.perf_counter(); from kitgen.core.lexicon import default_lexicon; "
            "default_lexicon(); print(time.perf_counter()-t)")
    runs = [float(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout)
            for _ in range(5)]
    return statistics.median(runs)


def help_seconds() -> float:
    runs = []
    for _ in range(7):
        t = time.perf_counter()
        subprocess.run([sys.executable, "-m", "kitgen", "--help"], capture_output=True, check=True)
        runs.append(time.perf_counter() - t)
    return statistics.median(runs)


def peak_memory_mb() -> float:
    code = ("import tracemalloc; tracemalloc.start(); from kitgen.core.lexicon import default_lexicon; "
            "lx=default_lexicon(); [lx.index(n) for n in range(2, 22)]; "
            "print(tracemalloc.get_traced_memory()[1] / 2**20)")
    return float(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout)


def main() -> None:
    from kitgen.core.lexicon import default_lexicon

    lx = default_lexicon()
    for n in range(2, 22):
        lx.index(n)
    words = lx.words()
    ours = [median_seconds(lambda p=p: lx.match(p), repeat=5, number=200) for p in PATTERNS]
    regexes = [re.compile(p.replace("?", ".") + r"\Z") for p in PATTERNS]
    naive = [median_seconds(lambda r=r: [w for w in words if r.match(w)], repeat=3, number=1) for r in regexes]
    for p in PATTERNS:
        assert lx.match(p) == [w for w in words if re.compile(p.replace("?", ".") + r"\Z").match(w)]
    med, med_naive = statistics.median(ours), statistics.median(naive)
    report(f"pattern query, median of {len(PATTERNS)} patterns", med, med_naive, "<=20 us, >=300x",
           med <= 20e-6 and med_naive / med >= 300)
    cold = cold_load_seconds()
    report("lexicon load (cold, fresh process)", cold, None, "<=150 ms", cold <= 0.150)
    h = help_seconds()
    report("kitgen --help (median of 7)", h, None, "<=0.3 s", h <= 0.3)
    print(f"{'peak memory, lexicon + all pattern indexes':<44} {peak_memory_mb():>7.1f} MB")
    print(f"({len(lx)} entries; index build for all lengths done once, lazily per length)")


if __name__ == "__main__":
    main()
