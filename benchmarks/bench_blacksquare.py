#!/usr/bin/env python3
"""Issue 31 benchmark: kitgen's autofill beside blacksquare's (Rust) on the same patterns and word list.

The 20 seeded American 15x15 dailies (`kitgen pattern --style american --seed 1..20`; ``--size 21`` for the
Sundays) are filled by kitgen (default budget) and by blacksquare (``pip install -e '.[bench]'``) from one word
list: kitgen's default proposals lexicon (A-Z entries), each word scored ``90 - rank`` for blacksquare (its
scores are commonness, kitgen's ranks 10 commonest .. 80 rarest). For each side: patterns filled, the mean rank
of the words filled, the share of rare words (rarer than ``SEEN_RANK``: never seen in running text) and the CPU
time on the patterns both filled. The issue's bar: kitgen's mean rank and rare share at least as good as
blacksquare's, its time within 2x. blacksquare gets ``TIMEOUT`` s of CPU time a pattern (a forked child under
``RLIMIT_CPU``, ``_common.cpu_limited``; its own timeout is wall-clock, which on a loaded machine gave it less
CPU than that), so its figures hold under load as kitgen's do. Without blacksquare installed, says so and stops.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import cpu_limited, fmt  # noqa: E402

TIMEOUT = 20.0
PATTERNS = 20


def kitgen_fill(grid, index) -> tuple[list[str] | None, float]:
    from kitgen.games.crossword.rules.fill import fill

    t = time.process_time()
    found = fill(grid, index)
    return (list(found.words.values()) if found else None), time.process_time() - t


def blacksquare_fill(bs, grid, word_list) -> tuple[list[str] | None, float, float]:
    """Its words (None: not filled within ``TIMEOUT`` s of CPU), CPU and wall seconds."""
    rows = [["#" if ch == "#" else " " for ch in row] for row in grid.text_rows]

    def words() -> list[str] | None:
        found = bs.Crossword(grid=rows, word_list=word_list).fill(timeout=None, show_progress=False)
        return [word.value for word in found.iterwords()] if found is not None else None

    wall = time.perf_counter()
    filled, cpu = cpu_limited(words, TIMEOUT)
    return filled, cpu, time.perf_counter() - wall


def summary(name: str, fills: list[tuple[list[str] | None, float]], rank) -> tuple[float, float]:
    """Print one side's line; (mean rank, rare share) over its fills (nan when it filled none)."""
    from kitgen.core.lexicon import SEEN_RANK

    words = [w for found, _ in fills if found for w in found]
    ranks = [rank(w) for w in words]
    mean = statistics.mean(ranks) if ranks else float("nan")
    rare = sum(r > SEEN_RANK for r in ranks) / len(ranks) if ranks else float("nan")
    filled = sum(found is not None for found, _ in fills)
    print(f"  {name:<12} {filled:>2}/{len(fills)} filled   mean rank {mean:5.1f}   rare words {rare:6.1%}", flush=True)
    return mean, rare


def verdict(label: str, ok: bool | None, text: str) -> None:
    tail = "" if ok is None else ("   OK" if ok else "   MISSED")
    print(f"{label:<44} {text}{tail}", flush=True)


def main(argv: list[str]) -> None:
    try:
        import blacksquare as bs
    except ImportError:
        print("blacksquare is not installed (pip install -e '.[bench]'): nothing compared", flush=True)
        return
    from kitgen.core.lexicon import default_lexicon
    from kitgen.games.crossword.rules.fill import FillIndex
    from kitgen.games.crossword.rules.generate import generate

    size = int(argv[argv.index("--size") + 1]) if "--size" in argv else 15
    lexicon = default_lexicon().proposals().for_fills()   # the words the CLI fills from
    index = FillIndex(lexicon)
    entries = {w: r for w, r in lexicon.items() if w.isascii() and w.isalpha()}
    word_list = bs.WordList({w: 90 - r for w, r in entries.items()})
    ours, theirs = [], []
    for seed in range(1, PATTERNS + 1):   # the two interleaved, pattern by pattern (the same machine load)
        grid = generate(size, size, "american", "rotational", seed)
        ours.append(kitgen_fill(grid, index))
        words, cpu, wall = blacksquare_fill(bs, grid, word_list)
        theirs.append((words, cpu))
        print(f"  seed {seed:>2}: kitgen {'filled' if ours[-1][0] else 'none'} {fmt(ours[-1][1])}, blacksquare "
              f"{'filled' if words else 'none'} {fmt(cpu)} ({fmt(wall)} wall)", flush=True)
    print(f"american {size}x{size}, {PATTERNS} seeded patterns, kitgen's default word list ({len(entries)} words)")
    rank = entries.__getitem__
    our_mean, our_rare = summary("kitgen", ours, rank)
    their_mean, their_rare = summary("blacksquare", theirs, rank)
    both = [(o[1], t[1]) for o, t in zip(ours, theirs, strict=True) if o[0] and t[0]]
    if not any(found for found, _ in theirs):
        verdict("  quality and time beside blacksquare", None, "n/a: blacksquare filled none of them")
        return
    verdict("  mean rank at least as common", our_mean <= their_mean, f"{our_mean:.1f} against {their_mean:.1f}")
    verdict("  rare-word share at most blacksquare's", our_rare <= their_rare,
            f"{our_rare:.1%} against {their_rare:.1%}")
    if both:
        ours_cpu, theirs_cpu = sum(o for o, _ in both), sum(t for _, t in both)
        verdict(f"  CPU on the {len(both)} both filled, within 2x", ours_cpu <= 2 * theirs_cpu,
                f"{fmt(ours_cpu)} against {fmt(theirs_cpu)}")


if __name__ == "__main__":
    main(sys.argv[1:])
