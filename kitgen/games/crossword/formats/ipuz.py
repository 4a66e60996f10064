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
Every problem is reported at the line and column of the JSON value concerned.
Letters from ``solution`` are not needed: an imported grid is blanked.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from kitgen.core.errors import InputError, Location
from kitgen.core.grid import MAX_SIDE, MIN_SIDE, Grid
from kitgen.core.text import TextSource, parse_count
from kitgen.io.files import kitgen_mark

IPUZ_VERSION = "http://ipuz.org/v2"
IPUZ_KIND = "http://ipuz.org/crossword#1"


class BadIpuz(InputError):
    """An ipuz file kitgen cannot read as a crossword grid."""


def ipuz_dict(grid: Grid, title: str = "kitgen crossword pattern") -> dict[str, Any]:
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
        "origin": kitgen_mark(),
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


class _Placed:
    """Where each JSON array element and object value starts in the text, for ``FILE:LINE:COL`` messages.

    The standard library's pure-Python scanner is given array and object parsers that note the offset
    of every value they read (keyed by the containing list or dict, which stay alive with the result).
    """

    def __init__(self, name: str, text: str) -> None:
        self.name = name
        self.text = text
        self.starts: dict[int, tuple[int, object]] = {}
        self._keep: list[object] = []

    def loads(self) -> object:
        from json import decoder, scanner

        # json.decoder's pure-Python JSONArray/JSONObject are not in typeshed: reached through getattr.
        json_array: Any = getattr(decoder, "JSONArray")  # noqa: B009
        json_object: Any = getattr(decoder, "JSONObject")  # noqa: B009
        Scan = Callable[[str, int], Any]

        def parse_array(s_and_end: tuple[str, int], scan_once: Scan) -> tuple[list[Any], int]:
            offsets: list[int] = []

            def scan(string: str, idx: int) -> Any:
                offsets.append(idx)
                return scan_once(string, idx)

            values, end = json_array(s_and_end, scan)
            self._note(values, s_and_end[1] - 1, offsets)
            return values, end

        def parse_object(s_and_end: tuple[str, int], strict: bool, scan_once: Scan, object_hook: Any,
                         object_pairs_hook: Any, memo: dict[str, str] | None = None) -> tuple[dict[str, Any], int]:
            offsets: list[int] = []

            def scan(string: str, idx: int) -> Any:
                offsets.append(idx)
                return scan_once(string, idx)

            pairs, end = json_object(s_and_end, strict, scan, None, lambda p: p, memo)
            obj = dict(pairs)
            self._note(obj, s_and_end[1] - 1, {k: at for (k, _), at in zip(pairs, offsets, strict=False)})
            return obj, end

        dec = json.JSONDecoder(parse_int=self._int)
        dec.parse_array = parse_array  # type: ignore[attr-defined]
        dec.parse_object = parse_object  # type: ignore[attr-defined]
        dec.scan_once = scanner.py_make_scanner(dec)  # type: ignore[attr-defined]
        return dec.decode(self.text)

    def _int(self, digits: str) -> int:
        """A JSON integer, its digits capped before conversion (``parse_count``), located where it is typed."""
        try:
            return parse_count(digits, None, "a number", signed=True)
        except InputError as exc:
            raise BadIpuz(exc.message, self.location(max(self.text.find(digits), 0))) from None

    def _note(self, container: object, start: int, offsets: object) -> None:
        self._keep.append(container)
        self.starts[id(container)] = (start, offsets)

    def at(self, container: object, key: object = None) -> Location:
        """The place of ``container[key]`` (or of ``container`` itself, or of the file's first character)."""
        found = self.starts.get(id(container))
        offset = 0
        if found is not None:
            offset, offsets = found
            if isinstance(offsets, dict) and key in offsets:
                offset = offsets[key]
            elif isinstance(offsets, list) and isinstance(key, int) and 0 <= key < len(offsets):
                offset = offsets[key]
        return self.location(offset)

    def location(self, offset: int) -> Location:
        """The line and column of the character at ``offset``."""
        line = self.text.count("\n", 0, offset) + 1
        col = offset - (self.text.rfind("\n", 0, offset) + 1) + 1
        return Location(self.name, line, col)


def parse_ipuz(name: str, text: str) -> Grid:
    """The blank grid of an ipuz crossword; a problem is a ``BadIpuz`` at ``FILE:LINE:COL`` of the JSON."""
    placed = _Placed(name, text)
    try:
        data = placed.loads()
    except json.JSONDecodeError as exc:
        raise BadIpuz(f"not JSON: {exc.msg}", Location(name, exc.lineno, exc.colno)) from None
    except RecursionError:
        raise BadIpuz("not JSON: nested too deeply", Location(name)) from None
    if not isinstance(data, dict):
        raise BadIpuz("not an ipuz file (the top level is not an object)", placed.at(data))
    kinds = data.get("kind")
    if isinstance(kinds, list) and kinds and not any(isinstance(k, str) and "crossword" in k for k in kinds):
        raise BadIpuz(f"not a crossword ipuz (kind {kinds!r})", placed.at(data, "kind"))
    dims = data.get("dimensions")
    if not isinstance(dims, dict):
        raise BadIpuz("no dimensions", placed.at(data, "dimensions"))
    width, height = dims.get("width"), dims.get("height")
    for what, n in (("width", width), ("height", height)):
        if not isinstance(n, int) or isinstance(n, bool) or not MIN_SIDE <= n <= MAX_SIDE:
            raise BadIpuz(f"dimensions {what} must be a whole number from {MIN_SIDE} to {MAX_SIDE} (got {n!r})",
                          placed.at(dims, what))
    puzzle = data.get("puzzle")
    if not isinstance(puzzle, list) or len(puzzle) != height:
        raise BadIpuz(f"puzzle must be a list of {height} rows", placed.at(data, "puzzle"))
    block = data.get("block", "#")
    rows = []
    for r, row in enumerate(puzzle):
        if not isinstance(row, list) or len(row) != width:
            raise BadIpuz(f"puzzle row {r + 1} must have {width} cells", placed.at(puzzle, r))
        text_row = []
        for k, cell in enumerate(row):
            value = cell.get("cell", 0) if isinstance(cell, dict) else cell
            if value is None or (isinstance(value, (str, int)) and not isinstance(value, bool) and value == block):
                text_row.append("#")
            elif isinstance(value, (str, int)) and not isinstance(value, bool):
                text_row.append(".")
            else:
                raise BadIpuz(f"puzzle row {r + 1}: a cell of unknown kind {value!r}", placed.at(row, k))
        rows.append("".join(text_row))
    return Grid(rows)


def read_ipuz(path: str | Path) -> Grid:
    source = TextSource.from_path(path)
    return parse_ipuz(source.name, source.text)
