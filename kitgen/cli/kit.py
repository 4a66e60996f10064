"""``kitgen kit``: one print-ready PDF per game (issue 7)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from kitgen.cli.options import MAX_PLAYERS, ForceOpt, OutOpt, PaperOpt, QuietOpt, SeedOpt, wrote
from kitgen.io.pdf import Paper

DEFAULT_SEED = 1


def kit(
    games: Annotated[Optional[list[str]], typer.Argument(
        help="Games: crossword, wordsearch, game-of-words, 3dxword (default: all four).")] = None,
    out: OutOpt = None,
    seed: SeedOpt = None,
    players: Annotated[int, typer.Option("--players", help="Players (3DXWORD pieces, deals).")] = 2,
    paper: PaperOpt = Paper.a4,
    png: Annotated[Optional[Path], typer.Option(
        "--png", help="Also write a PNG preview of every page into this directory.")] = None,
    jobs: Annotated[Optional[int], typer.Option("--jobs", help="Kits built at once (default: one a core).")] = None,
    force: ForceOpt = False,
    quiet: QuietOpt = False,
) -> None:
    """A whole print-ready kit for each game: cover, how to print, rules, components, score pads."""
    from kitgen.cli.progress import progress
    from kitgen.core.random import check_seed
    from kitgen.core.errors import InputError
    from kitgen.io.files import atomic_path
    from kitgen.games import registry
    from kitgen.games.kit import build_kits
    from kitgen.io.previews import write_previews

    chosen = list(dict.fromkeys(games or registry.names()))
    for g in chosen:
        registry.get(g)
    if not 2 <= players <= MAX_PLAYERS:
        raise InputError(f"--players must be between 2 and {MAX_PLAYERS} (got {players})")
    seed = check_seed(DEFAULT_SEED if seed is None else seed)
    if jobs is not None and not 1 <= jobs <= 64:
        raise InputError(f"--jobs must be between 1 and 64 (got {jobs})")
    folder = Path("output") if out is None else out
    if folder.suffix.lower() == ".pdf":
        raise InputError(f"{folder}: --out for kit is a directory (one PDF per game is written into it)")
    with progress("kits", len(chosen), quiet=quiet) as update:
        for done, (g, data) in enumerate(build_kits(chosen, paper, seed, players, jobs), start=1):
            target = folder / f"{g}-kit.pdf"
            with atomic_path(target, force) as tmp:
                tmp.write_bytes(data)
            if update:
                update(done, f"kits: {g} done")
            if not quiet:
                wrote(target)
            if png is not None:
                pages = write_previews(target, png, force=force)
                if not quiet:
                    typer.echo(f"wrote {len(pages)} PNG previews to {png}")
