"""An exact model of a Make a Wordsearch deal for OR-Tools CP-SAT (the ``par`` extra; docs/wordsearch.md, "The
exact model").

The model is the game itself, nothing relaxed:

* **Turns to rows, the overflow rule exactly.** ``z[t][r]``: turn ``t`` writes on row ``r`` (one row a turn, five
  turns a row). ``full[t][r]``: row ``r`` holds five letters before turn ``t`` (the count of earlier turns on it,
  reified). A turn writes on its target row when that row is not full; on another row only when the target is
  full, that row is not, and every row between them is (``lines.allowed_lines``).
* **Turns to boxes.** ``y[t][c]``: turn ``t`` fills box ``c`` of its row (one box a turn, one turn a box), and the
  box's letter is one of the turn's word's letters.
* **The score, exactly.** Each stretch of 3-5 boxes of each of the 20 lines may be *selected*: its letters then
  spell a string that reads as a word one way or the other (a table constraint). Selected stretches of one line
  may not lie one inside the other. The objective is the boxes covered by selected stretches + 1 a selected
  4-letter stretch + 3 a selected 5-letter one. Any selection scores at most the sheet's true score (its counted
  words are the maximal ones, which cover at least as many boxes and earn at least the bonus of what they hold),
  and selecting the counted words scores exactly the true score: so the model's optimum is the best sheet's score.

The relaxation of this model is weak (a fractional 5-letter word fits every line of five, so its bound stays at
65), so ``prove_line_sets`` proves from the line sets of ``prove.py`` instead: the best-first search over which
lines of five hold 5-letter words, each complete set then asked of CP-SAT with those lines fixed (their 5-letter
words on, every other line's off) and the score above the par. Everything is counted in CP-SAT's deterministic
time on one worker with a fixed seed, so the same deal, words and limits give the same answer on a machine.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from kitgen.core.i18n import gettext
from kitgen.games.wordsearch.rules.bound import LONG, reachable_rows
from kitgen.games.wordsearch.rules.game import reconstruct
from kitgen.games.wordsearch.rules.lines import SIZE, TURNS, target_line
from kitgen.games.wordsearch.rules.prove import Proof, _Deal, _Node, _OutOfNodes, _Search
from kitgen.games.wordsearch.rules.scoring import BONUS, LINES, MIN_WORD, WORD_FLAGS, WordIndex

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


class NoSolver(Exception):
    """OR-Tools is not installed (it is the ``par`` extra: ``pip install 'kitgen[par]'``)."""


def cp_model() -> Any:
    try:
        from ortools.sat.python import cp_model as found
    except ImportError as exc:  # the optional extra
        raise NoSolver(gettext("the exact model needs OR-Tools: pip install 'kitgen[par]'")) from exc
    return found


@dataclass(frozen=True)
class Exact:
    """What one CP-SAT run established."""

    score: int
    """The best score it knows: ``at_least`` - 1 when it found no sheet (none was asked below that)."""
    cells: str | None
    """Its best sheet (25 letters, a legal game), None when it found none scoring ``at_least`` or more."""
    bound: int
    """Proven: no sheet (of the line set asked, if any) scores more."""
    optimal: bool


@functools.lru_cache(maxsize=8)
def _strings(index: WordIndex, n: int) -> tuple[str, ...]:
    """The strings of ``n`` letters that read as a word, forwards or backwards."""
    return tuple(sorted(w for w, flags in index.table.items() if len(w) == n and flags & WORD_FLAGS))


class Model:
    """The CP-SAT model of one deal (module doc). ``domains``: letters each box may take (26-bit masks)."""

    def __init__(self, words: Sequence[str], index: WordIndex, domains: Sequence[int]) -> None:
        self.cp = cp_model()
        self.words = [w.upper() for w in words[:TURNS]]
        self.index = index
        self.model = self.cp.CpModel()
        self.letters = [self.model.NewIntVarFromDomain(self.cp.Domain.FromValues(_codes(d)), f"L{c}")
                        for c, d in enumerate(domains)]
        self._turns(reachable_rows(self.words))
        self.selected: dict[tuple[int, int, int], Any] = {}
        self._stretches(domains)

    def _turns(self, rows: list[set[int]]) -> None:
        m = self.model
        z = [{r: m.NewBoolVar(f"z{t}_{r}") for r in range(SIZE) if t in rows[r]} for t in range(TURNS)]
        for t in range(TURNS):
            m.AddExactlyOne(z[t].values())
        for r in range(SIZE):
            m.Add(sum(z[t][r] for t in range(TURNS) if r in z[t]) == SIZE)
        for t in range(1, TURNS):
            full = {}
            for r in range(SIZE):
                full[r] = m.NewBoolVar(f"f{t}_{r}")
                count = sum(z[s][r] for s in range(t) if r in z[s])
                m.Add(count >= SIZE).OnlyEnforceIf(full[r])
                m.Add(count <= SIZE - 1).OnlyEnforceIf(full[r].Not())
            self._overflow(z[t], full, target_line(len(self.words[t])) - 1)
        self._boxes(z)

    def _overflow(self, z: dict[int, Any], full: dict[int, Any], aim: int) -> None:
        """The line rule: the target row unless it is full; then the nearest row not full either side."""
        m = self.model
        if aim in z:
            m.AddBoolOr([z[aim], full[aim]])
            m.AddImplication(z[aim], full[aim].Not())
        else:
            m.Add(full[aim] == 1)
        for r, goes in z.items():
            if r == aim:
                continue
            between = range(min(r, aim) + 1, max(r, aim))
            m.AddBoolAnd([full[aim], full[r].Not(), *(full[k] for k in between)]).OnlyEnforceIf(goes)

    def _boxes(self, z: list[dict[int, Any]]) -> None:
        m = self.model
        by_cell: list[list[Any]] = [[] for _ in range(TURNS)]
        for t in range(TURNS):
            allowed = self.cp.Domain.FromValues(sorted({ord(ch) - 65 for ch in self.words[t]}))
            for r, goes in z[t].items():
                ys = []
                for c in range(r * SIZE, r * SIZE + SIZE):
                    y = m.NewBoolVar(f"y{t}_{c}")
                    m.AddLinearExpressionInDomain(self.letters[c], allowed).OnlyEnforceIf(y)
                    ys.append(y)
                    by_cell[c].append(y)
                m.Add(sum(ys) == goes)
        for c in range(TURNS):
            m.AddExactlyOne(by_cell[c])

    def _stretches(self, domains: Sequence[int]) -> None:
        m = self.model
        used: list[list[Any]] = [[] for _ in range(TURNS)]
        gain = []
        for k, line in enumerate(LINES):
            spans = [(i, j) for i in range(len(line)) for j in range(i + MIN_WORD, len(line) + 1)]
            for i, j in spans:
                cells = line[i:j]
                fit = [tuple(ord(ch) - 65 for ch in s) for s in _strings(self.index, j - i)
                       if all(domains[c] >> (ord(ch) - 65) & 1 for c, ch in zip(cells, s, strict=True))]
                if not fit:
                    continue
                sel = self.selected[k, i, j] = m.NewBoolVar(f"s{k}_{i}_{j}")
                m.AddAllowedAssignments([self.letters[c] for c in cells], fit).OnlyEnforceIf(sel)
                gain.append(BONUS.get(j - i, 0) * sel)
                for c in cells:
                    used[c].append(sel)
            for (i, j), (a, b) in ((p, q) for p in spans for q in spans if p != q and q[0] <= p[0] and p[1] <= q[1]):
                if (k, i, j) in self.selected and (k, a, b) in self.selected:
                    m.AddBoolOr([self.selected[k, i, j].Not(), self.selected[k, a, b].Not()])
        covered = []
        for c in range(TURNS):
            if used[c]:
                u = m.NewBoolVar(f"u{c}")
                m.Add(u <= sum(used[c]))
                covered.append(u)
        self.objective = sum(covered) + sum(gain)
        m.Maximize(self.objective)

    def five_lines(self, on: Sequence[int], off: Sequence[int]) -> bool:
        """Fix which lines of five hold a 5-letter word; False when a line of ``on`` can hold none."""
        for k in on:
            if (k, 0, SIZE) not in self.selected:
                return False
            self.model.Add(self.selected[k, 0, SIZE] == 1)
        for k in off:
            if (k, 0, SIZE) in self.selected:
                self.model.Add(self.selected[k, 0, SIZE] == 0)
        return True

    def solve(self, at_least: int, seconds: float, hint: str | None = None) -> Exact:
        """The best sheet scoring ``at_least`` or more within ``seconds`` of deterministic time (one worker)."""
        self.model.Add(self.objective >= at_least)
        if hint is not None:
            self.model.ClearHints()
            for c, ch in enumerate(hint):
                self.model.AddHint(self.letters[c], ord(ch) - 65)
        solver = self.cp.CpSolver()
        solver.parameters.num_workers = 1
        solver.parameters.random_seed = 1
        solver.parameters.max_deterministic_time = seconds
        status = solver.Solve(self.model)
        if status == self.cp.INFEASIBLE:
            return Exact(at_least - 1, None, at_least - 1, True)
        if status not in (self.cp.OPTIMAL, self.cp.FEASIBLE):
            return Exact(at_least - 1, None, 10 ** 6, False)
        cells = "".join(chr(65 + solver.Value(v)) for v in self.letters)
        score = self.index.quick_score(cells)
        if reconstruct(cells, self.words).turns is None:  # the model is the rules: never, bar a bug
            raise AssertionError(f"the exact model made an illegal sheet {cells}")
        bound = score if status == self.cp.OPTIMAL else max(score, int(solver.BestObjectiveBound()))
        return Exact(score, cells, bound, status == self.cp.OPTIMAL)


def _codes(mask: int) -> list[int]:
    return [x for x in range(26) if mask >> x & 1]


def row_domains(words: Sequence[str]) -> list[int]:
    """Every box's letters: any letter of a turn that can reach its row."""
    upper = [w.upper() for w in words[:TURNS]]
    rows = reachable_rows(upper)
    masks = [sum(1 << (ord(ch) - 65) for ch in {ch for t in rows[r] for ch in upper[t]}) for r in range(SIZE)]
    return [masks[c // SIZE] for c in range(TURNS)]


def exact_par(words: Sequence[str], index: WordIndex, par: int = 0, hint: str | None = None,
              seconds: float = 60.0) -> Exact:
    """The exact model solved whole: a sheet scoring more than ``par`` if it finds one (the best it finds), and
    the bound it proves (``optimal`` when it proves its sheet best; with none found and ``optimal``, ``par`` is
    proven best)."""
    return Model(words, index, row_domains(words)).solve(par + 1, seconds, hint)


def polish(words: Sequence[str], index: WordIndex, cells: str, score: int, seconds: float = 60.0) -> tuple[str, int]:
    """The par sheet improved by the exact model (started from it): the best sheet found and its score."""
    found = exact_par(words, index, score, cells, seconds)
    return (found.cells, found.score) if found.cells is not None else (cells, score)


class _LineSetSearch(_Search):
    """prove.py's best-first search over line sets, each complete set decided by CP-SAT instead of the letter
    puzzle."""

    seconds: float = 10.0
    domains: list[int]

    def puzzle(self, node: _Node) -> None:
        on = [LONG[i] for i, holds in enumerate(node.decided) if holds]
        off = [LONG[i] for i, holds in enumerate(node.decided) if not holds]
        while True:
            model = Model(self.deal.words, self.deal.index, self.domains)
            if not model.five_lines(on, off):
                return
            found = model.solve(self.best + 1, self.seconds)
            if found.cells is None and found.optimal:
                return  # refuted: no sheet of this line set beats the par
            if found.cells is None:
                raise _OutOfNodes  # undecided within the time: the proof stays open here
            self.best, self.cells = found.score, found.cells


def prove_line_sets(words: Sequence[str], index: WordIndex, par: int, nodes: int = 100_000,
                    seconds: float = 10.0, progress: Callable[[int, int, int], None] | None = None) -> Proof:
    """The proof of ``prove.prove_par`` with each complete line set asked of CP-SAT (``seconds`` of
    deterministic time a set): a better sheet if there is one, and the bound proved (``proven`` when they meet)."""
    upper = [w.upper() for w in words[:TURNS]]
    search = _LineSetSearch(_Deal(upper, index), par, nodes, False)
    search.seconds = seconds
    search.domains = row_domains(upper)
    bound = search.run(progress)
    return Proof(search.best, search.cells, max(bound, search.best), search.spent)
