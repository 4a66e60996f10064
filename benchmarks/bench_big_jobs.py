#!/usr/bin/env python3
"""Issue 17 benchmarks: big jobs in bounded memory, each beside the naive way in the same run.

* ``kitgen pattern --count 1000 --size 63``: wall time (target <= 20 s) and peak memory (target <= 300 MB),
  and the peak at ``--count 1000`` over the peak at ``--count 100`` (memory flat: target <= 1.3x); the
  naive way makes every pattern first, then draws them all on one reportlab canvas;
* a 3DXWORD piece set of 2,000 of each letter (52,000 nets, 6,500 pages): peak memory beside 200 of each
  (flat: target <= 1.3x), beside drawing them all on one canvas.

Each run is a child process; its peak is the largest resident set of it and its workers.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import fmt, report  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
MEASURE = """
import resource, subprocess, sys, time
t = time.perf_counter()
subprocess.run(sys.argv[1:], check=True, stdout=subprocess.DEVNULL)
used = resource.getrusage(resource.RUSAGE_CHILDREN)
print(time.perf_counter() - t, used.ru_maxrss * 1024, used.ru_utime + used.ru_stime)
"""
NAIVE_PATTERNS = """
import sys
from kitgen.games.crossword.rules.generate import generate_many
from kitgen.games.crossword.render import draw_patterns
from kitgen.io.pdf import Paper, canvas_bytes
grids = generate_many(63, 63, "british", "rotational", 1, int(sys.argv[1]))
open(sys.argv[2], "wb").write(canvas_bytes(lambda c: draw_patterns(c, grids, Paper.a4), Paper.a4))
"""
NAIVE_PIECES = """
import sys
from kitgen.games.xword3d.render import draw_all
from kitgen.games.xword3d.rules.pieces import load_piece_spec
from kitgen.io.pdf import Paper, canvas_bytes
pieces = load_piece_spec(sys.argv[1]).for_players(2)
open(sys.argv[2], "wb").write(canvas_bytes(lambda c: draw_all(c, pieces, Paper.a4, "cubes", 10.0), Paper.a4))
"""


def measure(*command: str) -> tuple[float, int, float]:
    """Wall seconds, peak resident bytes and CPU seconds of ``command`` (and its worker processes)."""
    done = subprocess.run([sys.executable, "-c", MEASURE, *command], check=True, capture_output=True, text=True,
                          cwd=ROOT)
    seconds, peak, cpu = done.stdout.split()
    return float(seconds), int(peak), float(cpu)


def mb(n: int) -> str:
    return f"{n / 1e6:.0f} MB"


def patterns(tmp: Path) -> None:
    kitgen = [sys.executable, "-m", "kitgen", "pattern", "--size", "63", "--small-squares", "--force", "-q"]
    t100, m100, _ = measure(*kitgen, "--count", "100", "--out", str(tmp / "p100.pdf"))
    t1000, m1000, cpu1000 = measure(*kitgen, "--count", "1000", "--out", str(tmp / "p1000.pdf"))
    n100, nm100, _ = measure(sys.executable, "-c", NAIVE_PATTERNS, "100", str(tmp / "n100.pdf"))
    n1000, nm1000, ncpu1000 = measure(sys.executable, "-c", NAIVE_PATTERNS, "1000", str(tmp / "n1000.pdf"))
    report("pattern --count 1000 --size 63: wall time", t1000, n1000, "<= 20 s", t1000 <= 20)
    print(f"{'  (--count 100: ' + fmt(t100) + ', naive ' + fmt(n100) + ')':<44}")
    # the wall time depends on what else the machine runs: the CPU time and the load say how much
    print(f"{'  CPU seconds at 1000 (all processes)':<44} {cpu1000:>9.1f}s   naive {ncpu1000:>9.1f}s"
          f"   (load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")
    print(f"{'pattern --count 1000 --size 63: peak memory':<44} {mb(m1000):>10}   naive {mb(nm1000):>10}"
          f"   target <= 300 MB   {'OK' if m1000 <= 300e6 else 'MISSED'}")
    ratio, naive_ratio = m1000 / m100, nm1000 / nm100
    print(f"{'  peak at 1000 / peak at 100':<44} {ratio:>9.2f}x   naive {naive_ratio:>9.2f}x"
          f"   target <= 1.3x   {'OK' if ratio <= 1.3 else 'MISSED'}", flush=True)


def piece_spec(tmp: Path, each: int) -> Path:
    path = tmp / f"pieces-{each}.toml"
    letters = "\n".join(f"{letter} = {each}" for letter in "ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    path.write_text(f'name = "big {each}"\n\n[counts]\n{letters}\n', encoding="utf-8")
    return path


def pieces(tmp: Path) -> None:
    kitgen = [sys.executable, "-m", "kitgen", "bricks", "--size", "10", "--force", "-q"]
    small, big = piece_spec(tmp, 200), piece_spec(tmp, 2000)
    t_small, m_small, _ = measure(*kitgen, "--spec", str(small), "--out", str(tmp / "b-small.pdf"))
    t_big, m_big, _ = measure(*kitgen, "--spec", str(big), "--out", str(tmp / "b-big.pdf"))
    n_small, nm_small, _ = measure(sys.executable, "-c", NAIVE_PIECES, str(small), str(tmp / "nb-small.pdf"))
    n_big, nm_big, _ = measure(sys.executable, "-c", NAIVE_PIECES, str(big), str(tmp / "nb-big.pdf"))
    report("bricks, 2,000 of each letter: wall time", t_big, n_big)
    print(f"{'bricks, 2,000 of each letter: peak memory':<44} {mb(m_big):>10}   naive {mb(nm_big):>10}")
    ratio, naive_ratio = m_big / m_small, nm_big / nm_small
    print(f"{'  peak at 2,000 / peak at 200 of each':<44} {ratio:>9.2f}x   naive {naive_ratio:>9.2f}x"
          f"   target <= 1.3x   {'OK' if ratio <= 1.3 else 'MISSED'}", flush=True)


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="kitgen-bench-") as folder:
        started = time.perf_counter()
        patterns(Path(folder))
        pieces(Path(folder))
        print(f"(benchmarks took {fmt(time.perf_counter() - started)})")


if __name__ == "__main__":
    main()
