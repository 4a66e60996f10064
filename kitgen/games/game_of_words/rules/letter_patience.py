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

from kitgen.core.lexicon import Lexicon
from kitgen.games.game_of_words.rules.common import is_word
from kitgen.games.game_of_words.rules.deals import LetterPatienceDeal

VOWELS = frozenset("AEIOU")
MIN_WORD = 4
WASTE = "W"
SUB = "*"


class IllegalMove(ValueError):
    """A move Letter Patience does not allow; carries the move tried and the rule's ``code``."""

    def __init__(self, reason: str, move: object = None, code: str = "illegal-move") -> None:
        super().__init__(reason)
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
            raise IllegalMove(f"fill the space at pile {self.spaces()[0]} first (spaces must be filled promptly)",
                              code="fill-first")

    def _vowel_sources(self) -> list[int]:
        return [i for i, p in enumerate(self.piles) if len(p) >= 2 and p[-1] in VOWELS]

    # -- moves --------------------------------------------------------------------
    def play(self, word: str, sources: Sequence[str]) -> None:
        """Play ``word``, its i-th letter from ``sources[i]`` (a pile 0-6, ``W`` or ``*``)."""
        word = word.upper()
        self.must_fill()
        self.check_word(word)
        if len(word) != len(sources):
            raise IllegalMove("one source a letter", (word, sources), "sources")
        seen: list[str] = []
        subs = 0
        exposed = self.exposed()
        for ch, src in zip(word, sources, strict=True):
            src = str(src).upper()
            if src == SUB:
                subs += 1
                continue
            if src in seen:
                raise IllegalMove(f"only one card of pile {src} may go in a word" if src != WASTE else
                                  "only the top card of the face-up pile may be used in a word", (word, sources),
                                  "one-card-a-pile")
            seen.append(src)
            if src not in exposed:
                raise IllegalMove(f"no face-up card at {src}", (word, sources), "no-card")
            if exposed[src] != ch:
                raise IllegalMove(f"the card at {src} is {exposed[src]}, not {ch}", (word, sources), "wrong-card")
        if subs > self.subs:
            raise IllegalMove(f"only {self.subs} Sub Card(s) left", (word, sources), "sub-cards")
        self.subs -= subs
        for src in seen:
            self.used.append(self.waste.pop() if src == WASTE else self.piles[int(src)].pop())

    def check_word(self, word: str) -> None:
        """A word has four or more letters and is in the lexicon (rule 2), wherever its letters come from."""
        if len(word) < MIN_WORD:
            raise IllegalMove("words have four or more letters", word, "too-short")
        if not is_word(self.lexicon, word):
            raise IllegalMove(f"{word} is not in the lexicon", word, "not-in-lexicon")

    def fill(self, space: int, source: str) -> None:
        """Move an exposed vowel (from pile ``source``) or the face-up pile's top (``W``) into an empty pile."""
        if not 0 <= space < len(self.piles) or self.piles[space]:
            raise IllegalMove(f"pile {space} is not a space", code="not-a-space")
        source = str(source).upper()
        vowels = [i for i in self._vowel_sources() if i != space]
        if source == WASTE:
            if vowels:
                raise IllegalMove("a vowel is exposed: vowels must be used if possible", code="vowel-first")
            if not self.waste:
                raise IllegalMove("the face-up pile is empty", code="no-card")
            self.piles[space].append(self.waste.pop())
            return
        i = int(source)
        if i not in vowels:
            raise IllegalMove(f"pile {i} shows no vowel to move (a vowel on a pile of two or more cards)",
                              code="no-vowel")
        self.piles[space].append(self.piles[i].pop())

    def turn(self) -> str:
        """Turn the stock's top card onto the face-up pile."""
        self.must_fill()
        if not self.stock:
            raise IllegalMove("the stock is used up (it goes through once)", code="stock-used")
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
        """The move as a typed-back game writes it (``GAME 0 1 2 W``)."""
        return f"{self.word} " + " ".join(self.sources)


@dataclass(frozen=True)
class FillMove:
    """A space (pile ``space``, 0-6) filled from pile ``source`` or the face-up pile (``W``)."""

    space: int
    source: str

    def to_json(self) -> dict[str, Any]:
        return {"move": "fill", "space": self.space, "from": self.source}

    def describe(self) -> str:
        return f"fill {self.space} from {self.source}"


@dataclass(frozen=True)
class TurnMove:
    """A stock card turned onto the face-up pile."""

    card: str

    def to_json(self) -> dict[str, Any]:
        return {"move": "turn", "card": self.card}

    def describe(self) -> str:
        return f"turn {self.card}"


PatienceMove = WordMove | FillMove | TurnMove
"""A move of the Letter Patience solver; ``to_json()`` is the ``--solve --json`` contract, piles numbered 0-6."""


class PatienceUndecided(Exception):
    """The Letter Patience solver gave up within its node budget."""


class PatienceSolver:
    """Decides a Letter Patience deal with every card known (a depth-first search over positions).

    Moves follow the rules above, strictly: open spaces are filled first (an
    exposed vowel from a pile of two or more cards, else the face-up pile's
    top); a stock card is turned only when no word can be played; each word
    takes at most one card a pile, the face-up pile's top, and Sub Cards.
    Words are found by looking up every sub-multiset (four or more letters,
    Sub Cards filling in) of the up to eight exposed cards in a table of the
    lexicon's anagram classes. Positions already lost are remembered.
    """

    def __init__(self, lexicon: Lexicon, node_limit: int = 50_000, max_length: int = 10) -> None:
        self.node_limit = node_limit
        self.letters = lexicon.language.letters
        """What a Sub Card may stand for: the lexicon's alphabet (A-Z; with the Ñ in Spanish)."""
        self.table: dict[str, str] = {}
        for w in lexicon:
            if MIN_WORD <= len(w) <= max_length and w.isalpha() and " " not in lexicon.display(w):
                key = "".join(sorted(w))
                old = self.table.get(key)
                if old is None or (lexicon.rank(w) or 0, w) < (lexicon.rank(old) or 0, old):
                    self.table[key] = w

    def _words(self, exposed: list[tuple[str, str]], subs: int) -> list[tuple[str, list[str]]]:
        """(word, sources) playable from the exposed cards and up to ``subs`` Sub Cards, longest first."""
        out = []
        n = len(exposed)
        seen: set[tuple[str, tuple[str, ...]]] = set()
        letters_az = list(self.letters)
        for mask in range(1, 1 << n):
            chosen = [exposed[i] for i in range(n) if mask >> i & 1]
            size = len(chosen)
            if size + subs < MIN_WORD:
                continue
            base = "".join(sorted(ch for _, ch in chosen))
            fills: list[str] = [""] if size >= MIN_WORD else []
            if subs >= 1 and size + 1 >= MIN_WORD:
                fills += letters_az
            if subs >= 2 and size + 2 >= MIN_WORD:
                fills += [a + b for a in letters_az for b in letters_az if a <= b]
            for extra in fills:
                key = "".join(sorted(base + extra)) if extra else base
                word = self.table.get(key)
                if word is None:
                    continue
                ident = (key, tuple(sorted(src for src, _ in chosen)))
                if ident in seen:
                    continue
                seen.add(ident)
                pool: dict[str, list[str]] = {}
                for src, ch in chosen:
                    pool.setdefault(ch, []).append(src)
                sources = []
                for ch in word:
                    sources.append(pool[ch].pop() if pool.get(ch) else SUB)
                out.append((word, sources))
        out.sort(key=lambda t: (-len(t[0]), t[1].count(SUB)))
        return out

    def solve(self, piles: Sequence[Sequence[str]], stock: str, subs: int = 2) -> list[PatienceMove] | None:
        """A winning list of moves (``WordMove``, ``FillMove``, ``TurnMove``), or ``None`` if the deal
        cannot be won; ``PatienceUndecided`` past the budget."""
        search = _PatienceSearch(self, stock)
        if search.go(tuple("".join(p) for p in piles), "", 0, subs):
            return search.path
        return None


State = tuple[tuple[str, ...], str, int, int]
"""A Letter Patience position: the piles (bottom to top), the face-up pile, stock cards turned, Sub Cards left."""


class _PatienceSearch:
    """One depth-first search of a deal: the moves so far, the positions known lost, the budget left."""

    def __init__(self, solver: PatienceSolver, stock: str) -> None:
        self.solver = solver
        self.stock = stock
        self.dead: set[State] = set()
        self.path: list[PatienceMove] = []
        self.budget = solver.node_limit

    def go(self, piles: tuple[str, ...], waste: str, pos: int, subs: int) -> bool:
        if not any(piles) and not waste and pos == len(self.stock):
            return True
        state = (piles, waste, pos, subs)
        if state in self.dead:
            return False
        self.budget -= 1
        if self.budget < 0:
            raise PatienceUndecided()
        spaces = [i for i, p in enumerate(piles) if not p]
        if spaces and self._can_fill(piles, waste):
            won = self._fill(spaces[0], piles, waste, pos, subs)
        else:
            won = self._words(piles, waste, pos, subs)
        if not won:
            self.dead.add(state)
        return won

    def _can_fill(self, piles: tuple[str, ...], waste: str) -> bool:
        return bool(waste) or any(len(p) >= 2 and p[-1] in VOWELS for p in piles)

    def _try(self, move: PatienceMove, piles: tuple[str, ...], waste: str, pos: int, subs: int) -> bool:
        self.path.append(move)
        if self.go(piles, waste, pos, subs):
            return True
        self.path.pop()
        return False

    def _fill(self, space: int, piles: tuple[str, ...], waste: str, pos: int, subs: int) -> bool:
        """Fill the first space: with each exposed vowel in turn, else the face-up pile's top."""
        vowels = [i for i, p in enumerate(piles) if len(p) >= 2 and p[-1] in VOWELS]
        if not vowels:
            new = list(piles)
            new[space] = waste[-1]
            return self._try(FillMove(space, WASTE), tuple(new), waste[:-1], pos, subs)
        for i in vowels:
            new = list(piles)
            new[space] = piles[i][-1]
            new[i] = piles[i][:-1]
            if self._try(FillMove(space, str(i)), tuple(new), waste, pos, subs):
                return True
        return False

    def _words(self, piles: tuple[str, ...], waste: str, pos: int, subs: int) -> bool:
        """Play each word the exposed cards make, longest first; with none, turn a stock card."""
        exposed = [(str(i), p[-1]) for i, p in enumerate(piles) if p]
        if waste:
            exposed.append((WASTE, waste[-1]))
        words = self.solver._words(exposed, subs)
        for word, sources in words:
            new = list(piles)
            nw = waste
            for src in sources:
                if src == WASTE:
                    nw = nw[:-1]
                elif src != SUB:
                    new[int(src)] = new[int(src)][:-1]
            if self._try(WordMove(word, tuple(sources)), tuple(new), nw, pos, subs - sources.count(SUB)):
                return True
        if not words and pos < len(self.stock):
            card = self.stock[pos]
            return self._try(TurnMove(card), piles, waste + card, pos + 1, subs)
        return False
