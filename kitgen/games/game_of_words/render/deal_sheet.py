"""A deal sheet: one seeded Game of Words deal drawn as cards, and the stacking order to make it by hand.

The top half draws the layout of the deal as small cards (face-down cards as
backs); the bottom half lists the dealing order: put the printed deck face
down in that order, card 1 on top, and deal as the sheet says to get deal N.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING

from kitgen.games.game_of_words.render.deck import BACK_BG, FACE_BG, FACE_INK, FRAME, WILD_BG, set_page
from kitgen.games.game_of_words.rules.deals import (
    AnagramsDeal,
    CrosswordDeal,
    CrosswordSolitaireADeal,
    CrosswordSolitaireBDeal,
    Deal,
    LetterPatienceDeal,
    WordSolitaireDeal,
)
from kitgen.io.fonts import MONO, SANS, SANS_BOLD, SERIF, SERIF_BOLD
from kitgen.io.pdf import MM, Paper, canvas_bytes, pdf_canvas

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

CW, CH = 12 * MM, 16.5 * MM
"""A small card on the sheet."""
LEFT = 15 * MM

HOW_TO_DEAL: Mapping[str, str] = MappingProxyType({
    "word-solitaire": "Sub Cards aside. Deal the cards face up round the 17 piles in turn, from pile 0 to pile 16, "
                      "three times round; the last card is the extra.",
    "letter-patience": "Sub Cards aside. Deal a row of seven face down (piles 0-6), then a row on piles 1-6, then "
                       "on 2-6, and so on; turn up the top card of each pile. The other 24 cards are the stock, "
                       "face down.",
    "crossword-solitaire-a": "Sub Cards aside. Deal six face up in a row, turn up the seventh beside the blind pile.",
    "crossword-solitaire-b": "Sub Cards aside. Deal yourself twelve; the rest is the blind pile.",
    "crossword": "Deal one at a time, starting with the player to the dealer's left; then turn up the next card "
                 "beside the stack.",
    "anagrams": "Give one card to each player in seat order; the rest is the pack, face down.",
})


def _card(c: Canvas, x: float, y: float, letter: str | None, label: str = "") -> None:
    """A small card with its lower-left corner at (x, y); ``None`` draws a face-down card."""
    if letter is None:
        c.setFillColorRGB(*BACK_BG)
        c.setStrokeColorRGB(0.80, 0.84, 0.92)  # a pale edge, so face-down cards in a pile can be counted
        c.setLineWidth(0.6)
        c.roundRect(x, y, CW, CH, 1.5 * MM, stroke=1, fill=1)
    else:
        c.setFillColorRGB(*(WILD_BG if letter == "*" else FACE_BG))
        c.setStrokeColorRGB(*FRAME)
        c.setLineWidth(0.6)
        c.roundRect(x, y, CW, CH, 1.5 * MM, stroke=1, fill=1)
        c.setFillColorRGB(*FACE_INK)
        shown = "\u2605" if letter == "*" else letter
        c.setFont(SERIF_BOLD if letter != "*" else SANS_BOLD, 15)
        c.drawCentredString(x + CW / 2, y + CH / 2 - 6, shown)
        c.setFont(SANS_BOLD, 7.5)  # corner index: stays visible when the card is covered in a fanned pile
        c.drawString(x + 1.3 * MM, y + CH - 3.6 * MM, shown)
    if label:
        c.setFillColorRGB(0.3, 0.3, 0.3)
        c.setFont(SANS, 6.5)
        c.drawCentredString(x + CW / 2, y - 3 * MM, label)


def _pile(c: Canvas, x: float, y_top: float, cards: Sequence[str | None], step: float = 5.5 * MM,
          label: str = "") -> float:
    """A pile drawn fanned downwards, bottom card first, top card last (fully shown). Returns the lowest y."""
    y = y_top - CH
    for i, letter in enumerate(cards):
        _card(c, x, y - i * step, letter, label if i == len(cards) - 1 else "")
    return y - (len(cards) - 1) * step


def _text(c: Canvas, x: float, y: float, text: str, width: float, font: str = SERIF, size: float = 9.5) -> float:
    from reportlab.pdfbase.pdfmetrics import stringWidth

    c.setFont(font, size)
    c.setFillColorRGB(*FACE_INK)
    line = ""
    for word in text.split():
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


def _word_solitaire(c: Canvas, d: WordSolitaireDeal, top: float, width: float) -> float:
    """The piles nine a row, fewer where the paper is narrower (A5: six), so none runs off the page."""
    gap = 1.6 * MM
    per_row = max(1, min(9, int((width + gap) // (CW + 2.5 * MM + gap))))
    low = top
    piles: list[Sequence[str | None]] = [*d.piles, *([e] for e in d.extras)]
    for i, pile in enumerate(piles):
        row, col = divmod(i, per_row)
        x = LEFT + col * (CW + 2.5 * MM + gap)
        label = f"pile {i}" if i < len(d.piles) else f"extra ({i})"
        low = min(low, _pile(c, x, top - row * (CH + 2 * 5.5 * MM + 8 * MM), pile, label=label))
    return low - 10 * MM


def _letter_patience(c: Canvas, d: LetterPatienceDeal, top: float) -> float:
    low = top
    for i, pile in enumerate(d.piles):
        cards: list[str | None] = [None] * (len(pile) - 1) + [pile[-1]]
        low = min(low, _pile(c, LEFT + i * (CW + 4 * MM), top, cards, step=3.5 * MM, label=f"pile {i}"))
    _card(c, LEFT + 7 * (CW + 4 * MM) + 6 * MM, top - CH, None, f"stock {len(d.stock)}")
    return low - 9 * MM


def _crossword_solitaire(c: Canvas, d: CrosswordSolitaireADeal | CrosswordSolitaireBDeal, top: float) -> float:
    gap = 1.6 * MM
    row = d.row if isinstance(d, CrosswordSolitaireADeal) else d.hand
    for i, letter in enumerate(row):
        _card(c, LEFT + i * (CW + gap), top - CH, letter, str(i + 1))
    bx = LEFT + len(row) * (CW + gap) + 8 * MM
    _card(c, bx, top - CH, None, f"blind {len(d.blind)}")
    if isinstance(d, CrosswordSolitaireADeal):
        _card(c, bx + CW + gap, top - CH, d.turned, "turned up")
    return top - CH - 10 * MM


def _crossword(c: Canvas, d: CrosswordDeal, top: float) -> float:
    gap = 1.6 * MM
    y = top
    c.setFont(SANS, 8)
    for i, hand in enumerate(d.hands):
        c.setFillColorRGB(*FACE_INK)
        tag = f"P{i + 1}" + (" (deals)" if i + 1 == d.dealer else "") + (" (starts)" if i + 1 == d.first else "")
        c.setFont(SANS_BOLD, 8)
        c.drawString(LEFT, y - CH / 2, tag)
        for j, letter in enumerate(hand):
            _card(c, LEFT + 22 * MM + j * (CW * 0.75), y - CH, letter)
        y -= CH + 2.5 * MM
    _card(c, LEFT + 22 * MM, y - CH, None, f"stack {len(d.stack)}")
    _card(c, LEFT + 22 * MM + CW + gap, y - CH, d.turned, "turned up")
    return y - CH - 9 * MM


def _anagrams(c: Canvas, d: AnagramsDeal, top: float) -> float:
    gap = 1.6 * MM
    for i, letter in enumerate(d.holding):
        _card(c, LEFT + i * (CW + gap), top - CH, letter, f"P{i + 1}" + (" first" if i + 1 == d.first else ""))
    bx = LEFT + len(d.holding) * (CW + gap) + 8 * MM
    _card(c, bx, top - CH, None, f"pack {len(d.pack)}")
    return top - CH - 10 * MM


def draw_layout(c: Canvas, d: Deal, top: float, width: float) -> float:
    """Draw the deal's layout from ``top`` down; returns the y below it."""
    if isinstance(d, WordSolitaireDeal):
        return _word_solitaire(c, d, top, width)
    if isinstance(d, LetterPatienceDeal):
        return _letter_patience(c, d, top)
    if isinstance(d, (CrosswordSolitaireADeal, CrosswordSolitaireBDeal)):
        return _crossword_solitaire(c, d, top)
    if isinstance(d, CrosswordDeal):
        return _crossword(c, d, top)
    return _anagrams(c, d, top)


def _players(d: Deal) -> int | None:
    return d.players if isinstance(d, (CrosswordDeal, AnagramsDeal)) else None


def draw_sheet(c: Canvas, d: Deal, paper: Paper) -> None:
    pw, ph = paper.size
    set_page(c, paper.size)
    width = pw - 2 * LEFT
    title = d.game.replace("-", " ").title()
    c.setFillColorRGB(*FACE_INK)
    c.setFont(SANS_BOLD, 16)
    c.drawString(LEFT, ph - 20 * MM, f"{title}: deal {d.seed}")
    c.setFont(SANS, 8.5)
    c.setFillColorRGB(0.3, 0.3, 0.3)
    count = _players(d)
    players = f", {count} players" if count is not None else ""
    c.drawString(LEFT, ph - 25.5 * MM, f"deck {d.deck.name}{players}  \u00b7  kitgen deal {d.game} --seed {d.seed}"
                 + (f" --players {count}" if count is not None else ""))
    y = draw_layout(c, d, ph - 33 * MM, width)
    cols = 12
    row_h = 7 * MM if len(d.order) <= 60 else 5.2 * MM
    needed = 28 * MM + -(-len(d.order) // cols) * row_h
    if y - needed < 14 * MM:  # no room left: the stacking order goes on a page of its own
        c.showPage()
        set_page(c, paper.size)
        y = ph - 20 * MM
    c.setFont(SANS_BOLD, 11)
    c.setFillColorRGB(*FACE_INK)
    c.drawString(LEFT, y, "Stacking order: arrange a printed deck into this deal")
    y -= 5 * MM
    y = _text(c, LEFT, y, "Put the cards face down in this order, card 1 on top (card 1 is the first you deal). "
              + HOW_TO_DEAL[d.game], width)
    y -= 2 * MM
    order = [card.letter for card in d.order]
    cell_w = width / cols
    for k, letter in enumerate(order):
        row, col = divmod(k, cols)
        cx = LEFT + col * cell_w
        cy = y - 2 * MM - row * row_h
        c.setFillColorRGB(0.45, 0.45, 0.45)
        c.setFont(MONO, 8)
        c.drawRightString(cx + cell_w * 0.38, cy, str(k + 1))
        c.setFillColorRGB(*FACE_INK)
        c.setFont(SANS_BOLD, 12 if row_h > 6 * MM else 10)
        c.drawString(cx + cell_w * 0.45, cy, "SUB" if letter == "*" else letter)
    c.showPage()


def write_deal_sheet(path: str | Path, d: Deal, paper: Paper = Paper.a4, force: bool = False) -> Path:
    """Write a one-page deal sheet PDF (atomically)."""
    with pdf_canvas(path, paper, title=f"{d.game} deal {d.seed}", subject="The Game of Words deal sheet",
                    seed=d.seed, force=force) as c:
        draw_sheet(c, d, paper)
    return Path(path)


def deal_sheet_bytes(d: Deal, paper: Paper = Paper.a4) -> bytes:
    """The deal sheet as PDF bytes (for the kit)."""
    return canvas_bytes(lambda c: draw_sheet(c, d, paper), paper, title=f"{d.game} deal {d.seed}",
                        subject="The Game of Words deal sheet", seed=d.seed)
