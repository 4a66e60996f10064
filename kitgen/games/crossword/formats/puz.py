"""Across Lite ``.puz`` read (with puzpy) and write (docs/crossword.md, ruling 8).

Read: the diagram (``.`` blocks; ``:`` the blocks of a diagramless puzzle), the
solution's letters and rebus cells (``GRBS``/``RTBL``), circled cells (``GEXT``
flag 0x80), and the title, author, copyright and notes. A diagramless puzzle
(type 0x0401) has no diagram of its own: its blocks are the solution's, and the
pattern says so (``diagram_from_solution``). Anything puzpy cannot read -- a
truncated or foreign file -- is an ``InputError`` naming the file, never a
traceback.

Write: ``--puz OUT`` writes Across Lite 1.3 with the pattern's letters (a
blank pattern gets ``X`` in every white cell, since .puz has no blank
solution: the solver is given only the empty grid), its circles, rebus cells
and metadata. A .puz grid holds blocks and letters only: a barred grid, or one
with omitted cells, cannot be written and is refused with the reason.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kitgen.core.errors import InputError, Location
from kitgen.core.grid import BLOCK, EMPTY, MAX_SIDE, MIN_SIDE, VOID, Cell, Grid
from kitgen.core.i18n import N_
from kitgen.core.i18n import gettext as _
from kitgen.core.language import DIGRAPH_CELLS
from kitgen.core.text import read_input
from kitgen.games.crossword.rules.pattern import CellMark, Meta, Pattern

MAX_PUZ_BYTES = 1_000_000
CIRCLED = 0x80
BLANK_LETTER = "X"
"""What a blank pattern's solution holds in every white cell when written as .puz."""


class BadPuz(InputError):
    """A ``.puz`` file kitgen cannot read."""


class CannotWritePuz(InputError):
    """A pattern the .puz format cannot hold (bars, omitted cells)."""


SIGNATURE = b"ACROSS&DOWN"


def _load(name: str, data: bytes) -> tuple[Any, list[str]]:
    """The puzpy puzzle of ``data`` and what to say about it (a checksum that does not match: read anyway);
    a file that cannot be read is a ``BadPuz`` naming its real cause."""
    import puz

    if SIGNATURE not in data:
        raise BadPuz(_("not an Across Lite .puz file: it has no ACROSS&DOWN signature (an .ipuz, .jpz or text file "
                       "needs its own extension)"), Location(name))
    p = puz.Puzzle()
    notes: list[str] = []
    try:
        p.load(data)
    except puz.PuzzleFormatError as exc:
        if "checksum does not match" not in exc.message:
            raise BadPuz(_format_cause(exc.message), Location(name)) from None
        notes.append(_checksum_note(exc.message))
    except UnicodeDecodeError:
        raise BadPuz(_("its text is not UTF-8, as a version 2 .puz file's must be"), Location(name)) from None
    except Exception as exc:  # puzpy raises many kinds on a bad file  # noqa: BLE001
        raise BadPuz(_("an Across Lite .puz file kitgen cannot read ({why})").format(why=type(exc).__name__),
                     Location(name)) from None
    _check_grid(name, p)
    return p, notes


def _format_cause(message: str) -> str:
    if message.startswith("could not unpack"):
        return _("the file is cut short inside its header (a .puz header is 52 bytes after the checksum)")
    return _("not a readable Across Lite .puz file ({why})").format(why=message)


def _checksum_note(message: str) -> str:
    """What a checksum mismatch means, in words: the file was changed after it was written, or is damaged."""
    which = message.replace(" checksum does not match", "")
    if which.startswith("extension"):
        code = which.removeprefix("extension").strip().removeprefix("b").strip("'\"")
        which = f"{code} section's"
    return (f"the file's {which} checksum does not match its contents (edited by another program, or damaged); "
            "read anyway: check the grid against the paper")


def _check_grid(name: str, p: Any) -> None:
    width, height = int(p.width), int(p.height)
    if not (MIN_SIDE <= width <= MAX_SIDE and MIN_SIDE <= height <= MAX_SIDE):
        raise BadPuz(_("a {width}x{height} grid; kitgen reads {least} to {most} a side").format(
            width=width, height=height, least=MIN_SIDE, most=MAX_SIDE), Location(name))
    for what, cells in ((N_("solution"), p.solution), (N_("player grid"), p.fill)):
        if not isinstance(cells, str) or len(cells) != width * height:
            message = _("the file is cut short: its {what} needs {squares} squares for a {width}x{height} puzzle")
            raise BadPuz(message.format(what=_(what), squares=width * height, width=width, height=height),
                         Location(name))


def _extras(p: Any, grid: Grid) -> tuple[dict[Cell, CellMark], dict[Cell, str], list[str]]:
    """Circled cells (GEXT) and rebus solutions (GRBS/RTBL), each only if puzpy can read it (else a note)."""
    width = grid.cols
    marks: dict[Cell, CellMark] = {}
    rebus: dict[Cell, str] = {}
    try:
        if p.has_markup():
            for i in p.markup().get_markup_squares():
                if p.markup().markup[i] & CIRCLED and grid.is_white(i // width, i % width):
                    marks[(i // width, i % width)] = CellMark(circled=True)
    except Exception:  # a damaged extra section: the grid itself is still good  # noqa: BLE001
        return {}, {}, ["the circles (GEXT section) are damaged and are left out"]
    try:
        if p.has_rebus():
            for i in p.rebus().get_rebus_squares():
                text = p.rebus().get_rebus_solution(i)
                if text and grid.is_white(i // width, i % width):
                    rebus[(i // width, i % width)] = "".join(ch for ch in str(text).upper() if "A" <= ch <= "Z")
    except Exception:  # noqa: BLE001
        return marks, {}, ["the rebus squares (GRBS/RTBL sections) are damaged and are left out"]
    return marks, {cell: text for cell, text in rebus.items() if len(text) > 1}, []


def _cell(ch: str, diagramless: bool, locked: bool) -> str:
    """One square of the solution: ``.`` a block; ``:`` a block in a diagramless puzzle, else an omitted cell
    (Crossword Compiler and Crosshare write ``:`` for the squares a shaped grid leaves out)."""
    if ch == "." or (ch == ":" and diagramless):
        return BLOCK
    if ch == ":":
        return VOID
    return ch.upper() if ch.isascii() and ch.isalpha() and not locked else EMPTY  # not ß: its upper case is SS


def parse_puz(name: str, data: bytes) -> Pattern:
    """The pattern of a .puz file (its letters kept: callers blank it to print)."""
    import puz

    p, notes = _load(name, data)
    width, height = int(p.width), int(p.height)
    diagramless = int(p.puzzletype) == int(puz.PuzzleType.Diagramless)
    locked = bool(p.is_solution_locked())
    cells = p.solution
    rows = ["".join(_cell(ch, diagramless, locked) for ch in cells[r * width:(r + 1) * width]) for r in range(height)]
    grid = Grid(rows)
    marks, rebus, damaged = _extras(p, grid)
    meta = Meta(title=_clean(p.title), author=_clean(p.author), copyright=_clean(p.copyright), notes=_clean(p.notes))
    if locked:
        notes.append("the solution is scrambled (locked with a key in Across Lite): the diagram is read, its letters "
                     "are left out")
        rebus = {}
    if grid.void_count and not diagramless:
        notes.append(f"{grid.void_count} omitted square(s) (':' in the grid) read as the grid's shape, not blocks")
    if diagramless:
        notes.append("diagramless: the diagram (blocks) is taken from the solution")
    return Pattern(grid, marks, rebus, meta, diagramless, diagramless, tuple(notes + damaged))


def _clean(value: object) -> str:
    return " ".join(str(value or "").split())


def read_puz(path: str | Path) -> Pattern:
    name = str(path)
    data = read_input(path, MAX_PUZ_BYTES, N_("file too large for a .puz"))
    return parse_puz(name, data)


def puz_refusal(pattern: Pattern) -> str | None:
    """Why ``pattern`` cannot be written as .puz, or ``None``."""
    grid = pattern.grid
    if grid.bars:
        return "a barred grid cannot be written as .puz (Across Lite has blocks only, no bars); use --ipuz"
    if grid.void_count and pattern.diagramless:
        return "a diagramless grid with omitted cells cannot be written as .puz (its ':' squares are its blocks); " \
               "use --ipuz"
    cells = sorted({ch for row in grid.iter_rows() for ch in row if not ch.isascii() and ch in DIGRAPH_CELLS})
    if cells:
        return (f"a grid with {' '.join(cells)} (IJ in one square, as Dutch crosswords write it) cannot be written "
                "as .puz (Across Lite holds one Latin-1 letter a square); use --ipuz or --jpz")
    return None


def puz_losses(pattern: Pattern) -> list[str]:
    """What writing ``pattern`` as .puz leaves out, said by name (Across Lite marks circles, nothing else)."""
    shaded = sum(1 for mark in pattern.marks.values() if mark.shaded or mark.color)
    out = []
    if shaded:
        out.append(f"the .puz leaves out {shaded} shaded or coloured square(s) (Across Lite circles squares but has "
                   "no shading); --ipuz keeps them")
    if pattern.labels:
        out.append("the .puz leaves out the file's own clue numbers (Across Lite numbers the squares itself); "
                   "--ipuz keeps them")
    return out


def puz_bytes(pattern: Pattern, title: str = "") -> bytes:
    """The Across Lite .puz bytes of ``pattern`` (``CannotWritePuz`` for a barred grid); omitted cells are
    written ``:`` as Crossword Compiler and Crosshare write them."""
    import puz

    why = puz_refusal(pattern)
    if why:
        raise CannotWritePuz(why)
    grid = pattern.grid
    p = puz.Puzzle()
    p.width, p.height = grid.cols, grid.rows
    blank = not grid.has_letters
    p.solution = "".join("." if ch == BLOCK else ":" if ch == VOID else BLANK_LETTER if blank or ch == EMPTY else ch
                         for row in grid.iter_rows() for ch in row)
    p.fill = "".join(ch if ch in ".:" else "-" for ch in p.solution)
    if pattern.diagramless:
        p.puzzletype = puz.PuzzleType.Diagramless
        p.solution = p.solution.replace(".", ":")
        p.fill = p.fill.replace(".", ":")
    meta = pattern.meta
    p.title, p.author, p.copyright, p.notes = meta.title or title, meta.author, meta.copyright, meta.notes
    p.clues = [""] * len(grid.lights)
    _write_extras(p, pattern)
    return bytes(p.tobytes())


def _write_extras(p: Any, pattern: Pattern) -> None:
    import puz

    width = pattern.grid.cols
    circled = [r * width + c for r, c in pattern.circled]
    if circled:
        p.markup().set_markup_squares(circled, puz.GridMarkup.Circled)
    for (r, c), text in sorted(pattern.rebus.items()):
        if pattern.grid.has_letters:
            p.rebus().add_rebus_squares(r * width + c, text)


__all__ = ["BadPuz", "CannotWritePuz", "parse_puz", "puz_bytes", "puz_losses", "puz_refusal", "read_puz"]
