"""Letter Patience (seed ``game-of-words-1938.txt``, section 3): the play, checked move by move.

Rules enforced:

1. Seven piles of 1..7 cards, only the top card of each face up; 24 cards
   face down in the stock; the Sub Cards aside (``deals.deal_letter_patience``).
2. A word has four or more letters, taken from the face-up cards: at most one
   from each pile (the card below is turned up only after the word), and at
   most the top card of the face-up pile ("From this last pile only the top
   card may be used in any one word").
3. "Each Sub Card may be used just once, to represent any letter."
4. After a word, the card below each card used is turned up.
5. "When a pile is completely used up, any exposed vowel may be moved into the
   space ... if no vowel is available, the top card from this face up pile may
   be used instead. Spaces must be filled in promptly, and vowels must be used
   if possible." So while a space is open nothing else may be done, and the
   face-up pile may fill it only when no exposed vowel (A E I O U on top of
   another pile) exists. Ruling: a vowel alone on its pile does not count
   (moving it would only move the space).
6. Turning a stock card puts it on the face-up pile. The stock goes through once.
7. The game is won when every letter card is used.

Sources of a letter are named by pile number 0-6, ``W`` for the face-up
(waste) pile, or ``*`` for a Sub Card.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from kitgen.core.errors import Location, RuleBroken
from kitgen.core.i18n import gettext as _
from kitgen.core.lexicon import Lexicon
from kitgen.games.game_of_words.rules.common import Code, is_word
from kitgen.games.game_of_words.rules.deals import LetterPatienceDeal

VOWELS = frozenset("AEIOU")
MIN_WORD = 4
WASTE = "W"
SUB = "*"


def counted(source: str) -> str:
    """A source as a record and ``kitgen deal``'s text write it, piles counted from 1 (``"0"`` -> ``"1"``); ``W``
    and ``*`` as they are. Sources are held as indices from 0, as ``--json`` gives them."""
    return str(int(source) + 1) if source.isdigit() else source


class IllegalMove(RuleBroken):
    """A move Letter Patience does not allow: ``code`` the rule (a member of ``Code``), ``offending`` the move tried,
    ``where`` where it was typed (the game's ``at``: a replay sets it before each typed move)."""

    code: Code

    def __init__(self, reason: str, move: object = None, code: Code = Code.ILLEGAL_MOVE,
                 where: Location | None = None) -> None:
        super().__init__(reason, where, move)
        self.reason = reason
        self.move = move
        self.code = code


@dataclass
class LetterPatience:
    """A game in progress. ``piles[i]`` lists pile i bottom to top; its last card is the face-up one."""

    piles: list[list[str]]
    stock: list[str]
    lexicon: Lexicon
    subs: int = 2
    waste: list[str] = field(default_factory=list)
    used: list[str] = field(default_factory=list)
    at: Location | None = None
    """Where the move being played was typed (a replay's): its refusal is raised there."""

    @classmethod
    def from_deal(cls, dealt: LetterPatienceDeal, lexicon: Lexicon) -> LetterPatience:
        return cls([list(p) for p in dealt.piles], list(dealt.stock), lexicon, len(dealt.aside))

    # -- state -------------------------------------------------------------------
    def spaces(self) -> list[int]:
        return [i for i, p in enumerate(self.piles) if not p]

    def exposed(self) -> dict[str, str]:
        """Source -> letter of every card that may be used now."""
        out = {str(i): p[-1] for i, p in enumerate(self.piles) if p}
        if self.waste:
            out[WASTE] = self.waste[-1]
        return out

    @property
    def won(self) -> bool:
        return not self.stock and not self.waste and not any(self.piles)

    def must_fill(self) -> None:
        if self.spaces() and (self._vowel_sources() or self.waste):
            raise IllegalMove(_("fill the space at pile {pile} first (spaces must be filled promptly)").format(
                pile=self.spaces()[0] + 1),
                              code=Code.FILL_FIRST, where=self.at)

    def _vowel_sources(self) -> list[int]:
        return [i for i, p in enumerate(self.piles) if len(p) >= 2 and p[-1] in VOWELS]

    # -- moves --------------------------------------------------------------------
    def play(self, word: str, sources: Sequence[str]) -> None:
        """Play ``word``, its i-th letter from ``sources[i]`` (a pile 0-6, ``W`` or ``*``)."""
        word = word.upper()
        self.must_fill()
        self.check_word(word)
        if len(word) != len(sources):
            raise IllegalMove(_("one source a letter"), (word, sources), Code.SOURCES, self.at)
        seen: list[str] = []
        subs = 0
        exposed = self.exposed()
        for ch, src in zip(word, sources, strict=True):
            src = str(src).upper()
            if src == SUB:
                subs += 1
                continue
            if src in seen:
                raise IllegalMove(_("only one card of pile {pile} may go in a word").format(
                    pile=counted(src)) if src != WASTE else
                                  _("only the top card of the face-up pile may be used in a word"), (word, sources),
                                  Code.ONE_CARD_A_PILE, self.at)
            seen.append(src)
            if src not in exposed:
                raise IllegalMove(_("no face-up card at {pile}").format(pile=counted(src)),
                                  (word, sources), Code.NO_CARD, self.at)
            if exposed[src] != ch:
                raise IllegalMove(_("the card at {pile} is {card}, not {letter}").format(
                    pile=counted(src), card=exposed[src], letter=ch),
                                  (word, sources), Code.WRONG_CARD,
                                  self.at)
        if subs > self.subs:
            raise IllegalMove(_("only {count} Sub Card(s) left").format(count=self.subs),
                              (word, sources), Code.SUB_CARDS, self.at)
        self.subs -= subs
        for src in seen:
            self.used.append(self.waste.pop() if src == WASTE else self.piles[int(src)].pop())

    def check_word(self, word: str) -> None:
        """A word has four or more letters and is in the lexicon (rule 2), wherever its letters come from."""
        if len(word) < MIN_WORD:
            raise IllegalMove(_("words have four or more letters"), word, Code.TOO_SHORT, self.at)
        if not is_word(self.lexicon, word):
            raise IllegalMove(_("{word} is not in the lexicon").format(word=word), word, Code.NOT_IN_LEXICON, self.at)

    def fill(self, space: int, source: str) -> None:
        """Move an exposed vowel (from pile ``source``) or the face-up pile's top (``W``) into an empty pile."""
        if not 0 <= space < len(self.piles) or self.piles[space]:
            raise IllegalMove(_("pile {pile} is not a space").format(pile=space + 1), code=Code.NOT_A_SPACE,
                              where=self.at)
        source = str(source).upper()
        vowels = [i for i in self._vowel_sources() if i != space]
        if source == WASTE:
            if vowels:
                raise IllegalMove(_("a vowel is exposed: vowels must be used if possible"), code=Code.VOWEL_FIRST,
                                  where=self.at)
            if not self.waste:
                raise IllegalMove(_("the face-up pile is empty"), code=Code.NO_CARD, where=self.at)
            self.piles[space].append(self.waste.pop())
            return
        i = int(source)
        if i not in vowels:
            raise IllegalMove(_("pile {pile} shows no vowel to move (a vowel on a pile of two or more cards)").format(
                pile=i + 1),
                              code=Code.NO_VOWEL, where=self.at)
        self.piles[space].append(self.piles[i].pop())

    def turn(self) -> str:
        """Turn the stock's top card onto the face-up pile."""
        self.must_fill()
        if not self.stock:
            raise IllegalMove(_("the stock is used up (it goes through once)"), code=Code.STOCK_USED, where=self.at)
        card = self.stock.pop(0)
        self.waste.append(card)
        return card


# -- solver ---------------------------------------------------------------------------

@dataclass(frozen=True)
class WordMove:
    """A word played, its i-th letter from ``sources[i]`` (a pile 0-6, ``W`` the face-up pile, ``*`` a Sub Card)."""

    word: str
    sources: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {"move": "word", "word": self.word, "from": list(self.sources)}

    def describe(self) -> str:
        """The move as a typed-back game writes it, piles counted from 1 (``GAME 1 2 3 W``)."""
        return f"{self.word} " + " ".join(map(counted, self.sources))

    def apply(self, game: LetterPatience) -> None:
        """Play the move on ``game`` (``IllegalMove`` if the rules refuse it)."""
        game.play(self.word, self.sources)


@dataclass(frozen=True)
class FillMove:
    """A space (pile ``space``, 0-6) filled from pile ``source`` or the face-up pile (``W``)."""

    space: int
    source: str

    def to_json(self) -> dict[str, Any]:
        return {"move": "fill", "space": self.space, "from": self.source}

    def describe(self) -> str:
        """The move as a typed-back game writes it, piles counted from 1 (``fill 1 from 5``)."""
        return f"fill {self.space + 1} from {counted(self.source)}"

    def apply(self, game: LetterPatience) -> None:
        game.fill(self.space, self.source)


@dataclass(frozen=True)
class TurnMove:
    """A stock card turned onto the face-up pile."""

    card: str

    def to_json(self) -> dict[str, Any]:
        return {"move": "turn", "card": self.card}

    def describe(self) -> str:
        return f"turn {self.card}"

    def apply(self, game: LetterPatience) -> None:
        """Turn the stock's top card, which must be ``card``."""
        turned = game.turn()
        if turned != self.card:
            raise IllegalMove(_("the stock's top card was {turned}, not {card}").format(turned=turned, card=self.card),
                              self, code=Code.WRONG_CARD,
                              where=game.at)


PatienceMove = WordMove | FillMove | TurnMove
"""A move of the Letter Patience solver (``patience_solver.py``); ``to_json()`` is the ``--solve --json``
contract, piles numbered 0-6."""
