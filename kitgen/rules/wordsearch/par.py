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
``WordIndex.quick_score``; it keeps the best sheet seen. It is a heuristic:
the par is the best score *found*, with the time searched. Randomness is
SplitMix64 on the stream ``"wordsearch-par"``; with ``iterations`` the result
is reproducible, with ``seconds`` it depends on the machine's speed.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Sequence

from kitgen.engine.normalize import normalize
from kitgen.engine.random import SeededRandom
from kitgen.rules.wordsearch.game import Turn
from kitgen.rules.wordsearch.lines import SIZE, TURNS, allowed_lines
from kitgen.rules.wordsearch.scoring import WordIndex


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

    def turns(self, deal: Sequence[str]) -> tuple[Turn, ...]:
        return tuple(Turn(t + 1, deal[t], self.letters[t], self.box[t] // SIZE + 1, self.box[t] % SIZE + 1)
                     for t in range(TURNS))


def search_par(deal: Sequence[str], index: WordIndex, seconds: float = 2.0, seed: int = 0,
               iterations: int | None = None, tutorial: bool = False) -> ParResult:
    """Simulated annealing for the best sheet of a 25-word deal; stops after ``seconds`` or ``iterations``."""
    words = [normalize(w) for w in deal[:TURNS]]
    if len(words) < TURNS or not all(words):
        raise ValueError(f"a deal is {TURNS} words of letters")
    rng = SeededRandom(seed, "wordsearch-par")
    plan = _Plan(words, rng)
    grid = plan.cells()
    score = index.quick_score("".join(grid), tutorial)
    best_score, best_cells = score, "".join(grid)
    best_turns = plan.turns(deal)
    start = time.perf_counter()
    budget = iterations if iterations is not None else 1 << 62
    t_hot, t_cold = 3.0, 0.15
    overflow_turns = [t for t in range(TURNS) if plan.overflow[t]]
    progress = 0.0
    n = 0
    while n < budget:
        if n & 255 == 0:
            elapsed = time.perf_counter() - start
            if iterations is None:
                if elapsed >= seconds:
                    break
                progress = elapsed / seconds
            else:
                progress = n / budget
            temp = t_hot * (t_cold / t_hot) ** progress
        n += 1
        move = rng.below(10)
        if move < 5:  # write another letter of the turn's word
            t = rng.below(TURNS)
            options = plan.choices[t]
            if len(options) == 1:
                continue
            old = plan.letters[t]
            new = options[rng.below(len(options))]
            if new == old:
                continue
            k = plan.box[t]
            grid[k] = new
            plan.letters[t] = new
            trial = index.quick_score("".join(grid), tutorial)
            if trial >= score or rng.random() < math.exp((trial - score) / temp):
                score = trial
            else:
                grid[k] = old
                plan.letters[t] = old
                continue
        elif move < 9 or not overflow_turns:  # swap two boxes of one line
            members = plan.members[rng.below(SIZE)]
            if len(members) < 2:
                continue
            i = rng.below(len(members))
            j = rng.below(len(members) - 1)
            j += j >= i
            a, b = members[i], members[j]
            ka, kb = plan.box[a], plan.box[b]
            if grid[ka] == grid[kb]:
                continue
            grid[ka], grid[kb] = grid[kb], grid[ka]
            trial = index.quick_score("".join(grid), tutorial)
            if trial >= score or rng.random() < math.exp((trial - score) / temp):
                score = trial
                plan.box[a], plan.box[b] = kb, ka
                plan.prios[a], plan.prios[b] = plan.prios[b], plan.prios[a]
                members[i], members[j] = b, a
            else:
                grid[ka], grid[kb] = grid[kb], grid[ka]
                continue
        else:  # take the other line where the overflow rule offers two
            t = overflow_turns[rng.below(len(overflow_turns))]
            saved = (list(plan.prefs), list(plan.box), [list(m) for m in plan.members], list(plan.line_of),
                     list(plan.overflow))
            plan.prefs[t] ^= 1
            plan.decode()
            new_grid = plan.cells()
            trial = index.quick_score("".join(new_grid), tutorial)
            if trial >= score or rng.random() < math.exp((trial - score) / temp):
                score, grid = trial, new_grid
                overflow_turns = [u for u in range(TURNS) if plan.overflow[u]] or overflow_turns
            else:
                plan.prefs, plan.box, plan.members, plan.line_of, plan.overflow = saved
                continue
        if score > best_score:
            best_score, best_cells = score, "".join(grid)
            best_turns = plan.turns(deal)
    return ParResult(best_cells, best_turns, best_score, time.perf_counter() - start, n)
