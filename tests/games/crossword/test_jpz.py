"""jpz, Crossword Compiler's XML (issue 31), written as the crossword.info schema describes it and as Crossword
Compiler writes it (the applet wrapper or the plain ``crossword-compiler`` root, namespaces, ``x="1-2"`` ranges,
``type="block"``/``"void"``, bars, ``background-shape``/``background-color``, its own ``number``), plain and
zipped. Each test states the cells, voids, bars, circles, shading, numbering and metadata; XML attacks are
refused."""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

import pytest

from kitgen.core.errors import InputError
from kitgen.core.grid import BELOW, RIGHT
from kitgen.games.crossword.formats.ipuz import ipuz_text, parse_ipuz
from kitgen.games.crossword.formats.jpz import MAX_JPZ_BYTES, parse_jpz
from kitgen.games.crossword.formats.pattern import load_puzzle

FILES = Path(__file__).parent / "files"


def test_cells_blocks_voids_bars_circles_shading_rebus_and_metadata():
    pattern = load_puzzle(FILES / "barred.jpz")
    grid = pattern.grid
    assert grid.text_rows == ("CART", "OBOE", "##HE", "-SEA")
    assert grid.block_count == 2 and grid.void_count == 1
    assert grid.bars == {((0, 2), RIGHT), ((0, 0), BELOW), ((2, 2), RIGHT)}   # left-, top- and right-bar
    assert [(light.name, light.length) for light in grid.lights] == [("1A", 3), ("2D", 2), ("3D", 4), ("4D", 4),
                                                                     ("5A", 4), ("6A", 3)]
    assert pattern.circled == [(0, 0)] and pattern.shaded == [(1, 2), (3, 2)]      # white is no shading
    assert pattern.marks[(3, 2)].color == "FFCC00" and dict(pattern.rebus) == {(2, 2): "HEART"}
    meta = pattern.meta
    assert (meta.title, meta.author, meta.copyright, meta.publisher, meta.notes) == (
        "Barred Four", "A. Setter", "\u00a9 2025 The Weekly Paper", "The Weekly Paper", "Circles spell a word")
    assert pattern.labels == {}   # its numbers are the lights' own
    assert pattern.notes == ("1 bar(s) on the outer edge or beside a block or void left out",)


def test_the_files_own_numbering_is_kept_and_unnamed_squares_are_omitted():
    pattern = load_puzzle(FILES / "variety.jpz")
    assert pattern.grid.text_rows == ("ABC", "D#E", "-FG")
    assert dict(pattern.labels) == {(0, 0): "7", (0, 2): "12", (2, 1): "A"} and pattern.numbers == dict(pattern.labels)
    assert pattern.notes[0] == "1 square(s) no <cell> names are read as omitted squares"
    assert "its own way" in pattern.notes[1]


@pytest.mark.parametrize("name", ["barred.jpz", "variety.jpz"])
def test_a_zipped_jpz_reads_like_the_plain_one(name):
    plain = (FILES / name).read_bytes()
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(name.replace(".jpz", ".xml"), plain)
    assert parse_jpz("z.jpz", out.getvalue()) == parse_jpz("p.jpz", plain)


@pytest.mark.parametrize("name", ["barred.jpz", "variety.jpz"])
def test_a_jpz_pattern_round_trips_through_ipuz(name):
    pattern = load_puzzle(FILES / name)
    again = parse_ipuz("again.ipuz", ipuz_text(pattern))
    assert again.grid == pattern.grid and dict(again.marks) == dict(pattern.marks)
    assert dict(again.labels) == dict(pattern.labels) and dict(again.rebus) == dict(pattern.rebus)


def test_a_jpz_prints_and_says_what_it_left_out(invoke, tmp_path):
    result = invoke("pattern", "--from", FILES / "barred.jpz", "--out", tmp_path / "b.pdf", "--json")
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert doc["patterns"][0]["shaded"] == [[1, 2], [3, 2]] and doc["patterns"][0]["bars"]
    assert any("bar(s) on the outer edge" in note for note in doc["notes"])


BOMB = b"""<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>
<crossword-compiler><rectangular-puzzle><metadata><title>&lol2;</title></metadata></rectangular-puzzle></crossword-compiler>"""
EXTERNAL = b"""<?xml version="1.0"?>
<!DOCTYPE x [<!ENTITY ext SYSTEM "file:///etc/passwd">]><crossword-compiler><title>&ext;</title></crossword-compiler>"""


def _grid(cells: str, width: str = "3", height: str = "3", kind: str = "crossword") -> bytes:
    return (f'<crossword-compiler><rectangular-puzzle><{kind}><grid width="{width}" height="{height}">'
            f"{cells}</grid></{kind}></rectangular-puzzle></crossword-compiler>").encode()


@pytest.mark.parametrize("data, at, why", [
    (BOMB, b"<!DOCTYPE", "a DOCTYPE in a jpz file"),
    (EXTERNAL, b"<!DOCTYPE", "a DOCTYPE in a jpz file"),
    (b"<crossword-compiler><rectangular-puzzle>", None, "not well-formed XML"),
    (b"{\"not\": \"xml\"}", b"{", "not well-formed XML"),
    (b"<html><body/></html>", b"<html>", "no <rectangular-puzzle> in <html>"),
    (_grid("", kind="acrostic"), b"<acrostic>", "a <acrostic> puzzle"),
    (_grid("", width="64"), b"<grid", "grid width must be a whole number from 3 to 63 (got '64')"),
    (_grid('<cell x="4" y="1"/>'), b"<cell", "cell x='4' is outside the grid"),
    (_grid('<cell x="a" y="1"/>'), b"<cell", "cell x must be a square number"),
    (_grid('<cell x="1" y="1" number="12345"/>'), b"<cell", "a clue number of 5 characters"),
    (b"<a>" * 40, b"<a>" * 32 + b"<a>", "XML nested deeper than 32"),
])
def test_bad_and_hostile_jpz_is_refused_where_it_is(data, at, why):
    with pytest.raises(InputError) as err:
        parse_jpz("b.jpz", data)
    where = err.value.where
    assert why in err.value.message and where is not None and where.file == "b.jpz", str(err.value)
    if at is None:
        assert (where.line, where.col) == (1, len(data) + 1)     # where the text stops short
    elif at.startswith(b"<!"):
        assert where.line == data[:data.index(at)].count(b"\n") + 1
    else:
        offset = data.index(at) + (len(at) - 3 if at.startswith(b"<a>") else 0)
        line, col = data[:offset].count(b"\n") + 1, offset - (data.rfind(b"\n", 0, offset) + 1) + 1
        assert (where.line, where.col) == (line, col)


def test_a_zip_bomb_and_a_damaged_zip_are_refused_by_name():
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("big.xml", b" " * (MAX_JPZ_BYTES + 10))
    with pytest.raises(InputError, match="unpacks to more than"):
        parse_jpz("bomb.jpz", out.getvalue())
    with pytest.raises(InputError, match="a damaged ZIP archive"):
        parse_jpz("cut.jpz", out.getvalue()[:40])


# -- export (--jpz) ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["barred.jpz", "variety.jpz", "shaped.ipuz", "barred.ipuz", "rebus.xd"])
def test_jpz_export_reads_back_the_same(name):
    from kitgen.games.crossword.formats.jpz import jpz_text

    pattern = load_puzzle(FILES / name)
    again = parse_jpz("again.jpz", jpz_text(pattern).encode())
    assert again.grid == pattern.grid and dict(again.rebus) == dict(pattern.rebus)
    assert again.circled == pattern.circled and again.shaded == pattern.shaded
    assert dict(again.labels) == dict(pattern.labels) and again.numbers == pattern.numbers
    assert (again.meta.title, again.meta.author, again.meta.copyright, again.meta.notes) == \
        (pattern.meta.title, pattern.meta.author, pattern.meta.copyright, pattern.meta.notes)


def test_cli_jpz_for_generated_patterns_is_blank_and_deterministic(invoke, tmp_path):
    args = ["pattern", "--count", "2", "--seed", "3", "--style", "barred", "--size", "9", "--jpz",
            tmp_path / "set.jpz", "--out", tmp_path / "set.pdf", "--json"]
    result = invoke(*args)
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert doc["jpz"] == [str(tmp_path / "set-1.jpz"), str(tmp_path / "set-2.jpz")]
    first = (tmp_path / "set-1.jpz").read_bytes()
    pattern = parse_jpz("set-1.jpz", first)
    assert pattern.grid.bars and not pattern.grid.has_letters and pattern.meta.author == "kitgen"
    assert invoke(*args).exit_code == 0 and (tmp_path / "set-1.jpz").read_bytes() == first


def test_a_jpz_kitgen_did_not_write_is_never_replaced(invoke, tmp_path):
    target = tmp_path / "mine.jpz"
    target.write_bytes((FILES / "variety.jpz").read_bytes())
    result = invoke("pattern", "--seed", "2", "--jpz", target, "--out", tmp_path / "p.pdf")
    assert result.exit_code == 2 and "was not written by kitgen" in result.stderr
    assert target.read_bytes() == (FILES / "variety.jpz").read_bytes()
