#!/usr/bin/env python3
"""Issue 31 benchmark: seeded barred 12x12 patterns filled with the default lexicon.

Target: at least 18 of 20 seeded patterns (`kitgen pattern --style barred --size 12 --seed 1..20 --fill`)
filled, each within 10 s of CPU. Beside it, the anchor: the patterns kitgen generated before (bars added at
random until the light count is reached: no edge unches, lights up to 12 letters, nearly every square
checked both ways), for five seeds, with the same fill and budget. CPU time, the two sides interleaved.

Then the issue's "generated barred patterns certified fillable within seconds": `kitgen pattern --style barred
--size 12 --fillable --count 1 --seed N` for seeds 1..10 (``generate_fillable``: candidates drawn from the
seeded stream until one fills within the ``--fillable`` budget), CPU time a certified pattern, target every
one within 10 s (the same bar as a barred fill; before the barred generator was remade, one took 231 s and
found none).
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import fmt, report  # noqa: E402


def old_pattern(seed: int):
    """The generator as it was: an open grid, random bar orbits kept while legal, until the target count."""
    from kitgen.core.grid import BELOW, RIGHT, Grid
    from kitgen.core.random import SeededRandom
    from kitgen.games.crossword.rules.barred import _Bars, _connected, _legal, bar_orbit, target_lights

    rng = SeededRandom(seed, "pattern")
    bars = _Bars(12, 12)
    target = target_lights(12, 12, rng)
    edges = [((r, c), RIGHT) for r in range(12) for c in range(11)] + \
        [((r, c), BELOW) for r in range(11) for c in range(12)]
    rng.shuffle(edges)
    lights = 24
    for edge in edges:
        if lights >= target:
            break
        if bars.has(edge):
            continue
        group = bar_orbit(edge, "rotational", 12, 12)
        for bar in group:
            bars.set(bar, True)
        found = _legal(bars)
        if found < 0 or found > target + 2 or not _connected(bars):
            for bar in group:
                bars.set(bar, False)
            continue
        lights = found
    return Grid(["." * 12] * 12, bars.bar_list())


def timed_fill(grid, index) -> tuple[bool, float]:
    from kitgen.games.crossword.rules.fill import fill

    t = time.process_time()
    found = fill(grid, index) is not None
    return found, time.process_time() - t


CERTIFIED_SEEDS = range(1, 11)
CERTIFIED_TARGET = 10.0


def certified(index) -> None:
    """Time ``--fillable --count 1`` for barred 12x12 patterns, one seed at a time (CPU seconds)."""
    from kitgen.games.crossword.rules.fill import generate_fillable

    times = []
    found = 0
    for seed in CERTIFIED_SEEDS:
        t = time.process_time()
        found += len(generate_fillable(12, 12, "barred", "rotational", seed, 1, index)) == 1
        times.append(time.process_time() - t)
    report(f"barred 12x12 --fillable --count 1, median ({found}/{len(times)})", statistics.median(times),
           target=f"each certified within {CERTIFIED_TARGET:.0f} s",
           ok=found == len(times) and max(times) <= CERTIFIED_TARGET)
    print(f"{'  slowest certified pattern':<44} {fmt(max(times)):>10}", flush=True)


def main() -> None:
    from kitgen.core.lexicon import default_lexicon
    from kitgen.games.crossword.rules.fill import FillIndex
    from kitgen.games.crossword.rules.generate import generate

    index = FillIndex(default_lexicon().proposals().for_fills())   # the words the CLI fills from
    ours: list[tuple[bool, float]] = []
    old: list[tuple[bool, float]] = []
    for seed in range(1, 21):
        ours.append(timed_fill(generate(12, 12, "barred", "rotational", seed), index))
        if seed <= 5:
            old.append(timed_fill(old_pattern(seed), index))
    filled = sum(found for found, _ in ours)
    in_time = sum(found and cpu <= 10 for found, cpu in ours)
    times = [cpu for _, cpu in ours]
    old_times = [cpu for _, cpu in old]
    report(f"barred 12x12 fill, median CPU ({filled}/20 filled)", statistics.median(times),
           statistics.median(old_times), ">=18/20 within 10 s", in_time >= 18)
    print(f"{'  slowest pattern':<44} {fmt(max(times)):>10}", flush=True)
    print(f"{'  before: patterns with lights up to 12':<44} {sum(f for f, _ in old)}/5 filled "
          f"(budget spent in {fmt(statistics.median(old_times))} median)", flush=True)
    certified(index)


if __name__ == "__main__":
    main()
