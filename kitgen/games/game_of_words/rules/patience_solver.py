"""The Letter Patience solver: every deal decided, won with a replayable game or proven lost (docs/game-of-words.md,
"Letter Patience solver"; the rules are ``letter_patience.py``'s).

The search is depth-first over positions with every card known, under the rules the verifier replays (ruling 14):
spaces are filled first (an exposed vowel on a pile of two or more cards, else the face-up pile's top); otherwise
a word is played (a set of face-up cards, at most one a pile and the face-up pile's top, that spells a word of four
or more letters with the fewest Sub Cards it needs) or a stock card is turned, at any time. Three sound prunings
cut the positions that cannot be won, so a search that ends without a win proves the deal lost:

1. **Positions known lost.** Remembered with the piles in sorted order (which pile is which changes nothing) and
   the most Sub Cards they are lost with (with fewer they are lost too).
2. **A counting bound.** Each word takes at most one card a pile, and a card leaves a pile only in a word or, a
   vowel above the pile's bottom card, moved into a space. So pile *p* needs at least ``len(p) - vowels(p[1:])``
   more words, and the words have four or more letters each: the cards left plus the Sub Cards left must be at
   least four times that.
3. **The cards left must split into words.** Every card is used in some word of at most ten letters (eight
   face-up cards and two Sub Cards), so the multiset of the cards left must be a union of words, with at most the
   Sub Cards left as wild letters. Checked when few cards are left (``PARTITION_CARDS``) within a budget of steps
   (``PARTITION_STEPS``; past it the check says nothing, which is sound); the answers are remembered by multiset.
   The check picks the rarest letter left, which some word must hold, and tries each such word; a Sub Card stands
   only for a letter none of the cards left show (if a card shows it, the card and the Sub Card swap places
   between two words, and the split stays a split). A multiset is an integer (a field of ``FIELD`` bits a letter,
   rarest first, each with a guard bit above it), so "does this word fit in these cards" is one subtraction. The
   words holding a letter that fit in the cards are listed by a walk of the words' trie at the first position of
   a line with few cards left; every position below it, and every multiset a check meets, sifts its parent's
   lists, which are shorter at each step down (``WordLists``).

Moves are tried fewest Sub Cards first, then by their cards' rarity and number, vowels counting against a move (rare
letters are the ones that strand a game, and the vowels are what the consonants still to come will need). The budget
is counted in positions, so the same deal gives the same answer on any machine.
"""

from __future__ import annotations

import base64
import binascii
import math
import sys
from array import array
from bisect import bisect, bisect_left
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from itertools import chain
from typing import Any

from kitgen.core.cancel import CHECK_EVERY, checkpoint
from kitgen.core.lexicon import Lexicon
from kitgen.core.multiset import Packer, wilds
from kitgen.games.game_of_words.rules.deals import LetterPatienceDeal, deal_letter_patience
from kitgen.games.game_of_words.rules.deck import Deck
from kitgen.games.game_of_words.rules.letter_patience import (
    MIN_WORD,
    SUB,
    VOWELS,
    WASTE,
    FillMove,
    PatienceMove,
    TurnMove,
    WordMove,
)
from kitgen.games.game_of_words.rules.word_table import WordTable

NODE_LIMIT = 150_000
STANDARD_DECK = 54
"""Cards of the standard deck (52 letters and 2 Sub Cards): up to this size a deal's budget is ``NODE_LIMIT``."""
DEPTH_PER_CARD = 8
"""Python frames the depth-first search may need per card in play (a move is three calls deep; a card is turned,
played, maybe moved): a 300-card deck goes far past Python's default recursion limit of 1,000."""


def scaled_limit(limit: int, cards: int) -> int:
    """A position budget for ``cards`` cards in play (issue 33: the budget is work). A position costs about the
    same at any size (0.15-0.2 ms), but a big deck's search rarely ends before the budget does, so 150,000
    positions were 25-30 s of CPU a deal at 290 cards: past ``STANDARD_DECK`` the budget shrinks with the square of
    the size (about 5,000 positions, a second, at 290 cards); a standard deck's answers do not change."""
    if cards <= STANDARD_DECK:
        return limit
    return max(1, int(limit * (STANDARD_DECK / cards) ** 2))
"""Positions a deal's search may visit before it says undecided (``--solve``, ``--range``, the web app)."""

MAX_WORD = 10
"""The longest word a position can play: seven piles, the face-up pile's top and two Sub Cards."""

SUBS_BITS = 4
"""Bits of a split answer's key that hold its Sub Cards (``PatienceIndex.splits``): a solve refuses more than
``MAX_WORD`` cards a word, so a search never has more than 9 Sub Cards."""

PARTITION_CARDS = 24
"""The split check (pruning 3) runs when at most this many cards are left."""

PARTITION_STEPS = 1_500
"""Steps one split check may take before it says nothing: a step is a multiset tried (the cards checked, or the
cards left after some of their words)."""

RESTART_NODES = 1_500
"""The first attempt's budget of positions; the search restarts with the moves' order shaken and the budget
doubled every second attempt, keeping the positions known lost (a heavy-tailed search needs fewer positions so)."""

SHAKE = 3.0
"""How much a restart may move a move's score (a card counts 1, a rare letter up to about 10 more)."""

VOWEL_SCORE = -2.0
"""A vowel's part in a move's score (a consonant's is 1, plus twice its rarity): the vowels are kept for later, since
the consonants still to come need them (a deal's stock is often mostly consonants)."""

FIELD = 6
"""Bits a letter takes in a packed multiset (``kitgen.core.multiset``): five for its count (up to 31 cards of a
letter) and a guard bit above, which a subtraction of more than the count clears."""

COUNT = (1 << FIELD - 1) - 1
"""The count bits of a field."""

END = 255
"""The trie key marking a whole word (first among a node's keys; letters are ranks 0, 1, ...)."""


@dataclass(frozen=True)
class Trie:
    """Word keys (letters as their rank, rarest first) as a trie laid out flat, breadth first: node ``n``'s children
    are the nodes ``first[n]`` to ``first[n + 1] - 1``, in rank order (``END``, marking a whole word, first), and
    ``keys[c]`` is the letter leading to node ``c`` (node 0 is the root). Two flat arrays, so it is kept on disk and
    read back in a moment."""

    keys: bytes = b""
    first: array[int] = field(default_factory=lambda: array("I", [0, 0]))

    @classmethod
    def of(cls, words: list[str]) -> Trie:
        """The trie of ``words`` (sorted, distinct), each a key's letters as ``chr(rank + 1)`` ending in ``"\\0"``
        (``END``), built a level at a time rather than as nested dicts walked breadth first: a node is the first
        word that reaches it, the words reaching a level past what they share with the word before them are its
        nodes, in breadth-first order, and a node's first child is the first node of the level below at or after
        its word (``bisect``). What a word shares with the one before it is read from the two as integers."""
        width = max(map(len, words), default=0)
        packed = [int.from_bytes(w.encode("latin-1").ljust(width, b"\0"), "big") for w in words]
        shared = [0, *[(8 * width - (a ^ b).bit_length()) >> 3 for a, b in zip(packed, packed[1:], strict=False)]]
        lengths = list(map(len, words))
        label = bytes([END, *range(255)])  # a node's last character: "\0" is END, chr(r + 1) is rank r
        keys, first = bytearray([0]), array("I")
        level: list[int] = [0]  # the root
        reaching: Sequence[int] = range(len(words))
        depth = 0
        while level:
            depth += 1
            reaching = [j for j in reaching if lengths[j] >= depth]
            below = [j for j in reaching if shared[j] < depth]
            start = len(keys)
            first.extend([start + bisect_left(below, j) for j in level])
            keys.extend("".join([words[j][depth - 1] for j in below]).encode("latin-1").translate(label))
            level = below
        first.append(len(keys))
        return cls(bytes(keys), first)

    def checked(self, ranks: int) -> Trie:
        """``self`` if it is a trie over ``ranks`` letters (every node's children after it, so a walk ends; keys
        letters or ``END``); else ``ValueError``."""
        first, keys = self.first, self.keys
        if len(first) != len(keys) + 1 or not keys or first[-1] != len(keys):
            raise ValueError("not a trie")
        for n in range(len(keys)):
            if first[n] > first[n + 1] or (first[n] <= n and first[n] != first[n + 1]):
                raise ValueError("not a trie")
        if any(k >= ranks and k != END for k in keys[1:]):
            raise ValueError("not a trie")
        return self


class PatienceUndecided(Exception):
    """The Letter Patience solver gave up within its budget of positions."""


class _OutOfSteps(Exception):
    """A split check ran past its steps."""


@dataclass
class PatienceIndex:
    """The lexicon's words of four to ``MAX_WORD`` letters by letter multiset, for moves and for the split check.

    ``table`` maps a sorted key to its most common word; ``short`` holds every key with one letter taken out (a
    word one Sub Card away); ``trie`` holds the keys with their letters rarest first (``rank``), for the split
    check, whose multisets are packed integers (``pack``)."""

    letters: str
    table: dict[str, str] = field(default_factory=dict)
    short: dict[str, None] = field(default_factory=dict)
    """The keys one letter short, as a dict's keys rather than a set: see ``_one_short``."""
    trie: Trie = field(default_factory=Trie)
    rank: dict[str, int] = field(default_factory=dict)
    weight: dict[str, float] = field(default_factory=dict)
    subs_needed: dict[str, int | None] = field(default_factory=dict)
    splits: dict[int, bool] = field(default_factory=dict)
    """The split check's answers by packed cards and Sub Cards (``cards << SUBS_BITS | subs``): one int a key, so the
    dict (hundreds of thousands of answers over a range of deals) holds nothing the cycle collector tracks and is
    not walked at each full collection, as a dict of tuples is (see ``_one_short``)."""
    guard: int = 0
    packer: Packer = field(default_factory=lambda: Packer({}, FIELD))

    @classmethod
    def build(cls, lexicon: Lexicon, table: WordTable | None = None) -> PatienceIndex:
        """The index of ``lexicon``'s words, from its ``WordTable`` (built here unless given, without looking for
        plurals: Letter Patience keeps them, and the index reads only the table's signatures and words)."""
        table = table if table is not None else WordTable.build(lexicon, plurals=False)
        index = cls(lexicon.language.letters)
        index.table = {key: w for key, w in zip(table.sigs, table.words, strict=True)
                       if MIN_WORD <= len(key) <= MAX_WORD and key.isalpha()}
        index.short = _one_short(index.table)
        index._build_trie()
        return index

    def _build_trie(self) -> None:
        """The keys, letters rarest first (the letter in fewest keys first), into ``trie``."""
        seen = Counter(chain.from_iterable(map(set, self.table)))
        order = sorted(seen, key=lambda c: (seen[c], c))
        self.rank = {c: i for i, c in enumerate(order)}
        most = max(seen.values(), default=1)
        self.weight = {c: math.log2(most / n) for c, n in seen.items()}
        ranked = str.maketrans({c: chr(r + 1) for c, r in self.rank.items()})
        self.trie = Trie.of(sorted(["".join(sorted(key.translate(ranked))) + "\0" for key in self.table]))
        self._set_packer()

    def _set_packer(self) -> None:
        self.packer = Packer(self.rank, FIELD)
        self.guard = self.packer.guard

    def to_json(self) -> dict[str, Any]:
        """The index as plain data: its words, the keys one letter short (one string), the ranks and the trie."""
        return {"letters": self.letters, "keys": "\n".join(self.table), "words": "\n".join(self.table.values()),
                "short": "\n".join(sorted(self.short)),
                "rank": self.rank, "weight": self.weight, "trie_keys": base64.b64encode(self.trie.keys).decode(),
                "trie_first": base64.b64encode(self.trie.first.tobytes()).decode()}

    @classmethod
    def from_json(cls, data: Mapping[str, Any], lexicon: Lexicon) -> PatienceIndex:
        """The index ``to_json`` wrote for ``lexicon``; ``ValueError`` if it is not one (the caller builds it)."""
        letters, rank, weight = data.get("letters"), data.get("rank"), data.get("weight")
        keys_text, words_text, short, keys, first = (_text(data, name) for name in ("keys", "words", "short",
                                                                                    "trie_keys", "trie_first"))
        if letters != lexicon.language.letters or not isinstance(rank, dict) or not isinstance(weight, dict):
            raise ValueError("not a Letter Patience index")
        table = dict(zip(keys_text.split("\n"), words_text.split("\n"), strict=True)) if keys_text else {}
        if list(map(len, table)) != list(map(len, table.values())) or not set("".join(table)) <= set(letters):
            raise ValueError("not a Letter Patience index")
        if sorted(rank.values()) != list(range(len(rank))) or set(rank) != set(weight) or \
                not set(rank) <= set(letters) or not all(type(v) is float for v in weight.values()):
            raise ValueError("not a Letter Patience index")
        offsets = array("I")
        try:
            offsets.frombytes(base64.b64decode(first, validate=True))
            trie = Trie(base64.b64decode(keys, validate=True), offsets).checked(len(rank))
        except (binascii.Error, ValueError):
            raise ValueError("not a Letter Patience index") from None
        index = cls(letters, table, dict.fromkeys(short.split("\n")) if short else {}, trie, rank, weight)
        index._set_packer()
        return index

    def pack(self, cards: str) -> int | None:
        """The multiset ``cards`` as an integer (``FIELD`` bits a letter, by rank); None if a card's letter is in no
        word or a letter has more cards than a field holds."""
        return self.packer.pack(cards)

    # -- moves ------------------------------------------------------------------------
    def min_subs(self, key: str, subs: int) -> int | None:
        """The fewest Sub Cards (at most ``subs``) with which the cards ``key`` (sorted) spell a word; None if none."""
        known = self.subs_needed.get(key, -1)
        if known == -1:
            known = self._min_subs(key)
            self.subs_needed[key] = known
        if known is None and subs > 2:
            known = self._more_subs(key, subs)
        return known if known is not None and known <= subs else None

    def _min_subs(self, key: str) -> int | None:
        n = len(key)
        if n >= MIN_WORD and key in self.table:
            return 0
        if n + 1 >= MIN_WORD and key in self.short:
            return 1
        if n + 2 >= MIN_WORD and n + 2 <= MAX_WORD:
            if any(_with(key, a) in self.short for a in self.letters):
                return 2
        return None

    def _more_subs(self, key: str, subs: int) -> int | None:
        """With three or more Sub Cards (a deck of more wild cards): one letter more, then the rest."""
        for k in range(3, subs + 1):
            if len(key) + k > MAX_WORD:
                return None
            if any(self._min_subs(_with(key, a)) == k - 1 for a in self.letters):
                return k
        return None

    def spell(self, key: str, subs: int) -> str:
        """A word of the cards ``key`` (sorted) and ``subs`` Sub Cards, the first in the alphabet's order."""
        if subs == 0:
            return self.table[key]
        for a in self.letters:
            bigger = _with(key, a)
            if self.min_subs(bigger, subs - 1) == subs - 1:
                return self.spell(bigger, subs - 1)
        raise AssertionError(f"no word of {key} and {subs} Sub Cards")  # only called after min_subs said so

    # -- the split check ---------------------------------------------------------------
    def splits_into_words(self, cards: str, subs: int, steps: int = PARTITION_STEPS) -> bool | None:
        """Whether the multiset ``cards`` is a union of words with at most ``subs`` wild letters; None when the
        check runs past ``steps`` (a step: a multiset tried)."""
        if not cards:
            return True
        packed = self.pack(cards)
        if packed is None:  # a card no word holds, or more cards of a letter than a field counts
            return False if any(ch not in self.rank for ch in cards) else None
        return self.splits_within(WordLists(self, packed, subs), len(cards), steps)

    def splits_within(self, lists: WordLists, size: int, steps: int = PARTITION_STEPS) -> bool | None:
        """``splits_into_words`` of the cards of ``lists`` (``size`` of them), with its words."""
        try:
            return _Splitter(self, [steps]).split(lists.top, size, lists.subs, lists)
        except _OutOfSteps:
            return None


def _text(data: Mapping[str, Any], name: str) -> str:
    """The string ``data[name]``; ``ValueError`` if it is not one."""
    text = data.get(name)
    if not isinstance(text, str):
        raise ValueError("not a Letter Patience index")
    return text


def _one_short(table: Mapping[str, str]) -> dict[str, None]:
    """Every key with one letter taken out (the cards of a word one Sub Card away), as the keys of a dict: some
    340,000 strings that live as long as the index. A set is always tracked by Python's cycle collector, which walks
    every one of its keys at each full collection (about 18 ms); a dict of strings is not tracked at all. Since the
    trie is two flat arrays rather than 200,000 nested dicts, the heap holds few long-lived objects and full
    collections come four times as often during a search (CPython runs one when a quarter as many objects as live
    long have joined them), so that walk was most of what a 1,000-deal run gained (+15% CPU)."""
    return dict.fromkeys(key[:i] + key[i + 1:] for key in table for i in range(len(key)))


def _with(key: str, letter: str) -> str:
    """The sorted ``key`` with ``letter`` put in its place."""
    at = bisect(key, letter)
    return key[:at] + letter + key[at:]


class WordLists:
    """The words that can take part in a split of some of the cards ``top`` with at most ``subs`` wild letters: for
    each letter, every word holding it that fits (``holding``), listed when first asked for, from the trie or, when
    the cards are among a ``parent``'s, sifted from the parent's list (positions deeper in a line have fewer cards,
    and shorter lists)."""

    def __init__(self, index: PatienceIndex, top: int, subs: int, parent: WordLists | None = None) -> None:
        self.index, self.top, self.subs, self.parent = index, top, subs, parent
        self.words: dict[int, list[tuple[int, int]]] = {}

    def holding(self, letter: int) -> list[tuple[int, int]]:
        """(packed word, length) of every word holding ``letter`` that fits in ``top`` with at most ``subs`` wild
        letters (perhaps with some that do not, never without one that does)."""
        known = self.words.get(letter)
        if known is None:
            known = self._sift(self.parent.holding(letter)) if self.parent else self._walk(letter)
            self.words[letter] = known
        return known

    def _walk(self, letter: int) -> list[tuple[int, int]]:
        """The list of ``holding`` from the trie, letters rarer than ``letter`` counted as no cards."""
        counts = [self.top >> FIELD * r & COUNT if r >= letter else 0 for r in range(len(self.index.rank))]
        known: list[tuple[int, int]] = []
        _collect(self.index.trie, 0, counts, letter, self.subs, 0, 0, known)
        return known

    def _sift(self, words: list[tuple[int, int]]) -> list[tuple[int, int]]:
        """The words that fit in ``top``; with wild letters, those lacking cards of at most ``subs`` letters (a few
        that lack two cards of one letter stay: the split check's own test is exact)."""
        guard, top, subs = self.index.guard, self.top + self.index.guard, self.subs
        if not subs:
            return [(word, length) for word, length in words if not guard & ~(top - word)]
        return [(word, length) for word, length in words if (guard & ~(top - word)).bit_count() <= subs]


def _collect(trie: Trie, node: int, counts: list[int], letter: int, wild: int, word: int, length: int,
             out: list[tuple[int, int]]) -> None:
    """The walk of ``WordLists.holding`` from ``node`` (the word so far packed in ``word``, ``counts`` the cards it
    has not taken)."""
    has = word >> FIELD * letter & COUNT
    keys, first = trie.keys, trie.first
    for child in range(first[node], first[node + 1]):
        r = keys[child]
        if r == END:
            if has:
                out.append((word, length))
            continue
        if r > letter and not has:
            return
        n = counts[r]
        if n:
            counts[r] = n - 1
            _collect(trie, child, counts, letter, wild, word + (1 << FIELD * r), length + 1, out)
            counts[r] = n
        elif wild:
            _collect(trie, child, counts, letter, wild - 1, word + (1 << FIELD * r), length + 1, out)


class _Splitter:
    """One split check: each multiset met (the cards checked and the rests after words) tries the words holding its
    rarest letter, from word lists (``WordLists``) sifted by a packed subtraction: the lists of the multiset a rest
    came from, so the rests of one multiset share what was sifted for them."""

    def __init__(self, index: PatienceIndex, steps: list[int]) -> None:
        self.index, self.steps = index, steps

    def split(self, cards: int, size: int, subs: int, lists: WordLists) -> bool:
        """Whether ``cards`` (``size`` of them, among those of ``lists``) split with ``subs`` wild letters."""
        if not cards:
            return True
        if size + subs < MIN_WORD:
            return False
        known = self.index.splits.get(cards << SUBS_BITS | subs)
        if known is None:
            known = self._try_words(cards, size, subs, lists)
            self.index.splits[cards << SUBS_BITS | subs] = known
        return known

    def _try_words(self, cards: int, size: int, subs: int, lists: WordLists) -> bool:
        """Each word holding the rarest letter that fits (wild letters for the cards it lacks), the rest split: one
        step."""
        self.steps[0] -= 1
        if self.steps[0] < 0:
            raise _OutOfSteps()
        guard = self.index.guard
        words = lists.holding(((cards & -cards).bit_length() - 1) // FIELD)
        top = cards + guard
        if not subs:
            fits = [(top - word - guard, length) for word, length in words if not guard & ~(top - word)]
            if len(fits) > 1:
                lists = WordLists(self.index, cards, 0, lists)
            return any(self.split(left, size - length, 0, lists) for left, length in fits)
        lists = WordLists(self.index, cards, subs, lists)
        for word, length in words:
            left = top - word
            short = guard & ~left
            if not short:
                if self.split(left - guard, size - length, subs, lists):
                    return True
            elif short.bit_count() <= subs:
                wild, left = wilds(left, short, FIELD)
                if wild <= subs and self.split(left - guard, size - length + wild, subs - wild, lists):
                    return True
        return False


class PatienceSolver:
    """Decides a Letter Patience deal with every card known (the module docstring says how)."""

    def __init__(self, lexicon: Lexicon, node_limit: int = NODE_LIMIT, index: PatienceIndex | None = None,
                 split_cards: int = PARTITION_CARDS, restarts: bool = True) -> None:
        """``split_cards`` (pruning 3 from that many cards left; 0: never) and ``restarts`` are there to measure
        what they bring (benchmarks/bench_game_of_words.py)."""
        self.node_limit = node_limit
        self.split_cards, self.restarts = split_cards, restarts
        self.lexicon = lexicon
        self.index = index or PatienceIndex.build(lexicon)
        self.table = self.index.table
        self.moves: dict[tuple[str, int], tuple[tuple[int, int], ...]] = {}
        """Face-up letters (sorted) -> every (set of them as a bit mask, Sub Cards it needs), remembered."""

    def candidates(self, letters: str, subs: int, most: int) -> list[tuple[int, int]]:
        """Every set of the face-up ``letters`` (sorted) that spells a word with at most ``subs`` Sub Cards, as
        (bit mask, fewest Sub Cards); built once per ``letters`` and the deal's Sub Cards ``most``."""
        known = self.moves.get((letters, most))
        if known is None:
            keys = [""] * (1 << len(letters))
            found = []
            for mask in range(1, 1 << len(letters)):
                top = mask.bit_length() - 1
                key = keys[mask] = keys[mask ^ (1 << top)] + letters[top]
                need = self.index.min_subs(key, most)
                if need is not None:
                    found.append((mask, need))
            known = self.moves[(letters, most)] = tuple(found)  # a tuple of int pairs: untracked (``_one_short``)
        return [m for m in known if m[1] <= subs]

    def solve(self, piles: Sequence[Sequence[str]], stock: str, subs: int = 2, waste: str = "",
              turned: int = 0) -> list[PatienceMove] | None:
        """A winning list of moves (``WordMove``, ``FillMove``, ``TurnMove``), or ``None`` if the deal cannot be
        won; ``PatienceUndecided`` past the budget. A game in progress starts from its face-up pile ``waste`` and
        the ``turned`` cards of ``stock`` already turned (a hint from the position)."""
        if len(piles) + 1 + subs > MAX_WORD:
            raise ValueError(f"the index holds words of at most {MAX_WORD} letters")
        cards = sum(len(p) for p in piles) + len(stock) + len(waste) + subs
        depth = sys.getrecursionlimit()
        sys.setrecursionlimit(max(depth, DEPTH_PER_CARD * cards + 1_000))  # a frame or three a move: a 300-card deck
        try:
            return self._solve(piles, stock, subs, waste, turned, scaled_limit(self.node_limit, cards))
        finally:
            sys.setrecursionlimit(depth)

    def _solve(self, piles: Sequence[Sequence[str]], stock: str, subs: int, waste: str, turned: int,
               node_limit: int) -> list[PatienceMove] | None:
        search = _Search(self, stock, subs)
        start = tuple("".join(p) for p in piles)
        spent, attempt = 0, 0
        while True:
            budget = node_limit - spent
            if self.restarts:
                budget = min(RESTART_NODES << (attempt // 2), budget)
            search.restart(attempt, budget)
            try:
                return search.path if search.go(start, waste, turned, subs) else None
            except PatienceUndecided:
                spent += budget
                if spent >= node_limit:
                    raise
            attempt += 1


class _Search:
    """One depth-first search of a deal: the moves so far, the positions known lost, the budget left."""

    def __init__(self, solver: PatienceSolver, stock: str, subs: int) -> None:
        self.solver, self.index, self.stock, self.subs = solver, solver.index, stock, subs
        self.dead: dict[tuple[tuple[str, ...], str, int], int] = {}
        """Positions known lost, kept from one attempt to the next (a lost position stays lost)."""
        self.path: list[PatienceMove] = []
        self.budget = solver.node_limit
        self.attempt = 0
        self.lists: WordLists | None = None
        """The word lists of the current position, when it has few cards left (``PARTITION_CARDS``)."""

    def restart(self, attempt: int, budget: int) -> None:
        """Start attempt ``attempt`` (0: the plain order; later ones shake the order of near-equal moves)."""
        self.path, self.budget, self.attempt = [], budget, attempt

    def go(self, piles: tuple[str, ...], waste: str, pos: int, subs: int) -> bool:
        if not waste and pos == len(self.stock) and not any(piles):
            return True
        key = (tuple(sorted(piles)), waste, pos)
        if self.dead.get(key, -1) >= subs:
            return False
        self.budget -= 1
        if self.budget < 0:
            raise PatienceUndecided()
        if not self.budget & CHECK_EVERY:
            checkpoint()  # a face that cancels the work (kitgen.core.cancel) stops the search here
        left = "".join(piles) + waste + self.stock[pos:]
        above = self.lists
        few = len(left) <= self.solver.split_cards
        if few:
            self.lists = self._lists(left, subs)
        try:
            won = self._hopeful(piles, left, subs, few) and self._expand(piles, waste, pos, subs)
        finally:
            self.lists = above
        if not won:
            self.dead[key] = max(subs, self.dead.get(key, -1))
        return won

    def _lists(self, left: str, subs: int) -> WordLists | None:
        """The word lists of a position with few cards left: its parent's when it has the same cards (a turn or a
        fill), else sifted from the parent's (walked from the trie at the first such position of the line)."""
        above = self.lists
        packed = self.index.pack(left)
        if packed is None:
            return None
        if above is not None and above.top == packed and above.subs == subs:
            return above
        return WordLists(self.index, packed, subs, above)

    def _hopeful(self, piles: tuple[str, ...], left: str, subs: int, few: bool) -> bool:
        """Prunings 2 and 3 (``left``: the cards left; ``few``: few enough for the split check): False only when
        the position is certainly lost."""
        if len(left) + subs < MIN_WORD:
            return False
        needed = max(len(p) - sum(ch in VOWELS for ch in p[1:]) for p in piles)
        if len(left) + subs < MIN_WORD * needed:
            return False
        if not few:
            return True
        if self.lists is None:
            return self.index.splits_into_words(left, subs) is not False
        return self.index.splits_within(self.lists, len(left)) is not False

    def _try(self, move: PatienceMove, piles: tuple[str, ...], waste: str, pos: int, subs: int) -> bool:
        self.path.append(move)
        if self.go(piles, waste, pos, subs):
            return True
        self.path.pop()
        return False

    def _expand(self, piles: tuple[str, ...], waste: str, pos: int, subs: int) -> bool:
        if "" in piles:
            space = piles.index("")
            vowels = [i for i, p in enumerate(piles) if len(p) >= 2 and p[-1] in VOWELS]
            for i in vowels:
                new = list(piles)
                new[space], new[i] = piles[i][-1], piles[i][:-1]
                if self._try(FillMove(space, str(i)), tuple(new), waste, pos, subs):
                    return True
            if vowels:
                return False
            if waste:
                new = list(piles)
                new[space] = waste[-1]
                return self._try(FillMove(space, WASTE), tuple(new), waste[:-1], pos, subs)
        return self._words(piles, waste, pos, subs) or (
            pos < len(self.stock) and self._try(TurnMove(self.stock[pos]), piles, waste + self.stock[pos], pos + 1,
                                                subs))

    def _words(self, piles: tuple[str, ...], waste: str, pos: int, subs: int) -> bool:
        """Each set of face-up cards that spells a word: fewest Sub Cards first, then rare and many cards."""
        shown = sorted([(p[-1], str(i)) for i, p in enumerate(piles) if p] + ([(waste[-1], WASTE)] if waste else []))
        letters = "".join(ch for ch, _ in shown)
        order = []
        for mask, need in self.solver.candidates(letters, subs, self.subs):
            chosen = [shown[j] for j in range(len(shown)) if mask >> j & 1]
            score = sum((VOWEL_SCORE if ch in VOWELS else 1) + 2 * self.index.weight.get(ch, 0.0) for ch, _ in chosen)
            if self.attempt:
                score += SHAKE * ((mask * 2654435761 + self.attempt * 40503) % 65536) / 65536
            order.append((need, -score, mask, chosen))
        order.sort(key=lambda t: (t[0], t[1], t[2]))
        for need, _, _, chosen in order:
            new, nw = list(piles), waste
            for _, src in chosen:
                if src == WASTE:
                    nw = nw[:-1]
                else:
                    new[int(src)] = new[int(src)][:-1]
            if self._try(self._word_move(chosen, need), tuple(new), nw, pos, subs - need):
                return True
        return False

    def _word_move(self, chosen: list[tuple[str, str]], need: int) -> WordMove:
        word = self.index.spell("".join(ch for ch, _ in chosen), need)
        pool: dict[str, list[str]] = {}
        for ch, src in chosen:
            pool.setdefault(ch, []).append(src)
        return WordMove(word, tuple(pool[ch].pop(0) if pool.get(ch) else SUB for ch in word))


class PatienceRangeWorker:
    """Decides Letter Patience deals by number: ``kitgen deal letter-patience --seed N --solve`` and the per-deal
    work of ``--range A-B --solve`` (picklable, so forked processes and Dask workers run it).

    The index is built once (under a second); each deal is searched with the split checks' answers forgotten, since
    a check that ran out of steps could finish with answers a deal before left behind: so a deal's line is the same
    whatever was decided before it, in whichever process, and the same as ``--seed N --solve``."""

    def __init__(self, lexicon: Lexicon, deck: Deck, node_limit: int = NODE_LIMIT,
                 index: PatienceIndex | None = None) -> None:
        """``index``: the lexicon's index, made already (kept on disk by the caller); built here otherwise."""
        self.lexicon, self.deck, self.node_limit = lexicon, deck, node_limit
        self.index = index if index is not None else PatienceIndex.build(lexicon)

    def decide(self, dealt: LetterPatienceDeal) -> tuple[bool | None, list[PatienceMove]]:
        """(won, the moves of a win): won is None when the search gave up within the budget."""
        return self.decide_from(dealt.piles, "".join(dealt.stock), len(dealt.aside))

    def decide_from(self, piles: Sequence[Sequence[str]], stock: str, subs: int, waste: str = "",
                    turned: int = 0) -> tuple[bool | None, list[PatienceMove]]:
        """``decide`` from a game in progress: its piles, the whole stock and how many of its cards are turned, the
        face-up pile and the Sub Cards left (a hint from the position)."""
        self.index.splits.clear()
        solver = PatienceSolver(self.lexicon, self.node_limit, self.index)
        try:
            moves = solver.solve(piles, stock, subs, waste, turned)
        except PatienceUndecided:
            return None, []
        return moves is not None, moves or []

    def __call__(self, seed: int) -> dict[str, Any]:
        """The deal's JSON line: ``{"game", "seed", "winnable", "solution"}`` (the moves as ``--solve`` gives them)."""
        winnable, moves = self.decide(deal_letter_patience(self.deck, seed))
        return {"game": "letter-patience", "seed": seed, "winnable": winnable,
                "solution": [m.to_json() for m in moves]}
