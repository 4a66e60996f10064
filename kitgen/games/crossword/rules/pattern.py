"""A published crossword pattern: the grid, its cell marks, rebus cells and the publisher's metadata.

The grid (``kitgen.core.grid.Grid``) holds what decides the lights: blocks,
omitted cells (voids), bars and the letters of a filled grid. A ``Pattern``
adds what a paper prints but play does not depend on (docs/crossword.md,
ruling 8): circled and shaded cells and background colours, rebus cells (more
than one letter in a square), the title, author, copyright, publisher, date
and notes, and whether the puzzle is a diagramless one (and where its diagram
came from). Sizes are said columns x rows, as .puz, ipuz and crossword apps say.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property
from types import MappingProxyType

from kitgen.core.errors import Location
from kitgen.core.grid import Bar, Cell, Grid, Light

META_FIELDS = ("title", "author", "copyright", "publisher", "date", "notes")
"""The metadata a pattern keeps, in the order the text format and reports list them."""


@dataclass(frozen=True)
class CellMark:
    """How a white cell is marked in print: a circle, shading, a background colour (``RRGGBB``)."""

    circled: bool = False
    shaded: bool = False
    color: str | None = None

    def __bool__(self) -> bool:
        return self.circled or self.shaded or self.color is not None


@dataclass(frozen=True)
class Meta:
    """What the publisher says about a puzzle; an empty string is unknown."""

    title: str = ""
    author: str = ""
    copyright: str = ""
    publisher: str = ""
    date: str = ""
    notes: str = ""

    def items(self) -> list[tuple[str, str]]:
        """The known fields, as (name, value), in ``META_FIELDS`` order."""
        return [(name, getattr(self, name)) for name in META_FIELDS if getattr(self, name)]


def _frozen(data: Mapping[Cell, object] | None) -> Mapping[Cell, object]:
    return MappingProxyType(dict(data or {}))


@dataclass(frozen=True, eq=False)
class Pattern:
    """A grid with its marks, rebus cells and metadata (see the module docstring)."""

    grid: Grid
    marks: Mapping[Cell, CellMark] = field(default_factory=dict)
    rebus: Mapping[Cell, str] = field(default_factory=dict)
    """Cells whose solution is more than one letter (``HEART`` in one square), by cell."""
    meta: Meta = Meta()
    diagramless: bool = False
    """A diagramless puzzle: the solver is given no blocks; kitgen prints the diagram it has."""
    diagram_from_solution: bool = False
    """The diagram was taken from the puzzle's solution (a diagramless file with no diagram of its own)."""
    notes: tuple[str, ...] = ()
    """What the reader left out or changed, said to the user (``2 bars on the outer edge ignored``)."""
    at: Location | None = None
    """Where the grid is in its file (the first row, ipuz ``puzzle``): what is wrong with the grid as a whole,
    such as having no light, is reported there. Not part of the pattern's identity."""
    labels: Mapping[Cell, str] = field(default_factory=dict)
    """The publisher's own clue numbers, by cell, when the file gives numbering that differs from the lights'
    reading order (a variety grid's): printed and exported as the paper printed them (ruling 8). Empty when
    the file gives none or its numbers are the lights' own."""

    def __post_init__(self) -> None:
        marks = {cell: mark for cell, mark in self.marks.items() if mark}
        object.__setattr__(self, "marks", _frozen(marks))
        object.__setattr__(self, "rebus", _frozen(self.rebus))
        labels = {cell: str(label) for cell, label in self.labels.items() if str(label)}
        if labels and labels == {cell: str(n) for cell, n in self.grid.numbers.items()}:
            labels = {}
        object.__setattr__(self, "labels", _frozen(labels))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Pattern) and (self.grid, dict(self.marks), dict(self.rebus), self.meta,
                                               self.diagramless, self.diagram_from_solution, dict(self.labels)) == \
            (other.grid, dict(other.marks), dict(other.rebus), other.meta, other.diagramless,
             other.diagram_from_solution, dict(other.labels))

    def __hash__(self) -> int:
        return hash((self.grid, self.meta, self.diagramless))

    @property
    def size(self) -> str:
        """``15x15``, ``17x11``: columns x rows, as .puz, ipuz and every crossword app say."""
        return size_text(self.grid)

    def blank(self) -> Pattern:
        """The pattern with no letters (an imported solved grid is blanked; rebus solutions go too)."""
        if not self.grid.has_letters and not self.rebus:
            return self
        return replace(self, grid=self.grid.blank(), rebus={})

    def filled(self, letters: dict[Cell, str]) -> Pattern:
        """The pattern with ``letters`` in its white cells (an autofill's solution)."""
        return replace(self, grid=self.grid.with_letters(letters))

    @property
    def numbers(self) -> dict[Cell, str]:
        """The clue numbers printed in the grid: the publisher's (``labels``) when the file gives its own,
        else the lights' reading-order numbers (ruling 1)."""
        if self.labels:
            return dict(self.labels)
        return {cell: str(n) for cell, n in self.grid.numbers.items()}

    def play_grid(self) -> Grid:
        """The grid a game is played and recorded on: its lights named by the publisher's numbers (``12A``, the
        names a player sees on paper) when the file gives its own numbering for every light, else the grid
        itself (lights in reading order)."""
        if self.labels and PrintedGrid.names_every_light(self.grid, self.labels):
            return PrintedGrid(self.grid.text_rows, self.grid.bars, self.labels)
        return self.grid

    @property
    def circled(self) -> list[Cell]:
        return sorted(cell for cell, mark in self.marks.items() if mark.circled)

    @property
    def shaded(self) -> list[Cell]:
        return sorted(cell for cell, mark in self.marks.items() if mark.shaded)


@dataclass(frozen=True)
class PrintedLight(Light):
    """A light named by the publisher's label at its first square (``12``, or a letter label such as ``A``):
    ``name`` is ``12A``/``AD``; ``number`` is the label's number (letter labels after every numbered one),
    so newspaper order is the paper's."""

    label: str = ""

    @property
    def name(self) -> str:
        return f"{self.label.upper()}{self.direction}"


class PrintedGrid(Grid):
    """A grid whose lights carry the publisher's own clue numbers (``Pattern.play_grid``): a game record names
    its lights as the paper prints them (issue 31). Blanking or filling it keeps the numbering."""

    def __init__(self, rows: Iterable[str], bars: Iterable[Bar], labels: Mapping[Cell, str]) -> None:
        super().__init__(rows, bars)
        self.labels = dict(labels)

    @staticmethod
    def names_every_light(grid: Grid, labels: Mapping[Cell, str]) -> bool:
        """Whether ``labels`` label the first square of every light, each label and direction once."""
        names = [(labels.get(light.start, ""), light.direction) for light in grid.lights]
        return all(label for label, _ in names) and len(set(names)) == len(names)

    @cached_property
    def lights(self) -> tuple[Light, ...]:
        reading = Grid(self.text_rows, self.bars).lights
        top = max((int(label) for label in self.labels.values() if label.isdigit()), default=0)
        out = []
        for light in reading:
            label = self.labels[light.start]
            number = int(label) if label.isdigit() else top + light.number
            out.append(PrintedLight(number, light.direction, light.cells, label))
        return tuple(sorted(out, key=lambda light: (light.sort_key, light.start)))

    def blank(self) -> Grid:
        if not self.has_letters:
            return self
        return PrintedGrid(Grid(self.text_rows, self.bars).blank().text_rows, self.bars, self.labels)

    def with_letters(self, letters: dict[Cell, str]) -> Grid:
        return PrintedGrid(super().with_letters(letters).text_rows, self.bars, self.labels)

    def with_bars(self, bars: Iterable[Bar]) -> Grid:
        return Grid(self.text_rows, bars)   # other bars make other lights: the publisher's numbers no longer fit


def size_text(grid: Grid) -> str:
    """``COLSxROWS`` (columns first)."""
    return f"{grid.cols}x{grid.rows}"


def plain(grid: Grid, title: str = "", author: str = "") -> Pattern:
    """A pattern with nothing but ``grid`` (and a title and author)."""
    return Pattern(grid, meta=Meta(title=title, author=author))


__all__ = ["META_FIELDS", "CellMark", "Meta", "Pattern", "PrintedGrid", "PrintedLight", "plain", "size_text"]
