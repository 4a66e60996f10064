"""Par search: the best sheet a player could make from a deal (docs/wordsearch.md, "Par search").

A sheet made from a deal is fixed by three choices per turn: which of the
word's letters to write, which line when the line rule offers two (the
"playfully" overflow), and which free box of the line. Box order within a
line never matters to the rules (every line ends with five letters, any
order), so a *plan* is: a letter per turn, an overflow preference per turn,
and a priority per turn that ranks the turns of a line into its five boxes.
Decoding a plan replays the turns with ``allowed_lines`` and is always legal.

The search is simulated annealing over plans (change a letter; swap two
boxes of a line; flip an overflow choice), scoring with the memoised
``WordIndex.quick_score``, in rounds of ``ROUND`` steps (each later round
restarts from the best plan so far, cooler), each round followed by a
hill-climbing polish that tries every single change until none helps.

It is driven by a **budget counted in steps** (one step: one change tried),
never by the clock, so a deal, a budget and a word list give the same par on
every machine. Nothing in the search depends on the budget: the budget only
says where one fixed sequence of steps stops, so a larger budget runs the
smaller one's steps and goes on, and its par (the best sheet seen) is never
lower. Acceptance of a worse sheet compares an integer draw with an integer
threshold, so no floating-point rounding steers the search. Randomness is
SplitMix64 on the stream ``"wordsearch-par"``, seeded with the deal number.
``seconds`` is only a cap: a search cut by it says so (``capped``) and
reports the steps it ran, which reproduce it as a budget.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import math
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum

from kitgen.core.cancel import checkpoint
from kitgen.core.i18n import decimal, gettext
from kitgen.core.language import ENGLISH, Language
from kitgen.core.random import SeededRandom
from kitgen.games.wordsearch.rules.bound import Bound
from kitgen.games.wordsearch.rules.game import Turn, reconstruct
from kitgen.games.wordsearch.rules.lines import SIZE, TURNS, allowed_lines
from kitgen.games.wordsearch.rules.prove import LEAF_ORDER_BUDGET, Polisher, prove_par
from kitgen.games.wordsearch.rules.scoring import WordIndex
from kitgen.games.wordsearch.rules.table import TableEntry


@dataclass(frozen=True)
class ParResult:
    """The best sheet found: its grid, the turn log that makes it, its score and the search effort."""

    cells: str
    turns: tuple[Turn, ...]
    score: int
    seconds: float
    evaluations: int
    """Sheets scored."""
    steps: int = 0
    """Changes tried: the budget spent (all of it unless the time cap cut the search)."""
    budget: int = 0
    """The budget asked for."""
    capped: bool = False
    """The time cap (``seconds``) stopped the search before the budget was spent."""

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
                 tutorial: bool, budget: int) -> None:
        self.deal = deal
        self.lang = ENGLISH
        self.index = index
        self.rng = rng
        self.tutorial = tutorial
        self.plan = _Plan(words, rng)
        self.grid = self.plan.cells()
        self.score = self.evaluate(self.grid)
        self.evaluations = 0
        self.best_score = self.score
        self.best = self.snapshot()
        self.report: Callable[[int, int], None] | None = None
        """Told (steps so far, best score) about ten times a second, for a progress bar."""
        self.reported = time.perf_counter()
        self.budget = budget
        self.steps = 0
        self.deadline: float | None = None
        self.capped = False
        self.thresholds: tuple[int, ...] = ()
        self.polisher: Polisher | None = None
        """The exact polish (``exact_polish``), when the deal and the scoring allow it."""

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

    def _accept(self, trial: int, hot: bool) -> bool:
        """Keep a sheet at least as good; a worse one only while annealing (``hot``), by an integer draw."""
        loss = self.score - trial
        if loss <= 0 or (hot and loss <= MAX_LOSS and self.rng.below(DRAW) < self.thresholds[loss]):
            self.score = trial
            return True
        return False

    def try_letter(self, t: int, new: str, hot: bool) -> bool:
        """Write another letter of turn t's word."""
        plan, grid = self.plan, self.grid
        old = plan.letters[t]
        if new == old:
            return False
        k = plan.box[t]
        grid[k] = new
        self.evaluations += 1
        if self._accept(self.evaluate(grid), hot):
            plan.letters[t] = new
            self._keep_if_best()
            return True
        grid[k] = old
        return False

    def try_swap(self, line: int, i: int, j: int, hot: bool) -> bool:
        """Swap the boxes of the i-th and j-th turns on a line."""
        plan, grid = self.plan, self.grid
        members = plan.members[line]
        a, b = members[i], members[j]
        ka, kb = plan.box[a], plan.box[b]
        if grid[ka] == grid[kb]:
            return False
        grid[ka], grid[kb] = grid[kb], grid[ka]
        self.evaluations += 1
        if self._accept(self.evaluate(grid), hot):
            plan.box[a], plan.box[b] = kb, ka
            plan.prios[a], plan.prios[b] = plan.prios[b], plan.prios[a]
            members[i], members[j] = b, a
            self._keep_if_best()
            return True
        grid[ka], grid[kb] = grid[kb], grid[ka]
        return False

    def try_flip(self, t: int, hot: bool) -> bool:
        """Take the other line where the overflow rule offers two (the later turns re-decode)."""
        plan = self.plan
        saved = (list(plan.prefs), list(plan.box), [list(m) for m in plan.members], list(plan.line_of),
                 list(plan.overflow))
        plan.prefs[t] ^= 1
        plan.decode()
        new_grid = plan.cells()
        self.evaluations += 1
        if self._accept(self.evaluate(new_grid), hot):
            self.grid = new_grid
            self._keep_if_best()
            return True
        plan.prefs, plan.box, plan.members, plan.line_of, plan.overflow = saved
        return False

    def spend(self) -> bool:
        """Count one step; False once the budget (or the time cap) is spent: the search stops there."""
        if self.steps >= self.budget:
            return False
        self.steps += 1
        if self.steps & 255 == 0:
            checkpoint()  # a face that cancels the work (kitgen.core.cancel) stops the search here
            now = time.perf_counter()
            if self.report is not None and now - self.reported >= 0.1:
                self.reported = now
                self.report(self.steps, self.best_score)
            if self.deadline is not None and now >= self.deadline:
                self.capped = True
                self.budget = self.steps
        return True

    def anneal(self, t_hot: float) -> bool:
        """One round of simulated annealing, ``ROUND`` steps from ``t_hot`` down to ``T_COLD``; False if the
        budget ran out."""
        rng, plan = self.rng, self.plan
        for n in range(ROUND):
            if not self.spend():
                return False
            self.thresholds = _thresholds(t_hot, n * LEVELS // ROUND)
            move = rng.below(10)
            if move < 5:
                t = rng.below(TURNS)
                options = plan.choices[t]
                if len(options) > 1:
                    self.try_letter(t, options[rng.below(len(options))], True)
                continue
            overflow_turns = [u for u in range(TURNS) if plan.overflow[u]] if move == 9 else []
            if overflow_turns:
                self.try_flip(overflow_turns[rng.below(len(overflow_turns))], True)
                continue
            line = rng.below(SIZE)
            size = len(plan.members[line])
            if size >= 2:
                i = rng.below(size)
                j = rng.below(size - 1)
                self.try_swap(line, i, j + (j >= i), True)
        return True

    def polish(self) -> bool:
        """Hill-climb from the best plan: every letter, every swap, every overflow flip, until none helps
        (a step each); False if the budget ran out."""
        self.restore(self.best)
        improved = True
        while improved:
            before = self.score
            plan = self.plan
            for t in range(TURNS):
                for letter in plan.choices[t]:
                    if letter != plan.letters[t]:
                        if not self.spend():
                            return False
                        self.try_letter(t, letter, False)
            for line in range(SIZE):
                size = len(plan.members[line])
                for i in range(size):
                    for j in range(i + 1, size):
                        if not self.spend():
                            return False
                        self.try_swap(line, i, j, False)
            for t in range(TURNS):
                if plan.overflow[t]:
                    if not self.spend():
                        return False
                    self.try_flip(t, False)
            improved = self.score > before
        return True


    def adopt(self, cells: str, score: int) -> None:
        """Make a legal sheet the current plan (its turn order from ``game.reconstruct``)."""
        turns = reconstruct(cells, self.deal, budget=LEAF_ORDER_BUDGET, lang=self.lang).turns
        if turns is None:  # the exact search checked it; never reached
            return
        plan = self.plan
        filled = [0] * SIZE
        for t, turn in enumerate(turns):
            lines = allowed_lines(len(plan.words[t]), filled)
            plan.prefs[t] = lines.index(turn.row)
            filled[turn.row - 1] += 1
            plan.letters[t] = turn.letter
            plan.prios[t] = (turn.row - 1) * SIZE + turn.col - 1
        plan.decode()
        self.grid = plan.cells()
        self.score = score
        self._keep_if_best()

    def exact_polish(self) -> bool:
        """From the best plan: the exact search over each neighbourhood of two rows or two columns (the other
        boxes kept), ``REGION_NODES`` nodes each at most, each node ``NODE_STEPS`` steps, round the 20
        neighbourhoods until none improves; False if the budget (or the time cap) ran out."""
        polisher = self.polisher
        if polisher is None:
            return True
        self.restore(self.best)
        cells, score = "".join(self.grid), self.best_score
        improved = True
        while improved:
            improved = False
            for region in REGIONS:
                left = (self.budget - self.steps) // NODE_STEPS
                if left <= 0:
                    return False
                if self.deadline is not None and time.perf_counter() >= self.deadline:
                    self.capped, self.budget = True, self.steps
                    return False
                new_cells, new_score, spent = polisher.improve(cells, score, region, min(REGION_NODES, left))
                self.steps += spent * NODE_STEPS
                if new_score > score:
                    cells, score, improved = new_cells, new_score, True
                    self.adopt(cells, score)
                    if self.report is not None:
                        self.report(self.steps, self.best_score)
        return True


ROUND = 20_000
"""Steps of one annealing round."""
LEVELS = 64
"""Temperature levels of a round: the temperature falls in steps, each with its table of integer thresholds."""
T_FIRST, T_LATER, T_COLD = 3.0, 1.2, 0.15
"""The first round starts hot, the later ones (from the best plan so far) cooler; every round ends at T_COLD."""
DRAW = 1 << 32
MAX_LOSS = 64
DEFAULT_BUDGET = 200_000
"""Steps of ``kitgen deal wordsearch --par`` without ``--budget``: about 3 s on a 2020s machine."""
FIRST_PHASE = 100_000
"""The first steps are the annealing search alone (the par search as it was until issue 30); the exact polish
and further rounds follow from its best sheet."""
NODE_STEPS = 8
"""Budget steps a node of the exact polish counts for (a node costs about as much as eight changes tried)."""
REGION_NODES = 400
"""Nodes of the exact search over one neighbourhood (two rows or two columns) at most."""
REGIONS = tuple(tuple(sorted(k for line in pair for k in line)) for pair in itertools.chain(
    itertools.combinations([tuple(r * SIZE + c for c in range(SIZE)) for r in range(SIZE)], 2),
    itertools.combinations([tuple(r * SIZE + c for r in range(SIZE)) for c in range(SIZE)], 2)))
"""The neighbourhoods of the exact polish: every two rows, then every two columns (their boxes free)."""


@functools.lru_cache(maxsize=2 * LEVELS)
def _thresholds(t_hot: float, level: int) -> tuple[int, ...]:
    """At temperature level ``level`` of a round starting at ``t_hot``: for a sheet ``loss`` points worse,
    accept it when a draw below 2**32 is under ``thresholds[loss]`` (round(2**32 * exp(-loss / T)))."""
    temp = t_hot * (T_COLD / t_hot) ** (level / LEVELS)
    return tuple(round(DRAW * math.exp(-loss / temp)) for loss in range(MAX_LOSS + 1))


def search_par(deal: Sequence[str], index: WordIndex, budget: int = DEFAULT_BUDGET, seed: int = 0,
               seconds: float | None = None, tutorial: bool = False,
               progress: Callable[[int, int], None] | None = None, lang: Language = ENGLISH,
               exact: bool = True) -> ParResult:
    """The best sheet found for a 25-word deal in ``budget`` steps: annealing rounds of ``ROUND`` steps, each
    followed by a hill-climbing polish, the later rounds restarting from the best plan so far, for the first
    ``FIRST_PHASE`` steps; then (``exact``, full scoring, letters A-Z) the exact polish of every two rows and every
    two columns of the best sheet, and annealing rounds again, in turn. ``exact=False`` leaves the exact polish
    out (the search as it was before, for the benchmarks).

    The same deal, budget, seed and word list give the same result anywhere, and a larger budget extends the
    smaller one's search (its par is never lower). ``seconds`` caps the time: a search it cuts short is
    ``capped``, its ``steps`` the budget that reproduces it. ``progress(steps, best_score)`` is called about
    ten times a second. ``lang`` folds the deal's words into letters (docs/languages.md).
    """
    words = [lang.normalize(w) for w in deal[:TURNS]]
    if len(words) < TURNS or not all(words):
        raise ValueError(f"a deal is {TURNS} words of letters")
    if budget < 1:
        raise ValueError("the budget is at least one step")
    start = time.perf_counter()
    search = _Search(deal, words, index, SeededRandom(seed, "wordsearch-par"), tutorial, budget)
    search.report = progress
    search.deadline = None if seconds is None else start + seconds
    search.lang = lang
    exact = exact and budget > FIRST_PHASE  # the polish runs past the first phase only: no model to build before
    if exact and not tutorial and all(w.isascii() and w.isalpha() and w.isupper() for w in words):
        search.polisher = Polisher(words, index)  # ~0.35 s CPU a deal
    search.budget = min(budget, FIRST_PHASE)
    round_number = 0
    while search.anneal(T_FIRST if round_number == 0 else T_LATER) and search.polish():
        round_number += 1
        search.restore(search.best)
    if budget > FIRST_PHASE and not search.capped:
        search.budget = budget
        while search.exact_polish() and search.anneal(T_LATER) and search.polish():
            search.restore(search.best)
    search.restore(search.best)
    cells = "".join(search.grid)
    return ParResult(cells, search.plan.turns(deal, lang), search.best_score, time.perf_counter() - start,
                     search.evaluations, search.steps, budget, search.capped)


NODE_COST = 250
"""Budget steps a node of the bound's search counts for (a node checks a whole grid's consistency)."""


class ParSource(Enum):
    """Where a par and its bound come from."""

    SEARCH = "search"
    TABLE = "table"


@dataclass(frozen=True)
class ParAndBound:
    """The par (the best sheet found) and the proven bound beside it: "par 57 of at most 61"."""

    par: ParResult
    bound: Bound
    nodes: int = 0
    """Nodes of the exact search (``--prove``) run; 0 when it did not run."""
    source: ParSource = ParSource.SEARCH
    """Where the answer comes from: the search just run, or kitgen's table of pars (``rules.table``)."""
    exact: float = 0.0
    """Deterministic seconds given to the exact CP-SAT model (``--exact``); 0 when it did not run."""

    @property
    def proven(self) -> bool:
        """The par equals the bound: no sheet of this deal scores more."""
        return self.par.score >= self.bound.score


def par_and_bound(deal: Sequence[str], index: WordIndex, budget: int = DEFAULT_BUDGET, seed: int = 0,
                  seconds: float | None = None, tutorial: bool = False,
                  progress: Callable[[int, int], None] | None = None, lang: Language = ENGLISH,
                  exact: bool = True) -> ParAndBound:
    """The par search (``search_par``, ``budget`` steps; ``exact=False`` without the exact polish) and the bound
    (``bound.upper_bound``, a node a ``NODE_COST`` steps of the first ``FIRST_PHASE`` run, so a search cut by
    ``seconds`` is reproduced by its steps as a budget); a legal sheet the bound's search meets that beats the
    par becomes the par. Both are deterministic in the budget, and a larger budget gives a par as high or higher
    and a bound as low or lower."""
    from kitgen.games.wordsearch.rules.bound import upper_bound

    started = time.perf_counter()
    found = search_par(deal, index, budget, seed, seconds, tutorial, progress, lang, exact)
    nodes = min(found.steps, FIRST_PHASE) // NODE_COST
    bound = upper_bound([lang.normalize(w) for w in deal[:TURNS]], index, nodes, tutorial)
    if bound.witness is not None:
        score = index.quick_score(bound.witness, tutorial)
        turns = reconstruct(bound.witness, deal, lang=lang).turns
        if score > found.score and turns is not None:
            found = dataclasses.replace(found, cells=bound.witness, turns=turns, score=score)
    return ParAndBound(dataclasses.replace(found, seconds=time.perf_counter() - started), bound)


def par_and_proof(deal: Sequence[str], index: WordIndex, budget: int = DEFAULT_BUDGET, nodes: int = DEFAULT_BUDGET,
                  seed: int = 0, seconds: float | None = None, progress: Callable[[int, int], None] | None = None,
                  lang: Language = ENGLISH, stop: Callable[[], bool] | None = None) -> ParAndBound:
    """``par_and_bound``, then the exact search (``prove.prove_par``) from its par for at most ``nodes`` nodes: a
    better sheet if it meets one, and the bound it proves (``proven`` when par and bound meet). ``seconds`` caps
    the two together; ``stop()`` ends the exact search early."""
    started = time.perf_counter()
    found = par_and_bound(deal, index, budget, seed, seconds, False, progress, lang)
    words = [lang.normalize(w) for w in deal[:TURNS]]
    if not all(w.isascii() and w.isalpha() and w.isupper() for w in words):
        return found
    deadline = None if seconds is None else started + seconds

    def halt() -> bool:
        return (stop is not None and stop()) or (deadline is not None and time.perf_counter() >= deadline)

    def told(spent: int, best: int, bound: int) -> None:
        if progress is not None:
            progress(found.par.steps + spent, best)

    proof = prove_par(words, index, found.par.score, nodes, progress=told, stop=halt)
    par = found.par
    if proof.cells is not None and proof.score > par.score:
        turns = reconstruct(proof.cells, deal, budget=LEAF_ORDER_BUDGET, lang=lang).turns
        if turns is not None:
            par = dataclasses.replace(par, cells=proof.cells, turns=turns, score=proof.score)
    bound = found.bound if found.bound.score <= proof.bound else dataclasses.replace(found.bound, score=proof.bound)
    par = dataclasses.replace(par, seconds=time.perf_counter() - started, capped=par.capped or proof.stopped)
    return ParAndBound(par, bound, proof.nodes)


def par_and_exact(found: ParAndBound, deal: Sequence[str], index: WordIndex, seconds: float,
                  lang: Language = ENGLISH) -> ParAndBound:
    """A par made better or proven by the exact CP-SAT model (``rules.exact``, the ``par`` extra), started from its
    sheet for ``seconds`` of deterministic time on one worker: a better sheet becomes the par, and the bound it
    proves (its best sheet's when it proves it optimal; the par's when it refutes every sheet above) lowers the
    bound. A proven par, or a deal whose letters are not A-Z (the model's alphabet), is returned as it is."""
    from kitgen.games.wordsearch.rules.exact import exact_par

    words = [lang.normalize(w) for w in deal[:TURNS]]
    if found.proven or not all(w.isascii() and w.isalpha() and w.isupper() for w in words):
        return found
    started = time.perf_counter()
    run = exact_par(words, index, found.par.score, found.par.cells, seconds)
    par = found.par
    if run.cells is not None and run.score > par.score:
        turns = reconstruct(run.cells, deal, budget=LEAF_ORDER_BUDGET, lang=lang).turns
        if turns is not None:  # the model is the rules: always
            par = dataclasses.replace(par, cells=run.cells, turns=turns, score=run.score)
    proved = max(run.bound, par.score)
    bound = found.bound if found.bound.score <= proved else dataclasses.replace(found.bound, score=proved)
    par = dataclasses.replace(par, seconds=par.seconds + time.perf_counter() - started)
    return ParAndBound(par, bound, found.nodes, found.source, seconds)


def combine_with_table(found: ParAndBound | None, entry: TableEntry, deal: Sequence[str]) -> ParAndBound:
    """The table's par and bound for a deal, or, beside a search just run, the better par and the lower bound of
    the two (so a larger budget never gives a lower par than the table's)."""
    if found is not None and found.par.score > entry.par:
        par = found.par
    else:
        turns = reconstruct(entry.cells, deal, budget=LEAF_ORDER_BUDGET).turns
        if turns is None:  # the tests check every line of the table; never reached
            raise ValueError(f"the table's sheet for deal {entry.seed} is not a legal game")
        spent = found.par if found is not None else None
        par = ParResult(entry.cells, turns, entry.par, spent.seconds if spent else 0.0,
                        spent.evaluations if spent else 0, spent.steps if spent else 0,
                        spent.budget if spent else entry.budget, spent.capped if spent else False)
    bound = Bound(entry.bound, 0, 0) if found is None or found.bound.score > entry.bound else found.bound
    return ParAndBound(par, bound, entry.nodes if found is None else found.nodes, ParSource.TABLE)


class ParWork:
    """The per-deal work of ``kitgen deal wordsearch --range A-B --par``: each deal's par and bound at one budget
    (picklable, so forked processes and Dask workers run it; the same line for a deal wherever it runs)."""

    def __init__(self, index: WordIndex, budget: int, lang: Language = ENGLISH) -> None:
        self.index = index
        self.budget = budget
        self.lang = lang

    def __call__(self, seed: int) -> dict[str, object]:
        from kitgen.games.wordsearch.rules.book import book_deal

        found = par_and_bound(book_deal(seed, self.lang), self.index, self.budget, seed=seed, lang=self.lang)
        return {"game": "wordsearch", "seed": seed, "par": found.par.score, "bound": found.bound.score,
                "proven": found.proven, "budget": self.budget, "grid": found.par.rows}


def _mean(value: object) -> str:
    """A survey's mean as Python writes it (4.3, 12.0), with the text language's decimal comma."""
    return str(value) if decimal(0.5) == "0.5" else str(value).replace(".", ",")


class ParTally:
    """The summary of a par survey: deals, mean par and bound, the widest gap, the deals proven optimal."""

    def __init__(self) -> None:
        self.deals = self.par = self.bound = self.proven = 0
        self.widest: tuple[int, int] = (-1, 0)

    def add(self, line: Mapping[str, object]) -> None:
        par, bound, seed = int(str(line["par"])), int(str(line["bound"])), int(str(line["seed"]))
        self.deals += 1
        self.par += par
        self.bound += bound
        self.proven += par >= bound
        self.widest = max(self.widest, (bound - par, -seed))

    def to_json(self) -> dict[str, object]:
        n = max(self.deals, 1)
        return {"mean_par": round(self.par / n, 2), "mean_bound": round(self.bound / n, 2),
                "mean_gap": round((self.bound - self.par) / n, 2), "proven": self.proven,
                "widest_gap": max(self.widest[0], 0), "widest_gap_seed": -self.widest[1] if self.deals else None}

    def lines(self, stats: bool) -> list[str]:
        doc = self.to_json()
        return [gettext("mean par {par}, mean bound {bound} (gap {gap}), {proven} of {deals} proven optimal").format(
            par=_mean(doc["mean_par"]), bound=_mean(doc["mean_bound"]), gap=_mean(doc["mean_gap"]),
            proven=self.proven, deals=self.deals)]
