"""Issue 30 benchmarks: the Make a Wordsearch default par beside the search it replaces, in one interleaved run.

For each deal (default lexicon, the words a par proposes), alternately: the par as it was (the annealing search,
100,000 steps, with the old bound's witness: ``par_and_bound(..., FIRST_PHASE, exact=False)``) and the default
par now (``DEFAULT_BUDGET`` steps: the same first phase, then the exact polish of every two rows and columns and
more annealing). CPU time (``time.process_time``) a deal, median and p95 of each; the pars side by side.

Targets: the default par >= the old par on every deal (its first phase is the old search), and <= 5 s CPU a deal
(p95). ``python benchmarks/bench_par.py [A-B]`` (default 1-10).
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import fmt, report  # noqa: E402


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def main(argv: list[str]) -> None:
    from kitgen.core.language import ENGLISH
    from kitgen.games.base import proposals_for
    from kitgen.games.wordsearch.rules.book import deal_words
    from kitgen.games.wordsearch.rules.par import DEFAULT_BUDGET, FIRST_PHASE, par_and_bound
    from kitgen.games.wordsearch.rules.scoring import index_for

    first, last = (int(x) for x in (argv[0] if argv else "1-10").split("-"))
    index = index_for(proposals_for(None, ENGLISH.code, False))
    old_times, new_times, old_pars, new_pars = [], [], [], []
    print(f"{'deal':>6} {'old par':>8} {'cpu':>8} {'new par':>8} {'bound':>6} {'cpu':>8}", flush=True)
    for seed in range(first, last + 1):
        words = deal_words(seed)
        started = time.process_time()
        old = par_and_bound(words, index, FIRST_PHASE, seed=seed, exact=False)
        old_times.append(time.process_time() - started)
        started = time.process_time()
        new = par_and_bound(words, index, DEFAULT_BUDGET, seed=seed)
        new_times.append(time.process_time() - started)
        old_pars.append(old.par.score)
        new_pars.append(new.par.score)
        print(f"{seed:>6} {old.par.score:>8} {fmt(old_times[-1]):>8} {new.par.score:>8} {new.bound.score:>6} "
              f"{fmt(new_times[-1]):>8}", flush=True)
    print(f"{'mean par':<44} old {statistics.mean(old_pars):.2f}, new {statistics.mean(new_pars):.2f}")
    report("old par CPU a deal (median)", statistics.median(old_times))
    report("old par CPU a deal (p95)", p95(old_times))
    report("default par CPU a deal (median)", statistics.median(new_times))
    report("default par CPU a deal (p95)", p95(new_times), target="<=5 s", ok=p95(new_times) <= 5.0)
    report("default par >= old par, every deal", 0.0, target="all",
           ok=all(n >= o for n, o in zip(new_pars, old_pars, strict=True)))


if __name__ == "__main__":
    main(sys.argv[1:])
