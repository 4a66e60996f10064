"""The language of the text (docs/languages.md, "The language of the text"): ``--lang`` chooses the words and the
text, ``--text-lang`` separates them; a PDF's ``/Lang`` and title follow the text."""

from __future__ import annotations

import functools
import io
import re
from pathlib import Path

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from kitgen import api
from kitgen.cli.app import app


def _lang_and_title(pdf: bytes) -> tuple[str, str]:
    reader = PdfReader(io.BytesIO(pdf))
    return str(reader.trailer["/Root"]["/Lang"]), str(reader.metadata.title)


def test_a_french_kit_speaks_french_and_says_so() -> None:
    lang, title = _lang_and_title(api.kit("wordsearch", lang="fr"))
    assert lang == "fr"
    assert title == "Fais tes mots mêlés\u00a0: un kit kitgen"


def test_text_lang_keeps_english_text_with_french_words() -> None:
    pdf = api.kit("wordsearch", lang="fr", text_lang="en")
    assert _lang_and_title(pdf) == ("en", "Make a Wordsearch: a kitgen kit")
    reader = PdfReader(io.BytesIO(pdf))
    assert "How to print" in reader.pages[1].extract_text()


@pytest.mark.parametrize(("args", "lang", "name"), [
    (["--lang", "fr"], "fr", "wordsearch-sheet-1-fr.pdf"),
    (["--lang", "fr", "--text-lang", "en"], "en", "wordsearch-sheet-1-fr-text-en.pdf"),
    (["--text-lang", "de"], "de", "wordsearch-sheet-1-text-de.pdf"),
])
def test_a_sheet_speaks_the_text_language_and_names_it(tmp_path: Path, args: list[str], lang: str,
                                                       name: str) -> None:
    """A reportlab PDF declares the text language too; a file whose text is not in its words' language says so
    in its name (two runs that print differently never share a name)."""
    result = CliRunner().invoke(app, ["sheet", "--seed", "1", *args, "--out", f"{tmp_path}/"])
    assert result.exit_code == 0, result.output
    written = tmp_path / name
    assert written.exists(), sorted(p.name for p in tmp_path.iterdir())
    assert _lang_and_title(written.read_bytes())[0] == lang


# -- no English left: every kit, every language ------------------------------------------------------------------

ROOT = Path(__file__).resolve().parents[1]
LANGUAGES = ("de", "es", "fr", "it", "nl", "pt", "sv", "pl", "tr", "ru", "el")
_PLACEHOLDER = re.compile(r"<[^>]+>|&\w+;|%\(\w+\)s|%%|\{\w+\}|`[^`]*`|--[\w-]+|kitgen \w+ [\w-]+")


def _words(text: str) -> list[str]:
    return re.findall(r"[^\W\d_]{3,}", text.lower())


def _grams(words: list[str], n: int) -> set[tuple[str, ...]]:
    return {tuple(words[i:i + n]) for i in range(len(words) - n + 1)}


@functools.cache
def _kit_text(game: str, lang: str) -> str:
    """The kit's text (pypdfium2), words broken at a line's end joined again."""
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(api.kit(game, lang=lang))
    text = "\n".join(document[i].get_textpage().get_text_range() for i in range(len(document)))
    text = re.sub(r"(?<!-)[-\u2010\u00ad]\r?\n", "", text)
    return _COMMANDS.sub(" ", text)


_COMMANDS = re.compile(r"kitgen (?:verify|deal) [\w-]+|--\s*[\w-]+|\S+\.txt")
"""What a kit prints that is no language: a command, a flag, a file name (the seed document's)."""


@functools.cache
def _catalogue(lang: str) -> tuple[list[str], str]:
    """The English msgids (their text between placeholders and markup) and everything the language's catalogue
    says (its translations, which may keep a name or a keyword of the record syntax on purpose)."""
    from babel.messages.pofile import read_po

    with open(ROOT / "kitgen" / "locale" / lang / "LC_MESSAGES" / "kitgen.po", "rb") as f:
        catalogue = read_po(f)
    ids = [_PLACEHOLDER.sub(" | ", m.id) for m in catalogue if m.id and isinstance(m.id, str)]
    said = " ".join(_PLACEHOLDER.sub(" ", m.string) for m in catalogue if m.id and isinstance(m.string, str))
    return ids, said


def _english_left(game: str, lang: str, printed: str | None = None) -> set[str]:
    """The English kit's text left in the kit in ``lang`` (or in the text ``printed``): ``_left``."""
    return _left(_kit_text(game, "en"), _kit_text(game, lang) if printed is None else printed, lang)


def _left(english_text: str, text: str, lang: str) -> set[str]:
    """The catalogue's English that the English ``english_text`` prints and ``text`` (the same thing printed in
    ``lang``) prints too, though the language's own translations never say it: a phrase of a message (two words
    running, or a one-word label), and any single English word of the catalogue's (five letters or more: "rest"
    is a Portuguese "res-to" joined across a card's letter "T" by the text extraction) -- a
    label built in the code outside the catalogue ("american 15x15, rotational symmetry, seed 1") is no
    message, but its words are the catalogue's ("American", "Rotational", "seed {seed}", "... symmetry ...")."""
    english, translated = _words(english_text), _words(text)
    ids, said = _catalogue(lang)
    allowed = _words(said)
    allowed_pairs, allowed_words = _grams(allowed, 2), set(allowed)
    printed_pairs, printed_words = _grams(english, 2), set(english)
    left_pairs, left_words = _grams(translated, 2), set(translated)
    found = set()
    for msgid in ids:
        for piece in msgid.split("|"):
            words = _words(piece)
            alone = len(words) == 1 and len(words[0]) >= 4  # a one-word label ("Score"), or any longer word
            found |= {word for word in words if (alone or len(word) >= 5) and word in printed_words
                      and word in left_words and word not in allowed_words}
            for pair in _grams(words, 2):
                if pair in printed_pairs and pair in left_pairs and pair not in allowed_pairs:
                    found.add(" ".join(pair))
    return found


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", [g.name for g in api.games()])
def test_no_english_label_or_rule_is_left_in_a_translated_kit(game: str, lang: str) -> None:
    """Issue 28's bar: a kit in another language prints none of the English kit's labels or rules (a test
    over every game and language), and says its language (``/Lang``)."""
    left = _english_left(game, lang)
    assert not left, f"{game} in {lang}: English left: {sorted(left)[:20]}"
    assert _lang_and_title(api.kit(game, lang=lang))[0] == lang


@pytest.mark.slow
def test_the_check_finds_english_where_it_is_left() -> None:
    """The check above sees English where it is printed: the English kit read as if it were the French one is
    English throughout, labels and rules."""
    left = _english_left("wordsearch", "fr", printed=_kit_text("wordsearch", "en"))
    assert {"turn log", "boxes used", "each turn", "tutorial mode", "super great"} <= left
    assert len(left) > 100


@functools.cache
def _pattern_text(lang: str, style: str, symmetry: str) -> str:
    """The text of ``kitgen pattern --style STYLE --symmetry SYMMETRY --lang LANG`` (or, for the style ``from``,
    ``--from samples/crossword/SYMMETRY``): its footers print the set's label, which no kit prints (the kit's
    patterns say only their deal)."""
    import pypdfium2 as pdfium

    given = {"from_file": ROOT / "samples" / "crossword" / symmetry} if style == "from" else \
        {"style": style, "symmetry": symmetry, "seed": 3}
    with api.speaking(lang):
        document = pdfium.PdfDocument(api.render("crossword", "patterns", lang=lang, **given))
    text = "\n".join(document[i].get_textpage().get_text_range() for i in range(len(document)))
    return re.sub(r"\S+\.(?:txt|ipuz|puz|jpz|xd)\b", " ", text)  # a file's name (its title) is no language


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("style", "symmetry"), [("british", "rotational"), ("american", "quarter"),
                                                  ("barred", "mirror"), ("american", "none"),
                                                  ("from", "grid.ipuz")])
def test_no_english_is_left_on_a_translated_pattern_sheet(style: str, symmetry: str, lang: str) -> None:
    """Issue 28's bar on ``kitgen pattern``'s pages (and the web's pattern page, which prints them): the set's label
    in its footers ("american 15x15, rotational symmetry, seed 3", "pattern from grid.ipuz" in English) is
    in the text language."""
    left = _left(_pattern_text("en", style, symmetry), _pattern_text(lang, style, symmetry), lang)
    assert not left, f"{style} {symmetry} pattern in {lang}: English left: {sorted(left)[:20]}"


def test_a_pattern_sheet_s_label_says_its_size_as_the_language_writes_it() -> None:
    """English keeps its label as it always printed it; French writes the grid's size with a multiplication sign."""
    from kitgen.games.crossword.declaration import set_label

    assert set_label("american", "rotational", 15, 13, 1) == "american 15x13, rotational symmetry, seed 1"
    with api.speaking("fr"):
        assert set_label("american", "rotational", 15, 13, 1) == \
            "grille américaine 15×13, symétrie de rotation, donne 1"


# -- the newer languages: labels, pages and rules translated -----------------------------------------------------

NEWER = ("sv", "pl", "tr", "ru", "el")
LABELS = ("How to print", "Inside this kit", "Which pages are which", "Boxes used", "Print check", "Tutorial mode",
          "Checking a sheet")


@pytest.mark.slow
@pytest.mark.parametrize("lang", NEWER)
def test_a_kit_in_a_newer_language_prints_its_labels_and_pages_in_it(lang: str) -> None:
    """Swedish, Polish, Turkish, Russian and Greek kits say their language and print their labels, cover, print
    pages and rules in it (docs/languages.md)."""
    pdf = api.kit("wordsearch", lang=lang)
    with api.speaking(lang):
        title = api.gettext("{title}: a kitgen kit").format(title=api.gettext("Make a Wordsearch"))
        labels = [api.gettext(label) for label in LABELS]
    assert _lang_and_title(pdf) == (lang, title)
    assert title != "Make a Wordsearch: a kitgen kit"
    text = " ".join(_kit_text("wordsearch", lang).split())
    for english, translated in zip(LABELS, labels, strict=True):
        assert translated != english and translated in text, (lang, english)
        assert english not in text, (lang, english)
    fonts = _base_fonts(pdf)
    assert fonts and all(name.startswith("Kitgen-") or name in _shipped_fonts() for name in fonts), fonts


def _base_fonts(pdf: bytes) -> set[str]:
    """The fonts a PDF draws with, subset prefixes gone (``ABCDEF+Kitgen-Sans`` is ``Kitgen-Sans``)."""
    found = set()
    for page in PdfReader(io.BytesIO(pdf)).pages:
        fonts = page.get("/Resources", {}).get("/Font", {})
        for ref in fonts.values():
            found.add(str(ref.get_object()["/BaseFont"]).lstrip("/").split("+")[-1])
    return found


@functools.cache
def _shipped_fonts() -> frozenset[str]:
    """The PostScript names of the faces kitgen ships (``fonts/``): a PDF takes no font from the machine it was
    made on (weasyprint fell back to the system's DejaVu for Cyrillic and Greek before fonts/doc held them)."""
    from fontTools.ttLib import TTFont

    return frozenset(str(TTFont(path)["name"].getDebugName(6)) for path in (ROOT / "fonts").glob("*.ttf"))


def test_the_german_crossword_rules_keep_their_end_of_game_sentence_on_whole_lines() -> None:
    """weasyprint (70) once set "bis" alone on a line of the German rules ("Gespielt wird, / bis / alle Spieler
    ..."), a line-breaking fault before a bold run; the sentence was reworded. No line of the rules page is one
    short word between two lines of its paragraph."""
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(api.kit("crossword", lang="de"))
    page = next(p for p in (document[i].get_textpage().get_text_range() for i in range(len(document)))
                if "Passen und Spielende" in p)
    lines = [line.strip() for line in page.splitlines()]
    stray = [(before, line, after) for before, line, after in zip(lines, lines[1:], lines[2:], strict=False)
             if line.isalpha() and len(line) <= 6 and len(before) >= 30 and len(after) >= 30
             and after[:1].islower() and before[-1:] not in ".:;!?-\ufffe"]
    assert not stray, stray
