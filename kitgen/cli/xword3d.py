"""``kitgen bricks`` and ``kitgen verify 3dxword`` (issue 6). Parse options, call, write, print."""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import Annotated, Optional

import typer

from kitgen.cli.options import ForceOpt, JsonOpt, OutOpt, PaperOpt, SeedOpt, WordsOpt, wrote
from kitgen.io.pdf import Paper


class Form(str, Enum):
    cubes = "cubes"
    tiles = "tiles"


def bricks(
    players: Annotated[int, typer.Option("--players", help="Players (2..12): 20 letter pieces each, "
                                         "2P-2 Joiners of each colour, one X piece each.")] = 2,
    form: Annotated[Form, typer.Option("--form", help="cubes (fold-up brick nets) or tiles (flat squares "
                                       "with crop marks, for the table version).")] = Form.cubes,
    size: Annotated[float, typer.Option("--size", help="Brick edge / tile side in mm (10..60).")] = 25.0,
    spec: Annotated[Optional[Path], typer.Option("--spec", help="A piece-set spec (TOML) instead of the "
                                                 "standard set.", dir_okay=False)] = None,
    paper: PaperOpt = Paper.a4,
    seed: SeedOpt = None,
    out: OutOpt = None,
    force: ForceOpt = False,
) -> None:
    """3DXWORD pieces to print: brick nets (cubes) or flat tiles, red and blue Joiners, X pieces, a score pad."""
    from kitgen.games.xword3d.rules.pieces import check_players, load_piece_spec
    from kitgen.io.files import out_path
    from kitgen.games.xword3d.render import check_size, write_bricks_pdf

    check_players(players)
    check_size(size)
    pieces = load_piece_spec(spec).for_players(players)
    name = f"3dxword-{form.value}-{players}p-{size:g}mm-{paper.value}.pdf"
    target = out_path(out, name)
    write_bricks_pdf(target, pieces, paper, form.value, size, seed=seed, force=force)
    wrote(target)


def verify(log: Annotated[Path, typer.Argument(help="A 3DXWORD game log.", dir_okay=False)],
           words: WordsOpt = None, json: JsonOpt = False) -> None:
    """Replay a 3DXWORD game log: every play's words and score, the 3-D rules, the totals after unused letters.

    Exit 1 with LOG:LINE:COL and the rule's name if a play breaks a rule; exit 2 if the log is malformed."""
    import json as jsonlib

    from kitgen.cli.options import lexicon
    from kitgen.games.xword3d.formats.log import format_replay, read_log, replay

    parsed = read_log(log)
    done = replay(parsed, lexicon(words))
    if json:
        typer.echo(jsonlib.dumps(done.as_json(), indent=2))
    else:
        for line in format_replay(done):
            typer.echo(line)


def register(app: typer.Typer, deal_app: typer.Typer, verify_app: typer.Typer) -> None:
    app.command("bricks")(bricks)
    verify_app.command("3dxword")(verify)
