"""The message catalogues (kitgen.core.i18n, docs/languages.md "The language of the text"): the shipped .mo files are
the .po files compiled, every catalogue holds every string the code and templates look up, English is the strings
as written, each language writes its own typography."""

from __future__ import annotations

import gettext
import io
import re
import shutil
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


# The plural rule each language's catalogue must carry (GNU gettext's forms), as (n, form) samples: Polish and Russian
# have three forms (1 plik, 2 pliki, 5 plików; 21 файл, 22 файла, 25 файлов), French counts 0 as singular.
PLURALS = {
    "de": (2, {0: 1, 1: 0, 2: 1}), "es": (2, {0: 1, 1: 0, 2: 1}), "it": (2, {0: 1, 1: 0, 2: 1}),
    "nl": (2, {0: 1, 1: 0, 2: 1}), "pt": (2, {0: 1, 1: 0, 2: 1}), "sv": (2, {0: 1, 1: 0, 2: 1}),
    "tr": (2, {0: 1, 1: 0, 2: 1}), "el": (2, {0: 1, 1: 0, 2: 1}), "fr": (2, {0: 0, 1: 0, 2: 1, 5: 1}),
    "pl": (3, {1: 0, 2: 1, 4: 1, 5: 2, 12: 2, 21: 2, 22: 1, 25: 2, 104: 1, 112: 2}),
    "ru": (3, {1: 0, 2: 1, 5: 2, 11: 2, 12: 2, 21: 0, 22: 1, 25: 2, 101: 0, 111: 2}),
}
SHIPPED = sorted(path.parent.parent.name for path in LOCALE.glob("*/LC_MESSAGES/kitgen.po"))


def _header(path: Path) -> dict[str, str]:
    """The header fields of a .po as the file writes them (no locale passed in: nothing is filled in for it)."""
    with open(path, "rb") as f:
        cat = read_po(f)
    return {key: value for key, value in cat.mime_headers}


def test_every_translated_language_ships_a_catalogue() -> None:
    assert SHIPPED == sorted(TRANSLATED)


@pytest.mark.parametrize("code", SHIPPED)
def test_each_catalogue_has_its_header(code: str) -> None:
    """Each .po names its language and its plural rule (``make i18n-update`` once dropped the header: gettext then
    read every catalogue with English's two forms, and a Polish or Russian count took the wrong one)."""
    header = _header(LOCALE / code / "LC_MESSAGES" / "kitgen.po")
    assert header.get("Language") == code
    assert "machine translation" in header.get("Last-Translator", "") or "review" in header.get("Last-Translator", "")
    forms = header.get("Plural-Forms", "")
    match = re.fullmatch(r"nplurals=(\d+); plural=(.+?);?", forms)
    assert match, forms
    count, samples = PLURALS[code]
    assert int(match.group(1)) == count
    plural = gettext.c2py(match.group(2))
    assert {n: plural(n) for n in samples} == samples
    mo = i18n.translations(code)
    assert isinstance(mo, gettext.GNUTranslations) and mo.info().get("language") == code


def test_update_keeps_each_header(tmp_path: Path) -> None:
    """``make i18n-update`` merges new strings into each .po and leaves its header as it was (its dates too: the .mo
    compiled from it is the same bytes whatever day the update ran)."""
    make = shutil.which("make")
    if make is None:
        pytest.skip("no make on this machine")
    locale = tmp_path / "locale"
    shutil.copytree(LOCALE, locale)
    subprocess.run([make, "--no-print-directory", "-s", "i18n-update", f"LOCALE={locale}",
                    f"BIN={Path(sys.executable).parent}", "STAMP="], cwd=ROOT, check=True, capture_output=True)
    for code in SHIPPED:
        before = _header(LOCALE / code / "LC_MESSAGES" / "kitgen.po")
        after = _header(locale / code / "LC_MESSAGES" / "kitgen.po")
        before.pop("Generated-By"), after.pop("Generated-By")  # the Babel version that ran
        assert after == before, code


def _located(tmp_path: Path) -> dict[str, set[str]]:
    """Every msgid the code and templates look up, with the files that look it up."""
    pot = tmp_path / "located.pot"
    subprocess.run([sys.executable, "-m", "babel.messages.frontend", "-q", "extract", "-F", "babel.cfg",
                    "--omit-header", "--no-wrap", "-o", str(pot), "."], cwd=ROOT, check=True)
    with open(pot, "rb") as f:
        return {m.id: {path for path, _line in m.locations} for m in read_po(f) if m.id and isinstance(m.id, str)}


UNTRANSLATED_YET: tuple[str, ...] = ()
"""Where a newer language (sv pl tr ru el) may still read English: nowhere now (the rules documents and the web pages
are translated in every language: docs/languages.md, "Who translated what")."""


def test_every_label_page_verdict_and_refusal_is_translated(tmp_path: Path) -> None:
    """Every string a kit's labels and pages, a verdict, a refusal or the command line shows has a translation in
    every catalogue, the newer languages' too (a new string is translated into all of them)."""
    missing = []
    catalogues = {code: catalogue(code) for code in TRANSLATED}  # read once: a .po takes a while to parse
    for msgid, files in _located(tmp_path).items():
        if all(path.startswith(UNTRANSLATED_YET) for path in files):
            continue
        missing += [(code, msgid) for code, cat in catalogues.items() if not cat[msgid].string]
    assert not missing, missing[:10]


@pytest.mark.parametrize("code", TRANSLATED)
def test_a_translation_keeps_the_spaces_around_its_message(code: str) -> None:
    """A message that starts or ends with a space is glued to another (``P1`` + `` first``): its translation
    keeps the space (``P1 commence``, not ``P1commence``)."""
    wrong = [m.id for m in catalogue(code) if m.id and isinstance(m.id, str) and m.string
             and (m.id[:1] == " ", m.id[-1:] == " ") != (m.string[:1] == " ", m.string[-1:] == " ")]
    assert not wrong, wrong


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


_TEXT = re.compile(r"<code>.*?</code>|<[^>]+>|&\w+;|%\(\w+\)s|\{\w+(?:!r)?\}|https?://\S+|`[^`]*`", re.S)


def _prose(text: str) -> str:
    return _TEXT.sub(" ", text)


def _without_code(msgid: str | tuple[str, ...], translated: str, marks: str) -> str:
    """``translated`` less the code it keeps exactly as the English writes it (players:, ?A?A?C?,
    sqlite:///classes.db, LOG:LINE:COL, {"seed", ...}): the words of the English holding one of ``marks``, which a
    command line takes as they are, not prose."""
    english = " ".join(msgid if isinstance(msgid, tuple) else (msgid,))
    code = {core for word in english.split() if re.search(marks, core := word.strip("()[],.;'"))}
    for word in sorted(code, key=len, reverse=True):
        translated = translated.replace(word, " ")
    return translated


def test_french_puts_a_no_break_space_before_two_part_punctuation() -> None:
    """French typography: a no-break space (narrow before ; ! ?) before ; : ! ? and inside « », never an
    ordinary space or none."""
    wrong = []
    for message in catalogue("fr"):
        if not message.id or not message.string or message.string == message.id:  # kept as written (a record)
            continue
        for piece in (message.string if isinstance(message.string, tuple) else (message.string,)):
            prose = _prose(_without_code(message.id, piece, "[;:!?]"))
            if re.search(r"(^|[^\u00a0\u202f ])[;:!?]|[ ][;:!?]", prose) and not re.search(r"\d:\d", prose):
                wrong.append(piece)
    assert not wrong, wrong[:5]


@pytest.mark.parametrize("code", ["fr", "it", "nl"])
def test_an_apostrophe_is_the_typographic_one(code: str) -> None:
    """French, Italian and Dutch write an elision's (or a plural's) apostrophe as ’ (« à l’envers », « c’è »,
    „pagina’s“), as the rest of their catalogues do; a straight ' between two letters is a slip."""
    wrong = [piece for m in catalogue(code) if m.id and m.string
             for piece in (m.string if isinstance(m.string, tuple) else (m.string,))
             if re.search(r"[^\W\d_]'[^\W\d_]", piece)]
    assert not wrong, wrong[:5]


def test_a_turkish_suffix_apostrophe_is_the_typographic_one() -> None:
    """Turkish sets a suffix off a name, a number or a keyword with an apostrophe (kitgen’in, 1’den, --seed’den):
    always ’, as the rest of its catalogue writes it; it mixed kitgen'in and kitgen’in."""
    wrong = [piece for m in catalogue("tr") if m.id and m.string
             for piece in (m.string if isinstance(m.string, tuple) else (m.string,))
             if re.search(r"[\w})\]]'[^\W\d_]", piece)]
    assert not wrong, wrong[:5]


def test_french_quotes_words_in_guillemets() -> None:
    """French quotes a word or a typed form in « » with no-break spaces (« turn », « hand N »), never in straight
    'quotes'; only a shell command keeps its own (pip install 'kitgen[par]')."""
    wrong = [piece for m in catalogue("fr") if m.id and m.string
             for piece in (m.string if isinstance(m.string, tuple) else (m.string,))
             if re.search(r"(?:^|[\s(\[/])'(?!kitgen\[)[^'\n]{1,60}'", piece)]
    assert not wrong, wrong[:5]
    with i18n.speaking("fr"):
        said = i18n.gettext("expected 'turn' or 'turn LETTER' (the card that came up)")
    assert said == "«\u00a0turn\u00a0» ou «\u00a0turn LETTER\u00a0» était attendu (la carte retournée)"


def test_german_writes_german_quotation_marks() -> None:
    """German: „…“, never English “…” or straight quotes around words."""
    wrong = [m.string for m in catalogue("de") if m.id and isinstance(m.string, str)
             and re.search(r"&ldquo;|\u201c\w|\"\w", _prose(_without_code(m.id, m.string, '"')).replace("\u201e", ""))]
    assert not wrong, wrong[:5]


_FIELD = re.compile(r"\{[^{}]*\}")


@pytest.mark.parametrize("code", TRANSLATED)
def test_a_translation_keeps_its_messages_fields(code: str) -> None:
    """A message filled in with ``str.format`` (a refusal's file, line and numbers) names the same fields in every
    translation: a field missing or misspelt would raise, or say nothing of what was wrong."""
    wrong = [(m.id, m.string) for m in catalogue(code) if isinstance(m.id, str) and isinstance(m.string, str)
             and m.string and "python-brace-format" in m.flags
             and set(_FIELD.findall(m.id)) != set(_FIELD.findall(m.string))]
    assert not wrong, wrong[:5]


@pytest.mark.parametrize("code", sorted(i18n.DECIMAL_COMMA))
def test_a_decimal_comma_language_writes_no_decimal_point(code: str) -> None:
    """A language that writes 12,5 mm never shows 12.5 in its messages (a number the code fills in goes through
    ``i18n.decimal``): a version number (MIME-Version: 1.0) and a file name aside."""
    wrong = []
    for message in catalogue(code):
        if not message.id:
            continue
        for piece in (message.string if isinstance(message.string, tuple) else (message.string,)):
            if re.search(r"(?<![\w.,])\d+\.\d+(?![\w.])", _prose(piece or "")):
                wrong.append(piece)
    assert not wrong, wrong[:5]
