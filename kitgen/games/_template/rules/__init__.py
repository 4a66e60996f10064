"""The template game's rules: deal a seeded hand of letters; a record is a word made from the hand.

Rule 1: the hand is seven cards dealt from A-Z by the FreeCell deal algorithm
(kitgen.core.random.freecell_deal). Rule 2: a word scores its length when every
letter is in the hand, each card used once. Replace both with your game's.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from enum import Enum
from typing import Any

from kitgen.core.errors import Location, RuleBroken
from kitgen.core.random import freecell_deal

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
HAND = 7


class Code(Enum):
    """The rules a record can break."""

    NOT_IN_HAND = "not-in-hand"


class NotInHand(RuleBroken):
    """A word uses a letter the hand does not hold (rule 2); ``offending`` is the word."""

    code = Code.NOT_IN_HAND

    def __init__(self, word: str, where: Location | None = None) -> None:
        super().__init__(f"{word} uses letters the hand does not hold", where, word)
        self.word = word


@dataclass(frozen=True)
class Hand:
    """A seeded deal: seven letters (rule 1)."""

    game: str
    seed: int
    letters: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "seed": self.seed, "letters": list(self.letters)}

    def to_text(self) -> str:
        return f"deal {self.seed}: {' '.join(self.letters)}"


def deal(seed: int, game: str = "template") -> Hand:
    """Seven letters of A-Z, dealt by the FreeCell algorithm from ``seed`` (``game``: the name it is dealt under)."""
    return Hand(game, seed, tuple(freecell_deal(list(ALPHABET), seed)[:HAND]))


def score(hand: Hand, word: str, where: Location | None = None) -> int:
    """The word's length if the hand holds its letters (rule 2); else ``NotInHand`` at ``where`` (the word's place
    in the record)."""
    if Counter(word.upper()) - Counter(hand.letters):
        raise NotInHand(word, where)
    return len(word)


@dataclass(frozen=True)
class ScoreSheet:
    """A verified record's document (``kitgen verify template --json``): the total and every word, the same keys
    whether a word broke rule 2 or not."""

    score: int
    words: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {"score": self.score, "words": list(self.words)}
