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

from kitgen.core.lexicon import Lexicon
from kitgen.games.game_of_words.rules.common import is_word

MIN_LENGTH = 9
POINTS = 2


class GuessError(ValueError):
    """A move Guess-O-Gram does not allow, with the rule's ``code``."""

    def __init__(self, reason: str, code: str = "illegal-guess") -> None:
        super().__init__(reason)
        self.reason = reason
        self.code = code


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

    def __post_init__(self) -> None:
        if self.players < 2:
            raise GuessError("Guess-O-Gram needs a Thinker and at least one guesser")
        if not self.scores:
            self.scores = [0] * self.players

    def think(self, word: str, player: int | None = None) -> None:
        """The Thinker (``player``, when said: checked) sets out his word and credits himself two points a letter."""
        word = word.upper()
        if self.word:
            raise GuessError("a word is out already: it must be guessed first", "word-out")
        if player is not None and player != self.thinker:
            raise GuessError(f"player {self.thinker + 1} is the Thinker", "not-the-thinker")
        if len(word) < MIN_LENGTH:
            raise GuessError("the word has nine or more letters", "too-short")
        if not is_word(self.lexicon, word):
            raise GuessError(f"{word} is not in the lexicon", "not-in-lexicon")
        if self.pack:
            short = sum(max(0, n - self.pack[ch]) for ch, n in Counter(word).items())
            if short > self.pack["*"]:
                raise GuessError(f"the pack has not the cards to spell {word}", "not-in-pack")
        self.word = word
        self.shown = [False] * len(word)
        self.guessed = set()
        self.scores[self.thinker] += POINTS * len(word)
        self.turn = (self.thinker + 1) % self.players

    def _check(self, player: int) -> None:
        if not self.word:
            raise GuessError("no word is set out", "no-word")
        if player != self.turn:
            raise GuessError(f"it is player {self.turn + 1}'s guess", "not-your-turn")

    def _finish(self, player: int) -> None:
        self.thinker = player
        self.word = ""

    def guess_letter(self, player: int, letter: str) -> int:
        """Guess one letter; returns the cards turned up (0 = a miss, the turn passes)."""
        self._check(player)
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

    def guess_word(self, player: int, word: str) -> bool:
        """Guess the whole word: right scores two a hidden letter and makes the next Thinker."""
        self._check(player)
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
