#!/usr/bin/env python3
"""Issue 31 benchmark: seeded 21x21 Sundays filled with the default lexicon.

Target: at least 18 of 20 seeded patterns (`kitgen pattern --style american --size 21 --seed 1..20 --fill`)
filled, each within 20 s of CPU. Beside it, the fill as it was before its inner loop was sped up (read from git,
commit ``BEFORE``), on the same patterns, the two interleaved pattern by pattern so both meet the same machine
load, with the same budget (today's: the one before grew more slowly) and the same first attempt before a restart
(``first_attempt``, which came after it; the one before restarted its next attempts from there too); the two must give
the same fill (the speed-up keeps every seeded fill as it was).
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
import types
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import fmt, report  # noqa: E402

BEFORE = "fbca152"
ROOT = Path(__file__).resolve().parents[1]


def old_fill_module() -> types.ModuleType | None:
    """The fill module of commit ``BEFORE`` (None outside a git checkout)."""
    try:
        source = subprocess.run(["git", "-C", str(ROOT), "show", f"{BEFORE}:kitgen/games/crossword/rules/fill.py"],
                                capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    module = types.ModuleType("fill_before")
    sys.modules[module.__name__] = module   # its dataclasses look their module up
    exec(compile(source, "fill_before.py", "exec"), module.__dict__)
    return module


def timed_fill(module, grid, index, budget: int) -> tuple[dict[str, str] | None, int, float]:
    t = time.process_time()
    found = module.fill(grid, index, budget)
    return (found.words if found else None), (found.nodes if found else 0), time.process_time() - t


def main() -> None:
    from kitgen.core.lexicon import default_lexicon
    from kitgen.games.crossword.rules import fill
    from kitgen.games.crossword.rules.generate import generate

    lexicon = default_lexicon().proposals().for_fills()   # the words the CLI fills from
    index = fill.FillIndex(lexicon)
    old = old_fill_module()
    old_index = old.FillIndex(lexicon) if old else None
    ours: list[tuple[bool, float]] = []
    before: list[float] = []
    same = True
    for seed in range(1, 21):
        grid = generate(21, 21, "american", "rotational", seed)
        budget = fill.default_budget(grid)   # both sides the same budget (the one before grew more slowly)
        words, nodes, cpu = timed_fill(fill, grid, index, budget)
        ours.append((words is not None, cpu))
        line = f"  seed {seed:>2}: {'filled' if words else 'not filled'} in {fmt(cpu)}"
        if old is not None:
            old.RESTART = fill.first_attempt(grid)   # the first attempt a Sunday gets since, as long as ours
            old_words, _, old_cpu = timed_fill(old, grid, old_index, budget)
            before.append(old_cpu)
            same = same and old_words == words
            line += f" (before {fmt(old_cpu)})"
        print(line + (f", {nodes} words tried" if words else ""), flush=True)
    filled = sum(found for found, _ in ours)
    in_time = sum(found and cpu <= 20 for found, cpu in ours)
    total = sum(cpu for _, cpu in ours)
    report(f"21x21 Sunday fill, total CPU ({filled}/20 filled)", total, sum(before) if before else None,
           ">=18/20 within 20 s", in_time >= 18)
    print(f"{'  median pattern':<44} {fmt(statistics.median(cpu for _, cpu in ours)):>10}", flush=True)
    if before:
        print(f"{'  same fills as before the speed-up':<44} {'yes' if same else 'no':>10}   target every seed   "
              f"{'OK' if same else 'MISSED'}", flush=True)


if __name__ == "__main__":
    main()
