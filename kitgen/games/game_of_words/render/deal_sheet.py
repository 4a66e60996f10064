"""A deal sheet: one seeded Game of Words deal drawn as cards, and the stacking order to make it by hand.

The top half draws the layout of the deal as small cards (face-down cards as
backs); the bottom half lists the dealing order: put the printed deck face
down in that order, card 1 on top, and deal as the sheet says to get deal N.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING

from kitgen.core.i18n import N_, gettext, words_of
from kitgen.games.game_of_words.render.deck import BACK_BG, FACE_BG, FACE_INK, FRAME, WILD_BG, set_page
from kitgen.games.game_of_words.rules.deals import (
    GAME_TITLES,
    AnagramsDeal,
    CrosswordDeal,
    CrosswordSolitaireADeal,
    CrosswordSolitaireBDeal,
    Deal,
    LetterPatienceDeal,
    WordSolitaireDeal,
    seat,
)
from kitgen.io.fonts import MONO, SANS, SANS_BOLD, SERIF, SERIF_BOLD
from kitgen.io.pdf import MM, Paper, canvas_bytes, kit_page_foot, prose_width

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

CW, CH = 12 * MM, 16.5 * MM
"""A small card on the sheet."""
LEFT = 15 * MM
"""The left and right margin; every paper kitgen offers (A5 too) keeps the sheet inside it."""
A4 = Paper.a4.size
"""The page the sheet is laid out for: larger papers scale it up (``Sheet.scale``)."""
BOTTOM = 14 * MM
"""The lowest a line of the sheet goes: below it a page break."""
TOP = 20 * MM
"""From the top edge to the first line's baseline."""
SMALL = 8.0
"""Labels under cards and corner indices: no smaller than 8 points."""
RADIUS = 1.5 * MM
ROW_GAP = 9 * MM
"""Below a row of labelled cards: the label and a gap."""

HOW_TO_DEAL: Mapping[str, str] = MappingProxyType({
    "word-solitaire": N_("Sub Cards aside. Deal the cards face up round the 17 piles in turn, from pile 1 to pile "
                         "17, three times round; the last card is the extra card."),
    "letter-patience": N_("Sub Cards aside. Deal a row of seven face down (piles 1-7), then a row on piles 2-7, then "
                          "on 3-7, and so on; turn up the top card of each pile. The other 24 cards are the stock, "
                          "face down."),
    "crossword-solitaire-a": N_("Sub Cards aside. Deal six face up in a row, turn up the seventh beside the blind "
                                "pile."),
    "crossword-solitaire-b": N_("Sub Cards aside. Deal yourself twelve; the rest is the blind pile."),
    "crossword": N_("Deal one at a time, starting with the player to the dealer's left; then turn up the next card "
                    "beside the stack."),
    "anagrams": N_("Give one card to each player in seat order; the rest is the pack, face down."),
})
DECK_WORDS: Mapping[str, str] = MappingProxyType({
    "whitman-1938": N_("the Whitman deck of 1938"), "lexicon-1932": N_("the Lexicon deck of 1932"),
    "swedish": N_("the Swedish deck"), "polish": N_("the Polish deck"), "turkish": N_("the Turkish deck"),
    "russian": N_("the Russian deck"), "greek": N_("the Greek deck"), "spanish": N_("the Spanish deck"),
})
"""A shipped deck named in words, as the web's deal page names it (a person never reads the preset's id)."""


def deck_words(name: str, title: str) -> str:
    """The deck a sheet was dealt from, in words starting a sentence: a shipped deck as DECK_WORDS names it, any
    other by the title its spec file gives."""
    words = gettext(DECK_WORDS[name]) if name in DECK_WORDS else title or name
    return words[:1].upper() + words[1:]




@dataclass(frozen=True)
class Sheet:
    """The canvas and paper being drawn on: its usable width, and page breaks when a part runs out of room. On
    paper larger than A4 the sheet is drawn as on A4 and scaled up to fill the page (``scale``: A3 1.41, Tabloid
    1.33): on A3 it sat small in the top-left quarter of the page."""

    c: Canvas
    paper: Paper

    @property
    def scale(self) -> float:
        """How much larger than A4 the paper is, in the lesser of its two sides; 1 on A4 and smaller papers."""
        return max(1.0, min(self.paper.size[0] / A4[0], self.paper.size[1] / A4[1]))

    @property
    def size(self) -> tuple[float, float]:
        """The page as the sheet is drawn on it: the paper's size divided by ``scale``."""
        return self.paper.size[0] / self.scale, self.paper.size[1] / self.scale

    @property
    def width(self) -> float:
        return self.size[0] - 2 * LEFT

    @property
    def top(self) -> float:
        return self.size[1] - TOP

    def begin_page(self) -> None:
        """A new page, scaled as ``scale`` says."""
        set_page(self.c, self.paper.size)
        self.c.saveState()
        if self.scale > 1.0:
            self.c.scale(self.scale, self.scale)

    def end_page(self) -> None:
        """The page done: in a kit its number at the paper's foot, unscaled (``kit_page_foot``)."""
        self.c.restoreState()
        kit_page_foot(self.c, self.paper.size[0])
        self.c.showPage()

    def room(self, y: float, needed: float) -> float:
        """``y`` when ``needed`` points fit below it, else the top of a new page."""
        if y - needed >= BOTTOM:
            return y
        self.end_page()
        self.begin_page()
        return self.top


@dataclass(frozen=True)
class Covered:
    """How much of a card in a fanned pile shows: ``shown`` points from its top (``across``: from its left); the
    next card lies over the rest."""

    shown: float
    across: bool = False


def _outline(c: Canvas, x: float, y: float, cover: Covered | None) -> None:
    """The card's rounded frame, filled; a covered card draws only the part that shows, open where the next card
    lies on it, so no hidden edge is printed through the next card's letters."""
    if cover is None:
        c.roundRect(x, y, CW, CH, RADIUS, stroke=1, fill=1)
        return
    r, top = RADIUS, y + CH
    p = c.beginPath()
    if cover.across:
        p.moveTo(x + cover.shown, top)
        p.arcTo(x, top - 2 * r, x + 2 * r, top, 90, 90)
        p.arcTo(x, y, x + 2 * r, y + 2 * r, 180, 90)
        p.lineTo(x + cover.shown, y)
    else:
        p.moveTo(x, top - cover.shown)
        p.arcTo(x, top - 2 * r, x + 2 * r, top, 180, -90)
        p.arcTo(x + CW - 2 * r, top - 2 * r, x + CW, top, 90, -90)
        p.lineTo(x + CW, top - cover.shown)
    c.drawPath(p, stroke=1, fill=1)


def _card(c: Canvas, x: float, y: float, letter: str | None, label: str = "", cover: Covered | None = None) -> None:
    """A small card with its lower-left corner at (x, y); ``None`` draws a face-down card. A covered card shows its
    corner index, and its big letter only where that is not under the next card."""
    if letter is None:
        c.setFillColorRGB(*BACK_BG)
        c.setStrokeColorRGB(0.80, 0.84, 0.92)  # a pale edge, so face-down cards in a pile can be counted
        c.setLineWidth(0.6)
        _outline(c, x, y, cover)
    else:
        c.setFillColorRGB(*(WILD_BG if letter == "*" else FACE_BG))
        c.setStrokeColorRGB(*FRAME)
        c.setLineWidth(0.6)
        _outline(c, x, y, cover)
        c.setFillColorRGB(*FACE_INK)
        shown = "\u2605" if letter == "*" else letter
        if cover is None or (cover.across and cover.shown >= 0.75 * CW):
            c.setFont(SERIF_BOLD if letter != "*" else SANS_BOLD, 15)
            c.drawCentredString(x + CW / 2, y + CH / 2 - 6, shown)
        c.setFont(SANS_BOLD, SMALL)  # corner index: stays visible when the card is covered in a fanned pile
        c.drawString(x + 1.3 * MM, y + CH - 3.6 * MM, shown)
    if label:
        c.setFillColorRGB(0.3, 0.3, 0.3)
        c.setFont(SANS, SMALL)
        c.drawCentredString(x + CW / 2, y - 3.3 * MM, label)


def _pile(c: Canvas, x: float, y_top: float, cards: Sequence[str | None], step: float = 5.5 * MM,
          label: str = "") -> float:
    """A pile drawn fanned downwards, bottom card first, top card last (fully shown). Returns the lowest y."""
    y = y_top - CH
    last = len(cards) - 1
    for i, letter in enumerate(cards):
        _card(c, x, y - i * step, letter, label if i == last else "", None if i == last else Covered(step))
    return y - last * step


def _text(c: Canvas, x: float, y: float, text: str, width: float, font: str = SERIF, size: float = 9.5) -> float:
    """``text`` from (x, y) down in lines no wider than ``width`` nor a readable measure (``prose_width``: on A3 the
    stacking order's instructions ran 157 characters a line); returns the baseline below the last line."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    width = prose_width(width, size)
    c.setFont(font, size)
    line = ""
    for word in words_of(text):
        trial = f"{line} {word}".strip()
        if stringWidth(trial, font, size) > width and line:
            c.drawString(x, y, line)
            y -= size * 1.35
            line = word
        else:
            line = trial
    if line:
        c.drawString(x, y, line)
        y -= size * 1.35
    return y


def _flow(s: Sheet, top: float, cards: Sequence[tuple[str | None, str, float]]) -> float:
    """Cards (letter, label, gap before it) left to right, wrapping to a new row where the paper ends (A5: a
    twelve-card hand in two rows). Returns the y below the last row."""
    x, y = LEFT, s.room(top, CH + ROW_GAP)
    for i, (letter, label, gap) in enumerate(cards):
        if i and x + gap + CW > LEFT + s.width:
            x, y = LEFT, s.room(y - CH - ROW_GAP, CH + ROW_GAP)
        elif i:
            x += gap
        _card(s.c, x, y - CH, letter, label)
        x += CW
    return y - CH - ROW_GAP - 1 * MM


def _word_solitaire(s: Sheet, d: WordSolitaireDeal, top: float) -> float:
    """The piles nine a row, fewer where the paper is narrower (A5: six), so none runs off the page."""
    gap = 1.6 * MM
    pitch = CW + 2.5 * MM + gap
    per_row = max(1, min(9, int((s.width + gap) // pitch)))
    tall = CH + 2 * 5.5 * MM + ROW_GAP
    piles: list[Sequence[str | None]] = [*d.piles, *([e] for e in d.extras)]
    y = top
    for start in range(0, len(piles), per_row):
        y = s.room(y, tall)
        for i in range(start, min(start + per_row, len(piles))):
            label = gettext("pile {n}").format(n=i + 1) if i < len(d.piles) else gettext("extra card")
            _pile(s.c, LEFT + (i - start) * pitch, y, piles[i], label=label)
        y -= tall
    return y - 2 * MM


def _letter_patience(s: Sheet, d: LetterPatienceDeal, top: float) -> float:
    """Seven piles and the stock beside them, closer together on narrow paper (A5)."""
    pitch = min(CW + 4 * MM, (s.width - 2 * CW - 6 * MM) / (len(d.piles) - 1))
    y = s.room(top, CH + 3.5 * MM * (max(map(len, d.piles)) - 1) + ROW_GAP)
    low = y
    for i, pile in enumerate(d.piles):
        cards: list[str | None] = [None] * (len(pile) - 1) + [pile[-1]]
        low = min(low, _pile(s.c, LEFT + i * pitch, y, cards, step=3.5 * MM, label=gettext("pile {n}").format(n=i + 1)))
    _card(s.c, LEFT + (len(d.piles) - 1) * pitch + CW + 6 * MM, y - CH, None,
          gettext("stock {n}").format(n=len(d.stock)))
    return low - ROW_GAP


def _crossword_solitaire(s: Sheet, d: CrosswordSolitaireADeal | CrosswordSolitaireBDeal, top: float) -> float:
    gap = 1.6 * MM
    row = d.row if isinstance(d, CrosswordSolitaireADeal) else d.hand
    cards: list[tuple[str | None, str, float]] = [(letter, str(i + 1), gap) for i, letter in enumerate(row)]
    cards.append((None, gettext("blind {n}").format(n=len(d.blind)), 8 * MM))
    if isinstance(d, CrosswordSolitaireADeal):
        cards.append((d.turned, gettext("turned up"), 4 * MM))
    return _flow(s, top, cards)


def _crossword(s: Sheet, d: CrosswordDeal, top: float) -> float:
    """A row a player: who deals and who starts under the seat, the hand fanned across."""
    step = CW * 0.75
    y = top
    for i, hand in enumerate(d.hands):
        y = s.room(y, CH)
        s.c.setFillColorRGB(*FACE_INK)
        s.c.setFont(SANS_BOLD, 9)
        s.c.drawString(LEFT, y - CH / 2 + 1 * MM, seat(i + 1))
        role = gettext("deals") if i + 1 == d.dealer else gettext("starts") if i + 1 == d.first else ""
        s.c.setFont(SANS, SMALL)
        s.c.drawString(LEFT, y - CH / 2 - 3 * MM, role)
        last = len(hand) - 1
        for j, letter in enumerate(hand):
            _card(s.c, LEFT + 16 * MM + j * step, y - CH, letter, cover=None if j == last else Covered(step, True))
        y -= CH + 2.5 * MM
    return _flow(s, y, [(None, gettext("stack {n}").format(n=len(d.stack)), 0.0),
                        (d.turned, gettext("turned up"), 4 * MM)])


def _anagrams(s: Sheet, d: AnagramsDeal, top: float) -> float:
    gap = 1.6 * MM
    cards = [(letter, seat(i + 1) + (gettext(" first") if i + 1 == d.first else ""),
              gap if i + 1 != d.first else 4 * MM) for i, letter in enumerate(d.holding)]
    return _flow(s, top, [*cards, (None, gettext("pack {n}").format(n=len(d.pack)), 8 * MM)])


def draw_layout(s: Sheet, d: Deal, top: float) -> float:
    """Draw the deal's layout from ``top`` down (onto further pages if it needs them); returns the y below it."""
    if isinstance(d, WordSolitaireDeal):
        return _word_solitaire(s, d, top)
    if isinstance(d, LetterPatienceDeal):
        return _letter_patience(s, d, top)
    if isinstance(d, (CrosswordSolitaireADeal, CrosswordSolitaireBDeal)):
        return _crossword_solitaire(s, d, top)
    if isinstance(d, CrosswordDeal):
        return _crossword(s, d, top)
    return _anagrams(s, d, top)


def _players(d: Deal) -> int | None:
    return d.players if isinstance(d, (CrosswordDeal, AnagramsDeal)) else None


def _heading(s: Sheet, d: Deal) -> float:
    """The title (smaller where a long deal number would not fit the paper) and the deck under it (the players, and
    that a deal's number gives its cards),
    wrapped within the margins. Returns the y below."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    c, y = s.c, s.top
    title = gettext("{game}: deal {seed}").format(game=gettext(GAME_TITLES[d.game]), seed=d.seed)
    c.setFillColorRGB(*FACE_INK)
    c.setFont(SANS_BOLD, min(16.0, 16 * s.width / stringWidth(title, SANS_BOLD, 16)))
    c.drawString(LEFT, y, title)
    c.setFillColorRGB(0.3, 0.3, 0.3)
    count = _players(d)
    players = gettext(", {count} players").format(count=count) if count is not None else ""
    # in words, not a command line (issue 32): who reads the sheet deals from it, and types no flags
    line = (deck_words(d.deck.name, d.deck.title) + f"{players}  \u00b7  "
            + gettext("the same deal number always deals the same cards"))
    return _text(c, LEFT, y - 5.5 * MM, line, s.width, SANS, 8.5) - 4 * MM


def _order_columns(s: Sheet) -> int:
    """Twelve cards a row, fewer on narrow paper (A5: eight), so a cell is 14 mm or more and "SUB" fits it."""
    return max(1, min(12, int(s.width // (14 * MM))))


def _fitted(text: str, size: float, width: float) -> float:
    """``size``, or less where ``text`` would be wider than ``width`` (a Sub Card's "SUB" in a 15 mm cell ran into
    the next card's number), never under 7 pt."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    wide = stringWidth(text, SANS_BOLD, size)
    return size if wide <= width else max(7.0, size * width / wide)


def _stacking_order(s: Sheet, d: Deal, y: float) -> None:
    """The dealing order in numbered cells, a page of its own when it does not fit below the layout, and onto
    further pages if even that is too little."""
    cols = _order_columns(s)
    row_h = 7 * MM if len(d.order) <= 60 else 5.2 * MM
    rows = -(-len(d.order) // cols)
    y = s.room(y, 28 * MM + rows * row_h)
    s.c.setFont(SANS_BOLD, 11)
    s.c.setFillColorRGB(*FACE_INK)
    s.c.drawString(LEFT, y, gettext("Stacking order: arrange a printed deck into this deal"))
    s.c.setFillColorRGB(*FACE_INK)
    y = _text(s.c, LEFT, y - 5 * MM, gettext("Put the cards face down in this order, card 1 on top (card 1 is the "
                                             "first you deal).") + " " + gettext(HOW_TO_DEAL[d.game]),
              s.width) - 4 * MM
    cell_w = s.width / cols
    for row in range(rows):
        y = s.room(y, 2 * MM)
        for k in range(row * cols, min((row + 1) * cols, len(d.order))):
            letter = d.order[k].letter
            cx = LEFT + (k % cols) * cell_w
            s.c.setFillColorRGB(0.45, 0.45, 0.45)
            s.c.setFont(MONO, 8)
            s.c.drawRightString(cx + cell_w * 0.38, y, str(k + 1))
            s.c.setFillColorRGB(*FACE_INK)
            shown = gettext("SUB") if letter == "*" else letter
            s.c.setFont(SANS_BOLD, _fitted(shown, 12 if row_h > 6 * MM else 10, cell_w * 0.5))
            s.c.drawString(cx + cell_w * 0.45, y, shown)
        y -= row_h


def draw_sheet(c: Canvas, d: Deal, paper: Paper) -> None:
    """The deal sheet: heading, the deal laid out as cards, the stacking order; pages as the paper needs."""
    s = Sheet(c, paper)
    s.begin_page()
    _stacking_order(s, d, draw_layout(s, d, _heading(s, d)))
    s.end_page()  # in a kit, each page's number as the kit's guide counts pages


def deal_sheet_bytes(d: Deal, paper: Paper = Paper.a4) -> bytes:
    """The deal sheet as PDF bytes (for the kit)."""
    return canvas_bytes(lambda c: draw_sheet(c, d, paper), paper,
                        title=gettext("{game} deal {seed}").format(game=d.game, seed=d.seed),
                        subject=gettext("The Game of Words deal sheet"), seed=d.seed)
