"""3DXWORD pieces to print: brick nets (fold-up cubes) or flat tiles, Joiners, X pieces, a score pad.

**Cubes.** Each brick is a cross-shaped net (docs/3dxword.md, "Rulings": Pieces): the four
sides in a band, left | front | right | back, the top square above the front
and the bottom square below it, seven trapezoid glue tabs (one for each seam):
on the back's right edge (glued under the left's free edge) and on the top and
bottom edges of the left, right and back squares (glued under the top and
bottom squares). The letter is printed upright on every square, so that once
folded (every line folded away from the printed side) the brick reads upright
on its four sides, and the top square, hinged on the front's top edge, reads
from the front; the bottom reads upright when the brick is rolled backwards
onto it. Solid lines are cut, dashed lines folded, shaded tabs glued; a legend
says so on every page.

Nets are packed tightly in rows: row k+1 is tucked up under row k by the
height of one square, its top squares sitting between the bottom squares of
the row above (kept clear of them and of the tabs). Whichever of the two
orientations (band across the page, or turned a quarter turn) fits more nets
a page is used. Every page keeps a 10 mm margin.

**Tiles.** Flat squares side by side in a block, with crop marks outside it
(the table version: fast to make).

Joiners are red (x3) and blue (x2), marked with their multiplier; X pieces
(direction changers) are yellow with a bold cross, unlike the plain letter X.
The last page is a score pad.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import TYPE_CHECKING, BinaryIO

from kitgen.core.errors import InputError
from kitgen.core.i18n import N_, gettext, number
from kitgen.games.xword3d.rules.pieces import PieceSet, load_piece_spec
from kitgen.io.cutfile import CutSheet, Matrix, Stroke, apply, chained, grid_lines, once
from kitgen.io.fonts import SANS, SANS_BOLD
from kitgen.io.pdf import MM, Paper, canvas_bytes, drawn_once, kit_page, prose_width

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

PAGE_MARGIN = 10 * MM
_MARGIN: ContextVar[float] = ContextVar("xword3d_pieces_margin", default=PAGE_MARGIN)


@contextmanager
def print_then_cut(on: bool) -> Iterator[None]:
    """Within (when ``on``, ``--registration``): pages of nets or tiles are laid out for print-then-cut, their
    header, legend and pieces inside the registration marks' corner boxes on every side (``corner_reach``, so
    clear of every mark: ``kitgen.io.registration``), and every page carries the marks."""
    if not on:
        yield
        return
    from kitgen.io.registration import corner_reach

    token = _MARGIN.set(corner_reach())
    try:
        yield
    finally:
        _MARGIN.reset(token)


def _margin() -> float:
    """The margin of the pieces' pages: 10 mm, or past the registration marks (``print_then_cut``)."""
    return _MARGIN.get()


def _registration_marks(c: Canvas, paper: Paper) -> None:
    """The registration marks on this page of pieces, when laid out for print-then-cut."""
    if _MARGIN.get() != PAGE_MARGIN:
        from kitgen.io.registration import draw_registration

        draw_registration(c, paper.size)
"""Nothing is printed closer than this to the paper's edge."""
MIN_SIZE, MAX_SIZE, DEFAULT_SIZE = 10.0, 60.0, 25.0
TAB_DEPTH = 0.24
"""Glue-tab depth as a fraction of the edge."""
GAP = 1.0 * MM
HEADER = 7 * MM
LEGEND = 9 * MM
TAB_GREY = (0.80, 0.80, 0.80)
RED = (0.93, 0.74, 0.74)
BLUE = (0.74, 0.82, 0.95)
YELLOW = (0.99, 0.93, 0.55)
INK_RED = (0.70, 0.05, 0.05)
INK_BLUE = (0.05, 0.20, 0.65)
CUT_WIDTH = 0.7
FOLD_WIDTH = 0.5
FOLD_DASH = (3, 2)

# faces of the cross net: name -> (column, row) with row 0 at the bottom
FACES = {"bottom": (1, 0), "left": (0, 1), "front": (1, 1), "right": (2, 1), "back": (3, 1), "top": (1, 2)}
# the seven glue tabs: (face, edge) where edge is "top", "bottom" or "right" of that face
TABS = (("back", "right"), ("left", "top"), ("right", "top"), ("back", "top"),
        ("left", "bottom"), ("right", "bottom"), ("back", "bottom"))


class BadSize(InputError):
    """A brick or tile size outside the sensible range, or too big for the paper."""


def check_size(size: float) -> float:
    """Refuse sizes outside 10..60 mm."""
    if not (MIN_SIZE <= size <= MAX_SIZE) or math.isnan(size):
        from kitgen.games.xword3d.options import SIZE

        raise BadSize(gettext("{option} must be between {low} and {high} mm (got {value})").format(
            option=SIZE.named, low=f"{MIN_SIZE:g}", high=f"{MAX_SIZE:g}", value=f"{size:g}"))
    return size


@dataclass(frozen=True)
class Piece:
    """One printed piece: a letter brick, a Joiner (red/blue) or an X piece."""

    kind: str  # "letter", "red", "blue", "x"
    letter: str = ""


def pieces_of(ps: PieceSet) -> list[Piece]:
    """Every piece to print, letters A..Z, then red and blue Joiners, then X pieces (one object a kind of
    piece, however many of it there are)."""
    kinds = {letter: Piece("letter", letter) for letter in set(ps.pool())}
    out = [kinds[letter] for letter in ps.pool()]
    out += [Piece("red")] * ps.red + [Piece("blue")] * ps.blue + [Piece("x")] * ps.x_pieces
    return out


# -- geometry ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class NetGeometry:
    """The cross net in local points (origin at the bottom-left of its bounding box, y up)."""

    s: float

    @property
    def d(self) -> float:
        return TAB_DEPTH * self.s

    @property
    def width(self) -> float:
        return 4 * self.s + self.d

    @property
    def height(self) -> float:
        return 3 * self.s

    def face(self, name: str) -> tuple[float, float, float, float]:
        col, row = FACES[name]
        return col * self.s, row * self.s, self.s, self.s

    def tab(self, face: str, edge: str) -> list[tuple[float, float]]:
        """The trapezoid (base on the face's edge, 45-degree sides) as four points."""
        x, y, s, _ = self.face(face)
        d = self.d
        if edge == "top":
            return [(x, y + s), (x + s, y + s), (x + s - d, y + s + d), (x + d, y + s + d)]
        if edge == "bottom":
            return [(x, y), (x + s, y), (x + s - d, y - d), (x + d, y - d)]
        return [(x + s, y), (x + s, y + s), (x + s + d, y + s - d), (x + s + d, y + d)]

    def rects(self) -> list[tuple[float, float, float, float]]:
        """Every face and every tab's bounding box as (x0, y0, x1, y1): what must not overlap another net."""
        out = []
        for name in FACES:
            x, y, w, h = self.face(name)
            out.append((x, y, x + w, y + h))
        for face, edge in TABS:
            pts = self.tab(face, edge)
            out.append((min(p[0] for p in pts), min(p[1] for p in pts), max(p[0] for p in pts),
                        max(p[1] for p in pts)))
        return out


def _overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float], tol: float = 0.01) -> bool:
    return min(a[2], b[2]) - max(a[0], b[0]) > tol and min(a[3], b[3]) - max(a[1], b[1]) > tol


Rect = tuple[float, float, float, float]


def _shifted(rects: Iterable[Rect], dx: float, dy: float) -> list[Rect]:
    return [(x0 + dx, y0 + dy, x1 + dx, y1 + dy) for x0, y0, x1, y1 in rects]


def pack_rows(width: float, height: float, net: NetGeometry, greedy: bool = False) -> list[tuple[float, float]]:
    """Bottom-left corners of nets packed in rows within ``width`` x ``height`` (top row first).

    A row tucks up under the row above by one square (rows ``2s + d + gap``
    apart), its top squares between the bottom squares above, when a
    horizontal shift keeps it clear of every piece of that row; otherwise it
    goes a whole net lower (``3s + gap``) (with ``greedy``, also when that
    row would hold more nets). Each row takes the smallest shift that holds the
    most nets.
    """
    s, d = net.s, net.d
    pitch_x = net.width + GAP
    rects = net.rects()
    step = 0.5 * MM

    def row_at(y: float, prev: list[tuple[float, float]]) -> list[tuple[float, float]]:
        best: list[tuple[float, float]] = []
        shift = 0.0
        while shift < pitch_x:
            row = []
            x = shift
            while x + net.width <= width + 1e-6:
                row.append((x, y))
                x += pitch_x
            if len(row) > len(best):
                clash = any(_overlap(a, b) for (px, py) in prev for (qx, qy) in row
                            if abs(px - qx) < net.width + s
                            for a in _shifted(rects, px, py) for b in _shifted(rects, qx, qy))
                if not clash:
                    best = row
            if best and len(row) < len(best):
                break
            shift += step
        return best

    placed: list[tuple[float, float]] = []
    prev: list[tuple[float, float]] = []
    y = height - net.height
    while y >= -1e-6:
        row = row_at(y, prev) if prev else row_at(y, [])
        if prev:
            y_low = prev[0][1] - net.height - GAP
            low = row_at(y_low, []) if y_low >= -1e-6 else []
            if len(low) > len(row) if greedy else not row:
                row = low
        if not row:
            break
        placed.extend(row)
        prev = row
        y = row[0][1] - (2 * s + d + GAP)
    return placed


@dataclass(frozen=True)
class PageLayout:
    """Where nets go on a page: ``rotated`` turns the band a quarter turn (the nets run up the page)."""

    positions: tuple[tuple[float, float], ...]
    rotated: bool
    area: tuple[float, float, float, float]  # x, y, w, h of the area the nets fill (page points)


def net_layout(paper: Paper, size_mm: float) -> PageLayout:
    """The better of the two orientations for ``paper`` (more nets a page; across if equal)."""
    pw, ph = paper.size
    legend = legend_height(paper, "cubes", size_mm)
    x0, y0 = _margin(), _margin() + legend
    w, h = pw - 2 * _margin(), ph - 2 * _margin() - legend - HEADER
    net = NetGeometry(size_mm * MM)
    across = max(pack_rows(w, h, net), pack_rows(w, h, net, greedy=True), key=len)
    turned = max(pack_rows(h, w, net), pack_rows(h, w, net, greedy=True), key=len)
    rotated = len(turned) > len(across)
    placed, vw, vh = (turned, h, w) if rotated else (across, w, h)
    if not placed:
        return PageLayout((), rotated, (x0, y0, w, h))
    # centre the block of nets in the area
    lo_u, hi_u = min(p[0] for p in placed), max(p[0] for p in placed) + net.width
    lo_v, hi_v = min(p[1] for p in placed), max(p[1] for p in placed) + net.height
    du, dv = (vw - (hi_u - lo_u)) / 2 - lo_u, (vh - (hi_v - lo_v)) / 2 - lo_v
    placed = [(u + du, v + dv) for u, v in placed]

    def reading_order(p: tuple[float, float]) -> tuple[float, float]:
        u, v = p  # page top edge and left edge of the net
        if rotated:
            return (-round((u + net.width) / net.s), w - v - net.height)
        return (-round((v + net.height) / net.s), u)

    return PageLayout(tuple(sorted(placed, key=reading_order)), rotated, (x0, y0, w, h))


# -- drawing ------------------------------------------------------------------------------------------
def _face_style(piece: Piece) -> tuple[tuple[float, float, float], str, tuple[float, float, float]]:
    """(fill, text, ink) for a piece's face."""
    if piece.kind == "red":
        return RED, "\u00d73", INK_RED
    if piece.kind == "blue":
        return BLUE, "\u00d72", INK_BLUE
    if piece.kind == "x":
        return YELLOW, "", (0, 0, 0)
    return (1, 1, 1), piece.letter, (0, 0, 0)


def draw_face(c: Canvas, piece: Piece, x: float, y: float, s: float) -> None:
    """A square face: its fill, and its mark upright in the middle."""
    fill, text, ink = _face_style(piece)
    c.setFillColorRGB(*fill)
    c.rect(x, y, s, s, stroke=0, fill=1)
    c.setFillColorRGB(*ink)
    if piece.kind == "x":
        c.setStrokeColorRGB(0, 0, 0)
        c.setLineWidth(max(1.5, 0.09 * s))
        m = 0.25 * s
        c.line(x + m, y + m, x + s - m, y + s - m)
        c.line(x + m, y + s - m, x + s - m, y + m)
        c.setFont(SANS_BOLD, max(4.0, 0.12 * s))
        c.drawCentredString(x + s / 2, y + 0.06 * s, gettext("X piece"))
        return
    size = 0.62 * s if piece.kind == "letter" else 0.46 * s
    middle = y + s / 2 if piece.kind == "letter" else y + 0.58 * s
    c.setFont(SANS_BOLD, size)
    c.drawCentredString(x + s / 2, middle - 0.36 * size, text)
    if piece.kind in ("red", "blue"):
        c.setFont(SANS_BOLD, max(4.0, 0.11 * s))
        c.drawCentredString(x + s / 2, y + 0.07 * s, gettext(JOINER_NAMES[piece.kind]))


def net_lines(net: NetGeometry) -> tuple[tuple[Stroke, ...], tuple[Stroke, ...]]:
    """The net's cut lines (each tab's three outer sides as one line, every free edge of a face) and fold lines
    (edges between faces, each once, and every tab's base), in the net's local points. The PDF draws them and
    ``--cut-svg`` writes them (``cut_sheet``): one geometry."""
    s = net.s
    tab_edges = set(TABS)
    cut: list[Stroke] = []
    for face, edge in TABS:
        pts = net.tab(face, edge)
        cut.append((pts[1], pts[2], pts[3], pts[0]))  # the three outer sides, not the base (a fold)
    cells = {v: k for k, v in FACES.items()}
    fold: list[Stroke] = []
    for name, (col, row) in FACES.items():
        x, y = col * s, row * s
        edges = {"top": (((x, y + s), (x + s, y + s)), (col, row + 1)),
                 "bottom": (((x, y), (x + s, y)), (col, row - 1)),
                 "left": (((x, y), (x, y + s)), (col - 1, row)),
                 "right": (((x + s, y), (x + s, y + s)), (col + 1, row))}
        for edge, (seg, nb) in edges.items():
            if nb in cells:
                if (col, row) < nb:
                    fold.append(seg)
            elif (name, edge) in tab_edges:
                fold.append(seg)
            else:
                cut.append(seg)
    return tuple(cut), tuple(fold)


def _stroke(c: Canvas, strokes: Sequence[Stroke]) -> None:
    """Stroke each line (a polyline) in the current pen."""
    for line in strokes:
        p = c.beginPath()
        p.moveTo(*line[0])
        for q in line[1:]:
            p.lineTo(*q)
        c.drawPath(p, stroke=1, fill=0)


def draw_net(c: Canvas, piece: Piece, net: NetGeometry) -> None:
    """One brick's net at the local origin: tabs, faces, cut and fold lines (``net_lines``)."""
    for face, edge in TABS:
        pts = net.tab(face, edge)
        p = c.beginPath()
        p.moveTo(*pts[0])
        for q in pts[1:]:
            p.lineTo(*q)
        p.close()
        c.setFillColorRGB(*TAB_GREY)
        c.drawPath(p, stroke=0, fill=1)
    for name in FACES:
        x, y, _, _ = net.face(name)
        draw_face(c, piece, x, y, net.s)
    cut, fold = net_lines(net)
    c.setStrokeColorRGB(0, 0, 0)
    c.setLineWidth(CUT_WIDTH)
    c.setDash()
    _stroke(c, cut)
    c.setLineWidth(FOLD_WIDTH)
    c.setStrokeColorRGB(0.35, 0.35, 0.35)
    c.setDash(*FOLD_DASH)
    _stroke(c, fold)
    c.setDash()


NOTE_SIZE = 6.5
NOTE_LEADING = 7.0
NOTE_LINES = 2
LEGEND_ROW = 6.2 * MM
"""The note under the legend: its type, the distance between its lines (points), the lines ``LEGEND`` holds under
the legend's row, and that row's baseline above the margin."""


JOINER_NAMES = {"red": N_("red Joiner"), "blue": N_("blue Joiner")}
"""How a Joiner piece is labelled, by its colour (in English; drawn through ``gettext``)."""


def _note(form: str, size_mm: float) -> str:
    if form == "cubes":
        return gettext("Printed at {percent} each square measures {size} mm. Letters are upright on every face: "
                       "the brick reads the same on its sides and, from the front, on top.").format(
            percent="100%", size=number(size_mm))
    return gettext("Cut along the crop marks, through the whole block. Printed at {percent} each tile is {size} mm."
                   ).format(percent="100%", size=number(size_mm))


def note_lines(paper: Paper, form: str, size_mm: float) -> list[str]:
    """The brick nets' note wrapped to a readable measure (``prose_width``: two lines on every paper; it ran 145
    characters a line on A4); the tiles' note is one line beside the legend."""
    from reportlab.lib.utils import simpleSplit

    from kitgen.io.fonts import register_fonts

    if form == "tiles":
        return [_note(form, size_mm)]
    register_fonts()  # the layout is asked for before any canvas is made
    return list(simpleSplit(_note(form, size_mm), SANS, NOTE_SIZE,
                            prose_width(paper.size[0] - 2 * _margin(), NOTE_SIZE)))


def legend_height(paper: Paper, form: str, size_mm: float) -> float:
    """The band along the bottom margin the legend and its note take: ``LEGEND`` (the legend's row over two lines of
    the note), and a line more for each line the note wraps onto beyond ``NOTE_LINES``: wrapping the note to a
    readable measure costs no row of nets (40 mm nets on Letter stay two a page)."""
    return LEGEND + max(0, len(note_lines(paper, form, size_mm)) - NOTE_LINES) * NOTE_LEADING


def draw_legend(c: Canvas, paper: Paper, form: str, size_mm: float) -> None:
    """Cut / fold / glue legend along the bottom margin, and the size check (printed at 100%) under it."""
    pw, _ = paper.size
    lines = note_lines(paper, form, size_mm)
    y = _margin() + (5 * MM if form == "tiles" else LEGEND_ROW + max(0, len(lines) - NOTE_LINES) * NOTE_LEADING)
    x = _margin()
    c.setFont(SANS, 7.5)
    c.setFillColorRGB(0, 0, 0)
    c.setStrokeColorRGB(0, 0, 0)
    c.setLineWidth(CUT_WIDTH)
    c.line(x, y + 2.5, x + 10 * MM, y + 2.5)
    c.drawString(x + 11.5 * MM, y, gettext("cut"))
    x += 22 * MM
    if form == "cubes":
        c.setDash(*FOLD_DASH)
        c.setLineWidth(FOLD_WIDTH)
        c.line(x, y + 2.5, x + 10 * MM, y + 2.5)
        c.setDash()
        c.drawString(x + 11.5 * MM, y, gettext("fold (away from the print)"))
        x += 52 * MM
        c.setFillColorRGB(*TAB_GREY)
        c.rect(x, y - 1, 8 * MM, 2.4 * MM, stroke=1, fill=1)
        c.setFillColorRGB(0, 0, 0)
        c.drawString(x + 9.5 * MM, y, gettext("glue (tabs go inside)"))
    c.setFont(SANS, NOTE_SIZE)
    c.setFillColorRGB(0.3, 0.3, 0.3)
    if form == "tiles":
        c.drawRightString(pw - _margin(), y, lines[0])
        return
    for i, line in enumerate(lines):
        c.drawString(_margin(), _margin() + 1 * MM + (len(lines) - 1 - i) * NOTE_LEADING, line)


def draw_header(c: Canvas, paper: Paper, text: str) -> None:
    pw, ph = paper.size
    c.setFillColorRGB(0, 0, 0)
    c.setFont(SANS_BOLD, 9)
    c.drawString(_margin(), ph - _margin() - 3.5 * MM, "3DXWORD")
    c.setFont(SANS, 8)
    c.drawRightString(pw - _margin(), ph - _margin() - 3.5 * MM, text)


def per_page(paper: Paper, form: str, size_mm: float) -> int:
    """How many nets or tiles of ``size_mm`` a page holds (``BadSize`` if none fits)."""
    if form == "cubes":
        return len(_net_layout(paper, size_mm).positions)
    cols, rows, _ = _tile_grid(paper, size_mm)
    return cols * rows


def _net_layout(paper: Paper, size_mm: float) -> PageLayout:
    layout = net_layout(paper, size_mm)
    if not layout.positions:
        from kitgen.games.xword3d.options import SIZE

        raise BadSize(gettext("a {size} mm brick net does not fit on {paper} paper; try a smaller {option}").format(
            size=f"{size_mm:g}", paper=paper.label, option=SIZE.named))
    return layout


def net_matrix(layout: PageLayout, u: float, v: float) -> Matrix:
    """Where a net at ``(u, v)`` of the layout lands on the page: the area's origin, the quarter turn of a
    ``rotated`` layout (its virtual page, h wide and w high, turned onto the area), then ``(u, v)``."""
    x0, y0, w, _ = layout.area
    if layout.rotated:
        return (0.0, 1.0, -1.0, 0.0, x0 + w - v, y0 + u)
    return (1.0, 0.0, 0.0, 1.0, x0 + u, y0 + v)


def draw_nets(c: Canvas, pieces: Sequence[Piece], paper: Paper, size_mm: float, label: str, first_page: int = 0,
              total: int = 0) -> int:
    """Every piece as a net, page after page; returns the pages drawn. The pieces may be a batch of a longer
    set whose first page is page ``first_page + 1`` of ``total``."""
    layout = _net_layout(paper, size_mm)
    net = NetGeometry(size_mm * MM)
    per = len(layout.positions)
    pages = math.ceil(len(pieces) / per)
    for page in range(pages):
        batch = pieces[page * per:(page + 1) * per]
        draw_header(c, paper, f"{label} \u00b7 " + _pages_words(c, "nets", first_page + page + 1, total or pages))
        draw_legend(c, paper, "cubes", size_mm)
        _registration_marks(c, paper)
        for piece, (u, v) in zip(batch, layout.positions, strict=False):  # the last page may be part-full
            c.saveState()
            c.transform(*net_matrix(layout, u, v))
            draw_net(c, piece, net)
            c.restoreState()
        c.showPage()
    return pages


def _tile_grid(paper: Paper, size_mm: float) -> tuple[int, int, float]:
    """Columns and rows of tiles a page holds, and the top of the block (``BadSize`` if none fits)."""
    pw, ph = paper.size
    s = size_mm * MM
    x0, y0 = _margin() + TILE_MARK + TILE_MARK_GAP, _margin() + LEGEND + TILE_MARK + TILE_MARK_GAP
    w = pw - 2 * x0
    h = ph - y0 - _margin() - HEADER - TILE_MARK - TILE_MARK_GAP
    cols, rows = int(w // s), int(h // s)
    if cols < 1 or rows < 1:
        from kitgen.games.xword3d.options import SIZE

        raise BadSize(gettext("a {size} mm tile does not fit on {paper} paper; try a smaller {option}").format(
            size=f"{size_mm:g}", paper=paper.label, option=SIZE.named))
    return cols, rows, y0 + h


def tile_cells(paper: Paper, size_mm: float, count: int) -> list[tuple[float, float, float, float]]:
    """``(x, y, w, h)`` of the first ``count`` tiles of a page, row by row from the top left, the block centred
    across the page: where the PDF draws them and what ``--cut-svg`` cuts."""
    s = size_mm * MM
    cols, _, top = _tile_grid(paper, size_mm)
    left = (paper.size[0] - cols * s) / 2
    return [(left + col * s, top - (r + 1) * s, s, s) for r, col in (divmod(i, cols) for i in range(count))]


TILE_MARK = 4 * MM
TILE_MARK_GAP = 2 * MM
"""Crop marks 4 mm long, 2 mm clear of the tiles (issue 17: at least 3 mm long and 2 mm from the trim)."""


def draw_tiles(c: Canvas, pieces: Sequence[Piece], paper: Paper, size_mm: float, label: str, first_page: int = 0,
               total: int = 0) -> int:
    """Flat square tiles in a block with crop marks; returns the pages drawn. The pieces may be a batch of a
    longer set whose first page is page ``first_page + 1`` of ``total``."""
    s = size_mm * MM
    mark = TILE_MARK
    cols, rows, top = _tile_grid(paper, size_mm)
    per = cols * rows
    pages = math.ceil(len(pieces) / per)
    left = tile_cells(paper, size_mm, 1)[0][0]
    for page in range(pages):
        batch = pieces[page * per:(page + 1) * per]
        used_rows = math.ceil(len(batch) / cols)
        draw_header(c, paper, f"{label} \u00b7 " + _pages_words(c, "tiles", first_page + page + 1, total or pages))
        draw_legend(c, paper, "tiles", size_mm)
        _registration_marks(c, paper)
        cells = tile_cells(paper, size_mm, len(batch))
        for piece, (x, y, _, _) in zip(batch, cells, strict=True):
            draw_face(c, piece, x, y, s)
        bottom = top - used_rows * s
        c.setStrokeColorRGB(0.75, 0.75, 0.75)
        c.setLineWidth(0.25)
        _stroke(c, grid_lines(cells))  # light cut guides round each tile, none over empty places
        c.setStrokeColorRGB(0, 0, 0)
        c.setLineWidth(0.5)
        gap = TILE_MARK_GAP
        for r in range(used_rows + 1):  # crop marks, outside the block, 2 mm clear of it
            yy = top - r * s
            c.line(left - mark - gap, yy, left - gap, yy)
            c.line(left + cols * s + gap, yy, left + cols * s + mark + gap, yy)
        for col in range(cols + 1):
            xx = left + col * s
            c.line(xx, top + gap, xx, top + mark + gap)
            c.line(xx, bottom - mark - gap, xx, bottom - gap)
        c.setTrimBox((left, bottom, left + cols * s, top))  # the block the guillotine cuts out
        c.setBleedBox((left, bottom, left + cols * s, top))  # tiles are cut edge to edge: no bleed
        c.showPage()
    c.setTrimBox(None)  # reportlab keeps a box for later pages: the score pad is not trimmed
    c.setBleedBox(None)
    return pages


def cut_sheet(paper: Paper, form: str, size_mm: float, count: int, title: str = "") -> CutSheet:
    """What a page of ``count`` nets or tiles cuts and folds (``--cut-svg``): each net's ``net_lines`` moved by
    its ``net_matrix``, as the PDF draws it, its cut lines joined into one closed outline (open only where it
    meets a net cut before it); each tile's edges
    (``tile_cells``), each shared edge once."""
    marks: tuple[Stroke, ...] = ()
    if _MARGIN.get() != PAGE_MARGIN:
        from kitgen.io.registration import registration_outlines

        marks = registration_outlines(paper.size)
    if form != "cubes":
        return CutSheet(paper.size, chained(grid_lines(tile_cells(paper, size_mm, count))), (), title, marks)
    layout = _net_layout(paper, size_mm)
    cut, fold = net_lines(NetGeometry(size_mm * MM))
    placed = [net_matrix(layout, u, v) for u, v in layout.positions[:count]]
    # each net's cut lines joined into its one closed outline (the PDF draws the same segments one by one); where
    # two nets' outlines meet (nested rows), the edge they share is cut once
    return CutSheet(paper.size, once(line for m in placed for line in chained(apply(m, cut))),
                    tuple(line for m in placed for line in apply(m, fold)), title, marks)


def cut_pages(count: int, paper: Paper, form: str, size_mm: float) -> list[int]:
    """How many of ``count`` pieces each page of nets or tiles holds (pages 1, 2, ... of the PDF)."""
    per = per_page(paper, form, size_mm)
    return [min(per, count - first) for first in range(0, count, per)]


SCORE_ROWS = 30
PLAYERS_A_PAD = 6
JOINER_BOX = 3.6 * MM


def draw_joiner_boxes(c: Canvas, x0: float, y: float, col_w: float, row_h: float, players: int) -> None:
    """In each player's column of the bottom row, two red and two blue boxes to tick as Joiners are used.

    Seed ``3dxword.txt``, 3-D rule 3: "No player may use more than 2 Joiners of each colour during one game."
    """
    b = min(JOINER_BOX, 0.6 * row_h)
    gap = 0.8 * MM
    group = 2.5 * MM
    width = 4 * b + 2 * gap + group
    for k in range(players):
        x = x0 + k * col_w + (col_w - width) / 2
        yy = y + (row_h - b) / 2
        for fill, ink in ((RED, INK_RED), (BLUE, INK_BLUE)):
            for _ in range(2):
                c.setFillColorRGB(*fill)
                c.setStrokeColorRGB(*ink)
                c.setLineWidth(0.8)
                c.rect(x, yy, b, b, stroke=1, fill=1)
                x += b + gap
            x += group - gap


PAD_TYPE = 8.0
"""No type on the score pad is smaller (points)."""
MIN_SCORE_ROW = 6 * MM
"""A turn row is never shorter: room for a handwritten score (A5 has fewer turn rows, not thinner ones)."""
PAD_NOTES = (N_("A word scores its letters, in full (BRAND to BRANDS scores 6); every word a play makes counts."),
             N_("3-D: red Joiner \u00d73, blue \u00d72 (at most 2 of each colour a player: tick a box for each one "
                "used), leg \u00d72."))
PAD_FOOTER = N_("Game over when no one can make a new word; one point off for each letter left unused. Highest "
                "final score wins.")


def _pad_text(c: Canvas, paper: Paper) -> tuple[float, float]:
    """The pad's title, its notes and its footer, each wrapped within the margins and ``prose_width``; returns the
    y under the notes and the y over the footer (the table goes between)."""
    from reportlab.lib.utils import simpleSplit

    pw, ph = paper.size
    width = prose_width(pw - 2 * PAGE_MARGIN, PAD_TYPE)  # a readable measure: on A4 the footer ran 111 characters
    top = ph - PAGE_MARGIN - HEADER - 6 * MM
    c.setFont(SANS_BOLD, 14)
    c.drawString(PAGE_MARGIN, top, gettext("3DXWORD score pad"))
    c.setFont(SANS, PAD_TYPE)
    y = top - 1 * MM
    for line in (part for note in PAD_NOTES for part in simpleSplit(gettext(note), SANS, PAD_TYPE, width)):
        y -= 4 * MM
        c.drawString(PAGE_MARGIN, y, line)
    footer = simpleSplit(gettext(PAD_FOOTER), SANS, PAD_TYPE, width)
    c.setFillColorRGB(0.35, 0.35, 0.35)
    for k, line in enumerate(reversed(footer)):
        c.drawString(PAGE_MARGIN, PAGE_MARGIN + 2 * MM + k * 3.6 * MM, line)
    c.setFillColorRGB(0, 0, 0)
    return y - 5 * MM, PAGE_MARGIN + 2 * MM + len(footer) * 3.6 * MM + 2 * MM


PAD_LABELS = (N_("player"), N_("total"), N_("\u2212 unused"), N_("final"), N_("Joiners"))
"""The pad's row labels besides the turn numbers, in the order its table draws them."""


def pad_label_width() -> float:
    """The pad's label column: 20 mm, or as wide as the text language's widest label needs with 1.5 mm either side
    (issue 28: the Polish and Greek labels for unused letters ran 10 mm into the first player's column); English's
    labels fit in 20 mm, so its pads are unchanged."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from kitgen.io.fonts import register_fonts

    register_fonts()
    widest: float = max(stringWidth(gettext(label), SANS_BOLD, PAD_TYPE) for label in PAD_LABELS)
    return max(20 * MM, widest + 3 * MM)


def players_a_pad(paper: Paper) -> int:
    """Player columns a pad page holds: ``PLAYERS_A_PAD``, fewer where a column would not hold its four Joiner
    boxes with a margin (A5: 5; 4 in a language whose labels widen the label column past 24 mm)."""
    group = 4 * JOINER_BOX + 2 * 0.8 * MM + 2.5 * MM  # draw_joiner_boxes' row of boxes
    return max(1, min(PLAYERS_A_PAD, int((paper.size[0] - 2 * PAGE_MARGIN - pad_label_width())
                                         // (group + 2 * MM))))


def score_rows(space: float) -> int:
    """The turn rows a pad holds in ``space`` (points, with the head and four summary rows): ``SCORE_ROWS``, fewer
    where rows would be under ``MIN_SCORE_ROW`` (A5)."""
    return max(1, min(SCORE_ROWS, int(space // MIN_SCORE_ROW) - 5))


def _pad_table(c: Canvas, paper: Paper, table_top: float, row_h: float, rows: int, n: int) -> None:
    """The pad's table: a head row, ``rows`` turns, the totals, unused letters, final and the Joiner boxes."""
    pw, _ = paper.size
    turn_w = pad_label_width()
    col_w = (pw - 2 * PAGE_MARGIN - turn_w) / n
    head, *summary = (gettext(label) for label in PAD_LABELS)
    labels = [head] + [str(i + 1) for i in range(rows)] + summary
    c.setLineWidth(0.4)
    for r, lab in enumerate(labels):
        y = table_top - (r + 1) * row_h
        shade = r == 0 or r > rows
        if shade:
            c.setFillColorRGB(0.92, 0.92, 0.92)
            c.rect(PAGE_MARGIN, y, pw - 2 * PAGE_MARGIN, row_h, stroke=0, fill=1)
        c.setFillColorRGB(0, 0, 0)
        c.setFont(SANS_BOLD if shade else SANS, PAD_TYPE)
        c.drawString(PAGE_MARGIN + 1.5 * MM, y + row_h / 2 - 0.35 * PAD_TYPE, lab)
    c.setStrokeColorRGB(0.3, 0.3, 0.3)
    rows_bottom = table_top - len(labels) * row_h
    for r in range(len(labels) + 1):
        c.setLineWidth(1.0 if r in (0, 1, rows + 1, len(labels)) else 0.3)
        c.line(PAGE_MARGIN, table_top - r * row_h, pw - PAGE_MARGIN, table_top - r * row_h)
    c.setLineWidth(0.6)
    for k in range(n + 1):
        x = PAGE_MARGIN + turn_w + k * col_w
        c.line(x, rows_bottom, x, table_top)
    c.line(PAGE_MARGIN, rows_bottom, PAGE_MARGIN, table_top)
    draw_joiner_boxes(c, PAGE_MARGIN + turn_w, rows_bottom, col_w, row_h, n)


def _pages_words(c: Canvas, part: str, page: int, pages: int) -> str:
    """A page's header words for ``part`` (``nets``, ``tiles``, ``pad``): ``nets page 2 of 8``; in a kit, the kit's
    page number as its guide counts pages (``kit_page``): ``nets, page 7``."""
    in_kit = kit_page(c)
    if in_kit is not None:
        said = {"nets": gettext("nets, page {page}"), "tiles": gettext("tiles, page {page}"),
                "pad": gettext("score pad, page {page}")}[part]
        return said.format(page=in_kit)
    if part == "pad" and pages == 1:
        return gettext("score pad")
    said = {"nets": gettext("nets page {page} of {pages}"), "tiles": gettext("tiles page {page} of {pages}"),
            "pad": gettext("score pad {page} of {pages}")}[part]
    return said.format(page=page, pages=pages)


def draw_score_pad(c: Canvas, paper: Paper, players: int, keep_blank: float = 0.0) -> int:
    """Score pad pages: a column a player (names to fill in), a row a turn, totals, unused letters, final; laid out
    for the paper (docs/3dxword.md, "Score pad"): notes wrapped within the margins, type 8 pt or more, turn rows
    ``MIN_SCORE_ROW`` or taller. ``keep_blank`` points are left blank under the table (a class set's link)."""
    columns = players_a_pad(paper)
    pages = math.ceil(players / columns)
    for page in range(pages):
        n = min(columns, players - page * columns)
        draw_header(c, paper, _pages_words(c, "pad", page + 1, pages))
        table_top, floor = _pad_text(c, paper)
        floor += keep_blank
        rows = score_rows(table_top - floor)
        _pad_table(c, paper, table_top, (table_top - floor) / (rows + 5), rows, n)
        c.showPage()
    return pages


def draw_all(c: Canvas, pieces: PieceSet, paper: Paper, form: str, size_mm: float, score_pad: bool = True,
             parts: bool = False) -> None:
    """The pieces and (with ``score_pad``) the score pad; with ``parts``, each marked as a part of a kit."""
    from kitgen.io.calibration import part_bookmark

    label = pieces_label(pieces.players, size_mm, form)
    items = pieces_of(pieces)
    if parts:
        part_bookmark(c, "part-pieces", gettext("Brick nets: letters, red and blue Joiners, X pieces"),
                      gettext("card stock (160-220 gsm); cut, fold, glue"))
    if form == "cubes":
        draw_nets(c, items, paper, size_mm, label)
    else:
        draw_tiles(c, items, paper, size_mm, label)
    if score_pad:
        if parts:
            part_bookmark(c, "part-pad", gettext("Score pad"), gettext("plain paper"))
        draw_score_pad(c, paper, pieces.players)


PAGES_A_BATCH = 25
"""Pages drawn on one reportlab canvas before they are written out (``kitgen.io.pdfstream``)."""


def write_pieces(out: BinaryIO, pieces: PieceSet, paper: Paper, form: str = "cubes", size_mm: float = DEFAULT_SIZE,
                 seed: int | None = None, registration: bool = False) -> None:
    """Write the pieces (nets or tiles) and a score pad to ``out``, ``PAGES_A_BATCH`` pages at a time, so a set
    of any size is drawn in bounded memory (issue 17, "Big jobs stream"); with ``registration``, the pieces'
    pages laid out for print-then-cut (``print_then_cut``)."""
    from kitgen.io.pdfstream import stream_pdf

    check_size(size_mm)
    items = pieces_of(pieces)
    with print_then_cut(registration):
        per = per_page(paper, form, size_mm)
    pages = math.ceil(len(items) / per)
    label = pieces_label(pieces.players, size_mm, form)
    draw = draw_nets if form == "cubes" else draw_tiles
    title = gettext("3DXWORD brick nets") if form == "cubes" else gettext("3DXWORD tiles")
    subject = gettext("{players} players, {size} mm, set {name}").format(players=pieces.players, size=number(size_mm),
                                                                        name=pieces.name)

    def batch(first: int) -> bytes:
        def pages_of(c: Canvas) -> None:
            with print_then_cut(registration):
                draw(c, items[first * per:(first + PAGES_A_BATCH) * per], paper, size_mm, label, first, pages)
            if first + PAGES_A_BATCH >= pages:
                draw_score_pad(c, paper, pieces.players)

        return canvas_bytes(pages_of, paper, title=title, subject=subject, seed=seed)

    stream_pdf(out, (batch(first) for first in range(0, pages, PAGES_A_BATCH)))


LINK_BAND = 22 * MM
"""The blank band a score pad printed alone keeps under its table: a class set's link (kitgen/io/stamp.py: a 16 mm
code and the address beside it) goes there, clear of the header and the table."""


def score_pad_pdf(paper: Paper, players: int) -> bytes:
    """The score pad alone: what a table writes its game on (a class session's class set, docs/3dxword.md), with
    a band left blank under the table where the session's link and code are printed."""
    return canvas_bytes(lambda c: draw_score_pad(c, paper, players, keep_blank=LINK_BAND), paper,
                        title=gettext("3DXWORD score pad"),
                        subject=gettext("{players} players").format(players=players))


def kit_components(paper: Paper, seed: int, players: int = 2, lang: str | None = None) -> bytes:
    """The 3DXWORD kit's printable components: brick nets for ``players`` (25 mm; the standard set, or the set of
    the kit's language ``lang`` when it has one of its own: a Russian kit's bricks are Cyrillic) and a score pad.
    Nothing of them depends on ``seed`` (the pieces are not dealt): they are drawn once and kept (``drawn_once``), so
    their metadata names no seed."""
    pieces = load_piece_spec(None, lang).for_players(players)
    return drawn_once(("3dxword nets", paper.value, repr(pieces)), lambda: canvas_bytes(
        lambda c: draw_all(c, pieces, paper, "cubes", DEFAULT_SIZE, parts=True), paper,
        title=gettext("3DXWORD bricks"), subject=gettext("{players} players").format(players=players)))


def pieces_label(players: int, size_mm: float, form: str) -> str:
    """``2 players · 25 mm cubes`` (or tiles), in the text language: the header of every pieces page."""
    said = gettext("{players} players \u00b7 {size} mm cubes") if form == "cubes" else \
        gettext("{players} players \u00b7 {size} mm tiles")
    return said.format(players=players, size=number(size_mm))
