"""The seeded "book" of Make a Wordsearch (issue 4; docs/wordsearch.md ruling 6)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from kitgen.core.errors import InputError
from kitgen.core.lexicon import Lexicon, default_lexicon
from kitgen.games.wordsearch.formats.book import BookTooShort, book_pages, book_words
from kitgen.games.wordsearch.rules.book import (
    CORE_WEIGHT,
    LENGTH_WEIGHTS,
    POOLS_DATA,
    RANK_WEIGHTS,
    SHORT_WORDS,
    book_lists,
    deal_words,
    pool_lines,
    pools,
    shipped_pools,
)

SMALL = Lexicon.from_entries([("cat", 10), ("dog", 20), ("emu", 70), ("tone", 10), ("boats", 10),
                              ("planet", 10), ("playfully", 10), ("a", 10), ("of", 10), ("the", 10),
                              ("saki", 10)])


def test_same_seed_same_words_and_different_seeds_differ() -> None:
    assert deal_words(42, SMALL) == deal_words(42, SMALL)
    assert len(deal_words(42, SMALL)) == 25
    assert deal_words(1, SMALL) != deal_words(2, SMALL)


def test_golden_vectors_pin_the_algorithm_and_the_bundled_book() -> None:
    # A deal number means the same words forever: these pin SplitMix64("wordsearch"), the documented
    # weights and (second) the bundled lexicon. A change here breaks every printed deal.
    assert deal_words(0, SMALL)[:8] == ["A", "TONE", "A", "BOATS", "THE", "PLANET", "PLAYFULLY", "BOATS"]
    assert deal_words(1)[:8] == ["PRESERVE", "BEARING", "KNOCKS", "FORTUNE", "IN", "REASONABLE", "DESCRIPTIONS",
                                 "EXISTING"]
    assert deal_words(0, SMALL, turns=6) == deal_words(0, SMALL)[:6]


def test_the_shipped_pools_are_the_bundled_lexicons() -> None:
    """A deal of the default book reads its pools from kitgen/data (issue 32, the warm kit): the file is what
    ``scripts/build_wordsearch_pools.py`` writes from the lexicon and the book lists now (run it after changing
    either), so a deal is the same word for word with the file or the lexicon."""
    from kitgen.core.resources import data_path

    built = pools(default_lexicon())
    assert data_path(POOLS_DATA).read_text(encoding="utf-8") == pool_lines(built), \
        "kitgen/data/wordsearch-pools.txt is stale: run scripts/build_wordsearch_pools.py"
    assert shipped_pools() == built and list(shipped_pools()) == list(built)
    assert [deal_words(seed) for seed in range(30)] == [deal_words(seed, default_lexicon()) for seed in range(30)]


def test_never_obscure_words() -> None:
    # EMU (rank 70) and DOG (rank 20) are past level 10; SAKI is level 10 but on the @never list.
    words = set(w for seed in range(300) for w in deal_words(seed, SMALL))
    assert {"EMU", "DOG", "SAKI"}.isdisjoint(words)
    assert {"CAT", "THE", "PLAYFULLY"} <= words
    lx = default_lexicon()
    core, never = book_lists()
    dealt = {w for seed in range(200) for w in deal_words(seed)}
    for w in dealt:
        assert w in SHORT_WORDS or (lx.rank(w) in RANK_WEIGHTS and w not in never), w
    # Words a 10-year-old does not read at the top of a page (levels 10 and 20 of SCOWL): never dealt.
    for w in ("SAKI", "DEITY", "LIABILITY", "INCUR", "INITIALIZE", "INDEFENSIBLE", "COMPILER", "SYNTAX",
              "FISCAL", "CUMS", "HEREBY", "WHEREAS"):
        assert lx.rank(w) in (10, 20), w
        assert w not in dealt, w


def test_book_lists_name_only_level_10_words() -> None:
    lx = default_lexicon()
    core, never = book_lists()
    assert len(core) > 70 and len(never) > 300 and not core & never
    assert {"THE", "AND", "SAID", "WATER"} <= core and {"SAKI", "COMPILER", "HEREBY"} <= never
    for w in core | never:  # a typo would silently do nothing
        assert lx.rank(w) == 10, w


def test_length_mix_follows_running_text() -> None:
    lx = default_lexicon()
    counts = Counter(len(w) for seed in range(300) for w in deal_words(seed, lx))
    total = sum(counts.values())
    weight_total = sum(LENGTH_WEIGHTS.values())
    for length in (2, 3, 4, 5, 6):
        expected = LENGTH_WEIGHTS[length] / weight_total
        assert abs(counts[length] / total - expected) < 0.02, (length, counts[length] / total, expected)
    assert max(counts) >= 11


def test_common_words_come_up_more_often() -> None:
    # THE is a @core word (it fills a book's pages): drawn CORE_WEIGHT times as often as CAT.
    lx = Lexicon.from_entries([("the", 10), ("cat", 10), ("dog", 20)])
    words = Counter(w for seed in range(400) for w in deal_words(seed, lx) if len(w) == 3)
    assert CORE_WEIGHT >= 3
    assert words["THE"] > 2.5 * words["CAT"] > 0 and words["DOG"] == 0


def test_seed_out_of_range_is_input_error() -> None:
    with pytest.raises(InputError):
        deal_words(-1, SMALL)


def test_book_takes_the_first_word_of_each_line() -> None:
    text = "The owl and the pussy-cat went to sea\n\n  In a beautiful pea-green boat,\n1. --\nDon't stop\nÉtude\n"
    assert [w for w, _, _ in book_pages(text)] == ["The", "In", "Don't", "Étude"]
    assert book_pages(text)[1][1:] == (3, 3)


def test_book_needs_25_pages(tmp_path: Path) -> None:
    short = tmp_path / "short.txt"
    short.write_text("\n".join(["word"] * 24), encoding="utf-8")
    with pytest.raises(BookTooShort, match="24 pages"):
        book_words(short)
    ok = tmp_path / "ok.txt"
    ok.write_text("\n".join(f"w{'o' * n}rd more" for n in range(30)), encoding="utf-8")
    assert len(book_words(ok)) == 25


def test_fuzzed_books_never_raise_and_pages_have_letters() -> None:
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from kitgen.core.normalize import normalize

    @settings(max_examples=200, deadline=None)
    @given(st.text(max_size=400))
    def check(text: str) -> None:
        for word, line, col in book_pages(text):
            assert normalize(word) and line >= 1 and col >= 1
            lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")  # only newlines end a line
            assert lines[line - 1][col - 1:].startswith(word)

    check()


def test_binary_book_is_input_error(tmp_path: Path) -> None:
    bad = tmp_path / "book.bin"
    bad.write_bytes(b"\x00\x01\x02")
    with pytest.raises(InputError):
        book_words(bad)
