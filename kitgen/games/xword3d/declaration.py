"""3DXWORD declared once (docs/3dxword.md): options, components, the log verifier, commands.

Heavy modules (reportlab, the lexicon) are imported inside the functions, so
that listing the games (``kitgen --help``) stays fast.
"""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO

from kitgen.games.base import (
    CUT_SVG,
    LANG,
    PAPER,
    PLAYERS,
    SEED,
    WORDS,
    Command,
    Component,
    Context,
    Game,
    Group,
    KitSpec,
    Option,
    Outcome,
    OutFile,
    Problem,
    RecordKind,
    Streamed,
    Values,
    Verdict,
    language_of,
    lexicon_of,
    output_name,
    with_cut_files,
)
from kitgen.io.pdf import Paper

if TYPE_CHECKING:
    from kitgen.games.xword3d.rules.log import Log, Replay
    from kitgen.io.cutfile import CutSheet


class Form(Enum):
    """How the pieces are printed: fold-up brick nets or flat tiles."""

    CUBES = "cubes"
    TILES = "tiles"


PIECE_PLAYERS = Option("players", int, 2, "Players (2..12): 20 letter pieces each, 2P-2 Joiners of each colour, "
                       "one X piece each.", minimum=2, maximum=PLAYERS.maximum)
FORM = Option("form", Form, Form.CUBES, "cubes (fold-up brick nets) or tiles (flat squares with crop marks, "
              "for the table version).")
SIZE = Option("size", float, 25.0, "Brick edge / tile side in mm (10..60).", minimum=10.0, maximum=60.0)
SPEC = Option("spec", Path, None, "A piece-set spec (TOML) instead of the standard set.")
LOG = Option("log", Path, None, "A 3DXWORD game log.", argument=True, required=True)

PIECE_OPTIONS = (PIECE_PLAYERS, FORM, SIZE, SPEC, PAPER, SEED)


def render_pieces(values: Values) -> bytes:
    """The pieces (nets or tiles) for the players, then a score pad."""
    return OutFile(pieces_name(values), streamed_pieces(values)).content()


def streamed_pieces(values: Values) -> Streamed:
    """The pieces' PDF, written a batch of pages at a time (any number of pieces in bounded memory)."""

    def write(out: BinaryIO) -> None:
        from kitgen.games.xword3d.render import write_pieces
        from kitgen.games.xword3d.rules.pieces import load_piece_spec

        pieces = load_piece_spec(values.path("spec")).for_players(values.as_int("players"))
        write_pieces(out, pieces, values.paper(), values.enum("form", Form).value, values.as_float("size"),
                     seed=values.opt_int("seed"))

    return Streamed(write)


def pieces_name(values: Values) -> str:
    """``3dxword-cubes-2p-25mm-a4.pdf``: every option that changes the pieces is in the name (``--spec
    my-set.toml`` adds ``-my-set``)."""
    spec = values.path("spec")
    return output_name(f"3dxword-{values.enum('form', Form).value}-{values.as_int('players')}p-"
                       f"{values.as_float('size'):g}mm-{values.paper().value}", spec.stem if spec else None)


def _bricks(values: Values, context: Context) -> Outcome:
    """The pieces' PDF and, with ``--cut-svg``, a cut file for each page of nets or tiles."""
    from kitgen.games.xword3d.render import check_size, cut_pages, cut_sheet
    from kitgen.games.xword3d.rules.pieces import load_piece_spec

    pdf = OutFile(pieces_name(values), streamed_pieces(values))
    if not values.flag("cut_svg"):
        return Outcome(files=[pdf])
    paper, form, size = values.paper(), values.enum("form", Form).value, check_size(values.as_float("size"))
    pieces = load_piece_spec(values.path("spec")).for_players(values.as_int("players"))
    counts = cut_pages(pieces.total, paper, form, size)

    def sheet(page: int) -> CutSheet:
        return cut_sheet(paper, form, size, counts[page - 1], f"{pieces_name(values)}, page {page}: {form}")

    return Outcome(files=with_cut_files(values, pdf, range(1, len(counts) + 1), sheet))


def read_log(text: str, source: str, values: Values) -> Log:
    """The log, parsed (``FILE:LINE:COL`` errors)."""
    from kitgen.core.text import TextSource
    from kitgen.games.xword3d.formats.log import parse_log

    return parse_log(TextSource(source, text), language_of(values))


def verify_log(log: Log, values: Values, context: Context) -> Verdict[Replay]:
    """Replay every play: words, scores, the 3-D rules, the deduction for unused letters; a broken log keeps its
    game up to the broken play, with the refusal (its rule's code, at its line) as its problem."""
    from kitgen.games.xword3d.formats.log import format_replay
    from kitgen.games.xword3d.rules.log import replay

    done = replay(log, lexicon_of(values))
    problems = (Problem.of(done.broken),) if done.broken is not None else ()
    return Verdict("3dxword", "3dxword", done, "\n".join(format_replay(done)), problems)


RECORD = RecordKind("3dxword", "Replay a 3DXWORD game log: every play's words and score, the 3-D rules, the totals "
                    "after unused letters.\n\nExit 1 with LOG:LINE:COL and the rule's name if a play breaks a rule; "
                    "exit 2 if the log is malformed.", (LOG, WORDS, LANG), read_log, verify_log)


def _kit_components(paper: Paper, seed: int, players: int) -> bytes:
    from kitgen.games.xword3d.render import kit_components

    return kit_components(paper, seed, players)


GAME = Game(
    name="3dxword",
    title="3DXWORD",
    seed_document="3dxword.txt",
    docs="docs/3dxword.md",
    order=40,
    kit=KitSpec(
        tagline="A crossword you build in three dimensions, from letter bricks.",
        players="2 or more players",
        contents=("Rules: table and 3-D versions", "Brick nets to cut, fold and glue; red and blue Joiners; X pieces",
                  "A score pad"),
        print_notes=("Cut on the solid lines, fold on the dashed lines, glue the shaded tabs inside.",
                     "Print the score pad on plain paper."),
        card_stock=("the brick net pages (160-220 gsm folds cleanly)",),
        components=_kit_components,
        document_cost=3,
    ),
    components=(Component("pieces", "Brick nets or tiles, Joiners, X pieces and a score pad", PIECE_OPTIONS,
                          render_pieces, command="bricks"),),
    records=(RECORD,),
    commands=(
        Command("bricks", Group.TOP, "3DXWORD pieces to print: brick nets (cubes) or flat tiles, red and blue "
                "Joiners, X pieces, a score pad.", (*PIECE_OPTIONS, CUT_SVG), _bricks, writes=True),
    ),
)
