"""``kitgen sheet``, ``kitgen deal wordsearch`` and ``kitgen verify wordsearch`` (issue 4)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from kitgen.cli.options import JsonOpt, OutOpt, PaperOpt, SeedOpt, WordsOpt
from kitgen.errors import NotBuiltYet
from kitgen.render.pdf import Paper


def sheet(paper: PaperOpt = Paper.a4, seed: SeedOpt = None, out: OutOpt = None) -> None:
    """Printable 5x5 Make a Wordsearch score sheets."""
    raise NotBuiltYet("kitgen sheet")


def deal(seed: SeedOpt = None, json: JsonOpt = False) -> None:
    """The 25 words of a seeded Make a Wordsearch deal."""
    raise NotBuiltYet("kitgen deal wordsearch")


def verify(sheet: Annotated[Path, typer.Argument(help="A typed-back 5x5 sheet.")],
           words: WordsOpt = None, json: JsonOpt = False) -> None:
    """Score a finished Make a Wordsearch sheet and check its turn log."""
    raise NotBuiltYet("kitgen verify wordsearch")


def register(app: typer.Typer, deal_app: typer.Typer, verify_app: typer.Typer) -> None:
    app.command("sheet")(sheet)
    deal_app.command("wordsearch")(deal)
    verify_app.command("wordsearch")(verify)
