"""Across Lite text (``<ACROSS PUZZLE>`` and ``<ACROSS PUZZLE V2>``) read (docs/crossword.md, ruling 8).

The format Literate Software documents for making .puz files: sections headed
by a tag alone on its line -- ``<TITLE>``, ``<AUTHOR>``, ``<COPYRIGHT>``,
``<SIZE>`` (``COLSxROWS``), ``<GRID>`` (one row a line: letters, ``.`` a block,
``:`` a block of a diagramless puzzle), ``<REBUS>`` (v2: ``MARK;`` makes every
lower-case letter of the grid a circled cell; ``1:HEART:H`` makes the marker
``1`` a cell holding HEART), ``<ACROSS>``, ``<DOWN>`` and ``<NOTEPAD>``. Clues
are not needed and are skipped. Every problem is reported at ``FILE:LINE:COL``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from kitgen.core.errors import InputError, Location
from kitgen.core.grid import BLOCK, MAX_SIDE, MIN_SIDE, Cell, Grid
from kitgen.core.i18n import gettext as _
from kitgen.core.text import Line, TextSource
from kitgen.games.crossword.rules.pattern import CellMark, Meta, Pattern

_TAG = re.compile(r"^\s*<([A-Za-z ]+[A-Za-z0-9]*)>\s*$")
_SIZE = re.compile(r"^\s*([0-9]{1,3})\s*[xX]\s*([0-9]{1,3})\s*$")
HEADERS = ("ACROSS PUZZLE", "ACROSS PUZZLE V2")
SECTIONS = ("TITLE", "AUTHOR", "COPYRIGHT", "SIZE", "GRID", "REBUS", "ACROSS", "DOWN", "NOTEPAD")


class BadAcrossText(InputError):
    """An Across Lite text file kitgen cannot read."""


def is_across_text(text: str) -> bool:
    """Whether ``text`` starts (after blank lines) with an ``<ACROSS PUZZLE>`` tag."""
    for raw in text.splitlines()[:20]:
        if raw.strip():
            m = _TAG.match(raw)
            return m is not None and m.group(1).upper().startswith("ACROSS PUZZLE")
    return False


@dataclass
class _Sections:
    head: Line
    lines: dict[str, list[Line]] = field(default_factory=dict)
    tags: dict[str, Line] = field(default_factory=dict)


def _sections(source: TextSource) -> _Sections:
    """The file cut at its tags; an unknown or repeated tag is refused where it stands."""
    found: _Sections | None = None
    current = ""
    for line in source.lines(comment=None):
        m = _TAG.match(line.raw)
        if m:
            tag = m.group(1).upper().strip()
            if found is None:
                if tag not in HEADERS:
                    raise BadAcrossText(_("<{tag}>: an Across Lite text file starts with <ACROSS PUZZLE>").format(
                        tag=m.group(1)),
                                        line.where(line.indent + 1))
                found = _Sections(line)
                continue
            if tag not in SECTIONS:
                raise BadAcrossText(_("unknown section <{tag}> (one of {tags})").format(tag=m.group(1),
                                    tags=", ".join(SECTIONS)),
                                    line.where(line.indent + 1))
            if tag in found.tags:
                raise BadAcrossText(_("a second <{tag}> section").format(tag=tag), line.where(line.indent + 1))
            found.tags[tag] = line
            found.lines[tag] = []
            current = tag
        elif found is not None and current and line.raw.strip():
            found.lines[current].append(line)
    if found is None:
        raise BadAcrossText(_("not an Across Lite text file (no <ACROSS PUZZLE> line)"), Location(source.name))
    return found


def _size(sections: _Sections) -> tuple[int, int] | None:
    lines = sections.lines.get("SIZE", [])
    if not lines:
        return None
    m = _SIZE.match(lines[0].raw)
    if not m:
        raise BadAcrossText(_("<SIZE> is columns x rows, e.g. 15x15"), lines[0].where(lines[0].indent + 1))
    cols, rows = int(m.group(1)), int(m.group(2))
    if not (MIN_SIDE <= cols <= MAX_SIDE and MIN_SIDE <= rows <= MAX_SIDE):
        raise BadAcrossText(_("a {width}x{height} grid; kitgen reads {least} to {most} a side").format(
            width=cols, height=rows, least=MIN_SIDE, most=MAX_SIDE), lines[0].where(lines[0].indent + 1))
    return cols, rows


def _rebus(sections: _Sections) -> tuple[bool, dict[str, str]]:
    """The ``MARK;`` flag and the rebus markers (``1:HEART:H``) of a v2 file."""
    mark = False
    markers: dict[str, str] = {}
    for line in sections.lines.get("REBUS", []):
        text = line.raw.strip()
        if ":" not in text:
            mark = mark or "MARK" in [f.strip().upper() for f in text.split(";")]
            continue
        key, _colon, rest = text.partition(":")
        solution = rest.split(":")[0].strip().upper()
        if len(key.strip()) != 1 or not solution.isalpha() or not solution.isascii():
            raise BadAcrossText(_("a rebus line is {form}, e.g. {example}").format(
                form="MARKER:SOLUTION:LETTER", example="1:HEART:H"),
                                line.where(line.indent + 1))
        markers[key.strip()] = solution
    return mark, markers


def _grid_row(line: Line, r: int, mark: bool, markers: dict[str, str], found: _Found) -> str:
    row = []
    text = line.raw.strip()
    for c, ch in enumerate(text):
        col = line.indent + c + 1
        if ch in ".:":
            row.append(BLOCK)
            found.diagramless = found.diagramless or ch == ":"
        elif ch in markers:
            row.append(markers[ch][0])
            found.rebus[(r, c)] = markers[ch]
        elif ch.isascii() and ch.isalpha():
            row.append(ch.upper())
            if mark and ch.islower():
                found.marks[(r, c)] = CellMark(circled=True)
        else:
            raise BadAcrossText(_("bad grid cell {cell!r}: letters, and . for a block").format(cell=ch),
                                line.where(col))
    return "".join(row)


@dataclass
class _Found:
    diagramless: bool = False
    marks: dict[Cell, CellMark] = field(default_factory=dict)
    rebus: dict[Cell, str] = field(default_factory=dict)


def parse_across_text(source: TextSource) -> Pattern:
    """The pattern of an Across Lite text file (its letters kept: callers blank it to print)."""
    sections = _sections(source)
    size = _size(sections)
    grid_lines = sections.lines.get("GRID", [])
    if not grid_lines:
        raise BadAcrossText(_("no <GRID> section"), sections.head.where(1))
    mark, markers = _rebus(sections)
    found = _Found()
    rows = [_grid_row(line, r, mark, markers, found) for r, line in enumerate(grid_lines[:MAX_SIDE + 1])]
    cols, height = size if size else (len(rows[0]), len(rows))
    for line, row in zip(grid_lines, rows, strict=False):
        if len(row) != cols:
            raise BadAcrossText(_("a grid row of {cells} cells where <SIZE> says {cols} columns").format(cells=len(row),
                                cols=cols),
                                line.where(line.indent + 1))
    if len(rows) != height:
        raise BadAcrossText(_("{rows} grid rows where <SIZE> says {height}").format(rows=len(rows),
                            height=height), grid_lines[-1].where(1))
    if not (MIN_SIDE <= cols <= MAX_SIDE and MIN_SIDE <= height <= MAX_SIDE):
        raise BadAcrossText(_("a {width}x{height} grid; kitgen reads {least} to {most} a side").format(
            width=cols, height=height, least=MIN_SIDE, most=MAX_SIDE), grid_lines[0].where(1))
    meta = Meta(**{key.lower(): " ".join(line.raw.strip() for line in sections.lines.get(key, []))
                   for key in ("TITLE", "AUTHOR", "COPYRIGHT")},
                notes=" ".join(line.raw.strip() for line in sections.lines.get("NOTEPAD", [])))
    notes = ("diagramless: the diagram (blocks) is taken from the solution",) if found.diagramless else ()
    return Pattern(Grid(rows), found.marks, found.rebus, meta, found.diagramless, found.diagramless, notes,
                   grid_lines[0].where(grid_lines[0].indent + 1))


__all__ = ["BadAcrossText", "is_across_text", "parse_across_text"]
