#!/usr/bin/env python3
"""`make bench`: run every benchmarks/bench_*.py in turn; each prints its figures beside the naive way.

The run exits 1 if any script fails or any figure misses its target (a line ending in MISSED).

Run one alone with ``python benchmarks/run.py lexicon`` (matches bench_lexicon.py).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main(argv: list[str]) -> int:
    scripts = sorted(HERE.glob("bench_*.py"))
    if argv:
        scripts = [s for s in scripts if any(a in s.stem for a in argv)]
    failed = []
    for script in scripts:
        print(f"\n=== {script.stem} ===", flush=True)
        proc = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, text=True)
        missed = False
        assert proc.stdout is not None
        for line in proc.stdout:  # streamed as it comes; a target MISSED fails the run like a crash
            print(line, end="", flush=True)
            missed = missed or line.rstrip().endswith("MISSED")
        if proc.wait() != 0 or missed:
            failed.append(script.stem)
    if failed:
        print(f"\nMISSED or failed: {', '.join(failed)}", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
