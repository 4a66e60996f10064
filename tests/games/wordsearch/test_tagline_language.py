"""Make a Wordsearch's tagline in every language (docs/languages.md, "Crissing-and-a-crossing"): the seed's English
"Crissing-and-a-crossing" (criss-cross, every which way) is said as the language's own idiom of that sense on the
kit's cover, its rules, its PDFs' subject and the web's home page; English keeps the seed's words."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from kitgen.core import i18n
from kitgen.games.kit import KitPage
from kitgen.games.registry import get as find_game
from kitgen.games.wordsearch.render import SUBJECT

ROOT = Path(__file__).resolve().parents[3]
IDIOMS = {
    "de": "kreuz und quer", "nl": "kriskras", "sv": "kors och tvärs", "pl": "wzdłuż i wszerz",
    "ru": "вдоль и поперёк", "fr": "en long et en large", "es": "a lo largo y a lo ancho",
    "it": "in lungo e in largo", "pt": "de lés a lés", "el": "από άκρη σ’ άκρη", "tr": "enine boyuna",
}
"""The idiom each language says for "criss-cross, every which way" (the ruling in docs/languages.md)."""


def _seed_messages() -> list[str]:
    """Every catalogue message that says the seed's tagline (the cover, the rules' byline, the PDFs' subject)."""
    with open(ROOT / "kitgen" / "locale" / "kitgen.pot", "rb") as f:
        template = read_po(f)
    found = [m.id for m in template if isinstance(m.id, str) and "Crissing" in m.id]
    assert len(found) >= 3, found
    return found


def test_every_language_has_an_idiom() -> None:
    assert set(IDIOMS) == set(i18n.TRANSLATED) - {"en"}


@pytest.mark.parametrize("lang", sorted(IDIOMS))
def test_the_tagline_is_the_languages_idiom(lang: str) -> None:
    """No message a kit prints says the English "Crissing"; each says the language's idiom (any capital)."""
    for message in _seed_messages():
        said = i18n.translations(lang).gettext(message)
        assert "rissing" not in said and "crossing" not in said.lower(), (lang, said)
        assert IDIOMS[lang] in said.lower(), (lang, said)


@pytest.mark.parametrize("lang", ["ru", "de", "el", "fr"])
def test_the_cover_and_subject_say_it(lang: str) -> None:
    """The cover's tagline (KitPage, which the cover and the web's home page print) and the PDFs' subject."""
    with i18n.speaking(lang):
        page, subject = KitPage.of(find_game("wordsearch")), i18n.gettext(SUBJECT)
    assert page.tagline.lower().startswith(IDIOMS[lang]), page.tagline
    assert IDIOMS[lang] in subject.lower(), subject


def test_english_keeps_the_seeds_words() -> None:
    page = KitPage.of(find_game("wordsearch"))
    assert page.tagline == "Crissing-and-a-crossing: 25 words, 25 boxes. By Behrooz 'Bez' Shahriari."
    assert i18n.gettext(SUBJECT) == "Make a Wordsearch (Crissing-and-a-crossing)"
