"""The pattern text format: rows of # . and letters, stand-alone # comments, FILE:LINE:COL errors."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kitgen.core.errors import InputError
from kitgen.core.grid import Grid
from kitgen.core.text import TextSource
from kitgen.games.crossword.formats.pattern import format_puzzle, load_puzzle, parse_pattern, strip_comment
from kitgen.games.crossword.rules.pattern import Pattern


def parse(text: str, name: str = "p.txt") -> Grid:
    return parse_pattern(TextSource(name, text))


def test_rows_blocks_letters_and_comments():
    g = parse("# from Saturday's paper\n\n#..\n.C.   # a letter\n..#\n")
    assert g.text_rows == ("#..", ".C.", "..#")
    assert g.letters() == {(1, 1): "C"}


def test_hash_in_a_row_is_a_block_not_a_comment():
    assert strip_comment("#.#") == "#.#"
    assert strip_comment("  ### ") == "  ###"
    assert strip_comment("..# # note") == "..#"
    assert strip_comment("# whole line") == ""


def test_round_trip():
    g = Grid(["#...", "....", "...#"])
    assert parse(format_puzzle(Pattern(g), "hello")) == g


@pytest.mark.parametrize("text, where, why", [
    ("...\n..\n...\n", "p.txt:2:3", "ragged row"),
    ("...\n.x.\n..%\n", "p.txt:3:3", "bad cell '%'"),
    ("...\n. .\n...\n", "p.txt:2:2", "a space inside a row"),
    ("...\n...\n", "p.txt:2:1", "only 2 row(s)"),
    ("..\n..\n..\n", "p.txt:1:1", "only 2 cell(s)"),
    ("# nothing\n", "p.txt", "no pattern rows"),
])
def test_malformed_patterns_name_line_and_column(text, where, why):
    with pytest.raises(InputError) as exc:
        parse(text)
    assert str(exc.value).startswith(where + ":")
    assert why in str(exc.value)


def test_64_rows_or_columns_are_refused_with_the_place():
    with pytest.raises(InputError) as exc:
        parse(("." * 64 + "\n") * 3)
    assert str(exc.value).startswith("p.txt:1:64:")
    with pytest.raises(InputError) as exc:
        parse(("." * 10 + "\n") * 64)
    assert str(exc.value).startswith("p.txt:64:1:")
    assert len(parse(("." * 63 + "\n") * 63).lights) == 126


def test_file_errors(tmp_path):
    with pytest.raises(InputError, match="no such file"):
        load_puzzle(tmp_path / "missing.txt")
    bad = tmp_path / "bin.txt"
    bad.write_bytes(b"...\n\x00..\n")
    with pytest.raises(InputError, match="binary"):
        load_puzzle(bad)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(alphabet=st.sampled_from(list("#.aZ \n\t#é1")), max_size=300))
def test_fuzzed_pattern_reader_raises_only_input_errors(text):
    try:
        parse(text)
    except InputError:
        pass
