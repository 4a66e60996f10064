"""What a printed page shows, measured by pdfium: every character's box and size, and the ruled lines, so layout
tests can say "inside the margins", "crosses no rule", "no smaller than 8 pt" of any PDF."""

from __future__ import annotations

import ctypes
from dataclasses import dataclass
from pathlib import Path

from pdfpaths import page_paths

LINETO = 0
"""pdfium's FPDF_SEGMENT_LINETO."""


@dataclass(frozen=True)
class Glyph:
    """A printed character: its box (points, from the page's lower left), font size and the text object (one
    string drawn) it belongs to."""

    char: str
    size: float
    left: float
    bottom: float
    right: float
    top: float
    source: int = 0


@dataclass(frozen=True)
class Rule:
    """A straight stroked line, horizontal or vertical: from (x0, y0) to (x1, y1), x0 <= x1 and y0 <= y1."""

    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def vertical(self) -> bool:
        return abs(self.x1 - self.x0) < 0.01


def glyphs(data: bytes) -> list[list[Glyph]]:
    """Every page's printed characters (no spaces)."""
    import pypdfium2
    import pypdfium2.raw as raw

    doc = pypdfium2.PdfDocument(data)
    try:
        pages = []
        for page in doc:
            text = page.get_textpage()
            box = [ctypes.c_double() for _ in range(4)]
            found = []
            for i in range(text.count_chars()):
                char = chr(raw.FPDFText_GetUnicode(text.raw, i))
                if char.isspace() or not raw.FPDFText_GetCharBox(text.raw, i, *box):
                    continue
                left, right, bottom, top = (v.value for v in box)
                source = ctypes.cast(raw.FPDFText_GetTextObject(text.raw, i), ctypes.c_void_p).value or 0
                found.append(Glyph(char, raw.FPDFText_GetFontSize(text.raw, i), left, bottom, right, top, source))
            pages.append(found)
        return pages
    finally:
        doc.close()


def page_size(data: bytes) -> tuple[float, float]:
    import pypdfium2

    doc = pypdfium2.PdfDocument(data)
    try:
        return doc[0].get_width(), doc[0].get_height()
    finally:
        doc.close()


def page_sizes(data: bytes) -> list[tuple[float, float]]:
    """Every page's (width, height), points: a deck's landscape card pages and portrait summary differ."""
    import pypdfium2

    doc = pypdfium2.PdfDocument(data)
    try:
        return [(page.get_width(), page.get_height()) for page in doc]
    finally:
        doc.close()


def rules(data: bytes, page: int) -> list[Rule]:
    """The page's straight horizontal and vertical stroked segments (table rules, box edges)."""
    found = []
    for _width, stroked, _dashed, points in page_paths(data, page):
        if not stroked:
            continue
        for (_, xa, ya), (kind, xb, yb) in zip(points, points[1:], strict=False):
            if kind == LINETO and (abs(xa - xb) < 0.01 or abs(ya - yb) < 0.01):
                found.append(Rule(min(xa, xb), min(ya, yb), max(xa, xb), max(ya, yb)))
    return found


def outside(page: list[Glyph], width: float, height: float, margin: float, slack: float = 0.5) -> list[Glyph]:
    """The characters not wholly inside ``margin`` of every edge."""
    return [g for g in page if g.left < margin - slack or g.bottom < margin - slack or
            g.right > width - margin + slack or g.top > height - margin + slack]


def runs(page: list[Glyph]) -> list[Glyph]:
    """The page's runs of text: the characters of one string drawn (one text object), each run as one box."""
    out: list[Glyph] = []
    for g in page:
        last = out[-1] if out else None
        if last and g.source == last.source and abs(g.bottom - last.bottom) < 2 and g.left >= last.right - 0.5:
            out[-1] = Glyph(last.char + g.char, min(last.size, g.size), last.left, min(last.bottom, g.bottom),
                            g.right, max(last.top, g.top), g.source)
        else:
            out.append(g)
    return out


def crossing(page: list[Glyph], lines: list[Rule], slack: float = 0.3) -> list[tuple[Glyph, Rule]]:
    """The runs of text (``runs``) a rule runs through: text overflowing its cell, or a row too short for its
    label."""
    out = []
    for g in runs(page):
        for r in lines:
            if r.vertical:
                hit = g.left + slack < r.x0 < g.right - slack and r.y0 < g.top - slack and g.bottom + slack < r.y1
            else:
                hit = g.bottom + slack < r.y0 < g.top - slack and r.x0 < g.right - slack and g.left + slack < r.x1
            if hit:
                out.append((g, r))
    return out


def overlapping(page: list[Glyph], slack: float = 0.5) -> list[tuple[Glyph, Glyph]]:
    """Pairs of characters whose boxes overlap by more than ``slack`` each way: text printed over text. Two
    neighbours of one string are not (a "j"'s tail reaches back under the letter before it: Spanish "bajo")."""
    index = {id(g): k for k, g in enumerate(page)}
    ordered = sorted(page, key=lambda g: g.left)
    out = []
    for i, a in enumerate(ordered):
        for b in ordered[i + 1:]:
            if b.left > a.right - slack:
                break
            neighbours = a.source == b.source and abs(index[id(a)] - index[id(b)]) == 1
            if b.bottom < a.top - slack and a.bottom < b.top - slack and not neighbours:
                out.append((a, b))
    return out


def table_rows(lines: list[Rule]) -> list[tuple[float, float, float]]:
    """The page's table rows as (x, bottom, top): the band between two horizontal rules 20 mm or longer starting
    at the same x, next to each other, that a vertical rule of the same table crosses (a column line or the
    table's edge; the gap between two separate boxes, where a label sits, is no row). Rules within 0.3 pt of
    each other are one line drawn twice."""
    long = [r for r in lines if not r.vertical and r.x1 - r.x0 >= 20 * 72 / 25.4]
    found = []
    for left in sorted({round(r.x0, 2) for r in long}):
        ys: list[float] = []
        for y in sorted(r.y0 for r in long if round(r.x0, 2) == left):
            if not ys or y - ys[-1] > 0.3:
                ys.append(y)
        right = max(r.x1 for r in long if round(r.x0, 2) == left)
        for a, b in zip(ys, ys[1:], strict=False):
            if any(v.vertical and left - 0.3 <= v.x0 <= right + 0.3 and v.y0 < a + (b - a) / 2 < v.y1
                   for v in lines):
                found.append((left, a, b))
    return found


def layout_problems(data: bytes, margin: float, min_type: float = 8.0, min_row: float = 0.0) -> list[str]:
    """What is wrong with every page of a form to print and fill in: characters outside ``margin`` of an edge,
    text a rule runs through or printed over other text, type under ``min_type`` points, and (with ``min_row``)
    a table row (``table_rows``) shorter than ``min_row``."""
    problems = []
    for number, (page, (width, height)) in enumerate(zip(glyphs(data), page_sizes(data), strict=True), start=1):
        lines = rules(data, number - 1)
        problems += [f"page {number}: {g.char!r} outside the margins" for g in outside(page, width, height, margin)]
        problems += [f"page {number}: a rule runs through {g.char!r}" for g, _ in crossing(page, lines)]
        problems += [f"page {number}: {a.char!r} over {b.char!r}" for a, b in overlapping(page)]
        problems += [f"page {number}: {g.char!r} at {g.size:.1f} pt" for g in page if g.size < min_type - 0.01]
        problems += [f"page {number}: a row {b - a:.1f} pt tall" for _, a, b in (table_rows(lines) if min_row else ())
                     if b - a < min_row - 0.01]
    return problems


def card_trims(pdf: Path, page: int) -> list[tuple[float, float, float, float]]:
    """``(x0, y0, x1, y1)`` of each card drawn on a deck's page (0 the first): where its form is placed, and the
    form's size (its BBox), read with pypdf from the page's content stream."""
    import re

    from pypdf import PdfReader

    p = PdfReader(pdf).pages[page]
    data = p.get_contents().get_data().decode("latin-1")
    forms = p["/Resources"].get("/XObject", {})
    out = []
    for x, y, name in re.findall(r"1 0 0 1 (-?[\d.]+) (-?[\d.]+) cm\s*/(FormXob\.\S+) Do", data):
        bx0, by0, bx1, by1 = (float(v) for v in forms[f"/{name}"].get_object()["/BBox"])
        out.append((float(x), float(y), float(x) + (bx1 - bx0), float(y) + (by1 - by0)))
    return out
