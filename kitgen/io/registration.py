"""Registration marks for print-then-cut (issue 32): a cutting machine's optical sensor finds them on the printed
page and lines its cuts up with what was printed.

The marks are those Silhouette Studio prints ("Type 1", its default): a filled square in the top-left corner and
a right-angled corner mark at the top right and the bottom left, each ``INSET`` in from the paper's edges. Studio
draws the same marks when they are turned on with these settings (length 20 mm, thickness 0.5 mm, inset 10 mm), so
a kitgen page printed with them and its cut file (the ``registration`` layer, never cut) line up with Studio's
own. Cricut Design Space prints its own frame when it prints the page itself: for a Cricut, import the PNG or the
cut file and print from Design Space instead (docs/printing.md).

Nothing else is printed in the band the marks lie in (``content_margin`` from every edge), within ``CLEAR`` of the
square, or in the box each corner mark spans (``corner_reach`` from its two edges): the sensor reads the white
round each mark (``clear_of_marks``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kitgen.io.cutfile import Stroke
from kitgen.io.pdf import MM

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

INSET = 10 * MM
"""How far each mark's outer edge is from the paper's edges (Studio's default)."""
SQUARE = 5 * MM
"""The side of the filled square in the top-left corner."""
LENGTH = 20 * MM
"""The length of each arm of the corner marks."""
THICKNESS = 0.5 * MM
"""The width of the corner marks' arms."""
CLEAR = 1.5 * MM
"""White kept round the marks: nothing printed closer to a mark, or to the band the marks lie in."""


def content_margin() -> float:
    """The least margin (points) a page with registration marks keeps on every side for its content: the inset,
    the marks' thickness and the white round them. The square reaches further in, in its corner only
    (``clear_of_marks``)."""
    return INSET + THICKNESS + CLEAR


def square_box(page: tuple[float, float]) -> tuple[float, float, float, float]:
    """``(x0, y0, x1, y1)`` of the filled square (points, y up)."""
    top = page[1] - INSET
    return INSET, top - SQUARE, INSET + SQUARE, top


def corner_strokes(page: tuple[float, float]) -> tuple[Stroke, Stroke]:
    """The two corner marks' centre lines (top right, bottom left), each one stroke round its corner."""
    w, h = page
    half = THICKNESS / 2
    top_right = ((w - INSET - LENGTH, h - INSET - half), (w - INSET - half, h - INSET - half),
                 (w - INSET - half, h - INSET - LENGTH))
    bottom_left = ((INSET + half, INSET + LENGTH), (INSET + half, INSET + half), (INSET + LENGTH, INSET + half))
    return top_right, bottom_left


def draw_registration(c: Canvas, page: tuple[float, float]) -> None:
    """Print the three marks on the page ``c`` is drawing (solid black: the sensor needs contrast)."""
    c.saveState()
    c.setFillColorRGB(0, 0, 0)
    c.setStrokeColorRGB(0, 0, 0)
    x0, y0, x1, y1 = square_box(page)
    c.rect(x0, y0, x1 - x0, y1 - y0, stroke=0, fill=1)
    c.setLineWidth(THICKNESS)
    c.setLineCap(0)
    c.setLineJoin(0)
    for stroke in corner_strokes(page):
        path = c.beginPath()
        path.moveTo(*stroke[0])
        for point in stroke[1:]:
            path.lineTo(*point)
        c.drawPath(path, stroke=1, fill=0)
    c.restoreState()


def registration_outlines(page: tuple[float, float]) -> tuple[Stroke, ...]:
    """The marks as the cut file's ``registration`` layer draws them: the square's outline and the corner marks'
    centre lines (a layer that is printed, never cut)."""
    x0, y0, x1, y1 = square_box(page)
    return ((x0, y0), (x1, y0), (x1, y1), (x0, y1), (x0, y0)), *corner_strokes(page)


def corner_reach() -> float:
    """How far in from two sides a corner mark's box reaches (points): the inset, the arm and the white round it.
    Nothing is printed in that box (top right and bottom left): the sensor reads the white round each mark."""
    return INSET + LENGTH + CLEAR


def clear_of_marks(box: tuple[float, float, float, float], page: tuple[float, float]) -> bool:
    """Whether ``box`` (``x0, y0, x1, y1``, points) keeps clear of the marks: inside ``content_margin`` on every
    side, ``CLEAR`` off the square, and out of the corner marks' boxes (``corner_reach``)."""
    x0, y0, x1, y1 = box
    w, h = page
    m = content_margin() - 1e-6
    if x0 < m or y0 < m or x1 > w - m or y1 > h - m:
        return False
    s0, t0, s1, t1 = square_box(page)
    reach = corner_reach() - 1e-6
    off_square = x0 >= s1 + CLEAR - 1e-6 or y1 <= t0 - CLEAR + 1e-6
    off_top_right = x1 <= w - reach or y1 <= h - reach
    off_bottom_left = x0 >= reach or y0 >= reach
    return off_square and off_top_right and off_bottom_left
