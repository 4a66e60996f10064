"""The crossword pattern text format (README.md, "Formats a person types": Pattern).

One row a line: ``#`` a block, ``.`` an empty white cell, a letter a filled cell
(either case). Because ``#`` is also a block, a *comment* is a ``#`` that stands
alone: at the start of a line or after a space, and followed by a space or the
end of the line (``# from the Times, 12 May``). A pattern row never contains a
space, so rows and comments cannot be confused. Blank lines are ignored.

``load_pattern`` reads any pattern file by its extension: ``.ipuz``, ``.puz``
(Across Lite) or text (anything else).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

from kitgen.core.errors import InputError, Location
from kitgen.core.grid import BLOCK, EMPTY, MAX_SIDE, MIN_SIDE, Grid, GridError
from kitgen.core.language import ALL_LETTERS
from kitgen.core.text import Line, TextSource

_COMMENT = re.compile(r"(?:^|(?<=\s))#(?=\s|$)")


class BadPattern(InputError):
    """A pattern file that is not a grid (bad character, ragged rows, wrong size)."""


def strip_comment(text: str) -> str:
    """``text`` without a stand-alone ``#`` comment (see the module docstring)."""
    m = _COMMENT.search(text)
    return (text[: m.start()] if m else text).rstrip()


def comment_free_lines(source: TextSource) -> Iterable[Line]:
    """The lines of ``source`` with stand-alone ``#`` comments removed, blanks skipped."""
    for line in source.lines(comment=None):
        text = strip_comment(line.raw)
        if text.strip():
            yield Line(source, line.number, line.raw, text)


def grid_from_lines(lines: list[Line], source: TextSource) -> Grid:
    """Build a grid from pattern rows, reporting problems at ``FILE:LINE:COL``."""
    if not lines:
        raise BadPattern("no pattern rows (one row a line: # block, . empty, letters)", Location(source.name))
    rows: list[str] = []
    width = None
    for i, line in enumerate(lines):
        text = line.text
        start = len(text) - len(text.lstrip())
        row = text.strip()
        for k, ch in enumerate(row):
            if ch.isspace():
                raise BadPattern("a space inside a row: write the cells side by side (# block, . empty)",
                                 line.where(start + k + 1))
            if ch != BLOCK and ch != EMPTY and not ((ch.isascii() and ch.isalpha()) or ch.upper() in ALL_LETTERS):
                raise BadPattern(f"bad cell {ch!r}: use # for a block, . for an empty cell or a letter A-Z",
                                 line.where(start + k + 1))
        if len(row) > MAX_SIDE:
            raise BadPattern(f"row has {len(row)} cells; a grid is {MIN_SIDE} to {MAX_SIDE} cells wide",
                             line.where(start + MAX_SIDE + 1))
        if width is None:
            width = len(row)
        elif len(row) != width:
            raise BadPattern(f"ragged row: {len(row)} cells where the first row has {width}",
                             line.where(start + min(len(row), width) + 1))
        if i >= MAX_SIDE:
            raise BadPattern(f"too many rows: a grid is {MIN_SIDE} to {MAX_SIDE} rows tall", line.where(start + 1))
        rows.append(row)
    if len(rows) < MIN_SIDE:
        raise BadPattern(f"only {len(rows)} row(s); a grid is {MIN_SIDE} to {MAX_SIDE} rows tall",
                         lines[-1].where(1))
    if width is not None and width < MIN_SIDE:
        raise BadPattern(f"only {width} cell(s) a row; a grid is {MIN_SIDE} to {MAX_SIDE} cells wide",
                         lines[0].where(1))
    try:
        return Grid(rows)
    except GridError as exc:  # pragma: no cover - the checks above catch everything first
        raise BadPattern(exc.message, lines[max(exc.row - 1, 0)].where(exc.col)) from None


def parse_pattern(source: TextSource) -> Grid:
    """Read a text pattern (every non-comment, non-blank line is a row)."""
    return grid_from_lines(list(comment_free_lines(source)), source)


def read_pattern_text(path: str | Path) -> Grid:
    return parse_pattern(TextSource.from_path(path))


def format_pattern(grid: Grid, comment: str | None = None) -> str:
    """The text form of ``grid`` (with an optional ``# comment`` first line)."""
    head = f"# {comment}\n" if comment else ""
    return head + "\n".join(grid.iter_rows()) + "\n"


def load_pattern(path: str | Path) -> Grid:
    """Read a pattern from a text, ipuz or Across Lite ``.puz`` file (by extension)."""
    suffix = Path(path).suffix.lower()
    if suffix == ".ipuz":
        from kitgen.games.crossword.formats.ipuz import read_ipuz

        return read_ipuz(path)
    if suffix == ".puz":
        from kitgen.games.crossword.formats.puz import read_puz

        return read_puz(path)
    return read_pattern_text(path)
