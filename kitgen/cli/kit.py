"""``kitgen kit``: one print-ready PDF per game (issue 7)."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from kitgen.cli.options import OutOpt, PaperOpt, SeedOpt
from kitgen.render.pdf import Paper

GAMES = ("crossword", "wordsearch", "game-of-words", "3dxword")


def kit(
    games: Annotated[Optional[list[str]], typer.Argument(help="Games to make kits for (default: all four).")] = None,
    out: OutOpt = None,
    seed: SeedOpt = None,
    paper: PaperOpt = Paper.a4,
) -> None:
    """A whole print-ready kit for each game: cover, rules, components, score pads."""
    from kitgen.errors import InputError

    chosen = games or list(GAMES)
    for g in chosen:
        if g not in GAMES:
            raise InputError(f"unknown game {g!r} (choose from {', '.join(GAMES)})")
    typer.echo("kitgen kit: no game kits are built yet; nothing written.")
