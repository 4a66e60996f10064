"""Autofill: words in every light of a pattern, no word twice, common words first (docs/crossword.md, ruling 10).

The search is a constraint search over the lights (*slots*):

* each slot's **domain** is a bitset over the words of its length, numbered in
  order of commonness (lexicon rank, then alphabetically), so the lowest set
  bit is always the commonest word still possible (``RankedIndex``);
* each square keeps the **letters** still possible in it (a 26-bit mask);
  when a slot's domain shrinks, the letters its words allow in each crossing
  square are recomputed and the crossing slot's domain is cut to words with
  one of those letters there, until nothing changes (arc consistency);
* the next slot filled is the one with the fewest words left for its
  *weight* (ties: the longest): each dead end adds 1 to the weight of the
  slot left with no word and of the slot whose word did it, and the weights
  are kept over restarts, so the slots that keep failing are filled early
  (the "dom/wdeg" rule of constraint solvers); its words are tried best
  first (``_Search._ordered``: the room they leave the crossings, the common
  words among it, and their own rank); a word placed is taken out of every
  other slot of its length (no word twice);
* a dead end undoes to the last choice; a node budget bounds the work, and a
  pattern the budget cannot fill is reported as not filled (``None``);
* the search runs first with the words running text has seen alone (rank up to
  ``SEEN_RANK``, the *common tier*), then, if that finds no fill, with every
  word: a fill has rare words only where the common ones cannot fill it.

Pure: it imports only ``kitgen.core``. The Crossword game's hints use the same
index and consistency check (``hint_words``).
"""

from __future__ import annotations

import base64
import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from kitgen.core.cancel import CHECK_EVERY, checkpoint
from kitgen.core.grid import Cell, Grid, Light
from kitgen.core.language import LATIN
from kitgen.core.lexicon import SEEN_RANK

if TYPE_CHECKING:
    from kitgen.core.lexicon import Lexicon

MAX_LETTERS = 42
"""The most letters an alphabet a fill works in may have (Polish has 35): the chunk tables below reach this far."""
ALL_LETTERS = (1 << len(LATIN)) - 1
"""Every letter of A-Z (English's mask, the alphabet's own is ``RankedIndex.full``)."""


@cache
def letter_codes(alphabet: str) -> Mapping[str, int]:
    """Each letter's bit in the fill's letter masks: its place in ``alphabet`` (the lexicon's language's letters,
    Dutch Ĳ after Z in the grid puzzles' alphabet, Ñ after N in Spanish; A-Z are 0-25 in English as ever)."""
    if len(alphabet) > MAX_LETTERS:
        raise ValueError(f"an alphabet of {len(alphabet)} letters (the fill takes at most {MAX_LETTERS})")
    return MappingProxyType({ch: k for k, ch in enumerate(alphabet)})
DEFAULT_BUDGET = 3_000
"""Search nodes (words tried) before a fill is given up as not found, for a pattern of up to ``DAILY_LIGHTS``
lights; a larger pattern gets more (``default_budget``)."""
DAILY_LIGHTS = 78
"""The lights of a 15x15 daily, the size ``DEFAULT_BUDGET`` was measured on."""
LANGUAGE_BUDGET: Mapping[str, int] = MappingProxyType({"el": 10_000})
"""A language's budget for a pattern of up to ``DAILY_LIGHTS`` lights where ``DEFAULT_BUDGET`` gives up on
patterns it can fill (docs/languages.md, "Why Italian and Greek fill fewer American 9x9s"): Greek fills 12 of
seeded American 9x9 patterns 1-20 with 3,000 words tried and 18 with 10,000. Every other language keeps
``DEFAULT_BUDGET``, so its fills are the same (Italian fills the same 13 with 10,000: its failures are its
words', and a budget the search cannot use only makes a failure slower)."""
WIDE = 1_000
"""A slot with more words than this still allows nearly every letter everywhere: its letters are not worked
out (arc consistency is kept for the narrower slots, where it prunes; 1,000 measured best on 15x15 American
patterns, benchmarks/bench_crossword.py)."""
CANDIDATES = 40
"""Words of a slot scored for the room they leave its crossings (the rest are tried commonest first)."""
NOISE = 2.0
"""How much a restart may reorder a slot's words (in units of the room score's logarithms)."""
RESTART = 150
"""Nodes the first attempt may spend before the search restarts with its words reordered; each restart
may spend half as many again (150, 225, 337 ...) until the budget is spent. A pattern past ``DAILY_LIGHTS``
lights starts with more, grown with the square of its lights (``first_attempt``)."""
ROOMY = 64
"""A crossing left this many words is room enough (more counts no more)."""
_LOG = [0.0] + [math.log(n) for n in range(1, ROOMY + 1)]
_LOG1 = [math.log(1 + n) for n in range(ROOMY + 1)]
RANK_WEIGHT = 0.05
"""How much a word's own rank counts against the room it leaves (per rank step, in the room's logarithms: a
rank-80 word must leave its crossings about 30 times the room of a rank-10 one to go first), times the
language's ``LANGUAGE_RANK_FACTOR``."""
LANGUAGE_RANK_FACTOR: Mapping[str, int] = MappingProxyType({"en": 3})
"""A language's multiple of ``RANK_WEIGHT``, where measured. English, 3 (0.15 a rank step: a rank-80 word goes
before a rank-10 one only if the room it leaves is over e^10.5, about 36,000, times as large): issue 31's bar is
a mean rank and rare-word share at least as good as blacksquare's on the 20 seeded American dailies
(benchmarks/bench_blacksquare.py, kitgen's default words for both). At 0.05 the fills missed it: mean rank 34.8 on
all 20, 35.4 on the 9 blacksquare fills, against its 34.5 (rare words 13.6%, 13.2% there, against its 19.1%). At
0.15, 20 of 20 fill, mean rank 33.1, rare 11.2%, 32.9 on those 9, in 11.2 s of CPU for the 20 against 10.0 s; at
0.1, 0.25 and 0.4 one daily went unfilled, at 0.2 and 0.3 the mean rank was higher (33.5, 34.0). Greek's 9x9
pattern that fills only within its larger budget (tests/games/crossword/test_fill_budget_by_language.py) is not
filled at 0.15, so the other languages keep 1 until measured."""
COMMON_SHARE = 1 / 3
"""The share of the budget the common tier may spend (on top of the whole budget for every word): 1,000 words
tried on a daily. On the 20 seeded dailies the common tier fills within 1,000 or not at all (its fills took
134-989); at half the budget a failing common tier spent 1,500, most of the time of the patterns that needed
every word."""
PAIRS_KEPT = 1 << 14
"""The most letter masks an index keeps the (letter, bit) pairs of (a Sunday's fill meets about 20,000 over all
its lengths)."""
SMALL = 4
"""A domain this small is decoded word by word, highest first, to find its letters (cheaper than a bitset test
a letter; at 12, decoded lowest first, the decoding was the slower: ``domain & -domain`` negates the whole set)."""


class RankedIndex:
    """The words of one length, commonest first, with a bitset per (position, letter) of ``alphabet``."""

    __slots__ = ("words", "bits", "all", "number", "code", "full", "chunks", "ranks", "common", "pairs")

    def __init__(self, words: list[str], length: int | None = None, alphabet: str = LATIN,
                 ranks: list[int] | None = None) -> None:
        """``length``: the words' length, needed when there are none (a light the word list has no word for);
        ``alphabet``: the letters the words are made of, in the order of their bits (``letter_codes``);
        ``ranks``: each word's lexicon rank (never falling; none given: all alike, all common)."""
        self._alphabet(alphabet)
        self.words = words
        self._ranked(ranks)
        self.number = {w: i for i, w in enumerate(words)}
        length = len(words[0]) if words else length or 0
        size = (len(words) + 7) // 8
        code = self.code
        maps = [[bytearray(size) for _ in alphabet] for _ in range(length)]
        for i, word in enumerate(words):
            byte, bit = i >> 3, 1 << (i & 7)
            for p, ch in enumerate(word):
                maps[p][code[ch]][byte] |= bit
        self.bits = [[int.from_bytes(m, "little") for m in row] for row in maps]
        self.all = (1 << len(words)) - 1

    def _alphabet(self, alphabet: str) -> None:
        self.pairs: dict[int, tuple[tuple[int, int], ...]] = {}
        """Each letter mask ``letters`` has met, with its (letter number, bit) pairs (``_pairs``)."""
        self.code = letter_codes(alphabet)
        self.full = (1 << len(alphabet)) - 1
        """Every letter of the alphabet, as a letter mask."""
        self.chunks = _CHUNKS[:(len(alphabet) + 6) // 7]
        """The chunk tables a letter mask of this alphabet spans (four for A-Z and Ĳ)."""

    def _ranked(self, ranks: list[int] | None) -> None:
        """Keep the words' ranks and the bitset of the common ones (``SEEN_RANK`` or commoner: the first words)."""
        ranks = [SEEN_RANK] * len(self.words) if ranks is None else ranks
        if len(ranks) != len(self.words) or any(not isinstance(r, int) for r in ranks) or ranks != sorted(ranks):
            raise ValueError("a fill index whose ranks are not one a word, commonest first")
        self.ranks = ranks
        self.common = (1 << sum(r <= SEEN_RANK for r in ranks)) - 1

    def to_json(self) -> dict[str, Any]:
        """The index as plain data (kept on disk: ``formats.fill_index``): its words, commonest first, and each
        (position, letter) bitset as little-endian bytes in base64."""
        size = (len(self.words) + 7) // 8
        return {"length": len(self.bits), "words": self.words, "ranks": self.ranks,
                "bits": [[base64.b64encode(bits.to_bytes(size, "little")).decode("ascii") for bits in row]
                         for row in self.bits]}

    @classmethod
    def from_json(cls, data: Any, length: int, alphabet: str = LATIN) -> RankedIndex:
        """An index read back from ``to_json``'s data for words of ``length``; ``ValueError`` unless every word
        is ``length`` letters of ``alphabet``, once, and the bitsets give each word at each position exactly one
        letter, its own (checked for 64 words spread over the list, and by the counts everywhere)."""
        words, rows = data["words"], data["bits"]
        if data["length"] != length or not isinstance(words, list) or len(rows) != length:
            raise ValueError("a fill index of another length")
        index = cls.__new__(cls)
        index._alphabet(alphabet)
        joined = "".join(words)   # a word that is not a string: TypeError, a damaged index too
        if set(map(len, words)) - {length} or set(joined) - set(alphabet) or len(set(words)) != len(words):
            raise ValueError("a fill index word that is not one of this length's")
        index.words = words
        ranks = data.get("ranks")
        if not isinstance(ranks, list):
            raise ValueError("a fill index without its words' ranks")
        index._ranked(ranks)
        index.number = {w: i for i, w in enumerate(words)}
        index.all = (1 << len(words)) - 1
        index.bits = [[int.from_bytes(base64.b64decode(bits, validate=True), "little") for bits in row] for row in rows]
        for row in index.bits:
            everyone = 0
            for bits in row:
                everyone |= bits
            if len(row) != len(alphabet) or everyone != index.all or sum(b.bit_count() for b in row) != len(words):
                raise ValueError("a fill index whose letters do not cover its words once")
        code = index.code
        for i in range(0, len(words), max(1, len(words) // 64)):
            if any(not index.bits[p][code[ch]] >> i & 1 for p, ch in enumerate(words[i])):
                raise ValueError("a fill index whose letters are not its words'")
        return index

    def letters(self, domain: int, position: int, within: int | None = None, count: int = -1) -> int:
        """The mask of letters the words of ``domain`` have at ``position`` (only those in ``within``; None: the
        whole alphabet); ``count``, when known, is the number of words in ``domain``."""
        within = self.full if within is None else within
        if (domain.bit_count() if count < 0 else count) <= SMALL:
            mask = 0
            words, code = self.words, self.code
            while domain:
                i = domain.bit_length() - 1
                mask |= 1 << code[words[i][position]]
                domain ^= 1 << i
            return mask & within
        mask = 0
        row = self.bits[position]
        pairs = self.pairs.get(within)
        if pairs is None:
            if len(self.pairs) >= PAIRS_KEPT:
                self.pairs.clear()   # a long-lived index starts the table again
            pairs = self.pairs[within] = self._pairs(within)
        for ch, bit in pairs:
            if domain & row[ch]:
                mask |= bit
        return mask

    def _pairs(self, mask: int) -> tuple[tuple[int, int], ...]:
        """The letters of ``mask`` as (letter number, bit) pairs, a 7-bit chunk of the mask at a time."""
        if len(self.chunks) <= 4:   # A-Z (and Ĳ, Ñ, Å Ä Ö): the common case, unrolled
            return (*_CHUNKS[0][mask & 127], *_CHUNKS[1][mask >> 7 & 127], *_CHUNKS[2][mask >> 14 & 127],
                    *_CHUNKS[3][mask >> 21 & 127])
        return tuple(pair for at, table in enumerate(self.chunks) for pair in table[mask >> 7 * at & 127])

    def having(self, position: int, letters: int) -> int:
        """The words with one of ``letters`` (a letter mask) at ``position`` (every word has one letter there,
        so when most letters are asked for, all the words but those with one of the others)."""
        others = self.full & ~letters
        if others.bit_count() < letters.bit_count():
            return self.all & ~self._any(position, others)
        return self._any(position, letters)

    def _any(self, position: int, letters: int) -> int:
        row = self.bits[position]
        out = 0
        for ch, _ in self._pairs(letters):
            out |= row[ch]
        return out


_CHUNKS = [[tuple((at + b, 1 << (at + b)) for b in range(7) if m >> b & 1) for m in range(128)]
           for at in range(0, MAX_LETTERS, 7)]
"""For each 7-bit chunk of a letter mask, its letters as (letter number, bit) pairs: a loop over a mask's
letters without the bit arithmetic."""


Loader = Callable[[int, Callable[[], RankedIndex]], RankedIndex]
"""How a ``FillIndex`` gets the index of one length: given the length and the way to build it (a cache on disk
reads it back instead: ``kitgen.games.crossword.formats.fill_index``)."""


class FillIndex:
    """A lexicon's ranked indexes, one a word length, built when first asked for (keep one for many fills), over
    the alphabet of the lexicon's language (``Language.letters``: Polish Ą Ć Ę ..., Cyrillic, Greek; Dutch Ĳ in
    the grid puzzles' alphabet): every word of the lexicon in it is filled."""

    def __init__(self, lexicon: Lexicon, load: Loader | None = None) -> None:
        self.lexicon = lexicon
        self.alphabet = lexicon.language.letters
        self.code = letter_codes(self.alphabet)
        self.full = (1 << len(self.alphabet)) - 1
        self._by_length: dict[int, RankedIndex] = {}
        self._grouped: dict[int, list[tuple[int, str]]] | None = None
        self._load = load

    def length(self, n: int) -> RankedIndex:
        index = self._by_length.get(n)
        if index is None:
            index = self._by_length[n] = self._load(n, lambda: self._build(n)) if self._load else self._build(n)
        return index

    def _build(self, n: int) -> RankedIndex:
        if self._grouped is None:
            from kitgen.core.i18n import _
            from kitgen.core.lexicon import check_index_budget

            check_index_budget(self.lexicon, _("the word list is too large for the crossword fill's index: {letters} "
                                               "letters in its words (the index build's work budget is {budget} "
                                               "letters)"))
            grouped: dict[int, list[tuple[int, str]]] = {}
            alphabet = self.alphabet
            for word, rank in self.lexicon.items():
                if not word.strip(alphabet):   # all the language's letters (a fitting form is; kept safe anyway)
                    grouped.setdefault(len(word), []).append((rank, word))
            self._grouped = grouped
        ranked = sorted(self._grouped.get(n, []))
        return RankedIndex([w for _, w in ranked], n, self.alphabet, [r for r, _ in ranked])


@dataclass
class _Slot:
    light: Light
    index: RankedIndex
    crossings: list[tuple[int, int, int]] = field(default_factory=list)
    """(position here, crossing slot, position there)."""


@dataclass
class Fill:
    """A filled pattern: a word a light, by light name, and the letters by square."""

    words: dict[str, str]
    letters: dict[Cell, str]
    nodes: int


class _Search:
    """One fill's state: the slots, their domains, each square's letters, and for each slot the placed slots
    that cut its domain (its *culprits*, a bitset over slot numbers); ``run`` searches."""

    def __init__(self, grid: Grid, index: FillIndex, budget: int, attempt: int = 0,
                 weights: list[int] | None = None, common: bool = False) -> None:
        """``common``: the common tier (each slot's words cut to its index's ``common`` ones)."""
        self.rank_weight = RANK_WEIGHT * LANGUAGE_RANK_FACTOR.get(index.lexicon.language.code, 1) \
            if _by_rank(grid) else 0.0
        self.grid = grid
        self.weights = weights if weights is not None else [1] * len(grid.lights)
        self.budget = budget
        self.nodes = 0
        self.attempt = attempt
        self.state = attempt * 2654435761 % 2**32
        self.slots = [_Slot(light, index.length(light.length)) for light in grid.lights]
        number = {light.name: k for k, light in enumerate(grid.lights)}
        for slot in self.slots:
            for p, cell in enumerate(slot.light.cells):
                other = grid.crossing(slot.light, cell)
                if other is not None:
                    slot.crossings.append((p, number[other.name], other.cells.index(cell)))
        self.cells = {cell: k for k, cell in enumerate(grid.white_cells)}
        self.code = index.code
        self.masks = [index.full] * len(self.cells)
        self.domains = [slot.index.common if common else slot.index.all for slot in self.slots]
        self.culprits = [0] * len(self.slots)
        self.words: list[str | None] = [None] * len(self.slots)
        self.order: list[int] = []
        self.same_length: dict[int, list[int]] = {}
        for k, slot in enumerate(self.slots):
            self.same_length.setdefault(slot.light.length, []).append(k)

    def start(self, letters: dict[Cell, str]) -> bool:
        """Take the letters already in the grid; false if some light can then take no word."""
        return self.dead_end(letters) < 0

    def dead_end(self, letters: dict[Cell, str]) -> int:
        """Take the letters already in the grid: -1, or the slot they (with arc consistency) leave no word."""
        code = self.code
        for cell, ch in letters.items():
            self.masks[self.cells[cell]] = 1 << code[ch] if ch in code else 0
        for k, slot in enumerate(self.slots):
            for p, cell in enumerate(slot.light.cells):
                if cell in letters:
                    ch = letters[cell]
                    self.domains[k] &= slot.index.bits[p][code[ch]] if ch in code else 0  # a letter of no word
        for k, slot in enumerate(self.slots):
            if all(cell in letters for cell in slot.light.cells):
                word = "".join(letters[cell] for cell in slot.light.cells)
                self.words[k] = word
                self._used(k, word)
        empty = next((k for k in range(len(self.slots)) if not (self.domains[k] or self.words[k])), -1)
        if empty >= 0:
            return empty
        return self._propagate(list(range(len(self.slots))))

    def _cut(self, j: int, domain: int, why: int) -> bool:
        """Cut slot ``j`` to ``domain`` because of the slots in ``why``; true if it changed."""
        if domain == self.domains[j]:
            return False
        self.domains[j] = domain
        self.culprits[j] |= why
        return True

    def _used(self, k: int, word: str) -> list[int]:
        """No word twice: ``word`` leaves every other open slot of its length (the slots it cut)."""
        i = self.slots[k].index.number.get(word)
        if i is None:
            return []
        bit = ~(1 << i)
        return [j for j in self.same_length[self.slots[k].light.length]
                if j != k and self.words[j] is None and self._cut(j, self.domains[j] & bit, 1 << k)]

    def _propagate(self, queue: list[int]) -> int:
        """Arc consistency from the slots in ``queue``: -1, or the slot left with no word."""
        pending = set(queue)
        slots, domains, masks, cells, words = self.slots, self.domains, self.masks, self.cells, self.words
        while queue:
            k = queue.pop()
            pending.discard(k)
            if words[k] is not None:
                continue
            slot = slots[k]
            domain = domains[k]
            if not domain:
                return k
            count = domain.bit_count()
            if count > WIDE:
                continue
            why = self.culprits[k]
            for p, j, q in slot.crossings:
                if words[j] is not None:
                    continue
                at = cells[slot.light.cells[p]]
                old = masks[at]
                new = slot.index.letters(domain, p, old, count)
                if new == old:
                    continue
                masks[at] = new
                if self._cut(j, domains[j] & slots[j].index.having(q, new), why):
                    if not domains[j]:
                        return j
                    if j not in pending:
                        pending.add(j)
                        queue.append(j)
        return -1

    def _place(self, k: int, word: str, bit: int) -> int:
        """Put ``word`` in slot ``k``: -1, or the slot it leaves with no word."""
        self.words[k] = word
        self.domains[k] = bit
        self.order.append(k)
        slot = self.slots[k]
        me = 1 << k
        changed = []
        code = self.code
        for p, cell in enumerate(slot.light.cells):
            self.masks[self.cells[cell]] = 1 << code[word[p]]
        for p, j, q in slot.crossings:
            if self.words[j] is None:
                if self._cut(j, self.domains[j] & self.slots[j].index.bits[q][code[word[p]]], me):
                    if not self.domains[j]:
                        return j
                    changed.append(j)
        changed += self._used(k, word)
        if any(not self.domains[j] for j in changed):
            return next(j for j in changed if not self.domains[j])
        return self._propagate(changed)

    def _choose(self) -> int:
        best, best_key = -1, (0.0, 0)
        for k, domain in enumerate(self.domains):
            if self.words[k] is not None:
                continue
            key = (domain.bit_count() / self.weights[k], -self.slots[k].light.length)
            if best < 0 or key < best_key:
                best, best_key = k, key
        return best

    def _ordered(self, k: int) -> list[int]:
        """The slot's words to try, as bits: of the ``CANDIDATES`` commonest, those with the best score first
        (commonest first among equals); then the rest, commonest first. The score is the room a word leaves
        the crossing slots (the sum of the logarithms of the words each keeps, capped at ``ROOMY``, and the
        same again for the common words each keeps, so that a word is preferred whose crossings can still be
        filled with common words) less ``RANK_WEIGHT`` (times the language's ``LANGUAGE_RANK_FACTOR``) a step of
        its own rank (a pattern ``_by_rank`` is not for: the room alone). A word that leaves a crossing slot no
        word is not tried at all."""
        domain = self.domains[k]
        slot = self.slots[k]
        by_rank = self.rank_weight > 0
        open_crossings = [(p, self.domains[j], self.slots[j].index.bits[q], by_rank and self.slots[j].index.common)
                          for p, j, q in slot.crossings if self.words[j] is None]
        scored: list[tuple[float, int, int]] = []
        rest = domain
        words, ranks, code = slot.index.words, slot.index.ranks, self.code
        while rest and len(scored) < CANDIDATES:
            low = rest & -rest
            rest ^= low
            i = low.bit_length() - 1
            word = words[i]
            room = 0.0
            for p, there, row, common in open_crossings:
                left = there & row[code[word[p]]]
                if not left:
                    break
                room += _LOG[min(left.bit_count(), ROOMY)] + _LOG1[min((left & common).bit_count(), ROOMY)]
            else:
                scored.append((self.rank_weight * ranks[i] - room - self._noise(), i, low))
        scored.sort()
        out = [low for _, _, low in scored]
        while rest:
            low = rest & -rest
            rest ^= low
            out.append(low)
        return out

    def _noise(self) -> float:
        """0 on the first attempt; on a restart, a little deterministic noise in the word order (an LCG)."""
        if not self.attempt:
            return 0.0
        self.state = (1103515245 * self.state + 12345) % 2**31
        return NOISE * self.state / 2**31

    def run(self) -> int:
        """Depth-first search with conflict-directed backjumping: -1 when every slot is filled, else the slots
        (a bitset) whose words made the failure; a failure that none of this level's slot caused jumps straight
        past it. The budget spent is a failure blaming nobody (the search unwinds)."""
        k = self._choose()
        if k < 0:
            return -1
        words = self.slots[k].index.words
        me = 1 << k
        conflict = self.culprits[k]
        for low in self._ordered(k):
            if self.nodes >= self.budget:
                return 0
            self.nodes += 1
            if not self.nodes & CHECK_EVERY:
                checkpoint()  # a face that cancels the work (kitgen.core.cancel) stops the search here
            saved = (list(self.domains), list(self.masks), list(self.words), list(self.culprits), len(self.order))
            dead = self._place(k, words[low.bit_length() - 1], low)
            if dead >= 0:
                self.weights[dead] += 1
                self.weights[k] += 1
            found = self.culprits[dead] | me if dead >= 0 else self.run()
            if found < 0:
                return -1
            self.domains, self.masks, self.words, self.culprits = saved[:4]
            del self.order[saved[4]:]
            if not found & me:
                return found   # this slot's word is not to blame: jump back past it
            conflict |= found & ~me
        return conflict & ~me


BUDGET_GROWTH = 3.2
"""The power of the lights past a daily's 78 the budget grows with (``default_budget``)."""


def default_budget(grid: Grid, lang: str = "en") -> int:
    """``DEFAULT_BUDGET``, grown with the lights past a daily's 78 to the power ``BUDGET_GROWTH``: a 21x21 Sunday
    of 141-150 lights may try 19,900-24,300 words, what the issue's 20 s of CPU a pattern holds on a loaded
    machine (about 0.75 ms a word tried at load 16). At 3,000, none of 20 seeded Sundays was filled; with the
    square of the lights, about 10,000, 15 of seeds 1-20 were; with the cube, 17,700-21,300, 17 (seeds 6 and 8
    took 12,178 and 16,863); at 3.2, 18 (seed 19 takes 19,563, in about 15 s of CPU at load 16). A search that
    finds a fill within a smaller budget finds the same fill within a larger one (the restarts come in the same
    order), so no pattern filled before is lost. The language ``lang`` (a code) may have a larger least budget
    (``LANGUAGE_BUDGET``: Greek's 10,000)."""
    lights = len(grid.lights)
    least = LANGUAGE_BUDGET.get(lang, DEFAULT_BUDGET)
    return max(least, round(DEFAULT_BUDGET * math.pow(lights / DAILY_LIGHTS, BUDGET_GROWTH)))


def fill(grid: Grid, lexicon: Lexicon | FillIndex, budget: int | None = None) -> Fill | None:
    """A fill of every light of ``grid`` (its letters kept), or ``None`` if none was found within ``budget``
    search nodes (over every restart; see ``RESTART``; ``default_budget`` for the lexicon's language when not
    given). The common tier
    comes first, with ``COMMON_SHARE`` of the budget more (not when every word of the lights' lengths is
    common: it would be the same search; nor past ``DAILY_LIGHTS`` lights: ``_by_rank``)."""
    index = lexicon if isinstance(lexicon, FillIndex) else FillIndex(lexicon)
    if not grid.lights:
        return None
    budget = default_budget(grid, index.lexicon.language.code) if budget is None else budget
    weights = [1] * len(grid.lights)
    spent = 0
    lengths = {light.length for light in grid.lights}
    if _by_rank(grid) and any(index.length(n).common != index.length(n).all for n in lengths):
        found, spent = _attempts(grid, index, round(budget * COMMON_SHARE), weights, True)
        if found is not None:
            return found
    found, spent = _attempts(grid, index, budget, weights, False, spent)
    return found


def first_attempt(grid: Grid) -> int:
    """The nodes the first attempt may spend before a restart: ``RESTART``, grown with the square of the lights
    past a daily's 78 (497-555 on a 21x21 Sunday of 142-150 lights; the next attempts half as many again each).
    At 150 a Sunday's search restarted before it got past its first corner. With the phrases SemCor counted
    alone (``Lexicon.for_fills``; measured before a single word came to keep its letters from a phrase), 18 of
    seeds 1-20 filled within the budget at 150 (11 and 19 not), 19 with this (19 not; 115 s of CPU for the 20
    against 110 s at load 28, the slowest fill 15.2 s against 14.0 s); with the lexicon as shipped, 18 with this
    (11 and 19 not). A daily (78 lights or fewer) keeps 150, and so its fills."""
    return max(RESTART, round(RESTART * (len(grid.lights) / DAILY_LIGHTS) ** 2))


def _by_rank(grid: Grid) -> bool:
    """Whether the fill of ``grid`` chooses by rank (the common tier and the rank in the word order): up to
    ``DAILY_LIGHTS`` lights. A 21x21 Sunday keeps the room-only order: with the rank its search filled fewer of
    20 seeded Sundays within the budget (4 of the first 12 against 6), so it waits for a stronger search."""
    return len(grid.lights) <= DAILY_LIGHTS


def _attempts(grid: Grid, index: FillIndex, budget: int, weights: list[int], common: bool,
              before: int = 0) -> tuple[Fill | None, int]:
    """Search, restarting, within ``budget`` nodes (the weights carried from one attempt to the next, and to
    the caller's next tier): the fill or ``None``, and the nodes spent with the ``before`` spent already."""
    spent, attempt, allowed = 0, 0, first_attempt(grid)
    while spent < budget:
        search = _Search(grid, index, min(allowed, budget - spent), attempt, weights, common)
        if not search.start(grid.letters()):
            break
        result = search.run()
        spent += search.nodes
        if result < 0:
            return _filled(search, before + spent), before + spent
        if search.nodes < RESTART // 3 and not attempt:
            break   # a quick, complete failure: the lights cannot all take words
        attempt += 1
        allowed = allowed * 3 // 2
    return None, before + spent


def blocked_light(grid: Grid, lexicon: Lexicon | FillIndex) -> Light | None:
    """The light the letters already in ``grid`` leave with no word of the lexicon (directly, or through the
    letters its crossings can still take), or ``None`` (docs/crossword.md, ruling 10: a fill keeps what is there)."""
    index = lexicon if isinstance(lexicon, FillIndex) else FillIndex(lexicon)
    if not grid.lights:
        return None
    search = _Search(grid, index, 0)
    dead = search.dead_end(grid.letters())
    return grid.lights[dead] if dead >= 0 else None


def _filled(search: _Search, spent: int) -> Fill:
    words = {slot.light.name: word for slot, word in zip(search.slots, search.words, strict=True) if word}
    letters = {cell: word[p] for slot, word in zip(search.slots, search.words, strict=True) if word
               for p, cell in enumerate(slot.light.cells)}
    return Fill(words, letters, spent)


def fillable(grid: Grid, lexicon: Lexicon | FillIndex, budget: int | None = None) -> bool:
    return fill(grid, lexicon, budget) is not None


FILLABLE_BUDGET = 1_500
"""Search nodes a candidate pattern gets under ``--fillable`` before it is passed over."""
FILLABLE_TRIES = 25
"""Candidates drawn from the seeded stream for each pattern asked for, at most."""


def generate_fillable(rows: int, cols: int, style: str, symmetry: str, seed: int, count: int,
                      index: FillIndex) -> list[tuple[Grid, Fill]]:
    """``count`` patterns from the seeded pattern stream a fill was found for, each with its fill (fewer if
    ``FILLABLE_TRIES`` candidates a pattern could not give them): pattern k of a seed is the same in any run. The
    candidates are drawn for the index's language (``generate``'s ``lang``)."""
    from kitgen.core.random import SeededRandom
    from kitgen.games.crossword.rules.generate import STREAM, generate

    rng = SeededRandom(seed, STREAM)
    out: list[tuple[Grid, Fill]] = []
    for _ in range(count * FILLABLE_TRIES):
        if len(out) == count:
            break
        grid = generate(rows, cols, style, symmetry, rng=rng, lang=index.lexicon.language.code)
        found = fill(grid, index, FILLABLE_BUDGET)
        if found is not None:
            out.append((grid, found))
    return out


def hint_words(grid: Grid, letters: dict[Cell, str], light: Light, index: FillIndex,
               used: Iterable[str] = (), n: int = 3) -> Sequence[str]:
    """The ``n`` commonest words for ``light`` that keep every crossing light able to take a word.

    The same machinery as the fill: the light's domain from the ranked index and the letters in it, then for
    each word, commonest first, a forward check of the crossing lights (each must still have a word).
    """
    slot_index = index.length(light.length)
    domain = slot_index.all
    taken = set(used)
    for p, cell in enumerate(light.cells):
        if cell in letters:
            domain &= _having(slot_index, p, letters[cell])
    out: list[str] = []
    while domain and len(out) < n:
        low = domain & -domain
        domain ^= low
        word = slot_index.words[low.bit_length() - 1]
        if word not in taken and _crossings_open(grid, letters, light, word, index):
            out.append(word)
    return out


def _crossings_open(grid: Grid, letters: dict[Cell, str], light: Light, word: str, index: FillIndex) -> bool:
    for p, cell in enumerate(light.cells):
        other = grid.crossing(light, cell)
        if other is None or cell in letters:
            continue
        other_index = index.length(other.length)
        domain = other_index.all
        for q, square in enumerate(other.cells):
            ch = word[p] if square == cell else letters.get(square)
            if ch is not None:
                domain &= _having(other_index, q, ch)
        if not domain:
            return False
    return True


def _having(index: RankedIndex, position: int, letter: str) -> int:
    """The words of ``index`` with ``letter`` at ``position`` (none when it is not a letter of the alphabet)."""
    code = index.code.get(letter)
    return 0 if code is None else index.bits[position][code]


__all__ = ["DEFAULT_BUDGET", "LANGUAGE_BUDGET", "Fill", "FillIndex", "RankedIndex", "default_budget", "fill",
           "fillable", "generate_fillable", "hint_words"]
