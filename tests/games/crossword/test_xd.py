"""xd, the open crossword corpus format (issue 31), written as doc/xd-format.md (century-arcade/xd) describes it:
the implicit order (sections parted by two blank lines) and ``## Section`` headings, ``Rebus`` and ``Special``
headers, ``#`` blocks, ``_`` omitted squares, lower-case special squares. Each test states the cells, voids,
circles, shading, rebus cells, numbering and metadata."""

from __future__ import annotations

from pathlib import Path

import pytest

from kitgen.core.errors import InputError
from kitgen.core.text import TextSource
from kitgen.games.crossword.formats.ipuz import ipuz_text, parse_ipuz
from kitgen.games.crossword.formats.pattern import load_puzzle
from kitgen.games.crossword.formats.xd import parse_xd

FILES = Path(__file__).parent / "files"


def test_implicit_sections_rebus_circles_voids_and_metadata():
    pattern = load_puzzle(FILES / "rebus.xd")
    grid = pattern.grid
    assert grid.text_rows == ("-CAT-", "HOPEN", "TA#EO", "-ROT-")
    assert grid.void_count == 4 and grid.block_count == 1
    assert dict(pattern.rebus) == {(1, 0): "HEART"} and pattern.circled == [(2, 1)] and pattern.shaded == []
    assert grid.numbers[(0, 1)] == 1 and grid.numbers[(1, 0)] == 4
    assert [(light.name, light.length) for light in grid.lights][:5] == [("1A", 3), ("1D", 4), ("2D", 2), ("3D", 4),
                                                                        ("4A", 5)]
    meta = pattern.meta
    assert (meta.title, meta.author, meta.copyright, meta.date) == ("New Year Special", "A. Setter",
                                                                    "\u00a9 2025 The Weekly Paper", "2025-01-01")
    assert pattern.notes == ("metadata kitgen does not print left out: Editor",)


def test_section_headings_in_any_case_shading_and_indented_rows():
    pattern = load_puzzle(FILES / "shaded.xd")
    assert pattern.grid.text_rows == ("ABC", "DEF", "GHI")
    assert pattern.shaded == [(0, 0), (2, 2)] and pattern.circled == []
    assert (pattern.meta.title, pattern.meta.author) == ("Shaded Corners", "Xd Writer") and pattern.notes == ()


@pytest.mark.parametrize("name", ["rebus.xd", "shaded.xd"])
def test_an_xd_pattern_round_trips_through_ipuz(name):
    pattern = load_puzzle(FILES / name)
    again = parse_ipuz("again.ipuz", ipuz_text(pattern))
    assert again.grid == pattern.grid and dict(again.marks) == dict(pattern.marks)
    assert dict(again.rebus) == dict(pattern.rebus) and again.meta.title == pattern.meta.title
    assert again.meta.author == pattern.meta.author and again.meta.copyright == pattern.meta.copyright


def test_an_xd_pattern_prints(invoke, tmp_path):
    result = invoke("pattern", "--from", FILES / "rebus.xd", "--out", tmp_path / "x.pdf", "--json")
    assert result.exit_code == 0, result.output
    import json

    doc = json.loads(result.stdout)
    assert (tmp_path / "x.pdf").exists() and doc["patterns"][0]["circled"] == [[2, 1]]


GOOD = "Title: T\n\n\nABC\nD#F\nGHI\n"


@pytest.mark.parametrize("text, where, why", [
    ("Title: T\nTitle: U\n\n\nABC\nD#F\nGHI\n", "2:1", "a second 'Title' (line 1)"),
    ("Title: T\n\n\nABC\nD9F\nGHI\n", "5:2", "'9' is not in the Rebus table"),
    ("Title: T\n\n\nABC\nD#\nGHI\n", "5:3", "ragged row: 2 squares"),
    ("Title: T\n\n\n  ABC\n  D F\n  GHI\n", "5:4", "a space inside a row"),
    ("Title: T\nSpecial: glowing\n\n\nABC\nD#F\nGHI\n", "2:10", "Special: 'glowing'"),
    ("Title: T\nRebus: 1HEART\n\n\n1BC\nD#F\nGHI\n", "2:8", "a rebus entry is KEY=LETTERS"),
    ("just a line\n\n\nABC\nD#F\nGHI\n", "1:1", "a metadata line is 'Key: value'"),
    ("Title: T\n\n\nAB\nCD\n", "4:1", "a 2x2 grid"),
    ("## Metadata\nTitle: T\n## Grid\nABC\n## grid\nABC\n", "5:1", "a second '## grid' section"),
])
def test_bad_xd_is_located(text, where, why):
    with pytest.raises(InputError) as err:
        parse_xd(TextSource("b.xd", text))
    assert str(err.value).startswith(f"b.xd:{where}: ") and why in err.value.message, str(err.value)


def test_no_grid_is_refused_by_name():
    with pytest.raises(InputError, match="no grid"):
        parse_xd(TextSource("b.xd", "Title: only metadata\n"))
    assert parse_xd(TextSource("g.xd", GOOD)).grid.text_rows == ("ABC", "D#F", "GHI")
