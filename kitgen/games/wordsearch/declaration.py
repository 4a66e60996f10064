"""Make a Wordsearch declared once (docs/wordsearch.md): its kit, options, components, deals and records.

``kitgen sheet`` prints score sheets (the ``sheet`` component), ``kitgen deal
wordsearch`` deals 25 words and ``kitgen verify wordsearch`` scores a typed-back
sheet and checks its turn log. Both of the latter may run a par search, so they
are declared as commands of their own, to show its progress bar; the deal and
the record are declared too, for the API and the web app.

Heavy modules are imported inside the functions, so listing the games stays fast.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from kitgen.core.errors import InputError
from kitgen.core.i18n import N_, _
from kitgen.core.language import ENGLISH, LangCode, Language
from kitgen.games.base import (
    ALL_WORDS,
    COUNT,
    LANG,
    LARGE_PRINT,
    MAX_SEED,
    PAPER,
    SEED,
    TWO_CELL_IJ,
    WORDS,
    CheckPage,
    Command,
    Component,
    Context,
    DealVariant,
    DealWork,
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
    Survey,
    Tally,
    Verdict,
    cells_language,
    count_variant,
    lang_variant,
    large_print_variant,
    lexicon_for,
    opt,
    output_name,
    paper_variant,
    per_page_variant,
    proposals_for,
    required,
    typed,
)
from kitgen.games.wordsearch.options import PER_PAGE, PerPage
from kitgen.io.pdf import Paper

if TYPE_CHECKING:
    from kitgen.games.wordsearch.formats.results import Dealt, ParSheet, SheetResult, WordsearchDeal
    from kitgen.games.wordsearch.formats.sheet import Sheet
    from kitgen.games.wordsearch.rules.par import ParAndBound
    from kitgen.games.wordsearch.rules.scoring import WordIndex


BOOK = Option("book", Path, None, "A text file read in order as the 'book': the first word of each non-blank line "
              "is one page (one turn).",
              web_help=N_("A text of your own to take the words from, in order: the first word of each line is one "
                          "turn."))
SHEET_COUNT = dataclasses.replace(COUNT, help="How many sheets (1..1000).")
MAX_BUDGET = 10_000_000
"""The largest ``--budget``: a hundred times the default (docs/wordsearch.md: about 2-3 minutes of search)."""
BUDGET = Option("budget", int, 100_000, "Steps of the par search (changes tried): the same deal, budget and word "
                "list give the same par on every machine; a larger budget never a lower one (at most 10,000,000: "
                "about 2-3 minutes).", minimum=1, maximum=MAX_BUDGET,
                web_help=N_("How hard Par searches: a bigger number can find a better sheet but takes longer. The "
                            "same number gives the same par on every computer."))
SECONDS = Option("seconds", float, None, "A time cap on the par search: it stops there if the budget is not spent "
                 "by then (the par then depends on the machine, and says so).", minimum=0.1, maximum=600.0,
                 web_help=N_("Stop Par's search after this many seconds (then the par may differ from one computer "
                             "to another)."))
DEAL_PAR = Option("par", bool, False, "Search for the best sheet this deal allows (the par).")
PROVE = Option("prove", bool, False, "With --par: then search exactly for a better sheet, up to --budget nodes more "
               "(minutes), until the par is proven best or the budget ends; the bound it proves is shown.",
               cli_only=True, web_help=N_("After Par, keep searching for a better sheet until the par is proven "
                                          "the best (this can take minutes)."))
MAX_EXACT = 3600.0
"""The longest ``--exact``: an hour of the exact model's deterministic time."""
EXACT = Option("exact", float, None, "With --par: then ask the exact CP-SAT model (the par extra: pip install "
               "'kitgen[par]') for a better sheet and a proof, for at most SECONDS of its deterministic time on one "
               "worker (the same answer on every machine).", minimum=1.0, maximum=MAX_EXACT, cli_only=True)
VERIFY_PAR = Option("par", bool, False, "Also search for the deal's par score and show it beside this sheet's "
                    "(needs --deal or --book).",
                    web_help=N_("Also find the best score this deal allows, to show beside this sheet's (needs the "
                                "deal number or a book)."))
SHEET = Option("sheet", Path, None, "A typed-back 5x5 sheet (five lines of five letters, then an optional turn log "
               "'turn word letter row col').", argument=True, required=True)
TUTORIAL = Option("tutorial", bool, False, "Tutorial scoring: boxes only, no bonuses.",
                  web_help=N_("For a first game: one point a box used, and no bonus for long words."))
MIN_LENGTH = Option("min_length", int, 3, "The shortest words that score: 3 by the rules, 2 for a player who "
                    "struggles (a 2-letter word scores its boxes, no bonus).", minimum=2, maximum=3,
                    web_help=N_("The shortest words that score: 3 by the rules, 2 for a player who finds short "
                                "words hard (a 2-letter word scores its boxes, no bonus)."))
DEAL = Option("deal", int, None, "The deal the sheet was played with: its words check the turn log (or, with no "
              "log, that some legal order makes the grid).", minimum=0, maximum=MAX_SEED,
              web_help=N_("The deal number the sheet was played with: its words check the turn log."))

DEAL_HELP = "The 25 words of a seeded Make a Wordsearch deal (or of --book FILE), one a turn; --par finds a par score."
VERIFY_HELP = "Score a finished Make a Wordsearch sheet and check its turn log (exit 1 if a rule is broken)."
SHEET_HELP = ("Printable 5x5 Make a Wordsearch score sheets; with --seed N (or --book FILE) the deal's 25 words are "
              "printed in the turn log so a group plays the same game.")



class SheetOptions(Options):
    """``kitgen sheet``: score sheets, a deal's (or book's) words in the turn log."""

    seed: int | None = opt(SEED)
    book: Path | None = opt(BOOK)
    lang: LangCode = opt(LANG)
    two_cell_ij: bool = opt(TWO_CELL_IJ)
    count: int = opt(SHEET_COUNT)
    per_page: PerPage = opt(PER_PAGE)
    large_print: bool = opt(LARGE_PRINT)
    paper: Paper = opt(PAPER)


class DealOptions(Options):
    """``kitgen deal wordsearch``: the 25 words of a deal and, with ``--par``, its best sheet."""

    seed: int | None = opt(SEED)
    book: Path | None = opt(BOOK)
    lang: LangCode = opt(LANG)
    two_cell_ij: bool = opt(TWO_CELL_IJ)
    par: bool = opt(DEAL_PAR)
    prove: bool = opt(PROVE)
    exact: float | None = opt(EXACT)
    budget: int = opt(BUDGET)
    seconds: float | None = opt(SECONDS)
    words: Path | None = opt(WORDS)
    all_words: bool = opt(ALL_WORDS)


class VerifyOptions(Options):
    """The wordsearch record kind's options besides the sheet itself."""

    words: Path | None = opt(WORDS)
    lang: LangCode = opt(LANG)
    two_cell_ij: bool = opt(TWO_CELL_IJ)
    tutorial: bool = opt(TUTORIAL)
    min_length: int = opt(MIN_LENGTH)
    deal: int | None = opt(DEAL)
    book: Path | None = opt(BOOK)
    par: bool = opt(VERIFY_PAR)
    budget: int = opt(BUDGET)
    seconds: float | None = opt(SECONDS)
    all_words: bool = opt(ALL_WORDS)


class VerifyCommandOptions(VerifyOptions):
    """``kitgen verify wordsearch SHEET``."""

    sheet: Path = dataclasses.field(metadata=required(SHEET))


SHEET_OPTIONS = SheetOptions.declared()
DEAL_OPTIONS = DealOptions.declared()
VERIFY_OPTIONS = (SHEET, *VerifyOptions.declared())


# -- the words of a game: a seeded deal or a book ------------------------------------

class NoDealGiven(InputError):
    """A command that needs the deal's words got neither ``--seed``/``--deal`` nor ``--book``."""


def dealt_words(seed: int | None, book: Path | None, lang: Language = ENGLISH) -> Dealt | None:
    """The 25 turn words from ``--book`` (first) or deal ``seed`` of ``lang``'s book; None when neither is
    given."""
    from kitgen.games.wordsearch.formats.book import book_words
    from kitgen.games.wordsearch.formats.results import Dealt
    from kitgen.games.wordsearch.rules.book import book_deal

    if book is not None:
        return Dealt(tuple(book_words(book, lang=lang)), seed, book, lang)
    if seed is not None:
        return Dealt(tuple(book_deal(seed, lang)), seed, lang=lang)
    return None


def _word_index(opts: DealOptions | VerifyOptions, propose: bool = False) -> WordIndex:
    """The words a sheet scores with: the whole lexicon for a player's sheet (from ``--min-length`` letters), the
    words kitgen proposes (without the classroom-safe list unless ``--all-words``) for a par sheet (the par is the
    seed's rules': words of 3 letters or more)."""
    from kitgen.games.wordsearch.rules.scoring import index_for

    if propose:
        return index_for(proposals_for(opts.words, opts.lang, opts.all_words, cells=not opts.two_cell_ij))
    shortest = opts.min_length if isinstance(opts, VerifyOptions) else 3
    return index_for(lexicon_for(opts.words, opts.lang, cells=not opts.two_cell_ij), shortest)


def search_par(dealt: Dealt, index: WordIndex, opts: DealOptions | VerifyOptions, context: Context,
               tutorial: bool = False) -> ParAndBound:
    """The par of a deal: from kitgen's table of pars for the English deals it holds (at once), else the par search
    for ``--budget`` steps (``--seconds`` a time cap) and, with ``--prove``, the exact search for ``--budget``
    nodes more; with a progress bar where the context lends one."""
    from kitgen.games.wordsearch.rules.par import combine_with_table, par_and_bound, par_and_proof
    from kitgen.games.wordsearch.rules.table import table_entry

    budget, seconds = opts.budget, opts.seconds
    prove = isinstance(opts, DealOptions) and opts.prove
    entry = None
    if dealt.book is None and dealt.seed is not None and dealt.lang is ENGLISH and opts.words is None \
            and not opts.all_words and not tutorial:
        entry = table_entry(dealt.seed, index)
    if entry is not None and (entry.proven or (budget <= entry.budget and not prove)):
        return _exact(combine_with_table(None, entry, dealt.words), dealt, index, opts)
    total = budget * 2 if prove else budget
    with context.progress("par search", total) as update:
        report: Callable[[int, int], None] | None = None
        if update is not None:
            bar = update

            def report(steps: int, best: int) -> None:
                bar(min(steps, total), f"par search: best {best}")

        if prove:
            found = par_and_proof(dealt.words, index, budget, budget, seed=dealt.seed or 0, seconds=seconds,
                                  progress=report, lang=dealt.lang, stop=context.cancelled)
        else:
            found = par_and_bound(dealt.words, index, budget=budget, seconds=seconds, seed=dealt.seed or 0,
                                  tutorial=tutorial, progress=report, lang=dealt.lang)
    return _exact(found if entry is None else combine_with_table(found, entry, dealt.words), dealt, index, opts)


class NoExactModel(InputError):
    """``--exact`` asked for the exact model and OR-Tools (the ``par`` extra) is not installed."""


def _exact_model_at_hand(opts: DealOptions) -> None:
    """Refuse ``--exact`` before any search when it cannot run: without ``--par``, or without OR-Tools."""
    from kitgen.games.wordsearch.rules import exact

    if opts.exact is None:
        return
    if not opts.par:
        raise InputError(_("--exact goes with --par: it improves and proves the par sheet"))
    try:
        exact.cp_model()
    except exact.NoSolver:
        raise NoExactModel(_("--exact needs the exact model's solver, OR-Tools, which is not installed: "
                             "pip install 'kitgen[par]'")) from None


def _exact(found: ParAndBound, dealt: Dealt, index: WordIndex, opts: DealOptions | VerifyOptions) -> ParAndBound:
    """``--exact SECONDS``: the par sheet improved or proven by the exact model (``par.par_and_exact``)."""
    from kitgen.games.wordsearch.rules.par import par_and_exact

    if not isinstance(opts, DealOptions) or opts.exact is None:
        return found
    return par_and_exact(found, dealt.words, index, opts.exact, dealt.lang)


# -- kitgen sheet ---------------------------------------------------------------------

def render_sheet(opts: SheetOptions) -> bytes:
    """Score sheets, ``--per-page`` a page, with the deal's (or book's) words printed in the turn log."""
    from kitgen.games.wordsearch.render import sheets_pdf

    lang = cells_language(opts.lang, opts.two_cell_ij)
    dealt = dealt_words(opts.seed, opts.book, lang)
    return sheets_pdf(opts.paper, opts.count, int(opts.per_page.value), dealt.words if dealt else None,
                      dealt.name if dealt else "", seed=opts.seed, lang=lang, large_print=opts.large_print)


def sheet_name(opts: SheetOptions) -> str:
    """``wordsearch-sheet.pdf`` blank, ``wordsearch-sheet-42.pdf`` for deal 42, ``wordsearch-sheet-book-poem.pdf``
    from ``poem.txt``; then ``x30`` (the count), ``2up`` (per page), the paper if not A4."""
    seed, book = opts.seed, opts.book
    dealt = f"book-{book.stem}" if book is not None else None if seed is None else str(seed)
    return output_name("wordsearch-sheet", dealt, lang_variant(opts.lang), count_variant(opts.count),
                       per_page_variant(opts.per_page), large_print_variant(opts.large_print),
                       paper_variant(opts.paper))


def _sheet(opts: SheetOptions, context: Context) -> Outcome:
    return Outcome(files=[OutFile(sheet_name(opts), lambda: render_sheet(opts))])


# -- kitgen deal wordsearch -----------------------------------------------------------

def deal_game(opts: DealOptions, context: Context) -> WordsearchDeal:
    """The deal's 25 words (``--seed`` or ``--book``), and with ``--par`` the best sheet found for it."""
    from kitgen.games.wordsearch.formats.results import ParSheet, WordsearchDeal

    dealt = dealt_words(opts.seed, opts.book, cells_language(opts.lang, opts.two_cell_ij))
    if dealt is None:
        raise NoDealGiven(_("give --seed N (a deal number) or --book FILE"))
    _exact_model_at_hand(opts)
    par: ParSheet | None = None
    if opts.par:
        index = _word_index(opts, propose=True)
        found = search_par(dealt, index, opts, context)
        par = ParSheet(found.par, index.score(found.par.cells), found.bound, found.source, found.nodes, found.exact)
    return WordsearchDeal(dealt, par)


def _par_work(opts: DealOptions) -> DealWork:
    """``--range A-B --par``: every deal's par and bound at ``--budget`` (reproducible, so no ``--seconds``)."""
    from kitgen.games.wordsearch.rules.par import ParWork

    if opts.seconds is not None:
        raise InputError(_("--seconds does not go with --range: a survey's pars depend only on --budget"))
    if opts.prove:
        raise InputError(_("--prove is one deal at a time (scripts/build_par_table.py proves a range)"))
    if opts.exact is not None:
        raise InputError(_("--exact is one deal at a time (scripts/build_par_table.py --exact polishes a range)"))
    if opts.book is not None:
        raise InputError(_("--range deals by number; --book is one game"))
    return ParWork(_word_index(opts, propose=True), opts.budget, cells_language(opts.lang, opts.two_cell_ij))


def _par_tally() -> Tally:
    from kitgen.games.wordsearch.rules.par import ParTally

    return ParTally()


PAR_SURVEY = Survey("par", typed(DealOptions, _par_work), _par_tally,
                    changes=("lang", "two_cell_ij", "words", "all_words", "budget"), set_only=("two_cell_ij",),
                    chunk=1, line=(("par", "int"), ("bound", "int"), ("proven", "bool"), ("budget", "int"),
                                   ("grid", "list[str]")))
"""``kitgen deal wordsearch --range A-B --par``: one line a deal, ``{"game", "seed", "par", "bound", "proven",
"budget", "grid", "survey"}`` (docs/wordsearch.md)."""


# -- kitgen verify wordsearch ---------------------------------------------------------

def read_sheet(text: str, source: str, opts: VerifyOptions) -> Sheet:
    """The typed sheet, parsed (``FILE:LINE:COL`` errors)."""
    from kitgen.core.text import TextSource
    from kitgen.games.wordsearch.formats.sheet import parse_sheet

    return parse_sheet(TextSource(source, text), cells_language(opts.lang, opts.two_cell_ij))


def check(sheet: Sheet, opts: VerifyOptions, context: Context) -> SheetResult:
    """Score the sheet; replay its turn log (or, with the deal and no log, find a legal order); par if asked."""
    from kitgen.games.wordsearch.formats.results import SheetResult
    from kitgen.games.wordsearch.rules.check import check_sheet
    from kitgen.games.wordsearch.rules.par import ParSource

    lang = cells_language(opts.lang, opts.two_cell_ij)
    dealt = dealt_words(opts.deal, opts.book, lang)
    if opts.par and dealt is None:
        raise NoDealGiven(_("--par needs the deal: give --deal N or --book FILE"))
    score = _word_index(opts).score(sheet.cells, tutorial=opts.tutorial)
    par = search_par(dealt, _word_index(opts, propose=True), opts, context, opts.tutorial) \
        if dealt and opts.par else None
    checked = check_sheet(sheet.cells, sheet.turns, dealt.words if dealt else None,
                          dealt.name if dealt else "the deal", sheet.grid_where, lang)
    return SheetResult(sheet, score, checked, dealt, par.par if par else None, par.bound if par else None,
                       par.source if par else ParSource.SEARCH)


def verify_sheet(sheet: Sheet, opts: VerifyOptions, context: Context) -> Verdict[SheetResult]:
    """The record kind's verify: the sheet's whole result (score, words, log, par) and the broken rule, if any, as
    its one problem (docs/wordsearch.md, "JSON contract"); the par search shows its progress in the context."""
    result = check(sheet, opts, context)
    broken = result.check.broken
    return Verdict("wordsearch", "wordsearch", result, result.to_text(),
                   (Problem.of(broken),) if broken is not None else ())


def _kit_components(kit: KitSettings) -> bytes:
    from kitgen.games.wordsearch.render import kit_components

    return kit_components(kit.paper, kit.seed, kit.players, cells_language(kit.language))


GAME = Game(
    name="wordsearch",
    title=N_("Make a Wordsearch"),
    seed_document="make-a-wordsearch.txt",
    docs="docs/wordsearch.md",
    order=20,
    kit=KitSpec(
        tagline=N_("Crissing-and-a-crossing: 25 words, 25 boxes. By Behrooz 'Bez' Shahriari."),
        players=N_("1 or more players"),
        contents=(N_("Rules"), N_("5x5 score sheets, with this kit's seeded 25 words printed in the turn log")),
        print_notes=(N_("The kit prints a sheet for each player, all with the same 25 words: for more players, print "
                        "the sheet pages again."),
                     N_("Typed into kitgen afterwards, a finished sheet is checked and scored.")),
        card_stock=(),
        components=_kit_components,
        document_cost=3,
    ),
    components=(Component("sheet", N_("5x5 score sheets, the deal's words in the turn log"), SHEET_OPTIONS,
                          typed(SheetOptions, render_sheet), command="sheet", counts="sheets"),),
    deals=(DealVariant("wordsearch", DEAL_HELP, DEAL_OPTIONS, typed(DealOptions, deal_game), PAR_SURVEY),),
    records=(RecordKind("wordsearch", VERIFY_HELP, VERIFY_OPTIONS, read_sheet, verify_sheet,
                        check_page=CheckPage("check_wordsearch.html", "Type in a sheet"),
                        options_type=VerifyOptions),),
    commands=(
        Command("sheet", Group.TOP, SHEET_HELP, SHEET_OPTIONS, typed(SheetOptions, _sheet), writes=True),
    ),
)
