"""``--fill`` around what is there (issue 31; docs/crossword.md, ruling 10): every letter already in an imported
grid (a theme entry) is kept and the rest filled; letters that leave a light with no word are refused, naming
the light. Each test passes its own word list with ``--words``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kitgen.core.grid import Grid
from kitgen.core.lexicon import Lexicon
from kitgen.games.crossword.rules.fill import blocked_light, fill

WORDS = ["abc", "cat", "def", "acd", "bae", "ctf", "dog", "owe", "god", "odg", "owo", "geg", "xyz"]


@pytest.fixture
def words(tmp_path: Path) -> Path:
    path = tmp_path / "words.lst"
    path.write_text("\n".join(WORDS) + "\n")
    return path


def _fill_text(invoke, tmp_path: Path, rows: str, words: Path):
    src = tmp_path / "theme.txt"
    src.write_text(rows)
    return invoke("pattern", "--from", src, "--fill", "--words", words, "--ipuz", tmp_path / "f.ipuz",
                  "--out", tmp_path / "f.pdf")


def test_a_theme_entry_is_kept_and_the_rest_filled(invoke, tmp_path, words):
    blank = _fill_text(invoke, tmp_path, "...\n...\n...\n", words)
    assert blank.exit_code == 0, blank.output
    assert json.loads((tmp_path / "f.ipuz").read_text())["solution"][1] != ["C", "A", "T"]  # not CAT by itself
    themed = _fill_text(invoke, tmp_path, "...\nCAT\n...\n", words)
    assert themed.exit_code == 0, themed.output
    solution = json.loads((tmp_path / "f.ipuz").read_text())["solution"]
    assert solution == [["A", "B", "C"], ["C", "A", "T"], ["D", "E", "F"]]


def _lexicon(words: list[str]) -> Lexicon:
    return Lexicon.from_entries([(word, 1) for word in words], name="w")


def test_a_complete_theme_entry_need_not_be_in_the_word_list():
    lexicon = _lexicon(["abc", "daf", "def", "acd", "bde", "cff"])    # no DAF across: the theme row is not a word
    found = fill(Grid(["...", "DAF", "..."]), _lexicon(["abc", "def", "add", "bae", "cff"]))
    assert found is not None and found.words["4A"] == "DAF" and found.words["1D"] == "ADD"
    assert blocked_light(Grid(["...", "DAF", "..."]), lexicon) is not None
    assert blocked_light(Grid(["...", "CAT", "..."]), _lexicon(WORDS)) is None


def test_given_letters_that_leave_a_light_no_word_are_refused_by_light(invoke, tmp_path, words):
    result = _fill_text(invoke, tmp_path, "...\nQXZ\n...\n", words)
    assert result.exit_code == 2
    assert "the letters already in the grid leave no word for 1D (?Q?)" in result.stderr
    assert not (tmp_path / "f.pdf").exists() and not (tmp_path / "f.ipuz").exists()


def test_a_dead_end_found_through_the_crossings_names_that_light(invoke, tmp_path, words):
    """Z ends 5A and 3D, and XYZ is the only such word: one of them takes it, the other has none left (no word
    twice), or 1D must end in X -- arc consistency finds the light with no word before any search."""
    assert fill(Grid(["...", "...", "..Z"]), _lexicon(WORDS)) is None
    light = blocked_light(Grid(["...", "...", "..Z"]), _lexicon(WORDS))
    assert light is not None
    result = _fill_text(invoke, tmp_path, "...\n...\n..Z\n", words)
    assert result.exit_code == 2
    assert f"leave no word for {light.name}" in result.stderr


def test_without_fill_the_letters_are_blanked_as_before(invoke, tmp_path, words):
    src = tmp_path / "theme.txt"
    src.write_text("...\nCAT\n...\n")
    result = invoke("pattern", "--from", src, "--ipuz", tmp_path / "p.ipuz", "--out", tmp_path / "p.pdf")
    assert result.exit_code == 0, result.output
    assert "solution" not in json.loads((tmp_path / "p.ipuz").read_text())


REBUS_XD = """Title: Rebus


_..._
1OPEN
..#..
_..._
"""


def test_rebus_cells_are_kept_as_given_under_fill(invoke, tmp_path):
    """A rebus square (HEART in one square, xd's ``Rebus: 1=HEART``) is a given entry: --fill keeps it and its
    row whole, fills round it, and the ipuz, .puz and jpz solutions still hold HEART there (issue 31). The row
    holding it has no 5-letter word in the list: a given light the list has no length for is no error."""
    src = tmp_path / "r.xd"
    src.write_text(REBUS_XD.replace("Title: Rebus\n", "Title: Rebus\nRebus: 1=HEART\n"))
    words = tmp_path / "w.lst"
    words.write_text("cat\nta\neo\nrot\nht\ncoar\nap\nteet\nno\n")
    result = invoke("pattern", "--from", src, "--fill", "--words", words, "--ipuz", tmp_path / "f.ipuz",
                    "--puz", tmp_path / "f.puz", "--jpz", tmp_path / "f.jpz", "--out", tmp_path / "f.pdf")
    assert result.exit_code == 0, result.output
    solution = json.loads((tmp_path / "f.ipuz").read_text())["solution"]
    assert solution == [[None, "C", "A", "T", None], ["HEART", "O", "P", "E", "N"], ["T", "A", "#", "E", "O"],
                        [None, "R", "O", "T", None]]
    from kitgen.games.crossword.formats.jpz import read_jpz
    from kitgen.games.crossword.formats.puz import read_puz

    for again in (read_puz(tmp_path / "f.puz"), read_jpz(tmp_path / "f.jpz")):
        assert dict(again.rebus) == {(1, 0): "HEART"} and again.grid.text_rows[1] == "HOPEN"
