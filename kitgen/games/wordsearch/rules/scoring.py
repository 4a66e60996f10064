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

Shorter words (``--min-length 2``, docs/wordsearch.md ruling 3): the seed allows them for a player who struggles
("maybe allow shorter words! Different people can play by different rules, even at the same table"). A 2-letter
word scores its boxes like any word and no bonus (the bonus is the seed's, for 4 and 5 letters only); a word
inside a longer counted word does not count, as BOAT inside BOATS does not (AT inside BOATS, TO inside TONE).
The four 2-box corner diagonals become lines too. Such an index (``WordIndex(words, shortest=2)``) works a line
out from its stretches one by one (the precomputed outcomes are for 3-5 letter stretches, whose 6 stretches a
line make 4,096 outcomes; 2-5 letters make 10 and a million): each outcome is worked out once, when first met.
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

SHORTEST = 2
"""The shortest words a player may be allowed (``--min-length 2``): "maybe allow shorter words!" (seed)."""

BONUS = {4: 1, 5: 3}
"""Bonus points by word length: +1 a 4-letter word, +3 a 5-letter word."""

SUPER_GREAT = 40
"""'40 pts or more is a super-great score!' (seed)."""

FORWARD, BACKWARD = 1, 2
EXTENDS = 4
"""Table flag: the string is the start of a longer word (or reversed word); only then look further."""
WORD_FLAGS = FORWARD | BACKWARD


def _build_lines(shortest: int = MIN_WORD) -> tuple[tuple[int, ...], ...]:
    """The straight lines of ``shortest`` or more boxes, each in reading order (left to right, top to bottom):
    20 of 3+ boxes, 24 of 2+."""
    lines: list[tuple[int, ...]] = []
    for r in range(SIZE):
        lines.append(tuple(r * SIZE + c for c in range(SIZE)))
    for c in range(SIZE):
        lines.append(tuple(r * SIZE + c for r in range(SIZE)))
    for start in range(-(SIZE - shortest), SIZE - shortest + 1):  # down-right diagonals: col - row = start
        cells = tuple(r * SIZE + (r + start) for r in range(SIZE) if 0 <= r + start < SIZE)
        lines.append(cells)
    for total in range(shortest - 1, 2 * SIZE - shortest):  # down-left diagonals: row + col = total
        cells = tuple(r * SIZE + (total - r) for r in range(SIZE) if 0 <= total - r < SIZE)
        lines.append(cells)
    return tuple(lines)


LINES = _build_lines()
"""Every line a word can lie on: 5 rows, 5 columns, 5 + 5 diagonals of 3-5 boxes."""

def _stretches(shortest: int) -> dict[int, tuple[tuple[int, int], ...]]:
    """The stretches ``(start, end)`` of ``shortest`` or more letters of a line of n boxes, by n."""
    return {n: tuple((i, j) for i in range(n) for j in range(i + shortest, n + 1))
            for n in range(shortest, SIZE + 1)}


_SLICES = _stretches(MIN_WORD)
"""The 3+ letter stretches ``(start, end)`` of a line of n boxes."""


def _maximal_table(n: int, shortest: int = MIN_WORD) -> tuple[tuple[int, ...], ...]:
    """For each set of found stretches (a bitmask over the stretches of a line of n boxes), those not inside
    another found one."""
    slices = _stretches(shortest)[n]
    out = []
    for mask in range(1 << len(slices)):
        ids = [k for k in range(len(slices)) if mask >> k & 1]
        keep = tuple(k for k in ids if not any(
            slices[o][0] <= slices[k][0] and slices[k][1] <= slices[o][1] and o != k for o in ids))
        out.append(keep)
    return tuple(out)


LineOutcome = tuple[int, int, tuple[tuple[int, int, int], ...]]
"""What a line holds: (boxes used as a bitmask over the line, bonus points, counted (start, end, flags))."""


def _outcome(flags: tuple[int, ...], slices: tuple[tuple[int, int], ...],
             maximal: tuple[tuple[int, ...], ...]) -> LineOutcome:
    """What a line holds whose stretches (``slices``) have these word flags: containment applied."""
    mask = sum(1 << k for k, f in enumerate(flags) if f)
    used = bonus = 0
    hits = []
    for k in maximal[mask]:
        i, j = slices[k]
        hits.append((i, j, flags[k]))
        used |= ((1 << (j - i)) - 1) << i
        bonus += BONUS.get(j - i, 0)
    return used, bonus, tuple(hits)


def _outcomes(n: int) -> dict[tuple[int, ...], LineOutcome]:
    """Every possible lookup result of a line of n boxes (the word flags of each stretch) -> its outcome."""
    import itertools

    maximal = _maximal_table(n)
    return {flags: _outcome(flags, _SLICES[n], maximal)
            for flags in itertools.product(range(4), repeat=len(_SLICES[n]))}


@functools.cache
def outcome_tables() -> dict[int, dict[tuple[int, ...], LineOutcome]]:
    """``_outcomes`` of every line length, worked out the first time a grid is scored (~20 ms: not at import,
    since printing a kit imports this module and scores nothing; issue 32, the warm kit)."""
    return {n: _outcomes(n) for n in _SLICES}


@functools.cache
def _short_outcome(n: int, flags: tuple[int, ...], shortest: int) -> LineOutcome:
    """A line's outcome when words of ``shortest`` letters count (worked out once, when first met)."""
    return _outcome(flags, _stretches(shortest)[n], _short_maximal(n, shortest))


@functools.cache
def _short_maximal(n: int, shortest: int) -> tuple[tuple[int, ...], ...]:
    return _maximal_table(n, shortest)


def _line_specs(lines: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, int, int], ...]:
    return tuple((line[0], line[-1] + 1, line[1] - line[0]) for line in lines)


_LINE_SPECS = _line_specs(LINES)
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

Spans = tuple[dict[tuple[int, int], tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]], ...]


def _spans(lines: tuple[tuple[int, ...], ...], shortest: int) -> Spans:
    """The cells (row, col) of each stretch of each line, in reading order and reversed."""
    slices = _stretches(shortest)
    return tuple({(i, j): (tuple(_COORDS[k] for k in line[i:j]), tuple(_COORDS[k] for k in line[i:j])[::-1])
                  for i, j in slices[len(line)]} for line in lines)


@dataclass(frozen=True)
class _Layout:
    """The lines words of ``shortest`` or more letters lie on, as slices of the grid string, stretches and
    bitmasks."""

    specs: tuple[tuple[int, int, int], ...]
    spans: Spans
    to_grid: tuple[tuple[int, ...], ...]
    slices: dict[int, tuple[tuple[int, int], ...]]

    @classmethod
    def of(cls, shortest: int) -> _Layout:
        lines = _build_lines(shortest)
        return cls(_line_specs(lines), _spans(lines, shortest), tuple(_local_to_grid(line) for line in lines),
                   _stretches(shortest))


_SPANS = _spans(LINES, MIN_WORD)
_TO_GRID = tuple(_local_to_grid(line) for line in LINES)
_SEED_LAYOUT = _Layout(_LINE_SPECS, _SPANS, _TO_GRID, _SLICES)


@functools.cache
def _layout(shortest: int) -> _Layout:
    return _SEED_LAYOUT if shortest == MIN_WORD else _Layout.of(shortest)
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
    shortest: int = MIN_WORD
    """The shortest words that counted: 3 by the seed's rules, 2 for a player allowed shorter words."""

    @property
    def total(self) -> int:
        return self.boxes if self.tutorial else self.boxes + self.bonus

    @property
    def super_great(self) -> bool:
        """40 points or more (advanced scoring, words of 3+ letters) is a super-great score (seed)."""
        return not self.tutorial and self.shortest == MIN_WORD and self.total >= SUPER_GREAT

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
    """The acceptable 3-5 letter words (2-5 with ``shortest=2``), indexed for scoring 5x5 grids."""

    MEMO_LIMIT = 500_000

    def __init__(self, words: Iterable[str], shortest: int = MIN_WORD) -> None:
        if not SHORTEST <= shortest <= MIN_WORD:
            raise ValueError(f"the shortest words are {SHORTEST} or {MIN_WORD} letters long (got {shortest})")
        table: dict[str, int] = {}
        for w in words:
            w = w.upper()
            if not (shortest <= len(w) <= SIZE and w.isalpha()):
                continue
            table[w] = table.get(w, 0) | FORWARD
            r = w[::-1]
            table[r] = table.get(r, 0) | BACKWARD
        for key in list(table):
            for n in range(shortest, len(key)):
                table[key[:n]] = table.get(key[:n], 0) | EXTENDS
        self.table = table
        self.shortest = shortest
        self._layout = _layout(shortest)
        self._memo: dict[str, LineOutcome] = {}

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and bool(self.table.get(word.upper(), 0) & FORWARD)

    def __getstate__(self) -> dict[str, object]:
        """Pickled (for worker processes) without the memo of lines seen: it is rebuilt as lines come."""
        return {"table": self.table, "shortest": self.shortest, "_layout": self._layout, "_memo": {}}

    def clear_memo(self) -> None:
        self._memo.clear()

    def _line(self, text: str) -> LineOutcome:
        """Work out one line (3-5 letters) and remember it: a few lookups, then a precomputed outcome."""
        get = self.table.get
        n = len(text)
        if self.shortest != MIN_WORD:  # every stretch looked up; its outcome worked out when first met
            flags = tuple(get(text[i:j], 0) & WORD_FLAGS for i, j in self._layout.slices[n])
            out = self._memo[text] = _short_outcome(n, flags, self.shortest)
            return out
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
        out = self._memo[text] = outcome_tables()[n][key]
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
        for (start, stop, step), to_grid in zip(self._layout.specs, self._layout.to_grid, strict=True):
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
        layout = self._layout
        for spans, (start, stop, step), to_grid in zip(layout.spans, layout.specs, layout.to_grid, strict=True):
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
        return Score(tuple(found), used.bit_count(), bonus, tutorial, self.shortest)


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


VOWELLESS_WORDS = frozenset({"BRR", "CRWTH", "CWM", "CWMS", "HM", "HMM", "NTH", "PSST", "PWN", "PWNS", "SH", "SHH",
                             "SSH"})
"""Words with no vowel (A E I O U Y) that are words and not abbreviations."""

_VOWELS = frozenset("AEIOUY")


def is_abbreviation(word: str) -> bool:
    """The bundled lexicon's vowel-less 3-5 letter entries are abbreviations (CSC, DKL, HHD), bar a few words.

    The lexicon build leaves out SCOWL's abbreviation lists (TSP, DPT, MPH); these few are filed as words.

    The seed: "No proper nouns or abbreviations may be used."
    """
    return word not in VOWELLESS_WORDS and not (_VOWELS & set(word))


@functools.lru_cache(maxsize=4)
def index_for(lexicon: Lexicon, shortest: int = MIN_WORD) -> WordIndex:
    """The ``WordIndex`` of a ``Lexicon`` (built once for a recent lexicon): its single words of 3-5 letters
    (``shortest`` to 5).

    Phrases never score. From the bundled lexicon, abbreviations without a vowel are left out too
    (``is_abbreviation``); a ``--words`` list is taken as the players' own dictionary, whole.
    """
    bundled = lexicon.name.startswith("default")
    words = []
    for n in range(shortest, SIZE + 1):
        for w in lexicon.words(n):
            if lexicon.display(w).isalpha() and not (bundled and is_abbreviation(w)):
                words.append(w)
    return WordIndex(words, shortest)
