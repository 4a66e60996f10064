"""Export (issue 14): ipuz keeps bars, voids, circles, shading and metadata (validated by the PyPI ``ipuz``
package), and ``--puz`` writes Across Lite .puz that puzpy reads back; a barred or shaped grid is refused."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import ipuz
import puz
import pytest

from kitgen.games.crossword.formats.ipuz import ipuz_text, parse_ipuz
from kitgen.games.crossword.formats.pattern import format_puzzle, load_puzzle, parse_puzzle
from kitgen.games.crossword.formats.puz import CannotWritePuz, parse_puz, puz_bytes

FILES = Path(__file__).parent / "files"
PUBLISHED = ["barred.ipuz", "shaped.ipuz", "circles.ipuz", "diagramless.ipuz", "exolve.ipuz", "across-v2.txt",
             "barred.txt", "shaped.txt"]


@pytest.mark.parametrize("name", PUBLISHED)
def test_ipuz_round_trip_keeps_everything(name):
    pattern = load_puzzle(FILES / name)
    text = ipuz_text(pattern)
    again = parse_ipuz("again.ipuz", text)
    assert again.grid == pattern.grid                     # cells, voids, bars, letters
    assert dict(again.marks) == dict(pattern.marks)       # circles, shading, colours
    assert again.meta == pattern.meta and again.diagramless == pattern.diagramless
    assert dict(again.rebus) == dict(pattern.rebus)
    assert ipuz_text(again) == text                       # and the second export is byte-identical
    blank = pattern.blank()
    assert parse_ipuz("b.ipuz", ipuz_text(blank)) == replace(blank, diagram_from_solution=False, notes=())


@pytest.mark.parametrize("name", PUBLISHED)
def test_exported_ipuz_passes_the_ipuz_packages_validator(name):
    pattern = load_puzzle(FILES / name)
    for shown in (pattern, pattern.blank()):
        data = ipuz.read(ipuz_text(shown))
        assert data["dimensions"] == {"width": pattern.grid.cols, "height": pattern.grid.rows}


def test_exported_ipuz_cells_say_bars_voids_circles_as_the_spec_does():
    data = json.loads(ipuz_text(load_puzzle(FILES / "shaped.txt")))
    assert data["puzzle"][0] == [None, None, 1, None, None]
    assert data["puzzle"][1][2] == {"cell": 0, "style": {"shapebg": "circle"}}
    assert data["puzzle"][2][4] == {"cell": 0, "style": {"highlight": True}}
    barred = json.loads(ipuz_text(load_puzzle(FILES / "barred.txt")))
    assert barred["puzzle"][0][2] == {"cell": 3, "style": {"barred": "R"}}
    assert barred["puzzle"][1][0] == {"cell": 6, "style": {"barred": "B"}}
    assert (barred["title"], barred["author"]) == ("Barred Five", "A. Setter") and "solution" not in barred


def test_iso_dates_are_written_as_ipuz_dates():
    pattern = parse_puzzle(__import__("kitgen.core.text", fromlist=["TextSource"]).TextSource(
        "d.txt", "date: 2024-03-09\n...\n...\n...\n"))
    assert json.loads(ipuz_text(pattern))["date"] == "03/09/2024"
    ipuz.read(ipuz_text(pattern))


def test_text_format_round_trip_keeps_bars_voids_marks_and_headings():
    for name in ("barred.txt", "shaped.txt", "barred.ipuz", "circles.ipuz"):
        pattern = load_puzzle(FILES / name)
        text = format_puzzle(pattern)
        again = parse_puzzle(__import__("kitgen.core.text", fromlist=["TextSource"]).TextSource("t.txt", text))
        assert again.grid == pattern.grid and again.circled == pattern.circled and again.shaded == pattern.shaded
        assert again.meta == pattern.meta


def test_puz_export_reads_back_in_puzpy_with_circles_rebus_and_metadata():
    pattern = load_puzzle(FILES / "across-v2.txt")
    data = puz_bytes(pattern)
    p = puz.load(data)
    assert (p.width, p.height) == (5, 4) and p.solution == "CAT.SAHOREROPE..EEL."
    assert (p.title, p.author, p.copyright) == ("Rebus and circles", "Ann Setter", "2024 Ann Setter")
    assert p.markup().get_markup_squares(puz.GridMarkup.Circled) == [2, 11, 12, 13]
    assert p.rebus().get_rebus_solution(6) == "HEART"
    back = parse_puz("back.puz", data)
    assert back.grid == pattern.grid and back.circled == pattern.circled and dict(back.rebus) == {(1, 1): "HEART"}


@pytest.mark.parametrize("name, why", [("barred.txt", "a barred grid cannot be written as .puz")])
def test_puz_refuses_barred_grids(invoke, tmp_path, name, why):
    with pytest.raises(CannotWritePuz, match=why):
        puz_bytes(load_puzzle(FILES / name))
    result = invoke("pattern", "--from", FILES / name, "--puz", tmp_path / "x.puz", "--out", tmp_path / "x.pdf")
    assert result.exit_code == 2 and f"kitgen: --puz: {why}" in result.stderr
    assert not list(tmp_path.iterdir())   # refused before anything was written


def test_cli_puz_for_generated_patterns_one_a_pattern(invoke, tmp_path):
    result = invoke("pattern", "--count", "2", "--seed", "3", "--style", "american", "--puz", tmp_path / "set.puz",
                    "--out", tmp_path / "set.pdf", "--json")
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert doc["puz"] == [str(tmp_path / "set-1.puz"), str(tmp_path / "set-2.puz")]
    for k, path in enumerate(doc["puz"]):
        p = puz.read(path)
        rows = doc["patterns"][k]["rows"]
        assert p.fill == "".join("." if ch == "#" else "-" for row in rows for ch in row)
        assert p.title == doc["patterns"][k]["name"] and p.author == "kitgen"
        assert len(p.clues) == doc["patterns"][k]["lights"]


def test_cli_ipuz_from_an_import_keeps_the_publishers_metadata(invoke, tmp_path):
    out = tmp_path / "again.ipuz"
    assert invoke("pattern", "--from", FILES / "barred.ipuz", "--ipuz", out, "--out", tmp_path / "p.pdf"
                  ).exit_code == 0
    data = ipuz.read(out.read_text())
    assert (data["title"], data["author"], data["publisher"]) == ("Barred Five", "A. Setter", "The Weekly Paper")
    assert parse_ipuz(str(out), out.read_text()).grid == load_puzzle(FILES / "barred.ipuz").grid.blank()
