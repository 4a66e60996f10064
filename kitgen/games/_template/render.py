"""The template game's printed component: a score sheet with the dealt hand (reportlab)."""

from __future__ import annotations

from kitgen.io.fonts import SANS, SANS_BOLD
from kitgen.io.pdf import MM, Paper, canvas_bytes

from .rules import Hand


def sheet_pdf(hand: Hand, paper: Paper) -> bytes:
    """One page: the title, the hand, and ten ruled lines to write words on."""
    width, height = paper.size

    def draw(c: object) -> None:
        from reportlab.pdfgen.canvas import Canvas

        assert isinstance(c, Canvas)
        c.setFont(SANS_BOLD, 18)
        c.drawString(20 * MM, height - 30 * MM, f"Template game, deal {hand.seed}")
        c.setFont(SANS, 14)
        c.drawString(20 * MM, height - 45 * MM, "Hand: " + " ".join(hand.letters))
        for n in range(10):
            y = height - (65 + 12 * n) * MM
            c.line(20 * MM, y, width - 20 * MM, y)

    return canvas_bytes(draw, paper, title="Template game sheet", seed=hand.seed)
