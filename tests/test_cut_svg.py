"""Issue 17, "cut files (``--cut-svg``) for nets, tiles and cards": each SVG parsed with xml.etree and its cut and
fold lines compared with the lines and cards the PDF draws (read with pdfium, every transformation applied)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from pdfpaths import page_paths
from pypdf import PdfReader

from kitgen.io.pdf import MM

SVG = "{http://www.w3.org/2000/svg}"
INKSCAPE = "{http://www.inkscape.org/namespaces/inkscape}"
Segment = tuple[tuple[float, float], tuple[float, float]]


def _segments(points: list[tuple[float, float]]) -> set[Segment]:
    """A polyline's pieces, each with its ends in order and rounded to 0.05 pt (float32 in pdfium)."""
    out = set()
    for a, b in zip(points, points[1:], strict=False):
        ends = sorted(((round(a[0] * 20) / 20, round(a[1] * 20) / 20), (round(b[0] * 20) / 20, round(b[1] * 20) / 20)))
        if ends[0] != ends[1]:
            out.add((ends[0], ends[1]))
    return out


def pdf_strokes(pdf: Path, page: int) -> list[tuple[float, bool, list[tuple[float, float]]]]:
    """(line width, dashed, points on the page) of every stroked path of a page (0-based), as pdfium sees it."""
    return [(width, dashed, [(x, y) for _, x, y in points])
            for width, stroked, dashed, points in page_paths(str(pdf), page) if stroked]


def svg_layers(path: Path) -> tuple[ET.Element, dict[str, list[list[tuple[float, float]]]], float]:
    """The SVG's root, each layer's paths as points in PDF points (y up), and the page height in points."""
    root = ET.parse(path).getroot()
    height_mm = float(root.get("height", "").removesuffix("mm"))
    layers: dict[str, list[list[tuple[float, float]]]] = {}
    for group in root.iter(f"{SVG}g"):
        if group.get(f"{INKSCAPE}groupmode") != "layer":
            continue
        paths = []
        for element in group.iter(f"{SVG}path"):
            d = element.get("d", "")
            pairs = re.findall(r"[ML](-?[\d.]+),(-?[\d.]+)", d)
            points = [(float(x) * MM, (height_mm - float(y)) * MM) for x, y in pairs]
            if d.endswith("Z"):
                points.append(points[0])
            paths.append(points)
        layers[group.get(f"{INKSCAPE}label", "")] = paths
    return root, layers, height_mm * MM


def all_segments(paths: list[list[tuple[float, float]]]) -> set[Segment]:
    return set().union(*(_segments(p) for p in paths)) if paths else set()


def test_an_svg_is_at_true_size_with_a_cut_and_a_fold_layer_in_hairlines(invoke, tmp_path):
    assert invoke("bricks", "--paper", "letter", "--cut-svg", "--out", f"{tmp_path}/").exit_code == 0
    svg = tmp_path / "3dxword-cubes-2p-25mm-letter-cut-p1.svg"
    root, layers, _ = svg_layers(svg)
    assert (root.get("width"), root.get("height"), root.get("viewBox")) == ("215.9mm", "279.4mm", "0 0 215.9 279.4")
    assert list(layers) == ["cut", "fold"] and layers["cut"] and layers["fold"]
    styles = {g.get(f"{INKSCAPE}label"): dict(part.split(":") for part in g.get("style", "").split(";"))
              for g in root.iter(f"{SVG}g")}
    assert styles["cut"]["stroke"] != styles["fold"]["stroke"]
    assert all(float(style["stroke-width"]) <= 0.03 and style["fill"] == "none" for style in styles.values())


@pytest.mark.parametrize("args", [(), ("--paper", "letter", "--size", "30"), ("--players", "5", "--size", "15")])
def test_net_cut_and_fold_lines_are_the_pdf_s_solid_and_dashed_lines(invoke, tmp_path, args):
    """Every page of nets: the SVG's cut layer holds exactly the PDF's solid cut lines (0.7 pt), its fold layer
    exactly the dashed ones (the legend at the foot of the page left out), rotated layouts included."""
    assert invoke("bricks", *args, "--cut-svg", "--out", f"{tmp_path}/").exit_code == 0
    pdf = next(tmp_path.glob("*.pdf"))
    svgs = sorted(tmp_path.glob("*-cut-p*.svg"))
    assert svgs and len(svgs) == len(PdfReader(str(pdf)).pages) - 1  # every page but the score pad
    for svg in svgs:
        page = int(svg.stem.rsplit("-p", 1)[1]) - 1
        strokes = [(w, dashed, pts) for w, dashed, pts in pdf_strokes(pdf, page) if min(y for _, y in pts) > 19 * MM]
        _, layers, _ = svg_layers(svg)
        solid = all_segments([pts for w, dashed, pts in strokes if not dashed and w == 0.7])  # not an X's cross
        dashed = all_segments([pts for w, dashed, pts in strokes if dashed])
        assert solid and _same_ground(list(all_segments(layers["cut"])), list(solid))
        assert all_segments(layers["fold"]) == dashed and dashed


def test_tile_cuts_are_the_pdf_s_tile_guides_each_edge_once(invoke, tmp_path):
    assert invoke("bricks", "--form", "tiles", "--players", "3", "--cut-svg", "--out", f"{tmp_path}/").exit_code == 0
    pdf = tmp_path / "3dxword-tiles-3p-25mm-a4.pdf"
    for page, svg in enumerate(sorted(tmp_path.glob("*-cut-p*.svg"))):
        guides = all_segments([pts for w, _, pts in pdf_strokes(pdf, page) if w == 0.25])
        _, layers, _ = svg_layers(svg)
        cut = [seg for path in layers["cut"] for seg in _segments(path)]
        assert len(cut) == len(set(cut))  # a shared edge is cut once
        covered = {(a, b) for a, b in guides}
        # the SVG's joined lines cover every tile edge the PDF draws, and nothing else
        assert _unit_pieces(cut, 25 * MM) == _unit_pieces(list(covered), 25 * MM)
        assert not layers["fold"]


def _unit_pieces(segments: list[Segment], unit: float) -> set[Segment]:
    """Segments cut into ``unit``-long pieces (so one joined line compares with the edges it joins)."""
    out = set()
    for (x0, y0), (x1, y1) in segments:
        n = max(1, round(max(abs(x1 - x0), abs(y1 - y0)) / unit))
        for k in range(n):
            a = (round((x0 + (x1 - x0) * k / n) * 10) / 10, round((y0 + (y1 - y0) * k / n) * 10) / 10)
            b = (round((x0 + (x1 - x0) * (k + 1) / n) * 10) / 10, round((y0 + (y1 - y0) * (k + 1) / n) * 10) / 10)
            out.add((a, b))
    return out


def _card_trims(pdf: Path, page: int) -> set[tuple[float, ...]]:
    """(x, y, w, h) of every card face form drawn on a PDF page, from its content stream and the form's BBox."""
    reader = PdfReader(str(pdf))
    p = reader.pages[page]
    data = p.get_contents().get_data().decode("latin-1")
    forms = p["/Resources"].get("/XObject", {})
    out = set()
    for x, y, name in re.findall(r"1 0 0 1 (-?[\d.]+) (-?[\d.]+) cm\s*/(FormXob\.Card\S+) Do", data):
        x0, y0, x1, y1 = (float(v) for v in forms[f"/{name}"].get_object()["/BBox"])
        out.add(tuple(round(v, 1) for v in (float(x), float(y), x1 - x0, y1 - y0)))
    return out


@pytest.mark.parametrize("args", [(), ("--paper", "letter", "--size", "bridge", "--bleed", "3", "--duplex"),
                                  ("--size", "tarot"), ("--card-size", "60x90", "--paper", "a3")])
def test_card_cuts_are_the_trims_of_the_faces_on_their_page(invoke, tmp_path, args):
    """One SVG for each page of faces, named by its page number; its cut rectangles are the card trims the PDF
    draws there (a bleed is printed past them and cut off)."""
    out = tmp_path / "d.pdf"
    assert invoke("deck", *args, "--cut-svg", "--out", str(out)).exit_code == 0
    reader = PdfReader(str(out))
    face_pages = [k for k in range(len(reader.pages)) if _card_trims(out, k)]
    svgs = sorted(tmp_path.glob("d-cut-p*.svg"))
    assert [int(s.stem.rsplit("-p", 1)[1]) - 1 for s in svgs] == face_pages
    for page, svg in zip(face_pages, svgs, strict=True):
        _, layers, _ = svg_layers(svg)
        trims = _card_trims(out, page)
        if "--bleed" in args:  # cards stand apart: each its own closed rectangle
            rects = set()
            for pts in layers["cut"]:
                xs, ys = [x for x, _ in pts], [y for _, y in pts]
                assert len(pts) == 5 and pts[0] == pts[-1]
                rects.add(tuple(round(v, 1) for v in (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))))
            assert rects == trims
        edges = [seg for x, y, w, h in trims for seg in _segments([(x, y), (x + w, y), (x + w, y + h), (x, y + h),
                                                                   (x, y)])]
        cut = [seg for path in layers["cut"] for seg in _segments(path)]
        assert set(_atoms(cut, edges)) == set(_atoms(edges, cut))  # the same ground as the cards' edges
        assert not layers["fold"]


def _atoms(segments: list[Segment], also: list[Segment] | None = None) -> list[Segment]:
    """Horizontal and vertical segments split at every x (or y) any of them starts or ends at, duplicates kept:
    two sets of lines cover the same ground when their atoms are the same set, and an atom twice in one list is
    a piece of line cut twice."""
    every = segments + (also or [])  # split at the points of ``also`` too, to compare with it
    snap_x = _snap([p[0] for seg in every for p in seg])
    snap_y = _snap([p[1] for seg in every for p in seg])
    xs, ys = sorted(set(snap_x.values())), sorted(set(snap_y.values()))
    out = []
    for (x0, y0), (x1, y1) in segments:
        (x0, y0), (x1, y1) = sorted(((snap_x[x0], snap_y[y0]), (snap_x[x1], snap_y[y1])))
        if y0 == y1:
            cuts = [x for x in xs if x0 <= x <= x1]
            out += [((a, y0), (b, y0)) for a, b in zip(cuts, cuts[1:], strict=False)]
        else:
            cuts = [y for y in ys if y0 <= y <= y1]
            out += [((x0, a), (x0, b)) for a, b in zip(cuts, cuts[1:], strict=False)]
    return out


def _same_ground(a: list[Segment], b: list[Segment]) -> bool:
    """Whether two sets of lines cut the same: their straight lines cover the same ground (``_atoms``, however
    they are split or joined), their slanting ones are the same."""
    def straight(seg: Segment) -> bool:
        return abs(seg[0][0] - seg[1][0]) < 0.01 or abs(seg[0][1] - seg[1][1]) < 0.01

    sa, sb = [s for s in a if straight(s)], [s for s in b if straight(s)]
    return set(_atoms(sa, sb)) == set(_atoms(sb, sa)) and {s for s in a if not straight(s)} == \
        {s for s in b if not straight(s)}


def _snap(values: list[float], slack: float = 0.3) -> dict[float, float]:
    """Each value mapped to the least of its run of values less than ``slack`` apart (an SVG's 0.001 mm and a
    PDF's float32 points differ in the last digits)."""
    out: dict[float, float] = {}
    kept = None
    for v in sorted(set(values)):
        if kept is None or v - kept >= slack:
            kept = v
        out[v] = kept
    return out


def _on(point: tuple[float, float], seg: Segment, slack: float = 0.1) -> bool:
    """Whether ``point`` lies on the segment (within ``slack`` points)."""
    (ax, ay), (bx, by) = seg
    px, py = point
    length = ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5
    cross = abs((bx - ax) * (py - ay) - (by - ay) * (px - ax)) / length
    along = ((px - ax) * (bx - ax) + (py - ay) * (by - ay)) / length
    return cross <= slack and -slack <= along <= length + slack


def cut_problems(paths: list[list[tuple[float, float]]]) -> list[str]:
    """What cutting software would trip on: an open path whose end is on no other cut line (a piece that is not
    closed off: software that closes paths would cut across it), and a piece of line in two paths or twice in one
    (the blade cuts it twice)."""
    problems = []
    segments = [(k, seg) for k, path in enumerate(paths) for seg in _segments(path)]
    for k, path in enumerate(paths):
        if path[0] == path[-1]:
            continue
        for end, near in ((path[0], _segments(path[:2])), (path[-1], _segments(path[-2:]))):
            if not any(_on(end, seg) for j, seg in segments if j != k or seg not in near):
                problems.append(f"path {k} ends at {end} on no other cut line")
    straight = [seg for _, seg in segments if seg[0][0] == seg[1][0] or seg[0][1] == seg[1][1]]
    atoms = _atoms(straight)
    problems += [f"{atom} is cut twice" for atom in sorted(set(atoms)) if atoms.count(atom) > 1]
    return problems


def test_the_cut_checks_can_fail():
    square = [(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0), (0.0, 0.0)]
    assert cut_problems([square]) == []
    assert cut_problems([square[:4]])  # open: its ends meet nothing
    assert cut_problems([square, [(10.0, 0.0), (20.0, 0.0), (20.0, 10.0), (10.0, 10.0), (10.0, 0.0)]])  # shared
    assert cut_problems([square, [(10.0, 0.0), (20.0, 0.0), (20.0, 10.0), (10.0, 10.0)]]) == []  # ends on it


@pytest.mark.parametrize("command", [
    ("bricks",), ("bricks", "--paper", "a5"), ("bricks", "--paper", "letter", "--size", "30"),
    ("bricks", "--players", "5", "--size", "15", "--paper", "tabloid"), ("bricks", "--form", "tiles", "--paper", "a3"),
    ("deck",), ("deck", "--paper", "letter"), ("deck", "--paper", "a5", "--size", "mini"),
    ("deck", "--bleed", "3", "--paper", "legal"), ("deck", "--paper", "a3", "--duplex")])
def test_every_cut_outline_is_closed_and_no_line_is_cut_twice(invoke, tmp_path, command):
    """Issue 32: brick nets' cut layer was 84 open pieces a page (software that closes paths would cut along the
    folds) and deck cut files repeated every edge two cards share. Now each net is one closed outline, each card
    with a bleed its closed rectangle, and abutting cards' lines each once, every line ending on another. The
    SVG is the PDF's page size, in millimetres as Inkscape writes them, and names the PDF as written."""
    out = tmp_path / "x.pdf"
    assert invoke(*command, "--cut-svg", "--out", str(out)).exit_code == 0
    reader = PdfReader(str(out))
    svgs = sorted(tmp_path.glob("x-cut-p*.svg"))
    assert svgs
    for svg in svgs:
        root, layers, _ = svg_layers(svg)
        assert not cut_problems(layers["cut"]), cut_problems(layers["cut"])[:5]
        if command[0] == "bricks" and "tiles" not in command:  # a net's outline is one path, closed unless it
            assert any(path[0] == path[-1] for path in layers["cut"])  # meets a net cut before it
            assert len(layers["cut"]) <= 2 * int(command[command.index("--players") + 1] if "--players" in command
                                                 else 2) * 9
        page = reader.pages[int(svg.stem.rsplit("-p", 1)[1]) - 1]
        width, height = float(page.mediabox.width) / MM, float(page.mediabox.height) / MM
        assert (root.get("width"), root.get("height")) == (f"{width:.3f}".rstrip("0").rstrip(".") + "mm",
                                                           f"{height:.3f}".rstrip("0").rstrip(".") + "mm")
        view = root.find("{http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd}namedview")
        assert view is not None and view.get(f"{INKSCAPE}document-units") == "mm"
        title = root.find(f"{SVG}title")
        assert title is not None and title.text == f"x.pdf, page {svg.stem.rsplit('-p', 1)[1].lstrip('0')}"


def test_cut_files_are_written_all_or_nothing_with_the_pdf_and_rewritten_as_kitgen_s_own(invoke, tmp_path):
    stranger = tmp_path / "deck-whitman-1938-poker-a4-cut-p3.svg"
    stranger.write_text('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><title>kitgen cut</title></svg>')
    r = invoke("deck", "--cut-svg", "--out", f"{tmp_path}/")
    assert r.exit_code == 2 and "was not written by kitgen" in r.stderr and stranger.name in r.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == [stranger.name]  # not the PDF, not the other pages
    stranger.unlink()
    assert invoke("deck", "--cut-svg", "--out", f"{tmp_path}/").exit_code == 0
    first = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    assert len(first) == 7
    assert invoke("deck", "--cut-svg", "--out", f"{tmp_path}/").exit_code == 0  # its own: replaced, no --force
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == first  # and the same bytes


def test_cut_file_names_carry_the_options_and_follow_an_out_file(invoke, tmp_path):
    r = invoke("bricks", "--form", "tiles", "--size", "20", "--cut-svg", "--out", str(tmp_path / "my.pdf"))
    assert r.exit_code == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["my-cut-p1.svg", "my.pdf"]
    assert invoke("deck", "--size", "mini", "--bleed", "2", "--cut-svg", "--out", f"{tmp_path}/x/").exit_code == 0
    names = sorted(p.name for p in (tmp_path / "x").iterdir())
    assert names[0] == "deck-whitman-1938-mini-a4-bleed2mm-cut-p1.svg" and names[-1].endswith(".pdf")
    assert invoke("deck", "--out", f"{tmp_path}/y/").exit_code == 0
    assert [p.suffix for p in (tmp_path / "y").iterdir()] == [".pdf"]  # no cut files unless asked


def test_the_web_app_leaves_cut_files_out(tmp_path):
    """The components (what the web app and kits print) take no --cut-svg: the commands declare it (docs/web.md)."""
    from kitgen import api

    for game in api.declarations():
        for component in game.components:
            assert "cut_svg" not in {o.name for o in component.options}
    assert any(o.name == "cut_svg" for o in api.command(api.Group.TOP, "deck").options)
    assert any(o.name == "cut_svg" for o in api.command(api.Group.TOP, "bricks").options)


@pytest.mark.parametrize("text", [
    '<svg xmlns="http://www.w3.org/2000/svg"><desc>made with kitgen 0.1</desc></svg>',
    '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY k "kitgen 1">]><svg xmlns="http://www.w3.org/2000/svg">'
    '<metadata><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></metadata>&k;</svg>',
    '<svg xmlns="http://www.w3.org/2000/svg"><metadata', "<svg>kitgen</svg>"])
def test_a_stranger_s_svg_is_never_taken_for_kitgen_s(tmp_path, text):
    """Ownership is read from the SVG's RDF creator, never from the bytes ``kitgen``; a DTD or entities (which
    kitgen never writes) are never expanded, and broken XML is simply not ours."""
    from kitgen.core.errors import InputError
    from kitgen.io.files import check_overwrite, written_by_kitgen

    path = tmp_path / "x.svg"
    path.write_text(text)
    assert not written_by_kitgen(path)
    with pytest.raises(InputError, match="not written by kitgen"):
        check_overwrite(path)


def test_grid_lines_cut_each_shared_edge_once_and_join_collinear_edges():
    from kitgen.io.cutfile import grid_lines

    cells = [(0, 0, 1, 1), (1, 0, 1, 1), (0, 1, 1, 1)]  # an L of three squares
    lines = {(a, b) for a, b in grid_lines(cells)}
    assert lines == {((0, 0), (2, 0)), ((0, 1), (2, 1)), ((0, 2), (1, 2)),  # horizontals, joined
                     ((0, 0), (0, 2)), ((1, 0), (1, 2)), ((2, 0), (2, 1))}  # verticals
