"""The deck's rules summary in every text language (issue 28): its first sentence, the deck's letter cards, starts
with a capital. Russian and Polish put the number after the noun ("карт с буквами: 52" to avoid a plural form for
the count) and printed the summary's first line in lower case; their foot, and the Greek one, named the booklet
in English ("буклет Game of Words"), and every language's Word Solitaire line gave the English QUIT as its
example."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from kitgen.core.i18n import TRANSLATED, gettext, speaking
from kitgen.games.game_of_words.formats.deck_spec import load_deck
from kitgen.games.game_of_words.render.deck import draw_summary
from kitgen.io.pdf import Paper, canvas_bytes

SOLITAIRE_EXAMPLE = {"en": "QUIT", "de": "QUAL", "el": "ΞΥΛΟ", "es": "JUGO", "fr": "QUAI", "it": "CANE", "nl": "KUST",
                     "pl": "ZUPA", "pt": "JOGO", "ru": "ЮБКА", "sv": "KUNG", "tr": "ELMA"}
"""Word Solitaire's word taken from a pile's top card and those below it: the rules' example in each language
(tests/games/test_rules_examples_game_of_words.py), which the summary's line names too."""


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_summary_starts_with_a_capital_and_names_the_booklet_in_its_language(lang: str) -> None:
    with speaking(lang):
        deck = load_deck(None, lang)
        pdf = canvas_bytes(lambda c: draw_summary(c, deck, Paper.a4))
        foot = gettext("Full rules: the Game of Words booklet, in the Game of Words kit.")
    text = "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    first = lines[lines.index(deck.title) + 1]  # the small print at the foot is drawn, and read, first
    assert first[0].isupper() or first[0].isdigit(), f"{lang}: {first!r}"
    assert str(len(deck.letters)) in first
    assert " ".join(foot.split()) in " ".join(text.split())
    if lang != "en":  # the foot kept the English name in ru, pl and el (the 1938 deck's own title may keep it)
        assert "Game of Words" not in foot, f"{lang}: {foot!r}"
        assert "QUIT" not in text
    assert SOLITAIRE_EXAMPLE[lang] in text  # the summary said "as QUIT" in every language
