"""The autofill's word index kept on disk (issue 31): built once per lexicon and kitgen version, then read back.

Building the ranked index of a word length (``rules.fill.RankedIndex``: the words commonest first and a bitset per
position and letter) is most of a short fill's time on the command line: a British 15x15 needs six or seven
lengths, about a quarter of a second, against some milliseconds of search. Each length's index is kept as its own
entry of the index cache (``kitgen.io.index_cache``: the user cache directory's ``kitgen/indexes``, or
``$KITGEN_CACHE_DIR/indexes``; ``KITGEN_CACHE_DIR=off`` turns it off): JSON, never pickle, with the SHA-256 of
its key and payload in its header, keyed by kitgen's version, the fill module's source, the lexicon's content
digest, its language and the length, and checked as it is read back (``RankedIndex.from_json``); anything amiss
and the index is built again.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from kitgen.core import lexicon as lexicon_module
from kitgen.core.lexicon import Lexicon
from kitgen.games.crossword.rules import fill as fill_module
from kitgen.games.crossword.rules.fill import FillIndex, RankedIndex
from kitgen.io.index_cache import cached_index, index_key


@cache
def _sources() -> tuple[str, ...]:
    return str(fill_module.__file__), str(lexicon_module.__file__)


def fill_index(lexicon: Lexicon) -> FillIndex:
    """A ``FillIndex`` of ``lexicon`` whose lengths are read from the cache when kept there (built and stored
    when not)."""
    digest, language, alphabet = lexicon.digest(), lexicon.language.code, lexicon.language.letters

    def load(length: int, build: Callable[[], RankedIndex]) -> RankedIndex:
        key = index_key("fill", _sources(), (digest, language, alphabet, str(length)))
        return cached_index(key, build, RankedIndex.to_json,
                            lambda data: RankedIndex.from_json(data, length, alphabet))

    return FillIndex(lexicon, load)


__all__ = ["fill_index"]
