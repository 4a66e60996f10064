"""The Portuguese wild card is the jóquer (docs/languages.md, "Portuguese: the jóquer"): kitgen's Portuguese is
European Portuguese (its word list, its texts), and "curinga" is Brazil's word for it; in Portugal a pack's wild card
is the joker, written jóquer (plural jóqueres) in Portuguese dictionaries. The deck, the booklet, the deal sheets,
the score pads and the web pages take it from the one catalogue, so none of them may say curinga."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from starlette.testclient import TestClient

from kitgen import api
from kitgen.core.i18n import translations
from kitgen.web.app import create_app

ROOT = Path(__file__).resolve().parents[3]
BRAZILIAN = re.compile(r"(?i)c[uo]ringa")


def test_no_portuguese_text_says_curinga() -> None:
    with open(ROOT / "kitgen" / "locale" / "pt" / "LC_MESSAGES" / "kitgen.po", "rb") as f:
        catalogue = read_po(f)
    said = [s for m in catalogue for s in ([m.string] if isinstance(m.string, str) else list(m.string or ()))]
    assert [s for s in said if BRAZILIAN.search(s)] == []


@pytest.mark.parametrize(("english", "portuguese"), [
    ("Sub Card", "Jóquer"), ("Sub Cards", "Jóqueres"), ("SUB", "JÓQ"), ("a Sub Card (wild)", "um jóquer"),
])
def test_the_wild_card_is_named_joquer(english: str, portuguese: str) -> None:
    """The card's name on its face, in lists, and the deal sheet's three-letter cell (Polish JOK, Italian JOL)."""
    assert translations("pt").gettext(english) == portuguese


def test_the_printed_deck_names_it() -> None:
    """The wild cards' faces (JÓQUER) and the rules summary printed with the deck."""
    import pypdfium2 as pdfium

    with api.speaking("pt"):
        document = pdfium.PdfDocument(api.render("game-of-words", "deck", lang="pt"))
    text = "\n".join(document[i].get_textpage().get_text_range() for i in range(len(document)))
    assert "JÓQUER" in text and "jóqueres" in text
    assert not BRAZILIAN.search(text)


@pytest.mark.parametrize("page", ["/deal/word-solitaire", "/check/solitaire"])
def test_the_web_pages_name_it(page: str) -> None:
    answer = TestClient(create_app()).get(page, params={"lang": "pt"})
    assert answer.status_code == 200
    assert "Jóquer" in answer.text and "JÓQ" in answer.text
    assert not BRAZILIAN.search(answer.text)

