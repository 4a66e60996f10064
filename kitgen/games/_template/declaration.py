"""The template game declared once: options, a component, a deal, a record kind and its kit.

Copy the package, rename ``NAME`` below, and replace the rules; the CLI
(``kitgen sheet-template``, ``kitgen deal template``, ``kitgen verify template``),
the API and ``kitgen kit`` pick the game up with no edit elsewhere.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from kitgen.games.base import (
    PAPER,
    SEED,
    Command,
    Component,
    Context,
    Deal,
    DealVariant,
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
    Verdict,
    opt,
    typed,
)
from kitgen.io.pdf import Paper

if TYPE_CHECKING:
    from .formats import Record
    from .rules import ScoreSheet

NAME = __name__.split(".")[-2].lstrip("_").replace("_", "-")
"""The game's name: the package's name (``my_game`` -> ``my-game``)."""

RECORD_FILE = Option("record", Path, None, "The record: 'seed: N' then one word a line.", argument=True,
                     required=True)




class SheetOptions(Options):
    """The sheet's options, typed: game code reads ``opts.seed``; each field is declared by its ``Option``."""

    seed: int | None = opt(SEED)
    paper: Paper = opt(PAPER)


class DealOptions(Options):
    """The deal's options."""

    seed: int | None = opt(SEED)


def _hand(opts: DealOptions, context: Context) -> Deal:
    from .rules import deal

    return deal(opts.seed or 0, NAME)


def render_sheet(opts: SheetOptions) -> bytes:
    from .render import sheet_pdf
    from .rules import deal

    return sheet_pdf(deal(opts.seed or 0, NAME), opts.paper)


class RecordOptions(Options):
    """The record kind's options (none yet: the record names its deal); ``read`` and ``verify`` are given them."""


def read(text: str, source: str, opts: RecordOptions) -> Record:
    from .formats import parse

    return parse(text, source)


def verify(record: Record, opts: RecordOptions, context: Context) -> Verdict[ScoreSheet]:
    """Score every word against the record's deal; each word the hand cannot make is a problem."""
    from .rules import NotInHand, ScoreSheet, deal, score

    hand, total, problems = deal(record.seed, NAME), 0, []
    for word, where in record.words:
        try:
            total += score(hand, word, where)
        except NotInHand as exc:
            problems.append(Problem.of(exc))
    return Verdict(NAME, NAME, ScoreSheet(total, tuple(w for w, _ in record.words)), f"score: {total}",
                   tuple(problems))


def _sheet(opts: SheetOptions, context: Context) -> Outcome:
    return Outcome(files=[OutFile(f"{NAME}-sheet-{opts.seed or 0}-{opts.paper.value}.pdf",
                                  lambda: render_sheet(opts))])


def _kit_components(kit: KitSettings) -> bytes:
    return render_sheet(SheetOptions(seed=kit.seed, paper=kit.paper))


SHEET_OPTIONS = SheetOptions.declared()

GAME = Game(
    name=NAME,
    title="Template game",
    seed_document="(your game's seed document)",
    docs=f"docs/{NAME}.md",
    order=1000,
    kit=KitSpec(tagline="A game to copy.", players="1 player", contents=("Rules", "A score sheet"),
                print_notes=("Print on plain paper.",), components=_kit_components,
                rules_template=f"{__name__.split('.')[-2]}/rules.html", document_cost=1),
    components=(Component("sheet", "A score sheet with the dealt hand", SHEET_OPTIONS,
                          typed(SheetOptions, render_sheet), command=f"sheet-{NAME}"),),
    deals=(DealVariant(NAME, "A seeded hand of seven letters.", DealOptions.declared(), typed(DealOptions, _hand)),),
    records=(RecordKind(NAME, "Score a template-game record.", (RECORD_FILE,), read, verify,
                        options_type=RecordOptions),),
    commands=(Command(f"sheet-{NAME}", Group.TOP, "A template-game score sheet.", SHEET_OPTIONS,
                      typed(SheetOptions, _sheet), writes=True),),
)
