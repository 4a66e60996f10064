"""Make a Wordsearch score sheets (issue 4): reportlab geometry, 1, 2 or 4 sheets a page.

Each sheet has the player's name, a 5x5 grid of boxes at least 12 mm wide
(room for a handwritten letter), the line numbers 1-5 down the side with the
word lengths that go to each line (1, 6, 11, 16 -> line 1 ...: the
length-to-line table), a 25-row turn log (turn, word, letter, line) with the
deal's words printed when a deal or book is given, and a scoring box (boxes
used, 4-letter words x1, 5-letter words x3, total, the 40-point super-great
mark). Sheets sharing a page are separated by dashed cut lines.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from kitgen.core.i18n import N_, _, words_of
from kitgen.core.language import ENGLISH, Language
from kitgen.games.wordsearch.rules.lines import SIZE, TURNS, lengths_for_line, target_line
from kitgen.games.wordsearch.rules.scoring import SUPER_GREAT
from kitgen.io.fonts import SANS, SANS_BOLD
from kitgen.io.pdf import MARGIN, MM, Paper, canvas_bytes, kit_page_foot, prose_width

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

INK = (0.1, 0.1, 0.1)
GREY = (0.45, 0.45, 0.45)
LIGHT = (0.75, 0.75, 0.75)
HINT = (0.6, 0.6, 0.6)
"""The line hint in the turn log's line cell: faint, but 7 pt and dark enough to read."""
TINT = (0.94, 0.95, 0.97)
GUTTER = 5 * MM
MIN_BOX = 12 * MM
"""Boxes are never smaller than 12 mm: big enough for a handwritten letter (issue 4, "Bar")."""
MIN_WRITE = 5.5 * MM
"""The turn log's letter and line cells are at least this wide (room for one handwritten character)."""
READ = 7.0
"""Nothing a person reads or writes by is printed under 7 pt (issue 32: four a page printed 3.9-5.5 pt)."""
MIN_ROW = 6 * MM
"""A turn-log row a word is written in is 6 mm tall or more (issue 32: 3.6 mm on A5); a layout that cannot give
that is refused (``check_per_page``)."""


@dataclass(frozen=True)
class Layout:
    """How one sheet is arranged in its part of the page."""

    box: float            # grid box side (points)
    label: float          # width of the line-number column
    score_right: bool     # scoring box beside the grid (else below it)
    log_right: bool       # turn log beside the grid (else below it)
    log_columns: int      # the 25 turns split into this many columns
    title_size: float
    text_size: float
    notes: bool = True     # the one-paragraph rules reminder
    min_text: float = 0.0  # large print: no text smaller than this (points)
    score_below: bool = False  # the scoring box in a row under the grid, across the sheet

    def text(self, factor: float) -> float:
        """A text size ``factor`` times the layout's, never under ``min_text`` nor ``READ``."""
        return max(self.text_size * factor, self.min_text, READ)


LAYOUTS = {
    1: Layout(box=17 * MM, label=17 * MM, score_right=True, log_right=False, log_columns=2,
              title_size=20, text_size=9.5),
    2: Layout(box=13 * MM, label=16 * MM, score_right=False, log_right=True, log_columns=2,
              title_size=14, text_size=8),
    4: Layout(box=12 * MM, label=16 * MM, score_right=True, log_right=False, log_columns=2,
              title_size=14, text_size=8),
}
"""The layouts by sheets a page. Four a page is laid out for a quarter of A3 or Tabloid, the size of an A5 page,
which takes it one a page (``layout_for``): a quarter of A4, Letter or Legal cannot hold 7 pt type and 6 mm rows."""
LARGE_PRINT = Layout(box=13 * MM, label=46 * MM, score_right=False, log_right=False, log_columns=2,
                     title_size=26, text_size=16, notes=False, min_text=16, score_below=True)
"""``--large-print`` (issue 17, docs/wordsearch.md ruling on large print): a sheet is two pages, the grid and the
scoring boxes, then the turn log in 12.5 mm rows; boxes 13 mm, every word and number 16 pt or more; the rules
paragraph is left to the rules document."""
LARGE_ROW = 12.5 * MM
"""Large print's turn-log rows and the letter and line cells: 12 mm or more, as ``--large-print`` promises (they
were 8.9 mm when the log shared the grid's page)."""
LARGE_PRINT_PAPERS = (Paper.a3, Paper.a4, Paper.letter, Paper.legal, Paper.tabloid)
ONE_A_PAGE_PAPERS = (Paper.a5,)
"""Papers too small to share (docs/wordsearch.md, ruling 9): half an A5 cannot hold a sheet's 12 mm boxes, its line
numbers and its turn log, so A5 takes one sheet a page (the kit prints one a page there), in the four-a-page
layout (an A5 page is a quarter of A3)."""
FOUR_A_PAGE_PAPERS = (Paper.a3, Paper.tabloid)
"""Papers whose quarter holds a sheet with 7 pt type and 6 mm rows (docs/wordsearch.md, ruling 9)."""


def layout_for(paper: Paper, per_page: int) -> Layout:
    """The layout of a sheet ``per_page`` a page on ``paper``: A5's one a page is the four-a-page layout."""
    return LAYOUTS[4 if paper in ONE_A_PAGE_PAPERS else per_page]


def _fit(c: Canvas, text: str, font: str, size: float, width: float) -> float:
    """The largest font size not above ``size`` at which ``text`` fits ``width``."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    w = stringWidth(text, font, size)
    return size if w <= width or w == 0 else max(min(size, READ), size * width / w)


Colour = tuple[float, float, float]


def _text(c: Canvas, x: float, y: float, text: str, font: str, size: float, colour: Colour = INK,
          align: str = "left", width: float | None = None) -> None:
    if width is not None:
        size = _fit(c, text, font, size, width)
    c.setFont(font, size)
    c.setFillColorRGB(*colour)
    if align == "center":
        c.drawCentredString(x, y, text)
    elif align == "right":
        c.drawRightString(x, y, text)
    else:
        c.drawString(x, y, text)


def _grid(c: Canvas, L: Layout, x: float, top: float) -> float:
    """The line column and the 5x5 boxes with (x, top) the top-left; returns the bottom."""
    box, lab = L.box, L.label
    _text(c, x + (lab - 1.2 * MM) / 2, top + 1.2 * MM, _("line"), SANS, L.text(0.85), GREY, "center")
    for r in range(SIZE):
        y = top - (r + 1) * box
        c.setFillColorRGB(*TINT)
        c.setStrokeColorRGB(*LIGHT)
        c.setLineWidth(0.5)
        c.rect(x, y, lab - 1.2 * MM, box, stroke=1, fill=1)
        lengths = ", ".join(str(n) for n in lengths_for_line(r + 1, 15)) + "\u2026"
        if L.min_text:  # large print: the number, then its lengths, on one line
            _text(c, x + 2 * MM, y + box * 0.32, str(r + 1), SANS_BOLD, L.text(1.25), INK)
            _text(c, x + lab - 2.6 * MM, y + box * 0.32, lengths, SANS, L.text(0.9), GREY, "right")
            continue
        _text(c, x + (lab - 1.2 * MM) / 2, y + box * 0.45, str(r + 1), SANS_BOLD, box * 0.42, INK, "center")
        _text(c, x + (lab - 1.2 * MM) / 2, y + box * 0.13, lengths, SANS, L.text(0.9), GREY, "center",
              width=lab - 2.2 * MM)
    c.setStrokeColorRGB(*INK)
    gx = x + lab
    c.setLineWidth(0.6)
    for k in range(SIZE + 1):
        c.line(gx + k * box, top, gx + k * box, top - SIZE * box)
        c.line(gx, top - k * box, gx + SIZE * box, top - k * box)
    c.setLineWidth(1.6)
    c.rect(gx, top - SIZE * box, SIZE * box, SIZE * box, stroke=1, fill=0)
    return top - SIZE * box


def _score_box(c: Canvas, L: Layout, x: float, top: float, width: float, height: float) -> None:
    """Boxes used, 4-letter words x1, 5-letter words x3, total and the super-great mark."""
    size = L.text_size
    rows = [(_("Boxes used"), _("1 each")), (_("4-letter words"), _("+1 each")),
            (_("5-letter words"), _("+3 each")), (_("Total"), "")]
    total = rows[-1][0]
    c.setStrokeColorRGB(*INK)
    c.setLineWidth(0.8)
    c.roundRect(x, top - height, width, height, 2 * MM, stroke=1, fill=0)
    _text(c, x + 2 * MM, top - size * 1.5, _("Score"), SANS_BOLD, size * 1.15, INK)
    if L.score_right:  # stacked
        inner_top = top - size * 2.2
        step = (inner_top - (top - height) - size * 3.2) / len(rows)
        entry = min(step * 0.62, 9 * MM)
        for k, (label, mult) in enumerate(rows):
            y = inner_top - k * step
            bold = label == total
            _text(c, x + 2 * MM, y - size * 1.0, label, SANS_BOLD if bold else SANS, size, INK,
                  width=width - 4 * MM)
            c.setLineWidth(1.4 if bold else 0.6)
            c.rect(x + 2 * MM, y - size * 1.4 - entry, width - 4 * MM, entry, stroke=1, fill=0)
            if mult:
                _text(c, x + width - 2.6 * MM, y - size * 1.4 - entry + 0.9 * MM, mult, SANS, L.text(0.75), GREY,
                      "right", width=width - 6 * MM)
        _text(c, x + width / 2, top - height + size * 1.6, _("{points}+ points:").format(points=SUPER_GREAT),
              SANS_BOLD, L.text(0.9), INK, "center", width=width - 3 * MM)
        _text(c, x + width / 2, top - height + size * 0.6, _("super-great!"), SANS_BOLD, L.text(0.9), INK, "center",
              width=width - 3 * MM)
    else:  # in a row: label above each entry box
        cells = len(rows)
        gap = 2 * MM
        cw = (width - 4 * MM - gap * (cells - 1)) / cells
        entry = height - size * 4.2
        for k, (label, mult) in enumerate(rows):
            bx = x + 2 * MM + k * (cw + gap)
            bold = label == total
            _text(c, bx, top - size * 2.9, label, SANS_BOLD if bold else SANS, L.text(0.9), INK, width=cw)
            c.setLineWidth(1.4 if bold else 0.6)
            c.rect(bx, top - height + size * 0.9, cw, entry, stroke=1, fill=0)
            if mult:
                _text(c, bx + cw - 0.8 * MM, top - height + size * 0.9 + 0.8 * MM, mult, SANS, L.text(0.75), GREY,
                      "right")
        _text(c, x + width - 2 * MM, top - size * 1.5, _("{points}+ points: super-great!").format(points=SUPER_GREAT),
              SANS_BOLD, size, INK, "right")


@dataclass(frozen=True)
class LogGeometry:
    """The turn log's measures in points: rows per column, row height, column width, and the four cells."""

    per: int
    row_h: float
    head: float
    column: float
    gap: float
    widths: tuple[float, float, float, float]   # turn, word, letter, line


def log_geometry(L: Layout, width: float, height: float) -> LogGeometry:
    """How the 25-row log fills ``width`` x ``height``: ``L.log_columns`` columns of turn/word/letter/line."""
    size = L.text_size
    cols = L.log_columns
    per = -(-TURNS // cols)
    gap = 3 * MM
    cw = (width - gap * (cols - 1)) / cols
    head = size * 1.9
    row_h = (height - head) / per
    small = min(row_h * 0.9, 6.5 * MM)
    # The letter and line cells take a handwritten character: never narrower than MIN_WRITE where the
    # column allows (on four-a-page sheets the rows are short, so the cells are widened instead).
    turn = min(small * 0.9, cw * 0.13)
    letter = max(min(small * 1.6, cw * 0.16), min(MIN_WRITE, cw * 0.22))
    line = max(min(small * 1.45, cw * 0.14), min(MIN_WRITE, cw * 0.22))
    # each heading whole at its size (7 pt or more); large print's cells a letter is written in 12 mm
    least = LARGE_ROW if L.min_text else 0.0
    turn, letter, line = (max(w, _string_width(name, SANS_BOLD, L.text(0.85)) + 1.2 * MM, at_least)
                          for w, name, at_least in ((turn, _("turn"), 0.0), (letter, _("letter"), least),
                                                    (line, _("line"), least)))
    return LogGeometry(per, row_h, head, cw, gap, (turn, cw - turn - letter - line, letter, line))


def _log(c: Canvas, L: Layout, x: float, top: float, width: float, height: float,
         words: Sequence[str] | None, lang: Language = ENGLISH) -> None:
    """The 25-row turn log: turn, word, letter, line; the deal's words printed when known, as the language
    writes them (garçon, Haus) and with the line their length in ``lang``'s letters goes to."""
    size = L.text_size
    cols = L.log_columns
    g = log_geometry(L, width, height)
    per, gap, cw, head, row_h, widths = g.per, g.gap, g.column, g.head, g.row_h, list(g.widths)
    names = (_("turn"), _("word"), _("letter"), _("line"))
    for col in range(cols):
        cx = x + col * (cw + gap)
        xs = [cx]
        for w in widths:
            xs.append(xs[-1] + w)
        for k, name in enumerate(names):
            _text(c, (xs[k] + xs[k + 1]) / 2, top - head + size * 0.55, name, SANS_BOLD, L.text(0.85), GREY,
                  "center", width=widths[k] - 0.6 * MM)
        first = col * per
        last = min(TURNS, first + per)
        for t in range(first, last):
            y = top - head - (t - first + 1) * row_h
            if t % 2 == 0:
                c.setFillColorRGB(*TINT)
                c.rect(cx, y, cw, row_h, stroke=0, fill=1)
            c.setStrokeColorRGB(*LIGHT)
            c.setLineWidth(0.4)
            c.line(cx, y, cx + cw, y)
            _text(c, (xs[0] + xs[1]) / 2, y + row_h * 0.3, str(t + 1), SANS, max(min(size, row_h * 0.55), L.text(0)),
                  GREY, "center")
            if words is not None:
                word = shown(words[t], lang)
                _text(c, xs[1] + 0.8 * MM, y + row_h * 0.3, word, SANS, max(min(size * 1.05, row_h * 0.6), L.text(0)),
                      INK, width=widths[1] - 1.6 * MM)
                hint = f"{target_line(len(lang.normalize(word)))}?"
                if not L.min_text:  # the faint line hint; large print leaves the cell to the player's hand
                    _text(c, xs[4] - 0.5 * MM, y + row_h - READ - 0.3 * MM, hint, SANS, READ, HINT, "right")
            c.setStrokeColorRGB(*LIGHT)
            for k in (1, 2, 3):
                c.line(xs[k], y, xs[k], y + row_h)
        c.setStrokeColorRGB(*GREY)
        c.setLineWidth(0.6)
        c.line(cx, top - head, cx + cw, top - head)
        c.line(cx, top - head - (last - first) * row_h, cx + cw, top - head - (last - first) * row_h)


def shown(word: str, lang: Language = ENGLISH) -> str:
    """A dealt word as printed: in English, lower case (THE is the); in another language as its book writes it
    (garçon, Haus), a word in capitals in lower case."""
    return word.lower() if lang is ENGLISH or word.isupper() else word


def draw_sheet(c: Canvas, x: float, y: float, width: float, height: float, per_page: int,
               words: Sequence[str] | None = None, label: str = "", lang: Language = ENGLISH,
               large_print: bool = False) -> None:
    """One score sheet in the rectangle with bottom-left (x, y) (``LARGE_PRINT``'s layout with ``large_print``)."""
    L = LARGE_PRINT if large_print else LAYOUTS[per_page]  # A5: draw_pages passes the layout's per_page (4)
    top = y + height
    size = L.text_size
    # Header: title, the deal, the player's name.
    title = _("Make a Wordsearch")
    _text(c, x, top - L.title_size, title, SANS_BOLD, L.title_size, INK)
    title_w = _string_width(title, SANS_BOLD, L.title_size)
    sub = _("25 words, 25 boxes") + (f"  \u00b7  {label}" if label else "")
    _text(c, x, top - L.title_size - size * 1.45, sub, SANS, size, GREY, width=width * 0.55)
    name_x = x + max(title_w + 5 * MM, width * 0.5)
    _text(c, name_x, top - L.title_size, _("Name"), SANS, size, GREY)
    c.setStrokeColorRGB(*INK)
    c.setLineWidth(0.6)
    c.line(name_x + _string_width(_("Name"), SANS, size) + 1.5 * MM, top - L.title_size - 0.8 * MM, x + width,
           top - L.title_size - 0.8 * MM)
    header = L.title_size + size * 2.6
    grid_top = top - header - size * 1.3
    grid_w = L.label + SIZE * L.box
    grid_bottom = _grid(c, L, x, grid_top)
    rule = _("Each turn: write one letter of the word on the line for its length (the small numbers beside "
             "each line). Line full? Use the nearest free line above or below the full ones. Score words of 3+ "
             "letters in a straight line, any of 8 directions, no wrapping: 1 point a box used, +1 a 4-letter "
             "word, +3 a 5-letter word. A word inside a longer word does not count.")
    if L.log_right:
        side_x = x + grid_w + 6 * MM
        score_top = grid_bottom - size * 1.2
        _score_box(c, L, x, score_top, grid_w, size * 7.0)
        notes_top = score_top - size * 7.0 - size * 0.4
        if L.notes and notes_top - _paragraph_height(rule, grid_w, L.text(0.85)) >= y:
            _paragraph(c, x, notes_top, grid_w, rule, L.text(0.85))
        _log(c, L, side_x, grid_top + size * 1.3, x + width - side_x, grid_top + size * 1.3 - y, words, lang)
    elif L.score_below:  # large print: grid and the scoring row; the log on the next page, 12 mm rows
        score_top = grid_bottom - size * 1.0
        _score_box(c, L, x, score_top, width, size * 7.0)
        c.showPage()
        _text(c, x, top - L.title_size, _("Turn log"), SANS_BOLD, L.title_size, INK)
        log_top = top - L.title_size - size * 1.2
        rows = -(-TURNS // L.log_columns)
        _log(c, L, x, log_top, width, min(log_top - y, size * 1.9 + rows * LARGE_ROW), words, lang)
    else:
        side_x = x + grid_w + 4 * MM
        _score_box(c, L, side_x, grid_top, x + width - side_x, SIZE * L.box)
        notes_top = grid_bottom - size * 1.0
        if L.notes:
            log_top = notes_top - _paragraph(c, x, notes_top, width, rule, L.text(0.85)) - size * 1.6
        else:  # four a page: every millimetre goes to the log's rows
            log_top = grid_bottom - size * 1.2
        _log(c, L, x, log_top, width, log_top - y, words, lang)


def _string_width(text: str, font: str, size: float) -> float:
    from reportlab.pdfbase.pdfmetrics import stringWidth

    return float(stringWidth(text, font, size))


def _wrap(text: str, width: float, size: float) -> list[str]:
    """``text`` in lines no wider than ``width`` nor a readable measure (``prose_width``: the A5 sheet's rule ran
    104 characters a line)."""
    width = prose_width(width, size)
    lines: list[str] = []
    current = ""
    for word in words_of(text):
        trial = f"{current} {word}".strip()
        if _string_width(trial, SANS, size) <= width or not current:
            current = trial
        else:
            lines.append(current)
            current = word
    if current:
        lines.append(current)
    return lines


def _paragraph_height(text: str, width: float, size: float) -> float:
    return len(_wrap(text, width, size)) * size * 1.3


def _paragraph(c: Canvas, x: float, top: float, width: float, text: str, size: float) -> float:
    """Simple word-wrapped grey text from ``top`` downwards; returns the height used."""
    lines = _wrap(text, width, size)
    for k, line in enumerate(lines):
        _text(c, x, top - (k + 1) * size * 1.3, line, SANS, size, GREY)
    return len(lines) * size * 1.3


def _slots(paper: Paper, per_page: int) -> list[tuple[float, float, float, float]]:
    """The rectangles (x, y, w, h) of the sheets on a page, reading order."""
    pw, ph = paper.size
    x0, y0 = MARGIN, MARGIN
    w, h = pw - 2 * MARGIN, ph - 2 * MARGIN
    if per_page == 1:
        return [(x0, y0, w, h)]
    if per_page == 2:
        hh = (h - 2 * GUTTER) / 2
        return [(x0, y0 + hh + 2 * GUTTER, w, hh), (x0, y0, w, hh)]
    hw, hh = (w - 2 * GUTTER) / 2, (h - 2 * GUTTER) / 2
    return [(x0, y0 + hh + 2 * GUTTER, hw, hh), (x0 + hw + 2 * GUTTER, y0 + hh + 2 * GUTTER, hw, hh),
            (x0, y0, hw, hh), (x0 + hw + 2 * GUTTER, y0, hw, hh)]


def _cut_lines(c: Canvas, paper: Paper, per_page: int) -> None:
    pw, ph = paper.size
    c.setStrokeColorRGB(*LIGHT)
    c.setLineWidth(0.5)
    c.setDash(3, 3)
    edge = 10 * MM
    if per_page >= 2:
        c.line(edge, ph / 2, pw - edge, ph / 2)
        _text(c, edge, ph / 2 + 1 * MM, _("\u2702 cut"), SANS, READ, GREY)
    if per_page == 4:
        c.line(pw / 2, edge, pw / 2, ph - edge)
    c.setDash()


def draw_pages(c: Canvas, paper: Paper, count: int, per_page: int, words: Sequence[str] | None = None,
               label: str = "", lang: Language = ENGLISH, large_print: bool = False) -> None:
    """``count`` sheets, ``per_page`` to a page, each on its own page part."""
    slots = _slots(paper, per_page)
    layout = 4 if paper in ONE_A_PAGE_PAPERS else per_page  # an A5 page is a quarter of A3 (``layout_for``)
    for n in range(count):
        k = n % per_page
        if n and k == 0:
            kit_page_foot(c, paper.size[0])  # in a kit, the page's number as the kit's guide counts pages
            c.showPage()
        if k == 0 and per_page > 1:
            _cut_lines(c, paper, per_page)
        draw_sheet(c, *slots[k], per_page=layout, words=words, label=label, lang=lang, large_print=large_print)
    kit_page_foot(c, paper.size[0])
    c.showPage()


SUBJECT = N_("Make a Wordsearch (Crissing-and-a-crossing)")


def sheets_pdf(paper: Paper = Paper.a4, count: int = 1, per_page: int = 1, words: Sequence[str] | None = None,
               label: str = "", seed: int | None = None, lang: Language = ENGLISH, large_print: bool = False) -> bytes:
    """The PDF bytes of ``count`` score sheets, ``per_page`` a page (byte-identical for the same input); with
    ``large_print`` one a page in ``LARGE_PRINT``'s layout (``InputError`` for more a page or a paper too small)."""
    if per_page not in LAYOUTS:
        raise ValueError(f"--per-page is 1, 2 or 4 (got {per_page})")
    check_per_page(paper, per_page)
    if large_print:
        check_large_print(paper, per_page)
    title = _("Make a Wordsearch score sheets") + (f" ({label})" if label else "")
    return canvas_bytes(lambda c: draw_pages(c, paper, count, per_page, words, label, lang, large_print), paper,
                        title=title, subject=_(SUBJECT), seed=seed)


def check_per_page(paper: Paper, per_page: int) -> None:
    """Two sheets a page need A4, Letter or larger paper (``ONE_A_PAGE_PAPERS`` take one); four need A3 or
    Tabloid (``FOUR_A_PAGE_PAPERS``): the refusal names the layout that fits, as the person sets it (a flag on the
    command line, a field's label on a web page: ``Option.setting``)."""
    from kitgen.core.errors import InputError
    from kitgen.games.base import PAPER
    from kitgen.games.wordsearch.options import PER_PAGE

    if per_page == 2 and paper in ONE_A_PAGE_PAPERS:
        raise InputError(_("{layout} needs A4, Letter or larger paper ({n} sheets do not fit on an {paper} page "
                           "with 12 mm boxes): use {one} on {paper}, or {a4}").format(
            layout=PER_PAGE.setting(per_page), n=per_page, paper=paper.label, one=PER_PAGE.setting(1),
            a4=PAPER.setting(Paper.a4)))
    if per_page == 4 and paper not in FOUR_A_PAGE_PAPERS:
        bigger = Paper.tabloid if paper in (Paper.letter, Paper.legal) else Paper.a3
        fits = 1 if paper in ONE_A_PAGE_PAPERS else 2
        refusal = _("{layout} needs A3 or Tabloid paper (a quarter of {paper} cannot hold a sheet with 7 pt type "
                    "and 6 mm turn-log rows): use {fewer} on {paper}, or {bigger}")
        raise InputError(refusal.format(layout=PER_PAGE.setting(per_page), paper=paper.label,
                                        fewer=PER_PAGE.setting(fits), bigger=PAPER.setting(bigger)))


def sheets_a_page(paper: Paper) -> int:
    """How many sheets a kit prints a page: two, one on ``ONE_A_PAGE_PAPERS``."""
    return 1 if paper in ONE_A_PAGE_PAPERS else 2


def check_large_print(paper: Paper, per_page: int) -> None:
    """Large print is one sheet a page, on A4, Letter or larger (an A5 page is too short for 16 pt rows)."""
    from kitgen.core.errors import InputError
    from kitgen.games.base import LARGE_PRINT
    from kitgen.games.wordsearch.options import PER_PAGE

    if per_page != 1:
        raise InputError(_("{large_print} prints one sheet a page: leave out {per_page}").format(
            large_print=LARGE_PRINT.setting(), per_page=PER_PAGE.setting()))
    if paper not in LARGE_PRINT_PAPERS:
        refusal = _("{large_print} needs A4, Letter or larger paper ({paper} is too small for 16 pt rows)")
        raise InputError(refusal.format(large_print=LARGE_PRINT.setting(), paper=paper.label))


def kit_components(paper: Paper, seed: int, players: int = 2, lang: Language = ENGLISH) -> bytes:
    """The game's printable components for a kit: one sheet per player (two a page; one on A5), deal ``seed`` of
    ``lang``'s book printed."""
    from kitgen.games.wordsearch.rules.book import book_deal
    from kitgen.io.calibration import part_bookmark

    words = book_deal(seed, lang)
    label = deal_label(seed, lang)

    def draw(c: Canvas) -> None:
        per_page = sheets_a_page(paper)
        what = (_("Score sheets, {label}'s words in the turn log, two a page") if per_page == 2 else
                _("Score sheets, {label}'s words in the turn log, one a page"))
        part_bookmark(c, "part-sheets", what.format(label=label), _("plain paper, a sheet a player"))
        draw_pages(c, paper, max(1, players), per_page, words, label, lang)

    return canvas_bytes(draw, paper, title=_("Make a Wordsearch score sheets ({label})").format(label=label),
                        subject=_(SUBJECT), seed=seed)


def deal_label(seed: int, lang: Language = ENGLISH) -> str:
    """``deal 7``, or ``deal 7 (French)`` in another language than English, in the text language."""
    label = _("deal {seed}").format(seed=seed)
    return label if lang is ENGLISH else _("{name} ({language})").format(name=label, language=_(lang.name))
