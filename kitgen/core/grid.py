"""Crossword grids: blocks and white cells, lights, newspaper numbering, checking, connectivity.

Rule source: docs/crossword.md, "Rulings" (ruling 1): a light is a maximal run
of two or more white cells; cells are numbered in reading order where a light
starts, as in any newspaper. A white cell on its own (a run of one) is not a
light and is never numbered. A cell is *checked* when it belongs to both an
across and a down light (the seed: "the cross-over points are technically
called checked letters, but in this game they're called links").

A ``Grid`` is immutable: a pattern of blocks and white cells, where a white
cell may carry a letter (a filled pattern). Games keep their own letters.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cached_property

BLOCK = "#"
EMPTY = "."
MIN_SIDE = 3
MAX_SIDE = 63
ACROSS = "A"
DOWN = "D"
SYMMETRIES = ("rotational", "quarter", "mirror", "none")
"""Pattern symmetries: 180-degree turn, 90-degree turn, left-right mirror, none."""

Cell = tuple[int, int]

_GOOD_ROW = re.compile(r"[#.A-Z]*")
_WHITE_BITS = str.maketrans({chr(k): "1" for k in range(128) if chr(k) != BLOCK} | {BLOCK: "0"})
"""A row of cells as a bit string: 1 a white cell, 0 a block."""
_BLOCK_MASK = str.maketrans({chr(k): EMPTY for k in range(ord("A"), ord("Z") + 1)})


class GridError(ValueError):
    """A grid that cannot exist: ragged, too small or large, or with a bad character."""

    def __init__(self, message: str, row: int = 0, col: int = 0) -> None:
        super().__init__(message)
        self.message = message
        self.row = row
        self.col = col


@dataclass(frozen=True)
class Light:
    """A maximal run of two or more white cells, across (``A``) or down (``D``), with its clue number."""

    number: int
    direction: str
    cells: tuple[Cell, ...]

    @property
    def name(self) -> str:
        """``14A`` or ``3D``, as a record names it."""
        return f"{self.number}{self.direction}"

    @property
    def length(self) -> int:
        return len(self.cells)

    @property
    def start(self) -> Cell:
        return self.cells[0]

    @property
    def sort_key(self) -> tuple[int, int]:
        """Newspaper order: by number, across before down."""
        return (self.number, 0 if self.direction == ACROSS else 1)


class Grid:
    """A rectangular crossword pattern: ``#`` blocks, white cells (``.`` empty or a letter A-Z)."""

    __slots__ = ("rows", "cols", "_cells", "__dict__")

    def __init__(self, rows: Iterable[str]) -> None:
        cells = [r.upper() for r in rows]
        if len(cells) < MIN_SIDE or len(cells) > MAX_SIDE:
            raise GridError(f"a grid has {MIN_SIDE} to {MAX_SIDE} rows (got {len(cells)})",
                            min(len(cells), MAX_SIDE + 1), 1)
        width = len(cells[0])
        for r, row in enumerate(cells):
            if len(row) != width:
                raise GridError(f"row {r + 1} has {len(row)} cells, row 1 has {width}", r + 1,
                                min(len(row), width) + 1)
            if _GOOD_ROW.fullmatch(row):
                continue
            for c, ch in enumerate(row):
                if ch != BLOCK and ch != EMPTY and not ("A" <= ch <= "Z"):
                    raise GridError(f"bad cell {ch!r}: use # for a block, . for an empty cell or a letter",
                                    r + 1, c + 1)
        if width < MIN_SIDE or width > MAX_SIDE:
            raise GridError(f"a grid has {MIN_SIDE} to {MAX_SIDE} columns (got {width})", 1,
                            min(width, MAX_SIDE + 1))
        self.rows = len(cells)
        self.cols = width
        self._cells = tuple(cells)

    # -- construction ---------------------------------------------------------
    @classmethod
    def from_blocks(cls, blocks: Iterable[Iterable[bool | int]]) -> Grid:
        """A blank grid from rows of booleans or 0/1 (true: a block)."""
        return cls("".join(BLOCK if b else EMPTY for b in row) for row in blocks)

    def blank(self) -> Grid:
        """The same pattern with every letter removed (an imported filled grid is blanked)."""
        if not self.has_letters:
            return self
        return Grid("".join(BLOCK if ch == BLOCK else EMPTY for ch in row) for row in self._cells)

    # -- cells ----------------------------------------------------------------
    @property
    def text_rows(self) -> tuple[str, ...]:
        return self._cells

    def __str__(self) -> str:
        return "\n".join(self._cells)

    def __repr__(self) -> str:
        return f"Grid({self.rows}x{self.cols})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Grid) and self._cells == other._cells

    def __hash__(self) -> int:
        return hash(self._cells)

    def __getitem__(self, cell: Cell) -> str:
        r, c = cell
        return self._cells[r][c]

    def is_block(self, r: int, c: int) -> bool:
        return self._cells[r][c] == BLOCK

    def is_white(self, r: int, c: int) -> bool:
        return 0 <= r < self.rows and 0 <= c < self.cols and self._cells[r][c] != BLOCK

    @cached_property
    def white_cells(self) -> tuple[Cell, ...]:
        return tuple((r, c) for r in range(self.rows) for c in range(self.cols) if self._cells[r][c] != BLOCK)

    @property
    def block_count(self) -> int:
        return self.rows * self.cols - len(self.white_cells)

    @cached_property
    def has_letters(self) -> bool:
        return any(ch not in (BLOCK, EMPTY) for row in self._cells for ch in row)

    def letters(self) -> dict[Cell, str]:
        """The letters a filled pattern carries, by cell."""
        return {(r, c): ch for r, row in enumerate(self._cells) for c, ch in enumerate(row)
                if ch not in (BLOCK, EMPTY)}

    # -- lights and numbering -----------------------------------------------
    @cached_property
    def lights(self) -> tuple[Light, ...]:
        """Every light in newspaper order (number, then across before down)."""
        out: list[Light] = []
        number = 0
        cells = self._cells
        for r in range(self.rows):
            for c in range(self.cols):
                if cells[r][c] == BLOCK:
                    continue
                starts_across = (c == 0 or cells[r][c - 1] == BLOCK) and c + 1 < self.cols and cells[r][c + 1] != BLOCK
                starts_down = (r == 0 or cells[r - 1][c] == BLOCK) and r + 1 < self.rows and cells[r + 1][c] != BLOCK
                if not (starts_across or starts_down):
                    continue
                number += 1
                if starts_across:
                    end = c
                    while end < self.cols and cells[r][end] != BLOCK:
                        end += 1
                    out.append(Light(number, ACROSS, tuple((r, k) for k in range(c, end))))
                if starts_down:
                    end = r
                    while end < self.rows and cells[end][c] != BLOCK:
                        end += 1
                    out.append(Light(number, DOWN, tuple((k, c) for k in range(r, end))))
        return tuple(out)

    @cached_property
    def numbers(self) -> dict[Cell, int]:
        """The clue number printed in each cell where a light starts."""
        return {light.start: light.number for light in self.lights}

    @cached_property
    def _by_name(self) -> dict[str, Light]:
        return {light.name: light for light in self.lights}

    def light(self, name: str) -> Light | None:
        """The light called ``14A``/``3D`` (``None`` if there is none)."""
        return self._by_name.get(name.upper())

    @cached_property
    def _cell_lights(self) -> dict[Cell, tuple[Light | None, Light | None]]:
        across: dict[Cell, Light] = {}
        down: dict[Cell, Light] = {}
        for light in self.lights:
            target = across if light.direction == ACROSS else down
            for cell in light.cells:
                target[cell] = light
        return {cell: (across.get(cell), down.get(cell)) for cell in self.white_cells}

    def lights_at(self, cell: Cell) -> tuple[Light | None, Light | None]:
        """The (across, down) lights through a white cell (either may be ``None``)."""
        return self._cell_lights.get(cell, (None, None))

    def crossing(self, light: Light, cell: Cell) -> Light | None:
        """The light running the other way through ``cell`` of ``light``."""
        across, down = self.lights_at(cell)
        return down if light.direction == ACROSS else across

    @cached_property
    def _white_bits(self) -> int:
        """The white cells as one integer, a bit a cell, row after row with a spare 0 bit before each row
        (so that a shift by one never carries a cell onto the next row, and a shift by ``cols + 1`` moves
        a cell to the row above or below)."""
        return int("".join("0" + row.translate(_WHITE_BITS) for row in self._cells), 2)

    def _cells_of(self, bits: int) -> str:
        """``bits`` (laid out as ``_white_bits``) as a string of 0 and 1, indexed ``r * (cols + 1) + 1 + c``."""
        total = self.rows * (self.cols + 1)
        return format(bits, f"0{total}b")[-total:]

    @cached_property
    def _in_lights(self) -> tuple[str, str]:
        """(checked, orphan): which cells lie in both an across and a down light, and which white cells in
        neither (a white cell is in an across light when a white cell is beside it, in a down light when
        one is above or below it)."""
        white, width = self._white_bits, self.cols + 1
        across = white & ((white << 1) | (white >> 1))
        down = white & ((white << width) | (white >> width))
        return self._cells_of(across & down), self._cells_of(white & ~(across | down))

    def is_checked(self, cell: Cell) -> bool:
        """A cell is checked when it lies in both an across and a down light."""
        r, c = cell
        return 0 <= r < self.rows and 0 <= c < self.cols and self._in_lights[0][r * (self.cols + 1) + 1 + c] == "1"

    def checked_count(self, light: Light) -> int:
        return sum(1 for cell in light.cells if self.is_checked(cell))

    def orphan_cells(self) -> list[Cell]:
        """White cells in no light at all (a white cell boxed in by blocks), in reading order."""
        bits, width = self._in_lights[1], self.cols + 1
        return [(k // width, k % width - 1) for k, bit in enumerate(bits) if bit == "1"] if "1" in bits else []

    def shortest_first_light(self) -> Light | None:
        """Where the first entry goes (ruling 2): a shortest light, the lowest-numbered, across first."""
        if not self.lights:
            return None
        return min(self.lights, key=lambda light: (light.length, light.sort_key))

    # -- shape ----------------------------------------------------------------
    def is_connected(self) -> bool:
        """Whether every white cell can be reached from every other through white cells.

        A flood fill over a bitset (one bit a cell, a spare 0 bit after each row so a step never wraps
        onto the next row): each round grows the reached cells one step in all four directions at once.
        """
        width = self.cols + 1
        white = self._white_bits
        if not white:
            return False
        reach = white & -white
        while True:
            grown = (reach | (reach << 1) | (reach >> 1) | (reach << width) | (reach >> width)) & white
            if grown == reach:
                return reach == white
            reach = grown

    @cached_property
    def _block_rows(self) -> tuple[str, ...]:
        """Each row as ``#`` and ``.`` only: the block pattern, letters or not."""
        return tuple(row.translate(_BLOCK_MASK) for row in self._cells)

    def has_symmetry(self, kind: str) -> bool:
        """Whether the block pattern is unchanged by ``kind`` (see ``SYMMETRIES``)."""
        mask = self._block_rows
        if kind == "none":
            return True
        if kind == "rotational":
            return mask == tuple(row[::-1] for row in reversed(mask))
        if kind == "mirror":
            return all(row == row[::-1] for row in mask)
        if kind == "quarter":  # (r, c) goes to (c, n-1-r): row r of the turned pattern is column n-1-r
            columns = ["".join(row[c] for row in mask) for c in range(self.cols)]
            return self.rows == self.cols and mask == tuple(columns[self.cols - 1 - r] for r in range(self.rows))
        raise ValueError(f"unknown symmetry {kind!r}")

    def symmetries(self) -> list[str]:
        """The symmetries the pattern has, strongest first (``none`` if it has none)."""
        found = [k for k in ("quarter", "rotational", "mirror") if self.has_symmetry(k)]
        return found or ["none"]

    def iter_rows(self) -> Iterator[str]:
        return iter(self._cells)


def orbit(cell: Cell, kind: str, rows: int, cols: int) -> tuple[Cell, ...]:
    """The cells ``kind`` symmetry ties to ``cell`` (itself included), without repeats."""
    r, c = cell
    cells: tuple[Cell, ...]
    if kind == "rotational":
        cells = ((r, c), (rows - 1 - r, cols - 1 - c))
    elif kind == "quarter":
        n = rows
        cells = ((r, c), (c, n - 1 - r), (n - 1 - r, n - 1 - c), (n - 1 - c, r))
    elif kind == "mirror":
        cells = ((r, c), (r, cols - 1 - c))
    elif kind == "none":
        cells = ((r, c),)
    else:
        raise ValueError(f"unknown symmetry {kind!r}")
    return tuple(dict.fromkeys(cells))
