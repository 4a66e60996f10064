#!/usr/bin/env python3
"""Issue 7: the full four-game kit (`kitgen kit`) in a fresh process, target <= 3 s wall, typesetting
everything (the document cache off). Issue 13: `kitgen kit` again after a first run, target <= 1 s,
with the typeset documents read from the cache (kitgen/io/cache.py).

Beside each, the naive way measured in the same run: the same command building the four kits one
after another in one process (`--jobs 1`), and the second run with the cache off. The runs after the first
use other seeds than the first: what the cache keeps (the covers, the rules, the compiled templates) does not
depend on the seed, so a new deal is as quick as the same one again.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _common import fmt

KITGEN = [sys.executable, "-m", "kitgen"]


def wall(args: list[str], cache: str, repeat: int = 3, seed: int = 1) -> float:
    times = []
    for k in range(repeat):
        with tempfile.TemporaryDirectory() as out:
            t = time.perf_counter()
            subprocess.run(KITGEN + ["kit", "--out", out, "--quiet", "--seed", str(seed + k)] + args, check=True,
                           env={**os.environ, "KITGEN_CACHE_DIR": cache})
            times.append(time.perf_counter() - t)
    return statistics.median(times)


def line(name: str, ours: float, naive_name: str, naive: float, target: float) -> None:
    ok = ours <= target
    print(f"{name:<48} {fmt(ours):>10}   {naive_name} {fmt(naive):>8}   x{naive / ours:.1f}   "
          f"target <={target:g} s   {'OK' if ok else 'MISSED'}", flush=True)


def main() -> int:
    subprocess.run(KITGEN + ["--help"], check=True, capture_output=True)  # warm the file cache
    line("full four-game kit (fresh process, median of 3)", wall([], "off"), "naive (one after another)",
         wall(["--jobs", "1"], "off"), 3.0)
    with tempfile.TemporaryDirectory() as cache:
        wall([], cache, repeat=1)  # the first run (seed 1) fills the document cache
        line("kitgen kit after the first run (new seeds, median of 5)", wall([], cache, 5, seed=2),
             "naive (cache off)", wall([], "off", 3, seed=2), 1.0)
        print(f"  the same, one kit after another (--jobs 1): {fmt(wall(['--jobs', '1'], cache, 5, seed=2))}",
              flush=True)
    with tempfile.TemporaryDirectory() as out:
        subprocess.run(KITGEN + ["kit", "--out", out, "--quiet"], check=True)
        pages = {p.stem: len(__import__("pypdf").PdfReader(p).pages) for p in sorted(Path(out).glob("*.pdf"))}
    print("  pages: " + ", ".join(f"{k} {v}" for k, v in pages.items()), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
