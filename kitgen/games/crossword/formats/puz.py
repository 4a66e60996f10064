"""Across Lite ``.puz`` import (issue 3), read with puzpy; an imported grid is blanked.

In a ``.puz`` file the ``fill`` (or solution) string marks blocks with ``.``.
Anything puzpy cannot read -- a truncated or foreign file -- is an
``InputError`` naming the file, never a traceback.
"""

from __future__ import annotations

from pathlib import Path

from kitgen.core.errors import InputError, Location
from kitgen.core.grid import MAX_SIDE, MIN_SIDE, Grid
from kitgen.core.text import read_input

MAX_PUZ_BYTES = 1_000_000


class BadPuz(InputError):
    """A ``.puz`` file kitgen cannot read."""


def parse_puz(name: str, data: bytes) -> Grid:
    import puz

    where = Location(name)
    try:
        p = puz.load(data)
        width, height = int(p.width), int(p.height)
        cells = p.solution or p.fill
    except Exception as exc:  # puzpy raises many kinds on a bad file
        reason = "" if type(exc).__name__ == "PuzzleFormatError" else f" ({type(exc).__name__})"
        raise BadPuz(f"not an Across Lite .puz file{reason}", where) from None
    if not (MIN_SIDE <= width <= MAX_SIDE and MIN_SIDE <= height <= MAX_SIDE):
        raise BadPuz(f"a {height}x{width} grid; kitgen reads {MIN_SIDE} to {MAX_SIDE} a side", where)
    if not isinstance(cells, str) or len(cells) != width * height:
        raise BadPuz("the grid does not match the puzzle's size", where)
    rows = ["".join("#" if ch in ".:" else "." for ch in cells[r * width:(r + 1) * width]) for r in range(height)]
    return Grid(rows)


def read_puz(path: str | Path) -> Grid:
    name = str(path)
    data = read_input(path, MAX_PUZ_BYTES, "file too large for a .puz")
    return parse_puz(name, data)
