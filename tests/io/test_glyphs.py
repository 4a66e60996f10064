"""No tofu (issue 28: "fonts cover every language's glyphs (checked)"): every character a kit prints in a language
exists in every font the PDFs embed: the full DejaVu faces the reportlab pages draw with (``fonts/``) and the trimmed
faces the weasyprint documents embed (``fonts/doc/``, made by ``scripts/build_doc_fonts.py``). A missing glyph would
print as an empty box, or weasyprint would quietly take it from whatever font the machine has."""

from __future__ import annotations

import gzip
import unicodedata
from functools import cache
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from fontTools.ttLib import TTFont

from kitgen.core import i18n
from kitgen.core.language import LANGUAGES, Language

ROOT = Path(__file__).resolve().parents[2]
FONTS = ROOT / "fonts"
FULL = sorted(FONTS.glob("*.ttf"))
DOC = sorted((FONTS / "doc").glob("*.ttf"))
LOCALE = ROOT / "kitgen" / "locale"
DATA = ROOT / "kitgen" / "data"

COMMON = 10
"""A character of a language's words is one at least this many words of its book use (the Polish book also holds a
few Vietnamese words, bảo, của, việt: their letters are not Polish)."""


@cache
def _cmap(path: Path) -> frozenset[str]:
    return frozenset(map(chr, TTFont(path).getBestCmap()))


def _face(path: Path) -> str:
    return str(path.relative_to(ROOT))


def _text(code: str) -> set[str]:
    """Every character the language's catalogue writes (labels, pages, rules, verdicts, web pages)."""
    with open(LOCALE / code / "LC_MESSAGES" / "kitgen.po", "rb") as f:
        catalogue = read_po(f)
    return {ch for m in catalogue if m.id and isinstance(m.string, str) for ch in m.string if ch not in "\n\t"}


def _lower(lang: Language, letter: str) -> str:
    """A capital as the language writes it in lower case (Turkish İ is i and I is ı)."""
    return {"İ": "i", "I": "ı"}.get(letter, letter.lower()) if lang.code == "tr" else letter.lower()


def _letters(lang: Language) -> set[str]:
    """The language's alphabet, both cases, and every character at least ``COMMON`` words of its book write (the
    words kitgen deals and prints: Greek's accents and breathings, Russian ё, Swedish é)."""
    letters = set(lang.letters) | {_lower(lang, ch) for ch in lang.letters}
    book = DATA / f"book-{lang.code}.txt.gz"
    if book.exists():
        counts: dict[str, int] = {}
        with gzip.open(book, "rt", encoding="utf-8") as f:
            for line in f:
                if not line.startswith("#"):
                    for ch in set(line.split("\t", 1)[0]):
                        counts[ch] = counts.get(ch, 0) + 1
        letters |= {ch for ch, n in counts.items() if n >= COMMON}
    return {ch for ch in letters if not unicodedata.category(ch).startswith("M")}


def _missing(chars: set[str], faces: list[Path]) -> dict[str, str]:
    return {_face(path): "".join(sorted(chars - _cmap(path))) for path in faces if chars - _cmap(path)}


def test_the_fonts_are_there() -> None:
    assert len(FULL) >= 8 and len(DOC) >= 7


@pytest.mark.parametrize("code", [c for c in i18n.TRANSLATED if c != i18n.ENGLISH])
def test_every_character_of_a_catalogue_is_in_every_font(code: str) -> None:
    """Letters, punctuation and spaces (French's narrow no-break space) in every face; a symbol (✂, ×, →) in the
    sans faces that draw the labels (DejaVu Serif has no scissors)."""
    text = _text(code)
    symbols = {ch for ch in text if unicodedata.category(ch).startswith("S")}
    assert not _missing(text - symbols, FULL + DOC)
    assert not _missing(symbols, [path for path in FULL + DOC if "Sans" in path.name])


@pytest.mark.parametrize("code", sorted(LANGUAGES))
def test_every_letter_a_language_writes_is_in_every_font(code: str) -> None:
    """The alphabet and its words: in the faces the cells, word lists and cards are drawn with, and in the document
    faces (a rules document or cover may show a word)."""
    letters = _letters(LANGUAGES[code])
    assert len(letters) >= 2 * len(LANGUAGES[code].letters) - 2
    assert not _missing(letters, FULL)
    assert not _missing({ch for ch in letters if ord(ch) < 0x1F00}, DOC)  # not Greek's polytonic accents


def test_the_check_sees_a_missing_glyph() -> None:
    """Chinese characters are in no kitgen font: the check names every face."""
    assert set(_missing({"漢", "字"}, FULL + DOC)) == {_face(p) for p in FULL + DOC}
