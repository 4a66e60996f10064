"""The crossword pattern text format (README.md, "Formats a person types": Pattern; docs/crossword.md).

One row a line: ``#`` a block, ``-`` a void (an omitted cell: no square at all,
as in a shaped grid), ``.`` an empty white cell, a letter a filled cell (either
case). A cell may be followed by marks: ``|`` a bar on its right edge, ``_`` a
bar under it, ``*`` a circle in it, ``+`` shading. Before the rows, heading
lines ``title:``, ``author:``, ``copyright:``, ``publisher:``, ``date:`` and
``notes:`` give the publisher's metadata.

Because ``#`` is also a block, a *comment* is a ``#`` that stands alone: at the
start of a line or after a space, and followed by a space or the end of the
line (``# from the Times, 12 May``). A pattern row never contains a space, so
rows and comments cannot be confused. Blank lines are ignored.

``load_pattern`` reads any pattern file by its extension: ``.ipuz``, ``.puz``
(Across Lite), ``.xd``, ``.jpz`` (Crossword Compiler), Across Lite text (a ``.txt`` starting ``<ACROSS PUZZLE>``) or
this format (anything else).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from kitgen.core.errors import InputError, Location
from kitgen.core.grid import BELOW, BLOCK, EMPTY, MAX_SIDE, MIN_SIDE, RIGHT, VOID, Bar, Cell, Grid, GridError
from kitgen.core.i18n import gettext as _
from kitgen.core.language import ALL_LETTERS
from kitgen.core.text import Line, TextSource
from kitgen.games.crossword.rules.pattern import META_FIELDS, CellMark, Meta, Pattern

_COMMENT = re.compile(r"(?:^|(?<=\s))#(?=\s|$)")
_HEADING = re.compile(r"^\s*([A-Za-z]+)\s*:(.*)$")
BAR_RIGHT, BAR_BELOW, CIRCLE, SHADE = "|", "_", "*", "+"
MARKS = (BAR_RIGHT, BAR_BELOW, CIRCLE, SHADE)


class BadPattern(InputError):
    """A pattern file that is not a grid (bad character, ragged rows, wrong size, a bar where none can be)."""


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


@dataclass
class _Rows:
    """Rows read so far: the cells of each, every bar with where it was typed, and the marked cells."""

    cells: list[str] = field(default_factory=list)
    bars: list[tuple[Bar, Location]] = field(default_factory=list)
    marks: dict[Cell, CellMark] = field(default_factory=dict)


def _read_row(line: Line, r: int, rows: _Rows) -> None:
    """One row: its cells, and the marks after each (``|`` ``_`` ``*`` ``+``), each located where typed."""
    text = line.text
    start = len(text) - len(text.lstrip())
    cells: list[str] = []
    for k, ch in enumerate(text.strip()):
        col = start + k + 1
        if ch.isspace():
            raise BadPattern(_("a space inside a row: write the cells side by side (# block, . empty)"),
                             line.where(col))
        if ch in MARKS:
            if not cells:
                raise BadPattern(_("{mark!r} marks the cell before it, and no cell comes before it").format(mark=ch),
                                 line.where(col))
            cell = (r, len(cells) - 1)
            if ch in (BAR_RIGHT, BAR_BELOW):
                rows.bars.append(((cell, RIGHT if ch == BAR_RIGHT else BELOW), line.where(col)))
            else:
                old = rows.marks.get(cell, CellMark())
                rows.marks[cell] = CellMark(old.circled or ch == CIRCLE, old.shaded or ch == SHADE)
            continue
        letter = (ch.isascii() and ch.isalpha()) or ch.upper() in ALL_LETTERS
        if ch != BLOCK and ch != EMPTY and ch != VOID and not letter:
            raise BadPattern(_("bad cell {cell!r}: use # for a block, - for a void, . for an empty cell or a letter "
                               "A-Z (then | _ for bars, * a circle, + shading)").format(cell=ch), line.where(col))
        if len(cells) == MAX_SIDE:
            raise BadPattern(_("row has more than {most} cells; a grid is {least} to {most} cells wide").format(
                least=MIN_SIDE, most=MAX_SIDE),
                             line.where(col))
        cells.append(ch)
    rows.cells.append("".join(cells))


def _check_size(lines: list[Line], rows: _Rows) -> None:
    """Ragged rows and too few or too many rows or columns, each at its line."""
    width = len(rows.cells[0])
    for line, row in zip(lines, rows.cells, strict=True):
        if len(row) != width:
            raise BadPattern(_("ragged row: {cells} cells where the first row has {width}").format(cells=len(row),
                             width=width),
                             line.where(_column_of(line, min(len(row), width))))
    if len(rows.cells) < MIN_SIDE:
        raise BadPattern(_("only {rows} row(s); a grid is {least} to {most} rows tall").format(
            rows=len(rows.cells), least=MIN_SIDE, most=MAX_SIDE),
                         lines[-1].where(1))
    if width < MIN_SIDE:
        raise BadPattern(_("only {width} cell(s) a row; a grid is {least} to {most} cells wide").format(
            width=width, least=MIN_SIDE, most=MAX_SIDE),
                         lines[0].where(1))


def _column_of(line: Line, index: int) -> int:
    """The 1-based column where cell ``index`` of ``line`` is typed (or just past the last one)."""
    text = line.text
    seen = -1
    for k, ch in enumerate(text):
        if ch.isspace() or ch in MARKS:
            continue
        seen += 1
        if seen == index:
            return k + 1
    return len(text.rstrip()) + 1


def _grid(rows: _Rows) -> Grid:
    """The grid with its bars, each bar checked where it was typed (on an inside edge, between white cells)."""
    grid = Grid(rows.cells)
    for bar, where in rows.bars:
        try:
            grid.with_bars([bar])
        except GridError as exc:
            raise BadPattern(exc.message, where) from None
    return grid.with_bars(bar for bar, _ in rows.bars)


def read_rows(lines: list[Line], source: TextSource) -> tuple[Grid, dict[Cell, CellMark]]:
    """Build a grid (and its marked cells) from pattern rows, reporting problems at ``FILE:LINE:COL``."""
    if not lines:
        raise BadPattern(_("no pattern rows (one row a line: # block, . empty, letters)"), Location(source.name))
    rows = _Rows()
    for r, line in enumerate(lines):
        if r >= MAX_SIDE:
            raise BadPattern(_("too many rows: a grid is {least} to {most} rows tall").format(
                least=MIN_SIDE, most=MAX_SIDE),
                             line.where(line.indent + 1))
        _read_row(line, r, rows)
    _check_size(lines, rows)
    return _grid(rows), rows.marks


def grid_from_lines(lines: list[Line], source: TextSource) -> Grid:
    """Build a grid from pattern rows (marks other than bars are not part of a grid), at ``FILE:LINE:COL``."""
    return read_rows(lines, source)[0]


def _headings(lines: list[Line]) -> tuple[Meta, list[Line]]:
    """The metadata headings before the first row, and the rows."""
    found: dict[str, str] = {}
    k = 0
    while k < len(lines):
        m = _HEADING.match(lines[k].text)
        if not m:
            break
        key = m.group(1).lower()
        if key not in META_FIELDS:
            raise BadPattern(_("unknown heading {heading!r} (one of: {headings})").format(
                heading=m.group(1), headings=", ".join(META_FIELDS)), lines[k].where(1))
        if key in found:
            raise BadPattern(_("a second {heading} line").format(heading=f"{key}:"), lines[k].where(1))
        found[key] = m.group(2).strip()
        k += 1
    return Meta(**found), lines[k:]


def parse_puzzle(source: TextSource) -> Pattern:
    """Read a text pattern with its headings and marks."""
    meta, rows = _headings(list(comment_free_lines(source)))
    grid, marks = read_rows(rows, source)
    return Pattern(grid, marks, meta=meta, at=rows[0].where(rows[0].indent + 1))


def parse_pattern(source: TextSource) -> Grid:
    """Read a text pattern's grid (headings and marks are read and left out)."""
    return parse_puzzle(source).grid


def format_puzzle(pattern: Pattern, comment: str | None = None) -> str:
    """The text form of ``pattern``: an optional ``# comment``, its headings, then the rows with their marks."""
    grid = pattern.grid
    out = [f"# {comment}"] if comment else []
    out += [f"{name}: {' '.join(value.split())}" for name, value in pattern.meta.items()]
    for r, row in enumerate(grid.iter_rows()):
        text = []
        for c, ch in enumerate(row):
            mark = pattern.marks.get((r, c), CellMark())
            text.append(ch + (BAR_RIGHT if grid.has_bar((r, c), RIGHT) else "")
                        + (BAR_BELOW if grid.has_bar((r, c), BELOW) else "")
                        + (CIRCLE if mark.circled else "") + (SHADE if mark.shaded else ""))
        out.append("".join(text))
    return "\n".join(out) + "\n"


def load_puzzle(path: str | Path) -> Pattern:
    """Read a pattern with its marks and metadata from an ipuz, Across Lite ``.puz``, xd, jpz (Crossword
    Compiler), Across Lite text or text pattern file (by extension, and for text by its first line)."""
    suffix = Path(path).suffix.lower()
    if suffix == ".ipuz":
        from kitgen.games.crossword.formats.ipuz import read_ipuz

        return read_ipuz(path)
    if suffix == ".puz":
        from kitgen.games.crossword.formats.puz import read_puz

        return read_puz(path)
    if suffix == ".xd":
        from kitgen.games.crossword.formats.xd import read_xd

        return read_xd(path)
    if suffix == ".jpz":
        from kitgen.games.crossword.formats.jpz import read_jpz

        return read_jpz(path)
    source = TextSource.from_path(path)
    from kitgen.games.crossword.formats.across_text import is_across_text, parse_across_text

    if is_across_text(source.text):
        return parse_across_text(source)
    return parse_puzzle(source)


def load_pattern(path: str | Path) -> Grid:
    """The grid of a pattern file (see ``load_puzzle``)."""
    return load_puzzle(path).grid
