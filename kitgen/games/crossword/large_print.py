"""Crossword patterns in large print (``kitgen pattern --large-print``, issue 17; docs/crossword.md, ruling 11).

One pattern a page, its squares 12 mm or more and every number and word on
the page 16 pt or more: the clue numbers are 16 pt, and a square grows past
12 mm only when its widest number needs it (three digits: 12.5 mm). The rules
(16 pt) go under the grid when there is room, else above the score table; the
score table follows on a page (or pages) of its own, rows 12 mm tall, the
header again on every page. A grid that does not fit the
paper at that size is refused as it is made, before a page is written (the
output is all or nothing), naming the largest grid that fits the paper and
a paper that holds it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from kitgen.core.errors import InputError
from kitgen.core.grid import Grid
from kitgen.core.i18n import N_, gettext, words_of
from kitgen.games.crossword.render.grid import draw_grid
from kitgen.games.crossword.render.panel import rounds_needed
from kitgen.games.crossword.render.table import RULES
from kitgen.games.crossword.rules.pattern import Pattern
from kitgen.io.fonts import SANS, SANS_BOLD, SERIF
from kitgen.io.pdf import MM, Paper

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

CELL = 12 * MM
TEXT = 16.0
"""The least size of anything printed: clue numbers, words, the footer."""
TITLE = 20.0
MARGIN = 15 * MM
ROW = 12 * MM
INSET = 0.07
"""A clue number's distance from its square's left edge, as a share of the square (``render.draw_grid``)."""
TITLE_BAND = TITLE + 4 * MM
FOOT_BAND = TEXT + 4 * MM


def cell_for(widest: int) -> float:
    """The square (points) for clue numbers of ``widest`` digits at 16 pt: 12 mm, more if the number and its
    inset on both sides need it."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from kitgen.io.fonts import register_fonts

    register_fonts()
    return max(CELL, float(stringWidth("8" * widest, SANS, TEXT)) / (1 - 2 * INSET))


def _room(paper: Paper) -> tuple[float, float]:
    """The width and height a grid may take on ``paper``, under the title and byline and above the footer."""
    pw, ph = paper.size
    return pw - 2 * MARGIN, ph - 2 * MARGIN - TITLE_BAND - (TEXT + 3 * MM) - FOOT_BAND


def largest_grid(paper: Paper, widest: int = 2) -> int:
    """The largest square grid that fits ``paper`` in large print (clue numbers of ``widest`` digits)."""
    w, h = _room(paper)
    return int(min(w, h) / cell_for(widest) + 1e-6)


def check_fits(grid: Grid, paper: Paper) -> float:
    """The grid's square in large print on ``paper``; ``InputError`` naming the largest grid that fits and a paper
    that holds this one when it does not fit."""
    widest = len(str(max(grid.numbers.values(), default=1)))
    cell = cell_for(widest)
    w, h = _room(paper)
    if grid.cols * cell <= w + 1e-6 and grid.rows * cell <= h + 1e-6:
        return cell
    bigger = next((p for p in (Paper.a3, Paper.tabloid) if grid.cols * cell <= _room(p)[0] + 1e-6
                   and grid.rows * cell <= _room(p)[1] + 1e-6), None)
    largest = largest_grid(paper, widest)
    from kitgen.games.base import LARGE_PRINT, PAPER
    from kitgen.games.crossword.options import SIZE

    said = gettext("{large_print}: a {cols}x{rows} grid needs {width} x {height} mm of {cell} mm squares; the "
                   "largest that fits {paper} is {largest}x{largest}: give a smaller {size}, or {bigger}") \
        if bigger and bigger is not paper else \
        gettext("{large_print}: a {cols}x{rows} grid needs {width} x {height} mm of {cell} mm squares; the largest "
                "that fits {paper} is {largest}x{largest}: give a smaller {size}")
    raise InputError(said.format(large_print=LARGE_PRINT.setting(), cols=grid.cols, rows=grid.rows,
                                 width=f"{grid.cols * cell / MM:.0f}", height=f"{grid.rows * cell / MM:.0f}",
                                 cell=f"{cell / MM:g}", paper=paper.label, largest=largest, size=SIZE.named,
                                 bigger=PAPER.setting(bigger) if bigger else ""))


def check_layout(paper: Paper, per_page: int) -> None:
    """Large print is one pattern a page."""
    if per_page != 1:
        from kitgen.games.base import LARGE_PRINT
        from kitgen.games.crossword.options import PER_PAGE

        raise InputError(gettext("{large_print} prints one pattern a page: leave out {per_page}").format(
            large_print=LARGE_PRINT.setting(), per_page=PER_PAGE.setting()))


def _wrapped(text: str, font: str, size: float, width: float) -> list[str]:
    """``text`` in lines no wider than ``width`` at ``size`` (never smaller: large print wraps, never shrinks)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    lines: list[str] = []
    for word in words_of(text):
        if lines and stringWidth(f"{lines[-1]} {word}", font, size) <= width:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    return lines


def _lines(c: Canvas, x: float, top: float, text: str, font: str, size: float, width: float) -> float:
    """Draw ``text`` wrapped from ``top`` down; returns where it ends."""
    c.setFont(font, size)
    for line in _wrapped(text, font, size, width):
        top -= size * 1.25
        c.drawString(x, top, line)
    return top


def _foot(c: Canvas, paper: Paper, text: str) -> None:
    pw, _ = paper.size
    c.setFillColorRGB(0.3, 0.3, 0.3)
    _lines(c, MARGIN, MARGIN + TEXT * 1.25, text, SANS, TEXT, pw - 2 * MARGIN)
    c.setFillColorRGB(0, 0, 0)
    c.showPage()


def _rules_height(width: float) -> float:
    """How tall the rules stand at 16 pt across ``width`` (as ``_draw_rules`` draws them)."""
    return sum(len(_wrapped(gettext(rule), SERIF, TEXT, width)) * TEXT * 1.25 + 1.5 * MM for rule in RULES)


def _draw_rules(c: Canvas, top: float, width: float) -> float:
    """The rules at 16 pt from ``top`` down; returns where they end."""
    for rule in RULES:
        top = _lines(c, MARGIN, top, gettext(rule), SERIF, TEXT, width) - 1.5 * MM
    return top


def draw_grid_page(c: Canvas, pattern: Pattern, paper: Paper, title: str, byline: str, foot: str,
                   letters: bool = False, rules: bool = False) -> bool:
    """One pattern (or, with ``letters``, its solution) alone on a page: title, byline, the grid centred.

    With ``rules``, the rules go under the grid when there is room for them above the footer (so the score
    table has its next page to itself); returns whether they were drawn."""
    pw, ph = paper.size
    width = pw - 2 * MARGIN
    cell = check_fits(pattern.grid, paper)
    top = _lines(c, MARGIN, ph - MARGIN, title, SANS_BOLD, TITLE, width) - 2 * MM
    top = _lines(c, MARGIN, top, byline, SANS, TEXT, width) - 4 * MM
    draw_grid(c, pattern, (pw - pattern.grid.cols * cell) / 2, top, cell, letters=letters, number=TEXT)
    below = top - pattern.grid.rows * cell - 6 * MM
    placed = rules and below - _rules_height(width) >= MARGIN + FOOT_BAND + TEXT * 1.25
    if placed:
        _draw_rules(c, below, width)
    _foot(c, paper, foot)
    return placed


COLUMNS = (N_("Light"), N_("Word"), N_("Score"), N_("Total"))
"""The score table's heads, as keys (drawn through ``gettext``)."""
TURN = 16 * MM


def _column_widths(width: float, players: int) -> list[tuple[str, float]]:
    """Each player's columns: the labels' widths at 16 pt and 3 mm, the word column the rest (left out when
    under 20 mm: the word is in the grid)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    group = (width - TURN) / players
    fixed = {label: stringWidth(gettext(label), SANS, TEXT) + 3 * MM for label in COLUMNS if label != "Word"}
    word = group - sum(fixed.values())
    return [(label, word if label == "Word" else fixed[label]) for label in COLUMNS
            if label != "Word" or word >= 20 * MM]


def _table_head(c: Canvas, x: float, top: float, width: float, players: Sequence[str]) -> float:
    """The two header rows (player names, column labels); returns the top of the first round's row."""
    cols = _column_widths(width, len(players))
    group = (width - TURN) / len(players)
    c.setFillColorRGB(0.9, 0.9, 0.9)
    c.rect(x, top - 2 * ROW, width, 2 * ROW, stroke=0, fill=1)
    c.setFillColorRGB(0, 0, 0)
    c.setFont(SANS_BOLD, TEXT)
    c.drawCentredString(x + TURN / 2, top - 2 * ROW + 3.5 * MM, "#")
    for k, name in enumerate(players):
        gx = x + TURN + k * group
        c.setFont(SANS_BOLD, TEXT)
        c.drawCentredString(gx + group / 2, top - ROW + 3.5 * MM, name)
        c.setFont(SANS, TEXT)
        for label, w in cols:
            c.drawCentredString(gx + w / 2, top - 2 * ROW + 3.5 * MM, gettext(label))
            gx += w
    return top - 2 * ROW


def _table_rules(c: Canvas, x: float, top: float, bottom: float, width: float, players: int) -> None:
    """The table's lines: rows, columns light, player groups and the frame heavy."""
    cols = _column_widths(width, players)
    group = (width - TURN) / players
    c.setStrokeColorRGB(0.35, 0.35, 0.35)
    c.setLineWidth(0.5)
    y = top - ROW
    while y > bottom + 1e-6:
        c.line(x, y, x + width, y)
        y -= ROW
    for k in range(players):
        cx = x + TURN + k * group
        for _label, w in cols[:-1]:
            cx += w
            c.line(cx, bottom, cx, top - ROW)
    c.setStrokeColorRGB(0, 0, 0)
    c.setLineWidth(1.2)
    c.rect(x, bottom, width, top - bottom, stroke=1, fill=0)
    for k in range(players):
        c.line(x + TURN + k * group, bottom, x + TURN + k * group, top)


def draw_table_pages(c: Canvas, grid: Grid, paper: Paper, title: str, foot: str,
                     players: Sequence[str] = (N_("Player 1"), N_("Player 2")), rules: bool = True) -> None:
    """The rules (unless ``rules`` is false: they are under the grid) and a score table with a 12 mm row for
    every round, on as few pages as it takes, the rounds shared evenly between them (``table_split``)."""
    pw, ph = paper.size
    width = pw - 2 * MARGIN
    rounds = rounds_needed(grid, len(players))
    first = 1
    for page, rows in enumerate(table_split(rounds, *_capacities(paper, title, rules)), start=1):
        top = _lines(c, MARGIN, ph - MARGIN, _page_title(title, page), SANS_BOLD, TITLE, width) - 3 * MM
        if page == 1 and rules:
            top = _draw_rules(c, top, width) - 3 * MM
        head = top
        top = _table_head(c, MARGIN, top, width, players)
        c.setFont(SANS, TEXT)
        for k in range(rows):
            c.drawCentredString(MARGIN + TURN / 2, top - (k + 1) * ROW + 3.5 * MM, str(first + k))
        _table_rules(c, MARGIN, head, top - rows * ROW, width, len(players))
        _foot(c, paper, foot)
        first += rows


def _page_title(title: str, page: int) -> str:
    return title + ("" if page == 1 else gettext(" (continued, page {page})").format(page=page))


def _capacities(paper: Paper, title: str, rules: bool) -> tuple[int, int]:
    """The rows the score table's first page and each page after it hold (``draw_table_pages``'s layout)."""
    pw, ph = paper.size
    width = pw - 2 * MARGIN

    def rows(page: int) -> int:
        top = ph - MARGIN - len(_wrapped(_page_title(title, page), SANS_BOLD, TITLE, width)) * TITLE * 1.25 - 3 * MM
        if page == 1 and rules:
            top -= _rules_height(width) + 3 * MM
        return max(1, int((top - 2 * ROW - MARGIN - FOOT_BAND - TEXT * 1.25) / ROW + 1e-6))

    return rows(1), rows(2)


def table_split(rounds: int, first: int, rest: int) -> list[int]:
    """The rows on each page of a table of ``rounds`` rows whose first page holds ``first`` and every other
    ``rest``: as few pages as hold them, and the rows shared as evenly as the pages allow, so a table that runs
    over never leaves a few rows on a page of their own (issue 32: three rows of 28 did)."""
    pages = 1 if rounds <= first else 1 + -(-(rounds - first) // rest)
    split: list[int] = []
    left = rounds
    for page in range(pages):
        room = first if page == 0 else rest
        after = (pages - page - 1) * rest  # what the pages after this one hold
        split.append(min(room, left, max(-(-left // (pages - page)), left - after)))
        left -= split[-1]
    return split
