"""Letter multisets packed into one integer, and bitsets read a few bits at a time: the shared core of the
solitaires' split checks ("the cards left must still split into words": docs/game-of-words.md, "Word Solitaire
solver" and "Letter Patience solver") and of the lexicon's anagram index (``kitgen words anagram``).

A multiset of letters is an integer with a field of ``width`` bits a letter (letters numbered by a *rank*, the
caller's order: rarest first in the solvers, the alphabet's in the anagram index): the low ``width - 1`` bits
count the letter's cards, and the top bit of each field is a *guard*. Adding every field's guard (``Packer.guard``)
to a multiset and subtracting a word's multiset leaves each guard set exactly when the word takes no more of that
letter than there are: "does this word fit in these cards" is one subtraction and one AND, and "the cards left" is
the plain difference. ``first_bits`` reads the set bits of a large bitset lowest first, lazily: a search usually
takes one of the first few.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass

_NONZERO = re.compile(rb"[^\x00]")
_BITS_OF_BYTE = tuple(tuple(b for b in range(8) if byte >> b & 1) for byte in range(256))

DIRECT_BITS = 8
"""Bits ``first_bits`` reads one at a time (lowest first) before it decodes the rest a byte at a time."""


@dataclass(frozen=True)
class Packer:
    """Packs letter multisets for one letter order (``rank``: letter -> field number) and field ``width``."""

    rank: Mapping[str, int]
    width: int = 6

    @property
    def count(self) -> int:
        """The count bits of a field: the most cards of one letter a multiset holds."""
        return (1 << self.width - 1) - 1

    @property
    def guard(self) -> int:
        """Every field's guard bit."""
        top = self.width - 1
        return sum(1 << self.width * r + top for r in range(len(self.rank)))

    def pack(self, letters: str) -> int | None:
        """The multiset ``letters`` as an integer; None if a letter has no rank or more cards than a field counts."""
        packed = 0
        rank, width = self.rank, self.width
        for ch in letters:
            r = rank.get(ch)
            if r is None:
                return None
            packed += 1 << width * r
        if len(letters) > self.count and any(letters.count(ch) > self.count for ch in set(letters)):
            return None  # a field would overflow into its guard (or past it)
        return packed

    def fits(self, word: int, cards: int) -> bool:
        """Whether the multiset ``word`` is within the multiset ``cards`` (both packed, guards clear)."""
        guard = self.guard
        return not guard & ~(cards + guard - word)

    def counts(self, packed: int) -> list[int]:
        """The count of each field, by rank."""
        count, width = self.count, self.width
        return [packed >> width * r & count for r in range(len(self.rank))]

    def lowest(self, packed: int) -> int:
        """The rank of the lowest field holding a letter (``packed`` not zero): the rarest letter, rarest first."""
        return ((packed & -packed).bit_length() - 1) // self.width


def rarest_first(letters: Iterable[str], holding: Mapping[str, int]) -> dict[str, int]:
    """A rank for each letter: fewest words holding it first, ties in the letters' own order."""
    return {ch: r for r, ch in enumerate(sorted(letters, key=lambda ch: (holding.get(ch, 0), ch)))}


def first_bits(bits: int) -> Iterator[int]:
    """The set bits of ``bits`` (not negative), lowest first, produced lazily: the first ``DIRECT_BITS`` read
    directly (lowest set bit, cleared), the rest decoded a byte at a time (``to_bytes`` and a scan for bytes that
    are not zero), so a search that takes one of the first few pays for a few, and a long list stays linear."""
    for _ in range(DIRECT_BITS):
        if not bits:
            return
        low = bits & -bits
        yield low.bit_length() - 1
        bits ^= low
    if not bits:
        return
    raw = bits.to_bytes((bits.bit_length() + 7) // 8, "little")
    for m in _NONZERO.finditer(raw):
        start = m.start()
        base = start << 3
        for b in _BITS_OF_BYTE[raw[start]]:
            yield base + b


def wilds(left: int, short: int, width: int) -> tuple[int, int]:
    """After ``cards + guard - word`` (``left``) cleared the guard bits ``short``: the wild letters the word needs
    (what it lacks) and ``left`` with those fields back to zero plus their guard."""
    count = (1 << width - 1) - 1
    wild = 0
    while short:
        bit = short & -short
        short ^= bit
        shift = bit.bit_length() - width
        lack = count + 1 - (left >> shift & count)
        wild += lack
        left += lack << shift
    return wild, left
