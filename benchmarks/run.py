#!/usr/bin/env python3
"""`make bench`: run every benchmarks/bench_*.py in turn; each prints its figures beside the naive way.

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
    failed = 0
    for script in scripts:
        print(f"\n=== {script.stem} ===", flush=True)
        failed += subprocess.call([sys.executable, str(script)]) != 0
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
