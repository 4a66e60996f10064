"""A form's lists and the error pages in the page's language (issue 28): every choice a print, check or deal page
offers is named through the catalogue (a pattern's style and symmetry, the pieces' form, a card size, the
languages), so a translated page shows no English choice; only the ISO paper names (A4) and what a translation
keeps on purpose (Poker, Mini, US Letter) stay as written. A paper is named alike on every face: a print page's list,
the home page's buttons and the PDFs say US Letter, in the page's language (the print pages said Letter). The "not
here" page speaks the page's language too."""

from __future__ import annotations

import html
import re
from functools import cache
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from starlette.testclient import TestClient
from untranslated import LANGUAGES

from kitgen.core.i18n import _, speaking
from kitgen.io.pdf import Paper
from kitgen.web.app import create_app
from kitgen.web.workers import Limits

PAGES = ("/print/wordsearch", "/print/crossword", "/print/game-of-words", "/print/3dxword", "/deal",
         "/check/crossword", "/check/wordsearch", "/check/3dxword", "/check/solitaire", "/room", "/class")
LOCALE = Path(__file__).resolve().parents[2] / "kitgen" / "locale"
PAPER = frozenset({"A3", "A4", "A5"})
"""ISO paper sizes keep their names in every language (a printer's dialog writes them so)."""


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(Limits()), raise_server_exceptions=False)


@cache
def _kept(lang: str) -> frozenset[str]:
    """The messages ``lang`` translates as they are written (a name: Poker, Mini)."""
    with open(LOCALE / lang / "LC_MESSAGES" / "kitgen.po", "rb") as f:
        return frozenset(m.id for m in read_po(f) if isinstance(m.id, str) and m.string == m.id)


def _choices(client: TestClient, path: str, lang: str) -> dict[tuple[str, str], str]:
    page = client.get(f"{path}?lang={lang}").text
    found = {}
    for select in re.finditer(r'<select[^>]*name="([^"]+)"[^>]*>(.*?)</select>', page, re.S):
        for value, text in re.findall(r'<option value="([^"]*)"[^>]*>([^<]*)</option>', select.group(2)):
            found[(select.group(1), value)] = text
    return found


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_list_offers_an_english_choice(client: TestClient, lang: str) -> None:
    left = {}
    for path in PAGES:
        english = _choices(client, path, "en")
        for key, text in _choices(client, path, lang).items():
            same = english.get(key) == text and re.search(r"[A-Za-z]{3,}", text)
            if same and key[0] not in ("lang", "text_lang") and text not in PAPER and text not in _kept(lang):
                left[f"{path} {key[0]}={key[1]}"] = text
    assert not left, left


def test_a_language_list_names_every_language_in_the_pages_language(client: TestClient) -> None:
    names = {value: text for (name, value), text in _choices(client, "/print/wordsearch", "fr").items()
             if name == "lang"}
    assert names["de"] == "allemand" and names["sv"] == "suédois" and names["el"] == "grec", names


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_not_here_page_speaks_the_pages_language(client: TestClient, lang: str) -> None:
    english = client.get("/nowhere?lang=en").text
    page = client.get(f"/nowhere?lang={lang}").text
    assert "Not here" in english and "Back to the start" in english and "no page at this address" in english
    assert "Not here" not in page and "Back to the start" not in page and "no page at this address" not in page


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_rows_and_columns_help_speaks_the_pages_language(client: TestClient, lang: str) -> None:
    assert "overriding" in client.get("/print/crossword?lang=en").text
    assert "overriding" not in client.get(f"/print/crossword?lang={lang}").text


@pytest.mark.parametrize("lang", ["en", *LANGUAGES])
def test_a_paper_is_named_alike_on_every_face(client: TestClient, lang: str) -> None:
    """Every print page's paper list names each paper as the PDFs do (``Paper.label`` in the page's language: US
    Letter, Carta (EE. UU.)), and its US Letter is the home page's class-set button: the print pages offered plain
    "Letter", "Legal" and "Tabloid" while the home page and every PDF said "US Letter"."""
    with speaking(lang):
        named = {paper.value: _(paper.label) for paper in Paper}
    home = re.findall(r'name="paper" value="letter">([^<]*)</button>', client.get(f"/?lang={lang}").text)
    assert home and {html.unescape(b) for b in home} == {named["letter"]}
    offered = 0
    for path in PAGES:
        papers = {value: html.unescape(text) for (name, value), text in _choices(client, path, lang).items()
                  if name == "paper"}
        assert all(named[value] == text for value, text in papers.items()), (path, papers)
        offered += bool(papers)
    assert offered >= 4
