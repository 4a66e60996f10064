"""The shipped table of pars (docs/wordsearch.md, "The table of pars"): for English deals, the best sheet the
exact search found and the bound it proved, computed once by ``scripts/build_par_table.py``.

``kitgen/data/wordsearch-pars.tsv``: ``#`` lines are comments, one of them ``# index SHA`` (the fingerprint of the
word index the table was built with: a table built with other words is not used); then one deal a line,
``seed<TAB>par<TAB>bound<TAB>budget<TAB>nodes<TAB>grid`` (``budget`` the par search's steps, ``nodes`` the exact
search's, ``grid`` the par sheet's 25 letters). ``par == bound`` is a proven par: no sheet of that deal scores
more.
"""

from __future__ import annotations

import functools
import hashlib
import weakref
from collections.abc import Iterable
from dataclasses import dataclass

from kitgen.games.wordsearch.rules.scoring import FORWARD, WordIndex

TABLE_DATA = "wordsearch-pars.tsv"
HEADER = "seed\tpar\tbound\tbudget\tnodes\tgrid"


@dataclass(frozen=True)
class TableEntry:
    """One deal's line of the table."""

    seed: int
    par: int
    bound: int
    budget: int
    nodes: int
    cells: str

    @property
    def proven(self) -> bool:
        return self.par >= self.bound

    def line(self) -> str:
        return f"{self.seed}\t{self.par}\t{self.bound}\t{self.budget}\t{self.nodes}\t{self.cells}"


class TableError(ValueError):
    """A line of the table that does not read (the shipped table is checked by the tests)."""


def fingerprint(index: WordIndex) -> str:
    """A short digest of the words an index scores (what a table's pars depend on)."""
    words = sorted(w for w, flags in index.table.items() if flags & FORWARD)
    return hashlib.sha256("\n".join(words).encode()).hexdigest()[:16]


def parse_table(lines: Iterable[str]) -> tuple[str | None, dict[int, TableEntry]]:
    """The index fingerprint and the entries of a table's lines."""
    found: str | None = None
    entries: dict[int, TableEntry] = {}
    for number, raw in enumerate(lines, start=1):
        line = raw.strip()
        if line.startswith("# index "):
            found = line.split()[2]
        if not line or line.startswith("#") or line == HEADER:
            continue
        fields = line.split("\t")
        try:
            seed, par, bound, budget, nodes = (int(x) for x in fields[:5])
            cells = fields[5]
        except (ValueError, IndexError) as exc:
            raise TableError(f"{TABLE_DATA}:{number}: not seed, par, bound, budget, nodes, grid") from exc
        if len(cells) != 25 or not (cells.isascii() and cells.isalpha() and cells.isupper()) or par > bound:
            raise TableError(f"{TABLE_DATA}:{number}: a bad grid or a par above its bound")
        entries[seed] = TableEntry(seed, par, bound, budget, nodes, cells)
    return found, entries


@functools.lru_cache(maxsize=1)
def shipped_table() -> tuple[str | None, dict[int, TableEntry]]:
    """The shipped table (empty if the file is missing)."""
    from kitgen.core.resources import data_path

    path = data_path(TABLE_DATA)
    if not path.is_file():
        return None, {}
    return parse_table(path.read_text(encoding="utf-8").splitlines())


def table_entry(seed: int, index: WordIndex) -> TableEntry | None:
    """The shipped table's line for an English deal, if the table has it and was built with these words."""
    found, entries = shipped_table()
    entry = entries.get(seed)
    if entry is None or found is None or found != _fingerprint_of(index):
        return None
    return entry


_FINGERPRINTS: weakref.WeakKeyDictionary[WordIndex, str] = weakref.WeakKeyDictionary()


def _fingerprint_of(index: WordIndex) -> str:
    got = _FINGERPRINTS.get(index)
    if got is None:
        got = _FINGERPRINTS[index] = fingerprint(index)
    return got
