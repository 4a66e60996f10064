"""``kitgen deck``, the Game of Words deals and ``kitgen verify solitaire`` (issue 5)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from kitgen.cli.options import JsonOpt, OutOpt, PaperOpt, SeedOpt
from kitgen.errors import NotBuiltYet
from kitgen.render.pdf import Paper

DEAL_GAMES = ("word-solitaire", "letter-patience", "crossword-solitaire-a", "crossword-solitaire-b",
              "crossword", "anagrams")


def deck(paper: PaperOpt = Paper.a4, out: OutOpt = None) -> None:
    """The Game of Words letter-card deck: faces, backs, Sub Cards, crop marks."""
    raise NotBuiltYet("kitgen deck")


def _deal_command(game: str):
    def deal(seed: SeedOpt = None, json: JsonOpt = False) -> None:
        raise NotBuiltYet(f"kitgen deal {game}")

    deal.__doc__ = f"A seeded {game} deal."
    return deal


def verify_solitaire(file: Annotated[Path, typer.Argument(help="A finished solitaire typed back in.")],
                     seed: SeedOpt = None) -> None:
    """Check a finished solitaire against its seeded deal."""
    raise NotBuiltYet("kitgen verify solitaire")


def register(app: typer.Typer, deal_app: typer.Typer, verify_app: typer.Typer) -> None:
    app.command("deck")(deck)
    for game in DEAL_GAMES:
        deal_app.command(game)(_deal_command(game))
    verify_app.command("solitaire")(verify_solitaire)
