"""The lexicon: which words and phrases are acceptable, how common they are, and fast queries.

Rule source: README.md, "The lexicon". Entries are kept in their *fitting form*
(``normalize``: A-Z only, so TAKE COVER is ``TAKECOVER``) and shown in their
display form (``take cover``). Each entry has a commonness rank, SCOWL's size
level: 10 is among the most common words, 70 rare, 80 a WordNet phrase.

Pattern queries (``match("?A?A?C?")``) use an index built lazily per word
length: for every (position, letter) a bitset of the words of that length
having that letter there. A query ANDs the bitsets of its known letters,
smallest first, and decodes the survivors; it never scans the list.
"""

from __future__ import annotations

import re
from collections.abc import ItemsView, Iterable, Iterator
from functools import cache
from pathlib import Path
from typing import TypeVar, overload

from kitgen.core.errors import InputError
from kitgen.core.normalize import normalize
from kitgen.core.resources import data_path

DEFAULT_RANK = 10
"""Rank given to every entry of a ``--words`` list (all equally common)."""

_T = TypeVar("_T")

_A = ord("A")
_NONZERO = re.compile(rb"[^\x00]")
_BITS_OF_BYTE = [tuple(b for b in range(8) if byte >> b & 1) for byte in range(256)]


class BadPattern(InputError):
    """A pattern query with something other than letters and ``?``."""

    def __init__(self, pattern: str) -> None:
        super().__init__(f"bad pattern {pattern!r}: use letters and ? for an unknown letter")
        self.pattern = pattern


class LengthIndex:
    """Bitsets over the words of one length, per (position, letter)."""

    __slots__ = ("words", "bits", "nbytes")

    def __init__(self, words: list[str]) -> None:
        self.words = words
        n = len(words)
        length = len(words[0]) if words else 0
        self.nbytes = (n + 7) // 8
        maps: list[list[bytearray | None]] = [[None] * 26 for _ in range(length)]
        for i, w in enumerate(words):
            byte, bit = i >> 3, 1 << (i & 7)
            for p, ch in enumerate(w):
                row = maps[p]
                k = ord(ch) - _A
                bm = row[k]
                if bm is None:
                    bm = row[k] = bytearray(self.nbytes)
                bm[byte] |= bit
        self.bits = [[int.from_bytes(bm, "little") if bm is not None else 0 for bm in row] for row in maps]

    def query(self, known: list[tuple[int, int]]) -> list[str]:
        if not self.words:
            return []
        if not known:
            return list(self.words)
        sets = sorted((self.bits[p][k] for p, k in known), key=int.bit_length)
        acc = sets[0]
        for s in sets[1:]:
            if not acc:
                break
            acc &= s
        if not acc:
            return []
        words = self.words
        if acc.bit_count() <= 48:
            # Sparse: peel the top bit; each step shrinks the integer.
            out = []
            while acc:
                top = acc.bit_length() - 1
                out.append(words[top])
                acc ^= 1 << top
            out.reverse()
            return out
        raw = acc.to_bytes(self.nbytes, "little")
        out = []
        for m in _NONZERO.finditer(raw):
            base = m.start() << 3
            for b in _BITS_OF_BYTE[raw[m.start()]]:
                out.append(words[base + b])
        return out


class Lexicon:
    """A set of acceptable entries (fitting forms) with ranks, display forms and query indexes."""

    def __init__(self, ranks: dict[str, int], display: dict[str, str] | None = None, name: str = "") -> None:
        self._rank = ranks
        self._display = display if display is not None else {}
        self.name = name
        self._by_length: dict[int, list[str]] | None = None
        self._index: dict[int, LengthIndex] = {}
        self._masks: dict[str, int] | None = None

    # -- construction -------------------------------------------------------
    @classmethod
    def from_entries(cls, entries: Iterable[tuple[str, int]], name: str = "") -> Lexicon:
        """Build from (display form, rank) pairs; the lowest rank of a fitting form wins."""
        ranks: dict[str, int] = {}
        display: dict[str, str] = {}
        for shown, rank in entries:
            key = normalize(shown)
            if not key:
                continue
            old = ranks.get(key)
            if old is None or rank < old:
                ranks[key] = rank
                if shown.lower() != key.lower():
                    display[key] = shown
                else:
                    display.pop(key, None)
        return cls(ranks, display, name)

    # -- membership ---------------------------------------------------------
    def __len__(self) -> int:
        return len(self._rank)

    def __iter__(self) -> Iterator[str]:
        return iter(self._rank)

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and self.contains(word)

    def contains(self, word: str) -> bool:
        """Whether ``word`` (any case, spaces or accents) is acceptable."""
        key = word if word.isupper() and word.isalpha() and word.isascii() else normalize(word)
        return bool(key) and key in self._rank

    def items(self) -> ItemsView[str, int]:
        """Every (fitting form, rank) pair, in no particular order (one pass over the whole list)."""
        return self._rank.items()

    def rank(self, word: str) -> int | None:
        """Commonness rank (10 most common .. 80 rare phrase), or ``None`` if not in the lexicon."""
        return self._rank.get(normalize(word))

    def display(self, word: str) -> str:
        """How an entry is shown: lower case, phrases with their spaces (``take cover``)."""
        key = normalize(word)
        return self._display.get(key, key.lower())

    # -- queries ------------------------------------------------------------
    def words(self, length: int | None = None) -> list[str]:
        """Every fitting form, or those of one length, sorted."""
        if length is None:
            return sorted(self._rank)
        return self._lengths().get(length, [])

    def _lengths(self) -> dict[int, list[str]]:
        if self._by_length is None:
            by: dict[int, list[str]] = {}
            for w in sorted(self._rank):
                by.setdefault(len(w), []).append(w)
            self._by_length = by
        return self._by_length

    def index(self, length: int) -> LengthIndex:
        idx = self._index.get(length)
        if idx is None:
            idx = self._index[length] = LengthIndex(self._lengths().get(length, []))
        return idx

    def match(self, pattern: str) -> list[str]:
        """Fitting forms that fit ``pattern`` (``?`` or ``.`` an unknown letter), alphabetical."""
        known: list[tuple[int, int]] = []
        for p, ch in enumerate(pattern.upper()):
            if ch in "?.":
                continue
            if not ("A" <= ch <= "Z"):
                raise BadPattern(pattern)
            known.append((p, ord(ch) - _A))
        if not pattern:
            raise BadPattern(pattern)
        return self.index(len(pattern)).query(known)

    def anagrams(self, letters: str, wild: int = 0, min_length: int = 2) -> list[str]:
        """Entries makeable from the multiset ``letters`` plus ``wild`` wild cards, longest first.

        Used for card hands (Sub Cards are wild). Each letter of the hand is
        used at most once; a wild card stands for any one letter.
        """
        hand = normalize(letters)
        if letters and not hand and letters.strip("?*"):
            raise BadPattern(letters)
        counts = [0] * 26
        for ch in hand:
            counts[ord(ch) - _A] += 1
        hand_mask = 0
        for k, c in enumerate(counts):
            if c:
                hand_mask |= 1 << k
        masks = self._letter_masks()
        limit = len(hand) + wild
        out = []
        for length, words in self._lengths().items():
            if length > limit or length < min_length:
                continue
            for w in words:
                m = masks[w]
                if wild == 0:
                    if m & ~hand_mask:
                        continue
                elif (m & ~hand_mask).bit_count() > wild:
                    continue
                need = 0
                for ch in set(w):
                    over = w.count(ch) - counts[ord(ch) - _A]
                    if over > 0:
                        need += over
                if need <= wild:
                    out.append(w)
        out.sort(key=lambda w: (-len(w), w))
        return out

    def _letter_masks(self) -> dict[str, int]:
        if self._masks is None:
            masks = {}
            for w in self._rank:
                m = 0
                for ch in set(w):
                    m |= 1 << (ord(ch) - _A)
                masks[w] = m
            self._masks = masks
        return self._masks


# -- loading -----------------------------------------------------------------

def parse_default(text: str) -> Lexicon:
    """Parse the shipped format (see ``scripts/build_lexicon.py``).

    ``#`` header lines, then ``@RANK`` sections of fitting forms one a line,
    then ``@display`` lines ``FITTING<TAB>shown``. Sections are taken whole
    (``dict.fromkeys``) so a cold load stays well under 150 ms.
    """
    ranks: dict[str, int] = {}
    display_text = ""
    for chunk in text.split("\n@")[1:]:
        head, _, body = chunk.partition("\n")
        if head == "display":
            display_text = body
            continue
        words = body.split()
        ranks.update(dict.fromkeys(words, int(head)))
    return Lexicon(ranks, _LazyDisplay(display_text), name="default (SCOWL + WordNet phrases)")


class _LazyDisplay(dict[str, str]):
    """The ``@display`` section, parsed on first use (most commands never show a phrase)."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self._text: str | None = text

    def _load(self) -> None:
        if self._text is not None:
            text, self._text = self._text, None
            for line in text.splitlines():
                key, _, shown = line.partition("\t")
                if shown:
                    self[key] = shown

    # The same overloads as ``dict.get``, so the override stays compatible with it.
    @overload
    def get(self, key: str, default: None = None, /) -> str | None: ...

    @overload
    def get(self, key: str, default: str, /) -> str: ...

    @overload
    def get(self, key: str, default: _T, /) -> str | _T: ...

    def get(self, key: str, default: object = None, /) -> object:
        self._load()
        return super().get(key, default)


@cache
def default_lexicon() -> Lexicon:
    """The shipped English lexicon, loaded once per process."""
    return parse_default(data_path("lexicon.txt").read_text(encoding="utf-8"))


def load_word_list(path: str | Path) -> Lexicon:
    """A ``--words`` list: one word or phrase a line, ``#`` comments; replaces the default.

    A line that is not a word (digits, symbols) is an ``InputError`` naming the line.
    """
    from kitgen.core.text import TextSource

    source = TextSource.from_path(path)
    entries = []
    for line in source.content_lines():
        shown = line.text.strip()
        if not normalize(shown):
            raise line.error(
                f"{shown!r} is not a word (letters, spaces, hyphens and apostrophes only)", line.indent + 1
            )
        entries.append((shown, DEFAULT_RANK))
    if not entries:
        raise source.error("the word list is empty")
    return Lexicon.from_entries(entries, name=str(path))


def get_lexicon(words: str | Path | None = None) -> Lexicon:
    """The lexicon every command uses: ``--words FILE`` if given, else the default."""
    return load_word_list(words) if words else default_lexicon()
