"""Issue 18 benchmarks: surveys of deal ranges, and the Make a Wordsearch par by budget.

1. Word Solitaire deals a second over a range (``kitgen deal word-solitaire --range A-B --solve``, default
   lexicon), side by side: one process, ``--jobs 2`` (forked), ``--dask`` with a 2-worker ``LocalCluster``
   (its start-up timed apart and excluded, since a survey pays it once). The JSON lines of all three must be
   identical.
2. The par of deals 1-20 at the default budget (time, par, bound, proven), run twice: the pars must be
   identical; then at twice the budget: no par may be lower. The annealing search alone (``exact=False``, its
   first phase of 100,000 steps) must finish in <= 2 s a deal (median over the 20 deals); the default par with
   its exact polish is measured against it in bench_par.py.

Like for like (``_common.LIKE_FOR_LIKE``, set by `make bench-compare`): the pars are searched as at 1ec0211, the
annealing alone at that revision's default budget (``FIRST_PHASE``, 100,000 steps; twice that for the second
check), without issue 30's exact polish and doubled default budget (``par_budget``).
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import LIKE_FOR_LIKE, fmt, report  # noqa: E402

RANGE = range(1, 301)


def survey_rates() -> None:
    from kitgen.core.lexicon import language_lexicon
    from kitgen.games.game_of_words.formats.deck_spec import load_deck
    from kitgen.games.game_of_words.rules.solve_service import RangeWorker, deck_letters
    from kitgen.games.game_of_words.rules.word_solitaire import Solver
    from kitgen.io.workers import DaskPool, Forked, InProcess, ordered_results

    deck = load_deck(None)
    work = RangeWorker(Solver(language_lexicon("en").proposals(), deck_letters(deck)), deck)
    lines = {}
    rates = {}
    for name, make in (("one process", lambda: InProcess(work)), ("--jobs 2 (forked)", lambda: Forked(work, 2)),
                       ("--dask, LocalCluster of 2 workers", lambda: DaskPool(work, "local", 2))):
        started = time.perf_counter()
        pool = make()
        ready = time.perf_counter()
        lines[name] = [line for chunk in ordered_results(RANGE, pool) for line in chunk]
        seconds = time.perf_counter() - ready
        rates[name] = len(RANGE) / seconds
        print(f"{'word-solitaire ' + name:<44} {rates[name]:8.1f} deals/s   ({len(RANGE)} deals in "
              f"{fmt(seconds)}, start-up {fmt(ready - started)})", flush=True)
    first = next(iter(lines.values()))
    report("the same JSON lines from all three", 0.0, target="identical",
           ok=all(found == first for found in lines.values()))
    base = rates["one process"]
    print(f"{'  per worker (--jobs 2 / --dask)':<44} {rates['--jobs 2 (forked)'] / 2:8.1f} / "
          f"{rates['--dask, LocalCluster of 2 workers'] / 2:.1f} deals/s   (one process {base:.1f})", flush=True)


def par_budget(like_for_like: bool = LIKE_FOR_LIKE) -> tuple[int, bool]:
    """The par's budget and whether it polishes exactly: the default's (issue 30: 200,000 steps, exact polish), or
    like for like 1ec0211's (100,000 steps of annealing, ``FIRST_PHASE``, no exact step)."""
    from kitgen.games.wordsearch.rules.par import DEFAULT_BUDGET, FIRST_PHASE

    return (FIRST_PHASE, False) if like_for_like else (DEFAULT_BUDGET, True)


def par_runs() -> None:
    from kitgen.core.lexicon import language_lexicon
    from kitgen.games.wordsearch.rules.book import deal_words
    from kitgen.games.wordsearch.rules.par import FIRST_PHASE, par_and_bound, search_par
    from kitgen.games.wordsearch.rules.scoring import index_for

    index = index_for(language_lexicon("en").proposals())  # the words a par proposes, as the CLI's --par
    deals = range(1, 21)
    budget, exact = par_budget()
    print(f"{'deal':>6} {'par':>5} {'bound':>6} {'gap':>4} {'time':>9}   (budget {budget:,} steps)")
    first, times, search_times = [], [], []
    for seed in deals:
        found = par_and_bound(deal_words(seed), index, budget, seed=seed, exact=exact)
        first.append(found.par.score)
        times.append(found.par.seconds)
        started = time.perf_counter()
        search_par(deal_words(seed), index, FIRST_PHASE, seed=seed, exact=False)
        search_times.append(time.perf_counter() - started)
        print(f"{seed:>6} {found.par.score:>5} {found.bound.score:>6} {found.bound.score - found.par.score:>4} "
              f"{fmt(found.par.seconds):>9}" + ("   proven best" if found.proven else ""), flush=True)
    again = [par_and_bound(deal_words(seed), index, budget, seed=seed, exact=exact).par.score for seed in deals]
    report("pars of deals 1-20, run twice", statistics.median(times), target="identical", ok=again == first)
    double = [par_and_bound(deal_words(seed), index, 2 * budget, seed=seed, exact=exact).par.score for seed in deals]
    print(f"{'pars at 2x the budget':<44} {' '.join(map(str, double))}", flush=True)
    report("par at 2x budget >= par at 1x, every deal", 0.0, target="all", ok=all(
        d >= f for d, f in zip(double, first, strict=True)))
    report("annealing search, 100,000 steps (median a deal)", statistics.median(search_times), target="<=2 s",
           ok=statistics.median(search_times) <= 2.0)


def main() -> None:
    survey_rates()
    par_runs()


if __name__ == "__main__":
    main()
