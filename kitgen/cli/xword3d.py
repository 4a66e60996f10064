"""``kitgen bricks`` and ``kitgen verify 3dxword`` (issue 6)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from kitgen.cli.options import JsonOpt, OutOpt, PaperOpt, WordsOpt
from kitgen.errors import NotBuiltYet
from kitgen.render.pdf import Paper


def bricks(paper: PaperOpt = Paper.a4, out: OutOpt = None) -> None:
    """3DXWORD brick nets and tiles, Joiner and X pieces."""
    raise NotBuiltYet("kitgen bricks")


def verify(log: Annotated[Path, typer.Argument(help="A 3DXWORD game log.")],
           words: WordsOpt = None, json: JsonOpt = False) -> None:
    """Replay a 3DXWORD game log: words, scores, 3-D rules."""
    raise NotBuiltYet("kitgen verify 3dxword")


def register(app: typer.Typer, deal_app: typer.Typer, verify_app: typer.Typer) -> None:
    app.command("bricks")(bricks)
    verify_app.command("3dxword")(verify)
