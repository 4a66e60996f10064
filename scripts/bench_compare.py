#!/usr/bin/env python3
"""The bar "no ``make bench`` figure worse by more than 10%, measured before and after in one run" (issue 25).

Checks out the baseline commit (399040d unless ``--base``) in a git worktree, then runs each benchmark script that
both trees have, the baseline's and this tree's in turn (``--rounds`` times, interleaved: old, new, old, new...),
so both meet the same machine load, and compares the CPU time each script's process used (user + system, its
children included: the best of the rounds, the figure load disturbs least). Each tree runs with its own sources
first on the path (``PYTHONPATH``) and the same installed dependencies.

    python scripts/bench_compare.py                    # every bench_*.py both trees have
    python scripts/bench_compare.py survey lexicon     # the scripts whose names hold these words
    python scripts/bench_compare.py --rounds 3 --base 399040d

A line a script: the baseline's and this tree's CPU seconds and the change; ``WORSE`` past 10% (exit 1).
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BAR = 0.10


def cpu_seconds(tree: Path, script: str, timeout: float) -> float | None:
    """The CPU time of one run of ``tree``'s benchmark ``script`` (its children's too), None if it failed."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    env = {**os.environ, "PYTHONPATH": str(tree), "KITGEN_CACHE_DIR": "off"}
    try:
        done = subprocess.run([sys.executable, str(tree / "benchmarks" / script)], cwd=tree, env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=timeout, check=False)
    except subprocess.TimeoutExpired:
        return None
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        return None
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("words", nargs="*", help="only the scripts whose names hold one of these")
    parser.add_argument("--base", default="399040d", help="the baseline commit (default 399040d)")
    parser.add_argument("--rounds", type=int, default=2, help="runs of each tree, interleaved (default 2)")
    parser.add_argument("--timeout", type=float, default=900.0, help="seconds a run may take (default 900)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="kitgen-bench-base-") as scratch:
        base = Path(scratch) / "base"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(base), args.base], check=True)
        try:
            return compare(base, args)
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(base)], check=False)


def compare(base: Path, args: argparse.Namespace) -> int:
    both = sorted({p.name for p in (ROOT / "benchmarks").glob("bench_*.py")}
                  & {p.name for p in (base / "benchmarks").glob("bench_*.py")})
    chosen = [s for s in both if not args.words or any(w in s for w in args.words)]
    worse = []
    print(f"{'benchmark':<24} {args.base:>10} {'HEAD':>10}  change (CPU s, best of {args.rounds})", flush=True)
    for script in chosen:
        old: list[float] = []
        new: list[float] = []
        for _ in range(args.rounds):
            for tree, into in ((base, old), (ROOT, new)):
                took = cpu_seconds(tree, script, args.timeout)
                if took is not None:
                    into.append(took)
        if not old or not new:
            print(f"{script:<24} {'failed' if not old else f'{min(old):.2f}':>10} "
                  f"{'failed' if not new else f'{min(new):.2f}':>10}", flush=True)
            continue
        change = min(new) / min(old) - 1
        mark = "  WORSE" if change > BAR else ""
        print(f"{script:<24} {min(old):>10.2f} {min(new):>10.2f}  {change:+.1%}{mark}", flush=True)
        if mark:
            worse.append(script)
    return 1 if worse else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
