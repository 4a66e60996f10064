"""The solitaires' solvers with their indexes kept on disk (docs/game-of-words.md, "Solver indexes"): built once
per lexicon, deck and kitgen version, then read back (``kitgen.io.index_cache``), by the CLI, the web app's workers
and Dask workers alike.

Both solitaires' indexes are filtered from one ``WordTable`` (one pass over the lexicon, the plurals found once),
made at most once a process for a lexicon, and only when an index is not kept already.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from kitgen.core import lexicon as lexicon_module
from kitgen.core import morphology, multiset
from kitgen.core.lexicon import Lexicon
from kitgen.core.resources import data_path
from kitgen.games.game_of_words.rules import common, kept, patience_solver, word_solitaire, word_table
from kitgen.games.game_of_words.rules.deck import Deck
from kitgen.games.game_of_words.rules.patience_solver import PatienceIndex, PatienceRangeWorker
from kitgen.games.game_of_words.rules.word_solitaire import COMMON_RANK, Solver, SolverIndexes
from kitgen.games.game_of_words.rules.word_table import WordTable
from kitgen.io.index_cache import cached_index, index_key


class _Tables:
    """The word tables made in this process, by lexicon digest (a table is made only when an index is not kept)."""

    def __init__(self) -> None:
        self._made: dict[str, WordTable] = {}

    def of(self, lexicon: Lexicon) -> WordTable:
        digest = lexicon.digest()
        table = self._made.get(digest)
        if table is None:
            table = self._made[digest] = WordTable.build(lexicon)
        return table

    def clear(self) -> None:
        """Forget them (a test that counts the tables made)."""
        self._made.clear()


_TABLES = _Tables()


@cache
def _sources() -> tuple[str, ...]:
    """The files an index is made from besides the lexicon: the modules that build it and the word-forms data."""
    modules = (word_table, word_solitaire, patience_solver, common, multiset, morphology, lexicon_module)
    return (*(str(m.__file__) for m in modules), str(data_path(morphology.FILE)))


def word_table_of(lexicon: Lexicon) -> WordTable:
    """The lexicon's ``WordTable``, made once a process."""
    return _TABLES.of(lexicon)


def _kept(kind: str, lexicon: Lexicon, options: tuple[str, ...], build: Callable[[], Any],
          to_json: Callable[[Any], Any], from_json: Callable[[Any], Any]) -> Any:
    key = index_key(kind, _sources(), (lexicon.digest(), lexicon.language.code, *options))
    return cached_index(key, build, to_json, from_json)


def word_solitaire_indexes(lexicon: Lexicon, deck_letters: str, common_rank: int | None = COMMON_RANK) -> SolverIndexes:
    """The Word Solitaire solver's indexes for ``lexicon`` and a deck's letters, kept on disk."""
    indexes: SolverIndexes = _kept(
        "word-solitaire", lexicon, ("".join(sorted(deck_letters)), str(common_rank)),
        lambda: SolverIndexes.build(lexicon, deck_letters, common_rank, word_table_of(lexicon)),
        SolverIndexes.to_json, lambda data: SolverIndexes.from_json(data, lexicon))
    return indexes


def word_solitaire_solver(lexicon: Lexicon, deck_letters: str) -> Solver:
    """A Word Solitaire solver (the default budget) with its indexes kept on disk."""
    return Solver(lexicon, deck_letters, indexes=word_solitaire_indexes(lexicon, deck_letters))


def patience_index(lexicon: Lexicon) -> PatienceIndex:
    """The Letter Patience solver's index for ``lexicon``, kept on disk."""
    index: PatienceIndex = _kept(
        "letter-patience", lexicon, (),
        lambda: PatienceIndex.build(lexicon, word_table_of(lexicon)),
        PatienceIndex.to_json, lambda data: PatienceIndex.from_json(data, lexicon))
    return index


def word_solver(lexicon: Lexicon, letters: str) -> Solver:
    """The Word Solitaire solver a process keeps (``rules/kept.py``), its indexes read from disk when it is made."""
    return kept.word_solver(lexicon, letters, lambda: word_solitaire_solver(lexicon, letters))


def kept_patience_worker(lexicon: Lexicon, deck: Deck) -> PatienceRangeWorker:
    """The Letter Patience solver a process keeps, its index read from disk when it is made."""
    return kept.patience_worker(lexicon, deck,
                                lambda: PatienceRangeWorker(lexicon, deck, index=patience_index(lexicon)))
