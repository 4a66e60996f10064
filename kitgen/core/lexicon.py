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
from collections.abc import Callable, ItemsView, Iterable, Iterator, Mapping
from functools import cache
from pathlib import Path
from typing import TypeVar, overload

from kitgen.core.anagram import AnagramIndex
from kitgen.core.errors import InputError, Location
from kitgen.core.i18n import N_, gettext, typed
from kitgen.core.language import DROPPED, ENGLISH, Language, language
from kitgen.core.resources import data_path

DEFAULT_RANK = 10
"""Rank given to every entry of a ``--words`` list (all equally common)."""

INDEX_LETTERS = 1_000_000
"""The work budget of an index built from a word list kitgen does not ship (issue 33): the letters of its words.
A million letters (100,000 words of ten) make an anagram index in under a second and a crossword fill's index of
every length in less; a 2 MB list (the most kitgen reads) of long words took about three seconds. The shipped
lexicons are not counted: their indexes are measured and kept on disk."""


def check_index_budget(lexicon: Lexicon, refusal: str, budget: int | None = None) -> None:
    """Refuse, before any work, a word list kitgen does not ship whose index would take more than ``budget``
    (``INDEX_LETTERS``) letters: an ``InputError`` at the list, ``refusal`` (translated, with ``{letters}`` and
    ``{budget}``)."""
    if lexicon.shipped:
        return
    budget = INDEX_LETTERS if budget is None else budget
    letters = sum(map(len, lexicon))
    if letters > budget:
        from kitgen.core.i18n import whole

        raise InputError(refusal.format(letters=whole(letters), budget=whole(budget)), Location(lexicon.name))


SEEN_RANK = 60
"""The rarest rank of a word the frequency data has seen in running text (a language lexicon's rank 70 is a word
it never saw): a crossword fill's common tier."""
WIDER_RANK = 65
"""The tier a crossword fill widens to when the learner tier cannot fill a pattern: every word running text has
seen (``SEEN_RANK``) and, in Greek, whose frequency list stops at Zipf 3, the forms of its common words that the
list lacks (rank 65: θαλασσών of θάλασσα; docs/languages.md, "Greek"). Rank 70, words neither seen nor a form of
a common word, is never proposed by default."""

FILL_RANK = 70
"""The rarest rank a crossword fill proposes from a shipped lexicon (``Lexicon.for_fills``): English's WordNet
phrases that SemCor never tagged rank 80 (scripts/build_lexicon.py) and are words, accepted by the verifiers, but
no fill proposes them (docs/crossword.md, ruling 10); every other shipped entry ranks 70 or
commoner."""

_T = TypeVar("_T")

_NONZERO = re.compile(rb"[^\x00]")
_BITS_OF_BYTE = [tuple(b for b in range(8) if byte >> b & 1) for byte in range(256)]


class BadPattern(InputError):
    """A pattern query with something other than letters and ``?``."""

    def __init__(self, pattern: str) -> None:
        from kitgen.core.i18n import gettext

        super().__init__(gettext("bad pattern {pattern}: use letters and ? for an unknown letter")
                         .format(pattern=repr(pattern)))
        self.pattern = pattern


class LengthIndex:
    """Bitsets over the words of one length, per (position, letter); letters are indexed by the language's
    alphabet (``Language.letter_index``: A is 0, the Spanish Ñ 14)."""

    __slots__ = ("words", "bits", "nbytes")

    def __init__(self, words: list[str], lang: Language = ENGLISH) -> None:
        self.words = words
        n = len(words)
        length = len(words[0]) if words else 0
        self.nbytes = (n + 7) // 8
        index = lang.letter_index
        maps: list[list[bytearray | None]] = [[None] * len(index) for _ in range(length)]
        for i, w in enumerate(words):
            byte, bit = i >> 3, 1 << (i & 7)
            for p, ch in enumerate(w):
                row = maps[p]
                k = index[ch]
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


class ByLength(Mapping[str, int]):
    """Entry ranks that can be read one word length at a time."""

    def of_length(self, length: int) -> Mapping[str, int]:
        """The entries of one length and their ranks."""
        raise NotImplementedError

    def lengths(self) -> list[int]:
        """The word lengths there may be entries of, shortest first."""
        raise NotImplementedError

    def items(self) -> ItemsView[str, int]:
        """Every (entry, rank), a length at a time from ``of_length``'s dicts: ``Mapping``'s own view looks each
        entry up again (``__getitem__``), some 0.1 s for a lexicon's 150,000 entries."""
        return _LengthItems(self)


class _LengthItems(ItemsView[str, int]):
    """``ByLength.items``: the pairs read from each length's dict."""

    _mapping: ByLength

    def __iter__(self) -> Iterator[tuple[str, int]]:
        for length in self._mapping.lengths():
            yield from self._mapping.of_length(length).items()


class LengthRanks(ByLength):
    """Entry ranks kept as the shipped text, one section a (word length, rank), and turned into a dict one word
    length at a time, the first time a word of that length is asked about.

    A language lexicon has up to 400,000 entries; building one dict of them all takes longer than the 150 ms a
    cold load may take, while a word check or a pattern query needs one length (a few milliseconds).
    """

    def __init__(self, sections: Mapping[int, list[tuple[int, str]]], total: int) -> None:
        self._sections = sections
        self._total = total
        self._dicts: dict[int, dict[str, int]] = {}

    def of_length(self, length: int) -> dict[str, int]:
        """The entries of one length and their ranks (built once)."""
        found = self._dicts.get(length)
        if found is None:
            found = {}
            for rank, body in self._sections.get(length, ()):
                found.update(dict.fromkeys(body.split(), rank))
            self._dicts[length] = found
        return found

    def lengths(self) -> list[int]:
        return sorted(self._sections)

    def __getitem__(self, key: str) -> int:
        return self.of_length(len(key))[key]

    def __contains__(self, key: object) -> bool:
        return isinstance(key, str) and key in self.of_length(len(key))

    def __iter__(self) -> Iterator[str]:
        for length in self.lengths():
            yield from self.of_length(length)

    def __len__(self) -> int:
        return self._total


class WithoutRanks(ByLength):
    """The ranks of another lexicon without some entries (the classroom-safe list, held-back entries) and, with
    ``max_rank``, without the entries rarer than that rank; read one length at a time."""

    def __init__(self, inner: Mapping[str, int], left_out: frozenset[str] | Mapping[str, object],
                 max_rank: int | None = None) -> None:
        self._inner = inner
        self._left_out = left_out
        self._max_rank = max_rank
        self._dicts: dict[int, dict[str, int]] = {}
        self._total: int | None = None
        self._lengths: list[int] | None = None

    def _kept(self, word: str, rank: int) -> bool:
        return word not in self._left_out and (self._max_rank is None or rank <= self._max_rank)

    def of_length(self, length: int) -> dict[str, int]:
        found = self._dicts.get(length)
        if found is None:
            if isinstance(self._inner, ByLength):
                found = {w: r for w, r in self._inner.of_length(length).items() if self._kept(w, r)}
            else:
                for n, words in self._split().items():
                    self._dicts[n] = words
                found = self._dicts.setdefault(length, {})
            self._dicts[length] = found
        return found

    def _split(self) -> dict[int, dict[str, int]]:
        by: dict[int, dict[str, int]] = {}
        for w, r in self._inner.items():
            if self._kept(w, r):
                by.setdefault(len(w), {})[w] = r
        return by

    def lengths(self) -> list[int]:
        """The inner lexicon's lengths: over a plain dict, found in one scan of its entries the first time (each
        iteration, ``len`` and ``items`` asks again; a scan of 150,000 entries is some 5 ms)."""
        if isinstance(self._inner, ByLength):
            return self._inner.lengths()
        if self._lengths is None:
            self._lengths = sorted({len(w) for w in self._inner})
        return list(self._lengths)

    def __getitem__(self, key: str) -> int:
        rank = self._inner[key]
        if not self._kept(key, rank):
            raise KeyError(key)
        return rank

    def __contains__(self, key: object) -> bool:
        return isinstance(key, str) and key in self._inner and self._kept(key, self._inner[key])

    def __iter__(self) -> Iterator[str]:
        for length in self.lengths():
            yield from self.of_length(length)

    def __len__(self) -> int:
        if self._total is None:
            self._total = sum(len(self.of_length(n)) for n in self.lengths())
        return self._total


class Lexicon:
    """A set of acceptable entries (fitting forms) with ranks, display forms and query indexes."""

    def __init__(self, ranks: Mapping[str, int] | Callable[[], Mapping[str, int]],
                 display: Mapping[str, str] | None = None, name: str = "", lang: Language = ENGLISH,
                 digest: str | None = None) -> None:
        """``ranks``: the entries' ranks, or a function reading them the first time they are needed; ``digest``: a
        digest of everything the entries are read from (``digest()`` computes one otherwise)."""
        self._digest = digest
        self._ranks: Mapping[str, int] | None = None if callable(ranks) else ranks
        self._read_ranks: Callable[[], Mapping[str, int]] | None = ranks if callable(ranks) else None
        self._display = display if display is not None else {}
        self.name = name
        self.language = lang
        """The language of the entries: their alphabet and how a word folds to its fitting form."""
        self._by_length: dict[int, list[str]] | None = None
        self._sorted: dict[int, list[str]] = {}
        self._index: dict[int, LengthIndex] = {}
        self._anagrams: AnagramIndex | None = None
        self._proposals: dict[int | None, Lexicon] = {}
        self._phrases: frozenset[str] | None = None
        self._wider: Lexicon | None = None
        self._fills: Lexicon | None = None
        self._cells: Lexicon | None = None
        self.shipped = False
        """A lexicon kitgen ships (not a ``--words`` list): its held-back entries and the language's proposals
        tier apply to what it proposes (docs/languages.md, "Proposals")."""

    @property
    def _rank(self) -> Mapping[str, int]:
        """The entries and their ranks (read now if they were given as a function)."""
        if self._ranks is None:
            assert self._read_ranks is not None
            self._ranks, self._read_ranks = self._read_ranks(), None
        return self._ranks

    # -- construction -------------------------------------------------------
    @classmethod
    def from_entries(cls, entries: Iterable[tuple[str, int]], name: str = "", lang: Language = ENGLISH) -> Lexicon:
        """Build from (display form, rank) pairs; the lowest rank of a fitting form wins. A language that writes its
        nouns with a capital (German) keeps each entry's capitals as written (a teacher's Vogel stays Vogel)."""
        ranks: dict[str, int] = {}
        display: dict[str, str] = {}
        normalize = lang.normalize
        for shown, rank in entries:
            key = normalize(shown)
            if not key:
                continue
            old = ranks.get(key)
            if old is None or rank < old:
                ranks[key] = rank
                if (shown if lang.capital_nouns else shown.lower()) != key.lower():
                    display[key] = shown
                else:
                    display.pop(key, None)
        return cls(ranks, display, name, lang)

    def proposals(self, all_words: bool = False, max_rank: int | None = None) -> Lexicon:
        """What kitgen may propose from this lexicon (deals, solutions, hints, fills, suggestions): every entry
        but the language's classroom-safe list (``kitgen.core.safe``); for a shipped lexicon, also without its
        held-back entries (``kitgen.core.held``: abbreviations, Roman numerals, fragments, names) and, in a
        language with a proposals tier (``Language.learner_rank``), without the entries rarer than it, or than
        ``max_rank`` when given. With ``all_words``, every entry.

        Verifiers use the lexicon itself: a real word a player wrote is accepted.
        """
        if all_words:
            return self
        cap = max_rank if max_rank is not None else self.language.learner_rank if self.shipped else None
        found = self._proposals.get(cap)
        if found is None:
            found = self._proposals[cap] = self._without(cap)
        return found

    def in_cells(self) -> Lexicon:
        """This lexicon in the alphabet of the language's grid puzzles (``kitgen.core.language.in_cells``: Dutch
        IJ in one cell, IJS is ĲS), or itself when that is the language's own. Made once; its proposals leave out
        the same words as this lexicon's."""
        from kitgen.core.language import in_cells

        cells = in_cells(self.language)
        if cells is self.language:
            return self
        if self._cells is None:
            self._cells = _joined(self, cells)
        return self._cells

    def _without(self, cap: int | None) -> Lexicon:
        from kitgen.core.safe import SafeList

        joined = self.language.joined
        left_out: frozenset[str] | dict[str, object] = SafeList.shipped(self.language).blocked
        if self.language.digraphs:
            left_out = frozenset(joined(w) for w in left_out)
        if self.shipped:
            from kitgen.core.held import held_back

            held = held_back(self.language.code)
            if held:
                left_out = dict.fromkeys(left_out, True) | {joined(w): kind for w, kind in held.items()}
        tier = [f"rank {cap}"] if cap is not None else []
        found = Lexicon(lambda: WithoutRanks(self._rank, left_out, cap), self._display, self.name, self.language,
                        _digest_of(["proposals", self.digest(), *tier, *sorted(left_out)]))
        found._proposals[cap] = found
        found.shipped = self.shipped
        if cap is not None and cap < WIDER_RANK:
            found._wider = self.proposals(max_rank=WIDER_RANK)
        return found

    def for_fills(self) -> Lexicon:
        """What a crossword fill proposes of these proposals: for a shipped lexicon without a learner tier, the
        entries of ``FILL_RANK`` and commoner (English's phrases no text counted left out); a ``--words`` list,
        or a learner tier (rank 60 and commoner already), whole. Made once."""
        if not self.shipped or self.language.learner_rank is not None:
            return self
        if self._fills is None:
            found = Lexicon(lambda: WithoutRanks(self._rank, frozenset(), FILL_RANK), self._display, self.name,
                            self.language, _digest_of(["fills", self.digest(), f"rank {FILL_RANK}"]))
            found.shipped = True
            found._fills = found
            found._proposals[None] = found
            self._fills = found
        return self._fills

    def wider(self) -> Lexicon | None:
        """The next tier of proposals, for a fill the learner tier cannot make: every entry running text holds
        and Greek's forms of common words (``WIDER_RANK``) but the classroom-safe list and held-back entries; None
        when this is no narrower."""
        return self._wider

    def not_proposed_because(self, word: str, translate: Callable[[str], str] = str) -> str | None:
        """Why kitgen does not propose an entry, in a teacher's words (None: it does, or it is no entry): in
        English, or through ``translate`` (a catalogue's gettext) in the reader's language."""
        key = self.language.normalize(word)
        rank = self._rank.get(key)
        if rank is None:
            return None
        from kitgen.core.safe import SafeList

        if SafeList.shipped(self.language).blocks(self.language.split(key)):
            return translate(N_("classroom-safe list"))
        if self.shipped:
            from kitgen.core.held import held_back

            kind = held_back(self.language.code).get(self.language.split(key))
            if kind is not None:
                return translate(kind.described)
            cap = self.language.learner_rank
            if cap is not None and rank > cap:
                return translate(N_("rarer than the words a learner may know (rank {cap} and commoner)")).format(
                    cap=cap)
        return None

    def digest(self) -> str:
        """A digest of the entries, their ranks and display forms and the language (SHA-256, hex): what an index
        made from the lexicon and kept on disk is keyed by. Shipped lexicons give the digest of their files;
        another (a ``--words`` list) is read through once."""
        if self._digest is None:
            display = self._display
            if isinstance(display, _LazyDisplay):
                display.load()
            self._digest = _digest_of([self.language.code, *(f"{w}\t{r}\t{display.get(w, '')}"
                                                             for w, r in sorted(self._rank.items()))])
        return self._digest

    # -- membership ---------------------------------------------------------
    def __len__(self) -> int:
        return len(self._rank)

    def __iter__(self) -> Iterator[str]:
        return iter(self._rank)

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and self.contains(word)

    def contains(self, word: str) -> bool:
        """Whether ``word`` (any case, spaces or accents) is acceptable."""
        plain = word.isupper() and word.isalpha() and word.isascii() and self.language.plain_ascii
        key = word if plain else self._key(word)
        return bool(key) and key in self._rank

    def _key(self, word: str) -> str:
        """The fitting form ``word`` is looked up by: its normal form, or itself when it is a fitting form whose
        digraph letters stay apart (SKIJAS, the cells of ski-jas, which ``normalize`` would join)."""
        key = self.language.normalize(word)
        if self.language.apart and key not in self._rank and word in self._rank:
            return word
        return key

    def items(self) -> ItemsView[str, int]:
        """Every (fitting form, rank) pair, in no particular order (one pass over the whole list)."""
        return self._rank.items()

    def phrases(self) -> frozenset[str]:
        """The entries shown with a space (TAKECOVER, shown ``take cover``): the phrases, not single words."""
        if self._phrases is None:
            shown = self._display
            if isinstance(shown, _LazyDisplay):
                shown.load()
            self._phrases = frozenset(key for key, text in shown.items() if " " in text)
        return self._phrases

    def rank(self, word: str) -> int | None:
        """Commonness rank (10 most common .. 70 rare; 80 a phrase no text counted), or ``None`` if not in the
        lexicon."""
        return self._rank.get(self._key(word))

    def display(self, word: str) -> str:
        """How an entry is shown: lower case, phrases with their spaces (``take cover``). A letter string the
        language writes two ways (Dutch zon, sun, and zo'n, such a) is shown as the plain word, unless ``word`` is
        written as the other spelling (``display("zo'n")`` is zo'n)."""
        key = self._key(word)
        shown = self._display.get(key, key.lower())
        if isinstance(self._display, _LazyDisplay) and word != key and word.lower() != shown.lower():
            for other in self._display.spellings.get(key, ()):
                if other.lower() == word.lower():
                    return other
        return shown

    # -- queries ------------------------------------------------------------
    def words(self, length: int | None = None) -> list[str]:
        """Every fitting form, or those of one length, sorted."""
        if length is None:
            return sorted(self._rank)
        return self._words_of(length)

    def _words_of(self, length: int) -> list[str]:
        """The sorted fitting forms of one length (for a lexicon kept by length, only that length is read)."""
        if self._by_length is None and isinstance(self._rank, ByLength):
            found = self._sorted.get(length)
            if found is None:
                found = self._sorted[length] = sorted(self._rank.of_length(length))
            return found
        return self._lengths().get(length, [])

    def _lengths(self) -> dict[int, list[str]]:
        if self._by_length is None and isinstance(self._rank, ByLength):
            self._by_length = {n: self._words_of(n) for n in self._rank.lengths() if self._words_of(n)}
        if self._by_length is None:
            by: dict[int, list[str]] = {}
            for w in sorted(self._rank):
                by.setdefault(len(w), []).append(w)
            self._by_length = by
        return self._by_length

    def index(self, length: int) -> LengthIndex:
        idx = self._index.get(length)
        if idx is None:
            idx = self._index[length] = LengthIndex(self._words_of(length), self.language)
        return idx

    def match(self, pattern: str) -> list[str]:
        """Fitting forms that fit ``pattern`` (``?`` or ``.`` an unknown letter), alphabetical.

        A known letter is one of the language's letters (``Ñ`` in Spanish); an accented letter folds as the
        language folds it, when that gives one letter (``é`` is ``E``).
        """
        known: list[tuple[int, int]] = []
        index = self.language.letter_index
        pattern = self.language.joined(pattern.upper()) if self.language.digraphs else pattern
        for p, ch in enumerate(pattern.upper()):
            if ch in "?.":
                continue
            k = index.get(ch)
            if k is None:
                k = index.get(self.language.normalize(ch), -1) if ch.isalpha() else -1
            if k < 0:
                raise BadPattern(pattern)
            known.append((p, k))
        if not pattern:
            raise BadPattern(pattern)
        return self.index(len(pattern)).query(known)

    def anagrams(self, letters: str, wild: int = 0, min_length: int = 2) -> list[str]:
        """Entries makeable from the multiset ``letters`` plus ``wild`` wild cards, longest first.

        Used for card hands (Sub Cards are wild). Each letter of the hand is
        used at most once; a wild card stands for any one letter.
        """
        hand = self.language.normalize(letters)
        if letters and not hand and letters.strip("?*"):
            raise BadPattern(letters)
        index = self.language.letter_index
        counts = [0] * len(index)
        for ch in hand:
            counts[index[ch]] += 1
        return self.anagram_index().query(counts, wild, min_length)

    def anagram_index(self) -> AnagramIndex:
        """The index ``anagrams`` reads (built on first use, unless one kept on disk was given: ``use``)."""
        if self._anagrams is None:
            from kitgen.core.i18n import _

            check_index_budget(self, _("the word list is too large for the anagram index: {letters} letters in its "
                                       "words (the index build's work budget is {budget} letters)"))
            self._anagrams = AnagramIndex.build(self.language.letters, self._rank)
        return self._anagrams

    def has_anagram_index(self) -> bool:
        """Whether the anagram index is made (or was given) already."""
        return self._anagrams is not None

    def use_anagram_index(self, index: AnagramIndex) -> None:
        """Answer ``anagrams`` from ``index``, made for this lexicon (read back from disk by the caller)."""
        self._anagrams = index

def _joined(lexicon: Lexicon, cells: Language) -> Lexicon:
    """``lexicon`` with its fitting forms in ``cells``'s alphabet (``Language.joined``: IJS is ĲS), each shown as
    before (ijs). An entry written with a hyphen, space or apostrophe is fitted from its written form, so a
    digraph does not span them (ski-jas is SKIJAS, as ``Language.normalize`` fits it)."""
    shown = lexicon._display

    def written_apart() -> dict[str, str]:
        """The entries shown with a hyphen, space or apostrophe inside a digraph's letters, fitted as written."""
        if isinstance(shown, _LazyDisplay):
            shown.load()
        pairs = tuple(pair for pair, _ in cells.digraphs)
        return {w: fitted for w, text in shown.items() if any(p in w for p in pairs) and not DROPPED.isdisjoint(text)
                and (fitted := cells.normalize(text)) != cells.joined(w)}

    apart: list[dict[str, str]] = []

    def key(word: str) -> str:
        if not apart:
            apart.append(written_apart())
        return apart[0].get(word) or cells.joined(word)

    def ranks() -> dict[str, int]:
        key("")
        joined = cells.joined
        out = {joined(w): r for w, r in lexicon.items()}
        for w, fitted in apart[0].items():   # a few dozen written apart (ski-jas)
            rank = out.pop(joined(w), None)
            if rank is not None:
                out[fitted] = min(rank, out.get(fitted, rank))
        return out

    def display() -> str:
        if isinstance(shown, _LazyDisplay):
            shown.load()
        lines = [f"{key(w)}\t{text}" for w, text in shown.items()]
        lines += [f"{cell}\t{w.lower()}" for w in lexicon if (cell := key(w)) != w and w not in shown]
        return "\n".join(lines)

    made = Lexicon(ranks, _LazyDisplay(display), lexicon.name, cells,
                   _digest_of(["cells", lexicon.digest(), *(a + "|" + b for a, b in cells.apart)]))
    made.shipped = lexicon.shipped
    return made


# -- loading -----------------------------------------------------------------

def _digest_of(parts: Iterable[str | bytes]) -> str:
    """SHA-256 (hex) of ``parts``, each followed by a NUL."""
    import hashlib

    digest = hashlib.sha256()
    for part in parts:
        digest.update(part if isinstance(part, bytes) else part.encode("utf-8"))
        digest.update(b"\0")
    return digest.hexdigest()


def parse_default(text: str, name: str = "default (SCOWL + WordNet phrases)", lang: Language = ENGLISH) -> Lexicon:
    """Parse the shipped format (see ``scripts/build_lexicon.py`` and ``scripts/build_lexicons.py``).

    ``#`` header lines, then ``@RANK`` sections of fitting forms one a line,
    then ``@display`` lines ``FITTING<TAB>shown``. Sections are taken whole
    (``dict.fromkeys``) so a cold load stays well under 150 ms.
    """
    cut = text.find("\n@display\n")
    ranked, display_text = (text, "") if cut < 0 else (text[:cut], text[cut + len("\n@display\n"):])

    def ranks() -> dict[str, int]:
        """The ranks, read the first time an entry is looked at (a solver whose index is kept on disk needs
        only the lexicon's digest)."""
        found: dict[str, int] = {}
        for chunk in ranked.split("\n@")[1:]:
            head, _, body = chunk.partition("\n")
            found.update(dict.fromkeys(body.split(), int(head)))
        return found

    return Lexicon(ranks, _LazyDisplay(display_text), name=name, lang=lang,
                   digest=_digest_of(["default", lang.code, text]))


class _LazyDisplay(dict[str, str]):
    """The ``@display`` section, parsed on first use (most commands never show a phrase); given as its text or
    a function reading it."""

    def __init__(self, text: str | Callable[[], str]) -> None:
        super().__init__()
        self._text: str | Callable[[], str] | None = text
        self.spellings: dict[str, tuple[str, ...]] = {}
        """A fitting form's other spellings, after its shown form on its line (``ZON<TAB>zon<TAB>zo'n``)."""

    def load(self) -> None:
        """Parse the section now (once)."""
        if self._text is not None:
            text, self._text = self._text, None
            if callable(text):
                text = text()
            for line in text.splitlines():
                key, _, shown = line.partition("\t")
                if "\t" in shown:
                    shown, *others = shown.split("\t")
                    self.spellings[key] = tuple(others)
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
        self.load()
        return super().get(key, default)


@cache
def default_lexicon() -> Lexicon:
    """The shipped English lexicon, loaded once per process."""
    lexicon = parse_default(data_path("lexicon.txt").read_text(encoding="utf-8"))
    lexicon.shipped = True
    return lexicon


LEXICON_FILES = "lexicon-{code}.txt.gz"
"""The shipped lexicon of a language other than English, in ``kitgen/data`` (gzip: it decompresses fast)."""
DISPLAY_FILES = "lexicon-{code}-display.txt.gz"
"""How its entries are shown (``GARCON<TAB>garçon``), read the first time an entry is shown."""


def language_lexicon(code: str | Language | None = None) -> Lexicon:
    """The shipped lexicon of a language (docs/languages.md), loaded once per process; English is
    ``default_lexicon()``."""
    lang = language(code)
    return default_lexicon() if lang is ENGLISH else _shipped(lang.code)


@cache
def _shipped(code: str) -> Lexicon:
    lang = language(code)
    packed = data_path(LEXICON_FILES.format(code=code)).read_bytes()
    display = DISPLAY_FILES.format(code=code)
    import gzip

    made = parse_by_length(gzip.decompress(packed).decode("utf-8"), lambda: _gunzip(display),
                           name=f"bundled {lang.code} ({lang.name})", lang=lang)
    made._digest = _digest_of(["shipped", lang.code, packed, data_path(display).read_bytes()])
    made.shipped = True
    return made


def _gunzip(name: str) -> str:
    import gzip

    return gzip.decompress(data_path(name).read_bytes()).decode("utf-8")


def parse_by_length(text: str, display: str | Callable[[], str], name: str, lang: Language) -> Lexicon:
    """Parse a language lexicon (see ``scripts/build_lexicons.py``): ``#`` header lines, then sections
    ``@LENGTH RANK COUNT`` each followed by its COUNT fitting forms, one a line. Sections stay text until a word
    of their length is asked about (``LengthRanks``)."""
    sections: dict[int, list[tuple[int, str]]] = {}
    total = 0
    for chunk in text.split("\n@")[1:]:
        head, _, body = chunk.partition("\n")
        length, rank, count = (int(part) for part in head.split())
        sections.setdefault(length, []).append((rank, body))
        total += count
    return Lexicon(LengthRanks(sections, total), _LazyDisplay(display), name=name, lang=lang)


def load_word_list(path: str | Path, lang: Language = ENGLISH) -> Lexicon:
    """A ``--words`` list: one word or phrase a line, ``#`` comments; replaces the default.

    Words fold as ``lang`` folds them (with ``--lang es`` a Ñ stays a Ñ). A line that is not a word
    (digits, symbols) is an ``InputError`` naming the line. A *scored* list (``WORD;SCORE``, as Crosshare,
    Crossword Nexus and the Spread the Wordlist write them; a higher score is a better word) keeps its order:
    scores map onto the lexicon's rank scale (see ``scored_ranks``), so the fill prefers the words the list's
    maker scored highest. Without scores every word ranks ``DEFAULT_RANK`` (all equally common).
    """
    from kitgen.core.text import TextSource

    source = TextSource.from_path(path)
    read: list[tuple[str, int | None]] = []
    for line in source.content_lines():
        shown, score = _word_line(line.text, lang, line.error, line.indent)
        read.append((shown, score))
    if not read:
        raise source.error(gettext("the word list is empty"))
    ranks = scored_ranks([score for _, score in read])
    return Lexicon.from_entries(((shown, rank) for (shown, _), rank in zip(read, ranks, strict=True)),
                                name=str(path), lang=lang)


def _word_line(text: str, lang: Language, error: Callable[[str, int], InputError],
               indent: int) -> tuple[str, int | None]:
    """One line of a word list: the word as written, and its score when the line is ``WORD;SCORE``."""
    body, semicolon, tail = text.rpartition(";") if ";" in text else (text, "", "")
    shown = body.strip()
    if not lang.normalize(shown):
        raise error(gettext("{word} is not a word (letters, spaces, hyphens and apostrophes only)").format(
            word=typed(shown)), indent + 1)
    if not semicolon:
        return shown, None
    if not re.fullmatch(r"\s*-?\d{1,9}\s*", tail):
        raise error(gettext("{score} is not a score (a whole number after the ';')").format(score=typed(tail.strip())),
                    len(text) - len(tail) + 1)
    return shown, int(tail)


def scored_ranks(scores: list[int | None]) -> list[int]:
    """Ranks for a word list's scores: the best score ranks 10 (most common), the worst 80 (rarest), linearly
    between; a word with no score in a scored list ranks 80 too. A list with no scores ranks every word
    ``DEFAULT_RANK``."""
    given = [score for score in scores if score is not None]
    if not given:
        return [DEFAULT_RANK] * len(scores)
    best, worst = max(given), min(given)
    span = best - worst or 1
    return [80 if score is None else 10 + round(70 * (best - score) / span) for score in scores]


def get_lexicon(words: str | Path | None = None, lang: str | Language | None = None) -> Lexicon:
    """The lexicon every command uses: ``--words FILE`` if given (read in ``--lang``'s alphabet), else the
    shipped lexicon of ``--lang`` (English by default)."""
    chosen = language(lang)
    return load_word_list(words, chosen) if words else language_lexicon(chosen)
