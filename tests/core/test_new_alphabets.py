"""Five more languages with their own alphabets (issue 26, docs/languages.md): Swedish, Polish, Turkish, Russian
and Greek, each with its letters, folding and case rules, a lexicon, a book, a classroom-safe list and a deck."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from kitgen import api
from kitgen.core.language import LANGUAGES, language
from kitgen.core.lexicon import language_lexicon
from kitgen.games.wordsearch.rules.book import book_deal

NEW = ["sv", "pl", "tr", "ru", "el"]
ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(("code", "word", "fitting"), [
    ("tr", "kitap", "KİTAP"), ("tr", "ılık", "ILIK"), ("tr", "İstanbul", "İSTANBUL"), ("tr", "Işık", "IŞIK"),
    ("el", "θάλασσα", "ΘΑΛΑΣΣΑ"), ("el", "Ελλάς", "ΕΛΛΑΣ"), ("el", "πρωτεΐνη", "ΠΡΩΤΕΙΝΗ"),
    ("ru", "ёж", "ЕЖ"), ("ru", "йод", "ЙОД"), ("pl", "żółw", "ŻÓŁW"), ("pl", "łódź", "ŁÓDŹ"),
    ("sv", "på", "PÅ"), ("sv", "öga", "ÖGA"), ("sv", "idé", "IDE"), ("ru", "cat", ""), ("el", "cat", ""),
])
def test_each_alphabet_folds_as_its_crosswords_write(code: str, word: str, fitting: str):
    assert language(code).normalize(word) == fitting


def test_english_still_folds_the_new_letters():
    assert language("en").normalize("på") == "PA" and language("en").normalize("łódź") == "LODZ"


@pytest.mark.parametrize(("code", "word"), [("el", "θάλασσα"), ("el", "σπίτι"), ("ru", "дом"), ("ru", "кошка"),
                                            ("tr", "kitap"), ("tr", "ılık"), ("pl", "żółw"), ("pl", "dom"),
                                            ("sv", "hus"), ("sv", "på")])
def test_words_check_in_each_new_language(code: str, word: str):
    entry = api.lookup(word, lang=code)
    assert entry is not None and entry[0] == word and api.proposed(word, lang=code), entry


@pytest.mark.parametrize(("code", "name"), [("ru", "москва"), ("tr", "ankara"), ("sv", "stockholm"),
                                            ("el", "ελλάδα")])
def test_names_are_not_words(code: str, name: str):
    assert api.lookup(name, lang=code) is None


@pytest.mark.parametrize("code", NEW)
def test_each_new_language_has_a_lexicon_and_a_book_in_its_letters(code: str):
    lexicon = language_lexicon(code)
    letters = set(LANGUAGES[code].letters)
    assert len(lexicon) > 20000
    for length in (3, 5):
        assert all(set(w) <= letters for w in lexicon.words(length))
    dealt = book_deal(1, LANGUAGES[code])
    assert len(dealt) == 25 and all(lexicon.contains(w) for w in dealt)
    assert all(a != b for a, b in zip(dealt, dealt[1:], strict=False))
    assert (ROOT / "kitgen" / "data" / "licenses" / f"{code}-COPYRIGHT.txt").is_file()


def test_patterns_and_anagrams_take_the_new_letters():
    assert "кошка" in api.match("К?Ш?А", lang="ru")
    assert "θάλασσα" in api.anagrams("ΣΑΛΑΘΑΣ", lang="el")
    assert "żółw" in api.match("ŻÓŁW", lang="pl")
    assert all(len(language("sv").normalize(w)) == 3 for w in api.match("?Å?", lang="sv"))


@pytest.mark.parametrize(("code", "words"), [
    ("sv", ["fitta", "fittor", "knulla", "knullade", "jävlar", "kuken"]),
    ("pl", ["kurwa", "kurwy", "chuj", "chuja", "jebany", "gówno"]),
    ("tr", ["orospu", "göt", "götler", "yarrak", "siktir"]),
    ("ru", ["блядь", "хуй", "пидор", "сука", "жопа"]),
    ("el", ["μαλάκας", "μαλάκα", "πουτάνα", "σκατά", "μουνί"]),
])
def test_each_new_language_has_a_safe_list(code: str, words: list[str]):
    for word in words:
        if api.check_word(word, lang=code):
            assert not api.proposed(word, lang=code), word
            assert word not in api.match(language(code).normalize(word), lang=code)


@pytest.mark.parametrize("code", NEW)
def test_a_deck_spec_for_each_new_language(code: str, tmp_path: Path):
    path = ROOT / "samples" / "game-of-words" / f"{code}-deck.toml"
    spec = tomllib.loads(path.read_text(encoding="utf-8"))
    counts = {letter: card["count"] for letter, card in spec["letters"].items()}
    assert sum(counts.values()) == 52 and set(counts) <= set(LANGUAGES[code].letters)
    # the commonest letters of the language have the most cards (A in Turkish, О in Russian, Α in Greek)
    commonest = {"sv": "E", "pl": "A", "tr": "A", "ru": "О", "el": "Α"}[code]
    assert counts[commonest] == max(counts.values())
    from typer.testing import CliRunner

    from kitgen.cli.app import app

    result = CliRunner().invoke(app, ["deck", "--spec", str(path), "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output


def test_a_polish_fill_and_a_russian_sheet(tmp_path: Path):
    from typer.testing import CliRunner

    from kitgen.cli.app import app

    runner = CliRunner()
    filled = runner.invoke(app, ["pattern", "--seed", "1", "--size", "9", "--style", "american", "--fill",
                                 "--lang", "pl", "--text", "--out", str(tmp_path)])
    assert filled.exit_code == 0, filled.output
    grid = [line for line in filled.stdout.splitlines() if len(line) == 9 and not line.startswith("# ")]
    assert len(grid) == 9
    assert grid and all(set(line) <= set(LANGUAGES["pl"].letters) | {"#"} for line in grid)
    sheet = runner.invoke(app, ["sheet", "--seed", "1", "--lang", "ru", "--out", str(tmp_path)])
    assert sheet.exit_code == 0, sheet.output
    from pypdf import PdfReader

    pdf = next(tmp_path.glob("wordsearch-*.pdf"))
    text = "".join(page.extract_text() for page in PdfReader(pdf).pages)
    assert book_deal(1, LANGUAGES["ru"])[0] in text


def test_a_swedish_sheet_prints_a_ring_and_umlauts(tmp_path: Path):
    from pypdf import PdfReader
    from typer.testing import CliRunner

    from kitgen.cli.app import app

    seed = next(s for s in range(1, 200) if {"å", "ä", "ö"} & set("".join(book_deal(s, LANGUAGES["sv"]))))
    result = CliRunner().invoke(app, ["sheet", "--seed", str(seed), "--lang", "sv", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    text = "".join(page.extract_text() for page in PdfReader(next(tmp_path.glob("*.pdf"))).pages)
    assert {"å", "ä", "ö"} & set(text)


def test_greek_words_ending_in_final_sigma_are_in_the_lexicon() -> None:
    """wordfreq case-folds θεός to θεόσ, which Hunspell refuses: the build writes the final ς back, so the commonest
    Greek nouns ending in ς are words kitgen knows and proposes (all were missing before)."""
    for word in ("φως", "θεός", "δρόμος", "άνθρωπος", "κόσμος", "ουρανός", "πατέρας", "σκύλος"):
        assert api.check_word(word, lang="el"), word
        assert api.proposed(word, lang="el"), word
    assert "φως" in api.anagrams("ΣΩΦ", lang="el")
