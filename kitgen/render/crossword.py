"""Crossword PDFs: newspaper-style blank grids, a score table and a three-line rules reminder.

Each pattern is a *panel*: a title line, the grid (crisp black blocks, thin
cell lines, a heavier border, small clue numbers in the top-left corner of
each numbered cell, never any letters), a score table with one row a round
(for each player: light, entry, length, links, score, running total), and
the rules in three lines. ``--per-page`` puts 1, 2 or 4 panels on a page.
Plain objects in, reportlab out; fonts are kitgen's embedded DejaVu.
"""

from __future__ import annotations

import contextlib
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Iterator, Sequence

from kitgen.engine.grid import Grid
from kitgen.render.fonts import SANS, SANS_BOLD, SERIF
from kitgen.render.pdf import MARGIN, MM, Paper, new_canvas, pdf_canvas

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

RULES = (
    "First entry: the shortest light (the lowest-numbered if several), 2 points a letter.",
    "Then, in turn, fill one light exactly, crossing a letter already in: score length \u00d7 links.",
    "Stuck? Pass. Play ends when every player passes in succession; the last entry adds 10. Top score wins.",
)
GRID_LINE = 0.5
GRID_BORDER = 1.6
GREY = (0.45, 0.45, 0.45)


def draw_grid(c: "Canvas", grid: Grid, x: float, top: float, cell: float) -> None:
    """Draw ``grid`` with its top-left corner at (x, top), ``cell`` points a square."""
    w, h = grid.cols * cell, grid.rows * cell
    bottom = top - h
    c.saveState()
    c.setFillColorRGB(1, 1, 1)
    c.rect(x, bottom, w, h, stroke=0, fill=1)
    c.setFillColorRGB(0, 0, 0)
    for r in range(grid.rows):
        row = grid.text_rows[r]
        c0 = None
        for col in range(grid.cols + 1):  # merge runs of blocks into one rectangle (crisp, small file)
            is_block = col < grid.cols and row[col] == "#"
            if is_block and c0 is None:
                c0 = col
            elif not is_block and c0 is not None:
                # a hair taller than the cell, under the grid line, so stacked blocks show no seam
                c.rect(x + c0 * cell, top - (r + 1) * cell, (col - c0) * cell, cell + (0.2 if r else 0),
                       stroke=0, fill=1)
                c0 = None
    c.setLineWidth(GRID_LINE)
    c.setStrokeColorRGB(0, 0, 0)
    for r in range(1, grid.rows):
        c.line(x, top - r * cell, x + w, top - r * cell)
    for col in range(1, grid.cols):
        c.line(x + col * cell, bottom, x + col * cell, top)
    c.setLineWidth(GRID_BORDER)
    c.rect(x, bottom, w, h, stroke=1, fill=0)
    size = max(3.6, min(8.0, cell * 0.3))
    c.setFont(SANS, size)
    for (r, col), number in grid.numbers.items():
        c.drawString(x + col * cell + cell * 0.07, top - r * cell - size * 0.95, str(number))
    c.restoreState()


def _columns(width: float, players: int) -> tuple[list[tuple[str, float]], float]:
    """The per-player columns (label, relative width) that fit ``width``, and the turn column's width."""
    full = [("Light", 1.1), ("Entry", 3.4), ("Len", 0.85), ("Links", 1.0), ("Score", 1.05), ("Total", 1.2)]
    compact = [("Light", 1.1), ("Entry", 3.0), ("Links", 1.0), ("Score", 1.05), ("Total", 1.2)]
    tiny = [("Light", 1.0), ("Entry", 2.6), ("Score", 1.05), ("Total", 1.2)]
    per_player = (width - 8 * MM) / players
    if per_player >= 78 * MM:
        return full, 8 * MM
    if per_player >= 52 * MM:
        return compact, 8 * MM
    return tiny, 6 * MM


HEAD1, HEAD2 = 5.2 * MM, 4.6 * MM
MIN_ROW, MAX_ROW = 4.8 * MM, 6.2 * MM


def draw_score_table(c: "Canvas", x: float, top: float, width: float, height: float,
                     players: Sequence[str], want_rows: int = 0) -> None:
    """A score table with a header for each player and as many rounds as fit ``height``.

    Rows are as tall as ``want_rows`` allows, between 4.8 and 6.2 mm (room to write a word).
    """
    cols, turn_w = _columns(width, len(players))
    unit = (width - turn_w) / len(players) / sum(w for _, w in cols)
    head1, head2 = HEAD1, HEAD2
    room = height - head1 - head2
    row_h = min(MAX_ROW, max(MIN_ROW, room / want_rows)) if want_rows else (5.6 * MM if height > 60 * MM else 5.0 * MM)
    rows = max(1, int(room // row_h))
    bottom = top - head1 - head2 - rows * row_h
    c.saveState()
    c.setStrokeColorRGB(0, 0, 0)
    c.setFillColorRGB(0.9, 0.9, 0.9)
    c.rect(x, top - head1 - head2, width, head1 + head2, stroke=0, fill=1)
    c.setFillColorRGB(0, 0, 0)
    # header: player names over their column groups
    c.setFont(SANS_BOLD, 8)
    c.drawCentredString(x + turn_w / 2, top - head1 - head2 + 1.5 * MM, "#")
    gx = x + turn_w
    group_w = (width - turn_w) / len(players)
    for p in players:
        c.drawCentredString(gx + group_w / 2, top - head1 + 1.6 * MM, p)
        cx = gx
        c.setFont(SANS, 6.6)
        for label, w in cols:
            c.drawCentredString(cx + w * unit / 2, top - head1 - head2 + 1.5 * MM, label)
            cx += w * unit
        c.setFont(SANS_BOLD, 8)
        gx += group_w
    # rules: light inside, heavy around groups
    c.setLineWidth(0.35)
    c.setStrokeColorRGB(0.35, 0.35, 0.35)
    for k in range(rows + 1):
        y = bottom + k * row_h
        c.line(x, y, x + width, y)
    c.line(x + turn_w, top - head1, x + width, top - head1)
    gx = x + turn_w
    for _ in players:
        cx = gx
        for _label, w in cols[:-1]:
            cx += w * unit
            c.line(cx, bottom, cx, top - head1)
        gx += group_w
    c.setFont(SANS, 6.5)
    c.setFillColorRGB(*GREY)
    for k in range(rows):
        c.drawCentredString(x + turn_w / 2, top - head1 - head2 - (k + 1) * row_h + 1.7 * MM, str(k + 1))
    c.setLineWidth(1.0)
    c.setStrokeColorRGB(0, 0, 0)
    c.rect(x, bottom, width, top - bottom, stroke=1, fill=0)
    gx = x + turn_w
    for _ in players:
        c.line(gx, bottom, gx, top)
        gx += group_w
    c.restoreState()


def draw_rules(c: "Canvas", x: float, top: float, width: float, size: float = 7.6) -> float:
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


def draw_panel(c: "Canvas", grid: Grid, x: float, y: float, w: float, h: float, title: str,
               players: Sequence[str]) -> None:
    """One pattern with its title, score table and rules in the box (x, y) .. (x + w, y + h)."""
    top = y + h
    title_size = 10.5 if w > 120 * MM else 8.5
    c.setFont(SANS_BOLD, title_size)
    c.drawString(x, top - title_size, title)
    top -= title_size + 2.2 * MM
    rules_size = 7.6 if w > 120 * MM else 6.0
    rules_h = len(RULES) * rules_size * 1.3 + 1 * MM
    mid_h = top - (y + rules_h) - 3 * MM
    side = w > 1.25 * mid_h  # wide box: grid left, table right
    if side:
        size = min(mid_h, w * 0.52)
        cell = size / max(grid.rows, grid.cols)
        draw_grid(c, grid, x, top, cell)
        gap = 5 * MM
        tx = x + grid.cols * cell + gap
        draw_score_table(c, tx, top, x + w - tx, mid_h, players)
    else:
        # enough rows for every round if the page allows (a round: one entry or pass each), the grid the rest
        rounds = -(-len(grid.lights) // len(players)) + 1
        need = HEAD1 + HEAD2 + rounds * MIN_ROW
        if h > 150 * MM:
            size = max(mid_h * 0.42, min(w, mid_h * 0.62, mid_h - need - 4 * MM))
        else:
            size = min(w, mid_h * 0.66)
        cell = size / max(grid.rows, grid.cols)
        gx = x + (w - grid.cols * cell) / 2
        draw_grid(c, grid, gx, top, cell)
        table_top = top - grid.rows * cell - 4 * MM
        draw_score_table(c, x, table_top, w, table_top - (y + rules_h + 3 * MM), players, rounds)
    draw_rules(c, x, y + rules_h, w, rules_size)


def _panels(paper: Paper, per_page: int) -> list[tuple[float, float, float, float]]:
    pw, ph = paper.size
    x0, y0 = MARGIN, MARGIN + 5 * MM  # room for the footer
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


def draw_patterns(c: "Canvas", grids: Sequence[Grid], paper: Paper, per_page: int = 1, label: str = "",
                  players: Sequence[str] = ("Player 1", "Player 2")) -> None:
    """Lay ``grids`` out ``per_page`` to a page on canvas ``c`` (ending each page)."""
    if per_page not in (1, 2, 4):
        raise ValueError(f"--per-page is 1, 2 or 4 (got {per_page})")
    boxes = _panels(paper, per_page)
    pages = (len(grids) + per_page - 1) // per_page
    pw, _ = paper.size
    for page in range(pages):
        for slot, box in enumerate(boxes):
            k = page * per_page + slot
            if k >= len(grids):
                break
            grid = grids[k]
            title = f"Crossword  \u00b7  pattern {k + 1}" if len(grids) > 1 else "Crossword"
            title += f"  \u00b7  {grid.rows}\u00d7{grid.cols}, {len(grid.lights)} lights"
            draw_panel(c, grid, *box, title=title, players=players)
            # a bookmark a pattern, for finding one in a long set
            key = f"pattern-{k + 1}"
            c.bookmarkPage(key)
            c.addOutlineEntry(f"kitgen crossword: pattern {k + 1}", key, level=0)
        c.setFont(SANS, 6.5)
        c.setFillColorRGB(*GREY)
        foot = "kitgen crossword" + (f"  \u00b7  {label}" if label else "") + f"  \u00b7  page {page + 1} of {pages}"
        c.drawCentredString(pw / 2, MARGIN, foot)
        c.setFillColorRGB(0, 0, 0)
        c.showPage()


@contextlib.contextmanager
def _embedded_initial_font() -> Iterator[None]:
    """Build canvases whose initial font is kitgen's embedded Sans, not reportlab's Helvetica.

    reportlab names its default font (Helvetica, not embedded) in every page's resources unless the canvas
    starts with another; ``new_canvas`` has no ``initialFontName`` argument yet, so set reportlab's default
    for the moment the canvas is made.
    """
    from reportlab import rl_config

    old = rl_config.canvas_basefontname
    rl_config.canvas_basefontname = SANS
    try:
        yield
    finally:
        rl_config.canvas_basefontname = old


def written_by_kitgen(path: str | Path, limit: int = 50_000_000) -> bool:
    """Whether ``path`` is a PDF kitgen wrote: its (uncompressed) Info dictionary names kitgen as Producer.

    ``outfiles.check_overwrite`` only looks at the first and last 4 KB, where a multi-page PDF's Info
    dictionary rarely is; this reads the whole file (up to ``limit`` bytes).
    """
    p = Path(path)
    try:
        if not p.is_file() or p.stat().st_size > limit:
            return False
        return b"/Producer (kitgen " in p.read_bytes()
    except OSError:
        return False


def write_patterns_pdf(path: str | Path, grids: Sequence[Grid], paper: Paper = Paper.a4, per_page: int = 1,
                       label: str = "", seed: int | None = None, force: bool = False) -> Path:
    """Write the patterns' PDF atomically (byte-identical for the same input)."""
    from kitgen.render.fonts import register_fonts

    register_fonts()
    with _embedded_initial_font(), pdf_canvas(path, paper, title="Crossword patterns",
                                              subject=label or "blank crossword patterns", seed=seed,
                                              force=force or written_by_kitgen(path)) as c:
        draw_patterns(c, grids, paper, per_page, label)
    return Path(path)


def kit_components(paper: Paper, seed: int, players: int = 2) -> bytes:
    """The Crossword kit's printable components: a British and an American 15x15 pattern, each with a score
    table for ``players`` (no cover, no rules: the kit adds those)."""
    from kitgen.rules.crossword.generate import generate

    grids = [generate(15, 15, "british", "rotational", seed), generate(15, 15, "american", "rotational", seed)]
    names = [f"Player {k + 1}" for k in range(max(1, players))]
    with tempfile.TemporaryDirectory() as tmp:
        target = Path(tmp) / "crossword.pdf"
        from kitgen.render.fonts import register_fonts

        register_fonts()
        with _embedded_initial_font():
            c = new_canvas(target, paper, title="Crossword", subject="Crossword patterns and score tables", seed=seed)
        draw_patterns(c, grids, paper, 1, f"seed {seed}", players=names)
        c.save()
        return target.read_bytes()
