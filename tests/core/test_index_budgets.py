"""Work budgets of the anagram index and the crossword fill's index (issue 33): a ``--words`` list whose index
would take more than ``INDEX_LETTERS`` letters is refused before the index is built, at the list, naming the
budget, in the text language; the shipped lexicons are not counted (their indexes are kept on disk)."""

from __future__ import annotations

from pathlib import Path

import pytest

from kitgen.core import lexicon as lexicon_module
from kitgen.core.lexicon import INDEX_LETTERS, Lexicon, check_index_budget, language_lexicon

WORDS = ("stone", "notes", "tones", "onset", "quiet", "quite", "train", "stain", "satin")


@pytest.fixture
def small_budget(monkeypatch: pytest.MonkeyPatch) -> int:
    monkeypatch.setattr(lexicon_module, "INDEX_LETTERS", 30)
    return 30


def test_words_anagram_refuses_a_list_past_the_budget(invoke, word_file, small_budget: int) -> None:
    words = word_file(*WORDS)
    result = invoke("words", "anagram", "TONES", "--words", words)
    assert result.exit_code == 2, result.output
    assert result.stderr.strip() == (f"kitgen: {words}: the word list is too large for the anagram index: 45 letters "
                                     "in its words (the index build's work budget is 30 letters)")
    assert "Traceback" not in result.output


def test_a_fill_refuses_a_list_past_the_budget(invoke, word_file, tmp_path: Path, small_budget: int) -> None:
    words = word_file(*WORDS)
    pattern = tmp_path / "plus.txt"
    pattern.write_text("#.#\n...\n#.#\n", encoding="utf-8")
    result = invoke("pattern", "--from", pattern, "--fill", "--words", words, "--out", tmp_path / "p.pdf")
    assert result.exit_code == 2, result.output
    assert result.stderr.strip() == (f"kitgen: {words}: the word list is too large for the crossword fill's index: "
                                     "45 letters in its words (the index build's work budget is 30 letters)")
    assert not (tmp_path / "p.pdf").exists()


def test_the_refusal_reads_in_the_text_language(invoke, word_file, small_budget: int) -> None:
    words = word_file(*WORDS)
    result = invoke("words", "anagram", "TONES", "--words", words, "--text-lang", "fr")
    assert result.exit_code == 2
    assert "index des anagrammes" in result.stderr and "45 lettres" in result.stderr and str(words) in result.stderr


def test_within_the_budget_both_indexes_are_built(invoke, word_file, tmp_path: Path) -> None:
    words = word_file("erg", "vat", "ere", "rat")
    assert invoke("words", "anagram", "TAV", "--words", words).stdout.split() == ["vat"]
    pattern = tmp_path / "plus.txt"
    pattern.write_text("#.#\n...\n#.#\n", encoding="utf-8")
    filled = invoke("pattern", "--from", pattern, "--fill", "--words", words, "--text", "--out", tmp_path)
    assert filled.exit_code == 0, filled.stderr


def test_a_list_just_past_a_million_letters_is_refused_before_its_index(invoke, tmp_path: Path) -> None:
    """The real budget: 40,001 words of 25 letters (1,000,025 letters, 1 MB: under the 2 MB a list may be)."""
    import random

    rng = random.Random(4)
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    words = {"".join(rng.choice(alphabet) for _ in range(25)) for _ in range(40_001)}
    while len(words) < 40_001:
        words.add("".join(rng.choice(alphabet) for _ in range(25)))
    path = tmp_path / "big.txt"
    path.write_text("\n".join(sorted(words)) + "\n", encoding="utf-8")
    assert 25 * len(words) > INDEX_LETTERS
    result = invoke("words", "anagram", "STONE", "--words", path)
    assert result.exit_code == 2 and "1,000,025 letters" in result.stderr and "1,000,000 letters" in result.stderr


def test_the_shipped_lexicons_are_not_counted() -> None:
    check_index_budget(language_lexicon("de"), "refused {letters} {budget}", budget=1)
    made = Lexicon.from_entries([("stone", 10), ("notes", 10)], name="made")
    with pytest.raises(lexicon_module.InputError, match="made: refused 10 1"):
        check_index_budget(made, "refused {letters} {budget}", budget=1)
