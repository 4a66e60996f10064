"""jpz, Crossword Compiler's XML (crossword.info/xml: ``crossword-compiler-applet`` / ``crossword-compiler`` >
``rectangular-puzzle`` > ``metadata`` and ``crossword`` > ``grid`` > ``cell``), read (docs/crossword.md, ruling 8).

A ``.jpz`` is the XML itself or a ZIP archive holding it (Crossword Compiler
writes both). Read: the grid's ``width`` and ``height``; each ``cell`` at ``x``
and ``y`` (from 1; ``x="1-3"`` ranges too) with its ``type`` (``block``;
``void``, an omitted square; ``clue``, a clue written in the square, printed as
a block; a plain cell otherwise), ``solution`` (one letter, or a rebus),
``number`` (the publisher's numbering, kept and printed), ``background-shape=
"circle"``, ``background-color`` (shading, and its colour) and ``top-bar``,
``bottom-bar``, ``left-bar``, ``right-bar``. A square no ``cell`` names is
omitted (noted). The metadata's ``title``, ``creator``, ``copyright``,
``publisher`` and ``description`` are kept as plain text. Clues and the applet's
settings are not needed to print a pattern and are skipped.

Safety: the XML is parsed by the standard library's expat with a handler that
refuses any document type declaration (so no entity is ever declared, expanded
or fetched), nesting capped at ``MAX_DEPTH`` and the element count at
``MAX_ELEMENTS``; a file (and a zipped member, by its real size) is capped at
``MAX_JPZ_BYTES``. Every problem is reported at ``FILE:LINE:COL`` of the XML.
"""

from __future__ import annotations

import io
import re
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

from kitgen.core.errors import InputError, Location
from kitgen.core.grid import BELOW, BLOCK, EMPTY, MAX_SIDE, MIN_SIDE, RIGHT, VOID, Bar, Cell, Grid
from kitgen.core.i18n import N_, library_reason, whole
from kitgen.core.i18n import gettext as _
from kitgen.core.normalize import normalize
from kitgen.core.text import read_input
from kitgen.games.crossword.rules.pattern import CellMark, Meta, Pattern
from kitgen.io.files import jpz_origin

MAX_JPZ_BYTES = 5_000_000
MAX_DEPTH = 32
MAX_ELEMENTS = 200_000
MAX_LABEL = 4
XML_REASONS = frozenset({
    N_("mismatched tag"), N_("undefined entity"), N_("unclosed token"), N_("junk after document element"),
    N_("no element found"), N_("duplicate attribute"), N_("unbound prefix"), N_("unclosed CDATA section"),
    N_("XML or text declaration not at start of entity"), N_("reference to invalid character number"),
    N_("not well-formed (invalid token)"), N_("syntax error"), N_("partial character"), N_("unknown encoding"),
    N_("encoding specified in XML declaration is incorrect"),
})
"""The reasons expat gives that a jpz file can meet, as expat spells them: each a catalogue message saying it plainly
in the text language (``library_reason``), after the located ``not well-formed XML:``."""
_RANGE = re.compile(r"^\s*(\d{1,3})\s*(?:-\s*(\d{1,3})\s*)?$")
_COLOR = re.compile(r"^#?([0-9A-Fa-f]{6})$")
WHITE = "FFFFFF"


class BadJpz(InputError):
    """A jpz file kitgen cannot read as a crossword grid."""


@dataclass
class Element:
    """An XML element: its local name (no namespace), attributes, text, children and where it starts."""

    tag: str
    attrs: dict[str, str]
    line: int
    col: int
    children: list[Element] = field(default_factory=list)
    text: list[str] = field(default_factory=list)

    def find(self, tag: str) -> Element | None:
        """The first descendant (depth first) named ``tag``."""
        for child in self.children:
            if child.tag == tag:
                return child
            found = child.find(tag)
            if found is not None:
                return found
        return None

    def child(self, tag: str) -> Element | None:
        return next((c for c in self.children if c.tag == tag), None)

    def all_text(self) -> str:
        """The element's text with its children's (markup such as ``<b>`` dropped), spaces closed up."""
        parts = list(self.text)
        for child in self.children:
            parts.append(child.all_text())
        return " ".join(" ".join(parts).split())


class _Builder:
    """Builds ``Element`` trees from expat events, refusing a DOCTYPE, deep nesting and too many elements."""

    def __init__(self, name: str) -> None:
        from xml.parsers import expat

        self.name = name
        self.parser = expat.ParserCreate(namespace_separator=" ")
        self.stack: list[Element] = []
        self.root: Element | None = None
        self.count = 0
        p = self.parser
        p.StartDoctypeDeclHandler = self._doctype
        p.EntityDeclHandler = self._entity
        p.ExternalEntityRefHandler = self._external
        p.StartElementHandler = self._start
        p.EndElementHandler = self._end
        p.CharacterDataHandler = self._text

    def _where(self) -> Location:
        return Location(self.name, self.parser.CurrentLineNumber, self.parser.CurrentColumnNumber + 1)

    def _doctype(self, *_args: object) -> None:
        raise BadJpz(_("a DOCTYPE in a jpz file: kitgen reads no document type or entities (a jpz needs none)"),
                     self._where())

    def _entity(self, *_args: object) -> None:
        raise BadJpz(_("an entity declaration in a jpz file: kitgen expands no entities"), self._where())

    def _external(self, *_args: object) -> int:
        raise BadJpz(_("an external entity in a jpz file: kitgen fetches nothing"), self._where())

    def _start(self, tag: str, attrs: dict[str, str]) -> None:
        self.count += 1
        if self.count > MAX_ELEMENTS:
            raise BadJpz(_("more than {most} XML elements: too large for a crossword").format(most=MAX_ELEMENTS),
                         self._where())
        if len(self.stack) >= MAX_DEPTH:
            raise BadJpz(_("XML nested deeper than {most} elements").format(most=MAX_DEPTH), self._where())
        where = self._where()
        local = {key.rsplit(" ", 1)[-1]: value for key, value in attrs.items()}
        element = Element(tag.rsplit(" ", 1)[-1], local, where.line, where.col)
        if self.stack:
            self.stack[-1].children.append(element)
        else:
            self.root = element
        self.stack.append(element)

    def _end(self, _tag: str) -> None:
        self.stack.pop()

    def _text(self, data: str) -> None:
        if self.stack:
            self.stack[-1].text.append(data)

    def parse(self, data: bytes) -> Element:
        from xml.parsers import expat

        try:
            self.parser.Parse(data, True)
        except expat.ExpatError as exc:
            raise BadJpz(_("not well-formed XML: {why}").format(why=library_reason(expat.ErrorString(exc.code),
                                                                                   XML_REASONS)),
                         Location(self.name, exc.lineno, exc.offset + 1)) from None
        if self.root is None:  # pragma: no cover - expat refuses a document with no element
            raise BadJpz(_("no XML element"), Location(self.name))
        return self.root


def _unzipped(name: str, data: bytes) -> bytes:
    """The XML inside a zipped jpz (its one member, or its first ``.xml``/``.jpz`` one), size-capped."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        members = [m for m in archive.infolist() if not m.is_dir()]
    except (zipfile.BadZipFile, ValueError, OSError):
        raise BadJpz(_("a damaged ZIP archive (a zipped jpz holds one XML file)"), Location(name)) from None
    if not members:
        raise BadJpz(_("an empty ZIP archive: no jpz XML inside"), Location(name))
    member = next((m for m in members if m.filename.lower().endswith((".xml", ".jpz"))), members[0])
    try:
        with archive.open(member) as stream:
            xml = stream.read(MAX_JPZ_BYTES + 1)
    except (zipfile.BadZipFile, RuntimeError, ValueError, OSError, EOFError) as exc:
        raise BadJpz(_("the ZIP member {member!r} cannot be read ({why})").format(
            member=member.filename, why=type(exc).__name__),
                     Location(name)) from None
    if len(xml) > MAX_JPZ_BYTES:
        raise BadJpz(_("the ZIP member {member!r} unpacks to more than {most} bytes").format(
            member=member.filename, most=whole(MAX_JPZ_BYTES)),
                     Location(name))
    return xml


def _at(name: str, element: Element) -> Location:
    return Location(name, element.line, element.col)


def _puzzle(name: str, root: Element) -> tuple[Element, Element]:
    """The ``rectangular-puzzle`` and its ``crossword``; another kind of puzzle is refused by name."""
    puzzle = root if root.tag == "rectangular-puzzle" else root.find("rectangular-puzzle")
    if puzzle is None:
        raise BadJpz(_("no <rectangular-puzzle> in <{tag}>: not a Crossword Compiler jpz").format(tag=root.tag),
                     _at(name, root))
    crossword = puzzle.child("crossword")
    if crossword is None:
        other = next((c for c in puzzle.children if c.tag not in ("metadata", "instructions")), None)
        kind = f"a <{other.tag}> puzzle" if other else "no puzzle"
        raise BadJpz(_("{kind}: kitgen reads crosswords (<crossword>)").format(kind=kind), _at(name, other or puzzle))
    return puzzle, crossword


def _size(name: str, grid: Element) -> tuple[int, int]:
    sizes = []
    for what in ("width", "height"):
        value = grid.attrs.get(what, "")
        if not value.strip().isdigit() or len(value.strip()) > 3 or not MIN_SIDE <= int(value) <= MAX_SIDE:
            raise BadJpz(_("grid {what} must be a whole number from {least} to {most} (got {value!r})").format(
                what=what, least=MIN_SIDE, most=MAX_SIDE, value=value),
                         _at(name, grid))
        sizes.append(int(value))
    return sizes[0], sizes[1]


def _span(name: str, cell: Element, what: str, limit: int) -> range:
    """The squares ``x`` or ``y`` names (``3`` or ``1-3``), from 0, each inside the grid."""
    value = cell.attrs.get(what, "")
    m = _RANGE.match(value)
    if not m:
        raise BadJpz(_("cell {what} must be a square number from 1 (or a range 1-3), got {value!r}").format(
            what=what, value=value), _at(name, cell))
    first, last = int(m.group(1)), int(m.group(2) or m.group(1))
    if not 1 <= first <= last <= limit:
        raise BadJpz(_("cell {what}={value!r} is outside the grid (1 to {limit})").format(
            what=what, value=value, limit=limit),
                     _at(name, cell))
    return range(first - 1, last)


@dataclass
class _Read:
    name: str
    width: int
    height: int
    kinds: dict[Cell, str] = field(default_factory=dict)
    letters: dict[Cell, str] = field(default_factory=dict)
    rebus: dict[Cell, str] = field(default_factory=dict)
    labels: dict[Cell, str] = field(default_factory=dict)
    marks: dict[Cell, CellMark] = field(default_factory=dict)
    bars: set[Bar] = field(default_factory=set)


def _cell(read: _Read, element: Element) -> None:
    """One ``cell`` element (all the squares its ``x`` and ``y`` name)."""
    kind = element.attrs.get("type", "cell").strip().lower()
    square = VOID if kind == "void" else BLOCK if kind in ("block", "clue") else EMPTY
    for r in _span(read.name, element, "y", read.height):
        for c in _span(read.name, element, "x", read.width):
            read.kinds[(r, c)] = square
            if square == EMPTY:
                _white(read, element, (r, c))


def _white(read: _Read, element: Element, cell: Cell) -> None:
    attrs = element.attrs
    letters = normalize(attrs.get("solution", ""))
    if letters:
        read.letters[cell] = letters[0]
        if len(letters) > 1:
            read.rebus[cell] = letters
    label = attrs.get("number", "").strip()
    if len(label) > MAX_LABEL:
        raise BadJpz(_("a clue number of {length} characters {label!r}; a square holds {most} at most").format(
            length=len(label), label=label[:12], most=MAX_LABEL),
                     _at(read.name, element))
    if label and label != "0":
        read.labels[cell] = label
    m = _COLOR.match(attrs.get("background-color", "").strip())
    color = m.group(1).upper() if m and m.group(1).upper() != WHITE else None
    circled = attrs.get("background-shape", "").strip().lower() == "circle"
    if circled or color:
        read.marks[cell] = CellMark(circled=circled, shaded=color is not None, color=color)
    r, c = cell
    sides = {"top-bar": ((r - 1, c), BELOW), "left-bar": ((r, c - 1), RIGHT), "bottom-bar": ((r, c), BELOW),
             "right-bar": ((r, c), RIGHT)}
    read.bars.update(bar for key, bar in sides.items() if attrs.get(key, "").strip().lower() == "true")


def _meta(puzzle: Element) -> Meta:
    metadata = puzzle.child("metadata")
    if metadata is None:
        return Meta()
    found = {}
    for tag, name in (("title", "title"), ("creator", "author"), ("copyright", "copyright"),
                      ("publisher", "publisher"), ("description", "notes")):
        element = metadata.child(tag)
        if element is not None and element.all_text():
            found[name] = element.all_text()
    return Meta(**found)


def _inside(grid: Grid, bar: Bar) -> bool:
    (r, c), side = bar
    nr, nc = (r, c + 1) if side == RIGHT else (r + 1, c)
    return 0 <= r and 0 <= c and grid.is_white(r, c) and nr < grid.rows and nc < grid.cols and grid.is_white(nr, nc)


def parse_jpz(name: str, data: bytes) -> Pattern:
    """The pattern of a jpz file, plain or zipped (its letters kept: callers blank it to print)."""
    if data[:2] == b"PK":
        data = _unzipped(name, data)
    root = _Builder(name).parse(data)
    puzzle, crossword = _puzzle(name, root)
    grid_element = crossword.child("grid")
    if grid_element is None:
        raise BadJpz(_("a <crossword> with no <grid>"), _at(name, crossword))
    width, height = _size(name, grid_element)
    read = _Read(name, width, height)
    for element in grid_element.children:
        if element.tag == "cell":
            _cell(read, element)
    rows = ["".join(read.kinds.get((r, c), VOID) for c in range(width)) for r in range(height)]
    grid = Grid(rows)
    kept = {bar for bar in read.bars if _inside(grid, bar)}
    grid = grid.with_bars(kept).with_letters({cell: ch for cell, ch in read.letters.items() if grid.is_white(*cell)})
    notes = []
    missing = width * height - len(read.kinds)
    if missing:
        notes.append(f"{missing} square(s) no <cell> names are read as omitted squares")
    if len(read.bars) > len(kept):
        notes.append(f"{len(read.bars) - len(kept)} bar(s) on the outer edge or beside a block or void left out")
    from kitgen.games.crossword.formats.ipuz import numbering_difference

    differs = numbering_difference(grid, read.labels)
    if differs:
        notes.append(differs)
    return Pattern(grid, read.marks, {c: t for c, t in read.rebus.items() if grid.is_white(*c)}, _meta(puzzle),
                   notes=tuple(notes), at=_at(name, grid_element), labels=read.labels)


def read_jpz(path: str | Path) -> Pattern:
    name = str(path)
    data = read_input(path, MAX_JPZ_BYTES, N_("file too large for a jpz"))
    return parse_jpz(name, data)


JPZ_ROOT = "http://crossword.info/xml/crossword-compiler"
JPZ_PUZZLE = "http://crossword.info/xml/rectangular-puzzle"


def _attrs(values: dict[str, str]) -> str:
    from xml.sax.saxutils import quoteattr

    return "".join(f" {key}={quoteattr(value)}" for key, value in values.items())


def _cell_xml(pattern: Pattern, cell: Cell) -> str:
    """One ``cell`` element: a block, a void, or a square with its letter, number, marks and bars."""
    grid = pattern.grid
    r, c = cell
    attrs = {"x": str(c + 1), "y": str(r + 1)}
    if grid.is_block(r, c):
        attrs["type"] = "block"
    elif grid.is_void(r, c):
        attrs["type"] = "void"
    else:
        if grid.has_letters:
            attrs["solution"] = pattern.rebus.get(cell) or grid[cell]
        number = pattern.numbers.get(cell)
        if number:
            attrs["number"] = number
        mark = pattern.marks.get(cell, CellMark())
        if mark.circled:
            attrs["background-shape"] = "circle"
        if mark.color or mark.shaded:
            attrs["background-color"] = f"#{mark.color or 'C0C0C0'}"
        for side, key in ((RIGHT, "right-bar"), (BELOW, "bottom-bar")):
            if grid.has_bar(cell, side):
                attrs[key] = "true"
    return f"<cell{_attrs(attrs)}/>"


def _metadata_xml(pattern: Pattern, title: str) -> str:
    from xml.sax.saxutils import escape

    meta = pattern.meta
    fields = (("title", meta.title or title), ("creator", meta.author), ("copyright", meta.copyright),
              ("publisher", meta.publisher), ("description", meta.notes))
    return "<metadata>" + "".join(f"<{tag}>{escape(value)}</{tag}>" for tag, value in fields if value) + "</metadata>"


def jpz_text(pattern: Pattern, title: str = "") -> str:
    """The jpz XML of ``pattern`` as Crossword Compiler writes it: the grid's cells (blocks, voids, letters of a
    filled pattern, the printed numbers, circles, shading and colours, bars on the right and bottom edges), a
    ``word`` a light and empty Across and Down clue lists, so solving apps show the numbering; kitgen's mark is
    a comment after the XML declaration (``jpz_origin``). Deterministic."""
    grid = pattern.grid
    numbers = pattern.numbers
    cells = "\n".join(_cell_xml(pattern, (r, c)) for r in range(grid.rows) for c in range(grid.cols))
    words: list[str] = []
    clues: dict[str, list[str]] = {"A": [], "D": []}
    for k, light in enumerate(grid.lights, start=1):
        spans = "".join(f'<cells x="{c + 1}" y="{r + 1}"/>' for r, c in light.cells)
        words.append(f'<word id="{k}">{spans}</word>')
        label = numbers.get(light.start, str(light.number))
        clues[light.direction].append(f"<clue{_attrs({'word': str(k), 'number': label})}></clue>")
    lists = "".join(f'<clues ordering="normal"><title><b>{name}</b></title>{"".join(clues[way])}</clues>\n'
                    for name, way in (("Across", "A"), ("Down", "D")))
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n{jpz_origin()}\n<crossword-compiler xmlns="{JPZ_ROOT}">\n'
            f'<rectangular-puzzle xmlns="{JPZ_PUZZLE}" alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZ">\n'
            f"{_metadata_xml(pattern, title)}\n<crossword>\n"
            f'<grid width="{grid.cols}" height="{grid.rows}">\n<grid-look numbering-scheme="normal"/>\n{cells}\n'
            f"</grid>\n" + "\n".join(words) + f"\n{lists}</crossword>\n</rectangular-puzzle>\n</crossword-compiler>\n")


__all__ = ["BadJpz", "jpz_text", "parse_jpz", "read_jpz"]
