"""The Game of Words declared once (docs/game-of-words.md): its kit, options, components, deals, records, commands.

``kitgen deck``, ``kitgen deal word-solitaire|letter-patience|crossword-solitaire-a|crossword-solitaire-b|
crossword|anagrams`` and ``kitgen verify solitaire|crossword-hand|anagrams|out-game|guess-o-gram`` are built from
here; each reads its typed options (an ``Options`` class per command, component, deal and record kind). The rules
live in ``rules``, the readers and the verdicts' typed documents in ``formats`` (``formats/results.py``), the
printed things in ``render``. Heavy modules (the rules, the lexicon, reportlab) are imported inside the functions,
so listing the games stays fast.
"""

from __future__ import annotations

from dataclasses import replace
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kitgen.core.errors import InputError, Location
from kitgen.core.i18n import N_, gettext
from kitgen.core.language import LangCode, language
from kitgen.games.base import (
    ALL_WORDS,
    CUT_DXF,
    CUT_SVG,
    LANG,
    PAPER,
    REGISTRATION,
    SEED,
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
    Opponent,
    Option,
    Options,
    OptionValues,
    Outcome,
    OutFile,
    RecordKind,
    Run,
    Survey,
    Tally,
    Verdict,
    lexicon_for,
    opt,
    output_name,
    proposals_for,
    typed,
    with_cut_files,
)
from kitgen.games.base import OUT as BASE_OUT
from kitgen.games.game_of_words.rules.deck import PRESETS, CardSize
from kitgen.io.pdf import Duplex, Paper

if TYPE_CHECKING:
    from collections.abc import Callable

    from kitgen.core.lexicon import Lexicon
    from kitgen.games.game_of_words.formats.record import Record
    from kitgen.games.game_of_words.formats.results import (
        AnagramsDocument,
        GuessDocument,
        HandDocument,
        OutDocument,
        SolitaireDocument,
    )
    from kitgen.games.game_of_words.formats.solitaire import SolitaireRecord
    from kitgen.games.game_of_words.formats.table_games import GuessTurn, TableRecord
    from kitgen.games.game_of_words.rules.anagrams_replay import AnagramsTurn
    from kitgen.games.game_of_words.rules.deals import Deal
    from kitgen.games.game_of_words.rules.deck import Deck
    from kitgen.games.game_of_words.rules.out_replay import OutTurn
    from kitgen.games.game_of_words.rules.patience_solver import PatienceRangeWorker
    from kitgen.games.game_of_words.rules.word_solitaire import Solver


# -- options: each declared once, shared where commands share it ---------------------------

SPEC = Option("spec", str, None, "Deck spec file (.toml or .csv), or a preset: whitman-1938 (the default), "
              "lexicon-1932, spanish, swedish, polish, turkish, russian, greek. Without it, --lang es, sv, pl, tr, "
              "ru and el deal their language's preset.",
              reads_file=True, presets=PRESETS)
DEAL_SEED = replace(SEED, minimum=None, maximum=None)
"""``--seed``, its range checked by the deal itself (``kitgen: seed N is out of range (0 to 2147483647)``)."""
DEAL_PLAYERS = Option("players", int, 2, "Players (crossword 2..12, anagrams 1..12).",
                      web_help=N_("How many people play."))
"""Checked by each deal (``kitgen: crossword takes 2 to 12 players (got 1)``): the range depends on the game."""
OUT = Option("out", str, None, "Output file (.pdf) or directory (ending in / or existing; default: output/).",
             reads_file=True)
"""Declared here, not only shared: a deal writes its sheet only when ``--out`` is given."""

SIZE = Option("size", CardSize, CardSize.POKER, "Card size: poker (63x88 mm), bridge (57x89), tarot (70x120), "
              "mini (44x63) or square (70x70).")
CARD_SIZE = Option("card_size", str, None, "Any card size, WIDTHxHEIGHT in mm (25 to 200 a side), e.g. 60x90; "
                   "instead of --size.")
BLEED = Option("bleed", float, None, "Bleed around each card, mm (0..5).")
"""Unset (``None``), the printed sheets have none and the print-on-demand outputs (``--card-images``,
``--card-pdf``) the card size's default (``render.card_images.default_bleed``); given, even 0, it is used as given
(issue 32: ``--bleed 0`` asks a service's files for no bleed)."""
DUPLEX = Option("duplex", bool, False, "Add back pages mirrored for double-sided printing.")
MARKS = Option("marks", bool, True, "Crop marks outside the cards.", flag="--marks/--no-marks")
CARD_IMAGES = Option("card_images", Path, None, "Also write the deck for a print-on-demand service into this folder: "
                     "a PNG of each card face in deck order and back.png, 300 dpi with the bleed (--bleed, or "
                     "3.175 mm; --card-size: 3 mm), and deck.csv listing the cards.", writes_file=True)
CARD_PDF = Option("card_pdf", Path, None, "Also write the deck for a print-on-demand service as one PDF: each card "
                  "a page, its face then its back, each page the card plus the bleed (--bleed, or 3.175 mm; "
                  "--card-size: 3 mm) with the card exactly as its TrimBox.", writes_file=True)
GUTTERFOLD = Option("gutterfold", bool, False, "Lay the deck out to fold instead of printing it double-sided: "
                    "landscape pages with card faces on the left half and their backs mirrored on the right, a "
                    "dashed fold line between; fold, glue, cut.")
CORNER_GUIDES = Option("corner_guides", bool, False, "Print a thin grey quarter circle in each corner of every "
                       "card face and back, of 1/8 in (3.2 mm) radius, to round the corners to with a corner rounder "
                       "or scissors.")
MARGIN = Option("margin", float, None, "Least margin around the cards, mm (5..20). Default: nine a page, 3 x 3 "
                "portrait, with 10 mm margins or down to 7 mm where that keeps nine (poker cards on Letter).")

SOLVE = Option("solve", bool, False, "Decide whether the deal can be won; print a solution.")
SOLVE_PATIENCE = Option("solve", bool, False, "Decide whether the deal can be won (all cards known).")
WINNABLE = Option("winnable", bool, False, "Deal the first winnable deal at or after --seed.")

class Solitaire(StrEnum):
    """The solitaires ``kitgen verify solitaire --game`` checks (docs/game-of-words.md). Declared here, not in
    ``rules/deals.py``: every ``kitgen`` run imports the declaration, and the deals module is only for a deal."""

    WORD = "word-solitaire"
    LETTER_PATIENCE = "letter-patience"
    CROSSWORD_A = "crossword-solitaire-a"
    CROSSWORD_B = "crossword-solitaire-b"


VERIFY_GAME = Option("game", Solitaire, Solitaire.WORD, "The solitaire played: word-solitaire, letter-patience, "
                     "crossword-solitaire-a or crossword-solitaire-b.",
                     web_help=N_("Which solitaire was played."),
                     choice_labels=(("word-solitaire", N_("Word Solitaire")),
                                    ("letter-patience", N_("Letter Patience")),
                                    ("crossword-solitaire-a", N_("Crossword Solitaire A")),
                                    ("crossword-solitaire-b", N_("Crossword Solitaire B"))))
SOLITAIRE_GAMES = tuple(str(s.value) for s in Solitaire)
"""The one-player games ``kitgen verify solitaire --game`` checks (their deals have no players option)."""
SOLITAIRE_FILE = Option("file", Path, None, "A finished solitaire typed back in.", argument=True, required=True)
HAND_FILE = Option("file", Path, None, "A Crossword Game hand (or a game: 'hand N' lines) typed back in, one turn "
                   "a line.", argument=True, required=True)
TARGET = Option("target", int, None, "The game's target score (default: the record's 'target:' line, else 50); the "
                "game ends when a score reaches it, low score wins.", minimum=1, maximum=10_000)
FREE_FOR_ALL = Option("free_for_all", bool, False, "The Free-for-All: plurals and proper nouns may be used.")

BLEED_MM = (0.0, 5.0)
MARGIN_MM = (5.0, 20.0)
"""The ranges ``--bleed`` and ``--margin`` are checked against, in mm (as their messages say)."""
PLAYER_GAMES = ("crossword", "anagrams")
"""The deals with a players option (the solitaires have one player)."""
ANAGRAMS_FILE = Option("file", Path, None, "An Anagrams record: 'players: NAME ...', then one turn a line.",
                       argument=True, required=True)
ANAGRAMS_SEED = Option("seed", int, None, "The deal played (kitgen deal anagrams --seed N --players P): each card "
                       "held and drawn is checked. Without it, any cards the pack holds.", minimum=0, maximum=2**31 - 1)
OUT_FILE = Option("file", Path, None, "An O-U-T Game record: 'players: NAME ...' (4 to 8), then one turn a line.",
                  argument=True, required=True)
OUT_SEED = Option("seed", int, None, "The deal played (every card dealt one by one round the table from seat 1): "
                  "each letter played is checked against the player's cards.", minimum=0, maximum=2**31 - 1)
GUESS_FILE = Option("file", Path, None, "A Guess-O-Gram record: 'players: NAME ...', then one turn a line.",
                    argument=True, required=True)


# -- typed options: what each command, component, deal and record kind reads ------------------

class DeckOptions(Options):
    """The ``deck`` component: the cards, their size and bleed, the page."""

    spec: str | None = opt(SPEC)
    lang: LangCode = opt(LANG)
    """Without ``--spec``, the deck of a language that has one (``LANGUAGE_DECKS``: sv, pl, tr, ru, el)."""
    size: CardSize = opt(SIZE)
    card_size: str | None = opt(CARD_SIZE)
    bleed: float | None = opt(BLEED)
    """``None`` unless given: read through ``sheet_bleed`` for the sheets (no bleed); the print-on-demand outputs
    take the size's default for it."""
    duplex: bool = opt(DUPLEX)
    marks: bool = opt(MARKS)
    margin: float | None = opt(MARGIN)
    paper: Paper = opt(PAPER)


class DeckCommandOptions(DeckOptions):
    """``kitgen deck``: the deck and, with ``--cut-svg``, its cut files (beside ``--out``)."""

    cut_svg: bool = opt(CUT_SVG)
    cut_dxf: bool = opt(CUT_DXF)
    registration: bool = opt(REGISTRATION)
    card_images: Path | None = opt(CARD_IMAGES)
    card_pdf: Path | None = opt(CARD_PDF)
    gutterfold: bool = opt(GUTTERFOLD)
    corner_guides: bool = opt(CORNER_GUIDES)
    out: str | None = opt(BASE_OUT)


class ScorePadOptions(Options):
    """The ``score-pads`` component."""

    paper: Paper = opt(PAPER)


class DealOptions(Options):
    """A seeded deal of a one-player game: the deal number and the deck."""

    seed: int | None = opt(DEAL_SEED)
    spec: str | None = opt(SPEC)
    lang: LangCode = opt(LANG)
    """Without ``--spec``, the deck of a language that has one (``LANGUAGE_DECKS``: es, sv, pl, tr, ru, el)."""

    @property
    def players(self) -> int:
        """A solitaire's one player is dealt as the default table of two (its deals have no players option)."""
        return 2


class TableDealOptions(Options):
    """A seeded deal of a table game (crossword, anagrams): the deal number, the deck, the players."""

    seed: int | None = opt(DEAL_SEED)
    spec: str | None = opt(SPEC)
    lang: LangCode = opt(LANG)
    """Without ``--spec``, the deck of a language that has one (``LANGUAGE_DECKS``: es, sv, pl, tr, ru, el)."""
    players: int = opt(DEAL_PLAYERS)


class SheetOptions(DealOptions):
    """A one-player game's deal sheet component."""

    paper: Paper = opt(PAPER)


class TableSheetOptions(TableDealOptions):
    """A table game's deal sheet component."""

    paper: Paper = opt(PAPER)


# One class a variant, so the typed API finds the variant by its options (``api.deal_with(
# CrosswordDealOptions(seed=3, players=4))``, ``api.render_with(AnagramsSheetOptions(seed=2))``).

class WordSolitaireDealOptions(DealOptions):
    """``word-solitaire``'s deal."""


class LetterPatienceDealOptions(DealOptions):
    """``letter-patience``'s deal."""


class CrosswordSolitaireADealOptions(DealOptions):
    """``crossword-solitaire-a``'s deal."""


class CrosswordSolitaireBDealOptions(DealOptions):
    """``crossword-solitaire-b``'s deal."""


class CrosswordDealOptions(TableDealOptions):
    """``crossword``'s deal (the Crossword Game)."""


class AnagramsDealOptions(TableDealOptions):
    """``anagrams``'s deal."""


class WordSolitaireSheetOptions(SheetOptions):
    """``word-solitaire-sheet``."""


class LetterPatienceSheetOptions(SheetOptions):
    """``letter-patience-sheet``."""


class CrosswordSolitaireASheetOptions(SheetOptions):
    """``crossword-solitaire-a-sheet``."""


class CrosswordSolitaireBSheetOptions(SheetOptions):
    """``crossword-solitaire-b-sheet``."""


class CrosswordSheetOptions(TableSheetOptions):
    """``crossword-sheet``."""


class AnagramsSheetOptions(TableSheetOptions):
    """``anagrams-sheet``."""


VARIANTS: dict[str, tuple[type[DealOptions | TableDealOptions], type[SheetOptions | TableSheetOptions]]] = {
    "word-solitaire": (WordSolitaireDealOptions, WordSolitaireSheetOptions),
    "letter-patience": (LetterPatienceDealOptions, LetterPatienceSheetOptions),
    "crossword-solitaire-a": (CrosswordSolitaireADealOptions, CrosswordSolitaireASheetOptions),
    "crossword-solitaire-b": (CrosswordSolitaireBDealOptions, CrosswordSolitaireBSheetOptions),
    "crossword": (CrosswordDealOptions, CrosswordSheetOptions),
    "anagrams": (AnagramsDealOptions, AnagramsSheetOptions),
}
"""Each deal variant's typed options: its deal's and its deal sheet's."""


class DealCommandOptions(TableSheetOptions):
    """``kitgen deal crossword-solitaire-a|-b|crossword|anagrams``: text, ``--json`` or a deal sheet (``--out``)."""

    out: str | None = opt(OUT)


class WordSolitaireOptions(DealOptions):
    """``kitgen deal word-solitaire``: a deal, decided with ``--solve``, or the first winnable one."""

    solve: bool = opt(SOLVE)
    winnable: bool = opt(WINNABLE)
    words: Path | None = opt(WORDS)
    all_words: bool = opt(ALL_WORDS)
    paper: Paper = opt(PAPER)
    out: str | None = opt(OUT)


class LetterPatienceOptions(DealOptions):
    """``kitgen deal letter-patience``: a deal, decided with every card known with ``--solve``."""

    solve: bool = opt(SOLVE_PATIENCE)
    words: Path | None = opt(WORDS)
    all_words: bool = opt(ALL_WORDS)
    paper: Paper = opt(PAPER)
    out: str | None = opt(OUT)


class SolitaireOptions(Options):
    """``kitgen verify solitaire``: the solitaire played, its deal, the deck and the words."""

    game: Solitaire = opt(VERIFY_GAME)
    seed: int | None = opt(DEAL_SEED)
    spec: str | None = opt(SPEC)
    words: Path | None = opt(WORDS)
    lang: LangCode = opt(LANG)


class HandOptions(Options):
    """``kitgen verify crossword-hand``: the deal (unless the record names its hands'), the deck, the words, the
    target and the Free-for-All."""

    seed: int | None = opt(DEAL_SEED)
    spec: str | None = opt(SPEC)
    words: Path | None = opt(WORDS)
    lang: LangCode = opt(LANG)
    target: int | None = opt(TARGET)
    free_for_all: bool = opt(FREE_FOR_ALL)


class AnagramsOptions(Options):
    """``kitgen verify anagrams``: the deal played, if known, the deck and the words."""

    seed: int | None = opt(ANAGRAMS_SEED)
    spec: str | None = opt(SPEC)
    words: Path | None = opt(WORDS)
    lang: LangCode = opt(LANG)


class OutOptions(Options):
    """``kitgen verify out-game``: the deal played, if known, the deck and the words."""

    seed: int | None = opt(OUT_SEED)
    spec: str | None = opt(SPEC)
    words: Path | None = opt(WORDS)
    lang: LangCode = opt(LANG)


class GuessOptions(Options):
    """``kitgen verify guess-o-gram``: the deck and the words."""

    spec: str | None = opt(SPEC)
    words: Path | None = opt(WORDS)
    lang: LangCode = opt(LANG)


# -- the deck ------------------------------------------------------------------------------

def card_size(opts: DeckOptions) -> str:
    """``--card-size WxH`` if given, else the ``--size`` name."""
    return opts.card_size.strip().lower() if opts.card_size else opts.size.value


def sheet_bleed(opts: DeckOptions) -> float:
    """The bleed of the printed sheets (the deck, the gutterfold, the cut files), mm: ``--bleed``, or none."""
    return 0.0 if opts.bleed is None else opts.bleed


def _checked_deck(opts: DeckOptions) -> Deck:
    """The deck, after checking ``--bleed``, ``--margin`` (in mm, as their messages say) and ``--card-size``."""
    from kitgen.games.game_of_words.formats.deck_spec import load_deck
    from kitgen.games.game_of_words.render.deck import card_mm, sheet_for

    try:
        card_mm(card_size(opts))
    except ValueError as exc:
        raise InputError(gettext("{option}: {reason}").format(option=CARD_SIZE.named, reason=exc)) from None
    bleed, margin = sheet_bleed(opts), opts.margin
    if not BLEED_MM[0] <= bleed <= BLEED_MM[1]:
        raise InputError(gettext("{option} must be between {low} and {high} mm (got {value})").format(
            option=BLEED.named, low=0, high=5, value=f"{bleed:g}"))
    if margin is not None and not MARGIN_MM[0] <= margin <= MARGIN_MM[1]:
        raise InputError(gettext("{option} must be between {low} and {high} mm (got {value})").format(
            option=MARGIN.named, low=5, high=20, value=f"{margin:g}"))
    try:
        sheet_for(opts.paper, card_size(opts), bleed, margin)
    except ValueError:
        w, h = card_mm(card_size(opts))
        refusal = (N_("a {w} x {h} mm card with a {bleed} mm bleed does not fit {paper} paper inside the margins; "
                      "choose a smaller card or a larger paper") if bleed else
                   N_("a {w} x {h} mm card does not fit {paper} paper inside the margins; choose a smaller card or a "
                      "larger paper"))
        raise InputError(gettext(refusal).format(w=f"{w:g}", h=f"{h:g}", bleed=f"{bleed:g}",
                                                 paper=opts.paper.value)) from None
    return load_deck(opts.spec, opts.lang.value)


def _deck_pdf(deck: Deck, opts: DeckOptions, registration: bool = False, corners: bool = False) -> bytes:
    from kitgen.games.game_of_words.render.deck import deck_bytes

    return deck_bytes(deck, opts.paper, card_size(opts), sheet_bleed(opts), opts.duplex, opts.marks,
                      margin_mm=opts.margin, registration=registration, corners=corners)


def render_deck(opts: DeckOptions) -> bytes:
    """The deck PDF: faces, backs, Sub Cards, crop marks, a rules summary."""
    return _deck_pdf(_checked_deck(opts), opts)


def _run_deck(opts: DeckCommandOptions, context: Context) -> Outcome:
    """``kitgen deck``: ``deck-NAME-SIZE-PAPER.pdf``, then any ``bleed3mm``, ``margin10mm``, ``duplex``, ``nomarks``."""
    from kitgen.games.game_of_words.render.deck import sheet_for, with_corners

    deck = _checked_deck(opts)
    if opts.gutterfold:
        return _run_gutterfold(deck, opts)
    bleed, margin = sheet_bleed(opts), opts.margin
    name = output_name(f"deck-{deck.name}-{card_size(opts)}-{opts.paper.value}",
                       f"bleed{bleed:g}mm" if bleed else None, None if margin is None else f"margin{margin:g}mm",
                       "duplex" if opts.duplex else None, None if opts.marks else "nomarks",
                       "registration" if opts.registration else None, "corners" if opts.corner_guides else None)
    pdf = OutFile(name, lambda: _deck_pdf(deck, opts, opts.registration, opts.corner_guides))
    images = [*_card_image_files(deck, opts), *_card_pdf_file(deck, opts)]
    if not (opts.cut_svg or opts.cut_dxf):
        return Outcome(files=[pdf, *images])
    sheet = with_corners(sheet_for(opts.paper, card_size(opts), bleed, margin, registration=opts.registration),
                         opts.corner_guides)
    pages = dict(sheet.face_pages(len(deck.cards), opts.duplex))
    return Outcome(files=[*with_cut_files(opts.cut_svg, opts.out, pdf, list(pages),
                                          lambda page: sheet.cut_sheet(pages[page], f"{name}, page {page}: faces"),
                                          opts.cut_dxf),
                          *images])


def _run_gutterfold(deck: Deck, opts: DeckCommandOptions) -> Outcome:
    """``kitgen deck --gutterfold``: ``deck-NAME-SIZE-PAPER-gutterfold.pdf`` (``render.gutterfold``). Its faces
    and backs share a side, so it takes none of the options of double-sided or machine-cut cards."""
    from kitgen.games.game_of_words.render.gutterfold import gutterfold_bytes, gutterfold_sheet

    for option, given in (("--duplex", opts.duplex), ("--registration", opts.registration),
                          ("--cut-svg", opts.cut_svg), ("--cut-dxf", opts.cut_dxf), ("--margin", opts.margin)):
        if given:
            raise InputError(gettext("--gutterfold prints each card's face and back side by side, to fold: it "
                                     "takes no {option}").format(option=option))
    try:
        gutterfold_sheet(opts.paper, card_size(opts), sheet_bleed(opts))
    except ValueError:
        raise InputError(gettext("{size} cards do not fit half a page of {paper} paper: choose a smaller card or a "
                                 "larger paper").format(size=card_size(opts), paper=opts.paper.value)) from None
    name = output_name(f"deck-{deck.name}-{card_size(opts)}-{opts.paper.value}",
                       f"bleed{opts.bleed:g}mm" if opts.bleed else None, None if opts.marks else "nomarks",
                       "gutterfold", "corners" if opts.corner_guides else None)
    pdf = OutFile(name, lambda: gutterfold_bytes(deck, opts.paper, card_size(opts), sheet_bleed(opts), opts.marks,
                                                 corners=opts.corner_guides))
    return Outcome(files=[pdf, *_card_image_files(deck, opts), *_card_pdf_file(deck, opts)])


def _card_image_files(deck: Deck, opts: DeckCommandOptions) -> list[OutFile]:
    """``--card-images DIR``: each card face's PNG, ``back.png`` and ``deck.csv`` in DIR (made once, when the
    first is written, after every overwrite has been checked)."""
    if opts.card_images is None:
        return []
    from functools import cache

    from kitgen.games.game_of_words.render.card_images import CSV_NAME, card_images, image_names

    @cache
    def made() -> dict[str, bytes]:
        return card_images(deck, card_size(opts), opts.bleed)

    def part(name: str) -> Callable[[], bytes]:
        return lambda: made()[name]

    names = [*image_names(deck), "back.png", CSV_NAME]
    return [OutFile(name, part(name), explicit=opts.card_images / name) for name in names]


def _card_pdf_file(deck: Deck, opts: DeckCommandOptions) -> list[OutFile]:
    """``--card-pdf FILE``: the deck one card a page, for print on demand (``render.card_images.card_pdf``)."""
    if opts.card_pdf is None:
        return []
    from kitgen.games.game_of_words.render.card_images import card_pdf

    if opts.card_pdf.suffix.lower() != ".pdf":
        from kitgen.core.display import escaped

        raise InputError(gettext("{option} {name}: the file name must end in {extension} (the format written)").format(
            option="--card-pdf", name=escaped(str(opts.card_pdf)), extension=".pdf"))

    return [OutFile(opts.card_pdf.name, lambda: card_pdf(deck, card_size(opts), opts.bleed), explicit=opts.card_pdf)]


def render_score_pads(opts: ScorePadOptions) -> bytes:
    from kitgen.games.game_of_words.render.score_pads import score_pads_bytes

    return score_pads_bytes(opts.paper)


# -- deals ---------------------------------------------------------------------------------

def seed_of(seed: int | None) -> int:
    """``--seed``, checked (default deal 1)."""
    from kitgen.core.random import check_seed

    return check_seed(1 if seed is None else seed)


def deal_of(game: str, opts: DealOptions | TableDealOptions) -> Deal:
    """Deal ``game`` from the options (deck first, then the seed, as the errors have always come)."""
    from kitgen.games.game_of_words.formats.deck_spec import load_deck
    from kitgen.games.game_of_words.rules.deals import deal

    deck = load_deck(opts.spec, opts.lang.value)
    return deal(game, deck, seed_of(opts.seed), opts.players)


def render_sheet(dealt: Deal, paper: Paper) -> bytes:
    from kitgen.games.game_of_words.render.deal_sheet import deal_sheet_bytes

    return deal_sheet_bytes(dealt, paper)


def _sheet(variant: DealVariant) -> Component:
    """The deal sheet of a variant: its layout drawn as cards and the stacking order."""

    def render(opts: SheetOptions | TableSheetOptions) -> bytes:
        return render_sheet(deal_of(variant.name, opts), opts.paper)

    options = VARIANTS[variant.name][1]
    return Component(f"{variant.name}-sheet", f"A {variant.name} deal sheet: the layout and the stacking order",
                     options.declared(), typed(options, render))


def deal_outcome(dealt: Deal, paper: Paper, out: str | None, players: int = 2, solved: dict[str, Any] | None = None,
                 solved_lines: tuple[str, ...] = ()) -> Outcome:
    """The deal as text (or its JSON), or its deal sheet with ``--out``; ``solved`` adds to both."""
    from kitgen.io.files import out_path

    document = {**dealt.to_json(), **(solved or {})}
    if out is None:
        return Outcome(lines=[dealt.to_text(), *solved_lines], document=document)
    name = output_name(f"deal-{dealt.game}-{dealt.seed}-{paper.value}", f"{players}p" if players != 2 else None)
    sheet = OutFile(name, lambda: render_sheet(dealt, paper), explicit=out_path(out, name))
    return Outcome(files=[sheet], document=document)


def _run_deal(game: str) -> Run:
    """``kitgen deal GAME``: a seeded deal as text, JSON or a deal sheet."""

    def run(opts: DealCommandOptions, context: Context) -> Outcome:
        if opts.players != 2 and game not in PLAYER_GAMES:
            raise InputError(gettext("{option} applies to crossword and anagrams, not {game}").format(
                option="--players", game=game))
        return deal_outcome(deal_of(game, opts), opts.paper, opts.out, opts.players)

    return typed(DealCommandOptions, run)


def _kept_solver(opts: WordSolitaireOptions, deck: Deck) -> Solver:
    """A Word Solitaire solver over the words kitgen proposes (``--words``, ``--lang``, ``--all-words``), kept per
    process (a web worker builds it once: ``rules/kept.py``)."""
    from kitgen.games.game_of_words.formats.solvers import word_solver
    from kitgen.games.game_of_words.rules.solve_service import deck_letters

    return word_solver(proposals_for(opts.words, opts.lang, opts.all_words), deck_letters(deck))


def _run_word_solitaire(opts: WordSolitaireOptions, context: Context) -> Outcome:
    """``kitgen deal word-solitaire``: a deal, decided with ``--solve``, or the first winnable one (ranges are the
    variant's survey, kitgen/games/survey.py)."""
    from kitgen.games.game_of_words.formats.deck_spec import load_deck
    from kitgen.games.game_of_words.rules.deals import deal_word_solitaire
    from kitgen.games.game_of_words.rules.solve_service import decide, first_winnable

    deck = load_deck(opts.spec, opts.lang.value)
    start = seed_of(opts.seed)
    if not (opts.solve or opts.winnable):
        return deal_outcome(deal_word_solitaire(deck, start), opts.paper, opts.out)
    solver = _kept_solver(opts, deck)
    if opts.winnable:
        dealt, decision = first_winnable(solver, deck, start)
    else:
        dealt = deal_word_solitaire(deck, start)
        decision = decide(solver, dealt)
    if not opts.solve:
        return deal_outcome(dealt, opts.paper, opts.out)
    return deal_outcome(dealt, opts.paper, opts.out, solved=decision.to_json(), solved_lines=tuple(decision.lines()))


def _range_worker(opts: WordSolitaireOptions) -> DealWork:
    """The per-deal work of ``--range A-B --solve``: a solver for ``--words`` and the deck, built once."""
    from kitgen.games.game_of_words.formats.deck_spec import load_deck
    from kitgen.games.game_of_words.formats.solvers import word_solver
    from kitgen.games.game_of_words.rules.solve_service import RangeWorker, deck_letters

    deck = load_deck(opts.spec, opts.lang.value)
    return RangeWorker(word_solver(proposals_for(opts.words, opts.lang, opts.all_words), deck_letters(deck)), deck)


def _patience_worker(opts: LetterPatienceOptions) -> PatienceRangeWorker:
    """The solver of ``deal letter-patience --solve`` (one deal) and ``--range A-B --solve`` (built once)."""
    from kitgen.games.game_of_words.formats.deck_spec import load_deck
    from kitgen.games.game_of_words.formats.solvers import kept_patience_worker

    return kept_patience_worker(proposals_for(opts.words, opts.lang, opts.all_words),
                                load_deck(opts.spec, opts.lang.value))


def _run_letter_patience(opts: LetterPatienceOptions, context: Context) -> Outcome:
    """``kitgen deal letter-patience``: a deal, decided with every card known with ``--solve``."""
    from kitgen.games.game_of_words.formats.deck_spec import load_deck
    from kitgen.games.game_of_words.rules.deals import deal_letter_patience
    from kitgen.games.game_of_words.rules.solve_service import winnable_line

    dealt = deal_letter_patience(load_deck(opts.spec, opts.lang.value), seed_of(opts.seed))
    if not opts.solve:
        return deal_outcome(dealt, opts.paper, opts.out)
    winnable, moves = _patience_worker(opts).decide(dealt)
    lines = (winnable_line(winnable), *(f"  {m.describe()}" for m in moves or []))  # moves as a record types them
    return deal_outcome(dealt, opts.paper, opts.out, solved={"winnable": winnable,
                                                             "solution": [m.to_json() for m in moves or []]},
                        solved_lines=lines)


def _range_tally() -> Tally:
    from kitgen.games.game_of_words.rules.solve_service import RangeTally

    return RangeTally()


WORD_SOLITAIRE_SURVEY = Survey("solve", typed(WordSolitaireOptions, _range_worker), _range_tally,
                               changes=("spec", "words", "lang", "all_words"),
                               line=(("winnable", "bool|null"), ("words", "list[str]")))
"""``kitgen deal word-solitaire --range A-B --solve``: one line a deal, ``{"game", "seed", "winnable", "words",
"survey"}``, and the share of winnable deals (docs/game-of-words.md)."""

LETTER_PATIENCE_SURVEY = Survey("solve", typed(LetterPatienceOptions, _patience_worker), _range_tally,
                                changes=("spec", "words", "lang", "all_words"),
                                chunk=4, line=(("winnable", "bool|null"), ("solution", "list[object]")))
"""``kitgen deal letter-patience --range A-B --solve``: one line a deal, ``{"game", "seed", "winnable",
"solution"}`` (the moves as ``--solve`` gives them), and the share of winnable deals (docs/game-of-words.md)."""


def _dealer(game: str) -> DealVariant:
    def make(opts: DealOptions | TableDealOptions, context: Context) -> Deal:
        return deal_of(game, opts)

    survey = {"word-solitaire": WORD_SOLITAIRE_SURVEY, "letter-patience": LETTER_PATIENCE_SURVEY}.get(game)
    options = VARIANTS[game][0]
    return DealVariant(game, f"A seeded {game} deal (default deal 1).", options.declared(), typed(options, make),
                       survey)


DEALS = tuple(_dealer(game) for game in VARIANTS)


# -- records: read a typed-back game, replay it against its deal -----------------------------

def _deck_and_words(opts: SolitaireOptions | HandOptions | AnagramsOptions | OutOptions | GuessOptions,
                    ) -> tuple[Deck, Lexicon]:
    """The deck ``--spec`` names and the lexicon of ``--words`` and ``--lang`` (deck first, as errors came)."""
    from kitgen.games.game_of_words.formats.deck_spec import load_deck

    deck = load_deck(opts.spec, opts.lang.value)
    return deck, lexicon_for(opts.words, opts.lang)


def read_solitaire(text: str, source: str, opts: SolitaireOptions) -> SolitaireRecord:
    """A Word Solitaire solution, Letter Patience or Crossword Solitaire moves, or a Crossword Solitaire grid, by
    ``--game``; ``--seed`` is needed (``FILE:LINE:COL`` errors)."""
    from kitgen.core.text import TextSource
    from kitgen.games.game_of_words.formats.solitaire import read_solitaire as read

    if opts.seed is None:
        raise InputError(gettext("--seed N is needed: the deal the solitaire was played from"))
    return read(TextSource(source, text), opts.game.value, opts.seed, language(opts.lang))


def verify_solitaire(record: SolitaireRecord, opts: SolitaireOptions,
                     context: Context) -> Verdict[SolitaireDocument]:
    """Replay the words or moves on the deal, or check a finished crossword against the pack."""
    from kitgen.games.game_of_words.formats.results import check_solitaire, verdict

    return verdict("solitaire", check_solitaire(record, *_deck_and_words(opts)))


def read_hand(text: str, source: str, opts: HandOptions) -> Record:
    """A typed-back hand or game, one turn a line (``FILE:LINE:COL`` errors); ``--seed`` is needed for a record
    without ``hand N`` lines, and ``--target`` may not contradict its ``target:`` line."""
    from kitgen.core.text import TextSource
    from kitgen.games.game_of_words.formats.record import parse_record

    record = parse_record(TextSource(source, text))
    if record.hands[0].seed is None and opts.seed is None:
        raise InputError(gettext("--seed N is needed: the deal the hand was played from (or 'hand N' lines in the "
                                 "record)"))
    if opts.target is not None and record.target is not None and opts.target != record.target:
        raise InputError(gettext("{option} but the record says {line}").format(
            option=f"--target {opts.target}", line=f"target: {record.target}"),
                         Location(source, record.target_line, 1))
    return record


def verify_hand(record: Record, opts: HandOptions, context: Context) -> Verdict[HandDocument]:
    """Replay each hand against ``kitgen deal crossword --seed N --players P``: plays, challenges, charges, and
    the game's totals against the target (``--target``, the record's ``target:``, else 50)."""
    from kitgen.games.game_of_words.formats.results import check_hand, verdict
    from kitgen.games.game_of_words.rules.crossword_game import DEFAULT_TARGET

    deck, lexicon = _deck_and_words(opts)
    target = opts.target or record.target or DEFAULT_TARGET
    seed = seed_of(opts.seed) if any(h.seed is None for h in record.hands) else 1
    return verdict("crossword-hand", check_hand(record, deck, lexicon, seed, target, opts.free_for_all))


def read_anagrams(text: str, source: str, opts: AnagramsOptions) -> TableRecord[AnagramsTurn]:
    """An Anagrams record (``FILE:LINE:COL`` errors)."""
    from kitgen.core.text import TextSource
    from kitgen.games.game_of_words.formats.table_games import TableRecord, parse_anagrams

    return TableRecord.read(parse_anagrams, TextSource(source, text), language(opts.lang))


def verify_anagrams(record: TableRecord[AnagramsTurn], opts: AnagramsOptions,
                    context: Context) -> Verdict[AnagramsDocument]:
    """Replay an Anagrams record (ruling 16): against ``kitgen deal anagrams --seed N --players P`` when
    ``--seed`` is given (each card checked), else against the pack's cards."""
    from kitgen.games.game_of_words.formats.results import check_anagrams, verdict

    return verdict("anagrams", check_anagrams(record, *_deck_and_words(opts), opts.seed))


def read_out(text: str, source: str, opts: OutOptions) -> TableRecord[OutTurn]:
    """An O-U-T Game record (``FILE:LINE:COL`` errors)."""
    from kitgen.core.text import TextSource
    from kitgen.games.game_of_words.formats.table_games import TableRecord, parse_out

    return TableRecord.read(parse_out, TextSource(source, text), language(opts.lang))


def verify_out(record: TableRecord[OutTurn], opts: OutOptions, context: Context) -> Verdict[OutDocument]:
    """Replay an O-U-T Game record (ruling 17): penalties, E's, asks, who starts each word, the winner."""
    from kitgen.games.game_of_words.formats.results import check_out, verdict

    return verdict("out-game", check_out(record, *_deck_and_words(opts), opts.seed))


def read_guess(text: str, source: str, opts: GuessOptions) -> TableRecord[GuessTurn]:
    """A Guess-O-Gram record (``FILE:LINE:COL`` errors)."""
    from kitgen.core.text import TextSource
    from kitgen.games.game_of_words.formats.table_games import TableRecord, parse_guess

    return TableRecord.read(parse_guess, TextSource(source, text), language(opts.lang))


def verify_guess(record: TableRecord[GuessTurn], opts: GuessOptions, context: Context) -> Verdict[GuessDocument]:
    """Replay a Guess-O-Gram record (ruling 18): the Thinker's word and points, guesses, the next Thinker."""
    from kitgen.games.game_of_words.formats.results import check_guess, verdict

    return verdict("guess-o-gram", check_guess(record, *_deck_and_words(opts)))


class HintOptions(Options):
    """The solitaire hint's options (the web's Hint: ``api.reply("solitaire", ...)``): the deck and the words."""

    spec: str | None = opt(SPEC)
    words: Path | None = opt(WORDS)
    lang: LangCode = opt(LANG)


def solitaire_hint(record: SolitaireRecord, values: OptionValues) -> dict[str, Any]:
    """The solver's next move from the game so far (docs/web.md, "Play it")."""
    from kitgen.games.game_of_words.formats.deck_spec import load_deck
    from kitgen.games.game_of_words.formats.hint import solitaire_hint as hint

    opts = HintOptions.of(values)
    return hint(record, load_deck(opts.spec, opts.lang.value), lexicon_for(opts.words, opts.lang),
                proposals_for(opts.words, opts.lang, False))


SOLITAIRE = RecordKind("solitaire", "Check a finished solitaire against its seeded deal (exit 1 if it breaks a rule).",
                       (SOLITAIRE_FILE, *SolitaireOptions.declared()), read_solitaire, verify_solitaire,
                       opponent=Opponent(HintOptions.declared(), solitaire_hint),
                       check_page=CheckPage("check_solitaire.html", "Check your words", dealt_by=SOLITAIRE_GAMES),
                       options_type=SolitaireOptions)
ANAGRAMS = RecordKind("anagrams", "Check an Anagrams score-keeping record: turns, the centre, steals, no word twice "
                      "before a player, challenges, the final card totals (exit 1 if a turn breaks a rule).",
                      (ANAGRAMS_FILE, *AnagramsOptions.declared()), read_anagrams, verify_anagrams,
                      options_type=AnagramsOptions)
OUT_GAME = RecordKind("out-game", "Check an O-U-T Game score sheet: letters in hand, words of nine or more, O, U, T "
                      "penalties and E's, asks, who starts each word (exit 1 if a turn breaks a rule).",
                      (OUT_FILE, *OutOptions.declared()), read_out, verify_out, options_type=OutOptions)
GUESS_O_GRAM = RecordKind("guess-o-gram", "Check a Guess-O-Gram score-keeping record: the Thinker's word and points, "
                          "letters and words guessed, the next Thinker (exit 1 if a turn breaks a rule).",
                          (GUESS_FILE, *GuessOptions.declared()), read_guess, verify_guess,
                          options_type=GuessOptions)
HAND = RecordKind("crossword-hand", "Replay a Game of Words Crossword Game hand, or a game of hands to a target, "
                  "against its seeded deals (exit 1 if a play breaks a rule).",
                  (HAND_FILE, *HandOptions.declared()), read_hand, verify_hand, options_type=HandOptions)


# -- commands: where the command line does more than the generated deal and verify ----------

def _deal_command(game: str, help: str, options: tuple[Option, ...], run: Run) -> Command:
    return Command(game, Group.DEAL, help, options, run, writes=True, result=True)


COMMANDS = (
    Command("deck", Group.TOP, "The Game of Words letter-card deck: faces, backs, Sub Cards, crop marks, a rules "
            "summary.", (*DeckOptions.declared(), CUT_SVG, CUT_DXF, REGISTRATION, CARD_IMAGES, CARD_PDF,
                         GUTTERFOLD, CORNER_GUIDES),
            typed(DeckCommandOptions, _run_deck),
            writes=True),
    _deal_command("word-solitaire", "A seeded Word Solitaire deal (default deal 1); --solve decides it, --range A-B "
                  "--solve a range, one JSON line a deal.", WordSolitaireOptions.declared(),
                  typed(WordSolitaireOptions, _run_word_solitaire)),
    _deal_command("letter-patience", "A seeded Letter Patience deal (default deal 1); --solve decides it with every "
                  "card known.", LetterPatienceOptions.declared(), typed(LetterPatienceOptions, _run_letter_patience)),
    *(_deal_command(game, f"A seeded {game} deal (default deal 1): text, --json, or a deal sheet with --out "
                    "FILE.pdf.", DealCommandOptions.declared(), _run_deal(game))
      for game in ("crossword-solitaire-a", "crossword-solitaire-b", "crossword", "anagrams")),
)


def _card_flip(paper: Paper) -> Duplex:
    """The edge the kit's card pages turn on: the long edge, as they are portrait on every paper (``sheet_for``'s
    ``portrait``), like the rules pages, so one flip serves the whole kit."""
    from kitgen.games.game_of_words.render.deck import sheet_for
    from kitgen.io.pdf import flip_edge

    return flip_edge(sheet_for(paper, portrait=True).page)


def _kit_components(kit: KitSettings) -> tuple[tuple[bytes, str], ...]:
    """The kit's parts, which the kit joins once with its documents (``render.kit.kit_component_parts``)."""
    from kitgen.games.game_of_words.render.kit import kit_component_parts

    return kit_component_parts(kit.paper, kit.seed, kit.players, kit.language.code)


GAME = Game(
    name="game-of-words",
    title=N_("The Game of Words"),
    seed_document="game-of-words-1938.txt",
    docs="docs/game-of-words.md",
    order=30,
    kit=KitSpec(
        tagline=N_("The new crossword cards (Whitman No. 3924, 1938): one deck, eight games."),
        players=N_("1 to 7 players"),
        contents=(N_("Rules booklet: eight games"),
                  N_("The letter-card deck: 52 letters and 2 Sub Cards, faces and backs"),
                  N_("A seeded Word Solitaire deal sheet"),
                  N_("Score pads: Anagrams, the O-U-T Game, Guess-O-Gram")),
        print_notes=(N_("Card pages come in pairs, a page of faces then its page of backs: print them double-sided, "
                     "so each back lands behind its face (on the edge below)."),
                     N_("Cut on the crop marks, which sit outside the cards."),
                     N_("The Word Solitaire deal sheet shows how to stack the printed deck into the kit's deal."),
                     N_("The score pads (last three pages) go on plain paper: copy them for each game.")),
        card_stock=(N_("the card face and card back pages"),),
        components=_kit_components,
        document_cost=9,
        double_sided=_card_flip,
    ),
    components=(Component("deck", N_("The letter-card deck: faces, backs, crop marks, a rules summary"),
                          DeckOptions.declared(), typed(DeckOptions, render_deck), command="deck"),
                *(_sheet(d) for d in DEALS),
                Component("score-pads", N_("Score pads for Anagrams, the O-U-T Game and Guess-O-Gram, a page each"),
                          ScorePadOptions.declared(), typed(ScorePadOptions, render_score_pads))),
    deals=DEALS,
    records=(SOLITAIRE, HAND, ANAGRAMS, OUT_GAME, GUESS_O_GRAM),
    commands=COMMANDS,
)
