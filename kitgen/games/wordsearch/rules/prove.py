"""The proven par: an exact search that finds the best sheet of a deal and proves no sheet scores more
(docs/wordsearch.md, "The proven par").

A score is the boxes used (at most 25) plus each line's bonus. Only the 12 lines of five boxes can hold a 5-letter
word (+3, and then nothing else on that line counts); without one a line of five holds at most +2 (two 4-letter
words overlapping on three boxes), the 4 diagonals of four boxes +1, the rest nothing. So a sheet's score is at most
``25 + 3 |F| + the best of every other line without a 5-letter word``, ``F`` the set of its lines holding
5-letter words. The search works on that:

1. **Best first over line sets.** A node decides, line by line (the line with fewest 5-letter candidates first),
   whether it holds a 5-letter word. Deciding "yes" keeps only that line's candidates the deal's letters can spell
   (a row: five letters of five different turns that reach it, Hall's condition) and makes every decided line's
   words agree where they cross (generalized arc consistency over bitsets of candidates); a line left with none
   closes the node. The node's bound is 25 + 3 per "yes" + the best each other line can still do; nodes are taken
   highest bound first, so the bound of the node taken is the tightest bound proven so far.
2. **A letter puzzle for each complete line set.** A depth-first search over the boxes' letters (the box with
   fewest letters left first) keeps arc consistency on every constrained line, a perfect matching of the 25 boxes
   to the 25 turns (each turn writes one box, on a row it can reach, one of its word's letters), and the bound
   recomputed from the letters left. When the bound has no slack left (it equals the score to beat), every other
   line must do its best: a line of five its two overlapping 4-letter words, a diagonal of four its 4-letter word,
   and those join the constrained lines. A leaf (one letter a box) is scored exactly and checked exactly: some
   order of the turns must make it under the line rule (``game.reconstruct``).

A sheet that beats the par becomes the par and the score to beat rises. When every node is closed the par is
proven: no sheet scores more. The search counts nodes, never seconds, so the same deal, word list and node
budget give the same answer everywhere, and a larger budget an answer at least as good (a par as high, a bound
as low). The tests compare it with exhaustive searches of small deals.
"""

from __future__ import annotations

import functools
import heapq
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from kitgen.core.cancel import checkpoint
from kitgen.core.language import LETTER_CODE
from kitgen.games.wordsearch.rules.bound import ALPHABET, FOUR, LONG, Readings, _bits, _Relaxation, readings_of
from kitgen.games.wordsearch.rules.game import reconstruct
from kitgen.games.wordsearch.rules.lines import SIZE, TURNS
from kitgen.games.wordsearch.rules.scoring import LINES, WordIndex

try:  # the letter puzzle compiled (``make kernel``); without it the same search runs in pure Python
    from kitgen.games.wordsearch.rules import _puzzle

    KERNEL: ModuleType | None = _puzzle
except ImportError:
    KERNEL = None
"""The compiled letter puzzle (``_puzzle.pyx``), or None: same nodes, same results, a node many times faster.
Setting it to None runs the pure-Python search (``benchmarks/bench_prove.py`` compares the two)."""

FULL = (1 << len(LETTER_CODE)) - 1
LEAF_ORDER_BUDGET = 1_000_000
"""Steps of the exact legal-order check at a leaf; a leaf it cannot decide leaves the proof open."""
TIE_BREAK = True
"""The proof's box order in the letter puzzle (``_next_box``): among the boxes with the fewest letters left, the one
on the most constrained lines. False: the first of them, the order before (the benchmark and the tests compare the
two)."""


@dataclass(frozen=True)
class Proof:
    """What the exact search established: the best sheet it knows and the bound it proved."""

    score: int
    """The best score known: the par given, or a better sheet the search met."""
    cells: str | None
    """That better sheet (25 letters), if the search met one; None when the par given stands."""
    bound: int
    """Proven: no sheet of the deal scores more."""
    nodes: int
    """Search nodes spent."""
    stopped: bool = False
    """``stop`` ended the search before its node budget was spent."""

    @property
    def proven(self) -> bool:
        return self.score >= self.bound


class _OutOfNodes(Exception):
    """The node budget is spent: the proof stops where it is."""


@functools.lru_cache(maxsize=4)
def pair_readings(index: WordIndex) -> Readings:
    """The 5-letter strings whose first four and last four letters both read as 4-letter words (either way):
    a line of five with +2 and no 5-letter word holds one of these."""
    fours = readings_of(index)[1].strings
    by_head: dict[str, list[str]] = {}
    for four in fours:
        by_head.setdefault(four[:3], []).append(four)
    pairs = sorted({head + tail[-1] for head in fours for tail in by_head.get(head[1:], ())})
    return Readings(pairs, 5)


class _Fast:
    """A ``Readings`` with the candidates allowed by each (position, letter mask) remembered."""

    def __init__(self, readings: Readings) -> None:
        self.readings = readings
        self.memo: list[dict[int, int]] = [{} for _ in readings.by_letter]

    def allowed(self, p: int, dom: int) -> int:
        got = self.memo[p].get(dom)
        if got is None:
            got = 0
            row = self.readings.by_letter[p]
            for low in _bits(dom):
                got |= row[low.bit_length() - 1]
            self.memo[p][dom] = got
        return got

    def prune(self, alive: int, domains: Sequence[int]) -> int:
        for p, dom in enumerate(domains):
            alive &= self.allowed(p, dom)
            if not alive:
                return 0
        return alive

    def letters(self, alive: int, p: int, within: int) -> int:
        """The letters of ``within`` some candidate of ``alive`` has at ``p``, one AND a letter. (Reading the
        letters of a few candidates one by one instead, as this did for 24 or fewer, measured 1.2x slower a node
        once each line numbers its own candidates: counting them cost more than it saved.)"""
        row = self.readings.by_letter[p]
        kept = 0
        rest = within
        while rest:
            low = rest & -rest
            rest ^= low
            if row[low.bit_length() - 1] & alive:
                kept |= low
        return kept


def _mirrored_lines() -> tuple[int, ...]:
    """For each line of five (``LONG``), the position in ``LONG`` of its mirror image left to right (a row is its
    own image, column c is column 4 - c, the two long diagonals swap)."""
    where = {frozenset(LINES[k]): i for i, k in enumerate(LONG)}
    return tuple(where[frozenset(r * SIZE + SIZE - 1 - c for r, c in (divmod(cell, SIZE) for cell in LINES[k]))]
                 for k in LONG)


MIRROR = _mirrored_lines()
"""The left-right mirror on the lines of five. Mirroring a sheet keeps its score (its rows read backwards, and a
word reads either way; its columns and diagonals swap among themselves) and its legality (each row keeps its
letters, so the same turns make it), so a line set and its mirror image are both possible or both not."""


def mirror_first(decided: Sequence[bool | None]) -> bool:
    """Whether a complete line set is the one of its mirror pair the search decides (the first in order): the
    other is the same puzzle mirrored and is skipped."""
    image = tuple(decided[MIRROR[i]] for i in range(len(decided)))
    return tuple(decided) >= image


FRESH = -1
"""A line's candidates before its first revision: every one (-1 ANDs as all ones), and unequal to any set a
revision leaves, so ``propagate`` revises it."""

FIVE, PAIR, DIAGONAL = 0, 1, 2
"""What a constrained line must hold: a 5-letter word, two overlapping 4-letter words, a diagonal's 4-letter word."""


class _Deal:
    """One deal's relaxation, readings and memos, shared by every node of the search."""

    def __init__(self, words: Sequence[str], index: WordIndex) -> None:
        self.words = list(words)
        self.index = index
        rel = self.rel = _Relaxation(words, index)
        self.five, self.four = _Fast(rel.five), _Fast(rel.four)
        self.pair = _Fast(pair_readings(index))
        self.kinds = (self.five, self.pair, self.four)
        every_pair = self.pair.readings.every
        self.start = {FIVE: {k: rel.candidates[k] for k in LONG},
                      PAIR: {k: self._row_fit(k, self.pair.prune(every_pair, self.root(k))) for k in LONG},
                      DIAGONAL: {k: self.four.prune(self.four.readings.every, self.root(k)) for k in FOUR}}
        self.head = {k: self.four.readings.every for k in LONG}
        self.memo: dict[tuple[int, tuple[int, ...]], int] = {}
        self.local = {kind: {line: self._local(kind, alive) for line, alive in by_line.items()}
                      for kind, by_line in self.start.items()}
        """Each constrained line's candidates numbered on their own (``_local``)."""
        self._kernel: Any = None

    def kernel(self) -> Any:
        """The compiled letter puzzle for this deal (``KERNEL.Kernel``, built once), or None without it."""
        if KERNEL is None:
            return None
        if self._kernel is None:
            tables = [{line: fast.readings.by_letter for line, fast in self.local[kind].items()}
                      for kind in (FIVE, PAIR, DIAGONAL)]
            self._kernel = KERNEL.Kernel(tables, self.four.readings.by_letter, self.rel.offers, LINES, LONG, FOUR,
                                         _OutOfNodes)
        return self._kernel

    def _local(self, kind: int, alive: int) -> _Fast:
        """The line's own readings: only its candidates at the root, numbered from 0, so the bitsets the search
        ANDs and counts on that line are about six times shorter than over every reading of that length. The
        candidates keep their order, so every letter set, every node and the result are the same."""
        readings = self.kinds[kind].readings
        return _Fast(Readings([readings.strings[low.bit_length() - 1] for low in _bits(alive)],
                              len(readings.by_letter)))

    def root(self, line: int) -> list[int]:
        return [self.rel.row_letters[cell // SIZE] for cell in LINES[line]]

    def _row_fit(self, line: int, alive: int) -> int:
        checkpoint()  # a tenth of a second a line before the search starts: a cancel is heard (kitgen.core.cancel)
        cells = LINES[line]
        if cells[0] // SIZE != cells[-1] // SIZE:
            return alive
        fits = self.rel.fits[cells[0] // SIZE].fits
        strings = self.pair.readings.strings
        return sum(low for low in _bits(alive) if fits(strings[low.bit_length() - 1]))

    def best_without_five(self, line: int, doms: tuple[int, ...]) -> int:
        """The most a line of five can add without a 5-letter word, given its boxes' letters: 2, 1 or 0."""
        key = (line, doms)
        got = self.memo.get(key)
        if got is None:
            if self.local[PAIR][line].prune(FRESH, doms):
                got = 2
            elif self.four.prune(self.head[line], doms[:4]) or self.four.prune(self.head[line], doms[1:]):
                got = 1
            else:
                got = 0
            self.memo[key] = got
        return got

    def can_five(self, line: int, doms: tuple[int, ...]) -> bool:
        key = (line + 100, doms)
        got = self.memo.get(key)
        if got is None:
            got = self.memo[key] = 1 if self.local[FIVE][line].prune(FRESH, doms) else 0
        return bool(got)

    def diagonal(self, line: int, doms: tuple[int, ...]) -> int:
        key = (line, doms)
        got = self.memo.get(key)
        if got is None:
            got = self.memo[key] = 1 if self.local[DIAGONAL][line].prune(FRESH, doms) else 0
        return got


@dataclass
class _Node:
    """Letters left in each box, the constrained lines with their candidates, and each line of five's decision
    (True: holds a 5-letter word; False: does not; None: undecided)."""

    domains: list[int]
    lines: dict[int, tuple[int, int]]
    """line -> (kind, candidates alive), the candidates numbered on the line's own (``_Deal.local``); ``FRESH``
    when the line was just added and not yet revised."""
    decided: tuple[bool | None, ...]

    def copy(self) -> _Node:
        return _Node(list(self.domains), dict(self.lines), self.decided)


class _Search:
    def __init__(self, deal: _Deal, best: int, budget: int, tutorial: bool) -> None:
        self.deal = deal
        self.best = best
        self.cells: str | None = None
        self.left = budget
        self.spent = 0
        self.tutorial = tutorial
        self.stop: Callable[[], bool] | None = None
        """Asked every 256 nodes whether to stop now (a time cap, a cancelled job)."""
        self.stopped = False
        self.ties = False
        """The box order's tie-break (``_next_box``), read by the Python puzzle and the kernel alike: ``prove_par``
        sets it from ``TIE_BREAK``; the default par's polish (``Polisher``) keeps the order its pars were found
        with, so the default pars do not move."""
        self.order = sorted(range(len(LONG)), key=lambda i: (deal.start[FIVE][LONG[i]].bit_count(), i))

    # -- propagation and the bound --------------------------------------------------------------------------

    def propagate(self, node: _Node, queue: list[int]) -> bool:
        """Arc consistency over the constrained lines (from ``queue``), then the boxes-to-turns matching.

        A line whose candidates its boxes' letters leave as they were is not revised again: its last revision
        left each box only letters of those candidates, and a box's letters only ever shrink."""
        domains, lines, local = node.domains, node.lines, self.deal.local
        while queue:
            line = queue.pop()
            kind, before = lines[line]
            fast = local[kind][line]
            cells = LINES[line]
            alive = fast.prune(before, [domains[c] for c in cells])
            if not alive:
                return False
            if alive == before:
                continue
            lines[line] = (kind, alive)
            for p, cell in enumerate(cells):
                dom = domains[cell]
                if dom & (dom - 1) == 0:
                    continue
                narrowed = fast.letters(alive, p, dom)
                if narrowed != dom:
                    domains[cell] = narrowed
                    for other in lines:
                        if other != line and other not in queue and cell in LINES[other]:
                            queue.append(other)
        return self.deal.rel.matched(domains)

    def bound(self, node: _Node) -> tuple[int, list[tuple[int, int]]]:
        """The node's bound, and the lines that would have to do their best if it had no slack."""
        deal, domains = self.deal, node.domains
        total = TURNS
        best_lines: list[tuple[int, int]] = []
        for i, line in enumerate(LONG):
            decided = node.decided[i]
            if decided is True:
                total += 3
                continue
            doms = tuple(domains[c] for c in LINES[line])
            if decided is None and deal.can_five(line, doms):
                total += 3
                continue
            gain = deal.best_without_five(line, doms)
            total += gain
            if gain == 2 and decided is False and line not in node.lines:
                best_lines.append((line, PAIR))
        for line in FOUR:
            gain = deal.diagonal(line, tuple(domains[c] for c in LINES[line]))
            total += gain
            if gain and line not in node.lines:
                best_lines.append((line, DIAGONAL))
        return total, best_lines

    def spend(self) -> None:
        if self.left <= 0:
            raise _OutOfNodes
        self.left -= 1
        self.spent += 1
        if self.spent & 255 == 0 and self.stop is not None and self.stop():
            self.stopped = True
            raise _OutOfNodes

    # -- best first over line sets ----------------------------------------------------------------------------

    def decide(self, node: _Node, i: int, holds: bool) -> _Node | None:
        """The node with line ``LONG[i]`` decided; None when the letters cannot do it."""
        child = node.copy()
        decided = list(child.decided)
        decided[i] = holds
        child.decided = tuple(decided)
        if holds:
            line = LONG[i]
            child.lines[line] = (FIVE, FRESH)
            if not self.propagate(child, [line]):
                return None
        return child

    def run(self, progress: Callable[[int, int, int], None] | None = None, domains: list[int] | None = None) -> int:
        """Search until every node is closed (returns the proven bound, ``best``) or the budget runs out (returns
        the bound proven so far). ``domains`` (letters a box may take) narrows the search to some sheets."""
        if domains is None:
            domains = [self.deal.rel.row_letters[c // SIZE] for c in range(TURNS)]
        symmetric = domains == [self.deal.rel.row_letters[c // SIZE] for c in range(TURNS)]
        """Every box may take its row's letters: the search is the same mirrored (``MIRROR``)."""
        root = _Node(list(domains), {}, (None,) * len(LONG))
        if not self.deal.rel.matched(root.domains):
            return self.best
        heap: list[tuple[int, int, int, _Node]] = []
        counter = 0
        top, _ = self.bound(root)
        heapq.heappush(heap, (-top, counter, 0, root))
        try:
            while heap:
                negative, _, depth, node = heapq.heappop(heap)
                if -negative <= self.best:
                    return self.best
                if progress is not None:
                    progress(self.spent, self.best, -negative)
                self.spend()
                if depth == len(LONG):
                    if not symmetric or mirror_first(node.decided):
                        self.puzzle(node)
                    continue
                i = self.order[depth]
                for holds in (True, False):
                    child = self.decide(node, i, holds)
                    if child is None:
                        continue
                    value, _ = self.bound(child)
                    if value > self.best:
                        counter += 1
                        heapq.heappush(heap, (-value, counter, depth + 1, child))
        except _OutOfNodes:
            return max(self.best, -negative)
        return self.best

    # -- the letter puzzle of one line set --------------------------------------------------------------------

    def puzzle(self, node: _Node) -> None:
        """Every sheet of this line set scoring more than ``best`` (which rises as sheets are met): in the compiled
        kernel when there is one and every box's letters are among its first 64 (A-Z are), else in Python."""
        kernel = self.deal.kernel()
        if kernel is not None and max(node.domains) >> 64 == 0:
            kernel.puzzle(self, node.domains, node.lines, node.decided)
        else:
            self.letters(node.copy(), list(node.lines))

    def letters(self, node: _Node, queue: list[int]) -> None:
        while True:
            if not self.propagate(node, queue):
                return
            value, best_lines = self.bound(node)
            if value <= self.best:
                return
            if value > self.best + 1 or not best_lines:
                break
            for line, kind in best_lines:  # no slack: every such line must do its best
                node.lines[line] = (kind, FRESH)
                queue.append(line)
        domains = node.domains
        open_cells = [c for c in range(TURNS) if domains[c] & (domains[c] - 1)]
        if not open_cells:
            self.leaf(domains)
            return
        cell = _next_box(open_cells, domains, node.lines if self.ties else {})
        around = [line for line in node.lines if cell in LINES[line]]
        for low in _bits(domains[cell]):
            self.spend()
            child = node.copy()
            child.domains[cell] = low
            self.letters(child, list(around))

    def leaf(self, domains: list[int]) -> None:
        cells = "".join(ALPHABET[d.bit_length() - 1] for d in domains)
        score = self.deal.index.quick_score(cells, self.tutorial)
        if score <= self.best:
            return
        found = reconstruct(cells, self.deal.words, budget=LEAF_ORDER_BUDGET)
        if found.turns is not None:
            self.best, self.cells = score, cells
        elif not found.decided:
            raise _OutOfNodes


def _next_box(open_cells: list[int], domains: list[int], constrained: dict[int, tuple[int, int]]) -> int:
    """The box the letter puzzle tries letters in next: the fewest letters left, and of those the one on the most
    ``constrained`` lines (each of its letters then narrows the most lines' candidates), then the first. On the
    deals the table proved this order proves with fewer nodes (``benchmarks/bench_prove.py``)."""
    fewest = min(domains[c].bit_count() for c in open_cells)
    tied = [c for c in open_cells if domains[c].bit_count() == fewest]
    if len(tied) == 1:
        return tied[0]
    return max(tied, key=lambda c: (sum(c in LINES[line] for line in constrained), -c))


def prove_par(words: Sequence[str], index: WordIndex, par: int, nodes: int = 1_000_000, tutorial: bool = False,
              progress: Callable[[int, int, int], None] | None = None,
              stop: Callable[[], bool] | None = None) -> Proof:
    """The exact search (module doc) from a known par (the best sheet found so far, ``par`` points), for at most
    ``nodes`` nodes: a better sheet if there is one, and the bound it proved (``proven`` when they meet).

    ``words`` are the deal's 25 words in letters A-Z. ``progress(nodes, best, bound)`` is told as it goes;
    ``stop()`` is asked every 256 nodes whether to end the search early (the answer is then what it has proven).
    """
    if tutorial:
        return Proof(par, None, max(par, TURNS), 0)
    if not all(w.isascii() and w.isalpha() and w.isupper() for w in words[:TURNS]):
        raise ValueError("the proof reads letters A-Z only")
    search = _Search(_Deal(words[:TURNS], index), par, nodes, tutorial)
    search.ties = TIE_BREAK
    search.stop = stop
    bound = search.run(progress)
    return Proof(search.best, search.cells, max(bound, search.best), search.spent, search.stopped)


class Polisher:
    """The exact search over a part of a sheet: the other boxes keep their letters, the part's boxes take any
    letters, and the best sheet of that neighbourhood is found (or the node budget runs out)."""

    def __init__(self, words: Sequence[str], index: WordIndex, tutorial: bool = False) -> None:
        self.deal = _Deal(words[:TURNS], index)
        self.tutorial = tutorial

    def improve(self, cells: str, score: int, free: Sequence[int], nodes: int) -> tuple[str, int, int]:
        """The best sheet found with only the boxes ``free`` changed (``cells`` itself if none beats ``score``),
        its score and the nodes spent."""
        row_letters = self.deal.rel.row_letters
        domains = [1 << LETTER_CODE[ch] for ch in cells]
        for k in free:
            domains[k] = row_letters[k // SIZE] | domains[k]
        search = _Search(self.deal, score, nodes, self.tutorial)
        search.run(None, domains)
        if search.cells is None:
            return cells, score, search.spent
        return search.cells, search.best, search.spent
