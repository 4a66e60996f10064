"""Every reader fed malformed input (issue 7): nothing but a clean result or one located exit-2 line.

The harness is ``tests/fuzz_readers.py``; ``make bench`` runs it for 10,000+ cases.
"""

from __future__ import annotations

import pytest
from fuzz_readers import READERS, SPECIAL_FILES, Outcome, fuzz, run_case, run_special

EXAMPLES = 100


@pytest.mark.parametrize("reader", READERS, ids=[r.name for r in READERS])
def test_fuzzed_reader_fails_only_cleanly(reader):
    outcome = Outcome()
    fuzz(reader, EXAMPLES, outcome)
    assert outcome.total >= EXAMPLES // 2


@pytest.mark.parametrize("reader", READERS, ids=[r.name for r in READERS])
def test_each_sample_itself_is_read(reader, tmp_path):
    """The harness starts from valid samples: each is accepted (exit 0 or 1, never a refusal)."""
    from fuzz_readers import WORDS

    (tmp_path / "words.lst").write_text("\n".join(WORDS) + "\n")
    outcome = Outcome()
    run_case(reader, reader.sample.read_bytes(), tmp_path, outcome)
    assert set(outcome.counts) <= {"ok", "exit 0", "exit 1"}, outcome.counts


def test_harness_catches_an_internal_error(tmp_path, monkeypatch):
    """The harness is not blind: a reader that crashes is reported."""
    import fuzz_readers

    (tmp_path / "words.lst").write_text("cat\n")
    reader = fuzz_readers.BY_NAME["wordsearch-sheet"]
    monkeypatch.setattr("kitgen.games.wordsearch.formats.sheet.parse_sheet",
                        lambda source: (_ for _ in ()).throw(ZeroDivisionError("boom")))
    with pytest.raises(AssertionError):
        run_case(reader, reader.sample.read_bytes(), tmp_path)


@pytest.mark.parametrize("special", SPECIAL_FILES)
@pytest.mark.parametrize("reader", READERS, ids=[r.name for r in READERS])
def test_a_fifo_or_a_device_is_refused_by_every_reader(reader, special, tmp_path):
    """Issue 17: a FIFO blocked forever and /dev/zero was read until MemoryError; both are refused at once."""
    from fuzz_readers import WORDS

    (tmp_path / "words.lst").write_text("\n".join(WORDS) + "\n")
    run_special(reader, special, tmp_path)


@pytest.mark.parametrize("reader", READERS, ids=[r.name for r in READERS])
def test_hostile_numbers_and_nesting_fail_cleanly(reader, tmp_path):
    """Each issue-17 piece (Unicode digits, 5,000-digit numbers, odd line breaks, deep nesting) put in place
    of the first number of each of the sample's first three lines that hold one: a clean result or one located line."""
    import re

    from fuzz_readers import HOSTILE, WORDS

    (tmp_path / "words.lst").write_text("\n".join(WORDS) + "\n")
    if reader.binary:
        pytest.skip("a binary format: the byte fuzzer covers it")
    lines = reader.sample.read_text(encoding="utf-8").split("\n")
    numbered = [i for i, line in enumerate(lines) if not line.lstrip().startswith("#") and re.search("[0-9]", line)]
    assert numbered or reader.name in ("wordsearch-book", "word-list", "crossword-solitaire-grid", "pattern-text")
    for piece in HOSTILE[HOSTILE.index("\u00b2"):]:
        for i in numbered[:3]:
            edited = lines.copy()
            edited[i] = re.sub("[0-9]+", lambda _m: piece, edited[i], count=1)  # noqa: B023 (used at once)
            run_case(reader, "\n".join(edited).encode("utf-8"), tmp_path)
        run_case(reader, (piece + "\n" + "\n".join(lines)).encode("utf-8"), tmp_path)
