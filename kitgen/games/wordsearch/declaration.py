"""Make a Wordsearch declared once (docs/wordsearch.md): its kit, options, components, deals and records.

Heavy modules are imported inside the functions, so listing the games stays fast.
"""

from __future__ import annotations

from kitgen.games.base import Game, KitSpec
from kitgen.io.pdf import Paper


def _kit_components(paper: Paper, seed: int, players: int) -> bytes:
    from kitgen.games.wordsearch.render import kit_components

    return kit_components(paper, seed, players)


GAME = Game(
    name="wordsearch",
    title="Make a Wordsearch",
    seed_document="make-a-wordsearch.txt",
    docs="docs/wordsearch.md",
    order=20,
    kit=KitSpec(
        tagline="Crissing-and-a-crossing: 25 words, 25 boxes. By Behrooz 'Bez' Shahriari.",
        players="1 or more players",
        contents=("Rules", "5x5 score sheets, with this kit's seeded 25 words printed in the turn log"),
        print_notes=("Print as many sheet pages as there are players: everyone plays the same 25 words.",
                     "Score with `kitgen verify wordsearch` if you type a finished sheet back in."),
        card_stock=(),
        components=_kit_components,
        document_cost=3,
    ),
)
