"""Crossword PDFs: newspaper-style blank grids, a score table and a three-line rules reminder.

Each pattern is a *panel*: a title line, the grid (crisp black blocks, thin
cell lines, a heavier border, small clue numbers in the top-left corner of
each numbered cell, never any letters), a score table with one row a round
(for each player: light, entry, length, links, score, running total), and
the rules in three lines. ``--per-page`` puts 1, 2 or 4 panels on a page.
Plain objects in, reportlab out; fonts are kitgen's embedded DejaVu.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, BinaryIO

from kitgen.core.grid import BLOCK, VOID, Grid
from kitgen.games.crossword.rules.pattern import Pattern
from kitgen.io.fonts import SANS, SANS_BOLD, SERIF
from kitgen.io.pdf import MARGIN, MM, Paper, canvas_bytes

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

RULES = (
    "First entry: the shortest light (the lowest-numbered if several), 2 points a letter.",
    "Then, in turn, fill one light exactly, crossing a letter already in: score length \u00d7 links.",
    "Stuck? Pass. Play ends when every player passes in succession; the last entry adds 10. Top score wins.",
)
GRID_LINE = 0.5
GRID_BORDER = 1.6
BAR_SHARE = 0.06
"""Bars and the border are ruled as barred puzzles print them: about a sixteenth of a square thick
(``bar_width``), never thinner than ``GRID_BORDER`` nor thicker than ``BAR_MAX``."""
BAR_MAX = 3.6
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
    """Clue-number size for ``cell``-point squares: 30% of the square (3.6 to 8 pt), narrowed to fit the
    widest number across 90% of the square, never under ``MIN_NUMBER`` pt (legible on the smallest squares)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    size = max(MIN_NUMBER, min(8.0, cell * 0.3))
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
            _fit_font(c, SANS, big, text, cell * 0.85)
            c.drawCentredString(x + (col + 0.5) * cell, top - (r + low) * cell, text)
    c.restoreState()


def bar_width(cell: float) -> float:
    """The width of a bar (and of the grid's outline) on squares of ``cell`` points: a bar on a big square
    stays as plain as it is on a newspaper's 5 mm one."""
    return min(BAR_MAX, max(GRID_BORDER, cell * BAR_SHARE))


def _columns(width: float, players: int) -> tuple[list[tuple[str, float]], float]:
    """The per-player columns (label, relative width) that fit ``width``, and the turn column's width."""
    full = [("Light", 1.1), ("Entry", 3.4), ("Len", 0.85), ("Links", 1.0), ("Score", 1.05), ("Total", 1.2)]
    compact = [("Light", 1.1), ("Entry", 3.0), ("Links", 1.0), ("Score", 1.05), ("Total", 1.2)]
    narrow = [("Light", 1.0), ("Entry", 2.3), ("Links", 0.95), ("Score", 1.0), ("Total", 1.1)]
    tiny = [("Light", 1.0), ("Entry", 2.6), ("Score", 1.05), ("Total", 1.2)]
    mini = [("Light", 1.0), ("Score", 1.0), ("Total", 1.1)]   # numbers only: the entry is in the grid
    per_player = (width - 8 * MM) / players
    if per_player >= 78 * MM:
        return full, 8 * MM
    if per_player >= 52 * MM:
        return compact, 8 * MM
    if per_player >= 40 * MM:
        return narrow, 6 * MM
    if per_player >= 28 * MM:
        return tiny, 6 * MM
    return mini, 5 * MM


def min_row(cols: list[tuple[str, float]]) -> float:
    """The shortest row a table with ``cols`` may have: room for a word, or for numbers only."""
    return MIN_ROW if any(label == "Entry" for label, _ in cols) else MIN_ROW_NUMBERS


def _fit_font(c: Canvas, font: str, size: float, text: str, width: float) -> None:
    """Set ``font`` at ``size``, smaller if ``text`` would not fit ``width`` (a header label in its column)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    wide = stringWidth(text, font, size)
    c.setFont(font, size if wide <= width else max(4.0, size * width / wide))


HEAD1, HEAD2 = 5.2 * MM, 4.6 * MM
MIN_ROW, MAX_ROW = 4.8 * MM, 6.2 * MM
MIN_ROW_NUMBERS = 4.0 * MM


BANK_GAP = 3 * MM
MIN_PLAYER_WIDTH = 17 * MM
"""The narrowest column group a player can write in (light, entry, score, total)."""


def bank_fits(width: float, players: int, banks: int) -> bool:
    """Whether ``banks`` side-by-side copies of the table leave each player a usable column group."""
    bank_w = (width - (banks - 1) * BANK_GAP) / banks
    _cols, turn_w = _columns(bank_w, players)
    return (bank_w - turn_w) / players >= MIN_PLAYER_WIDTH


def draw_score_table(c: Canvas, x: float, top: float, width: float, height: float,
                     players: Sequence[str], want_rows: int = 0, banks: int = 1, below: float = 0.0) -> int:
    """A score table with a header for each player and as many rounds as fit ``height``; returns the rows.

    Rows are as tall as ``want_rows`` allows, between 4.8 and 6.2 mm (room to write a word). With
    ``banks`` > 1 the rounds run on in side-by-side copies of the table (1-19 | 20-38), so a pattern
    with many lights gets a row for every round under a full-size grid. Abbreviated heads are spelt out in a
    key under the table, which may use ``below`` points under ``height``.
    """
    if banks > 1:
        bank_w = (width - (banks - 1) * BANK_GAP) / banks
        per_bank = -(-want_rows // banks) if want_rows else 0
        first = 1
        for k in range(banks):
            first += _draw_bank(c, x + k * (bank_w + BANK_GAP), top, bank_w, height, players, per_bank, first,
                                below)
        return first - 1
    return _draw_bank(c, x, top, width, height, players, want_rows, 1, below)


HEAD_SIZE = 7.0
"""The column heads' type: never smaller (issue 17's A5 pass); a head wider than its column is abbreviated."""
SHORT = MappingProxyType({"Light": ("Lt", "L"), "Entry": ("Ent",), "Len": ("Ln",), "Links": ("Lk",),
                          "Score": ("Sc", "S"), "Total": ("Tot", "T")})
"""Each head's abbreviations, longest first."""
MEANING = MappingProxyType({"Lt": "light", "L": "light", "Ent": "entry", "Ln": "length", "Lk": "links",
                            "Sc": "score", "S": "score", "Tot": "total", "T": "total"})
KEY_LEADING = HEAD_SIZE * 1.3


def head_labels(cols: Sequence[tuple[str, float]], unit: float) -> list[str]:
    """Each column's head: its word where that fits the column at 7 pt, else its abbreviation (A5, many
    players), which the key under the table spells out."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from kitgen.io.fonts import register_fonts

    register_fonts()  # layouts are planned before a canvas is made

    def fitting(label: str, room: float) -> str:
        forms = (label, *SHORT[label])
        return next((f for f in forms if stringWidth(f, SANS, HEAD_SIZE) <= room), forms[-1])

    return [fitting(label, w * unit - 0.8 * MM) for label, w in cols]


def key_lines(labels: Sequence[str], width: float) -> list[str]:
    """The key to the abbreviated heads ("Lt light  ·  Sc score ..."), wrapped to ``width``; none if no head is
    abbreviated."""
    from reportlab.lib.utils import simpleSplit

    shown = [f"{short} {MEANING[short]}" for short in dict.fromkeys(labels) if short in MEANING]
    return list(simpleSplit("  \u00b7  ".join(shown), SANS, HEAD_SIZE, width)) if shown else []


def head_height(bank_w: float, players: int, below: float = 0.0) -> float:
    """What a bank ``bank_w`` wide takes besides its rows: the header, and the key under the table when a head
    is abbreviated, less the ``below`` points free under the table (the gap above the rules reminder). The
    layouts plan with it, so every round still gets a row."""
    cols, turn_w = _columns(bank_w, players)
    unit = (bank_w - turn_w) / players / sum(w for _, w in cols)
    key = len(key_lines(head_labels(cols, unit), bank_w)) * KEY_LEADING
    return HEAD1 + HEAD2 + max(0.0, key - below)


def _draw_heads(c: Canvas, x: float, top: float, width: float, turn_w: float, players: Sequence[str],
                cols: Sequence[tuple[str, float]], labels: Sequence[str]) -> None:
    """The grey header: "#" over the round numbers, each player's name over their column group, the column heads
    (7 pt or more) under it."""
    unit = (width - turn_w) / len(players) / sum(w for _, w in cols)
    c.setFillColorRGB(0.9, 0.9, 0.9)
    c.rect(x, top - HEAD1 - HEAD2, width, HEAD1 + HEAD2, stroke=0, fill=1)
    c.setFillColorRGB(0, 0, 0)
    c.setFont(SANS_BOLD, 8)
    c.drawCentredString(x + turn_w / 2, top - HEAD1 - HEAD2 + 1.5 * MM, "#")
    gx = x + turn_w
    group_w = (width - turn_w) / len(players)
    for p in players:
        _fit_font(c, SANS_BOLD, 8, p, group_w - 1.5 * MM)
        c.drawCentredString(gx + group_w / 2, top - HEAD1 + 1.6 * MM, p)
        cx = gx
        for label, (_, w) in zip(labels, cols, strict=True):
            _fit_font(c, SANS, HEAD_SIZE, label, w * unit - 0.8 * MM)
            c.drawCentredString(cx + w * unit / 2, top - HEAD1 - HEAD2 + 1.5 * MM, label)
            cx += w * unit
        gx += group_w


def _draw_bank(c: Canvas, x: float, top: float, width: float, height: float,
               players: Sequence[str], want_rows: int, first: int, below: float = 0.0) -> int:
    """One table of rounds numbered from ``first``, and the key to its abbreviated heads under it; returns how
    many rows it has."""
    cols, turn_w = _columns(width, len(players))
    unit = (width - turn_w) / len(players) / sum(w for _, w in cols)
    labels = head_labels(cols, unit)
    key = key_lines(labels, width)
    room = height - head_height(width, len(players), below)
    row_h = min(MAX_ROW, max(min_row(cols), room / want_rows)) if want_rows else \
        (5.6 * MM if height > 60 * MM else 5.0 * MM)
    rows = max(1, int(room / row_h + 1e-6))  # 91.2 mm // 4.8 mm is 18 in floating point, not 19
    bottom = top - HEAD1 - HEAD2 - rows * row_h
    c.saveState()
    c.setStrokeColorRGB(0, 0, 0)
    _draw_heads(c, x, top, width, turn_w, players, cols, labels)
    # rules: light inside, heavy around groups
    c.setLineWidth(0.35)
    c.setStrokeColorRGB(0.35, 0.35, 0.35)
    for k in range(rows + 1):
        y = bottom + k * row_h
        c.line(x, y, x + width, y)
    c.line(x + turn_w, top - HEAD1, x + width, top - HEAD1)
    gx = x + turn_w
    group_w = (width - turn_w) / len(players)
    for _ in players:
        cx = gx
        for _label, w in cols[:-1]:
            cx += w * unit
            c.line(cx, bottom, cx, top - HEAD1)
        gx += group_w
    c.setFont(SANS, 6.5)
    c.setFillColorRGB(*GREY)
    for k in range(rows):
        c.drawCentredString(x + turn_w / 2, top - HEAD1 - HEAD2 - (k + 1) * row_h + 1.7 * MM, str(first + k))
    c.setFont(SANS, HEAD_SIZE)
    for k, line in enumerate(key):
        c.drawString(x, bottom - (k + 1) * KEY_LEADING + 1.2, line)
    c.setLineWidth(1.0)
    c.setStrokeColorRGB(0, 0, 0)
    c.rect(x, bottom, width, top - bottom, stroke=1, fill=0)
    gx = x + turn_w
    for _ in players:
        c.line(gx, bottom, gx, top)
        gx += group_w
    c.restoreState()
    return rows


def draw_rules(c: Canvas, x: float, top: float, width: float, size: float = 7.6) -> float:
    """The three-line rules reminder; returns its height."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    longest = max(stringWidth(line, SERIF, size) for line in RULES)
    if longest > width:
        size = size * width / longest
    c.saveState()
    c.setFont(SERIF, size)
    for k, line in enumerate(RULES):
        c.drawString(x, top - (k + 1) * size * 1.3, line)
    c.restoreState()
    return len(RULES) * size * 1.3


MIN_CELL = 6.0 * MM
"""The smallest grid square a pencil writes a letter in (issue 17): a panel keeps at least this where it can,
and the layout puts fewer panels on a page where it cannot (``fitting_per_page``)."""
MAX_BANKS = 3
TABLE_GAP = 3 * MM
"""Between a grid and the score table under it."""


def rounds_needed(grid: Grid, players: int) -> int:
    """Score-table rows for a whole game: every light entered, one entry a player a round, and the last passes."""
    return -(-len(grid.lights) // players) + 1


def stacked_layout(grid: Grid, w: float, mid_h: float, players: int, below: float = 0.0) -> tuple[float, int]:
    """The grid's side and the table's banks when the table goes under the grid in a ``w`` x ``mid_h`` box.

    The fewest banks that give every round a row while the grid keeps its floor (42% of the height, and
    ``MIN_CELL`` squares where the width allows); failing that, the grid at its floor and the banks that
    give the most rows.
    """
    rounds = rounds_needed(grid, players)
    longest = max(grid.rows, grid.cols)
    floor = min(w, mid_h * 0.62, max(mid_h * 0.42, MIN_CELL * longest))
    best: tuple[int, int] = (0, 1)
    for banks in range(1, MAX_BANKS + 1):
        if banks > 1 and not bank_fits(w, players, banks):
            break
        bank_w = (w - (banks - 1) * BANK_GAP) / banks
        row, head = min_row(_columns(bank_w, players)[0]), head_height(bank_w, players, below)
        need = head + -(-rounds // banks) * row
        size = min(w, mid_h * 0.62, mid_h - need - TABLE_GAP)
        if size >= floor:
            return size, banks
        fitted = banks * int((mid_h - floor - TABLE_GAP - head) / row + 1e-6)
        if fitted > best[0]:
            best = (fitted, banks)
    return floor, best[1]


def side_layout(grid: Grid, w: float, mid_h: float, players: int, gap: float,
                below: float = 0.0) -> tuple[float, int]:
    """The grid's side and the table's banks when the table goes beside the grid in a ``w`` x ``mid_h`` box.

    The largest grid (up to the box's height or 52% of its width) that leaves room beside it for a row
    a round, in one bank or more; failing that, the largest grid and one bank.
    """
    rounds = rounds_needed(grid, players)
    largest = min(mid_h, w * 0.52)
    floor = min(largest, MIN_CELL * max(grid.rows, grid.cols))
    size = largest
    while size >= floor:
        table_w = w - size - gap
        for banks in range(1, MAX_BANKS + 1):
            if banks > 1 and not bank_fits(table_w, players, banks):
                break
            bank_w = (table_w - (banks - 1) * BANK_GAP) / banks
            row = min_row(_columns(bank_w, players)[0])
            if banks * int((mid_h - head_height(bank_w, players, below)) / row + 1e-6) >= rounds:
                return size, banks
        size -= 1 * MM
    return largest, 1


def draw_panel(c: Canvas, pattern: Pattern | Grid, x: float, y: float, w: float, h: float, title: str,
               players: Sequence[str], rules: bool = True, byline: str = "") -> int:
    """One pattern with its title (and the publisher's ``byline`` under it), score table and (unless ``rules``
    is false) rules in the box (x, y) .. (x + w, y + h).

    Returns the score table's rows (rounds), which ``rounds_needed`` says should be enough for a whole game.
    """
    pattern = pattern if isinstance(pattern, Pattern) else Pattern(pattern)
    grid = pattern.grid
    top = y + h
    title_size = 10.5 if w > 120 * MM else 8.5
    _fit_font(c, SANS_BOLD, title_size, title, w)
    c.drawString(x, top - title_size, title)
    top -= title_size + 2.2 * MM
    if byline:
        by_size = 7.5 if w > 120 * MM else 6.2
        _fit_font(c, SANS, by_size, byline, w)
        c.drawString(x, top - by_size + 1.2 * MM, byline)
        top -= by_size + 1.2 * MM
    rules_size = 7.6 if w > 120 * MM else 6.0
    rules_h = len(RULES) * rules_size * 1.3 + 1 * MM if rules else 0.0
    side, size, banks = _grid_area(grid, w, top - y, len(players), rules_h, rules)
    mid_h = top - (y + rules_h) - (3 * MM if rules else 0.0)
    below = 3 * MM if rules else 0.0  # the gap above the rules: room for the key to abbreviated heads
    if side:
        gap = 5 * MM
        cell = size / max(grid.rows, grid.cols)
        draw_grid(c, pattern, x, top, cell)
        tx = x + grid.cols * cell + gap
        rows = draw_score_table(c, tx, top, x + w - tx, mid_h, players,
                                rounds_needed(grid, len(players)), banks, below)
    else:
        # a row for every round (a round: one entry or pass each) if the panel allows, the grid the rest
        cell = size / max(grid.rows, grid.cols)
        gx = x + (w - grid.cols * cell) / 2
        draw_grid(c, pattern, gx, top, cell)
        table_top = top - grid.rows * cell - TABLE_GAP
        rows = draw_score_table(c, x, table_top, w, table_top - (y + rules_h + (3 * MM if rules else 0.0)),
                                players, rounds_needed(grid, len(players)), banks, below)
    if rules:
        draw_rules(c, x, y + rules_h, w, rules_size)
    return rows


def _grid_area(grid: Grid, w: float, below_title: float, players: int, rules_h: float,
               rules: bool) -> tuple[bool, float, int]:
    """Whether the score table goes beside the grid, the grid's side and the table's banks, for a panel ``w``
    wide with ``below_title`` points under its title (and byline)."""
    mid_h = below_title - rules_h - (3 * MM if rules else 0.0)
    side = w > 1.25 * mid_h  # wide box: grid left, table right
    if side:
        size, banks = side_layout(grid, w, mid_h, players, 5 * MM, 3 * MM if rules else 0.0)
    else:
        size, banks = stacked_layout(grid, w, mid_h, players, 3 * MM if rules else 0.0)
    return side, size, banks


MIN_SQUARE = MIN_CELL


def panel_square(pattern: Pattern, paper: Paper, per_page: int) -> float:
    """The smallest square any pattern of ``pattern``'s size can get at ``per_page`` a page on ``paper``
    (points): the grid's floor in its layout, whatever its lights ask of the score table."""
    x, y, w, h = _panels(paper, per_page)[0]
    title_size = 10.5 if w > 120 * MM else 8.5
    below = h - title_size - 2.2 * MM - ((7.5 if w > 120 * MM else 6.2) + 1.2 * MM if byline(pattern) else 0)
    rules = per_page != 4
    rules_h = len(RULES) * (7.6 if w > 120 * MM else 6.0) * 1.3 + 1 * MM if rules else 0.0
    mid_h = below - rules_h - (3 * MM if rules else 0.0)
    longest = max(pattern.grid.rows, pattern.grid.cols)
    if w > 1.25 * mid_h:  # beside the table: down to the floor of side_layout
        floor = min(min(mid_h, w * 0.52), MIN_CELL * longest)
    else:
        floor = min(w, mid_h * 0.62, max(mid_h * 0.42, MIN_CELL * longest))
    return floor / longest


def fitting_per_page(pattern: Pattern, paper: Paper, per_page: int) -> int:
    """``per_page`` or fewer (4, 2, 1): the most patterns a page that keep squares of ``MIN_SQUARE`` or more
    (one a page when even that does not)."""
    for n in (4, 2, 1):
        if n <= per_page and panel_square(pattern, paper, n) >= MIN_SQUARE - 1e-6:
            return n
    return 1


def square_layout(pattern: Pattern, paper: Paper, per_page: int) -> tuple[int, str]:
    """The patterns a page to print (``fitting_per_page``) and what the footer says about it: fewer a page
    than asked, or squares under 6 mm even at one a page (and the paper that would give 6 mm)."""
    fit = fitting_per_page(pattern, paper, per_page)
    square = panel_square(pattern, paper, fit)
    if square < MIN_SQUARE - 1e-6:
        bigger = next((p for p in (Paper.a3, Paper.tabloid) if panel_square(pattern, p, 1) >= MIN_SQUARE - 1e-6),
                      None)
        return fit, (f"squares {square / MM:.1f} mm, under the 6 mm a pencil needs: "
                     + (f"print on {bigger.label}" if bigger else "print a smaller --size") + " for 6 mm")
    if fit < per_page:
        return fit, f"{fit} a page ({per_page} asked): squares stay 6 mm or more"
    return fit, ""


def byline(pattern: Pattern) -> str:
    """What the paper says under the title: author, copyright, publisher, date, the size (columns x rows) and
    lights, and for a diagramless puzzle where its diagram came from."""
    meta = pattern.meta
    grid = pattern.grid
    parts = [f"by {meta.author}" if meta.author else "", meta.copyright, meta.publisher, meta.date,
             f"{grid.cols}\u00d7{grid.rows}, {len(grid.lights)} lights"]
    if pattern.diagramless:
        parts.append("diagramless: diagram from the solution" if pattern.diagram_from_solution
                     else "diagramless: diagram shown")
    return "  \u00b7  ".join(part for part in parts if part)


RULES_BAND = len(RULES) * 7.6 * 1.3 + 2 * MM
"""With four patterns a page the rules go once, across the foot of the page, in this height."""


def _panels(paper: Paper, per_page: int) -> list[tuple[float, float, float, float]]:
    pw, ph = paper.size
    x0, y0 = MARGIN, MARGIN + 5 * MM  # room for the footer
    if per_page == 4:
        y0 += RULES_BAND  # and for the page's one rules reminder
    w, h = pw - 2 * MARGIN, ph - MARGIN - y0
    gap = 8 * MM
    if per_page == 1:
        return [(x0, y0, w, h)]
    if per_page == 2:
        hh = (h - gap) / 2
        return [(x0, y0 + hh + gap, w, hh), (x0, y0, w, hh)]
    hw, hh = (w - gap) / 2, (h - gap) / 2
    return [(x0, y0 + hh + gap, hw, hh), (x0 + hw + gap, y0 + hh + gap, hw, hh),
            (x0, y0, hw, hh), (x0 + hw + gap, y0, hw, hh)]


def draw_patterns(c: Canvas, patterns: Sequence[Pattern | Grid], paper: Paper, per_page: int = 1,
                  label: str = "", players: Sequence[str] = ("Player 1", "Player 2"), first: int = 0, total: int = 0,
                  numbered: bool | None = None, large_print: bool = False) -> None:
    """Lay ``patterns`` out ``per_page`` to a page on canvas ``c`` (ending each page); with ``large_print``,
    each on a page of its own and its score table on the next (``large_print``).

    ``patterns`` may be a batch of a longer set: its first pattern is number ``first + 1`` of ``total``
    (``numbered``: whether patterns are numbered; by default when they are not all copies of one).
    """
    if per_page not in (1, 2, 4):
        raise ValueError(f"--per-page is 1, 2 or 4 (got {per_page})")
    shown = [p if isinstance(p, Pattern) else Pattern(p) for p in patterns]
    if large_print:
        _large_pages(c, shown, paper, label, players, first, numbered)
        return
    boxes = _panels(paper, per_page)
    pages = (len(shown) + per_page - 1) // per_page
    all_pages = (max(total, first + len(shown)) + per_page - 1) // per_page
    numbered = len({p.grid for p in shown}) > 1 if numbered is None else numbered
    pw, _ = paper.size
    for page in range(pages):
        for slot, box in enumerate(boxes):
            k = page * per_page + slot
            if k >= len(shown):
                break
            pattern, n = shown[k], first + k + 1
            # copies of one pattern (kitgen pattern --from F --count N) are not numbered as patterns
            title = pattern.meta.title or "Crossword"
            title += f"  \u00b7  pattern {n}" if numbered else ""
            draw_panel(c, pattern, *box, title=title, players=players, rules=per_page != 4, byline=byline(pattern))
            # a bookmark a pattern, for finding one in a long set
            key = f"pattern-{n}"
            c.bookmarkPage(key)
            c.addOutlineEntry(f"kitgen crossword: pattern {n}", key, level=0)
        if per_page == 4:
            draw_rules(c, MARGIN, MARGIN + 5 * MM + RULES_BAND - 1 * MM, pw - 2 * MARGIN)
        c.setFont(SANS, 6.5)
        c.setFillColorRGB(*GREY)
        foot = "kitgen crossword" + (f"  \u00b7  {label}" if label else "")
        foot += f"  \u00b7  page {first // per_page + page + 1} of {all_pages}"
        c.drawCentredString(pw / 2, MARGIN, foot)
        c.setFillColorRGB(0, 0, 0)
        c.showPage()


def _large_pages(c: Canvas, shown: Sequence[Pattern], paper: Paper, label: str, players: Sequence[str], first: int,
                 numbered: bool | None) -> None:
    """Each pattern large (its page, then its score table's pages), bookmarked as ``draw_patterns`` does."""
    from kitgen.games.crossword.large_print import draw_grid_page, draw_table_pages

    numbered = len({p.grid for p in shown}) > 1 if numbered is None else numbered
    for k, pattern in enumerate(shown):
        n = first + k + 1
        name = (pattern.meta.title or "Crossword") + (f"  \u00b7  pattern {n}" if numbered else "")
        foot = "kitgen crossword" + (f"  \u00b7  {label}" if label else "")
        c.bookmarkPage(f"pattern-{n}")
        c.addOutlineEntry(f"kitgen crossword: pattern {n}", f"pattern-{n}", level=0)
        under = draw_grid_page(c, pattern, paper, name, byline(pattern), foot, rules=True)
        draw_table_pages(c, pattern.grid, paper, f"Score table  \u00b7  {name}", foot, players, rules=not under)


def patterns_pdf(patterns: Sequence[Pattern | Grid], paper: Paper = Paper.a4, per_page: int = 1, label: str = "",
                 seed: int | None = None) -> bytes:
    """The PDF bytes of ``kitgen pattern``: the patterns ``per_page`` to a page (byte-identical for the same input)."""
    import io

    shown = [p if isinstance(p, Pattern) else Pattern(p) for p in patterns]
    out = io.BytesIO()
    write_patterns(out, shown, len(shown), paper, per_page, label, seed, numbered=len({p.grid for p in shown}) > 1)
    return out.getvalue()


PAGES_A_BATCH = 25
"""Pages drawn on one reportlab canvas before they are written out (``kitgen.io.pdfstream``)."""

Packed = tuple[Any, ...]
"""A pattern as plain, picklable values (``packed``): small to keep, and to send to a worker."""


def packed(pattern: Pattern | Grid) -> Packed:
    """``pattern`` as plain values, without what its grid worked out (lights, numbers): a few kilobytes."""
    pattern = pattern if isinstance(pattern, Pattern) else Pattern(pattern)
    grid = pattern.grid
    return (grid.text_rows, tuple(sorted(grid.bars)), dict(pattern.marks), dict(pattern.rebus), pattern.meta,
            pattern.diagramless, pattern.diagram_from_solution, pattern.notes, dict(pattern.labels))


def unpacked(values: Packed) -> Pattern:
    """The pattern ``packed`` made the values of."""
    rows, bars, marks, rebus, meta, diagramless, from_solution, notes, labels = values
    return Pattern(Grid(rows, bars), marks=marks, rebus=rebus, meta=meta, diagramless=diagramless,
                   diagram_from_solution=from_solution, notes=notes, labels=labels)


@dataclass(frozen=True)
class PatternPages:
    """Draws one batch of a pattern set's pages (the patterns ``packed``, to be sent to a worker)."""

    paper: Paper
    per_page: int
    label: str
    seed: int | None
    count: int
    numbered: bool
    large_print: bool = False

    def __call__(self, batch: list[Packed], first: int) -> bytes:
        patterns = [unpacked(p) for p in batch]
        return canvas_bytes(lambda c: draw_patterns(c, patterns, self.paper, self.per_page, self.label, first=first,
                                                    total=self.count, numbered=self.numbered,
                                                    large_print=self.large_print),
                            self.paper, title="Crossword patterns", subject=self.label or "blank crossword patterns",
                            seed=self.seed)


def draw_solutions(c: Canvas, solutions: Sequence[Pattern], paper: Paper, label: str = "") -> None:
    """The filled patterns, four a page (one alone when there is one), each titled as its pattern."""
    per_page = 1 if len(solutions) == 1 else 4
    boxes = _panels(paper, per_page)
    pw, _ = paper.size
    pages = (len(solutions) + per_page - 1) // per_page
    for page in range(pages):
        for slot, (x, y, w, h) in enumerate(boxes):
            k = page * per_page + slot
            if k >= len(solutions):
                break
            pattern = solutions[k]
            grid = pattern.grid
            name = pattern.meta.title or (f"pattern {k + 1}" if len(solutions) > 1 else "")
            c.setFont(SANS_BOLD, 9.5)
            c.drawString(x, y + h - 9.5, "Solution" + (f"  \u00b7  {name}" if name else ""))
            cell = min(w, h - 8 * MM) / max(grid.rows, grid.cols)
            draw_grid(c, pattern, x, y + h - 6 * MM, cell, letters=True)
            key = f"solution-{k + 1}"
            c.bookmarkPage(key)
            c.addOutlineEntry(f"kitgen crossword: solution {k + 1}", key, level=0)
        c.setFont(SANS, 6.5)
        c.setFillColorRGB(*GREY)
        c.drawCentredString(pw / 2, MARGIN, "kitgen crossword solutions" + (f"  \u00b7  {label}" if label else ""))
        c.setFillColorRGB(0, 0, 0)
        c.showPage()


def _solution_pages(solutions: Iterable[Pattern], paper: Paper, label: str, seed: int | None,
                    large_print: bool = False) -> bytes:
    shown = list(solutions)

    def draw(c: Canvas) -> None:
        if not large_print:
            draw_solutions(c, shown, paper, label)
            return
        from kitgen.games.crossword.large_print import draw_grid_page

        for k, pattern in enumerate(shown):
            name = pattern.meta.title or (f"pattern {k + 1}" if len(shown) > 1 else "")
            c.bookmarkPage(f"solution-{k + 1}")
            c.addOutlineEntry(f"kitgen crossword: solution {k + 1}", f"solution-{k + 1}", level=0)
            draw_grid_page(c, pattern, paper, "Solution" + (f"  \u00b7  {name}" if name else ""), byline(pattern),
                           "kitgen crossword solutions" + (f"  \u00b7  {label}" if label else ""), letters=True)

    return canvas_bytes(draw, paper, title="Crossword solutions", subject=label or "crossword solutions", seed=seed)


def write_patterns(out: BinaryIO, patterns: Iterable[Pattern | Grid], count: int, paper: Paper = Paper.a4,
                   per_page: int = 1, label: str = "", seed: int | None = None, numbered: bool = True,
                   solutions: Iterable[Pattern] | None = None, large_print: bool = False) -> None:
    """Write the patterns' PDF to ``out`` as they come, ``PAGES_A_BATCH`` pages at a time: memory holds a
    batch or two of pages and patterns, however many ``count`` there are (issue 17, "Big jobs stream").

    A set longer than one batch is drawn by a worker process while this one makes the next batch of
    patterns; the bytes are the same either way. With ``large_print`` (``large_print.py``) each pattern is
    checked to fit as it comes, and a pattern's pages and its solution are large too."""
    import itertools

    from kitgen.io.pdfstream import stream_pdf

    them = iter(patterns)
    if large_print:
        from kitgen.games.crossword.large_print import check_fits, check_layout

        check_layout(paper, per_page)
        them = (p for p in them if check_fits(p.grid if isinstance(p, Pattern) else p, paper))
        if solutions is not None:
            solutions = (p for p in solutions if check_fits(p.grid, paper))
    first = next(them, None)
    if first is not None:
        if not large_print:
            per_page, note = square_layout(first if isinstance(first, Pattern) else Pattern(first), paper, per_page)
            label = "  \u00b7  ".join(part for part in (label, note) if part)
        them = itertools.chain([first], them)
    size = PAGES_A_BATCH * per_page
    draw = PatternPages(paper, per_page, label, seed, count, numbered, large_print)
    batches = ((k * size, [packed(p) for p in batch]) for k, batch in enumerate(_batched(them, size)))
    from kitgen.io.processes import workers_allowed

    pages: Iterable[bytes]
    if count <= size or not workers_allowed():
        pages = (draw(batch, first) for first, batch in batches)
    else:
        pages = _drawn_by_a_worker(draw, batches)
    if solutions is not None:  # the solution pages after every pattern (--solution), drawn once the patterns are
        pages = itertools.chain(pages, (_solution_pages(solutions, paper, label, seed, large_print) for _ in range(1)))
    stream_pdf(out, pages)


def _drawn_by_a_worker(draw: PatternPages, batches: Iterable[tuple[int, list[Packed]]]) -> Iterator[bytes]:
    """Each batch drawn by one worker process, in order, while the next is made here (two at most in hand)."""
    from collections import deque

    from kitgen.io.processes import worker_pool

    with worker_pool(1) as pool:
        pending: deque[Any] = deque()
        for first, batch in batches:
            pending.append(pool.apply_async(draw, (batch, first)))
            if len(pending) == 2:
                yield pending.popleft().get()
        while pending:
            yield pending.popleft().get()


def _batched(items: Iterable[Pattern | Grid], size: int) -> Iterator[list[Pattern | Grid]]:
    import itertools

    it = iter(items)
    while batch := list(itertools.islice(it, size)):
        yield batch


def kit_components(paper: Paper, seed: int, players: int = 2) -> bytes:
    """The Crossword kit's printable components: a British and an American 15x15 pattern, each with a score
    table for ``players`` (no cover, no rules: the kit adds those)."""
    from kitgen.games.crossword.rules.generate import generate
    from kitgen.io.calibration import part_bookmark

    grids = [generate(15, 15, "british", "rotational", seed), generate(15, 15, "american", "rotational", seed)]
    names = [f"Player {k + 1}" for k in range(max(1, players))]

    def draw(c: Canvas) -> None:
        part_bookmark(c, "part-patterns", "Blank patterns, British then American, each with a score table",
                      "plain paper, one game a pattern")
        draw_patterns(c, grids, paper, 1, f"seed {seed}", players=names)

    return canvas_bytes(draw, paper, title="Crossword", subject="Crossword patterns and score tables", seed=seed)
