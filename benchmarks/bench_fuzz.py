#!/usr/bin/env python3
"""Issue 7: every reader fuzzed with malformed input, 10,000+ cases in all.

Each reader gets mutated copies of a valid sample through the real command
line (tests/fuzz_readers.py); the bar is that nothing but a clean result or
one located exit-2 line ever comes out. Beside it, the naive way (random
bytes only) shows why mutating samples matters: noise almost never gets past
the first line of a reader, so it never reaches the rules behind it.

Like for like (``_common.LIKE_FOR_LIKE``, set by `make bench-compare`): since ``1ec0211`` four readers were
added (xd, jpz, a survey file, a cache entry), so each reader gets fewer of the 10,000 cases (18 x 556, was
14 x 715). The mode fuzzes the fourteen readers of ``1ec0211`` with 715 cases each, as that revision did (their
mutations and derandomized cases are unchanged; of their samples one line of word-solitaire-1.txt changed), so
the two sides' CPU times compare.
"""

from __future__ import annotations

import math
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from _common import LIKE_FOR_LIKE  # noqa: E402
from fuzz_readers import READERS, Outcome, Reader, fuzz  # noqa: E402

TOTAL = 10_000
READERS_AT_1EC0211 = ("pattern-text", "pattern-ipuz", "pattern-puz", "crossword-record", "wordsearch-sheet",
                      "wordsearch-book", "3dxword-log", "word-solitaire-solution", "crossword-solitaire-grid",
                      "crossword-hand", "deck-spec-toml", "deck-spec-csv", "piece-spec", "word-list")
"""The readers the benchmark fuzzed at ``1ec0211``, in that order: the like-for-like mode's."""


def readers(like_for_like: bool = LIKE_FOR_LIKE) -> list[Reader]:
    """The readers to fuzz: all of them, or like for like those of ``1ec0211``."""
    return [r for r in READERS if r.name in READERS_AT_1EC0211] if like_for_like else READERS


def past_reader(outcome: Outcome) -> float:
    """Share of cases the reader accepted (the rules or the lexicon then judged them)."""
    passed = outcome.counts.get("ok", 0) + outcome.counts.get("exit 0", 0) + outcome.counts.get("exit 1", 0)
    return passed / max(1, outcome.total)


def fuzz_naive(reader: Reader, examples: int, noise: Outcome) -> None:
    """The naive way: ``examples`` cases of random bytes only, through the same harness, tallied in ``noise``.

    A function of its own, so the test binds its reader as an argument rather than closing over a loop variable.
    """
    import fuzz_readers
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    folder = Path(fuzz_readers.tempfile.mkdtemp())
    (folder / "words.lst").write_text("\n".join(fuzz_readers.WORDS) + "\n")

    @settings(max_examples=examples, deadline=None, database=None, derandomize=True,
              suppress_health_check=list(HealthCheck))
    @given(st.binary(max_size=300))
    def naive(data: bytes) -> None:
        fuzz_readers.run_case(reader, data, folder, noise)

    naive()


def main() -> int:
    chosen = readers()
    per_reader = math.ceil(TOTAL / len(chosen))
    cases = failures = 0
    start = time.perf_counter()
    for reader in chosen:
        outcome = Outcome()
        t = time.perf_counter()
        try:
            fuzz(reader, per_reader, outcome)
        except AssertionError as exc:
            failures += 1
            print(f"  FAILED {reader.name}: {exc}", flush=True)
        seconds = time.perf_counter() - t
        noise = Outcome()
        fuzz_naive(reader, max(20, per_reader // 10), noise)
        cases += outcome.total
        counts = ", ".join(f"{k} {v}" for k, v in sorted(outcome.counts.items()))
        print(f"{reader.name:<26} {outcome.total:>6} cases {seconds:6.1f} s   past the reader "
              f"{past_reader(outcome):4.0%}  naive (random bytes) {past_reader(noise):4.0%}   [{counts}]", flush=True)
    total_seconds = time.perf_counter() - start
    ok = failures == 0 and cases >= TOTAL
    print(f"{'all readers':<26} {cases:>6} cases {total_seconds:6.1f} s   target >= {TOTAL:,} cases, "
          f"no crash, every refusal one located line   {'OK' if ok else 'MISSED'}", flush=True)
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
