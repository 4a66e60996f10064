"""The free-form crossword board shared by the Game of Words and 3DXWORD.

Letters lie on an unbounded grid of integer coordinates, 2-D ``(x, y)`` for
table games or 3-D ``(x, y, z)`` for 3DXWORD. A *placement* puts new letters
on empty cells; the board answers the questions every free-form crossword
rule asks (seed ``game-of-words-1938.txt``, "crossword style, without
rearranging"; seed ``3dxword.txt``, rules 8-10):

* are the new letters in a single line (one axis), with no gap other than
  letters already on the board (``line_axis``)?
* which words does the placement form (``words_formed``): every maximal run
  of two or more letters, along any axis, that contains a new letter?
* does it join what is there (``joins``)?

Runs are read in the positive direction of their axis (+x across, +y down,
+z up); a game that reads some axis the other way (3DXWORD's ``drop``) reverses
the run itself. The board knows no game's scoring.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass

from kitgen.core.i18n import gettext

Coord = tuple[int, ...]


class BadPlacement(ValueError):
    """A placement the board cannot take: an occupied cell, a wrong dimension, no letters."""

    def __init__(self, message: str, cell: Coord | None = None) -> None:
        super().__init__(message)
        self.cell = cell


@dataclass(frozen=True)
class Run:
    """A maximal straight run of letters along one axis, read in the +axis direction."""

    axis: int
    cells: tuple[Coord, ...]
    letters: str

    @property
    def word(self) -> str:
        return self.letters

    def __len__(self) -> int:
        return len(self.cells)


def _step(c: Coord, axis: int, delta: int) -> Coord:
    return c[:axis] + (c[axis] + delta,) + c[axis + 1:]


class Board:
    """Letters on an unbounded grid of ``dims`` dimensions."""

    def __init__(self, dims: int = 2, cells: Mapping[Coord, str] | None = None) -> None:
        if dims not in (2, 3):
            raise ValueError("a board has 2 or 3 dimensions")
        self.dims = dims
        self._cells: dict[Coord, str] = {}
        if cells:
            for c, letter in cells.items():
                self._check_coord(c)
                self._cells[tuple(c)] = letter

    # -- reading ------------------------------------------------------------
    def _check_coord(self, c: Coord) -> None:
        if len(c) != self.dims:
            raise BadPlacement(gettext("cell {cell} has {count} coordinates; this board has {dims}").format(
                cell=c, count=len(c), dims=self.dims), c)

    def letter(self, c: Coord) -> str | None:
        return self._cells.get(c)

    def __contains__(self, c: object) -> bool:
        return c in self._cells

    def __len__(self) -> int:
        return len(self._cells)

    def __iter__(self) -> Iterator[Coord]:
        return iter(self._cells)

    def items(self) -> Iterable[tuple[Coord, str]]:
        return self._cells.items()

    def copy(self) -> Board:
        return Board(self.dims, self._cells)

    def bounds(self) -> tuple[Coord, Coord]:
        """(lowest, highest) coordinate on each axis; ``((0,..), (-1,..))`` when empty."""
        if not self._cells:
            return (0,) * self.dims, (-1,) * self.dims
        lows = tuple(min(c[a] for c in self._cells) for a in range(self.dims))
        highs = tuple(max(c[a] for c in self._cells) for a in range(self.dims))
        return lows, highs

    def neighbours(self, c: Coord) -> Iterator[Coord]:
        for axis in range(self.dims):
            yield _step(c, axis, -1)
            yield _step(c, axis, +1)

    # -- questions about a placement -----------------------------------------
    def _check_placement(self, placement: Mapping[Coord, str]) -> None:
        if not placement:
            raise BadPlacement(gettext("no letters placed"))
        for c in placement:
            self._check_coord(c)
            if c in self._cells:
                held = self._cells[c]
                raise BadPlacement(gettext("cell {cell} already holds {letter}").format(cell=c, letter=held), c)

    def run_through(self, c: Coord, axis: int, placement: Mapping[Coord, str] | None = None) -> Run:
        """The maximal run along ``axis`` through cell ``c``, with ``placement`` laid down too."""
        extra = placement or {}

        def at(x: Coord) -> str | None:
            return extra.get(x) or self._cells.get(x)

        start = c
        while at(_step(start, axis, -1)) is not None:
            start = _step(start, axis, -1)
        cells, letters = [], []
        cur = start
        while (ch := at(cur)) is not None:
            cells.append(cur)
            letters.append(ch)
            cur = _step(cur, axis, +1)
        return Run(axis, tuple(cells), "".join(letters))

    def line_axis(self, placement: Mapping[Coord, str]) -> int | None:
        """The axis the new letters lie along, if they form one unbroken line; else ``None``.

        The cells between the first and last new letter must all be filled, by
        new letters or by letters already on the board. A single letter lies
        along every axis; the lowest axis with a run of 2+ through it is given
        (0 if none).
        """
        self._check_placement(placement)
        cells = list(placement)
        if len(cells) == 1:
            c = cells[0]
            for axis in range(self.dims):
                if len(self.run_through(c, axis, placement)) >= 2:
                    return axis
            return 0
        for axis in range(self.dims):
            others = {c[:axis] + c[axis + 1:] for c in cells}
            if len(others) != 1:
                continue
            lo = min(c[axis] for c in cells)
            hi = max(c[axis] for c in cells)
            base = cells[0]
            for v in range(lo, hi + 1):
                x = base[:axis] + (v,) + base[axis + 1:]
                if x not in placement and x not in self._cells:
                    return None
            return axis
        return None

    def words_formed(self, placement: Mapping[Coord, str], min_length: int = 2) -> list[Run]:
        """Every maximal run of ``min_length``+ letters containing a new letter, main line first."""
        self._check_placement(placement)
        main = self.line_axis(placement)
        seen: set[tuple[int, Coord]] = set()
        runs: list[Run] = []
        axes = ([main] if main is not None else []) + [a for a in range(self.dims) if a != main]
        for axis in axes:
            for c in sorted(placement):
                run = self.run_through(c, axis, placement)
                key = (axis, run.cells[0])
                if key in seen or len(run) < min_length:
                    continue
                seen.add(key)
                runs.append(run)
        return runs

    def joins(self, placement: Mapping[Coord, str]) -> bool:
        """Whether the placement touches a letter already on the board (an empty board: True)."""
        if not self._cells:
            return True
        return any(n in self._cells for c in placement for n in self.neighbours(c))

    # -- changing ---------------------------------------------------------------
    def place(self, placement: Mapping[Coord, str]) -> list[Run]:
        """Lay the letters down; returns the words formed (as ``words_formed``)."""
        runs = self.words_formed(placement)
        self._cells.update(placement)
        return runs

    def remove(self, cells: Iterable[Coord]) -> None:
        for c in cells:
            self._cells.pop(c, None)

    def to_text(self, z: int = 0, empty: str = ".") -> str:
        """The board (or one z-layer of a 3-D board) as rows of text, top row first."""
        if not self._cells:
            return ""
        (x0, y0, *_), (x1, y1, *_) = self.bounds()
        rows = []
        for y in range(y0, y1 + 1):
            row = []
            for x in range(x0, x1 + 1):
                c = (x, y) if self.dims == 2 else (x, y, z)
                row.append(self._cells.get(c, empty))
            rows.append("".join(row))
        return "\n".join(rows)


def placement_along(start: Coord, axis: int, word: str, board: Board, step: int = 1) -> dict[Coord, str]:
    """The new letters needed to write ``word`` from ``start`` along ``axis`` (``step`` -1 to read backwards).

    Cells already holding the right letter are skipped; a cell holding another
    letter raises ``BadPlacement`` naming it.
    """
    out: dict[Coord, str] = {}
    c = start
    for ch in word:
        have = board.letter(c)
        if have is None:
            out[c] = ch
        elif have != ch:
            refusal = gettext("cell {cell} holds {have}, not {letter}")
            raise BadPlacement(refusal.format(cell=c, have=have, letter=ch), c)
        c = _step(c, axis, step)
    return out
