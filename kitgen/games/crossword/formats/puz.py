"""Across Lite ``.puz`` read (with puzpy) and write (docs/crossword.md, ruling 8).

Read: the diagram (``.`` blocks; ``:`` the blocks of a diagramless puzzle), the
solution's letters and rebus cells (``GRBS``/``RTBL``), circled cells (``GEXT``
flag 0x80), and the title, author, copyright and notes. A diagramless puzzle
(type 0x0401) has no diagram of its own: its blocks are the solution's, and the
pattern says so (``diagram_from_solution``). Anything puzpy cannot read -- a
truncated or foreign file -- is an ``InputError`` naming the file, never a
traceback.

Write: ``--puz OUT`` writes Across Lite 1.3 with the pattern's letters (a
blank pattern gets ``X`` in every white cell, since .puz has no blank
solution: the solver is given only the empty grid), its circles, rebus cells
and metadata. A .puz grid holds blocks and letters only: a barred grid, or one
with omitted cells, cannot be written and is refused with the reason.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kitgen.core.errors import InputError, Location
from kitgen.core.grid import BLOCK, EMPTY, MAX_SIDE, MIN_SIDE, Cell, Grid
from kitgen.core.text import read_input
from kitgen.games.crossword.rules.pattern import CellMark, Meta, Pattern

MAX_PUZ_BYTES = 1_000_000
CIRCLED = 0x80
BLANK_LETTER = "X"
"""What a blank pattern's solution holds in every white cell when written as .puz."""


class BadPuz(InputError):
    """A ``.puz`` file kitgen cannot read."""


class CannotWritePuz(InputError):
    """A pattern the .puz format cannot hold (bars, omitted cells)."""


def _load(name: str, data: bytes) -> Any:
    import puz

    try:
        p = puz.load(data)
        width, height = int(p.width), int(p.height)
        cells = p.solution or p.fill
    except Exception as exc:  # puzpy raises many kinds on a bad file
        reason = "" if type(exc).__name__ == "PuzzleFormatError" else f" ({type(exc).__name__})"
        raise BadPuz(f"not an Across Lite .puz file{reason}", Location(name)) from None
    if not (MIN_SIDE <= width <= MAX_SIDE and MIN_SIDE <= height <= MAX_SIDE):
        raise BadPuz(f"a {width}x{height} grid; kitgen reads {MIN_SIDE} to {MAX_SIDE} a side", Location(name))
    if not isinstance(cells, str) or len(cells) != width * height:
        raise BadPuz("the grid does not match the puzzle's size", Location(name))
    return p


def _extras(p: Any, grid: Grid) -> tuple[dict[Cell, CellMark], dict[Cell, str]]:
    """Circled cells (GEXT) and rebus solutions (GRBS/RTBL), each only if puzpy can read it."""
    width = grid.cols
    marks: dict[Cell, CellMark] = {}
    rebus: dict[Cell, str] = {}
    try:
        if p.has_markup():
            for i in p.markup().get_markup_squares():
                if p.markup().markup[i] & CIRCLED and grid.is_white(i // width, i % width):
                    marks[(i // width, i % width)] = CellMark(circled=True)
        if p.has_rebus():
            for i in p.rebus().get_rebus_squares():
                text = p.rebus().get_rebus_solution(i)
                if text and grid.is_white(i // width, i % width):
                    rebus[(i // width, i % width)] = "".join(ch for ch in str(text).upper() if "A" <= ch <= "Z")
    except Exception:  # a damaged extra section: the grid itself is still good
        return {}, {}
    return marks, {cell: text for cell, text in rebus.items() if len(text) > 1}


def parse_puz(name: str, data: bytes) -> Pattern:
    """The pattern of a .puz file (its letters kept: callers blank it to print)."""
    import puz

    p = _load(name, data)
    width, height = int(p.width), int(p.height)
    cells = p.solution or p.fill
    rows = []
    for r in range(height):
        row = cells[r * width:(r + 1) * width]
        rows.append("".join(BLOCK if ch in ".:" else ch.upper() if "A" <= ch.upper() <= "Z" else EMPTY
                            for ch in row))
    grid = Grid(rows)
    marks, rebus = _extras(p, grid)
    diagramless = int(p.puzzletype) == int(puz.PuzzleType.Diagramless)
    meta = Meta(title=_clean(p.title), author=_clean(p.author), copyright=_clean(p.copyright), notes=_clean(p.notes))
    notes = ("diagramless: the diagram (blocks) is taken from the solution",) if diagramless else ()
    return Pattern(grid, marks, rebus, meta, diagramless, diagramless, notes)


def _clean(value: object) -> str:
    return " ".join(str(value or "").split())


def read_puz(path: str | Path) -> Pattern:
    name = str(path)
    data = read_input(path, MAX_PUZ_BYTES, "file too large for a .puz")
    return parse_puz(name, data)


def puz_refusal(pattern: Pattern) -> str | None:
    """Why ``pattern`` cannot be written as .puz, or ``None``."""
    grid = pattern.grid
    if grid.bars:
        return "a barred grid cannot be written as .puz (Across Lite has blocks only, no bars); use --ipuz"
    if grid.void_count:
        return "a grid with omitted cells cannot be written as .puz (Across Lite grids are full rectangles); " \
               "use --ipuz"
    return None


def puz_bytes(pattern: Pattern, title: str = "") -> bytes:
    """The Across Lite .puz bytes of ``pattern`` (``CannotWritePuz`` for a barred or shaped grid)."""
    import puz

    why = puz_refusal(pattern)
    if why:
        raise CannotWritePuz(why)
    grid = pattern.grid
    p = puz.Puzzle()
    p.width, p.height = grid.cols, grid.rows
    blank = not grid.has_letters
    p.solution = "".join("." if ch == BLOCK else BLANK_LETTER if blank or ch == EMPTY else ch
                         for row in grid.iter_rows() for ch in row)
    p.fill = "".join("." if ch == "." else "-" for ch in p.solution)
    if pattern.diagramless:
        p.puzzletype = puz.PuzzleType.Diagramless
        p.solution = p.solution.replace(".", ":")
        p.fill = p.fill.replace(".", ":")
    meta = pattern.meta
    p.title, p.author, p.copyright, p.notes = meta.title or title, meta.author, meta.copyright, meta.notes
    p.clues = [""] * len(grid.lights)
    _write_extras(p, pattern)
    return bytes(p.tobytes())


def _write_extras(p: Any, pattern: Pattern) -> None:
    import puz

    width = pattern.grid.cols
    circled = [r * width + c for r, c in pattern.circled]
    if circled:
        p.markup().set_markup_squares(circled, puz.GridMarkup.Circled)
    for (r, c), text in sorted(pattern.rebus.items()):
        if pattern.grid.has_letters:
            p.rebus().add_rebus_squares(r * width + c, text)


__all__ = ["BadPuz", "CannotWritePuz", "parse_puz", "puz_bytes", "puz_refusal", "read_puz"]
