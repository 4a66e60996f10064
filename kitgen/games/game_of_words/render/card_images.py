"""``kitgen deck --card-images DIR`` (issue 32, print-on-demand): one PNG a card face, in deck order, and one of
the back, each the card's trim plus its bleed at 300 dpi, and ``deck.csv`` listing the cards, as print-on-demand
card services take a deck. The faces are the deck PDF's own (``deck._card_form``), drawn one to a page the size of
the card and its bleed, then rasterised by pdfium. See docs/game-of-words.md."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING

from kitgen.core.i18n import gettext
from kitgen.games.game_of_words.render.deck import (
    BACK_BG,
    CARD_SIZES,
    FACE_BG,
    WILD_BG,
    _back_form,
    _card_form,
    card_mm,
    form_letter,
    set_page,
)
from kitgen.games.game_of_words.rules.deck import Deck
from kitgen.io.pdf import MM, canvas_bytes

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

DPI = 300
"""The resolution print-on-demand card services ask for."""
DEFAULT_BLEED_MM = 3.0
"""The bleed of the images of a card of the user's own size (``--card-size WxH``, in mm) when ``--bleed`` is not
given: the metric print shops' 3 mm."""
BLEED_BY_SIZE: Mapping[str, float] = MappingProxyType({size: 3.175 for size in CARD_SIZES})
"""The bleed of the images of each named card size when ``--bleed`` is not given, in mm: the 1/8 in
(3.175 mm) of TheGameCrafter's templates for poker, bridge, tarot, mini and square cards (issue 32: "an optional
bleed default per size documented"; docs/game-of-words.md)."""


def default_bleed(size: str) -> float:
    """The images' bleed, mm, for a deck of ``size`` cards when ``--bleed`` is not given."""
    return BLEED_BY_SIZE.get(size, DEFAULT_BLEED_MM)
CSV_NAME = "deck.csv"


def image_names(deck: Deck) -> list[str]:
    """The face images' file names in deck order (``card-01-A.png`` ... ``card-54-SUB.png``)."""
    digits = len(str(len(deck.cards)))
    return [f"card-{k:0{digits}d}-{'SUB' if card.wild else form_letter(card.letter)}.png"
            for k, card in enumerate(deck.cards, start=1)]


def _pages_pdf(deck: Deck, size: str, bleed_mm: float, backs: bool = False) -> bytes:
    """A PDF of one page a card face (deck order) and a last page of the back, each the trim plus the bleed; with
    ``backs``, each face's page followed by a page of the back instead (``card_pdf``). Every page's MediaBox and
    BleedBox are the card and its bleed, its TrimBox the card exactly."""
    w, h = (v * MM for v in card_mm(size))
    b = bleed_mm * MM

    def draw(c: Canvas) -> None:
        names: dict[tuple[str, int, str], str] = {}
        for card in deck.cards:
            key = (card.letter, card.value, card.wild_name)
            if key not in names:
                names[key] = f"Card-{'Sub' if card.wild else form_letter(card.letter)}-{card.value}"
                _card_form(c, names[key], card, w, h)
        _back_form(c, w, h, deck.title)
        faces = [(names[(c_.letter, c_.value, c_.wild_name)], WILD_BG if c_.wild else FACE_BG) for c_ in deck.cards]
        back = ("Back", BACK_BG)
        pages = [page for face in faces for page in (face, back)] if backs else [*faces, back]
        for name, colour in pages:
            set_page(c, (w + 2 * b, h + 2 * b))
            c.setTrimBox((b, b, b + w, b + h))
            c.setBleedBox((0, 0, w + 2 * b, h + 2 * b))
            c.setFillColorRGB(*colour)
            c.rect(0, 0, w + 2 * b, h + 2 * b, stroke=0, fill=1)  # the bleed: the card's ground past its trim
            c.saveState()
            c.translate(b, b)
            c.doForm(name)
            c.restoreState()
            c.showPage()

    return canvas_bytes(draw, (w + 2 * b, h + 2 * b), title=gettext("{deck}: deck").format(deck=gettext(deck.title)),
                        subject=gettext("The Game of Words deck"))


def card_pdf(deck: Deck, size: str, bleed_mm: float | None) -> bytes:
    """``kitgen deck --card-pdf FILE``: the deck as print-on-demand services take a PDF, one card a page in deck
    order, each face's page followed by the back's; each page the card plus ``bleed_mm`` (the size's
    ``default_bleed`` when ``None``, none when 0), its TrimBox the card exactly (issue 32: "per-card TrimBox where
    one card is the unit")."""
    return _pages_pdf(deck, size, default_bleed(size) if bleed_mm is None else bleed_mm, backs=True)


def card_images(deck: Deck, size: str, bleed_mm: float | None) -> dict[str, bytes]:
    """``{file name: bytes}``: a PNG of every card face in deck order and ``back.png``, at ``DPI`` with
    ``bleed_mm`` (the size's ``default_bleed`` when ``None``, none when 0) round the trim, and ``deck.csv``."""
    import io

    import pypdfium2
    from PIL.PngImagePlugin import PngInfo

    from kitgen.io.files import kitgen_mark

    info = PngInfo()
    info.add_text("Software", kitgen_mark())  # kitgen's own: a later run replaces it (kitgen.io.files)
    bleed = default_bleed(size) if bleed_mm is None else bleed_mm
    names = [*image_names(deck), "back.png"]
    doc = pypdfium2.PdfDocument(_pages_pdf(deck, size, bleed))
    files: dict[str, bytes] = {}
    try:
        for name, page in zip(names, doc, strict=True):
            width, height = (round(v * DPI / 72) for v in page.get_size())  # pdfium rounds a part pixel up
            image = page.render(scale=DPI / 72).to_pil().crop((0, 0, width, height))
            out = io.BytesIO()
            image.save(out, format="PNG", dpi=(DPI, DPI), pnginfo=info)
            files[name] = out.getvalue()
    finally:
        doc.close()
    files[CSV_NAME] = deck_csv(deck, size, bleed).encode()
    return files


def deck_csv(deck: Deck, size: str, bleed_mm: float) -> str:
    """One line a card: its number, face image, back image, letter (or the wild card's name), corner value, and
    the trim and bleed in mm, so a service or a spreadsheet reads the deck."""
    import csv
    import io

    w, h = card_mm(size)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["card", "face", "back", "letter", "value", "width_mm", "height_mm", "bleed_mm"])
    for k, (card, name) in enumerate(zip(deck.cards, image_names(deck), strict=True), start=1):
        writer.writerow([k, name, "back.png", card.label, card.value, f"{w:g}", f"{h:g}", f"{bleed_mm:g}"])
    return out.getvalue()
