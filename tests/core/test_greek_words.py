"""Greek words a class can trust (issue 26). wordfreq has only a small Greek list (words of Zipf 3 and more), so
Greek's lexicon held 33,890 forms and no wider tier: a verifier refused real forms (θρόνων, σπόρου) and a fill had
nothing to fall back to. scripts/build_lexicons.py now adds the forms of common Greek words that the list lacks, each
an entry of Debian's el_GR dictionary on the stem of a lemma running text uses at rank 40 or commoner, by a paradigm
written from Greek grammar (``GREEK_PARADIGMS``) that running text uses on that stem, at rank 65: not proposed by
default, but in the tier a fill widens to. Polytonic (ancient) spellings are left out of the lexicon.
docs/languages.md, "Greek" (which also says that the added forms did not raise Greek's American 9x9 fill in the
patterns measured)."""

from __future__ import annotations

import pytest

from kitgen import api
from kitgen.core.language import language
from kitgen.core.lexicon import WIDER_RANK, language_lexicon
from kitgen.core.safe import SafeList

FORMS = ["σπόρου", "βιολιών", "θηλυκών", "μυρωδιών", "θρόνων", "κρίκων", "γρίφων", "σαυρών", "τόξων", "χορδής"]
"""Forms of common words (σπόρος, βιολί, θηλυκό, μυρωδιά, θρόνος, κρίκος, γρίφος, σαύρα, τόξο, χορδή) that the
frequency list lacks."""


@pytest.mark.parametrize("word", FORMS)
def test_forms_of_common_words_are_entries_of_the_wider_tier(word: str):
    found = api.lookup(word, lang="el")
    assert found is not None and found[1] == WIDER_RANK
    assert not api.proposed(word, lang="el")
    wider = language_lexicon("el").proposals().wider()
    assert wider is not None and wider.contains(word)


def test_the_wider_tier_holds_more_words_than_the_learner_tier():
    """The fill's fallback: 33,823 words (the learner tier itself: no wider tier) before, 40,404 now."""
    lexicon = language_lexicon("el").proposals()
    wider = lexicon.wider()
    assert wider is not None
    assert len(wider) > 1.15 * len(lexicon)


def test_no_added_form_is_blocked():
    """A form of a word of the classroom-safe list is not added (nor proposed: the block set leaves it out)."""
    lang = language("el")
    lexicon = language_lexicon("el")
    safe = SafeList.shipped(lang)
    added = [w for n in range(2, 16) for w in lexicon.words(n) if lexicon.rank(w) == WIDER_RANK]
    assert len(added) > 6_000
    assert not [w for w in added if safe.blocks(w)]


@pytest.mark.parametrize("word", ["λάθε", "ψυχό", "πάλεις", "στας", "τύπε", "απλέ"])
def test_forms_of_the_wrong_paradigm_and_vocatives_are_not_added(word: str):
    """el_GR holds them (λάθε as if λάθος were masculine, ψυχό as if ψυχή's forms were an adjective's, πάλεις as if
    πάλη were πόλη, στας as if στα, in the, were a noun); running text does not inflect the stem so, or the lemma
    is a short function word. Vocatives in -ε (τύπε, απλέ) are not generated."""
    assert api.lookup(word, lang="el") is None


def test_a_form_written_before_an_enclitic_is_not_the_shown_form():
    """el_GR writes λύνοντάς (λύνοντάς του) beside λύνοντας: the entry shows the word alone."""
    assert api.lookup("λύνοντάς", lang="el") == ("λύνοντας", WIDER_RANK)


def test_added_forms_are_not_pattern_suggestions_by_default():
    assert "σπόρου" not in api.match("ΣΠΟΡΟΥ", lang="el")
    assert "σπόρου" in api.match("ΣΠΟΡΟΥ", lang="el", max_rank=WIDER_RANK)


@pytest.mark.parametrize("word", ["γὰρ", "ἐστι", "τὰς"])
def test_polytonic_spellings_are_not_entries(word: str):
    """Ancient Greek's polytonic spelling (γὰρ, ἐστι, τὰς were rank 20 entries, shown so): a learner writes
    monotonic Greek. γαρ, written without accents, is an entry of its own."""
    found = api.lookup(word, lang="el")
    assert found is None or found[0] == "γαρ"


def test_no_entry_is_shown_in_polytonic_spelling():
    lexicon = language_lexicon("el")
    shown = [lexicon.display(w) for n in range(1, 25) for w in lexicon.words(n)]
    assert not [w for w in shown if any("\u1f00" <= ch <= "\u1fff" for ch in w)]
