"""A proven upper bound on the score of any sheet a deal allows (docs/wordsearch.md, "Par and its bound").

The par search finds a good sheet; this says how good the best one can be at most, so "par 57 of at most 61"
tells a player how far the par may be from perfect, and a par equal to its bound is proven optimal.

A score is the boxes used (at most 25) plus the bonus of each line of the grid: +3 for a 5-letter word, +1 for
each 4-letter word not inside another. Only the 12 lines of five boxes (5 rows, 5 columns, 2 diagonals) can
hold +3, and at most +2 without a 5-letter word (two 4-letter words overlapping on three boxes); the 4 diagonals
of four boxes hold at most +1; the shorter ones nothing. The bound solves a relaxation of the game:

1. **Which turns can reach each row.** The line rule with its overflow is replayed over every reachable count
   of filled boxes per row, so each (turn, row) pair that some game allows is known exactly.
2. **What each line can receive.** A row gets five letters from five different turns that can reach it (any
   order): a string fits a row when its letters can be matched to distinct such turns (Hall's condition). A
   column or diagonal gets one letter from each row it crosses: any letter of a turn that can reach that row.
3. **Which words those letters can form**, in either reading direction: for each line, the 5-letter words that
   fit it, and its best without one (two overlapping 4-letter words, one, or none).
4. **Which lines can hold 5-letter words together.** For a set of lines asked to hold 5-letter words, the
   words of crossing lines must agree on their shared boxes: generalized arc consistency over the word
   candidates (bitsets of candidates per letter and position) removes every word with no support; a line left
   with none proves the set impossible, and so is every set that contains it. The sets are tried best value
   first; the first one that survives gives the bound: 25 + 3 per line of the set + the best of every other line.

Each step keeps every real sheet (a real row is five letters of five turns that reach it; a real column is one
letter a row), so the bound is never below the best sheet. The relaxation forgets that a turn fills one box only
and that arc consistency is not a full proof of a set, so the bound may be above it; the tests compare it with
exhaustive searches of small deals.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from kitgen.core.cancel import CHECK_EVERY, checkpoint
from kitgen.core.language import LETTER_CODE
from kitgen.games.wordsearch.rules.lines import SIZE, TURNS, allowed_lines
from kitgen.games.wordsearch.rules.scoring import LINES, WORD_FLAGS, WordIndex

LONG = tuple(k for k, line in enumerate(LINES) if len(line) == SIZE)
"""The 12 lines of five boxes: the only ones that can hold a 5-letter word."""
FOUR = tuple(k for k, line in enumerate(LINES) if len(line) == 4)
"""The 4 diagonals of four boxes: at most one 4-letter word each."""
ALPHABET = "".join(LETTER_CODE)
"""Every letter of every alphabet, by its code (``kitgen.core.language.LETTER_CODE``: A-Z first, as before)."""


@dataclass(frozen=True)
class Bound:
    """The bound and how it was reached: the lines that can hold 5-letter words together, and the rest's best."""

    score: int
    five_lines: int
    """How many lines of five boxes the bound lets hold a 5-letter word at once."""
    sets_tried: int
    """Sets of lines tried before one could not be refuted."""
    witness: str | None = None
    """A legal sheet (25 letters) found holding a 5-letter word on every line of that set, if the search met one."""


def reachable_rows(words: Sequence[str]) -> list[set[int]]:
    """For each row (0-4), the turns (0-24) that some legal game writes on it: the line rule replayed over
    every reachable count of filled boxes per row."""
    states = {(0,) * SIZE}
    rows: list[set[int]] = [set() for _ in range(SIZE)]
    for turn, word in enumerate(words[:TURNS]):
        after = set()
        for filled in states:
            for line in allowed_lines(len(word), filled):
                rows[line - 1].add(turn)
                grown = list(filled)
                grown[line - 1] += 1
                after.add(tuple(grown))
        states = after
    return rows


class RowFit:
    """Which strings fit a row: their letters matched to distinct turns that reach it (Hall's condition)."""

    def __init__(self, turn_letters: Sequence[frozenset[str]]) -> None:
        self.offers = {ch: sum(1 << k for k, letters in enumerate(turn_letters) if ch in letters) for ch in ALPHABET}
        self.memo: dict[str, bool] = {}

    def fits(self, text: str) -> bool:
        key = "".join(sorted(text))
        found = self.memo.get(key)
        if found is None:
            found = self.memo[key] = self._hall(key)
        return found

    def _hall(self, letters: str) -> bool:
        counts = {ch: letters.count(ch) for ch in set(letters)}
        distinct = list(counts)
        for size in range(1, len(distinct) + 1):
            for group in itertools.combinations(distinct, size):
                turns = 0
                for ch in group:
                    turns |= self.offers[ch]
                if turns.bit_count() < sum(counts[ch] for ch in group):
                    return False
        return True


class Readings:
    """Every string of one length that reads as a word (forward or backward), as bitsets by position and letter,
    so a line's candidates are a bitmask over them and checking letters is a few integer operations."""

    def __init__(self, strings: list[str], length: int) -> None:
        self.strings = strings
        self.every = (1 << len(strings)) - 1
        self.by_letter = [[0] * len(ALPHABET) for _ in range(length)]
        for k, text in enumerate(strings):
            for p, ch in enumerate(text):
                self.by_letter[p][LETTER_CODE[ch]] |= 1 << k

    def prune(self, alive: int, domains: Sequence[int]) -> int:
        """The candidates still alive whose letter at each position is in that position's domain (26-bit)."""
        for p, dom in enumerate(domains):
            allowed = 0
            row = self.by_letter[p]
            while dom:
                low = dom & -dom
                allowed |= row[low.bit_length() - 1]
                dom ^= low
            alive &= allowed
        return alive

    def letters(self, alive: int, position: int, within: int) -> int:
        """The letters of ``within`` (a 26-bit mask) that some alive candidate has at ``position``."""
        row = self.by_letter[position]
        kept = 0
        rest = within
        while rest:
            low = rest & -rest
            rest ^= low
            if row[low.bit_length() - 1] & alive:
                kept |= low
        return kept

    def members(self, alive: int) -> list[str]:
        out = []
        while alive:
            low = alive & -alive
            out.append(self.strings[low.bit_length() - 1])
            alive ^= low
        return out


@functools.lru_cache(maxsize=4)
def readings_of(index: WordIndex) -> tuple[Readings, Readings]:
    """The 5- and 4-letter readings of a word index (built once per index)."""
    return tuple(Readings(sorted(w for w, flags in index.table.items() if len(w) == n and flags & WORD_FLAGS), n)
                 for n in (5, 4))  # type: ignore[return-value]


class _Relaxation:
    """The relaxed deal: letters each box may receive, the words each line may hold, the best of each line."""

    def __init__(self, words: Sequence[str], index: WordIndex) -> None:
        rows = reachable_rows(words)
        turn_letters = [frozenset(w) for w in words[:TURNS]]
        self.row_letters = [_mask({ch for t in rows[r] for ch in turn_letters[t]}) for r in range(SIZE)]
        self.fits = [RowFit([turn_letters[t] for t in sorted(rows[r])]) for r in range(SIZE)]
        self.offers = [[_mask_of(t for t in rows[r] if ALPHABET[x] in turn_letters[t]) for x in range(len(ALPHABET))]
                       for r in range(SIZE)]
        self.five, self.four = readings_of(index)
        self.candidates = {k: self._fitting(self.five, k, 0) for k in LONG}
        self.second_best = {k: self._without_five(k) for k in LONG}
        self.four_diagonals = sum(1 for k in FOUR if self._fitting(self.four, k, 0))

    def _fitting(self, readings: Readings, line: int, start: int) -> int:
        """The readings that can be written on ``line`` from its box ``start``: one letter a row it crosses, and
        on a row, letters of distinct turns that reach it (``RowFit``)."""
        checkpoint()  # a tenth of a second each, forty of them before a par search starts: a cancel is heard
        n = len(readings.by_letter)
        cells = LINES[line][start:start + n]
        alive = readings.prune(readings.every, [self.row_letters[cell // SIZE] for cell in cells])
        if cells[0] // SIZE != cells[-1] // SIZE:
            return alive
        fits = self.fits[cells[0] // SIZE].fits
        keep = 0
        for k, text in zip(_bits(alive), readings.members(alive), strict=True):
            if fits(text):
                keep |= k
        return keep

    def _without_five(self, line: int) -> int:
        """The best bonus of a line of five without a 5-letter word: two overlapping 4-letter words (+2), one
        (+1) or none."""
        heads = self.four.members(self._fitting(self.four, line, 0))
        tails = self.four.members(self._fitting(self.four, line, 1))
        if not heads and not tails:
            return 0
        starts: dict[str, list[str]] = {}
        for tail in tails:
            starts.setdefault(tail[:3], []).append(tail)
        cells = LINES[line]
        row = self.fits[cells[0] // SIZE] if cells[0] // SIZE == cells[-1] // SIZE else None
        for head in heads:
            for tail in starts.get(head[1:], ()):
                text = head + tail[-1]
                if row is None or row.fits(text):
                    return 2
        return 1

    def matched(self, domains: Sequence[int]) -> bool:
        """Whether the boxes can take 25 different turns, each box a turn that reaches its row and offers one
        of the box's letters (a perfect matching, by augmenting paths): each turn writes one box."""
        options = []
        for cell, dom in enumerate(domains):
            offers = self.offers[cell // SIZE]
            turns = 0
            for low in _bits(dom):
                turns |= offers[low.bit_length() - 1]
            options.append(turns)
        return perfect_matching(options)

    def consistent(self, chosen: Sequence[int]) -> bool:
        """Generalized arc consistency over the chosen lines' words: False when a line is left with none."""
        domains = [self.row_letters[cell // SIZE] for cell in range(TURNS)]
        alive = {k: self.candidates[k] for k in chosen}
        changed = True
        while changed:
            changed = False
            for k in chosen:
                cells = LINES[k]
                alive[k] = self.five.prune(alive[k], [domains[cell] for cell in cells])
                if not alive[k]:
                    return False
                for p, cell in enumerate(cells):
                    narrowed = self.five.letters(alive[k], p, domains[cell])
                    if narrowed != domains[cell]:
                        domains[cell] = narrowed
                        changed = True
        return True


def _mask_of(turns: Iterable[int]) -> int:
    """The bitmask of some turns (turn t is bit t)."""
    return sum(1 << t for t in set(turns))


def perfect_matching(options: Sequence[int]) -> bool:
    """Whether every box can have its own turn, ``options[box]`` the bitmask of the turns it may take."""
    owner: dict[int, int] = {}

    def place(box: int, seen: list[int]) -> bool:
        free = options[box] & ~seen[0]
        while free:
            low = free & -free
            free ^= low
            seen[0] |= low
            turn = low.bit_length() - 1
            if turn not in owner or place(owner[turn], seen):
                owner[turn] = box
                return True
        return False

    return all(place(box, [0]) for box in sorted(range(len(options)), key=lambda b: options[b].bit_count()))


def _mask(letters: set[str]) -> int:
    """The 26-bit mask of some letters (A is bit 0)."""
    return sum(1 << LETTER_CODE[ch] for ch in letters if ch in LETTER_CODE)


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


class _Budget(Exception):
    """The search for one set of lines ran out of nodes: the set counts as possible."""


@dataclass
class _SetSearch:
    """Depth-first search for a legal sheet whose chosen lines all hold 5-letter words (a set of lines), over
    letters of boxes, keeping arc consistency and a perfect matching of boxes to turns at every node."""

    relaxed: _Relaxation
    words: Sequence[str]
    chosen: Sequence[int]
    nodes: int
    witness: str | None = None

    def run(self) -> bool | None:
        """True: a legal sheet holds them (``witness``); False: none can; None: out of nodes."""
        self.lines_of = {c: [k for k in self.chosen if c in LINES[k]] for c in range(TURNS)}
        domains = [self.relaxed.row_letters[cell // SIZE] for cell in range(TURNS)]
        alive = {k: self.relaxed.candidates[k] for k in self.chosen}
        if not self.propagate(domains, alive, list(self.chosen)):
            return False
        try:
            return self.search(domains, alive)
        except _Budget:
            return None

    def propagate(self, domains: list[int], alive: dict[int, int], queue: list[int]) -> bool:
        five = self.relaxed.five
        while queue:
            k = queue.pop()
            cells = LINES[k]
            alive[k] = five.prune(alive[k], [domains[cell] for cell in cells])
            if not alive[k]:
                return False
            for p, cell in enumerate(cells):
                dom = domains[cell]
                narrowed = dom if dom & (dom - 1) == 0 else five.letters(alive[k], p, dom)
                if narrowed != dom:
                    domains[cell] = narrowed
                    queue.extend(other for other in self.lines_of[cell] if other != k and other not in queue)
        return self.relaxed.matched(domains)

    def search(self, domains: list[int], alive: dict[int, int]) -> bool:
        self.nodes -= 1
        if self.nodes < 0:
            raise _Budget
        if not self.nodes & CHECK_EVERY:
            checkpoint()  # a face that cancels the work (kitgen.core.cancel) stops the search here
        open_cells = [c for c in range(TURNS) if domains[c] & (domains[c] - 1)]
        if not open_cells:
            return self.legal(domains)
        cell = min(open_cells, key=lambda c: (domains[c].bit_count(), c))
        for letter in _bits(domains[cell]):
            trial, kept = list(domains), dict(alive)
            trial[cell] = letter
            if self.propagate(trial, kept, list(self.lines_of[cell])) and self.search(trial, kept):
                return True
        return False

    def legal(self, domains: list[int]) -> bool:
        """A leaf: every box has one letter; a legal order of the turns makes it (or the check gave up)."""
        from kitgen.games.wordsearch.rules.game import reconstruct

        cells = "".join(ALPHABET[d.bit_length() - 1] for d in domains)
        found = reconstruct(cells, self.words, budget=LEAF_BUDGET)
        if found.turns is not None:
            self.witness = cells
        return found.turns is not None or not found.decided


LEAF_BUDGET = 20_000
"""Steps of the legal-order check at a leaf (``game.reconstruct``); an undecided leaf counts as legal."""


def upper_bound(words: Sequence[str], index: WordIndex, nodes: int = 200, tutorial: bool = False) -> Bound:
    """The most any sheet of this deal (25 words, letters A-Z) can score with ``index``'s words (module doc),
    after at most ``nodes`` search nodes spent refuting sets of lines (more nodes: a bound as low or lower)."""
    if tutorial:
        return Bound(TURNS, 0, 0)
    relaxed = _Relaxation(words, index)
    able = [k for k in LONG if relaxed.candidates[k]]
    gain = {k: 3 - relaxed.second_best[k] for k in able}
    base = TURNS + sum(relaxed.second_best.values()) + relaxed.four_diagonals
    sets = sorted((subset for n in range(len(able) + 1) for subset in itertools.combinations(able, n)),
                  key=lambda subset: (-sum(gain[k] for k in subset), subset))
    impossible: list[int] = []
    left = nodes
    for tried, subset in enumerate(sets, start=1):
        mask = sum(1 << k for k in subset)
        if any(bad & mask == bad for bad in impossible) or not relaxed.consistent(subset):
            impossible.append(mask)
            continue
        search = _SetSearch(relaxed, words, subset, left)
        possible = search.run() if left > 0 else None
        left = max(0, search.nodes)
        if possible is not False:
            return Bound(base + sum(gain[k] for k in subset), len(subset), tried, search.witness)
        impossible.append(mask)
    return Bound(base, 0, len(sets))  # not reached: the empty set always has a sheet
