"""The ipuz reader's JSON layer (issue 31): parsed by ``json.loads`` with no decoder internals replaced, nesting
capped before parsing, and every value still located at its own line and column."""

from __future__ import annotations

import json

import pytest

from kitgen.core.errors import InputError
from kitgen.games.crossword.formats.ipuz import MAX_DEPTH, _Placed, parse_ipuz


def test_every_value_is_located_where_it_is_typed():
    text = '{\n "a": [1, {"b": [null, "x"]}],\n "c": {"d": true}, "a2": -4.5e3\n}'
    placed = _Placed("f.ipuz", text)
    data = placed.loads()
    assert isinstance(data, dict)
    inner = data["a"][1]

    def at(container: object, key: object) -> str:
        where = placed.at(container, key)
        line = text.splitlines()[where.line - 1]
        return line[where.col - 1:where.col + 5]

    assert at(data, "a").startswith("[1,") and at(data["a"], 1).startswith('{"b"')
    assert at(inner["b"], 1).startswith('"x"') and at(data["c"], "d").startswith("true")
    assert at(data, "a2").startswith("-4.5e3")


def test_a_key_repeated_is_located_at_its_last_value_as_json_keeps_it():
    text = '{"k": 1,\n "k": [2]}'
    placed = _Placed("f.ipuz", text)
    data = placed.loads()
    assert isinstance(data, dict) and data["k"] == [2]
    assert (placed.at(data, "k").line, placed.at(data, "k").col) == (2, 7)


@pytest.mark.parametrize("depth", [MAX_DEPTH + 1, 3000, 100_000])
def test_deep_nesting_is_refused_before_parsing_at_the_bracket(depth):
    text = "{\"puzzle\": " + "[" * depth + "]" * depth + "}"
    with pytest.raises(InputError) as err:
        parse_ipuz("deep.ipuz", text)
    assert f"nested deeper than {MAX_DEPTH}" in err.value.message
    assert err.value.where is not None and err.value.where.col == len('{"puzzle": ') + MAX_DEPTH


def test_brackets_inside_strings_do_not_count_as_nesting():
    text = json.dumps({"title": "[" * 500 + "\\\"{" * 100, "kind": ["http://ipuz.org/crossword#1"],
                       "dimensions": {"width": 3, "height": 3}, "puzzle": [[0, 0, 0]] * 3})
    assert parse_ipuz("ok.ipuz", text).grid.cols == 3


def test_the_reader_replaces_no_decoder_internals():
    import inspect

    from kitgen.games.crossword.formats import ipuz

    source = inspect.getsource(ipuz)
    assert "py_make_scanner" not in source and "parse_array" not in source and "JSONObject" not in source


def test_a_location_is_its_line_and_column_at_every_offset() -> None:
    text = '\n{\n "a": [1,\n\n  2]}\n'
    placed = _Placed("f.ipuz", text)
    for offset in range(len(text) + 1):
        line = text.count("\n", 0, offset) + 1
        col = offset - (text.rfind("\n", 0, offset) + 1) + 1
        assert placed.location(offset) == placed.location(offset)  # the newline table, once built, is reused
        where = placed.location(offset)
        assert (where.file, where.line, where.col) == ("f.ipuz", line, col), offset


class _Counted(str):
    """Text that counts how often a reader scans it for newlines (``count`` and ``rfind``)."""

    scans = 0

    def count(self, *args: object) -> int:
        _Counted.scans += 1
        return super().count(*args)  # type: ignore[arg-type]

    def rfind(self, *args: object) -> int:
        _Counted.scans += 1
        return super().rfind(*args)  # type: ignore[arg-type]


def test_a_big_grid_is_located_without_scanning_its_text_once_a_cell() -> None:
    """Issue 25's bench bar: the reader gives every white cell its place (the one rule-error model), and counting
    the newlines before each one made a 63x63 barred ipuz take twice the CPU of 1ec0211's reader (61 -> 133 ms,
    read and --check report); the newlines are listed once."""
    cell = {"cell": 0, "style": {"barred": "R"}}
    rows = [[cell if c % 4 == 3 and c < 62 else 0 for c in range(63)] for _ in range(63)]
    text = _Counted(json.dumps({"version": "http://ipuz.org/v2", "kind": ["http://ipuz.org/crossword#1"],
                                "dimensions": {"width": 63, "height": 63}, "puzzle": rows}, indent=1))
    _Counted.scans = 0
    grid = parse_ipuz("big.ipuz", text).grid
    assert len(grid.white_cells) == 63 * 63 and len(grid.bars) == 15 * 63
    assert _Counted.scans < 10  # was one count and one rfind a cell and style: 9,830
