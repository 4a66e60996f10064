"""The Game of Words declared once (docs/game-of-words.md): its kit, options, components, deals, records, commands.

``kitgen deck``, ``kitgen deal word-solitaire|letter-patience|crossword-solitaire-a|crossword-solitaire-b|
crossword|anagrams`` and ``kitgen verify solitaire|crossword-hand`` are built from here. Heavy modules (the
rules, the lexicon, reportlab) are imported inside the functions, through ``drivers``, so listing the games
stays fast.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kitgen.core.i18n import N_
from kitgen.games.base import (
    ALL_WORDS,
    CUT_SVG,
    LANG,
    PAPER,
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
    Outcome,
    RecordKind,
    Run,
    Survey,
    Tally,
    Values,
    Verdict,
)
from kitgen.games.game_of_words.rules.deals import Solitaire
from kitgen.games.game_of_words.rules.deck import PRESETS, CardSize
from kitgen.io.pdf import Duplex, Paper

if TYPE_CHECKING:
    from kitgen.games.game_of_words.drivers import Report, SolitaireRecord, TableRecord
    from kitgen.games.game_of_words.formats.record import Record
    from kitgen.games.game_of_words.formats.table_games import GuessTurn
    from kitgen.games.game_of_words.rules.anagrams_replay import AnagramsTurn
    from kitgen.games.game_of_words.rules.deals import Deal
    from kitgen.games.game_of_words.rules.out_replay import OutTurn


# -- options: each declared once, shared where commands share it ---------------------------

SPEC = Option("spec", str, None, "Deck spec file (.toml or .csv), or a preset: whitman-1938 (default), lexicon-1932.",
              reads_file=True, presets=PRESETS)
DEAL_SEED = replace(SEED, minimum=None, maximum=None)
"""``--seed``, its range checked by the deal itself (``kitgen: seed N is out of range (0 to 2147483647)``)."""
DEAL_PLAYERS = Option("players", int, 2, "Players (crossword 2..12, anagrams 1..12).")
"""Checked by each deal (``kitgen: crossword takes 2 to 12 players (got 1)``): the range depends on the game."""
OUT = Option("out", str, None, "Output file (.pdf) or directory (ending in / or existing; default: output/).",
             reads_file=True)
"""Declared here, not only shared: a deal writes its sheet only when ``--out`` is given."""

SIZE = Option("size", CardSize, CardSize.POKER, "Card size: poker (63x88 mm), bridge (57x89), tarot (70x120), "
              "mini (44x63) or square (70x70).")
CARD_SIZE = Option("card_size", str, None, "Any card size, WIDTHxHEIGHT in mm (25 to 200 a side), e.g. 60x90; "
                   "instead of --size.")
BLEED = Option("bleed", float, 0.0, "Bleed around each card, mm (0..5).")
DUPLEX = Option("duplex", bool, False, "Add back pages mirrored for double-sided printing.")
MARKS = Option("marks", bool, True, "Crop marks outside the cards.", flag="--marks/--no-marks")
MARGIN = Option("margin", float, None, "Least margin around the cards, mm (5..20). Default: nine a page, 3 x 3 "
                "portrait, with 10 mm margins or down to 7 mm where that keeps nine (poker cards on Letter).")

SOLVE = Option("solve", bool, False, "Decide whether the deal can be won; print a solution.")
SOLVE_PATIENCE = Option("solve", bool, False, "Decide whether the deal can be won (all cards known).")
WINNABLE = Option("winnable", bool, False, "Deal the first winnable deal at or after --seed.")

VERIFY_GAME = Option("game", Solitaire, Solitaire.WORD, "The solitaire played: word-solitaire, letter-patience, "
                     "crossword-solitaire-a or crossword-solitaire-b.")
SOLITAIRE_GAMES = tuple(str(s.value) for s in Solitaire)
"""The one-player games ``kitgen verify solitaire --game`` checks (their deals have no players option)."""
SOLITAIRE_FILE = Option("file", Path, None, "A finished solitaire typed back in.", argument=True, required=True)
HAND_FILE = Option("file", Path, None, "A Crossword Game hand (or a game: 'hand N' lines) typed back in, one turn "
                   "a line.", argument=True, required=True)
TARGET = Option("target", int, None, "The game's target score (default: the record's 'target:' line, else 50); the "
                "game ends when a score reaches it, low score wins.", minimum=1, maximum=10_000)
FREE_FOR_ALL = Option("free_for_all", bool, False, "The Free-for-All: plurals and proper nouns may be used.")

DECK_OPTIONS = (SPEC, SIZE, CARD_SIZE, BLEED, DUPLEX, MARKS, MARGIN, PAPER)


# -- components ------------------------------------------------------------------------------

def render_deck(values: Values) -> bytes:
    from kitgen.games.game_of_words.drivers import render_deck as render

    return render(values)


def render_score_pads(values: Values) -> bytes:
    from kitgen.games.game_of_words.render.score_pads import score_pads_bytes

    return score_pads_bytes(values.paper())


def _sheet(variant: DealVariant) -> Component:
    """The deal sheet of a variant: its layout drawn as cards and the stacking order."""

    def render(values: Values) -> bytes:
        from kitgen.games.game_of_words.drivers import deal_of, render_sheet

        return render_sheet(deal_of(variant.name, values), values)

    return Component(f"{variant.name}-sheet", f"A {variant.name} deal sheet: the layout and the stacking order",
                     variant.options + (PAPER,), render)


# -- deals -----------------------------------------------------------------------------------

def _range_worker(values: Values) -> DealWork:
    from kitgen.games.game_of_words.drivers import range_worker

    return range_worker(values)


def _range_tally() -> Tally:
    from kitgen.games.game_of_words.rules.solve_service import RangeTally

    return RangeTally()


WORD_SOLITAIRE_SURVEY = Survey("solve", _range_worker, _range_tally, changes=("spec", "words", "lang", "all_words"),
                               line=(("winnable", "bool|null"), ("words", "list[str]")))
"""``kitgen deal word-solitaire --range A-B --solve``: one line a deal, ``{"game", "seed", "winnable", "words",
"survey"}``, and the share of winnable deals (docs/game-of-words.md)."""


def _patience_worker(values: Values) -> DealWork:
    from kitgen.games.game_of_words.drivers import patience_worker

    return patience_worker(values)


LETTER_PATIENCE_SURVEY = Survey("solve", _patience_worker, _range_tally, changes=("spec", "words", "lang", "all_words"),
                                chunk=4, line=(("winnable", "bool|null"), ("solution", "list[object]")))
"""``kitgen deal letter-patience --range A-B --solve``: one line a deal, ``{"game", "seed", "winnable",
"solution"}`` (the moves as ``--solve`` gives them), and the share of winnable deals (docs/game-of-words.md)."""


def _dealer(game: str) -> DealVariant:
    with_players = game in ("crossword", "anagrams")

    def make(values: Values, context: Context) -> Deal:
        from kitgen.games.game_of_words.drivers import deal_of

        return deal_of(game, values)

    options = (DEAL_SEED, SPEC) + ((DEAL_PLAYERS,) if with_players else ())
    survey = {"word-solitaire": WORD_SOLITAIRE_SURVEY, "letter-patience": LETTER_PATIENCE_SURVEY}.get(game)
    return DealVariant(game, f"A seeded {game} deal (default deal 1).", options, make, survey)


DEALS = tuple(_dealer(game) for game in ("word-solitaire", "letter-patience", "crossword-solitaire-a",
                                         "crossword-solitaire-b", "crossword", "anagrams"))


# -- records ---------------------------------------------------------------------------------

def read_solitaire(text: str, source: str, values: Values) -> SolitaireRecord:
    from kitgen.games.game_of_words.drivers import read_solitaire as read

    return read(text, source, values)


def verify_solitaire(record: SolitaireRecord, values: Values, context: Context) -> Verdict[Report]:
    from kitgen.games.game_of_words.drivers import verify_solitaire as verify

    return verify(record, values, context)


def read_hand(text: str, source: str, values: Values) -> Record:
    from kitgen.games.game_of_words.drivers import read_hand as read

    return read(text, source, values)


def verify_hand(record: Record, values: Values, context: Context) -> Verdict[Report]:
    from kitgen.games.game_of_words.drivers import verify_hand as verify

    return verify(record, values, context)


def read_anagrams(text: str, source: str, values: Values) -> TableRecord[AnagramsTurn]:
    from kitgen.games.game_of_words.drivers import read_anagrams as read

    return read(text, source, values)


def verify_anagrams(record: TableRecord[AnagramsTurn], values: Values, context: Context) -> Verdict[Report]:
    from kitgen.games.game_of_words.drivers import verify_anagrams as verify

    return verify(record, values, context)


def read_out(text: str, source: str, values: Values) -> TableRecord[OutTurn]:
    from kitgen.games.game_of_words.drivers import read_out as read

    return read(text, source, values)


def verify_out(record: TableRecord[OutTurn], values: Values, context: Context) -> Verdict[Report]:
    from kitgen.games.game_of_words.drivers import verify_out as verify

    return verify(record, values, context)


def read_guess(text: str, source: str, values: Values) -> TableRecord[GuessTurn]:
    from kitgen.games.game_of_words.drivers import read_guess as read

    return read(text, source, values)


def verify_guess(record: TableRecord[GuessTurn], values: Values, context: Context) -> Verdict[Report]:
    from kitgen.games.game_of_words.drivers import verify_guess as verify

    return verify(record, values, context)


def solitaire_hint(record: SolitaireRecord, values: Values) -> dict[str, Any]:
    from kitgen.games.game_of_words.drivers import solitaire_hint as hint

    return hint(record, values)


SOLITAIRE = RecordKind("solitaire", "Check a finished solitaire against its seeded deal (exit 1 if it breaks a rule).",
                       (SOLITAIRE_FILE, VERIFY_GAME, DEAL_SEED, SPEC, WORDS, LANG), read_solitaire,
                       verify_solitaire, opponent=Opponent((SPEC, WORDS, LANG), solitaire_hint),
                       check_page=CheckPage("check_solitaire.html", "Check your words",
                                                              dealt_by=SOLITAIRE_GAMES))
ANAGRAMS_FILE = Option("file", Path, None, "An Anagrams record: 'players: NAME ...', then one turn a line.",
                       argument=True, required=True)
ANAGRAMS_SEED = Option("seed", int, None, "The deal played (kitgen deal anagrams --seed N --players P): each card "
                       "held and drawn is checked. Without it, any cards the pack holds.", minimum=0, maximum=2**31 - 1)
ANAGRAMS = RecordKind("anagrams", "Check an Anagrams score-keeping record: turns, the centre, steals, no word twice "
                      "before a player, challenges, the final card totals (exit 1 if a turn breaks a rule).",
                      (ANAGRAMS_FILE, ANAGRAMS_SEED, SPEC, WORDS, LANG), read_anagrams, verify_anagrams)
OUT_FILE = Option("file", Path, None, "An O-U-T Game record: 'players: NAME ...' (4 to 8), then one turn a line.",
                  argument=True, required=True)
OUT_SEED = Option("seed", int, None, "The deal played (every card dealt one by one round the table from seat 1): "
                  "each letter played is checked against the player's cards.", minimum=0, maximum=2**31 - 1)
OUT_GAME = RecordKind("out-game", "Check an O-U-T Game score sheet: letters in hand, words of nine or more, O, U, T "
                      "penalties and E's, asks, who starts each word (exit 1 if a turn breaks a rule).",
                      (OUT_FILE, OUT_SEED, SPEC, WORDS, LANG), read_out, verify_out)
GUESS_FILE = Option("file", Path, None, "A Guess-O-Gram record: 'players: NAME ...', then one turn a line.",
                    argument=True, required=True)
GUESS_O_GRAM = RecordKind("guess-o-gram", "Check a Guess-O-Gram score-keeping record: the Thinker's word and points, "
                          "letters and words guessed, the next Thinker (exit 1 if a turn breaks a rule).",
                          (GUESS_FILE, SPEC, WORDS, LANG), read_guess, verify_guess)
HAND = RecordKind("crossword-hand", "Replay a Game of Words Crossword Game hand, or a game of hands to a target, "
                  "against its seeded deals (exit 1 if a play breaks a rule).",
                  (HAND_FILE, DEAL_SEED, SPEC, WORDS, LANG, TARGET, FREE_FOR_ALL), read_hand, verify_hand)


# -- commands: where the command line does more than the generated deal and verify ----------

def _run_deck(values: Values, context: Context) -> Outcome:
    from kitgen.games.game_of_words.drivers import run_deck

    return run_deck(values, context)


def _run_word_solitaire(values: Values, context: Context) -> Outcome:
    from kitgen.games.game_of_words.drivers import run_word_solitaire

    return run_word_solitaire(values, context)


def _run_letter_patience(values: Values, context: Context) -> Outcome:
    from kitgen.games.game_of_words.drivers import run_letter_patience

    return run_letter_patience(values, context)


def _run_deal(game: str) -> Run:
    def run(values: Values, context: Context) -> Outcome:
        from kitgen.games.game_of_words.drivers import run_deal

        return run_deal(game)(values, context)

    return run


def _run_verify_solitaire(values: Values, context: Context) -> Outcome:
    from kitgen.games.game_of_words.drivers import run_verify_solitaire

    return run_verify_solitaire(values, context)


def _deal_command(game: str, help: str, options: tuple[Option, ...], run: Run) -> Command:
    return Command(game, Group.DEAL, help, options + (PAPER, OUT), run, writes=True, result=True)


def _plain_deal(game: str) -> Command:
    return _deal_command(game, f"A seeded {game} deal (default deal 1): text, --json, or a deal sheet with --out "
                         "FILE.pdf.", (DEAL_SEED, SPEC, DEAL_PLAYERS), _run_deal(game))


COMMANDS = (
    Command("deck", Group.TOP, "The Game of Words letter-card deck: faces, backs, Sub Cards, crop marks, a rules "
            "summary.", (*DECK_OPTIONS, CUT_SVG), _run_deck, writes=True),
    _deal_command("word-solitaire", "A seeded Word Solitaire deal (default deal 1); --solve decides it, --range A-B "
                  "--solve a range, one JSON line a deal.",
                  (DEAL_SEED, SPEC, SOLVE, WINNABLE, WORDS, LANG, ALL_WORDS),
                  _run_word_solitaire),
    _deal_command("letter-patience", "A seeded Letter Patience deal (default deal 1); --solve decides it with every "
                  "card known.", (DEAL_SEED, SPEC, SOLVE_PATIENCE, WORDS, LANG, ALL_WORDS), _run_letter_patience),
    *(_plain_deal(game) for game in ("crossword-solitaire-a", "crossword-solitaire-b", "crossword", "anagrams")),
    Command("solitaire", Group.VERIFY, SOLITAIRE.help, SOLITAIRE.options, _run_verify_solitaire,
            result=True),
)


def _card_flip(paper: Paper) -> Duplex:
    """The edge the kit's card pages turn on: the long edge, as they are portrait on every paper (``sheet_for``'s
    ``portrait``), like the rules pages, so one flip serves the whole kit."""
    from kitgen.games.game_of_words.render.deck import sheet_for
    from kitgen.io.pdf import flip_edge

    return flip_edge(sheet_for(paper, portrait=True).page)


def _kit_components(kit: KitSettings) -> bytes:
    from kitgen.games.game_of_words.render.kit import kit_components

    return kit_components(kit.paper, kit.seed, kit.players)


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
    components=(Component("deck", N_("The letter-card deck: faces, backs, crop marks, a rules summary"), DECK_OPTIONS,
                          render_deck, command="deck"), *(_sheet(d) for d in DEALS),
                Component("score-pads", N_("Score pads for Anagrams, the O-U-T Game and Guess-O-Gram, a page each"),
                          (PAPER,), render_score_pads)),
    deals=DEALS,
    records=(SOLITAIRE, HAND, ANAGRAMS, OUT_GAME, GUESS_O_GRAM),
    commands=COMMANDS,
)
