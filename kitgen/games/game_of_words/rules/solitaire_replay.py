"""Crossword Solitaire A and B played move by move against the deal (seed sections 4 and 5; docs ruling 15).

A (``deals.CrosswordSolitaireADeal``): six cards face up in a row, the
pack face down with its top card turned up beside it. "From the six cards and
the one beside the blind pile, form a word of two to four letters ... Should
you be unable to form a word ... turn over cards from the blind pack one at a
time ... When a card from the row of six is taken ..., it must be replaced
from the top of the blind pack. Continue ... until the whole blind pack has
been gone through."

B (``deals.CrosswordSolitaireBDeal``): a hand of twelve, the rest face down.
"Begin your Crossword with a two, three, or four letter word ... When you are
unable to play any more from the cards in your hand, take the top card from
the blind pack ... one at a time, placing unused ones on a discard pile from
which only the top card may be used on any one play ... until the pack has
been gone through once completely."

kitgen's model of both (ruling 15): the player's cards (A's row, B's hand),
the blind pack, and a face-up pile fed from the blind pack one card a
``turn`` (A's card beside the blind pile starts it; B's drawn cards lie on it
until used), of which only the top card may go into a play, once a play. A
play writes a word crossword style with the Crossword Game's rules: the first
word of two to four letters, every later play joined to the crossword in one
line, every word it forms a word, no S or ES that only makes a word plural and
no fresh plural (there is no one to challenge in a solitaire, so the rules
apply at once). A's row is refilled from the blind pack, a card for each row
card used. The pack goes through once: a turn with the blind pack empty is
refused. Won when every card of the pack is in the crossword.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from kitgen.core.board import BadPlacement, Board, Coord, Run
from kitgen.core.errors import Location, RuleBroken
from kitgen.core.i18n import gettext as _
from kitgen.core.lexicon import Lexicon
from kitgen.games.game_of_words.rules.common import Code, Unfinished, is_word, line_start
from kitgen.games.game_of_words.rules.crossword_game import (
    IllegalPlay,
    bare_plural,
    fresh_plurals,
    placement_for,
)
from kitgen.games.game_of_words.rules.deals import CrosswordSolitaireADeal, CrosswordSolitaireBDeal

FIRST_WORD = (2, 4)
ROW = 6


class IllegalSolitaireMove(RuleBroken):
    """A move Crossword Solitaire refuses: ``code`` the rule (a member of ``Code``), the message why, ``where`` where
    the move was typed (the game's ``at``: the replay sets it before each move), ``offending`` the word played."""

    code: Code

    def __init__(self, code: Code, reason: str, where: Location | None = None, offending: object = None) -> None:
        super().__init__(reason, where, offending)
        self.code = code
        self.reason = reason


@dataclass(frozen=True)
class SolitaireMove:
    """A typed move: ``play`` (a word from square x, y; ``marked`` the letters typed in lower case, taken from
    the face-up pile) or ``turn``; where it was typed."""

    kind: str
    line: int
    col: int
    word: str = ""
    x: int = 0
    y: int = 0
    across: bool = True
    marked: tuple[int, ...] = ()

    def to_json(self, card: str = "", faceup: bool = False) -> dict[str, Any]:
        if self.kind == "turn":
            return {"move": "turn", "card": card}
        return {"move": "play", "word": self.word, "x": self.x, "y": self.y,
                "direction": "across" if self.across else "down", "faceup": faceup}


@dataclass
class CrosswordSolitaire:
    """A game in progress: the player's cards (A's row, B's hand), the blind pack (top first), the face-up pile
    (top last), the crossword."""

    cards: list[str]
    blind: list[str]
    faceup: list[str]
    lexicon: Lexicon
    refill: bool
    board: Board = field(default_factory=lambda: Board(2))
    at: Location | None = None
    """Where the move being played was typed (a replay's): its refusal is raised there."""

    @classmethod
    def from_deal(cls, dealt: CrosswordSolitaireADeal | CrosswordSolitaireBDeal, lexicon: Lexicon
                  ) -> CrosswordSolitaire:
        if isinstance(dealt, CrosswordSolitaireADeal):
            return cls(list(dealt.row), list(dealt.blind), [dealt.turned], lexicon, refill=True)
        return cls(list(dealt.hand), list(dealt.blind), [], lexicon, refill=False)

    def _refused(self, code: Code, reason: str, offending: object = None) -> IllegalSolitaireMove:
        """The refusal of the move being played, where it was typed (``offending``: what it is about, where the
        move's own word is not: the words it makes that are not words)."""
        return IllegalSolitaireMove(code, reason, self.at, offending)

    @property
    def left(self) -> int:
        """Cards not yet in the crossword."""
        return len(self.cards) + len(self.blind) + len(self.faceup)

    def turn(self) -> str:
        """Turn the blind pack's top card onto the face-up pile; the pack goes through once."""
        if not self.blind:
            raise self._refused(Code.PACK_GONE_THROUGH,
                                _("the blind pack has been gone through once: no card left to turn"))
        self.faceup.append(self.blind.pop(0))
        return self.faceup[-1]

    def play(self, move: SolitaireMove) -> bool:
        """Write ``move.word``; returns whether the face-up pile's top card went into it."""
        try:
            placement, _runs = placement_for(self.board, move.word, move.x, move.y, move.across)
            words = self._check_shape(placement)
        except IllegalPlay as exc:
            raise self._refused(exc.code, exc.message) from None
        cells: list[Coord] = [(move.x + i, move.y) if move.across else (move.x, move.y + i)
                              for i in range(len(move.word))]
        marked = {cells[i] for i in move.marked}
        if not marked <= set(placement):
            raise self._refused(Code.NOT_NEW, _("a lower-case letter marks a card played from the face-up pile: "
                                                 "it must be a new letter"))
        need, faceup = self._cards_for(placement, marked)
        self._check_words(words, placement)
        self._take(need, faceup)
        self.board.place(placement)
        return faceup

    def _check_shape(self, placement: dict[Coord, str]) -> list[Run]:
        try:
            axis = self.board.line_axis(placement)
        except BadPlacement as exc:
            raise self._refused(Code.BAD_PLACEMENT, str(exc)) from None
        if axis is None:
            raise self._refused(Code.NOT_IN_LINE, _("the letters must lie in one line with no gaps"))
        if not len(self.board):
            low, high = FIRST_WORD
            if not low <= len(placement) <= high:
                raise self._refused(Code.FIRST_WORD_LENGTH, _("the first word has {low} to {high} letters").format(
                    low=low, high=high))
        elif not self.board.joins(placement):
            raise self._refused(Code.NOT_JOINED, _("every word after the first must join the crossword"))
        return self.board.words_formed(placement)

    def _cards_for(self, placement: dict[Coord, str], marked: set[Coord]) -> tuple[Counter[str], bool]:
        """The cards the new letters take: marked ones (at most one) from the face-up pile's top, the others
        from the player's cards; a letter the player lacks may come from the face-up top when none is marked.
        Returns (the player's cards needed, whether the face-up top is used)."""
        need = Counter(ch for c, ch in placement.items() if c not in marked)
        top = self.faceup[-1] if self.faceup else None
        if len(marked) > 1:
            raise self._refused(Code.ONE_FACEUP_CARD, _("only the face-up pile's top card may be used in a play"))
        use_top = bool(marked)
        if use_top and (top is None or placement[next(iter(marked))] != top):
            raise self._refused(Code.NOT_ON_TOP, _("the face-up pile's top card is {top}, not {letter}").format(
                top=top or _("none"), letter=placement[next(iter(marked))]))
        short = need - Counter(self.cards)
        if not use_top and top is not None and short == Counter(top):
            use_top, need = True, need - Counter(top)
            short = Counter()
        if short:
            letters = " ".join(sorted(short.elements()))
            raise self._refused(Code.CARD_NOT_HELD, _("no card for {letters}: the cards are {cards}").format(
                letters=letters, cards=" ".join(sorted(self.cards)) or _("none"))
                + (_(" and the face-up {top}").format(top=top) if top and not use_top else ""))
        return need, use_top

    def _take(self, need: Counter[str], use_top: bool) -> None:
        """Take the cards; A's row is refilled from the blind pack, a card for each row card taken."""
        for ch in need.elements():
            self.cards.remove(ch)
            if self.refill and self.blind:
                self.cards.append(self.blind.pop(0))
        if use_top:
            self.faceup.pop()

    def _check_words(self, words: Sequence[Run], placement: dict[Coord, str]) -> None:
        bad = [r.word for r in words if not is_word(self.lexicon, r.word)]
        if bad:
            raise self._refused(Code.NOT_A_WORD, _("{words}: not a word").format(words=", ".join(bad)), tuple(bad))
        if bare_plural(self.lexicon, words, placement):
            raise self._refused(Code.BARE_PLURAL, _("adding S or ES only to make a plural is not allowed"))
        plurals = fresh_plurals(self.lexicon, words, lambda w: is_word(self.lexicon, w))
        if plurals:
            raise self._refused(Code.PLURAL, _("{words}: a plural that forms no new word").format(
                words=", ".join(plurals)))


@dataclass(frozen=True)
class SolitaireReplay:
    """The moves replayed: each as JSON, whether won, and the refusal that stopped it (``broken``: an
    ``IllegalSolitaireMove`` at the move, or ``Unfinished`` with cards left), with the cards left then."""

    moves: tuple[dict[str, Any], ...]
    won: bool
    board: Board
    broken: IllegalSolitaireMove | Unfinished | None = None
    cards_left: int = 0


def replay_solitaire(dealt: CrosswordSolitaireADeal | CrosswordSolitaireBDeal, moves: Sequence[SolitaireMove],
                     lexicon: Lexicon, source: str = "") -> SolitaireReplay:
    """Replay ``moves`` on the deal (see the module docstring); won when every card is in the crossword. A refusal
    is located where its move was typed in ``source`` (the record's name)."""
    game = CrosswordSolitaire.from_deal(dealt, lexicon)
    done: list[dict[str, Any]] = []
    for move in moves:
        game.at = Location(source, move.line, move.col) if source else None
        try:
            if move.kind == "turn":
                done.append(move.to_json(card=game.turn()))
            else:
                done.append(move.to_json(faceup=game.play(move)))
        except IllegalSolitaireMove as exc:
            return SolitaireReplay(tuple(done), False, game.board, exc, game.left)
    if game.left:
        return SolitaireReplay(tuple(done), False, game.board,
                               Unfinished(Code.CARDS_LEFT, _("every move played, but cards are not in the crossword"),
                                          line_start(game.at)), game.left)
    return SolitaireReplay(tuple(done), True, game.board)
