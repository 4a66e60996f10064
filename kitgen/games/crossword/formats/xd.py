"""xd, the open crossword corpus format (github.com/century-arcade/xd, doc/xd-format.md), read
(docs/crossword.md, ruling 8).

A UTF-8 text file in sections: either ``## Metadata``, ``## Grid``, ``## Clues``
and ``## Notes`` headings (any order, case-insensitive; other sections are
skipped), or, with no heading, the implicit order metadata, grid, clues, notes,
each section parted from the next by two or more blank lines.

- Metadata: ``Key: value`` lines. ``Title``, ``Author``, ``Copyright``, ``Date``,
  ``Publisher`` and ``Notes`` (or ``Description``) are kept; ``Rebus: 1=HEART
  2=DIAMOND`` names the rebus cells; ``Special: shaded`` or ``Special: circle``
  says what a lower-case grid letter means. A key given twice is refused (the
  spec forbids it); other keys are named in a note.
- Grid: one row a line (leading and trailing spaces allowed): ``A``-``Z`` a
  solution letter, ``#`` a block, ``_`` an omitted square (no square at all),
  ``.`` an empty square, a lower-case letter a special square (shaded or
  circled) with that letter, any other character a rebus key from ``Rebus``.
- Clues and notes are not needed to print a pattern and are skipped.

Every problem is reported at ``FILE:LINE:COL``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from kitgen.core.errors import InputError, Location
from kitgen.core.grid import BLOCK, EMPTY, MAX_SIDE, MIN_SIDE, VOID, Cell, Grid
from kitgen.core.i18n import gettext as _
from kitgen.core.normalize import normalize
from kitgen.core.text import Line, TextSource
from kitgen.games.crossword.rules.pattern import CellMark, Meta, Pattern

_HEADING = re.compile(r"^\s*##\s*(.*?)\s*$")
_KEY = re.compile(r"^\s*([A-Za-z][A-Za-z0-9 _-]*?)\s*:\s?(.*)$")
KEPT = {"title": "title", "author": "author", "copyright": "copyright", "date": "date", "publisher": "publisher",
        "notes": "notes", "description": "notes"}
"""Metadata keys kitgen keeps, by the ``Meta`` field they fill."""
SECTIONS = ("metadata", "grid", "clues", "notes")


class BadXd(InputError):
    """An xd file kitgen cannot read as a crossword grid."""


@dataclass
class _Head:
    """What the metadata says: the kept fields, the rebus table, what a lower-case letter marks, what was left."""

    fields: dict[str, str] = field(default_factory=dict)
    rebus: dict[str, str] = field(default_factory=dict)
    special: str = ""
    left_out: list[str] = field(default_factory=list)


def _explicit_sections(lines: list[Line]) -> dict[str, list[Line]] | None:
    """The ``## Name`` sections, or ``None`` when the file has no heading (the implicit order)."""
    if not any(_HEADING.match(line.raw) for line in lines):
        return None
    found: dict[str, list[Line]] = {}
    current: list[Line] | None = None
    for line in lines:
        m = _HEADING.match(line.raw)
        if m:
            name = m.group(1).lower()
            if name in found:
                raise BadXd(_("a second '## {name}' section").format(name=m.group(1)), line.where(line.indent + 1))
            current = found.setdefault(name, []) if name in SECTIONS else None
            continue
        if current is not None:
            current.append(line)
    return found


def _implicit_sections(lines: list[Line]) -> dict[str, list[Line]]:
    """Sections parted by two or more blank lines, in the order metadata, grid, clues, notes."""
    parts: list[list[Line]] = [[]]
    blanks = 0
    for line in lines:
        if not line.raw.strip():
            blanks += 1
            continue
        if blanks >= 2 and parts[-1]:
            parts.append([])
        blanks = 0
        parts[-1].append(line)
    return dict(zip(SECTIONS, parts, strict=False))


def _metadata(lines: list[Line]) -> _Head:
    head = _Head()
    seen: dict[str, Line] = {}
    for line in lines:
        if not line.raw.strip():
            continue
        m = _KEY.match(line.raw)
        if not m:
            raise BadXd(_("a metadata line is {form}").format(form="'Key: value'"), line.where(line.indent + 1))
        key, value = m.group(1).lower(), m.group(2).strip()
        if key in seen:
            raise BadXd(_("a second {key!r} (line {line}); xd allows each key once").format(
                key=m.group(1), line=seen[key].number),
                        line.where(line.indent + 1))
        seen[key] = line
        if key in KEPT:
            head.fields[KEPT[key]] = " ".join(value.split())
        elif key == "rebus":
            head.rebus = _rebus(line, value)
        elif key == "special":
            if value.lower() not in ("shaded", "circle", "circled"):
                raise BadXd(_("{special} (xd says shaded or circle)").format(special=f"Special: {value!r}"),
                            line.where(line.raw.find(value, line.raw.index(":")) + 1))
            head.special = "shaded" if value.lower() == "shaded" else "circle"
        else:
            head.left_out.append(m.group(1))
    return head


def _rebus(line: Line, value: str) -> dict[str, str]:
    """``1=HEART 2=DIAMOND``: each key character and the letters it stands for."""
    table: dict[str, str] = {}
    for item in value.split():
        key, eq, text = item.partition("=")
        letters = normalize(text)
        if not eq or len(key) != 1 or not letters:
            raise BadXd(_("a rebus entry is KEY=LETTERS, one character a key (got {item!r})").format(item=item),
                        line.where(line.raw.find(item) + 1))
        table[key] = letters
    return table


@dataclass
class _Cells:
    rows: list[str] = field(default_factory=list)
    marks: dict[Cell, CellMark] = field(default_factory=dict)
    rebus: dict[Cell, str] = field(default_factory=dict)


def _grid_cell(ch: str, cell: Cell, head: _Head, cells: _Cells) -> str | None:
    """The grid character for ``ch`` (recording marks and rebus cells), or ``None`` when it means nothing."""
    if ch == "#":
        return BLOCK
    if ch == "_":
        return VOID
    if ch == ".":
        return EMPTY
    if ch in head.rebus:
        text = head.rebus[ch]
        if len(text) > 1:
            cells.rebus[cell] = text
        if ch.islower() and head.special:
            cells.marks[cell] = CellMark(circled=head.special == "circle", shaded=head.special == "shaded")
        return text[0]
    letters = normalize(ch)
    if len(letters) == 1 and ch.isalpha():
        if ch.islower() and head.special:
            cells.marks[cell] = CellMark(circled=head.special == "circle", shaded=head.special == "shaded")
        return letters
    return None


def _grid(lines: list[Line], head: _Head, name: str) -> _Cells:
    rows = [line for line in lines if line.raw.strip()]
    if not rows:
        raise BadXd(_("no grid (one row a line: letters, # a block, _ an omitted square)"), Location(name))
    if len(rows) > MAX_SIDE:
        raise BadXd(_("too many rows: a grid is {least} to {most} rows tall").format(least=MIN_SIDE, most=MAX_SIDE),
                    rows[MAX_SIDE].where(1))
    cells = _Cells()
    width = len(rows[0].raw.strip())
    for r, line in enumerate(rows):
        text = line.raw.strip()
        start = line.raw.index(text[0]) + 1
        if len(text) != width:
            raise BadXd(_("ragged row: {squares} squares where the first row has {width}").format(squares=len(text),
                        width=width),
                        line.where(start + min(len(text), width)))
        if width > MAX_SIDE:
            raise BadXd(_("row has more than {most} squares; a grid is {least} to {most} wide").format(
                least=MIN_SIDE, most=MAX_SIDE),
                        line.where(start + MAX_SIDE))
        out = []
        for c, ch in enumerate(text):
            got = _grid_cell(ch, (r, c), head, cells)
            if got is None:
                why = (_("a space inside a row") if ch.isspace()
                       else _("{square!r} is not in the Rebus table").format(square=ch))
                raise BadXd(_("{why}: a square is A-Z, # a block, _ an omitted square, . empty, a lower-case special "
                              "square or a Rebus key").format(why=why), line.where(start + c))
            out.append(got)
        cells.rows.append("".join(out))
    if len(rows) < MIN_SIDE or width < MIN_SIDE:
        raise BadXd(_("a {width}x{height} grid; kitgen reads {least} to {most} a side").format(
            width=width, height=len(rows), least=MIN_SIDE, most=MAX_SIDE), rows[0].where(1))
    return cells


def parse_xd(source: TextSource) -> Pattern:
    """The pattern of an xd file (its letters kept: callers blank it to print)."""
    lines = list(source.lines(comment=None))
    sections = _explicit_sections(lines)
    if sections is None:
        sections = _implicit_sections(lines)
    if "grid" not in sections:
        raise BadXd(_("no grid section ('## Grid', or the second part after two blank lines)"), Location(source.name))
    head = _metadata(sections.get("metadata", []))
    cells = _grid(sections["grid"], head, source.name)
    grid = Grid(cells.rows)
    notes = (f"metadata kitgen does not print left out: {', '.join(head.left_out)}",) if head.left_out else ()
    first = next(line for line in sections["grid"] if line.raw.strip())
    return Pattern(grid, cells.marks, cells.rebus, Meta(**head.fields), notes=notes,
                   at=first.where(first.indent + 1))


def read_xd(path: str | Path) -> Pattern:
    return parse_xd(TextSource.from_path(path))


__all__ = ["BadXd", "parse_xd", "read_xd"]
