"""Scoring a finished Make a Wordsearch grid.

Seed (``make-a-wordsearch.txt``, "Ending") and DESIGN.md ruling 3:

* a word is 3 or more letters read straight in any of the 8 directions
  (across, down, both diagonals, each either way), no wrapping;
* a word whose cells all lie inside another counted word's cells does not
  count (BOATS scores, BOAT inside it does not); words that overlap without
  one holding the other both count (ETONE gives TONE and NOTE);
* a word and its reverse on the same cells count once;
* 1 point a box used by any counted word, +1 for each 4-letter word, +3 for
  each 5-letter word. Tutorial scoring: boxes only (at most 25).

Acceptable words are the lexicon's single words (phrases such as WordNet's
multi-word lemmas are not words you can circle).

Speed (issue 4, "Bar"): the grid has 20 straight lines of 3-5 boxes. The
``WordIndex`` maps every 3-5 letter string that is a word *or a word
reversed* to two flags, so each slice of a line is one dict lookup that
answers both reading directions. A word cannot lie inside a word on another
line (two lines share at most one box), so the counted words of a line depend
only on that line's letters: they are worked out once per distinct line
string and memoised, which is what makes the par search fast.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass
from typing import Iterable, Sequence

from kitgen.rules.wordsearch.lines import SIZE

MIN_WORD = 3
"""Words must be 3 or more letters long (seed, "Ending")."""

BONUS = {4: 1, 5: 3}
"""Bonus points by word length: +1 a 4-letter word, +3 a 5-letter word."""

SUPER_GREAT = 40
"""'40 pts or more is a super-great score!' (seed)."""

FORWARD, BACKWARD = 1, 2


def _build_lines() -> tuple[tuple[int, ...], ...]:
    """The 20 straight lines of 3+ boxes, each in reading order (left to right, top to bottom)."""
    lines: list[tuple[int, ...]] = []
    for r in range(SIZE):
        lines.append(tuple(r * SIZE + c for c in range(SIZE)))
    for c in range(SIZE):
        lines.append(tuple(r * SIZE + c for r in range(SIZE)))
    for start in range(-(SIZE - MIN_WORD), SIZE - MIN_WORD + 1):  # down-right diagonals: col - row = start
        cells = tuple(r * SIZE + (r + start) for r in range(SIZE) if 0 <= r + start < SIZE)
        lines.append(cells)
    for total in range(MIN_WORD - 1, 2 * SIZE - MIN_WORD):  # down-left diagonals: row + col = total
        cells = tuple(r * SIZE + (total - r) for r in range(SIZE) if 0 <= total - r < SIZE)
        lines.append(cells)
    return tuple(lines)


LINES = _build_lines()
"""Every line a word can lie on: 5 rows, 5 columns, 5 + 5 diagonals of 3-5 boxes."""

_SLICES = {n: tuple((i, j) for i in range(n) for j in range(i + MIN_WORD, n + 1)) for n in range(MIN_WORD, SIZE + 1)}


@dataclass(frozen=True)
class Found:
    """A counted word: its letters as read, its cells (row, col, 1-based) in reading order.

    ``also`` is the reverse reading when it is a word too (the pair counts once).
    """

    word: str
    cells: tuple[tuple[int, int], ...]
    also: str | None = None

    @property
    def bonus(self) -> int:
        return BONUS.get(len(self.word), 0)


@dataclass(frozen=True)
class Score:
    """The score of a grid: counted words, boxes used, bonus points, and the total."""

    words: tuple[Found, ...]
    boxes: int
    bonus: int
    tutorial: bool = False

    @property
    def total(self) -> int:
        return self.boxes if self.tutorial else self.boxes + self.bonus

    @property
    def super_great(self) -> bool:
        """40 points or more (advanced scoring) is a super-great score (seed)."""
        return not self.tutorial and self.total >= SUPER_GREAT

    @property
    def used(self) -> frozenset[tuple[int, int]]:
        return frozenset(cell for f in self.words for cell in f.cells)

    @property
    def fours(self) -> int:
        return sum(1 for f in self.words if len(f.word) == 4)

    @property
    def fives(self) -> int:
        return sum(1 for f in self.words if len(f.word) == 5)


class WordIndex:
    """The acceptable 3-5 letter words, indexed for scoring 5x5 grids."""

    MEMO_LIMIT = 500_000

    def __init__(self, words: Iterable[str]) -> None:
        table: dict[str, int] = {}
        for w in words:
            w = w.upper()
            if not (MIN_WORD <= len(w) <= SIZE and w.isascii() and w.isalpha()):
                continue
            table[w] = table.get(w, 0) | FORWARD
            r = w[::-1]
            table[r] = table.get(r, 0) | BACKWARD
        self.table = table
        self._memo: dict[str, tuple[tuple[int, int, int], ...]] = {}

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and bool(self.table.get(word.upper(), 0) & FORWARD)

    def clear_memo(self) -> None:
        self._memo.clear()

    def line_words(self, text: str) -> tuple[tuple[int, int, int], ...]:
        """The counted words of one line: ``(start, end, flags)`` slices, none inside another."""
        hit = self._memo.get(text)
        if hit is not None:
            return hit
        table = self.table
        found = [(i, j, f) for i, j in _SLICES[len(text)] if (f := table.get(text[i:j]))]
        if len(found) > 1:
            found = [(i, j, f) for i, j, f in found
                     if not any(a <= i and j <= b and (a, b) != (i, j) for a, b, _ in found)]
        out = tuple(found)
        if len(self._memo) >= self.MEMO_LIMIT:
            self._memo.clear()
        self._memo[text] = out
        return out

    def quick_score(self, cells: str, tutorial: bool = False) -> int:
        """The total of a grid given as 25 upper-case letters (no word list; for searches)."""
        used = 0
        bonus = 0
        memo = self._memo
        for line in LINES:
            text = "".join([cells[k] for k in line])
            hits = memo.get(text)
            if hits is None:
                hits = self.line_words(text)
            for i, j, _ in hits:
                for k in line[i:j]:
                    used |= 1 << k
                if j - i == 4:
                    bonus += 1
                elif j - i == 5:
                    bonus += 3
        boxes = used.bit_count()
        return boxes if tutorial else boxes + bonus

    def score(self, cells: str, tutorial: bool = False) -> Score:
        """Every counted word of a grid (25 upper-case letters, row by row) and its score."""
        check_cells(cells)
        found: list[Found] = []
        for line in LINES:
            text = "".join([cells[k] for k in line])
            for i, j, flags in self.line_words(text):
                span = line[i:j]
                coords = tuple((k // SIZE + 1, k % SIZE + 1) for k in span)
                word = text[i:j]
                if flags & FORWARD:
                    found.append(Found(word, coords, word[::-1] if flags & BACKWARD and word[::-1] != word
                                       else None))
                else:
                    found.append(Found(word[::-1], coords[::-1]))
        found.sort(key=lambda f: (-len(f.word), f.cells[0], f.word))
        used = {cell for f in found for cell in f.cells}
        return Score(tuple(found), len(used), sum(f.bonus for f in found), tutorial)


def check_cells(cells: str) -> None:
    """A grid is 25 upper-case letters A-Z, row by row."""
    if len(cells) != SIZE * SIZE or not (cells.isascii() and cells.isalpha() and cells.isupper()):
        raise ValueError(f"a grid is {SIZE * SIZE} letters A-Z, row by row (got {cells!r})")


def grid_cells(rows: Sequence[str]) -> str:
    """Five rows of five letters as one 25-letter string."""
    cells = "".join(r.upper() for r in rows)
    check_cells(cells)
    return cells


_INDEXES: "weakref.WeakKeyDictionary[object, WordIndex]" = weakref.WeakKeyDictionary()


def index_for(lexicon) -> WordIndex:  # type: ignore[no-untyped-def]
    """The ``WordIndex`` of a ``Lexicon`` (built once per lexicon): its single words of 3-5 letters."""
    idx = _INDEXES.get(lexicon)
    if idx is None:
        words = []
        for n in range(MIN_WORD, SIZE + 1):
            for w in lexicon.words(n):
                if lexicon.display(w).isalpha():
                    words.append(w)
        idx = _INDEXES[lexicon] = WordIndex(words)
    return idx
