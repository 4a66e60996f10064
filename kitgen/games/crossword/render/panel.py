"""A panel: one pattern with its title, byline, grid, score table and rules, and how panels share a page
(the grid's side, the table's banks, patterns a page that keep 6 mm squares). See docs/crossword.md."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from kitgen.core.grid import Grid
from kitgen.core.i18n import decimal, gettext
from kitgen.games.crossword.render.grid import draw_grid, fit_font
from kitgen.games.crossword.render.table import (
    BANK_GAP,
    RULES,
    bank_fits,
    draw_rules,
    draw_score_table,
    head_height,
    min_row,
    rules_height,
    table_columns,
)
from kitgen.games.crossword.rules.pattern import Pattern
from kitgen.io.fonts import SANS, SANS_BOLD
from kitgen.io.pdf import MARGIN, MM, Paper

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas


MIN_CELL = 6.0 * MM
"""The smallest grid square a pencil writes a letter in (issue 17): a panel keeps at least this where it can,
and the layout puts fewer panels on a page where it cannot (``fitting_per_page``)."""
MAX_BANKS = 3
TABLE_GAP = 3 * MM
"""Between a grid and the score table under it."""


def rounds_needed(grid: Grid, players: int) -> int:
    """Score-table rows for a whole game: every light entered, one entry a player a round, and the last passes."""
    return -(-len(grid.lights) // players) + 1


def longest_entry(grid: Grid) -> int:
    """The letters of the grid's longest light: what the score table's Entry column must hold."""
    return max((light.length for light in grid.lights), default=0)


def stacked_layout(grid: Grid, w: float, mid_h: float, players: int, below: float = 0.0,
                   stack: bool = False) -> tuple[float, int]:
    """The grid's side and the table's banks when the table goes under the grid in a ``w`` x ``mid_h`` box.

    The fewest banks that give every round a row while the grid keeps its floor (42% of the height, and
    ``MIN_CELL`` squares where the width allows); failing that, the grid at its floor and the banks that
    give the most rows.
    """
    rounds, entry = rounds_needed(grid, players), longest_entry(grid)
    longest = max(grid.rows, grid.cols)
    floor = min(w, mid_h * 0.62, max(mid_h * 0.42, MIN_CELL * longest))
    best: tuple[int, int] = (0, 1)
    for banks in range(1, MAX_BANKS + 1):
        if banks > 1 and not bank_fits(w, players, banks, entry, stack):
            break
        bank_w = (w - (banks - 1) * BANK_GAP) / banks
        row = min_row(table_columns(bank_w, players, entry)[0])
        head = head_height(bank_w, players, below, entry)
        need = head + -(-rounds // banks) * row
        size = min(w, mid_h * 0.62, mid_h - need - TABLE_GAP)
        if size >= floor:
            return size, banks
        fitted = banks * int((mid_h - floor - TABLE_GAP - head) / row + 1e-6)
        if fitted > best[0]:
            best = (fitted, banks)
    return floor, best[1]


def side_layout(grid: Grid, w: float, mid_h: float, players: int, gap: float,
                below: float = 0.0, stack: bool = False) -> tuple[float, int]:
    """The grid's side and the table's banks when the table goes beside the grid in a ``w`` x ``mid_h`` box.

    The largest grid (up to the box's height or 52% of its width) that leaves room beside it for a row
    a round, in one bank or more; failing that, the largest grid and one bank.
    """
    rounds, entry = rounds_needed(grid, players), longest_entry(grid)
    largest = min(mid_h, w * 0.52)
    floor = min(largest, MIN_CELL * max(grid.rows, grid.cols))
    size = largest
    while size >= floor:
        table_w = w - size - gap
        for banks in range(1, MAX_BANKS + 1):
            if banks > 1 and not bank_fits(table_w, players, banks, entry, stack):
                break
            bank_w = (table_w - (banks - 1) * BANK_GAP) / banks
            row = min_row(table_columns(bank_w, players, entry)[0])
            if banks * int((mid_h - head_height(bank_w, players, below, entry)) / row + 1e-6) >= rounds:
                return size, banks
        size -= 1 * MM
    return largest, 1


def draw_panel(c: Canvas, pattern: Pattern | Grid, x: float, y: float, w: float, h: float, title: str,
               players: Sequence[str], rules: bool = True, byline: str = "", stack: bool = False) -> int:
    """One pattern with its title (and the publisher's ``byline`` under it), score table and (unless ``rules``
    is false) rules in the box (x, y) .. (x + w, y + h).

    Returns the score table's rows (rounds), which ``rounds_needed`` says should be enough for a whole game.
    ``stack``: the rounds the panel has no room for run on to a page of their own, so the players' tables may stack
    to keep an Entry column (``player_groups``).
    """
    pattern = pattern if isinstance(pattern, Pattern) else Pattern(pattern)
    grid = pattern.grid
    top = y + h
    title_size = 10.5 if w > 120 * MM else 8.5
    fit_font(c, SANS_BOLD, title_size, title, w)
    c.drawString(x, top - title_size, title)
    top -= title_size + 2.2 * MM
    if byline:
        by_size = 7.5 if w > 120 * MM else 6.2
        fit_font(c, SANS, by_size, byline, w)
        c.drawString(x, top - by_size + 1.2 * MM, byline)
        top -= by_size + 1.2 * MM
    rules_size = 7.6 if w > 120 * MM else 7.0
    rules_h = rules_height(w, rules_size) + 1 * MM if rules else 0.0
    side, size, banks = _grid_area(grid, w, top - y, len(players), rules_h, rules, stack)
    mid_h = top - (y + rules_h) - (3 * MM if rules else 0.0)
    below = 3 * MM if rules else 0.0  # the gap above the rules: room for the key to abbreviated heads
    if side:
        gap = 5 * MM
        cell = size / max(grid.rows, grid.cols)
        draw_grid(c, pattern, x, top, cell)
        tx = x + grid.cols * cell + gap
        rows = draw_score_table(c, tx, top, x + w - tx, mid_h, players,
                                rounds_needed(grid, len(players)), banks, below, longest=longest_entry(grid),
                                stack=stack)
    else:
        # a row for every round (a round: one entry or pass each) if the panel allows, the grid the rest
        cell = size / max(grid.rows, grid.cols)
        gx = x + (w - grid.cols * cell) / 2
        draw_grid(c, pattern, gx, top, cell)
        table_top = top - grid.rows * cell - TABLE_GAP
        rows = draw_score_table(c, x, table_top, w, table_top - (y + rules_h + (3 * MM if rules else 0.0)),
                                players, rounds_needed(grid, len(players)), banks, below,
                                longest=longest_entry(grid), stack=stack)
    if rules:
        draw_rules(c, x, y + rules_h, w, rules_size)
    return rows


def _grid_area(grid: Grid, w: float, below_title: float, players: int, rules_h: float,
               rules: bool, stack: bool = False) -> tuple[bool, float, int]:
    """Whether the score table goes beside the grid, the grid's side and the table's banks, for a panel ``w``
    wide with ``below_title`` points under its title (and byline)."""
    mid_h = below_title - rules_h - (3 * MM if rules else 0.0)
    side = w > 1.25 * mid_h  # wide box: grid left, table right
    if side:
        size, banks = side_layout(grid, w, mid_h, players, 5 * MM, 3 * MM if rules else 0.0, stack)
    else:
        size, banks = stacked_layout(grid, w, mid_h, players, 3 * MM if rules else 0.0, stack)
    return side, size, banks


MIN_SQUARE = MIN_CELL


def panel_square(pattern: Pattern, paper: Paper, per_page: int) -> float:
    """The smallest square any pattern of ``pattern``'s size can get at ``per_page`` a page on ``paper``
    (points): the grid's floor in its layout, whatever its lights ask of the score table."""
    x, y, w, h = panel_boxes(paper, per_page)[0]
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
    and, two a page, a 6 mm row for every round of two players (one a page when even that does not: there the
    table runs on to a page of its own, ``pages.draw_patterns``)."""
    for n in (4, 2, 1):
        if n <= per_page and panel_square(pattern, paper, n) >= MIN_SQUARE - 1e-6 and (
                n != 2 or panel_rows(pattern, paper, n) >= rounds_needed(pattern.grid, 2)):
            return n
    return 1


def panel_rows(pattern: Pattern, paper: Paper, per_page: int, players: int = 2) -> int:
    """The score-table rows a panel of ``pattern`` gets at ``per_page`` a page on ``paper`` (drawn on a scratch
    canvas: the layout is ``draw_panel``'s own)."""
    import io

    from reportlab.pdfgen.canvas import Canvas

    from kitgen.io.fonts import register_fonts

    register_fonts()
    names = [str(k + 1) for k in range(players)]
    return draw_panel(Canvas(io.BytesIO(), pagesize=paper.size), pattern, *panel_boxes(paper, per_page)[0],
                      title="", players=names, rules=per_page != 4, byline=byline(pattern), stack=per_page == 1)


def paper_for_squares(pattern: Pattern, paper: Paper) -> Paper | None:
    """The smallest paper larger than ``paper`` that prints ``pattern`` with 6 mm squares one a page, if any."""
    larger = sorted((p for p in Paper if p.size[0] * p.size[1] > paper.size[0] * paper.size[1]),
                    key=lambda p: p.size[0] * p.size[1])
    return next((p for p in larger if panel_square(pattern, p, 1) >= MIN_SQUARE - 1e-6), None)


def check_squares(pattern: Pattern, paper: Paper) -> None:
    """Refuse (``InputError``) a pattern whose squares would be under ``MIN_SQUARE`` (6 mm) on ``paper`` even one
    a page, naming a paper that gives 6 mm and the option that prints them small anyway (issue 32: the README
    promises squares never under 6 mm unless asked for)."""
    square = panel_square(pattern, paper, 1)
    if square >= MIN_SQUARE - 1e-6:
        return
    from kitgen.core.errors import InputError

    grid = pattern.grid
    bigger = paper_for_squares(pattern, paper)
    from kitgen.games.base import PAPER
    from kitgen.games.crossword.options import SIZE, SMALL_SQUARES

    said = gettext("a {cols}x{rows} pattern on {paper} prints {square} mm squares, under the 6 mm a pencil needs: "
                   "give {bigger} or a smaller {size}, or {small} to print them that small") if bigger else \
        gettext("a {cols}x{rows} pattern on {paper} prints {square} mm squares, under the 6 mm a pencil needs: "
                "give a smaller {size}, or {small} to print them that small")
    raise InputError(said.format(cols=grid.cols, rows=grid.rows, paper=paper.label, square=decimal(square / MM),
                                 bigger=PAPER.setting(bigger) if bigger else "", size=SIZE.named,
                                 small=SMALL_SQUARES.setting()))


def square_layout(pattern: Pattern, paper: Paper, per_page: int) -> tuple[int, str]:
    """The patterns a page to print (``fitting_per_page``) and what the footer says about it: fewer a page
    than asked, or squares under 6 mm even at one a page (and the paper that would give 6 mm)."""
    fit = fitting_per_page(pattern, paper, per_page)
    square = panel_square(pattern, paper, fit)
    if square < MIN_SQUARE - 1e-6:
        bigger = paper_for_squares(pattern, paper)
        return fit, (gettext("squares {size} mm, under the 6 mm a pencil needs: print on {paper} for 6 mm").format(
            size=decimal(square / MM), paper=gettext(bigger.label)) if bigger else
            gettext("squares {size} mm, under the 6 mm a pencil needs: print a smaller grid for 6 mm").format(
            size=decimal(square / MM)))
    if fit < per_page and panel_square(pattern, paper, per_page) < MIN_SQUARE - 1e-6:
        return fit, gettext("{fit} a page ({asked} asked): squares stay 6 mm or more").format(fit=fit, asked=per_page)
    if fit < per_page:
        return fit, gettext("{fit} a page ({asked} asked): a 6 mm row for every round").format(fit=fit,
                                                                                               asked=per_page)
    return fit, ""


def byline(pattern: Pattern) -> str:
    """What the paper says under the title: author, copyright, publisher, date, the size (columns x rows) and
    lights, and for a diagramless puzzle where its diagram came from."""
    meta = pattern.meta
    grid = pattern.grid
    parts = [gettext("by {author}").format(author=meta.author) if meta.author else "", meta.copyright,
             meta.publisher, meta.date,
             gettext("{cols}\u00d7{rows}, {lights} lights").format(cols=grid.cols, rows=grid.rows,
                                                                   lights=len(grid.lights))]
    if pattern.diagramless:
        parts.append(gettext("diagramless: diagram from the solution") if pattern.diagram_from_solution
                     else gettext("diagramless: diagram shown"))
    return "  \u00b7  ".join(part for part in parts if part)


RULES_BAND = len(RULES) * 7.6 * 1.3 + 2 * MM
"""With four patterns a page the rules go once, across the foot of the page, in this height."""


def panel_boxes(paper: Paper, per_page: int) -> list[tuple[float, float, float, float]]:
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
