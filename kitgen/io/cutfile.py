"""Cut files for cutting machines (``--cut-svg``, issue 17): one SVG a printed sheet, at true size.

A :class:`CutSheet` is what a page's layout code says is cut and what is folded,
in the PDF's own coordinates (points, y up, origin at the page's lower left):
the same numbers the PDF is drawn from, never a second copy of the geometry.
:func:`svg_bytes` writes it as an SVG the size of the paper (``width``/``height``
in mm, ``viewBox`` in mm, y down as SVG has it), with two Inkscape layers that
Cricut Design Space, Silhouette Studio and Inkscape all read as separate groups:

* ``cut`` (red ``#ff0000``): cut through;
* ``fold`` (blue ``#0000ff``): score (or perforate), do not cut through.

Strokes are hairlines (0.001 in, 0.0254 mm), unfilled. As Inkscape writes a
document in millimetres, the ``sodipodi:namedview`` names its units (``mm``).
Each piece's cut outline is one path, closed (``chained``), and an edge two
pieces share is cut once. Like every file kitgen
writes, the SVG carries kitgen's mark in its own metadata (``dc:creator``'s
agent in the RDF block Inkscape writes), which ``kitgen.io.files`` reads back.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from kitgen.core.errors import InputError
from kitgen.core.i18n import N_, gettext

if TYPE_CHECKING:
    from ezdxf.document import Drawing

MM = 72 / 25.4
"""Points in a millimetre (as ``kitgen.io.pdf.MM``, kept here so writing an SVG needs no reportlab)."""
HAIRLINE_MM = 0.0254
CUT_COLOUR = "#ff0000"
FOLD_COLOUR = "#0000ff"
REGISTRATION_COLOUR = "#000000"
SVG_NS = "http://www.w3.org/2000/svg"
INKSCAPE_NS = "http://www.inkscape.org/namespaces/inkscape"
SODIPODI_NS = "http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd"
RDF_NS = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
CC_NS = "http://creativecommons.org/ns#"
DC_NS = "http://purl.org/dc/elements/1.1/"

Point = tuple[float, float]
Stroke = tuple[Point, ...]
"""A polyline through its points; closed when its last point is its first."""
Matrix = tuple[float, float, float, float, float, float]
"""A PDF transformation ``(a, b, c, d, e, f)``: ``(x, y) -> (a x + c y + e, b x + d y + f)``."""


def apply(matrix: Matrix, strokes: Iterable[Stroke]) -> tuple[Stroke, ...]:
    """``strokes`` moved by ``matrix`` (as a PDF ``cm`` moves what is drawn after it)."""
    a, b, c, d, e, f = matrix
    return tuple(tuple((a * x + c * y + e, b * x + d * y + f) for x, y in stroke) for stroke in strokes)


def rectangle(x: float, y: float, w: float, h: float) -> Stroke:
    """A closed rectangle, counter-clockwise from its lower-left corner."""
    return ((x, y), (x + w, y), (x + w, y + h), (x, y + h), (x, y))


ARC_STEPS = 8
"""Straight pieces a quarter circle is cut in: at a 1/8 in radius each strays 0.015 mm from the circle."""


def corner_arcs(x: float, y: float, w: float, h: float, r: float) -> tuple[Stroke, ...]:
    """The four quarter circles of radius ``r`` that round the corners of the rectangle ``(x, y, w, h)``, each from
    the point where it meets one edge to where it meets the other, counter-clockwise from the lower left."""
    centres = ((x + r, y + r, 180), (x + w - r, y + r, 270), (x + w - r, y + h - r, 0), (x + r, y + h - r, 90))
    arcs = []
    for cx, cy, start in centres:
        points = [(cx + r * math.cos(math.radians(start + 90 * k / ARC_STEPS)),
                   cy + r * math.sin(math.radians(start + 90 * k / ARC_STEPS))) for k in range(ARC_STEPS + 1)]
        ends = {180: ((x, cy), (cx, y)), 270: ((cx, y), (x + w, cy)), 0: ((x + w, cy), (cx, y + h)),
                90: ((cx, y + h), (x, cy))}[start]
        arcs.append((ends[0], *points[1:-1], ends[1]))  # the ends exactly on the edges they meet
    return tuple(arcs)


def rounded_rectangle(x: float, y: float, w: float, h: float, r: float) -> Stroke:
    """A closed rectangle with corners rounded to radius ``r`` (``corner_arcs``), counter-clockwise from the
    lower-left corner's arc."""
    points: list[Point] = []
    for arc in corner_arcs(x, y, w, h, r):
        points += arc
    return (*points, points[0])


def grid_lines(cells: Iterable[tuple[float, float, float, float]]) -> tuple[Stroke, ...]:
    """The edges of abutting cells ``(x, y, w, h)`` as few straight lines as possible: each shared edge once,
    collinear edges that touch joined into one line (a cutting machine cuts each line once, in one pass)."""
    horizontal: dict[float, list[tuple[float, float]]] = {}
    vertical: dict[float, list[tuple[float, float]]] = {}
    for x, y, w, h in cells:
        for level in (y, y + h):
            horizontal.setdefault(round(level, 4), []).append((x, x + w))
        for level in (x, x + w):
            vertical.setdefault(round(level, 4), []).append((y, y + h))
    lines: list[Stroke] = []
    for y, spans in sorted(horizontal.items()):
        lines += [((a, y), (b, y)) for a, b in _joined(spans)]
    for x, spans in sorted(vertical.items()):
        lines += [((x, a), (x, b)) for a, b in _joined(spans)]
    return tuple(lines)


def _joined(spans: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Overlapping or touching spans merged."""
    out: list[tuple[float, float]] = []
    for a, b in sorted(spans):
        if out and a <= out[-1][1] + 1e-6:
            out[-1] = (out[-1][0], max(out[-1][1], b))
        else:
            out.append((a, b))
    return out


def _key(point: Point) -> tuple[float, float]:
    return round(point[0], 3), round(point[1], 3)


def chained(strokes: Iterable[Stroke]) -> tuple[Stroke, ...]:
    """``strokes`` joined end to end wherever exactly two of them meet at a point, so that a piece's outline is
    one path, closed where it comes back to its start (cutting software closes a path it is given; a net's 84 loose
    sides would have been closed into shapes across its folds). Where three or more meet (a line across a block of
    cards) they stay apart. The same segments, each once, in a stable order."""
    ends: dict[tuple[float, float], list[int]] = {}
    pieces = [tuple(s) for s in strokes if len(s) >= 2]
    for k, stroke in enumerate(pieces):
        if stroke[0] == stroke[-1]:
            continue
        for point in (stroke[0], stroke[-1]):
            ends.setdefault(_key(point), []).append(k)
    used = [False] * len(pieces)
    out: list[Stroke] = []
    for k in range(len(pieces)):
        if not used[k]:
            used[k] = True
            out.append(_grow(pieces, k, ends, used))
    return tuple(out)


def _grow(pieces: list[Stroke], k: int, ends: dict[tuple[float, float], list[int]], used: list[bool]) -> Stroke:
    """Piece ``k`` extended at its end, then at its start, through points where exactly two pieces meet."""
    line = list(pieces[k])
    for _ in range(2):
        while line[0] != line[-1]:
            meeting = ends.get(_key(line[-1]), [])
            nxt = next((j for j in meeting if not used[j]), None)
            if len(meeting) != 2 or nxt is None:
                break
            used[nxt] = True
            other = pieces[nxt]
            line += list(other[1:] if _key(other[0]) == _key(line[-1]) else other[-2::-1])
            if _key(line[-1]) == _key(line[0]):
                line[-1] = line[0]
        line.reverse()
    return tuple(line)


def once(strokes: Iterable[Stroke]) -> tuple[Stroke, ...]:
    """``strokes`` with every stretch of a horizontal or vertical line that an earlier stroke already cuts taken
    out (two pieces that abut share an edge: the blade cuts it once). A closed outline that loses a stretch
    becomes one open path from the end of the gap round to its start, its ends on the other piece's line."""
    covered: dict[tuple[str, float], list[tuple[float, float]]] = {}
    out: list[Stroke] = []
    for stroke in strokes:
        runs: list[list[Point]] = [[stroke[0]]]
        for a, b in zip(stroke, stroke[1:], strict=False):
            for piece, joined in _uncovered(a, b, covered):
                if not joined or runs[-1][-1] != piece[0]:
                    runs.append([piece[0]])
                runs[-1].append(piece[1])
        runs = [run for run in runs if len(run) > 1]
        closed = stroke[0] == stroke[-1] and len(stroke) > 2
        if closed and len(runs) > 1 and runs[0][0] == stroke[0] and runs[-1][-1] == stroke[-1]:
            runs = [runs[-1] + runs[0][1:], *runs[1:-1]]
        out += [tuple(run) for run in runs]
    return tuple(out)


def _uncovered(a: Point, b: Point, covered: dict[tuple[str, float], list[tuple[float, float]]]
               ) -> list[tuple[tuple[Point, Point], bool]]:
    """The parts of segment ``a``-``b`` no earlier segment covers (each with whether it starts at ``a``), the
    segment then marked covered; a slanting segment is kept whole."""
    if abs(a[1] - b[1]) < 1e-6:
        key, lo, hi, at = ("h", round(a[1], 3)), a[0], b[0], a[1]

        def point(v: float) -> Point:
            return (v, at)
    elif abs(a[0] - b[0]) < 1e-6:
        key, lo, hi, at = ("v", round(a[0], 3)), a[1], b[1], a[0]

        def point(v: float) -> Point:
            return (at, v)
    else:
        return [((a, b), True)]
    sign = 1.0 if hi >= lo else -1.0
    start, end = min(lo, hi), max(lo, hi)
    free = [(start, end)]
    for c0, c1 in covered.get(key, []):
        free = [part for f0, f1 in free for part in ((f0, min(f1, c0)), (max(f0, c1), f1)) if part[1] - part[0] > 1e-3]
    covered.setdefault(key, []).append((start, end))
    pieces = sorted(free, key=lambda part: sign * part[0])
    return [((point(p0 if sign > 0 else p1), point(p1 if sign > 0 else p0)),
             abs((p0 if sign > 0 else p1) - lo) < 1e-6) for p0, p1 in pieces]


@dataclass(frozen=True)
class CutSheet:
    """What is cut and folded on one printed page, in the PDF's points (y up)."""

    page: tuple[float, float]
    """The page's width and height, points."""
    cut: tuple[Stroke, ...]
    fold: tuple[Stroke, ...] = ()
    title: str = ""
    """Which PDF and page this sheet cuts, written into the SVG's title."""
    registration: tuple[Stroke, ...] = ()
    """The registration marks printed on the page (``kitgen.io.registration``): a layer of their own, printed,
    never cut; none unless the page has them."""


def _mm(value: float) -> str:
    """A length in points as mm with three decimals (a micrometre), without trailing zeros."""
    text = f"{value / MM:.3f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _path(stroke: Stroke, height: float) -> str:
    """An SVG path's ``d``: points in mm, y turned down from the page's top; ``Z`` closes a closed stroke."""
    closed = len(stroke) > 2 and stroke[0] == stroke[-1]
    points = stroke[:-1] if closed else stroke
    d = " ".join(f"{'M' if i == 0 else 'L'}{_mm(x)},{_mm(height - y)}" for i, (x, y) in enumerate(points))
    return d + (" Z" if closed else "")


def _layer(name: str, colour: str, strokes: Sequence[Stroke], height: float) -> list[str]:
    style = f"fill:none;stroke:{colour};stroke-width:{HAIRLINE_MM};stroke-linecap:butt;stroke-linejoin:miter"
    lines = [f'  <g inkscape:groupmode="layer" id="{name}" inkscape:label="{name}" style="{style}">']
    lines += [f'    <path d="{_path(s, height)}"/>' for s in strokes]
    return [*lines, "  </g>"]


def svg_bytes(sheet: CutSheet, mark: str) -> bytes:
    """The sheet as an SVG at true size, its cut and fold layers, ``mark`` (``kitgen VERSION``) as its creator."""
    from xml.sax.saxutils import escape  # here, not at the top: it imports urllib.request (~35 ms a kit)

    width, height = sheet.page
    head = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="{SVG_NS}" xmlns:inkscape="{INKSCAPE_NS}" xmlns:sodipodi="{SODIPODI_NS}" '
        f'xmlns:rdf="{RDF_NS}" xmlns:cc="{CC_NS}" '
        f'xmlns:dc="{DC_NS}" version="1.1" width="{_mm(width)}mm" height="{_mm(height)}mm" '
        f'viewBox="0 0 {_mm(width)} {_mm(height)}">',
        '  <sodipodi:namedview id="namedview" inkscape:document-units="mm" units="mm" showgrid="false"/>',
        f"  <title>{escape(sheet.title)}</title>",
        "  <desc>Units are millimetres, at true size (import at 100%). Layer cut (red): cut through. "
        "Layer fold (blue): score, do not cut through.</desc>",
        "  <metadata><rdf:RDF><cc:Work rdf:about=\"\"><dc:format>image/svg+xml</dc:format>"
        f"<dc:title>{escape(sheet.title)}</dc:title><dc:creator><cc:Agent><dc:title>{escape(mark)}</dc:title>"
        "</cc:Agent></dc:creator></cc:Work></rdf:RDF></metadata>",
    ]
    body = _layer("cut", CUT_COLOUR, sheet.cut, height) + _layer("fold", FOLD_COLOUR, sheet.fold, height)
    if sheet.registration:
        body += _layer("registration", REGISTRATION_COLOUR, sheet.registration, height)
    return "\n".join([*head, *body, "</svg>", ""]).encode("utf-8")


def creator_of(data: bytes) -> str | None:
    """The creator an SVG's RDF metadata names (``None`` if none, or if the XML declares a DTD or entities,
    which kitgen never writes: a stranger's file is never expanded)."""
    if b"<!DOCTYPE" in data or b"<!ENTITY" in data:
        return None
    import xml.etree.ElementTree as ET

    root = ET.fromstring(data)
    if root.tag != f"{{{SVG_NS}}}svg":
        return None
    found = root.find(f"./{{{SVG_NS}}}metadata/{{{RDF_NS}}}RDF/{{{CC_NS}}}Work/{{{DC_NS}}}creator/"
                      f"{{{CC_NS}}}Agent/{{{DC_NS}}}title")
    return None if found is None else found.text



DXF_LAYERS = (("cut", 1), ("fold", 5), ("registration", 7))
"""The DXF's layers and their AutoCAD colour numbers: red, blue, black (white on a dark screen), as the SVG's."""
DXF_MARK = "kitgen"
"""The name of the DXF header's custom property that holds kitgen's mark (``kitgen VERSION``)."""


DXF_NEEDS = N_("--cut-dxf needs ezdxf, which is not installed: pip install 'kitgen[cut]'")
"""The refusal of ``--cut-dxf`` without ezdxf, in the text language (the install line as typed)."""


class DxfMissing(InputError):
    """ezdxf is not installed (the cut extra): ``--cut-dxf`` is refused before anything is written."""


def check_dxf() -> None:
    """Refuse ``--cut-dxf`` at once when ezdxf is missing (most users never cut with a laser: it is an extra)."""
    try:
        import ezdxf  # noqa: F401
    except ImportError as exc:
        raise DxfMissing(gettext(DXF_NEEDS)) from exc


def dxf_bytes(sheet: CutSheet, mark: str) -> bytes:
    """The sheet as a DXF for a laser cutter (issue 32, "DXF beside SVG"): AutoCAD 2010 ASCII written by ezdxf, in
    millimetres (``$INSUNITS`` 4), y up as the PDF has it, each of the SVG's paths one polyline on the layer ``cut``,
    ``fold`` or ``registration``, closed where the SVG's is; ``mark`` as the custom property ``kitgen``. The same
    bytes every run: ezdxf's fixed dates and IDs (its option for reproducible files)."""
    import io

    from ezdxf import units
    from ezdxf._options import options  # ezdxf.options, as ezdxf itself imports it
    from ezdxf.document import Drawing

    fixed = options.write_fixed_meta_data_for_testing
    options.write_fixed_meta_data_for_testing = True
    try:
        doc = Drawing.new("R2010")
        doc.units = units.MM
        space = doc.modelspace()
        for (name, colour), strokes in zip(DXF_LAYERS, (sheet.cut, sheet.fold, sheet.registration), strict=True):
            doc.layers.add(name, color=colour)
            for stroke in strokes:
                closed = len(stroke) > 2 and stroke[0] == stroke[-1]
                points = [(round(x / MM, 4), round(y / MM, 4)) for x, y in (stroke[:-1] if closed else stroke)]
                space.add_lwpolyline(points, close=closed, dxfattribs={"layer": name})
        doc.header.custom_vars.append(DXF_MARK, mark)
        _fixed_class_order(doc)
        text = io.StringIO()
        doc.write(text)
    finally:
        options.write_fixed_meta_data_for_testing = fixed
    return text.getvalue().encode("utf-8")


def _fixed_class_order(doc: Drawing) -> None:
    """The DXF's CLASSES section in one order: ezdxf adds a class for each entity type in use iterating a set, so
    their order (and the file's bytes) followed Python's string hashing, which differs from run to run. Added now,
    sorted; ``doc.write`` adds none again. Readers do not care for the order."""
    from collections import OrderedDict

    doc.classes.add_required_classes(doc.dxfversion)
    doc.classes.classes = OrderedDict(sorted(doc.classes.classes.items()))


def dxf_creator(data: bytes) -> str | None:
    """The mark a DXF's header holds as the custom property ``kitgen`` (``None`` if none)."""
    import re

    found = re.search(rb"\n *1\r?\n" + DXF_MARK.encode() + rb"\r?\n *9\r?\n\$CUSTOMPROPERTY\r?\n *1\r?\n([^\r\n]*)",
                      data[:1 << 16])
    return None if found is None else found.group(1).decode("utf-8", "replace")
