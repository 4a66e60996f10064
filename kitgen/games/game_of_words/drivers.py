"""What the Game of Words' declared commands, deals and verifiers do, between the option values and the rules.

The declaration (``declaration.py``) imports this module lazily, inside its
functions, so that listing the games stays fast. Output texts and JSON
documents here are the documented contract of ``kitgen deck``, ``kitgen deal
...`` and ``kitgen verify solitaire|crossword-hand`` (docs/game-of-words.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from kitgen.core.errors import InputError, Location
from kitgen.core.lexicon import Lexicon, get_lexicon
from kitgen.core.random import check_seed
from kitgen.core.text import TextSource
from kitgen.games.base import Context, Outcome, OutFile, Problem, Run, Values, Verdict, output_name
from kitgen.games.game_of_words.declaration import CardSize
from kitgen.games.game_of_words.formats.deck_spec import load_deck
from kitgen.games.game_of_words.formats.record import Record, parse_record
from kitgen.games.game_of_words.formats.solitaire import (
    TypedGrid,
    TypedWord,
    check_pile_numbers,
    parse_grid,
    parse_solution,
)
from kitgen.games.game_of_words.rules.crossword_game import (
    DEFAULT_TARGET,
    Hand,
    IllegalHand,
    IllegalTurn,
    replay_game,
)
from kitgen.games.game_of_words.rules.crossword_solitaire import check_crossword
from kitgen.games.game_of_words.rules.deals import (
    Deal,
    WordSolitaireDeal,
    deal,
    deal_crossword,
    deal_letter_patience,
    deal_word_solitaire,
)
from kitgen.games.game_of_words.rules.deck import Deck
from kitgen.games.game_of_words.rules.letter_patience import PatienceMove, PatienceSolver, PatienceUndecided
from kitgen.games.game_of_words.rules.solve_service import (
    RangeWorker,
    decide,
    deck_letters,
    first_winnable,
)
from kitgen.games.game_of_words.rules.word_solitaire import Solver, replay

GAME = "game-of-words"
VERIFY_GAMES = ("word-solitaire", "crossword-solitaire-a", "crossword-solitaire-b")
PLAYER_GAMES = ("crossword", "anagrams")
BLEED = (0.0, 5.0)
MARGIN = (5.0, 20.0)


# -- option values ---------------------------------------------------------------------

def deck_of(values: Values) -> Deck:
    """The deck ``--spec`` names (a preset or a file), the default without it."""
    return load_deck(values.opt_str("spec"))


def seed_of(values: Values) -> int:
    """``--seed``, checked (default deal 1)."""
    seed = values.opt_int("seed")
    return check_seed(1 if seed is None else seed)


def lexicon_of(values: Values) -> Lexicon:
    return get_lexicon(values.path("words"))


def opt_float(values: Values, name: str) -> float | None:
    value = values.get(name)
    assert value is None or (isinstance(value, (int, float)) and not isinstance(value, bool)), name
    return None if value is None else float(value)


def players_of(values: Values) -> int:
    return values.as_int("players") if "players" in values else 2


# -- the deck --------------------------------------------------------------------------

def _deck_pdf(deck: Deck, values: Values) -> bytes:
    from kitgen.games.game_of_words.render.deck import deck_bytes

    return deck_bytes(deck, values.paper(), values.enum("size", CardSize).value, values.as_float("bleed"),
                      values.flag("duplex"), values.flag("marks"), margin_mm=opt_float(values, "margin"))


def _checked_deck(values: Values) -> Deck:
    """The deck, after checking ``--bleed`` and ``--margin`` (in mm, as their messages say)."""
    bleed, margin = values.as_float("bleed"), opt_float(values, "margin")
    if not BLEED[0] <= bleed <= BLEED[1]:
        raise InputError(f"--bleed must be between 0 and 5 mm (got {bleed:g})")
    if margin is not None and not MARGIN[0] <= margin <= MARGIN[1]:
        raise InputError(f"--margin must be between 5 and 20 mm (got {margin:g})")
    return deck_of(values)


def render_deck(values: Values) -> bytes:
    """The deck PDF: faces, backs, Sub Cards, crop marks, a rules summary."""
    return _deck_pdf(_checked_deck(values), values)


def run_deck(values: Values, context: Context) -> Outcome:
    """``kitgen deck``: ``deck-NAME-SIZE-PAPER.pdf``, then any ``bleed3mm``, ``margin10mm``, ``duplex``, ``nomarks``."""
    deck = _checked_deck(values)
    bleed, margin = values.as_float("bleed"), opt_float(values, "margin")
    name = output_name(f"deck-{deck.name}-{values.enum('size', CardSize).value}-{values.paper().value}",
                       f"bleed{bleed:g}mm" if bleed else None, None if margin is None else f"margin{margin:g}mm",
                       "duplex" if values.flag("duplex") else None, None if values.flag("marks") else "nomarks")
    return Outcome(files=[OutFile(name, lambda: _deck_pdf(deck, values))])


# -- deals -----------------------------------------------------------------------------

def deal_of(game: str, values: Values) -> Deal:
    """Deal ``game`` from the option values (deck first, then the seed, as the errors have always come)."""
    deck = deck_of(values)
    return deal(game, deck, seed_of(values), players_of(values))


def render_sheet(dealt: Deal, values: Values) -> bytes:
    from kitgen.games.game_of_words.render.deal_sheet import deal_sheet_bytes

    return deal_sheet_bytes(dealt, values.paper())


def deal_outcome(dealt: Deal, values: Values, solved: dict[str, Any] | None = None,
                 solved_lines: tuple[str, ...] = ()) -> Outcome:
    """The deal as text (or its JSON), or its deal sheet with ``--out``; ``solved`` adds to both."""
    from kitgen.io.files import out_path

    out = values.opt_str("out")
    document = {**dealt.to_json(), **(solved or {})}
    if out is None:
        return Outcome(lines=[dealt.to_text(), *solved_lines], document=document)
    players = players_of(values)
    name = output_name(f"deal-{dealt.game}-{dealt.seed}-{values.paper().value}",
                       f"{players}p" if players != 2 else None)
    sheet = OutFile(name, lambda: render_sheet(dealt, values), explicit=out_path(out, name))
    return Outcome(files=[sheet], document=document)


def run_deal(game: str) -> Run:
    """``kitgen deal GAME``: a seeded deal as text, JSON or a deal sheet."""

    def run(values: Values, context: Context) -> Outcome:
        if players_of(values) != 2 and game not in PLAYER_GAMES:
            raise InputError(f"--players applies to crossword and anagrams, not {game}")
        return deal_outcome(deal_of(game, values), values)

    return run


def run_word_solitaire(values: Values, context: Context) -> Outcome:
    """``kitgen deal word-solitaire``: a deal, decided with ``--solve``, or the first winnable one (ranges are the
    variant's survey, kitgen/games/survey.py)."""
    deck = deck_of(values)
    solve, winnable = values.flag("solve"), values.flag("winnable")
    if not (solve or winnable):
        return deal_outcome(deal_word_solitaire(deck, seed_of(values)), values)
    lexicon = lexicon_of(values)
    solver = Solver(lexicon, deck_letters(deck))
    start = seed_of(values)
    if winnable:
        dealt, decision = first_winnable(solver, deck, start)
    else:
        dealt = deal_word_solitaire(deck, start)
        decision = decide(solver, dealt)
    if not solve:
        return deal_outcome(dealt, values)
    return deal_outcome(dealt, values, decision.to_json(), tuple(decision.lines()))


def range_worker(values: Values) -> RangeWorker:
    """The per-deal work of ``--range A-B --solve``: a solver for ``--words`` and the deck, built once."""
    deck = deck_of(values)
    return RangeWorker(Solver(lexicon_of(values), deck_letters(deck)), deck)


def run_letter_patience(values: Values, context: Context) -> Outcome:
    """``kitgen deal letter-patience``: a deal, decided with every card known with ``--solve``."""
    dealt = deal_letter_patience(deck_of(values), seed_of(values))
    if not values.flag("solve"):
        return deal_outcome(dealt, values)
    moves: list[PatienceMove] | None = None
    winnable: bool | None
    try:
        moves = PatienceSolver(lexicon_of(values)).solve(dealt.piles, "".join(dealt.stock), len(dealt.aside))
        winnable = moves is not None
    except PatienceUndecided:
        winnable = None
    said = {True: "yes", False: "no", None: "undecided (the search gave up)"}[winnable]
    lines = (f"winnable: {said}", *(f"  {n:3d}. {m.describe()}" for n, m in enumerate(moves or [], start=1)))
    return deal_outcome(dealt, values, {"winnable": winnable, "solution": [m.to_json() for m in moves or []]}, lines)


# -- verifying a finished solitaire ------------------------------------------------------

@dataclass(frozen=True)
class SolitaireRecord:
    """A finished solitaire typed back in: its game and deal, and the words (Word Solitaire) or the grid."""

    game: str
    seed: int
    name: str
    words: tuple[TypedWord, ...] = ()
    grid: TypedGrid | None = None


def check_solitaire_options(values: Values) -> tuple[str, int]:
    """``--game`` (one of the solitaires) and ``--seed`` (needed: the deal played)."""
    game = values.as_str("game")
    if game not in VERIFY_GAMES:
        raise InputError(f"unknown game {game!r} for verify solitaire (choose from {', '.join(VERIFY_GAMES)})")
    seed = values.opt_int("seed")
    if seed is None:
        raise InputError("--seed N is needed: the deal the solitaire was played from")
    return game, seed


def read_solitaire(text: str, source: str, values: Values) -> SolitaireRecord:
    """A Word Solitaire solution or a Crossword Solitaire grid, by ``--game`` (``FILE:LINE:COL`` errors)."""
    game, seed = check_solitaire_options(values)
    typed = TextSource(source, text)
    if game == "word-solitaire":
        return SolitaireRecord(game, seed, source, words=tuple(parse_solution(typed)))
    return SolitaireRecord(game, seed, source, grid=parse_grid(typed))


def verify_solitaire(record: SolitaireRecord, values: Values) -> Verdict:
    """Replay the words on the deal (Word Solitaire), or check the finished crossword against the pack."""
    deck = deck_of(values)
    dealt = deal(record.game, deck, check_seed(record.seed))
    lexicon = lexicon_of(values)
    if isinstance(dealt, WordSolitaireDeal):
        return _verify_words(record, dealt, lexicon)
    assert record.grid is not None
    return _verify_grid(record.grid, record.game, dealt, lexicon)


def _verify_words(record: SolitaireRecord, dealt: WordSolitaireDeal, lexicon: Lexicon) -> Verdict:
    typed, name = record.words, record.name
    piles = dealt.pile_strings()
    check_pile_numbers(name, list(typed), len(piles))
    done = replay(piles, [t.word for t in typed], lexicon, [t.piles for t in typed])
    document: dict[str, Any] = {"game": record.game, "seed": dealt.seed, "won": done.won,
                                "solution": [s.to_json() for s in done.steps]}
    if done.won:
        return Verdict(GAME, "solitaire", document, f"{name}: won deal {dealt.seed}: {len(done.steps)} words use all "
                       f"{sum(map(len, piles))} cards")
    at = done.failed_at if done.failed_at is not None and done.failed_at < len(typed) else None
    where = Location(name, typed[at].line, typed[at].col) if at is not None else Location(name, typed[-1].line, 1)
    word = typed[at].word + ": " if at is not None else ""
    document.update({"error": f"{word}{done.reason}", "cards_left": done.cards_left})
    problem = Problem(done.code, f"{word}{done.reason} (cards left: {done.cards_left or 'none'})", where)
    return Verdict(GAME, "solitaire", document, "", (problem,))


def _verify_grid(grid: TypedGrid, game: str, dealt: Deal, lexicon: Lexicon) -> Verdict:
    pack = "".join(c.letter for c in dealt.deck.letters)
    report = check_crossword(dict(grid.cells), pack, lexicon)
    document = {"game": game, "seed": dealt.seed, "won": report.won,
                "words": [{"word": w, "x": c[0], "y": c[1], "direction": d} for w, c, d in report.words],
                "problems": [p.to_json() for p in report.problems]}
    problems = tuple(Problem(p.code, p.message, Location(grid.name, grid.row_lines.get(p.cell[1], 0), p.cell[0] + 1)
                             if p.cell else Location(grid.name)) for p in report.problems)
    text = (f"{grid.name}: won deal {dealt.seed}: one crossword of {len(report.words)} words uses all "
            f"{len(pack)} cards") if report.won else ""
    return Verdict(GAME, "solitaire", document, text, problems)


def run_verify_solitaire(values: Values, context: Context) -> Outcome:
    """``kitgen verify solitaire FILE``: as the generated verify command, with the report kitgen has always given.

    With ``--json`` the problems are in the document only (nothing on stderr);
    without it they go to stderr, the first problem last (as the message the
    command exits with).
    """
    check_solitaire_options(values)
    path = values.path("file")
    assert path is not None
    source = TextSource.from_path(path)
    verdict = verify_solitaire(read_solitaire(source.text, source.name, values), values)
    errors = verdict.errors
    error = None if context.json or not errors else "\n".join(str(p) for p in errors[1:] + errors[:1])
    return Outcome(document=verdict.to_json(), lines=[verdict.text] if verdict.text else [],
                   exit_code=verdict.exit_code, error=error)


# -- verifying a Crossword Game hand or game ------------------------------------------------

def read_hand(text: str, source: str, values: Values) -> Record:
    """A typed-back hand or game, one turn a line (``FILE:LINE:COL`` errors); ``--seed`` is needed for a record
    without ``hand N`` lines, and ``--target`` may not contradict its ``target:`` line."""
    record = parse_record(TextSource(source, text))
    if record.hands[0].seed is None and values.opt_int("seed") is None:
        raise InputError("--seed N is needed: the deal the hand was played from (or 'hand N' lines in the record)")
    target = values.opt_int("target")
    if target is not None and record.target is not None and target != record.target:
        raise InputError(f"--target {target} but the record says target: {record.target}",
                         Location(source, record.target_line, 1))
    return record


def _dealt_hand(values: Values, deck: Deck, seed: int, players: int, lexicon: Lexicon) -> Hand:
    """Hand ``seed`` as dealt; with ``--free-for-all``, plurals allowed and the proper nouns accepted."""
    from kitgen.core.names import proper_nouns

    dealt = deal_crossword(deck, check_seed(seed), players)
    free = values.flag("free_for_all")
    return Hand([list(h) for h in dealt.hands], list(dealt.stack), [dealt.turned], lexicon,
                {c.letter: c.value for c in deck.cards}, first=dealt.first - 1, seed=dealt.seed,
                free_for_all=free, names=proper_nouns() if free else frozenset())


def verify_hand(record: Record, values: Values) -> Verdict:
    """Replay each hand against ``kitgen deal crossword --seed N --players P``: plays, challenges, charges, and
    the game's totals against the target (``--target``, the record's ``target:``, else 50)."""
    deck = deck_of(values)
    lexicon = lexicon_of(values)
    target = values.opt_int("target") or record.target or DEFAULT_TARGET
    hands = [(_dealt_hand(values, deck, seed_of(values) if h.seed is None else h.seed, record.players, lexicon),
              h.turns) for h in record.hands]
    try:
        done = replay_game(hands, target)
    except IllegalTurn as exc:
        where = Location(record.name, exc.turn.line, exc.turn.col)
        return Verdict(GAME, "crossword-hand", {}, "", (Problem(exc.error.reason.value, exc.error.message, where),))
    except IllegalHand as exc:
        start = record.hands[exc.index]
        where = Location(record.name, start.line, start.col)
        return Verdict(GAME, "crossword-hand", {}, "", (Problem(exc.error.reason.value, exc.error.message, where),))
    document = {"game": "crossword", "seed": done.hands[0].seed, "free_for_all": values.flag("free_for_all"),
                **done.to_json()}
    return Verdict(GAME, "crossword-hand", document, "\n".join(done.lines(record.name)))
