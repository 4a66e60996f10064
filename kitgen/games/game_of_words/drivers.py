"""What the Game of Words' declared commands, deals and verifiers do, between the option values and the rules.

The declaration (``declaration.py``) imports this module lazily, inside its
functions, so that listing the games stays fast. Output texts and JSON
documents here are the documented contract of ``kitgen deck``, ``kitgen deal
...`` and ``kitgen verify solitaire|crossword-hand`` (docs/game-of-words.md).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from kitgen.core.errors import InputError, Location
from kitgen.core.lexicon import Lexicon
from kitgen.core.random import check_seed
from kitgen.core.text import TextSource
from kitgen.games.base import (
    Context,
    Outcome,
    OutFile,
    Problem,
    Run,
    Severity,
    Values,
    Verdict,
    lexicon_of,
    output_name,
    proposals_of,
    with_cut_files,
)
from kitgen.games.game_of_words.formats.deck_spec import load_deck
from kitgen.games.game_of_words.formats.patience import parse_patience
from kitgen.games.game_of_words.formats.record import Record, parse_record
from kitgen.games.game_of_words.formats.solitaire import (
    TypedGrid,
    TypedWord,
    check_pile_numbers,
    is_move_record,
    parse_grid,
    parse_moves,
    parse_solution,
)
from kitgen.games.game_of_words.formats.table_games import GuessTurn, Players, parse_anagrams, parse_guess, parse_out
from kitgen.games.game_of_words.rules.anagrams_replay import (
    AnagramsBroken,
    AnagramsTurn,
    new_game,
    replay_anagrams,
)
from kitgen.games.game_of_words.rules.crossword_game import (
    DEFAULT_TARGET,
    Hand,
    IllegalHand,
    IllegalTurn,
    replay_game,
)
from kitgen.games.game_of_words.rules.crossword_solitaire import check_crossword, grid_words
from kitgen.games.game_of_words.rules.deals import (
    CrosswordSolitaireADeal,
    CrosswordSolitaireBDeal,
    Deal,
    LetterPatienceDeal,
    Solitaire,
    WordSolitaireDeal,
    deal,
    deal_anagrams,
    deal_crossword,
    deal_letter_patience,
    deal_word_solitaire,
)
from kitgen.games.game_of_words.rules.deck import CardSize, Deck
from kitgen.games.game_of_words.rules.guess_o_gram import GuessError, GuessOGram
from kitgen.games.game_of_words.rules.out_game import ScoreSheet
from kitgen.games.game_of_words.rules.out_replay import OutBroken, OutGame, OutTurn, replay_out
from kitgen.games.game_of_words.rules.patience_replay import TypedMove, position_after, replay_patience
from kitgen.games.game_of_words.rules.patience_solver import PatienceRangeWorker
from kitgen.games.game_of_words.rules.solitaire_replay import SolitaireMove, replay_solitaire
from kitgen.games.game_of_words.rules.solve_service import (
    RangeWorker,
    decide,
    decide_piles,
    deck_letters,
    first_winnable,
)
from kitgen.games.game_of_words.rules.word_solitaire import position, replay
from kitgen.games.game_of_words.solvers import kept_patience_worker, word_solver


@dataclass(frozen=True)
class Report:
    """A Game of Words verdict's document: the ``--json`` contract of its record kind (docs/game-of-words.md)."""

    fields: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        return dict(self.fields)


GAME = "game-of-words"
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


def opt_float(values: Values, name: str) -> float | None:
    value = values.get(name)
    assert value is None or (isinstance(value, (int, float)) and not isinstance(value, bool)), name
    return None if value is None else float(value)


def players_of(values: Values) -> int:
    return values.as_int("players") if "players" in values else 2


# -- the deck --------------------------------------------------------------------------

def _deck_pdf(deck: Deck, values: Values) -> bytes:
    from kitgen.games.game_of_words.render.deck import deck_bytes

    return deck_bytes(deck, values.paper(), card_size(values), values.as_float("bleed"),
                      values.flag("duplex"), values.flag("marks"), margin_mm=opt_float(values, "margin"))


def card_size(values: Values) -> str:
    """``--card-size WxH`` if given, else the ``--size`` name."""
    custom = values.opt_str("card_size") if "card_size" in values else None
    return custom.strip().lower() if custom else values.enum("size", CardSize).value


def _checked_deck(values: Values) -> Deck:
    """The deck, after checking ``--bleed``, ``--margin`` (in mm, as their messages say) and ``--card-size``."""
    from kitgen.games.game_of_words.render.deck import card_mm, sheet_for

    try:
        card_mm(card_size(values))
    except ValueError as exc:
        raise InputError(f"--card-size: {exc}") from None
    bleed, margin = values.as_float("bleed"), opt_float(values, "margin")
    if not BLEED[0] <= bleed <= BLEED[1]:
        raise InputError(f"--bleed must be between 0 and 5 mm (got {bleed:g})")
    if margin is not None and not MARGIN[0] <= margin <= MARGIN[1]:
        raise InputError(f"--margin must be between 5 and 20 mm (got {margin:g})")
    try:
        sheet_for(values.paper(), card_size(values), bleed, margin)
    except ValueError:
        w, h = card_mm(card_size(values))
        raise InputError(f"a {w:g} x {h:g} mm card{f' with a {bleed:g} mm bleed' if bleed else ''} does not fit "
                         f"{values.paper().value} paper inside the margins; choose a smaller card or a larger "
                         "paper") from None
    return deck_of(values)


def render_deck(values: Values) -> bytes:
    """The deck PDF: faces, backs, Sub Cards, crop marks, a rules summary."""
    return _deck_pdf(_checked_deck(values), values)


def run_deck(values: Values, context: Context) -> Outcome:
    """``kitgen deck``: ``deck-NAME-SIZE-PAPER.pdf``, then any ``bleed3mm``, ``margin10mm``, ``duplex``, ``nomarks``."""
    deck = _checked_deck(values)
    bleed, margin = values.as_float("bleed"), opt_float(values, "margin")
    name = output_name(f"deck-{deck.name}-{card_size(values)}-{values.paper().value}",
                       f"bleed{bleed:g}mm" if bleed else None, None if margin is None else f"margin{margin:g}mm",
                       "duplex" if values.flag("duplex") else None, None if values.flag("marks") else "nomarks")
    pdf = OutFile(name, lambda: _deck_pdf(deck, values))
    if not values.flag("cut_svg"):
        return Outcome(files=[pdf])
    from kitgen.games.game_of_words.render.deck import sheet_for

    sheet = sheet_for(values.paper(), card_size(values), bleed, margin)
    pages = dict(sheet.face_pages(len(deck.cards), values.flag("duplex")))
    return Outcome(files=with_cut_files(values.flag("cut_svg"), values.opt_str("out"), pdf, list(pages),
                                        lambda page: sheet.cut_sheet(pages[page], f"{name}, page {page}: faces")))


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
    solver = word_solver(proposals_of(values), deck_letters(deck))  # kept: a web worker builds it once
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
    return RangeWorker(word_solver(proposals_of(values), deck_letters(deck)), deck)


def patience_worker(values: Values) -> PatienceRangeWorker:
    """The solver of ``deal letter-patience --solve`` (one deal) and ``--range A-B --solve`` (built once)."""
    return kept_patience_worker(proposals_of(values), deck_of(values))


def run_letter_patience(values: Values, context: Context) -> Outcome:
    """``kitgen deal letter-patience``: a deal, decided with every card known with ``--solve``."""
    dealt = deal_letter_patience(deck_of(values), seed_of(values))
    if not values.flag("solve"):
        return deal_outcome(dealt, values)
    winnable, moves = patience_worker(values).decide(dealt)
    said = {True: "yes", False: "no", None: "undecided (the search gave up)"}[winnable]
    lines = (f"winnable: {said}", *(f"  {m.describe()}" for m in moves or []))
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
    moves: tuple[TypedMove, ...] = ()
    plays: tuple[SolitaireMove, ...] = ()


def check_solitaire_options(values: Values) -> tuple[str, int]:
    """``--game`` (one of the solitaires) and ``--seed`` (needed: the deal played)."""
    game = values.enum("game", Solitaire).value
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
    if game == "letter-patience":
        return SolitaireRecord(game, seed, source, moves=tuple(parse_patience(typed)))
    if is_move_record(typed):
        return SolitaireRecord(game, seed, source, plays=tuple(parse_moves(typed)))
    return SolitaireRecord(game, seed, source, grid=parse_grid(typed))


def verify_solitaire(record: SolitaireRecord, values: Values, context: Context) -> Verdict[Report]:
    """Replay the words on the deal (Word Solitaire), or check the finished crossword against the pack."""
    deck = deck_of(values)
    dealt = deal(record.game, deck, check_seed(record.seed))
    lexicon = lexicon_of(values)
    if isinstance(dealt, WordSolitaireDeal):
        return _verify_words(record, dealt, lexicon)
    if isinstance(dealt, LetterPatienceDeal):
        return _verify_patience(record, dealt, lexicon)
    if record.grid is None:
        assert isinstance(dealt, (CrosswordSolitaireADeal, CrosswordSolitaireBDeal))
        return _verify_plays(record, dealt, lexicon)
    return _verify_grid(record.grid, record.game, dealt, lexicon)


def solitaire_hint(record: SolitaireRecord, values: Values) -> dict[str, Any]:
    """The solver's next move from the game so far (the web's hint, ``api.reply``; docs/web.md, "Play it"):
    ``{"line", "step", "winnable", "moves"}``: the move as the record would hold it and as a deal's solution
    step, whether the game can still be won from here (``None``: the search gave up) and how many moves the
    solver's way still takes. A won or lost position has no step (``line`` empty)."""
    deck = deck_of(values)
    dealt = deal(record.game, deck, check_seed(record.seed))
    lexicon, proposals = lexicon_of(values), proposals_of(values)
    if isinstance(dealt, WordSolitaireDeal):
        left = position(dealt.pile_strings(), [t.word for t in record.words], lexicon,
                        [t.piles for t in record.words])
        if left is None:
            raise InputError("the game so far breaks a rule, so there is no hint: take back the last word")
        decision = decide_piles(word_solver(proposals, deck_letters(deck)), list(left))
        winnable, steps = decision.winnable, [s.to_json() for s in decision.solution]
    elif isinstance(dealt, LetterPatienceDeal):
        state = position_after(dealt, record.moves, lexicon)
        if state is None:
            raise InputError("the game so far breaks a rule, so there is no hint: take back the last move")
        piles, waste, turned, subs = state
        winnable, moves = kept_patience_worker(proposals, deck).decide_from(piles, "".join(dealt.stock), subs,
                                                                            waste, turned)
        steps = [m.to_json() for m in moves]
    else:
        raise InputError(f"{record.game} has no hints (Word Solitaire and Letter Patience have)")
    step = steps[0] if winnable and steps else None
    return {"line": step_line(step) if step else "", "step": step, "winnable": winnable, "moves": len(steps)}


def step_line(step: dict[str, Any]) -> str:
    """A solution step as the solitaire's record holds it: ``WORD 3 5 12``, ``fill 2 from W``, ``turn``."""
    if step.get("move") == "turn":
        return "turn"
    if step.get("move") == "fill":
        return f"fill {step['space']} from {step['from']}"
    return " ".join([str(step["word"]), *(str(f) for f in step["from"])])


def _verify_plays(record: SolitaireRecord, dealt: CrosswordSolitaireADeal | CrosswordSolitaireBDeal,
                  lexicon: Lexicon) -> Verdict[Report]:
    """Replay a typed Crossword Solitaire A or B game move by move on its deal (ruling 15)."""
    done = replay_solitaire(dealt, record.plays, lexicon)
    words = grid_words(done.board)
    document: dict[str, Any] = {"game": record.game, "seed": dealt.seed, "won": done.won, "replayed": True,
                                "error": None, "cards_left": 0, "moves": list(done.moves),
                                "words": [{"word": w, "x": c[0], "y": c[1], "direction": d} for w, c, d in words]}
    name = record.name
    if done.won:
        return Verdict(GAME, "solitaire", Report({**document, "problems": []}), f"{name}: won deal {dealt.seed}: "
                       f"{len(record.plays)} moves, one crossword of {len(words)} words uses every card")
    at = done.failed_at if done.failed_at is not None and done.failed_at < len(record.plays) else None
    move = record.plays[at if at is not None else -1]
    where = Location(name, move.line, move.col if at is not None else 1)
    problem = Problem(done.code, f"{done.reason} (cards left: {done.cards_left})", where)
    document.update({"error": done.reason, "cards_left": done.cards_left,
                     "problems": [{"message": problem.message}]})
    return Verdict(GAME, "solitaire", Report(document), "", (problem,))


def _verify_words(record: SolitaireRecord, dealt: WordSolitaireDeal, lexicon: Lexicon) -> Verdict[Report]:
    typed, name = record.words, record.name
    piles = dealt.pile_strings()
    check_pile_numbers(name, list(typed), len(piles))
    done = replay(piles, [t.word for t in typed], lexicon, [t.piles for t in typed])
    document: dict[str, Any] = {"game": record.game, "seed": dealt.seed, "won": done.won,
                                "solution": [s.to_json() for s in done.steps], "error": None, "cards_left": 0}
    if done.won:
        return Verdict(GAME, "solitaire", Report(document), f"{name}: won deal {dealt.seed}: {len(done.steps)} words "
                       "use all "
                       f"{sum(map(len, piles))} cards")
    at = done.failed_at if done.failed_at is not None and done.failed_at < len(typed) else None
    where = Location(name, typed[at].line, typed[at].col) if at is not None else Location(name, typed[-1].line, 1)
    word = typed[at].word + ": " if at is not None else ""
    document.update({"error": f"{word}{done.reason}", "cards_left": done.cards_left})
    problem = Problem(done.code, f"{word}{done.reason} (cards left: {done.cards_left or 'none'})", where)
    return Verdict(GAME, "solitaire", Report(document), "", (problem,))


def _verify_patience(record: SolitaireRecord, dealt: LetterPatienceDeal, lexicon: Lexicon) -> Verdict[Report]:
    """Replay a typed Letter Patience game move by move on its deal (ruling 14)."""
    done = replay_patience(dealt, record.moves, lexicon)
    document: dict[str, Any] = {"game": record.game, "seed": dealt.seed, "error": None, "cards_left": 0,
                                **done.to_json()}
    name = record.name
    if done.won:
        return Verdict(GAME, "solitaire", Report(document), f"{name}: won deal {dealt.seed}: {len(done.moves)} moves "
                       "use "
                       f"all {sum(map(len, dealt.piles)) + len(dealt.stock)} cards")
    at = done.failed_at if done.failed_at is not None and done.failed_at < len(record.moves) else None
    move = record.moves[at if at is not None else -1]
    where = Location(name, move.line, move.col if at is not None else 1)
    document.update({"error": done.reason, "cards_left": done.cards_left})
    return Verdict(GAME, "solitaire", Report(document), "", (Problem(done.code, f"{done.reason} (cards left: "
                                                             f"{done.cards_left})", where),))


def _verify_grid(grid: TypedGrid, game: str, dealt: Deal, lexicon: Lexicon) -> Verdict[Report]:
    pack = "".join(c.letter for c in dealt.deck.letters)
    report = check_crossword(dict(grid.cells), pack, lexicon)
    document = {"game": game, "seed": dealt.seed, "won": report.won, "replayed": False,
                "words": [{"word": w, "x": c[0], "y": c[1], "direction": d} for w, c, d in report.words],
                "problems": [p.to_json() for p in report.problems]}
    problems = tuple(Problem(p.code, p.message, Location(grid.name, grid.row_lines.get(p.cell[1], 0), p.cell[0] + 1)
                             if p.cell else Location(grid.name)) for p in report.problems)
    text = (f"{grid.name}: one crossword of {len(report.words)} words uses all {len(pack)} cards of the pack "
            f"(a finished grid: the order of play against deal {dealt.seed} is not checked)") if report.won else ""
    note = Problem("order-not-checked", "a finished grid shows nothing of the order of play: type the moves to "
                   f"replay them against deal {dealt.seed}", Location(grid.name), Severity.WARNING)
    return Verdict(GAME, "solitaire", Report(document), text, (*problems, note))


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
    verdict = verify_solitaire(read_solitaire(source.text, source.name, values), values, context)
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


def verify_hand(record: Record, values: Values, context: Context) -> Verdict[Report]:
    """Replay each hand against ``kitgen deal crossword --seed N --players P``: plays, challenges, charges, and
    the game's totals against the target (``--target``, the record's ``target:``, else 50)."""
    deck = deck_of(values)
    lexicon = lexicon_of(values)
    target = values.opt_int("target") or record.target or DEFAULT_TARGET
    hands = [(_dealt_hand(values, deck, seed_of(values) if h.seed is None else h.seed, record.players, lexicon),
              h.turns) for h in record.hands]
    done = replay_game(hands, target)
    document = {"game": "crossword", "seed": done.hands[0].seed, "free_for_all": values.flag("free_for_all"),
                **done.to_json()}
    return Verdict(GAME, "crossword-hand", Report(document), "\n".join(done.lines(record.name)),
                   (_hand_problem(record, done.broken),) if done.broken is not None else ())


def _hand_problem(record: Record, broken: IllegalTurn | IllegalHand) -> Problem:
    """The refusal that stopped the replay, at the refused turn (or the line starting the hand that may not)."""
    if isinstance(broken, IllegalTurn):
        where = Location(record.name, broken.turn.line, broken.turn.col)
    else:
        start = record.hands[broken.index]
        where = Location(record.name, start.line, start.col)
    return Problem(broken.error.reason.value, broken.error.message, where)


# -- the table games' score-keeping records -------------------------------------------------

T = TypeVar("T")


@dataclass(frozen=True)
class TableRecord(Generic[T]):
    """A typed table-game record (Anagrams, O-U-T, Guess-O-Gram): its file name, the players, the turns."""

    name: str
    players: Players
    turns: tuple[T, ...]

    @classmethod
    def read(cls, parse: Callable[[TextSource], tuple[Players, list[T]]], text: str, source: str
             ) -> TableRecord[T]:
        """The record ``parse`` reads from ``text`` (``FILE:LINE:COL`` errors)."""
        players, turns = parse(TextSource(source, text))
        return cls(source, players, tuple(turns))


def read_anagrams(text: str, source: str, values: Values) -> TableRecord[AnagramsTurn]:
    """An Anagrams record (``FILE:LINE:COL`` errors)."""
    return TableRecord.read(parse_anagrams, text, source)


def verify_anagrams(record: TableRecord[AnagramsTurn], values: Values, context: Context) -> Verdict[Report]:
    """Replay an Anagrams record (ruling 16): against ``kitgen deal anagrams --seed N --players P`` when
    ``--seed`` is given (each card checked), else against the pack's cards."""
    deck = deck_of(values)
    names = record.players.names
    worth = {c.letter: c.value for c in deck.cards}
    seed = values.opt_int("seed")
    if seed is not None:
        dealt = deal_anagrams(deck, check_seed(seed), len(names))
        game = new_game(len(names), lexicon_of(values), worth, dealt.pack, dealt.holding, dealt.first - 1)
    else:
        game = new_game(len(names), lexicon_of(values), worth, [c.letter for c in deck.cards], None,
                        record.turns[0].player)
    problems: tuple[Problem, ...] = ()
    try:
        result = replay_anagrams(game, record.turns)
    except AnagramsBroken as exc:  # the game is kept up to the broken turn
        turn = record.turns[exc.index]
        problems = (Problem(exc.code, exc.reason, Location(record.name, turn.line, turn.col)),)
        result = game.result()
    document = {"game": "anagrams", "seed": seed, **result.to_json(names)}
    scores = ", ".join(f"{n} {s}" for n, s in zip(names, result.scores, strict=True))
    lines = [f"{record.name}: {len(record.turns)} turns; scores {scores}"]
    lines.append(f"the pack is played out: {' and '.join(names[w] for w in result.winners)} wins" if result.over
                 else "the game goes on: cards are still in the pack or in hand")
    if result.doubtful:
        lines.append("not in the lexicon but never challenged: " + ", ".join(result.doubtful))
    return Verdict(GAME, "anagrams", Report(document), "\n".join(lines) if not problems else "", problems)


def read_out(text: str, source: str, values: Values) -> TableRecord[OutTurn]:
    """An O-U-T Game record (``FILE:LINE:COL`` errors)."""
    return TableRecord.read(parse_out, text, source)


def out_hands(deck: Deck, seed: int, players: int) -> list[Counter[str]]:
    """The O-U-T Game's deal (ruling 17): every card of deal ``seed``, one by one round the table from seat 1."""
    from kitgen.core.random import freecell_deal

    cards = freecell_deal(deck.cards, check_seed(seed))
    return [Counter(c.letter for c in cards[seat::players]) for seat in range(players)]


def verify_out(record: TableRecord[OutTurn], values: Values, context: Context) -> Verdict[Report]:
    """Replay an O-U-T Game record (ruling 17): penalties, E's, asks, who starts each word, the winner."""
    deck = deck_of(values)
    names = record.players.names
    seed = values.opt_int("seed")
    hands = None if seed is None else out_hands(deck, seed, len(names))
    game = OutGame(ScoreSheet(len(names)), lexicon_of(values), hands, Counter(c.letter for c in deck.cards),
                   starter=record.turns[0].player, turn=record.turns[0].player)
    broken: tuple[Problem, ...] = ()
    try:
        replay_out(game, record.turns)
    except OutBroken as exc:  # the game is kept up to the broken turn
        turn = record.turns[exc.index]
        broken = (Problem(exc.code, exc.reason, Location(record.name, turn.line, turn.col)),)
    document = {"game": "out-game", "seed": seed, **game.to_json(names)}
    warnings = tuple(Problem("no-long-word", why, Location(record.name, record.turns[i].line, record.turns[i].col),
                             Severity.WARNING) for i, why in game.warnings)
    sheets = ", ".join(f"{n} {game.sheet.sheet(i) or '-'}" for i, n in enumerate(names))
    winner = game.sheet.winner()
    lines = [f"{record.name}: {len(game.words)} word(s) over; sheets {sheets}",
             f"{names[winner]} is the last player left: the winner" if winner is not None
             else f"the game goes on: {names[game.turn]} plays next"]
    lines += [f"warning: {p}" for p in warnings]
    return Verdict(GAME, "out-game", Report(document), "\n".join(lines) if not broken else "", broken + warnings)


def read_guess(text: str, source: str, values: Values) -> TableRecord[GuessTurn]:
    """A Guess-O-Gram record (``FILE:LINE:COL`` errors)."""
    return TableRecord.read(parse_guess, text, source)


def _guess_turn(game: GuessOGram, turn: GuessTurn) -> None:
    if turn.action == "thinks":
        game.think(turn.text, turn.player)
    elif turn.action == "letter":
        game.guess_letter(turn.player, turn.text)
    else:
        game.guess_word(turn.player, turn.text)


def verify_guess(record: TableRecord[GuessTurn], values: Values, context: Context) -> Verdict[Report]:
    """Replay a Guess-O-Gram record (ruling 18): the Thinker's word and points, guesses, the next Thinker."""
    names = record.players.names
    deck = deck_of(values)
    game = GuessOGram(len(names), lexicon_of(values), pack=Counter(c.letter for c in deck.cards),
                      thinker=record.turns[0].player)
    words: list[str] = []
    problems: tuple[Problem, ...] = ()
    for turn in record.turns:
        try:
            _guess_turn(game, turn)
            if turn.action == "thinks":
                words.append(turn.text)
        except GuessError as exc:  # the game is kept up to the broken turn
            problems = (Problem(exc.code, exc.reason, Location(record.name, turn.line, turn.col)),)
            break
    scores = dict(zip(names, game.scores, strict=True))
    document = {"game": "guess-o-gram", "players": list(names), "words": words, "scores": scores,
                "thinker": names[game.thinker], "word_out": bool(game.word),
                "shown": game.display() if game.word else None}
    best = max(game.scores)
    lines = [f"{record.name}: {len(words)} word(s); points " + ", ".join(f"{n} {s}" for n, s in scores.items()),
             (f"{names[game.thinker]}'s word is out: {game.display()}" if game.word
              else f"{names[game.thinker]} thinks next"),
             "leading: " + " and ".join(n for n, s in scores.items() if s == best)]
    return Verdict(GAME, "guess-o-gram", Report(document), "\n".join(lines) if not problems else "", problems)
