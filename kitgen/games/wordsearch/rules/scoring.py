"""Scoring a finished Make a Wordsearch grid.

Seed (``make-a-wordsearch.txt``, "Ending") and docs/wordsearch.md ruling 3:

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

Speed (issue 4, "Bar"): the grid has 20 straight lines of 3-5 boxes, each
read with one extended slice of the 25-letter grid string. The ``WordIndex``
maps every 3-5 letter string that is a word *or a word reversed* to flags, so
one dict lookup per stretch of a line answers both reading directions; a
third flag marks strings that begin a longer entry, so a longer stretch is
looked up only when it could be one. A word cannot lie inside a word on
another line (two lines share at most one box), so a line's counted words
depend only on which of its stretches are words: every such combination's
outcome (boxes used, bonus, counted stretches, with containment applied) is
precomputed, and each distinct line string is memoised, which is what makes
the par search fast.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

from kitgen.games.wordsearch.rules.lines import SIZE

if TYPE_CHECKING:
    from kitgen.core.lexicon import Lexicon

MIN_WORD = 3
"""Words must be 3 or more letters long (seed, "Ending")."""

BONUS = {4: 1, 5: 3}
"""Bonus points by word length: +1 a 4-letter word, +3 a 5-letter word."""

SUPER_GREAT = 40
"""'40 pts or more is a super-great score!' (seed)."""

FORWARD, BACKWARD = 1, 2
EXTENDS = 4
"""Table flag: the string is the start of a longer word (or reversed word); only then look further."""
WORD_FLAGS = FORWARD | BACKWARD


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
"""The 3+ letter stretches ``(start, end)`` of a line of n boxes."""


def _maximal_table(n: int) -> tuple[tuple[int, ...], ...]:
    """For each set of found stretches (a bitmask over ``_SLICES[n]``), those not inside another found one."""
    slices = _SLICES[n]
    out = []
    for mask in range(1 << len(slices)):
        ids = [k for k in range(len(slices)) if mask >> k & 1]
        keep = tuple(k for k in ids if not any(
            slices[o][0] <= slices[k][0] and slices[k][1] <= slices[o][1] and o != k for o in ids))
        out.append(keep)
    return tuple(out)


_MAXIMAL = {n: _maximal_table(n) for n in _SLICES}

LineOutcome = tuple[int, int, tuple[tuple[int, int, int], ...]]
"""What a line holds: (boxes used as a bitmask over the line, bonus points, counted (start, end, flags))."""


def _outcomes(n: int) -> dict[tuple[int, ...], LineOutcome]:
    """Every possible lookup result of a line of n boxes (the word flags of each stretch) -> its outcome."""
    import itertools

    slices = _SLICES[n]
    table: dict[tuple[int, ...], LineOutcome] = {}
    for flags in itertools.product(range(4), repeat=len(slices)):
        mask = sum(1 << k for k, f in enumerate(flags) if f)
        used = bonus = 0
        hits = []
        for k in _MAXIMAL[n][mask]:
            i, j = slices[k]
            hits.append((i, j, flags[k]))
            used |= ((1 << (j - i)) - 1) << i
            bonus += BONUS.get(j - i, 0)
        table[flags] = (used, bonus, tuple(hits))
    return table


_OUTCOMES = {n: _outcomes(n) for n in _SLICES}

_LINE_SPECS = tuple((line[0], line[-1] + 1, line[1] - line[0]) for line in LINES)
"""Each line as an extended slice ``cells[start:stop:step]`` of the 25-letter grid string."""


def _local_to_grid(line: tuple[int, ...]) -> tuple[int, ...]:
    """Map a bitmask over a line's boxes to a bitmask over the grid's 25 boxes."""
    out = []
    for local in range(1 << len(line)):
        grid = 0
        for p, k in enumerate(line):
            if local >> p & 1:
                grid |= 1 << k
        out.append(grid)
    return tuple(out)


_COORDS = tuple((k // SIZE + 1, k % SIZE + 1) for k in range(SIZE * SIZE))
_SPANS = tuple({(i, j): (tuple(_COORDS[k] for k in line[i:j]), tuple(_COORDS[k] for k in line[i:j])[::-1])
                for i, j in _SLICES[len(line)]} for line in LINES)
"""The cells (row, col) of each stretch of each line, in reading order and reversed."""
_TO_GRID = tuple(_local_to_grid(line) for line in LINES)
_EMPTY: tuple[int, int, tuple[tuple[int, int, int], ...]] = (0, 0, ())

class Found(NamedTuple):
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
            if not (MIN_WORD <= len(w) <= SIZE and w.isalpha()):
                continue
            table[w] = table.get(w, 0) | FORWARD
            r = w[::-1]
            table[r] = table.get(r, 0) | BACKWARD
        for key in list(table):
            for n in range(MIN_WORD, len(key)):
                table[key[:n]] = table.get(key[:n], 0) | EXTENDS
        self.table = table
        self._memo: dict[str, LineOutcome] = {}

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and bool(self.table.get(word.upper(), 0) & FORWARD)

    def clear_memo(self) -> None:
        self._memo.clear()

    def _line(self, text: str) -> LineOutcome:
        """Work out one line (3-5 letters) and remember it: a few lookups, then a precomputed outcome."""
        get = self.table.get
        n = len(text)
        # The stretches in _SLICES order; a longer stretch is looked up only when its start extends.
        if n == 5:
            a = get(text[:3], 0)
            b = get(text[:4], 0) if a & EXTENDS else 0
            c = get(text, 0) if b & EXTENDS else 0
            d = get(text[1:4], 0)
            e = get(text[1:], 0) if d & EXTENDS else 0
            key: tuple[int, ...] = (a & 3, b & 3, c & 3, d & 3, e & 3, get(text[2:], 0) & 3)
        elif n == 4:
            a = get(text[:3], 0)
            key = (a & 3, get(text, 0) & 3 if a & EXTENDS else 0, get(text[1:], 0) & 3)
        else:
            key = (get(text, 0) & 3,)
        out = self._memo[text] = _OUTCOMES[n][key]
        return out

    def _trim_memo(self) -> None:
        if len(self._memo) > self.MEMO_LIMIT:
            self._memo.clear()

    def quick_score(self, cells: str, tutorial: bool = False) -> int:
        """The total of a grid given as 25 upper-case letters (no word list; for searches)."""
        self._trim_memo()
        used = 0
        bonus = 0
        memo = self._memo
        line = self._line
        for (start, stop, step), to_grid in zip(_LINE_SPECS, _TO_GRID, strict=True):
            text = cells[start:stop:step]
            hit = memo.get(text) or line(text)
            if hit[0]:
                used |= to_grid[hit[0]]
                bonus += hit[1]
        boxes = used.bit_count()
        return boxes if tutorial else boxes + bonus

    def score(self, cells: str, tutorial: bool = False) -> Score:
        """Every counted word of a grid (25 upper-case letters, row by row) and its score."""
        check_cells(cells)
        self._trim_memo()
        found: list[Found] = []
        memo = self._memo
        used = 0
        bonus = 0
        for spans, (start, stop, step), to_grid in zip(_SPANS, _LINE_SPECS, _TO_GRID, strict=True):
            text = cells[start:stop:step]
            hit = memo.get(text) or self._line(text)
            if not hit[0]:
                continue
            used |= to_grid[hit[0]]
            bonus += hit[1]
            for i, j, flags in hit[2]:
                word = text[i:j]
                if flags & FORWARD:
                    back = word[::-1]
                    found.append(Found(word, spans[i, j][0], back if flags & BACKWARD and back != word else None))
                else:
                    found.append(Found(word[::-1], spans[i, j][1]))
        found.sort(key=_order)
        return Score(tuple(found), used.bit_count(), bonus, tutorial)


def _order(f: Found) -> tuple[int, tuple[int, int], str]:
    """Report order: longest words first, then by where they start."""
    return (-len(f.word), f.cells[0], f.word)


def check_cells(cells: str) -> None:
    """A grid is 25 upper-case letters (A-Z, or the language's own: the Spanish Ñ), row by row."""
    if len(cells) != SIZE * SIZE or not (cells.isalpha() and cells.isupper()):
        raise ValueError(f"a grid is {SIZE * SIZE} upper-case letters, row by row (got {cells!r})")


def grid_cells(rows: Sequence[str]) -> str:
    """Five rows of five letters as one 25-letter string."""
    cells = "".join(r.upper() for r in rows)
    check_cells(cells)
    return cells


VOWELLESS_WORDS = frozenset({"BRR", "CRWTH", "CWM", "CWMS", "HMM", "NTH", "PSST", "PWN", "PWNS", "SHH", "SSH"})
"""Words with no vowel (A E I O U Y) that are words and not abbreviations."""

_VOWELS = frozenset("AEIOUY")


def is_abbreviation(word: str) -> bool:
    """The bundled lexicon's vowel-less 3-5 letter entries are abbreviations (CSC, DKL, HHD), bar a few words.

    The lexicon build leaves out SCOWL's abbreviation lists (TSP, DPT, MPH); these few are filed as words.

    The seed: "No proper nouns or abbreviations may be used."
    """
    return word not in VOWELLESS_WORDS and not (_VOWELS & set(word))


@functools.lru_cache(maxsize=4)
def index_for(lexicon: Lexicon) -> WordIndex:
    """The ``WordIndex`` of a ``Lexicon`` (built once for a recent lexicon): its single words of 3-5 letters.

    Phrases never score. From the bundled lexicon, abbreviations without a vowel are left out too
    (``is_abbreviation``); a ``--words`` list is taken as the players' own dictionary, whole.
    """
    bundled = lexicon.name.startswith("default")
    words = []
    for n in range(MIN_WORD, SIZE + 1):
        for w in lexicon.words(n):
            if lexicon.display(w).isalpha() and not (bundled and is_abbreviation(w)):
                words.append(w)
    return WordIndex(words)
