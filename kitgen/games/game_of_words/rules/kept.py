"""The solitaire solvers a process keeps (docs/web.md, "Safety and load"): build once, decide many deals.

Building a Word Solitaire ``Solver`` (its anagram-class indexes over the whole lexicon) takes about 2 s of CPU and
a Letter Patience index about 1 s, while deciding one deal takes milliseconds. A long-lived process (a web
server's worker, answering solves, hints and "next winnable deal" one request after another) keeps the last
``KEPT`` it built, keyed by the lexicon object (the shipped lexicons are loaded once a process, so the same
language and word list is the same object) and the deck: the second request for a deal answers in milliseconds.
A solver decides a deal the same whatever it decided before (``RangeWorker`` relies on this too), so a kept one
gives the answer a fresh one would.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

from kitgen.core.lexicon import Lexicon
from kitgen.games.game_of_words.rules.deck import Deck
from kitgen.games.game_of_words.rules.patience_solver import PatienceRangeWorker
from kitgen.games.game_of_words.rules.word_solitaire import Solver

KEPT = 4
"""Solvers of each kind kept (a few languages or decks at once; a word list of one's own is one more)."""

T = TypeVar("T")


class Kept(Generic[T]):
    """The last ``KEPT`` things built, by key, each with the lexicon it was built on held (so the object whose
    ``id`` is in the key stays alive, and the id cannot be reused by another lexicon while it is kept)."""

    def __init__(self) -> None:
        self.made: OrderedDict[tuple[int, Hashable], tuple[Lexicon, T]] = OrderedDict()
        self.lock = threading.RLock()
        """One build at a time: a job asking while a warming thread builds the same solver waits for it."""

    def get_or_build(self, lexicon: Lexicon, key: Hashable, build: Callable[[], T]) -> T:
        full = (id(lexicon), key)
        with self.lock:
            if full in self.made:
                self.made.move_to_end(full)
                return self.made[full][1]
            made = build()
            self.made[full] = (lexicon, made)
            while len(self.made) > KEPT:
                self.made.popitem(last=False)
            return made


_WORD: Kept[Solver] = Kept()
_PATIENCE: Kept[PatienceRangeWorker] = Kept()


def word_solver(lexicon: Lexicon, letters: str, build: Callable[[], Solver] | None = None) -> Solver:
    """The Word Solitaire solver for ``lexicon`` (the proposals: what a solution may use) and a deck's letters;
    ``build`` makes it when it is not kept (its indexes read from disk: formats/solvers.py)."""
    return _WORD.get_or_build(lexicon, letters, build or (lambda: Solver(lexicon, letters)))


def patience_worker(lexicon: Lexicon, deck: Deck, build: Callable[[], PatienceRangeWorker] | None = None
                    ) -> PatienceRangeWorker:
    """The Letter Patience solver (its index) for ``lexicon`` and ``deck``; ``build`` makes it when not kept."""
    return _PATIENCE.get_or_build(lexicon, deck, build or (lambda: PatienceRangeWorker(lexicon, deck)))


def forget() -> None:
    """Drop every kept solver (tests, and a process that wants its memory back)."""
    _WORD.made.clear()
    _PATIENCE.made.clear()


def built() -> int:
    """How many solvers this process keeps (a warmed web worker keeps two: kitgen.web.jobs.warm)."""
    return len(_WORD.made) + len(_PATIENCE.made)
