"""``kitgen pattern`` and ``kitgen verify crossword`` (issue 3). Parse options, call, write, print."""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import Annotated

import typer

from kitgen.cli.options import ForceOpt, JsonOpt, OutOpt, PaperOpt, SeedOpt, WordsOpt, check_count, wrote
from kitgen.io.pdf import Paper


class Style(str, Enum):
    american = "american"
    british = "british"


class Symmetry(str, Enum):
    rotational = "rotational"
    quarter = "quarter"
    mirror = "mirror"
    none = "none"


class PerPage(str, Enum):
    one = "1"
    two = "2"
    four = "4"


def _side(value: int, what: str) -> int:
    from kitgen.core.errors import InputError
    from kitgen.core.grid import MAX_SIDE, MIN_SIDE

    if not MIN_SIDE <= value <= MAX_SIDE:
        raise InputError(f"{what} must be between {MIN_SIDE} and {MAX_SIDE} (got {value})")
    return value


def pattern(
    size: Annotated[int, typer.Option("--size", help="Rows and columns of a square pattern (3..63).")] = 15,
    rows: Annotated[int | None, typer.Option("--rows", help="Rows (3..63), overriding --size.")] = None,
    cols: Annotated[int | None, typer.Option("--cols", help="Columns (3..63), overriding --size.")] = None,
    style: Annotated[Style | None, typer.Option("--style", help="british (blocked cryptic, the default) or "
                                                   "american (every cell checked).")] = None,
    symmetry: Annotated[Symmetry, typer.Option("--symmetry", help="rotational (180), quarter (90), mirror or none."
                                               )] = Symmetry.rotational,
    count: Annotated[int, typer.Option("--count", help="How many patterns (1..1000); with --from, how many "
                                       "copies to print.")] = 1,
    seed: SeedOpt = None,
    from_file: Annotated[Path | None, typer.Option("--from", help="Print this pattern (.txt, .ipuz or .puz) "
                                                      "instead of generating; letters are blanked.",
                                                      dir_okay=False)] = None,
    ipuz: Annotated[Path | None, typer.Option("--ipuz", help="Also export ipuz here (with --count N: "
                                                 "STEM-1.ipuz .. STEM-N.ipuz).", dir_okay=False)] = None,
    check: Annotated[Path | None, typer.Option("--check", help="Report a pattern's legality instead "
                                                  "(exit 1 if it breaks --style when given).",
                                                  dir_okay=False)] = None,
    per_page: Annotated[PerPage, typer.Option("--per-page", help="Patterns a page: 1, 2 or 4.")] = PerPage.one,
    paper: PaperOpt = Paper.a4,
    out: OutOpt = None,
    json: JsonOpt = False,
    text: Annotated[bool, typer.Option("--text", help="Print each pattern as text too.")] = False,
    force: ForceOpt = False,
) -> None:
    """Blank numbered crossword patterns: generate (--style, --symmetry, --seed, --count), import (--from),
    export (--ipuz), print (PDF with a score table), or check one (--check FILE).

    With --json, print {"patterns": [{"name", "rows", "lights"}], "pdf", "ipuz": [...]} instead of "wrote" lines."""
    if check is not None:
        _check(check, style, json)
        return
    style = style or Style.british
    from kitgen.core.random import check_seed
    from kitgen.games.crossword.formats.pattern import format_pattern, load_pattern
    from kitgen.io.files import out_path, write_text

    check_count(count)
    if from_file is not None:
        grids = [load_pattern(from_file).blank()]
        if not grids[0].lights:
            from kitgen.core.errors import InputError, Location

            raise InputError("the pattern has no light (no run of two or more white cells) to print",
                             Location(str(from_file)))
        label = f"pattern from {from_file.name}"
        names = [from_file.stem]
        default_name = f"pattern-{from_file.stem}.pdf"
        seed_used = None
    else:
        from kitgen.games.crossword.rules.generate import generate_many

        r = _side(rows if rows is not None else size, "--rows" if rows is not None else "--size")
        c = _side(cols if cols is not None else size, "--cols" if cols is not None else "--size")
        seed_used = check_seed(seed if seed is not None else 1)
        grids = generate_many(r, c, style.value, symmetry.value, seed_used, count)
        label = f"{style.value} {r}x{c}, {symmetry.value} symmetry, seed {seed_used}"
        names = [f"{style.value}-{r}x{c}-seed{seed_used}" + (f"-{k + 1}" if count > 1 else "") for k in range(count)]
        default_name = f"pattern-{style.value}-{r}x{c}-seed{seed_used}.pdf"
    if text and not json:
        for k, grid in enumerate(grids):
            typer.echo(format_pattern(grid, names[k]), nl=False)
    written: list[Path] = []
    if ipuz is not None:
        from kitgen.games.crossword.formats.ipuz import ipuz_text

        stem = ipuz.with_suffix("") if ipuz.suffix.lower() == ".ipuz" else ipuz
        for k, grid in enumerate(grids):
            target = ipuz if len(grids) == 1 else stem.parent / f"{stem.name}-{k + 1}.ipuz"
            write_text(target, ipuz_text(grid, title=names[k]), force=force)
            written.append(target)
    from kitgen.games.crossword.render import write_patterns_pdf

    target = out_path(out, default_name)
    # with --from, --count N prints N copies (a class set of one newspaper pattern)
    printed = grids * count if from_file is not None else grids
    write_patterns_pdf(target, printed, paper, per_page=int(per_page.value), label=label, seed=seed_used, force=force)
    if json:
        import json as jsonlib

        typer.echo(jsonlib.dumps({
            "seed": seed_used,
            "patterns": [{"name": names[k], "rows": list(g.text_rows), "lights": len(g.lights)}
                         for k, g in enumerate(grids)],
            "pdf": str(target), "ipuz": [str(p) for p in written]}, indent=2))
        return
    for path in (*written, target):
        wrote(path)


def _check(path: Path, style: Style | None, as_json: bool) -> None:
    import json as jsonlib

    from kitgen.games.crossword.formats.pattern import load_pattern
    from kitgen.games.crossword.rules.style import STYLES, report

    grid = load_pattern(path)
    rep = report(grid, (style.value,) if style else STYLES)
    if as_json:
        typer.echo(jsonlib.dumps(rep.as_json(), indent=2))
    else:
        typer.echo(f"{path}:")
        for line in rep.lines():
            typer.echo(f"  {line}")
    if style is not None and rep.styles[style.value]:
        raise typer.Exit(1)


def verify(
    record: Annotated[Path, typer.Argument(help="A crossword game record (pattern:, players:, one turn a line).",
                                           dir_okay=False)],
    words: WordsOpt = None,
    json: JsonOpt = False,
    ink: Annotated[bool, typer.Option("--ink", help="Ink mode: a misspelt or ill-fitting entry stands, "
                                      "scores nothing and costs 10.")] = False,
    hints: Annotated[bool, typer.Option("--hints", help="Show the best three entries available at each turn.")
                     ] = False,
) -> None:
    """Replay a crossword game record: every entry's legality, the scores, the bonus and the winner.

    Exit 1 with RECORD:LINE:COL if an entry breaks a rule; exit 2 if the record is malformed."""
    import json as jsonlib

    from kitgen.cli.options import lexicon
    from kitgen.games.crossword.formats.record import format_table, read_record, replay

    rec = read_record(record)
    done = replay(rec, lexicon(words), ink=ink, hints=3 if hints else 0)
    if json:
        typer.echo(jsonlib.dumps(done.as_json(), indent=2))
    else:
        for line in format_table(done):
            typer.echo(line)


def register(app: typer.Typer, deal_app: typer.Typer, verify_app: typer.Typer) -> None:
    app.command("pattern")(pattern)
    verify_app.command("crossword")(verify)
