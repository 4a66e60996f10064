"""Score pads for the Game of Words' table games: Anagrams, the O-U-T Game, Guess-O-Gram (one page each).

Each pad is what a score keeper writes at the table, laid out so that it can be
typed back in for ``kitgen verify anagrams|out-game|guess-o-gram`` (the record
formats in docs/game-of-words.md, "Table-game records"): a line a turn, the
players named once at the top.
"""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.lib.utils import simpleSplit
from reportlab.pdfgen.canvas import Canvas

from kitgen.io.fonts import SANS, SANS_BOLD
from kitgen.io.pdf import MM, Paper, canvas_bytes

MARGIN = 14 * MM
INK = (0.15, 0.15, 0.18)
RULE = (0.55, 0.55, 0.6)
SHADE = (0.92, 0.92, 0.94)


def _heading(c: Canvas, paper: Paper, title: str, lines: Sequence[str]) -> float:
    """The pad's title and how to use it (each line wrapped within the margins); returns the y below them."""
    pw, ph = paper.size
    c.setFillColorRGB(*INK)
    c.setFont(SANS, 8)
    c.drawRightString(pw - MARGIN, ph - MARGIN + 2 * MM, "The Game of Words \u00b7 kitgen")
    c.setFont(SANS_BOLD, 16)
    y = ph - MARGIN - 6 * MM
    c.drawString(MARGIN, y, title)
    c.setFont(SANS, 8.5)
    for line in (part for text in lines for part in simpleSplit(text, SANS, 8.5, pw - 2 * MARGIN)):
        y -= 4.6 * MM
        c.drawString(MARGIN, y, line)
    return y - 5 * MM


def _table(c: Canvas, x: float, top: float, widths: Sequence[float], heads: Sequence[str], rows: int,
           row_h: float, labels: Sequence[str] = (), shaded: Sequence[int] = ()) -> float:
    """A ruled table: a shaded head row, ``rows`` rows (``labels`` in the first column, rows in ``shaded`` grey);
    returns its bottom."""
    width = sum(widths)
    bottom = top - (rows + 1) * row_h
    c.setFillColorRGB(*SHADE)
    c.rect(x, top - row_h, width, row_h, stroke=0, fill=1)
    for r in shaded:
        c.rect(x, top - (r + 2) * row_h, width, row_h, stroke=0, fill=1)
    c.setFillColorRGB(*INK)
    c.setFont(SANS_BOLD, 8)
    cx = x
    for w, head in zip(widths, heads, strict=True):
        c.drawString(cx + 1.5 * MM, top - row_h + row_h / 2 - 2.8, head)
        cx += w
    c.setFont(SANS, 7.5)
    for r, label in enumerate(labels):
        c.drawString(x + 1.5 * MM, top - (r + 2) * row_h + row_h / 2 - 2.6, label)
    c.setStrokeColorRGB(*RULE)
    for r in range(rows + 2):
        c.setLineWidth(0.9 if r in (0, 1, rows + 1) else 0.3)
        c.line(x, top - r * row_h, x + width, top - r * row_h)
    cx = x
    c.setLineWidth(0.5)
    for w in (*widths, 0.0):
        c.line(cx, bottom, cx, top)
        cx += w
    return bottom


def _footer(c: Canvas, text: str) -> None:
    c.setFont(SANS, 7)
    c.setFillColorRGB(0.35, 0.35, 0.38)
    c.drawString(MARGIN, MARGIN - 6 * MM, text)
    c.showPage()


def draw_anagrams(c: Canvas, paper: Paper, players: int = 4) -> None:
    """Anagrams: a line a turn (who, the card held, what was done), and each player's words with their cards'
    values, totalled at the end."""
    pw, _ = paper.size
    y = _heading(c, paper, "Anagrams score pad", (
        "Players (seat order, to the left): ______________________________________________   deal ________",
        "A line a turn: NAME CARD centre  |  NAME CARD form WORD  |  NAME CARD take OWNER OLD NEW  |  NAME challenge.",
        "A word from the centre alone does not end the turn: write - for the card. Then: kitgen verify anagrams."))
    usable = pw - 2 * MARGIN
    log_w = usable * 0.58
    rows = 30
    row_h = (y - MARGIN - 4 * MM) / (rows + 1)
    _table(c, MARGIN, y, (9 * MM, 22 * MM, 12 * MM, log_w - 43 * MM), ("#", "player", "card", "what he did"),
           rows, row_h, [str(i + 1) for i in range(rows)])
    x = MARGIN + log_w + 4 * MM
    rest = usable - log_w - 4 * MM
    block = rows // players
    _table(c, x, y, (20 * MM, rest - 20 * MM), ("player", "words (cross out if taken)"), rows, row_h,
           labels=[("total:" if r % block == block - 1 else "") for r in range(rows)],
           shaded=[r for r in range(rows) if (r // block) % 2 == 1])
    _footer(c, "The game is over when the pack is gone through: total the corner values of the cards in each "
               "player's words (Sub Card 15); the highest wins.")


def draw_out_game(c: Canvas, paper: Paper, players: int = 8) -> None:
    """The O-U-T Game: each player's O, U, T and E boxes, and a line a letter played."""
    pw, _ = paper.size
    y = _heading(c, paper, "The O-U-T Game score pad", (
        "A line a turn: NAME LETTER  |  NAME pass  |  NAME shows LETTER (a play pointed out: an E)  |  NAME ask WORD "
        "(or -).",
        "Completing a word of nine or more letters earns an O, then U, then T: out. An E cancels one. Then: kitgen "
        "verify out-game."))
    usable = pw - 2 * MARGIN
    sheet_w = (usable - 30 * MM) / 7
    row_h = 7.5 * MM
    bottom = _table(c, MARGIN, y, (30 * MM, *([sheet_w] * 7)), ("player", "O", "U", "T", "E", "E", "E", "out?"),
                    players, row_h)
    rows = 26
    top = bottom - 6 * MM
    row_h = (top - MARGIN - 4 * MM) / (rows + 1)
    half = usable / 2 - 2 * MM
    for k in range(2):
        _table(c, MARGIN + k * (half + 4 * MM), top, (9 * MM, 26 * MM, half - 35 * MM), ("#", "player", "letter / "
               "pass / shows / ask"), rows, row_h, [str(k * rows + i + 1) for i in range(rows)])
    _footer(c, "The player to the left of the one who started the last word starts the next. The last player left "
               "in wins.")


def draw_guess_o_gram(c: Canvas, paper: Paper, players: int = 6) -> None:
    """Guess-O-Gram: a block a word (the Thinker and his word, then the guesses), and running points."""
    pw, _ = paper.size
    y = _heading(c, paper, "Guess-O-Gram score pad", (
        "A line a turn: NAME thinks WORD (nine letters or more: 2 points a letter)  |  NAME LETTER (2 a card turned)"
        "  |  NAME word WORD.",
        "Whoever guesses the whole word or its final letter thinks next. Then: kitgen verify guess-o-gram."))
    usable = pw - 2 * MARGIN
    rows = 32
    log_w = usable * 0.55
    row_h = (y - MARGIN - 4 * MM) / (rows + 1)
    _table(c, MARGIN, y, (9 * MM, 24 * MM, log_w - 33 * MM), ("#", "player", "thinks WORD / LETTER / word WORD"),
           rows, row_h, [str(i + 1) for i in range(rows)])
    x = MARGIN + log_w + 4 * MM
    col = (usable - log_w - 4 * MM) / players
    _table(c, x, y, [col] * players, [f"P{i + 1}" for i in range(players)], rows, row_h,
           labels=["" for _ in range(rows - 1)] + ["total"], shaded=[rows - 1])
    _footer(c, "Points: write each player's running total after every word. The highest total when the game "
               "ends (a time or a number of words agreed) wins.")


def score_pads_bytes(paper: Paper = Paper.a4) -> bytes:
    """The three pads, one page each."""

    def draw(c: Canvas) -> None:
        draw_anagrams(c, paper)
        draw_out_game(c, paper)
        draw_guess_o_gram(c, paper)

    return canvas_bytes(draw, paper, title="The Game of Words: score pads",
                        subject="Anagrams, the O-U-T Game, Guess-O-Gram")
