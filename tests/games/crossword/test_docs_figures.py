"""docs/crossword.md states the score table's and the grid's least sizes as the code has them (issue 32 raised
numbers-only rows from 4 to 6 mm and squares to 6 mm; the page still said "4 mm rows" and "squares of at least
4 mm")."""

from __future__ import annotations

import re
from pathlib import Path

from kitgen.games.crossword.render.panel import MIN_CELL
from kitgen.games.crossword.render.table import MIN_ROW_NUMBERS
from kitgen.io.pdf import MM

DOC = Path(__file__).resolve().parents[3] / "docs" / "crossword.md"


def test_the_page_states_the_rows_and_squares_the_code_prints() -> None:
    text = " ".join(DOC.read_text(encoding="utf-8").split())
    rows = [float(n) for n in re.findall(r"light, score and total in (\d+(?:\.\d+)?) mm rows", text)]
    squares = [float(n) for n in re.findall(r"keeps squares of at least (\d+(?:\.\d+)?) mm", text)]
    assert rows == [round(MIN_ROW_NUMBERS / MM, 1)]
    assert squares == [round(MIN_CELL / MM, 1)]
