"""Crossword declared once (docs/crossword.md): options, the patterns component, the record verifier, commands.

``kitgen pattern`` generates or imports (``--from``) blank patterns and prints
them (the ``patterns`` component, which ``kitgen.api.render`` gives too), also
exporting ipuz (``--ipuz``) or, with ``--check FILE``, reports a pattern's
legality instead; ``kitgen verify crossword`` is generated from the record kind.
Heavy modules are imported inside the functions, so listing the games stays fast.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO

from kitgen.core.errors import InputError
from kitgen.core.i18n import N_
from kitgen.core.i18n import gettext as _
from kitgen.core.language import LangCode
from kitgen.games.base import (
    ALL_WORDS,
    COUNT,
    LANG,
    LARGE_PRINT,
    OUT,
    PAPER,
    SEED,
    TWO_CELL_IJ,
    WORDS,
    CheckPage,
    Command,
    Component,
    Context,
    Game,
    Group,
    KitSettings,
    KitSpec,
    Opponent,
    Option,
    Options,
    OptionValues,
    Outcome,
    OutFile,
    Problem,
    RecordKind,
    Streamed,
    Verdict,
    count_variant,
    large_print_variant,
    lexicon_for,
    opt,
    output_name,
    paper_variant,
    per_page_variant,
    proposals_for,
    typed,
)
from kitgen.games.crossword.options import COLS, PER_PAGE, ROWS, SIZE, SMALL_SQUARES, PerPage
from kitgen.io.pdf import Paper

if TYPE_CHECKING:
    from kitgen.core.lexicon import Lexicon
    from kitgen.games.crossword.render import Packed
    from kitgen.games.crossword.rules.fill import FillIndex
    from kitgen.games.crossword.rules.pattern import Pattern
    from kitgen.games.crossword.rules.record import Record, Replay

NAME = "crossword"
DEFAULT_SEED = 1


class Style(Enum):
    """The tradition a pattern follows (docs/crossword.md, ruling 7)."""

    AMERICAN = "american"
    BRITISH = "british"
    BARRED = "barred"


class Symmetry(Enum):
    ROTATIONAL = "rotational"
    QUARTER = "quarter"
    MIRROR = "mirror"
    NONE = "none"


STYLE = Option("style", Style, None, "british (blocked cryptic, the default), american (every cell checked) or "
               "barred (bars, no blocks).",
               web_help=N_("British: black squares, and not every letter is in two words (Usual). American: every "
                           "letter is in an across and a down word. Barred: thick lines between squares instead of "
                           "black squares."))
SYMMETRY = Option("symmetry", Symmetry, Symmetry.ROTATIONAL, "rotational (180), quarter (90), mirror or none.",
                  web_help=N_("How the black squares mirror each other: Rotational (the grid looks the same upside "
                              "down), Quarter (the same turned a quarter), Mirror (left and right alike) or None."))
PATTERN_COUNT = replace(COUNT, help="How many patterns (1..1000); with --from, how many copies to print.")
COPIES = Option("copies", int, 1, "Print each pattern this many times, laid out --per-page: a class set of one "
                "pattern (1..200).", minimum=1, maximum=200, print_only=True)
FROM = Option("from_file", Path, None, "Print this pattern (.txt, .ipuz, .puz, .jpz or .xd) instead of generating; "
              "letters are blanked.", flag="--from")
IPUZ = Option("ipuz", Path, None, "Also export ipuz here (with --count N: STEM-1.ipuz .. STEM-N.ipuz).",
              writes_file=True)
JPZ = Option("jpz", Path, None, "Also export Crossword Compiler jpz here (with --count N: STEM-1.jpz .. STEM-N.jpz).",
             writes_file=True)
PUZ = Option("puz", Path, None, "Also export Across Lite .puz here (with --count N: STEM-1.puz .. STEM-N.puz); "
             "a barred or shaped grid cannot be .puz and is refused.", writes_file=True)
CHECK = Option("check", Path, None, "Report a pattern's legality instead (exit 1 if it breaks --style when given).")
TEXT = Option("text", bool, False, "Print each pattern as text too.", print_only=True)
FILL = Option("fill", bool, False, "Fill every light with words (the lexicon or --words; no word twice, common words "
              "first): the fill goes to the ipuz and .puz solution and --text.", print_only=True)
FILLABLE = Option("fillable", bool, False, "Keep only generated patterns a fill exists for (each printed pattern is "
                  "certified playable to the last light).", print_only=True)
"""Print-only: a certificate for the printed patterns. The Crossword game needs none (a player who cannot fill a
light passes; play ends when every player passes in succession), so the game's New game form leaves it out."""
SOLUTION = Option("solution", bool, False, "Add a solution page: each pattern filled (implies a fill).",
                  print_only=True)
FILL_WORDS = replace(WORDS, help="Word list for --fill/--fillable/--solution (one word or phrase a line), replacing "
                     "the default lexicon.")


class PatternOptions(Options):
    """What the printed patterns depend on: the ``patterns`` component's options (``api.render_with``)."""

    size: int = opt(SIZE)
    rows: int | None = opt(ROWS)
    cols: int | None = opt(COLS)
    style: Style | None = opt(STYLE)
    symmetry: Symmetry = opt(SYMMETRY)
    count: int = opt(PATTERN_COUNT)
    copies: int = opt(COPIES)
    seed: int | None = opt(SEED)
    from_file: Path | None = opt(FROM)
    per_page: PerPage = opt(PER_PAGE)
    paper: Paper = opt(PAPER)
    fill: bool = opt(FILL)
    fillable: bool = opt(FILLABLE)
    solution: bool = opt(SOLUTION)
    words: Path | None = opt(FILL_WORDS)
    lang: LangCode = opt(LANG)
    two_cell_ij: bool = opt(TWO_CELL_IJ)
    all_words: bool = opt(ALL_WORDS)
    large_print: bool = opt(LARGE_PRINT)
    small_squares: bool = opt(SMALL_SQUARES)

    @property
    def fills(self) -> bool:
        """Whether the patterns are filled: ``--fill``, ``--fillable`` or ``--solution``."""
        return self.fill or self.fillable or self.solution


class PatternCommandOptions(PatternOptions):
    """``kitgen pattern``: the patterns, their exports (``--ipuz``, ``--jpz``, ``--puz``), ``--text``, or the
    ``--check`` report of a pattern instead."""

    ipuz: Path | None = opt(IPUZ)
    jpz: Path | None = opt(JPZ)
    puz: Path | None = opt(PUZ)
    check: Path | None = opt(CHECK)
    out: str | None = opt(OUT)
    text: bool = opt(TEXT)


PATTERN_OPTIONS = PatternOptions.declared()
"""What the printed patterns depend on: the ``patterns`` component's options."""
COMMAND_OPTIONS = (SIZE, ROWS, COLS, STYLE, SYMMETRY, PATTERN_COUNT, COPIES, SEED, FROM, IPUZ, JPZ, PUZ, CHECK,
                   PER_PAGE, PAPER, OUT, TEXT, FILL, FILLABLE, SOLUTION, FILL_WORDS, LANG, TWO_CELL_IJ, ALL_WORDS,
                   LARGE_PRINT, SMALL_SQUARES)
"""``kitgen pattern``'s options (``PatternCommandOptions``), in the order its help lists them."""


# -- kitgen pattern ----------------------------------------------------------------------

class Made:
    """Patterns made one at a time as they are asked for, each kept only as plain values (``packed``: a 63x63
    pattern with its lights worked out is a hundred times larger); a second pass (the PDF after the ipuz
    files) makes each ``Pattern`` again from them."""

    def __init__(self, make: Callable[[], Iterator[Pattern]]) -> None:
        self.make = make
        self.source: Iterator[Pattern] | None = None
        self.kept: list[Packed] = []

    def __iter__(self) -> Iterator[Pattern]:
        from kitgen.games.crossword.render import packed, unpacked

        k = 0
        while True:
            if k < len(self.kept):
                yield unpacked(self.kept[k])
            else:
                if self.source is None:
                    self.source = self.make()
                pattern = next(self.source, None)
                if pattern is None:
                    return
                self.kept.append(packed(pattern))
                yield pattern
            k += 1


@dataclass(frozen=True)
class PatternSet:
    """The patterns the options ask for: generated from a seed, or one read ``--from`` a file.

    The patterns are made (``make``) only when first asked for, so every file the command would
    write is named, and its overwrite checked, before any pattern is generated; they are made one
    at a time and kept small (``Made``), so a long set streams into its PDF in bounded memory.
    """

    make: Callable[[], Iterator[Pattern]]
    names: list[str]
    """Each pattern's name (its ipuz title and ``--json`` name)."""
    label: str
    """What the PDF's footer and subject say the patterns are."""
    pdf_name: str
    seed: int | None
    copies: int = 1
    """How many times each pattern is printed: ``--copies``, or with ``--from`` its ``--count`` (a class set)."""
    notes: tuple[str, ...] = ()
    """What reading ``--from`` left out or took from elsewhere (``FILE: note: ...`` lines)."""
    refusal_for_puz: str | None = None
    """Why these patterns cannot be .puz, when that is known before they are made."""
    filled: bool = False
    """``--fill``: the patterns' fills go to the ipuz and .puz solutions, ``--text`` and ``--json``."""

    @functools.cached_property
    def made(self) -> Made:
        return Made(self.make)

    def pattern(self, k: int) -> Pattern:
        """Pattern ``k`` (0-based)."""
        import itertools

        found = next(itertools.islice(self.made, k, None), None)
        assert found is not None, k
        return found

    def printed(self) -> Iterator[Pattern]:
        """The patterns as printed: each, or ``copies`` copies of the one."""
        for pattern in self.made:
            for _copy in range(self.copies):
                yield pattern


def pattern_set(opts: PatternOptions, puz: Path | None = None) -> PatternSet:
    """Read the ``--from`` pattern (blanked; one with no light is refused) or generate ``--count`` patterns,
    filled when ``--fill``, ``--fillable`` or ``--solution`` asks (docs/crossword.md, ruling 10); with ``puz`` (the
    ``.puz`` the command also writes), what that format loses of a pattern read is noted."""
    source = opts.from_file
    if source is not None:
        from kitgen.core.errors import InputError, Location
        from kitgen.games.crossword.formats.pattern import load_puzzle
        from kitgen.games.crossword.formats.puz import puz_losses, puz_refusal

        if opts.fillable:
            raise InputError(_("--fillable keeps generated patterns; to fill an imported one use --fill"))
        if opts.count > 1 and opts.copies > 1:
            raise InputError(_("with --from, --count and --copies both say how many copies to print: give one"))
        read = load_puzzle(source)
        pattern = read if opts.fills else read.blank()   # a fill keeps the letters given (theme entries)
        if not pattern.grid.lights:
            raise InputError(_("the pattern has no light (no run of two or more white cells) to print"),
                             pattern.at or Location(str(source)))
        names = [source.stem]
        losses = puz_losses(pattern) if puz is not None else []
        return PatternSet(lambda: _filled(iter([pattern]), names, opts) if opts.fills else iter([pattern]),
                          names, _("pattern from {file}").format(file=source.name),
                          output_name(f"pattern-{source.stem}", *_fill_variant(opts), *_layout(opts)), None,
                          copies=max(opts.count, opts.copies),
                          notes=tuple(f"{source}: note: {n}" for n in (*pattern.notes, *losses)),
                          refusal_for_puz=puz_refusal(pattern), filled=opts.fill)
    return _generated_set(opts)


def _fill_variant(opts: PatternOptions) -> tuple[str | None, ...]:
    """``solution`` in the PDF's name when it adds pages."""
    return ("solution" if opts.solution else None,)


def _proposals(opts: PatternOptions) -> Lexicon:
    """The words a fill proposes: ``--words`` or ``--lang``'s lexicon, without the classroom-safe list unless
    ``--all-words``, and without the English phrases no text counted (``Lexicon.for_fills``)."""
    return proposals_for(opts.words, opts.lang, opts.all_words, cells=not opts.two_cell_ij).for_fills()


def _filled(patterns: Iterator[Pattern], names: list[str], opts: PatternOptions) -> Iterator[Pattern]:
    """Each pattern filled by the autofill, or an ``InputError`` naming the first no fill was found for."""
    from kitgen.core.errors import InputError
    from kitgen.games.crossword.formats.fill_index import fill_index
    from kitgen.games.crossword.rules.fill import default_budget, fill

    index = fill_index(_proposals(opts))   # kept on disk: the fixed cost of a short fill
    wider: FillIndex | None = None
    for pattern, name in zip(patterns, names, strict=False):
        found = fill(pattern.grid, index)
        if found is None and index.lexicon.wider() is not None:
            # the language's learner tier could not fill it: every word running text holds may
            # (docs/languages.md, "Proposals")
            wider = wider or fill_index(index.lexicon.wider() or index.lexicon)
            found = fill(pattern.grid, wider)
        if found is None:
            tried = default_budget(pattern.grid, index.lexicon.language.code)
            raise InputError(_no_fill(pattern, name, index) or f"{name}: no fill found with "
                             f"{index.lexicon.name or 'the word list'} (no word twice; {tried} words tried)")
        yield pattern.filled(found.letters)


def _no_fill(pattern: Pattern, name: str, index: FillIndex) -> str:
    """Why the letters already in ``pattern`` make it unfillable, naming the light they leave with no word."""
    from kitgen.games.crossword.rules.fill import blocked_light

    grid = pattern.grid
    if not grid.has_letters:
        return ""
    light = blocked_light(grid, index)
    if light is None:
        return ""
    letters = grid.letters()
    shown = "".join(letters.get(cell, "?") for cell in light.cells)
    where = f"{light.name} ({shown})" if shown.strip("?") else f"{light.name} once its crossings take them"
    return (f"{name}: the letters already in the grid leave no word for {where} in "
            f"{index.lexicon.name or 'the word list'} (the fill keeps every letter given; no word twice)")


def _generated_set(opts: PatternOptions) -> PatternSet:
    from kitgen.games.crossword.rules.generate import iter_patterns
    from kitgen.games.crossword.rules.pattern import Pattern

    style = (opts.style or Style.BRITISH).value
    symmetry = opts.symmetry.value
    rows, cols = opts.rows or opts.size, opts.cols or opts.size
    seed, count = DEFAULT_SEED if opts.seed is None else opts.seed, opts.count
    if symmetry == Symmetry.QUARTER.value and rows != cols:  # said here, where the option's name is known
        raise InputError(_("quarter-turn symmetry needs a square grid ({size})").format(size=SIZE.named))
    stem = f"{style}-{cols}x{rows}-seed{seed}" + ("-fillable" if opts.fillable else "")
    names = [stem + (f"-{k + 1}" if count > 1 else "") for k in range(count)]

    def make() -> Iterator[Pattern]:
        if opts.fillable:
            return _fillable(rows, cols, style, symmetry, seed, count, opts)
        patterns = (Pattern(grid) for grid in iter_patterns(rows, cols, style, symmetry, seed, count, opts.lang))
        return _filled(patterns, names, opts) if opts.fills else patterns

    return PatternSet(make, names, set_label(style, symmetry, cols, rows, seed),
                      output_name(f"pattern-{stem}", None if symmetry == Symmetry.ROTATIONAL.value else symmetry,
                                  *_fill_variant(opts), *_layout(opts)), seed, copies=opts.copies,
                      refusal_for_puz="a barred grid cannot be written as .puz (Across Lite has blocks only, no "
                      "bars); use --ipuz" if style == "barred" else None, filled=opts.fill)


_SIZES = {Style.AMERICAN.value: N_("american {cols}x{rows}"), Style.BRITISH.value: N_("british {cols}x{rows}"),
          Style.BARRED.value: N_("barred {cols}x{rows}")}
"""A generated set's style and size as its label says them (the language's own sign for a grid's dimensions)."""

_SYMMETRIES = {Symmetry.ROTATIONAL.value: N_("rotational symmetry"), Symmetry.QUARTER.value: N_("quarter symmetry"),
               Symmetry.MIRROR.value: N_("mirror symmetry"), Symmetry.NONE.value: N_("none symmetry")}
"""A generated set's symmetry as its label says it (``none symmetry``: no symmetry, as English has always said it)."""


def set_label(style: str, symmetry: str, cols: int, rows: int, seed: int) -> str:
    """The label a generated set prints in its pages' footers and PDF subject, in the text language
    (docs/crossword.md, "kitgen pattern"): ``american 15x15, rotational symmetry, seed 1`` in English,
    ``américaine 15×15, symétrie de rotation, donne 1`` in French."""
    return ", ".join((_(_SIZES[style]).format(cols=cols, rows=rows), _(_SYMMETRIES[symmetry]),
                      _("seed {seed}").format(seed=seed)))


def _fillable(rows: int, cols: int, style: str, symmetry: str, seed: int, count: int,
              opts: PatternOptions) -> Iterator[Pattern]:
    """``count`` generated patterns a fill was found for (the others from the seeded stream are passed over)."""
    from kitgen.core.errors import InputError
    from kitgen.games.crossword.formats.fill_index import fill_index
    from kitgen.games.crossword.rules.fill import generate_fillable
    from kitgen.games.crossword.rules.pattern import Pattern

    index = fill_index(_proposals(opts))
    found = generate_fillable(rows, cols, style, symmetry, seed, count, index)
    if len(found) < count:
        raise InputError(_("--fillable: only {found} of {count} {style} {cols}x{rows} patterns could be filled with "
                           "{words} (a bigger word list may fill more)").format(
            found=len(found), count=count, style=style, cols=cols, rows=rows,
            words=index.lexicon.name or _("the word list")))
    return (Pattern(grid).filled(fill.letters) for grid, fill in found)


def _layout(opts: PatternOptions) -> tuple[str | None, ...]:
    """What else changes the patterns' PDF, for its name: the count (with --from, the copies), the copies of each,
    patterns a page, the paper."""
    copies = max(opts.count, opts.copies) if opts.from_file is not None else opts.count
    each = f"each{opts.copies}" if opts.from_file is None and opts.copies > 1 else None
    return (count_variant(copies), each, per_page_variant(opts.per_page), large_print_variant(opts.large_print),
            paper_variant(opts.paper))


def _pdf(patterns: PatternSet, opts: PatternOptions) -> Streamed:
    """The patterns' PDF, written page by page as the patterns are made."""

    def write(out: BinaryIO) -> None:
        from kitgen.games.crossword.render import write_patterns

        solutions = patterns.made if opts.solution else None
        write_patterns(out, (p.blank() for p in patterns.printed()), len(patterns.names) * patterns.copies,
                       opts.paper, int(opts.per_page.value), patterns.label, patterns.seed,
                       numbered=patterns.copies == 1, solutions=solutions, large_print=opts.large_print,
                       small_squares=opts.small_squares)

    return Streamed(write)


def render_patterns(opts: PatternOptions) -> bytes:
    """The patterns' PDF: every panel a blank numbered grid, a score table and the rules in three lines."""
    return OutFile("patterns.pdf", _pdf(pattern_set(opts), opts)).content()


def _export_paths(patterns: PatternSet, target: Path, ext: str) -> list[Path]:
    """``target`` itself for one pattern, ``STEM-1.EXT`` .. ``STEM-N.EXT`` beside it for more. The name's
    extension must be the format's (``--puz x.ipuz`` is refused: a file's name says what it holds)."""
    if target.suffix.lower() != ext:
        from kitgen.core.display import escaped
        from kitgen.core.errors import InputError

        raise InputError(_("{flag} {file}: the file name must end in {ext} (the format written)").format(
            flag=f"--{ext[1:]}", file=escaped(str(target)), ext=ext))
    stem = target.with_suffix("")
    count = len(patterns.names)
    return [target] if count == 1 else [stem.parent / f"{stem.name}-{k + 1}{ext}" for k in range(count)]


def _ipuz_files(patterns: PatternSet, target: Path) -> list[OutFile]:
    """One ipuz a pattern (see ``_export_paths``)."""
    from kitgen.games.crossword.formats.ipuz import ipuz_text

    def text(k: int) -> Callable[[], bytes]:
        return lambda: ipuz_text(_exported(patterns, k), title=patterns.names[k]).encode("utf-8")

    return [OutFile(path.name, text(k), explicit=path)
            for k, path in enumerate(_export_paths(patterns, target, ".ipuz"))]


def _jpz_files(patterns: PatternSet, target: Path) -> list[OutFile]:
    """One jpz a pattern (see ``_export_paths``)."""
    from kitgen.games.crossword.formats.jpz import jpz_text

    def text(k: int) -> Callable[[], bytes]:
        return lambda: jpz_text(_exported(patterns, k), title=patterns.names[k]).encode("utf-8")

    return [OutFile(path.name, text(k), explicit=path)
            for k, path in enumerate(_export_paths(patterns, target, ".jpz"))]


def _puz_files(patterns: PatternSet, target: Path) -> list[OutFile]:
    """One Across Lite .puz a pattern (see ``_export_paths``); a barred or shaped pattern is refused first."""
    from kitgen.games.crossword.formats.puz import puz_bytes, puz_refusal

    if patterns.refusal_for_puz:
        from kitgen.core.errors import InputError

        raise InputError(f"--puz: {patterns.refusal_for_puz}")

    def data(k: int) -> Callable[[], bytes]:
        def make() -> bytes:
            pattern = _exported(patterns, k)
            why = puz_refusal(pattern)
            if why:
                from kitgen.core.errors import InputError

                raise InputError(f"--puz: {why}")
            return puz_bytes(pattern, patterns.names[k])
        return make

    paths = _export_paths(patterns, target, ".puz")
    return [OutFile(path.name, data(k), explicit=path) for k, path in enumerate(paths)]


def _exported(patterns: PatternSet, k: int) -> Pattern:
    """Pattern ``k`` as exported: a generated one is titled by its name and signed kitgen; an imported one keeps
    the publisher's metadata (its file's name standing in for a missing title)."""
    from kitgen.games.crossword.rules.pattern import Meta

    pattern = patterns.pattern(k) if patterns.filled else patterns.pattern(k).blank()
    if patterns.seed is not None:
        return replace(pattern, meta=Meta(title=patterns.names[k], author="kitgen"))
    return pattern


def _pattern(opts: PatternCommandOptions, context: Context) -> Outcome:
    """``kitgen pattern``: the PDF under ``--out`` and any ipuz where ``--ipuz`` says, or the ``--check`` report."""
    if opts.check is not None:
        return _check(opts.check, opts.style)
    from kitgen.games.crossword.formats.pattern import format_puzzle
    from kitgen.io.files import out_path

    ipuz, puz, jpz = opts.ipuz, opts.puz, opts.jpz
    patterns = pattern_set(opts, puz)
    ipuz_files = _ipuz_files(patterns, ipuz) if ipuz is not None else []
    jpz_files = _jpz_files(patterns, jpz) if jpz is not None else []
    puz_files = _puz_files(patterns, puz) if puz is not None else []
    pdf = out_path(opts.out, patterns.pdf_name)

    def document() -> dict[str, object]:
        return {"seed": patterns.seed,
                "patterns": [_pattern_json(pattern if patterns.filled else pattern.blank(), name)
                             for pattern, name in zip(patterns.made, patterns.names, strict=True)],
                "pdf": str(pdf), "ipuz": [str(f.explicit) for f in ipuz_files],
                "jpz": [str(f.explicit) for f in jpz_files], "puz": [str(f.explicit) for f in puz_files],
                "notes": list(patterns.notes)}

    def texts() -> Iterator[str]:
        yield from patterns.notes
        if opts.text:
            for pattern, name in zip(patterns.made, patterns.names, strict=True):
                yield format_puzzle(pattern if patterns.filled else pattern.blank(), name).removesuffix("\n")

    return Outcome(files=[*ipuz_files, *jpz_files, *puz_files, OutFile(pdf.name, _pdf(patterns, opts), explicit=pdf)],
                   lines=texts(), document=document)


def _pattern_json(pattern: Pattern, name: str) -> dict[str, object]:
    """One pattern in ``--json``: its name, size (columns x rows), rows, bars, marks, lights and metadata."""
    grid = pattern.grid
    return {"name": name, "size": pattern.size, "cols": grid.cols, "rows": list(grid.text_rows),
            "bars": [[r, c, side] for (r, c), side in sorted(grid.bars)], "circled": [list(c) for c in pattern.circled],
            "shaded": [list(c) for c in pattern.shaded], "lights": len(grid.lights), "meta": dict(pattern.meta.items()),
            "diagramless": pattern.diagramless, "diagram_from_solution": pattern.diagram_from_solution}


def _check(path: Path, style: Style | None) -> Outcome:
    """The legality report of ``--check FILE``: by the tradition named (exit 1 if it finds an error), or, with
    no ``--style``, barred for a barred grid and both blocked traditions otherwise (exit 0)."""
    from kitgen.games.crossword.formats.pattern import load_puzzle
    from kitgen.games.crossword.rules.style import report

    pattern = load_puzzle(path)
    judged = report(pattern.grid, (style.value,) if style else None)
    broken = style is not None and judged.has_errors(style.value)
    notes = [f"  note: {note}" for note in pattern.notes]
    document = {**judged.as_json(), "notes": list(pattern.notes)}
    return Outcome(lines=[f"{path}:", *(f"  {line}" for line in judged.lines()), *notes], document=document,
                   exit_code=1 if broken else 0)


# -- kitgen verify crossword ------------------------------------------------------------

RECORD_FILE = Option("record", Path, None, "A crossword game record (pattern:, players:, one turn a line).",
                     argument=True, required=True)
INK = Option("ink", bool, False, "Ink mode: a misspelt or ill-fitting entry stands, scores nothing and costs 10.")
HINTS = Option("hints", bool, False, "Show the best three entries available at each turn.")
HINT_COUNT = 3
LEVEL = Option("level", int, 3, "How well the computer plays: 1 (any light that takes a word) to 5 (always the best "
               "entry).", minimum=1, maximum=5)


class RecordOptions(Options):
    """``kitgen verify crossword``'s options besides the record itself."""

    words: Path | None = opt(WORDS)
    lang: LangCode = opt(LANG)
    two_cell_ij: bool = opt(TWO_CELL_IJ)
    ink: bool = opt(INK)
    hints: bool = opt(HINTS)
    all_words: bool = opt(ALL_WORDS)


class OpponentOptions(Options):
    """The computer player's options (``api.reply``, the web app's "play against the computer")."""

    level: int = opt(LEVEL)
    words: Path | None = opt(WORDS)
    lang: LangCode = opt(LANG)
    two_cell_ij: bool = opt(TWO_CELL_IJ)


def read_record(text: str, source: str, opts: RecordOptions) -> Record:
    """The record, parsed (``FILE:LINE:COL`` errors); a ``pattern:`` file is looked for beside ``source``, and
    refused when ``source`` is no file (``<request>``: a web request never names a file on the server)."""
    from kitgen.core.text import TextSource
    from kitgen.games.base import from_no_file
    from kitgen.games.crossword.formats.record import parse_record

    return parse_record(TextSource(source, text), None if from_no_file(source) else Path(source))


def verify_record(record: Record, opts: RecordOptions, context: Context) -> Verdict[Replay]:
    """The record kind's verify (``check_record``)."""
    return check_record(record, opts)


def check_record(record: Record, opts: RecordOptions) -> Verdict[Replay]:
    """Replay every turn: each entry's legality, the scores, the bonus and the winner; a broken record keeps its
    game up to the broken turn, with the refusal's code (docs/crossword.md, rulings) at the turn's line and column
    as its problem. Any word of the lexicon is a legal entry; ``--hints`` offer only what a fill would propose
    (``Lexicon.for_fills``: no English phrase no text counted; docs/crossword.md, ruling 10)."""
    from kitgen.games.crossword.formats.record import format_table
    from kitgen.games.crossword.rules.record import replay

    lexicon = lexicon_for(opts.words, opts.lang, cells=not opts.two_cell_ij)
    done = replay(record, lexicon, ink=opts.ink, hints=HINT_COUNT if opts.hints else 0,
                  proposals=lexicon.proposals(opts.all_words).for_fills())
    problems = (Problem.of(done.broken),) if done.broken is not None else ()
    return Verdict(NAME, NAME, done, "\n".join(format_table(done)), problems)


def computer_turn(record: Record, values: OptionValues) -> dict[str, Any]:
    """The computer's turn after the record's last turn (docs/crossword.md, ruling 9): ``{"line", "player",
    "light", "word", "score"}``, the line as the record would hold it."""
    return next_turn(record, OpponentOptions.of(values))


def next_turn(record: Record, opts: OpponentOptions) -> dict[str, Any]:
    """``computer_turn`` of the typed options. The record is replayed by the same referee as ``verify crossword``
    (``check_record``: any word of the lexicon is a legal entry, so a word of the classroom-safe list a player
    wrote stands); the computer itself writes only words a fill may propose (the classroom-safe list and the
    English phrases no text counted left out, ``Lexicon.for_fills``; docs/crossword.md, rulings 9 and 10)."""
    from kitgen.games.crossword.rules.opponent import position, reply

    lexicon = lexicon_for(opts.words, opts.lang, cells=not opts.two_cell_ij)
    return reply(position(record, lexicon), lexicon.proposals().for_fills(), opts.level).as_json()


RECORD = RecordKind(NAME, "Replay a crossword game record: every entry's legality, the scores, the bonus and the "
                    "winner.\n\nExit 1 with RECORD:LINE:COL if an entry breaks a rule; exit 2 if the record is "
                    "malformed.", (RECORD_FILE, *RecordOptions.declared()), read_record, verify_record,
                    opponent=Opponent(OpponentOptions.declared(), computer_turn), options_type=RecordOptions,
                    check_page=CheckPage("check_crossword.html", "Play or check a game", setup_command="pattern",
                                         setup_hidden=("count", "rows", "cols")))  # one pattern, square


# -- the kit -----------------------------------------------------------------------------

def _kit_components(kit: KitSettings) -> bytes:
    from kitgen.games.crossword.render import kit_components

    return kit_components(kit.paper, kit.seed, kit.players)


GAME = Game(
    name=NAME,
    title=N_("Crossword"),
    seed_document="crossword-game.txt",
    docs="docs/crossword.md",
    order=10,
    kit=KitSpec(
        tagline=N_("Fill a blank newspaper pattern in turn: length times links."),
        players=N_("2 players (more may play in turn)"),
        contents=(N_("Rules"), N_("Blank numbered crossword patterns, each with a two-player score table")),
        print_notes=(N_("Print the pattern pages on plain paper, one game a pattern."),
                     N_("Write in pencil, or play in ink with the ink rule (a mistake stands and costs 10).")),
        card_stock=(),
        components=_kit_components,
        document_cost=4,
    ),
    components=(Component("patterns", N_("Blank numbered patterns, each with a score table and the rules"),
                          PATTERN_OPTIONS, typed(PatternOptions, render_patterns), command="pattern",
                          counts="patterns", varies=True),),
    records=(RECORD,),
    commands=(
        Command("pattern", Group.TOP, "Blank numbered crossword patterns: generate (--style, --symmetry, --seed, "
                "--count), import (--from), export (--ipuz), print (PDF with a score table), or check one "
                "(--check FILE).\n\nWith --json, print {\"seed\", \"patterns\": [{\"name\", \"rows\", \"lights\"}], "
                "\"pdf\", \"ipuz\": [...]}, or the legality report with --check, instead of \"wrote\" lines.",
                COMMAND_OPTIONS, typed(PatternCommandOptions, _pattern), writes=True, result=True),
    ),
)
