#!/usr/bin/env python3
"""Issue 7: the full four-game kit (`kitgen kit`) in a fresh process, target <= 3 s wall.

Beside it, the naive way measured in the same run: the same command building
the four kits one after another in one process (`--jobs 1`).
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _common import fmt

KITGEN = [sys.executable, "-m", "kitgen"]


def wall(args: list[str], repeat: int = 3) -> float:
    times = []
    for _ in range(repeat):
        with tempfile.TemporaryDirectory() as out:
            t = time.perf_counter()
            subprocess.run(KITGEN + ["kit", "--out", out, "--quiet"] + args, check=True)
            times.append(time.perf_counter() - t)
    return statistics.median(times)


def main() -> int:
    subprocess.run(KITGEN + ["--help"], check=True, capture_output=True)  # warm the file cache
    ours = wall([])
    naive = wall(["--jobs", "1"])
    ok = ours <= 3.0
    print(f"{'full four-game kit (fresh process, median of 3)':<48} {fmt(ours):>10}   "
          f"naive (one after another) {fmt(naive):>8}   x{naive / ours:.1f}   target <=3 s   "
          f"{'OK' if ok else 'MISSED'}", flush=True)
    with tempfile.TemporaryDirectory() as out:
        subprocess.run(KITGEN + ["kit", "--out", out, "--quiet"], check=True)
        pages = {p.stem: len(__import__("pypdf").PdfReader(p).pages) for p in sorted(Path(out).glob("*.pdf"))}
    print("  pages: " + ", ".join(f"{k} {v}" for k, v in pages.items()), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
