"""Guess-O-Gram (seed ``game-of-words-1938.txt``, section 8): the Thinker's word, guesses and points.

Rules scored:

* The Thinker sets out a word of nine or more letters, acceptable in the other
  games and made from the pack's cards (Sub Cards standing in for letters the
  pack runs out of), and credits himself two points a letter.
* The player on the Thinker's left guesses first. A correct letter turns up
  every card of it and scores two points a card turned; the guesser goes on
  until he misses, then the turn passes left.
* A player may instead guess the whole word: wrong, the turn passes; right, he
  scores two points for each letter still face down.
* Whoever guesses the whole word or the final letter becomes the next Thinker.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from kitgen.core.errors import Location
from kitgen.core.i18n import gettext as _
from kitgen.core.lexicon import Lexicon
from kitgen.games.game_of_words.rules.common import Code, TurnBroken, is_word, seat_name

MIN_LENGTH = 9
POINTS = 2


class GuessError(TurnBroken):
    """A move Guess-O-Gram does not allow (ruling 18): its rule's code, why, the word or letter tried, and where
    the move was typed (given by the caller of ``think``/``guess_letter``/``guess_word``)."""


@dataclass
class GuessOGram:
    players: int
    lexicon: Lexicon
    pack: Counter[str] = field(default_factory=Counter)
    scores: list[int] = field(default_factory=list)
    thinker: int = 0
    word: str = ""
    shown: list[bool] = field(default_factory=list)
    turn: int = 0
    guessed: set[str] = field(default_factory=set)
    names: tuple[str, ...] = ()
    """The players' names as the record gives them (a refusal names a player so), else "player N"."""

    def __post_init__(self) -> None:
        if self.players < 2:
            raise GuessError(Code.ILLEGAL_GUESS, _("Guess-O-Gram needs a Thinker and at least one guesser"))
        if not self.scores:
            self.scores = [0] * self.players

    def think(self, word: str, player: int | None = None, where: Location | None = None) -> None:
        """The Thinker (``player``, when said: checked) sets out his word and credits himself two points a letter;
        ``where`` the move was typed, for a refusal."""
        word = word.upper()
        if self.word:
            raise GuessError(Code.WORD_OUT, _("a word is out already: it must be guessed first"), where, word)
        if player is not None and player != self.thinker:
            raise GuessError(Code.NOT_THE_THINKER, _("{player} is the Thinker").format(
                player=seat_name(self.names, self.thinker)),
                             where, word)
        if len(word) < MIN_LENGTH:
            raise GuessError(Code.TOO_SHORT, _("{word} is too short: the Thinker's word has nine or more "
                                               "letters").format(word=word), where, word)
        if not is_word(self.lexicon, word):
            raise GuessError(Code.NOT_IN_LEXICON, _("{word} is not in the lexicon").format(word=word), where, word)
        if self.pack:
            short = sum(max(0, n - self.pack[ch]) for ch, n in Counter(word).items())
            if short > self.pack["*"]:
                raise GuessError(Code.NOT_IN_PACK, _("the pack has not the cards to spell {word}").format(word=word),
                                 where, word)
        self.word = word
        self.shown = [False] * len(word)
        self.guessed = set()
        self.scores[self.thinker] += POINTS * len(word)
        self.turn = (self.thinker + 1) % self.players

    def _check(self, player: int, guess: str, where: Location | None) -> None:
        if not self.word:
            raise GuessError(Code.NO_WORD, _("no word is set out"), where, guess)
        if player != self.turn:
            raise GuessError(Code.NOT_YOUR_TURN, _("it is {player}'s guess").format(
                player=seat_name(self.names, self.turn)),
                             where, guess)

    def _finish(self, player: int) -> None:
        self.thinker = player
        self.word = ""

    def guess_letter(self, player: int, letter: str, where: Location | None = None) -> int:
        """Guess one letter; returns the cards turned up (0 = a miss, the turn passes)."""
        self._check(player, letter, where)
        letter = letter.upper()
        hits = [i for i, ch in enumerate(self.word) if ch == letter and not self.shown[i]]
        self.guessed.add(letter)
        if not hits:
            self.turn = (self.turn + 1) % self.players
            if self.turn == self.thinker:
                self.turn = (self.turn + 1) % self.players
            return 0
        for i in hits:
            self.shown[i] = True
        self.scores[player] += POINTS * len(hits)
        if all(self.shown):
            self._finish(player)
        return len(hits)

    def guess_word(self, player: int, word: str, where: Location | None = None) -> bool:
        """Guess the whole word: right scores two a hidden letter and makes the next Thinker."""
        self._check(player, word, where)
        if word.upper() != self.word:
            self.turn = (self.turn + 1) % self.players
            if self.turn == self.thinker:
                self.turn = (self.turn + 1) % self.players
            return False
        self.scores[player] += POINTS * self.shown.count(False)
        self._finish(player)
        return True

    def display(self) -> str:
        return "".join(ch if s else "_" for ch, s in zip(self.word, self.shown, strict=True))
