"""Seeded barred patterns (``kitgen pattern --style barred``; docs/crossword.md, ruling 7).

A barred grid has no blocks: every square holds a letter and thick bars end the
lights, as in the Listener, Azed and Mephisto puzzles. Generation starts from
an open grid (a light in every row and column) and adds bars, a symmetry orbit
at a time in a seeded random order (``SeededRandom(seed, "pattern")``), keeping
the barred conventions kitgen checks (``style.barred_violations``): every light
3 letters or more (a square cut off alone in one direction is an unch, checked
by the other), at least half of each light checked, no two unches together,
every square in a light, all squares connected. Bars are added until the lights
number about a quarter of the squares (36 on 12x12, as published barred grids
have), a seeded 34-40 scaled by area.
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


def barred(rows: int, cols: int, symmetry: str, rng: SeededRandom) -> Grid:
    """One barred pattern of ``symmetry`` (see the module docstring) from ``rng``."""
    bars = _Bars(rows, cols)
    target = target_lights(rows, cols, rng)
    edges: list[Bar] = [((r, c), RIGHT) for r in range(rows) for c in range(cols - 1)] + \
        [((r, c), BELOW) for r in range(rows - 1) for c in range(cols)]
    rng.shuffle(edges)
    lights = rows + cols
    for edge in edges:
        if lights >= target:
            break
        if bars.has(edge):
            continue
        group = bar_orbit(edge, symmetry, rows, cols)
        for bar in group:
            bars.set(bar, True)
        found = _legal(bars)
        if found < 0 or found > target + 2 or not _connected(bars):
            for bar in group:
                bars.set(bar, False)
            continue
        lights = found
    return Grid(["." * cols] * rows, bars.bar_list())


__all__ = ["bar_orbit", "barred", "target_lights"]
