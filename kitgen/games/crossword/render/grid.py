"""A crossword grid on the page: squares, blocks, voids, bars, the border, circles, shading and clue numbers
(and the letters of a solution). See docs/crossword.md."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from kitgen.core.grid import BLOCK, VOID, Grid
from kitgen.games.crossword.rules.pattern import Pattern
from kitgen.io.fonts import SANS
from kitgen.io.pdf import MM

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas


GRID_LINE = 0.5
GRID_BORDER = 1.6
BAR_SHARE = 0.06
"""Bars and the border are ruled as barred puzzles print them: about a sixteenth of a square thick
(``bar_width``), never thinner than ``GRID_BORDER`` nor thicker than ``BAR_MAX``."""
BAR_MAX = 3.6
READ_SIZE = 7.0
"""The least type a person reads (points), on a square of 6 mm or more."""
MIN_NUMBER = 3.6
"""The smallest clue number printed (points): still legible on a 63-square grid on A4."""
GREY = (0.45, 0.45, 0.45)
SHADE = (0.82, 0.82, 0.82)


def _cell_fill(c: Canvas, pattern: Pattern, x: float, top: float, cell: float) -> None:
    """White squares (shaded or coloured where the paper marks them), blocks black, voids nothing at all.

    One white rectangle under a grid without voids (else one a run of squares), then every run of blocks
    as one filled path: a 63x63 grid is two fill operators, not four thousand (issue 17, big jobs)."""
    grid = pattern.grid
    if grid.void_count:
        _fill_runs(c, grid.text_rows, _SQUARES, x, top, cell, (1, 1, 1), 0.0)
    else:
        c.setFillColorRGB(1, 1, 1)
        c.rect(x, top - grid.rows * cell, grid.cols * cell, grid.rows * cell, stroke=0, fill=1)
    # a hair taller than the cell, under the grid line, so stacked blocks show no seam
    _fill_runs(c, grid.text_rows, _BLOCKS, x, top, cell, (0, 0, 0), 0.2)
    for (r, col), mark in sorted(pattern.marks.items()):
        if mark.color or mark.shaded:
            c.setFillColorRGB(*(_rgb(mark.color) if mark.color else SHADE))
            c.rect(x + col * cell, top - (r + 1) * cell, cell, cell, stroke=0, fill=1)


_BLOCKS = re.compile(re.escape(BLOCK) + "+")
_SQUARES = re.compile(f"[^{re.escape(BLOCK)}{re.escape(VOID)}]+")


def _fill_runs(c: Canvas, rows: Sequence[str], runs: re.Pattern[str], x: float, top: float, cell: float,
               rgb: tuple[float, float, float], hair: float) -> None:
    """Each row's ``runs`` of cells as one rectangle, all in one filled path (``hair`` points taller below
    the first row)."""
    path = c.beginPath()
    found = False
    for r, row in enumerate(rows):
        extra = hair if r else 0.0
        for run in runs.finditer(row):
            start, end = run.span()
            path.rect(x + start * cell, top - (r + 1) * cell, (end - start) * cell, cell + extra)
            found = True
    if found:
        c.setFillColorRGB(*rgb)
        c.drawPath(path, stroke=0, fill=1, fillMode=1)  # non-zero winding: where runs overlap stays filled


def _rgb(color: str) -> tuple[float, float, float]:
    return int(color[0:2], 16) / 255, int(color[2:4], 16) / 255, int(color[4:6], 16) / 255


def _edges(grid: Grid) -> tuple[list[tuple[int, int, int, int]], list[tuple[int, int, int, int]]]:
    """Thin and thick edges in cell units (x0, y0, x1, y1 from the top-left corner): an edge between two
    squares is thin, or thick if it is a bar; an edge between a square and a void or the outside is the
    border, thick. Edges with no square on either side are not drawn (a shaped grid's outline is its border)."""
    thin: list[tuple[int, int, int, int]] = []
    thick: list[tuple[int, int, int, int]] = []

    def square(r: int, c: int) -> bool:
        return 0 <= r < grid.rows and 0 <= c < grid.cols and not grid.is_void(r, c)

    for r in range(grid.rows + 1):
        for c in range(grid.cols):   # the horizontal edge above cell (r, c)
            a, b = square(r - 1, c), square(r, c)
            if a or b:
                bar = a and b and grid.has_bar((r - 1, c), "B")
                (thick if bar or a != b else thin).append((c, r, c + 1, r))
    for c in range(grid.cols + 1):
        for r in range(grid.rows):   # the vertical edge left of cell (r, c)
            a, b = square(r, c - 1), square(r, c)
            if a or b:
                bar = a and b and grid.has_bar((r, c - 1), "R")
                (thick if bar or a != b else thin).append((c, r, c, r + 1))
    return thin, thick


def _rules(grid: Grid) -> tuple[list[tuple[int, int, int, int]], list[tuple[int, int, int, int]]]:
    """The thin and the thick rules of ``grid`` (``_edges``, ``_merged``). A plain rectangle (no bars, no voids)
    has them straight away: every inside line thin, the border thick, in the order ``_merged`` gives."""
    if grid.bars or grid.void_count:
        thin, thick = _edges(grid)
        return _merged(thin), _merged(thick)
    rows, cols = grid.rows, grid.cols
    inside = [(0, y, cols, y) for y in range(1, rows)] + [(x, 0, x, rows) for x in range(1, cols)]
    return inside, [(0, 0, cols, 0), (0, rows, cols, rows), (0, 0, 0, rows), (cols, 0, cols, rows)]


def _merged(edges: list[tuple[int, int, int, int]]) -> list[tuple[int, int, int, int]]:
    """Collinear touching edges joined into one line (fewer strokes, no gaps at the joins)."""
    out: list[tuple[int, int, int, int]] = []
    for e in sorted(edges, key=lambda e: (e[1] != e[3], e[0] if e[1] != e[3] else e[1], e[1], e[0])):
        if out:
            x0, y0, x1, y1 = out[-1]
            if e[1] == e[3] == y0 == y1 and e[0] == x1:
                out[-1] = (x0, y0, e[2], y1)
                continue
            if e[0] == e[2] == x0 == x1 and e[1] == y1:
                out[-1] = (x0, y0, x1, e[3])
                continue
        out.append(e)
    return out


def number_size(cell: float, widest: int) -> float:
    """Clue-number size for ``cell``-point squares: 30% of the square (3.6 to 8 pt) but 7 pt or more on squares of
    6 mm or more (issue 32: type a person reads), narrowed to fit the widest number across 90% of the square,
    never under ``MIN_NUMBER`` pt (legible on the smallest squares, printed only when asked for)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    size = max(MIN_NUMBER, min(8.0, max(cell * 0.3, READ_SIZE if cell >= 6 * MM - 1e-6 else 0.0)))
    wide = stringWidth("8" * widest, SANS, size)
    if wide > cell * 0.9:
        size = max(MIN_NUMBER, size * cell * 0.9 / wide)
    return size


def draw_grid(c: Canvas, pattern: Pattern | Grid, x: float, top: float, cell: float, letters: bool = False,
              number: float | None = None) -> None:
    """Draw ``pattern`` with its top-left corner at (x, top), ``cell`` points a square: squares, blocks, bars
    and the border as thick rules, voids not at all, circles and shading as the paper prints them; with
    ``letters`` (a solution), the letters of a filled grid too. Clue numbers are ``number`` points (large
    print), else ``number_size``."""
    pattern = pattern if isinstance(pattern, Pattern) else Pattern(pattern)
    grid = pattern.grid
    c.saveState()
    _cell_fill(c, pattern, x, top, cell)
    thin, thick = _rules(grid)
    c.setStrokeColorRGB(0, 0, 0)
    c.setLineCap(2)  # square ends: thick rules meet at the corners
    for width, edges in ((GRID_LINE, thin), (bar_width(cell), thick)):
        c.setLineWidth(width)
        if edges:  # one stroked path a width
            c.lines([(x + x0 * cell, top - y0 * cell, x + x1 * cell, top - y1 * cell) for x0, y0, x1, y1 in edges])
    c.setLineWidth(GRID_LINE)
    for r, col in pattern.circled:
        c.circle(x + (col + 0.5) * cell, top - (r + 0.5) * cell, cell * 0.46, stroke=1, fill=0)
    numbers = pattern.numbers  # the publisher's own numbering when the file gives one (ruling 8)
    size = number or number_size(cell, max((len(label) for label in numbers.values()), default=1))
    c.setFillColorRGB(0, 0, 0)
    if numbers:  # one text object for every number
        text = c.beginText()
        text.setFont(SANS, size)
        for (r, col), label in sorted(numbers.items()):
            text.setTextOrigin(x + col * cell + cell * 0.07, top - r * cell - size * 0.95)
            text.textOut(label)
        c.drawText(text)
    if letters:  # large print: 16 pt letters low in the square, clear of the 16 pt numbers
        big, low = (number, 0.9) if number else (cell * 0.6, 0.78)
        for (r, col), ch in grid.letters().items():
            text = pattern.rebus.get((r, col), ch)
            fit_font(c, SANS, big, text, cell * 0.85)
            c.drawCentredString(x + (col + 0.5) * cell, top - (r + low) * cell, text)
    c.restoreState()


def bar_width(cell: float) -> float:
    """The width of a bar (and of the grid's outline) on squares of ``cell`` points: a bar on a big square
    stays as plain as it is on a newspaper's 5 mm one."""
    return min(BAR_MAX, max(GRID_BORDER, cell * BAR_SHARE))


def fit_font(c: Canvas, font: str, size: float, text: str, width: float) -> None:
    """Set ``font`` at ``size``, smaller if ``text`` would not fit ``width`` (a header label in its column)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    wide = stringWidth(text, font, size)
    c.setFont(font, size if wide <= width else max(4.0, size * width / wide))
