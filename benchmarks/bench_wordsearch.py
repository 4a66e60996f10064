#!/usr/bin/env python3
"""Issue 4 benchmarks: scoring a 5x5 sheet (index vs the naive substring scan), par score after 1 s and 10 s.

The naive way: from every box, in each of the 8 directions, build every 3-5 letter string, test it against
a Python set of the lexicon's words (built beforehand, not timed), then drop words whose cells lie inside
another word's cells and fold word/reverse pairs, comparing every pair. Ours: ``WordIndex.score``, one
dict lookup per slice of each of the 20 lines answering both directions, containment worked out per line.
Both are timed on the same 300 distinct sheets, each scored once, our per-line memo cleared first, run
alternately (7 rounds each, medians) so load from other processes hits both alike, and checked to agree.

Like for like (``_common.LIKE_FOR_LIKE``): since issue 30 the par search polishes its best sheet with an exact
search past its first 100,000 steps, on purpose (``exact=True``, the default). The search as it was at
``1ec0211`` is ``exact=False``: `make bench` prints the par searches both ways, `make bench-compare` runs them
``exact=False`` alone under their old names.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import LIKE_FOR_LIKE, fmt, report  # noqa: E402

DIRS = [(0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, -1), (1, -1), (-1, 1)]


def naive_score(cells: str, words: set[str]) -> int:
    found = []
    for r in range(5):
        for c in range(5):
            for dr, dc in DIRS:
                for n in range(3, 6):
                    er, ec = r + dr * (n - 1), c + dc * (n - 1)
                    if not (0 <= er < 5 and 0 <= ec < 5):
                        continue
                    path = [(r + dr * i, c + dc * i) for i in range(n)]
                    text = "".join(cells[y * 5 + x] for y, x in path)
                    if text in words:
                        found.append((text, frozenset(path)))
    counted = []
    for word, cells_used in found:
        if any(cells_used < other for _, other in found):
            continue
        if any(cells_used == other for _, other in counted):
            continue
        counted.append((word, cells_used))
    used = set().union(*(c for _, c in counted)) if counted else set()
    return len(used) + sum({4: 1, 5: 3}.get(len(w), 0) for w, _ in counted)


def sheets(idx, n: int = 300) -> list[str]:
    """Realistic finished sheets: short par searches over seeded deals, plus letter-frequency grids."""
    from kitgen.core.random import SeededRandom
    from kitgen.games.wordsearch.rules.book import deal_words
    from kitgen.games.wordsearch.rules.par import search_par

    out = []
    for seed in range(n // 3):
        out.append(search_par(deal_words(seed), idx, budget=300, seed=seed).cells)
    freq = "EEEEEEEEEEEETTTTTTTTTAAAAAAAAOOOOOOOIIIIIIINNNNNNNSSSSSSHHHHHHRRRRRRDDDDLLLLUUUCCCMMMWWFFGGYYPPBVK"
    rng = SeededRandom(1, "bench")
    while len(out) < n:
        out.append("".join(rng.choice(freq) for _ in range(25)))
    return out


def per_sheet_warm(fn, grids, repeat=5) -> float:
    for g in grids:
        fn(g)
    best = []
    for _ in range(repeat):
        t = time.perf_counter()
        for g in grids:
            fn(g)
        best.append((time.perf_counter() - t) / len(grids))
    return sorted(best)[len(best) // 2]


def main() -> None:
    from kitgen.core.lexicon import default_lexicon
    from kitgen.games.wordsearch.rules import index_for
    from kitgen.games.wordsearch.rules.book import deal_words
    from kitgen.games.wordsearch.rules.par import search_par

    lx = default_lexicon()
    idx = index_for(lx)
    words = {w for w in idx.table if idx.table[w] & 1}
    grids = sheets(idx)
    assert len(set(grids)) == len(grids)
    for g in grids:
        assert idx.score(g).total == naive_score(g, words), g

    def timed(fn) -> float:
        idx.clear_memo()
        t = time.perf_counter()
        for g in grids:
            fn(g)
        return (time.perf_counter() - t) / len(grids)

    def side_by_side(ours, repeat=7) -> tuple[float, float]:
        """Median per-sheet time of ours and of the naive scan, run alternately (the machine is shared, so a
        load spike hits both sides alike)."""
        a, b = [], []
        for _ in range(repeat):
            a.append(timed(ours))
            b.append(timed(lambda g: naive_score(g, words)))
        return sorted(a)[len(a) // 2], sorted(b)[len(b) // 2]

    quick, naive = side_by_side(idx.quick_score)
    report(f"score a sheet: total (median of {len(grids)} sheets)", quick, naive, "<=1 ms, >=10x",
           quick <= 1e-3 and naive / quick >= 10)
    full, naive = side_by_side(idx.score)
    report("score a sheet: total + every word's cells", full, naive, "<=1 ms", full <= 1e-3)
    warm = per_sheet_warm(idx.quick_score, grids)
    report("  total, lines already seen (par search)", warm, naive)

    deal = deal_words(1)
    for budget in (100_000, 1_000_000):  # the par by steps (benchmarks/bench_survey.py: deals 1-20, twice)
        for exact in (False,) if LIKE_FOR_LIKE else (True, False):
            found = search_par(deal, idx, budget=budget, seed=1, exact=exact)
            name = f"par search, deal 1, {budget:,} steps" + ("" if exact or LIKE_FOR_LIKE else ", no exact polish")
            print(f"{name:<44} score {found.score:>4}   ({found.evaluations:,} sheets scored in "
                  f"{fmt(found.seconds)})", flush=True)


if __name__ == "__main__":
    main()
