"""The Game of Words declared once (docs/game-of-words.md): its kit, options, components, deals and records.

Heavy modules are imported inside the functions, so listing the games stays fast.
"""

from __future__ import annotations

from kitgen.games.base import Game, KitSpec
from kitgen.io.pdf import Paper


def _kit_components(paper: Paper, seed: int, players: int) -> bytes:
    from kitgen.games.game_of_words.render.kit import kit_components

    return kit_components(paper, seed, players)


GAME = Game(
    name="game-of-words",
    title="The Game of Words",
    seed_document="game-of-words-1938.txt",
    docs="docs/game-of-words.md",
    order=30,
    kit=KitSpec(
        tagline="The new crossword cards (Whitman No. 3924, 1938): one deck, eight games.",
        players="1 to 7 players",
        contents=("Rules booklet: eight games", "The letter-card deck: 52 letters and 2 Sub Cards, faces and backs",
                  "A seeded Word Solitaire deal sheet"),
        print_notes=("Card pages come in pairs, a page of faces then its page of backs: print them double-sided, "
                     "flipping on the LONG edge, so each back lands behind its face.",
                     "Cut on the crop marks, which sit outside the cards.",
                     "The Word Solitaire deal sheet (last page) shows how to stack the printed deck into the "
                     "kit's deal."),
        card_stock=("the card face and card back pages",),
        components=_kit_components,
        document_cost=9,
    ),
)
