"""The kit's print-check page (issue 17, "A kit that prints as its page says"): rulers and a page guide.

The first component page of every kit is this page: a 100 mm ruler (and a
4 inch one on US paper) to check that the printer printed at actual size
before the card stock goes in, and the table "Which pages are which" with the
page numbers of every part of the kit and what to print it on. A blank page,
said to be blank on purpose, keeps double-sided card pages on odd pages.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from kitgen.core.i18n import _, words_of
from kitgen.io.fonts import SANS, SANS_BOLD
from kitgen.io.pdf import MARGIN, MM, Paper, canvas_bytes, kit_page_foot

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

INCH = 72.0
RULER_MM = 100
RULER_IN = 4
TICK = 0.25
"""Tick and baseline thickness (points): fine enough to read to half a millimetre."""


@dataclass(frozen=True)
class PagePart:
    """A row of "Which pages are which": the pages (1-based, inclusive), what they are and what to print on."""

    first: int
    last: int
    what: str
    print_on: str

    @property
    def pages(self) -> str:
        return str(self.first) if self.first == self.last else f"{self.first}\u2013{self.last}"


def draw_ruler(c: Canvas, x: float, y: float, units: int, unit: float, minor: int, numbered: int, label: str) -> None:
    """A ruler ``units`` long (``unit`` points each, ``minor`` ticks a unit) with its left end at (x, y): a
    baseline exactly ``units * unit`` points long, a tick at every minor division (longer at halves and whole
    units), every ``numbered``-th unit numbered, and ``label`` at the right."""
    length = units * unit
    c.saveState()
    c.setFillColorRGB(0, 0, 0)
    c.rect(x, y, length, TICK, stroke=0, fill=1)
    for k in range(units * minor + 1):
        whole, half = k % minor == 0, minor % 2 == 0 and k % (minor // 2) == 0
        tall = 6 * MM if whole and (k // minor) % numbered == 0 else 4 * MM if whole or half else 2.5 * MM
        c.rect(x + k * unit / minor - TICK / 2, y, TICK, tall, stroke=0, fill=1)
    c.setFont(SANS, 7)
    for k in range(0, units + 1, numbered):
        c.drawCentredString(x + k * unit, y + 7 * MM, str(k))
    c.setFont(SANS_BOLD, 9)
    c.drawString(x + length + 3 * MM, y + 1.5 * MM, label)
    c.restoreState()


PART_MARK = " | "
"""A kit's component PDF marks each of its parts with a bookmark ``WHAT | PRINT ON`` at its first page
(``part_bookmark``); the kit reads them for "Which pages are which" and does not show them."""


def part_bookmark(c: Canvas, key: str, what: str, print_on: str) -> None:
    """Mark the canvas's current page as the first of a part of a kit (see ``PART_MARK``)."""
    c.bookmarkPage(key)
    c.addOutlineEntry(f"{what}{PART_MARK}{print_on}", key, level=0)


def print_check_page(paper: Paper, title: str, parts: Sequence[PagePart], page: int) -> bytes:
    """The print-check page (page ``page`` of the kit): rulers, then "Which pages are which"."""
    return canvas_bytes(lambda c: _draw_print_check(c, paper, title, parts, page), paper,
                        title=_("{title}: print check").format(title=title), subject=_("rulers and page guide"))


def _draw_print_check(c: Canvas, paper: Paper, title: str, parts: Sequence[PagePart], page: int) -> None:
    pw, ph = paper.size
    x, top = MARGIN + 4 * MM, ph - MARGIN - 6 * MM
    c.setFont(SANS_BOLD, 16)
    c.drawString(x, top, _("{title}: print check").format(title=title))
    c.setFont(SANS, 9.5)
    intro = (_("Print this page first, on plain paper, at 100% (\u201cActual size\u201d; no \u201cFit to page\u201d). "
               "Then hold a ruler against the line below: it must measure exactly 100 mm.") if paper.metric else
             _("Print this page first, on plain paper, at 100% (\u201cActual size\u201d; no \u201cFit to page\u201d). "
               "Then hold a ruler against the line below: it must measure exactly 100 mm (and the second one 4 "
               "inches).")) + " " + _("If it does not, the printer scaled the page: the cards, nets and cut lines "
                                      "would come out the wrong size.")
    y = _paragraph(c, x, top - 8 * MM, min(pw - 2 * x, MEASURE), intro, 9.5)
    y -= 14 * MM
    draw_ruler(c, x, y, RULER_MM, MM, 1, 10, "100 mm")
    if not paper.metric:
        y -= 22 * MM
        draw_ruler(c, x, y, RULER_IN, INCH, 8, 1, "4 in")
    y -= 16 * MM
    _page_table(c, x, y, pw - 2 * x, parts)
    c.setFont(SANS, 7)
    c.setFillColorRGB(0.35, 0.35, 0.35)
    c.drawCentredString(pw / 2, MARGIN, _("kitgen \u00b7 page {page}").format(page=page))
    c.showPage()


MEASURE = 135 * MM
"""The widest the print check's paragraph runs: ~90 characters of 9.5 pt type (issue 32: 169 a line on A3)."""


def _page_table(c: Canvas, x: float, top: float, width: float, parts: Sequence[PagePart]) -> None:
    """The table "Which pages are which": pages, what they are, what to print them on."""
    c.setFillColorRGB(0, 0, 0)
    c.setFont(SANS_BOLD, 13)
    c.drawString(x, top, _("Which pages are which"))
    columns = (x, x + 24 * MM, x + width * 0.55)
    y = top - 8 * MM
    c.setFont(SANS_BOLD, 9)
    for column, head in zip(columns, (_("Pages"), _("What"), _("Print on")), strict=True):
        c.drawString(column, y, head)
    c.setLineWidth(0.6)
    c.line(x, y - 1.8 * MM, x + width, y - 1.8 * MM)
    size = 9.0
    for part in parts:
        y -= 6.5 * MM
        c.setFont(SANS_BOLD, size)
        c.drawString(columns[0], y, part.pages)
        y_what = _paragraph(c, columns[1], y + size * 1.3, columns[2] - columns[1] - 3 * MM, part.what, size)
        y_on = _paragraph(c, columns[2], y + size * 1.3, x + width - columns[2], part.print_on, size)
        y = min(y_what, y_on)


def _paragraph(c: Canvas, x: float, top: float, width: float, text: str, size: float) -> float:
    """Word-wrapped text from ``top`` down; returns the baseline of its last line."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    c.setFont(SANS, size)
    lines: list[str] = []
    for word in words_of(text):
        trial = f"{lines[-1]} {word}" if lines else word
        if lines and stringWidth(trial, SANS, size) <= width:
            lines[-1] = trial
        else:
            lines.append(word)
    y = top
    for line in lines:
        y -= size * 1.3
        c.drawString(x, y, line)
    return y


def blank_page(paper: Paper, why: str) -> bytes:
    """A page left blank on purpose, saying so in small print (so the card faces after it fall on an odd
    page when the kit is printed double-sided); in a kit (``kit_numbering``), its page number at the foot."""

    def draw(c: Canvas) -> None:
        pw, ph = paper.size
        c.setFont(SANS, 8)
        c.setFillColorRGB(0.45, 0.45, 0.45)
        c.drawCentredString(pw / 2, ph / 2, _("This page is blank on purpose."))
        c.drawCentredString(pw / 2, ph / 2 - 4 * MM, why)
        kit_page_foot(c, pw)
        c.showPage()

    return canvas_bytes(draw, paper, title="blank", subject="blank on purpose")
