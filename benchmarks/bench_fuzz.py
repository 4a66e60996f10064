#!/usr/bin/env python3
"""Issue 7: every reader fuzzed with malformed input, 10,000+ cases in all.

Each reader gets mutated copies of a valid sample through the real command
line (tests/fuzz_readers.py); the bar is that nothing but a clean result or
one located exit-2 line ever comes out. Beside it, the naive way (random
bytes only) shows why mutating samples matters: noise almost never gets past
the first line of a reader, so it never reaches the rules behind it.
"""

from __future__ import annotations

import math
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from fuzz_readers import READERS, Outcome, Reader, fuzz  # noqa: E402

TOTAL = 10_000


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
    per_reader = math.ceil(TOTAL / len(READERS))
    cases = failures = 0
    start = time.perf_counter()
    for reader in READERS:
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
