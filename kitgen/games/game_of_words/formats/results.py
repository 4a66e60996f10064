"""What the Game of Words' verifiers find: a typed result document per record kind (docs/game-of-words.md, "JSON").

Each document is the game as replayed against its deal, whole whether the record keeps the rules or not (a broken
record's game up to the broken turn): ``to_json()`` is the documented ``kitgen verify KIND --json`` contract, with
the same top-level keys legal or broken; ``to_text()`` is the report a person reads (empty when a rule is broken:
the problem says it); ``problems()`` are the rules broken and the warnings, each with its code and where it is.

* ``solitaire``: :class:`WordSolitaireDocument`, :class:`PatienceDocument`, :class:`CrosswordPlaysDocument` (moves
  replayed) or :class:`CrosswordGridDocument` (a finished grid), by ``--game``;
* ``crossword-hand``: :class:`HandDocument`;
* ``anagrams``, ``out-game``, ``guess-o-gram``: :class:`AnagramsDocument`, :class:`OutDocument`,
  :class:`GuessDocument`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol, TypeVar

from kitgen.core.errors import Location, RuleBroken
from kitgen.core.i18n import N_, _, ngettext
from kitgen.core.lexicon import Lexicon
from kitgen.core.random import check_seed, freecell_deal
from kitgen.games.base import Problem, Severity, Verdict
from kitgen.games.game_of_words.formats.record import Record
from kitgen.games.game_of_words.formats.solitaire import SolitaireRecord, TypedGrid, check_pile_numbers
from kitgen.games.game_of_words.formats.table_games import GuessTurn, TableRecord
from kitgen.games.game_of_words.rules.anagrams import IllegalAnagram
from kitgen.games.game_of_words.rules.anagrams_replay import (
    AnagramsBroken,
    AnagramsResult,
    AnagramsTurn,
    new_game,
    replay_anagrams,
)
from kitgen.games.game_of_words.rules.common import Code
from kitgen.games.game_of_words.rules.crossword_game import (
    GameReplay,
    Hand,
    replay_game,
)
from kitgen.games.game_of_words.rules.crossword_solitaire import Cell, check_crossword, grid_words
from kitgen.games.game_of_words.rules.deals import (
    CrosswordSolitaireADeal,
    CrosswordSolitaireBDeal,
    Deal,
    LetterPatienceDeal,
    WordSolitaireDeal,
    deal,
    deal_anagrams,
    deal_crossword,
)
from kitgen.games.game_of_words.rules.deck import Deck
from kitgen.games.game_of_words.rules.guess_o_gram import GuessError, GuessOGram
from kitgen.games.game_of_words.rules.out_game import ScoreSheet
from kitgen.games.game_of_words.rules.out_replay import OutBroken, OutGame, OutTurn, replay_out
from kitgen.games.game_of_words.rules.patience_replay import PatienceReplay, replay_patience
from kitgen.games.game_of_words.rules.solitaire_replay import SolitaireReplay, replay_solitaire
from kitgen.games.game_of_words.rules.word_solitaire import Replay, replay

GAME = "game-of-words"


class Checked(Protocol):
    """A record kind's result document, as the verdict carries it."""

    def to_json(self) -> dict[str, Any]: ...

    def to_text(self) -> str: ...

    def problems(self) -> tuple[Problem, ...]: ...


C = TypeVar("C", bound=Checked)


def verdict(kind: str, document: C) -> Verdict[C]:
    """The record kind's verdict: its whole document, its report, its problems."""
    return Verdict(GAME, kind, document, document.to_text(), document.problems())


def _and(names: Iterable[str]) -> str:
    """Names joined as a sentence joins them (``ANN and BOB``), in the text language."""
    return _(" and ").join(names)


def _words_json(words: Sequence[tuple[str, Cell, str]]) -> list[dict[str, Any]]:
    return [{"word": w, "x": c[0], "y": c[1], "direction": d} for w, c, d in words]


# -- the four solitaires ----------------------------------------------------------------------

@dataclass(frozen=True)
class WordSolitaireDocument:
    """A Word Solitaire solution replayed on its deal: ``{"game", "seed", "won", "solution", "error",
    "cards_left"}``."""

    record: SolitaireRecord
    seed: int
    done: Replay
    cards: int
    """The cards of the deal (all used in a won game)."""

    def _error(self) -> str:
        """What stopped the game: the word refused (``WORD: why``) or the cards left."""
        return self.done.broken.message if self.done.broken is not None else ""

    def to_json(self) -> dict[str, Any]:
        done = self.done
        return {"game": self.record.game, "seed": self.seed, "won": done.won,
                "solution": [s.to_json() for s in done.steps], "error": None if done.won else self._error(),
                "cards_left": 0 if done.won else done.cards_left}

    def to_text(self) -> str:
        if not self.done.won:
            return ""
        n = len(self.done.steps)
        return ngettext("{name}: won deal {seed}: {n} words use all {cards} cards",
                        "{name}: won deal {seed}: {n} words use all {cards} cards", n).format(
            name=self.record.name, seed=self.seed, n=n, cards=self.cards)

    def problems(self) -> tuple[Problem, ...]:
        broken = self.done.broken
        if self.done.won or broken is None:
            return ()
        return (_with_cards_left(broken, self.done.cards_left or _("none")),)


def _reason(done: PatienceReplay | SolitaireReplay) -> str:
    """Why a lost game stopped (the ``"error"`` of its document)."""
    return done.broken.message if done.broken is not None else ""


def _with_cards_left(broken: RuleBroken, left: object) -> Problem:
    """A solitaire's refusal as its problem, where the replay raised it, saying the cards left then."""
    found = Problem.of(broken)
    return replace(found, message=_("{message} (cards left: {left})").format(message=found.message, left=left))


def _move_problem(done: PatienceReplay | SolitaireReplay) -> tuple[Problem, ...]:
    """A lost game's problem: the refusal, where the replay raised it (at the move refused, or at the start of the
    last line when every move was played and cards are left)."""
    if done.won or done.broken is None:
        return ()
    return (_with_cards_left(done.broken, done.cards_left),)


@dataclass(frozen=True)
class PatienceDocument:
    """A Letter Patience game replayed move by move (ruling 14): ``{"game", "seed", "error", "cards_left", "won",
    "moves"}``."""

    record: SolitaireRecord
    seed: int
    done: PatienceReplay
    cards: int

    def to_json(self) -> dict[str, Any]:
        done = self.done
        return {"game": self.record.game, "seed": self.seed, "error": None if done.won else _reason(done),
                "cards_left": 0 if done.won else done.cards_left, **done.to_json()}

    def to_text(self) -> str:
        if not self.done.won:
            return ""
        n = len(self.done.moves)
        return ngettext("{name}: won deal {seed}: {n} moves use all {cards} cards",
                        "{name}: won deal {seed}: {n} moves use all {cards} cards", n).format(
            name=self.record.name, seed=self.seed, n=n, cards=self.cards)

    def problems(self) -> tuple[Problem, ...]:
        return _move_problem(self.done)


@dataclass(frozen=True)
class CrosswordPlaysDocument:
    """A Crossword Solitaire A or B game replayed move by move (ruling 15): ``{"game", "seed", "won", "replayed",
    "error", "cards_left", "moves", "words", "not_words"}`` (``not_words``: the words the refused move makes that
    are not words, when that is why it is refused)."""

    record: SolitaireRecord
    seed: int
    done: SolitaireReplay

    def to_json(self) -> dict[str, Any]:
        done = self.done
        broken = done.broken
        not_words = list(broken.offending) if broken is not None and broken.code is Code.NOT_A_WORD and \
            isinstance(broken.offending, tuple) else []
        return {"game": self.record.game, "seed": self.seed, "won": done.won, "replayed": True,
                "error": None if done.won else _reason(done), "cards_left": 0 if done.won else done.cards_left,
                "moves": list(done.moves), "words": _words_json(grid_words(done.board)), "not_words": not_words}

    def to_text(self) -> str:
        if not self.done.won:
            return ""
        return _won_crossword(self.record.name, len(grid_words(self.done.board)))

    def problems(self) -> tuple[Problem, ...]:
        return _move_problem(self.done)


@dataclass(frozen=True)
class CrosswordGridDocument:
    """A finished Crossword Solitaire grid checked against the pack, the order of play unknown: ``{"game",
    "seed", "won", "replayed", "words", "not_words", "unused"}`` (the words of the grid that are not words, in the
    order its ``not-a-word`` problems say them; the pack's cards left out of it, a letter a card)."""

    game: str
    seed: int
    grid: TypedGrid
    won: bool
    words: tuple[tuple[str, Cell, str], ...]
    found: tuple[Problem, ...]
    cards: int

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "seed": self.seed, "won": self.won, "replayed": False,
                "words": _words_json(self.words), "not_words": self._offending("not-a-word"),
                "unused": [letter for found in self._offending("not-used") for letter in found]}

    def _offending(self, code: str) -> list[str]:
        return [p.offending for p in self.found if p.code == code and p.offending is not None]

    def to_text(self) -> str:
        if not self.won:
            return ""
        # the text report shows no warning, so the won line says the note itself
        return f"{_won_crossword(self.grid.name, len(self.words))} {_(ORDER_NOT_CHECKED)}"

    def problems(self) -> tuple[Problem, ...]:
        note = Problem("order-not-checked", _(ORDER_NOT_CHECKED), Location(self.grid.name), Severity.WARNING)
        return (*self.found, note)


ORDER_NOT_CHECKED = N_("A finished crossword does not show the order of play: type your moves, one a line, to have "
                       "them checked against the deal.")
"""The warning on a finished grid: the check page's words for it (``kitgen.web.refusals``), one catalogue entry."""


def _won_crossword(name: str, words: int) -> str:
    """A won Crossword Solitaire (a finished grid or its moves) in the check page's words, one catalogue entry for
    the command line and the page: ``grid.txt: Won! 4 words use every card.``"""
    return f"{name}: " + ngettext("Won! {n} word uses every card.", "Won! {n} words use every card.", words).format(
        n=words)


SolitaireDocument = WordSolitaireDocument | PatienceDocument | CrosswordPlaysDocument | CrosswordGridDocument
"""The ``solitaire`` record kind's document, by the game played."""


def check_solitaire(record: SolitaireRecord, deck: Deck, lexicon: Lexicon) -> SolitaireDocument:
    """Replay the words on the deal (Word Solitaire), the moves (Letter Patience, the Crossword Solitaires), or
    check a finished crossword against the pack."""
    dealt = deal(record.game, deck, check_seed(record.seed))
    if isinstance(dealt, WordSolitaireDeal):
        piles = dealt.pile_strings()
        check_pile_numbers(record.name, list(record.words), len(piles))
        done = replay(piles, [t.word for t in record.words], lexicon, [t.piles for t in record.words],
                      [Location(record.name, t.line, t.col) for t in record.words])
        return WordSolitaireDocument(record, dealt.seed, done, sum(map(len, piles)))
    if isinstance(dealt, LetterPatienceDeal):
        cards = sum(map(len, dealt.piles)) + len(dealt.stock)
        return PatienceDocument(record, dealt.seed, replay_patience(dealt, record.moves, lexicon, record.name), cards)
    if record.grid is None and isinstance(dealt, (CrosswordSolitaireADeal, CrosswordSolitaireBDeal)):
        return CrosswordPlaysDocument(record, dealt.seed, replay_solitaire(dealt, record.plays, lexicon, record.name))
    return _check_grid(record, dealt, lexicon)


def _check_grid(record: SolitaireRecord, dealt: Deal, lexicon: Lexicon) -> CrosswordGridDocument:
    grid = record.grid
    if grid is None:
        raise ValueError(f"{record.game}: a grid or moves to check")  # read_solitaire gives one or the other
    pack = "".join(c.letter for c in dealt.deck.letters)
    def place(cell: Cell | None) -> Location:
        """A cell's place in the typed grid (its row's line, its column), or the grid's file."""
        return Location(grid.name, grid.row_lines.get(cell[1], 0), cell[0] + 1) if cell else Location(grid.name)

    report = check_crossword(dict(grid.cells), pack, lexicon, place)
    return CrosswordGridDocument(record.game, dealt.seed, grid, report.won, tuple(report.words),
                                 tuple(report.problems), len(pack))


# -- a Crossword Game hand or game --------------------------------------------------------------

@dataclass(frozen=True)
class HandDocument:
    """A Crossword Game hand, or a game of hands to a target, replayed up to the first refusal if one is: ``{"game",
    "seed", "free_for_all", ...the game's}`` (``GameReplay.to_json``: the plays before the refused turn, the hands
    finished, the totals, no winner)."""

    record: Record
    free_for_all: bool
    done: GameReplay

    def to_json(self) -> dict[str, Any]:
        return {"game": "crossword", "seed": self.done.hands[0].seed, "free_for_all": self.free_for_all,
                **self.done.to_json()}

    def to_text(self) -> str:
        return "\n".join(self.done.lines(self.record.name))

    def problems(self) -> tuple[Problem, ...]:
        """The refusal that stopped the replay, at the refused turn (or the line starting the hand that may not)."""
        broken = self.done.broken
        return (Problem.of(broken),) if broken is not None else ()


def _dealt_hand(deck: Deck, seed: int, players: int, lexicon: Lexicon, free_for_all: bool) -> Hand:
    """Hand ``seed`` as dealt; with the Free-for-All, plurals allowed and the proper nouns accepted."""
    from kitgen.core.names import proper_nouns

    dealt = deal_crossword(deck, check_seed(seed), players)
    return Hand([list(h) for h in dealt.hands], list(dealt.stack), [dealt.turned], lexicon,
                {c.letter: c.value for c in deck.cards}, first=dealt.first - 1, seed=dealt.seed,
                free_for_all=free_for_all, names=proper_nouns() if free_for_all else frozenset())


def check_hand(record: Record, deck: Deck, lexicon: Lexicon, seed: int, target: int,
               free_for_all: bool) -> HandDocument:
    """Replay each hand against its deal (``hand N`` lines, else deal ``seed``): plays, challenges, charges, and
    the game's totals against ``target``."""
    hands = [(_dealt_hand(deck, seed if h.seed is None else h.seed, record.players, lexicon, free_for_all), h.turns)
             for h in record.hands]
    starts = [Location(record.name, h.line, h.col) for h in record.hands]
    return HandDocument(record, free_for_all, replay_game(hands, target, starts))


# -- the table games' score-keeping records -----------------------------------------------------

@dataclass(frozen=True)
class AnagramsDocument:
    """An Anagrams record replayed (ruling 16), up to the broken turn if one is: ``{"game", "seed", "players",
    "words", "scores", "over", "winners", "challenges", "unchallenged_non_words"}``."""

    record: TableRecord[AnagramsTurn]
    seed: int | None
    result: AnagramsResult
    broken: tuple[Problem, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"game": "anagrams", "seed": self.seed, **self.result.to_json(self.record.players.names)}

    def to_text(self) -> str:
        if self.broken:
            return ""
        names, result = self.record.players.names, self.result
        scores = ", ".join(f"{n} {s}" for n, s in zip(names, result.scores, strict=True))
        lines = [_("{name}: {turns} turns; scores {scores}").format(name=self.record.name,
                                                                    turns=len(self.record.turns), scores=scores)]
        lines.append(_("the pack is played out: {names} wins").format(names=_and(names[w] for w in result.winners))
                     if result.over else _("the game goes on: cards are still in the pack or in hand"))
        if result.doubtful:
            lines.append(_("not in the lexicon but never challenged: {words}").format(
                words=", ".join(result.doubtful)))
        return "\n".join(lines)

    def problems(self) -> tuple[Problem, ...]:
        return self.broken


def check_anagrams(record: TableRecord[AnagramsTurn], deck: Deck, lexicon: Lexicon,
                   seed: int | None) -> AnagramsDocument:
    """Replay an Anagrams record (ruling 16): against deal ``seed`` when given (each card checked), else against
    the pack's cards."""
    players = len(record.players.names)
    worth = {c.letter: c.value for c in deck.cards}
    if seed is not None:
        dealt = deal_anagrams(deck, check_seed(seed), players)
        game = new_game(players, lexicon, worth, dealt.pack, dealt.holding, dealt.first - 1, record.players.names)
    else:
        game = new_game(players, lexicon, worth, [c.letter for c in deck.cards], None, record.turns[0].player,
                        record.players.names)
    try:
        return AnagramsDocument(record, seed, replay_anagrams(game, record.turns))
    except (AnagramsBroken, IllegalAnagram) as exc:  # the game is kept up to the broken turn
        return AnagramsDocument(record, seed, game.result(), (Problem.of(exc),))


@dataclass(frozen=True)
class OutDocument:
    """An O-U-T Game record replayed (ruling 17), up to the broken turn if one is: ``{"game", "seed", "players",
    "sheets", "out", "winner", "words", "centre", "next"}``."""

    record: TableRecord[OutTurn]
    seed: int | None
    game: OutGame
    broken: tuple[Problem, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"game": "out-game", "seed": self.seed, **self.game.to_json(self.record.players.names)}

    def _warnings(self) -> tuple[Problem, ...]:
        return tuple(Problem("no-long-word", why, where, Severity.WARNING) for where, why in self.game.warnings)

    def to_text(self) -> str:
        if self.broken:
            return ""
        game, names = self.game, self.record.players.names
        sheets = ", ".join(f"{n} {game.sheet.sheet(i) or '-'}" for i, n in enumerate(names))
        winner = game.sheet.winner()
        n = len(game.words)
        lines = [ngettext("{name}: {n} word(s) over; sheets {sheets}", "{name}: {n} word(s) over; sheets {sheets}",
                          n).format(name=self.record.name, n=n, sheets=sheets),
                 _("{name} is the last player left: the winner").format(name=names[winner]) if winner is not None
                 else _("the game goes on: {name} plays next").format(name=names[game.turn])]
        return "\n".join(lines + [_("warning: {problem}").format(problem=p) for p in self._warnings()])

    def problems(self) -> tuple[Problem, ...]:
        return self.broken + self._warnings()


def out_hands(deck: Deck, seed: int, players: int) -> list[Counter[str]]:
    """The O-U-T Game's deal (ruling 17): every card of deal ``seed``, one by one round the table from seat 1."""
    cards = freecell_deal(deck.cards, check_seed(seed))
    return [Counter(c.letter for c in cards[seat::players]) for seat in range(players)]


def check_out(record: TableRecord[OutTurn], deck: Deck, lexicon: Lexicon, seed: int | None) -> OutDocument:
    """Replay an O-U-T Game record (ruling 17): penalties, E's, asks, who starts each word, the winner."""
    players = len(record.players.names)
    hands = None if seed is None else out_hands(deck, seed, players)
    game = OutGame(ScoreSheet(players), lexicon, hands, Counter(c.letter for c in deck.cards),
                   starter=record.turns[0].player, turn=record.turns[0].player, names=record.players.names)
    try:
        replay_out(game, record.turns)
    except OutBroken as exc:  # the game is kept up to the broken turn
        return OutDocument(record, seed, game, (Problem.of(exc),))
    return OutDocument(record, seed, game)


@dataclass(frozen=True)
class GuessDocument:
    """A Guess-O-Gram record replayed (ruling 18), up to the broken turn if one is: ``{"game", "players",
    "words", "scores", "thinker", "word_out", "shown"}``."""

    record: TableRecord[GuessTurn]
    words: tuple[str, ...]
    scores: tuple[int, ...]
    thinker: int
    shown: str | None
    """The word as it shows on the table (``_`` a card face down) while one is out, else None."""
    broken: tuple[Problem, ...] = ()

    def to_json(self) -> dict[str, Any]:
        names = self.record.players.names
        return {"game": "guess-o-gram", "players": list(names), "words": list(self.words),
                "scores": dict(zip(names, self.scores, strict=True)), "thinker": names[self.thinker],
                "word_out": self.shown is not None, "shown": self.shown}

    def to_text(self) -> str:
        if self.broken:
            return ""
        names = self.record.players.names
        scores = dict(zip(names, self.scores, strict=True))
        best = max(self.scores)
        points = ", ".join(f"{n} {s}" for n, s in scores.items())
        count = len(self.words)
        return "\n".join([
            ngettext("{name}: {n} word(s); points {points}", "{name}: {n} word(s); points {points}", count).format(
                name=self.record.name, n=count, points=points),
            (_("{name}'s word is out: {word}").format(name=names[self.thinker], word=self.shown)
             if self.shown is not None else _("{name} thinks next").format(name=names[self.thinker])),
            _("leading: {names}").format(names=_and(n for n, s in scores.items() if s == best))])

    def problems(self) -> tuple[Problem, ...]:
        return self.broken


def _guess_turn(game: GuessOGram, turn: GuessTurn) -> None:
    if turn.action == "thinks":
        game.think(turn.text, turn.player, turn.where)
    elif turn.action == "letter":
        game.guess_letter(turn.player, turn.text, turn.where)
    else:
        game.guess_word(turn.player, turn.text, turn.where)


def check_guess(record: TableRecord[GuessTurn], deck: Deck, lexicon: Lexicon) -> GuessDocument:
    """Replay a Guess-O-Gram record (ruling 18): the Thinker's word and points, guesses, the next Thinker."""
    game = GuessOGram(len(record.players.names), lexicon, pack=Counter(c.letter for c in deck.cards),
                      thinker=record.turns[0].player, names=record.players.names)
    words: list[str] = []
    broken: tuple[Problem, ...] = ()
    for turn in record.turns:
        try:
            _guess_turn(game, turn)
        except GuessError as exc:  # the game is kept up to the broken turn
            broken = (Problem.of(exc),)
            break
        if turn.action == "thinks":
            words.append(turn.text)
    return GuessDocument(record, tuple(words), tuple(game.scores), game.thinker,
                         game.display() if game.word else None, broken)
