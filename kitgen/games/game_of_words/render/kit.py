"""The Game of Words in the kit: its printable components and its rules booklet.

``kit_components`` (issue 7's contract) returns the deck's card pages (each
page of faces followed by its mirrored backs, crop-marked) followed by one
Word Solitaire deal sheet for the kit's seed and the score pads of Anagrams,
the O-U-T Game and Guess-O-Gram, as PDF bytes; the kit adds the cover and the rules
(``templates/rules/game-of-words.html``, also available as ``booklet_bytes``).
"""

from __future__ import annotations

import io
from collections.abc import Callable

from kitgen.core.i18n import gettext
from kitgen.io.pdf import Paper


def kit_components(paper: Paper, seed: int, players: int = 2, lang: str | None = None) -> bytes:
    """Deck pages (each page of faces followed by its mirrored backs, for double-sided printing; no summary;
    portrait on every paper, so that one flip, on the long edge, serves them and the portrait rules pages),
    the deal sheet of Word Solitaire deal ``seed`` and the three score pads (``kit_component_parts``), joined with
    pypdf, each part bookmarked. A kit joins the parts itself, once, with its documents."""
    from pypdf import PdfWriter

    from kitgen.io.cache import parsed_pdf
    from kitgen.io.subsets import unique_subset_tags

    writer = PdfWriter()
    for data, title in kit_component_parts(paper, seed, players, lang):
        first = len(writer.pages)
        writer.append(parsed_pdf(data), import_outline=False)  # a kept part's reader: parsed when it was counted
        writer.add_outline_item(title=title, page_number=first)
    unique_subset_tags(writer.pages)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def kit_component_parts(paper: Paper, seed: int, players: int = 2,
                        lang: str | None = None) -> tuple[tuple[bytes, str], ...]:
    """The kit's parts, each its PDF and bookmark (``WHAT | PRINT ON``): the deck's pages, the deal sheet of Word
    Solitaire deal ``seed``, the three score pads, each numbering its pages on from the last's. The deck is the
    one of the kit's language ``lang`` when it has its own, as ``kitgen deck --lang`` prints it (a Russian kit's
    cards are Cyrillic, its deal is dealt from them), else the 1938 deck. The deck and the score pads, the same for
    every seed, are drawn once and kept (``drawn_once``: a warm kit only draws the deal sheet); each part's reader
    is kept from counting its pages for the join (``parsed_pdf``)."""
    from kitgen.core.random import check_seed
    from kitgen.games.game_of_words.formats.deck_spec import load_deck
    from kitgen.games.game_of_words.render.deal_sheet import deal_sheet_bytes
    from kitgen.games.game_of_words.render.deck import deck_bytes, sheet_for
    from kitgen.games.game_of_words.render.score_pads import score_pads_bytes
    from kitgen.games.game_of_words.rules.deals import deal_word_solitaire
    from kitgen.io.cache import parsed_pdf
    from kitgen.io.calibration import PART_MARK
    from kitgen.io.pdf import drawn_once, flip_edge, kit_part

    check_seed(seed)
    deck = load_deck(None, lang)
    edge = flip_edge(sheet_for(paper, portrait=True).page).value
    stock = (gettext("card stock, double-sided, flipping on the long edge") if edge == "long" else
             gettext("card stock, double-sided, flipping on the short edge"))
    plain = gettext("plain paper")
    parts: tuple[tuple[Callable[[], bytes], str], ...] = (
             (lambda: drawn_once(("game-of-words deck", paper.value, repr(deck)),
                                 lambda: deck_bytes(deck, paper, duplex=True, summary=False, portrait=True)),
              gettext("Card faces, each page followed by its backs") + PART_MARK + stock),
             (lambda: deal_sheet_bytes(deal_word_solitaire(deck, seed), paper),
              gettext("Word Solitaire deal sheet (deal {seed})").format(seed=seed) + PART_MARK + plain),
             (lambda: drawn_once(("game-of-words score pads", paper.value), lambda: score_pads_bytes(paper)),
              gettext("Score pads: Anagrams, O-U-T Game, Guess-O-Gram") + PART_MARK + plain))
    made: list[tuple[bytes, str]] = []
    first = 0
    for draw, title in parts:
        with kit_part(first):  # each part numbers its pages on from the last, as the kit counts them
            data = draw()
        made.append((data, title))
        first += len(parsed_pdf(data, take=False).pages)  # kept for the join (a kept part's: when it was checked)
    return tuple(made)


def booklet_bytes(paper: Paper = Paper.a4) -> bytes:
    """The rules booklet of all eight games (jinja2 + weasyprint)."""
    from kitgen.io.documents import render_document

    return render_document("rules/game-of-words.html", paper=paper, title=gettext("The Game of Words: rules"))
