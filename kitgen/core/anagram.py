"""The lexicon's anagram index (``kitgen words anagram``; README.md, "The lexicon"): bitsets over the entries made
from their signatures (their letters sorted), so a hand is answered without reading the list.

For each letter *k* and count *c*, ``more[k][c]`` is the bitset of the entries holding more than *c* of letter *k*.
A hand holding ``h[k]`` of each letter rules out ``more[k][h[k]]`` for every letter: what is left is every entry
made of the hand's letters, in one OR a letter. With wild cards, an entry may lack up to ``wild`` letters of the
hand in all: the bitsets ``more[k][h[k] + j]`` (lacking more than *j* of letter *k*) are summed letter by letter in
a counter that saturates at ``wild + 1`` (bit-sliced: a bitset for "lacks at least *t*", *t* = 1 .. wild + 1), and
what lacks at most ``wild`` is kept.

The bits are over the entries in the order answers are given (longest first, then alphabetically: the order
``Lexicon.anagrams`` has always given), each entry's bits read from its signature, so the survivors are picked a
word length at a time without a Python loop over them (the bitset as a string of 0s and 1s, made bytes, selecting
the entries with ``itertools.compress``). The index is plain data (``to_json``/``from_json``), so it can be kept
on disk.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from itertools import accumulate, repeat
from operator import add
from typing import Any

from kitgen.core.bitsets import bits_text, text_bits


def set_bits(bits: int) -> Iterator[int]:
    """The set bits of ``bits`` (not negative), lowest first, found without a Python step per bit: the bits as text,
    lowest first, cut at each 1; the pieces' lengths (each plus the 1 after it) summed as they go, from -1."""
    pieces = bin(bits)[:1:-1].split("1")
    steps = accumulate(map(add, map(len, pieces[:-1]), repeat(1)), initial=-1)
    next(steps)  # the initial -1
    return steps


class AnagramIndex:
    """The entries in the order answers are given (longest first, then alphabetically), with per-letter bitsets
    over them made from their signatures."""

    def __init__(self, letters: str, words: list[str], more: list[list[int]] | None = None) -> None:
        self.letters = letters
        self.index = {ch: k for k, ch in enumerate(letters)}
        self.words = words
        self.starts = _starts(words)
        self.by_length = {length: words[start:_first_shorter(self.starts, length - 1, len(words))]
                          for length, start in self.starts.items()}
        self.more = more if more is not None else self._bitsets()

    @classmethod
    def build(cls, letters: str, entries: Iterable[str]) -> AnagramIndex:
        """The index of ``entries`` (fitting forms of the alphabet ``letters``)."""
        return cls(letters, sorted(entries, key=lambda w: (-len(w), w)))

    def _bitsets(self) -> list[list[int]]:
        """By letter and count c, the entries holding more than c of the letter: read from each signature once."""
        by_sig: dict[str, list[int]] = {}
        for i, w in enumerate(self.words):
            by_sig.setdefault("".join(sorted(w)), []).append(i)
        nbytes = (len(self.words) + 7) // 8
        rows: list[list[bytearray]] = [[] for _ in self.letters]
        for sig, places in by_sig.items():
            for ch in set(sig):
                mine = rows[self.index[ch]]
                c = sig.count(ch)
                while len(mine) < c:
                    mine.append(bytearray(nbytes))
                for i in places:
                    byte, bit = i >> 3, 1 << (i & 7)
                    for j in range(c):
                        mine[j][byte] |= bit
        return [[int.from_bytes(b, "little") for b in mine] for mine in rows]

    def query(self, hand: Sequence[int], wild: int = 0, min_length: int = 2) -> list[str]:
        """Entries made of the hand (``hand[k]`` cards of letter *k*) plus ``wild`` wild cards, of ``min_length``
        or more letters: longest first, then alphabetically."""
        limit = sum(hand) + wild
        if limit < min_length or wild < 0:
            return []
        n = len(self.words)
        low, high = _first_shorter(self.starts, limit, n), _first_shorter(self.starts, min_length - 1, n)
        if high <= low:
            return []
        bits = (1 << high) - (1 << low)
        if wild == 0:
            for k, rows in enumerate(self.more):
                c = hand[k]
                if c < len(rows):
                    bits &= ~rows[c]
        else:
            bits &= ~self._lacking(hand, wild)
        found: list[str] = []
        for length in range(limit, min_length - 1, -1):
            words = self.by_length.get(length)
            if not words:
                continue
            start = self.starts[length]
            some = bits >> start & (1 << len(words)) - 1
            if some:
                found.extend(map(words.__getitem__, set_bits(some)))
        return found

    def _lacking(self, hand: Sequence[int], wild: int) -> int:
        """The entries lacking more than ``wild`` of the hand's letters in all (a saturating bit-sliced sum)."""
        at_least = [0] * (wild + 2)  # at_least[t]: lacking at least t letters so far (t = 1 .. wild + 1)
        for k, rows in enumerate(self.more):
            c = hand[k]
            if c >= len(rows):
                continue
            lack = [rows[c + j] if c + j < len(rows) else 0 for j in range(wild + 1)]  # lack[j]: more than j
            for t in range(wild + 1, 0, -1):
                total = at_least[t] | lack[t - 1]
                for s in range(1, t):
                    total |= at_least[t - s] & lack[s - 1]
                at_least[t] = total
        return at_least[wild + 1]

    def to_json(self) -> dict[str, Any]:
        """The entries (one string), the bitsets as little-endian bytes in base64."""
        nbytes = (len(self.words) + 7) // 8
        return {"letters": self.letters, "words": "\n".join(self.words),
                "more": [[bits_text(b, nbytes) for b in rows] for rows in self.more]}

    @classmethod
    def from_json(cls, data: Mapping[str, Any], letters: str) -> AnagramIndex:
        """The index ``to_json`` wrote for the alphabet ``letters``; ``ValueError`` if it is not one."""
        words_text, more = data.get("words"), data.get("more")
        if data.get("letters") != letters or not isinstance(words_text, str) or not isinstance(more, list) \
                or len(more) != len(letters):
            raise ValueError("not an anagram index")
        words = words_text.split("\n") if words_text else []
        lengths = list(map(len, words))
        if "" in words or not set(words_text) <= set(letters + "\n") or any(map(int.__lt__, lengths, lengths[1:])):
            raise ValueError("not an anagram index")
        nbytes = (len(words) + 7) // 8
        return cls(letters, words, [[text_bits(b, nbytes, "an anagram index") for b in _list(rows)] for rows in more])


def _list(rows: Any) -> list[Any]:
    if not isinstance(rows, list):
        raise ValueError("not an anagram index")
    return rows


def _starts(words: list[str]) -> dict[int, int]:
    """The first entry of each length (entries longest first)."""
    starts: dict[int, int] = {}
    for i, w in enumerate(words):
        starts.setdefault(len(w), i)
    return starts


def _first_shorter(starts: Mapping[int, int], length: int, n: int) -> int:
    """The first entry no longer than ``length``: after every longer one."""
    return min((i for size, i in starts.items() if size <= length), default=n)
