"""The Game of Words deck as a print-and-cut PDF (reportlab): faces, backs, crop marks, a rules summary.

Each card face has a large letter centred and the letter with its value in
two opposite corners, as on a Lexicon card; wild cards (Sub Cards) show a star
and "any letter". Nine poker cards (63 x 88 mm) or bridge cards (57 x 89 mm)
fit a page of A4 or Letter (issue 5). With ``--bleed B`` each card's background runs B
mm past its trim and cards are spaced 2B apart. By default the nine sit three
by three on a portrait page with 10 mm margins, or with the margin that is
left when it is at least 7 mm (poker cards on Letter: 7.7 mm, laid out as 10
mm above for the crop marks and 5.4 mm below). Where nine do
not fit that way (bridge cards on Letter; a 3 mm bleed, whose 6 mm gutters make
three poker cards 207 mm wide) the cards keep 10 mm margins and the page turns
to landscape and holds what fits (eight; six for poker cards with a bleed on
Letter). ``--margin M`` fixes the margin instead.

Geometry a program can check: every card face and back is a PDF form
XObject whose BBox is exactly the card's trim (63 x 88 mm, say), named
``Card-<letter>-<value>`` (``Card-Sub-15``; ``Back`` for the back; identical
cards share their form); each card page's TrimBox encloses the
trimmed cards and its BleedBox the bleed. ``--duplex`` puts a page of backs
after each page of faces, mirrored left to right so each back lands behind
its face when printed double-sided (flip on the long edge). Crop marks are
short lines outside the cards (and their bleed) on every cut line, 2 mm clear
of the bleed and 3 to 5 mm long, never within 5 mm of the paper's edge (at one
end of a cut line at least; docs/game-of-words.md). With ``--duplex`` the PDF
names its flip edge as its duplex preference. (A landscape sheet mirrors its columns
too: print it flipping on the short edge.)
"""

from __future__ import annotations

import io
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING

from kitgen.core.i18n import N_, gettext, quoted, text_language, words_of
from kitgen.games.game_of_words.rules.deck import Card, Deck
from kitgen.io.cutfile import CutSheet, corner_arcs, once, rectangle, rounded_rectangle
from kitgen.io.fonts import SANS, SANS_BOLD, SERIF, SERIF_BOLD
from kitgen.io.pdf import MM, Duplex, Paper, canvas_bytes, flip_edge, kit_page, prose_width

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

CARD_SIZES: Mapping[str, tuple[float, float]] = MappingProxyType({
    "poker": (63.0, 88.0), "bridge": (57.0, 89.0), "tarot": (70.0, 120.0), "mini": (44.0, 63.0),
    "square": (70.0, 70.0)})
"""Card sizes by name, width x height in mm (the sizes print-and-play card stock and sleeves come in)."""
CUSTOM_CARD = (25.0, 200.0)
"""The sides a ``WxH`` card may have, mm."""


def card_mm(size: str) -> tuple[float, float]:
    """A card's width and height in mm: a named size (``CARD_SIZES``) or ``WxH`` in mm (``60x90``); a
    ``ValueError`` says what is wrong."""
    if size in CARD_SIZES:
        return CARD_SIZES[size]
    import re

    found = re.fullmatch(r"([0-9]{1,3}(?:\.[0-9]{1,2})?)[xX]([0-9]{1,3}(?:\.[0-9]{1,2})?)", size.strip())
    if not found:
        raise ValueError(gettext("a card size is {sizes} or WIDTHxHEIGHT in mm, e.g. 60x90 (got {size})").format(
            sizes=", ".join(CARD_SIZES), size=repr(size) if text_language() == "en" else quoted(size)))
    w, h = float(found.group(1)), float(found.group(2))
    low, high = CUSTOM_CARD
    if not (low <= w <= high and low <= h <= high):
        raise ValueError(gettext("a card's sides are {low} to {high} mm (got {size})").format(
            low=f"{low:g}", high=f"{high:g}", size=size))
    return w, h
PAGE_MARGIN = 10 * MM
MARK_EDGE = 5 * MM
MARK_GAP = 2 * MM
MARK_LEN = 5 * MM
MIN_MARK = 3 * MM
"""Crop marks are at least this long and ``MARK_GAP`` clear of the cards on every paper (issue 17)."""

FACE_BG = (0.992, 0.975, 0.93)
FACE_INK = (0.10, 0.10, 0.12)
FRAME = (0.55, 0.12, 0.12)
WILD_BG = (0.99, 0.90, 0.62)
BACK_BG = (0.11, 0.20, 0.40)
BACK_LINE = (0.30, 0.42, 0.65)


@dataclass(frozen=True)
class Sheet:
    """Where cards go on a page: page size, card size and the trim lower-left corner of each slot."""

    page: tuple[float, float]
    card: tuple[float, float]
    bleed: float
    cols: int
    rows: int
    slots: tuple[tuple[float, float], ...]
    registration: bool = False
    """Print-then-cut: registration marks on every page of faces (``kitgen.io.registration``), no crop marks."""
    corner_radius: float = 0.0
    """With ``--corner-guides``, the radius (points) of the quarter circle printed at each card's corners
    (``corner_guides``); 0: none."""

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    def block(self) -> tuple[float, float, float, float]:
        """(x0, y0, x1, y1) of the trimmed cards on the page."""
        xs = [x for x, _ in self.slots]
        ys = [y for _, y in self.slots]
        return min(xs), min(ys), max(xs) + self.card[0], max(ys) + self.card[1]

    def trims(self, count: int) -> list[tuple[float, float, float, float]]:
        """``(x, y, w, h)`` of the first ``count`` cards' trims: where the faces are drawn, what is cut."""
        return [(x, y, *self.card) for x, y in self.slots[:count]]

    def face_pages(self, cards: int, duplex: bool) -> list[tuple[int, int]]:
        """``(page, cards on it)`` of every page of faces (1-based; with ``duplex`` each is followed by its backs)."""
        counts = [min(self.per_page, cards - first) for first in range(0, cards, self.per_page)]
        return [(k * (2 if duplex else 1) + 1, n) for k, n in enumerate(counts)]

    def cut_sheet(self, count: int, title: str = "") -> CutSheet:
        """What a page of ``count`` faces cuts (``--cut-svg``): each card's trim, the rectangle its face fills and
        the crop marks mark (a bleed, printed past it, is cut off); nothing folds. Cards with a bleed stand apart,
        each its own closed rectangle; cards without one abut, and an edge two cards share is cut once (``once``:
        the first card's outline is closed, the next ones open where they meet it). With corner guides
        (``corner_radius``) the corners are cut round as the guides show: a card with a bleed is one closed rounded
        outline; cards that abut keep their square lines and each corner gets its quarter circle, from edge to edge,
        cutting the corner off."""
        from kitgen.io.registration import registration_outlines

        marks = registration_outlines(self.page) if self.registration else ()
        trims, r = self.trims(count), self.corner_radius
        if r and self.bleed > 0:
            return CutSheet(self.page, tuple(rounded_rectangle(*trim, r) for trim in trims), (), title, marks)
        arcs = tuple(arc for trim in trims for arc in corner_arcs(*trim, r)) if r else ()
        return CutSheet(self.page, once(rectangle(*trim) for trim in trims) + arcs, (), title, marks)

    def mirrored(self, i: int) -> tuple[float, float]:
        """The slot behind slot ``i`` when the sheet is flipped on its long edge (columns mirrored)."""
        row, col = divmod(i, self.cols)
        return self.slots[row * self.cols + (self.cols - 1 - col)]


AUTO_MARGIN_FLOOR = 7.0
"""The least margin (mm) the default layout accepts to keep nine cards, three by three, on a portrait page."""


def form_letter(letter: str) -> str:
    """A letter as a PDF form name holds it: A-Z as itself, another (the Spanish Ñ) as ``U00D1``, since a form
    name outside ASCII is unreadable to PDF viewers."""
    return letter if letter.isascii() else f"U{ord(letter):04X}"


def sheet_for(paper: Paper, size: str = "poker", bleed_mm: float = 0.0, margin_mm: float | None = None,
              portrait: bool = False, registration: bool = False) -> Sheet:
    """Lay out the cards on a page (``_laid_out``); with ``registration``, for print-then-cut: inside the
    registration marks' margin (``kitgen.io.registration``), or ``margin_mm`` if larger, and clear of the
    top-left square (a wider margin if the block would reach it)."""
    if not registration:
        return _laid_out(paper, size, bleed_mm, margin_mm, portrait)
    return _registered(paper, size, bleed_mm, max(margin_mm or 0.0, 0.0) * MM, portrait)


def _registered(paper: Paper, size: str, bleed_mm: float, least: float, portrait: bool) -> Sheet:
    """The most cards a page holds centred clear of the registration marks (``clear_of_marks``) and ``least``
    points from every edge: every grid, portrait or landscape, is tried (a grid that fits the band may reach into
    a corner mark's box, a narrower one centred may not)."""
    from kitgen.io.registration import clear_of_marks, content_margin

    w, h = (card_mm(size)[0] * MM, card_mm(size)[1] * MM)
    b = bleed_mm * MM
    gap = 2 * b
    margin = max(least, content_margin())
    best: Sheet | None = None
    for page in (paper.size,) if portrait else (paper.size, (paper.size[1], paper.size[0])):
        most_cols = int((page[0] - 2 * margin - 2 * b + gap + 1e-6) // (w + gap))
        most_rows = int((page[1] - 2 * margin - 2 * b + gap + 1e-6) // (h + gap))
        for cols in range(most_cols, 0, -1):
            for rows in range(most_rows, 0, -1):
                bw, bh = cols * w + (cols - 1) * gap, rows * h + (rows - 1) * gap
                x0, y0 = (page[0] - bw) / 2, (page[1] - bh) / 2
                fits = clear_of_marks((x0 - b, y0 - b, x0 + bw + b, y0 + bh + b), page)
                if fits and (best is None or cols * rows > best.per_page):
                    slots = tuple((x0 + c * (w + gap), y0 + (rows - 1 - r) * (h + gap))
                                  for r in range(rows) for c in range(cols))
                    best = Sheet(page, (w, h), b, cols, rows, slots, registration=True)
    if best is None:
        raise ValueError("cards do not fit the page inside the registration marks")
    return best


def _laid_out(paper: Paper, size: str = "poker", bleed_mm: float = 0.0, margin_mm: float | None = None,
              portrait: bool = False) -> Sheet:
    """Lay out the cards on a page.

    With ``margin_mm`` given, as many cards as fit inside that margin: 3 x 3 portrait when it fits, else the
    best grid, portrait or landscape. By default (``None``) nine cards, three by three on a portrait page, as
    the issue asks for A4 and Letter, centred, whenever that leaves at least ``AUTO_MARGIN_FLOOR`` (7 mm)
    round the cards and their bleed (poker cards on Letter: 7.7 mm); otherwise the 10 mm layout (bridge
    cards on Letter, or any card with a 3 mm bleed on Letter, turn landscape and hold eight). With ``portrait``
    the page stays portrait even where landscape holds more (the kit's card pages, which share one flip edge,
    the long one, with its portrait rules pages: A3 and Legal).
    """
    w, h = (card_mm(size)[0] * MM, card_mm(size)[1] * MM)
    b = bleed_mm * MM
    gap = 2 * b
    auto = margin_mm is None
    if margin_mm is None:
        pw, ph = paper.size
        spare = min(pw - 3 * w - 2 * gap - 2 * b, ph - 3 * h - 2 * gap - 2 * b) / 2
        margin_mm = min(10.0, spare / MM) if spare >= AUTO_MARGIN_FLOOR * MM - 1e-9 else 10.0
    margin = margin_mm * MM
    best: tuple[tuple[float, float], int, int] | None = None
    for page in (paper.size,) if portrait else (paper.size, (paper.size[1], paper.size[0])):
        cols = int((page[0] - 2 * margin - 2 * b + gap + 1e-6) // (w + gap))
        rows = int((page[1] - 2 * margin - 2 * b + gap + 1e-6) // (h + gap))
        if best is None or cols * rows > best[1] * best[2]:
            best = (page, cols, rows)
    assert best is not None
    page, cols, rows = best
    if cols * rows == 0:
        raise ValueError("cards do not fit the page")
    bw = cols * w + (cols - 1) * gap
    bh = rows * h + (rows - 1) * gap
    x0 = _placed(page[0], bw, b, auto)
    y0 = _placed(page[1], bh, b, auto)
    slots = []
    for r in range(rows):
        for c in range(cols):
            slots.append((x0 + c * (w + gap), y0 + (rows - 1 - r) * (h + gap)))
    return Sheet(page, (w, h), b, cols, rows, tuple(slots))


MARKS_ROOM = MARK_EDGE + MARK_GAP + MIN_MARK
"""The margin a side needs for its crop marks: 2 mm clear of the bleed, 3 mm long, 5 mm from the paper's edge."""


def _placed(page: float, block: float, bleed: float, auto: bool) -> float:
    """Where the block of cards starts along one side of the page: centred, unless (in the default layout) the
    centred margins are too narrow for crop marks (nine poker cards on Letter leave 7.7 mm above and below):
    then the far side (top, right) keeps ``MARKS_ROOM`` for the marks and the near side the rest, so long as
    that is at least 5 mm (the marks on one end of a cut line show where to cut)."""
    spare = page - block - 2 * bleed
    if not auto or spare / 2 >= MARKS_ROOM - 1e-6 or spare - MARKS_ROOM < MARK_EDGE - 1e-6:
        return (page - block) / 2
    return spare - MARKS_ROOM + bleed


# -- drawing -------------------------------------------------------------------

def _card_form(c: Canvas, name: str, card: Card, w: float, h: float) -> None:
    """Define a form XObject of exactly the card's trim with its face."""
    c.beginForm(name, 0, 0, w, h)
    wild = card.wild
    c.setFillColorRGB(*(WILD_BG if wild else FACE_BG))
    c.rect(0, 0, w, h, stroke=0, fill=1)
    inset = 3 * MM
    c.setStrokeColorRGB(*FRAME)
    c.setLineWidth(0.9)
    c.roundRect(inset, inset, w - 2 * inset, h - 2 * inset, 3 * MM, stroke=1, fill=0)
    c.setFillColorRGB(*FACE_INK)
    big = "\u2605" if wild else card.letter
    font = SANS_BOLD if wild else SERIF_BOLD
    size = h * (0.30 if wild else 0.46)
    c.setFont(font, size)
    c.drawCentredString(w / 2, h / 2 - size * 0.36, big)
    corner = "\u2605" if wild else card.letter
    for rotate in (False, True):
        c.saveState()
        if rotate:
            c.translate(w, h)
            c.rotate(180)
        c.setFont(SANS_BOLD, 17)
        c.drawCentredString(inset + 5.2 * MM, h - inset - 7.5 * MM, corner)
        c.setFont(SANS, 9)
        c.drawCentredString(inset + 5.2 * MM, h - inset - 11.8 * MM, str(card.value))
        c.restoreState()
    if wild:
        name_text = gettext(card.wild_name or "Sub Card").upper()
        c.setFont(SANS_BOLD, 12)
        c.drawCentredString(w / 2, h * 0.30, name_text)
        c.setFont(SERIF, 8.5)
        c.drawCentredString(w / 2, h * 0.30 - 12, gettext("any letter"))
        c.drawCentredString(w / 2, h * 0.30 - 23, gettext("fixed once played"))
    c.endForm()


def _back_form(c: Canvas, w: float, h: float, title: str) -> None:
    c.beginForm("Back", 0, 0, w, h)
    c.setFillColorRGB(*BACK_BG)
    c.rect(0, 0, w, h, stroke=0, fill=1)
    inset = 3 * MM
    c.setStrokeColorRGB(*BACK_LINE)
    c.setLineWidth(0.5)
    step = 6 * MM
    p = c.beginPath()
    k = -h
    while k < w + h:
        p.moveTo(k, 0)
        p.lineTo(k + h, h)
        p.moveTo(k + h, 0)
        p.lineTo(k, h)
        k += step
    c.saveState()
    clip = c.beginPath()
    clip.roundRect(inset, inset, w - 2 * inset, h - 2 * inset, 3 * MM)
    c.clipPath(clip, stroke=0, fill=0)
    c.drawPath(p, stroke=1, fill=0)
    c.restoreState()
    c.setStrokeColorRGB(0.95, 0.85, 0.55)
    c.setLineWidth(1.2)
    c.roundRect(inset, inset, w - 2 * inset, h - 2 * inset, 3 * MM, stroke=1, fill=0)
    c.setFillColorRGB(*BACK_BG)
    c.ellipse(w * 0.14, h * 0.36, w * 0.86, h * 0.64, stroke=1, fill=1)
    c.setFillColorRGB(0.98, 0.93, 0.78)
    c.setFont(SERIF_BOLD, 11)
    c.drawCentredString(w / 2, h / 2 + 6, gettext("THE GAME"))
    c.drawCentredString(w / 2, h / 2 - 9, gettext("OF WORDS"))
    c.setFont(SANS, 5.5)
    c.drawCentredString(w / 2, h * 0.29, gettext(title)[:40])
    c.endForm()


def _bleed(c: Canvas, x: float, y: float, sheet: Sheet, color: tuple[float, float, float]) -> None:
    b = sheet.bleed
    if b <= 0:
        return
    c.setFillColorRGB(*color)
    c.rect(x - b, y - b, sheet.card[0] + 2 * b, sheet.card[1] + 2 * b, stroke=0, fill=1)


CORNER_RADIUS = 25.4 / 8 * MM
"""The corner guides' radius: 1/8 in (3.175 mm), what the common corner-rounder punch cuts."""
CORNER_GUIDE = (0.6, 0.6, 0.6)


def corner_guides(c: Canvas, x: float, y: float, sheet: Sheet) -> None:
    """With ``sheet.corner_radius``, a thin grey quarter circle in each corner of the card whose trim starts at
    (x, y), tangent to its two edges: where a corner rounder (or scissors) rounds the corner, the guide cut off
    with it (issue 32: "no rounded-corner guides")."""
    from kitgen.io.layers import in_layer

    r = sheet.corner_radius
    if r <= 0:
        return
    w, h = sheet.card
    with in_layer(c, CORNER_LAYER):  # a print shop can hide them (``with_corner_layer``)
        c.setStrokeColorRGB(*CORNER_GUIDE)
        c.setLineWidth(0.5)
        for left, bottom, start in ((x, y, 180), (x + w - 2 * r, y, 270), (x + w - 2 * r, y + h - 2 * r, 0),
                                    (x, y + h - 2 * r, 90)):
            c.arc(left, bottom, left + 2 * r, bottom + 2 * r, start, 90)


CORNER_LAYER = "KitgenCornerGuides"
"""The corner guides' layer (optional content): its tag in the page's marked content."""


def with_corner_layer(data: bytes, sheet: Sheet) -> bytes:
    """``data``, a PDF of ``sheet``'s cards, with the corner guides' layer declared ("Corner guides" in the text
    language) where the sheet has guides: a print shop switches it off to print the cards without them."""
    if sheet.corner_radius <= 0:
        return data
    from kitgen.io.layers import with_layer

    return with_layer(data, CORNER_LAYER, gettext("Corner guides"))


def _crop_marks(c: Canvas, sheet: Sheet, drawn: tuple[tuple[float, float], ...] | None = None) -> None:
    """Short cut lines outside the cards (beyond the bleed), never within 5 mm of the paper's edge: on the cut
    lines of the cards ``drawn`` (their slots; every slot if None) and just outside them, so that a last page
    holding fewer cards marks no line that cuts only blank paper, nor marks the empty slots' edge."""
    w, h = sheet.card
    pw, ph = sheet.page
    b = sheet.bleed
    slots = sheet.slots if drawn is None else drawn
    x0, y0 = min(x for x, _ in slots), min(y for _, y in slots)  # the cards drawn: marks just outside them
    x1, y1 = max(x for x, _ in slots) + w, max(y for _, y in slots) + h
    xs = sorted({round(x, 3) for x, _ in slots} | {round(x + w, 3) for x, _ in slots})
    ys = sorted({round(y, 3) for _, y in slots} | {round(y + h, 3) for _, y in slots})
    c.setStrokeColorRGB(0, 0, 0)
    c.setLineWidth(0.3)
    # room between the cards' bleed and the 5 mm the printer may not reach, on each side
    top_room, bottom_room = ph - MARK_EDGE - (y1 + b), (y0 - b) - MARK_EDGE
    right_room, left_room = pw - MARK_EDGE - (x1 + b), (x0 - b) - MARK_EDGE
    if _note_place(sheet, True)[0] == "left":  # the page's note has the left margin; the right one is marked
        left_room = 0.0
    for x in xs:
        for span in (_mark_span(y1 + b, top_room, 1), _mark_span(y0 - b, bottom_room, -1)):
            if span is not None:
                c.line(x, span[0], x, span[0] + span[1])
    for y in ys:
        for span in (_mark_span(x1 + b, right_room, 1), _mark_span(x0 - b, left_room, -1)):
            if span is not None:
                c.line(span[0], y, span[0] + span[1], y)


def _mark_span(edge: float, room: float, sign: int) -> tuple[float, float] | None:
    """Where a crop mark starts and its signed length, beyond ``edge`` (the bleed) with ``room`` to spare
    before the 5 mm a printer may not reach; None where a mark 2 mm off the bleed and 3 mm long would reach
    into those 5 mm (the default layout keeps room on at least one end of every cut line: ``_placed``).

    Always 2 mm off the bleed and 3 to 5 mm long, as long as the margin allows.
    """
    if room - MARK_GAP < MIN_MARK - 1e-6:
        return None
    return edge + sign * MARK_GAP, sign * min(MARK_LEN, room - MARK_GAP)


def _set_boxes(c: Canvas, sheet: Sheet, drawn: tuple[tuple[float, float], ...] | None = None) -> None:
    """The page's TrimBox round the cards ``drawn`` (their slots; every slot if None) and its BleedBox round their
    bleed: a last page holding fewer cards is trimmed to them, as its crop marks mark them."""
    w, h = sheet.card
    slots = sheet.slots if drawn is None else drawn
    x0, y0 = min(x for x, _ in slots), min(y for _, y in slots)
    x1, y1 = max(x for x, _ in slots) + w, max(y for _, y in slots) + h
    b = sheet.bleed
    c.setTrimBox((x0, y0, x1, y1))
    c.setBleedBox((x0 - b, y0 - b, x1 + b, y1 + b))


NOTE_SIZE = 7.0
"""The card pages' one line of small print (points)."""
NOTE_BAND = 3.3 * MM
"""The band a line of ``NOTE_SIZE`` type takes, from the bottom of its descenders to the top of its capitals."""


def _note_place(sheet: Sheet, marks: bool) -> tuple[str, float]:
    """Where a card page's line of small print goes: ``("below", baseline y)`` under the cards and their crop
    marks where that is 5 mm or more from the paper's edge, else ``("left", baseline x)`` turned to run up the
    left margin beyond the shortest crop marks (nine poker cards on Letter leave too little below), else
    ``("none", 0)``."""
    x0, y0, _, _ = sheet.block()
    below = y0 - sheet.bleed
    span = _mark_span(below, below - MARK_EDGE, -1) if marks and not sheet.registration else None
    if span is not None:
        below = span[0] + span[1]  # the marks' lower end
    floor = MARK_EDGE
    if sheet.registration:  # nothing printed in the registration marks' band
        from kitgen.io.registration import content_margin

        floor = content_margin()
    if below - 1.0 * MM - NOTE_BAND >= floor - 1e-6:
        return "below", below - 1.0 * MM - 2.4 * MM
    left = x0 - sheet.bleed
    if left - 1.0 * MM - NOTE_BAND >= floor - 1e-6:
        return "left", left - 1.0 * MM - 0.6 * MM  # turned: its descenders face the cards
    return "none", 0.0


def _opposite_place(sheet: Sheet, marks: bool, where: str, length: float) -> tuple[str, float, float]:
    """Where a second line of small print goes: across the band a ``where`` note has (``_note_place``), on the
    other side of the cards: ``("above", baseline y)`` over the cards and their crop marks, ``("right", baseline
    x, its middle's y)`` turned down the right margin, in the widest gap between its crop marks and 1 mm clear of
    them (``length`` points long), each 5 mm or more from the paper's edge (beyond the registration marks'
    margin on a print-then-cut page); else ``("none", 0)``. Two lines of 7 pt do not fit one band on A4 or A5
    (3.5-5 mm), so the second one takes the band facing it."""
    _, _, x1, y1 = sheet.block()
    top = sheet.page[1] - MARK_EDGE
    floor = MARK_EDGE
    if sheet.registration:
        from kitgen.io.registration import content_margin

        floor = content_margin()
    if where == "below":
        edge = y1 + sheet.bleed
        span = _mark_span(edge, top - edge, 1) if marks and not sheet.registration else None
        edge = span[0] + span[1] if span is not None else edge
        fits = edge + 1.0 * MM + NOTE_BAND <= sheet.page[1] - floor + 1e-6
        return ("above", edge + 1.0 * MM + 0.9 * MM, 0.0) if fits else ("none", 0.0, 0.0)
    if where == "left":  # as the left margin's line: beside the bleed, between the right margin's crop marks
        edge = x1 + sheet.bleed
        fits = edge + 1.0 * MM + NOTE_BAND <= sheet.page[0] - floor + 1e-6
        middle = sheet.page[1] / 2
        if marks and not sheet.registration and _mark_span(edge, sheet.page[0] - MARK_EDGE - edge, 1) is not None:
            ys = sorted({y for _, y in sheet.slots} | {y + sheet.card[1] for _, y in sheet.slots})
            gaps = [(b - a, (a + b) / 2) for a, b in zip(ys, ys[1:], strict=False)]  # between two marks
            room, middle = max(gaps, key=lambda gap: (gap[0], -abs(gap[1] - middle)))
            fits = fits and room >= length + 2.0 * MM
        return ("right", edge + 1.0 * MM + 0.6 * MM, middle) if fits else ("none", 0.0, 0.0)
    return "none", 0.0, 0.0


def _note_line(c: Canvas, sheet: Sheet, where: str, at: float, text: str, middle: float = 0.0) -> None:
    """One line of small print at a place ``_note_place`` or ``_opposite_place`` gave (turned in a side margin,
    its descenders facing the cards)."""
    if where in ("below", "above"):
        c.drawCentredString(sheet.page[0] / 2, at, text)
        return
    c.saveState()
    c.translate(at, middle or sheet.page[1] / 2)
    c.rotate(90 if where == "left" else -90)
    c.drawCentredString(0, 0, text)
    c.restoreState()


def _page_note(c: Canvas, sheet: Sheet, text: str, marks: bool = True, split: bool = False) -> None:
    """A line of small print (what the page is, how to print it) clear of the cards, their bleed and crop
    marks, and 5 mm from the paper's edge: below the cards, or up the left margin where there is no room below
    (``_note_place``). With ``split``, a note ending in a part in brackets (the backs pages' ``... (print
    double-sided, flip on the long edge)``, 93-94 characters) is two lines, the first where the note goes, the
    bracket in the band facing it (``_opposite_place``), where there is one; else the one line as before."""
    where, at = _note_place(sheet, marks)
    if where == "none":
        return
    c.setFillColorRGB(0.35, 0.35, 0.35)
    c.setFont(SANS, NOTE_SIZE)
    first, bracket, rest = text.rpartition(" (")
    other, there, middle = _opposite_place(sheet, marks, where, c.stringWidth("(" + rest, SANS, NOTE_SIZE))
    if split and bracket and rest.endswith(")") and other != "none":
        _note_line(c, sheet, where, at, first)
        _note_line(c, sheet, other, there, "(" + rest, middle)
        return
    _note_line(c, sheet, where, at, text)


def set_page(c: Canvas, size: tuple[float, float]) -> None:
    """Set the page size with an embedded font current, so reportlab's page preamble names no Helvetica."""
    c.setFont(SANS, 10)
    c.setPageSize(size)


def draw_cards(c: Canvas, deck: Deck, sheet: Sheet, duplex: bool = False, marks: bool = True,
               backs_page: bool = True, label: str = "") -> int:
    """Draw the deck's faces (and backs) onto ``c``; returns the number of pages drawn."""
    w, h = sheet.card
    set_page(c, sheet.page)
    names: dict[int, str] = {}
    faces: dict[tuple[str, int, str], str] = {}
    for card in deck.cards:  # identical cards share one form: each face is drawn once
        key = (card.letter, card.value, card.wild_name)
        if key not in faces:
            faces[key] = f"Card-{'Sub' if card.wild else form_letter(card.letter)}-{card.value}"
            _card_form(c, faces[key], card, w, h)
        names[card.index] = faces[key]
    _back_form(c, w, h, deck.title)
    per = sheet.per_page
    pages = 0
    chunks = [deck.cards[i:i + per] for i in range(0, len(deck.cards), per)]
    marks = marks and not sheet.registration  # a cutting machine cuts: no crop marks in the marks' band
    set_page(c, sheet.page)
    for n, chunk in enumerate(chunks, start=1):
        _set_boxes(c, sheet, sheet.slots[:len(chunk)])
        if sheet.registration:
            from kitgen.io.registration import draw_registration

            draw_registration(c, sheet.page)
        for card, (x, y, _, _) in zip(chunk, sheet.trims(len(chunk)), strict=True):
            _bleed(c, x, y, sheet, WILD_BG if card.wild else FACE_BG)
            c.saveState()
            c.translate(x, y)
            c.doForm(names[card.index])
            c.restoreState()
            corner_guides(c, x, y, sheet)
        if marks:
            _crop_marks(c, sheet, sheet.slots[:len(chunk)])
        in_kit = kit_page(c)
        said = (gettext("{deck}: faces, page {n} of {pages}") if in_kit is None else
                gettext("{deck}: faces, page {n}"))  # in a kit, numbered as the kit's guide counts pages
        _page_note(c, sheet, label + said.format(deck=gettext(deck.title), n=n if in_kit is None else in_kit,
                                                  pages=len(chunks)), marks)
        c.showPage()
        pages += 1
        if duplex:
            set_page(c, sheet.page)
            _draw_backs(c, sheet, len(chunk), marks, mirrored=True)
            note = (gettext("{deck}: backs of page {n} (print double-sided, flip on the long edge)")
                    if sheet.page[1] >= sheet.page[0] else
                    gettext("{deck}: backs of page {n} (print double-sided, flip on the short edge)"))
            faces_page = kit_page(c, back=1)
            _page_note(c, sheet, note.format(deck=gettext(deck.title), n=n if faces_page is None else faces_page),
                       marks, split=True)
            c.showPage()
            pages += 1
    if backs_page and not duplex:
        set_page(c, sheet.page)
        _draw_backs(c, sheet, per, marks, mirrored=False)
        _page_note(c, sheet, gettext("{deck}: card backs (print them on the back of each face page)")
                   .format(deck=gettext(deck.title)), marks)
        c.showPage()
        pages += 1
    return pages


def _draw_backs(c: Canvas, sheet: Sheet, count: int, marks: bool, mirrored: bool) -> None:
    drawn = tuple(sheet.mirrored(i) if mirrored else sheet.slots[i] for i in range(count))
    _set_boxes(c, sheet, drawn)
    for x, y in drawn:
        _bleed(c, x, y, sheet, BACK_BG)
        c.saveState()
        c.translate(x, y)
        c.doForm("Back")
        c.restoreState()
        corner_guides(c, x, y, sheet)
    if marks:
        _crop_marks(c, sheet, drawn)


def printing_note(sheet: Sheet, duplex: bool) -> str:
    """How to print and cut the card pages, for the foot of the summary page."""
    w, h = (round(v / MM) for v in sheet.card)
    long = sheet.page[1] >= sheet.page[0]
    backs = ((gettext("each page of faces is followed by its backs, mirrored: print double-sided, flipping on the "
                      "long edge") if long else
              gettext("each page of faces is followed by its backs, mirrored: print double-sided, flipping on the "
                      "short edge"))
             if duplex else gettext("print the page of backs on the reverse of every page of faces"))
    return gettext("Printing: at actual size (100%, no fit to page); a card measures {w} x {h} mm. Backs: {backs}. "
                   "Cut along the crop marks.").format(w=w, h=h, backs=backs)


A4_SIZE = (210 * MM, 297 * MM)
"""The paper the summary page was first laid out on: its type and margins scale from there."""
SUMMARY_MIN_TYPE = 8.0
"""The summary's body type never goes under this (points) however small the paper; the small print, 7."""


@dataclass
class _Flow:
    """The summary's text flowing down its pages: a cursor ``y`` above a ``floor``, its type scaled by ``k``
    (1 on A4; A5 0.71, Tabloid 1.33) but never under ``SUMMARY_MIN_TYPE``; a new page when a block would reach
    the floor (the first page's floor clears its small print at the foot)."""

    c: Canvas
    paper: Paper
    k: float
    x: float
    width: float
    y: float
    floor: float
    pages: int = 1

    def size(self, base: float, least: float = SUMMARY_MIN_TYPE) -> float:
        return round(max(base * self.k, least), 2)

    @property
    def top(self) -> float:
        """Where a page after the first begins."""
        return self.paper.size[1] - _summary_margin(self.paper) - self.size(10)

    @property
    def fill(self) -> float:
        """How much of the last page the text takes (of what a page after the first holds)."""
        return (self.top - self.y) / (self.top - _summary_margin(self.paper))

    def need(self, height: float) -> None:
        """Room for ``height`` more points on this page, or a new page."""
        if self.y - height < self.floor:
            self.c.showPage()
            _summary_page(self.c, self.paper)
            self.y = self.top
            self.floor = _summary_margin(self.paper)
            self.pages += 1

    def line(self, text: str, font: str, base: float, indent: float = 0.0, after: float = 1.4) -> None:
        """One line at ``base`` points (scaled), the cursor moved down ``after`` line heights."""
        size = self.size(base)
        self.need(size * 0.3)
        self.c.setFont(font, size)
        self.c.drawString(self.x + indent, self.y, text)
        self.y -= size * after

    def paragraph(self, text: str, font: str, base: float, indent: float = 0.0) -> None:
        """``text`` wrapped to the page's width or a readable measure (``prose_width``), whichever is narrower."""
        size = self.size(base)
        for line in _wrap_to(text, font, size, prose_width(self.width - indent, size)):
            self.line(line, font, base, indent, 1.32)


def _summary_margin(paper: Paper) -> float:
    return 20 * MM * _summary_scale(paper)


def _summary_scale(paper: Paper) -> float:
    """How the summary page scales from A4: the lesser of the width and height ratios (A5 0.71, Letter 0.94,
    A3 1.41, Tabloid 1.33)."""
    return min(paper.size[0] / A4_SIZE[0], paper.size[1] / A4_SIZE[1])


def _summary_page(c: Canvas, paper: Paper) -> None:
    pw, ph = paper.size
    set_page(c, paper.size)
    c.setTrimBox((0, 0, pw, ph))
    c.setBleedBox((0, 0, pw, ph))
    c.setFillColorRGB(*FACE_INK)


def _draw_games(flow: _Flow) -> None:
    """The eight games in a line or two each, flowing on to another page if the paper is small."""
    flow.y -= flow.size(3)
    flow.need(flow.size(13) + 2 * flow.size(10) * 1.4)
    flow.line(gettext("The eight games in brief"), SANS_BOLD, 13, after=1.55)
    for title, text in SUMMARY:
        flow.need(flow.size(10) * 1.4 + flow.size(9.5) * 2.64)  # a game's title never ends a page
        flow.line(gettext(title), SANS_BOLD, 10, after=1.3)
        flow.paragraph(gettext(text), SERIF, 9.5, indent=flow.size(10) * 1.1)
        flow.y -= flow.size(4)


def _draw_values(flow: _Flow, deck: Deck) -> None:
    """The deck's letters, how many cards each and their values, in three blocks of three columns across the page
    where it is wide enough for them (A4 and wider: the games below, set to a readable measure, then still fit the
    first page), else two (positions in ems of the table's type, so they grow and shrink with it)."""
    counts = deck.counts()
    wild = counts.pop("*", 0)
    flow.paragraph(gettext("{n} letter cards").format(n=len(deck.letters))
                   + (gettext(" and {wild} {name}s (wild)").format(wild=wild, name=gettext(deck.wild_name))
                      if wild else "")
                   + gettext(". The number in the corner is the card's value."), SERIF, 10)
    flow.y -= flow.size(10)
    rows = [(str(letter), n, deck.value_of(letter)) for letter, n in counts.items()]
    if wild:
        rows.append((gettext(deck.wild_name), wild, deck.value_of("*")))
    em = flow.size(10)
    c = flow.c
    cards, value = _value_columns(c, em)
    wide = max(13.6 * em + value, (11.3 * em + value) + c.stringWidth(gettext("Value"), SANS_BOLD, em))  # "Стоимость"
    reach = max(13.6 * em + value, wide - 0.9 * em)  # a heading may overhang its numbers as English's "Value" does
    apart = (flow.width - reach) / 2
    fits = 2 * 17 * em + 13.6 * em <= flow.width and wide + 2 * em <= apart  # A4 and wider, two ems between blocks
    blocks, apart = (3, apart) if fits else (2, 24 * em + value)
    half = -(-len(rows) // blocks)
    flow.need(em * 1.55 + half * em * 1.4)
    c.setFont(SANS_BOLD, em)
    for cx in (flow.x + b * apart for b in range(blocks)):
        c.drawString(cx, flow.y, gettext("Letter"))
        c.drawString(cx + 6.2 * em + cards, flow.y, gettext("Cards"))
        c.drawString(cx + 11.3 * em + value, flow.y, gettext("Value"))
    top = flow.y - em * 1.55
    c.setFont(SERIF, em)
    for i, (letter, n, worth) in enumerate(rows):
        cx = flow.x + (i // half) * apart
        cy = top - (i % half) * em * 1.4
        c.drawString(cx, cy, letter)
        c.drawRightString(cx + 8.5 * em + cards, cy, str(n))
        c.drawRightString(cx + 13.6 * em + value, cy, str(worth))
    flow.y = top - half * em * 1.4 - em * 0.6


def _value_columns(c: Canvas, em: float) -> tuple[float, float]:
    """How far right of English's places (6.2 and 11.3 ems) the Cards and Value columns move so that each heading
    stands at least an em after the one before it: German's "Buchstabe" is nearly six ems, and "Karten" stood a
    millimetre after it, reading as one heading. English's headings are short: nothing moves (its PDF unchanged)."""
    letter = c.stringWidth(gettext("Letter"), SANS_BOLD, em)
    cards = max(0.0, letter + em - 6.2 * em)
    value = max(cards, 6.2 * em + cards + c.stringWidth(gettext("Cards"), SANS_BOLD, em) + em - 11.3 * em)
    return cards, value


def _draw_foot(c: Canvas, x: float, width: float, bottom: float, size: float, printing: str) -> float:
    """The small print at the page's foot (how to print; where the full rules are), wrapped to ``width`` or a
    readable measure (``prose_width``), whichever is narrower; returns the top of its first line."""
    width = prose_width(width, size)
    lines = [*(_wrap_to(printing, SANS, size, width) if printing else []),
             *_wrap_to(gettext("Full rules: the Game of Words booklet, in the Game of Words kit."), SANS, size, width)]
    c.setFont(SANS, size)
    c.setFillColorRGB(0.35, 0.35, 0.35)
    step = size * 1.3
    for k, line in enumerate(lines):
        c.drawString(x, bottom + (len(lines) - 1 - k) * step, line)
    c.setFillColorRGB(*FACE_INK)
    return bottom + (len(lines) - 1) * step + size


SUMMARY_TIGHTER = (1.0, 0.96, 0.92, 0.88, 0.84)
"""The summary's type, in steps (as templates/fit/'s tighter sheets do for the typeset documents), where the summary
would end on a page less than half full: A4's Polish and Russian summaries put their last two games on a second
page (their long "Wartość", "Стоимость" headings set the letters in two blocks, not three)."""


def draw_summary(c: Canvas, deck: Deck, paper: Paper, printing: str = "") -> None:
    """The rules summary: the deck's letters and values, the eight games in a line or two each, and
    ``printing`` (how to print the card pages) in small print at the foot of its first page. Laid out for the
    paper: type and margins scale from A4 (never under 8 pt, the small print 7 pt), lines wrap to the page's
    width, and on a small paper (A5) the games run on to a second page rather than off the first. Where the
    summary would end on a page less than half full, its type is set tighter (``SUMMARY_TIGHTER``) until it
    does not (the first step that ends on fewer pages or a fuller page; never a word left out)."""
    from reportlab.pdfgen.canvas import Canvas

    def laid(tight: float) -> _Flow:
        return _lay_summary(Canvas(io.BytesIO(), pagesize=paper.size), deck, paper, printing, tight)

    first = laid(1.0)
    tight = 1.0
    if first.pages > 1 and first.fill < 0.5:  # tighter type can only end it sooner: on fewer pages
        tight = next((step for step in SUMMARY_TIGHTER[1:] if (trial := laid(step)).pages < first.pages
                      and (trial.pages == 1 or trial.fill >= 0.5)), 1.0)
    _lay_summary(c, deck, paper, printing, tight)
    c.showPage()


def _lay_summary(c: Canvas, deck: Deck, paper: Paper, printing: str, tight: float) -> _Flow:
    """The summary drawn on ``c`` with its type scaled by ``tight`` more than the paper's scale; its flow."""
    k = _summary_scale(paper)
    margin = _summary_margin(paper)
    pw, ph = paper.size
    _summary_page(c, paper)
    flow = _Flow(c, paper, k * tight, margin, pw - 2 * margin, ph - margin - max(18 * k, 12), 0.0)
    foot_top = _draw_foot(c, margin, pw - 2 * margin, margin * 0.6, flow.size(7.5, 7.0), printing)
    flow.floor = foot_top + flow.size(8)
    flow.line(gettext(deck.title), SANS_BOLD, 18, after=1.6)  # a shipped deck's title in the text language
    _draw_values(flow, deck)
    _draw_games(flow)
    return flow


def _wrap_to(text: str, font: str, size: float, width: float) -> list[str]:
    """``text`` in lines no wider than ``width`` points in ``font`` at ``size``."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    lines: list[str] = []
    for word in words_of(text):
        trial = f"{lines[-1]} {word}" if lines else word
        if lines and stringWidth(trial, font, size) <= width:
            lines[-1] = trial
        else:
            lines.append(word)
    return lines


SHIPPED_DECK_NAMES = (N_("The Game of Words (Whitman 1938)"), N_("Lexicon (Waddingtons 1932)"))
"""The shipped decks' titles (kitgen/data/decks), for the catalogue: a deck's title is shown through ``gettext``."""

SUMMARY = (
    (N_("1. Crossword Game (2-7 players)"),
     N_("Deal 10 each (7 for five or more). In turn join letters to the words on the table crossword-style, or add "
         "to either end of a word; no bare plurals. Cannot play: discard one and draw. Sub Cards are any letter, "
         "fixed once played. First out ends the hand; cards left count against their holders; at the target score, "
         "low score wins.")),
    (N_("2. Word Solitaire"),
     N_("Seventeen piles of three face up and one extra card, Sub Cards out. Make words of four or more letters "
         "from the top cards (a pile may give several cards to one word, as QUIT); a two or three letter word only "
         "to finish. Use every card to win.")),
    (N_("3. Letter Patience"),
     N_("Seven piles of 1 to 7, top cards up, 24 in the stock. Words of four or more from the top cards; fill a "
         "space with a vowel; turn the stock one by one. Each Sub Card once, as any letter.")),
    (N_("4. Crossword Solitaire A"),
     N_("Six cards up and one beside the blind pile; build one crossword from every card, replacing the row from "
         "the blind pile.")),
    (N_("5. Crossword Solitaire B"),
     N_("A hand of twelve; build one crossword from every card, drawing one at a time.")),
    (N_("6. Anagrams (2-6)"),
     N_("Turn letters to the centre and make words of three or more; take another's word by adding letters, but "
         "not just S, D or ED. Highest card value wins.")),
    (N_("7. The O-U-T Game (4-8)"),
     N_("Add letters towards a word of nine or more; completing a word earns O, then U, then T and you are out. An "
         "E for a correct challenge cancels one.")),
    (N_("8. Guess-O-Gram"),
     N_("The Thinker lays a word of nine or more letters face down; guess letters for two points each, or the "
         "whole word to become the next Thinker.")),
)


def _draw_deck(c: Canvas, deck: Deck, paper: Paper, sheet: Sheet, duplex: bool, marks: bool,
               summary: bool) -> None:
    draw_cards(c, deck, sheet, duplex=duplex, marks=marks)
    if summary:
        draw_summary(c, deck, paper, printing_note(sheet, duplex))


def deck_bytes(deck: Deck, paper: Paper = Paper.a4, size: str = "poker", bleed_mm: float = 0.0,
               duplex: bool = False, marks: bool = True, summary: bool = True, margin_mm: float | None = None,
               portrait: bool = False, registration: bool = False, corners: bool = False) -> bytes:
    """The deck PDF as bytes: faces, backs and (with ``summary``) the rules summary; ``portrait`` keeps the
    card pages portrait, ``registration`` lays them out for print-then-cut (``sheet_for``), ``corners`` prints
    the corner guides (``corner_guides``)."""
    sheet = with_corners(sheet_for(paper, size, bleed_mm, margin_mm, portrait, registration), corners)
    return with_corner_layer(canvas_bytes(lambda c: _draw_deck(c, deck, paper, sheet, duplex, marks, summary),
                                          sheet.page, title=gettext("{deck}: deck").format(deck=gettext(deck.title)),
                                          subject=gettext("The Game of Words deck"),
                                          duplex=_preference(sheet, duplex)), sheet)


def with_corners(sheet: Sheet, corners: bool) -> Sheet:
    """``sheet`` with its corner guides (``CORNER_RADIUS``) when ``corners``."""
    from dataclasses import replace

    return replace(sheet, corner_radius=CORNER_RADIUS) if corners else sheet


def _preference(sheet: Sheet, duplex: bool) -> Duplex | None:
    """The PDF's duplex preference (``/Duplex``): with ``--duplex``, the edge its card pages flip on (the long
    edge for portrait pages, the short one for landscape); none without."""
    return flip_edge(sheet.page) if duplex else None
