"""ipuz (http://ipuz.org, v1 and v2) read and write for crossword patterns (docs/crossword.md, ruling 8).

Read: the ``kind`` (``crossword``, ``crossword/diagramless``), ``dimensions``,
``puzzle`` and ``solution`` (cells that are the file's ``block`` value, ``#`` by
default, are blocks; ``null`` cells are omitted: voids, the shape of the grid;
anything else is a white cell, numbered or not, in ``{"cell", "style",
"value"}`` form too), the ``styles`` named in cells, and the publisher's
``title``, ``author``, ``copyright``, ``publisher``, ``date`` and ``notes``. A
cell's StyleSpec gives its bars (``barred``: ``T``, ``L``, ``B``, ``R`` and
combinations), a circle (``shapebg: circle``), shading (``highlight``) and a
background colour (``color``); StyleSpec keys kitgen does not print are left out
and named in a note. A bar on the grid's outer edge or beside a block or void
means nothing and is left out (noted). A file wrapped as ``ipuz({...})`` (the
JSONP form of the spec's own examples) reads the same. A diagramless puzzle
takes its diagram from its ``solution`` when it has one (``Pattern.
diagram_from_solution``), else from its ``puzzle``; with neither there is
nothing to print (exit 2). Letters (and rebus solutions) come from the
solution. Every problem is reported at the line and column of the JSON value
concerned.

Written: ``version`` v2, ``kind`` (``crossword#1``, plus ``crossword/
diagramless#1`` for a diagramless pattern), the metadata, ``dimensions``,
``block`` and ``empty``, ``puzzle`` (clue numbers, ``0`` for an unnumbered white
cell, ``"#"`` for a block, ``null`` for a void, ``{"cell", "style"}`` for a cell
with bars (each written once, on the right or bottom edge of the cell before
it), a circle, shading or a colour), ``solution`` when the pattern is filled,
and ``clues`` (every light's number with an empty clue, so solving apps show
the numbering). Output is deterministic (the same pattern gives the same bytes).
"""

from __future__ import annotations

import bisect
import html
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kitgen.core.errors import InputError, Location
from kitgen.core.grid import BELOW, BLOCK, EMPTY, MAX_SIDE, MIN_SIDE, RIGHT, VOID, Bar, Cell, Grid
from kitgen.core.i18n import N_, library_reason
from kitgen.core.i18n import gettext as _
from kitgen.core.normalize import normalize
from kitgen.core.text import TextSource, parse_count
from kitgen.games.crossword.rules.pattern import META_FIELDS, CellMark, Meta, Pattern
from kitgen.io.files import kitgen_mark

IPUZ_VERSION = "http://ipuz.org/v2"
IPUZ_KIND = "http://ipuz.org/crossword#1"
DIAGRAMLESS_KIND = "http://ipuz.org/crossword/diagramless#1"
MAX_LABEL = 4
"""The longest clue label kitgen prints in a square (``"12"``, ``"123a"``)."""
JSON_REASONS = frozenset({
    N_("Expecting value"), N_("Expecting ',' delimiter"), N_("Expecting ':' delimiter"),
    N_("Expecting property name enclosed in double quotes"), N_("Extra data"), N_("Unterminated string starting at"),
    N_("Invalid control character at"), N_("Invalid \\escape"), N_("Invalid \\uXXXX escape"),
})
"""The reasons Python's JSON parser gives, as it spells them: each a catalogue message saying it plainly in the text
language (``library_reason``), after the located ``not JSON:``."""
PRINTED_STYLES = frozenset({"barred", "shapebg", "highlight", "color"})
"""StyleSpec keys kitgen prints; others (``divided``, ``mark``, ``dotted`` ...) are named in a note."""
_JSONP = re.compile(r"^(\s*[A-Za-z_$][\w$.]*\s*\()(.*)(\)\s*;?\s*)$", re.DOTALL)
_TAG = re.compile(r"<[^>]*>")
_DATE = re.compile(r"^(\d{4})-(\d{2})-(\d{2})$")


class BadIpuz(InputError):
    """An ipuz file kitgen cannot read as a crossword grid."""


def _cell_style(pattern: Pattern, cell: Cell) -> dict[str, Any]:
    """The StyleSpec of a written cell: its bars (right and bottom edges), circle, shading and colour."""
    grid = pattern.grid
    style: dict[str, Any] = {}
    sides = "".join(side for side in (RIGHT, BELOW) if grid.has_bar(cell, side))
    if sides:
        style["barred"] = sides
    mark = pattern.marks.get(cell, CellMark())
    if mark.circled:
        style["shapebg"] = "circle"
    if mark.shaded:
        style["highlight"] = True
    if mark.color:
        style["color"] = mark.color
    return style


def _puzzle_cell(pattern: Pattern, cell: Cell) -> Any:
    grid = pattern.grid
    if grid.is_block(*cell):
        return "#"
    if grid.is_void(*cell):
        return None
    number = _number_value(pattern.numbers.get(cell, ""))
    style = _cell_style(pattern, cell)
    return {"cell": number, "style": style} if style else number


def _number_value(label: str) -> int | str:
    """A clue label as ipuz writes it: a number when it is one, else the string; ``0`` for none."""
    if not label:
        return 0
    return int(label) if label.isascii() and label.isdigit() else label


def _solution_cell(pattern: Pattern, cell: Cell) -> Any:
    grid = pattern.grid
    if grid.is_block(*cell):
        return "#"
    if grid.is_void(*cell):
        return None
    return pattern.rebus.get(cell) or grid[cell]


def _date(value: str) -> str:
    """A date as ipuz writes it (mm/dd/yyyy); an ISO date is turned round, anything else kept as typed."""
    m = _DATE.match(value)
    return f"{m.group(2)}/{m.group(3)}/{m.group(1)}" if m else value


def ipuz_dict(pattern: Pattern | Grid, title: str = "") -> dict[str, Any]:
    """The ipuz document of ``pattern`` (``title`` stands in for a missing one; a bare grid is signed kitgen)."""
    if isinstance(pattern, Grid):
        pattern = Pattern(pattern, meta=Meta(title=title or "kitgen crossword pattern", author="kitgen"))
    grid = pattern.grid
    meta = dict(pattern.meta.items())
    if title:
        meta.setdefault("title", title)
    if "date" in meta:
        meta["date"] = _date(meta["date"])
    cells = [[(r, c) for c in range(grid.cols)] for r in range(grid.rows)]
    out: dict[str, Any] = {
        "version": IPUZ_VERSION,
        "kind": [IPUZ_KIND, DIAGRAMLESS_KIND] if pattern.diagramless else [IPUZ_KIND],
        **{name: meta[name] for name in META_FIELDS if name in meta},
        "origin": kitgen_mark(),
        "dimensions": {"width": grid.cols, "height": grid.rows},
        "block": "#",
        "empty": 0,
        "puzzle": [[_puzzle_cell(pattern, cell) for cell in row] for row in cells],
    }
    if grid.has_letters:
        out["solution"] = [[_solution_cell(pattern, cell) for cell in row] for row in cells]
    numbers = pattern.numbers
    out["clues"] = {name: [[_number_value(numbers.get(light.start, str(light.number))), ""]
                           for light in grid.lights if light.direction == way]
                    for name, way in (("Across", "A"), ("Down", "D"))}
    return out


def ipuz_text(pattern: Pattern | Grid, title: str = "") -> str:
    """The ipuz JSON of ``pattern`` (one puzzle row or clue list a line, deterministic)."""
    parts = []
    for key, value in ipuz_dict(pattern, title).items():
        if key in ("puzzle", "solution"):
            inner = ",\n".join("  " + json.dumps(row, ensure_ascii=False) for row in value)
            parts.append(f' "{key}": [\n{inner}\n ]')
        elif key == "clues":
            inner = ",\n".join(f'  "{k}": {json.dumps(v)}' for k, v in value.items())
            parts.append(f' "clues": {{\n{inner}\n }}')
        else:
            parts.append(f" {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}")
    return "{\n" + ",\n".join(parts) + "\n}\n"


MAX_DEPTH = 64
"""The deepest nesting of arrays and objects an ipuz file may have (an ipuz grid needs four)."""
_TOKEN = re.compile(r'\s+|"(?:[^"\\]|\\.)*"|-?Infinity|NaN|true|false|null|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|[][{},:]')
_BRACKETS = re.compile(r'"(?:[^"\\]|\\.)*"|[][{}]')


@dataclass
class _Frame:
    """An array or object of the text being scanned: where it starts and where each of its values starts."""

    start: int
    array: bool
    offsets: dict[object, int] = field(default_factory=dict)
    children: dict[object, _Frame] = field(default_factory=dict)
    key: object = None
    expect_key: bool = False


class _Placed:
    """Where each JSON array element and object value starts in the text, for ``FILE:LINE:COL`` messages.

    The text is parsed by ``json.loads`` (its integers through ``parse_count``) after a check that it is
    nested no deeper than ``MAX_DEPTH``; a second pass over its tokens notes the offset of every value,
    keyed by the parsed list or dict that holds it.
    """

    def __init__(self, name: str, text: str) -> None:
        self.name = name
        self.text = text
        self.starts: dict[int, tuple[int, dict[object, int]]] = {}
        self._root: object = None
        self._newlines: list[int] | None = None

    def loads(self) -> object:
        self._check_depth()
        self._root = json.loads(self.text, parse_int=self._int)
        root = self._frames()
        if root is not None:
            self._link(self._root, root)
        return self._root

    def _check_depth(self) -> None:
        """Refuse nesting deeper than ``MAX_DEPTH`` (located at the bracket that goes too deep) before parsing."""
        depth = 0
        for m in _BRACKETS.finditer(self.text):
            ch = m.group()
            if ch in "[{":
                depth += 1
                if depth > MAX_DEPTH:
                    raise BadIpuz(_("not JSON: nested deeper than {levels} levels").format(levels=MAX_DEPTH),
                                  self.location(m.start()))
            elif ch in "]}":
                depth -= 1

    def _frames(self) -> _Frame | None:
        """The offsets of every value in the (valid) JSON text, as a tree of frames; the root frame."""
        stack: list[_Frame] = []
        root: _Frame | None = None
        for m in _TOKEN.finditer(self.text):
            token, at = m.group(), m.start()
            if token[0].isspace() or token in ",:":
                if token == "," and stack and not stack[-1].array:
                    stack[-1].expect_key = True
                continue
            if token in "]}":
                stack.pop()
                continue
            top = stack[-1] if stack else None
            if top is not None and top.expect_key:
                top.key, top.expect_key = json.loads(token), False
                continue
            key: object = None
            if top is not None:
                key = len(top.offsets) if top.array else top.key
                top.offsets[key] = at
            if token in "[{":
                frame = _Frame(at, token == "[", expect_key=token == "{")
                if top is None:
                    root = frame
                else:
                    top.children[key] = frame
                stack.append(frame)
        return root

    def _link(self, value: object, frame: _Frame) -> None:
        """Key each parsed list and dict (by ``id``) to its frame's offsets (depth is capped: recursion is safe)."""
        self.starts[id(value)] = (frame.start, frame.offsets)
        items = enumerate(value) if isinstance(value, list) else value.items() if isinstance(value, dict) else ()
        for key, child in items:
            sub = frame.children.get(key)
            if sub is not None and isinstance(child, (list, dict)):
                self._link(child, sub)

    def _int(self, digits: str) -> int:
        """A JSON integer, its digits capped before conversion (``parse_count``), located where it is typed."""
        try:
            return parse_count(digits, None, "a number", signed=True)
        except InputError as exc:
            raise BadIpuz(exc.message, self.location(max(self.text.find(digits), 0))) from None

    def at(self, container: object, key: object = None) -> Location:
        """The place of ``container[key]`` (or of ``container`` itself, or of the file's first character)."""
        found = self.starts.get(id(container))
        offset = 0
        if found is not None:
            offset, offsets = found
            offset = offsets.get(key, offset)
        return self.location(offset)

    def location(self, offset: int) -> Location:
        """The line and column of the character at ``offset`` (0 or more), found in the offsets of the text's
        newlines, listed once: the reader gives every white cell its place, and counting the newlines before each
        one made reading a 63x63 grid quadratic in its length."""
        if self._newlines is None:
            self._newlines = [m.start() for m in re.finditer("\n", self.text)]
        before = bisect.bisect_left(self._newlines, offset)
        line_start = self._newlines[before - 1] + 1 if before else 0
        return Location(self.name, before + 1, offset - line_start + 1)


def unwrap_jsonp(text: str) -> str:
    """``ipuz({...})`` as ``{...}``, with the wrapper blanked to spaces so lines and columns stay put."""
    m = _JSONP.match(text)
    if not m or text.lstrip().startswith(("{", "[")):
        return text
    return " " * len(m.group(1)) + m.group(2) + re.sub(r"[^\n]", " ", m.group(3))


def _text(value: object) -> str:
    """An ipuz HTML string as plain text (tags dropped, entities decoded, spaces closed up)."""
    return " ".join(html.unescape(_TAG.sub("", str(value))).split())


@dataclass
class _Read:
    """What reading the cells found: the rows, bars, marks, letters, rebus cells, numbers and notes."""

    placed: _Placed
    data: dict[str, Any]
    width: int
    height: int
    block: object
    styles: dict[str, Any]
    rows: list[list[str]] = field(default_factory=list)
    bars: set[Bar] = field(default_factory=set)
    marks: dict[Cell, CellMark] = field(default_factory=dict)
    letters: dict[Cell, str] = field(default_factory=dict)
    rebus: dict[Cell, str] = field(default_factory=dict)
    numbers: dict[Cell, str] = field(default_factory=dict)
    empty: object = 0
    unknown_styles: set[str] = field(default_factory=set)
    dropped_bars: int = 0


def parse_ipuz(name: str, text: str) -> Pattern:
    """The pattern of an ipuz crossword; a problem is a ``BadIpuz`` at ``FILE:LINE:COL`` of the JSON."""
    placed = _Placed(name, unwrap_jsonp(text))
    try:
        data = placed.loads()
    except json.JSONDecodeError as exc:
        raise BadIpuz(_("not JSON: {why}").format(why=library_reason(exc.msg, JSON_REASONS)),
                      Location(name, exc.lineno, exc.colno)) from None
    except RecursionError:
        raise BadIpuz(_("not JSON: nested too deeply"), Location(name)) from None
    if not isinstance(data, dict):
        raise BadIpuz(_("not an ipuz file (the top level is not an object)"), placed.at(data))
    diagramless = _kinds(placed, data)
    width, height = _dimensions(placed, data)
    styles = data.get("styles", {})
    if not isinstance(styles, dict):
        raise BadIpuz(_("styles must be an object of named styles"), placed.at(data, "styles"))
    read = _Read(placed, data, width, height, data.get("block", BLOCK), styles, empty=data.get("empty", 0))
    _read_puzzle(read)
    solution = data.get("solution")
    from_solution = False
    if solution is not None:
        from_solution = _read_solution(read, solution, diagramless)
    elif diagramless and not _has_diagram(read):
        raise BadIpuz(_("a diagramless puzzle with no solution: kitgen cannot know where its blocks go"),
                      placed.at(data, "kind"))
    return _pattern(read, diagramless, from_solution)


def _kinds(placed: _Placed, data: dict[str, Any]) -> bool:
    """Whether the puzzle is diagramless; a kind list with no crossword is refused."""
    kinds = data.get("kind")
    if kinds is None:
        return False
    if not isinstance(kinds, list) or not all(isinstance(k, str) for k in kinds):
        raise BadIpuz(_("kind must be a list of puzzle kinds"), placed.at(data, "kind"))
    if kinds and not any("crossword" in k for k in kinds):
        raise BadIpuz(_("not a crossword ipuz (kind {kinds!r})").format(kinds=kinds), placed.at(data, "kind"))
    return any("diagramless" in k for k in kinds)


def _dimensions(placed: _Placed, data: dict[str, Any]) -> tuple[int, int]:
    dims = data.get("dimensions")
    if not isinstance(dims, dict):
        raise BadIpuz(_("no dimensions"), placed.at(data, "dimensions"))
    width, height = dims.get("width"), dims.get("height")
    for what, n in (("width", width), ("height", height)):
        if not isinstance(n, int) or isinstance(n, bool) or not MIN_SIDE <= n <= MAX_SIDE:
            raise BadIpuz(_("dimensions {what} must be a whole number from {least} to {most} (got {n!r})").format(
                what=what, least=MIN_SIDE, most=MAX_SIDE, n=n),
                          placed.at(dims, what))
    assert isinstance(width, int) and isinstance(height, int)
    return width, height


def _grid_rows(read: _Read, key: str) -> list[list[Any]]:
    """``puzzle`` or ``solution``: ``height`` rows of ``width`` cells each, or a located ``BadIpuz``."""
    rows = read.data.get(key)
    if not isinstance(rows, list) or len(rows) != read.height:
        raise BadIpuz(_("{key} must be a list of {rows} rows").format(key=key, rows=read.height),
                      read.placed.at(read.data, key))
    for r, row in enumerate(rows):
        if not isinstance(row, list) or len(row) != read.width:
            raise BadIpuz(_("{key} row {row} must have {cells} cells").format(key=key, row=r + 1, cells=read.width),
                          read.placed.at(rows, r))
    return rows


def _is_value(value: object) -> bool:
    return isinstance(value, (str, int)) and not isinstance(value, bool)


def _read_puzzle(read: _Read) -> None:
    """The puzzle's cells: blocks, voids, white cells with their numbers, and each cell's style."""
    for r, row in enumerate(_grid_rows(read, "puzzle")):
        out = []
        for c, cell in enumerate(row):
            value = cell.get("cell", 0) if isinstance(cell, dict) else cell
            if value is None:
                out.append(VOID)
            elif _is_value(value) and value == read.block:
                out.append(BLOCK)
            elif _is_value(value):
                out.append(EMPTY)
                label = _label(read, value, read.placed.at(row, c))
                if label:
                    read.numbers[(r, c)] = label
            else:
                raise BadIpuz(_("puzzle row {row}: a cell of unknown kind {value!r}").format(row=r + 1, value=value),
                              read.placed.at(row, c))
            if isinstance(cell, dict) and "style" in cell:
                _style(read, (r, c), cell["style"], read.placed.at(cell, "style"))
        read.rows.append(out)


def _label(read: _Read, value: str | int, where: Location) -> str:
    """A white cell's clue label as the file gives it (a number, or a string such as ``"12"``); ``""`` for an
    unnumbered cell (the file's ``empty`` value, ``0`` or ``""``)."""
    if value == read.empty or value in (0, "0", ""):
        return ""
    label = str(value).strip()
    if isinstance(value, int) and value < 0:
        raise BadIpuz(_("a clue number must be positive (got {value})").format(value=value), where)
    if len(label) > MAX_LABEL:
        raise BadIpuz(_("a clue label of {length} characters {label!r}; a square holds {most} at most").format(
            length=len(label), label=label[:12], most=MAX_LABEL),
                      where)
    return label


def _style(read: _Read, cell: Cell, spec: object, where: Location) -> None:
    """A cell's StyleSpec (or the name of one in ``styles``): its bars, circle, shading and colour."""
    if isinstance(spec, str):
        named = read.styles.get(spec)
        if not isinstance(named, dict):
            read.unknown_styles.add(f"style {spec!r} (not in styles)")
            return
        spec = named
    if spec is None:
        return
    if not isinstance(spec, dict):
        raise BadIpuz(_("a cell's style must be an object or the name of a style"), where)
    read.unknown_styles.update(str(k) for k in spec if k not in PRINTED_STYLES)
    barred = spec.get("barred", "")
    if not isinstance(barred, str) or not set(barred.upper()) <= set("TLBR"):
        raise BadIpuz(_("barred must be sides T, L, B, R (got {barred!r})").format(barred=barred), where)
    r, c = cell
    sides = {"T": ((r - 1, c), BELOW), "L": ((r, c - 1), RIGHT), "B": ((r, c), BELOW), "R": ((r, c), RIGHT)}
    read.bars.update(sides[side] for side in barred.upper())
    old = read.marks.get(cell, CellMark())
    color = spec.get("color")
    read.marks[cell] = CellMark(old.circled or spec.get("shapebg") == "circle",
                                old.shaded or spec.get("highlight") is True or isinstance(color, int),
                                _color(color) or old.color)


def _color(value: object) -> str | None:
    """An ipuz colour as ``RRGGBB`` (a palette number is shading, not a colour; anything else is left out)."""
    if isinstance(value, str) and re.fullmatch(r"#?[0-9A-Fa-f]{6}", value):
        return value.lstrip("#").upper()
    return None


def _read_solution(read: _Read, rows_value: object, diagramless: bool) -> bool:
    """Letters and rebus cells from ``solution``; for a diagramless puzzle its diagram too (returns whether)."""
    rows = _grid_rows(read, "solution")
    for r, row in enumerate(rows):
        for c, cell in enumerate(row):
            value = cell.get("value") if isinstance(cell, dict) else cell
            if diagramless:
                read.rows[r][c] = VOID if value is None else BLOCK if value == read.block else EMPTY
            if isinstance(cell, dict) and "style" in cell:
                _style(read, (r, c), cell["style"], read.placed.at(cell, "style"))
            if isinstance(value, str) and value != read.block and read.rows[r][c] == EMPTY:
                letters = normalize(value)
                if letters:
                    read.letters[(r, c)] = letters[0]
                if len(letters) > 1:
                    read.rebus[(r, c)] = letters
    return diagramless


def _has_diagram(read: _Read) -> bool:
    return any(ch != EMPTY for row in read.rows for ch in row) or bool(read.bars)


def _pattern(read: _Read, diagramless: bool, from_solution: bool) -> Pattern:
    """The pattern the cells make: bars that separate no two white cells are left out, and noted."""
    grid = Grid("".join(row) for row in read.rows)
    kept = {bar for bar in read.bars if _inside(grid, bar)}
    grid = grid.with_bars(kept).with_letters(read.letters)
    notes = []
    dropped = len(read.bars) - len(kept)
    if dropped:
        notes.append(f"{dropped} bar(s) on the outer edge or beside a block or void left out")
    if read.unknown_styles:
        notes.append("styles kitgen does not print left out: " + ", ".join(sorted(read.unknown_styles)))
    differs = numbering_difference(grid, read.numbers)
    if differs:
        notes.append(differs)
    if from_solution:
        notes.append("diagramless: the diagram (blocks) is taken from the solution")
    marks = {cell: mark for cell, mark in read.marks.items() if grid.is_white(*cell)}
    rebus = {cell: text for cell, text in read.rebus.items() if grid.is_white(*cell)}
    at = read.placed.at(read.data, "solution" if from_solution else "puzzle")
    return Pattern(grid, marks, rebus, _meta(read), diagramless, from_solution, tuple(notes), at,
                   labels=read.numbers)


def _inside(grid: Grid, bar: Bar) -> bool:
    (r, c), side = bar
    nr, nc = (r, c + 1) if side == RIGHT else (r + 1, c)
    return grid.is_white(r, c) and grid.is_white(nr, nc)


def numbering_difference(grid: Grid, numbers: dict[Cell, str]) -> str:
    """A note when the file's clue numbers are not the ones its lights get: kitgen keeps and prints the file's."""
    lights = {cell: str(n) for cell, n in grid.numbers.items()}
    if not numbers or numbers == lights:
        return ""
    for cell in sorted(set(numbers) | set(lights)):
        if numbers.get(cell) != lights.get(cell):
            r, c = cell
            return (f"the file numbers its cells its own way (row {r + 1} column {c + 1}: file "
                    f"{numbers.get(cell, 'none')}, in reading order {lights.get(cell, 'none')}); kitgen prints "
                    "the file's numbers")
    return ""  # pragma: no cover - unequal dicts differ somewhere


def _meta(read: _Read) -> Meta:
    """The publisher's metadata (HTML as plain text); a value that is not text is a located ``BadIpuz``."""
    found = {}
    for name in META_FIELDS:
        value = read.data.get(name)
        if value is None:
            continue
        if not isinstance(value, str):
            raise BadIpuz(_("{name} must be text").format(name=name), read.placed.at(read.data, name))
        found[name] = _text(value)
    return Meta(**found)


def read_ipuz(path: str | Path) -> Pattern:
    source = TextSource.from_path(path)
    return parse_ipuz(source.name, source.text)
