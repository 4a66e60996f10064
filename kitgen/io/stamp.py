"""A link printed on every page of a PDF: a QR code a phone reads and the address beside it.

A class session's sheets (docs/web.md, "Class sessions") carry the link to the session's check page, printed
where the page is blank, so the game's own layout stays what it is (the games know nothing of sessions): each
page is looked at one millimetre a pixel and the link goes in the lowest, rightmost blank corner that holds it,
at least 5 mm from every edge. A page with no such corner is refused by name, never printed over.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

from kitgen.core.errors import InputError
from kitgen.core.i18n import gettext

MM = 72 / 25.4
QR_MM = 16
"""The code's side, quiet zone included: 0.55 mm a module for a link of up to 47 letters, digits and ``:/.``
written in capitals (QR's alphanumeric mode, version 2), which a phone reads at arm's length (15 mm or more is
the usual advice). Class-session links are written so (``HTTP://HOST:PORT/S/ID``, ids in base32)."""
EDGE_MM = 6
"""Nothing closer to the paper's edge (5 mm is what most printers can print; one more for the blank check)."""
GAP_MM = 0
"""Blank paper kept between the link and anything the page prints, besides the code's own two-module quiet zone
(none: a sheet has no more room to spare on A4)."""
TEXT_MM = 62
"""The width the address and its caption take, left of the code."""


@dataclass(frozen=True)
class Link:
    """What is printed: the address (as the code and as text) and a line saying what it is for."""

    url: str
    caption: str


def stamp_link(pdf: bytes, link: Link) -> bytes:
    """The PDF with ``link`` printed on every page in a blank corner; ``InputError`` names a page with none."""
    import pypdfium2
    from pypdf import PageObject, PdfReader, PdfWriter

    reader = PdfReader(io.BytesIO(pdf))
    document = pypdfium2.PdfDocument(pdf)
    writer = PdfWriter(clone_from=reader)
    overlays: dict[tuple[float, float, int, int, int], PageObject] = {}
    corners: dict[bytes, tuple[int, int, int] | None] = {}
    for number, page in enumerate(writer.pages, 1):
        width, height = float(page.mediabox.width), float(page.mediabox.height)
        drawn = _digest(page)  # a class set repeats one page: its blank corner is looked for once
        if drawn not in corners:
            corners[drawn] = _blank_corner(document[number - 1])
        spot = corners[drawn]
        if spot is None:
            refusal = gettext("page {number} has no blank corner for the link's code ({size} by {size} mm)")
            raise InputError(refusal.format(number=number, size=QR_MM))
        key = (width, height, *spot)
        if key not in overlays:
            overlays[key] = PdfReader(io.BytesIO(_overlay(link, (width, height), spot))).pages[0]
        page.merge_page(overlays[key])
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _digest(page: object) -> bytes:
    """What a page draws: its size and content stream (a class set's copies share their resources)."""
    import hashlib

    contents = page.get_contents()  # type: ignore[attr-defined]
    data = contents.get_data() if contents is not None else b""
    return hashlib.sha256(repr(list(page.mediabox)).encode() + data).digest()  # type: ignore[attr-defined]


def _blank_corner(page: object) -> tuple[int, int, int] | None:
    """The lowest, then rightmost, blank box for the code and the address beside it ((TEXT_MM + QR_MM) by QR_MM
    millimetres), else for the code alone (a page too full for the address: Letter is shorter than A4), as its
    bottom-left corner in millimetres from the page's bottom-left and the width left for the text; or None."""
    bitmap = page.render(scale=1 / MM, grayscale=True)  # type: ignore[attr-defined]
    image = bitmap.to_pil().convert("L")
    cols, rows = image.size
    pixels = image.tobytes()
    ink = [[1 if value < 250 else 0 for value in pixels[y * cols:(y + 1) * cols]] for y in range(rows)]
    sums = _integral(ink)
    box_h = QR_MM + 2 * GAP_MM  # the link and a blank gap all round it, so it never touches what is printed
    for text in (TEXT_MM, 0):
        box_w = text + QR_MM + 2 * GAP_MM
        for top in range(rows - EDGE_MM - box_h, EDGE_MM - 1, -1):
            for left in range(cols - EDGE_MM - box_w, EDGE_MM - 1, -1):
                if _count(sums, left, top, box_w, box_h) == 0:
                    return left + GAP_MM + 1, rows - top - box_h + GAP_MM + 1, text
    return None


def _integral(ink: list[list[int]]) -> list[list[int]]:
    sums = [[0] * (len(ink[0]) + 1) for _ in range(len(ink) + 1)]
    for y, row in enumerate(ink):
        running = 0
        for x, value in enumerate(row):
            running += value
            sums[y + 1][x + 1] = sums[y][x + 1] + running
    return sums


def _count(sums: list[list[int]], left: int, top: int, width: int, height: int) -> int:
    return (sums[top + height][left + width] - sums[top][left + width] - sums[top + height][left]
            + sums[top][left])


def _overlay(link: Link, size: tuple[float, float], spot: tuple[int, int, int]) -> bytes:
    from kitgen.io.fonts import SANS, SANS_BOLD, register_fonts
    from kitgen.io.pdf import canvas_bytes

    register_fonts()
    x0, y0, text = spot[0] * MM, spot[1] * MM, spot[2]

    def draw(c: object) -> None:
        _draw_code(c, link.url, x0 + text * MM, y0)
        if not text:  # no room for the address: the code alone
            return
        c.setFillColorRGB(0, 0, 0)  # type: ignore[attr-defined]
        right = x0 + (text - 2) * MM
        c.setFont(SANS_BOLD, 9)  # type: ignore[attr-defined]
        c.drawRightString(right, y0 + 9.5 * MM, link.caption)  # type: ignore[attr-defined]
        c.setFont(SANS, 8)  # type: ignore[attr-defined]
        c.drawRightString(right, y0 + 5 * MM, link.url)  # type: ignore[attr-defined]

    return canvas_bytes(draw, size)


def _draw_code(c: object, url: str, x: float, y: float) -> None:
    """The QR code of ``url`` as filled squares, QR_MM wide with a two-module quiet zone."""
    import segno

    code = segno.make(url, error="l", micro=False, boost_error=True)
    matrix = code.matrix
    modules = len(matrix) + 4
    unit = QR_MM * MM / modules
    c.setFillColorRGB(0, 0, 0)  # type: ignore[attr-defined]
    top = y + QR_MM * MM
    for r, row in enumerate(matrix):
        for col, dark in enumerate(row):
            if dark:
                c.rect(x + (col + 2) * unit, top - (r + 3) * unit, unit, unit, stroke=0, fill=1)  # type: ignore
