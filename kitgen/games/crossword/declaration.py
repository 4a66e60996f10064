"""Crossword declared once (docs/crossword.md): its kit, options, components, deals and records.

Heavy modules are imported inside the functions, so listing the games stays fast.
"""

from __future__ import annotations

from kitgen.games.base import Game, KitSpec
from kitgen.io.pdf import Paper


def _kit_components(paper: Paper, seed: int, players: int) -> bytes:
    from kitgen.games.crossword.render import kit_components

    return kit_components(paper, seed, players)


GAME = Game(
    name="crossword",
    title="Crossword",
    seed_document="crossword-game.txt",
    docs="docs/crossword.md",
    order=10,
    kit=KitSpec(
        tagline="Fill a blank newspaper pattern in turn: length times links.",
        players="2 players (more may play in turn)",
        contents=("Rules", "Blank numbered crossword patterns, each with a two-player score table"),
        print_notes=("Print the pattern pages on plain paper, one game a pattern.",
                     "Write in pencil, or play in ink with the ink rule (a mistake stands and costs 10)."),
        card_stock=(),
        components=_kit_components,
        document_cost=4,
    ),
)
