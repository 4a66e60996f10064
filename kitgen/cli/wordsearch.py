"""``kitgen sheet``, ``kitgen deal wordsearch`` and ``kitgen verify wordsearch`` (issue 4).

Parse options, call the rules, write, print. No rules here (see ``kitgen.games.wordsearch.rules``).
"""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import Annotated, Any

import typer

from kitgen.cli.options import ForceOpt, JsonOpt, OutOpt, PaperOpt, QuietOpt, SeedOpt, WordsOpt, check_count, wrote
from kitgen.io.pdf import Paper

BookOpt = Annotated[
    Path | None,
    typer.Option("--book", help="A text file read in order as the 'book': the first word of each non-blank line "
                                "is one page (one turn).", dir_okay=False),
]


class PerPage(str, Enum):
    one = "1"
    two = "2"
    four = "4"


def _deal(seed: int | None, book: Path | None, required: bool = False) -> tuple[list[str] | None, str]:
    """The 25 turn words from ``--book`` or deal ``--seed``, and a label saying which."""
    from kitgen.core.random import check_seed
    from kitgen.games.wordsearch.rules.book import book_words, deal_words

    if book is not None:
        return book_words(book), f"book {book.name}"
    if seed is not None:
        return deal_words(check_seed(seed)), f"deal {seed}"
    if required:
        from kitgen.core.errors import InputError

        raise InputError("give --seed N (a deal number) or --book FILE")
    return None, ""


# -- kitgen deal wordsearch ---------------------------------------------------------

def deal(
    seed: SeedOpt = None,
    book: BookOpt = None,
    json: JsonOpt = False,
    par: Annotated[bool, typer.Option("--par", help="Search for the best sheet this deal allows (the par).")] = False,
    seconds: Annotated[float, typer.Option("--seconds", min=0.1, max=600.0,
                                           help="How long the par search runs.")] = 2.0,
    words: WordsOpt = None,
    quiet: QuietOpt = False,
) -> None:
    """The 25 words of a seeded Make a Wordsearch deal (or of --book FILE), one a turn; --par finds a par score."""
    import json as jsonlib

    from kitgen.core.normalize import normalize
    from kitgen.games.wordsearch.rules import target_line

    dealt, label = _deal(seed, book, required=True)
    assert dealt is not None
    result: dict[str, Any] = {"game": "wordsearch", "seed": seed if book is None else None,
                              "book": str(book) if book is not None else None,
                              "words": [w.lower() for w in dealt],
                              "lines": [target_line(len(normalize(w))) for w in dealt]}
    found = None
    if par:
        from kitgen.cli.options import lexicon
        from kitgen.games.wordsearch.rules import index_for
        idx = index_for(lexicon(words))
        found = _par(dealt, idx, seconds, seed or 0, quiet or json)
        score = idx.score(found.cells)
        result["par"] = {"score": score.total, "boxes": score.boxes, "bonus": score.bonus,
                         "grid": found.rows, "seconds": round(found.seconds, 3), "evaluations": found.evaluations,
                         "log": [{"turn": t.number, "word": t.word.lower(), "letter": t.letter, "row": t.row,
                                  "col": t.col} for t in found.turns],
                         "words": [{"word": f.word, "cells": [list(c) for c in f.cells]} for f in score.words]}
    if json:
        typer.echo(jsonlib.dumps(result, indent=2))
        return
    typer.echo(f"Make a Wordsearch, {label}: one word a turn (length -> line)")
    for n, (w, line) in enumerate(zip(result["words"], result["lines"]), start=1):
        length = len(normalize(w))
        typer.echo(f"{n:>3}  {w:<18} {length:>2} {'letter ' if length == 1 else 'letters'} -> line {line}")
    if found is not None:
        from kitgen.cli.options import lexicon
        from kitgen.games.wordsearch.rules import index_for

        idx = index_for(lexicon(words))
        typer.echo("")
        typer.echo(f"Par: {result['par']['score']} points (best found in {found.seconds:.1f} s, "
                   f"{found.evaluations:,} sheets tried)")
        _print_score(idx.score(found.cells), found.rows)
        typer.echo("Turn log of the par sheet:")
        for t in found.turns:
            typer.echo(f"  {t.number} {t.word.lower()} {t.letter} {t.row} {t.col}")


# -- kitgen verify wordsearch ------------------------------------------------------

def _print_score(score, rows: list[str]) -> None:  # type: ignore[no-untyped-def]
    """The grid with counted boxes in bold capitals and unused boxes in dim lower case, then the words."""
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    console = Console(highlight=False, soft_wrap=True)
    used = score.used
    grid = Table(show_header=True, header_style="dim", box=None, padding=(0, 1), show_edge=False)
    grid.add_column("line", justify="right", style="dim")
    for c in range(1, 6):
        grid.add_column(str(c), justify="center")
    for r, row in enumerate(rows, start=1):
        cells = []
        for c, ch in enumerate(row, start=1):
            if (r, c) in used:
                cells.append(Text(ch, style="bold green"))
            else:
                cells.append(Text(ch.lower(), style="dim"))
        grid.add_row(str(r), *cells)
    console.print(grid)
    console.print("[dim](capitals: boxes used in a counted word; lower case: unused)[/dim]")
    if score.words:
        words = Table(box=None, padding=(0, 2), show_edge=False, header_style="bold")
        words.add_column("word")
        words.add_column("cells (row,col)")
        words.add_column("bonus", justify="right")
        for f in score.words:
            name = f.word + (f" / {f.also}" if f.also else "")
            cells = " ".join(f"{r},{c}" for r, c in f.cells)
            words.add_row(name, cells, f"+{f.bonus}" if f.bonus and not score.tutorial else "")
        console.print(words)
    else:
        console.print("no words")
    console.print(f"boxes used        {score.boxes:>3} / 25")
    if not score.tutorial:
        console.print(f"4-letter words    {score.fours:>3}   +{score.fours}")
        console.print(f"5-letter words    {score.fives:>3}   +{3 * score.fives}")
    label = "total (tutorial: boxes only)" if score.tutorial else "total"
    line = f"[bold]{label}  {score.total}[/bold]"
    if score.super_great:
        line += "   super-great! (40 or more)"
    console.print(line)


def verify(
    sheet: Annotated[Path, typer.Argument(help="A typed-back 5x5 sheet (five lines of five letters, then an "
                                               "optional turn log 'turn word letter row col').")],
    words: WordsOpt = None,
    json: JsonOpt = False,
    tutorial: Annotated[bool, typer.Option("--tutorial", help="Tutorial scoring: boxes only, no bonuses.")] = False,
    deal_seed: Annotated[int | None, typer.Option("--deal", help="The deal the sheet was played with: its words "
                                                     "check the turn log (or, with no log, that some legal "
                                                     "order makes the grid).")] = None,
    book: BookOpt = None,
    par: Annotated[bool, typer.Option("--par", help="Also search for the deal's par score and show it beside "
                                                    "this sheet's (needs --deal or --book).")] = False,
    seconds: Annotated[float, typer.Option("--seconds", min=0.1, max=600.0,
                                           help="How long the par search runs.")] = 2.0,
    quiet: QuietOpt = False,
) -> None:
    """Score a finished Make a Wordsearch sheet and check its turn log (exit 1 if a rule is broken)."""
    import json as jsonlib

    from kitgen.cli.options import lexicon
    from kitgen.core.errors import RuleBroken
    from kitgen.games.wordsearch.formats.sheet import read_sheet
    from kitgen.games.wordsearch.rules import index_for, reconstruct, replay

    parsed = read_sheet(sheet)
    dealt, label = _deal(deal_seed, book)
    if par and dealt is None:
        from kitgen.core.errors import InputError

        raise InputError("--par needs the deal: give --deal N or --book FILE")
    idx = index_for(lexicon(words))
    score = idx.score(parsed.cells, tutorial=tutorial)
    found_par = None
    if par:
        assert dealt is not None
        found_par = _par(dealt, idx, seconds, deal_seed or 0, quiet or json, tutorial)

    broken: RuleBroken | None = None
    log = list(parsed.turns)
    checked = "no turn log"
    try:
        if parsed.turns:
            replay(parsed.cells, parsed.turns, dealt)
            checked = f"turn log legal ({len(parsed.turns)} turns" + (f", {label})" if dealt else ")")
        elif dealt is not None:
            found = reconstruct(parsed.cells, dealt)
            if found.turns is not None:
                log = list(found.turns)
                checked = f"a legal turn order makes this grid from {label}"
            elif found.decided:
                raise RuleBroken(f"no order of {label}'s words makes this grid under the line rule",
                                 parsed.grid_where)
            else:
                checked = f"could not decide whether {label} makes this grid (search budget spent)"
    except RuleBroken as exc:
        broken = exc

    if json:
        result: dict[str, Any] = {
            "score": score.total, "boxes": score.boxes, "bonus": 0 if tutorial else score.bonus,
            "tutorial": tutorial, "super_great": score.super_great,
            "words": [{"word": f.word, "cells": [list(c) for c in f.cells], "also": f.also,
                       "bonus": 0 if tutorial else f.bonus} for f in score.words],
            "grid": parsed.rows,
            "legal": None if (not parsed.turns and dealt is None) else broken is None,
            "broken": str(broken) if broken else None,
            "log": [{"turn": t.number, "word": t.word, "letter": t.letter, "row": t.row, "col": t.col}
                    for t in log],
        }
        if found_par is not None:
            result["par"] = {"score": found_par.score, "grid": found_par.rows,
                             "seconds": round(found_par.seconds, 3), "evaluations": found_par.evaluations}
        typer.echo(jsonlib.dumps(result, indent=2))
    else:
        _print_score(score, parsed.rows)
        if broken is None:
            typer.echo(checked)
        if found_par is not None:
            typer.echo(f"par for {label}: {found_par.score} (best sheet found in {found_par.seconds:.1f} s); "
                       f"this sheet: {score.total}")
    if broken is not None:
        raise broken


def _par(dealt: list[str], idx: Any, seconds: float, seed: int, quiet: bool, tutorial: bool = False) -> Any:
    """The par search with a progress bar (on a terminal, without --quiet/--json): time, best score so far."""
    from kitgen.cli.progress import progress
    from kitgen.games.wordsearch.rules.par import search_par

    with progress("par search", seconds, quiet=quiet, unit="s") as update:
        report = (lambda t, best: update(min(t, seconds), f"par search: best {best}")) if update else None
        return search_par(dealt, idx, seconds=seconds, seed=seed, tutorial=tutorial, progress=report)


# -- kitgen sheet -----------------------------------------------------------------

def sheet(
    seed: SeedOpt = None,
    book: BookOpt = None,
    count: Annotated[int, typer.Option("--count", help="How many sheets (1..1000).")] = 1,
    per_page: Annotated[PerPage, typer.Option("--per-page", help="Sheets a page: 1, 2 or 4.")] = PerPage.one,
    paper: PaperOpt = Paper.a4,
    out: OutOpt = None,
    force: ForceOpt = False,
) -> None:
    """Printable 5x5 Make a Wordsearch score sheets; with --seed N (or --book FILE) the deal's 25 words are
    printed in the turn log so a group plays the same game."""
    from kitgen.games.wordsearch.render import render_sheets
    from kitgen.io.files import out_path

    check_count(count)
    dealt, label = _deal(seed, book)
    name = f"wordsearch-sheet-{seed}.pdf" if seed is not None and book is None else "wordsearch-sheet.pdf"
    path = out_path(out, name)
    render_sheets(path, paper=paper, count=count, per_page=int(per_page.value), words=dealt, label=label,
                  seed=seed, force=force)
    wrote(path)


def register(app: typer.Typer, deal_app: typer.Typer, verify_app: typer.Typer) -> None:
    app.command("sheet")(sheet)
    deal_app.command("wordsearch")(deal)
    verify_app.command("wordsearch")(verify)
