"""The lexicon's words as the two solitaires' solvers see them, read in one pass (docs/game-of-words.md, "Word
Solitaire solver" and "Letter Patience solver").

Both solvers work on *anagram classes*: words with the same letters (their *signature*, the letters sorted) are one
class, shown by its most common word. Word Solitaire leaves plurals out (rule 3, rulings 5 and 9) and keeps every
class of two or more letters; Letter Patience keeps plurals and words of four to ten letters. ``WordTable`` holds,
for every signature of a single-word entry, the most common word (rank, then alphabet) and the most common word
that is not a plural: each solver's index is a filter of it, so the lexicon is scanned once and ``plurals_of``
computed once, however many indexes a run builds (Word Solitaire's whole-lexicon and common-words indexes, Letter
Patience's). It is plain data (``to_json``/``from_json``), so it can be kept on disk.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from kitgen.core.i18n import _
from kitgen.core.lexicon import INDEX_LETTERS, Lexicon, check_index_budget
from kitgen.games.game_of_words.rules.common import plurals_of

MAX_INDEX_LETTERS = INDEX_LETTERS
"""The work budget of a solver index built from a ``--words`` list: the letters of its words (issue 33). A 2 MB
list (the most kitgen reads) of 200-letter words took minutes; a million letters (100,000 words of ten) is built
in a few seconds. The shipped lexicons are not counted: their indexes are measured and kept on disk."""

NO_WORD = ""
"""A class with no word of the kind (every word of it a plural)."""


def check_budget(lexicon: Lexicon) -> None:
    """Refuse, before any work, a word list whose index would take more than ``MAX_INDEX_LETTERS`` letters."""
    check_index_budget(lexicon, _("the word list is too large for a solver's index: {letters} letters in its words "
                                  "(the index build's work budget is {budget} letters)"), MAX_INDEX_LETTERS)


@dataclass(frozen=True)
class WordClass:
    """One signature's words: the most common word and its rank, and the most common non-plural and its rank
    (``NO_WORD`` and 0 when every word of the class is a plural)."""

    sig: str
    word: str
    rank: int
    plain: str
    plain_rank: int


@dataclass(frozen=True)
class WordTable:
    """Every anagram class of the lexicon's single-word entries of two or more letters, by signature (sorted)."""

    sigs: tuple[str, ...]
    words: tuple[str, ...]
    ranks: tuple[int, ...]
    plain: tuple[str, ...]
    plain_ranks: tuple[int, ...]

    @classmethod
    def build(cls, lexicon: Lexicon, min_length: int = 2, *, plurals: bool = True) -> WordTable:
        """One pass over ``lexicon``: phrases left out, plurals marked (``plurals_of``, once). A word list past
        the index's work budget (``MAX_INDEX_LETTERS``) is an ``InputError`` naming the list and the budget.

        ``plurals=False`` marks none, as in a language with no word-forms data: every class's plain word is its
        word. For Letter Patience, which keeps plurals and reads only the signatures and words: looking for the
        plurals among English's 154,000 entries is some 0.1 s of its index's 1.5 s."""
        check_budget(lexicon)
        marked = plurals_of(lexicon) if plurals else frozenset()
        phrases = lexicon.phrases()
        best: dict[str, tuple[int, str]] = {}
        plain: dict[str, tuple[int, str]] = {}
        join = "".join
        for w, rank in lexicon.items():
            if len(w) < min_length or w in phrases:
                continue
            sig = join(sorted(w))
            mark = (rank or 0, w)
            if mark < best.setdefault(sig, mark):  # most classes have one word: set at once, compared with itself
                best[sig] = mark
            if w not in marked and mark < plain.setdefault(sig, mark):
                plain[sig] = mark
        if not best:
            return cls((), (), (), (), ())
        sigs = sorted(best)
        ranks, words = zip(*map(best.__getitem__, sigs), strict=True)
        none = (0, NO_WORD)
        plain_ranks, plain_words = zip(*[plain.get(s, none) for s in sigs], strict=True)
        return cls(tuple(sigs), words, ranks, plain_words, plain_ranks)

    def __iter__(self) -> Iterator[WordClass]:
        return map(WordClass, self.sigs, self.words, self.ranks, self.plain, self.plain_ranks)

    def __len__(self) -> int:
        return len(self.sigs)

    def to_json(self) -> dict[str, Any]:
        return {"sigs": list(self.sigs), "words": list(self.words), "ranks": list(self.ranks),
                "plain": list(self.plain), "plain_ranks": list(self.plain_ranks)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> WordTable:
        """The table ``to_json`` wrote; ``ValueError`` if it is not one (the caller builds it again)."""
        fields = [data.get(name) for name in ("sigs", "words", "ranks", "plain", "plain_ranks")]
        if not all(isinstance(f, list) and len(f) == len(fields[0] or ()) for f in fields):
            raise ValueError("not a word table")
        sigs, words, ranks, plain, plain_ranks = (tuple(f or ()) for f in fields)
        if not all(type(s) is str for s in sigs + words + plain) or not all(type(r) is int for r in
                                                                           ranks + plain_ranks):
            raise ValueError("not a word table")
        return cls(sigs, words, ranks, plain, plain_ranks)
