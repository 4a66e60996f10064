"""Crossword grids: blocks and white cells, lights, newspaper numbering, checking, connectivity.

Rule source: docs/crossword.md, "Rulings" (ruling 1): a light is a maximal run
of two or more white cells; cells are numbered in reading order where a light
starts, as in any newspaper. A white cell on its own (a run of one) is not a
light and is never numbered. A cell is *checked* when it belongs to both an
across and a down light (the seed: "the cross-over points are technically
called checked letters, but in this game they're called links").

A ``Grid`` is immutable: a pattern of blocks, omitted cells (*voids*: no square
at all, as in a shaped grid) and white cells, where a white cell may carry a
letter (a filled pattern), with optional *bars* (thick rules) on the edges
between white cells, as in a barred cryptic. Lights stop at blocks, voids, bars
and the grid's edge. Games keep their own letters.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cached_property

from kitgen.core.i18n import gettext as _
from kitgen.core.i18n import typed
from kitgen.core.language import ALL_LETTERS

BLOCK = "#"
EMPTY = "."
VOID = "-"
"""An omitted cell: not part of the grid at all (ipuz ``null``); it stops lights like a block."""
_LIGHT = re.compile(re.escape(EMPTY) + "{2,}")
"""A light in a row or column of cell kinds (``Grid._kind_rows``): two or more white cells together."""
RIGHT = "R"
BELOW = "B"
"""The two edges a bar is kept on: a bar on the left or top of a cell is the right or bottom bar of its
neighbour, so every inside edge has exactly one name."""
MIN_SIDE = 3
MAX_SIDE = 63
ACROSS = "A"
DOWN = "D"
SYMMETRIES = ("rotational", "quarter", "mirror", "none")
"""Pattern symmetries: 180-degree turn, 90-degree turn, left-right mirror, none."""

Cell = tuple[int, int]
Bar = tuple[Cell, str]
"""A bar: the cell and the edge (``RIGHT`` or ``BELOW``) it is drawn on."""

_GOOD_ROW = re.compile(r"[#.\-A-Z]*")
_WHITE_BITS = str.maketrans({chr(k): "1" for k in range(128)} | dict.fromkeys(ALL_LETTERS, "1")
                            | {BLOCK: "0", VOID: "0"})
"""A row of cells as a bit string: 1 a white cell, 0 a block or a void."""
_KIND_MASK = str.maketrans({chr(k): EMPTY for k in range(ord("A"), ord("Z") + 1)} | dict.fromkeys(ALL_LETTERS, EMPTY))
"""A row of cells as its kinds only: ``#`` block, ``-`` void, ``.`` white (letter or not)."""



def bits_connected(white: int, width: int) -> bool:
    """Whether the set bits of ``white`` (a grid's white cells, ``width`` bits a row with a spare bit at each row's
    end) form one piece: a flood fill that grows the reached cells one step in all four directions a round (five
    shifts of one big integer); the spare bit stops a step from wrapping onto the next row. No cells: False."""
    if not white:
        return False
    reach = white & -white
    while True:
        grown = (reach | (reach << 1) | (reach >> 1) | (reach << width) | (reach >> width)) & white
        if grown == reach:
            return reach == white
        reach = grown

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
    """A rectangular crossword pattern: ``#`` blocks, ``-`` voids, white cells (``.`` empty or a letter A-Z),
    and bars between white cells (``bars``: ``((row, col), "R")`` on a cell's right edge, ``"B"`` below it)."""

    __slots__ = ("rows", "cols", "_cells", "bars", "__dict__")

    def __init__(self, rows: Iterable[str], bars: Iterable[Bar] = ()) -> None:
        cells = [r.upper() for r in rows]
        if len(cells) < MIN_SIDE or len(cells) > MAX_SIDE:
            raise GridError(_("a grid has {low} to {high} rows (got {n})").format(low=MIN_SIDE, high=MAX_SIDE,
                                                                                  n=len(cells)),
                            min(len(cells), MAX_SIDE + 1), 1)
        width = len(cells[0])
        for r, row in enumerate(cells):
            if len(row) != width:
                refusal = _("row {row} has {count} cells, row 1 has {width}")
                raise GridError(refusal.format(row=r + 1, count=len(row), width=width), r + 1,
                                min(len(row), width) + 1)
            if _GOOD_ROW.fullmatch(row):
                continue
            for c, ch in enumerate(row):
                if ch != BLOCK and ch != EMPTY and ch != VOID and ch not in ALL_LETTERS:
                    raise GridError(_("bad cell {cell}: use # for a block, - for a void, . for an empty cell or a "
                                      "letter").format(cell=typed(ch)), r + 1, c + 1)
        if width < MIN_SIDE or width > MAX_SIDE:
            refusal = _("a grid has {low} to {high} columns (got {n})")
            raise GridError(refusal.format(low=MIN_SIDE, high=MAX_SIDE, n=width), 1,
                            min(width, MAX_SIDE + 1))
        self.rows = len(cells)
        self.cols = width
        self._cells = tuple(cells)
        self.bars: frozenset[Bar] = frozenset(self._check_bar(bar) for bar in bars)

    def _check_bar(self, bar: Bar) -> Bar:
        """A bar as kept: on an inside edge, between two white cells (``GridError`` otherwise)."""
        (r, c), side = bar
        if side not in (RIGHT, BELOW):
            raise GridError(_("a bar is on the right (R) or below (B) a cell (got {side!r})").format(side=side),
                            r + 1, c + 1)
        nr, nc = (r, c + 1) if side == RIGHT else (r + 1, c)
        if not (0 <= r < self.rows and 0 <= c < self.cols and nr < self.rows and nc < self.cols):
            raise GridError(_("a bar on the grid's outer edge (the border is already there)"), r + 1, c + 1)
        if not (self.is_white(r, c) and self.is_white(nr, nc)):
            raise GridError(_("a bar must separate two white cells (a block or a void already stops a light)"),
                            r + 1, c + 1)
        return (r, c), side

    # -- construction ---------------------------------------------------------
    @classmethod
    def from_blocks(cls, blocks: Iterable[Iterable[bool | int]]) -> Grid:
        """A blank grid from rows of booleans or 0/1 (true: a block)."""
        return cls("".join(BLOCK if b else EMPTY for b in row) for row in blocks)

    def blank(self) -> Grid:
        """The same pattern with every letter removed (an imported filled grid is blanked)."""
        if not self.has_letters:
            return self
        return Grid(("".join(ch if ch in (BLOCK, VOID) else EMPTY for ch in row) for row in self._cells), self.bars)

    def with_letters(self, letters: dict[Cell, str]) -> Grid:
        """The same pattern with ``letters`` written in its white cells (a filled grid)."""
        rows = [list(row) for row in self._cells]
        for (r, c), ch in letters.items():
            if not self.is_white(r, c):
                raise GridError(_("a letter in a block or void"), r + 1, c + 1)
            rows[r][c] = ch
        return Grid(("".join(row) for row in rows), self.bars)

    def with_bars(self, bars: Iterable[Bar]) -> Grid:
        """The same cells with ``bars`` instead of this grid's bars."""
        return Grid(self._cells, bars)

    # -- cells ----------------------------------------------------------------
    @property
    def text_rows(self) -> tuple[str, ...]:
        """One string a row: ``#`` block, ``-`` void, ``.`` or a letter for a white cell (no bars)."""
        return self._cells

    def __str__(self) -> str:
        return "\n".join(self._cells)

    def __repr__(self) -> str:
        return f"Grid({self.cols}x{self.rows}{', barred' if self.bars else ''})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Grid) and self._cells == other._cells and self.bars == other.bars

    def __hash__(self) -> int:
        return hash((self._cells, self.bars))

    def __getitem__(self, cell: Cell) -> str:
        r, c = cell
        return self._cells[r][c]

    def is_block(self, r: int, c: int) -> bool:
        return self._cells[r][c] == BLOCK

    def is_void(self, r: int, c: int) -> bool:
        return self._cells[r][c] == VOID

    def is_white(self, r: int, c: int) -> bool:
        return 0 <= r < self.rows and 0 <= c < self.cols and self._cells[r][c] not in (BLOCK, VOID)

    def has_bar(self, cell: Cell, side: str) -> bool:
        """Whether a bar is on ``side`` (``R``, ``B``, or ``L``/``T`` for the neighbour's) of ``cell``."""
        r, c = cell
        if side == "L":
            return ((r, c - 1), RIGHT) in self.bars
        if side == "T":
            return ((r - 1, c), BELOW) in self.bars
        return ((r, c), side) in self.bars

    def _joined(self, r: int, c: int, side: str) -> bool:
        """Whether (r, c) runs on into its neighbour on ``side`` (``R`` or ``B``): both white, no bar between."""
        nr, nc = (r, c + 1) if side == RIGHT else (r + 1, c)
        return self.is_white(r, c) and self.is_white(nr, nc) and ((r, c), side) not in self.bars

    @cached_property
    def white_cells(self) -> tuple[Cell, ...]:
        return tuple((r, c) for r, row in enumerate(self._kind_rows) for c, kind in enumerate(row) if kind == EMPTY)

    @property
    def block_count(self) -> int:
        return sum(row.count(BLOCK) for row in self._cells)

    @property
    def void_count(self) -> int:
        return sum(row.count(VOID) for row in self._cells)

    @cached_property
    def has_letters(self) -> bool:
        return any(row.strip(BLOCK + EMPTY + VOID) for row in self._cells)  # a row left with a letter

    def letters(self) -> dict[Cell, str]:
        """The letters a filled pattern carries, by cell."""
        return {(r, c): ch for r, row in enumerate(self._cells) for c, ch in enumerate(row)
                if ch not in (BLOCK, EMPTY, VOID)}

    # -- lights and numbering -----------------------------------------------
    @cached_property
    def lights(self) -> tuple[Light, ...]:
        """Every light in newspaper order (number, then across before down); lights stop at blocks, voids,
        bars and edges."""
        if not self.bars:
            return self._lights_without_bars()
        out: list[Light] = []
        number = 0
        for r in range(self.rows):
            for c in range(self.cols):
                if not self.is_white(r, c):
                    continue
                starts_across = not (c > 0 and self._joined(r, c - 1, RIGHT)) and self._joined(r, c, RIGHT)
                starts_down = not (r > 0 and self._joined(r - 1, c, BELOW)) and self._joined(r, c, BELOW)
                if not (starts_across or starts_down):
                    continue
                number += 1
                if starts_across:
                    end = c
                    while self._joined(r, end, RIGHT):
                        end += 1
                    out.append(Light(number, ACROSS, tuple((r, k) for k in range(c, end + 1))))
                if starts_down:
                    end = r
                    while self._joined(end, c, BELOW):
                        end += 1
                    out.append(Light(number, DOWN, tuple((k, c) for k in range(r, end + 1))))
        return tuple(out)

    def _lights_without_bars(self) -> tuple[Light, ...]:
        """``lights`` for a grid without bars: the runs of two or more white cells of each row and each column
        (found by a regular expression, in C), numbered in reading order of their first cells."""
        across = {(r, run.start()): run.end() for r, row in enumerate(self._kind_rows) for run in _LIGHT.finditer(row)}
        columns = ("".join(column) for column in zip(*self._kind_rows, strict=True))
        down = {(run.start(), c): run.end() for c, column in enumerate(columns) for run in _LIGHT.finditer(column)}
        out: list[Light] = []
        for number, (r, c) in enumerate(sorted(across.keys() | down.keys()), start=1):
            if (r, c) in across:
                out.append(Light(number, ACROSS, tuple((r, k) for k in range(c, across[r, c]))))
            if (r, c) in down:
                out.append(Light(number, DOWN, tuple((k, c) for k in range(r, down[r, c]))))
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
        """For a grid without bars: (checked, orphan), which cells lie in both an across and a down light,
        and which white cells in neither (a white cell is in an across light when a white cell is beside it,
        in a down light when one is above or below it)."""
        white, width = self._white_bits, self.cols + 1
        across = white & ((white << 1) | (white >> 1))
        down = white & ((white << width) | (white >> width))
        return self._cells_of(across & down), self._cells_of(white & ~(across | down))

    def is_checked(self, cell: Cell) -> bool:
        """A cell is checked when it lies in both an across and a down light."""
        if not self.bars:
            r, c = cell
            return 0 <= r < self.rows and 0 <= c < self.cols and self._in_lights[0][r * (self.cols + 1) + 1 + c] == "1"
        across, down = self.lights_at(cell)
        return across is not None and down is not None

    def checked_count(self, light: Light) -> int:
        return sum(1 for cell in light.cells if self.is_checked(cell))

    def orphan_cells(self) -> list[Cell]:
        """White cells in no light at all (a white cell boxed in by blocks), in reading order."""
        if not self.bars:
            bits, width = self._in_lights[1], self.cols + 1
            return [(k // width, k % width - 1) for k, bit in enumerate(bits) if bit == "1"] if "1" in bits else []
        return [cell for cell, (a, d) in self._cell_lights.items() if a is None and d is None]

    def shortest_first_light(self) -> Light | None:
        """Where the first entry goes (ruling 2): a shortest light, the lowest-numbered, across first."""
        if not self.lights:
            return None
        return min(self.lights, key=lambda light: (light.length, light.sort_key))

    # -- shape ----------------------------------------------------------------
    def is_connected(self) -> bool:
        """Whether every white cell can be reached from every other through white cells, never across a bar."""
        if not self.bars:
            return self._connected_without_bars()
        whites = self.white_cells
        if not whites:
            return False
        seen = {whites[0]}
        todo = deque([whites[0]])
        while todo:
            r, c = todo.popleft()
            steps = (((r + 1, c), self._joined(r, c, BELOW)), ((r, c + 1), self._joined(r, c, RIGHT)),
                     ((r - 1, c), r > 0 and self._joined(r - 1, c, BELOW)),
                     ((r, c - 1), c > 0 and self._joined(r, c - 1, RIGHT)))
            for cell, joined in steps:
                if joined and cell not in seen:
                    seen.add(cell)
                    todo.append(cell)
        return len(seen) == len(whites)

    def _connected_without_bars(self) -> bool:
        """``is_connected`` for a grid without bars: a flood fill over a bitset (``_white_bits``), each round
        growing the reached cells one step in all four directions at once."""
        return bits_connected(self._white_bits, self.cols + 1)

    @cached_property
    def _kind_rows(self) -> tuple[str, ...]:
        """Each row as its cells' kinds (``_kind``): block, void or white."""
        return tuple(row.translate(_KIND_MASK) for row in self._cells)

    def _cells_symmetric(self, kind: str) -> bool:
        """Whether the kinds of the cells (block, void, white) are unchanged by ``kind``, row strings compared."""
        mask = self._kind_rows
        if kind == "rotational":
            return mask == tuple(row[::-1] for row in reversed(mask))
        if kind == "mirror":
            return all(row == row[::-1] for row in mask)
        if kind == "quarter":  # (r, c) goes to (c, n-1-r): row r of the turned pattern is column n-1-r
            columns = ["".join(row[c] for row in mask) for c in range(self.cols)]
            return mask == tuple(columns[self.cols - 1 - r] for r in range(self.rows))
        raise ValueError(f"unknown symmetry {kind!r}")

    @cached_property
    def _bar_edges(self) -> frozenset[frozenset[Cell]]:
        """Each bar as the pair of cells it separates (a symmetry maps pairs to pairs)."""
        return frozenset(frozenset({(r, c), (r, c + 1) if side == RIGHT else (r + 1, c)})
                         for (r, c), side in self.bars)

    def has_symmetry(self, kind: str) -> bool:
        """Whether the pattern (blocks, voids and bars) is unchanged by ``kind`` (see ``SYMMETRIES``)."""
        if kind == "none":
            return True
        if kind == "quarter" and self.rows != self.cols:
            return False
        if not self._cells_symmetric(kind):
            return False
        edges = self._bar_edges
        for edge in edges:
            a, b = sorted(edge)
            for a2, b2 in zip(images(a, kind, self.rows, self.cols), images(b, kind, self.rows, self.cols),
                              strict=True):
                if frozenset({a2, b2}) not in edges:
                    return False
        return True

    def symmetries(self) -> list[str]:
        """The symmetries the pattern has, strongest first (``none`` if it has none)."""
        found = [k for k in ("quarter", "rotational", "mirror") if self.has_symmetry(k)]
        return found or ["none"]

    def iter_rows(self) -> Iterator[str]:
        return iter(self._cells)


def images(cell: Cell, kind: str, rows: int, cols: int) -> tuple[Cell, ...]:
    """Where each turn or reflection of ``kind`` symmetry takes ``cell`` (itself first; repeats kept)."""
    r, c = cell
    if kind == "rotational":
        return ((r, c), (rows - 1 - r, cols - 1 - c))
    if kind == "quarter":
        n = rows
        return ((r, c), (c, n - 1 - r), (n - 1 - r, n - 1 - c), (n - 1 - c, r))
    if kind == "mirror":
        return ((r, c), (r, cols - 1 - c))
    if kind == "none":
        return ((r, c),)
    raise ValueError(f"unknown symmetry {kind!r}")


def orbit(cell: Cell, kind: str, rows: int, cols: int) -> tuple[Cell, ...]:
    """The cells ``kind`` symmetry ties to ``cell`` (itself included), without repeats."""
    return tuple(dict.fromkeys(images(cell, kind, rows, cols)))
