"""Every reader fed malformed input (issue 7): nothing but a clean result or one located exit-2 line.

The harness is ``tests/fuzz_readers.py``; ``make bench`` runs it for 10,000+ cases.
"""

from __future__ import annotations

import pytest
from fuzz_readers import READERS, Outcome, fuzz, run_case

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
