"""Rules booklets justify their paragraphs (templates/kitgen.css: ``text-align: justify; hyphens: auto``), which
reads well only where WeasyPrint can hyphenate: it looks a pyphen dictionary up for the page's ``lang``. pyphen
ships none for Turkish, and the Turkish booklet's justified lines opened gaps of several spaces (issue 28): a
language without a dictionary is set left-aligned; every other one, English included, stays as it was."""

from __future__ import annotations

import pyphen
import pytest

from kitgen.core.i18n import TRANSLATED, speaking
from kitgen.io.documents import hyphenates, render_html

LEFT = "<style>p { text-align: left; }</style>"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_booklet_is_justified_only_where_its_language_hyphenates(lang: str) -> None:
    with speaking(lang):
        page = render_html("rules/game-of-words.html", title="rules")
        can = hyphenates()
    assert f'<html lang="{lang}">' in page  # what WeasyPrint looks its dictionary up by
    assert can == (pyphen.language_fallback(lang) is not None)
    assert (LEFT in page) == (not can), f"{lang}: hyphenates {can}"


def test_turkish_has_no_dictionary_so_its_booklet_is_set_left_and_english_justified() -> None:
    with speaking("tr"):
        assert not hyphenates()
        assert LEFT in render_html("rules/crossword.html", title="rules")
    assert hyphenates()  # English
    assert LEFT not in render_html("rules/crossword.html", title="rules")
