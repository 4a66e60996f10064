"""Par search: the best sheet a player could make from a deal (issue 4, "Par score").

A sheet made from a deal is fixed by three choices per turn: which of the
word's letters to write, which line when the line rule offers two (the
"playfully" overflow), and which free box of the line. Box order within a
line never matters to the rules (every line ends with five letters, any
order), so a *plan* is: a letter per turn, an overflow preference per turn,
and a priority per turn that ranks the turns of a line into its five boxes.
Decoding a plan replays the turns with ``allowed_lines`` and is always legal.

The search is simulated annealing over plans (change a letter; swap two
boxes of a line; flip an overflow choice), scoring with the memoised
``WordIndex.quick_score``, in rounds of about a second (each later round
restarts from the best plan at a lower temperature), then a hill-climbing
polish that tries every single change. It is a heuristic:
the par is the best score *found*, with the time searched. Randomness is
SplitMix64 on the stream ``"wordsearch-par"``; with ``iterations`` the result
is reproducible, with ``seconds`` it depends on the machine's speed.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from kitgen.core.language import ENGLISH, Language
from kitgen.core.random import SeededRandom
from kitgen.games.wordsearch.rules.game import Turn
from kitgen.games.wordsearch.rules.lines import SIZE, TURNS, allowed_lines
from kitgen.games.wordsearch.rules.scoring import WordIndex


@dataclass(frozen=True)
class ParResult:
    """The best sheet found: its grid, the turn log that makes it, its score and the search effort."""

    cells: str
    turns: tuple[Turn, ...]
    score: int
    seconds: float
    evaluations: int

    @property
    def rows(self) -> list[str]:
        return [self.cells[r * SIZE:(r + 1) * SIZE] for r in range(SIZE)]


class _Plan:
    """Letters, overflow preferences and box priorities for the 25 turns, and their decoding."""

    def __init__(self, words: list[str], rng: SeededRandom) -> None:
        self.words = words
        self.choices = [sorted(set(w)) for w in words]
        self.letters = [rng.choice(c) for c in self.choices]
        self.prefs = [rng.below(2) for _ in words]
        self.prios = list(range(TURNS))
        rng.shuffle(self.prios)
        self.decode()

    def decode(self) -> None:
        """Replay the plan: each turn's line (``allowed_lines``), then each line's turns ranked into boxes."""
        filled = [0] * SIZE
        self.line_of = []
        self.overflow = []
        for t, w in enumerate(self.words):
            lines = allowed_lines(len(w), filled)
            line = lines[self.prefs[t] % len(lines)]
            self.overflow.append(len(lines) > 1)
            self.line_of.append(line)
            filled[line - 1] += 1
        self.members: list[list[int]] = [[] for _ in range(SIZE)]
        for t in sorted(range(TURNS), key=self.prios.__getitem__):
            self.members[self.line_of[t] - 1].append(t)
        self.box = [0] * TURNS
        for r, turns in enumerate(self.members):
            for c, t in enumerate(turns):
                self.box[t] = r * SIZE + c

    def cells(self) -> list[str]:
        grid = ["?"] * (SIZE * SIZE)
        for t in range(TURNS):
            grid[self.box[t]] = self.letters[t]
        return grid

    def turns(self, deal: Sequence[str], lang: Language = ENGLISH) -> tuple[Turn, ...]:
        return tuple(Turn(t + 1, deal[t], self.letters[t], self.box[t] // SIZE + 1, self.box[t] % SIZE + 1,
                          lang=lang) for t in range(TURNS))


class _Search:
    """One annealing search over plans of a deal, keeping the best plan seen."""

    def __init__(self, deal: Sequence[str], words: list[str], index: WordIndex, rng: SeededRandom,
                 tutorial: bool) -> None:
        self.deal = deal
        self.index = index
        self.rng = rng
        self.tutorial = tutorial
        self.plan = _Plan(words, rng)
        self.grid = self.plan.cells()
        self.score = self.evaluate(self.grid)
        self.evaluations = 0
        self.best_score = self.score
        self.best = self.snapshot()
        self.report: Callable[[float, int], None] | None = None
        """Told (seconds searched, best score) about ten times a second, for a progress bar."""
        self.started = time.perf_counter()
        self.reported = self.started

    def evaluate(self, grid: list[str]) -> int:
        return self.index.quick_score("".join(grid), self.tutorial)

    def snapshot(self) -> tuple[list[str], list[int], list[int]]:
        return list(self.plan.letters), list(self.plan.prefs), list(self.plan.prios)

    def restore(self, snap: tuple[list[str], list[int], list[int]]) -> None:
        self.plan.letters, self.plan.prefs, self.plan.prios = list(snap[0]), list(snap[1]), list(snap[2])
        self.plan.decode()
        self.grid = self.plan.cells()
        self.score = self.evaluate(self.grid)

    def _keep_if_best(self) -> None:
        if self.score > self.best_score:
            self.best_score = self.score
            self.best = self.snapshot()

    def _accept(self, trial: int, temp: float) -> bool:
        if trial >= self.score or (temp > 0 and self.rng.random() < math.exp((trial - self.score) / temp)):
            self.score = trial
            return True
        return False

    def try_letter(self, t: int, new: str, temp: float) -> bool:
        """Write another letter of turn t's word."""
        plan, grid = self.plan, self.grid
        old = plan.letters[t]
        if new == old:
            return False
        k = plan.box[t]
        grid[k] = new
        self.evaluations += 1
        if self._accept(self.evaluate(grid), temp):
            plan.letters[t] = new
            self._keep_if_best()
            return True
        grid[k] = old
        return False

    def try_swap(self, line: int, i: int, j: int, temp: float) -> bool:
        """Swap the boxes of the i-th and j-th turns on a line."""
        plan, grid = self.plan, self.grid
        members = plan.members[line]
        a, b = members[i], members[j]
        ka, kb = plan.box[a], plan.box[b]
        if grid[ka] == grid[kb]:
            return False
        grid[ka], grid[kb] = grid[kb], grid[ka]
        self.evaluations += 1
        if self._accept(self.evaluate(grid), temp):
            plan.box[a], plan.box[b] = kb, ka
            plan.prios[a], plan.prios[b] = plan.prios[b], plan.prios[a]
            members[i], members[j] = b, a
            self._keep_if_best()
            return True
        grid[ka], grid[kb] = grid[kb], grid[ka]
        return False

    def try_flip(self, t: int, temp: float) -> bool:
        """Take the other line where the overflow rule offers two (the later turns re-decode)."""
        plan = self.plan
        saved = (list(plan.prefs), list(plan.box), [list(m) for m in plan.members], list(plan.line_of),
                 list(plan.overflow))
        plan.prefs[t] ^= 1
        plan.decode()
        new_grid = plan.cells()
        self.evaluations += 1
        if self._accept(self.evaluate(new_grid), temp):
            self.grid = new_grid
            self._keep_if_best()
            return True
        plan.prefs, plan.box, plan.members, plan.line_of, plan.overflow = saved
        return False

    def anneal(self, stop_time: float | None, iterations: int, t_hot: float, t_cold: float) -> None:
        """Simulated annealing until ``stop_time`` (perf_counter) or ``iterations`` moves."""
        rng, plan = self.rng, self.plan
        began = time.perf_counter()
        temp = t_hot
        n = 0
        while n < iterations:
            if n & 255 == 0:
                now = time.perf_counter()
                if self.report is not None and now - self.reported >= 0.1:
                    self.reported = now
                    self.report(now - self.started, self.best_score)
                if stop_time is not None:
                    if now >= stop_time:
                        break
                    progress = (now - began) / max(stop_time - began, 1e-9)
                else:
                    progress = n / iterations
                temp = t_hot * (t_cold / t_hot) ** progress
            n += 1
            move = rng.below(10)
            overflow_turns = [u for u in range(TURNS) if plan.overflow[u]] if move == 9 else []
            if move < 5:
                t = rng.below(TURNS)
                options = plan.choices[t]
                if len(options) > 1:
                    self.try_letter(t, options[rng.below(len(options))], temp)
            elif move < 9 or not overflow_turns:
                line = rng.below(SIZE)
                size = len(plan.members[line])
                if size >= 2:
                    i = rng.below(size)
                    j = rng.below(size - 1)
                    self.try_swap(line, i, j + (j >= i), temp)
            else:
                self.try_flip(overflow_turns[rng.below(len(overflow_turns))], temp)

    def polish(self) -> None:
        """Hill-climb from the best plan: every letter, every swap, every overflow flip, until none helps."""
        self.restore(self.best)
        improved = True
        while improved:
            before = self.score
            plan = self.plan
            for t in range(TURNS):
                for letter in plan.choices[t]:
                    if letter != plan.letters[t]:
                        self.try_letter(t, letter, 0.0)
            for line in range(SIZE):
                size = len(plan.members[line])
                for i in range(size):
                    for j in range(i + 1, size):
                        self.try_swap(line, i, j, 0.0)
            for t in range(TURNS):
                if plan.overflow[t]:
                    self.try_flip(t, 0.0)
            improved = self.score > before
        self._keep_if_best()


def search_par(deal: Sequence[str], index: WordIndex, seconds: float = 2.0, seed: int = 0,
               iterations: int | None = None, tutorial: bool = False,
               progress: Callable[[float, int], None] | None = None, lang: Language = ENGLISH) -> ParResult:
    """The best sheet found for a 25-word deal: annealing rounds, then a hill-climbing polish.

    The first round starts from a random plan; each later round restarts from the best plan so far at a
    lower temperature. Stops after ``seconds`` (or, reproducibly, after ``iterations`` moves in all).
    ``progress(seconds_so_far, best_score)`` is called about ten times a second. ``lang`` folds the deal's
    words into letters (docs/languages.md).
    """
    words = [lang.normalize(w) for w in deal[:TURNS]]
    if len(words) < TURNS or not all(words):
        raise ValueError(f"a deal is {TURNS} words of letters")
    start = time.perf_counter()
    search = _Search(deal, words, index, SeededRandom(seed, "wordsearch-par"), tutorial)
    search.report = progress
    if iterations is not None:
        rounds = max(1, min(8, iterations // 20_000))
    else:
        rounds = max(1, min(10, int(seconds)))
    for r in range(rounds):
        if r:
            search.restore(search.best)
        stop = None if iterations is not None else start + seconds * (r + 1) / rounds
        search.anneal(stop, iterations // rounds if iterations is not None else 1 << 62,
                      3.0 if r == 0 else 1.2, 0.15)
    search.polish()
    search.restore(search.best)
    cells = "".join(search.grid)
    return ParResult(cells, search.plan.turns(deal, lang), search.best_score, time.perf_counter() - start,
                     search.evaluations)
