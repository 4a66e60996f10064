"""Readers of published patterns (issue 14): ipuz v1/v2 (JSONP too), .puz, Across Lite text and the text format.

The files in ``files/`` are written from the public ipuz spec (puzzle/solution cells, ``null`` omitted cells,
``block``/``empty`` overrides, StyleSpec ``barred``/``shapebg``/``highlight``/``color``, named ``styles``,
the diagramless kind) and Literate Software's Across Lite text description; .puz files are made with puzpy as
the apps that write them do. Each test states the cells, voids, bars, circles, numbering and metadata.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kitgen.core.errors import InputError
from kitgen.core.grid import BELOW, RIGHT, Grid
from kitgen.core.text import TextSource
from kitgen.games.crossword.formats.across_text import parse_across_text
from kitgen.games.crossword.formats.ipuz import parse_ipuz
from kitgen.games.crossword.formats.pattern import load_puzzle, parse_puzzle
from kitgen.games.crossword.formats.puz import parse_puz

FILES = Path(__file__).parent / "files"
BARRED_LIGHTS = [("1A", 3), ("1D", 2), ("2D", 5), ("3D", 5), ("4A", 2), ("4D", 5), ("5D", 5), ("6A", 5), ("7A", 5),
                 ("7D", 3), ("8A", 5), ("9A", 5)]


def lights(grid: Grid) -> list[tuple[str, int]]:
    return [(light.name, light.length) for light in grid.lights]


@pytest.mark.parametrize("name", ["barred.ipuz", "barred.txt"])
def test_barred_grid_lights_stop_at_bars(name):
    """style.barred "L" on 4 and "T" on 7 (ipuz) or | and _ (text): 12 lights, not an open grid's 10."""
    pattern = load_puzzle(FILES / name)
    grid = pattern.grid
    assert pattern.blank().grid.text_rows == (".....",) * 5
    assert grid.block_count == 0 and grid.void_count == 0
    assert grid.bars == {((0, 2), RIGHT), ((1, 0), BELOW)}
    assert grid.has_bar((0, 3), "L") and grid.has_bar((2, 0), "T")
    assert lights(grid) == BARRED_LIGHTS
    assert len(Grid(["....."] * 5).lights) == 10
    assert grid.numbers == {(0, 0): 1, (0, 1): 2, (0, 2): 3, (0, 3): 4, (0, 4): 5, (1, 0): 6, (2, 0): 7, (3, 0): 8,
                            (4, 0): 9}
    assert pattern.meta.title == "Barred Five" and pattern.meta.author == "A. Setter"


def test_barred_ipuz_metadata_and_solution():
    pattern = load_puzzle(FILES / "barred.ipuz")
    meta = pattern.meta
    assert (meta.copyright, meta.publisher, meta.date) == ("\u00a9 2024 The Weekly Paper", "The Weekly Paper",
                                                           "03/09/2024")  # HTML entity and tags decoded
    assert pattern.grid.letters()[(0, 0)] == "C" and pattern.blank().grid.has_letters is False
    assert pattern.notes == ()   # the file's own numbers are the lights' numbers


@pytest.mark.parametrize("name", ["shaped.ipuz", "shaped.txt"])
def test_shaped_grid_voids_stop_lights_and_are_not_blocks(name):
    """ipuz null (JSONP-wrapped v1 file) or text '-': omitted cells, the diamond is the grid."""
    grid = load_puzzle(FILES / name).grid
    assert grid.text_rows == ("--.--", "-...-", ".....", "-...-", "--.--")
    assert grid.void_count == 12 and grid.block_count == 0
    assert not grid.is_white(0, 0) and not grid.is_block(0, 0) and grid.is_void(0, 0)
    assert lights(grid) == [("1D", 5), ("2A", 3), ("2D", 3), ("3D", 3), ("4A", 5), ("5A", 3)]
    assert grid.orphan_cells() == [] and grid.is_connected()
    assert not grid.is_checked((2, 0)) and grid.is_checked((2, 2))


def test_jsonp_wrapped_ipuz_reads_like_plain_json_with_the_same_lines():
    text = (FILES / "shaped.ipuz").read_text()
    assert text.startswith("ipuz({")
    plain = text[len("ipuz("):].rstrip().removesuffix(")")
    assert parse_ipuz("a", text) == parse_ipuz("b", plain)
    with pytest.raises(InputError) as exc:
        parse_ipuz("s.ipuz", text.replace('"width": 5', '"width": 64'))
    assert str(exc.value).startswith("s.ipuz:8:26:")   # the wrapper does not shift lines or columns


def test_circles_shading_colours_named_styles_and_overridden_block_and_empty():
    pattern = load_puzzle(FILES / "circles.ipuz")
    grid = pattern.grid
    assert grid.text_rows == ("...#", "....", "#...")       # block "X", empty "_"
    assert pattern.circled == [(0, 0), (1, 1)]                 # named style "ring" and an inline shapebg
    assert pattern.shaded == [(2, 1)]                          # highlight
    assert pattern.marks[(2, 2)].color == "FFCC00"
    assert lights(grid) == [("1A", 3), ("1D", 2), ("2D", 3), ("3D", 3), ("4A", 4), ("5D", 2), ("6A", 3)]
    assert pattern.notes == ("styles kitgen does not print left out: divided, mark",)


def test_diagramless_ipuz_takes_its_diagram_from_the_solution_and_says_so():
    pattern = load_puzzle(FILES / "diagramless.ipuz")
    assert pattern.diagramless and pattern.diagram_from_solution
    assert pattern.grid.text_rows == ("#SPA#", "THEME", "AO#OR", "PEAKS", "#STS#")
    assert [n for n, _ in lights(pattern.grid)] == ["1A", "1D", "2D", "3D", "4A", "4D", "5D", "6A", "7A", "8A",
                                                    "9D", "10A"]
    assert "diagram (blocks) is taken from the solution" in pattern.notes[0]


def test_diagramless_ipuz_without_a_solution_or_diagram_is_refused_at_its_kind(invoke, tmp_path):
    data = json.loads((FILES / "diagramless.ipuz").read_text())
    del data["solution"]
    bad = tmp_path / "nodiagram.ipuz"
    bad.write_text(json.dumps(data, indent=1))
    result = invoke("pattern", "--from", bad, "--out", tmp_path)
    assert result.exit_code == 2 and f"{bad}:3:" in result.stderr and "cannot know where its blocks go" in \
        result.stderr
    assert not list(tmp_path.glob("*.pdf"))


def test_across_lite_text_v2_circles_rebus_and_metadata():
    pattern = load_puzzle(FILES / "across-v2.txt")
    grid = pattern.grid
    assert pattern.size == "5x4" and (grid.cols, grid.rows) == (5, 4)
    assert grid.text_rows == ("CAT#S", "AHORE", "ROPE#", "#EEL#")
    assert pattern.circled == [(0, 2), (2, 1), (2, 2), (2, 3)]   # MARK; circles the lower-case letters
    assert dict(pattern.rebus) == {(1, 1): "HEART"}
    assert [n for n, _ in lights(grid)] == ["1A", "1D", "2D", "3D", "4D", "5A", "6D", "7A", "8A"]
    assert (pattern.meta.title, pattern.meta.author, pattern.meta.notes) == ("Rebus and circles", "Ann Setter",
                                                                             "A note to the solver.")


def test_across_lite_text_v1():
    pattern = load_puzzle(FILES / "across-v1.txt")
    assert pattern.grid.text_rows == ("CAT", "A#O", "TOP") and pattern.meta.copyright == "2023 Bob Setter"
    assert lights(pattern.grid) == [("1A", 3), ("1D", 3), ("2D", 3), ("3A", 3)]


@pytest.mark.parametrize("change, where, why", [
    (("\t5x4", "\t6x4"), "11:2", "a grid row of 5 cells where <SIZE> says 6 columns"),
    (("\tA1ORE", "\tA1O%E"), "12:5", "bad grid cell '%'"),
    (("<NOTEPAD>", "<SCRIBBLE>"), "29:1", "unknown section <SCRIBBLE>"),
    (("<ACROSS PUZZLE V2>", "<ACROSS PUZZLE V2>\n<TITLE>\nagain"), "4:1", "a second <TITLE> section"),
    (("\t5x4", "\tfive by four"), "9:2", "<SIZE> is columns x rows"),
])
def test_malformed_across_lite_text_is_located(change, where, why):
    text = (FILES / "across-v2.txt").read_text().replace(*change)
    with pytest.raises(InputError) as exc:
        parse_across_text(TextSource("x.txt", text))
    assert str(exc.value).startswith(f"x.txt:{where}") and why in str(exc.value), str(exc.value)


def _puz(diagramless: bool = False, circles: tuple[int, ...] = ()) -> bytes:
    import puz

    p = puz.Puzzle()
    p.width, p.height = 5, 3
    p.solution = "CAT.S" + "AHORE" + "ROPE."
    p.fill = "".join("." if ch == "." else "-" for ch in p.solution)
    p.title, p.author, p.copyright, p.notes = "Puz title", "Puz Author", "\u00a9 2024 Puz", "Puz notes"
    if diagramless:
        p.puzzletype = puz.PuzzleType.Diagramless
        p.solution, p.fill = p.solution.replace(".", ":"), p.fill.replace(".", ":")
    p.clues = ["x"] * 7
    if circles:
        p.markup().set_markup_squares(list(circles), puz.GridMarkup.Circled)
    p.rebus().add_rebus_squares(6, "HEART")
    return bytes(p.tobytes())


def test_puz_circles_from_gext_rebus_and_metadata():
    pattern = parse_puz("g.puz", _puz(circles=(2, 11)))
    assert pattern.grid.text_rows == ("CAT#S", "AHORE", "ROPE#")
    assert pattern.circled == [(0, 2), (2, 1)] and dict(pattern.rebus) == {(1, 1): "HEART"}
    assert (pattern.meta.title, pattern.meta.author, pattern.meta.copyright, pattern.meta.notes) == \
        ("Puz title", "Puz Author", "\u00a9 2024 Puz", "Puz notes")
    assert not pattern.diagramless and pattern.notes == ()


def test_puz_diagramless_uses_the_solution_diagram_and_says_so():
    pattern = parse_puz("d.puz", _puz(diagramless=True))
    assert pattern.diagramless and pattern.diagram_from_solution
    assert pattern.grid.text_rows == ("CAT#S", "AHORE", "ROPE#")
    assert "taken from the solution" in pattern.notes[0]


def test_from_a_diagramless_puz_says_where_the_diagram_came_from(invoke, tmp_path):
    src = tmp_path / "sunday.puz"
    src.write_bytes(_puz(diagramless=True))
    result = invoke("pattern", "--from", src, "--out", tmp_path / "d.pdf")
    assert result.exit_code == 0, result.output
    assert f"{src}: note: diagramless: the diagram (blocks) is taken from the solution" in result.stdout
    from pypdf import PdfReader

    text = PdfReader(tmp_path / "d.pdf").pages[0].extract_text()
    assert "Puz title" in text and "by Puz Author" in text and "\u00a9 2024 Puz" in text
    assert "diagramless: diagram from the solution" in text and "5\u00d73" in text


# -- hostile and malformed inputs ---------------------------------------------------------------------------

def _ipuz(puzzle: list, **extra) -> str:
    height, width = len(puzzle), len(puzzle[0])
    doc = {"version": "http://ipuz.org/v2", "kind": ["http://ipuz.org/crossword#1"],
           "dimensions": {"width": width, "height": height}, "puzzle": puzzle, **extra}
    return json.dumps(doc, indent=1)


def test_bars_on_the_outer_edge_or_beside_a_block_are_left_out_with_a_note():
    puzzle = [[{"cell": 1, "style": {"barred": "TL"}}, 2, {"cell": 3, "style": {"barred": "R"}}],
              [4, "#", {"cell": 0, "style": {"barred": "L"}}],
              [5, 0, {"cell": 0, "style": {"barred": "B"}}]]
    pattern = parse_ipuz("e.ipuz", _ipuz(puzzle))
    assert pattern.grid.bars == frozenset()
    assert pattern.notes[0] == "5 bar(s) on the outer edge or beside a block or void left out"
    assert lights(pattern.grid) == lights(Grid(["...", ".#.", "..."]))


def test_a_null_only_grid_imports_cleanly_and_is_refused_for_print(invoke, tmp_path):
    src = tmp_path / "nothing.ipuz"
    src.write_text(_ipuz([[None] * 4] * 3))
    assert parse_ipuz(str(src), src.read_text()).grid.void_count == 12
    result = invoke("pattern", "--from", src, "--out", tmp_path)
    assert result.exit_code == 2 and "the pattern has no light" in result.stderr


def test_a_63x63_barred_ipuz_reads_quickly_and_numbers_every_bar():
    puzzle = [[{"cell": 0, "style": {"barred": "R"}} if c % 4 == 3 and c < 62 else 0 for c in range(63)]
              for _ in range(63)]
    grid = parse_ipuz("big.ipuz", _ipuz(puzzle)).grid
    assert len(grid.bars) == 63 * 15
    assert sum(1 for light in grid.lights if light.direction == "A") == 63 * 16   # 15 bars: 16 lights a row
    assert sum(1 for light in grid.lights if light.direction == "D") == 63


@pytest.mark.parametrize("style, why", [
    ({"barred": "X"}, "barred must be sides T, L, B, R"),
    ({"barred": 3}, "barred must be sides"),
    (["circle"], "a cell's style must be an object or the name of a style"),
])
def test_bad_styles_are_located(style, why):
    text = _ipuz([[1, 2, 3], [4, {"cell": 0, "style": style}, 0], [5, 0, 0]])
    with pytest.raises(InputError) as exc:
        parse_ipuz("s.ipuz", text)
    assert str(exc.value).startswith("s.ipuz:") and why in str(exc.value)
    assert str(exc.value).split(":")[1] == str(text[:text.index('"style"')].count("\n") + 1)


def test_unknown_style_names_and_keys_import_cleanly():
    text = _ipuz([[1, 2, 3], [4, {"cell": 0, "style": "nosuch"}, {"style": {"sparkle": 1}}], [5, 0, 0]])
    pattern = parse_ipuz("u.ipuz", text)
    assert pattern.notes == ("styles kitgen does not print left out: sparkle, style 'nosuch' (not in styles)",)
    assert pattern.grid.text_rows == ("...", "...", "...")


@pytest.mark.parametrize("text, where, why", [
    ("...|\n...\n...\n", "p.txt:1:4", "a bar on the grid's outer edge"),
    ("...\n...\n..._\n", "p.txt:3:4", "a bar on the grid's outer edge"),
    (".#|.\n...\n...\n", "p.txt:1:3", "a bar must separate two white cells"),
    ("-_..\n...\n...\n", "p.txt:1:2", "a bar must separate two white cells"),
    ("|...\n...\n...\n", "p.txt:1:1", "marks the cell before it"),
    ("title: x\nauthor: y\ntitle: z\n...\n...\n...\n", "p.txt:3:1", "a second title: line"),
    ("colour: red\n...\n...\n...\n", "p.txt:1:1", "unknown heading 'colour'"),
    ("..*.|\n....\n....\n", "p.txt:2:4", "ragged row: 4 cells where the first row has 3"),
])
def test_text_format_bars_and_marks_errors_are_located(text, where, why):
    with pytest.raises(InputError) as exc:
        parse_puzzle(TextSource("p.txt", text))
    assert str(exc.value).startswith(where + ":") and why in str(exc.value), str(exc.value)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(alphabet=st.sampled_from(list("#.-aZ|_*+ \n:title")), max_size=300))
def test_fuzzed_text_format_with_marks_raises_only_input_errors(text):
    try:
        parse_puzzle(TextSource("f.txt", text))
    except InputError:
        pass


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(["<ACROSS PUZZLE>", "<ACROSS PUZZLE V2>", "<GRID>", "<SIZE>", "<REBUS>", "MARK;",
                                 "1:HEART:H", "3x3", "CAT", "a1t", "A.O", "TOP", "x:y", "<TITLE>", "<NOTEPAD>",
                                 "64x3", ":::", ""]), max_size=14))
def test_fuzzed_across_lite_text_raises_only_input_errors(lines):
    try:
        parse_across_text(TextSource("f.txt", "\n".join(lines)))
    except InputError:
        pass


_STYLE = st.dictionaries(st.sampled_from(["barred", "shapebg", "highlight", "color", "divided", "mark"]),
                         st.sampled_from(["T", "LB", "RT", "X", "circle", True, 3, "FF00AA", "#00ff00", None]),
                         max_size=3)
_CELL = st.one_of(st.sampled_from([0, 1, "#", None, "x"]),
                  st.fixed_dictionaries({"cell": st.sampled_from([0, 2, "#", None]), "style": st.one_of(_STYLE,
                                         st.sampled_from(["named", 4, None]))}))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(3, 5), st.integers(3, 5), st.data(), st.booleans(), st.booleans())
def test_fuzzed_ipuz_cells_and_styles_import_or_raise_input_errors(width, height, data, diagramless, solution):
    puzzle = [[data.draw(_CELL) for _ in range(width)] for _ in range(height)]
    extra: dict = {"styles": {"named": {"shapebg": "circle", "barred": "B"}}}
    if solution:
        extra["solution"] = [[data.draw(st.sampled_from(["A", "#", None, "QU", {"value": "B"}, 7]))
                              for _ in range(width)] for _ in range(height)]
    text = _ipuz(puzzle, **extra)
    if diagramless:
        text = text.replace("crossword#1", "crossword/diagramless#1")
    try:
        pattern = parse_ipuz("f.ipuz", "ipuz(" + text + ")")
    except InputError:
        return
    grid = pattern.grid
    assert all(grid.is_white(*cell) for cell in pattern.marks)
    assert all(grid._joined(r, c, side) or ((r, c), side) in grid.bars for (r, c), side in grid.bars)


def test_an_ipuz_as_exolve_writes_it():
    """Exolve's ipuz export (github.com/viresh-ratnakar/exolve, exolve-to-ipuz.js): cells given by a style alone
    (no ``cell`` key: an empty square), ``null`` omitted cells in the puzzle and the solution, clues as objects,
    HTML in the title and copyright, and keys kitgen has no use for (``uniqueid``, ``intro``)."""
    pattern = load_puzzle(FILES / "exolve.ipuz")
    grid = pattern.grid
    assert grid.text_rows == ("CA#", "BOT", "-LO") and grid.void_count == 1
    assert pattern.circled == [(0, 0), (1, 1), (2, 2)]
    assert grid.numbers == {(0, 0): 1, (0, 1): 2, (1, 0): 3, (1, 2): 4, (2, 1): 5}
    assert lights(grid) == [("1A", 2), ("1D", 2), ("2D", 3), ("3A", 3), ("4D", 2), ("5A", 2)]
    assert (pattern.meta.title, pattern.meta.author, pattern.meta.copyright, pattern.meta.notes) == \
        ("Three by three", "A. Setter", "\u00a9 2025 A. Setter", "Circles spell a word")
    assert pattern.notes == ()   # its numbers are the lights' numbers; nothing left out
