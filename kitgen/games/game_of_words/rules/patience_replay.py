"""A Letter Patience game typed back in, replayed move by move against its deal (docs/game-of-words.md, ruling 14).

Each move goes through ``LetterPatience`` (``letter_patience.py``), so the
rules checked are exactly the rules played: words of four or more letters from
the face-up cards (one a pile, the face-up pile's top only, each Sub Card
once), spaces filled at once with an exposed vowel (the face-up pile's top only
when no vowel shows), the stock turned once through. A word typed without its
sources may take its letters from any cards that show them: every choice is
tried, so the record is accepted if any choice plays it through. The game is
won when every letter card is used.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import product
from typing import Any

from kitgen.core.errors import Location
from kitgen.core.i18n import gettext as _
from kitgen.core.lexicon import Lexicon
from kitgen.games.game_of_words.rules.common import Code, Unfinished, line_start
from kitgen.games.game_of_words.rules.deals import LetterPatienceDeal
from kitgen.games.game_of_words.rules.letter_patience import (
    SUB,
    FillMove,
    IllegalMove,
    LetterPatience,
    PatienceMove,
    TurnMove,
    WordMove,
)


@dataclass(frozen=True)
class TypedMove:
    """A move as typed: ``word`` (with ``sources`` or none), ``fill`` (``space``, ``source``) or ``turn``
    (``card``, the letter the player says came up, or empty); where it was typed."""

    kind: str
    line: int
    col: int
    word: str = ""
    sources: tuple[str, ...] | None = None
    space: int = 0
    source: str = ""
    card: str = ""


State = tuple[tuple[str, ...], str, int, int]
"""The piles (bottom to top), the face-up pile, stock cards turned, Sub Cards left."""


@dataclass(frozen=True)
class PatienceReplay:
    """The moves as played (sources chosen), whether it is won, and the refusal that stopped it (``broken``: an
    ``IllegalMove`` at the move, or ``Unfinished`` with cards left), with the cards left then."""

    moves: tuple[PatienceMove, ...]
    won: bool
    broken: IllegalMove | Unfinished | None = None
    cards_left: int = 0

    def to_json(self) -> dict[str, Any]:
        return {"won": self.won, "moves": [m.to_json() for m in self.moves]}


def _game(dealt: LetterPatienceDeal, state: State, lexicon: Lexicon, at: Location | None = None) -> LetterPatience:
    piles, waste, pos, subs = state
    return LetterPatience([list(p) for p in piles], list(dealt.stock[pos:]), lexicon, subs, list(waste), at=at)


def _state(game: LetterPatience, pos: int) -> State:
    return tuple("".join(p) for p in game.piles), "".join(game.waste), pos, game.subs


def _source_choices(game: LetterPatience, word: str) -> Iterator[tuple[str, ...]]:
    """Every way the exposed cards (and Sub Cards) can give ``word``'s letters, cards before Sub Cards."""
    exposed = game.exposed()
    options = [[src for src, ch in exposed.items() if ch == letter] + ([SUB] if game.subs else [])
               for letter in word.upper()]
    seen: set[tuple[str, ...]] = set()
    for choice in product(*options):
        cards = [c for c in choice if c != SUB]
        if len(set(cards)) != len(cards) or choice.count(SUB) > game.subs:
            continue
        key = tuple(sorted(cards))
        if key not in seen:
            seen.add(key)
            yield choice


class _Replayer:
    """Depth-first over the choices of sources, remembering the deepest failure; each move's refusal is raised where
    it was typed (in ``source``)."""

    def __init__(self, dealt: LetterPatienceDeal, moves: Sequence[TypedMove], lexicon: Lexicon,
                 source: str = "") -> None:
        self.dealt, self.moves, self.lexicon, self.source = dealt, moves, lexicon, source
        self.best: tuple[int, IllegalMove | Unfinished, State] | None = None
        self.seen: set[tuple[int, State]] = set()

    def fail(self, i: int, error: IllegalMove | Unfinished, state: State) -> None:
        if self.best is None or self.best[0] <= i:
            self.best = (i, error, state)

    def spot(self, i: int) -> Location | None:
        """Where move ``i`` was typed (None for moves from no file: a test's)."""
        if not self.source or not 0 <= i < len(self.moves):
            return None
        return Location(self.source, self.moves[i].line, self.moves[i].col)

    def go(self, i: int, state: State, done: list[PatienceMove]) -> list[PatienceMove] | None:
        if i == len(self.moves):
            won = _game(self.dealt, state, self.lexicon).won
            if not won:
                self.fail(i, Unfinished(Code.CARDS_LEFT, _("every move played, but cards are left"),
                                        line_start(self.spot(i - 1))), state)
            return done if won else None
        if (i, state) in self.seen:
            return None
        self.seen.add((i, state))
        for made, after in self._tries(i, state):
            found = self.go(i + 1, after, done + [made])
            if found is not None:
                return found
        return None

    def _tries(self, i: int, state: State) -> Iterator[tuple[PatienceMove, State]]:
        """Each way move ``i`` can be made from ``state``: (the move as made, the state after)."""
        move = self.moves[i]
        game = _game(self.dealt, state, self.lexicon, self.spot(i))
        choices: Sequence[tuple[str, ...]] = [()]
        if move.kind == "word":
            choices = [move.sources] if move.sources is not None else list(_source_choices(game, move.word)) or [
                tuple("?" * len(move.word))]
        for sources in choices:
            game = _game(self.dealt, state, self.lexicon, self.spot(i))
            try:
                made = self._apply(game, move, sources, state)
            except IllegalMove as exc:
                self.fail(i, exc, state)
                continue
            yield made, _state(game, state[2] + (move.kind == "turn"))

    @staticmethod
    def _apply(game: LetterPatience, move: TypedMove, sources: tuple[str, ...], state: State) -> PatienceMove:
        if move.kind == "word":
            if "?" in sources:
                game.must_fill()
                game.check_word(move.word)
                raise IllegalMove(_("the letters of {word} are not all face up (one card a pile, the face-up "
                                    "pile's top, Sub Cards left)").format(word=move.word),
                                  move.word, Code.NOT_FREE, game.at)
            game.play(move.word, sources)
            return WordMove(move.word, sources)
        if move.kind == "fill":
            game.fill(move.space, move.source)
            return FillMove(move.space, move.source)
        card = game.turn()
        if move.card and move.card != card:
            raise IllegalMove(_("the stock's next card is {card}, not {typed}").format(card=card, typed=move.card),
                              move.card, Code.WRONG_CARD, game.at)
        return TurnMove(card)


def replay_patience(dealt: LetterPatienceDeal, moves: Sequence[TypedMove], lexicon: Lexicon,
                    source: str = "") -> PatienceReplay:
    """Replay ``moves`` on the deal; won when every letter card is used (see the module docstring). A refusal is
    located where its move was typed in ``source`` (the record's name)."""
    start: State = (tuple("".join(p) for p in dealt.piles), "", 0, len(dealt.aside))
    replayer = _Replayer(dealt, moves, lexicon, source)
    found = replayer.go(0, start, [])
    if found is not None:
        return PatienceReplay(tuple(found), True)
    assert replayer.best is not None
    _, broken, state = replayer.best
    piles, waste, pos, _ = state
    left = sum(map(len, piles)) + len(waste) + len(dealt.stock) - pos
    return PatienceReplay((), False, broken, left)


def position_after(dealt: LetterPatienceDeal, moves: Sequence[TypedMove], lexicon: Lexicon) -> State | None:
    """The game's state once ``moves`` are played (``State``: the piles, the face-up pile, the stock cards turned,
    the Sub Cards left), or ``None`` when one of them breaks a rule: the position a hint starts from."""
    start: State = (tuple("".join(p) for p in dealt.piles), "", 0, len(dealt.aside))
    if not moves:
        return start
    replayer = _Replayer(dealt, moves, lexicon)
    if replayer.go(0, start, []) is not None:
        return tuple("" for _ in dealt.piles), "", len(dealt.stock), 0
    assert replayer.best is not None
    index, _, state = replayer.best
    return state if index >= len(moves) else None
