"""The message catalogues (kitgen.core.i18n, docs/languages.md "The language of the text"): the shipped .mo files are
the .po files compiled, every catalogue holds every string the code and templates look up, English is the strings
as written, each language writes its own typography."""

from __future__ import annotations

import io
import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from kitgen.core import i18n

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "kitgen" / "locale"
TRANSLATED = [code for code in i18n.TRANSLATED if code != "en"]


def catalogue(code: str):  # type: ignore[no-untyped-def,unused-ignore]
    with open(LOCALE / code / "LC_MESSAGES" / "kitgen.po", "rb") as f:
        return read_po(f, locale=code)


def _ids(cat) -> set[str]:  # type: ignore[no-untyped-def,unused-ignore]
    return {m.id if isinstance(m.id, str) else m.id[0] for m in cat if m.id}


@pytest.mark.parametrize("code", TRANSLATED)
def test_shipped_mo_is_the_po_compiled(code: str) -> None:
    """``make i18n-compile`` was run after the last edit of the .po: the .mo the wheel ships says the same."""
    compiled = io.BytesIO()
    write_mo(compiled, catalogue(code))
    assert (LOCALE / code / "LC_MESSAGES" / "kitgen.mo").read_bytes() == compiled.getvalue(), (
        f"kitgen/locale/{code}: run `make i18n-compile`")


def test_every_string_looked_up_is_in_every_catalogue(tmp_path: Path) -> None:
    """Babel extracts from the code and the templates exactly the template catalogue committed, and each
    language's catalogue holds every one of its strings (``make i18n-update``)."""
    pot = tmp_path / "kitgen.pot"
    subprocess.run([sys.executable, "-m", "babel.messages.frontend", "-q", "extract", "-F", "babel.cfg",
                    "--no-location", "--sort-output", "--omit-header", "--no-wrap", "-o", str(pot), "."],
                   cwd=ROOT, check=True)
    with open(pot, "rb") as f:
        extracted = _ids(read_po(f))
    with open(LOCALE / "kitgen.pot", "rb") as f:
        assert _ids(read_po(f)) == extracted, "run `make i18n-update`"
    assert len(extracted) > 150
    for code in TRANSLATED:
        assert extracted <= _ids(catalogue(code)), f"kitgen/locale/{code}: run `make i18n-update`"


def test_english_is_the_strings_as_written() -> None:
    with i18n.speaking("en"):
        assert i18n.gettext("How to print") == "How to print"
        assert i18n.decimal(12.5) == "12.5"
        assert i18n.quoted("word") == "\u201cword\u201d"
    assert i18n.text_language() == "en"


def test_speaking_chooses_the_catalogue_and_restores_the_language() -> None:
    with i18n.speaking("fr"):
        assert i18n.text_language() == "fr"
        assert i18n.gettext("How to print") != "How to print"
        with i18n.speaking("de"):
            assert i18n.gettext("How to print") != i18n.translations("fr").gettext("How to print")
        assert i18n.text_language() == "fr"
    assert i18n.text_language() == "en"


def test_a_language_without_a_catalogue_reads_english() -> None:
    with i18n.speaking("xx"):
        assert i18n.text_language() == "en"
    assert i18n.text_language_for(None, "xx") == "en"
    assert i18n.text_language_for(None, "fr") == "fr"
    assert i18n.text_language_for("en", "fr") == "en"
    assert i18n.text_language_for("de", None) == "de"


def test_numbers_and_quotes_follow_the_language() -> None:
    with i18n.speaking("de"):
        assert i18n.decimal(12.5) == "12,5"
        assert i18n.quoted("Wort") == "\u201eWort\u201c"
    with i18n.speaking("fr"):
        assert i18n.decimal(0.25, 2) == "0,25"
        assert i18n.quoted("mot") == "\u00ab\u00a0mot\u00a0\u00bb"


def test_a_wrapper_never_breaks_at_a_no_break_space() -> None:
    assert i18n.words_of("Score\u00a0: 40 points\u202f!\n next") == ["Score\u00a0:", "40", "points\u202f!", "next"]


_TEXT = re.compile(r"<code>.*?</code>|<[^>]+>|&\w+;|%\(\w+\)s|\{\w+\}|https?://\S+|`[^`]*`", re.S)


def _prose(text: str) -> str:
    return _TEXT.sub(" ", text)


def test_french_puts_a_no_break_space_before_two_part_punctuation() -> None:
    """French typography: a no-break space (narrow before ; ! ?) before ; : ! ? and inside « », never an
    ordinary space or none."""
    wrong = []
    for message in catalogue("fr"):
        if not message.id or not message.string or message.string == message.id:  # kept as written (a record)
            continue
        for piece in (message.string if isinstance(message.string, tuple) else (message.string,)):
            prose = _prose(piece)
            if re.search(r"(^|[^\u00a0\u202f ])[;:!?]|[ ][;:!?]", prose) and not re.search(r"\d:\d", prose):
                wrong.append(piece)
    assert not wrong, wrong[:5]


def test_german_writes_german_quotation_marks() -> None:
    """German: „…“, never English “…” or straight quotes around words."""
    wrong = [m.string for m in catalogue("de") if m.id and isinstance(m.string, str)
             and re.search(r"&ldquo;|\u201c\w|\"\w", _prose(m.string).replace("\u201e", ""))]
    assert not wrong, wrong[:5]
