"""The "book" of Make a Wordsearch: the 25 words a game is played with.

Seed (``make-a-wordsearch.txt``, "Each turn"): each turn opens the book at the
next page spread and takes its top-left word. docs/wordsearch.md ruling 6: the book is
a seeded word stream, from a bundled corpus by default, or any text read in
order (``--book FILE``).

Default stream (deal N): for each of the 25 turns, SplitMix64 seeded with N
on the stream ``"wordsearch"`` (``kitgen.core.random.SeededRandom``) draws

1. a word length from the lengths of words in running English text
   (``LENGTH_WEIGHTS``: Norvig, "English Letter Frequency Counts: Mayzner
   Revisited", 2012, from the Google Books corpus), then
2. a word of that length: for 1 and 2 letters, one of the everyday short
   words (``SHORT_WORDS``: a, I, of, to, in, is ...); for 3 letters or more,
   one of the lexicon's most common words (SCOWL level 10, ``RANK_WEIGHTS``)
   that a 10-year-old could read aloud from a book: the jargon, formal words
   and odd forms of level 10 listed under ``@never`` in
   ``kitgen/data/wordsearch-book.txt`` never come up. The words that fill a
   real book's pages (``@core``: Fry's first 100 instant words, THE, AND,
   WAS, SAID ...) are drawn ``CORE_WEIGHT`` times as often as the others.
   Candidates are taken in alphabetical order.

The same deal number gives the same 25 words forever (the word list is the
bundled one, whatever ``--words`` says about scoring).

Other languages (``--lang``, docs/languages.md): the book of language XX is
``kitgen/data/book-XX.txt.gz``, every word of running text that the
language's frequency list holds (``wordfreq``'s whole list, at build time, not
cut at its top 5,000), that is an entry of the lexicon and that kitgen
proposes (no abbreviation, numeral, fragment or name), with its frequency. Each turn draws one of
them with its frequency as weight, SplitMix64 seeded with N on the stream
``"wordsearch-XX-3"``: the top-left word of a random page is a random word of
running text, so short common words (de, la, que) come up as often as in a
real book, but never on two turns running (a word equal to the previous
turn's is drawn again). Words of the classroom-safe block set are never
dealt. Words are given as the book writes them (garçon, Haus).

A book file (``--book FILE``) is read by ``kitgen.games.wordsearch.formats.book``.
"""

from __future__ import annotations

import functools
import gzip
from typing import TYPE_CHECKING

from kitgen.core.random import SeededRandom, check_seed

if TYPE_CHECKING:
    from collections.abc import Callable

    from kitgen.core.language import Language
    from kitgen.core.lexicon import Lexicon

TURNS = 25

LENGTH_WEIGHTS: dict[int, float] = {
    1: 2.998, 2: 17.651, 3: 20.511, 4: 14.787, 5: 10.700, 6: 8.388, 7: 7.939, 8: 5.943, 9: 4.437,
    10: 3.076, 11: 1.761, 12: 0.958, 13: 0.518, 14: 0.222, 15: 0.076,
}
"""Percentage of running-text words of each length (Norvig 2012, Google Books)."""

RANK_WEIGHTS: dict[int, int] = {10: 1}
"""Weight of a word by its commonness rank (SCOWL level); words above level 10 never come up.

Level 20 was dealt once (DEITY, LIABILITY, INCUR, INITIALIZE, INDEFENSIBLE): not what a player finds at the
top of a page."""

CORE_WEIGHT = 4
"""How many times as often a ``@core`` word (THE, AND, SAID ...) is drawn as another common word."""

BOOK_DATA = "wordsearch-book.txt"
"""The ``@core`` and ``@never`` word lists of the default book, in ``kitgen/data``."""

SHORT_WORDS: tuple[str, ...] = (
    "A", "I",
    "AM", "AN", "AS", "AT", "BE", "BY", "DO", "GO", "HE", "IF", "IN", "IS", "IT", "ME", "MY", "NO", "OF", "ON",
    "OR", "SO", "TO", "UP", "US", "WE",
)
"""The 1- and 2-letter words of the default book (the lexicon's short entries include letters and
abbreviations, which a book's top-left word would almost never be). Equally likely."""

STREAM = "wordsearch"
"""The SplitMix64 stream name of the default book."""



@functools.cache
def book_lists() -> tuple[frozenset[str], frozenset[str]]:
    """The default book's ``@core`` and ``@never`` words (upper case), read once from ``BOOK_DATA``."""
    from kitgen.core.resources import data_path

    sections: dict[str, set[str]] = {"core": set(), "never": set()}
    current: set[str] | None = None
    for raw in data_path(BOOK_DATA).read_text(encoding="utf-8").splitlines():
        line = raw.split("#", 1)[0].strip()
        if line.startswith("@"):
            current = sections[line[1:]]
        elif line and current is not None:
            current.update(w.upper() for w in line.split())
    return frozenset(sections["core"]), frozenset(sections["never"])


Pool = tuple[list[str], list[float]]
"""The dealable words of one length, in order, and their cumulative weights."""


def _dealable(lexicon: Lexicon) -> dict[int, list[str]]:
    """Per length (3+), the words whose rank is dealt at all (one pass over the list)."""
    weighted: dict[int, list[str]] = {}
    for w, rank in lexicon.items():
        if len(w) > 2 and len(w) in LENGTH_WEIGHTS and RANK_WEIGHTS.get(rank or 0, 0):
            weighted.setdefault(len(w), []).append(w)
    return weighted


def _pool(lexicon: Lexicon, length: int, candidates: list[str]) -> Pool:
    core, never = book_lists()
    short = length <= 2
    words: list[str] = []
    cumulative: list[float] = []
    total = 0.0
    for w in sorted(candidates):
        if w in never or not lexicon.display(w).isalpha():
            continue
        weight = 1 if short else RANK_WEIGHTS[lexicon.rank(w) or 0]
        total += weight * (CORE_WEIGHT if w in core else 1)
        words.append(w)
        cumulative.append(total)
    return words, cumulative


@functools.lru_cache(maxsize=4)
def pools(lexicon: Lexicon) -> dict[int, Pool]:
    """Per word length, the dealable words and their cumulative weights (built once for a recent lexicon)."""
    weighted = _dealable(lexicon)
    out: dict[int, Pool] = {}
    for length in LENGTH_WEIGHTS:
        candidates = [x for x in SHORT_WORDS if len(x) == length] if length <= 2 else weighted.get(length, [])
        words, cumulative = _pool(lexicon, length, candidates)
        if words:
            out[length] = (words, cumulative)
    return out


POOLS_DATA = "wordsearch-pools.txt"
"""The default book's pools (``pools`` of the bundled lexicon) as ``pool_lines`` writes them, in ``kitgen/data``:
a deal reads them instead of reading the lexicon and sorting its 3,500 common words (~0.1 s of a warm kit, issue
32). ``scripts/build_wordsearch_pools.py`` writes the file; a test checks it is what the lexicon gives."""


def pool_lines(by_length: dict[int, Pool]) -> str:
    """Pools as text: ``WORD WEIGHT`` a line, each pool's words in order, the pools in ``by_length``'s order."""
    lines: list[str] = []
    for words, cumulative in by_length.values():
        lines.extend(f"{w} {int(c - before)}" for w, c, before in zip(words, cumulative, [0.0, *cumulative],
                                                                      strict=False))
    return "\n".join(lines) + "\n"


@functools.cache
def shipped_pools() -> dict[int, Pool]:
    """The pools of the bundled lexicon, read from ``POOLS_DATA`` (the same words and weights as ``pools``)."""
    from kitgen.core.resources import data_path

    out: dict[int, Pool] = {}
    for line in data_path(POOLS_DATA).read_text(encoding="utf-8").splitlines():
        word, _, weight = line.partition(" ")
        words, cumulative = out.setdefault(len(word), ([], []))
        cumulative.append((cumulative[-1] if cumulative else 0.0) + int(weight))
        words.append(word)
    return out


def deal_words(seed: int, lexicon: Lexicon | None = None, turns: int = TURNS) -> list[str]:
    """The words of deal ``seed`` from the default book (upper-case fitting forms), one a turn.

    ``lexicon`` defaults to the bundled one (its pools read from ``POOLS_DATA``); tests pass a small ``Lexicon``.
    """
    check_seed(seed)
    by_length = shipped_pools() if lexicon is None else pools(lexicon)
    if not by_length:
        raise ValueError("the lexicon has no common words to deal from")
    lengths = sorted(by_length)
    cumulative: list[float] = []
    total = 0.0
    for n in lengths:
        total += LENGTH_WEIGHTS[n]
        cumulative.append(total)
    rng = SeededRandom(seed, STREAM)
    out = []
    for _ in range(turns):
        words, weights = by_length[lengths[rng.weighted_index(cumulative)]]
        out.append(words[rng.weighted_index(weights)])
    return out


BOOK_FILES = "book-{code}.txt.gz"
"""The book of a language other than English, in ``kitgen/data``: ``word<TAB>weight`` lines, gzip-compressed."""


@functools.cache
def language_book(code: str) -> tuple[tuple[str, ...], tuple[float, ...]]:
    """The words of a language's book, as written, and their cumulative weights (read once). The book is read
    whole: a word kitgen does not deal (``dealt_again``) keeps its place and its weight, so it is drawn again
    rather than taken out, and taking it out does not change every other deal."""
    from kitgen.core.resources import data_path

    words: list[str] = []
    cumulative: list[float] = []
    total = 0.0
    text = gzip.decompress(data_path(BOOK_FILES.format(code=code)).read_bytes()).decode("utf-8")
    for line in text.split("\n"):
        if not line or line.startswith("#"):
            continue
        word, _, weight = line.partition("\t")
        total += int(weight)
        words.append(word)
        cumulative.append(total)
    return tuple(words), tuple(cumulative)


def polytonic(word: str) -> bool:
    """Whether ``word`` is written in polytonic Greek: a letter of Unicode's Greek Extended block (U+1F00-U+1FFF),
    the spelling of ancient Greek quoted in running text (γὰρ, ἐστι, τὰς, ὁ). Modern Greek has been written
    monotonic since 1982 and the lexicon holds no such spelling (docs/languages.md, "Greek")."""
    return any("\u1f00" <= ch <= "\u1fff" for ch in word)


def dealt_again(lang: Language) -> Callable[[str], bool]:
    """Whether a word of the language's book is one kitgen does not deal, and so is drawn again: a word of the
    classroom-safe block set, a word held back from proposals (an abbreviation such as Spanish *etc* or Dutch *okt*,
    a word the language's dictionary does not list), both of which the books shipped before those lists still
    hold, or a polytonic spelling (Greek γὰρ, which folds to the entry ΓΑΡ but is not how kitgen writes it)."""
    from kitgen.core.held import held_back
    from kitgen.core.safe import SafeList

    held, safe, normalize = held_back(lang.code), SafeList.shipped(lang.code), lang.normalize

    def again(word: str) -> bool:
        fitting = normalize(word)
        return fitting in held or safe.blocks(fitting) or polytonic(word)

    return again


BOOK_STREAM = STREAM + "-{code}-3"
"""The SplitMix64 stream of a language's book: the third one (the first, ``wordsearch-XX``, could deal a word
on consecutive turns, "die" three turns running in German deal 1; the second drew from the book's top 5,000
words only; docs/wordsearch.md ruling 6)."""


def book_deal(seed: int, lang: Language, turns: int = TURNS) -> list[str]:
    """The words of deal ``seed`` in ``lang``: English's default book (``deal_words``, unchanged), or the
    language's book drawn by running-text frequency on the stream ``wordsearch-XX-3``, a word equal to the
    previous turn's drawn again, so no word comes up on two turns running; a word kitgen does not deal
    (``dealt_again``: blocked, held back or polytonic) is drawn again too, so a word that leaves what kitgen
    proposes changes only the deals that drew it, from that turn on (docs/languages.md, "Books are not
    rebuilt")."""
    check_seed(seed)
    if lang.code == "en":
        return deal_words(seed, turns=turns)
    words, cumulative = language_book(lang.code)
    again = dealt_again(lang)
    rng = SeededRandom(seed, BOOK_STREAM.format(code=lang.code))
    out: list[str] = []
    for _ in range(turns):
        word = words[rng.weighted_index(cumulative)]
        while (out and word == out[-1]) or again(word):
            word = words[rng.weighted_index(cumulative)]
        out.append(word)
    return out
