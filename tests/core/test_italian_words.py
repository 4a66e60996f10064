"""Italian words that end in a consonant or are spelled with vowels alone (issue 26: Italian filled 6 of 20
seeded American 9x9 patterns). In an American grid every square of the bottom row ends a down light and every
square of the right-hand column ends an across light, and A, E, I and O end 99% of Italian words:
scripts/build_lexicons.py adds the truncated forms Italian running text writes (troncamento: amor, parlar,
signor), reviewed loanwords Italian dictionaries list (bar, hotel, tennis), each accepted by Hunspell's it_IT,
and aia and aie (docs/languages.md, "Italian"). These test the shipped Italian lexicon; the fill rate itself is
pinned by benchmarks/bench_fill_languages.py's ``FLOORS``."""

from __future__ import annotations

import pytest

from kitgen import api
from kitgen.core.lexicon import language_lexicon

ADDED = ["amor", "fior", "suor", "parlar", "trovar", "cercar", "sentir", "mar", "vin", "ciel", "capitan",
         "bar", "hotel", "tennis", "club", "golf", "album", "tram", "gol", "aia", "aie"]
"""Entries the build added, each proposed (rank 40 or commoner)."""


@pytest.mark.parametrize("word", ADDED)
def test_truncated_forms_and_loanwords_are_proposed(word: str):
    assert api.lookup(word, lang="it") is not None
    assert api.proposed(word, lang="it")


@pytest.mark.parametrize("word", ["mister", "design", "special", "real", "sir", "man"])
def test_english_words_are_not_taken_for_truncated_italian(word: str):
    """The rule keeps a consonant-final word only when Italian text uses it as often as English text or more
    (so not special, speciale's letters but English) and a reviewed list takes out the rest (mister)."""
    assert not api.proposed(word, lang="it")


def test_each_length_of_a_grid_light_has_consonant_final_words():
    """3 to 6 letters, the lengths of most lights of a 9x9: the proposed words ending in L, N or R were 29, 16, 21
    and 14 before the build added truncated forms and loanwords."""
    lexicon = language_lexicon("it").proposals()
    counts = {n: sum(1 for w in lexicon.words(n) if w[-1] in "LNR") for n in (3, 4, 5, 6)}
    assert all(counts[n] >= floor for n, floor in {3: 38, 4: 24, 5: 36, 6: 34}.items()), counts


def test_a_bottom_row_light_can_be_spelled_with_word_final_letters_alone():
    """aia and aie, spelled with A, E and I, which end most Italian words: a 3-letter light of the bottom row
    needs no consonant-final down word (no proposed word of 3 to 7 letters was so spelled before)."""
    lexicon = language_lexicon("it").proposals()
    assert {"AIA", "AIE"} <= {w for w in lexicon.words(3) if set(w) <= set("AEIO")}
