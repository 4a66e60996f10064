"""``kitgen pattern`` and ``kitgen verify crossword`` (issue 3)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from kitgen.cli.options import JsonOpt, OutOpt, PaperOpt, SeedOpt, WordsOpt
from kitgen.errors import NotBuiltYet
from kitgen.render.pdf import Paper


def pattern(paper: PaperOpt = Paper.a4, seed: SeedOpt = None, out: OutOpt = None) -> None:
    """Blank numbered crossword patterns (generate, import, export, print)."""
    raise NotBuiltYet("kitgen pattern")


def verify(record: Annotated[Path, typer.Argument(help="A crossword game record.")],
           words: WordsOpt = None, json: JsonOpt = False) -> None:
    """Replay a crossword game record: every entry's legality, scores, winner."""
    raise NotBuiltYet("kitgen verify crossword")


def register(app: typer.Typer, deal_app: typer.Typer, verify_app: typer.Typer) -> None:
    app.command("pattern")(pattern)
    verify_app.command("crossword")(verify)
