"""3DXWORD declared once (docs/3dxword.md): options, components, the log verifier, commands.

Heavy modules (reportlab, the lexicon) are imported inside the functions, so
that listing the games (``kitgen --help``) stays fast.
"""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO

from kitgen.core.i18n import N_
from kitgen.core.language import LangCode, language
from kitgen.games.base import (
    CUT_DXF,
    CUT_SVG,
    LANG,
    OUT,
    PAPER,
    PLAYERS,
    REGISTRATION,
    SEED,
    WORDS,
    Command,
    Component,
    Context,
    Game,
    Group,
    KitSettings,
    KitSpec,
    Option,
    Options,
    Outcome,
    OutFile,
    Problem,
    RecordKind,
    Streamed,
    Verdict,
    lexicon_for,
    opt,
    output_name,
    typed,
    with_cut_files,
)
from kitgen.games.xword3d.options import SIZE
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
SPEC = Option("spec", Path, None, "A piece-set spec (TOML) instead of the standard set (or the language's own "
              "set with --lang: es, sv, pl, tr, ru, el).")
LOG = Option("log", Path, None, "A 3DXWORD game log.", argument=True, required=True)



class PieceOptions(Options):
    """The options of the pieces (``kitgen bricks``, the ``pieces`` component)."""

    players: int = opt(PIECE_PLAYERS)
    form: Form = opt(FORM)
    size: float = opt(SIZE)
    spec: Path | None = opt(SPEC)
    lang: LangCode = opt(LANG)
    paper: Paper = opt(PAPER)
    seed: int | None = opt(SEED)


class BrickOptions(PieceOptions):
    """``kitgen bricks``: the pieces and, with ``--cut-svg``, their cut files (beside ``--out``)."""

    cut_svg: bool = opt(CUT_SVG)
    cut_dxf: bool = opt(CUT_DXF)
    registration: bool = opt(REGISTRATION)
    out: str | None = opt(OUT)


class LogOptions(Options):
    """The options of the log verifier besides the log itself."""

    words: Path | None = opt(WORDS)
    lang: LangCode = opt(LANG)


PIECE_OPTIONS = PieceOptions.declared()


class PadOptions(Options):
    """The score pad alone (the ``score-pad`` component): a column a player, a row a turn."""

    players: int = opt(PIECE_PLAYERS)
    paper: Paper = opt(PAPER)


def render_pad(opts: PadOptions) -> bytes:
    """The score pad a table writes its game on, without the pieces."""
    from kitgen.games.xword3d.render import score_pad_pdf

    return score_pad_pdf(opts.paper, opts.players)


def render_pieces(opts: PieceOptions) -> bytes:
    """The pieces (nets or tiles) for the players, then a score pad."""
    return OutFile(pieces_name(opts), streamed_pieces(opts)).content()


def streamed_pieces(opts: PieceOptions, registration: bool = False) -> Streamed:
    """The pieces' PDF, written a batch of pages at a time (any number of pieces in bounded memory); with
    ``registration``, laid out for print-then-cut."""

    def write(out: BinaryIO) -> None:
        from kitgen.games.xword3d.render import write_pieces
        from kitgen.games.xword3d.rules.pieces import load_piece_spec

        pieces = load_piece_spec(opts.spec, opts.lang.value).for_players(opts.players)
        write_pieces(out, pieces, opts.paper, opts.form.value, opts.size, seed=opts.seed, registration=registration)

    return Streamed(write)


def pieces_name(opts: PieceOptions, registration: bool = False) -> str:
    """``3dxword-cubes-2p-25mm-a4.pdf``: every option that changes the pieces is in the name (``--spec
    my-set.toml`` adds ``-my-set``, a language's own set ``-russian``, ``--registration`` ``-registration``)."""
    from kitgen.games.xword3d.rules.pieces import LANGUAGE_PIECES

    spec = opts.spec
    own = LANGUAGE_PIECES.get(opts.lang.value) if spec is None else None
    return output_name(f"3dxword-{opts.form.value}-{opts.players}p-{opts.size:g}mm-{opts.paper.value}",
                       spec.stem if spec else own, "registration" if registration else None)


def _bricks(opts: BrickOptions, context: Context) -> Outcome:
    """The pieces' PDF and, with ``--cut-svg``, a cut file for each page of nets or tiles."""
    from kitgen.games.xword3d.render import check_size, cut_pages, cut_sheet, print_then_cut
    from kitgen.games.xword3d.rules.pieces import load_piece_spec

    name = pieces_name(opts, opts.registration)
    pdf = OutFile(name, streamed_pieces(opts, opts.registration))
    if not (opts.cut_svg or opts.cut_dxf):
        return Outcome(files=[pdf])
    paper, form, size = opts.paper, opts.form.value, check_size(opts.size)
    pieces = load_piece_spec(opts.spec, opts.lang.value).for_players(opts.players)
    with print_then_cut(opts.registration):
        counts = cut_pages(pieces.total, paper, form, size)

    def sheet(page: int) -> CutSheet:
        with print_then_cut(opts.registration):
            return cut_sheet(paper, form, size, counts[page - 1], f"{name}, page {page}: {form}")

    return Outcome(files=with_cut_files(opts.cut_svg, opts.out, pdf, range(1, len(counts) + 1), sheet,
                                        opts.cut_dxf))


def read_log(text: str, source: str, opts: LogOptions) -> Log:
    """The log, parsed (``FILE:LINE:COL`` errors)."""
    from kitgen.core.text import TextSource
    from kitgen.games.xword3d.formats.log import parse_log

    return parse_log(TextSource(source, text), language(opts.lang))


def verify_log(log: Log, opts: LogOptions, context: Context) -> Verdict[Replay]:
    """Replay every play: words, scores, the 3-D rules, the deduction for unused letters; a broken log keeps its
    game up to the broken play, with the refusal (its rule's code, at its line) as its problem."""
    from kitgen.games.xword3d.formats.log import format_replay
    from kitgen.games.xword3d.rules.log import replay

    done = replay(log, lexicon_for(opts.words, opts.lang))
    problems = (Problem.of(done.broken),) if done.broken is not None else ()
    return Verdict("3dxword", "3dxword", done, "\n".join(format_replay(done)), problems)


RECORD = RecordKind("3dxword", "Replay a 3DXWORD game log: every play's words and score, the 3-D rules, the totals "
                    "after unused letters.\n\nExit 1 with LOG:LINE:COL and the rule's name if a play breaks a rule; "
                    "exit 2 if the log is malformed.", (LOG, *LogOptions.declared()), read_log,
                    verify_log, options_type=LogOptions)


def _kit_components(kit: KitSettings) -> bytes:
    from kitgen.games.xword3d.render import kit_components

    return kit_components(kit.paper, kit.seed, kit.players, kit.language.code)


GAME = Game(
    name="3dxword",
    title="3DXWORD",
    seed_document="3dxword.txt",
    docs="docs/3dxword.md",
    order=40,
    kit=KitSpec(
        tagline=N_("A crossword you build in three dimensions, from letter bricks."),
        players=N_("2 or more players"),
        contents=(N_("Rules: table and 3-D versions"),
                  N_("Brick nets to cut, fold and glue; red and blue Joiners; X pieces"),
                  N_("A score pad")),
        print_notes=(N_("Cut on the solid lines, fold on the dashed lines, glue the shaded tabs inside."),
                     N_("Print the score pad on plain paper.")),
        card_stock=(N_("the brick net pages"),),
        card_weight=(160, 220),  # folds cleanly; the nets' part in "Which pages are which" says the same
        components=_kit_components,
        document_cost=3,
    ),
    components=(Component("pieces", N_("Brick nets or tiles, Joiners, X pieces and a score pad"), PIECE_OPTIONS,
                          typed(PieceOptions, render_pieces), command="bricks"),
                Component("score-pad", N_("A score pad alone: a column a player, a row a turn"),
                          PadOptions.declared(), typed(PadOptions, render_pad))),
    records=(RECORD,),
    commands=(
        Command("bricks", Group.TOP, "3DXWORD pieces to print: brick nets (cubes) or flat tiles, red and blue "
                "Joiners, X pieces, a score pad.", (*PIECE_OPTIONS, CUT_SVG, CUT_DXF, REGISTRATION),
                typed(BrickOptions, _bricks),
                writes=True),
    ),
)
