#!/usr/bin/env python3
"""Write kitgen/data/wordsearch-pools.txt: the default Make a Wordsearch book's word pools (issue 32, the warm kit).

A deal of the default book draws from the bundled lexicon's common words, by length, with their weights
(``kitgen.games.wordsearch.rules.book.pools``). Building them reads the whole lexicon and sorts 3,500 words,
about 0.1 s of every kit; the file keeps them, and a deal reads it instead. ``tests/games/wordsearch/test_book.py``
checks the file is what this script writes from the lexicon and the book lists as they are.

Run: ``python scripts/build_wordsearch_pools.py`` (after changing kitgen/data/lexicon.txt or wordsearch-book.txt).
"""

from __future__ import annotations

from kitgen.core.lexicon import default_lexicon
from kitgen.core.resources import data_path
from kitgen.games.wordsearch.rules.book import POOLS_DATA, pool_lines, pools

if __name__ == "__main__":
    path = data_path(POOLS_DATA)
    path.write_text(pool_lines(pools(default_lexicon())), encoding="utf-8")
    print(f"wrote {path}")
