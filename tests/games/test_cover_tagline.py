"""A kit cover's tagline names the game's author whole (issue 28): weasyprint hyphenated it in the text language,
and the French Make a Wordsearch cover printed "De Beh-rooz « Bez » Shahriari" across two lines. The tagline is
a short centred line or two: it breaks between words only (``hyphens: manual`` in ``templates/kit/front.html``)."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from kitgen.core.i18n import TRANSLATED, gettext, speaking
from kitgen.games.kit import KitJob, kit_documents
from kitgen.io.pdf import Paper


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_cover_s_tagline_breaks_only_between_words(lang: str) -> None:
    job = KitJob.of("wordsearch", Paper.a4, 1, lang=lang, text_lang=lang)
    cover = kit_documents(job)[0]
    with speaking(lang):
        tagline = gettext(job.kit.tagline)
    words = PdfReader(io.BytesIO(cover)).pages[0].extract_text().split()
    for word in tagline.split():
        assert word in words, (lang, word)
