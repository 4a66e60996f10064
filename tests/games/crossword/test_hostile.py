"""Hostile and malformed pattern files through the CLI (issue 14's list), for every format it applies to.

Each file goes through ``kitgen pattern --from FILE`` and ``kitgen pattern --check FILE``: either a clean
import (exit 0, what was left out said on a ``FILE: note:`` line) or exit 2 with one ``kitgen: FILE:LINE:COL:``
line (a .puz file, being binary, by its name only); never a traceback, never a file written on exit 2.

The cases: bars on the grid's outer edge, a bar between a cell and a block, a grid of omitted cells only (or
blocks only, where a format has no omitted cells), a 63x63 barred grid (the largest kitgen reads; 64 is refused),
and ipuz styles kitgen does not know.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest

_BIG = 63


def _ipuz(puzzle: list, **extra: object) -> str:
    doc = {"version": "http://ipuz.org/v2", "kind": ["http://ipuz.org/crossword#1"],
           "dimensions": {"width": len(puzzle[0]), "height": len(puzzle)}, "puzzle": puzzle, **extra}
    return json.dumps(doc, indent=1)


def _barred_cell(c: int) -> object:
    """Row cells of the 63x63 barred grid: a bar right of every 4th cell (16 lights a row)."""
    return {"cell": 0, "style": {"barred": "R"}} if c % 4 == 3 and c < _BIG - 1 else 0


def _big_barred_ipuz(size: int = _BIG) -> str:
    return _ipuz([[_barred_cell(c) for c in range(size)] for _ in range(size)])


def _big_barred_text(size: int = _BIG) -> str:
    row = "".join("." + ("|" if c % 4 == 3 and c < size - 1 else "") for c in range(size))
    return "\n".join([row] * size) + "\n"


def _across(grid: list[str]) -> str:
    head = ["<ACROSS PUZZLE V2>", "<TITLE>", "T", "<AUTHOR>", "A", "<COPYRIGHT>", "C",
            "<SIZE>", f"{len(grid[0])}x{len(grid)}", "<GRID>"]
    return "\n".join(head + grid + ["<REBUS>", "<ACROSS>", "<DOWN>", "<NOTEPAD>"]) + "\n"


def _puz(rows: list[str]) -> bytes:
    import puz

    p = puz.Puzzle()
    p.height, p.width = len(rows), len(rows[0])
    p.solution = "".join(rows)
    p.fill = "".join("." if ch == "." else "-" for ch in p.solution)
    p.clues = []
    return bytes(p.tobytes())


OK, REFUSED = 0, 2

# (id, file name, content, --from exit, what stdout/stderr says, --check exit)
CASES: list[tuple[str, str, Callable[[], str | bytes], int, str, int]] = [
    ("ipuz-outer-bars", "edge.ipuz",
     lambda: _ipuz([[{"cell": 1, "style": {"barred": "TL"}}, 2, {"cell": 3, "style": {"barred": "R"}}],
                    [4, "#", 5], [6, 0, {"cell": 0, "style": {"barred": "B"}}]]),
     OK, "note: 4 bar(s) on the outer edge or beside a block or void left out", OK),
    ("ipuz-bar-beside-block", "block.ipuz",
     lambda: _ipuz([[1, 2, 3], [4, "#", {"cell": 5, "style": {"barred": "L"}}], [6, 0, 0]]),
     OK, "note: 1 bar(s) on the outer edge or beside a block or void left out", OK),
    ("ipuz-null-only", "null.ipuz", lambda: _ipuz([[None] * 4] * 3),
     REFUSED, r"null\.ipuz:10:12: the pattern has no light", OK),
    ("ipuz-63x63-barred", "big.ipuz", _big_barred_ipuz, OK, "wrote", OK),
    ("ipuz-64x64-barred", "huge.ipuz", lambda: _big_barred_ipuz(64),
     REFUSED, r"huge\.ipuz:7:12: dimensions width must be a whole number from 3 to 63", REFUSED),
    ("ipuz-unknown-styles", "styles.ipuz",
     lambda: _ipuz([[1, 2, 3], [4, {"cell": 0, "style": "nosuch"}, {"style": {"sparkle": 1, "divided": "/"}}],
                    [5, 0, 0]], styles={"nosuch2": {"mark": {"TL": "1"}}}),
     OK, "note: styles kitgen does not print left out: divided, sparkle, style 'nosuch' (not in styles)", OK),
    ("text-outer-bar", "edge.txt", lambda: "...|\n...\n...\n",
     REFUSED, r"edge\.txt:1:4: a bar on the grid's outer edge", REFUSED),
    ("text-bar-beside-block", "block.txt", lambda: ".#|.\n...\n...\n",
     REFUSED, r"block\.txt:1:3: a bar must separate two white cells", REFUSED),
    ("text-void-only", "void.txt", lambda: "----\n----\n----\n",
     REFUSED, r"void\.txt:1:1: the pattern has no light", OK),
    ("text-63x63-barred", "big.txt", _big_barred_text, OK, "wrote", OK),
    ("text-64-wide", "wide.txt", lambda: _big_barred_text(64),
     REFUSED, r"wide\.txt:1:\d+: row has more than 63 cells", REFUSED),
    ("across-blocks-only", "blocks.txt", lambda: _across(["...", "...", "..."]),
     REFUSED, r"blocks\.txt:11:1: the pattern has no light", OK),
    ("across-63x63", "big-across.txt", lambda: _across(["A" * _BIG] * _BIG), OK, "wrote", OK),
    ("across-64x64", "huge-across.txt", lambda: _across(["A" * 64] * 64),
     REFUSED, r"huge-across\.txt:9:1: a 64x64 grid; kitgen reads 3 to 63 a side", REFUSED),
    ("puz-blocks-only", "blocks.puz", lambda: _puz(["...", "...", "..."]),
     REFUSED, r"blocks\.puz: the pattern has no light", OK),
    ("puz-63x63", "big.puz", lambda: _puz(["A" * _BIG] * _BIG), OK, "wrote", OK),
    ("puz-64x64", "huge.puz", lambda: _puz(["A" * 64] * 64),
     REFUSED, r"huge\.puz: a 64x64 grid; kitgen reads 3 to 63 a side", REFUSED),
    ("puz-truncated", "cut.puz", lambda: _puz(["CAT", "A.O", "TOP"])[:60],
     REFUSED, r"cut\.puz: the file is cut short", REFUSED),
]


def _write(tmp_path: Path, name: str, make: Callable[[], str | bytes]) -> Path:
    path = tmp_path / name
    content = make()
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    return path


def _one_located_line(stderr: str, path: Path, pattern: str) -> None:
    lines = stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in stderr, stderr
    assert re.fullmatch(r"kitgen: " + re.escape(str(path.parent)) + "/" + pattern + ".*", lines[0]), lines[0]


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_hostile_file_imports_cleanly_or_is_exit_2_at_its_place(invoke, tmp_path, case):
    _id, name, make, code, says, check_code = case
    src = _write(tmp_path, name, make)
    out = tmp_path / "out"
    result = invoke("pattern", "--from", src, "--small-squares", "--out", out / "p.pdf")
    assert result.exit_code == code, (result.stdout, result.stderr)
    if code == REFUSED:
        _one_located_line(result.stderr, src, says)
        assert not out.exists()   # nothing written
    else:
        assert says in result.stdout and (out / "p.pdf").stat().st_size > 0, result.stdout
    check = invoke("pattern", "--check", src)
    assert check.exit_code == check_code and "Traceback" not in check.stderr, (check.stdout, check.stderr)
    if check_code == REFUSED:
        _one_located_line(check.stderr, src, says)


def test_a_63x63_barred_grid_keeps_its_bars_through_the_cli(invoke, tmp_path):
    src = _write(tmp_path, "big.txt", _big_barred_text)
    result = invoke("pattern", "--from", src, "--small-squares", "--out", tmp_path / "p.pdf",
                    "--ipuz", tmp_path / "big.ipuz", "--json")
    assert result.exit_code == 0, result.stderr
    summary = json.loads(result.stdout)["patterns"][0]
    assert (summary["size"], len(summary["bars"]), summary["lights"]) == ("63x63", 63 * 15, 63 * 16 + 63)
    assert summary["bars"][:2] == [[0, 3, "R"], [0, 7, "R"]]
    again = invoke("pattern", "--check", tmp_path / "big.ipuz")
    assert again.exit_code == 0 and "63x63 (columns x rows), 0 blocks, 945 bars, 1071 lights" in again.stdout
