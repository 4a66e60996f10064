"""No abbreviation is proposed, in any language (issue 26: Polish aaa, abp, adm; Russian абс, авт; Swedish "DR" in a
Word Solitaire solution). scripts/build_lexicons.py holds back from proposals every entry without a vowel (but
the reviewed Polish w, z and Russian в, к, с), one letter written three times or more, and reviewed lists of
abbreviations (docs/languages.md, "Proposals"); a verifier still accepts them. These test the shipped lexicons."""

from __future__ import annotations

import pytest

from kitgen import api
from kitgen.core.held import held_back
from kitgen.core.language import LANGUAGES

ABBREVIATIONS = {
    "pl": ["aaa", "abp", "adm", "np", "tzw", "itd", "mln", "str", "mgr", "prof"],
    "ru": ["абс", "авт", "стр", "млн", "тыс", "см", "изд", "обл"],
    "sv": ["dr", "cd", "tv", "usb", "ca", "st", "kg", "forts"],
    "el": ["κτλ", "χλμ", "τηλ", "κλπ"],
    "de": ["usw", "Co", "etc", "Abb", "Dez", "Bde"],
    "nl": ["ov", "uv", "ic", "hbo", "feb", "okt", "febr", "sept", "lic", "gem"],
    "es": ["etc"],
    "pt": ["etc", "sra"],
    "fr": ["qu"],
}
"""Abbreviations each lexicon holds (a verifier accepts them) that kitgen must not propose."""

CORE = {
    "pl": ["dom", "kot", "woda", "matka", "pies", "w", "z", "ale", "być"],
    "ru": ["дом", "вода", "мама", "кот", "в", "с", "к", "и"],
    "sv": ["hus", "bil", "katt", "vatten", "i", "och", "dag"],
    "el": ["θάλασσα", "σπίτι", "νερό", "μητέρα", "και"],
    "tr": ["ev", "su", "kitap", "anne", "ve"],
    "de": ["Haus", "Vogel", "und", "Auge"],
    "nl": ["huis", "zon", "fiets", "en"],
    "es": ["casa", "perro", "y"],
    "pt": ["casa", "cão", "e"],
    "fr": ["maison", "chat", "et"],
    "it": ["casa", "cane", "e"],
    "en": ["cat", "house", "a"],
}
"""Everyday words, short ones among them, that stay proposed."""


@pytest.mark.parametrize(("code", "word"), [(c, w) for c, words in ABBREVIATIONS.items() for w in words])
def test_an_abbreviation_is_a_word_of_the_lexicon_but_not_proposed(code: str, word: str):
    assert api.lookup(word, lang=code) is not None, "the sample is in the lexicon: the test checks something"
    assert not api.proposed(word, lang=code)


@pytest.mark.parametrize(("code", "word"), [(c, w) for c, words in CORE.items() for w in words])
def test_core_words_stay_proposed(code: str, word: str):
    assert api.proposed(word, lang=code)


@pytest.mark.parametrize("code", [c for c in LANGUAGES if c != "en"])
def test_no_entry_without_a_vowel_is_proposed(code: str):
    """The class, not a sample: every proposed fitting form of two or more letters has a vowel (Polish, Russian and
    the rest), and no proposed form is one letter three times (aaa, mmm)."""
    from kitgen.core.lexicon import language_lexicon

    vowels = set("AEIOUYÀÁÂÄÅÈÉÊËÌÍÎÏÒÓÔÖÙÚÛÜĄĘİÆŒ" "АЕИОУЫЭЮЯ" "ΑΕΗΙΟΥΩ")
    lexicon = language_lexicon(code).proposals()
    language = LANGUAGES[code]
    held = held_back(code)
    for length in (2, 3, 4):
        for key in lexicon.words(length):
            letters = language.split(key)
            assert vowels & set(letters) or key in held, (code, key)
            assert len(set(letters)) > 1 or length < 3, (code, key)


def test_swedish_word_solitaire_solutions_propose_no_abbreviation():
    """The issue's own case: "DR" in a Swedish Word Solitaire solution. The solutions of the first deals hold no
    held-back entry."""
    held = held_back("sv")
    normalize = LANGUAGES["sv"].normalize
    words = []
    for seed in range(1, 9):
        solved = api.run(api.deal_command("word-solitaire"), seed=seed, solve=True, lang="sv").document
        words += [normalize(step["word"]) for step in solved.get("solution") or []]
    assert words, "some deal was solved: the test checks something"
    assert not [w for w in words if w in held]
