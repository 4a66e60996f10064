#!/usr/bin/env python3
"""Issue 30 benchmarks, side by side in one run, in CPU time (this process's, or a command's and all its workers'):

* Word Solitaire deals 1-1000 decided (the default lexicon's proposals, the standard deck): target <= 12 s of CPU
  (21 s before the packed split check); naive: the same deals with the split check of before (multisets as sorted
  strings, candidates decoded through ``to_bytes``, the short words counted letter by letter), on the first 100
  deals, interleaved with ours on the same deals;
* one deal's ``kitgen deal word-solitaire --seed 7 --solve`` with the index cache warm: target <= 0.5 s of CPU;
  naive: the same command with the cache turned off (the indexes built), interleaved;
* an anagram query, a 7-10 letter hand with 0, 1 or 2 wild cards (a third each): target median <= 1 ms; naive: every
  entry read (the way before the index), on the same hands, interleaved;
* ``--range 1-1000 --solve --dask --jobs 2`` on a local 2-worker cluster vs ``--jobs 2``, run jobs, dask, dask,
  jobs (so a change in the machine's load falls on both), and the same on ``--range 1-4000`` beside it: target
  Dask's CPU within 10% of ``--jobs 2``'s on the longer survey. A longer survey dilutes the import of
  ``distributed``; on a loaded machine the event loops' CPU grows with the survey's wall time (docs/surveys.md).

``python benchmarks/bench_solvers.py word-solitaire --plot FILE.svg`` also draws each of the 1,000 deals' solve
time (CPU, one process) as a histogram with its median and 95th percentile (the charts extra;
docs/game-of-words.md shows it).

Every figure is CPU time, so other people's processes on a shared machine move it less than wall time (they still
slow a process that shares a core: the interleaving is for that).
"""

from __future__ import annotations

import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import fmt, report  # noqa: E402

from kitgen.core.lexicon import Lexicon, get_lexicon  # noqa: E402
from kitgen.games.game_of_words.formats import solvers  # noqa: E402
from kitgen.games.game_of_words.formats.deck_spec import default_deck  # noqa: E402
from kitgen.games.game_of_words.rules import word_solitaire  # noqa: E402
from kitgen.games.game_of_words.rules.solve_service import RangeWorker, deck_letters  # noqa: E402

KITGEN = [sys.executable, "-m", "kitgen"]
HANDS = "EEEEEEAAAAIIIIOOOUUNNNRRRTTTSSSLLLDDDCCMMPPBGGHHFWYKVXZJQ"


def children_cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def command_cpu(args: Sequence[str], env: Mapping[str, str] | None = None) -> float:
    """CPU seconds of a kitgen command and every worker it waited for."""
    before = children_cpu()
    subprocess.run([*KITGEN, *args], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   env={**os.environ, **(env or {})})
    return children_cpu() - before


# -- the split check of before (the naive way) -----------------------------------------------------------------

class OldSplitCheck(word_solitaire.SplitCheck):
    """The split check as it was: sorted-string multisets, letter counts rebuilt per multiset, candidates decoded
    through ``to_bytes`` and a regex, each short word counted letter by letter."""

    def splits(self, cards: str) -> bool | None:
        self.left = self.steps
        self.old_known: dict[tuple[str, bool], bool] = getattr(self, "old_known", {})
        try:
            return self._old(cards, True)
        except word_solitaire._OutOfSteps:
            return None

    def _old(self, cards: str, short: bool) -> bool:
        if not cards:
            return True
        known = self.old_known.get((cards, short))
        if known is None:
            self.left -= 1
            if self.left < 0:
                raise word_solitaire._OutOfSteps()
            known = self._old_first(cards, short)
            self.old_known[(cards, short)] = known
        return known

    def _old_first(self, cards: str, short: bool) -> bool:
        import re

        index = self.index
        letters = index.letter_index
        counts = [0] * len(letters)
        for ch in cards:
            if ch not in letters:
                return False
            counts[letters[ch]] += 1
        rare = min(set(cards), key=lambda ch: (index.holding[letters[ch]], ch))
        if len(cards) >= word_solitaire.MIN_WORD:
            bits = index.within(counts) & index.has[letters[rare]]
            raw = bits.to_bytes(index.nbytes, "little")
            for m in re.finditer(rb"[^\x00]", raw):
                for b in range(8):
                    if raw[m.start()] >> b & 1 and self._old(_minus(cards, index.sigs[(m.start() << 3) + b]), short):
                        return True
        if short:
            for word in index.short_holding.get(rare, ()):
                if all(word.count(ch) <= counts[letters[ch]] for ch in set(word)) and \
                        self._old(_minus(cards, word), False):
                    return True
        return False


def _minus(cards: str, word: str) -> str:
    rest = list(cards)
    for ch in word:
        rest.remove(ch)
    return "".join(rest)


def decide_cpu(work: RangeWorker, seeds: range, each: list[float] | None = None) -> tuple[float, list[Any]]:
    """CPU seconds deciding ``seeds`` and their lines; ``each`` is given every deal's CPU seconds."""
    t = time.process_time()
    lines = []
    for seed in seeds:
        started = time.process_time()
        lines.append(work(seed))
        if each is not None:
            each.append(time.process_time() - started)
    return time.process_time() - t, lines


def bench_word_solitaire() -> bool:
    lexicon = get_lexicon(None).proposals()
    deck = default_deck()
    work = RangeWorker(solvers.word_solver(lexicon, deck_letters(deck)), deck)
    ours, naive, same = 0.0, 0.0, True
    each: list[float] = []
    for block in range(10):  # 100 deals of ours, then (first block only) the same with the old split check
        seeds = range(1 + 100 * block, 101 + 100 * block)
        cpu, lines = decide_cpu(work, seeds, each)
        ours += cpu
        if block == 0:
            fresh = word_solitaire.SplitCheck
            word_solitaire.SplitCheck = OldSplitCheck  # type: ignore[misc]
            try:
                naive, old_lines = decide_cpu(work, seeds)
            finally:
                word_solitaire.SplitCheck = fresh  # type: ignore[misc]
            same = old_lines == lines
    ok = ours <= 12.0 and same
    report("Word Solitaire deals 1-1000 (CPU)", ours, naive * 10, "<= 12 s CPU, same solutions", ok)
    print(f"{'':44} naive: the old split check on deals 1-100 (x10); solutions {'identical' if same else 'DIFFER'}")
    print(f"{'  a deal (median, p95)':<44} {fmt(statistics.median(each))}, "
          f"{fmt(sorted(each)[int(0.95 * len(each)) - 1])}", flush=True)
    if PLOT is not None:
        from kitgen.io.charts import time_chart

        # a developer's chart (docs/languages.md: the benchmarks speak English only): its title is not the catalogue's
        time_chart(each, PLOT, "Word Solitaire: CPU time to decide each of deals 1-1000 (one process)")
        print(f"{'':44} solve-time chart: {PLOT}")
    return ok


def bench_single_solve() -> bool:
    solvers.word_solitaire_indexes(get_lexicon(None).proposals(), deck_letters(default_deck()))  # warm
    args = ["deal", "word-solitaire", "--seed", "7", "--solve"]
    warm, cold = [], []
    for _ in range(3):
        warm.append(command_cpu(args))
        cold.append(command_cpu(args, {"KITGEN_CACHE_DIR": "off"}))
    ours = statistics.median(warm)
    plain = command_cpu(["deal", "word-solitaire", "--seed", "7"])
    ok = ours <= 0.5
    report("deal word-solitaire --seed 7 --solve (CPU)", ours, statistics.median(cold), "<= 0.5 s CPU, warm cache",
           ok)
    print(f"{'':44} naive: the cache off (indexes built); the deal alone, no --solve: {fmt(plain)}")
    return ok


def scan(lexicon: Lexicon, counts: Sequence[int], wild: int, shortest: int) -> list[str]:
    """Every entry read, its letters counted against the hand (``Lexicon.anagrams`` before the index)."""
    index = lexicon.language.letter_index
    limit = sum(counts) + wild
    out = []
    for w in lexicon:
        if shortest <= len(w) <= limit and \
                sum(max(0, w.count(ch) - counts[index[ch]]) for ch in set(w)) <= wild:
            out.append(w)
    return sorted(out, key=lambda w: (-len(w), w))


def median_cpu(fn: Callable[[], object], times: list[float]) -> object:
    t = time.process_time()
    found = fn()
    times.append(time.process_time() - t)
    return found


def bench_anagram() -> bool:
    from kitgen.io.index_cache import anagram_index

    lexicon = get_lexicon(None).proposals()
    anagram_index(lexicon)
    rng = random.Random(30)
    hands = [("".join(rng.sample(HANDS, rng.randint(7, 10))), i % 3) for i in range(150)]
    ours: list[float] = []
    by_wild: dict[int, list[float]] = {0: [], 1: [], 2: []}
    naive: list[float] = []
    same = True
    index = lexicon.language.letter_index
    for n, (hand, wild) in enumerate(hands):
        found = median_cpu(lambda: lexicon.anagrams(hand, wild, 3), ours)  # noqa: B023 -- called at once
        by_wild[wild].append(ours[-1])
        if n % 10 == 0:  # the scan takes a tenth of a second: on every tenth hand
            counts = [hand.count(ch) for ch in index]
            same = same and median_cpu(lambda: scan(lexicon, counts, wild, 3), naive) == found  # noqa: B023
    median = statistics.median(ours)
    ok = median <= 1e-3 and same
    report("anagram query, 7-10 letters, wild 0-2", median, statistics.median(naive), "median <= 1 ms CPU", ok)
    print(f"{'':44} medians by wild cards 0/1/2: " + ", ".join(fmt(statistics.median(by_wild[w])) for w in range(3))
          + f"; answers {'identical to the scan' if same else 'DIFFER from the scan'}")
    return ok


DASK_RANGES = ("1-1000", "1-4000")
"""The surveys Dask is measured on: the fixed cost a survey is the same on both, the work four times as much."""


def bench_dask() -> bool:
    try:
        import distributed  # noqa: F401
    except ImportError:
        print("dask vs --jobs 2: skipped (no Dask: pip install 'kitgen[dask]')")
        return True
    ok = True
    for deals in DASK_RANGES:
        cpu, same = dask_against_jobs(deals)
        ratio = cpu["dask"] / cpu["jobs"]
        judged = deals == DASK_RANGES[-1]
        met = ratio <= 1.10 and same
        report(f"--dask (local, 2 workers), deals {deals}", cpu["dask"] / 2, cpu["jobs"] / 2,
               "within 10% of --jobs 2 in CPU" if judged else "", met if judged else None)
        print(f"{'':44} naive: --jobs 2; Dask {100 * (ratio - 1):+.1f}% CPU "
              f"({cpu['dask'] / 2 - cpu['jobs'] / 2:+.2f} s a run); the same lines: {same}")
        ok = ok and same and (met or not judged)
    return ok


def dask_against_jobs(deals: str) -> tuple[dict[str, float], bool]:
    """CPU of two ``--dask`` and two ``--jobs 2`` surveys of ``deals`` (jobs, dask, dask, jobs), and whether the
    two wrote the same lines."""
    with tempfile.TemporaryDirectory() as folder:
        out = {mode: str(Path(folder) / f"{mode}.jsonl") for mode in ("jobs", "dask")}
        args = {"jobs": ["--jobs", "2"], "dask": ["--dask", "--jobs", "2"]}  # --dask alone: one worker (--jobs 1)
        cpu = {"jobs": 0.0, "dask": 0.0}
        for mode in ("jobs", "dask", "dask", "jobs"):
            Path(out[mode]).unlink(missing_ok=True)
            cpu[mode] += command_cpu(["deal", "word-solitaire", "--range", deals, "--solve", *args[mode],
                                      "--out", out[mode]])
        return cpu, Path(out["jobs"]).read_text() == Path(out["dask"]).read_text()


PLOT: Path | None = None
"""``--plot FILE.svg``: the Word Solitaire bench draws each deal's solve time there (the charts extra)."""


def main() -> int:
    global PLOT
    only = sys.argv[1:]
    if "--plot" in only:
        at = only.index("--plot")
        PLOT = Path(only[at + 1])
        del only[at:at + 2]
    benches = {"word-solitaire": bench_word_solitaire, "solve": bench_single_solve, "anagram": bench_anagram,
               "dask": bench_dask}
    results = [fn() for name, fn in benches.items() if not only or name in only]
    return 0 if all(results) else 1


if __name__ == "__main__":
    raise SystemExit(main())
