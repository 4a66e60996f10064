""".puz files as the tools write them (issue 31; docs/crossword.md, "Files from papers and apps"): ``:`` omitted
squares in an ordinary puzzle (Crossword Compiler, Crosshare), checksums that do not match (read with a note
that says so), scrambled solutions (explained), and refusals that name their real cause. The files are made
with puzpy following the .puz format description (header checksums, the solution and player grids, the
``GEXT`` section), then changed as a damaged or hand-edited file would be."""

from __future__ import annotations

import struct

import pytest

from kitgen.core.errors import InputError
from kitgen.core.grid import VOID
from kitgen.core.text import TextSource
from kitgen.games.crossword.formats.pattern import parse_puzzle
from kitgen.games.crossword.formats.puz import parse_puz, puz_bytes, puz_losses

# A 5x5 diamond as Crossword Compiler writes a shaped grid to .puz: ':' where the shape leaves squares out
DIAMOND = ["::A::", ":BAT:", "CRATE", ":ETA:", "::E::"]


def _shaped(circles: tuple[int, ...] = (7,)) -> bytes:
    import puz

    p = puz.Puzzle()
    p.width = p.height = 5
    p.solution = "".join(DIAMOND)
    p.fill = "".join(ch if ch == ":" else "-" for ch in p.solution)
    p.title, p.author = "Diamond", "C. Compiler"
    p.clues = ["x"] * 6
    if circles:
        p.markup().set_markup_squares(list(circles), puz.GridMarkup.Circled)
    return bytes(p.tobytes())


def test_colons_in_an_ordinary_puzzle_are_omitted_squares_not_blocks():
    pattern = parse_puz("diamond.puz", _shaped())
    grid = pattern.grid
    assert grid.void_count == 12 and grid.block_count == 0
    assert all(grid.is_void(r, c) for r, row in enumerate(DIAMOND) for c, ch in enumerate(row) if ch == ":")
    assert [(light.name, light.length) for light in grid.lights] == [("1D", 5), ("2A", 3), ("2D", 3), ("3D", 3),
                                                                     ("4A", 5), ("5A", 3)]
    assert "rotational" in grid.symmetries() and pattern.circled == [(1, 2)]
    assert not pattern.diagramless and "12 omitted square(s)" in pattern.notes[0]


def test_a_shaped_pattern_is_written_with_colons_and_reads_back_the_same():
    shaped = parse_puzzle(TextSource.from_path("tests/games/crossword/files/shaped.txt"))
    data = puz_bytes(shaped.blank())
    import puz

    assert puz.load(data).solution.count(":") == shaped.grid.void_count
    again = parse_puz("again.puz", data)
    assert again.blank().grid == shaped.blank().grid and again.circled == shaped.circled


def test_a_shaded_pattern_written_as_puz_names_what_it_leaves_out(invoke, tmp_path):
    src = tmp_path / "shaded.txt"
    src.write_text("....+.\n.....\n.....\n")
    result = invoke("pattern", "--from", src, "--puz", tmp_path / "s.puz", "--out", tmp_path / "s.pdf")
    assert result.exit_code == 0, result.output
    assert f"{src}: note: the .puz leaves out 1 shaded or coloured square(s)" in result.stdout
    assert (tmp_path / "s.puz").exists()
    assert puz_losses(parse_puzzle(TextSource("p.txt", ".....\n.....\n.....\n"))) == []


def _with_bytes(data: bytes, offset: int, value: bytes) -> bytes:
    return data[:offset] + value + data[offset + len(value):]


def test_a_global_checksum_mismatch_is_read_with_a_note_that_says_so(invoke, tmp_path):
    data = _shaped()
    bad = _with_bytes(data, 0, struct.pack("<H", (struct.unpack_from("<H", data)[0] + 1) & 0xFFFF))
    pattern = parse_puz("edited.puz", bad)
    assert pattern.grid == parse_puz("ok.puz", data).grid
    assert pattern.notes[0].startswith("the file's global checksum does not match its contents")
    src = tmp_path / "edited.puz"
    src.write_bytes(bad)
    result = invoke("pattern", "--from", src, "--out", tmp_path / "e.pdf")
    assert result.exit_code == 0, result.output
    assert f"{src}: note: the file's global checksum does not match" in result.stdout


def test_a_damaged_extension_is_named():
    data = _shaped()
    at = data.index(b"GEXT") + 6           # GEXT, its length, then its checksum
    bad = _with_bytes(data, at, b"\x00\x00")
    pattern = parse_puz("gext.puz", bad)
    assert any("GEXT section's checksum does not match" in note for note in pattern.notes), pattern.notes
    assert pattern.circled == [(1, 2)]     # the section itself is still readable


def test_a_scrambled_solution_is_explained_and_its_letters_left_out():
    import puz

    p = puz.Puzzle()
    p.width, p.height = 5, 3
    p.solution = "CAT.S" + "AHORE" + "ROPE."
    p.fill = "".join("." if ch == "." else "-" for ch in p.solution)
    p.clues = ["x"] * 7
    p.lock_solution(1234)
    pattern = parse_puz("locked.puz", bytes(p.tobytes()))
    assert not pattern.grid.has_letters and pattern.grid.text_rows == ("...#.", ".....", "....#")
    assert any("scrambled" in note and "letters are left out" in note for note in pattern.notes)


@pytest.mark.parametrize("change, why", [
    (lambda d: b"<?xml version='1.0'?><crossword-compiler/>", "no ACROSS&DOWN signature"),
    (lambda d: d[:20], "cut short inside its header"),
    (lambda d: d[:60], "cut short: its solution needs 25 squares"),
    (lambda d: _with_bytes(d, 0x2C, b"\x00"), "a 0x5 grid"),
])
def test_every_refusal_names_its_real_cause(change, why):
    with pytest.raises(InputError) as err:
        parse_puz("bad.puz", change(_shaped()))
    assert why in err.value.message, err.value.message
    assert "not an Across Lite .puz file" not in err.value.message or "signature" in err.value.message


def test_voids_do_not_survive_as_blocks_in_any_cell():
    grid = parse_puz("diamond.puz", _shaped()).grid
    assert "".join(grid.text_rows).count(VOID) == 12
