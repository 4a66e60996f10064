"""Dutch IJ in one cell (issue 26; docs/languages.md, ruling 1): Dutch crosswords and wordsearch grids write IJ in
one square, so in Make a Wordsearch and the crossword (``--lang nl``) ijs is 2 cells, vrij 3, bijzonder 8; the card
and tile games and ``kitgen words`` keep I and J apart (Scrabble's practice)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kitgen.core.language import DUTCH_IJ, in_cells, language
from kitgen.core.lexicon import load_word_list

WORDS = ("ijs", "vrij", "bijzonder", "kat", "huis", "boom", "groot", "mij", "zijn", "wijn", "tijd", "dijk", "fiets",
         "water", "brood", "melk", "kaas", "appel", "peer", "boek", "pen", "tafel", "stoel", "deur", "raam")


def test_dutch_grid_cells_join_ij_and_the_two_letter_alphabet_is_kept() -> None:
    cells = in_cells(language("nl"))
    assert [cells.normalize(w) for w in ("ijs", "vrij", "bijzonder", "IJsland", "\u0133s")] == [
        "ĲS", "VRĲ", "BĲZONDER", "ĲSLAND", "ĲS"]
    assert [len(cells.normalize(w)) for w in ("ijs", "vrij", "bijzonder")] == [2, 3, 8]
    assert language("nl").normalize("ijs") == "IJS"  # the card games and kitgen words: two letters
    assert in_cells(language("fr")) is language("fr") and DUTCH_IJ in cells.letters


def test_a_dutch_word_list_in_cells_keeps_its_words_and_display(tmp_path: Path) -> None:
    path = tmp_path / "nl.txt"
    path.write_text("ijs\nvrij\nbijzonder\nerg\n", encoding="utf-8")
    lexicon = load_word_list(path, language("nl")).in_cells()
    assert sorted(lexicon.words()) == ["BĲZONDER", "ERG", "VRĲ", "ĲS"]
    assert lexicon.contains("vrij") and lexicon.display("VRĲ") == "vrij" and lexicon.match("VR?") == ["VRĲ"]
    assert lexicon.match("VRIJ") == ["VRĲ"] and lexicon.match("IJ?") == ["ĲS"]  # IJ in a pattern is one cell too


def test_wordsearch_lines_count_ij_as_one_letter(invoke, tmp_path: Path) -> None:
    book = tmp_path / "boek.txt"
    book.write_text("\n".join(f"{w} staat hier" for w in WORDS) + "\n", encoding="utf-8")
    result = invoke("deal", "wordsearch", "--book", book, "--lang", "nl", "--json")
    assert result.exit_code == 0, result.stderr
    dealt = json.loads(result.stdout)
    lines = dict(zip(dealt["words"], dealt["lines"], strict=True))
    assert (lines["ijs"], lines["vrij"], lines["bijzonder"], lines["zijn"]) == (2, 3, 3, 3)


def test_a_typed_dutch_sheet_reads_ij_as_one_box_and_scores_vrij(invoke, tmp_path: Path) -> None:
    words = tmp_path / "nl.txt"
    words.write_text("vrij\nijs\n", encoding="utf-8")
    sheet = tmp_path / "sheet.txt"
    sheet.write_text("VRIJKA\nAAAAA\nAAAAA\nAAAAA\nAAAAA\n", encoding="utf-8")  # V R IJ K A: five boxes
    result = invoke("verify", "wordsearch", sheet, "--lang", "nl", "--words", words, "--json")
    assert result.exit_code == 0, result.stderr + result.stdout
    scored = json.loads(result.stdout)
    assert [w["word"] for w in scored["words"]] == ["VRĲ"] and scored["score"] == 3
    assert scored["grid"][0] == "VRĲKA"


def test_a_dutch_fill_puts_ij_in_one_square(invoke, tmp_path: Path) -> None:
    pattern = tmp_path / "plus.txt"
    pattern.write_text("#.#\n...\n#.#\n", encoding="utf-8")
    words = tmp_path / "nl.txt"
    words.write_text("vrij\nerg\nijs\nbijzonder\n", encoding="utf-8")
    ipuz = tmp_path / "plus.ipuz"
    result = invoke("pattern", "--from", pattern, "--fill", "--lang", "nl", "--words", words, "--text",
                    "--ipuz", ipuz, "--out", tmp_path / "plus.pdf")  # the PDF too: not in the checkout's output/
    assert result.exit_code == 0, result.stderr
    assert "#E#\nVRĲ\n#G#" in result.stdout
    assert json.loads(ipuz.read_text(encoding="utf-8"))["solution"][1] == ["V", "R", "Ĳ"]


def test_a_dutch_fill_with_ij_is_not_written_as_puz(invoke, tmp_path: Path) -> None:
    pattern = tmp_path / "plus.txt"
    pattern.write_text("#.#\n...\n#.#\n", encoding="utf-8")
    words = tmp_path / "nl.txt"
    words.write_text("vrij\nerg\n", encoding="utf-8")
    result = invoke("pattern", "--from", pattern, "--fill", "--lang", "nl", "--words", words,
                    "--puz", tmp_path / "plus.puz", "--out", tmp_path / "plus.pdf")
    assert result.exit_code == 2 and "cannot be written as .puz" in result.stderr and "--ipuz" in result.stderr
    assert "Traceback" not in result.stderr and not (tmp_path / "plus.puz").exists()


@pytest.mark.parametrize("code", ["en", "fr", "es"])
def test_other_languages_fill_as_before(code: str) -> None:
    assert in_cells(language(code)) is language(code)


def test_two_cell_ij_writes_i_and_j_apart(invoke, tmp_path: Path) -> None:
    book = tmp_path / "boek.txt"
    book.write_text("\n".join(f"{w} staat hier" for w in WORDS) + "\n", encoding="utf-8")
    result = invoke("deal", "wordsearch", "--book", book, "--lang", "nl", "--two-cell-ij", "--json")
    assert result.exit_code == 0, result.stderr
    dealt = json.loads(result.stdout)
    lines = dict(zip(dealt["words"], dealt["lines"], strict=True))
    assert (lines["ijs"], lines["vrij"], lines["bijzonder"]) == (3, 4, 4)
    pattern = tmp_path / "plus.txt"
    pattern.write_text("#.#\n...\n#.#\n", encoding="utf-8")
    words = tmp_path / "nl.txt"
    words.write_text("vrij\nerg\n", encoding="utf-8")
    filled = invoke("pattern", "--from", pattern, "--fill", "--lang", "nl", "--words", words, "--text",
                    "--out", tmp_path / "plus.pdf")  # --text prints the grid too: the PDF not in the checkout's output/
    assert filled.exit_code == 0 and "VRĲ" in filled.stdout
    two = invoke("pattern", "--from", pattern, "--fill", "--lang", "nl", "--words", words, "--text", "--two-cell-ij")
    assert two.exit_code != 0 and "no fill found" in two.stderr  # VRIJ is four cells: no three-cell light holds it


def test_a_par_survey_key_is_unchanged_without_two_cell_ij() -> None:
    from dataclasses import replace

    from kitgen.core.language import LangCode
    from kitgen.games.registry import get
    from kitgen.games.survey import survey_key
    from kitgen.games.wordsearch.declaration import DealOptions

    variant = get("wordsearch").deals[0]
    assert variant.survey is not None
    opts = DealOptions(lang=LangCode.NL, seed=1, par=True)
    one_cell = survey_key(variant.name, variant.survey, opts)
    without = replace(variant.survey, changes=tuple(n for n in variant.survey.changes if n != "two_cell_ij"))
    assert survey_key(variant.name, without, opts) == one_cell  # as the key was before the option existed
    assert survey_key(variant.name, variant.survey, replace(opts, two_cell_ij=True)) != one_cell


@pytest.mark.parametrize(("word", "fitting"), [
    ("ski-jas", "SKIJAS"), ("mini-jurk", "MINIJURK"), ("nazi-jager", "NAZIJAGER"), ("groei-jaren", "GROEIJAREN"),
    ("bijou", "BIJOU"), ("bijouterie", "BIJOUTERIE"), ("bijectie", "BIJECTIE"), ("antijudaïsme", "ANTIJUDAISME"),
    ("vrij", "VRĲ"), ("bijzonder", "BĲZONDER"), ("bijna", "BĲNA"), ("ijsbijl", "ĲSBĲL"), ("wachtrijen", "WACHTRĲEN"),
    ("vrij-uit", "VRĲUIT")])
def test_ij_is_one_cell_only_where_it_is_the_digraph(word: str, fitting: str) -> None:
    """I and J that meet across a hyphen (ski-jas, as the Woordenlijst writes such compounds) or in bijou and
    its kin (ruling 1) are two cells; every other IJ is the digraph."""
    assert in_cells(language("nl")).normalize(word) == fitting


def test_the_shipped_lexicon_fits_ski_jas_as_written() -> None:
    from kitgen.core.lexicon import language_lexicon

    cells = language_lexicon("nl").in_cells()
    assert cells.rank("ski-jas") is not None and "SKIJAS" in cells and "SKĲAS" not in cells
    assert "MINIJURK" in cells and "BIJOU" in cells and "VRĲ" in cells
    assert cells.display("SKIJAS") == "ski-jas" and "SKIJAS" in cells.match("SKI?AS") and cells.match("SKĲ??") == []


def test_a_words_list_s_ski_jas_fills_six_cells(invoke, tmp_path: Path) -> None:
    pattern = tmp_path / "row.txt"
    pattern.write_text("......\n######\n######\n", encoding="utf-8")
    words = tmp_path / "nl.txt"
    words.write_text("ski-jas\n", encoding="utf-8")
    result = invoke("pattern", "--from", pattern, "--fill", "--lang", "nl", "--words", words, "--text",
                    "--out", tmp_path)
    assert result.exit_code == 0, result.stderr
    assert "SKIJAS" in result.stdout.splitlines()
