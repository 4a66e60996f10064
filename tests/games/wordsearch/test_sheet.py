"""The typed sheet reader (issue 4): 5 lines of 5 letters plus an optional turn log; fuzzed."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kitgen.core.errors import InputError
from kitgen.core.text import TextSource
from kitgen.games.wordsearch.formats.sheet import MalformedSheet, Sheet, parse_sheet


def parse(text: str) -> Sheet:
    return parse_sheet(TextSource("sheet.txt", text))


GRID = "ETONE\nBOATS\nCRISP\nHEARD\nLATER\n"


def test_reads_grid_written_together_or_spaced_any_case_with_comments() -> None:
    sheet = parse("# Ann\n\netone\nB O A T S   # spaced\nCRISP\nHEARD\nLATER\n")
    assert sheet.rows == ["ETONE", "BOATS", "CRISP", "HEARD", "LATER"]
    assert sheet.turns == ()
    assert str(sheet.grid_where) == "sheet.txt:3:1"


def test_reads_the_turn_log() -> None:
    sheet = parse(GRID + "1 the T 1 2\n2 playfully Y 4 2\n")
    assert [(t.number, t.word, t.letter, t.row, t.col) for t in sheet.turns] == [
        (1, "the", "T", 1, 2), (2, "playfully", "Y", 4, 2)]
    assert str(sheet.turns[1].where) == "sheet.txt:7:1"


def test_accents_fold_to_letters() -> None:
    assert parse("ÉTONE\nBOATS\nCRISP\nHEARD\nLATER\n").rows[0] == "ETONE"


@pytest.mark.parametrize("text, where, why", [
    ("ETON\nBOATS\nCRISP\nHEARD\nLATER\n", "sheet.txt:1:5", "line 1 of the grid has 4 boxes; a line has 5"),
    ("ETONES\nBOATS\nCRISP\nHEARD\nLATER\n", "sheet.txt:1:6", "line 1 of the grid has 6 boxes"),
    ("ETONE\nBO1TS\nCRISP\nHEARD\nLATER\n", "sheet.txt:2:3", "'1' is not a letter A-Z"),
    ("ETONE\nBOATS\nCR.SP\nHEARD\nLATER\n", "sheet.txt:3:3", "box 3,3 is blank"),
    ("ETONE\nBOATS\nCRISP\n", "sheet.txt:4:1", "the grid has 3 lines"),
    ("", "sheet.txt:1:1", "the grid has 0 lines"),
    (GRID + "1 the T 1\n", "sheet.txt:6:9", "a turn is 'turn word letter row col' (5 fields, got 4)"),
    (GRID + "2 the T 1 2\n", "sheet.txt:6:1", "expected turn 1 here"),
    (GRID + "1 the T 1 2\n1 the T 1 3\n", "sheet.txt:7:1", "expected turn 2 here"),
    (GRID + "x the T 1 2\n", "sheet.txt:6:1", "the turn number must be a number"),
    (GRID + "1 the TH 1 2\n", "sheet.txt:6:7", "the letter written must be one letter"),
    (GRID + "1 the T 6 2\n", "sheet.txt:6:9", "the row (line) must be from 1 to 5 (got 6)"),
    (GRID + "1 the T 1 0\n", "sheet.txt:6:11", "the column must be from 1 to 5 (got 0)"),
    (GRID + "1 th3 T 1 2\n", "sheet.txt:6:3", "'th3' is not a word"),
])
def test_malformed_sheets_name_line_and_column(text: str, where: str, why: str) -> None:
    with pytest.raises(MalformedSheet) as info:
        parse(text)
    assert str(info.value).startswith(f"{where}: ")
    assert why in str(info.value)


def test_a_26th_turn_is_refused() -> None:
    log = "".join(f"{n} cat C 3 1\n" for n in range(1, 27))
    with pytest.raises(MalformedSheet, match="26th"):
        parse(GRID + log)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(alphabet=st.sampled_from(list("ETONEBOATS .#_?-1234567\n\t xyzÉß\u00a0'")), max_size=300))
def test_fuzzed_sheets_raise_only_input_errors(text: str) -> None:
    try:
        sheet = parse(text)
    except InputError:
        return
    assert len(sheet.cells) == 25 and sheet.cells.isalpha()


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=200))
def test_fuzzed_bytes_raise_only_input_errors(data: bytes) -> None:
    try:
        parse_sheet(TextSource.from_bytes("sheet.txt", data))
    except InputError:
        pass


_LOG_LINE = st.builds(
    lambda word, letter, row, col: f"{word} {letter} {row} {col}",
    st.sampled_from(["a", "is", "cat", "tone", "boats", "planet", "playfully", "don't", "x-ray", "Étude"]),
    st.sampled_from(list("ACETSPYX")), st.integers(1, 5), st.integers(1, 5))


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.text(alphabet="ACETSPYX", min_size=5, max_size=5), min_size=5, max_size=5),
       st.lists(_LOG_LINE, max_size=26))
def test_fuzzed_logs_give_a_rule_error_or_input_error_only(rows: list[str], log: list[str]) -> None:
    from kitgen.core.errors import RuleBroken
    from kitgen.games.wordsearch.rules import replay

    text = "\n".join(rows) + "\n" + "".join(f"{n} {line}\n" for n, line in enumerate(log, start=1))
    try:
        sheet = parse(text)
    except InputError:
        assert len(log) > 25
        return
    try:
        replay(sheet.cells, sheet.turns)
    except RuleBroken as exc:
        assert exc.where is None or str(exc.where).startswith("sheet.txt:")
