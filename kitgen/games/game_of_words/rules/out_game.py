"""The O-U-T Game (seed ``game-of-words-1938.txt``, section 7): legal letters and the score sheet.

Rules checked:

* A letter played must continue the letters in the centre towards some word
  of nine or more letters (``legal_next``); a word is *completed* when the
  letters spell such a word (``completes``).
* Completing a word gives the player a penalty letter: O, then U, then T;
  with T he is out. An E (for Excellence: pointing out a play a passing player
  missed, or a successful challenge) cancels one penalty letter at any time,
  and an E held in credit cancels the next penalty.
* Asking the preceding player for his word: if he can name an acceptable
  word the asker gets a penalty letter, otherwise he does.
* The last player left in wins. 4 to 8 players.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from kitgen.core.i18n import gettext
from kitgen.core.lexicon import Lexicon
from kitgen.games.game_of_words.rules.common import is_word

MIN_LENGTH = 9
PENALTIES = "OUT"


class OutError(ValueError):
    """Something the O-U-T Game does not allow."""


def _long_words(lexicon: Lexicon, prefix: str) -> list[str]:
    out: list[str] = []
    for n in range(max(MIN_LENGTH, len(prefix)), 40):
        pattern = prefix + "?" * (n - len(prefix))
        out.extend(w for w in lexicon.match(pattern) if is_word(lexicon, w))
        if out:
            return out
    return out


def legal_next(lexicon: Lexicon, letters: str, letter: str) -> bool:
    """Whether ``letter`` may follow ``letters``: they begin some word of nine or more letters."""
    return bool(_long_words(lexicon, (letters + letter).upper()))


def completes(lexicon: Lexicon, letters: str) -> bool:
    """Whether the letters spell a whole word of nine or more letters."""
    return len(letters) >= MIN_LENGTH and is_word(lexicon, letters)


@dataclass
class ScoreSheet:
    """Each player's net penalties (negative: E's in credit); out at three."""

    players: int
    net: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not 4 <= self.players <= 8:
            raise OutError(gettext("the O-U-T Game is for four to eight players"))
        if not self.net:
            self.net = [0] * self.players

    def _live(self, player: int) -> None:
        if self.is_out(player):
            raise OutError(gettext("player {number} is out of the game").format(number=player + 1))

    def penalty(self, player: int) -> str:
        """Give ``player`` the next penalty letter (cancelled by an E in credit); returns his sheet."""
        self._live(player)
        self.net[player] += 1
        return self.sheet(player)

    def excellence(self, player: int) -> str:
        """An E: cancels the last penalty letter, or stays in credit."""
        self._live(player)
        self.net[player] -= 1
        return self.sheet(player)

    def ask(self, asker: int, preceding: int, word_named: str | None, lexicon: Lexicon, letters: str) -> int:
        """The asker asks the preceding player his word; returns who gets the penalty letter."""
        ok = (word_named is not None and completes(lexicon, word_named.upper())
              and word_named.upper().startswith(letters.upper()))
        loser = asker if ok else preceding
        self.penalty(loser)
        return loser

    def sheet(self, player: int) -> str:
        n = self.net[player]
        return PENALTIES[:n] if n > 0 else "E" * (-n)

    def is_out(self, player: int) -> bool:
        return self.net[player] >= len(PENALTIES)

    def winner(self) -> int | None:
        left = [p for p in range(self.players) if not self.is_out(p)]
        return left[0] if len(left) == 1 else None
