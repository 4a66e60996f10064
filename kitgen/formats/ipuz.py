"""ipuz (http://ipuz.org, v2) read and write for blank crossword patterns (issue 3, import/export).

Written: ``version``, ``kind`` (crossword), ``dimensions``, ``puzzle`` (rows of
clue numbers, ``0`` for an unnumbered white cell, ``"#"`` for a block),
no ``solution`` (a blank pattern has none; ``null`` there would mean an
omitted cell), ``clues`` (every
light's number with an empty clue, so solving apps show the numbering),
``block`` and ``empty``. Output is deterministic (the same grid gives the
same bytes).

Read: ``dimensions`` and ``puzzle``; a cell is a block when it equals the
file's ``block`` value (``#`` by default) or is ``null`` (an omitted cell);
cells may be numbers, strings or ``{"cell": ..., "style": ...}`` objects.
Letters from ``solution`` are not needed: an imported grid is blanked.
"""

from __future__ import annotations

import json
from pathlib import Path

from kitgen.engine.grid import MAX_SIDE, MIN_SIDE, Grid
from kitgen.errors import InputError, Location
from kitgen.formats.reader import TextSource

IPUZ_VERSION = "http://ipuz.org/v2"
IPUZ_KIND = "http://ipuz.org/crossword#1"


class BadIpuz(InputError):
    """An ipuz file kitgen cannot read as a crossword grid."""


def ipuz_dict(grid: Grid, title: str = "kitgen crossword pattern") -> dict:
    numbers = grid.numbers
    puzzle = [["#" if grid.is_block(r, c) else numbers.get((r, c), 0) for c in range(grid.cols)]
              for r in range(grid.rows)]
    clues = {"Across": [[light.number, ""] for light in grid.lights if light.direction == "A"],
             "Down": [[light.number, ""] for light in grid.lights if light.direction == "D"]}
    return {
        "version": IPUZ_VERSION,
        "kind": [IPUZ_KIND],
        "title": title,
        "author": "kitgen",
        "dimensions": {"width": grid.cols, "height": grid.rows},
        "block": "#",
        "empty": 0,
        "puzzle": puzzle,
        "clues": clues,
    }


def ipuz_text(grid: Grid, title: str = "kitgen crossword pattern") -> str:
    """The ipuz JSON of a blank ``grid`` (one puzzle row or clue list a line, deterministic)."""
    parts = []
    for key, value in ipuz_dict(grid, title).items():
        if key == "puzzle":
            inner = ",\n".join("  " + json.dumps(row) for row in value)
            parts.append(f' "{key}": [\n{inner}\n ]')
        elif key == "clues":
            inner = ",\n".join(f'  "{k}": {json.dumps(v)}' for k, v in value.items())
            parts.append(f' "clues": {{\n{inner}\n }}')
        else:
            parts.append(f" {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}")
    return "{\n" + ",\n".join(parts) + "\n}\n"


def parse_ipuz(name: str, text: str) -> Grid:
    where = Location(name)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise BadIpuz(f"not JSON: {exc.msg}", Location(name, exc.lineno, exc.colno)) from None
    except RecursionError:
        raise BadIpuz("not JSON: nested too deeply", where) from None
    if not isinstance(data, dict):
        raise BadIpuz("not an ipuz file (the top level is not an object)", where)
    kinds = data.get("kind")
    if isinstance(kinds, list) and kinds and not any(isinstance(k, str) and "crossword" in k for k in kinds):
        raise BadIpuz(f"not a crossword ipuz (kind {kinds!r})", where)
    dims = data.get("dimensions")
    if not isinstance(dims, dict):
        raise BadIpuz("no dimensions", where)
    width, height = dims.get("width"), dims.get("height")
    for what, n in (("width", width), ("height", height)):
        if not isinstance(n, int) or isinstance(n, bool) or not MIN_SIDE <= n <= MAX_SIDE:
            raise BadIpuz(f"dimensions {what} must be a whole number from {MIN_SIDE} to {MAX_SIDE} (got {n!r})", where)
    puzzle = data.get("puzzle")
    if not isinstance(puzzle, list) or len(puzzle) != height:
        raise BadIpuz(f"puzzle must be a list of {height} rows", where)
    block = data.get("block", "#")
    rows = []
    for r, row in enumerate(puzzle):
        if not isinstance(row, list) or len(row) != width:
            raise BadIpuz(f"puzzle row {r + 1} must have {width} cells", where)
        text_row = []
        for cell in row:
            value = cell.get("cell", 0) if isinstance(cell, dict) else cell
            if value is None or (isinstance(value, (str, int)) and not isinstance(value, bool) and value == block):
                text_row.append("#")
            elif isinstance(value, (str, int)) and not isinstance(value, bool):
                text_row.append(".")
            else:
                raise BadIpuz(f"puzzle row {r + 1}: a cell of unknown kind {value!r}", where)
        rows.append("".join(text_row))
    return Grid(rows)


def read_ipuz(path: str | Path) -> Grid:
    source = TextSource.from_path(path)
    return parse_ipuz(source.name, source.text)
