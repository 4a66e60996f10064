"""The publisher's own numbering (issue 31; docs/crossword.md, ruling 8): ipuz clue numbers written as strings
or numbers are read, and a file whose numbers differ from the lights' reading order keeps its numbers, printed
in the PDF and written back to ipuz."""

from __future__ import annotations

import json

import pytest

from kitgen.games.crossword.formats.ipuz import ipuz_text, parse_ipuz

# A 3x3 with a block in the middle and a void in a corner: lights 1A, 1D, 2D, 3A, numbered 1 . 2 / . # . / - 3 .
READING = [["1", 0, "2"], [0, "#", 0], [None, "3", 0]]
# the same grid as a variety puzzle numbers it (its own order, a letter label too)
VARIETY = [["7", 0, "12"], [0, "#", 0], [None, "A", 0]]


def _doc(puzzle: list, **extra: object) -> str:
    return json.dumps({"version": "http://ipuz.org/v2", "kind": ["http://ipuz.org/crossword#1"],
                       "dimensions": {"width": 3, "height": 3}, "puzzle": puzzle, **extra}, indent=1)


def test_string_numbers_in_reading_order_are_the_lights_own():
    pattern = parse_ipuz("r.ipuz", _doc(READING))
    assert pattern.labels == {} and pattern.notes == ()
    assert pattern.numbers == {(0, 0): "1", (0, 2): "2", (2, 1): "3"}


@pytest.mark.parametrize("puzzle", [VARIETY, [[7, 0, 12], [0, "#", 0], [None, "A", 0]]])
def test_a_files_own_numbering_is_kept_as_strings_or_numbers(puzzle):
    pattern = parse_ipuz("v.ipuz", _doc(puzzle))
    assert dict(pattern.labels) == {(0, 0): "7", (0, 2): "12", (2, 1): "A"}
    assert pattern.numbers == dict(pattern.labels)
    assert pattern.grid.numbers[(0, 0)] == 1    # the lights themselves are unchanged
    assert "its own way" in pattern.notes[0] and "row 1 column 1: file 7, in reading order 1" in pattern.notes[0]


def test_the_files_numbering_round_trips_through_ipuz():
    pattern = parse_ipuz("v.ipuz", _doc(VARIETY))
    text = ipuz_text(pattern)
    doc = json.loads(text)
    assert doc["puzzle"][0] == [7, 0, 12] and doc["puzzle"][2] == [None, "A", 0]
    assert doc["clues"] == {"Across": [[7, ""], ["A", ""]], "Down": [[7, ""], [12, ""]]}
    again = parse_ipuz("again.ipuz", text)
    assert again == pattern and dict(again.labels) == dict(pattern.labels)


def test_numbers_equal_to_the_empty_value_or_zero_are_unnumbered():
    pattern = parse_ipuz("e.ipuz", _doc([["1", "-", "2"], ["0", "#", ""], [None, "3", "-"]], empty="-"))
    assert pattern.labels == {} and pattern.numbers[(0, 0)] == "1"


@pytest.mark.parametrize("value, why", [("12345", "a clue label of 5 characters"),
                                        (-3, "a clue number must be positive")])
def test_bad_labels_are_located(value, why):
    from kitgen.core.errors import InputError

    text = _doc([["1", 0, value], [0, "#", 0], [None, "3", 0]])
    with pytest.raises(InputError) as err:
        parse_ipuz("b.ipuz", text)
    where = err.value.where
    assert why in err.value.message and where is not None
    assert text.splitlines()[where.line - 1][where.col - 1:] == json.dumps(value)   # at the value itself


def test_the_publishers_numbers_are_printed(invoke, tmp_path):
    from pypdf import PdfReader

    src = tmp_path / "variety.ipuz"
    src.write_text(_doc(VARIETY, title="Variety"))
    result = invoke("pattern", "--from", src, "--out", tmp_path / "v.pdf")
    assert result.exit_code == 0, result.output
    assert f"{src}: note: the file numbers its cells its own way" in result.stdout
    assert "Variety" in PdfReader(tmp_path / "v.pdf").pages[0].extract_text()


def test_draw_grid_prints_the_files_numbers_not_the_lights():
    import io

    from pypdf import PdfReader
    from reportlab.pdfgen.canvas import Canvas

    from kitgen.games.crossword.render import draw_grid

    def printed(pattern: object) -> list[str]:
        out = io.BytesIO()
        c = Canvas(out)
        draw_grid(c, pattern, 50, 700, 40)  # type: ignore[arg-type]
        c.save()
        return PdfReader(io.BytesIO(out.getvalue())).pages[0].extract_text().split()

    assert sorted(printed(parse_ipuz("v.ipuz", _doc(VARIETY)))) == ["12", "7", "A"]
    assert sorted(printed(parse_ipuz("r.ipuz", _doc(READING)))) == ["1", "2", "3"]


VARIETY_GAME = """pattern: variety.ipuz
players: ANN BOB
ANN 7D ox
BOB 7A oak
ANN 12 down key
BOB A across my
ANN pass
BOB pass
"""


def _variety_record(tmp_path, word_file, game: str = VARIETY_GAME):
    (tmp_path / "variety.ipuz").write_text(_doc(VARIETY))
    (tmp_path / "game.txt").write_text(game)
    return tmp_path / "game.txt", word_file("ox", "oak", "key", "my")


def test_a_game_record_names_lights_by_the_publishers_numbers(invoke, tmp_path, word_file):
    """On a grid with its own numbering the record names the lights a player sees on paper (7A, 12D, A across),
    and the score table and JSON name them so too (issue 31)."""
    record, words = _variety_record(tmp_path, word_file)
    result = invoke("verify", "crossword", record, "--words", words, "--json")
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert [m["light"] for m in out["moves"][:4]] == ["7D", "7A", "12D", "AA"]
    assert [m["word"] for m in out["moves"][:4]] == ["OX", "OAK", "KEY", "MY"]
    table = invoke("verify", "crossword", record, "--words", words).stdout
    assert " 12D " in table and " AA " in table and " 1A " not in table


def test_a_reading_order_name_is_not_a_light_of_a_numbered_grid(invoke, tmp_path, word_file):
    record, words = _variety_record(tmp_path, word_file, VARIETY_GAME.replace("BOB 7A oak", "BOB 1A oak"))
    result = invoke("verify", "crossword", record, "--words", words)
    assert result.exit_code == 2
    assert "game.txt:4:5: the pattern has no light 1A" in result.output


def test_the_first_entry_rule_reads_the_papers_numbers():
    """The lowest-numbered shortest light is the lowest as printed: 7D, not the letter-labelled A across."""
    pattern = parse_ipuz("v.ipuz", _doc(VARIETY))
    grid = pattern.play_grid()
    assert [light.name for light in grid.lights] == ["7A", "7D", "12D", "AA"]
    first = grid.shortest_first_light()
    assert first is not None and first.name == "7D"
    assert grid.blank().light("12D") is not None and grid.with_letters({(0, 0): "O"}).light("AA") is not None


def test_a_grid_numbered_in_reading_order_plays_as_it_is():
    pattern = parse_ipuz("r.ipuz", _doc(READING))
    assert pattern.play_grid() is pattern.grid
