"""Score pads for the Game of Words' table games: Anagrams, the O-U-T Game, Guess-O-Gram (one page each).

Each pad is what a score keeper writes at the table, laid out so that it can be
typed back in for ``kitgen verify anagrams|out-game|guess-o-gram`` (the record
formats in docs/game-of-words.md, "Table-game records"): a line a turn, the
players named once at the top.

The layout follows the paper (docs/game-of-words.md, ruling 19): everything
printed lies inside the 14 mm margins, no type is under 8 pt, a head too long
for its column wraps within it, and a page holds as many handwriting rows of at
least 7 mm as fit (up to the A4 pad's count, more on taller paper), so A5 has
fewer rows, not smaller ones.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from kitgen.core.i18n import N_, gettext
from kitgen.io.fonts import SANS, SANS_BOLD
from kitgen.io.pdf import MM, Paper, canvas_bytes, kit_page_foot, prose_width

MARGIN = 14 * MM
"""Nothing is printed nearer the edge than this (a printer's unprintable band is ~5 mm)."""
MIN_TYPE = 8.0
"""No type on a pad is smaller (points): the heads, the row numbers and the footer are read at arm's length."""
MIN_ROW = 7 * MM
"""A handwriting row is never shorter (a pencilled capital and its descender: 6 mm at the least)."""
HOWTO_TYPE = 8.5
LEADING = 1.25
PAD = 1.5 * MM
"""Room between a cell's rule and its text."""
INK = (0.15, 0.15, 0.18)
RULE = (0.55, 0.55, 0.6)
SHADE = (0.92, 0.92, 0.94)
A4_WIDTH, A4_HEIGHT = (side - 2 * MARGIN for side in Paper.a4.size)


@dataclass(frozen=True)
class Frame:
    """The area inside the margins of a paper, and how the A4 pad's fixed column widths scale to it."""

    left: float
    bottom: float
    right: float
    top: float

    @classmethod
    def of(cls, paper: Paper) -> Frame:
        pw, ph = paper.size
        return cls(MARGIN, MARGIN, pw - MARGIN, ph - MARGIN)

    @property
    def width(self) -> float:
        return self.right - self.left

    @property
    def scale(self) -> float:
        """The share of the A4 pad's width this paper offers, at most 1 (A5: 0.66)."""
        return min(1.0, self.width / A4_WIDTH)

    def most_rows(self, a4_rows: int) -> int:
        """The A4 pad's rows, more in proportion on a taller page."""
        return round(a4_rows * max(1.0, (self.top - self.bottom) / A4_HEIGHT))


def _column(nominal: float, frame: Frame, head: str, widest_label: str = "") -> float:
    """A fixed column: its A4 width scaled to the paper, never narrower than its head's longest word or its
    widest label (with room either side)."""
    words = [float(stringWidth(word, SANS_BOLD, MIN_TYPE)) for word in head.split()]
    return max(nominal * frame.scale, max(words, default=0.0) + 2 * PAD,
               float(stringWidth(widest_label, SANS, MIN_TYPE)) + 2 * PAD)


def _head_lines(heads: Sequence[str], widths: Sequence[float]) -> list[list[str]]:
    return [simpleSplit(head, SANS_BOLD, MIN_TYPE, w - 2 * PAD) for head, w in zip(heads, widths, strict=True)]


def head_height(*tables: tuple[Sequence[str], Sequence[float]]) -> float:
    """How tall a head row must be for the most-wrapped head of these tables (heads, widths)."""
    lines = max(len(found) for heads, widths in tables for found in _head_lines(heads, widths))
    return lines * MIN_TYPE * LEADING + 2 * PAD


def fit_rows(space: float, head_h: float, most: int) -> tuple[int, float]:
    """(rows, row height): as many rows of at least ``MIN_ROW`` as fit ``space`` under the head row, at most
    ``most``, sharing the space; the head row is a row's height, or taller when its text needs it."""
    rows = max(1, min(most, int((space - max(head_h, MIN_ROW)) // MIN_ROW)))
    row_h = space / (rows + 1)
    return (rows, row_h) if row_h >= head_h else (rows, (space - head_h) / rows)


def _measure(text: str, frame: Frame) -> float:
    """How wide a heading line wraps: a form's line to write on (``___``) the frame's width, prose a readable
    measure (``prose_width``)."""
    return frame.width if "___" in text else prose_width(frame.width, HOWTO_TYPE)


def _heading(c: Canvas, frame: Frame, title: str, lines: Sequence[str]) -> float:
    """The pad's title and how to use it (each line wrapped within the margins and a readable measure,
    ``prose_width``: on A4 they ran 126 characters); returns the y below them."""
    c.setFillColorRGB(*INK)
    c.setFont(SANS, MIN_TYPE)
    c.drawRightString(frame.right, frame.top - MIN_TYPE, gettext("The Game of Words \u00b7 kitgen"))
    c.setFont(SANS_BOLD, min(16.0, 16.0 * frame.width / float(stringWidth(title, SANS_BOLD, 16))))
    y = frame.top - MIN_TYPE - 6 * MM
    c.drawString(frame.left, y, title)  # 16 pt, smaller where a language's title is wider than the page
    c.setFont(SANS, HOWTO_TYPE)
    for line in (part for text in lines for part in simpleSplit(text, SANS, HOWTO_TYPE, _measure(text, frame))):
        y -= 4.6 * MM
        c.drawString(frame.left, y, line)
    return y - 5 * MM


def _footer(c: Canvas, frame: Frame, text: str) -> float:
    """The closing note, wrapped within the margins and a readable measure at the foot of the page; returns the y
    above it."""
    lines = simpleSplit(text, SANS, MIN_TYPE, prose_width(frame.width, MIN_TYPE))
    c.setFont(SANS, MIN_TYPE)
    c.setFillColorRGB(0.35, 0.35, 0.38)
    step = MIN_TYPE * LEADING
    for k, line in enumerate(reversed(lines)):
        c.drawString(frame.left, frame.bottom + 2 + k * step, line)
    c.setFillColorRGB(*INK)
    return frame.bottom + len(lines) * step + 4 * MM


@dataclass(frozen=True)
class Table:
    """A ruled table's columns: widths and heads; ``labels`` go in the first column, rows in ``shaded`` grey."""

    widths: Sequence[float]
    heads: Sequence[str]
    labels: Sequence[str] = ()
    shaded: Sequence[int] = ()

    @property
    def width(self) -> float:
        return sum(self.widths)


def _draw_table(c: Canvas, x: float, top: float, table: Table, rows: int, row_h: float, head_h: float) -> float:
    """``table`` with its head row (``head_h`` tall at least) and ``rows`` rows; returns its bottom."""
    head_h = max(head_h, row_h)
    body = top - head_h
    bottom = body - rows * row_h
    c.setFillColorRGB(*SHADE)
    c.rect(x, body, table.width, head_h, stroke=0, fill=1)
    for r in table.shaded:
        c.rect(x, body - (r + 1) * row_h, table.width, row_h, stroke=0, fill=1)
    c.setFillColorRGB(*INK)
    c.setFont(SANS_BOLD, MIN_TYPE)
    cx = x
    for w, lines in zip(table.widths, _head_lines(table.heads, table.widths), strict=True):
        for k, line in enumerate(lines):
            c.drawString(cx + PAD, top - PAD - MIN_TYPE * (0.8 + k * LEADING), line)
        cx += w
    c.setFont(SANS, MIN_TYPE)
    for r, label in enumerate(table.labels):
        c.drawString(x + PAD, body - (r + 1) * row_h + row_h / 2 - 0.35 * MIN_TYPE, label)
    c.setStrokeColorRGB(*RULE)
    for y in (top, *(body - r * row_h for r in range(rows + 1))):
        c.setLineWidth(0.9 if y in (top, body, bottom) else 0.3)
        c.line(x, y, x + table.width, y)
    cx = x
    c.setLineWidth(0.5)
    for w in (*table.widths, 0.0):
        c.line(cx, bottom, cx, top)
        cx += w
    return bottom


def _numbers(rows: int, start: int = 0) -> list[str]:
    return [str(start + i + 1) for i in range(rows)]


CHECKED = N_("Typed into kitgen afterwards, a finished pad is checked and added up.")
"""What the pads say of checking a game, in words (issue 32: they printed ``kitgen verify anagrams``, a command line
no player at the table types)."""


def draw_anagrams(c: Canvas, paper: Paper, players: int = 4) -> None:
    """Anagrams: a line a turn (who, the card held, what was done), and each player's words with their cards'
    values, totalled at the end."""
    frame = Frame.of(paper)
    y = _heading(c, frame, gettext("Anagrams score pad"), (
        gettext("Players (seat order, to the left): ______________________________________________   deal ________"),
        gettext("A line a turn: NAME CARD centre  |  NAME CARD form WORD  |  NAME CARD take OWNER OLD NEW  |  NAME "
                "challenge."),
        gettext("A word from the centre alone does not end the turn: write - for the card.") + " " + gettext(CHECKED)))
    floor = _footer(c, frame, gettext("The game is over when the pack is gone through: total the corner values of the "
                                      "cards "
                              "in each player's words (Sub Card 15); the highest wins."))
    most = frame.most_rows(30)
    log_w, gap = frame.width * 0.58, 4 * MM * frame.scale
    fixed = (_column(9 * MM, frame, "#", str(most)), _column(22 * MM, frame, gettext("player")),
             _column(12 * MM, frame, gettext("card")))
    log = Table((*fixed, log_w - sum(fixed)), ("#", gettext("player"), gettext("card"), gettext("what he did")))
    name = _column(20 * MM, frame, gettext("player"), gettext("total:"))
    words_heads = (gettext("player"), gettext("words (cross out if taken)"))
    words_widths = (name, frame.width - log_w - gap - name)
    head_h = head_height((log.heads, log.widths), (words_heads, words_widths))
    rows, row_h = fit_rows(y - floor, head_h, most)
    _draw_table(c, frame.left, y, Table(log.widths, log.heads, _numbers(rows)), rows, row_h, head_h)
    block = max(1, rows // players)
    total = gettext("total:")
    words = Table(words_widths, words_heads, [(total if r % block == block - 1 else "") for r in range(rows)],
                  [r for r in range(rows) if (r // block) % 2 == 1])
    _draw_table(c, frame.left + log_w + gap, y, words, rows, row_h, head_h)
    kit_page_foot(c, paper.size[0])  # in a kit, the page's number as the kit's guide counts pages
    c.showPage()


def draw_out_game(c: Canvas, paper: Paper, players: int = 8) -> None:
    """The O-U-T Game: each player's O, U, T and E boxes, and a line a letter played."""
    frame = Frame.of(paper)
    y = _heading(c, frame, gettext("The O-U-T Game score pad"), (
        gettext("A line a turn: NAME LETTER  |  NAME pass  |  NAME shows LETTER (a play pointed out: an E)  |  NAME "
                "ask WORD "
        "(or -)."),
        gettext("Completing a word of nine or more letters earns an O, then U, then T: out. An E cancels one.") + " "
        + gettext(CHECKED)))
    floor = _footer(c, frame, gettext("The player to the left of the one who started the last word starts the next. "
                                      "The last "
                              "player left in wins."))
    name = _column(30 * MM, frame, gettext("player"))
    widths = (name, *([(frame.width - name) / 7] * 7))
    out = _column(0.0, frame, gettext("out?"))
    if out > widths[-1]:  # a language's "out?" wider than a seventh (Polish "odpada?" on A5): the boxes give way
        widths = (name, *([(frame.width - name - out) / 6] * 6), out)
    boxes = Table(widths, (gettext("player"), "O", "U", "T", "E", "E", "E", gettext("out?")))
    row_h = max(MIN_ROW, 7.5 * MM * frame.scale)
    top = _draw_table(c, frame.left, y, boxes, players, row_h, head_height((boxes.heads, boxes.widths))) - 6 * MM
    gap = 4 * MM * frame.scale
    half = (frame.width - gap) / 2
    most = frame.most_rows(26)
    fixed = (_column(9 * MM, frame, "#", str(2 * most)), _column(26 * MM, frame, gettext("player")))
    log = Table((*fixed, half - sum(fixed)), ("#", gettext("player"), gettext("letter / pass / shows / ask")))
    head_h = head_height((log.heads, log.widths))
    rows, row_h = fit_rows(top - floor, head_h, most)
    for k in range(2):
        _draw_table(c, frame.left + k * (half + gap), top, Table(log.widths, log.heads, _numbers(rows, k * rows)),
                    rows, row_h, head_h)
    kit_page_foot(c, paper.size[0])  # in a kit, the page's number as the kit's guide counts pages
    c.showPage()


HAND_LETTER = 3 * MM
"""A letter written by hand takes 3 mm, and an entry 2 mm more (issue 32's rule for a writable entry; docs/crossword.md
says why: a block capital about 4 mm tall in a 6 mm row, with the space to the next one)."""
THINKS = len("thinks ") + 9
"""The Guess-O-Gram log's longest entry: the record's keyword and a nine-letter word ("thinks ELEPHANTS")."""
SCORE = 3
"""A running total of three digits."""


def hand(letters: int) -> float:
    """The width of ``letters`` written by hand: 3 mm a letter and 2 mm."""
    return letters * HAND_LETTER + 2 * MM


@dataclass(frozen=True)
class GuessOGram:
    """Guess-O-Gram's two tables: the turn log and the running points (a column a player); ``stacked`` when the
    points do not fit beside a writable log and go under it, each the page's width (A5)."""

    log: Table
    points: Table
    gap: float
    stacked: bool


def guess_o_gram_tables(frame: Frame, players: int = 6) -> GuessOGram:
    """The pad's columns on ``frame`` (docs/game-of-words.md, ruling 19): the log column holds its widest head word
    and ``THINKS`` letters by hand; the points columns take 45% of the width, shrink to a three-digit score (and
    their heads and label), and when even that leaves the log too narrow, stand under the log, each player keeping
    a column."""
    gap = 4 * MM * frame.scale
    head = gettext("thinks WORD / LETTER / word WORD")
    fixed = (_column(9 * MM, frame, "#", str(frame.most_rows(32))), _column(24 * MM, frame, gettext("player")))
    log_least = max(hand(THINKS), _column(0.0, frame, head))
    least = max(hand(SCORE), _column(0.0, frame, f"P{players}", gettext("total")))
    heads = ("#", gettext("player"), head)
    points_heads = [f"P{i + 1}" for i in range(players)]
    for column in (max((frame.width * 0.45 - gap) / players, least), least):
        log_w = frame.width - gap - players * column
        if log_w - sum(fixed) >= log_least:
            return GuessOGram(Table((*fixed, log_w - sum(fixed)), heads), Table([column] * players, points_heads),
                              gap, stacked=False)
    log = Table((*fixed, frame.width - sum(fixed)), heads)
    return GuessOGram(log, Table([frame.width / players] * players, points_heads), 6 * MM * frame.scale, True)


def draw_guess_o_gram(c: Canvas, paper: Paper, players: int = 6) -> None:
    """Guess-O-Gram: a block a word (the Thinker and his word, then the guesses), and running points: beside the log,
    or under it where the paper is too narrow for both (``guess_o_gram_tables``)."""
    frame = Frame.of(paper)
    y = _heading(c, frame, gettext("Guess-O-Gram score pad"), (
        gettext("A line a turn: NAME thinks WORD (nine letters or more: 2 points a letter)  |  NAME LETTER (2 a card "
                "turned)"
        "  |  NAME word WORD."),
        gettext("Whoever guesses the whole word or its final letter thinks next.") + " " + gettext(CHECKED)))
    floor = _footer(c, frame, gettext("Points: write each player's running total after every word. The highest total "
                                      "when "
                              "the game ends (a time or a number of words agreed) wins."))
    most = frame.most_rows(32)
    pad = guess_o_gram_tables(frame, players)
    log, points = pad.log, pad.points
    if pad.stacked:  # the log over two thirds of the space, the points (a row a word) under it
        log_h = head_height((log.heads, log.widths))
        rows, row_h = fit_rows((y - floor - pad.gap) * 2 / 3, log_h, most)
        bottom = _draw_table(c, frame.left, y, Table(log.widths, log.heads, _numbers(rows)), rows, row_h, log_h)
        x, y = frame.left, bottom - pad.gap
        head_h = head_height((points.heads, points.widths))
        rows, row_h = fit_rows(y - floor, head_h, most)
    else:
        head_h = head_height((log.heads, log.widths), (points.heads, points.widths))
        rows, row_h = fit_rows(y - floor, head_h, most)
        _draw_table(c, frame.left, y, Table(log.widths, log.heads, _numbers(rows)), rows, row_h, head_h)
        x = frame.left + log.width + pad.gap
    total = Table(points.widths, points.heads, ["" for _ in range(rows - 1)] + [gettext("total")], [rows - 1])
    _draw_table(c, x, y, total, rows, row_h, head_h)
    kit_page_foot(c, paper.size[0])  # in a kit, the page's number as the kit's guide counts pages
    c.showPage()


def score_pads_bytes(paper: Paper = Paper.a4) -> bytes:
    """The three pads, one page each."""

    def draw(c: Canvas) -> None:
        draw_anagrams(c, paper)
        draw_out_game(c, paper)
        draw_guess_o_gram(c, paper)

    return canvas_bytes(draw, paper, title=gettext("The Game of Words: score pads"),
                        subject=gettext("Anagrams, the O-U-T Game, Guess-O-Gram"))
