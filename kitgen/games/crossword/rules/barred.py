"""Seeded barred patterns (``kitgen pattern --style barred``; docs/crossword.md, ruling 7).

A barred grid has no blocks: every square holds a letter and thick bars end the
lights, as in the Listener, Azed and Mephisto puzzles. Generation starts from
an open grid (a light in every row and column) and adds bars, a symmetry orbit
at a time in a seeded random order (``SeededRandom(seed, "pattern")``), keeping
the barred conventions kitgen checks (``style.barred_violations``): every light
3 letters or more (a square cut off alone in one direction is an unch, checked
by the other), at least half of each light checked, no two unches together,
every square in a light, all squares connected. First every other square round
the edge becomes an unch (as Azed and Listener grids have them); then bars cut
the longest runs first until the lights number at least a seeded 34-40 on 12x12
(scaled by area) and no light is longer than ``MAX_LIGHT`` (9): about 44-48
lights on 12x12, every one of 20 seeded patterns fillable within a second.
"""

from __future__ import annotations

from collections import deque

from kitgen.core.grid import BELOW, RIGHT, Bar, Cell, Grid, images
from kitgen.core.random import SeededRandom


class _Bars:
    """Bars as two boolean tables, with the runs they make (for the fast checks of each tentative orbit)."""

    def __init__(self, rows: int, cols: int) -> None:
        self.rows, self.cols = rows, cols
        self.right = [[False] * cols for _ in range(rows)]
        self.below = [[False] * cols for _ in range(rows)]

    def set(self, bar: Bar, value: bool) -> None:
        (r, c), side = bar
        (self.right if side == RIGHT else self.below)[r][c] = value

    def has(self, bar: Bar) -> bool:
        (r, c), side = bar
        return (self.right if side == RIGHT else self.below)[r][c]

    def runs(self) -> tuple[list[list[tuple[int, int]]], list[list[tuple[int, int]]]]:
        """Each row's and each column's runs, as (start, end) inclusive."""
        across = [self._cut([self.right[r][c] for c in range(self.cols - 1)]) for r in range(self.rows)]
        down = [self._cut([self.below[r][c] for r in range(self.rows - 1)]) for c in range(self.cols)]
        return across, down

    @staticmethod
    def _cut(bars: list[bool]) -> list[tuple[int, int]]:
        out, start = [], 0
        for k, bar in enumerate(bars):
            if bar:
                out.append((start, k))
                start = k + 1
        out.append((start, len(bars)))
        return out

    def bar_list(self) -> list[Bar]:
        return [((r, c), side) for r in range(self.rows) for c in range(self.cols) for side, table in
                ((RIGHT, self.right), (BELOW, self.below)) if table[r][c]]


def _legal(bars: _Bars) -> int:
    """The number of lights if the bars keep the barred conventions, else -1."""
    across, down = bars.runs()
    rows, cols = bars.rows, bars.cols
    in_across = [[False] * cols for _ in range(rows)]
    in_down = [[False] * cols for _ in range(rows)]
    lights: list[list[Cell]] = []
    for r, runs in enumerate(across):
        for a, b in runs:
            if b - a == 1:
                return -1
            if b > a:
                lights.append([(r, c) for c in range(a, b + 1)])
                for c in range(a, b + 1):
                    in_across[r][c] = True
    for c, runs in enumerate(down):
        for a, b in runs:
            if b - a == 1:
                return -1
            if b > a:
                lights.append([(r, c) for r in range(a, b + 1)])
                for r in range(a, b + 1):
                    in_down[r][c] = True
    for light in lights:
        unch = [not (in_across[r][c] and in_down[r][c]) for r, c in light]
        if sum(unch) * 2 > len(light) or any(unch[k] and unch[k + 1] for k in range(len(unch) - 1)):
            return -1
    if any(not (in_across[r][c] or in_down[r][c]) for r in range(rows) for c in range(cols)):
        return -1
    return len(lights)


def _connected(bars: _Bars) -> bool:
    rows, cols = bars.rows, bars.cols
    seen = {(0, 0)}
    todo = deque([(0, 0)])
    while todo:
        r, c = todo.popleft()
        steps = [((r, c + 1), c + 1 < cols and not bars.right[r][c]),
                 ((r + 1, c), r + 1 < rows and not bars.below[r][c]),
                 ((r, c - 1), c > 0 and not bars.right[r][c - 1]),
                 ((r - 1, c), r > 0 and not bars.below[r - 1][c])]
        for cell, open_ in steps:
            if open_ and cell not in seen:
                seen.add(cell)
                todo.append(cell)
    return len(seen) == rows * cols


def bar_orbit(bar: Bar, symmetry: str, rows: int, cols: int) -> list[Bar]:
    """The bars ``symmetry`` ties to ``bar`` (itself included), each named by its cell's right or bottom edge."""
    (r, c), side = bar
    other = (r, c + 1) if side == RIGHT else (r + 1, c)
    out: list[Bar] = []
    for a, b in zip(images((r, c), symmetry, rows, cols), images(other, symmetry, rows, cols), strict=True):
        first, second = min(a, b), max(a, b)
        named = (first, RIGHT if first[0] == second[0] else BELOW)
        if named not in out:
            out.append(named)
    return out


def target_lights(rows: int, cols: int, rng: SeededRandom) -> int:
    """About a quarter of the squares: a seeded 34-40 on 12x12, scaled by area (at least rows + cols)."""
    return max(rows + cols, round((34 + rng.below(7)) * rows * cols / 144))


MAX_LIGHT = 9
"""The longest light of a generated barred pattern. Measured on 20 seeded 12x12 patterns with the default
lexicon: with lights up to 12 letters crossing at every square none filled within 60 s; capped at 9, all 20
fill in under a second (benchmarks/bench_barred.py)."""


def _edge_unches(rows: int, cols: int, rng: SeededRandom) -> list[Bar]:
    """Bars that make every other square round the edge an unch, as Azed and Listener grids have: a bar under
    a top-row square cuts it off alone down the column, so only its across light holds it (the same for the
    other three edges). The seeded phase says whether the first or the second square starts."""
    phase = rng.below(2)
    return ([((0, c), BELOW) for c in range(phase, cols, 2)] + [((r, 0), RIGHT) for r in range(phase, rows, 2)]
            + [((rows - 2, c), BELOW) for c in range(phase, cols, 2)]
            + [((r, cols - 2), RIGHT) for r in range(phase, rows, 2)])


def _run_lengths(bars: _Bars) -> tuple[list[list[int]], list[list[int]]]:
    """For every square, the length of its across run and of its down run."""
    across, down = bars.runs()
    flat = [[0] * bars.cols for _ in range(bars.rows)]
    tall = [[0] * bars.cols for _ in range(bars.rows)]
    for r, runs in enumerate(across):
        for a, b in runs:
            for c in range(a, b + 1):
                flat[r][c] = b - a + 1
    for c, runs in enumerate(down):
        for a, b in runs:
            for r in range(a, b + 1):
                tall[r][c] = b - a + 1
    return flat, tall


def _longest(runs: tuple[list[list[int]], list[list[int]]]) -> int:
    """The longest light of the pattern whose run lengths are ``runs``."""
    flat, tall = runs
    return max(max(map(max, flat)), max(map(max, tall)))


def _next_split(bars: _Bars, runs: tuple[list[list[int]], list[list[int]]], edges: list[Bar],
                tried: set[Bar]) -> Bar | None:
    """The untried edge cutting the longest run (ties in the seeded shuffle's order), or None when all are tried."""
    flat, tall = runs

    def cut(edge: Bar) -> int:
        (r, c), side = edge
        return flat[r][c] if side == RIGHT else tall[r][c]

    return max((edge for edge in edges if edge not in tried and not bars.has(edge)), key=cut, default=None)


class _Builder:
    """Bars added a symmetry orbit at a time, each kept only if the pattern stays a legal barred grid."""

    def __init__(self, rows: int, cols: int, symmetry: str, target: int) -> None:
        self.bars = _Bars(rows, cols)
        self.symmetry, self.target = symmetry, target
        self.lights = rows + cols

    def add(self, edge: Bar) -> bool:
        bars = self.bars
        group = bar_orbit(edge, self.symmetry, bars.rows, bars.cols)
        for bar in group:
            bars.set(bar, True)
        found = _legal(bars)
        if found < 0 or not _connected(bars):
            for bar in group:
                bars.set(bar, False)
            return False
        self.lights = found
        return True


def barred(rows: int, cols: int, symmetry: str, rng: SeededRandom) -> Grid:
    """One barred pattern of ``symmetry`` (see the module docstring) from ``rng``."""
    build = _Builder(rows, cols, symmetry, target_lights(rows, cols, rng))
    for edge in _edge_unches(rows, cols, rng):
        if not build.bars.has(edge):
            build.add(edge)
    edges: list[Bar] = [((r, c), RIGHT) for r in range(rows) for c in range(cols - 1)] + \
        [((r, c), BELOW) for r in range(rows - 1) for c in range(cols)]
    rng.shuffle(edges)
    tried: set[Bar] = set()
    while True:
        runs = _run_lengths(build.bars)
        if build.lights >= build.target and _longest(runs) <= MAX_LIGHT:
            break
        split = _next_split(build.bars, runs, edges, tried)
        if split is None:
            break
        tried.add(split)
        build.add(split)
    return Grid(["." * cols] * rows, build.bars.bar_list())


__all__ = ["MAX_LIGHT", "bar_orbit", "barred", "target_lights"]
