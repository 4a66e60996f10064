"""The gutterfold layout of the deck (``kitgen deck --gutterfold``, issue 32's print-and-play conventions).

A printer that cannot print double-sided still makes two-sided cards: each landscape page holds card faces on
its left half and their backs on its right half, each back the mirror image of its face across the page's
middle, where a dashed fold line runs down a 6 mm gutter. Fold the page on that line (the printed sides out),
glue the halves together, and cut the folded block on the crop marks: every face has its back behind it. Crop
marks, bleed and the page's note are the ordinary deck's (``kitgen.games.game_of_words.render.deck``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kitgen.core.i18n import gettext
from kitgen.games.game_of_words.render.deck import (
    BACK_BG,
    FACE_BG,
    WILD_BG,
    Sheet,
    _back_form,
    _bleed,
    _card_form,
    _crop_marks,
    _page_note,
    _set_boxes,
    card_mm,
    corner_guides,
    form_letter,
    set_page,
    with_corner_layer,
    with_corners,
)
from kitgen.io.pdf import MM, Paper, kit_page

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from kitgen.games.game_of_words.rules.deck import Deck

GUTTER = 6 * MM
"""The gutter the fold runs down: each card's trim (or bleed) 3 mm from the fold."""
MARGIN = 10 * MM
"""The least margin round the cards and their bleed: room for the crop marks, 5 mm from the paper's edge."""
NOTE_ROOM = 5 * MM
"""Room kept below the cards for the page's line of small print."""


def gutterfold_sheet(paper: Paper, size: str = "poker", bleed_mm: float = 0.0) -> Sheet:
    """The landscape page's slots: ``cols`` is both halves' columns, faces first (left of the fold), each row's
    backs the mirror of its faces across the page's middle (``back_slot``). A ``ValueError`` if no card fits a
    half."""
    w, h = card_mm(size)[0] * MM, card_mm(size)[1] * MM
    b = bleed_mm * MM
    pw, ph = max(paper.size), min(paper.size)
    half = int((pw / 2 - GUTTER / 2 - MARGIN + 1e-6) // (w + 2 * b))
    rows = int((ph - 2 * MARGIN - NOTE_ROOM + 1e-6) // (h + 2 * b))
    if half == 0 or rows == 0:
        raise ValueError("cards do not fit half the page")
    middle = pw / 2
    y0 = (ph - rows * (h + 2 * b)) / 2 + b + NOTE_ROOM / 2
    faces = [middle - GUTTER / 2 - b - (half - j) * w - (half - 1 - j) * 2 * b for j in range(half)]
    xs = faces + [2 * middle - x - w for x in reversed(faces)]
    slots = tuple((x, y0 + (rows - 1 - r) * (h + 2 * b)) for r in range(rows) for x in xs)
    return Sheet((pw, ph), (w, h), b, 2 * half, rows, slots)


def back_slot(sheet: Sheet, i: int) -> tuple[float, float]:
    """Where the back of the ``i``-th card of a page goes: its face's slot mirrored across the fold."""
    half = sheet.cols // 2
    row, col = divmod(i, half)
    return sheet.slots[row * sheet.cols + sheet.cols - 1 - col]


def face_slot(sheet: Sheet, i: int) -> tuple[float, float]:
    half = sheet.cols // 2
    row, col = divmod(i, half)
    return sheet.slots[row * sheet.cols + col]


def _fold_line(c: Canvas, sheet: Sheet) -> None:
    """The dashed fold line down the gutter, from 5 mm below the cards to 5 mm above them."""
    _, y0, _, y1 = sheet.block()
    middle = sheet.page[0] / 2
    c.saveState()
    c.setStrokeColorRGB(0.35, 0.35, 0.35)
    c.setLineWidth(0.5)
    c.setDash(3, 2)
    c.line(middle, y0 - sheet.bleed - 5 * MM, middle, y1 + sheet.bleed + 5 * MM)
    c.restoreState()


def _forms(c: Canvas, deck: Deck, sheet: Sheet) -> dict[int, str]:
    """Each card's face form (identical cards share one) and the back's, defined once; by card index."""
    names: dict[int, str] = {}
    faces: dict[tuple[str, int, str], str] = {}
    for card in deck.cards:
        key = (card.letter, card.value, card.wild_name)
        if key not in faces:
            faces[key] = f"Card-{'Sub' if card.wild else form_letter(card.letter)}-{card.value}"
            _card_form(c, faces[key], card, *sheet.card)
        names[card.index] = faces[key]
    _back_form(c, *sheet.card, deck.title)
    return names


def draw_gutterfold(c: Canvas, deck: Deck, sheet: Sheet, marks: bool = True) -> int:
    """Draw the deck's faces with their backs beside them, folded on the page's middle; the number of pages."""
    set_page(c, sheet.page)
    names = _forms(c, deck, sheet)
    per = sheet.per_page // 2
    chunks = [deck.cards[i:i + per] for i in range(0, len(deck.cards), per)]
    set_page(c, sheet.page)
    for n, chunk in enumerate(chunks, start=1):
        _set_boxes(c, sheet)
        for i, card in enumerate(chunk):
            for (x, y), form, ground in ((face_slot(sheet, i), names[card.index], WILD_BG if card.wild else FACE_BG),
                                         (back_slot(sheet, i), "Back", BACK_BG)):
                _bleed(c, x, y, sheet, ground)
                c.saveState()
                c.translate(x, y)
                c.doForm(form)
                c.restoreState()
                corner_guides(c, x, y, sheet)
        if marks:
            _crop_marks(c, sheet)
        _fold_line(c, sheet)
        in_kit = kit_page(c)
        note = gettext("{deck}: faces and backs, page {n}: fold on the dashed line, printed sides out, glue, then cut "
                       "on the crop marks")
        _page_note(c, sheet, note.format(deck=gettext(deck.title), n=n if in_kit is None else in_kit), marks)
        c.showPage()
    return len(chunks)


def gutterfold_note(sheet: Sheet) -> str:
    """How to print and cut the gutterfold pages, for the foot of the summary page."""
    w, h = (round(v / MM) for v in sheet.card)
    return gettext("Printing: at actual size (100%, no fit to page), one-sided; a card measures {w} x {h} mm. Fold "
                   "each page on its dashed line, printed sides out, glue the halves together, then cut along the "
                   "crop marks: each face has its back behind it.").format(w=w, h=h)


def gutterfold_bytes(deck: Deck, paper: Paper = Paper.a4, size: str = "poker", bleed_mm: float = 0.0,
                     marks: bool = True, summary: bool = True, corners: bool = False) -> bytes:
    """The deck PDF laid out to fold (``gutterfold_sheet``): its pages of faces and backs, then the summary."""
    from kitgen.games.game_of_words.render.deck import draw_summary
    from kitgen.io.pdf import canvas_bytes

    sheet = with_corners(gutterfold_sheet(paper, size, bleed_mm), corners)

    def draw(c: Canvas) -> None:
        draw_gutterfold(c, deck, sheet, marks)
        if summary:
            draw_summary(c, deck, paper, gutterfold_note(sheet))

    return with_corner_layer(canvas_bytes(draw, sheet.page,
                                          title=gettext("{deck}: deck").format(deck=gettext(deck.title)),
                                          subject=gettext("The Game of Words deck")), sheet)
