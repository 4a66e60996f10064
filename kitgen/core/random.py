"""Seeded randomness: the one documented generator every seed flows through.

Two generators, both public algorithms anyone can reproduce in a few lines
(README.md, "Seeded deals: reproducing a deal by hand"):

* ``freecell_deal`` -- the Microsoft FreeCell deal algorithm, used for every
  card deal. ``state = (214013 * state + 2531011) mod 2**31``,
  ``rand = state >> 16``; for ``n`` cards left, take the card at index
  ``rand mod n`` of the (documented) card order and move the last card into
  its place. The cards come out in *dealing order*. For a standard 52-card
  deck ordered AC AD AH AS 2C ... KS this gives the published FreeCell deals.

* ``SeededRandom`` -- SplitMix64 (Steele, Lea and Flood, 2014), for every
  other random choice (patterns, word streams, searches). The state starts
  at ``seed XOR salt``, where the salt is 0 for the empty stream (plain
  SplitMix64) and otherwise the first 8 bytes (big-endian) of the BLAKE2b
  digest of the stream name. A seed and a stream name (``"pattern"``, ``"wordsearch"``...) give one fixed sequence
  on every platform and Python version; ``random.Random`` is never used.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator, MutableSequence, Sequence
from typing import TypeVar

from kitgen.core.errors import InputError
from kitgen.core.i18n import gettext

T = TypeVar("T")

MAX_SEED = 2**31 - 1
"""Deal numbers run from 0 to 2**31 - 1, as in the extended FreeCell deals."""

_MASK64 = (1 << 64) - 1


def check_seed(seed: int) -> int:
    """A seed is a deal number from 0 to 2**31 - 1; anything else is an ``InputError``."""
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
        raise InputError(gettext("seed {seed} is out of range (0 to {most})").format(seed=repr(seed), most=MAX_SEED))
    return seed


def freecell_rands(seed: int) -> Iterator[int]:
    """The Microsoft C runtime ``rand()`` sequence seeded with ``seed`` (15-bit values)."""
    state = seed & 0x7FFFFFFF
    while True:
        state = (214013 * state + 2531011) & 0x7FFFFFFF
        yield state >> 16


def freecell_deal(cards: Sequence[T], seed: int) -> list[T]:
    """The cards of ``cards`` (in their documented order) in FreeCell dealing order for deal ``seed``."""
    check_seed(seed)
    pack = list(cards)
    dealt: list[T] = []
    rands = freecell_rands(seed)
    for left in range(len(pack), 0, -1):
        j = next(rands) % left
        dealt.append(pack[j])
        pack[j] = pack[left - 1]
    return dealt


class SeededRandom:
    """SplitMix64 seeded by (seed, stream): the single generator for all non-deal randomness."""

    def __init__(self, seed: int, stream: str = "") -> None:
        check_seed(seed)
        salt = int.from_bytes(hashlib.blake2b(stream.encode(), digest_size=8).digest(), "big") if stream else 0
        self._state = (seed ^ salt) & _MASK64

    def next_u64(self) -> int:
        self._state = (self._state + 0x9E3779B97F4A7C15) & _MASK64
        z = self._state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)`` (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next_u64()
            if x < limit:
                return x % n

    def random(self) -> float:
        """A float in ``[0, 1)`` with 53 random bits."""
        return (self.next_u64() >> 11) / float(1 << 53)

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates in place, from the end."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def weighted_index(self, cumulative: Sequence[float]) -> int:
        """An index drawn with weights given as a non-decreasing cumulative list."""
        import bisect

        x = self.random() * cumulative[-1]
        return bisect.bisect_right(cumulative, x)
