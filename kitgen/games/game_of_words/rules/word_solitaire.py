"""Word Solitaire (seed ``game-of-words-1938.txt``, section 2): rules, replay and solver.

The rules as kitgen enforces them:

1. The 52 letter cards lie face up in 17 piles of three plus one extra card;
   the Sub Cards are not used. Only the top card of a pile is free.
2. A move forms a word "of four or more letters" from free cards and discards
   them. "If using one letter exposes another which might be used with the
   first in a word, both letters may be used" (the QUIT example): so a word may
   take several cards of one pile, always a run from the top (the top card, the
   top two, or all three). Ruling (docs/game-of-words.md, ruling 7): the letters of a word may come from
   its piles in any order (QUIT takes Q, U, I from one pile and T from another).
3. "Plurals, foreign words, etc., should not be used": a word must be in the
   lexicon (kitgen's lexicon has no proper nouns or abbreviations) and not a
   plural (docs/game-of-words.md, rulings 5 and 9: an inflected plural of a
   noun as the word-forms data says, CARS, MAPS, CHILDREN; NEWS, LENS, HERS
   and GLASSES are lemmas in their own right and may be played).
4. "If ... only two or three cards are left, a two or three letter word may be
   used to win": a word of two or three letters is allowed only when it takes
   every card left (ruling 8).
5. The game is won when every card is used.

Piles are numbered 0-16 as in the deal's ``piles``; the extra card is pile 17
(further extras, from other decks, 18 and up). A *position* is the tuple of
pile heights.

The solver (``Solver``) decides a deal by depth-first search over positions,
memoising the positions already shown lost. Moves are generated from the
anagram classes of the lexicon that fit the deck's letter counts: a bitset
over the classes, per letter and count, first rules out every class needing a
card that is not reachable (a card is reachable for a word only if the word
also holds every letter above it), then each survivor is fitted exactly onto
runs from the pile tops.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from kitgen.core.bitsets import bits_text, text_bits
from kitgen.core.cancel import CHECK_EVERY, checkpoint
from kitgen.core.errors import Location, RuleBroken
from kitgen.core.i18n import gettext as _
from kitgen.core.i18n import whole
from kitgen.core.lexicon import Lexicon
from kitgen.core.multiset import Packer, first_bits, rarest_first
from kitgen.games.game_of_words.rules.common import Code, Unfinished, forms_of, is_word, line_start
from kitgen.games.game_of_words.rules.word_table import WordTable

MIN_WORD = 4
"""Words of four or more letters (seed: "form words of four or more letters")."""
MIN_FINISH = 2
"""A two or three letter word may be used only to take the last cards."""


class IllegalWord(RuleBroken):
    """A word that cannot be played from the position: not a word, too short, not on the pile tops, or not from the
    piles given. ``code`` names the rule (``Code.LETTERS_ONLY``, ``TOO_SHORT``, ``SHORT_WORD``, ``NOT_IN_LEXICON``,
    ``PLURAL``, ``NOT_FREE``, ``PILES_GIVEN``), ``offending`` is the word and ``where`` where it was typed (the
    replay passes it to ``legal_takes``)."""

    code: Code

    def __init__(self, word: str, reason: str, code: Code, where: Location | None = None) -> None:
        super().__init__(f"{word}: {reason}", where, word)
        self.word = word
        self.reason = reason
        self.code = code


@dataclass(frozen=True)
class Step:
    """One move: the word and, for each letter in order, the pile it came from."""

    word: str
    takes: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {"word": self.word, "from": list(self.takes)}


def signature(word: str) -> str:
    return "".join(sorted(word))


def remaining_cards(piles: Sequence[str], heights: Sequence[int]) -> str:
    return "".join(p[:h] for p, h in zip(piles, heights, strict=True))


class OutOfWork(Exception):
    """A fit (``fits``) ran past the steps it was given."""


def fits(word: str, piles: Sequence[str], heights: Sequence[int],
         steps: list[int] | None = None) -> Iterator[tuple[int, ...]]:
    """Every way of taking ``word``'s letters as runs from the pile tops: the number taken from each pile.

    ``steps`` (one count, spent as the ways are tried): a long word on many piles has ways beyond counting (a
    200-letter word of a ``--words`` list over a 286-card deck tried 54 million partial ways in one position), so
    a search gives each fit the work it has left, and ``OutOfWork`` is raised when it is spent (issue 33)."""
    need: dict[str, int] = {}
    for ch in word:
        need[ch] = need.get(ch, 0) + 1
    n = len(piles)
    takes = [0] * n
    order = [p for p in range(n) if heights[p] and piles[p][heights[p] - 1] in need]

    def go(i: int, left: int) -> Iterator[tuple[int, ...]]:
        if steps is not None:
            steps[0] -= 1
            if steps[0] < 0:
                raise OutOfWork()
        if left == 0:
            yield tuple(takes)
            return
        if i == len(order):
            return
        p = order[i]
        h = heights[p]
        pile = piles[p]
        # longest run from the top that fits what is still needed
        used: list[str] = []
        k = 0
        while k < h:
            ch = pile[h - 1 - k]
            if need.get(ch, 0) <= 0:
                break
            need[ch] -= 1
            used.append(ch)
            k += 1
        for kk in range(k, -1, -1):
            takes[p] = kk
            yield from go(i + 1, left - kk)
            if kk:
                need[used[kk - 1]] += 1
        takes[p] = 0

    yield from go(0, len(word))


def letters_from(word: str, piles: Sequence[str], heights: Sequence[int], take: Sequence[int]) -> tuple[int, ...]:
    """For a take vector, the pile of each letter of ``word`` in order (the JSON ``from`` list)."""
    pool: dict[str, list[int]] = {}
    for p, k in enumerate(take):
        h = heights[p]
        for d in range(k):
            pool.setdefault(piles[p][h - 1 - d], []).append(p)
    out = []
    for ch in word:
        out.append(pool[ch].pop(0))
    return tuple(out)


def apply(heights: Sequence[int], take: Sequence[int]) -> tuple[int, ...]:
    return tuple(h - k for h, k in zip(heights, take, strict=True))


def legal_takes(word: str, piles: Sequence[str], heights: Sequence[int], lexicon: Lexicon,
                steps: list[int] | None = None, where: Location | None = None) -> list[tuple[int, ...]]:
    """The take vectors by which ``word`` may be played now; ``IllegalWord`` saying why if none, at ``where`` (where
    the word was typed). ``steps``: the fitting work a replay has left (``fits``), past which the word is refused as
    too many ways to try."""
    left = sum(heights)
    letters = lexicon.language.letter_index
    if not word.isalpha() or not all(ch.upper() in letters for ch in word):
        raise IllegalWord(word, _("a word is letters {letters} only").format(letters=lexicon.language.letters_name),
                          Code.LETTERS_ONLY, where)
    word = word.upper()
    if len(word) < MIN_WORD and not (MIN_FINISH <= len(word) == left):
        if len(word) < MIN_FINISH:
            raise IllegalWord(word, _("a word has at least two letters"), Code.TOO_SHORT, where)
        raise IllegalWord(word, _("words have four or more letters; a {length}-letter word only to take the last "
                                  "{length} cards ({left} left)").format(
                                      length=len(word), left=left), Code.SHORT_WORD, where)
    if not is_word(lexicon, word):
        raise IllegalWord(word, _("not in the lexicon"), Code.NOT_IN_LEXICON, where)
    forms = forms_of(lexicon, word)
    if forms.is_plural:
        raise IllegalWord(word, _("a plural (of {words}): plurals should not be used").format(
            words=", ".join(forms.plural_of)),
                          Code.PLURAL, where)
    try:
        ways = list(fits(word, piles, heights, steps))
    except OutOfWork:
        raise IllegalWord(word, _("its letters can be taken from the pile tops in more ways than kitgen tries "
                                  "({steps} steps a record): a word that long on so many piles cannot be "
                                  "checked").format(steps=whole(FIT_WORK)),
                          Code.TOO_MANY_WAYS, where) from None
    if not ways:
        raise IllegalWord(word, _("its letters are not free on the pile tops (runs from the top of a pile only)"),
                          Code.NOT_FREE, where)
    return ways


@dataclass
class Replay:
    """The result of replaying a list of words: the steps found, whether it is won, and the refusal that stopped it
    (``broken``: an ``IllegalWord`` at the word, ``Code.TOO_MANY_WAYS`` past the replay's fitting work, or
    ``Unfinished`` with cards left), with the cards left then."""

    steps: list[Step]
    won: bool
    broken: IllegalWord | Unfinished | None = None
    cards_left: str = ""


@dataclass(frozen=True)
class _Failure:
    """How far a replay got before failing, and why (the deepest failure is reported)."""

    index: int
    broken: IllegalWord | Unfinished
    heights: tuple[int, ...]


class _Replayer:
    """Tries every way of taking each typed word, depth first, remembering the deepest failure. ``spots[i]`` is
    where word ``i`` was typed: each refusal is raised there."""

    def __init__(self, piles: Sequence[str], words: Sequence[str], lexicon: Lexicon,
                 given: Sequence[Sequence[int] | None] | None, spots: Sequence[Location] = ()) -> None:
        self.piles, self.words, self.lexicon, self.given, self.spots = piles, words, lexicon, given, spots
        self.best: _Failure | None = None
        self.seen: set[tuple[int, tuple[int, ...]]] = set()
        self.steps = [FIT_WORK]
        """The fitting work the whole replay may spend (issue 33: a 60-letter word of a --words list on a 291-card
        deck tried ways for minutes)."""

    def fail(self, i: int, broken: IllegalWord | Unfinished, heights: tuple[int, ...]) -> None:
        if self.best is None or self.best.index <= i:
            self.best = _Failure(i, broken, heights)

    def spot(self, i: int) -> Location | None:
        return self.spots[i] if i < len(self.spots) else None

    def go(self, i: int, heights: tuple[int, ...], steps: list[Step]) -> list[Step] | None:
        if i == len(self.words):
            if sum(heights) == 0:
                return steps
            self.fail(i, Unfinished(Code.CARDS_LEFT, _("every word played, but cards are left"),
                                    line_start(self.spot(i - 1))), heights)
            return None
        if (i, heights) in self.seen:
            return None
        self.seen.add((i, heights))
        word = self.words[i].upper()
        try:
            ways = legal_takes(word, self.piles, heights, self.lexicon, self.steps, self.spot(i))
        except IllegalWord as exc:
            self.fail(i, exc, heights)
            return None
        fixed = self.given[i] if self.given is not None and i < len(self.given) else None
        for take in ways:
            order = letters_from(word, self.piles, heights, take)
            if fixed is not None:
                if sorted(fixed) != sorted(order):
                    continue
                order = tuple(fixed)
            found = self.go(i + 1, apply(heights, take), steps + [Step(word, order)])
            if found is not None:
                return found
        if fixed is not None:
            self.fail(i, IllegalWord(word, _("the letters are not free on the piles given"), Code.PILES_GIVEN,
                                     self.spot(i)), heights)
        return None


def replay(piles: Sequence[str], words: Sequence[str], lexicon: Lexicon,
           given: Sequence[Sequence[int] | None] | None = None, spots: Sequence[Location] = ()) -> Replay:
    """Replay ``words`` in order on the deal; the game is won if every card is used.

    Where a word can be taken in more than one way (two free E's), every way is
    tried, so a typed list of words is accepted if any choice of piles plays it
    through. ``given[i]``, if not ``None``, fixes the piles of word ``i``'s letters; ``spots[i]`` is where word
    ``i`` was typed, where its refusal is located.
    """
    heights0 = tuple(len(p) for p in piles)
    replayer = _Replayer(piles, words, lexicon, given, spots)
    result = replayer.go(0, heights0, [])
    if result is not None:
        return Replay(result, True)
    if not words:
        return Replay([], False, Unfinished(Code.NO_WORDS, _("no words given")), remaining_cards(piles, heights0))
    best = replayer.best or _Failure(0, Unfinished(Code.NO_WORDS, _("no words")), heights0)
    return Replay([], False, best.broken, remaining_cards(piles, best.heights))


def position(piles: Sequence[str], words: Sequence[str], lexicon: Lexicon,
             given: Sequence[Sequence[int] | None] | None = None) -> tuple[str, ...] | None:
    """The piles left (bottom to top, numbered as the deal's) once ``words`` are played in order, or ``None`` when
    one of them breaks a rule: the position a hint starts from (docs/web.md, "Play it"). Where a word can be taken
    in more than one way, the way the replay keeps is the one whose position is returned."""
    heights = tuple(len(p) for p in piles)
    if not words:
        return tuple(piles)
    replayer = _Replayer(piles, words, lexicon, given)
    if replayer.go(0, heights, []) is not None:
        return tuple("" for _ in piles)
    best = replayer.best
    if best is None or best.index < len(words):
        return None
    return tuple(p[:h] for p, h in zip(piles, best.heights, strict=True))


# -- solver -------------------------------------------------------------------

class WordIndex:
    """The lexicon's anagram classes that fit a deck's letter counts, with per-letter bitsets; plurals left out
    (rule 3). Built from the lexicon's ``WordTable`` (one pass over the lexicon for every index of a run); plain
    data (``to_json``/``from_json``), so it can be kept on disk."""

    def __init__(self, lexicon: Lexicon, deck_letters: str, max_rank: int | None = None,
                 table: WordTable | None = None) -> None:
        table = table if table is not None else WordTable.build(lexicon)
        index = lexicon.language.letter_index
        limit = [0] * len(index)
        for ch in deck_letters:
            if ch in index:  # a card of another alphabet (an Ñ under --lang en) is in no word
                limit[index[ch]] += 1
        total = len(deck_letters)
        best: list[tuple[str, str]] = []
        short: dict[str, str] = {}
        for sig, word, rank in zip(table.sigs, table.plain, table.plain_ranks, strict=True):
            n = len(sig)
            if not word or n < MIN_FINISH or n > total or (max_rank is not None and rank > max_rank):
                continue
            if any(sig.count(ch) > limit[index[ch]] for ch in set(sig)):
                continue
            if n >= MIN_WORD:
                best.append((sig, word))
            else:
                short[sig] = word
        words = dict(best)
        hard = _hardness(list(words), deck_letters, index)
        sigs = sorted(words, key=lambda s: (-sum(hard[index[c]] for c in s) / len(s), s))
        self._set(index, sigs, [words[s] for s in sigs], short)

    def _set(self, index: Mapping[str, int], sigs: list[str], words: list[str], short: dict[str, str],
             bits: tuple[list[int], list[list[int]], list[int]] | None = None) -> None:
        """Every table of the index from its classes (``sigs`` in search order, their ``words``) and ``short``;
        ``bits`` (``has``, ``need``, ``holding``) when they were kept (made here otherwise)."""
        self.letter_index = index
        self.sigs = sigs
        self.words = words
        self.short = short
        n = len(sigs)
        self.size = n
        self.nbytes = (n + 7) // 8
        self.all = (1 << n) - 1
        if bits is None:
            self.has, self.need = self._bitsets()
            self.holding = self._holding()
        else:
            self.has, self.need, self.holding = bits
        self.short_holding = self._short_holding()
        self.split_tables = SplitTables(self)

    def _bitsets(self) -> tuple[list[int], list[list[int]]]:
        """For each letter, the classes holding it (``has``) and, by count c, those holding more than c of it."""
        size = len(self.letter_index)
        has = [bytearray(self.nbytes) for _ in range(size)]
        need: list[list[bytearray]] = [[] for _ in range(size)]
        for i, s in enumerate(self.sigs):
            byte, bit = i >> 3, 1 << (i & 7)
            for ch in set(s):
                k = self.letter_index[ch]
                has[k][byte] |= bit
                rows = need[k]
                c = s.count(ch)
                while len(rows) < c:
                    rows.append(bytearray(self.nbytes))
                for j in range(c):
                    rows[j][byte] |= bit
        return [int.from_bytes(b, "little") for b in has], [[int.from_bytes(b, "little") for b in rows]
                                                            for rows in need]

    def _holding(self) -> list[int]:
        """How many classes hold each letter (the split check starts from the letter fewest hold)."""
        return [bits.bit_count() for bits in self.has]

    def _short_holding(self) -> dict[str, list[str]]:
        """The two- and three-letter classes holding each letter."""
        short: dict[str, list[str]] = {}
        for s in sorted(self.short):
            for ch in set(s):
                short.setdefault(ch, []).append(s)
        return short

    def to_json(self) -> dict[str, Any]:
        """The classes in search order, the short ones and the bitsets (little-endian bytes, base64)."""
        def encoded(bits: int) -> str:
            return bits_text(bits, self.nbytes)

        return {"letters": "".join(self.letter_index), "sigs": "\n".join(self.sigs), "words": "\n".join(self.words),
                "short_sigs": "\n".join(self.short), "short_words": "\n".join(self.short.values()),
                "has": [encoded(b) for b in self.has], "need": [[encoded(b) for b in rows] for rows in self.need]}

    @classmethod
    def from_json(cls, data: Mapping[str, Any], lexicon: Lexicon) -> WordIndex:
        """The index ``to_json`` wrote for ``lexicon``; ``ValueError`` if it is not one (the caller builds it)."""
        index = lexicon.language.letter_index
        if data.get("letters") != "".join(index):
            raise ValueError("not a Word Solitaire index")
        sigs, words = _lines(data.get("sigs")), _lines(data.get("words"))
        short_sigs, short_words = _lines(data.get("short_sigs")), _lines(data.get("short_words"))
        _check_classes(sigs, words, index)
        _check_classes(short_sigs, short_words, index)
        short = dict(zip(short_sigs, short_words, strict=True))
        made = cls.__new__(cls)
        made._set(index, sigs, words, short, _bits_of(data, len(index), len(sigs)))
        return made

    def within(self, counts: Sequence[int]) -> int:
        """The classes (as a bitset) whose letters are all among ``counts`` (cards of each letter)."""
        bad = 0
        for k, rows in enumerate(self.need):
            if counts[k] < len(rows):
                bad |= rows[counts[k]]
        return self.all & ~bad

    def decode(self, bits: int) -> Iterator[int]:
        """The class indices set in ``bits``, in increasing order (hardest letters first), produced lazily:
        the search usually takes one of the first few, so most of a long list would be decoded for nothing."""
        return first_bits(bits)

    def candidates(self, piles: Sequence[str], heights: Sequence[int]) -> Iterator[int]:
        """Classes whose every letter could be reached (a necessary condition, checked by bitsets), lazily."""
        ge = [[0] * len(rows) for rows in self.need]
        has = self.has
        full = self.all
        index = self.letter_index
        for p, h in enumerate(heights):
            pile = piles[p]
            above = full  # classes holding every letter above this card
            for d in range(h - 1, -1, -1):
                k = index.get(pile[d], -1)
                if k < 0:  # a card no word of this alphabet has: nothing above it is reachable through it
                    break
                rows = ge[k]
                # rows[j]: classes with at least j+1 cards of letter k reachable
                for j in range(len(rows) - 1, 0, -1):
                    rows[j] |= rows[j - 1] & above
                if rows:
                    rows[0] |= above
                above &= has[k]
                if not above:
                    break
        bad = 0
        for k in range(len(self.need)):
            need = self.need[k]
            rows = ge[k]
            for j, nb in enumerate(need):
                bad |= nb & ~rows[j]
        return self.decode(full & ~bad)


def _lines(text: Any) -> list[str]:
    """The lines of a string ``to_json`` joined (``ValueError`` if it is not a string)."""
    if not isinstance(text, str):
        raise ValueError("not a Word Solitaire index")
    return text.split("\n") if text else []


def _check_classes(sigs: list[str], words: list[str], index: Mapping[str, int]) -> None:
    """``ValueError`` unless ``sigs`` and ``words`` are of the alphabet's letters, each word as long as its class's
    signature (checks that stay fast on 100,000 classes; the entry's digest guards the rest)."""
    if "" in sigs or not set("".join(sigs)) <= set(index) or list(map(len, sigs)) != list(map(len, words)):
        raise ValueError("not a Word Solitaire index")


def _bits_of(data: Mapping[str, Any], letters: int, size: int) -> tuple[list[int], list[list[int]], list[int]]:
    """The bitsets ``WordIndex.to_json`` wrote for ``size`` classes; ``ValueError`` if they are not."""
    has, need = data.get("has"), data.get("need")
    if not isinstance(has, list) or not isinstance(need, list) or len(has) != letters or len(need) != letters:
        raise ValueError("not a Word Solitaire index")
    nbytes = (size + 7) // 8

    def decoded(text: Any) -> int:
        return text_bits(text, nbytes, "a Word Solitaire index")

    if not all(isinstance(rows, list) for rows in need):
        raise ValueError("not a Word Solitaire index")
    has_bits = [decoded(b) for b in has]
    need_bits = [[decoded(b) for b in rows] for rows in need]
    return has_bits, need_bits, [bits.bit_count() for bits in has_bits]


SPLIT_WIDTH = 7
"""Bits a letter takes in the split check's packed multisets: six for its count (up to 63 cards of one letter, more
than the check ever meets: it runs from ``SPLIT_CARDS`` cards) and a guard bit."""


class SplitTables:
    """What the split check reads, made once per index: the letters ranked fewest classes first (so the rarest
    letter of a packed multiset is its lowest field), each class's packed letters (made when first used), for each
    rank and count the classes needing more of that letter (``excluded``), and each letter's two- and three-letter
    classes, packed."""

    def __init__(self, index: WordIndex) -> None:
        letters = index.letter_index
        self.packer = Packer(rarest_first(letters, {ch: index.holding[k] for ch, k in letters.items()}),
                             SPLIT_WIDTH)
        self.rank_letter = {r: ch for ch, r in self.packer.rank.items()}
        self.guard = self.packer.guard
        self.packed: list[int | None] = [None] * index.size
        self.excluded: list[tuple[int, list[int]]] = []
        """(rank, classes needing more than c cards of it, by c) for each letter some class holds."""
        for ch, r in sorted(self.packer.rank.items(), key=lambda item: item[1]):
            rows = index.need[letters[ch]]
            if rows:
                self.excluded.append((r, rows))
        self.has = [index.has[letters[self.rank_letter[r]]] for r in range(len(letters))]
        packs = {s: self.packer.pack(s) for s in index.short}
        self.short = [[(pack, len(s)) for s in index.short_holding.get(self.rank_letter[r], ())
                       if (pack := packs[s]) is not None] for r in range(len(letters))]


SPLIT_CARDS = 40
"""The split check (``SplitCheck``) runs on positions with at most this many cards left."""
SPLIT_STEPS = 5_000
"""Multisets one split check may look at before it gives up and prunes nothing."""


class _OutOfSteps(Exception):
    """A split check ran past its steps."""


class SplitCheck:
    """Whether a multiset of cards splits into words: a sound test that a position is lost.

    In any won game the cards left are used by words, each of four or more letters but for at most one of two or
    three letters (the last, rule 4): so if the letters left cannot be split into the index's classes that way,
    pile order aside, the position is lost. The split is searched depth first from the letter fewest classes
    hold: some word of the split holds it, so trying each class that holds it and fits in the cards (the bitset
    ``WordIndex.within``), then splitting the rest, is exhaustive. Multisets are packed integers
    (``kitgen.core.multiset``: rarest letter in the lowest field; a word fits when a subtraction keeps every guard
    bit; the rest is the difference). Results are remembered by multiset for the deal; past ``steps`` multisets
    one check answers ``None`` (nothing pruned).
    """

    def __init__(self, index: WordIndex, steps: int = SPLIT_STEPS) -> None:
        self.index = index
        self.tables = index.split_tables
        self.steps = steps
        self.known: dict[tuple[int, bool], bool] = {}
        self.left = 0

    def splits(self, cards: str) -> bool | None:
        """Whether the sorted letters ``cards`` split into words (one of two or three letters at most)."""
        packed = self.tables.packer.pack(cards)
        if packed is None:  # a card no word of the alphabet holds, or more of one letter than a field counts
            return None if all(ch in self.index.letter_index for ch in cards) else False
        self.left = self.steps
        try:
            return self._splits(packed, len(cards), True)
        except _OutOfSteps:
            return None

    def _splits(self, cards: int, size: int, short: bool) -> bool:
        if not cards:
            return True
        known = self.known.get((cards, short))
        if known is None:
            self.left -= 1
            if self.left < 0:
                raise _OutOfSteps()
            known = self._first_word(cards, size, short)
            self.known[(cards, short)] = known
        return known

    def _first_word(self, cards: int, size: int, short: bool) -> bool:
        """Some word holding the letter fewest classes hold, the rest split after it."""
        tables = self.tables
        width = SPLIT_WIDTH
        count = (1 << width - 1) - 1
        rare = ((cards & -cards).bit_length() - 1) // width
        if size >= MIN_WORD:
            bad = 0
            for r, rows in tables.excluded:
                c = cards >> width * r & count
                if c < len(rows):
                    bad |= rows[c]
            packed, sigs = tables.packed, self.index.sigs
            for i in first_bits(tables.has[rare] & ~bad):
                word = packed[i]
                if word is None:
                    word = packed[i] = tables.packer.pack(sigs[i])
                if word is not None and self._splits(cards - word, size - len(sigs[i]), short):
                    return True
        if short:  # the one word of two or three letters, the last one played
            top = cards + tables.guard
            guard = tables.guard
            for word, length in tables.short[rare]:
                if not guard & ~(top - word) and self._splits(cards - word, size - length, False):
                    return True
        return False


NODE_LIMIT = 100_000
"""Positions the search may look at in a deal before it says undecided (docs/game-of-words.md: the budget)."""
STANDARD_DECK = 54
"""Cards of the standard deck (52 letters and 2 Sub Cards): up to this size the budget is ``NODE_LIMIT`` positions."""


def scaled_limit(limit: int, cards: int) -> int:
    """A position budget for a deck of ``cards`` cards (issue 33: the budget is work, not positions). Looking at one
    position costs about the square of the deck's size (its cards' signature, the candidate words and the ways each
    fits the pile tops: 7 ms a position at 286 cards, 0.3 ms at 54), so past ``STANDARD_DECK`` cards the budget
    shrinks with the cube of the size: the work a deal may take falls as the deck grows (a legal 286-card deck
    ran 213 s at 100,000 positions; now at most a few seconds), and a standard deck's answers do not change."""
    if cards <= STANDARD_DECK:
        return limit
    return max(1, int(limit * (STANDARD_DECK / cards) ** 3))
FIT_WORK = 2_000_000
"""The fitting work one search pass may spend, in steps of ``fits`` (partial ways tried), besides its positions: the
budget is counted in work, not only positions (issue 33). Deals 1-1000 of the standard deck spend at most 136,448
steps a deal (deal 547), so their answers and solutions do not change; a long word of a ``--words`` list, whose ways
of fitting the pile tops are beyond counting, makes the deal undecided within seconds. Scaled down past the standard
deck like the positions (``scaled_limit``)."""
COMMON_RANK = 50
"""Words of SCOWL size 50 or less (common ones) are tried first, in a short pass."""


class Undecided(Exception):
    """The solver gave up within its node budget (neither a win found nor every position tried)."""


def _hardness(lexicon_words: Sequence[str], deck_letters: str, index: Mapping[str, int]) -> list[float]:
    """How hard each letter is to place: deck copies per occurrence in the class list (higher is harder)."""
    size = len(index)
    freq = [1] * size
    for w in lexicon_words:
        for ch in w:
            freq[index[ch]] += 1
    copies = [0] * size
    for ch in deck_letters:
        if ch in index:
            copies[index[ch]] += 1
    total = sum(freq)
    return [copies[k] * total / (freq[k] * max(1, len(deck_letters))) for k in range(size)]


class Search:
    """One depth-first search over the classes of a ``WordIndex``, giving up past ``node_limit`` positions.

    At each position it first checks whether all the cards left make one
    word; then it tries the words the bitset index allows, those whose
    letters are hardest to place (Q, J, X, Z ... per card) first, each in
    every way it fits the pile tops, generated lazily. Lost positions (pile
    heights) are remembered for the deal. A position with at most
    ``split_cards`` cards left whose letters do not split into words
    (``SplitCheck``) is lost without a move tried.
    """

    def __init__(self, index: WordIndex, node_limit: int, split_cards: int = SPLIT_CARDS,
                 split_steps: int = SPLIT_STEPS, work_limit: int = FIT_WORK) -> None:
        self.index = index
        self.node_limit = node_limit
        self.work_limit = work_limit
        """Steps of ``fits`` a run may spend (``FIT_WORK``) before it says undecided."""
        self.split_cards = split_cards
        self.split_steps = split_steps
        self.positions = 0
        """Positions the last ``run`` looked at (the budget it spent)."""
        self.whole: dict[str, str] = dict(index.short)
        self.whole.update(zip(index.sigs, index.words, strict=True))

    def moves(self, piles: Sequence[str], heights: tuple[int, ...],
              steps: list[int] | None = None) -> Iterator[tuple[int, tuple[int, ...]]]:
        """(class index, take vector) playable now, hardest letters first, generated lazily; ``steps``: the fitting
        work left (``fits``)."""
        sigs = self.index.sigs
        for i in self.index.candidates(piles, heights):
            for take in fits(sigs[i], piles, heights, steps):
                yield i, take

    def run(self, piles: Sequence[str]) -> list[Step] | None:
        """A winning list of steps, ``None`` if there is none; ``Undecided`` past the budget."""
        piles = list(piles)
        dead: set[tuple[int, ...]] = set()
        path: list[tuple[str, tuple[int, ...], tuple[int, ...]]] = []
        budget = [self.node_limit]
        steps = [self.work_limit]
        split = SplitCheck(self.index, self.split_steps)

        def go(heights: tuple[int, ...]) -> bool:
            left = sum(heights)
            if left == 0:
                return True
            if heights in dead:
                return False
            budget[0] -= 1
            if budget[0] < 0:
                raise Undecided()
            if not budget[0] & CHECK_EVERY:
                checkpoint()  # a face that cancels the work (kitgen.core.cancel) stops the search here
            cards = signature(remaining_cards(piles, heights))
            word = self.whole.get(cards)
            if word is not None:
                path.append((word, heights, heights))
                return True
            if left < MIN_WORD + MIN_FINISH or (left <= self.split_cards and split.splits(cards) is False):
                dead.add(heights)  # no 4+ word can leave a playable rest, or the letters make no words
                return False
            for i, take in self.moves(piles, heights, steps):
                if left - sum(take) == 1:
                    continue  # one card alone can never be played
                path.append((self.index.words[i], heights, take))
                if go(apply(heights, take)):
                    return True
                path.pop()
            dead.add(heights)
            return False

        try:
            won = go(tuple(len(p) for p in piles))
        except OutOfWork:
            raise Undecided() from None
        finally:
            self.positions = self.node_limit - max(budget[0], 0)
        if not won:
            return None
        return [Step(word, letters_from(word, piles, heights, take)) for word, heights, take in path]


@dataclass(frozen=True)
class SolverIndexes:
    """A solver's indexes: the whole lexicon's and, when it is smaller, the common words' (rank <= ``common_rank``),
    both filtered from one ``WordTable`` (one pass over the lexicon, the plurals found once)."""

    full: WordIndex
    common: WordIndex | None

    @classmethod
    def build(cls, lexicon: Lexicon, deck_letters: str, common_rank: int | None = COMMON_RANK,
              table: WordTable | None = None) -> SolverIndexes:
        table = table if table is not None else WordTable.build(lexicon)
        full = WordIndex(lexicon, deck_letters, table=table)
        if common_rank is None:
            return cls(full, None)
        common = WordIndex(lexicon, deck_letters, common_rank, table=table)
        return cls(full, common if 0 < common.size < full.size else None)

    def to_json(self) -> dict[str, Any]:
        return {"full": self.full.to_json(), "common": None if self.common is None else self.common.to_json()}

    @classmethod
    def from_json(cls, data: Mapping[str, Any], lexicon: Lexicon) -> SolverIndexes:
        """The indexes ``to_json`` wrote for ``lexicon``; ``ValueError`` if they are not (the caller builds them)."""
        full, common = data.get("full"), data.get("common")
        if not isinstance(full, dict) or not (common is None or isinstance(common, dict)):
            raise ValueError("not Word Solitaire indexes")
        return cls(WordIndex.from_json(full, lexicon),
                   None if common is None else WordIndex.from_json(common, lexicon))


class Solver:
    """Decides Word Solitaire deals for one lexicon and deck (build once, reuse across deals).

    Depth-first search (``Search``) over the whole lexicon's anagram classes.
    ``node_limit`` bounds the work per deal (scaled down for a deck larger than the standard one:
    ``scaled_limit``): past it ``solve`` raises ``Undecided`` rather than guess. A first pass of ``common_limit``
    positions uses only common words, rank <= ``common_rank`` (a win found
    there is a win; a loss there proves nothing and the full search runs).
    ``split_cards`` is the split check's threshold (0: never), there to
    measure it.
    """

    def __init__(self, lexicon: Lexicon, deck_letters: str, node_limit: int = NODE_LIMIT,
                 common_rank: int | None = COMMON_RANK, common_limit: int = 2_000,
                 split_cards: int = SPLIT_CARDS, indexes: SolverIndexes | None = None) -> None:
        """``indexes``: the indexes for ``lexicon``, ``deck_letters`` and ``common_rank``, made already (kept on
        disk by the caller); built here otherwise."""
        cards = len(deck_letters)
        steps = scaled_limit(SPLIT_STEPS, cards)  # a check that runs out prunes nothing: still sound
        if indexes is None:
            indexes = SolverIndexes.build(lexicon, deck_letters, common_rank)
        self.indexes = indexes
        work = scaled_limit(FIT_WORK, cards)
        self.full = Search(indexes.full, scaled_limit(node_limit, cards), split_cards, steps, work)
        self.common: Search | None = None
        if indexes.common is not None:
            self.common = Search(indexes.common, scaled_limit(common_limit, cards), split_cards, steps, work)

    @property
    def index(self) -> WordIndex:
        """The whole lexicon's index."""
        return self.full.index

    def moves(self, piles: Sequence[str], heights: tuple[int, ...]) -> Iterator[tuple[int, tuple[int, ...]]]:
        """(class index, take vector) playable now over the whole lexicon, hardest letters first."""
        return self.full.moves(piles, heights)

    def solve(self, piles: Sequence[str]) -> list[Step] | None:
        """A winning list of steps, ``None`` if the deal cannot be won; ``Undecided`` past the budget.

        A short first pass uses only common words (rank <= ``COMMON_RANK``), so solutions read well;
        the decision itself always comes from the whole lexicon.
        """
        if self.common is not None:
            try:
                steps = self.common.run(piles)
                if steps is not None:
                    return steps
            except Undecided:
                pass
        return self.full.run(piles)
