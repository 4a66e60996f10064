#!/usr/bin/env python3
"""Issue 7: the full four-game kit (`kitgen kit`) in a fresh process, target <= 3 s wall, as a person's first kit
runs: a fresh user cache, the documents read from the shipped store that `make install` typesets. Issue 7 measured it
typesetting everything (the document cache off); issue 32's two-column rules made that some 2.5 times the work, on
purpose, and its shipped store took the typesetting out of a person's first kit, so that run (cache and store off) is
now the naive figure beside it, with the four kits one after another in one process (`--jobs 1`). Issue 13:
`kitgen kit` again after a first run, target <= 1 s, with the typeset documents read from the cache
(kitgen/io/cache.py), beside the second run with the cache off. Wall-time lines print OK or MISSED but do not fail
the run (the machine is shared: CONTRIBUTING.md, "Benchmarks"); the CPU lines below do. The runs after the first
use other seeds than the first: what the cache keeps (the covers, the rules, the compiled templates) does not
depend on the seed, so a new deal is as quick as the same one again.

Issue 32's bar, in CPU time (the process and its workers; the machine is shared): the first kit on a fresh user
cache, its documents read from the shipped store that `make install` typesets (kitgen/io/cache.py), <= 1.5 s, beside
the same run with no store (everything typeset); a warm kit (the user's cache filled) <= 0.7 s. The two sides are
interleaved, run by run. The script exits 1 when a figure misses its bar (and `make bench` with it).

Every run has Python's bytecode (``PYTHONDONTWRITEBYTECODE`` is dropped for them): an installed kitgen has its
modules compiled, and a shell that forbids writing them made every run compile kitgen's source again (~0.1 s).

Like for like (``_common.LIKE_FOR_LIKE``, set by `make bench-compare`): every run is ``kitgen`` through
``kit_as_before.py``, its rules documents in one column as at 1ec0211 (issue 32's columns cost some 2.5 times the
CPU of a kit, on purpose: that file says why), and issue 32's first-kit figures, which need the shipped store, are
left out (1ec0211 had neither).
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _common import LIKE_FOR_LIKE, fmt


def kitgen_command(like_for_like: bool = LIKE_FOR_LIKE) -> list[str]:
    """How the script runs kitgen: as a person does, or like for like with the rules in one column."""
    if like_for_like:
        return [sys.executable, str(Path(__file__).resolve().with_name("kit_as_before.py"))]
    return [sys.executable, "-m", "kitgen"]


KITGEN = kitgen_command()
BASE_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
"""The runs' environment: bytecode written and read, as an installed kitgen has it."""


def wall(args: list[str], cache: str, repeat: int = 3, seed: int = 1) -> float:
    times = []
    for k in range(repeat):
        with tempfile.TemporaryDirectory() as out:
            t = time.perf_counter()
            subprocess.run(KITGEN + ["kit", "--out", out, "--quiet", "--seed", str(seed + k)] + args, check=True,
                           env={**BASE_ENV, "KITGEN_CACHE_DIR": cache})
            times.append(time.perf_counter() - t)
    return statistics.median(times)


def cpu(args: list[str], env: dict[str, str], seed: int) -> float:
    """CPU seconds of one `kitgen kit` run and its workers."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    with tempfile.TemporaryDirectory() as out:
        subprocess.run(KITGEN + ["kit", "--out", out, "--quiet", "--seed", str(seed)] + args, check=True,
                       env={**BASE_ENV, **env})
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime


def first_and_warm_cpu(runs: int = 3) -> bool:
    """Issue 32: the first kit on a fresh cache with the shipped store, beside no store; then a warm kit. Whether
    both meet their bars."""
    from kitgen.io.cache import shipped_dir

    if shipped_dir() is None:
        print("first kit (shipped store): no store here (run `make install`); not measured", flush=True)
        return True
    first, bare, warm = [], [], []
    with tempfile.TemporaryDirectory() as warm_cache:
        for k in range(runs):
            with tempfile.TemporaryDirectory() as fresh, tempfile.TemporaryDirectory() as fresh2:
                first.append(cpu([], {"KITGEN_CACHE_DIR": fresh}, 2 + k))
                bare.append(cpu([], {"KITGEN_CACHE_DIR": fresh2, "KITGEN_SHIPPED_DOCUMENTS": "off"}, 2 + k))
            warm.append(cpu([], {"KITGEN_CACHE_DIR": warm_cache}, 2 + k))
    warm = warm[1:]  # the first run filled the cache
    first_ok = cpu_line("first kit, fresh cache, shipped store (CPU)", statistics.median(first), "no store",
                        statistics.median(bare), 1.5)
    warm_ok = cpu_line("warm kit (CPU)", statistics.median(warm), "no store, fresh cache", statistics.median(bare),
                       0.7)
    return first_ok and warm_ok


def cpu_line(name: str, ours: float, naive_name: str, naive: float, target: float) -> bool:
    ok = ours <= target
    print(f"{name:<48} {fmt(ours):>10}   {naive_name} {fmt(naive):>8}   x{naive / ours:.1f}   "
          f"target <={target:g} s CPU   {'OK' if ok else 'MISSED'}", flush=True)
    return ok


def line(name: str, ours: float, naive_name: str, naive: float, target: float) -> None:
    ok = ours <= target
    print(f"{name:<48} {fmt(ours):>10}   {naive_name} {fmt(naive):>8}   x{naive / ours:.1f}   "
          f"target <={target:g} s   {'OK' if ok else 'MISSED'}", flush=True)


def first_kit() -> None:
    """Issue 7's line: a person's first kit (fresh cache, shipped store) beside everything typeset, in the same run;
    like for like (1ec0211 had no store) both are the kit with the cache off, as issue 7 measured it."""
    from kitgen.io.cache import shipped_dir

    if LIKE_FOR_LIKE or shipped_dir() is None:
        line("full four-game kit, cache off (fresh process, median of 3)", wall([], "off"),
             "one after another (--jobs 1)", wall(["--jobs", "1"], "off"), 3.0)
        return
    runs = []
    for k in range(3):
        with tempfile.TemporaryDirectory() as fresh:
            runs.append(wall([], fresh, repeat=1, seed=1 + k))
    first = statistics.median(runs)
    line("full four-game kit, first run (fresh process and cache, median of 3)", first,
         "everything typeset", wall([], "off"), 3.0)
    print(f"  everything typeset, one kit after another (--jobs 1): {fmt(wall(['--jobs', '1'], 'off'))}", flush=True)


def main() -> int:
    subprocess.run(KITGEN + ["--help"], check=True, capture_output=True, env=BASE_ENV)  # warm the file cache
    bars_met = True if LIKE_FOR_LIKE else first_and_warm_cpu()
    first_kit()
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
    return 0 if bars_met else 1


if __name__ == "__main__":
    raise SystemExit(main())
